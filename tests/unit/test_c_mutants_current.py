"""tools/c_mutants.py: every mutant still applies to the current source (its original text occurs
exactly once in its file, so the tool would mutate that one place), mutates something, and names a
.c file of csrc/ (the tool recompiles only the named file: a header mutant would never be rebuilt),
a Cython include of src/yakuman (.pxi: the tool rebuilds the whole extension for it) or a Python
module under src/yakuman (.py). Reads files only: nothing is built or run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("c_mutants", ROOT / "tools" / "c_mutants.py")
c_mutants = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(c_mutants)

MUTANTS = {m[0]: m for m in c_mutants.MUTANTS}


def test_mutant_ids_are_unique():
    ids = [m[0] for m in c_mutants.MUTANTS]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


@pytest.mark.parametrize("mid", list(MUTANTS))
def test_mutant_matches_current_source(mid):
    _, name, old, new, what = MUTANTS[mid]
    assert what.strip(), f"{mid}: no description"
    where = c_mutants._where(name)
    path = ROOT / where
    if name.endswith(".py"):
        assert where == f"src/yakuman/{name}" and ".." not in Path(name).parts, f"{mid}: {name}"
    else:
        assert Path(name).name == name and name.endswith((".c", ".pxi")), f"{mid}: {name}: not a .c, .pxi or .py file"
    assert path.is_file(), f"{mid}: {where} does not exist"
    text = path.read_text()
    n = text.count(old)
    assert n == 1, f"{mid}: the original text occurs {n} times in {where}: {old!r}"
    assert new != old, f"{mid}: the mutated text equals the original"
    mutated = text.replace(old, new, 1)
    assert mutated != text
    # one mistake on one line: the mutated source differs from the original on exactly one line
    before, after = text.splitlines(), mutated.splitlines()
    assert len(before) == len(after), f"{mid}: the mutant adds or removes lines"
    assert sum(a != b for a, b in zip(before, after)) == 1, f"{mid}: the mutant changes more than one line"
