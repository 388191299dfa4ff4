/* ym_game.h - the native game engine: one plain-struct state machine for whole riichi games.
 *
 * State: ym_game_t holds everything (rules, the round's wall, every seat's concealed 136-ids and
 * kind counts, melds, river with marks, riichi / ippatsu / furiten flags, scores, sticks, honba,
 * round); it owns no pointer, so a copy is a memcpy and a copy never shares anything.
 * Nothing is allocated anywhere; no Python.h.
 *
 * Phases:  ROUND START -> DRAW -> SELF (actor: discard / riichi / ankan / kakan / kita / tsumo /
 *          kyuushu) -> RESPONSE (the other seats: ron / pon / daiminkan / chi / pass, resolved by
 *          priority ron > pon, kan > chi) -> DRAW ... -> ROUND_END (win, exhaustive or abortive
 *          draw settled) -> next round (ym_game_next_round) ... -> OVER (final scores).
 *
 * Invariants (checked by tests/game and ym_game_check):
 *  - every tile id of the game (136, or 108 in sanma) is in exactly one place: a concealed hand,
 *    a meld, a kita slot, a river, or the wall / dead wall (undrawn);
 *  - sum(scores) + 1000 * sticks == players * start_points (+ what earlier rules moved);
 *  - scores are 64-bit: a game starts with |score| <= YM_SCORE_MAX, one hand moves a seat by at
 *    most YM_DELTA_MAX (an aotenjou hand's base points are capped at YM_AOTENJOU_ENGINE_BASE),
 *    and a hand that leaves a seat beyond +-YM_SCORE_MAX ends the game (YM_END_SCORE_LIMIT), so
 *    no score, delta or final value ever leaves +-YM_STATE_MAX (ym_game_validate checks these
 *    bounds on a state read from outside, so no add on a valid state can overflow);
 *  - seat.c[] equals the kinds of seat.ids[]; seat.waits is ym_waits of the 13-3k hand whenever the
 *    seat is not holding a drawn tile;
 *  - a step with an illegal action returns YM_G_ILLEGAL and leaves the state unchanged.
 *
 * Wall layout (the round's tile order, n = 136 or 108): ids wall[0 .. 13*P-1] are dealt, 13 to
 * each seat in turn order from the dealer; live draws take wall[13*P], wall[13*P+1], ...; the
 * dead wall is wall[n-14 .. n-1]: dead[0..3] the rinshan tiles (a 5th+ replacement draw, possible
 * in sanma, takes the last live tile), dead[4+2i] the i-th dora indicator, dead[5+2i] its ura.
 * Every replacement draw also shortens the live wall by one (the dead wall stays 14).
 */
#ifndef YM_GAME_H
#define YM_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "ym_score.h"
#include "ym_ev.h"      /* ym_ev_row_t: the ev policy's rows (ym_policy_ev_rows) */

#define YM_G_MAX_ACTIONS 64
#define YM_G_RIVER 80
#define YM_G_MAX_EVENTS 48

/* action types */
enum {
    YM_A_NONE = 0, YM_A_DISCARD, YM_A_RIICHI, YM_A_CHI, YM_A_PON, YM_A_DAIMINKAN, YM_A_KAKAN,
    YM_A_ANKAN, YM_A_KITA, YM_A_TSUMO, YM_A_RON, YM_A_KYUUSHU, YM_A_PASS,
    YM_A_OPEN_RIICHI, /* rules.open_riichi: riichi with the hand shown (docs/rules.md 3.7) */
    YM_A_TYPES
};
/* phases */
enum { YM_PH_SELF = 0, YM_PH_RESPONSE = 1, YM_PH_ROUND_END = 2, YM_PH_OVER = 3 };
/* what a SELF phase allows */
enum { YM_SM_DRAWN = 0, YM_SM_CALLED = 1, YM_SM_RIICHI = 2 };
/* what a RESPONSE phase answers */
enum { YM_RK_DISCARD = 0, YM_RK_KAKAN = 1, YM_RK_ANKAN = 2, YM_RK_KITA = 3 };
/* round outcomes */
enum { YM_OUT_NONE = 0, YM_OUT_TSUMO, YM_OUT_RON, YM_OUT_EXHAUSTIVE, YM_OUT_NAGASHI, YM_OUT_ABORT,
       YM_OUT_KINDS };
/* abortive draw kinds (bits in rules.abortive) */
enum { YM_AB_KYUUSHU = 1, YM_AB_SUUFON = 2, YM_AB_SUUCHA = 4, YM_AB_SUUKAIKAN = 8, YM_AB_SANCHAHOU = 16 };
/* game end reasons */
enum { YM_END_NONE = 0, YM_END_TOBI, YM_END_LAST_HAND, YM_END_SUDDEN_DEATH, YM_END_ALL_LAST_STOP,
       YM_END_SCORE_LIMIT };
/* The 64-bit score range (see the invariants above). */
#define YM_SCORE_MAX ((int64_t)1 << 62)            /* starting scores; beyond it after a hand: game over */
#define YM_DELTA_MAX ((int64_t)1 << 59)            /* one seat's change over one hand, at most */
#define YM_AOTENJOU_ENGINE_BASE ((int64_t)1 << 54) /* the engine's cap on an aotenjou hand's base points */
#define YM_STATE_MAX (YM_SCORE_MAX + YM_DELTA_MAX + ((int64_t)1 << 40)) /* any score / final value */
/* step results */
enum { YM_G_OK = 0, YM_G_ILLEGAL = 1 };
/* river marks */
enum { YM_RV_TSUMOGIRI = 1, YM_RV_RIICHI = 2, YM_RV_CALLED = 4, YM_RV_RONNED = 8 };

typedef struct {
    uint8_t type;        /* YM_A_* */
    uint8_t seat;        /* who acts */
    uint8_t tile;        /* 136-id: discarded / called / added / kita / winning tile; ankan: one of its ids */
    uint8_t target;      /* seat called from / ronned (tsumo: the actor); 255 = none */
    uint8_t tsumogiri;   /* discard of the drawn tile */
    uint8_t n_consumed;
    uint8_t consumed[4]; /* ids from the hand (chi/pon 2, daiminkan 3, kakan 3 = the pon, ankan 4) */
} ym_action_t;

typedef struct {
    uint8_t type;        /* YM_CHI, YM_PON, YM_MINKAN, YM_KAKAN, YM_ANKAN (ym_score.h) */
    uint8_t kind;        /* lowest kind */
    uint8_t from;        /* seat the tile came from (ankan: the owner) */
    uint8_t called;      /* the called id (ankan: 255); kakan: the pon's called id */
    uint8_t added;       /* kakan: the added id, else 255 */
    uint8_t n;
    uint8_t ids[4];
} ym_gmeld_t;

typedef struct {
    ym_rules_t score;                 /* the scorer's rules */
    uint8_t players;
    uint8_t length;                   /* 0 hanchan, 1 tonpuusen */
    uint8_t extension;                /* 0 none, 1 sudden death */
    uint8_t all_last_stop;
    uint8_t multiple_ron;             /* 0 double, 1 triple, 2 atamahane */
    uint8_t multi_ron_each;
    uint8_t abortive;                 /* YM_AB_* enabled */
    uint8_t abortive_rotate;          /* YM_AB_* whose dealer passes */
    uint8_t draw_dealer;              /* 0 tenpai, 1 always repeat, 2 always rotate */
    uint8_t karaten;                  /* 0 own hand, 1 own hand and melds, 2 always, 3 never */
    uint8_t keishiki_tenpai;          /* 1: tenpai at a draw needs no yaku */
    uint8_t nagashi;                  /* 0 win, 1 draw, 2 off */
    uint8_t nagashi_closed, nagashi_nearest;
    uint8_t pao_honba_liable;
    uint8_t suukaikan_on_fourth, fifth_kan_aborts;
    uint8_t tobi;                     /* 0 below zero, 1 zero or below, 2 off */
    uint8_t leftover_to_top, tie_split;
    uint8_t kan_dora_immediate, chankan_ankan_kokushi, temp_furiten_any_call;
    uint8_t kuikae;                   /* 0 forbidden (same tile and suji swap), 1 allowed */
    uint8_t houtei_after_rinshan;     /* a ron on the discard after a last-tile replacement draw is houtei */
    int32_t noten_total, riichi_min_points, riichi_min_live;
    int32_t start_points, return_points, target_points;
    int32_t uma[4];
} ym_game_rules_t;

typedef struct {
    uint8_t ids[14], n;              /* concealed ids, unordered */
    uint8_t c[34];                   /* kinds of ids */
    ym_gmeld_t melds[4];
    uint8_t n_melds;
    uint8_t river[YM_G_RIVER], rmark[YM_G_RIVER];
    uint8_t n_river;
    uint8_t riichi;                  /* 0 none, 1 declared (tile not passed yet), 2 established */
    uint8_t double_riichi, ippatsu, riichi_furiten, temp_furiten;
    uint8_t kita, kita_ids[4];
    uint8_t draws;                   /* draws this round */
    uint8_t drawn;                   /* the drawn id while holding it, 255 = none */
    uint8_t rinshan;                 /* the last draw was a replacement draw */
    uint8_t pao_seat, pao_bits;      /* liability (255 = none) */
    uint8_t n_kans;
    uint8_t nagashi_ok;              /* every discard a terminal or honor and none called */
    uint8_t kan_from;                /* the next replacement draw follows a daiminkan of this seat's tile */
    uint64_t discarded;              /* D: kinds discarded this round (called ones too) */
    uint64_t waits;                  /* waits of the 13-3k hand */
    uint64_t forbid;                 /* kuikae: kinds not to discard now */
    int64_t score;
    uint8_t open_riichi;             /* the riichi (declared or established) is open: the hand is shown */
} ym_seat_t;

typedef struct {
    uint8_t outcome;                 /* YM_OUT_* */
    uint8_t abort_kind;              /* YM_AB_* */
    uint8_t winners;                 /* bit mask (nagashi achievers too) */
    uint8_t from;                    /* ron: discarder */
    uint8_t tenpai;                  /* bit mask at an exhaustive draw */
    int64_t deltas[4];
} ym_round_result_t;

typedef struct {
    uint8_t type;        /* YM_EV_* */
    uint8_t actor, target, tile, tsumogiri, n_consumed;
    uint8_t consumed[4];
    uint8_t extra;       /* hora: form flags; ryukyoku: abort kind / outcome; dora: 0; reach: 1 = open */
    uint8_t tenpai;      /* ryukyoku: tenpai mask */
    int16_t han, fu;
    int64_t points;      /* hora: the hand value (aotenjou: base points capped, ym_game_win_pay) */
    uint64_t yaku;
    uint8_t han_of[64];  /* hora: han per yaku bit (dora bits: counts) */
    int64_t deltas[4];
    int64_t scores[4];
    uint8_t ura[5], n_ura;
    uint8_t form, yakuman, kita;   /* hora: the scorer's form (YM_FORM_*), yakuman multiple, kita count */
    uint8_t yaku_ext, han_ext[3];  /* hora: the local rules' yaku (ym_score_t.yaku_ext, han_ext) */
} ym_event_t;
enum {
    YM_EV_START_KYOKU = 1, YM_EV_TSUMO, YM_EV_DAHAI, YM_EV_CHI, YM_EV_PON, YM_EV_DAIMINKAN,
    YM_EV_KAKAN, YM_EV_ANKAN, YM_EV_NUKIDORA, YM_EV_REACH, YM_EV_REACH_ACCEPTED, YM_EV_DORA,
    YM_EV_HORA, YM_EV_RYUKYOKU, YM_EV_END_KYOKU, YM_EV_END_GAME
};
typedef struct {
    int n;
    ym_event_t ev[YM_G_MAX_EVENTS];
} ym_events_t;

typedef struct {
    ym_game_rules_t R;
    ym_seat_t s[4];
    uint8_t wall[136];
    uint8_t n_tiles;                 /* 136 or 108 */
    uint8_t next, live_end;          /* live wall = wall[next .. live_end-1] */
    uint8_t n_rinshan;               /* replacement draws made */
    uint8_t n_dora;                  /* indicators revealed */
    uint8_t pending_dora;            /* open-kan indicators to reveal at the caller's discard */
    uint8_t round_wind, kyoku, dealer, honba;
    int32_t sticks;
    uint8_t phase, actor, self_mode;
    uint8_t resp_kind, resp_tile, resp_from;
    uint8_t resp_mask, resp_done;    /* seats asked / answered */
    ym_action_t resp[4];
    uint8_t n_kans, kan_seats;       /* kans this round; bit mask of the seats that made them */
    uint8_t first_go;                /* no call yet this round (uninterrupted first go-around) */
    uint8_t total_discards;
    uint8_t suukaikan_pending;       /* the 4th kan stands: abort when its caller's discard passes */
    uint8_t ippatsu_save;            /* ippatsu bits kept for a chankan chance */
    uint8_t game_over, end_reason;
    uint8_t hand_no;                 /* rounds played */
    /* Shanten memo (speed only, never a rule input): the all-forms shanten of seat memo_seat's
     * counts memo_c with memo_melds melds, stored at its draw. A reader uses it only when the
     * seat's counts and meld count still equal the stored ones (ym_game_memo_shanten), so a
     * stale memo (a re-dealt hand, a state edited in any way) is never read. */
    uint8_t memo_seat, memo_melds;
    int8_t memo_sh;
    uint8_t memo_c[34];
    uint16_t n_rounds;
    uint64_t seed;                   /* game seed: round r's wall comes from (seed, r) */
    ym_round_result_t last;          /* the last round's result */
    int64_t final_points[4], final_results[4];
    uint8_t final_rank[4];
    uint8_t dealer_wins;             /* paarenchan: the dealer's wins in a row before this hand (0 after a
                                      * hand without a win or when the deal passes; docs/rules.md 3.7) */
} ym_game_t;

/* ---- wall (ym_game_wall.c) ------------------------------------------------------------- */
uint64_t ym_splitmix64(uint64_t *state);
typedef struct { uint64_t s[4]; } ym_rng_t;
void ym_rng_seed(ym_rng_t *r, uint64_t seed);
uint64_t ym_rng_next(ym_rng_t *r);
uint32_t ym_rng_below(ym_rng_t *r, uint32_t n);   /* uniform in 0..n-1 (n >= 1), unbiased */
/* The seeded wall of round number `round_no` of the game `seed` (n = 136 or 108 ids). */
void ym_wall_shuffle(uint8_t *wall, int n, uint64_t seed, uint32_t round_no);
/* 0 if `wall` (n ids) is a permutation of the game's tile set, else 1. */
int ym_wall_check(const uint8_t *wall, int n, int players);
int ym_game_dora_indicator(const ym_game_t *g, int i);   /* id of the i-th indicator */
int ym_game_ura_indicator(const ym_game_t *g, int i);
static inline int ym_game_left(const ym_game_t *g) { return g->live_end - g->next; }
static inline int ym_is_red(const ym_game_t *g, int id) {
    int k = id >> 2;
    return (k == 4 || k == 13 || k == 22) && (id & 3) < g->R.score.aka_dora;
}

/* ---- lifecycle and transitions (ym_game_step.c) ----------------------------------------- */
/* scores = NULL: start points. wall = NULL: the seeded wall. */
void ym_game_init(ym_game_t *g, const ym_game_rules_t *R, uint64_t seed, const uint8_t *wall,
                  const int64_t *scores, int round_wind, int kyoku, int honba, int sticks, ym_events_t *ev);
/* After ROUND_END: deal the next round (wall = NULL: seeded). */
void ym_game_next_round(ym_game_t *g, const uint8_t *wall, ym_events_t *ev);
/* Apply one action (ev may be NULL). YM_G_ILLEGAL: the state is unchanged. */
int ym_game_step(ym_game_t *g, const ym_action_t *a, ym_events_t *ev);
/* Apply an entry of ym_game_legal's output for the current state, unchanged (no validation:
 * only for callers that took it from that output; same transition as ym_game_step). */
void ym_game_apply(ym_game_t *g, const ym_action_t *act, ym_events_t *ev);
/* Seats that must decide now (bit mask). */
int ym_game_to_act(const ym_game_t *g);
/* Structural self-check: 0 = every invariant of the header holds. */
int ym_game_check(const ym_game_t *g);
/* The invariants of a state read from outside (ym_game_valid.c): 0 = valid; 1 = not, with a
 * message naming the field in why (n bytes). Every other function may assume them. */
int ym_game_validate(const ym_game_t *g, char *why, size_t n);
/* ---- determinization (ym_game_world.c) --------------------------------------------------- */
/* Re-deal every tile hidden from `seat` at random (others' hands, the wall, the dead wall
 * except revealed indicators; hidden riichi hands tenpai). The state only (the rollouts' copy):
 * the drawn positions get the other ids in random order, furiten flags are not rebuilt. Unchanged when a riichi hand has no tenpai
 * deal (never with a state the engine made). */
void ym_game_determinize(ym_game_t *g, int seat, uint64_t seed);
/* The round's history for ym_game_world: 2 bytes per op of any seat, in order: (type << 2 | actor,
 * arg); DRAW arg = the wall position drawn (live or replacement), KAKAN arg = the meld's kind. A
 * DISCARD takes the actor's next river entry, CALL (chi, pon, daiminkan) and ANKAN its next meld,
 * KITA its next kita. */
enum { YM_OP_DRAW = 1, YM_OP_DISCARD, YM_OP_CALL, YM_OP_ANKAN, YM_OP_KAKAN, YM_OP_KITA };
#define YM_WORLD_MAX_OPS 512
#define YM_WORLD_TRIES (1L << 20)   /* rejection tries per hidden riichi hand */
enum { YM_WORLD_OK = 0, YM_WORLD_BAD_OPS = 1, YM_WORLD_NO_TENPAI = 2, YM_WORLD_PHASE = 3 };
/* A whole world for `seat` (ym_game_determinize, and from the round's ops: the hidden seats'
 * starting hands and draws in the wall's drawn positions, their furiten flags, a pending
 * response asked again; events of a response that then resolves go to ev). ops = NULL: the
 * history is unknown (a position read from a record): the drawn positions get the ids that are
 * not undrawn in random order and the hidden seats' furiten flags are cleared. Returns YM_WORLD_OK,
 * or a YM_WORLD_* error with the state unchanged. */
int ym_game_world(ym_game_t *g, int seat, uint64_t seed, const uint8_t *ops, int n_ops, ym_events_t *ev);
/* One hidden riichi hand as ym_game_world draws it (for tests): `need` ids of pool[0..h-1] forming
 * a tenpai hand with `melds` melds, uniform among such subsets (out); 1, or 0 when none was found. */
int ym_world_tenpai_sample(const uint8_t *pool, int h, int need, int melds, int sanma, uint64_t seed, uint8_t *out);
/* Positions of the wall whose tile is still undrawn, ascending; returns the count. */
int ym_game_undrawn(const ym_game_t *g, uint8_t *pos);
/* After a re-deal: a response phase asks the other seats again from their new hands (ym_game_step.c). */
void ym_game_reask(ym_game_t *g, int seat, ym_events_t *ev);

/* ---- legal actions (ym_game_legal.c) ---------------------------------------------------- */
int ym_game_legal(const ym_game_t *g, int seat, ym_action_t *out);   /* returns the count */
int ym_game_is_legal(const ym_game_t *g, const ym_action_t *a);
/* A discard decision checked directly: 1 legal (ym_game_apply(g, a) is ym_game_step's
 * transition), 0 not legal, -1 undecided (ym_game_step decides). */
int ym_game_discard_legal(const ym_game_t *g, const ym_action_t *a);
/* 1 when `seat` may pass now (asked on the open response, not answered yet): the pass entry of
 * ym_game_legal, {YM_A_PASS, seat, 255, 255}, is then legal. */
int ym_game_pass_legal(const ym_game_t *g, int seat);
/* The win of `seat` on id `tile` (tsumo or ron from `from`); fills out; returns the score status.
 * The hand always carries the honba (ryanhan shibari reads it); bonus adds the riichi sticks. */
int ym_game_score_win(const ym_game_t *g, int seat, int tile, int from, int rk, int bonus, ym_score_t *out);
/* The same with the win's 64-bit payments and hand value (ym_game_win_pay, ym_game_settle.c). */
struct ym_gpay;
int ym_game_score_win_pay(const ym_game_t *g, int seat, int tile, int from, int rk, int bonus, ym_score_t *out,
                          struct ym_gpay *pay, int64_t *points);
/* The situation flags (YM_F_* of ym_score.h) of that win, as the scorer gets them. */
unsigned ym_game_win_flags(const ym_game_t *g, int seat, int from, int rk);
uint64_t ym_game_waits(const ym_seat_t *p, int sanma);
/* 1 in a three-player game: the shanten / waits kernels then treat 2m-8m as absent. */
#define SANMA(g) ((g)->R.players == 3)
int ym_game_draw_tenpai(const ym_game_t *g, int seat);   /* ym_game_settle.c */
/* Tenpai at a draw of a 13-3k hand (counts, melds, winds, riichi flags of h); seen = kinds visible
 * outside the concealed hand and the player's own melds (karaten "never"), NULL = none. */
int ym_draw_tenpai(const ym_game_rules_t *R, const ym_hand_t *h, const uint8_t *seen);
/* The all-forms shanten of seat's concealed counts: from the memo when it matches, else
 * computed. ym_game_memo_store records it (called at each draw). */
int ym_game_memo_shanten(const ym_game_t *g, int seat);
int ym_game_memo_lookup(const ym_game_t *g, int seat);   /* the memo when it matches, else -2 */
void ym_game_memo_store(ym_game_t *g, int seat);
/* Bit mask of the seats that have a call or a ron (beyond passing) on the open response. */
int ym_game_responders(const ym_game_t *g);

/* ---- settlement (ym_game_settle.c) ------------------------------------------------------ */
void ym_noten_deltas(int n, const uint8_t *tenpai, int32_t total, int64_t *deltas);
/* One win's payments as transfers payer -> winner (payer 255 = the riichi sticks on the table). */
enum { YM_TR_RON = 0, YM_TR_TSUMO = 1, YM_TR_PAO = 2, YM_TR_HONBA = 3, YM_TR_STICKS = 4 };
#define YM_MAX_TRANSFERS 12
typedef struct {
    uint8_t payer, reason;           /* YM_TR_* */
    int64_t amount;
} ym_transfer_t;
/* One win's payments in the engine's 64-bit amounts (the fields of ym_payment_t). */
typedef struct ym_gpay {
    int64_t discarder, dealer, non_dealer, liable, honba, sticks, total;
    uint8_t n_non_dealer;
} ym_gpay_t;
void ym_gpay_from(const ym_payment_t *pay, ym_gpay_t *out);
/* The payments and hand value of the win scored in *sc from hand *h (ym_score: status OK): the
 * scorer's ym_payment_t, or under aotenjou ym_aotenjou_hand_payments with the base points
 * capped at YM_AOTENJOU_ENGINE_BASE (docs/game.md). */
void ym_game_win_pay(const ym_rules_t *r, const ym_score_t *sc, const ym_hand_t *h, ym_gpay_t *pay,
                     int64_t *points);
int ym_win_transfers(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable,
                     const ym_gpay_t *pay, ym_transfer_t *out);
/* A win worth base points a (a_pao: the part under pao, used with pao_scope liable_yakuman_only;
 * liable 255 = none; from 255 = tsumo): ym_payments, then ym_win_transfers. Returns the count. */
int ym_settle_win(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable, int32_t a,
                  int32_t a_pao, int honba, int sticks, ym_transfer_t *out);
/* The same for a hand worth base points a (1..YM_AOTENJOU_ENGINE_BASE) under aotenjou (the whole
 * hand under pao when liable != 255): ym_aotenjou_payments_base, then ym_win_transfers. */
int ym_settle_win_aotenjou(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable,
                           int64_t a, int honba, int sticks, ym_transfer_t *out);
/* Deltas of one win's payment (from = discarder, or 255 for tsumo; liable 255 = none). */
void ym_win_deltas(const ym_game_rules_t *R, int n, int winner, int from, int dealer, int liable,
                   const ym_gpay_t *pay, int64_t *deltas);
/* The next hand after a hand of (round_wind, kyoku) whose scores are now `scores`: returns the
 * game end reason (YM_END_NONE: play on with *wind_out, *hand_out). */
int ym_next_hand(const ym_game_rules_t *R, const int64_t *scores, int round_wind, int kyoku, int first_dealer,
                 int repeat, int dealer_won_or_tenpai, int *wind_out, int *hand_out);
/* End the round: apply deltas; repeat / honba / sticks; next round or game over. */
void ym_game_finish_round(ym_game_t *g, int repeat, int honba, int sticks_left, int dealer_won_or_tenpai);
void ym_final_scores(const ym_game_rules_t *R, int n, const int64_t *scores, int sticks, int first_dealer,
                     int64_t *points, uint8_t *ranks, int64_t *results);

/* ---- observation (ym_game_obs.c) -------------------------------------------------------- */
#define YM_OBS_PLANES 33
#define YM_OBS_SCALARS 24
void ym_game_obs(const ym_game_t *g, int seat, uint8_t *planes /* [YM_OBS_PLANES][34] */,
                 int64_t *scalars /* [YM_OBS_SCALARS] */);
/* Kinds `seat` sees outside its concealed tiles: uncalled river tiles, melds, kita, revealed dora
   indicators, the other seats' concealed tiles in open riichi. */
void ym_game_visible(const ym_game_t *g, int seat, uint8_t vis[34]);

/* ---- rollouts (ym_game_sim.c) ----------------------------------------------------------- */
enum { YM_POL_RANDOM = 0, YM_POL_TSUMOGIRI = 1, YM_POL_GREEDY = 2, YM_POL_EV = 3, YM_POLICIES };
/* The ev policy (ym_game_ev.c): the calculator's work memory (ym_ev.h), kept by the caller. */
struct ym_ev_work;
#define YM_POL_EV_MAX_SHANTEN 3     /* above: greedy's discard */
#define YM_POL_EV_FULL_SHANTEN 3    /* from here on: no exchanges, no shanten-down discards */
/* The index in a[0..n-1] (the seat's legal actions, SELF phase) of the ev policy's riichi or
 * discard, or -1 to leave the choice to greedy. *work: made on first use (free it with
 * ym_policy_ev_free). */
int ym_policy_ev(const ym_game_t *g, int seat, const ym_action_t *a, int n, struct ym_ev_work **work);
/* What the ev policy sees of the seat to move (holding 14 - 3k tiles): the calculator's rows
 * (ym_ev.h ym_ev_row_t, best first by score[1]) of its discards under the policy's settings
 * (ym_game_ev.c), read at turn 1; 0 when the policy leaves the choice to greedy (the hand above
 * YM_POL_EV_MAX_SHANTEN or complete, or every discard worth 0), or a negative YM_EV_E_* code.
 * riichi_mode: -1 the policy's own (CHOOSE; DECLARE once the seat has announced riichi), else
 * that YM_EV_RIICHI_* mode (the review values dama and riichi apart). rows: room for
 * YM_EV_MAX_ROWS. */
int ym_policy_ev_rows(const ym_game_t *g, int seat, int riichi_mode, struct ym_ev_work **work, ym_ev_row_t *rows,
                      int max_rows);
void ym_policy_ev_free(struct ym_ev_work *work);
int ym_policy_ev_draws_left(const ym_game_t *g);   /* the seat to move's own draws left (<= 17) */
typedef struct {
    int64_t scores[4], results[4];
    uint8_t ranks[4];
    uint16_t rounds;
    uint16_t outcomes[YM_OUT_KINDS];
    uint8_t end_reason;
    uint32_t steps;
} ym_sim_result_t;
/* Play one whole game with the policy; 0 = finished, 1 = step limit hit. */
int ym_game_simulate(const ym_game_rules_t *R, uint64_t seed, int policy, ym_sim_result_t *out);
/* The same with one policy per seat (policies[seat], `players` entries): the duplicate arena's
 * game. The policy stream is the game's own whatever the seats play. */
int ym_game_simulate_seats(const ym_game_rules_t *R, uint64_t seed, const uint8_t *policies,
                           ym_sim_result_t *out);
/* The rollout's policy stream of game `seed`, and the seat it asks next (-1: nobody). */
void ym_policy_rng_init(ym_rng_t *rng, uint64_t seed);
int ym_sim_seat(const ym_game_t *g);
/* The policy's choice for `seat` now (legal). ev: the ev policy's work memory (made on first
 * use, the caller frees it with ym_policy_ev_free); NULL = ev plays greedy. */
void ym_policy_choose(const ym_game_t *g, int seat, int policy, ym_rng_t *rng, struct ym_ev_work **ev,
                      ym_action_t *out);
/* One rollout of `g0` (not changed) to the end of its round: a copy in which every tile hidden
 * from `seat` is re-dealt (seat < 0: none), every seat played by `policy`, the copy's streams
 * drawn from `seed`. delta[q] = seat q's point change (riichi sticks paid and won included;
 * 0 for q >= players). Returns 0, 1 when the step limit was hit, 2 when no seat could act. */
int ym_game_rollout_one(const ym_game_t *g0, int seat, int policy, uint64_t seed, int64_t *delta);
/* The same with the round's history ops of ym_game_world (NULL: none; the hidden seats' furiten
 * cleared): the copy is ym_game_world's world of `seat`. Returns 3 when no world could be made
 * (the ops do not fit the state, or no tenpai deal for a hidden riichi hand). */
int ym_game_rollout_world(const ym_game_t *g0, int seat, const uint8_t *ops, int n_ops, int policy, uint64_t seed,
                          int64_t *delta);

#endif
