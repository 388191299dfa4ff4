"""The fast paths of shanten: the fused batch row (validation and shanten over one load of the
counts) and the per-call reading of lists of small ints. Expected values come from the
pure-Python reference and from a row check written here in Python, never from the paths
under test."""

import numpy as np
import pytest

import yakuman
from yakuman import batch
from yakuman._reference import shanten as ref
from yakuman._reference import tiles as ref_tiles
from yakuman.errors import InvalidTilesError
from yakuman.random import random_hands

FORMS = ("all", "regular", "chiitoitsu", "kokushi")


def _status(row, melds, sanma):
    """The batch row check, written out: copies, then 2m-8m with three players, then the total."""
    if any(v > 4 for v in row):
        return batch.STATUS_BAD_COPIES
    if sanma and any(row[1:8]):
        return batch.STATUS_BAD_SANMA_TILE
    total = sum(row)
    if total < 1 or total > 14 or total % 3 == 0:
        return batch.STATUS_BAD_COUNT
    if melds is not None and melds != (14 - total) // 3:
        return batch.STATUS_BAD_COUNT
    return batch.STATUS_OK


def _corrupted_rows(n, seed):
    """uint8 rows: real hands of every size, some with one byte set to a bad value (5..255, the
    high ones included: a byte above 0x84 carries in a word-wide add), some emptied, some with
    2m-8m removed (valid three-player rows)."""
    rng = np.random.default_rng(seed)
    sizes = (14, 13, 11, 10, 8, 7, 5, 4, 2, 1)
    rows = np.concatenate([random_hands(n // len(sizes), seed=seed + s, size=s) for s in sizes])
    rng.shuffle(rows)
    m = len(rows)
    bad = rng.random(m) < 0.15
    rows[bad, rng.integers(0, 34, bad.sum())] = rng.choice([5, 6, 7, 0x7F, 0x80, 0x84, 0x85, 0xFE, 0xFF], bad.sum())
    rows[rng.random(m) < 0.02] = 0
    plus = rng.random(m) < 0.05
    rows[plus, rng.integers(0, 34, plus.sum())] += 1   # a tile too many or a kind at five copies
    sanma = rng.random(m) < 0.3
    rows[np.ix_(sanma, np.arange(1, 8))] = 0
    return np.ascontiguousarray(rows.astype(np.uint8))


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("melds", [None, 0, 1, 3])
def test_batch_status_equals_the_row_check(players, melds):
    rows = _corrupted_rows(4000, seed=31 + players + 7 * (melds or 0))
    sanma = players == 3
    want = [_status(r.tolist(), melds, sanma) for r in rows]
    assert set(want) >= {0, 1, 2} and (not sanma or 4 in want)
    for form in FORMS:
        sh, st = batch.shanten_many(rows, form=form, melds=melds, players=players, return_status=True)
        assert st.tolist() == want
        assert all(sh[i] == batch.SHANTEN_INVALID for i in range(len(rows)) if want[i] != 0)
        ok = [i for i in range(len(rows)) if want[i] == 0]
        # the general per-call path (numpy rows are read item by item, not by the fast path)
        assert sh[ok].tolist() == [yakuman.shanten(rows[i], form=form, players=players) for i in ok]


@pytest.mark.parametrize("form", FORMS)
def test_batch_equals_the_reference(form):
    rows = _corrupted_rows(600, seed=5)
    sh, st = batch.shanten_many(rows, form=form, return_status=True)
    ok = np.flatnonzero(st == 0)
    assert len(ok) > 300
    assert sh[ok].tolist() == [ref.shanten(rows[i].tolist(), form=form) for i in ok]


def test_per_call_lists_equal_the_reference():
    hands = np.concatenate([random_hands(150, seed=s, size=z) for s, z in ((1, 13), (2, 14), (3, 10), (4, 7), (5, 2))])
    for row in hands:
        counts = row.tolist()
        ids = yakuman.tiles.to_136(counts)
        assert ref_tiles.parse_136(ids)[0] == tuple(counts)
        mpsz = yakuman.tiles.to_mpsz(counts)
        for form in FORMS:
            want = ref.shanten(counts, form=form)
            got = {yakuman.shanten(x, form=form) for x in (counts, tuple(counts), ids, tuple(ids), mpsz)}
            assert got == {want}, (counts, form)
        # the general path (explicit melds, players) agrees with the fast path
        k = (14 - sum(counts)) // 3
        assert yakuman.shanten(ids, melds=k, players=4) == ref.shanten(counts)


@pytest.mark.parametrize(
    "tiles, message",
    [
        ([True] + [1] * 12 + [0] * 21, "count True of 1m is not an integer"),
        ([1.0] + [1] * 12 + [0] * 21, "count 1.0 of 1m is not an integer"),
        ([2**70] + [1] * 12 + [0] * 21, "1180591620717411303424 copies of 1m"),
        ([-1, 2] + [1] * 11 + [0] * 21, "negative count -1 of 1m"),
        ([5] + [1] * 8 + [0] * 25, "five copies of 1m"),
        ([1] * 12 + [0] * 22, "12 tiles given"),
        ([0] * 34, "0 tiles given"),
        (list(range(12)) + [11], "duplicate 136-id 11 at index 12"),
        (list(range(12)) + [136], "136-id 136 out of range 0..135 at index 12"),
        (list(range(12)) + [-1], "136-id -1 out of range 0..135 at index 12"),
        (list(range(12)) + [300], "136-id 300 out of range 0..135 at index 12"),
        (list(range(12)) + [True], "136-id True at index 12 is not an integer in 0..135"),
        (list(range(12)) + [3.0], "136-id 3.0 at index 12 is not an integer in 0..135"),
        (list(range(12)), "12 tiles given"),
        ([], "0 tiles given"),
    ],
)
def test_fast_path_declines_and_the_error_is_worded(tiles, message):
    for container in (list, tuple):
        with pytest.raises(InvalidTilesError, match=message.replace("(", r"\(").replace(".", r"\.")):
            yakuman.shanten(container(tiles))


def test_non_python_ints_take_the_general_path():
    counts = random_hands(1, seed=9, size=13)[0].tolist()
    ids = yakuman.tiles.to_136(counts)
    want = ref.shanten(counts)
    assert yakuman.shanten([np.int64(v) for v in counts]) == want
    assert yakuman.shanten([np.int16(v) for v in ids]) == want
    assert yakuman.shanten(np.array(ids)) == want
    with pytest.raises(InvalidTilesError, match="2m in the hand"):
        yakuman.shanten([1, 1, 1] + [0] * 6 + [3, 3, 3, 1] + [0] * 21, players=3)


def _fill(rng, row, size, kinds):
    """row (34 counts) completed to size tiles with random kinds out of kinds, at most 4 copies
    each."""
    while row.sum() < size:
        k = rng.choice(kinds)
        if row[k] < 4:
            row[k] += 1
    return row


def _split_counts(rng, total, n):
    """n counts 0..4 with the given total (total <= 4 n), uniformly placed tile by tile."""
    c = np.zeros(n, dtype=np.uint8)
    while c.sum() < total:
        k = rng.integers(0, n)
        if c[k] < 4:
            c[k] += 1
    return c


def _rare_part_hands(seed):
    """Hands reaching the parts random hands rarely hold: for every suit and every split of up
    to 14 tiles into ranks 1-5 (t5) and 6-9 (t4), one hand holding exactly that in the suit,
    and for every honor shape (kinds held once, twice, three and four times; at most 14
    tiles) one hand holding it; the rest random, 14 or 13 - 3k tiles in all."""
    rng = np.random.default_rng(seed)
    rows = []
    sizes = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
    for suit in range(3):
        for t5 in range(15):
            for t4 in range(15 - t5):
                row = np.zeros(34, dtype=np.uint8)
                row[9 * suit:9 * suit + 5] = _split_counts(rng, t5, 5)
                row[9 * suit + 5:9 * suit + 9] = _split_counts(rng, t4, 4)
                others = [k for k in range(34) if k // 9 != suit]
                rows.append(_fill(rng, row, rng.choice([s for s in sizes if s >= t5 + t4]), others))
    for n4 in range(4):
        for n3 in range(5 - n4):
            for n2 in range(8 - n4 - n3):
                for n1 in range(8 - n4 - n3 - n2):
                    counts = [4] * n4 + [3] * n3 + [2] * n2 + [1] * n1
                    if sum(counts) > 14 or len(counts) > 7:
                        continue
                    row = np.zeros(34, dtype=np.uint8)
                    row[27 + rng.permutation(7)[:len(counts)]] = counts
                    size = 14 if sum(counts) > 11 else 13
                    rows.append(_fill(rng, row, size, list(range(27))))  # the honors stay as built
    return np.ascontiguousarray(np.array(rows, dtype=np.uint8))


@pytest.mark.parametrize("form", FORMS)
def test_batch_over_rare_suit_and_honor_parts_equals_the_reference(form):
    rows = _rare_part_hands(seed=77)
    assert len(rows) > 300
    sh, st = batch.shanten_many(rows, form=form, return_status=True)
    assert not st.any()
    assert sh.tolist() == [ref.shanten(r.tolist(), form=form) for r in rows]
