"""The distribution of yakuman.random.winning_hands is the documented one (docs/random.md,
"Distribution"): chi-square goodness-of-fit tests of the draws the generator makes directly from
the documented weights, on a large native sample. The native generator equals the numpy reference
row for row (tests/unit/test_random.py); these tests pin what both draw.

Each statistic is compared with the chi-square quantile of upper tail 1e-6 (Wilson-Hilferty), so a
correct generator fails with probability about 1e-6 per test at a fresh seed, and never at the
fixed seeds used here; a weight off by a few percent of its value fails by far at these sizes."""

from __future__ import annotations

import math

import numpy as np
import pytest

import yakuman.random as R
from yakuman.random import DEFAULT_SHAPES, SHAPES, winning_hands

N4, N3 = 200_000, 100_000


def _crit(df: int, z: float = 4.753) -> float:
    """The chi-square quantile of upper tail 1e-6 (z = 4.753), Wilson-Hilferty."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def _chi2(observed, expected) -> tuple[float, int]:
    o = np.asarray(observed, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    keep = e > 0
    assert o[~keep].sum() == 0, "an outcome of weight 0 occurred"
    return float(((o[keep] - e[keep]) ** 2 / e[keep]).sum()), int(keep.sum()) - 1


def _fits(observed, probs, n) -> None:
    stat, df = _chi2(observed, n * np.asarray(probs, dtype=np.float64) / np.sum(probs))
    assert stat < _crit(df), (stat, df, list(observed))


@pytest.fixture(scope="module")
def four():
    return winning_hands(N4, seed=31)


@pytest.fixture(scope="module")
def three():
    return winning_hands(N3, seed=32, players=3)


def test_templates_follow_their_weights(four, three):
    w = np.array([DEFAULT_SHAPES[s] for s in SHAPES])
    _fits(np.bincount(four.shape, minlength=len(SHAPES)), w, N4)
    w3 = w.copy()
    w3[SHAPES.index("sanshoku")] = 0.0   # impossible with three players
    _fits(np.bincount(three.shape, minlength=len(SHAPES)), w3, N3)


def test_seat_and_round_winds(four, three):
    _fits(np.bincount(four.seat_wind, minlength=4), [1, 1, 1, 1], N4)
    _fits(np.bincount(three.seat_wind, minlength=4), [1, 1, 1, 0], N3)
    _fits(np.bincount(four.round_wind, minlength=4), R._ROUND_4, N4)
    _fits(np.bincount(three.round_wind, minlength=4), (*R._ROUND_3, 0.0), N3)


def test_tsumo_honba_and_other_players_sticks(four):
    tsumo = four.flag("tsumo")
    _fits([tsumo.sum(), (~tsumo).sum()], [0.45, 0.55], N4)
    _fits(np.bincount(four.honba, minlength=len(R._HONBA)), R._HONBA, N4)
    own = four.flag("riichi") | four.flag("double_riichi")
    _fits(np.bincount(four.riichi_sticks - own, minlength=len(R._OTHER_STICKS)), R._OTHER_STICKS, N4)


def test_riichi_share_of_eligible_hands(four):
    """riichi 50 % of closed hands (ankans allowed) that are not a tenhou / chiihou; 8 % of the
    declarations are double riichi."""
    open_meld = ((four.meld_type >= 0) & (four.meld_type <= 3)).any(axis=1)
    first = four.flag("tenhou") | four.flag("chiihou")
    eligible = ~open_meld & ~first
    n = int(eligible.sum())
    declared = (four.flag("riichi") | four.flag("double_riichi"))
    assert not declared[~eligible].any()
    k = int(declared[eligible].sum())
    _fits([k, n - k], [0.5, 0.5], n)
    d = int(four.flag("double_riichi").sum())
    _fits([d, k - d], [R._P_RIICHI_DOUBLE, 1 - R._P_RIICHI_DOUBLE], k)


def test_winning_tile_is_a_uniform_concealed_tile(four):
    """The winning tile is one of the row's concealed tiles, each equally likely: per kind, the
    observed count against the sum over rows of count / 14 - 3k (a sum of independent
    categorical draws; the chi-square bound is conservative for it)."""
    c = four.counts.astype(np.float64)
    expected = (c / c.sum(axis=1, keepdims=True)).sum(axis=0)
    stat, df = _chi2(np.bincount(four.win, minlength=34), expected)
    assert stat < _crit(df), stat
    assert (four.counts[np.arange(N4), four.win] > 0).all()


def test_a_wrong_weight_is_noticed(four):
    """The tests' power: the sample checked against mixed at 0.389 instead of 0.369 (5 % of its
    weight) fails."""
    h = four
    w = np.array([DEFAULT_SHAPES[s] for s in SHAPES])
    w[0] += 0.02
    with pytest.raises(AssertionError):
        _fits(np.bincount(h.shape, minlength=len(SHAPES)), w, N4)
