"""The end-to-end proof (docs/learning.md): a small numpy policy trained by behaviour cloning
on the fixture records beats uniformly random play; a self-play loop over a VecGame."""

from __future__ import annotations

import glob

import numpy as np

from yakuman.game.linear import LinearPolicy, RandomPolicy, discard_features, play, self_play
from yakuman.logs.decisions import decisions


def fixture_decisions():
    return decisions(sorted(glob.glob("tests/fixtures/logs/*.mjlog")))


def test_behaviour_cloning_on_the_fixtures_beats_random_in_play():
    d = fixture_decisions()
    pol = LinearPolicy.fit(d)
    assert pol.accuracy(d) > LinearPolicy.zeros().accuracy(d)
    # 32 games each, the learner's seat rotating; the same seeds for the random control
    bc = play(pol, games=32, seed=1)
    rnd = play(RandomPolicy(1), games=32, seed=1)
    assert rnd["placements"].mean() > 1.0                # random in a random field: about 1.5
    assert bc["placements"].mean() < 0.5                  # measured 0.03 (docs/learning.md)
    assert bc["results"].mean() > rnd["results"].mean() + 20000


def test_discard_features_exact_for_a_fixed_hand():
    planes = np.zeros((1, 30, 34), np.uint8)
    hand = {0: 1, 1: 1, 2: 1, 9: 2, 20: 1, 27: 1, 28: 2, 31: 3, 33: 1, 26: 1}   # 1m2m3m 1p1p 3s 9s E SS PPP C
    for k, c in hand.items():
        planes[0, 0, k] = c
    planes[0, 21, :] = 4
    scalars = np.zeros((1, 24), np.int32)
    phi = discard_features(planes, scalars)[0]
    assert phi[27, 0] == 1 and phi[27, 3] == 1 and phi[27, 11] == 1          # E: a lone honor
    assert phi[28, 7] == 1 and phi[28, 10] == 1                              # S: an honor pair
    assert phi[0, 1] == 1 and phi[0, 2] == 1 and phi[0, 4] == 1              # 1m: 2m beside, 3m two away, terminal
    assert phi[20, 9] == 1                                                   # 3s: an isolated single
    assert phi[0, 12] >= 1 and phi[27, 12] == 0                              # dropping 1m loses a run; E is free


def test_self_play_loop_over_a_vecgame():
    pol = LinearPolicy.fit(fixture_decisions(), epochs=50)
    out = self_play(pol, n=8, steps=300, seed=2)
    assert out["decisions"] == 8 * 300 and out["rounds"] > 0
    new = out["policy"]
    assert np.isfinite(new.b).all() and np.isfinite(new.u).all()
    assert not np.array_equal(new.u, pol.u)
