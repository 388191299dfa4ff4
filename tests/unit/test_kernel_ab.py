"""bench/kernel_ab.py: two builds of the extension loaded in one process give equal outputs, and the
orders experiment scores the same rows in every order (the figures themselves are not asserted:
timing is the benchmarks' business)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import numpy as np

import yakuman
from yakuman import _core
from yakuman.batch import SCORE_OUTPUTS, _columns, score_many
from yakuman.random import winning_hands

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_kernel_ab", ROOT / "bench" / "kernel_ab.py")
kab = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(kab)


def _copies(tmp_path: Path, k: int) -> dict[str, str]:
    src = Path(_core.__file__)
    out = {}
    for i in range(k):   # separate files: one file opened twice is one library
        d = tmp_path / f"b{i}"
        d.mkdir()
        out[f"kab_b{i}"] = str(shutil.copy(src, d / src.name))
    return out


def _side_by_side(compare, tmp_path: Path, tag: str):
    """Two copies compared (equal outputs, positive figures); then a third copy, loaded alone."""
    builds = _copies(tmp_path, 2)
    res = compare(2, builds, 3000)
    assert set(res) == set(builds)
    for t, ratio, same in res.values():
        assert same and t > 0 and ratio > 0
    (tmp_path / "c").mkdir()
    return kab.load(tag, _copies(tmp_path / "c", 1)["kab_b0"])


def test_side_by_side_builds_score_like_the_installed_one(tmp_path):
    # a loaded copy gives exactly what the installed module gives
    mod = _side_by_side(kab.compare, tmp_path, "kab_check")
    cols = _columns(winning_hands(3000, seed=79))
    _, out = kab.run(mod, cols, 3000)
    ref = score_many(winning_hands(3000, seed=79))
    for name, _ in SCORE_OUTPUTS:
        assert np.array_equal(out[name], getattr(ref, name)), name
    assert mod is not _core and yakuman._core is _core


def test_orders_cover_every_property():
    best = kab.orders(1, None, 2000)
    assert list(best) == ["random", "by melds", "by flags", "by tsumo", "by dealer", "by indicators"]
    assert all(t > 0 for t in best.values())


def test_every_order_holds_the_same_rows_and_scores_them_alike():
    n = 2000
    cols = _columns(winning_hands(n, seed=79))
    sets = kab.ordered_sets(cols, n)
    _, ref = kab.run(_core, cols, n)
    key = np.lexsort([ref[name] for name, _ in SCORE_OUTPUTS])
    for name, data in sets.items():
        assert sorted(map(bytes, data["counts"])) == sorted(map(bytes, cols["counts"])), name
        _, out = kab.run(_core, data, n)
        order = np.lexsort([out[k] for k, _ in SCORE_OUTPUTS])
        for k, _ in SCORE_OUTPUTS:   # the same results, as a multiset of rows
            assert np.array_equal(out[k][order], ref[k][key]), (name, k)
    assert not np.array_equal(sets["by melds"]["counts"], cols["counts"])   # sorting moved rows


def test_side_by_side_shanten_kernels_give_the_installed_results(tmp_path):
    from yakuman.batch import shanten_many
    from yakuman.random import random_hands

    mod = _side_by_side(kab.compare_shanten, tmp_path, "kab_sh")
    rows = np.ascontiguousarray(random_hands(3000, seed=7, size=13), dtype=np.uint8)
    _, (out, status) = kab.run_shanten(mod, rows)
    assert np.array_equal(out, shanten_many(rows))
    assert not status.any()


def test_copies_load_each_build_from_its_own_file(tmp_path):
    # COPIES=k: k modules per build, each from its own file (their own addresses), all scoring alike
    src = str(Path(_core.__file__))
    mods = kab._load_all({"kab_cp": src}, 3, str(tmp_path))["kab_cp"]
    assert len(mods) == 3 and len({m.__file__ for m in mods}) == 3
    assert all(Path(m.__file__).parent.parent == tmp_path for m in mods)
    maps = Path("/proc/self/maps")
    if maps.exists():   # three libraries mapped, not one opened thrice
        mapped = maps.read_text()
        assert all(m.__file__ in mapped for m in mods)
    cols = _columns(winning_hands(2000, seed=79))
    outs = [kab.run(m, cols, 2000)[1] for m in mods]
    for name, _ in SCORE_OUTPUTS:
        assert all(np.array_equal(o[name], outs[0][name]) for o in outs[1:]), name
    res = kab.compare(2, {"x": src, "y": src}, 2000, copies=2, workdir=str(tmp_path / "w"))
    assert set(res) == {"x", "y"} and all(same and t > 0 for t, _, same in res.values())


def test_rounds_average_a_builds_copies_and_compare_every_copys_outputs():
    class Fake:   # a stand-in module: a fixed time and an output
        def __init__(self, t, out):
            self.t, self.out = t, out

    mods = {"a": [Fake(10.0, 1), Fake(30.0, 1)], "b": [Fake(40.0, 1), Fake(40.0, 2)], "c": Fake(5.0, 1)}
    res = kab._rounds(3, mods, lambda m: (m.t, m.out), lambda x, y: x == y)
    assert res["a"] == (20.0, 1.0, True)      # the mean of the copies, the ratio to itself
    assert res["b"] == (40.0, 2.0, False)     # one copy's outputs differ from the first build's
    assert res["c"] == (5.0, 0.25, True)


def test_side_by_side_generators_give_the_installed_rows(tmp_path):
    # --generate: a loaded build's chunks are winning_hands' rows of `make run`'s stream (seed 1)
    from yakuman.random import CHUNK

    mod = _side_by_side(kab.compare_generate, tmp_path, "kab_gen")
    t, out = kab.run_generate(mod, CHUNK + 1)   # rounded up to two whole chunks
    ref = winning_hands(2 * CHUNK, seed=1)
    assert t > 0 and set(out) == set(ref.arrays())
    for name, col in ref.arrays().items():
        assert np.array_equal(out[name], col), name
