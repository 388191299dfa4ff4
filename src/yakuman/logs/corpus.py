"""The corpus runner: the one machinery behind every command that walks a corpus of game records
(``logs verify``, ``logs stats``, ``logs rescore`` through the verifier's frame, ``logs review``).

- **Discovery.** :func:`scan_logs` / :func:`find_logs`: the files named, plus every log file under
  the folders (recursive, sorted); hidden folders and files and names ending in
  :data:`SKIP_SUFFIXES` are skipped and counted.
- **Limits.** :func:`check_limits` refuses a bad ``max_bytes`` (the limit on a gzip file's
  decompressed size, which the readers apply to every file) before any file is read.
- **Workers.** :func:`run_files` (and :func:`iter_files`, its results one at a time as they are
  ready) applies a per-file function (a top-level function
  ``fn(path, *args)`` that never raises: a bad file is its own result) to every file, in a process
  pool when ``workers`` > 1, and returns the results in file order, so a run's report does not
  depend on the number of workers. A pool worker that dies (SIGKILL from the OOM killer, a crash)
  loses nothing: the finished files keep their results, the files it had in flight are retried
  once alone in a fresh worker, and a file whose retry dies too gets ``died(path)``, the caller's
  "worker died" result; ``deaths`` lists every retry.
- **Dask.** :func:`dask_results` does the same on a ``distributed.Client`` through
  :func:`yakuman._dask_retry.gather_retrying` (shared with ``yakuman.game.cluster.simulate_dask``).
- **Progress.** :func:`progress`: a per-file progress bar on a terminal (tqdm when installed, else
  a stderr line).
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yakuman._text import terminal_safe

__all__ = [
    "SKIP_SUFFIXES",
    "WORKER_DIED",
    "LogScan",
    "check_limits",
    "dask_results",
    "find_logs",
    "iter_files",
    "progress",
    "run_files",
    "scan_logs",
]

# Files a folder scan leaves out (everything else is tried: Tenhou names its files by game id alone).
SKIP_SUFFIXES = (
    ".md", ".rst", ".py", ".pyc", ".c", ".h", ".so", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".pdf", ".zip",
    ".tar", ".tgz", ".7z", ".csv", ".tsv", ".parquet", ".arrow", ".db", ".sqlite", ".exe", ".toml", ".yaml",
    ".yml", ".ini", ".cfg", ".lock",
)

WORKER_DIED = "worker died (killed by a signal, e.g. the OOM killer, or exited) while verifying this file"


# ---- discovery -------------------------------------------------------------------------------
def _is_log_name(p: Path) -> bool:
    name = p.name.lower()
    if name.startswith("."):
        return False
    name = name.removesuffix(".gz")
    return not name.endswith(SKIP_SUFFIXES)


@dataclass
class LogScan:
    """What :func:`scan_logs` found: the log files, and what it skipped in the folders: hidden
    subfolders (``.git``, ``.venv``, ...; not entered), hidden files, and files whose name ends in
    one of ``SKIP_SUFFIXES`` (by suffix, e.g. ``.md``)."""

    files: list[Path]
    hidden_dirs: list[Path] = field(default_factory=list)
    hidden_files: int = 0
    not_logs: Counter = field(default_factory=Counter)   # suffix -> files skipped
    loops: list[Path] = field(default_factory=list)        # linked folders already scanned (not entered again)
    broken_links: list[Path] = field(default_factory=list)  # links to nothing
    special: list[Path] = field(default_factory=list)       # FIFOs, devices, sockets (never read)

    def skipped_line(self) -> str:
        """One line saying what was skipped and why ("" when nothing was)."""
        parts = []
        if self.hidden_dirs:
            names = sorted({d.name for d in self.hidden_dirs})
            shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
            n = len(self.hidden_dirs)
            parts.append(f"{n} hidden folder{'s' * (n != 1)} ({shown}; not entered)")
        if self.hidden_files:
            parts.append(f"{self.hidden_files} hidden file{'s' * (self.hidden_files != 1)}")
        n = sum(self.not_logs.values())
        if n:
            kinds = " ".join(k for k, _ in self.not_logs.most_common(6))
            parts.append(f"{n} non-log file{'s' * (n != 1)} by name ({kinds})")
        for what, found in (("linked folder", self.loops), ("broken link", self.broken_links),
                            ("special file", self.special)):
            if found:
                shown = ", ".join(str(x) for x in found[:3]) + (", ..." if len(found) > 3 else "")
                why = {"linked folder": "already scanned: a link loop or a second link",
                       "broken link": "pointing to nothing", "special file": "a FIFO, device or socket"}[what]
                parts.append(f"{len(found)} {what}{'s' * (len(found) != 1)} ({why}: {shown})")
        return terminal_safe("skipped " + ", ".join(parts)) if parts else ""   # folder names: escaped


def as_items(value: Any, single: tuple, what: str) -> list:
    """``value`` as a list: one item when it is an instance of ``single``, else the items of any
    iterable but text, bytes or a dict; anything else is an InvalidArgumentError saying ``what``
    and the type given (the one check of the corpus functions' path and source arguments)."""
    from yakuman.errors import InvalidArgumentError

    if isinstance(value, single):
        return [value]
    try:
        if isinstance(value, (str, bytes, dict)):
            raise TypeError
        return list(value)
    except TypeError:
        raise InvalidArgumentError(f"{what}, not {type(value).__name__}") from None


def scan_logs(paths: str | Path | Iterable[str | Path]) -> LogScan:
    """Files named directly, plus every log file under the folders (recursive), sorted. A folder
    contributes every file except those in hidden subfolders, hidden files and names ending in
    ``SKIP_SUFFIXES`` (optionally ``.gz``); a missing path raises FileNotFoundError. Linked
    folders are followed, each real folder once (a link loop or a second link to a folder
    scanned already is skipped, and said so); broken links and special files (FIFOs, devices)
    are skipped and said so: nothing is skipped silently (:meth:`LogScan.skipped_line`)."""
    from yakuman.errors import InvalidArgumentError

    paths = as_items(paths, (str, os.PathLike), "paths must be a file or folder (a str or os.PathLike) or a "
                                                "list of them")
    for i, p in enumerate(paths):
        if not isinstance(p, (str, os.PathLike)):
            raise InvalidArgumentError(f"paths[{i}] must be a file or folder (a str or os.PathLike), "
                                       f"not {type(p).__name__}")
    scan = LogScan([])
    seen: set[Path] = set()
    for p in map(Path, paths):
        if p.is_dir():
            found: list[Path] = []
            _walk(p, scan, found, set())
            found.sort()
        elif p.exists():
            found = [p]
        elif p.is_symlink():
            raise FileNotFoundError(f"broken link: {p}")
        else:
            raise FileNotFoundError(f"no such file or folder: {p}")
        for q in found:
            if q not in seen:
                seen.add(q)
                scan.files.append(q)
    return scan


def _walk(top: Path, scan: LogScan, found: list[Path], visited: set) -> None:
    """Every log file under ``top`` into ``found``; each real folder entered once."""
    stack = [top]
    while stack:
        d = stack.pop()
        try:
            st = d.stat()
        except OSError:
            scan.broken_links.append(d)
            continue
        key = (st.st_dev, st.st_ino)
        if key in visited:
            scan.loops.append(d)
            continue
        visited.add(key)
        try:
            entries = sorted(os.scandir(d), key=lambda e: e.name)
        except OSError:
            scan.special.append(d)
            continue
        for e in entries:
            q = Path(d, e.name)
            if e.name.startswith("."):
                if _is_dir(e):
                    scan.hidden_dirs.append(q)
                else:
                    scan.hidden_files += 1
                continue
            try:
                is_dir = e.is_dir()           # follows links
                is_file = e.is_file()
            except OSError:
                is_dir = is_file = False
            if is_dir:
                stack.append(q)
            elif e.is_symlink() and not os.path.exists(q):
                scan.broken_links.append(q)
            elif not _is_log_name(q):
                scan.not_logs[_skip_suffix(e.name)] += 1
            elif is_file:
                found.append(q)
            else:
                scan.special.append(q)


def _is_dir(e: os.DirEntry) -> bool:
    try:
        return e.is_dir()
    except OSError:
        return False


def _skip_suffix(name: str) -> str:
    low = name.lower().removesuffix(".gz")
    return next((s for s in SKIP_SUFFIXES if low.endswith(s)), "?")


def find_logs(paths: str | Path | Iterable[str | Path]) -> list[Path]:
    """The log files of :func:`scan_logs` (hidden folders and non-log names skipped), sorted."""
    return scan_logs(paths).files


def check_limits(max_bytes: int | None) -> None:
    """Refuse a bad limit before any file is read (the readers apply it to every file)."""
    from yakuman.logs.tenhou_xml import decompress_limit

    decompress_limit(max_bytes)


# ---- progress --------------------------------------------------------------------------------
def progress(total: int, enabled: bool | None, what: str = "verifying") -> Callable[[int], None] | None:
    """A per-file progress callback on a terminal: tqdm when installed, else a stderr line."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled or total == 0:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-not-found]

        bar = tqdm(total=total, unit="file", file=sys.stderr, leave=False)

        def tick(k: int) -> None:
            bar.update(k)
            if bar.n >= total:
                bar.close()

        return tick
    except ImportError:
        done = [0]
        step = max(1, total // 200)

        def tick(k: int) -> None:
            done[0] += k
            if done[0] % step < k or done[0] >= total:
                end = "\n" if done[0] >= total else ""
                print(f"\r{what} {done[0]}/{total} files", end=end, file=sys.stderr, flush=True)

        return tick


# ---- workers ---------------------------------------------------------------------------------
#: Test hook: ``YAKUMAN_TEST_KILL_WORKER=fragment`` makes a pool worker SIGKILL itself when it
#: starts on a file whose path contains ``fragment`` (``fragment:once:MARKER`` only the first time,
#: the marker file recording it). It acts in pool workers only, never in the calling process.
KILL_ENV = "YAKUMAN_TEST_KILL_WORKER"


def kill_hook(path: str) -> None:
    """The test hook above (a no-op unless the variable is set)."""
    spec = os.environ.get(KILL_ENV)
    if not spec:
        return
    fragment, _, once = spec.partition(":once:")
    if fragment and fragment in path:
        if once:
            if os.path.exists(once):
                return
            Path(once).write_text(path)
        import signal

        os.kill(os.getpid(), signal.SIGKILL)



def _run_chunk(task: tuple) -> list[tuple[str, Any]]:
    """(path, fn(path, *args)) for every path of a task ``(fn, paths, args)`` (in a worker)."""
    fn, paths, args = task
    out = []
    for p in paths:
        kill_hook(p)
        out.append((p, fn(p, *args)))
    return out


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _pool_run(fn: Callable, files: list[str], workers: int, size: int, args: tuple, tick,
              died: Callable[[str], Any], deaths: list[dict]) -> dict:
    """Results by path for every file. A dying worker breaks the pool: the results already in
    are kept; the files not done are run again in a fresh pool one per task with at most
    ``workers`` in flight, so that the files in flight when a worker dies are known; each of
    those is retried once alone in a fresh worker: its result if that works (listed in
    ``deaths``), else ``died(path)``. The run always goes on."""
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    done: dict[str, Any] = {}

    def take(results: list[tuple[str, Any]]) -> None:
        for path, res in results:
            done[path] = res
        if tick:
            tick(len(results))

    # phase 1: chunks (fast); a break leaves no way to tell which chunk killed its worker
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        futures = []
        for c in _chunks(files, size):
            try:
                futures.append(pool.submit(_run_chunk, (fn, c, args)))
            except BrokenProcessPool:  # a worker died already: the rest goes to phase 2
                break
        for fut in futures:
            try:
                take(fut.result())
            except BrokenProcessPool:
                break
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    # futures that finished before the break still hold their results
    for fut in futures:
        if fut.done() and not fut.cancelled() and fut.exception() is None:
            take([pr for pr in fut.result() if pr[0] not in done])
    left = [f for f in files if f not in done]
    if left:
        deaths.append({"file": None, "retried": f"a worker died with {len(left)} file(s) not done: re-run one per task"})
    # phase 2: one file per task, at most `workers` in flight
    stalled = 0
    while left:
        if stalled >= 3:  # pools that break before running anything: give up on what is left
            for f in left:
                take([(f, died(f))])
            break
        pool = ProcessPoolExecutor(max_workers=workers)
        in_flight: dict = {}
        suspects: list[str] = []
        try:
            queue = list(left)
            broken = False
            while queue or in_flight:
                while queue and len(in_flight) < workers and not broken:
                    try:
                        in_flight[pool.submit(_run_chunk, (fn, [queue[0]], args))] = queue[0]
                        queue.pop(0)
                    except BrokenProcessPool:  # broke since the last wait: the file stays queued
                        broken = True
                if not in_flight:
                    break
                finished, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                for fut in finished:
                    f = in_flight.pop(fut)
                    try:
                        take(fut.result())
                    except BrokenProcessPool:
                        broken = True
                        suspects.append(f)
                if broken:
                    suspects.extend(in_flight.values())
                    break
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        for f in suspects:  # retried once, alone, in a fresh worker
            with ProcessPoolExecutor(max_workers=1) as solo:
                try:
                    take(solo.submit(_run_chunk, (fn, [f], args)).result())
                    deaths.append({"file": f, "retried": "ok"})
                except BrokenProcessPool:
                    take([(f, died(f))])
                    deaths.append({"file": f, "retried": "died again"})
        still = [f for f in left if f not in done]
        stalled = stalled + 1 if len(still) == len(left) else 0
        left = still
    return done


def run_files(fn: Callable, files: list[str], *, args: tuple = (), workers: int = 1, chunk: int | None = None,
              tick: Callable[[int], None] | None = None, died: Callable[[str], Any],
              deaths: list[dict] | None = None) -> list[Any]:
    """``fn(path, *args)`` for every file, in file order. ``workers`` > 1: a process pool
    (``fn`` and ``args`` must pickle); ``chunk``: files per pool task (None = a size that keeps
    every worker busy). ``tick(k)`` is called as files finish; ``died(path)`` gives the result of
    a file whose worker died twice; ``deaths`` receives one dict per retry (see the module)."""
    if workers <= 1 or len(files) <= 1:
        out = []
        for p in files:
            out.append(fn(p, *args))
            if tick:
                tick(1)
        return out
    size = chunk or max(1, min(32, len(files) // (workers * 8) or 1))
    done = _pool_run(fn, files, workers, size, args, tick, died, [] if deaths is None else deaths)
    return [done[p] for p in files]


def iter_files(fn: Callable, files: list[str], *, args: tuple = (), workers: int = 1, chunk: int | None = None,
               died: Callable[[str], Any], deaths: list[dict] | None = None, ahead: int | None = None) -> Iterator[Any]:
    """What :func:`run_files` returns, one result at a time, in file order, as soon as it is
    ready: the caller consumes results while the pool works on the next files (at most
    ``ahead`` tasks, default 4 per worker, run or wait beyond the one the caller waits for, so
    the results held at once stay bounded). A dying worker: the files not yet yielded go through
    run_files's recovery (the same retries, ``died``, ``deaths``). Closing the iterator early
    shuts the pool down."""
    if workers <= 1 or len(files) <= 1:
        for p in files:
            yield fn(p, *args)
        return
    from collections import deque
    from concurrent.futures.process import BrokenProcessPool

    size = chunk or max(1, min(32, len(files) // (workers * 8) or 1))
    tasks = list(_chunks(files, size))
    ahead = ahead or 4 * workers
    queue: deque = deque()   # (task index, future), in task order
    nxt, broken_at = 0, None
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        while broken_at is None and (queue or nxt < len(tasks)):
            while nxt < len(tasks) and len(queue) < ahead:
                try:
                    queue.append((nxt, pool.submit(_run_chunk, (fn, tasks[nxt], args))))
                except BrokenProcessPool:   # a worker died already
                    break
                nxt += 1
            if not queue:
                broken_at = nxt
                break
            i, fut = queue.popleft()
            try:
                results = fut.result()
            except BrokenProcessPool:
                broken_at = i
                break
            for _, r in results:
                yield r
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    if broken_at is not None:
        rest = [f for t in tasks[broken_at:] for f in t]
        done = _pool_run(fn, rest, workers, size, args, None, died, [] if deaths is None else deaths)
        for p in rest:
            yield done[p]


def worker_count(workers: int | None, files: int) -> int:
    """``workers`` (0 or None = all cores; checked as the batch API checks it, one rule:
    :func:`yakuman._arrays.n_workers`) capped by the number of files, at least 1."""
    from yakuman._arrays import n_workers

    return max(1, min(n_workers(workers), files or 1))


def dask_results(client: Any, fn: Callable, files: list[str], *, size: int, args: tuple = (),
                 died: Callable[[str], Any], deaths: list[dict]) -> list[Any]:
    """``fn(path, *args)`` for every file on a distributed client, one task per group of ``size``
    files, in file order. A group whose task fails (its worker died more often than the scheduler
    retries, ``KilledWorker``) loses nothing else: each of its files is retried once as its own
    task, and a file whose retry fails too gets ``died(path)`` (the shared mechanism:
    :func:`yakuman._dask_retry.gather_retrying`)."""
    from yakuman._dask_retry import gather_retrying

    groups = [files[i : i + size] for i in range(0, len(files), size)]
    out: list[Any] = []
    for pieces in gather_retrying(client, _run_chunk, [(fn, g, args) for g in groups],
                                  split=lambda task: [(task[0], [f], task[2]) for f in task[1]]):
        for task, state, res in pieces:
            if state == "died":
                out.append(died(task[1][0]))
                deaths.append({"file": task[1][0], "retried": "died again"})
                continue
            out.extend(r for _, r in res)
            if state == "retried":
                deaths.append({"file": task[1][0], "retried": "ok"})
    return out


def dask_bag(fn: Callable, files: list[str], *, partition_size: int, **kwargs: Any):
    """A ``dask.bag`` of ``fn(path, **kwargs)``, one per file (file order)."""
    try:
        import dask.bag as db
    except ImportError:
        raise ImportError('this needs dask: pip install "yakuman[dask]"') from None
    return db.from_sequence(files, partition_size=max(1, partition_size)).map(fn, **kwargs)


# ---- command lines -----------------------------------------------------------------------------
def cli_files(paths: list[str]) -> list[Path] | None:
    """The log files of a command's PATHS, or None after printing why there are none."""
    try:
        files = find_logs(paths)
    except FileNotFoundError as e:
        print(terminal_safe(f"yakuman: error: {e}"), file=sys.stderr)
        return None
    if not files:
        print(terminal_safe("yakuman: error: no log files under " + " ".join(paths)), file=sys.stderr)
        return None
    return files


def cli_needs(option: Any, module: str, hint: str) -> bool:
    """False (after saying so, with the install ``hint``) when ``option`` is given and ``module``
    does not import."""
    if not option:
        return True
    try:
        __import__(module)
    except ImportError:
        print(f"yakuman: error: this output needs {module} ({hint})", file=sys.stderr)
        return False
    return True


def cli_start(args: Any, needs: dict[str, tuple[str, str]]) -> list[Path] | None:
    """The shared start of a corpus command: its output files (``--out``, ``--html``) refused
    before any file is read, the modules its outputs need (``needs``: option -> (module, install
    hint)), then the log files of its PATHS. None (after saying why) when it must exit with 2."""
    from yakuman._outputs import check_output_file

    for opt in ("out", "html"):
        path = getattr(args, opt, None)
        if path:
            check_output_file(path, f"--{opt}")
    for opt, (module, hint) in needs.items():
        if not cli_needs(getattr(args, opt, None), module, hint):
            return None
    return cli_files(args.paths)


def cli_finish(args: Any, report: Any, written: tuple[tuple[str, str | None], ...], **dumps: Any) -> int:
    """The shared end of a corpus command: ``report`` as one JSON object (``--json``,
    ``report.to_dict()``; ``dumps``: json.dumps options) or as text, with a line per file written
    (``written``: (what, path or None)). Returns 0."""
    from yakuman._text import terminal_json

    if args.json:   # names and paths from the files: C1 controls, bidi and surrogates as escapes
        print(terminal_json(report.to_dict(), allow_nan=False, **dumps))
    else:
        print(report.format())
        for what, path in written:
            if path:
                print(terminal_safe(f"wrote {what} to {path}"))
    return 0


def add_progress_arguments(parser: Any) -> None:
    """``--progress`` / ``--no-progress`` (default: on a terminal)."""
    pg = parser.add_mutually_exclusive_group()
    pg.add_argument("--progress", dest="progress", action="store_true", default=None, help="force the progress bar")
    pg.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")


def add_corpus_arguments(parser: Any, *, player: str | None = None, workers: str | None = None,
                         json: str | None = None, out: str | None = None, html: str | None = None,
                         progress: bool = True) -> None:
    """The arguments the corpus commands share, each given its command's help text (an option whose
    help is None is left out): ``PATH...`` (files or folders), ``--player NAME``, ``--workers N``
    (default 1; 0 = all cores), ``--json``, ``--out FILE.parquet``, ``--html FILE.html`` and
    ``--progress`` / ``--no-progress``."""
    parser.add_argument("paths", nargs="+", metavar="PATH", help="log files or folders")
    if player is not None:
        parser.add_argument("--player", metavar="NAME", help=player)
    if workers is not None:
        parser.add_argument("--workers", type=int, default=1, help=workers)
    if json is not None:
        parser.add_argument("--json", action="store_true", help=json)
    if out is not None:
        parser.add_argument("--out", metavar="FILE.parquet", help=out)
    if html is not None:
        parser.add_argument("--html", metavar="FILE.html", help=html)
    if progress:
        add_progress_arguments(parser)


def add_corpus_command(subparsers: Any, name: str, *, help: str, description: str, func: Callable,
                       **arguments: Any) -> Any:
    """A corpus command on the ``logs`` sub-parsers: its parser, the shared arguments
    (:func:`add_corpus_arguments`, keyword ``arguments``) and its handler; returns the parser
    for the command's own arguments."""
    parser = subparsers.add_parser(name, help=help, description=description)
    add_corpus_arguments(parser, **arguments)
    parser.set_defaults(func=func)
    return parser
