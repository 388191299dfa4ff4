"""The ev policy in the duplicate arena: one seat of POLICY against three of each opponent, and
the policy's native rollout rate (docs/ev.md has the figures and this command).

For each opponent the walls are played in chunks of --chunk walls (each chunk one
``yakuman.game.arena`` call on consecutive seeds, so the chunks together are exactly the arena of
all the walls); every finished chunk's columns are saved in --out (one .npz per chunk), so a run
that is stopped keeps what it played, and running the same command again plays only the chunks
still missing. The summary is computed from every saved chunk of the run: the arena's figures
(average rank, points, result, first / last rates, 95% intervals over walls) and how many walls
and hanchan they rest on.

Rate: ``simulate(--rate-games, policy=POLICY, workers=1)`` in hanchan per second of wall time
and of process CPU time (the CPU figure is the one-core rate on a loaded machine).

Usage: ``PYTHONPATH=src python bench/ev_arena.py [--policy ev] [--against greedy random]
[--walls 500] [--chunk 25] [--seed 0] [--workers N] [--rate-games 8] [--out bench/.ev_arena]
[--saved-only]]``
(500 walls x 4 seatings = 2,000 hanchan per opponent).
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from yakuman import Rules
from yakuman.game import arena, simulate
from yakuman.game.duplicate import ArenaResult, seatings

COLS = ("seed", "scores", "results", "placements", "status")


def play(policy: str, against: str, walls: int, chunk: int, seed: int, workers: int, out: str,
         saved_only: bool = False) -> ArenaResult:
    pols = [policy, against, against, against]
    rules = Rules.tenhou()
    os.makedirs(out, exist_ok=True)
    parts = []
    done = 0
    for start in range(0, walls, chunk):
        n = min(chunk, walls - start)
        path = os.path.join(out, f"{policy}-vs-{against}-seed{seed + start}-n{n}.npz")
        if not os.path.exists(path):
            if saved_only:
                break
            t0, c0 = time.perf_counter(), time.process_time()
            r = arena(pols, n, seed=seed + start, rules=rules, workers=workers)
            cpu = time.process_time() - c0
            np.savez(path + ".tmp.npz", seed=r.seed_of_game, scores=r.scores, results=r.results,
                     placements=r.placements, status=r.status)
            os.replace(path + ".tmp.npz", path)
            print(f"  {policy} vs {against}: walls {seed + start}..{seed + start + n - 1} "
                  f"({r.games} hanchan) in {time.perf_counter() - t0:.1f} s, {cpu:.1f} s cpu "
                  f"({r.games / cpu:.3f} hanchan per cpu-second)", flush=True)
        with np.load(path) as z:
            parts.append({k: z[k] for k in COLS})
        done += n
    cols = {k: np.concatenate([p[k] for p in parts]) for k in COLS} if parts else \
        {k: v for k, v in zip(COLS, (np.zeros(0, np.uint64), *(np.zeros((0, 4), t) for t in (np.int32, np.int32,
                                                                                          np.uint8)),
                                     np.zeros(0, np.uint8)))}
    return ArenaResult(tuple(dict.fromkeys(pols)), seatings(pols), done, seed, rules, cols, True)


def rate(policy: str, games: int) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    cols = simulate(games, seed=1, policy=policy, workers=1)
    t, c = time.perf_counter() - t0, time.process_time() - c0
    assert (cols["status"] == 0).all()
    return games / t, games / c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--policy", default="ev")
    ap.add_argument("--against", nargs="+", default=["greedy", "random"])
    ap.add_argument("--walls", type=int, default=500)
    ap.add_argument("--chunk", type=int, default=25)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--rate-games", type=int, default=8)
    ap.add_argument("--saved-only", action="store_true",
                    help="play nothing: the summary of the chunks already saved (from the first, up to a gap)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".ev_arena"))
    a = ap.parse_args()
    if a.rate_games and not a.saved_only:
        wall, cpu = rate(a.policy, a.rate_games)
        print(f"simulate({a.rate_games}, policy={a.policy!r}, workers=1): {wall:.3f} hanchan/s wall, "
              f"{cpu:.3f} hanchan/s cpu (one core)", flush=True)
    print("| policy | opponents | walls | hanchan | avg rank (95% CI) | points/game (95% CI) | first | last |")
    print("|---|---|---|---|---|---|---|---|")
    if not a.saved_only:   # the opponents' chunks in turn, so a stopped run has played each alike
        for start in range(0, a.walls, a.chunk):
            for against in a.against:
                play(a.policy, against, start + min(a.chunk, a.walls - start), a.chunk, a.seed, a.workers, a.out)
    rows = []
    for against in a.against:
        r = play(a.policy, against, a.walls, a.chunk, a.seed, a.workers, a.out, True)
        for name in r.names:
            st = r.stats[name]
            rk, pt = st.avg_rank, st.points
            rows.append(f"| {name} | {'3 x ' + against if name == a.policy else a.policy + ' + 2 x ' + against} "
                        f"| {r.walls - r.excluded_walls} | {r.games} | {rk[0]:.3f} ({rk[1]:.3f}-{rk[2]:.3f}) "
                        f"| {pt[0]:+.0f} ({pt[1]:+.0f} to {pt[2]:+.0f}) | {st.first_rate[0]:.1%} "
                        f"| {st.last_rate[0]:.1%} |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
