"""Readable views of a :class:`~yakuman.game.Game` and an :class:`~yakuman.game.Observation`:
a one-line ``repr`` and the HTML that Jupyter shows (``_repr_html_``).

The tiles are drawn by :mod:`yakuman.display` (``hand_svg`` for a hand with its melds and the
drawn tile apart, ``tiles_svg`` for a river); this module only arranges them per seat.

Invariants: an observation's view is built from the observation alone, so it can show nothing
that seat does not see (the other seats' concealed tiles appear only as their count); a game's
view is the debugging view of the whole state and shows every hand.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from yakuman.display import Tile, hand_svg, tiles_svg
from yakuman.tiles import from_mjai, to_mpsz

_WINDS = ("E", "S", "W", "N")
_PHASES = ("to move", "to answer the discard", "round over", "game over")
_RIVER_ROW = 6


def mpsz(names: Sequence[str]) -> str:
    """mjai tile names as one mpsz string (red fives as ``0``); ``-`` for none."""
    if not names:
        return "-"
    counts, reds = from_mjai(names)
    return to_mpsz(counts, reds)


def _tile(name: str) -> Tile:
    counts, reds = from_mjai([name])
    return Tile(list(counts).index(1), bool(sum(reds)))


def concealed(hand: Sequence[str], drawn: str | None) -> list[str]:
    """The hand without the drawn tile (an observation's ``hand`` includes it)."""
    out = list(hand)
    if drawn is not None and drawn in out:
        out.remove(drawn)
    return out


def _meld_text(meld: tuple) -> str:
    typ, tiles, _from = meld
    return f"{typ} {mpsz(tiles)}"


def round_label(round_wind: str, kyoku: int, honba: int) -> str:
    """``"E2-1"``: round wind, hand number (1-based), honba."""
    return f"{round_wind}{kyoku + 1}-{honba}"


def game_repr(game: Any) -> str:
    st = game._st
    t = st.table()
    label = round_label(_WINDS[t[2]], t[3], t[5])
    scores = list(game.scores)
    if t[9]:
        res = game.result
        return (f"Game(seed={game.seed}, over after {label}, scores {scores}, "
                f"placements {list(res.placements)}, end {res.end_reason})")
    phase = _PHASES[st.phase()]
    return (f"Game(seed={game.seed}, {label}, sticks {t[6]}, dealer {t[4]}, scores {scores}, "
            f"seat{'s' if len(game.to_act) > 1 else ''} {'/'.join(map(str, game.to_act))} {phase}, "
            f"{t[7]} tiles left)")


def observation_repr(o: Any) -> str:
    drawn = f" + {mpsz([o.drawn])}" if o.drawn else ""
    melds = "".join(f", {_meld_text(m)}" for m in o.melds[o.seat])
    return (f"Observation(seat {o.seat}, {round_label(o.round_wind, o.kyoku, o.honba)}, sticks {o.sticks}, "
            f"hand {mpsz(concealed(o.hand, o.drawn))}{drawn}{melds}, scores {list(o.scores)}, to act {list(o.to_act)}, "
            f"{len(o.legal_actions)} legal actions, {o.tiles_left} tiles left)")


def _river_svg(discards: Sequence[tuple], label: str) -> str:
    # riichi declaration tiles sideways; rows of six separated by a gap
    tiles = [Tile(*_tile(pai)[:2], sideways=riichi) for pai, _tg, riichi, _called in discards]
    rows = [tiles[i:i + _RIVER_ROW] for i in range(0, len(tiles), _RIVER_ROW)]
    return tiles_svg(rows, label=label) if tiles else "<i>no discards</i>"


def _seat_row(seat: int, dealer: int, score: int, riichi: bool, hand: Sequence[str] | None,
              drawn: str | None, melds: Sequence[tuple], discards: Sequence[tuple], kita: int,
              highlight: bool) -> str:
    mark = "dealer, " if seat == dealer else ""
    head = (f"<b>seat {seat}</b> ({mark}{score}{', riichi' if riichi else ''}"
            f"{f', kita {kita}' if kita else ''})")
    meld_texts = [_meld_text(m) for m in melds]
    if hand is not None:
        rest = concealed(hand, drawn)
        counts, reds = from_mjai(rest)
        svg = hand_svg(counts, reds, meld_texts, None if drawn is None else _tile(drawn),
                       label=f"seat {seat} hand {mpsz(rest)}" + (f" drawn {mpsz([drawn])}" if drawn else ""))
    else:
        hidden = 13 - 3 * len(melds)
        svg = (f"<i>{hidden}+ concealed tiles</i> "
               + (hand_svg([0] * 34, (0, 0, 0), meld_texts, label=f"seat {seat} melds") if melds else ""))
    style = ' style="background:#fff6d5"' if highlight else ""
    return (f"<tr{style}><td>{head}</td><td>{svg}</td>"
            f"<td>{_river_svg(discards, f'seat {seat} river')}</td></tr>")


def _table(title: str, rows: list[str]) -> str:
    return (f'<div class="yakuman-game"><p>{escape(title)}</p><table>'
            f"<tr><th>seat</th><th>hand and melds</th><th>river</th></tr>{''.join(rows)}</table></div>")


def observation_html(o: Any) -> str:
    n = len(o.scores)
    rows = [_seat_row(s, o.dealer, o.scores[s], o.riichi[s], o.hand if s == o.seat else None,
                      o.drawn if s == o.seat else None, o.melds[s], o.discards[s], o.kita[s], s in o.to_act)
            for s in range(n)]
    title = (f"seat {o.seat} sees {round_label(o.round_wind, o.kyoku, o.honba)}, sticks {o.sticks}, "
             f"dora indicators {mpsz(o.dora_indicators)}, {o.tiles_left} tiles left, to act {list(o.to_act)}")
    return _table(title, rows)


def game_html(game: Any) -> str:
    n = game._n
    obs = [game.observation(s) for s in range(n)]
    o = obs[0]
    rows = [_seat_row(s, o.dealer, o.scores[s], o.riichi[s], obs[s].hand, obs[s].drawn, o.melds[s],
                      o.discards[s], o.kita[s], s in game.to_act) for s in range(n)]   # every seat to act
    return _table(game_repr(game) + f", dora indicators {mpsz(o.dora_indicators)}", rows)
