"""The review's rollout-judged decisions (docs/performance.md, "Decision review"):
``python bench/review_rollouts.py FIRST LAST N [M]`` collects the decisions that ``policy="ev"`` judges by
rollouts in seat 0 of the shared corpus's mjlog files FIRST..LAST-1 and times, in one process:
``per_option`` (each option stepped, then ``Game.rollout`` over N copies, each re-dealt: one re-deal
per option and copy) against ``shared`` (``GameState.rollout_options``: one re-deal per copy shared
by the options), and the cost of a re-deal (``rollout`` with and without it) by the number of
other seats in riichi (whose hidden hands are sampled among the tenpai ones). With M: the noise of
the verdicts: each decision's options over M shared copies; the standard deviation of one copy's
difference between an option and the taken one (median), and for n = 8, 16, 32, 64 how often the
first n copies (what ``rollouts=n`` uses) name the same best option and give the same bad-move
verdict as all M."""

import collections
import glob
import json
import os
import sys
import time

import numpy as np

import yakuman.logs.review as R
from yakuman.game import POLICIES

root = os.environ.get("YAKUMAN_SHARED_DATA")
if not root:
    sys.exit("set YAKUMAN_SHARED_DATA to the folder that holds tenhou/mjlog")
files = sorted(glob.glob(os.path.join(root, "tenhou", "mjlog", "*")))[int(sys.argv[1]):int(sys.argv[2])]
N = int(sys.argv[3])
caps = []
shared = R._rollout_values


def capture(g, seat, legal, n, seed):
    caps.append((g.copy(), seat, list(legal)))
    return shared(g, seat, legal, n, seed)


R._rollout_values = capture
R.review(files, seat=0, policy="ev", rollouts=1)


def per_option(g, seat, legal, n, seed):
    out, start = {}, g.scores[seat]
    for a in legal:
        h = g.copy()
        rounds = len(h._rounds)
        h.step(a)
        if h.done or len(h._rounds) > rounds:
            out[a] = h.scores[seat] - start
        else:
            out[a] = h.rollout("greedy", n, seed, seat=seat).mean[seat] + (h.scores[seat] - start)
    return out


spent = {"per_option": 0.0, "shared": 0.0}
for _ in range(2):
    for name, f in (("per_option", per_option), ("shared", shared)):
        t = time.perf_counter()
        for g, seat, legal in caps:
            f(g, seat, legal, N, 0)
        spent[name] += (time.perf_counter() - t) / 2
redeal = collections.defaultdict(lambda: [0, 0.0, 0.0])
for g, seat, legal in caps:
    h = g.copy()
    h.step(legal[-1])
    if h._st.phase() >= 2:
        continue
    o = g.observation(seat)
    key = sum(o.riichi[q] for q in range(len(o.riichi)) if q != seat)
    d, st = np.zeros((N, 4), dtype=np.int64), np.zeros(N, dtype=np.uint8)
    t = time.perf_counter()
    h._st.rollout(seat, POLICIES["greedy"], 0, d, st, 1)
    with_redeal = time.perf_counter() - t
    t = time.perf_counter()
    h._st.rollout(-1, POLICIES["greedy"], 0, d, st, 1)
    without = time.perf_counter() - t
    r = redeal[key]
    r[0] += N
    r[1] += with_redeal - without
    r[2] += without
print(json.dumps({"decisions": len(caps), "copies": N, **{k: round(v, 2) for k, v in spent.items()},
                  "redeal_us_by_riichi_seats": {k: round(v[1] / v[0] * 1e6, 1) for k, v in sorted(redeal.items())},
                  "rollout_us": round(sum(v[2] for v in redeal.values()) / sum(v[0] for v in redeal.values()) * 1e6, 1),
                  "load": round(os.getloadavg()[0], 2)}))


if len(sys.argv) > 4:
    M = int(sys.argv[4])
    rows = []
    for g, seat, legal in caps:
        d, st = np.zeros((M, len(legal), 4), dtype=np.int64), np.zeros((M, len(legal)), dtype=np.uint8)
        g._st.rollout_options(seat, [a._code for a in legal], POLICIES["greedy"], 0, d, st)
        rows.append(d[:, :, seat].astype(np.float64))

    def verdict(v, n):
        m = v[:n].mean(axis=0)
        return int(m.argmax()), m

    sds = []
    out = {}
    for (g, seat, legal), v in zip(caps, rows):
        # the taken action is not known here: every option in turn stands for it
        for j in range(v.shape[1]):
            for i in range(v.shape[1]):
                if i != j:
                    sds.append(np.std(v[:, i] - v[:, j], ddof=1))
    for n in (8, 16, 32, 64):
        same_best = same_bad = total = 0
        for v in rows:
            bn, mn = verdict(v, n)
            bM, mM = verdict(v, M)
            same_best += bn == bM
            for j in range(v.shape[1]):
                bad_n = mn[bn] - mn[j] > max(R.BAD_RELATIVE * abs(mn[bn]), R.FLOORS["points"])
                bad_M = mM[bM] - mM[j] > max(R.BAD_RELATIVE * abs(mM[bM]), R.FLOORS["points"])
                same_bad += bad_n == bad_M
                total += 1
        out[n] = {"same_best": round(same_best / len(rows), 3), "same_bad_verdict": round(same_bad / total, 3)}
    print(json.dumps({"decisions": len(rows), "copies": M, "pair_sd_median": round(float(np.median(sds))),
                      "against_all_copies": out}))
