"""Shared test helpers: the one place that locates the shared Tenhou corpus.

The corpus (real Tenhou records, not part of the repository) lies in the ``data`` folder of a ``shared``
folder beside the repository in CI; ``YAKUMAN_SHARED_DATA`` overrides the location (set it to a missing
folder, e.g. ``/nonexistent``, to run the suite as on a user's bare clone). Tests that need the
corpus skip with a clear reason when it is absent; everything else runs on the project's own
fixtures (tests/fixtures/, written by tools/make_fixtures.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI (CI=true) draws hypothesis's examples from a fixed seed, so a run is reproducible and a red CI
# names a case anyone can rerun; local runs keep exploring new examples (and keep what fails in
# .hypothesis/, which then replays first).
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("YAKUMAN_SHARED_DATA") or REPO.parent / "shared" / "data")
TENHOU_DATA = SHARED_DATA / "tenhou"
FIXTURES = REPO / "tests" / "fixtures"
SKIP_REASON = "the shared Tenhou corpus is absent (present in CI only; YAKUMAN_SHARED_DATA locates it)"


def shared_data_path(*parts: str) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{SKIP_REASON}: {path}")
    return path


@pytest.fixture
def shared_data():
    return shared_data_path
