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
# The fixture corpus: engine-played games laid out as the shared corpus's tenhou folder (mjlog/,
# tenhou6/, mjai/; tools/make_fixtures.py). A test that reads a corpus folder reads this one when
# the shared corpus is absent, so a clone with nothing beside it still tests it on real games.
FIXTURE_CORPUS = FIXTURES / "corpus"
HAVE_CORPUS = (TENHOU_DATA / "mjlog").is_dir()
SKIP_REASON = "the shared Tenhou corpus is absent (present in CI only; YAKUMAN_SHARED_DATA locates it)"
# The win records (one JSON object per line): the shared corpus's Tenhou records, or the fixture
# corpus's (the same fields, the fixture games' wins with their recorded results)
AGARI = TENHOU_DATA / "agari.jsonl.gz" if (TENHOU_DATA / "agari.jsonl.gz").exists() else FIXTURE_CORPUS / "agari.jsonl"


def open_records(path: Path):
    """A text handle on a record file, gzipped (the shared corpus's) or plain (the fixtures')."""
    import gzip

    return gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz" else open(path, encoding="utf-8")


def corpus_step(step: int) -> int:
    """A sampling step over a corpus folder: ``step`` on the shared corpus, 1 (every game) on the
    fixture corpus."""
    return step if HAVE_CORPUS else 1


def floor(corpus: float, fixtures: float) -> float:
    """A test's floor: ``corpus`` with the shared corpus, else ``fixtures`` (what the fixture
    corpus reaches, stated beside each use)."""
    return corpus if HAVE_CORPUS else fixtures


def shared_data_path(*parts: str) -> Path:
    """A path of the shared corpus; when it is absent, the same path of the fixture corpus (for
    ``("tenhou", folder)``), else the test skips."""
    path = SHARED_DATA.joinpath(*parts)
    if path.exists():
        return path
    if parts[:1] == ("tenhou",) and len(parts) > 1 and FIXTURE_CORPUS.joinpath(*parts[1:]).exists():
        return FIXTURE_CORPUS.joinpath(*parts[1:])
    pytest.skip(f"{SKIP_REASON}: {path}")


@pytest.fixture
def shared_data():
    return shared_data_path
