"""Game.rollout: native rollouts from a given position to the round's end over determinized copies."""

from __future__ import annotations

import math

import pytest

from yakuman.errors import InvalidContextError
from yakuman.game import Game


def _mid(seed: int = 5, steps: int = 9) -> Game:
    g = Game(seed=seed)
    for _ in range(steps):
        g.step(g.legal_actions(g.to_act[0])[0])
    return g


def test_reproducible_and_independent_of_workers():
    g = _mid()
    a = g.rollout("greedy", 300, 1)
    assert a == g.rollout("greedy", 300, 1) == g.rollout("greedy", 300, 1, workers=2)
    assert a.n == 300 and a.failed == 0
    assert a != g.rollout("greedy", 300, 2)


def test_tsumogiri_rounds_settle_to_zero():
    """tsumogiri never wins nor declares riichi: every copy ends in an exhaustive draw whose noten
    payments sum to zero, so the seats' means sum to exactly zero."""
    g = _mid()
    r = g.rollout("tsumogiri", 200, 3)
    assert sum(r.mean) == 0 and r.failed == 0
    for x in r.mean:
        assert x * 200 == int(x * 200)   # whole points per rollout


def test_greedy_means_are_sums_of_whole_rollouts_and_stderr_matches():
    g = _mid(11)
    r = g.rollout("greedy", 400, 9)
    assert all(not math.isnan(e) and e > 0 for e in r.stderr)
    # standard error ~ sd / sqrt(n): four times the rollouts halve it (within noise)
    r4 = g.rollout("greedy", 1600, 9)
    for e1, e4 in zip(r.stderr, r4.stderr):
        assert 0.3 < e4 / e1 < 0.75
    # the total never exceeds what the table holds: riichi sticks paid in leave the sum <= 0
    assert sum(r.mean) <= 1e-9


def test_hidden_tiles_stay_hidden():
    """Two states a seat cannot tell apart (the same observation, other hidden tiles) give that
    seat the same rollouts: the copies depend on what is hidden, never on where it lies."""
    g = _mid()
    s = g.to_act[0]
    d = g.determinize(s, 11)
    assert g.observation(s) == d.observation(s) and g._st.raw() != d._st.raw()
    assert g.rollout("greedy", 100, 3, seat=s) == d.rollout("greedy", 100, 3, seat=s)
    # without re-dealing (seat=-1) the true hidden tiles are played: the results differ
    assert g.rollout("greedy", 100, 3, seat=-1) != d.rollout("greedy", 100, 3, seat=-1)


def test_callable_policy_and_sanma():
    from yakuman.rules import Rules

    g = Game(Rules.tenhou_sanma(), seed=4)
    r = g.rollout(lambda o: o.legal_actions[0], 10, 1)
    assert len(r.mean) == 3 and r.n == 10
    assert len(g.rollout("random", 50, 1).mean) == 3


def test_bad_arguments():
    g = _mid()
    for bad in (0, -1, 2.5):
        with pytest.raises(InvalidContextError):
            g.rollout("greedy", bad)
    with pytest.raises(InvalidContextError):
        g.rollout("nonsense", 5)
    with pytest.raises(InvalidContextError):
        g.rollout("greedy", 5, seat=9)
