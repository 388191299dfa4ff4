/* ym_ev.c - the expected-value search of ym_ev.h (model: docs/ev.md).
 *
 * Two kinds of state: a draw state (13-3k concealed tiles, waiting for the next draw) and a
 * discard state (14-3k tiles, choosing a discard). States are keyed by their counts (3 bits per
 * kind), the red fives held (3 bits) and two riichi bits (draw states), with an additive hash (a
 * fixed random word per kind, red five and riichi bit, summed), so that a neighbour's hash
 * is one add away; an open-addressing table maps hashes to node indices. The states are made
 * breadth first (the node array is the queue), then linked from the discard states alone: each
 * discard state E and tile k of it give the draw state D = E - k, which is both E's discard
 * target and a draw state whose draw of k reaches E. The values are computed backwards from
 * t = t_max over dense arrays (draw and discard states numbered apart): the discard states from
 * the draw states of turn t + 1, then the draw states in place
 * (v_t = v_{t+1} + (sum_edges w value - W v_{t+1}) / (S - t), W the summed weights).
 * riichi_mode (ym_ev.h): under ALWAYS (the reference) a closed discard into tenpai goes to the
 * riichi draw state of the hand (riichi bit) and that state is linked like any other; under the
 * other modes it goes to the dama state (no bit) or, as a target apart (counted with a draw
 * left, less the stick), to the state just declared (bit 43), whose first draw leads to the
 * riichi state (bit 42); both keep their tiles, so their wins are linked and solved apart
 * (ym_ev_riichi.c), and the draw states' pass leaves them as they are (no edges).
 * Memory: arrays in the work struct, grown by doubling; nothing per call once they are large
 * enough.
 */
#include <math.h>

#include "ym_ev_impl.h"

/* the nodes the keys' home slots name, when the slot's tag is the key's, fetched ahead (the slots
   themselves prefetched before): a lookup that finds its state then waits on neither the slot nor
   the node (in a large search both are beyond the core's cache) */
static inline void prefetch_nodes(const ym_ev_work_t *w, const ev_key_t *keys, int nk) {
    for (int i = 0; i < nk; i++) {
        /* no branch on the tag (whether a state is found is what a search cannot predict): a
           slot that is not the key's fetches the first node, harmlessly */
        uint64_t v = w->table[home_of(w, keys[i].h)];
        uint32_t at = v >> 32 == (keys[i].h & 0xFFFFFFFFu) && v ? (uint32_t)v - 1 : 0;
        YM_PREFETCH(&w->nodes[at]);
    }
}

ym_ev_work_t *ym_ev_work_new(void) {
    /* zeroed, on a 64-byte boundary (the parts cache's slots one cache line each) */
    void *mem = calloc(1, sizeof(ym_ev_work_t) + 63);
    if (!mem) return NULL;
    ym_ev_work_t *w = (ym_ev_work_t *)(void *)((char *)mem + ((64 - ((uintptr_t)mem & 63)) & 63));
    w->mem = mem;
    return w;
}

void ym_ev_work_free(ym_ev_work_t *w) {
    if (!w) return;
    free(w->nodes);
    free(w->cnt);
    free(w->table);
    free(w->tmp);
    free(w->de);
    free(w->dsc);
    free(w->lsc);
    free(w->eto);
    free(w->defer);
    free(w->tmp2);
    free(w->perm);
    free(w->rt);
    free(w->rp);
    free(w->rw);
    free(w->doff);
    free(w->eoff);
    free(w->sh_d);
    free(w->sh_e);
    free(w->ds_d);
    free(w->ds_e);
    free(w->map);
    free(w->val);
    free(w->runs);
    free(w->mem);
}

size_t ym_ev_nodes(const ym_ev_work_t *w) { return w ? w->n_nodes : 0; }

size_t ym_ev_work_bytes(const ym_ev_work_t *w) {
    if (!w) return 0;
    return w->cap_nodes * sizeof(node_t) + w->cap_cnt + w->table_alloc * sizeof(uint64_t) +
           w->cap_tmp * sizeof(dedge_t) + w->cap_de * sizeof(sedge_t) + (w->cap_dsc + w->cap_lsc) * sizeof(double) +
           (w->cap_eto + w->cap_defer + w->cap_perm) * sizeof(int32_t) + w->cap_tmp2 * sizeof(dedge_t) +
           w->cap_rt * sizeof(int32_t) + w->cap_rp * sizeof(struct rpair) + w->cap_rw * sizeof(struct rwin) +
           w->cap_doff * sizeof(int32_t) + w->cap_eoff * sizeof(int32_t) + w->cap_sh_d + w->cap_sh_e + w->cap_ds_d + w->cap_ds_e +
           w->cap_map * sizeof(int32_t) +
           w->cap_val * sizeof(double) + w->cap_runs * sizeof(ev_run_t);
}

void ym_ev_input_init(ym_ev_input_t *in, const ym_rules_t *rules) {
    memset(in, 0, sizeof *in);
    in->rules = rules;
    in->t_max = 18;
    in->extra = 1;
    in->tegawari = in->shanten_down = in->uradora = in->red = 1;
    in->max_shanten = 3;
    in->bounded = 1;
    in->riichi_mode = YM_EV_RIICHI_CHOOSE;
}

/* ---- keys and the table ----------------------------------------------------------------- */
static ev_key_t make_key(const uint8_t *c, unsigned reds, unsigned flag) {
    ev_key_t k = {0, 0, 0};
    for (int i = 0; i < 21; i++) k.k0 |= (uint64_t)c[i] << (3 * i);
    for (int i = 21; i < 34; i++) k.k1 |= (uint64_t)c[i] << (3 * (i - 21));
    for (int i = 0; i < 34; i++) k.h += (uint64_t)c[i] * ZK[i];
    k.k1 |= (uint64_t)(reds & 7u) << 39 | (uint64_t)(flag & 3u) << 42;
    k.h += extras_hash(reds, flag);
    return k;
}

/* one copy of each kind in a key's two count words (kinds 0-20 in k0, 21-33 in k1; the other word
   0): a step adds both, with no test of the kind */
#define EV_ONE0(k) ((k) < 21 ? 1ULL << (3 * (k)) : 0)
#define EV_ONE1(k) ((k) < 21 ? 0 : 1ULL << (3 * ((k) - 21)))
#define EV_ONES(F) {F(0), F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9), F(10), F(11), F(12), F(13), \
                    F(14), F(15), F(16), F(17), F(18), F(19), F(20), F(21), F(22), F(23), F(24), F(25), F(26), \
                    F(27), F(28), F(29), F(30), F(31), F(32), F(33)}
static const uint64_t KEY_ONE0[34] = EV_ONES(EV_ONE0), KEY_ONE1[34] = EV_ONES(EV_ONE1);
#undef EV_ONES
#undef EV_ONE1
#undef EV_ONE0

/* the key with one more (delta = 1) or one less (delta = -1) tile of a kind */
static inline ev_key_t key_step(ev_key_t k, int kind, int delta) {
    if (delta > 0) {
        k.k0 += KEY_ONE0[kind];
        k.k1 += KEY_ONE1[kind];
        k.h += ZK[kind];
    } else {
        k.k0 -= KEY_ONE0[kind];
        k.k1 -= KEY_ONE1[kind];
        k.h -= ZK[kind];
    }
    return k;
}

/* the table's first size in a search, by the request's shanten plus `extra` (the search's depth):
   room for the usual number of states at half load (about 130, 1,700, 20,000 and 150,000 states
   at 0 to 3 shanten with extra 1), so that most searches never rehash; a reused work struct keeps
   its larger buffers, but a small search probes a small table (its slots stay in cache) */
static size_t table_start(int depth) {
    return depth <= 1 ? 4096 : depth == 2 ? 8192 : depth == 3 ? 65536 : 524288;
}

static void set_table_size(ym_ev_work_t *w, size_t cap) {
    unsigned bits = 0;
    while ((1ULL << bits) < cap) bits++;
    w->table_cap = cap;
    w->table_shift = 64 - bits;
}

/* room for cap slots (the contents are not kept: a table is refilled from the nodes) */
static int table_room(ym_ev_work_t *w, size_t cap) {
    if (cap <= w->table_alloc) return 0;
    free(w->table);
    w->table = (uint64_t *)malloc(cap * sizeof(uint64_t));
    w->table_alloc = w->table ? cap : 0;
    if (!w->table) w->table_cap = 0;
    return w->table ? 0 : -1;
}

/* an empty table of cap slots for a new search */
static int reset_table(ym_ev_work_t *w, size_t cap) {
    if (table_room(w, cap)) return -1;
    set_table_size(w, cap);
    memset(w->table, 0, cap * sizeof(uint64_t));
    return 0;
}

/* double the table: its slots are made again from the nodes' hashes */
static int grow_table(ym_ev_work_t *w) {
    size_t cap = w->table_cap * 2;
    if (reset_table(w, cap)) return -1;
    uint64_t *t = w->table;
    for (size_t i = 0; i < w->n_nodes; i++) {
        uint64_t h = w->nodes[i].key.h;
        size_t j = home_of(w, h);
        while (t[j]) j = (j + 1) & (cap - 1);
        t[j] = slot_of(h, i);
    }
    return 0;
}

/* ---- the search context ------------------------------------------------------------------- */
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

/* dist_up's change when a state holding c (reds) gains (delta 1) or loses (delta -1) one copy of k,
   the red five of its suit when red: a plain copy counts beyond the request's plain copies, a red
   five when the request held none */
static inline int dist_step(const ctx_t *x, const uint8_t *c, unsigned reds, int k, int red, int delta) {
    int suit = five_suit(k);
    if (red) return (x->reds0 >> suit & 1u) ? 0 : delta;
    int p = c[k] - (suit >= 0 ? (int)(reds >> suit & 1u) : 0);
    return delta > 0 ? (p >= x->p0[k] ? 1 : 0) : (p > x->p0[k] ? -1 : 0);
}

/* a draw state that takes every draw: exchanges on, not a hand under riichi waiting, close
   enough to the request (node_make keeps the answer in the node's draw byte: draws_all) */
static inline int takes_all(const ctx_t *x, const node_t *n) {
    return x->in->tegawari && !(n->riichi && n->shanten == 0) && n->dist + n->shanten < x->s0 + x->in->extra;
}

static int shanten_of(const ctx_t *x, const uint8_t *c) {
    return ym_shanten(c, x->in->n_melds, YM_FORM_ALL, x->sanma);
}

/* get or create the node of key k, `found` being lookup(k) made earlier (a stale answer is
   checked: the slot taken since, or the table grown, means a new lookup): the counts pc with one
   copy of `kind` added (delta 1) or removed (delta -1), or pc itself (kind < 0); its shanten `sh`
   (when below -1: computed) and dist_up `dist`; returns its index or -1 on memory failure */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))   /* the new state apart: a state found returns before the call (node_at, create_draws) */
#endif
static long node_make(ctx_t *x, ev_key_t k, long found, size_t cap0, const uint8_t *pc, int kind, int delta, int sh,
                      int draw, int dist) {
    ym_ev_work_t *w = x->w;
    long i = found;
    if (w->table_cap != cap0 || w->table[-i - 1]) {
        i = lookup(w, k);
        if (i >= 0) return i;
    }
    if ((w->n_nodes + 1) * 2 > w->table_cap) {
        if (grow_table(w)) return -1;
        i = lookup(w, k);
    }
    if (reserve((void **)&w->nodes, &w->cap_nodes, w->n_nodes + 1, sizeof(node_t)) ||
        reserve((void **)&w->cnt, &w->cap_cnt, 34 * (w->n_nodes + 1), 1))
        return -1;
    uint8_t *c = w->cnt + 34 * w->n_nodes;
    memcpy(c, pc, 34);
    if (kind >= 0) c[kind] = (uint8_t)(c[kind] + delta);
    node_t *n = &w->nodes[w->n_nodes];
    n->key = k;
    n->shanten = (int8_t)(sh < -1 ? shanten_of(x, c) : sh);
    n->riichi = (uint8_t)(draw ? (k.k1 >> 42 & 3u) : 0u);   /* draw state: a closed hand under riichi */
    n->dist = (uint8_t)dist;
    n->draw = (uint8_t)(draw ? 1u | (unsigned)takes_all(x, n) << 1 : 0u);
    n->ci = draw ? w->n_d++ : w->n_e++;
    w->table[-i - 1] = slot_of(k.h, w->n_nodes);
    return (long)w->n_nodes++;
}

static long node_at(ctx_t *x, ev_key_t k, const uint8_t *pc, int kind, int delta, int sh, int draw, int dist) {
    long found = lookup(x->w, k);
    return found >= 0 ? found : node_make(x, k, found, x->w->table_cap, pc, kind, delta, sh, draw, dist);
}

static long node_of(ctx_t *x, const uint8_t *c, unsigned reds, unsigned flag, int draw) {
    return node_at(x, make_key(c, reds, flag), c, -1, 0, -2, draw, dist_up(x, c, reds));
}

/* ---- building the graph ------------------------------------------------------------------- */
/* The states are made breadth first: from a draw state, the draws that lower the shanten and,
 * with exchanges on, the draws that keep it, while the state is close enough to the request
 * (tiles held beyond it + shanten < the request's shanten + extra) and is not a hand under riichi
 * waiting; from a discard state, the discards that keep the shanten and, with shanten-down on,
 * those one back, under the same limit. Every state is linked to each state of the graph one
 * draw (draw states) or one discard (discard states) away, whether or not the search reached it
 * that way (docs/ev.md, "Which states exist, and how they are linked"). A link joins a draw
 * state D and a discard state E = D + k (a draw never raises the shanten: sh(E) <= sh(D)); it is
 * made exactly once:
 *   - by D, as it makes its states, when D takes every draw (draws_all) or the draw lowers the
 *     shanten: D looked the draw up (or made its state) anyway;
 *   - else (D takes only the draws that lower the shanten, and sh(E) = sh(D)) by E: E keeps the
 *     discards that keep its shanten as candidates, looked up once every state is made (link).
 * So a discard or draw is looked up once, not again in a second pass over the states. */

/* riichi_mode ALWAYS: a closed hand that is tenpai without having declared (only the lineage of a
   13-tile tenpai request: every discard into tenpai declares) completes dama; that complete hand
   is a discard state of its own, its key marked with bit 43 (never set on a discard state
   otherwise), apart from the same tiles completed under riichi */
static inline int dama_complete(const ctx_t *x, const node_t *n) {
    return !x->choice && !n->draw && (n->key.k1 >> 43 & 1u);
}

/* riichi_mode ALWAYS: whether the draw state without riichi d and the discard state e (d plus one
   tile) are linked. A closed tenpai d is linked to a complete e only when e was completed dama,
   and to a tenpai e only when d may exchange (e's own tenpai-keeping discards declare riichi);
   any other pair is linked (docs/ev.md, "Which states exist, and how they are linked") */
static inline int plain_linked(const ctx_t *x, const node_t *d, const node_t *e) {
    if (x->choice || !x->closed || e->shanten > 0 || d->shanten != 0) return 1;   /* e 1+: d is too */
    if (e->shanten == -1) return dama_complete(x, e);
    return x->in->tegawari && d->dist < x->s0 + x->in->extra;
}

/* a draw state that takes every draw (node_make keeps the answer in the node's draw byte:
   takes_all) */
static inline int draws_all(const node_t *n) {
    return n->draw >> 1;
}

/* the link of draw state dn and discard state en = dn + kind (wt copies of the draw), if they are
   linked (plain_linked): D's draw of kind reaches E, and E's discard of kind goes to D. (Under
   the riichi modes other than ALWAYS a dama tenpai D also gives E the riichi declared by that
   discard: link adds it, once every state is made.) */
static inline int push_to(ctx_t *x, dedge_t **buf, size_t *cap, size_t *n, long dn, long en, int wt, int kind) {
    ym_ev_work_t *w = x->w;
    if (!w->nodes[dn].riichi && !plain_linked(x, &w->nodes[dn], &w->nodes[en])) return 0;
    if (reserve((void **)buf, cap, *n + 1, sizeof(dedge_t))) return -1;
    dedge_t *ed = &(*buf)[(*n)++];
    ed->d = (int32_t)dn;
    ed->e = (int32_t)en;
    ed->dci = w->nodes[dn].ci;
    ed->eci = w->nodes[en].ci;
    ed->w = (uint8_t)wt;
    ed->kind = (uint8_t)kind;
    ed->win = 0;
    return 0;
}

static int push_pair(ctx_t *x, long dn, long en, int wt, int kind) {
    return push_to(x, &x->w->tmp, &x->w->cap_tmp, &x->w->n_de, dn, en, wt, kind);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))   /* into build (its one caller): left out of line, it cost about 1 % */
#endif
static inline int create_draws(ctx_t *x, size_t ni) {
    const ym_ev_input_t *in = x->in;
    ym_ev_work_t *w = x->w;
    uint8_t c[34];
    unsigned reds;
    node_t nd = load_node(x, ni, c, &reds);
    int b = nd.shanten;
    int all = draws_all(&nd);
    ev_key_t kb = key_with(nd.key, reds, 0);
    uint64_t drawable = kinds_above(x->base, c), need = 0;
    /* ALWAYS: a closed tenpai hand without riichi completes dama (dama_complete): the key of a
       completing draw depends on its shanten, so every draw's shanten comes first; a state that
       follows only the draws lowering its shanten finds them (and their shanten) first, and looks
       up no other */
    int dama = !x->choice && x->closed && !nd.riichi && b == 0;
    int8_t sh[34];
    if (!all) drawable = ym_shanten_lowering(&w->pc, c, in->n_melds, b, drawable, sh);
    else if (dama) ym_shanten_neighbours(&w->pc, c, in->n_melds, 1, drawable, sh);
    /* the draws: each kind's plain copies and its red five apart, their table slots prefetched,
       then looked up once; the shanten is needed only where a state is new */
    ev_key_t keys[2 * 34];
    long found[2 * 34];
    uint8_t kind[2 * 34], isred[2 * 34], wts[2 * 34];
    int nk = 0;
    for (uint64_t m = drawable; m; m &= m - 1) {
        int k = ym_ctz64(m), suit = five_suit(k), left = (int)x->base[k] - c[k];
        int red_left = red_left_of(x, reds, suit);
        unsigned ef = dama && sh[k] == -1 ? 2u : 0u;
        ev_key_t kp = key_step(kb, k, 1);
        if (ef) kp = riichi_key(kp, ef);
        if (left - red_left > 0) {
            keys[nk] = kp;
            YM_PREFETCH(&w->table[home_of(w, kp.h)]);   /* its slot fetched as it is made */
            kind[nk] = (uint8_t)k;
            isred[nk] = 0;
            wts[nk++] = (uint8_t)(left - red_left);
        }
        if (red_left > 0) {
            keys[nk] = key_with(kp, reds | 1u << suit, ef);
            YM_PREFETCH(&w->table[home_of(w, keys[nk].h)]);
            kind[nk] = (uint8_t)k;
            isred[nk] = 1;
            wts[nk++] = (uint8_t)red_left;
        }
    }
    prefetch_nodes(w, keys, nk);
    size_t cap0 = w->table_cap;
    for (int i = 0; i < nk; i++) {
        found[i] = lookup(w, keys[i]);
        if (found[i] < 0) need |= 1ULL << kind[i];
    }
    if (need && all && !dama) ym_shanten_neighbours(&w->pc, c, in->n_melds, 1, need, sh);
    for (int i = 0; i < nk; i++) {
        int k = kind[i];
        long e = found[i];
        int s = e >= 0 ? w->nodes[e].shanten : sh[k];
        if (!all && s >= b) continue;
        if (e < 0)   /* a new state: its distance from the request is needed only then */
            e = node_make(x, keys[i], e, cap0, c, k, 1, s, 0, nd.dist + dist_step(x, c, reds, k, isred[i], 1));
        if (e < 0 || push_pair(x, (long)ni, e, wts[i], k)) return -1;
    }
    return 0;
}

/* riichi_mode CHOOSE / DECLARE: the riichi states of the tenpai hand of key kd (the counts c less
   one copy of k): the one just declared and the one it becomes after its first draw */
static int riichi_nodes(ctx_t *x, ev_key_t kd, const uint8_t *c, int k, int dist) {
    if (x->in->riichi_mode == YM_EV_RIICHI_NEVER) return 0;
    for (unsigned f = 1; f <= 2; f++)
        if (node_at(x, riichi_key(kd, f), c, k, -1, 0, 1, dist) < 0) return -1;
    return 0;
}

/* the copies of kind k (its red five when red) that the draw state one discard below a discard
   state holding c may draw back: the wall's copies less the draw state's own (c[k] - 1) */
static inline int link_weight(const ctx_t *x, const uint8_t *c, int k, int red, int red_left) {
    return red ? red_left : (int)x->base[k] - (c[k] - 1) - red_left;
}

static int create_discards(ctx_t *x, size_t ni) {
    const ym_ev_input_t *in = x->in;
    ym_ev_work_t *w = x->w;
    uint8_t c[34];
    unsigned reds;
    node_t nd = load_node(x, ni, c, &reds);
    int a = nd.shanten;
    /* riichi_mode ALWAYS: a closed hand completed under riichi cannot change its tiles, so it
       makes no state (its discard back to the riichi state it came from is a link of the graph);
       one completed dama (dama_complete) steps back as an open hand does, to tenpai states that
       have not declared. Under the other modes a closed hand completes dama too, and makes its
       states as an open hand does. */
    if (!x->choice && x->closed && a == -1 && !dama_complete(x, &nd)) return 0;
    /* a discard never lowers the shanten nor raises it by more than one: with shanten-down on,
       every discard is followed; else those that keep the shanten (none from a complete hand) */
    int down = in->shanten_down && nd.dist + a < x->s0 + in->extra;
    uint64_t held = kinds_held(c);
    int8_t sh[34];
    if (down) ym_shanten_neighbours(&w->pc, c, in->n_melds, -1, held, sh);
    else if (a < 0) return 0;
    else held = ym_shanten_keeping(&w->pc, c, in->n_melds, a, held, sh);
    ev_key_t kb = key_with(nd.key, reds, 0);
    if (reserve((void **)&w->defer, &w->cap_defer, w->n_defer + 6 * 34, sizeof(int32_t))) return -1;
    /* the discards' keys first (each kind's plain copy and its red five apart) and their table
       slots prefetched, then each looked up: a large search's table is beyond the core's cache */
    ev_key_t keys[2 * 34];
    uint8_t kind[2 * 34], isred[2 * 34];
    int nk = 0;
    for (uint64_t m = held; m; m &= m - 1) {
        int k = ym_ctz64(m), suit = five_suit(k), has_red = suit >= 0 && (reds >> suit & 1);
        /* a closed discard into tenpai declares (ALWAYS: from a tenpai hand, not a complete
           one); under a riichi choice its state is the dama one (flag 0), the riichi states are
           made beside it (riichi_nodes) */
        unsigned flag = (unsigned)(!x->choice && x->closed && sh[k] == 0 && a == 0);
        ev_key_t k0 = key_step(kb, k, -1);
        for (int red = 0; red < 2; red++) {
            if (red ? !has_red : c[k] - has_red <= 0) continue;
            keys[nk] = key_with(k0, red ? reds & ~(1u << suit) : reds, flag);
            YM_PREFETCH(&w->table[home_of(w, keys[nk].h)]);
            kind[nk] = (uint8_t)k;
            isred[nk++] = (uint8_t)red;
        }
    }
    prefetch_nodes(w, keys, nk);
    for (int i = 0; i < nk; i++) {
        int k = kind[i], red = isred[i], s2 = sh[k], suit = five_suit(k);
        int choose = x->choice && x->closed && s2 == 0;   /* dama (flag 0) and, unless NEVER, the riichi states */
        ev_key_t kd = keys[i];
        long dn = lookup(w, kd);
        /* a new state's distance from the request, or the riichi states' (the same tiles) */
        int dd = dn < 0 || choose ? nd.dist + dist_step(x, c, reds, k, red, -1) : 0;
        if (dn < 0) dn = node_make(x, kd, dn, w->table_cap, c, k, -1, s2, 1, dd);
        if (dn < 0 || (choose && riichi_nodes(x, kd, c, k, dd))) return -1;
        if (s2 != a) continue;
        /* a link this state makes itself, if its draw state takes only the draws that lower
           the shanten (push_pair's comment), with the state just found or made */
        if (x->lineage) {
            /* the plain state beside a riichi one may be made later: linked once every
               state is made (link_deferred) */
            w->defer[w->n_defer++] = (int32_t)ni;
            w->defer[w->n_defer++] = k | red << 8;
            w->defer[w->n_defer++] = (int32_t)dn;
            continue;
        }
        /* link_deferred's link now: no plain tenpai state exists beside a riichi one, so
           the state just found or made is the only one (into tmp2: the links keep the order
           of the deferred ones) */
        int red_left = red_left_of(x, red ? reds & ~(1u << suit) : reds, suit);
        int wt = link_weight(x, c, k, red, red_left);
        if (wt > 0 && !draws_all(&w->nodes[dn]) &&
            push_to(x, &w->tmp2, &w->cap_tmp2, &w->n_de2, dn, (long)ni, wt, k))
            return -1;
    }
    return 0;
}

/* the node array is the breadth-first queue */
static int build(ctx_t *x) {
    for (size_t q = 0; q < x->w->n_nodes; q++) {
        const node_t *n = &x->w->nodes[q];
        if (n->riichi && x->choice) continue;   /* it keeps its tiles: its wins are linked apart */
        int r = n->draw ? create_draws(x, q) : create_discards(x, q);
        if (r) return r;
    }
    return 0;
}

/* ---- linking ---------------------------------------------------------------------------------- */
/* the links of discard state en's candidate discard (kind k, its red five when red) to the draw
   states of the graph that take only the draws lowering the shanten (under riichi_mode ALWAYS
   the riichi state of the same tiles too, when the hand is closed and tenpai): `made`, the state
   create_discards found or made for that discard (the riichi state in that case, else the plain
   one) */
static int link_deferred(ctx_t *x, size_t en, int k, int red, long made) {
    ym_ev_work_t *w = x->w;
    const node_t *e = &w->nodes[en];
    const uint8_t *c = w->cnt + 34 * en;
    unsigned reds = (unsigned)(e->key.k1 >> 39) & 7u;
    int suit = five_suit(k);
    unsigned rd = red ? reds & ~(1u << suit) : reds;
    int dama = dama_complete(x, e);   /* linked to the states without riichi only */
    ev_key_t kd = key_step(dama ? key_with(e->key, reds, 0) : e->key, k, -1);
    if (red) kd = key_with(kd, rd, 0);
    int red_left = red_left_of(x, rd, suit);
    int wt = link_weight(x, c, k, red, red_left);
    if (wt <= 0) return 0;
    /* create_discards declared (flag 1) exactly when this holds (its discard keeps the shanten:
       e is tenpai, never complete here, so never dama_complete) */
    int riichi = !x->choice && x->closed && e->shanten <= 0 && !dama;
    long dp = riichi ? lookup(w, kd) : made;
    long dr = riichi ? made : -1;
    for (int j = 0; j < 2; j++) {
        long d = j ? dr : dp;
        if (d < 0 || draws_all(&w->nodes[d])) continue;
        if (push_pair(x, d, (long)en, wt, k)) return -1;
    }
    return 0;
}

/* The states of one kind (draw or discard) numbered again by a class (counting sort, stable),
 * key[i] < EV_CLASSES for old index i: the solve's passes then meet the states of one class together, so
 * that the loops over a state's links run the same number of times state after state and their
 * exits are predicted (a link count that changed from state to state cost a mispredicted branch a
 * state and pass). Each state's own sums and maxima keep their order, so the values are the same.
 * The class's major part is the state's distance from the request (dist, capped): the states a
 * turn of the solve skips (solve's comment) are then the last ones of each pass.
 * map[i] := the new index of old index i; sh and ds (n entries each) are permuted alike, through
 * tmp. */
#define EV_DIST_CAP 15
#define EV_CLASSES (1024 * (EV_DIST_CAP + 1))
static inline uint8_t dist_class(const node_t *n) { return n->dist < EV_DIST_CAP ? n->dist : EV_DIST_CAP; }

static void renumber(int32_t *map, const uint16_t *key, size_t n, int8_t *sh, uint8_t *ds, int8_t *tmp) {
    int32_t start[EV_CLASSES + 1];
    unsigned top = 0;   /* the classes in use: 0..top - 1 (a small search clears and sums few) */
    for (size_t i = 0; i < n; i++) top = key[i] >= top ? key[i] + 1u : top;
    memset(start, 0, (top + 1) * sizeof(int32_t));
    for (size_t i = 0; i < n; i++) start[key[i] + 1]++;
    for (unsigned c = 0; c < top; c++) start[c + 1] += start[c];
    for (size_t i = 0; i < n; i++) map[i] = start[key[i]]++;
    memcpy(tmp, sh, n);
    for (size_t i = 0; i < n; i++) sh[map[i]] = tmp[i];
    memcpy(tmp, ds, n);
    for (size_t i = 0; i < n; i++) ds[map[i]] = (uint8_t)tmp[i];
}

/* The links by discard state (E's discard targets, eto; the values of its wins, computed once
   per complete hand) and by draw state (D's draws, its win edges after the others) */
static int link(ctx_t *x) {
    ym_ev_work_t *w = x->w;
    size_t nd = (size_t)w->n_d, ne = (size_t)w->n_e;
    /* the links name their targets by the place of their values (4 doubles a state) in int32 */
    if (nd > (size_t)INT32_MAX / 4 || ne > (size_t)INT32_MAX / 4) return -1;
    if (reserve((void **)&w->eoff, &w->cap_eoff, ne + 1, sizeof(int32_t)) ||
        reserve((void **)&w->doff, &w->cap_doff, 2 * nd + 1, sizeof(int32_t)) ||
        reserve((void **)&w->sh_d, &w->cap_sh_d, nd + 1, 1) || reserve((void **)&w->sh_e, &w->cap_sh_e, ne + 1, 1) ||
        reserve((void **)&w->ds_d, &w->cap_ds_d, nd + 1, 1) || reserve((void **)&w->ds_e, &w->cap_ds_e, ne + 1, 1))
        return -1;
    for (size_t i = 0; i < w->n_nodes; i++) {
        const node_t *n = &w->nodes[i];
        if (n->draw) {
            w->sh_d[n->ci] = n->shanten;
            w->ds_d[n->ci] = dist_class(n);
            if (n->riichi == 2 && ym_ev_link_riichi_pair(x, i)) return -1;
        } else {
            w->sh_e[n->ci] = n->shanten;
            w->ds_e[n->ci] = dist_class(n);
        }
    }
    for (size_t i = 0; i < w->n_defer; i += 3) {
        int32_t v = w->defer[i + 1];
        if (link_deferred(x, (size_t)w->defer[i], v & 0xFF, v >> 8, w->defer[i + 2])) return -1;
    }
    /* the links: tmp's (made by the draw states, then the deferred ones), then tmp2's (made by the
       discard states outside the dama lineage; only one of the two kinds exists in a search), read
       as one sequence in that order, without a copy: link i is at_link(i) */
    const size_t n0 = w->n_de, np = n0 + w->n_de2;
    dedge_t *const seg[2] = {w->tmp, w->tmp2};
#define at_link(i) ((size_t)(i) < n0 ? seg[0] + (i) : seg[1] + ((size_t)(i) - n0))
    /* each link in order: t the link, i its index in the sequence */
#define EV_EACH_LINK(...) \
    for (int sg_ = 0; sg_ < 2; sg_++) { \
        dedge_t *const base_ = seg[sg_]; \
        const size_t n_ = sg_ ? np - n0 : n0, i0_ = sg_ ? n0 : 0; \
        for (size_t q_ = 0; q_ < n_; q_++) { \
            dedge_t *const t = base_ + q_; \
            const size_t i = i0_ + q_; \
            (void)i; \
            __VA_ARGS__ \
        } \
    }
    if (reserve((void **)&w->eto, &w->cap_eto, np + 1, sizeof(int32_t)) ||
        reserve((void **)&w->de, &w->cap_de, np + 1, sizeof(sedge_t)) ||
        reserve((void **)&w->dsc, &w->cap_dsc, np + 1, sizeof(double)) ||
        reserve((void **)&w->lsc, &w->cap_lsc, np + 1, sizeof(double)))
        return -1;
    node_t *nodes = w->nodes;
    int8_t *she = w->sh_e;
    /* Two passes over the links. The first counts the links of each discard state (cnt) and of
       each draw state (cnd: every link first as one that does not win) and lists the links into
       complete hands. The discard states are then numbered again by their count of links (discard
       targets), then whether the solve sets their tenpai value to 1 (renumber); the wins are
       valued grouped by complete hand (perm: at each win's place among its hand's targets, so one
       ura dora law serves the hand), moving each win's count over; then the draw states are
       numbered again by whether they are tenpai, their count of links that do not win, then of
       those that win. The second pass puts each link in both places (counting sorts, stable: a
       state's links in the order they were made): its discard state's targets (eto) and its draw
       state's draws (de, the winning ones last). */
    size_t big = nd > ne ? nd : ne;
    if (reserve((void **)&w->map, &w->cap_map, 6 * big + 16, sizeof(int32_t)) ||   /* mape, mapd, cnt, cnd, key, scr */
        reserve((void **)&w->perm, &w->cap_perm, np + 1, sizeof(int32_t)))
        return -1;
    /* cnt: the links of each discard state (then the running places of the second pass); cnd
       (2 big + 2): of each draw state, those that do not win and those that win */
    int32_t *mape = w->map, *mapd = mape + big, *cnt = mapd + big, *cnd = cnt + big;
    uint16_t *key = (uint16_t *)(cnd + 2 * big + 2);
    int8_t *scr = (int8_t *)(key + big);
    int32_t *eoff = w->eoff, *perm = w->perm, *eto = w->eto;
    memset(cnt, 0, ne * sizeof(int32_t));
    memset(cnd, 0, 2 * nd * sizeof(int32_t));
    size_t nw = 0;   /* the links into complete hands, listed in eto (filled by the second pass) */
    EV_EACH_LINK({
        cnt[t->eci]++;
        cnd[2 * t->dci]++;
        if (she[t->eci] == -1) eto[nw++] = (int32_t)i;
    })
    for (size_t e = 0; e < ne; e++)
        key[e] = (uint16_t)(w->ds_e[e] * 128 + (cnt[e] < 63 ? cnt[e] : 63) * 2 + (she[e] <= 0));
    renumber(mape, key, ne, she, w->ds_e, scr);
    eoff[0] = 0;
    for (size_t e = 0; e < ne; e++) eoff[mape[e] + 1] = cnt[e];
    for (size_t e = 0; e < ne; e++) eoff[e + 1] += eoff[e];
    memcpy(cnt, eoff, ne * sizeof(int32_t));
    for (size_t q = 0; q < nw; q++) perm[cnt[mape[at_link(eto[q])->eci]]++] = eto[q];
    /* the values of the wins into each complete hand: one ura dora law per hand, and the scorer's
       work that does not depend on the winning kind done once for each run of its wins with the
       same riichi (ym_ev_win_scores) */
    for (size_t e = 0; e < ne; e++) {
        if (she[e] != -1) continue;
        double ura[EV_URA_MAX + 1], ura_all = -1.0;
        for (int32_t j = eoff[e], end = eoff[e + 1]; j < end;) {
            const dedge_t *t0 = at_link(perm[j]);
            const int riichi = nodes[t0->d].riichi;
            uint8_t kinds[EV_WINS_AT_ONCE];
            double sc[EV_WINS_AT_ONCE];
            int m = 0;
            while (j + m < end && m < EV_WINS_AT_ONCE && nodes[at_link(perm[j + m])->d].riichi == riichi) {
                kinds[m] = at_link(perm[j + m])->kind;
                m++;
            }
            ym_ev_win_scores(x, w->cnt + 34 * (size_t)t0->e, (unsigned)(nodes[t0->e].key.k1 >> 39) & 7u, kinds, m,
                             riichi, ura, &ura_all, sc);
            for (int i = 0; i < m; i++, j++) {
                dedge_t *t = at_link(perm[j]);
                w->lsc[perm[j]] = sc[i];
                t->win = sc[i] > 0.0;
                cnd[2 * t->dci] -= t->win;
                cnd[2 * t->dci + 1] += t->win;
            }
        }
    }
    for (size_t d = 0; d < nd; d++) {
        int32_t c0 = cnd[2 * d], c1 = cnd[2 * d + 1];
        key[d] = (uint16_t)(w->ds_d[d] * 1024 + (w->sh_d[d] == 0) * 512 + (c0 < 63 ? c0 : 63) * 8 +
                            (c1 < 7 ? c1 : 7));
    }
    renumber(mapd, key, nd, w->sh_d, w->ds_d, scr);
    int32_t *off = w->doff;
    off[0] = 0;
    for (size_t d = 0; d < nd; d++) {
        off[2 * mapd[d] + 1] = cnd[2 * d];
        off[2 * mapd[d] + 2] = cnd[2 * d + 1];
    }
    for (size_t q = 0; q < 2 * nd; q++) off[q + 1] += off[q];
    memcpy(cnt, eoff, ne * sizeof(int32_t));
    sedge_t *const de = w->de;
    double *const dsc = w->dsc;
    const double *const lsc = w->lsc;
    EV_EACH_LINK({
        int32_t e = mape[t->eci], d = mapd[t->dci], j = off[2 * d + t->win]++;
        t->eci = e;                /* (the riichi targets below read the new number) */
        eto[cnt[e]++] = 4 * d;     /* the place of the draw state's values in vd */
        de[j].e = 4 * e;           /* the place of the discard state's values in ve (the solve adds no multiply) */
        de[j].w = (float)t->w;
        if (t->win) dsc[j] = lsc[i];
    })
    for (size_t q = 2 * nd; q > 0; q--) off[q] = off[q - 1];
    off[0] = 0;
    w->n_eto = np;
    for (size_t i = 0; i < w->n_nodes; i++) nodes[i].ci = (nodes[i].draw ? mapd : mape)[nodes[i].ci];
    for (size_t i = 0; i < w->n_rp; i++) {
        struct rpair *p = &w->rp[i];
        p->f = mapd[p->f];
        p->r = mapd[p->r];
        p->p = mapd[p->p];
    }
    /* riichi_mode CHOOSE / DECLARE: the riichi a discard into a closed tenpai state without riichi
       declares, a target apart (the solve counts it only with a draw left, less the stick; it takes
       the larger value over these pairs, so their order does not matter) */
    if (x->choice && x->closed && x->in->riichi_mode != YM_EV_RIICHI_NEVER)
        EV_EACH_LINK({
            const node_t *d = &nodes[t->d];
            if (d->shanten != 0 || d->riichi) continue;
            long df = lookup(w, riichi_key(d->key, 2));
            if (df < 0) continue;
            if (reserve((void **)&w->rt, &w->cap_rt, w->n_rt + 2, sizeof(int32_t))) return -1;
            w->rt[w->n_rt++] = t->eci;
            w->rt[w->n_rt++] = nodes[df].ci;
        })
#undef EV_EACH_LINK
#undef at_link
    return 0;
}

/* ---- values -------------------------------------------------------------------------------- */
/* vd[4 d + 0..2] = tenpai, win, score of draw state d (at turn t + 1, then t in place);
 * ve[4 e + 0..2] = the same of discard state e at turn t + 1 (the choice after the draw of turn t).
 * A draw state's new value is v + (sum_edges w y - W v) / (S - t): a win edge's y is 1 for tenpai
 * and win (its discard state is complete) and the larger of the win's value and the state's for
 * the score. Lane 3 is padding (two-lane SSE2 steps on x86-64, plain C elsewhere). */
#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define EV_SSE2 1
#endif

/* the score sum ss with a draw state's winning links j .. end - 1 added in order (the larger of
   the win's value and the complete hand's state's, times the copies) */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline double win_scores(double ss, const sedge_t *de, const double *dsc, const double *ve, int32_t j,
                                 int32_t end) {
    for (; j < end; j++) {
        double ys = ve[(size_t)de[j].e + 2];
        ss += (double)de[j].w * (dsc[j] > ys ? dsc[j] : ys);
    }
    return ss;
}

/* A draw state's values at turn t, in place over u (its values at turn t + 1): st, sw, ss are the
   sums over its links that do not win; its winning links (j to end) are added here (the SSE2 and
   plain passes' update; the AVX pass's draw_update_avx does the same operations lane by lane) */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))   /* into each pass: a call per state cost 2-3 % */
#endif
static inline void draw_update(double *u, double st, double sw, double ss, const sedge_t *de, const double *dsc,
                               const double *ve, int32_t j, int32_t end, double Wd, double Wwin, int tenpai,
                               double inv, int bounded) {
    ss = win_scores(ss, de, dsc, ve, j, end);
    st += Wwin;
    sw += Wwin;
    /* a tenpai draw state is tenpai whatever it draws */
    double tp = tenpai ? 1.0 : u[0] + (st - Wd * u[0]) * inv;
    double wp = u[1] + (sw - Wd * u[1]) * inv;
    double sc = u[2] + (ss - Wd * u[2]) * inv;
    if (bounded) {
        if (tp > 1.0) tp = 1.0;
        if (wp > 1.0) wp = 1.0;
    }
    u[0] = tp;
    u[1] = wp;
    u[2] = sc;
}

#if defined(EV_SSE2) && (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define EV_AVX 1
/* The states in runs (ev_runs, made once per solve): the link phase numbers them by their link
   counts (renumber), so consecutive states share their counts; a run's loops then run a count
   known for the whole run, unrolled for the counts up to 8, without a loop test per link.
   Each state's operations and their order are those of the plain loops, so the values are the same
   bit for bit. A discard run: its states' count of targets and whether the solve sets their tenpai
   value to 1; a draw run: its states' count of links that do not win, of those that win, and
   whether they are tenpai. */
/* the runs of the discard states (from 0) and of the draw states (from out + *n_e), written to out,
   which holds ne + nd runs */
static void ev_runs(const ym_ev_work_t *w, ev_run_t *out, size_t *n_e, size_t *n_d) {
    const size_t nd = (size_t)w->n_d, ne = (size_t)w->n_e;
    size_t n = 0;
    for (size_t e = 0; e < ne; e++) {
        int32_t c = w->eoff[e + 1] - w->eoff[e], fix = w->sh_e[e] <= 0, ds = w->ds_e[e];
        if (n && out[n - 1].c0 == c && out[n - 1].c1 == fix && out[n - 1].dist == ds) {
            out[n - 1].end = (int32_t)e + 1;
            continue;
        }
        out[n].end = (int32_t)e + 1;
        out[n].c0 = c;
        out[n].c1 = fix;
        out[n].dist = ds;
        out[n++].tenpai = 0;
    }
    *n_e = n;
    ev_run_t *o = out + n;
    n = 0;
    for (size_t d = 0; d < nd; d++) {
        int32_t c0 = w->doff[2 * d + 1] - w->doff[2 * d], c1 = w->doff[2 * d + 2] - w->doff[2 * d + 1],
                tp = w->sh_d[d] == 0, ds = w->ds_d[d];
        if (n && o[n - 1].c0 == c0 && o[n - 1].c1 == c1 && o[n - 1].tenpai == tp && o[n - 1].dist == ds) {
            o[n - 1].end = (int32_t)d + 1;
            continue;
        }
        o[n].end = (int32_t)d + 1;
        o[n].c0 = c0;
        o[n].c1 = c1;
        o[n].dist = ds;
        o[n++].tenpai = tp;
    }
    *n_d = n;
}

/* The two passes of a turn with AVX (four lanes a state in one register) where the CPU has it:
   the same operations lane by lane in the same order as the SSE2 passes, so the same values */
#define EV_AVX_FN __attribute__((target("avx"), always_inline)) static inline

/* discard states e0 .. e1 - 1, C targets each from eto */
EV_AVX_FN void discard_run_avx(size_t e0, size_t e1, const int C, const int32_t *eto, const double *vd, double *ve,
                               int fix) {
    for (size_t e = e0; e < e1; e++, eto += C) {
        __m256d a = _mm256_setzero_pd();
        for (int i = 0; i < C; i++) a = _mm256_max_pd(a, _mm256_loadu_pd(vd + (size_t)eto[i]));
        _mm256_storeu_pd(ve + 4 * e, a);
        if (fix) ve[4 * e] = 1.0;
    }
}

__attribute__((target("avx"))) static void discard_pass_avx(const ev_run_t *runs, size_t n_runs, const int32_t *eoff,
                                                            const int32_t *eto, const double *vd, double *ve,
                                                            int bounded) {
    size_t e0 = 0;
    for (size_t r = 0; r < n_runs; r++) {
        size_t e1 = (size_t)runs[r].end;
        const int32_t *to = eto + eoff[e0];
        int fix = bounded && runs[r].c1;
        switch (runs[r].c0) {
#define EV_DCASE(C) case C: discard_run_avx(e0, e1, C, to, vd, ve, fix); break;
        EV_DCASE(0) EV_DCASE(1) EV_DCASE(2) EV_DCASE(3) EV_DCASE(4) EV_DCASE(5) EV_DCASE(6) EV_DCASE(7)
        EV_DCASE(8)
#undef EV_DCASE
        default: discard_run_avx(e0, e1, runs[r].c0, to, vd, ve, fix); break;
        }
        e0 = e1;
    }
}

/* draw_update in one AVX register (a: the sums over the links that do not win, lanes tenpai, win,
   score): the winning links' scores summed into lane 2 in order, then each lane's operations those
   of draw_update (x + 0.0 is x for the score lane; min(x, 1) is draw_update's cap, no value being
   NaN); lane 3, the padding, stays 0 */
EV_AVX_FN void draw_update_avx(double *u, __m256d a, const sedge_t *de, const double *dsc, const double *ve,
                               int32_t j, int32_t end, double Wd, double Wwin, int tenpai, double inv, int bounded) {
    if (j < end) {
        __m128d hi = _mm256_extractf128_pd(a, 1);
        double ss = win_scores(_mm_cvtsd_f64(hi), de, dsc, ve, j, end);
        a = _mm256_insertf128_pd(a, _mm_move_sd(hi, _mm_set_sd(ss)), 1);
    }
    a = _mm256_add_pd(a, _mm256_set_pd(0.0, 0.0, Wwin, Wwin));
    __m256d v = _mm256_loadu_pd(u);
    __m256d r = _mm256_add_pd(v, _mm256_mul_pd(_mm256_sub_pd(a, _mm256_mul_pd(_mm256_set1_pd(Wd), v)),
                                               _mm256_set1_pd(inv)));
    if (bounded) r = _mm256_min_pd(r, _mm256_set_pd(INFINITY, INFINITY, 1.0, 1.0));
    if (tenpai) r = _mm256_blend_pd(r, _mm256_set1_pd(1.0), 1);
    _mm256_storeu_pd(u, r);
}

/* draw states d0 .. d1 - 1, each C links that do not win then c1 that win, from de[j] */
EV_AVX_FN void draw_run_avx(size_t d0, size_t d1, const int C, int32_t c1, int tenpai, int32_t j, const sedge_t *de,
                            const double *dsc, const double *ve, double *vd, const double *W, const double *Wwin,
                            double inv, int bounded) {
    for (size_t d = d0; d < d1; d++) {
        double *u = vd + 4 * d;
        __m256d a = _mm256_setzero_pd();
        const sedge_t *p = de + j;
        for (int i = 0; i < C; i++)
            a = _mm256_add_pd(a, _mm256_mul_pd(_mm256_cvtps_pd(_mm_broadcast_ss(&p[i].w)),
                                               _mm256_loadu_pd(ve + (size_t)p[i].e)));
        j += C;
        draw_update_avx(u, a, de, dsc, ve, j, j + c1, W[d], Wwin[d], tenpai, inv, bounded);
        j += c1;
    }
}

__attribute__((target("avx"))) static void draw_pass_avx(const ev_run_t *runs, size_t n_runs, const int32_t *doff,
                                                         const sedge_t *de, const double *dsc, const double *ve,
                                                         double *vd, const double *W, const double *Wwin, double inv,
                                                         int bounded) {
    size_t d0 = 0;
    for (size_t r = 0; r < n_runs; r++) {
        size_t d1 = (size_t)runs[r].end;
        int32_t j = doff[2 * d0], c1 = runs[r].c1;
        int tp = runs[r].tenpai;
        switch (runs[r].c0) {
#define EV_WCASE(C) case C: \
            if (tp) draw_run_avx(d0, d1, C, c1, 1, j, de, dsc, ve, vd, W, Wwin, inv, bounded); \
            else draw_run_avx(d0, d1, C, c1, 0, j, de, dsc, ve, vd, W, Wwin, inv, bounded); \
            break;
        EV_WCASE(0) EV_WCASE(1) EV_WCASE(2) EV_WCASE(3) EV_WCASE(4) EV_WCASE(5) EV_WCASE(6) EV_WCASE(7)
        EV_WCASE(8)
#undef EV_WCASE
        default: draw_run_avx(d0, d1, runs[r].c0, c1, tp, j, de, dsc, ve, vd, W, Wwin, inv, bounded); break;
        }
        d0 = d1;
    }
}

static int avx_off = 0;   /* ym_ev_use_avx(0): the SSE2 passes even where the CPU has AVX */

/* read only by the searches (the CPU's features are filled by the compiler's runtime before any
   constructor runs), so searches on many threads share it without a race */
static int cpu_avx(void) { return !avx_off && __builtin_cpu_supports("avx"); }
#endif

int ym_ev_use_avx(int on) {
#ifdef EV_AVX
    avx_off = !on;
    return cpu_avx();
#else
    (void)on;
    return 0;
#endif
}

static void solve(ctx_t *x, const int32_t *roots, const int32_t *rroots, int n_roots, ym_ev_row_t *rows, int S) {
    ym_ev_work_t *w = x->w;
    const size_t nd = (size_t)w->n_d, ne = (size_t)w->n_e;
    /* the states' values 32-byte aligned (a state's four lanes in one cache line) */
    double *vd = w->val + ((32 - ((uintptr_t)w->val & 31)) & 31) / sizeof(double), *ve = vd + 4 * nd,
           *W = ve + 4 * ne, *Wwin = W + nd;
#ifdef EV_AVX
    const int avx = cpu_avx();
    ev_run_t *runs = w->runs, *druns = NULL;
    size_t n_eruns = 0, n_druns = 0;
    if (avx) {
        ev_runs(w, runs, &n_eruns, &n_druns);
        druns = runs + n_eruns;
    }
#endif
    const sedge_t *de = w->de;
    const double *dsc = w->dsc;
    const int32_t *eto = w->eto, *doff = w->doff, *eoff = w->eoff;
    const int8_t *shd = w->sh_d, *she = w->sh_e;
    const int bounded = x->in->bounded, declare = x->in->riichi_mode == YM_EV_RIICHI_DECLARE;
    int T = x->in->t_max;
    for (size_t d = 0; d < nd; d++) {
        vd[4 * d + 0] = shd[d] == 0 ? 1.0 : 0.0;
        vd[4 * d + 1] = vd[4 * d + 2] = vd[4 * d + 3] = 0.0;
        double s = 0.0, sw = 0.0;
        for (int32_t j = doff[2 * d]; j < doff[2 * d + 1]; j++) s += de[j].w;
        for (int32_t j = doff[2 * d + 1]; j < doff[2 * d + 2]; j++) sw += de[j].w;
        W[d] = s + sw;
        Wwin[d] = sw;
    }
    memset(ve, 0, 4 * ne * sizeof(double));
    for (int r = 0; r < n_roots; r++) {
        rows[r].tenpai[T] = vd[4 * (size_t)roots[r]];
        rows[r].win[T] = rows[r].score[T] = 0.0;
    }
    /* A state that holds dist tiles beyond the request's hand is at least dist draws from every row's
       state (a draw adds one tile, a discard none; the rows' states hold none). A row's value at
       turn t reads a discard state's value at turn t only from dist <= t, and a draw state's only
       from dist < t: at turn t the others are skipped (their values go stale, and no value a row
       reads depends on them). The states are numbered by dist first (renumber), so the states a
       turn computes are the first ones, and fewer as t falls. */
    const uint8_t *dsd = w->ds_d, *dse = w->ds_e;
    size_t ne_t = ne, nd_t = nd;
#ifdef EV_AVX
    size_t ner_t = n_eruns, ndr_t = n_druns;
#endif
    for (int t = T - 1; t >= 1; t--) {
        while (ne_t && dse[ne_t - 1] > t) ne_t--;
        while (nd_t && dsd[nd_t - 1] >= t) nd_t--;
        /* discard states after the draw of turn t: the best draw state of turn t + 1, per value */
#ifdef EV_AVX
        while (ner_t && runs[ner_t - 1].dist > t) ner_t--;
        while (ndr_t && druns[ndr_t - 1].dist >= t) ndr_t--;
        if (avx) discard_pass_avx(runs, ner_t, eoff, eto, vd, ve, bounded);
        else
#endif
        for (size_t e = 0; e < ne_t; e++) {
#ifdef EV_SSE2
            __m128d a = _mm_setzero_pd(), b = _mm_setzero_pd();
            for (int32_t j = eoff[e]; j < eoff[e + 1]; j++) {
                const double *u = vd + (size_t)eto[j];
                a = _mm_max_pd(_mm_loadu_pd(u), a);
                b = _mm_max_pd(_mm_loadu_pd(u + 2), b);
            }
            _mm_storeu_pd(ve + 4 * e, a);
            _mm_storeu_pd(ve + 4 * e + 2, b);
#else
            double tp = 0.0, wp = 0.0, sc = 0.0;
            for (int32_t j = eoff[e]; j < eoff[e + 1]; j++) {
                const double *u = vd + (size_t)eto[j];
                if (u[0] > tp) tp = u[0];
                if (u[1] > wp) wp = u[1];
                if (u[2] > sc) sc = u[2];
            }
            ve[4 * e + 0] = tp;
            ve[4 * e + 1] = wp;
            ve[4 * e + 2] = sc;
#endif
            if (bounded && she[e] <= 0) ve[4 * e] = 1.0;   /* the reference: the best target alone (above 1 on some seven-pairs hands) */
        }
        /* riichi declarations (CHOOSE / DECLARE): only with a draw after them (turn t + 1 < T),
           less the stick */
        if (t + 1 < T)
            for (size_t i = 0; i < w->n_rt; i += 2) {
                double *y = ve + 4 * (size_t)w->rt[i];
                const double *u = vd + 4 * (size_t)w->rt[i + 1];
                if (u[1] > y[1]) y[1] = u[1];
                if (u[2] - YM_EV_STICK > y[2]) y[2] = u[2] - YM_EV_STICK;
            }
        ym_ev_riichi_stay_gain(w, vd, t + 1 < T);
        /* draw states of turn t, in place */
        double inv = 1.0 / (double)(S - t);
#ifdef EV_AVX
        if (avx) draw_pass_avx(druns, ndr_t, doff, de, dsc, ve, vd, W, Wwin, inv, bounded);
        else
#endif
        for (size_t d = 0; d < nd_t; d++) {
            double *u = vd + 4 * d;
            double st, sw, ss;
            int32_t j = doff[2 * d], jw = doff[2 * d + 1], end = doff[2 * d + 2];
#ifdef EV_SSE2
            __m128d a = _mm_setzero_pd(), b = _mm_setzero_pd();
            for (; j < jw; j++) {
                const double *y = ve + (size_t)de[j].e;
                __m128d wt = _mm_set1_pd((double)de[j].w);
                a = _mm_add_pd(a, _mm_mul_pd(wt, _mm_loadu_pd(y)));
                b = _mm_add_pd(b, _mm_mul_pd(wt, _mm_loadu_pd(y + 2)));
            }
            double ab[2];
            _mm_storeu_pd(ab, a);
            st = ab[0];
            sw = ab[1];
            ss = _mm_cvtsd_f64(b);
#else
            st = sw = ss = 0.0;
            for (; j < jw; j++) {
                const double *y = ve + (size_t)de[j].e;
                double wt = (double)de[j].w;
                st += wt * y[0];
                sw += wt * y[1];
                ss += wt * y[2];
            }
#endif
            draw_update(u, st, sw, ss, de, dsc, ve, j, end, W[d], Wwin[d], shd[d] == 0, inv, bounded);
        }
        ym_ev_riichi_pairs_step(w, vd, W, inv, bounded);
        for (int r = 0; r < n_roots; r++)
            ym_ev_put_row(&rows[r], t, vd + 4 * (size_t)roots[r], rroots[r] >= 0 ? vd + 4 * (size_t)rroots[r] : NULL,
                    declare);
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
    if (in->t_max > YM_EV_TMAX || in->n_melds > 4 || in->n_dora > YM_MAX_INDICATORS ||
        in->riichi_mode > YM_EV_RIICHI_DECLARE)
        return YM_EV_E_INPUT;
    /* a state's key holds one red five per suit: a second one, held or drawable, has no place */
    for (int s = 0; in->red && s < 3; s++)
        if (in->reds[s] + in->unseen_red[s] > 1) return YM_EV_E_REDS;
    x.choice = in->riichi_mode != YM_EV_RIICHI_ALWAYS;
    x.sanma = in->rules && in->rules->players == 3;
    /* the parts cache is reset only when the player count changes (a fresh work struct: never
       reset): a later search, often a few tiles from an earlier one, finds its parts there */
    if (w->pc_players != 1 + x.sanma) {
        ym_part_cache_reset(&w->pc, x.sanma);
        w->pc_players = 1 + x.sanma;
    }
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
    for (int k = 0; k < 34; k++) {
        int suit = five_suit(k);
        x.p0[k] = (uint8_t)(x.h0[k] - (suit >= 0 ? (x.reds0 >> suit & 1u) : 0u));
    }
    int want = 13 - 3 * in->n_melds;
    if (n0 != want && n0 != want + 1) return YM_EV_E_INPUT;
    x.s0 = shanten_of(&x, x.h0);
    if (x.s0 < 0) return YM_EV_E_COMPLETE;
    int S = in->wall_sum;
    if (S <= 0)
        for (int k = 0; k < 34; k++) S += in->unseen[k];
    if (S - (int)in->t_max < 1) return YM_EV_E_INPUT;
    w->n_nodes = 0;
    w->n_d = w->n_e = 0;
    if (++w->hv_now == 0) {   /* hand_value's memo: a new search's entries (cleared on a wrap) */
        memset(w->hv, 0, sizeof w->hv);
        w->hv_now = 1;
    }
    w->n_de = w->n_eto = w->n_rt = w->n_rp = w->n_rw = w->n_defer = w->n_de2 = 0;
    x.lineage = !x.choice && x.closed && n0 == want && x.s0 == 0;
    if (reset_table(w, x.s0 <= in->max_shanten ? table_start(x.s0 + in->extra) : 64)) return YM_EV_E_MEMORY;

    /* the roots: one draw state per distinct discard (or the hand itself) */
    int32_t roots[YM_EV_MAX_ROWS], rroots[YM_EV_MAX_ROWS];   /* rroots: the riichi declared by the row's discard */
    int nr = 0, rc = 0;
    uint8_t c[34];
    memcpy(c, x.h0, 34);
    if (n0 == want) {
        /* a 13-tile request has made no discard: it has not declared riichi */
        long r = -1;
        if (x.s0 <= in->max_shanten && (r = node_of(&x, c, x.reds0, 0, 1)) < 0) { rc = YM_EV_E_MEMORY; goto out; }
        /* a closed tenpai request is a dama state like any other: the discard of a later draw
           (a tsumogiri) may declare, so it has its riichi states too (made here: no discard of the
           graph need lead back to its tiles) */
        if (r >= 0 && x.closed && x.s0 == 0 && x.choice && in->riichi_mode != YM_EV_RIICHI_NEVER &&
            (node_of(&x, c, x.reds0, 1, 1) < 0 || node_of(&x, c, x.reds0, 2, 1) < 0)) {
            rc = YM_EV_E_MEMORY;
            goto out;
        }
        memset(&rows[0], 0, sizeof rows[0]);
        rows[0].tile = -1;
        rows[0].shanten = (int8_t)x.s0;
        rroots[nr] = -1;
        roots[nr++] = (int32_t)r;
    } else {
        /* every discard's shanten at once */
        int8_t dsh[34];
        ym_shanten_neighbours(&w->pc, c, in->n_melds, -1, kinds_held(c), dsh);
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
                int s2 = dsh[k];
                memset(&rows[nr], 0, sizeof rows[nr]);
                rows[nr].tile = (int8_t)k;
                rows[nr].red = (uint8_t)red;
                rows[nr].shanten = (int8_t)s2;
                long r = -1, rr = -1;
                unsigned flag = (unsigned)(x.closed && s2 == 0);
                /* a discard that raises the shanten is followed only as the request's own
                   shanten-down step (the rule of create_discards at d = 0): else its row is not
                   evaluated (NaN), and its states are not made */
                int followed = s2 <= x.s0 || (in->shanten_down && in->extra > 0);
                if (x.s0 <= in->max_shanten && followed) {
                    r = node_of(&x, c, r2, x.choice ? 0u : flag, 1);
                    if (r < 0) { rc = YM_EV_E_MEMORY; goto out; }
                    if (flag && x.choice && in->riichi_mode != YM_EV_RIICHI_NEVER) {
                        /* the riichi this discard may declare (and the state it becomes) */
                        if (node_of(&x, c, r2, 1, 1) < 0 || (rr = node_of(&x, c, r2, 2, 1)) < 0) {
                            rc = YM_EV_E_MEMORY;
                            goto out;
                        }
                    }
                }
                rroots[nr] = (int32_t)rr;
                roots[nr++] = (int32_t)r;
                c[k]++;
            }
        }
    }
    /* necessary tiles (counted in the request's wall): the draws that lower the row's shanten */
    {
        static const uint8_t four[34] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
                                         4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};
        const uint64_t no_sanma = x.sanma ? ~(0x7FULL << 1) : ~0ULL;   /* 2m-8m do not exist */
        for (int r = 0; r < nr; r++) {
            uint8_t h[34];
            int8_t sh[34];
            memcpy(h, x.h0, 34);
            if (rows[r].tile >= 0) h[rows[r].tile]--;
            uint64_t m = kinds_above(four, h) & no_sanma;
            m = ym_shanten_lowering(&w->pc, h, in->n_melds, rows[r].shanten, m, sh);
            rows[r].necessary_mask = m;
            for (; m; m &= m - 1) rows[r].necessary[ym_ctz64(m)] = in->unseen[ym_ctz64(m)];
        }
    }
    if (build(&x)) { rc = YM_EV_E_MEMORY; goto out; }
    if (link(&x)) { rc = YM_EV_E_MEMORY; goto out; }
    if (reserve((void **)&w->val, &w->cap_val, 6 * (size_t)w->n_d + 4 * (size_t)w->n_e + 4, sizeof(double)) ||
        reserve((void **)&w->runs, &w->cap_runs, (size_t)w->n_d + (size_t)w->n_e + 1, sizeof(ev_run_t))) {
        rc = YM_EV_E_MEMORY;
        goto out;
    }
    {
        /* rows beyond max_shanten: NaN; the others from the solve */
        int32_t live[YM_EV_MAX_ROWS], rlive[YM_EV_MAX_ROWS];
        ym_ev_row_t *lrows[YM_EV_MAX_ROWS];
        int nl = 0;
        for (int r = 0; r < nr; r++) {
            for (int t = 0; t <= YM_EV_TMAX; t++) {
                double z = (roots[r] < 0 || t > in->t_max) ? NAN : 0.0;
                rows[r].tenpai[t] = rows[r].win[t] = rows[r].score[t] = z;
            }
            /* the reference's rows declare whenever a closed discard keeps tenpai */
            memset(rows[r].riichi, 0, sizeof rows[r].riichi);
            if (roots[r] >= 0) {
                if (!x.choice && w->nodes[roots[r]].riichi) memset(rows[r].riichi + 1, 1, in->t_max);
                live[nl] = w->nodes[roots[r]].ci;
                rlive[nl] = rroots[r] >= 0 ? w->nodes[rroots[r]].ci : -1;
                lrows[nl++] = &rows[r];
            }
        }
        /* solve writes rows in root order: solve into a temporary block, then copy */
        ym_ev_row_t tmp[YM_EV_MAX_ROWS];
        memset(tmp, 0, sizeof tmp);
        solve(&x, live, rlive, nl, tmp, S);
        for (int r = 0; r < nl; r++) {
            memcpy(lrows[r]->tenpai, tmp[r].tenpai, sizeof tmp[r].tenpai);
            memcpy(lrows[r]->win, tmp[r].win, sizeof tmp[r].win);
            memcpy(lrows[r]->score, tmp[r].score, sizeof tmp[r].score);
            if (x.choice) memcpy(lrows[r]->riichi, tmp[r].riichi, sizeof tmp[r].riichi);
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
    return rc;
}
