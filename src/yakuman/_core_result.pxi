# The Score type (included by _core_score.pxi; exported as yakuman.result.Score).
#
# A Score made by score() holds the native result (ym_score_t, copied by value) and the few
# inputs its reading needs (concealed counts, meld codes, winds, winning kind). Numbers are read
# from the struct on access; status, reason, yaku, fu_details, payment and decomposition are
# made on first access and kept, so a field read twice is the same object. A Score built from
# Python values (Score(status, ...), pickling, _replace, _make) holds them as given.
#
# Invariants: a Score never changes its values after it is made (the lazy fields are pure
# functions of the stored struct); _t, once set, holds the 11 field values, and every field
# then reads from it; the tuple protocol (len, index, iteration, ==, <, hash) is that of _t,
# so a Score compares and hashes exactly as the named tuple it used to be.

cimport cython

SCORE_FIELD_NAMES = ("status", "reason", "yaku", "han", "fu", "fu_details", "limit", "yakuman",
                     "points", "payment", "decomposition")

# decomposition text of a meld from its (type, lowest kind) code, as Meld's kind and tiles word it
cdef tuple _SC_MELD_KIND = ("chi", "pon", "minkan", "kakan", "ankan")
cdef tuple _SC_MELD_TEXT = tuple(
    f"{_SC_MELD_KIND[ty]} " + (f"{t % 9 + 1}{t % 9 + 2}{t % 9 + 3}" if ty == 0 else
                               str(t % 9 + 1) * (3 if ty == 1 else 4)) + "mpsz"[t // 9]
    if ty > 0 or (t < 27 and t % 9 < 7) else ""
    for ty in range(5) for t in range(34))


def _score_fields(status, reason="", yaku=None, han=0, fu=0, fu_details=None, limit=None, yakuman=0,
                  points=0, payment=None, decomposition=()):
    """The 11 field values of Score(...) as given (yaku and fu_details copied into new lists)."""
    cdef object Payment = (<tuple>_sc_result_types())[1]
    return (status, reason, [] if yaku is None else list(yaku), han, fu,
            [] if fu_details is None else list(fu_details), limit, yakuman, points,
            Payment() if payment is None else payment, tuple(decomposition))


@cython.freelist(16)
cdef class Score:
    """The result of scoring one hand: ``status``, ``reason``, ``yaku`` (a list of ``(Yaku,
    han)``), ``han``, ``fu``, ``fu_details`` (a list of ``(label, fu)``), ``limit``, ``yakuman``,
    ``points``, ``payment`` (a :class:`~yakuman.result.Payment`) and ``decomposition`` (the
    reading, a tuple of strings); see :mod:`yakuman.result` for the invariants.

    Immutable; a Score made by :func:`yakuman.score` builds ``yaku``, ``fu_details``,
    ``payment``, ``decomposition`` and ``reason`` on first access and keeps them. It behaves as
    the named tuple of those 11 fields: index, slice, ``len``, iteration and unpacking,
    ``_fields``, ``_asdict``, ``_replace``, ``_make``; it equals (and orders like) a Score or a
    tuple with the same values, hashes like that tuple (so, holding lists, it is not hashable),
    and pickles by value. It is not a ``tuple`` instance: ``tuple(s)`` gives one.
    """
    cdef ym_score_t _o
    cdef uint8_t _c[34]
    cdef uint8_t _mtype[4]
    cdef uint8_t _mtile[4]
    cdef uint8_t _nm, _seat, _rnd, _win
    cdef bint _nonwin_reading   # a NO_YAKU reading (readings()) keeps its decomposition
    cdef tuple _t
    cdef object _yaku, _fu_d, _pay, _dec, _reason

    _fields = SCORE_FIELD_NAMES
    _field_defaults = {}
    __match_args__ = SCORE_FIELD_NAMES

    def __cinit__(self, *args, **kwargs):
        if args or kwargs:
            self._t = _score_fields(*args, **kwargs)

    def __init__(self, *args, **kwargs):
        if self._t is None:
            raise TypeError("Score() missing 1 required positional argument: 'status'")

    # ---- fields
    @property
    def status(self):
        if self._t is not None:
            return self._t[0]
        return (<tuple>_SC_STATUSES)[self._o.status]

    @property
    def reason(self):
        if self._t is not None:
            return self._t[1]
        if self._o.status == 0:
            return ""
        if self._reason is None:
            self._reason = _status_reason(&self._o, self._win)
        return self._reason

    @property
    def yaku(self):
        if self._t is not None:
            return self._t[2]
        if self._yaku is None:
            self._yaku = _yaku_list(&self._o) if self._o.status == 0 else []
        return self._yaku

    @property
    def han(self):
        if self._t is not None:
            return self._t[3]
        return self._o.han if self._o.status == 0 else 0

    @property
    def fu(self):
        if self._t is not None:
            return self._t[4]
        return self._o.fu if self._o.status == 0 else 0

    @property
    def fu_details(self):
        if self._t is not None:
            return self._t[5]
        if self._fu_d is None:
            self._fu_d = _fu_list(&self._o, self._seat, self._rnd) if self._o.status == 0 else []
        return self._fu_d

    @property
    def limit(self):
        if self._t is not None:
            return self._t[6]
        return _SC_LIMITS[self._o.limit] if self._o.status == 0 else None

    @property
    def yakuman(self):
        if self._t is not None:
            return self._t[7]
        return self._o.yakuman if self._o.status == 0 else 0

    @property
    def points(self):
        if self._t is not None:
            return self._t[8]
        return self._o.points if self._o.status == 0 else 0

    @property
    def payment(self):
        if self._t is not None:
            return self._t[9]
        if self._pay is None:
            self._pay = _payment_of(&self._o)
        return self._pay

    @property
    def decomposition(self):
        if self._t is not None:
            return self._t[10]
        if self._dec is None:
            self._dec = (_lazy_decomposition(self) if self._o.status == 0 or self._nonwin_reading
                         else ())
        return self._dec

    # ---- derived
    @property
    def is_win(self):
        if self._t is not None:
            return self._t[0] == 0
        return self._o.status == 0

    @property
    def mask(self):
        """Every listed yaku as one flag value (dora-like entries included when listed)."""
        from yakuman.yaku import Yaku
        out = Yaku(0)
        for y, _ in self.yaku:
            out |= y
        return out

    @property
    def yaku_han(self):
        """Han from yaku alone (dora, ura, aka and kita excluded)."""
        from yakuman.yaku import DORA_LIKE
        return sum(h for y, h in self.yaku if not (y & DORA_LIKE))

    # ---- the named-tuple protocol, over the 11 values
    cdef tuple _values(self):
        if self._t is None:
            self._t = (self.status, self.reason, self.yaku, self.han, self.fu, self.fu_details,
                       self.limit, self.yakuman, self.points, self.payment, self.decomposition)
        return self._t

    def __len__(self):
        return 11

    def __getitem__(self, i):
        return self._values()[i]

    def __iter__(self):
        return iter(self._values())

    def __contains__(self, value):
        return value in self._values()

    def count(self, value):
        return self._values().count(value)

    def index(self, value, *args):
        return self._values().index(value, *args)

    def __eq__(self, other):
        if isinstance(other, Score):
            return self._values() == (<Score>other)._values()
        if isinstance(other, tuple):
            return self._values() == other
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, Score):
            return self._values() != (<Score>other)._values()
        if isinstance(other, tuple):
            return self._values() != other
        return NotImplemented

    def __lt__(self, other):
        o = _sc_other(other)
        return NotImplemented if o is None else self._values() < o

    def __le__(self, other):
        o = _sc_other(other)
        return NotImplemented if o is None else self._values() <= o

    def __gt__(self, other):
        o = _sc_other(other)
        return NotImplemented if o is None else self._values() > o

    def __ge__(self, other):
        o = _sc_other(other)
        return NotImplemented if o is None else self._values() >= o

    def __hash__(self):
        return hash(self._values())

    def __reduce__(self):
        return (type(self), self._values())

    def __getnewargs__(self):
        return self._values()

    def _asdict(self):
        return dict(zip(SCORE_FIELD_NAMES, self._values()))

    def _replace(self, **changes):
        values = self._asdict()
        for k in changes:
            if k not in values:
                raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        values.update(changes)
        return type(self)(**values)

    @classmethod
    def _make(cls, iterable):
        values = tuple(iterable)
        if len(values) != 11:
            raise TypeError(f"Expected 11 arguments, got {len(values)}")
        return cls(*values)

    # ---- text
    def __str__(self):
        from yakuman.result import score_str
        return score_str(self)

    def __repr__(self):
        """Short and readable: the value, the points and the yaku by name (``<Score 3 han 30 fu,
        3900 points: riichi 1, pinfu 1, dora 1 | 123m 456p ...>``); a non-win gives its reason."""
        from yakuman.result import score_repr
        return score_repr(self)

    def _repr_html_(self):
        from yakuman.display import score_html
        return score_html(self)


cdef object _sc_other(object other):
    if isinstance(other, Score):
        return (<Score>other)._values()
    if isinstance(other, tuple):
        return other
    return None


cdef tuple _SC_STATUSES = None   # Status members by code, set by _sc_result_types()


cdef inline Score _lazy_score(const ym_score_t *o, const ym_hand_t *h):
    """A Score over the native result `o` of hand `h` (nothing built yet)."""
    cdef Score s = Score.__new__(Score)
    memcpy(&s._o, o, sizeof(ym_score_t))
    memcpy(s._c, h.counts, 34)
    memcpy(s._mtype, h.meld_type, 4)
    memcpy(s._mtile, h.meld_tile, 4)
    s._nm = h.n_melds
    s._seat = h.seat_wind
    s._rnd = h.round_wind
    s._win = h.win
    return s


cdef tuple _lazy_decomposition(Score s):
    """The reading: the pair, the concealed sets, then the melds in their given order (kokushi
    and shiisanputa: the whole concealed hand)."""
    cdef const ym_score_t *o = &s._o
    cdef int i, t, typ, n_concealed
    if o.form == 2 or o.form == 3:
        return (to_mpsz_counts(s._c),)
    n_concealed = o.n_groups - (s._nm if o.form == 0 else 0)
    cdef list out = []
    for i in range(n_concealed):
        typ = o.groups[i].type
        t = o.groups[i].tile
        out.append(_SC_PAIR_STR[t] if typ == 0 else _SC_RUN_STR[t] if typ == 1 else _SC_TRIP_STR[t])
    for i in range(s._nm):
        out.append(_SC_MELD_TEXT[s._mtype[i] * 34 + s._mtile[i]])
    return tuple(out)
