/* ym_points.c - base points, limits and payments of one hand (docs/rules.md section 5, 6.6).
 *
 * Base points a: yakuman 8000 x multiple; kazoe (13+ han, no yakuman) per the kazoe knob;
 * 11-12 han 6000, 8-10 4000, 6-7 3000, 5 2000; up to 4 han fu x 2^(han+2) capped at 2000
 * (kiriage: 1920 -> 2000). Every payment is rounded up to 100 separately.
 * Ron: 6a (dealer) / 4a from the discarder, + honba_ron per honba.
 * Tsumo (4 players): dealer winner 2a from each non-dealer; non-dealer winner 2a from the
 * dealer and a from each other non-dealer; + honba_tsumo_each per honba from each payer.
 * Sanma: tsumo_loss = the absent seat's share is simply not paid (Tenhou); without tsumo loss
 * the absent non-dealer's share a is split evenly between the two payers (dealer winner: 3a
 * each; non-dealer winner: 2.5a from the dealer, 1.5a from the other non-dealer), so a tsumo is
 * worth about the ron value.
 * Pao (liability, a_pao = the part of a the liable player answers for):
 *   ron from another player: the liable player pays half of the pao part's ron value, the
 *   discarder the rest and all honba;
 *   tsumo: the liable player pays the pao part's ron value; when that is the whole hand it also
 *   pays the ron honba and nobody else pays; otherwise the rest is an ordinary tsumo (honba per
 *   payer), the liable player paying its ordinary share in addition.
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
    if (a_pao > 0 && ar == 0) {
        int32_t hb = honba * r->honba_ron;
        pay->liable = pao_part + hb;
        pay->honba = hb;
        *points = pao_part;
        pay->total = pay->liable + pay->sticks;
        return;
    }
    pay->liable = pao_part;
    int32_t hb_each = honba * r->honba_tsumo_each;
    int32_t value;
    if (dealer) {
        int n = sanma ? 2 : 3;
        int32_t each = (sanma && !r->tsumo_loss) ? up100(3 * ar) : up100(2 * ar);
        pay->non_dealer = each + hb_each;
        pay->n_non_dealer = (uint8_t)n;
        value = each * n;
        pay->honba = hb_each * n;
        pay->total = pay->non_dealer * n;
    } else {
        int n = sanma ? 1 : 2;
        int32_t d, nd;
        if (sanma && !r->tsumo_loss) {
            d = half_up100(5 * ar);
            nd = half_up100(3 * ar);
        } else {
            d = up100(2 * ar);
            nd = up100(ar);
        }
        pay->dealer = d + hb_each;
        pay->non_dealer = nd + hb_each;
        pay->n_non_dealer = (uint8_t)n;
        value = d + nd * n;
        pay->honba = hb_each * (n + 1);
        pay->total = pay->dealer + pay->non_dealer * n;
    }
    *points = value + pao_part;
    pay->total += pay->liable + pay->sticks;
}
