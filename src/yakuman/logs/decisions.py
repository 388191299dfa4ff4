"""Training data from game records: every decision of every record as the arrays a
:class:`~yakuman.game.VecGame` gives (``docs/learning.md``).

``decisions(paths)`` drives each record through the engine (``yakuman.game.records.drive``,
strict) with a decision sink bound: at each decision the deciding seat's planes, scalars and
mask (the fixed action space) and the index of the action the record took are written, with the
seat, the round, and the round's and the game's outcome. The passes a record implies (a seat
the engine asked to answer a discard or a kan -- it could call or ron -- that did not) are
decisions with the pass index, flagged ``implied_pass``. A record decision that maps to no
legal index, or an event the driver cannot read (a malformed record), raises
:class:`~yakuman.logs.events.LogError` naming the file, round and event. A
round whose record disagrees with the engine on something automatic (a draw, a payment) gives
its decisions up to that point; the rest of that round is left out and named in ``skipped``.

``write_shards(paths, out_dir)`` writes the same rows as ``.npz`` (or Parquet) shards of at
most ``rows`` decisions each, for corpora that do not fit in memory.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from yakuman import _core
from yakuman._arrays import int_at_least
from yakuman.errors import InvalidArgumentError
from yakuman.logs.convert import read
from yakuman.logs.events import GameEnd, LogError, RoundStart, Ryuukyoku, Win, label_of
from yakuman.logs.corpus import find_logs
from yakuman._arrays import rep, shown

__all__ = ["Decisions", "decisions", "iter_decisions", "write_shards"]


@dataclass(frozen=True)
class Decisions:
    """Columns of N decisions: ``planes`` uint8 [N, 33, 34], ``scalars`` int64 [N, 24],
    ``mask`` bool [N, A], ``action`` int16 (the index taken), ``seat`` int8, ``game`` int32
    (the game's number in the input, from 0), ``round`` int16 (the round's number within its
    game), ``event`` int32 (the event index in its record), ``implied_pass`` bool,
    ``round_delta`` int64 (the deciding seat's score change over the round), ``final_score``
    int64 and ``final_rank`` int8 (the seat's final points and placement, 0 = first; -1 when
    the record has no game end); ``sources`` names the file of each game number; ``skipped``
    the files and games left out (no game in the file, a game cut short)."""

    planes: Any
    scalars: Any
    mask: Any
    action: Any
    seat: Any
    game: Any
    round: Any
    event: Any
    implied_pass: Any
    round_delta: Any
    final_score: Any
    final_rank: Any
    sources: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.action)

    @property
    def passes(self) -> int:
        """How many rows are passes the record implies (counted apart from its own actions)."""
        return int(self.implied_pass.sum())

    def columns(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in _COLUMNS}


_COLUMNS = ("planes", "scalars", "mask", "action", "seat", "game", "round", "event", "implied_pass", "round_delta",
            "final_score", "final_rank")


_SCORE_RANGE = 1 << 62   # the engine's 64-bit score range (docs/game.md)


def _in_range(game, v: int, what: str, label, i: int, e) -> int:
    """v, when it is a score the engine can hold (|v| <= 2**62); else LogError at event i (a
    damaged record: the int64 columns cannot hold it)."""
    if not -_SCORE_RANGE <= v <= _SCORE_RANGE:
        raise LogError(f"{what} {v} outside the engine's score range -2**62..2**62", game.source, label, i, e)
    return v


def _outcomes(game) -> tuple[list[tuple[int, ...]], tuple[int, ...] | None, tuple[int, ...] | None]:
    """Each round's score changes (the sum of its wins' and draws' deltas) and the final scores
    and placements (ties: the earlier seat first), from the record."""
    rounds: list[list[int]] = []
    n = game.events[0].players
    final = None
    label = None
    for i, e in enumerate(game.events):
        t = type(e)
        if t is RoundStart:
            rounds.append([0] * n)
            label = label_of(e)
        elif (t is Win or t is Ryuukyoku) and rounds and e.deltas is not None:
            for q, d in enumerate(e.deltas[:n]):
                rounds[-1][q] = _in_range(game, rounds[-1][q] + d, "score change", label, i, e)
        elif t is GameEnd:
            final = tuple(_in_range(game, x, "final score", label, i, e) for x in e.scores[:n])
    ranks = None
    if final is not None:
        order = sorted(range(n), key=lambda q: (-final[q], q))
        r = [0] * n
        for place, q in enumerate(order):
            r[q] = place
        ranks = tuple(r)
    return [tuple(x) for x in rounds], final, ranks


def _file_rows(path: str, player: str | None, spill: str | None = None) -> tuple:
    """The decisions of one file (the per-file function of :func:`yakuman.logs.corpus.iter_files`,
    run in a worker process when ``workers`` > 1; it returns its verdict, never raises one):

    - ``("ok", chunks, games, skipped)``: ``chunks`` the rows (dicts of arrays, ``game``
      numbered from 0 within the file; with ``spill``, a folder, the rows are written to a file
      there instead and ``chunks`` is ``(file, layout)``: see :func:`_spill`), ``games`` one ``(source, round deltas, final scores,
      final ranks, seats kept)`` per game, ``skipped`` what was left out (a file the reader
      refuses, a game cut short, the rest of a round after a disagreement);
    - ``("error", args)``: the arguments of the LogError of the first decision that maps to no
      legal index, or of a malformed event the driver cannot read (the caller raises it, in file
      order)."""
    from yakuman.game.records import drive

    skipped: list[str] = []
    try:
        games = read(path, strict=False)
    except LogError as e:
        return ("ok", [], [], [f"{path}: {e}"])
    sink = _core.DecisionSink(8192)
    kept: list[tuple] = []
    _core.replay_set_sink(sink)
    try:
        for game in games:
            if game.truncated:
                skipped.append(f"{path}: a truncated game")
                continue
            sink.game_index = len(kept)
            sink.round_index = -1
            try:
                check = drive(game, cases=False)[0]
            except LogError as e:   # a round the driver cannot read (a malformed event)
                return ("error", (e.problem, path, e.round, e.index, e.event))
            if check.illegal:
                p = check.first_illegal
                ev = p["event"]
                return ("error", (p["what"], path, p["round"], ev,
                                  game.events[ev] if type(ev) is int and 0 <= ev < len(game.events) else None))
            if check.disagreements:
                p = check.first_disagreement
                skipped.append(f"{path}: round {p['round']} event {p['event']}: the rest of the round after a "
                               f"disagreement ({p['what']}); {check.disagreements} such round(s) in the game")
            seats = None
            if player is not None:
                names = tuple(game.events[0].names)
                seats = frozenset(q for q, nm in enumerate(names) if nm == player)
            try:
                outcomes = _outcomes(game)
            except LogError as e:   # a score no column can hold
                return ("error", (e.problem, path, e.round, e.index, e.event))
            kept.append((path, *outcomes, seats))
    finally:
        _core.replay_set_sink(None)
    rows = sink.take()
    return ("ok", _spill(rows, spill) if spill is not None and rows else rows, kept, skipped)


def _spill(chunks: list[dict], folder: str) -> tuple[str, list[tuple]]:
    """Write the rows to one raw file in ``folder`` (a worker's rows reach the caller through
    the page cache, memory on tmpfs, instead of being pickled through a pipe: the rows are
    large beside the work that makes them). Returns (file, [(column, dtype, shape)])."""
    import tempfile

    cols = {k: np.concatenate([c[k] for c in chunks]) if len(chunks) > 1 else chunks[0][k] for k in chunks[0]}
    fd, name = tempfile.mkstemp(dir=folder, suffix=".rows")
    with open(fd, "wb") as f:
        for v in cols.values():
            f.write(np.ascontiguousarray(v).data)
    return name, [(k, v.dtype.str, v.shape) for k, v in cols.items()]


def _unspill(spilled: tuple[str, list[tuple]]) -> list[dict]:
    """The rows :func:`_spill` wrote, as one chunk (views of the file mapped in memory, its pages
    mapped at once, read once by the block's concatenation; ``game`` a copy, as the caller
    renumbers it); the file is removed (POSIX: at once, the mapping stays valid; elsewhere after
    reading it)."""
    import math
    import mmap

    name, layout = spilled
    sizes = [np.dtype(dt).itemsize * math.prod(shape) for _, dt, shape in layout]
    with open(name, "rb") as f:
        if os.fstat(f.fileno()).st_size != sum(sizes):
            raise OSError(f"{name}: not the {sum(sizes)} bytes of spilled decision rows it should hold")
        if os.name == "posix":
            buf = mmap.mmap(f.fileno(), 0, flags=mmap.MAP_SHARED | getattr(mmap, "MAP_POPULATE", 0),
                            prot=mmap.PROT_READ)
        else:
            buf = bytearray(f.read())
    os.unlink(name)
    out, off = {}, 0
    for (k, dt, shape), size in zip(layout, sizes):
        out[k] = np.frombuffer(buf, dtype=dt, count=size // np.dtype(dt).itemsize, offset=off).reshape(shape)
        off += size
    out["game"] = out["game"].copy()
    return [out]


def _spill_root() -> str | None:
    """Memory-backed /dev/shm when there is one, else the default temporary folder."""
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


def _worker_died(path: str) -> tuple:
    return ("died", path)



def _check_player(player) -> None:
    if player is not None and not isinstance(player, str):
        raise InvalidArgumentError(f"player must be a name (str) or None, not {rep(player)}")


def iter_decisions(paths: str | Path | Iterable[str | Path], player: str | None = None, *,
                   chunk: int = 65536, workers: int = 1) -> Iterator[Decisions]:
    """The decisions of the records under ``paths`` (files or directories) in blocks of about
    ``chunk`` rows (whole files, so whole games, per block). ``player``: only the decisions of
    the seat with that name (GameStart.names). ``workers`` > 1: the files are read and driven in
    that many processes (:func:`yakuman.logs.corpus.iter_files`; the rows reach this process
    through files in a temporary folder, on /dev/shm when there is one); the rows, their order
    and the blocks are the same for any ``workers``."""
    from yakuman.logs.corpus import worker_count

    _check_player(player)
    chunk = int_at_least(chunk, 1, "chunk must be a positive number of rows")
    files = [str(p) for p in find_logs(paths)]
    workers = worker_count(workers, len(files))
    if workers == 1:
        yield from _blocks(files, player, chunk, 1, None)
        return
    import tempfile

    with tempfile.TemporaryDirectory(prefix="yakuman-decisions-", dir=_spill_root()) as spill:
        yield from _blocks(files, player, chunk, workers, spill)


def _blocks(files: list[str], player: str | None, chunk: int, workers: int, spill: str | None) -> Iterator[Decisions]:
    from yakuman.logs.corpus import iter_files

    sources: list[str] = []
    outcome_rows: list[tuple] = []   # per game: (round deltas, final scores, final ranks, seat filter)
    skipped: list[str] = []
    pending: list[dict] = []
    rows = 0
    results = iter_files(_file_rows, files, args=(player, spill), workers=workers, died=_worker_died)
    try:   # the pool is closed before the caller removes the spill folder, even on an error (whose
        # traceback holds this frame, and so would keep the workers writing into the folder)
        for path, res in zip(files, results):   # an error: the spill folder goes with what is left in it
            if res[0] == "error":
                raise LogError(*res[1])
            if res[0] == "died":
                raise LogError("the worker reading this file died twice (killed by a signal, e.g. the OOM "
                               "killer)", path)
            _, chunks, games, sk = res
            if isinstance(chunks, tuple):
                chunks = _unspill(chunks)
            first = len(sources)
            for c in chunks:
                c["game"] += first            # file-local game numbers -> numbers in the input
                pending.append(c)
                rows += len(c["action"])
            for g in games:
                sources.append(g[0])
                outcome_rows.append(g[1:])
            skipped.extend(sk)
            if rows >= chunk:
                yield _block(pending, sources, outcome_rows, skipped)
                pending, rows = [], 0
        if pending:
            yield _block(pending, sources, outcome_rows, skipped)
    finally:
        results.close()


def _block(chunks: list[dict], sources: list[str], outcome_rows: list[tuple], skipped: list[str]) -> Decisions:
    cols = {k: np.concatenate([c[k] for c in chunks]) if chunks else None for k in chunks[0]}
    n = len(cols["action"])
    delta = np.zeros(n, dtype=np.int64)
    fscore = np.full(n, -1, dtype=np.int64)
    frank = np.full(n, -1, dtype=np.int8)
    keep = np.ones(n, dtype=np.bool_)
    g, r, s = cols["game"], cols["round"], cols["seat"].astype(np.int64)
    for gi in np.unique(g):
        rows = g == gi
        deltas, final, ranks, seats = outcome_rows[gi]
        if deltas:
            table = np.asarray(deltas, dtype=np.int64)
            delta[rows] = table[np.clip(r[rows], 0, len(deltas) - 1), s[rows]]
        if final is not None:
            fscore[rows] = np.asarray(final, dtype=np.int64)[s[rows]]
            frank[rows] = np.asarray(ranks, dtype=np.int8)[s[rows]]
        if seats is not None:
            keep[rows] = np.isin(s[rows], list(seats))
    cols.update(round_delta=delta, final_score=fscore, final_rank=frank)
    if not keep.all():
        cols = {k: v[keep] for k, v in cols.items()}
    return Decisions(**{k: cols[k] for k in _COLUMNS}, sources=tuple(sources), skipped=tuple(skipped))


def decisions(paths: str | Path | Iterable[str | Path], player: str | None = None, *,
              workers: int = 1) -> Decisions:
    """Every decision of the records under ``paths`` (or of the seat named ``player``) as one
    :class:`Decisions` (see the module docstring); ``workers`` processes (the same rows for any
    number)."""
    blocks = list(iter_decisions(paths, player, chunk=1 << 30, workers=workers))
    if not blocks:
        return _empty()
    if len(blocks) == 1:
        return blocks[0]
    cols = {k: np.concatenate([getattr(b, k) for b in blocks]) for k in _COLUMNS}
    return Decisions(**cols, sources=blocks[-1].sources, skipped=blocks[-1].skipped)


def _empty() -> Decisions:
    a = _core.ACTION_SPACE
    z = {"planes": np.zeros((0, _core.GAME_OBS_PLANES, 34), np.uint8), "scalars": np.zeros((0, 24), np.int64),
         "mask": np.zeros((0, a), np.bool_), "action": np.zeros(0, np.int16), "seat": np.zeros(0, np.int8),
         "game": np.zeros(0, np.int32), "round": np.zeros(0, np.int16), "event": np.zeros(0, np.int32),
         "implied_pass": np.zeros(0, np.bool_), "round_delta": np.zeros(0, np.int64),
         "final_score": np.zeros(0, np.int64), "final_rank": np.zeros(0, np.int8)}
    return Decisions(**z)


def write_shards(paths: str | Path | Iterable[str | Path], out_dir: str | Path, *, player: str | None = None,
                 rows: int = 1 << 18, format: str = "npz", workers: int = 1) -> list[Path]:
    """Write the decisions of the records under ``paths`` as shards of at most about ``rows``
    decisions (whole games per shard): ``decisions-00000.npz`` ... (``np.load`` gives the
    columns of :class:`Decisions`) or, with ``format="parquet"``, Parquet files with one row
    per decision (planes, scalars and mask as fixed-size lists); ``workers`` processes (the same
    shards for any number). Returns the shard paths."""
    if format not in ("npz", "parquet"):
        raise InvalidArgumentError(f"format must be 'npz' or 'parquet', not {rep(format)}")
    rows = int_at_least(rows, 1, "rows must be a positive number of decisions")
    if not isinstance(out_dir, (str, os.PathLike)):
        raise InvalidArgumentError(f"out_dir must be a folder (a str or os.PathLike), not {type(out_dir).__name__}")
    _check_player(player)
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as e:   # a file of that name, a folder it may not write to, a NUL byte
        raise InvalidArgumentError(f"out_dir {shown(str(out), 80)} is not a folder it can write to: "
                                   f"{getattr(e, 'strerror', None) or e}") from None
    written = []
    for i, block in enumerate(iter_decisions(paths, player, chunk=rows, workers=workers)):
        path = out / f"decisions-{i:05d}.{format}"
        if format == "npz":
            np.savez(path, **block.columns())
        else:
            _write_parquet(block, path)
        written.append(path)
    return written


def _write_parquet(block: Decisions, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    cols = {}
    for k, v in block.columns().items():
        if v.ndim == 1:
            cols[k] = pa.array(v)
        else:
            flat = v.reshape(len(v), -1)
            cols[k] = pa.FixedSizeListArray.from_arrays(pa.array(flat.reshape(-1)), flat.shape[1])
    pq.write_table(pa.table(cols), path)
