/* ym_shanten.c - 4-copy-aware shanten by per-part distance classes and tabulated combines.
 *
 * Regular form (tomohxx's "shanten-number" method; also used by the xiangting crate): each of
 * the four parts (m, p, s, honors) has, for every (sets m, pairs p), the number of tiles to draw
 * so that the part contains m sets and p pairs with no kind above 4 copies. The replacement
 * number of the hand is the minimum over splits with sum m = 4 - n_melds and sum p = 1; shanten
 * is that minus one. The per-part vectors are looked up as one-byte classes and combined through
 * the class tables of ym_tables.c, so a regular shanten is 4 pattern lookups and 3 table reads.
 * Chiitoitsu: 6 - pairs + max(0, 7 - kinds). Kokushi: 13 - yaochuu kinds - (1 if one is paired).
 * Both are computed on 8 counts at a time (SWAR: counts are 0..4, so bits 0-2 of each byte).
 * Three players (sanma): only the man part's class and the waits' candidate kinds change (see
 * ym_shanten.h).
 */
#include "ym_shanten.h"
#include "ym_tables.h"

#include <string.h>

static inline uint32_t honor_key(const uint8_t *c) {
    return c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3] + 625u * c[4] + 3125u * c[5] + 15625u * c[6];
}

typedef struct { uint8_t cls[4]; } parts_t;

/* Class of the man part: a suit pattern, or with three players the 1m/9m class (ym_shanten.h). */
static inline uint8_t man_class(const uint8_t *c, int sanma) {
    return sanma ? ym_sanma_man_class(c[0], c[8]) : ym_suit_class[ym_suit_rank_fast(c)];
}

static inline void parts_of(const uint8_t *c, int sanma, parts_t *p) {
    p->cls[0] = man_class(c, sanma);
    p->cls[1] = ym_suit_class[ym_suit_rank_fast(c + 9)];
    p->cls[2] = ym_suit_class[ym_suit_rank_fast(c + 18)];
    p->cls[3] = ym_honor_class[honor_key(c + 27)];
}

static inline int replacement(const parts_t *p, int n_melds) {
    uint8_t c1 = ym_comb1[p->cls[0]][p->cls[1]];
    uint8_t c2 = ym_comb2[c1][p->cls[2]];
    return ym_final[c2][p->cls[3]][n_melds];
}

int ym_shanten_regular(const uint8_t *c, int n_melds, int sanma) {
    parts_t p;
    parts_of(c, sanma, &p);
    return replacement(&p, n_melds) - 1;
}

/* The 34 counts as five little-endian 64-bit words (kinds 8i..8i+7; bytes past 33 are zero). */
static inline void load_words(const uint8_t *c, uint64_t w[5]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(w, c, 32); /* one unaligned load per word */
#else
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 7; j >= 0; j--) v = (v << 8) | c[8 * i + j];
        w[i] = v;
    }
#endif
    w[4] = (uint64_t)c[32] | ((uint64_t)c[33] << 8);
}

#define ONES 0x0101010101010101ULL
/* Yaochuu kinds (0 8 9 17 18 26-33) as one bit per byte over the five words. */
static const uint64_t yaochuu_bits[5] = {
    0x0000000000000001ULL, 0x0000000000000101ULL, 0x0000000000010100ULL, 0x0101010101010000ULL,
    0x0000000000000101ULL,
};

/* held: bit 0 of each byte set where the count is >= 1; paired: where it is >= 2 (counts 0..4). */
static inline void count_bits(const uint64_t w[5], uint64_t held[5], uint64_t paired[5]) {
    for (int i = 0; i < 5; i++) {
        uint64_t v = w[i];
        held[i] = (v | (v >> 1) | (v >> 2)) & ONES;
        paired[i] = ((v >> 1) | (v >> 2)) & ONES;
    }
}

/* Number of set bytes in a word whose bytes are 0 or 1 (a multiply sums them into the top byte;
 * no popcount instruction is assumed). */
static inline int byte_count(uint64_t v) { return (int)((v * ONES) >> 56); }

/* The bytes of the five words are 0 or 1, so their byte-wise sum is at most 5 per byte and one
 * byte_count of the sum counts them all (at most 34 < 256). */
static inline int chiitoitsu_of(const uint64_t held[5], const uint64_t paired[5]) {
    int kinds = byte_count(held[0] + held[1] + held[2] + held[3] + held[4]);
    int pairs = byte_count(paired[0] + paired[1] + paired[2] + paired[3] + paired[4]);
    return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

static inline int kokushi_of(const uint64_t held[5], const uint64_t paired[5]) {
    uint64_t kinds = 0, pair = 0;
    for (int i = 0; i < 5; i++) {
        kinds += held[i] & yaochuu_bits[i];
        pair |= paired[i] & yaochuu_bits[i];
    }
    return 13 - byte_count(kinds) - (pair != 0);
}

int ym_shanten_chiitoitsu(const uint8_t *c) {
    uint64_t w[5], held[5], paired[5];
    load_words(c, w);
    count_bits(w, held, paired);
    return chiitoitsu_of(held, paired);
}

int ym_shanten_kokushi(const uint8_t *c) {
    uint64_t w[5], held[5], paired[5];
    load_words(c, w);
    count_bits(w, held, paired);
    return kokushi_of(held, paired);
}

int ym_shanten(const uint8_t *c, int n_melds, int form, int sanma) {
    switch (form) {
    case YM_FORM_REGULAR: return ym_shanten_regular(c, n_melds, sanma);
    case YM_FORM_CHIITOITSU: return n_melds ? 99 : ym_shanten_chiitoitsu(c);
    case YM_FORM_KOKUSHI: return n_melds ? 99 : ym_shanten_kokushi(c);
    default: break;
    }
    int s = ym_shanten_regular(c, n_melds, sanma);
    if (n_melds == 0) {
        uint64_t w[5], held[5], paired[5];
        load_words(c, w);
        count_bits(w, held, paired);
        int t = chiitoitsu_of(held, paired);
        if (t < s) s = t;
        t = kokushi_of(held, paired);
        if (t < s) s = t;
    }
    return s;
}

#define SEVENS 0x7B7B7B7B7B7B7B7BULL
#define HIGHS 0x8080808080808080ULL

/* One batch row: ym_check_hand (want_mod 0) and ym_shanten fused over one load of the counts.
 * A byte above 4 sets its high bit in (w + 0x7B..) | w (a carry out of a byte happens only from
 * a byte >= 0x85, whose own high bit is set already); with every byte <= 4 the byte-wise sum of
 * the five words is at most 20 per byte, so one byte_count gives the total (at most 160). */
int ym_shanten_row(const uint8_t *c, int n_melds, int form, int sanma, uint8_t *status) {
    uint64_t w[5], held[5], paired[5], bad = 0, sum = 0;
    load_words(c, w);
    for (int i = 0; i < 5; i++) {
        bad |= (w[i] + SEVENS) | w[i];
        sum += w[i];
    }
    if (bad & HIGHS) {
        *status = YM_BAD_COPIES;
        return 127;
    }
    if (sanma && (w[0] & 0xFFFFFFFFFFFFFF00ULL)) { /* kinds 1-7: 2m-8m */
        *status = YM_BAD_SANMA_TILE;
        return 127;
    }
    int total = byte_count(sum);
    int k = (14 - total) / 3;
    if (total < 1 || total > 14 || total % 3 == 0 || (n_melds >= 0 && n_melds != k)) {
        *status = YM_BAD_COUNT;
        return 127;
    }
    *status = YM_OK;
    if (form == YM_FORM_REGULAR) return ym_shanten_regular(c, k, sanma);
    count_bits(w, held, paired);
    if (form == YM_FORM_CHIITOITSU) return k ? 99 : chiitoitsu_of(held, paired);
    if (form == YM_FORM_KOKUSHI) return k ? 99 : kokushi_of(held, paired);
    int s = ym_shanten_regular(c, k, sanma);
    if (k == 0) {
        int t = chiitoitsu_of(held, paired);
        if (t < s) s = t;
        t = kokushi_of(held, paired);
        if (t < s) s = t;
    }
    return s;
}

/* Complete = shanten -1; the player count does not matter for a complete hand holding no 2m-8m. */
int ym_is_agari(const uint8_t *c, int n_melds) { return ym_shanten(c, n_melds, YM_FORM_ALL, 0) == -1; }

uint64_t ym_waits(const uint8_t *c, int n_melds, int sanma) {
    uint8_t h[YM_NKINDS];
    parts_t p;
    uint64_t out = 0;
    uint64_t absent = sanma ? YM_SANMA_ABSENT : 0;
    memcpy(h, c, YM_NKINDS);
    parts_of(h, sanma, &p);
    /* The special forms matter only when they are tenpai themselves. */
    int special = n_melds == 0 && (ym_shanten_chiitoitsu(h) == 0 || ym_shanten_kokushi(h) == 0);
    for (int t = 0; t < YM_NKINDS; t++) {
        if (h[t] >= 4 || ((absent >> t) & 1)) continue;
        int part = t < 27 ? t / 9 : 3;
        uint8_t saved = p.cls[part];
        h[t]++;
        p.cls[part] = part == 0   ? man_class(h, sanma)
                      : part < 3 ? ym_suit_class[ym_suit_rank_fast(h + 9 * part)]
                                 : ym_honor_class[honor_key(h + 27)];
        int done = replacement(&p, n_melds) == 0;
        if (!done && special) done = ym_shanten_chiitoitsu(h) == -1 || ym_shanten_kokushi(h) == -1;
        if (done) out |= 1ull << t;
        p.cls[part] = saved;
        h[t]--;
    }
    return out;
}

int ym_check_hand(const uint8_t *c, int n_melds, int want_mod, int sanma, int *k_out) {
    int total = 0, absent = 0;
    for (int i = 0; i < YM_NKINDS; i++) {
        if (c[i] > 4) return YM_BAD_COPIES;
        total += c[i];
    }
    for (int i = 1; i <= 7; i++) absent += c[i];
    if (sanma && absent) return YM_BAD_SANMA_TILE;
    if (total < 1 || total > 14 || total % 3 == 0) return YM_BAD_COUNT;
    if (want_mod == 1 && total % 3 != 1) return YM_BAD_COUNT;
    if (want_mod == 2 && total % 3 != 2) return YM_BAD_COUNT;
    int k = (14 - total) / 3;
    if (n_melds >= 0 && n_melds != k) return YM_BAD_COUNT;
    *k_out = k;
    return YM_OK;
}
