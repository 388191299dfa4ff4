/* ym_game_actions.h - the fixed action space for learning (docs/learning.md) and the vectorized
 * games that use it (ym_game_vec.c).
 *
 * Every legal action of a state has one index in 0..YM_AX_N-1, and within one state no two legal
 * actions share an index (tested on random games and on records), so a state's legal actions and
 * the set bits of its mask correspond one to one. Index -> action is the legal action of the
 * state with that index (ym_action_from_index).
 *
 *   0..33     discard of kind k (not red, not the drawn tile)
 *   34..67    discard of kind k, the drawn tile (tsumogiri), not red
 *   68..70    discard of a red five (m, p, s), not the drawn tile
 *   71..73    discard of a red five (m, p, s), the drawn tile
 *   74        riichi
 *   75..200   chi: 75 + 2 * shape + red; shape = 21 * suit + 3 * (lowest rank of the run, 0..6)
 *             + position of the called tile in the run (0 lowest, 1 middle, 2 highest);
 *             red = 1 when a consumed tile is a red five (only shapes whose consumed tiles hold a
 *             five have red = 1 entries)
 *   201..234  pon of kind k, no red five consumed
 *   235..237  pon of a five (m, p, s) consuming one red five
 *   238..240  pon of a five (m, p, s) consuming two red fives (rules with aka_dora >= 2)
 *   241..274  daiminkan of kind k
 *   275..308  kakan of kind k
 *   309..342  ankan of kind k
 *   343 kita, 344 tsumo, 345 ron, 346 kyuushu kyuuhai, 347 pass
 *   348       open riichi (rules.open_riichi: riichi with the hand shown; the discard that follows
 *             is a separate decision, as after 74)
 *
 * Versions (YM_AX_VERSION): indices are only ever appended, so an index keeps its meaning across
 * versions and a version-v mask is the first YM_AX_N(v) entries of a later one.
 *   1  0..347 (348 indices)
 *   2  348 open riichi appended (349 indices)
 */
#ifndef YM_GAME_ACTIONS_H
#define YM_GAME_ACTIONS_H

#include <stdint.h>

#include "ym_game.h"

enum {
    YM_AX_DISCARD = 0, YM_AX_DISCARD_TG = 34, YM_AX_DISCARD_RED = 68, YM_AX_DISCARD_RED_TG = 71,
    YM_AX_RIICHI = 74, YM_AX_CHI = 75, YM_AX_PON = 201, YM_AX_PON_RED1 = 235, YM_AX_PON_RED2 = 238,
    YM_AX_DAIMINKAN = 241, YM_AX_KAKAN = 275, YM_AX_ANKAN = 309, YM_AX_KITA = 343, YM_AX_TSUMO = 344,
    YM_AX_RON = 345, YM_AX_KYUUSHU = 346, YM_AX_PASS = 347, YM_AX_OPEN_RIICHI = 348, YM_AX_N = 349
};
enum { YM_AX_VERSION = 2 };

/* The index of action `a` (an entry of ym_game_legal's output for g), -1 when it has none. */
int ym_action_index(const ym_game_t *g, const ym_action_t *a);
/* The seat's legal actions (legal[], as ym_game_legal) with their indices (idx[]); mask (YM_AX_N
 * bytes, or NULL) gets 1 at each index and 0 elsewhere. Returns the count. */
int ym_action_mask(const ym_game_t *g, int seat, uint8_t *mask, ym_action_t *legal, uint16_t *idx);
/* The legal action of `seat` with index `index`: 0 and *out filled, or 1 when none is legal. */
int ym_action_from_index(const ym_game_t *g, int seat, int index, ym_action_t *out);

/* ---- vectorized games (ym_game_vec.c) ------------------------------------------------------- */
enum { YM_VR_ROUND = 0, YM_VR_GAME = 1 };
enum { YM_VS_OK = 0, YM_VS_ILLEGAL = 1, YM_VS_NOMEM = 2 };
typedef struct {
    ym_game_t g;
    uint64_t seed;                    /* this game's seed */
    uint8_t seat;                     /* the seat deciding now */
    uint8_t n_legal;
    uint8_t over;                     /* the game ended in the last step (the caller resets it) */
    ym_action_t legal[YM_G_MAX_ACTIONS];
    uint16_t lidx[YM_G_MAX_ACTIONS];  /* index of each legal action */
    uint16_t *hist;                   /* action indices since the game's start (malloc'd, grows) */
    uint32_t n_hist, cap_hist;
} ym_vgame_t;

/* Outputs of one game: the observation of the deciding seat and its mask. */
typedef struct {
    uint8_t *planes;                  /* [YM_OBS_PLANES][34] */
    int64_t *scalars;                 /* [YM_OBS_SCALARS] */
    uint8_t *mask;                    /* [YM_AX_N] */
    float *reward;                    /* [players] */
} ym_vout_t;

/* Start game v with `seed` (history cleared; its buffer kept) and write its first observation. */
void ym_vgame_reset(ym_vgame_t *v, const ym_game_rules_t *R, uint64_t seed, const ym_vout_t *o);
/* Apply the action with index `action` for the deciding seat, then run to the next decision
 * (the next round is dealt after a round end); rewards accumulate into o->reward (zeroed first).
 * Returns YM_VS_*: on YM_VS_ILLEGAL nothing changed. v->over = 1 when the game ended. */
int ym_vgame_step(ym_vgame_t *v, int action, int reward_mode, const ym_vout_t *o);
void ym_vgame_free(ym_vgame_t *v);

/* Games lo..hi-1 of a batch stepped with acts[] (ym_pool_fn's shape: ctx is a ym_vbatch_t). */
typedef struct {
    ym_vgame_t *v;
    const int64_t *acts;
    uint8_t *planes;                  /* [n][YM_OBS_PLANES][34] */
    int64_t *scalars;                 /* [n][YM_OBS_SCALARS] */
    uint8_t *mask;                    /* [n][YM_AX_N] */
    float *rewards;                   /* [n][players] */
    uint8_t *status, *done;
    int32_t *seat;
    int mode, players;
} ym_vbatch_t;
void ym_vgame_step_range(void *ctx, int64_t lo, int64_t hi);

#endif
