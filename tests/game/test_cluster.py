"""simulate on a local Dask cluster equals simulate on one machine."""

from __future__ import annotations

import numpy as np
import pytest

from yakuman.game import simulate
from yakuman.game.cluster import simulate_dask
from yakuman.rules import Rules

distributed = pytest.importorskip("distributed")


def test_simulate_dask_equals_local():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc, \
            distributed.Client(lc) as client:
        for rules in (Rules.tenhou(), Rules.tenhou_sanma()):
            got = simulate_dask(client, 50, rules=rules, seed=11, policy="greedy", chunk=16, workers=1)
            want = simulate(50, rules=rules, seed=11, policy="greedy", workers=2)
            assert got.keys() == want.keys()
            for k in want:
                assert np.array_equal(got[k], want[k]), k


def _cluster():
    import dask

    # no scheduler-side retries: a worker's death surfaces as a failed task (KilledWorker)
    cfg = dask.config.set({"distributed.scheduler.allowed-failures": 0})
    lc = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    return cfg, lc


def test_simulate_dask_survives_a_worker_killed_once(tmp_path, monkeypatch):
    want = simulate(40, seed=5, policy="tsumogiri", workers=1)
    marker = tmp_path / "killed-once"
    # the chunk of seeds 15..24 kills its worker the first time it starts (the marker records it)
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", f"simulate-seed-15-n-10-:once:{marker}")
    cfg, lc = _cluster()
    deaths: list = []
    with cfg, lc, distributed.Client(lc) as client:
        got = simulate_dask(client, 40, seed=5, policy="tsumogiri", chunk=10, workers=1, deaths=deaths)
    assert marker.exists()
    # the killed chunk was retried and worked (a chunk queued on the same worker may be retried too)
    assert {"seed": 15, "games": 10, "retried": "ok", "error": None} in deaths
    assert all(d["retried"] == "ok" for d in deaths)
    for k in want:
        assert np.array_equal(got[k], want[k]), k


def test_simulate_dask_reports_a_chunk_lost_twice_and_keeps_the_rest(monkeypatch):
    from yakuman.game.cluster import STATUS_WORKER_DIED

    want = simulate(40, rules=Rules.tenhou_sanma(), seed=5, workers=1)
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", "simulate-seed-25-n-10-")   # dies every time
    cfg, lc = _cluster()
    deaths: list = []
    with cfg, lc, distributed.Client(lc) as client:
        with pytest.warns(RuntimeWarning, match=r"games 25\.\.34 died"):
            got = simulate_dask(client, 40, rules=Rules.tenhou_sanma(), seed=5, chunk=10, workers=1, deaths=deaths)
    (d,) = [d for d in deaths if d["retried"] != "ok"]
    assert (d["seed"], d["games"], d["retried"]) == (25, 10, "died again") and "KilledWorker" in d["error"]
    lost = np.zeros(40, dtype=bool)
    lost[20:30] = True
    assert (got["status"][lost] == STATUS_WORKER_DIED).all() and (got["scores"][lost] == 0).all()
    assert np.array_equal(got["seed"], want["seed"])
    for k in want:   # every finished chunk kept, in seed order
        assert np.array_equal(got[k][~lost], want[k][~lost]), k


def test_simulate_dask_checks_its_arguments_on_the_client():
    from yakuman.errors import InvalidContextError

    with pytest.raises(InvalidContextError, match="policy"):
        simulate_dask(None, 10, policy="nope")
    with pytest.raises(InvalidContextError, match="chunk"):
        simulate_dask(None, 10, chunk=0)
