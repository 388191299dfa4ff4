"""Microseconds per ``Game.determinize`` at fixed positions, in interleaved rounds (the fastest
round of each case).

Positions (all from seeded random play, so every run times the same states):
  round1     East 1, 60 decisions in, nobody in riichi;
  round7     the 7th round of a game, 40 decisions in (six finished rounds in the record);
  riichi     a position where another seat is in riichi (its hand is drawn among tenpai hands);
  new-pos    round1's game moved on one decision before each call (the seat's view is rebuilt).
Each call is followed by nothing else: the world's record is filled in only when read, which
``events`` times separately (round7's world, first read), and ``Game.events`` of round7's game
(a list of the record's read-only events).

Usage: ``PYTHONPATH=src python bench/determinize_rate.py [ROUNDS]`` (default 5). Run it with
another checkout's ``src`` on PYTHONPATH to compare versions in the same conditions.
"""

from __future__ import annotations

import random
import sys
import time

from yakuman.game import Game


def _pick(g: Game, rng: random.Random, prefer_riichi: bool):
    if len(g.to_act) > 1:
        return {q: rng.choice(g.legal_actions(q)) for q in g.to_act}
    acts = g.legal_actions(g.to_act[0])
    if prefer_riichi:
        r = [a for a in acts if a.type == "reach"]
        if r:
            return r[0]
        d = [a for a in acts if a.type == "dahai"]
        if d:
            return rng.choice(d)
    return rng.choice(acts)


def positions() -> dict[str, tuple[Game, int]]:
    out = {}
    rng = random.Random(1)
    g = Game(seed=3)
    for _ in range(60):
        g.step(_pick(g, rng, False))
    out["round1"] = (g, g.to_act[0])
    g = Game(seed=5)
    rng = random.Random(1)
    while len(g.rounds) < 6:
        g.step(_pick(g, rng, False))
    for _ in range(40):
        g.step(_pick(g, rng, False))
    out["round7"] = (g, g.to_act[0])
    for seed in range(100):
        g = Game(seed=seed)
        rng = random.Random(seed)
        while not g.done and len(g.rounds) == 0:
            g.step(_pick(g, rng, True))
            riichi = g.observation(0).riichi
            if any(riichi[1:]) and g.to_act and g.to_act[0] == 0 and not g.done:
                out["riichi"] = (g, 0)
                break
        if "riichi" in out:
            break
    return out


def per_call(g: Game, seat: int, n: int) -> float:
    t = time.perf_counter()
    for i in range(n):
        g.determinize(seat, i)
    return (time.perf_counter() - t) / n * 1e6


def new_positions(g: Game, n: int) -> float:
    rng = random.Random(2)
    games = []
    for _ in range(n):
        g = g.copy()
        if g.done:
            break
        g.step(_pick(g, rng, False))
        games.append(g)
    t = time.perf_counter()
    for i, h in enumerate(games):
        h.determinize(h.to_act[0], i)
    return (time.perf_counter() - t) / len(games) * 1e6


def first_read(g: Game, seat: int, n: int) -> float:
    worlds = [g.determinize(seat, i) for i in range(n)]
    t = time.perf_counter()
    for w in worlds:
        w.events
    return (time.perf_counter() - t) / n * 1e6


def tenpai_share(n: int = 1_000_000) -> float:
    """The share of random 13-tile hands (13 of the 136 ids) that are tenpai: the acceptance rate
    of the riichi sampler's rejection."""
    import numpy as np

    from yakuman.batch import waits_many

    rng = np.random.default_rng(1)
    ids = np.argsort(rng.random((n, 136)), axis=1)[:, :13]
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 13), (ids // 4).ravel()), 1)
    return float((waits_many(counts) != 0).mean())


def main(rounds: int) -> None:
    share = tenpai_share()
    print(f"random 13-tile hands that are tenpai: {share:.3g} (1 in {1 / share:,.0f})")
    pos = positions()
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, (g, seat) in pos.items():
            best[name] = min(best.get(name, 1e18), per_call(g, seat, 200 if name != "riichi" else 50))
        best["new-pos"] = min(best.get("new-pos", 1e18), new_positions(pos["round1"][0], 20))
        g, seat = pos["round7"]
        best["round7 world events, first read"] = min(best.get("round7 world events, first read", 1e18),
                                                      first_read(g, seat, 20))
        t = time.perf_counter()
        for _ in range(200):
            g.events
        best[f"Game.events of round7's game ({len(g.events)} events)"] = min(
            best.get(f"Game.events of round7's game ({len(g.events)} events)", 1e18), (time.perf_counter() - t) / 200 * 1e6)
    for name, us in best.items():
        print(f"{name:36} {us:10.1f} us per call")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
