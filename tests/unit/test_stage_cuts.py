"""bench/stage_cuts.py: every cut still applies to the current csrc/ (its original text occurs
exactly once in its .c file, so the tool replaces that one place), and the cuts are in the
order of the row's stages (each later cut keeps more of the row). Reads files only: nothing is
built or run (the tool builds a copy of the tree, which takes minutes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("stage_cuts", ROOT / "bench" / "stage_cuts.py")
stage_cuts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stage_cuts)


def test_cut_ids_are_unique_and_in_stage_order():
    ids = [c[0] for c in stage_cuts.CUTS]
    assert ids == ["check", "prepare", "search"]


@pytest.mark.parametrize("cut", stage_cuts.CUTS, ids=lambda c: c[0])
def test_cut_matches_current_source(cut):
    cid, name, old, new, what = cut
    assert what.strip()
    assert name.endswith(".c") and (ROOT / "csrc" / name).is_file()
    text = (ROOT / "csrc" / name).read_text()
    assert text.count(old) == 1, f"{cid}: the original text occurs {text.count(old)} times in csrc/{name}"
    assert new != old


def test_later_cuts_keep_what_earlier_ones_ran():
    # prepare keeps the whole check (it cuts inside check_score); search keeps prepare's call
    by_id = {c[0]: c for c in stage_cuts.CUTS}
    assert "check_score" not in by_id["check"][3]
    assert "prepare(" in by_id["prepare"][3] and "run_search" not in by_id["prepare"][3]
    assert "prepare(" in by_id["search"][3] and "run_search" in by_id["search"][3]
    assert "conclude" not in by_id["search"][3]
