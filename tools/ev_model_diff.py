"""Differential check of yakuman.ev.discard_ev(model="full") against the independent model of
docs/ev.md in tests/unit/_ev_full_model.py, on seeded random requests (its random_case: tenpai and
1-shanten, 13 and 14 tiles, closed and with a pon, four and three players with kita, red fives,
walls with tiles seen elsewhere, the three riichi modes, exchanges and steps back on or off,
honba, sticks, dora; --wide adds extra 0 or 2 and the Mahjong Soul presets; --open draws
random_open_case's requests instead: one to three melds of every kind, red fives in them; --rules
values each request under a preset with one knob a win's value reads changed).

    python tools/ev_model_diff.py --seed 101 --n 300 [--wide | --open] [--rules]

Prints each request that differs (probabilities beyond 1e-9, scores beyond 1e-9 relative, or a
riichi flag) and a summary line; exits 1 when any differs. The model is slow (about 0.3 s a
request): a few hundred requests take minutes."""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

from tests.unit._ev_full_model import mismatches, random_case, random_open_case, with_random_rules  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--wide", action="store_true", help="also extra 0 or 2 and the Mahjong Soul presets")
    ap.add_argument("--open", action="store_true",
                    help="random_open_case instead: one to three melds of every kind, red fives in them")
    ap.add_argument("--rules", action="store_true",
                    help="each request under a preset with one knob a win's value reads changed "
                         "(with_random_rules: aotenjou, kazoe, ryanhan shibari with honba, ...)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    differ = later = 0
    t0 = time.perf_counter()
    for i in range(args.n):
        hand, kw = random_open_case(rng) if args.open else random_case(rng, wide=args.wide)
        if args.rules:
            kw = with_random_rules(rng, kw)
        bad, n_later = mismatches(hand, **kw)
        later += n_later
        if bad:
            differ += 1
            print(f"request {i}: {len(bad)} differences; first: {bad[0]}")
    print(f"seed {args.seed}{' wide' if args.wide else ''}{' open' if args.open else ''}{' rules' if args.rules else ''}: {args.n} requests, {differ} differ; "
          f"{later} rows stay dama at a turn and declare at the next; {time.perf_counter() - t0:.0f} s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
