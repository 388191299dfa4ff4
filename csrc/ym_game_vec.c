/* ym_game_vec.c - one game of a vectorized environment (yakuman.game.VecGame): the engine state,
 * the deciding seat's legal actions with their indices (ym_game_actions.c), and the history of
 * action indices that rebuilds the game (Game(seed) stepped with them gives the same states).
 *
 * The deciding seat: the actor in a SELF phase; on a response the asked seats in turn order after
 * the discarder, one per step (ym_sim_seat); the engine resolves the answers by priority (ron >
 * pon / kan > chi) when the last asked seat has answered. A round end deals the next round within
 * the same step. No allocation except the history buffer, which doubles when full (so a game of
 * h decisions reallocates it about log2(h / 1024) times over the buffer's life, never after it
 * reached the longest game's size). Several games may be stepped on several threads: each call
 * touches only its own ym_vgame_t and outputs.
 */
#include <stdlib.h>
#include <string.h>

#include "ym_game_actions.h"

static void observe(ym_vgame_t *v, const ym_vout_t *o) {
    const ym_game_t *g = &v->g;
    int seat = ym_sim_seat(g);
    if (seat < 0) {   /* game over: nothing to decide (the caller resets the game) */
        v->seat = 0;
        v->n_legal = 0;
        memset(o->mask, 0, YM_AX_N);
        ym_game_obs(g, -1, o->planes, o->scalars);
        return;
    }
    v->seat = (uint8_t)seat;
    v->n_legal = (uint8_t)ym_action_mask(g, seat, o->mask, v->legal, v->lidx);
    ym_game_obs(g, seat, o->planes, o->scalars);
}

void ym_vgame_reset(ym_vgame_t *v, const ym_game_rules_t *R, uint64_t seed, const ym_vout_t *o) {
    ym_game_init(&v->g, R, seed, NULL, NULL, 0, 0, 0, 0, NULL);
    v->seed = seed;
    v->n_hist = 0;
    v->over = 0;
    observe(v, o);
}

static int push(ym_vgame_t *v, int action) {
    if (v->n_hist == v->cap_hist) {
        uint32_t cap = v->cap_hist ? 2 * v->cap_hist : 1024;
        uint16_t *h = (uint16_t *)realloc(v->hist, cap * sizeof(uint16_t));
        if (!h) return 1;
        v->hist = h;
        v->cap_hist = cap;
    }
    v->hist[v->n_hist++] = (uint16_t)action;
    return 0;
}

int ym_vgame_step(ym_vgame_t *v, int action, int reward_mode, const ym_vout_t *o) {
    ym_game_t *g = &v->g;
    int n = g->R.players, j;
    for (int q = 0; q < n; q++) o->reward[q] = 0.0f;
    for (j = 0; j < v->n_legal; j++)
        if (v->lidx[j] == action) break;
    if (j == v->n_legal) return YM_VS_ILLEGAL;
    if (push(v, action)) return YM_VS_NOMEM;
    ym_game_apply(g, &v->legal[j], NULL);   /* an entry of ym_game_legal: ym_game_step's transition */
    while (g->phase == YM_PH_ROUND_END || g->phase == YM_PH_OVER) {
        if (reward_mode == YM_VR_ROUND)
            for (int q = 0; q < n; q++) o->reward[q] += (float)g->last.deltas[q];
        if (g->phase == YM_PH_OVER) {
            if (reward_mode == YM_VR_GAME)
                for (int q = 0; q < n; q++) o->reward[q] = (float)g->final_results[q];
            v->over = 1;
            break;
        }
        ym_game_next_round(g, NULL, NULL);
    }
    observe(v, o);
    return YM_VS_OK;
}

void ym_vgame_free(ym_vgame_t *v) {
    free(v->hist);
    v->hist = NULL;
    v->n_hist = v->cap_hist = 0;
}

void ym_vgame_step_range(void *ctx, int64_t lo, int64_t hi) {
    const ym_vbatch_t *b = (const ym_vbatch_t *)ctx;
    for (int64_t i = lo; i < hi; i++) {
        ym_vout_t o = {b->planes + i * (YM_OBS_PLANES * 34), b->scalars + i * YM_OBS_SCALARS, b->mask + i * YM_AX_N,
                       b->rewards + i * b->players};
        int64_t a = b->acts[i];
        b->status[i] = (uint8_t)ym_vgame_step(&b->v[i], a < 0 || a >= YM_AX_N ? -1 : (int)a, b->mode, &o);
        b->done[i] = b->v[i].over;
        b->seat[i] = b->v[i].seat;
    }
}
