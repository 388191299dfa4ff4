/* ym_check.h - the accept/reject decision for one win, with no trust in the input.
 *
 * ym_check_win returns 0 when the hand is well-formed under the rules, else a YM_WBAD_* code. It
 * mirrors, condition for condition, what yakuman.scoring.parse_request rejects (that function
 * raises the worded error); a differential test holds the two equal on random malformed input.
 * Both the single-hand fast path and the batch loop call it before ym_score.
 */
#ifndef YM_CHECK_H
#define YM_CHECK_H

#include <stdint.h>

#include "ym_score.h"

enum {
    YM_WBAD_NONE = 0,
    YM_WBAD_TILE_COUNT,    /* a count above 4, or the concealed total does not fit the melds */
    YM_WBAD_MELD,          /* meld type/tile out of range, chi outside 1-7 or in sanma */
    YM_WBAD_COPIES,        /* five copies counting melds and kita */
    YM_WBAD_SANMA_TILE,    /* 2m-8m (hand, melds or indicators) in three-player mahjong */
    YM_WBAD_REDS,          /* more red fives than fives, or than rules.aka_dora per suit (any with 0) */
    YM_WBAD_WIN,           /* winning tile not in the hand (or red but no red five held) */
    YM_WBAD_FLAGS,         /* contradictory situation flags */
    YM_WBAD_WIND,          /* wind outside 0..3, or North seat in sanma */
    YM_WBAD_INDICATORS,    /* more than 5 dora or ura indicators, or a kind outside 0..33 */
    YM_WBAD_NUMBERS,       /* kita without sanma, honba or sticks above 1000 */
    YM_WBAD_INDICATOR_COPIES, /* five copies counting the hand, melds, kita and dora/ura indicators */
    YM_WBAD_RANGE,         /* score_many: an aotenjou value beyond the int32 output columns */
};

/* reds3: red fives among the concealed tiles per suit; meld_reds: per meld slot; win_red: the
 * winning tile is a red five. h->reds is not read (the caller fills it from these). */
int ym_check_win(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3],
                 const uint8_t meld_reds[4], int win_red);

/* The contradictory-flag rules of flag bits 0-10 alone (as inside ym_check_win, which also
 * checks the local-rule bits 11-15 against the rules: ym_local_flags_bad): 0 = consistent. */
int ym_check_flags(unsigned flags, int seat_wind);
/* The flag rules' lookup table (ym_init calls it once, before any check). */
void ym_check_init(void);

#endif
