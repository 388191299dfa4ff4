/* ym_game_sim.c - rollout policies and the whole-game loop (no allocation, no Python; one game
 * per call, so a caller can run games on many threads: the only state is the local ym_game_t).
 *
 * Policies: random = uniform over the seat's legal actions (xoshiro256** seeded from the game
 * seed, one stream per game, so results do not depend on threads); tsumogiri = always the
 * drawn tile (or the first legal discard after a call), pass on every response, never win;
 * greedy = win whenever allowed, riichi whenever allowed, otherwise the discard with the lowest
 * shanten then the most ukeire (ym_discard_analysis over the seat's visible tiles), pass on
 * every call (it calls only to win); ev = greedy, except that a discard (and whether to declare
 * riichi) is chosen by expected score (ym_game_ev.c) at 3 or fewer shanten.
 * Responses are asked seat by seat in turn order after the discarder, the same order whatever
 * the policy, so a game is a pure function of (rules, seed, policy). The chosen action is an
 * entry of ym_game_legal's output, applied by ym_game_apply (the transition ym_game_step would
 * make after validating it again).
 */
#include <string.h>

#include "ym_game.h"
#include "ym_search.h"

static int find(const ym_action_t *a, int n, int type) {
    for (int i = 0; i < n; i++)
        if (a[i].type == type) return i;
    return -1;
}

void ym_policy_choose(const ym_game_t *g, int seat, int policy, ym_rng_t *rng, struct ym_ev_work **ev,
                      ym_action_t *out) {
    ym_action_t a[YM_G_MAX_ACTIONS];
    int n = ym_game_legal(g, seat, a);
    if (n <= 0) {
        memset(out, 0, sizeof *out);
        return;
    }
    if (policy == YM_POL_RANDOM) {
        *out = a[ym_rng_below(rng, (uint32_t)n)];
        return;
    }
    int i;
    if (policy == YM_POL_TSUMOGIRI) {
        for (i = 0; i < n; i++)
            if (a[i].type == YM_A_DISCARD && a[i].tsumogiri) break;
        if (i == n) i = find(a, n, YM_A_DISCARD);
        if (i < 0) i = find(a, n, YM_A_PASS);
        *out = a[i < 0 ? 0 : i];
        return;
    }
    /* greedy and ev */
    if ((i = find(a, n, YM_A_TSUMO)) >= 0 || (i = find(a, n, YM_A_RON)) >= 0 ||
        (i = find(a, n, YM_A_PASS)) >= 0) {
        *out = a[i];
        return;
    }
    if (policy == YM_POL_EV && ev && (i = ym_policy_ev(g, seat, a, n, ev)) >= 0) {
        *out = a[i];
        return;
    }
    if ((i = find(a, n, YM_A_RIICHI)) >= 0) {
        *out = a[i];
        return;
    }
    /* every legal discard of one kind (a riichi hand's drawn tile): the ranking below would
       pick the first of them, whatever the analysis says */
    uint64_t kinds = 0;
    int first = -1;
    for (int j = 0; j < n; j++)
        if (a[j].type == YM_A_DISCARD) {
            kinds |= 1ULL << (a[j].tile >> 2);
            if (first < 0) first = j;
        }
    if (first >= 0 && !(kinds & (kinds - 1))) {
        *out = a[first];
        return;
    }
    const ym_seat_t *p = &g->s[seat];
    uint8_t vis[34];
    ym_game_visible(g, seat, vis);
    for (int k = 0; k < 34; k++) {
        int cap = 4 - p->c[k];
        if (vis[k] > cap) vis[k] = (uint8_t)cap;
    }
    ym_discard_t d[14];
    int nd = ym_discard_analysis(p->c, vis, p->n_melds, 0, SANMA(g), d);
    for (int r = 0; r < nd; r++)
        for (int j = 0; j < n; j++)
            if (a[j].type == YM_A_DISCARD && (a[j].tile >> 2) == d[r].tile) {
                *out = a[j];
                return;
            }
    *out = a[find(a, n, YM_A_DISCARD) >= 0 ? find(a, n, YM_A_DISCARD) : 0];
}

void ym_policy_rng_init(ym_rng_t *rng, uint64_t seed) {
    uint64_t x = seed ^ 0x5851F42D4C957F2DULL;
    ym_rng_seed(rng, ym_splitmix64(&x));
}

int ym_sim_seat(const ym_game_t *g) {
    int act = ym_game_to_act(g);
    if (g->phase == YM_PH_SELF) return g->actor;
    int n = g->R.players;
    for (int i = 1; i <= n; i++) {
        int q = g->resp_from + i < n ? g->resp_from + i : g->resp_from + i - n;   /* % n */
        if ((act >> q) & 1) return q;
    }
    return -1;
}

int ym_game_simulate(const ym_game_rules_t *R, uint64_t seed, int policy, ym_sim_result_t *out) {
    const uint8_t pol[4] = {(uint8_t)policy, (uint8_t)policy, (uint8_t)policy, (uint8_t)policy};
    return ym_game_simulate_seats(R, seed, pol, out);
}

int ym_game_simulate_seats(const ym_game_rules_t *R, uint64_t seed, const uint8_t *policies,
                           ym_sim_result_t *out) {
    ym_game_t g;
    ym_rng_t rng;
    ym_policy_rng_init(&rng, seed);
    memset(out, 0, sizeof *out);
    ym_game_init(&g, R, seed, NULL, NULL, 0, 0, 0, 0, NULL);
    struct ym_ev_work *ev = NULL;
    int rc = 0;
    uint32_t steps = 0;
    while (g.phase != YM_PH_OVER && steps < 200000) {
        if (g.phase == YM_PH_ROUND_END) {
            out->outcomes[g.last.outcome < YM_OUT_KINDS ? g.last.outcome : 0]++;
            out->rounds++;
            ym_game_next_round(&g, NULL, NULL);
            continue;
        }
        int seat = ym_sim_seat(&g);
        ym_action_t a;
        if (seat >= 0) ym_policy_choose(&g, seat, policies[seat], &rng, &ev, &a);
        if (seat < 0 || a.type == YM_A_NONE) {
            rc = 2;
            break;
        }
        ym_game_apply(&g, &a, NULL);   /* an entry of the legal list: no second validation */
        steps++;
    }
    ym_policy_ev_free(ev);
    if (rc) return rc;
    if (g.phase == YM_PH_OVER) {
        out->outcomes[g.last.outcome < YM_OUT_KINDS ? g.last.outcome : 0]++;
        out->rounds++;
    }
    for (int q = 0; q < 4; q++) {
        out->scores[q] = g.final_points[q];
        out->results[q] = g.final_results[q];
        out->ranks[q] = g.final_rank[q];
    }
    out->end_reason = g.end_reason;
    out->steps = steps;
    return g.phase == YM_PH_OVER ? 0 : 1;
}

int ym_game_rollout_one(const ym_game_t *g0, int seat, int policy, uint64_t seed, int64_t *delta) {
    return ym_game_rollout_world(g0, seat, NULL, 0, policy, seed, delta);
}

int ym_game_rollout_world(const ym_game_t *g0, int seat, const uint8_t *ops, int n_ops, int policy, uint64_t seed,
                          int64_t *delta) {
    ym_game_t g;
    ym_rng_t rng;
    uint64_t x = seed;
    int n = g0->R.players;
    memcpy(&g, g0, sizeof g);
    for (int q = 0; q < 4; q++) delta[q] = 0;
    /* the copy is a world of the seat (ym_game_world, the one re-deal: furiten and the seats asked
     * follow the world's hands; until 2026-12-06 a rollout kept the true ones, so its means
     * differed between states the seat could not tell apart) */
    if (seat >= 0 && seat < n && ym_game_world(&g, seat, ym_splitmix64(&x), ops, n_ops, NULL)) return 3;
    ym_policy_rng_init(&rng, ym_splitmix64(&x));
    struct ym_ev_work *ev = NULL;   /* the ev policy's memory, made on first use */
    uint32_t steps = 0;
    while (g.phase < YM_PH_ROUND_END) {
        int s = steps++ >= 20000 ? -2 : ym_sim_seat(&g);
        if (s < 0) {
            ym_policy_ev_free(ev);
            return s == -2 ? 1 : 2;
        }
        ym_action_t a;
        ym_policy_choose(&g, s, policy, &rng, &ev, &a);
        if (a.type == YM_A_NONE) {
            ym_policy_ev_free(ev);
            return 2;
        }
        ym_game_apply(&g, &a, NULL);
    }
    ym_policy_ev_free(ev);
    for (int q = 0; q < n; q++) delta[q] = g.s[q].score - g0->s[q].score;
    return 0;
}
