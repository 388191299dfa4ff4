"""Dask tasks that survive a dying worker: the one mechanism behind ``yakuman.logs.verify_dask``
and ``yakuman.game.cluster.simulate_dask``.

:func:`gather_retrying` runs one task per item on a ``distributed.Client`` and collects the
results in order. A task that fails -- its worker died (SIGKILL from the OOM killer, a crash) more
often than the scheduler's own retries allow, so ``result()`` raises ``KilledWorker``, or the
worker was lost -- loses nothing else: every finished task keeps its result, and the failed one is
submitted again, once, as one or more smaller tasks (``split``), one at a time so that a piece that
kills its worker again cannot take an innocent piece with it. The scheduler places the retry on a
live worker (the nanny restarts the dead one). A piece whose retry fails too is returned as
``"died"`` with its exception, for the caller to report.

Invariant: the callers validate their arguments on the client before submitting, so a task
raises only when its worker or the cluster failed; every exception is treated as that.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

__all__ = ["gather_retrying"]


def gather_retrying(client: Any, fn: Callable, tasks: Sequence, *,
                    split: Callable[[Any], Iterable] | None = None) -> list[list[tuple[Any, str, Any]]]:
    """``fn(task)`` for every task on ``client``; per task, in order, a list of
    ``(task or piece, state, result)``: state ``"ok"`` (the task ran; one entry, the task
    itself), ``"retried"`` (the task failed; this piece, run again alone, worked) or ``"died"``
    (the piece failed again; result = the exception). ``split(task)`` gives the pieces a failed
    task is retried as (default: the task itself)."""
    futures = client.map(fn, list(tasks), pure=False)
    out: list[list[tuple[Any, str, Any]]] = []
    for task, fut in zip(tasks, futures):
        try:
            out.append([(task, "ok", fut.result())])
            continue
        except Exception:  # noqa: BLE001 - KilledWorker, a lost worker, a communication error
            pass
        row = []
        for piece in (split(task) if split is not None else [task]):
            try:
                row.append((piece, "retried", client.submit(fn, piece, pure=False).result()))
            except Exception as e:  # noqa: BLE001
                row.append((piece, "died", e))
        out.append(row)
    return out
