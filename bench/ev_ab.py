"""A/B of expected-value search builds in one process, the hands called in turn:

    PYTHONPATH=src python bench/ev_ab.py ROUNDS SHANTEN N TAG=path/to/_core.so TAG=path/to/_core.so

Two builds of yakuman._core (copy each build's `src/yakuman/_core*.so` aside first) are loaded
side by side (bench/kernel_ab.py's loader, each from its own copy of the file). The N closed
14-tile hands at SHANTEN (tools/ev_oracle_diff.py's ``random_hand``, seed 12: the hands of
``ev_oracle_diff.py --seed 12``) go through ``discard_ev(hand, model="reference")`` once to capture
the native search's arguments; then, ROUNDS times, every hand is searched by both builds, one
right after the other, the first build alternating from hand to hand and round to round. So each
build meets each hand after other hands (as a stream of positions calls it, the case that
`ev_oracle_diff.py --rotate` times), and load that comes and goes hits both sides of a pair alike.

Prints each build's median over the hands of its fastest call (thread time) and, per round, the
second build's total time divided by the first's, with their median: the figure that decides.
Two copies of one build read 0.99-1.01 (a control run, 2026-12-08: 0.992), so about 1 % is the
resolution. The rows of both builds are compared on the first 20 hands (tile order and every
expected-score value)."""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools"))

from ev_oracle_diff import mpsz, random_hand  # noqa: E402
from kernel_ab import load_copy  # noqa: E402

import yakuman.ev as ev  # noqa: E402
from yakuman import _core  # noqa: E402


def captured_searches(shanten: int, n: int) -> list[tuple]:
    """The native search's arguments of discard_ev(hand, model="reference") for the n hands."""
    rng = random.Random(12)
    hands = [mpsz(random_hand(rng, shanten, 14, 0)[0]) for _ in range(n)]
    calls: list[tuple] = []

    class Spy:
        def __getattr__(self, name):
            return getattr(_core, name)

        def _ev_search(self, *args):
            calls.append(args)
            return _core._ev_search(*args)

    ev._core = Spy()
    try:
        for h in hands:
            ev.discard_ev(h, model="reference")
    finally:
        ev._core = _core
    return calls


def main() -> None:
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    rounds, shanten, n = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    work = tempfile.mkdtemp(prefix="ev-ab-")
    mods = []
    for spec in sys.argv[4:]:
        tag, path = spec.split("=", 1)
        mods.append((tag, load_copy(tag, path, 0, work)))
    calls = captured_searches(shanten, n)
    for tag, m in mods[1:]:
        for args in calls[:20]:
            a, b = mods[0][1]._ev_search(*args)[1], m._ev_search(*args)[1]
            assert [(r.tile, tuple(r.exp_score)) for r in a] == [(r.tile, tuple(r.exp_score)) for r in b], tag
    best = {tag: [float("inf")] * len(calls) for tag, _ in mods}
    ratios = []
    for r in range(rounds):
        total = dict.fromkeys(best, 0.0)
        for i, args in enumerate(calls):
            for tag, m in (mods if (r + i) % 2 == 0 else mods[::-1]):
                t0 = time.thread_time()
                m._ev_search(*args)
                dt = time.thread_time() - t0
                best[tag][i] = min(best[tag][i], dt)
                total[tag] += dt
        ratios.append(total[mods[1][0]] / total[mods[0][0]])
    for tag, _ in mods:
        print(f"{tag}: median of each hand's fastest call {statistics.median(best[tag]) * 1e6:.1f} us")
    print(f"{mods[1][0]} / {mods[0][0]}, total time per round: median {statistics.median(ratios):.4f} "
          f"({' '.join(f'{x:.3f}' for x in ratios)})")


if __name__ == "__main__":
    main()
