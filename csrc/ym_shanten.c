/* ym_shanten.c - 4-copy-aware shanten by per-part distance classes and tabulated combines.
 *
 * Regular form (tomohxx's "shanten-number" method; also used by the xiangting crate): each of
 * the four parts (m, p, s, honors) has, for every (sets m, pairs p), the number of tiles to draw
 * so that the part contains m sets and p pairs with no kind above 4 copies. The replacement
 * number of the hand is the minimum over splits with sum m = 4 - n_melds and sum p = 1; shanten
 * is that minus one. The per-part vectors are looked up as one-byte classes and combined through
 * the class tables of ym_tables.c, so a regular shanten is 4 pattern lookups and 3 table reads.
 * shanten / the batch rows read ym_special's copies of those tables (ym_tables.h: suit patterns
 * indexed total first, honors by shape, classes renumbered by their weight among random hands,
 * so that the entries random hands read stay in few cache lines); ym_waits reads the originals.
 * Chiitoitsu: 6 - pairs + max(0, 7 - kinds). Kokushi: 13 - yaochuu kinds - (1 if one is paired).
 * Three players (sanma): only the man part's class and the waits' candidate kinds change (see
 * ym_shanten.h).
 *
 * Word view of a hand (SWAR): the 34 counts are read as four little-endian 64-bit words and
 * three bytes, every count in exactly one of them: m = kinds 1-8 (2m..9m), p = kinds 10-17,
 * s = kinds 19-26, h = kinds 27-33 (bytes 26..33 shifted down one byte; its top byte is 0) and
 * e = kinds 0, 9, 18 (the 1 of each suit) in bytes 0-2. Every load lies inside c[0..34).
 * With every count in 0..4 (validated first in the batch row, trusted in the per-call
 * functions) no byte-wise add or multiply below carries out of its byte or lane:
 *   - base-5 keys: (v * 0x105 >> 8) masked to 16-bit lanes gives d0 + 5 d1 per pair of bytes
 *     (<= 24); times 0x10019 gives per pair of lanes x0 + 25 x1 (<= 624) in the upper lane, so
 *     one word yields the two 4-digit base-5 keys of ym_suit_rank_fast / honor_key;
 *   - the word form of the validation: the byte-wise sum of the five words is at most 20 per
 *     byte and 136 in all (the SSE2 form reads c[0..16), c[16..32) and c[32..34) instead).
 * The same keys index the special-form count tables (ym_special, ym_tables.h), whose packed
 * sum over the parts gives chiitoitsu and kokushi (and their minimum by one more lookup); every
 * table index is in bounds for counts 0..4 (the special sum is masked to its 14 bits).
 * Batch rows (ym_shanten_rows): the check of ym_check_hand runs in two steps: every count in
 * 0..4 (and no 2m-8m with three players) first (check_row; a row failing it reads no table),
 * then the tile total, which the table sums carry (parts_eval_total: every index is in bounds
 * for counts 0..4 whatever their total); a failing row gets its status and 127.
 */
#include "ym_shanten.h"
#include "ym_tables.h"

#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define YM_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define YM_ALWAYS_INLINE static inline
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#define YM_RESTRICT restrict
#else
#define YM_RESTRICT
#endif

#define ONES 0x0101010101010101ULL

typedef struct {
    uint64_t w[4]; /* m, p, s, h (see the header comment) */
    uint64_t e;    /* 1m, 1p, 1s in bytes 0-2 */
    unsigned one[3]; /* the same three counts */
    uint64_t mul;  /* 0x105 (see ym_quad_keys) */
} words_t;

/* 0x105 through a volatile read: the batch loop reads it once per block, so that the compiler
 * emits one multiply instead of three shift-and-add steps per word (same value, same result). */
static volatile uint64_t mul_0x105 = 0x105;

YM_ALWAYS_INLINE void load_words_mul(const uint8_t *c, words_t *v, uint64_t mul) {
    v->mul = mul;
    v->w[0] = ym_load8(c + 1);
    v->w[1] = ym_load8(c + 10);
    v->w[2] = ym_load8(c + 19);
    v->w[3] = ym_load8(c + 26) >> 8;
    v->one[0] = c[0];
    v->one[1] = c[9];
    v->one[2] = c[18];
    v->e = (uint64_t)v->one[0] | ((uint64_t)v->one[1] << 8) | ((uint64_t)v->one[2] << 16);
}

YM_ALWAYS_INLINE void load_words(const uint8_t *c, words_t *v) { load_words_mul(c, v, 0x105); }

/* A suit pattern's table entry z from hi[k5] (x) and k4 (parts_eval_total), and its class. */
YM_ALWAYS_INLINE uint64_t suit_z(const ym_special_t *T, uint64_t x, uint32_t k4) { return x + T->rank_lo[(x >> 48) + k4]; }
YM_ALWAYS_INLINE uint8_t suit_zclass(const ym_special_t *T, uint64_t z) {
    return T->suit_class[(uint32_t)z & YM_SP_INDEX_MASK];
}

/* ym_sanma_man_class in the numbering and the index of ym_special.suit_class. */
YM_ALWAYS_INLINE unsigned sanma_man_bclass(const ym_special_t *T, unsigned a, unsigned b) {
    return suit_zclass(T, suit_z(T, T->hi[a > 3 ? 3 : a], 125u * (b > 3 ? 3 : b)));
}

/* One part's table entry (its z: index, tiles, special counts; see parts_eval_total) and class. */
typedef struct {
    uint64_t z;
    unsigned cls;
} part_t;

/* a suit's two keys: k5 of ranks 0-4 (rank r worth 5^r), k4 of ranks 5-8 (rank r worth 5^(r - 5)) */
YM_ALWAYS_INLINE void suit_keys(uint64_t w, unsigned one, uint64_t mul, uint32_t *k5, uint32_t *k4) {
    uint64_t q = ym_quad_keys(w, mul);
    *k5 = one + 5u * (uint32_t)((q >> 16) & 0xFFFFu);
    *k4 = (uint32_t)(q >> 48);
}

YM_ALWAYS_INLINE part_t suit_part(uint64_t w, unsigned one, uint64_t mul) {
    const ym_special_t *T = &ym_special;
    uint32_t k5, k4;
    suit_keys(w, one, mul, &k5, &k4);
    part_t p;
    p.z = suit_z(T, T->hi[k5], k4);
    p.cls = suit_zclass(T, p.z);
    return p;
}

YM_ALWAYS_INLINE part_t honor_part(uint64_t w, uint64_t mul) {
    const ym_special_t *T = &ym_special;
    uint64_t q = ym_quad_keys(w, mul);
    part_t p;
    p.z = T->honor[(q >> 16) & 0xFFFFu] + T->honor[q >> 48];
    p.cls = T->honor_class[(uint32_t)p.z & ((1u << YM_HONOR_SHAPE_BITS) - 1)];
    return p;
}

/* One pass over the parts of the word view: cls[0..3] the classes of m, p, s (the sanma man
 * class of 1m and 9m when sanma) and honors in ym_special's numbering; returns the packed
 * special-form counts (ym_tables.h: one sum, no carries between fields for at most 14 tiles;
 * masked to its 14 bits, so no input indexes ym_special.min out of bounds). Per suit, k5 / k4
 * are the base-5 keys of ranks 0-4 / 5-8 as ym_suit_rank_fast forms them; z = hi[k5] +
 * rank_lo[row + k4] holds the pattern's index (bits 0-23, below YM_SUIT_PATTERNS), its tiles
 * (bits 24-31) and its special counts (bit 32 up); the row (hi's bits 48-63) is at most
 * 14 * 625, in bounds. The
 * honor shape is the low 12 bits of the sum of two honor entries. The running sum of the z and
 * the honor sum carries the tile total in bits 24-31 (*total, at most 136) and the special
 * counts from bit 32 (the index and shape parts stay below 2^21 + 2^12). */
YM_ALWAYS_INLINE unsigned parts_eval_total(const words_t *v, int sanma, unsigned cls[4], unsigned *total) {
    const ym_special_t *T = &ym_special;
    uint64_t sp = 0;
    for (int s = 0; s < 3; s++) {
        part_t p = suit_part(v->w[s], v->one[s], v->mul);
        cls[s] = p.cls;
        sp += p.z;
    }
    if (sanma) cls[0] = sanma_man_bclass(T, v->one[0], (unsigned)(v->w[0] >> 56));
    part_t h = honor_part(v->w[3], v->mul);
    cls[3] = h.cls;
    sp += h.z;
    *total = (uint32_t)sp >> 24;
    return (unsigned)(sp >> 32) & ((1u << 14) - 1);
}

YM_ALWAYS_INLINE unsigned parts_eval(const words_t *v, int sanma, unsigned cls[4]) {
    unsigned total;
    return parts_eval_total(v, sanma, cls, &total);
}

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

YM_ALWAYS_INLINE int replacement_of(unsigned m, unsigned p, unsigned s, unsigned h, int n_melds) {
    return ym_final[ym_comb2[ym_comb1[m][p]][s]][h][n_melds];
}

static inline int replacement(const parts_t *p, int n_melds) {
    return replacement_of(p->cls[0], p->cls[1], p->cls[2], p->cls[3], n_melds);
}

/* The regular-form shanten (replacement number - 1) of parts_eval's classes (ym_special's
 * numbering and its final table, which holds the shanten). */
YM_ALWAYS_INLINE int regular_of(const unsigned cls[4], int n_melds) {
    const ym_special_t *T = &ym_special;
    return T->final[n_melds][T->comb2[T->comb1[cls[0]][cls[1]]][cls[2]]][cls[3]];
}

int ym_shanten_regular(const uint8_t *c, int n_melds, int sanma) {
    words_t v;
    unsigned cls[4];
    load_words(c, &v);
    parts_eval(&v, sanma, cls);
    return regular_of(cls, n_melds);
}

int ym_shanten_chiitoitsu(const uint8_t *c) {
    words_t v;
    unsigned cls[4];
    load_words(c, &v);
    unsigned e = parts_eval(&v, 0, cls);
    return YM_SP_CHIITOITSU(e);
}

int ym_shanten_kokushi(const uint8_t *c) {
    words_t v;
    unsigned cls[4];
    load_words(c, &v);
    unsigned e = parts_eval(&v, 0, cls);
    return YM_SP_KOKUSHI(e);
}

/* The shanten of parts_eval's classes and special counts e. */
YM_ALWAYS_INLINE int shanten_of(const unsigned cls[4], unsigned e, int n_melds, int form) {
    switch (form) {
    case YM_FORM_REGULAR: return regular_of(cls, n_melds);
    case YM_FORM_CHIITOITSU: return n_melds ? 99 : YM_SP_CHIITOITSU(e);
    case YM_FORM_KOKUSHI: return n_melds ? 99 : YM_SP_KOKUSHI(e);
    default: break;
    }
    int s = regular_of(cls, n_melds);
    if (n_melds == 0) {
        int t = ym_special.min[e];
        if (t < s) s = t;
    }
    return s;
}

YM_ALWAYS_INLINE int shanten_words(const words_t *v, int n_melds, int form, int sanma) {
    unsigned cls[4];
    unsigned e = parts_eval(v, sanma, cls);
    return shanten_of(cls, e, n_melds, form);
}

int ym_shanten(const uint8_t *c, int n_melds, int form, int sanma) {
    words_t v;
    load_words(c, &v);
    return shanten_words(&v, n_melds, form, sanma);
}

/* ---- neighbours: one tile more or fewer of each kind, over a cache of parts ------------- */
void ym_part_cache_reset(ym_part_cache_t *pc, int sanma) {
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < YM_PART_SLOTS; i++) pc->slot[s][i].key = UINT64_MAX;
    pc->sanma = sanma;
}

/* the class of part s with the counts w (and rank 0's `one` for a suit) */
YM_ALWAYS_INLINE part_t any_part(const ym_special_t *T, int s, int sanma, uint64_t w, unsigned one) {
    if (s == 3) return honor_part(w, 0x105);
    part_t p = suit_part(w, one, 0x105);
    if (sanma && s == 0) p.cls = sanma_man_bclass(T, one, (unsigned)(w >> 56));
    return p;
}

/* part s of the word view v, from the cache (computed into its slot when absent): suits keyed by
   ranks 1-8 (a byte each, at most 4) with rank 0 in bits 61-63, honors by their seven bytes */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))   /* the miss apart: the probe that hits (nearly all) is inlined without its frame */
#endif
static const ym_part_slot_t *part_fill(ym_part_cache_t *pc, ym_part_slot_t *q, uint64_t key, uint64_t w, unsigned one, int s) {
    const ym_special_t *T = &ym_special;
    if (s < 3 && !(pc->sanma && s == 0)) {
        /* a suit (suit_part's reads, suit_keys): a neighbour one tile away is k5 or k4 moved by a
           power of five, read at once (a rank of k4 keeps hi[k5]) */
        static const uint16_t P5[5] = {1, 5, 25, 125, 625};
        uint32_t k5, k4;
        suit_keys(w, one, 0x105, &k5, &k4);
        uint64_t x = T->hi[k5];
        q->z = suit_z(T, x, k4);
        q->cls = suit_zclass(T, q->z);
        for (int r = 0; r < 9; r++) {
            unsigned n = r == 0 ? one : (unsigned)(w >> (8 * (r - 1))) & 0xFFu;
            uint8_t up = 0xFF, down = 0xFF;
            if (r < 5) {
                if (n < 4) up = suit_zclass(T, suit_z(T, T->hi[k5 + P5[r]], k4));
                if (n > 0) down = suit_zclass(T, suit_z(T, T->hi[k5 - P5[r]], k4));
            } else {
                if (n < 4) up = suit_zclass(T, suit_z(T, x, k4 + P5[r - 5]));
                if (n > 0) down = suit_zclass(T, suit_z(T, x, k4 - P5[r - 5]));
            }
            q->up[r] = up;
            q->down[r] = down;
        }
    } else {
        part_t p = any_part(T, s, pc->sanma, w, one);
        q->z = p.z;
        q->cls = (uint8_t)p.cls;
        for (int r = 0; r < 9; r++) {
            q->up[r] = q->down[r] = 0xFF;
            if (s == 3 && r >= 7) continue;
            unsigned n = s == 3 ? (unsigned)(w >> (8 * r)) & 0xFFu : r == 0 ? one : (unsigned)(w >> (8 * (r - 1))) & 0xFFu;
            uint64_t bit = s == 3 ? 1ULL << (8 * r) : r == 0 ? 0 : 1ULL << (8 * (r - 1));
            unsigned b1 = s < 3 && r == 0;   /* rank 0 of a suit: in `one` */
            if (n < 4) q->up[r] = (uint8_t)any_part(T, s, pc->sanma, w + bit, one + b1).cls;
            if (n > 0) q->down[r] = (uint8_t)any_part(T, s, pc->sanma, w - bit, one - b1).cls;
        }
    }
    const uint64_t *better = s == 3 ? &T->honor_better[q->cls] : T->suit_better[q->cls];
    q->lower = 0;
    for (int r = 0; r < 9; r++)
        if (q->up[r] != 0xFF && (better[q->up[r] >> 6] >> (q->up[r] & 63) & 1)) q->lower |= (uint16_t)(1u << r);
    for (int i = 0; i < YM_PART_MEMO; i++) q->keep_memo[i] = q->low_memo[i] = YM_PART_NO_MEMO;
    q->key = key;
    return q;
}

YM_ALWAYS_INLINE uint64_t part_key(const words_t *v, int s) {
    return s < 3 ? v->w[s] | (uint64_t)v->one[s] << 61 : v->w[s];
}

YM_ALWAYS_INLINE ym_part_slot_t *slot_of_key(ym_part_cache_t *pc, int s, uint64_t key) {
    return &pc->slot[s][(key * 0x9E3779B97F4A7C15ULL) >> (64 - YM_PART_SLOT_BITS)];
}

/* a hand's parts from the cache: their slots, classes, the other parts' combined classes per
   part (combining is commutative and associative, min-plus sums of distance vectors, so a
   changed part costs one or two table reads) and the special counts */
typedef struct {
    const ym_part_slot_t *p[4];
    unsigned cls[4], rest_cls[4], e0;
} hand_parts_t;

YM_ALWAYS_INLINE void hand_parts(ym_part_cache_t *pc, const uint8_t *c, hand_parts_t *h) {
    const ym_special_t *T = &ym_special;
    words_t v;
    load_words(c, &v);
    /* the four slots' places first, fetched ahead together (the cache is beyond the core's first
       level: four probes one after the other would each wait for their line) */
    uint64_t key[4];
    ym_part_slot_t *q[4];
    for (int s = 0; s < 4; s++) {
        key[s] = part_key(&v, s);
        q[s] = slot_of_key(pc, s, key[s]);
        YM_PREFETCH(q[s]);
    }
    uint64_t sp = 0;
    for (int s = 0; s < 4; s++) {
        h->p[s] = q[s]->key == key[s] ? q[s] : part_fill(pc, q[s], key[s], v.w[s], s < 3 ? v.one[s] : 0u, s);
        h->cls[s] = h->p[s]->cls;
        sp += h->p[s]->z;
    }
    const unsigned *cls = h->cls;
    h->rest_cls[0] = T->comb1[cls[1]][cls[2]];
    h->rest_cls[1] = T->comb1[cls[0]][cls[2]];
    h->rest_cls[2] = T->comb1[cls[0]][cls[1]];
    h->rest_cls[3] = T->comb2[h->rest_cls[2]][cls[2]];
    h->e0 = (unsigned)(sp >> 32) & ((1u << 14) - 1);
}

/* What a kind's copy adds to the special counts (the kinds held, bit 3 up; the pairs, bit 0 up; the
   terminal or honor kinds held, bit 7 up, and whether one is paired, bit 11): SPECIAL_UP[k][n] when a
   copy of kind k is added to n held (the first copy a kind, the second a pair), SPECIAL_DOWN[k][n]
   when one of n held is taken away. One load instead of the tests on k and n (a twentieth of a
   search's instructions at 1 shanten); n is masked to the table's eight columns. */
#define SP_KIND(y) ((uint16_t)(1u << 3 | (y) << 7))
#define SP_PAIR(y) ((uint16_t)(1u | (y) << 11))
#define SP_UP_ROW(y) {SP_KIND(y), SP_PAIR(y), 0, 0, 0, 0, 0, 0}
#define SP_DOWN_ROW(y) {0, SP_KIND(y), SP_PAIR(y), 0, 0, 0, 0, 0}
#define SP_SUIT(R) R(1u), R(0u), R(0u), R(0u), R(0u), R(0u), R(0u), R(0u), R(1u)
#define SP_TABLE(R) {SP_SUIT(R), SP_SUIT(R), SP_SUIT(R), R(1u), R(1u), R(1u), R(1u), R(1u), R(1u), R(1u)}
static const uint16_t SPECIAL_UP[34][8] = SP_TABLE(SP_UP_ROW);
static const uint16_t SPECIAL_DOWN[34][8] = SP_TABLE(SP_DOWN_ROW);

/* the special counts with one tile more (delta 1) or fewer of kind k, held n times */
YM_ALWAYS_INLINE unsigned special_step(unsigned e, int k, unsigned n, int delta) {
    return delta > 0 ? e + SPECIAL_UP[k][n & 7u] : e - SPECIAL_DOWN[k][n & 7u];
}

/* the regular form's shanten of the hand whose part s changed to class q */
YM_ALWAYS_INLINE int changed_regular(const hand_parts_t *h, int s, unsigned q, int n_melds) {
    const ym_special_t *T = &ym_special;
    const int8_t (*fin)[YM_MAX_HONOR_CLASSES] = T->final[n_melds];
    return s == 3 ? fin[h->rest_cls[3]][q] : fin[T->comb2[h->rest_cls[s]][q]][h->cls[3]];
}

/* changed_regular for a neighbour class q that may be 0xFF (none): read in bounds (the tables'
   last class) without a branch, the answer then meaningless (the callers drop it) */
YM_ALWAYS_INLINE int changed_regular_any(const hand_parts_t *h, int s, unsigned q, int n_melds) {
    return changed_regular(h, s, q & (s < 3 ? YM_MAX_SUIT_CLASSES - 1u : YM_MAX_HONOR_CLASSES - 1u), n_melds);
}

/* the shanten of the hand whose part s changed to class q (special counts e) */
YM_ALWAYS_INLINE int changed_shanten(const hand_parts_t *h, int s, unsigned q, unsigned e, int n_melds) {
    int sh = changed_regular(h, s, q, n_melds);
    if (n_melds == 0 && ym_special.min[e] < sh) sh = ym_special.min[e];
    return sh;
}

/* What the regular form's shanten after a change of part s depends on besides the part's new class
   (changed_regular): the other parts' combined class, the honors' class for a suit, the meld count;
   and the shanten t the answer compares with (0..6 beside a hand's own, -1..7 in all): 21 bits */
YM_ALWAYS_INLINE uint32_t part_ctx(const hand_parts_t *h, int s, int n_melds, int t) {
    return (uint32_t)(s == 3 ? h->rest_cls[3] : h->rest_cls[s] | h->cls[3] << 8) | (uint32_t)n_melds << 14 |
           (uint32_t)(t + 1) << 17;
}

/* a part's kept answer for the context ctx (part_ctx) into *got, if one of its YM_PART_MEMO answers
   has it */
YM_ALWAYS_INLINE int memo_find(const uint32_t *mm, uint32_t ctx, uint32_t *got) {
    /* the answers compared side by side, the latest match kept (no branch an answer: an exit
       at the match would be mispredicted on a hand met for the first time) */
    uint32_t g = 0, hit = 0;
    for (int i = YM_PART_MEMO - 1; i >= 0; i--) {
        uint32_t e = mm[i] >> 9 == ctx;
        g = e ? mm[i] : g;
        hit |= e;
    }
    *got = g;
    return (int)hit;
}

/* the answer m (ranks) for ctx kept first, the oldest dropped; returns it as kept */
YM_ALWAYS_INLINE uint32_t memo_put(uint32_t *mm, uint32_t ctx, unsigned m) {
    for (int i = YM_PART_MEMO - 1; i > 0; i--) mm[i] = mm[i - 1];
    return mm[0] = ctx << 9 | m;
}

void ym_shanten_neighbours(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int delta, uint64_t kinds,
                           int8_t out[34]) {
    hand_parts_t h;
    hand_parts(pc, c, &h);
    for (uint64_t m = kinds; m; m &= m - 1) {
        int k = ym_ctz64(m), s = k / 9, r = k % 9;
        unsigned q = delta > 0 ? h.p[s]->up[r] : h.p[s]->down[r];
        if (q == 0xFF) continue;   /* a fifth copy, or none to take away */
        out[k] = (int8_t)changed_shanten(&h, s, q, special_step(h.e0, k, c[k], delta), n_melds);
    }
}

uint64_t ym_shanten_lowering(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int b, uint64_t kinds,
                             int8_t out[34]) {
    const ym_special_t *T = &ym_special;
    hand_parts_t h;
    hand_parts(pc, c, &h);
    uint64_t low = 0;
    /* a draw lowers a special form's shanten by one at most: below b only from b */
    const int special = n_melds == 0 && T->min[h.e0] <= b;
    for (int s = 0; s < 4; s++) {
        /* from tenpai, a draw completes the regular form only in a part whose tiles are not a
           multiple of three (a complete hand is sets in every part and one pair): in the others
           only the special forms (closed hands) may complete. Elsewhere a class change that lowers
           no entry of the part's distance vector cannot lower the regular form (the replacement
           number is a min-plus sum of the parts' entries): only the special counts may. */
        int regular = !(b == 0 && ((unsigned)(h.p[s]->z >> 24) & 0xFFu) % 3 == 0);
        unsigned part_kinds = (unsigned)(kinds >> (9 * s)) & (s < 3 ? 0x1FFu : 0x7Fu), lows = 0;
        if (!part_kinds) continue;   /* no tile of the part asked for */
        if (regular) {
            /* the regular form: only the draws whose class change lowers an entry of the part's
               vector (the slot's `lower`) are looked up. The part's answer for every rank it may
               draw depends on the rest of the hand only through part_ctx, and is kept in its slot
               with that context (as ym_shanten_keeping's), so a part met again beside a rest it met
               lately costs a few tests */
            ym_part_slot_t *pw = (ym_part_slot_t *)h.p[s];
            const uint32_t ctx = part_ctx(&h, s, n_melds, b);
            uint32_t got;
            if (!memo_find(pw->low_memo, ctx, &got)) {
                /* every rank read, its answer kept where `lower` has it (a fixed count, as
                   ym_shanten_keeping's) */
                unsigned m = 0, lower = pw->lower;
                for (int r = 0; r < (s < 3 ? 9 : 7); r++)
                    m |= (unsigned)((changed_regular_any(&h, s, pw->up[r], n_melds) < b) & (lower >> r)) << r;
                got = memo_put(pw->low_memo, ctx, m);
            }
            lows = got & 0x1FFu & part_kinds;
        }
        if (special) {
            /* the special forms (closed hands): the draws the regular form leaves, by the special
               counts (the shanten is the smaller form's: below b when either is) */
            for (unsigned bits = part_kinds & ~lows; bits; bits &= bits - 1) {
                int r = ym_ctz64(bits), k = 9 * s + r;
                if (h.p[s]->up[r] == 0xFF) continue;   /* a fifth copy */
                lows |= (unsigned)(T->min[special_step(h.e0, k, c[k], 1)] < b) << r;
            }
        }
        /* a draw lowers either form by one at most, and neither is below b: out[k] = b - 1 (for
           every kind of the part, as ym_shanten_keeping writes its out) */
        low |= (uint64_t)lows << (9 * s);
        memset(out + 9 * s, b - 1, s < 3 ? 9 : 7);
    }
    return low;
}

uint64_t ym_shanten_keeping(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int a, uint64_t kinds,
                            int8_t out[34]) {
    const ym_special_t *T = &ym_special;
    hand_parts_t h;
    hand_parts(pc, c, &h);
    uint64_t keep = 0;
    /* A discard never lowers a special form's shanten (it takes a pair or a kind away, never adds
       one): when the special forms are above a (their shanten is at least a, the hand's), they
       stay above it, so whether a discard keeps a is the regular form's answer alone and no
       special count is read. */
    const int special = n_melds == 0 && T->min[h.e0] <= a;
    /* (no filter by the part's class alone, as ym_shanten_lowering's: no class's distance vector
       is above another's in every entry, all 15,876 pairs of suit classes checked, so no class
       change alone says that a discard raises the shanten) */
    for (int s = 0; s < 4; s++) {   /* part by part: the part's slot fixed in the inner loops */
        ym_part_slot_t *p = (ym_part_slot_t *)h.p[s];
        unsigned part_kinds = (unsigned)(kinds >> (9 * s)) & (s < 3 ? 0x1FFu : 0x7Fu);
        if (!part_kinds) continue;   /* no tile of the part asked for */
        /* the regular form: whether rank r's discard keeps a depends on the part's class after it
           (the slot's) and on the rest of the hand only through part_ctx; the part's last answers
           for every rank it holds are kept in its slot with their contexts, so a part met again
           beside a rest it met lately (most parts of a search's hands) costs a few tests. (When
           the special forms are below the regular one, the regular form is above a and keeps
           none.) */
        const uint32_t ctx = part_ctx(&h, s, n_melds, a);
        uint32_t got;
        if (!memo_find(p->keep_memo, ctx, &got)) {
            /* every rank of the part read, its answer kept where the rank has a copy to take
               away (a rank without one reads through changed_regular_any, its answer dropped):
               a fixed count, no branch on the part's ranks, which a hand met for the
               first time mispredicts */
            unsigned m = 0;
            for (int r = 0; r < (s < 3 ? 9 : 7); r++) {
                unsigned q = p->down[r];
                m |= (unsigned)((changed_regular_any(&h, s, q, n_melds) == a) & (q != 0xFF)) << r;
            }
            got = memo_put(p->keep_memo, ctx, m);
        }
        unsigned kept = got & 0x1FFu & part_kinds;
        if (special) {
            /* the special forms (closed hands): neither form falls below a on a discard, so the
               hand keeps a when either does; the discards the regular form leaves, by the special
               counts */
            for (unsigned bits = part_kinds & ~kept; bits; bits &= bits - 1) {
                int r = ym_ctz64(bits), k = 9 * s + r;
                if (p->down[r] == 0xFF) continue;   /* no copy to take away */
                kept |= (unsigned)(T->min[special_step(h.e0, k, c[k], -1)] == a) << r;
            }
        }
        /* out: a for every kind of the part (those kept read it; a loop over the kept ones would
           end after a count that varies from state to state, a mispredicted exit each part) */
        keep |= (uint64_t)kept << (9 * s);
        memset(out + 9 * s, a, s < 3 ? 9 : 7);
    }
    return keep;
}

#define SEVENS 0x7B7B7B7B7B7B7B7BULL
#define HIGHS 0x8080808080808080ULL

/* The check of ym_check_hand over the word view, without the tile total's test: YM_BAD_COPIES
 * or YM_BAD_SANMA_TILE, else YM_OK and *total. A byte above 4 sets its high bit in
 * (w + 0x7B..) | w (a carry out of a byte happens only from a byte >= 0x85, whose own high
 * bit is set already); with every byte <= 4 the byte-wise sum of the five words is at most 20
 * per byte, so one multiply gives the total (at most 136). */
YM_ALWAYS_INLINE int check_words(const words_t *v, int sanma, unsigned *total) {
    uint64_t bad = (v->e + SEVENS) | v->e, sum = v->e;
    for (int i = 0; i < 4; i++) {
        bad |= (v->w[i] + SEVENS) | v->w[i];
        sum += v->w[i];
    }
    if (bad & HIGHS) return YM_BAD_COPIES;
    if (sanma && (v->w[0] & 0x00FFFFFFFFFFFFFFULL)) return YM_BAD_SANMA_TILE; /* bytes 0-6 of m: 2m-8m */
    *total = (unsigned)((sum * ONES) >> 56);
    return YM_OK;
}

#if YM_USE_SSE2
/* The copies and three-player part of check_words (the total comes from the table sums), with
 * SSE2 (part of every x86-64 target) over the 34 counts themselves: c[0..16), c[16..32) and
 * c[32..34); a byte above 4 leaves a nonzero byte in max - 4 (saturating). */
YM_ALWAYS_INLINE int check_row(const uint8_t *c, const words_t *v, int sanma) {
    uint16_t last;
    memcpy(&last, c + 32, 2);
    __m128i a = _mm_loadu_si128((const __m128i *)c), b = _mm_loadu_si128((const __m128i *)(c + 16));
    __m128i t = _mm_cvtsi32_si128(last), z = _mm_setzero_si128();
    __m128i m = _mm_subs_epu8(_mm_max_epu8(_mm_max_epu8(a, b), t), _mm_set1_epi8(4));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(m, z)) != 0xFFFF) return YM_BAD_COPIES;
    if (sanma && (v->w[0] & 0x00FFFFFFFFFFFFFFULL)) return YM_BAD_SANMA_TILE;
    return YM_OK;
}
#else /* no SSE2: the word form (its total unused) */
YM_ALWAYS_INLINE int check_row(const uint8_t *c, const words_t *v, int sanma) {
    unsigned total;
    (void)c;
    return check_words(v, sanma, &total);
}
#endif

/* Meld count of a valid tile total t (1..14, t % 3 != 0) when it matches n_melds (n_melds < 0:
 * any), else -1. */
static int melds_of_total(unsigned t, int n_melds) {
    if (t < 1 || t > 14 || t % 3 == 0) return -1;
    int k = (int)(14 - t) / 3;
    return n_melds >= 0 && n_melds != k ? -1 : k;
}

/* One batch row: ym_check_hand (want_mod 0) and ym_shanten fused over one load of the counts;
 * kt = melds_of_total(t, n_melds) for t in 0..136. The tables are read only after the counts
 * passed check_row (their indexes assume counts 0..4); the total's test follows the reads.
 * *status is written only for a failing row (the caller has set it to YM_OK). */
YM_ALWAYS_INLINE int shanten_row(const uint8_t *c, const int8_t *kt, uint64_t mul, int form, int sanma,
                                 uint8_t *status) {
    words_t v;
    unsigned cls[4], total;
    load_words_mul(c, &v, mul);
    int st = check_row(c, &v, sanma);
    if (st != YM_OK) {
        *status = (uint8_t)st;
        return 127;
    }
    unsigned e = parts_eval_total(&v, sanma, cls, &total);
    int k = kt[total];
    if (k < 0) {
        *status = YM_BAD_COUNT;
        return 127;
    }
    return shanten_of(cls, e, k, form);
}

#define MAX_TOTAL 136 /* 34 kinds of at most 4 copies */

static void melds_table(int n_melds, int8_t kt[MAX_TOTAL + 1]) {
    for (unsigned t = 0; t <= MAX_TOTAL; t++) kt[t] = (int8_t)melds_of_total(t, n_melds);
}

int ym_shanten_row(const uint8_t *c, int n_melds, int form, int sanma, uint8_t *status) {
    words_t v;
    unsigned cls[4], total = 0, e = 0;
    load_words(c, &v);
    int st = check_row(c, &v, sanma);
    if (st == YM_OK) e = parts_eval_total(&v, sanma, cls, &total);
    int k = st == YM_OK ? melds_of_total(total, n_melds) : -1;
    *status = (uint8_t)(st != YM_OK ? st : k < 0 ? YM_BAD_COUNT : YM_OK);
    return k < 0 ? 127 : shanten_of(cls, e, k, form);
}

/* The row loop with the form and the player count fixed at compile time (one copy each). */
#define ROWS_LOOP(FORM, SANMA)                                                                     \
    for (size_t i = 0; i < n; i++) out[i] = (int8_t)shanten_row(rows + 34 * i, kt, mul, FORM, SANMA, status + i)
#define ROWS_FORM(SANMA)                                                                           \
    switch (form) {                                                                                \
    case YM_FORM_REGULAR: ROWS_LOOP(YM_FORM_REGULAR, SANMA); break;                                \
    case YM_FORM_CHIITOITSU: ROWS_LOOP(YM_FORM_CHIITOITSU, SANMA); break;                          \
    case YM_FORM_KOKUSHI: ROWS_LOOP(YM_FORM_KOKUSHI, SANMA); break;                                \
    default: ROWS_LOOP(YM_FORM_ALL, SANMA); break;                                                 \
    }

/* out and status alias neither the rows nor the tables (restrict: the stores need not reload
 * the table pointers). */
void ym_shanten_rows(const uint8_t *YM_RESTRICT rows, size_t n, int n_melds, int form, int sanma,
                     int8_t *YM_RESTRICT out, uint8_t *YM_RESTRICT status) {
    int8_t kt[MAX_TOTAL + 1];
    uint64_t mul = mul_0x105;
    melds_table(n_melds, kt);
    memset(status, YM_OK, n);
    if (sanma) {
        ROWS_FORM(1)
    } else {
        ROWS_FORM(0)
    }
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
