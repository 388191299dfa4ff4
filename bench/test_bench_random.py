"""Generation against scoring, side by side in one run: `winning_hands` of about the demo's call size
(25 chunks of 4096 rows; `make run` asks for a multiple of its workers, 26 on two) and `score_many`
of the same rows, on 1 and 2 workers. report.py prints both per hand; their ratio is what
`make run`'s generation and scoring lines compare (docs/performance.md).
"""

from __future__ import annotations

import pytest

from yakuman.batch import _columns, score_many
from yakuman.random import CHUNK, winning_hands

ROWS = 25 * CHUNK   # about one call of `yakuman demo` (src/yakuman/cli_score.py)
SEED = 1            # `make run`'s seed


@pytest.fixture(scope="module")
def rows():
    return _columns(winning_hands(ROWS, seed=SEED))


@pytest.mark.benchmark(group="generate-vs-score")
@pytest.mark.parametrize("workers", [1, 2])
def test_yakuman_generate(benchmark, workers):
    benchmark.extra_info["hands"] = ROWS
    benchmark(winning_hands, ROWS, seed=SEED, workers=workers)


@pytest.mark.benchmark(group="generate-vs-score")
@pytest.mark.parametrize("workers", [1, 2])
def test_yakuman_score_generated(benchmark, rows, workers):
    benchmark.extra_info["hands"] = ROWS
    benchmark(score_many, rows, workers=workers)
