"""tools/mutate.py covers the engine's Python layer: every module of src/yakuman/game (and
rules.py) is under mutation, in the default run order, with recheck tests that exist. Reads files
only: mutmut is not run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("mutate_tool", ROOT / "tools" / "mutate.py")
mutate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutate)


def test_every_engine_module_is_mutated_in_the_default_order():
    game = {f"game/{p.name}" for p in (ROOT / "src" / "yakuman" / "game").glob("*.py")}
    listed = set(mutate.MODULES.values())
    assert game | {"rules.py"} <= listed, sorted(game - listed)
    assert sorted(mutate.ORDER) == sorted(mutate.MODULES)
    for rel in listed:
        assert (ROOT / "src" / "yakuman" / rel).is_file(), rel


def test_recheck_tests_exist():
    for rel, tests in mutate.RECHECK_TESTS.items():
        assert rel in mutate.MODULES.values(), rel
        for t in tests:
            assert (ROOT / t).is_file(), (rel, t)
    for t in mutate.TESTS:
        if not t.startswith("-") and t != "not slow":
            assert (ROOT / t).exists(), t
