# ev_many glue (included at the end of _core.pyx): the columns and outputs of yakuman.ev.ev_many
# (C-contiguous numpy arrays of the right dtypes, checked there) into a ym_ev_batch_t, and the
# batch run without the GIL on `workers` threads (csrc/ym_ev_many.h).

from libc.stdint cimport int8_t

cdef extern from "ym_ev_many.h" nogil:
    ctypedef struct ym_ev_batch_t:
        int64_t n
        const uint8_t *counts
        const uint8_t *reds
        const int8_t *meld_type
        const uint8_t *meld_tile
        const uint8_t *meld_reds
        const uint8_t *dora
        const uint8_t *n_dora
        const uint8_t *seat_wind
        const uint8_t *round_wind
        const uint8_t *kita
        const uint16_t *honba
        const uint16_t *riichi_sticks
        const uint8_t *wall
        const uint8_t *pre
        const ym_rules_t *rules
        int t_max, extra, tegawari, shanten_down, uradora, red, max_shanten, turn
        uint8_t *status
        int8_t *code
        uint8_t *n_discards
        int8_t *tile
        uint8_t *tile_red
        int8_t *shanten
        double *tenpai
        double *win
        double *score
        uint8_t *riichi
        int8_t *d_shanten
        uint8_t *d_necessary
        double *d_tenpai
        double *d_win
        double *d_score
        uint8_t *d_riichi
        double *t_tenpai
        double *t_win
        double *t_score
    int ym_ev_many(const ym_ev_batch_t *b, int workers)


cdef inline void *_ev_ptr(dict d, str name):
    """The data pointer of column ``name`` (None: NULL)."""
    a = d.get(name)
    if a is None:
        return NULL
    return <void *><uintptr_t>a.ctypes.data


def _ev_many(rules, dict cols not None, dict out not None, int t_max, int extra, bint tegawari, bint shanten_down,
             bint uradora, bint red, int max_shanten, int turn, int workers):
    """Fill ``out`` (the ev_many output arrays) from ``cols`` (its input columns; absent ones
    None) natively, without the GIL."""
    cdef CompiledRules cr = _compiled_rules_c(rules)
    cdef ym_ev_batch_t b
    cdef int rc
    memset(&b, 0, sizeof(b))
    b.n = len(cols["counts"])
    b.counts = <const uint8_t *>_ev_ptr(cols, "counts")
    b.reds = <const uint8_t *>_ev_ptr(cols, "reds")
    b.meld_type = <const int8_t *>_ev_ptr(cols, "meld_type")
    b.meld_tile = <const uint8_t *>_ev_ptr(cols, "meld_tile")
    b.meld_reds = <const uint8_t *>_ev_ptr(cols, "meld_reds")
    b.dora = <const uint8_t *>_ev_ptr(cols, "dora")
    b.n_dora = <const uint8_t *>_ev_ptr(cols, "n_dora")
    b.seat_wind = <const uint8_t *>_ev_ptr(cols, "seat_wind")
    b.round_wind = <const uint8_t *>_ev_ptr(cols, "round_wind")
    b.kita = <const uint8_t *>_ev_ptr(cols, "kita")
    b.honba = <const uint16_t *>_ev_ptr(cols, "honba")
    b.riichi_sticks = <const uint16_t *>_ev_ptr(cols, "riichi_sticks")
    b.wall = <const uint8_t *>_ev_ptr(cols, "wall")
    b.pre = <const uint8_t *>_ev_ptr(cols, "pre")
    if b.n and (b.counts == NULL or (b.dora == NULL) != (b.n_dora == NULL)):
        raise ValueError("_ev_many: counts, and dora with n_dora, are required")
    b.rules = &cr.r
    b.t_max, b.extra, b.tegawari, b.shanten_down = t_max, extra, tegawari, shanten_down
    b.uradora, b.red, b.max_shanten, b.turn = uradora, red, max_shanten, turn
    b.status = <uint8_t *>_ev_ptr(out, "status")
    b.code = <int8_t *>_ev_ptr(out, "code")
    b.n_discards = <uint8_t *>_ev_ptr(out, "n_discards")
    b.tile = <int8_t *>_ev_ptr(out, "tile")
    b.tile_red = <uint8_t *>_ev_ptr(out, "tile_red")
    b.shanten = <int8_t *>_ev_ptr(out, "shanten")
    b.tenpai = <double *>_ev_ptr(out, "tenpai_prob")
    b.win = <double *>_ev_ptr(out, "win_prob")
    b.score = <double *>_ev_ptr(out, "exp_score")
    b.riichi = <uint8_t *>_ev_ptr(out, "riichi")
    b.d_shanten = <int8_t *>_ev_ptr(out, "discard_shanten")
    b.d_necessary = <uint8_t *>_ev_ptr(out, "discard_necessary")
    b.d_tenpai = <double *>_ev_ptr(out, "discard_tenpai_prob")
    b.d_win = <double *>_ev_ptr(out, "discard_win_prob")
    b.d_score = <double *>_ev_ptr(out, "discard_exp_score")
    b.d_riichi = <uint8_t *>_ev_ptr(out, "discard_riichi")
    b.t_tenpai = <double *>_ev_ptr(out, "discard_tenpai_prob_by_turn")
    b.t_win = <double *>_ev_ptr(out, "discard_win_prob_by_turn")
    b.t_score = <double *>_ev_ptr(out, "discard_exp_score_by_turn")
    if b.n == 0:
        return
    with nogil:
        rc = ym_ev_many(&b, workers)
    if rc != 0:
        raise MemoryError("ev_many: no memory for the thread pool")
