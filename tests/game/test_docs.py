"""Every python code block of docs/game.md runs (in order, one namespace)."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "game.md"


def test_game_md_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "docs/game.md has no python example"
    ns: dict = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), ns)
    assert ns["game"].check() == 0
