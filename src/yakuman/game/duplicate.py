"""Duplicate matches between policies: :func:`arena` plays every wall under every distinct
seating of the policies and reports each policy's average rank, points and rates with 95%
confidence intervals (docs/game.md, "The duplicate arena").

Wall w is game seed ``seed + w``: the engine deals every round of a game from (game seed, round
number), so each seating of one wall sees the same tiles round by round (until the seatings'
games diverge: a dealer repeat in one seating shifts the later rounds against another's). The
seatings of a wall are the distinct permutations of the policy multiset (4 for one policy
against three copies of another, 6 for two against two, 24 for four distinct ones), so the luck
of the deal is shared out evenly and cancels in the per-wall means.

Confidence intervals: the games of one wall are not independent (they share the tiles), so the
unit of sampling is the wall. For each policy and wall the values of all its seats over all
seatings are averaged (one per-wall mean); the estimate is the mean of the per-wall means and its
95% interval is mean +- t(0.975, W-1) * sd / sqrt(W) over the W walls (sd with W-1). A wall
with any game that did not finish (the native step limit) is left out whole, so the seatings
stay balanced; ``excluded_walls`` counts those.

Built-in policies (names of :data:`yakuman.game.POLICIES`) run in the native loop without the
GIL on ``workers`` threads; when any seat is a callable ``(Observation) -> Action`` every game
is driven through :class:`~yakuman.game.Game` in this thread, the named seats choosing by
:meth:`Game.policy_action <yakuman.game.Game.policy_action>` -- the same choices in the same order
as the native loop, so a callable that reproduces a built-in policy gives the native results.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from yakuman._arrays import n_workers
from yakuman.errors import IllegalActionError, InvalidContextError
from yakuman.game import POLICIES, Action, Game, _count, _play, _policy, _rules_arg, _short
from yakuman.rules import Rules
from yakuman._arrays import rep, shown

__all__ = ["ArenaResult", "PolicyStats", "arena", "t_quantile"]

_METRICS = ("avg_rank", "points", "result", "first_rate", "last_rate")


def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t with df degrees of freedom (p in (0.5, 1)): exact for df 1
    and 2 (closed forms), else the normal quantile corrected by the Cornish-Fisher expansion in
    1/df to the fourth order: within 4e-3 of the exact value at df 3, 3e-4 at df 5, 1e-5 at df 10
    and beyond (tests/game/test_arena.py checks it against tabled values)."""
    from statistics import NormalDist

    if any(type(v) is bool or not isinstance(v, (int, float)) for v in (p, df)) or not 0.5 < p < 1 or not df > 0:
        raise InvalidContextError(f"t_quantile takes p in (0.5, 1) and df > 0, not p={shown(p, 20)}, df={shown(df, 20)}")

    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = NormalDist().inv_cdf(p)
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_ci(per_wall: Any) -> tuple[float, float, float]:
    """(mean, low, high): the mean of per-wall values and its 95% t interval (NaN bounds for
    fewer than two walls)."""
    import numpy as np

    x = np.asarray(per_wall, dtype=np.float64)
    w = len(x)
    if w == 0:
        return math.nan, math.nan, math.nan
    m = float(x.mean())
    if w < 2:
        return m, math.nan, math.nan
    half = t_quantile(0.975, w - 1) * float(x.std(ddof=1)) / math.sqrt(w)
    return m, m - half, m + half


@dataclass(frozen=True, slots=True)
class PolicyStats:
    """One policy's figures: each metric as (mean, 95% low, 95% high) over the walls.
    ``avg_rank`` is 1 (first) .. players; ``points`` = final score - start points; ``result``
    = the game's result (points - return points + uma, oka to first: ``simulate``'s
    ``results``); ``first_rate`` / ``last_rate`` the share of its games placed first / last.
    ``games`` = seat-games played (its seats x seatings x walls counted)."""

    name: str
    games: int
    avg_rank: tuple[float, float, float]
    points: tuple[float, float, float]
    result: tuple[float, float, float]
    first_rate: tuple[float, float, float]
    last_rate: tuple[float, float, float]


class ArenaResult:
    """What :func:`arena` played. ``stats[name]`` -> :class:`PolicyStats` (names in seat order
    of first appearance); ``seatings`` (tuple of per-seat names, the first is the order given);
    per game (wall-major, then seating): ``wall`` (index), ``seed``, ``seating`` (index),
    ``placements`` / ``scores`` / ``results`` (games x players, by seat), ``status`` (0 =
    finished); ``walls`` played, ``excluded_walls`` (left out of the stats: a game unfinished).
    ``to_pandas()`` gives one row per policy."""

    def __init__(self, names: tuple[str, ...], seatings: tuple[tuple[str, ...], ...], walls: int, seed: int,
                 rules: Rules, cols: dict, native: bool) -> None:
        import numpy as np

        self.names = names
        self.seatings = seatings
        self.walls = walls
        self.seed = seed
        self.rules = rules
        self.native = native
        k = len(seatings)
        self.wall = np.repeat(np.arange(walls, dtype=np.int64), k)
        self.seating = np.tile(np.arange(k, dtype=np.int64), walls)
        self.seed_of_game = cols["seed"]
        self.placements = cols["placements"]
        self.scores = cols["scores"]
        self.results = cols["results"]
        self.status = cols["status"]
        bad = (self.status != 0).reshape(walls, k).any(axis=1) if walls else np.zeros(0, dtype=bool)
        self.excluded_walls = int(bad.sum())
        self.stats = {name: self._stats(name, ~bad) for name in names}

    @property
    def games(self) -> int:
        return len(self.status)

    def _stats(self, name: str, keep: Any) -> PolicyStats:
        import numpy as np

        walls, k, p = self.walls, len(self.seatings), self.rules.players
        mask = np.array([[s == name for s in seating] for seating in self.seatings], dtype=np.float64)  # k x p
        per = mask.sum()   # this policy's seat-games per wall
        rank = self.placements.astype(np.float64).reshape(walls, k, p) + 1
        pts = (self.scores.astype(np.float64) - self.rules.start_points).reshape(walls, k, p)
        res = self.results.astype(np.float64).reshape(walls, k, p)

        def wall_mean(v: Any) -> Any:
            return (v * mask).sum(axis=(1, 2))[keep] / per

        return PolicyStats(name, int(per * int(keep.sum())), mean_ci(wall_mean(rank)), mean_ci(wall_mean(pts)),
                           mean_ci(wall_mean(res)), mean_ci(wall_mean((rank == 1).astype(np.float64))),
                           mean_ci(wall_mean((rank == p).astype(np.float64))))

    def to_pandas(self):
        """One row per policy: games, then each metric's mean, ``_lo`` and ``_hi``."""
        import pandas as pd

        rows = []
        for st in self.stats.values():
            row: dict[str, Any] = {"policy": st.name, "games": st.games}
            for m in _METRICS:
                v, lo, hi = getattr(st, m)
                row.update({m: v, f"{m}_lo": lo, f"{m}_hi": hi})
            rows.append(row)
        return pd.DataFrame(rows).set_index("policy")

    def __repr__(self) -> str:
        k = len(self.seatings)
        head = (f"ArenaResult: {self.walls} walls x {k} seatings = {self.games} games, seeds {self.seed}.."
                f"{self.seed + max(self.walls, 1) - 1}, {self.rules.players} players"
                + (f", {self.excluded_walls} walls excluded (unfinished games)" if self.excluded_walls else ""))
        lines = [head, f"{'policy':<12} {'games':>7}  {'avg rank':>22}  {'points':>26}  {'first':>7} {'last':>7}"]
        for st in self.stats.values():
            r, pt = st.avg_rank, st.points
            lines.append(f"{st.name:<12} {st.games:>7}  {r[0]:6.3f} [{r[1]:6.3f}, {r[2]:6.3f}]  "
                         f"{pt[0]:+8.0f} [{pt[1]:+7.0f}, {pt[2]:+7.0f}]  {st.first_rate[0]:7.1%} {st.last_rate[0]:7.1%}")
        return "\n".join(lines)


def _names(policies: Sequence, players: int) -> tuple[list, tuple[str, ...]]:
    """(per entry: its name, the distinct names in order of first appearance). Entries that are
    the same name or the same callable object are one policy."""
    if isinstance(policies, (str, bytes)) or not isinstance(policies, Sequence):
        raise InvalidContextError(f"policies must be a sequence of {players} policies (one per seat), "
                                  f"not {rep(policies)}")
    if len(policies) != players:
        raise InvalidContextError(f"{len(policies)} policies for {players} players: give one per seat")
    seen: dict[Any, str] = {}
    out = []
    for i, p in enumerate(policies):
        if isinstance(p, str):
            _policy(p)
            key: Any = ("name", p)
            name = p
        elif callable(p):
            key = ("call", id(p))
            name = getattr(p, "__name__", None) or type(p).__name__
        else:
            raise InvalidContextError(f"policies[{i}] = {rep(p)} is neither a policy name ({', '.join(POLICIES)}) "
                                      f"nor a callable(Observation) -> Action")
        if key not in seen:
            while name in seen.values():
                name = f"{name}#{i}"
            seen[key] = name
        out.append(seen[key])
    return out, tuple(dict.fromkeys(out))


def seatings(names: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The distinct permutations of ``names`` (the seat order given first, then in the order of
    itertools.permutations)."""
    return tuple(dict.fromkeys(itertools.permutations(names)))


def _drive(r: Rules, seed: int, seating: tuple, by_name: dict) -> tuple:
    """One game through Game: seat q plays by_name[seating[q]] (a POLICIES code or a callable);
    the seats are asked in the native loop's order. (scores, placements, results, status)."""
    g = Game(r, seed)
    st = g._st
    while not g.done:
        seat = g.decision_seat
        pol = by_name[seating[seat]]
        if type(pol) is int:
            g._apply(st.policy_choose(seat, pol))
            continue
        action = pol(g.observation(seat))
        # given as the asked seat's answer ({seat: action}): the engine reads the action's actor
        # once and refuses another seat's, so that no second read (a mapping whose get answers
        # differently each time) can make one seat's policy act for another seat to act
        try:
            g.step({seat: action})
        except IllegalActionError as e:
            raise IllegalActionError(f"policy {rep(seating[seat])} answered {_short(action)} for seat {seat}: {e} "
                                     f"(the action must be that seat's, and legal)") from None
    res = g.result
    return res.scores, res.placements, res.results, 0


def arena(policies: Sequence[str | Callable[[Any], Action | dict]], n: int, *, seed: int = 0,
          rules: Rules | None = None, workers: int | None = None) -> ArenaResult:
    """Duplicate matches: ``n`` walls (game seeds ``seed .. seed + n - 1``), each played under
    every distinct seating of ``policies`` (one entry per seat: a name of POLICIES or a
    callable(Observation) -> Action or mjai dict). Built-in policies only: the native loop on
    ``workers`` threads (None = all cores); with a callable: Game in this thread (``workers``
    unused). Returns an :class:`ArenaResult` (module docstring: the intervals' method)."""
    import numpy as np

    r = _rules_arg(rules)
    _count(n, " (walls)")
    if type(seed) is not int or seed < 0:
        raise InvalidContextError(f"seed must be a non-negative integer, not {_short(seed)}")
    workers = n_workers(workers)
    per_entry, names = _names(policies, r.players)
    by_name = {}
    for name, p in zip(per_entry, policies):
        by_name[name] = POLICIES[p] if isinstance(p, str) else p
    seats = seatings(per_entry)
    k, players = len(seats), r.players
    seeds = np.repeat(np.arange(n, dtype=np.uint64) + np.uint64(seed & (2**64 - 1)), k)
    native = all(type(v) is int for v in by_name.values())
    if native:
        codes = np.zeros((n * k, 4), dtype=np.uint8)
        codes[:, :players] = np.tile(np.array([[by_name[s] for s in st] for st in seats], dtype=np.uint8), (n, 1))
        cols = _play(r, seeds, codes, workers)
    else:
        cols = {"seed": seeds, "scores": np.zeros((n * k, players), dtype=np.int64),
                "results": np.zeros((n * k, players), dtype=np.int64),
                "placements": np.zeros((n * k, players), dtype=np.uint8), "status": np.zeros(n * k, dtype=np.uint8)}
        for i in range(n * k):
            sc, pl, rs, status = _drive(r, int(seeds[i]), seats[i % k], by_name)
            cols["scores"][i], cols["placements"][i], cols["results"][i], cols["status"][i] = sc, pl, rs, status
    return ArenaResult(names, seats, n, seed, r, cols, native)
