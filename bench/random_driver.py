"""The native winning-hand generator alone, in C, for profiling: ym_winning_chunk (csrc/ym_random.c,
or another copy of it) built with bench/random_driver.c, fed the PCG64 states of winning_hands'
chunks, checked column by column against winning_hands' own rows, timed on one thread.

    python bench/random_driver.py [--chunks 64] [--players 4] [--aka 1] [--reps 5]
                                  [--src csrc/ym_random.c] [--cflags "..."] [--wrap "perf record -g"]

The rows are `make run`'s stream (seed 1, the default arguments but players / aka). --cflags
defaults to the extension's own flags on GCC (Python's -fwrapv, -fPIC, setup.py's -O3,
-fvisibility=hidden, OpenMP): timings under plain -O3 differ (docs/performance.md). --wrap runs the
driver under a profiler, e.g. ``--wrap "perf record -g -o gen.data"`` or
``--wrap "valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes"``. The exit status is the
driver's: 0 when every column equals winning_hands'.
"""

from __future__ import annotations

import argparse
import inspect
import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = "-O3 -fwrapv -fPIC -fvisibility=hidden -fopenmp -DNDEBUG"


def write_inputs(folder: str, chunks: int, players: int, aka: int) -> None:
    """params.txt, states.txt and ref.bin of random_driver.c for winning_hands(seed=1)."""
    from yakuman.random import _COLUMNS, CHUNK, DEFAULT_MELDS, DEFAULT_SHAPES, SHAPES, _cum, winning_hands

    d = {k: v.default for k, v in inspect.signature(winning_hands).parameters.items()}
    shape_p = np.array([DEFAULT_SHAPES[s] for s in SHAPES])
    if players == 3:
        shape_p[SHAPES.index("sanshoku")] = 0.0
    with open(os.path.join(folder, "params.txt"), "w") as f:
        f.write(f"{players} {aka} {d['tsumo']!r} {d['riichi']!r} {d['first_turn']!r} {d['renhou']!r}\n")
        f.write(" ".join(repr(x) for x in _cum(shape_p).tolist()) + "\n")
        f.write(" ".join(repr(x) for x in _cum(DEFAULT_MELDS).tolist()) + "\n")
    with open(os.path.join(folder, "states.txt"), "w") as f:
        for c in range(chunks):
            st = np.random.PCG64(np.random.SeedSequence(1, spawn_key=(c,))).state["state"]
            mask = (1 << 64) - 1
            f.write(f"{st['state'] >> 64} {st['state'] & mask} {st['inc'] >> 64} {st['inc'] & mask}\n")
    h = winning_hands(chunks * CHUNK, seed=1, players=players, aka=aka)
    with open(os.path.join(folder, "ref.bin"), "wb") as f:
        for name, _, _ in _COLUMNS:
            f.write(np.ascontiguousarray(getattr(h, name)).tobytes())


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chunks", type=int, default=64)
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--aka", type=int, default=1)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--src", default=os.path.join(ROOT, "csrc", "ym_random.c"))
    ap.add_argument("--cflags", default=FLAGS)
    ap.add_argument("--wrap", default="")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="random_driver-") as tmp:
        write_inputs(tmp, args.chunks, args.players, args.aka)
        exe = os.path.join(tmp, "random_driver")
        sources = [os.path.join(ROOT, "bench", "random_driver.c"), args.src]
        with open(args.src) as f:   # a generator split from its PCG64 (csrc/ym_pcg64.c) needs it too
            if '#include "ym_pcg64.h"' in f.read():
                sources.append(os.path.join(ROOT, "csrc", "ym_pcg64.c"))
        subprocess.check_call(["gcc", *shlex.split(args.cflags), "-I", os.path.join(ROOT, "csrc"), "-o", exe,
                               *sources])
        return subprocess.call([*shlex.split(args.wrap), exe, tmp, str(args.reps)])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
