"""bench/guard.py: the ratio arithmetic, the merge of passes and the failure rules (no timing here:
synthetic pytest-benchmark JSON)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_guard", ROOT / "bench" / "guard.py")
guard = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(guard)


def _run(times: dict[str, float], hands: int = 10) -> dict:
    return {"benchmarks": [{"name": n, "stats": {"min": t * hands}, "extra_info": {"hands": hands}}
                           for n, t in times.items()]}


def _all(ours: float, peer: float) -> dict[str, float]:
    out = {}
    for name, (p, _) in guard.GUARDS.items():
        out[name] = ours
        out[p] = peer
    return out


def test_ratio_is_peer_over_ours_per_item():
    r, missing = guard.ratios(_run(_all(1e-6, 3e-6)))
    assert missing == []
    assert set(r) == set(guard.GUARDS)
    assert all(v == pytest.approx(3.0) for v in r.values())


def test_passes_merge_on_the_fastest_round_per_benchmark():
    slow_ours = _run(_all(2e-6, 3e-6))       # our side slowed by load in pass 1
    slow_peer = _run(_all(1e-6, 6e-6))       # the peer slowed in pass 2
    r, _ = guard.ratios([slow_ours, slow_peer])
    assert all(v == pytest.approx(3.0) for v in r.values())


def _check(tmp_path: Path, runs: list[dict], base: float, extra: list[str] = ()) -> int:
    files = []
    for i, run in enumerate(runs):
        f = tmp_path / f"g{i}.json"
        f.write_text(json.dumps(run))
        files.append(str(f))
    b = tmp_path / "base.json"
    b.write_text(json.dumps({k: base for k in guard.GUARDS}))
    return guard.main([*files, "--baseline", str(b), *extra])


def test_drop_beyond_tolerance_fails_and_within_passes(tmp_path, capsys):
    assert _check(tmp_path, [_run(_all(1e-6, 3e-6))], base=3.0 / 0.76) == 0    # a 24% drop passes
    assert _check(tmp_path, [_run(_all(1e-6, 3e-6))], base=3.0 / 0.74) == 1    # a 26% drop fails
    assert "FAIL" in capsys.readouterr().out


def test_a_regression_in_both_passes_still_fails(tmp_path):
    runs = [_run(_all(2e-6, 3e-6)), _run(_all(2.1e-6, 3.1e-6))]
    assert _check(tmp_path, runs, base=3.0) == 1


def test_missing_benchmark_fails_unless_allowed(tmp_path):
    times = _all(1e-6, 3e-6)
    times.pop(next(iter(guard.GUARDS)))
    assert _check(tmp_path, [_run(times)], base=3.0) == 1
    assert _check(tmp_path, [_run(times)], base=3.0, extra=["--allow-missing"]) == 0


def test_update_writes_every_ratio(tmp_path):
    f = tmp_path / "g.json"
    f.write_text(json.dumps(_run(_all(1e-6, 2e-6))))
    b = tmp_path / "base.json"
    assert guard.main([str(f), "--baseline", str(b), "--update"]) == 0
    assert json.loads(b.read_text()) == {k: 2.0 for k in guard.GUARDS}


def test_select_names_every_guard_and_peer():
    expr = guard.select_expr()
    for name, (peer, _) in guard.GUARDS.items():
        assert name.split("[")[0] in expr and peer.split("[")[0] in expr


def test_lower_keeps_the_smaller_ratio(tmp_path):
    f = tmp_path / "g.json"
    b = tmp_path / "base.json"
    f.write_text(json.dumps(_run(_all(1e-6, 2e-6))))
    assert guard.main([str(f), "--baseline", str(b), "--update"]) == 0
    f.write_text(json.dumps(_run(_all(1e-6, 3e-6))))          # a higher ratio leaves the floor
    assert guard.main([str(f), "--baseline", str(b), "--lower"]) == 0
    assert json.loads(b.read_text()) == {k: 2.0 for k in guard.GUARDS}
    f.write_text(json.dumps(_run(_all(1e-6, 1.5e-6))))        # a lower ratio replaces the floor
    assert guard.main([str(f), "--baseline", str(b), "--lower"]) == 0
    assert json.loads(b.read_text()) == {k: 1.5 for k in guard.GUARDS}
