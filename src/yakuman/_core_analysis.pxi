# Analysis glue (included at the end of _core.pyx): point values from han and fu, every reading
# of a hand, and the batch parser. New functions only; they reuse the scorer's structs and
# helpers of _core_score.pxi and the parsers of csrc/ym_parse.c.

from libc.stdlib cimport malloc, free
from libc.stdint cimport int16_t, uintptr_t

cdef extern from "ym_score.h" nogil:
    int32_t ym_base_points(const ym_rules_t *rules, int han, int fu, int yakuman, int *limit, int *kazoe)
    void ym_payments(const ym_rules_t *rules, int32_t a, int32_t a_pao, int dealer, int tsumo, int honba,
                     int riichi_sticks, ym_payment_t *pay, int32_t *points)
    int ym_score_readings(const ym_rules_t *rules, const ym_hand_t *hand, ym_score_t *out, int max_out,
                          int *n_out)
    enum:
        YM_MAX_READINGS


def _points_native(CompiledRules cr not None, int han, int fu, int yakuman, bint dealer, bint tsumo, int honba,
                   int riichi_sticks):
    """ym_base_points + ym_payments: (limit name, kazoe multiple, base points, hand value,
    (discarder, dealer, non_dealer, n_non_dealer, liable, honba, sticks, total))."""
    cdef int limit = 0, kazoe = 0
    cdef ym_payment_t pay
    cdef int32_t points = 0
    cdef int32_t a = ym_base_points(&cr.r, han, fu, yakuman, &limit, &kazoe)
    ym_payments(&cr.r, a, 0, dealer, tsumo, honba, riichi_sticks, &pay, &points)
    return (_SC_LIMITS[limit], kazoe, a, points,
            (pay.discarder, pay.dealer, pay.non_dealer, pay.n_non_dealer, pay.liable, pay.honba,
             pay.sticks, pay.total))


def _readings_native(CompiledRules cr not None, counts, int reds, melds, int win, int flags, int seat_wind,
                     int round_wind, dora, ura, int kita, int honba, int riichi_sticks):
    """Every reading of a validated hand as Scores, best first (ym_score_readings); a reading
    without yaku is a NO_YAKU Score that keeps its decomposition. Returns (status, [Score])."""
    cdef ym_hand_t h
    cdef int n = 0, i, st
    cdef ym_score_t *out = <ym_score_t *>malloc(YM_MAX_READINGS * sizeof(ym_score_t))
    if out == NULL:
        raise MemoryError()
    cdef Score s
    try:
        _fill_hand(&h, counts, reds, melds, win, flags, seat_wind, round_wind, dora, ura, kita, honba,
                   riichi_sticks, 0)
        st = ym_score_readings(&cr.r, &h, out, YM_MAX_READINGS, &n)
        if st == 4:
            _raise_bad_input(out[0].reason)
        if n > YM_MAX_READINGS:   # pragma: no cover - the bound is checked exhaustively by a test
            raise AssertionError(f"{n} readings, more than the {YM_MAX_READINGS} kept")
        _sc_result_types()
        result = []
        for i in range(n):
            s = _lazy_score(&out[i], &h)
            s._nonwin_reading = out[i].status != 0   # a reading without yaku keeps its decomposition
            result.append(s)
        return st, result
    finally:
        free(out)


def _reason_text(int status, int reason, int win=0):
    """The reason of a non-win (status 1-3) from its native code, worded as score() words it."""
    cdef ym_score_t o
    memset(&o, 0, sizeof(ym_score_t))
    o.status = <uint8_t>status
    o.reason = <uint8_t>reason
    return _status_reason(&o, win if 0 <= win < 34 else 0)


# ---- batch parser ------------------------------------------------------------------------------

cdef inline void _parse_row(int kind, const void *data, int width, int64_t length, const int64_t *ids,
                            int aka, uint8_t *counts, uint8_t *reds, int16_t *ntiles, uint8_t *status,
                            ym_parse_err_t *err) noexcept nogil:
    cdef int r
    if kind == 0:
        r = ym_parse_mpsz(data, width, length, counts, reds, err)
    else:
        r = ym_parse_136(ids, length, aka, counts, reds, err)
    if r < 0:
        memset(counts, 0, 34)
        memset(reds, 0, 3)
        ntiles[0] = -1
        status[0] = 1 if err.code == 7 else 4
    else:
        ntiles[0] = <int16_t>r
        status[0] = 0


def _parse_many(list rows not None, bint aka, int workers, uint8_t[:, ::1] counts not None, uint8_t[:, ::1] reds not None,
                int16_t[::1] ntiles not None, uint8_t[::1] status not None):
    """Parse every row (str = mpsz, list / tuple = 136-ids) into the output arrays; returns
    {row: message} for the bad rows (status 1 = five copies, 4 = bad notation). The rows are
    read under the GIL once (string buffers, integer conversion), then parsed without it."""
    import numpy as np
    cdef Py_ssize_t n = len(rows), i, total = 0, m, ln
    cdef object row
    if (counts.shape[0] != n or counts.shape[1] != 34 or reds.shape[0] != n or reds.shape[1] != 3
            or ntiles.shape[0] != n or status.shape[0] != n):
        raise ValueError("_parse_many: output arrays of the wrong shape")
    kinds_a = np.zeros(n, dtype=np.int8)     # 0 mpsz, 1 ids, 2 not parsable (message below)
    width_a = np.zeros(n, dtype=np.int8)
    length_a = np.zeros(n, dtype=np.int64)
    offset_a = np.zeros(n, dtype=np.int64)
    data_a = np.zeros(n, dtype=np.uintp)
    cdef int8_t[::1] kinds = kinds_a
    cdef int8_t[::1] width = width_a
    cdef int64_t[::1] length = length_a
    cdef int64_t[::1] offset = offset_a
    cdef uintptr_t[::1] data = data_a
    messages = {}
    for i in range(n):
        row = rows[i]
        if type(row) is str:
            ym_str_ready(row)
            data[i] = <uintptr_t>ym_str_data(row)
            width[i] = <int8_t>ym_str_kind(row)
            length[i] = ym_str_len(row)
        elif isinstance(row, (list, tuple)):
            if type(row) is not list and type(row) is not tuple:
                row = rows[i] = list(row)    # a subclass: its items as a plain list
            kinds[i] = 1
            offset[i] = total
            length[i] = min(len(row), 137)   # the room reserved in flat
            total += length[i]
        else:
            kinds[i] = 2
            messages[i] = (f"a row must be an mpsz string or a list of 136-ids, not "
                           f"{type(row).__name__}")
    flat_a = np.zeros(total + 1, dtype=np.int64)     # + 1: an empty last row still has a valid address
    cdef int64_t[::1] flat = flat_a
    bad_at = {}
    for i in range(n):
        if kinds[i] == 1:
            row = rows[i]
            ln = min(len(row), length[i])    # never past the room reserved (an item's __index__
            m = _ids_prefix(row, &flat[offset[i]], ln)   # could change the list's length)
            length[i] = m
            if m < ln:
                bad_at[i] = m     # not an integer: reported unless an earlier item fails
    cdef ym_parse_err_t *errs = <ym_parse_err_t *>malloc((n if n else 1) * sizeof(ym_parse_err_t))
    if errs == NULL:
        raise MemoryError()
    try:
        with nogil:
            for i in prange(n, num_threads=workers, schedule="static"):
                if kinds[i] == 2:
                    memset(&counts[i, 0], 0, 34)
                    memset(&reds[i, 0], 0, 3)
                    ntiles[i] = -1
                    status[i] = 4
                else:
                    _parse_row(kinds[i], <const void *>data[i], width[i], length[i], &flat[offset[i]], aka,
                               &counts[i, 0], &reds[i, 0], &ntiles[i], &status[i], &errs[i])
        for i in range(n):
            if kinds[i] == 2:
                continue
            if status[i] != 0:
                messages[i] = _parse_message(&errs[i], rows[i])
            elif i in bad_at:
                m = bad_at[i]
                memset(&counts[i, 0], 0, 34)
                memset(&reds[i, 0], 0, 3)
                ntiles[i] = -1
                status[i] = 4
                iv = _as_int(rows[i][m])
                messages[i] = (f"136-id {_rep(rows[i][m])} at index {m} is not an integer in 0..135" if iv is None
                               else f"136-id {iv} out of range 0..135 at index {m}")
    finally:
        free(errs)
    return messages
