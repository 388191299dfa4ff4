"""``simulate`` spread over a Dask cluster: the games are split into chunks of consecutive seeds,
each chunk is one task (``yakuman.game.simulate`` on the worker, all its cores), and the columns
come back concatenated in seed order, so the result equals ``simulate(n, ...)`` on one machine.

A dying worker (SIGKILL from the OOM killer, a crash) loses only its chunk's work in flight: the
finished chunks keep their results, the lost chunk is run again once in a live worker (the shared
mechanism of :mod:`yakuman._dask_retry`, which ``verify_dask`` uses too), and a chunk whose retry
fails as well is reported: its games get status :data:`STATUS_WORKER_DIED` (their seeds are kept,
so ``rebuild`` or a new run can play them), a ``RuntimeWarning`` names them, and ``deaths`` lists
every retry. dask (``dask[distributed]``) is an optional dependency imported here."""

from __future__ import annotations

import os
from typing import Any

from yakuman.errors import InvalidContextError
from yakuman.rules import Rules
from yakuman._arrays import rep

__all__ = ["STATUS_WORKER_DIED", "simulate_dask"]

#: ``status`` of a game whose chunk was lost twice to a dying worker (not played; 0 = finished,
#: 1 = step limit, 2 = internal error come from the engine).
STATUS_WORKER_DIED = 3


def _label(seed: int, n: int) -> str:
    return f"simulate-seed-{seed}-n-{n}-"


def _chunk(args: tuple) -> dict:
    from yakuman.game import simulate

    n, rules_dict, seed, policy, workers = args
    if os.environ.get("YAKUMAN_TEST_KILL_WORKER"):   # the verifier's test hook: a worker kills itself
        from yakuman.logs.corpus import kill_hook

        kill_hook(_label(seed, n))
    return simulate(n, rules=Rules.from_dict(rules_dict), seed=seed, policy=policy, workers=workers)


def simulate_dask(client: Any, n: int, *, rules: Rules | None = None, seed: int = 0, policy: str = "random",
                  chunk: int = 1000, workers: int | None = None, deaths: list | None = None) -> dict:
    """The columns of ``simulate(n, rules=rules, seed=seed, policy=policy)``, computed on the
    cluster of ``client`` (a ``distributed.Client``) in tasks of ``chunk`` games. A chunk whose
    worker dies is retried once; if it is lost again its rows have ``status`` =
    STATUS_WORKER_DIED and zeros elsewhere (a RuntimeWarning says so). ``deaths``, when given,
    receives one dict per retried chunk: ``seed`` (its first), ``games``, ``retried`` (``ok`` or
    ``died again``) and ``error``."""
    import numpy as np

    from yakuman._dask_retry import gather_retrying
    from yakuman._arrays import n_workers
    from yakuman.game import _count, _policy, _rules_arg, _seed_arg, simulate

    # every argument is checked here, so that a failing task can only mean a failing worker
    r = _rules_arg(rules)
    _count(n)
    if type(chunk) is not int or chunk < 1:
        raise InvalidContextError(f"chunk must be a positive integer, not {rep(chunk)}")
    if workers is not None:
        n_workers(workers)   # each task's threads on its worker: the batch rule (0 = every core)
    seed = _seed_arg(seed)
    _policy(policy)
    tasks = [(min(chunk, n - start), r.to_dict(), seed + start, policy, workers) for start in range(0, n, chunk)]
    if not tasks:
        return simulate(0, rules=r, seed=seed, policy=policy)
    parts = []
    lost = []
    for (task, state, res), in gather_retrying(client, _chunk, tasks):
        if state != "ok":
            record = {"seed": task[2], "games": task[0], "retried": "ok" if state == "retried" else "died again",
                      "error": None if state == "retried" else f"{type(res).__name__}: {res}"}
            if deaths is not None:
                deaths.append(record)
        if state == "died":
            res = simulate(0, rules=r, seed=task[2], policy=policy)
            res = {k: np.zeros((task[0],) + v.shape[1:], dtype=v.dtype) for k, v in res.items()}
            res["seed"] = np.arange(task[0], dtype=np.uint64) + np.uint64(task[2] & (2**64 - 1))
            res["status"][:] = STATUS_WORKER_DIED
            lost.append(f"{task[2]}..{task[2] + task[0] - 1}")
        parts.append(res)
    if lost:
        import warnings

        warnings.warn(f"simulate_dask: the worker running games {', '.join(lost)} died, and died again on the "
                      f"retry: those games have status {STATUS_WORKER_DIED} (not played)", RuntimeWarning,
                      stacklevel=2)
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
