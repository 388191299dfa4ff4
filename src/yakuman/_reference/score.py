"""Reference scorer: slow, readable, brute force over every reading (docs/rules.md sections 3-5).

``score_request(req, rules)`` scores a validated :class:`~yakuman.scoring.WinRequest`:
1. situation flags that the hand cannot have (riichi on an open hand, tenhou with a meld, rinshan
   without a kan or kita, chankan of a tile the winner already holds) -> ``INVALID_SITUATION``;
2. every reading (:mod:`score_shapes`; shiisanputa too when enabled and at tenhou/chiihou timing);
   none -> ``NOT_COMPLETE``;
3. per reading: yakuman (stacked with ``yakuman_stacking``, capped by ``yakuman_cap``; they drop the
   regular yaku and dora) or regular yaku + dora + ura (riichi only) + aka + kita, fu, base points and
   the hand value; a reading needs a yakuman or >= 1 yaku han (>= 2 at 5+ honba with
   ``ryanhan_shibari``), otherwise ``NO_YAKU``;
4. the best reading: highest hand value, then a real yakuman over kazoe, then more han, then more fu
   (Tenhou's choice, docs/rules.md 4.4); renhou as mangan/baiman replaces a lower value;
5. payments with honba, riichi sticks and pao (:mod:`score_points`).

Dora: each indicator counts separately (kan dora: every indicator given); in three-player games an
indicator 1m means dora 9m, and kita tiles are Norths for the dora count. Kita are listed as a KITA
entry (Tenhou folds them into its "dora" count). Nothing here uses the native core.
"""

from __future__ import annotations

from typing import NamedTuple

from yakuman._reference.score_fu import fu_of
from yakuman._reference.score_points import base_points, hand_value, settle
from yakuman._reference.score_shapes import Reading, group_str, is_kokushi, is_shiisanputa, readings
from yakuman._reference.score_yaku import (
    Hand,
    hand_yakuman,
    reading_yaku,
    situational_yaku,
    yakuman_multiple,
)
from yakuman.errors import InvalidContextError
from yakuman.result import Payment, Score, Status
from yakuman.rules import Rules
from yakuman.tiles import TILE_NAMES, dora_of, to_mpsz
from yakuman.yaku import Yaku

__all__ = ["dora_target", "score", "score_request"]

_PAO_YAKUMAN = {"daisangen": Yaku.DAISANGEN, "daisuushii": Yaku.DAISUUSHII, "suukantsu": Yaku.SUUKANTSU}


class _Candidate(NamedTuple):
    reading: Reading
    yaku: list            # [(Yaku, han)] as listed in the Score
    yakuman: int          # total multiple after stacking and cap (0 = none)
    yakuman_parts: list   # [(Yaku, multiple)]
    yaku_han: int
    han: int
    fu: int
    fu_details: list
    base: int
    limit: str | None
    points: int

    def key(self):
        return (self.points, self.yakuman > 0, self.han, self.fu)


def dora_target(indicator: int, players: int) -> int:
    """The dora kind an indicator points at (three players: 1m -> 9m)."""
    if players == 3 and indicator == 0:
        return 8
    return dora_of(indicator)


def _hand(req, rules: Rules) -> Hand:
    all_counts = list(req.counts)
    for m in req.melds:
        for t in m.tiles:
            all_counts[t] += 1
    return Hand(req=req, rules=rules, all_counts=tuple(all_counts),
                is_open=any(m.is_open for m in req.melds),
                seat_kind=27 + req.seat_wind, round_kind=27 + req.round_wind)


def _situation_problem(h: Hand) -> str:
    req = h.req
    if h.is_open and (req.riichi or req.double_riichi or req.ippatsu):
        return "riichi on an open hand (riichi needs a closed hand; an ankan keeps it closed)"
    if req.ippatsu and req.rinshan:
        return "ippatsu with rinshan (the winner's own kan ended the ippatsu chance)"
    if req.melds and (req.tenhou or req.chiihou or req.renhou):
        which = "tenhou" if req.tenhou else "chiihou" if req.chiihou else "renhou"
        return f"{which} with a meld (it needs the untouched first hand, no call or ankan)"
    if req.rinshan and not any(m.is_kan for m in req.melds) and not (h.rules.players == 3 and req.kita):
        return "rinshan without a kan (or, in three-player mahjong, a kita)"
    if req.chankan and h.all_counts[req.win] != 1:
        return (f"chankan on {TILE_NAMES[req.win]} while the winner holds other copies of it "
                f"(the kan player has the other three)")
    return ""


def _dora_entries(h: Hand) -> list[tuple[Yaku, int]]:
    req, rules = h.req, h.rules
    players = rules.players
    kita = req.kita

    def count(indicators) -> int:
        n = 0
        for ind in indicators:
            d = dora_target(ind, players)
            n += h.all_counts[d] + (kita if d == 30 else 0)
        return n

    out = []
    dora = count(req.dora)
    if dora:
        out.append((Yaku.DORA, dora))
    if rules.aka_dora:
        aka = sum(req.reds) + sum(m.reds for m in req.melds)
        if aka:
            out.append((Yaku.AKA_DORA, aka))
    if req.riichi or req.double_riichi:
        out.append((Yaku.URA_DORA, count(req.ura)))
    if kita:
        out.append((Yaku.KITA, kita))
    return out


# Aotenjou (docs/rules.md 3.7): the yaku a yakuman contains, removed beside it
_PRECURSORS = {
    Yaku.DAISANGEN: {Yaku.HAKU, Yaku.HATSU, Yaku.CHUN, Yaku.SHOUSANGEN},
    Yaku.TSUUIISOU: {Yaku.TOITOI, Yaku.HONROUTOU}, Yaku.DAISUUSHII: {Yaku.TOITOI},
    Yaku.SUUANKOU: {Yaku.TOITOI, Yaku.SANANKOU}, Yaku.SUUANKOU_TANKI: {Yaku.TOITOI, Yaku.SANANKOU},
    Yaku.CHINROUTOU: {Yaku.TOITOI, Yaku.HONROUTOU}, Yaku.SUUKANTSU: {Yaku.TOITOI, Yaku.SANKANTSU},
    Yaku.CHUUREN_POUTOU: {Yaku.CHINITSU}, Yaku.JUNSEI_CHUUREN_POUTOU: {Yaku.CHINITSU},
    Yaku.DAISHARIN: {Yaku.CHINITSU, Yaku.PINFU, Yaku.TANYAO, Yaku.RYANPEIKOU, Yaku.CHIITOITSU},
    Yaku.RYUUIISOU: {Yaku.HONITSU}, Yaku.SUURENKOU: {Yaku.TOITOI, Yaku.SANRENKOU},
    Yaku.ISSHOKU_YONJUN: {Yaku.ISSHOKU_SANJUN, Yaku.RYANPEIKOU, Yaku.IIPEIKOU},
    Yaku.BENI_KUJAKU: {Yaku.TOITOI, Yaku.HONITSU},
}
# the listing order: open riichi in the place of riichi / double riichi, the others by bit
_ORDER = {Yaku.OPEN_RIICHI: Yaku.RIICHI.value, Yaku.DOUBLE_OPEN_RIICHI: Yaku.DOUBLE_RIICHI.value}


def _order(e) -> int:
    return _ORDER.get(e[0], e[0].value)


def _local_parts(r: Reading, h: Hand, parts: list, regular: list) -> list:
    """The hand's yakuman plus sashikomi and paarenchan (docs/rules.md 3.7); paarenchan with
    paarenchan_needs_yaku only beside another yaku or yakuman."""
    req, rules = h.req, h.rules
    out = list(parts)
    if req.sashikomi and rules.open_riichi_sashikomi:
        out.append((Yaku.SASHIKOMI, 1))
    if req.paarenchan and rules.paarenchan and (not rules.paarenchan_needs_yaku or regular or out):
        out.append((Yaku.PAARENCHAN, req.paarenchan))
    return out


def _evaluate(r: Reading, h: Hand, situational: list, dora: list) -> _Candidate:
    rules, req = h.rules, h.req
    fu, fu_details = fu_of(r, h)
    ykm = hand_yakuman(r, h)
    regular = [] if r.form == "kokushi" else situational + reading_yaku(r, h)
    parts = _local_parts(r, h, [(y, yakuman_multiple(y, h)) for y in ykm], regular)
    if parts and not rules.yakuman_stacking:
        parts = [max(parts, key=lambda p: (p[1], -int(p[0])))]   # the largest; a tie: the lowest bit
    if rules.aotenjou:
        return _evaluate_aotenjou(r, h, regular, parts, dora, fu, fu_details)
    if parts:
        total = min(sum(m for _, m in parts), rules.yakuman_cap)
        if r.form == "shiisanputa" and rules.shiisanputa_value == "mangan":
            return _fixed(r, h, Yaku.SHIISANPUTA, 5, "mangan", fu, fu_details)
        base, limit = base_points(0, 0, total, rules)
        yaku = [(y, 13 * m) for y, m in parts]
        return _Candidate(r, yaku, total, parts, 0, 13 * total, fu, fu_details, base, limit,
                          hand_value(base, req.is_dealer, req.tsumo, rules))
    yaku_han = sum(han for _, han in regular)
    han = yaku_han + sum(n for _, n in dora)
    base, limit = base_points(han, fu, 0, rules)
    yaku = sorted(regular, key=_order) + dora
    return _Candidate(r, yaku, 0, [], yaku_han, han, fu, fu_details, base, limit,
                      hand_value(base, req.is_dealer, req.tsumo, rules))


def _evaluate_aotenjou(r: Reading, h: Hand, regular: list, parts: list, dora: list, fu: int,
                       fu_details: list) -> _Candidate:
    """A reading under aotenjou: the yakuman's 13 han per multiple added to the other yaku (their
    precursors removed) and the dora, base fu x 2^(han + 2) with no limit; kokushi counts 40 fu
    on a ron and 30 on a tsumo (with no situation yaku), shiisanputa 30."""
    rules, req = h.rules, h.req
    total = min(sum(m for _, m in parts), rules.yakuman_cap)
    if total:
        gone = set().union(*(_PRECURSORS.get(y, set()) for y, _ in parts))
        regular = [e for e in regular if e[0] not in gone]
    if r.form == "kokushi":
        fu = 30 if req.tsumo else 40
        fu_details = [("aotenjou kokushi", fu)]
    elif r.form == "shiisanputa":
        fu = 30
    yaku_han = sum(han for _, han in regular)
    han = yaku_han + 13 * total + sum(n for _, n in dora)
    base = fu * 2 ** (han + 2)
    yaku = sorted(regular + [(y, 13 * m) for y, m in parts], key=_order) + dora
    return _Candidate(r, yaku, total, parts, yaku_han, han, fu, fu_details,
                      base, None, hand_value(base, req.is_dealer, req.tsumo, rules))


def _fixed(r: Reading | None, h: Hand, y: Yaku, han: int, limit: str, fu: int, fu_details: list) -> _Candidate:
    """A fixed-value hand (renhou / shiisanputa as mangan or baiman)."""
    base, _ = base_points(han, 0, 0, h.rules)
    return _Candidate(r, [(y, han)], 0, [], han, han, fu, fu_details, base, limit,
                      hand_value(base, h.req.is_dealer, h.req.tsumo, h.rules))


def _decomposition(r: Reading | None, req) -> tuple[str, ...]:
    if r is None:
        return ()
    if r.form == "regular":
        p = r.pair
        pair = f"{p % 9 + 1}{p % 9 + 1}{'mpsz'[p // 9]}"
        return (pair,) + tuple(group_str(g) for g in r.groups)
    if r.form == "chiitoitsu":
        return tuple(f"{t % 9 + 1}{t % 9 + 1}{'mpsz'[t // 9]}" for t in r.pairs)
    return (to_mpsz(req.counts),)


def score_request(req, rules: Rules, *, pao_seat: int | None = None, from_seat: int | None = None) -> Score:
    """Score a validated request. ``pao_seat``: the liable player (relative to the winner, 1-3), if
    any; ``from_seat``: the discarder on a ron (relative, 1-3) - pao is shared only when a third
    player deals in. Pao applies when the hand scores a yakuman of ``rules.pao_yakuman``."""
    for name, seat in (("pao_seat", pao_seat), ("from_seat", from_seat)):
        if seat is not None and seat not in (1, 2, 3):
            raise InvalidContextError(f"{name} = {seat!r}: seats are relative to the winner, 1, 2 or 3")
    if from_seat is not None and req.tsumo:
        raise InvalidContextError("from_seat (the discarder) given for a tsumo")
    h = _hand(req, rules)
    problem = _situation_problem(h)
    if problem:
        return Score(Status.INVALID_SITUATION, reason=problem)

    rs = readings(req.counts, req.melds, req.win, req.tsumo)
    if ("shiisanputa" in rules.local_yaku and (req.tenhou or req.chiihou) and not is_kokushi(req.counts, req.melds)
            and is_shiisanputa(req.counts, req.melds, rules.shiisanputa_honor_pair)):
        rs.append(Reading("shiisanputa"))
    if not rs:
        return Score(Status.NOT_COMPLETE,
                     reason="not a complete hand: no reading as 4 sets and a pair, seven pairs or kokushi")

    situational = situational_yaku(h)
    dora = _dora_entries(h)
    need = 2 if rules.ryanhan_shibari and req.honba >= 5 else 1
    candidates = [_evaluate(r, h, situational, dora) for r in rs]
    valid = [c for c in candidates if c.yakuman or c.yaku_han >= need]
    if req.renhou and rules.renhou in ("mangan", "baiman") and not rules.aotenjou:
        han = 5 if rules.renhou == "mangan" else 8
        fixed = _fixed(None, h, Yaku.RENHOU, han, rules.renhou, 0, [])
        best_normal = max(valid, key=_Candidate.key, default=None)
        if best_normal is None or best_normal.points <= fixed.points:
            valid = [fixed._replace(reading=rs[0])]
    if not valid:
        if need == 2 and any(c.yaku_han for c in candidates):
            reason = "ryanhan shibari: 2 han from yaku are needed at 5 or more honba (dora do not count)"
        else:
            reason = "no yaku (dora, aka dora and ura dora are not yaku)"
        return Score(Status.NO_YAKU, reason=reason)
    best = max(valid, key=_Candidate.key)

    liable_a = 0
    if pao_seat is not None and best.yakuman:
        liable = [m for y, m in best.yakuman_parts
                  if any(y == _PAO_YAKUMAN[k] for k in rules.pao_yakuman)]
        if liable:
            mult = best.yakuman if rules.pao_scope == "whole_hand" else min(sum(liable), best.yakuman)
            liable_a = 8000 * mult
    payment: Payment = settle(best.base, req.is_dealer, req.tsumo, rules, req.honba, req.riichi_sticks,
                              liable_a=liable_a, liable_is_discarder=(from_seat == pao_seat))
    fu_details = list(best.fu_details)
    return Score(
        Status.OK,
        reason="",
        yaku=list(best.yaku),
        han=best.han,
        fu=best.fu,
        fu_details=fu_details,
        limit=best.limit,
        yakuman=best.yakuman,
        points=best.points,
        payment=payment,
        decomposition=_decomposition(best.reading, req),
    )


def score(hand, win, melds=(), *, rules=None, pao_seat=None, from_seat=None, **situation) -> Score:
    """The public :func:`yakuman.score` signature scored by this reference, plus pao arguments."""
    from yakuman.scoring import _rules, parse_request

    rules = _rules(rules)
    req = parse_request(hand, win, melds, rules=rules, **situation)
    return score_request(req, rules, pao_seat=pao_seat, from_seat=from_seat)
