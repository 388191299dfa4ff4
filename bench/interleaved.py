"""Same-process timings for the shanten and batch-scoring kernels, with riichienv as the peer:
rounds alternate between yakuman and the peer and each case keeps its fastest round, so load
from other processes (which only slows rounds down) cancels out of the ratios. One-thread
cases are timed in CPU time of the calling thread (time.thread_time_ns: a round descheduled
by other processes' load is not charged for the wait; a batch call with workers=1 runs on the
calling thread); two-worker cases in wall time.

    PYTHONPATH=src python bench/interleaved.py [rounds]

Corpora as in bench/conftest.py and bench/test_bench_score.py: 2,000 random 13-tile hands per
call-by-call case, 200,000 rows per batch case. Prints ns per hand per case.
"""

from __future__ import annotations

import sys
import time

import yakuman
from yakuman import tiles
from yakuman.batch import _columns, score_many, shanten_many
from yakuman.random import random_hands, winning_hands


def main(rounds: int) -> dict[str, float]:
    hands = random_hands(2000, seed=2024, size=13)
    counts = [r.tolist() for r in hands]
    ids = [tiles.to_136(c) for c in counts]
    mpsz = [tiles.to_mpsz(c) for c in counts]
    batch = random_hands(200_000, seed=7, size=13)
    wins = _columns(winning_hands(200_000, seed=79))
    try:
        import riichienv
        peer = riichienv.calculate_shanten
    except ImportError:  # the peer is optional
        peer = None

    def per_call(fn, corpus):
        t0 = time.thread_time_ns()
        for x in corpus:
            fn(x)
        return (time.thread_time_ns() - t0) / len(corpus)

    def whole(fn, data, n, workers):
        clock = time.thread_time_ns if workers == 1 else time.perf_counter_ns
        t0 = clock()
        fn(data, workers=workers)
        return (clock() - t0) / n

    cases = {
        "shanten(counts34 list)": lambda: per_call(yakuman.shanten, counts),
        "shanten(136-ids)": lambda: per_call(yakuman.shanten, ids),
        "shanten(mpsz)": lambda: per_call(yakuman.shanten, mpsz),
        "shanten_many all forms, 1 worker": lambda: whole(shanten_many, batch, 200_000, workers=1),
        "shanten_many regular, 1 worker": lambda: whole(
            lambda a, workers: shanten_many(a, workers=workers, form="regular"), batch, 200_000, workers=1),
        "shanten_many all forms, 2 workers": lambda: whole(shanten_many, batch, 200_000, workers=2),
        "score_many, 1 worker": lambda: whole(score_many, wins, 200_000, workers=1),
        "score_many, 2 workers": lambda: whole(score_many, wins, 200_000, workers=2),
    }
    if peer is not None:
        cases["riichienv calculate_shanten(136-ids)"] = lambda: per_call(peer, ids)
    best = {k: float("inf") for k in cases}
    for _ in range(rounds):
        for k, fn in cases.items():
            best[k] = min(best[k], fn())
    return best


if __name__ == "__main__":
    for name, ns in main(int(sys.argv[1]) if len(sys.argv) > 1 else 20).items():
        print(f"{ns:10.1f} ns  {name}")
