/* ym_game_valid.c - the invariants of a game state read from outside (a pickle, GameState.from_raw).
 *
 * ym_game_validate checks every field the engine uses as an index, a count or a seat, the shape of
 * every meld and the tile accounting (each id of the game's tile set exactly once among the hands,
 * melds, kita, uncalled river tiles and the undrawn wall / dead wall) before any other function
 * reads the state: the engine's other functions assume these invariants and index with the fields.
 * One function per part of the struct (table, seat, meld, pending answers, accounting), so that a
 * new field gets its check next to its neighbours. Returns 0, or 1 with a message naming the field.
 * Scores (ym_game.h): while a game goes on every score is within +-YM_SCORE_MAX (a hand is only
 * played from there); once it is over, within +-YM_STATE_MAX, as is every final value; every
 * delta within +-YM_DELTA_MAX. The checks are comparisons only (no arithmetic on a forged value),
 * and within these bounds no add the engine makes can overflow: a hand adds at most
 * YM_DELTA_MAX to a score within YM_SCORE_MAX, the end of a game at most 2^40.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ym_game.h"
#include "ym_shanten.h"

#define STICKS_LIMIT 100000        /* 1000 points each */

static int fail(char *why, size_t n, const char *fmt, ...) {
    if (why && n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, n, fmt, ap);
        va_end(ap);
    }
    return 1;
}

static int seat_or_none(int v, int players) { return v == 255 || v < players; }

static int bad_score(int64_t v) { return v < -YM_STATE_MAX || v > YM_STATE_MAX; }
static int64_t score_limit(const ym_game_t *g) { return g->phase == YM_PH_OVER ? YM_STATE_MAX : YM_SCORE_MAX; }
static int bad_delta(int64_t v) { return v < -YM_DELTA_MAX || v > YM_DELTA_MAX; }

static int valid_meld(const ym_gmeld_t *m, int q, int i, int players, char *why, size_t n) {
    int want = (m->type == YM_CHI || m->type == YM_PON) ? 3 : 4;
    if (m->type > YM_ANKAN) return fail(why, n, "s[%d].melds[%d].type = %d is not a meld type", q, i, m->type);
    if (m->n != want) return fail(why, n, "s[%d].melds[%d].n = %d (a %s has %d tiles)", q, i, m->n,
                                  m->type == YM_CHI ? "chi" : m->type == YM_PON ? "pon" : "kan", want);
    int lo = 255;
    for (int j = 0; j < m->n; j++) {
        if (m->ids[j] >= 136) return fail(why, n, "s[%d].melds[%d].ids[%d] = %d is not a tile id", q, i, j, m->ids[j]);
        if ((m->ids[j] >> 2) < lo) lo = m->ids[j] >> 2;
    }
    if (m->kind != lo) return fail(why, n, "s[%d].melds[%d].kind = %d is not its lowest kind %d", q, i, m->kind, lo);
    if (m->type == YM_CHI) {
        if (lo >= 27 || lo % 9 > 6) return fail(why, n, "s[%d].melds[%d]: a chi from kind %d", q, i, lo);
        int seen = 0;
        for (int j = 0; j < 3; j++) seen |= 1 << ((m->ids[j] >> 2) - lo);
        if (seen != 7) return fail(why, n, "s[%d].melds[%d]: a chi that is not a run", q, i);
    } else {
        for (int j = 0; j < m->n; j++)
            if ((m->ids[j] >> 2) != lo) return fail(why, n, "s[%d].melds[%d]: tiles of several kinds", q, i);
    }
    if (m->from >= players) return fail(why, n, "s[%d].melds[%d].from = %d is not a seat", q, i, m->from);
    int called_in = 0, added_in = 0;
    for (int j = 0; j < m->n; j++) {
        called_in |= m->ids[j] == m->called;
        added_in |= m->ids[j] == m->added;
    }
    if (m->type == YM_ANKAN ? m->called != 255 : !called_in)
        return fail(why, n, "s[%d].melds[%d].called = %d", q, i, m->called);
    if (m->type == YM_KAKAN ? !added_in || m->added == m->called : m->added != 255)
        return fail(why, n, "s[%d].melds[%d].added = %d", q, i, m->added);
    return 0;
}

static int valid_seat(const ym_game_t *g, int q, char *why, size_t n) {
    const ym_seat_t *p = &g->s[q];
    int players = g->R.players;
    if (p->n > 14) return fail(why, n, "s[%d].n = %d (at most 14 concealed tiles)", q, p->n);
    if (p->n_melds > 4) return fail(why, n, "s[%d].n_melds = %d (at most 4)", q, p->n_melds);
    if (p->n_river > YM_G_RIVER) return fail(why, n, "s[%d].n_river = %d (at most %d)", q, p->n_river, YM_G_RIVER);
    if (p->kita > 4) return fail(why, n, "s[%d].kita = %d (at most 4)", q, p->kita);
    if (q >= players) {   /* a seat the game does not have stays empty */
        if (p->n || p->n_melds || p->n_river || p->kita)
            return fail(why, n, "s[%d]: a seat of a %d-player game holds tiles", q, players);
        return 0;
    }
    uint8_t c[34];
    memset(c, 0, sizeof c);
    for (int i = 0; i < p->n; i++) {
        if (p->ids[i] >= 136) return fail(why, n, "s[%d].ids[%d] = %d is not a tile id", q, i, p->ids[i]);
        c[p->ids[i] >> 2]++;
    }
    if (memcmp(c, p->c, 34)) return fail(why, n, "s[%d].c: the kind counts differ from the ids", q);
    if (p->n + 3 * p->n_melds != 13 && p->n + 3 * p->n_melds != 14)
        return fail(why, n, "s[%d]: %d concealed tiles with %d melds", q, p->n, p->n_melds);
    for (int i = 0; i < p->n_melds; i++)
        if (valid_meld(&p->melds[i], q, i, players, why, n)) return 1;
    for (int i = 0; i < p->n_river; i++) {
        if (p->river[i] >= 136) return fail(why, n, "s[%d].river[%d] = %d is not a tile id", q, i, p->river[i]);
        if (p->rmark[i] > 15) return fail(why, n, "s[%d].rmark[%d] = %d", q, i, p->rmark[i]);
    }
    for (int i = 0; i < p->kita; i++)
        if ((p->kita_ids[i] >> 2) != 30) return fail(why, n, "s[%d].kita_ids[%d] = %d is not a North", q, i, p->kita_ids[i]);
    if (p->riichi > 2) return fail(why, n, "s[%d].riichi = %d", q, p->riichi);
    if (p->double_riichi > 1 || p->ippatsu > 1 || p->riichi_furiten > 1 || p->temp_furiten > 1 || p->rinshan > 1 ||
        p->nagashi_ok > 1 || p->open_riichi > 1 || (p->open_riichi && !p->riichi))
        return fail(why, n, "s[%d]: a flag (double_riichi, ippatsu, furiten, rinshan, nagashi_ok, open_riichi) "
                    "is out of range", q);
    if (p->drawn != 255) {
        int held = 0;
        for (int i = 0; i < p->n; i++) held |= p->ids[i] == p->drawn;
        if (!held) return fail(why, n, "s[%d].drawn = %d is not in the hand", q, p->drawn);
    }
    if (!seat_or_none(p->pao_seat, players) || !seat_or_none(p->kan_from, players))
        return fail(why, n, "s[%d]: pao_seat %d / kan_from %d is not a seat", q, p->pao_seat, p->kan_from);
    if (p->n_kans > 4) return fail(why, n, "s[%d].n_kans = %d", q, p->n_kans);
    const uint64_t kinds = (1ULL << 34) - 1;
    if ((p->discarded | p->waits | p->forbid) & ~kinds) return fail(why, n, "s[%d]: a kind mask past kind 33", q);
    if (p->n + 3 * p->n_melds == 13 && p->waits != ym_game_waits(p, SANMA(g)))
        return fail(why, n, "s[%d].waits differ from the hand's waits", q);
    if (p->score < -score_limit(g) || p->score > score_limit(g))
        return fail(why, n, "s[%d].score = %lld is out of range (|score| <= %lld in phase %d)", q,
                    (long long)p->score, (long long)score_limit(g), g->phase);
    return 0;
}

static int valid_action(const ym_action_t *a, int q, int players, char *why, size_t n) {
    if (a->type >= YM_A_TYPES || a->seat >= 4 || (a->type && a->seat >= players) || a->n_consumed > 4 ||
        (a->tile != 255 && a->tile >= 136) || !seat_or_none(a->target, players))
        return fail(why, n, "resp[%d]: not an action", q);
    for (int j = 0; j < a->n_consumed; j++)
        if (a->consumed[j] >= 136) return fail(why, n, "resp[%d].consumed[%d] is not a tile id", q, j);
    return 0;
}

static int valid_table(const ym_game_t *g, char *why, size_t n) {
    int players = g->R.players, N = players == 3 ? 108 : 136, L0 = N - 14, all = (1 << players) - 1;
    if (players != 3 && players != 4) return fail(why, n, "rules: %d players", players);
    if (g->n_tiles != N) return fail(why, n, "n_tiles = %d (a %d-player game has %d)", g->n_tiles, players, N);
    if (ym_wall_check(g->wall, N, players)) return fail(why, n, "wall: not a permutation of the game's tiles");
    if (g->n_rinshan > 12 || g->live_end != L0 - g->n_rinshan)
        return fail(why, n, "live_end = %d with %d replacement draws (expected %d)", g->live_end, g->n_rinshan,
                    L0 - g->n_rinshan);
    if (g->next < 13 * players || g->next > g->live_end)
        return fail(why, n, "next = %d is outside the live wall %d..%d", g->next, 13 * players, g->live_end);
    if (g->n_dora < 1 || g->n_dora > 5 || g->pending_dora > 4 || g->n_dora + g->pending_dora > 5)
        return fail(why, n, "n_dora = %d, pending_dora = %d", g->n_dora, g->pending_dora);
    if (g->round_wind > 3 || g->kyoku >= players || g->dealer >= players)
        return fail(why, n, "round_wind %d / kyoku %d / dealer %d out of range", g->round_wind, g->kyoku, g->dealer);
    if (g->sticks < 0 || g->sticks > STICKS_LIMIT) return fail(why, n, "sticks = %d", (int)g->sticks);
    if (g->phase > YM_PH_OVER) return fail(why, n, "phase = %d", g->phase);
    if (g->actor >= players) return fail(why, n, "actor = %d is not a seat", g->actor);
    if (g->self_mode > YM_SM_RIICHI) return fail(why, n, "self_mode = %d", g->self_mode);
    if (g->resp_kind > YM_RK_KITA) return fail(why, n, "resp_kind = %d", g->resp_kind);
    if (g->resp_from >= players) return fail(why, n, "resp_from = %d is not a seat", g->resp_from);
    if ((g->resp_mask | g->resp_done) & ~all) return fail(why, n, "resp_mask / resp_done name absent seats");
    if (g->phase == YM_PH_RESPONSE && (g->resp_tile >= 136 || ((g->resp_mask >> g->resp_from) & 1) ||
                                       !(g->resp_mask & ~g->resp_done) || (g->resp_done & ~g->resp_mask)))
        return fail(why, n, "a response phase without a tile or a seat left to answer");
    for (int q = 0; q < 4; q++)
        if (valid_action(&g->resp[q], q, players, why, n)) return 1;
    if (g->n_kans > 5 || (g->kan_seats & ~all)) return fail(why, n, "n_kans = %d / kan_seats", g->n_kans);
    if (g->first_go > 1 || g->suukaikan_pending > 1 || g->game_over > 1 || (g->ippatsu_save & ~all))
        return fail(why, n, "a flag (first_go, suukaikan_pending, game_over, ippatsu_save) out of range");
    if (g->end_reason > YM_END_SCORE_LIMIT) return fail(why, n, "end_reason = %d", g->end_reason);
    if (g->game_over != (g->phase == YM_PH_OVER)) return fail(why, n, "game_over = %d in phase %d", g->game_over, g->phase);
    if (g->memo_melds > 4) return fail(why, n, "memo_melds = %d", g->memo_melds);
    const ym_round_result_t *r = &g->last;
    if (r->outcome >= YM_OUT_KINDS || (r->winners & ~all) || (r->tenpai & ~all) || !seat_or_none(r->from, players))
        return fail(why, n, "last: not a round result");
    for (int q = 0; q < 4; q++)
        if (bad_delta(r->deltas[q]) || bad_score(g->final_points[q]) || bad_score(g->final_results[q]) ||
            (q < players && g->final_rank[q] >= players))
            return fail(why, n, "last / final: a value out of range at seat %d", q);
    return 0;
}

/* Phase shapes: the actor of a SELF phase holds 14 - 3k tiles (a drawn one unless it called),
 * everyone else 13 - 3k; during a response everyone holds 13 - 3k. */
static int valid_phase(const ym_game_t *g, char *why, size_t n) {
    if (g->phase > YM_PH_RESPONSE) return 0;
    for (int q = 0; q < g->R.players; q++) {
        const ym_seat_t *p = &g->s[q];
        int want = (g->phase == YM_PH_SELF && q == g->actor) ? 14 : 13;
        if (p->n + 3 * p->n_melds != want)
            return fail(why, n, "s[%d]: %d concealed tiles with %d melds in phase %d", q, p->n, p->n_melds, g->phase);
        if (want == 13 && p->drawn != 255) return fail(why, n, "s[%d].drawn set while not its turn", q);
    }
    if (g->phase == YM_PH_SELF && g->self_mode != YM_SM_CALLED && g->s[g->actor].drawn == 255)
        return fail(why, n, "the actor's turn without a drawn tile");
    return 0;
}

static int valid_memo(const ym_game_t *g, char *why, size_t n) {
    int players = g->R.players;
    /* the shanten memo, when a reader would use it, holds the hand's shanten */
    if (g->memo_seat < players && ym_game_memo_lookup(g, g->memo_seat) != -2) {
        const ym_seat_t *p = &g->s[g->memo_seat];
        if (g->memo_sh != ym_shanten(p->c, p->n_melds, YM_FORM_ALL, SANMA(g)))
            return fail(why, n, "memo_sh = %d is not the shanten of seat %d", g->memo_sh, g->memo_seat);
    }
    return 0;
}

/* Each id of the game's tile set exactly once among the places a tile can be. */
static int valid_accounting(const ym_game_t *g, char *why, size_t n) {
    uint8_t where[136];
    memset(where, 0, sizeof where);
    int N = g->n_tiles, L0 = N - 14;
    for (int q = 0; q < g->R.players; q++) {
        const ym_seat_t *p = &g->s[q];
        for (int i = 0; i < p->n; i++) where[p->ids[i]]++;
        for (int i = 0; i < p->n_melds; i++)
            for (int j = 0; j < p->melds[i].n; j++) where[p->melds[i].ids[j]]++;
        for (int i = 0; i < p->kita; i++) where[p->kita_ids[i]]++;
        for (int i = 0; i < p->n_river; i++)
            if (!(p->rmark[i] & YM_RV_CALLED)) where[p->river[i]]++;
    }
    uint8_t drawn[136];
    memset(drawn, 0, sizeof drawn);
    for (int k = 0; k < g->n_rinshan; k++) drawn[k < 4 ? L0 + k : L0 - (k + 1)] = 1;
    for (int i = g->next; i < N; i++)
        if (!drawn[i]) where[g->wall[i]]++;
    for (int id = 0; id < 136; id++) {
        int in_set = !(N == 108 && id >= 4 && id < 32);
        if (where[id] != in_set)
            return fail(why, n, "tile id %d is in %d places (expected %d)", id, where[id], in_set);
    }
    return 0;
}

int ym_game_validate(const ym_game_t *g, char *why, size_t n) {
    if (valid_table(g, why, n)) return 1;
    for (int q = 0; q < 4; q++)
        if (valid_seat(g, q, why, n)) return 1;
    if (valid_phase(g, why, n)) return 1;
    if (valid_accounting(g, why, n)) return 1;
    return valid_memo(g, why, n);
}
