"""Shanten throughput: yakuman per call (34 counts, mpsz, 136-ids), batch (1 and 2 workers),
and the peers on the same hands in the same run: the `mahjong` package and `xiangting`."""

from __future__ import annotations

import pytest
from _util import per_call as _per_call

import yakuman
from yakuman.batch import shanten_many


@pytest.mark.benchmark(group="shanten-per-call")
def test_yakuman_counts(benchmark, hands13_lists):
    _per_call(benchmark, yakuman.shanten, hands13_lists)


@pytest.mark.benchmark(group="shanten-per-call")
def test_yakuman_136(benchmark, hands13_136):
    _per_call(benchmark, yakuman.shanten, hands13_136)


@pytest.mark.benchmark(group="shanten-per-call")
def test_yakuman_mpsz(benchmark, hands13_mpsz):
    _per_call(benchmark, yakuman.shanten, hands13_mpsz)


@pytest.mark.benchmark(group="shanten-per-call")
def test_peer_mahjong_counts(benchmark, hands13_lists):
    from mahjong.shanten import Shanten

    calc = Shanten()
    _per_call(benchmark, calc.calculate_shanten, hands13_lists)


@pytest.mark.benchmark(group="shanten-per-call")
def test_peer_xiangting_counts(benchmark, hands13_lists):
    xiangting = pytest.importorskip("xiangting")
    four = xiangting.PlayerCount.FOUR
    fn = xiangting.calculate_replacement_number
    _per_call(benchmark, lambda h: fn(h, four), hands13_lists)


@pytest.mark.benchmark(group="shanten-batch")
@pytest.mark.parametrize("workers", [1, 2])
def test_yakuman_batch(benchmark, batch13, workers):
    benchmark.extra_info["hands"] = len(batch13)
    benchmark(shanten_many, batch13, workers=workers)


@pytest.mark.benchmark(group="shanten-batch")
def test_yakuman_batch_regular_only(benchmark, batch13):
    benchmark.extra_info["hands"] = len(batch13)
    benchmark(shanten_many, batch13, form="regular", workers=1)


@pytest.mark.benchmark(group="waits-batch")
def test_yakuman_waits_batch(benchmark, batch13):
    from yakuman.batch import waits_many

    benchmark.extra_info["hands"] = len(batch13)
    benchmark(waits_many, batch13, workers=1)


@pytest.mark.benchmark(group="shanten-per-call")
def test_peer_riichienv_136(benchmark, hands13_136):
    riichienv = pytest.importorskip("riichienv")
    _per_call(benchmark, riichienv.calculate_shanten, hands13_136)
