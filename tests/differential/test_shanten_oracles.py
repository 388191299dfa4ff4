"""Native shanten / waits against two independent oracles: the pure-Python reference
(yakuman._reference.shanten) and the xiangting package (4-copy aware, Rust).

CI runs a sample; ``make oracle-full`` sets YAKUMAN_ORACLE_HANDS=2000000 for the full run
(2M random hands against xiangting, a tenth of them against the reference too, plus the crafted
four-of-a-kind-rich single-suit hands). Zero mismatches are allowed.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from yakuman._reference import shanten as ref
from yakuman.batch import shanten_many, waits_many
from yakuman.random import random_hands

xiangting = pytest.importorskip("xiangting")
N = int(os.environ.get("YAKUMAN_ORACLE_HANDS", "60000"))


def _xt(row) -> int:
    return xiangting.calculate_replacement_number(row, xiangting.PlayerCount.FOUR) - 1


def _xt_waits(row) -> int:
    _, mask = xiangting.calculate_necessary_tiles(row, xiangting.PlayerCount.FOUR)
    return mask


def crafted_single_suit(n: int, seed: int, size: int) -> np.ndarray:
    """One-suit hands (plus a few honors) biased towards triplets and quads."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        suit = int(rng.integers(0, 3))
        c = np.zeros(34, dtype=np.int64)
        left = size
        while left > 0:
            k = suit * 9 + int(rng.integers(0, 9)) if rng.random() < 0.9 else 27 + int(rng.integers(0, 7))
            take = min(left, int(rng.choice([1, 2, 3, 4], p=[0.2, 0.2, 0.3, 0.3])), 4 - int(c[k]))
            c[k] += take
            left -= take
        out[i] = c
    return out


def _check(hands: np.ndarray, with_reference: int) -> None:
    got = shanten_many(hands, errors="raise")
    bad = []
    for i, row in enumerate(hands.tolist()):
        want = _xt(row)
        if got[i] != want:
            bad.append((row, int(got[i]), want, "xiangting"))
        if i < with_reference:
            r = ref.shanten(row)
            if got[i] != r:
                bad.append((row, int(got[i]), r, "reference"))
        if len(bad) > 5:
            break
    assert not bad, bad


@pytest.mark.parametrize("size", [13, 14])
def test_random_hands_against_oracles(size):
    _check(random_hands(N, seed=100 + size, size=size), with_reference=N // 10)


@pytest.mark.parametrize("size", [13, 14, 10, 11, 7, 4, 2])
def test_crafted_quad_rich_hands_against_oracles(size):
    n = max(2000, N // 20)
    _check(crafted_single_suit(n, seed=7 * size, size=size), with_reference=n)


@pytest.mark.parametrize("size", [13, 10, 7, 4, 1])
def test_waits_against_oracles(size):
    n = max(2000, N // 10)
    hands = np.concatenate([crafted_single_suit(n, seed=size, size=size), random_hands(n, seed=size, size=size)])
    got = waits_many(hands, errors="raise")
    sh = shanten_many(hands)
    for i, row in enumerate(hands.tolist()):
        if sh[i] == 0:
            # xiangting's necessary tiles for a tenpai hand are exactly its (live) waits
            assert int(got[i]) == _xt_waits(row), row
        else:
            assert int(got[i]) == 0, row
        if i % 10 == 0:
            assert [k for k in range(34) if (int(got[i]) >> k) & 1] == ref.waits(row), row


def test_regular_form_against_reference():
    hands = random_hands(max(3000, N // 20), seed=9, size=13)
    got = shanten_many(hands, form="regular")
    for i, row in enumerate(hands.tolist()):
        assert got[i] == ref.shanten(row, "regular"), row


def special_rich(n: int, seed: int, size: int) -> np.ndarray:
    """Hands biased towards the special forms (kokushi and chiitoitsu near tenpai, and the cases
    where they beat the regular form or tie with it): a third mostly single yaochuu kinds, a
    third mostly pairs (some quads), a third yaochuu-heavy mixes of singles, pairs and triplets."""
    rng = np.random.default_rng(seed)
    yaochuu = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
    modes = {0: (0.95, [0.9, 0.1, 0.0, 0.0]), 1: (0.2, [0.1, 0.8, 0.0, 0.1]), 2: (0.6, [0.4, 0.4, 0.15, 0.05])}
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        p_yaochuu, p_take = modes[i % 3]
        c = np.zeros(34, dtype=np.int64)
        left = size
        while left > 0:
            k = int(rng.choice(yaochuu)) if rng.random() < p_yaochuu else int(rng.integers(0, 34))
            take = min(left, int(rng.choice([1, 2, 3, 4], p=p_take)), 4 - int(c[k]))
            c[k] += take
            left -= take
        out[i] = c
    return out


@pytest.mark.parametrize("size, n", [(14, 8000), (13, 8000), (11, 1500), (10, 1500), (8, 800), (7, 800),
                                     (5, 500), (4, 500), (2, 300), (1, 100)])
def test_batch_forms_against_oracles(size, n):
    """Every form of the batch kernel: the minimum against xiangting, chiitoitsu and kokushi
    against the reference on every hand, the regular form against the reference on a sample,
    and the minimum equal to the minimum of the three forms."""
    hands = np.concatenate([random_hands(n // 2, seed=300 + size, size=size),
                            special_rich(n - n // 2, seed=400 + size, size=size)])
    got = {f: shanten_many(hands, form=f, errors="raise").tolist() for f in ("all", "regular", "chiitoitsu", "kokushi")}
    assert got["all"] == [min(r, c, k) for r, c, k in zip(got["regular"], got["chiitoitsu"], got["kokushi"])]
    rows = hands.tolist()
    assert got["all"] == [_xt(row) for row in rows]
    for form in ("chiitoitsu", "kokushi"):
        assert got[form] == [ref.shanten(row, form) for row in rows], form
    sample = range(0, len(rows), max(1, len(rows) // 120))
    assert [got["regular"][i] for i in sample] == [ref.shanten(rows[i], "regular") for i in sample]
    if size in (13, 14):   # the corpus reaches the special forms' interesting values
        for form in ("chiitoitsu", "kokushi"):
            assert min(got[form]) <= 0 and sum(a == b < got["regular"][i] for i, (a, b) in
                                               enumerate(zip(got[form], got["all"]))) > 50, form
