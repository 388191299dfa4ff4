/* ym_bits.h - portable bit helpers for the kernels and the Cython glue.
 *
 * Invariants: ym_ctz64(x) needs x != 0 (the index of the lowest set bit, 0..63); ym_popcount64
 * assumes no POPCNT instruction (a builtin would call libgcc on x86-64 baseline builds). GCC and
 * Clang (also clang-cl) use __builtin_ctzll; MSVC uses its _BitScanForward intrinsics.
 */
#ifndef YM_BITS_H
#define YM_BITS_H

#include <stdint.h>
#include <string.h>

/* SSE2 (part of every x86-64 target) for the kernels' row checks; YM_NO_SSE2 selects the
 * portable word forms (tests build both). */
#if defined(__SSE2__) && !defined(YM_NO_SSE2)
#define YM_USE_SSE2 1
#include <emmintrin.h>
#else
#define YM_USE_SSE2 0
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static __inline int ym_ctz64(uint64_t x) {
    unsigned long i;
#if defined(_M_X64) || defined(_M_ARM64)
    _BitScanForward64(&i, x);
    return (int)i;
#else
    if (_BitScanForward(&i, (unsigned long)(x & 0xFFFFFFFFu))) return (int)i;
    _BitScanForward(&i, (unsigned long)(x >> 32));
    return (int)i + 32;
#endif
}
#else
static inline int ym_ctz64(uint64_t x) { return __builtin_ctzll(x); }
#endif

static inline int ym_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The 4 bytes at p as a little-endian word. */
static inline uint32_t ym_load4(const uint8_t *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}

/* The 8 bytes at p as a little-endian word (one unaligned load on little-endian hosts). */
static inline uint64_t ym_load8(const uint8_t *p) {
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, p, 8); /* the byte loop below is not merged into one load by the compiler */
#else
    for (int j = 7; j >= 0; j--) v = (v << 8) | p[j];
#endif
    return v;
}

/* a hint to fetch the line of p ahead of its use (nothing where the compiler has no builtin) */
#if defined(__GNUC__) || defined(__clang__)
#define YM_PREFETCH(p) __builtin_prefetch(p)
#else
#define YM_PREFETCH(p) ((void)0)
#endif

#endif
