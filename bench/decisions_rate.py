"""logs.decisions over a corpus: every record decision mapped to the fixed action space, counted
and timed on one worker (one process, this thread).

    PYTHONPATH=src:. python bench/decisions_rate.py $YAKUMAN_SHARED_DATA/tenhou/mjlog $YAKUMAN_SHARED_DATA/tenhou/tenhou6
"""

from __future__ import annotations

import sys
import time

from yakuman.logs.decisions import iter_decisions


def main(paths: list[str]) -> None:
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    rows = passes = games = skipped = 0
    for block in iter_decisions(paths, chunk=1 << 16):
        rows += len(block)
        passes += block.passes
        games = len(block.sources)
        skipped = len(block.skipped)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    print(f"{games} games ({skipped} skipped), {rows:,} decisions ({rows - passes:,} the records' own actions, {passes:,} implied passes)")
    print(f"{wall:.1f} s wall, {cpu:.1f} s CPU: {rows / cpu:,.0f} decisions/s per worker (CPU), "
          f"{rows / wall:,.0f} wall")


if __name__ == "__main__":
    main(sys.argv[1:])
