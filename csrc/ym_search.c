/* ym_search.c - incremental shanten, ukeire and discard analysis (see ym_search.h).
 *
 * Method. The regular-form shanten of a hand is a function of its four part classes (the
 * per-part distance tables of tomohxx's "shanten-number" method, as one-byte classes; see
 * ym_tables.h), and a draw or a discard changes exactly one part. The min-plus combine behind
 * ym_comb1 / ym_comb2 / ym_final is commutative and associative and ym_tables.c identifies
 * combined classes by their vectors, so the combine of "every part but q" is computed once per
 * hand and each candidate costs its new part class plus one or two combine reads.
 * - ukeire: the special forms (chiitoitsu, kokushi) drop by closed rules (see special_of), so
 *   their effective kinds are bit masks; only when the regular form attains the shanten are
 *   the remaining candidates tried against it.
 * - discard analysis: the class each kind's part takes when that kind is drawn into the 14-3k
 *   hand is tabulated once (it holds for every discard from another part); per discard only
 *   its own part's candidates re-read a class. Which draws into another part q lower the
 *   regular form depends only on the combine class of the other parts of the 13-3k hand, so
 *   those masks are cached by (q, that class) and shared between discards.
 * Part classes are read from base-5 part keys moved by powers of 5. Per-kind facts (held 0, 1,
 * 2+ times; no copy left) are 64-bit masks built eight counts per word (counts are 0..4, so
 * three bits of each byte). Nothing is allocated; everything lives on the stack.
 * Three players: keys_t carries the flag; the man part's class is then read from its 1m and 9m
 * counts (ym_sanma_man_class; 2m-8m are never held), and 2m-8m are removed from the kinds with
 * a copy left (info_t.open), so no candidate loop ever draws them.
 */
#include "ym_search.h"
#include "ym_bits.h"

#include <string.h>

#define ALL_KINDS ((1ull << YM_NKINDS) - 1)
#define ONES 0x0101010101010101ULL

/* Place value of rank r in the two base-5 keys of ym_suit_rank_fast (ranks 0-4, then 5-8). */
static const uint32_t suit_pow5[9] = {1u, 5u, 25u, 125u, 625u, 1u, 5u, 25u, 125u};
/* Place value of honor j in the honor key (kind 27 + j least significant). */
static const uint32_t honor_pow5[7] = {1u, 5u, 25u, 125u, 625u, 3125u, 15625u};

/* ---- per-kind masks -------------------------------------------------------------------- */

/* Counts of kinds 8i..8i+7 as a little-endian word (bytes past kind 33 are zero). */
static inline uint64_t word_of(const uint8_t *c, int i) {
    if (i == 4) return (uint64_t)c[32] | ((uint64_t)c[33] << 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, c + 8 * i, 8);
    return v;
#else
    uint64_t v = 0;
    for (int j = 7; j >= 0; j--) v = (v << 8) | c[8 * i + j];
    return v;
#endif
}

/* Population count without assuming a POPCNT instruction (__builtin_popcountll would call libgcc). */
static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * ONES) >> 56);
}

/* Bit 0 of each byte (bytes 0 or 1) gathered into 8 bits, byte j -> bit j. */
static inline uint64_t gather8(uint64_t x) { return (x * 0x0102040810204080ULL) >> 56; }

typedef struct {
    uint64_t m0, m1;     /* kinds held 0 / 1 times */
    uint64_t open;       /* kinds with a copy left: held + visible < 4 */
    int kinds, pairs;    /* kinds held >= 1 / >= 2 times */
    int yao_kinds, yao_pairs;
} info_t;

static inline void info_of(const uint8_t *c, const uint8_t *vis, int sanma, info_t *f) {
    uint64_t m0 = 0, ge2 = 0, full = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t w = word_of(c, i);
        uint64_t s = vis ? w + word_of(vis, i) : w; /* held + visible <= 4 per byte */
        m0 |= gather8(~(w | (w >> 1) | (w >> 2)) & ONES) << (8 * i);
        ge2 |= gather8(((w >> 1) | (w >> 2)) & ONES) << (8 * i);
        full |= gather8((s >> 2) & ONES) << (8 * i);
    }
    m0 &= ALL_KINDS;
    f->m0 = m0;
    f->m1 = ALL_KINDS & ~m0 & ~ge2;
    f->open = ALL_KINDS & ~full & (sanma ? ~YM_SANMA_ABSENT : ALL_KINDS);
    f->kinds = YM_NKINDS - popcount64(m0);
    f->pairs = popcount64(ge2);
    f->yao_kinds = popcount64(YM_YAOCHUU_MASK & ~m0);
    f->yao_pairs = popcount64(YM_YAOCHUU_MASK & ge2);
}

/* ---- part keys and classes ------------------------------------------------------------- */

/* Per suit the keys of ranks 0-4 and 5-8 and ym_rank_hi of the first (rank part | tiles left
 * after ranks 0-4 << 20); the honor key; the three-player flag. With sanma the man keys are
 * k5 = count of 1m and k4 = 125 * count of 9m (2m-8m are 0). */
typedef struct {
    uint32_t k5[3], k4[3], hi[3], hk;
    int sanma;
} keys_t;

static inline void keys_of(const uint8_t *c, int sanma, keys_t *k, uint8_t cls[4]) {
    k->sanma = sanma;
    for (int s = 0; s < 3; s++) {
        const uint8_t *p = c + 9 * s;
        k->k5[s] = p[0] + 5u * p[1] + 25u * p[2] + 125u * p[3] + 625u * p[4];
        k->k4[s] = p[5] + 5u * p[6] + 25u * p[7] + 125u * p[8];
        k->hi[s] = ym_rank_hi[k->k5[s]];
        cls[s] = ym_suit_class[(k->hi[s] & 0xFFFFFu) + ym_rank_lo[k->hi[s] >> 20][k->k4[s]]];
    }
    const uint8_t *h = c + 27;
    k->hk = h[0] + 5u * h[1] + 25u * h[2] + 125u * h[3] + 625u * h[4] + 3125u * h[5] + 15625u * h[6];
    cls[3] = ym_honor_class[k->hk];
    if (sanma) cls[0] = ym_sanma_man_class(c[0], c[8]);
}

/* Class of the part of kind t after drawing t (the part must hold at most 13 tiles). A draw into
 * ranks 5-8 keeps the ranks 0-4 lookup; one into ranks 0-4 leaves one tile fewer for 5-8. */
static inline uint8_t class_drawn(const keys_t *k, int t) {
    if (t >= 27) return ym_honor_class[k->hk + honor_pow5[t - 27]];
    int q = t / 9, r = t - 9 * q;
    if (q == 0 && k->sanma) return ym_sanma_man_class(k->k5[0] + (r == 0), k->k4[0] / 125u + (r == 8));
    uint32_t hi = k->hi[q];
    if (r >= 5) return ym_suit_class[(hi & 0xFFFFFu) + ym_rank_lo[hi >> 20][k->k4[q] + suit_pow5[r]]];
    uint32_t nh = ym_rank_hi[k->k5[q] + suit_pow5[r]];
    return ym_suit_class[(nh & 0xFFFFFu) + ym_rank_lo[(hi >> 20) - 1][k->k4[q]]];
}

/* Class of `part` after adding one tile of kind `add` and removing one of kind `sub` (each in
 * that part, or -1 for none). The result must be a pattern of at most 14 tiles. */
static inline uint8_t class_moved(const keys_t *k, int part, int add, int sub) {
    if (part == 3) {
        uint32_t h = k->hk;
        if (add >= 0) h += honor_pow5[add - 27];
        if (sub >= 0) h -= honor_pow5[sub - 27];
        return ym_honor_class[h];
    }
    uint32_t k5 = k->k5[part], k4 = k->k4[part];
    if (add >= 0) {
        int r = add - 9 * part;
        if (r < 5) k5 += suit_pow5[r]; else k4 += suit_pow5[r];
    }
    if (sub >= 0) {
        int r = sub - 9 * part;
        if (r < 5) k5 -= suit_pow5[r]; else k4 -= suit_pow5[r];
    }
    if (part == 0 && k->sanma) return ym_sanma_man_class(k5, k4 / 125u);
    uint32_t hi = ym_rank_hi[k5];
    return ym_suit_class[(hi & 0xFFFFFu) + ym_rank_lo[hi >> 20][k4]];
}

/* Combine classes of "every part but one": rest[q] for a suit q is the ym_comb1 class of the two
 * other suits (combine with q's class by ym_comb2, then the honors by ym_final); rest[3] is the
 * ym_comb2 class of the three suits (combine with an honor class by ym_final). */
static inline void rest_classes(const uint8_t cls[4], uint8_t rest[4]) {
    uint8_t r01 = ym_comb1[cls[0]][cls[1]];
    rest[0] = ym_comb1[cls[1]][cls[2]];
    rest[1] = ym_comb1[cls[0]][cls[2]];
    rest[2] = r01;
    rest[3] = ym_comb2[r01][cls[2]];
}

/* Replacement number with part q's class replaced by x. */
static inline int replacement_with(const uint8_t rest[4], uint8_t honor_cls, int q, uint8_t x, int n_melds) {
    if (q == 3) return ym_final[rest[3]][x][n_melds];
    return ym_final[ym_comb2[rest[q]][x]][honor_cls][n_melds];
}

/* ---- special forms ---------------------------------------------------------------------- */

/* Chiitoitsu (6 - pairs + max(0, 7 - kinds)) drops by one when a single becomes a pair, or a new
 * kind arrives while fewer than 7 are held; kokushi (13 - yaochuu kinds - [a yaochuu pair])
 * drops when a new yaochuu kind arrives, or a held one pairs while none is paired. Both apply
 * only without called melds (99 otherwise, as ym_shanten). */
typedef struct {
    int chiitoitsu, kokushi;
    uint64_t chiitoitsu_drops, kokushi_drops;
} special_t;

static inline void special_of(int form, int n_melds, int kinds, int pairs, int yk, int yp, uint64_t m0,
                              uint64_t m1, special_t *sp) {
    sp->chiitoitsu = sp->kokushi = 99;
    sp->chiitoitsu_drops = sp->kokushi_drops = 0;
    if (n_melds) return;
    if (form == YM_FORM_ALL || form == YM_FORM_CHIITOITSU) {
        sp->chiitoitsu = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        sp->chiitoitsu_drops = m1 | (kinds < 7 ? m0 : 0);
    }
    if (form == YM_FORM_ALL || form == YM_FORM_KOKUSHI) {
        sp->kokushi = 13 - yk - (yp > 0);
        sp->kokushi_drops = YM_YAOCHUU_MASK & (m0 | (yp ? 0 : m1));
    }
}

/* Kinds whose draw lowers the shanten `now` through a special form. */
static inline uint64_t special_drops(const special_t *sp, int now) {
    return (sp->chiitoitsu == now ? sp->chiitoitsu_drops : 0) | (sp->kokushi == now ? sp->kokushi_drops : 0);
}

static inline int min3(int a, int b, int c) {
    int m = a < b ? a : b;
    return m < c ? m : c;
}

static inline int uses_regular(int form) { return form == YM_FORM_ALL || form == YM_FORM_REGULAR; }

static inline int copies_left(uint64_t mask, const uint8_t *c, const uint8_t *vis) {
    int total = 0;
    for (; mask; mask &= mask - 1) {
        int t = ym_ctz64(mask);
        total += 4 - c[t] - (vis ? vis[t] : 0);
    }
    return total;
}

/* ---- incremental state ------------------------------------------------------------------ */

void ym_state_init(ym_state_t *s, const uint8_t *c, int n_melds, int form, int sanma) {
    info_t f;
    keys_t k;
    int n = 0;
    memcpy(s->c, c, YM_NKINDS);
    info_of(c, NULL, sanma, &f);
    keys_of(c, sanma, &k, s->cls);
    for (int t = 0; t < YM_NKINDS; t++) n += c[t];
    s->n_tiles = (uint8_t)n;
    s->kinds = (uint8_t)f.kinds;
    s->pairs = (uint8_t)f.pairs;
    s->yao_kinds = (uint8_t)f.yao_kinds;
    s->yao_pairs = (uint8_t)f.yao_pairs;
    s->n_melds = (uint8_t)n_melds;
    s->form = (uint8_t)form;
    s->sanma = (uint8_t)(sanma != 0);
}

int ym_state_shanten_if_draw(const ym_state_t *s, int t) {
    ym_state_t x = *s;
    ym_state_draw(&x, t);
    return ym_state_shanten(&x);
}

int ym_state_shanten_if_discard(const ym_state_t *s, int t) {
    ym_state_t x = *s;
    ym_state_discard(&x, t);
    return ym_state_shanten(&x);
}

/* ---- ukeire ----------------------------------------------------------------------------- */

int ym_ukeire(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, uint64_t *mask_out,
              int *total_out) {
    info_t f;
    keys_t k = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, 0, 0};
    special_t sp;
    uint8_t cls[4] = {0, 0, 0, 0}, rest[4] = {0, 0, 0, 0};
    uint64_t mask = 0;
    info_of(c, vis, sanma, &f);
    special_of(form, n_melds, f.kinds, f.pairs, f.yao_kinds, f.yao_pairs, f.m0, f.m1, &sp);
    int reg = 99;
    if (uses_regular(form)) {
        keys_of(c, sanma, &k, cls);
        rest_classes(cls, rest);
        reg = ym_final[rest[3]][cls[3]][n_melds] - 1;
    }
    int now = min3(reg, sp.chiitoitsu, sp.kokushi);
    if (now < 99) {
        mask = special_drops(&sp, now) & f.open;
        if (reg == now) {
            for (uint64_t m = f.open & ~mask; m; m &= m - 1) {
                int t = ym_ctz64(m);
                if (replacement_with(rest, cls[3], ym_part_of(t), class_drawn(&k, t), n_melds) <= reg)
                    mask |= 1ull << t;
            }
        }
    }
    *mask_out = mask;
    *total_out = copies_left(mask, c, vis);
    return now;
}

/* ---- discard analysis ------------------------------------------------------------------- */

/* Better first: lower shanten, then more copies left; ties keep kind order (stable). */
static inline int discard_before(const ym_discard_t *a, const ym_discard_t *b) {
    if (a->shanten != b->shanten) return a->shanten < b->shanten;
    return a->total > b->total;
}

int ym_discard_analysis(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, ym_discard_t *out) {
    info_t f;
    keys_t k = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, 0, 0};
    uint8_t cls[4] = {0, 0, 0, 0};  /* part classes of the 14-3k hand */
    uint8_t rest[4] = {0, 0, 0, 0}; /* rest_classes of the 14-3k hand */
    uint8_t up[YM_NKINDS];          /* class of the kind's part after drawing it into the 14-3k hand */
    uint8_t rest_up[YM_NKINDS];     /* suit kinds: ym_comb2[rest[q]][up[t]] (the suits with t drawn) */
    /* Draws into a part q other than the discarded one lower the regular form as a function of
     * the combine class of the 13-3k hand's other parts alone (it also fixes the threshold), so
     * their masks are cached by (q, that class); discards of honors are cached by their class. */
    uint64_t q_known[4][4] = {{0}};  /* bit set: q_lowers[q][class] is filled */
    uint16_t q_lowers[4][256];       /* kinds of part q (bit r = its r-th kind) whose draw lowers */
    uint64_t h_lowers[14];           /* honor discards: suit kinds whose draw lowers */
    uint8_t h_cls[14];               /* ... keyed by the honor class after the discard */
    int n_h = 0;
    int regular = uses_regular(form);
    int n = 0;
    info_of(c, vis, sanma, &f); /* f.open: the discarded copy counts as seen */
    if (regular) {
        int part_tiles[4] = {0, 0, 0, 0};
        for (int t = 0; t < YM_NKINDS; t++) part_tiles[ym_part_of(t)] += c[t];
        keys_of(c, sanma, &k, cls);
        rest_classes(cls, rest);
        /* A part holding all 14 tiles receives every discard: its draws go through class_moved
         * (a 15-tile pattern has no class), so up[] is only needed for parts of 13 or fewer. */
        for (int t = 0; t < YM_NKINDS; t++) {
            int q = ym_part_of(t);
            up[t] = rest_up[t] = 0;
            if (((f.open >> t) & 1) && part_tiles[q] < 14) {
                up[t] = class_drawn(&k, t);
                if (q < 3) rest_up[t] = ym_comb2[rest[q]][up[t]];
            }
        }
    }
    for (int d = 0; d < YM_NKINDS; d++) {
        if (!c[d]) continue;
        int pd = ym_part_of(d), after = c[d] - 1, yd = (int)((YM_YAOCHUU_MASK >> d) & 1);
        uint64_t bit = 1ull << d, m0 = f.m0, m1 = f.m1;
        if (after == 0) { m0 |= bit; m1 &= ~bit; }
        if (after == 1) m1 |= bit;
        special_t sp;
        special_of(form, n_melds, f.kinds - (after == 0), f.pairs - (after == 1), f.yao_kinds - (yd & (after == 0)),
                   f.yao_pairs - (yd & (after == 1)), m0, m1, &sp);
        int reg = 99;
        uint8_t dcls = 0;
        if (regular) {
            dcls = class_moved(&k, pd, -1, d);
            reg = replacement_with(rest, cls[3], pd, dcls, n_melds) - 1;
        }
        int now = min3(reg, sp.chiitoitsu, sp.kokushi);
        uint64_t mask = 0;
        if (now < 99) {
            mask = special_drops(&sp, now) & f.open;
            if (reg == now) {
                int lo = pd < 3 ? 9 * pd : 27, width = pd < 3 ? 9 : 7;
                uint64_t in_part = ((1ull << width) - 1) << lo, outside = 0;
                if (pd == 3) {
                    int same = -1;
                    for (int j = 0; j < n_h && same < 0; j++)
                        if (h_cls[j] == dcls) same = j;
                    if (same >= 0) {
                        outside = h_lowers[same];
                    } else {
                        for (uint64_t m = f.open & ~in_part; m; m &= m - 1) {
                            int t = ym_ctz64(m);
                            outside |= (uint64_t)(ym_final[rest_up[t]][dcls][n_melds] <= reg) << t;
                        }
                        h_cls[n_h] = dcls;
                        h_lowers[n_h++] = outside;
                    }
                } else {
                    uint8_t cls13[4] = {cls[0], cls[1], cls[2], cls[3]};
                    uint8_t rest13[4];
                    cls13[pd] = dcls;
                    rest_classes(cls13, rest13);
                    for (int q = 0; q < 4; q++) {
                        if (q == pd) continue;
                        int base = q < 3 ? 9 * q : 27;
                        uint8_t key = rest13[q];
                        if (!((q_known[q][key >> 6] >> (key & 63)) & 1)) {
                            uint64_t m = (f.open >> base) & (q < 3 ? 0x1FFu : 0x7Fu);
                            unsigned low = 0;
                            for (; m; m &= m - 1) {
                                int r = ym_ctz64(m);
                                low |= (unsigned)(replacement_with(rest13, cls[3], q, up[base + r], n_melds) <= reg) << r;
                            }
                            q_lowers[q][key] = (uint16_t)low;
                            q_known[q][key >> 6] |= 1ull << (key & 63);
                        }
                        outside |= (uint64_t)q_lowers[q][key] << base;
                    }
                }
                mask |= outside;
                /* Draws into the discarded part: that part moved by both tiles. */
                for (uint64_t m = f.open & in_part & ~mask; m; m &= m - 1) {
                    int t = ym_ctz64(m);
                    uint8_t x = t == d ? cls[pd] : class_moved(&k, pd, t, d);
                    if (replacement_with(rest, cls[3], pd, x, n_melds) <= reg) mask |= 1ull << t;
                }
            }
        }
        ym_discard_t e = {mask, (uint8_t)d, (int8_t)now, (uint8_t)copies_left(mask, c, vis)};
        int i = n++;
        while (i > 0 && discard_before(&e, &out[i - 1])) {
            out[i] = out[i - 1];
            i--;
        }
        out[i] = e;
    }
    return n;
}

/* ---- batch rows ------------------------------------------------------------------------- */

int ym_check_search_row(const uint8_t *c, const uint8_t *vis, int n_melds, int want_mod, int sanma, int *k_out) {
    int st = ym_check_hand(c, n_melds, want_mod, sanma, k_out);
    if (st != YM_OK || !vis) return st;
    int bad = 0, absent = 0;
    for (int t = 0; t < YM_NKINDS; t++) bad |= (vis[t] > 4) | (c[t] + vis[t] > 4);
    if (bad) return YM_BAD_VISIBLE;
    for (int t = 1; t <= 7; t++) absent |= vis[t];
    return sanma && absent ? YM_BAD_SANMA_TILE : YM_OK;
}

int ym_ukeire_row(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, int8_t *shanten,
                  uint8_t *left, int16_t *total) {
    int k = 0, cnt = 0;
    uint64_t mask = 0;
    int st = ym_check_search_row(c, vis, n_melds, 1, sanma, &k);
    if (st != YM_OK) {
        memset(left, 0, YM_NKINDS);
        *shanten = YM_SHANTEN_INVALID;
        *total = 0;
        return st;
    }
    *shanten = (int8_t)ym_ukeire(c, vis, k, form, sanma, &mask, &cnt);
    *total = (int16_t)cnt;
    if (vis) {
        for (int t = 0; t < YM_NKINDS; t++) left[t] = (uint8_t)(((mask >> t) & 1) * (unsigned)(4 - c[t] - vis[t]));
    } else {
        for (int t = 0; t < YM_NKINDS; t++) left[t] = (uint8_t)(((mask >> t) & 1) * (unsigned)(4 - c[t]));
    }
    return YM_OK;
}

int ym_discard_row(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, uint8_t *n,
                   int8_t *tile, int8_t *shanten, int16_t *total, uint64_t *mask) {
    ym_discard_t out[14];
    int k = 0, m = 0;
    int st = ym_check_search_row(c, vis, n_melds, 2, sanma, &k);
    if (st == YM_OK) m = ym_discard_analysis(c, vis, k, form, sanma, out);
    *n = (uint8_t)m;
    for (int j = 0; j < 14; j++) {
        if (j < m) {
            tile[j] = (int8_t)out[j].tile;
            shanten[j] = out[j].shanten;
            total[j] = out[j].total;
            mask[j] = out[j].mask;
        } else {
            tile[j] = -1;
            shanten[j] = YM_SHANTEN_INVALID;
            total[j] = 0;
            mask[j] = 0;
        }
    }
    return st;
}
