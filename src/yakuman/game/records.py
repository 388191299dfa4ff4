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

from yakuman import _core
from yakuman.game import (
    _ABORTS,
    _END_REASONS,
    _MASK_SEATS,
    _OUTCOMES,
    _PH_OVER,
    _PH_RESPONSE,
    _PH_ROUND_END,
    Action,
)
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    GameEnd,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
)
from yakuman.logs.replay import RoundResult

__all__ = ["RecordCheck", "check_record", "drive", "record_walls"]

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
    # records whose GameEnd is not the end of the table played (see _compare_end): not problems
    excerpts: int = 0
    first_excerpt: dict | None = None

    def add(self, kind: str, label: str | None, index: int | None, what: str) -> None:
        p = {"kind": kind, "round": label, "event": index, "what": what}
        if kind == "excerpt":
            self.excerpts += 1
            if self.first_excerpt is None:
                self.first_excerpt = p
            return
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


def _find(st, seat: int, type_: int, pred=None):
    for c in st.legal(seat):
        if c[0] == type_ and (pred is None or pred(c)):
            return c
    return None


def check_record(game, rules=None) -> RecordCheck:
    """Replay a record through the engine (see the module docstring)."""
    return drive(game, rules, cases=False)[0]


def drive(game, rules=None, cases: bool = True) -> tuple[RecordCheck, list[RoundResult] | None]:
    """The one driver: step the engine through the record round by round (see the module
    docstring). With ``cases`` it also returns each round's RoundResult (the replay's win and
    draw cases, read from the engine state); those are meaningful only when the check found no
    problem (``illegal == disagreements == 0``), and None when the record's events are not a
    plain sequence of rounds."""
    evs = game.events
    start_ev = evs[0]
    n = start_ev.players
    rules = rules or start_ev.rules()
    cr = _core.compiled_game_rules(rules)
    out = RecordCheck()
    results: list[RoundResult] | None = [] if cases else None
    ctx = (game.source, rules, start_ev.aka) if cases else None
    starts = [i for i, e in enumerate(evs) if type(e) is RoundStart] + [len(evs)]
    for a, b in zip(starts, starts[1:]):
        rs = evs[a]
        out.rounds += 1
        label = f"{'ESWN'[rs.round // 4 % 4]}{rs.round % 4 + 1}-{rs.honba}"
        nxt = evs[b] if b < len(evs) else None
        r = None
        try:
            r = _Round(cr, rules.aka_dora, n, rs, evs[a + 1:b], a + 1, label, out, ctx)
            r.run()
            if nxt is not None:
                _compare_next(r, nxt, b, label, out)
            else:
                _compare_end(r, evs, label, out)
        except _Stop:
            pass
        if results is not None:
            results.append(r.result if r is not None else RoundResult(rs))
    return out, results


def _compare_next(r: _Round, nxt, index: int, label: str, out: RecordCheck) -> None:
    """The engine's next hand (or game end) against the record's."""
    st = r.st
    t = st.table()
    if st.phase() == _PH_OVER:
        out.add("disagreement", label, index, f"the engine's game ends ({_END_REASONS[t[10]]}); the record goes on")
        return
    mine = (t[2] * 4 + t[3], t[5], t[6], tuple(st.seat(q)[9] for q in range(r.n)))
    theirs = (nxt.round, nxt.honba, nxt.sticks, tuple(nxt.scores))
    if mine != theirs:
        out.add("disagreement", label, index, f"next hand (round, honba, sticks, scores) {mine} != record {theirs}")


class _Stop(Exception):
    pass


_ANSWER_SKIP = (Win, RiichiAccept, NewDora)
_ANSWER_NEXT = (Call, Win, Draw, Ryuukyoku, Discard)
_RESET_DRAWN = frozenset((3, 4, 5, 6, 7, 8, 9))   # engine events after which no tile is "just drawn"


class _Round:
    """One round of a record driven through the engine state (``_core.GameState``) directly:
    the engine's events are read as tuples, only what the comparison needs (the last draw, the
    dora count, the wins' deltas), so the per-event cost is a few tuple reads."""

    __slots__ = ("st", "aka", "n", "events", "base", "label", "out", "drawn", "dora", "horas", "accepted",
                 "result", "melds", "game", "ended",
                 "acc_seats")

    def __init__(self, cr, aka: int, n: int, rs: RoundStart, events, base: int, label: str, out: RecordCheck,
                 game=None):
        wall = _round_wall(rs, events, n)
        wind, kyoku = rs.round // 4 % 4, rs.round % 4
        self.st = _core.GameState(cr, 0, wall, list(rs.scores), wind, kyoku if kyoku < n else 0, rs.honba,
                                  rs.sticks)
        self.aka, self.n, self.events, self.base, self.label, self.out = aka, n, events, base, label, out
        self.drawn = None    # (seat, tile) of the engine's last draw while that tile is the drawn one
        self.dora = 1        # indicators shown by the engine
        self.horas: dict[int, tuple] = {}   # winner -> deltas of its hora event
        self.accepted = 0    # riichi sticks the engine put down this round
        self.acc_seats = 0   # bit mask of the seats whose riichi the engine accepted
        self.ended: list = []   # the record's result events (Win / Ryuukyoku) compared so far
        # With a replay (``game`` = (source, rules)): the round's RoundResult, built from the
        # engine state at each win and at the draw; ``melds`` = each seat's Call events so far.
        self.game = game
        self.result = RoundResult(rs) if game is not None else None
        self.melds: list[list] = [[] for _ in range(n)]
        self.absorb()

    def absorb(self) -> None:
        for e in self.st.events():
            t = e[0]
            if t == 2:
                self.drawn = (e[1], e[3])
            elif t in _RESET_DRAWN:
                self.drawn = None
            elif t == 12:
                self.dora += 1
            elif t == 11:
                self.accepted += 1
                self.acc_seats |= 1 << e[1]
            elif t == 13:
                self.horas[e[1]] = e[12]

    def bad(self, kind: str, i: int, what: str):
        self.out.add(kind, self.label, self.base + i, what)
        raise _Stop

    def step(self, code, i: int, what: str) -> None:
        self.out.decisions += 1
        if code is None:
            self.bad("illegal", i, f"{what} is not among the legal actions")
        if self.st.step_code(code):
            self.bad("illegal", i, f"{what}: {Action._from_code(code, self.aka)!r} is not legal now")
        self.absorb()

    def answer(self, i: int) -> None:
        """The engine asks for responses: the record's next events say who called or won."""
        st, events, n = self.st, self.events, self.n
        asked = _MASK_SEATS[st.to_act()]
        m = len(events)
        winners = []
        j = i + 1
        while j < m and type(events[j]) in _ANSWER_SKIP:
            if type(events[j]) is Win:
                winners.append(events[j])
                if self.result is not None and events[j].seat != events[j].from_seat:
                    self.win_case(events[j], j)
            j += 1
        k = j
        while k < m and type(events[k]) not in _ANSWER_NEXT:
            k += 1
        nxt = events[k] if k < m else None
        if winners:
            nxt = winners[0]
        choice: dict[int, tuple] = {}
        if not winners and type(nxt) is Ryuukyoku and nxt.reason == "sanchahou":
            for s in asked:
                c = _find(st, s, _A_RON)
                if c is not None:
                    choice[s] = c
        for w in winners:
            if w.seat == w.from_seat:
                break
            c = _find(st, w.seat, _A_RON) if w.seat in asked else None
            choice[w.seat] = c
            if c is None:
                self.bad("illegal", i, f"ron by seat {w.seat} is not legal")
        if not choice and type(nxt) is Call and nxt.kind in _CALL_CODE and nxt.seat in asked:
            want = tuple(t for t in nxt.tiles if t != nxt.called)
            choice[nxt.seat] = (_CALL_CODE[nxt.kind], nxt.seat, nxt.called, nxt.from_seat, 0, want)
        for s in asked:
            if s not in choice:
                choice[s] = _find(st, s, _A_PASS)
        fr = st.table()[14]
        for s in sorted(choice, key=lambda s: (s - fr - 1) % n):
            self.step(choice[s], i, f"the answer of seat {s}")

    def run(self) -> None:
        st, bad, step, absorb, out = self.st, self.bad, self.step, self.absorb, self.out
        shown = 1
        for i, e in enumerate(self.events):
            t = type(e)
            if st.phase() >= _PH_ROUND_END:
                if t is Win or t is Ryuukyoku:
                    self.compare_end(e, i)
                elif t is RiichiAccept and (self.acc_seats >> e.seat) & 1:
                    pass   # a stick the engine put down with the round's end (a fourth riichi)
                elif t is NewDora:
                    shown += 1   # shown with the discard the round ended on
                    if shown > self.dora:
                        bad("disagreement", i, f"{shown} dora indicators shown in the record, {self.dora} by the engine")
                elif t is not GameEnd:
                    bad("disagreement", i, f"the record plays on ({t.__name__}) after the engine's round ended")
                continue
            if t is Draw:
                if st.to_act() != 1 << e.seat or self.drawn != (e.seat, e.tile):
                    d = self.drawn
                    bad("disagreement", i, f"record draws {e.tile} for seat {e.seat}; engine: seat "
                        f"{_MASK_SEATS[st.to_act()]}, tile {d[1] if d and d[0] == e.seat else 255}")
                if self.dora != shown:
                    bad("disagreement", i, f"{shown} dora indicators shown in the record, {self.dora} by the engine")
            elif t is Discard:
                d = self.drawn
                tg = 1 if d is not None and d[0] == e.seat and d[1] == e.tile else 0
                if e.tsumogiri != bool(tg):
                    bad("disagreement", i, f"record tsumogiri {e.tsumogiri}, engine's drawn tile "
                        f"{d[1] if d and d[0] == e.seat else 255}")
                out.decisions += 1   # step() inlined: the discard is the common decision
                code = (_A_DISCARD, e.seat, e.tile, 255, tg, ())
                if st.step_code(code):
                    what = f"{Action._from_code(code, self.aka)!r} is not legal now"
                    bad("illegal", i, f"discard {e.tile} by seat {e.seat}: {what}")
                absorb()
                if st.phase() == _PH_RESPONSE:
                    self.answer(i)
            elif t is NewDora:
                shown += 1
            elif t is RiichiDeclare:
                step(_find(st, e.seat, _A_RIICHI), i, f"riichi of seat {e.seat}")
            elif t is Call:
                if self.result is not None:
                    self.meld(e, i)
                if e.kind in _CALL_CODE:
                    continue   # answered with the discard
                code = {"kakan": _A_KAKAN, "ankan": _A_ANKAN, "kita": _A_KITA}[e.kind]
                k = (e.added if e.kind == "kakan" and e.added is not None else e.tiles[0]) >> 2
                step(_find(st, e.seat, code, lambda c: c[2] >> 2 == k), i, f"{e.kind} by seat {e.seat}")
                if st.phase() == _PH_RESPONSE:
                    self.answer(i)
            elif t is Win:
                if e.seat == e.from_seat:
                    if self.result is not None:
                        self.win_case(e, i)
                    step(_find(st, e.seat, _A_TSUMO), i, f"tsumo by seat {e.seat}")
                    self.compare_end(e, i)
                else:
                    bad("disagreement", i, f"ron by seat {e.seat} where the engine asked nobody")
            elif t is Ryuukyoku:
                if e.reason == "kyuushu_kyuuhai":
                    asked = _MASK_SEATS[st.to_act()]
                    step(_find(st, asked[0] if asked else -1, _A_KYUUSHU), i, "kyuushu kyuuhai")
                    self.compare_end(e, i)
                else:
                    bad("disagreement", i, f"record: {e.reason}; the engine's round goes on")
        if st.phase() < _PH_ROUND_END:
            bad("disagreement", len(self.events), "the record's round ends; the engine's goes on")
        if not self.ended:
            bad("disagreement", len(self.events), "the engine's round ended; the record gives no result")

    def compare_end(self, e, i: int) -> None:
        st, bad = self.st, self.bad
        if type(e) is Ryuukyoku and self.ended or any(type(x) is Win and x.seat == e.seat for x in self.ended
                                                      if type(e) is Win):
            bad("disagreement", i, "a second result for the round")
        self.ended.append(e)
        if st.phase() < _PH_ROUND_END:
            bad("disagreement", i, "the engine's round has not ended")
        if type(e) is Win:
            mine = self.horas.get(e.seat)
            if mine is None:
                bad("disagreement", i, f"no engine win for seat {e.seat}")
            if e.deltas is not None and tuple(mine) != tuple(e.deltas):
                bad("disagreement", i, f"win deltas {list(mine)} != record {list(e.deltas)}")
        else:
            outcome, abort, _, _, _, deltas = st.last_round()
            got, got_abort = _OUTCOMES[outcome], _ABORTS.get(abort)
            kind = {"exhaustive": "exhaustive_draw", "nagashi_mangan": "nagashi_mangan"}.get(e.reason, "abortive_draw")
            if got != kind or (kind == "abortive_draw" and got_abort != e.reason):
                bad("disagreement", i, f"record {e.reason}, engine {got} {got_abort}")
            if e.deltas is not None and tuple(deltas) != tuple(e.deltas):
                bad("disagreement", i, f"draw deltas {deltas} != record {e.deltas}")
            if self.result is not None:
                self.draw_case(e, i)

    # -- the replay's cases (read from the engine state) ---------------------------------------
    def meld(self, e: Call, i: int) -> None:
        """The seat's melds as the record's Call events (a kakan replaces its pon)."""
        if e.kind == "kita" or not 0 <= e.seat < self.n:
            return
        mine = self.melds[e.seat]
        if e.kind != "kakan":
            mine.append(e)
            return
        k = e.tiles[0] >> 2 if e.tiles else -1
        for x, m in enumerate(mine):
            if m.kind == "pon" and m.tiles[0] >> 2 == k:
                added = e.added if e.added is not None else next((t for t in e.tiles if t not in m.tiles), -1)
                mine[x] = Call(e.seat, "kakan", tuple(sorted(e.tiles)), m.called, m.from_seat, added)
                return
        self.bad("illegal", i, f"kakan by seat {e.seat} without a pon")

    def win_case(self, e: Win, i: int) -> None:
        """The record's win ``e`` (event ``i``) as a WinCase, from the engine state before it is
        stepped: hands, melds, dora, honba, sticks and the situation flags are the engine's."""
        from yakuman.logs.replay import engine_win_case

        info = _core.replay_win(self.st, e.seat, e.from_seat)
        if info is None:
            self.bad("disagreement", i, f"no win of seat {e.seat} from seat {e.from_seat} to read from the engine")
        case = engine_win_case(self, e, self.base + i, info)
        if case is None:
            self.bad("disagreement", i, f"the record's winning hand or tile of seat {e.seat} is not the engine's")
        self.result.wins.append(case)

    def draw_case(self, e: Ryuukyoku, i: int) -> None:
        from yakuman.logs.replay import engine_draw_case

        case = engine_draw_case(self, e, self.base + i)
        if case is None:
            self.bad("disagreement", i, "a shown hand of the record is not the engine's")
        self.result.draw = case


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
        total.excerpts += r.excerpts
        for p in r.problems:
            if len(total.problems) < 20:
                total.problems.append(dict(p, source=game.source))
    return total


def _compare_end(r: _Round, evs, label: str, out: RecordCheck) -> None:
    """The engine's game end after the record's last round against the record's GameEnd.

    - no GameEnd in the record: nothing to compare (a record cut short is the reader's to report);
    - the engine's game is over: its final points must equal the GameEnd's scores;
    - the engine's game goes on: the record stops a game the rules continue, so it is an excerpt
      (a hand-made cut of a longer game, or a one-round fixture). Nothing after its last round can
      be compared, so it is counted apart as ``excerpts`` (with what the table and the record's
      final scores were), neither illegal nor a disagreement: a caller that wants whole games
      only checks ``excerpts == 0``.
    """
    if not r.ended or type(evs[-1]) is not GameEnd:
        return
    ge = evs[-1]
    st = r.st
    index = len(evs) - 1
    theirs = tuple(ge.scores)
    if st.phase() == _PH_OVER:
        mine = st.final()[0]
        if mine != theirs:
            out.add("disagreement", label, index, f"final points {list(mine)} != record {list(theirs)}")
        return
    table = tuple(st.seat(q)[9] for q in range(r.n))
    t = st.table()
    nxt = f"{'ESWN'[t[2] % 4]}{t[3] + 1}-{t[5]}"
    same = "the table's scores" if table == theirs else f"the table's scores are {list(table)}"
    out.add("excerpt", label, index, f"an excerpt: the record's game ends with {list(theirs)} ({same}); "
            f"the engine's game goes on ({nxt} next)")
