"""Drive the engine with a game record: the wall is rebuilt from the record's deal, draws and
indicators; every logged decision must be one of the engine's legal actions at that moment;
every automatic transition (the next draw, the replacement draw, dora reveals, abortive draws,
the round's deltas, the next hand's dealer / honba / sticks / scores) must equal the record.

``drive(game)`` (a ``yakuman.logs`` Game) is the one driver: it returns a :class:`RecordCheck`
and each round's RoundResult, the log replay's win and draw cases read from the engine state
(``yakuman.logs.replay`` is its adapter). ``check_record(game)`` is the check alone: ``decisions``
checked, ``illegal`` (refused by the engine) and ``disagreements``, each with the first few
problems (round label, event index, what), and ``excerpts`` (a record whose game end comes
where the engine's game goes on, see :func:`_compare_end`). Each round is replayed from its own
start (scores, honba, sticks of the record), so one problem does not hide the next rounds'.
Nothing of the record may follow the engine's round end but the round's result, the stick of a
fourth riichi the engine accepted with its abort, and an indicator the engine showed with the
discard the round ended on. ``drive(game, strict=True)`` stops at the first problem instead and
raises LogError naming the source, round and event with the problem's text (a malformed event --
a bad id, a None field, a wrong type -- too, never another exception type); an id that is no
tile is left out of the rebuilt wall, so the driver reports the event that carries it. The
per-event loop is native: ``RecordRound`` in
``src/yakuman/_core_replay.pxi``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from yakuman import _core
from yakuman.game import (
    _ABORTS,
    _END_REASONS,
    _OUTCOMES,
    _PH_OVER,
    Action,
)
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    GameEnd,
    GameStart,
    LogError,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
)
from yakuman.logs.cases import RoundResult, _shape_error, engine_draw_case, engine_win_case, plain

__all__ = ["RecordCheck", "check_record", "drive", "engine_rounds", "record_walls"]



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


# The engine wall of one round from its record (the deal, the live draws in order, the
# replacement draws, the indicators and ura the record shows; the unused ids fill the rest).
_round_wall = _core.record_wall


def record_walls(game) -> list[list[int]]:
    """The engine wall of every round of a record."""
    out = []
    evs = game.events
    n = evs[0].players
    starts = [i for i, e in enumerate(evs) if type(e) is RoundStart] + [len(evs)]
    for a, b in zip(starts, starts[1:]):
        out.append(_round_wall(evs[a], list(evs[a + 1:b]), n))
    return out


def check_record(game, rules=None) -> RecordCheck:
    """Replay a record through the engine (see the module docstring)."""
    return drive(game, rules, cases=False)[0]


def drive(
    game, rules=None, cases: bool | str = True, strict: bool = False
) -> tuple[RecordCheck, list[RoundResult] | None]:
    """The one driver: step the engine through the record round by round (see the module
    docstring). With ``cases`` it also returns each round's RoundResult (the replay's win and
    draw cases, read from the engine state); those are meaningful only when the check found no
    problem (``illegal == disagreements == 0``), and None when the record's events are not a
    plain sequence of rounds. ``cases="verify"`` (``logs verify``): the wins are
    ``_core.EngineWin`` (the engine's own hora result; the WinCase only when asked for).

    ``strict`` (the log replay): the first problem raises :class:`LogError` naming the source,
    the round and the event, with the problem's text; so does anything a malformed event makes
    the driver raise (a bad id, a None field, a wrong type)."""
    evs = game.events
    if type(evs) is not tuple:
        evs = tuple(evs)
    if not strict:
        return _drive(game, evs, rules, cases, False)
    try:
        return _drive(game, evs, rules, cases, True)
    except _Malformed as m:
        err = m.args[0]
        raise LogError(f"malformed event ({type(err).__name__}: {err})", game.source, m.args[1],
                       m.args[2], _event_at(evs, m.args[2])) from None


class _Malformed(Exception):
    """(the exception, the round label, the event index) of a malformed event in a strict drive."""


def _event_at(evs: tuple, index) -> object:
    return evs[index] if type(index) is int and 0 <= index < len(evs) else None


def _label(rs) -> str:
    try:
        return f"{'ESWN'[rs.round // 4 % 4]}{rs.round % 4 + 1}-{rs.honba}"
    except Exception:  # noqa: BLE001 - a mangled round start (its fields are not numbers)
        return f"{rs.round!r}-{rs.honba!r}"


def _drive(game, evs: tuple, rules, cases: bool, strict: bool):
    label, at = None, 0
    lite = cases == "verify"
    try:
        start_ev = evs[0]
        n = start_ev.players
        rules = rules or start_ev.rules()
        cr = _core.compiled_game_rules(rules)
        ctx = (game.source, rules, start_ev.aka) if cases else None
        starts = _core.round_starts(evs, RoundStart)
    except Exception as err:
        if strict:
            raise _Malformed(err, label, at) from err
        raise
    out = RecordCheck()
    results: list[RoundResult] | None = [] if cases else None
    for a, b in zip(starts, starts[1:]):
        rs = evs[a]
        out.rounds += 1
        label = _label(rs)
        nxt = evs[b] if b < len(evs) else None
        r = None
        try:
            r = _Round(cr, rules.aka_dora, n, rs, evs[a + 1:b], a + 1, label, out, ctx, lite)
            r.run()
            if nxt is not None:
                _compare_next(r, nxt, b, label, out)
            else:
                _compare_end(r, evs, label, out)
        except _Stop:
            pass
        except Exception as err:
            if not strict:
                raise
            at = a if r is None else (a + 1 + r.at if 0 <= r.at < b - a - 1 else b)
            raise _Malformed(err, label, at) from err
        if strict and (out.illegal or out.disagreements):
            p = out.problems[0]
            raise LogError(p["what"], game.source, p["round"], p["event"], _event_at(evs, p["event"]))
        if results is not None:
            results.append(r.result if r is not None else RoundResult(rs))
            if r is not None:
                r.result = None   # the round is done (its EngineWin / EngineDraw keep r: no cycle)
    return out, results


def _compare_next(r: _Round, nxt, index: int, label: str, out: RecordCheck) -> None:
    """The engine's next hand (or game end) against the record's."""
    phase, rnd, honba, sticks, scores, end = _core.replay_next_hand(r.st)
    if phase == _PH_OVER:
        out.add("disagreement", label, index, f"the engine's game ends ({_END_REASONS[end]}); the record goes on")
        return
    mine = (rnd, honba, sticks, scores)
    theirs = (nxt.round, nxt.honba, nxt.sticks, tuple(nxt.scores))
    if mine != theirs:
        out.add("disagreement", label, index, f"next hand (round, honba, sticks, scores) {mine} != record {theirs}")


class _Stop(Exception):
    pass


# The driver of one round is native (src/yakuman/_core_replay.pxi, RecordRound): a typed loop over
# the record's events that steps the engine state directly and reads its event buffer.
_core.replay_bind(
    {
        "Draw": Draw,
        "Discard": Discard,
        "Call": Call,
        "NewDora": NewDora,
        "RiichiDeclare": RiichiDeclare,
        "RiichiAccept": RiichiAccept,
        "Win": Win,
        "Ryuukyoku": Ryuukyoku,
        "GameEnd": GameEnd,
        "RoundResult": RoundResult,
        "Stop": _Stop,
        "Action": Action,
        "OUTCOMES": _OUTCOMES,
        "ABORTS": _ABORTS,
        "engine_win_case": engine_win_case,
        "engine_draw_case": engine_draw_case,
    }
)
_Round = _core.RecordRound


def engine_rounds(game, rules=None, check=None, strict: bool = True,
                  cases: bool | str = True) -> list[RoundResult]:
    """The rounds of the driver with the record's shape checked first (the log replay's entry,
    ``yakuman.logs.replay.engine_rounds``; ``check``: a list that receives the RecordCheck).

    ``strict=False`` (``logs verify``, which reports every problem): a decision the engine
    refuses or a transition that is not its own does not raise but is counted in the check
    (with its round and event); the round it happens in stops there and holds only the cases
    the engine reached before it (or at it: a round end whose deltas or draw differ keeps the
    engine's case). A record of the wrong shape or a malformed event still raises LogError.
    ``cases="verify"``: the wins are ``_core.EngineWin`` (see :func:`drive`)."""
    evs = game.events
    if not evs or type(evs[0]) is not GameStart:
        raise LogError("game does not begin with GameStart", game.source)
    if not plain(evs):
        raise _shape_error(game)
    if strict:
        rc, rounds = drive(game, rules, cases, strict=True)
    else:
        try:
            rc, rounds = drive(game, rules, cases)
        except Exception:  # noqa: BLE001 - a malformed event: the strict drive names it
            drive(game, rules, cases, strict=True)
            raise
    if check is not None:
        check.append(rc)
    return rounds


def check_records(games: Iterable) -> RecordCheck:
    """check_record over games, every problem counted; a game the driver cannot read (events
    out of the shape it reads, a malformed event: a LogError of the replay's own checks) is
    counted in ``skipped``."""
    total = RecordCheck()
    for game in games:
        try:
            r = check_record(game)
        except Exception:  # noqa: BLE001 - not a record the driver reads: the strict drive says why
            try:
                engine_rounds(game)
            except LogError:
                total.skipped += 1
                continue
            raise
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
