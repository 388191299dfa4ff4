"""ym_shanten_neighbours, the EV search's shanten of every draw (one tile more) and every discard
(one tile fewer): each entry equals shanten() of the changed hand, for four and three players and
with melds. Expected values come from the per-call shanten, never from the function under test."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import yakuman
from yakuman import _core
from yakuman.random import random_hands


def _check(counts, n_melds, sanma, delta):
    got = _core._shanten_neighbours(bytes(counts), n_melds, sanma, delta)
    for k in range(34):
        if not 0 <= counts[k] + delta <= 4:
            assert got[k] is None
            continue
        c = list(counts)
        c[k] += delta
        want = yakuman.shanten(c, melds=n_melds, players=3 if sanma else None) if not (sanma and 1 <= k <= 7) else None
        if want is not None:
            assert got[k] == want, (counts, k, delta)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**31), size=st.sampled_from([13, 10, 7, 4, 1]), sanma=st.booleans())
def test_draws_and_discards_equal_shanten(seed, size, sanma):
    n_melds = (13 - size) // 3
    rng = np.random.default_rng(seed)
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    wall = np.repeat(kinds, 4)
    rng.shuffle(wall)
    c13 = np.bincount(wall[:size], minlength=34).tolist()
    _check(c13, n_melds, sanma, +1)          # draws from a 13-3k hand
    c14 = np.bincount(wall[:size + 1], minlength=34).tolist()
    _check(c14, n_melds, sanma, -1)          # discards from a 14-3k hand


def test_exact_values_of_a_fixed_hand():
    # 123m456p789s11z + 23z: 1-shanten; drawing 2z, 3z (a second pair) or 1z (a triplet of
    # East, 2z 3z floating) makes it tenpai; 9m keeps it at 1
    c = [0] * 34
    for k in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 29):
        c[k] += 1
    got = _core._shanten_neighbours(bytes(c), 0, False, +1)
    assert yakuman.shanten(c) == 1
    assert got[28] == 0 and got[29] == 0 and got[27] == 0 and got[8] == 1 and got[33] == 1


def test_many_random_hands_both_ways():
    rows = random_hands(400, seed=7, size=13)
    for row in rows:
        _check(row.tolist(), 0, False, +1)
    rows = random_hands(400, seed=8, size=14)
    for row in rows:
        _check(row.tolist(), 0, False, -1)
