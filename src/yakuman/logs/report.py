"""A self-contained HTML report of :class:`yakuman.logs.stats.StatsReport` (``yakuman logs stats
--html``): one file, no external resource, every plot drawn by matplotlib and inlined as SVG.

matplotlib is an optional dependency (the ``yakuman[report]`` extra); it is imported when a
report is written, with the Agg backend (no display needed). Per table size the report holds:
the summary table (overall and the players with the most games), placement bars, histograms of
win and deal-in points, yaku frequencies, and the rates with their Wilson 95 % intervals.
"""

from __future__ import annotations

import html
import io
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # types only: stats imports this module for its --html
    from yakuman.logs.stats import PlayerStats, StatsReport

__all__ = ["render_html", "write_html"]

TOP_PLAYERS = 8      # players shown in the per-player plots (most games first)
TOP_YAKU = 20

_CSS = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { display: inline-block; margin: 0.5em; vertical-align: top; }
figcaption { font-size: 0.85em; color: #555; }
"""


def _plt():
    try:
        import matplotlib
    except ImportError:
        raise ImportError('the HTML report needs matplotlib: pip install "yakuman[report]"') from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _svg(fig) -> str:
    """The figure as inline SVG. Text stays text (``svg.fonttype = none``), so the browser draws
    player names in any script with its own fonts (matplotlib's bundled font has no CJK glyphs:
    its missing-glyph warnings are silenced, the layout uses its metrics)."""
    import warnings

    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none"}), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig.savefig(buf, format="svg", bbox_inches="tight")
    fig.clf()
    import matplotlib.pyplot as plt

    plt.close(fig)
    text = buf.getvalue()
    text = re.sub(r"^<\?xml[^>]*>\s*", "", text)
    text = re.sub(r"<!DOCTYPE[^>]*>\s*", "", text)
    return text


def _label(s: PlayerStats) -> str:
    return "overall" if s.is_overall else s.name


def _plot_label(s: PlayerStats) -> str:
    """The name as matplotlib draws it literally: "$" escaped (no math text: "$x^{$" would stop
    the report, "$5 $" would be drawn as math) and a leading "_" kept (matplotlib leaves labels
    starting with "_" out of legends)."""
    text = _label(s).replace("$", r"\$")
    return " " + text if text.startswith("_") else text


def _placement_plot(plt, rows: list[PlayerStats], n: int) -> str:
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / max(1, len(rows))
    for j, s in enumerate(rows):
        share = [c / s.games if s.games else 0 for c in s.placements]
        ax.bar([i + j * width for i in range(n)], share, width, label=_plot_label(s))
    ax.set_xticks([i + 0.4 - width / 2 for i in range(n)], [f"{i + 1}" for i in range(n)])
    ax.set_xlabel("placement")
    ax.set_ylabel("share of games")
    ax.legend(fontsize=7, ncol=2)
    ax.set_title(f"Placements ({n} players)")
    return _svg(fig)


def _points_cap(values: list[int]) -> int:
    """The histogram's right edge: the 99th percentile rounded up to 4000 (at least 12000), so that a
    few yakuman do not squash the common values; larger values are counted in the last bin."""
    v = sorted(values)
    p99 = v[min(len(v) - 1, int(0.99 * len(v)))] if v else 0
    return max(12000, -(-p99 // 4000) * 4000)


def _points_plot(plt, s: PlayerStats) -> str:
    fig, ax = plt.subplots(figsize=(7, 3.2))
    cap = _points_cap(s.win_points + s.deal_in_points)
    bins = list(range(0, cap + 1000, 1000))
    over = sum(x >= cap for x in s.win_points + s.deal_in_points)
    if s.win_points:
        ax.hist([min(x, cap) for x in s.win_points], bins=bins, alpha=0.6, label=f"win ({len(s.win_points)})")
    if s.deal_in_points:
        ax.hist([min(x, cap) for x in s.deal_in_points], bins=bins, alpha=0.6,
                label=f"deal-in ({len(s.deal_in_points)})")
    ax.set_xlabel("hand value (points, no honba or sticks)"
                  + (f"; {over} of {cap} or more in the last bin" if over else ""))
    ax.set_ylabel("count")
    ax.set_title(f"Win and deal-in points: {_plot_label(s)}")
    ax.legend(fontsize=8)
    return _svg(fig)


def _yaku_plot(plt, s: PlayerStats) -> str:
    items = sorted(s.yaku.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_YAKU]
    fig, ax = plt.subplots(figsize=(7, 0.25 * max(4, len(items)) + 1))
    names = [k for k, _ in items][::-1]
    freq = [v / s.yaku_wins if s.yaku_wins else 0 for _, v in items][::-1]
    ax.barh(names, freq)
    ax.set_xlabel(f"share of wins listing yaku ({s.yaku_wins})")
    ax.set_title(f"Yaku frequencies: {_plot_label(s)}")
    ax.tick_params(axis="y", labelsize=7)
    return _svg(fig)


_RATE_LABELS = {"win_rate": "win", "deal_in_rate": "deal-in", "riichi_rate": "riichi", "call_rate": "call",
                "tsumo_share": "tsumo share", "tenpai_rate": "tenpai at draw"}


def _rates_plot(plt, rows: list[PlayerStats]) -> str:
    rates = list(_RATE_LABELS)
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / max(1, len(rows))
    for j, s in enumerate(rows):
        xs, ys, lo, hi = [], [], [], []
        for i, r in enumerate(rates):
            v = getattr(s, r)
            if math.isnan(v):
                continue
            a, b = s.interval(r)
            xs.append(i + j * width)
            ys.append(v)
            lo.append(max(0.0, v - a))   # rounding may put a bound a hair past the point
            hi.append(max(0.0, b - v))
        ax.errorbar(xs, ys, yerr=[lo, hi], fmt="o", capsize=3, markersize=4, label=_plot_label(s))
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(rates))], [_RATE_LABELS[r] for r in rates])
    ax.set_ylabel("rate (Wilson 95% interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7, ncol=2)
    ax.set_title("Rates")
    return _svg(fig)


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def _summary_table(rows: list[PlayerStats]) -> str:
    head = ("player", "games", "avg placement", "placements", "rounds", "win", "deal-in", "riichi", "call",
            "tsumo share", "tenpai at draw", "avg win points", "avg deal-in points")
    out = ["<table class='summary'><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for s in rows:
        ap = "-" if math.isnan(s.avg_placement) else f"{s.avg_placement:.3f}"
        aw = "-" if math.isnan(s.avg_win_points) else f"{s.avg_win_points:.0f}"
        ad = "-" if math.isnan(s.avg_deal_in_points) else f"{s.avg_deal_in_points:.0f}"
        cells = (html.escape(_label(s)), s.games, ap, " / ".join(map(str, s.placements)), s.rounds,
                 _pct(s.win_rate), _pct(s.deal_in_rate), _pct(s.riichi_rate), _pct(s.call_rate),
                 _pct(s.tsumo_share), _pct(s.tenpai_rate), aw, ad)
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _figure(svg: str, caption: str, kind: str) -> str:
    return f"<figure class='plot' data-plot='{kind}'>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


def render_html(report: StatsReport, *, title: str = "yakuman player statistics") -> str:
    """The report as one HTML string (see the module docstring)."""
    # what the page reads of a StatsReport (yakuman.logs.stats imports this module)
    if not all(hasattr(report, a) for a in ("files", "games", "errors", "named", "overall", "player")):
        from yakuman.errors import InvalidArgumentError

        raise InvalidArgumentError(f"render_html takes a StatsReport (compute_stats), not {type(report).__name__}")
    plt = _plt()
    parts = [f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{_CSS}</style></head><body>", f"<h1>{html.escape(title)}</h1>",
             f"<p>{report.files} files, {report.games} games"
             + (f", {len(report.errors)} errors" if report.errors else "")
             + (f"; player {html.escape(report.player)}" if report.player else "") + ".</p>"]
    for n in report.table_sizes():
        overall = report.overall(n)
        named = report.named(n)[:TOP_PLAYERS]
        rows = ([overall] if overall else []) + named
        parts.append(f"<section data-players='{n}'><h2>{n}-player games</h2>")
        parts.append(_summary_table(rows))
        with_games = [s for s in rows if s.games]
        if with_games:
            parts.append(_figure(_placement_plot(plt, with_games, n), "Share of games per placement", "placements"))
        focus = named[0] if report.player and named else overall
        if focus is not None:
            if focus.win_points or focus.deal_in_points:
                parts.append(_figure(_points_plot(plt, focus), "Hand values of wins and deal-ins", "points"))
            if focus.yaku_wins:
                parts.append(_figure(_yaku_plot(plt, focus), f"The {TOP_YAKU} most frequent yaku", "yaku"))
        if rows:
            parts.append(_figure(_rates_plot(plt, rows), "Rates per round (tsumo share per win, tenpai per "
                                 "exhaustive draw) with Wilson 95% intervals", "rates"))
        parts.append("</section>")
    parts.append("<p class='definitions'>Definitions and formulas: docs/stats.md of yakuman.</p></body></html>")
    return "\n".join(parts)


def write_html(report: StatsReport, path: str | Path, **kw) -> None:
    from yakuman._outputs import check_output_file

    path = check_output_file(path, "write_html's path")
    Path(path).write_text(render_html(report, **kw), encoding="utf-8")
