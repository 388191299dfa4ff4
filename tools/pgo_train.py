"""The training run of the profile-guided build (setup.py, YAKUMAN_PGO): the work whose branch and
call counts GCC's ``-fprofile-use`` then optimizes the extension for.

    python tools/pgo_train.py [--scale 1.0]

setup.py runs it on the instrumented extension (a copy of the package with that extension, in a
temporary folder) between its two compilations; tests/unit/test_pgo_train.py runs it at a small
scale so that it keeps working as the API moves. It covers the hot paths a user times: the
expected-value search (0-3 shanten, closed and with a pon, both models), batch scoring of generated
hands and the per-hand scorer, the batch shanten and waits, the native generator and the game
engine (greedy and random policies). One thread, fixed seeds: the same counts on every run. Functions it
never reaches are compiled as without a profile (``-fprofile-partial-training``). About 10 s at
scale 1 on the instrumented build."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

# the reference differential's hands (tools/ev_oracle_diff.py): random closed hands, or hands with
# pons, of a given shanten that the red-five rule allows
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ev_oracle_diff import pon_texts, random_hand  # noqa: E402


def gcc_major(cc: str | None = None) -> int:
    """The major version of the C compiler a build of this interpreter uses (``CC``, else
    sysconfig's) when it is GCC, else 0."""
    import subprocess
    import sysconfig

    cc = (cc or os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    try:
        out = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=30).stdout
        ver = subprocess.run([cc, "-dumpfullversion"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return 0
    if "Free Software Foundation" not in out or "clang" in out.lower():
        return 0
    try:
        return int(ver.strip().split(".")[0])
    except ValueError:
        return 0


def pgo_expected() -> bool:
    """Whether a build here should be profile-guided: Linux, GCC 10 or later, and not asked to be
    plain (YAKUMAN_PGO=0, a debug build, or the sanitizer run of ``make sanitize``, which preloads
    the sanitizer runtime)."""
    plain = (os.environ.get("YAKUMAN_PGO", "").strip().lower() in ("0", "off", "no", "false")
             or "asan" in os.environ.get("LD_PRELOAD", "") or os.environ.get("YAKUMAN_DEBUG") == "1")
    return sys.platform.startswith("linux") and not plain and gcc_major() >= 10


def train(scale: float = 1.0) -> dict[str, float]:
    """Run the workload; returns the seconds each part took."""
    import numpy as np

    from yakuman import score
    from yakuman.batch import score_many, shanten_many, waits_many
    from yakuman.ev import discard_ev, ev_many
    from yakuman.game import simulate
    from yakuman.random import random_hands, winning_hands
    from yakuman.tiles import to_mpsz

    def n(x: int) -> int:
        return max(1, int(round(x * scale)))

    times: dict[str, float] = {}
    rng = random.Random(20261207)
    t0 = time.perf_counter()
    # each shanten's hands, closed and with a pon, half under each model
    closed = {sh: [random_hand(rng, sh)[0] for _ in range(n(k))] for sh, k in ((0, 40), (1, 150), (2, 20), (3, 1))}
    for sh in sorted(closed):
        for i, c in enumerate(closed[sh]):
            discard_ev(to_mpsz(c), model="reference" if i % 2 == 0 else "full")
    for sh, k in ((0, 20), (1, 40), (2, 4)):
        for i in range(n(k)):
            c, ml = random_hand(rng, sh, 14, 1)
            discard_ev(to_mpsz(c), melds=pon_texts(ml), model="reference" if i % 2 == 0 else "full")
    times["ev"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    hands = winning_hands(n(100_000), seed=7, workers=1)
    sanma = winning_hands(n(20_000), seed=7, players=3, workers=1)
    times["generate"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    from yakuman.rules import Rules

    score_many(hands, workers=1)
    score_many(sanma, rules=Rules.tenhou_sanma(), workers=1)
    for i in range(n(2_000)):
        score(**hands.kwargs(i))
    times["score"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    counts = random_hands(n(100_000), seed=7)
    shanten_many(counts, workers=1)
    waits_many(random_hands(n(50_000), seed=8, size=13), workers=1)
    times["shanten"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    rows = closed[0] + closed[1]
    ev_many({"counts": np.asarray(rows, dtype=np.uint8)}, workers=1)
    times["ev_many"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    simulate(n(200), seed=1, policy="greedy", workers=1)
    simulate(n(400), seed=2, policy="random", workers=1)
    times["games"] = time.perf_counter() - t0
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=1.0)
    a = ap.parse_args(argv)
    times = train(a.scale)
    print("pgo training: " + ", ".join(f"{k} {v:.1f} s" for k, v in times.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
