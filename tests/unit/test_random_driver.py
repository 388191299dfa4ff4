"""bench/random_driver.py: the C driver around ym_winning_chunk rebuilds winning_hands' rows from the
chunks' PCG64 states, column for column (the timing itself is not asserted), and a generator that
changes one draw is reported as different."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_random_driver", ROOT / "bench" / "random_driver.py")
rd = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rd)

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="bench/random_driver.py builds with gcc")


@needs_gcc
@pytest.mark.parametrize("players, aka", [(4, 1), (3, 2)])
def test_driver_rebuilds_winning_hands(players, aka, capfd):
    assert rd.main(["--chunks", "2", "--reps", "1", "--players", str(players), "--aka", str(aka)]) == 0
    assert f"2 chunks, players {players}, aka {aka}: rows equal to winning_hands" in capfd.readouterr().out


@needs_gcc
def test_driver_reports_a_changed_generator(tmp_path, capfd):
    src = (ROOT / "csrc" / "ym_random.c").read_text()
    changed = src.replace("#define P_HAITEI 0.04", "#define P_HAITEI 0.05")
    assert changed != src
    (tmp_path / "ym_random.c").write_text(changed)
    assert rd.main(["--chunks", "1", "--reps", "1", "--src", str(tmp_path / "ym_random.c")]) == 1
    out = capfd.readouterr().out
    assert "column 8 differs" in out and "DIFFERENT" in out   # column 8: flags
