"""Reference shanten, agari and waits: slow, direct, independent of the native tables.

Regular form: the replacement number is the fewest tiles to draw so that the hand contains a
complete hand, i.e. min over complete targets w (4 - k sets + 1 pair, no kind above 4) of
sum max(0, w_i - h_i). The targets are enumerated per part (each suit: every multiset of sets
plus at most one pair, built by placing sets; honors: triplets and one pair) and the parts are
combined by trying every split of the sets and the pair between them. Shanten = that - 1.
Chiitoitsu and kokushi use their closed formulas (docs/rules.md 2.2). Agari is checked separately by
the classic recursive removal (pair, then the lowest tile as triplet or run).
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

__all__ = ["shanten", "shanten_regular", "shanten_chiitoitsu", "shanten_kokushi", "is_agari", "waits"]

_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@functools.lru_cache(maxsize=None)
def _targets(runs: bool, n: int) -> dict[tuple[int, int], np.ndarray]:
    """(sets, pairs) -> array of complete patterns over n ranks."""
    sets = [tuple(3 if j == r else 0 for j in range(n)) for r in range(n)]
    if runs:
        sets += [tuple(1 if r <= j <= r + 2 else 0 for j in range(n)) for r in range(n - 2)]
    out: dict[tuple[int, int], set] = {}
    for m in range(5):
        for combo in itertools.combinations_with_replacement(sets, m):
            base = [sum(col) for col in zip(*combo)] if combo else [0] * n
            if max(base) > 4:
                continue
            out.setdefault((m, 0), set()).add(tuple(base))
            for r in range(n):
                w = list(base)
                w[r] += 2
                if w[r] <= 4:
                    out.setdefault((m, 1), set()).add(tuple(w))
    return {k: np.array(sorted(v), dtype=np.int16) for k, v in out.items()}


@functools.lru_cache(maxsize=1 << 18)
def _part_distance(pattern: tuple[int, ...], runs: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    targets = _targets(runs, len(pattern))
    h = np.array(pattern, dtype=np.int16)
    d = [[99] * 5, [99] * 5]
    for (m, p), w in targets.items():
        d[p][m] = int(np.maximum(w - h, 0).sum(axis=1).min())
    return tuple(d[0]), tuple(d[1])


def shanten_regular(counts, n_melds: int | None = None) -> int:
    counts = list(counts)
    if n_melds is None:
        n_melds = (14 - sum(counts)) // 3
    need = 4 - n_melds
    parts = [
        _part_distance(tuple(counts[0:9]), True),
        _part_distance(tuple(counts[9:18]), True),
        _part_distance(tuple(counts[18:27]), True),
        _part_distance(tuple(counts[27:34]), False),
    ]
    best = 99
    for split in itertools.product(range(need + 1), repeat=4):
        if sum(split) != need:
            continue
        for pair_part in range(4):
            cost = sum(parts[i][1 if i == pair_part else 0][split[i]] for i in range(4))
            best = min(best, cost)
    return best - 1


def shanten_chiitoitsu(counts) -> int:
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c > 0)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_kokushi(counts) -> int:
    kinds = sum(1 for k in _YAOCHUU if counts[k] > 0)
    pair = any(counts[k] >= 2 for k in _YAOCHUU)
    return 13 - kinds - (1 if pair else 0)


def shanten(counts, form: str = "all", n_melds: int | None = None) -> int:
    counts = list(counts)
    if n_melds is None:
        n_melds = (14 - sum(counts)) // 3
    if form == "regular":
        return shanten_regular(counts, n_melds)
    if form == "chiitoitsu":
        return shanten_chiitoitsu(counts) if n_melds == 0 else 99
    if form == "kokushi":
        return shanten_kokushi(counts) if n_melds == 0 else 99
    s = shanten_regular(counts, n_melds)
    if n_melds == 0:
        s = min(s, shanten_chiitoitsu(counts), shanten_kokushi(counts))
    return s


def _sets_only(counts: list[int]) -> bool:
    i = next((k for k in range(34) if counts[k]), None)
    if i is None:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _sets_only(counts)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        ok = _sets_only(counts)
        for j in (i, i + 1, i + 2):
            counts[j] += 1
        if ok:
            return True
    return False


def is_agari(counts) -> bool:
    counts = list(counts)
    if sum(counts) % 3 != 2:
        return False
    for k in range(34):
        if counts[k] >= 2:
            counts[k] -= 2
            ok = _sets_only(counts)
            counts[k] += 2
            if ok:
                return True
    if sum(counts) == 14:
        if all(c in (0, 2) for c in counts) and sum(1 for c in counts if c == 2) == 7:
            return True
        if all(counts[k] >= 1 for k in _YAOCHUU) and sum(counts[k] for k in _YAOCHUU) == 14:
            return True
    return False


def waits(counts) -> list[int]:
    counts = list(counts)
    out = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if is_agari(counts):
            out.append(k)
        counts[k] -= 1
    return out
