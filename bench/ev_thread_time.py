"""The calculator's CPU time per hand in one thread (docs/performance.md, "Expected value"):
``python bench/ev_thread_time.py SHANTEN N [REPS]`` times ``discard_ev(hand, model="reference")``
on N closed 14-tile hands at SHANTEN (tools/ev_oracle_diff.py's ``random_hand``, seed 3: the
hands of its `--seed 3` runs) with ``time.thread_time()``, best of REPS (default 3) per hand, and
prints the medians of the thread time and the wall time in ms. Thread time barely moves with the
load on a shared machine, so two builds compare in alternated runs; the reference is not run.
``python bench/ev_thread_time.py fixed``: a call's fixed cost, the thread time per call (best of 5
runs of 1,000 calls) on a hand beyond ``max_shanten`` (rows only, no search) and on a tenpai hand.
``python bench/ev_thread_time.py rotate SHANTEN N [ROUNDS]``: the N hands called in turn,
ROUNDS rounds (default 3), each hand's fastest call (no call follows one of the same hand, as in a
stream of positions; ``tools/ev_oracle_diff.py --rotate``).
``python bench/ev_thread_time.py tenpai [REPS]``: small searches, where the fixed cost decides: 60
tenpai hands (``random_hand(random.Random(1207), 0, 14, m)``, 20 each with m = 0, 1, 2 pons, as
``tools/ev_oracle_diff.py --shanten 0 --melds m --seed 1207`` makes them) cycled REPS times
(default 30), each call a hand other than the one before: the thread time per call."""

import os
import random
import sys
import time

# numpy's BLAS threads, left spinning after a BLAS call, would share the core with the search
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))

from ev_oracle_diff import mpsz, pon_texts, random_hand  # noqa: E402

from yakuman.ev import discard_ev  # noqa: E402


def fixed() -> None:
    out = []
    for hand in ("1479m258p369s1234z", "123456789m1134p5s"):
        best = float("inf")
        for _ in range(5):
            t0 = time.thread_time()
            for _ in range(1000):
                discard_ev(hand, model="reference")
            best = min(best, (time.thread_time() - t0) / 1000)
        out.append(f"{hand} {best * 1e6:.1f} us")
    print("a call's fixed cost: " + "; ".join(out))


def tenpai(reps: int) -> None:
    reqs = []
    for m in (0, 1, 2):
        rng = random.Random(1207)
        for counts, ml in [random_hand(rng, 0, 14, m) for _ in range(20)]:
            reqs.append((mpsz(counts), pon_texts(ml)))
    t0 = time.thread_time()
    for _ in range(reps):
        for hand, melds in reqs:
            discard_ev(hand, melds=melds, model="reference")
    print(f"60 tenpai hands (0, 1, 2 pons) cycled {reps} times: "
          f"{(time.thread_time() - t0) / reps / len(reqs) * 1e6:.1f} us a call (thread time)")


def in_turn(shanten: int, n: int, rounds: int) -> None:
    """The hands called in turn (1 .. n, `rounds` times, after one warm-up round), each hand's
    fastest call: no call follows one of the same hand (tools/ev_oracle_diff.py --rotate)."""
    rng = random.Random(3)
    hands = [mpsz(random_hand(rng, shanten)[0]) for _ in range(n)]
    for h in hands:
        discard_ev(h, model="reference")
    best = [float("inf")] * n
    for _ in range(rounds):
        for i, h in enumerate(hands):
            t0 = time.thread_time()
            discard_ev(h, model="reference")
            best[i] = min(best[i], time.thread_time() - t0)
    best.sort()
    print(f"shanten {shanten}, {n} hands in turn, best of {rounds} rounds: thread median {best[n // 2] * 1e3:.3f} ms")


def main(argv: list[str]) -> None:
    if argv[1] == "rotate":
        in_turn(int(argv[2]), int(argv[3]), int(argv[4]) if len(argv) > 4 else 3)
        return
    if argv[1] == "fixed":
        fixed()
        return
    if argv[1] == "tenpai":
        tenpai(int(argv[2]) if len(argv) > 2 else 30)
        return
    shanten, n = int(argv[1]), int(argv[2])
    reps = int(argv[3]) if len(argv) > 3 else 3
    rng = random.Random(3)
    hands = [mpsz(random_hand(rng, shanten)[0]) for _ in range(n)]
    thread, wall = [], []
    for h in hands:
        bt = bw = float("inf")
        for _ in range(reps):
            w0, t0 = time.perf_counter(), time.thread_time()
            discard_ev(h, model="reference")
            bt, bw = min(bt, time.thread_time() - t0), min(bw, time.perf_counter() - w0)
        thread.append(bt)
        wall.append(bw)
    thread.sort()
    wall.sort()
    print(f"shanten {shanten}, {n} hands, best of {reps}: thread median {thread[n // 2] * 1e3:.3f} ms, "
          f"wall median {wall[n // 2] * 1e3:.3f} ms")


if __name__ == "__main__":
    main(sys.argv)
