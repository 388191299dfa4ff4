/* ym_yaku.c - yaku, yakuman multiples and fu of one reading (docs/rules.md sections 3 and 4).
 *
 * Invariants: the context (ym_ctx_t) describes a validated hand: counts 0..4 per kind (melds
 * included), honors of the concealed part in a regular reading are forced triplets/pair.
 * Yaku are built as uint64 masks (bits of yakuman.yaku.Yaku) with kind-mask tests:
 *   - hand-level yaku (situation, tanyao, flushes, honroutou, yakuhai, shousangen, most
 *     yakuman) are computed once per hand by ym_ctx_hand_yaku;
 *   - decomposition yaku (peikou, chanta/junchan, ittsu, sanshoku, toitoi, local sets) once per
 *     decomposition by ym_dec_yaku, as bit tests on the run fields (ym_score_int.h);
 *   - what depends on the winning group (pinfu, sanankou/suuankou with a ron-completed
 *     triplet, wait fu) per reading by ym_eval_regular.
 * Han per yaku: closed/open columns of docs/rules.md 3.2 (kuisagari). Fu: docs/rules.md 4.1-4.3; the fu
 * items a reading reports always sum to its fu.
 */
#include "ym_score_int.h"

#include <stddef.h>
#include <string.h>

/* han closed / open per yaku bit (0 = not a han yaku: yakuman, dora, or closed-only when open) */
static const uint8_t HAN_CLOSED[64] = {
    [YM_Y_MENZEN_TSUMO] = 1, [YM_Y_RIICHI] = 1, [YM_Y_IPPATSU] = 1, [YM_Y_CHANKAN] = 1,
    [YM_Y_RINSHAN] = 1, [YM_Y_HAITEI] = 1, [YM_Y_HOUTEI] = 1, [YM_Y_PINFU] = 1, [YM_Y_TANYAO] = 1,
    [YM_Y_IIPEIKOU] = 1, [10] = 1, [11] = 1, [12] = 1, [13] = 1, [14] = 1, [15] = 1, [16] = 1,
    [17] = 1, [YM_Y_HAKU] = 1, [YM_Y_HATSU] = 1, [YM_Y_CHUN] = 1, [YM_Y_DOUBLE_RIICHI] = 2,
    [YM_Y_CHIITOITSU] = 2, [YM_Y_CHANTA] = 2, [YM_Y_ITTSU] = 2, [YM_Y_SANSHOKU_DOUJUN] = 2,
    [YM_Y_SANSHOKU_DOUKOU] = 2, [YM_Y_SANKANTSU] = 2, [YM_Y_TOITOI] = 2, [YM_Y_SANANKOU] = 2,
    [YM_Y_SHOUSANGEN] = 2, [YM_Y_HONROUTOU] = 2, [YM_Y_RYANPEIKOU] = 3, [YM_Y_JUNCHAN] = 3,
    [YM_Y_HONITSU] = 3, [YM_Y_CHINITSU] = 6, [YM_Y_SANRENKOU] = 2, [YM_Y_ISSHOKU_SANJUN] = 2,
};
static const uint8_t HAN_OPEN[64] = {
    [YM_Y_CHANKAN] = 1, [YM_Y_RINSHAN] = 1, [YM_Y_HAITEI] = 1, [YM_Y_HOUTEI] = 1,
    [YM_Y_TANYAO] = 1, [10] = 1, [11] = 1, [12] = 1, [13] = 1, [14] = 1, [15] = 1, [16] = 1,
    [17] = 1, [YM_Y_HAKU] = 1, [YM_Y_HATSU] = 1, [YM_Y_CHUN] = 1, [YM_Y_CHANTA] = 1,
    [YM_Y_ITTSU] = 1, [YM_Y_SANSHOKU_DOUJUN] = 1, [YM_Y_SANSHOKU_DOUKOU] = 2,
    [YM_Y_SANKANTSU] = 2, [YM_Y_TOITOI] = 2, [YM_Y_SANANKOU] = 2, [YM_Y_SHOUSANGEN] = 2,
    [YM_Y_HONROUTOU] = 2, [YM_Y_JUNCHAN] = 2, [YM_Y_HONITSU] = 2, [YM_Y_CHINITSU] = 5,
    [YM_Y_SANRENKOU] = 2, [YM_Y_ISSHOKU_SANJUN] = 1,
};

/* The han of every byte value of a yaku mask, per byte position (closed, open): the han of a
 * mask is the sum of eight lookups, with no branch per yaku (each entry <= 8 x 6 = 48). Built by
 * ym_yaku_init, which ym_init calls before any scoring. */
static uint8_t HAN_BYTES[2][8][256];

/* The situation yaku of flag bits 0-7 (YM_F_TSUMO .. YM_F_HOUTEI), per haitei_with_rinshan
 * (0: a haitei tsumo that is also rinshan counts rinshan only). Built by ym_yaku_init. */
static uint64_t SITUATION_YAKU[2][256];

static uint64_t situation_yaku(unsigned fl, int haitei_with_rinshan) {
    uint64_t any = 0;
    any |= (uint64_t)((fl >> 2) & 1) << YM_Y_DOUBLE_RIICHI;                /* YM_F_DOUBLE_RIICHI */
    any |= (uint64_t)((fl >> 1) & 1 & ~(fl >> 2)) << YM_Y_RIICHI;          /* YM_F_RIICHI alone */
    any |= (uint64_t)((fl >> 3) & 1) << YM_Y_IPPATSU;                      /* YM_F_IPPATSU */
    any |= (uint64_t)((fl >> 5) & 1) << YM_Y_CHANKAN;                      /* YM_F_CHANKAN */
    any |= (uint64_t)((fl >> 4) & 1) << YM_Y_RINSHAN;                      /* YM_F_RINSHAN */
    any |= (uint64_t)((fl >> 6) & 1 & (~(fl >> 4) | (haitei_with_rinshan != 0))) << YM_Y_HAITEI;
    any |= (uint64_t)((fl >> 7) & 1) << YM_Y_HOUTEI;                       /* YM_F_HOUTEI */
    return any;
}

/* The fu of a pair of each honor kind, a byte each (kinds 27-33), by seat and round wind: dragons
 * 2, the seat or the round wind 2; a wind that is both gets the rules' double_wind_pair_fu, as
 * that value times PAIR_FU_DOUBLE (its byte's low bit; 0 when the two winds differ). Built by
 * ym_yaku_init. */
static uint64_t PAIR_FU[4][4], PAIR_FU_DOUBLE[4][4];

static void pair_fu_words(int seat, int round, uint64_t *plain, uint64_t *dbl_bit) {
    int ss = 8 * seat, rs = 8 * round;
    uint64_t pfw = (0x020202ULL << 32) + (2ULL << ss) + (2ULL << rs);
    uint64_t dbl = (0 - (uint64_t)(ss == rs)) & (0xFFULL << ss);
    *plain = pfw & ~dbl;
    *dbl_bit = dbl & (1ULL << ss);
}

void ym_yaku_init(void) {
    for (int h = 0; h < 2; h++)
        for (unsigned fl = 0; fl < 256; fl++) SITUATION_YAKU[h][fl] = situation_yaku(fl, h);
    for (int sw = 0; sw < 4; sw++)
        for (int rw = 0; rw < 4; rw++) pair_fu_words(sw, rw, &PAIR_FU[sw][rw], &PAIR_FU_DOUBLE[sw][rw]);
    for (int o = 0; o < 2; o++)
        for (int j = 0; j < 8; j++)
            for (int v = 0; v < 256; v++) {
                int sum = 0;
                for (int b = 0; b < 8; b++)
                    if (v >> b & 1) sum += (o ? HAN_OPEN : HAN_CLOSED)[8 * j + b];
                HAN_BYTES[o][j][v] = (uint8_t)sum;
            }
}

ym_meld_fact_t ym_meld_facts[5][34];

void ym_meld_facts_init(void) {
    for (int ty = 0; ty <= YM_ANKAN; ty++)
        for (int t = 0; t < 34; t++) {
            ym_meld_fact_t *m = &ym_meld_facts[ty][t];
            int chi = ty == YM_CHI, size = chi ? 1 : ty == YM_PON ? 3 : 4, r9 = t % 9, suit = t < 27;
            int bad_chi = chi && (!suit || r9 > 6);
            memset(m, 0, sizeof *m);
            m->runs = chi && !bad_chi ? 1ULL << YM_RF_SHIFT(t) : 0;
            m->span = (chi ? 7ULL : 1ULL) << t;
            m->add = chi ? 0x010101u : (uint32_t)size;
            m->fives = (uint8_t)(chi ? (suit && r9 >= 2 && r9 <= 4) : (suit && r9 == 4) ? size : 0);
            m->fu = (uint8_t)ym_meld_fu(ty, t);
            m->flags = (uint8_t)((chi ? 0 : YM_MF_TRI) | (ty >= YM_MINKAN ? YM_MF_KAN : 0) |
                                 (ty == YM_ANKAN ? YM_MF_ANKAN : YM_MF_OPEN) | (bad_chi ? YM_MF_BAD_CHI : 0));
        }
}

int ym_yaku_han(const ym_ctx_t *c, uint64_t mask, uint8_t *han_of) {
    const uint8_t *t = c->open ? HAN_OPEN : HAN_CLOSED;
    int han = 0;
    if (!han_of) {
        const uint8_t(*hb)[256] = HAN_BYTES[c->open != 0];
        for (int j = 0; j < 5; j++) han += hb[j][(mask >> (8 * j)) & 0xFF];
        if (mask >> 40) /* bits 40 and up: the local yaku (and dora counts), seldom set */
            for (int j = 5; j < 8; j++) han += hb[j][(mask >> (8 * j)) & 0xFF];
        return han;
    }
    while (mask) {
        int b = ym_ctz64(mask);
        mask &= mask - 1;
        han += t[b];
        if (han_of) han_of[b] = t[b];
    }
    return han;
}

int ym_yakuman_multiple(const ym_ctx_t *c, uint64_t *mask, uint8_t *han_of) {
    const ym_rules_t *r = c->r;
    uint64_t m = *mask;
    int total = 0, best = 0, best_bit = -1;
    while (m) {
        int b = ym_ctz64(m), v = 1;
        m &= m - 1;
        switch (b) {
        case YM_Y_SUUANKOU_TANKI: v = (r->double_yakuman & YM_DY_SUUANKOU_TANKI) ? 2 : 1; break;
        case YM_Y_KOKUSHI_13: v = (r->double_yakuman & YM_DY_KOKUSHI_13) ? 2 : 1; break;
        case YM_Y_JUNSEI_CHUUREN_POUTOU: v = (r->double_yakuman & YM_DY_JUNSEI_CHUUREN) ? 2 : 1; break;
        case YM_Y_DAISUUSHII: v = (r->double_yakuman & YM_DY_DAISUUSHII) ? 2 : 1; break;
        case YM_Y_RYUUIISOU: v = (r->junryokuisou_double && c->full[32] == 0) ? 2 : 1; break;
        case YM_Y_TENHOU: v = r->tenhou_multiplier ? r->tenhou_multiplier : 1; break;
        case YM_Y_TSUUIISOU: /* daichisei: exactly two of each of the seven honors */
            v = ((r->local_yaku & YM_L_DAICHISEI) && c->full[27] == 2 && c->full[28] == 2 && c->full[29] == 2 &&
                 c->full[30] == 2 && c->full[31] == 2 && c->full[32] == 2 && c->full[33] == 2) ? 2 : 1;
            break;
        default: break;
        }
        if (han_of) han_of[b] = (uint8_t)(13 * v);
        total += v;
        if (v > best) { best = v; best_bit = b; }
    }
    if (!r->yakuman_stacking && best_bit >= 0) {
        *mask = YM_BIT(best_bit);
        total = best;
    }
    if (total > r->yakuman_cap) total = r->yakuman_cap;
    return total;
}

/* Shape of a closed one-suit hand: 1112345678999 + one tile of the suit. Returns the rank of
 * the extra tile (0..8), or -1. */
static int chuuren_extra(const uint8_t *c9) {
    static const uint8_t base[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    int extra = -1;
    for (int i = 0; i < 9; i++) {
        int d = (int)c9[i] - base[i];
        if (d < 0 || d > 1) return -1;
        if (d == 1) {
            if (extra >= 0) return -1;
            extra = i;
        }
    }
    return extra;
}

static const uint8_t MELD_FU_CODE[5] = {0, YM_FU_MINKOU, YM_FU_MINKAN, YM_FU_MINKAN, YM_FU_ANKAN};

void ym_ctx_hand_yaku(ym_ctx_t *c) {
    const ym_rules_t *r = c->r;
    const ym_hand_t *h = c->h;
    const uint8_t *f = c->full;
    uint64_t p = c->present;
    unsigned fl = h->flags;
    int closed = !c->open;
    uint64_t any = 0, reg = 0, anyy = 0, regy = 0;

    /* situation: flag bits 1-7 -> yaku bits (SITUATION_YAKU), menzen tsumo */
    any = SITUATION_YAKU[r->haitei_with_rinshan != 0][fl & 0xFF] |
          (uint64_t)(closed & c->tsumo) << YM_Y_MENZEN_TSUMO;

    /* tiles */
    if (!(p & YM_M_YAOCHUU) && (closed || r->kuitan)) any |= YM_BIT(YM_Y_TANYAO);
    int suits = !!(p & YM_M_MAN) + !!(p & YM_M_PIN) + !!(p & YM_M_SOU);
    if (suits == 1) any |= (p & YM_M_HONOR) ? YM_BIT(YM_Y_HONITSU) : YM_BIT(YM_Y_CHINITSU);
    if (!(p & ~YM_M_YAOCHUU) && (p & YM_M_TERM) && (p & YM_M_HONOR)) any |= YM_BIT(YM_Y_HONROUTOU);

    /* yakuman of every form */
    if (fl & YM_F_TENHOU) anyy |= YM_BIT(YM_Y_TENHOU);
    if (fl & YM_F_CHIIHOU) anyy |= YM_BIT(YM_Y_CHIIHOU);
    if ((fl & YM_F_RENHOU) && r->renhou == YM_RENHOU_YAKUMAN) anyy |= YM_BIT(YM_Y_RENHOU);
    /* every tile-set yakuman below needs one suit or fewer, or terminals and honors only */
    const int narrow = suits <= 1 || !(p & ~YM_M_YAOCHUU);
    if (narrow && (r->local_yaku & YM_L_HYAKUMAN_GOKU) && !(p & ~YM_M_MAN)) {
        int sum = 0;
        for (int i = 0; i < 9; i++) sum += f[i] * (i + 1);
        if (sum >= 100) anyy |= YM_BIT(YM_Y_HYAKUMAN_GOKU);
    }
    if (narrow && (r->local_yaku & YM_L_DAISHARIN) && h->n_melds == 0 && suits == 1 && !(p & YM_M_HONOR)) {
        int s = (p & YM_M_MAN) ? 0 : (p & YM_M_PIN) ? 1 : 2;
        if (s == 1 || r->daisharin_any_suit) {
            const uint8_t *q = f + 9 * s;
            int ok = q[0] == 0 && q[8] == 0;
            for (int i = 1; i < 8 && ok; i++) ok = q[i] == 2;
            if (ok) anyy |= YM_BIT(YM_Y_DAISHARIN);
        }
    }

    /* the fu of a pair of each honor kind, a byte each (eval_regular's pair_fu; PAIR_FU) */
    int sw = c->seat_k - 27, rw = c->round_k - 27;
    c->pair_fu = PAIR_FU[sw][rw] | r->double_wind_pair_fu * PAIR_FU_DOUBLE[sw][rw];

    /* regular form, independent of the decomposition (honors are forced sets). Honor counts
     * word-wise (bytes 0..4): at least 3 = bit 2, or bits 0 and 1; exactly 2 = bit 1 alone. */
    static const uint8_t POP4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    uint64_t hw = ym_load8(f + 26) >> 8; /* kinds 27..33 */
    unsigned set3 = (unsigned)(((((hw >> 2) | (hw & (hw >> 1))) & YM_B01) * 0x0102040810204080ULL) >> 56);
    unsigned two = (unsigned)(((((hw >> 1) & ~hw & ~(hw >> 2)) & YM_B01) * 0x0102040810204080ULL) >> 56);
    int d3 = POP4[set3 >> 4], d2 = POP4[two >> 4], w3 = POP4[set3 & 15], w2 = POP4[two & 15];
    reg |= (uint64_t)(set3 >> 4) << YM_Y_HAKU; /* haku hatsu chun: consecutive bits */
    reg |= (uint64_t)((set3 >> (c->seat_k - 27)) & 1) << (YM_Y_JIKAZE_TON + (c->seat_k - 27));
    reg |= (uint64_t)((set3 >> (c->round_k - 27)) & 1) << (YM_Y_BAKAZE_TON + (c->round_k - 27));
    if (d3 == 3) regy |= YM_BIT(YM_Y_DAISANGEN);
    else if (d3 == 2 && d2 == 1) reg |= YM_BIT(YM_Y_SHOUSANGEN);
    if (w3 == 4) regy |= YM_BIT(YM_Y_DAISUUSHII);
    else if (w3 == 3 && w2 == 1) regy |= YM_BIT(YM_Y_SHOUSUUSHII);
    if (c->n_kans == 4) regy |= YM_BIT(YM_Y_SUUKANTSU);
    else if (c->n_kans == 3) reg |= YM_BIT(YM_Y_SANKANTSU);
    if (narrow) {
        if (!(p & ~YM_M_HONOR)) regy |= YM_BIT(YM_Y_TSUUIISOU);
        if (!(p & ~YM_M_TERM)) regy |= YM_BIT(YM_Y_CHINROUTOU);
        if (!(p & ~YM_M_GREEN) && (!r->green_requires_hatsu || f[32])) regy |= YM_BIT(YM_Y_RYUUIISOU);
        if (h->n_melds == 0 && suits == 1 && !(p & YM_M_HONOR)) {
            int s = (p & YM_M_MAN) ? 0 : (p & YM_M_PIN) ? 1 : 2;
            if (s == 0 || !r->chuuren_manzu_only) {
                int e = chuuren_extra(f + 9 * s);
                if (e >= 0)
                    regy |= YM_BIT(e == c->win - 9 * s ? YM_Y_JUNSEI_CHUUREN_POUTOU : YM_Y_CHUUREN_POUTOU);
            }
        }
        if ((r->local_yaku & YM_L_BENI_KUJAKU) && (p & ~YM_M_BENI) == 0 && p == YM_M_BENI)
            regy |= YM_BIT(YM_Y_BENI_KUJAKU);
    }

    c->min_han = r->ryanhan_shibari && h->honba >= 5 ? 2 : 1;
    /* the local rules (flag bits 11-15, checked against the rules by ym_local_flags_bad) */
    c->ext_han = (fl & YM_F_OPEN_RIICHI) != 0;
    c->ext_sashikomi = (fl & YM_F_SASHIKOMI) != 0 && !c->tsumo;
    c->ext_paarenchan = (int)(fl >> YM_F_PAARENCHAN_SHIFT) & YM_F_PAARENCHAN_MAX;
    c->ext = r->aotenjou || (fl >> 11);

    c->any_yaku = any;
    c->reg_yaku = reg;
    c->any_yakuman = anyy;
    c->reg_yakuman = regy;
}

uint64_t ym_dec_yaku(const ym_ctx_t *c, const ym_dec_t *d) {
    const ym_rules_t *r = c->r;
    uint64_t y = 0;
    uint64_t tri = d->ctri | c->meld_tri;
    uint64_t rf = d->runs + c->chi_runs; /* every run, concealed and called (fields <= 4) */
    uint64_t lo = rf & YM_RF_LO, mid = (rf >> 1) & YM_RF_LO, hi = (rf >> 2) & YM_RF_LO;
    uint64_t nz = lo | mid | hi;         /* low bit of each field holding a run */
    int closed = !c->open;
    /* identical runs: 4 (hi), 3 (lo and mid), 2 (mid alone) */
    int peikou = 0;
    if (!(r->local_yaku & (YM_L_ISSHOKU_SANJUN | YM_L_ISSHOKU_YONJUN))) {
        if (closed) peikou = ym_field_sum(mid | hi) + ym_field_sum(hi);
    } else {
        if (hi) {
            if (r->local_yaku & YM_L_ISSHOKU_YONJUN) y |= YM_BIT(YM_Y_ISSHOKU_YONJUN);
            else if (closed) peikou += 2;
            else if (r->local_yaku & YM_L_ISSHOKU_SANJUN) y |= YM_BIT(YM_Y_ISSHOKU_SANJUN);
        }
        if (lo & mid) {
            if (r->local_yaku & YM_L_ISSHOKU_SANJUN) y |= YM_BIT(YM_Y_ISSHOKU_SANJUN);
            else if (closed) peikou += 1;
        }
        if (closed) peikou += ym_field_sum(mid & ~lo);
    }
    y |= (uint64_t)(peikou >= 2) << YM_Y_RYANPEIKOU | (uint64_t)(peikou == 1) << YM_Y_IIPEIKOU;

    /* runs 123 / 789 only (fields 0 and 6 of each suit) */
    if (nz && !(nz & ~(0x40001ULL * (1 | (1ULL << 21) | (1ULL << 42)))) && !(tri & ~YM_M_YAOCHUU) &&
        (YM_K(d->pair) & YM_M_YAOCHUU))
        y |= (c->present & YM_M_HONOR) ? YM_BIT(YM_Y_CHANTA) : YM_BIT(YM_Y_JUNCHAN);
    /* fields 0, 3, 6 of a suit: 123 456 789 (at most one suit holds three runs of four) */
    uint64_t it = nz & (nz >> 9) & (nz >> 18) & (1 | (1ULL << 21) | (1ULL << 42));
    int ittsu_suit = it ? ym_ctz64(it) / 21 : -1;
    y |= (uint64_t)(it != 0) << YM_Y_ITTSU;
    y |= (uint64_t)((nz & (nz >> 21) & (nz >> 42) & 0x1FFFFF) != 0) << YM_Y_SANSHOKU_DOUJUN;
    y |= (uint64_t)((tri & (tri >> 9) & (tri >> 18) & 0x1FF) != 0) << YM_Y_SANSHOKU_DOUKOU;
    y |= (uint64_t)(nz == 0) << YM_Y_TOITOI;

    if (r->local_yaku & (YM_L_SANRENKOU | YM_L_SUURENKOU)) {
        uint64_t st = tri & YM_M_SUITS;
        uint64_t three = st & (st >> 1) & (st >> 2) & YM_M_RUN_START;
        if (three) {
            uint64_t four = three & (st >> 3) & YM_M_FOUR_START;
            if (four && (r->local_yaku & YM_L_SUURENKOU)) y |= YM_BIT(YM_Y_SUURENKOU);
            else if (r->local_yaku & YM_L_SANRENKOU) y |= YM_BIT(YM_Y_SANRENKOU);
        }
    }
    if ((r->local_yaku & YM_L_TOUHOKU_SHINKANSEN) && ittsu_suit >= 0 &&
        (ittsu_suit == 2 || !r->touhoku_souzu_only)) {
        if (((tri & YM_K(27)) && d->pair == 30) || ((tri & YM_K(30)) && d->pair == 27))
            y |= YM_BIT(YM_Y_TOUHOKU_SHINKANSEN);
    }
    return y;
}

/* Fu of a yakuhai pair (0 for a guest wind or a number). */
/* The wait's fu item (kanchan, penchan, tanki: 2; none for the others), by YM_WAIT_*. */
static const uint8_t WAIT_FU[YM_WAIT_KOKUSHI_13 + 1] = {[YM_WAIT_KANCHAN] = 2, [YM_WAIT_PENCHAN] = 2,
                                                      [YM_WAIT_TANKI] = 2};
static const uint8_t WAIT_FU_CODE[YM_WAIT_KOKUSHI_13 + 1] = {
    [YM_WAIT_KANCHAN] = YM_FU_KANCHAN, [YM_WAIT_PENCHAN] = YM_FU_PENCHAN, [YM_WAIT_TANKI] = YM_FU_TANKI};

/* The fu of a pair of kind `pair`: c->pair_fu holds the honors' (ym_ctx_hand_yaku), 0 for
 * suit kinds (the shift past its seven bytes). */
static inline int pair_fu(const ym_ctx_t *c, int pair) {
    int sh = pair >= 27 ? 8 * (pair - 27) : 56;
    return (int)((c->pair_fu >> sh) & 0xFF);
}

#define FU_ADD(code_, tile_, v_)                                                     \
    do {                                                                             \
        int v__ = (v_);                                                              \
        fu += v__;                                                                   \
        if (det && v__ && det->n_fu < 12) { /* (no item of 0 fu) */                  \
            ym_fu_item_t *it__ = &det->fu_items[det->n_fu++];                        \
            it__->code = (uint8_t)(code_);                                           \
            it__->tile = (uint8_t)(tile_);                                           \
            it__->fu = (uint8_t)v__;                                                 \
        }                                                                            \
    } while (0)

#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline void finish_eval(const ym_ctx_t *c, uint64_t y, uint64_t ym, ym_eval_t *e, ym_score_t *det) {
    if (c->ext) { /* a local rule in play: a rule constant, so a predictable branch */
        ym_finish_ext(c, y, ym, e, det);
        return;
    }
    if (ym) {
        e->yakuman = ym_yakuman_multiple(c, &ym, det ? det->han_of : NULL);
        e->yaku = ym;
        e->han = 0;
        e->valid = 1;
    } else {
        e->yakuman = 0;
        e->yaku = y;
        e->han = ym_yaku_han(c, y, det ? det->han_of : NULL);
        e->valid = e->han >= c->min_han;
    }
}

/* One body for both entry points; inlined, so the search's copy (det = NULL) drops the details. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline void eval_regular(const ym_ctx_t *c, const ym_dec_t *d, uint64_t dy, int wg, int wait, ym_eval_t *e,
                                ym_score_t *det) {
    const ym_rules_t *r = c->r;
    const ym_hand_t *h = c->h;
    int ron = !c->tsumo;
    int shanpon_ron = ron && wg == YM_WG_SHANPON;
    uint64_t y = c->any_yaku | c->reg_yaku | (dy & ~YM_YAKUMAN_MASK);
    uint64_t ym = c->any_yakuman | c->reg_yakuman | (dy & YM_YAKUMAN_MASK);
    /* the concealed triplets: the concealed sets (4 - melds) that are not runs */
    int ntri = 4 - h->n_melds - ym_field_sum(d->runs);
    int anko = ntri - shanpon_ron + c->n_ankan;
    if (anko == 4) ym |= YM_BIT(wg == YM_WG_TANKI ? YM_Y_SUUANKOU_TANKI : YM_Y_SUUANKOU);
    else if (anko == 3) y |= YM_BIT(YM_Y_SANANKOU);
    int pf = pair_fu(c, d->pair);
    /* four runs: no triplet at all (no meld either) */
    int pinfu = (h->n_melds == 0) & (d->ctri == 0) & (wait == YM_WAIT_RYANMEN) & (pf == 0) &
                (ron | (r->tsumo_pinfu != 0)); /* & of 0/1 values: no branch per condition */
    y |= (uint64_t)pinfu << YM_Y_PINFU;
    finish_eval(c, y, ym, e, det);

    /* Every term below is its value times its condition (no branch per term; an item of 0 fu is
     * not listed). Pinfu: 20 + 10 for the ron, nothing else (no tsumo fu; a ryanmen wait, no
     * triplet, no pair fu, no meld, and 20 or 30 need no rounding). */
    int fu = 0;
    FU_ADD(YM_FU_BASE, 255, 20);
    FU_ADD(YM_FU_MENZEN_RON, 255, 10 * ((c->open == 0) & ron));
    FU_ADD(YM_FU_TSUMO, 255, ((h->flags & YM_F_RINSHAN) ? r->rinshan_tsumo_fu : 2) * (c->tsumo & (pinfu ^ 1)));
    FU_ADD(WAIT_FU_CODE[wait], c->win, WAIT_FU[wait]);
    FU_ADD(YM_FU_PAIR, d->pair, pf);
    if (det) {
        for (uint64_t t = d->ctri; t; t &= t - 1) {
            int k = ym_ctz64(t);
            int yao = (int)((YM_M_YAOCHUU >> k) & 1);
            if (shanpon_ron && k == c->win) FU_ADD(YM_FU_MINKOU, k, yao ? 4 : 2);
            else FU_ADD(YM_FU_ANKOU, k, yao ? 8 : 4);
        }
    } else { /* the same items' sum without a loop: 4 per triplet, 8 for terminals and honors,
              * the ron-completed one (shanpon ron: the winning kind) halved */
        fu += 4 * (ntri + ym_yaochuu_count(d->ctri));
        fu -= shanpon_ron ? 2 << ((YM_M_YAOCHUU >> c->win) & 1) : 0;
    }
    if (det) {
        for (int i = 0; i < h->n_melds; i++) {
            int ty = h->meld_type[i], k = h->meld_tile[i];
            if (ty != YM_CHI && ty <= YM_ANKAN) FU_ADD(MELD_FU_CODE[ty], k, ym_meld_fu(ty, k));
        }
    } else {
        fu += c->meld_fu; /* the same items' sum (prepare, ym_score.c) */
    }
    /* an open hand's 20 fu ron: the open-pinfu value; else the round-up to tens */
    int fu0 = fu, op = c->open & ron & (fu0 == 20);
    FU_ADD(YM_FU_OPEN_PINFU, 255, op && r->open_pinfu_fu > 20 ? r->open_pinfu_fu - 20 : 0);
    FU_ADD(YM_FU_ROUND_UP, 255, op ? 0 : (fu0 + 9) / 10 * 10 - fu0);
    e->fu = fu;
}

void ym_eval_regular(const ym_ctx_t *c, const ym_dec_t *d, uint64_t dy, int wg, int wait, ym_eval_t *e,
                     ym_score_t *det) {
    eval_regular(c, d, dy, wg, wait, e, det);
}

void ym_eval_regular_value(const ym_ctx_t *c, const ym_dec_t *d, uint64_t dy, int wg, int wait, ym_eval_t *e) {
    eval_regular(c, d, dy, wg, wait, e, NULL);
}

void ym_eval_chiitoitsu(const ym_ctx_t *c, ym_eval_t *e, ym_score_t *det) {
    uint64_t y = c->any_yaku | YM_BIT(YM_Y_CHIITOITSU);
    uint64_t ym = c->any_yakuman;
    if (!(c->present & ~YM_M_HONOR) && c->r->tsuuiisou_chiitoitsu) ym |= YM_BIT(YM_Y_TSUUIISOU);
    finish_eval(c, y, ym, e, det);
    int fu = 0;
    FU_ADD(YM_FU_CHIITOITSU, 255, c->r->chiitoitsu_fu);
    e->fu = fu;
}

void ym_eval_kokushi(const ym_ctx_t *c, ym_eval_t *e, ym_score_t *det) {
    uint64_t ym = c->any_yakuman | YM_BIT(c->full[c->win] == 2 ? YM_Y_KOKUSHI_13 : YM_Y_KOKUSHI);
    finish_eval(c, 0, ym, e, det);
    int fu = 0; /* Tenhou reports no fu for kokushi; aotenjou counts 40 on a ron, 30 on a tsumo */
    if (c->r->aotenjou) FU_ADD(YM_FU_AOTENJOU_KOKUSHI, 255, c->tsumo ? 30 : 40);
    e->fu = fu;
}

/* Aotenjou: the yaku a yakuman contains, removed when it scores beside them (the reference
 * package's list, docs/rules.md 3.7, plus the local yakuman's evident ones). */
static uint64_t aotenjou_precursors(uint64_t ym) {
    static const struct { uint8_t yakuman; uint64_t removes; } P[] = {
        {YM_Y_DAISANGEN, YM_BIT(YM_Y_HAKU) | YM_BIT(YM_Y_HATSU) | YM_BIT(YM_Y_CHUN) | YM_BIT(YM_Y_SHOUSANGEN)},
        {YM_Y_TSUUIISOU, YM_BIT(YM_Y_TOITOI) | YM_BIT(YM_Y_HONROUTOU)},
        {YM_Y_DAISUUSHII, YM_BIT(YM_Y_TOITOI)},
        {YM_Y_SUUANKOU, YM_BIT(YM_Y_TOITOI) | YM_BIT(YM_Y_SANANKOU)},
        {YM_Y_SUUANKOU_TANKI, YM_BIT(YM_Y_TOITOI) | YM_BIT(YM_Y_SANANKOU)},
        {YM_Y_CHINROUTOU, YM_BIT(YM_Y_TOITOI) | YM_BIT(YM_Y_HONROUTOU)},
        {YM_Y_SUUKANTSU, YM_BIT(YM_Y_TOITOI) | YM_BIT(YM_Y_SANKANTSU)},
        {YM_Y_CHUUREN_POUTOU, YM_BIT(YM_Y_CHINITSU)},
        {YM_Y_JUNSEI_CHUUREN_POUTOU, YM_BIT(YM_Y_CHINITSU)},
        {YM_Y_DAISHARIN, YM_BIT(YM_Y_CHINITSU) | YM_BIT(YM_Y_PINFU) | YM_BIT(YM_Y_TANYAO) |
                             YM_BIT(YM_Y_RYANPEIKOU) | YM_BIT(YM_Y_CHIITOITSU)},
        {YM_Y_RYUUIISOU, YM_BIT(YM_Y_HONITSU)},
        {YM_Y_SUURENKOU, YM_BIT(YM_Y_TOITOI) | YM_BIT(YM_Y_SANRENKOU)},
        {YM_Y_ISSHOKU_YONJUN, YM_BIT(YM_Y_ISSHOKU_SANJUN) | YM_BIT(YM_Y_RYANPEIKOU) | YM_BIT(YM_Y_IIPEIKOU)},
        {YM_Y_BENI_KUJAKU, YM_BIT(YM_Y_TOITOI) | YM_BIT(YM_Y_HONITSU)},
    };
    uint64_t out = 0;
    for (size_t i = 0; i < sizeof P / sizeof P[0]; i++)
        if (ym & YM_BIT(P[i].yakuman)) out |= P[i].removes;
    return out;
}

/* finish_eval with the local rules (docs/rules.md 3.7):
 *  - open riichi: riichi / double riichi count one han more (ext_han; it is yaku han, so it
 *    counts for ryanhan shibari);
 *  - sashikomi: one yakuman more; paarenchan: ext_paarenchan yakuman more, with
 *    paarenchan_needs_yaku only on a reading that has another yaku (or yakuman), else on any
 *    complete reading (it then wins without yaku);
 *  - the extra yakuman stack with the hand's own (one sum, capped at yakuman_cap); without
 *    yakuman_stacking only the largest single one counts (on a tie the hand's own, then
 *    sashikomi: the lowest Yaku bit, as the reference scorer picks);
 *  - aotenjou: the yakuman's 13 han per multiple are added to the ordinary yaku (their
 *    precursors removed), and the reading is valid with any yakuman or with enough yaku han;
 *    otherwise a yakuman reading reports only its yakuman, as without the local rules. */
void ym_finish_ext(const ym_ctx_t *c, uint64_t y, uint64_t ym, ym_eval_t *e, ym_score_t *det) {
    const ym_rules_t *r = c->r;
    uint8_t *han_of = det ? det->han_of : NULL;
    int own = ym ? ym_yakuman_multiple(c, &ym, han_of) : 0;
    /* open riichi's han go with the riichi yaku of the reading (a kokushi reading under aotenjou
     * lists none, as the reference package counts it); sashikomi needs only the declaration */
    int riichi = (y & (YM_BIT(YM_Y_RIICHI) | YM_BIT(YM_Y_DOUBLE_RIICHI))) != 0;
    int open_riichi = riichi && c->ext_han;
    int sashikomi = c->ext_sashikomi;
    /* paarenchan needs another yaku: any yaku bit (before the aotenjou filter) or yakuman */
    int paa = c->ext_paarenchan;
    if (paa && r->paarenchan_needs_yaku && !y && !own && !sashikomi) paa = 0;
    int total = own + sashikomi + paa;
    if (!r->yakuman_stacking && total > 0) {
        /* the largest single yakuman: the hand's own (ym_yakuman_multiple kept its largest),
         * paarenchan, sashikomi */
        if (own >= paa && own >= sashikomi && own > 0) {
            sashikomi = paa = 0;
        } else if (paa > sashikomi) { /* (a tie: sashikomi, the lower Yaku bit) */
            own = 0, ym = 0, sashikomi = 0;
        } else {
            own = 0, ym = 0, paa = 0;
        }
        total = own + sashikomi + paa;
    }
    if (total > r->yakuman_cap) total = r->yakuman_cap;
    e->ext = (open_riichi ? YM_X_OPEN_RIICHI : 0) | (sashikomi ? YM_X_SASHIKOMI : 0) | (paa ? YM_X_PAARENCHAN : 0);
    if (det) {
        det->han_ext[0] = 0;
        det->han_ext[1] = (uint8_t)(13 * sashikomi);
        det->han_ext[2] = (uint8_t)(13 * paa > 255 ? 255 : 13 * paa);
    }
    if (r->aotenjou) {
        if (total > 0) y &= ~aotenjou_precursors(ym);
        int yh = ym_yaku_han(c, y, han_of) + open_riichi;
        if (det && open_riichi) det->han_ext[0] = (uint8_t)(han_of[(y & YM_BIT(YM_Y_RIICHI)) ? YM_Y_RIICHI : YM_Y_DOUBLE_RIICHI] + 1);
        e->yakuman = total;
        e->yaku = y | ym;
        e->han = yh + 13 * total;
        e->valid = total > 0 || yh >= c->min_han;
        return;
    }
    if (total > 0) {
        e->ext &= ~YM_X_OPEN_RIICHI;
        e->yakuman = total;
        e->yaku = ym;
        e->han = 0;
        e->valid = 1;
        return;
    }
    e->yakuman = 0;
    e->yaku = y;
    e->han = ym_yaku_han(c, y, han_of) + open_riichi;
    if (det && open_riichi) det->han_ext[0] = (uint8_t)(han_of[(y & YM_BIT(YM_Y_RIICHI)) ? YM_Y_RIICHI : YM_Y_DOUBLE_RIICHI] + 1);
    e->valid = e->han >= c->min_han;
}
