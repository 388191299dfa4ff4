/* ym_aotenjou.c - the payments of a hand under aotenjou (no limit), exact (docs/rules.md 3.7).
 *
 * Base points a = fu x 2^(han + 2) with no mangan cap and no limit hands; every share is a
 * multiple of a (ron: 6a dealer / 4a; tsumo: 2a from each non-dealer to a dealer, 2a from the
 * dealer and a from each other non-dealer to a non-dealer; sanma without tsumo loss: the
 * absent share split as ym_payments splits it), each rounded up to 100 on its own; honba and
 * riichi sticks as usual. Pao: the liable player answers for the whole hand (ron: half of its
 * value, rounded up to 100; tsumo: all of it, with every honba at the ron rate), as ym_payments
 * does for a hand wholly under pao.
 *
 * The amounts reach 2^112 at han 110, so they are 128-bit numbers held as four 32-bit limbs
 * (C99 has no 128-bit integer): multiplications and divisions by small numbers only. The
 * Python layer turns them into Python ints (Score.points, Score.payment); the batch takes them
 * only when they fit its 32-bit fields (ym_u128_to_i64), the game engine caps the base points
 * (YM_AOTENJOU_ENGINE_BASE, csrc/ym_game.h) and pays from that base (ym_aotenjou_payments_base).
 */
#include "ym_score.h"

#include <string.h>

static void u_set(ym_u128_t *x, uint64_t v) {
    x->w[0] = (uint32_t)v;
    x->w[1] = (uint32_t)(v >> 32);
    x->w[2] = x->w[3] = 0;
}

/* x <<= s (s < 128; the bits shifted out are lost: callers keep s + bits(x) <= 128) */
static void u_shl(ym_u128_t *x, int s) {
    ym_u128_t o = {{0, 0, 0, 0}};
    int limbs = s / 32, bits = s % 32;
    for (int i = 3; i >= limbs; i--) {
        uint64_t v = (uint64_t)x->w[i - limbs] << bits;
        if (bits && i - limbs - 1 >= 0) v |= (uint64_t)x->w[i - limbs - 1] >> (32 - bits);
        o.w[i] = (uint32_t)v;
    }
    *x = o;
}

static void u_mul(ym_u128_t *x, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t v = (uint64_t)x->w[i] * m + carry;
        x->w[i] = (uint32_t)v;
        carry = v >> 32;
    }
}

static void u_add(ym_u128_t *x, const ym_u128_t *y) {
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t v = (uint64_t)x->w[i] + y->w[i] + carry;
        x->w[i] = (uint32_t)v;
        carry = v >> 32;
    }
}

static void u_add_small(ym_u128_t *x, uint64_t v) {
    ym_u128_t y;
    u_set(&y, v);
    u_add(x, &y);
}

/* x -= y (y <= x) */
static void u_sub(ym_u128_t *x, const ym_u128_t *y) {
    int64_t borrow = 0;
    for (int i = 0; i < 4; i++) {
        int64_t v = (int64_t)x->w[i] - y->w[i] - borrow;
        borrow = v < 0;
        x->w[i] = (uint32_t)(v + (borrow ? ((int64_t)1 << 32) : 0));
    }
}

/* x /= d, returns the remainder (d >= 1) */
static uint32_t u_div(ym_u128_t *x, uint32_t d) {
    uint64_t rem = 0;
    for (int i = 3; i >= 0; i--) {
        uint64_t cur = (rem << 32) | x->w[i];
        x->w[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    return (uint32_t)rem;
}

/* m x a rounded up to 100 (m x a / 2 rounded up to 100 with half) */
static ym_u128_t up100(const ym_u128_t *a, uint32_t m, int half) {
    ym_u128_t x = *a;
    u_mul(&x, m);
    uint32_t unit = half ? 200 : 100;
    if (u_div(&x, unit)) u_add_small(&x, 1);
    u_mul(&x, 100);
    return x;
}

int ym_u128_to_i64(const ym_u128_t *x, int64_t max, int64_t *out) {
    if (x->w[2] || x->w[3]) return -1;
    uint64_t v = (uint64_t)x->w[0] | (uint64_t)x->w[1] << 32;
    if (v > (uint64_t)max) return -1;
    *out = (int64_t)v;
    return 0;
}

int ym_aotenjou_payments(const ym_rules_t *r, int han, int fu, int dealer, int tsumo, int honba,
                         int riichi_sticks, int liable, ym_wide_pay_t *o) {
    memset(o, 0, sizeof *o);
    if (han < 0 || han > YM_AOTENJOU_MAX_HAN || fu < 0 || fu > 1000) return -1;
    ym_u128_t a;
    u_set(&a, (uint64_t)fu);
    u_shl(&a, han + 2); /* fu < 2^10, han + 2 <= 112: no bit lost */
    return ym_aotenjou_payments_base(r, &a, dealer, tsumo, honba, riichi_sticks, liable, o);
}

int ym_aotenjou_base_cmp(const ym_u128_t *a, uint64_t v) {
    if (a->w[2] || a->w[3]) return 1;
    uint64_t x = (uint64_t)a->w[0] | (uint64_t)a->w[1] << 32;
    return x > v ? 1 : x < v ? -1 : 0;
}

void ym_aotenjou_base_set(ym_u128_t *a, uint64_t v) { u_set(a, v); }

int ym_aotenjou_hand_pao(const ym_rules_t *r, const ym_score_t *o, const ym_hand_t *h) {
    /* the whole hand under pao: a yakuman whose liability the rules have and the hand carries
     * (daisangen bit 39 / pao bit 1, daisuushii 49 / 2, suukantsu 51 / 4) */
    unsigned bits = h->pao & r->pao_yakuman & 7;
    if (!o->yakuman || !bits) return 0;
    return (((o->yaku >> 39) & 1) && (bits & 1)) || (((o->yaku >> 49) & 1) && (bits & 2)) ||
           (((o->yaku >> 51) & 1) && (bits & 4));
}

int ym_aotenjou_payments_base(const ym_rules_t *r, const ym_u128_t *base, int dealer, int tsumo, int honba,
                              int riichi_sticks, int liable, ym_wide_pay_t *o) {
    memset(o, 0, sizeof *o);
    /* base < 2^122 (1000 fu at 110 han is below it) keeps every share and sum within 128 bits */
    if (honba < 0 || honba > 65535 || riichi_sticks < 0 || riichi_sticks > 65535 || (base->w[3] >> 26))
        return -1;
    dealer = dealer != 0;
    tsumo = tsumo != 0;
    static const uint8_t SHARE[2][2][3] = {{{4, 0, 0}, {0, 2, 1}}, {{6, 0, 0}, {0, 0, 2}}};
    const uint8_t *m = SHARE[dealer][tsumo];
    ym_u128_t a = *base;
    o->base = a;
    ym_u128_t disc = up100(&a, m[0], 0), from_dealer = up100(&a, m[1], 0), non = up100(&a, m[2], 0);
    int n = tsumo * (r->players - 2 + dealer);
    if (r->players == 3 && !r->tsumo_loss && tsumo) {
        ym_u128_t h = up100(&non, 1, 1); /* half of the absent non-dealer's share */
        u_add(&non, &h);
        if (m[1]) u_add(&from_dealer, &h);
    }
    u_set(&o->sticks, 1000ULL * (uint64_t)riichi_sticks);
    if (liable) { /* the whole hand under pao */
        ym_u128_t ron = up100(&a, m[0] ? m[0] : (dealer ? 6 : 4), 0), hb;
        u_set(&hb, (uint64_t)honba * r->honba_ron);
        o->points = ron;
        o->honba = hb;
        if (!tsumo) {
            ym_u128_t half = up100(&ron, 1, 1);
            o->liable = half;
            o->discarder = ron;
            u_sub(&o->discarder, &half);
            u_add(&o->discarder, &hb);
        } else {
            o->liable = ron;
            u_add(&o->liable, &hb);
        }
        o->total = o->discarder;
        u_add(&o->total, &o->liable);
        u_add(&o->total, &o->sticks);
        return 0;
    }
    uint64_t hb_ron = tsumo ? 0 : (uint64_t)honba * r->honba_ron;
    uint64_t hb_each = tsumo ? (uint64_t)honba * r->honba_tsumo_each : 0;
    ym_u128_t nn = non;
    u_mul(&nn, (uint32_t)n);
    o->points = disc;
    u_add(&o->points, &from_dealer);
    u_add(&o->points, &nn);
    o->discarder = disc;
    u_add_small(&o->discarder, hb_ron);
    o->dealer = from_dealer;
    if (!dealer) u_add_small(&o->dealer, hb_each);
    o->non_dealer = non;
    u_add_small(&o->non_dealer, hb_each);
    o->n_non_dealer = (uint8_t)n;
    u_set(&o->honba, hb_ron + hb_each * (uint64_t)(r->players - 1));
    o->total = o->non_dealer;
    u_mul(&o->total, (uint32_t)n);
    u_add(&o->total, &o->discarder);
    u_add(&o->total, &o->dealer);
    u_add(&o->total, &o->sticks);
    return 0;
}
