/* ym_random: winning_hands, natively (see ym_random.h). A line-by-line port of
 * src/yakuman/random.py (_chunk, _gen_regular, _gen_direct, _assemble): each numpy block
 * rng.random(shape) is one fill() of as many doubles, read back row-major; the names follow
 * the Python ones. The rows of a template are filled in row order from its candidates (a row's
 * template decides which candidates it takes; rows of other templates do not interleave). */
#include "ym_random.h"

#include <stdlib.h>
#include <string.h>

enum { CHI, PON, MINKAN, KAKAN, ANKAN };
enum {
    S_MIXED, S_TANYAO, S_FLUSH, S_HONOR, S_TERMINAL, S_TOITOI, S_SANSHOKU, S_ITTSU, S_IIPEIKOU,
    S_RYANPEIKOU, S_SANSHOKU_DOUKOU, S_CHIITOITSU, S_KOKUSHI, S_DAISANGEN, S_SUUANKOU, S_TSUUIISOU,
    S_RYUUIISOU, S_CHINROUTOU, S_CHUUREN, S_SHOUSUUSHII, S_DAISUUSHII, S_SUUKANTSU
};

#define P_RIICHI_DOUBLE 0.08
#define P_IPPATSU 0.2
#define P_RINSHAN 0.35
#define P_HAITEI 0.04
#define P_HOUTEI 0.04
#define P_CHANKAN 0.06
#define P_RUN 0.55

static const double ROUND_4[4] = {0.50, 0.40, 0.08, 0.02};
static const double ROUND_3[3] = {0.55, 0.40, 0.05};
static const double HONBA[9] = {0.55, 0.20, 0.10, 0.06, 0.04, 0.02, 0.015, 0.01, 0.005};
static const double OTHER_STICKS[5] = {0.55, 0.25, 0.12, 0.05, 0.03};
static const double KITA_P[5] = {0.45, 0.30, 0.15, 0.07, 0.03};
static const double OTHER_KANS[3] = {0.86, 0.11, 0.03};
static const double MELD_TYPE_P[4] = {0.60, 0.10, 0.12, 0.18};
static const double CHIITOI_SUB[4] = {0.60, 0.25, 0.10, 0.05};

static const int YAOCHUU[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static const int HONORS[7] = {27, 28, 29, 30, 31, 32, 33};
static const int WINDS[4] = {27, 28, 29, 30};
static const int GREEN[6] = {19, 20, 21, 23, 25, 32};
static const int TERMINALS[6] = {0, 8, 9, 17, 18, 26};

/* the kind tables of a player count (random.py _Tables) */
typedef struct {
    int players;
    uint8_t allowed[34];
    int n_kinds, kinds[34];
    int n_suits, run_suits[3];
    int n_run_bases, run_bases[21];
    int n_simple_run_bases, simple_run_bases[15];
    int n_simples, simples[21];
} tables;

static void make_tables(tables *t, int players) {
    memset(t, 0, sizeof *t);
    t->players = players;
    for (int k = 0; k < 34; k++) {
        t->allowed[k] = !(players == 3 && k >= 1 && k <= 7);
        if (t->allowed[k]) t->kinds[t->n_kinds++] = k;
    }
    for (int s = (players == 4 ? 0 : 1); s < 3; s++) t->run_suits[t->n_suits++] = s;
    for (int i = 0; i < t->n_suits; i++) {
        int s = t->run_suits[i];
        for (int r = 0; r < 7; r++) t->run_bases[t->n_run_bases++] = 9 * s + r;
    }
    for (int i = 0; i < t->n_suits; i++)
        for (int r = 1; r < 6; r++) t->simple_run_bases[t->n_simple_run_bases++] = 9 * t->run_suits[i] + r;
    for (int i = 0; i < t->n_suits; i++)
        for (int r = 1; r < 8; r++) t->simples[t->n_simples++] = 9 * t->run_suits[i] + r;
}

/* ---- numpy's operations ------------------------------------------------------------------- */

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

static inline uint64_t pcg_next64(ym_uniform_src *s) {
    u128 st = add128(mul128(mk128(s->state_hi, s->state_lo), PCG_MULT), mk128(s->inc_hi, s->inc_lo));
    s->state_hi = hi64(st);
    s->state_lo = lo64(st);
    uint64_t x = s->state_hi ^ s->state_lo;
    unsigned rot = (unsigned)(s->state_hi >> 58);
    return (x >> rot) | (x << ((64u - rot) & 63u));
}

/* the state n steps on (numpy's pcg64_advance: the LCG's jump by squaring), for draws whose values
 * nothing reads */
static void skip(ym_uniform_src *s, size_t n) {
    if (n < 48) {
        while (n--) (void)pcg_next64(s);
        return;
    }
    u128 cur_mult = PCG_MULT, cur_plus = mk128(s->inc_hi, s->inc_lo), acc_mult = mk128(0, 1), acc_plus = mk128(0, 0);
    for (; n; n >>= 1) {
        if (n & 1) {
            acc_mult = mul128(acc_mult, cur_mult);
            acc_plus = add128(mul128(acc_plus, cur_mult), cur_plus);
        }
        cur_plus = mul128(add128(cur_mult, mk128(0, 1)), cur_plus);
        cur_mult = mul128(cur_mult, cur_mult);
    }
    u128 st = add128(mul128(acc_mult, mk128(s->state_hi, s->state_lo)), acc_plus);
    s->state_hi = hi64(st);
    s->state_lo = lo64(st);
}

static inline double next_double(ym_uniform_src *src) {
    return (double)(pcg_next64(src) >> 11) * (1.0 / 9007199254740992.0);
}

double ym_pcg64_next_double(ym_uniform_src *src) {
    return next_double(src);
}

static void fill(ym_uniform_src *src, double *u, size_t n) {
    for (size_t i = 0; i < n; i++) u[i] = next_double(src);
}

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
    while (k < n && cum[k] <= u) k++;
    return k > n - 1 ? n - 1 : k;
}

/* _row_cat over 34 weights: the number of cumulative weights <= u * total (at most 33 here:
 * numpy would fail on 34, which no reachable row gives) */
static int row_cat(const double *w, double u) {
    double cum[34], c = 0.0;
    for (int j = 0; j < 34; j++) cum[j] = c = c + w[j];
    double x = u * cum[33];
    int k = 0;
    for (int j = 0; j < 34; j++) k += cum[j] <= x;
    return k > 33 ? 33 : k;
}

/* the first k entries of an argsort of n distinct keys (n <= 34): their indices in order */
static void smallest(const double *keys, int n, int k, int *out) {
    uint8_t used[34] = {0};
    for (int t = 0; t < k; t++) {
        int best = -1;
        for (int j = 0; j < n; j++)
            if (!used[j] && (best < 0 || keys[j] < keys[best])) best = j;
        used[best] = 1;
        out[t] = best;
    }
}

/* ---- candidates of a template (random.py _gen_regular, _gen_direct, _assemble) -------------- */

typedef struct {      /* per candidate: pair, four sets, flags; then the assembled counts */
    int *pair, *base;
    uint8_t *is_run, *closed_only, *all_kans;
    int8_t *mt;
    int16_t *conc, *total;
    double *u;        /* draws */
} cands;

static void mixed_sets(ym_uniform_src *src, int K, const tables *T, double *u, uint8_t *is_run, int *base) {
    fill(src, u, (size_t)3 * K * 4);
    const double *u0 = u, *u1 = u + K * 4, *u2 = u + 2 * K * 4;
    for (int i = 0; i < K * 4; i++) {
        is_run[i] = u0[i] < P_RUN;
        base[i] = is_run[i] ? T->run_bases[pick(T->n_run_bases, u1[i])] : T->kinds[pick(T->n_kinds, u2[i])];
    }
}

/* _perm: k of the table per row, in the order of an argsort of n keys */
static void perm(ym_uniform_src *src, int K, const int *table, int n, int k, double *u, int *out) {
    fill(src, u, (size_t)K * n);
    for (int r = 0; r < K; r++) {
        int idx[34];
        smallest(u + (size_t)r * n, n, k, idx);
        for (int t = 0; t < k; t++) out[r * k + t] = table[idx[t]];
    }
}

static void gen_regular(ym_uniform_src *src, int shape, int K, const tables *T, cands *c) {
    int *pair = c->pair, *base = c->base;
    uint8_t *is_run = c->is_run;
    double *u_pair = c->u, *u = c->u + K;
    memset(c->closed_only, 0, (size_t)K);
    memset(c->all_kans, 0, (size_t)K);
    fill(src, u_pair, (size_t)K);
    for (int r = 0; r < K; r++) pair[r] = T->kinds[pick(T->n_kinds, u_pair[r])];
    switch (shape) {
    case S_MIXED:
        mixed_sets(src, K, T, u, is_run, base);
        break;
    case S_TANYAO: {
        fill(src, u, (size_t)3 * K * 4);
        for (int i = 0; i < K * 4; i++) {
            is_run[i] = u[i] < 0.6;
            base[i] = is_run[i] ? T->simple_run_bases[pick(T->n_simple_run_bases, u[K * 4 + i])]
                                : T->simples[pick(T->n_simples, u[2 * K * 4 + i])];
        }
        for (int r = 0; r < K; r++) pair[r] = T->simples[pick(T->n_simples, u_pair[r])];
        break;
    }
    case S_FLUSH: {
        fill(src, u, (size_t)6 * K * 4);
        const double *u5 = u + 5 * K * 4;
        for (int r = 0; r < K; r++) {
            int suit = T->run_suits[pick(T->n_suits, u5[r * 4 + 0])];
            int chin = u5[r * 4 + 1] < 0.45;
            for (int j = 0; j < 4; j++) {
                int i = r * 4 + j;
                int honor = !chin && u[i] < 0.25;
                is_run[i] = !honor && u[K * 4 + i] < 0.6;
                base[i] = honor ? HONORS[pick(7, u[2 * K * 4 + i])]
                                : 9 * suit + (is_run[i] ? pick(7, u[3 * K * 4 + i]) : pick(9, u[4 * K * 4 + i]));
            }
            int pair_honor = !chin && u5[r * 4 + 2] < 0.3;
            pair[r] = pair_honor ? HONORS[pick(7, u5[r * 4 + 3])] : 9 * suit + pick(9, u_pair[r]);
        }
        break;
    }
    case S_HONOR: {
        double *uh = u, *um = u + 2 * K * 5;
        fill(src, uh, (size_t)2 * K * 5);
        mixed_sets(src, K, T, um, is_run, base);
        for (int r = 0; r < K; r++) {
            for (int j = 0; j < 4; j++) {
                int honor = uh[r * 5 + j] < 0.5;
                if (honor) {
                    is_run[r * 4 + j] = 0;
                    base[r * 4 + j] = HONORS[pick(7, uh[K * 5 + r * 5 + j])];
                }
            }
            if (uh[r * 5 + 4] < 0.5) pair[r] = HONORS[pick(7, uh[K * 5 + r * 5 + 4])];
        }
        break;
    }
    case S_TERMINAL: {
        fill(src, u, (size_t)5 * K * 4);
        for (int r = 0; r < K; r++) {
            int junchan = u[4 * K * 4 + r * 4] < 0.4;
            for (int j = 0; j < 4; j++) {
                int i = r * 4 + j;
                is_run[i] = u[i] < 0.55;
                int run_base = 9 * T->run_suits[pick(T->n_suits, u[K * 4 + i])] + 6 * (u[2 * K * 4 + i] < 0.5);
                int trip = junchan ? TERMINALS[pick(6, u[3 * K * 4 + i])] : YAOCHUU[pick(13, u[3 * K * 4 + i])];
                base[i] = is_run[i] ? run_base : trip;
            }
            pair[r] = junchan ? TERMINALS[pick(6, u_pair[r])] : YAOCHUU[pick(13, u_pair[r])];
        }
        break;
    }
    case S_TOITOI:
        fill(src, u, (size_t)2 * K * 4);
        for (int i = 0; i < K * 4; i++) {
            is_run[i] = 0;
            base[i] = T->kinds[pick(T->n_kinds, u[i])];
        }
        for (int r = 0; r < K; r++) c->closed_only[r] = u[K * 4 + r * 4] < 0.3;
        break;
    case S_SANSHOKU: case S_ITTSU: case S_SANSHOKU_DOUKOU: {
        int n_pre = shape == S_SANSHOKU ? 2 * K : K;
        fill(src, u, (size_t)n_pre);
        mixed_sets(src, K, T, u + n_pre, is_run, base);
        for (int r = 0; r < K; r++)
            for (int j = 0; j < 3; j++) {
                if (shape == S_SANSHOKU) {
                    is_run[r * 4 + j] = 1;
                    base[r * 4 + j] = pick(7, u[r]) + 9 * j;
                } else if (shape == S_ITTSU) {
                    is_run[r * 4 + j] = 1;
                    base[r * 4 + j] = 9 * T->run_suits[pick(T->n_suits, u[r])] + 3 * j;
                } else {
                    is_run[r * 4 + j] = 0;
                    base[r * 4 + j] = (T->players == 4 ? pick(9, u[r]) : 8 * pick(2, u[r])) + 9 * j;
                }
            }
        break;
    }
    case S_IIPEIKOU:
        mixed_sets(src, K, T, u, is_run, base);
        fill(src, u, (size_t)K);
        for (int r = 0; r < K; r++) {
            is_run[r * 4 + 0] = is_run[r * 4 + 1] = 1;
            base[r * 4 + 0] = base[r * 4 + 1] = T->run_bases[pick(T->n_run_bases, u[r])];
            c->closed_only[r] = 1;
        }
        break;
    case S_RYANPEIKOU:
        fill(src, u, (size_t)2 * K);
        for (int r = 0; r < K; r++) {
            int b1 = T->run_bases[pick(T->n_run_bases, u[r])], b2 = T->run_bases[pick(T->n_run_bases, u[K + r])];
            for (int j = 0; j < 4; j++) is_run[r * 4 + j] = 1;
            base[r * 4 + 0] = base[r * 4 + 1] = b1;
            base[r * 4 + 2] = base[r * 4 + 3] = b2;
            c->closed_only[r] = 1;
        }
        break;
    case S_DAISANGEN:
        mixed_sets(src, K, T, u, is_run, base);
        for (int r = 0; r < K; r++)
            for (int j = 0; j < 3; j++) {
                is_run[r * 4 + j] = 0;
                base[r * 4 + j] = 31 + j;
            }
        break;
    case S_SUUANKOU: case S_SUUKANTSU:
        fill(src, u, (size_t)K * 4);
        for (int i = 0; i < K * 4; i++) {
            is_run[i] = 0;
            base[i] = T->kinds[pick(T->n_kinds, u[i])];
        }
        memset(shape == S_SUUANKOU ? c->closed_only : c->all_kans, 1, (size_t)K);
        break;
    case S_TSUUIISOU: case S_CHINROUTOU: {
        int five[5];
        fill(src, u, (size_t)K * (shape == S_TSUUIISOU ? 7 : 6));
        for (int r = 0; r < K; r++) {
            int n = shape == S_TSUUIISOU ? 7 : 6, idx[7];
            smallest(u + (size_t)r * n, n, 5, idx);
            for (int t = 0; t < 5; t++) five[t] = shape == S_TSUUIISOU ? HONORS[idx[t]] : TERMINALS[idx[t]];
            for (int j = 0; j < 4; j++) {
                is_run[r * 4 + j] = 0;
                base[r * 4 + j] = five[j];
            }
            pair[r] = five[4];
        }
        break;
    }
    case S_RYUUIISOU:
        fill(src, u, (size_t)2 * K * 4);
        for (int i = 0; i < K * 4; i++) {
            is_run[i] = u[i] < 0.3;
            base[i] = is_run[i] ? 19 : GREEN[pick(6, u[K * 4 + i])];
        }
        for (int r = 0; r < K; r++) pair[r] = GREEN[pick(6, u_pair[r])];
        break;
    case S_SHOUSUUSHII: {
        mixed_sets(src, K, T, u, is_run, base);
        int *w = c->pair + K;   /* scratch after the pairs: K x 4 winds */
        perm(src, K, WINDS, 4, 4, u, w);
        for (int r = 0; r < K; r++) {
            for (int j = 0; j < 3; j++) {
                is_run[r * 4 + j] = 0;
                base[r * 4 + j] = w[r * 4 + j];
            }
            pair[r] = w[r * 4 + 3];
        }
        break;
    }
    case S_DAISUUSHII:
        perm(src, K, WINDS, 4, 4, u, base);
        memset(is_run, 0, (size_t)K * 4);
        break;
    default:
        break;
    }
}

static void gen_direct(ym_uniform_src *src, int shape, int K, const tables *T, cands *c) {
    int16_t *counts = c->conc;
    double *u = c->u;
    memset(counts, 0, sizeof(int16_t) * (size_t)K * 34);
    if (shape == S_KOKUSHI) {
        fill(src, u, (size_t)K);
        for (int r = 0; r < K; r++) {
            for (int i = 0; i < 13; i++) counts[r * 34 + YAOCHUU[i]] = 1;
            counts[r * 34 + YAOCHUU[pick(13, u[r])]] += 1;
        }
    } else if (shape == S_CHUUREN) {
        static const int16_t pattern[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
        fill(src, u, (size_t)2 * K);
        for (int r = 0; r < K; r++) {
            int suit = T->run_suits[pick(T->n_suits, u[r])];
            for (int i = 0; i < 9; i++) counts[r * 34 + 9 * suit + i] = pattern[i];
            counts[r * 34 + 9 * suit + pick(9, u[K + r])] += 1;
        }
    } else {   /* chiitoitsu */
        double cum[4];
        cum_of(CHIITOI_SUB, 4, cum);
        fill(src, u, (size_t)3 * K);
        double *keys = u + 3 * K;
        fill(src, keys, (size_t)K * 34);
        uint8_t simple[34] = {0};
        for (int i = 0; i < T->n_simples; i++) simple[T->simples[i]] = 1;
        for (int r = 0; r < K; r++) {
            int sub = cat(cum, 4, u[r]);
            int suit = T->run_suits[pick(T->n_suits, u[K + r])];
            double row[34];
            for (int k = 0; k < 34; k++) {
                int w = T->allowed[k];
                if (sub == 1) w = w && (k / 9 == suit || k >= 27);
                else if (sub == 2) w = w && simple[k];
                else if (sub == 3) w = k >= 27;
                row[k] = w ? keys[(size_t)r * 34 + k] : 2.0;
            }
            int kinds[7];
            smallest(row, 34, 7, kinds);
            for (int t = 0; t < 7; t++) counts[r * 34 + kinds[t]] = 2;
        }
    }
}

/* melds chosen and tiles counted (random.py _assemble) */
static void assemble(ym_uniform_src *src, int K, const ym_gen_params *P, const double *meld_cum,
                     const double *mtype_cum, cands *c) {
    double *u = c->u;
    fill(src, u, (size_t)3 * K * 4);
    const double *u0 = u, *u1 = u + K * 4, *u2 = u + 2 * K * 4;
    memset(c->conc, 0, sizeof(int16_t) * (size_t)K * 34);
    memset(c->total, 0, sizeof(int16_t) * (size_t)K * 34);
    for (int r = 0; r < K; r++) {
        int want = cat(meld_cum, 5, u0[r * 4]);
        int16_t *conc = c->conc + (size_t)r * 34, *total = c->total + (size_t)r * 34;
        conc[c->pair[r]] += 2;
        total[c->pair[r]] += 2;
        for (int j = 0; j < 4; j++) {
            int i = r * 4 + j, rank = 0;
            for (int l = 0; l < 4; l++) rank += u1[r * 4 + l] < u1[i];
            int chosen = rank < want || c->all_kans[r];
            int trip = PON + cat(mtype_cum, 4, u2[i]);
            if (c->closed_only[r]) trip = u2[i] < 0.25 ? ANKAN : -1;
            if (c->all_kans[r]) {
                long x = (long)(u2[i] * 3);
                trip = MINKAN + (int)(x < 0 ? 0 : x > 2 ? 2 : x);
            }
            int run_type = (c->closed_only[r] || P->players == 3) ? -1 : CHI;
            int mt = chosen ? (c->is_run[i] ? run_type : trip) : -1;
            c->mt[i] = (int8_t)mt;
            int b = c->base[i] < 33 ? c->base[i] : 33;
            c->base[i] = b;   /* the meld's tile: min(base, 33) */
            for (int off = 0; off < 3; off++) {
                int t = c->is_run[i] ? (b + off < 33 ? b + off : 33) : b;
                conc[t] += mt < 0;
                total[t] += 1;
            }
            total[b] += mt >= MINKAN;
        }
    }
}

/* ---- one chunk (random.py _chunk) ------------------------------------------------------------ */

int ym_winning_chunk(ym_uniform_src *src, const ym_gen_params *P, int m, ym_gen_out *out) {
    tables T;
    make_tables(&T, P->players);
    double meld_cum[5], mtype_cum[4], round_cum[4], honba_cum[9], sticks_cum[5], kita_cum[5], okans_cum[3];
    memcpy(meld_cum, P->meld_cum, sizeof meld_cum);
    cum_of(MELD_TYPE_P, 4, mtype_cum);
    cum_of(P->players == 4 ? ROUND_4 : ROUND_3, P->players == 4 ? 4 : 3, round_cum);
    cum_of(HONBA, 9, honba_cum);
    cum_of(OTHER_STICKS, 5, sticks_cum);
    cum_of(KITA_P, 5, kita_cum);
    cum_of(OTHER_KANS, 3, okans_cum);

    size_t K_max = 2 * (size_t)m + 8;
    size_t n_u = 37 * K_max > 60 * (size_t)m ? 37 * K_max : 60 * (size_t)m;
    cands c;
    c.pair = malloc(sizeof(int) * 5 * K_max);   /* pairs, then K x 4 scratch */
    c.base = malloc(sizeof(int) * 4 * K_max);
    c.is_run = malloc(4 * K_max);
    c.closed_only = malloc(K_max);
    c.all_kans = malloc(K_max);
    c.mt = malloc(4 * K_max);
    c.conc = malloc(sizeof(int16_t) * 34 * K_max);
    c.total = malloc(sizeof(int16_t) * 34 * K_max);
    c.u = malloc(sizeof(double) * n_u);
    int16_t *conc = calloc((size_t)m * 34, sizeof(int16_t));
    int16_t *total = calloc((size_t)m * 34, sizeof(int16_t));
    int8_t *mtype = malloc((size_t)m * 4);
    int16_t *mtile = calloc((size_t)m * 4, sizeof(int16_t));
    uint8_t *pending = malloc((size_t)m);
    int *idx = malloc(sizeof(int) * (size_t)m);
    int rc = 0;
    if (!c.pair || !c.base || !c.is_run || !c.closed_only || !c.all_kans || !c.mt || !c.conc || !c.total || !c.u
        || !conc || !total || !mtype || !mtile || !pending || !idx) {
        rc = -1;
        goto done;
    }
    memset(mtype, -1, (size_t)m * 4);
    memset(pending, 1, (size_t)m);

    double *u = c.u;
    fill(src, u, (size_t)m);
    for (int r = 0; r < m; r++) out->shape[r] = (uint8_t)cat(P->shape_cum, YM_GEN_SHAPES, u[r]);

    int left_rows = m, round = 0;
    for (; round < 1000 && left_rows > 0; round++) {
        /* the pending rows of each template, in row order: idx[start[code] .. start[code + 1]) */
        int start[YM_GEN_SHAPES + 1] = {0}, at[YM_GEN_SHAPES];
        for (int r = 0; r < m; r++) start[out->shape[r] + 1] += pending[r];
        for (int code = 0; code < YM_GEN_SHAPES; code++) start[code + 1] += start[code];
        memcpy(at, start, sizeof at);
        for (int r = 0; r < m; r++)
            if (pending[r]) idx[at[out->shape[r]]++] = r;
        for (int code = 0; code < YM_GEN_SHAPES; code++) {
            const int *rows = idx + start[code];
            int n_idx = start[code + 1] - start[code];
            if (!n_idx) continue;
            int K = 2 * n_idx + 8, filled = 0;
            int direct = code == S_CHIITOITSU || code == S_KOKUSHI || code == S_CHUUREN;
            if (direct) {
                gen_direct(src, code, K, &T, &c);
            } else {
                gen_regular(src, code, K, &T, &c);
                assemble(src, K, P, meld_cum, mtype_cum, &c);
            }
            for (int k = 0; k < K && filled < n_idx; k++) {
                const int16_t *check = (direct ? c.conc : c.total) + (size_t)k * 34;
                int ok = 1;
                for (int t = 0; t < 34; t++) ok &= check[t] <= 4;
                if (!ok) continue;
                int r = rows[filled++];
                memcpy(conc + (size_t)r * 34, c.conc + (size_t)k * 34, sizeof(int16_t) * 34);
                if (!direct)
                    for (int j = 0; j < 4; j++) {
                        mtype[r * 4 + j] = c.mt[k * 4 + j];
                        mtile[r * 4 + j] = (int16_t)c.base[k * 4 + j];
                    }
                pending[r] = 0;
            }
            left_rows -= filled;
        }
    }
    if (left_rows > 0 || round >= 1000) {   /* Python's for-else: 1000 rounds without finishing */
        rc = -2;
        goto done;
    }

    /* ---- totals, reds ---- */
    for (int r = 0; r < m; r++) {
        int n = 0;
        int16_t *tot = total + (size_t)r * 34;
        memcpy(tot, conc + (size_t)r * 34, sizeof(int16_t) * 34);
        for (int j = 0; j < 4; j++) {
            int t = mtype[r * 4 + j], b = mtile[r * 4 + j];
            if (t < 0) continue;
            n++;
            if (t == CHI) for (int off = 0; off < 3; off++) tot[b + off] += 1;
            else tot[b] += t >= MINKAN ? 4 : 3;
        }
        out->n_melds[r] = (uint8_t)n;
    }
    /* Reds: the block (3, 5, 4, m), read block by block; a draw is read only for an active copy
     * (a five the row holds at that place), the others are skipped. Per row, the suit's copies
     * are met in the reference's order (place, then copy), so used / seen evolve as there. */
    uint8_t *mred_out = out->meld_reds;
    memset(out->reds, 0, (size_t)m * 3);
    memset(mred_out, 0, (size_t)m * 4);
    if (P->aka) {
        uint8_t *used = pending, *seen = (uint8_t *)idx;   /* both free now: m bytes each */
        for (int s = 0; s < 3; s++) {
            int five = 9 * s + 4;
            memset(used, 0, (size_t)m);
            memset(seen, 0, (size_t)m);
            for (int loc = 0; loc < 5; loc++)
                for (int copy = 0; copy < 4; copy++) {
                    size_t pos = 0;
                    for (int r = 0; r < m; r++) {
                        int cnt;
                        if (loc == 0) {
                            cnt = conc[(size_t)r * 34 + five];
                        } else {
                            int t = mtype[r * 4 + loc - 1], b = mtile[r * 4 + loc - 1];
                            int has = t == CHI ? (b <= five && five <= b + 2 && b / 9 == s) : (b == five && t >= 0);
                            cnt = has ? (t == CHI ? 1 : t >= MINKAN ? 4 : 3) : 0;
                        }
                        if (copy >= cnt) continue;
                        skip(src, (size_t)r - pos);
                        pos = (size_t)r + 1;
                        double p_red = (double)(P->aka - used[r]) / (double)(4 - seen[r] > 1 ? 4 - seen[r] : 1);
                        int red = next_double(src) < p_red;
                        used[r] += red;
                        seen[r] += 1;
                        if (loc == 0) out->reds[r * 3 + s] += red;
                        else mred_out[r * 4 + loc - 1] += red;
                    }
                    skip(src, (size_t)m - pos);
                }
        }
    }

    /* ---- winning tile ---- */
    fill(src, u, (size_t)2 * m);
    for (int r = 0; r < m; r++) {
        double w[34];
        for (int k = 0; k < 34; k++) w[k] = conc[(size_t)r * 34 + k];
        int win = row_cat(w, u[r]);
        int wsuit = win / 9 < 2 ? win / 9 : 2;
        int win_five = win < 27 && win % 9 == 4;
        out->win[r] = (uint8_t)win;
        out->win_red[r] = (uint8_t)(win_five && u[m + r] * conc[(size_t)r * 34 + win] < out->reds[r * 3 + wsuit]);
    }

    /* ---- situation: the block (20, m); 16-19 are never read, nor 2 with four players ---- */
    double *us = u + 2 * (size_t)m;
    fill(src, us, (size_t)2 * m);
    if (P->players == 3) fill(src, us + 2 * (size_t)m, (size_t)m);
    else skip(src, (size_t)m);
    fill(src, us + 3 * (size_t)m, (size_t)13 * m);
    skip(src, (size_t)4 * m);
    double *lefts = us + 20 * (size_t)m;   /* m x 34: the tiles left for the indicators */
    for (int r = 0; r < m; r++) {
#define U(i) us[(size_t)(i) * m + r]
        int seat = (int)(U(0) * P->players);
        int rnd = cat(round_cum, P->players == 4 ? 4 : 3, U(1));
        int is_open = 0, own_kans = 0, last_kan = -1;
        for (int j = 0; j < 4; j++) {
            int t = mtype[r * 4 + j];
            is_open |= t >= CHI && t <= KAKAN;
            if (t >= MINKAN) {
                own_kans++;
                last_kan = j;
            }
        }
        const int16_t *tot = total + (size_t)r * 34;
        int kita = 0;
        if (P->players == 3) {
            int k = cat(kita_cum, 5, U(2));
            kita = k < 4 - tot[30] ? k : 4 - tot[30];
        }
        int tsumo = U(3) < P->tsumo;
        int untouched = out->n_melds[r] == 0 && kita == 0;
        int first = tsumo && untouched && U(4) < P->first_turn;
        int tenhou = first && seat == 0, chiihou = first && seat != 0;
        int renhou = !tsumo && untouched && seat != 0 && U(5) < P->renhou;
        int riichi_any = !is_open && !first && !renhou && U(6) < P->riichi;
        int dbl = riichi_any && U(7) < P_RIICHI_DOUBLE;
        int riichi = riichi_any && !dbl;
        int rinshan = tsumo && !first && (own_kans > 0 || kita > 0) && U(8) < P_RINSHAN;
        int ippatsu = riichi_any && !rinshan && !(dbl && own_kans > 0) && U(9) < P_IPPATSU;
        int haitei = tsumo && !first && !rinshan && U(10) < P_HAITEI;
        int win = out->win[r];
        int win_total = tot[win] + (win == 30 ? kita : 0);
        int chankan = !tsumo && !renhou && win_total == 1 && U(11) < P_CHANKAN;
        int houtei = !tsumo && !renhou && !chankan && U(12) < P_HOUTEI;
        out->flags[r] = (uint16_t)(tsumo | riichi << 1 | dbl << 2 | ippatsu << 3 | rinshan << 4 | chankan << 5
                                   | haitei << 6 | houtei << 7 | tenhou << 8 | chiihou << 9 | renhou << 10);
        out->honba[r] = (uint16_t)cat(honba_cum, 9, U(13));
        out->riichi_sticks[r] = (uint16_t)(cat(sticks_cum, 5, U(14)) + riichi_any);
        int other_kans = cat(okans_cum, 3, U(15));
        if (other_kans > 4 - own_kans) other_kans = 4 - own_kans;
#undef U
        int last_type = mtype[r * 4 + (last_kan > 0 ? last_kan : 0)];
        int unturned = rinshan && own_kans > 0 && (last_type == MINKAN || last_type == KAKAN);
        int n_dora = 1 + own_kans + other_kans - unturned;
        if (n_dora > 5) n_dora = 5;
        out->n_dora[r] = (uint8_t)n_dora;
        out->n_ura[r] = (uint8_t)(riichi_any ? n_dora : 0);
        out->seat_wind[r] = (uint8_t)seat;
        out->round_wind[r] = (uint8_t)rnd;
        out->kita[r] = (uint8_t)kita;
        double *left = lefts + (size_t)r * 34;
        for (int k = 0; k < 34; k++) left[k] = T.allowed[k] ? (double)(4 - tot[k]) - (k == 30 ? kita : 0) : 0.0;
        if (chankan) left[win] = 0.0;

        /* meld slots: melds first, in set order; empty slots tile 0 */
        int8_t t2[4];
        uint8_t b2[4], rd2[4];
        int n = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int j = 0; j < 4; j++) {
                int t = mtype[r * 4 + j];
                if ((pass == 0) != (t >= 0)) continue;
                t2[n] = (int8_t)t;
                b2[n] = t >= 0 ? (uint8_t)mtile[r * 4 + j] : 0;
                rd2[n] = mred_out[r * 4 + j];
                n++;
            }
        memcpy(out->meld_type + r * 4, t2, 4);
        memcpy(out->meld_tile + r * 4, b2, 4);
        memcpy(mred_out + r * 4, rd2, 4);
        for (int k = 0; k < 34; k++) out->counts[(size_t)r * 34 + k] = (uint8_t)conc[(size_t)r * 34 + k];
    }

    /* ---- indicators: the block (10, m) step by step; a row reads a step's draw only while it
     * turns indicators (n_dora, then n_ura), the other draws are skipped ---- */
    memset(out->dora, 255, (size_t)m * 5);
    memset(out->ura, 255, (size_t)m * 5);
    for (int step = 0; step < 10; step++) {
        size_t pos = 0;
        for (int r = 0; r < m; r++) {
            if (!(step < 5 ? step < out->n_dora[r] : step - 5 < out->n_ura[r])) continue;
            skip(src, (size_t)r - pos);
            pos = (size_t)r + 1;
            double *left = lefts + (size_t)r * 34;
            int k = row_cat(left, next_double(src));
            (step < 5 ? out->dora : out->ura)[r * 5 + step % 5] = (uint8_t)k;
            left[k] -= 1.0;
        }
        skip(src, (size_t)m - pos);
    }

done:
    free(c.pair); free(c.base); free(c.is_run); free(c.closed_only); free(c.all_kans); free(c.mt);
    free(c.conc); free(c.total); free(c.u);
    free(conc); free(total); free(mtype); free(mtile); free(pending); free(idx);
    return rc;
}
