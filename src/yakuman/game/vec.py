"""Vectorized games for learning: :class:`VecGame` steps n native games per call, on threads,
with the fixed action space (``docs/learning.md``).

Invariants: the engine state of every game lives in native memory (``_core.VecCore``); the
arrays ``observe()`` and ``step()`` return are allocated once and overwritten in place by the
next ``step`` (copy them to keep them). A game is a pure function of its seed and its action
indices: ``VecGame.game(k)`` rebuilds game k as a :class:`~yakuman.game.Game`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yakuman import _core
from yakuman._arrays import as_int, n_workers, shown
from yakuman.errors import IllegalActionError, InvalidArgumentError, InvalidContextError
from yakuman.rules import Rules
from yakuman._arrays import rep

__all__ = ["ACTION_SPACE", "ACTION_SPACE_VERSION", "VecGame", "VecObservation", "replay_indices"]

ACTION_SPACE: int = _core.ACTION_SPACE
ACTION_SPACE_VERSION: int = _core.ACTION_SPACE_VERSION
_REWARDS = {"round": 0, "game": 1}


@dataclass(frozen=True, slots=True)
class VecObservation:
    """The arrays of every game's deciding seat (views of VecGame's buffers, not copies):
    ``planes`` uint8 [n, C, 34], ``scalars`` int64 [n, S] (csrc/ym_game_obs.c), ``mask`` bool
    [n, A] (the legal action indices), ``seat`` int32 [n] (the deciding seat), ``done`` bool
    [n] (the game ended in the last step; its slot now holds a new game), ``status`` uint8 [n]
    (0 = the last step's action was applied, 1 = refused as illegal: that game did not move)."""

    planes: Any
    scalars: Any
    mask: Any
    seat: Any
    done: Any
    status: Any


MAX_GAMES = 1 << 24   # environments in one VecGame (each holds a whole table)


class VecGame:
    """``n`` games in native memory. ``rules`` (None = ``Rules.tenhou()``); ``seed`` (None = one
    base seed drawn from the OS): game k starts with seed ``base + k`` and every game that ends
    is dealt the next unused seed (in game order within a step, so seeds never depend on
    ``workers``). ``reward``: ``"round"`` = each round's point deltas in the step that ends it,
    ``"game"`` = the final results (points - return + uma, oka to first) in the step that ends
    the game. ``workers``: threads of ``step`` (None = all cores)."""

    def __init__(self, n: int, rules: Rules | None = None, seed: int | None = None, reward: str = "round",
                 workers: int | None = None) -> None:
        if type(n) is not int or not 1 <= n <= MAX_GAMES:
            raise InvalidContextError(f"n must be an integer 1..{MAX_GAMES}, not {shown(n)}")
        from yakuman.game import _rules_arg, _seed_arg

        self.rules = _rules_arg(rules)
        seed = _seed_arg(seed, 63)
        if not isinstance(reward, str) or reward not in _REWARDS:
            raise InvalidContextError(f"reward must be 'round' or 'game', not {rep(reward)}")
        self.n, self.seed, self.reward, self.workers = n, seed, reward, n_workers(workers)
        self.players = self.rules.players
        self._core = _core.VecCore(_core.compiled_game_rules(self.rules), n, self.seed, _REWARDS[reward], self.workers)
        c = self._core
        self._obs = VecObservation(c.planes, c.scalars, c.mask, c.seat, c.done, c.status)

    @property
    def action_space(self) -> int:
        return ACTION_SPACE

    def observe(self) -> VecObservation:
        """The current observation arrays (no copy)."""
        return self._obs

    def step(self, actions: Any) -> Any:
        """Apply ``actions`` (int [n]: one action index per game, for its deciding seat) and run
        every game to its next decision. Returns the rewards float32 [n, players] (a buffer
        overwritten by the next step). An index that is not legal in its game is refused for
        that game alone: ``observe().status[k] == 1`` and game k is unchanged."""
        return self._core.step(actions)

    @property
    def seeds(self) -> Any:
        """uint64 [n]: the seed of each slot's current game."""
        return self._core.seeds

    def history(self, k: int) -> tuple[int, Any]:
        """(seed, uint16 action indices) of game k's current game since its start."""
        i = as_int(k, 0, self.n - 1)
        if i is None:
            raise InvalidArgumentError(f"game {shown(k)} is not one of 0..{self.n - 1}")
        return self._core.history(i)

    def game(self, k: int):
        """Game k's current game rebuilt as a :class:`~yakuman.game.Game` (from its seed and
        its action indices)."""
        seed, acts = self.history(k)
        return replay_indices(seed, acts, rules=self.rules)


def replay_indices(seed: int, actions: Any, *, rules: Rules | None = None):
    """A :class:`~yakuman.game.Game` dealt with ``seed`` and stepped with these action indices,
    each for the seat a VecGame asks (:attr:`Game.decision_seat`)."""
    from yakuman.game import Game

    g = Game(rules, seed)
    if isinstance(actions, (str, bytes, dict)):
        raise InvalidArgumentError(f"actions must be a sequence of action indices, not {type(actions).__name__}")
    for j, a in enumerate(actions):
        v = as_int(a)   # read once: an object's __index__ may answer differently the next time
        if v is None:
            raise InvalidArgumentError(f"action {j} must be an integer action index, not {shown(a)}")
        seat = g.decision_seat
        if seat is None:
            raise IllegalActionError(f"action {j} ({v}): the game is over")
        g.step(g.action_of_index(seat, v))
    return g
