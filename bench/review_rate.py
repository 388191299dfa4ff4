"""Reviewed games per second on one worker and the review's own share of the run
(docs/performance.md, "Decision review"): ``python bench/review_rate.py POLICY FIRST LAST ROLLOUTS``
reviews seat 0 of the shared corpus's mjlog files FIRST..LAST-1 (sorted by name).

Prints one JSON object: games, decisions, ``elapsed`` (wall seconds) and ``cpu`` (this process's
CPU seconds; on a shared machine the wall time grows with the load, the CPU time much less), the
rates of both, ``overhead`` (the review's own share: everything but the policy's evaluations),
and where the policy's time went: ``ev_time`` (discards valued by the ev policy's calculator)
and ``rollout_time`` (the other decisions), in seconds, with their decision counts, the
calculator's calls and seconds by the shanten of the hand (``ev_by_shanten``; -1: the positions
the policy leaves to greedy), and the load average at the end."""

import glob
import json
import os
import sys
import time

import yakuman.logs.review as R
from yakuman import _core

root = os.environ.get("YAKUMAN_SHARED_DATA")
if not root:
    sys.exit("set YAKUMAN_SHARED_DATA to the folder that holds tenhou/mjlog")
files = sorted(glob.glob(os.path.join(root, "tenhou", "mjlog", "*")))[int(sys.argv[2]):int(sys.argv[3])]

spent = {"ev_time": [0, 0.0], "rollout_time": [0, 0.0]}


def timed(name, f):
    def run(*args):
        t = time.perf_counter()
        try:
            return f(*args)
        finally:
            spent[name][0] += 1
            spent[name][1] += time.perf_counter() - t
    return run


by_shanten = {}   # the calculator's calls by the best row's shanten (-1: left to greedy)


def counted(rows_of):
    def run(st, seat, work, *mode):
        t = time.perf_counter()
        rows = rows_of(st, seat, work, *mode)
        sh = min(r[2] for r in rows) if rows else -1
        e = by_shanten.setdefault(sh, [0, 0.0])
        e[0] += 1
        e[1] += time.perf_counter() - t
        return rows
    return run


_core.ev_policy_rows = counted(_core.ev_policy_rows)   # before the review makes its policy
R._Policy._ev_values = timed("ev_time", R._Policy._ev_values)
R._Policy._ev_riichi_values = timed("ev_time", R._Policy._ev_riichi_values)
R._rollout_values = timed("rollout_time", R._rollout_values)
c, t = time.process_time(), time.perf_counter()
r = R.review(files, seat=0, policy=sys.argv[1], rollouts=int(sys.argv[4]))
dt, cpu = time.perf_counter() - t, time.process_time() - c
d = r.to_dict()
print(json.dumps({"policy": sys.argv[1], "rollouts": int(sys.argv[4]), "games": r.games, "decisions": d["decisions"],
                  "elapsed": round(dt, 2), "cpu": round(cpu, 2), "games_per_s": round(r.games / dt, 3),
                  "games_per_cpu_s": round(r.games / cpu, 3), "overhead": d["overhead"],
                  **{k: {"decisions": n, "seconds": round(s, 2)} for k, (n, s) in spent.items()},
                  "ev_by_shanten": {sh: {"calls": n, "seconds": round(s, 2)} for sh, (n, s) in sorted(by_shanten.items())},
                  "errors": len(r.errors), "load": round(os.getloadavg()[0], 2)}))
