"""Real Tenhou records through the engine: the wall rebuilt from each record, every logged
decision legal in the engine at that moment, every automatic transition (draws, replacement
draws, dora reveals, abortive and exhaustive draws, deltas, the next hand) equal to the record."""

from __future__ import annotations

import os

import pytest

from tests.conftest import corpus_step, floor, shared_data_path
from yakuman.game.records import check_records


def _run(step: int):
    from yakuman.logs.convert import read
    from yakuman.logs.events import LogFormatError

    root = shared_data_path("tenhou", "mjlog")
    files = sorted(root.iterdir())[::corpus_step(step)]
    total = [0, 0, 0, 0, 0]
    problems = []
    for f in files:
        try:
            games = [g for g in read(f, strict=False) if not g.truncated]
        except LogFormatError:
            continue  # not a game (a code table, an empty file)
        r = check_records(games)
        total = [a + b for a, b in zip(total, (r.rounds, r.decisions, r.illegal, r.disagreements, r.skipped))]
        problems += r.problems
    return total, problems


def test_sample_of_the_tenhou_records_replays_through_the_engine():
    (rounds, decisions, illegal, disagreements, skipped), problems = _run(25)
    assert problems == []
    assert illegal == 0 and disagreements == 0
    # the fixture corpus: 196 rounds, 11,410 decisions (21 games)
    assert rounds >= floor(1000, 196) and decisions >= floor(50000, 11410), (rounds, decisions)


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("YAKUMAN_LOGS_FULL"), reason="the whole corpus (about 20 s): make logs-full"
)
def test_every_tenhou_record_replays_through_the_engine():
    (rounds, decisions, illegal, disagreements, skipped), problems = _run(1)
    assert problems == []
    assert rounds > 36000 and skipped <= 3
