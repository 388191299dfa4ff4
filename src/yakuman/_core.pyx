# cython: language_level=3
"""Cython glue over the C core (csrc/): validate once at the boundary, then call C.

Invariants: every buffer handed to C holds 34 counts in 0..4 whose total is 13-3k or 14-3k
(k = called melds, 0..4); the kernels trust that. Parsing of every tile notation lives here
for speed and is re-exported by ``yakuman.tiles``; error messages are part of the API and
match ``yakuman._reference.tiles`` exactly (tested).
"""
from cpython.list cimport PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_SIZE
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int64_t
from libc.string cimport memcpy, memset

from yakuman.errors import InvalidArgumentError, InvalidTilesError
from cpython.number cimport PyNumber_Index

cdef extern from "ym_tables.h" nogil:
    int ym_init()
    const char *ym_init_error(int code)
    uint32_t ym_suit_rank(const uint8_t *c9)
    int ym_suit_decompositions(uint32_t rank, const uint64_t **out)
    uint64_t ym_tables_bytes()

cdef extern from "ym_shanten.h" nogil:
    int ym_shanten(const uint8_t *c, int n_melds, int form)
    int ym_is_agari(const uint8_t *c, int n_melds)
    uint64_t ym_waits(const uint8_t *c, int n_melds)

cdef int _err = ym_init()
if _err != 0:
    raise ImportError("yakuman core tables: " + ym_init_error(_err).decode())

FORM_ALL = 0
FORM_REGULAR = 1
FORM_CHIITOITSU = 2
FORM_KOKUSHI = 3
_FORMS = {"all": 0, "regular": 1, "chiitoitsu": 2, "kokushi": 3}

SUIT_LETTERS = "mpsz"
TILE_NAMES = tuple(f"{n % 9 + 1}{'mpsz'[n // 9]}" for n in range(34))
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


cpdef str tile_name(int kind):
    """'3p' for kind 11."""
    if kind < 0 or kind >= 34:
        raise InvalidTilesError(f"tile kind {kind} out of range 0..33")
    return TILE_NAMES[kind]


cdef str _copies(int n):
    return _WORDS[n] if n < 9 else str(n)


cdef int _check_counts(const uint8_t *c) except -1:
    """Five-copies check on parsed counts; returns the total."""
    cdef int i, total = 0
    for i in range(34):
        if c[i] > 4:
            raise InvalidTilesError(f"{_copies(c[i])} copies of {TILE_NAMES[i]}")
        total += c[i]
    return total


cdef int _parse_mpsz(str s, uint8_t *c, uint8_t *reds) except -1:
    """Parse mpsz into counts (and red-five counts); returns the tile count."""
    cdef Py_ssize_t n = len(s), i, j, start = 0
    cdef Py_UCS4 ch
    cdef int suit, d, pending = 0, ntiles = 0
    cdef int digits[137]
    memset(c, 0, 34)
    memset(reds, 0, 3)
    for i in range(n):
        ch = s[i]
        if ch >= u'0' and ch <= u'9':
            if ntiles >= 136:
                raise InvalidTilesError(f"more than 136 tiles in {s!r}")
            digits[pending] = <int>ch - 48
            pending += 1
            ntiles += 1
            continue
        if ch == u' ' or ch == u',' or ch == u'_':
            if pending:
                raise InvalidTilesError(
                    f"digits without a suit letter at position {i} in {s!r}")
            continue
        if ch == u'm':
            suit = 0
        elif ch == u'p':
            suit = 1
        elif ch == u's':
            suit = 2
        elif ch == u'z':
            suit = 3
        else:
            raise InvalidTilesError(f"unknown suit letter {ch!r} at position {i} in {s!r}")
        if not pending:
            raise InvalidTilesError(f"suit letter {ch!r} without digits at position {i} in {s!r}")
        for j in range(pending):
            d = digits[j]
            if suit == 3:
                if d < 1 or d > 7:
                    raise InvalidTilesError(
                        f"'{d}z' is not a tile (honors are 1z-7z) at position {i} in {s!r}")
                c[27 + d - 1] += 1
            elif d == 0:
                c[suit * 9 + 4] += 1
                reds[suit] += 1
            else:
                c[suit * 9 + d - 1] += 1
        pending = 0
    if pending:
        raise InvalidTilesError(f"tiles {s!r} end with digits but no suit letter")
    return _check_counts(c)


cdef int _parse_136(object ids, uint8_t *c, uint8_t *reds, bint aka) except -1:
    cdef uint64_t seen[3]
    cdef Py_ssize_t n, i
    cdef long v
    cdef object item
    memset(c, 0, 34)
    memset(reds, 0, 3)
    seen[0] = seen[1] = seen[2] = 0
    n = len(ids)
    for i in range(n):
        item = ids[i]
        iv = _as_int(item)
        if iv is None:
            raise InvalidTilesError(f"136-id {item!r} at index {i} is not an integer in 0..135")
        if iv < 0 or iv > 135:
            raise InvalidTilesError(f"136-id {iv} out of range 0..135 at index {i}")
        v = iv
        if (seen[v >> 6] >> (v & 63)) & 1:
            raise InvalidTilesError(f"duplicate 136-id {v} at index {i}")
        seen[v >> 6] |= (<uint64_t>1) << (v & 63)
        c[v >> 2] += 1
        if aka and (v == 16 or v == 52 or v == 88):
            reds[(v - 16) // 36] += 1
    return <int>n


cdef extern from "Python.h":
    ctypedef struct PyObject
    PyObject *ym_list_item "PyList_GET_ITEM" (object, Py_ssize_t)
    PyObject *ym_tuple_item "PyTuple_GET_ITEM" (object, Py_ssize_t)
    bint ym_is_exact_int "PyLong_CheckExact" (PyObject *)
    long ym_as_long "PyLong_AsLong" (PyObject *)
    void PyErr_Clear()


cdef tuple _small_ints = (0, 1, 2, 3, 4)
cdef PyObject *_small[5]
for _i in range(5):
    _small[_i] = <PyObject *>_small_ints[_i]
cdef long NOT_AN_INT = -(1 << 40)


cdef inline long _borrowed_long(PyObject *p) noexcept:
    """A borrowed item as a C long without refcounting: CPython caches the ints 0..4, so identity
    with them is the fast path; another exact int is read (an overflow reads as -1, which every
    caller rejects as out of range); anything else gives NOT_AN_INT."""
    cdef long v
    if p == _small[0]:
        return 0
    if p == _small[1]:
        return 1
    if p == _small[2]:
        return 2
    if p == _small[3]:
        return 3
    if p == _small[4]:
        return 4
    if ym_is_exact_int(p):
        v = ym_as_long(p)
        if v == -1:
            PyErr_Clear()
            return NOT_AN_INT   # -1 itself, or too large for a C long: the slow path reads it exactly
        return v
    return NOT_AN_INT


cdef object _as_int(object item):
    """``item`` as a Python int when it is an integer (int, numpy integer: ``__index__``), else
    None. Floats and bools are not integers here (floats integral or not: the documented policy)."""
    if type(item) is int:
        return item
    if type(item) is bool:
        return None   # True is not a tile id or a count
    try:
        return PyNumber_Index(item)
    except TypeError:
        return None


cpdef bint win_id_missing(object hand, object win):
    """True when ``win`` is a 136-id and ``hand`` is given as 136-ids (not a string, not 34
    counts) that do not include it: the same check for every container (list, tuple, numpy)."""
    if type(win) is not int or type(hand) is str:
        return False
    try:
        if len(hand) == 34:
            return False
        for x in hand:
            if x == win:
                return False
    except TypeError:
        return False
    return True


cdef int _parse_counts_list(object lst, uint8_t *c) except -1:
    """34 counts from a list or tuple, fast path (borrowed references, no refcounting)."""
    cdef Py_ssize_t i
    cdef long v
    cdef int total = 0
    cdef bint is_list = type(lst) is list
    cdef PyObject *p
    for i in range(34):
        p = ym_list_item(lst, i) if is_list else ym_tuple_item(lst, i)
        v = _borrowed_long(p)
        if v == NOT_AN_INT:
            item = <object>p
            iv = _as_int(item)
            if iv is None:
                raise InvalidTilesError(f"count {item!r} of {TILE_NAMES[i]} is not an integer")
            if iv < 0:
                raise InvalidTilesError(f"negative count {iv} of {TILE_NAMES[i]}")
            if iv > 4:
                raise InvalidTilesError(f"{_copies(iv) if iv < 1000 else str(iv)} copies of {TILE_NAMES[i]}")
            v = iv
        if v < 0:
            raise InvalidTilesError(f"negative count {v} of {TILE_NAMES[i]}")
        if v > 4:
            raise InvalidTilesError(f"{_copies(v) if v < 1000 else str(v)} copies of {TILE_NAMES[i]}")
        c[i] = <uint8_t>v
        total += v
    return total


cdef int _parse_counts_buffer(const uint8_t[::1] buf, uint8_t *c) except -1:
    cdef int i, total = 0
    for i in range(34):
        if buf[i] > 4:
            raise InvalidTilesError(f"{_copies(buf[i])} copies of {TILE_NAMES[i]}")
        c[i] = buf[i]
        total += buf[i]
    return total


cdef int load_tiles(object tiles, uint8_t *c, uint8_t *reds, bint aka=True) except -1:
    """Any tile form -> counts (+ red-five counts); returns the number of tiles.

    str: mpsz; list/tuple/array of length 34: counts; other sequences of ints: 136-ids.
    """
    cdef type t = type(tiles)
    cdef Py_ssize_t n
    if t is str:
        return _parse_mpsz(<str>tiles, c, reds)
    if t is list:
        n = PyList_GET_SIZE(tiles)
    elif t is tuple:
        n = PyTuple_GET_SIZE(tiles)
    else:
        if isinstance(tiles, (set, frozenset, dict)) or not hasattr(t, "__getitem__"):
            raise InvalidTilesError(
                f"tiles must be an mpsz string, 136-ids or 34 counts, not {t.__name__}"
                + (" (a set has no order and holds each id once)" if isinstance(tiles, (set, frozenset)) else ""))
        try:
            n = len(tiles)
        except TypeError:
            raise InvalidTilesError(
                f"tiles must be an mpsz string, 136-ids or 34 counts, not {t.__name__}") from None
        if n == 34:
            memset(reds, 0, 3)
            if hasattr(tiles, "dtype") and tiles.dtype.kind in "ui" and tiles.ndim == 1:
                if tiles.dtype.itemsize == 1 and tiles.dtype.kind == "u" and tiles.flags.c_contiguous:
                    return _parse_counts_buffer(tiles, c)
                if tiles.min() < 0:
                    raise InvalidTilesError(f"negative count {int(tiles.min())} of "
                                            f"{TILE_NAMES[int(tiles.argmin())]}")
            return _parse_counts_list(list(tiles), c)
        return _parse_136(tiles, c, reds, aka)
    if n == 34:
        memset(reds, 0, 3)
        return _parse_counts_list(tiles, c)
    return _parse_136(tiles, c, reds, aka)


cdef int _melds_for(int total, object melds) except -1:
    """Called-meld count k for a hand of `total` concealed tiles (13-3k or 14-3k)."""
    cdef int k
    if melds is None:
        if total < 1 or total > 14 or total % 3 == 0:
            raise InvalidTilesError(
                f"{total} tiles given: a hand has 13-3k or 14-3k concealed tiles (k = 0..4 melds)")
        return (14 - total) // 3
    if type(melds) is bool or isinstance(melds, (str, float)):
        raise InvalidTilesError(f"melds must be a meld count 0..4 or a list of melds, not {melds!r}")
    if hasattr(melds, "__len__"):
        km = len(melds)
    else:
        km = _as_int(melds)
        if km is None:
            raise InvalidTilesError(f"melds must be a meld count 0..4 or a list of melds, not {melds!r}")
    if km < 0 or km > 4:
        raise InvalidTilesError(f"{km} melds given, 0..4 expected")
    k = km
    if total != 13 - 3 * k and total != 14 - 3 * k:
        raise InvalidTilesError(
            f"{total} tiles given, {13 - 3 * k} or {14 - 3 * k} expected with {k} melds")
    return k


cdef int _form_code(object form) except -1:
    if form is "all":
        return 0
    try:
        return _FORMS[form]
    except (KeyError, TypeError):
        raise InvalidArgumentError(f"unknown form {form!r}: expected one of all, regular, chiitoitsu, kokushi") from None


def form_code(form):
    """The code of a shanten form name (all 0, regular 1, chiitoitsu 2, kokushi 3); an unknown
    name raises InvalidArgumentError. The one check behind every ``form=`` argument."""
    return _form_code(form)


def shanten(tiles, *, form="all", melds=None):
    """Shanten (4-copy aware) of 13-3k or 14-3k concealed tiles; -1 = complete."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    cdef int total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    cdef int f = _form_code(form)
    return ym_shanten(c, k, f)


def is_agari(tiles, *, melds=None):
    """True when 14-3k concealed tiles form a complete hand (any shape; yaku not needed)."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    cdef int total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    if total % 3 != 2:
        raise InvalidTilesError(f"{total} tiles given, {14 - 3 * k} expected for a complete hand")
    return ym_is_agari(c, k) != 0


def waits_mask(tiles, *, melds=None):
    """Bitmask (bit i = kind i) of the waits of 13-3k concealed tiles."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    cdef int total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    if total % 3 != 1:
        raise InvalidTilesError(f"{total} tiles given, {13 - 3 * k} expected for waits")
    return ym_waits(c, k)


def waits(tiles, *, melds=None):
    """Kinds ('3m', ...) that complete 13-3k concealed tiles, in index order."""
    cdef uint64_t m = waits_mask(tiles, melds=melds)
    cdef int i
    return [TILE_NAMES[i] for i in range(34) if (m >> i) & 1]


def parse(tiles, *, aka=True):
    """(counts34 tuple, reds tuple) from any tile form; no hand-size check."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    load_tiles(tiles, c, reds, aka)
    return tuple([c[i] for i in range(34)]), (reds[0], reds[1], reds[2])


def parse_mpsz(str s):
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    _parse_mpsz(s, c, reds)
    return tuple([c[i] for i in range(34)]), (reds[0], reds[1], reds[2])


def parse_136(ids, *, aka=True):
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    _parse_136(ids, c, reds, aka)
    _check_counts(c)
    return tuple([c[i] for i in range(34)]), (reds[0], reds[1], reds[2])


def suit_decompositions(counts9):
    """All decompositions of a complete one-suit pattern: list of
    (pair rank or -1, triplet ranks tuple, run start ranks tuple with multiplicity)."""
    cdef uint8_t c[9]
    cdef int i, j, n, total = 0
    cdef const uint64_t *dec
    cdef uint64_t d
    if len(counts9) != 9:
        raise InvalidTilesError(f"{len(counts9)} counts given, 9 expected for one suit")
    for i in range(9):
        v = _as_int(counts9[i])
        if v is None:
            raise InvalidTilesError(f"count {counts9[i]!r} at rank {i + 1} is not an integer")
        if v < 0 or v > 4:
            raise InvalidTilesError(f"count {v} at rank {i + 1} out of range 0..4")
        c[i] = <uint8_t>v
        total += v
    if total > 14:
        raise InvalidTilesError(f"{total} tiles in one suit, at most 14")
    n = ym_suit_decompositions(ym_suit_rank(c), &dec)
    out = []
    for i in range(n):
        d = dec[i]
        trip = tuple([j for j in range(9) if (d >> (4 + j)) & 1])
        runs = []
        for j in range(7):
            runs.extend([j] * <int>((d >> (16 + 3 * j)) & 7))
        out.append(((<int>(d & 15)) - 1, trip, tuple(runs)))
    return out


def tables_bytes():
    """Memory held by the shanten and decomposition tables."""
    return ym_tables_bytes()


# ---------------------------------------------------------------------------------------------
# Batch loops: nogil, OpenMP threads, nothing allocated per row.

from cython.parallel cimport prange
from libc.stdint cimport int8_t

cdef extern from "ym_shanten.h" nogil:
    int ym_check_hand(const uint8_t *c, int n_melds, int want_mod, int *k_out)

STATUS_OK = 0
STATUS_BAD_COPIES = 1
STATUS_BAD_COUNT = 2
SHANTEN_INVALID = 127


cdef inline int8_t _shanten_row(const uint8_t *c, int form, int melds, uint8_t *status) noexcept nogil:
    """One row (thread-private locals): validate, then shanten or the sentinel."""
    cdef int k = 0
    cdef int st = ym_check_hand(c, melds, 0, &k)
    status[0] = <uint8_t>st
    return <int8_t>ym_shanten(c, k, form) if st == 0 else 127


cdef inline uint8_t _agari_row(const uint8_t *c, int melds, uint8_t *status) noexcept nogil:
    cdef int k = 0
    cdef int st = ym_check_hand(c, melds, 2, &k)
    status[0] = <uint8_t>st
    return <uint8_t>(ym_is_agari(c, k) if st == 0 else 0)


cdef inline uint64_t _waits_row(const uint8_t *c, int melds, uint8_t *status) noexcept nogil:
    cdef int k = 0
    cdef int st = ym_check_hand(c, melds, 1, &k)
    status[0] = <uint8_t>st
    return ym_waits(c, k) if st == 0 else 0


def _shanten_many(const uint8_t[:, ::1] counts, int form, int melds, int workers,
                  int8_t[::1] out, uint8_t[::1] status):
    cdef Py_ssize_t n = counts.shape[0], i
    if counts.shape[1] != 34:
        raise InvalidTilesError(f"counts must have 34 columns, not {counts.shape[1]}")
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            out[i] = _shanten_row(&counts[i, 0], form, melds, &status[i])


def _agari_many(const uint8_t[:, ::1] counts, int melds, int workers,
                uint8_t[::1] out, uint8_t[::1] status):
    cdef Py_ssize_t n = counts.shape[0], i
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            out[i] = _agari_row(&counts[i, 0], melds, &status[i])


def _waits_many(const uint8_t[:, ::1] counts, int melds, int workers,
                uint64_t[::1] out, uint8_t[::1] status):
    cdef Py_ssize_t n = counts.shape[0], i
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            out[i] = _waits_row(&counts[i, 0], melds, &status[i])


# ---------------------------------------------------------------------------------------------
# Native scoring glue lives in its own include file.
include "_core_score.pxi"

# AI-search helpers (ukeire, discard analysis, incremental shanten) and their batch loops.
include "_core_search.pxi"
