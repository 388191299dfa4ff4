/* ym_game_step.c - transitions: deal, draws, actions, call resolution, round ends.
 *
 * Rules applied (Tenhou unless a knob says otherwise; the knobs are in ym_game_rules_t):
 *  - responses to a discard (or a kakan / ankan / kita tile) are collected from every seat that
 *    has more than "pass"; once all answered: ron (multiple_ron: double with sanchahou on three,
 *    triple, atamahane) > pon / daiminkan > chi > pass. A seat whose wait passed unronned (for any
 *    reason, no yaku included) gets temporary furiten, or riichi furiten in riichi; its own next
 *    draw or call clears the temporary one (temp_furiten_clear any_call: anyone's call);
 *  - a riichi is established (stick paid, ippatsu window opened) when the declaration discard
 *    passes without a ron (a call on it still establishes it); double riichi = declared with the
 *    seat's first discard while no call has happened; four established riichi abort (suucha);
 *  - any call (chi, pon, any kan, kita) ends every ippatsu window and the uninterrupted first
 *    go-around; a kakan or kita ends them only once it stands (a chankan ron keeps ippatsu); the
 *    riichi player's next discard ends his window;
 *  - kan dora (kan_dora_timing standard): an ankan's indicator at once, an open kan's when its
 *    caller discards (or kans again); a rinshan tsumo comes before it; immediate: at once;
 *  - a replacement draw follows every kan and kita; haitei = tsumo on the last live tile unless it
 *    was a replacement draw (haitei_with_rinshan); houtei = ron on the discard after it, the
 *    replacement draw's included (houtei_after_rinshan); no call on that discard;
 *  - suufon renda after the fourth first discard passes; suukaikan when the fourth kan (by two or
 *    more seats) stands and its caller's discard passes (suukaikan_timing on_fourth_kan: at once);
 *    kyuushu kyuuhai is the player's choice;
 *  - pao: the seat whose discard completed a third dragon set or fourth wind set by pon or
 *    daiminkan (a fourth kan by daiminkan for suukantsu) is liable (the scorer splits the value);
 *  - round end: ym_game_settle.c (payments from the scorer's ym_payments, noten, nagashi, dealer
 *    continuation, honba, sticks, tobi, last hand, extension, agari-yame, final scores).
 */
#include <string.h>

#include "ym_game.h"
#include "ym_shanten.h"

#define YAO_MASK 0x3FC060301ULL

int ym_game_find_legal(const ym_game_t *g, const ym_action_t *a, ym_action_t *buf);
uint64_t ym_game_call_forbid(const ym_game_t *g, int type, int called_kind, const uint8_t *cons);

static ym_event_t *ev_push(ym_events_t *ev, int type, int actor) {
    if (!ev || ev->n >= YM_G_MAX_EVENTS) return NULL;
    ym_event_t *e = &ev->ev[ev->n++];
    memset(e, 0, sizeof *e);
    e->type = (uint8_t)type;
    e->actor = (uint8_t)actor;
    e->target = 255;
    e->tile = 255;
    return e;
}

static void ev_scores(const ym_game_t *g, ym_event_t *e) {
    if (!e) return;
    for (int i = 0; i < g->R.players; i++) e->scores[i] = g->s[i].score;
}

static void hand_add(ym_seat_t *p, int id) {
    if (p->n < 14) {
        p->ids[p->n++] = (uint8_t)id;
        p->c[id >> 2]++;
    }
}

static int hand_remove(ym_seat_t *p, int id) {
    for (int i = 0; i < p->n; i++)
        if (p->ids[i] == id) {
            p->ids[i] = p->ids[--p->n];
            p->c[id >> 2]--;
            return 1;
        }
    return 0;
}

static void break_first_go(ym_game_t *g) {
    g->first_go = 0;
    for (int i = 0; i < g->R.players; i++) {
        g->s[i].ippatsu = 0;
        if (g->R.temp_furiten_any_call) g->s[i].temp_furiten = 0;
    }
}

static void reveal_dora(ym_game_t *g, ym_events_t *ev) {
    if (g->n_dora >= 5) return;
    g->n_dora++;
    ym_event_t *e = ev_push(ev, YM_EV_DORA, 255);
    if (e) e->tile = (uint8_t)ym_game_dora_indicator(g, g->n_dora - 1);
}

static void reveal_pending(ym_game_t *g, ym_events_t *ev) {
    while (g->pending_dora) {
        g->pending_dora--;
        reveal_dora(g, ev);
    }
}

/* ---- round end helpers ---------------------------------------------------------------------- */
static void abort_round(ym_game_t *g, int kind, ym_events_t *ev) {
    memset(&g->last, 0, sizeof g->last);
    g->last.outcome = YM_OUT_ABORT;
    g->last.abort_kind = (uint8_t)kind;
    g->last.from = 255;
    ym_event_t *e = ev_push(ev, YM_EV_RYUKYOKU, 255);
    if (e) {
        e->extra = (uint8_t)kind;
        ev_scores(g, e);
    }
    int repeat = !(g->R.abortive_rotate & kind);
    ym_game_finish_round(g, repeat, g->honba + 1, g->sticks, 0);
    ym_event_t *k = ev_push(ev, YM_EV_END_KYOKU, 255);
    (void)k;
    if (g->game_over) ev_scores(g, ev_push(ev, YM_EV_END_GAME, 255));
}

static void push_win_event(ym_game_t *g, int seat, int from, int tile, const ym_score_t *sc, int64_t points,
                           const int64_t *d, ym_events_t *ev) {
    ym_event_t *e = ev_push(ev, YM_EV_HORA, seat);
    if (!e) return;
    e->target = (uint8_t)from;
    e->tile = (uint8_t)tile;
    e->han = (int16_t)sc->han;
    e->fu = (int16_t)sc->fu;
    e->points = points;
    e->yaku = sc->yaku;
    e->extra = (uint8_t)sc->limit;
    e->form = sc->form;
    e->yakuman = (uint8_t)sc->yakuman;
    e->kita = (uint8_t)sc->kita;
    memcpy(e->han_of, sc->han_of, 64);
    e->yaku_ext = sc->yaku_ext;
    memcpy(e->han_ext, sc->han_ext, 3);
    if (g->s[seat].riichi == 2) {
        e->n_ura = g->n_dora;
        for (int i = 0; i < g->n_dora; i++) e->ura[i] = (uint8_t)ym_game_ura_indicator(g, i);
    }
    for (int i = 0; i < 4; i++) e->deltas[i] = d[i];
}

/* The win(s): winners in turn order from the discarder (tsumo: one). */
static void settle_wins(ym_game_t *g, int n_win, const uint8_t *winners, int from, int tile, ym_events_t *ev) {
    int n = g->R.players;
    memset(&g->last, 0, sizeof g->last);
    g->last.outcome = from == 255 ? YM_OUT_TSUMO : YM_OUT_RON;
    g->last.from = (uint8_t)from;
    int repeat = 0;
    int64_t scores_before[4];
    for (int i = 0; i < 4; i++) scores_before[i] = g->s[i].score;
    for (int i = 0; i < n_win; i++) {
        int w = winners[i];
        int bonus = (i == 0) ? 3 : (g->R.multi_ron_each ? 1 : 0);
        ym_score_t sc;
        ym_gpay_t pay;
        int64_t points;
        ym_game_t tmp;
        const ym_game_t *src = g;
        if (bonus != 3) {   /* the honba and / or sticks go to the first winner only */
            memcpy(&tmp, g, sizeof tmp);
            if (!(bonus & 1)) tmp.honba = 0;
            tmp.sticks = 0;
            src = &tmp;
        }
        ym_game_score_win_pay(src, w, tile, from == 255 ? w : from, g->resp_kind, 1, &sc, &pay, &points);
        int liable = g->s[w].pao_seat;
        if (from == 255 && g->s[w].rinshan && g->s[w].kan_from != 255 && g->R.score.daiminkan_rinshan_pao)
            liable = g->s[w].kan_from;   /* a rinshan win after a daiminkan: the kan tile's discarder */
        if (pay.liable == 0) liable = 255;
        int64_t d[4] = {0, 0, 0, 0};
        ym_win_deltas(&g->R, n, w, from, g->dealer, liable, &pay, d);
        for (int q = 0; q < n; q++) {
            g->s[q].score += d[q];
            g->last.deltas[q] += d[q];
        }
        g->last.winners |= (uint8_t)(1 << w);
        if (w == g->dealer) repeat = 1;
        push_win_event(g, w, from == 255 ? w : from, tile, &sc, points, d, ev);
        if (ev && ev->n) ev_scores(g, &ev->ev[ev->n - 1]);
    }
    for (int q = 0; q < n; q++) g->s[q].score = scores_before[q];   /* finish_round applies deltas */
    ym_game_finish_round(g, repeat, repeat ? g->honba + 1 : 0, 0, repeat);
    ev_push(ev, YM_EV_END_KYOKU, 255);
    if (g->game_over) ev_scores(g, ev_push(ev, YM_EV_END_GAME, 255));
}

static int closed_hand(const ym_seat_t *p) {
    for (int i = 0; i < p->n_melds; i++)
        if (p->melds[i].type != YM_ANKAN) return 0;
    return 1;
}

static void exhaustive_draw(ym_game_t *g, int last_drawer, ym_events_t *ev) {
    int n = g->R.players;
    uint8_t tenpai[4] = {0, 0, 0, 0};
    int mask = 0;
    for (int q = 0; q < n; q++) {
        tenpai[q] = (uint8_t)ym_game_draw_tenpai(g, q);
        mask |= tenpai[q] << q;
    }
    memset(&g->last, 0, sizeof g->last);
    g->last.tenpai = (uint8_t)mask;
    g->last.from = 255;
    int dealer_tenpai = tenpai[g->dealer];
    int draw_repeat = g->R.draw_dealer == 0 ? dealer_tenpai : g->R.draw_dealer == 1;
    uint8_t order[4];
    int n_ach = 0;
    if (g->R.nagashi != 2) {
        for (int i = 0; i < n; i++) {
            int q = (last_drawer + i) % n;
            const ym_seat_t *p = &g->s[q];
            if (p->nagashi_ok && p->n_river && (!g->R.nagashi_closed || closed_hand(p))) order[n_ach++] = (uint8_t)q;
        }
        if (n_ach > 1 && g->R.nagashi_nearest) n_ach = 1;
    }
    int64_t d[4] = {0, 0, 0, 0};
    if (!n_ach) {
        g->last.outcome = YM_OUT_EXHAUSTIVE;
        ym_noten_deltas(n, tenpai, g->R.noten_total, d);
        for (int q = 0; q < 4; q++) g->last.deltas[q] = d[q];
        ym_event_t *e = ev_push(ev, YM_EV_RYUKYOKU, 255);
        if (e) {
            e->tenpai = (uint8_t)mask;
            for (int q = 0; q < 4; q++) e->deltas[q] = d[q];
        }
        ym_game_finish_round(g, draw_repeat, g->honba + 1, g->sticks, dealer_tenpai);
        if (e) ev_scores(g, e);
    } else {
        g->last.outcome = YM_OUT_NAGASHI;
        int as_win = g->R.nagashi == 0, repeat = 0;
        for (int i = 0; i < n_ach; i++) {
            int q = order[i];
            int honba = as_win && (i == 0 || g->R.multi_ron_each) ? g->honba : 0;
            int sticks = as_win && i == 0 ? g->sticks : 0;
            ym_payment_t pay;
            ym_gpay_t gp;
            int32_t pts;
            int64_t di[4] = {0, 0, 0, 0};
            ym_payments(&g->R.score, 2000, 0, q == g->dealer, 1, honba, sticks, &pay, &pts);
            ym_gpay_from(&pay, &gp);
            ym_win_deltas(&g->R, n, q, 255, g->dealer, 255, &gp, di);
            for (int j = 0; j < 4; j++) d[j] += di[j];
            g->last.winners |= (uint8_t)(1 << q);
            repeat |= q == g->dealer;
        }
        for (int q = 0; q < 4; q++) g->last.deltas[q] = d[q];
        ym_event_t *e = ev_push(ev, YM_EV_RYUKYOKU, 255);
        if (e) {
            e->extra = 255;   /* nagashi mangan */
            e->tenpai = (uint8_t)mask;
            for (int q = 0; q < 4; q++) e->deltas[q] = d[q];
        }
        if (as_win) ym_game_finish_round(g, repeat, repeat ? g->honba + 1 : 0, 0, repeat);
        else ym_game_finish_round(g, draw_repeat, g->honba + 1, g->sticks, dealer_tenpai);
        if (e) ev_scores(g, e);
    }
    ev_push(ev, YM_EV_END_KYOKU, 255);
    if (g->game_over) ev_scores(g, ev_push(ev, YM_EV_END_GAME, 255));
}

/* ---- draws ----------------------------------------------------------------------------------- */
static void draw(ym_game_t *g, int seat, int rinshan, ym_events_t *ev) {
    ym_seat_t *p = &g->s[seat];
    int id;
    if (rinshan) {
        g->live_end--;
        id = g->n_rinshan < 4 ? g->wall[g->n_tiles - 14 + g->n_rinshan] : g->wall[g->live_end];
        g->n_rinshan++;
    } else {
        id = g->wall[g->next++];
    }
    hand_add(p, id);
    p->drawn = (uint8_t)id;
    p->draws++;
    p->rinshan = (uint8_t)rinshan;
    if (!rinshan) p->kan_from = 255;
    p->temp_furiten = 0;
    p->forbid = 0;
    g->phase = YM_PH_SELF;
    g->actor = (uint8_t)seat;
    g->self_mode = YM_SM_DRAWN;
    ym_game_memo_store(g, seat);
    ym_event_t *e = ev_push(ev, YM_EV_TSUMO, seat);
    if (e) e->tile = (uint8_t)id;
}

static void deal(ym_game_t *g, const uint8_t *wall, ym_events_t *ev) {
    int n = g->R.players;
    g->n_tiles = (uint8_t)(n == 3 ? 108 : 136);
    if (wall) memcpy(g->wall, wall, g->n_tiles);
    else ym_wall_shuffle(g->wall, g->n_tiles, g->seed, g->n_rounds);
    g->dealer = (uint8_t)(g->kyoku % n);
    for (int q = 0; q < 4; q++) {
        ym_seat_t *p = &g->s[q];
        int64_t score = p->score;
        memset(p, 0, sizeof *p);
        p->score = score;
        p->drawn = 255;
        p->pao_seat = 255;
        p->kan_from = 255;
        p->nagashi_ok = 1;
    }
    for (int k = 0; k < n; k++) {
        ym_seat_t *p = &g->s[(g->dealer + k) % n];
        for (int i = 0; i < 13; i++) hand_add(p, g->wall[13 * k + i]);
        p->waits = ym_game_waits(p, SANMA(g));
    }
    g->next = (uint8_t)(13 * n);
    g->live_end = (uint8_t)(g->n_tiles - 14);
    g->n_rinshan = 0;
    g->n_dora = 1;
    g->pending_dora = 0;
    g->n_kans = g->kan_seats = 0;
    g->first_go = 1;
    g->total_discards = 0;
    g->suukaikan_pending = 0;
    g->ippatsu_save = 0;
    g->resp_mask = g->resp_done = 0;
    memset(&g->last, 0, sizeof g->last);
    ev_push(ev, YM_EV_START_KYOKU, g->dealer);
    draw(g, g->dealer, 0, ev);
}

void ym_game_init(ym_game_t *g, const ym_game_rules_t *R, uint64_t seed, const uint8_t *wall,
                  const int64_t *scores, int round_wind, int kyoku, int honba, int sticks, ym_events_t *ev) {
    memset(g, 0, sizeof *g);
    g->R = *R;
    g->seed = seed;
    for (int q = 0; q < 4; q++) g->s[q].score = q < R->players ? (scores ? scores[q] : R->start_points) : 0;
    g->round_wind = (uint8_t)round_wind;
    g->kyoku = (uint8_t)kyoku;
    g->honba = (uint8_t)honba;
    g->sticks = sticks;
    deal(g, wall, ev);
}

void ym_game_next_round(ym_game_t *g, const uint8_t *wall, ym_events_t *ev) {
    if (g->phase != YM_PH_ROUND_END) return;
    g->n_rounds++;
    deal(g, wall, ev);
}

/* ---- after a kan or kita stands ------------------------------------------------------------------- */
static int suukaikan_now(const ym_game_t *g) {
    int seats = __builtin_popcount(g->kan_seats);
    if (g->n_kans == 5) return 1;   /* fifth_kan aborts */
    return g->n_kans == 4 && seats >= 2;
}

static void after_kan(ym_game_t *g, int seat, int open_kan, ym_events_t *ev) {
    if (open_kan) {
        if (g->R.kan_dora_immediate) reveal_dora(g, ev);
        else g->pending_dora++;
    }
    if ((g->R.abortive & YM_AB_SUUKAIKAN) && suukaikan_now(g)) {
        if (g->R.suukaikan_on_fourth || g->n_kans == 5) {
            abort_round(g, YM_AB_SUUKAIKAN, ev);
            return;
        }
        g->suukaikan_pending = 1;
    }
    draw(g, seat, 1, ev);
}

static void open_response(ym_game_t *g, int kind, int tile, int from, ym_events_t *ev);

/* ---- call resolution -------------------------------------------------------------------------- */
static void apply_call(ym_game_t *g, const ym_action_t *a, ym_events_t *ev) {
    int seat = a->seat, from = g->resp_from, k = g->resp_tile >> 2;
    ym_seat_t *p = &g->s[seat];
    ym_seat_t *d = &g->s[from];
    for (int i = 0; i < a->n_consumed; i++) hand_remove(p, a->consumed[i]);
    ym_gmeld_t *m = &p->melds[p->n_melds++];
    memset(m, 0, sizeof *m);
    m->type = a->type == YM_A_CHI ? YM_CHI : a->type == YM_A_PON ? YM_PON : YM_MINKAN;
    m->from = (uint8_t)from;
    m->called = g->resp_tile;
    m->added = 255;
    m->n = (uint8_t)(a->n_consumed + 1);
    m->ids[0] = g->resp_tile;
    for (int i = 0; i < a->n_consumed; i++) m->ids[i + 1] = a->consumed[i];
    int lo = k;
    for (int i = 0; i < a->n_consumed; i++)
        if ((a->consumed[i] >> 2) < lo) lo = a->consumed[i] >> 2;
    m->kind = (uint8_t)lo;
    if (d->n_river) d->rmark[d->n_river - 1] |= YM_RV_CALLED;
    d->nagashi_ok = 0;
    break_first_go(g);
    p->temp_furiten = 0;
    p->drawn = 255;
    p->rinshan = 0;
    /* pao */
    if (m->type != YM_CHI) {
        int dragons = 0, winds = 0;
        for (int i = 0; i < p->n_melds; i++) {
            const ym_gmeld_t *q = &p->melds[i];
            if (q->type == YM_CHI) continue;
            dragons += q->kind >= 31;
            winds += q->kind >= 27 && q->kind <= 30;
        }
        if (k >= 31 && dragons == 3) { p->pao_seat = (uint8_t)from; p->pao_bits |= YM_PAO_DAISANGEN; }
        if (k >= 27 && k <= 30 && winds == 4) { p->pao_seat = (uint8_t)from; p->pao_bits |= YM_PAO_DAISUUSHII; }
    }
    ym_event_t *e = ev_push(ev, a->type == YM_A_CHI ? YM_EV_CHI : a->type == YM_A_PON ? YM_EV_PON : YM_EV_DAIMINKAN,
                            seat);
    if (e) {
        e->target = (uint8_t)from;
        e->tile = g->resp_tile;
        e->n_consumed = a->n_consumed;
        for (int i = 0; i < a->n_consumed; i++) e->consumed[i] = a->consumed[i];
    }
    g->resp_mask = g->resp_done = 0;
    if (a->type == YM_A_DAIMINKAN) {
        p->kan_from = (uint8_t)from;
        g->n_kans++;
        g->kan_seats |= (uint8_t)(1 << seat);
        p->n_kans++;
        if (p->n_kans == 4) { p->pao_seat = (uint8_t)from; p->pao_bits |= YM_PAO_SUUKANTSU; }
        after_kan(g, seat, 1, ev);
        return;
    }
    p->forbid = ym_game_call_forbid(g, a->type, k, a->consumed);
    g->phase = YM_PH_SELF;
    g->actor = (uint8_t)seat;
    g->self_mode = YM_SM_CALLED;
}

/* Everyone answered: resolve the response. */
static void resolve(ym_game_t *g, ym_events_t *ev) {
    int n = g->R.players, from = g->resp_from, k = g->resp_tile >> 2, rk = g->resp_kind;
    uint8_t winners[4];
    int n_win = 0;
    for (int i = 1; i < n; i++) {
        int q = from + i < n ? from + i : from + i - n;   /* (from + i) % n, no division */
        if (((g->resp_done >> q) & 1) && g->resp[q].type == YM_A_RON) winners[n_win++] = (uint8_t)q;
    }
    if (n_win) {
        if (g->R.multiple_ron == 2) n_win = 1;
        else if (g->R.multiple_ron == 0 && n_win >= 3) {
            if (g->R.abortive & YM_AB_SANCHAHOU) {
                abort_round(g, YM_AB_SANCHAHOU, ev);
                return;
            }
            n_win = 2;
        }
        if (rk == YM_RK_DISCARD && g->s[from].n_river) g->s[from].rmark[g->s[from].n_river - 1] |= YM_RV_RONNED;
        settle_wins(g, n_win, winners, from, g->resp_tile, ev);
        return;
    }
    /* the tile passed: furiten for every wait it was */
    for (int q = 0; q < n; q++) {
        if (q == from) continue;
        ym_seat_t *p = &g->s[q];
        if (!((p->waits >> k) & 1)) continue;
        if (rk == YM_RK_ANKAN && !((g->resp_mask >> q) & 1)) continue;
        if (p->riichi == 2) p->riichi_furiten = 1;
        else p->temp_furiten = 1;
    }
    const ym_action_t *call = NULL;
    for (int q = 0; q < n; q++)
        if (((g->resp_done >> q) & 1) && (g->resp[q].type == YM_A_PON || g->resp[q].type == YM_A_DAIMINKAN))
            call = &g->resp[q];
    if (!call)
        for (int q = 0; q < n; q++)
            if (((g->resp_done >> q) & 1) && g->resp[q].type == YM_A_CHI) call = &g->resp[q];
    g->resp_mask = g->resp_done = 0;
    ym_seat_t *d = &g->s[from];
    if (rk != YM_RK_DISCARD) {
        /* the kakan / kita / ankan stands */
        if (rk != YM_RK_ANKAN) {
            for (int q = 0; q < n; q++) g->s[q].ippatsu = 0;
            g->first_go = 0;
        }
        if (rk == YM_RK_KITA) draw(g, from, 1, ev);
        else after_kan(g, from, rk == YM_RK_KAKAN, ev);
        return;
    }
    if (d->riichi == 1) {
        d->riichi = 2;
        d->ippatsu = 1;
        d->score -= 1000;
        g->sticks++;
        ym_event_t *e = ev_push(ev, YM_EV_REACH_ACCEPTED, from);
        if (e) {
            e->deltas[from] = -1000;
            ev_scores(g, e);
        }
        int all = n == 4;
        for (int q = 0; q < n; q++) all &= g->s[q].riichi == 2;
        if (all && (g->R.abortive & YM_AB_SUUCHA)) {
            abort_round(g, YM_AB_SUUCHA, ev);
            return;
        }
    }
    if (call) {
        ym_action_t c = *call;
        apply_call(g, &c, ev);
        return;
    }
    if ((g->R.abortive & YM_AB_SUUFON) && n == 4 && g->first_go && g->total_discards == 4 && k >= 27 && k <= 30) {
        int same = 1;
        for (int q = 0; q < 4; q++) same &= g->s[q].n_river == 1 && (g->s[q].river[0] >> 2) == k;
        if (same) {
            abort_round(g, YM_AB_SUUFON, ev);
            return;
        }
    }
    if (g->suukaikan_pending) {
        abort_round(g, YM_AB_SUUKAIKAN, ev);
        return;
    }
    if (ym_game_left(g) <= 0) {
        exhaustive_draw(g, from, ev);
        return;
    }
    draw(g, from + 1 < n ? from + 1 : 0, 0, ev);
}

static void open_response(ym_game_t *g, int kind, int tile, int from, ym_events_t *ev) {
    g->phase = YM_PH_RESPONSE;
    g->resp_kind = (uint8_t)kind;
    g->resp_tile = (uint8_t)tile;
    g->resp_from = (uint8_t)from;
    g->resp_done = 0;
    g->resp_mask = 0;
    g->resp_mask = (uint8_t)ym_game_responders(g);
    if (!g->resp_mask) resolve(g, ev);
}

/* ---- self actions ----------------------------------------------------------------------------- */
static void do_discard(ym_game_t *g, const ym_action_t *a, ym_events_t *ev) {
    int seat = a->seat, id = a->tile, k = id >> 2;
    ym_seat_t *p = &g->s[seat];
    int tg = id == p->drawn;
    /* a 14-3k hand of shanten >= 1 leaves a 13-3k hand of shanten >= 1 (taking a tile out
       never lowers it): no waits, without computing them */
    int far = ym_game_memo_lookup(g, seat) >= 1;
    hand_remove(p, id);
    if (p->riichi == 2 && p->ippatsu && g->self_mode != YM_SM_RIICHI) p->ippatsu = 0;
    uint8_t mark = (uint8_t)(tg ? YM_RV_TSUMOGIRI : 0);
    if (g->self_mode == YM_SM_RIICHI) mark |= YM_RV_RIICHI;
    if (p->n_river < YM_G_RIVER) {
        p->river[p->n_river] = (uint8_t)id;
        p->rmark[p->n_river] = mark;
        p->n_river++;
    }
    p->discarded |= 1ULL << k;
    if (!((YAO_MASK >> k) & 1)) p->nagashi_ok = 0;
    p->drawn = 255;
    p->forbid = 0;
    p->waits = far ? 0 : ym_game_waits(p, SANMA(g));
    g->total_discards++;
    ym_event_t *e = ev_push(ev, YM_EV_DAHAI, seat);
    if (e) {
        e->tile = (uint8_t)id;
        e->tsumogiri = (uint8_t)tg;
    }
    reveal_pending(g, ev);
    open_response(g, YM_RK_DISCARD, id, seat, ev);
}

static void do_self(ym_game_t *g, const ym_action_t *a, ym_events_t *ev) {
    int seat = a->seat;
    ym_seat_t *p = &g->s[seat];
    switch (a->type) {
    case YM_A_DISCARD:
        do_discard(g, a, ev);
        return;
    case YM_A_RIICHI:
    case YM_A_OPEN_RIICHI: {
        p->riichi = 1;
        p->double_riichi = (uint8_t)(g->first_go && p->n_river == 0);
        p->open_riichi = a->type == YM_A_OPEN_RIICHI;
        g->self_mode = YM_SM_RIICHI;
        ym_event_t *e = ev_push(ev, YM_EV_REACH, seat);
        if (e) e->extra = p->open_riichi;
        return;
    }
    case YM_A_TSUMO: {
        uint8_t w = (uint8_t)seat;
        settle_wins(g, 1, &w, 255, p->drawn, ev);
        return;
    }
    case YM_A_KYUUSHU:
        abort_round(g, YM_AB_KYUUSHU, ev);
        return;
    case YM_A_ANKAN: {
        int k = a->tile >> 2;
        ym_gmeld_t *m = &p->melds[p->n_melds++];
        memset(m, 0, sizeof *m);
        m->type = YM_ANKAN;
        m->kind = (uint8_t)k;
        m->from = (uint8_t)seat;
        m->called = 255;
        m->added = 255;
        m->n = 0;
        for (int i = 0; i < p->n;)
            if ((p->ids[i] >> 2) == k) {
                m->ids[m->n++] = p->ids[i];
                hand_remove(p, p->ids[i]);
            } else {
                i++;
            }
        p->drawn = 255;
        p->kan_from = 255;
        p->waits = ym_game_waits(p, SANMA(g));   /* unchanged in riichi (legal check) */
        g->n_kans++;
        g->kan_seats |= (uint8_t)(1 << seat);
        p->n_kans++;
        break_first_go(g);
        ym_event_t *e = ev_push(ev, YM_EV_ANKAN, seat);
        if (e) {
            e->n_consumed = 4;
            memcpy(e->consumed, m->ids, 4);
        }
        reveal_pending(g, ev);
        reveal_dora(g, ev);
        if (g->R.chankan_ankan_kokushi) {
            g->phase = YM_PH_RESPONSE;
            g->resp_kind = YM_RK_ANKAN;
            g->resp_tile = m->ids[0];
            g->resp_from = (uint8_t)seat;
            g->resp_done = 0;
            g->resp_mask = (uint8_t)ym_game_responders(g);
            if (g->resp_mask) return;
            g->resp_mask = 0;
        }
        after_kan(g, seat, 0, ev);
        return;
    }
    case YM_A_KAKAN: {
        int k = a->tile >> 2, id = a->tile;
        hand_remove(p, id);
        for (int i = 0; i < p->n_melds; i++) {
            ym_gmeld_t *m = &p->melds[i];
            if (m->type == YM_PON && m->kind == k) {
                m->type = YM_KAKAN;
                m->added = (uint8_t)id;
                m->ids[m->n++] = (uint8_t)id;
            }
        }
        p->drawn = 255;
        p->kan_from = 255;
        p->waits = ym_game_waits(p, SANMA(g));
        g->n_kans++;
        g->kan_seats |= (uint8_t)(1 << seat);
        p->n_kans++;
        ym_event_t *e = ev_push(ev, YM_EV_KAKAN, seat);
        if (e) e->tile = (uint8_t)id;
        reveal_pending(g, ev);
        open_response(g, YM_RK_KAKAN, id, seat, ev);
        return;
    }
    case YM_A_KITA: {
        int id = a->tile;
        hand_remove(p, id);
        if (p->kita < 4) p->kita_ids[p->kita] = (uint8_t)id;
        p->kita++;
        p->drawn = 255;
        p->kan_from = 255;
        p->waits = ym_game_waits(p, SANMA(g));
        ym_event_t *e = ev_push(ev, YM_EV_NUKIDORA, seat);
        if (e) e->tile = (uint8_t)id;
        reveal_pending(g, ev);   /* an open kan's indicator: at its caller's kita too (Tenhou) */
        open_response(g, YM_RK_KITA, id, seat, ev);
        return;
    }
    default:
        return;
    }
}

int ym_game_step(ym_game_t *g, const ym_action_t *a, ym_events_t *ev) {
    if (g->phase != YM_PH_SELF && g->phase != YM_PH_RESPONSE) return YM_G_ILLEGAL;
    ym_action_t legal[YM_G_MAX_ACTIONS];
    int idx = ym_game_find_legal(g, a, legal);
    if (!idx) return YM_G_ILLEGAL;
    ym_action_t act = legal[idx - 1];   /* the engine's form, with the caller's ids (checked held) */
    if (act.type == YM_A_DISCARD) act.tile = a->tile;
    if (act.type == YM_A_CHI || act.type == YM_A_PON || act.type == YM_A_DAIMINKAN)
        for (int i = 0; i < act.n_consumed; i++) act.consumed[i] = a->consumed[i];
    ym_game_apply(g, &act, ev);
    return YM_G_OK;
}

/* The legal entries are pairwise different decisions (one per kind / red-ness / tsumogiri, per
 * call shape and red choice), so ym_game_step of an entry finds that very entry and applies it
 * unchanged: applying the entry directly is the same transition. */
void ym_game_apply(ym_game_t *g, const ym_action_t *act, ym_events_t *ev) {
    if (g->phase == YM_PH_SELF) {
        do_self(g, act, ev);
        return;
    }
    g->resp[act->seat] = *act;
    g->resp_done |= (uint8_t)(1 << act->seat);
    if ((g->resp_done & g->resp_mask) == g->resp_mask) resolve(g, ev);
}

int ym_game_to_act(const ym_game_t *g) {
    if (g->phase == YM_PH_SELF) return 1 << g->actor;
    if (g->phase == YM_PH_RESPONSE) return g->resp_mask & ~g->resp_done;
    return 0;
}

/* After a re-deal (ym_game_determinize): in a response phase, the other seats are asked again as
 * the engine would ask them with their new hands (only those that can call or ron); `seat` keeps
 * its own state. Nobody left to answer: the response resolves now (events in ev). */
void ym_game_reask(ym_game_t *g, int seat, ym_events_t *ev) {
    if (g->phase != YM_PH_RESPONSE) return;
    uint8_t own = (uint8_t)(1u << seat);
    uint8_t mask = (uint8_t)((g->resp_mask & own) | (ym_game_responders(g) & ~own));
    g->resp_done &= (uint8_t)(own & mask);
    g->resp_mask = mask;
    if (!(g->resp_mask & ~g->resp_done)) resolve(g, ev);
}
