"""Log verification and tables on a Dask cluster, for corpora that outgrow one machine.

The unit of work is one file: :func:`yakuman.logs.verify.verify_file` reads, replays and checks it
and never raises, so a task cannot fail on a bad record. Files are grouped into partitions of a
``dask.bag``; the per-file results come back in file order and are merged exactly as the local
``--workers`` pool merges them, so :func:`verify_dask` returns the same
:class:`~yakuman.logs.verify.VerifyReport` as :func:`~yakuman.logs.verify.verify_paths`.
:func:`frame_dask` gives a lazy ``dask.dataframe`` with one row per win/draw (the columns of
:mod:`yakuman.logs.frame`), partitioned by file groups, e.g. for ``ddf.to_parquet(folder)``.

The paths must be readable by the workers under the same names (a shared filesystem, or the same
corpus copied to every node); the file list is made on the client. dask (``dask[distributed]``
for a cluster) and, for frames, pandas are optional dependencies imported here.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from yakuman.logs.verify import FileResult, VerifyReport, _died_result, _verify_chunk, find_logs, merge, verify_file

__all__ = ["frame_dask", "results_bag", "verify_dask"]


def _dask_bag():
    try:
        import dask.bag as db
    except ImportError:
        raise ImportError('verify_dask needs dask: pip install "yakuman[dask]"') from None
    return db


def results_bag(
    paths: str | Path | Iterable[str | Path],
    *,
    rows: bool = False,
    partition_size: int = 64,
    max_mismatches: int = 20,
    max_bytes: int | None = None,
):
    """A ``dask.bag`` of :class:`FileResult`, one per log file under ``paths`` (file order)."""
    db = _dask_bag()
    files = [str(p) for p in find_logs(paths)]
    bag = db.from_sequence(files, partition_size=max(1, partition_size))
    return bag.map(verify_file, rows=rows, max_mismatches=max_mismatches, max_bytes=max_bytes)


def _client_results(client: Any, files: list[str], size: int, opts: tuple, deaths: list[dict]) -> list[FileResult]:
    """Per-file results on a distributed client, one task per group of ``size`` files. A group
    whose task fails (its worker died more often than the scheduler retries, ``KilledWorker``) loses
    nothing else: each of its files is retried once as its own task, and a file whose retry fails
    too gets a "worker died" error (the shared mechanism: :func:`yakuman._dask_retry.gather_retrying`)."""
    from yakuman._dask_retry import gather_retrying

    groups = [files[i : i + size] for i in range(0, len(files), size)]
    out: list[FileResult] = []
    for pieces in gather_retrying(client, _verify_chunk, [(g,) + opts for g in groups],
                                  split=lambda task: [([f],) + task[1:] for f in task[0]]):
        for task, state, res in pieces:
            if state == "died":
                out.append(_died_result(task[0][0]))
                deaths.append({"file": task[0][0], "retried": "died again"})
                continue
            out.extend(res)
            if state == "retried":
                deaths.append({"file": task[0][0], "retried": "ok"})
    return out


def verify_dask(
    paths: str | Path | Iterable[str | Path],
    client: Any = None,
    *,
    rows: bool = False,
    partition_size: int = 64,
    max_mismatches: int = 20,
    max_bytes: int | None = None,
) -> VerifyReport:
    """Verify every log under ``paths`` on a Dask ``client`` (``distributed.Client``; None =
    dask's default scheduler). The report equals ``verify_paths(paths, rows=rows)``'s apart
    from ``elapsed`` and ``workers`` (the number of Dask workers). On a client, a dying worker
    loses no finished result: the files of a failed task are retried once each, and a file whose
    retry fails too gets a "worker died" error (``report.worker_deaths`` lists them)."""
    import time

    t0 = time.perf_counter()
    deaths: list[dict] = []
    if client is not None:
        files = [str(p) for p in find_logs(paths)]
        results: list[FileResult] = _client_results(
            client, files, max(1, partition_size), (rows, max_mismatches, max_bytes), deaths
        )
        try:
            workers = len(client.scheduler_info().get("workers", {})) or 1
        except Exception:  # noqa: BLE001 - a client without scheduler info
            workers = 1
    else:
        bag = results_bag(paths, rows=rows, partition_size=partition_size, max_mismatches=max_mismatches,
                          max_bytes=max_bytes)
        results = bag.compute()
        workers = 1
    report = merge(results, max_mismatches=max_mismatches, workers=workers)
    report.worker_deaths = deaths
    report.elapsed = time.perf_counter() - t0
    return report


def _frame_of(files: list[str]):
    from yakuman.logs.frame import to_frame
    from yakuman.logs.verify import merge as merge_results

    report = merge_results(verify_file(f, rows=True) for f in files)
    if report.rows is None:
        report.rows = []
    return to_frame(report)


def frame_dask(paths: str | Path | Iterable[str | Path], *, files_per_partition: int = 64):
    """A lazy ``dask.dataframe.DataFrame``: one row per win/draw of every log under ``paths``,
    with the columns and dtypes of :func:`yakuman.logs.frame.to_frame`; one partition per
    ``files_per_partition`` files. Compute it on a cluster with an active ``distributed.Client``."""
    try:
        import dask
        import dask.dataframe as dd
    except ImportError:
        raise ImportError(
            'frame_dask needs dask.dataframe and pandas: pip install "yakuman[dask]"'
        ) from None
    files = [str(p) for p in find_logs(paths)]
    size = max(1, files_per_partition)
    chunks = [files[i : i + size] for i in range(0, len(files), size)] or [[]]
    meta = _frame_of([])
    # dask would turn object columns into strings, list columns (yaku, melds, ...) included
    with dask.config.set({"dataframe.convert-string": False}):
        return dd.from_map(_frame_of, chunks, meta=meta, enforce_metadata=False)
