"""Argument handling shared by the numpy batch calls (yakuman.batch, yakuman.search): the counts
array, the worker count, the meld count, and the per-row status -> error translation.
numpy is imported on first use, so ``import yakuman`` stays light."""

from __future__ import annotations

import os

from yakuman.errors import InvalidArgumentError, InvalidTilesError

__all__ = ["as_list", "as_int", "int_at_least", "as_counts", "n_workers", "melds_arg", "form_arg", "raise_first_bad", "out_arrays", "FORMS"]

FORMS = {"all": 0, "regular": 1, "chiitoitsu": 2, "kokushi": 3}
# row status codes (csrc/ym_shanten.h, csrc/ym_search.h)
_BAD_COPIES, _BAD_COUNT, _BAD_VISIBLE, _BAD_SANMA_TILE = 1, 2, 3, 4


def rep(value) -> str:
    """``repr(value)`` for an error message, never failing (``shown`` without the cut)."""
    try:
        return repr(value)
    except Exception:  # noqa: BLE001 - a message about a bad value must not fail on it
        return (f"<an integer of {value.bit_length()} bits>" if isinstance(value, int)
                else f"<a {type(value).__name__} whose repr fails>")


def shown(value, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters for an error message, never failing: an integer
    too long for ``repr`` (more than 4,300 digits raise ValueError) is named by its size, and an
    object whose own ``__repr__`` fails by its type (``rep``, cut)."""
    r = rep(value)
    return r if len(r) <= limit else r[:limit - 3] + "..."


def as_list(value, what: str, error: type = InvalidArgumentError) -> list:
    """``value`` as a list when it is an iterable other than a string, bytes or a mapping (a
    list, tuple, generator, numpy array, ...), else ``error`` naming ``what``: the check of every
    public argument that takes several items, so that ``None``, a number or an object is the
    library's error, not Python's TypeError from inside the call."""
    if isinstance(value, (str, bytes, bytearray, dict)) or not hasattr(value, "__iter__"):
        raise error(f"{what} must be a sequence, not {type(value).__name__}")
    try:
        return list(value)
    except TypeError as e:   # a 0-d numpy array, an __iter__ that is not one
        raise error(f"{what} must be a sequence, not {type(value).__name__}") from e


def as_counts(a, name: str = "counts"):
    """An (N, 34) C-contiguous uint8 array; values outside 0..4 become 255 so that the row is
    flagged by the native checks, never wrapped into range."""
    import numpy as np

    arr = np.asarray(a)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidTilesError(f"{name} must be an (N, 34) array, not shape {arr.shape}")
    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    if arr.dtype.kind not in "uib":
        raise InvalidTilesError(f"{name} must be integers, not {arr.dtype}")
    return np.ascontiguousarray(np.where((arr < 0) | (arr > 4), 255, arr).astype(np.uint8))


MAX_WORKERS = 1024


def n_workers(workers: int | None) -> int:
    """Threads for a batch call: None or 0 = every core, else 1..MAX_WORKERS."""
    if workers is None:
        return os.cpu_count() or 1
    w = as_int(workers)
    if w is None:
        raise InvalidArgumentError(f"workers must be an integer (None or 0 = every core), not {rep(workers)}")
    if w == 0:
        return os.cpu_count() or 1
    if not 1 <= w <= MAX_WORKERS:
        raise InvalidArgumentError(f"workers must be 1..{MAX_WORKERS} (or None / 0 for every core), not {rep(w)}")
    return w


def as_int(value, low: int | None = None, high: int | None = None) -> int | None:
    """``value`` as an int when it is an integer (Python's or numpy's, not bool) in ``low`` ..
    ``high`` (a bound left None is open), else None: the one integer test behind the argument
    checks, each of which words its own error."""
    if type(value) is bool or not hasattr(value, "__index__"):
        return None
    try:   # a numpy array of more than one element has __index__ and refuses it; an object's
        v = value.__index__()   # own __index__ may raise anything or give back a non-int
    except Exception:  # noqa: BLE001
        return None
    if type(v) is not int:
        return None
    if (low is not None and v < low) or (high is not None and v > high):
        return None
    return v


def flag(value, name: str, error=InvalidArgumentError) -> bool:
    """A yes / no argument: a bool (numpy's too) or the integer 0 or 1, else ``error`` naming it
    (a numpy array, a string or None has no single truth value to take)."""
    if type(value) is bool:
        return value
    if type(value).__name__ == "bool_" and hasattr(value, "item"):   # numpy.bool_
        return bool(value)
    v = as_int(value, 0, 1)
    if v is None:
        raise error(f"{name} must be True or False, not {shown(value, 60)}")
    return bool(v)


def int_at_least(value, low: int, message: str) -> int:
    """``value`` as an int when it is an integer >= ``low`` (:func:`as_int`), else
    InvalidArgumentError(f"{message}, not {value!r}"): the integer options' one check."""
    v = as_int(value, low)
    if v is None:
        raise InvalidArgumentError(f"{message}, not {rep(value)}")
    return v


def form_arg(form) -> int:
    """The code of ``form`` (all, regular, chiitoitsu, kokushi); InvalidArgumentError otherwise."""
    from yakuman._core import form_code

    return form_code(form)


def melds_arg(melds) -> int:
    """The meld count of every row (-1 = infer it from each row's tile count): None or an integer
    0..4 (floats, strings and bools are refused)."""
    if melds is None:
        return -1
    k = as_int(melds)
    if k is None:
        raise InvalidTilesError(f"melds must be an integer 0..4 (or None to infer it per row), not {shown(melds, 60)}")
    if not 0 <= k <= 4:
        raise InvalidTilesError(f"melds must be 0..4, not {rep(k)}")
    return k


def raise_first_bad(status, errors: str, what: str) -> None:
    """errors="raise": raise for the first row with a non-zero status, naming it."""
    import numpy as np

    if not isinstance(errors, str) or errors not in ("status", "raise"):
        raise InvalidArgumentError(f"errors must be 'status' or 'raise', not {shown(errors, 60)}")
    if errors == "status":
        return
    bad = np.flatnonzero(status)
    if bad.size:
        i = int(bad[0])
        if status[i] == _BAD_COPIES:
            raise InvalidTilesError(f"a count outside 0..4 - at counts[{i}]")
        if status[i] == _BAD_SANMA_TILE:
            raise InvalidTilesError(f"a 2m-8m tile in a three-player hand or its visible tiles - at counts[{i}]")
        if status[i] == _BAD_VISIBLE:
            raise InvalidTilesError(f"a visible count outside 0..4, or more than four copies of a kind "
                                    f"in hand and visible tiles - at visible[{i}]")
        raise InvalidTilesError(f"a tile count that fits no {what} - at counts[{i}]")


# an output array of this many bytes and up comes from the pool; a smaller one from np.empty (the
# C heap serves small arrays from pages it keeps: glibc's default mmap threshold is 128 KiB)
POOL_FROM = 128 * 1024
_SPECS: dict = {}


def _spec(spec) -> tuple:
    """(name, dtype, shape, bytes per row) of each output of ``spec``, and the constructors
    out_arrays calls (numpy is imported here, on first use)."""
    import numpy as np

    from yakuman._core import _Block

    items = []
    for name, dt, shape in spec:
        dt, shape = np.dtype(dt), tuple(shape)
        per_row = dt.itemsize
        for d in shape:
            per_row *= d
        items.append((name, dt, shape, per_row))
    return tuple(items), np.empty, np.ndarray, _Block


def out_arrays(spec, n: int) -> dict:
    """A batch call's output arrays, {name: uninitialised array of shape (n, *shape)} in the order
    of ``spec`` = ((name, dtype, shape), ...) (a hashable tuple). An array of POOL_FROM bytes and
    up is the only view of its own block from the native pool, which takes the block back when
    the array dies and lends it to a later output of about its size (no page faults on pages an
    earlier call already mapped: see _core_blocks.pxi); a smaller one is np.empty's. Either way
    the array is independent of the others (keeping one keeps only its own memory), C-contiguous,
    aligned (64 bytes for a pooled one) and writable, as np.empty's."""
    sp = _SPECS.get(spec)
    if sp is None:
        sp = _SPECS[spec] = _spec(spec)
    items, empty, ndarray, block = sp
    return {name: ndarray((n,) + shape, dt, block(per_row * n)) if per_row * n >= POOL_FROM
            else empty((n,) + shape, dt) for name, dt, shape, per_row in items}
