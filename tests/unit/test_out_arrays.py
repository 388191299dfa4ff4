"""The batch calls' output arrays (yakuman._arrays.out_arrays and the native block pool of
_core_blocks.pxi): the arrays are np.empty's equals (shapes, dtypes, alignment, writable, no
overlap), a block is recycled only after its array dies, the pool stays bounded, and a recycled
block's old bytes never reach a result."""

import gc

import numpy as np
import pytest

from yakuman import _core
from yakuman._arrays import POOL_FROM, out_arrays
from yakuman.batch import _columns, agari_many, score_many, shanten_many, waits_many
from yakuman.random import random_hands, winning_hands
from yakuman.search import MAX_DISCARDS, discard_analysis_many, ukeire_many

SPEC = (("a", np.uint8, ()), ("b", np.int16, (3,)), ("c", np.uint64, ()), ("d", np.int8, (34,)),
        ("e", np.int32, ()))


@pytest.fixture(autouse=True)
def _empty_pool():
    gc.collect()
    _core._pool_clear()
    yield
    gc.collect()
    _core._pool_clear()


@pytest.mark.parametrize("n", [0, 1, 7, POOL_FROM // 34 - 1, POOL_FROM // 34, POOL_FROM // 8, POOL_FROM, 20_011])
def test_arrays_are_like_np_empty(n):
    out = out_arrays(SPEC, n)
    assert list(out) == [name for name, _, _ in SPEC]
    spans = []
    for (name, dt, shape), arr in zip(SPEC, out.values()):
        assert arr.dtype == np.dtype(dt) and arr.shape == (n,) + shape, name
        assert arr.flags.c_contiguous and arr.flags.writeable and arr.flags.aligned, name
        assert arr.ctypes.data % np.dtype(dt).itemsize == 0, name
        spans.append((arr.ctypes.data, arr.ctypes.data + arr.nbytes))
    # no two arrays share a byte: fill each with its own value, then read every one back
    for k, arr in enumerate(out.values()):
        arr[...] = k + 1
    for k, arr in enumerate(out.values()):
        assert (arr == k + 1).all()
    spans.sort()
    assert all(e0 <= s1 for (_, e0), (s1, _) in zip(spans, spans[1:]))
    for arr in out.values():   # its own block when large enough, else np.empty's
        assert isinstance(arr.base, _core._Block) == (arr.nbytes >= POOL_FROM), arr.nbytes
        if arr.nbytes >= POOL_FROM:
            assert arr.ctypes.data % 64 == 0 and memoryview(arr.base).nbytes == arr.nbytes


def test_a_block_returns_to_the_pool_when_its_array_dies():
    n = 50_000
    out = out_arrays(SPEC, n)
    keep = out["d"][7:9]                            # a view of one array keeps its block
    pooled = [name for name, arr in out.items() if arr.nbytes >= POOL_FROM and name != "d"]
    del out
    gc.collect()
    assert _core._pool_state()[0] == len(pooled)    # the others came back, "d" did not
    keep[...] = 9
    other = out_arrays(SPEC, n)                     # must not be handed the live block
    assert _core._pool_state()[0] == 0
    for arr in other.values():
        arr[...] = 0
    assert (keep == 9).all()
    del keep
    gc.collect()
    blocks, size, _ = _core._pool_state()
    assert blocks == 1 and size == n * 34
    again = out_arrays(SPEC, n)                     # takes it back
    assert _core._pool_state()[0] == 0
    del again, other


def test_the_pool_is_bounded_and_never_hands_out_a_far_bigger_block():
    slots, limit = _core._POOL_LIMITS
    sizes = [300_000 + k for k in range(slots + 3)]
    held = [_core._Block(s) for s in sizes]
    while held:                                      # die (and are pooled) in this order
        held.pop(0)
    n, total, pooled = _core._pool_state()
    assert n == slots and pooled == sizes[-slots:] and total == sum(pooled)   # the oldest freed
    small = _core._Block(100_000)                   # 300 KB is more than twice 100 KB + 64 KiB
    assert _core._pool_state()[0] == slots
    fit = _core._Block(sizes[-slots] - 10)           # every pooled block fits: the smallest is taken
    n, total, pooled = _core._pool_state()
    assert n == slots - 1 and pooled == sizes[-slots + 1:]
    view = memoryview(fit)
    assert view.nbytes == sizes[-slots] - 10 and not view.readonly and view.format == "B"
    view.release()
    with pytest.raises(Exception, match="negative"):
        _core._Block(-1)
    del small, fit
    gc.collect()
    # bytes: blocks up to the limit are kept, the oldest freed first; a block above it is freed
    _core._pool_clear()
    big = [_core._Block(limit // 3) for _ in range(4)]
    while big:
        big.pop(0)
    n, total, _ = _core._pool_state()
    assert n == 3 and total <= limit
    huge = _core._Block(limit + 1)
    del huge
    assert _core._pool_state()[0] == 3 and _core._pool_state()[1] <= limit


def _copy(out):
    if isinstance(out, tuple):
        return tuple(np.array(a) for a in out)
    return np.array(out)


def _arrays(out):
    return out if isinstance(out, tuple) else (out,)


def _in_block(a) -> bool:
    """Whether the array is (a view of) a pooled block."""
    while a is not None and not isinstance(a, _core._Block):
        a = getattr(a, "base", None)
    return a is not None


def test_a_recycled_blocks_bytes_never_reach_a_result():
    """Every batch call writes each output byte of each row: results out of poisoned recycled
    blocks equal results out of fresh memory (malformed rows and empty slots included)."""
    n = POOL_FROM + 1                         # every output array (1 byte a row and up) pooled
    cols = _columns(winning_hands(n, seed=5))
    cols["flags"][::97] |= 1 << 11          # an unknown flag bit: status 4
    cols["counts"][1::89, 0] = 5             # a count above 4: status 4
    hands = random_hands(n, seed=6, size=13)
    fourteen = random_hands(n, seed=7, size=14)
    for h in (hands, fourteen):
        h[::53, 3] = 7                        # malformed rows of the hand-only calls
    calls = {
        "score_many": lambda: tuple(score_many(cols)._data.values()),
        "shanten_many": lambda: shanten_many(hands, return_status=True),
        "agari_many": lambda: agari_many(fourteen, return_status=True),
        "waits_many": lambda: waits_many(hands, return_status=True),
        "ukeire_many": lambda: tuple(ukeire_many(hands)),
        "discard_analysis_many": lambda: tuple(discard_analysis_many(fourteen)),
    }
    for name, call in calls.items():
        _core._pool_clear()
        out = call()
        fresh = _copy(out)
        blocks = sum(_in_block(a) for a in _arrays(out))
        assert blocks == len(_arrays(out)), name
        for a in _arrays(out):                # poison the blocks, then let them go to the pool
            a.view(np.uint8)[...] = 0xA5
        del out, a
        gc.collect()
        assert _core._pool_state()[0] == blocks, name
        out = call()
        assert _core._pool_state()[0] == 0, name      # every poisoned block was taken
        for x, y in zip(fresh, _copy(out)):
            np.testing.assert_array_equal(x, y, err_msg=name)
        del out
