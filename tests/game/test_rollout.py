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


# ---- GameState.rollout_options: every option of one decision over the same copies (the review) ----
def _options(g: Game, seat: int, n: int, seed: int, codes=None):
    import numpy as np

    from yakuman.game import POLICIES

    codes = [a._code for a in g.legal_actions(seat)] if codes is None else codes
    deltas = np.zeros((n, len(codes), 4), dtype=np.int64)
    status = np.zeros((n, len(codes)), dtype=np.uint8)
    g._st.rollout_options(seat, codes, POLICIES["greedy"], seed, deltas, status)
    return deltas, status


def test_rollout_options_share_copies_and_hide_the_hidden():
    import numpy as np

    g = _mid()
    s = g.to_act[0]
    codes = [a._code for a in g.legal_actions(s)]
    assert len(codes) > 5
    d, st = _options(g, s, 40, 3)
    assert (st == 0).all()
    assert len({tuple(d[:, j, s]) for j in range(len(codes))}) > 1     # the options differ
    # reproducible; copy i does not depend on how many copies are asked for, nor on the other options
    d2, _ = _options(g, s, 20, 3)
    assert np.array_equal(d[:20], d2)
    d3, _ = _options(g, s, 40, 3, codes[2:4])
    assert np.array_equal(d[:, 2:4], d3)
    assert not np.array_equal(d, _options(g, s, 40, 4)[0])
    # a state the seat cannot tell from this one (other hidden tiles) gives it the same values
    h = g.determinize(s, 11)
    assert h.observation(s) == g.observation(s) and h._st.raw() != g._st.raw()
    assert np.array_equal(_options(h, s, 40, 3)[0], d)
    # each round ends: the seats' changes sum to what the table held (sticks) or less (riichi paid in)
    assert (d.sum(axis=2) <= 1000 * g.observation(s).sticks).all()


def test_rollout_options_an_option_that_ends_the_round_is_what_it_scores():
    g = Game(seed=3)   # East 1: seat 2, in riichi, may tsumo at its 99th event
    while len(g.events) < 99:
        q = g.to_act[0]
        g.step(g.policy_action(q, "greedy") if len(g.to_act) == 1 else {x: g.policy_action(x, "greedy")
                                                                         for x in g.to_act})
    s = g.to_act[0]
    legal = g.legal_actions(s)
    j = next(i for i, a in enumerate(legal) if a.type == "hora")
    d, st = _options(g, s, 30, 1)
    assert (st == 0).all()
    o = g.observation(s)
    assert o.riichi[s]
    # the win's settlement on every copy (its ura indicators re-dealt: the value varies with them)
    assert (d[:, j].sum(axis=1) == 1000 * o.sticks).all() and (d[:, j, s] > 0).all()
    assert len(set(d[:, j, s])) > 1


def test_rollout_options_refuse_what_is_not_an_action():
    g = _mid()
    s = g.to_act[0]
    held = {a._code[2] for a in g.legal_actions(s) if a.type == "dahai"}
    foreign = next(t for t in range(136) if t not in held)
    code = (g.legal_actions(s)[0]._code[0], s, foreign, 0, 0, ())
    d, st = _options(g, s, 5, 1, [code])
    assert (st == 3).all() and not d.any()   # refused on every copy: no value
    for bad in ([(1, 2)], [(256, s, 0, 0, 0, ())], [("x", s, 0, 0, 0, ())]):
        with pytest.raises(ValueError):
            _options(g, s, 2, 1, bad)
    with pytest.raises(ValueError):
        _options(g, 9, 2, 1, [g.legal_actions(s)[0]._code])
