"""Shared test helpers.

``shared_data`` locates ../shared/data beside the repository (CI lays it there); tests that need it
skip with a clear reason when it is absent (a user's fresh clone).
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


def shared_data_path(*parts: str) -> Path:
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found at {path} (it lies beside the repo in CI only)")
    return path


@pytest.fixture
def shared_data():
    return shared_data_path
