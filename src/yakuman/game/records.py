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
raises LogError naming the source, round and event with the problem's text. A malformed event --
a bad id, a None field, a wrong type, a deal of the wrong size -- raises that LogError in every
drive (``check_record``, ``decisions``, ``position`` too), never another exception type; an id in
a draw that is no tile is left out of the rebuilt wall, so the driver reports the event that
carries it. The
per-event loop is native: ``RecordRound`` in
``src/yakuman/_core_replay.pxi``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from yakuman import _core
from yakuman.game._actions import (
    _ABORTS,
    _END_REASONS,
    _OUTCOMES,
    _PH_OVER,
    Action,
    _pai,
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
    label_of,
    require_record,
    round_label,
)
from yakuman.logs.cases import RoundResult, _shape_error, engine_draw_case, engine_win_case, plain
from yakuman._arrays import rep

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


def _events_of(game) -> tuple:
    """A record's events as a tuple; anything but a ``yakuman.logs`` Game (what ``logs.read``
    gives) is the caller's error, named, not an AttributeError from deep inside a driver."""
    require_record(game)
    evs = game.events
    return evs if type(evs) is tuple else tuple(evs)


def record_walls(game) -> list[list[int]]:
    """The engine wall of every round of a record. A round whose wall cannot be built (a deal of
    the wrong size, an id that is no tile) raises LogError naming its RoundStart."""
    return _walls(game, _events_of(game), 0)


def _walls(game, evs: tuple, first: int) -> list[list[int]]:
    """The engine walls of the record's rounds from round ``first`` on (record_walls)."""
    out = []
    n = evs[0].players
    starts = [i for i, e in enumerate(evs) if type(e) is RoundStart] + [len(evs)]
    ids = sorted(i for i in range(136) if not (n == 3 and 4 <= i < 32))   # sanma: no 2m-8m
    for a, b in list(zip(starts, starts[1:]))[first:]:
        try:
            w = _round_wall(evs[a], list(evs[a + 1:b]), n)
            if sorted(w) != ids:   # what the round's driver refuses, and the game's next deal would
                from yakuman.errors import InvalidContextError

                raise InvalidContextError("the record's round is not a permutation of the game's tiles")
        except Exception as err:  # noqa: BLE001 - malformed data: named as the drives name it
            raise _malformed_error(game, evs, err, label_of(evs[a]), a) from None
        out.append(w)
    return out


def check_record(game, rules=None) -> RecordCheck:
    """Replay a record through the engine (see the module docstring). A record the driver cannot
    read (a malformed event: a bad id, a None field, a deal of the wrong size) raises LogError
    naming the source, the round and the event, as the strict drive does."""
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
    the round and the event, with the problem's text. Strict or not, anything a malformed event
    makes the driver raise (a bad id, a None field, a wrong type, a deal of the wrong size)
    raises that LogError too, never another exception type."""
    evs = _events_of(game)
    try:
        return _drive(game, evs, rules, cases, strict)
    except _Malformed as m:
        raise _malformed_error(game, evs, *m.args) from None


class _Malformed(Exception):
    """(the exception, the round label, the event index) of a malformed event in a strict drive."""


def _malformed_error(game, evs: tuple, err: BaseException, label, at) -> LogError:
    """The LogError of a malformed event (a bad id, a None field, a wrong type, a deal of the wrong
    size) that made the driver raise ``err`` in round ``label`` at event ``at``."""
    return LogError(f"malformed event ({type(err).__name__}: {err})", game.source, label, at, _event_at(evs, at))


class _HookRaised(Exception):
    """An exception of a caller's hook, carried through the round's driver unchanged."""


def _event_at(evs: tuple, index) -> object:
    return evs[index] if type(index) is int and 0 <= index < len(evs) else None



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
        raise _Malformed(err, label, at) from err
    out = RecordCheck()
    results: list[RoundResult] | None = [] if cases else None
    for a, b in zip(starts, starts[1:]):
        rs = evs[a]
        out.rounds += 1
        label = label_of(rs)
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
            raise _Malformed(err, label, a if r is None else _failed_at(r, a, b)) from err
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
    _check_shape(game, _events_of(game))
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
    nxt = round_label(4 * (t[2] % 4) + t[3], t[5])
    same = "the table's scores" if table == theirs else f"the table's scores are {list(table)}"
    out.add("excerpt", label, index, f"an excerpt: the record's game ends with {list(theirs)} ({same}); "
            f"the engine's game goes on ({nxt} next)")


# ---- positions ----------------------------------------------------------------------------------
class _Found(Exception):
    """Raised by the position hook: the decision index reached."""


@dataclass
class Position:
    """A live engine state at a decision of a record (see :func:`position`): ``state`` (a
    ``_core.GameState`` of its own), ``rules``, ``round`` (the round's index in the record),
    ``event`` (the index of the record's event that answers the decision: the discard, call,
    win, riichi or kan; for the answers to a discard, the first win, else the call, else the
    event after them), ``start`` (the round's RoundStart) and ``walls`` (the engine walls of the
    record's later rounds)."""

    state: object
    rules: object
    round: int
    event: int
    start: RoundStart
    walls: list


def _check_shape(game, evs) -> None:
    if not evs or type(evs[0]) is not GameStart:
        raise LogError("game does not begin with GameStart", game.source)
    if not plain(evs):
        raise _shape_error(game)


def _prepare(game, rules):
    """(events, rules, round starts, make(a, b, out) -> the driver of the round evs[a:b]) of a
    record whose shape is checked; the drivers read no replay cases (lite)."""
    evs = _events_of(game)
    _check_shape(game, evs)
    rules = rules or evs[0].rules()
    cr = _core.compiled_game_rules(rules)
    n = evs[0].players

    def make(a: int, b: int, out: RecordCheck):
        return _Round(cr, rules.aka_dora, n, evs[a], evs[a + 1:b], a + 1, label_of(evs[a]), out, None, True)

    return evs, rules, _core.round_starts(evs, RoundStart), make


def decisions(game, rules=None, hook=None) -> RecordCheck:
    """Drive the record, calling ``hook(round_index, record_round, event_index)`` before every
    decision the record answers (the engine state ``record_round.st`` is the position: who is to
    act and their legal actions; ``event_index`` as in :class:`Position`). Every round is
    driven from its own start, as :func:`check_record` does; a round with a problem stops there.
    The hook may raise to stop the drive."""
    evs, rules, starts, make = _prepare(game, rules)
    out = RecordCheck()

    def call(ri: int, rr, i: int) -> None:
        try:
            hook(ri, rr, rr.base + i)
        except Exception as e:
            raise _HookRaised(e) from e

    for ri, (a, b) in enumerate(zip(starts, starts[1:])):
        out.rounds += 1
        r = _round_of(game, evs, make, a, b, out)
        if hook is not None:
            r.hook = lambda rr, i, ri=ri: call(ri, rr, i)
        try:
            _run_round(game, evs, r, a, b)
        except _Stop:
            pass
        except _HookRaised as h:
            raise h.args[0] from None
    return out


def _round_of(game, evs: tuple, make, a: int, b: int, out):
    """The driver of the round evs[a:b] (``make``); a round it cannot read (a deal of the wrong
    size, an id that is no tile, not a permutation of the tiles) raises LogError."""
    try:
        return make(a, b, out)
    except LogError:
        raise
    except Exception as err:  # noqa: BLE001 - malformed data: named as the strict drive names it
        raise _malformed_error(game, evs, err, label_of(evs[a]), a) from None


def _run_round(game, evs: tuple, r, a: int, b: int) -> None:
    """r.run(); a malformed event raises LogError (the hook's own exceptions, _Stop and _Found
    pass through)."""
    try:
        r.run()
    except (_Stop, _Found, _HookRaised, LogError):
        raise
    except Exception as err:  # noqa: BLE001 - malformed data: named as the strict drive names it
        raise _malformed_error(game, evs, err, label_of(evs[a]), _failed_at(r, a, b)) from None


def _failed_at(r, a: int, b: int) -> int:
    """The index of the event the driver r of the round evs[a:b] stopped at (b: after its last)."""
    return a + 1 + r.at if 0 <= r.at < b - a - 1 else b


def position(game, upto: int = 0, rules=None) -> Position:
    """The engine state at the first decision at or after event ``upto`` of a record (a
    ``yakuman.logs`` Game): every round before it is skipped, its round is driven from its start
    (scores, honba and sticks of the record) up to that decision. The wall is the record's
    (the deal, the draws, the indicators it shows; tiles it never shows fill the rest in an
    arbitrary order, so :meth:`yakuman.game.Game.determinize` is what to sample them with). A
    record that ends in the middle of a round gives the state its last event leaves when
    ``upto`` is past its end. Raises LogError when the record has a problem before ``upto`` and
    InvalidContextError when no decision follows ``upto``."""
    from yakuman.errors import InvalidContextError

    n_evs = len(_events_of(game))
    if type(upto) is not int or not 0 <= upto <= n_evs:
        raise InvalidContextError(f"upto = {rep(upto)} is not an event index 0..{n_evs} of the record")
    evs, rules, starts, make = _prepare(game, rules)

    def hook(rr, i):
        if rr.base + i >= upto:
            raise _Found(rr.base + i)

    for ri, (a, b) in enumerate(zip(starts, starts[1:])):
        if b <= upto and b < len(evs):
            continue
        out = RecordCheck()
        r = _round_of(game, evs, make, a, b, out)
        r.hook = hook
        try:
            _run_round(game, evs, r, a, b)
        except _Found as f:
            return _position(game, r, rules, ri, f.args[0], starts)
        except _Stop:
            p = out.problems[0] if out.problems else None
            if (p is not None and p["event"] == b and b == len(evs) and r.st.phase() < 2
                    and p["what"].startswith("the record's round ends")):
                return _position(game, r, rules, ri, b, starts)   # a record cut mid-round: its end
            if p is not None:
                raise LogError(p["what"], game.source, p["round"], p["event"], _event_at(evs, p["event"])) from None
    raise InvalidContextError(f"no decision of the record at or after event {upto}")


def _position(game, r, rules, ri: int, at: int, starts: list) -> Position:
    walls = _walls(game, _events_of(game), ri + 1) if ri + 2 < len(starts) else []
    return Position(r.st.copy(), rules, ri, at, r.start, walls)


_SELF_CODES = {"kakan": 6, "ankan": 7, "kita": 8}
_CALL_CODES = {"chi": 3, "pon": 4, "daiminkan": 5}


def record_action(evs, at: int, seat: int, legal: list):
    """The action ``seat`` took at the decision the record answers with event ``at`` (an index
    :func:`decisions` / :func:`position` gives): the entry of ``legal`` (the seat's legal actions
    there) that equals it -- the same type and tiles, a red five apart from a plain one; the
    engine lists one action per kind of tile, not per copy --, or None when the record's event is
    none of them. In a discard's answers (``legal`` holds a pass) a seat that neither wins nor
    calls passed."""
    return record_step(evs, at, seat, legal)[0]


def record_step(evs, at: int, seat: int, legal: list) -> tuple:
    """(:func:`record_action`, the engine code of the record's own tiles): stepping the code
    keeps the game's tile ids those of the record (the driver's own step), so that later events
    of the record name tiles the game holds."""
    e = evs[at] if at < len(evs) else None
    t = type(e)
    aka = 1 if evs[0].aka else 0
    answering = any(a._code[0] == 12 for a in legal)

    def first(code_type, cond=lambda a: True):
        a = next((a for a in legal if a._code[0] == code_type and cond(a)), None)
        return a, (a._code if a is not None else None)

    if answering:
        # the wins of this answer run from ``at`` while the events are wins or the automatic
        # events between them
        j = at
        while j < len(evs) and type(evs[j]) in (Win, RiichiAccept, NewDora):
            w = evs[j]
            if type(w) is Win and w.seat == seat and w.from_seat != seat:
                return first(10)
            j += 1
        if t is Call and e.kind in _CALL_CODES and e.seat == seat:
            want = [x for x in e.tiles if x != e.called]
            names = sorted(_pai(x, aka) for x in want)
            a, _ = first(_CALL_CODES[e.kind], lambda a: sorted(a.consumed) == names)
            return a, (_CALL_CODES[e.kind], seat, e.called, e.from_seat, 0, tuple(want))
        return first(12)
    if t is Discard:
        a, _ = first(1, lambda a: a.pai == _pai(e.tile, aka))
        return a, (1, seat, e.tile, 255, int(bool(e.tsumogiri)), ())
    if t is RiichiDeclare:
        return first(2)
    if t is Call and e.kind in _SELF_CODES:
        code = _SELF_CODES[e.kind]
        kind = (e.added if e.kind == "kakan" and e.added is not None else e.tiles[0]) >> 2
        return first(code, lambda a: code == 8 or a._code[2] >> 2 == kind)
    if t is Win and e.seat == e.from_seat:
        return first(9)
    if t is Ryuukyoku and e.reason == "kyuushu_kyuuhai":
        return first(11)
    return None, None
