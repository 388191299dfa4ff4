"""Command line: ``yakuman shanten HAND``, ``yakuman waits HAND``, ``yakuman demo``."""

from __future__ import annotations

import argparse
import sys
import time


def _cmd_shanten(args) -> int:
    from yakuman import shanten

    print(shanten(args.hand, form=args.form))
    return 0


def _cmd_waits(args) -> int:
    from yakuman import waits

    print(" ".join(waits(args.hand)))
    return 0


def _cmd_demo(args) -> int:
    import numpy as np

    from yakuman.batch import shanten_many
    from yakuman.random import random_hands

    n = args.hands
    t0 = time.perf_counter()
    hands = random_hands(n, seed=args.seed, size=13)
    t1 = time.perf_counter()
    sh = shanten_many(hands, workers=args.workers)
    t2 = time.perf_counter()
    print(f"{n:,} random 13-tile hands (seed {args.seed}), generated in {t1 - t0:.2f} s")
    print("shanten  hands      share")
    values, counts = np.unique(sh, return_counts=True)
    for v, c in zip(values.tolist(), counts.tolist()):
        print(f"{v:7d}  {c:9,d}  {100 * c / n:6.2f}%")
    print(f"mean shanten {sh.astype(np.float64).mean():.4f}")
    dt = t2 - t1
    print(f"batch shanten: {dt:.3f} s, {n / dt:,.0f} hands/s ({1e9 * dt / n:.1f} ns/hand, "
          f"workers={args.workers or 'all'})")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="yakuman", description="Riichi mahjong engine")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("shanten", help="shanten of a hand (mpsz)")
    s.add_argument("hand")
    s.add_argument("--form", default="all", choices=["all", "regular", "chiitoitsu", "kokushi"])
    s.set_defaults(func=_cmd_shanten)
    w = sub.add_parser("waits", help="waits of a 13-3k hand (mpsz)")
    w.add_argument("hand")
    w.set_defaults(func=_cmd_waits)
    d = sub.add_parser("demo", help="seeded random hands: shanten statistics and throughput")
    d.add_argument("--hands", type=int, default=1_000_000)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--workers", type=int, default=0, help="threads (0 = all cores)")
    d.set_defaults(func=_cmd_demo)
    args = p.parse_args(argv)
    from yakuman.errors import YakumanError

    try:
        return args.func(args)
    except YakumanError as e:
        print(f"yakuman: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
