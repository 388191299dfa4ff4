# Native mjlog reading (included from _core.pyx). See csrc/ym_mjlog.h.
#
# The tokenizer (C) turns the text into records of tags and attribute spans; this layer turns
# them into the event objects of yakuman.logs.events, with the rules of the mjlog reader
# (yakuman.logs.tenhou_xml documents the format). Invariants:
# - the records index ``shadow`` (bytes, one per character of ``text``); values that are text
#   (names, seed, types) are sliced from ``text``; integers come from the C decoders when plain
#   and from Python's int() on the same slice otherwise, so values and errors are the Python ones;
# - events are built without __init__: the instance is allocated by its type's tp_alloc and the
#   slot members (offsets read from the classes' member descriptors at first use) are filled;
#   the result is the same object __init__ makes (same class, fields, equality, hash, pickle);
#   if a class is not a plain slotted one, its constructor is called instead;
# - the builder indexes its Python lists with bounds checks and negative indices (the module
#   default is off), so a short list raises IndexError as Python does;
# - draws and discards are shared immutable objects (one per seat, tile and tsumogiri flag).

cimport cython
from libc.stdint cimport int64_t
from libc.stdlib cimport malloc, free
from cpython.list cimport PyList_GET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cdef extern from "ym_mjlog.h" nogil:
    enum: YM_MJ_PLAY
    enum: YM_MJ_NAMED
    enum: YM_MJ_CLOSE
    enum: YM_MJ_BAD
    enum: YM_MJ_PLAY_WORDS
    enum: YM_MJ_CLOSE_WORDS
    enum: YM_MJ_BAD_WORDS
    enum: YM_MJ_NAMED_WORDS
    enum:
        YM_MJ_T_MJLOGGM, YM_MJ_T_SHUFFLE, YM_MJ_T_GO, YM_MJ_T_UN, YM_MJ_T_TAIKYOKU, YM_MJ_T_INIT,
        YM_MJ_T_N, YM_MJ_T_REACH, YM_MJ_T_DORA, YM_MJ_T_AGARI, YM_MJ_T_RYUUKYOKU, YM_MJ_T_BYE
    enum:
        YM_MJ_A_TYPE, YM_MJ_A_SEED, YM_MJ_A_N0, YM_MJ_A_N1, YM_MJ_A_N2, YM_MJ_A_N3, YM_MJ_A_OYA,
        YM_MJ_A_TEN, YM_MJ_A_HAI0, YM_MJ_A_HAI1, YM_MJ_A_HAI2, YM_MJ_A_HAI3, YM_MJ_A_WHO, YM_MJ_A_M,
        YM_MJ_A_STEP, YM_MJ_A_HAI, YM_MJ_A_BA, YM_MJ_A_FROMWHO, YM_MJ_A_MACHI, YM_MJ_A_YAKU,
        YM_MJ_A_YAKUMAN, YM_MJ_A_DORAHAI, YM_MJ_A_DORAHAIURA, YM_MJ_A_SC, YM_MJ_A_PAOWHO,
        YM_MJ_A_OWARI
    size_t ym_mjlog_scan(const uint8_t *s, size_t n, size_t *pos, int64_t *ti, int64_t *out, size_t cap)
    int ym_mjlog_int(const uint8_t *s, int64_t a, int64_t b, int64_t *v)
    int ym_mjlog_ints(const uint8_t *s, int64_t a, int64_t b, int64_t *out, int cap)
    int ym_mjlog_meld(int64_t who, int64_t m, int64_t *out)

cdef extern from *:
    """
    #include "structmember.h"
    /* the offset of a writable object slot described by descr, or -1 */
    static Py_ssize_t ym_slot_offset(PyObject *descr) {
        if (!PyObject_TypeCheck(descr, &PyMemberDescr_Type)) return -1;
        PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
        if (m->type != T_OBJECT_EX || (m->flags & READONLY)) return -1;
        return m->offset;
    }
    /* a new instance of tp whose slots offs[i] hold vals[i] (new references) */
    static PyObject *ym_slots_new(PyObject *tp, const Py_ssize_t *offs, PyObject *vals) {
        PyTypeObject *t = (PyTypeObject *)tp;
        Py_ssize_t n = PyTuple_GET_SIZE(vals);
        PyObject *o = t->tp_alloc(t, 0);
        if (o == NULL) return NULL;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *v = PyTuple_GET_ITEM(vals, i);
            Py_INCREF(v);
            *(PyObject **)((char *)o + offs[i]) = v;
        }
        return o;
    }
    """
    Py_ssize_t ym_slot_offset(object descr) noexcept
    object ym_slots_new(object tp, const Py_ssize_t *offs, object vals)

cdef enum:
    _MJ_BUF_WORDS = 16384  # the record buffer (at least YM_MJ_NAMED_WORDS)
    _MJ_MAXF = 17  # the most fields of an event class (Win)
    _MJ_INTS = 512  # the most integers of one attribute on the fast path

# event classes (filled by _mj_init): index -> class, slot offsets, fast flag
cdef object _MJ = None  # the events module
cdef object _MJ_NAME = None  # tenhou_xml._name (a player name from its %-encoding)
cdef list _MJ_CLASSES = []
cdef Py_ssize_t _mj_offs[11][_MJ_MAXF]
cdef bint _mj_fast[11]
cdef list _MJ_PLAY = []  # seat * 136 + tile -> Draw; 544 + (seat * 136 + tile) * 2 + tsumogiri -> Discard
cdef dict _MJ_RYUUKYOKU = {
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
    "kaze4": "suufon_renda",
    "nm": "nagashi_mangan",
}
cdef tuple _MJ_LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
cdef tuple _MJ_CALL_KINDS = ("chi", "pon", "daiminkan", "kakan", "ankan", "kita")
cdef tuple _MJ_TAG_NAMES = ("mjloggm", "SHUFFLE", "GO", "UN", "TAIKYOKU", "INIT", "N", "REACH", "DORA",
                            "AGARI", "RYUUKYOKU", "BYE")
cdef enum:  # event classes, in the order of _mj_init
    _GS, _RS, _DRAW, _DISCARD, _CALL, _RD, _RA, _ND, _WIN, _RYU, _END


cdef _mj_init():
    global _MJ, _MJ_NAME
    if _MJ is not None:
        return
    import dataclasses
    from yakuman.logs import events as ev
    from yakuman.logs.tenhou_xml import _name
    _MJ_NAME = _name
    classes = [ev.GameStart, ev.RoundStart, ev.Draw, ev.Discard, ev.Call, ev.RiichiDeclare,
               ev.RiichiAccept, ev.NewDora, ev.Win, ev.Ryuukyoku, ev.GameEnd]
    cdef int k, i
    cdef Py_ssize_t off
    for k, cls in enumerate(classes):
        names = [f.name for f in dataclasses.fields(cls)]
        fast = (type(cls) is type and cls.__bases__ == (object,) and len(names) <= _MJ_MAXF
                and cls.__dictoffset__ == 0 and cls.__weakrefoffset__ == 0
                and tuple(cls.__dict__.get("__slots__", ())) == tuple(names)
                and "__post_init__" not in cls.__dict__)
        for i, name in enumerate(names):
            off = ym_slot_offset(cls.__dict__.get(name)) if fast else -1
            if off < 0:
                fast = False
                break
            _mj_offs[k][i] = off
        _mj_fast[k] = fast
        _MJ_CLASSES.append(cls)
    for seat in range(4):
        for t in range(136):
            _MJ_PLAY.append(_mj_new(_DRAW, (seat, t)))
    for seat in range(4):
        for t in range(136):
            _MJ_PLAY.append(_mj_new(_DISCARD, (seat, t, False)))
            _MJ_PLAY.append(_mj_new(_DISCARD, (seat, t, True)))
    _MJ = ev


cdef inline object _mj_new(int k, tuple vals):
    """An event of class k with fields vals (every field, in order)."""
    if _mj_fast[k]:
        return ym_slots_new(_MJ_CLASSES[k], _mj_offs[k], vals)
    return _MJ_CLASSES[k](*vals)


def mjlog_event(int kind, tuple values not None):
    """The event of class ``kind`` (0 GameStart .. 10 GameEnd, the order of the events module)
    with every field given, built as the reader builds it (for tests)."""
    _mj_init()
    if kind < 0 or kind > 10:
        raise InvalidArgumentError(f"event kind {kind} out of range 0..10")
    import dataclasses
    if len(values) != len(dataclasses.fields(_MJ_CLASSES[kind])):
        raise InvalidArgumentError("every field must be given")
    return _mj_new(kind, values)


def mjlog_fast_classes():
    """Names of the event classes built without __init__ (all of them on CPython)."""
    _mj_init()
    return tuple(_MJ_CLASSES[k].__name__ for k in range(11) if _mj_fast[k])


cdef object _mj_call(int64_t who, int64_t m):
    cdef int64_t o[9]
    if ym_mjlog_meld(who, m, o) != 0:
        raise ValueError(f"meld code {m} or seat {who} out of range")
    tiles = tuple([o[2 + i] for i in range(o[1])])
    if o[0] >= 4:  # ankan, kita: no called tile, no source
        return _mj_new(_CALL, (who, _MJ_CALL_KINDS[o[0]], tiles, None, None, None))
    return _mj_new(_CALL, (who, _MJ_CALL_KINDS[o[0]], tiles, o[6], o[7], o[8] if o[0] == 3 else None))


def mjlog_decode_meld(who, m):
    """The Call of Tenhou meld code ``m`` by seat ``who`` (csrc/ym_mjlog.c decodes it).
    ValueError when a value is 2**62 or more in size."""
    _mj_init()
    if not (-(1 << 62) < who < (1 << 62)) or not (-(1 << 62) < m < (1 << 62)):
        raise ValueError(f"meld code {m} or seat {who} out of range")
    return _mj_call(who, m)


def mjlog_scan(const uint8_t[::1] shadow not None):
    """Every scanner match of the text as (kind, start, end): kind 0 play tag, 1 named tag,
    2 ``</mjloggm>``, 3 a '<' opening a name that is no tag (for tests)."""
    cdef size_t pos = 0, n = shadow.shape[0], used, k
    cdef int64_t ti = 0
    cdef int64_t *buf = <int64_t *>malloc(_MJ_BUF_WORDS * sizeof(int64_t))
    cdef int64_t *r
    if buf == NULL:
        raise MemoryError()
    out = []
    try:
        while pos < n:
            used = ym_mjlog_scan(&shadow[0], n, &pos, &ti, buf, _MJ_BUF_WORDS)
            k = 0
            while k < used:
                r = buf + k
                out.append((r[0], r[2], r[3]))
                k += _mj_words(r[0])
    finally:
        free(buf)
    return out


cdef inline size_t _mj_words(int64_t kind) noexcept:
    if kind == YM_MJ_PLAY:
        return YM_MJ_PLAY_WORDS
    if kind == YM_MJ_NAMED:
        return YM_MJ_NAMED_WORDS
    if kind == YM_MJ_CLOSE:
        return YM_MJ_CLOSE_WORDS
    return YM_MJ_BAD_WORDS


cdef list _mj_ints_py(str s):
    return [int(x) for x in s.split(",") if x.strip() != ""] if s else []


@cython.boundscheck(True)
@cython.wraparound(True)
cdef class _MjBuilder:
    """One game's state while its tags are read (the rules of tenhou_xml's reader)."""
    cdef str source, text, round_label
    cdef const uint8_t *s
    cdef object go, game_id, seed
    cdef tuple names
    cdef public list events
    cdef list starts
    cdef int players, results
    cdef bint dealt, ended
    cdef int64_t last_draw[4]
    cdef int64_t ibuf[_MJ_INTS]

    def __init__(self, str source not None, game_id, str text not None):
        self.source = source
        self.text = text
        self.events = []
        self.starts = []
        self.go = None
        self.names = ()
        self.seed = None
        self.game_id = game_id
        self.players = 4
        self.dealt = False
        self.ended = False
        self.round_label = None
        self.results = 0
        for i in range(4):
            self.last_draw[i] = -1

    # -- attribute values (r: a NAMED record) ---------------------------------------------
    cdef inline bint has(self, const int64_t *r, int k) noexcept:
        return r[6 + 2 * k] >= 0

    cdef inline str sval(self, const int64_t *r, int k):
        return self.text[r[6 + 2 * k]:r[7 + 2 * k]]

    cdef object get(self, const int64_t *r, int k, object default):
        return self.sval(r, k) if r[6 + 2 * k] >= 0 else default

    cdef object ival(self, const int64_t *r, int k, str key):
        """int(a[key])"""
        cdef int64_t v
        if r[6 + 2 * k] < 0:
            raise KeyError(key)
        if ym_mjlog_int(self.s, r[6 + 2 * k], r[7 + 2 * k], &v):
            return v
        return int(self.sval(r, k))

    cdef list lval(self, const int64_t *r, int k, str key):
        """_ints(a[key]) (key None: _ints(a.get(..., "")))"""
        cdef int c, i
        if r[6 + 2 * k] < 0:
            if key is not None:
                raise KeyError(key)
            return []
        c = ym_mjlog_ints(self.s, r[6 + 2 * k], r[7 + 2 * k], self.ibuf, _MJ_INTS)
        if c < 0:
            return _mj_ints_py(self.sval(r, k))
        return [self.ibuf[i] for i in range(c)]

    cdef tuple tval(self, const int64_t *r, int k, str key):
        """tuple(_ints(a[key])) (key None: of a.get(..., "")), built from the C integers."""
        cdef int c, i
        cdef object v  # an object: the tuple takes the reference Py_INCREF adds
        if r[6 + 2 * k] < 0:
            if key is not None:
                raise KeyError(key)
            return ()
        c = ym_mjlog_ints(self.s, r[6 + 2 * k], r[7 + 2 * k], self.ibuf, _MJ_INTS)
        if c < 0:
            return tuple(_mj_ints_py(self.sval(r, k)))
        out = PyTuple_New(c)
        for i in range(c):
            v = self.ibuf[i]
            Py_INCREF(v)
            PyTuple_SET_ITEM(out, i, v)
        return out

    cdef inline void append(self, obj):
        self.events.append(obj)

    # -- tags ------------------------------------------------------------------------------
    cdef tag(self, int64_t name, const int64_t *r):
        cdef int64_t who, i
        if name == YM_MJ_T_SHUFFLE:
            self.seed = self.get(r, YM_MJ_A_SEED, None) or None
        elif name == YM_MJ_T_GO:
            self.go = int(self.get(r, YM_MJ_A_TYPE, "0"))
            if self.go & 0x10:
                self.players = 3
        elif name == YM_MJ_T_UN:
            if not self.names and self.has(r, YM_MJ_A_N0):
                self.names = tuple([_MJ_NAME(self.get(r, YM_MJ_A_N0 + i, "")) for i in range(4)])
                if self.go is None and self.get(r, YM_MJ_A_N3, "x") == "":
                    self.players = 3
        elif r[5] == 0:
            return  # a bare <INIT> etc. is prose about the format, not a game tag
        elif name == YM_MJ_T_INIT:
            self._init(r)
        elif not self.dealt:
            return
        elif name == YM_MJ_T_N:
            pwho = self.ival(r, YM_MJ_A_WHO, "who")
            pm = self.ival(r, YM_MJ_A_M, "m")
            if not -(1 << 62) < pm < (1 << 62):
                raise ValueError(f"meld code {pm} out of range (less than 2**62 in size)")
            if not -(1 << 62) < pwho < (1 << 62):
                # no seat: fail as the seat's list index does, after the Call (as tenhou_xml did)
                self.append(None)
                raise IndexError("list assignment index out of range" if -(1 << 63) <= pwho < (1 << 63)
                                 else "cannot fit 'int' into an index-sized integer")
            self.append(_mj_call(pwho, pm))
            who = pwho
            if -4 <= who < 0:
                who += 4
            if not 0 <= who < 4:
                raise IndexError("list assignment index out of range")
            self.last_draw[who] = -1
        elif name == YM_MJ_T_REACH:
            pwho = self.ival(r, YM_MJ_A_WHO, "who")
            if self.get(r, YM_MJ_A_STEP, None) == "1":
                self.append(_mj_new(_RD, (pwho,)))
            else:
                ten = self.get(r, YM_MJ_A_TEN, None)
                self.append(_mj_new(_RA, (pwho, tuple([x * 100 for x in self.lval(r, YM_MJ_A_TEN, None)])
                                                [:self.players] if ten else None)))
        elif name == YM_MJ_T_DORA:
            self.append(_mj_new(_ND, (self.ival(r, YM_MJ_A_HAI, "hai"),)))
        elif name == YM_MJ_T_AGARI:
            self._agari(r)
        elif name == YM_MJ_T_RYUUKYOKU:
            self._ryuukyoku(r)
        # BYE, UN (reconnect), TAIKYOKU, and unknown tags: no effect on play

    cdef _start(self):
        go = self.go if self.go is not None else 0x1 | 0x8  # unknown: assume hanchan, aka, kuitan
        return _mj_new(_GS, (self.players, not go & 0x2, not go & 0x4, "hanchan" if go & 0x8 else "tonpuusen",
                             self.go, self.names[:self.players] if self.names else (), self.game_id, self.seed,
                             bool(go & 0xF00)))

    cdef _init(self, const int64_t *r):
        cdef int i, n
        if not self.dealt:
            self.append(self._start())
            self.dealt = True
        elif self.results == 0:
            raise _MJ.LogFormatError("round dealt before the previous one ended", self.source, self.round_label,
                                     len(self.events))
        if not self.has(r, YM_MJ_A_SEED):
            raise KeyError("seed")
        seed = self.sval(r, YM_MJ_A_SEED).split(",")
        rnd, honba, sticks, dora = int(seed[0]), int(seed[1]), int(seed[2]), int(seed[5])
        ten = self.lval(r, YM_MJ_A_TEN, "ten")
        hands = [self.tval(r, YM_MJ_A_HAI0 + i, None) for i in range(4)]
        n = self.players
        if n == 4 and not hands[3]:
            raise _MJ.LogFormatError("INIT without hai3 in a four-player game", self.source)
        scores = tuple([x * 100 for x in ten[:n]])
        oya = self.ival(r, YM_MJ_A_OYA, "oya")
        self.round_label = _MJ.round_label(rnd, honba)
        self.results = 0
        for i in range(4):
            self.last_draw[i] = -1
        self.starts.append(len(self.events))
        self.append(_mj_new(_RS, (rnd, honba, sticks, oya, scores, dora, tuple(hands[:n]))))

    cdef tuple _sc(self, const int64_t *r):
        if not self.get(r, YM_MJ_A_SC, None):
            return None, None
        v = self.lval(r, YM_MJ_A_SC, None)
        n = self.players
        return tuple([v[2 * i] * 100 for i in range(n)]), tuple([v[2 * i + 1] * 100 for i in range(n)])

    cdef _agari(self, const int64_t *r):
        ba = self.lval(r, YM_MJ_A_BA, None)
        ten = self.lval(r, YM_MJ_A_TEN, "ten")
        yaku_l = self.lval(r, YM_MJ_A_YAKU, None)
        yaku = tuple([(yaku_l[i], yaku_l[i + 1]) for i in range(0, len(yaku_l) - 1, 2)])
        yakuman = self.tval(r, YM_MJ_A_YAKUMAN, None)
        han = 13 * len(yakuman) if yakuman else sum([h for _, h in yaku])
        scores, deltas = self._sc(r)
        pao = self.get(r, YM_MJ_A_PAOWHO, None)
        ura = self.get(r, YM_MJ_A_DORAHAIURA, None)
        seat = self.ival(r, YM_MJ_A_WHO, "who")
        from_seat = self.ival(r, YM_MJ_A_FROMWHO, "fromWho")
        hand = self.tval(r, YM_MJ_A_HAI, "hai")
        win_tile = self.ival(r, YM_MJ_A_MACHI, "machi")
        fu = ten[0]
        points = ten[1]
        limit = _MJ_LIMITS[ten[2]] if len(ten) > 2 and 0 <= ten[2] < 6 else None
        dora = self.tval(r, YM_MJ_A_DORAHAI, None)
        ura_t = self.tval(r, YM_MJ_A_DORAHAIURA, None) if ura else ()
        pao_seat = int(pao) if pao not in (None, "") else None
        self.append(_mj_new(_WIN, (seat, from_seat, hand, win_tile, fu, han, points, limit, yaku, yakuman, dora,
                                   ura_t, deltas, scores, pao_seat, ba[0] if ba else None,
                                   ba[1] if len(ba) > 1 else None)))
        self.results += 1
        self._owari(r)

    cdef _ryuukyoku(self, const int64_t *r):
        cdef int i
        typ = self.get(r, YM_MJ_A_TYPE, "")
        reason = _MJ_RYUUKYOKU.get(typ, "exhaustive")
        if self.has(r, YM_MJ_A_TYPE) and typ not in _MJ_RYUUKYOKU:
            raise _MJ.LogFormatError(f"unknown RYUUKYOKU type {typ!r}", self.source, self.round_label,
                                     len(self.events))
        hands = tuple([self.tval(r, YM_MJ_A_HAI0 + i, None) if self.get(r, YM_MJ_A_HAI0 + i, None) else None
                       for i in range(self.players)])
        scores, deltas = self._sc(r)
        tenpai = tuple([h is not None for h in hands]) if reason in ("exhaustive", "nagashi_mangan") else None
        self.append(_mj_new(_RYU, (reason, tenpai, hands, deltas, scores)))
        self.results += 1
        self._owari(r)

    cdef _owari(self, const int64_t *r):
        ow = self.get(r, YM_MJ_A_OWARI, None)
        if not ow:
            return
        v = [float(x) for x in ow.split(",") if x != ""]
        n = self.players
        self.append(_mj_new(_END, (tuple([int(v[2 * i]) * 100 for i in range(n)]),
                                   tuple([v[2 * i + 1] for i in range(n)]))))
        self.ended = True

    cdef finish(self, bint strict, damage=None):
        """The game, or None if no round was dealt (the rules of tenhou_xml's reader)."""
        if not self.dealt:
            return None
        evs = self.events
        starts = self.starts
        keep_last = self.results > 0 and not (damage and ("<AGARI" in damage or "<RYUUKYOKU" in damage))
        cut = len(evs) if keep_last else starts[-1]
        done = [i for i in starts if i < cut]
        last = f"last complete round {evs[done[-1]].label}" if done else "no complete round"
        if damage is not None:
            problem = f"truncated game: {damage}; {last}"
        elif self.results == 0:
            problem = f"truncated game: round {self.round_label} has no result; {last}"
        elif not self.ended:
            problem = f"truncated game: no final result (owari) after round {self.round_label}; {last}"
        else:
            return _MJ.Game(self.source, tuple(evs))
        if strict or not done:
            raise _MJ.LogFormatError(problem, self.source, self.round_label, len(evs))
        return _MJ.Game(self.source, tuple(evs[:cut]), truncated=problem)


cdef str _mj_letters(const uint8_t *s, size_t n, size_t i):
    """The ASCII letters at s[i..] (a tag's name)."""
    cdef size_t j = i
    while j < n and ((s[j] >= 65 and s[j] <= 90) or (s[j] >= 97 and s[j] <= 122)):
        j += 1
    return (<bytes>s[i:j]).decode("latin-1")


def mjlog_games(const uint8_t[::1] shadow not None, str text not None, str source not None, game_id, bint strict, damage_of):
    """The games of mjlog text (the reader's loop; see yakuman.logs.tenhou_xml.parse_mjlog).

    ``shadow``: one byte per character of ``text`` with the same scanner classes (the text
    itself when it is latin-1); ``damage_of(start)``: the damage message of the malformed tag
    at that offset. Returns the list of games (None for a game with no round dealt)."""
    _mj_init()
    cdef size_t pos = 0, n = shadow.shape[0], used, k
    cdef int64_t ti = 0, kind, code, tile, seat
    cdef int64_t *buf
    cdef int64_t *r
    cdef const uint8_t *s = &shadow[0] if n else NULL
    cdef bint in_record = False, stop = False
    cdef _MjBuilder b = _MjBuilder(source, game_id, text)
    cdef list games = [], events
    cdef list play = _MJ_PLAY
    if len(text) != <Py_ssize_t>n:
        raise InvalidArgumentError("shadow and text differ in length")
    b.s = s
    damage = None
    buf = <int64_t *>malloc(_MJ_BUF_WORDS * sizeof(int64_t))
    if buf == NULL:
        raise MemoryError()
    events = b.events
    try:
        while pos < n and not stop:
            used = ym_mjlog_scan(s, n, &pos, &ti, buf, _MJ_BUF_WORDS)
            k = 0
            while k < used:
                r = buf + k
                kind = r[0]
                k += _mj_words(kind)
                if kind == YM_MJ_PLAY:
                    if not b.dealt:
                        continue  # a stray tag before the first INIT (e.g. in surrounding text)
                    code = r[4]
                    if code < 0:
                        continue
                    tile = r[5]
                    if tile < 0 or tile > 135:
                        big = int(text[r[6]:r[7]])
                        if big > 135:
                            raise _MJ.LogFormatError(
                                f"tile id {big} out of range in <{text[r[2] + 1:r[7]]}> (tag {r[1]})",
                                source, b.round_label, len(events))
                        tile = big
                    seat = code & 3
                    if code >= 4:
                        events.append(<object>PyList_GET_ITEM(
                            play, 544 + (seat * 136 + tile) * 2 + (tile == b.last_draw[seat])))
                        b.last_draw[seat] = -1
                    else:
                        b.last_draw[seat] = tile
                        events.append(<object>PyList_GET_ITEM(play, seat * 136 + tile))
                    continue
                if kind == YM_MJ_CLOSE:
                    in_record = False
                    continue
                if kind == YM_MJ_BAD:
                    if in_record or r[4] >= 0:
                        damage = damage_of(r[2])
                        stop = True
                        break
                    continue  # tag-like text outside a record (HTML around it, prose)
                name = r[4]
                if name == YM_MJ_T_MJLOGGM:
                    in_record = True
                try:
                    if (name == YM_MJ_T_SHUFFLE or name == YM_MJ_T_GO or name == YM_MJ_T_MJLOGGM) and b.dealt:
                        games.append(b.finish(strict))
                        b = _MjBuilder(source, game_id, text)
                        b.s = s
                        events = b.events
                    b.tag(name, r)
                except _MJ.LogError:
                    raise
                except (ValueError, IndexError, KeyError) as e:
                    raise _MJ.LogFormatError(
                        f"bad <{_mj_letters(s, n, r[2] + 1)}> tag (tag {r[1]}): {type(e).__name__}: {e}",
                        source, b.round_label, len(b.events)) from None
    finally:
        free(buf)
    if damage is not None and not b.dealt:
        raise _MJ.LogFormatError(damage + " (before the first complete round)", source)
    games.append(b.finish(strict, damage))
    return games
