"""Every reading of a winning hand, by plain brute force (docs/rules.md 2.1 and 4.4).

A *reading* is one way to see the 14 (+ kans) tiles as a complete hand, together with the place the
winning tile takes in it:
- regular: a pair and 4 - k sets from the concealed tiles (every decomposition, found by trying, for
  the lowest remaining tile, a triplet and a run) plus the k melds; one reading per distinct group of
  the concealed part that contains the winning tile. That group fixes the wait: pair -> tanki,
  triplet -> shanpon (an *open* triplet on ron), run (a, a+1, a+2) with the win at a+1 -> kanchan,
  at a+2 with a = 1 or at a with a = 7 -> penchan, otherwise ryanmen;
- chiitoitsu: seven different pairs, no melds;
- kokushi: the 13 terminal/honor kinds plus one duplicate, no melds;
- shiisanputa (local, only asked for at tenhou/chiihou timing): 13 kinds with one pair, same-suit
  numbers at least 3 apart.
Nothing here uses the native tables; it is the independent oracle.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from yakuman.hand import Meld

__all__ = [
    "YAOCHUU",
    "Group",
    "Reading",
    "group_str",
    "is_chiitoitsu",
    "is_kokushi",
    "is_shiisanputa",
    "readings",
    "regular_decompositions",
]

YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


class Group(NamedTuple):
    """A set in a reading. ``kind`` in run/triplet/kan; ``tile`` = its lowest kind; ``concealed``:
    counts as concealed for fu and sanankou (an ankan, or a triplet of the hand not completed by a
    ron); ``meld``: the Meld it came from (None for the concealed part)."""

    kind: str
    tile: int
    concealed: bool
    meld: Meld | None = None

    @property
    def is_run(self) -> bool:
        return self.kind == "run"

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind == "run":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kan" else 3)


class Reading(NamedTuple):
    """``form`` in regular/chiitoitsu/kokushi/shiisanputa. Regular readings carry the ``pair`` kind,
    the four ``groups`` (concealed part first, then melds), the ``wait`` and the index of the
    ``win_group`` (-1 = the pair). Other forms carry only ``pairs`` (chiitoitsu)."""

    form: str
    pair: int = -1
    groups: tuple = ()
    wait: str = ""
    win_group: int = -1
    pairs: tuple = ()


def _sets(c: list[int], need: int):
    """Every way to split counts ``c`` into exactly ``need`` sets (runs / triplets), lowest tile first."""
    i = next((t for t in range(34) if c[t]), -1)
    if i < 0:
        if need == 0:
            yield ()
        return
    if need == 0:
        return
    if c[i] >= 3:
        c[i] -= 3
        for rest in _sets(c, need - 1):
            yield (("triplet", i),) + rest
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        for rest in _sets(c, need - 1):
            yield (("run", i),) + rest
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def regular_decompositions(counts, n_sets: int) -> list[tuple[int, tuple]]:
    """Every (pair kind, sets) with ``n_sets`` sets using all of ``counts``."""
    out = []
    c = list(counts)
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for sets in _sets(c, n_sets):
                out.append((p, sets))
            c[p] += 2
    return out


def _wait_of(kind: str, start: int, win: int) -> str:
    if kind == "triplet":
        return "shanpon"
    if win == start + 1:
        return "kanchan"
    if (win == start + 2 and start % 9 == 0) or (win == start and start % 9 == 6):
        return "penchan"
    return "ryanmen"


def _meld_group(m: Meld) -> Group:
    if m.kind == "chi":
        return Group("run", m.tiles[0], False, m)
    if m.kind == "pon":
        return Group("triplet", m.tiles[0], False, m)
    return Group("kan", m.tiles[0], m.kind == "ankan", m)


def is_chiitoitsu(counts, melds) -> bool:
    return not melds and sum(1 for n in counts if n == 2) == 7 and all(n in (0, 2) for n in counts)


def is_kokushi(counts, melds) -> bool:
    return (not melds and sum(counts) == 14 and all(counts[t] >= 1 for t in YAOCHUU)
            and all(counts[t] == 0 for t in range(34) if t not in YAOCHUU))


def is_shiisanputa(counts, melds, honor_pair: bool) -> bool:
    """13 kinds, one of them paired, same-suit numbers at least 3 apart (docs/rules.md 3.6)."""
    if melds or sum(counts) != 14 or any(n > 2 for n in counts):
        return False
    pairs = [t for t in range(34) if counts[t] == 2]
    if len(pairs) != 1 or sum(1 for n in counts if n) != 13:
        return False
    if not honor_pair and pairs[0] >= 27:
        return False
    for s in range(3):
        ranks = [r for r in range(9) if counts[9 * s + r]]
        if any(b - a < 3 for a, b in itertools.pairwise(ranks)):
            return False
    return True


def readings(counts, melds, win: int, tsumo: bool) -> list[Reading]:
    """Every regular / chiitoitsu / kokushi reading (shiisanputa is asked for separately)."""
    out: list[Reading] = []
    meld_groups = tuple(_meld_group(m) for m in melds)
    for pair, sets in regular_decompositions(counts, 4 - len(melds)):
        seen = set()
        if pair == win:
            seen.add(("pair", pair))
            groups = tuple(Group(k, t, k == "triplet") for k, t in sets) + meld_groups
            out.append(Reading("regular", pair, groups, "tanki", -1))
        for idx, (k, t) in enumerate(sets):
            inside = t == win if k == "triplet" else t <= win <= t + 2 and win < 27
            if not inside or (k, t) in seen:
                continue
            seen.add((k, t))
            groups = []
            for j, (k2, t2) in enumerate(sets):
                concealed = k2 == "triplet" and not (j == idx and not tsumo)
                groups.append(Group(k2, t2, concealed))
            out.append(Reading("regular", pair, tuple(groups) + meld_groups, _wait_of(k, t, win), idx))
    if is_chiitoitsu(counts, melds):
        out.append(Reading("chiitoitsu", pairs=tuple(t for t in range(34) if counts[t] == 2), wait="tanki"))
    if is_kokushi(counts, melds):
        out.append(Reading("kokushi"))
    return out


def group_str(g: Group) -> str:
    suit = "mpsz"[g.tile // 9]
    digits = "".join(str(t % 9 + 1) for t in g.tiles)
    if g.meld is not None:
        return f"{g.meld.kind} {digits}{suit}"
    return f"{digits}{suit}"
