"""Reference mpsz / 136-id / counts parser: plain Python, same results and the same error
messages as the native parser in ``yakuman._core`` (tested against each other)."""

from __future__ import annotations

import operator

from yakuman.errors import InvalidTilesError

TILE_NAMES = tuple(f"{n % 9 + 1}{'mpsz'[n // 9]}" for n in range(34))
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _copies(n: int) -> str:
    return _WORDS[n] if n < 9 else str(n)


def _check(counts: list[int]) -> None:
    for i, n in enumerate(counts):
        if n > 4:
            raise InvalidTilesError(f"{_copies(n)} copies of {TILE_NAMES[i]}")


def parse_mpsz(s: str) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    counts = [0] * 34
    reds = [0, 0, 0]
    pending: list[int] = []
    ntiles = 0
    for i, ch in enumerate(s):
        if "0" <= ch <= "9":
            if ntiles >= 136:
                raise InvalidTilesError(f"more than 136 tiles in {s!r}")
            pending.append(ord(ch) - 48)
            ntiles += 1
            continue
        if ch in " ,_":
            if pending:
                raise InvalidTilesError(f"digits without a suit letter at position {i} in {s!r}")
            continue
        if ch not in "mpsz":
            raise InvalidTilesError(f"unknown suit letter {ch!r} at position {i} in {s!r}")
        if not pending:
            raise InvalidTilesError(f"suit letter {ch!r} without digits at position {i} in {s!r}")
        suit = "mpsz".index(ch)
        for d in pending:
            if suit == 3:
                if not 1 <= d <= 7:
                    raise InvalidTilesError(f"'{d}z' is not a tile (honors are 1z-7z) at position {i} in {s!r}")
                counts[26 + d] += 1
            elif d == 0:
                counts[suit * 9 + 4] += 1
                reds[suit] += 1
            else:
                counts[suit * 9 + d - 1] += 1
        pending = []
    if pending:
        raise InvalidTilesError(f"tiles {s!r} end with digits but no suit letter")
    _check(counts)
    return tuple(counts), (reds[0], reds[1], reds[2])


def parse_136(ids, aka: bool = True) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    counts = [0] * 34
    reds = [0, 0, 0]
    seen = set()
    for i, v in enumerate(ids):
        if isinstance(v, bool):
            raise InvalidTilesError(f"136-id {v!r} at index {i} is not an integer in 0..135")
        if not isinstance(v, int):
            try:
                v = operator.index(v)   # numpy integers; floats and strings are not integers
            except TypeError:
                raise InvalidTilesError(f"136-id {v!r} at index {i} is not an integer in 0..135") from None
        if not 0 <= v <= 135:
            raise InvalidTilesError(f"136-id {v} out of range 0..135 at index {i}")
        if v in seen:
            raise InvalidTilesError(f"duplicate 136-id {v} at index {i}")
        seen.add(v)
        counts[v // 4] += 1
        if aka and v in (16, 52, 88):
            reds[(v - 16) // 36] += 1
    _check(counts)
    return tuple(counts), (reds[0], reds[1], reds[2])
