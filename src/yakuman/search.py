"""AI-search helpers at native speed: ukeire, discard analysis, incremental shanten, batch forms.

Definitions (all 4-copy aware, as ``yakuman.shanten``):
- ``ukeire(hand13, visible=...)``: the kinds whose draw lowers the shanten of a 13-3k hand (of the
  chosen ``form``), each with its copies left = 4 - held - visible. A kind with no copy left
  (all four held or visible) is never listed and counts 0. ``visible`` = tiles seen outside the
  hand (discards, called melds, dora indicators), in any tile form; hand + visible may hold at
  most four copies of a kind.
- ``discard_analysis(hand14, visible=...)``: for every distinct held kind of a 14-3k hand, the
  shanten after discarding it and the ukeire of what is left, with the discarded copy counted
  as seen (copies left = 4 - held in the 14-3k hand - visible). Sorted best first: lower
  shanten, then more copies left, then kind order.
- ``ShantenState``: a hand under draw/discard whose shanten is kept by part classes and
  counters (O(1) per step; equal to ``yakuman.shanten`` after every step, tested).
- ``ukeire_many`` / ``discard_analysis_many``: the same over (N, 34) count arrays (and optional
  (N, 34) visible counts), looped in C without the GIL on ``workers`` threads; identical results
  for every ``workers``. A malformed row never stops the batch: its status is non-zero
  (``STATUS_BAD_COPIES``, ``STATUS_BAD_COUNT``, ``STATUS_BAD_VISIBLE``) and its outputs are
  sentinels (shanten ``SHANTEN_INVALID`` = 127, nothing effective).

k called melds are read from the tile count (13-3k / 14-3k) unless ``melds`` is given;
chiitoitsu and kokushi apply only when k = 0. The kernels are csrc/ym_search.c.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

from yakuman import _core
from yakuman._core import (
    SHANTEN_INVALID,
    STATUS_BAD_COPIES,
    STATUS_BAD_COUNT,
    STATUS_BAD_VISIBLE,
    STATUS_OK,
    DiscardOption,
    ShantenState,
    Ukeire,
    discard_analysis,
    ukeire,
)
from yakuman.errors import InvalidTilesError

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "SHANTEN_INVALID",
    "STATUS_BAD_COPIES",
    "STATUS_BAD_COUNT",
    "STATUS_BAD_VISIBLE",
    "STATUS_OK",
    "DiscardAnalysisMany",
    "DiscardOption",
    "ShantenState",
    "Ukeire",
    "UkeireMany",
    "discard_analysis",
    "discard_analysis_many",
    "ukeire",
    "ukeire_many",
]

_FORMS = {"all": 0, "regular": 1, "chiitoitsu": 2, "kokushi": 3}
MAX_DISCARDS = 14


class UkeireMany(NamedTuple):
    """Batch ukeire: ``shanten`` int8 (N,), ``left`` uint8 (N, 34) copies left of each effective
    kind (0 elsewhere), ``total`` int16 (N,) = left.sum(axis=1), ``status`` uint8 (N,)."""

    shanten: np.ndarray
    left: np.ndarray
    total: np.ndarray
    status: np.ndarray


class DiscardAnalysisMany(NamedTuple):
    """Batch discard analysis, 14 slots per row sorted best first: ``n`` uint8 (N,) distinct
    discards; ``tile`` int8 (N, 14) discarded kind (-1 = empty slot); ``shanten`` int8 (N, 14)
    after the discard (127 = empty); ``total`` int16 (N, 14) copies left over the effective
    kinds; ``mask`` uint64 (N, 14) effective kinds (bit i = kind i); ``status`` uint8 (N,)."""

    n: np.ndarray
    tile: np.ndarray
    shanten: np.ndarray
    total: np.ndarray
    mask: np.ndarray
    status: np.ndarray


def _as_counts(a, name: str) -> np.ndarray:
    import numpy as np  # imported on first batch call: keeps `import yakuman` light

    arr = np.asarray(a)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidTilesError(f"{name} must be an (N, 34) array, not shape {arr.shape}")
    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    if arr.dtype.kind not in "uib":
        raise InvalidTilesError(f"{name} must be integers, not {arr.dtype}")
    # Out-of-range values become 255 so that the row is flagged, never wrapped into range.
    return np.ascontiguousarray(np.where((arr < 0) | (arr > 4), 255, arr).astype(np.uint8))


def _inputs(counts, visible, melds, form: str, workers: int | None):
    a = _as_counts(counts, "counts")
    v = None
    if visible is not None:
        v = _as_counts(visible, "visible")
        if v.shape[0] != a.shape[0]:
            raise InvalidTilesError(f"visible has {v.shape[0]} rows, counts has {a.shape[0]}")
    if form not in _FORMS:
        raise ValueError(f"unknown form {form!r}: expected one of {', '.join(_FORMS)}")
    if melds is None:
        k = -1
    elif not 0 <= int(melds) <= 4:
        raise InvalidTilesError(f"melds must be 0..4, not {melds}")
    else:
        k = int(melds)
    if workers is None or workers == 0:
        w = os.cpu_count() or 1
    elif workers < 0:
        raise ValueError(f"workers must be >= 1 (or None for all cores), not {workers}")
    else:
        w = int(workers)
    return a, v, _FORMS[form], k, w


def _finish(status: np.ndarray, errors: str, what: str) -> None:
    if errors == "status":
        return
    if errors != "raise":
        raise ValueError(f"errors must be 'status' or 'raise', not {errors!r}")
    bad = status.nonzero()[0]
    if bad.size:
        i = int(bad[0])
        if status[i] == STATUS_BAD_COPIES:
            raise InvalidTilesError(f"a count outside 0..4 - at counts[{i}]")
        if status[i] == STATUS_BAD_VISIBLE:
            raise InvalidTilesError(f"a visible count outside 0..4, or more than four copies of a kind "
                                    f"in hand and visible tiles - at visible[{i}]")
        raise InvalidTilesError(f"a tile count that fits no {what} - at counts[{i}]")


def ukeire_many(counts, visible=None, *, melds=None, form: str = "all", workers: int | None = 1,
                errors: str = "status") -> UkeireMany:
    """Ukeire of every 13-3k row (see the module docstring); ``errors="raise"`` raises on the
    first malformed row instead of flagging it."""
    import numpy as np

    a, v, f, k, w = _inputs(counts, visible, melds, form, workers)
    n = len(a)
    out = UkeireMany(np.empty(n, np.int8), np.empty((n, 34), np.uint8), np.empty(n, np.int16),
                     np.empty(n, np.uint8))
    _core._ukeire_many(a, v, f, k, w, out.shanten, out.left, out.total, out.status)
    _finish(out.status, errors, "ukeire hand (13-3k tiles)")
    return out


def discard_analysis_many(counts, visible=None, *, melds=None, form: str = "all",
                          workers: int | None = 1, errors: str = "status") -> DiscardAnalysisMany:
    """Discard analysis of every 14-3k row (see the module docstring and DiscardAnalysisMany)."""
    import numpy as np

    a, v, f, k, w = _inputs(counts, visible, melds, form, workers)
    n = len(a)
    out = DiscardAnalysisMany(np.empty(n, np.uint8), np.empty((n, MAX_DISCARDS), np.int8),
                              np.empty((n, MAX_DISCARDS), np.int8), np.empty((n, MAX_DISCARDS), np.int16),
                              np.empty((n, MAX_DISCARDS), np.uint64), np.empty(n, np.uint8))
    _core._discard_analysis_many(a, v, f, k, w, out.n, out.tile, out.shanten, out.total, out.mask, out.status)
    _finish(out.status, errors, "hand that discards (14-3k tiles)")
    return out
