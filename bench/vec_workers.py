"""VecGame on 1 and 2 workers, alternating in one process: the environment's time (``step``, which
writes the next observations and masks) per decision, the action choice in numpy untimed, as in
bench/test_bench_learn.py. Prints each run's median step and its total time, with the load
average before the rounds (on a shared machine only the ratio within a round means much).

    PYTHONPATH=src python bench/vec_workers.py [games] [steps] [rounds]
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

from yakuman.game import VecGame


def run(games: int, steps: int, workers: int) -> tuple[float, float]:
    v = VecGame(games, seed=1, workers=workers)
    o = v.observe()
    rng = np.random.default_rng(0)
    buf = np.empty((games, o.mask.shape[1]), np.float32)
    act = np.zeros(games, np.int64)
    times = []
    for i in range(steps + 50):
        rng.random(dtype=np.float32, out=buf)
        np.multiply(buf, o.mask, out=buf)
        np.argmax(buf, axis=1, out=act)
        t = time.perf_counter()
        v.step(act)
        v.observe()
        t = time.perf_counter() - t
        if i >= 50:
            times.append(t)
    assert not o.status.any()
    return games / float(np.median(times)), float(sum(times))


def main() -> None:
    games, steps, rounds = (int(x) for x in (sys.argv[1:] + ["512", "1000", "3"][len(sys.argv) - 1:]))
    for r in range(rounds):
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        line = []
        for w in (1, 2):
            rate, total = run(games, steps, w)
            line.append(f"{w} worker{'s' * (w > 1)}: {rate:,.0f} decisions/s (median step), {total:.2f} s in all")
        print(f"round {r + 1} (load {load:.1f}): " + "; ".join(line))


if __name__ == "__main__":
    main()
