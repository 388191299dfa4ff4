# cython: language_level=3
"""Cython glue over the C core (csrc/): validate once at the boundary, then call C.

Invariants: every buffer handed to C holds 34 counts in 0..4 whose total is 13-3k or 14-3k
(k = called melds, 0..4); the kernels trust that. Parsing of every tile notation lives here
(the mpsz and 136-id scans in csrc/ym_parse.c) and is re-exported by ``yakuman.tiles``; error
messages are part of the API and match ``yakuman._reference.tiles`` exactly (tested).
"""
from cpython.list cimport PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_SIZE
from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING
from libc.stdint cimport uint8_t, uint32_t, uint64_t, int64_t, uintptr_t
from libc.string cimport memcpy, memset

from yakuman.errors import InvalidArgumentError, InvalidTilesError
from cpython.number cimport PyNumber_Index

cdef extern from "ym_tables.h" nogil:
    int ym_init()
    const char *ym_init_error(int code)
    uint32_t ym_suit_rank(const uint8_t *c9)
    int ym_suit_decompositions(const uint8_t *c9, uint64_t *one, const uint64_t **out)
    uint64_t ym_tables_bytes()

cdef extern from "ym_shanten.h" nogil:
    int ym_shanten(const uint8_t *c, int n_melds, int form, int sanma)
    int ym_is_agari(const uint8_t *c, int n_melds)
    uint64_t ym_waits(const uint8_t *c, int n_melds, int sanma)
    ctypedef struct ym_part_cache_t:
        int sanma
    void ym_part_cache_reset(ym_part_cache_t *pc, int sanma)
    void ym_shanten_neighbours(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int delta, uint64_t kinds,
                               signed char *out)
    uint64_t ym_shanten_lowering(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int b, uint64_t kinds,
                                 signed char *out)
    uint64_t ym_shanten_keeping(ym_part_cache_t *pc, const uint8_t *c, int n_melds, int a, uint64_t kinds,
                                signed char *out)

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


cdef object _yes_no(object v, str name):
    """A yes / no argument that is not a bool: yakuman._arrays.flag (numpy's bool, 0 or 1; else
    InvalidArgumentError naming it)."""
    from yakuman._arrays import flag
    return flag(v, name)


def _rep(value):
    """yakuman._arrays.rep (imported when an error message needs it)."""
    from yakuman._arrays import rep
    return rep(value)


def _shown(value, limit=80):
    """yakuman._arrays.shown (imported when an error message needs it)."""
    from yakuman._arrays import shown
    return shown(value, limit)


def tile_name(kind):
    """'3p' for kind 11."""
    if type(kind) is bool or not hasattr(kind, "__index__"):
        raise InvalidTilesError(f"tile kind {_shown(kind, 40)} is not an integer 0..33")
    try:
        kind = kind.__index__()
    except Exception:   # an array of several elements, or an object's own __index__ raising
        from yakuman._arrays import shown
        raise InvalidTilesError(f"tile kind {shown(kind, 40)} is not an integer 0..33") from None
    if kind < 0 or kind >= 34:
        from yakuman._arrays import rep
        raise InvalidTilesError(f"tile kind {rep(kind)} out of range 0..33")
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


cdef extern from "ym_parse.h" nogil:
    ctypedef struct ym_parse_err_t:
        uint8_t code, digit, tile, count
        uint32_t ch
        int64_t pos, value
    int ym_parse_mpsz(const void *data, int width, int64_t n, uint8_t *counts, uint8_t *reds,
                      ym_parse_err_t *err)
    int ym_parse_136(const int64_t *ids, int64_t n, int aka, uint8_t *counts, uint8_t *reds,
                     ym_parse_err_t *err)

cdef extern from "Python.h":
    void *ym_str_data "PyUnicode_DATA" (object)
    int ym_str_kind "PyUnicode_KIND" (object)
    Py_ssize_t ym_str_len "PyUnicode_GET_LENGTH" (object)

cdef extern from *:
    """
    #if PY_VERSION_HEX >= 0x030C0000
    #define ym_str_ready(o) 0   /* every str is ready (PyUnicode_READY is deprecated) */
    #else
    #define ym_str_ready(o) PyUnicode_READY(o)
    #endif
    """
    int ym_str_ready(object) except -1


cdef str _parse_message(const ym_parse_err_t *e, object s):
    """The error of a failed parse, worded as yakuman._reference.tiles words it (tested equal);
    s = the mpsz string (the 136-id codes do not use it)."""
    cdef int code = e.code
    if code == 1:
        return f"more than 136 tiles in {s!r}"
    if code == 2:
        return f"digits without a suit letter at position {e.pos} in {s!r}"
    if code == 3:
        return f"unknown suit letter {chr(e.ch)!r} at position {e.pos} in {s!r}"
    if code == 4:
        return f"suit letter {chr(e.ch)!r} without digits at position {e.pos} in {s!r}"
    if code == 5:
        return f"'{e.digit}z' is not a tile (honors are 1z-7z) at position {e.pos} in {s!r}"
    if code == 6:
        return f"tiles {s!r} end with digits but no suit letter"
    if code == 7:
        return f"{_copies(e.count)} copies of {TILE_NAMES[e.tile]}"
    if code == 8:
        return f"136-id {e.value} out of range 0..135 at index {e.pos}"
    if code == 9:
        return f"duplicate 136-id {e.value} at index {e.pos}"
    return f"unknown parse error {code}"


cdef int _parse_mpsz(str s, uint8_t *c, uint8_t *reds) except -1:
    """Parse mpsz into counts (and red-five counts); returns the tile count (ym_parse_mpsz)."""
    cdef ym_parse_err_t e
    ym_str_ready(s)
    cdef int n = ym_parse_mpsz(ym_str_data(s), ym_str_kind(s), ym_str_len(s), c, reds, &e)
    if n < 0:
        raise InvalidTilesError(_parse_message(&e, s))
    return n


cdef Py_ssize_t _ids_prefix(object ids, int64_t *buf, Py_ssize_t n) except -1:
    """ids[0..min(n, 137)) as integers into buf, up to the first item that is not an integer in
    C range (its index is returned); returns the number converted. 137 items are
    enough to find the first error of any longer list (138 distinct ids in 0..135 cannot exist)."""
    cdef Py_ssize_t i, m = n if n < 137 else 137
    cdef long v
    for i in range(m):
        item = ids[i]
        iv = _as_int(item)   # floats (integral or not) and bools are not ids: docs/rules.md 9
        if iv is None or iv < -1 or iv > 136:
            return i             # not an integer, or far out of range: _parse_136 words it
        buf[i] = iv
    return m


cdef int _parse_136(object ids, uint8_t *c, uint8_t *reds, bint aka) except -1:
    cdef int64_t buf[137]
    cdef ym_parse_err_t e
    cdef Py_ssize_t n = len(ids)
    cdef Py_ssize_t m = _ids_prefix(ids, buf, n)
    cdef int r = ym_parse_136(buf, m, aka, c, reds, &e)
    if r < 0:
        raise InvalidTilesError(_parse_message(&e, None))
    if m < n and m < 137:
        iv = _as_int(ids[m])
        if iv is None:
            raise InvalidTilesError(f"136-id {_rep(ids[m])} at index {m} is not an integer in 0..135")
        raise InvalidTilesError(f"136-id {_rep(iv)} out of range 0..135 at index {m}")
    return r


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


cdef extern from "ym_args.h":
    ctypedef struct ym_small_ints_t:
        uintptr_t base
        unsigned shift
        int ok
    int ym_args_counts34(const ym_small_ints_t *s, void *const *items, uint8_t *c)
    int ym_args_ids(const ym_small_ints_t *s, void *const *items, int64_t n, int aka,
                    uint8_t *c, uint8_t *reds)

cdef extern from *:
    """
    #define ym_seq_items(o) ((void *const *)PySequence_Fast_ITEMS(o))
    """
    void *const *ym_seq_items(object)   # list or tuple only


cdef ym_small_ints_t _ints


cdef void _probe_small_ints() noexcept:
    """Fill _ints when the interpreter's cached ints 0..136 lie at base + (v << shift) (the
    fast paths of ym_args.h compare addresses; otherwise they stay off)."""
    cdef tuple ints = tuple(range(137))   # small ints: the interpreter's cached objects
    cdef uintptr_t base = <uintptr_t><PyObject *>ints[0]
    cdef uintptr_t stride = <uintptr_t><PyObject *>ints[1] - base
    cdef unsigned shift = 0
    cdef int v
    _ints.ok = 0
    if stride < 2 or (stride & (stride - 1)) != 0 or ints[0] is not 0 or ints[136] is not 136:
        return
    while (<uintptr_t>1 << shift) != stride:
        shift += 1
    for v in range(137):
        if <uintptr_t><PyObject *>ints[v] != base + (<uintptr_t>v << shift):
            return
    _ints.base = base
    _ints.shift = shift
    _ints.ok = 1


_probe_small_ints()


cdef object _as_int(object item):
    """``item`` as a Python int when it is an integer (int, numpy integer: ``__index__``), else
    None. Floats and bools are not integers here (floats integral or not: the documented policy)."""
    if type(item) is int:
        return item
    if type(item) is bool:
        return None   # True is not a tile id or a count
    try:
        return PyNumber_Index(item)
    except Exception:   # TypeError, or whatever an object's own __index__ raises
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
                raise InvalidTilesError(f"count {_rep(item)} of {TILE_NAMES[i]} is not an integer")
            if iv < 0:
                raise InvalidTilesError(f"negative count {_rep(iv)} of {TILE_NAMES[i]}")
            if iv > 4:
                raise InvalidTilesError(f"{_copies(iv) if iv < 1000 else _rep(iv)} copies of {TILE_NAMES[i]}")
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
    cdef int r
    if n == 34:
        memset(reds, 0, 3)
        r = ym_args_counts34(&_ints, ym_seq_items(tiles), c)
        return r if r >= 0 else _parse_counts_list(tiles, c)
    r = ym_args_ids(&_ints, ym_seq_items(tiles), n, aka, c, reds)
    return r if r >= 0 else _parse_136(tiles, c, reds, aka)


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
            from yakuman._arrays import rep
            raise InvalidTilesError(f"melds must be a meld count 0..4 or a list of melds, not {rep(melds)}")
    if km < 0 or km > 4:
        from yakuman._arrays import rep
        raise InvalidTilesError(f"{rep(km)} melds given, 0..4 expected")
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
        from yakuman._arrays import rep
        raise InvalidArgumentError(f"unknown form {rep(form)}: expected one of all, regular, chiitoitsu, kokushi") from None


def form_code(form):
    """The code of a shanten form name (all 0, regular 1, chiitoitsu 2, kokushi 3); an unknown
    name raises InvalidArgumentError. The one check behind every ``form=`` argument."""
    return _form_code(form)


cdef int _sanma_of(object players, object rules) except -1:
    """1 for three players (``players=3``, or ``rules`` whose players is 3), else 0."""
    cdef object n = None
    if rules is None and players is None:
        return 0
    if rules is not None:
        n = getattr(rules, "players", None)
        if n is None:
            from yakuman.errors import InvalidRulesError
            raise InvalidRulesError(f"rules must be a yakuman.Rules, not {type(rules).__name__}")
    if players is not None:
        if type(players) is int:
            p = players
        else:   # numpy's integers; not a bool, nor an array of several (as_int, the one integer test)
            from yakuman._arrays import as_int
            p = as_int(players)
        if p not in (3, 4):
            from yakuman.errors import InvalidRulesError
            from yakuman._arrays import shown
            raise InvalidRulesError(f"players must be 3 or 4, not {shown(players, 60)}")
        players = p
        if n is not None and n != players:
            from yakuman.errors import InvalidRulesError
            raise InvalidRulesError(f"players={players} contradicts rules.players={n}")
        n = players
    return 1 if n == 3 else 0


cdef int _check_sanma(const uint8_t *c, int sanma, str what) except -1:
    """With three players 2m-8m do not exist: raise naming the first one held."""
    cdef int t
    if sanma:
        for t in range(1, 8):
            if c[t]:
                raise InvalidTilesError(f"{TILE_NAMES[t]} in the {what}: 2m-8m do not exist with three players")
    return 0


def shanten(tiles, *, form="all", melds=None, players=None, rules=None):
    """Shanten (4-copy aware) of 13-3k or 14-3k concealed tiles; -1 = complete.

    ``players=3`` (or ``rules`` with three players): 2m-8m do not exist, so the hand may not
    hold them and a shape that needs one is further away (shanten = fewest replacements by
    existing tiles to a complete hand, minus one)."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    cdef int total
    cdef Py_ssize_t n
    cdef type t = type(tiles)
    if (t is list or t is tuple) and melds is None and players is None and rules is None:
        # fast path (ym_args.h): a well-formed list of cached small ints; anything else, or any
        # error, takes the general path below, which words it
        n = PyList_GET_SIZE(tiles) if t is list else PyTuple_GET_SIZE(tiles)
        if n == 34:
            total = ym_args_counts34(&_ints, ym_seq_items(tiles), c)
        else:
            total = ym_args_ids(&_ints, ym_seq_items(tiles), n, 0, c, reds)
        if total >= 1 and total <= 14 and total % 3 != 0:
            return ym_shanten(c, (14 - total) // 3, _form_code(form), 0)
    elif t is str and melds is None and players is None and rules is None:
        total = _parse_mpsz(<str>tiles, c, reds)   # raises as load_tiles would
        if total >= 1 and total <= 14 and total % 3 != 0:
            return ym_shanten(c, (14 - total) // 3, _form_code(form), 0)
    total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    cdef int f = _form_code(form)
    cdef int sanma = _sanma_of(players, rules)
    _check_sanma(c, sanma, "hand")
    return ym_shanten(c, k, f, sanma)


def is_agari(tiles, *, melds=None):
    """True when 14-3k concealed tiles form a complete hand (any shape; yaku not needed)."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    cdef int total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    if total % 3 != 2:
        raise InvalidTilesError(f"{total} tiles given, {14 - 3 * k} expected for a complete hand")
    return ym_is_agari(c, k) != 0


def waits_mask(tiles, *, melds=None, players=None, rules=None):
    """Bitmask (bit i = kind i) of the waits of 13-3k concealed tiles (never 2m-8m with three
    players)."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    cdef int total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    cdef int sanma = _sanma_of(players, rules)
    if total % 3 != 1:
        raise InvalidTilesError(f"{total} tiles given, {13 - 3 * k} expected for waits")
    _check_sanma(c, sanma, "hand")
    return ym_waits(c, k, sanma)


def waits(tiles, *, melds=None, players=None, rules=None):
    """Kinds ('3m', ...) that complete 13-3k concealed tiles, in index order (``players=3``:
    2m-8m do not exist, see ``shanten``)."""
    cdef uint64_t m = waits_mask(tiles, melds=melds, players=players, rules=rules)
    cdef int i
    return [TILE_NAMES[i] for i in range(34) if (m >> i) & 1]


def parse(tiles, *, aka=True):
    """(counts34 tuple, reds tuple) from any tile form; no hand-size check."""
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    if type(aka) is not bool:
        aka = _yes_no(aka, "aka")
    load_tiles(tiles, c, reds, aka)
    return tuple([c[i] for i in range(34)]), (reds[0], reds[1], reds[2])


def parse_mpsz(s):
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    if not isinstance(s, str):
        raise InvalidTilesError(f"parse_mpsz takes an mpsz string, not {type(s).__name__}")
    _parse_mpsz(s, c, reds)
    return tuple([c[i] for i in range(34)]), (reds[0], reds[1], reds[2])


def parse_136(ids, *, aka=True):
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    if (isinstance(ids, (str, bytes, bytearray, dict, set, frozenset)) or not hasattr(ids, "__len__")
            or not hasattr(ids, "__getitem__")):
        raise InvalidTilesError(f"parse_136 takes a sequence of 136-ids, not {type(ids).__name__}")
    if type(aka) is not bool:
        aka = _yes_no(aka, "aka")
    _parse_136(ids, c, reds, aka)
    _check_counts(c)
    return tuple([c[i] for i in range(34)]), (reds[0], reds[1], reds[2])


def suit_decompositions(counts9):
    """All decompositions of a complete one-suit pattern: list of
    (pair rank or -1, triplet ranks tuple, run start ranks tuple with multiplicity)."""
    cdef uint8_t c[9]
    cdef int i, j, n, total = 0
    cdef const uint64_t *dec
    cdef uint64_t d, one
    if len(counts9) != 9:
        raise InvalidTilesError(f"{len(counts9)} counts given, 9 expected for one suit")
    for i in range(9):
        v = _as_int(counts9[i])
        if v is None:
            raise InvalidTilesError(f"count {_rep(counts9[i])} at rank {i + 1} is not an integer")
        if v < 0 or v > 4:
            raise InvalidTilesError(f"count {v} at rank {i + 1} out of range 0..4")
        c[i] = <uint8_t>v
        total += v
    if total > 14:
        raise InvalidTilesError(f"{total} tiles in one suit, at most 14")
    n = ym_suit_decompositions(c, &one, &dec)
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
# Batch loops: nogil, OpenMP threads, nothing allocated per row. A build without OpenMP (not
# detected, or YAKUMAN_OPENMP=0) compiles every prange as a plain loop: the same results on one
# thread, and num_threads (workers) is then ignored.

from cython.parallel cimport prange
from libc.stdint cimport int8_t

cdef extern from *:
    """
    #ifdef _OPENMP
    #define YM_HAVE_OPENMP 1
    #else
    #define YM_HAVE_OPENMP 0
    #endif
    """
    int YM_HAVE_OPENMP

OPENMP = bool(YM_HAVE_OPENMP)   # True when the batch loops run on OpenMP threads

cdef extern from *:
    """
    #ifndef YM_BUILD_PGO
    #define YM_BUILD_PGO 0
    #endif
    """
    int YM_BUILD_PGO

PGO = bool(YM_BUILD_PGO)   # True when compiled with GCC's profile feedback (setup.py, YAKUMAN_PGO)

cdef extern from "ym_shanten.h" nogil:
    int ym_check_hand(const uint8_t *c, int n_melds, int want_mod, int sanma, int *k_out)
    int ym_shanten_row(const uint8_t *c, int n_melds, int form, int sanma, uint8_t *status)
    void ym_shanten_rows(const uint8_t *rows, size_t n, int n_melds, int form, int sanma,
                         int8_t *out, uint8_t *status)

STATUS_OK = 0
STATUS_BAD_COPIES = 1
STATUS_BAD_COUNT = 2
STATUS_BAD_SANMA_TILE = 4
SHANTEN_INVALID = 127


def _players_code(players=None, rules=None):
    """1 for three players, 0 for four (validated as ``shanten``'s players / rules)."""
    return _sanma_of(players, rules)


cdef inline uint8_t _agari_row(const uint8_t *c, int melds, uint8_t *status) noexcept nogil:
    cdef int k = 0
    cdef int st = ym_check_hand(c, melds, 2, 0, &k)
    status[0] = <uint8_t>st
    return <uint8_t>(ym_is_agari(c, k) if st == 0 else 0)


cdef inline uint64_t _waits_row(const uint8_t *c, int melds, int sanma, uint8_t *status) noexcept nogil:
    cdef int k = 0
    cdef int st = ym_check_hand(c, melds, 1, sanma, &k)
    status[0] = <uint8_t>st
    return ym_waits(c, k, sanma) if st == 0 else 0


cdef enum:
    _SHANTEN_BLOCK = 4096   # rows per C call: the static schedule hands each worker whole blocks


def _shanten_many(const uint8_t[:, ::1] counts not None, int form, int melds, int workers,
                  int8_t[::1] out not None, uint8_t[::1] status not None, int sanma=0):
    """Rows in blocks of _SHANTEN_BLOCK, each block one C loop (validation and shanten fused)."""
    cdef Py_ssize_t n = counts.shape[0], b, lo, hi
    cdef Py_ssize_t blocks = (n + _SHANTEN_BLOCK - 1) // _SHANTEN_BLOCK
    if counts.shape[1] != 34:
        raise InvalidTilesError(f"counts must have 34 columns, not {counts.shape[1]}")
    if n == 0:
        return
    if out.shape[0] < n or status.shape[0] < n:
        raise InvalidArgumentError("output arrays shorter than the counts")
    cdef const uint8_t *rows = &counts[0, 0]
    cdef int8_t *o = &out[0]
    cdef uint8_t *st = &status[0]
    with nogil:
        for b in prange(blocks, num_threads=workers, schedule="static"):
            lo = b * _SHANTEN_BLOCK
            hi = min(lo + _SHANTEN_BLOCK, n)
            ym_shanten_rows(rows + 34 * lo, <size_t>(hi - lo), melds, form, sanma, o + lo, st + lo)


def _agari_many(const uint8_t[:, ::1] counts not None, int melds, int workers,
                uint8_t[::1] out not None, uint8_t[::1] status not None):
    cdef Py_ssize_t n = counts.shape[0], i
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            out[i] = _agari_row(&counts[i, 0], melds, &status[i])


def _waits_many(const uint8_t[:, ::1] counts not None, int melds, int workers,
                uint64_t[::1] out not None, uint8_t[::1] status not None, int sanma=0):
    cdef Py_ssize_t n = counts.shape[0], i
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            out[i] = _waits_row(&counts[i, 0], melds, sanma, &status[i])


# ---------------------------------------------------------------------------------------------
# Output memory of the batch calls (a pool of blocks reused between calls).
include "_core_blocks.pxi"

# Native scoring glue lives in its own include file.
include "_core_score.pxi"

# AI-search helpers (ukeire, discard analysis, incremental shanten) and their batch loops.
include "_core_search.pxi"

# Analysis: point values, every reading of a hand, the batch parser.
include "_core_analysis.pxi"

# The game engine (state machine, legal actions, rollouts).
include "_core_game.pxi"

# Native mjlog reading: the tokenizer glue and the event builder.
include "_core_mjlog.pxi"
# The fixed action space, vectorized games and the record driver's decision sink (before the
# replay, whose driver writes to the sink).
include "_core_vec.pxi"
# The log replay's reads of the engine state (situation flags at a win).
include "_core_replay.pxi"

# Expected value of each discard (csrc/ym_ev.h).
include "_core_ev.pxi"
# Expected values of a batch of rows on the thread pool (yakuman.ev.ev_many, csrc/ym_ev_many.h).
include "_core_ev_many.pxi"
# Native winning-hand generation (yakuman.random.winning_hands).
include "_core_random.pxi"
