"""VecGame: seeds, rewards, refused indices, thread independence, and every game rebuilt as a
Game from its seed and its action indices (the same states, observations, masks and events)."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from yakuman import Rules
from yakuman.errors import InvalidContextError
from yakuman.game import ACTION_SPACE, Game, VecGame
from yakuman.game.vec import replay_indices


def random_actions(obs, rng):
    r = rng.random(obs.mask.shape) * obs.mask
    return r.argmax(1).astype(np.int64)


def test_observe_returns_the_same_buffers_and_shapes():
    v = VecGame(3, seed=11, workers=1)
    o = v.observe()
    assert o.planes.shape == (3, 33, 34) and o.planes.dtype == np.uint8
    assert o.scalars.shape == (3, 24) and o.mask.shape == (3, ACTION_SPACE) and o.mask.dtype == np.bool_
    assert list(v.seeds) == [11, 12, 13]
    assert list(o.seat) == [0, 0, 0]           # East deals and decides first
    r = v.step(random_actions(o, np.random.default_rng(0)))
    assert v.observe() is o and v.observe().planes is o.planes
    assert r.shape == (3, 4) and r.dtype == np.float32
    assert v.step(random_actions(o, np.random.default_rng(1))) is r   # a buffer reused in place


def test_game_k_is_game_with_seed_base_plus_k():
    v = VecGame(4, seed=100)
    for k in range(4):
        g = Game(None, 100 + k)
        assert v._core.raw(k) == g._st.raw()
        assert (v.observe().mask[k] == g.action_mask(g.decision_seat)).all()


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["4p", "3p"])
def test_step_by_step_equals_game_rebuilt_from_indices(rules):
    """Each step of game 1: the VecGame's observation, mask, seat and round rewards equal those
    of a Game stepped with the same indices; the rebuilt Game's events and state are the same."""
    v = VecGame(3, rules, seed=7, workers=2)
    o = v.observe()
    rng = np.random.default_rng(3)
    g = Game(rules, 8)
    steps = 0
    while steps < 300:
        seat = g.decision_seat
        assert o.seat[1] == seat
        planes, scalars = g.observation(seat).planes()
        assert (o.planes[1] == planes).all() and (o.scalars[1] == scalars).all()
        assert (o.mask[1] == g.action_mask(seat)).all()
        a = random_actions(o, rng)
        rounds = len(g.rounds)
        rew = v.step(a).copy()
        g.step(g.action_of_index(seat, int(a[1])))
        steps += 1
        if len(g.rounds) > rounds:
            assert tuple(rew[1].astype(int)) == g.rounds[-1].deltas
        else:
            assert not rew[1].any()
        assert not o.done[1] and not g.done
    assert v._core.raw(1) == g._st.raw()
    seed, hist = v.history(1)
    assert seed == 8 and len(hist) == steps
    rebuilt = replay_indices(seed, hist, rules=rules)
    assert rebuilt.events == g.events
    assert v.game(1).events == g.events


def test_a_finished_game_takes_the_next_unused_seed_and_reward_game_is_the_result():
    v = VecGame(2, seed=40, reward="game", workers=1)
    o = v.observe()
    rng = np.random.default_rng(5)
    taken = [[], []]
    seeds = [40, 41]
    finished = []
    while len(finished) < 3:
        a = random_actions(o, rng)
        for k in range(2):
            taken[k].append(int(a[k]))
        rew = v.step(a)
        for k in range(2):
            if o.done[k]:
                g = replay_indices(seeds[k], taken[k])
                assert g.done
                assert tuple(rew[k].astype(int)) == g.result.results
                finished.append(k)
                taken[k] = []
                seeds[k] = int(v.seeds[k])
            else:
                assert not rew[k].any()
    # new games got 42, 43, 44 in the order they ended (game order within a step)
    assert sorted(set(int(s) for s in v.seeds) | {42}) [0] == 42
    assert v._core.next_unused_seed == 42 + len(finished)


def test_an_illegal_index_is_refused_for_that_game_alone():
    v = VecGame(3, seed=3, workers=2)
    o = v.observe()
    before = [v._core.raw(k) for k in range(3)]
    a = random_actions(o, np.random.default_rng(0))
    bad = int(np.flatnonzero(~o.mask[1])[0])
    a[1] = bad
    a[2] = 10**6                          # out of range: refused too
    v.step(a)
    assert list(o.status) == [0, 1, 1]
    assert v._core.raw(0) != before[0]
    assert v._core.raw(1) == before[1] and v._core.raw(2) == before[2]
    assert len(v.history(1)[1]) == 0
    a = random_actions(o, np.random.default_rng(1))
    v.step(a)
    assert list(o.status) == [0, 0, 0]


def test_results_do_not_depend_on_workers():
    """70 games are 3 chunks of the pool (32, 32, 6): with 2, 3 and 4 threads the chunks are
    split over home ranges and stolen; every step's rewards, and the final observations, masks,
    seeds and histories, equal one thread's."""
    n, outs = 70, []
    for w in (1, 2, 3, 4):
        v = VecGame(n, seed=9, workers=w)
        o = v.observe()
        rng = np.random.default_rng(2)
        rewards = []
        for _ in range(1500):
            rewards.append(v.step(random_actions(o, rng)).copy())
        hist = [v.history(k)[1].tobytes() for k in range(n)]
        outs.append((o.planes.copy(), o.mask.copy(), np.array(rewards), v.seeds.copy(), hist))
    assert outs[0][3].max() >= 9 + n                       # some games ended and took new seeds
    for other in outs[1:]:
        for x, y in zip(outs[0], other):
            assert (np.asarray(x) == np.asarray(y)).all()


def test_step_allocates_nothing():
    v = VecGame(8, seed=1, workers=1)
    o = v.observe()
    rng = np.random.default_rng(0)
    acts = [random_actions(o, rng)]
    for _ in range(50):   # warm up (history buffers reach their size)
        v.step(random_actions(o, rng))
    a = np.zeros(8, dtype=np.int64)
    idx = np.arange(8)
    for _ in range(50):   # the measured loop once (caches of first calls)
        a[:] = o.mask.argmax(1)
        v.step(a)
    tracemalloc.start()
    snap0 = tracemalloc.take_snapshot()
    for _ in range(200):
        a[:] = o.mask.argmax(1)        # the first legal index (no allocation beyond numpy's temporaries)
        v.step(a)
    snap1 = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = [s for s in snap1.compare_to(snap0, "lineno") if "yakuman" in str(s.traceback) and s.size_diff > 0]
    assert not grown, grown
    del acts, idx


def test_bad_arguments_raise():
    with pytest.raises(InvalidContextError):
        VecGame(0)
    with pytest.raises(InvalidContextError):
        VecGame(2, reward="final")
    v = VecGame(2, seed=1)
    from yakuman.errors import InvalidArgumentError
    with pytest.raises(InvalidArgumentError):
        v.step([1, 2, 3])
    with pytest.raises(InvalidArgumentError):
        v.step(np.zeros(2, dtype=np.float64))


def test_replay_indices_refuses_what_is_not_action_indices():
    import numpy as np

    from yakuman.errors import InvalidArgumentError
    from yakuman.game.vec import replay_indices

    for bad, match in (("junk", "actions must be a sequence of action indices, not str"),
                       ([0, 1.5], "action 1 must be an integer action index, not 1.5"),
                       ([True], "action 0 must be an integer action index, not True"),
                       ([None], "action 0 must be an integer action index, not None")):
        with pytest.raises(InvalidArgumentError, match=match):
            replay_indices(1, bad)
    g = replay_indices(1, np.zeros(0, np.uint16))
    assert g.decision_seat is not None
