"""Differential test: ``yakuman.scoring.score`` against the ``mahjong`` package (2.1.0, validated
against Tenhou by its authors) on generated winning hands (:func:`yakuman.random.winning_hands`).

Each case is a rule set that both libraries can express (the package's OptionalRules are set to
match: kuitan, aka, kazoe, kiriage, double yakuman on/off, open-pinfu fu, pinfu tsumo, renhou as
yakuman, no x6 yakuman cap, three players) and a generator setting. For every hand the status,
han, fu, every payment (honba included), the winner's total (sticks included) and the yaku with
their han must agree. The only rows not compared are those of a documented rule difference, each
skipped by a named predicate below that gives the reason (docs/rules.md section 8.4).

Size: ``YAKUMAN_DIFF_HANDS`` hands in all (default 50,000, spread over the cases by weight), on
``YAKUMAN_DIFF_WORKERS`` processes (default 1; 2 for runs of 200,000 hands or more). Full run:

    YAKUMAN_DIFF_HANDS=1000000 .venv/bin/python -m pytest -q -s tests/differential/test_score_mahjong.py

A failure lists the differing rows with the call that regenerates each one.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest

mahjong = pytest.importorskip("mahjong", reason="the mahjong package (test extra) is not installed")

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as MJMeld

from yakuman.random import FLAG_BITS, SHAPES, WinningHands, winning_hands
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import score
from yakuman.yaku import Yaku

HANDS = int(os.environ.get("YAKUMAN_DIFF_HANDS", "50000"))
WORKERS = int(os.environ.get("YAKUMAN_DIFF_WORKERS", "2" if HANDS >= 200_000 else "1"))
SEED = int(os.environ.get("YAKUMAN_DIFF_SEED", "20240"))
BLOCK = 5000  # rows per work unit


# ---- cases ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    name: str
    weight: float
    rules: Rules
    players: int = 4
    gen: dict = field(default_factory=dict)


_ALL_DOUBLE = frozenset({"suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"})
CASES = (
    Case("tenhou", 0.42, Rules.tenhou(), gen={"renhou": 0.01}),
    Case("tenhou_sanma", 0.18, Rules.tenhou_sanma(), players=3),
    Case("double_yakuman", 0.10, Rules.tenhou().replace(double_yakuman=_ALL_DOUBLE)),
    Case("sanma_double_yakuman", 0.04, Rules.tenhou_sanma().replace(double_yakuman=_ALL_DOUBLE), players=3),
    Case("kazoe_multiple_kiriage", 0.08, Rules.tenhou().replace(kazoe="multiple", kiriage_mangan=True)),
    Case("sanbaiman_open_pinfu_20_no_tsumo_pinfu", 0.08,
         Rules.tenhou().replace(kazoe="sanbaiman", open_pinfu_fu=20, tsumo_pinfu=False)),
    Case("no_kuitan_no_aka", 0.05, Rules.tenhou().replace(kuitan=False, aka_dora=0), gen={"aka": 0}),
    Case("renhou_yakuman", 0.03, Rules.tenhou().replace(renhou="yakuman"), gen={"renhou": 0.1}),
    Case("renhou_mangan", 0.02, Rules.tenhou().replace(renhou="mangan"), gen={"renhou": 0.1}),
)


def _options(rules: Rules) -> OptionalRules:
    """The package's options for ``rules``; refuses rules it cannot express (so a case can never
    compare under silently different rules)."""
    same = {"players": rules.players, "yakuman_stacking": True, "ryanhan_shibari": False, "double_wind_pair_fu": 4,
                "rinshan_tsumo_fu": 2, "chiitoitsu_fu": 25, "local_yaku": frozenset(), "green_requires_hatsu": False,
                "tsuuiisou_chiitoitsu": True, "chuuren_manzu_only": False, "tenhou_multiplier": 1,
                "junryokuisou_double": False, "honba_ron": 300 if rules.players == 4 else 200, "honba_tsumo_each": 100,
                "tsumo_loss": True}
    for knob, value in same.items():
        assert getattr(rules, knob) == value, f"the mahjong package cannot express {knob}={getattr(rules, knob)!r}"
    assert rules.double_yakuman in (frozenset(), _ALL_DOUBLE), "double yakuman: all four forms or none"
    assert rules.yakuman_cap >= 10 and rules.aka_dora <= 1, "no binding yakuman cap; at most one red five a suit"
    return OptionalRules(
        has_open_tanyao=rules.kuitan, has_aka_dora=rules.aka_dora > 0,
        has_double_yakuman=rules.double_yakuman == _ALL_DOUBLE,
        kazoe_limit={"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
                     "multiple": HandConstants.KAZOE_NO_LIMIT}[rules.kazoe],
        kiriage=rules.kiriage_mangan, fu_for_open_pinfu=rules.open_pinfu_fu == 30,
        fu_for_pinfu_tsumo=not rules.tsumo_pinfu, renhou_as_yakuman=rules.renhou == "yakuman",
        limit_to_sextuple_yakuman=False, is_three_player=rules.players == 3)


# ---- documented differences: (name, predicate(hands, i, rules), reason) ---------------------------

def _renhou_not_valued(h: WinningHands, i: int, rules: Rules) -> bool:
    return bool(h.flags[i] & FLAG_BITS["renhou"]) and rules.renhou == "none"


def _renhou_fixed_value(h: WinningHands, i: int, rules: Rules) -> bool:
    return bool(h.flags[i] & FLAG_BITS["renhou"]) and rules.renhou in ("mangan", "baiman")


KNOWN_DIFFERENCES = (
    ("renhou_not_valued", _renhou_not_valued,
     ("renhou = 'none' (Tenhou, docs/rules.md 3.5 and 7): renhou is no yaku; the package always values it "
     "(5 han, or yakuman) and has no setting to turn it off")),
    ("renhou_fixed_value", _renhou_fixed_value,
     ("docs/rules.md 8.4 EX37b: renhou as mangan/baiman is a fixed value taken instead of the hand's value; "
     "the package adds 5 stacking han")),
)


# ---- the package's input ---------------------------------------------------------------------------

_MJ_MELD = {0: (MJMeld.CHI, True), 1: (MJMeld.PON, True), 2: (MJMeld.KAN, True),
            3: (MJMeld.SHOUMINKAN, True), 4: (MJMeld.KAN, False)}
_MJ_YAKU = {  # mahjong yaku_id -> our Yaku
    0: Yaku.MENZEN_TSUMO, 1: Yaku.RIICHI, 3: Yaku.IPPATSU, 4: Yaku.CHANKAN, 5: Yaku.RINSHAN, 6: Yaku.HAITEI,
    7: Yaku.HOUTEI, 8: Yaku.DOUBLE_RIICHI, 11: Yaku.RENHOU, 12: Yaku.PINFU, 13: Yaku.TANYAO, 14: Yaku.IIPEIKOU,
    15: Yaku.HAKU, 16: Yaku.HATSU, 17: Yaku.CHUN, 18: Yaku.JIKAZE_TON, 19: Yaku.JIKAZE_NAN,
    20: Yaku.JIKAZE_SHA, 21: Yaku.JIKAZE_PEI, 22: Yaku.BAKAZE_TON, 23: Yaku.BAKAZE_NAN, 24: Yaku.BAKAZE_SHA,
    25: Yaku.BAKAZE_PEI, 26: Yaku.SANSHOKU_DOUJUN, 27: Yaku.ITTSU, 28: Yaku.CHANTA, 29: Yaku.HONROUTOU,
    30: Yaku.TOITOI, 31: Yaku.SANANKOU, 32: Yaku.SANKANTSU, 33: Yaku.SANSHOKU_DOUKOU, 34: Yaku.CHIITOITSU,
    35: Yaku.SHOUSANGEN, 36: Yaku.HONITSU, 37: Yaku.JUNCHAN, 38: Yaku.RYANPEIKOU, 39: Yaku.CHINITSU,
    100: Yaku.KOKUSHI, 101: Yaku.CHUUREN_POUTOU, 102: Yaku.SUUANKOU, 103: Yaku.DAISANGEN,
    104: Yaku.SHOUSUUSHII, 105: Yaku.RYUUIISOU, 106: Yaku.SUUKANTSU, 107: Yaku.TSUUIISOU,
    108: Yaku.CHINROUTOU, 111: Yaku.DAISUUSHII, 112: Yaku.KOKUSHI_13, 113: Yaku.SUUANKOU_TANKI,
    114: Yaku.JUNSEI_CHUUREN_POUTOU, 115: Yaku.TENHOU, 116: Yaku.CHIIHOU, 117: Yaku.RENHOU,
    120: Yaku.DORA, 121: Yaku.AKA_DORA, 122: Yaku.URA_DORA,
}


def _mj_input(h: WinningHands, i: int, aka: bool):
    """136-ids of every tile (hand and melds), the winning tile's id and the package's melds. A red
    five is copy 0 of its kind (the package's red ids 16/52/88); other copies use ids 1..3."""
    next_copy = [1] * 34

    def take(k: int, red: bool) -> int:
        if red:
            return 4 * k
        c = next_copy[k]
        next_copy[k] += 1
        if not aka or k >= 27 or k % 9 != 4:
            c %= 4  # ids 4k+1, 4k+2, 4k+3, 4k (no red copy to avoid)
        return 4 * k + c

    tiles, win_id = [], None
    win, win_red = int(h.win[i]), bool(h.win_red[i])
    for k in h.counts[i].nonzero()[0].tolist():
        reds = int(h.reds[i, k // 9]) if (k < 27 and k % 9 == 4) else 0
        for j in range(int(h.counts[i, k])):
            t = take(k, j < reds)
            tiles.append(t)
            if k == win and win_id is None and win_red == (j < reds):
                win_id = t
    melds = []
    for j in range(int(h.n_melds[i])):
        mt, b, reds = int(h.meld_type[i, j]), int(h.meld_tile[i, j]), int(h.meld_reds[i, j])
        ids = []
        for k in ([b, b + 1, b + 2] if mt == 0 else [b] * (4 if mt >= 2 else 3)):
            red = reds > 0 and k < 27 and k % 9 == 4
            reds -= red
            ids.append(take(k, red))
        kind, opened = _MJ_MELD[mt]
        melds.append(MJMeld(meld_type=kind, tiles=ids, opened=opened))
        tiles += ids
    return tiles, win_id, melds


def _mj_args(h: WinningHands, i: int, opts: OptionalRules) -> tuple:
    """Row i as the package's estimate_hand_value arguments: (tiles, win_id, melds, dora, config, ura)."""
    tiles, win_id, melds = _mj_input(h, i, opts.has_aka_dora)
    f = int(h.flags[i])
    on = {name: bool(f & bit) for name, bit in FLAG_BITS.items()}
    config = HandConfig(
        is_tsumo=on["tsumo"], is_riichi=on["riichi"], is_daburu_riichi=on["double_riichi"],
        is_ippatsu=on["ippatsu"], is_rinshan=on["rinshan"], is_chankan=on["chankan"], is_haitei=on["haitei"],
        is_houtei=on["houtei"], is_tenhou=on["tenhou"], is_chiihou=on["chiihou"], is_renhou=on["renhou"],
        player_wind=27 + int(h.seat_wind[i]), round_wind=27 + int(h.round_wind[i]),
        kyoutaku_number=int(h.riichi_sticks[i]), tsumi_number=int(h.honba[i]), options=opts,
        num_nuki_dora=int(h.kita[i]))
    dora = [4 * int(k) + 3 for k in h.dora[i, :h.n_dora[i]]]
    ura = [4 * int(k) + 3 for k in h.ura[i, :h.n_ura[i]]]
    return tiles, win_id, melds, dora, config, ura


def _mj_call(tiles, win_id, melds, dora, config, ura):
    return HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, dora_indicators=dora, config=config,
                                              ura_dora_indicators=ura)


def _mj_score(h: WinningHands, i: int, opts: OptionalRules):
    return _mj_call(*_mj_args(h, i, opts))


# ---- comparison ------------------------------------------------------------------------------------

def _differences(s, r, tsumo: bool, dealer: bool) -> list[str]:
    """What differs between our Score ``s`` and the package's response ``r``."""
    if r.error:
        if r.error == HandCalculator.ERR_NO_YAKU and s.status == Status.NO_YAKU:
            return []
        return [f"status: ours {s.status.name} ({s.reason}), package error {r.error!r}"]
    if s.status != Status.OK:
        return [f"status: ours {s.status.name} ({s.reason}), package {r.han} han {r.fu} fu"]
    out = []
    if s.han != r.han:
        out.append(f"han {s.han} != {r.han}")
    if s.fu != r.fu:
        out.append(f"fu {s.fu} != {r.fu}")
    c, p = r.cost, s.payment
    if tsumo and dealer:
        pay = (p.from_non_dealer,), (c["main"] + c["main_bonus"],)
    elif tsumo:
        pay = (p.from_dealer, p.from_non_dealer), (c["main"] + c["main_bonus"], c["additional"] + c["additional_bonus"])
    else:
        pay = (p.from_discarder,), (c["main"] + c["main_bonus"],)
    if pay[0] != pay[1]:
        out.append(f"payments {pay[0]} != {pay[1]}")
    if p.total != c["total"]:
        out.append(f"total {p.total} != {c['total']}")
    ours = Counter()
    for y, han in s.yaku:
        if han:
            ours[Yaku.DORA if y == Yaku.KITA else y] += han  # the package counts kita as dora
    theirs = Counter()
    for y in r.yaku:
        han = y.han_open if (r.is_open_hand and y.han_open) else y.han_closed
        if han:
            theirs[_MJ_YAKU[y.yaku_id]] += han
    if ours != theirs:
        out.append(f"yaku {_names(ours)} != {_names(theirs)}")
    return out


def _names(c: Counter) -> str:
    return "{" + ", ".join(f"{y.name} {v}" for y, v in sorted(c.items(), key=lambda e: e[0].bit_length())) + "}"


def _run_block(args) -> dict:
    """Compare rows [start, start + n) of a case; returns counts and the first differences."""
    case_index, start, n = args
    case = CASES[case_index]
    opts = _options(case.rules)
    h = winning_hands(n, SEED + case_index, players=case.players, start=start, **case.gen)
    compared, skipped, statuses, diffs = 0, Counter(), Counter(), []
    for i in range(n):
        skip = next((name for name, pred, _ in KNOWN_DIFFERENCES if pred(h, i, case.rules)), None)
        if skip:
            skipped[skip] += 1
            continue
        kw = h.kwargs(i)
        s = score(**kw, rules=case.rules)
        r = _mj_score(h, i, opts)
        compared += 1
        statuses[s.status.name] += 1
        found = _differences(s, r, bool(h.flags[i] & 1), h.seat_wind[i] == 0)
        if found and len(diffs) < 20:
            call = (f"winning_hands(1, {SEED + case_index}, players={case.players}, start={start + i}"
                    + "".join(f", {k}={v!r}" for k, v in case.gen.items()) + ").kwargs(0)")
            diffs.append(f"[{case.name}] {SHAPES[h.shape[i]]} {kw}\n    {'; '.join(found)}\n    ours: {s}"
                         f"\n    regenerate: {call}")
        elif found:
            diffs.append(None)
    return {"case": case.name, "compared": compared, "skipped": skipped, "statuses": statuses, "diffs": diffs}


def _plan(total: int) -> list[tuple[int, int, int]]:
    weight = sum(c.weight for c in CASES)
    units = []
    for ci, case in enumerate(CASES):
        n = max(1, round(total * case.weight / weight))
        units += [(ci, s, min(BLOCK, n - s)) for s in range(0, n, BLOCK)]
    return units


def test_against_mahjong_package(capsys):
    t0 = time.perf_counter()
    units = _plan(HANDS)
    if WORKERS > 1 and "fork" in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("fork").Pool(WORKERS) as pool:
            results = pool.map(_run_block, units, chunksize=1)
    else:
        results = [_run_block(u) for u in units]
    elapsed = time.perf_counter() - t0

    compared, skipped, statuses, diffs = Counter(), Counter(), Counter(), []
    for res in results:
        compared[res["case"]] += res["compared"]
        skipped.update(res["skipped"])
        statuses.update(res["statuses"])
        diffs += res["diffs"]
    total = sum(compared.values())
    with capsys.disabled():
        print(f"\nmahjong differential: {total:,} hands compared in {elapsed:.1f} s ({WORKERS} process(es)); "
              f"statuses {dict(statuses)}; skipped by documented differences {dict(skipped)}; "
              f"differences {len(diffs)}")
    for name, _, reason in KNOWN_DIFFERENCES:
        assert reason and name
    assert total >= 0.9 * HANDS
    assert statuses["OK"] > 0.75 * total and statuses["NO_YAKU"] > 0.02 * total
    shown = [d for d in diffs if d]
    assert not diffs, f"{len(diffs)} differences from the mahjong package, first {len(shown)}:\n" + "\n".join(shown)


def test_adapter_round_trip():
    """The 136-id conversion keeps every tile, red fives and the winning tile (a wrong adapter would
    make the differential test compare other hands)."""
    h = winning_hands(2000, 3)
    for i in range(len(h)):
        tiles, win_id, melds = _mj_input(h, i, True)
        assert len(set(tiles)) == len(tiles)
        assert win_id in tiles and win_id // 4 == h.win[i] and (win_id in (16, 52, 88)) == h.win_red[i]
        red = sum(t in (16, 52, 88) for t in tiles)
        assert red == h.reds[i].sum() + h.meld_reds[i].sum()
        assert len(tiles) == 14 + sum(1 for m in melds if len(m.tiles) == 4)


def test_known_difference_is_real():
    """Each documented difference really occurs (otherwise its predicate would hide nothing and
    should go): renhou under the Tenhou rules and renhou as mangan."""
    h = winning_hands(3000, 5, renhou=0.3)
    rows = [i for i in range(len(h)) if h.flags[i] & FLAG_BITS["renhou"]]
    assert rows
    for rules in (Rules.tenhou(), Rules.tenhou().replace(renhou="mangan")):
        opts = _options(rules)
        differ = sum(bool(_differences(score(**h.kwargs(i), rules=rules), _mj_score(h, i, opts),
                                       False, False)) for i in rows[:200])
        assert differ > 0.5 * min(len(rows), 200)
