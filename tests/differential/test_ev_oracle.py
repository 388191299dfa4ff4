"""discard_ev(model="reference") against the reference calculator run as an external oracle
(YAKUMAN_EV_ORACLE, default /tmp/mcpp/build/bin/ev_oracle; skipped with that reason when absent).

Random closed hands at 0-2 shanten and open hands (one pon) at 0-1 shanten: every row's
shanten and necessary tiles equal the reference's (asserted for every hand); the share of rows equal in every number is the known gap (docs/ev.md) and is
checked by a strict xfail so that it shows when it closes.
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
# the cases whose every row equals the reference's in every number (the closed ones still hold
# hands with three or four copies of a kind on which the shanten of seven pairs differs, docs/ev.md)
EXACT = [(0, 1, 30), (1, 1, 30)]


def _run(shanten, melds, n, seed=11):
    rng = random.Random(seed + 100 * shanten + melds)
    hands = [d.random_hand(rng, shanten, 14, melds) for _ in range(n)]
    reqs = [{"id": i, "hand": d.mpsz(c), "melds": [f"pon {str(k % 9 + 1) * 3}{'mpsz'[k // 9]}" for k in ml]}
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


# rows whose tenpai probability equals the reference's at every turn, of all rows, per case (measured
# 2026-12-05 with the seeds of _run; the exceptions are hands the reference values above 1 or with
# three or four copies of a kind, docs/ev.md); a regression guard that fails if fewer rows agree
TENPAI_EQUAL = {(0, 0): (647, 653), (1, 0): (643, 674), (2, 0): (335, 344), (0, 1): (282, 282), (1, 1): (276, 276)}


@pytest.mark.parametrize("shanten, melds, n", CASES)
def test_tenpai_probability_rows_equal(shanten, melds, n):
    """The search graph reaches tenpai as the reference's does: the tenpai probability of a row,
    at every turn, within 1e-9 (red fives are their own tiles in the exchange limit)."""
    rows_n = eq = 0
    for q, ref, ours in _run(shanten, melds, n):
        rows = {r.tile: r for r in ours.rows}
        for st in ref["stats"]:
            row = rows[st["tile"]]
            rows_n += 1
            eq += all(abs(row.tenpai_prob[t] - st["tenpai_prob"][t]) <= 1e-9
                      for t in range(1, len(st["tenpai_prob"])))
    want_eq, want_n = TENPAI_EQUAL[(shanten, melds)]
    assert rows_n == want_n
    assert eq >= want_eq, f"{eq} of {rows_n} rows equal (was {want_eq})"


@pytest.mark.parametrize("shanten, melds, n", EXACT)
def test_every_number_equal(shanten, melds, n):
    """Every row: tenpai probability, win probability and expected score at every turn equal the
    reference's (1e-9, 1e-6 relative)."""
    bad = []
    for q, ref, ours in _run(shanten, melds, n):
        rows, eq, first = d.compare(ours, ref)
        if eq != rows:
            bad.append(first)
    assert not bad, f"{len(bad)} hands differ; first: {bad[0]}"


# rows equal in every number, of all rows, for the closed cases (measured 2026-12-05, after the
# reference's double yakuman): a floor
ALL_EQUAL = {(0, 0): (646, 653), (1, 0): (643, 674), (2, 0): (335, 344)}


@pytest.mark.parametrize("shanten, melds, n", [c for c in CASES if c not in EXACT])
def test_rows_equal_in_every_number(shanten, melds, n):
    rows_n = eq = 0
    for q, ref, ours in _run(shanten, melds, n):
        a, b, _ = d.compare(ours, ref)
        rows_n += a
        eq += b
    want_eq, want_n = ALL_EQUAL[(shanten, melds)]
    assert rows_n == want_n
    assert eq >= want_eq, f"{eq} of {rows_n} rows equal (was {want_eq})"


@pytest.mark.xfail(strict=True, reason="hands with three or four copies of a kind: seven pairs differ (docs/ev.md)")
@pytest.mark.parametrize("shanten, melds, n", [c for c in CASES if c not in EXACT])
def test_every_number_equal_known_gap(shanten, melds, n):
    test_every_number_equal(shanten, melds, n)


# hands whose rows and state counts equal the reference's with each option switched off: a discard
# that raises the shanten is followed only as the request's own shanten-down step, else the
# reference gives it no row and we give NaN (and neither makes its states)
OPTION_HANDS = ("44678m345678p124s", "123m456p789s1123z4z", "22345m2468p13579s")
OPTIONS = ({"enable_shanten_down": False}, {"extra": 0}, {"enable_tegawari": False})


@pytest.mark.parametrize("cfg", OPTIONS, ids=lambda c: next(iter(c)))
def test_options_off_rows_and_states(cfg):
    import math

    reqs = [{"hand": h, "config": cfg} for h in OPTION_HANDS]
    for q, ref in zip(reqs, d.run_oracle(reqs)):
        ours = discard_ev(q["hand"], model="reference", tegawari=cfg.get("enable_tegawari", True),
                          shanten_down=cfg.get("enable_shanten_down", True), extra=cfg.get("extra", 1))
        n, eq, first = d.compare(ours, ref)
        live = [r for r in ours.rows if not math.isnan(r.exp_score[1])]
        assert len(live) == len(ref["stats"]), q
        # the known gap (docs/ev.md): with the shanten-down rows followed, this hand has one state
        # more than the reference's, and the 4s row differs from turn 4 down
        gap = q["hand"] == "44678m345678p124s" and ref["searched"] > 5
        assert eq == n - gap, first
        assert ours.nodes == ref["searched"] + gap, q
