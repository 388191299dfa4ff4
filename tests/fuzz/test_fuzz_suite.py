"""The standing fuzz suite, bounded for the default run (about 30 s in all): every target of
tests/fuzz/targets.py on hypothesis-made byte strings (shrinkable) and on a fixed set of seeded
random inputs (reproducible: ``YAKUMAN_FUZZ_RANDOM=1`` draws new ones). ``make fuzz`` runs the same targets on ten million inputs (tools/fuzz.py)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .targets import TARGETS, ByteSource, RandomSource

# examples per target: the slow ones (logs, the reference scorer) get fewer
BUDGET = {"parsers": 400, "shanten": 300, "score": 300, "batch": 80, "shanten_state": 300, "logs": 60, "game": 60,
          "answers": 60, "forged_state": 60, "determinize": 30, "rules_files": 100,
          "ev": 150, "ev_many": 60, "review": 12, "decisions": 20, "from_record": 30}
SCALE = float(os.environ.get("YAKUMAN_FUZZ_SCALE", "1"))
# the default run is reproducible; YAKUMAN_FUZZ_RANDOM=1 lets hypothesis draw new inputs each run
DERANDOMIZE = os.environ.get("YAKUMAN_FUZZ_RANDOM") != "1"


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_on_bytes(name):
    target = TARGETS[name]

    @settings(max_examples=max(1, int(BUDGET[name] * SCALE)), deadline=None, database=None, derandomize=DERANDOMIZE,
              suppress_health_check=list(HealthCheck))
    @given(st.binary(min_size=0, max_size=512))
    def run(data):
        target(ByteSource(data))

    run()


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_target_on_seeds(name):
    for seed in range(max(1, int(BUDGET[name] * SCALE) // 2)):
        TARGETS[name](RandomSource(seed * 7919 + 1))


@pytest.mark.parametrize("seed", [1008480, 1014560, 1016167, 1017635])
def test_game_inputs_that_failed_the_bulk_run(seed):
    # stale calls (a chi / pon legal on an earlier discard) were applied to the current discard
    TARGETS["game"](RandomSource(seed))
