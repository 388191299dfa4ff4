"""logs.decisions: every decision of a record as the VecGame's arrays and the index taken."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import corpus_step, floor, shared_data_path
from yakuman.game.records import check_record
from yakuman.game.vec import VecGame, replay_indices
from yakuman.logs import read
from yakuman.logs.decisions import decisions, iter_decisions, write_shards
from yakuman.logs.events import LogError

FIXTURES = "tests/fixtures/logs"


def test_fixture_records_every_decision_maps_to_its_legal_index():
    d = decisions(FIXTURES)
    assert len(d.sources) == 9 and not d.skipped
    want = sum(check_record(g).decisions for src in d.sources for g in read(src))
    assert len(d) == want                                   # every decision the driver checks
    assert d.mask[np.arange(len(d)), d.action].all()         # the index taken is a legal one
    assert (d.action[d.implied_pass] == 347).all() and d.passes > 0
    assert d.passes == int((d.action == 347).sum())          # records never pass but by implication
    assert d.planes.shape == (len(d), 33, 34) and d.scalars.shape == (len(d), 24)
    # the same record in three formats: the same decisions
    per_game = [d.action[d.game == g] for g in range(9)]
    for stem in range(3):
        a, b, c = per_game[3 * stem:3 * stem + 3]
        assert (a == b).all() and (b == c).all()


def test_round_and_game_outcomes_exact_on_fixture4():
    d = decisions(f"{FIXTURES}/fixture4.mjlog")
    (g,) = read(f"{FIXTURES}/fixture4.mjlog")
    final = g.events[-1].scores
    for q in range(4):
        rows = d.seat == q
        assert (d.final_score[rows] == final[q]).all()
    ranks = sorted(range(4), key=lambda q: (-final[q], q))
    assert [int(d.final_rank[d.seat == q][0]) for q in range(4)] == [ranks.index(q) for q in range(4)]
    first_round = [e for e in g.events[2:] if type(e).__name__ in ("Win", "Ryuukyoku")][0]
    r0 = d.round == 0
    for q in range(4):
        assert (d.round_delta[r0 & (d.seat == q)] == first_round.deltas[q]).all()


def test_player_filter():
    d = decisions(f"{FIXTURES}/fixture4.mjlog", player="Botan")
    assert len(d) > 0 and (d.seat == 1).all()
    assert len(decisions(f"{FIXTURES}/fixture4.mjlog", player="nobody")) == 0


@pytest.mark.parametrize("seed", [3, 21])
def test_a_vecgame_game_written_as_a_record_gives_the_same_decisions(tmp_path, seed):
    """Differential: a game played in a VecGame, written as an mjai record, read back: the same
    action indices in order, and the same planes, scalars and masks, as the VecGame gave."""
    v = VecGame(1, seed=seed, workers=1)
    o = v.observe()
    rng = np.random.default_rng(seed)
    planes, scalars, masks, acts = [], [], [], []
    while True:
        a = (rng.random(o.mask.shape) * o.mask).argmax(1)
        planes.append(o.planes[0].copy())
        scalars.append(o.scalars[0].copy())
        masks.append(o.mask[0].copy())
        acts.append(int(a[0]))
        v.step(a)
        if o.done[0]:
            break
    g = replay_indices(seed, acts)
    assert g.done
    path = tmp_path / "game.mjai"
    path.write_text("".join(json.dumps(e) + "\n" for e in g.events))
    d = decisions(path)
    assert not d.skipped
    # a call that lost to a higher-priority answer (a chi to a pon) leaves no trace in a record:
    # the record gives that seat's decision as a pass, the only difference allowed
    diff = [i for i, (x, y) in enumerate(zip(d.action.tolist(), acts)) if x != y]
    assert len(d) == len(acts)
    for i in diff:
        assert d.action[i] == 347 and 75 <= acts[i] < 275 and d.scalars[i, 15] == 1, (i, acts[i])
    assert len(diff) <= len(acts) // 50
    assert (d.planes == np.array(planes)).all() and (d.scalars == np.array(scalars)).all()
    assert (d.mask == np.array(masks)).all()
    assert tuple(d.final_score[:4][np.argsort(d.seat[:4])]) == g.result.scores or len(set(d.seat[:4])) < 4


def _bad_riichi_record() -> tuple[str, int]:
    """fixture4 as mjai with a riichi declared by seat 2 far from tenpai, before its first
    discard (no legal index); and that event's index."""
    evs = [json.loads(x) for x in open(f"{FIXTURES}/fixture4.mjai").read().splitlines()]
    i = next(j for j, e in enumerate(evs) if e["type"] == "dahai" and e["actor"] == 2)
    evs[i:i] = [{"type": "reach", "actor": 2}]
    evs[i + 2:i + 2] = [{"type": "reach_accepted", "actor": 2, "deltas": [0, 0, -1000, 0],
                         "scores": [25000, 25000, 24000, 25000]}]
    return "".join(json.dumps(e) + "\n" for e in evs), i


def test_a_decision_that_maps_to_no_index_names_file_round_and_event(tmp_path):
    """A riichi declared by a seat far from tenpai (its first discard of E1): the reader takes
    the record, the engine has no such legal action."""
    text, i = _bad_riichi_record()
    path = tmp_path / "bad.mjai"
    path.write_text(text)
    with pytest.raises(LogError) as ei:
        decisions(path)
    msg = str(ei.value)
    assert "bad.mjai" in msg and "E1-0" in msg and f"event {i}" in msg and "riichi" in msg, msg



@pytest.mark.parametrize("damage", [("hai1", "append"), ("hai2", "137"), ("seed", "200")])
def test_a_round_the_driver_cannot_read_names_file_round_and_event(tmp_path, damage):
    """A record the reader takes but whose deal the driver cannot build (a 14-tile hand, a tile
    id 137, a dora indicator id 200): LogError naming the file, the round and its RoundStart, as
    for an unmapped decision; it raised the driver's IndexError / ValueError before (found by
    fuzzing the review, which drives records the same way)."""
    import re

    text = (Path(FIXTURES) / "fixture4.mjlog").read_text()
    attr, how = damage
    m = re.search(rf'<INIT [^>]*?\b{attr}="([^"]*)"', text)
    vals = m.group(1).split(",")
    if how == "append":
        vals.append(vals[0])
    elif attr == "seed":
        vals[5] = how
    else:
        vals[0] = how
    path = tmp_path / "damaged.mjlog"
    path.write_text(text[:m.start(1)] + ",".join(vals) + text[m.end(1):])
    (g,) = read(path, strict=False)
    with pytest.raises(LogError) as ei:
        decisions(path)
    e = ei.value
    assert type(e) is LogError and e.round == "E1-0" and e.index == 1, str(e)
    assert "damaged.mjlog" in str(e) and e.problem.startswith("malformed event ("), str(e)
    with pytest.raises(LogError) as ei2:
        check_record(g)
    assert (ei2.value.round, ei2.value.index, ei2.value.problem) == (e.round, e.index, e.problem)


def test_a_final_score_no_column_can_hold_names_file_and_event(tmp_path):
    """A record whose final scores (owari) hold a number beyond the engine's 64-bit score range:
    the driver reports the game end it disagrees with, and the outcome columns (int64) raised
    OverflowError (found by the decisions fuzz target under the sanitizer build, on the synthetic
    record alone); it is a LogError naming the file and the game end now."""
    import re

    text = (Path(FIXTURES) / "fixture4.mjlog").read_text()
    m = re.search(r'owari="([^"]*)"', text)
    vals = m.group(1).split(",")
    vals[0] = "99999999999999999999"
    path = tmp_path / "huge.mjlog"
    path.write_text(text[:m.start(1)] + ",".join(vals) + text[m.end(1):])
    with pytest.raises(LogError) as ei:
        decisions(path)
    e = ei.value
    assert type(e) is LogError and "huge.mjlog" in str(e), str(e)
    assert e.problem.startswith("final score ") and "outside the engine's score range -2**62..2**62" in e.problem
    (g,) = read(path, strict=False)
    assert e.index == len(g.events) - 1 and type(e.event).__name__ == "GameEnd", str(e)

def test_shards_npz_and_parquet_round_trip(tmp_path):
    whole = decisions(FIXTURES)
    files = write_shards(FIXTURES, tmp_path / "npz", rows=300)
    assert len(files) > 1
    got = [np.load(f) for f in files]
    for k in ("action", "seat", "planes", "mask", "round_delta", "implied_pass"):
        assert (np.concatenate([x[k] for x in got]) == getattr(whole, k)).all()
    pq = pytest.importorskip("pyarrow.parquet")
    files = write_shards(FIXTURES, tmp_path / "pq", rows=10**6, format="parquet")
    t = pq.read_table(files[0])
    assert t.num_rows == len(whole)
    assert (np.asarray(t.column("action")) == whole.action).all()
    planes = np.asarray(t.column("planes").combine_chunks().flatten()).reshape(-1, 33, 34)
    assert (planes == whole.planes).all()


def test_blocks_hold_whole_games():
    blocks = list(iter_decisions(FIXTURES, chunk=100))
    assert len(blocks) > 1
    seen = set()
    for b in blocks:
        games = set(np.unique(b.game).tolist())
        assert not games & seen
        seen |= games


def test_a_sample_of_the_shared_corpus_maps_with_no_error():
    """Every 200th file of the shared corpus (the whole corpus: bench/decisions_rate.py,
    docs/learning.md); without it, every game of the fixture corpus (11,410 decisions)."""
    root = shared_data_path("tenhou", "mjlog")
    files = sorted(root.iterdir())[::corpus_step(200)]
    rows = 0
    for b in iter_decisions(files, chunk=1 << 15):
        assert b.mask[np.arange(len(b)), b.action].all()
        rows += len(b)
    assert rows > floor(10000, 11000)


def _same(a, b) -> None:
    assert len(a) == len(b) and a.sources == b.sources and a.skipped == b.skipped
    for k, v in a.columns().items():
        w = getattr(b, k)
        assert v.dtype == w.dtype and v.shape == w.shape and (v == w).all(), k


def test_workers_give_the_same_rows_in_the_same_order(tmp_path):
    """workers=2 (a process pool through yakuman.logs.corpus.run_files) and workers=1: the same
    columns, game numbers, sources and skipped entries, and the same blocks; a file the reader
    refuses is skipped in its place in both."""
    for f in sorted(Path(FIXTURES).iterdir()):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "a_not_a_log.xml").write_text("<nothing/>")      # refused by the reader: skipped
    one, two = decisions(tmp_path, workers=1), decisions(tmp_path, workers=2)
    assert len(one.sources) == 9 and len(one.skipped) == 1 and "a_not_a_log.xml" in one.skipped[0]
    assert sorted(set(one.game.tolist())) == list(range(9))
    _same(one, two)
    b1 = list(iter_decisions(tmp_path, chunk=300, workers=1))
    b2 = list(iter_decisions(tmp_path, chunk=300, workers=2))
    assert len(b1) == len(b2) > 1
    for x, y in zip(b1, b2):
        _same(x, y)
    _same(decisions(tmp_path, player="Botan", workers=1), decisions(tmp_path, player="Botan", workers=2))


def test_workers_raise_the_first_unmapped_decision_in_file_order(tmp_path):
    """Two bad records among good ones: both worker counts raise the first file's error."""
    for f in sorted(Path(FIXTURES).glob("*.mjlog")):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "b_bad.mjai").write_text(_bad_riichi_record()[0])
    (tmp_path / "c_bad.mjai").write_text(_bad_riichi_record()[0])
    msgs = []
    for w in (1, 2):
        with pytest.raises(LogError) as ei:
            decisions(tmp_path, workers=w)
        msgs.append(str(ei.value))
        # the pool is shut down before the spill folder is removed (a worker still writing into
        # it made the removal fail), though the error's traceback still holds the reader's frame
        assert not multiprocessing.active_children()
    assert msgs[0] == msgs[1] and "b_bad.mjai" in msgs[0] and "riichi" in msgs[0]


def test_shards_with_workers_equal_shards_without(tmp_path):
    one = write_shards(FIXTURES, tmp_path / "one", rows=300, workers=1)
    two = write_shards(FIXTURES, tmp_path / "two", rows=300, workers=2)
    assert [p.name for p in one] == [p.name for p in two] and len(one) > 1
    for p, q in zip(one, two):
        a, b = np.load(p), np.load(q)
        assert a.files == b.files and all((a[k] == b[k]).all() for k in a.files)


def test_iter_files_yields_run_files_results_in_file_order(tmp_path):
    from yakuman.logs.corpus import iter_files, run_files

    files = []
    for i in range(23):
        p = tmp_path / f"f{i:02d}"
        p.write_bytes(b"x" * (i * 7 % 13))
        files.append(str(p))
    want = run_files(os.path.getsize, files, workers=1, died=str)
    assert want == [i * 7 % 13 for i in range(23)]
    for w, chunk, ahead in ((1, None, None), (2, None, None), (2, 1, 1), (2, 5, 2)):
        it = iter_files(os.path.getsize, files, workers=w, chunk=chunk, ahead=ahead, died=str)
        assert list(it) == want, (w, chunk, ahead)


def test_a_worker_killed_while_extracting_loses_nothing(tmp_path, monkeypatch):
    """A pool worker SIGKILLed on one file (corpus.py's test hook): once, the rows are the same
    as without workers; every time, a LogError names that file."""
    for f in sorted(Path(FIXTURES).glob("*.mjlog")):
        shutil.copy(f, tmp_path / f.name)
    base = decisions(tmp_path)
    marker = tmp_path.parent / f"{tmp_path.name}-killed-once"
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", f"fixture4.mjlog:once:{marker}")
    _same(base, decisions(tmp_path, workers=2))
    assert marker.exists()
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", "fixture4.mjlog")
    with pytest.raises(LogError, match="fixture4.mjlog.*worker reading this file died"):
        decisions(tmp_path, workers=2)
