"""Differential test: the public scorer ``yakuman.scoring.score`` (the native core) against the
pure-Python reference ``yakuman._reference.score.score`` on generated winning hands
(:func:`yakuman.random.winning_hands`), under presets and knob settings the ``mahjong`` package
cannot express (local yaku, fu knobs, yakuman stacking off, renhou values, ...).

Compared per hand: status and reason, the yaku with their han (as a mapping: the order of the
dora-like entries is checked separately below), han, fu, limit, yakuman multiple, points and the
whole payment. Not compared: ``fu_details`` and ``decomposition``, because when two readings are
worth exactly the same (same points, han and rounded fu) either may be reported.

Size: ``YAKUMAN_REF_HANDS`` hands in all (default 12,000; the reference is slow), spread over the
cases by weight. ``YAKUMAN_REF_HANDS=200000`` is a longer run (about a minute per 100,000 hands).
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field

import pytest

from yakuman._reference.score import score as reference_score
from yakuman.random import SHAPES, winning_hands
from yakuman.result import Status
from yakuman.rules import LOCAL_YAKU_KEYS, Rules
from yakuman.scoring import score
from yakuman.yaku import Yaku

HANDS = int(os.environ.get("YAKUMAN_REF_HANDS", "12000"))
SEED = 777


@dataclass(frozen=True)
class Case:
    name: str
    weight: float
    rules: Rules
    players: int = 4
    gen: dict = field(default_factory=dict)


_LOCAL = Rules().replace(local_yaku=LOCAL_YAKU_KEYS)
CASES = (
    Case("tenhou", 0.25, Rules.tenhou(), gen={"renhou": 0.01}),
    Case("tenhou_sanma", 0.12, Rules.tenhou_sanma(), players=3),
    Case("library_default", 0.10, Rules(), gen={"renhou": 0.02}),
    Case("mahjongsoul", 0.08, Rules.mahjongsoul()),
    Case("mahjongsoul_sanma", 0.05, Rules.mahjongsoul_sanma(), players=3),
    Case("mleague", 0.06, Rules.mleague()),
    Case("wrc", 0.06, Rules.wrc(), gen={"aka": 0, "renhou": 0.03}),
    Case("ema", 0.06, Rules.ema(), gen={"aka": 0, "renhou": 0.03}),
    Case("local_yaku", 0.08, _LOCAL.replace(daisharin_any_suit=True, renhou="baiman"),
         gen={"renhou": 0.05, "shapes": {"flush": 3, "toitoi": 1, "iipeikou": 1, "ryanpeikou": 1, "chiitoitsu": 1,
                                       "mixed": 1}}),
    Case("odd_knobs", 0.08, Rules().replace(
        kazoe="multiple", kiriage_mangan=True, open_pinfu_fu=20, tsumo_pinfu=False, double_wind_pair_fu=2,
        rinshan_tsumo_fu=0, chiitoitsu_fu=30, ryanhan_shibari=True, green_requires_hatsu=True,
        junryokuisou_double=True, tsuuiisou_chiitoitsu=False, chuuren_manzu_only=True, tenhou_multiplier=2,
        yakuman_cap=2, kuitan=False), gen={"first_turn": 0.05}),
    Case("no_stacking", 0.06, Rules.tenhou().replace(yakuman_stacking=False, renhou="yakuman"),
         gen={"renhou": 0.05, "shapes": {"tsuuiisou": 1, "daisuushii": 1, "daisangen": 1, "suuankou": 1,
                                       "kokushi": 1, "mixed": 1}}),
)


# ---- documented divergences: (name, predicate(native, reference, case), reason) --------------------

KNOWN: tuple = ()   # no documented divergence between the native core and the reference


_FIELDS = ("status", "reason", "han", "fu", "limit", "yakuman", "points", "payment")


def _compare(a, b) -> list[str]:
    out = [f"{f}: native {getattr(a, f)!r} != reference {getattr(b, f)!r}"
           for f in _FIELDS if getattr(a, f) != getattr(b, f)]
    if dict(a.yaku) != dict(b.yaku) or len(a.yaku) != len(b.yaku):
        out.append(f"yaku: native {a.yaku} != reference {b.yaku}")
    return out


def _plan(total: int):
    weight = sum(c.weight for c in CASES)
    return [(ci, max(1, round(total * c.weight / weight))) for ci, c in enumerate(CASES)]


@pytest.mark.parametrize("case_index, n", _plan(HANDS), ids=[c.name for c in CASES])
def test_native_equals_reference(case_index, n):
    case = CASES[case_index]
    h = winning_hands(n, SEED + case_index, players=case.players, **case.gen)
    diffs, skipped, statuses = [], Counter(), Counter()
    for i, kw in enumerate(h):
        a = score(**kw, rules=case.rules)
        b = reference_score(**kw, rules=case.rules)
        statuses[a.status] += 1
        found = _compare(a, b)
        if found:
            known = next((name for name, pred, _ in KNOWN if pred(a, b, case)), None)
            if known:
                skipped[known] += 1
                continue
            diffs.append(f"[{case.name}] row {i} ({SHAPES[h.shape[i]]}) {kw}\n    " + "\n    ".join(found))
    assert statuses[Status.OK] > 0.5 * n, statuses
    assert not (set(statuses) - {Status.OK, Status.NO_YAKU}), statuses
    assert not diffs, f"{len(diffs)} of {n} hands differ:\n" + "\n".join(diffs[:15])


def test_dora_entries_in_tenhou_order():
    """Score.yaku lists dora, aka dora, then ura dora, as Tenhou does (agari.jsonl.gz lists ids
    ... 52, 54, 53) and the contracts require ("as Tenhou lists them"): the reference does."""
    kw = {"hand": "111m067p23478999s", "win": "4s", "riichi": True, "seat_wind": "S", "dora": ["4p"], "ura": ["3s"]}
    for scorer in (reference_score, score):
        order = [y for y, _ in scorer(**kw).yaku if y in (Yaku.DORA, Yaku.AKA_DORA, Yaku.URA_DORA)]
        assert order == [Yaku.DORA, Yaku.AKA_DORA, Yaku.URA_DORA], scorer.__module__
