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
