"""The Gymnasium and PettingZoo adapters pass their libraries' own API checkers."""

from __future__ import annotations

import numpy as np
import pytest

from yakuman import Rules

gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is a test dependency (make test-deps)")
pettingzoo = pytest.importorskip("pettingzoo", reason="pettingzoo is a test dependency (make test-deps)")


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["4p", "3p"])
def test_gymnasium_env_passes_check_env(rules):
    from gymnasium.utils.env_checker import check_env

    from yakuman.game.gym_env import MahjongEnv

    check_env(MahjongEnv(rules, seat=1), skip_render_check=True)


def test_gymnasium_env_plays_a_whole_game_and_rewards_sum_to_the_seat_deltas():
    from yakuman.game.gym_env import MahjongEnv

    env = MahjongEnv(seat=2, opponents="greedy")
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(0)
    total, done, steps = 0.0, False, 0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, r, done, trunc, info = env.step(int(rng.choice(legal)))
        assert not info["illegal_action"] and not trunc
        total += r
        steps += 1
    g = env.game
    assert g.done and steps > 20
    assert total == sum(ro.deltas[2] for ro in g.rounds)
    # an illegal index: refused, the same observation, the penalty
    env.reset(seed=5)
    o1 = env.reset(seed=5)[0]
    bad = int(np.flatnonzero(o1["action_mask"] == 0)[0])
    o2, r, done, _, info = env.step(bad)
    assert info["illegal_action"] and r == -1.0 and (o2["planes"] == o1["planes"]).all()


def test_gymnasium_reset_is_deterministic_for_a_seed():
    from yakuman.game.gym_env import MahjongEnv

    a, b = MahjongEnv(opponents="greedy"), MahjongEnv(opponents="greedy")
    oa, ia = a.reset(seed=9)
    ob, ib = b.reset(seed=9)
    assert ia == ib and (oa["planes"] == ob["planes"]).all()


def _lockstep(env, names: dict, steps: int, seed: int):
    """Step ``env`` with random legal indices beside a reference Game of the same seed whose other
    seats play ``Game.policy_action(seat, names[seat])``: the observations, rewards and events
    agree at every step. Returns the learner steps taken."""
    from yakuman.game import Game
    from yakuman.game.gym_env import observation, round_rewards

    obs, info = env.reset(seed=seed)
    ref = Game(env.rules, env.game_seed)
    rng = np.random.default_rng(seed)

    def advance():
        while not ref.done and ref.decision_seat != env.seat:
            s = ref.decision_seat
            ref.step(ref.policy_action(s, names[s]))

    advance()
    for t in range(steps):
        want = observation(ref, env.seat, not ref.done)
        assert all((obs[k] == want[k]).all() for k in want), t
        if ref.done:
            return t
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        before = len(ref.rounds)
        ref.step(ref.action_of_index(env.seat, a))
        advance()
        obs, r, done, _, info = env.step(a)
        assert not info["illegal_action"] and done == ref.done
        assert r == float(round_rewards(ref, before, env.reward)[env.seat])
    assert env.game.events == ref.events
    return steps


def test_gymnasium_ev_opponents_play_the_engines_ev_policy():
    """opponents="ev": every other seat's decision is the engine's ev policy (Game.policy_action
    with "ev", the C policy of csrc/ym_game_ev.c), checked step by step against a reference game."""
    from yakuman.game.gym_env import MahjongEnv

    env = MahjongEnv(seat=0, opponents="ev")
    assert _lockstep(env, {1: "ev", 2: "ev", 3: "ev"}, 20, seed=2) == 20
    # ev is not greedy: the same seed with greedy opponents gives other events
    g_env = MahjongEnv(seat=0, opponents="greedy")
    assert _lockstep(g_env, {1: "greedy", 2: "greedy", 3: "greedy"}, 20, seed=2) == 20
    assert g_env.game.events != env.game.events


def test_gymnasium_opponents_per_seat_in_turn_order_after_the_learner():
    from yakuman.game.gym_env import MahjongEnv

    env = MahjongEnv(seat=2, opponents=("ev", "tsumogiri", "random"))    # seats 3, 0, 1
    assert _lockstep(env, {3: "ev", 0: "tsumogiri", 1: "random"}, 40, seed=7) == 40
    env3 = MahjongEnv(Rules.tenhou_sanma(), seat=1, opponents=["greedy", "ev"])   # seats 2, 0
    assert _lockstep(env3, {2: "greedy", 0: "ev"}, 30, seed=1) == 30


@pytest.mark.parametrize("bad, match", [
    ("evil", "unknown policy 'evil'"),
    (("ev", "greedy"), "one policy name or 3 names"),
    (("ev", "greedy", 3), "unknown policy 3"),
])
def test_gymnasium_bad_opponents_raise(bad, match):
    from yakuman.errors import InvalidContextError
    from yakuman.game.gym_env import MahjongEnv

    with pytest.raises(InvalidContextError, match=match):
        MahjongEnv(opponents=bad)


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["4p", "3p"])
def test_pettingzoo_aec_env_passes_api_test(rules):
    from pettingzoo.test import api_test

    from yakuman.game.pz_env import MahjongAEC

    api_test(MahjongAEC(rules), num_cycles=300)


def test_pettingzoo_rewards_are_the_round_deltas():
    from yakuman.game.pz_env import MahjongAEC

    env = MahjongAEC(reward="game")
    env.reset(seed=3)
    got = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter(100000):
        obs, r, term, trunc, info = env.last()
        got[agent] += r
        if term:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    res = env.game.result.results
    assert [got[a] for a in env.possible_agents] == list(res)
