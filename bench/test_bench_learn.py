"""The learning back-end's throughput (docs/learning.md): a VecGame stepped with uniformly random
legal actions chosen in numpy, on 2 workers and on 1, beside riichienv's RiichiEnv driven by its
RandomAgent in the same run; and logs.decisions over the fixture records.

The VecGame rows time the environment alone: each benchmark round is one ``step`` (which also
produces the next observations and masks in place; ``observe`` returns those arrays); the
action choice runs in pedantic's untimed setup. ``extra_info["hands"]`` is the decisions per
round (one per game), so bench/report.py prints decisions/s."""

from __future__ import annotations

import glob
import os

import numpy as np
import pytest
from _util import play_riichienv as _play_riichienv

from yakuman.game import VecGame
from yakuman.logs.decisions import decisions

GAMES = 512          # games per VecGame (about 256 per worker: their states stay in cache)
ROUNDS = 400         # steps timed (after 50 warm-up steps)


def _vec_bench(benchmark, workers: int) -> None:
    v = VecGame(GAMES, seed=1, workers=workers)
    o = v.observe()
    rng = np.random.default_rng(0)
    buf = np.empty((GAMES, o.mask.shape[1]), np.float32)
    act = np.zeros(GAMES, np.int64)

    def choose():
        rng.random(dtype=np.float32, out=buf)
        np.multiply(buf, o.mask, out=buf)
        np.argmax(buf, axis=1, out=act)
        return (act,), {}

    def step(a):
        v.step(a)
        v.observe()

    benchmark.extra_info["hands"] = GAMES
    benchmark.extra_info["workers"] = workers
    benchmark.pedantic(step, setup=choose, rounds=ROUNDS, warmup_rounds=50, iterations=1)
    assert not o.status.any()


@pytest.mark.benchmark(group="learn-vecgame")
def test_yakuman_vecgame_random_2_workers(benchmark):
    _vec_bench(benchmark, 2)


@pytest.mark.benchmark(group="learn-vecgame")
def test_yakuman_vecgame_random_1_worker(benchmark):
    _vec_bench(benchmark, 1)


@pytest.mark.benchmark(group="learn-vecgame")
def test_peer_riichienv_env_random_agent(benchmark):
    pytest.importorskip("riichienv")
    seeds = [0, 1]
    benchmark.extra_info["hands"] = _play_riichienv(seeds)
    benchmark(_play_riichienv, seeds)


@pytest.mark.benchmark(group="learn-decisions")
def test_yakuman_logs_decisions_fixtures(benchmark):
    files = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "tests", "fixtures", "logs", "*.mjlog")))
    benchmark.extra_info["hands"] = len(decisions(files))
    benchmark(decisions, files)
