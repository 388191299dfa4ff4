"""Drive the engine with a game record: the wall is rebuilt from the record's deal, draws and
indicators; every logged decision must be one of the engine's legal actions at that moment;
every automatic transition (the next draw, the replacement draw, dora reveals, abortive draws,
the round's deltas, the next hand's dealer / honba / sticks / scores) must equal the record.

``check_record(game)`` (a ``yakuman.logs`` Game) returns a :class:`RecordCheck`: ``decisions``
checked, ``illegal`` (refused by the engine) and ``disagreements``, each with the first few
problems (round label, event index, what). Each round is replayed from its own start (scores,
honba, sticks of the record), so one problem does not hide the next rounds'.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from yakuman.errors import IllegalActionError
from yakuman.game import Game
from yakuman.logs.events import Call, Discard, Draw, GameEnd, NewDora, RiichiAccept, RiichiDeclare, RoundStart, Ryuukyoku, Win

__all__ = ["RecordCheck", "check_record", "record_walls"]

_A_DISCARD, _A_RIICHI, _A_CHI, _A_PON, _A_DAIMINKAN, _A_KAKAN, _A_ANKAN, _A_KITA, _A_TSUMO, _A_RON, \
    _A_KYUUSHU, _A_PASS = range(1, 13)
_CALL_CODE = {"chi": _A_CHI, "pon": _A_PON, "daiminkan": _A_DAIMINKAN}


@dataclass
class RecordCheck:
    rounds: int = 0
    skipped: int = 0
    decisions: int = 0
    illegal: int = 0
    disagreements: int = 0
    problems: list[dict] = field(default_factory=list)
    first_illegal: dict | None = None        # the first problem of each kind (kept past the 20)
    first_disagreement: dict | None = None

    def add(self, kind: str, label: str | None, index: int | None, what: str) -> None:
        p = {"kind": kind, "round": label, "event": index, "what": what}
        if kind == "illegal":
            self.illegal += 1
            if self.first_illegal is None:
                self.first_illegal = p
        else:
            self.disagreements += 1
            if self.first_disagreement is None:
                self.first_disagreement = p
        if len(self.problems) < 20:
            self.problems.append(p)


def _round_wall(start: RoundStart, events: list, players: int) -> list[int]:
    """The engine wall of one round from its record (unknown places filled with the unused ids)."""
    n = 108 if players == 3 else 136
    wall: list[int | None] = [None] * n
    for k in range(players):
        hand = start.hands[(start.dealer + k) % players]
        wall[13 * k:13 * k + 13] = list(hand)
    nxt = 13 * players
    dead = n - 14
    wall[dead + 4] = start.dora_indicator
    n_rinshan = 0
    n_dora = 1
    rinshan_next: set[int] = set()
    for e in events:
        t = type(e)
        if t is Draw:
            if e.seat in rinshan_next:
                rinshan_next.discard(e.seat)
                pos = dead + n_rinshan if n_rinshan < 4 else dead - n_rinshan - 1
                n_rinshan += 1
            else:
                pos = nxt
                nxt += 1
            wall[pos] = e.tile
        elif t is Call and e.kind in ("daiminkan", "kakan", "ankan", "kita"):
            rinshan_next.add(e.seat)
        elif t is NewDora:
            if n_dora < 5:
                wall[dead + 4 + 2 * n_dora] = e.indicator
            n_dora += 1
        elif t is Win and e.ura:
            for i, u in enumerate(e.ura[:5]):
                if wall[dead + 5 + 2 * i] is None:
                    wall[dead + 5 + 2 * i] = u
    used = {t for t in wall if t is not None}
    free = [t for t in range(136) if t not in used and not (players == 3 and 4 <= t < 32)]
    return [t if t is not None else free.pop() for t in wall]


def record_walls(game) -> list[list[int]]:
    """The engine wall of every round of a record."""
    out = []
    evs = game.events
    n = evs[0].players
    starts = [i for i, e in enumerate(evs) if type(e) is RoundStart] + [len(evs)]
    for a, b in zip(starts, starts[1:]):
        out.append(_round_wall(evs[a], list(evs[a + 1:b]), n))
    return out


def _find(g: Game, seat: int, type_: int, pred=lambda c: True):
    for c in g._st.legal(seat):
        if c[0] == type_ and pred(c):
            return c
    return None


def check_record(game, rules=None) -> RecordCheck:
    """Replay a record through the engine (see the module docstring)."""
    evs = game.events
    start_ev = evs[0]
    n = start_ev.players
    rules = rules or start_ev.rules()
    out = RecordCheck()
    starts = [i for i, e in enumerate(evs) if type(e) is RoundStart] + [len(evs)]
    for a, b in zip(starts, starts[1:]):
        rs = evs[a]
        out.rounds += 1
        label = f"{'ESWN'[rs.round // 4 % 4]}{rs.round % 4 + 1}-{rs.honba}"
        nxt = evs[b] if b < len(evs) and type(evs[b]) is RoundStart else None
        ended = any(type(e) is GameEnd for e in evs[b:])
        try:
            g = _check_round(rules, n, rs, list(evs[a + 1:b]), a + 1, label, out)
            if nxt is not None or ended:
                _compare_next(g, nxt, b, label, out)
        except _Stop:
            pass
    return out


def _compare_next(g: Game, nxt, index: int, label: str, out: RecordCheck) -> None:
    """The engine's next hand (or game end) against the record's."""
    if g.done:
        if nxt is not None:
            out.add("disagreement", label, index, f"the engine's game ends ({g.result.end_reason}); the record goes on")
        return
    if nxt is None:
        out.add("disagreement", label, index, "the record's game ends; the engine's goes on")
        return
    t = g._st.table()
    mine = (t[2] * 4 + t[3], t[5], t[6], g.scores)
    theirs = (nxt.round, nxt.honba, nxt.sticks, tuple(nxt.scores))
    if mine != theirs:
        out.add("disagreement", label, index, f"next hand (round, honba, sticks, scores) {mine} != record {theirs}")


class _Stop(Exception):
    pass


def _check_round(rules, n: int, rs: RoundStart, events: list, base: int, label: str, out: RecordCheck) -> None:
    wall = _round_wall(rs, events, n)
    wind, kyoku = rs.round // 4 % 4, rs.round % 4
    g = Game(rules, 0, wall, scores=list(rs.scores), round_wind=wind, kyoku=kyoku if kyoku < n else 0,
             honba=rs.honba, sticks=rs.sticks)
    rounds_before = len(g.rounds)
    shown = 1

    def bad(kind: str, i: int, what: str) -> None:
        out.add(kind, label, base + i, what)
        raise _Stop

    def step(code, i: int, what: str) -> None:
        out.decisions += 1
        if code is None:
            bad("illegal", i, f"{what} is not among the legal actions")
        try:
            g._apply(code)
        except IllegalActionError as e:
            bad("illegal", i, f"{what}: {e}")

    def answer(i: int) -> None:
        """The engine asks for responses: the record's next events say who called or won."""
        asked = g.to_act
        nxt = next((e for e in events[i + 1:] if type(e) in (Call, Win, Draw, Ryuukyoku, Discard)), None)
        winners = []
        j = i + 1
        while j < len(events) and type(events[j]) in (Win, RiichiAccept, NewDora):
            if type(events[j]) is Win:
                winners.append(events[j])
            j += 1
        choice: dict[int, tuple] = {}
        if not winners and type(nxt) is Ryuukyoku and nxt.reason == "sanchahou":
            for s in asked:
                c = _find(g, s, _A_RON)
                if c is not None:
                    choice[s] = c
        for w in winners:
            if w.seat == w.from_seat:
                break
            c = _find(g, w.seat, _A_RON) if w.seat in asked else None
            choice[w.seat] = c
            if c is None:
                bad("illegal", i, f"ron by seat {w.seat} is not legal")
        if not choice and type(nxt) is Call and nxt.kind in _CALL_CODE and nxt.seat in asked:
            want = tuple(t for t in nxt.tiles if t != nxt.called)
            choice[nxt.seat] = (_CALL_CODE[nxt.kind], nxt.seat, nxt.called, nxt.from_seat, 0, want)
        for s in asked:
            if s not in choice:
                choice[s] = _find(g, s, _A_PASS)
        for s in sorted(choice, key=lambda s: (s - g._st.table()[14] - 1) % n):
            step(choice[s], i, f"the answer of seat {s}")

    for i, e in enumerate(events):
        t = type(e)
        if g.done or len(g.rounds) > rounds_before:
            if t in (Win, Ryuukyoku):
                _compare_end(g, e, i, rounds_before, bad)
            continue
        if t is NewDora:
            shown += 1
        elif t is Draw:
            last = g._st.seat(e.seat)[10]
            if g.to_act != (e.seat,) or last != e.tile:
                bad("disagreement", i, f"record draws {e.tile} for seat {e.seat}; engine: seat {g.to_act}, tile {last}")
            if len(g._st.table()[8]) != shown:
                bad("disagreement", i, f"{shown} dora indicators shown in the record, {len(g._st.table()[8])} by the engine")
        elif t is RiichiDeclare:
            step(_find(g, e.seat, _A_RIICHI), i, f"riichi of seat {e.seat}")
        elif t is Discard:
            drawn = g._st.seat(e.seat)[10]
            tg = 1 if e.tile == drawn else 0
            c = (_A_DISCARD, e.seat, e.tile, 255, tg, ())
            if e.tsumogiri != bool(tg):
                bad("disagreement", i, f"record tsumogiri {e.tsumogiri}, engine's drawn tile {drawn}")
            step(c, i, f"discard {e.tile} by seat {e.seat}")
            if g._st.phase() == 1:
                answer(i)
        elif t is Call:
            if e.kind in _CALL_CODE:
                continue   # answered with the discard
            code = {"kakan": _A_KAKAN, "ankan": _A_ANKAN, "kita": _A_KITA}[e.kind]
            k = (e.added if e.kind == "kakan" and e.added is not None else e.tiles[0]) >> 2
            step(_find(g, e.seat, code, lambda c: c[2] >> 2 == k), i, f"{e.kind} by seat {e.seat}")
            if g._st.phase() == 1:
                answer(i)
        elif t is Win:
            if e.seat == e.from_seat:
                step(_find(g, e.seat, _A_TSUMO), i, f"tsumo by seat {e.seat}")
                _compare_end(g, e, i, rounds_before, bad)
            else:
                bad("disagreement", i, f"ron by seat {e.seat} where the engine asked nobody")
        elif t is Ryuukyoku:
            if e.reason == "kyuushu_kyuuhai":
                actor = g.to_act[0] if g.to_act else -1
                step(_find(g, actor, _A_KYUUSHU), i, "kyuushu kyuuhai")
                _compare_end(g, e, i, rounds_before, bad)
            else:
                bad("disagreement", i, f"record: {e.reason}; the engine's round goes on")
    if not g.done and len(g.rounds) == rounds_before:
        bad("disagreement", len(events), "the record's round ends; the engine's goes on")
    return g


def _compare_end(g: Game, e, i: int, rounds_before: int, bad) -> None:
    r = g.rounds[rounds_before] if len(g.rounds) > rounds_before else None
    if r is None:
        bad("disagreement", i, "the engine's round has not ended")
    if type(e) is Win:
        horas = [x for x in g.events if x["type"] == "hora"]
        mine = next((h for h in reversed(horas) if h["actor"] == e.seat), None)
        if mine is None:
            bad("disagreement", i, f"no engine win for seat {e.seat}")
        if e.deltas is not None and tuple(mine["deltas"]) != tuple(e.deltas):
            bad("disagreement", i, f"win deltas {mine['deltas']} != record {list(e.deltas)}")
    else:
        kind = {"exhaustive": "exhaustive_draw", "nagashi_mangan": "nagashi_mangan"}.get(e.reason, "abortive_draw")
        if r.outcome != kind or (kind == "abortive_draw" and r.abortive != e.reason):
            bad("disagreement", i, f"record {e.reason}, engine {r.outcome} {r.abortive}")
        if e.deltas is not None and tuple(r.deltas) != tuple(e.deltas):
            bad("disagreement", i, f"draw deltas {r.deltas} != record {e.deltas}")


def check_records(games: Iterable) -> RecordCheck:
    """check_record over games; a game the log replayer rejects (an inconsistent record) is
    counted in ``skipped`` and not driven."""
    from yakuman.logs.events import LogError
    from yakuman.logs.replay import replay

    total = RecordCheck()
    for game in games:
        try:
            replay(game)
        except LogError:
            total.skipped += 1
            continue
        r = check_record(game)
        total.rounds += r.rounds
        total.decisions += r.decisions
        total.illegal += r.illegal
        total.disagreements += r.disagreements
        for p in r.problems:
            if len(total.problems) < 20:
                total.problems.append(dict(p, source=game.source))
    return total
