"""Fixtures for the log tests: locate ../shared/data/tenhou (skip when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

TENHOU = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "tenhou"


def tenhou_path(*parts: str) -> Path:
    path = TENHOU.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found at {path} (it lies beside the repo in CI only)")
    return path


def data_file(folder: str, fragment: str) -> Path:
    """The one file of ``folder`` (mjlog or tenhou6) whose name contains ``fragment``."""
    d = tenhou_path(folder)
    hits = sorted(p for p in d.iterdir() if fragment in p.name)
    assert hits, f"no file with {fragment!r} in {d}"
    return hits[0]


@pytest.fixture
def mjlog_file():
    return lambda fragment: data_file("mjlog", fragment)


@pytest.fixture
def tenhou6_file():
    return lambda fragment: data_file("tenhou6", fragment)
