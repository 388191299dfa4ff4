/* ym_search.h - AI-search helpers: incremental shanten, ukeire, discard analysis.
 *
 * Trusted input (the Cython layer or ym_check_search_row validates): counts 0..4, visible
 * counts with counts + visible <= 4 per kind, a hand of 13-3k (ukeire) or 14-3k (discard
 * analysis) tiles for k = n_melds in 0..4, form = YM_FORM_* of ym_shanten.h.
 *
 * ym_state_t holds a hand's counts beside what its shanten is made of: the one-byte class of
 * each part (m, p, s, honors; ym_suit_class / ym_honor_class) and the four counters the
 * chiitoitsu and kokushi formulas need (kinds held, kinds paired, and the same over the 13
 * yaochuu kinds). A draw or discard changes one count, so it re-reads one part class (two rank
 * lookups and one class lookup) and moves the counters; the shanten is then three combine
 * lookups (ym_comb1, ym_comb2, ym_final) and two closed formulas. The values equal ym_shanten
 * (tested against it after every step of random draw/discard walks).
 *
 * Ukeire: a kind counts when drawing it lowers the shanten (of the chosen form) and at least
 * one copy is left; copies left = 4 - held - visible. In discard analysis the held count is that
 * of the 14-3k hand, i.e. the discarded tile is counted as seen (it lies in the discard pond).
 *
 * Three players (sanma != 0; trusted: no 2m-8m held or visible): 2m-8m have no copy left, so
 * they are never drawn, never effective, and the man part's class is ym_sanma_man_class (the
 * shanten definition of ym_shanten.h). Every function below gives the same values as
 * ym_shanten / ym_waits with the same sanma flag.
 */
#ifndef YM_SEARCH_H
#define YM_SEARCH_H

#include <stdint.h>

#include "ym_shanten.h"
#include "ym_tables.h"

/* Row status beside YM_OK / YM_BAD_COPIES / YM_BAD_COUNT of ym_shanten.h. */
enum { YM_BAD_VISIBLE = 3 };

/* Bit i = kind i for the 13 yaochuu kinds (1/9 of each suit and the honors). */
#define YM_YAOCHUU_MASK 0x3FC060301ULL

typedef struct {
    uint8_t c[YM_NKINDS];
    uint8_t cls[4];     /* part classes: man, pin, sou (ym_suit_class), honors (ym_honor_class) */
    uint8_t n_melds;    /* called melds k, 0..4 (fixed for the life of the state) */
    uint8_t n_tiles;    /* concealed tiles */
    uint8_t form;       /* YM_FORM_* */
    uint8_t kinds;      /* kinds with count >= 1 */
    uint8_t pairs;      /* kinds with count >= 2 */
    uint8_t yao_kinds;  /* yaochuu kinds with count >= 1 */
    uint8_t yao_pairs;  /* yaochuu kinds with count >= 2 */
    uint8_t sanma;      /* three players: 2m-8m absent (fixed for the life of the state) */
} ym_state_t;

/* One row of a discard analysis. */
typedef struct {
    uint64_t mask;   /* effective kinds after the discard (bit i = kind i) */
    uint8_t tile;    /* the discarded kind */
    int8_t shanten;  /* shanten of the 13-3k hand left */
    uint8_t total;   /* copies left over the effective kinds (at most 136) */
} ym_discard_t;

static inline int ym_part_of(int t) { return t < 27 ? t / 9 : 3; }

static inline uint8_t ym_part_class(const uint8_t *c, int part, int sanma) {
    if (part == 0 && sanma) return ym_sanma_man_class(c[0], c[8]);
    if (part < 3) return ym_suit_class[ym_suit_rank_fast(c + 9 * part)];
    const uint8_t *h = c + 27;
    return ym_honor_class[h[0] + 5u * h[1] + 25u * h[2] + 125u * h[3] + 625u * h[4] + 3125u * h[5] +
                          15625u * h[6]];
}

/* Replacement number of the regular form from the four part classes. */
static inline int ym_classes_replacement(const uint8_t cls[4], int n_melds) {
    return ym_final[ym_comb2[ym_comb1[cls[0]][cls[1]]][cls[2]]][cls[3]][n_melds];
}

/* Shanten of the form from part classes and the counters (99 where the form cannot apply). */
static inline int ym_shanten_from(const uint8_t cls[4], int n_melds, int form, int kinds, int pairs,
                                  int yao_kinds, int yao_pairs) {
    int s = 99;
    if (form == YM_FORM_ALL || form == YM_FORM_REGULAR) s = ym_classes_replacement(cls, n_melds) - 1;
    if (n_melds == 0) {
        if (form == YM_FORM_ALL || form == YM_FORM_CHIITOITSU) {
            int t = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
            if (t < s) s = t;
        }
        if (form == YM_FORM_ALL || form == YM_FORM_KOKUSHI) {
            int t = 13 - yao_kinds - (yao_pairs > 0);
            if (t < s) s = t;
        }
    }
    return s;
}

static inline int ym_state_shanten(const ym_state_t *s) {
    return ym_shanten_from(s->cls, s->n_melds, s->form, s->kinds, s->pairs, s->yao_kinds, s->yao_pairs);
}

/* Add one tile of kind t (caller ensures c[t] < 4, and t not 2m-8m in sanma). */
static inline void ym_state_draw(ym_state_t *s, int t) {
    int before = s->c[t]++;
    int yao = (int)((YM_YAOCHUU_MASK >> t) & 1);
    s->kinds = (uint8_t)(s->kinds + (before == 0));
    s->pairs = (uint8_t)(s->pairs + (before == 1));
    s->yao_kinds = (uint8_t)(s->yao_kinds + (yao & (before == 0)));
    s->yao_pairs = (uint8_t)(s->yao_pairs + (yao & (before == 1)));
    s->n_tiles++;
    int part = ym_part_of(t);
    s->cls[part] = ym_part_class(s->c, part, s->sanma);
}

/* Remove one tile of kind t (caller ensures c[t] > 0). */
static inline void ym_state_discard(ym_state_t *s, int t) {
    int after = --s->c[t];
    int yao = (int)((YM_YAOCHUU_MASK >> t) & 1);
    s->kinds = (uint8_t)(s->kinds - (after == 0));
    s->pairs = (uint8_t)(s->pairs - (after == 1));
    s->yao_kinds = (uint8_t)(s->yao_kinds - (yao & (after == 0)));
    s->yao_pairs = (uint8_t)(s->yao_pairs - (yao & (after == 1)));
    s->n_tiles--;
    int part = ym_part_of(t);
    s->cls[part] = ym_part_class(s->c, part, s->sanma);
}

void ym_state_init(ym_state_t *s, const uint8_t *c, int n_melds, int form, int sanma);
/* Shanten after drawing (c[t] < 4) / discarding (c[t] > 0) kind t, the state left unchanged. */
int ym_state_shanten_if_draw(const ym_state_t *s, int t);
int ym_state_shanten_if_discard(const ym_state_t *s, int t);

/* Ukeire of a 13-3k hand: returns its shanten; *mask = effective kinds with copies left,
 * *total = copies left over them. vis may be NULL (nothing visible). */
int ym_ukeire(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, uint64_t *mask, int *total);

/* Discard analysis of a 14-3k hand: one entry per distinct held kind, written to out[0..n-1]
 * (n <= 14, returned), sorted by shanten ascending, then total descending, then kind. */
int ym_discard_analysis(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, ym_discard_t *out);

/* Row validation for batch calls (no trust): ym_check_hand, then visible counts (0..4 and
 * hand + visible <= 4 per kind, else YM_BAD_VISIBLE; a visible 2m-8m in sanma gives
 * YM_BAD_SANMA_TILE). vis may be NULL. */
int ym_check_search_row(const uint8_t *c, const uint8_t *vis, int n_melds, int want_mod, int sanma, int *k_out);

/* One row of a batch call, validated (n_melds < 0 = infer from the tile count); returns the
 * row status. A bad row gets shanten YM_SHANTEN_INVALID and empty results.
 * ukeire: *shanten, left[34] (copies left of each effective kind, else 0), *total.
 * discard: *n distinct discards, then per slot j < 14 (sorted as ym_discard_analysis; slots
 * from *n on are padding: tile -1, shanten YM_SHANTEN_INVALID, total 0, mask 0). */
#define YM_SHANTEN_INVALID 127
int ym_ukeire_row(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, int8_t *shanten,
                  uint8_t *left, int16_t *total);
int ym_discard_row(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, uint8_t *n,
                   int8_t *tile, int8_t *shanten, int16_t *total, uint64_t *mask);

#endif
