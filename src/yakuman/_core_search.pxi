# AI-search glue (included at the end of _core.pyx). See csrc/ym_search.h.
#
# ukeire / discard_analysis: parse and validate once, one C call, then build the Python result.
# ShantenState: a hand's counts with its part classes and chiitoitsu/kokushi counters (the C
# ym_state_t), so that draw / discard / shanten are a few table reads. _ukeire_many /
# _discard_analysis_many: nogil batch loops over rows (one C row call each: validation included,
# nothing shared between threads but the read-only input and each row's own output slots).
# Copies left = 4 - held - visible; a kind with none left is never an effective tile. Three
# players (players=3 or rules.players == 3): 2m-8m have no copy at all; a hand or visible list
# holding one is refused (batch rows: STATUS_BAD_SANMA_TILE).

from libc.stdint cimport int16_t

cdef extern from "ym_search.h" nogil:
    ctypedef struct ym_state_t:
        uint8_t c[34]
        uint8_t cls[4]
        uint8_t n_melds, n_tiles, form, kinds, pairs, yao_kinds, yao_pairs, sanma

    ctypedef struct ym_discard_t:
        uint64_t mask
        uint8_t tile
        int8_t shanten
        uint8_t total

    void ym_state_init(ym_state_t *s, const uint8_t *c, int n_melds, int form, int sanma)
    int ym_state_shanten(const ym_state_t *s)
    void ym_state_draw(ym_state_t *s, int t)
    void ym_state_discard(ym_state_t *s, int t)
    int ym_state_shanten_if_draw(const ym_state_t *s, int t)
    int ym_state_shanten_if_discard(const ym_state_t *s, int t)
    int ym_ukeire(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, uint64_t *mask,
                  int *total)
    int ym_discard_analysis(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma,
                            ym_discard_t *out)
    int ym_ukeire_row(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, int8_t *shanten,
                      uint8_t *left, int16_t *total)
    int ym_discard_row(const uint8_t *c, const uint8_t *vis, int n_melds, int form, int sanma, uint8_t *n,
                       int8_t *tile, int8_t *shanten, int16_t *total, uint64_t *mask)

STATUS_BAD_VISIBLE = 3
cdef tuple _NAMES = TILE_NAMES   # a C-level reference: no module lookup in the result loops
_FORM_NAMES = ("all", "regular", "chiitoitsu", "kokushi")


class Ukeire(tuple):
    """(shanten, {tile: copies left}) with named accessors; ``count`` = total copies left."""

    __slots__ = ()

    def __new__(cls, shanten_now, tiles):
        return tuple.__new__(cls, (shanten_now, tiles))

    @property
    def shanten(self):
        return self[0]

    @property
    def tiles(self):
        return self[1]

    @property
    def count(self):
        return sum(self[1].values())

    def __repr__(self):
        return f"Ukeire(shanten={self[0]}, tiles={self[1]!r})"


cdef object _tuple_new = tuple.__new__

cdef extern from "ym_bits.h":
    int _lowest_bit "ym_ctz64" (uint64_t m) nogil   # m != 0
    int _popcount "ym_popcount64" (uint64_t m) nogil


cdef extern from "Python.h":
    dict _PyDict_NewPresized(Py_ssize_t minused)


cdef dict _left_dict(uint64_t mask, const uint8_t *c, const uint8_t *v):
    cdef dict out = _PyDict_NewPresized(_popcount(mask))
    cdef int t
    while mask:
        t = _lowest_bit(mask)
        mask &= mask - 1
        out[_NAMES[t]] = 4 - c[t] - (v[t] if v != NULL else 0)
    return out


cdef class DiscardOption:
    """One discard of a 14-3k hand: the tile, the shanten of the 13-3k hand left, its effective
    kinds (``mask``, bit i = kind i; ``tiles`` = {tile: copies left}) and ``count`` (copies
    left over them). The discarded copy counts as seen. Compares equal to the tuple
    (tile, shanten, tiles, count)."""

    cdef readonly int kind
    cdef readonly int shanten
    cdef readonly int count
    cdef readonly uint64_t mask
    cdef uint8_t left[34]

    @property
    def tile(self):
        return _NAMES[self.kind]

    @property
    def tiles(self):
        cdef dict out = {}
        cdef uint64_t m = self.mask
        cdef int t
        while m:
            t = _lowest_bit(m)
            m &= m - 1
            out[_NAMES[t]] = self.left[t]
        return out

    @property
    def ukeire(self):
        return Ukeire(self.shanten, self.tiles)

    def as_tuple(self):
        return (self.tile, self.shanten, self.tiles, self.count)

    def __eq__(self, other):
        if isinstance(other, DiscardOption):
            return self.as_tuple() == (<DiscardOption>other).as_tuple()
        if isinstance(other, tuple):
            return self.as_tuple() == other
        return NotImplemented

    __hash__ = None

    def __reduce__(self):
        return (_discard_option_of, (self.kind, self.shanten, self.count, self.mask,
                                     bytes([self.left[i] for i in range(34)])))

    def __repr__(self):
        return (f"DiscardOption(tile={self.tile!r}, shanten={self.shanten}, count={self.count}, "
                f"tiles={self.tiles!r})")


def _discard_option_of(int kind, int shanten, int count, uint64_t mask, bytes left not None):
    cdef DiscardOption o = DiscardOption.__new__(DiscardOption)
    cdef int i
    if len(left) != 34:
        raise ValueError("34 copies-left bytes expected")
    o.kind = kind
    o.shanten = shanten
    o.count = count
    o.mask = mask
    for i in range(34):
        o.left[i] = left[i]
    return o


cdef DiscardOption _discard_option(const ym_discard_t *e, const uint8_t *c, const uint8_t *v):
    cdef DiscardOption o = DiscardOption.__new__(DiscardOption)
    cdef uint64_t m = e.mask
    cdef int t
    o.kind = e.tile
    o.shanten = e.shanten
    o.count = e.total
    o.mask = m
    memset(o.left, 0, 34)
    while m:
        t = _lowest_bit(m)
        m &= m - 1
        o.left[t] = <uint8_t>(4 - c[t] - (v[t] if v != NULL else 0))
    return o


cdef bint _load_visible(object visible, const uint8_t *c, uint8_t *v, int sanma=0) except -1:
    """Visible tiles (any tile form) into v; checks hand + visible <= 4 per kind (and no 2m-8m
    with three players). False = none."""
    cdef uint8_t reds[3]
    cdef int t
    if visible is None:
        return False
    load_tiles(visible, v, reds)
    for t in range(34):
        if c[t] + v[t] > 4:
            raise InvalidTilesError(f"{_copies(c[t] + v[t])} copies of {TILE_NAMES[t]} in hand and visible tiles")
    _check_sanma(v, sanma, "visible tiles")
    return True


cdef int _kind_arg(object tile) except -1:
    """A tile kind from an int 0..33 or one tile name ('3p', '0m' = red 5m, mjai names too)."""
    cdef long v
    cdef Py_UCS4 d, s
    if type(tile) is int:
        if tile < 0 or tile > 33:   # compared as a Python int: no overflow on a huge value
            raise InvalidTilesError(f"tile kind {tile} out of range 0..33")
        v = tile
        return <int>v
    if type(tile) is str and len(<str>tile) == 2:
        d = (<str>tile)[0]
        s = (<str>tile)[1]
        if u'1' <= d <= u'9' and (s == u'm' or s == u'p' or s == u's'):
            return (0 if s == u'm' else 9 if s == u'p' else 18) + <int>d - 49
        if d == u'0' and (s == u'm' or s == u'p' or s == u's'):
            return (0 if s == u'm' else 9 if s == u'p' else 18) + 4
        if u'1' <= d <= u'7' and s == u'z':
            return 27 + <int>d - 49
    if isinstance(tile, str):
        from yakuman.tiles import kind
        return kind(tile)
    raise InvalidTilesError(f"a tile must be a kind 0..33 or a tile name such as '3p', not {_rep(tile)}")


def ukeire(tiles, *, visible=None, form="all", melds=None, players=None, rules=None):
    """Effective tiles of a 13-3k hand: the kinds whose draw lowers shanten (of ``form``), with
    the copies left of each (4 - held - visible; a kind with none left is not listed).

    ``visible``: tiles seen outside the hand (discards, melds, dora indicators), any tile form.
    ``players=3`` (or ``rules`` with three players): 2m-8m have no copy, are never effective,
    and the shanten is the three-player one (see ``yakuman.shanten``).
    Returns ``Ukeire(shanten, {tile: copies left})``."""
    cdef uint8_t c[34]
    cdef uint8_t v[34]
    cdef uint8_t reds[3]
    cdef uint64_t mask
    cdef int cnt, sh
    cdef int total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    cdef int f = _form_code(form)
    cdef int sanma = _sanma_of(players, rules)
    if total % 3 != 1:
        raise InvalidTilesError(
            f"{total} tiles given, {13 - 3 * k} expected for ukeire (discard_analysis takes {14 - 3 * k})")
    _check_sanma(c, sanma, "hand")
    cdef bint has_vis = _load_visible(visible, c, v, sanma)
    sh = ym_ukeire(c, v if has_vis else NULL, k, f, sanma, &mask, &cnt)
    return _tuple_new(Ukeire, (sh, _left_dict(mask, c, v if has_vis else NULL)))


def discard_analysis(tiles, *, visible=None, form="all", melds=None, players=None, rules=None):
    """Every distinct discard of a 14-3k hand, best first (lower shanten, then more copies
    left, then kind order): a list of ``DiscardOption`` (tile, shanten, tiles, count).

    Copies left count the discarded tile as seen (4 - held in the 14-3k hand - visible).
    ``players=3`` / ``rules``: three players, as ``ukeire``."""
    cdef uint8_t c[34]
    cdef uint8_t v[34]
    cdef uint8_t reds[3]
    cdef ym_discard_t out[14]
    cdef int i, n
    cdef int total = load_tiles(tiles, c, reds)
    cdef int k = _melds_for(total, melds)
    cdef int f = _form_code(form)
    cdef int sanma = _sanma_of(players, rules)
    if total % 3 != 2:
        raise InvalidTilesError(
            f"{total} tiles given, {14 - 3 * k} expected for discard_analysis (ukeire takes {13 - 3 * k})")
    _check_sanma(c, sanma, "hand")
    cdef bint has_vis = _load_visible(visible, c, v, sanma)
    cdef const uint8_t *vp = v if has_vis else NULL
    n = ym_discard_analysis(c, vp, k, f, sanma, out)
    return [_discard_option(&out[i], c, vp) for i in range(n)]


cdef class ShantenState:
    """A hand under draw/discard with its shanten kept up to date (O(1) per step).

    ``ShantenState(tiles, form="all", melds=None, players=None, rules=None)``: 13-3k or 14-3k
    concealed tiles (k called melds, read from the tile count unless given); ``players=3`` (or
    ``rules`` with three players) makes 2m-8m absent (never held, never drawn). ``draw(tile)`` needs 13-3k tiles and a kind
    held fewer than 4 times; ``discard(tile)`` needs 14-3k tiles and a held kind; both return
    the new shanten. ``shanten_after_draw`` / ``shanten_after_discard`` look ahead without
    changing the state. A tile is a kind 0..33 or a name such as '3p'."""

    cdef ym_state_t s

    def __init__(self, tiles, *, form="all", melds=None, players=None, rules=None):
        cdef uint8_t c[34]
        cdef uint8_t reds[3]
        cdef int total = load_tiles(tiles, c, reds)
        cdef int k = _melds_for(total, melds)
        cdef int f = _form_code(form)
        cdef int sanma = _sanma_of(players, rules)
        _check_sanma(c, sanma, "hand")
        ym_state_init(&self.s, c, k, f, sanma)

    cdef int _check_draw(self, int t) except -1:
        if self.s.sanma and 1 <= t <= 7:
            raise InvalidTilesError(f"cannot draw {TILE_NAMES[t]}: 2m-8m do not exist with three players")
        if self.s.n_tiles != 13 - 3 * self.s.n_melds:
            raise InvalidTilesError(f"cannot draw {TILE_NAMES[t]}: the hand already holds "
                                    f"{self.s.n_tiles} tiles (discard first)")
        if self.s.c[t] >= 4:
            raise InvalidTilesError(f"cannot draw {TILE_NAMES[t]}: the hand already holds four")
        return 0

    cdef int _check_discard(self, int t) except -1:
        if self.s.n_tiles != 14 - 3 * self.s.n_melds:
            raise InvalidTilesError(f"cannot discard {TILE_NAMES[t]}: the hand holds "
                                    f"{self.s.n_tiles} tiles (draw first)")
        if self.s.c[t] == 0:
            raise InvalidTilesError(f"cannot discard {TILE_NAMES[t]}: not in the hand")
        return 0

    @property
    def shanten(self):
        return ym_state_shanten(&self.s)

    @property
    def counts(self):
        return tuple([self.s.c[i] for i in range(34)])

    @property
    def n_tiles(self):
        return self.s.n_tiles

    @property
    def melds(self):
        return self.s.n_melds

    @property
    def form(self):
        return _FORM_NAMES[self.s.form]

    @property
    def players(self):
        return 3 if self.s.sanma else 4

    def draw(self, tile):
        cdef int t = _kind_arg(tile)
        self._check_draw(t)
        ym_state_draw(&self.s, t)
        return ym_state_shanten(&self.s)

    def discard(self, tile):
        cdef int t = _kind_arg(tile)
        self._check_discard(t)
        ym_state_discard(&self.s, t)
        return ym_state_shanten(&self.s)

    def shanten_after_draw(self, tile):
        cdef int t = _kind_arg(tile)
        self._check_draw(t)
        return ym_state_shanten_if_draw(&self.s, t)

    def shanten_after_discard(self, tile):
        cdef int t = _kind_arg(tile)
        self._check_discard(t)
        return ym_state_shanten_if_discard(&self.s, t)

    def ukeire(self, visible=None):
        """As ``yakuman.ukeire`` on the current 13-3k hand."""
        cdef uint8_t v[34]
        cdef uint64_t mask
        cdef int cnt, sh
        if self.s.n_tiles != 13 - 3 * self.s.n_melds:
            raise InvalidTilesError(f"{self.s.n_tiles} tiles held, {13 - 3 * self.s.n_melds} expected for ukeire")
        cdef bint has_vis = _load_visible(visible, self.s.c, v, self.s.sanma)
        sh = ym_ukeire(self.s.c, v if has_vis else NULL, self.s.n_melds, self.s.form, self.s.sanma, &mask, &cnt)
        return _tuple_new(Ukeire, (sh, _left_dict(mask, self.s.c, v if has_vis else NULL)))

    def ukeire_mask(self, visible=None):
        """(shanten, mask, count) of the current 13-3k hand: ``ukeire`` without building the
        dict (bit i of mask = kind i is effective; count = copies left over them)."""
        cdef uint8_t v[34]
        cdef uint64_t mask
        cdef int cnt, sh
        if self.s.n_tiles != 13 - 3 * self.s.n_melds:
            raise InvalidTilesError(f"{self.s.n_tiles} tiles held, {13 - 3 * self.s.n_melds} expected for ukeire")
        cdef bint has_vis = _load_visible(visible, self.s.c, v, self.s.sanma)
        sh = ym_ukeire(self.s.c, v if has_vis else NULL, self.s.n_melds, self.s.form, self.s.sanma, &mask, &cnt)
        return (sh, mask, cnt)

    def discard_analysis(self, visible=None):
        """As ``yakuman.search.discard_analysis`` on the current 14-3k hand."""
        cdef uint8_t v[34]
        cdef ym_discard_t out[14]
        cdef int i, n
        if self.s.n_tiles != 14 - 3 * self.s.n_melds:
            raise InvalidTilesError(
                f"{self.s.n_tiles} tiles held, {14 - 3 * self.s.n_melds} expected for discard_analysis")
        cdef bint has_vis = _load_visible(visible, self.s.c, v, self.s.sanma)
        cdef const uint8_t *vp = v if has_vis else NULL
        n = ym_discard_analysis(self.s.c, vp, self.s.n_melds, self.s.form, self.s.sanma, out)
        return [_discard_option(&out[i], self.s.c, vp) for i in range(n)]

    def copy(self):
        cdef ShantenState o = ShantenState.__new__(ShantenState)
        o.s = self.s
        return o

    __copy__ = copy

    def __reduce__(self):
        return (_shanten_state_of, (self.counts, self.form, self.s.n_melds, self.players))

    def __repr__(self):
        from yakuman.tiles import to_mpsz
        return (f"ShantenState({to_mpsz(self.counts)!r}, form={self.form!r}, melds={self.s.n_melds}, "
                + (f"players=3, " if self.s.sanma else "") + f"shanten={ym_state_shanten(&self.s)})")


def _shanten_state_of(counts, form, melds, players=4):
    return ShantenState(list(counts), form=form, melds=melds, players=players)


def _ukeire_many(const uint8_t[:, ::1] counts not None, const uint8_t[:, ::1] visible, int form, int melds,
                 int workers, int8_t[::1] shanten_out not None, uint8_t[:, ::1] left not None, int16_t[::1] total not None,
                 uint8_t[::1] status not None, int sanma=0):
    """Rows of 13-3k hands; visible may be None. Outputs are preallocated by yakuman.search."""
    cdef Py_ssize_t n = counts.shape[0], i
    cdef bint has_vis = visible is not None
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            status[i] = <uint8_t>ym_ukeire_row(&counts[i, 0], &visible[i, 0] if has_vis else NULL, melds, form,
                                               sanma, &shanten_out[i], &left[i, 0], &total[i])


def _discard_analysis_many(const uint8_t[:, ::1] counts not None, const uint8_t[:, ::1] visible, int form, int melds,
                           int workers, uint8_t[::1] n_out not None, int8_t[:, ::1] tile not None, int8_t[:, ::1] shanten_out not None,
                           int16_t[:, ::1] total not None, uint64_t[:, ::1] mask not None, uint8_t[::1] status not None, int sanma=0):
    """Rows of 14-3k hands; 14 slots per row, sorted best first (see ym_discard_row)."""
    cdef Py_ssize_t n = counts.shape[0], i
    cdef bint has_vis = visible is not None
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            status[i] = <uint8_t>ym_discard_row(&counts[i, 0], &visible[i, 0] if has_vis else NULL, melds, form,
                                                sanma, &n_out[i], &tile[i, 0], &shanten_out[i, 0], &total[i, 0],
                                                &mask[i, 0])
