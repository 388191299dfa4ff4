"""Game engine throughput: a uniform-random game driven from Python (legal_actions + step at
each decision) beside riichienv's RiichiEnv driven by its RandomAgent in the same run; native
rollouts (simulate, one worker); copy().

``extra_info["hands"]`` is the number of decisions (Python-driven), games (simulate) or copies,
so bench/report.py prints per-decision / per-game / per-copy figures."""

from __future__ import annotations

import random

import pytest
from _util import play_riichienv as _play_riichienv
from _util import play_yakuman as _play_yakuman

from yakuman.game import Game, simulate

GAMES = 4


@pytest.mark.benchmark(group="game-python-random")
def test_yakuman_random_game_decisions(benchmark):
    seeds = list(range(GAMES))
    benchmark.extra_info["hands"] = _play_yakuman(seeds)
    benchmark(_play_yakuman, seeds)


@pytest.mark.benchmark(group="game-python-random")
def test_peer_riichienv_random_game_decisions(benchmark):
    pytest.importorskip("riichienv")
    seeds = list(range(GAMES))
    benchmark.extra_info["hands"] = _play_riichienv(seeds)
    benchmark(_play_riichienv, seeds)


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.benchmark(group="game-simulate")
def test_yakuman_simulate_hanchan(benchmark, policy):
    benchmark.extra_info["hands"] = 200
    benchmark(simulate, 200, seed=1, policy=policy, workers=1)


@pytest.mark.benchmark(group="game-copy")
def test_yakuman_copy(benchmark):
    g = Game(seed=1)
    rng = random.Random(1)
    for _ in range(100):
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    st = g._st
    benchmark.extra_info["hands"] = 1000

    def run():
        for _ in range(1000):
            st.copy()

    benchmark(run)


@pytest.mark.benchmark(group="game-copy")
def test_yakuman_game_copy(benchmark):
    g = Game(seed=1)
    benchmark.extra_info["hands"] = 1000

    def run():
        for _ in range(1000):
            g.copy()

    benchmark(run)


@pytest.mark.benchmark(group="game-determinize")
def test_yakuman_determinize(benchmark):
    """Game.determinize 200 times at one position (East 1, 100 decisions in, no riichi): the
    engine's world (csrc/ym_game_world.c); the record is filled in only when read."""
    g = Game(seed=1)
    rng = random.Random(1)
    for _ in range(100):
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    seat = g.to_act[0]
    benchmark.extra_info["hands"] = 200

    def run():
        for i in range(200):
            g.determinize(seat, i)

    benchmark(run)
