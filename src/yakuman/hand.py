"""Hands and melds.

A :class:`Hand` is concealed tiles (34 counts and their red fives per suit) with its melds;
``Hand.parse("123m456p789s11z", melds=["pon 777z"])``. A :class:`Meld` is a called or declared set: ``chi``, ``pon``, ``minkan`` (daiminkan, open),
``kakan`` (added kan, open), ``ankan`` (closed kan). Written as ``"chi 234m"``, ``"pon 777z"``,
``"minkan 5555s"``, ``"kakan 5055s"``, ``"ankan 1111p"`` (red fives as ``0``).
"""

from __future__ import annotations

from dataclasses import dataclass

from yakuman._arrays import as_int, as_list
from yakuman._core import TILE_NAMES, parse_mpsz
from yakuman.errors import InvalidMeldError, InvalidTilesError
from yakuman._arrays import rep, shown

__all__ = ["Hand", "Meld", "MELD_KINDS", "parse_melds"]

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
# Meld.parse's results by their text (every valid meld string is short; a few hundred are distinct
# once spacing and aliases are set apart)
_PARSED: dict[str, "Meld"] = {}
_PARSED_MAX = 4096
_ALIASES = {"daiminkan": "minkan", "shouminkan": "kakan", "chii": "chi", "kan": "minkan"}


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld: ``kind`` in MELD_KINDS, ``tiles`` = sorted kind indices (3 or 4),
    ``reds`` = red fives among them."""

    kind: str
    tiles: tuple[int, ...]
    reds: int = 0

    def __post_init__(self) -> None:
        where = f"Meld({self.kind!r:.20}, {self.tiles!r:.40}, {self.reds!r:.20})"
        if not isinstance(self.kind, str):
            raise InvalidMeldError(f"the meld kind must be a string, not {type(self.kind).__name__} in {where}")
        tiles = tuple(as_list(self.tiles, f"the tiles of {where}", InvalidMeldError))
        if any(type(t) is not int for t in tiles) or type(self.reds) is not int:
            raise InvalidMeldError(f"tiles and reds must be integers in {where}")
        object.__setattr__(self, "tiles", tiles)
        _validate(self.kind, tiles, self.reds, str(self))

    @classmethod
    def parse(cls, text: "str | Meld") -> "Meld":
        """``Meld.parse("pon 777z")``; a Meld is returned unchanged. A string parsed before gives
        the same (immutable) Meld again, from a bounded cache: parsing one costs about 8 us, a
        tenth of an expected-value call at tenpai."""
        if isinstance(text, Meld):
            return text
        # only exact str keys: a str subclass could redefine its hash or equality
        cached = type(text) is str and cls is Meld
        if cached:
            m = _PARSED.get(text)
            if m is not None:
                return m
        if not isinstance(text, str):
            raise InvalidMeldError(f"meld must be a string like 'pon 777z' or a Meld, not {type(text).__name__}")
        parts = text.split()
        if len(parts) != 2:
            raise InvalidMeldError(f"meld {rep(text)} is not '<chi|pon|minkan|kakan|ankan> <tiles>'")
        kind = _ALIASES.get(parts[0].lower(), parts[0].lower())
        if kind not in MELD_KINDS:
            raise InvalidMeldError(f"unknown meld kind {rep(parts[0])} in {rep(text)}")
        try:
            counts, reds = parse_mpsz(parts[1])
        except InvalidTilesError as e:
            raise InvalidMeldError(f"bad tiles in meld {rep(text)}: {e}") from None
        tiles = tuple(k for k in range(34) for _ in range(counts[k]))
        m = cls.__new__(cls)
        object.__setattr__(m, "kind", kind)
        object.__setattr__(m, "tiles", tiles)
        object.__setattr__(m, "reds", sum(reds))
        _validate(kind, tiles, m.reds, repr(text))
        if cached:
            if len(_PARSED) >= _PARSED_MAX:   # bounded whatever the input: emptied when full
                _PARSED.clear()
            _PARSED[text] = m
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
        raise InvalidMeldError(f"unknown meld kind {rep(kind)} in {where}")
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
        raise InvalidMeldError(f"melds must be a list of meld strings or Meld objects, not {shown(melds, 40)}")
    out = []
    for i, m in enumerate(melds):
        try:
            out.append(Meld.parse(m))
        except InvalidMeldError as e:
            raise InvalidMeldError(f"{e} - at melds[{i}]") from None
    if len(out) > 4:
        raise InvalidMeldError(f"{len(out)} melds given, at most 4")
    return tuple(out)


def refuse_sanma_chi(melds, sanma: bool) -> None:
    """Three-player mahjong has no chi: the one check of every call that takes melds and a player
    count (the scorer, the expected-value search, the exhaustive draw's tenpai), an
    InvalidMeldError naming the meld."""
    if sanma:
        for i, m in enumerate(melds):
            if m.kind == "chi":
                raise InvalidMeldError(f"chi is not allowed in three-player mahjong - at melds[{i}]")


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: concealed ``counts`` (34 kinds), the red fives among them per suit ``reds``
    (m, p, s) and the called / declared ``melds``. No size or shape is required (any tiles
    between draws); no kind has more than four copies counting the melds."""

    counts: tuple[int, ...]
    reds: tuple[int, int, int] = (0, 0, 0)
    melds: tuple[Meld, ...] = ()

    def __post_init__(self) -> None:
        counts = tuple(as_list(self.counts, "a Hand's counts", InvalidTilesError))
        reds = tuple(as_list(self.reds, "a Hand's reds", InvalidTilesError))
        melds = parse_melds(self.melds)
        if len(counts) != 34 or len(reds) != 3:
            raise InvalidTilesError(f"a Hand has 34 counts and 3 red-five counts, not {len(counts)} and {len(reds)}")
        ints = tuple(as_int(x) for x in counts + reds)
        if None in ints:
            raise InvalidTilesError(f"a Hand's counts and reds must be integers, not {shown(counts, 60)} and {shown(reds, 30)}")
        counts, reds = ints[:34], ints[34:]
        total = list(counts)
        for m in melds:
            for t in m.tiles:
                total[t] += 1
        for k in range(34):
            if not 0 <= counts[k] or total[k] > 4:
                raise InvalidTilesError(f"{total[k]} copies of {TILE_NAMES[k]} counting the melds")
        for s in range(3):
            if not 0 <= reds[s] <= counts[9 * s + 4]:
                raise InvalidTilesError(f"{reds[s]} red 5{'mps'[s]} but {counts[9 * s + 4]} 5{'mps'[s]}")
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "reds", reds)
        object.__setattr__(self, "melds", melds)

    @classmethod
    def parse(cls, tiles, melds=()) -> "Hand":
        """From any tile form (mpsz, 136-ids, 34 counts) and meld strings / Melds."""
        from yakuman.tiles import parse

        counts, reds = parse(tiles)
        return cls(counts, reds, parse_melds(melds))

    @property
    def n_tiles(self) -> int:
        """Concealed tiles."""
        return sum(self.counts)

    def __str__(self) -> str:
        from yakuman.tiles import to_mpsz

        text = to_mpsz(self.counts, self.reds)
        return " ".join([text] + [f"[{m}]" for m in self.melds]) if self.melds else text

    def __repr__(self) -> str:
        from yakuman.tiles import to_mpsz

        melds = f", melds=[{', '.join(repr(str(m)) for m in self.melds)}]" if self.melds else ""
        return f"Hand({to_mpsz(self.counts, self.reds)!r}{melds})"

    def _repr_html_(self) -> str:
        from yakuman.display import hand_svg

        return hand_svg(self.counts, self.reds, self.melds, label=str(self))
