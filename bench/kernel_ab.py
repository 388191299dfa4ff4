"""A/B of batch-scoring kernels in one process: builds of yakuman._core loaded side by side.

Timing two builds in two processes, one after the other, is at the mercy of what the machine
does in between: on a shared 2-core machine the same build has measured 300 ns per row in one
process and 330 ns in the next. Here every build's extension module is loaded into the same
process (each under its own package name), the rounds run the builds in a shuffled order, and
the figure that decides is the median over rounds of each build's time divided by the first
build's time in the same round. Load that comes and goes hits both sides of a pair alike.

    PYTHONPATH=src python bench/kernel_ab.py ROUNDS TAG=path/to/_core.so [TAG=...]
    PYTHONPATH=src python bench/kernel_ab.py ROUNDS --orders [TAG=path]
    PYTHONPATH=src python bench/kernel_ab.py ROUNDS --shanten TAG=path/to/_core.so [TAG=...]
    PYTHONPATH=src python bench/kernel_ab.py ROUNDS --generate TAG=path/to/_core.so [TAG=...]
    COPIES=3 PYTHONPATH=src python bench/kernel_ab.py ROUNDS TAG=path [TAG=...]

Copy each build's `src/yakuman/_core*.so` aside first (two copies of one file are loaded as one
library). Rows: winning_hands(ROWS, seed=79), ROWS from the environment (default 50,000). The
outputs of every build are compared with the first build's (they must be equal).

COPIES=k (environment): each build loaded k times, from k copies of its file in a temporary
folder; a build's time in a round is the mean over its copies. Where a build's code and tables
land in memory moves its time by itself: two copies of one file, loaded as two builds, have
differed by up to 1.5% in the median paired ratio (in three runs the build loaded first was
the faster one, in a fourth the other). The copies are loaded round-robin with each build first
in turn, and a second copy of the first build (a control: `head2=` the same file) shows how much
of a difference placement alone makes in that run.

--shanten: the same comparison for the batch shanten kernel (`_shanten_many`, all forms, one
worker) on random_hands(ROWS, seed=7, size=13), default 200,000 rows (bench/interleaved.py's).

--generate: the native winning-hand generator (`_winning_chunks`, one worker) on `make run`'s
stream (seed 1, the default arguments), ROWS rounded up to whole chunks, default 102,400 rows (the
demo's call, 25 chunks); every column compared.

--orders: one build, the same rows in several orders (random; sorted by meld count, by flags, by
tsumo, by dealer, by indicator count). Sorting leaves the work unchanged and makes that one
property predictable, so the difference from the random order is what its branch
mispredictions cost.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import sys
import tempfile
import time
import types

import numpy as np

from yakuman.batch import SCORE_OUTPUTS, _columns
from yakuman.random import winning_hands


def load(tag: str, path: str):
    """The extension module at path, imported as <tag>._core."""
    pkg = types.ModuleType(tag)
    pkg.__path__ = []
    sys.modules[tag] = pkg
    spec = importlib.util.spec_from_file_location(tag + "._core", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[tag + "._core"] = mod   # the module's init looks itself up there
    spec.loader.exec_module(mod)
    return mod


def load_copy(tag: str, path: str, j: int, workdir: str):
    """Copy j of the build at path, from its own file in workdir, imported as <tag>_<j>._core."""
    d = os.path.join(workdir, f"{tag}.{j}")
    os.makedirs(d, exist_ok=True)
    return load(f"{tag}_{j}", shutil.copy(path, os.path.join(d, os.path.basename(path))))


def run(mod, cols: dict, n: int) -> tuple[float, dict]:
    out = {name: np.empty(n, dtype=dt) for name, dt in SCORE_OUTPUTS}
    rules = mod.compiled_rules(None)
    t0 = time.thread_time_ns()
    mod._score_many(rules, cols, out, 1)
    return (time.thread_time_ns() - t0) / n, out


def _rounds(rounds: int, mods: dict, runner, equal) -> dict[str, tuple[float, float, bool]]:
    """The builds run by runner(mod) -> (ns per row, outputs) in shuffled rounds. mods: {tag: a
    module, or a list of loaded copies of one build}. Returns {tag: (fastest, median paired ratio to
    the first build, equal(outputs, the first build's))}; a build's time in a round is the mean
    over its copies."""
    groups = {tag: m if isinstance(m, list) else [m] for tag, m in mods.items()}
    times: dict[str, list[float]] = {tag: [] for tag in groups}
    outs: dict = {}
    order = [(tag, j) for tag, ms in groups.items() for j in range(len(ms))]
    for _ in range(rounds):
        random.shuffle(order)
        got: dict[str, list[float]] = {tag: [] for tag in groups}
        for tag, j in order:
            t, out = runner(groups[tag][j])
            got[tag].append(t)
            outs[tag, j] = out   # the last round's outputs of each copy
        for tag, ts in got.items():
            times[tag].append(sum(ts) / len(ts))
    ref = next(iter(groups))
    res = {}
    for tag in groups:
        ratios = sorted(a / b for a, b in zip(times[tag], times[ref]))
        same = all(equal(outs[tag, j], outs[ref, 0]) for j in range(len(groups[tag])))
        res[tag] = (min(times[tag]), ratios[len(ratios) // 2], same)
    return res


def _load_all(builds: dict[str, str], copies: int, workdir: str | None) -> dict:
    if copies > 1 and workdir is None:
        raise ValueError("copies > 1 needs a work folder for the copies")
    if copies <= 1:
        return {tag: load(tag, path) for tag, path in builds.items()}
    # round-robin, each build first in turn: no build keeps the first place in memory (the module
    # loaded first was the faster of two copies of one file in three runs of four)
    mods: dict[str, list] = {tag: [] for tag in builds}
    tags = list(builds)
    for j in range(copies):
        for tag in tags[j % len(tags):] + tags[:j % len(tags)]:
            mods[tag].append(load_copy(tag, builds[tag], j, workdir))
    return mods


def compare(rounds: int, builds: dict[str, str], n: int, copies: int = 1,
            workdir: str | None = None) -> dict[str, tuple[float, float, bool]]:
    """{tag: (fastest ns per row, median paired ratio to the first build, outputs equal)}; with
    copies > 1, each build loaded that many times (copies of its file in workdir)."""
    mods = _load_all(builds, copies, workdir)
    cols = _columns(winning_hands(n, seed=79))
    return _rounds(rounds, mods, lambda mod: run(mod, cols, n),
                   lambda a, b: all(np.array_equal(a[k], b[k]) for k, _ in SCORE_OUTPUTS))


def run_shanten(mod, rows: np.ndarray, form: int = 0) -> tuple[float, tuple]:
    n = len(rows)
    out, status = np.empty(n, dtype=np.int8), np.zeros(n, dtype=np.uint8)
    t0 = time.thread_time_ns()
    mod._shanten_many(rows, form, -1, 1, out, status)
    return (time.thread_time_ns() - t0) / n, (out, status)


def compare_shanten(rounds: int, builds: dict[str, str], n: int, copies: int = 1,
                    workdir: str | None = None) -> dict[str, tuple[float, float, bool]]:
    """compare() for the batch shanten kernel: {tag: (fastest ns per row, median paired ratio to
    the first build, outputs and statuses equal)}."""
    from yakuman.random import random_hands

    mods = _load_all(builds, copies, workdir)
    rows = np.ascontiguousarray(random_hands(n, seed=7, size=13), dtype=np.uint8)
    return _rounds(rounds, mods, lambda mod: run_shanten(mod, rows),
                   lambda a, b: all(np.array_equal(x, y) for x, y in zip(a, b)))


def run_generate(mod, n: int) -> tuple[float, dict]:
    """winning_hands(n, seed=1)'s chunks (n rounded up to whole chunks) by the build mod, one
    worker: (ns per row, the columns)."""
    import inspect

    from yakuman.random import CHUNK, DEFAULT_MELDS, DEFAULT_SHAPES, SHAPES, _native_chunks, _Params

    d = {k: v.default for k, v in inspect.signature(winning_hands).parameters.items()}
    P = _Params(4, DEFAULT_MELDS, d["aka"], np.array([DEFAULT_SHAPES[s] for s in SHAPES]), d["tsumo"],
                d["riichi"], d["first_turn"], d["renhou"])
    chunks = -(-n // CHUNK)
    t0 = time.thread_time_ns()
    out = _native_chunks(1, 0, chunks, P, 1, core=mod)
    return (time.thread_time_ns() - t0) / (chunks * CHUNK), out


def compare_generate(rounds: int, builds: dict[str, str], n: int, copies: int = 1,
                     workdir: str | None = None) -> dict[str, tuple[float, float, bool]]:
    """compare() for the winning-hand generator: {tag: (fastest ns per row, median paired ratio
    to the first build, every column equal)}."""
    mods = _load_all(builds, copies, workdir)
    return _rounds(rounds, mods, lambda mod: run_generate(mod, n),
                   lambda a, b: all(np.array_equal(a[k], b[k]) for k in a))


def ordered_sets(cols: dict, n: int) -> dict[str, dict]:
    """{order: the columns with their rows in that order} (random = as they are)."""
    melds = (cols["meld_type"] >= 0).sum(1)
    keys = {
        "random": None,
        "by melds": melds,
        "by flags": cols["flags"],
        "by tsumo": cols["flags"] & 1,
        "by dealer": cols["seat_wind"] == 0,
        "by indicators": cols["n_dora"] * 8 + cols["n_ura"],
    }
    sets = {}
    for name, key in keys.items():
        if key is None:
            sets[name] = cols
            continue
        idx = np.argsort(key, kind="stable")
        sets[name] = {k: np.ascontiguousarray(v[idx]) if isinstance(v, np.ndarray) and len(v) == n else v
                      for k, v in cols.items()}
    return sets


def orders(rounds: int, path: str | None, n: int) -> dict[str, float]:
    """{order: fastest ns per row} for one build (the installed one when path is None)."""
    if path is None:
        from yakuman import _core as mod
    else:
        mod = load("kernel_ab_orders", path)
    sets = ordered_sets(_columns(winning_hands(n, seed=79)), n)
    best = {name: float("inf") for name in sets}
    for _ in range(rounds):
        for name, data in sets.items():
            best[name] = min(best[name], run(mod, data, n)[0])
    return best


def main(argv: list[str]) -> None:
    rounds = int(argv[0])
    n = int(os.environ.get("ROWS", "50000"))
    builds = dict(a.split("=", 1) for a in argv[1:] if "=" in a)
    if "--orders" in argv:
        path = next(iter(builds.values()), None)
        best = orders(rounds, path, n)
        for name, t in best.items():
            print(f"{name:14s} {t:6.1f} ns/row  {t - best['random']:+6.1f}")
        return
    copies = int(os.environ.get("COPIES", "1"))
    with tempfile.TemporaryDirectory(prefix="kernel_ab-") as work:
        if "--shanten" in argv:
            res = compare_shanten(rounds, builds, int(os.environ.get("ROWS", "200000")), copies, work)
        elif "--generate" in argv:
            res = compare_generate(rounds, builds, int(os.environ.get("ROWS", "102400")), copies, work)
        else:
            res = compare(rounds, builds, n, copies, work)
    for tag, (t, med, same) in res.items():
        print(f"{tag:10s} fastest {t:6.2f} ns/row  median paired ratio {med:.3f}  "
              f"outputs {'equal' if same else 'DIFFER'}")


if __name__ == "__main__":
    main(sys.argv[1:])
