"""The examples of docs/analysis.md run as written (doctest)."""

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "analysis.md"


def test_analysis_doc_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 25
    assert result.failed == 0
