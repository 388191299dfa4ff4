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

from yakuman.errors import InvalidArgumentError
from yakuman.logs.corpus import dask_bag, dask_results, find_logs
from yakuman.logs.verify import FileResult, VerifyReport, _died_result, merge, verify_file
from yakuman._arrays import shown

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
    _dask_bag()
    files = [str(p) for p in find_logs(paths)]
    return dask_bag(verify_file, files, partition_size=partition_size, rows=rows, max_mismatches=max_mismatches,
                    max_bytes=max_bytes)


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
        results: list[FileResult] = dask_results(client, verify_file, files, size=max(1, partition_size),
                                                 args=(rows, max_mismatches, max_bytes), died=_died_result,
                                                 deaths=deaths)
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
    if type(files_per_partition) is not int or files_per_partition < 1:
        raise InvalidArgumentError(f"files_per_partition must be a positive integer, not {shown(files_per_partition, 60)}")
    files = [str(p) for p in find_logs(paths)]
    size = files_per_partition
    chunks = [files[i : i + size] for i in range(0, len(files), size)] or [[]]
    meta = _frame_of([])
    # dask would turn object columns into strings, list columns (yaku, melds, ...) included
    with dask.config.set({"dataframe.convert-string": False}):
        return dd.from_map(_frame_of, chunks, meta=meta, enforce_metadata=False)
