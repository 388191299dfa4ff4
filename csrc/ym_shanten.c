/* ym_shanten.c - 4-copy-aware shanten by per-part distance tables and a min-plus combine.
 *
 * Regular form (tomohxx, "shanten-number"; also the method of the xiangting crate): each of
 * the four parts (m, p, s, honors) has, for every (sets m, pairs p), the number of tiles to draw
 * so that the part contains m sets and p pairs with no kind above 4 copies. The replacement
 * number of the hand is the minimum over splits with sum m = 4 - n_melds and sum p = 1; shanten
 * is that minus one. Chiitoitsu: 6 - pairs + max(0, 7 - kinds). Kokushi: 13 - yaochuu kinds -
 * (1 if one of them is paired).
 */
#include "ym_shanten.h"
#include "ym_tables.h"

#define BIG 64

typedef struct { uint8_t d[2][5]; } part_t;

static inline void unpack(uint64_t w, part_t *p) {
    for (int i = 0; i < 5; i++) {
        p->d[0][i] = (uint8_t)((w >> (4 * i)) & 15);
        p->d[1][i] = (uint8_t)((w >> (4 * (5 + i))) & 15);
    }
}

/* out[p][m] = min over splits of a and b, for m <= msets. */
static inline void combine(const part_t *a, const part_t *b, part_t *out, int msets) {
    for (int m = 0; m <= msets; m++) {
        int b0 = BIG, b1 = BIG;
        for (int i = 0; i <= m; i++) {
            int j = m - i;
            int v0 = a->d[0][i] + b->d[0][j];
            int v1 = a->d[1][i] + b->d[0][j];
            int v2 = a->d[0][i] + b->d[1][j];
            if (v0 < b0) b0 = v0;
            if (v1 < b1) b1 = v1;
            if (v2 < b1) b1 = v2;
        }
        out->d[0][m] = (uint8_t)b0;
        out->d[1][m] = (uint8_t)b1;
    }
}

static inline int final_min(const part_t *a, const part_t *b, int msets) {
    int best = BIG;
    for (int i = 0; i <= msets; i++) {
        int j = msets - i;
        int v1 = a->d[1][i] + b->d[0][j];
        int v2 = a->d[0][i] + b->d[1][j];
        if (v1 < best) best = v1;
        if (v2 < best) best = v2;
    }
    return best;
}

static inline uint64_t part_word(const uint8_t *c, int part) {
    return part < 3 ? ym_suit_dist(ym_suit_rank(c + 9 * part)) : ym_honor_dist(ym_honor_key(c + 27));
}

static inline int replacement_from_words(const uint64_t w[4], int msets) {
    part_t p[4], ab, abc;
    for (int i = 0; i < 4; i++) unpack(w[i], &p[i]);
    combine(&p[0], &p[1], &ab, msets);
    combine(&ab, &p[2], &abc, msets);
    return final_min(&abc, &p[3], msets);
}

int ym_shanten_regular(const uint8_t *c, int n_melds) {
    uint64_t w[4];
    for (int i = 0; i < 4; i++) w[i] = part_word(c, i);
    return replacement_from_words(w, 4 - n_melds) - 1;
}

int ym_shanten_chiitoitsu(const uint8_t *c) {
    int pairs = 0, kinds = 0;
    for (int i = 0; i < YM_NKINDS; i++) {
        pairs += c[i] >= 2;
        kinds += c[i] > 0;
    }
    return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

static const uint8_t yaochuu[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

int ym_shanten_kokushi(const uint8_t *c) {
    int kinds = 0, pair = 0;
    for (int i = 0; i < 13; i++) {
        uint8_t n = c[yaochuu[i]];
        kinds += n > 0;
        pair |= n >= 2;
    }
    return 13 - kinds - pair;
}

int ym_shanten(const uint8_t *c, int n_melds, int form) {
    switch (form) {
    case YM_FORM_REGULAR: return ym_shanten_regular(c, n_melds);
    case YM_FORM_CHIITOITSU: return n_melds ? 99 : ym_shanten_chiitoitsu(c);
    case YM_FORM_KOKUSHI: return n_melds ? 99 : ym_shanten_kokushi(c);
    default: break;
    }
    int s = ym_shanten_regular(c, n_melds);
    if (n_melds == 0) {
        int t = ym_shanten_chiitoitsu(c);
        if (t < s) s = t;
        t = ym_shanten_kokushi(c);
        if (t < s) s = t;
    }
    return s;
}

int ym_is_agari(const uint8_t *c, int n_melds) { return ym_shanten(c, n_melds, YM_FORM_ALL) == -1; }

uint64_t ym_waits(const uint8_t *c, int n_melds) {
    uint8_t h[YM_NKINDS];
    uint64_t w[4], out = 0;
    for (int i = 0; i < YM_NKINDS; i++) h[i] = c[i];
    for (int i = 0; i < 4; i++) w[i] = part_word(h, i);
    int msets = 4 - n_melds;
    for (int t = 0; t < YM_NKINDS; t++) {
        if (h[t] >= 4) continue;
        int part = t < 27 ? t / 9 : 3;
        h[t]++;
        uint64_t saved = w[part];
        w[part] = part_word(h, part);
        int done = replacement_from_words(w, msets) == 0;
        if (!done && n_melds == 0) done = ym_shanten_chiitoitsu(h) == -1 || ym_shanten_kokushi(h) == -1;
        if (done) out |= 1ull << t;
        w[part] = saved;
        h[t]--;
    }
    return out;
}

int ym_check_hand(const uint8_t *c, int n_melds, int want_mod, int *k_out) {
    int total = 0;
    for (int i = 0; i < YM_NKINDS; i++) {
        if (c[i] > 4) return YM_BAD_COPIES;
        total += c[i];
    }
    if (total < 1 || total > 14 || total % 3 == 0) return YM_BAD_COUNT;
    if (want_mod == 1 && total % 3 != 1) return YM_BAD_COUNT;
    if (want_mod == 2 && total % 3 != 2) return YM_BAD_COUNT;
    int k = (14 - total) / 3;
    if (n_melds >= 0 && n_melds != k) return YM_BAD_COUNT;
    *k_out = k;
    return YM_OK;
}
