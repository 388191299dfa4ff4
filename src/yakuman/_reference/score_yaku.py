"""Yaku and yakuman of one reading (docs/rules.md 3.2-3.6), written condition by condition.

Inputs: a :class:`~yakuman._reference.score_shapes.Reading` and a :class:`Hand` (the facts that do not
depend on the reading: all tiles with melds, closedness, winds, flags, rules). Outputs, per reading:
the yakuman found, each with its multiple (before stacking / cap), and the regular yaku with their han
for this hand's closedness. Exclusions (docs/rules.md 3.3) are applied here: double riichi replaces riichi,
ryanpeikou replaces iipeikou (and beats isshoku sanjun), chinitsu replaces honitsu, honroutou excludes
chanta/junchan, the 13-sided / tanki / junsei forms replace their base yakuman, daisuushii excludes
shousuushii. Dropping regular yaku and dora on a yakuman hand happens in :mod:`score`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from yakuman._reference.score_shapes import YAOCHUU, Reading
from yakuman.rules import Rules
from yakuman.yaku import DOUBLE_YAKUMAN, Yaku

__all__ = [
    "GREEN",
    "Hand",
    "hand_yakuman",
    "is_pinfu_shape",
    "reading_yaku",
    "situational_yaku",
    "yakuman_multiple",
]

GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s hatsu
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)
_DRAGON_YAKU = {31: Yaku.HAKU, 32: Yaku.HATSU, 33: Yaku.CHUN}


@dataclass(frozen=True)
class Hand:
    """Reading-independent facts of a request (see ``score.py``)."""

    req: object          # yakuman.scoring.WinRequest
    rules: Rules
    all_counts: tuple    # concealed + meld tiles (a kan counts 4), kita excluded
    is_open: bool        # any chi / pon / minkan / kakan
    seat_kind: int
    round_kind: int

    @property
    def closed(self) -> bool:
        return not self.is_open

    def local(self, key: str) -> bool:
        return key in self.rules.local_yaku

    def han(self, y: Yaku) -> int:
        return y.han_open if self.is_open else y.han_closed


def situational_yaku(h: Hand) -> list[tuple[Yaku, int]]:
    """Yaku from the situation alone (valid for every reading)."""
    req, rules = h.req, h.rules
    out = []
    if req.double_riichi:   # open riichi (docs/rules.md 3.7): one han more, in riichi's place
        out.append(Yaku.DOUBLE_OPEN_RIICHI if req.open_riichi else Yaku.DOUBLE_RIICHI)
    elif req.riichi:
        out.append(Yaku.OPEN_RIICHI if req.open_riichi else Yaku.RIICHI)
    if req.ippatsu:
        out.append(Yaku.IPPATSU)
    if req.tsumo and h.closed:
        out.append(Yaku.MENZEN_TSUMO)
    if req.chankan:
        out.append(Yaku.CHANKAN)
    if req.rinshan:
        out.append(Yaku.RINSHAN)
    if req.haitei and (not req.rinshan or rules.haitei_with_rinshan):
        out.append(Yaku.HAITEI)
    if req.houtei:
        out.append(Yaku.HOUTEI)
    return [(y, h.han(y)) for y in out]


def _is_yakuhai(h: Hand, kind: int) -> bool:
    return kind in DRAGONS or kind == h.seat_kind or kind == h.round_kind


def is_pinfu_shape(r: Reading, h: Hand) -> bool:
    """Closed, four runs, a pair that is no yakuhai, a two-sided wait (docs/rules.md 3.2)."""
    return (r.form == "regular" and h.closed and all(g.is_run for g in r.groups)
            and not _is_yakuhai(h, r.pair) and r.wait == "ryanmen")


def _suits_and_honors(counts) -> tuple[set, bool]:
    suits = {t // 9 for t in range(27) if counts[t]}
    return suits, any(counts[t] for t in range(27, 34))


def _flush(h: Hand) -> list[Yaku]:
    suits, honors = _suits_and_honors(h.all_counts)
    if len(suits) == 1:
        return [Yaku.HONITSU] if honors else [Yaku.CHINITSU]
    return []


def _all_in(counts, kinds) -> bool:
    return all(counts[t] == 0 for t in range(34) if t not in kinds)


def _tanyao(h: Hand) -> list[Yaku]:
    if _all_in(h.all_counts, set(range(34)) - YAOCHUU) and (h.closed or h.rules.kuitan):
        return [Yaku.TANYAO]
    return []


def _honroutou(h: Hand) -> list[Yaku]:
    c = h.all_counts
    if _all_in(c, YAOCHUU) and any(c[t] for t in range(27)) and any(c[t] for t in range(27, 34)):
        return [Yaku.HONROUTOU]
    return []


def reading_yaku(r: Reading, h: Hand) -> list[tuple[Yaku, int]]:
    """Regular (non-yakuman, non-situational) yaku of a chiitoitsu or regular reading."""
    if r.form == "chiitoitsu":
        ys = [Yaku.CHIITOITSU] + _tanyao(h) + _honroutou(h) + _flush(h)
        return [(y, h.han(y)) for y in ys]
    if r.form != "regular":
        return []
    rules, req = h.rules, h.req
    groups, pair = r.groups, r.pair
    runs = [g.tile for g in groups if g.is_run]
    trips = [g.tile for g in groups if not g.is_run]
    kans = sum(1 for g in groups if g.kind == "kan")
    ankou = sum(1 for g in groups if not g.is_run and g.concealed)
    ys: list[Yaku] = []

    if is_pinfu_shape(r, h) and (not req.tsumo or rules.tsumo_pinfu):
        ys.append(Yaku.PINFU)
    ys += _tanyao(h)

    multiplicity = Counter(runs)
    doubled = sum(n // 2 for n in multiplicity.values())
    tripled = max(multiplicity.values(), default=0) >= 3
    if h.closed and doubled == 2:
        ys.append(Yaku.RYANPEIKOU)
    elif tripled and h.local("isshoku_sanjun"):
        ys.append(Yaku.ISSHOKU_SANJUN)
    elif h.closed and doubled == 1:
        ys.append(Yaku.IIPEIKOU)

    for t in trips:
        if t in _DRAGON_YAKU:
            ys.append(_DRAGON_YAKU[t])
        if t == h.seat_kind:
            ys.append(Yaku(int(Yaku.JIKAZE_TON) << (t - 27)))
        if t == h.round_kind:
            ys.append(Yaku(int(Yaku.BAKAZE_TON) << (t - 27)))

    if any(n in runs and n + 9 in runs and n + 18 in runs for n in range(7)):
        ys.append(Yaku.SANSHOKU_DOUJUN)
    if any(9 * s in runs and 9 * s + 3 in runs and 9 * s + 6 in runs for s in range(3)):
        ys.append(Yaku.ITTSU)
    if any(n in trips and n + 9 in trips and n + 18 in trips for n in range(9)):
        ys.append(Yaku.SANSHOKU_DOUKOU)
    if len(trips) == 4:
        ys.append(Yaku.TOITOI)
    if ankou == 3:
        ys.append(Yaku.SANANKOU)
    if kans == 3:
        ys.append(Yaku.SANKANTSU)
    if sum(1 for t in trips if t in DRAGONS) == 2 and pair in DRAGONS:
        ys.append(Yaku.SHOUSANGEN)
    if h.local("sanrenkou") and any(
            t < 27 and t % 9 <= 6 and t + 1 in trips and t + 2 in trips for t in trips):
        ys.append(Yaku.SANRENKOU)

    honroutou = _honroutou(h)
    ys += honroutou
    if not honroutou and runs:
        outside = pair in YAOCHUU and all(
            (g.tile % 9 in (0, 6)) if g.is_run else (g.tile in YAOCHUU) for g in groups)
        if outside:
            honors = pair >= 27 or any(t >= 27 for t in trips)
            ys.append(Yaku.CHANTA if honors else Yaku.JUNCHAN)
    ys += _flush(h)
    return [(y, h.han(y)) for y in ys]


def hand_yakuman(r: Reading, h: Hand) -> list[Yaku]:
    """Every yakuman of this reading (base forms replaced by their special forms)."""
    req, rules = h.req, h.rules
    c = h.all_counts
    out: list[Yaku] = []
    if req.tenhou:
        out.append(Yaku.TENHOU)
    if req.chiihou:
        out.append(Yaku.CHIIHOU)
    if req.renhou and rules.renhou == "yakuman":
        out.append(Yaku.RENHOU)

    if r.form == "kokushi":
        out.append(Yaku.KOKUSHI_13 if req.counts[req.win] == 2 else Yaku.KOKUSHI)
        return out
    if r.form == "shiisanputa":
        return [Yaku.SHIISANPUTA]  # replaces tenhou / chiihou (docs/rules.md 3.6)

    # shape-independent yakuman (all tiles, melds included)
    if _all_in(c, range(27, 34)) and r.form == "chiitoitsu" and "daichisei" in rules.local_yaku:
        out.append(Yaku.DAICHISEI)  # the seven honor pairs: a local double yakuman in place of tsuuiisou
    elif _all_in(c, range(27, 34)) and (r.form == "regular" or rules.tsuuiisou_chiitoitsu):
        out.append(Yaku.TSUUIISOU)
    if _all_in(c, GREEN) and (c[32] or not rules.green_requires_hatsu):
        out.append(Yaku.RYUUIISOU)
    if _all_in(c, {0, 8, 9, 17, 18, 26}):
        out.append(Yaku.CHINROUTOU)
    if not req.melds:
        for s in range(3):
            if rules.chuuren_manzu_only and s:
                break
            suit = req.counts[9 * s: 9 * s + 9]
            if sum(suit) == 14 and suit[0] >= 3 and suit[8] >= 3 and all(suit[1:8]):
                before = list(suit)
                before[req.win - 9 * s] -= 1 if 9 * s <= req.win < 9 * s + 9 else 0
                junsei = before == [3, 1, 1, 1, 1, 1, 1, 1, 3]
                out.append(Yaku.JUNSEI_CHUUREN_POUTOU if junsei else Yaku.CHUUREN_POUTOU)
        if h.local("daisharin"):
            for s in ((0, 1, 2) if rules.daisharin_any_suit else (1,)):
                if list(req.counts[9 * s: 9 * s + 9]) == [0, 2, 2, 2, 2, 2, 2, 2, 0]:
                    out.append(Yaku.DAISHARIN)
    if h.local("hyakuman_goku") and _all_in(c, range(9)) and sum((t + 1) * c[t] for t in range(9)) >= 100:
        out.append(Yaku.HYAKUMAN_GOKU)
    if r.form != "regular":
        return out

    groups, pair = r.groups, r.pair
    runs = [g.tile for g in groups if g.is_run]
    trips = [g.tile for g in groups if not g.is_run]
    ankou = sum(1 for g in groups if not g.is_run and g.concealed)
    if ankou == 4:
        out.append(Yaku.SUUANKOU_TANKI if r.wait == "tanki" else Yaku.SUUANKOU)
    if all(d in trips for d in DRAGONS):
        out.append(Yaku.DAISANGEN)
    wind_trips = sum(1 for t in trips if t in WINDS)
    if wind_trips == 4:
        out.append(Yaku.DAISUUSHII)
    elif wind_trips == 3 and pair in WINDS:
        out.append(Yaku.SHOUSUUSHII)
    if sum(1 for g in groups if g.kind == "kan") == 4:
        out.append(Yaku.SUUKANTSU)
    if h.local("suurenkou") and len(trips) == 4 and all(t < 27 for t in trips):
        ts = sorted(trips)
        if ts[3] - ts[0] == 3 and ts[0] // 9 == ts[3] // 9 and len(set(ts)) == 4:
            out.append(Yaku.SUURENKOU)
    if h.local("isshoku_yonjun") and len(runs) == 4 and len(set(runs)) == 1:
        out.append(Yaku.ISSHOKU_YONJUN)
    if h.local("beni_kujaku") and len(trips) == 4 and _all_in(c, {18, 22, 24, 26, 33}):
        out.append(Yaku.BENI_KUJAKU)
    if h.local("touhoku_shinkansen"):
        suits = (2,) if rules.touhoku_souzu_only else (0, 1, 2)
        ittsu = any(9 * s in runs and 9 * s + 3 in runs and 9 * s + 6 in runs for s in suits)
        if ittsu and ((27 in trips and pair == 30) or (30 in trips and pair == 27)):
            out.append(Yaku.TOUHOKU_SHINKANSEN)
    return out


def yakuman_multiple(y: Yaku, h: Hand) -> int:
    """The multiple one yakuman counts for under the rules (before stacking and cap)."""
    rules = h.rules
    for key, member in DOUBLE_YAKUMAN.items():
        if y == member:
            return 2 if key in rules.double_yakuman else 1
    if y == Yaku.RYUUIISOU:
        return 2 if rules.junryokuisou_double and not h.all_counts[32] else 1
    if y == Yaku.TENHOU:
        return rules.tenhou_multiplier
    if y == Yaku.DAICHISEI:
        return 2
    return 1
