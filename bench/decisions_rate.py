"""logs.decisions over a corpus: every record decision mapped to the fixed action space, counted
and timed on ``--workers`` processes (1 = this process alone).

    PYTHONPATH=src:. python bench/decisions_rate.py [--workers 2] $YAKUMAN_SHARED_DATA/tenhou/mjlog $YAKUMAN_SHARED_DATA/tenhou/tenhou6

CPU is this process's and its finished children's (the pool's workers) user + system time.
"""

from __future__ import annotations

import argparse
import os
import time

from yakuman.logs.decisions import iter_decisions


def _cpu() -> tuple[float, float]:
    """(this process's CPU time, its finished children's)."""
    t = os.times()
    return t.user + t.system, t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    t0 = time.perf_counter()
    cpu0 = _cpu()
    rows = passes = games = skipped = 0
    for block in iter_decisions(args.paths, chunk=1 << 16, workers=args.workers):
        rows += len(block)
        passes += block.passes
        games = len(block.sources)
        skipped = len(block.skipped)
    wall = time.perf_counter() - t0
    own, kids = (b - a for a, b in zip(cpu0, _cpu()))
    cpu = own + kids
    w = args.workers
    print(f"{games} games ({skipped} skipped), {rows:,} decisions ({rows - passes:,} the records' own actions, {passes:,} implied passes)")
    print(f"workers {w}: {wall:.1f} s wall, {cpu:.1f} s CPU ({own:.1f} s this process, {kids:.1f} s its workers): "
          f"{rows / wall:,.0f} decisions/s wall, {rows / wall / w:,.0f} per worker (wall), {rows / cpu:,.0f} per CPU-second")


if __name__ == "__main__":
    main()
