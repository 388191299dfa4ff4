"""The long fuzz run behind ``make fuzz``: ten million inputs and more, counted, with a corpus that the
ASan/UBSan build replays.

Two kinds of input, both deterministic in a seed (the corpus is the list of seeds):

- native rows (the bulk): batches of random rows through the batch kernels -- ``shanten_many``,
  ``agari_many``, ``waits_many``, ``ukeire_many``, ``discard_analysis_many`` on count arrays (valid
  hands, damaged ones, any byte), and ``score_many`` on generated winning hands whose columns are
  damaged at random (any value of the column's dtype). Every row is one input. Checks on every row:
  the status / result contract (a row is OK exactly when it is a valid hand; results of bad rows
  are the sentinels; the numbers of a non-win are 0); on one row in ``--check-every``: the result
  equals the single-hand API (which raises exactly for the rows of status 4) and, for shanten, the
  pure-Python reference.
- structured inputs (tests/fuzz/targets.py): parsers, shanten, score (against the reference scorer),
  the expected-value calculator (discard_ev's results, ev_many against discard_ev row by row),
  the batch calls (against the single-hand API), ShantenState, the log readers on mutated real
  records, the game engine's ``step`` on random and illegal actions. Every call is one input.
  ``--targets game`` (comma-separated names) limits the structured calls to those targets.

A crash is an exception other than a ``yakuman.errors`` one, or a dead worker process; a hang is an
input over ``--timeout`` seconds; a wrong result is a failed check. Failing inputs are written to
``CORPUS/failures.jsonl``; the corpus (``CORPUS/corpus.json``: seeds and counts) is what
``--replay`` runs again, e.g. under the sanitizer build. The summary line is one JSON object.

    python tools/fuzz.py --inputs 10000000 --corpus build/fuzz          # generate and run
    python tools/fuzz.py --replay build/fuzz                            # the same inputs again
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
import traceback
from multiprocessing import get_context
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

ROWS_PER_BATCH = 4096
STRUCTURED_WEIGHTS = {"parsers": 30, "shanten": 30, "shanten_state": 25, "score": 10, "batch": 4, "logs": 1,
                      "game": 3, "answers": 2, "forged_state": 2, "determinize": 1, "rules_files": 2, "ev": 4,
                      "ev_many": 2, "review": 1, "decisions": 1,
                      "from_record": 1}


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


# ---- native rows ---------------------------------------------------------------------------------
def _count_rows(rng, n):
    import numpy as np

    kind = rng.integers(0, 4)
    if kind == 0:   # any byte
        return rng.integers(0, 256, size=(n, 34), dtype=np.uint8)
    a = np.zeros((n, 34), dtype=np.int64)
    total = rng.choice([13, 14, 10, 11, 7, 8, 4, 5, 1, 2], size=n)
    for t in range(14):
        k = rng.integers(0, 34, size=n)
        live = t < total
        np.add.at(a, (np.flatnonzero(live), k[live]), 1)
    if kind == 2:   # damage some rows
        bad = rng.random(n) < 0.1
        a[bad, rng.integers(0, 34, size=bad.sum())] = rng.choice([5, 6, 255, 300, -1], size=bad.sum())
    if kind == 3:
        return a.astype(rng.choice([np.int8, np.int16, np.int32, np.int64, np.uint16]))
    return a


def native_batch(seed: int, check_every: int) -> tuple[int, list]:
    """One batch of rows from ``seed``; returns (rows, failures)."""
    import numpy as np

    import yakuman
    from yakuman import batch
    from yakuman._reference import shanten as ref
    from yakuman.random import winning_hands
    from yakuman.rules import Rules
    from yakuman.search import discard_analysis_many, ukeire_many

    rng = np.random.default_rng(seed)
    fails = []
    op = seed % 4
    n = ROWS_PER_BATCH
    if op < 3:
        a = _count_rows(rng, n)
        try:
            sh, st = batch.shanten_many(a, return_status=True, workers=int(rng.integers(1, 3)))
        except yakuman.YakumanError:
            return n, fails
        ok = st == 0
        if not ((sh[ok] >= -1) & (sh[ok] <= 8)).all() or not (sh[~ok] == batch.SHANTEN_INVALID).all():
            fails.append({"seed": seed, "what": "shanten_many result/status contract"})
        ag, sa = batch.agari_many(a, return_status=True)
        wt, sw = batch.waits_many(a, return_status=True)
        if ag[sa != 0].any() or wt[sw != 0].any():
            fails.append({"seed": seed, "what": "agari/waits of a bad row not 0"})
        if op == 1:
            ukeire_many(a)
        elif op == 2:
            discard_analysis_many(a)
        for i in range(0, n, check_every):
            row = a[i].tolist()
            try:
                one = yakuman.shanten(row)
            except yakuman.YakumanError:
                one = None
            if (one is None) != (st[i] != 0) or (one is not None and one != sh[i]):
                fails.append({"seed": seed, "row": i, "what": f"shanten_many {sh[i]}/{st[i]} != shanten {one}"})
            elif one is not None and one != ref.shanten(row, "all", (14 - sum(row)) // 3):
                fails.append({"seed": seed, "row": i, "what": "shanten != reference"})
        return 3 * n if op == 0 else 4 * n, fails
    # score_many on damaged winning hands
    players = 3 if seed % 8 == 7 else 4
    rules = Rules.tenhou_sanma() if players == 3 else (Rules.tenhou() if seed % 3 else Rules.ema())
    h = winning_hands(n, seed=seed, players=players, aka=0 if rules.aka_dora == 0 else 1)
    cols = {k: v.copy() for k, v in batch._columns(h).items() if not k.startswith("invalid")}
    for name, dtype, shape in batch.SCORE_COLUMNS:
        m = rng.random(n) < 0.02
        if m.any():
            info = np.iinfo(dtype)
            shp = (int(m.sum()),) + shape
            cols[name][m] = rng.integers(info.min, int(info.max) + 1, size=shp, dtype=np.int64).astype(dtype)
    res = batch.score_many(cols, rules=rules, messages=True, workers=int(rng.integers(1, 3)))
    win = res.status == 0
    if not (res.points[win] > 0).all() or (res.points[~win] != 0).any() or (res.total[~win] != 0).any():
        fails.append({"seed": seed, "what": "score_many: points > 0 exactly on wins"})
    if set(np.flatnonzero(res.status == 4).tolist()) != set(res.messages):
        fails.append({"seed": seed, "what": "score_many: messages != status-4 rows"})
    for i in range(0, n, max(1, check_every // 4)):
        if res.status[i] == 4:
            continue   # its message came from score() raising (checked by the set above)
        kw = batch.row_kwargs(cols, i)
        try:
            one = yakuman.score(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), rules=rules, **kw)
        except yakuman.YakumanError as e:
            fails.append({"seed": seed, "row": i, "what": f"score() raised on a row of status {res.status[i]}: {e}"})
            continue
        if (int(res.status[i]), int(res.points[i]), int(res.han[i]), int(res.fu[i])) != \
                (one.status, one.points, one.han, one.fu):
            fails.append({"seed": seed, "row": i, "what": "score_many row != score()"})
    return n, fails


# ---- workers -------------------------------------------------------------------------------------
def _structured_plan(seed: int, only: list | None = None) -> str:
    weights = {k: v for k, v in STRUCTURED_WEIGHTS.items() if not only or k in only}
    names = sorted(weights)
    total = sum(weights.values())
    r = (seed * 2654435761) % total
    for name in names:
        r -= weights[name]
        if r < 0:
            return name
    return names[-1]


def run_job(job: dict) -> dict:
    """A slice of the corpus: native batch seeds and structured seeds."""
    from tests.fuzz.targets import TARGETS, RandomSource

    from yakuman.errors import YakumanError

    signal.signal(signal.SIGALRM, _alarm)
    out = {"inputs": 0, "native_rows": 0, "structured": 0, "crashes": 0, "hangs": 0, "wrong": 0, "failures": []}
    timeout = job["timeout"]

    def record(kind: str, info: dict) -> None:
        out[kind] += 1
        if len(out["failures"]) < 200:
            out["failures"].append(dict(info, kind=kind))

    for seed in job["native"]:
        signal.setitimer(signal.ITIMER_REAL, timeout * 20)
        try:
            rows, fails = native_batch(seed, job["check_every"])
            out["inputs"] += rows
            out["native_rows"] += rows
            for f in fails:
                record("wrong", f)
        except Hang:
            record("hangs", {"native_seed": seed})
        except YakumanError:
            out["inputs"] += ROWS_PER_BATCH
        except Exception:  # noqa: BLE001 - a crash of the run
            record("crashes", {"native_seed": seed, "trace": traceback.format_exc(limit=4)})
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    for seed in job["structured"]:
        name = _structured_plan(seed, job.get("targets"))
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            TARGETS[name](RandomSource(seed))
        except Hang:
            record("hangs", {"target": name, "seed": seed})
        except AssertionError as e:
            record("wrong", {"target": name, "seed": seed, "what": str(e)[:300]})
        except Exception:  # noqa: BLE001
            record("crashes", {"target": name, "seed": seed, "trace": traceback.format_exc(limit=4)})
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        out["inputs"] += 1
        out["structured"] += 1
    return out


def _split(seq: list, parts: int) -> list[list]:
    return [seq[i::parts] for i in range(parts)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=10_000_000, help="inputs to run (default 10 million)")
    ap.add_argument("--structured", type=int, default=20_000, help="of which structured target calls")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per structured input (x20 per batch)")
    ap.add_argument("--check-every", type=int, default=512, help="rows between single-API / reference checks")
    ap.add_argument("--corpus", type=Path, default=HERE / "build" / "fuzz")
    ap.add_argument("--replay", type=Path, help="run the corpus of this folder instead of a new one")
    ap.add_argument("--label", default="", help="name of the run in the summary (e.g. asan)")
    ap.add_argument("--targets", default="", help="structured targets to run, comma-separated (default: all); "
                    "e.g. --targets game --inputs 20000 --structured 20000 fuzzes only the engine's step")
    args = ap.parse_args(argv)
    only = [t for t in args.targets.split(",") if t]
    unknown = [t for t in only if t not in STRUCTURED_WEIGHTS]
    if unknown:
        ap.error(f"unknown target(s) {', '.join(unknown)}: expected {', '.join(sorted(STRUCTURED_WEIGHTS))}")

    if args.replay:
        corpus = json.loads((args.replay / "corpus.json").read_text())
        out_dir = args.replay
    else:
        n_struct = min(args.structured, args.inputs)
        # a native batch is 3-4 x ROWS_PER_BATCH inputs on counts, ROWS_PER_BATCH on score_many
        per_batch = (3 + 4 + 4 + 1) * ROWS_PER_BATCH // 4
        # (+3 %: a batch whose array the API refuses as a whole counts its rows once, not 3-4 times)
        n_batches = max(0, -(-(args.inputs - n_struct) * 103 // (100 * per_batch)))
        base = args.seed * 1_000_003
        corpus = {"seed": args.seed, "native": list(range(base, base + n_batches)),
                  "structured": list(range(base, base + n_struct)), "check_every": args.check_every,
                  "targets": only}
        out_dir = args.corpus
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "corpus.json").write_text(json.dumps(corpus))
    t0 = time.perf_counter()
    jobs = []
    for nat, st in zip(_split(corpus["native"], args.workers * 8), _split(corpus["structured"], args.workers * 8)):
        jobs.append({"native": nat, "structured": st, "timeout": args.timeout, "check_every": corpus["check_every"],
                     "targets": corpus.get("targets") or None})
    total = {"inputs": 0, "native_rows": 0, "structured": 0, "crashes": 0, "hangs": 0, "wrong": 0}
    failures = []
    ctx = get_context("fork")
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pending = list(jobs)
    while pending:
        with ProcessPoolExecutor(max_workers=args.workers, mp_context=ctx) as pool:
            futs = {pool.submit(run_job, j): j for j in pending}
            pending = []
            for f, j in futs.items():
                try:
                    r = f.result()
                except BrokenProcessPool:   # a worker died (a native crash): count it, run the rest
                    if j.get("retried"):
                        total["crashes"] += 1
                        failures.append({"kind": "crashes", "what": "worker died", "job_native": j["native"][:3]})
                    else:
                        pending.append(dict(j, retried=True))
                    continue
                for k in total:
                    total[k] += r[k]
                failures += r["failures"]
    elapsed = time.perf_counter() - t0
    with open(out_dir / "failures.jsonl", "a") as fh:
        for f in failures:
            fh.write(json.dumps(dict(f, run=args.label or "plain")) + "\n")
    import yakuman._core as core

    summary = dict(total, run=args.label or "plain", elapsed_s=round(elapsed, 1), workers=args.workers,
                   corpus=str(out_dir), native_batches=len(corpus["native"]), core=core.__file__,
                   targets=corpus.get("targets") or "all")
    print(json.dumps(summary))
    (out_dir / f"summary{'-' + args.label if args.label else ''}.json").write_text(json.dumps(summary))
    return 1 if total["crashes"] or total["hangs"] or total["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
