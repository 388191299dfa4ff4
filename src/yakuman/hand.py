"""Hands and melds.

A :class:`Meld` is a called or declared set: ``chi``, ``pon``, ``minkan`` (daiminkan, open),
``kakan`` (added kan, open), ``ankan`` (closed kan). Written as ``"chi 234m"``, ``"pon 777z"``,
``"minkan 5555s"``, ``"kakan 5055s"``, ``"ankan 1111p"`` (red fives as ``0``).
"""

from __future__ import annotations

from dataclasses import dataclass

from yakuman._core import TILE_NAMES, parse_mpsz
from yakuman.errors import InvalidMeldError, InvalidTilesError

__all__ = ["Meld", "MELD_KINDS", "parse_melds"]

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
_ALIASES = {"daiminkan": "minkan", "shouminkan": "kakan", "chii": "chi", "kan": "minkan"}


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld: ``kind`` in MELD_KINDS, ``tiles`` = sorted kind indices (3 or 4),
    ``reds`` = red fives among them."""

    kind: str
    tiles: tuple[int, ...]
    reds: int = 0

    def __post_init__(self) -> None:
        _validate(self.kind, self.tiles, self.reds, str(self))

    @classmethod
    def parse(cls, text: "str | Meld") -> "Meld":
        """``Meld.parse("pon 777z")``; a Meld is returned unchanged."""
        if isinstance(text, Meld):
            return text
        if not isinstance(text, str):
            raise InvalidMeldError(f"meld must be a string like 'pon 777z' or a Meld, not {type(text).__name__}")
        parts = text.split()
        if len(parts) != 2:
            raise InvalidMeldError(f"meld {text!r} is not '<chi|pon|minkan|kakan|ankan> <tiles>'")
        kind = _ALIASES.get(parts[0].lower(), parts[0].lower())
        if kind not in MELD_KINDS:
            raise InvalidMeldError(f"unknown meld kind {parts[0]!r} in {text!r}")
        try:
            counts, reds = parse_mpsz(parts[1])
        except InvalidTilesError as e:
            raise InvalidMeldError(f"bad tiles in meld {text!r}: {e}") from None
        tiles = tuple(k for k in range(34) for _ in range(counts[k]))
        m = cls.__new__(cls)
        object.__setattr__(m, "kind", kind)
        object.__setattr__(m, "tiles", tiles)
        object.__setattr__(m, "reds", sum(reds))
        _validate(kind, tiles, m.reds, repr(text))
        return m

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        return len(self.tiles) == 4

    @property
    def first(self) -> int:
        return self.tiles[0]

    def counts(self) -> list[int]:
        c = [0] * 34
        for t in self.tiles:
            c[t] += 1
        return c

    def __str__(self) -> str:
        if not self.tiles:
            return f"{self.kind} ?"
        suit = "mpsz"[self.tiles[0] // 9] if self.tiles[0] < 27 else "z"
        digits = []
        reds = self.reds
        for t in self.tiles:
            if t < 27 and t % 9 == 4 and reds:
                digits.append("0")
                reds -= 1
            else:
                digits.append(TILE_NAMES[t][0])
        return f"{self.kind} {''.join(digits)}{suit}"


def _validate(kind: str, tiles: tuple[int, ...], reds: int, where: str) -> None:
    if kind not in MELD_KINDS:
        raise InvalidMeldError(f"unknown meld kind {kind!r} in {where}")
    if any(not isinstance(t, int) or not 0 <= t < 34 for t in tiles):
        raise InvalidMeldError(f"tile kinds must be 0..33 in {where}")
    if list(tiles) != sorted(tiles):
        raise InvalidMeldError(f"meld tiles must be sorted in {where}")
    n = len(tiles)
    if kind == "chi":
        if n != 3:
            raise InvalidMeldError(f"chi needs 3 tiles, {n} given in {where}")
        a = tiles[0]
        if a >= 27 or a % 9 > 6 or tiles != (a, a + 1, a + 2):
            raise InvalidMeldError(f"chi must be three consecutive tiles of one suit in {where}")
    else:
        want = 3 if kind == "pon" else 4
        if n != want:
            raise InvalidMeldError(f"{kind} needs {want} tiles, {n} given in {where}")
        if len(set(tiles)) != 1:
            raise InvalidMeldError(f"{kind} must be {want} identical tiles in {where}")
    fives = sum(1 for t in tiles if t < 27 and t % 9 == 4)
    if reds < 0 or reds > fives:
        raise InvalidMeldError(f"{reds} red fives but {fives} fives in {where}")


def parse_melds(melds) -> tuple[Meld, ...]:
    """Parse a sequence of meld strings / Meld objects; errors name the meld's index."""
    if melds is None:
        return ()
    if isinstance(melds, (str, Meld)):
        melds = (melds,)
    if isinstance(melds, (set, frozenset, dict)) or not hasattr(melds, "__iter__"):
        raise InvalidMeldError(f"melds must be a list of meld strings or Meld objects, not {melds!r:.40}")
    out = []
    for i, m in enumerate(melds):
        try:
            out.append(Meld.parse(m))
        except InvalidMeldError as e:
            raise InvalidMeldError(f"{e} - at melds[{i}]") from None
    if len(out) > 4:
        raise InvalidMeldError(f"{len(out)} melds given, at most 4")
    return tuple(out)
