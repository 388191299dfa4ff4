"""A search's time right after the core sat idle (docs/performance.md, "More kept answers, links read
in place"): ``python bench/ev_after_idle.py [REPS]`` times four calls in a row of
``discard_ev(hand, model="reference")`` on each of four 1-shanten hands (tools/ev_oracle_diff.py's
``random_hand``, seed 3), each hand's calls right after one of: nothing, a process that does
nothing (``/bin/true``), the reference calculator run three times on the hand (its oracle, when
built: YAKUMAN_EV_ORACLE or /tmp/mcpp/build/bin/ev_oracle), ``time.sleep(0.1)``. Prints the wall
time of each call in ms, REPS rounds (default 2). Shows why ``tools/ev_oracle_diff.py
--interleave`` finds our calls slower than the same calls in a row: the core left idle while the
reference runs is slow for the first milliseconds after, whatever ran."""

import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))

import ev_oracle_diff as oracle  # noqa: E402

from yakuman.ev import discard_ev  # noqa: E402


def main(argv: list[str]) -> None:
    reps = int(argv[1]) if len(argv) > 1 else 2
    rng = random.Random(3)
    hands = [oracle.mpsz(oracle.random_hand(rng, 1)[0]) for _ in range(4)]
    for h in hands:
        discard_ev(h, model="reference")
    before = [("nothing", lambda h: None), ("/bin/true", lambda h: subprocess.run(["/bin/true"], check=True))]
    if os.path.exists(oracle.ORACLE):
        before.append(("reference", lambda h: oracle.run_oracle([{"id": 0, "hand": h, "melds": [], "config": {}}] * 3)))
    before.append(("sleep 0.1", lambda h: time.sleep(0.1)))
    for _ in range(reps):
        for label, pre in before:
            out = []
            for h in hands:
                pre(h)
                ts = []
                for _ in range(4):
                    t0 = time.perf_counter()
                    discard_ev(h, model="reference")
                    ts.append((time.perf_counter() - t0) * 1e3)
                out.append(" ".join(f"{x:.2f}" for x in ts))
            print(label.ljust(10), " | ".join(out))


if __name__ == "__main__":
    main(sys.argv)
