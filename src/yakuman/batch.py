"""Batch API over numpy arrays: the native loops run without the GIL on ``workers`` threads.

Every function takes ``counts`` as an (N, 34) array of tile counts (any integer dtype; uint8
C-contiguous is used without a copy) and returns arrays. A malformed row never stops the batch:
its status is non-zero (``STATUS_BAD_COPIES``: a count outside 0..4; ``STATUS_BAD_COUNT``: a tile
total that fits no hand) and its result is a sentinel. ``return_status=True`` returns the status
array too; ``errors="raise"`` raises on the first bad row instead, naming it.
Results are identical for every ``workers`` value.
"""

from __future__ import annotations

import os

import numpy as np

from yakuman import _core
from yakuman._core import (
    SHANTEN_INVALID,
    STATUS_BAD_COPIES,
    STATUS_BAD_COUNT,
    STATUS_OK,
    TILE_NAMES,
)
from yakuman.errors import InvalidTilesError

__all__ = [
    "shanten_many",
    "agari_many",
    "waits_many",
    "STATUS_OK",
    "STATUS_BAD_COPIES",
    "STATUS_BAD_COUNT",
    "SHANTEN_INVALID",
]

_FORMS = {"all": 0, "regular": 1, "chiitoitsu": 2, "kokushi": 3}


def _as_counts(counts) -> np.ndarray:
    a = np.asarray(counts)
    if a.ndim != 2 or a.shape[1] != 34:
        raise InvalidTilesError(f"counts must be an (N, 34) array, not shape {a.shape}")
    if a.dtype == np.uint8:
        return np.ascontiguousarray(a)
    if a.dtype.kind not in "uib":
        raise InvalidTilesError(f"counts must be integers, not {a.dtype}")
    # Values outside 0..4 become 255 so that the row is flagged, never wrapped into range.
    return np.ascontiguousarray(np.where((a < 0) | (a > 4), 255, a).astype(np.uint8))


def _workers(workers: int | None) -> int:
    if workers is None or workers == 0:
        return os.cpu_count() or 1
    if workers < 0:
        raise ValueError(f"workers must be >= 1 (or None for all cores), not {workers}")
    return int(workers)


def _melds(melds) -> int:
    if melds is None:
        return -1
    if not 0 <= int(melds) <= 4:
        raise InvalidTilesError(f"melds must be 0..4, not {melds}")
    return int(melds)


def _finish(status: np.ndarray, errors: str, what: str):
    if errors == "raise":
        bad = np.flatnonzero(status)
        if bad.size:
            i = int(bad[0])
            why = "a count outside 0..4" if status[i] == STATUS_BAD_COPIES else f"a tile count that fits no {what}"
            raise InvalidTilesError(f"{why} - at counts[{i}]")
    elif errors != "status":
        raise ValueError(f"errors must be 'status' or 'raise', not {errors!r}")


def shanten_many(counts, *, melds=None, form: str = "all", workers: int | None = 1,
                 return_status: bool = False, errors: str = "status"):
    """Shanten of every row (int8; ``SHANTEN_INVALID`` = 127 on a malformed row)."""
    a = _as_counts(counts)
    if form not in _FORMS:
        raise ValueError(f"unknown form {form!r}: expected one of {', '.join(_FORMS)}")
    out = np.empty(len(a), dtype=np.int8)
    status = np.empty(len(a), dtype=np.uint8)
    _core._shanten_many(a, _FORMS[form], _melds(melds), _workers(workers), out, status)
    _finish(status, errors, "hand")
    return (out, status) if return_status else out


def agari_many(counts, *, melds=None, workers: int | None = 1, return_status: bool = False,
               errors: str = "status"):
    """Whether each 14-3k row is complete (bool)."""
    a = _as_counts(counts)
    out = np.empty(len(a), dtype=np.uint8)
    status = np.empty(len(a), dtype=np.uint8)
    _core._agari_many(a, _melds(melds), _workers(workers), out, status)
    _finish(status, errors, "complete hand")
    res = out.view(np.bool_)
    return (res, status) if return_status else res


def waits_many(counts, *, melds=None, workers: int | None = 1, as_bool: bool = False,
               return_status: bool = False, errors: str = "status"):
    """Waits of each 13-3k row: uint64 bitmask (bit i = kind i), or an (N, 34) bool array."""
    a = _as_counts(counts)
    out = np.empty(len(a), dtype=np.uint64)
    status = np.empty(len(a), dtype=np.uint8)
    _core._waits_many(a, _melds(melds), _workers(workers), out, status)
    _finish(status, errors, "tenpai hand")
    res = ((out[:, None] >> np.arange(34, dtype=np.uint64)) & np.uint64(1)).astype(bool) if as_bool else out
    return (res, status) if return_status else res


def names_of_mask(mask: int) -> list[str]:
    return [TILE_NAMES[i] for i in range(34) if (int(mask) >> i) & 1]
