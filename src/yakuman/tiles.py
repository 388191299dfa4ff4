"""Every tile notation, in one place.

Forms: mpsz strings (``"123m406p789s11z"``; ``0`` = red five; spaces allowed; groups in any
order), 136-ids (kind = id // 4; with red fives on, ids 16, 52, 88 are the red 5m/5p/5s),
34-count arrays (list, tuple or numpy), mjai names (``"5mr"``, ``"E"``, ``"P"``, ``"F"``, ``"C"``).
The internal form is 34 counts plus the count of red fives per suit (m, p, s).

Round trips: mpsz -> counts -> mpsz is exact up to ordering (canonical output sorts each suit,
red five in the five's place); counts+reds -> 136 -> counts+reds is exact; 136 -> counts -> 136
keeps kinds and red fives (copy numbers are chosen canonically).
Parsing of mpsz / 136-ids / counts is native (``yakuman._core``); this module adds formatting
and the other notations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from yakuman._arrays import as_int, as_list, flag
from yakuman._core import TILE_NAMES, parse, parse_136, parse_mpsz, tile_name
from yakuman.errors import InvalidTilesError
from yakuman._arrays import rep, shown

__all__ = [
    "TILE_NAMES",
    "MJAI_NAMES",
    "RED_IDS",
    "parse",
    "parse_mpsz",
    "parse_136",
    "tile_name",
    "kind",
    "to_counts",
    "to_mpsz",
    "to_136",
    "from_mjai",
    "to_mjai",
    "mjai_name",
    "kind_of_136",
    "is_red_136",
    "dora_of",
    "plain_fives",
    "YAOCHUU",
]

RED_IDS = (16, 52, 88)
_HONOR_MJAI = ("E", "S", "W", "N", "P", "F", "C")
MJAI_NAMES = tuple(TILE_NAMES[:27]) + _HONOR_MJAI
_MJAI_TO_KIND = {name: i for i, name in enumerate(MJAI_NAMES)}
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def kind(name: str) -> int:
    """Kind index of one tile: ``'3p'`` -> 11, ``'0m'`` -> 4, mjai ``'5mr'``/``'P'`` too."""
    if not isinstance(name, str):
        raise InvalidTilesError(f"tile name must be a string, not {type(name).__name__}")
    if name in _MJAI_TO_KIND:
        return _MJAI_TO_KIND[name]
    if name.endswith("r") and name[:-1] in ("5m", "5p", "5s"):
        return _MJAI_TO_KIND[name[:-1]]
    counts, _ = parse_mpsz(name)
    if sum(counts) != 1:
        raise InvalidTilesError(f"{rep(name)} is not a single tile")
    return counts.index(1)


def to_counts(tiles) -> list[int]:
    """34 counts from any form (mpsz, 136-ids, counts)."""
    return list(parse(tiles)[0])


def _counts_reds(counts, reds, max_red: int = 4) -> tuple[list[int], list[int]]:
    """34 counts and 3 red-five counts validated as the parsers validate them (integers, counts
    0..4, reds 0..the fives of their suit and at most ``max_red``): the one check behind every
    conversion from counts (to_mpsz, to_136, to_mjai)."""
    if isinstance(counts, (set, frozenset)):
        raise InvalidTilesError(f"counts must be a sequence of 34 integers, not {type(counts).__name__}")
    counts = as_list(counts, "counts (34 integers)", InvalidTilesError)
    if len(counts) != 34:
        raise InvalidTilesError(f"{len(counts)} counts given, 34 expected")
    counts = list(parse(counts)[0])          # integers 0..4, with the parsers' messages
    if isinstance(reds, (set, frozenset)):
        raise InvalidTilesError(f"reds must be 3 integers (m, p, s), not {type(reds).__name__}")
    reds = as_list(reds, "reds (3 integers: m, p, s)", InvalidTilesError)
    if len(reds) != 3:
        raise InvalidTilesError(f"{len(reds)} red-five counts given, 3 expected (m, p, s)")
    for s, r in enumerate(reds):
        v = as_int(r)
        if v is None:
            raise InvalidTilesError(f"red-five count {rep(r)} of 5{'mps'[s]} is not an integer")
        r = reds[s] = v
        n = counts[9 * s + 4]
        if r < 0 or r > n:
            raise InvalidTilesError(f"{r} red fives but {n} fives in {'mps'[s]}")
        if r > max_red:
            raise InvalidTilesError(f"{r} red fives of 5{'mps'[s]}: 136-ids have one red copy")
    return counts, reds


def to_mpsz(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0)) -> str:
    """Canonical mpsz: suits in m, p, s, z order, ranks ascending, red fives as ``0``."""
    counts, reds = _counts_reds(counts, reds)
    out = []
    for suit in range(4):
        digits = []
        for rank in range(9 if suit < 3 else 7):
            n = counts[suit * 9 + rank]
            if n < 0:
                raise InvalidTilesError(f"negative count {n} of {TILE_NAMES[suit * 9 + rank]}")
            if suit < 3 and rank == 4:
                r = reds[suit]
                if r < 0 or r > n:
                    raise InvalidTilesError(f"{r} red fives but {n} fives in {'mps'[suit]}")
                digits.append("0" * r + "5" * (n - r))
            else:
                digits.append(str(rank + 1) * n)
        s = "".join(digits)
        if s:
            out.append(s + "mpsz"[suit])
    return "".join(out)


def to_136(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0)) -> list[int]:
    """Canonical 136-ids: the red five first when red, then the lowest free copies."""
    counts, reds = _counts_reds(counts, reds, max_red=1)
    ids = []
    for k, n in enumerate(counts):
        if n < 0 or n > 4:
            raise InvalidTilesError(f"count {n} of {TILE_NAMES[k]} out of range 0..4")
        base = 4 * k
        suit = k // 9 if k < 27 else -1
        red = reds[suit] if suit >= 0 and k % 9 == 4 else 0
        if red > 1:
            raise InvalidTilesError(f"{red} red fives of {TILE_NAMES[k]}: 136-ids have one red copy")
        if red > n:
            raise InvalidTilesError(f"{red} red fives but {n} fives in {TILE_NAMES[k][1]}")
        is_five = suit >= 0 and k % 9 == 4
        # The red copy is id 4k; plain fives take the other ids first (a fourth plain five has
        # to use the red id: with red fives on, four plain fives of a suit do not exist).
        order = [base + i for i in range(1, 4)] + [base] if is_five else [base + i for i in range(4)]
        copies = [base] if red else []
        copies += [i for i in order if i not in copies][: n - red]
        ids.extend(copies)
    return sorted(ids)


def kind_of_136(tile_id: int) -> int:
    v = as_int(tile_id)
    if v is None:
        raise InvalidTilesError(f"136-id {rep(tile_id)} is not an integer in 0..135")
    tile_id = v
    if not 0 <= tile_id <= 135:
        raise InvalidTilesError(f"136-id {rep(tile_id)} out of range 0..135")
    return tile_id // 4


def is_red_136(tile_id: int, aka: bool = True) -> bool:
    v = as_int(tile_id, 0, 135)
    if v is None:
        raise InvalidTilesError(f"tile id {shown(tile_id, 40)} is not an integer 0..135")
    return flag(aka, "aka") and v in RED_IDS


def mjai_name(kind_index: int, red: bool = False) -> str:
    v = as_int(kind_index)
    if v is None:
        raise InvalidTilesError(f"tile kind {rep(kind_index)} is not an integer 0..33")
    kind_index = v
    name = MJAI_NAMES[kind_index] if 0 <= kind_index < 34 else None
    if name is None:
        raise InvalidTilesError(f"tile kind {rep(kind_index)} out of range 0..33")
    if flag(red, "red"):
        if kind_index not in (4, 13, 22):
            raise InvalidTilesError(f"{name} has no red copy")
        return name + "r"
    return name


def from_mjai(names: Iterable[str]) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """(counts, reds) from mjai names; raises on an unknown name, with its index."""
    counts = [0] * 34
    reds = [0, 0, 0]
    if isinstance(names, str):
        raise InvalidTilesError(f"from_mjai takes a list of mjai names, not one string {shown(names, 40)}")
    for i, name in enumerate(as_list(names, "mjai names", InvalidTilesError)):
        if not isinstance(name, str):
            raise InvalidTilesError(f"mjai tile {rep(name)} at index {i} is not a string")
        red = name in ("5mr", "5pr", "5sr")
        k = _MJAI_TO_KIND.get(name[:-1] if red else name)
        if k is None:
            raise InvalidTilesError(f"unknown mjai tile {rep(name)} at index {i}")
        counts[k] += 1
        if red:
            reds[k // 9] += 1
        if counts[k] > 4:
            raise InvalidTilesError(f"five copies of {TILE_NAMES[k]}" if counts[k] == 5
                                    else f"{counts[k]} copies of {TILE_NAMES[k]}")
    return tuple(counts), (reds[0], reds[1], reds[2])


def to_mjai(counts: Sequence[int], reds: Sequence[int] = (0, 0, 0)) -> list[str]:
    """mjai names of 34 counts (validated like the parsers: 0..4 each) and their red fives."""
    counts, reds = _counts_reds(counts, reds)
    out = []
    for k, n in enumerate(counts):
        red = reds[k // 9] if k < 27 and k % 9 == 4 else 0
        out += [MJAI_NAMES[k] + "r"] * red + [MJAI_NAMES[k]] * (n - red)
    return out


def plain_fives(text: str) -> str:
    """An mpsz or meld text with every red five written as a plain five (``"406m"`` ->
    ``"456m"``, ``"pon 055p"`` -> ``"pon 555p"``): how a record played with red fives is read
    under rules without them (``aka_dora = 0``), where :func:`yakuman.score` refuses a ``0``."""
    if not isinstance(text, str):
        raise InvalidTilesError(f"expected an mpsz or meld text, not {type(text).__name__}")
    return text.replace("0", "5")


def dora_of(indicator: int) -> int:
    """Dora kind indicated by an indicator kind 0..33 (9 -> 1 in suits, E->S->W->N->E,
    haku->hatsu->chun); anything else raises InvalidTilesError."""
    v = as_int(indicator)
    if v is None:
        raise InvalidTilesError(f"indicator kind {rep(indicator)} is not an integer 0..33")
    indicator = v
    if not 0 <= indicator <= 33:
        raise InvalidTilesError(f"indicator kind {rep(indicator)} out of range 0..33")
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3
