# Native scoring glue (included at the end of _core.pyx). See csrc/ym_score.h.
#
# CompiledRules: a yakuman.rules.Rules compiled once into the packed C struct (ym_rules_t);
# compiled_rules(rules) caches them. _score_native(...) takes already-parsed inputs (34 counts,
# meld (type, lowest kind) pairs, kinds), calls ym_score and returns plain values (a tuple
# whose fields are named by SCORE_FIELDS). Malformed input raises yakuman.errors; a non-win is
# a status. The yaku mask uses the bits of yakuman.yaku.Yaku (0-54 = Tenhou yaku ids).
# score() / _score_public return the lazy Score of _core_result.pxi (the native result held by
# value, its lists made on first access); _score_eager builds the same 11 values at once (the
# test oracle).

from libc.time cimport clock_t, clock, CLOCKS_PER_SEC
from libc.stdint cimport int8_t, int16_t, int32_t, uint16_t, uint64_t

cdef extern from "ym_score.h" nogil:
    ctypedef struct ym_rules_t:
        uint8_t players, aka_dora, kuitan, kiriage_mangan, kazoe, double_yakuman
        uint8_t yakuman_stacking, yakuman_cap, renhou, ryanhan_shibari, open_pinfu_fu
        uint8_t tsumo_pinfu, rinshan_tsumo_fu, double_wind_pair_fu, chiitoitsu_fu
        uint8_t green_requires_hatsu, junryokuisou_double, tsuuiisou_chiitoitsu
        uint8_t chuuren_manzu_only, tenhou_multiplier, haitei_with_rinshan
        uint8_t daisharin_any_suit, shiisanputa_mangan, shiisanputa_honor_pair
        uint8_t touhoku_souzu_only, pao_yakuman, pao_whole_hand, daiminkan_rinshan_pao
        uint8_t tsumo_loss, aotenjou, open_riichi, open_riichi_sashikomi, paarenchan
        uint8_t paarenchan_needs_yaku
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
        uint8_t yaku_ext
        uint8_t han_ext[3]
        uint8_t han_of[64]
        int han, fu, yakuman, kazoe, limit, dora, ura, aka, kita
        int32_t base, points
        ym_payment_t pay
        uint8_t n_fu
        ym_fu_item_t fu_items[12]
        uint8_t n_groups
        ym_group_t groups[7]
        uint8_t win_group

    enum:
        YM_R_RIICHI_OPEN
        YM_R_IPPATSU_RINSHAN
        YM_R_TENHOU
        YM_R_CHIIHOU
        YM_R_RENHOU
        YM_R_RINSHAN_NO_KAN
        YM_R_CHANKAN_COPIES
        YM_R_NOT_COMPLETE
        YM_R_NO_YAKU
        YM_R_SHIBARI

    int ym_score(const ym_rules_t *rules, const ym_hand_t *hand, ym_score_t *out)
    int ym_score_ex(const ym_rules_t *rules, const ym_hand_t *hand, ym_score_t *out, int lite)
    int ym_score_ex_wins(const ym_rules_t *rules, const ym_hand_t *hand, const uint8_t *wins, int n,
                         ym_score_t *out, int *status, int lite)
    ctypedef struct ym_u128_t:
        uint32_t w[4]
    ctypedef struct ym_wide_pay_t:
        ym_u128_t base, points, discarder, dealer, non_dealer, liable, honba, sticks, total
        uint8_t n_non_dealer
    int ym_aotenjou_payments(const ym_rules_t *r, int han, int fu, int dealer, int tsumo, int honba,
                             int riichi_sticks, int liable, ym_wide_pay_t *out)
    int ym_aotenjou_hand_pao(const ym_rules_t *r, const ym_score_t *o, const ym_hand_t *h)
    enum:
        YM_AOTENJOU_MAX_HAN
    ctypedef struct ym_score_cols_t:
        const uint8_t *counts
        const uint8_t *reds
        const int8_t *meld_type
        const uint8_t *meld_tile
        const uint8_t *meld_reds
        const uint8_t *win
        const uint8_t *win_red
        const uint16_t *flags
        const uint8_t *seat_wind
        const uint8_t *round_wind
        const uint8_t *dora
        const uint8_t *n_dora
        const uint8_t *ura
        const uint8_t *n_ura
        const uint8_t *kita
        const uint16_t *honba
        const uint16_t *riichi_sticks
        uint8_t *status
        uint8_t *reason
        int16_t *han
        int16_t *fu
        uint8_t *yakuman
        uint8_t *limit
        int32_t *points
        int32_t *from_discarder
        int32_t *from_dealer
        int32_t *from_non_dealer
        int32_t *from_liable
        int32_t *total
        uint64_t *yaku
        uint8_t *out_kita
        uint8_t *yaku_ext
    void ym_score_row(const ym_rules_t *rules, const ym_score_cols_t *cols, size_t i)
    int ym_check_score_full(const ym_rules_t *rules, const ym_hand_t *hand, const uint8_t *reds3,
                            const uint8_t *meld_reds, int win_red, ym_score_t *out)
    const char *ym_reason_text(int reason)

cdef extern from "ym_check.h" nogil:
    int ym_check_win(const ym_rules_t *r, const ym_hand_t *h, const uint8_t *reds3,
                     const uint8_t *meld_reds, int win_red)
    int ym_check_flags(unsigned flags, int seat_wind)

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
F_OPEN_RIICHI = 1 << 11      # rules.open_riichi: riichi / double riichi one han more
F_SASHIKOMI = 1 << 12        # rules.open_riichi_sashikomi: a ron on an open riichi by a discarder not in riichi
F_PAARENCHAN_SHIFT = 13      # bits 13-15: the paarenchan count 0..7 (yakuman multiples)
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
    "yaku_mask",   # int, bits of yakuman.yaku.Yaku (dora bits set when counted; ura on riichi wins)
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

_DY_BITS = {"suuankou_tanki": 1, "kokushi_13": 2, "junsei_chuuren": 4, "daisuushii": 8}
_LOCAL_BITS = {"sanrenkou": 1, "isshoku_sanjun": 2, "daisharin": 4, "suurenkou": 8,
               "isshoku_yonjun": 16, "hyakuman_goku": 32, "beni_kujaku": 64,
               "touhoku_shinkansen": 128, "shiisanputa": 256, "daichisei": 512}
_PAO_BITS = {"daisangen": 1, "daisuushii": 2, "suukantsu": 4}

include "_core_result.pxi"


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
        r.haitei_with_rinshan = rules.haitei_with_rinshan
        r.daisharin_any_suit = rules.daisharin_any_suit
        r.shiisanputa_mangan = rules.shiisanputa_value == "mangan"
        r.shiisanputa_honor_pair = rules.shiisanputa_honor_pair
        r.touhoku_souzu_only = rules.touhoku_souzu_only
        r.pao_yakuman = sum(_PAO_BITS[k] for k in rules.pao_yakuman)
        r.pao_whole_hand = rules.pao_scope == "whole_hand"
        r.daiminkan_rinshan_pao = rules.daiminkan_rinshan_pao
        r.tsumo_loss = rules.tsumo_loss
        r.aotenjou = rules.aotenjou
        r.open_riichi = rules.open_riichi
        r.open_riichi_sashikomi = rules.open_riichi_sashikomi
        r.paarenchan = rules.paarenchan
        r.paarenchan_needs_yaku = rules.paarenchan_needs_yaku
        r.local_yaku = sum(_LOCAL_BITS[k] for k in rules.local_yaku)
        r.honba_ron = rules.honba_ron
        r.honba_tsumo_each = rules.honba_tsumo_each

    def __repr__(self):
        return f"CompiledRules({self.rules!r})"


_COMPILED = {}


cdef dict _COMPILED_BY_ID = {}   # id(rules) -> (rules, CompiledRules): hashing a Rules costs ~0.6 us


cdef CompiledRules _SC_DEFAULT_RULES = None   # compiled_rules(None), set on its first call


def compiled_rules(rules=None):
    """The CompiledRules of `rules` (None = Rules.tenhou()), cached per Rules object and per
    distinct Rules value."""
    return _compiled_rules_c(rules)


cdef CompiledRules _compiled_rules_c(object rules):
    global _SC_DEFAULT_RULES
    cdef CompiledRules cr
    if rules is None and _SC_DEFAULT_RULES is not None:
        return _SC_DEFAULT_RULES
    hit = _COMPILED_BY_ID.get(id(rules))
    if hit is not None and (<tuple>hit)[0] is rules:
        return (<tuple>hit)[1]
    cr = _compiled_by_value(rules)
    if len(_COMPILED_BY_ID) >= 64:
        _COMPILED_BY_ID.clear()
    _COMPILED_BY_ID[id(rules)] = (rules, cr)   # the entry keeps `rules` alive, so the id stays its own
    if rules is None:
        _SC_DEFAULT_RULES = cr
    return cr


cdef CompiledRules _compiled_by_value(rules):
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


from yakuman.errors import InvalidContextError as _InvalidContextError
from yakuman.errors import InvalidMeldError as _InvalidMeldError

cdef tuple _SC_LIMITS = LIMIT_NAMES
cdef tuple _SC_FORMS = FORM_NAMES
cdef tuple _SC_WAITS = WAIT_NAMES
cdef tuple _SC_GROUPS = GROUP_NAMES
cdef dict _SC_MELD_CODES = MELD_CODES


cdef long _sc_int(object v, str what) except? -999:
    """A Python int as a C long; out-of-range values come back as -2 or 100000 (callers
    range-check), non-integers raise."""
    cdef long x
    if type(v) is not int:
        try:
            v = v.__index__()
        except (AttributeError, TypeError):
            raise InvalidTilesError(f"{what} must be an integer, not {_rep(v)}") from None
    try:
        x = v
    except OverflowError:
        return -2 if v < 0 else 100000
    return x


cdef inline long _sc_item(object seq, Py_ssize_t i, int kind, str what) except? -999:
    """seq[i] as a C long; kind 1 = list, 2 = tuple (borrowed fast path), 0 = any sequence."""
    cdef long x
    if kind:
        x = _borrowed_long(ym_list_item(seq, i) if kind == 1 else ym_tuple_item(seq, i))
        if x != NOT_AN_INT:
            return x
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
                raise _InvalidMeldError(f"unknown meld kind {_rep(mkind)} - at melds[{i}]")
            mkind = _SC_MELD_CODES[mkind]
        v = _sc_int(mkind, f"melds[{i}] type")
        if v < 0 or v > 4:
            raise _InvalidMeldError(f"meld type {v} outside 0..4 - at melds[{i}]")
        h.meld_type[i] = <uint8_t>v
        v = _sc_int(tile, f"melds[{i}] tile kind")
        if v < 0 or v > 33:
            raise _InvalidMeldError(f"meld tile kind {v} outside 0..33 - at melds[{i}]")
        h.meld_tile[i] = <uint8_t>v
    if not 0 <= flags < 1 << 16:
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


cdef tuple _score_tuple(const ym_score_t *o, int seat, int rnd):
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
        fu.append((_fu_label(it.code, it.tile, seat, rnd), it.fu))
    cdef list groups = []
    for i in range(o.n_groups):
        groups.append((_SC_GROUPS[o.groups[i].type], o.groups[i].tile, o.groups[i].open != 0))
    pay = (o.pay.discarder, o.pay.dealer, o.pay.non_dealer, o.pay.n_non_dealer, o.pay.liable,
           o.pay.honba, o.pay.sticks, o.pay.total)
    return (o.status, ym_reason_text(o.reason).decode() if o.reason else "", o.yaku, tuple(yaku),
            o.han, o.fu, tuple(fu), o.yakuman, o.kazoe, _SC_LIMITS[o.limit], o.points, pay,
            (o.dora, o.ura, o.aka, o.kita), _SC_FORMS[o.form], _SC_WAITS[o.wait], tuple(groups),
            o.win_group if o.win_group != 255 else -1, o.base)


def _score_native(CompiledRules rules not None, counts, reds, melds, int win, int flags=0, int seat_wind=0,
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
    return _score_tuple(&o, seat_wind, round_wind)


def _score_wins_lite(CompiledRules rules not None, counts, reds, melds, wins, int flags=0, int seat_wind=0,
                     int round_wind=0, dora=(), ura=(), int kita=0, int honba=0, int riichi_sticks=0,
                     int lite=3, bint shared=True):
    """The totals of scoring one hand with each winning kind of ``wins`` (at most 34) by the scorer's
    lite path (1-3): with ``shared``, one ym_score_ex_wins call (the work that does not depend on the
    winning kind done once, as the expected-value search scores its wins); else ym_score_ex per
    kind. A list of (status, reason, han, fu, yakuman, kazoe, limit, base, points, yaku) per kind
    (tests compare the two)."""
    cdef ym_hand_t h
    cdef ym_score_t o[34]
    cdef int st[34]
    cdef uint8_t w[34]
    cdef int i, n = len(wins)
    if not 0 < n <= 34 or not 1 <= lite <= 3:
        raise InvalidArgumentError("_score_wins_lite: 1 to 34 winning kinds, lite 1 to 3")
    for i in range(n):
        w[i] = wins[i]
    _fill_hand(&h, counts, reds, melds, w[0], flags, seat_wind, round_wind, dora, ura, kita, honba,
               riichi_sticks, 0)
    if shared:
        ym_score_ex_wins(&rules.r, &h, w, n, o, st, lite)
    else:
        for i in range(n):
            h.win = w[i]
            st[i] = ym_score_ex(&rules.r, &h, &o[i], lite)
    return [(st[i], o[i].reason, o[i].han, o[i].fu, o[i].yakuman, o[i].kazoe, o[i].limit, o[i].base,
             o[i].points, o[i].yaku) for i in range(n)]


def _score_native_timeit(CompiledRules rules not None, counts, reds, melds, int win, int flags=0,
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


# ---------------------------------------------------------------------------------------------
# The public score() fast path: validate the common input forms in place and build the Score.
# Anything unusual or malformed returns None, and yakuman.scoring then runs the full Python
# validation (parse_request), which raises the precise error; so error messages live in one place.

cdef dict _SC_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
cdef dict _SC_MELD_CACHE = {}
cdef object _SC_RESULT = None     # (Score, Payment, Status, YAKU_BY_BIT, Meld) once imported

cdef object _sc_result_types():
    global _SC_RESULT
    if _SC_RESULT is None:
        from yakuman.result import Payment, Score, Status
        from yakuman.yaku import Yaku
        from yakuman.hand import Meld
        by_bit = tuple(Yaku(1 << b) for b in range(70))
        statuses = tuple(Status(i) for i in range(5))
        global _SC_STATUSES
        _SC_STATUSES = statuses
        _SC_RESULT = (Score, Payment, Status, by_bit, Meld, statuses)
    return _SC_RESULT


# decomposition strings, built once: pairs and triplets by kind, runs by lowest kind
cdef tuple _SC_PAIR_STR = tuple(f"{t % 9 + 1}{t % 9 + 1}{'mpsz'[t // 9]}" for t in range(34))
cdef tuple _SC_TRIP_STR = tuple(f"{t % 9 + 1}{t % 9 + 1}{t % 9 + 1}{'mpsz'[t // 9]}" for t in range(34))
cdef tuple _SC_RUN_STR = tuple(f"{t % 9 + 1}{t % 9 + 2}{t % 9 + 3}{'mpsz'[t // 9]}" if t < 27 and t % 9 < 7
                               else "" for t in range(34))
cdef dict _SC_MELD_STR = {}
cdef dict _SC_FU_ITEM_CACHE = {}     # (label, fu) tuples, shared between results (immutable)
cdef dict _SC_YAKU_CACHE = {}        # (Yaku, han) tuples, likewise


cdef inline object _yaku_entry(tuple by_bit, int b, int han):
    cdef int key = b * 256 + han
    entry = _SC_YAKU_CACHE.get(key)
    if entry is None:
        entry = (by_bit[b], han)
        _SC_YAKU_CACHE[key] = entry
    return entry
cdef object _sc_tuple_new = tuple.__new__


cdef int _sc_single_tile(object tile, bint aka, int *kind, int *red):
    """One tile (mpsz like '5m'/'0m' or a 136-id) -> kind and red flag; 0 = ok, -1 = unusual."""
    cdef Py_UCS4 d, s
    cdef long v
    if type(tile) is str:
        if len(<str>tile) != 2:
            return -1
        d = (<str>tile)[0]
        s = (<str>tile)[1]
        if d < u'0' or d > u'9':
            return -1
        v = <long>d - 48
        if s == u'z':
            if v < 1 or v > 7:
                return -1
            kind[0] = 26 + v
            red[0] = 0
            return 0
        if s == u'm':
            v = v if v else 5
            kind[0] = v - 1
        elif s == u'p':
            v = v if v else 5
            kind[0] = 9 + v - 1
        elif s == u's':
            v = v if v else 5
            kind[0] = 18 + v - 1
        else:
            return -1
        red[0] = 1 if (aka and d == u'0') else 0
        return 0
    if type(tile) is int:
        if tile < 0 or tile > 135:   # compared as a Python int: no overflow on a huge value
            return -1
        v = tile
        kind[0] = v >> 2
        red[0] = 1 if (aka and (v == 16 or v == 52 or v == 88)) else 0
        return 0
    return -1


cdef int _sc_indicators(object value, uint8_t *out, int *n, bint sanma, bint aka):
    """Indicator tiles (mpsz string or a list of tiles) -> kinds; 0 = ok, -1 = unusual (a red
    five '0' under rules without red fives included)."""
    cdef uint8_t c[34]
    cdef uint8_t r[3]
    cdef int i, k, red, cnt = 0
    n[0] = 0
    if value is None:
        return 0
    if type(value) is str:
        try:
            _parse_mpsz(<str>value, c, r)
        except InvalidTilesError:
            return -1
        if not aka and (r[0] or r[1] or r[2]):
            return -1
        for k in range(34):
            for i in range(c[k]):
                if cnt >= 5:
                    return -1
                out[cnt] = <uint8_t>k
                cnt += 1
    elif type(value) is list or type(value) is tuple:
        if len(value) > 5:
            return -1
        for tile in value:
            if _sc_single_tile(tile, type(tile) is str, &k, &red) < 0 or (red and not aka):
                return -1
            out[cnt] = <uint8_t>k
            cnt += 1
    else:
        return -1
    if sanma:
        for i in range(cnt):
            if 1 <= out[i] <= 7:
                return -1
    n[0] = cnt
    return 0


cdef object _sc_meld(object m):
    """Meld object for a meld string or Meld (cached for strings); None when it does not parse."""
    cdef object Meld = (<tuple>_sc_result_types())[4]
    if type(m) is Meld:
        return m
    if type(m) is str:
        cached = _SC_MELD_CACHE.get(m)
        if cached is not None:
            return cached
        try:
            cached = Meld.parse(m)
        except ValueError:
            return None
        if len(_SC_MELD_CACHE) >= 4096:
            _SC_MELD_CACHE.clear()
        _SC_MELD_CACHE[m] = cached
        return cached
    return None


cdef dict _SC_MELD_CODE = {}   # meld string -> type | lowest kind << 3 | reds << 9 (cached parse)


cdef int _sc_meld_code(object m) except -2:
    """A meld (string or Meld) as type | lowest kind << 3 | red fives << 9; -1 = unusual (the
    full path words the error)."""
    cdef object code
    cdef object Meld
    if type(m) is str:
        code = _SC_MELD_CODE.get(m)
        if code is not None:
            return <int>code
    Meld = (<tuple>_sc_result_types())[4]
    if type(m) is not str and type(m) is not Meld:
        return -1
    mm = _sc_meld(m)
    if mm is None:
        return -1
    c = _SC_MELD_CODES[mm.kind] | (<int>mm.tiles[0]) << 3 | (<int>mm.reds) << 9
    if type(m) is str:
        if len(_SC_MELD_CODE) >= 4096:
            _SC_MELD_CODE.clear()
        _SC_MELD_CODE[m] = c
    return c


cdef int _sc_ids_list(object hand, object win, uint8_t *c, uint8_t *reds, bint aka) noexcept:
    """The common form, a list of up to 18 exact-int 136-ids (not 34 counts) with an int winning
    id: parsed here -> the tile count; -2 = refused (the winning id missing, or the ids do not
    parse: the full path words it); -1 = another form (load_tiles reads it). The ids are read by
    address when they are the interpreter's cached ints (ym_args_ids; the winning id is one of
    them by identity then), else one by one (ym_parse_136)."""
    cdef int64_t buf[18]
    cdef ym_parse_err_t e
    cdef Py_ssize_t i, n
    cdef PyObject *p
    cdef void *const *items
    cdef long v, w
    cdef bint found = False
    if type(hand) is not list or type(win) is not int:
        return -1
    n = PyList_GET_SIZE(hand)
    if n > 18 or n == 0:
        return -1
    items = ym_seq_items(hand)
    if ym_args_ids(&_ints, items, n, aka, c, reds) >= 0:
        for i in range(n):
            if items[i] == <void *>win:
                return <int>n
        # the winning id is not among the ids, or it is an int object that is not the cached one
    w = _borrowed_long(<PyObject *>win)
    for i in range(n):
        p = ym_list_item(hand, i)
        v = _borrowed_long(p)
        if v == NOT_AN_INT or v < 0 or v > 135:
            return -1
        buf[i] = v
        found |= v == w
    if not found:
        return -2
    if ym_parse_136(buf, n, aka, c, reds, &e) < 0:
        return -2
    return <int>n


cdef inline int _sc_wind(object w) noexcept:
    """E/S/W/N or 0..3 -> 0..3; -1 = unusual."""
    cdef Py_UCS4 ch
    if type(w) is str:
        if len(<str>w) != 1:
            return -1
        ch = (<str>w)[0]
        return 0 if ch == u'E' else 1 if ch == u'S' else 2 if ch == u'W' else 3 if ch == u'N' else -1
    if type(w) is int:
        return <int>w if 0 <= w <= 3 else -1
    return -1


def _score_public(CompiledRules cr not None, hand, win, melds, int flags, seat_wind, round_wind, dora, ura,
                  kita, honba, riichi_sticks, int pao=0, bint eager=False):
    """score() for well-formed input in the usual forms: a Score, or None to take the full
    validation path (which raises on malformed input). ``eager``: the 11 field values built at
    once, as a tuple (the test oracle of the lazy Score)."""
    return _score_public_c(cr, hand, win, melds, flags, seat_wind, round_wind, dora, ura, kita, honba,
                           riichi_sticks, pao, eager)


cdef object _score_public_c(CompiledRules cr, object hand, object win, object melds, int flags,
                            object seat_wind, object round_wind, object dora, object ura, object kita,
                            object honba, object riichi_sticks, int pao, bint eager):
    """Parsing happens here; the accept/reject decision is ym_check_win's (the C twin of
    parse_request)."""
    cdef ym_hand_t h
    cdef ym_score_t o
    cdef uint8_t c[34]
    cdef uint8_t reds[3]
    cdef uint8_t meld_reds[4]
    cdef int i, k, n, wk = 0, wred = 0, seat, rnd, nd = 0, nu = 0, code
    cdef long nkita, nhonba, nsticks
    cdef bint aka = cr.r.aka_dora > 0
    cdef bint sanma = cr.r.players == 3
    memset(&h, 0, sizeof(ym_hand_t))
    # --- tiles
    n = _sc_ids_list(hand, win, c, reds, aka)
    if n == -2:
        return None   # 136-ids without the winning id, or not a valid hand of ids
    if n == -1:
        try:
            n = load_tiles(hand, c, reds, aka)
        except InvalidTilesError:
            return None
        if type(win) is int and type(hand) is not str and win_id_missing(hand, win):
            return None
    if not aka and (reds[0] or reds[1] or reds[2]):
        return None   # a red five '0' under rules without red fives: the full path words the error
    if _sc_single_tile(win, aka or type(win) is str, &wk, &wred) < 0:
        return None
    if wred and not aka:
        return None
    # --- melds
    if type(melds) is str:
        melds = (melds,)
    elif type(melds) is not tuple and type(melds) is not list:
        return None
    k = len(melds)
    if k > 4:
        return None
    for i in range(k):
        code = _sc_meld_code(melds[i])
        if code < 0:
            return None
        h.meld_type[i] = <uint8_t>(code & 7)
        h.meld_tile[i] = <uint8_t>((code >> 3) & 63)
        meld_reds[i] = <uint8_t>(code >> 9)   # the check refuses red fives under rules without them
    h.n_melds = <uint8_t>k
    # --- numbers, winds, indicators
    if type(kita) is not int or type(honba) is not int or type(riichi_sticks) is not int:
        return None
    nkita = _borrowed_long(<PyObject *>kita)      # -1 and a huge int read as NOT_AN_INT (< 0): refused here
    nhonba = _borrowed_long(<PyObject *>honba)
    nsticks = _borrowed_long(<PyObject *>riichi_sticks)
    if not (0 <= nkita <= 255 and 0 <= nhonba <= 65535 and 0 <= nsticks <= 65535):
        return None
    seat = _sc_wind(seat_wind)
    rnd = _sc_wind(round_wind)
    if seat < 0 or rnd < 0:
        return None
    if _sc_indicators(dora, h.dora, &nd, sanma, aka) < 0 or _sc_indicators(ura, h.ura, &nu, sanma, aka) < 0:
        return None
    memcpy(h.counts, c, 34)
    h.reds = <uint8_t>(reds[0] + reds[1] + reds[2])
    for i in range(k):
        h.reds += meld_reds[i]
    h.win = <uint8_t>wk
    h.seat_wind = <uint8_t>seat
    h.round_wind = <uint8_t>rnd
    h.n_dora = <uint8_t>nd
    h.n_ura = <uint8_t>nu
    h.kita = <uint8_t>nkita
    h.honba = <uint16_t>nhonba
    h.riichi_sticks = <uint16_t>nsticks
    h.flags = <uint16_t>flags
    h.pao = <uint8_t>pao
    # --- check (ym_check_win's decision) and score, the work the two share done once
    if ym_check_score_full(&cr.r, &h, reds, meld_reds, wred, &o) != 0:
        return None
    if o.status == 4:
        return None
    if eager:
        return _score_eager(&o, melds, c, reds, seat, rnd, wk)
    if _SC_STATUSES is None:
        _sc_result_types()
    if cr.r.aotenjou and o.status == 0:
        return _aotenjou_score(&cr.r, &o, &h)
    return _lazy_score(&o, &h)


cdef object _u128(const ym_u128_t *x):
    return x.w[0] | (<object>x.w[1]) << 32 | (<object>x.w[2]) << 64 | (<object>x.w[3]) << 96


def _aotenjou_amounts(CompiledRules cr not None, int han, int fu, bint dealer, bint tsumo, int honba=0,
                      int riichi_sticks=0, bint liable=False):
    """The exact aotenjou amounts (ym_aotenjou_payments) as Python ints: (base, points, discarder,
    dealer, non_dealer, n_non_dealer, liable, honba, sticks, total)."""
    cdef ym_wide_pay_t w
    if ym_aotenjou_payments(&cr.r, han, fu, dealer, tsumo, honba, riichi_sticks, liable, &w):
        raise _InvalidContextError(f"aotenjou amounts need han 0..{YM_AOTENJOU_MAX_HAN} and fu 0..1000, "
                                   f"not {han} han {fu} fu")
    return (_u128(&w.base), _u128(&w.points), _u128(&w.discarder), _u128(&w.dealer), _u128(&w.non_dealer),
            w.n_non_dealer, _u128(&w.liable), _u128(&w.honba), _u128(&w.sticks), _u128(&w.total))


cdef object _aotenjou_score(const ym_rules_t *r, const ym_score_t *o, const ym_hand_t *h):
    """A won hand under aotenjou: the native Score with its points and payment replaced by the
    exact amounts (Python ints) and no limit."""
    cdef ym_wide_pay_t w
    cdef Score s = _lazy_score(o, h)
    cdef bint pao = ym_aotenjou_hand_pao(r, o, h)
    if ym_aotenjou_payments(r, o.han, o.fu, h.seat_wind == 0, h.flags & 1, h.honba, h.riichi_sticks, pao, &w):
        raise _InvalidContextError(f"an aotenjou hand of {o.han} han is beyond the exact range "
                                   f"(0..{YM_AOTENJOU_MAX_HAN} han)")
    Payment = (<tuple>_sc_result_types())[1]
    pay = _sc_tuple_new(Payment, (_u128(&w.discarder), _u128(&w.dealer), _u128(&w.non_dealer), _u128(&w.total),
                                  _u128(&w.liable)))
    return s._replace(limit=None, points=_u128(&w.points), payment=pay)


cdef tuple _SC_FU_WORDS = ("futei", "menzen ron", "tsumo", "kanchan", "penchan", "tanki", "pair",
                           "minkou", "ankou", "minkan", "ankan", "open pinfu ron", "rounding", "chiitoitsu",
                           "aotenjou kokushi")


cdef str _fu_label(int code, int t, int seat, int rnd):
    """Fu item labels as the reference words them (romaji; sets and pairs name their tiles)."""
    cdef str word = _SC_FU_WORDS[code]
    if t >= 34 or code < 6:
        return word
    cdef str digit = str(t % 9 + 1)
    cdef str suit = "mpsz"[t // 9]
    if code == 6:
        kind = ("dragon" if t >= 31 else "double wind" if t == 27 + seat and t == 27 + rnd
                else "seat wind" if t == 27 + seat else "round wind")
        return f"pair {digit * 2}{suit} ({kind})"
    return f"{word} {digit * (4 if code >= 9 else 3)}{suit}"


cdef int _yaku_pairs(uint64_t yaku, const uint8_t *han_of, int form, int kita, int yakuman,
                     int *bits, int *hans, int ext=0, const uint8_t *han_ext=NULL) noexcept:
    """The yaku of a win as (bit, han) pairs into ``bits`` / ``hans`` (room for 70): yaku in bit
    order, then dora, aka, ura, kita (Tenhou's order); tsuuiisou as seven honor pairs (x2) is bit
    65, kita bit 64. The local rules' yaku (``ext``, YM_X_*): open riichi in the place of riichi
    (bit 66, 2 han) or double riichi (bit 67, 3 han); sashikomi (68) and paarenchan (69) after the
    other yakuman, with their han from ``han_ext``. The one reading of a scorer result's yaku (a
    Score, the engine's hora)."""
    cdef int b, m = 0
    cdef uint64_t msk = yaku & ~(<uint64_t>7 << 52)
    while msk:
        b = 0
        while not (msk >> b) & 1:
            b += 1
        if b == 42 and form == 1 and han_of[42] == 26:   # tsuuiisou as seven honor pairs, x2
            bits[m], hans[m] = 65, 26
        elif (b == 1 or b == 21) and ext & 1:              # open (double) riichi
            bits[m], hans[m] = 66 if b == 1 else 67, han_of[b] + 1
        else:
            bits[m], hans[m] = b, han_of[b]
        m += 1
        msk &= msk - 1
    if ext & 2:
        bits[m], hans[m] = 68, han_ext[1] if han_ext != NULL else 13
        m += 1
    if ext & 4:
        bits[m], hans[m] = 69, han_ext[2] if han_ext != NULL else 13
        m += 1
    for b in (52, 54, 53):
        if (yaku >> b) & 1:
            bits[m], hans[m] = b, han_of[b]
            m += 1
    if kita:   # (the scorer reports no kita on a yakuman hand but under aotenjou)
        bits[m], hans[m] = 64, kita
        m += 1
    return m


cdef list _yaku_list(const ym_score_t *o):
    """The yaku of a win as (Yaku, han) (see _yaku_pairs); the entries are shared tuples
    (immutable), the list is new."""
    cdef tuple by_bit = (<tuple>_sc_result_types())[3]
    cdef int bits[70]
    cdef int hans[70]
    cdef int j, m = _yaku_pairs(o.yaku, o.han_of, o.form, o.kita, o.yakuman, bits, hans, o.yaku_ext, o.han_ext)
    return [_yaku_entry(by_bit, bits[j], hans[j]) for j in range(m)]


cdef list _fu_list(const ym_score_t *o, int seat, int rnd):
    """The fu items of a win as (label, fu) (shared tuples, a new list)."""
    cdef int i, key
    cdef const ym_fu_item_t *it
    cdef list fu = []
    for i in range(o.n_fu):
        it = &o.fu_items[i]
        key = (((it.code * 256 + it.tile) * 4 + seat) * 4 + rnd) * 256 + it.fu
        item = _SC_FU_ITEM_CACHE.get(key)
        if item is None:
            item = (_fu_label(it.code, it.tile, seat, rnd), it.fu)
            _SC_FU_ITEM_CACHE[key] = item
        fu.append(item)
    return fu


cdef object _payment_of(const ym_score_t *o):
    cdef object Payment = (<tuple>_sc_result_types())[1]
    if o.status != 0:
        return _sc_tuple_new(Payment, (0, 0, 0, 0, 0))
    return _sc_tuple_new(Payment, (o.pay.discarder, o.pay.dealer, o.pay.non_dealer, o.pay.total, o.pay.liable))


cdef tuple _score_eager(const ym_score_t *o, object melds, const uint8_t *c, const uint8_t *reds,
                        int seat, int rnd, int win):
    """The native result as the 11 fields of a Score, every one built at once: how results were
    made before the lazy Score (kept as the test oracle of the lazy fields, ``_score_public(...,
    eager=True)``)."""
    cdef tuple types = _sc_result_types()
    cdef object Payment = types[1]
    cdef tuple statuses = types[5]
    if o.status != 0:
        return (statuses[o.status], _status_reason(o, win), [], 0, 0, [], None, 0, 0,
                _sc_tuple_new(Payment, (0, 0, 0, 0, 0)), ())
    return (statuses[0], "", _yaku_list(o), o.han, o.fu, _fu_list(o, seat, rnd), _SC_LIMITS[o.limit],
            o.yakuman, o.points, _payment_of(o), _decomposition(o, melds, c, reds))


cdef str _status_reason(const ym_score_t *o, int win):
    """The reason of a non-win, worded as yakuman._reference.score words it (tested equal)."""
    cdef int r = o.reason
    if r == YM_R_RIICHI_OPEN:
        return "riichi on an open hand (riichi needs a closed hand; an ankan keeps it closed)"
    if r == YM_R_IPPATSU_RINSHAN:
        return "ippatsu with rinshan (the winner's own kan ended the ippatsu chance)"
    if r == YM_R_TENHOU or r == YM_R_CHIIHOU or r == YM_R_RENHOU:
        which = "tenhou" if r == YM_R_TENHOU else "chiihou" if r == YM_R_CHIIHOU else "renhou"
        return f"{which} with a meld (it needs the untouched first hand, no call or ankan)"
    if r == YM_R_RINSHAN_NO_KAN:
        return "rinshan without a kan (or, in three-player mahjong, a kita)"
    if r == YM_R_CHANKAN_COPIES:
        return (f"chankan on {TILE_NAMES[win]} while the winner holds other copies of it "
                f"(the kan player has the other three)")
    if r == YM_R_NOT_COMPLETE:
        return "not a complete hand: no reading as 4 sets and a pair, seven pairs or kokushi"
    if r == YM_R_NO_YAKU:
        return "no yaku (dora, aka dora and ura dora are not yaku)"
    if r == YM_R_SHIBARI:
        return "ryanhan shibari: 2 han from yaku are needed at 5 or more honba (dora do not count)"
    return ym_reason_text(r).decode()


cdef tuple _decomposition(const ym_score_t *o, object melds, const uint8_t *c, const uint8_t *reds):
    cdef int i, t, typ
    cdef list out = []
    if o.form == 2 or o.form == 3:   # kokushi / shiisanputa: the whole hand
        return (to_mpsz_counts(c),)
    cdef int n_concealed = o.n_groups - (len(melds) if o.form == 0 else 0)
    for i in range(n_concealed):   # groups: pair first, concealed sets, then the melds
        typ = o.groups[i].type
        t = o.groups[i].tile
        out.append(_SC_PAIR_STR[t] if typ == 0 else _SC_RUN_STR[t] if typ == 1 else _SC_TRIP_STR[t])
    for m in melds:
        text = _SC_MELD_STR.get(m)
        if text is None:
            mm = _sc_meld(m)
            text = f"{mm.kind} {''.join(str(x % 9 + 1) for x in mm.tiles)}{'mpsz'[mm.tiles[0] // 9]}"
            if len(_SC_MELD_STR) >= 4096:
                _SC_MELD_STR.clear()
            _SC_MELD_STR[m] = text
        out.append(text)
    return tuple(out)


cdef str to_mpsz_counts(const uint8_t *c):
    cdef list parts = []
    cdef int s, r
    for s in range(4):
        digits = "".join(str(r + 1) * c[s * 9 + r] for r in range(9 if s < 3 else 7))
        if digits:
            parts.append(digits + "mpsz"[s])
    return "".join(parts)


cdef object _SC_SLOW = None


cdef inline bint _sc_flag(object value, int bit, int *flags) noexcept:
    """A situation flag: True sets the bit; False is plain; anything else is not (the full path
    checks it)."""
    if value is True:
        flags[0] |= 1 << bit
        return True
    return value is False


def score(hand, win, melds=(), *, tsumo=False, riichi=False, double_riichi=False, ippatsu=False,
          rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False,
          renhou=False, seat_wind="E", round_wind="E", dora=(), ura=(), kita=0, honba=0,
          riichi_sticks=0, rules=None, pao_seat=None, from_seat=None, open_riichi=False, sashikomi=False,
          paarenchan=0):
    """Score one winning hand; returns a :class:`yakuman.result.Score`.

    ``hand`` = the concealed tiles **including** the winning tile (mpsz, 136-ids or 34 counts);
    ``win`` = the winning tile (mpsz like ``"5m"``/``"0m"`` or a 136-id); ``melds`` as strings
    (``"chi 234m"``, ``"pon 777z"``, ``"minkan 5555s"``, ``"kakan 5555s"``, ``"ankan 1111p"``) or
    :class:`~yakuman.hand.Meld`; ``dora``/``ura`` = indicator tiles (``"1m4z"`` or a list of tiles;
    kan dora go in ``dora``). Indicators are physical tiles: with the hand, the melds and kita no
    kind may exceed four. ``ura`` counts only with ``riichi`` or ``double_riichi`` (ura dora are
    revealed only on a riichi win): without them the ura indicators are still checked (tiles,
    copies) and then count 0 han, with no URA_DORA entry in ``yaku``. Under rules without red fives
    (``rules.aka_dora = 0``, e.g. ``Rules.ema()``) a red five ``0`` anywhere raises; ``kita`` = sanma North tiles set aside; ``rules=None`` means
    ``Rules.tenhou()``. Pao (sekinin barai): ``pao_seat`` = the liable player and ``from_seat`` = the
    discarder on a ron, both relative to the winner (1 = next player, 2 = opposite, 3 = previous);
    the liability covers the yakuman of ``rules.pao_yakuman`` that the hand scores.

    The local rules of docs/rules.md 3.7 (each only when its rule knob is on, else the call
    raises): ``open_riichi=True`` with ``riichi`` or ``double_riichi`` (rules.open_riichi: one han
    more); ``sashikomi=True`` on a ron on that open riichi by a discarder not in riichi
    (rules.open_riichi_sashikomi: a yakuman); ``paarenchan=N`` (0..7) for the dealer's eighth or
    later consecutive win (rules.paarenchan: N yakuman, 13 han each; the engine passes 1).
    Under ``rules.aotenjou`` ``points`` and ``payment`` are exact Python ints for any han up to
    110 (base points fu x 2^(han + 2), no limit).

    Malformed input raises a :mod:`yakuman.errors` exception naming the problem and where; a
    legitimate non-win (not complete, no yaku, an impossible situation) is a Score whose status
    says so, with a reason.
    """
    global _SC_SLOW
    cdef int flags = 0
    cdef CompiledRules cr = None
    cdef bint plain = (_sc_flag(tsumo, 0, &flags) & _sc_flag(riichi, 1, &flags)
                       & _sc_flag(double_riichi, 2, &flags) & _sc_flag(ippatsu, 3, &flags)
                       & _sc_flag(rinshan, 4, &flags) & _sc_flag(chankan, 5, &flags)
                       & _sc_flag(haitei, 6, &flags) & _sc_flag(houtei, 7, &flags)
                       & _sc_flag(tenhou, 8, &flags) & _sc_flag(chiihou, 9, &flags)
                       & _sc_flag(renhou, 10, &flags))
    if plain and pao_seat is None and from_seat is None and open_riichi is False and sashikomi is False \
            and type(paarenchan) is int and paarenchan == 0:
        if rules is None and _SC_DEFAULT_RULES is not None:
            cr = _SC_DEFAULT_RULES
        else:
            try:
                cr = _compiled_rules_c(rules)
            except (TypeError, ValueError):
                cr = None
        if cr is not None:
            result = _score_public_c(cr, hand, win, melds, flags, seat_wind, round_wind, dora, ura, kita,
                                     honba, riichi_sticks, 0, False)
            if result is not None:
                return result
    if _SC_SLOW is None:
        from yakuman.scoring import score_checked
        _SC_SLOW = score_checked
    return _SC_SLOW(hand, win, melds, tsumo=tsumo, riichi=riichi, double_riichi=double_riichi,
                    ippatsu=ippatsu, rinshan=rinshan, chankan=chankan, haitei=haitei, houtei=houtei,
                    tenhou=tenhou, chiihou=chiihou, renhou=renhou, seat_wind=seat_wind,
                    round_wind=round_wind, dora=dora, ura=ura, kita=kita, honba=honba,
                    riichi_sticks=riichi_sticks, rules=rules, pao_seat=pao_seat, from_seat=from_seat,
                    open_riichi=open_riichi, sashikomi=sashikomi, paarenchan=paarenchan)



# ---- score() entry point: a vectorcall function with its own keyword reading ----------------
# Cython's generic argument parser costs more than the whole native scoring of a hand, so the
# public ``score`` is a METH_FASTCALL | METH_KEYWORDS builtin (``_score_vc``) that reads the
# positional arguments and the keyword names itself: the names are looked up by identity in a
# small open-addressing table of the interned parameter names (by equality when a caller's name
# is not the interned one), the eleven flags go straight to bits, the other values stay borrowed.
# Anything it does not read in place -- an unknown or repeated parameter, a flag that is not a
# bool, pao, arguments the fast path declines -- goes to the ``def score`` above (``_SCORE_DEF``),
# so the signature, the errors and every result are that function's.

cdef extern from "Python.h":
    ctypedef struct PyMethodDef:
        const char *ml_name
        void *ml_meth
        int ml_flags
        const char *ml_doc
    int METH_FASTCALL
    int METH_KEYWORDS
    object PyCFunction_NewEx(PyMethodDef *ml, object self, object module)
    PyObject *ym_tuple_item_p "PyTuple_GET_ITEM" (PyObject *, Py_ssize_t)
    Py_ssize_t ym_tuple_size_p "PyTuple_GET_SIZE" (PyObject *)
    Py_ssize_t PyObject_Hash(object) except -1
    PyObject *Py_True
    PyObject *Py_False

cdef extern from *:
    """
    #define ym_as_meth(f) ((void *)(f))
    /* a str's hash: the cached one (every keyword name a caller passes has been hashed) */
    static inline Py_hash_t ym_str_hash(PyObject *k) {
        Py_hash_t h = ((PyASCIIObject *)k)->hash;
        return h != -1 ? h : PyObject_Hash(k);
    }
    """
    void *ym_as_meth(void *f)
    Py_ssize_t ym_str_hash(PyObject *k) except? -1

# parameter order of the keywords: the 11 flags (their bit = the index), then the values
cdef tuple _SC_KW_NAMES = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                           "houtei", "tenhou", "chiihou", "renhou", "seat_wind", "round_wind", "dora", "ura",
                           "kita", "honba", "riichi_sticks", "rules", "pao_seat", "from_seat", "melds",
                           "hand", "win")
cdef enum:
    _SC_KW_TABLE = 64
cdef PyObject *_sc_kw_name[_SC_KW_TABLE]
cdef int _sc_kw_slot[_SC_KW_TABLE]
cdef object _SCORE_DEF = score   # the def above: every call _score_vc does not read in place


cdef void _sc_kw_init() except *:
    cdef int j, i
    memset(_sc_kw_name, 0, sizeof(_sc_kw_name))
    for j, name in enumerate(_SC_KW_NAMES):
        i = PyObject_Hash(name) & (_SC_KW_TABLE - 1)
        while _sc_kw_name[i] != NULL:
            i = (i + 1) & (_SC_KW_TABLE - 1)
        _sc_kw_name[i] = <PyObject *>name
        _sc_kw_slot[i] = j


cdef int _sc_kw_index(PyObject *k) except -2:
    """The parameter index of keyword name ``k`` (a str), -1 when it names no parameter."""
    cdef int i = ym_str_hash(k) & (_SC_KW_TABLE - 1), j
    while _sc_kw_name[i] != NULL:
        if _sc_kw_name[i] == k:
            return _sc_kw_slot[i]
        i = (i + 1) & (_SC_KW_TABLE - 1)
    for j in range(len(_SC_KW_NAMES)):   # an equal name that is not the interned object
        if <object>k == _SC_KW_NAMES[j]:
            return j
    return -1


cdef object _sc_call_def(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames):
    """The same call through the ``def score`` (its parser raises the usual TypeErrors)."""
    cdef Py_ssize_t i
    pos = tuple([<object>args[i] for i in range(nargs)])
    kw = {}
    if kwnames != NULL:
        for i in range(ym_tuple_size_p(kwnames)):
            kw[<object>ym_tuple_item_p(kwnames, i)] = <object>args[nargs + i]
    return _SCORE_DEF(*pos, **kw)


cdef object _score_vc(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames):
    cdef int flags = 0, j
    cdef Py_ssize_t i, nk = 0
    cdef PyObject *v
    cdef PyObject *val[10]   # seat_wind round_wind dora ura kita honba riichi_sticks rules pao_seat from_seat
    cdef PyObject *melds
    cdef CompiledRules cr
    if nargs < 2 or nargs > 3:
        return _sc_call_def(args, nargs, kwnames)
    melds = args[2] if nargs == 3 else <PyObject *>_SC_EMPTY
    val[0] = <PyObject *>_SC_E
    val[1] = <PyObject *>_SC_E
    val[2] = <PyObject *>_SC_EMPTY
    val[3] = <PyObject *>_SC_EMPTY
    val[4] = _small[0]
    val[5] = _small[0]
    val[6] = _small[0]
    val[7] = <PyObject *>None
    val[8] = <PyObject *>None
    val[9] = <PyObject *>None
    if kwnames != NULL:
        nk = ym_tuple_size_p(kwnames)
    for i in range(nk):
        j = _sc_kw_index(ym_tuple_item_p(kwnames, i))
        v = args[nargs + i]
        if j < 11:
            if j < 0 or (v != Py_True and v != Py_False):
                return _sc_call_def(args, nargs, kwnames)
            if v == Py_True:
                flags |= 1 << j
        elif j < 21:
            val[j - 11] = v
        elif j == 21 and nargs == 2:
            melds = v
        else:
            return _sc_call_def(args, nargs, kwnames)
    if val[8] != <PyObject *>None or val[9] != <PyObject *>None:
        return _sc_call_def(args, nargs, kwnames)
    if val[7] == <PyObject *>None and _SC_DEFAULT_RULES is not None:
        cr = _SC_DEFAULT_RULES
    else:
        try:
            cr = _compiled_rules_c(<object>val[7])
        except (TypeError, ValueError):
            return _sc_call_def(args, nargs, kwnames)
    result = _score_public_c(cr, <object>args[0], <object>args[1], <object>melds, flags, <object>val[0],
                             <object>val[1], <object>val[2], <object>val[3], <object>val[4], <object>val[5],
                             <object>val[6], 0, False)
    if result is not None:
        return result
    return _sc_call_def(args, nargs, kwnames)


cdef object _SC_E = "E"


cdef str _sc_doc_text(str doc):
    """The def's docstring without the signature line Cython embeds at its top."""
    if doc.startswith("score(") and "\n\n" in doc:
        return doc.split("\n\n", 1)[1]
    return doc


cdef tuple _SC_EMPTY = ()
_sc_kw_init()
cdef PyMethodDef _SCORE_METHOD
_SCORE_METHOD.ml_name = "score"
_SCORE_METHOD.ml_meth = ym_as_meth(<void *>_score_vc)
_SCORE_METHOD.ml_flags = METH_FASTCALL | METH_KEYWORDS
cdef bytes _SCORE_DOC = (b"score(hand, win, melds=(), *, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, "
              b"rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, "
              b"renhou=False, seat_wind='E', round_wind='E', dora=(), ura=(), kita=0, honba=0, "
              b"riichi_sticks=0, rules=None, pao_seat=None, from_seat=None, open_riichi=False, sashikomi=False, "
              b"paarenchan=0)\n--\n\n"
              + _sc_doc_text(score.__doc__).encode())
_SCORE_METHOD.ml_doc = _SCORE_DOC
import sys as _sys
# bound to the module, as a builtin of the module is (its __self__: pickle finds it by name)
score = PyCFunction_NewEx(&_SCORE_METHOD, _sys.modules[__name__], __name__)
del _sys

# ---------------------------------------------------------------------------------------------
# Batch scoring over columns (yakuman.batch.score_many): nogil, threads, nothing allocated per row.

from libc.stdint cimport int8_t as _i8, int16_t as _i16, uint16_t as _u16, int32_t as _i32


def _score_many(CompiledRules cr not None, dict cols not None, out, int workers):
    """Score every row of the columns (see yakuman.batch.score_many for the layout)."""
    cdef const uint8_t[:, ::1] counts = cols["counts"]
    cdef const uint8_t[:, ::1] reds = cols["reds"]
    cdef const _i8[:, ::1] meld_type = cols["meld_type"]
    cdef const uint8_t[:, ::1] meld_tile = cols["meld_tile"]
    cdef const uint8_t[:, ::1] meld_reds = cols["meld_reds"]
    cdef const uint8_t[::1] win = cols["win"]
    cdef const uint8_t[::1] win_red = cols["win_red"]
    cdef const _u16[::1] flags = cols["flags"]
    cdef const uint8_t[::1] seat_wind = cols["seat_wind"]
    cdef const uint8_t[::1] round_wind = cols["round_wind"]
    cdef const uint8_t[:, ::1] dora = cols["dora"]
    cdef const uint8_t[::1] n_dora = cols["n_dora"]
    cdef const uint8_t[:, ::1] ura = cols["ura"]
    cdef const uint8_t[::1] n_ura = cols["n_ura"]
    cdef const uint8_t[::1] kita = cols["kita"]
    cdef const _u16[::1] honba = cols["honba"]
    cdef const _u16[::1] riichi_sticks = cols["riichi_sticks"]
    cdef uint8_t[::1] o_status = out["status"]
    cdef uint8_t[::1] o_reason = out["reason"]
    cdef _i16[::1] o_han = out["han"]
    cdef _i16[::1] o_fu = out["fu"]
    cdef uint8_t[::1] o_yakuman = out["yakuman"]
    cdef uint8_t[::1] o_limit = out["limit"]
    cdef _i32[::1] o_points = out["points"]
    cdef _i32[::1] o_disc = out["from_discarder"]
    cdef _i32[::1] o_dealer = out["from_dealer"]
    cdef _i32[::1] o_nond = out["from_non_dealer"]
    cdef _i32[::1] o_liable = out["from_liable"]
    cdef _i32[::1] o_total = out["total"]
    cdef uint64_t[::1] o_yaku = out["yaku"]
    cdef uint8_t[::1] o_kita = out["kita"]
    cdef uint8_t[::1] o_yaku_ext = out["yaku_ext"]
    cdef Py_ssize_t n = counts.shape[0], i
    cdef ym_score_cols_t c
    if n == 0:
        return
    c.counts = &counts[0, 0]
    c.reds = &reds[0, 0]
    c.meld_type = &meld_type[0, 0]
    c.meld_tile = &meld_tile[0, 0]
    c.meld_reds = &meld_reds[0, 0]
    c.win = &win[0]
    c.win_red = &win_red[0]
    c.flags = &flags[0]
    c.seat_wind = &seat_wind[0]
    c.round_wind = &round_wind[0]
    c.dora = &dora[0, 0]
    c.n_dora = &n_dora[0]
    c.ura = &ura[0, 0]
    c.n_ura = &n_ura[0]
    c.kita = &kita[0]
    c.honba = &honba[0]
    c.riichi_sticks = &riichi_sticks[0]
    c.status = &o_status[0]
    c.reason = &o_reason[0]
    c.han = &o_han[0]
    c.fu = &o_fu[0]
    c.yakuman = &o_yakuman[0]
    c.limit = &o_limit[0]
    c.points = &o_points[0]
    c.from_discarder = &o_disc[0]
    c.from_dealer = &o_dealer[0]
    c.from_non_dealer = &o_nond[0]
    c.from_liable = &o_liable[0]
    c.total = &o_total[0]
    c.yaku = &o_yaku[0]
    c.out_kita = &o_kita[0]
    c.yaku_ext = &o_yaku_ext[0]
    with nogil:
        for i in prange(n, num_threads=workers, schedule="static"):
            ym_score_row(&cr.r, &c, <size_t>i)
