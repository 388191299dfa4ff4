"""The self-contained HTML report of a review (``yakuman logs review --html``): the summary table,
one loss plot per game (the loss of each decision over the game, bad decisions in red), the
per-game table, and every bad decision as a picture: what the seat saw (its hand and melds as
tiles, every river, the dora indicators; :func:`yakuman.game.view.observation_html`) and the
options with their values, the taken and the best one marked. No script, no external resource."""

from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path
from types import SimpleNamespace
from typing import Any

__all__ = ["render_html", "write_html"]

_CSS = """
body{font-family:sans-serif;margin:24px;color:#222}
table{border-collapse:collapse;margin:8px 0}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;vertical-align:middle}
th{background:#f0f0f0}
td.l,th.l{text-align:left}
tr.taken td{background:#fde2e2}
tr.best td{background:#dff5e1}
.decision{border:1px solid #bbb;border-radius:6px;padding:8px 12px;margin:14px 0}
.yakuman-game table td{text-align:left}
"""


def _pct(x: Any) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: Any, nd: int = 1) -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{nd}f}"


def _summary(d: dict) -> str:
    rows = [
        ("decisions", d["decisions"]),
        ("agreement", f"{_pct(d['agreement'])} [{_pct(d['agreement_ci'][0])}, {_pct(d['agreement_ci'][1])}] "
                      f"of {d['with_verdict']}"),
        ("bad-move rate", f"{_pct(d['bad_move_rate'])} [{_pct(d['bad_move_rate_ci'][0])}, "
                          f"{_pct(d['bad_move_rate_ci'][1])}] of {d['judged']} judged"),
        ("total loss", _num(d["total_loss"])),
        ("mean loss", _num(d["mean_loss"], 2)),
        ("games", d["games"]),
        ("files", d["files"]),
    ]
    body = "".join(f"<tr><th class=l>{escape(k)}</th><td>{escape(str(v))}</td></tr>" for k, v in rows)
    return f'<table class="summary">{body}</table>'


def _loss_plot(rows: list[dict], title: str) -> str:
    """An SVG bar per decision: its loss (judged ones), bad ones red."""
    w, h, pad = 720, 120, 30
    judged = [r for r in rows if r["judged"]]
    top = max([r["loss"] for r in judged] + [1.0])
    n = max(len(rows), 1)
    bw = (w - pad) / n
    bars = []
    for i, r in enumerate(rows):
        if not r["judged"]:
            continue
        bh = (h - 20) * r["loss"] / top
        color = "#c62828" if r["bad"] else "#607d8b"
        tip = escape(f"{r['round_label']} event {r['event']}: {r['taken']} (best {r['best']}), loss {r['loss']:.1f}")
        bars.append(f'<rect x="{pad + i * bw:.1f}" y="{h - 10 - bh:.1f}" width="{max(bw - 1, 1):.1f}" '
                    f'height="{max(bh, 0.5):.1f}" fill="{color}"><title>{tip}</title></rect>')
    axis = (f'<line x1="{pad}" y1="{h - 10}" x2="{w}" y2="{h - 10}" stroke="#333"/>'
            f'<text x="2" y="14" font-size="10">{_num(top)}</text><text x="2" y="{h - 12}" font-size="10">0</text>')
    return (f'<figure data-plot="loss"><svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'role="img" aria-label="{escape(title)}">{axis}{"".join(bars)}</svg>'
            f"<figcaption>{escape(title)}</figcaption></figure>")


def _picture(r: dict) -> str:
    from yakuman.display import tiles_svg
    from yakuman.game.view import _tile, observation_html

    pos = json.loads(r["position"]) if r.get("position") else None
    head = (f"<b>{escape(Path(r['file']).name)}</b> game {r['game']}, {escape(r['round_label'])}, "
            f"event {r['event']}, turn {r['turn']}: took <b>{escape(r['taken'])}</b>, best "
            f"<b>{escape(str(r['best']))}</b>, loss {_num(r['loss'])} {escape(str(r['units']))}")
    parts = [f'<div class="decision"><p>{head}</p>']
    if pos is not None:
        o = SimpleNamespace(**{k: (tuple(tuple(x) if isinstance(x, list) else x for x in v)
                                   if isinstance(v, list) else v) for k, v in pos.items()})
        o.melds = tuple(tuple(tuple(m[:1]) + (tuple(m[1]),) + tuple(m[2:]) for m in seat) for seat in pos["melds"])
        o.discards = tuple(tuple(tuple(d) for d in seat) for seat in pos["discards"])
        o.to_act = (o.seat,)
        dora = [_tile(x) for x in pos["dora_indicators"]]
        parts.append("<p>dora indicators " + tiles_svg(dora, label="dora indicators") + "</p>")
        parts.append(observation_html(o))
    opts = json.loads(r["options"])
    rows = []
    for name, v in sorted(opts.items(), key=lambda kv: -(kv[1] if kv[1] is not None else -math.inf)):
        cls = "taken" if name == r["taken"] else "best" if name == r["best"] else ""
        rows.append(f'<tr class="{cls}"><td class=l>{escape(name)}</td><td>{_num(v, 2)}</td></tr>')
    parts.append(f"<table><tr><th class=l>option</th><th>value ({escape(str(r['units']))})</th></tr>"
                 f"{''.join(rows)}</table></div>")
    return "".join(parts)


def render_html(report: Any, *, title: str = "yakuman decision review", max_pictures: int = 60) -> str:
    # what the page reads of a ReviewReport (yakuman.logs.review imports this module)
    if not callable(getattr(report, "to_dict", None)) or not all(hasattr(report, a) for a in ("player", "seat", "policy")):
        from yakuman.errors import InvalidArgumentError

        raise InvalidArgumentError(f"render_html takes a ReviewReport (review), not {type(report).__name__}")
    d = report.to_dict()
    who = report.player if report.player is not None else f"seat {report.seat}"
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'>", f"<title>{escape(title)}</title>",
           f"<style>{_CSS}</style></head><body>", f"<h1>{escape(title)}: {escape(str(who))}</h1>",
           f"<p>policy {escape(str(report.policy))}; a decision is bad when its loss exceeds "
           f"{100 * d['bad_relative']:.0f}% of the best value (at least {d['floors']['points']:.0f} points or "
           f"{d['floors']['tiles']:.0f} tile).</p>", "<h2>Summary</h2>", _summary(d), "<h2>Games</h2>"]
    games: dict = {}
    for r in report.rows:
        games.setdefault((r["file"], r["game"]), []).append(r)
    table = ["<table><tr><th class=l>file</th><th>game</th><th>decisions</th><th>agreement</th><th>bad</th>"
             "<th>total loss</th></tr>"]
    for g in d["per_game"]:
        table.append(f"<tr><td class=l>{escape(Path(g['file']).name)}</td><td>{g['game']}</td><td>{g['decisions']}</td>"
                     f"<td>{_pct(g['agreement'])}</td><td>{g['bad']}</td><td>{_num(g['total_loss'])}</td></tr>")
    table.append("</table>")
    out.append("".join(table))
    for (f, gi), rows in games.items():
        out.append(_loss_plot(rows, f"{Path(f).name} game {gi}: loss per decision"))
    bad = [r for r in report.rows if r["bad"]]
    out.append(f"<h2>Bad decisions ({len(bad)})</h2>")
    for r in sorted(bad, key=lambda r: -r["loss"])[:max_pictures]:
        out.append(_picture(r))
    if len(bad) > max_pictures:
        out.append(f"<p>... {len(bad) - max_pictures} more in the Parquet table (--out).</p>")
    out.append("</body></html>")
    return "\n".join(out)


def write_html(report: Any, path: str | Path, **kw: Any) -> None:
    from yakuman._outputs import check_output_file

    path = check_output_file(path, "write_html's path")
    Path(path).write_text(render_html(report, **kw), encoding="utf-8")
