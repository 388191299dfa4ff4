"""What model="full"'s riichi / dama choice costs against model="reference" (docs/ev.md, "Riichi or
dama"): closed random hands of tools/ev_oracle_diff.py's generator (seed 1), the median CPU time of
the whole discard_ev call (best of 3) per shanten class, both models (and full with riichi="never")
in one run, and the median number of states.

    PYTHONPATH=src python bench/ev_full_cost.py [--n0 20 --n1 20 --n2 12 --n3 4]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from ev_oracle_diff import mpsz, random_hand  # noqa: E402

from yakuman.ev import discard_ev  # noqa: E402


def timed(hand: str, **kw):
    best, nodes = float("inf"), 0
    for _ in range(3):
        t0 = time.process_time()
        r = discard_ev(hand, **kw)
        best = min(best, time.process_time() - t0)
        nodes = r.nodes
    return best, nodes


def main() -> None:
    ap = argparse.ArgumentParser()
    for s, n in enumerate((20, 20, 12, 4)):
        ap.add_argument(f"--n{s}", type=int, default=n, help=f"hands at {s} shanten")
    args = ap.parse_args()
    m = statistics.median
    for sh in range(4):
        n = getattr(args, f"n{sh}")
        if not n:
            continue
        rng = random.Random(1)
        ref, full, never, nr, nf = [], [], [], [], []
        for _ in range(n):
            hand = mpsz(random_hand(rng, sh)[0])
            a, na = timed(hand, model="reference")
            b, nb = timed(hand)
            c, _ = timed(hand, riichi="never")
            ref.append(a), full.append(b), never.append(c), nr.append(na), nf.append(nb)
        print(f"shanten {sh}: {n} hands, median ms reference {1e3 * m(ref):.2f} full {1e3 * m(full):.2f} "
              f"(full / reference, median of ratios {m([b / a for a, b in zip(ref, full)]):.2f}) "
              f"full riichi='never' {1e3 * m(never):.2f}; states reference {m(nr)} full {m(nf)}", flush=True)


if __name__ == "__main__":
    main()
