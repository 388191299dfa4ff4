"""A PettingZoo AEC environment: every seat an agent (``player_0`` ...), acting in the order a
VecGame asks them (``docs/learning.md``). Importing this module imports pettingzoo and
gymnasium (not dependencies of yakuman).

``observe(agent)`` is that seat's dict of ``planes``, ``scalars`` and ``action_mask`` (all zero
unless it is the agent to act). ``step(index)`` applies the selected agent's action (an index
that is not legal raises IllegalActionError: the mask says which are). Rewards: every seat's
point change of each round that ends (``reward="round"``) or the final results when the game
ends (``reward="game"``); at the game's end every agent terminates.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from yakuman.errors import InvalidContextError
from yakuman.game import ACTION_SPACE, Game
from yakuman.game.gym_env import action_arg, observation, observation_space, round_rewards
from yakuman.rules import Rules
from yakuman._arrays import rep

__all__ = ["MahjongAEC"]


class MahjongAEC(AECEnv):
    metadata = {"name": "yakuman_mahjong_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, rules: Rules | None = None, reward: str = "round") -> None:
        super().__init__()
        self.rules = Rules.tenhou() if rules is None else rules
        if reward not in ("round", "game"):
            raise InvalidContextError(f"reward must be 'round' or 'game', not {rep(reward)}")
        self.reward = reward
        self.possible_agents = [f"player_{i}" for i in range(self.rules.players)]
        self._obs_space = observation_space()
        self._act_space = spaces.Discrete(ACTION_SPACE)
        self.game: Game | None = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = Game(self.rules, int(self._rng.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.decision_seat]

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        g = self.game
        return observation(g, seat, not g.done and g.decision_seat == seat)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        before = len(g.rounds)
        g.step(g.action_of_index(seat, action_arg(action)))
        r = round_rewards(g, before, self.reward)
        for q, a in enumerate(self.possible_agents):
            self.rewards[a] = float(r[q])
        if g.done:
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[g.decision_seat]
        self._accumulate_rewards()
