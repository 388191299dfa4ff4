"""Expected value of each discard (yakuman.ev.discard_ev): per hand at 0-2 shanten, closed, with
the reference calculator's time beside it when its oracle is built (YAKUMAN_EV_ORACLE or
/tmp/mcpp/build/bin/ev_oracle; the oracle reports its own search time per hand, time_us).

    .venv/bin/python -m pytest bench/test_bench_ev.py --benchmark-only
    .venv/bin/python tools/ev_oracle_diff.py --shanten 1 --n 15 --seed 3   # both sides, one run
"""
from __future__ import annotations

import os
import random
import statistics
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import ev_oracle_diff as d  # noqa: E402

from yakuman.ev import discard_ev  # noqa: E402

N = 8


def _hands(shanten):
    rng = random.Random(40 + shanten)
    return [d.mpsz(d.random_hand(rng, shanten)[0]) for _ in range(N)]


@pytest.mark.parametrize("shanten", [0, 1, 2])
def test_discard_ev(benchmark, shanten):
    hands = _hands(shanten)
    it = iter(range(10**9))

    def one():
        return discard_ev(hands[next(it) % N], model="reference")

    benchmark.pedantic(one, rounds=N, iterations=1)
    if d.oracle_path():
        ref = d.run_oracle([{"hand": h} for h in hands])
        benchmark.extra_info["reference_median_ms"] = statistics.median(r["time_us"] for r in ref) / 1e3


def _columns(shanten, n):
    """n closed 14-tile hands of the given shanten as ev_many columns (the benchmark's hands)."""
    import numpy as np

    rng = random.Random(70 + shanten)
    return {"counts": np.array([d.random_hand(rng, shanten)[0] for _ in range(n)], dtype=np.uint8)}


@pytest.mark.parametrize("shanten", [1, 2])
@pytest.mark.parametrize("workers", [1, 2])
def test_ev_many(benchmark, shanten, workers):
    """ev_many on 2N hands: the batch form on the native thread pool (per row: the time / 2N)."""
    from yakuman.ev import ev_many

    cols = _columns(shanten, 2 * N)
    res = benchmark.pedantic(lambda: ev_many(cols, workers=workers), rounds=3, iterations=1)
    assert (res.status == 0).all()
    benchmark.extra_info["rows"] = 2 * N
