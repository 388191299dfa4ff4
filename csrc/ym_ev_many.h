/* ym_ev_many.h - yakuman.ev.ev_many natively: a batch of rows in the columns of score_many, each
 * row checked with no trust in its input (a malformed row gets its own status, never stops the
 * batch), then the expected-value search of ym_ev.h (its public API only), on a thread pool
 * (ym_pool.h) with one search work struct per thread. Nothing here touches Python: the caller
 * runs ym_ev_many without the GIL.
 *
 * Per-discard outputs have a fixed layout of YM_EVB_SLOTS = 37 slots per row: slot k (0..33) is
 * the discard of a plain tile of kind k, slot 34 + s the discard of the red five of suit s.
 */
#ifndef YM_EV_MANY_H
#define YM_EV_MANY_H

#include <stdint.h>

#include "ym_ev.h"

#define YM_EVB_SLOTS 37

enum {
    YM_EVB_OK = 0,
    YM_EVB_TILE_COUNT,   /* a count above 4, or a concealed total that is neither 13-3k nor 14-3k */
    YM_EVB_MELD,         /* a meld type above 4 or tile above 33, a chi outside 1-7 of a suit or in sanma */
    YM_EVB_COPIES,       /* five copies of a kind counting the hand, melds, dora indicators and kita */
    YM_EVB_SANMA_TILE,   /* 2m-8m in three-player mahjong */
    YM_EVB_REDS,         /* more red fives than fives (hand or meld), or than aka_dora per suit, or
                            more plain fives (hand and melds) than the 4 - aka_dora not red */
    YM_EVB_WIND,         /* a wind above 3, or the North seat with three players */
    YM_EVB_INDICATORS,   /* more than 5 dora indicators, or one outside 0..33 */
    YM_EVB_NUMBERS,      /* kita above 4 or without three players, honba or sticks above 1000 */
    YM_EVB_WALL,         /* a wall count above what is left of its kind, or too few tiles for t_max */
    YM_EVB_COMPLETE,     /* a 14-3k hand that is already complete (a tsumo, not a discard) */
    YM_EVB_SEARCH,       /* the search refused the input (native code in `code`) */
    YM_EVB_MEMORY,       /* no memory for the row's search */
};

typedef struct {
    int64_t n;
    /* input columns, row-major; NULL = absent (zeros; every meld slot empty; wall: every tile
     * neither held, melded, an indicator nor kita) */
    const uint8_t *counts;       /* n x 34, concealed tiles (red fives counted as fives) */
    const uint8_t *reds;         /* n x 3, concealed red fives per suit */
    const int8_t *meld_type;     /* n x 4, YM_CHI..YM_ANKAN; negative = an empty slot (any slot) */
    const uint8_t *meld_tile;    /* n x 4, the meld's lowest kind */
    const uint8_t *meld_reds;    /* n x 4 */
    const uint8_t *dora;         /* n x 5 indicator kinds, the first n_dora valid */
    const uint8_t *n_dora;
    const uint8_t *seat_wind, *round_wind, *kita;
    const uint16_t *honba, *riichi_sticks;
    const uint8_t *wall;         /* n x 34, the tiles that can still be drawn */
    const uint8_t *pre;          /* n: a status set before the call (nonzero: not searched) */
    /* options (one for the batch) */
    const ym_rules_t *rules;
    int t_max, extra, tegawari, shanten_down, uradora, red, max_shanten, turn;
    /* outputs (every row written) */
    uint8_t *status;             /* YM_EVB_* (or pre) */
    int8_t *code;                /* the search's code on YM_EVB_SEARCH, else 0 */
    uint8_t *n_discards;         /* rows of the search (distinct discards; 1 for 13-3k) */
    int8_t *tile;                /* the best discard's kind; -1 for 13-3k or a bad row */
    uint8_t *tile_red;
    int8_t *shanten;             /* after the best discard; 127 on a bad row */
    double *tenpai, *win, *score;                /* the best discard's, at turn (NaN: bad row) */
    uint8_t *riichi;             /* 1: the best discard declares riichi at turn (ym_ev_row_t.riichi) */
    int8_t *d_shanten;           /* n x 37; 127 where no such discard */
    uint8_t *d_necessary;        /* n x 37: copies left of the kinds that lower the shanten */
    double *d_tenpai, *d_win, *d_score;          /* n x 37 at turn (NaN: no such discard) */
    uint8_t *d_riichi;           /* n x 37: the discard declares riichi at turn */
    double *t_tenpai, *t_win, *t_score;          /* n x 37 x (t_max + 1), or NULL: by turn */
} ym_ev_batch_t;

/* The row's check: YM_EVB_OK with `in` filled (the rules and options of b), else the status. */
/* The tiles a request sees: seen[k] = full[k] (the hand and its melds) + dcount[k] (the dora
   indicators), plus kita Norths on 4z, capped at 255; unseen[k], the default wall: 4 - seen[k], 0
   for a kind above four and for three players' 2m-8m. *over: the first kind above four copies,
   *absent: the first 2m-8m seen with three players (34: none); a request is refused for the one
   that comes first (over at an equal kind). The one tally of ev_many's rows (ym_ev_row_check:
   YM_EVB_COPIES, YM_EVB_SANMA_TILE) and, through _core._ev_seen, of yakuman.ev.discard_ev. */
void ym_ev_seen(const uint8_t *full, const uint8_t *dcount, int kita, int sanma, uint8_t *seen, uint8_t *unseen,
                int *over, int *absent);
int ym_ev_row_check(const ym_ev_batch_t *b, int64_t i, ym_ev_input_t *in);
/* Every row, on `workers` threads (the caller's included). Returns 0, or -2 when the pool
 * could not be made (then nothing is written). */
int ym_ev_many(const ym_ev_batch_t *b, int workers);

#endif
