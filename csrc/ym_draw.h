/* ym_draw: the choices of the native winning-hand generator (ym_random.c) made from uniform
 * doubles, each the same floating-point operation as the numpy reference's (random.py _pick,
 * _cat, _row_cat), and the rows of per-kind counts they draw from, kept as words of bytes.
 * Internal to csrc/. */
#ifndef YM_DRAW_H
#define YM_DRAW_H

#include <stdint.h>

/* c ? a : b for c in {0, 1}, without a branch (the compiler would make one of c ? a : b) */
static inline int sel(int c, int a, int b) { return b + ((a - b) & -c); }

/* _pick: table[min(int(u * len), len - 1)] (the index) */
static inline int pick(int len, double u) {
    long i = (long)(u * (double)len);
    return i > len - 1 ? len - 1 : (int)i;
}

/* _cat's table: cumsum(p) / cumsum(p)[-1] */
static void cum_of(const double *p, int n, double *cum) {
    double c = p[0];
    cum[0] = c;
    for (int j = 1; j < n; j++) cum[j] = c = c + p[j];
    double last = cum[n - 1];
    for (int j = 0; j < n; j++) cum[j] /= last;
}

/* _cat: searchsorted(cum, u, "right"), at most n - 1 */
static inline int cat(const double *cum, int n, double u) {
    int k = 0;
    for (int j = 0; j < n; j++) k += cum[j] <= u;   /* cum is sorted: the count is the place */
    return k > n - 1 ? n - 1 : k;
}

/* _cat through a table of 256 buckets: lo[b] is the draw at u = b / 256, a lower bound of the
 * draw of every u in bucket b (the draw grows with u), and the cumulative weights inside the
 * bucket (rarely more than one) are counted from there: the same draw as cat, for the 22
 * templates in about two comparisons */
typedef struct {
    const double *cum;
    int n;
    uint8_t lo[256];
} cat_index;

static void cat_index_init(cat_index *ci, const double *cum, int n) {
    ci->cum = cum;
    ci->n = n;
    for (int b = 0; b < 256; b++) ci->lo[b] = (uint8_t)cat(cum, n, b / 256.0);
}

static inline int cat_fast(const cat_index *ci, double u) {
    int k = ci->lo[(int)(u * 256.0)];   /* u < 1: the bucket is 0..255 */
    while (k < ci->n - 1 && ci->cum[k] <= u) k++;
    return k;
}

/* A row's 34 per-kind counts (each at most 4) as five 64-bit words of bytes, kind k in byte
 * k % 8 of word k / 8 (kinds 32, 33 in the two low bytes of word 4, its other bytes 0), so that
 * whole rows are added, compared and counted eight kinds per instruction. */
#define L8 0x0101010101010101ULL
#define H8 0x8080808080808080ULL

static inline uint64_t le64(const uint8_t *p) {   /* one 8-byte load on a little-endian machine */
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24
           | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static inline void load_counts(const uint8_t *c, uint64_t w[5]) {
    w[0] = le64(c);
    w[1] = le64(c + 8);
    w[2] = le64(c + 16);
    w[3] = le64(c + 24);
    w[4] = le64(c + 26) >> 48;   /* bytes 32, 33 (the load stays inside the row) */
}

static inline int byte_at(const uint64_t w[5], int k) { return (int)(w[k >> 3] >> (8 * (k & 7)) & 0xFF); }

static inline void add_at(uint64_t w[5], int k, int v) { w[k >> 3] += (uint64_t)v << (8 * (k & 7)); }

/* the sum of all 34 counts (at most 255) */
static inline int words_sum(const uint64_t w[5]) {
    return (int)(((w[0] + w[1] + w[2] + w[3] + w[4]) * L8) >> 56);
}

/* _row_cat over the counts w of sum `total` (0 < total < 128): the number of cumulative counts
 * <= u * total, i.e. the first kind whose cumulative count exceeds it (at most 33: numpy would
 * fail on 34, which no reachable row gives). An integer cumulative count exceeds x exactly when
 * it exceeds floor(x) = target. Per word: the prefix sums of its bytes are one multiply by L8
 * (each below 128: no carry between bytes), the words before it add their total to every byte,
 * and a byte 0x80 + target - cum keeps its high bit exactly when cum <= target (no borrow: the
 * difference stays in 6..255); the high bits are summed bytewise and counted by one multiply.
 * Branch-free: the draw's place among the kinds is unpredictable. */
static inline int row_cat(const uint64_t w[5], int total, double u) {
    const uint64_t tl = (uint64_t)(int)(u * (double)total) * L8 | H8;
    uint64_t carry = 0, acc = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t cum = w[i] * L8 + carry;
        acc += ((tl - cum) & H8) >> 7;
        carry = (cum >> 56) * L8;
    }
    int k = (int)((acc * L8) >> 56);
    return k > 33 ? 33 : k;
}

#endif
