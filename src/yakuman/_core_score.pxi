# Native scoring glue (included at the end of _core.pyx). See csrc/ym_score.h.
#
# CompiledRules: a yakuman.rules.Rules compiled once into the packed C struct (ym_rules_t);
# compiled_rules(rules) caches them. _score_native(...) takes already-parsed inputs (34 counts,
# meld (type, lowest kind) pairs, kinds), calls ym_score and returns plain values (a tuple
# whose fields are named by SCORE_FIELDS). Malformed input raises yakuman.errors; a non-win is
# a status. The yaku mask uses the bits of notes/contracts.md (= yakuman.yaku.Yaku).

from libc.time cimport clock_t, clock, CLOCKS_PER_SEC
from libc.stdint cimport int32_t, uint16_t

cdef extern from "ym_score.h" nogil:
    ctypedef struct ym_rules_t:
        uint8_t players, aka_dora, kuitan, kiriage_mangan, kazoe, double_yakuman
        uint8_t yakuman_stacking, yakuman_cap, renhou, ryanhan_shibari, open_pinfu_fu
        uint8_t tsumo_pinfu, rinshan_tsumo_fu, double_wind_pair_fu, chiitoitsu_fu
        uint8_t green_requires_hatsu, junryokuisou_double, tsuuiisou_chiitoitsu
        uint8_t chuuren_manzu_only, tenhou_multiplier, haitei_houtei_with_rinshan
        uint8_t daisharin_any_suit, shiisanputa_mangan, shiisanputa_honor_pair
        uint8_t touhoku_souzu_only, pao_yakuman, pao_whole_hand, daiminkan_rinshan_pao
        uint8_t tsumo_loss
        uint16_t local_yaku, honba_ron, honba_tsumo_each

    ctypedef struct ym_hand_t:
        uint8_t counts[34]
        uint8_t reds, win, n_melds
        uint8_t meld_type[4]
        uint8_t meld_tile[4]
        uint8_t seat_wind, round_wind, n_dora, n_ura
        uint8_t dora[10]
        uint8_t ura[10]
        uint8_t kita, pao
        uint16_t flags, honba, riichi_sticks

    ctypedef struct ym_fu_item_t:
        uint8_t code, tile, fu

    ctypedef struct ym_group_t:
        uint8_t type, tile, open

    ctypedef struct ym_payment_t:
        int32_t discarder, dealer, non_dealer, liable, honba, sticks, total
        uint8_t n_non_dealer

    ctypedef struct ym_score_t:
        uint8_t status, reason, form, wait
        uint64_t yaku
        uint8_t han_of[64]
        int han, fu, yakuman, kazoe, limit, dora, ura, aka, kita
        int32_t base, points
        ym_payment_t pay
        uint8_t n_fu
        ym_fu_item_t fu_items[12]
        uint8_t n_groups
        ym_group_t groups[7]
        uint8_t win_group

    int ym_score(const ym_rules_t *rules, const ym_hand_t *hand, ym_score_t *out)
    const char *ym_reason_text(int reason)

# situation flags (ym_hand_t.flags)
F_TSUMO = 1 << 0
F_RIICHI = 1 << 1
F_DOUBLE_RIICHI = 1 << 2
F_IPPATSU = 1 << 3
F_RINSHAN = 1 << 4
F_CHANKAN = 1 << 5
F_HAITEI = 1 << 6
F_HOUTEI = 1 << 7
F_TENHOU = 1 << 8
F_CHIIHOU = 1 << 9
F_RENHOU = 1 << 10
# pao: what a player other than the discarder is liable for
PAO_DAISANGEN = 1
PAO_DAISUUSHII = 2
PAO_SUUKANTSU = 4
PAO_RINSHAN = 8  # daiminkan_rinshan_pao: the kan tile's discarder pays a rinshan win

MELD_CODES = {"chi": 0, "pon": 1, "minkan": 2, "daiminkan": 2, "kakan": 3, "shouminkan": 3, "ankan": 4}
STATUS_NAMES = ("OK", "NOT_COMPLETE", "NO_YAKU", "INVALID_SITUATION", "BAD_INPUT")
LIMIT_NAMES = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
FORM_NAMES = ("regular", "chiitoitsu", "kokushi", "shiisanputa")
WAIT_NAMES = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13")
GROUP_NAMES = ("pair", "run", "triplet", "kan")
SCORE_FIELDS = (
    "status",      # 0 OK, 1 NOT_COMPLETE, 2 NO_YAKU, 3 INVALID_SITUATION
    "reason",      # str ("" when OK)
    "yaku_mask",   # int, bits of contracts.md (dora bits set when counted; ura on riichi wins)
    "yaku",        # tuple of (bit, han) in bit order; dora bits carry counts, yakuman 13 x multiple
    "han",         # total (13 x multiple on yakuman)
    "fu",
    "fu_details",  # tuple of (label, fu), summing to fu
    "yakuman",     # multiple (0 if none)
    "kazoe",       # kazoe multiple (0 if not kazoe)
    "limit",       # None | "mangan" | "haneman" | "baiman" | "sanbaiman" | "yakuman"
    "points",      # hand value without honba and sticks (Tenhou's figure)
    "payment",     # (discarder, dealer, non_dealer, n_non_dealer, liable, honba, sticks, total)
    "counts",      # (dora, ura, aka, kita); dora/ura include kita Norths that are dora
    "form",        # "regular" | "chiitoitsu" | "kokushi" | "shiisanputa"
    "wait",        # "ryanmen" | "kanchan" | "penchan" | "shanpon" | "tanki" | "kokushi" | "kokushi_13"
    "groups",      # tuple of (kind, lowest tile kind, open): pair first, concealed sets, then melds
    "win_group",   # index into groups of the group holding the winning tile, or -1
    "base",        # base points a
)

_FU_LABELS = ("base", "closed ron", "tsumo", "kanchan wait", "penchan wait", "tanki wait",
              "pair {}", "open triplet {}", "concealed triplet {}", "open kan {}", "closed kan {}",
              "open pinfu", "rounded up", "chiitoitsu")
# label strings by code and tile kind (tile 255 -> index 34), built once
_FU_TEXT = tuple(tuple(lab.format(TILE_NAMES[t] if t < 34 else "") for t in range(35))
                 for lab in _FU_LABELS)

_DY_BITS = {"suuankou_tanki": 1, "kokushi_13": 2, "junsei_chuuren": 4, "daisuushii": 8}
_LOCAL_BITS = {"sanrenkou": 1, "isshoku_sanjun": 2, "daisharin": 4, "suurenkou": 8,
               "isshoku_yonjun": 16, "hyakuman_goku": 32, "beni_kujaku": 64,
               "touhoku_shinkansen": 128, "shiisanputa": 256}
_PAO_BITS = {"daisangen": 1, "daisuushii": 2, "suukantsu": 4}


cdef class CompiledRules:
    """A Rules object compiled into the C struct the scorer reads (build once, reuse)."""
    cdef ym_rules_t r
    cdef readonly object rules

    def __init__(self, rules=None):
        from yakuman.rules import Rules
        if rules is None:
            rules = Rules.tenhou()
        if not isinstance(rules, Rules):
            from yakuman.errors import InvalidRulesError
            raise InvalidRulesError(f"rules must be a yakuman.rules.Rules, not {type(rules).__name__}")
        self.rules = rules
        cdef ym_rules_t *r = &self.r
        memset(r, 0, sizeof(ym_rules_t))
        r.players = rules.players
        r.aka_dora = rules.aka_dora
        r.kuitan = rules.kuitan
        r.kiriage_mangan = rules.kiriage_mangan
        r.kazoe = ("yakuman", "multiple", "sanbaiman").index(rules.kazoe)
        r.double_yakuman = sum(_DY_BITS[k] for k in rules.double_yakuman)
        r.yakuman_stacking = rules.yakuman_stacking
        r.yakuman_cap = min(rules.yakuman_cap, 255)
        r.renhou = ("none", "yakuman", "mangan", "baiman").index(rules.renhou)
        r.ryanhan_shibari = rules.ryanhan_shibari
        r.open_pinfu_fu = rules.open_pinfu_fu
        r.tsumo_pinfu = rules.tsumo_pinfu
        r.rinshan_tsumo_fu = rules.rinshan_tsumo_fu
        r.double_wind_pair_fu = rules.double_wind_pair_fu
        r.chiitoitsu_fu = rules.chiitoitsu_fu
        r.green_requires_hatsu = rules.green_requires_hatsu
        r.junryokuisou_double = rules.junryokuisou_double
        r.tsuuiisou_chiitoitsu = rules.tsuuiisou_chiitoitsu
        r.chuuren_manzu_only = rules.chuuren_manzu_only
        r.tenhou_multiplier = rules.tenhou_multiplier
        r.haitei_houtei_with_rinshan = rules.haitei_houtei_with_rinshan
        r.daisharin_any_suit = rules.daisharin_any_suit
        r.shiisanputa_mangan = rules.shiisanputa_value == "mangan"
        r.shiisanputa_honor_pair = rules.shiisanputa_honor_pair
        r.touhoku_souzu_only = rules.touhoku_souzu_only
        r.pao_yakuman = sum(_PAO_BITS[k] for k in rules.pao_yakuman)
        r.pao_whole_hand = rules.pao_scope == "whole_hand"
        r.daiminkan_rinshan_pao = rules.daiminkan_rinshan_pao
        r.tsumo_loss = rules.tsumo_loss
        r.local_yaku = sum(_LOCAL_BITS[k] for k in rules.local_yaku)
        r.honba_ron = rules.honba_ron
        r.honba_tsumo_each = rules.honba_tsumo_each

    def __repr__(self):
        return f"CompiledRules({self.rules!r})"


_COMPILED = {}


def compiled_rules(rules=None):
    """The CompiledRules of `rules` (None = Rules.tenhou()), cached per distinct Rules value."""
    cdef CompiledRules cr
    try:
        return _COMPILED[rules]
    except KeyError:
        pass
    except TypeError:
        return CompiledRules(rules)
    cr = CompiledRules(rules)
    if len(_COMPILED) >= 64:
        _COMPILED.clear()
    _COMPILED[rules] = cr
    return cr


cdef extern from "Python.h":
    ctypedef struct _sc_obj "PyObject"
    _sc_obj *_sc_list_item "PyList_GET_ITEM" (object, Py_ssize_t)
    _sc_obj *_sc_tuple_item "PyTuple_GET_ITEM" (object, Py_ssize_t)
    bint _sc_is_int "PyLong_CheckExact" (_sc_obj *)
    long _sc_as_long "PyLong_AsLong" (_sc_obj *)
    void _sc_err_clear "PyErr_Clear" ()

from yakuman.errors import InvalidContextError as _InvalidContextError
from yakuman.errors import InvalidMeldError as _InvalidMeldError

cdef tuple _SC_LIMITS = LIMIT_NAMES
cdef tuple _SC_FORMS = FORM_NAMES
cdef tuple _SC_WAITS = WAIT_NAMES
cdef tuple _SC_GROUPS = GROUP_NAMES
cdef tuple _SC_FU_TEXT = _FU_TEXT
cdef dict _SC_MELD_CODES = MELD_CODES


cdef long _sc_int(object v, str what) except? -999:
    """A Python int as a C long; out-of-range values come back as -2 or 100000 (callers
    range-check), non-integers raise."""
    cdef long x
    if type(v) is not int:
        try:
            v = v.__index__()
        except (AttributeError, TypeError):
            raise InvalidTilesError(f"{what} must be an integer, not {v!r}") from None
    try:
        x = v
    except OverflowError:
        return -2 if v < 0 else 100000
    return x


cdef tuple _SC_SMALL_INTS = (0, 1, 2, 3, 4)
cdef _sc_obj *_SC_SMALL[5]
for _i in range(5):
    _SC_SMALL[_i] = <_sc_obj *>_SC_SMALL_INTS[_i]


cdef inline long _sc_item(object seq, Py_ssize_t i, int kind, str what) except? -999:
    """seq[i] as a C long; kind 1 = list, 2 = tuple (borrowed fast path), 0 = any sequence.
    The ints 0..4 are cached by CPython: identity with them is the fastest path."""
    cdef _sc_obj *p
    cdef long x
    if kind:
        p = _sc_list_item(seq, i) if kind == 1 else _sc_tuple_item(seq, i)
        if p == _SC_SMALL[0]:
            return 0
        if p == _SC_SMALL[1]:
            return 1
        if p == _SC_SMALL[2]:
            return 2
        if p == _SC_SMALL[3]:
            return 3
        if p == _SC_SMALL[4]:
            return 4
        if _sc_is_int(p):
            x = _sc_as_long(p)
            if x == -1:
                _sc_err_clear()  # overflow reads as -1: rejected by the range checks
            return x
        return _sc_int(<object>p, what)
    return _sc_int(seq[i], what)


cdef inline int _sc_seq_kind(object seq):
    cdef type t = type(seq)
    return 1 if t is list else 2 if t is tuple else 0


cdef int _fill_hand(ym_hand_t *h, object counts, object reds, object melds, int win, int flags,
                    int seat_wind, int round_wind, object dora, object ura, int kita, int honba,
                    int riichi_sticks, int pao) except -1:
    cdef Py_ssize_t i, n
    cdef long v
    cdef int sk
    cdef object m, mkind, tile
    memset(h, 0, sizeof(ym_hand_t))
    if len(counts) != 34:
        raise InvalidTilesError(f"{len(counts)} counts given, 34 expected")
    if type(counts) is bytes or type(counts) is bytearray:
        for i in range(34):
            v = counts[i]
            if v > 4:
                raise InvalidTilesError(f"{_copies(v)} copies of {TILE_NAMES[i]}")
            h.counts[i] = <uint8_t>v
    else:
        sk = _sc_seq_kind(counts)
        for i in range(34):
            v = _sc_item(counts, i, sk, "a count")
            if v < 0 or v > 4:
                raise InvalidTilesError(
                    f"{_copies(v) if 0 <= v < 9 else v} copies of {TILE_NAMES[i]}" if v > 4
                    else f"negative count {v} of {TILE_NAMES[i]}")
            h.counts[i] = <uint8_t>v
    if type(reds) is int:
        v = _sc_int(reds, "red fives")
    else:
        v = 0
        for m in reds:
            v += _sc_int(m, "red fives")
    if v < 0 or v > 12:
        raise InvalidTilesError(f"{v} red fives: expected 0..12")
    h.reds = <uint8_t>v
    if not 0 <= win < 34:
        raise InvalidTilesError(f"winning tile kind {win} out of range 0..33")
    h.win = <uint8_t>win
    n = len(melds)
    if n > 4:
        raise _InvalidMeldError(f"{n} melds given, at most 4")
    h.n_melds = <uint8_t>n
    for i in range(n):
        m = melds[i]
        if type(m) is tuple and len(<tuple>m) == 2:
            mkind = (<tuple>m)[0]
            tile = (<tuple>m)[1]
            if type(mkind) is int and type(tile) is int and 0 <= <long>mkind <= 4 and 0 <= <long>tile <= 33:
                h.meld_type[i] = <uint8_t><long>mkind
                h.meld_tile[i] = <uint8_t><long>tile
                continue
        elif hasattr(m, "kind") and hasattr(m, "tiles"):
            mkind = m.kind
            tile = m.tiles[0] if len(m.tiles) else -1
        else:
            mkind, tile = m
        if type(mkind) is str:
            if mkind not in _SC_MELD_CODES:
                raise _InvalidMeldError(f"unknown meld kind {mkind!r} - at melds[{i}]")
            mkind = _SC_MELD_CODES[mkind]
        v = _sc_int(mkind, f"melds[{i}] type")
        if v < 0 or v > 4:
            raise _InvalidMeldError(f"meld type {v} outside 0..4 - at melds[{i}]")
        h.meld_type[i] = <uint8_t>v
        v = _sc_int(tile, f"melds[{i}] tile kind")
        if v < 0 or v > 33:
            raise _InvalidMeldError(f"meld tile kind {v} outside 0..33 - at melds[{i}]")
        h.meld_tile[i] = <uint8_t>v
    if not 0 <= flags < 1 << 11:
        raise _InvalidContextError(f"flags {flags:#x} outside the known flags")
    h.flags = <uint16_t>flags
    if not 0 <= seat_wind <= 3 or not 0 <= round_wind <= 3:
        raise _InvalidContextError(f"winds must be 0..3 (E S W N), not {seat_wind}, {round_wind}")
    h.seat_wind = <uint8_t>seat_wind
    h.round_wind = <uint8_t>round_wind
    n = len(dora)
    if n > 10:
        raise InvalidTilesError(f"{n} dora indicators given, at most 10")
    h.n_dora = <uint8_t>n
    sk = _sc_seq_kind(dora)
    for i in range(n):
        v = _sc_item(dora, i, sk, "a dora indicator kind")
        if v < 0 or v > 33:
            raise InvalidTilesError(f"dora indicator kind {v} outside 0..33")
        h.dora[i] = <uint8_t>v
    n = len(ura)
    if n > 10:
        raise InvalidTilesError(f"{n} ura dora indicators given, at most 10")
    h.n_ura = <uint8_t>n
    sk = _sc_seq_kind(ura)
    for i in range(n):
        v = _sc_item(ura, i, sk, "an ura dora indicator kind")
        if v < 0 or v > 33:
            raise InvalidTilesError(f"ura dora indicator kind {v} outside 0..33")
        h.ura[i] = <uint8_t>v
    if not 0 <= kita <= 4:
        raise _InvalidContextError(f"kita = {kita} outside 0..4")
    h.kita = <uint8_t>kita
    if not 0 <= honba <= 65535 or not 0 <= riichi_sticks <= 65535:
        raise _InvalidContextError(f"honba / riichi sticks out of range: {honba}, {riichi_sticks}")
    h.honba = <uint16_t>honba
    h.riichi_sticks = <uint16_t>riichi_sticks
    if not 0 <= pao <= 15:
        raise _InvalidContextError(f"pao = {pao} outside 0..15")
    h.pao = <uint8_t>pao
    return 0


cdef object _raise_bad_input(int reason):
    msg = ym_reason_text(reason).decode()
    if reason == 3:  # YM_R_BAD_MELD
        raise _InvalidMeldError(msg)
    if reason == 6:  # YM_R_BAD_WIND
        raise _InvalidContextError(msg)
    raise InvalidTilesError(msg)


cdef tuple _score_tuple(const ym_score_t *o):
    cdef int i, b
    cdef uint64_t m = o.yaku
    cdef const ym_fu_item_t *it
    cdef list yaku = []
    while m:
        b = 0
        while not (m >> b) & 1:
            b += 1
        yaku.append((b, o.han_of[b]))
        m &= m - 1
    cdef list fu = []
    for i in range(o.n_fu):
        it = &o.fu_items[i]
        fu.append(((<tuple>_SC_FU_TEXT[it.code])[it.tile if it.tile < 34 else 34], it.fu))
    cdef list groups = []
    for i in range(o.n_groups):
        groups.append((_SC_GROUPS[o.groups[i].type], o.groups[i].tile, o.groups[i].open != 0))
    pay = (o.pay.discarder, o.pay.dealer, o.pay.non_dealer, o.pay.n_non_dealer, o.pay.liable,
           o.pay.honba, o.pay.sticks, o.pay.total)
    return (o.status, ym_reason_text(o.reason).decode() if o.reason else "", o.yaku, tuple(yaku),
            o.han, o.fu, tuple(fu), o.yakuman, o.kazoe, _SC_LIMITS[o.limit], o.points, pay,
            (o.dora, o.ura, o.aka, o.kita), _SC_FORMS[o.form], _SC_WAITS[o.wait], tuple(groups),
            o.win_group if o.win_group != 255 else -1, o.base)


def _score_native(CompiledRules rules, counts, reds, melds, int win, int flags=0, int seat_wind=0,
                  int round_wind=0, dora=(), ura=(), int kita=0, int honba=0, int riichi_sticks=0,
                  int pao=0):
    """Score one hand natively; returns a tuple named by SCORE_FIELDS.

    counts: 34 concealed counts incl. the winning tile (sequence or bytes); reds: red fives held
    (int total, or per-suit counts), concealed and melded; melds: up to 4 of (type, lowest kind)
    with type 0..4 / "chi" "pon" "minkan" "kakan" "ankan" (or Meld objects); win: kind of the
    winning tile; flags: F_* bits; winds 0..3 = E S W N; dora/ura: indicator kinds; pao: PAO_*
    bits (a player other than the discarder is liable).
    """
    cdef ym_hand_t h
    cdef ym_score_t o
    _fill_hand(&h, counts, reds, melds, win, flags, seat_wind, round_wind, dora, ura, kita, honba,
               riichi_sticks, pao)
    ym_score(&rules.r, &h, &o)
    if o.status == 4:
        _raise_bad_input(o.reason)
    return _score_tuple(&o)


def _score_native_timeit(CompiledRules rules, counts, reds, melds, int win, int flags=0,
                         int seat_wind=0, int round_wind=0, dora=(), ura=(), int kita=0, int honba=0,
                         int riichi_sticks=0, int pao=0, long n=100000):
    """Seconds per ym_score call (the C kernel alone, same hand n times)."""
    cdef ym_hand_t h
    cdef ym_score_t o
    cdef long i
    cdef clock_t t0, t1
    cdef int64_t acc = 0
    _fill_hand(&h, counts, reds, melds, win, flags, seat_wind, round_wind, dora, ura, kita, honba,
               riichi_sticks, pao)
    t0 = clock()
    with nogil:
        for i in range(n):
            ym_score(&rules.r, &h, &o)
            acc += o.points
    t1 = clock()
    if acc < 0:
        raise RuntimeError("unreachable")
    return (<double>(t1 - t0) / CLOCKS_PER_SEC) / n
