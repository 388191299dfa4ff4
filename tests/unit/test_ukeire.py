from hypothesis import given, settings
from hypothesis import strategies as st

import yakuman
from yakuman import tiles


def brute_ukeire(counts, visible):
    now = yakuman.shanten(counts)
    out = {}
    for k in range(34):
        if counts[k] >= 4:
            continue
        c = list(counts)
        c[k] += 1
        left = 4 - counts[k] - visible[k]
        if yakuman.shanten(c) < now and left > 0:
            out[tiles.TILE_NAMES[k]] = left
    return now, out


def test_ukeire_example():
    u = yakuman.ukeire("23456m567p789s33s")
    assert u.shanten == 0
    assert u.tiles == {"1m": 4, "4m": 3, "7m": 4}
    assert u.count == 11
    u = yakuman.ukeire("23456m567p789s33s", visible="1111m7m")
    assert u.tiles == {"4m": 3, "7m": 3}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=20, max_size=20, unique=True))
def test_ukeire_equals_brute_force_and_never_counts_dead_tiles(ids):
    hand = [0] * 34
    vis = [0] * 34
    for i in ids[:13]:
        hand[i // 4] += 1
    for i in ids[13:]:
        vis[i // 4] += 1
    u = yakuman.ukeire(hand, visible=vis)
    assert (u.shanten, u.tiles) == brute_ukeire(hand, vis)
    for name, left in u.tiles.items():
        k = tiles.kind(name)
        assert 0 < left == 4 - hand[k] - vis[k]
