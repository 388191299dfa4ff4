/* ym_ev.h - single-player expected value of each discard: tenpai probability, win probability and
 * expected score, turn by turn (docs/ev.md describes the model).
 *
 * API (stable; the engine's policies call it from C):
 *   1. Fill a ym_ev_input_t (ym_ev_input_init gives the defaults): the concealed counts and red
 *      fives, the melds, the unseen counts `unseen` (what may still be drawn, e.g. 4 - visible -
 *      held; red fives apart in unseen_red), dora indicators, winds, the compiled rules and the
 *      search options.
 *   2. ym_ev_work_t *w = ym_ev_work_new();   (one per thread; reused across calls, grows as needed)
 *   3. int n = ym_ev_discards(in, w, rows, YM_EV_MAX_ROWS);   rows best first by exp_score[turn]
 *      (n < 0: an error code YM_EV_E_*; a 13-3k hand gives one row with tile = -1).
 *   4. ym_ev_work_free(w).
 * Nothing here touches Python; the search allocates only inside the work struct (malloc/realloc,
 * amortised), so callers may run it without the GIL on many threads, one work struct each.
 * Trusted input (the Cython layer checks): counts 0..4, unseen + held + melded <= 4 per kind,
 * 13-3k or 14-3k concealed tiles, n_dora <= YM_MAX_INDICATORS. Refused (YM_EV_E_REDS): more than one
 * red five of a suit in the hand and the wall together.
 */
#ifndef YM_EV_H
#define YM_EV_H

#include <stddef.h>
#include <stdint.h>

#include "ym_score.h"

#define YM_EV_TMAX 18          /* largest t_max (turns are 0..t_max) */
#define YM_EV_MAX_ROWS 16      /* distinct discards of a 14-tile hand, red fives apart */

/* YM_EV_E_REDS: with red fives on, a suit whose concealed red fives and unseen red fives (reds[s] +
   unseen_red[s]) are more than one: a state follows one red five per suit (rules with aka_dora of 2
   or more; docs/ev.md, "Red fives") */
enum { YM_EV_E_SHANTEN = -1, YM_EV_E_MEMORY = -2, YM_EV_E_INPUT = -3, YM_EV_E_COMPLETE = -4, YM_EV_E_REDS = -5 };

/* How a closed hand that discards into tenpai is treated (ym_ev_input_t.riichi_mode; docs/ev.md):
 *   ALWAYS   the reference's: it declares riichi, the state under riichi still moves to the states
 *            of the graph its draws reach, no stick and no ippatsu (model="reference");
 *   CHOOSE   riichi or dama, whichever is worth more at each discard; riichi only with a draw after
 *            the declaration; a hand under riichi keeps its tiles (it wins or draws and discards the
 *            tile); the first draw after the declaration wins with ippatsu; the declaration costs
 *            the YM_EV_STICK stick, given back with the win (model="full", the default);
 *   NEVER    as CHOOSE, but never riichi (dama only);
 *   DECLARE  as CHOOSE, but the request's own discard declares (its tenpai rows are riichi):
 *            what a player who has just announced riichi chooses among. */
enum { YM_EV_RIICHI_ALWAYS = 0, YM_EV_RIICHI_CHOOSE = 1, YM_EV_RIICHI_NEVER = 2, YM_EV_RIICHI_DECLARE = 3 };
#define YM_EV_STICK 1000.0     /* the riichi stick, in points */

typedef struct {
    const ym_rules_t *rules;
    uint8_t counts[34];        /* concealed tiles (red fives included in the 5 counts) */
    uint8_t reds[3];           /* concealed red fives per suit (m, p, s), 0/1 */
    uint8_t n_melds;
    uint8_t meld_type[4], meld_tile[4], meld_reds;   /* YM_CHI..YM_ANKAN, lowest kind */
    uint8_t unseen[34];        /* tiles that can still be drawn, by kind (reds included) */
    uint8_t unseen_red[3];     /* of them, red fives per suit */
    uint8_t n_dora, dora[YM_MAX_INDICATORS];
    uint8_t seat_wind, round_wind;
    uint8_t kita;              /* sanma: nuki dora already set aside */
    uint16_t honba, riichi_sticks;
    /* options */
    uint8_t t_max;             /* <= YM_EV_TMAX */
    uint8_t extra;             /* exchange limit (docs/ev.md) */
    uint8_t tegawari, shanten_down, uradora, red;
    uint8_t max_shanten;       /* rows at a higher shanten get NaN (default 3) */
    int16_t wall_sum;          /* divisor base S (turn t divides by S - t); 0 = sum of unseen */
    uint8_t bounded;           /* 1 (default): a probability never passes 1 (docs/ev.md, the wall); 0: as the reference */
    uint8_t riichi_mode;       /* YM_EV_RIICHI_* (default CHOOSE; ALWAYS for the reference model) */
} ym_ev_input_t;

typedef struct {
    int8_t tile;               /* discarded kind, -1 for a 13-3k hand */
    uint8_t red;               /* 1: the discard is a red five */
    int8_t shanten;            /* after the discard */
    uint8_t necessary[34];     /* copies left of each kind that lowers the shanten (else 0) */
    uint64_t necessary_mask;   /* bit k: kind k lowers the shanten (even with no copy left) */
    double tenpai[YM_EV_TMAX + 1], win[YM_EV_TMAX + 1], score[YM_EV_TMAX + 1];
    uint8_t riichi[YM_EV_TMAX + 1];   /* 1: at that turn the discard's expected score is its riichi's
                                         (the discard declares); always 1 on a closed tenpai row under
                                         ALWAYS, never under NEVER */
} ym_ev_row_t;

typedef struct ym_ev_work ym_ev_work_t;

void ym_ev_input_init(ym_ev_input_t *in, const ym_rules_t *rules);
ym_ev_work_t *ym_ev_work_new(void);
void ym_ev_work_free(ym_ev_work_t *w);
/* Nodes of the last search (draw + discard states): a size measure for tests and benchmarks. */
size_t ym_ev_nodes(const ym_ev_work_t *w);
/* the bytes a work struct holds (its buffers' capacities): callers that keep one may drop a large one */
size_t ym_ev_work_bytes(const ym_ev_work_t *w);
/* The solve's passes with AVX where the CPU has it (the default), or the SSE2 ones (on = 0): the
   same values either way (tests compare them); returns 1 when the AVX passes are in use. Not
   thread-safe: for tests and benchmarks, before searches run. */
int ym_ev_use_avx(int on);
/* Rows best first by score[turn] (then win, then tenpai, then tile order). */
int ym_ev_discards(const ym_ev_input_t *in, ym_ev_work_t *w, ym_ev_row_t *rows, int max_rows, int turn);

/* The red fives of one suit the wall may still hold: the rules' red copies of the suit less the
   red ones seen, at most the suit's unseen fives and never below 0. The one rule behind every
   default of ym_ev_input_t.unseen_red: ev_many's rows (ym_ev_many.c), the engine's ev policy
   (ym_game_ev.c) and, through _core.ev_unseen_red, yakuman.ev.discard_ev and
   Observation.wall_reds. */
static inline int ym_ev_unseen_red(int copies, int seen, int unseen_fives) {
    int left = copies - seen;
    if (left > unseen_fives) left = unseen_fives;
    return left > 0 ? left : 0;
}

#endif
