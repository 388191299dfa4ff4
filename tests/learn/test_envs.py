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
