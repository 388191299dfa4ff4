"""Benchmark corpora: seeded, the same in every run.

Each benchmark processes a whole corpus per round; ``benchmark.extra_info["hands"]`` records its
size so that bench/report.py can turn the timings into ns/hand and hands/s, and into ratios
against the peers measured in the same run.
"""

from __future__ import annotations

import pytest

from yakuman import tiles
from yakuman.random import random_hands

CORPUS = 2000
BATCH = 200_000


@pytest.fixture(scope="session")
def hands13():
    return random_hands(CORPUS, seed=2024, size=13)


@pytest.fixture(scope="session")
def hands13_lists(hands13):
    return [row.tolist() for row in hands13]


@pytest.fixture(scope="session")
def hands13_mpsz(hands13_lists):
    return [tiles.to_mpsz(c) for c in hands13_lists]


@pytest.fixture(scope="session")
def hands13_136(hands13_lists):
    return [tiles.to_136(c) for c in hands13_lists]


@pytest.fixture(scope="session")
def batch13():
    return random_hands(BATCH, seed=7, size=13)
