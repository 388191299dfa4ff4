/* ym_game_wall.c - seeded walls, given walls, dora / ura indicators.
 *
 * PRNG: splitmix64 (Steele, Lea, Flood 2014) expands a 64-bit seed into the 256-bit state of
 * xoshiro256** (Blackman, Vigna 2018); both use only 64-bit unsigned arithmetic, so a seed gives
 * the same wall on every machine and compiler. ym_rng_below is unbiased (rejection of the
 * incomplete top range). The wall of round r of game seed s is a Fisher-Yates shuffle of the
 * game's ids 0..135 (sanma: without the 2m-8m ids 4..31) under the stream seeded by
 * splitmix64 of (s, r); the round number makes rounds independent of the play before them.
 *
 * Invariants: every function here writes only inside the arrays it is given (n <= 136).
 */
#include "ym_game.h"

uint64_t ym_splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void ym_rng_seed(ym_rng_t *r, uint64_t seed) {
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = ym_splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ym_rng_next(ym_rng_t *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t ym_rng_below(ym_rng_t *r, uint32_t n) {
    if (n <= 1) return 0;
    uint64_t limit = UINT64_MAX - (UINT64_MAX % n);   /* values >= limit would bias the modulo */
    uint64_t x;
    do x = ym_rng_next(r); while (x >= limit);
    return (uint32_t)(x % n);
}

void ym_wall_shuffle(uint8_t *wall, int n, uint64_t seed, uint32_t round_no) {
    int k = 0;
    for (int id = 0; id < 136 && k < n; id++) {
        if (n == 108 && id >= 4 && id < 32) continue;   /* sanma: no 2m-8m */
        wall[k++] = (uint8_t)id;
    }
    uint64_t x = seed ^ (0xD1B54A32D192ED03ULL * ((uint64_t)round_no + 1));
    ym_rng_t r;
    ym_rng_seed(&r, ym_splitmix64(&x));
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ym_rng_below(&r, (uint32_t)i + 1);
        uint8_t t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
    }
}

int ym_wall_check(const uint8_t *wall, int n, int players) {
    uint8_t seen[136] = {0};
    if (n != (players == 3 ? 108 : 136)) return 1;
    for (int i = 0; i < n; i++) {
        int id = wall[i];
        if (id >= 136 || seen[id]) return 1;
        if (players == 3 && id >= 4 && id < 32) return 1;
        seen[id] = 1;
    }
    return 0;
}

int ym_game_dora_indicator(const ym_game_t *g, int i) { return g->wall[g->n_tiles - 14 + 4 + 2 * i]; }
int ym_game_ura_indicator(const ym_game_t *g, int i) { return g->wall[g->n_tiles - 14 + 5 + 2 * i]; }
