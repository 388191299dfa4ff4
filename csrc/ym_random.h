/* ym_random: the native winning-hand generator (yakuman.random.winning_hands).
 *
 * One chunk of rows from a stream of uniform doubles. The stream is consumed exactly as the
 * Python implementation (src/yakuman/random.py, the readable reference) consumes numpy's
 * Generator.random(): the same blocks in the same order, each block filled row-major, and every
 * choice made by the same floating-point operations (floor of u * len, searchsorted on the
 * cumulative weights divided by their total, a row's cumulative counts against u * total,
 * ranks of distinct keys), so that every column is identical to the Python one.
 *
 * The doubles come from numpy's PCG64 generator, reimplemented here (the caller seeds it per chunk
 * with the state numpy's SeedSequence gives); this file knows nothing of Python.
 */
#ifndef YM_RANDOM_H
#define YM_RANDOM_H

#include <stdint.h>

/* numpy's PCG64 (XSL-RR 128/64), the bit generator of numpy.random.default_rng: the state and
 * increment as 128-bit numbers in two halves, read from PCG64.state. next_double(): step the
 * state (state * multiplier + increment), output the XSL-RR word, keep its top 53 bits, scale by
 * 2^-53: numpy's Generator.random() value for value. */
typedef struct {
    uint64_t state_hi, state_lo;
    uint64_t inc_hi, inc_lo;
} ym_uniform_src;

double ym_pcg64_next_double(ym_uniform_src *src);

/* The generator numpy's PCG64(SeedSequence(entropy, spawn_key=(chunk,))) starts from (what
 * np.random.default_rng gives chunk `chunk` of a winning_hands stream). `entropy`: the entropy's
 * 32-bit words, lowest first, n >= 1 (numpy's reading of a non-negative integer: 0 is one zero
 * word). SeedSequence mixes the words (padded with zeros to its pool of four, then the spawn key's
 * words) into a pool of four 32-bit words, draws four 64-bit words from the pool, and PCG64 takes
 * the first two as its initial state and the last two as its stream: state 0, increment
 * 2 * stream + 1, one step, the initial state added, one step. */
void ym_pcg64_seed_chunk(const uint32_t *entropy, int n, uint64_t chunk, ym_uniform_src *out);

#define YM_GEN_SHAPES 22

typedef struct {
    int players;                      /* 4 or 3 */
    int aka;                          /* red fives per suit, 0..4 */
    double shape_cum[YM_GEN_SHAPES];  /* cumulative template weights divided by their total */
    double meld_cum[5];               /* cumulative weights of asking for 0..4 melds, likewise */
    double tsumo, riichi, first_turn, renhou;
} ym_gen_params;

/* Output of one chunk: m rows, row-major, the columns of yakuman.random.WinningHands. */
typedef struct {
    uint8_t *counts;      /* m x 34 */
    uint8_t *reds;        /* m x 3 */
    uint8_t *n_melds;
    int8_t *meld_type;    /* m x 4 */
    uint8_t *meld_tile;   /* m x 4 */
    uint8_t *meld_reds;   /* m x 4 */
    uint8_t *win;
    uint8_t *win_red;     /* 0 / 1 */
    uint16_t *flags;
    uint8_t *seat_wind;
    uint8_t *round_wind;
    uint8_t *dora;        /* m x 5 */
    uint8_t *n_dora;
    uint8_t *ura;         /* m x 5 */
    uint8_t *n_ura;
    uint8_t *kita;
    uint16_t *honba;
    uint16_t *riichi_sticks;
    uint8_t *shape;
} ym_gen_out;

/* Fill the m rows of one chunk. Returns 0; -1 when memory runs out; -2 when a template kept
 * failing the four-copy limit for 1000 rounds (never with the shipped templates). */
int ym_winning_chunk(ym_uniform_src *src, const ym_gen_params *p, int m, ym_gen_out *out);

#endif
