"""discard_ev(model="reference") against the reference calculator run as an external oracle
(YAKUMAN_EV_ORACLE, default /tmp/mcpp/build/bin/ev_oracle; skipped with that reason when absent).

Random closed hands at 0-2 shanten and open hands (one pon) at 0-1 shanten, 14-tile (a discard to
choose) and 13-tile (one row), more closed hands of another seed, and the options switched off:
every row's shanten, necessary tiles, tenpai and win probabilities and expected scores, and every
hand's number of states, equal the reference's.
    YAKUMAN_EV_ORACLE=/tmp/mcpp/build/bin/ev_oracle python -m pytest tests/differential/test_ev_oracle.py"""
from __future__ import annotations

import os
import random
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
import ev_oracle_diff as d  # noqa: E402

from yakuman.ev import discard_ev  # noqa: E402

pytestmark = pytest.mark.skipif(d.oracle_path() is None,
                                reason=f"reference oracle not built at {d.ORACLE} (set YAKUMAN_EV_ORACLE)")

CASES = [(0, 0, 60), (1, 0, 60), (2, 0, 30), (0, 1, 30), (1, 1, 30)]
# 13-tile requests (tiles, shanten, melds, n): the tenpai ones have not declared riichi
CASES13 = [(13, 0, 0, 80), (13, 1, 0, 40), (13, 2, 0, 20), (13, 0, 1, 30), (13, 1, 1, 20)]


def _hand13(rng, shanten, melds):
    """A 13-tile hand of the given shanten: a random 14-tile one less a tile that keeps its shanten
    (random 13-tile hands are rarely tenpai: drawing them is slow)."""
    from yakuman import shanten as sh
    c, ml = d.random_hand(rng, shanten, 14, melds)
    keep = [k for k in range(34) if c[k] and sh(tuple(c[:k] + [c[k] - 1] + c[k + 1:])) == shanten]
    c[rng.choice(keep)] -= 1
    return c, ml


def _run(shanten, melds, n, seed=11, tiles=14):
    rng = random.Random(seed + 100 * shanten + melds + (1000 if tiles == 13 else 0))
    hands = [d.random_hand(rng, shanten, 14, melds) if tiles == 14 else _hand13(rng, shanten, melds)
             for _ in range(n)]
    reqs = [{"id": i, "hand": d.mpsz(c), "melds": d.pon_texts(ml)}
            for i, (c, ml) in enumerate(hands)]
    refs = d.run_oracle(reqs)
    return [(q, r, discard_ev(q["hand"], melds=q["melds"], model="reference")) for q, r in zip(reqs, refs)
            if "stats" in r]


@pytest.mark.parametrize("shanten, melds, n", CASES)
def test_rows_shanten_and_tiles_equal(shanten, melds, n):
    for q, ref, ours in _run(shanten, melds, n):
        rows = {r.tile: r for r in ours.rows}
        for st in ref["stats"]:
            row = rows[st["tile"]]
            assert row.shanten == st["shanten"], (q, st["tile"])
            assert row.necessary == {k.replace("0", "5"): v for k, v in st["necessary_tiles"]}, (q, st["tile"])


@pytest.mark.parametrize("shanten, melds, n", CASES)
def test_every_number_equal(shanten, melds, n):
    """Every row: tenpai probability, win probability and expected score at every turn equal the
    reference's (1e-9, 1e-6 relative), and so does the number of states of every hand."""
    bad = []
    for q, ref, ours in _run(shanten, melds, n):
        rows, eq, first = d.compare(ours, ref)
        if eq != rows:
            bad.append(first)
        assert ours.nodes == ref["searched"], q
    assert not bad, f"{len(bad)} hands differ; first: {bad[0]}"


@pytest.mark.parametrize("tiles, shanten, melds, n", CASES13)
def test_13_tile_requests_equal(tiles, shanten, melds, n):
    """A 13-tile request (one row, tile None): every number and the number of states equal the
    reference's. At tenpai its complete hands are dama states of their own that step back to tenpai
    states without riichi (docs/ev.md); before that rule, all 80 closed tenpai hands here differed."""
    bad = []
    runs = _run(shanten, melds, n, tiles=tiles)
    assert len(runs) == n
    for q, ref, ours in runs:
        (row,) = ours.rows
        assert row.tile is None and row.shanten == shanten == ref["stats"][0]["shanten"], q
        rows, eq, first = d.compare(ours, ref)
        if eq != rows:
            bad.append(first)
        assert ours.nodes == ref["searched"], (q, ours.nodes, ref["searched"])
    assert not bad, f"{len(bad)} hands differ; first: {bad[0]}"


# 13-tile tenpai hands (a shanpon, a seven-pairs tanki, a nobetan, a triple wait with a red five, a
# kanchan) with each option switched, extra 2 included (its dama states may exchange)
HANDS13 = ("123m456p789s1122z", "1122m3344p5566s7z", "2345m456p789s111z", "23406m456p789s11z", "13m456p789s11222z")
OPTIONS13 = ({"extra": 0}, {"extra": 2}, {"enable_tegawari": False}, {"enable_shanten_down": False},
             {"enable_tegawari": False, "enable_shanten_down": False})


def _with_options(hands, cfg):
    """(request, reference result, ours) for each hand under the oracle config cfg."""
    reqs = [{"hand": h, "config": cfg} for h in hands]
    for q, ref in zip(reqs, d.run_oracle(reqs)):
        yield q, ref, discard_ev(q["hand"], model="reference", tegawari=cfg.get("enable_tegawari", True),
                                 shanten_down=cfg.get("enable_shanten_down", True), extra=cfg.get("extra", 1))


@pytest.mark.parametrize("cfg", OPTIONS13, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_13_tile_tenpai_options_equal(cfg):
    for q, ref, ours in _with_options(HANDS13, cfg):
        n, eq, first = d.compare(ours, ref)
        assert n == 1 and eq == n, first
        assert ours.nodes == ref["searched"], q


# hands whose rows and state counts equal the reference's with each option switched off: a discard
# that raises the shanten is followed only as the request's own shanten-down step, else the
# reference gives it no row and we give NaN (and neither makes its states)
OPTION_HANDS = ("44678m345678p124s", "123m456p789s1123z4z", "22345m2468p13579s")
OPTIONS = ({"enable_shanten_down": False}, {"extra": 0}, {"enable_tegawari": False})


@pytest.mark.parametrize("cfg", OPTIONS, ids=lambda c: next(iter(c)))
def test_options_off_rows_and_states(cfg):
    import math

    for q, ref, ours in _with_options(OPTION_HANDS, cfg):
        n, eq, first = d.compare(ours, ref)
        live = [r for r in ours.rows if not math.isnan(r.exp_score[1])]
        assert len(live) == len(ref["stats"]), q
        assert eq == n, first
        assert ours.nodes == ref["searched"], q


@pytest.mark.parametrize("shanten, n", [(0, 150), (1, 40)])
def test_state_counts_and_rows_equal_more_hands(shanten, n):
    """More closed hands (another seed, threes and fours of a kind included): the number of states
    and every number of every row equal the reference's (a complete closed hand, reached under
    riichi, makes no state; a tenpai draw state is tenpai whatever it draws; a discard state's
    tenpai probability is its best target's, above 1 on some seven-pairs hands)."""
    rng = random.Random(77 + shanten)
    hands = [d.mpsz(c) for c, _ in (d.random_hand(rng, shanten) for _ in range(n))]
    for h, ref in zip(hands, d.run_oracle([{"hand": h} for h in hands])):
        ours = discard_ev(h, model="reference")
        n_rows, eq, first = d.compare(ours, ref)
        assert ours.nodes == ref["searched"], h
        assert eq == n_rows, first


@pytest.mark.parametrize("seed, n, max_shanten", [(61, 300, 1), (62, 60, 2)])
def test_random_requests_with_every_meld_kind(seed, n, max_shanten):
    """tools/ev_oracle_diff.random_request: zero to three melds of every kind (chi, pon, ankan,
    minkan, kakan) with red fives in them, 13 and 14 tiles, indicators, any winds, and the
    reference's options varied (t_max, extra, exchanges, shanten-down, ura dora, red fives): every
    number of every row, and every hand's number of states, equal the reference's. (Before
    f21052f a meld's red five was still a dora with red fives off.)"""
    rows, bad, kinds = d.sweep(random.Random(seed), n, max_shanten)
    assert kinds == {"chi", "pon", "ankan", "minkan", "kakan"} and rows >= n
    assert not bad, f"{len(bad)} requests differ; first: {bad[0]}"


def test_the_tools_random_request_sweep(capsys):
    """`python tools/ev_oracle_diff.py --requests N --max-shanten S --seed K`: exit status 0 and
    its summary line when every request equals the reference (docs/performance.md quotes it)."""
    assert d.main(["--requests", "12", "--max-shanten", "1", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "12 random requests up to 1 shanten (seed 5):" in out and "0 requests differ" in out
