/* ym_game_world.c - determinization: a world in which every tile hidden from a seat is re-dealt.
 *
 * The tiles hidden from `seat` are the other seats' concealed tiles (but an open riichi's, shown to
 * everyone) and the undrawn wall and dead wall (replacement tiles, unrevealed dora indicators, ura
 * indicators), less the revealed indicators. Everything else (rivers with their marks, melds, kita,
 * revealed indicators, the seat's own hand, scores, sticks) stays, so red fives stay where they
 * are seen. The world is drawn from the seeded stream (ym_rng_t):
 *
 *  - the hidden ids are sorted, then shuffled (Fisher-Yates), so that the world depends on what the
 *    seat sees and the seed only, never on where the hidden ids were;
 *  - a hidden seat in riichi must hold a tenpai hand (a rule: nobody may declare otherwise, and an
 *    established riichi hand only changes by a wait-keeping ankan): its concealed tiles (its drawn
 *    tile aside when it holds one; a seat that has just declared and still chooses its discard:
 *    all of them, with a discard that leaves it tenpai) are drawn by rejection sampling, a uniform
 *    subset of the unused hidden ids kept only when it qualifies, at most YM_WORLD_TRIES tries;
 *    riichi seats are drawn
 *    in seat order, each from the ids the earlier ones left. Past the cap, a tenpai hand is built
 *    from the pool's groups (not uniform); when that fails too, YM_WORLD_NO_TENPAI is returned and
 *    the state is left as it was;
 *  - every other hidden place takes the remaining ids in shuffled order (uniform given the riichi
 *    hands).
 *
 * With the round's history (ops: ym_game_world), the world is also a consistent past: the hidden
 * seats' starting hands and draws are rebuilt backwards from their new hands through their
 * discards and calls and written to the wall's drawn positions (the true starting hands and draws
 * are gone from the state), their furiten flags follow from their new waits and the tiles that
 * passed them, and a pending response asks again only the seats that can act in the world.
 */
#include <string.h>

#include "ym_bits.h"
#include "ym_game.h"
#include "ym_shanten.h"

/* Positions of the wall array whose tile is still undrawn (m of them, ascending). */
int ym_game_undrawn(const ym_game_t *g, uint8_t *pos) {
    int m = 0, N = g->n_tiles, L0 = N - 14;
    uint8_t drawn[136];
    memset(drawn, 0, sizeof drawn);
    for (int i = 0; i < g->next && i < N; i++) drawn[i] = 1;
    for (int k = 0; k < g->n_rinshan && k < 12; k++) drawn[k < 4 ? L0 + k : L0 - (k + 1)] = 1;
    for (int i = 0; i < N; i++)
        if (!drawn[i]) pos[m++] = (uint8_t)i;
    return m;
}

/* Uniform in 0..n-1 (1 <= n <= 136), exact: 32-bit halves of the stream (two per draw, kept in
 * *buf / *have) and Lemire's multiply-and-reject (no division unless a rejection is possible). */
static uint32_t below(ym_rng_t *r, uint64_t *buf, int *have, uint32_t n) {
    for (;;) {
        if (!*have) {
            *buf = ym_rng_next(r);
            *have = 2;
        }
        uint32_t x = (uint32_t)(*buf >> (32 * --*have));
        uint64_t m = (uint64_t)x * n;
        uint32_t l = (uint32_t)m;
        if (l >= n || l >= (uint32_t)(-n) % n) return (uint32_t)(m >> 32);
    }
}

/* A necessary condition for tenpai, cheap: a regular-form tenpai hand has at most one tile
 * without a neighbour of its kind within two (its tanki wait; sets and partial sets have one),
 * chiitoitsu tenpai six pairs, kokushi tenpai twelve terminal or honor kinds. */
static int may_be_tenpai(uint64_t present, uint64_t pair, int melds) {
    uint64_t single = present & ~pair;
    int lone = ym_popcount64(single >> 27);
    for (int s = 0; s < 27; s += 9) {
        uint64_t p = (present >> s) & 0x1FF, one = (single >> s) & 0x1FF;
        uint64_t near = ((p << 1) | (p >> 1) | (p << 2) | (p >> 2)) & 0x1FF;
        lone += ym_popcount64(one & ~near);
    }
    if (lone <= 1) return 1;
    if (melds) return 0;
    const uint64_t yao = (1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) | (1ULL << 18) | (1ULL << 26) |
                         (0x7FULL << 27);
    return ym_popcount64(pair) >= 6 || ym_popcount64(present & yao) >= 12;
}

/* 1 when the counts c (13 - 3 * melds tiles) are tenpai (a wait not held four times). */
static int is_tenpai(const uint8_t *c, int melds, int sanma) {
    if (ym_shanten(c, melds, YM_FORM_ALL, sanma) > 0) return 0;
    return ym_waits(c, melds, sanma) != 0;
}

/* A tenpai hand of `need` ids from the unused ids of pool[0..h-1], built from the groups the pool
 * holds (a complete hand less one tile; not uniform: the fallback past the rejection cap). */
static int tenpai_built(const uint8_t *pool, int h, const uint8_t *used, int need, int melds, int sanma,
                        ym_rng_t *r, uint8_t *out) {
    uint8_t avail[34];
    memset(avail, 0, sizeof avail);
    for (int i = 0; i < h; i++)
        if (!used[i]) avail[pool[i] >> 2]++;
    int groups = (need - 1) / 3;
    for (int tries = 0; tries < 256; tries++) {
        uint8_t c[34], kinds[15];
        int m = 0, ok = 1;
        memcpy(c, avail, 34);
        for (int gi = 0; gi < groups && ok; gi++) {
            ok = 0;
            for (int pick = 0; pick < 40 && !ok; pick++) {
                int k = (int)ym_rng_below(r, 34);
                if (ym_rng_below(r, 2) && k < 27 && k % 9 <= 6 && c[k] && c[k + 1] && c[k + 2]) {
                    c[k]--, c[k + 1]--, c[k + 2]--;
                    kinds[m++] = (uint8_t)k, kinds[m++] = (uint8_t)(k + 1), kinds[m++] = (uint8_t)(k + 2);
                    ok = 1;
                } else if (c[k] >= 3) {
                    c[k] -= 3;
                    kinds[m++] = (uint8_t)k, kinds[m++] = (uint8_t)k, kinds[m++] = (uint8_t)k;
                    ok = 1;
                }
            }
        }
        if (!ok) continue;
        ok = 0;
        for (int pick = 0; pick < 40 && !ok; pick++) {
            int k = (int)ym_rng_below(r, 34);
            if (c[k] >= 2) {
                kinds[m++] = (uint8_t)k, kinds[m++] = (uint8_t)k;
                ok = 1;
            }
        }
        if (!ok) continue;
        int drop = (int)ym_rng_below(r, (uint32_t)m);
        kinds[drop] = kinds[--m];
        uint8_t hc[34];
        memset(hc, 0, sizeof hc);
        for (int i = 0; i < m; i++) hc[kinds[i]]++;
        if (!is_tenpai(hc, melds, sanma)) continue;
        uint8_t taken[136];
        memset(taken, 0, sizeof taken);
        for (int i = 0; i < m; i++)
            for (int j = 0; j < h; j++)
                if (!used[j] && !taken[j] && (pool[j] >> 2) == kinds[i]) {
                    taken[j] = 1;
                    out[i] = (uint8_t)j;   /* an index into pool */
                    break;
                }
        return 1;
    }
    return 0;
}

/* 1 when the counts c (14 - 3 * melds tiles) have a discard that leaves a tenpai hand. */
static int tenpai_discard(const uint8_t *c, int melds, int sanma) {
    if (ym_shanten(c, melds, YM_FORM_ALL, sanma) > 0) return 0;
    uint8_t d[34];
    memcpy(d, c, 34);
    for (int k = 0; k < 34; k++) {
        if (!d[k]) continue;
        d[k]--;
        int ok = ym_waits(d, melds, sanma) != 0;
        d[k]++;
        if (ok) return 1;
    }
    return 0;
}

/* `need` indexes of unused pool ids forming a tenpai hand (decl: a 14 - 3k hand with a discard
 * that leaves one, the hand of a seat that has just declared riichi), uniform among all such
 * subsets: a uniform subset of the free ids per try, kept when it qualifies (rejection sampling,
 * exact), at most YM_WORLD_TRIES tries, then tenpai_built (decl: and any other free id). Returns 1,
 * or 0 when neither found one. */
static int tenpai_hand(const uint8_t *pool, int h, const uint8_t *used, int need, int melds, int sanma, int decl,
                       ym_rng_t *r, uint8_t *out) {
    uint8_t freei[136];
    int nf = 0;
    for (int i = 0; i < h; i++)
        if (!used[i]) freei[nf++] = (uint8_t)i;
    if (need < 1 || need > nf) return 0;
    uint64_t buf = 0;
    int have = 0;
    for (long t = 0; t < YM_WORLD_TRIES; t++) {
        uint8_t c[34];
        uint64_t present = 0, pair = 0;
        memset(c, 0, sizeof c);
        for (int j = 0; j < need; j++) {   /* a partial Fisher-Yates: freei[0..need-1] uniform */
            int k = j + (int)below(r, &buf, &have, (uint32_t)(nf - j));
            uint8_t x = freei[j];
            freei[j] = freei[k];
            freei[k] = x;
            int kind = pool[freei[j]] >> 2;
            pair |= (uint64_t)(c[kind]++ != 0) << kind;
            present |= 1ULL << kind;
        }
        if (decl ? tenpai_discard(c, melds, sanma) : may_be_tenpai(present, pair, melds) && is_tenpai(c, melds, sanma)) {
            memcpy(out, freei, (size_t)need);
            return 1;
        }
    }
    if (!decl) return tenpai_built(pool, h, used, need, melds, sanma, r, out);
    if (need < 2 || !tenpai_built(pool, h, used, need - 1, melds, sanma, r, out)) return 0;
    for (int i = 0; i < h; i++) {   /* beside the built tenpai hand, any other free id */
        int taken = used[i];
        for (int j = 0; j < need - 1; j++) taken |= out[j] == i;
        if (!taken) {
            out[need - 1] = (uint8_t)i;
            return 1;
        }
    }
    return 0;
}

int ym_world_tenpai_sample(const uint8_t *pool, int h, int need, int melds, int sanma, uint64_t seed, uint8_t *out) {
    uint8_t used[136], idx[14];
    ym_rng_t r;
    if (h < 0 || h > 136 || need < 1 || need > 14) return 0;
    memset(used, 0, sizeof used);
    ym_rng_seed(&r, seed);
    if (!tenpai_hand(pool, h, used, need, melds, sanma, 0, &r, idx)) return 0;
    for (int i = 0; i < need; i++) out[i] = pool[idx[i]];
    return 1;
}

/* The waits the engine keeps for a seat: of its 13 - 3k hand; holding a drawn tile, of the hand
 * before the draw; having just called, of the hand before the call. */
static uint64_t hand_waits(const ym_seat_t *p, int sanma) {
    if (p->n + 3 * p->n_melds == 13) return ym_game_waits(p, sanma);
    ym_seat_t t = *p;
    if (p->drawn != 255) {
        t.c[p->drawn >> 2]--;
    } else if (p->n_melds) {
        const ym_gmeld_t *m = &p->melds[p->n_melds - 1];
        for (int j = 0; j < m->n && j < 4; j++)
            if (m->ids[j] != m->called) t.c[m->ids[j] >> 2]++;
        t.n_melds--;
    }
    return ym_game_waits(&t, sanma);
}

/* The re-deal (module comment). Returns 0, or YM_WORLD_NO_TENPAI (nothing changed). */
static int redeal(ym_game_t *g, int seat, ym_rng_t *r) {
    int n = g->R.players, N = g->n_tiles;
    uint8_t pos[136], ids[136], wpos[136], is_ind[136], have[136];
    int m = ym_game_undrawn(g, pos), h = 0, nw = 0;
    memset(is_ind, 0, sizeof is_ind);
    for (int i = 0; i < g->n_dora; i++) is_ind[N - 14 + 4 + 2 * i] = 1;
    for (int i = 0; i < m; i++)
        if (!is_ind[pos[i]]) wpos[nw++] = pos[i];
    memset(have, 0, sizeof have);
    for (int i = 0; i < nw; i++) have[g->wall[wpos[i]]] = 1;
    for (int q = 0; q < n; q++) {
        if (q == seat || g->s[q].open_riichi) continue;
        for (int i = 0; i < g->s[q].n; i++) have[g->s[q].ids[i]] = 1;
    }
    for (int id = 0; id < 136; id++)
        if (have[id]) ids[h++] = (uint8_t)id;
    for (int i = h - 1; i > 0; i--) {
        int j = (int)ym_rng_below(r, (uint32_t)i + 1);
        uint8_t t = ids[i];
        ids[i] = ids[j];
        ids[j] = t;
    }
    /* the hidden riichi hands first (uniform among tenpai hands), then everything else in order */
    uint8_t used[136], hands[4][14], built[4] = {0, 0, 0, 0};
    memset(used, 0, sizeof used);
    for (int q = 0; q < n; q++) {
        const ym_seat_t *p = &g->s[q];
        if (q == seat || p->open_riichi || !p->riichi) continue;
        int core = 13 - 3 * p->n_melds, k = 0;
        if (core < 1 || (p->n != core && p->n != core + 1)) continue;
        /* the seat that has just declared (its declaration discard still to choose): some discard
         * leaves it tenpai; else its hand less any drawn tile is tenpai */
        int decl = g->phase == YM_PH_SELF && g->actor == q && g->self_mode == YM_SM_RIICHI && p->n == core + 1;
        int take = decl ? core + 1 : core;
        uint8_t idx[14];
        if (!tenpai_hand(ids, h, used, take, p->n_melds, SANMA(g), decl, r, idx)) return YM_WORLD_NO_TENPAI;
        for (int i = 0; i < take; i++) {
            used[idx[i]] = 1;
            hands[q][i] = ids[idx[i]];
        }
        if (!decl && p->n == core + 1) {   /* its drawn tile: any unused id (uniform: the next in shuffled order) */
            while (used[k]) k++;
            used[k] = 1;
            hands[q][core] = ids[k];
        }
        built[q] = 1;
    }
    int k = 0;
    for (int i = 0; i < nw; i++) {
        while (used[k]) k++;
        g->wall[wpos[i]] = ids[k++];
    }
    for (int q = 0; q < n; q++) {
        ym_seat_t *p = &g->s[q];
        if (q == seat || p->open_riichi) continue;
        memset(p->c, 0, 34);
        for (int i = 0; i < p->n; i++) {
            if (built[q]) {
                p->ids[i] = hands[q][i];
            } else {
                while (used[k]) k++;
                p->ids[i] = ids[k++];
            }
            p->c[p->ids[i] >> 2]++;
        }
        if (p->drawn != 255) p->drawn = p->ids[p->n - 1];
        p->waits = hand_waits(p, SANMA(g));
        /* a kuikae restriction that now forbids every held tile is lifted (the re-dealt hand
         * must keep a legal discard) */
        int free_tile = 0;
        for (int i = 0; i < p->n; i++) free_tile |= !((p->forbid >> (p->ids[i] >> 2)) & 1);
        if (!free_tile) p->forbid = 0;
    }
    return 0;
}

/* ---- the round's history -------------------------------------------------------------------- */
#define OP_TYPE(b) ((b) >> 2)
#define OP_ACTOR(b) ((b) & 3)

/* What left seat q's hand at each of its ops (ids into out[op][..], count in nout[op]); the tile
 * that passed the other seats at a discard, kakan or kita (pass[op], 255 = none). 0, or 1 when
 * the ops do not match the state (counts of discards, melds, kita). */
static int op_tiles(const ym_game_t *g, const uint8_t *ops, int n_ops, uint8_t (*out)[4], uint8_t *nout,
                    uint8_t *pass) {
    int ri[4] = {0, 0, 0, 0}, mi[4] = {0, 0, 0, 0}, ki[4] = {0, 0, 0, 0};
    uint8_t drawn[136], pos[136];
    memset(drawn, 1, sizeof drawn);
    for (int i = 0, m = ym_game_undrawn(g, pos); i < m; i++) drawn[pos[i]] = 0;
    for (int i = 0; i < 13 * g->R.players; i++) drawn[i] = 0;
    for (int i = g->n_tiles; i < 136; i++) drawn[i] = 0;
    for (int o = 0; o < n_ops; o++) {
        int t = OP_TYPE(ops[2 * o]), q = OP_ACTOR(ops[2 * o]), arg = ops[2 * o + 1];
        const ym_seat_t *p = &g->s[q];
        nout[o] = 0;
        pass[o] = 255;
        if (q >= g->R.players) return 1;
        if (t == YM_OP_DRAW) {   /* a drawn position, each once */
            if (arg >= g->n_tiles || arg < 13 * g->R.players || !drawn[arg]) return 1;
            drawn[arg] = 0;
        } else if (t == YM_OP_DISCARD) {
            if (ri[q] >= p->n_river) return 1;
            out[o][nout[o]++] = p->river[ri[q]];
            pass[o] = p->river[ri[q]++];
        } else if (t == YM_OP_CALL || t == YM_OP_ANKAN) {
            if (mi[q] >= p->n_melds) return 1;
            const ym_gmeld_t *mm = &p->melds[mi[q]++];
            if ((t == YM_OP_ANKAN) != (mm->type == YM_ANKAN)) return 1;
            for (int j = 0; j < mm->n && j < 4; j++)
                if (mm->ids[j] != mm->called && mm->ids[j] != mm->added) out[o][nout[o]++] = mm->ids[j];
        } else if (t == YM_OP_KAKAN) {
            int found = 0;
            for (int i = 0; i < p->n_melds && !found; i++)
                if (p->melds[i].type == YM_KAKAN && p->melds[i].kind == arg) {
                    out[o][nout[o]++] = p->melds[i].added;
                    pass[o] = p->melds[i].added;
                    found = 1;
                }
            if (!found) return 1;
        } else if (t == YM_OP_KITA) {
            if (ki[q] >= p->kita || ki[q] >= 4) return 1;
            out[o][nout[o]++] = p->kita_ids[ki[q]];
            pass[o] = p->kita_ids[ki[q]++];
        } else {
            return 1;
        }
    }
    for (int q = 0; q < g->R.players; q++)
        if (ri[q] != g->s[q].n_river || mi[q] != g->s[q].n_melds || ki[q] != g->s[q].kita) return 1;
    for (int i = 0; i < 136; i++)   /* every draw has its op */
        if (drawn[i]) return 1;
    return 0;
}

static int take(uint8_t *hand, int *n, int id) {
    for (int i = 0; i < *n; i++)
        if (hand[i] == id) {
            hand[i] = hand[--*n];
            return 1;
        }
    return 0;
}

/* Seat q's starting hand and draws, backwards from its hand now: a draw before a tsumogiri
 * discard is the discarded tile, before another discard any other held tile, before an ankan or
 * kita under riichi one of its tiles, else any held tile (the held drawn tile at the end).
 * Writes wall[draw position] and the 13 starting ids to wall[13 * k ..]. 0, or 1 when the ops do
 * not fit the hand. */
static int unwind(ym_game_t *g, int q, const uint8_t *ops, int n_ops, uint8_t (*out)[4], const uint8_t *nout,
                  ym_rng_t *r) {
    const ym_seat_t *p = &g->s[q];
    uint8_t hand[24];
    int nh = p->n, next = -1, ri = p->n_river, riichi_at = -1, n = g->R.players;
    memcpy(hand, p->ids, p->n);
    /* the op index of q's riichi declaration discard (its river entry marked YM_RV_RIICHI) */
    for (int o = 0, k = 0; o < n_ops; o++)
        if (OP_ACTOR(ops[2 * o]) == q && OP_TYPE(ops[2 * o]) == YM_OP_DISCARD && k < p->n_river)
            if (p->rmark[k++] & YM_RV_RIICHI) riichi_at = o;
    for (int o = n_ops - 1; o >= 0; o--) {
        if (OP_ACTOR(ops[2 * o]) != q) continue;
        int t = OP_TYPE(ops[2 * o]);
        if (t != YM_OP_DRAW) {
            if (t == YM_OP_DISCARD) ri--;
            if (nh + nout[o] > 20) return 1;
            for (int j = 0; j < nout[o]; j++) hand[nh++] = out[o][j];
            next = o;
            continue;
        }
        if (nh < 1) return 1;
        int d = -1;
        if (next < 0) {
            d = p->drawn != 255 ? p->drawn : hand[ym_rng_below(r, (uint32_t)nh)];
        } else {
            int nt = OP_TYPE(ops[2 * next]);
            if (nt == YM_OP_DISCARD && (p->rmark[ri] & YM_RV_TSUMOGIRI)) {
                d = out[next][0];
            } else if (nt == YM_OP_DISCARD) {
                int ix = -1;   /* any held tile but the discarded one */
                for (int i = 0; i < nh; i++)
                    if (hand[i] == out[next][0]) ix = i;
                if (nh < 2 || ix < 0) return 1;
                int j = (int)ym_rng_below(r, (uint32_t)nh - 1);
                d = hand[j >= ix ? j + 1 : j];
            } else if ((nt == YM_OP_ANKAN || nt == YM_OP_KITA) && riichi_at >= 0 && riichi_at < o) {
                d = out[next][ym_rng_below(r, nout[next])];
            } else {
                d = hand[ym_rng_below(r, (uint32_t)nh)];
            }
        }
        if (!take(hand, &nh, d)) return 1;
        g->wall[ops[2 * o + 1]] = (uint8_t)d;
        next = o;
    }
    if (nh != 13) return 1;
    int k = (q - g->dealer + n) % n;
    for (int j = 0; j < 13; j++) g->wall[13 * k + j] = hand[j];
    return 0;
}

/* Temporary and riichi furiten of hidden seat q from its world waits: the tiles that passed it
 * (another seat's discard, kakan or kita, answered, i.e. not the pending one) since its last draw
 * or call (any seat's call under temp_furiten_any_call); since its riichi declaration's discard,
 * riichi furiten. */
static void furiten(ym_game_t *g, int q, const uint8_t *ops, int n_ops, const uint8_t *pass) {
    ym_seat_t *p = &g->s[q];
    uint64_t waits = p->waits;   /* the actor's: of its hand before its draw (hand_waits) */
    int temp = 0, riichi = 0, accepted = 0, ri = 0;
    int last = g->phase == YM_PH_RESPONSE ? n_ops - 1 : n_ops;
    for (int o = 0; o < n_ops; o++) {
        int t = OP_TYPE(ops[2 * o]), a = OP_ACTOR(ops[2 * o]);
        if (a == q) {
            if (t == YM_OP_DRAW || t == YM_OP_CALL) temp = 0;
            if (t == YM_OP_DISCARD && ri < p->n_river && (p->rmark[ri++] & YM_RV_RIICHI)) accepted = 1;
            continue;
        }
        if (t == YM_OP_CALL && g->R.temp_furiten_any_call) temp = 0;
        if (o < last && pass[o] != 255 && ((waits >> (pass[o] >> 2)) & 1)) {
            if (accepted) riichi = 1;
            else temp = 1;
        }
    }
    p->temp_furiten = (uint8_t)temp;
    p->riichi_furiten = (uint8_t)riichi;
}

/* Without the round's history: the drawn positions get the ids that are not undrawn, in random
 * order (a permutation again; the true starting hands and draws do not stay in the state, and no
 * history is claimed for them). */
static void refill_drawn(ym_game_t *g, ym_rng_t *r) {
    uint8_t pos[136], undrawn[136], dpos[136], in_wall[136], ids[136];
    int m = ym_game_undrawn(g, pos), nd = 0, ni = 0;
    memset(undrawn, 0, sizeof undrawn);
    memset(in_wall, 0, sizeof in_wall);
    for (int i = 0; i < m; i++) {
        undrawn[pos[i]] = 1;
        in_wall[g->wall[pos[i]]] = 1;
    }
    for (int i = 0; i < g->n_tiles; i++)
        if (!undrawn[i]) dpos[nd++] = (uint8_t)i;
    for (int id = 0; id < 136; id++)
        if (!in_wall[id] && !(g->n_tiles == 108 && id >= 4 && id < 32)) ids[ni++] = (uint8_t)id;
    for (int i = ni - 1; i > 0; i--) {
        int j = (int)ym_rng_below(r, (uint32_t)i + 1);
        uint8_t t = ids[i];
        ids[i] = ids[j];
        ids[j] = t;
    }
    for (int i = 0; i < nd && i < ni; i++) g->wall[dpos[i]] = ids[i];
}

static void finish(ym_game_t *g, int seat, uint64_t seed) {
    /* nothing of the other seats' old hands stays behind: their pending answers and the shanten
     * memo of another seat's hand are cleared, its bytes too (memo_c holds that hand's counts: a
     * world's raw bytes and pickles would carry them; until 2026-12-06 only memo_seat was reset) */
    for (int q = 0; q < 4; q++)
        if (q != seat) memset(&g->resp[q], 0, sizeof g->resp[q]);
    if (g->memo_seat != seat) {
        g->memo_seat = 255;
        g->memo_melds = 0;
        g->memo_sh = 0;
        memset(g->memo_c, 0, sizeof g->memo_c);
    }
    /* the rounds to come are dealt from a new seed: the world's future walls are not the game's */
    uint64_t s = seed ^ 0x9e3779b97f4a7c15ULL;
    g->seed = ym_splitmix64(&s);
}

void ym_game_determinize(ym_game_t *g, int seat, uint64_t seed) {
    ym_rng_t r;
    ym_rng_seed(&r, seed);
    ym_game_t keep = *g;
    if (redeal(g, seat, &r)) {
        *g = keep;
        return;
    }
    refill_drawn(g, &r);
    finish(g, seat, seed);
}

int ym_game_world(ym_game_t *g, int seat, uint64_t seed, const uint8_t *ops, int n_ops, ym_events_t *ev) {
    int n = g->R.players;
    if (seat < 0 || seat >= n || n_ops < 0 || n_ops > YM_WORLD_MAX_OPS) return YM_WORLD_BAD_OPS;
    if (g->phase > YM_PH_RESPONSE) return YM_WORLD_PHASE;
    uint8_t out[YM_WORLD_MAX_OPS][4], nout[YM_WORLD_MAX_OPS], pass[YM_WORLD_MAX_OPS];
    if (ops && op_tiles(g, ops, n_ops, out, nout, pass)) return YM_WORLD_BAD_OPS;
    ym_rng_t r;
    ym_rng_seed(&r, seed);
    ym_game_t keep = *g;
    int rc = redeal(g, seat, &r);
    if (!ops && !rc) refill_drawn(g, &r);
    for (int q = 0; q < n && !rc; q++) {
        if (q == seat || g->s[q].open_riichi) continue;
        if (!ops) {
            g->s[q].temp_furiten = g->s[q].riichi_furiten = 0;
        } else if (unwind(g, q, ops, n_ops, out, nout, &r)) {
            rc = YM_WORLD_BAD_OPS;
        } else {
            furiten(g, q, ops, n_ops, pass);
        }
    }
    if (!rc && ym_game_validate(g, NULL, 0)) rc = YM_WORLD_BAD_OPS;   /* ops that fit no history */
    if (rc) {
        *g = keep;
        return rc;
    }
    finish(g, seat, seed);
    ym_game_reask(g, seat, ev);
    return 0;
}
