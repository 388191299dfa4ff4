"""Fixtures for the log tests: the shared Tenhou corpus (located by tests/conftest.py; skip when
absent) and the project's own fixture records (tests/fixtures/logs, always present)."""

from __future__ import annotations

import pytest

from tests.conftest import FIXTURES, SKIP_REASON, TENHOU_DATA

TENHOU = TENHOU_DATA
LOG_FIXTURES = FIXTURES / "logs"


def tenhou_path(*parts: str):
    path = TENHOU.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{SKIP_REASON}: {path}")
    return path


def data_file(folder: str, fragment: str):
    """The one file of ``folder`` (mjlog or tenhou6) whose name contains ``fragment``."""
    d = tenhou_path(folder)
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
    """The engine-played fixture games (tests/fixtures/logs/engine: 12 four-player and 8
    three-player hanchan, each in the three formats; tools/make_fixtures.py)."""
    return _records(LOG_FIXTURES / "engine", fmt)


def _records(folder, fmt):
    files = sorted(p for p in folder.iterdir() if p.suffix in (".mjlog", ".json", ".mjai"))
    suffix = {"mjlog": ".mjlog", "tenhou6": ".json", "mjai": ".mjai"}
    return [p for p in files if fmt is None or p.suffix == suffix[fmt]]


HAVE_CORPUS = (TENHOU / "mjlog").is_dir()


def corpus_files(folder: str = "mjlog") -> list:
    """The shared corpus's files of ``folder`` ("mjlog" or "tenhou6") when it is present, else
    every fixture record of that format (constructed and engine-played): material for the tests
    of behaviour any valid record shows, on a clone with nothing beside it."""
    if (TENHOU / folder).is_dir():
        return sorted((TENHOU / folder).iterdir())
    fmt = "mjlog" if folder == "mjlog" else "tenhou6"
    return fixture_files(fmt) + engine_fixture_files(fmt)


@pytest.fixture
def mjlog_file():
    return lambda fragment: data_file("mjlog", fragment)


@pytest.fixture
def tenhou6_file():
    return lambda fragment: data_file("tenhou6", fragment)
