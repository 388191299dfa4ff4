/* ym_ev_riichi.c - the expected-value search (ym_ev.c, ym_ev.h; model: docs/ev.md): the value of
 * a win (the project's scorer, ura dora as an expectation) and the riichi states of model "full"
 * (riichi_mode CHOOSE / NEVER / DECLARE: a hand under riichi keeps its tiles, ippatsu on the
 * first draw after the declaration, the stick; docs/ev.md, "Riichi or dama").
 */
#include <math.h>

#include "ym_ev_impl.h"

/* ---- scoring a win ------------------------------------------------------------------------ */
static double binom(int n, int k) {
    if (k < 0 || k > n) return 0.0;
    double r = 1.0;
    for (int i = 1; i <= k; i++) r = r * (n - k + i) / i;
    return r;
}

/* The tsumo's payments (total) of a hand of han and fu (yakuman multiples when not aotenjou): the
   scorer's points and payments, with the request's honba and sticks; under aotenjou the exact
   amounts of ym_aotenjou_payments (no limit; beyond YM_AOTENJOU_MAX_HAN han, that many) */
static double hand_value(const ctx_t *x, int han, int fu, int yakuman, int dealer) {
    const ym_ev_input_t *in = x->in;
    if (in->rules->aotenjou) {
        ym_wide_pay_t w;
        if (ym_aotenjou_payments(in->rules, han > YM_AOTENJOU_MAX_HAN ? YM_AOTENJOU_MAX_HAN : han, fu, dealer, 1,
                                 in->honba, in->riichi_sticks, 0, &w))
            return 0.0;
        return (double)w.total.w[0] + ldexp((double)w.total.w[1], 32) + ldexp((double)w.total.w[2], 64) +
               ldexp((double)w.total.w[3], 96);
    }
    /* memo by (han, fu) for the search (a hand's ura dora values ask for several han, and many
       wins share a han and fu): the same payment the scorer's two calls give */
    int memo = !yakuman && han >= 0 && han < EV_HV_HAN && fu >= 0 && fu < 5 * EV_HV_FU && fu % 5 == 0;
    ym_ev_work_t *w = x->w;
    size_t at = memo ? (size_t)han * EV_HV_FU + (size_t)(fu / 5) : 0;
    if (memo && w->hv[at].gen == w->hv_now) return w->hv[at].v;
    int limit, kazoe;
    int32_t a = ym_base_points(in->rules, han, fu, yakuman, &limit, &kazoe);
    ym_payment_t pay;
    int32_t pts;
    ym_payments(in->rules, a, 0, dealer, 1, in->honba, in->riichi_sticks, &pay, &pts);
    if (memo) {
        w->hv[at].v = (double)pay.total;
        w->hv[at].gen = w->hv_now;
    }
    return (double)pay.total;
}

/* the ura dora han beyond which a hand's value no longer grows: 12 (with any han a hand holds, a
   limit: kazoe at 13), unless kazoe counts multiples (26 han a double yakuman) or aotenjou */
static int ura_cap(const ym_rules_t *r) {
    return r->aotenjou || r->kazoe == YM_KAZOE_MULTIPLE ? EV_URA_MAX : 12;
}

/* The law of the ura dora han of the complete hand c (with the melds, and the kita Norths as the
 * scorer counts them): ura[u] = P(u han), u capped at ura_cap (EV_URA_MAX is not reached: four
 * copies an indicator); the indicators are drawn without
 * replacement from the tiles this hand does not hold (the state's wall). One table per discard
 * state: every winning draw into it shares it.
 * Returns the number of ways (0: fewer tiles than indicators). */
static double ura_law(const ctx_t *x, const uint8_t *c, double ura[EV_URA_MAX + 1]) {
    const ym_ev_input_t *in = x->in;
    const int cap = ura_cap(in->rules);
    uint8_t full[34];
    memcpy(full, c, 34);
    for (int m = 0; m < in->n_melds; m++) {
        int t = in->meld_tile[m], ty = in->meld_type[m];
        if (ty == YM_CHI) {
            full[t]++, full[t + 1]++, full[t + 2]++;
        } else {
            full[t] = (uint8_t)(full[t] + (ty == YM_PON ? 3 : 4));
        }
    }
    /* dp[a][u]: ways to draw a indicators worth u han; kinds one by one, a descending in place */
    double dp[YM_MAX_INDICATORS + 1][EV_URA_MAX + 1];
    memset(dp, 0, sizeof dp);
    dp[0][0] = 1.0;
    int d = in->n_dora, total = 0;
    for (int i = 0; i < 34; i++) {
        int ci = (int)x->base[i] - c[i];
        if (ci <= 0) continue;
        total += ci;
        int g = ym_indicator_dora(full, in->kita, i, x->sanma);   /* the scorer's count: kita as Norths */
        double cb[5];
        for (int j = 1; j <= ci && j <= 4; j++) cb[j] = binom(ci, j);
        for (int a = d; a >= 1; a--)
            for (int j = 1; j <= ci && j <= a; j++) {
                const double *from = dp[a - j];
                double *to = dp[a];
                int sh = j * g;
                for (int u = 0; u <= cap; u++) {
                    if (from[u] == 0.0) continue;
                    int nu = u + sh;
                    to[nu > cap ? cap : nu] += from[u] * cb[j];
                }
            }
    }
    double all = binom(total, d);
    for (int u = 0; u <= cap; u++) ura[u] = all > 0.0 ? dp[d][u] / all : 0.0;
    for (int u = cap + 1; u <= EV_URA_MAX; u++) ura[u] = 0.0;
    return all;
}

/* The hand c (14-3k tiles, the winning one included) as the scorer takes it, a tsumo (its winning
   kind left to the caller). riichi: 0 none, 1 under riichi, 2 under riichi on the first draw after
   the declaration (ippatsu). */
static void win_hand(const ctx_t *x, const uint8_t *c, unsigned reds, int riichi, ym_hand_t *h) {
    const ym_ev_input_t *in = x->in;
    memset(h, 0, sizeof *h);
    memcpy(h->counts, c, 34);
    /* red=False counts every red five as plain, the melds' too (the state keys hold no red then) */
    h->reds = (uint8_t)(((reds & 1) + (reds >> 1 & 1) + (reds >> 2 & 1)) + (in->red ? in->meld_reds : 0));
    h->n_melds = in->n_melds;
    for (int m = 0; m < in->n_melds; m++) {
        h->meld_type[m] = in->meld_type[m];
        h->meld_tile[m] = in->meld_tile[m];
    }
    h->seat_wind = in->seat_wind;
    h->round_wind = in->round_wind;
    h->n_dora = in->n_dora;
    memcpy(h->dora, in->dora, in->n_dora);
    h->kita = in->kita;
    h->honba = in->honba;   /* ryanhan shibari reads it (the payments are hand_value's) */
    h->riichi_sticks = in->riichi_sticks;
    h->flags = (uint16_t)(YM_F_TSUMO | (riichi ? YM_F_RIICHI : 0) | (riichi == 2 ? YM_F_IPPATSU : 0));
}

/* The value of a tsumo the scorer gave (status st, s) on the complete hand c: 0 if no yaku; with
   riichi and ura dora, the expectation over the hand's ura_law `ura`, filled on first use
   (*ura_all < 0: not yet); under a riichi mode other than ALWAYS a riichi win also takes back the
   hand's own stick. */
static double win_worth(const ctx_t *x, const uint8_t *c, int st, const ym_score_t *s, int riichi, double *ura,
                        double *ura_all) {
    const ym_ev_input_t *in = x->in;
    if (st != YM_ST_OK) return 0.0;
    int dealer = in->seat_wind == 0;
    /* under aotenjou a yakuman's han (s->han) take the ura dora as any hand's */
    const int ao = in->rules->aotenjou, yk = ao ? 0 : s->yakuman;
    double v;
    if (!riichi || !in->uradora || in->n_dora == 0 || yk) {
        v = hand_value(x, s->han, s->fu, yk, dealer);
    } else {
        if (*ura_all < 0.0) *ura_all = ura_law(x, c, ura);
        if (*ura_all <= 0.0) {
            v = hand_value(x, s->han, s->fu, 0, dealer);
        } else {
            v = 0.0;
            for (int u = 0, cap = ura_cap(in->rules); u <= cap; u++)
                if (ura[u] > 0.0) v += ura[u] * hand_value(x, s->han + u, s->fu, 0, dealer);
        }
    }
    return v > 0.0 && riichi && x->choice ? v + YM_EV_STICK : v;
}

/* The value of the tsumo of kind k completing c: ym_ev_win_scores of that one kind */
static double win_score(const ctx_t *x, const uint8_t *c, unsigned reds, int k, int riichi, double *ura,
                       double *ura_all) {
    uint8_t kind = (uint8_t)k;
    double v;
    ym_ev_win_scores(x, c, reds, &kind, 1, riichi, ura, ura_all, &v);
    return v;
}

void ym_ev_win_scores(const ctx_t *x, const uint8_t *c, unsigned reds, const uint8_t *kinds, int n, int riichi,
                      double *ura, double *ura_all, double *out) {
    ym_hand_t h;
    ym_score_t s[EV_WINS_AT_ONCE];
    int st[EV_WINS_AT_ONCE];
    win_hand(x, c, reds, riichi, &h);
    for (int i0 = 0; i0 < n; i0 += EV_WINS_AT_ONCE) {
        int m = n - i0 < EV_WINS_AT_ONCE ? n - i0 : EV_WINS_AT_ONCE;
        ym_score_ex_wins(x->in->rules, &h, kinds + i0, m, s, st, 3);   /* lite 3: no payments (hand_value's) */
        for (int i = 0; i < m; i++) out[i0 + i] = win_worth(x, c, st[i], &s[i], riichi, ura, ura_all);
    }
}

/* riichi_mode CHOOSE / DECLARE: a state just declared (ni) with the riichi state of the same tiles
   and their wins. A hand under riichi keeps its tiles: a draw that does not win is discarded, so
   its wins are its only edges (a drawn winning tile may be passed up: the solve takes the larger
   of the win and staying). */
int ym_ev_link_riichi_pair(ctx_t *x, size_t ni) {
    ym_ev_work_t *w = x->w;
    uint8_t c[34];
    unsigned reds;
    node_t nd = load_node(x, ni, c, &reds);
    ev_key_t kr = nd.key;
    kr.k1 ^= 3ULL << 42;   /* bit 43 (just declared) -> bit 42 (under riichi) */
    kr.h += ZK[37] - ZK[38];
    long r = lookup(w, kr), d = lookup(w, key_with(nd.key, reds, 0));
    if (r < 0 || d < 0) return 0;   /* riichi_nodes makes all three */
    if (reserve((void **)&w->rp, &w->cap_rp, w->n_rp + 1, sizeof(struct rpair)) ||
        reserve((void **)&w->rw, &w->cap_rw, w->n_rw + 2 * 34, sizeof(struct rwin)))
        return -1;
    uint64_t drawable = kinds_above(x->base, c);
    int8_t sh[34];
    ym_shanten_neighbours(&x->w->pc, c, x->in->n_melds, 1, drawable, sh);
    struct rpair *p = &w->rp[w->n_rp++];
    p->f = nd.ci;
    p->r = w->nodes[r].ci;
    p->p = w->nodes[d].ci;
    p->off = (int32_t)w->n_rw;
    p->ww = 0.0;
    for (uint64_t m = drawable; m; m &= m - 1) {
        int k = ym_ctz64(m);
        if (sh[k] != -1) continue;
        int suit = five_suit(k), red_left = red_left_of(x, reds, suit);
        int wt[2] = {(int)x->base[k] - c[k] - red_left, red_left};
        double ura[EV_URA_MAX + 1], ura_all = -1.0;   /* one law for the complete hand (red fives as plain) */
        c[k]++;
        for (int red = 0; red < 2; red++) {
            if (wt[red] <= 0) continue;
            unsigned rd = red ? reds | 1u << suit : reds;
            double sr = win_score(x, c, rd, k, 1, ura, &ura_all);
            if (!(sr > 0.0)) continue;
            struct rwin *e = &w->rw[w->n_rw++];
            e->w = wt[red];
            e->s_r = sr;
            e->s_ipp = win_score(x, c, rd, k, 2, ura, &ura_all);
            p->ww += wt[red];
        }
        c[k]--;
    }
    p->end = (int32_t)w->n_rw;
    return 0;
}

/* riichi_mode CHOOSE / DECLARE, turn t, before the draw states' pass (vd at turn t + 1): a dama
   state whose draw goes to no discard state of the graph discards it (tsumogiri) and may declare
   riichi with that discard (riichi: a draw left after it) */
void ym_ev_riichi_stay_gain(ym_ev_work_t *w, const double *vd, int riichi) {
    for (size_t i = 0; i < w->n_rp; i++) {
        struct rpair *p = &w->rp[i];
        const double *P = vd + 4 * (size_t)p->p, *F = vd + 4 * (size_t)p->f;
        double g1 = F[1] - P[1], g2 = F[2] - YM_EV_STICK - P[2];
        p->g1 = riichi && g1 > 0.0 ? g1 : 0.0;
        p->g2 = riichi && g2 > 0.0 ? g2 : 0.0;
    }
}

/* riichi_mode CHOOSE / DECLARE, turn t, after the draw states' pass: the dama state's tsumogiri
   gain (its share of the draws, 1 - W / (S - t)); a state just declared moves after its first
   draw to the riichi state of the same tiles (at turn t + 1), whose value is read before it is
   updated in place; the win probability of both is the same (ippatsu only adds to the score) */
void ym_ev_riichi_pairs_step(ym_ev_work_t *w, double *vd, const double *W, double inv, int bounded) {
    for (size_t i = 0; i < w->n_rp; i++) {
        const struct rpair *p = &w->rp[i];
        double *F = vd + 4 * (size_t)p->f, *R = vd + 4 * (size_t)p->r, *P = vd + 4 * (size_t)p->p;
        double stay = 1.0 - W[p->p] * inv;
        P[1] += stay * p->g1;
        P[2] += stay * p->g2;
        if (bounded && P[1] > 1.0) P[1] = 1.0;
        double rs = R[2], sf = 0.0, sr = 0.0, ww = p->ww;
        for (int32_t j = p->off; j < p->end; j++) {
            const struct rwin *e = &w->rw[j];
            sf += e->w * (e->s_ipp > rs ? e->s_ipp : rs);
            sr += e->w * (e->s_r > rs ? e->s_r : rs);
        }
        double wp = R[1] + (ww - ww * R[1]) * inv;
        if (bounded && wp > 1.0) wp = 1.0;
        F[0] = R[0];
        F[1] = R[1] = wp;
        F[2] = rs + (sf - ww * rs) * inv;
        R[2] = rs + (sr - ww * rs) * inv;
    }
}

/* a row's values at turn t: its draw state p; with f (the riichi state its discard declares into,
   when a draw is left after the declaration) the better of dama and riichi less the stick, each
   quantity its own (declare: riichi) */
void ym_ev_put_row(ym_ev_row_t *row, int t, const double *p, const double *f, int declare) {
    double tp = p[0], wp = p[1], sc = p[2];
    int rch = 0;
    if (f) {
        double fs = f[2] - YM_EV_STICK;
        if (declare) {
            tp = f[0], wp = f[1], sc = fs, rch = 1;
        } else {
            if (f[0] > tp) tp = f[0];
            if (f[1] > wp) wp = f[1];
            if (fs > sc) sc = fs, rch = 1;
        }
    }
    row->tenpai[t] = tp;
    row->win[t] = wp;
    row->score[t] = sc;
    row->riichi[t] = (uint8_t)rch;
}

