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

/* x >= 0 rounded up to 100; x/2 rounded up to 100 (unsigned: a multiply, no sign fix-up) */
static inline int32_t up100(int64_t x) { return (int32_t)(((uint64_t)x + 99) / 100 * 100); }
static inline int32_t half_up100(int64_t x) { return (int32_t)(((uint64_t)x + 199) / 200 * 100); }

/* c ? x : y without a branch: GCC otherwise duplicates code per outcome of coin-flip conditions
 * (the han's range), mispredicting on about every other hand */
static inline int32_t pick(int c, int32_t x, int32_t y) { return y ^ ((x ^ y) & -(int32_t)(c != 0)); }

/* The limits of 5 to 12 han, by han: YM_LIMIT_* and base points (below 5: none, from fu). */
static const uint8_t LIMIT_OF[13] = {0, 0, 0, 0, 0, YM_LIMIT_MANGAN, YM_LIMIT_HANEMAN, YM_LIMIT_HANEMAN,
                                     YM_LIMIT_BAIMAN, YM_LIMIT_BAIMAN, YM_LIMIT_BAIMAN, YM_LIMIT_SANBAIMAN,
                                     YM_LIMIT_SANBAIMAN};
static const int16_t LIMIT_BASE[13] = {0, 0, 0, 0, 0, 2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000};

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
    /* 0-12 han without branches on the han: the fu value (up to 4 han; capped at mangan, and
     * 1920 is mangan under kiriage) or the limit of the han */
    han = han < 0 ? 0 : han;
    fu = fu < 0 ? 0 : fu > 1000 ? 1000 : fu;
    int32_t a = (int32_t)fu << ((han < 4 ? han : 4) + 2);
    int mangan = (a >= 2000) | ((r->kiriage_mangan != 0) & (a == 1920));
    int32_t by_fu = pick(mangan, 2000, a);
    int lim_fu = pick(mangan, YM_LIMIT_MANGAN, YM_LIMIT_NONE);
    int fixed = han >= 5;
    *limit = pick(fixed, LIMIT_OF[han], lim_fu);
    return pick(fixed, LIMIT_BASE[han], by_fu);
}

/* What each payer pays of a hand worth base points a, before honba: the discarder (ron), the
 * dealer (a non-dealer's tsumo) and each paying non-dealer (tsumo), as multiples of a by
 * [dealer winner][tsumo]: no branch on either (each is a coin flip over hands), and the payers
 * that do not pay get 0. Sanma without tsumo loss: the absent non-dealer's share (rounded up to
 * 100) split between the payers, each half rounded up to 100 on its own. n = the number of
 * paying non-dealers (0 on a ron). */
static const uint8_t SHARE[2][2][3] = {{{4, 0, 0}, {0, 2, 1}}, {{6, 0, 0}, {0, 0, 2}}};

typedef struct {
    int32_t discarder, dealer, non_dealer;
    int n;
} shares_t;

static inline shares_t shares(const ym_rules_t *r, int64_t a, int dealer, int tsumo) {
    const uint8_t *m = SHARE[dealer][tsumo];
    shares_t s;
    s.discarder = up100(m[0] * a);
    s.dealer = up100(m[1] * a);
    s.non_dealer = up100(m[2] * a);
    s.n = tsumo * (r->players - 2 + dealer);
    if (r->players == 3 && !r->tsumo_loss) {
        int32_t h = half_up100(s.non_dealer);   /* half of the absent non-dealer's share */
        s.non_dealer += h;
        s.dealer += h & -(int32_t)(m[1] != 0);
    }
    return s;
}

/* The points of the hand without pao, honba and sticks: what its payers pay in all. */
static inline int32_t points_of(const shares_t *s) { return s->discarder + s->dealer + s->non_dealer * s->n; }

int32_t ym_hand_points(const ym_rules_t *r, int32_t a, int dealer, int tsumo) {
    shares_t s = shares(r, a < 0 ? 0 : a, dealer != 0, tsumo != 0);
    return points_of(&s);
}

void ym_payments(const ym_rules_t *r, int32_t a, int32_t a_pao, int dealer, int tsumo, int honba,
                 int riichi_sticks, ym_payment_t *pay, int32_t *points) {
    dealer = dealer != 0;
    tsumo = tsumo != 0;
    if (a < 0) a = 0;   /* base points are never negative (ym_base_points) */
    if (a_pao > a) a_pao = a;
    if (a_pao < 0) a_pao = 0;
    if (a_pao == 0) {
        /* no pao: honba from whoever pays (honba_ron from the discarder, honba_tsumo_each from
         * each tsumo payer) */
        shares_t s = shares(r, a, dealer, tsumo);
        int32_t ron = -(int32_t)(tsumo ^ 1), hb_ron = honba * r->honba_ron & ron;
        int32_t hb_each = honba * r->honba_tsumo_each & ~ron;
        pay->discarder = s.discarder + hb_ron;
        pay->dealer = s.dealer + (hb_each & -(int32_t)(dealer ^ 1));   /* hb_each: 0 on a ron */
        pay->non_dealer = s.non_dealer + hb_each;
        pay->n_non_dealer = (uint8_t)s.n;
        pay->liable = 0;
        pay->honba = hb_ron + hb_each * (r->players - 1);
        pay->sticks = 1000 * riichi_sticks;
        *points = points_of(&s);
        pay->total = pay->discarder + pay->dealer + pay->non_dealer * s.n + pay->sticks;
        return;
    }
    memset(pay, 0, sizeof *pay);
    pay->sticks = 1000 * riichi_sticks;
    if (!tsumo) {
        int32_t value = shares(r, a, dealer, 0).discarder;
        int32_t hb = honba * r->honba_ron;
        int32_t half = half_up100(shares(r, a_pao, dealer, 0).discarder);   /* half the pao part's ron value */
        pay->liable = half;
        pay->discarder = value - half + hb;
        pay->honba = hb;
        *points = value;
        pay->total = pay->discarder + pay->liable + pay->sticks;
        return;
    }
    /* a pao tsumo: every honba at the ron rate from the liable player; the rest of the hand
     * (a - a_pao) is an ordinary tsumo without honba */
    int32_t pao_part = shares(r, a_pao, dealer, 0).discarder;   /* the pao part's ron value */
    int64_t ar = (int64_t)a - a_pao;
    int32_t hb_liable = honba * r->honba_ron;
    pay->liable = pao_part + hb_liable;
    int32_t value = 0;
    if (ar != 0) {   /* else the whole hand under pao: nobody else pays */
        shares_t sh = shares(r, ar, dealer, 1);
        pay->dealer = sh.dealer;
        pay->non_dealer = sh.non_dealer;
        pay->n_non_dealer = (uint8_t)sh.n;
        value = sh.dealer + sh.non_dealer * sh.n;
        pay->total = value;
    }
    pay->honba = hb_liable;
    *points = value + pao_part;
    pay->total += pay->liable + pay->sticks;
}
