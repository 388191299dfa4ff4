"""Every code example of README.md and docs/*.md runs (on a bare clone: the log examples use the
project's fixture records, tests/fixtures/logs).

A ```python block is executed as it stands (a block written as a console session, ``>>>`` lines
with their output, is checked by doctest instead: every doc that has such blocks runs as one
doctest file, so its output lines are compared too); a line starting with ``yakuman `` inside a plain
``` block is run through the command line (``yakuman.cli.main``) and must exit 0. A block that
cannot run anywhere but where it says (a cluster address, say) is preceded by the marker
``<!-- no-test -->`` and skipped; the marked blocks are counted so that the marker stays rare.
Batch sizes written with digit groups of 10_000 or more (``winning_hands(1_000_000, ...)``) are
cut to 1_000 when the test runs them: the same calls, at a size the default suite can afford.
Blocks run in a temporary folder that holds a link to the repository's tests/ folder, so relative
paths such as ``tests/fixtures/logs`` resolve and files the examples write land there.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from yakuman import cli

REPO = Path(__file__).resolve().parents[2]
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
MARKER = "<!-- no-test -->"
FENCE = re.compile(r"^```(\w*)\s*$")
BIG = re.compile(r"\b(?:\d{2,3}(?:_\d{3})+|\d(?:_\d{3}){2,})\b")


def blocks():
    """(file, line number, language, code, marked) for every fenced block."""
    out = []
    for path in DOCS:
        lines = path.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            m = FENCE.match(lines[i])
            if not m:
                i += 1
                continue
            start, lang = i, m.group(1)
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            prev = next((ln for ln in reversed(lines[:start]) if ln.strip()), "")
            out.append((path.relative_to(REPO).as_posix(), start + 1, lang, "\n".join(lines[start + 1:j]),
                        prev.strip() == MARKER))
            i = j + 1
    return out


BLOCKS = blocks()
PYTHON = [b for b in BLOCKS if b[2] == "python" and not b[4]  # marked blocks are not collected
          and not b[3].lstrip().startswith(">>>")]
DOCTESTS = sorted({b[0] for b in BLOCKS if b[2] == "python" and b[3].lstrip().startswith(">>>")})
COMMANDS = [(f, n, ln.strip()) for f, n, lang, code, marked in BLOCKS if lang == "" and not marked
            for ln in code.splitlines() if ln.startswith("yakuman ")]


@pytest.fixture
def in_sandbox(tmp_path, monkeypatch):
    (tmp_path / "tests").symlink_to(REPO / "tests", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_docs_have_examples_and_few_are_exempt():
    assert len(PYTHON) >= 4 and COMMANDS
    marked = [(b[0], b[3].splitlines()[0]) for b in BLOCKS if b[4]]
    assert marked == [("docs/logs.md", "from distributed import Client")]  # needs a cluster address


@pytest.mark.parametrize("block", PYTHON, ids=[f"{b[0]}:{b[1]}" for b in PYTHON])
def test_python_example_runs(block, in_sandbox):
    path, line, _, code, _ = block
    if "import pandas" in code or "to_frame(" in code:
        pytest.importorskip("pandas")
    code = BIG.sub("1_000", code)
    exec(compile(code, f"{path}:{line}", "exec"), {"__name__": "__doc_example__"})


@pytest.mark.parametrize("command", COMMANDS, ids=[f"{c[0]}:{c[1]}" for c in COMMANDS])
def test_command_example_runs(command, in_sandbox, capsys):
    path, line, text = command
    argv = shlex.split(text.split("#", 1)[0])[1:]
    assert cli.main(argv) == 0, f"{path}:{line}: {text}"


@pytest.mark.parametrize("path", DOCTESTS)
def test_console_examples_give_their_output(path, in_sandbox):
    import doctest

    result = doctest.testfile(str(REPO / path), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
