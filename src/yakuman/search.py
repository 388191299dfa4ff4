"""AI-search helpers built on the native shanten: ukeire and discard analysis.

``ukeire(hand, visible=...)``: the kinds whose draw lowers shanten, and how many copies of
each are left (4 minus copies in the hand and in ``visible``).
"""

from __future__ import annotations

from yakuman._core import TILE_NAMES, parse, shanten
from yakuman.errors import InvalidTilesError

__all__ = ["ukeire", "Ukeire"]


class Ukeire(tuple):
    """(shanten, {tile: copies left}) with named accessors."""

    __slots__ = ()

    def __new__(cls, shanten_now: int, tiles: dict[str, int]):
        return super().__new__(cls, (shanten_now, tiles))

    @property
    def shanten(self) -> int:
        return self[0]

    @property
    def tiles(self) -> dict[str, int]:
        return self[1]

    @property
    def count(self) -> int:
        return sum(self[1].values())


def ukeire(tiles, *, visible=None, form: str = "all") -> Ukeire:
    """Effective tiles of a 13-3k hand: kinds whose draw lowers shanten, with copies left."""
    counts, _ = parse(tiles)
    counts = list(counts)
    total = sum(counts)
    if total % 3 != 1:
        raise InvalidTilesError(f"{total} tiles given, 13-3k expected for ukeire")
    seen = list(counts)
    if visible is not None:
        vis, _ = parse(visible)
        for k in range(34):
            seen[k] += vis[k]
            if seen[k] > 4:
                raise InvalidTilesError(f"{seen[k]} copies of {TILE_NAMES[k]} in hand and visible tiles")
    now = shanten(counts, form=form)
    out = {}
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, form=form) < now and seen[k] < 4:
            out[TILE_NAMES[k]] = 4 - seen[k]
        counts[k] -= 1
    return Ukeire(now, out)
