/* ym_tables.c - load, verify and index the suit-pattern tables.
 *
 * The class blob is produced by tools/gen_tables.py at build time as a C byte array (the
 * generated ym_tables_data.h, included below: portable C99, no assembler directive, no file read
 * at run time); it is checked here for size and checksum before first use (layout in the
 * generator's docstring). The class vectors are decoded from little-endian bytes, so neither the
 * blob's alignment nor the host's byte order matters. The class-combine tables are then computed
 * from the class vectors: a min-plus combine per pair of classes, deduplicated into at most
 * YM_MAX_COMB_CLASSES combined classes (about 180 occur; checked). The decomposition table is built at load by enumerating every
 * multiset of at most four sets (9 triplets, 7 runs) plus at most one pair in one suit, and
 * hashing the complete patterns (21,743 with the empty one) by their base-5 key.
 * Ranking of suit patterns: lexicographic rank among the 9-vectors with entries 0..4 and
 * total <= 14, rank 0 most significant (the generator's C-order enumeration).
 */
#include "ym_tables.h"
#include "ym_score_int.h" /* ym_yaku_init */

#include <stdlib.h>
#include <string.h>

#include "ym_tables_data.h" /* generated: static const unsigned char ym_tables_blob[] */

#define YM_BLOB ym_tables_blob
#define YM_BLOB_SIZE (sizeof ym_tables_blob)

const uint8_t *ym_suit_class;
const uint8_t *ym_honor_class;
uint8_t ym_comb1[YM_MAX_SUIT_CLASSES][YM_MAX_SUIT_CLASSES];
uint8_t ym_comb2[YM_MAX_COMB_CLASSES][YM_MAX_SUIT_CLASSES];
int8_t ym_final[YM_MAX_COMB_CLASSES][YM_MAX_HONOR_CLASSES][8];
uint32_t ym_rank_hi[3125];
uint32_t ym_rank_lo[15][625];
ym_special_t ym_special;

static uint64_t suit_vec[YM_MAX_SUIT_CLASSES];   /* decoded from the blob at load */
static uint64_t honor_vec[YM_MAX_HONOR_CLASSES];
static int n_suit_classes, n_honor_classes, n_comb_classes;
static uint64_t comb_vec[YM_MAX_COMB_CLASSES];
static uint32_t rank_step[9][15][5];
static uint32_t honor_pow[7];

uint64_t ym_dec_hash[YM_DEC_HASH_SIZE];  /* see ym_tables.h (ym_suit_decs) */
uint64_t ym_dec_more[YM_DEC_MORE_MAX];
static uint32_t dec_more_count;
static int init_state; /* 0 = not yet, 1 = ok, <0 = error */

enum {
    YM_ERR_SIZE = -1,
    YM_ERR_CHECKSUM = -2,
    YM_ERR_NOMEM = -3,
    YM_ERR_CLASSES = -5,
    YM_ERR_DECS = -6,
};

const char *ym_init_error(int code) {
    switch (code) {
    case YM_ERR_SIZE: return "embedded shanten table has the wrong size";
    case YM_ERR_CHECKSUM: return "embedded shanten table fails its checksum";
    case YM_ERR_NOMEM: return "out of memory building the decomposition table";
    case YM_ERR_CLASSES: return "shanten class tables exceed their bounds";
    case YM_ERR_DECS: return "decomposition table exceeds its bounds";
    default: return "ok";
    }
}

/* Number of vectors of length len with entries 0..4 and sum <= s. */
static uint32_t count_vectors(int len, int s) {
    static uint32_t memo[10][15];
    static int ready;
    if (!ready) {
        for (int l = 0; l <= 9; l++)
            for (int t = 0; t <= 14; t++) {
                if (l == 0) { memo[l][t] = 1; continue; }
                uint32_t n = 0;
                for (int v = 0; v <= 4 && v <= t; v++) n += memo[l - 1][t - v];
                memo[l][t] = n;
            }
        ready = 1;
    }
    return s < 0 ? 0 : memo[len][s];
}

uint32_t ym_suit_rank(const uint8_t *c9) {
    uint32_t r = 0;
    int s = 14;
    for (int i = 0; i < 9; i++) {
        r += rank_step[i][s][c9[i]];
        s -= c9[i];
    }
    return r;
}

uint32_t ym_honor_key(const uint8_t *c7) {
    uint32_t k = 0;
    for (int i = 0; i < 7; i++) k += c7[i] * honor_pow[i];
    return k;
}

uint64_t ym_suit_dist(uint32_t rank) { return suit_vec[ym_suit_class[rank]]; }
uint64_t ym_honor_dist(uint32_t key) { return honor_vec[ym_honor_class[key]]; }

int ym_suit_decompositions(const uint8_t *c9, uint64_t *one, const uint64_t **out) {
    return ym_suit_decs(ym_suit_key(c9), one, out);
}

uint64_t ym_tables_bytes(void) {
    return (uint64_t)YM_BLOB_SIZE + sizeof suit_vec + sizeof honor_vec + sizeof rank_step + sizeof ym_comb1 +
           sizeof ym_comb2 + sizeof ym_final + sizeof ym_rank_hi + sizeof ym_rank_lo + sizeof comb_vec +
           sizeof ym_special +
           sizeof ym_dec_hash + sizeof ym_dec_more;
}

/* Set types: 0..8 triplet of rank t, 9..15 run starting at rank t-9. */
static void add_set(uint8_t *c, int t, int sign) {
    if (t < 9) c[t] = (uint8_t)(c[t] + 3 * sign);
    else { c[t - 9] = (uint8_t)(c[t - 9] + sign); c[t - 8] = (uint8_t)(c[t - 8] + sign); c[t - 7] = (uint8_t)(c[t - 7] + sign); }
}

static int within_limit(const uint8_t *c) {
    int s = 0;
    for (int i = 0; i < 9; i++) { if (c[i] > 4) return 0; s += c[i]; }
    return s <= 14;
}

/* Every (pattern, decomposition) of the enumeration, in the order found. */
typedef struct {
    uint32_t key, seq;
    uint8_t tiles;
    uint64_t dec;
} dec_entry_t;

/* Visit every multiset of sets (non-decreasing types) plus every pair choice; with out NULL
 * only count. */
static void enumerate(uint8_t *c, int depth, int min_type, uint64_t sets_bits, dec_entry_t *out, uint32_t *n) {
    for (int pair = -1; pair < 9; pair++) {
        if (pair >= 0) c[pair] = (uint8_t)(c[pair] + 2);
        if (within_limit(c)) {
            if (out) {
                int t = 0;
                for (int i = 0; i < 9; i++) t += c[i];
                out[*n].key = ym_suit_key(c);
                out[*n].seq = *n;
                out[*n].tiles = (uint8_t)t;
                out[*n].dec = sets_bits | (uint64_t)(pair + 1);
            }
            (*n)++;
        }
        if (pair >= 0) c[pair] = (uint8_t)(c[pair] - 2);
    }
    if (depth == 4) return;
    for (int t = min_type; t < 16; t++) {
        add_set(c, t, 1);
        if (within_limit(c)) {
            uint64_t bits = t < 9 ? sets_bits | (1ull << (4 + t)) : sets_bits + (1ull << (16 + 3 * (t - 9)));
            enumerate(c, depth + 1, t, bits, out, n);
        }
        add_set(c, t, -1);
    }
}

/* Fewer tiles first (those patterns are the common ones: they take their home slot), then by
 * key, then in the order found (the order of a pattern's decompositions, which decides exact
 * ties between readings). */
static int entry_cmp(const void *pa, const void *pb) {
    const dec_entry_t *a = pa, *b = pb;
    if (a->tiles != b->tiles) return a->tiles < b->tiles ? -1 : 1;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The open-addressing table of complete patterns (ym_tables.h). Every complete pattern has a
 * slot: the enumeration gives at most YM_DEC_HASH_SIZE - 1 of them (checked), so every probe
 * sequence meets an empty slot. */
static int build_decompositions(void) {
    uint8_t c[9] = {0};
    uint32_t n = 0;
    enumerate(c, 0, 0, 0, NULL, &n);
    dec_entry_t *all = malloc((size_t)n * sizeof *all);
    if (!all) return YM_ERR_NOMEM;
    uint32_t m = 0;
    enumerate(c, 0, 0, 0, all, &m);
    qsort(all, n, sizeof *all, entry_cmp);
    memset(ym_dec_hash, 0, sizeof ym_dec_hash);
    dec_more_count = 0;
    uint32_t patterns = 0;
    int err = 0;
    for (uint32_t i = 0; i < n && !err;) {
        uint32_t j = i;
        while (j < n && all[j].key == all[i].key) j++;
        uint32_t k = j - i, key = all[i].key;
        uint64_t payload;
        if (k == 1) {
            payload = all[i].dec;
        } else if (k <= 4 && dec_more_count + k <= YM_DEC_MORE_MAX) {
            payload = (uint64_t)(k - 1) << 13 | (uint64_t)dec_more_count << 16;
            for (uint32_t x = i; x < j; x++) ym_dec_more[dec_more_count++] = all[x].dec;
        } else {
            err = YM_ERR_DECS;
            break;
        }
        if (++patterns >= YM_DEC_HASH_SIZE) {
            err = YM_ERR_DECS;
            break;
        }
        uint32_t h = ym_dec_home(key);
        while (ym_dec_hash[h]) h = (h + 1) & (YM_DEC_HASH_SIZE - 1);
        ym_dec_hash[h] = (uint64_t)(key + 1) << 40 | payload;
        i = j;
    }
    free(all);
    return err;
}

/* Min-plus combine of two packed (p, m) distance vectors: the best split of m sets and p pairs. */
static uint64_t combine_vec(uint64_t a, uint64_t b) {
    uint64_t out = 0;
    for (int p = 0; p < 2; p++)
        for (int m = 0; m < 5; m++) {
            unsigned best = 15;
            for (int pa = 0; pa <= p; pa++)
                for (int i = 0; i <= m; i++) {
                    unsigned v = (unsigned)((a >> (4 * (5 * pa + i))) & 15) +
                                 (unsigned)((b >> (4 * (5 * (p - pa) + (m - i)))) & 15);
                    if (v < best) best = v;
                }
            out |= (uint64_t)best << (4 * (5 * p + m));
        }
    return out;
}

static int comb_class(uint64_t v) {
    for (int i = 0; i < n_comb_classes; i++)
        if (comb_vec[i] == v) return i;
    if (n_comb_classes == YM_MAX_COMB_CLASSES) return -1;
    comb_vec[n_comb_classes] = v;
    return n_comb_classes++;
}

static int build_combine_tables(void) {
    const uint8_t *blob = YM_BLOB;
    ym_suit_class = blob;
    ym_honor_class = blob + 405352u;
    for (int i = 0; i < YM_MAX_SUIT_CLASSES + YM_MAX_HONOR_CLASSES; i++) {
        const uint8_t *p = blob + 483480u + 8u * (unsigned)i;
        uint64_t v = 0;
        for (int b = 7; b >= 0; b--) v = (v << 8) | p[b];
        if (i < YM_MAX_SUIT_CLASSES) suit_vec[i] = v;
        else honor_vec[i - YM_MAX_SUIT_CLASSES] = v;
    }
    n_suit_classes = n_honor_classes = 0;
    for (uint32_t r = 0; r < YM_SUIT_PATTERNS; r++)
        if (ym_suit_class[r] >= n_suit_classes) n_suit_classes = ym_suit_class[r] + 1;
    for (uint32_t k = 0; k < YM_HONOR_PATTERNS; k++)
        if (ym_honor_class[k] >= n_honor_classes) n_honor_classes = ym_honor_class[k] + 1;
    if (n_suit_classes > YM_MAX_SUIT_CLASSES || n_honor_classes > YM_MAX_HONOR_CLASSES) return YM_ERR_CLASSES;
    n_comb_classes = 0;
    for (int a = 0; a < n_suit_classes; a++)
        for (int b = 0; b < n_suit_classes; b++) {
            int c = comb_class(combine_vec(suit_vec[a], suit_vec[b]));
            if (c < 0) return YM_ERR_CLASSES;
            ym_comb1[a][b] = (uint8_t)c;
        }
    /* Combining with a third suit can create new classes: iterate until closed. */
    for (int a = 0; a < n_comb_classes; a++)
        for (int b = 0; b < n_suit_classes; b++) {
            int c = comb_class(combine_vec(comb_vec[a], suit_vec[b]));
            if (c < 0) return YM_ERR_CLASSES;
            ym_comb2[a][b] = (uint8_t)c;
        }
    for (int a = 0; a < n_comb_classes; a++)
        for (int h = 0; h < n_honor_classes; h++) {
            uint64_t v = combine_vec(comb_vec[a], honor_vec[h]);
            for (int k = 0; k <= 4; k++) ym_final[a][h][k] = (int8_t)((v >> (4 * (5 + 4 - k))) & 15);
        }
    return 0;
}

static void build_rank_split(void) {
    for (uint32_t k5 = 0; k5 < 3125; k5++) {
        uint8_t c[5];
        uint32_t k = k5, part = 0;
        int s = 14, sum = 0;
        for (int i = 0; i < 5; i++) { c[i] = (uint8_t)(k % 5); k /= 5; sum += c[i]; }
        for (int i = 0; i < 5 && s >= 0; i++) {
            part += rank_step[i][s][c[i]];
            s -= c[i];
        }
        ym_rank_hi[k5] = sum <= 14 ? part | ((uint32_t)(14 - sum) << 20) : 0;
    }
    for (int left = 0; left <= 14; left++)
        for (uint32_t k4 = 0; k4 < 625; k4++) {
            uint32_t k = k4, part = 0;
            int s = left;
            for (int i = 5; i < 9; i++) {
                uint8_t v = (uint8_t)(k % 5);
                k /= 5;
                if (s < 0) break;
                part += rank_step[i][s][v];
                s -= v;
            }
            ym_rank_lo[left][k4] = part;
        }
}

/* Packed special-form counts (ym_tables.h) of n base-5 digits of key; bit i of yaochuu marks
 * digit i as a yaochuu kind. */
static uint16_t special_entry(uint32_t key, int n, unsigned yaochuu) {
    unsigned pairs = 0, kinds = 0, yk = 0, yp = 0;
    for (int i = 0; i < n; i++, key /= 5) {
        unsigned d = key % 5, y = (yaochuu >> i) & 1u;
        kinds += d >= 1;
        pairs += d >= 2;
        yk += y && d >= 1;
        yp += y && d >= 2;
    }
    return (uint16_t)(pairs | kinds << 3 | yk << 7 | yp << 11);
}

static void build_special(void) {
    for (uint32_t left = 0; left < 15; left++)
        for (uint32_t k = 0; k < 625; k++) ym_special.rank_lo[625 * left + k] = ym_rank_lo[left][k];
    for (uint32_t k = 0; k < 3125; k++) {
        uint32_t hi = ym_rank_hi[k];
        ym_special.hi[k] = (hi & 0xFFFFFu) | (uint64_t)special_entry(k, 5, 1u) << 32 | (uint64_t)(625u * (hi >> 20)) << 48;
    }
    for (uint32_t k = 0; k < 625; k++) {
        ym_special.lo[k] = special_entry(k, 4, 8u);
        ym_special.honor[k] = special_entry(k, 4, 15u);
    }
    for (unsigned e = 0; e < (1u << 14); e++) {
        int t = YM_SP_CHIITOITSU(e), k = YM_SP_KOKUSHI(e);
        ym_special.min[e] = (int8_t)(t < k ? t : k);
    }
}

int ym_init(void) {
    if (init_state) return init_state > 0 ? 0 : init_state;
    size_t size = YM_BLOB_SIZE;
    if (size != YM_TABLES_BLOB_BYTES) return init_state = YM_ERR_SIZE;
    uint64_t h = 0xCBF29CE484222325ULL;
    for (size_t i = 0; i < size; i++) h = (h ^ YM_BLOB[i]) * 0x100000001B3ULL;
    if (h != YM_TABLES_CHECKSUM) return init_state = YM_ERR_CHECKSUM;
    for (int i = 0; i < 9; i++)
        for (int s = 0; s <= 14; s++)
            for (int v = 0; v <= 4; v++) {
                uint32_t acc = 0;
                for (int u = 0; u < v; u++) acc += count_vectors(8 - i, s - u);
                rank_step[i][s][v] = acc;
            }
    build_rank_split();
    build_special();
    honor_pow[0] = 1;
    for (int i = 1; i < 7; i++) honor_pow[i] = honor_pow[i - 1] * 5;
    int err = build_combine_tables();
    if (!err) err = build_decompositions();
    if (err) return init_state = err;
    ym_yaku_init();
    init_state = 1;
    return 0;
}
