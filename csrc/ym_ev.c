/* ym_ev.c - the expected-value search of ym_ev.h (model: docs/ev.md).
 *
 * Two kinds of state: a draw state (13-3k concealed tiles, waiting for the next draw) and a
 * discard state (14-3k tiles, choosing a discard). States are keyed by their counts (3 bits per
 * kind), the red fives held (3 bits) and a riichi bit (draw states); an open-addressing table maps
 * keys to node indices. The states are made breadth first (a queue, no recursion), then linked to
 * every state of the graph one draw or discard away, then the values are computed backwards from
 * t = t_max: the discard states from the draw states of turn t + 1, then the draw states of turn t
 * from the discard states (v_t = v_{t+1} + sum_edges w / (S - t) * (value - v_{t+1})).
 * Memory: arrays in the work struct, grown by doubling; nothing per call once they are large
 * enough.
 */
#include "ym_ev.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ym_shanten.h"

typedef struct {
    uint64_t k0, k1;
} ev_key_t;

typedef struct {
    ev_key_t key;
    int8_t shanten;
    uint8_t draw;      /* 1: draw state */
    uint8_t riichi;    /* draw state: riichi declared (a win counts riichi; no exchanges) */
    int32_t e0, ne;    /* edges */
} node_t;

typedef struct {
    int32_t to;        /* draw state: the discard state reached; discard state: the draw state */
    uint8_t w;         /* copies (draw edges) */
    uint8_t win;       /* the draw completes a hand with a yaku */
    double score;      /* value of the win (0 if none) */
} edge_t;

struct ym_ev_work {
    node_t *nodes;
    size_t n_nodes, cap_nodes;
    edge_t *edges;
    size_t n_edges, cap_edges;
    int32_t *table;    /* node index + 1, 0 = empty */
    size_t table_cap;
    double *val;       /* 6 per node: tenpai, win, score at t+1 (draw states) / t (discard) */
    size_t cap_val;
};

ym_ev_work_t *ym_ev_work_new(void) {
    ym_ev_work_t *w = (ym_ev_work_t *)calloc(1, sizeof *w);
    return w;
}

void ym_ev_work_free(ym_ev_work_t *w) {
    if (!w) return;
    free(w->nodes);
    free(w->edges);
    free(w->table);
    free(w->val);
    free(w);
}

size_t ym_ev_nodes(const ym_ev_work_t *w) { return w ? w->n_nodes : 0; }

void ym_ev_input_init(ym_ev_input_t *in, const ym_rules_t *rules) {
    memset(in, 0, sizeof *in);
    in->rules = rules;
    in->t_max = 18;
    in->extra = 1;
    in->tegawari = in->shanten_down = in->uradora = in->red = 1;
    in->max_shanten = 3;
    in->bounded = 1;
}

/* ---- keys and the table ----------------------------------------------------------------- */
static ev_key_t make_key(const uint8_t *c, unsigned reds, unsigned flag) {
    ev_key_t k = {0, 0};
    for (int i = 0; i < 21; i++) k.k0 |= (uint64_t)c[i] << (3 * i);
    for (int i = 21; i < 34; i++) k.k1 |= (uint64_t)c[i] << (3 * (i - 21));
    k.k1 |= (uint64_t)(reds & 7u) << 39 | (uint64_t)(flag & 1u) << 42;
    return k;
}

/* the key with one more (delta = 1) or one less (delta = -1) tile of a kind */
static inline ev_key_t key_step(ev_key_t k, int kind, int delta) {
    uint64_t one = kind < 21 ? 1ULL << (3 * kind) : 1ULL << (3 * (kind - 21));
    if (kind < 21) k.k0 = delta > 0 ? k.k0 + one : k.k0 - one;
    else k.k1 = delta > 0 ? k.k1 + one : k.k1 - one;
    return k;
}

static inline ev_key_t key_with(ev_key_t k, unsigned reds, unsigned flag) {
    k.k1 = (k.k1 & ((1ULL << 39) - 1)) | (uint64_t)(reds & 7u) << 39 | (uint64_t)(flag & 1u) << 42;
    return k;
}

/* a full 64-bit mix (the low bits index the table, so every key bit must reach them) */
static inline uint64_t mix(ev_key_t k) {
    uint64_t h = k.k0 ^ (k.k1 * 0x9E3779B97F4A7C15ULL);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}

static int grow_table(ym_ev_work_t *w) {
    size_t cap = w->table_cap ? w->table_cap * 2 : 4096;
    int32_t *t = (int32_t *)calloc(cap, sizeof *t);
    if (!t) return -1;
    for (size_t i = 0; i < w->n_nodes; i++) {
        size_t j = mix(w->nodes[i].key) & (cap - 1);
        while (t[j]) j = (j + 1) & (cap - 1);
        t[j] = (int32_t)i + 1;
    }
    free(w->table);
    w->table = t;
    w->table_cap = cap;
    return 0;
}

/* index of the node with key k, or -(slot + 1) when absent */
static long lookup(const ym_ev_work_t *w, ev_key_t k) {
    size_t j = mix(k) & (w->table_cap - 1);
    for (;;) {
        int32_t v = w->table[j];
        if (!v) return -(long)j - 1;
        const node_t *n = &w->nodes[v - 1];
        if (n->key.k0 == k.k0 && n->key.k1 == k.k1) return v - 1;
        j = (j + 1) & (w->table_cap - 1);
    }
}

static int reserve(void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* ---- the search context ------------------------------------------------------------------- */
typedef struct {
    const ym_ev_input_t *in;
    ym_ev_work_t *w;
    uint8_t h0[34];       /* the request's concealed counts */
    unsigned reds0;
    uint8_t base[34];     /* unseen + h0: what a state's wall is taken from */
    uint8_t base_red[3];
    int s0, sanma, closed;
    int32_t *queue;
    size_t nq, cap_q;
} ctx_t;

/* tiles held beyond the request's hand (a red five and a plain five are different tiles) */
static int dist_up(const ctx_t *x, const uint8_t *c, unsigned reds) {
    int d = 0;
    for (int k = 0; k < 34; k++) {
        if (k < 27 && k % 9 == 4) {
            int s = k / 9;
            int r = (int)(reds >> s & 1u), r0 = (int)(x->reds0 >> s & 1u);
            int p = c[k] - r, p0 = x->h0[k] - r0;
            d += (p > p0 ? p - p0 : 0) + (r > r0 ? r - r0 : 0);
        } else {
            d += c[k] > x->h0[k] ? c[k] - x->h0[k] : 0;
        }
    }
    return d;
}

static void unpack(ev_key_t k, uint8_t *c, unsigned *reds) {
    for (int i = 0; i < 21; i++) c[i] = (uint8_t)(k.k0 >> (3 * i) & 7u);
    for (int i = 21; i < 34; i++) c[i] = (uint8_t)(k.k1 >> (3 * (i - 21)) & 7u);
    *reds = (unsigned)(k.k1 >> 39) & 7u;
}

static int shanten_of(const ctx_t *x, const uint8_t *c) {
    return ym_shanten(c, x->in->n_melds, YM_FORM_ALL, x->sanma);
}

/* get or create the node of key k (counts c); `sh` is its shanten when the caller knows it (else
   below -1); returns its index or -1 on memory failure */
static long node_at(ctx_t *x, ev_key_t k, const uint8_t *c, int sh, int draw) {
    ym_ev_work_t *w = x->w;
    long i = lookup(w, k);
    if (i >= 0) return i;
    if ((w->n_nodes + 1) * 2 > w->table_cap) {
        if (grow_table(w)) return -1;
        i = lookup(w, k);
    }
    if (reserve((void **)&w->nodes, &w->cap_nodes, w->n_nodes + 1, sizeof(node_t))) return -1;
    if (reserve((void **)&x->queue, &x->cap_q, x->nq + 1, sizeof(int32_t))) return -1;
    node_t *n = &w->nodes[w->n_nodes];
    memset(n, 0, sizeof *n);
    n->key = k;
    n->draw = (uint8_t)draw;
    n->shanten = (int8_t)(sh < -1 ? shanten_of(x, c) : sh);
    n->riichi = (uint8_t)(draw && (k.k1 >> 42 & 1u));   /* draw state: a closed hand under riichi */
    w->table[-i - 1] = (int32_t)w->n_nodes + 1;
    x->queue[x->nq++] = (int32_t)w->n_nodes;
    return (long)w->n_nodes++;
}

static long node_of(ctx_t *x, const uint8_t *c, unsigned reds, unsigned flag, int draw) {
    return node_at(x, make_key(c, reds, flag), c, -2, draw);
}

static int push_edge(ctx_t *x, int32_t to, int wt, int win, double score) {
    ym_ev_work_t *w = x->w;
    if (reserve((void **)&w->edges, &w->cap_edges, w->n_edges + 1, sizeof(edge_t))) return -1;
    edge_t *e = &w->edges[w->n_edges++];
    e->to = to;
    e->w = (uint8_t)wt;
    e->win = (uint8_t)win;
    e->score = score;
    return 0;
}

/* ---- scoring a win ------------------------------------------------------------------------ */
static double binom(int n, int k) {
    if (k < 0 || k > n) return 0.0;
    double r = 1.0;
    for (int i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

static double hand_value(const ctx_t *x, int han, int fu, int yakuman, int dealer) {
    const ym_ev_input_t *in = x->in;
    int limit, kazoe;
    int32_t a = ym_base_points(in->rules, han, fu, yakuman, &limit, &kazoe);
    ym_payment_t pay;
    int32_t pts;
    ym_payments(in->rules, a, 0, dealer, 1, in->honba, in->riichi_sticks, &pay, &pts);
    return (double)pay.total;
}

/* The value of the tsumo of kind k completing c (14-3k tiles incl. k); 0 if no yaku. */
static double win_score(const ctx_t *x, const uint8_t *c, unsigned reds, int k, int riichi) {
    const ym_ev_input_t *in = x->in;
    ym_hand_t h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, c, 34);
    h.reds = (uint8_t)(((reds & 1) + (reds >> 1 & 1) + (reds >> 2 & 1)) + in->meld_reds);
    h.win = (uint8_t)k;
    h.n_melds = in->n_melds;
    for (int m = 0; m < in->n_melds; m++) {
        h.meld_type[m] = in->meld_type[m];
        h.meld_tile[m] = in->meld_tile[m];
    }
    h.seat_wind = in->seat_wind;
    h.round_wind = in->round_wind;
    h.n_dora = in->n_dora;
    memcpy(h.dora, in->dora, in->n_dora);
    h.kita = in->kita;
    h.flags = (uint16_t)(YM_F_TSUMO | (riichi ? YM_F_RIICHI : 0));
    ym_score_t s;
    if (ym_score_ex(in->rules, &h, &s, 1) != YM_ST_OK) return 0.0;
    int dealer = in->seat_wind == 0;
    if (!riichi || !in->uradora || in->n_dora == 0 || s.yakuman)
        return hand_value(x, s.han, s.fu, s.yakuman, dealer);
    /* ura dora: the indicators are drawn from the tiles this hand does not hold */
    uint8_t full[34];
    memcpy(full, c, 34);
    for (int m = 0; m < in->n_melds; m++) {
        int t = in->meld_tile[m], ty = in->meld_type[m];
        if (ty == YM_CHI) {
            full[t]++, full[t + 1]++, full[t + 2]++;
        } else {
            full[t] = (uint8_t)(full[t] + (ty == YM_PON ? 3 : 4));
        }
    }
    double dp[YM_MAX_INDICATORS + 1][13], nd[YM_MAX_INDICATORS + 1][13];
    memset(dp, 0, sizeof dp);
    dp[0][0] = 1.0;
    int d = in->n_dora, total = 0;
    for (int i = 0; i < 34; i++) {
        int ci = (int)x->base[i] - c[i];
        if (ci <= 0) continue;
        total += ci;
        int g = full[ym_next_dora(i, x->sanma)];
        memcpy(nd, dp, sizeof dp);
        for (int a = 0; a < d; a++)
            for (int u = 0; u <= 12; u++) {
                if (dp[a][u] == 0.0) continue;
                for (int j = 1; j <= ci && a + j <= d; j++) {
                    int nu = u + j * g;
                    nd[a + j][nu > 12 ? 12 : nu] += dp[a][u] * binom(ci, j);
                }
            }
        memcpy(dp, nd, sizeof dp);
    }
    double all = binom(total, d), v = 0.0;
    if (all <= 0.0) return hand_value(x, s.han, s.fu, 0, dealer);
    for (int u = 0; u <= 12; u++)
        if (dp[d][u] > 0.0) v += dp[d][u] / all * hand_value(x, s.han + u, s.fu, 0, dealer);
    return v;
}

/* ---- building the graph ------------------------------------------------------------------- */
/* The graph is made in two passes. The first creates the states: from a draw state, the draws
 * that lower the shanten and, with exchanges on, the draws that keep it, while the state is close
 * enough to the request (tiles held beyond it + shanten < the request's shanten + extra) and is not
 * a hand under riichi waiting; from a discard state, the discards that keep the shanten and, with
 * shanten-down on, those one back, under the same limit. The second pass links every state to
 * each state of the graph one draw (draw states) or one discard (discard states) away, whether or
 * not the first pass reached it that way (docs/ev.md, "Which draws and discards are followed"). */

/* the suit of a five (whose red copy is a tile of its own), else -1 */
static inline int five_suit(int k) { return (k < 27 && k % 9 == 4) ? k / 9 : -1; }

/* copies of the red five of `suit` that a state holding `reds` may draw */
static inline int red_left_of(const ctx_t *x, unsigned reds, int suit) {
    return (suit >= 0 && x->in->red && !(reds >> suit & 1)) ? (int)x->base_red[suit] : 0;
}

/* node ni, its concealed counts and red fives */
static node_t load_node(const ctx_t *x, int32_t ni, uint8_t *c, unsigned *reds) {
    node_t nd = x->w->nodes[ni];
    unpack(nd.key, c, reds);
    return nd;
}

static long find_draw_state(const ctx_t *x, ev_key_t k);

static int create_draws(ctx_t *x, int32_t ni) {
    const ym_ev_input_t *in = x->in;
    uint8_t c[34];
    unsigned reds;
    node_t nd = load_node(x, ni, c, &reds);
    int b = nd.shanten;
    /* a draw never raises the shanten: with exchanges allowed every draw is followed */
    int teg = in->tegawari && !(nd.riichi && b == 0) && dist_up(x, c, reds) + b < x->s0 + in->extra;
    ev_key_t kb = key_with(nd.key, reds, 0);
    for (int k = 0; k < 34; k++) {
        int left = (int)x->base[k] - c[k];
        if (left <= 0) continue;
        int suit = five_suit(k);
        int red_left = red_left_of(x, reds, suit);
        ev_key_t kp = key_step(kb, k, 1), kr = key_with(kp, suit >= 0 ? reds | 1u << suit : reds, 0);
        c[k]++;
        if (teg) {
            /* every draw is followed: the shanten is computed only for a new state */
            if (left - red_left > 0 && node_at(x, kp, c, -2, 0) < 0) return -1;
            if (red_left > 0 && node_at(x, kr, c, -2, 0) < 0) return -1;
        } else {
            int need_p = left - red_left > 0 && lookup(x->w, kp) < 0;
            int need_r = red_left > 0 && lookup(x->w, kr) < 0;
            if (need_p || need_r) {
                int s2 = shanten_of(x, c);
                if (s2 < b) {
                    if (need_p && node_at(x, kp, c, s2, 0) < 0) return -1;
                    if (need_r && node_at(x, kr, c, s2, 0) < 0) return -1;
                }
            }
        }
        c[k]--;
    }
    return 0;
}

static int create_discards(ctx_t *x, int32_t ni) {
    const ym_ev_input_t *in = x->in;
    uint8_t c[34];
    unsigned reds;
    node_t nd = load_node(x, ni, c, &reds);
    int a = nd.shanten;
    /* a discard never lowers the shanten nor raises it by more than one */
    int down = in->shanten_down && dist_up(x, c, reds) + a < x->s0 + in->extra;
    for (int k = 0; k < 34; k++) {
        if (!c[k]) continue;
        int suit = five_suit(k);
        int has_red = suit >= 0 && (reds >> suit & 1);
        c[k]--;
        ev_key_t k0 = key_step(key_with(nd.key, reds, 0), k, -1);
        int want_p = c[k] + 1 - has_red > 0, want_r = has_red;
        ev_key_t kr0 = want_r ? key_with(k0, reds & ~(1u << suit), 0) : k0;
        /* states already made need no shanten (the one the discard leads to is found by the
           same rule as the links use) */
        if ((!want_p || find_draw_state(x, k0) >= 0) && (!want_r || find_draw_state(x, kr0) >= 0)) {
            c[k]++;
            continue;
        }
        int s2 = shanten_of(x, c);
        if ((a >= 0 && s2 == a) || (down && s2 == a + 1)) {
            unsigned flag = (unsigned)(x->closed && s2 == 0);
            if (want_p && node_at(x, key_with(k0, reds, flag), c, s2, 1) < 0) return -1;
            if (want_r && node_at(x, key_with(kr0, reds & ~(1u << suit), flag), c, s2, 1) < 0) return -1;
        }
        c[k]++;
    }
    return 0;
}

static int build(ctx_t *x) {
    for (size_t q = 0; q < x->nq; q++) {
        int32_t ni = x->queue[q];
        int r = x->w->nodes[ni].draw ? create_draws(x, ni) : create_discards(x, ni);
        if (r) return r;
    }
    return 0;
}

/* the draw state a discard leads to (key without the riichi bit), if the graph has it: under
   riichi when a closed hand is tenpai */
static long find_draw_state(const ctx_t *x, ev_key_t k) {
    if (x->closed) {
        long i = lookup(x->w, key_with(k, (unsigned)(k.k1 >> 39 & 7u), 1));
        if (i >= 0) return i;
    }
    long i = lookup(x->w, k);
    if (i >= 0 && x->closed && x->w->nodes[i].shanten == 0) return -1;   /* the 13-tile request itself */
    return i;
}

static int link(ctx_t *x, int32_t ni) {
    uint8_t c[34];
    unsigned reds;
    node_t nd = load_node(x, ni, c, &reds);
    ev_key_t kb = key_with(nd.key, reds, 0);
    int32_t e0 = (int32_t)x->w->n_edges;
    for (int k = 0; k < 34; k++) {
        int suit = five_suit(k);
        if (nd.draw) {
            int left = (int)x->base[k] - c[k];
            if (left <= 0) continue;
            int red_left = red_left_of(x, reds, suit);
            ev_key_t kp = key_step(kb, k, 1);
            for (int r = 0; r < 2; r++) {
                int wt = r ? red_left : left - red_left;
                if (wt <= 0) continue;
                unsigned r2 = r ? reds | 1u << suit : reds;
                long to = lookup(x->w, r ? key_with(kp, r2, 0) : kp);
                if (to < 0) continue;
                double sc = 0.0;
                if (x->w->nodes[to].shanten == -1) {
                    c[k]++;
                    sc = win_score(x, c, r2, k, nd.riichi);
                    c[k]--;
                }
                if (push_edge(x, (int32_t)to, wt, sc > 0.0, sc)) return -1;
            }
        } else {
            if (!c[k]) continue;
            int has_red = suit >= 0 && (reds >> suit & 1);
            ev_key_t kp = key_step(kb, k, -1);
            for (int r = 0; r < 2; r++) {
                if (r ? !has_red : c[k] - has_red <= 0) continue;
                long to = find_draw_state(x, r ? key_with(kp, reds & ~(1u << suit), 0) : kp);
                if (to >= 0 && push_edge(x, (int32_t)to, 0, 0, 0.0)) return -1;
            }
        }
    }
    node_t *n = &x->w->nodes[ni];
    n->e0 = e0;
    n->ne = (int32_t)x->w->n_edges - e0;
    return 0;
}

/* ---- values -------------------------------------------------------------------------------- */
/* val[6 i + 0..2] = tenpai, win, score of node i at the turn being computed;
 * val[6 i + 3..5] = the same at the next turn (draw states only). */
static void solve(ctx_t *x, const int32_t *roots, int n_roots, ym_ev_row_t *rows, int S) {
    ym_ev_work_t *w = x->w;
    double *v = w->val;
    int T = x->in->t_max;
    size_t n = w->n_nodes;
    for (size_t i = 0; i < n; i++) {
        const node_t *nd = &w->nodes[i];
        v[6 * i + 0] = nd->draw && nd->shanten == 0 ? 1.0 : 0.0;
        v[6 * i + 1] = v[6 * i + 2] = 0.0;
    }
    for (int r = 0; r < n_roots; r++) {
        rows[r].tenpai[T] = v[6 * (size_t)roots[r]];
        rows[r].win[T] = rows[r].score[T] = 0.0;
    }
    for (int t = T - 1; t >= 1; t--) {
        /* draw states: move the values to the "next turn" slots */
        for (size_t i = 0; i < n; i++)
            if (w->nodes[i].draw) memcpy(v + 6 * i + 3, v + 6 * i, 3 * sizeof(double));
        /* discard states at turn t + 1 */
        for (size_t i = 0; i < n; i++) {
            const node_t *nd = &w->nodes[i];
            if (nd->draw) continue;
            double tp = 0.0, wp = 0.0, sc = 0.0;
            for (int32_t e = nd->e0; e < nd->e0 + nd->ne; e++) {
                const double *u = v + 6 * (size_t)w->edges[e].to + 3;
                if (u[0] > tp) tp = u[0];
                if (u[1] > wp) wp = u[1];
                if (u[2] > sc) sc = u[2];
            }
            if (nd->shanten <= 0) tp = 1.0;
            v[6 * i + 0] = tp;
            v[6 * i + 1] = wp;
            v[6 * i + 2] = sc;
        }
        double inv = 1.0 / (double)(S - t);
        for (size_t i = 0; i < n; i++) {
            const node_t *nd = &w->nodes[i];
            if (!nd->draw) continue;
            const double *u = v + 6 * i + 3;
            double tp = u[0], wp = u[1], sc = u[2];
            for (int32_t e = nd->e0; e < nd->e0 + nd->ne; e++) {
                const edge_t *ed = &w->edges[e];
                const double *y = v + 6 * (size_t)ed->to;
                double p = ed->w * inv;
                double yt = y[0], yw = ed->win ? 1.0 : y[1];
                double ys = ed->score > y[2] ? ed->score : y[2];
                tp += p * (yt - u[0]);
                wp += p * (yw - u[1]);
                sc += p * (ys - u[2]);
            }
            if (x->in->bounded) {
                if (tp > 1.0) tp = 1.0;
                if (wp > 1.0) wp = 1.0;
            }
            v[6 * i + 0] = tp;
            v[6 * i + 1] = wp;
            v[6 * i + 2] = sc;
        }
        for (int r = 0; r < n_roots; r++) {
            const double *y = v + 6 * (size_t)roots[r];
            rows[r].tenpai[t] = y[0];
            rows[r].win[t] = y[1];
            rows[r].score[t] = y[2];
        }
    }
}

static int row_better(const ym_ev_row_t *a, const ym_ev_row_t *b, int t) {
    double sa = a->score[t], sb = b->score[t];
    if (isnan(sa) != isnan(sb)) return !isnan(sa);
    if (sa != sb) return sa > sb;
    if (a->win[t] != b->win[t]) return a->win[t] > b->win[t];
    if (a->tenpai[t] != b->tenpai[t]) return a->tenpai[t] > b->tenpai[t];
    if (a->shanten != b->shanten) return a->shanten < b->shanten;
    if (a->tile != b->tile) return a->tile < b->tile;
    return a->red < b->red;
}

int ym_ev_discards(const ym_ev_input_t *in, ym_ev_work_t *w, ym_ev_row_t *rows, int max_rows, int turn) {
    ctx_t x;
    memset(&x, 0, sizeof x);
    x.in = in;
    x.w = w;
    if (in->t_max > YM_EV_TMAX || in->n_melds > 4 || in->n_dora > YM_MAX_INDICATORS) return YM_EV_E_INPUT;
    x.sanma = in->rules && in->rules->players == 3;
    x.closed = 1;
    for (int m = 0; m < in->n_melds; m++)
        if (in->meld_type[m] != YM_ANKAN) x.closed = 0;
    memcpy(x.h0, in->counts, 34);
    int n0 = 0;
    for (int k = 0; k < 34; k++) {
        n0 += in->counts[k];
        x.base[k] = (uint8_t)(in->counts[k] + in->unseen[k]);
    }
    for (int s = 0; s < 3; s++) {
        unsigned r = in->red ? in->reds[s] & 1u : 0u;
        x.reds0 |= r << s;
        x.base_red[s] = (uint8_t)(in->red ? (in->unseen_red[s] ? 1 : 0) + r : 0);
    }
    int want = 13 - 3 * in->n_melds;
    if (n0 != want && n0 != want + 1) return YM_EV_E_INPUT;
    x.s0 = shanten_of(&x, x.h0);
    if (x.s0 < 0) return YM_EV_E_COMPLETE;
    int S = in->wall_sum;
    if (S <= 0)
        for (int k = 0; k < 34; k++) S += in->unseen[k];
    if (S - (int)in->t_max < 1) return YM_EV_E_INPUT;
    w->n_nodes = w->n_edges = 0;
    if (w->table_cap) memset(w->table, 0, w->table_cap * sizeof *w->table);
    else if (grow_table(w)) return YM_EV_E_MEMORY;

    /* the roots: one draw state per distinct discard (or the hand itself) */
    int32_t roots[YM_EV_MAX_ROWS];
    int nr = 0, rc = 0;
    uint8_t c[34];
    memcpy(c, x.h0, 34);
    if (n0 == want) {
        /* a 13-tile request has made no discard: it has not declared riichi */
        long r = -1;
        if (x.s0 <= in->max_shanten && (r = node_of(&x, c, x.reds0, 0, 1)) < 0) { rc = YM_EV_E_MEMORY; goto out; }
        memset(&rows[0], 0, sizeof rows[0]);
        rows[0].tile = -1;
        rows[0].shanten = (int8_t)x.s0;
        roots[nr++] = (int32_t)r;
    } else {
        /* the request itself is a discard state of the graph (a draw may return to it) */
        if (x.s0 <= in->max_shanten && node_of(&x, c, x.reds0, 0, 0) < 0) { rc = YM_EV_E_MEMORY; goto out; }
        for (int k = 0; k < 34 && nr < max_rows; k++) {
            if (!c[k]) continue;
            int suit = (k < 27 && k % 9 == 4) ? k / 9 : -1;
            int has_red = suit >= 0 && (x.reds0 >> suit & 1);
            for (int red = 0; red < 2 && nr < max_rows; red++) {
                if (red ? !has_red : c[k] - has_red <= 0) continue;
                c[k]--;
                unsigned r2 = red ? x.reds0 & ~(1u << suit) : x.reds0;
                int s2 = shanten_of(&x, c);
                memset(&rows[nr], 0, sizeof rows[nr]);
                rows[nr].tile = (int8_t)k;
                rows[nr].red = (uint8_t)red;
                rows[nr].shanten = (int8_t)s2;
                long r = -1;
                if (x.s0 <= in->max_shanten) {
                    r = node_of(&x, c, r2, (unsigned)(x.closed && s2 == 0), 1);
                    if (r < 0) { rc = YM_EV_E_MEMORY; goto out; }
                }
                roots[nr++] = (int32_t)r;
                c[k]++;
            }
        }
    }
    /* necessary tiles (counted in the request's wall) */
    for (int r = 0; r < nr; r++) {
        uint8_t h[34];
        memcpy(h, x.h0, 34);
        if (rows[r].tile >= 0) h[rows[r].tile]--;
        int sh = rows[r].shanten;
        for (int k = 0; k < 34; k++) {
            if (h[k] >= 4 || (x.sanma && k >= 1 && k <= 7)) continue;
            h[k]++;
            if (shanten_of(&x, h) < sh) {
                rows[r].necessary[k] = in->unseen[k];
                rows[r].necessary_mask |= 1ULL << k;
            }
            h[k]--;
        }
    }
    if (build(&x)) { rc = YM_EV_E_MEMORY; goto out; }
    for (size_t i = 0; i < w->n_nodes; i++)
        if (link(&x, (int32_t)i)) { rc = YM_EV_E_MEMORY; goto out; }
    if (reserve((void **)&w->val, &w->cap_val, 6 * w->n_nodes, sizeof(double))) { rc = YM_EV_E_MEMORY; goto out; }
    {
        /* rows beyond max_shanten: NaN; the others from the solve */
        int32_t live[YM_EV_MAX_ROWS];
        ym_ev_row_t *lrows[YM_EV_MAX_ROWS];
        int nl = 0;
        for (int r = 0; r < nr; r++) {
            for (int t = 0; t <= YM_EV_TMAX; t++) {
                double z = (roots[r] < 0 || t > in->t_max) ? NAN : 0.0;
                rows[r].tenpai[t] = rows[r].win[t] = rows[r].score[t] = z;
            }
            if (roots[r] >= 0) {
                live[nl] = roots[r];
                lrows[nl++] = &rows[r];
            }
        }
        /* solve writes rows in root order: solve into a temporary block, then copy */
        ym_ev_row_t tmp[YM_EV_MAX_ROWS];
        memset(tmp, 0, sizeof tmp);
        solve(&x, live, nl, tmp, S);
        for (int r = 0; r < nl; r++) {
            memcpy(lrows[r]->tenpai, tmp[r].tenpai, sizeof tmp[r].tenpai);
            memcpy(lrows[r]->win, tmp[r].win, sizeof tmp[r].win);
            memcpy(lrows[r]->score, tmp[r].score, sizeof tmp[r].score);
            lrows[r]->tenpai[0] = lrows[r]->win[0] = lrows[r]->score[0] = 0.0;
            for (int t = in->t_max + 1; t <= YM_EV_TMAX; t++)
                lrows[r]->tenpai[t] = lrows[r]->win[t] = lrows[r]->score[t] = NAN;
        }
    }
    /* best first at `turn` (insertion sort: at most 16 rows) */
    if (turn < 0) turn = 0;
    if (turn > in->t_max) turn = in->t_max;
    for (int i = 1; i < nr; i++) {
        ym_ev_row_t r = rows[i];
        int j = i;
        while (j > 0 && row_better(&r, &rows[j - 1], turn)) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = r;
    }
    rc = nr;
out:
    free(x.queue);
    return rc;
}
