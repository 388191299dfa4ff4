"""Fixtures for the log tests: the shared Tenhou corpus (located by tests/conftest.py; skip when
absent) and the project's own fixture records (tests/fixtures/logs, always present)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

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


def need_chromium() -> str:
    """The headless browser the HTML report tests render with; skips when none is on PATH (.ci/run
    installs one)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium / chromium-browser on PATH to render the report (.ci/run installs it)")
    return browser


def render_in_chromium(html_path, shot_path, window: str) -> str:
    """Render a self-contained HTML report with headless Chromium: a screenshot to `shot_path`
    (the run must succeed) and the rendered DOM, returned as text."""
    browser = need_chromium()
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}   # not the sanitizer runtimes
    # a profile of its own: two suites rendering at once (.ci/run's two jobs) must not share one
    with tempfile.TemporaryDirectory(prefix="yakuman-chromium-") as profile:
        flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}"]
        r = subprocess.run(flags + [f"--screenshot={shot_path}", f"--window-size={window}", html_path.as_uri()],
                           capture_output=True, timeout=120, env=env)
        assert r.returncode == 0, r.stderr[-2000:]
        dom = subprocess.run(flags + ["--dump-dom", html_path.as_uri()], capture_output=True, timeout=120,
                             text=True, env=env)
        assert dom.returncode == 0
        return dom.stdout
