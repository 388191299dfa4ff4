"""Log throughput on a fixed sample of the shared Tenhou mjlog files: games per second for reading
(parse only: gunzip + XML tags -> events; and parsing alone, from decompressed bytes) and for the full verify (read, replay, re-score every
win, settle every round, compare), on one worker and on all cores.

The sample is every 10th file of the shared corpus's mjlog folder in name order (378 files, 376 games
once the unreadable fixtures are dropped); ``extra_info["hands"]`` is the number of games, so
bench/report.py prints time per game and games per second. A pool is started inside each timed
round, as ``yakuman logs verify --workers N`` does. Skipped when the data is absent.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from yakuman import logs
from yakuman.logs import tenhou_xml
from yakuman.logs.verify import verify_paths

from tests.conftest import TENHOU_DATA  # noqa: E402  (the one locator of the shared corpus)

MJLOG = TENHOU_DATA / "mjlog"
CORES = os.cpu_count() or 1

pytestmark = pytest.mark.skipif(not MJLOG.is_dir(), reason=f"Tenhou mjlog files not found at {MJLOG}")


def _games_in(paths: list[str]) -> int:
    n = 0
    for p in paths:
        try:
            n += len(logs.read(p, strict=False))
        except logs.LogError:
            pass
    return n


def _parse(files: list[str], workers: int) -> int:
    if workers == 1:
        return _games_in(files)
    size = max(1, len(files) // (workers * 8))
    chunks = [files[i : i + size] for i in range(0, len(files), size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return sum(pool.map(_games_in, chunks))


@pytest.fixture(scope="module")
def sample() -> tuple[list[str], int]:
    files = [str(p) for p in sorted(MJLOG.iterdir())[::10]]
    return files, _games_in(files)


def _run(benchmark, fn, games: int) -> None:
    benchmark.extra_info["hands"] = games
    benchmark.pedantic(fn, rounds=3, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="logs-parse")
@pytest.mark.parametrize("workers", [1, CORES], ids=["1-worker", "all-cores"])
def test_parse(benchmark, sample, workers):
    files, games = sample
    _run(benchmark, lambda: _parse(files, workers), games)
    assert _parse(files, workers) == games


@pytest.fixture(scope="module")
def decompressed(sample) -> list[tuple[str, bytes]]:
    """The readable sample files, decompressed in memory (parsing alone, no gunzip, no file reads)."""
    out = []
    for p in sample[0]:
        data = tenhou_xml.decompress(open(p, "rb").read())
        try:
            tenhou_xml.parse_mjlog(data, p, strict=False)
        except logs.LogError:
            continue
        out.append((p, data))
    return out


@pytest.mark.benchmark(group="logs-parse")
def test_parse_decompressed(benchmark, sample, decompressed):
    """Parsing alone, one worker: decompressed mjlog bytes -> Games (the native reader)."""
    def run() -> int:
        return sum(len(tenhou_xml.parse_mjlog(d, p, strict=False)) for p, d in decompressed)

    _run(benchmark, run, sample[1])
    assert run() == sample[1]


@pytest.mark.benchmark(group="logs-verify")
@pytest.mark.parametrize("workers", [1, CORES], ids=["1-worker", "all-cores"])
def test_verify(benchmark, sample, workers):
    files, games = sample
    _run(benchmark, lambda: verify_paths(files, workers=workers), games)
    report = verify_paths(files, workers=workers)
    assert report.counts["std_games"] == games and report.ok


def _replayed_in(paths: list[str]) -> int:
    """Read every game of the files and replay it through the engine (``yakuman.logs.replay``:
    the record driven step by step, each decision checked legal, the cases read from the engine)."""
    from yakuman.logs.replay import replay

    n = 0
    for p in paths:
        try:
            games = logs.read(p, strict=False)
        except logs.LogError:
            continue
        for g in games:
            try:
                replay(g)
                n += 1
            except logs.LogError:
                pass
    return n


@pytest.mark.benchmark(group="logs-replay")
@pytest.mark.parametrize("workers", [1, CORES], ids=["1-worker", "all-cores"])
def test_replay_engine(benchmark, sample, workers):
    """Read + replay through the game engine (no re-scoring, no comparison with the record)."""
    files, games = sample
    if workers == 1:
        def run() -> int:
            return _replayed_in(files)
    else:
        size = max(1, len(files) // (workers * 8))
        chunks = [files[i : i + size] for i in range(0, len(files), size)]

        def run() -> int:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                return sum(pool.map(_replayed_in, chunks))

    _run(benchmark, run, games)
    assert run() == games
