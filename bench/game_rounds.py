"""Game-engine figures in one process, in interleaved rounds (the fastest round of each case).

Cases: decisions/s of a uniform-random game driven from Python (``legal_actions`` + ``step`` at each
decision, 4 hanchan) for yakuman and for riichienv's ``RiichiEnv`` + ``RandomAgent`` (the games of
bench/test_bench_game.py); native ``simulate(200, workers=1)`` hanchan/s per policy; copy times
(``Game._st.copy()``, ``Game.copy()`` of a new game and of one 100 decisions in). Each rate is
printed from the wall time of its fastest round and, beside it, from the process CPU time of that
same round: on a loaded machine the CPU figure is the closer one to what a quiet core gives.

Usage: ``PYTHONPATH=src python bench/game_rounds.py [ROUNDS]`` (default 5; riichienv optional).
"""

from __future__ import annotations

import random
import sys
import time

from _util import play_riichienv, play_yakuman  # noqa: F401  (the games of test_bench_game.py)

from yakuman.game import Game, simulate


def copies(obj, n: int = 1000) -> int:
    for _ in range(n):
        obj.copy()
    return n


def main(rounds: int) -> None:
    mid = Game(seed=1)
    rng = random.Random(1)
    for _ in range(100):
        mid.step(rng.choice(mid.legal_actions(mid.to_act[0])))
    fresh = Game(seed=1)
    cases = {
        "python-driven decisions/s, yakuman": lambda: play_yakuman(range(4)),
        "python-driven decisions/s, riichienv": lambda: play_riichienv(range(4)),
    }
    for pol in ("random", "greedy", "tsumogiri"):
        cases[f"simulate hanchan/s, {pol}"] = lambda pol=pol: (simulate(200, seed=1, policy=pol, workers=1), 200)[1]
    cases["us per Game._st.copy()"] = lambda: copies(mid._st)
    cases["us per Game.copy(), new game"] = lambda: copies(fresh)
    cases["us per Game.copy(), 100 decisions in"] = lambda: copies(mid)
    try:
        import riichienv  # noqa: F401
    except ImportError:
        del cases["python-driven decisions/s, riichienv"]
    best: dict[str, tuple[float, float, int]] = {}
    for _ in range(rounds):
        for name, f in cases.items():
            t0, c0 = time.perf_counter(), time.process_time()
            n = f()
            t, c = time.perf_counter() - t0, time.process_time() - c0
            if name not in best or t < best[name][0]:
                best[name] = (t, c, n)
    for name, (t, c, n) in best.items():
        if name.startswith("us "):
            print(f"{name}: {t / n * 1e6:.3f}")
        else:
            print(f"{name}: {n / t:,.0f} wall, {n / c:,.0f} cpu  ({n} items)")
    y, r = "python-driven decisions/s, yakuman", "python-driven decisions/s, riichienv"
    if r in best:
        wall = (best[y][2] / best[y][0]) / (best[r][2] / best[r][0])
        cpu = (best[y][2] / best[y][1]) / (best[r][2] / best[r][1])
        print(f"ratio yakuman / riichienv decisions/s: {wall:.2f} wall, {cpu:.2f} cpu")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
