"""Hypothesis properties of shanten / agari / waits (native core)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from yakuman import is_agari, shanten, waits
from yakuman import tiles as T
from yakuman._reference import shanten as ref


def hands(size):
    return st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True)


def counts_of(ids):
    c = [0] * 34
    for i in ids:
        c[i // 4] += 1
    return c


@settings(max_examples=400, deadline=None)
@given(hands(14))
def test_agari_iff_shanten_minus_one(ids):
    c = counts_of(ids)
    assert is_agari(c) == (shanten(c) == -1) == ref.is_agari(c)


@settings(max_examples=300, deadline=None)
@given(hands(13), st.permutations([0, 1, 2]))
def test_relabelling_suits_changes_nothing(ids, perm):
    c = counts_of(ids)
    d = [0] * 34
    for s in range(3):
        d[perm[s] * 9: perm[s] * 9 + 9] = c[s * 9: s * 9 + 9]
    d[27:] = c[27:]
    assert shanten(c) == shanten(d)
    # reversing ranks within every suit (n -> 10 - n) is also a symmetry
    r = [c[s * 9 + 8 - i] for s in range(3) for i in range(9)] + c[27:]
    assert shanten(c) == shanten(r)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=15, max_size=15, unique=True), st.integers(0, 13))
def test_draw_and_discard_moves_shanten_by_at_most_one(ids, drop):
    hand13 = counts_of(ids[:13])
    after = counts_of(ids[:14])
    s13 = shanten(hand13)
    s14 = shanten(after)
    assert s14 in (s13, s13 - 1)          # a draw never hurts, gains at most one
    discard = counts_of([t for j, t in enumerate(ids[:14]) if j != drop])
    assert abs(shanten(discard) - s13) <= 1


@settings(max_examples=300, deadline=None)
@given(hands(13))
def test_waits_complete_the_hand(ids):
    c = counts_of(ids)
    w = waits(c)
    assert [T.kind(x) for x in w] == ref.waits(c)
    for name in w:
        k = T.kind(name)
        assert c[k] < 4
        c[k] += 1
        assert is_agari(c)
        c[k] -= 1


@settings(max_examples=200, deadline=None)
@given(hands(13))
def test_tenpai_without_live_wait_is_impossible(ids):
    # 4-copy aware shanten: shanten 0 means some wait exists that the hand does not hold four of
    c = counts_of(ids)
    if shanten(c) == 0:
        assert waits(c)
    else:
        assert not waits(c)
