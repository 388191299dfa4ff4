/* ym_tables.c - load, verify and index the suit-pattern tables.
 *
 * The distance blob is produced by tools/gen_tables.py at build time and embedded with
 * .incbin (path in the generated ym_tables_meta.h); it is checked here for size and
 * checksum before first use. The decomposition table is built at load by enumerating every
 * multiset of at most four sets (9 triplets, 7 runs) plus at most one pair in one suit.
 * Ranking of suit patterns: lexicographic rank among the 9-vectors with entries 0..4 and
 * total <= 14, rank 0 most significant (the generator's C-order enumeration).
 */
#include "ym_tables.h"
#include "ym_tables_meta.h"

#include <stdlib.h>
#include <string.h>

__asm__(".section .rodata\n"
        ".balign 64\n"
        ".global ym_tables_blob\n"
        "ym_tables_blob:\n"
        ".incbin \"" YM_TABLES_BIN "\"\n"
        ".global ym_tables_blob_end\n"
        "ym_tables_blob_end:\n"
        ".byte 0\n"
        ".previous\n");
extern const unsigned char ym_tables_blob[];
extern const unsigned char ym_tables_blob_end[];

static const uint64_t *suit_dist;
static const uint64_t *honor_dist;
static uint32_t rank_step[9][15][5];
static uint32_t honor_pow[7];

static uint32_t *dec_offset; /* YM_SUIT_PATTERNS + 1 */
static uint64_t *dec_data;
static uint32_t dec_count;
static int init_state; /* 0 = not yet, 1 = ok, <0 = error */

enum {
    YM_ERR_SIZE = -1,
    YM_ERR_CHECKSUM = -2,
    YM_ERR_NOMEM = -3,
    YM_ERR_ALIGN = -4,
};

const char *ym_init_error(int code) {
    switch (code) {
    case YM_ERR_SIZE: return "embedded shanten table has the wrong size";
    case YM_ERR_CHECKSUM: return "embedded shanten table fails its checksum";
    case YM_ERR_NOMEM: return "out of memory building the decomposition table";
    case YM_ERR_ALIGN: return "embedded shanten table is misaligned";
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

uint64_t ym_suit_dist(uint32_t rank) { return suit_dist[rank]; }
uint64_t ym_honor_dist(uint32_t key) { return honor_dist[key]; }

int ym_suit_decompositions(uint32_t rank, const uint64_t **out) {
    *out = dec_data + dec_offset[rank];
    return (int)(dec_offset[rank + 1] - dec_offset[rank]);
}

uint64_t ym_tables_bytes(void) {
    return (uint64_t)(ym_tables_blob_end - ym_tables_blob) + sizeof rank_step +
           (uint64_t)(YM_SUIT_PATTERNS + 1) * sizeof(uint32_t) + (uint64_t)dec_count * sizeof(uint64_t);
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

/* Visit every multiset of sets (non-decreasing types) plus every pair choice.
 * pass 0 counts per rank, pass 1 fills. */
static void enumerate(uint8_t *c, int depth, int min_type, uint64_t sets_bits, int pass, uint32_t *cursor) {
    for (int pair = -1; pair < 9; pair++) {
        if (pair >= 0) c[pair] = (uint8_t)(c[pair] + 2);
        if (within_limit(c)) {
            uint32_t r = ym_suit_rank(c);
            if (pass == 0) dec_offset[r + 1]++;
            else dec_data[cursor[r]++] = sets_bits | (uint64_t)(pair + 1) | ((uint64_t)depth << 40);
        }
        if (pair >= 0) c[pair] = (uint8_t)(c[pair] - 2);
    }
    if (depth == 4) return;
    for (int t = min_type; t < 16; t++) {
        add_set(c, t, 1);
        if (within_limit(c)) {
            uint64_t bits = t < 9 ? sets_bits | (1ull << (4 + t)) : sets_bits + (1ull << (16 + 3 * (t - 9)));
            enumerate(c, depth + 1, t, bits, pass, cursor);
        }
        add_set(c, t, -1);
    }
}

static int build_decompositions(void) {
    dec_offset = calloc(YM_SUIT_PATTERNS + 1, sizeof(uint32_t));
    if (!dec_offset) return YM_ERR_NOMEM;
    uint8_t c[9] = {0};
    enumerate(c, 0, 0, 0, 0, NULL);
    for (uint32_t r = 0; r < YM_SUIT_PATTERNS; r++) dec_offset[r + 1] += dec_offset[r];
    dec_count = dec_offset[YM_SUIT_PATTERNS];
    dec_data = malloc((size_t)dec_count * sizeof(uint64_t));
    uint32_t *cursor = malloc(YM_SUIT_PATTERNS * sizeof(uint32_t));
    if (!dec_data || !cursor) { free(cursor); return YM_ERR_NOMEM; }
    memcpy(cursor, dec_offset, YM_SUIT_PATTERNS * sizeof(uint32_t));
    enumerate(c, 0, 0, 0, 1, cursor);
    free(cursor);
    return 0;
}

int ym_init(void) {
    if (init_state) return init_state > 0 ? 0 : init_state;
    size_t size = (size_t)(ym_tables_blob_end - ym_tables_blob);
    if (size != (size_t)(YM_SUIT_PATTERNS + YM_HONOR_PATTERNS) * 8u) return init_state = YM_ERR_SIZE;
    if (((uintptr_t)ym_tables_blob) % 8u) return init_state = YM_ERR_ALIGN;
    suit_dist = (const uint64_t *)(const void *)ym_tables_blob;
    honor_dist = suit_dist + YM_SUIT_PATTERNS;
    uint64_t h = 0xCBF29CE484222325ULL;
    for (uint32_t i = 0; i < YM_SUIT_PATTERNS + YM_HONOR_PATTERNS; i++) h = (h ^ suit_dist[i]) * 0x100000001B3ULL;
    if (h != YM_TABLES_CHECKSUM) return init_state = YM_ERR_CHECKSUM;
    for (int i = 0; i < 9; i++)
        for (int s = 0; s <= 14; s++)
            for (int v = 0; v <= 4; v++) {
                uint32_t acc = 0;
                for (int u = 0; u < v; u++) acc += count_vectors(8 - i, s - u);
                rank_step[i][s][v] = acc;
            }
    honor_pow[0] = 1;
    for (int i = 1; i < 7; i++) honor_pow[i] = honor_pow[i - 1] * 5;
    int err = build_decompositions();
    if (err) return init_state = err;
    init_state = 1;
    return 0;
}
