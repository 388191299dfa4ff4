/* ym_game_ev.c - the "ev" rollout policy: discards by the expected-value calculator (ym_ev.h)
 * over what the seat can see (docs/ev.md, "The ev policy").
 *
 * The seat's position for the calculator holds only what that seat sees: its concealed tiles
 * (red fives apart), its melds, the revealed dora indicators, the winds, its kita, honba and
 * sticks, and as the tiles that may still be drawn every copy it cannot see (4 minus its hand
 * minus every visible tile: rivers, melds, kita, indicators; red fives apart the same way).
 *
 * Riichi: the calculator chooses between riichi and dama for each closed discard into tenpai
 * (riichi_mode CHOOSE); the policy declares when the best legal discard's value at turn 1 is its
 * riichi's, and once announced asks for the discard under DECLARE (its tenpai rows are riichi's).
 *
 * Settings: the values at turn 1 with t_max = 1 + the seat's own draws left (live tiles / players,
 * at most YM_EV_TMAX - 1 = 17): turns 1 .. t_max - 1 are its draws from now, as the reference's
 * default (turn 1, t_max 18) is 17 draws; the calculator's other options at their defaults
 * except at YM_POL_EV_FULL_SHANTEN and above (the cap), where exchanges (tegawari) and
 * shanten-down discards are off, so a hand that far from tenpai stays fast. Hands above
 * YM_POL_EV_MAX_SHANTEN, and positions where the calculator gives every discard zero (no win
 * within the draws left), are left to greedy (the caller's ranking).
 *
 * The work struct (the calculator's memory) is made at the first ev decision and kept by the
 * caller (one per thread or game) until ym_policy_ev_free.
 */
#include <string.h>

#include "ym_ev.h"
#include "ym_game.h"
#include "ym_shanten.h"

int ym_policy_ev_draws_left(const ym_game_t *g) {
    int d = ym_game_left(g) / g->R.players;
    return d > YM_EV_TMAX - 1 ? YM_EV_TMAX - 1 : d;
}

static void count_red(const ym_game_t *g, int id, uint8_t *reds) {
    if (ym_is_red(g, id)) reds[(id >> 2) / 9]++;
}

static void ev_input(const ym_game_t *g, int seat, ym_ev_input_t *in) {
    const ym_seat_t *p = &g->s[seat];
    int n = g->R.players;
    uint8_t vis[34], seen_red[3] = {0, 0, 0};
    ym_ev_input_init(in, &g->R.score);
    memcpy(in->counts, p->c, 34);
    memset(in->reds, 0, sizeof in->reds);
    for (int i = 0; i < p->n; i++) count_red(g, p->ids[i], in->reds);
    in->n_melds = p->n_melds;
    in->meld_reds = 0;
    for (int i = 0; i < p->n_melds; i++) {
        in->meld_type[i] = p->melds[i].type;
        in->meld_tile[i] = p->melds[i].kind;
        for (int j = 0; j < p->melds[i].n; j++)
            in->meld_reds = (uint8_t)(in->meld_reds + ym_is_red(g, p->melds[i].ids[j]));
    }
    /* the copies the seat cannot see: 4 - its hand - every visible tile (as the observation's
       unseen plane); red fives the same way over the same places */
    ym_game_visible(g, seat, vis);
    for (int k = 0; k < 34; k++) {
        int total = SANMA(g) && k >= 1 && k <= 7 ? 0 : 4, seen = vis[k] + p->c[k];
        in->unseen[k] = (uint8_t)(seen < total ? total - seen : 0);
    }
    for (int s = 0; s < 3; s++) seen_red[s] = in->reds[s];
    for (int q = 0; q < n; q++) {
        const ym_seat_t *o = &g->s[q];
        if (q != seat && o->open_riichi)   /* a hand shown by an open riichi (ym_game_visible) */
            for (int i = 0; i < o->n; i++) count_red(g, o->ids[i], seen_red);
        for (int j = 0; j < o->n_river; j++)
            if (!(o->rmark[j] & YM_RV_CALLED)) count_red(g, o->river[j], seen_red);
        for (int m = 0; m < o->n_melds; m++)
            for (int j = 0; j < o->melds[m].n; j++) count_red(g, o->melds[m].ids[j], seen_red);
    }
    in->n_dora = g->n_dora;
    for (int i = 0; i < g->n_dora; i++) {
        int id = ym_game_dora_indicator(g, i);
        in->dora[i] = (uint8_t)(id >> 2);
        count_red(g, id, seen_red);
    }
    for (int s = 0; s < 3; s++) {
        int total = SANMA(g) && s == 0 ? 0 : g->R.score.aka_dora;
        in->unseen_red[s] = (uint8_t)ym_ev_unseen_red(total, seen_red[s], in->unseen[9 * s + 4]);
    }
    in->seat_wind = (uint8_t)((seat - g->dealer + n) % n);
    in->round_wind = g->round_wind;
    in->kita = p->kita;
    in->honba = g->honba;
    in->riichi_sticks = (uint16_t)g->sticks;
    in->t_max = (uint8_t)(ym_policy_ev_draws_left(g) + 1);   /* turn 1 .. t_max - 1: one draw each */
}

/* The legal action of discard row r (kind and redness), or -1. */
static int row_action(const ym_game_t *g, const ym_action_t *a, int n, const ym_ev_row_t *r) {
    for (int j = 0; j < n; j++)
        if (a[j].type == YM_A_DISCARD && (a[j].tile >> 2) == r->tile && ym_is_red(g, a[j].tile) == r->red)
            return j;
    return -1;
}

int ym_policy_ev_rows(const ym_game_t *g, int seat, int riichi_mode, struct ym_ev_work **work, ym_ev_row_t *rows,
                      int max_rows) {
    int sh = ym_game_memo_shanten(g, seat);
    if (sh < 0 || sh > YM_POL_EV_MAX_SHANTEN) return 0;
    if (!*work && !(*work = ym_ev_work_new())) return YM_EV_E_MEMORY;
    ym_ev_input_t in;
    ev_input(g, seat, &in);
    in.max_shanten = YM_POL_EV_MAX_SHANTEN;
    if (sh >= YM_POL_EV_FULL_SHANTEN) in.tegawari = in.shanten_down = 0;
    /* riichi or dama by the model (riichi_mode CHOOSE, ev_input's default); after the seat has
       announced riichi its discard is valued as the declaration it is */
    if (g->self_mode == YM_SM_RIICHI) in.riichi_mode = YM_EV_RIICHI_DECLARE;
    if (riichi_mode >= 0) in.riichi_mode = (uint8_t)riichi_mode;
    int nr = ym_ev_discards(&in, *work, rows, max_rows, 1);
    if (nr > 0 && !(rows[0].score[1] > 0.0)) return 0;   /* nothing to win in the draws left */
    return nr;
}

int ym_policy_ev(const ym_game_t *g, int seat, const ym_action_t *a, int n, struct ym_ev_work **work) {
    ym_ev_row_t rows[YM_EV_MAX_ROWS];
    int nr = ym_policy_ev_rows(g, seat, -1, work, rows, YM_EV_MAX_ROWS);
    if (nr <= 0) return -1;   /* not valued, an error, or nothing to win: greedy */
    int riichi = -1;
    for (int j = 0; j < n; j++)
        if (a[j].type == YM_A_RIICHI) riichi = j;
    for (int r = 0; r < nr && rows[r].shanten <= YM_POL_EV_MAX_SHANTEN; r++) {
        int j = row_action(g, a, n, &rows[r]);
        if (j < 0) continue;   /* not a legal discard now (kuikae, or a riichi hand's) */
        /* riichi when it is allowed and the model values this discard's riichi above its dama */
        return riichi >= 0 && rows[r].riichi[1] ? riichi : j;
    }
    return -1;
}

void ym_policy_ev_free(struct ym_ev_work *work) {
    if (work) ym_ev_work_free(work);
}
