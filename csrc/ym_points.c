/* ym_points.c - base points, limits and payments of one hand (docs/rules.md section 5, 6.6).
 *
 * The one implementation of a win's payment rules: the scorer (Score.payment), the game engine
 * and yakuman.settle (through ym_settle_win in ym_game_settle.c) all take their amounts from
 * ym_payments; ym_game_settle.c only spreads them over the seats.
 *
 * Base points a: yakuman 8000 x multiple; kazoe (13+ han, no yakuman) per the kazoe knob;
 * 11-12 han 6000, 8-10 4000, 6-7 3000, 5 2000; up to 4 han fu x 2^(han+2) capped at 2000
 * (kiriage: 1920 -> 2000). Every payment is rounded up to 100 separately.
 * Ron: 6a (dealer) / 4a from the discarder, + honba_ron per honba.
 * Tsumo (4 players): dealer winner 2a from each non-dealer; non-dealer winner 2a from the
 * dealer and a from each other non-dealer; + honba_tsumo_each per honba from each payer.
 * Sanma: tsumo_loss = the absent seat's share is simply not paid (Tenhou); without tsumo loss
 * ("north bisection") the absent non-dealer's share (rounded up to 100 as it would be paid) is
 * split between the two payers, each half rounded up to 100 on its own and added to the
 * payer's own share (dealer winner: up100(2a) + up100(up100(2a) / 2) each; non-dealer winner:
 * the dealer up100(2a) + h, the other non-dealer up100(a) + h, h = up100(up100(a) / 2)).
 * Pao (liability, a_pao = the part of a the liable player answers for):
 *   ron from another player: the liable player pays half of the pao part's ron value, the
 *   discarder the rest and all honba (the engine's pao_honba "liable" moves them);
 *   tsumo: the liable player pays the pao part's ron value plus every honba at the ron rate
 *   (honba_ron per honba); the rest of the hand (a - a_pao, when a composite yakuman is only
 *   partly under pao) is an ordinary tsumo without honba, the liable player paying its
 *   ordinary share of it too.
 * Output invariants: every amount is a multiple of 100 (given multiples of 100 for the honba
 * and 1000 per stick); total = the sum of what every payer pays + sticks; honba = the honba part
 * of total (ron: in `discarder`; pao tsumo: in `liable`; plain tsumo: honba_tsumo_each x honba
 * in each of the players - 1 payers' shares).
 */
#include "ym_score.h"

#include <string.h>

static inline int32_t up100(int64_t x) { return (int32_t)((x + 99) / 100 * 100); }
/* x/2 rounded up to 100 */
static inline int32_t half_up100(int64_t x) { return (int32_t)((x + 199) / 200 * 100); }

int32_t ym_base_points(const ym_rules_t *r, int han, int fu, int yakuman, int *limit, int *kazoe) {
    *kazoe = 0;
    if (yakuman > 0) {
        *limit = YM_LIMIT_YAKUMAN;
        return 8000 * yakuman;
    }
    if (han >= 13) {
        if (r->kazoe == YM_KAZOE_SANBAIMAN) {
            *limit = YM_LIMIT_SANBAIMAN;
            return 6000;
        }
        *limit = YM_LIMIT_YAKUMAN;
        *kazoe = r->kazoe == YM_KAZOE_MULTIPLE ? han / 13 : 1;
        return 8000 * *kazoe;
    }
    if (han >= 11) { *limit = YM_LIMIT_SANBAIMAN; return 6000; }
    if (han >= 8) { *limit = YM_LIMIT_BAIMAN; return 4000; }
    if (han >= 6) { *limit = YM_LIMIT_HANEMAN; return 3000; }
    if (han == 5) { *limit = YM_LIMIT_MANGAN; return 2000; }
    if (han < 0) han = 0;
    if (fu < 0) fu = 0;
    if (fu > 1000) fu = 1000;
    int32_t a = (int32_t)fu << (han + 2);
    if (a >= 2000 || (r->kiriage_mangan && a == 1920)) {
        *limit = YM_LIMIT_MANGAN;
        return 2000;
    }
    *limit = YM_LIMIT_NONE;
    return a;
}

void ym_payments(const ym_rules_t *r, int32_t a, int32_t a_pao, int dealer, int tsumo, int honba,
                 int riichi_sticks, ym_payment_t *pay, int32_t *points) {
    memset(pay, 0, sizeof *pay);
    int sanma = r->players == 3;
    int64_t mult = dealer ? 6 : 4;
    if (a_pao > a) a_pao = a;
    if (a_pao < 0) a_pao = 0;
    if (!tsumo) {
        int32_t value = up100(mult * a);
        int32_t hb = honba * r->honba_ron;
        if (a_pao > 0) {
            int32_t half = half_up100((int64_t)up100(mult * a_pao));
            pay->liable = half;
            pay->discarder = value - half + hb;
        } else {
            pay->discarder = value + hb;
        }
        pay->honba = hb;
        *points = value;
        pay->sticks = 1000 * riichi_sticks;
        pay->total = pay->discarder + pay->liable + pay->sticks;
        return;
    }
    int32_t pao_part = a_pao > 0 ? up100(mult * a_pao) : 0;
    int64_t ar = (int64_t)a - a_pao;
    pay->sticks = 1000 * riichi_sticks;
    /* a pao tsumo: every honba at the ron rate from the liable player; the rest pays none */
    int32_t hb_each = a_pao > 0 ? 0 : honba * r->honba_tsumo_each;
    int32_t hb_liable = a_pao > 0 ? honba * r->honba_ron : 0;
    pay->liable = a_pao > 0 ? pao_part + hb_liable : 0;
    int32_t value = 0;
    if (ar == 0) {
        /* the whole hand under pao: nobody else pays */
    } else if (dealer) {
        int n = sanma ? 2 : 3;
        int32_t each = up100(2 * ar);
        if (sanma && !r->tsumo_loss) each += half_up100(each);
        pay->non_dealer = each + hb_each;
        pay->n_non_dealer = (uint8_t)n;
        value = each * n;
        pay->total = pay->non_dealer * n;
    } else {
        int n = sanma ? 1 : 2;
        int32_t d = up100(2 * ar), nd = up100(ar);
        if (sanma && !r->tsumo_loss) {
            int32_t h = half_up100(nd);   /* half of the absent non-dealer's share */
            d += h;
            nd += h;
        }
        pay->dealer = d + hb_each;
        pay->non_dealer = nd + hb_each;
        pay->n_non_dealer = (uint8_t)n;
        value = d + nd * n;
        pay->total = pay->dealer + pay->non_dealer * n;
    }
    pay->honba = hb_liable + hb_each * (r->players - 1);
    *points = value + pao_part;
    pay->total += pay->liable + pay->sticks;
}
