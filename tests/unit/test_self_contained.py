"""The repository explains itself: no source, comment, test or doc sends the reader to a file
outside it (the rules and the design are in docs/rules.md and docs/design.md). The one place
that locates the external Tenhou corpus is tests/conftest.py."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FOLDERS = ("src", "csrc", "docs", "tests", "bench", "tools")
SUFFIXES = {".py", ".pyx", ".pxi", ".pxd", ".pyi", ".c", ".h", ".md", ".toml", ".txt", ".cfg"}
# spelled in pieces so that this file does not match itself
OUTSIDE = re.compile("|".join([r"\.\./" + "shared", "shared" + "/", "RULES" + r"\.md", "DESIGN" + r"\.md",
                               "contracts" + r"\.md", "RULES" + " [0-9]", "RULES" + " section", "/wo" + "rk/"]))


def _files():
    yield REPO / "README.md"
    for folder in FOLDERS:
        for p in sorted((REPO / folder).rglob("*")):
            if p.is_file() and p.suffix in SUFFIXES and "fixtures" not in p.parts:
                yield p


def test_no_reference_outside_the_repository():
    hits = []
    for p in _files():
        for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                hits.append(f"{p.relative_to(REPO)}:{n}: {line.strip()}")
    assert hits == []


def test_the_rule_and_design_documents_exist():
    rules = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    for heading in ("## 3. Yaku", "## 4. Fu", "## 5. Points", "## 7. Rule knobs and presets", "### 8.1 Hands"):
        assert heading in rules
    design = (REPO / "docs" / "design.md").read_text(encoding="utf-8")
    for heading in ("## 1. Architecture", "## 2. Layout", "## 3. Conventions", "## 4. Public API", "## 5. Decisions"):
        assert heading in design
