/* ym_score.h - native scoring of one winning hand: yaku mask, han, fu, limit, points, payments.
 *
 * Input is plain data (no Python objects): concealed counts including the winning tile, the
 * called/declared melds, situation flags, winds, dora indicators, kita and sticks, plus a
 * compiled rule set (ym_rules_t, filled once from yakuman.rules.Rules by the Cython glue).
 * Nothing is allocated per hand; the input is checked (cheaply) so that no input can cause
 * undefined behaviour: a malformed hand gives YM_ST_BAD_INPUT with a reason code.
 *
 * Yaku bits = yakuman.yaku.Yaku (bits 0-54 are the Tenhou yaku ids, 55-63 the
 * local yaku). Rules: docs/rules.md sections 3 (yaku), 4 (fu, choice of reading), 5 (points).
 * Tile kinds: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = E S W N haku hatsu chun.
 * Winds are 0..3 = E S W N; the dealer is the player whose seat wind is East.
 */
#ifndef YM_SCORE_H
#define YM_SCORE_H

#include <stddef.h>
#include <stdint.h>

/* ---- yaku bits (= yakuman.yaku.Yaku) ----------------------------------------------------- */
enum {
    YM_Y_MENZEN_TSUMO = 0, YM_Y_RIICHI = 1, YM_Y_IPPATSU = 2, YM_Y_CHANKAN = 3, YM_Y_RINSHAN = 4,
    YM_Y_HAITEI = 5, YM_Y_HOUTEI = 6, YM_Y_PINFU = 7, YM_Y_TANYAO = 8, YM_Y_IIPEIKOU = 9,
    YM_Y_JIKAZE_TON = 10, /* + seat wind 0..3 */
    YM_Y_BAKAZE_TON = 14, /* + round wind 0..3 */
    YM_Y_HAKU = 18, YM_Y_HATSU = 19, YM_Y_CHUN = 20, YM_Y_DOUBLE_RIICHI = 21, YM_Y_CHIITOITSU = 22,
    YM_Y_CHANTA = 23, YM_Y_ITTSU = 24, YM_Y_SANSHOKU_DOUJUN = 25, YM_Y_SANSHOKU_DOUKOU = 26,
    YM_Y_SANKANTSU = 27, YM_Y_TOITOI = 28, YM_Y_SANANKOU = 29, YM_Y_SHOUSANGEN = 30,
    YM_Y_HONROUTOU = 31, YM_Y_RYANPEIKOU = 32, YM_Y_JUNCHAN = 33, YM_Y_HONITSU = 34,
    YM_Y_CHINITSU = 35, YM_Y_RENHOU = 36, YM_Y_TENHOU = 37, YM_Y_CHIIHOU = 38,
    YM_Y_DAISANGEN = 39, YM_Y_SUUANKOU = 40, YM_Y_SUUANKOU_TANKI = 41, YM_Y_TSUUIISOU = 42,
    YM_Y_RYUUIISOU = 43, YM_Y_CHINROUTOU = 44, YM_Y_CHUUREN_POUTOU = 45,
    YM_Y_JUNSEI_CHUUREN_POUTOU = 46, YM_Y_KOKUSHI = 47, YM_Y_KOKUSHI_13 = 48,
    YM_Y_DAISUUSHII = 49, YM_Y_SHOUSUUSHII = 50, YM_Y_SUUKANTSU = 51, YM_Y_DORA = 52,
    YM_Y_URA_DORA = 53, YM_Y_AKA_DORA = 54, YM_Y_SANRENKOU = 55, YM_Y_ISSHOKU_SANJUN = 56,
    YM_Y_DAISHARIN = 57, YM_Y_SUURENKOU = 58, YM_Y_ISSHOKU_YONJUN = 59, YM_Y_HYAKUMAN_GOKU = 60,
    YM_Y_BENI_KUJAKU = 61, YM_Y_TOUHOKU_SHINKANSEN = 62, YM_Y_SHIISANPUTA = 63,
};
#define YM_BIT(y) (1ULL << (y))
/* Every yakuman bit (RENHOU and SHIISANPUTA are yakuman only with the yakuman value). */
#define YM_YAKUMAN_MASK                                                                          \
    (YM_BIT(YM_Y_TENHOU) | YM_BIT(YM_Y_CHIIHOU) | YM_BIT(YM_Y_DAISANGEN) | YM_BIT(YM_Y_SUUANKOU) | \
     YM_BIT(YM_Y_SUUANKOU_TANKI) | YM_BIT(YM_Y_TSUUIISOU) | YM_BIT(YM_Y_RYUUIISOU) |               \
     YM_BIT(YM_Y_CHINROUTOU) | YM_BIT(YM_Y_CHUUREN_POUTOU) | YM_BIT(YM_Y_JUNSEI_CHUUREN_POUTOU) |  \
     YM_BIT(YM_Y_KOKUSHI) | YM_BIT(YM_Y_KOKUSHI_13) | YM_BIT(YM_Y_DAISUUSHII) |                    \
     YM_BIT(YM_Y_SHOUSUUSHII) | YM_BIT(YM_Y_SUUKANTSU) | YM_BIT(YM_Y_DAISHARIN) |                  \
     YM_BIT(YM_Y_SUURENKOU) | YM_BIT(YM_Y_ISSHOKU_YONJUN) | YM_BIT(YM_Y_HYAKUMAN_GOKU) |           \
     YM_BIT(YM_Y_BENI_KUJAKU) | YM_BIT(YM_Y_TOUHOKU_SHINKANSEN))

/* ---- compiled rules -------------------------------------------------------------------- */
enum { YM_KAZOE_YAKUMAN = 0, YM_KAZOE_MULTIPLE = 1, YM_KAZOE_SANBAIMAN = 2 };
enum { YM_RENHOU_NONE = 0, YM_RENHOU_YAKUMAN = 1, YM_RENHOU_MANGAN = 2, YM_RENHOU_BAIMAN = 3 };
/* double_yakuman bits */
enum { YM_DY_SUUANKOU_TANKI = 1, YM_DY_KOKUSHI_13 = 2, YM_DY_JUNSEI_CHUUREN = 4, YM_DY_DAISUUSHII = 8 };
/* local_yaku bits */
enum {
    YM_L_SANRENKOU = 1, YM_L_ISSHOKU_SANJUN = 2, YM_L_DAISHARIN = 4, YM_L_SUURENKOU = 8,
    YM_L_ISSHOKU_YONJUN = 16, YM_L_HYAKUMAN_GOKU = 32, YM_L_BENI_KUJAKU = 64,
    YM_L_TOUHOKU_SHINKANSEN = 128, YM_L_SHIISANPUTA = 256,
    YM_L_DAICHISEI = 512, /* the seven honor pairs count x2 (reported on the TSUUIISOU bit) */
};
/* pao bits: in ym_rules_t.pao_yakuman (what the rules allow) and ym_hand_t.pao (what a player
 * other than the discarder is liable for in this hand) */
enum { YM_PAO_DAISANGEN = 1, YM_PAO_DAISUUSHII = 2, YM_PAO_SUUKANTSU = 4, YM_PAO_RINSHAN = 8 };

typedef struct {
    uint8_t players;             /* 4 or 3 */
    uint8_t aka_dora;            /* red fives per suit; 0 = red fives are plain fives */
    uint8_t kuitan;
    uint8_t kiriage_mangan;
    uint8_t kazoe;               /* YM_KAZOE_* */
    uint8_t double_yakuman;      /* YM_DY_* */
    uint8_t yakuman_stacking;
    uint8_t yakuman_cap;         /* max total multiple (1..100) */
    uint8_t renhou;              /* YM_RENHOU_* */
    uint8_t ryanhan_shibari;
    uint8_t open_pinfu_fu;       /* 30 | 20 */
    uint8_t tsumo_pinfu;
    uint8_t rinshan_tsumo_fu;    /* 2 | 0 */
    uint8_t double_wind_pair_fu; /* 4 | 2 */
    uint8_t chiitoitsu_fu;       /* 25 | 30 */
    uint8_t green_requires_hatsu;
    uint8_t junryokuisou_double;
    uint8_t tsuuiisou_chiitoitsu;
    uint8_t chuuren_manzu_only;
    uint8_t tenhou_multiplier;   /* 1 | 2 */
    uint8_t haitei_with_rinshan;  /* a tsumo on a replacement tile that was the last draw is haitei too */
    uint8_t daisharin_any_suit;
    uint8_t shiisanputa_mangan;  /* 0 = yakuman, 1 = mangan */
    uint8_t shiisanputa_honor_pair;
    uint8_t touhoku_souzu_only;
    uint8_t pao_yakuman;         /* YM_PAO_DAISANGEN | _DAISUUSHII | _SUUKANTSU */
    uint8_t pao_whole_hand;      /* 1 = whole_hand, 0 = liable_yakuman_only */
    uint8_t daiminkan_rinshan_pao;
    uint8_t tsumo_loss;          /* sanma only */
    uint8_t aotenjou;            /* no limit: base fu x 2^(han + 2); yakuman add to the yaku (ym_aotenjou.c) */
    uint8_t open_riichi;         /* YM_F_OPEN_RIICHI allowed: one han more than (double) riichi */
    uint8_t open_riichi_sashikomi; /* YM_F_SASHIKOMI allowed: a ron on an open riichi is a yakuman */
    uint8_t paarenchan;          /* YM_F_PAARENCHAN counts allowed (a yakuman each) */
    uint8_t paarenchan_needs_yaku; /* paarenchan counts only on a hand with another yaku */
    uint16_t local_yaku;         /* YM_L_* */
    uint16_t honba_ron;          /* per honba, paid by the discarder */
    uint16_t honba_tsumo_each;   /* per honba, paid by each tsumo payer */
} ym_rules_t;

/* ---- one hand ------------------------------------------------------------------------- */
enum { YM_CHI = 0, YM_PON = 1, YM_MINKAN = 2, YM_KAKAN = 3, YM_ANKAN = 4 };
enum {
    YM_F_TSUMO = 1 << 0, YM_F_RIICHI = 1 << 1, YM_F_DOUBLE_RIICHI = 1 << 2, YM_F_IPPATSU = 1 << 3,
    YM_F_RINSHAN = 1 << 4, YM_F_CHANKAN = 1 << 5, YM_F_HAITEI = 1 << 6, YM_F_HOUTEI = 1 << 7,
    YM_F_TENHOU = 1 << 8, YM_F_CHIIHOU = 1 << 9, YM_F_RENHOU = 1 << 10,
    /* the local rules of rules.open_riichi / open_riichi_sashikomi / paarenchan (refused by the
     * check when their knob is off): open riichi (with riichi or double riichi), sashikomi (a ron
     * on an open riichi by a discarder not in riichi), and bits 13-15 the paarenchan count 0..7
     * (yakuman multiples, as the reference package's `paarenchan` value) */
    YM_F_OPEN_RIICHI = 1 << 11, YM_F_SASHIKOMI = 1 << 12,
};
#define YM_F_PAARENCHAN_SHIFT 13
#define YM_F_PAARENCHAN_MAX 7
/* The yaku beyond the 64-bit mask (ym_score_t.yaku_ext; yakuman.yaku.Yaku bits 66-69): open
 * riichi replaces riichi (2 han) or double riichi (3 han); sashikomi and paarenchan are yakuman
 * (13 per multiple, han_ext). */
enum { YM_X_OPEN_RIICHI = 1, YM_X_SASHIKOMI = 2, YM_X_PAARENCHAN = 4 };
#define YM_MAX_INDICATORS 10

typedef struct {
    uint8_t counts[34];          /* concealed tiles incl. the winning tile (kan tiles only in melds) */
    uint8_t reds;                /* red fives held, concealed and melded */
    uint8_t win;                 /* kind of the winning tile */
    uint8_t n_melds;             /* 0..4 (kita are not melds) */
    uint8_t meld_type[4];        /* YM_CHI..YM_ANKAN */
    uint8_t meld_tile[4];        /* lowest kind of the meld */
    uint8_t seat_wind, round_wind;
    uint8_t n_dora, n_ura;       /* indicator counts (ura only matter with riichi) */
    uint8_t dora[YM_MAX_INDICATORS];
    uint8_t ura[YM_MAX_INDICATORS];
    uint8_t kita;                /* sanma nuki-dora Norths */
    uint8_t pao;                 /* YM_PAO_*: liability of a player other than the discarder */
    uint16_t flags;              /* YM_F_* */
    uint16_t honba;
    uint16_t riichi_sticks;
} ym_hand_t;

/* ---- result --------------------------------------------------------------------------- */
enum {
    YM_ST_OK = 0, YM_ST_NOT_COMPLETE = 1, YM_ST_NO_YAKU = 2, YM_ST_INVALID_SITUATION = 3,
    YM_ST_BAD_INPUT = 4, /* malformed input: the glue raises */
};
/* reasons (ym_reason_text) */
enum {
    YM_R_NONE = 0,
    /* bad input */
    YM_R_BAD_COUNT, YM_R_BAD_TOTAL, YM_R_BAD_MELD, YM_R_BAD_WIN, YM_R_FIVE_COPIES, YM_R_BAD_WIND,
    YM_R_BAD_INDICATOR, YM_R_BAD_REDS,
    /* invalid situation */
    YM_R_RIICHI_OPEN, YM_R_BOTH_RIICHI, YM_R_IPPATSU_NO_RIICHI, YM_R_IPPATSU_RINSHAN,
    YM_R_TENHOU, YM_R_CHIIHOU, YM_R_RENHOU, YM_R_FIRST_TURN_RIICHI, YM_R_HAITEI_RON,
    YM_R_HOUTEI_TSUMO, YM_R_RINSHAN_RON, YM_R_RINSHAN_NO_KAN, YM_R_CHANKAN_TSUMO,
    YM_R_SANMA_NORTH_SEAT, YM_R_KITA_YONMA, YM_R_CHANKAN_COPIES,
    /* non-wins */
    YM_R_NOT_COMPLETE, YM_R_NO_YAKU, YM_R_SHIBARI,
    /* invalid situation (appended: the codes above keep their numbers) */
    YM_R_LOCAL_FLAGS,
    YM_R_COUNT
};
enum { YM_LIMIT_NONE = 0, YM_LIMIT_MANGAN, YM_LIMIT_HANEMAN, YM_LIMIT_BAIMAN, YM_LIMIT_SANBAIMAN,
       YM_LIMIT_YAKUMAN };
enum { YM_SF_REGULAR = 0, YM_SF_CHIITOITSU = 1, YM_SF_KOKUSHI = 2, YM_SF_SHIISANPUTA = 3 };
enum { YM_WAIT_RYANMEN = 0, YM_WAIT_KANCHAN, YM_WAIT_PENCHAN, YM_WAIT_SHANPON, YM_WAIT_TANKI,
       YM_WAIT_KOKUSHI, YM_WAIT_KOKUSHI_13 };
/* group types of the chosen reading */
enum { YM_G_PAIR = 0, YM_G_RUN, YM_G_TRIPLET, YM_G_KAN };
/* fu items: code, tile (or 255), fu; their fu sum to the hand's fu */
enum {
    YM_FU_BASE = 0,        /* 20 */
    YM_FU_MENZEN_RON,      /* 10 */
    YM_FU_TSUMO,           /* 2 (rinshan: rinshan_tsumo_fu) */
    YM_FU_KANCHAN, YM_FU_PENCHAN, YM_FU_TANKI, /* 2 */
    YM_FU_PAIR,            /* yakuhai pair: 2 / 4 */
    YM_FU_MINKOU,          /* open triplet (pon or ron-completed): 2 / 4 */
    YM_FU_ANKOU,           /* concealed triplet: 4 / 8 */
    YM_FU_MINKAN,          /* open kan: 8 / 16 */
    YM_FU_ANKAN,           /* closed kan: 16 / 32 */
    YM_FU_OPEN_PINFU,      /* open hand, ron, no fu: raised to open_pinfu_fu */
    YM_FU_ROUND_UP,        /* rounding up to the next 10 */
    YM_FU_CHIITOITSU,      /* 25 / 30, the whole fu */
    YM_FU_AOTENJOU_KOKUSHI,/* aotenjou: kokushi counts 40 on a ron, 30 on a tsumo, the whole fu */
    YM_FU_CODES
};

typedef struct {
    uint8_t code, tile, fu;
} ym_fu_item_t;

typedef struct {
    uint8_t type, tile, open;     /* YM_G_*, lowest kind, 1 = called (or ron-completed triplet) */
} ym_group_t;

typedef struct {
    int32_t discarder;   /* ron: the discarder's payment (honba included) */
    int32_t dealer;      /* non-dealer tsumo: the dealer's payment (honba included) */
    int32_t non_dealer;  /* tsumo: each paying non-dealer's payment (honba included) */
    int32_t liable;      /* pao: the liable player's payment (its honba included) */
    int32_t honba;       /* honba part of the winner's income */
    int32_t sticks;      /* riichi sticks collected */
    int32_t total;       /* the winner's whole income: payments + sticks */
    uint8_t n_non_dealer;/* number of non-dealers paying `non_dealer` on a tsumo */
} ym_payment_t;

typedef struct {
    uint8_t status, reason;
    uint8_t form, wait;
    uint64_t yaku;        /* bits YM_Y_* */
    uint8_t yaku_ext;     /* YM_X_* (the yaku beyond the mask) */
    uint8_t han_ext[3];   /* their han: open riichi (riichi's + 1), sashikomi, paarenchan */
    uint8_t han_of[64];   /* han per set bit (dora bits: counts; yakuman: 13 x multiple) */
    int han;              /* total han (13 x multiple on yakuman hands) */
    int fu;
    int yakuman;          /* multiple, 0 if none (kazoe gives 0 with kazoe = 1) */
    int kazoe;
    int limit;            /* YM_LIMIT_* */
    int dora, ura, aka, kita;  /* counts (kita tiles that are dora are in dora/ura too) */
    int32_t base;         /* base points a */
    int32_t points;       /* hand value without honba and sticks (ron: paid by the discarder(s)) */
    ym_payment_t pay;
    uint8_t n_fu;
    ym_fu_item_t fu_items[12];
    uint8_t n_groups;     /* pair first, then sets (concealed in kind order, then melds) */
    ym_group_t groups[7];    /* chiitoitsu: 7 pairs */
    uint8_t win_group;    /* index into groups of the group holding the winning tile (255 = none) */
} ym_score_t;

/* Score one hand. Returns the status (also in out->status). */
int ym_score(const ym_rules_t *rules, const ym_hand_t *hand, ym_score_t *out);

/* Base points and limit for han/fu (yakuman = multiple; 0 for none). Sets *limit, *kazoe. */
int32_t ym_base_points(const ym_rules_t *rules, int han, int fu, int yakuman, int *limit, int *kazoe);
/* Payments for base points a; a_pao = the part a liable player answers for (0 = none). */
void ym_payments(const ym_rules_t *rules, int32_t a, int32_t a_pao, int dealer, int tsumo, int honba,
                 int riichi_sticks, ym_payment_t *pay, int32_t *points);
/* The *points ym_payments gives without pao (honba and sticks are not in it): what orders the
 * readings of a hand. */
int32_t ym_hand_points(const ym_rules_t *rules, int32_t a, int dealer, int tsumo);

const char *ym_reason_text(int reason);

/* ---- aotenjou (no limit) payments, exact: ym_aotenjou.c ---------------------------------- */
/* An unsigned 128-bit amount as four 32-bit limbs, least significant first (portable C99). */
typedef struct {
    uint32_t w[4];
} ym_u128_t;
typedef struct {
    ym_u128_t base, points;                      /* fu x 2^(han + 2); the hand value (no honba, sticks) */
    ym_u128_t discarder, dealer, non_dealer, liable, honba, sticks, total; /* as ym_payment_t */
    uint8_t n_non_dealer;
} ym_wide_pay_t;
/* The payments of a hand of han (0..YM_AOTENJOU_MAX_HAN) and fu (0..1000) under aotenjou: every
 * share of ym_payments, from base points fu x 2^(han + 2) with no limit, each rounded up to 100;
 * honba and sticks as usual; pao (liable != 0): the liable player answers for the whole hand
 * (ron: half of it; tsumo: all of it with the honba at the ron rate). Returns 0, or -1 when han
 * or fu is outside its range (out zeroed). */
#define YM_AOTENJOU_MAX_HAN 110
int ym_aotenjou_payments(const ym_rules_t *r, int han, int fu, int dealer, int tsumo, int honba,
                         int riichi_sticks, int liable, ym_wide_pay_t *out);
/* The same from base points `base` (< 2^113) instead of han and fu. */
int ym_aotenjou_payments_base(const ym_rules_t *r, const ym_u128_t *base, int dealer, int tsumo, int honba,
                              int riichi_sticks, int liable, ym_wide_pay_t *out);
/* 1 when the won hand o (scored from h) is wholly under pao under aotenjou: a yakuman the rules'
 * pao_yakuman names (daisangen, daisuushii, suukantsu) and whose liability h->pao carries. */
int ym_aotenjou_hand_pao(const ym_rules_t *r, const ym_score_t *o, const ym_hand_t *h);
/* base against v: 1 above, 0 equal, -1 below; ym_aotenjou_base_set: base = v. */
int ym_aotenjou_base_cmp(const ym_u128_t *base, uint64_t v);
void ym_aotenjou_base_set(ym_u128_t *base, uint64_t v);
/* x as a signed 64-bit value when it is at most max: 0, else -1. */
int ym_u128_to_i64(const ym_u128_t *x, int64_t max, int64_t *out);
/* The dora kind of indicator kind k (ranks wrap 9 -> 1, winds E S W N, dragons haku hatsu chun;
 * sanma: 1m -> 9m -> 1m). The one dora order of the native code. */
int ym_next_dora(int k, int sanma);
/* The dora an indicator of kind k (< 34) makes in a hand of `full` counts (concealed tiles and
 * melds), each of the `kita` Norths set aside counting as a North: what the scorer counts per
 * indicator, dora or ura (ym_score_int.h, ym_dora_tiles). */
int ym_indicator_dora(const uint8_t *full, int kita, int k, int sanma);
/* Every reading of one hand, each scored as if it were the only one, best first (see ym_score.c).
 * YM_MAX_READINGS bounds the readings of any 14-tile hand (the exhaustive count over all hands
 * is far below it: the most of any one-suit hand is 8, tests/unit/test_points_readings.py). */
#define YM_MAX_READINGS 64
int ym_score_readings(const ym_rules_t *rules, const ym_hand_t *hand, ym_score_t *out, int max_out, int *n_out);

/* ym_score with lite = 1 skips the per-yaku han, fu items and groups (same totals); lite = 2 also
 * leaves them uncleared. The batch row uses lite 2 through ym_check_score below, which has run
 * the input check; lite 2 given here checks the input itself. lite = 3 is lite 2 without the
 * payments (points and pay stay 0: status, han, fu, yakuman, base, limit are set), for the
 * expected-value search, which pays each han and fu itself (ym_ev_riichi.c). */
int ym_score_ex(const ym_rules_t *rules, const ym_hand_t *hand, ym_score_t *out, int lite);
/* ym_score_ex of the hand with each of n winning kinds: status[i] and out[i] are what
 * ym_score_ex(rules, hand with win = wins[i], &out[i], lite) gives (hand->win is not read). The
 * work that does not depend on the winning kind (the input check, the situation, the dora, the
 * hand's yaku, each decomposition's yaku) is done once: the expected-value search scores the
 * tsumo of each kind that completes a hand this way (ym_ev_riichi.c). Returns 0. */
int ym_score_ex_wins(const ym_rules_t *rules, const ym_hand_t *hand, const uint8_t *wins, int n, ym_score_t *out,
                     int *status, int lite);

/* The batch row: ym_check_win (ym_check.h) and then the lite 2 scoring, the work the two share
 * done once. Returns ym_check_win's code; on 0, out holds the lite 2 result (hand->reds: the sum
 * of the red fives of reds3 and meld_reds). On a nonzero code out is not written. */
int ym_check_score(const ym_rules_t *rules, const ym_hand_t *hand, const uint8_t reds3[3],
                   const uint8_t meld_reds[4], int win_red, ym_score_t *out);
/* The same with the full result (lite 0: per-yaku han, fu items, groups): the single-hand path. */
int ym_check_score_full(const ym_rules_t *rules, const ym_hand_t *hand, const uint8_t reds3[3],
                        const uint8_t meld_reds[4], int win_red, ym_score_t *out);


/* ---- the batch row (yakuman.batch.score_many) ------------------------------------------ */
/* score_many's columns, row-major and C-contiguous (the layout of yakuman.batch.SCORE_COLUMNS
 * and SCORE_OUTPUTS): a row i reads counts[34 i ..], reds[3 i ..], meld_*[4 i ..] (meld_type -1 =
 * an empty slot), dora / ura[5 i ..] and the scalars at i, and writes each output at i. */
typedef struct {
    const uint8_t *counts, *reds;
    const int8_t *meld_type;
    const uint8_t *meld_tile, *meld_reds, *win, *win_red;
    const uint16_t *flags;
    const uint8_t *seat_wind, *round_wind, *dora, *n_dora, *ura, *n_ura, *kita;
    const uint16_t *honba, *riichi_sticks;
    uint8_t *status, *reason;
    int16_t *han, *fu;
    uint8_t *yakuman, *limit;
    int32_t *points, *from_discarder, *from_dealer, *from_non_dealer, *from_liable, *total;
    uint64_t *yaku;
    uint8_t *out_kita;
    uint8_t *yaku_ext;   /* YM_X_* */
} ym_score_cols_t;

/* Row i: the hand from the columns (used meld slots packed to the front), ym_check_score, the
 * outputs. A row the check refuses gets status YM_ST_BAD_INPUT and the check's YM_WBAD_* code as
 * its reason; a row that is not a win (or malformed) gets zero in every number. */
void ym_score_row(const ym_rules_t *rules, const ym_score_cols_t *cols, size_t i);

#endif
