"""Differential test of the local rules (docs/rules.md 3.7) against the ``mahjong`` package 2.1.0:
generated winning hands (:func:`yakuman.random.winning_hands`, four players) scored by both with

- aotenjou: the package's ``Aotenjou`` scores calculator (han, fu, the hand value without honba
  and sticks, and the yaku with their han must agree);
- open riichi (every riichi / double riichi row declared open), with sashikomi on the rons;
- paarenchan (every dealer row with a count of 1 or 2), with and without ``paarenchan_needs_yaku``.

Rows the package cannot score are skipped by named predicates with their reason: renhou (a
documented difference, tests/differential/test_score_mahjong.py), rows where the package's
aotenjou filter raises (it removes toitoi from a seven-pairs tsuuiisou that has none), and, for
open riichi and sashikomi, nothing else. ``YAKUMAN_LOCAL_DIFF_HANDS`` rows per case (default
3,000).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

pytest.importorskip("mahjong", reason="the mahjong package (test extra) is not installed")

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.scores import Aotenjou, ScoresCalculator

from tests.differential.test_score_mahjong import _MJ_YAKU, _mj_args, _options
from yakuman.random import FLAG_BITS, winning_hands
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import score
from yakuman.yaku import Yaku

HANDS = int(os.environ.get("YAKUMAN_LOCAL_DIFF_HANDS", "3000"))
ALL_DOUBLE = frozenset({"suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"})
MJ_LOCAL_YAKU = {**_MJ_YAKU, 2: Yaku.OPEN_RIICHI, 9: Yaku.DOUBLE_OPEN_RIICHI, 118: Yaku.SASHIKOMI,
                 119: Yaku.PAARENCHAN}


def _ours(s) -> Counter:
    c = Counter()
    for y, han in s.yaku:
        if han:
            c[y] += han
    return c


def _theirs(r) -> Counter:
    c = Counter()
    for y in r.yaku:
        han = y.han_open if (r.is_open_hand and y.han_open) else y.han_closed
        if han:
            c[MJ_LOCAL_YAKU[y.yaku_id]] += han
    return c


def _compare(rules: Rules, gen_seed: int, situation, calculator=ScoresCalculator, opts_extra=None, gen=None):
    """Score every generated row under ``rules`` and the package; ``situation(h, i)`` gives our
    extra keywords and the package's extra HandConfig attributes for row i, or None to skip it.
    Returns (compared, skipped Counter, differences)."""
    opts = _options(rules.replace(aotenjou=False, open_riichi=False, open_riichi_sashikomi=False,
                                  paarenchan=False, paarenchan_needs_yaku=True))
    for k, v in (opts_extra or {}).items():
        setattr(opts, k, v)
    h = winning_hands(HANDS, gen_seed, **(gen or {}))
    compared, skipped, diffs = 0, Counter(), []
    for i in range(len(h)):
        if h.flags[i] & FLAG_BITS["renhou"]:
            skipped["renhou"] += 1
            continue
        sit = situation(h, i)
        if sit is None:
            skipped["not this rule's row"] += 1
            continue
        ours_kw, mj_attrs = sit
        tiles, win_id, melds, dora, config, ura = _mj_args(h, i, opts)
        for k, v in mj_attrs.items():
            setattr(config, k, v)
        try:
            r = HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, dora_indicators=dora, config=config,
                                                   ura_dora_indicators=ura, scores_calculator_factory=calculator)
        except ValueError:
            skipped["the package's aotenjou filter raises"] += 1
            continue
        s = score(**h.kwargs(i), **ours_kw, rules=rules)
        compared += 1
        found = []
        if r.error:
            if not (r.error == HandCalculator.ERR_NO_YAKU and s.status == Status.NO_YAKU):
                found.append(f"status {s.status.name} vs {r.error}")
        elif s.status != Status.OK:
            found.append(f"status {s.status.name} ({s.reason}) vs {r.han} han")
        else:
            if (s.han, s.fu) != (r.han, r.fu):
                found.append(f"han/fu {s.han}/{s.fu} vs {r.han}/{r.fu}")
            if calculator is Aotenjou and s.points != r.cost["total"]:
                found.append(f"points {s.points} vs {r.cost['total']}")
            if _ours(s) != _theirs(r):
                found.append(f"yaku {dict(_ours(s))} vs {dict(_theirs(r))}")
        if found:
            diffs.append(f"row {i} {h.kwargs(i)} {ours_kw}: {'; '.join(found)}")
    return compared, skipped, diffs


def test_aotenjou_against_the_package():
    rules = Rules.tenhou().replace(aotenjou=True, double_yakuman=ALL_DOUBLE)
    compared, skipped, diffs = _compare(rules, 501, lambda h, i: ({}, {}), Aotenjou)
    assert compared > 0.9 * HANDS, skipped
    assert not diffs, f"{len(diffs)} differences, first: " + "\n".join(diffs[:10])


YAKUMAN_SHAPES = {"kokushi": 1, "daisangen": 1, "suuankou": 1, "tsuuiisou": 1, "ryuuiisou": 1, "chinroutou": 1,
                  "chuuren": 1, "shousuushii": 1, "daisuushii": 1, "suukantsu": 1, "mixed": 1}


def test_aotenjou_yakuman_rows_against_the_package():
    """The generator's yakuman shapes, where aotenjou adds the yakuman to the other yaku."""
    rules = Rules.tenhou().replace(aotenjou=True, double_yakuman=ALL_DOUBLE)
    gen = {"shapes": YAKUMAN_SHAPES}
    h = winning_hands(200, 502, **gen)
    assert sum(score(**h.kwargs(i), rules=Rules.tenhou()).yakuman > 0 for i in range(200)) > 100
    compared, skipped, diffs = _compare(rules, 502, lambda h, i: ({}, {}), Aotenjou, gen=gen)
    assert compared > 0.7 * HANDS, skipped
    assert not diffs, f"{len(diffs)} differences, first: " + "\n".join(diffs[:10])


def _riichi(h, i) -> bool:
    return bool(h.flags[i] & (FLAG_BITS["riichi"] | FLAG_BITS["double_riichi"]))


def test_open_riichi_and_sashikomi_against_the_package():
    rules = Rules.tenhou().replace(open_riichi=True, open_riichi_sashikomi=True, double_yakuman=ALL_DOUBLE)

    def situation(h, i):
        if not _riichi(h, i):
            return None
        ron = not h.flags[i] & FLAG_BITS["tsumo"]
        return ({"open_riichi": True, "sashikomi": bool(ron)},
                {"is_open_riichi": True, "is_riichi": True})

    compared, skipped, diffs = _compare(rules, 503, situation, opts_extra={"has_sashikomi_yakuman": True})
    assert compared > 0.1 * HANDS, skipped
    assert not diffs, f"{len(diffs)} differences, first: " + "\n".join(diffs[:10])


@pytest.mark.parametrize("needs_yaku", [True, False])
def test_paarenchan_against_the_package(needs_yaku):
    rules = Rules.tenhou().replace(paarenchan=True, paarenchan_needs_yaku=needs_yaku, double_yakuman=ALL_DOUBLE)

    def situation(h, i):
        if h.seat_wind[i] != 0:
            return None
        n = 1 + i % 2
        return ({"paarenchan": n}, {"paarenchan": n})

    compared, skipped, diffs = _compare(rules, 504, situation, opts_extra={"paarenchan_needs_yaku": needs_yaku})
    assert compared > 0.1 * HANDS, skipped
    assert not diffs, f"{len(diffs)} differences, first: " + "\n".join(diffs[:10])
