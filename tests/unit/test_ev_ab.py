"""bench/ev_ab.py: the expected-value search of two builds loaded in one process, the hands called
in turn. Its captured arguments reproduce discard_ev's rows, and a run over two copies of one build
prints both medians and the per-round ratio (the figures themselves are not asserted: timing is
the benchmarks' business)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from yakuman import _core
from yakuman.ev import discard_ev

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import ev_ab as evab  # noqa: E402  (bench/ is no package: the script, imported by its folder)


def test_captured_searches_give_discard_evs_rows():
    calls = evab.captured_searches(1, 3)
    assert len(calls) == 3
    import random

    sys.path.insert(0, str(ROOT / "tools"))
    from ev_oracle_diff import mpsz, random_hand

    rng = random.Random(12)
    hand = mpsz(random_hand(rng, 1, 14, 0)[0])
    want = [(r.tile, r.exp_score.tolist()) for r in discard_ev(hand, model="reference").rows]
    got = [(r.tile, r.exp_score.tolist()) for r in _core._ev_search(*calls[0])[1]]
    assert got == want


def test_two_copies_of_one_build(tmp_path, monkeypatch, capsys):
    src = Path(_core.__file__)
    paths = []
    for i in range(2):   # separate files: one file opened twice is one library
        d = tmp_path / f"c{i}"
        d.mkdir()
        paths.append(str(shutil.copy(src, d / src.name)))
    monkeypatch.setattr(sys, "argv", ["ev_ab.py", "1", "0", "4", f"evab_a={paths[0]}", f"evab_b={paths[1]}"])
    evab.main()
    out = capsys.readouterr().out
    assert "evab_a: median of each hand's fastest call" in out and "evab_b / evab_a, total time per round: median" in out
