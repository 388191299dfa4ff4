"""Game records: readers (Tenhou mjlog XML, tenhou.net/6 JSON, mjai), the common event model,
replay with derived scoring inputs, and converters between the formats.

Typical use::

    from yakuman import logs
    for game in logs.read("2020010100gm-00a9-0000-03aa14b0.mjlog"):
        for case in logs.iter_wins(game):          # WinCase: derived inputs + the record
            result = yakuman.score(**case.inputs.kwargs())
            ...                                    # compare with case.record (Win event)

``replay_file(path)`` does it per file without raising (errors are collected), which is the
shape a verifier or a worker pool wants.

Verification and tables (docs/logs.md): ``verify_paths(paths, workers=N)`` re-scores and settles
every round and compares with the record (a :class:`VerifyReport`; ``yakuman logs verify`` on the
command line); ``to_frame(paths or games)`` gives one row per win/draw as a pandas DataFrame or
pyarrow Table; ``verify_dask(paths, client)`` / ``frame_dask(paths)`` run the same on Dask.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from yakuman._arrays import rep
from yakuman.logs.cluster import frame_dask, verify_dask
from yakuman.logs.convert import (
    comparable,
    detect_format,
    mjlog_to_mjai,
    mjlog_to_tenhou6,
    read,
    read_bytes,
    to_mjai,
    to_mjai_lines,
    to_tenhou_json,
)
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    Game,
    GameEnd,
    GameStart,
    IdAllocator,
    LogError,
    LogFormatError,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
)
from yakuman.logs.frame import to_frame, to_table, write_parquet
from yakuman.logs.replay import (
    DiscardInfo,
    DrawCase,
    RoundResult,
    ScoreInputs,
    WinCase,
    iter_wins,
    replay,
)
from yakuman.logs.verify import FileResult, VerifyReport, find_logs, verify_file, verify_game, verify_paths

__all__ = [
    "read",
    "read_bytes",
    "detect_format",
    "replay",
    "iter_wins",
    "replay_file",
    "FileReplay",
    "to_mjai",
    "to_mjai_lines",
    "to_tenhou_json",
    "mjlog_to_mjai",
    "mjlog_to_tenhou6",
    "comparable",
    "Game",
    "GameStart",
    "RoundStart",
    "Draw",
    "Discard",
    "Call",
    "RiichiDeclare",
    "RiichiAccept",
    "NewDora",
    "Win",
    "Ryuukyoku",
    "GameEnd",
    "LogError",
    "LogFormatError",
    "IdAllocator",
    "ScoreInputs",
    "WinCase",
    "DrawCase",
    "RoundResult",
    "DiscardInfo",
    "verify_paths",
    "verify_file",
    "verify_game",
    "find_logs",
    "VerifyReport",
    "FileResult",
    "to_frame",
    "to_table",
    "write_parquet",
    "verify_dask",
    "frame_dask",
]


@dataclass
class FileReplay:
    """Everything one file gave: (game, rounds) pairs and the errors met (never raised).
    A truncated game appears in ``games`` with its complete rounds and in ``errors``."""

    source: str
    games: list[tuple[Game, list[RoundResult]]] = field(default_factory=list)
    errors: list[LogError] = field(default_factory=list)

    def wins(self) -> list[WinCase]:
        return [w for _, rounds in self.games for r in rounds for w in r.wins]

    def draws(self) -> list[DrawCase]:
        return [r.draw for _, rounds in self.games for r in rounds if r.draw is not None]


def replay_file(path: str | Path, strict: bool = False) -> FileReplay:
    """Read and replay every game of a file; a bad game does not stop the others."""
    out = FileReplay(str(path) if isinstance(path, (str, os.PathLike)) else rep(path))   # read() refuses a non-path
    try:
        games = read(path, strict=strict)
    except LogError as e:
        out.errors.append(e)
        return out
    for g in games:
        if g.truncated:
            out.errors.append(LogFormatError(g.truncated, g.source))
        try:
            out.games.append((g, replay(g)))
        except LogError as e:
            out.errors.append(e)
    return out
