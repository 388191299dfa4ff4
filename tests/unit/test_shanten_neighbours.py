"""ym_shanten_neighbours, the EV search's shanten of every draw (one tile more) and every discard
(one tile fewer): each entry equals shanten() of the changed hand, for four and three players and
with melds. Expected values come from the per-call shanten, never from the function under test."""

import numpy as np
import pytest
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



def _lowering_superset(counts, n_melds, sanma):
    """Every draw outside ym_ev_lowering_kinds leaves the shanten where it is (never lower)."""
    b = yakuman.shanten(counts, melds=n_melds, players=3 if sanma else None)
    if b < 0:
        return 0
    keep = set(_core._ev_lowering_kinds(bytes(counts), n_melds, b))
    after = _core._shanten_neighbours(bytes(counts), n_melds, sanma, +1)
    checked = 0
    for k in range(34):
        if k in keep or after[k] is None or (sanma and 1 <= k <= 7):
            continue
        assert after[k] >= b, (counts, n_melds, sanma, k, after[k], b)
        checked += 1
    return checked


def _near_complete(rng, n_melds, sanma, removed):
    """A complete 14-3k hand (a pair and sets) less ``removed`` tiles, or None."""
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    c = [0] * 34
    c[kinds[rng.integers(len(kinds))]] += 2
    for _ in range(4 - n_melds):
        if not sanma and rng.random() < 0.5:
            k = 9 * int(rng.integers(3)) + int(rng.integers(7))
            for j in range(3):
                c[k + j] += 1
        else:
            c[kinds[rng.integers(len(kinds))]] += 3
    if max(c) > 4:
        return None
    for _ in range(removed):
        held = [k for k in range(34) if c[k]]
        c[held[rng.integers(len(held))]] -= 1
    return c


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**31), size=st.sampled_from([13, 10, 7, 4, 1]), sanma=st.booleans())
def test_the_search_skips_only_draws_that_cannot_lower_the_shanten(seed, size, sanma):
    """The EV search's draw filter (a draw far from every held tile; at tenpai a draw outside the
    suits whose tile count is not a multiple of three) on a random hand and on hands one and two
    tiles from complete, where it prunes most."""
    n_melds = (13 - size) // 3
    rng = np.random.default_rng(seed)
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    wall = np.repeat(kinds, 4)
    rng.shuffle(wall)
    _lowering_superset(np.bincount(wall[:size], minlength=34).tolist(), n_melds, sanma)
    for removed in (1, 2):
        c = _near_complete(rng, n_melds, sanma, removed)
        if c is not None and removed == 2:   # 12-3k tiles: one more, a hand one draw from its size
            c[kinds[rng.integers(len(kinds))]] += 1
            c = c if max(c) <= 4 else None
        if c is not None:
            _lowering_superset(c, n_melds, sanma)


@pytest.mark.parametrize("hand,melds,every", [
    ("555p7777z", 2, True),      # four whites: a new kind becomes the pair's wait, so any draw lowers it
    ("1112345678999m", 0, False),   # nine waits, all in the man suit
    ("123456789m1122p", 0, False),
])
def test_a_hand_holding_four_copies_may_lower_with_any_draw(hand, melds, every):
    c = yakuman.tiles.to_counts(hand)
    b = yakuman.shanten(c, melds=melds)
    got = _core._ev_lowering_kinds(bytes(c), melds, b)
    assert (len(got) == 34) is every
    assert (_lowering_superset(c, melds, False) == 0) is every   # draws skipped, each checked
    if hand == "555p7777z":   # the case itself: b = 1, and a far draw (9s) makes it tenpai
        c2 = list(c)
        c2[26] += 1
        assert b == 1 and yakuman.shanten(c2, melds=melds) == 0
