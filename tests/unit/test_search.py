"""AI-search helpers: ukeire, discard_analysis, ShantenState and their batch forms.

Oracle: a brute force over single draws/discards calling ``yakuman.shanten`` (itself checked
against the pure-Python reference and xiangting elsewhere), plus a small run against
``yakuman._reference.shanten`` directly. Hands come from hypothesis and from seeded generators
biased towards the shapes that matter (near-tenpai, one suit, pairs, terminals and honors).
"""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yakuman
from yakuman import search
from yakuman._reference import shanten as reference
from yakuman.errors import InvalidTilesError
from yakuman.random import random_hands
from yakuman.search import (
    SHANTEN_INVALID,
    STATUS_BAD_COPIES,
    STATUS_BAD_COUNT,
    STATUS_BAD_VISIBLE,
    ShantenState,
    discard_analysis,
    discard_analysis_many,
    ukeire,
    ukeire_many,
)
from yakuman.tiles import TILE_NAMES, kind

FORMS = ("all", "regular", "chiitoitsu", "kokushi")
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


# ------------------------------------------------------------------------------------------------
# Brute-force oracle


def brute_ukeire(counts, visible, form="all", shanten=yakuman.shanten):
    melds = (14 - sum(counts)) // 3
    now = shanten(list(counts), form=form, melds=melds) if shanten is yakuman.shanten else \
        shanten(list(counts), form, melds)
    out = {}
    for k in range(34):
        left = 4 - counts[k] - visible[k]
        if left <= 0:
            continue
        c = list(counts)
        c[k] += 1
        after = shanten(c, form=form, melds=melds) if shanten is yakuman.shanten else shanten(c, form, melds)
        if after < now:
            out[TILE_NAMES[k]] = left
    return now, out


def brute_discards(counts14, visible, form="all"):
    rows = []
    for d in range(34):
        if not counts14[d]:
            continue
        c = list(counts14)
        c[d] -= 1
        melds = (14 - sum(counts14)) // 3
        now = yakuman.shanten(c, form=form, melds=melds)
        out = {}
        for k in range(34):
            left = 4 - counts14[k] - visible[k]   # the discarded copy counts as seen
            if left <= 0:
                continue
            c[k] += 1
            if yakuman.shanten(c, form=form, melds=melds) < now:
                out[TILE_NAMES[k]] = left
            c[k] -= 1
        rows.append((TILE_NAMES[d], now, out, sum(out.values())))
    rows.sort(key=lambda r: (r[1], -r[3], kind(r[0])))
    return rows


# ------------------------------------------------------------------------------------------------
# Hand generators


def _deal(rng: random.Random, size: int, pool: list[int], n_visible: int):
    """size hand tiles and n_visible visible tiles drawn from the 136-ids of `pool` kinds."""
    ids = [4 * k + j for k in pool for j in range(4)]
    rng.shuffle(ids)
    hand = [0] * 34
    vis = [0] * 34
    for i in ids[:size]:
        hand[i // 4] += 1
    for i in ids[size:size + n_visible]:
        vis[i // 4] += 1
    return hand, vis


POOLS = (
    list(range(34)),                        # anything
    list(range(9)),                         # one suit (chinitsu shapes, 13-14 tiles in one part)
    list(range(9)) + list(range(27, 34)),   # one suit and honors
    list(YAOCHUU),                          # kokushi material
    list(range(27, 34)),                    # honors only
    [0, 1, 2, 3, 4, 9, 10, 11, 12, 13],     # two half suits (many pairs and runs)
)


def seeded_hands(seed: int, n: int, mod: int):
    """n (hand, visible) pairs with 13-3k (mod 1) or 14-3k (mod 2) tiles, k = 0..4."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pool = rng.choice(POOLS)
        k = rng.choice((0, 0, 0, 1, 2, 3, 4))
        size = (13 if mod == 1 else 14) - 3 * k
        if 4 * len(pool) < size:
            continue
        n_visible = rng.randrange(0, min(24, 4 * len(pool) - size) + 1)
        out.append(_deal(rng, size, pool, n_visible))
    return out


@st.composite
def hand_and_visible(draw, mod: int):
    pool = draw(st.sampled_from(POOLS))
    k = draw(st.integers(0, 4))
    size = (13 if mod == 1 else 14) - 3 * k
    ids = [4 * kk + j for kk in pool for j in range(4)]
    n_visible = draw(st.integers(0, max(0, min(30, len(ids) - size))))
    chosen = draw(st.lists(st.sampled_from(ids), min_size=size + n_visible, max_size=size + n_visible,
                           unique=True))
    hand = [0] * 34
    vis = [0] * 34
    for i in chosen[:size]:
        hand[i // 4] += 1
    for i in chosen[size:]:
        vis[i // 4] += 1
    return hand, vis


# ------------------------------------------------------------------------------------------------
# Worked examples (values checked by hand)


def test_ukeire_examples():
    u = ukeire("23456m567p789s33s")
    assert (u.shanten, u.tiles, u.count) == (0, {"1m": 4, "4m": 3, "7m": 4}, 11)
    # Kokushi 13-sided wait: every yaochuu kind, three copies left each; 1m dead when 3 are seen.
    u = ukeire("19m19p19s1234567z")
    assert u.shanten == 0 and u.count == 39 and set(u.tiles) == {TILE_NAMES[k] for k in YAOCHUU}
    u = ukeire("19m19p19s1234567z", visible="111m")
    assert u.count == 36 and "1m" not in u.tiles
    # Chiitoitsu tenpai on 1z; the regular form is 3-shanten and has many effective kinds.
    assert ukeire("114477m2255p88s1z") == (0, {"1z": 3})
    assert ukeire("114477m2255p88s1z", form="chiitoitsu") == (0, {"1z": 3})
    assert ukeire("114477m2255p88s1z", form="kokushi").shanten == 10   # 1m pair + 1z
    reg = ukeire("114477m2255p88s1z", form="regular")
    assert reg.shanten == 3 and reg.tiles == {"1m": 2, "4m": 2, "7m": 2, "2p": 2, "5p": 2, "8s": 2}
    # Called melds are read from the tile count: 4 tiles = 3 melds, 1 tile = 4 melds.
    assert ukeire("567p1z") == (0, {"1z": 3})
    assert ukeire("1z") == (0, {"1z": 3})
    assert ukeire("1z", visible="1z") == (0, {"1z": 2})
    assert ukeire("1z", visible="111z") == (0, {})      # karaten: no copy left
    assert ukeire("567p1z", form="chiitoitsu") == (99, {})
    # Junsei chuuren: all nine kinds wait; 1m and 9m have one copy left.
    assert ukeire("1112345678999m") == (0, {TILE_NAMES[k]: 1 if k in (0, 8) else 3 for k in range(9)})


def test_discard_analysis_example():
    rows = discard_analysis("123m456p789s1122z5z")
    assert len(rows) == 12
    assert rows[0] == ("5z", 0, {"1z": 2, "2z": 2}, 4)
    assert rows[0].tile == "5z" and rows[0].kind == 31 and rows[0].count == 4
    assert rows[0].mask == (1 << 27) | (1 << 28)
    assert rows[0].ukeire == (0, {"1z": 2, "2z": 2})
    # Breaking a run: 1-shanten; the discarded 1m is counted as seen (3 left).
    assert rows[1] == ("1m", 1, {"1m": 3, "4m": 4, "1z": 2, "2z": 2}, 11)
    assert [r.tile for r in rows[1:5]] == ["1m", "4p", "6p", "9s"]
    assert rows[-1] == ("2z", 1, {"1z": 2, "2z": 2, "5z": 3}, 7)
    assert repr(rows[0]) == "DiscardOption(tile='5z', shanten=0, count=4, tiles={'1z': 2, '2z': 2})"
    assert pickle.loads(pickle.dumps(rows[1])) == rows[1]
    seen = discard_analysis("123m456p789s1122z5z", visible="11z")
    assert seen[0] == ("5z", 0, {"2z": 2}, 2)


def test_errors_name_the_problem():
    with pytest.raises(InvalidTilesError, match=r"14 tiles given, 13 expected for ukeire"):
        ukeire("123m456p789s1122z5z")
    with pytest.raises(InvalidTilesError, match=r"13 tiles given, 14 expected for discard_analysis"):
        discard_analysis("23456m567p789s33s")
    with pytest.raises(InvalidTilesError, match=r"five copies of 3s in hand and visible tiles"):
        ukeire("23456m567p789s33s", visible="333s")
    with pytest.raises(InvalidTilesError, match=r"five copies of 1m"):
        ukeire("23456m567p789s33s", visible="11111m")
    with pytest.raises(ValueError, match=r"unknown form 'pinfu'"):
        ukeire("23456m567p789s33s", form="pinfu")
    with pytest.raises(InvalidTilesError, match=r"12 tiles given"):
        ukeire("2345m567p789s33s")


# ------------------------------------------------------------------------------------------------
# Oracle agreement


@settings(max_examples=300, deadline=None)
@given(hand_and_visible(1), st.sampled_from(FORMS))
def test_ukeire_equals_brute_force(hv, form):
    hand, vis = hv
    u = ukeire(hand, visible=vis, form=form)
    assert (u.shanten, u.tiles) == brute_ukeire(hand, vis, form)
    for name, left in u.tiles.items():   # never a dead tile
        k = kind(name)
        assert 0 < left == 4 - hand[k] - vis[k]


@settings(max_examples=150, deadline=None)
@given(hand_and_visible(2), st.sampled_from(FORMS))
def test_discard_analysis_equals_brute_force(hv, form):
    hand, vis = hv
    got = discard_analysis(hand, visible=vis, form=form)
    assert [r.as_tuple() for r in got] == brute_discards(hand, vis, form)
    for r in got:
        assert all(0 < left == 4 - hand[kind(t)] - vis[kind(t)] for t, left in r.tiles.items())


def test_seeded_corpus_against_brute_force():
    for i, (hand, vis) in enumerate(seeded_hands(1, 5000, 1)):
        form = FORMS[i % 4]
        u = ukeire(hand, visible=vis if i % 3 else None, form=form)
        assert (u.shanten, u.tiles) == brute_ukeire(hand, vis if i % 3 else [0] * 34, form), hand
    for i, (hand, vis) in enumerate(seeded_hands(2, 1500, 2)):
        form = FORMS[i % 4]
        got = [r.as_tuple() for r in discard_analysis(hand, visible=vis, form=form)]
        assert got == brute_discards(hand, vis, form), hand


def test_pure_python_reference_agrees():
    """Independent of the native tables: the slow reference shanten as the oracle."""
    for hand, vis in seeded_hands(3, 12, 1):
        u = ukeire(hand, visible=vis)
        assert (u.shanten, u.tiles) == brute_ukeire(hand, vis, "all", shanten=reference.shanten)


def test_no_dead_tile_ever_counts():
    rng = random.Random(5)
    for hand, vis in seeded_hands(4, 300, 1):
        # Make some effective kinds dead by seeing all their remaining copies.
        u = ukeire(hand)
        for name in u.tiles:
            k = kind(name)
            if rng.random() < 0.5:
                vis[k] = 4 - hand[k]
        v = ukeire(hand, visible=vis)
        assert all(vis[kind(t)] + hand[kind(t)] < 4 for t in v.tiles)
        assert v.tiles == {t: 4 - hand[kind(t)] - vis[kind(t)] for t in u.tiles if hand[kind(t)] + vis[kind(t)] < 4}


# ------------------------------------------------------------------------------------------------
# ShantenState


def test_shanten_state_example():
    s = ShantenState("123m456p789s1122z")
    assert (s.shanten, s.n_tiles, s.melds, s.form) == (0, 13, 0, "all")
    assert s.shanten_after_draw("1z") == -1 and s.shanten == 0
    assert s.draw("5z") == 0
    assert s.shanten_after_discard("1m") == 1
    assert [r.tile for r in s.discard_analysis()][:1] == ["5z"]
    assert s.discard(27) == 1          # 1z by kind index
    assert s.ukeire() == ukeire("123m456p789s122z5z")
    assert s.counts == yakuman.tiles.parse("123m456p789s122z5z")[0]
    assert repr(s) == "ShantenState('123m456p789s1225z', form='all', melds=0, shanten=1)"
    t = s.copy()
    t.draw("0m")                       # red five = 5m
    assert t.counts[4] == 1 and s.counts[4] == 0
    assert pickle.loads(pickle.dumps(t)).counts == t.counts and copy.copy(t).shanten == t.shanten


def test_shanten_state_errors():
    s = ShantenState("1111m")         # 4 tiles: 13-3k with 3 melds
    assert (s.melds, s.shanten) == (3, 1)
    with pytest.raises(InvalidTilesError, match="cannot draw 1m: the hand already holds four"):
        s.draw("1m")
    with pytest.raises(InvalidTilesError, match=r"cannot discard 1m: the hand holds 4 tiles \(draw first\)"):
        s.discard("1m")
    assert s.draw("2m") == 0          # 11m + 12m: one draw (3m) from 123m + 11m
    with pytest.raises(InvalidTilesError, match=r"cannot draw 3m: the hand already holds 5 tiles \(discard first\)"):
        s.shanten_after_draw("3m")
    with pytest.raises(InvalidTilesError, match="cannot discard 3m: not in the hand"):
        s.discard("3m")
    with pytest.raises(InvalidTilesError, match="tile kind 34 out of range"):
        s.discard(34)
    with pytest.raises(InvalidTilesError, match="a tile must be a kind 0..33 or a tile name"):
        s.discard(2.0)
    with pytest.raises(InvalidTilesError, match="5 tiles held, 4 expected for ukeire"):
        s.ukeire()
    with pytest.raises(InvalidTilesError, match="12 tiles given"):
        ShantenState("1111m2222p3333s")


@pytest.mark.parametrize("form", FORMS)
def test_shanten_state_random_walks_equal_full_shanten(form):
    rng = random.Random(FORMS.index(form))
    for walk in range(60):
        k = walk % 5
        wall = [i // 4 for i in range(136)]
        rng.shuffle(wall)
        hand = [0] * 34
        for t in wall[:13 - 3 * k]:
            hand[t] += 1
        pos = 13 - 3 * k
        s = ShantenState(hand, form=form)
        for _ in range(40):
            t = wall[pos]
            pos += 1
            assert s.shanten_after_draw(t) == yakuman.shanten(_plus(hand, t), form=form, melds=k)
            assert s.draw(t) == yakuman.shanten(_plus(hand, t), form=form, melds=k)
            hand[t] += 1
            held = [i for i in range(34) if hand[i]]
            d = rng.choice(held) if rng.random() < 0.5 else s.discard_analysis()[0].kind
            after = s.shanten_after_discard(d)
            assert s.discard(d) == after == yakuman.shanten(_plus(hand, d, -1), form=form, melds=k)
            hand[d] -= 1
            wall.append(d)
            assert s.counts == tuple(hand)
        want = brute_ukeire(hand, [0] * 34, form)
        assert s.ukeire() == want
        sh, mask, count = s.ukeire_mask(visible=[0] * 34)
        assert (sh, count) == (want[0], sum(want[1].values()))
        assert [TILE_NAMES[i] for i in range(34) if mask >> i & 1] == list(want[1])


def _plus(hand, t, n=1):
    c = list(hand)
    c[t] += n
    return c


# ------------------------------------------------------------------------------------------------
# Batch forms


def _mixed(seed: int, mod: int, n: int):
    pairs = seeded_hands(seed, n, mod)
    return (np.array([h for h, _ in pairs], dtype=np.uint8), np.array([v for _, v in pairs], dtype=np.uint8))


@pytest.mark.parametrize("workers", [1, 2])
def test_ukeire_many_equals_single_calls(workers):
    hands, vis = _mixed(10, 1, 3000)
    hands = np.concatenate([hands, random_hands(2000, seed=3, size=13)])
    vis = np.concatenate([vis, np.zeros((2000, 34), np.uint8)])
    for v in (vis, None):
        r = ukeire_many(hands, v, workers=workers)
        assert (r.status == 0).all()
        for i in range(len(hands)):
            u = ukeire(hands[i], visible=None if v is None else v[i])
            assert r.shanten[i] == u.shanten and r.total[i] == u.count
            assert {TILE_NAMES[k]: int(r.left[i, k]) for k in np.flatnonzero(r.left[i])} == u.tiles
    for form in FORMS[1:]:
        r = ukeire_many(hands[:500], vis[:500], form=form, workers=workers)
        assert r.shanten.tolist() == [ukeire(h, visible=v, form=form).shanten for h, v in zip(hands[:500], vis[:500])]
        assert r.total.tolist() == [ukeire(h, visible=v, form=form).count for h, v in zip(hands[:500], vis[:500])]


@pytest.mark.parametrize("workers", [1, 2])
def test_discard_analysis_many_equals_single_calls(workers):
    hands, vis = _mixed(11, 2, 1500)
    for form in ("all", "regular"):
        r = discard_analysis_many(hands, vis, form=form, workers=workers)
        assert (r.status == 0).all()
        for i in range(len(hands)):
            want = discard_analysis(hands[i], visible=vis[i], form=form)
            n = int(r.n[i])
            assert n == len(want) == np.count_nonzero(hands[i])
            got = [(int(r.tile[i, j]), int(r.shanten[i, j]), int(r.total[i, j]), int(r.mask[i, j])) for j in range(n)]
            assert got == [(w.kind, w.shanten, w.count, w.mask) for w in want]
            assert (r.tile[i, n:] == -1).all() and (r.shanten[i, n:] == SHANTEN_INVALID).all()
            assert (r.total[i, n:] == 0).all() and (r.mask[i, n:] == 0).all()


def test_batch_results_do_not_depend_on_workers():
    hands = random_hands(20000, seed=21, size=13)
    hands[::7, :] = 0
    hands[::7, 27] = 1            # one-tile rows (4 melds) mixed in: melds inferred per row
    one = ukeire_many(hands, workers=1)
    for w in (2, 3, None):
        other = ukeire_many(hands, workers=w)
        assert all(np.array_equal(a, b) for a, b in zip(one, other))
    h14 = random_hands(5000, seed=22, size=14)
    one = discard_analysis_many(h14, workers=1)
    two = discard_analysis_many(h14, workers=2)
    assert all(np.array_equal(a, b) for a, b in zip(one, two))


def test_malformed_rows_get_a_status():
    hands = random_hands(8, seed=5, size=13).astype(np.int64)
    vis = np.zeros((8, 34), np.int64)
    hands[1, 0] = 5                   # five copies
    hands[2] = 0                      # no tiles
    hands[3, 33] = -1                 # negative
    free = next(k for k in range(34) if hands[4, k] == 1)
    vis[4, free] = 4                  # hand + visible = five copies
    vis[5, 0] = 7                     # visible count out of range
    hands[6, next(k for k in range(34) if hands[6, k] < 4)] += 1   # 14 tiles: not an ukeire hand
    for workers in (1, 2):
        r = ukeire_many(hands, vis, workers=workers)
        assert r.status.tolist() == [0, STATUS_BAD_COPIES, STATUS_BAD_COUNT, STATUS_BAD_COPIES,
                                     STATUS_BAD_VISIBLE, STATUS_BAD_VISIBLE, STATUS_BAD_COUNT, 0]
        bad = r.status != 0
        assert (r.shanten[bad] == SHANTEN_INVALID).all() and (r.total[bad] == 0).all()
        assert (r.left[bad] == 0).all()
        for i in (0, 7):
            assert (r.shanten[i], r.total[i]) == (ukeire(hands[i].tolist()).shanten, ukeire(hands[i].tolist()).count)
    d = discard_analysis_many(hands, vis)
    assert d.status.tolist() == [2, 1, 2, 1, 2, 2, 0, 2]    # only row 6 holds 14 tiles
    assert (d.n[d.status != 0] == 0).all() and (d.tile[d.status != 0] == -1).all()
    with pytest.raises(InvalidTilesError, match=r"a count outside 0..4 - at counts\[1\]"):
        ukeire_many(hands, vis, errors="raise")
    with pytest.raises(InvalidTilesError, match=r"at visible\[1\]"):
        ukeire_many(hands[[0, 4]], vis[[0, 4]], errors="raise")
    with pytest.raises(InvalidTilesError, match=r"fits no ukeire hand \(13-3k tiles\) - at counts\[0\]"):
        ukeire_many(hands[[6]], errors="raise")
    with pytest.raises(InvalidTilesError, match=r"visible has 2 rows, counts has 8"):
        ukeire_many(hands, vis[:2])
    with pytest.raises(InvalidTilesError, match=r"must be an \(N, 34\) array"):
        ukeire_many(hands[:, :33])


def test_batch_with_fixed_melds():
    hands = random_hands(300, seed=31, size=10)
    r = ukeire_many(hands, melds=1)
    assert (r.status == 0).all()
    assert r.total.tolist() == [ukeire(h, melds=1).count for h in hands]
    assert (ukeire_many(hands, melds=0).status == STATUS_BAD_COUNT).all()


def test_reexports():
    assert yakuman.ukeire is search.ukeire
