"""Player statistics from game records of any format :func:`yakuman.logs.read` reads (Tenhou
mjlog XML, tenhou.net/6 JSON, mjai). Definitions and formulas: docs/stats.md.

Everything is counted from the record's events alone (no re-scoring): per player name and per
table size (three- and four-player games are never mixed), and overall (every seat of every
game). A round is *played* by every seated player when it has a result (a win or a draw).

- placement: from the final scores (``GameEnd``), ranked by :func:`yakuman.settle.final_scores`
  (ties: the seat closer to the first dealer ranks higher); games without final scores count
  their rounds but not towards ``games`` or placements;
- win / deal-in / riichi / call rates: rounds with at least one such event / rounds played
  (riichi = a declaration; call = chi, pon or open kan, never ankan or kita; deal-in = a ron off
  the player's discard or kakan, a double ron being one deal-in round);
- average win points = mean of the record's hand value (``Win.points``: no honba, no sticks)
  over the player's wins that state it; average deal-in points = mean over deal-in rounds of
  the hand values paid in that round (both rons of a double ron);
- tsumo share = tsumo wins / wins; tenpai rate at exhaustive draws = exhaustive draws (nagashi
  mangan included) where the player was tenpai / exhaustive draws whose record gives tenpai;
- yaku frequency = wins listing the yaku (han > 0, or as a yakuman) / wins whose record lists
  yaku (mjai records may list none; those wins stay out of the denominator).

Rates come with Wilson score intervals (95 % by default).
"""

from __future__ import annotations

from yakuman._arrays import rep, shown
import math
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yakuman._arrays import as_int
from yakuman._text import terminal_safe
from yakuman.errors import InvalidArgumentError
from yakuman.logs.events import (
    YAKU_NAMES,
    Call,
    Game,
    GameEnd,
    LogError,
    RiichiDeclare,
    Ryuukyoku,
    Win,
    require_record,
)

__all__ = [
    "OVERALL",
    "PlayerStats",
    "StatsReport",
    "game_players",
    "compute_stats",
    "wilson",
]

OVERALL = "*"                    # the name under which every seat is counted
OPEN_CALLS = ("chi", "pon", "daiminkan")   # kakan follows a pon; ankan and kita keep the hand closed
EXHAUSTIVE = ("exhaustive", "nagashi_mangan")


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n (95 % for the default z); (nan, nan) for n = 0."""
    if as_int(k) is None or as_int(n) is None or not 0 <= k <= max(n, 0):
        raise InvalidArgumentError(f"wilson takes counts 0 <= k <= n, not k={shown(k, 20)}, n={shown(n, 20)}")
    if type(z) is bool or not isinstance(z, (int, float)) or not math.isfinite(z) or z <= 0:
        raise InvalidArgumentError(f"wilson: z must be a positive number, not {shown(z, 20)}")
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _ratio(a: float, b: float) -> float:
    return a / b if b else math.nan


def player_name(game: Game, seat: int) -> str:
    """The record's name of a seat, or ``<seat N>`` when the record has none."""
    names = game.start.names
    if seat < len(names) and names[seat]:
        return str(names[seat])
    return f"<seat {seat}>"


def game_players(game: Game) -> tuple[tuple[str, ...], tuple[int, ...] | None, tuple[int, ...] | None]:
    """(names by seat, final scores by seat or None, placements by seat (1 = top) or None)."""
    from yakuman.settle import final_scores

    require_record(game)
    n = game.start.players
    names = tuple(player_name(game, s) for s in range(n))
    end = next((e for e in reversed(game.events) if type(e) is GameEnd), None)
    if end is None or len(end.scores) != n:
        return names, None, None
    scores = tuple(int(x) for x in end.scores)
    ranks = final_scores(scores, game.start.rules(), first_dealer=0).ranks
    return names, scores, tuple(r + 1 for r in ranks)


@dataclass
class PlayerStats:
    """Counts of one player (or ``OVERALL``) at one table size; rates are properties."""

    name: str
    players: int
    games: int = 0
    placements: list[int] = field(default_factory=list)   # games finished 1st, 2nd, ...
    final_score_sum: int = 0
    rounds: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    win_points: list[int] = field(default_factory=list)       # hand values of the wins that state one
    deal_ins: int = 0
    deal_in_points: list[int] = field(default_factory=list)   # per deal-in round with every value known
    riichi: int = 0
    calls: int = 0
    exhaustive_draws: int = 0     # exhaustive draws whose record says who was tenpai
    tenpai_at_draw: int = 0
    yaku_wins: int = 0            # wins whose record lists yaku
    yaku: Counter = field(default_factory=Counter)

    @property
    def is_overall(self) -> bool:
        """True for the figures of every seat (the name ``OVERALL``)."""
        return self.name == OVERALL

    def __post_init__(self) -> None:
        if not self.placements:
            self.placements = [0] * self.players

    # -- derived ------------------------------------------------------------------------------
    @property
    def avg_placement(self) -> float:
        return _ratio(sum((i + 1) * c for i, c in enumerate(self.placements)), self.games)

    @property
    def avg_final_score(self) -> float:
        return _ratio(self.final_score_sum, self.games)

    @property
    def win_rate(self) -> float:
        return _ratio(self.wins, self.rounds)

    @property
    def deal_in_rate(self) -> float:
        return _ratio(self.deal_ins, self.rounds)

    @property
    def riichi_rate(self) -> float:
        return _ratio(self.riichi, self.rounds)

    @property
    def call_rate(self) -> float:
        return _ratio(self.calls, self.rounds)

    @property
    def tsumo_share(self) -> float:
        return _ratio(self.tsumo_wins, self.wins)

    @property
    def tenpai_rate(self) -> float:
        return _ratio(self.tenpai_at_draw, self.exhaustive_draws)

    @property
    def avg_win_points(self) -> float:
        return _ratio(sum(self.win_points), len(self.win_points))

    @property
    def avg_deal_in_points(self) -> float:
        return _ratio(sum(self.deal_in_points), len(self.deal_in_points))

    def yaku_frequency(self, name: str) -> float:
        return _ratio(self.yaku.get(name, 0), self.yaku_wins)

    RATES = {   # rate name -> (numerator field, denominator field)
        "win_rate": ("wins", "rounds"),
        "deal_in_rate": ("deal_ins", "rounds"),
        "riichi_rate": ("riichi", "rounds"),
        "call_rate": ("calls", "rounds"),
        "tsumo_share": ("tsumo_wins", "wins"),
        "tenpai_rate": ("tenpai_at_draw", "exhaustive_draws"),
    }

    def interval(self, rate: str, z: float = 1.959963984540054) -> tuple[float, float]:
        """Wilson interval of one of :attr:`RATES`."""
        num, den = self.RATES[rate]
        return wilson(getattr(self, num), getattr(self, den), z)

    def merge(self, other: PlayerStats) -> None:
        if (other.name, other.players) != (self.name, self.players):
            raise InvalidArgumentError(f"cannot merge stats of {rep(other.name)}/{other.players} into {rep(self.name)}/{self.players}")
        for f in ("games", "final_score_sum", "rounds", "wins", "tsumo_wins", "deal_ins", "riichi", "calls",
                  "exhaustive_draws", "tenpai_at_draw", "yaku_wins"):
            setattr(self, f, getattr(self, f) + getattr(other, f))
        self.placements = [a + b for a, b in zip(self.placements, other.placements)]
        self.win_points.extend(other.win_points)
        self.deal_in_points.extend(other.deal_in_points)
        self.yaku.update(other.yaku)

    def to_dict(self) -> dict[str, Any]:
        """Counts, rates with their Wilson intervals, averages and yaku frequencies (JSON-ready;
        an undefined rate is None)."""

        def num(x: float):
            return None if isinstance(x, float) and math.isnan(x) else x

        d: dict[str, Any] = {
            "name": self.name, "players": self.players, "games": self.games,
            "placements": list(self.placements), "avg_placement": num(self.avg_placement),
            "avg_final_score": num(self.avg_final_score),
            "rounds": self.rounds, "wins": self.wins, "tsumo_wins": self.tsumo_wins, "deal_ins": self.deal_ins,
            "riichi": self.riichi, "calls": self.calls, "exhaustive_draws": self.exhaustive_draws,
            "tenpai_at_draw": self.tenpai_at_draw,
            "avg_win_points": num(self.avg_win_points), "avg_deal_in_points": num(self.avg_deal_in_points),
        }
        for rate in self.RATES:
            d[rate] = num(getattr(self, rate))
            lo, hi = self.interval(rate)
            d[rate + "_ci"] = [num(lo), num(hi)]
        d["yaku_wins"] = self.yaku_wins
        d["yaku"] = {k: {"wins": v, "frequency": num(self.yaku_frequency(k))}
                     for k, v in sorted(self.yaku.items(), key=lambda kv: (-kv[1], kv[0]))}
        return d


def _yaku_of(w: Win) -> set[str] | None:
    if not w.yaku and not w.yakuman:
        return None
    ids = {y for y, han in w.yaku if han > 0} | set(w.yakuman)
    return {YAKU_NAMES[y] if 0 <= y < len(YAKU_NAMES) else str(y) for y in ids}


class _Acc:
    """Accumulates PlayerStats keyed by (players, name)."""

    def __init__(self, player: str | None) -> None:
        self.player = player
        self.stats: dict[tuple[int, str], PlayerStats] = {}

    def get(self, n: int, name: str) -> PlayerStats:
        key = (n, name)
        s = self.stats.get(key)
        if s is None:
            s = self.stats[key] = PlayerStats(name, n)
        return s

    def add_game(self, game: Game) -> None:
        n = game.start.players
        names, finals, places = game_players(game)
        targets = []
        for seat in range(n):
            t = [self.get(n, OVERALL)]
            if self.player is None or names[seat] == self.player:
                t.append(self.get(n, names[seat]))
            targets.append(t)
        if finals is not None and places is not None:
            for seat in range(n):
                for s in targets[seat]:
                    s.games += 1
                    s.placements[places[seat] - 1] += 1
                    s.final_score_sum += finals[seat]
        for _, evs in game.rounds():
            self._round(evs, n, targets)

    def _round(self, evs: Sequence, n: int, targets: list[list[PlayerStats]]) -> None:
        wins = [e for e in evs if type(e) is Win]
        draw = next((e for e in evs if type(e) is Ryuukyoku), None)
        if not wins and draw is None:
            return   # no result: not a played round
        riichi = {e.seat for e in evs if type(e) is RiichiDeclare}
        called = {e.seat for e in evs if type(e) is Call and e.kind in OPEN_CALLS}
        dealt: dict[int, list[int | None]] = {}
        for w in wins:
            if not w.tsumo:
                dealt.setdefault(w.from_seat, []).append(w.points)
        for seat in range(n):
            for s in targets[seat]:
                s.rounds += 1
                s.riichi += seat in riichi
                s.calls += seat in called
                if seat in dealt:
                    s.deal_ins += 1
                    pts = dealt[seat]
                    if all(p is not None for p in pts):
                        s.deal_in_points.append(sum(pts))   # type: ignore[arg-type]
        for w in wins:
            yk = _yaku_of(w)
            for s in targets[w.seat]:
                s.wins += 1
                s.tsumo_wins += w.tsumo
                if w.points is not None:
                    s.win_points.append(int(w.points))
                if yk is not None:
                    s.yaku_wins += 1
                    s.yaku.update(yk)
        if draw is not None and draw.reason in EXHAUSTIVE and draw.tenpai is not None:
            for seat in range(min(n, len(draw.tenpai))):
                for s in targets[seat]:
                    s.exhaustive_draws += 1
                    s.tenpai_at_draw += bool(draw.tenpai[seat])


@dataclass
class StatsReport:
    """Statistics of a corpus: ``stats[(players, name)]`` (name ``OVERALL`` = every seat), the
    files and games read, and the errors met (a bad file never stops the run)."""

    stats: dict[tuple[int, str], PlayerStats] = field(default_factory=dict)
    files: int = 0
    games: int = 0
    errors: list[dict] = field(default_factory=list)
    player: str | None = None

    def overall(self, players: int) -> PlayerStats | None:
        return self.stats.get((players, OVERALL))

    def table_sizes(self) -> list[int]:
        return sorted({n for n, _ in self.stats}, reverse=True)

    def named(self, players: int) -> list[PlayerStats]:
        """The named players of one table size, most games (then rounds) first."""
        out = [s for (n, name), s in self.stats.items() if n == players and name != OVERALL]
        return sorted(out, key=lambda s: (-s.games, -s.rounds, s.name))

    def merge(self, other: StatsReport) -> None:
        for key, s in other.stats.items():
            if key in self.stats:
                self.stats[key].merge(s)
            else:
                self.stats[key] = s
        self.files += other.files
        self.games += other.games
        self.errors.extend(other.errors)

    def to_dict(self) -> dict[str, Any]:
        return {
            "files": self.files, "games": self.games, "errors": self.errors, "player": self.player,
            "tables": {str(n): {"overall": self.overall(n).to_dict() if self.overall(n) else None,
                                "players": [s.to_dict() for s in self.named(n)]}
                       for n in self.table_sizes()},
        }

    def rows(self) -> list[dict[str, Any]]:
        """One flat dict per (table size, player), overall first (for tables / Parquet)."""
        out = []
        for n in self.table_sizes():
            for s in ([self.overall(n)] if self.overall(n) else []) + self.named(n):
                d = s.to_dict()
                flat = {k: v for k, v in d.items() if k not in ("placements", "yaku") and not k.endswith("_ci")}
                for i in range(4):
                    flat[f"place{i + 1}"] = d["placements"][i] if i < n else None
                for rate in PlayerStats.RATES:
                    flat[rate + "_lo"], flat[rate + "_hi"] = d[rate + "_ci"]
                flat["yaku_names"] = list(d["yaku"])
                flat["yaku_counts"] = [v["wins"] for v in d["yaku"].values()]
                out.append(flat)
        return out

    def to_frame(self):
        import pandas as pd

        return pd.DataFrame.from_records(self.rows())

    def write_parquet(self, path: str | Path) -> int:
        import pyarrow as pa
        import pyarrow.parquet as pq

        from yakuman._outputs import check_output_file

        check_output_file(path, "path")
        rows = self.rows()
        table = pa.Table.from_pylist(rows) if rows else pa.table({})
        pq.write_table(table, str(path))
        return table.num_rows

    def format(self, limit: int = 20) -> str:
        """A plain-text summary: overall and the ``limit`` players with the most games."""

        def pct(x: float) -> str:
            return "   -  " if math.isnan(x) else f"{100 * x:5.1f}%"

        def num(x: float, w: int = 6) -> str:
            return " " * (w - 1) + "-" if math.isnan(x) else f"{x:{w}.0f}"

        lines = [f"{self.files} files, {self.games} games" + (f", {len(self.errors)} errors" if self.errors else "")]
        for n in self.table_sizes():
            lines.append("")
            lines.append(f"{n}-player games")
            lines.append(f"{'player':24} {'games':>6} {'avg pl':>6} {'rounds':>7} {'win':>6} {'deal-in':>7} "
                         f"{'riichi':>6} {'call':>6} {'tsumo':>6} {'tenpai':>6} {'win pts':>7} {'deal pts':>8}")
            rows = ([self.overall(n)] if self.overall(n) else []) + self.named(n)[:limit]
            for s in rows:
                label = _fit("(overall)" if s.name == OVERALL else terminal_safe(s.name), 24)
                ap = "     -" if math.isnan(s.avg_placement) else f"{s.avg_placement:6.3f}"
                lines.append(f"{label} {s.games:6d} {ap} {s.rounds:7d} {pct(s.win_rate)} {pct(s.deal_in_rate):>7} "
                             f"{pct(s.riichi_rate)} {pct(s.call_rate)} {pct(s.tsumo_share)} {pct(s.tenpai_rate)} "
                             f"{num(s.avg_win_points, 7)} {num(s.avg_deal_in_points, 8)}")
        return "\n".join(map(terminal_safe, lines))


def _fit(text: str, width: int) -> str:
    """``text`` cut / padded to ``width`` terminal columns (East Asian wide characters take two)."""
    import unicodedata

    out, used = [], 0
    for ch in text:
        w = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        if used + w > width:
            break
        out.append(ch)
        used += w
    return "".join(out) + " " * (width - used)


def _stats_of_file(path: str, player: str | None) -> StatsReport:
    from yakuman.logs.convert import read

    rep = StatsReport(files=1, player=player)
    acc = _Acc(player)
    try:
        games = read(path, strict=False)
    except LogError as e:
        rep.errors.append({"file": path, "error": str(e)})
        return rep
    for g in games:
        if g.truncated:
            rep.errors.append({"file": path, "error": f"truncated: {g.truncated}"})
        acc.add_game(g)
        rep.games += 1
    rep.stats = acc.stats
    return rep


def _died_stats(path: str) -> StatsReport:
    from yakuman.logs.corpus import WORKER_DIED

    return StatsReport(files=1, errors=[{"file": path, "error": WORKER_DIED + "; retried once, died again"}])


def compute_stats(source: str | Path | Game | Iterable[str | Path | Game], *, player: str | None = None,
                  progress: bool | None = False, workers: int = 1) -> StatsReport:
    """Statistics of the games in ``source`` (files / folders, searched as ``logs verify`` does,
    or :class:`Game` objects). ``player``: keep only that name besides the overall figures.
    ``progress=None`` shows a progress bar when stderr is a terminal. ``workers`` > 1 reads the
    files in a process pool (0 = all cores; the corpus runner, :mod:`yakuman.logs.corpus`)."""
    from yakuman.logs.corpus import as_items, find_logs, run_files, worker_count
    from yakuman.logs.corpus import progress as progress_bar

    if player is not None and not isinstance(player, str):
        raise InvalidArgumentError(f"player must be a name (str) or None, not {rep(player)}")
    items = as_items(source, (str, os.PathLike, Game), "source must be files or folders, games, or a list of them")
    report = StatsReport(player=player)
    games = [x for x in items if isinstance(x, Game)]
    if games:
        acc = _Acc(player)
        for g in games:
            acc.add_game(g)
        report.merge(StatsReport(stats=acc.stats, games=len(games)))
    paths = [x for x in items if not isinstance(x, Game)]
    files = [str(p) for p in find_logs(paths)] if paths else []
    tick = progress_bar(len(files), progress, "reading")
    for part in run_files(_stats_of_file, files, args=(player,), workers=worker_count(workers, len(files)), tick=tick,
                          died=_died_stats):
        report.merge(part)
    return report


# ---- command line ----------------------------------------------------------------------------

def _cmd_stats(args) -> int:
    import sys

    from yakuman.logs.corpus import cli_finish, cli_start

    files = cli_start(args, {"out": ("pyarrow", 'pip install "yakuman[frame]"'),
                             "html": ("matplotlib", 'pip install "yakuman[report]"')})
    if files is None:
        return 2
    report = compute_stats(files, player=args.player, progress=args.progress)
    if args.player and not any(name == args.player for _, name in report.stats):
        print(f"yakuman: error: no player named {args.player!r} in {len(files)} files", file=sys.stderr)
        return 2
    if args.out:
        report.write_parquet(args.out)
    if args.html:
        from yakuman.logs.report import write_html

        write_html(report, args.html)
    return cli_finish(args, report, (("statistics", args.out), ("report", args.html)))


def add_cli(lsub) -> None:
    """Register ``yakuman logs stats`` on the ``logs`` subparsers."""
    from yakuman.logs.corpus import add_corpus_command

    add_corpus_command(
        lsub, "stats", func=_cmd_stats,
        help="player statistics: placements, win / deal-in / riichi / call rates, yaku",
        description="Statistics per player and overall from game records of any supported format (see "
        "docs/stats.md for every definition).",
        player="only this player (besides the overall figures)",
        json="print one JSON object instead of the table",
        out="write one row per player as Parquet (pyarrow)",
        html="write a self-contained HTML report (matplotlib)")
