"""What a score_many call costs around its kernel: the output arrays and the input columns.

    PYTHONPATH=src python bench/batch_overhead.py [ROWS] [ROUNDS] [--only CASE]

Cases, each the fastest of ROUNDS rounds (default 15) over winning_hands(ROWS, seed=79)
(default 200,000 rows), in ns per row of the calling thread's CPU time (page faults and the
kernel's zeroing of fresh pages included):
  - kernel, outputs reused: `_core._score_many` into the same output arrays every round (the
    floor: no allocation at all);
  - kernel, outputs np.empty: fresh np.empty output arrays every round, as score_many made them
    before its outputs came from the block pool (yakuman._arrays.out_arrays);
  - score_many: the public call (its outputs from the pool);
  - _columns on native dtypes / int32 / int64: the input conversion alone, the columns given in
    score_many's own dtypes or as wider integers (what np.array of Python ints gives).

Whether np.empty hands out fresh pages depends on what the process freed before (glibc raises
its mmap threshold to the size of a freed mapping, up to 32 MiB, and then serves arrays of that
size from its heap): run `--only "outputs np.empty"` in a process of its own to see what a call
pays in a process whose arrays of that size have been fresh mappings so far.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from yakuman._core import _score_many, compiled_rules
from yakuman.batch import SCORE_COLUMNS, SCORE_OUTPUTS, _columns, score_many
from yakuman.random import winning_hands


def main(rows: int, rounds: int, only: str | None = None) -> dict[str, float]:
    cols = _columns(winning_hands(rows, seed=79))
    cr = compiled_rules(None)
    reused = {name: np.empty(rows, dtype=dt) for name, dt in SCORE_OUTPUTS}
    wide = {bits: {name: cols[name].astype(dt) for name, _, _ in SCORE_COLUMNS}
            for bits, dt in ((32, np.int32), (64, np.int64))}

    def fresh():
        _score_many(cr, cols, {name: np.empty(rows, dtype=dt) for name, dt in SCORE_OUTPUTS}, 1)

    cases = {
        "kernel, outputs reused": lambda: _score_many(cr, cols, reused, 1),
        "kernel, outputs np.empty": fresh,
        "score_many": lambda: score_many(cols, workers=1),
        "_columns, native dtypes": lambda: _columns(cols),
        "_columns, int32 columns": lambda: _columns(wide[32]),
        "_columns, int64 columns": lambda: _columns(wide[64]),
        "score_many, int64 columns": lambda: score_many(wide[64], workers=1),
    }
    if only is not None:
        cases = {k: fn for k, fn in cases.items() if only in k}
    best = {k: float("inf") for k in cases}
    for _ in range(rounds):
        for k, fn in cases.items():
            t0 = time.thread_time_ns()
            fn()
            best[k] = min(best[k], (time.thread_time_ns() - t0) / rows)
    return best


if __name__ == "__main__":
    args = sys.argv[1:]
    pick = None
    if "--only" in args:
        k = args.index("--only")
        pick = args[k + 1]
        del args[k:k + 2]
    n = int(args[0]) if args else 200_000
    r = int(args[1]) if len(args) > 1 else 15
    for name, ns in main(n, r, pick).items():
        print(f"{ns:9.1f} ns/row  {name}")
