"""Where one ``discard_ev`` call spends its instructions, by function, counted by callgrind (the
count does not move with the machine's load, as every timing on the shared development machine
does): ``python bench/ev_callgrind.py [--shanten 1] [--n 20] [--seed 3] [--top 24]``.

The hands are tools/ev_oracle_diff.py's ``random_hand`` (closed, ``--shanten``, ``--seed``), each
searched under ``model="reference"``. The script runs itself twice under
``valgrind --tool=callgrind``: once with the set-up and two warm-up calls only, once with the same
plus one call per hand; the difference, divided by the hands, is what one call costs (the import,
the tables' start-up and the hand generation cancel out). Prints, per function, its own
instructions a call and its inclusive ones (with what it calls), largest first, and the total a
call. Needs valgrind (and callgrind_annotate) on the PATH; the extension built in place."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def child(shanten: int, n: int, seed: int, calls: int) -> None:
    """The measured program: the hands, two warm-up calls, then ``calls`` rounds over the hands."""
    import random

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from ev_oracle_diff import mpsz, random_hand

    from yakuman.ev import discard_ev

    rng = random.Random(seed)
    hands = [mpsz(random_hand(rng, shanten)[0]) for _ in range(n)]
    for h in hands[:2]:
        discard_ev(h, model="reference")
    for _ in range(calls):
        for h in hands:
            discard_ev(h, model="reference")


LINE = re.compile(r"^\s*([0-9,]+)\s+\([^)]*\)\s+(.*)$")


def counts(out_file: str, inclusive: bool) -> dict[str, int]:
    """Instructions by function (``file:function``, the object's path dropped) of a callgrind output."""
    text = subprocess.run(["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100",
                           out_file], capture_output=True, text=True, check=True).stdout
    got: dict[str, int] = {}
    for line in text.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        name = m.group(2).split(" [")[0].strip()
        name = name.split(":", 1)[1] if ":" in name and not name.startswith("PROGRAM") else name
        got[name] = got.get(name, 0) + int(m.group(1).replace(",", ""))
    return got


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shanten", type=int, default=1)
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--top", type=int, default=24)
    ap.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child is not None:
        child(a.shanten, a.n, a.seed, a.child)
        return 0
    if not (shutil.which("valgrind") and shutil.which("callgrind_annotate")):
        print("ev_callgrind: valgrind and callgrind_annotate are needed", file=sys.stderr)
        return 2
    # a fixed hash seed: the two runs' set-up (the hands drawn, the imports) the same instructions
    env = dict(os.environ, PYTHONHASHSEED="0",
               PYTHONPATH=os.path.join(ROOT, "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory() as tmp:
        outs = []
        for calls in (0, 1):
            out = os.path.join(tmp, f"cg.{calls}")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                            os.path.abspath(__file__), "--shanten", str(a.shanten), "--n", str(a.n), "--seed",
                            str(a.seed), "--child", str(calls)], env=env, check=True, capture_output=True)
            outs.append(out)
        own = [counts(o, False) for o in outs]
        inc = [counts(o, True) for o in outs]
    per = {k: (own[1].get(k, 0) - own[0].get(k, 0)) / a.n for k in set(own[0]) | set(own[1])}
    per_inc = {k: (inc[1].get(k, 0) - inc[0].get(k, 0)) / a.n for k in set(inc[0]) | set(inc[1])}
    total = per.pop("PROGRAM TOTALS", 0.0)
    print(f"discard_ev(model='reference'), {a.n} closed hands at {a.shanten} shanten (seed {a.seed}): "
          f"{total:,.0f} instructions a call")
    print(f"{'own':>11} {'share':>6} {'inclusive':>11}  function")
    for name, v in sorted(per.items(), key=lambda kv: -kv[1])[:a.top]:
        print(f"{v:11,.0f} {100 * v / max(total, 1):5.1f}% {per_inc.get(name, 0.0):11,.0f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
