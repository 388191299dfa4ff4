"""The VecGame's thread pool (csrc/ym_pool.c) on its own: a C harness (pool_harness.c) checks
that every index of every call is handled exactly once on 1-4 threads, over sizes 1-700 and
chunk sizes 1-40 (home ranges, stealing and the back-off all take part); built plainly and under
ThreadSanitizer (data races)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CC = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")

pytestmark = pytest.mark.skipif(CC is None or sys.platform == "win32",
                                reason="needs a C compiler and POSIX threads (the pool's Windows build is serial)")


# the harness is its own program: not under `make sanitize`'s preloaded ASan (which TSan refuses)
_ENV = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")}


def _build_and_run(tmp_path: Path, flags: list[str], calls: int) -> subprocess.CompletedProcess:
    exe = tmp_path / "pool_harness"
    cmd = [CC, "-O1", "-g", "-pthread", *flags, "-I", str(ROOT / "csrc"), str(Path(__file__).with_name("pool_harness.c")),
           str(ROOT / "csrc" / "ym_pool.c"), "-o", str(exe)]
    built = subprocess.run(cmd, capture_output=True, text=True, env=_ENV)
    if built.returncode != 0:
        return built
    return subprocess.run([str(exe), str(calls)], capture_output=True, text=True, timeout=300, env=_ENV)


def test_every_index_once_on_1_to_4_threads(tmp_path):
    r = _build_and_run(tmp_path, [], 3000)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr


def test_no_data_race_under_thread_sanitizer(tmp_path):
    probe = subprocess.run([CC, "-fsanitize=thread", "-x", "c", "-", "-o", str(tmp_path / "probe")],
                           input="int main(void){return 0;}", capture_output=True, text=True, env=_ENV)
    if probe.returncode != 0 or subprocess.run([str(tmp_path / "probe")], capture_output=True, env=_ENV).returncode:
        pytest.skip(f"{CC} cannot build or run ThreadSanitizer programs here")
    r = _build_and_run(tmp_path, ["-fsanitize=thread"], 600)
    assert r.returncode == 0 and r.stdout.strip() == "ok" and "WARNING: ThreadSanitizer" not in r.stderr, r.stderr
