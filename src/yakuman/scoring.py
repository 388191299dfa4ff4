"""Public scoring entry point: :func:`score` (docs/design.md section 4).

``score`` (defined in the native glue, ``_core_score.pxi``) runs the native core. Well-formed input in the usual forms is validated in place by the
native glue (``_core._score_public``); anything else goes through :func:`score_checked` ->
:func:`parse_request` (a
normalized, trusted :class:`WinRequest`), which raises the precise error on malformed input, so
every error message lives here. The pure-Python reference (:mod:`yakuman._reference.score`) scores
the same requests and is the test oracle.

Two tiers of failure (docs/design.md 3.6): malformed input raises a :mod:`yakuman.errors` exception whose
message names the problem and where (``five copies of 3p counting the melds - at hand``); a
legitimate non-win is a :class:`~yakuman.result.Score` with a non-OK status and a reason.

Validation (docs/rules.md 1-3): the concealed tiles include the winning tile and number 14 - 3k for k
melds (a kan's fourth tile lives only in its meld); no kind appears more than four times counting
the melds, kita and the dora / ura indicators (physical tiles too); the winning tile is in the hand
(as a 136-id: among the hand's ids, for every container); red fives do not exceed ``rules.aka_dora``
per suit (a ``0`` is refused when it is 0); winds are E/S/W/N; situation flags do not contradict each other (riichi with double riichi,
chankan/houtei with tsumo, rinshan/haitei/tenhou/chiihou without it, ...). Three-player games have no
2m-8m, no chi and no North seat. Flags that only contradict the hand (riichi on an open hand,
tenhou with melds, rinshan without a kan) are scored as ``Status.INVALID_SITUATION``. Ura
indicators given without riichi or double riichi are validated like dora (tiles, copies) and then
not counted: ura dora exist only on a riichi win (documented on :func:`score` and in docs/rules.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from yakuman._core import (
    PAO_DAISANGEN,
    PAO_DAISUUSHII,
    PAO_SUUKANTSU,
    _score_public,
    compiled_rules,
    score,
    win_id_missing,
)
from yakuman.errors import InvalidArgumentError, InvalidContextError, InvalidMeldError, InvalidRulesError, InvalidTilesError
from yakuman.hand import parse_melds, refuse_sanma_chi
from yakuman.result import Score
from yakuman.rules import Rules
from yakuman.tiles import RED_IDS, TILE_NAMES, parse, parse_mpsz
from yakuman._arrays import rep

__all__ = ["WIND_NAMES", "WinRequest", "parse_request", "points", "point_value", "readings", "score",
           "score_checked", "score_request"]

WIND_NAMES = ("E", "S", "W", "N")
_WIND_ALIASES = {
    "e": 0, "s": 1, "w": 2, "n": 3, "east": 0, "south": 1, "west": 2, "north": 3,
    "1z": 0, "2z": 1, "3z": 2, "4z": 3, "ton": 0, "nan": 1, "sha": 2, "pei": 3,
}
_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
          "tenhou", "chiihou", "renhou")
# the local rules' situation (docs/rules.md 3.7): flag bits 11 and 12, and bits 13-15 the
# paarenchan count (the native YM_F_OPEN_RIICHI, YM_F_SASHIKOMI, YM_F_PAARENCHAN_SHIFT)
_LOCAL_FLAGS = ("open_riichi", "sashikomi")
PAARENCHAN_SHIFT = 13
PAARENCHAN_MAX = 7


def request_flags(req) -> int:
    """The native flag word of a request (anything with the flag attributes, ``open_riichi``,
    ``sashikomi`` and ``paarenchan``): the one encoding of the situation (score, readings, batch)."""
    flags = sum(1 << b for b, name in enumerate(_FLAGS + _LOCAL_FLAGS) if getattr(req, name))
    return flags | req.paarenchan << PAARENCHAN_SHIFT


def flag_kwargs(flags: int) -> dict:
    """The :func:`score` keywords of a native flag word (the flags set, ``paarenchan`` when not 0);
    InvalidArgumentError (a ValueError) for bits above 15."""
    if flags >> 16 or flags < 0:
        raise InvalidArgumentError(f"unknown flag bits {flags:#x}")
    kw = {name: True for b, name in enumerate(_FLAGS + _LOCAL_FLAGS) if flags >> b & 1}
    if flags >> PAARENCHAN_SHIFT:
        kw["paarenchan"] = flags >> PAARENCHAN_SHIFT
    return kw


@dataclass(frozen=True, slots=True)
class WinRequest:
    """A validated win: concealed ``counts`` (34, winning tile included) and their red fives per
    suit (m, p, s; zero when the rules have no red fives), ``win`` kind, melds, flags, winds as
    0..3 (E S W N), dora / ura indicator kinds, kita count, honba and riichi sticks."""

    counts: tuple
    reds: tuple
    win: int
    win_red: bool
    melds: tuple
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    open_riichi: bool = False
    sashikomi: bool = False
    paarenchan: int = 0
    seat_wind: int = 0
    round_wind: int = 0
    dora: tuple = ()
    ura: tuple = ()
    kita: int = 0
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == 0


def score_checked(hand, win, melds=(), *, rules=None, pao_seat=None, from_seat=None, **situation) -> Score:
    """:func:`score` through the full Python validation (raises on malformed input) and the
    native core. ``score`` itself takes this path for any input its in-place checks do not accept."""
    rules = _rules(rules)
    req = parse_request(hand, win, melds, rules=rules, **situation)
    return score_request(req, rules, pao_seat=pao_seat, from_seat=from_seat)


def score_request(req: WinRequest, rules: Rules, *, pao_seat: int | None = None,
                  from_seat: int | None = None) -> Score:
    """Score a validated :class:`WinRequest` natively (pao seats relative to the winner)."""
    if not isinstance(req, WinRequest) or not isinstance(rules, Rules):
        raise InvalidArgumentError(f"score_request takes a WinRequest and a Rules, not {type(req).__name__} and "
                                   f"{type(rules).__name__}")
    for name, seat in (("pao_seat", pao_seat), ("from_seat", from_seat)):
        if seat is not None and seat not in (1, 2, 3):
            raise InvalidContextError(f"{name} = {rep(seat)}: seats are relative to the winner, 1, 2 or 3")
    if from_seat is not None and req.tsumo:
        raise InvalidContextError("from_seat (the discarder) given for a tsumo")
    pao = 0
    if pao_seat is not None and (req.tsumo or from_seat != pao_seat):
        pao = PAO_DAISANGEN | PAO_DAISUUSHII | PAO_SUUKANTSU
    flags = request_flags(req)
    win = TILE_NAMES[req.win] if not req.win_red else f"0{TILE_NAMES[req.win][1]}"
    dora = [TILE_NAMES[k] for k in req.dora]
    ura = [TILE_NAMES[k] for k in req.ura]
    result = _score_public(compiled_rules(rules), req.counts if not any(req.reds) else _with_reds(req),
                           win, req.melds, flags, req.seat_wind, req.round_wind, dora, ura, req.kita,
                           req.honba, req.riichi_sticks, pao)
    if result is None:  # pragma: no cover - parse_request accepted what the native path refuses
        raise AssertionError(f"native scorer refused a validated request: {rep(req)}")
    return result


def _with_reds(req: WinRequest) -> str:
    from yakuman.tiles import to_mpsz

    return to_mpsz(req.counts, req.reds)


def _rules(rules) -> Rules:
    if rules is None:
        return Rules.tenhou()
    if not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules must be a yakuman.rules.Rules or None, not {type(rules).__name__}")
    return rules


def parse_request(hand, win, melds=(), *, rules=None, **situation) -> WinRequest:
    """Validate and normalize a win (same arguments as :func:`score`); raises on malformed input."""
    rules = _rules(rules)
    aka = rules.aka_dora > 0
    sanma = rules.players == 3

    flags = {}
    for name in _FLAGS + _LOCAL_FLAGS:
        value = situation.pop(name, False)
        if not isinstance(value, (bool, int)) or value not in (0, 1):
            raise InvalidContextError(f"{name} must be True or False, not {rep(value)}")
        flags[name] = bool(value)
    paarenchan = situation.pop("paarenchan", 0)
    if isinstance(paarenchan, bool) or not isinstance(paarenchan, int) or not 0 <= paarenchan <= PAARENCHAN_MAX:
        raise InvalidContextError(f"paarenchan must be an integer 0..{PAARENCHAN_MAX} (the yakuman it counts), "
                                  f"not {rep(paarenchan)}")
    seat = _wind(situation.pop("seat_wind", "E"), "seat_wind")
    round_ = _wind(situation.pop("round_wind", "E"), "round_wind")
    numbers = {}
    for name in ("kita", "honba", "riichi_sticks"):
        value = situation.pop(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise InvalidContextError(f"{name} must be an integer 0..1000, not {rep(value)}")
        numbers[name] = value
    dora = _indicators(situation.pop("dora", ()), "dora", sanma, aka)
    ura = _indicators(situation.pop("ura", ()), "ura", sanma, aka)
    if situation:
        raise TypeError(f"unexpected argument(s) {', '.join(sorted(situation))}")

    # ---- tiles --------------------------------------------------------------------------
    try:
        counts, reds = parse(hand, aka=aka)
    except InvalidTilesError as e:
        raise InvalidTilesError(f"{e} - at hand") from None
    if not aka and any(reds):
        s = "mps"[[i for i in range(3) if reds[i]][0]]
        raise InvalidTilesError(f"red five 0{s} but the rules have no red fives (rules.aka_dora = 0) - at hand")
    counts, reds = tuple(counts), tuple(reds) if aka else (0, 0, 0)
    win_kind, win_red = _win_tile(win, aka)
    if win_id_missing(hand, win):
        raise InvalidTilesError(f"winning tile id {win} is not among the hand's 136-ids - at win")
    mlds = parse_melds(melds)
    k = len(mlds)
    n = sum(counts)
    if n != 14 - 3 * k:
        raise InvalidTilesError(
            f"{n} concealed tiles with {k} meld(s): expected {14 - 3 * k} (the concealed hand includes "
            f"the winning tile; a kan's tiles belong only in its meld) - at hand")
    refuse_sanma_chi(mlds, sanma)
    total = list(counts)
    meld_reds = [0, 0, 0]
    for i, m in enumerate(mlds):
        for t in m.tiles:
            total[t] += 1
        if m.reds:
            meld_reds[m.tiles[0] // 9] += m.reds
            if not aka:
                raise InvalidMeldError(f"red five in {m} but the rules have no red fives (rules.aka_dora = 0) "
                                       f"- at melds[{i}]")
    if not aka:
        meld_reds = [0, 0, 0]
    total[30] += numbers["kita"]
    for t in range(34):
        if total[t] > 4:
            what = "counting the melds and kita" if t == 30 and numbers["kita"] else "counting the melds"
            raise InvalidTilesError(f"{_copies(total[t])} copies of {TILE_NAMES[t]} {what} - at hand")
    if sanma:
        for t in range(1, 8):
            if total[t]:
                raise InvalidTilesError(f"{TILE_NAMES[t]} does not exist in three-player mahjong - at hand")
    for s in range(3):
        if reds[s] + meld_reds[s] > rules.aka_dora and aka:
            raise InvalidTilesError(
                f"{reds[s] + meld_reds[s]} red 5{'mps'[s]} but rules.aka_dora = {rules.aka_dora} - at hand")
    if counts[win_kind] == 0:
        raise InvalidTilesError(
            f"winning tile {TILE_NAMES[win_kind]} is not in the hand (the hand must include it) - at win")
    if win_red and reds[win_kind // 9] == 0:
        raise InvalidTilesError(f"winning tile is a red five but the hand has no red 5{'mps'[win_kind // 9]} - at win")

    # ---- situation ----------------------------------------------------------------------
    if sanma and seat == 3:
        raise InvalidContextError("seat_wind N does not exist in three-player mahjong")
    if numbers["kita"] and not sanma:
        raise InvalidContextError(f"kita = {numbers['kita']} but kita exists only with rules.players = 3")
    f = flags
    _conflict(f["riichi"] and f["double_riichi"], "riichi together with double_riichi (double riichi replaces it)")
    _conflict(f["ippatsu"] and not (f["riichi"] or f["double_riichi"]), "ippatsu without riichi")
    _conflict(f["chankan"] and f["tsumo"], "chankan with tsumo (robbing a kan is a ron)")
    _conflict(f["houtei"] and f["tsumo"], "houtei with tsumo (houtei is a ron on the last discard)")
    _conflict(f["rinshan"] and not f["tsumo"], "rinshan without tsumo (the dead-wall tile is drawn)")
    _conflict(f["haitei"] and not f["tsumo"], "haitei without tsumo (haitei is a self-draw)")
    _conflict(f["chankan"] and f["houtei"], "chankan with houtei")
    _conflict(f["tenhou"] and not f["tsumo"], "tenhou without tsumo")
    _conflict(f["chiihou"] and not f["tsumo"], "chiihou without tsumo")
    _conflict(f["renhou"] and f["tsumo"], "renhou with tsumo (renhou is a ron before the first draw)")
    _conflict(f["tenhou"] and seat != 0, f"tenhou for a non-dealer (seat_wind {WIND_NAMES[seat]})")
    _conflict(f["chiihou"] and seat == 0, "chiihou for the dealer (the dealer's first-draw win is tenhou)")
    _conflict(f["renhou"] and seat == 0, "renhou for the dealer")
    first_turn = [x for x in ("tenhou", "chiihou", "renhou") if f[x]]
    for other in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei"):
        _conflict(bool(first_turn) and f[other], f"{first_turn[0] if first_turn else ''} with {other}")
    _local_rules_situation(f, paarenchan, seat, rules)
    if len(dora) > 5 or len(ura) > 5:
        raise InvalidContextError(f"at most 5 dora / ura indicators, got {len(dora)} / {len(ura)}")
    # indicators are physical tiles: dora (kan dora included) and ura together, with the hand,
    # the melds and kita, no kind exceeds four
    for where, kinds in (("dora", dora), ("ura", ura)):
        for t in kinds:
            total[t] += 1
            if total[t] > 4:
                raise InvalidTilesError(f"{_copies(total[t])} copies of {TILE_NAMES[t]} counting the hand, the "
                                        f"melds and the dora / ura indicators - at {where}")

    return WinRequest(counts=counts, reds=reds, win=win_kind, win_red=win_red, melds=mlds,
                      seat_wind=seat, round_wind=round_, dora=dora, ura=ura, paarenchan=paarenchan, **flags,
                      **numbers)


def _local_rules_situation(f: dict, paarenchan: int, seat: int, rules: Rules) -> None:
    """The local rules' flags against the rules and the situation (the native ym_local_flags_bad's
    twin): open riichi needs rules.open_riichi and riichi or double riichi; sashikomi needs
    rules.open_riichi_sashikomi, open riichi and a ron; paarenchan needs rules.paarenchan and the
    dealer (docs/rules.md 3.7)."""
    if f["open_riichi"] and not rules.open_riichi:
        raise InvalidContextError("open_riichi = True but the rules have no open riichi (rules.open_riichi)")
    _conflict(f["open_riichi"] and not (f["riichi"] or f["double_riichi"]),
              "open_riichi without riichi or double_riichi (open riichi is a way to declare riichi)")
    if f["sashikomi"] and not rules.open_riichi_sashikomi:
        raise InvalidContextError("sashikomi = True but the rules do not make it a yakuman "
                                  "(rules.open_riichi_sashikomi)")
    _conflict(f["sashikomi"] and not f["open_riichi"], "sashikomi without open_riichi (it is a ron on an open riichi)")
    _conflict(f["sashikomi"] and f["tsumo"], "sashikomi with tsumo (it is a ron on an open riichi)")
    if paarenchan and not rules.paarenchan:
        raise InvalidContextError(f"paarenchan = {paarenchan} but the rules have no paarenchan (rules.paarenchan)")
    _conflict(bool(paarenchan) and seat != 0, f"paarenchan for a non-dealer (seat_wind {WIND_NAMES[seat]})")


def _conflict(cond: bool, what: str) -> None:
    if cond:
        raise InvalidContextError(f"contradictory situation: {what}")


def _copies(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")[n] if n < 9 else str(n)


def _wind(value, where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    if isinstance(value, str) and value.strip().lower() in _WIND_ALIASES:
        return _WIND_ALIASES[value.strip().lower()]
    raise InvalidContextError(f"unknown {where} {rep(value)}: expected 'E', 'S', 'W' or 'N'")


def _single(tile, aka: bool, where: str) -> tuple[int, bool]:
    """(kind, red) of one tile given as mpsz or a 136-id."""
    if isinstance(tile, str):
        try:
            counts, reds = parse_mpsz(tile)
        except InvalidTilesError as e:
            raise InvalidTilesError(f"{e} - at {where}") from None
        if sum(counts) != 1:
            raise InvalidTilesError(f"{rep(tile)} is not a single tile - at {where}")
        if sum(reds) and not aka:
            raise InvalidTilesError(f"red five {rep(tile)} but the rules have no red fives (rules.aka_dora = 0) "
                                    f"- at {where}")
        return counts.index(1), aka and sum(reds) == 1
    if isinstance(tile, int) and not isinstance(tile, bool):
        if not 0 <= tile <= 135:
            raise InvalidTilesError(f"136-id {rep(tile)} out of range 0..135 - at {where}")
        return tile // 4, aka and tile in RED_IDS
    raise InvalidTilesError(f"a tile must be an mpsz string or a 136-id, not {type(tile).__name__} - at {where}")


def _win_tile(win, aka: bool) -> tuple[int, bool]:
    return _single(win, aka, "win")


def _indicators(value, where: str, sanma: bool, aka: bool = True) -> tuple:
    if value is None:
        return ()
    kinds = []
    if isinstance(value, str):
        try:
            counts, reds = parse_mpsz(value)
        except InvalidTilesError as e:
            raise InvalidTilesError(f"{e} - at {where}") from None
        if any(reds) and not aka:
            raise InvalidTilesError(f"red five in {rep(value)} but the rules have no red fives (rules.aka_dora = 0) "
                                    f"- at {where}")
        for t in range(34):
            kinds += [t] * counts[t]
    elif isinstance(value, (list, tuple)):
        for i, tile in enumerate(value):
            kinds.append(_single(tile, aka, f"{where}[{i}]")[0])
    else:
        raise InvalidTilesError(f"{where} must be an mpsz string or a list of tiles, not {type(value).__name__}")
    if sanma:
        for t in kinds:
            if 1 <= t <= 7:
                raise InvalidTilesError(f"{TILE_NAMES[t]} does not exist in three-player mahjong - at {where}")
    return tuple(kinds)


# ---- point values and readings -----------------------------------------------------------------

def _count(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidContextError(f"{name} must be an integer in {low}..{high}, not {rep(value)}")
    return value


def point_value(han: int, fu: int | None = None, *, yakuman: int = 0, dealer: bool = False, tsumo: bool = False,
                honba: int = 0, riichi_sticks: int = 0, rules=None):
    """:func:`points` with the facts around it: ``(payment, limit, base, value)`` where ``limit`` is
    None or "mangan" ... "yakuman", ``base`` the base points and ``value`` the hand's value without
    honba and sticks (Tenhou's figure, as :attr:`Score.points`)."""
    from yakuman._core import _points_native
    from yakuman.result import Payment

    rules = _rules(rules)
    if rules.aotenjou:
        return _aotenjou_point_value(han, fu, yakuman, dealer, tsumo, honba, riichi_sticks, rules)
    yakuman = _count(yakuman, "yakuman", 0, 255)
    if yakuman:
        han, fu = 13 * yakuman, 0
    else:
        han = _count(han, "han", 1, 1000)
        if han < 5:
            if fu is None:
                raise InvalidContextError(f"{han} han needs its fu (20, 25, 30, 40, ...)")
            fu = _count(fu, "fu", 20, 170)
            if fu != 25 and fu % 10:
                raise InvalidContextError(f"fu = {fu}: fu are rounded up to 10 (25 only for chiitoitsu)")
        else:
            fu = 0 if fu is None else _count(fu, "fu", 0, 170)
    for name, flag in (("dealer", dealer), ("tsumo", tsumo)):
        if not isinstance(flag, (bool, int)) or flag not in (0, 1):
            raise InvalidContextError(f"{name} must be True or False, not {rep(flag)}")
    honba = _count(honba, "honba", 0, 1000)
    riichi_sticks = _count(riichi_sticks, "riichi_sticks", 0, 1000)
    limit, _kazoe, base, value, pay = _points_native(compiled_rules(rules), han, fu, yakuman, bool(dealer),
                                                     bool(tsumo), honba, riichi_sticks)
    discarder, from_dealer, non_dealer, _n, liable, _honba, _sticks, total = pay
    return Payment(discarder, from_dealer, non_dealer, total, liable), limit, base, value


AOTENJOU_MAX_HAN = 110  # the native ym_aotenjou_payments' range (exact 128-bit amounts)


def _aotenjou_point_value(han, fu, yakuman, dealer, tsumo, honba, riichi_sticks, rules):
    """point_value under rules.aotenjou: base points fu x 2^(han + 2) with no limit, every amount
    an exact Python int (docs/rules.md 3.7). A yakuman's han are given in ``han`` (13 each)."""
    from yakuman._core import _aotenjou_amounts
    from yakuman.result import Payment

    if yakuman:
        raise InvalidContextError(f"yakuman = {rep(yakuman)}: under aotenjou a yakuman is 13 han per multiple, "
                                  "added to han (with its fu)")
    han = _count(han, "han", 1, AOTENJOU_MAX_HAN)
    if fu is None:
        raise InvalidContextError("aotenjou needs the fu for every han (there is no limit)")
    fu = _count(fu, "fu", 20, 170)
    if fu != 25 and fu % 10:
        raise InvalidContextError(f"fu = {fu}: fu are rounded up to 10 (25 only for chiitoitsu)")
    for name, flag in (("dealer", dealer), ("tsumo", tsumo)):
        if not isinstance(flag, (bool, int)) or flag not in (0, 1):
            raise InvalidContextError(f"{name} must be True or False, not {rep(flag)}")
    honba = _count(honba, "honba", 0, 1000)
    riichi_sticks = _count(riichi_sticks, "riichi_sticks", 0, 1000)
    base, value, discarder, from_dealer, non_dealer, _n, liable, _hb, _st, total = _aotenjou_amounts(
        compiled_rules(rules), han, fu, bool(dealer), bool(tsumo), honba, riichi_sticks)
    return Payment(discarder, from_dealer, non_dealer, total, liable), None, base, value


def points(han: int, fu: int | None = None, *, yakuman: int = 0, dealer: bool = False, tsumo: bool = False,
           honba: int = 0, riichi_sticks: int = 0, rules=None):
    """What a hand of ``han`` and ``fu`` pays, as a :class:`~yakuman.result.Payment` (honba and
    riichi sticks included, like :attr:`Score.payment`), computed by the scorer's own point code:
    kiriage mangan, kazoe (13+ han) and the sanma tsumo loss follow ``rules`` (None = Tenhou).

    ``points(3, 40)`` -> ron 5200; ``points(3, 40, tsumo=True)`` -> 1300 / 2600; ``yakuman=2``
    is a double yakuman (han and fu are then not used). ``fu`` is needed below 5 han: 20, 25 or a
    multiple of 10 up to 170. Under ``rules.aotenjou`` (no limit) every han 1-110 takes its fu
    and gives exact Python ints, fu x 2^(han + 2) per base point (a yakuman is 13 of those han).
    The value without honba and sticks (and the limit name) is
    :func:`point_value`'s."""
    return point_value(han, fu, yakuman=yakuman, dealer=dealer, tsumo=tsumo, honba=honba,
                       riichi_sticks=riichi_sticks, rules=rules)[0]


def readings(hand, win, melds=(), *, rules=None, **situation) -> list[Score]:
    """Every reading (decomposition and winning group, or seven pairs / kokushi) of a winning hand,
    each scored as if it were the only one, best first: its yaku, han, fu, points and
    decomposition, as a :class:`~yakuman.result.Score`. Arguments as :func:`score` (no pao);
    ``readings(...)[0] == score(...)`` on a win. A reading without yaku is a ``NO_YAKU`` Score that
    keeps its decomposition (listed after the scoring ones); a hand with no reading (not complete,
    or an impossible situation) gives ``[]``. Malformed input raises as :func:`score` does."""
    from yakuman._core import _readings_native

    rules = _rules(rules)
    req = parse_request(hand, win, melds, rules=rules, **situation)
    flags = request_flags(req)
    reds = sum(req.reds) + (sum(m.reds for m in req.melds) if rules.aka_dora else 0)
    _status, out = _readings_native(compiled_rules(rules), req.counts, reds, req.melds, req.win, flags,
                                    req.seat_wind, req.round_wind, req.dora, req.ura, req.kita, req.honba,
                                    req.riichi_sticks)
    return out
