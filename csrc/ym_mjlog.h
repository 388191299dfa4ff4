/* ym_mjlog.h - tokenizer of Tenhou mjlog XML text into a compact int64 record buffer, and the
 * decoders of its attribute values (integers, integer lists, meld codes).
 *
 * Invariants:
 * - the input is bytes s[0..n) standing for characters U+0000-U+00FF (latin-1); nothing outside
 *   s[0..n) or out[0..cap) is ever read or written, whatever the bytes; no allocation;
 * - the tokenizer finds exactly the matches (same order, same spans) that the reader's scanner
 *   pattern finds on the same text (documented in ym_mjlog.c), counting every match in ``ti``;
 * - scanning is resumable: a call stops before a record that would not fit and returns the
 *   position to resume from, so any buffer of at least YM_MJ_NAMED_WORDS words works;
 * - integer decoders accept only the plain forms (``-?[0-9]{1,18}``, comma lists of them with
 *   empty items) and report anything else as "not plain", so the caller can fall back to the
 *   language's own integer parser (same values, same errors);
 * - meld decoding follows floor-division semantics for any int64 code and seat (no UB: no shift
 *   of a negative number, no overflow for |m| < 2^62).
 */
#ifndef YM_MJLOG_H
#define YM_MJLOG_H

#include <stddef.h>
#include <stdint.h>

/* record kinds (word 0) */
enum { YM_MJ_PLAY = 0, YM_MJ_NAMED = 1, YM_MJ_CLOSE = 2, YM_MJ_BAD = 3 };

/* tag names (YM_MJ_NAMED word 4, YM_MJ_BAD word 4); -1 = another name */
enum {
    YM_MJ_T_MJLOGGM = 0, YM_MJ_T_SHUFFLE, YM_MJ_T_GO, YM_MJ_T_UN, YM_MJ_T_TAIKYOKU, YM_MJ_T_INIT,
    YM_MJ_T_N, YM_MJ_T_REACH, YM_MJ_T_DORA, YM_MJ_T_AGARI, YM_MJ_T_RYUUKYOKU, YM_MJ_T_BYE,
    YM_MJ_T_LETTER, /* one of T U V W D E F G without digits (an mjlog name, no tag of play) */
    YM_MJ_NTAGS
};

/* attribute names read by the reader; other names are counted but not kept */
enum {
    YM_MJ_A_TYPE = 0, YM_MJ_A_SEED, YM_MJ_A_N0, YM_MJ_A_N1, YM_MJ_A_N2, YM_MJ_A_N3, YM_MJ_A_OYA,
    YM_MJ_A_TEN, YM_MJ_A_HAI0, YM_MJ_A_HAI1, YM_MJ_A_HAI2, YM_MJ_A_HAI3, YM_MJ_A_WHO, YM_MJ_A_M,
    YM_MJ_A_STEP, YM_MJ_A_HAI, YM_MJ_A_BA, YM_MJ_A_FROMWHO, YM_MJ_A_MACHI, YM_MJ_A_YAKU,
    YM_MJ_A_YAKUMAN, YM_MJ_A_DORAHAI, YM_MJ_A_DORAHAIURA, YM_MJ_A_SC, YM_MJ_A_PAOWHO, YM_MJ_A_OWARI,
    YM_MJ_NATTRS
};

/* Every record starts with [kind, match index, match start, match end].
 * PLAY:  + [code 0-7 (T U V W draws of seats 0-3, D E F G discards; -1 another name),
 *           tile (-1 when the digits are more than 9), digits start, digits end]        (8 words)
 * NAMED: + [name id, attribute count, then (value start, value end) per YM_MJ_A_* (-1, -1 when
 *           absent; the last one wins when repeated)]                (YM_MJ_NAMED_WORDS words)
 * CLOSE: (``</mjloggm>``)                                                               (4 words)
 * BAD:   + [name id of the letters after '<' (-1 another), letters start, letters end] (7 words) */
#define YM_MJ_PLAY_WORDS 8
#define YM_MJ_CLOSE_WORDS 4
#define YM_MJ_BAD_WORDS 7
#define YM_MJ_NAMED_WORDS (6 + 2 * YM_MJ_NATTRS)

/* Scan s[*pos..n): writes records into out[0..cap), returns the number of words written and
 * advances *pos (and *ti, the match counter) past the matches written. *pos == n at the end. */
size_t ym_mjlog_scan(const uint8_t *s, size_t n, size_t *pos, int64_t *ti, int64_t *out, size_t cap);

/* s[a..b) as a plain integer (-?[0-9]{1,18}): 1 and *v set, else 0. */
int ym_mjlog_int(const uint8_t *s, int64_t a, int64_t b, int64_t *v);

/* s[a..b) as a comma list of plain integers (empty items skipped): the count (<= cap), or -1
 * when an item is not plain or there are more than cap items. */
int ym_mjlog_ints(const uint8_t *s, int64_t a, int64_t b, int64_t *out, int cap);

/* Meld code m of caller who: out = [kind (0 chi, 1 pon, 2 daiminkan, 3 kakan, 4 ankan, 5 kita),
 * ntiles, tile0..tile3, called, from_seat, added]: tiles sorted; called and from_seat are set for
 * kinds 0-3, added for kind 3 only (other words unset: read them by kind, as values may be
 * negative for negative codes). Returns 0, or -1 when |m| or |who| >= 2^62 (not decoded). */
int ym_mjlog_meld(int64_t who, int64_t m, int64_t out[9]);

#endif
