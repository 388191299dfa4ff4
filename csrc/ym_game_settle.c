/* ym_game_settle.c - round settlement and the end of the game.
 *
 * One win's payments are the scorer's (ym_payments, csrc/ym_points.c: honba, sticks, pao split,
 * sanma tsumo loss); ym_win_transfers only spreads them over the seats as payer -> winner
 * transfers (pao_honba "liable" moves the ron honba from the discarder to the liable seat), and
 * ym_win_deltas sums those. ym_settle_win is the entry for a hand given by its base points
 * (yakuman.settle.settle_wins and nagashi): it applies pao_scope and the "liable player dealt in"
 * case, then ym_payments and ym_win_transfers, so the engine and yakuman.settle share one
 * implementation of every payment rule. Amounts are 64-bit (ym_gpay_t); under aotenjou
 * ym_game_win_pay / ym_settle_win_aotenjou take them from ym_aotenjou_payments_base with the base
 * points capped at YM_AOTENJOU_ENGINE_BASE (2^54), so one hand moves a seat by less than 2^59.
 * Transfers: at most YM_MAX_TRANSFERS, each amount > 0,
 * their sum = the winner's income (pay.total). Noten payments: the noten seats pay
 * noten_total split evenly to the tenpai seats; nothing when all or none are tenpai. Nagashi
 * mangan: a mangan tsumo per achiever (turn order from the last drawer; nagashi_multiple).
 *
 * ym_game_finish_round is the next-hand rule: the deal passes unless the dealer repeats; East
 * only or East + South, the sudden-death extension (until someone reaches target_points),
 * tobi, and agari-yame / tenpai-yame (all_last_stop: the dealer repeats in the last hand while
 * on top, and with the extension holds target_points), and the 64-bit scores' limit (a seat beyond
 * +-YM_SCORE_MAX ends the game: YM_END_SCORE_LIMIT). ym_final_scores: leftover sticks
 * (to_top / lost), ranks (ties: first_dealer order, or split uma), uma and oka.
 * The same arithmetic is what yakuman.settle computes; tests/game hold them equal on random games.
 *
 * Tenpai at an exhaustive draw (ym_draw_tenpai, also behind yakuman.settle.is_draw_tenpai): the
 * 13-3k hand's waits, each counted per karaten_is_tenpai (own hand / hand and melds / always,
 * with a fifth-copy completion / never = while a copy is unseen); with keishiki_tenpai off a
 * counted wait must also give a yaku by tsumo or by ron under the player's riichi and the winds
 * (no dora, no one-tile situation yaku; a fifth copy cannot win, so it never counts then).
 * Reads only h->counts, melds, winds and riichi flags; a malformed hand (not 13 tiles, a bad
 * run) is not tenpai.
 */
#include <string.h>

#include "ym_game.h"
#include "ym_shanten.h"

void ym_noten_deltas(int n, const uint8_t *tenpai, int32_t total, int64_t *deltas) {
    int k = 0;
    for (int i = 0; i < n; i++) k += tenpai[i] != 0;
    for (int i = 0; i < 4; i++) deltas[i] = 0;
    if (k == 0 || k == n) return;
    for (int i = 0; i < n; i++) deltas[i] = tenpai[i] ? total / k : -(total / (n - k));
}

void ym_gpay_from(const ym_payment_t *pay, ym_gpay_t *o) {
    o->discarder = pay->discarder;
    o->dealer = pay->dealer;
    o->non_dealer = pay->non_dealer;
    o->liable = pay->liable;
    o->honba = pay->honba;
    o->sticks = pay->sticks;
    o->total = pay->total;
    o->n_non_dealer = pay->n_non_dealer;
}

/* a wide amount the capped base keeps below 2^59 (0 if it were not: never, see the cap) */
static int64_t narrow(const ym_u128_t *x) {
    int64_t v = 0;
    return ym_u128_to_i64(x, YM_DELTA_MAX, &v) ? 0 : v;
}

static void gpay_wide(const ym_wide_pay_t *w, ym_gpay_t *o) {
    o->discarder = narrow(&w->discarder);
    o->dealer = narrow(&w->dealer);
    o->non_dealer = narrow(&w->non_dealer);
    o->liable = narrow(&w->liable);
    o->honba = narrow(&w->honba);
    o->sticks = narrow(&w->sticks);
    o->total = narrow(&w->total);
    o->n_non_dealer = w->n_non_dealer;
}

void ym_game_win_pay(const ym_rules_t *r, const ym_score_t *sc, const ym_hand_t *h, ym_gpay_t *pay,
                     int64_t *points) {
    if (!r->aotenjou) {
        ym_gpay_from(&sc->pay, pay);
        *points = sc->points;
        return;
    }
    ym_wide_pay_t w;
    ym_u128_t base;
    if (ym_aotenjou_payments(r, sc->han, sc->fu, h->seat_wind == 0, h->flags & YM_F_TSUMO, h->honba,
                             h->riichi_sticks, ym_aotenjou_hand_pao(r, sc, h), &w) == 0 &&
        ym_aotenjou_base_cmp(&w.base, (uint64_t)YM_AOTENJOU_ENGINE_BASE) <= 0) {
        gpay_wide(&w, pay);
        *points = narrow(&w.points);
        return;
    }
    /* beyond the engine's range (or the scorer's 110 han): paid as base points at the cap */
    ym_aotenjou_base_set(&base, (uint64_t)YM_AOTENJOU_ENGINE_BASE);
    ym_aotenjou_payments_base(r, &base, h->seat_wind == 0, h->flags & YM_F_TSUMO, h->honba, h->riichi_sticks,
                              ym_aotenjou_hand_pao(r, sc, h), &w);
    gpay_wide(&w, pay);
    *points = narrow(&w.points);
}

int ym_win_transfers(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable,
                     const ym_gpay_t *pay, ym_transfer_t *out) {
    int k = 0;
#define PUT(P, AMT, WHY)                                                                        \
    do {                                                                                        \
        if ((AMT) > 0) out[k++] = (ym_transfer_t){(uint8_t)(P), (uint8_t)(WHY), (AMT)};         \
    } while (0)
    int has_liable = liable != 255 && liable != winner && pay->liable > 0;
    if (from != 255 && from != winner) {
        int honba_payer = has_liable && R->pao_honba_liable ? liable : from;
        PUT(from, pay->discarder - pay->honba, YM_TR_RON);
        if (has_liable) PUT(liable, pay->liable, YM_TR_PAO);
        PUT(honba_payer, pay->honba, YM_TR_HONBA);
    } else {
        /* plain tsumo: each of the n - 1 payers' shares holds the same honba part */
        int64_t hb_each = has_liable ? 0 : pay->honba / (n - 1);
        if (has_liable) PUT(liable, pay->liable - pay->honba, YM_TR_PAO);
        for (int q = 0; q < n; q++) {
            if (q == winner) continue;
            int64_t share = (winner == dealer || q != dealer) ? pay->non_dealer : pay->dealer;
            PUT(q, share - hb_each, YM_TR_TSUMO);
            PUT(q, hb_each, YM_TR_HONBA);
        }
        if (has_liable) PUT(liable, pay->honba, YM_TR_HONBA);
    }
    PUT(255, pay->sticks, YM_TR_STICKS);
#undef PUT
    return k;
}

void ym_win_deltas(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable,
                   const ym_gpay_t *pay, int64_t *d) {
    ym_transfer_t t[YM_MAX_TRANSFERS];
    int k = ym_win_transfers(R, n, winner, from, dealer, liable, pay, t);
    for (int i = 0; i < k; i++) {
        d[winner] += t[i].amount;
        if (t[i].payer != 255) d[t[i].payer] -= t[i].amount;
    }
}

int ym_settle_win(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable, int32_t a,
                  int32_t a_pao, int honba, int sticks, ym_transfer_t *out) {
    if (from == winner) from = 255;
    if (liable == winner || liable == from) liable = 255;   /* the liable player dealt in: a plain ron */
    if (liable == 255) a_pao = 0;
    else if (R->score.pao_whole_hand || a_pao <= 0 || a_pao > a) a_pao = a;
    ym_payment_t pay;
    ym_gpay_t gp;
    int32_t points;
    ym_payments(&R->score, a, a_pao, winner == dealer, from == 255, honba, sticks, &pay, &points);
    ym_gpay_from(&pay, &gp);
    return ym_win_transfers(R, n, winner, from, dealer, liable, &gp, out);
}

int ym_settle_win_aotenjou(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable,
                           int64_t a, int honba, int sticks, ym_transfer_t *out) {
    if (from == winner) from = 255;
    if (liable == winner || liable == from) liable = 255;
    if (a < 1 || a > YM_AOTENJOU_ENGINE_BASE) return 0;
    ym_u128_t base;
    ym_wide_pay_t w;
    ym_gpay_t gp;
    ym_aotenjou_base_set(&base, (uint64_t)a);
    if (ym_aotenjou_payments_base(&R->score, &base, winner == dealer, from == 255, honba, sticks, liable != 255, &w))
        return 0;
    gpay_wide(&w, &gp);
    return ym_win_transfers(R, n, winner, from, dealer, liable, &gp, out);
}

static int is_top(const int64_t *scores, int n, int seat, int first_dealer) {
    int best = -1;
    for (int i = 0; i < n; i++) {
        int s = (first_dealer + i) % n;
        if (best < 0 || scores[s] > scores[best]) best = s;
    }
    return best == seat;
}

int ym_next_hand(const ym_game_rules_t *R, const int64_t *scores, int round_wind, int kyoku, int first_dealer,
                 int repeat, int dealer_won_or_tenpai, int *wind_out, int *hand_out) {
    int n = R->players;
    int dealer = (first_dealer + kyoku) % n;
    int wind = round_wind, hand = kyoku;
    if (!repeat) {
        hand++;
        if (hand == n) {
            hand = 0;
            wind++;
        }
    }
    int last_wind = R->length == 0 ? 1 : 0;
    int max_wind = last_wind + (R->extension ? 1 : 0);
    int all_last = round_wind > last_wind || (round_wind == last_wind && kyoku == n - 1);
    int reason = YM_END_NONE, reach_target = 0, tobi = 0, beyond = 0;
    for (int q = 0; q < n; q++) {
        reach_target |= scores[q] >= R->target_points;
        tobi |= scores[q] < 0 || (R->tobi == 1 && scores[q] == 0);
        beyond |= scores[q] > YM_SCORE_MAX || scores[q] < -YM_SCORE_MAX;
    }
    if (R->tobi != 2 && tobi)
        reason = YM_END_TOBI;
    else if (beyond)   /* the 64-bit scores' limit (ym_game.h): no hand may follow */
        reason = YM_END_SCORE_LIMIT;
    else if (wind > max_wind)
        reason = YM_END_LAST_HAND;
    else if (!repeat && wind > last_wind && reach_target)
        reason = round_wind > last_wind ? YM_END_SUDDEN_DEATH : YM_END_LAST_HAND;
    else if (repeat && R->all_last_stop && all_last && dealer_won_or_tenpai &&
             is_top(scores, n, dealer, first_dealer) && (R->extension == 0 || scores[dealer] >= R->target_points))
        reason = YM_END_ALL_LAST_STOP;
    *wind_out = wind > 3 ? 3 : wind;
    *hand_out = hand;
    return reason;
}

void ym_game_finish_round(ym_game_t *g, int repeat, int honba, int sticks_left, int dealer_won_or_tenpai) {
    const ym_game_rules_t *R = &g->R;
    int n = R->players;
    int64_t scores[4] = {0, 0, 0, 0};
    for (int q = 0; q < n; q++) {
        g->s[q].score += g->last.deltas[q];   /* within int64: |score| and |delta| are bounded (ym_game.h) */
        scores[q] = g->s[q].score;
    }
    int wind, hand;
    int reason = ym_next_hand(R, scores, g->round_wind, g->kyoku, 0, repeat, dealer_won_or_tenpai, &wind, &hand);
    /* paarenchan's count: wins in a row only (a draw or the deal passing resets it) */
    int dealer_won = (g->last.outcome == YM_OUT_TSUMO || g->last.outcome == YM_OUT_RON) &&
                     ((g->last.winners >> g->dealer) & 1);
    g->dealer_wins = (uint8_t)(dealer_won && repeat ? (g->dealer_wins < 255 ? g->dealer_wins + 1 : 255) : 0);
    g->honba = (uint8_t)(honba > 255 ? 255 : honba);
    g->sticks = sticks_left;
    g->resp_mask = g->resp_done = 0;
    if (reason != YM_END_NONE) {
        g->game_over = 1;
        g->end_reason = (uint8_t)reason;
        g->phase = YM_PH_OVER;
        ym_final_scores(R, n, scores, sticks_left, 0, g->final_points, g->final_rank, g->final_results);
    } else {
        g->round_wind = (uint8_t)wind;
        g->kyoku = (uint8_t)hand;
        g->phase = YM_PH_ROUND_END;
    }
}

void ym_final_scores(const ym_game_rules_t *R, int n, const int64_t *scores, int sticks, int first_dealer,
                     int64_t *points, uint8_t *ranks, int64_t *results) {
    int order[4] = {0, 1, 2, 3};
    for (int i = 0; i < 4; i++) points[i] = i < n ? scores[i] : 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) order[i] = (first_dealer + i) % n;
        for (int i = 1; i < n; i++)   /* stable: ties keep the first-dealer order */
            for (int j = i; j > 0 && points[order[j - 1]] < points[order[j]]; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        if (pass == 0) {
            if (sticks && R->leftover_to_top) points[order[0]] += 1000 * (int64_t)sticks;
            else break;
        }
    }
    int64_t bonus[4] = {0, 0, 0, 0}, per_rank[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) bonus[i] = R->uma[i];
    bonus[0] += ((int64_t)R->return_points - R->start_points) * n;
    int i = 0;
    while (i < n) {
        int j = i;
        while (j + 1 < n && R->tie_split && points[order[j + 1]] == points[order[i]]) j++;
        int m = j - i + 1;
        int64_t total = 0;
        for (int k = i; k <= j; k++) total += bonus[k];
        /* floor division as Python's // (total may be negative) */
        int64_t q = total / m;
        if ((total % m) && ((total < 0) != (m < 0))) q--;
        int64_t share = q / 100;
        if ((q % 100) && (q < 0)) share--;
        share *= 100;
        int64_t left = total - share * m;
        for (int k = 0; k < m; k++) per_rank[i + k] = share + (k == 0 ? left : 0);
        i = j + 1;
    }
    for (int r = 0; r < n; r++) {
        int s = order[r];
        ranks[s] = (uint8_t)r;
        results[s] = points[s] - R->return_points + per_rank[r];
    }
}

/* ---- tenpai at an exhaustive draw (karaten_is_tenpai, keishiki_tenpai) ---------------------- */
static int completes_fifth(const uint8_t *c13, int n_melds, int k) {
    /* kind k held four times: the fifth copy sits in a triplet or a run; take that set out */
    uint8_t c[34];
    if (n_melds >= 4) return 0;
    memcpy(c, c13, 34);
    c[k]++;
    c[k] -= 3;
    if (ym_is_agari(c, n_melds + 1)) return 1;
    c[k] += 3;
    if (k < 27) {
        int base = 9 * (k / 9);
        for (int s = k - 2; s <= k; s++) {
            if (s < base || s + 2 >= base + 9) continue;
            if (!c[s] || !c[s + 1] || !c[s + 2]) continue;
            c[s]--; c[s + 1]--; c[s + 2]--;
            int ok = ym_is_agari(c, n_melds + 1);
            c[s]++; c[s + 1]++; c[s + 2]++;
            if (ok) return 1;
        }
    }
    return 0;
}

/* Whether the hand completed by kind k has a yaku, as a tsumo or as a ron, with only the player's
 * riichi and the winds as the situation (no dora, no one-tile situation yaku). */
static int wait_has_yaku(const ym_game_rules_t *R, const ym_hand_t *h, int k) {
    ym_hand_t w = *h;
    ym_score_t sc;
    w.counts[k]++;
    w.win = (uint8_t)k;
    w.reds = 0;
    w.n_dora = w.n_ura = 0;
    w.kita = 0;
    w.honba = w.riichi_sticks = 0;
    w.pao = 0;
    unsigned riichi = h->flags & (YM_F_RIICHI | YM_F_DOUBLE_RIICHI);
    w.flags = (uint16_t)(riichi | YM_F_TSUMO);
    if (ym_score_ex(&R->score, &w, &sc, 1) == YM_ST_OK) return 1;
    w.flags = (uint16_t)riichi;
    return ym_score_ex(&R->score, &w, &sc, 1) == YM_ST_OK;
}

int ym_draw_tenpai(const ym_game_rules_t *R, const ym_hand_t *h, const uint8_t *seen) {
    int n_melds = h->n_melds > 4 ? 4 : h->n_melds;
    int tiles = 3 * n_melds;
    uint8_t held[34];   /* copies in the concealed hand and the player's melds */
    memcpy(held, h->counts, 34);
    for (int k = 0; k < 34; k++) tiles += h->counts[k];
    if (tiles != 13) return 0;
    for (int i = 0; i < n_melds; i++) {
        int t = h->meld_tile[i] > 33 ? 33 : h->meld_tile[i];
        if (h->meld_type[i] == YM_CHI) {
            if (t > 24 || t % 9 > 6) return 0;   /* not a run */
            held[t]++; held[t + 1]++; held[t + 2]++;
        } else {
            held[t] = (uint8_t)(held[t] + (h->meld_type[i] == YM_PON ? 3 : 4));
        }
    }
    uint64_t w = ym_waits(h->counts, n_melds, R->players == 3), counted = 0, fifth = 0;
    for (int k = 0; k < 34; k++) {
        if (!((w >> k) & 1)) continue;
        int c = R->karaten == 1 ? held[k] : R->karaten == 3 ? held[k] + (seen ? seen[k] : 0) : 0;
        if (c < 4) counted |= 1ULL << k;
    }
    if (R->karaten == 2 && !counted && R->keishiki_tenpai)
        for (int k = 0; k < 34; k++)
            if (h->counts[k] == 4 && completes_fifth(h->counts, n_melds, k)) fifth |= 1ULL << k;
    if (R->keishiki_tenpai) return (counted | fifth) != 0;
    /* a yaku is needed: some counted wait completes the hand with one (a fifth copy cannot win) */
    for (int k = 0; k < 34; k++)
        if (((counted >> k) & 1) && wait_has_yaku(R, h, k)) return 1;
    return 0;
}

int ym_game_draw_tenpai(const ym_game_t *g, int seat) {
    const ym_seat_t *p = &g->s[seat];
    int n = g->R.players;
    ym_hand_t h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, p->c, 34);
    h.n_melds = p->n_melds;
    for (int i = 0; i < p->n_melds; i++) {
        h.meld_type[i] = p->melds[i].type;
        h.meld_tile[i] = p->melds[i].kind;
    }
    h.seat_wind = (uint8_t)((seat - g->dealer + n) % n);
    h.round_wind = g->round_wind;
    if (p->riichi == 2) h.flags = p->double_riichi ? YM_F_DOUBLE_RIICHI : YM_F_RIICHI;
    uint8_t seen[34];
    const uint8_t *sp = NULL;
    if (g->R.karaten == 3) {   /* what the seat sees outside its concealed hand and its own melds */
        ym_game_visible(g, seat, seen);
        for (int i = 0; i < p->n_melds; i++)
            for (int j = 0; j < p->melds[i].n; j++) seen[p->melds[i].ids[j] >> 2]--;
        sp = seen;
    }
    return ym_draw_tenpai(&g->R, &h, sp);
}
