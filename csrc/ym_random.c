/* ym_random: winning_hands, natively (see ym_random.h). A port of src/yakuman/random.py
 * (_chunk, _gen_regular, _gen_direct, _assemble) that gives the same rows, every column equal.
 *
 * The reference draws numpy blocks rng.random(shape) and reads them row-major; a double's place
 * in the chunk's PCG64 stream is therefore fixed by the block layout alone. This port reads only
 * the doubles a row's result depends on, each at its place: PCG64 is an LCG, so the state d steps
 * on is A_d * state + C_d, and with A_d, C_d tabled per 8-bit digit of d (ym_pcg64.h, per
 * chunk: C_d depends on the stream's increment) a read d places ahead costs one multiply-add per
 * nonzero digit, the same as a step when d < 256. Every block has its own cursors (a state and its
 * place), moved forward only. So a candidate set is generated only until its template's rows are
 * filled (the reference draws twice as many), a set replaced by the template is never drawn, and
 * a situation, red-five or indicator draw that cannot change the row (its flag already decided
 * by an earlier condition) is never computed. The rows of a template are filled in row order
 * from its candidates, as in the reference.
 *
 * What the row costs is its instructions, its mispredicted branches and chains of reads on one
 * cursor (docs/performance.md, "Native generation, fourth pass"): consecutive places are read
 * four at a time (rd4), choices that are coin flips are made arithmetically (sel, the SWAR
 * row_cat of ym_draw.h, compare-exchanges), and conditional reads are kept only where the
 * condition is predictable or rare; the red-five draws, whose count varies from row to row, are
 * listed for 64 rows and read in one loop (red_block; fifth pass). */
#include "ym_pcg64.h"
#include "ym_draw.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define YM_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define YM_ALWAYS_INLINE static inline
#endif

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
    uint64_t allowed_w[5];   /* 0xFF in the byte of each allowed kind (count words, below) */
    int n_kinds, kinds[34];
    int n_suits, run_suits[3];
    int n_run_bases, run_bases[21];
    int n_simple_run_bases, simple_run_bases[15];
    int n_simples, simples[21];
    uint8_t chiitoi[7][34];   /* chiitoitsu's kinds: any, (unused), simples, honors, then one run suit + honors per run suit */
    int n_chiitoi[7];
    uint64_t chiitoi_bound[7];   /* a packed key below which 13 of the list's are expected */
} tables;

static void make_tables(tables *t, int players) {
    memset(t, 0, sizeof *t);
    t->players = players;
    for (int k = 0; k < 34; k++) {
        t->allowed[k] = !(players == 3 && k >= 1 && k <= 7);
        if (t->allowed[k]) t->allowed_w[k >> 3] |= 0xFFULL << (8 * (k & 7));
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
    /* chiitoitsu's sub-templates (random.py _gen_direct): 0 any allowed kind, 2 the simples,
     * 3 the honors; 4 + i run suit i and the honors (sub-template 1) */
    for (int k = 0; k < 34; k++) {
        if (t->allowed[k]) t->chiitoi[0][t->n_chiitoi[0]++] = (uint8_t)k;
        if (k >= 27) t->chiitoi[3][t->n_chiitoi[3]++] = (uint8_t)k;
    }
    for (int i = 0; i < t->n_simples; i++) t->chiitoi[2][t->n_chiitoi[2]++] = (uint8_t)t->simples[i];
    for (int i = 0; i < t->n_suits; i++)
        for (int k = 0; k < 34; k++)
            if (t->allowed[k] && (k / 9 == t->run_suits[i] || k >= 27)) t->chiitoi[4 + i][t->n_chiitoi[4 + i]++] = (uint8_t)k;
    for (int i = 0; i < 7; i++)
        t->chiitoi_bound[i] = t->n_chiitoi[i] > 13 ? (uint64_t)(13.0 / t->n_chiitoi[i] * 9007199254740992.0) << 6 : UINT64_MAX;
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

/* ---- one candidate of a template (random.py _gen_regular, _gen_direct, _assemble) ----------- */

/* Cursors of a template's blocks: 0 the pairs, 1-3 a mixed_sets block, 4-9 the template's own
 * blocks, 10-12 _assemble's (3, K, 4) block. */
enum { C_PAIR = 0, C_MIX = 1, C_OWN = 4, C_ASM = 10, N_TPL_CURSORS = 13 };

typedef struct {
    int pair, base[4];
    uint8_t is_run[4], closed_only, all_kans;
} cand;

typedef struct {
    const jumps *J;
    cursor c[N_TPL_CURSORS];
    const tables *T;
    uint64_t p0, t0;   /* the pairs' block (K), the template's blocks after it */
    int K;
} tpl;

#define RD(id, q) rd(t->J, &t->c[id], (q))
#define RD4(id, q, out) rd4(t->J, &t->c[id], (q), (out))

/* set j of candidate r from the mixed_sets block at place o (3 x K x 4) */
YM_ALWAYS_INLINE void mixed_one(tpl *t, uint64_t o, int r, int j, cand *c) {
    const tables *T = t->T;
    uint64_t i = (uint64_t)r * 4 + j, K4 = (uint64_t)t->K * 4;
    double u0 = RD(C_MIX, o + i), u1 = RD(C_MIX + 1, o + K4 + i), u2 = RD(C_MIX + 2, o + 2 * K4 + i);
    c->is_run[j] = u0 < P_RUN;   /* both reads made: no unpredictable branch before them */
    c->base[j] = c->is_run[j] ? T->run_bases[pick(T->n_run_bases, u1)] : T->kinds[pick(T->n_kinds, u2)];
}

/* the four sets of candidate r from the mixed_sets block at place o (3 x K x 4), each block row's
 * four doubles read together */
YM_ALWAYS_INLINE void mixed_all(tpl *t, uint64_t o, int r, cand *c) {
    const tables *T = t->T;
    uint64_t i = (uint64_t)r * 4, K4 = (uint64_t)t->K * 4;
    double u0[4], u1[4], u2[4];
    RD4(C_MIX, o + i, u0);
    RD4(C_MIX + 1, o + K4 + i, u1);
    RD4(C_MIX + 2, o + 2 * K4 + i, u2);
    for (int j = 0; j < 4; j++) {
        int run = u0[j] < P_RUN, a = T->run_bases[pick(T->n_run_bases, u1[j])], b = T->kinds[pick(T->n_kinds, u2[j])];
        c->is_run[j] = (uint8_t)run;
        c->base[j] = sel(run, a, b);
    }
}

/* the doubles a template draws after its pairs, before _assemble's block */
YM_ALWAYS_INLINE uint64_t tpl_size(int shape, uint64_t K) {
    switch (shape) {
    case S_FLUSH: return 24 * K;
    case S_HONOR: return 22 * K;
    case S_TERMINAL: return 20 * K;
    case S_TOITOI: case S_RYUUIISOU: return 8 * K;
    case S_SANSHOKU: return 14 * K;
    case S_ITTSU: case S_SANSHOKU_DOUKOU: case S_IIPEIKOU: return 13 * K;
    case S_RYANPEIKOU: return 2 * K;
    case S_SUUANKOU: case S_SUUKANTSU: case S_DAISUUSHII: return 4 * K;
    case S_TSUUIISOU: return 7 * K;
    case S_CHINROUTOU: return 6 * K;
    case S_SHOUSUUSHII: return 16 * K;
    default: return 12 * K;   /* mixed, tanyao, daisangen */
    }
}

YM_ALWAYS_INLINE void gen_regular(tpl *t, int shape, int r, cand *c) {
    const tables *T = t->T;
    const uint64_t K = (uint64_t)t->K, K4 = 4 * K, t0 = t->t0, pr = t->p0 + (uint64_t)r;
    const uint64_t R = (uint64_t)r, R4 = 4 * R;
    c->closed_only = c->all_kans = 0;
    c->pair = -1;   /* -1: the default pair, kinds[pick(u_pair)] */
    switch (shape) {
    case S_MIXED:
        mixed_all(t, t0, r, c);
        break;
    case S_TANYAO: {
        double u0[4], u1[4], u2[4];
        RD4(C_OWN, t0 + R4, u0);
        RD4(C_OWN + 1, t0 + K4 + R4, u1);
        RD4(C_OWN + 2, t0 + 2 * K4 + R4, u2);
        for (int j = 0; j < 4; j++) {
            c->is_run[j] = u0[j] < 0.6;
            c->base[j] = sel(c->is_run[j], T->simple_run_bases[pick(T->n_simple_run_bases, u1[j])],
                             T->simples[pick(T->n_simples, u2[j])]);
        }
        c->pair = T->simples[pick(T->n_simples, RD(C_PAIR, pr))];
        break;
    }
    case S_FLUSH: {   /* every draw of the candidate read (most are), the choices made without branches */
        double u[6][4];
        for (int b = 0; b < 6; b++) RD4(C_OWN + b, t0 + (uint64_t)b * K4 + R4, u[b]);
        int suit = T->run_suits[pick(T->n_suits, u[5][0])];
        int chin = u[5][1] < 0.45;
        for (int j = 0; j < 4; j++) {
            int honor = !chin & (u[0][j] < 0.25);
            int run = !honor & (u[1][j] < 0.6);
            c->is_run[j] = (uint8_t)run;
            int suited = 9 * suit + sel(run, pick(7, u[3][j]), pick(9, u[4][j]));
            c->base[j] = sel(honor, HONORS[pick(7, u[2][j])], suited);
        }
        int pair_honor = !chin & (u[5][2] < 0.3);
        int suited_pair = 9 * suit + pick(9, RD(C_PAIR, pr));
        c->pair = pair_honor ? HONORS[pick(7, u[5][3])] : suited_pair;
        break;
    }
    case S_HONOR: {   /* every draw read, the choices made without branches */
        const uint64_t uh = t0 + 5 * R, K5 = 5 * K;
        double h[5], k[5];
        RD4(C_OWN, uh, h);
        h[4] = RD(C_OWN, uh + 4);
        RD4(C_OWN + 1, uh + K5, k);
        k[4] = RD(C_OWN + 1, uh + K5 + 4);
        mixed_all(t, t0 + 2 * K5, r, c);
        for (int j = 0; j < 4; j++) {
            int honor = h[j] < 0.5;
            c->is_run[j] = (uint8_t)(c->is_run[j] & !honor);
            c->base[j] = sel(honor, HONORS[pick(7, k[j])], c->base[j]);
        }
        if (h[4] < 0.5) c->pair = HONORS[pick(7, k[4])];
        break;
    }
    case S_TERMINAL: {
        double u[4][4];
        int junchan = RD(C_OWN + 4, t0 + 4 * K4 + R4) < 0.4;
        for (int b = 0; b < 4; b++) RD4(C_OWN + b, t0 + (uint64_t)b * K4 + R4, u[b]);
        const int *trip = junchan ? TERMINALS : YAOCHUU;
        int n_trip = junchan ? 6 : 13;
        for (int j = 0; j < 4; j++) {
            int run = u[0][j] < 0.55;
            c->is_run[j] = (uint8_t)run;
            int run_base = 9 * T->run_suits[pick(T->n_suits, u[1][j])] + 6 * (u[2][j] < 0.5);
            int trip_base = trip[pick(n_trip, u[3][j])];
            c->base[j] = sel(run, run_base, trip_base);
        }
        c->pair = trip[pick(n_trip, RD(C_PAIR, pr))];
        break;
    }
    case S_TOITOI: {
        double u0[4];
        RD4(C_OWN, t0 + R4, u0);
        for (int j = 0; j < 4; j++) {
            c->is_run[j] = 0;
            c->base[j] = T->kinds[pick(T->n_kinds, u0[j])];
        }
        c->closed_only = RD(C_OWN + 1, t0 + K4 + R4) < 0.3;
        break;
    }
    case S_SANSHOKU: case S_ITTSU: case S_SANSHOKU_DOUKOU: {
        double u = RD(C_OWN, t0 + R);
        mixed_one(t, t0 + (shape == S_SANSHOKU ? 2 : 1) * K, r, 3, c);
        for (int j = 0; j < 3; j++) {
            if (shape == S_SANSHOKU) {
                c->is_run[j] = 1;
                c->base[j] = pick(7, u) + 9 * j;
            } else if (shape == S_ITTSU) {
                c->is_run[j] = 1;
                c->base[j] = 9 * T->run_suits[pick(T->n_suits, u)] + 3 * j;
            } else {
                c->is_run[j] = 0;
                c->base[j] = (T->players == 4 ? pick(9, u) : 8 * pick(2, u)) + 9 * j;
            }
        }
        break;
    }
    case S_IIPEIKOU:
        for (int j = 2; j < 4; j++) mixed_one(t, t0, r, j, c);
        c->is_run[0] = c->is_run[1] = 1;
        c->base[0] = c->base[1] = T->run_bases[pick(T->n_run_bases, RD(C_OWN, t0 + 3 * K4 + R))];
        c->closed_only = 1;
        break;
    case S_RYANPEIKOU: {
        int b1 = T->run_bases[pick(T->n_run_bases, RD(C_OWN, t0 + R))];
        int b2 = T->run_bases[pick(T->n_run_bases, RD(C_OWN + 1, t0 + K + R))];
        for (int j = 0; j < 4; j++) c->is_run[j] = 1;
        c->base[0] = c->base[1] = b1;
        c->base[2] = c->base[3] = b2;
        c->closed_only = 1;
        break;
    }
    case S_DAISANGEN:
        mixed_one(t, t0, r, 3, c);
        for (int j = 0; j < 3; j++) {
            c->is_run[j] = 0;
            c->base[j] = 31 + j;
        }
        break;
    case S_SUUANKOU: case S_SUUKANTSU: {
        double u0[4];
        RD4(C_OWN, t0 + R4, u0);
        for (int j = 0; j < 4; j++) {
            c->is_run[j] = 0;
            c->base[j] = T->kinds[pick(T->n_kinds, u0[j])];
        }
        if (shape == S_SUUANKOU) c->closed_only = 1;
        else c->all_kans = 1;
        break;
    }
    case S_TSUUIISOU: case S_CHINROUTOU: case S_DAISUUSHII: case S_SHOUSUUSHII: {
        /* _perm: keys (K, n) after the template's other blocks; the winds of shousuushii follow
         * a mixed_sets block */
        int n = shape == S_TSUUIISOU ? 7 : shape == S_CHINROUTOU ? 6 : 4;
        const int *table = shape == S_TSUUIISOU ? HONORS : shape == S_CHINROUTOU ? TERMINALS : WINDS;
        uint64_t o = (shape == S_SHOUSUUSHII ? t0 + 3 * K4 : t0) + R * (uint64_t)n;
        double keys[7];
        int idx[7];
        if (shape == S_SHOUSUUSHII) mixed_one(t, t0, r, 3, c);
        for (int j = 0; j < n; j++) keys[j] = RD(C_OWN, o + j);
        smallest(keys, n, shape == S_DAISUUSHII || shape == S_SHOUSUUSHII ? 4 : 5, idx);
        int sets = shape == S_SHOUSUUSHII ? 3 : 4;
        for (int j = 0; j < sets; j++) {
            c->is_run[j] = 0;
            c->base[j] = table[idx[j]];
        }
        if (shape != S_DAISUUSHII) c->pair = table[idx[sets]];
        break;
    }
    case S_RYUUIISOU: {
        double u0[4], u1[4];
        RD4(C_OWN, t0 + R4, u0);
        RD4(C_OWN + 1, t0 + K4 + R4, u1);
        for (int j = 0; j < 4; j++) {
            c->is_run[j] = u0[j] < 0.3;
            c->base[j] = c->is_run[j] ? 19 : GREEN[pick(6, u1[j])];
        }
        c->pair = GREEN[pick(6, RD(C_PAIR, pr))];
        break;
    }
    default:
        break;
    }
    if (c->pair < 0) c->pair = T->kinds[pick(T->n_kinds, RD(C_PAIR, pr))];
}

/* _assemble for candidate r: its melds (type -1 = a concealed set, tile = min(base, 33)),
 * concealed counts and the counts of all its tiles (melds too); 0 when a kind would exceed four
 * copies */
YM_ALWAYS_INLINE int assemble(tpl *t, int shape, int r, const cand *c, const ym_gen_params *P, const double *mtype_cum,
                    uint8_t *conc, uint8_t *total, int8_t *mt, int16_t *mtile) {
    const uint64_t K4 = 4 * (uint64_t)t->K, a0 = t->t0 + tpl_size(shape, (uint64_t)t->K), R4 = 4 * (uint64_t)r;
    int want = cat(P->meld_cum, 5, RD(C_ASM, a0 + R4));
    int chosen[4];
    if (c->all_kans || want >= 4 || want == 0) {
        for (int j = 0; j < 4; j++) chosen[j] = c->all_kans || want >= 4;
    } else {   /* the ranks of the four keys: the `want` smallest are melded */
        double k1[4];
        RD4(C_ASM + 1, a0 + K4 + R4, k1);
        for (int j = 0; j < 4; j++) {
            int rank = 0;
            for (int l = 0; l < 4; l++) rank += k1[l] < k1[j];
            chosen[j] = rank < want;
        }
    }
    int run_type = (c->closed_only || P->players == 3) ? -1 : CHI;
    memset(conc, 0, 34);
    memset(total, 0, 34);
    conc[c->pair] = 2;
    total[c->pair] = 2;
    int over = 0;   /* a kind above four copies: counts only grow, so checked as they do */
    /* the melded triplets' types, when the candidate has any: the four draws read together, each
     * type chosen without a branch (all_kans, closed_only are the template's, predictable) */
    int trip_type[4] = {-1, -1, -1, -1};
    if ((chosen[0] & !c->is_run[0]) | (chosen[1] & !c->is_run[1]) | (chosen[2] & !c->is_run[2])
        | (chosen[3] & !c->is_run[3])) {
        double u2[4];
        RD4(C_ASM + 2, a0 + 2 * K4 + R4, u2);
        for (int j = 0; j < 4; j++) {
            if (c->all_kans) {
                long x = (long)(u2[j] * 3);
                trip_type[j] = MINKAN + (int)(x < 0 ? 0 : x > 2 ? 2 : x);
            } else if (c->closed_only) {
                trip_type[j] = u2[j] < 0.25 ? ANKAN : -1;
            } else {
                trip_type[j] = PON + cat(mtype_cum, 4, u2[j]);
            }
        }
    }
    for (int j = 0; j < 4; j++) {
        int run = c->is_run[j];
        /* a chosen run: run_type; a chosen triplet: its type; a set not chosen: -1 (concealed) */
        int m = (run ? run_type : trip_type[j]) | -!chosen[j];
        mt[j] = (int8_t)m;
        int b = c->base[j] < 33 ? c->base[j] : 33, hide = m < 0;
        mtile[j] = (int16_t)b;
        /* a run: b, b + 1, b + 2 (its base is at most 24); a triplet: b three times (four for a
         * kan), added once (three adds to one byte wait on each other's stores); a triplet's
         * b + 1, b + 2 (at most 33) get 0 */
        int k1 = b + 1 < 33 ? b + 1 : 33, k2 = b + 2 < 33 ? b + 2 : 33;
        int add = sel(run, 1, 3 + (m >= MINKAN)), cadd = hide * sel(run, 1, 3);
        conc[b] = (uint8_t)(conc[b] + cadd);
        total[b] = (uint8_t)(total[b] + add);
        over |= total[b] > 4;
        conc[k1] = (uint8_t)(conc[k1] + (run & hide));
        total[k1] = (uint8_t)(total[k1] + run);
        over |= total[k1] > 4;
        conc[k2] = (uint8_t)(conc[k2] + (run & hide));
        total[k2] = (uint8_t)(total[k2] + run);
        over |= total[k2] > 4;
    }
    return !over;
}

/* the rows[0 .. n_idx) of a four-sets template from its candidates, in order: the number filled.
 * One copy of the loop per template (the shape a constant in gen_regular and assemble: no switch,
 * no call per candidate, the template's own constants folded). */
YM_ALWAYS_INLINE int fill_loop(tpl *t, int shape, const int *rows, int n_idx, const ym_gen_params *P,
                               const double *mtype_cum, ym_gen_out *out, uint8_t *tot, int8_t *mtype, int16_t *mtile) {
    int filled = 0;
    for (int k = 0; k < t->K && filled < n_idx; k++) {
        cand cd;
        int r = rows[filled];
        gen_regular(t, shape, k, &cd);
        if (!assemble(t, shape, k, &cd, P, mtype_cum, out->counts + (size_t)r * 34, tot + (size_t)r * 34, mtype + r * 4, mtile + r * 4))
            continue;
        filled++;
    }
    return filled;
}

static int fill_regular(tpl *t, int shape, const int *rows, int n_idx, const ym_gen_params *P, const double *mtype_cum,
                        ym_gen_out *out, uint8_t *tot, int8_t *mtype, int16_t *mtile) {
#define FILL(S) case S: return fill_loop(t, S, rows, n_idx, P, mtype_cum, out, tot, mtype, mtile)
    switch (shape) {
    FILL(S_MIXED); FILL(S_TANYAO); FILL(S_FLUSH); FILL(S_HONOR); FILL(S_TERMINAL); FILL(S_TOITOI);
    FILL(S_SANSHOKU); FILL(S_ITTSU); FILL(S_IIPEIKOU); FILL(S_RYANPEIKOU); FILL(S_SANSHOKU_DOUKOU);
    FILL(S_DAISANGEN); FILL(S_SUUANKOU); FILL(S_TSUUIISOU); FILL(S_RYUUIISOU); FILL(S_CHINROUTOU);
    FILL(S_SHOUSUUSHII); FILL(S_DAISUUSHII); FILL(S_SUUKANTSU);
    default: return 0;
    }
#undef FILL
}

/* candidate r of a meld-less template: chiitoitsu, kokushi, chuuren (always within four copies) */
static void gen_direct(tpl *t, int shape, int r, const double *sub_cum, uint8_t *counts) {
    const tables *T = t->T;
    const uint64_t K = (uint64_t)t->K, p = t->p0, R = (uint64_t)r;
    memset(counts, 0, 34);
    if (shape == S_KOKUSHI) {
        for (int i = 0; i < 13; i++) counts[YAOCHUU[i]] = 1;
        counts[YAOCHUU[pick(13, RD(0, p + R))]] += 1;
    } else if (shape == S_CHUUREN) {
        static const uint8_t pattern[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
        int suit = T->run_suits[pick(T->n_suits, RD(0, p + R))];
        for (int i = 0; i < 9; i++) counts[9 * suit + i] = pattern[i];
        counts[9 * suit + pick(9, RD(1, p + K + R))] += 1;
    } else {   /* chiitoitsu: (3, K) then keys (K, 34) */
        int sub = cat(sub_cum, 4, RD(0, p + R));
        int suit = sub == 1 ? T->run_suits[pick(T->n_suits, RD(1, p + K + R))] : 0;
        /* the seven smallest keys among the sub-template's kinds (the others' key is 2.0, never
         * among them: every sub-template allows at least seven kinds); their order does not
         * matter. A key is j / 2^53 for a 53-bit integer j: (j, kind) packed in an integer orders
         * as (key, kind), and is kept among the seven smallest by compare-exchanges, no branch. */
        int li = sub == 1 ? 4 + suit - T->run_suits[0] : sub;
        const uint8_t *list = T->chiitoi[li];
        int n_list = T->n_chiitoi[li];
        double keys[36];
        const uint64_t q = p + 3 * K + 34 * R;
        for (int i = 0; i < 32; i += 4) RD4(2, q + (uint64_t)i, keys + i);
        keys[32] = RD(2, q + 32);
        keys[33] = RD(2, q + 33);
        /* only the keys below a bound (13 of the list's kinds expected below it) enter the
         * compare-exchanges: when at least seven are below it, the seven smallest are among them
         * (else every key enters) */
        uint64_t x[34], bound = T->chiitoi_bound[li];
        int nx = 0;
        for (int i = 0; i < n_list; i++) {
            int k = list[i];
            uint64_t v = (uint64_t)(keys[k] * 9007199254740992.0) << 6 | (uint64_t)k;
            x[nx] = v;
            nx += v < bound;
        }
        if (nx < 7) {
            for (int i = 0; i < n_list; i++) x[i] = (uint64_t)(keys[list[i]] * 9007199254740992.0) << 6 | (uint64_t)list[i];
            nx = n_list;
        }
        uint64_t best[7] = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
        for (int i = 0; i < nx; i++) {
            uint64_t v = x[i];
            for (int l = 0; l < 7; l++) {
                uint64_t lo = best[l] < v ? best[l] : v;
                v = best[l] < v ? v : best[l];
                best[l] = lo;
            }
        }
        for (int i = 0; i < 7; i++) counts[best[i] & 63] = 2;
    }
}

static uint64_t direct_size(int shape, uint64_t K) {
    return shape == S_KOKUSHI ? K : shape == S_CHUUREN ? 2 * K : 37 * K;
}
#undef RD

/* ---- one chunk (random.py _chunk) ------------------------------------------------------------ */

/* the cursors of the per-row blocks: reds (3, 5, 4, m), the winning tile (2, m), the indicators
 * (10, m); the situation block (20, m) is read whole by ym_winning_chunk */
enum { RC_RED = 0, RC_WIN = 60, RC_IND = 62, N_ROW_CURSORS = 72 };

typedef struct {
    const jumps *J;
    cursor c[N_ROW_CURSORS];
    uint64_t red0, win0, sit0, ind0;   /* the blocks' places */
    uint64_t m;
} rowdraws;

#define RB(id, off) rd(D->J, &D->c[id], (off))

/* The red-five draws of rows r0 .. r0 + n - 1 (random.py _chunk's reds): per row and suit, the
 * copies of its five in the reference's order (the concealed ones, then the melds' in set order),
 * each copy's draw read only when the row holds it. The copies of the n rows are listed first
 * without a branch (each place's four possible copies written, the list advanced by the count
 * held), then read in one loop: the held copies' counts, which vary from row to row, decide no
 * branch. A copy's chance is (aka - used) / max(4 - seen, 1) over the suit's copies before it
 * (p_red[used][seen], the same division), so each list entry carries its row, cursor id, seen
 * (its place among the suit's copies), suit and target (0-2 the suit's concealed reds, 3-6 a
 * meld's). acc[k * 8 + target] receives the reds of row r0 + k. */
enum { RE_ID = 0, RE_SEEN = 6, RE_SUIT = 9, RE_TGT = 11, RE_ROW = 14 };
#define RE_COPY ((1u << RE_ID) + (1u << RE_SEEN))   /* the next copy: id + 1, seen + 1 */

/* meld_fives[t + 1][b]: the copies of a five a meld of type t (-1: a concealed set) and lowest
 * kind b holds (0, 1 for a chi, 3 or 4) | its suit << 3 */
static void meld_fives_init(uint8_t meld_fives[6][34]) {
    for (int t = -1; t <= ANKAN; t++)
        for (int b = 0; b < 34; b++) {
            int su = b >= 27 ? 0 : b / 9, rk = b - 9 * su, cnt = 0;
            if (t == CHI && b < 27 && rk >= 2 && rk <= 4) cnt = 1;
            if (t >= PON && b < 27 && rk == 4) cnt = t >= MINKAN ? 4 : 3;
            meld_fives[t + 1][b] = (uint8_t)(cnt | su << 3);
        }
}

/* the four entries e, e + RE_COPY, e + 2 RE_COPY, e + 3 RE_COPY at list[0..3], two 8-byte stores */
static inline void put4(uint32_t *list, uint32_t e) {
    uint64_t lo = (uint64_t)e * 0x100000001ULL + ((uint64_t)RE_COPY << 32), hi = lo + 2 * (uint64_t)RE_COPY * 0x100000001ULL;
    memcpy(list, &lo, 8);
    memcpy(list + 2, &hi, 8);
}

static void red_block(rowdraws *D, const double *p_red, const uint8_t meld_fives[6][34], int r0, int n, const uint8_t *counts, const int8_t *mtype,
                      const int16_t *mtile, uint32_t *list, uint8_t *acc) {
    int len = 0;
    memset(acc, 0, 64 * 8);
    for (int k = 0; k < n; k++) {
        const uint8_t *c = counts + (size_t)(r0 + k) * 34;
        const int8_t *mt = mtype + (size_t)(r0 + k) * 4;
        const int16_t *ml = mtile + (size_t)(r0 + k) * 4;
        const uint32_t row = (uint32_t)k << RE_ROW;
        int c0 = c[4], c1 = c[13], c2 = c[22];
        uint32_t seen = (uint32_t)(c0 | c1 << 4 | c2 << 8);   /* 4 bits per suit: the copies listed so far */
        /* the concealed fives: id (su * 5) * 4 + copy */
        put4(list + len, row | 0u << RE_ID | 0u << RE_SUIT | 0u << RE_TGT);
        len += c0;
        put4(list + len, row | 20u << RE_ID | 1u << RE_SUIT | 1u << RE_TGT);
        len += c1;
        put4(list + len, row | 40u << RE_ID | 2u << RE_SUIT | 2u << RE_TGT);
        len += c2;
        for (int j = 0; j < 4; j++) {   /* meld j's fives: id (su * 5 + 1 + j) * 4 + copy */
            uint32_t f = meld_fives[mt[j] + 1][ml[j]], cnt = f & 7, su = f >> 3;
            uint32_t sn = seen >> (4 * su) & 15;
            put4(list + len, row | (su * 20 + 4 + 4 * (uint32_t)j) << RE_ID | sn << RE_SEEN | su << RE_SUIT
                             | (uint32_t)(3 + j) << RE_TGT);
            len += (int)cnt;
            seen += cnt << (4 * su);
        }
    }
    const uint64_t m = D->m;
    uint32_t prev_row = UINT32_MAX, used = 0;   /* 4 bits per suit: the reds so far in the row */
    for (int i = 0; i < len; i++) {
        uint32_t e = list[i], id = e >> RE_ID & 63, sn = e >> RE_SEEN & 7, su = e >> RE_SUIT & 3,
                 tg = e >> RE_TGT & 7, k = e >> RE_ROW;
        used &= -(uint32_t)(k == prev_row);
        prev_row = k;
        double u = rd(D->J, &D->c[RC_RED + id], D->red0 + (uint64_t)id * m + (uint64_t)(r0 + (int)k));
        int red = u < p_red[(used >> (4 * su) & 15) * 4 + sn];
        used += (uint32_t)red << (4 * su);
        acc[k * 8 + tg] += (uint8_t)red;
    }
}

/* everything after the structure, for row r: reds, winning tile, situation, indicators, the
 * output columns (random.py _chunk after the template loop). The row's concealed counts are
 * already in out->counts, the counts of all its tiles in tot (the structure phase writes them). */
static void finish_row(rowdraws *D, const ym_gen_params *P, const tables *T, const double *cums, int r, const double *sit,
                       const uint8_t *acc, const uint8_t *tot, const int8_t *mtype, const int16_t *mtile, ym_gen_out *out) {
    const double *round_cum = cums, *honba_cum = cums + 4, *sticks_cum = cums + 13, *kita_cum = cums + 18,
                 *okans_cum = cums + 23;
    const uint64_t m = D->m, R = (uint64_t)r;
    uint64_t cw[5], tw[5];   /* concealed counts; all the row's tiles (melds too) */
    load_counts(out->counts + (size_t)r * 34, cw);
    load_counts(tot, tw);
    int n_melds = (mtype[0] >= 0) + (mtype[1] >= 0) + (mtype[2] >= 0) + (mtype[3] >= 0);
    out->n_melds[r] = (uint8_t)n_melds;

    /* reds (red_block): the concealed fives' per suit, the melds' in acc[3 + j] */
    const uint8_t *reds = acc, *mreds = acc + 3;
    for (int s = 0; s < 3; s++) out->reds[r * 3 + s] = reds[s];

    /* winning tile */
    int win = row_cat(cw, 14 - 3 * n_melds, RB(RC_WIN, D->win0 + R));
    int wsuit = (win >= 9) + (win >= 18);   /* an honor's suit slot is never read: not a five */
    int win_five = (int)(0x402010ULL >> win & 1);   /* 4, 13 or 22, without a branch */
    out->win[r] = (uint8_t)win;
    /* u * copies < reds[wsuit]: never with no red in the suit (u * copies >= 0), so read only then */
    int wred = reds[wsuit];
    out->win_red[r] = (uint8_t)((win_five & (wred > 0)) && RB(RC_WIN + 1, D->win0 + m + R) * byte_at(cw, win) < wred);

    /* situation: u[i] is the block (20, m)'s row i at this row (sit) */
    const double *u = sit;
    int seat = (int)(u[0] * P->players);
    int rnd = cat(round_cum, P->players == 4 ? 4 : 3, u[1]);
    int is_open = 0, own_kans = 0, last_kan = -1;
    for (int j = 0; j < 4; j++) {
        int t = mtype[j];
        is_open |= t >= CHI && t <= KAKAN;
        own_kans += t >= MINKAN;
        last_kan = t >= MINKAN ? j : last_kan;
    }
    int kita = 0;
    if (P->players == 3) {
        int k = cat(kita_cum, 5, u[2]), room = 4 - byte_at(tw, 30);
        kita = k < room ? k : room;
    }
    int tsumo = u[3] < P->tsumo;
    int untouched = n_melds == 0 && kita == 0;
    int first = tsumo & untouched & (u[4] < P->first_turn);
    int tenhou = first & (seat == 0), chiihou = first & (seat != 0);
    int renhou = (!tsumo) & untouched & (seat != 0) & (u[5] < P->renhou);
    int riichi_any = (!is_open) & (!first) & (!renhou) & (u[6] < P->riichi);
    int dbl = riichi_any & (u[7] < P_RIICHI_DOUBLE);
    int riichi = riichi_any & (!dbl);
    int rinshan = tsumo & (!first) & (own_kans > 0 || kita > 0) & (u[8] < P_RINSHAN);
    int ippatsu = riichi_any & (!rinshan) & (!(dbl & (own_kans > 0))) & (u[9] < P_IPPATSU);
    int haitei = tsumo & (!first) & (!rinshan) & (u[10] < P_HAITEI);
    int win_total = byte_at(tw, win) + (win == 30 ? kita : 0);
    int chankan = (!tsumo) & (!renhou) & (win_total == 1) & (u[11] < P_CHANKAN);
    int houtei = (!tsumo) & (!renhou) & (!chankan) & (u[12] < P_HOUTEI);
    out->flags[r] = (uint16_t)(tsumo | riichi << 1 | dbl << 2 | ippatsu << 3 | rinshan << 4 | chankan << 5
                               | haitei << 6 | houtei << 7 | tenhou << 8 | chiihou << 9 | renhou << 10);
    out->honba[r] = (uint16_t)cat(honba_cum, 9, u[13]);
    out->riichi_sticks[r] = (uint16_t)(cat(sticks_cum, 5, u[14]) + riichi_any);
    int other_kans = cat(okans_cum, 3, u[15]);
    if (other_kans > 4 - own_kans) other_kans = 4 - own_kans;
    int last_type = mtype[last_kan > 0 ? last_kan : 0];
    int unturned = rinshan && own_kans > 0 && (last_type == MINKAN || last_type == KAKAN);
    int n_dora = 1 + own_kans + other_kans - unturned;
    if (n_dora > 5) n_dora = 5;
    int n_ura = riichi_any ? n_dora : 0;
    out->n_dora[r] = (uint8_t)n_dora;
    out->n_ura[r] = (uint8_t)n_ura;
    out->seat_wind[r] = (uint8_t)seat;
    out->round_wind[r] = (uint8_t)rnd;
    out->kita[r] = (uint8_t)kita;

    /* indicators from the tiles left (4 - the row's tiles, allowed kinds only, less kita and the
     * robbed kakan): the block (10, m), the dora steps then the ura steps */
    uint64_t lw[5];
    for (int i = 0; i < 5; i++) lw[i] = (4 * L8 - tw[i]) & T->allowed_w[i];
    add_at(lw, 30, -kita);
    if (chankan) lw[win >> 3] &= ~(0xFFULL << (8 * (win & 7)));
    int n_left = words_sum(lw);
    uint8_t *dora = out->dora + r * 5, *ura = out->ura + r * 5;
    memset(dora, 255, 5);
    memset(ura, 255, 5);
    for (int step = 0; step < n_dora; step++) {
        int k = row_cat(lw, n_left, RB(RC_IND + step, D->ind0 + (uint64_t)step * m + R));
        dora[step] = (uint8_t)k;
        add_at(lw, k, -1);
        n_left -= 1;
    }
    for (int step = 0; step < n_ura; step++) {
        int k = row_cat(lw, n_left, RB(RC_IND + 5 + step, D->ind0 + (uint64_t)(5 + step) * m + R));
        ura[step] = (uint8_t)k;
        add_at(lw, k, -1);
        n_left -= 1;
    }

    /* meld slots: melds first, in set order; empty slots tile 0 */
    int8_t *ot = out->meld_type + r * 4;
    uint8_t *ol = out->meld_tile + r * 4, *orr = out->meld_reds + r * 4;
    memset(ot, -1, 4);   /* the slots after the melds: no meld, tile 0, no red */
    memset(ol, 0, 4);
    memset(orr, 0, 4);
    for (int j = 0, n = 0; j < 4; j++) {
        /* set j to slot n, unconditionally: a concealed set writes an empty slot (-1, 0, 0) that
         * the next meld, if any, overwrites */
        int t = mtype[j], is_meld = t >= 0;
        ot[n] = (int8_t)t;
        ol[n] = (uint8_t)(mtile[j] & -is_meld);
        orr[n] = mreds[j];
        n += is_meld;
    }
}
#undef RB

int ym_winning_chunk(ym_uniform_src *src, const ym_gen_params *P, int m, ym_gen_out *out) {
    tables T;
    make_tables(&T, P->players);
    /* round 0-3, honba 4-12, sticks 13-17, kita 18-22, other kans 23-25 */
    double cums[26], mtype_cum[4], sub_cum[4];
    cum_of(P->players == 4 ? ROUND_4 : ROUND_3, P->players == 4 ? 4 : 3, cums);
    cum_of(HONBA, 9, cums + 4);
    cum_of(OTHER_STICKS, 5, cums + 13);
    cum_of(KITA_P, 5, cums + 18);
    cum_of(OTHER_KANS, 3, cums + 23);
    cum_of(MELD_TYPE_P, 4, mtype_cum);
    cum_of(CHIITOI_SUB, 4, sub_cum);

    uint8_t meld_fives[6][34];
    meld_fives_init(meld_fives);
    jumps *J = malloc(sizeof *J);
    rowdraws *D = malloc(sizeof *D);
    int8_t *mtype = malloc(4 * (size_t)m);
    int16_t *mtile = calloc(4 * (size_t)m, sizeof(int16_t));
    uint8_t *tot = malloc(34 * (size_t)m);
    int *idx = malloc(sizeof(int) * (size_t)m);
    int rc = 0;
    if (!J || !D || !tot || !mtype || !mtile || !idx) {
        rc = -1;
        goto done;
    }
    memset(mtype, -1, 4 * (size_t)m);
    ym_pcg64_jumps_init(J, mk128(src->inc_hi, src->inc_lo));
    const cursor start = {src->state_hi, src->state_lo, 0};

    cursor c0 = start;
    cat_index shapes;
    cat_index_init(&shapes, P->shape_cum, YM_GEN_SHAPES);
    for (int r = 0; r < m; r++) out->shape[r] = (uint8_t)cat_fast(&shapes, rd(J, &c0, (uint64_t)r));
    uint64_t pos = (uint64_t)m;   /* the place of the next block in the stream */

    /* the pending rows of each template, in row order: idx[first[code] .. first[code + 1]); a
     * round fills a prefix of each template's rows, and the rest, kept in order, are the next
     * round's */
    int first[YM_GEN_SHAPES + 1] = {0}, at[YM_GEN_SHAPES];
    for (int r = 0; r < m; r++) first[out->shape[r] + 1]++;
    for (int code = 0; code < YM_GEN_SHAPES; code++) first[code + 1] += first[code];
    memcpy(at, first, sizeof at);
    for (int r = 0; r < m; r++) idx[at[out->shape[r]]++] = r;
    int left_rows = m, round = 0;
    for (; round < 1000 && left_rows > 0; round++) {
        int w = 0;   /* the rows left for the next round, moved down to idx[0 .. w) */
        for (int code = 0; code < YM_GEN_SHAPES; code++) {
            int *rows = idx + first[code];
            int n_idx = first[code + 1] - first[code];
            first[code] = w;
            if (!n_idx) continue;
            int K = 2 * n_idx + 8, filled = 0;
            tpl t;
            t.J = J;
            t.T = &T;
            t.K = K;
            t.p0 = pos;
            t.t0 = pos + (uint64_t)K;
            for (int i = 0; i < N_TPL_CURSORS; i++) t.c[i] = start;
            if (code == S_CHIITOITSU || code == S_KOKUSHI || code == S_CHUUREN) {
                for (; filled < n_idx; filled++) {   /* K > n_idx candidates, every one valid */
                    int r = rows[filled];
                    gen_direct(&t, code, filled, sub_cum, out->counts + (size_t)r * 34);
                    memcpy(tot + (size_t)r * 34, out->counts + (size_t)r * 34, 34);   /* no melds */
                }
                pos += direct_size(code, (uint64_t)K);
            } else {
                filled = fill_regular(&t, code, rows, n_idx, P, mtype_cum, out, tot, mtype, mtile);
                pos += (uint64_t)K + tpl_size(code, (uint64_t)K) + 12 * (uint64_t)K;
            }
            memmove(idx + w, rows + filled, sizeof(int) * (size_t)(n_idx - filled));
            w += n_idx - filled;
        }
        first[YM_GEN_SHAPES] = w;
        left_rows = w;
    }
    if (left_rows > 0) {   /* Python's for-else: 1000 rounds without finishing */
        rc = -2;
        goto done;
    }

    D->J = J;
    D->m = (uint64_t)m;
    D->red0 = pos;
    D->win0 = pos + (P->aka ? 60 * (uint64_t)m : 0);
    D->sit0 = D->win0 + 2 * (uint64_t)m;
    D->ind0 = D->sit0 + 20 * (uint64_t)m;
    for (int i = 0; i < N_ROW_CURSORS; i++) D->c[i] = start;
    /* the situation block (20, m): its rows 0-15 (2 only with three players, 5 only with renhou)
     * stepped side by side (independent states), 64 rows at a time */
    const u128 mult = PCG_MULT, inc = mk128(src->inc_hi, src->inc_lo);
    int lanes[16], n_lanes = 0;
    for (int i = 0; i < 16; i++)
        if (!((i == 2 && P->players == 4) || (i == 5 && !(P->renhou > 0.0))))
            lanes[n_lanes++] = i;
    double p_red[5 * 4];   /* a copy's chance with `used` reds among the `seen` copies before it */
    for (int used = 0; used < 5; used++)
        for (int seen = 0; seen < 4; seen++)
            p_red[used * 4 + seen] = (double)(P->aka - used) / (double)(4 - seen > 1 ? 4 - seen : 1);
    uint32_t red_list[64 * 16 + 4];   /* at most 12 copies a row listed (4 a suit), 4 written past */
    u128 sc[16];   /* the state before row r0 of each stepped row of the block */
    for (int l = 0; l < n_lanes; l++)
        sc[l] = jump(J, mk128(start.hi, start.lo), D->sit0 + (uint64_t)lanes[l] * (uint64_t)m);
    for (int r0 = 0; r0 < m; r0 += 64) {
        int n = m - r0 < 64 ? m - r0 : 64;
        double sit[64][16];
        for (int k = 0; k < n; k++) {
            sit[k][2] = sit[k][5] = 1.0;   /* values no row reads: neutral (overwritten when stepped) */
            for (int l = 0; l < n_lanes; l++) {
                sc[l] = add128(mul128(sc[l], mult), inc);
                sit[k][lanes[l]] = out_double(sc[l]);
            }
        }
        uint8_t acc[64 * 8];
        if (P->aka) red_block(D, p_red, (const uint8_t (*)[34])meld_fives, r0, n, out->counts, mtype, mtile, red_list, acc);
        else memset(acc, 0, sizeof acc);
        for (int k = 0; k < n; k++) {
            int r = r0 + k;
            finish_row(D, P, &T, cums, r, sit[k], acc + 8 * k, tot + (size_t)r * 34, mtype + r * 4, mtile + r * 4, out);
        }
    }

done:
    free(J); free(D); free(mtype); free(mtile); free(tot); free(idx);
    return rc;
}
