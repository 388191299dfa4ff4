"""Fixtures for the log tests: the shared Tenhou corpus (located by tests/conftest.py; skip when
absent) and the project's own fixture records (tests/fixtures/logs, always present)."""

from __future__ import annotations

import pytest

from tests.conftest import FIXTURE_CORPUS, FIXTURES, HAVE_CORPUS, SKIP_REASON, TENHOU_DATA, shared_data_path

TENHOU = TENHOU_DATA
LOG_FIXTURES = FIXTURES / "logs"


def tenhou_path(*parts: str):
    """A path of the shared corpus, or of the fixture corpus when that is absent."""
    return shared_data_path("tenhou", *parts)


def data_file(folder: str, fragment: str):
    """The one file of ``folder`` (mjlog or tenhou6) of the shared corpus whose name contains
    ``fragment`` (a named real record: skips when the corpus is absent)."""
    if not (TENHOU / folder).is_dir():
        pytest.skip(f"{SKIP_REASON}: {TENHOU / folder} (the record {fragment!r})")
    d = TENHOU / folder
    hits = sorted(p for p in d.iterdir() if fragment in p.name)
    assert hits, f"no file with {fragment!r} in {d}"
    return hits[0]


def corpus_or_fixtures(folder: str, fragments) -> list:
    """The named real records when the shared corpus is present, else the project's fixture
    records of the same format (for tests of behaviour that any valid record shows)."""
    if (TENHOU / folder).is_dir():
        return [data_file(folder, f) for f in fragments]
    return fixture_files("mjlog" if folder == "mjlog" else "tenhou6")


def fixture_files(fmt: str | None = None) -> list:
    """The project's fixture records (``fmt`` = "mjlog", "tenhou6" or "mjai" to pick one format)."""
    return _records(LOG_FIXTURES, fmt)


def engine_fixture_files(fmt: str | None = None) -> list:
    """The engine-played fixture games (tests/fixtures/corpus: 13 four-player and 8 three-player
    hanchan, each in the three formats, one folder per format; tools/make_fixtures.py)."""
    folders = ("mjlog", "tenhou6", "mjai") if fmt is None else (fmt,)
    return [p for f in folders for p in _records(FIXTURE_CORPUS / f, f)]


def _records(folder, fmt):
    files = sorted(p for p in folder.iterdir() if p.suffix in (".mjlog", ".json", ".mjai"))
    suffix = {"mjlog": ".mjlog", "tenhou6": ".json", "mjai": ".mjai"}
    return [p for p in files if fmt is None or p.suffix == suffix[fmt]]


@pytest.fixture
def mjlog_file():
    return lambda fragment: data_file("mjlog", fragment)


@pytest.fixture
def tenhou6_file():
    return lambda fragment: data_file("tenhou6", fragment)
