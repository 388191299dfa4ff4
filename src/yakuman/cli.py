"""Command line: ``yakuman shanten HAND``, ``yakuman waits HAND``, ``yakuman score HAND --win T ...``,
``yakuman ev HAND`` (each discard's expected value, docs/ev.md), ``yakuman table``, ``yakuman demo`` (the ``make run`` job), ``yakuman logs verify PATHS...``
(see docs/logs.md), ``yakuman logs rescore PATHS --rules R`` (docs/analysis.md), ``yakuman logs stats
PATHS...`` (docs/stats.md), ``yakuman --version``. Every command takes ``--json`` (one JSON object on
stdout); ``shanten`` and ``waits`` take called melds (``--meld "pon 777z"``, repeatable);
``--rules`` takes a preset name or a ``.toml`` / ``.json`` rules file.

Exit codes: 0 success (``logs verify``: every win and draw agrees and every file was read), 1
``logs verify`` found a disagreement, could not read a file or verified nothing (``--allow-errors``
keeps only disagreements as failures), 2 a usage error or invalid input, 141 (128 + SIGPIPE)
when the reader of the output went away (``yakuman table | head -1``), quietly."""

from __future__ import annotations

import argparse
import json
import os
import sys

from yakuman.cli_ev import add_commands as add_ev_commands
from yakuman.cli_score import add_commands as add_score_commands

EXIT_BROKEN_PIPE = 141


def _hand_and_melds(args) -> tuple[str, tuple | None]:
    """The hand and its parsed melds; five copies of a kind counting the melds is an error."""
    from yakuman.errors import InvalidTilesError
    from yakuman.hand import parse_melds
    from yakuman.tiles import TILE_NAMES, parse

    if not args.meld:
        return args.hand, None   # the meld count follows from the tile count
    melds = parse_melds(args.meld)
    counts, _ = parse(args.hand)
    total = list(counts)
    for m in melds:
        for k, n in enumerate(m.counts()):
            total[k] += n
    for k, n in enumerate(total):
        if n > 4:
            raise InvalidTilesError(f"{n} copies of {TILE_NAMES[k]} counting the melds - at hand")
    return args.hand, melds


def _cmd_shanten(args) -> int:
    from yakuman import shanten

    hand, melds = _hand_and_melds(args)
    value = shanten(hand, form=args.form, melds=melds)
    if args.json:
        print(json.dumps({"hand": hand, "melds": [str(m) for m in melds or ()], "form": args.form,
                          "shanten": value}))
    else:
        print(value)
    return 0


def _cmd_waits(args) -> int:
    from yakuman import waits

    hand, melds = _hand_and_melds(args)
    kinds = waits(hand, melds=melds)
    if args.json:
        print(json.dumps({"hand": hand, "melds": [str(m) for m in melds or ()], "waits": kinds}))
    else:
        print(" ".join(kinds))
    return 0


def _cmd_logs_verify(args) -> int:
    from yakuman._outputs import check_output_file
    from yakuman.logs.verify import scan_logs, verify_paths

    if args.out:
        check_output_file(args.out, "--out")
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            print('yakuman: error: --out needs pyarrow: pip install "yakuman[frame]"', file=sys.stderr)
            return 2
    try:
        scan = scan_logs(args.paths)
    except FileNotFoundError as e:
        print(f"yakuman: error: {e}", file=sys.stderr)
        return 2
    skipped = scan.skipped_line()
    if not scan.files:
        print("yakuman: error: no log files under " + " ".join(args.paths) + (f" ({skipped})" if skipped else ""),
              file=sys.stderr)
        return 2
    if args.workers < 0:
        print("yakuman: error: --workers must be 0 (all cores) or more", file=sys.stderr)
        return 2
    report = verify_paths(
        scan.files,
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
    d = report.to_dict()
    verified = d["wins"] + d["draws"] + d["special"]["wins"] + d["special"]["draws"]
    unread = len(report.errors)
    if unread:
        skipped = (skipped + ", " if skipped else "skipped ") + (
            f"{unread} file{'s' * (unread != 1)} that could not be read or replayed (listed in the report)")
    if skipped:
        print(skipped, file=sys.stderr)
    if not report.ok:
        return 1
    if args.allow_errors:
        return 0
    if verified == 0:
        print(f"yakuman: error: nothing was verified: no win or draw in {len(scan.files)} "
              f"file{'s' * (len(scan.files) != 1)} (--allow-errors accepts that)", file=sys.stderr)
        return 1
    return 1 if unread else 0


def _add_logs_commands(subparsers) -> None:
    """``yakuman logs ...``: game-record tools (kept in one function for easy merging)."""
    from yakuman.logs.corpus import add_corpus_arguments

    logs = subparsers.add_parser("logs", help="game records: verify Tenhou / mjai logs against the engine")
    lsub = logs.add_subparsers(dest="logs_cmd", required=True)
    v = lsub.add_parser(
        "verify",
        help="replay, re-score and settle every game; compare with the record",
        description="Replay every game of the files and folders (recursive; hidden folders such as .git "
        "and .venv, hidden files and names that are not logs are skipped, and one line says what was), "
        "re-score each win and settle each round under the rules the log states, and compare with the "
        "record. Exit 0 when everything agrees and every file was read; 1 on any disagreement, on a file "
        "that could not be read, or when nothing was verified (--allow-errors: only disagreements fail).",
    )
    add_corpus_arguments(v, workers="processes (0 = all cores; default 1)",
                         json="print one JSON object instead of the summary",
                         out="write one row per win/draw as Parquet (pyarrow)")
    v.add_argument("--allow-errors", action="store_true",
                   help="exit 0 even when a file could not be read or nothing was verified")
    v.add_argument("--strict", action="store_true", help=argparse.SUPPRESS)  # the default now; kept for scripts
    v.add_argument("--max-mismatches", type=int, default=20, metavar="N", help="mismatches to list (default 20)")
    v.add_argument("--max-bytes", type=int, default=None, metavar="N",
                   help="limit on a gzip file's decompressed size in bytes (default 64 MiB); past it the file is an error")
    v.set_defaults(func=_cmd_logs_verify)
    from yakuman.logs.rescore import add_command as add_rescore_command
    from yakuman.logs.stats import add_cli as add_stats_cli

    add_rescore_command(lsub)   # yakuman logs rescore
    add_stats_cli(lsub)         # yakuman logs stats
    from yakuman.logs.review import add_cli as add_review_cli

    add_review_cli(lsub)        # yakuman logs review


def _parser() -> argparse.ArgumentParser:
    from yakuman import __version__

    p = argparse.ArgumentParser(prog="yakuman", description="Riichi mahjong engine")
    p.add_argument("--version", action="version", version=f"yakuman {__version__}")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("shanten", help="shanten of a hand (mpsz)")
    s.add_argument("hand", help="the concealed tiles, 13-3k or 14-3k with k melds")
    s.add_argument("--meld", action="append", help='a called meld, e.g. "pon 777z" (repeatable)')
    s.add_argument("--form", default="all", choices=["all", "regular", "chiitoitsu", "kokushi"])
    s.add_argument("--json", action="store_true", help="one JSON object")
    s.set_defaults(func=_cmd_shanten)
    w = sub.add_parser("waits", help="waits of a 13-3k hand (mpsz)")
    w.add_argument("hand", help="the concealed tiles, 13-3k with k melds")
    w.add_argument("--meld", action="append", help='a called meld, e.g. "chi 345p" (repeatable)')
    w.add_argument("--json", action="store_true", help="one JSON object")
    w.set_defaults(func=_cmd_waits)
    add_score_commands(sub)
    add_ev_commands(sub)     # yakuman ev
    _add_logs_commands(sub)
    from yakuman.game.cli import add_game_commands

    add_game_commands(sub)   # yakuman game play
    return p


def main(argv: list[str] | None = None) -> int:
    from yakuman.errors import YakumanError

    try:
        args = _parser().parse_args(argv)
        try:
            code = args.func(args)
        except YakumanError as e:
            from yakuman._text import terminal_safe

            print(f"yakuman: error: {terminal_safe(e)}", file=sys.stderr)
            return 2
        sys.stdout.flush()   # a closed pipe shows here, inside the handler
        return code
    except BrokenPipeError:
        # The reader went away (`yakuman table | head -1`): stop quietly. Point stdout at devnull
        # so that the interpreter's final flush does not raise again.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
