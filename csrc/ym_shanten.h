/* ym_shanten.h - shanten, agari and waits over uint8_t[34] counts (trusted input: every
 * count 0..4, total 13-3k or 14-3k for k = n_melds in 0..4; with sanma != 0 no 2m-8m held;
 * the Cython layer validates).
 *
 * Three players (sanma != 0): 2m-8m have no copy in the wall. Shanten is then the replacement
 * number over the tiles that exist, minus one: min over complete hands T made only of existing
 * kinds (each at most 4 copies) of sum max(0, T_i - H_i), minus one; waits never include
 * 2m-8m. The man part (1m, 9m only) is read through the class of the suit pattern
 * 1m^min(a,3) 9m^min(b,3): that pattern's (sets, pairs) distance vector equals the one of two
 * isolated kinds (triplets and pairs only, a fourth copy unusable) for every a, b in 0..4
 * (checked against the table generator in tests), so the suit, combine and final tables apply
 * unchanged. Chiitoitsu and kokushi keep their formulas: every yaochuu kind exists, and 27
 * kinds leave room for seven pairs. */
#ifndef YM_SHANTEN_H
#define YM_SHANTEN_H

#include <stddef.h>
#include <stdint.h>

#include "ym_tables.h"

/* Kinds absent with three players: 2m-8m (bit i = kind i). */
#define YM_SANMA_ABSENT 0xFEull

/* Class of the three-player man part holding a 1m and b 9m (a, b in 0..4). */
static inline uint8_t ym_sanma_man_class(unsigned a, unsigned b) {
    uint32_t hi = ym_rank_hi[a > 3 ? 3 : a];
    return ym_suit_class[(hi & 0xFFFFFu) + ym_rank_lo[hi >> 20][125u * (b > 3 ? 3 : b)]];
}

enum { YM_FORM_ALL = 0, YM_FORM_REGULAR = 1, YM_FORM_CHIITOITSU = 2, YM_FORM_KOKUSHI = 3 };

int ym_shanten_regular(const uint8_t *c, int n_melds, int sanma);
int ym_shanten_chiitoitsu(const uint8_t *c);
int ym_shanten_kokushi(const uint8_t *c);
/* form: YM_FORM_*; chiitoitsu/kokushi only count when n_melds == 0 (else they give 99). */
int ym_shanten(const uint8_t *c, int n_melds, int form, int sanma);
int ym_is_agari(const uint8_t *c, int n_melds);
/* A cache of parts for a search that evaluates many hands a few tiles apart (the EV search): per
   part (m, p, s, honors), the patterns met, each with its table entry, its class and the class
   after one tile more and one tile fewer of each rank, so that a hand costs one probe per part
   and a draw or discard one byte. Direct-mapped, YM_PART_SLOTS patterns a part; a pattern whose
   slot is taken by another is computed again. A slot depends only on its part's counts and
   the player count: reset it (ym_part_cache_reset) before its first use and when the player count
   changes (the EV search keeps it between searches). */
/* 1,024 slots a part: with 128, the patterns recomputed cost 3-4 % of an expected-value search */
#define YM_PART_SLOT_BITS 10
#define YM_PART_SLOTS (1 << YM_PART_SLOT_BITS)
/* the answers kept a part and question (a search meets a part beside several rests of the hand):
   three make a slot 64 bytes, one cache line where the cache is 64-byte aligned (ym_ev.c,
   ym_ev_work_new) */
#define YM_PART_MEMO 3
typedef struct {
    uint64_t key;              /* the part's counts (UINT64_MAX: empty) */
    uint64_t z;                /* its table entry (index, tiles, special counts) */
    uint8_t cls;               /* its class */
    uint8_t up[9], down[9];    /* the class with one more / one fewer tile of rank r (0xFF: none) */
    uint16_t lower;            /* bit r: up[r] lowers an entry of the class's distance vector (the
                                  draws of the part that may lower the regular form) */
    /* ym_shanten_keeping's and ym_shanten_lowering's last YM_PART_MEMO answers for this part
       (their regular form alone), the latest first: context << 9 | the ranks kept (lowering), the
       context being what else the answer depends on (the other parts' combined class, the honors'
       class for a suit, the meld count, the shanten; ym_shanten.c, part_ctx); YM_PART_NO_MEMO: none */
    uint32_t keep_memo[YM_PART_MEMO], low_memo[YM_PART_MEMO];
} ym_part_slot_t;
#define YM_PART_NO_MEMO 0xFFFFFFFFu
typedef struct {
    ym_part_slot_t slot[4][YM_PART_SLOTS];
    int sanma;
} ym_part_cache_t;
void ym_part_cache_reset(ym_part_cache_t *pc, int sanma);
/* ym_shanten(form ALL) of c with one copy of kind k added (delta = +1) or removed (delta = -1),
 * for each k whose bit is set in `kinds` and that has a copy to add (fewer than 4) or take away,
 * into out[k] (other entries untouched). Same trust as ym_shanten, for c and for every changed
 * hand (counts 0..4, total 13-3k or 14-3k). A hand costs one cache probe per part, a kind one
 * byte and one or two table reads. */
void ym_shanten_neighbours(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int delta, uint64_t kinds,
                           int8_t out[34]);
/* The kinds among `kinds` whose draw lowers the shanten of c below b (b: c's shanten), each with
   the shanten it reaches in out[k] (the other entries of a part (a suit, the honors) that holds
   a kind of `kinds` may be written, with no meaning; read out[k] only for the kinds returned):
   ym_shanten_neighbours with delta 1 restricted to its answers below b, at a fraction of its cost
   where few draws lower it. */
uint64_t ym_shanten_lowering(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int b, uint64_t kinds,
                             int8_t out[34]);
/* The kinds among `kinds` whose discard keeps the shanten a of c (a 14-3k hand; a: its shanten),
   each with out[k] = a (the other entries of a part that holds a kind of `kinds` may be
   written, with no meaning; read out[k] only for the kinds returned): ym_shanten_neighbours with
   delta -1 restricted to its answers equal to a (a discard never lowers the shanten, nor raises it
   by more than one). */
uint64_t ym_shanten_keeping(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int a, uint64_t kinds,
                            int8_t out[34]);
/* Kinds (bit i = kind i) that complete a 13-3k hand in any shape, excluding kinds held 4 times
 * (and 2m-8m when sanma). */
uint64_t ym_waits(const uint8_t *c, int n_melds, int sanma);



/* Row validation for batch calls (no trust): 0 = ok, else YM_BAD_*. n_melds < 0 = infer from the
 * tile count; *k_out receives the meld count. want_mod: 0 = 13-3k or 14-3k, 1 = 13-3k only,
 * 2 = 14-3k only. sanma: a held 2m-8m gives YM_BAD_SANMA_TILE (status 3 is YM_BAD_VISIBLE of
 * ym_search.h). */
enum { YM_OK = 0, YM_BAD_COPIES = 1, YM_BAD_COUNT = 2, YM_BAD_SANMA_TILE = 4 };
int ym_check_hand(const uint8_t *c, int n_melds, int want_mod, int sanma, int *k_out);
/* ym_check_hand(c, n_melds, 0, sanma, &k) then ym_shanten(c, k, form, sanma), in one pass:
 * *status = the check's code; the result is 127 when it is not YM_OK. No trust in c. */
int ym_shanten_row(const uint8_t *c, int n_melds, int form, int sanma, uint8_t *status);
/* ym_shanten_row over n rows of 34 counts each (rows[34 i .. 34 i + 34)): out[i] and status[i]
 * as ym_shanten_row gives them. The loop is compiled once per form (no call per row). */
void ym_shanten_rows(const uint8_t *rows, size_t n, int n_melds, int form, int sanma, int8_t *out,
                     uint8_t *status);
#endif
