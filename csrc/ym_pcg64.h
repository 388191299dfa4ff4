/* ym_pcg64: numpy's PCG64 (XSL-RR 128/64) for the native winning-hand generator (ym_random.c),
 * internal to csrc/: 128-bit arithmetic, the output of a state, and reading the stream by place
 * (jump tables and cursors). The seeding from numpy's SeedSequence and the one-step generator of
 * the public API (ym_random.h) live in ym_pcg64.c. */
#ifndef YM_PCG64_H
#define YM_PCG64_H

#include "ym_random.h"

/* PCG64 in 128-bit arithmetic: a native 128-bit type where the compiler has one, else two halves
 * (a 64 x 64 -> 128 product from 32-bit pieces) */
#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;
static inline u128 mk128(uint64_t hi, uint64_t lo) { return ((u128)hi << 64) | lo; }
static inline u128 mul128(u128 a, u128 b) { return a * b; }
static inline u128 add128(u128 a, u128 b) { return a + b; }
static inline uint64_t hi64(u128 a) { return (uint64_t)(a >> 64); }
static inline uint64_t lo64(u128 a) { return (uint64_t)a; }
#else
typedef struct { uint64_t hi, lo; } u128;
static inline u128 mk128(uint64_t hi, uint64_t lo) { u128 r = {hi, lo}; return r; }
static inline u128 mul128(u128 a, u128 b) {
    uint64_t a0 = a.lo & 0xFFFFFFFFu, a1 = a.lo >> 32, b0 = b.lo & 0xFFFFFFFFu, b1 = b.lo >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    u128 r;
    r.lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32) + a.hi * b.lo + a.lo * b.hi;
    return r;
}
static inline u128 add128(u128 a, u128 b) {
    u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}
static inline uint64_t hi64(u128 a) { return a.hi; }
static inline uint64_t lo64(u128 a) { return a.lo; }
#endif

#define PCG_MULT mk128(2549297995355413924ULL, 4865540595714422341ULL)   /* numpy's multiplier */

/* the XSL-RR output of a state, as numpy's next_double keeps it (top 53 bits) */
static inline double out_double(u128 st) {
    uint64_t hi = hi64(st), x = hi ^ lo64(st);
    unsigned rot = (unsigned)(hi >> 58);
    return (double)(int64_t)(((x >> rot) | (x << ((64u - rot) & 63u))) >> 11) * (1.0 / 9007199254740992.0);
}

/* d steps of the LCG as one affine map per 8-bit digit of d: a[l][k] s + c[l][k] is k * 256^l
 * steps; big is 2^32 steps (never reached by a 4096-row chunk, kept for any m) */
typedef struct {
    u128 a[4][256], c[4][256];
    u128 big_a, big_c;
} jumps;

/* fill J for the stream of increment inc (per chunk) */
void ym_pcg64_jumps_init(jumps *J, u128 inc);

static inline u128 jump(const jumps *J, u128 st, uint64_t d) {
    if (d < 256) return add128(mul128(J->a[0][d], st), J->c[0][d]);   /* most reads: one digit */
    for (int l = 0; l < 4 && d; l++, d >>= 8) {
        unsigned k = (unsigned)(d & 255u);
        if (k) st = add128(mul128(J->a[l][k], st), J->c[l][k]);
    }
    for (; d; d--) st = add128(mul128(J->big_a, st), J->big_c);
    return st;
}

/* a reader of one block: the state (two halves) after `pos` steps from the chunk's start */
typedef struct {
    uint64_t hi, lo, pos;
} cursor;

/* the double at place q of the chunk's stream (q >= c->pos: a cursor only moves forward). The
 * state is read and written as the same two 64-bit halves: a 16-byte read of a state just
 * written as two 8-byte halves cannot be forwarded from the store buffer and waits for the
 * stores (the compiler makes one of a 128-bit struct member), a stall on every read that follows
 * a read of the same cursor closely. */
static inline double rd(const jumps *J, cursor *c, uint64_t q) {
    u128 st = jump(J, mk128(c->hi, c->lo), q + 1 - c->pos);
    c->hi = hi64(st);
    c->lo = lo64(st);
    c->pos = q + 1;
    return out_double(st);
}

/* the doubles at places q .. q + 3 (q >= c->pos): each state one multiply-add from the cursor's
 * state, side by side, instead of a chain of four reads each waiting for the previous one */
static inline void rd4(const jumps *J, cursor *c, uint64_t q, double out[4]) {
    u128 st = mk128(c->hi, c->lo), s0, s1, s2, s3;
    uint64_t d = q + 1 - c->pos;
    if (d < 253) {
        s0 = add128(mul128(J->a[0][d], st), J->c[0][d]);
        s1 = add128(mul128(J->a[0][d + 1], st), J->c[0][d + 1]);
        s2 = add128(mul128(J->a[0][d + 2], st), J->c[0][d + 2]);
        s3 = add128(mul128(J->a[0][d + 3], st), J->c[0][d + 3]);
    } else {
        s0 = jump(J, st, d);
        s1 = add128(mul128(J->a[0][1], s0), J->c[0][1]);
        s2 = add128(mul128(J->a[0][2], s0), J->c[0][2]);
        s3 = add128(mul128(J->a[0][3], s0), J->c[0][3]);
    }
    c->hi = hi64(s3);
    c->lo = lo64(s3);
    c->pos = q + 4;
    out[0] = out_double(s0);
    out[1] = out_double(s1);
    out[2] = out_double(s2);
    out[3] = out_double(s3);
}

#endif
