# Expected-value glue (included at the end of _core.pyx). See csrc/ym_ev.h and docs/ev.md.
#
# _ev_search: one request, parsed and checked by yakuman.ev; the search runs without the GIL in
# a work struct taken from a small pool (_ev_work_take). Returns (nodes, rows), each row an instance of the
# given row type (yakuman.ev.EvRow) with tile (mpsz), shanten, necessary {mpsz: copies} and the place
# of its three numpy float64 arrays of t_max + 1 (tenpai, win, score) and its bool array (riichi: at
# that turn the discard declares riichi), which the row makes into views when first read.

cdef extern from "ym_ev.h" nogil:
    ctypedef struct ym_ev_input_t:
        const ym_rules_t *rules
        uint8_t counts[34]
        uint8_t reds[3]
        uint8_t n_melds
        uint8_t meld_type[4]
        uint8_t meld_tile[4]
        uint8_t meld_reds
        uint8_t unseen[34]
        uint8_t unseen_red[3]
        uint8_t n_dora
        uint8_t dora[10]
        uint8_t seat_wind, round_wind, kita
        uint16_t honba, riichi_sticks
        uint8_t t_max, extra, tegawari, shanten_down, uradora, red, max_shanten
        int16_t wall_sum
        uint8_t bounded
        uint8_t riichi_mode
    ctypedef struct ym_ev_row_t:
        int8_t tile
        uint8_t red
        int8_t shanten
        uint8_t necessary[34]
        uint64_t necessary_mask
        double tenpai[19]
        double win[19]
        double score[19]
        uint8_t riichi[19]
    ctypedef struct ym_ev_work_t:
        pass
    void ym_ev_input_init(ym_ev_input_t *inp, const ym_rules_t *rules)
    ym_ev_work_t *ym_ev_work_new()
    void ym_ev_work_free(ym_ev_work_t *w)
    size_t ym_ev_nodes(const ym_ev_work_t *w)
    size_t ym_ev_work_bytes(const ym_ev_work_t *w)
    int ym_ev_use_avx(int on)
    int ym_ev_discards(const ym_ev_input_t *inp, ym_ev_work_t *w, ym_ev_row_t *rows, int max_rows, int turn)
    int ym_ev_unseen_red(int copies, int seen, int unseen_fives)

cdef extern from "ym_ev_many.h" nogil:
    void ym_ev_seen(const uint8_t *full, const uint8_t *dcount, int kita, int sanma, uint8_t *seen,
                    uint8_t *unseen, int *over, int *absent)


def ev_unseen_red(int copies, int seen, int unseen_fives):
    """The red fives of a suit the wall may still hold (csrc/ym_ev.h ym_ev_unseen_red): the rules'
    red copies of the suit less the red ones seen, at most the suit's unseen fives, never below
    0. The one rule behind the default wall reds of discard_ev, ev_many, the ev policy and
    Observation.wall_reds."""
    return ym_ev_unseen_red(copies, seen, unseen_fives)


def _ev_seen(full, dcounts, int kita, bint sanma):
    """discard_ev's tally of the tiles it sees: ``full`` (34 counts of the hand and the melds) plus
    ``dcounts`` (the indicators') plus ``kita`` Norths, as (over, absent, seen, unseen): the first
    kind with more than four copies (34: none), the first 2m-8m seen with three players (34: none),
    the 34 counts seen (bytes) and the default wall, four less the seen copies of each kind (bytes;
    sanma's 2m-8m 0), meaningful only when over and absent are 34 (the caller raises first). The
    tally is ev_many's (csrc/ym_ev_many.c, ym_ev_seen)."""
    cdef uint8_t f[34]
    cdef uint8_t d[34]
    cdef uint8_t seen[34]
    cdef uint8_t unseen[34]
    cdef int k, v, over, absent
    if len(full) != 34 or len(dcounts) != 34:
        raise InvalidArgumentError("_ev_seen takes 34 counts")
    for k in range(34):   # counts from the parsers, never negative; a huge one stays above four
        v = full[k]
        f[k] = 255 if v > 255 else <uint8_t>v
        v = dcounts[k]
        d[k] = 255 if v > 255 else <uint8_t>v
    ym_ev_seen(f, d, kita, sanma, seen, unseen, &over, &absent)
    return over, absent, (<char *>seen)[:34], (<char *>unseen)[:34]


# Work structs kept between calls (taken and given back under the GIL, searched in without it): a
# search then reuses the buffers an earlier one grew instead of allocating and faulting in new
# pages (a 3-shanten search grows one to 50-200 MB: freed after each call, its pages were faulted
# in again by the next, 30,000 faults a call). At most _EV_POOL are kept, none holding more than
# _EV_POOL_BYTES; _ev_release (yakuman.ev.release_memory) frees them.
cdef enum:
    _EV_POOL = 4
cdef ym_ev_work_t *_ev_pool[_EV_POOL]
cdef int _ev_pool_n = 0
cdef size_t _EV_POOL_BYTES = 1 << 30


cdef ym_ev_work_t *_ev_work_take():
    global _ev_pool_n
    if _ev_pool_n > 0:
        _ev_pool_n -= 1
        return _ev_pool[_ev_pool_n]
    return ym_ev_work_new()


cdef void _ev_work_give(ym_ev_work_t *w):
    global _ev_pool_n
    if _ev_pool_n < _EV_POOL and ym_ev_work_bytes(w) <= _EV_POOL_BYTES:
        _ev_pool[_ev_pool_n] = w
        _ev_pool_n += 1
    else:
        ym_ev_work_free(w)


def _ev_release():
    """Free the work structs kept between calls; returns the bytes they held."""
    global _ev_pool_n
    cdef size_t total = 0
    while _ev_pool_n > 0:
        _ev_pool_n -= 1
        total += ym_ev_work_bytes(_ev_pool[_ev_pool_n])
        ym_ev_work_free(_ev_pool[_ev_pool_n])
    return total


def _ev_pooled_bytes():
    """The bytes the work structs kept between calls hold."""
    cdef size_t total = 0
    cdef int i
    for i in range(_ev_pool_n):
        total += ym_ev_work_bytes(_ev_pool[i])
    return total


cdef ym_part_cache_t *_test_pc = NULL


def _ev_use_avx(bint on):
    """ym_ev_use_avx: the solve's AVX passes (where the CPU has them) or the SSE2 ones, for the
    test that compares them; returns whether the AVX passes are in use."""
    return bool(ym_ev_use_avx(on))


cdef ym_part_cache_t *_test_parts(bint sanma) except NULL:
    """The parts cache of the test accessors below: one for the process, kept across calls (as a
    search keeps its own across its hands), reset when the player count changes."""
    global _test_pc
    if _test_pc == NULL:
        _test_pc = <ym_part_cache_t *>malloc(sizeof(ym_part_cache_t))
        if _test_pc == NULL:
            raise MemoryError()
        ym_part_cache_reset(_test_pc, sanma)
    elif _test_pc.sanma != sanma:
        ym_part_cache_reset(_test_pc, sanma)
    return _test_pc


def _shanten_neighbours(bytes counts not None, int n_melds, bint sanma, int delta):
    """ym_shanten_neighbours (the search's shanten of each draw or discard) on checked counts:
    a list of 34, None where the changed hand would leave 0..4 (tests compare it with shanten)."""
    cdef uint8_t c[34]
    cdef signed char out[34]
    cdef uint64_t kinds = 0
    cdef int k
    memcpy(c, <const char *>counts, 34)
    for k in range(34):
        if (delta > 0 and c[k] < 4) or (delta < 0 and c[k] > 0):
            kinds |= (<uint64_t>1) << k
    ym_shanten_neighbours(_test_parts(sanma), c, n_melds, delta, kinds, out)
    return [out[k] if kinds >> k & 1 else None for k in range(34)]


cdef dict _shanten_changed(bytes counts, int n_melds, bint sanma, int level, int delta):
    """ym_shanten_lowering (delta 1: the draws of kinds with fewer than four copies) or
    ym_shanten_keeping (delta -1: the discards of kinds held) on checked counts, as
    {kind: shanten} of the kinds it returns."""
    cdef uint8_t c[34]
    cdef signed char out[34]
    cdef uint64_t kinds = 0, got
    cdef int k
    memcpy(c, <const char *>counts, 34)
    for k in range(34):
        if (delta > 0 and c[k] < 4) or (delta < 0 and c[k] > 0):
            kinds |= (<uint64_t>1) << k
    if delta > 0:
        got = ym_shanten_lowering(_test_parts(sanma), c, n_melds, level, kinds, out)
    else:
        got = ym_shanten_keeping(_test_parts(sanma), c, n_melds, level, kinds, out)
    return {k: out[k] for k in range(34) if got >> k & 1}


def _shanten_lowering(bytes counts not None, int n_melds, bint sanma, int b):
    """ym_shanten_lowering on checked counts: {kind: shanten} of the draws (kinds with fewer than
    four copies) that lower the shanten below ``b`` (tests compare it with shanten)."""
    return _shanten_changed(counts, n_melds, sanma, b, 1)


def _shanten_keeping(bytes counts not None, int n_melds, bint sanma, int a):
    """ym_shanten_keeping on checked counts: {kind: shanten} of the discards (kinds held) that
    keep the shanten ``a`` (tests compare it with shanten)."""
    return _shanten_changed(counts, n_melds, sanma, a, -1)


from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE

cdef extern from "Python.h":
    int PyObject_GenericSetDict(object o, object value, void *context) except -1

cdef object _ev_np = None   # numpy, imported by the first search (importing yakuman does not import it)


def _ev_search(bytes counts not None, bytes reds not None, melds, bytes unseen not None, bytes unseen_red not None, bytes dora not None,
               int seat_wind, int round_wind, int kita, int honba, int riichi_sticks, rules,
               int t_max, int extra, bint tegawari, bint shanten_down, bint uradora, bint red,
               int max_shanten, int wall_sum, int turn, bint bounded, int riichi_mode, row_type,
               tuple names not None):
    """The native search of ym_ev.h on checked input (yakuman.ev builds it); riichi_mode is
    YM_EV_RIICHI_* (0 the reference's, 1 choose, 2 never, 3 declare). Each row is made as an
    instance of ``row_type`` (a class whose instances keep their fields in ``__dict__``,
    yakuman.ev.EvRow), its plain fields set in its dict (no ``__init__``) with ``_ev_arrays`` =
    ((values, flags, necessary), index): the (n, 3, t_max + 1) float64 block, the (n, t_max + 1)
    bool block and the n x 34 bytes of the necessary tiles (copies by kind, 255 for a kind that
    does not lower the row's shanten), whose views and dict the row makes when a field is first
    read; ``names``: mpsz by kind,
    then red."""
    cdef CompiledRules cr = _compiled_rules_c(rules)
    cdef ym_ev_input_t inp
    cdef ym_ev_row_t rows[16]
    cdef int i, n, t
    ym_ev_input_init(&inp, &cr.r)
    memcpy(inp.counts, <const char *>counts, 34)
    memcpy(inp.reds, <const char *>reds, 3)
    memcpy(inp.unseen, <const char *>unseen, 34)
    memcpy(inp.unseen_red, <const char *>unseen_red, 3)
    inp.n_melds = len(melds)
    inp.meld_reds = 0
    for i, (mt, mk, mr) in enumerate(melds):
        inp.meld_type[i] = mt
        inp.meld_tile[i] = mk
        inp.meld_reds += mr
    inp.n_dora = len(dora)
    for i in range(len(dora)):
        inp.dora[i] = dora[i]
    inp.seat_wind = seat_wind
    inp.round_wind = round_wind
    inp.kita = kita
    inp.honba = honba
    inp.riichi_sticks = riichi_sticks
    inp.t_max = t_max
    inp.extra = extra
    inp.tegawari = tegawari
    inp.shanten_down = shanten_down
    inp.uradora = uradora
    inp.red = red
    inp.max_shanten = max_shanten
    inp.wall_sum = wall_sum
    inp.bounded = bounded
    inp.riichi_mode = riichi_mode
    cdef ym_ev_work_t *w = _ev_work_take()
    if w == NULL:
        raise MemoryError("ev: no memory for the search")
    with nogil:
        n = ym_ev_discards(&inp, w, rows, 16, turn)
    nodes = ym_ev_nodes(w)
    _ev_work_give(w)
    if n == -2:
        raise MemoryError("ev: no memory for the search")
    if n == -5:   # YM_EV_E_REDS: the search's rule (csrc/ym_ev.c); its suit named here
        s = next(s for s in range(3) if reds[s] + unseen_red[s] > 1)
        raise InvalidArgumentError(
            f"0{'mps'[s]}: {reds[s]} red in the hand and {unseen_red[s]} unseen; the calculator follows at most "
            f"one red five per suit in the hand and the wall together (rules.aka_dora = {rules.aka_dora}): pass "
            "red=False to count red fives as plain, or wall_red= with fewer")
    if n < 0:
        raise InvalidArgumentError(f"ev: the native search refused the input (code {n})")
    # every row's three value arrays and its riichi flags are views of two blocks, filled by memcpy
    cdef Py_ssize_t L = t_max + 1
    global _ev_np
    if _ev_np is None:
        import numpy
        _ev_np = numpy
    vals = _ev_np.empty((n, 3, L))
    flags = _ev_np.empty((n, L), dtype=_ev_np.bool_)
    cdef Py_buffer vb, fb
    PyObject_GetBuffer(vals, &vb, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
    PyObject_GetBuffer(flags, &fb, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
    cdef double *vp = <double *>vb.buf
    cdef uint8_t *fp = <uint8_t *>fb.buf
    for i in range(n):
        memcpy(vp + (3 * i + 0) * L, rows[i].tenpai, L * sizeof(double))
        memcpy(vp + (3 * i + 1) * L, rows[i].win, L * sizeof(double))
        memcpy(vp + (3 * i + 2) * L, rows[i].score, L * sizeof(double))
        for t in range(L):
            fp[i * L + t] = rows[i].riichi[t] != 0
    PyBuffer_Release(&vb)
    PyBuffer_Release(&fb)
    # each row holds ((vals, flags, necessary), its index) and makes its four views and its
    # necessary dict when first read (EvRow's __getattr__, yakuman.ev): a view costs about 130 ns
    # and a row's dict about 300, 48 views and a dozen dicts most of a small search's glue, and a
    # caller reads a few rows' arrays. necessary: 34 bytes a row, the copies of each kind that
    # lowers the row's shanten, 255 for the others
    nec = PyBytes_FromStringAndSize(NULL, 34 * n)
    cdef unsigned char *np_ = <unsigned char *>PyBytes_AS_STRING(nec)
    cdef uint64_t m
    cdef int k
    memset(np_, 255, 34 * n)
    for i in range(n):
        m = rows[i].necessary_mask
        while m:
            k = _lowest_bit(m)
            np_[34 * i + k] = rows[i].necessary[k]
            m &= m - 1
    blocks = (vals, flags, nec)
    cdef list out = []
    for i in range(n):
        row = row_type.__new__(row_type)
        # the instance's dict made whole (its two plain fields and the lazy fields' place, sized
        # once) and set as its __dict__
        PyObject_GenericSetDict(row, {
            "tile": None if rows[i].tile < 0 else names[rows[i].tile][rows[i].red],
            "shanten": rows[i].shanten, "_ev_arrays": (blocks, i)}, NULL)
        out.append(row)
    return nodes, out


# ---- the engine's ev policy, as it values a position (csrc/ym_game_ev.c, ym_policy_ev_rows) ----
cdef extern from "ym_game.h" nogil:
    int ym_policy_ev_rows(const ym_game_t *g, int seat, int riichi_mode, ym_ev_work **work, ym_ev_row_t *rows,
                          int max_rows)
    enum: YM_POL_EV_MAX_SHANTEN
    enum: YM_POL_EV_FULL_SHANTEN

#: the ev policy's settings (csrc/ym_game.h): above EV_POLICY_MAX_SHANTEN it leaves the discard to
#: greedy; from EV_POLICY_FULL_SHANTEN on, no exchanges (tegawari) and no shanten-down discards
EV_POLICY_MAX_SHANTEN = YM_POL_EV_MAX_SHANTEN
EV_POLICY_FULL_SHANTEN = YM_POL_EV_FULL_SHANTEN


cdef class EvPolicyWork:
    """The calculator's work memory for :func:`ev_policy_rows` (it grows as needed and is reused
    across calls: one per thread)."""
    cdef ym_ev_work *w

    def __dealloc__(self):
        ym_policy_ev_free(self.w)


def ev_policy_rows(GameState st not None, int seat, EvPolicyWork work not None, int riichi_mode=-1):
    """The ev policy's values of the discards of ``seat``, the seat to move (its own turn, 14 - 3k
    tiles): what ``policy="ev"`` computes before it chooses (the same position, the same settings;
    csrc/ym_game_ev.c). A list of (kind, red, shanten, exp_score, win_prob, tenpai_prob, riichi)
    per distinct discard, best first, read at turn 1 with t_max = 1 + the seat's draws left
    (values NaN above the cap); None where the policy leaves the choice to greedy (the hand above
    EV_POLICY_MAX_SHANTEN or complete, or every discard worth 0). ``riichi_mode``: -1 the
    policy's own, else a code of ``yakuman.ev.RIICHI`` (never: dama only; declare: the discard
    declares riichi)."""
    cdef ym_ev_row_t rows[16]
    cdef int n, i
    if not (0 <= seat < st.g.R.players and st.g.phase == 0 and st.g.actor == seat and st.g.s[seat].n % 3 == 2):
        raise InvalidArgumentError(f"ev_policy_rows: seat {seat} has no discard to make now")
    if not (riichi_mode == -1 or 1 <= riichi_mode <= 3):
        raise InvalidArgumentError(f"ev_policy_rows: riichi_mode must be -1 or 1..3, not {riichi_mode}")
    with nogil:
        n = ym_policy_ev_rows(&st.g, seat, riichi_mode, &work.w, rows, 16)
    if n == -2:
        raise MemoryError("ev: no memory for the search")
    if n == -5:
        raise InvalidArgumentError("ev: more than one red five of a suit in the hand and the unseen tiles "
                                   "(rules.aka_dora of 2 or more): the calculator follows one per suit")
    if n < 0:
        raise InvalidArgumentError(f"ev: the native search refused the position (code {n})")
    if n == 0:
        return None
    return [(rows[i].tile, rows[i].red, rows[i].shanten, rows[i].score[1], rows[i].win[1], rows[i].tenpai[1],
             rows[i].riichi[1] != 0) for i in range(n)]
