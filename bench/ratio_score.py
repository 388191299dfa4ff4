"""Per-call scoring against riichienv, interleaved in one process: the ratio is what to trust.

Usage:
    PYTHONPATH=src:. python bench/ratio_score.py [--rounds 15] [--hands 2000]
    PYTHONPATH=src:. valgrind --tool=callgrind python bench/ratio_score.py --passes N --case "yakuman 136 melds"

``--passes N --case NAME`` runs one case N times untimed (for callgrind: the difference between
N = 5 and N = 1, divided by 4 x hands, is the instruction count per call, whatever the load).

Same hands as bench/test_bench_score.py (``yakuman.random.winning_hands``, seeds 77 closed / 78 with
melds, Tenhou rules); riichienv gets the same 136-ids and melds, built before timing. Each round times
every case once over its whole corpus, the cases alternating, and the figure per case is the fastest
round: load from other processes only slows rounds, so the minima cancel it and the ratio
``riichienv ns / yakuman ns`` is stable on a busy machine.
"""

from __future__ import annotations

import argparse
import gc
import time

import yakuman
from yakuman.random import winning_hands

from _util import calls_136 as _calls_136, calls_mpsz as _calls_mpsz, calls_riichienv as _calls_riichienv


def _time(fn, calls) -> float:
    gc.disable()
    try:
        t0 = time.perf_counter()
        fn(calls)
        return (time.perf_counter() - t0) / len(calls) * 1e9
    finally:
        gc.enable()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--passes", type=int, default=0)
    ap.add_argument("--case", default="yakuman 136 melds")
    a = ap.parse_args()
    import riichienv._riichienv as core

    score = yakuman.score
    HE = core.HandEvaluator

    def run_yakuman(calls):
        for c in calls:
            score(c[0], c[1], c[2], **c[3])

    def run_riichienv(calls):
        for t, m, w, d, u, cond in calls:
            HE(t, m).calc(w, d, u, cond)

    closed = winning_hands(a.hands, seed=77, melds=0)
    mixed = winning_hands(a.hands, seed=78)
    cases = {
        "yakuman 136 closed": (run_yakuman, _calls_136(closed)),
        "yakuman mpsz closed": (run_yakuman, _calls_mpsz(closed)),
        "riichienv closed": (run_riichienv, _calls_riichienv(core, closed)),
        "yakuman 136 melds": (run_yakuman, _calls_136(mixed)),
        "yakuman mpsz melds": (run_yakuman, _calls_mpsz(mixed)),
        "riichienv melds": (run_riichienv, _calls_riichienv(core, mixed)),
    }
    if a.passes:
        fn, calls = cases[a.case]
        for _ in range(a.passes):
            fn(calls)
        return
    best = {k: float("inf") for k in cases}
    for fn, calls in cases.values():   # warm-up
        fn(calls)
    for _ in range(a.rounds):
        for k, (fn, calls) in cases.items():
            best[k] = min(best[k], _time(fn, calls))
    for k, ns in best.items():
        print(f"{k:22s} {ns:8.0f} ns/call")
    for shape in ("closed", "melds"):
        peer = best[f"riichienv {shape}"]
        for form in ("136", "mpsz"):
            print(f"ratio {form:4s} {shape:6s}: {peer / best[f'yakuman {form} {shape}']:.2f}x")


if __name__ == "__main__":
    main()
