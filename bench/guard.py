"""Benchmark guard: compare the hot path with a committed baseline, as ratios to peers.

Usage:
    python bench/guard.py .benchmarks/guard-1.json [guard-2.json ...]   # check against bench/baseline.json
    python bench/guard.py .benchmarks/guard-1.json --update            # write the baseline from this run
    python bench/guard.py .benchmarks/guard-2.json --lower             # keep the lower of baseline and run

A baseline is recorded on a quiet machine as the lowest ratio of a few runs (``--update`` once, then
``--lower`` after each further run): a peer whose speed varies from one process to the next (riichienv
has fast and slow modes) then cannot put the floor above what a healthy run gives.

Each guarded benchmark is paired with a peer measured in the same pytest-benchmark run (the `mahjong`
package or riichienv). The guarded figure is ``ratio = peer time per item / our time per item``: machine
speed and load scale both sides, so the ratio is what a change of ours moves. The check fails when a
ratio falls below ``(1 - TOLERANCE)`` times its baseline, i.e. when it drops by more than 25%. A guarded
benchmark or its peer missing from the run is a failure too (a guard that silently measures nothing is
no guard); ``--allow-missing`` turns that into a note for machines without the peers installed.

Several JSON files (passes of the same selection) are merged by taking, per benchmark, the fastest
round of any pass. ``make bench-guard`` measures one pass and, only when that fails, a second one and
checks the merge: a busy neighbour slows one pass's rounds, a real regression slows both.

The pairs live in ``GUARDS`` below and only there; ``make bench-guard`` runs exactly the benchmarks
they name (``-k`` is built from this table by ``--select``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

TOLERANCE = 0.25
BASELINE = Path(__file__).with_name("baseline.json")

# guarded benchmark name -> (peer benchmark name, what it guards)
GUARDS: dict[str, tuple[str, str]] = {
    "test_yakuman_136": ("test_peer_riichienv_136", "shanten per call, 136-ids"),
    "test_yakuman_counts": ("test_peer_riichienv_136", "shanten per call, 34-count lists"),
    "test_yakuman_batch[1]": ("test_peer_riichienv_136", "shanten_many, all forms, 1 worker"),
    "test_yakuman_136_closed": ("test_peer_riichienv_closed", "score per call, closed, 136-ids"),
    "test_yakuman_136_with_melds": ("test_peer_riichienv_with_melds", "score per call, with melds"),
    "test_yakuman_score_many[1]": ("test_peer_riichienv_closed", "score_many, 1 worker"),
    "test_yakuman_ukeire_counts": ("test_peer_riichienv_136", "ukeire per call"),
    "test_verify[1-worker]": ("test_peer_riichienv_closed", "logs verify, 1 worker"),
    "test_yakuman_random_game_decisions": ("test_peer_riichienv_random_game_decisions",
                                           "engine step from Python, random play"),
    "test_yakuman_simulate_hanchan[random]": ("test_peer_riichienv_random_game_decisions",
                                              "native simulate, random policy"),
}


def per_item(bench: dict) -> float:
    """The fastest round's seconds divided by the items (hands, games, decisions) it processed:
    the minimum is what load on the machine disturbs least (a busy core only ever slows a round)."""
    return bench["stats"]["min"] / bench.get("extra_info", {}).get("hands", 1)


def merged_times(runs: list[dict]) -> dict[str, float]:
    """Per benchmark, the fastest per-item time over every pass."""
    times: dict[str, float] = {}
    for data in runs:
        for b in data["benchmarks"]:
            t = per_item(b)
            times[b["name"]] = min(t, times.get(b["name"], t))
    return times


def ratios(data: dict | list[dict]) -> tuple[dict[str, float], list[str]]:
    times = merged_times(data if isinstance(data, list) else [data])
    out: dict[str, float] = {}
    missing: list[str] = []
    for name, (peer, _) in GUARDS.items():
        if name not in times or peer not in times:
            missing.append(name if name not in times else f"{name} (peer {peer})")
            continue
        out[name] = times[peer] / times[name]
    return out, missing


def select_expr() -> str:
    """The pytest -k expression that selects every guarded benchmark and every peer."""
    names = set(GUARDS) | {peer for peer, _ in GUARDS.values()}
    bare = sorted({n.split("[", 1)[0] for n in names})
    return " or ".join(bare)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", nargs="*", help="pytest-benchmark JSON of this run (one per pass)")
    ap.add_argument("--baseline", default=str(BASELINE))
    ap.add_argument("--update", action="store_true", help="write the baseline from this run")
    ap.add_argument("--lower", action="store_true", help="lower each baseline ratio to this run's when smaller")
    ap.add_argument("--allow-missing", action="store_true")
    ap.add_argument("--select", action="store_true", help="print the pytest -k expression and exit")
    args = ap.parse_args(argv)
    if args.select:
        print(select_expr())
        return 0
    if not args.json:
        ap.error("the benchmark JSON is required")
    current, missing = ratios([json.loads(Path(j).read_text()) for j in args.json])
    if args.update or args.lower:
        if missing:
            print("cannot write a baseline, missing: " + ", ".join(missing), file=sys.stderr)
            return 1
        if args.lower:
            old = json.loads(Path(args.baseline).read_text())
            current = {k: min(v, old.get(k, v)) for k, v in current.items()}
        Path(args.baseline).write_text(json.dumps({k: float(f"{v:.5g}") for k, v in current.items()}, indent=1) + "\n")
        print(f"baseline written to {args.baseline} ({len(current)} ratios)")
        return 0
    base = json.loads(Path(args.baseline).read_text())
    failed = 0
    print(f"{'guarded benchmark':32} {'what':36} {'baseline':>9} {'now':>9} {'change':>8}")
    for name, (peer, what) in GUARDS.items():
        if name not in current:
            continue
        now = current[name]
        ref = base.get(name)
        if ref is None:
            print(f"{name:32} {what:36} {'-':>9} {now:9.4g}   (no baseline)")
            continue
        change = now / ref - 1
        bad = now < (1 - TOLERANCE) * ref
        failed += bad
        print(f"{name:32} {what:36} {ref:9.4g} {now:9.4g} {change:+7.0%}{'  FAIL' if bad else ''}")
    for m in missing:
        print(f"missing from this run: {m}")
    if missing and not args.allow_missing:
        failed += len(missing)
    print(f"bench-guard: {len(current)} ratios checked over {len(args.json)} pass(es), {failed} failed "
          f"(tolerance {TOLERANCE:.0%})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
