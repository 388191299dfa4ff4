"""Reviewed games per second on one worker and the review's own share of the run
(docs/performance.md, "Decision review"): ``python bench/review_rate.py POLICY FIRST LAST ROLLOUTS``
reviews seat 0 of the shared corpus's mjlog files FIRST..LAST-1 (sorted by name)."""

import glob
import json
import os
import sys
import time

from yakuman.logs.review import review

root = os.environ.get("YAKUMAN_SHARED_DATA")
if not root:
    sys.exit("set YAKUMAN_SHARED_DATA to the folder that holds tenhou/mjlog")
files = sorted(glob.glob(os.path.join(root, "tenhou", "mjlog", "*")))[int(sys.argv[2]):int(sys.argv[3])]
t = time.perf_counter()
r = review(files, seat=0, policy=sys.argv[1], rollouts=int(sys.argv[4]))
dt = time.perf_counter() - t
d = r.to_dict()
print(json.dumps({"policy": sys.argv[1], "rollouts": int(sys.argv[4]), "games": r.games, "decisions": d["decisions"],
                  "elapsed": round(dt, 2), "games_per_s": round(r.games / dt, 3), "overhead": d["overhead"],
                  "errors": len(r.errors)}))
