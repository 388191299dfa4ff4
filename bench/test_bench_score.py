"""Scoring throughput: yakuman per call (136-ids and mpsz), batch (score_many, 1 and 2 workers),
and the peers on the same hands in the same run: the `mahjong` package's HandCalculator and
riichienv's HandEvaluator (closed and with melds; riichienv is skipped when not installed).

Corpora: yakuman.random.winning_hands (seeded), Tenhou rules.
"""

from __future__ import annotations

import pytest
from _util import calls_136 as _calls_136
from _util import calls_mpsz as _calls_mpsz
from _util import calls_riichienv as _calls_riichienv
from _util import per_call as _per_call

import yakuman
from yakuman.batch import score_many
from yakuman.random import winning_hands
from tests.differential.test_score_mahjong import _mj_args, _mj_call, _mj_input, _options

CORPUS = 2000
BATCH = 200_000


@pytest.fixture(scope="module")
def closed():
    return winning_hands(CORPUS, seed=77, melds=0)


@pytest.fixture(scope="module")
def mixed():
    return winning_hands(CORPUS, seed=78)


@pytest.mark.benchmark(group="score-per-call-closed")
def test_yakuman_136_closed(benchmark, closed):
    calls = _calls_136(closed)
    _per_call(benchmark, lambda c: yakuman.score(c[0], c[1], c[2], **c[3]), calls)


@pytest.mark.benchmark(group="score-per-call-closed")
def test_yakuman_mpsz_closed(benchmark, closed):
    calls = [(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), kw) for kw in (closed.kwargs(i) for i in range(len(closed)))]
    _per_call(benchmark, lambda c: yakuman.score(c[0], c[1], c[2], **c[3]), calls)


def _mahjong_calls(h):
    """The package's inputs, converted before timing: only estimate_hand_value is measured."""
    opts = _options(yakuman.Rules.tenhou())
    return _mj_call, [_mj_args(h, i, opts) for i in range(len(h))]


@pytest.mark.benchmark(group="score-per-call-closed")
def test_peer_mahjong_closed(benchmark, closed):
    one, calls = _mahjong_calls(closed)
    _per_call(benchmark, lambda c: one(*c), calls)


@pytest.mark.benchmark(group="score-per-call-closed")
def test_peer_riichienv_closed(benchmark, closed):
    core = pytest.importorskip("riichienv._riichienv")
    winds = (core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North)
    calls = []
    for i in range(len(closed)):
        ids, win_id, _ = _mj_input(closed, i, True)
        f = int(closed.flags[i])
        cond = dict(tsumo=bool(f & 1), riichi=bool(f & 2), double_riichi=bool(f & 4), ippatsu=bool(f & 8),
                    rinshan=bool(f & 16), chankan=bool(f & 32), haitei=bool(f & 64), houtei=bool(f & 128),
                    player_wind=winds[int(closed.seat_wind[i])], round_wind=winds[int(closed.round_wind[i])],
                    honba=int(closed.honba[i]), riichi_sticks=int(closed.riichi_sticks[i]))
        dora = [4 * int(k) + 3 for k in closed.dora[i, :closed.n_dora[i]]]
        ura = [4 * int(k) + 3 for k in closed.ura[i, :closed.n_ura[i]]]
        calls.append((sorted(ids), win_id, dora, ura, cond))

    def one(ids, win_id, dora, ura, cond):
        return core.HandEvaluator(ids, []).calc(win_id, dora, ura, core.Conditions(**cond))

    _per_call(benchmark, lambda c: one(*c), calls)


@pytest.mark.benchmark(group="score-per-call-melds")
def test_yakuman_136_with_melds(benchmark, mixed):
    calls = _calls_136(mixed)
    _per_call(benchmark, lambda c: yakuman.score(c[0], c[1], c[2], **c[3]), calls)


@pytest.mark.benchmark(group="score-per-call-melds")
def test_yakuman_mpsz_with_melds(benchmark, mixed):
    calls = _calls_mpsz(mixed)
    _per_call(benchmark, lambda c: yakuman.score(c[0], c[1], c[2], **c[3]), calls)


@pytest.mark.benchmark(group="score-per-call-melds")
def test_peer_riichienv_with_melds(benchmark, mixed):
    core = pytest.importorskip("riichienv._riichienv")
    calls = _calls_riichienv(core, mixed)
    evaluator = core.HandEvaluator
    _per_call(benchmark, lambda c: evaluator(c[0], c[1]).calc(c[2], c[3], c[4], c[5]), calls)


@pytest.mark.benchmark(group="score-per-call-melds")
def test_peer_mahjong_with_melds(benchmark, mixed):
    one, calls = _mahjong_calls(mixed)
    _per_call(benchmark, lambda c: one(*c), calls)


@pytest.fixture(scope="module")
def batch():
    return winning_hands(BATCH, seed=79)


@pytest.mark.benchmark(group="score-batch")
@pytest.mark.parametrize("workers", [1, 2])
def test_yakuman_score_many(benchmark, batch, workers):
    from yakuman.batch import _columns

    cols = _columns(batch)
    benchmark.extra_info["hands"] = BATCH
    benchmark(score_many, cols, workers=workers)
