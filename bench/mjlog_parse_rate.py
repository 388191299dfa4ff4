"""Parse-only mjlog throughput, one worker: the native reader (yakuman.logs.tenhou_xml) against the
pure-Python reference reader (yakuman._reference.tenhou_xml), on the same files in the same minute.

    PYTHONPATH=src python bench/mjlog_parse_rate.py FOLDER [--runs 5] [--limit N]

Files are read into memory first (those that hold no readable game are left out). "parse" times ``parse_mjlog`` on the decompressed bytes; "read"
times ``read_mjlog`` on the file bytes (gunzip included). Each run alternates the two readers; the
best run of each is printed, as wall time and as CPU time of this process (on a loaded machine the
CPU time is the better estimate of what one free core does).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from yakuman._reference import tenhou_xml as reference
from yakuman.logs import tenhou_xml as native
from yakuman.logs.events import LogError


def _rate(fn, n: int) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return n / (time.perf_counter() - w), n / max(time.process_time() - c, 1e-9)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--limit", type=int, default=0, help="first N files only (name order)")
    args = ap.parse_args()
    paths = sorted(p for p in Path(args.folder).iterdir() if p.is_file())
    if args.limit:
        paths = paths[: args.limit]
    raw, games = [], 0
    for p in paths:  # files that are no game record at all (the corpus has a few) are left out
        try:
            games += len(native.read_mjlog(p, p.read_bytes(), strict=False))
        except LogError:
            continue
        raw.append((str(p), p.read_bytes()))
    dec = [(name, native.decompress(data)) for name, data in raw]

    # each file's games are dropped before the next is read, as a streaming consumer does
    # (keeping every game alive would time the garbage collector's passes over them instead)
    def parse(mod):
        def run():
            for name, d in dec:
                mod.parse_mjlog(d, name, strict=False)
        return run

    def read(mod):
        def run():
            for name, d in raw:
                mod.read_mjlog(name, d, strict=False)
        return run

    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.runs):
        for label, fn in (("native parse", parse(native)), ("reference parse", parse(reference)),
                          ("native read", read(native)), ("reference read", read(reference))):
            w, c = _rate(fn, games)
            b = best.get(label, (0.0, 0.0))
            best[label] = (max(b[0], w), max(b[1], c))
    print(f"{len(raw)} readable files of {len(paths)}, {games} games, best of {args.runs} runs (games/s, 1 worker)")
    for label, (w, c) in best.items():
        print(f"  {label:16s} wall {w:8.0f}   cpu {c:8.0f}   ({1e3 / c:.3f} ms/game cpu)")


if __name__ == "__main__":
    main()
