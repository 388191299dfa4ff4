"""A small numpy policy for the learning back-end's end-to-end proof (``docs/learning.md``):
a softmax over the fixed action space, trained by behaviour cloning on record decisions
(:func:`yakuman.logs.decisions.decisions`), played batched over a
:class:`~yakuman.game.VecGame` (:func:`play`), and improved by self-play (:func:`self_play`,
REINFORCE on the round rewards).

The logit of action i is ``b[i]`` (one weight per index: win, riichi, call or pass; 0 for the
discards) plus, for a discard, ``u . phi(kind)`` where phi are the discarded kind's features read from the planes:
copies held, neighbours held one and two ranks away in its suit, honor, terminal, unseen
copies, dora, a red five, an isolated single, a pair, a lone or paired honor (not
whether it is the drawn tile: players keep useful draws, so tsumogiri predicts a record's
choice without causing a good one), and the discard's tile efficiency from the seat's own
hand (its shanten over the best discard's, its ukeire: yakuman.search.discard_analysis_many). The same u serves every kind, so a few hundred
decisions fit it. Illegal actions get probability 0 (masked before the softmax).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from yakuman.errors import InvalidContextError
from yakuman.game import ACTION_SPACE
from yakuman.game.vec import VecGame
from yakuman._arrays import shown

__all__ = ["LinearPolicy", "RandomPolicy", "discard_features", "play", "self_play", "random_actions"]

N_DISCARD = 74
N_PHI = 14
_KIND = np.array([k for k in range(34)] * 2 + [4, 13, 22] * 2)           # kind of each discard index
_RED = np.array([0] * 68 + [1] * 6, np.float32)
_SUITED = _KIND < 27
_RANK = np.where(_SUITED, _KIND % 9, -1)


def _neighbour(c: np.ndarray, d: int) -> np.ndarray:
    """[N, 74]: copies held of each discard's kind + d in its suit (0 outside it)."""
    r = _RANK + d
    ok = _SUITED & (r >= 0) & (r <= 8)
    idx = np.where(ok, _KIND + d, 0)
    return c[:, idx] * ok


def _efficiency(planes: np.ndarray, scalars: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """[N, 34] each: how much a discard of the kind raises the shanten over the best discard
    (0 = among the best; 3 for a kind not held) and its ukeire (tiles that lower the shanten
    after it) / 20, for the rows holding 14 - 3 x melds tiles (others: zeros)."""
    from yakuman.search import discard_analysis_many

    n = len(planes)
    worse = np.full((n, 34), 3.0, np.float32)
    uke = np.zeros((n, 34), np.float32)
    c = planes[:, 0, :]
    melds = scalars[:, 18].astype(np.int64)
    rows = np.flatnonzero(c.sum(1) == 14 - 3 * melds)
    if len(rows) == 0:
        return np.zeros((n, 34), np.float32), uke
    out = discard_analysis_many(np.ascontiguousarray(c[rows]), errors="status")
    for j, r in enumerate(rows):
        if out.status[j]:
            worse[r] = 0.0
            continue
        m = int(out.n[j])
        t, sh, tot = out.tile[j, :m], out.shanten[j, :m].astype(np.float32), out.total[j, :m]
        worse[r, t] = np.minimum(sh - sh.min(), 3.0)
        uke[r, t] = tot / 20.0
    return worse, uke


def discard_features(planes: np.ndarray, scalars: np.ndarray) -> np.ndarray:
    """float32 [N, 74, N_PHI]: phi of every discard index (see the module docstring)."""
    planes, scalars = np.asarray(planes), np.asarray(scalars)
    if planes.ndim != 3 or planes.shape[2] != 34 or scalars.ndim != 2 or len(scalars) != len(planes):
        raise InvalidContextError(f"discard_features takes a batch's planes [N, P, 34] and scalars [N, S], not "
                                  f"shapes {planes.shape} and {scalars.shape}")
    c = planes[:, 0, :].astype(np.float32)
    n = len(planes)
    phi = np.empty((n, N_DISCARD, N_PHI), np.float32)
    phi[:, :, 0] = c[:, _KIND]
    phi[:, :, 1] = _neighbour(c, -1) + _neighbour(c, 1)
    phi[:, :, 2] = _neighbour(c, -2) + _neighbour(c, 2)
    phi[:, :, 3] = (_KIND >= 27)
    phi[:, :, 4] = _SUITED & ((_RANK == 0) | (_RANK == 8))
    phi[:, :, 5] = planes[:, 21, :][:, _KIND] / 4.0
    phi[:, :, 6] = planes[:, 19, :][:, _KIND] > 0
    phi[:, :, 7] = (_KIND >= 27) & (c[:, _KIND] >= 2)                                   # an honor pair
    phi[:, :, 8] = _RED
    phi[:, :, 9] = (phi[:, :, 1] == 0) & (phi[:, :, 2] == 0) & (phi[:, :, 0] == 1)   # isolated single
    phi[:, :, 10] = phi[:, :, 0] >= 2                                                  # a pair or more
    phi[:, :, 11] = (phi[:, :, 3] > 0) & (phi[:, :, 0] == 1)                           # a lone honor
    worse, uke = _efficiency(planes, scalars)
    phi[:, :, 12] = worse[:, _KIND]
    phi[:, :, 13] = uke[:, _KIND]
    return phi


def _masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, logits, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    return p


@dataclass
class LinearPolicy:
    """logits[:, i] = b[i] (+ phi_i . u for discards)."""

    b: np.ndarray
    u: np.ndarray

    @classmethod
    def zeros(cls) -> LinearPolicy:
        return cls(np.zeros(ACTION_SPACE, np.float32), np.zeros(N_PHI, np.float32))

    def logits(self, planes: np.ndarray, scalars: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        phi = discard_features(planes, scalars)
        z = np.repeat(self.b[None, :], len(planes), axis=0)
        z[:, :N_DISCARD] += phi @ self.u
        return z, phi

    def act(self, planes: np.ndarray, scalars: np.ndarray, mask: np.ndarray, rng: Any = None) -> np.ndarray:
        """int64 [N]: the most likely legal action (rng None) or a sample."""
        z = np.where(mask, self.logits(planes, scalars)[0], -np.inf)
        if rng is not None:
            z = z + rng.gumbel(size=z.shape)
        return z.argmax(1)

    def grad(self, planes: np.ndarray, scalars: np.ndarray, mask: np.ndarray, action: np.ndarray,
             weight: np.ndarray | None = None, phi: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The gradient of the mean (weighted) log-likelihood of ``action`` (phi: the rows'
        discard features when already computed)."""
        if phi is None:
            phi = discard_features(planes, scalars)
        z = np.repeat(self.b[None, :], len(planes), axis=0)
        z[:, :N_DISCARD] += phi @ self.u
        p = _masked_softmax(z, mask)
        diff = -p
        diff[np.arange(len(action)), action] += 1.0
        if weight is not None:
            diff *= weight[:, None]
        gb = diff.sum(0) / len(action)
        gb[:N_DISCARD] = 0.0   # discards share u (per-kind weights would fit a few hundred rows' noise)
        gu = np.einsum("nd,ndf->f", diff[:, :N_DISCARD], phi) / len(action)
        return gb.astype(np.float32), gu.astype(np.float32)

    @classmethod
    def fit(cls, d: Any, epochs: int = 400, lr: float = 0.05, l2: float = 1e-3) -> LinearPolicy:
        """Behaviour cloning: Adam ascent on the log-likelihood of ``d.action`` (full batch)."""
        pol = cls.zeros()
        mask = np.asarray(d.mask, bool)
        act = np.asarray(d.action, np.int64)
        phi = discard_features(d.planes, d.scalars)
        params = [pol.b, pol.u]
        m = [np.zeros_like(x) for x in params]
        v = [np.zeros_like(x) for x in params]
        for t in range(1, epochs + 1):
            grads = pol.grad(d.planes, d.scalars, mask, act, phi=phi)
            for x, g, mi, vi in zip(params, grads, m, v):
                g = g - l2 * x
                mi *= 0.9
                mi += 0.1 * g
                vi *= 0.999
                vi += 0.001 * g * g
                x += lr * (mi / (1 - 0.9**t)) / (np.sqrt(vi / (1 - 0.999**t)) + 1e-8)
        return pol

    def accuracy(self, d: Any) -> float:
        return float((self.act(d.planes, d.scalars, d.mask) == d.action).mean())


def random_actions(mask: np.ndarray, rng: Any) -> np.ndarray:
    """A uniformly random legal index per row (``mask``: [N, A] of 0/1; ``rng``: a numpy Generator)."""
    if not isinstance(rng, np.random.Generator):
        raise InvalidContextError(f"random_actions takes a numpy Generator, not {type(rng).__name__}")
    mask = np.asarray(mask)
    if mask.ndim != 2 or mask.dtype.kind not in "biu":
        raise InvalidContextError(f"random_actions takes an [N, A] 0/1 mask, not {mask.dtype} of shape {mask.shape}")
    return (rng.random(mask.shape, dtype=np.float32) * mask).argmax(1)


class RandomPolicy:
    """Uniformly random legal actions (the baseline), with the ``act`` of LinearPolicy."""

    def __init__(self, seed: int = 0) -> None:
        if type(seed) is not int or seed < 0:
            raise InvalidContextError(f"RandomPolicy: seed must be a non-negative integer, not {shown(seed, 40)}")
        self.rng = np.random.default_rng(seed)

    def act(self, planes: np.ndarray, scalars: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return random_actions(mask, self.rng)


def _check_policy(policy: Any, what: str) -> None:
    if not callable(getattr(policy, "act", None)):
        raise InvalidContextError(f"{what} must have an act(planes, scalars, mask) method, not {type(policy).__name__}")


def play(policy: Any, *, games: int = 64, seed: int = 0, rules: Any = None, opponents: Any = None,
         workers: int = 1) -> dict:
    """``games`` whole games, one per VecGame slot: in game k seat ``k % players`` plays
    ``policy`` (its ``act``), the other seats ``opponents`` (None = uniformly random legal
    actions). Seats rotate because the seat order breaks ties (the first dealer's seat wins a
    tie, and random play ends many games level). Returns that seat's ``placements`` (0 = first)
    and ``results`` (points - return + uma) per game."""
    _check_policy(policy, "play's policy")
    if opponents is not None:
        _check_policy(opponents, "play's opponents")
    v = VecGame(games, rules, seed=seed, reward="game", workers=workers)
    o = v.observe()
    rng = np.random.default_rng(seed)
    players = v.players
    learner = np.arange(games) % players
    finished = np.zeros(games, bool)
    placements = np.zeros(games, np.int64)
    results = np.zeros(games, np.float64)
    a = np.zeros(games, np.int64)
    while not finished.all():
        mine = o.seat == learner
        a[:] = random_actions(o.mask, rng)
        if opponents is not None and (~mine).any():
            a[~mine] = opponents.act(o.planes[~mine], o.scalars[~mine], o.mask[~mine])
        if mine.any():
            a[mine] = policy.act(o.planes[mine], o.scalars[mine], o.mask[mine])
        r = v.step(a)
        for k in np.flatnonzero(o.done & ~finished):
            res, seat = r[k], learner[k]
            # placement: seats with a higher result, ties to the earlier seat
            placements[k] = sum(1 for q in range(players) if res[q] > res[seat] or (res[q] == res[seat] and q < seat))
            results[k] = res[seat]
            finished[k] = True
    return {"placements": placements, "results": results}


def self_play(policy: LinearPolicy, *, n: int = 32, steps: int = 2000, seed: int = 0, lr: float = 0.1,
              rules: Any = None, workers: int = 1) -> dict:
    """Every seat of ``n`` games plays ``policy`` (sampled) for ``steps`` batched steps; then one
    REINFORCE update: each decision's log-likelihood gradient weighted by the deciding seat's
    reward (points / 1000) of the round it was taken in. Returns the decisions, the rounds
    finished and the updated policy."""
    if not isinstance(policy, LinearPolicy):
        raise InvalidContextError(f"self_play trains a LinearPolicy, not {type(policy).__name__}")
    for name, v in (("steps", steps), ("seed", seed)):
        if type(v) is not int or v < 0:
            raise InvalidContextError(f"self_play: {name} must be a non-negative integer, not {shown(v, 40)}")
    if type(lr) is bool or not isinstance(lr, (int, float)) or not np.isfinite(lr):
        raise InvalidContextError(f"self_play: lr must be a finite number, not {shown(lr, 40)}")
    v = VecGame(n, rules, seed=seed, reward="round", workers=workers)
    o = v.observe()
    rng = np.random.default_rng(seed)
    planes, scalars, acts, masks, who, rounds = [], [], [], [], [], []
    round_no = np.zeros(n, np.int64)
    returns: dict = {}
    for _ in range(steps):
        a = policy.act(o.planes, o.scalars, o.mask, rng)
        planes.append(o.planes.copy())
        scalars.append(o.scalars.copy())
        acts.append(a)
        masks.append(o.mask.copy())
        who.append(o.seat.copy())
        rounds.append(round_no.copy())
        r = v.step(a)
        for k in np.flatnonzero(r.any(axis=1) | o.done):
            returns[(k, int(round_no[k]))] = r[k] / 1000.0
            round_no[k] += 1
    slot = np.tile(np.arange(n), steps)
    seat = np.concatenate(who)
    rnd = np.concatenate(rounds)
    g = np.array([returns[(k, rn)][s] if (k, rn) in returns else 0.0 for k, rn, s in zip(slot, rnd, seat)],
                 np.float32)
    gb, gu = policy.grad(np.concatenate(planes), np.concatenate(scalars), np.concatenate(masks),
                         np.concatenate(acts), g)
    new = LinearPolicy(policy.b + lr * gb, policy.u + lr * gu)
    return {"decisions": len(g), "rounds": len(returns), "policy": new}
