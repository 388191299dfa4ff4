"""Command line: ``yakuman shanten HAND``, ``yakuman waits HAND``, ``yakuman score HAND --win T ...``,
``yakuman table``, ``yakuman demo`` (the ``make run`` job), ``yakuman logs verify PATHS...``
(see docs/logs.md).

Exit codes: 0 success (``logs verify``: every win and draw agrees), 1 a disagreement found by
``logs verify``, 2 a usage error or invalid input."""

from __future__ import annotations

import argparse
import sys

from yakuman.cli_score import add_commands as add_score_commands


def _cmd_shanten(args) -> int:
    from yakuman import shanten

    print(shanten(args.hand, form=args.form))
    return 0


def _cmd_waits(args) -> int:
    from yakuman import waits

    print(" ".join(waits(args.hand)))
    return 0


def _cmd_logs_verify(args) -> int:
    import json

    from yakuman.logs.verify import find_logs, verify_paths

    if args.out:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            print("yakuman: error: --out needs pyarrow (pip install pyarrow)", file=sys.stderr)
            return 2
    try:
        files = find_logs(args.paths)
    except FileNotFoundError as e:
        print(f"yakuman: error: {e}", file=sys.stderr)
        return 2
    if not files:
        print("yakuman: error: no log files under " + " ".join(args.paths), file=sys.stderr)
        return 2
    if args.workers < 0:
        print("yakuman: error: --workers must be 0 (all cores) or more", file=sys.stderr)
        return 2
    report = verify_paths(
        files,
        workers=args.workers,
        rows=bool(args.out),
        max_mismatches=args.max_mismatches,
        progress=None if args.progress is None else args.progress,
        max_bytes=args.max_bytes,
    )
    if args.out:
        from yakuman.logs.frame import write_parquet

        write_parquet(report, args.out)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(report.format())
        if args.out:
            print(f"wrote {len(report.rows or ())} rows to {args.out}")
    failed = not report.ok or (args.strict and report.errors)
    return 1 if failed else 0


def _add_logs_commands(subparsers) -> None:
    """``yakuman logs ...``: game-record tools (kept in one function for easy merging)."""
    logs = subparsers.add_parser("logs", help="game records: verify Tenhou / mjai logs against the engine")
    lsub = logs.add_subparsers(dest="logs_cmd", required=True)
    v = lsub.add_parser(
        "verify",
        help="replay, re-score and settle every game; compare with the record",
        description="Replay every game of the files and folders (recursive), re-score each win and settle "
        "each round under the rules the log states, and compare with the record. Exit 0 when everything "
        "agrees, 1 on any disagreement (unreadable files are reported, and fail only with --strict).",
    )
    v.add_argument("paths", nargs="+", metavar="PATH", help="log files or folders")
    v.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    v.add_argument("--out", metavar="FILE.parquet", help="write one row per win/draw as Parquet (pyarrow)")
    v.add_argument("--workers", type=int, default=1, help="processes (0 = all cores; default 1)")
    v.add_argument("--strict", action="store_true", help="exit 1 also when a file could not be read or replayed")
    v.add_argument("--max-mismatches", type=int, default=20, metavar="N", help="mismatches to list (default 20)")
    v.add_argument("--max-bytes", type=int, default=None, metavar="N",
                   help="limit on a gzip file's decompressed size in bytes (default 64 MiB); past it the file is an error")
    pg = v.add_mutually_exclusive_group()
    pg.add_argument("--progress", dest="progress", action="store_true", default=None, help="force the progress bar")
    pg.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    v.set_defaults(func=_cmd_logs_verify)


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
    add_score_commands(sub)
    _add_logs_commands(sub)
    args = p.parse_args(argv)
    from yakuman.errors import YakumanError

    try:
        return args.func(args)
    except YakumanError as e:
        print(f"yakuman: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
