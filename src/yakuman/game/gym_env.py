"""A Gymnasium environment: one learning seat against the engine's built-in policies
(``docs/learning.md``). Importing this module imports gymnasium, which yakuman does not depend
on: install it beside yakuman to use this adapter.

Observation: a dict of ``planes`` uint8 [33, 34], ``scalars`` int64 [24] (csrc/ym_game_obs.c)
and ``action_mask`` int8 [A] (the fixed action space). Action: an index in ``Discrete(A)``.
An index that is not legal now is not applied: the step returns the same observation, reward
``illegal_reward`` and ``info["illegal_action"] = True``. Reward: the learning seat's point
change of each round that ends during the step (``reward="round"``) or its final result
(points - return + uma) when the game ends (``reward="game"``). The other seats play built-in
policies (names of :data:`yakuman.game.POLICIES`: ``random``, ``tsumogiri``, ``greedy``, ``ev``),
seeded from the reset seed: ``opponents`` is one name for every other seat, or a sequence of
names for the seats after the learning seat in turn order (the observation's relative seats
1, 2, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from yakuman import _core
from yakuman._arrays import as_int, shown
from yakuman.errors import InvalidArgumentError, InvalidContextError
from yakuman.game import ACTION_SPACE, POLICIES, Game
from yakuman.rules import Rules
from yakuman._arrays import rep

__all__ = ["MahjongEnv", "action_arg", "observation_space", "observation", "opponent_policies"]

_I64 = np.iinfo(np.int64)


def observation_space() -> spaces.Dict:
    """The observation space of one seat (the same for both adapters)."""
    return spaces.Dict({
        "planes": spaces.Box(0, 255, (_core.GAME_OBS_PLANES, 34), np.uint8),
        "scalars": spaces.Box(_I64.min, _I64.max, (_core.GAME_OBS_SCALARS,), np.int64),
        "action_mask": spaces.Box(0, 1, (ACTION_SPACE,), np.int8),
    })


def observation(game: Game, seat: int, decides: bool) -> dict:
    """New arrays of what ``seat`` sees; the mask is all zero unless ``decides``."""
    planes = np.zeros((_core.GAME_OBS_PLANES, 34), np.uint8)
    scalars = np.zeros(_core.GAME_OBS_SCALARS, np.int64)
    _core.state_obs_into(game._st, seat, planes, scalars)
    mask = game.action_mask(seat).astype(np.int8) if decides else np.zeros(ACTION_SPACE, np.int8)
    return {"planes": planes, "scalars": scalars, "action_mask": mask}


def action_arg(action: Any) -> int:
    """An action given to ``step``: an integer (Python or numpy, not bool; any value, an index
    outside the action space is one that is not legal), else InvalidArgumentError -- never
    truncated (``int(2.9)``) nor parsed (``int("2")``)."""
    a = as_int(action)
    if a is None:
        raise InvalidArgumentError(f"action must be an integer action index 0..{ACTION_SPACE - 1}, "
                                   f"not {shown(action)}")
    return a


def round_rewards(game: Game, rounds_before: int, reward: str) -> np.ndarray:
    """Each seat's reward for what ended since the game had ``rounds_before`` rounds."""
    r = np.zeros(game.rules.players, np.float64)
    if reward == "round":
        for ro in game.rounds[rounds_before:]:
            r += ro.deltas
    elif game.done:
        r += game.result.results
    return r


def opponent_policies(opponents: str | Sequence[str], players: int, seat: int) -> dict[int, int]:
    """{other seat: policy code} from one policy name (every other seat) or ``players - 1`` names
    for the seats after ``seat`` in turn order."""
    names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(names) != players - 1:
        raise InvalidContextError(f"opponents must be one policy name or {players - 1} names (the seats after "
                                  f"the learning seat in turn order), not {len(names)}")
    for nm in names:
        if not isinstance(nm, str) or nm not in POLICIES:
            raise InvalidContextError(f"unknown policy {rep(nm)}: expected one of {', '.join(POLICIES)}")
    return {(seat + r) % players: POLICIES[nm] for r, nm in enumerate(names, 1)}


class MahjongEnv(gymnasium.Env):
    """One learning ``seat`` against ``opponents`` (a built-in policy name, or one per other seat
    in turn order after ``seat``) under ``rules``."""

    metadata = {"render_modes": []}

    def __init__(self, rules: Rules | None = None, seat: int = 0, opponents: str | Sequence[str] = "random",
                 reward: str = "round", illegal_reward: float = -1.0) -> None:
        self.rules = Rules.tenhou() if rules is None else rules
        if reward not in ("round", "game"):
            raise InvalidContextError(f"reward must be 'round' or 'game', not {rep(reward)}")
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise InvalidContextError(f"seat {rep(seat)} is not a seat 0..{self.rules.players - 1}")
        self.seat, self.reward, self.illegal_reward = seat, reward, float(illegal_reward)
        self._policies = opponent_policies(opponents, self.rules.players, seat)
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(ACTION_SPACE)
        self.game: Game | None = None
        self.game_seed: int | None = None   # the current game's seed (Game(rules, game_seed) deals it)

    def _advance(self) -> None:
        """Let the other seats play until the learning seat decides or the game ends."""
        g = self.game
        while not g.done:
            s = g.decision_seat
            if s == self.seat:
                break
            g._apply(g._st.policy_choose(s, self._policies[s]))

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        gseed = int(self.np_random.integers(0, 2**63))
        # the game's seed deals every wall: it stays on the environment (game_seed, for rebuilding
        # the game), never in what the learning seat is given (until 2026-12-06 info["game_seed"])
        self.game_seed = gseed
        self.game = Game(self.rules, gseed)
        self.game._st.seed_policy(gseed)
        self._advance()
        return observation(self.game, self.seat, not self.game.done), {}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        g = self.game
        if g is None:
            raise InvalidContextError("call reset() before step()")
        a = action_arg(action)
        code = _core.state_action_of_index(g._st, self.seat, a) if 0 <= a < ACTION_SPACE else None
        if code is None or g.done:
            return observation(g, self.seat, not g.done), self.illegal_reward, g.done, False, {"illegal_action": True}
        before = len(g.rounds)
        g._apply(code)
        self._advance()
        r = float(round_rewards(g, before, self.reward)[self.seat])
        return observation(g, self.seat, not g.done), r, g.done, False, {"illegal_action": False}
