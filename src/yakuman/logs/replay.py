"""Replay a game's events through the game engine and give each win's scoring inputs.

:func:`replay` is a thin adapter over the engine: :func:`yakuman.game.records.drive` steps the
native engine through the record round by round (every decision must be one of that seat's
legal actions, every automatic transition -- the next draw, the replacement draw, a dora
reveal, a round end, the deltas, the next hand -- is the engine's own and must equal the
record) and, at each ``Win``, reads from the engine state just before the win is stepped the
concealed tiles, melds, kita, dora indicators, riichi state, honba, sticks, pao seat and the
situation flags (riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
chiihou, renhou: the engine's ``ym_game_win_flags``, the flags its own scorer takes);
:func:`engine_win_case` / :func:`engine_draw_case` turn that into :class:`WinCase` /
:class:`DrawCase` (every input of ``yakuman.score`` as :class:`ScoreInputs`, WITHOUT the
record's yaku list; only the ura indicators come from the win record).

There is no second reading of the game: a record the engine does not play as it stands (a
decision it refuses, a transition that is not its own, events out of the shape the driver
reads, a malformed event) raises :class:`LogError` naming the source, the round label and the
event index, with the driver's problem text (e.g. ``discard 17 by seat 2: ... is not legal
now``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict
from typing import Any

from yakuman.logs.cases import (  # noqa: F401 - the case types and helpers, re-exported
    _PLAIN,
    DiscardInfo,
    DrawCase,
    RoundResult,
    ScoreInputs,
    WinCase,
    _mpsz,
    _shape_error,
    engine_draw_case,
    engine_win_case,
    meld_string,
    plain,
)
from yakuman.logs.events import Game

__all__ = [
    "ScoreInputs",
    "WinCase",
    "DrawCase",
    "RoundResult",
    "DiscardInfo",
    "replay",
    "iter_wins",
    "meld_string",
    "engine_rounds",
]

def replay(game: Game, rules: Any = None) -> list[RoundResult]:
    """Replay every round of a game through the engine (:func:`yakuman.game.records.drive`):
    every hand, meld, dora indicator and situation flag of a case is read from the engine state.
    ``rules`` overrides the header's rules (default: the Tenhou preset the header describes).

    Raises :class:`LogError` naming the source, the round and the event when the record is not
    a game the engine plays: a decision that is not among that seat's legal actions, an
    automatic transition (a draw, a dora reveal, a round end, the deltas, the next hand) that is
    not the engine's, events out of the shape the driver reads, or a malformed event."""
    return engine_rounds(game, rules)


def engine_rounds(game: Game, rules: Any = None, check: Any = None, strict: bool = True,
                  cases: bool | str = True) -> list[RoundResult]:
    """The rounds of the engine driver (see :func:`replay`, which this is; ``check``: a list
    that receives the driver's RecordCheck).

    ``strict=False`` (``logs verify``, which reports every problem): a decision the engine
    refuses or a transition that is not its own does not raise but is counted in the check
    (with its round and event); the round it happens in stops there and holds only the cases
    the engine reached before it (or at it: a round end whose deltas or draw differ keeps the
    engine's case). A record of the wrong shape or a malformed event still raises LogError.
    ``cases="verify"``: the wins are ``_core.EngineWin`` (see :func:`yakuman.game.records.drive`)."""
    from yakuman.game.records import engine_rounds as drive_rounds   # the driver imports this package

    return drive_rounds(game, rules, check, strict, cases)


def iter_wins(game: Game, rules: Any = None) -> Iterator[WinCase]:
    """Every win of a game with its derived score inputs and the record's result."""
    for rr in replay(game, rules):
        yield from rr.wins


def case_dict(case: WinCase) -> dict:
    """A JSON-friendly dict of a WinCase (events as dicts)."""
    d = {k: getattr(case, k) for k in case.__dataclass_fields__ if k not in ("inputs", "record", "round")}
    d["melds"] = [asdict(m) for m in case.melds]
    d["inputs"] = {k: v for k, v in case.inputs.kwargs().items() if k != "rules"}
    d["record"] = asdict(case.record)
    d["round"] = asdict(case.round)
    return d
