"""win_value equals scoring each wait with score(), furiten included; the batch form agrees."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import yakuman
from yakuman.random import winning_hands
from yakuman.search import win_value, win_value_many
from yakuman.tiles import TILE_NAMES, to_mpsz


def _expected(hand13, kw, furiten):
    out = {}
    counts, reds = yakuman.tiles.parse(hand13)
    indicators = [yakuman.tiles.kind(t) for t in kw.get("dora", ())]
    for name in yakuman.waits(hand13, melds=len(kw.get("melds", ()))):
        k = yakuman.tiles.kind(name)
        if counts[k] + indicators.count(k) == 4:     # every copy in sight: a dead wait
            out[name] = (0, 0)
            continue
        c = list(counts)
        c[k] += 1
        full = to_mpsz(c, reds)
        ron = yakuman.score(full, name, tsumo=False, **kw)
        tsumo = yakuman.score(full, name, tsumo=True, **kw)
        out[name] = (0 if furiten or not ron.is_win else ron.points, tsumo.points if tsumo.is_win else 0)
    return out


def test_examples():
    v = win_value("23456m567p789s33s", seat_wind="S", riichi=True)
    assert {t: (w.ron, w.tsumo) for t, w in v.items()} == {"1m": (2000, 2700), "4m": (2000, 2700), "7m": (2000, 2700)}
    f = win_value("23456m567p789s33s", seat_wind="S", discards="1m")       # docs/rules.md F1 / EX09
    assert all(w.furiten and w.ron == 0 and w.tsumo > 0 for w in f.values())
    assert win_value("123m456p789s1357z") == {}                             # not tenpai
    nothing = win_value("234m567p1s", ["pon 444z", "chi 789s"], seat_wind="S")   # no yaku at all
    assert all(w.ron == 0 and w.tsumo == 0 for w in nothing.values()) and nothing


def test_dead_wait_is_worth_nothing():
    # 112233m 5677788p waits on 4p, 7p and 8p; with a 7p indicator the hand and the indicator hold
    # all four 7p, so no 7p can come: worth 0, while the other waits are scored with their dora.
    v = win_value("112233m5677788p", seat_wind="E", round_wind="S", dora=["7p"])
    assert list(v) == ["4p", "7p", "8p"]
    assert (v["7p"].ron, v["7p"].tsumo) == (0, 0)
    assert v["8p"].ron_han == 4 and v["8p"].ron == 12000          # iipeikou 1, dora 3 (8p x3)
    live = win_value("112233m5677788p", seat_wind="E", round_wind="S")
    assert (live["7p"].ron, live["7p"].tsumo) == (2000, 3000)       # iipeikou 1 / +menzen tsumo
    with pytest.raises(yakuman.errors.InvalidTilesError, match="five copies of 7p"):
        win_value("112233m5677788p", dora=["7p", "7p"])              # a fifth 7p in sight


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_equals_scoring_each_wait(seed, riichi):
    h = winning_hands(1, seed=seed, melds=0, tsumo=0.0)
    kw = h.kwargs(0)
    assume(not kw["melds"])          # (suukantsu templates keep their kans)
    counts, reds = yakuman.tiles.parse(kw["hand"])
    c = list(counts)
    c[yakuman.tiles.kind(kw["win"])] -= 1
    hand13 = to_mpsz(c, (0, 0, 0))
    ctx = dict(seat_wind=kw["seat_wind"], round_wind=kw["round_wind"], riichi=riichi, dora=kw["dora"])
    got = win_value(hand13, **ctx)
    assert {t: (w.ron, w.tsumo) for t, w in got.items()} == _expected(hand13, ctx, False)


def test_batch_form():
    h = winning_hands(300, seed=9, melds=0)
    rows = []
    for i in range(len(h)):
        if h.n_melds[i]:
            continue
        counts = h.counts[i].copy()
        counts[h.win[i]] -= 1
        rows.append(counts)
    counts = np.array(rows, dtype=np.uint8)
    ron, tsumo = win_value_many(counts, seat_wind=1)
    for i in range(0, len(counts), 7):
        v = win_value(counts[i].tolist(), seat_wind="S")
        for k in range(34):
            w = v.get(TILE_NAMES[k])
            assert (ron[i, k], tsumo[i, k]) == ((w.ron, w.tsumo) if w else (0, 0))
