"""The typed API: ``python -m mypy.stubtest yakuman`` holds the stubs (src/yakuman/*.pyi) to the
built module, and ``mypy --strict`` checks the README's examples (tests/typing/readme_examples.py)
against them; the examples also run, and every README code line must be in the script."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import yakuman
from tests.conftest import REPO

pytest.importorskip("mypy", reason="mypy (test extra) is not installed")

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "readme_examples.py"
ALLOWLIST = HERE / "stubtest_allowlist.txt"
SRC = Path(yakuman.__file__).resolve().parents[1]   # where the built package is imported from


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(SRC), MYPYPATH=str(SRC))


def _mypy(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"), *args],
                          capture_output=True, text=True, env=_env(), cwd=REPO)


def test_stubtest_passes():
    out = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "yakuman", "--mypy-config-file", str(REPO / "pyproject.toml"),
         "--allowlist", str(ALLOWLIST)],
        capture_output=True, text=True, env=_env(), cwd=REPO)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_readme_examples_pass_mypy_strict():
    out = _mypy("--strict", "--follow-imports=silent", str(SCRIPT))
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_stubs_catch_wrong_types(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import yakuman\nfrom yakuman.batch import shanten_many\n"
        "a: str = yakuman.shanten('123m456p789s1122z')\n"
        "b: int = yakuman.waits('23456m567p789s33s')\n"
        "c = yakuman.score('234567m34588p567s', '5s', riichi='yes')\n"
        "d: int = yakuman.ukeire('1m').tiles\n"
        "e: list[int] = shanten_many([[0] * 34], return_status=True)\n")
    out = _mypy("--strict", "--follow-imports=silent", str(bad))
    assert out.returncode == 1
    text = out.stdout
    assert 'bad.py:3: error: Incompatible types in assignment (expression has type "int", variable has type "str")' in text
    assert 'bad.py:4: error: Incompatible types in assignment (expression has type "list[str]"' in text
    assert 'bad.py:5: error: Argument "riichi" to "score" has incompatible type "str"; expected "bool"' in text
    assert 'bad.py:6: error: Incompatible types in assignment (expression has type "dict[str, int]"' in text
    assert 'bad.py:7: error: Incompatible types in assignment (expression has type "tuple[ndarray[' in text


def test_readme_examples_run():
    out = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, env=_env(),
                         cwd=str(HERE.parent.parent.parent))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("README examples: ok")


def _code(line: str) -> str:
    return re.sub(r"\s+", " ", line.split("#")[0]).strip()


def test_every_readme_python_line_is_in_the_script():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    assert blocks, "README.md has no python example"
    script = [_code(x) for x in SCRIPT.read_text(encoding="utf-8").splitlines()]
    # each README line appears in the script, as written or inside a longer line (an assert)
    readme_lines = [_code(x) for b in blocks for x in b.splitlines()]
    missing = [line for line in readme_lines if line and not any(line in s for s in script)]
    assert not missing, f"README lines not exercised by {SCRIPT.name}: {missing}"
