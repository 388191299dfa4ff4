"""Declared dependencies and the messages of optional parts: tomli on Python < 3.11, the extras,
the SPDX license, and every ImportError of an optional part naming the extra to install."""

from __future__ import annotations

import re
import sys

import pytest

from tests.conftest import REPO

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_metadata_and_dependencies():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "tomli>=1.1; python_version < '3.11'" in project["dependencies"]
    extras = project["optional-dependencies"]
    assert {"frame", "dask", "progress", "report", "test", "bench"} <= set(extras)
    assert any(d.startswith("matplotlib") for d in extras["report"])
    assert any(d.startswith("tqdm") for d in extras["progress"])
    assert any(d.startswith("mypy") for d in extras["test"])
    requires = PYPROJECT["build-system"]["requires"]
    assert "setuptools>=77" in requires and any(r.startswith("Cython") for r in requires)
    assert PYPROJECT["tool"]["setuptools"]["package-data"]["yakuman"][:2] == ["py.typed", "*.pyi"]
    cibw = PYPROJECT["tool"]["cibuildwheel"]
    assert cibw["build"] == "cp310-* cp311-* cp312-* cp313-*" and "tools/smoke.py" in cibw["test-command"]


def test_every_install_hint_names_an_extra():
    hints = []
    for f in sorted((REPO / "src" / "yakuman").rglob("*.py")):
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if "pip install" in line:
                hints.append((f"{f.name}:{i}", line))
    assert hints
    for where, line in hints:
        assert re.search(r'pip install \\?"yakuman\[(frame|dask|progress|report)\]\\?"', line) or "pip install tomli" in line, (
            where, line)


def test_dask_import_errors_name_the_extra(monkeypatch):
    from yakuman.logs import cluster

    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.bag", None)
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)
    with pytest.raises(ImportError, match=r'pip install "yakuman\[dask\]"'):
        cluster._dask_bag()
    with pytest.raises(ImportError, match=r'pip install "yakuman\[dask\]"'):
        cluster.frame_dask([])


def test_frame_import_errors_name_the_extra(monkeypatch):
    from yakuman.logs import frame

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r"'pyarrow': pip install \"yakuman\[frame\]\""):
        frame._need("pyarrow", "to_table")


def test_cli_out_without_pyarrow_names_the_extra(monkeypatch, tmp_path, capsys):
    from yakuman.cli import main

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    assert main(["logs", "verify", str(tmp_path), "--out", str(tmp_path / "x.parquet")]) == 2
    assert 'pip install "yakuman[frame]"' in capsys.readouterr().err
