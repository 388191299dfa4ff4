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




def _check_lowering(counts, n_melds, sanma):
    """ym_shanten_lowering gives exactly the draws whose shanten (from the per-call shanten) is
    below the hand's, each with that shanten. Returns how many draws lower it."""
    b = yakuman.shanten(counts, melds=n_melds, players=3 if sanma else None)
    if b < 0:
        return 0
    got = _core._shanten_lowering(bytes(counts), n_melds, sanma, b)
    want = {}
    for k in range(34):
        if counts[k] >= 4 or (sanma and 1 <= k <= 7):
            continue
        c = list(counts)
        c[k] += 1
        s = yakuman.shanten(c, melds=n_melds, players=3 if sanma else None)
        if s < b:
            want[k] = s
    if sanma:   # 2m-8m: never asked for by the search (no such tiles)
        got = {k: v for k, v in got.items() if not 1 <= k <= 7}
    assert got == want, (counts, n_melds, sanma, b)
    return len(want)


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


def _random_start(seed, size, sanma):
    """A generator, the kinds of the player count, and a random hand of ``size`` tiles from a
    shuffled wall of them."""
    rng = np.random.default_rng(seed)
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    wall = np.repeat(kinds, 4)
    rng.shuffle(wall)
    return rng, kinds, np.bincount(wall[:size], minlength=34).tolist()


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**31), size=st.sampled_from([13, 10, 7, 4, 1]), sanma=st.booleans())
def test_lowering_draws_are_the_draws_whose_shanten_is_lower(seed, size, sanma):
    """On a random hand, and on hands one and two tiles from complete (the search's tenpai and
    1-shanten states, where few draws lower the shanten)."""
    n_melds = (13 - size) // 3
    rng, kinds, hand = _random_start(seed, size, sanma)
    _check_lowering(hand, n_melds, sanma)
    for removed in (1, 2):
        c = _near_complete(rng, n_melds, sanma, removed)
        if c is not None and removed == 2:   # one more tile: a hand of the size again
            c[kinds[rng.integers(len(kinds))]] += 1
            c = c if max(c) <= 4 else None
        if c is not None:
            _check_lowering(c, n_melds, sanma)


@pytest.mark.parametrize("hand,melds,lowering", [
    # four whites and a set: the pair may wait only on a new kind, so a draw far from every held
    # tile (9s, an honor) makes it tenpai
    ("555p7777z", 2, 34 - 2 - 7 * 0),
    ("1112345678999m", 0, 9),        # the nine waits of a pure nine gates, all in the man suit
    ("123456789m1122p", 0, 2),       # 1p and 2p
    ("19m19p19s1234567z", 0, 13),    # thirteen orphans, thirteen waits
    ("11223344556677z", 0, 0),       # complete (seven pairs): nothing lowers it
    ("112m3344p5566s77z", 0, 1),     # seven pairs' wait 2m in a suit of three tiles (no regular win there)
    ("123m111p456s11222z", 0, 2),    # 1z and 2z (a part of five tiles); the man and sou runs add none
    ("119m19p19s234567z", 0, 1),     # thirteen orphans' wait 1z in a part of six tiles (a new yaochuu kind)
    ("119m19p19s12345z5m", 0, 2),    # 1-shanten: 6z and 7z, which lower only thirteen orphans
])
def test_lowering_draws_of_fixed_hands(hand, melds, lowering):
    c = yakuman.tiles.to_counts(hand)
    if sum(c) + 3 * melds == 14:
        assert yakuman.shanten(c, melds=melds) == -1
        return
    assert _check_lowering(c, melds, False) == lowering


def _check_keeping(counts, n_melds, sanma):
    """ym_shanten_keeping gives exactly the discards whose shanten (from the per-call shanten)
    equals the hand's, each with it. Returns how many discards keep it."""
    a = yakuman.shanten(counts, melds=n_melds, players=3 if sanma else None)
    got = _core._shanten_keeping(bytes(counts), n_melds, sanma, a)
    want = {}
    for k in range(34):
        if not counts[k]:
            continue
        c = list(counts)
        c[k] -= 1
        if yakuman.shanten(c, melds=n_melds, players=3 if sanma else None) == a:
            want[k] = a
    assert got == want, (counts, n_melds, sanma, a)
    return len(want)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**31), size=st.sampled_from([14, 11, 8, 5, 2]), sanma=st.booleans())
def test_keeping_discards_are_the_discards_whose_shanten_is_the_same(seed, size, sanma):
    """On a random 14-3k hand, and on complete hands and hands one or two tiles from complete
    with a tile more (the search's discard states near tenpai, where few discards keep it)."""
    n_melds = (14 - size) // 3
    rng, kinds, hand = _random_start(seed, size, sanma)
    _check_keeping(hand, n_melds, sanma)
    for removed in (0, 1, 2):
        c = _near_complete(rng, n_melds, sanma, removed)
        for _ in range(removed if c is not None else 0):
            c[kinds[rng.integers(len(kinds))]] += 1
        if c is not None and max(c) <= 4:
            _check_keeping(c, n_melds, sanma)


@pytest.mark.parametrize("hand,melds,keeping", [
    ("123456789m1p2399s", 0, ["1p"]),              # tenpai after the floating 1p goes
    ("1112345678999m1p", 0, ["2m", "5m", "8m", "1p"]),   # nine gates' shape: 2m, 5m, 8m leave a 1p wait
    ("19m19p19s123456z55m", 0, ["5m"]),            # thirteen orphans, 1-shanten: only 5m keeps it
    ("135m258p369s12345z", 0, ["1m", "3m", "5m", "2p", "5p", "8p", "3s", "6s", "9s",
                               "1z", "2z", "3z", "4z", "5z"]),   # 6-shanten (special forms): every one
    ("19m19p19s1234567z1m", 0, []),                # complete: a discard never keeps -1
    ("55667789p", 2, ["5p", "6p", "7p", "8p", "9p"]),   # two melds: five shapes of tenpai
    ("234p567s1z2z", 2, ["1z", "2z"]),             # two melds: a tanki on the other honor
])
def test_keeping_discards_of_fixed_hands(hand, melds, keeping):
    """The discards that keep the shanten, by name (each also checked against shanten())."""
    c = yakuman.tiles.to_counts(hand)
    assert _check_keeping(c, melds, False) == len(keeping)
    a = yakuman.shanten(c, melds=melds)
    got = _core._shanten_keeping(bytes(c), melds, False, a)
    assert sorted(got) == sorted(yakuman.tiles.to_counts(t).index(1) for t in keeping)


def _special_near(rng, sanma, n_tiles):
    """A closed hand of ``n_tiles`` tiles near a special form: 2-6 pairs (seven pairs) or many
    terminal and honor kinds (thirteen orphans), the rest random; None when a kind passes four."""
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    c = [0] * 34
    if rng.random() < 0.6:
        for k in rng.choice(kinds, size=int(rng.integers(2, 7)), replace=False):
            c[int(k)] += 2
    else:
        yaochuu = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        for k in rng.choice(yaochuu, size=int(rng.integers(8, 14)), replace=False):
            c[int(k)] += 1
    while sum(c) < n_tiles:
        c[kinds[rng.integers(len(kinds))]] += 1
    return c if sum(c) == n_tiles and max(c) <= 4 else None


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**31), sanma=st.booleans())
def test_keeping_and_lowering_near_the_special_forms(seed, sanma):
    """Hands near seven pairs and thirteen orphans, where the special forms' shanten equals the
    hand's or lies just above it (the two functions read the special counts only in the first
    case): every keeping discard of a 14-tile hand and every lowering draw of a 13-tile hand
    equals the per-call shanten's answer."""
    rng = np.random.default_rng(seed)
    c14 = _special_near(rng, sanma, 14)
    if c14 is not None:
        _check_keeping(c14, 0, sanma)
    c13 = _special_near(rng, sanma, 13)
    if c13 is not None:
        _check_lowering(c13, 0, sanma)
