"""The native scorer against the pure-Python reference (yakuman._reference.score) under the local
rules of docs/rules.md 3.7: generated winning hands with open riichi on every riichi row,
sashikomi on every riichi ron, a paarenchan count 1-3 on every dealer row, under aotenjou or
not, with and without yakuman stacking, paarenchan_needs_yaku and a yakuman cap. Every field of
the Score must agree (points and payments exact Python ints under aotenjou).
``YAKUMAN_LOCAL_REF_HANDS`` rows per case (default 2,000)."""

from __future__ import annotations

import os

import pytest

from yakuman._reference.score import score as reference_score
from yakuman.random import FLAG_BITS, SHAPES, winning_hands
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import score

from .test_score_reference import _compare

HANDS = int(os.environ.get("YAKUMAN_LOCAL_REF_HANDS", "2000"))
ALL = Rules().replace(open_riichi=True, open_riichi_sashikomi=True, paarenchan=True)
YAKUMAN_SHAPES = {"kokushi": 1, "daisangen": 1, "suuankou": 1, "tsuuiisou": 1, "ryuuiisou": 1, "chinroutou": 1,
                  "chuuren": 1, "shousuushii": 1, "daisuushii": 1, "suukantsu": 1, "mixed": 2, "flush": 1,
                  "chiitoitsu": 1}
CASES = {
    "local_rules": (ALL, {}),
    "local_rules_yakuman_shapes": (ALL, {"shapes": YAKUMAN_SHAPES}),
    "no_yaku_needed_no_stacking": (ALL.replace(paarenchan_needs_yaku=False, yakuman_stacking=False), {}),
    "aotenjou": (ALL.replace(aotenjou=True), {}),
    "aotenjou_yakuman_shapes_cap": (ALL.replace(aotenjou=True, yakuman_cap=3), {"shapes": YAKUMAN_SHAPES}),
    "aotenjou_sanma": (Rules.tenhou_sanma().replace(aotenjou=True, tsumo_loss=False, paarenchan=True), {}),
}


def _situation(h, i, rules: Rules) -> dict:
    f = int(h.flags[i])
    kw = {}
    if rules.open_riichi and f & (FLAG_BITS["riichi"] | FLAG_BITS["double_riichi"]):
        kw["open_riichi"] = True
        if rules.open_riichi_sashikomi and not f & FLAG_BITS["tsumo"] and i % 2:
            kw["sashikomi"] = True
    if rules.paarenchan and h.seat_wind[i] == 0 and i % 3:
        kw["paarenchan"] = i % 3
    return kw


@pytest.mark.parametrize("name", list(CASES))
def test_native_equals_reference_under_the_local_rules(name):
    rules, gen = CASES[name]
    players = rules.players
    h = winning_hands(HANDS, 9000 + list(CASES).index(name), players=players, **gen)
    diffs, local = [], 0
    for i in range(len(h)):
        kw = {**h.kwargs(i), **_situation(h, i, rules)}
        local += len(kw) > len(h.kwargs(i))
        a = score(**kw, rules=rules)
        b = reference_score(**kw, rules=rules)
        found = _compare(a, b)
        if found:
            diffs.append(f"[{name}] row {i} ({SHAPES[h.shape[i]]}) {kw}\n    " + "\n    ".join(found))
        assert a.status in (Status.OK, Status.NO_YAKU)
    assert local > 0.2 * HANDS
    assert not diffs, f"{len(diffs)} of {HANDS} hands differ:\n" + "\n".join(diffs[:10])
