"""Output paths of the command line (``--out``, ``--html``), checked before a run starts, so that
a bad path ends the command at once with a clear error instead of losing the run's report."""

from __future__ import annotations

import os
from pathlib import Path

from yakuman._arrays import rep
from yakuman.errors import InvalidArgumentError

__all__ = ["check_output_file"]


def check_output_file(path: str | os.PathLike, option: str) -> Path:
    """``path`` as a file the command can write later: not a folder, in an existing folder it may
    write to (an existing file must be writable). InvalidArgumentError naming the option."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentError(f"{option} must be a file path (a str or os.PathLike), not {type(path).__name__}")
    p = Path(path)
    where = f"{option} {str(p)!r}"
    if p.is_dir():
        raise InvalidArgumentError(f"{where} is a folder, not a file")
    if p.exists() or p.is_symlink():
        if not p.is_file():
            raise InvalidArgumentError(f"{where} exists and is not a regular file")
        if not os.access(p, os.W_OK):
            raise InvalidArgumentError(f"{where} is not writable")
        return p
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise InvalidArgumentError(f"{where}: the folder {rep(str(parent))} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise InvalidArgumentError(f"{where}: cannot write in the folder {rep(str(parent))}")
    return p
