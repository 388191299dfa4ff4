import numpy as np
import pytest

import yakuman
from yakuman import batch
from yakuman.errors import InvalidTilesError
from yakuman.random import random_hands


def test_shanten_many_equals_single_calls():
    hands = np.concatenate([random_hands(3000, seed=1, size=13), random_hands(3000, seed=2, size=14),
                            random_hands(500, seed=3, size=10), random_hands(500, seed=4, size=2)])
    got = batch.shanten_many(hands)
    want = [yakuman.shanten(row.tolist()) for row in hands]
    assert got.tolist() == want
    for form in ("regular", "chiitoitsu", "kokushi"):
        got = batch.shanten_many(hands[:2000], form=form)
        assert got.tolist() == [yakuman.shanten(r.tolist(), form=form) for r in hands[:2000]]


def test_workers_do_not_change_results():
    hands = random_hands(20000, seed=11, size=13)
    one = batch.shanten_many(hands, workers=1)
    assert np.array_equal(one, batch.shanten_many(hands, workers=2))
    assert np.array_equal(one, batch.shanten_many(hands, workers=None))
    w1 = batch.waits_many(hands, workers=1)
    assert np.array_equal(w1, batch.waits_many(hands, workers=2))


def test_malformed_rows_get_a_status_not_an_abort():
    hands = random_hands(10, seed=5, size=13).astype(np.int64)
    hands[3, 0] = 5            # five copies
    hands[6] = 0               # no tiles
    hands[7, 33] = -1          # negative
    hands[8, 2] = 256          # would wrap to 0 in uint8
    sh, st = batch.shanten_many(hands, return_status=True)
    assert st.tolist() == [0, 0, 0, 1, 0, 0, 2, 1, 1, 0]
    assert sh[3] == batch.SHANTEN_INVALID and sh[6] == batch.SHANTEN_INVALID
    good = [i for i in range(10) if st[i] == 0]
    assert sh[good].tolist() == [yakuman.shanten(hands[i].tolist()) for i in good]
    with pytest.raises(InvalidTilesError, match=r"a count outside 0..4 - at counts\[3\]"):
        batch.shanten_many(hands, errors="raise")


def test_agari_and_waits_many():
    hands = random_hands(5000, seed=8, size=14)
    ag = batch.agari_many(hands)
    assert ag.tolist() == [yakuman.is_agari(r.tolist()) for r in hands]
    thirteen = random_hands(5000, seed=9, size=13)
    masks = batch.waits_many(thirteen)
    as_bool = batch.waits_many(thirteen, as_bool=True)
    for i in range(0, 5000, 7):
        names = yakuman.waits(thirteen[i].tolist())
        assert batch.names_of_mask(masks[i]) == names
        assert [yakuman.tiles.TILE_NAMES[k] for k in np.flatnonzero(as_bool[i])] == names
    _, st = batch.waits_many(hands[:3], return_status=True)   # 14 tiles: wrong size for waits
    assert st.tolist() == [2, 2, 2]


def test_shape_and_dtype_errors():
    with pytest.raises(InvalidTilesError, match=r"counts must be an \(N, 34\) array, not shape \(3, 33\)"):
        batch.shanten_many(np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(InvalidTilesError, match="counts must be integers, not float64"):
        batch.shanten_many(np.zeros((3, 34)))
    with pytest.raises(ValueError, match="unknown form"):
        batch.shanten_many(np.zeros((1, 34), dtype=np.uint8), form="x")
    assert batch.shanten_many(np.zeros((0, 34), dtype=np.uint8)).shape == (0,)


def test_random_hands_reproducible():
    a = random_hands(1000, seed=42)
    assert np.array_equal(a, random_hands(1000, seed=42))
    assert (a.sum(axis=1) == 13).all() and a.max() <= 4
    assert not np.array_equal(a, random_hands(1000, seed=43))


def test_mixed_hand_sizes_across_threads():
    """Rows of different sizes (0-4 melds inferred per row) split over threads: each row keeps its
    own meld count (a regression test for a value shared between threads)."""
    parts = [random_hands(20000, seed=40 + s, size=s) for s in (13, 10, 7, 4, 1, 14, 11, 8, 5, 2)]
    hands = np.concatenate(parts)
    np.random.default_rng(3).shuffle(hands)
    want = [yakuman.shanten(r.tolist()) for r in hands[::50]]
    for workers in (1, 2, 4):
        assert batch.shanten_many(hands, workers=workers)[::50].tolist() == want
    thirteen = np.concatenate([p for p in parts if p[0].sum() % 3 == 1])
    w1 = batch.waits_many(thirteen, workers=1)
    assert np.array_equal(w1, batch.waits_many(thirteen, workers=4))
