/* ym_score.c - score one winning hand: check the input, enumerate every reading, keep the best.
 *
 * Readings (docs/rules.md 4.4): every decomposition of the concealed tiles into sets and one pair
 * (per suit from the decomposition table, ym_suit_decs; honors are forced: 3 = triplet,
 * 2 = pair) x every group that can hold the winning tile (pair -> tanki, concealed triplet ->
 * shanpon, each distinct run -> ryanmen / kanchan / penchan), plus chiitoitsu and kokushi.
 * The chosen reading has the highest hand value; ties go to a real yakuman (over kazoe), then
 * more han, then more fu. Fixed-value wins (renhou as mangan/baiman, shiisanputa as mangan)
 * replace the hand's value unless the hand is worth strictly more; they report fu 0.
 *
 * ym_score_readings keeps every reading and scores each one alone, through the same code that
 * finishes the chosen one (so its first reading is ym_score's result on a win).
 * ym_check_score is the batch row: ym_check_win_ctx, then the lite-2 search on the counts and
 * meld facts that check built. Readings are found in a fixed order (decompositions in table order; per
 * decomposition tanki, shanpon, then runs by start), which decides exact ties.
 *
 * No allocation; the input is validated first (YM_ST_BAD_INPUT, never undefined behaviour),
 * then the situation (YM_ST_INVALID_SITUATION: riichi on an open hand, tenhou by a
 * non-dealer, ...). Sanma: the dora after a 1m indicator is 9m (and 9m -> 1m); each kita is
 * one nuki dora and also counts as a North tile for dora/ura indicators (Tenhou).
 */
#include "ym_check.h"
#include "ym_score_int.h"
#include "ym_tables.h"

#include <string.h>

/* The hot path's static steps are inlined into the entry points (GCC / Clang). */
#if defined(__GNUC__) || defined(__clang__)
#define YM_STEP static inline __attribute__((always_inline))
#else
#define YM_STEP static inline
#endif

static const char *const REASONS[YM_R_COUNT] = {
    [YM_R_NONE] = "",
    [YM_R_BAD_COUNT] = "a tile count is outside 0..4",
    [YM_R_BAD_TOTAL] = "the concealed tiles do not fit the melds (14 - 3 x melds expected)",
    [YM_R_BAD_MELD] = "a meld is malformed (unknown type, bad tile or chi outside 1-7 of a suit)",
    [YM_R_BAD_WIN] = "the winning tile is not among the concealed tiles",
    [YM_R_FIVE_COPIES] = "more than four copies of a tile counting melds and kita",
    [YM_R_BAD_WIND] = "seat or round wind outside E S W N",
    [YM_R_BAD_INDICATOR] = "a dora indicator is not a tile, or too many indicators",
    [YM_R_BAD_REDS] = "more red fives than fives held",
    [YM_R_RIICHI_OPEN] = "riichi, double riichi or ippatsu on an open hand",
    [YM_R_BOTH_RIICHI] = "riichi and double riichi together",
    [YM_R_IPPATSU_NO_RIICHI] = "ippatsu without riichi",
    [YM_R_IPPATSU_RINSHAN] = "ippatsu with rinshan (the own kan ends ippatsu)",
    [YM_R_TENHOU] = "tenhou needs the dealer's tsumo with no meld",
    [YM_R_CHIIHOU] = "chiihou needs a non-dealer's tsumo with no meld",
    [YM_R_RENHOU] = "renhou needs a non-dealer's ron with no meld",
    [YM_R_FIRST_TURN_RIICHI] = "tenhou, chiihou or renhou together with riichi or another first-turn win",
    [YM_R_HAITEI_RON] = "haitei needs a tsumo",
    [YM_R_HOUTEI_TSUMO] = "houtei needs a ron",
    [YM_R_RINSHAN_RON] = "rinshan needs a tsumo",
    [YM_R_RINSHAN_NO_KAN] = "rinshan needs a kan (or a kita in sanma)",
    [YM_R_CHANKAN_TSUMO] = "chankan needs a ron",
    [YM_R_SANMA_NORTH_SEAT] = "a three-player game has no North seat",
    [YM_R_KITA_YONMA] = "kita (nuki dora) exist only in three-player games",
    [YM_R_CHANKAN_COPIES] = "chankan on a tile of which the winner holds other copies",
    [YM_R_NOT_COMPLETE] = "the hand is not complete",
    [YM_R_NO_YAKU] = "no yaku",
    [YM_R_SHIBARI] = "ryanhan shibari: two han of yaku needed from 5 honba",
    [YM_R_LOCAL_FLAGS] = "open riichi, sashikomi or paarenchan not allowed by the rules or the situation",
};

const char *ym_reason_text(int reason) {
    if (reason < 0 || reason >= YM_R_COUNT || !REASONS[reason]) return "unknown";
    return REASONS[reason];
}

/* full: a ym_ctx_t's full (40 bytes). */
static int check_input(const ym_rules_t *r, const ym_hand_t *h, uint8_t *full, uint64_t *present) {
    int total, bad;
    ym_count_summary(h->counts, &bad, &total);
    if (bad) return YM_R_BAD_COUNT;
    memcpy(full, h->counts, 34);
    memset(full + 34, 0, 6);
    if (h->n_melds > 4) return YM_R_BAD_MELD;
    if (total != 14 - 3 * h->n_melds) return YM_R_BAD_TOTAL;
    if (h->win >= 34 || h->counts[h->win] == 0) return YM_R_BAD_WIN;
    for (int i = 0; i < h->n_melds; i++) {
        unsigned t = h->meld_tile[i], ty = h->meld_type[i];
        if (ty > YM_ANKAN || t >= 34) return YM_R_BAD_MELD;
        const ym_meld_fact_t *m = &ym_meld_facts[ty][t];
        if (m->flags & YM_MF_BAD_CHI) return YM_R_BAD_MELD;
        ym_add_meld_counts(full, m, t);
    }
    int full_total;
    *present = ym_count_summary(full, &bad, &full_total);
    if (bad) return YM_R_FIVE_COPIES;
    if (full[30] + h->kita > 4) return YM_R_FIVE_COPIES;
    if (h->seat_wind > 3 || h->round_wind > 3) return YM_R_BAD_WIND;
    if (h->n_dora > YM_MAX_INDICATORS || h->n_ura > YM_MAX_INDICATORS) return YM_R_BAD_INDICATOR;
    for (int i = 0; i < h->n_dora; i++)
        if (h->dora[i] >= 34) return YM_R_BAD_INDICATOR;
    for (int i = 0; i < h->n_ura; i++)
        if (h->ura[i] >= 34) return YM_R_BAD_INDICATOR;
    if (h->reds > full[4] + full[13] + full[22]) return YM_R_BAD_REDS;
    (void)r;
    return YM_R_NONE;
}

YM_STEP int check_situation(const ym_ctx_t *c) {
    const ym_hand_t *h = c->h;
    unsigned f = h->flags;
    int riichi = f & (YM_F_RIICHI | YM_F_DOUBLE_RIICHI);
    if (c->r->players == 3 && h->seat_wind == 3) return YM_R_SANMA_NORTH_SEAT;
    if (c->r->players != 3 && h->kita) return YM_R_KITA_YONMA;
    if (ym_local_flags_bad(c->r, f, h->seat_wind)) return YM_R_LOCAL_FLAGS;
    if (!(f & ~(unsigned)YM_F_TSUMO)) return YM_R_NONE; /* every other rule needs a situation flag */
    if ((f & YM_F_RIICHI) && (f & YM_F_DOUBLE_RIICHI)) return YM_R_BOTH_RIICHI;
    if ((riichi || (f & YM_F_IPPATSU)) && c->open) return YM_R_RIICHI_OPEN;
    if ((f & YM_F_IPPATSU) && !riichi) return YM_R_IPPATSU_NO_RIICHI;
    if ((f & YM_F_IPPATSU) && (f & YM_F_RINSHAN)) return YM_R_IPPATSU_RINSHAN;
    if ((f & YM_F_TENHOU) && (!c->dealer || !c->tsumo || h->n_melds)) return YM_R_TENHOU;
    if ((f & YM_F_CHIIHOU) && (c->dealer || !c->tsumo || h->n_melds)) return YM_R_CHIIHOU;
    if ((f & YM_F_RENHOU) && (c->dealer || c->tsumo || h->n_melds)) return YM_R_RENHOU;
    if ((f & (YM_F_TENHOU | YM_F_CHIIHOU | YM_F_RENHOU)) &&
        (riichi || (f & (YM_F_HAITEI | YM_F_HOUTEI | YM_F_RINSHAN | YM_F_CHANKAN))))
        return YM_R_FIRST_TURN_RIICHI;
    if ((f & YM_F_HAITEI) && !c->tsumo) return YM_R_HAITEI_RON;
    if ((f & YM_F_HOUTEI) && c->tsumo) return YM_R_HOUTEI_TSUMO;
    if ((f & YM_F_RINSHAN) && !c->tsumo) return YM_R_RINSHAN_RON;
    if ((f & YM_F_RINSHAN) && !c->n_kans && !h->kita) return YM_R_RINSHAN_NO_KAN;
    if ((f & YM_F_CHANKAN) && c->tsumo) return YM_R_CHANKAN_TSUMO;
    if (f & YM_F_CHANKAN) {
        /* the kan player holds the other three copies of the robbed tile */
        int held = h->counts[h->win];
        for (int i = 0; i < h->n_melds; i++) {
            int t = h->meld_tile[i], w = h->win;
            if (h->meld_type[i] == YM_CHI) held += (w >= t && w <= t + 2);
            else if (t == w) held += h->meld_type[i] == YM_PON ? 3 : 4;
        }
        if (held != 1) return YM_R_CHANKAN_COPIES;
    }
    return YM_R_NONE;
}

/* The dora of indicator kind k: ranks wrap 9 -> 1, winds E S W N E, dragons haku hatsu chun
 * haku; sanma: 1m and 9m follow each other (ym_score_int.h). */
const uint8_t ym_next_dora_tab[2][34] = {
    {1, 2, 3, 4, 5, 6, 7, 8, 0, 10, 11, 12, 13, 14, 15, 16, 17, 9, 19, 20, 21, 22, 23, 24, 25, 26, 18,
     28, 29, 30, 27, 32, 33, 31},
    {8, 2, 3, 4, 5, 6, 7, 8, 0, 10, 11, 12, 13, 14, 15, 16, 17, 9, 19, 20, 21, 22, 23, 24, 25, 26, 18,
     28, 29, 30, 27, 32, 33, 31},
};

/* k: a kind 0..33 (any other value is returned unchanged). */
int ym_next_dora(int k, int sanma) { return k >= 0 && k < 34 ? ym_next_dora_tab[sanma != 0][k] : k; }

int ym_indicator_dora(const uint8_t *full, int kita, int k, int sanma) {
    return ym_dora_tiles(full, kita, ym_next_dora_tab[sanma != 0], (unsigned)k);
}

/* indicators are validated kinds (< 34) */
YM_STEP int count_dora(const ym_ctx_t *c, const uint8_t *ind, int n) {
    const uint8_t *next = ym_next_dora_tab[c->r->players == 3];
    int sum = 0;
    for (int i = 0; i < n; i++) sum += ym_dora_tiles(c->full, c->h->kita, next, ind[i]);
    return sum;
}

/* ---- candidate readings -------------------------------------------------------------- */
typedef struct {
    int form, wg, wait;
    int wst;      /* YM_WG_RUN: start kind of the run holding the winning tile */
    ym_dec_t d;
    uint64_t dy;
    ym_eval_t e;
    int han_total, limit, kazoe;
    int32_t base, points;
} cand_t;

typedef struct {
    const ym_ctx_t *c;
    cand_t best;
    int have_best, complete, any_shibari;
    cand_t first; /* first complete reading, for display when nothing has yaku */
    int dora, ura, aka, riichi;
    cand_t *all;  /* nullable: every reading is also kept here (ym_score_readings) */
    int n_all, max_all;
    /* nullable: the decompositions' yaku (ym_dec_yaku) by their place in try_regular's order, the
     * first 64, kept across the winning kinds of one hand (ym_score_ex_wins); bit i of dy_have: place
     * i is filled */
    uint64_t *dy_memo, dy_have;
} search_t;

/* Every reading, in the order found (ym_score_readings); n_all counts past max_all too. */
static void keep(search_t *s, const cand_t *cand) {
    if (!s->all) return;
    if (s->n_all < s->max_all) s->all[s->n_all] = *cand;
    s->n_all++;
}

/* Aotenjou: the order of the base points fu x 2^(han + 2) (x against y: > 0, 0, < 0), exact
 * without computing them (fu < 2^11: a han lead of 12 or more decides). */
static int aotenjou_cmp(int hx, int fx, int hy, int fy) {
    if (hx < hy) return -aotenjou_cmp(hy, fy, hx, fx);
    int d = hx - hy;
    if (fx <= 0) return fy > 0 ? -1 : 0;
    if (d >= 12) return 1;
    int64_t a = (int64_t)fx << d;
    return a > fy ? 1 : a < fy ? -1 : 0;
}

/* better(x, y): x beats y (value, real yakuman, han, fu); ao = aotenjou (the value by
 * aotenjou_cmp) */
static int better(int ao, const cand_t *x, const cand_t *y) {
    if (ao) {
        int v = aotenjou_cmp(x->han_total, x->e.fu, y->han_total, y->e.fu);
        if (v) return v > 0;
    } else if (x->points != y->points) {
        return x->points > y->points;
    }
    if ((x->e.yakuman > 0) != (y->e.yakuman > 0)) return x->e.yakuman > 0;
    if (x->han_total != y->han_total) return x->han_total > y->han_total;
    return x->e.fu > y->e.fu;
}

/* consider() of a valid reading under aotenjou: yaku, yakuman and dora all add up (e.han holds
 * the yakuman's han); no limit and no int32 value (ym_aotenjou_payments has the amounts), so the
 * readings are ordered by aotenjou_cmp. */
static void consider_aotenjou(search_t *s, cand_t *cand) {
    cand->han_total = cand->e.han + s->c->dora_han;
    cand->base = cand->points = 0;
    cand->limit = cand->kazoe = 0;
    if (!s->have_best) {
        s->best = *cand;
        s->have_best = 1;
    } else if (better(1, cand, &s->best)) {
        s->best = *cand;
    }
    keep(s, cand);
}

YM_STEP void consider(search_t *s, cand_t *cand) {
    const ym_ctx_t *c = s->c;
    if (!s->complete) {
        if (c->lite < 2) {
            s->first = *cand;
        } else { /* what detail reads in lite mode */
            s->first.form = cand->form;
            s->first.e = cand->e;
        }
    }
    s->complete = 1;
    if (!cand->e.valid) {
        if (!cand->e.yakuman && cand->e.han > 0) s->any_shibari = 1;
        keep(s, cand);
        return;
    }
    if (c->ext && c->r->aotenjou) { /* (c->ext first: the usual hand reads one flag) */
        consider_aotenjou(s, cand);
        return;
    }
    cand->han_total = cand->e.yakuman ? 13 * cand->e.yakuman : cand->e.han + c->dora_han;
    const cand_t *b = &s->best;
    if (s->have_best && !s->all && cand->e.yakuman == b->e.yakuman && cand->han_total == b->han_total &&
        (cand->e.fu == b->e.fu || cand->han_total >= 5)) {
        /* the best reading's value class: the same yakuman multiple and han, and the same fu or
         * a limit (5 han and up, kazoe, yakuman: fu play no part), so the same base points and
         * payments; better() then comes down to the fu */
        if (cand->e.fu > b->e.fu) {
            cand->base = b->base;
            cand->limit = b->limit;
            cand->kazoe = b->kazoe;
            cand->points = b->points;
            s->best = *cand;
        }
        return;
    }
    cand->base = ym_base_points(c->r, cand->han_total, cand->e.fu, cand->e.yakuman, &cand->limit,
                                &cand->kazoe);
    /* points only order readings (better()): the first valid reading of a plain search takes
     * them when a second one comes (-1 = not yet computed; kept readings always have them) */
    cand->points = s->all ? ym_hand_points(c->r, cand->base, c->dealer, c->tsumo) : -1;
    if (!s->have_best) {
        s->best = *cand;
        s->have_best = 1;
    } else {
        if (s->best.points < 0) s->best.points = ym_hand_points(c->r, s->best.base, c->dealer, c->tsumo);
        if (cand->points < 0) cand->points = ym_hand_points(c->r, cand->base, c->dealer, c->tsumo);
        if (better(0, cand, &s->best)) s->best = *cand;
    }
    keep(s, cand);
}

/* Bit i set where byte i of v (bytes 0 or 1) is 1. */
static inline uint64_t byte_flags(uint64_t v) { return (v * 0x0102040810204080ULL) >> 56; }

YM_STEP void try_regular(search_t *s) {
    const ym_ctx_t *c = s->c;
    const uint8_t *cnt = c->h->counts;
    /* honors, forced: 3 = triplet, 2 = pair, 1 or 4 = no regular reading (counts 0..4, one byte
     * per kind: bit 2 = 4, bits 0 and 1 = 3, bit 1 alone = 2, bit 0 alone = 1) */
    uint64_t hw = ym_load8(cnt + 26) >> 8;
    if (((hw >> 2) | (hw & ~(hw >> 1))) & YM_B01) return;
    uint64_t htri = byte_flags(hw & (hw >> 1) & YM_B01) << 27;
    uint64_t hp = byte_flags((hw >> 1) & ~hw & YM_B01);
    int hpair = hp ? 27 + ym_ctz64(hp) : -1;
    const uint64_t *dl[3];
    uint64_t one[3];
    int dn[3];
    /* (an empty suit is a complete pattern: one empty decomposition; a suit of 3k + 1 tiles has
     * none) */
    for (int su = 0; su < 3; su++) dn[su] = ym_suit_decs(ym_suit_key(cnt + 9 * su), &one[su], &dl[su]);
    if ((dn[0] == 0) | (dn[1] == 0) | (dn[2] == 0)) return;
    /* exactly one pair: every decomposition of a complete suit has one (3k + 2 tiles) or none
     * (3k), so the first one of each suit tells, with the honors' pairs (at most one allowed) */
    if ((hp & (hp - 1)) |
        (((dl[0][0] & 15) != 0) + ((dl[1][0] & 15) != 0) + ((dl[2][0] & 15) != 0) + (hp != 0) != 1))
        return;
    const int w = c->win;
    /* the run starts that can hold the winning tile: ranks k-2 .. k within 0..6, as the run
     * fields from st_lo's (none for an honor) */
    static const uint8_t RUN_LO[9] = {0, 0, 0, 1, 2, 3, 4, 5, 6};
    static const uint8_t RUN_FIELDS[9] = {01, 011, 0111, 0111, 0111, 0111, 0111, 011, 01};
    /* the wait on a run by the winning tile's rank and its place in the run (0..2): the middle
     * kanchan; 3 of 123 and 7 of 789 penchan; else ryanmen */
    enum { R_ = YM_WAIT_RYANMEN, K_ = YM_WAIT_KANCHAN, P_ = YM_WAIT_PENCHAN };
    static const uint8_t RUN_WAIT[9][3] = {{R_, K_, R_}, {R_, K_, R_}, {R_, K_, P_}, {R_, K_, R_}, {R_, K_, R_},
                                           {R_, K_, R_}, {P_, K_, R_}, {R_, K_, R_}, {R_, K_, R_}};
    /* the winning kind's rank and the run fields of the starts that can hold it (none for an
     * honor: rank 0, no fields) */
    static const uint8_t RANK[34] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8,
                                     0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0};
    const int honor = w >= 27, wk = RANK[w];
    const int st_lo = w - wk + RUN_LO[wk];                  /* (an honor: unused) */
    const uint64_t st_mask = honor ? 0 : RUN_FIELDS[wk];
    const int st_shift = honor ? 0 : YM_RF_SHIFT(st_lo);
    unsigned place = 0;   /* the decomposition's place in this order (s->dy_memo) */
    for (int i0 = 0; i0 < dn[0]; i0++)
        for (int i1 = 0; i1 < dn[1]; i1++)
            for (int i2 = 0; i2 < dn[2]; i2++) {
                cand_t cand;
                ym_dec_t *d = &cand.d;
                uint64_t x0 = dl[0][i0], x1 = dl[1][i1], x2 = dl[2][i2];
                d->ctri = htri | (uint64_t)YM_DEC_TRIPLETS(x0) | (uint64_t)YM_DEC_TRIPLETS(x1) << 9 |
                          (uint64_t)YM_DEC_TRIPLETS(x2) << 18;
                d->runs = ((x0 >> 16) & 0x1FFFFF) | ((x1 >> 16) & 0x1FFFFF) << 21 | ((x2 >> 16) & 0x1FFFFF) << 42;
                /* the one pair (pairs == 1): rank + 1 in the low nibble of one suit's value, or
                 * the honors' */
                unsigned p0 = x0 & 15, p1 = x1 & 15, p2 = x2 & 15;
                unsigned pk = p0 | ((p1 + 9) & (0u - (p1 != 0))) | ((p2 + 18) & (0u - (p2 != 0)));
                d->pair = pk ? (int)pk - 1 : hpair;
                cand.form = YM_SF_REGULAR;
                cand.wst = -1;
                if (s->dy_memo && place < 64) {
                    if (!(s->dy_have >> place & 1)) {
                        s->dy_memo[place] = ym_dec_yaku(c, d);
                        s->dy_have |= 1ULL << place;
                    }
                    cand.dy = s->dy_memo[place];
                } else {
                    cand.dy = ym_dec_yaku(c, d);
                }
                place++;
                if (d->pair == w) {
                    cand.wg = YM_WG_TANKI;
                    cand.wait = YM_WAIT_TANKI;
                    ym_eval_regular_value(c, d, cand.dy, cand.wg, cand.wait, &cand.e);
                    consider(s, &cand);
                }
                if (d->ctri & YM_K(w)) {
                    cand.wg = YM_WG_SHANPON;
                    cand.wait = YM_WAIT_SHANPON;
                    ym_eval_regular_value(c, d, cand.dy, cand.wg, cand.wait, &cand.e);
                    consider(s, &cand);
                }
                /* each distinct run holding w, ascending: the non-empty fields among the starts */
                uint64_t rn = d->runs | (d->runs >> 1) | (d->runs >> 2);
                for (uint64_t m = (rn >> st_shift) & st_mask; m; m &= m - 1) {
                    int st = st_lo + ym_ctz64(m) / 3;
                    cand.wg = YM_WG_RUN;
                    cand.wst = st;
                    cand.wait = RUN_WAIT[wk][w - st];
                    ym_eval_regular_value(c, d, cand.dy, cand.wg, cand.wait, &cand.e);
                    consider(s, &cand);
                }
            }
}

/* Seven kinds held twice and nothing else: every count 0 or 2, and seven 2s (word-wise). */
static int is_chiitoitsu(const uint8_t *cnt) {
    uint64_t other = 0, twos = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t w = i < 4 ? ym_load8(cnt + 8 * i) : (uint64_t)cnt[32] | ((uint64_t)cnt[33] << 8);
        other |= w & ~0x0202020202020202ULL;
        twos += (w >> 1) & YM_B01;
    }
    return other == 0 && (int)((twos * YM_B01) >> 56) == 7;
}

static int is_kokushi(const ym_ctx_t *c) {
    if (c->present & ~YM_M_YAOCHUU) return 0;
    return (c->present & YM_M_YAOCHUU) == YM_M_YAOCHUU;
}

/* 14 tiles: 13 kinds, one pair, tiles of one suit at least 3 ranks apart (docs/rules.md 3.6). */
static int is_shiisanputa(const ym_ctx_t *c) {
    const uint8_t *q = c->h->counts;
    int kinds = 0, pair = -1;
    for (int k = 0; k < 34; k++) {
        if (!q[k]) continue;
        if (q[k] > 2) return 0;
        if (q[k] == 2) {
            if (pair >= 0) return 0;
            pair = k;
        }
        kinds++;
    }
    if (kinds != 13 || pair < 0) return 0;
    if (pair >= 27 && !c->r->shiisanputa_honor_pair) return 0;
    for (int su = 0; su < 3; su++) {
        int last = -10;
        for (int i = 0; i < 9; i++) {
            if (!q[9 * su + i]) continue;
            if (i - last < 3) return 0;
            last = i;
        }
    }
    return 1;
}

/* ---- output -------------------------------------------------------------------------- */
static void add_group(ym_score_t *o, int type, int tile, int open) {
    if (o->n_groups >= 7) return;
    ym_group_t *g = &o->groups[o->n_groups++];
    g->type = (uint8_t)type;
    g->tile = (uint8_t)tile;
    g->open = (uint8_t)open;
}

static void fill_groups(const ym_ctx_t *c, const cand_t *b, ym_score_t *o) {
    const ym_hand_t *h = c->h;
    o->n_groups = 0;
    o->win_group = 255;
    if (b->form == YM_SF_CHIITOITSU) {
        for (int k = 0; k < 34; k++)
            if (h->counts[k] == 2) {
                if (k == c->win) o->win_group = o->n_groups;
                add_group(o, YM_G_PAIR, k, 0);
            }
        return;
    }
    if (b->form != YM_SF_REGULAR) return;
    const ym_dec_t *d = &b->d;
    add_group(o, YM_G_PAIR, d->pair, 0);
    if (b->wg == YM_WG_TANKI) o->win_group = 0;
    uint8_t run[4]; /* concealed run starts, ascending */
    int n_run = 0;
    for (uint64_t rf = d->runs; rf;) {
        int f = ym_ctz64(rf) / 3;
        rf &= ~(7ULL << (3 * f));
        for (int m = (int)((d->runs >> (3 * f)) & 7); m > 0 && n_run < 4; m--) run[n_run++] = (uint8_t)(9 * (f / 7) + f % 7);
    }
    int ri = 0;
    uint64_t tri = d->ctri;
    while (tri || ri < n_run) {
        int kt = tri ? ym_ctz64(tri) : 99;
        if (ri < n_run && run[ri] <= kt) {
            /* the winning tile's run: the first of its start */
            if (b->wg == YM_WG_RUN && run[ri] == b->wst && (ri == 0 || run[ri - 1] != run[ri]))
                o->win_group = o->n_groups;
            add_group(o, YM_G_RUN, run[ri], 0);
            ri++;
        } else {
            int won = b->wg == YM_WG_SHANPON && kt == c->win;
            if (won) o->win_group = o->n_groups;
            add_group(o, YM_G_TRIPLET, kt, won && !c->tsumo);
            tri &= tri - 1;
        }
    }
    for (int i = 0; i < h->n_melds; i++) {
        int ty = h->meld_type[i];
        add_group(o, ty == YM_CHI ? YM_G_RUN : ty == YM_PON ? YM_G_TRIPLET : YM_G_KAN, h->meld_tile[i],
                  ty != YM_ANKAN);
    }
}

YM_STEP int finish(ym_score_t *o, int status, int reason) {
    o->status = (uint8_t)status;
    o->reason = (uint8_t)reason;
    return status;
}

/* Re-evaluate the chosen reading with details (yaku han, fu items); in lite mode only copy the
 * totals the search already has. */
YM_STEP void detail(const ym_ctx_t *c, const cand_t *b, ym_score_t *o) {
    ym_eval_t e;
    o->yaku_ext = (uint8_t)(c->ext ? b->e.ext : 0); /* (e.ext is set by ym_finish_ext only) */
    if (c->lite && !c->h->pao) {
        o->yaku = b->e.yaku;
        o->form = (uint8_t)b->form;
        o->fu = b->e.fu;
        return;
    }
    o->n_fu = 0;
    if (b->form == YM_SF_REGULAR) ym_eval_regular(c, &b->d, b->dy, b->wg, b->wait, &e, o);
    else if (b->form == YM_SF_CHIITOITSU) ym_eval_chiitoitsu(c, &e, o);
    else ym_eval_kokushi(c, &e, o);
    o->yaku = e.yaku;
    o->form = (uint8_t)b->form;
    o->wait = (uint8_t)(b->form == YM_SF_KOKUSHI ? (c->full[c->win] == 2 ? YM_WAIT_KOKUSHI_13 : YM_WAIT_KOKUSHI)
                        : b->form == YM_SF_CHIITOITSU ? YM_WAIT_TANKI : b->wait);
    o->fu = e.fu;
    fill_groups(c, b, o);
}

YM_STEP void settle(const ym_ctx_t *c, ym_score_t *o) {
    const ym_hand_t *h = c->h;
    const ym_rules_t *r = c->r;
    int32_t a_pao = 0;
    if (o->yakuman && h->pao) {
        uint8_t liable = h->pao & r->pao_yakuman;
        uint64_t pm = ((liable & YM_PAO_DAISANGEN) ? YM_BIT(YM_Y_DAISANGEN) : 0) |
                      ((liable & YM_PAO_DAISUUSHII) ? YM_BIT(YM_Y_DAISUUSHII) : 0) |
                      ((liable & YM_PAO_SUUKANTSU) ? YM_BIT(YM_Y_SUUKANTSU) : 0);
        pm &= o->yaku;
        if (pm) {
            if (r->pao_whole_hand) {
                a_pao = o->base;
            } else {
                int mult = 0;
                for (uint64_t t = pm; t; t &= t - 1) mult += o->han_of[ym_ctz64(t)] / 13;
                a_pao = 8000 * mult;
            }
        }
    }
    if ((h->pao & YM_PAO_RINSHAN) && r->daiminkan_rinshan_pao && (h->flags & YM_F_RINSHAN) && c->tsumo)
        a_pao = o->base;
    /* aotenjou: the amounts are ym_aotenjou_payments'; lite 3 (the expected-value search, which
     * pays by ym_payments itself): none. pay and points stay zero. */
    if (r->aotenjou || c->lite == 3) return;
    ym_payments(r, o->base, a_pao, c->dealer, c->tsumo, h->honba, h->riichi_sticks, &o->pay, &o->points);
}

int ym_score(const ym_rules_t *r, const ym_hand_t *h, ym_score_t *o) { return ym_score_ex(r, h, o, 0); }

/* Clear the result. lite 2 and 3 define only the totals: han_of, fu_items and groups are left
 * as they are (nothing reads them on those paths: no pao in the batch, see detail). */
YM_STEP void clear_result(ym_score_t *o, int lite) {
    if (lite < 2) {
        memset(o, 0, sizeof *o);
    } else {
        o->form = o->wait = 0;
        o->yaku = 0;
        o->yaku_ext = 0;
        o->han = o->fu = o->yakuman = o->kazoe = o->limit = 0;
        o->dora = o->ura = o->aka = o->kita = 0;
        o->base = o->points = 0;
        memset(&o->pay, 0, sizeof o->pay);
        o->n_fu = o->n_groups = 0;
    }
    o->win_group = 255;
}

/* Check the hand and set up its context (c) and the dora counts (in s); -1 = go on and search,
 * else the hand's status (o finished: malformed input or an impossible situation). filled: the
 * caller has set c->full, c->present and the meld facts (ym_check_score). */
YM_STEP int prepare(const ym_rules_t *r, const ym_hand_t *h, ym_score_t *o, int lite, ym_ctx_t *cp,
                   search_t *s, int filled) {
    clear_result(o, lite);
    ym_ctx_t *c = cp;
    int reason = YM_R_NONE;
    if (!filled) reason = check_input(r, h, c->full, &c->present);
    if (reason) return finish(o, YM_ST_BAD_INPUT, reason);

    c->r = r;
    c->h = h;
    c->lite = lite;
    c->win = h->win;
    c->tsumo = (h->flags & YM_F_TSUMO) != 0;
    c->dealer = h->seat_wind == 0;
    c->seat_k = 27 + h->seat_wind;
    c->round_k = 27 + h->round_wind;
    /* the meld facts (the batch check has added them in its own pass) */
    if (!filled) {
        ym_ctx_clear_melds(c);
        for (int i = 0; i < h->n_melds; i++) ym_ctx_add_meld(c, h->meld_type[i], h->meld_tile[i]);
    }

    reason = check_situation(c);
    if (reason) return finish(o, YM_ST_INVALID_SITUATION, reason);

    s->riichi = (h->flags & (YM_F_RIICHI | YM_F_DOUBLE_RIICHI)) != 0;
    if (filled) { /* the batch check has counted them in its pass over the indicators */
        s->dora = c->dora_tiles;
        s->ura = s->riichi ? c->ura_tiles : 0;
    } else {
        s->dora = count_dora(c, h->dora, h->n_dora);
        s->ura = s->riichi ? count_dora(c, h->ura, h->n_ura) : 0;
    }
    s->aka = r->aka_dora ? h->reds : 0;
    c->dora_han = s->dora + s->ura + s->aka + h->kita;
    ym_ctx_hand_yaku(c);
    s->have_best = s->complete = s->any_shibari = 0;
    s->all = NULL;
    s->n_all = s->max_all = 0;
    s->dy_memo = NULL;
    s->dy_have = 0;
    return -1;
}

YM_STEP void run_search(const ym_ctx_t *c, search_t *s) {
    const ym_hand_t *h = c->h;
    s->c = c;
    try_regular(s);
    {   /* both forms need 14 concealed tiles (seven pairs; 13 kinds of terminals and honors,
         * which 11 or fewer concealed tiles beside a meld cannot hold): no melds */
        cand_t cand;
        if (is_chiitoitsu(h->counts)) {
            memset(&cand, 0, sizeof cand);
            cand.form = YM_SF_CHIITOITSU;
            ym_eval_chiitoitsu(c, &cand.e, NULL);
            consider(s, &cand);
        }
        if (is_kokushi(c)) {
            memset(&cand, 0, sizeof cand);
            cand.form = YM_SF_KOKUSHI;
            ym_eval_kokushi(c, &cand.e, NULL);
            consider(s, &cand);
        }
    }
}

/* The result of a finished search (o cleared by prepare). */
YM_STEP int conclude(const ym_ctx_t *cp, const search_t *sp, ym_score_t *o) {
    const ym_ctx_t *c = cp;
    const search_t *s = sp;
    const ym_hand_t *h = c->h;
    const ym_rules_t *r = c->r;
    int dora = s->dora, ura = s->ura, aka = s->aka, riichi = s->riichi;
    o->dora = dora;
    o->ura = ura;
    o->aka = aka;
    o->kita = h->kita;

    if (!s->complete) {
        if ((r->local_yaku & YM_L_SHIISANPUTA) && (h->flags & (YM_F_TENHOU | YM_F_CHIIHOU)) &&
            h->n_melds == 0 && is_shiisanputa(c)) {
            o->form = YM_SF_SHIISANPUTA;
            o->yaku = YM_BIT(YM_Y_SHIISANPUTA);
            if (r->shiisanputa_mangan) {
                o->han_of[YM_Y_SHIISANPUTA] = 5;
                o->han = 5;
            } else {
                o->han_of[YM_Y_SHIISANPUTA] = 13;
                o->yakuman = 1;
                o->han = 13;
            }
            o->base = ym_base_points(r, o->han, 0, o->yakuman, &o->limit, &o->kazoe);
            if (r->aotenjou) { /* no limit: a first-draw tsumo of no sets, counted as 30 fu */
                o->fu = 30;
                o->base = 0;
                o->limit = o->kazoe = 0;
            }
            settle(c, o);
            return finish(o, YM_ST_OK, YM_R_NONE);
        }
        return finish(o, YM_ST_NOT_COMPLETE, YM_R_NOT_COMPLETE);
    }

    /* renhou as a fixed mangan / baiman, when worth more than the hand */
    if ((h->flags & YM_F_RENHOU) && (r->renhou == YM_RENHOU_MANGAN || r->renhou == YM_RENHOU_BAIMAN) &&
        !r->aotenjou) { /* aotenjou has no limit hands: renhou as mangan / baiman plays no part */
        int32_t fixed = r->renhou == YM_RENHOU_MANGAN ? 2000 : 4000;
        if (!s->have_best || s->best.base <= fixed) { /* the hand's own value only when higher */
            const cand_t *shape = s->have_best ? &s->best : &s->first;
            detail(c, shape, o);
            o->fu = 0; /* a fixed value: fu play no part */
            o->n_fu = 0;
            memset(o->han_of, 0, sizeof o->han_of);
            o->yaku = YM_BIT(YM_Y_RENHOU);
            o->yaku_ext = 0;
            o->han = r->renhou == YM_RENHOU_MANGAN ? 5 : 8;
            o->han_of[YM_Y_RENHOU] = (uint8_t)o->han;
            o->yakuman = 0;
            o->base = ym_base_points(r, o->han, o->fu, 0, &o->limit, &o->kazoe);
            settle(c, o);
            return finish(o, YM_ST_OK, YM_R_NONE);
        }
    }
    if (!s->have_best) {
        detail(c, &s->first, o);
        o->yaku = 0;
        o->yaku_ext = 0;
        memset(o->han_of, 0, sizeof o->han_of);
        return finish(o, YM_ST_NO_YAKU, s->any_shibari ? YM_R_SHIBARI : YM_R_NO_YAKU);
    }

    const cand_t *b = &s->best;
    detail(c, b, o);
    o->yakuman = b->e.yakuman;
    o->han = b->han_total;
    o->base = b->base;
    o->limit = b->limit;
    o->kazoe = b->kazoe;
    if (!o->yakuman || r->aotenjou) {
        /* no branches: an absent entry's han_of is 0 either way (ura is 0 without riichi) */
        o->yaku |= (uint64_t)(dora != 0) << YM_Y_DORA | (uint64_t)(riichi != 0) << YM_Y_URA_DORA |
                   (uint64_t)(aka != 0) << YM_Y_AKA_DORA;
        o->han_of[YM_Y_DORA] = (uint8_t)(dora > 255 ? 255 : dora);
        o->han_of[YM_Y_URA_DORA] = (uint8_t)(ura > 255 ? 255 : ura);
        o->han_of[YM_Y_AKA_DORA] = (uint8_t)aka;
    } else {
        o->dora = o->ura = o->aka = o->kita = 0;
    }
    settle(c, o);
    return finish(o, YM_ST_OK, YM_R_NONE);
}

/* lite: the batch path. The result's totals (status, han, fu, yakuman, limit, points, payments,
 * yaku mask, dora counts) are the same; han_of, fu items and groups are left empty. */
int ym_score_ex(const ym_rules_t *r, const ym_hand_t *h, ym_score_t *o, int lite) {
    ym_ctx_t c;
    search_t s;
    int st = prepare(r, h, o, lite, &c, &s, 0);
    if (st >= 0) return st;
    run_search(&c, &s);
    return conclude(&c, &s, o);
}

int ym_score_ex_wins(const ym_rules_t *r, const ym_hand_t *hand, const uint8_t *wins, int n, ym_score_t *out,
                     int *status, int lite) {
    ym_hand_t h = *hand;
    if (n <= 0) return 0;
    h.win = wins[0];
    ym_ctx_t c;
    search_t s;
    int st = prepare(r, &h, &out[0], lite, &c, &s, 0);
    /* a hand refused (the first kind may be the one refused) or robbed from a kan (whose check
     * reads the winning kind): each kind on its own */
    if (st >= 0 || (h.flags & YM_F_CHANKAN)) {
        status[0] = st >= 0 ? st : (run_search(&c, &s), conclude(&c, &s, &out[0]));
        for (int i = 1; i < n; i++) {
            h.win = wins[i];
            status[i] = ym_score_ex(r, &h, &out[i], lite);
        }
        return 0;
    }
    uint64_t memo[64];
    s.dy_memo = memo;
    /* the hand's yaku read the winning kind only for junsei chuuren (ym_ctx_hand_yaku) */
    const int chuuren = (c.reg_yakuman & (YM_BIT(YM_Y_CHUUREN_POUTOU) | YM_BIT(YM_Y_JUNSEI_CHUUREN_POUTOU))) != 0;
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            /* what prepare would do with this kind: the rest of its checks and setup are the
             * hand's, passed already */
            h.win = wins[i];
            clear_result(&out[i], lite);
            if (h.win >= 34 || h.counts[h.win] == 0) {
                status[i] = finish(&out[i], YM_ST_BAD_INPUT, YM_R_BAD_WIN);
                continue;
            }
            c.win = h.win;
            if (chuuren) ym_ctx_hand_yaku(&c);
            s.have_best = s.complete = s.any_shibari = 0;
        }
        run_search(&c, &s);
        status[i] = conclude(&c, &s, &out[i]);
    }
    return 0;
}

YM_STEP int check_score(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3], const uint8_t meld_reds[4],
                        int win_red, ym_score_t *o, int lite) {
    ym_ctx_t c;
    search_t s;
    int bad = ym_check_win_ctx(r, h, reds3, meld_reds, win_red, &c);
    if (bad) return bad;
    if (prepare(r, h, o, lite, &c, &s, 1) < 0) {
        run_search(&c, &s);
        conclude(&c, &s, o);
    }
    return 0;
}

int ym_check_score(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3], const uint8_t meld_reds[4],
                   int win_red, ym_score_t *o) {
    return check_score(r, h, reds3, meld_reds, win_red, o, 2);
}

/* Aotenjou in the batch: the exact payments into o's int32 fields, or -1 when one of them does
 * not fit the columns (int32: the row is refused, YM_WBAD_RANGE). */
static int aotenjou_row(const ym_rules_t *r, const ym_hand_t *h, ym_score_t *o) {
    ym_wide_pay_t w;
    int64_t v[7];
    const ym_u128_t *src[7] = {&w.points, &w.discarder, &w.dealer, &w.non_dealer, &w.liable, &w.honba, &w.total};
    if (ym_aotenjou_payments(r, o->han, o->fu, h->seat_wind == 0, h->flags & YM_F_TSUMO, h->honba,
                             h->riichi_sticks, 0, &w))
        return -1;
    for (int k = 0; k < 7; k++)
        if (ym_u128_to_i64(src[k], INT32_MAX, &v[k])) return -1;
    o->points = (int32_t)v[0];
    o->pay.discarder = (int32_t)v[1];
    o->pay.dealer = (int32_t)v[2];
    o->pay.non_dealer = (int32_t)v[3];
    o->pay.liable = (int32_t)v[4];
    o->pay.honba = (int32_t)v[5];
    o->pay.total = (int32_t)v[6];
    o->pay.n_non_dealer = w.n_non_dealer;
    return 0;
}

void ym_score_row(const ym_rules_t *r, const ym_score_cols_t *c, size_t i) {
    ym_hand_t h;
    ym_score_t o;
    uint8_t r3[3], mr[4];
    int n, bad;
    memcpy(h.counts, c->counts + 34 * i, 34);
    /* the used meld slots (type >= 0) packed to the front, for a row whose used slots are not
     * the first ones (the others below take theirs as they are): PACK[used mask] lists the
     * source slot of each place, 4 (a zero) past the last used one */
    static const uint8_t PACK[16][4] = {
        {4, 4, 4, 4}, {0, 4, 4, 4}, {1, 4, 4, 4}, {0, 1, 4, 4}, {2, 4, 4, 4}, {0, 2, 4, 4}, {1, 2, 4, 4},
        {0, 1, 2, 4}, {3, 4, 4, 4}, {0, 3, 4, 4}, {1, 3, 4, 4}, {0, 1, 3, 4}, {2, 3, 4, 4}, {0, 2, 3, 4},
        {1, 2, 3, 4}, {0, 1, 2, 3}};
    uint8_t ty5[5] = {0}, tile5[5] = {0}, red5[5] = {0};
    memcpy(ty5, c->meld_type + 4 * i, 4);
    memcpy(tile5, c->meld_tile + 4 * i, 4);
    memcpy(red5, c->meld_reds + 4 * i, 4);
    unsigned used = (unsigned)((~ym_load4(ty5) & 0x80808080u) * 0x00204081u) >> 28; /* bit j: slot j used */
    n = (int)((0x4332322132212110ULL >> (4 * used)) & 7); /* the used slots' count */
    const uint8_t *mrp = mr;   /* the melds' red fives, slot by slot (red fives under rules
                                * without them: the check refuses) */
    unsigned meld_red_sum;
    if ((used & (used + 1)) == 0) {
        /* the used slots are the first n, as every writer of the columns makes them: the slots
         * as they are (nothing reads a slot past n_melds); the red fives of the first n summed
         * in one multiply (bytes of at most 4 on every row the check accepts; h.reds is not read
         * on the others) */
        memcpy(h.meld_type, ty5, 4);
        memcpy(h.meld_tile, tile5, 4);
        mrp = red5;
        meld_red_sum = ((ym_load4(red5) & (uint32_t)((1ULL << (8 * n)) - 1)) * 0x01010101u) >> 24;
    } else {
        const uint8_t *pk = PACK[used];
        for (int j = 0; j < 4; j++) {
            h.meld_type[j] = ty5[pk[j]];
            h.meld_tile[j] = tile5[pk[j]];
            mr[j] = red5[pk[j]];
        }
        meld_red_sum = (unsigned)mr[0] + mr[1] + mr[2] + mr[3];
    }
    h.n_melds = (uint8_t)n;
    memcpy(r3, c->reds + 3 * i, 3);
    h.reds = (uint8_t)(r3[0] + r3[1] + r3[2] + meld_red_sum);
    h.win = c->win[i];
    h.flags = c->flags[i];
    h.seat_wind = c->seat_wind[i];
    h.round_wind = c->round_wind[i];
    h.n_dora = c->n_dora[i];
    h.n_ura = c->n_ura[i];
    memcpy(h.dora, c->dora + 5 * i, 5); /* all five slots: the scorer reads the first n_dora */
    memcpy(h.ura, c->ura + 5 * i, 5);
    memset(h.dora + 5, 0, YM_MAX_INDICATORS - 5);
    memset(h.ura + 5, 0, YM_MAX_INDICATORS - 5);
    h.kita = c->kita[i];
    h.pao = 0;
    h.honba = c->honba[i];
    h.riichi_sticks = c->riichi_sticks[i];
    /* more than five indicators: refused before anything else is read (the columns hold five);
     * else ym_check_win and the lite 2 scoring sharing the work */
    bad = h.n_dora > 5 || h.n_ura > 5 ? YM_WBAD_INDICATORS : check_score(r, &h, r3, mrp, c->win_red[i] != 0, &o, 2);
    if (!bad && o.status == YM_ST_OK && r->aotenjou && aotenjou_row(r, &h, &o)) bad = YM_WBAD_RANGE;
    int ok = !bad && o.status == YM_ST_OK;
    c->status[i] = bad ? (uint8_t)YM_ST_BAD_INPUT : o.status;
    c->reason[i] = bad ? (uint8_t)bad : o.reason;
    if (ok) {
        c->han[i] = (int16_t)o.han;
        c->fu[i] = (int16_t)o.fu;
        c->yakuman[i] = (uint8_t)o.yakuman;
        c->limit[i] = (uint8_t)o.limit;
        c->points[i] = o.points;
        c->from_discarder[i] = o.pay.discarder;
        c->from_dealer[i] = o.pay.dealer;
        c->from_non_dealer[i] = o.pay.non_dealer;
        c->from_liable[i] = o.pay.liable;
        c->total[i] = o.pay.total;
        c->yaku[i] = o.yaku;
        c->out_kita[i] = (uint8_t)(o.yakuman && !r->aotenjou ? 0 : o.kita);
        c->yaku_ext[i] = o.yaku_ext;
    } else {
        c->han[i] = c->fu[i] = 0;
        c->yakuman[i] = c->limit[i] = 0;
        c->points[i] = c->from_discarder[i] = c->from_dealer[i] = c->from_non_dealer[i] = 0;
        c->from_liable[i] = c->total[i] = 0;
        c->yaku[i] = 0;
        c->out_kita[i] = 0;
        c->yaku_ext[i] = 0;
    }
}

int ym_check_score_full(const ym_rules_t *r, const ym_hand_t *h, const uint8_t reds3[3], const uint8_t meld_reds[4],
                        int win_red, ym_score_t *o) {
    return check_score(r, h, reds3, meld_reds, win_red, o, 0);
}

/* Every reading scored on its own (the one-reading search), best first: the valid readings in
 * the order of the choice (better()), then those without yaku in the order found. out[0] is
 * what ym_score gives on a win. Returns the hand's status; *n_out = the number of readings
 * (0 when the hand has none: malformed, impossible situation, not complete; 1 for shiisanputa,
 * whose result is out[0]). At most max_out are written; *n_out may be larger (never seen: see
 * YM_MAX_READINGS). */
int ym_score_readings(const ym_rules_t *r, const ym_hand_t *h, ym_score_t *out, int max_out, int *n_out) {
    ym_ctx_t c;
    search_t s;
    cand_t all[YM_MAX_READINGS];
    int idx[YM_MAX_READINGS];
    *n_out = 0;
    if (max_out < 1) return YM_ST_BAD_INPUT;
    int st = prepare(r, h, &out[0], 0, &c, &s, 0);
    if (st >= 0) return st;
    s.all = all;
    s.max_all = YM_MAX_READINGS;
    run_search(&c, &s);
    st = conclude(&c, &s, &out[0]);
    if (!s.complete) {
        *n_out = st == YM_ST_OK;
        return st;
    }
    int n = s.n_all < YM_MAX_READINGS ? s.n_all : YM_MAX_READINGS;
    for (int i = 0; i < n; i++) { /* stable insertion sort: valid first, by better() */
        int j = i;
        while (j > 0) {
            const cand_t *x = &all[i], *y = &all[idx[j - 1]];
            int before = x->e.valid && (!y->e.valid || better(r->aotenjou, x, y));
            if (!before) break;
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = i;
    }
    for (int i = 0; i < n && i < max_out; i++) {
        search_t one = s;
        const cand_t *x = &all[idx[i]];
        one.all = NULL;
        one.complete = 1;
        one.have_best = x->e.valid;
        one.best = one.first = *x;
        one.any_shibari = !x->e.valid && !x->e.yakuman && x->e.han > 0;
        memset(&out[i], 0, sizeof out[i]);
        out[i].win_group = 255;
        conclude(&c, &one, &out[i]);
    }
    *n_out = s.n_all;
    return st;
}
