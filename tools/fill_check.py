"""Fill every seat's one-seat mjai view of the shared corpus's records and play the filled records
through the engine (docs/game.md, "from_mjai"): counts the views whose filled record has an
illegal decision or a result that differs.

    python tools/fill_check.py [--files N] [--data DIR]

A view hides the other seats' deals and draws ("?"), as one seat's mjai log shows them;
``yakuman.logs.mjai.fill_hidden`` deals them; ``check_record`` plays the result."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    from yakuman import logs
    from yakuman.game.mjai import mask_event   # what one seat sees: the one place it is made
    from yakuman.game.records import check_record
    from yakuman.logs.mjai import fill_hidden, parse_mjai, to_mjai

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=0, help="the first N files (0 = all)")
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "tenhou" / "mjlog"))
    args = ap.parse_args(argv)
    files = sorted(Path(args.data).iterdir())
    if args.files:
        files = files[:args.files]
    t0 = time.perf_counter()
    views = bad = skipped = 0
    for f in files:
        try:
            games = logs.read(f)
        except logs.LogError:
            skipped += 1
            continue
        for g in games:
            if check_record(g).illegal:
                skipped += 1
                continue
            events = [json.loads(json.dumps(e)) for e in to_mjai(g)]
            for seat in range(g.start.players):
                views += 1
                try:
                    (h,) = parse_mjai("\n".join(json.dumps(e) for e in fill_hidden([mask_event(e, seat) for e in events])))
                    rc = check_record(h)
                    if rc.illegal or rc.disagreements:
                        bad += 1
                        print(f"{f.name} seat {seat}: {rc.problems[0]}")
                except Exception as e:  # noqa: BLE001 - reported, counted
                    bad += 1
                    print(f"{f.name} seat {seat}: {type(e).__name__}: {e}")
    print(f"{len(files)} files, {views} views, {bad} filled records the engine does not play as recorded, "
          f"{skipped} records skipped, {time.perf_counter() - t0:.1f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
