"""bench/batch_overhead.py runs: every case of the script measures (a small corpus, one round)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("batch_overhead", ROOT / "bench" / "batch_overhead.py")
batch_overhead = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(batch_overhead)


def test_every_case_measures():
    res = batch_overhead.main(3000, 1)
    assert set(res) == {"kernel, outputs reused", "kernel, outputs np.empty", "score_many",
                        "_columns, native dtypes", "_columns, int32 columns", "_columns, int64 columns",
                        "score_many, int64 columns"}
    assert all(math.isfinite(v) and v > 0 for v in res.values())
