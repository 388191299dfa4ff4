"""``simulate`` spread over a Dask cluster: the games are split into chunks of consecutive seeds,
each chunk is one task (``yakuman.game.simulate`` on the worker, all its cores), and the columns
come back concatenated in seed order, so the result equals ``simulate(n, ...)`` on one machine.
dask (``dask[distributed]``) is an optional dependency imported here."""

from __future__ import annotations

from typing import Any

from yakuman.rules import Rules

__all__ = ["simulate_dask"]


def _chunk(args: tuple) -> dict:
    from yakuman.game import simulate

    n, rules_dict, seed, policy, workers = args
    return simulate(n, rules=Rules.from_dict(rules_dict), seed=seed, policy=policy, workers=workers)


def simulate_dask(client: Any, n: int, *, rules: Rules | None = None, seed: int = 0, policy: str = "random",
                  chunk: int = 1000, workers: int | None = None) -> dict:
    """The columns of ``simulate(n, rules=rules, seed=seed, policy=policy)``, computed on the
    cluster of ``client`` (a ``distributed.Client``) in tasks of ``chunk`` games."""
    import numpy as np

    r = Rules.tenhou() if rules is None else rules
    tasks = [(min(chunk, n - start), r.to_dict(), seed + start, policy, workers) for start in range(0, n, chunk)]
    parts = client.gather(client.map(_chunk, tasks, pure=False))
    if not parts:
        from yakuman.game import simulate

        return simulate(0, rules=r, seed=seed, policy=policy)
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
