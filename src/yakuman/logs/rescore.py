"""Re-score every win of a corpus under other rules: ``yakuman logs rescore PATHS --rules ...``.

:func:`rescore` reads the win rows of :func:`yakuman.logs.to_frame` (the record's situation as the
replay derived it), turns them into score_many columns (:func:`yakuman.batch.columns_from_frame`)
and scores them all natively under the new rules. Each win keeps its value under the log's own
rules (``old_*``: ours as the verifier computed it, which equals the record on a verified log;
the record's when ours is missing) next to the new one (``new_*``), and ``delta`` = new points -
old points (hand values without honba and sticks, Tenhou's figure). Wins of another player count
than the rules' are left out (counted as ``skipped``); a win that the new rules refuse (e.g. more
red fives than ``aka_dora``) gets status ``INVALID_INPUT`` and its error in ``new_reason``.

Invariant: the rows are the corpus's win rows in order (file, game, event), one per winner.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["RescoreReport", "rescore", "add_command"]

# the row position a batch error names (" - at rows[i]"): the report's row says which win it is
_AT_ROW = re.compile(r" - at (?:rows|hands)\[\d+\]")

_KEEP = ("file", "game", "event", "win_index", "round_label", "honba", "seat", "from_seat", "tsumo", "hand",
         "win_tile", "melds")


@dataclass
class RescoreReport:
    """``rows``: a pandas DataFrame, one row per re-scored win (columns file, game, event,
    win_index, round_label, honba, seat, from_seat, tsumo, hand, win_tile, melds, old_han,
    old_fu, old_points, old_limit, new_status, new_han, new_fu, new_points, new_limit, new_yaku,
    new_reason, delta, changed); ``summary``: counts and point totals (see :meth:`summary_lines`);
    ``transitions``: {(old limit, new limit): wins} over the changed wins."""

    rows: Any
    summary: dict
    transitions: dict

    def summary_lines(self) -> list[str]:
        s = self.summary
        lines = [
            f"wins: {s['wins']} ({s['skipped']} of another player count skipped), re-scored {s['rescored']} "
            f"under {s['rules']}",
            f"changed value: {s['changed']} (higher {s['higher']}, lower {s['lower']}); "
            f"no longer a win: {s['no_longer_win']}; refused by the rules: {s['invalid']}",
            f"points: old {s['old_points']}, new {s['new_points']}, delta {s['delta']:+d} "
            f"(mean {s['mean_delta']:+.1f} per re-scored win)",
        ]
        if self.transitions:
            lines.append("changed wins by limit (old -> new):")
            for (a, b), n in sorted(self.transitions.items(), key=lambda kv: -kv[1]):
                lines.append(f"  {a or '-':>10} -> {b or '-':<10} {n}")
        return lines


def _limit_name(v) -> str | None:
    from yakuman.batch import _missing

    return None if _missing(v) or str(v) in ("None", "") else str(v)


def rescore(source, rules, *, workers: int = 1) -> RescoreReport:
    """Re-score the wins of ``source`` (paths / folders, games, or a ``to_frame`` DataFrame) under
    ``rules`` (a :class:`~yakuman.rules.Rules`); see the module docstring."""
    import numpy as np
    import pandas as pd

    from yakuman.errors import InvalidArgumentError
    from yakuman.rules import Rules

    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rescore's rules must be a yakuman.Rules, not {type(rules).__name__}")
    from yakuman.batch import STATUS_INVALID_INPUT, _missing, columns_from_kwargs, log_row_kwargs, score_many
    from yakuman.logs.frame import to_frame
    from yakuman.result import Status

    frame = source if isinstance(source, pd.DataFrame) else to_frame(source, workers=workers)
    wins = frame[frame["kind"] == "win"]
    same = wins[wins["players"] == rules.players].reset_index(drop=True)
    kwargs = [log_row_kwargs(rec, rules) for rec in same.to_dict("records")]
    n = len(same)
    status = np.full(n, STATUS_INVALID_INPUT, dtype=np.uint8)
    han = np.zeros(n, dtype=np.int64)
    fu = np.zeros(n, dtype=np.int64)
    pts = np.zeros(n, dtype=np.int64)
    limit: list = [None] * n
    reason = [""] * n
    yaku: list = [[] for _ in range(n)]
    if n:
        # one batch: a row the new rules refuse gets status 4 and (messages=True) the error the
        # single-hand score() raises for it, without the batch's row position
        res = score_many(columns_from_kwargs(kwargs, rules=rules), rules=rules, workers=workers, messages=True)
        status[:] = res.status
        han[:] = res.han
        fu[:] = res.fu
        pts[:] = res.points
        limit = res.limits   # a list built per access: read once, not per row
        yaku = [[y.romaji for y in res.yaku_list(j)] if st == 0 else [] for j, st in enumerate(res.status.tolist())]
        reason = [_AT_ROW.sub("", text) for text in res.reasons]
    old_points = same["calc_points"].fillna(same["points"]).fillna(0).astype("int64").to_numpy()
    old_han = same["calc_han"].fillna(same["han"]).astype("Int64")
    old_fu = same["calc_fu"].fillna(same["fu"]).astype("Int64")
    old_limit = [_limit_name(ours if not _missing(mine) else record) for mine, ours, record in
                 zip(same["calc_points"].astype(object), same["calc_limit"].astype(object),
                     same["limit"].astype(object))]
    rows = same[list(_KEEP)].copy()
    rows["old_han"] = old_han
    rows["old_fu"] = old_fu
    rows["old_points"] = old_points
    rows["old_limit"] = pd.array(old_limit, dtype="string")
    names = {**{4: "INVALID_INPUT"}, **{int(s): s.name for s in Status}}
    rows["new_status"] = pd.array([names[v] for v in status.tolist()], dtype="string")
    rows["new_han"] = han
    rows["new_fu"] = fu
    rows["new_points"] = pts
    rows["new_limit"] = pd.array(limit, dtype="string")
    rows["new_yaku"] = yaku
    rows["new_reason"] = pd.array(reason, dtype="string")
    rows["delta"] = pts - old_points
    rows["changed"] = rows["delta"] != 0
    ok = status == 0
    delta = pts - old_points
    transitions: dict = {}
    for a, b, ch in zip(old_limit, limit, rows["changed"].tolist()):
        if ch:
            transitions[(a, b)] = transitions.get((a, b), 0) + 1
    summary = {
        "rules": _rules_label(rules),
        "wins": int(len(wins)),
        "skipped": int(len(wins) - n),
        "rescored": int(n),
        "changed": int((delta != 0).sum()),
        "higher": int((delta > 0).sum()),
        "lower": int((delta < 0).sum()),
        "no_longer_win": int(((status != 0) & (status != STATUS_INVALID_INPUT)).sum()),
        "invalid": int((status == STATUS_INVALID_INPUT).sum()),
        "old_points": int(old_points.sum()),
        "new_points": int(pts[ok].sum()),
        "delta": int(delta.sum()),
        "mean_delta": float(delta.mean()) if n else 0.0,
    }
    return RescoreReport(rows, summary, transitions)


def _rules_label(rules) -> str:
    from yakuman.rules import PRESETS, Rules

    for name in PRESETS:
        if getattr(Rules, name)() == rules:
            return name
    return "custom rules"


def _cmd_rescore(args) -> int:
    from yakuman._text import terminal_json, terminal_lines, terminal_safe
    from yakuman.cli_score import rules_arg

    from yakuman._outputs import check_output_file

    rules = rules_arg(args.rules)
    if args.out:
        check_output_file(args.out, "--out")
    import os

    try:
        report = rescore(args.paths, rules, workers=args.workers or os.cpu_count() or 1)
    except FileNotFoundError as e:
        print(terminal_safe(f"yakuman: error: {e}"), file=sys.stderr)
        return 2
    if args.out:
        report.rows.to_parquet(args.out, index=False)
    if args.json:
        rows = report.rows[report.rows["changed"]]
        out = {"summary": report.summary,
               "transitions": [{"old": a, "new": b, "wins": n} for (a, b), n in report.transitions.items()],
               "changed": json.loads(rows.to_json(orient="records"))}
        print(terminal_json(out))
        return 0
    for line in report.summary_lines():
        print(terminal_safe(line))
    changed = report.rows[report.rows["changed"]]
    if len(changed):
        print(f"\nchanged wins (first {min(len(changed), args.max_rows)} of {len(changed)}):")
        cols = ["file", "round_label", "seat", "hand", "win_tile", "old_points", "new_points", "delta",
                "new_status"]
        with_name = changed[cols].head(args.max_rows).copy()
        with_name["file"] = with_name["file"].map(lambda p: terminal_safe(str(p).rsplit("/", 1)[-1][-40:]))
        print(terminal_lines(with_name.to_string(index=False)))
    sys.stdout.flush()
    return 0


def add_command(lsub) -> None:
    """Register ``yakuman logs rescore`` on the ``logs`` sub-parsers."""
    from yakuman.logs.corpus import add_corpus_arguments

    r = lsub.add_parser(
        "rescore",
        help="re-score every win of a corpus under other rules; list the wins whose value changes",
        description="Re-score every win of the logs (files or folders) under the rules given (a preset "
        "name or a .toml / .json rules file) and report which wins change value and by how much: a "
        "summary, the changed wins by limit, and the changed rows (all rows with --out).",
    )
    add_corpus_arguments(r, workers="threads and processes (0 = all cores; default 1)",
                         json="one JSON object: summary, transitions, changed rows",
                         out="write every re-scored win as Parquet (pyarrow)", progress=False)
    r.add_argument("--rules", required=True, metavar="PRESET|FILE", help="a preset name or a rules file")
    r.add_argument("--max-rows", type=int, default=20, metavar="N", help="changed rows to print (default 20)")
    r.set_defaults(func=_cmd_rescore)
