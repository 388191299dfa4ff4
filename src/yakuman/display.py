"""Display: tiles drawn as SVG by the project's own code, and the HTML that Jupyter shows for a
:class:`~yakuman.result.Score`, a :class:`~yakuman.result.Payment` and a
:class:`~yakuman.hand.Hand` (their ``_repr_html_`` call the functions here).

The drawing functions are public so that other objects (a game, a river) can reuse them:

- :func:`tile_svg` - one tile as an SVG ``<g>`` fragment at (x, y);
- :func:`tiles_svg` - a whole ``<svg>`` element of tile groups (a hand, its melds, a river),
  groups separated by a gap; a tile is a kind 0..33, an mpsz name (``"5m"``, ``"0p"``), or a
  :class:`Tile` (kind, red, sideways, face down);
- :func:`hand_svg` - concealed tiles (+ melds, + the winning tile set apart).

Glyphs: a rounded ivory rectangle; number tiles show the rank and the suit's kanji (萬 筒 索) in
the suit's colour (red fives in red, with a red frame); honors show their kanji (東 南 西 北, 發
green, 中 red; 白 as an empty blue frame). Sideways tiles (called tiles) are drawn rotated; face-down
tiles are plain green backs. Every text is XML-escaped, so the output is well-formed XML.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, NamedTuple, Sequence

from yakuman._arrays import as_list
from yakuman.errors import InvalidArgumentError, InvalidTilesError
from yakuman._arrays import rep, shown

__all__ = ["TILE_W", "TILE_H", "Tile", "tile_svg", "tiles_svg", "hand_svg", "score_html", "payment_html",
           "groups_of_decomposition"]

TILE_W = 30
TILE_H = 40
GAP = 10
_SUIT_KANJI = ("萬", "筒", "索")
_SUIT_COLOR = ("#1f1f1f", "#1f4e9c", "#1c7a3a")
_RED = "#c8102e"
_HONORS = ("東", "南", "西", "北", "白", "發", "中")
_HONOR_COLOR = ("#1f1f1f", "#1f1f1f", "#1f1f1f", "#1f1f1f", "#1f4e9c", "#1c7a3a", _RED)
_NAMES = tuple(f"{n % 9 + 1}{'mpsz'[n // 9]}" for n in range(34))


class Tile(NamedTuple):
    """One drawn tile: ``kind`` 0..33, ``red`` (a red five), ``sideways`` (a called tile, drawn
    rotated), ``back`` (face down)."""

    kind: int
    red: bool = False
    sideways: bool = False
    back: bool = False


def _tile(t) -> Tile:
    if isinstance(t, Tile):
        return t
    if isinstance(t, str):
        from yakuman.tiles import parse_mpsz

        counts, reds = parse_mpsz(t)
        if sum(counts) != 1:
            raise InvalidArgumentError(f"{rep(t)} is not a single tile")
        return Tile(counts.index(1), bool(sum(reds)))
    if isinstance(t, int) and not isinstance(t, bool) and 0 <= t < 34:
        return Tile(t)
    raise InvalidArgumentError(f"a tile to draw is a kind 0..33, an mpsz name or a Tile, not {rep(t)}")


def tile_svg(tile, x: float = 0, y: float = 0) -> str:
    """One tile as an SVG ``<g>`` fragment whose top-left corner is (x, y); a sideways tile
    takes TILE_H x TILE_W and sits on the bottom line of an upright one."""
    t = _tile(tile)
    name = _NAMES[t.kind] if not t.red else f"0{_NAMES[t.kind][1]}"
    if t.sideways:
        # rotate an upright tile by 90 degrees about its top-left corner, then shift into place
        inner = _upright(t, name)
        return (f'<g transform="translate({x + TILE_H:g},{y + TILE_H - TILE_W:g}) rotate(90)">'
                f"{inner}</g>")
    return f'<g transform="translate({x:g},{y:g})">{_upright(t, name)}</g>'


def _upright(t: Tile, name: str) -> str:
    title = f"<title>{escape(name if not t.back else 'face down')}</title>"
    frame = _RED if t.red else "#555"
    if t.back:
        return (f'{title}<rect x="0.5" y="0.5" width="{TILE_W - 1}" height="{TILE_H - 1}" rx="4" '
                f'fill="#2e7d4f" stroke="#555"/>')
    out = [title, f'<rect x="0.5" y="0.5" width="{TILE_W - 1}" height="{TILE_H - 1}" rx="4" fill="#fbf8ef" '
                  f'stroke="{frame}" stroke-width="{1.6 if t.red else 1}"/>']
    if t.kind < 27:
        suit, rank = divmod(t.kind, 9)
        color = _RED if t.red else _SUIT_COLOR[suit]
        out.append(f'<text x="{TILE_W / 2:g}" y="18" font-size="16" font-weight="bold" text-anchor="middle" '
                   f'font-family="sans-serif" fill="{color}">{rank + 1}</text>')
        out.append(f'<text x="{TILE_W / 2:g}" y="34" font-size="12" text-anchor="middle" '
                   f'font-family="serif" fill="{color}">{_SUIT_KANJI[suit]}</text>')
    elif t.kind == 31:   # haku: an empty blue frame
        out.append(f'<rect x="7" y="9" width="{TILE_W - 14}" height="{TILE_H - 18}" rx="2" fill="none" '
                   f'stroke="{_HONOR_COLOR[4]}" stroke-width="1.5"/>')
    else:
        h = t.kind - 27
        out.append(f'<text x="{TILE_W / 2:g}" y="27" font-size="18" text-anchor="middle" font-family="serif" '
                   f'fill="{_HONOR_COLOR[h]}">{_HONORS[h]}</text>')
    return "".join(out)


def tiles_svg(groups: Iterable[Iterable], *, label: str | None = None) -> str:
    """An ``<svg>`` element drawing ``groups`` of tiles left to right with a gap between groups
    (a flat list of tiles is one group). ``label`` becomes the SVG's accessible name."""
    groups = as_list(groups, "tiles_svg's groups")
    if groups and not all(isinstance(g, (list, tuple)) and not isinstance(g, Tile) for g in groups):
        groups = [groups]      # a flat list of tiles
    groups = [as_list(g, "a group of tiles") for g in groups]
    parts = []
    x = 0.0
    for gi, group in enumerate(groups):
        if gi and group:
            x += GAP
        for item in group:
            t = _tile(item)
            parts.append(tile_svg(t, x, 0))
            x += (TILE_H if t.sideways else TILE_W) + 1
    width = max(x - 1, 1)
    aria = f' role="img" aria-label="{escape(label)}"' if label else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{TILE_H}" '
            f'viewBox="0 0 {width:g} {TILE_H}"{aria}>' + "".join(parts) + "</svg>")


def _kinds(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0)) -> list[Tile]:
    out = []
    left = list(reds)
    for k in range(34):
        for _ in range(counts[k]):
            red = k < 27 and k % 9 == 4 and left[k // 9] > 0
            if red:
                left[k // 9] -= 1
            out.append(Tile(k, red))      # a red five is drawn first among its fives
    return out


def _meld_tiles(m) -> list[Tile]:
    reds = m.reds
    tiles = []
    for i, k in enumerate(m.tiles):
        red = k < 27 and k % 9 == 4 and reds > 0
        if red:
            reds -= 1
        back = m.kind == "ankan" and i in (0, 3)
        tiles.append(Tile(k, red, sideways=(m.kind != "ankan" and i == 0), back=back))
    return tiles


def hand_svg(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0), melds=(), win=None, *,
             label: str | None = None) -> str:
    """The concealed tiles (counts + red fives per suit), then each meld (its first tile sideways;
    an ankan with its two end tiles face down); ``win`` (a tile) is drawn apart at the end."""
    from yakuman.hand import parse_melds
    from yakuman.tiles import _counts_reds

    try:
        counts, reds = _counts_reds(counts, reds)
    except InvalidTilesError as e:
        raise InvalidArgumentError(f"hand_svg: {e}") from None
    groups = [_kinds(counts, reds)]
    for m in parse_melds(melds):
        groups.append(_meld_tiles(m))
    if win is not None:
        groups.append([_tile(win)])
    return tiles_svg(groups, label=label)


def groups_of_decomposition(decomposition: Sequence[str]) -> list[list[Tile]]:
    """Tile groups of a ``Score.decomposition`` (``"55s"``, ``"234m"``, ``"pon 777z"``, or the whole
    hand for kokushi)."""
    from yakuman.hand import Meld
    from yakuman.tiles import parse_mpsz

    out = []
    for part in as_list(decomposition, "a decomposition (its groups as strings)"):
        if not isinstance(part, str):
            raise InvalidArgumentError(f"a decomposition's groups are strings like '234m', not {shown(part, 40)}")
        if " " in part:
            out.append(_meld_tiles(Meld.parse(part)))
        else:
            counts, reds = parse_mpsz(part)
            out.append(_kinds(counts, reds))
    return out


def payment_html(p) -> str:
    from yakuman.result import Payment

    if not isinstance(p, Payment):
        raise InvalidArgumentError(f"payment_html takes a yakuman.Payment, not {type(p).__name__}")
    rows = []
    if p.from_discarder:
        rows.append(("discarder pays", p.from_discarder))
    if p.from_dealer:
        rows.append(("dealer pays", p.from_dealer))
    if p.from_non_dealer:
        rows.append(("each non-dealer pays" if p.from_dealer or not p.from_discarder else "non-dealer pays",
                     p.from_non_dealer))
    if p.from_liable:
        rows.append(("liable player pays", p.from_liable))
    rows.append(("winner receives", p.total))
    body = "".join(f"<tr><td>{escape(k)}</td><td style=\"text-align:right\">{v}</td></tr>" for k, v in rows)
    return f'<table class="yakuman-payment">{body}</table>'


def score_html(s) -> str:
    """A Score as HTML: the reading's tiles, the yaku with their han, the value and the payment."""
    from yakuman.result import Score, Status

    if not isinstance(s, Score):
        raise InvalidArgumentError(f"score_html takes a yakuman.Score, not {type(s).__name__}")
    if s.status != Status.OK:
        return (f'<div class="yakuman-score"><b>{escape(s.status.name)}</b>: {escape(s.reason)}'
                + (tiles_svg(groups_of_decomposition(s.decomposition)) if s.decomposition else "") + "</div>")
    svg = tiles_svg(groups_of_decomposition(s.decomposition), label=" ".join(s.decomposition))
    yaku = "".join(f"<tr><td>{escape(y.romaji)}</td><td>{escape(_ja(y))}</td>"
                   f"<td style=\"text-align:right\">{h}</td></tr>" for y, h in s.yaku)
    if s.yakuman:
        value = f"yakuman x{s.yakuman}"
    else:
        value = f"{s.han} han {s.fu} fu" + (f" ({s.limit})" if s.limit else "")
    return (f'<div class="yakuman-score"><div>{svg}</div>'
            f'<table class="yakuman-yaku">{yaku}</table>'
            f"<p><b>{escape(value)}</b>: {s.points} points</p>{payment_html(s.payment)}</div>")


def _ja(y) -> str:
    try:
        return y.ja
    except ValueError:   # pragma: no cover - every listed entry is a single member
        return ""
