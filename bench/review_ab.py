"""The review of another version beside this one, in one process, alternated (docs/performance.md,
"Decision review"): ``python bench/review_ab.py OTHER_REVIEW_PY FIRST LAST ROUNDS [ROLLOUTS]``
loads OTHER_REVIEW_PY (e.g. ``git show f10040b:src/yakuman/logs/review.py > /tmp/review_before.py``)
as a second module and reviews seat 0 of the shared corpus's mjlog files FIRST..LAST-1 with
``policy="ev"`` by each, ROUNDS times; one JSON line per run (wall and CPU seconds, rates, the
review's own share, the load average)."""

import glob
import importlib.util
import json
import os
import sys
import time

import yakuman.logs.review as this

root = os.environ.get("YAKUMAN_SHARED_DATA")
if not root:
    sys.exit("set YAKUMAN_SHARED_DATA to the folder that holds tenhou/mjlog")
spec = importlib.util.spec_from_file_location("review_other", sys.argv[1])
other = importlib.util.module_from_spec(spec)
sys.modules["review_other"] = other
spec.loader.exec_module(other)
files = sorted(glob.glob(os.path.join(root, "tenhou", "mjlog", "*")))[int(sys.argv[2]):int(sys.argv[3])]
rollouts = int(sys.argv[5]) if len(sys.argv) > 5 else 32
for _ in range(int(sys.argv[4])):
    for name, mod in (("other", other), ("this", this)):
        c, t = time.process_time(), time.perf_counter()
        r = mod.review(files, seat=0, policy="ev", rollouts=rollouts)
        dt, cpu = time.perf_counter() - t, time.process_time() - c
        print(json.dumps({"code": name, "games": r.games, "decisions": len(r.rows), "elapsed": round(dt, 2),
                          "cpu": round(cpu, 2), "games_per_s": round(r.games / dt, 3),
                          "games_per_cpu_s": round(r.games / cpu, 3), "overhead": r.to_dict()["overhead"],
                          "load": round(os.getloadavg()[0], 2)}), flush=True)
