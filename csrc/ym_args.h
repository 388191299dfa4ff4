/* ym_args.h - fast reads of tile arguments given as Python lists/tuples of small ints, without
 * Python.h: the caller passes the sequence's item pointers and the geometry of the
 * interpreter's cached small ints (the int objects 0..136 lie at base + (v << shift), checked
 * by the caller at import; `ok` = 0 when they do not, and every function here then declines).
 *
 * Invariants: each function only reads items[0..n) and compares their addresses (never
 * dereferences them); it either succeeds on a well-formed argument with exactly the result
 * of the general path (counts, red fives, tile total) or returns -1 and writes nothing the
 * caller relies on, so the caller falls back to the general path, which words the error. An
 * item that is not one of the cached ints (a bool, a float, a numpy integer, a large int)
 * always declines. */
#ifndef YM_ARGS_H
#define YM_ARGS_H

#include <stdint.h>
#include <string.h>

typedef struct {
    uintptr_t base;  /* address of the int 0 */
    unsigned shift;  /* log2 of the distance between consecutive cached ints (>= 1) */
    int ok;          /* the ints 0..136 are at base + (v << shift) */
} ym_small_ints_t;

/* The cached int's value when p is one of the ints 0..limit, else -1 (base and shift passed
 * by value: byte stores to the output may alias anything, so locals keep them in registers). */
static inline int ym_small_value(uintptr_t base, unsigned shift, const void *p, unsigned limit) {
    /* d rotated right by shift (1 <= shift < the pointer width, checked at import): equal to
     * d >> shift when d is a multiple of the stride, else huge (the low bits land on top); an
     * address below base wraps to a huge d too */
    uintptr_t d = (uintptr_t)p - base;
    uintptr_t v = (d >> shift) | (d << ((sizeof(uintptr_t) * 8 - shift) % (sizeof(uintptr_t) * 8)));
    return v <= limit ? (int)v : -1;
}

/* 34 counts, each one of the ints 0..4: c[0..34) and the total, else -1. */
static inline int ym_args_counts34(const ym_small_ints_t *s, void *const *items, uint8_t *c) {
    int total = 0;
    uintptr_t base = s->base;
    unsigned shift = s->shift;
    uint8_t tmp[34];
    if (!s->ok) return -1;
    for (int i = 0; i < 34; i++) {
        int v = ym_small_value(base, shift, items[i], 4);
        if (v < 0) return -1;
        tmp[i] = (uint8_t)v;
        total += v;
    }
    memcpy(c, tmp, 34);
    return total;
}

/* n distinct 136-ids (n <= 136), each one of the ints 0..135: counts, red fives (ids 16, 52,
 * 88 when aka) and n, else -1 (also on a duplicate). */
static inline int ym_args_ids(const ym_small_ints_t *s, void *const *items, int64_t n, int aka,
                              uint8_t *c, uint8_t *reds) {
    uint64_t seen[3] = {0, 0, 0};
    uintptr_t base = s->base;
    unsigned shift = s->shift;
    if (!s->ok || n < 0 || n > 136) return -1;
    memset(c, 0, 34);
    memset(reds, 0, 3);
    for (int64_t i = 0; i < n; i++) {
        int v = ym_small_value(base, shift, items[i], 135);
        if (v < 0) return -1;
        uint64_t bit = 1ULL << (v & 63);
        if (seen[v >> 6] & bit) return -1;
        seen[v >> 6] |= bit;
        c[v >> 2]++;
        if (aka && (v == 16 || v == 52 || v == 88)) reds[(v - 16) / 36]++;
    }
    return (int)n;
}

#endif
