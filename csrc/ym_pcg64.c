/* ym_pcg64: numpy's PCG64 one step at a time, its seeding from numpy's SeedSequence, and the jump
 * tables of ym_pcg64.h (see there and ym_random.h). */
#include "ym_pcg64.h"

static inline uint64_t pcg_next64(ym_uniform_src *s) {
    u128 st = add128(mul128(mk128(s->state_hi, s->state_lo), PCG_MULT), mk128(s->inc_hi, s->inc_lo));
    s->state_hi = hi64(st);
    s->state_lo = lo64(st);
    uint64_t x = s->state_hi ^ s->state_lo;
    unsigned rot = (unsigned)(s->state_hi >> 58);
    return (x >> rot) | (x << ((64u - rot) & 63u));
}


double ym_pcg64_next_double(ym_uniform_src *src) {
    return (double)(pcg_next64(src) >> 11) * (1.0 / 9007199254740992.0);
}

/* numpy's SeedSequence hash (O'Neill's seed_seq_fe): the constants of its two hash streams and
 * its mixing function, all in 32-bit arithmetic */
#define SS_INIT_A 0x43b0d7e5u
#define SS_MULT_A 0x931e8875u
#define SS_INIT_B 0x8b51f9ddu
#define SS_MULT_B 0x58f38dedu
#define SS_MIX_L 0xca01f9ddu
#define SS_MIX_R 0x4973f715u

static inline uint32_t ss_hash(uint32_t v, uint32_t *h) {
    v ^= *h;
    *h *= SS_MULT_A;
    v *= *h;
    return v ^ (v >> 16);
}

static inline uint32_t ss_mix(uint32_t x, uint32_t y) {
    uint32_t r = SS_MIX_L * x - SS_MIX_R * y;
    return r ^ (r >> 16);
}

void ym_pcg64_seed_chunk(const uint32_t *entropy, int n, uint64_t chunk, ym_uniform_src *out) {
    /* the entropy words, padded with zeros to four (a spawn key follows), then the key's words */
    uint32_t key[2];   /* one or two words (chunk < 2^64) */
    int n_run = n > 4 ? n : 4, n_key = 0;
    do {
        key[n_key++] = (uint32_t)chunk;
        chunk >>= 32;
    } while (chunk);
    #define SS_WORD(i) ((i) < n ? entropy[i] : (i) < n_run ? 0u : key[(i) - n_run])
    const int total = n_run + n_key;
    uint32_t pool[4], h = SS_INIT_A;
    for (int i = 0; i < 4; i++) pool[i] = ss_hash(SS_WORD(i), &h);
    for (int src = 0; src < 4; src++)
        for (int dst = 0; dst < 4; dst++)
            if (src != dst) pool[dst] = ss_mix(pool[dst], ss_hash(pool[src], &h));
    for (int src = 4; src < total; src++)
        for (int dst = 0; dst < 4; dst++) pool[dst] = ss_mix(pool[dst], ss_hash(SS_WORD(src), &h));
    #undef SS_WORD
    /* generate_state(4, uint64): eight 32-bit words from the pool in turn, paired low word first */
    uint64_t w[4];
    uint32_t hb = SS_INIT_B;
    for (int i = 0; i < 8; i++) {
        uint32_t v = pool[i % 4] ^ hb;
        hb *= SS_MULT_B;
        v *= hb;
        v ^= v >> 16;
        if (i % 2 == 0) w[i / 2] = v;
        else w[i / 2] |= (uint64_t)v << 32;
    }
    /* PCG64's seeding: the 128-bit state w[0]:w[1], stream w[2]:w[3] (high word first) */
    u128 inc = add128(mul128(mk128(w[2], w[3]), mk128(0, 2)), mk128(0, 1));
    u128 st = add128(inc, mk128(w[0], w[1]));   /* one step from state 0 is the increment */
    st = add128(mul128(st, PCG_MULT), inc);
    out->state_hi = hi64(st);
    out->state_lo = lo64(st);
    out->inc_hi = hi64(inc);
    out->inc_lo = lo64(inc);
}

void ym_pcg64_jumps_init(jumps *J, u128 inc) {
    u128 m = PCG_MULT, p = inc;   /* the unit map s -> m s + p of this level */
    for (int l = 0; l < 4; l++) {
        J->a[l][0] = mk128(0, 1);
        J->c[l][0] = mk128(0, 0);
        for (int k = 1; k < 256; k++) {
            J->a[l][k] = mul128(J->a[l][k - 1], m);
            J->c[l][k] = add128(mul128(J->c[l][k - 1], m), p);
        }
        u128 nm = mul128(J->a[l][255], m), np = add128(mul128(J->c[l][255], m), p);
        m = nm;
        p = np;
    }
    J->big_a = m;
    J->big_c = p;
}

