"""AI-search helpers: per call (ukeire, discard analysis, ShantenState steps) and batch (1 and 2
workers), on seeded corpora. The peer is what a user of the `mahjong` package writes for ukeire:
its shanten called for the hand and for each of the 34 possible draws (it has no ukeire)."""

from __future__ import annotations

import random

import pytest
from _util import per_call as _per_call

from yakuman.random import random_hands
from yakuman.search import ShantenState, discard_analysis, discard_analysis_many, ukeire, ukeire_many

CORPUS14 = 2000
BATCH14 = 50_000
PEER_HANDS = 200


@pytest.fixture(scope="session")
def hands14_lists():
    return [row.tolist() for row in random_hands(CORPUS14, seed=2025, size=14)]


@pytest.fixture(scope="session")
def batch14():
    return random_hands(BATCH14, seed=8, size=14)


@pytest.fixture(scope="session")
def visible13(hands13_lists):
    """For each hand, 20 more tiles from the rest of the wall (seeded): a mid-game river."""
    rng = random.Random(3)
    out = []
    for hand in hands13_lists:
        wall = [k for k in range(34) for _ in range(4 - hand[k])]
        vis = [0] * 34
        for k in rng.sample(wall, 20):
            vis[k] += 1
        out.append(vis)
    return out


@pytest.mark.benchmark(group="ukeire-per-call")
def test_yakuman_ukeire_counts(benchmark, hands13_lists):
    _per_call(benchmark, ukeire, hands13_lists)


@pytest.mark.benchmark(group="ukeire-per-call")
def test_yakuman_ukeire_mpsz(benchmark, hands13_mpsz):
    _per_call(benchmark, ukeire, hands13_mpsz)


@pytest.mark.benchmark(group="ukeire-per-call")
def test_yakuman_ukeire_visible(benchmark, hands13_lists, visible13):
    pairs = list(zip(hands13_lists, visible13))
    benchmark.extra_info["hands"] = len(pairs)

    def run():
        for h, v in pairs:
            ukeire(h, visible=v)

    benchmark(run)


@pytest.mark.benchmark(group="ukeire-per-call")
def test_peer_mahjong_ukeire_counts(benchmark, hands13_lists):
    from mahjong.shanten import Shanten

    calc = Shanten()

    def peer_ukeire(hand):
        now = calc.calculate_shanten(hand)
        out = {}
        for k in range(34):
            if hand[k] < 4:
                hand[k] += 1
                if calc.calculate_shanten(hand) < now:
                    out[k] = 4 - hand[k] + 1
                hand[k] -= 1
        return now, out

    _per_call(benchmark, peer_ukeire, [list(h) for h in hands13_lists[:PEER_HANDS]])


@pytest.mark.benchmark(group="discard-analysis-per-call")
def test_yakuman_discard_analysis(benchmark, hands14_lists):
    _per_call(benchmark, discard_analysis, hands14_lists)


@pytest.mark.benchmark(group="shanten-state")
def test_yakuman_state_draw_discard(benchmark, hands13_lists):
    """One draw and one discard (a search step), shanten returned by each."""
    rng = random.Random(4)
    states, steps = [], []
    for hand in hands13_lists[:500]:
        draw = rng.choice([k for k in range(34) if hand[k] < 4])
        states.append(ShantenState(hand))
        steps.append(draw)
    pairs = list(zip(states, steps))
    benchmark.extra_info["hands"] = len(pairs)

    def run():
        for s, k in pairs:
            s.draw(k)
            s.discard(k)

    benchmark(run)


@pytest.mark.benchmark(group="ukeire-batch")
@pytest.mark.parametrize("workers", [1, 2])
def test_yakuman_ukeire_batch(benchmark, batch13, workers):
    benchmark.extra_info["hands"] = len(batch13)
    benchmark(ukeire_many, batch13, workers=workers)


@pytest.mark.benchmark(group="discard-analysis-batch")
@pytest.mark.parametrize("workers", [1, 2])
def test_yakuman_discard_analysis_batch(benchmark, batch14, workers):
    benchmark.extra_info["hands"] = len(batch14)
    benchmark(discard_analysis_many, batch14, workers=workers)
