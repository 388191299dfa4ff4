"""Three-player (sanma) search: shanten, waits, ukeire, discard analysis, ShantenState, win_value
and their batch forms with ``players=3`` / ``rules`` of three players.

Definition under test: 2m-8m do not exist. Shanten = (fewest tiles to draw, over complete hands
made only of existing kinds with at most four copies each, counting a drawn tile only where the
complete hand holds more of a kind than the hand does) - 1; waits / effective tiles are the
existing kinds with a copy left whose draw completes / lowers the shanten.

Oracles:
- ``oracle_shanten``: a slow Python search written here from that definition alone: it
  enumerates the complete target hands (sets that reuse held tiles, plus fresh sets costing
  three draws and a pair), independent of the native tables;
- waits / ukeire / discards by trying every existing tile against ``oracle_shanten``;
- the xiangting package with ``PlayerCount.THREE`` (4-copy aware, Rust) on larger samples;
- the sanma cases of the ``mahjong`` package (see ``MAHJONG_SANMA_CASES``) and its
  ``is_three_player`` shanten on seeded hands.
"""

from __future__ import annotations

import functools
import os
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yakuman
from yakuman import _core
from yakuman._reference.shanten import is_agari
from yakuman.batch import STATUS_BAD_SANMA_TILE, shanten_many, waits_many
from yakuman.errors import InvalidRulesError, InvalidTilesError
from yakuman.rules import Rules
from yakuman.search import (
    ShantenState,
    discard_analysis,
    discard_analysis_many,
    ukeire,
    ukeire_many,
    win_value,
    win_value_many,
)
from yakuman.tiles import TILE_NAMES, kind

SANMA_KINDS = tuple(k for k in range(34) if not 1 <= k <= 7)
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
FORMS = ("all", "regular", "chiitoitsu", "kokushi")


# ------------------------------------------------------------------------------------------------
# Brute-force oracle (from the definition; no native code)

def _sets():
    out = [(k, k, k) for k in SANMA_KINDS]                                  # triplets
    out += [(s, s + 1, s + 2) for base in (9, 18) for s in range(base, base + 7)]   # pin/sou runs
    return out


SETS = _sets()


def _regular_replacement(h, need: int) -> int:
    """min over complete targets (need sets + a pair) of the tiles to draw."""
    # the sets touching the hand, each as (kind, copies) pairs; the draws for kind k when the
    # target holds n of it are max(0, n - h[k])
    shapes = [tuple((k, s.count(k)) for k in sorted(set(s))) for s in SETS if any(h[t] for t in s)]
    held = [k for k in SANMA_KINDS if h[k]]
    best = [99]
    t = [0] * 34

    def dfs(start, chosen, cost):
        if cost >= best[0]:
            return
        # fill: remaining sets fresh (3 draws each: an unheld kind is always free), then the pair
        pair = 2   # a fresh pair
        for k in held:
            tk, hk = t[k], h[k]
            if tk + 2 <= 4:
                pair = min(pair, max(0, tk + 2 - hk) - max(0, tk - hk))
        best[0] = min(best[0], cost + 3 * (need - chosen) + pair)
        if chosen == need:
            return
        for j in range(start, len(shapes)):
            sh = shapes[j]
            if any(t[k] + n > 4 for k, n in sh):
                continue
            add = 0
            for k, n in sh:
                tk, hk = t[k], h[k]
                add += max(0, tk + n - hk) - max(0, tk - hk)
                t[k] = tk + n
            if add < 3:   # a reused set costing 3 is no better than a fresh one
                dfs(j, chosen + 1, cost + add)
            for k, n in sh:
                t[k] -= n

    dfs(0, 0, 0)
    return best[0]


def _chiitoitsu_replacement(h) -> int:
    # seven distinct existing kinds, two of each: the best seven are the ones held most
    gain = sorted((min(h[k], 2) for k in SANMA_KINDS), reverse=True)[:7]
    return 14 - sum(gain)


def _kokushi_replacement(h) -> int:
    return min(sum(max(0, (2 if k == y else 1) - h[k]) for k in YAOCHUU) for y in YAOCHUU)


# YAKUMAN_SANMA_HANDS scales the seeded brute-force samples (slow marker: 10x).
SCALE = int(os.environ.get("YAKUMAN_SANMA_HANDS", "1"))


def oracle_shanten(h, form="all", melds=None) -> int:
    return _oracle(tuple(h), form, melds)


@functools.lru_cache(maxsize=200000)
def _oracle(h, form, melds) -> int:
    h = list(h)
    assert not any(h[1:8])
    k = (14 - sum(h)) // 3 if melds is None else melds
    r = []
    if form in ("all", "regular"):
        r.append(_regular_replacement(h, 4 - k))
    if k == 0 and form in ("all", "chiitoitsu"):
        r.append(_chiitoitsu_replacement(h))
    if k == 0 and form in ("all", "kokushi"):
        r.append(_kokushi_replacement(h))
    return min(r) - 1 if r else 99


def oracle_ukeire(h, vis, form="all"):
    k = (14 - sum(h)) // 3
    now = oracle_shanten(h, form, k)
    out = {}
    for t in SANMA_KINDS:
        left = 4 - h[t] - vis[t]
        if left > 0:
            c = list(h)
            c[t] += 1
            if oracle_shanten(c, form, k) < now:
                out[TILE_NAMES[t]] = left
    return now, out


def oracle_waits(h):
    # the tiles that complete the hand, by the pure-Python reference's completeness search (pair
    # + sets, seven pairs, kokushi; no native code) rather than a replacement search per tile: a
    # shanten of -1 is exactly a complete hand (test_complete_is_shanten_minus_one checks both)
    k = (14 - sum(h)) // 3
    out = []
    for t in SANMA_KINDS:
        if h[t] < 4:
            c = list(h)
            c[t] += 1
            if is_agari(c):
                out.append(TILE_NAMES[t])
    return out


def test_complete_is_shanten_minus_one():
    """The two oracles agree: the reference's completeness search says complete exactly when the
    replacement search gives -1 (on complete hands and hands one tile off them: both answers)."""
    rng = random.Random(11)
    seen = set()
    for size, melds in ((14, 0), (11, 1), (8, 2), (5, 3), (2, 4)):
        for _ in range(60):
            h = [0] * 34
            # a complete sanma hand (pair + sets), then one tile swapped for a random one half the time
            p = rng.choice(SANMA_KINDS)
            h[p] += 2
            while sum(h) < size:
                s = rng.choice(SETS)
                if all(h[k] + s.count(k) <= 4 for k in s):
                    for k in s:
                        h[k] += 1
            if rng.random() < 0.5:
                out = rng.choice([k for k in range(34) if h[k]])
                into = rng.choice([k for k in SANMA_KINDS if h[k] < 4 and k != out])
                h[out] -= 1
                h[into] += 1
            want = oracle_shanten(h, "all", melds) == -1
            assert is_agari(h) == want, (h, melds)
            seen.add(want)
    assert seen == {True, False}


# ------------------------------------------------------------------------------------------------
# Hands

def _deal(rng, size, pool, n_visible=0):
    ids = [4 * k + j for k in pool for j in range(4)]
    rng.shuffle(ids)
    h, v = [0] * 34, [0] * 34
    for i in ids[:size]:
        h[i // 4] += 1
    for i in ids[size:size + n_visible]:
        v[i // 4] += 1
    return h, v


POOLS = (
    SANMA_KINDS,                                   # the whole sanma wall
    (0, 8) + tuple(range(27, 34)),                 # 1m 9m and honors: triplets and pairs only
    (0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17),     # manzu terminals with one suit
    YAOCHUU,                                       # kokushi material
    (0, 8, 18, 19, 20, 21, 22),                    # half a suit and the manzu terminals
)


def seeded(seed, n, mod):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pool = rng.choice(POOLS)
        k = rng.choice((0, 0, 0, 1, 2, 3, 4))
        size = (13 if mod == 1 else 14) - 3 * k
        if 4 * len(pool) < size:
            continue
        out.append(_deal(rng, size, pool, rng.randrange(0, 12)))
    return out


@st.composite
def sanma_hand(draw, mod):
    pool = draw(st.sampled_from(POOLS))
    k = draw(st.integers(0, 4))
    size = (13 if mod == 1 else 14) - 3 * k
    ids = [4 * kk + j for kk in pool for j in range(4)]
    n_vis = draw(st.integers(0, min(10, len(ids) - size)))
    chosen = draw(st.lists(st.sampled_from(ids), min_size=size + n_vis, max_size=size + n_vis, unique=True))
    h, v = [0] * 34, [0] * 34
    for i in chosen[:size]:
        h[i // 4] += 1
    for i in chosen[size:]:
        v[i // 4] += 1
    return h, v


def near_complete(seed, n):
    """Complete three-player hands (yakuman.random) with one tile swapped: 13-3k tiles."""
    from yakuman.random import winning_hands

    w = winning_hands(n, seed, players=3)
    rng = random.Random(seed)
    out = []
    for row in np.asarray(w.counts):
        c = [int(x) for x in row]
        held = [t for t in range(34) if c[t]]
        c[rng.choice(held)] -= 1
        out.append(c)
    return out


# ------------------------------------------------------------------------------------------------
# Worked examples

def test_examples_checked_by_hand():
    # 1111m 1111z 222z 33z (13 tiles): with four players 111m 123m 111z 222z 33z is two draws away
    # (2m 3m: 1-shanten); with three the fourth 1m is dead wood as well as the fourth 1z, so
    # 111m 111z 222z 33z keep 11 tiles and need three draws (2-shanten).
    assert yakuman.shanten("1111m111122233z") == 1
    assert yakuman.shanten("1111m111122233z", players=3) == 2
    # The hand 19m 123p 456p 789s 11z is 1-shanten; with three players 2m-8m are no ukeire.
    u = ukeire("19m123p456p789s11z", players=3)
    assert u == (1, {"1m": 3, "9m": 3, "1z": 2})
    assert set(ukeire("19m123p456p789s11z").tiles) == {"1m", "2m", "3m", "7m", "8m", "9m", "1z"}
    # Kokushi and chiitoitsu: 13-sided kokushi is the same; a chiitoitsu tanki on 1m stays.
    assert yakuman.waits("19m19p19s1234567z", players=3) == [TILE_NAMES[k] for k in YAOCHUU]
    assert yakuman.waits("1m99m1155p2233s11z", players=3) == ["1m"]
    # 1m 9m singles, three pin runs, 12s: a pair (1m or 9m) and the 3s for the penchan.
    assert yakuman.shanten("19m123456789p12s", players=3) == 1
    assert yakuman.waits("11m123456789p12s", players=3) == ["3s"]


def test_rules_and_players_arguments():
    h = "1111m111122233z"
    assert yakuman.shanten(h, rules=Rules.tenhou_sanma()) == 2
    assert yakuman.shanten(h, rules=Rules.tenhou()) == 1
    assert yakuman.shanten(h, players=3, rules=Rules.mahjongsoul_sanma()) == 2
    with pytest.raises(InvalidRulesError, match="players=4 contradicts rules.players=3"):
        yakuman.shanten(h, players=4, rules=Rules.tenhou_sanma())
    with pytest.raises(InvalidRulesError, match="players must be 3 or 4"):
        yakuman.shanten(h, players=2)
    with pytest.raises(InvalidRulesError, match="rules must be a yakuman.Rules"):
        yakuman.shanten(h, rules="tenhou")


def test_2m_to_8m_are_refused_with_three_players():
    with pytest.raises(InvalidTilesError, match="5m in the hand: 2m-8m do not exist with three players"):
        yakuman.shanten("5m123456789p1122s", players=3)
    for f in (yakuman.waits, ukeire):
        with pytest.raises(InvalidTilesError, match="2m in the hand"):
            f("2m123456789p122s", players=3)
    with pytest.raises(InvalidTilesError, match="3m in the visible tiles"):
        ukeire("19m123456789p12s", visible="3m", players=3)
    with pytest.raises(InvalidTilesError, match="8m in the hand"):
        discard_analysis("89m123456789p122s", players=3)
    s = ShantenState("19m123456789p12s", players=3)
    with pytest.raises(InvalidTilesError, match="cannot draw 4m: 2m-8m do not exist"):
        s.draw("4m")
    with pytest.raises(InvalidTilesError, match="7m in the hand"):
        ShantenState("7m123456789p122s", players=3)


# ------------------------------------------------------------------------------------------------
# Against the brute force

@settings(max_examples=150, deadline=None)
@given(sanma_hand(1), st.sampled_from(FORMS))
def test_shanten_and_ukeire_equal_brute_force(hv, form):
    h, v = hv
    assert yakuman.shanten(h, form=form, players=3) == oracle_shanten(h, form)
    assert ukeire(h, visible=v, form=form, players=3) == oracle_ukeire(h, v, form)


@settings(max_examples=25, deadline=None)
@given(sanma_hand(2))
def test_14_tile_shanten_and_discards_equal_brute_force(hv):
    h, v = hv
    assert yakuman.shanten(h, players=3) == oracle_shanten(h)
    got = discard_analysis(h, visible=v, players=3)
    want = []
    for d in range(34):
        if h[d]:
            c = list(h)
            c[d] -= 1
            now = oracle_shanten(c)
            tiles = {}
            for t in SANMA_KINDS:
                left = 4 - h[t] - v[t]
                if left > 0:
                    c[t] += 1
                    if oracle_shanten(c) < now:
                        tiles[TILE_NAMES[t]] = left
                    c[t] -= 1
            want.append((TILE_NAMES[d], now, tiles, sum(tiles.values())))
    want.sort(key=lambda r: (r[1], -r[3], kind(r[0])))
    assert [o.as_tuple() for o in got] == want


def _seeded_against_brute_force(scale):
    for h, v in seeded(7, 40 * scale, 1):
        assert yakuman.shanten(h, players=3) == oracle_shanten(h), h
        assert yakuman.waits(h, players=3) == oracle_waits(h), h
        assert ukeire(h, visible=v, players=3) == oracle_ukeire(h, v), h
    for h in near_complete(11, 40 * scale):
        assert yakuman.shanten(h, players=3) == oracle_shanten(h), h
        assert yakuman.waits(h, players=3) == oracle_waits(h), h
    for h, _ in seeded(8, 40 * scale, 2):
        assert yakuman.shanten(h, players=3) == oracle_shanten(h), h


def test_seeded_hands_against_brute_force():
    _seeded_against_brute_force(SCALE)


@pytest.mark.slow
def test_seeded_hands_against_brute_force_large():
    _seeded_against_brute_force(10 * SCALE)


def test_quad_rich_terminal_hands_against_brute_force():
    """Hands built from whole triplets/quads of 1m, 9m and honors: where the fourth copy matters."""
    rng = random.Random(5)
    for _ in range(120 * SCALE):
        c = [0] * 34
        left = 13
        while left:
            k = rng.choice((0, 8, 0, 8) + tuple(range(27, 34)) + (9, 17, 18, 26))
            take = min(left, rng.choice((1, 2, 3, 4, 4)), 4 - c[k])
            c[k] += take
            left -= take
        assert yakuman.shanten(c, players=3) == oracle_shanten(c), c
        assert yakuman.waits(c, players=3) == oracle_waits(c), c


def test_no_2m_to_8m_ever_effective():
    for h, v in seeded(9, 400, 1):
        assert not {"2m", "3m", "4m", "5m", "6m", "7m", "8m"} & set(ukeire(h, visible=v, players=3).tiles)
        assert not {"2m", "3m", "4m", "5m", "6m", "7m", "8m"} & set(yakuman.waits(h, players=3))


@pytest.mark.slow
def test_man_part_class_equals_isolated_kinds_in_the_tables():
    """The native code reads the sanma man part (a 1m, b 9m) as the suit pattern 1m^min(a,3)
    9m^min(b,3): its (sets, pairs) distance vector must equal the one of two isolated kinds, for
    every a, b. Checked on the table generator's own distance arrays."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "gen_tables.py"
    spec = importlib.util.spec_from_file_location("gen_tables", path)
    g = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(g)
    suit = g._distance(g._complete_membership(9, runs=True), 9)
    iso = g._distance(g._complete_membership(2, runs=False), 2)   # two kinds, no runs
    honor = g._distance(g._complete_membership(7, runs=False), 7)
    for a in range(5):
        for b in range(5):
            s = suit[(slice(None), slice(None), min(a, 3)) + (0,) * 7 + (min(b, 3),)]
            hv = honor[(slice(None), slice(None), a, b) + (0,) * 5]
            i2 = iso[:, :, a, b]
            assert (s == hv).all(), (a, b)
            # where two kinds alone can make the sets, the vector is theirs exactly
            ok = i2 < g.INF
            assert (s[ok] == i2[ok]).all(), (a, b)


# ------------------------------------------------------------------------------------------------
# Against xiangting (three players) and the mahjong package

def test_against_xiangting_three_players():
    xiangting = pytest.importorskip("xiangting")
    rng = random.Random(21)
    hands = [_deal(rng, rng.choice((13, 14, 10, 11, 7, 8, 4, 5, 1, 2)), rng.choice(POOLS))[0] for _ in range(4000)]
    hands += near_complete(3, 2000)
    arr = np.array(hands, dtype=np.uint8)
    got = shanten_many(arr, players=3, errors="raise")
    for i, h in enumerate(hands):
        want = xiangting.calculate_replacement_number(h, xiangting.PlayerCount.THREE) - 1
        assert got[i] == want, h
    thirteen = arr[arr.sum(axis=1) % 3 == 1]
    masks = waits_many(thirteen, players=3, errors="raise")
    for i, h in enumerate(thirteen.tolist()):
        rn, nec = xiangting.calculate_necessary_tiles(h, xiangting.PlayerCount.THREE)
        if rn == 1:   # tenpai: the necessary tiles are the waits (held-4 kinds cannot be drawn)
            want = nec & ~sum(1 << k for k in range(34) if h[k] == 4)
            assert int(masks[i]) == want, h
        else:
            assert masks[i] == 0, h


# The sanma cases of the mahjong package (version 2.1.0, mahjong/shanten.py: the doctest of
# Shanten.calculate_shanten_for_regular_hand, and its documented ValueError for 2m-8m with
# is_three_player=True). Its repository's tests/tests_shanten.py has no three-player case.
MAHJONG_SANMA_CASES = (
    # (hand, regular shanten four players, regular shanten three players)
    ("1111m111122233z", 1, 2),
)


@pytest.mark.parametrize("hand,four,three", MAHJONG_SANMA_CASES)
def test_mahjong_package_sanma_cases(hand, four, three):
    assert yakuman.shanten(hand, form="regular") == four
    assert yakuman.shanten(hand, form="regular", players=3) == three
    mj = pytest.importorskip("mahjong.shanten")
    from mahjong.tile import TilesConverter

    t = TilesConverter.one_line_string_to_34_array(hand)
    assert mj.Shanten.calculate_shanten_for_regular_hand(t, is_three_player=True) == three
    bad = TilesConverter.one_line_string_to_34_array("2m123456789p1122s")
    with pytest.raises(ValueError):
        mj.Shanten.calculate_shanten_for_regular_hand(bad, is_three_player=True)
    with pytest.raises(InvalidTilesError):
        yakuman.shanten("2m123456789p1122s", players=3)


def test_against_the_mahjong_package_three_players():
    """mahjong 2.1.0's own three-player shanten (``is_three_player=True``) on seeded sanma hands."""
    mj = pytest.importorskip("mahjong.shanten")
    rng = random.Random(31)
    hands = [_deal(rng, rng.choice((13, 14)), rng.choice(POOLS))[0] for _ in range(3000)]
    hands += near_complete(5, 1000)
    arr = np.array(hands, dtype=np.uint8)
    regular = shanten_many(arr, players=3, form="regular")
    best = shanten_many(arr, players=3)
    for i, h in enumerate(hands):
        assert regular[i] == mj.Shanten.calculate_shanten_for_regular_hand(h, is_three_player=True), h
        assert best[i] == mj.Shanten.calculate_shanten(h, is_three_player=True), h


# ------------------------------------------------------------------------------------------------
# ShantenState, batch forms, win_value

def test_shanten_state_walks_equal_full_shanten():
    rng = random.Random(4)
    for walk in range(20):
        k = walk % 5
        wall = [t for t in SANMA_KINDS for _ in range(4)]
        rng.shuffle(wall)
        hand = [0] * 34
        for t in wall[:13 - 3 * k]:
            hand[t] += 1
        pos = 13 - 3 * k
        s = ShantenState(hand, players=3)
        assert s.players == 3
        for _ in range(30):
            t = wall[pos]
            pos += 1
            hand[t] += 1
            assert s.draw(t) == yakuman.shanten(hand, players=3, melds=k)
            d = rng.choice([i for i in range(34) if hand[i]])
            hand[d] -= 1
            assert s.discard(d) == yakuman.shanten(hand, players=3, melds=k)
            wall.append(d)
        assert s.ukeire() == oracle_ukeire(hand, [0] * 34)
        s2 = pickle.loads(pickle.dumps(s))
        assert s2.players == 3 and s2.ukeire() == s.ukeire() and s2.counts == s.counts


def test_batch_forms_equal_single_calls():
    pairs = seeded(12, 600, 1)
    hands = np.array([h for h, _ in pairs], np.uint8)
    vis = np.array([v for _, v in pairs], np.uint8)
    r = ukeire_many(hands, vis, players=3)
    sh = shanten_many(hands, players=3)
    wm = waits_many(hands, players=3)
    for i, (h, v) in enumerate(pairs):
        u = ukeire(h, visible=v, players=3)
        assert r.shanten[i] == u.shanten == sh[i]
        assert {TILE_NAMES[t]: int(r.left[i, t]) for t in range(34) if r.left[i, t]} == u.tiles
        assert int(wm[i]) == _core.waits_mask(h, players=3)
    pairs14 = seeded(13, 300, 2)
    h14 = np.array([h for h, _ in pairs14], np.uint8)
    d = discard_analysis_many(h14, players=3, rules=Rules.tenhou_sanma())
    for i, (h, _) in enumerate(pairs14):
        opts = discard_analysis(h, players=3)
        assert d.n[i] == len(opts)
        assert [int(x) for x in d.tile[i, :d.n[i]]] == [o.kind for o in opts]
        assert [int(x) for x in d.total[i, :d.n[i]]] == [o.count for o in opts]


def test_batch_rows_with_2m_to_8m_get_their_own_status():
    good = [0] * 34
    for t in (0, 0, 8, 9, 10, 11, 12, 13, 14, 18, 18, 27, 27):
        good[t] += 1
    bad = list(good)
    bad[0] -= 1
    bad[3] += 1
    vis_bad = [0] * 34
    vis_bad[5] = 1
    arr = np.array([good, bad, good], np.uint8)
    out, status = shanten_many(arr, players=3, return_status=True)
    assert status.tolist() == [0, STATUS_BAD_SANMA_TILE, 0] and out[1] == 127
    assert out[0] == yakuman.shanten(good, players=3)
    _, status = waits_many(arr, players=3, return_status=True)
    assert status.tolist() == [0, STATUS_BAD_SANMA_TILE, 0]
    r = ukeire_many(arr, np.array([[0] * 34, [0] * 34, vis_bad], np.uint8), players=3)
    assert r.status.tolist() == [0, STATUS_BAD_SANMA_TILE, STATUS_BAD_SANMA_TILE]
    assert r.shanten[1] == r.shanten[2] == 127 and r.total[1] == 0
    with pytest.raises(InvalidTilesError, match=r"2m-8m tile in a three-player hand .* at counts\[1\]"):
        shanten_many(arr, players=3, errors="raise")
    # four players: the same rows are fine
    assert (shanten_many(arr, return_status=True)[1] == 0).all()


def test_win_value_three_players():
    from yakuman.batch import columns_from_kwargs, score_many

    hand = "11m123456789p12s"
    v = win_value(hand, players=3, seat_wind="S")
    assert list(v) == yakuman.waits(hand, players=3) == ["3s"]
    rules = Rules.tenhou_sanma()
    res = score_many(columns_from_kwargs([dict(hand=hand + "3s", win="3s", tsumo=True, seat_wind="S")],
                                         rules=rules), rules=rules)
    assert res.status[0] == 0 and v["3s"].tsumo == int(res.points[0]) > 0
    with pytest.raises(InvalidRulesError):
        win_value(hand, players=4, rules=Rules.tenhou_sanma())
    # a wait that exists only with four players
    assert list(win_value("19m123456789p11s")) == []
    counts = np.zeros((2, 34), np.uint8)
    for t in (0, 0, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19):
        counts[0, t] += 1
    for t in (0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 18):
        counts[1, t] += 1
    ron, tsumo = win_value_many(counts, players=3)
    for i in range(2):
        assert [TILE_NAMES[k] for k in np.flatnonzero(tsumo[i])] == yakuman.waits(counts[i], players=3)
