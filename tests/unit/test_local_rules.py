"""The local rules of docs/rules.md 3.7 in the scorer: aotenjou, open riichi (and sashikomi) and
paarenchan.

The exact cases are our own equivalents of the ``mahjong`` package's test cases for these rules
(its tests/hand_calculating/tests_aotenjou.py, tests_yaku_calculation.py and
tests_yakuman_calculation.py, version 2.1.0): the same hands written in our notation (meld tiles
out of the concealed hand; the package's player_wind=EAST is our default seat) with the values
its tests assert. Its ``main + additional`` of a dealer's tsumo is two of the three payments.
The aotenjou amounts are also checked against the formula for every han 1-100 and every fu.
"""

from __future__ import annotations

import numpy as np
import pytest

from yakuman import Rules, Status, Yaku, score
from yakuman.batch import STATUS_INVALID_INPUT, columns_from_kwargs, score_many
from yakuman.errors import InvalidContextError, InvalidRulesError
from yakuman.rules import PRESETS
from yakuman.scoring import AOTENJOU_MAX_HAN, point_value, points, readings

ALL_DOUBLE = frozenset({"suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"})
AO = Rules.tenhou().replace(aotenjou=True, double_yakuman=ALL_DOUBLE)
OPEN = Rules.tenhou().replace(open_riichi=True, double_yakuman=ALL_DOUBLE)
SASHI = OPEN.replace(open_riichi_sashikomi=True)
PAA = OPEN.replace(paarenchan=True)
KNOBS = ("aotenjou", "open_riichi", "open_riichi_sashikomi", "paarenchan")


def _up100(x: int) -> int:
    return -(-x // 100) * 100


# ---- the knobs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_local_rules_are_off_in_every_preset(preset):
    r = Rules.preset(preset)
    assert [getattr(r, k) for k in KNOBS] == [False] * 4 and r.paarenchan_needs_yaku is True


def test_local_rule_knobs_round_trip_and_validate():
    r = Rules().replace(aotenjou=True, open_riichi=True, open_riichi_sashikomi=True, paarenchan=True,
                        paarenchan_needs_yaku=False)
    assert Rules.from_toml(r.to_toml()) == r and Rules.from_json(r.to_json()) == r
    with pytest.raises(InvalidRulesError, match="open_riichi_sashikomi = True needs open_riichi"):
        Rules().replace(open_riichi_sashikomi=True)
    with pytest.raises(InvalidRulesError, match="aotenjou"):
        Rules().replace(aotenjou=1)


# ---- aotenjou: the package's cases -------------------------------------------------------------

# name, hand, win, melds, situation, rules, (han, fu, ron payment or two tsumo payments, yaku count)
AOTENJOU_CASES = [
    ("kokushi_ron", "119s19m19p1234567z", "1s", [], {}, AO.replace(double_yakuman=frozenset()),
     (13, 40, 7864400, 1)),
    ("open_hand_with_honor_melds", "234m22244z", "2m", ["pon 111z", "pon 333z"], {"tsumo": True}, AO,
     (17, 40, 83886200, 4)),
    ("all_honors_with_meld", "11122233777z", "2z", ["pon 444z"], {"tsumo": True}, AO, (31, 50, 1717986918400, 6)),
    ("daisangen", "11123s555666777z", "1s", [], {}, AO, (20, 60, 1509949500, 4)),
    ("shousuushii", "123s11122233z", "2z", ["pon 444z"], {"tsumo": True}, AO, (18, 50, 209715200, 5)),
    ("daisuushii", "11s111222333z", "2z", ["pon 444z"], {"tsumo": True}, AO, (34, 50, 13743895347200, 6)),
    ("tsuuiisou", "11133355566z", "6z", ["pon 444z"], {"tsumo": True}, AO, (18, 60, 251658400, 5)),
    ("suuankou", "11133355566688m", "8m", [], {"tsumo": True}, AO, (33, 50, 6871947673600, 3)),
    ("chinroutou", "111999m11999s", "9s", ["pon 111p"], {"tsumo": True}, AO, (15, 50, 26214400, 2)),
    ("chuuren_poutou", "11112345678999m", "1m", [], {"tsumo": True}, AO, (29, 30, 257698037800, 3)),
    ("chuuren_poutou_inner", "11123455678999m", "5m", [], {"tsumo": True}, AO, (27, 40, 85899346000, 2)),
    ("suukantsu", "22z", "2z", ["minkan 1111m", "minkan 4444s", "minkan 9999p", "minkan 3333z"], {"tsumo": True},
     AO, (13, 80, 10485800, 1)),
    ("daisharin", "22334455667788p", "7p", [], {"tsumo": True}, AO.replace(local_yaku={"daisharin"}),
     (14, 30, 7864400, 2)),
    ("ryuuiisou", "223344666888s66z", "8s", [], {"tsumo": True}, AO, (15, 40, 20971600, 3)),
    ("kokushi_tsumo", "19s19p19m12345677z", "7z", [], {"tsumo": True}, AO, (26, 30, 32212254800, 1)),
    ("kokushi_with_dora", "19s19p19m12345677z", "7z", [], {"dora": "8m"}, AO, (27, 40, 128849018900, 2)),
    # the package's ura case asserts han and fu; riichi adds no han to kokushi there (nor here)
    ("kokushi_with_ura_dora", "19s19p19m12345677z", "7z", [], {"ura": "8m", "riichi": True}, AO,
     (27, 40, 128849018900, 2)),
]


@pytest.mark.parametrize("case", AOTENJOU_CASES, ids=[c[0] for c in AOTENJOU_CASES])
def test_aotenjou_package_cases(case):
    _name, hand, win, melds, kw, rules, (han, fu, pay, n_yaku) = case
    s = score(hand, win, melds, rules=rules, **kw)
    assert (s.status, s.han, s.fu, len(s.yaku), s.limit) == (Status.OK, han, fu, n_yaku, None)
    p = s.payment
    assert (2 * p.from_non_dealer if kw.get("tsumo") else p.from_discarder) == pay
    assert s.points == (3 * p.from_non_dealer if kw.get("tsumo") else p.from_discarder)
    assert sum(h for _y, h in s.yaku) == han


def test_aotenjou_monster_hand_with_five_indicators():
    """The package's 95-han case uses eight dora indicators (a wall has five at most): the same hand
    with the five indicators 2222z 4z is 83 han (riichi, ippatsu, tsumo, haitei, toitoi, honroutou
    and the 4 kan, 3 dragon and wind yaku, 4 dragon pairs... as listed) at 160 fu."""
    s = score("33z", "3z", ["ankan 1111z", "ankan 5555z", "ankan 6666z", "ankan 7777z"], dora="22224z", riichi=True,
              tsumo=True, ippatsu=True, haitei=True, rules=AO)
    assert s.status == Status.OK and s.fu == 160
    assert s.han == sum(h for _y, h in s.yaku)
    names = {y for y, _h in s.yaku}
    assert {Yaku.SUUKANTSU, Yaku.TSUUIISOU, Yaku.DAISANGEN, Yaku.SUUANKOU_TANKI, Yaku.RIICHI, Yaku.IPPATSU,
            Yaku.HAITEI, Yaku.MENZEN_TSUMO, Yaku.DORA} <= names
    # the precursors of the yakuman are gone
    assert not names & {Yaku.TOITOI, Yaku.SANKANTSU, Yaku.HONROUTOU, Yaku.SHOUSANGEN, Yaku.HAKU, Yaku.SANANKOU}
    assert s.points == 3 * _up100(2 * 160 * 2 ** (s.han + 2))


def test_aotenjou_yakuman_fu_and_dora_on_kokushi():
    """Kokushi has no sets: 40 fu on a ron, 30 on a tsumo, listed as one fu item."""
    ron = score("19s19p19m12345677z", "1s", rules=AO)
    tsumo = score("19s19p19m12345677z", "1s", tsumo=True, rules=AO)
    assert (ron.fu, tsumo.fu) == (40, 30)
    assert ron.fu_details == [("aotenjou kokushi", 40)] and tsumo.fu_details == [("aotenjou kokushi", 30)]


def test_aotenjou_without_yakuman_has_no_limit():
    """13 ordinary han are 13 han at their fu, not a kazoe yakuman; 5 han are no mangan."""
    s = score("11122233345678m", "2m", tsumo=True, riichi=True, rules=AO)   # chinitsu, riichi, ...
    assert s.limit is None and s.yakuman == 0
    assert s.points == 3 * _up100(2 * s.fu * 2 ** (s.han + 2))
    plain = score("234m234p234s66z", "2s", ["chi 678s"], rules=AO.replace(kuitan=True)) if False else None
    assert plain is None
    m5 = score("234567m22p345s", "2p", ["pon 777z"], dora="6z", rules=AO)   # chun 1 + dora 3 + ... 5 han
    assert m5.status == Status.OK
    assert m5.points == _up100(6 * m5.fu * 2 ** (m5.han + 2))


def test_aotenjou_honba_and_sticks_on_top():
    """The hand's value (points) has no honba or sticks; the payment adds them as usual."""
    s0 = score("119s19m19p1234567z", "1s", rules=AO)
    s = score("119s19m19p1234567z", "1s", honba=2, riichi_sticks=3, rules=AO)
    assert s.points == s0.points
    assert s.payment.from_discarder == s0.payment.from_discarder + 600
    assert s.payment.total == s0.payment.total + 600 + 3000


# ---- aotenjou: the formula for every han 1-100 and every fu --------------------------------------

FUS = (20, 25) + tuple(range(30, 171, 10))


@pytest.mark.parametrize("players", (4, 3))
def test_aotenjou_points_formula_every_han_and_fu(players):
    rules = (AO if players == 4 else Rules.tenhou_sanma().replace(aotenjou=True))
    for han in range(1, 101):
        for fu in FUS:
            a = fu * 2 ** (han + 2)
            for dealer in (False, True):
                ron = points(han, fu, dealer=dealer, rules=rules)
                assert ron.from_discarder == _up100((6 if dealer else 4) * a) == ron.total
                t = points(han, fu, dealer=dealer, tsumo=True, rules=rules)
                if dealer:
                    assert (t.from_dealer, t.from_non_dealer) == (0, _up100(2 * a))
                    assert t.total == (players - 1) * _up100(2 * a)
                else:
                    assert (t.from_dealer, t.from_non_dealer) == (_up100(2 * a), _up100(a))
                    assert t.total == _up100(2 * a) + (players - 2) * _up100(a)
            _pay, limit, base, value = point_value(han, fu, rules=rules)
            assert (limit, base, value) == (None, a, _up100(4 * a))


def test_aotenjou_points_range_and_sanma_without_tsumo_loss():
    assert points(AOTENJOU_MAX_HAN, 170, dealer=True, rules=AO).total == _up100(6 * 170 * 2 ** 112)
    with pytest.raises(InvalidContextError, match="han must be an integer in 1..110"):
        points(111, 30, rules=AO)
    with pytest.raises(InvalidContextError, match="needs the fu"):
        points(20, rules=AO)
    with pytest.raises(InvalidContextError, match="13 han per multiple"):
        points(1, 30, yakuman=1, rules=AO)
    r = Rules.tenhou_sanma().replace(aotenjou=True, tsumo_loss=False)
    a = 30 * 2 ** 22
    t = points(20, 30, tsumo=True, rules=r)
    half = -(-_up100(a) // 200) * 100
    assert (t.from_dealer, t.from_non_dealer) == (_up100(2 * a) + half, _up100(a) + half)



def test_aotenjou_sanma_without_tsumo_loss_dealer_tsumo():
    """A dealer's tsumo in sanma without tsumo loss: each of the two non-dealers pays the share
    2a and half the absent player's share (rounded up to 100); nothing comes "from the dealer"
    and the total is the two payments."""
    r = Rules.tenhou_sanma().replace(aotenjou=True, tsumo_loss=False)
    for han, fu in ((20, 30), (1, 30), (60, 110)):
        a = fu * 2 ** (han + 2)
        share = _up100(2 * a)
        half = -(-share // 200) * 100
        t = points(han, fu, dealer=True, tsumo=True, rules=r)
        assert (t.from_dealer, t.from_non_dealer, t.total) == (0, share + half, 2 * (share + half)), (han, fu)

def test_aotenjou_score_equals_points_of_its_han_and_fu():
    for hand, win, kw in (("11122233344455z", "5z", {}), ("234m22244z", "2m", {"tsumo": True}),
                          ("22334455667788p", "7p", {"riichi": True, "ura": "1p"})):
        melds = ["pon 111z", "pon 333z"] if hand == "234m22244z" else []
        s = score(hand, win, melds, rules=AO, **kw)
        p = points(s.han, s.fu, tsumo=kw.get("tsumo", False), dealer=True, rules=AO)
        assert s.payment == p


def test_score_many_aotenjou_range():
    """score_many's int32 columns: rows that fit equal score(); a row beyond them is INVALID_INPUT
    with reason 12 (score() gives it exactly)."""
    rows = [dict(hand="11123s555666777z", win="1s"), dict(hand="11122233344455z", win="5z"),
            dict(hand="123444s234456m66p", win="4s", riichi=True)]
    res = score_many(columns_from_kwargs(rows, rules=AO), rules=AO, messages=True)
    assert list(res.status) == [0, STATUS_INVALID_INPUT, 0] and res.reason[1] == 12
    for i in (0, 2):
        s = score(**rows[i], rules=AO)
        assert (res.han[i], res.fu[i], res.points[i], res.total[i]) == (s.han, s.fu, s.points, s.payment.total)
    assert "aotenjou" in res.messages[1]
    assert score(**rows[1], rules=AO).points > 2 ** 31


# ---- open riichi, sashikomi, paarenchan: the package's cases --------------------------------------

LOCAL_CASES = [
    ("is_open_riichi", "123444s234456m66p", "4s", {"riichi": True, "open_riichi": True}, OPEN, 2, 40,
     [(Yaku.OPEN_RIICHI, 2), (Yaku.URA_DORA, 0)]),
    ("is_daburu_open_riichi", "123444s234456m66p", "4s", {"double_riichi": True, "open_riichi": True}, OPEN, 3, 40,
     [(Yaku.DOUBLE_OPEN_RIICHI, 3), (Yaku.URA_DORA, 0)]),
    ("is_open_riichi_sashikomi", "123444s234456m66p", "4s", {"riichi": True, "open_riichi": True, "sashikomi": True},
     SASHI, 13, 40, [(Yaku.SASHIKOMI, 13)]),
    ("paarenchan_no_yaku_allowed", "12367778p678s456m", "7p", {"paarenchan": 1},
     PAA.replace(paarenchan_needs_yaku=False), 13, 40, [(Yaku.PAARENCHAN, 13)]),
    ("paarenchan_1", "111222777p44455s", "7p", {"paarenchan": 1, "tsumo": True}, PAA, 26, 50,
     [(Yaku.SUUANKOU, 13), (Yaku.PAARENCHAN, 13)]),
    ("paarenchan_4", "111222777p44455s", "7p", {"paarenchan": 4, "tsumo": True}, PAA, 65, 50,
     [(Yaku.SUUANKOU, 13), (Yaku.PAARENCHAN, 52)]),
    ("kokushi_sashikomi_with_daburu_riichi_and_open_riichi", "19s19p19m12345677z", "7z",
     {"double_riichi": True, "open_riichi": True, "sashikomi": True}, SASHI, 39, 0,
     [(Yaku.KOKUSHI_13, 26), (Yaku.SASHIKOMI, 13)]),
    ("kokushi_with_paarenchan", "19s19p19m12345677z", "7z", {"paarenchan": 1}, PAA, 39, 0,
     [(Yaku.KOKUSHI_13, 26), (Yaku.PAARENCHAN, 13)]),
]


@pytest.mark.parametrize("case", LOCAL_CASES, ids=[c[0] for c in LOCAL_CASES])
def test_open_riichi_and_paarenchan_package_cases(case):
    _name, hand, win, kw, rules, han, fu, yaku = case
    s = score(hand, win, rules=rules, **kw)
    assert (s.status, s.han, s.fu, s.yaku) == (Status.OK, han, fu, yaku)
    assert readings(hand, win, rules=rules, **kw)[0] == s


def test_paarenchan_no_yaku_disallowed():
    s = score("12367778p678s456m", "7p", paarenchan=1, rules=PAA)
    assert s.status == Status.NO_YAKU
    assert score("12367778p678s456m", "7p", paarenchan=1, rules=PAA.replace(paarenchan_needs_yaku=False)).yakuman == 1


def test_open_riichi_payments_and_ryanhan_shibari():
    s = score("123444s234456m66p", "4s", riichi=True, open_riichi=True, rules=OPEN)
    assert s.points == 3900 * 1 + 0 and s.payment.from_discarder == 3900   # dealer 2 han 40 fu... 3900
    # open riichi's han is yaku han: riichi alone passes ryanhan shibari at 5 honba with it
    r = OPEN.replace(ryanhan_shibari=True)
    assert score("123444s234456m66p", "4s", riichi=True, honba=5, rules=r).status == Status.NO_YAKU
    assert score("123444s234456m66p", "4s", riichi=True, open_riichi=True, honba=5, rules=r).status == Status.OK


def test_local_yakuman_stacking_and_cap():
    nostack = PAA.replace(yakuman_stacking=False)
    s = score("111222777p44455s", "7p", paarenchan=2, tsumo=True, rules=nostack)
    assert s.yaku == [(Yaku.PAARENCHAN, 26)] and s.yakuman == 2
    s = score("111222777p44455s", "7p", paarenchan=1, tsumo=True, rules=nostack)
    assert s.yaku == [(Yaku.SUUANKOU, 13)]   # a tie goes to the hand's own yakuman
    s = score("111222777p44455s", "7p", paarenchan=4, tsumo=True, rules=PAA.replace(yakuman_cap=3))
    assert s.yakuman == 3 and s.points == 3 * 48000


def test_open_riichi_under_aotenjou_and_sashikomi_plus_hand():
    r = AO.replace(open_riichi=True, open_riichi_sashikomi=True)
    s = score("123444s234456m66p", "4s", riichi=True, open_riichi=True, sashikomi=True, rules=r)
    # aotenjou: the sashikomi yakuman's 13 han on top of open riichi's 2
    assert s.yaku == [(Yaku.OPEN_RIICHI, 2), (Yaku.SASHIKOMI, 13), (Yaku.URA_DORA, 0)] and s.han == 15


@pytest.mark.parametrize(("kw", "rules", "message"), [
    ({"riichi": True, "open_riichi": True}, Rules.tenhou(), "rules have no open riichi"),
    ({"open_riichi": True}, OPEN, "open_riichi without riichi"),
    ({"riichi": True, "open_riichi": True, "sashikomi": True}, OPEN, "do not make it a yakuman"),
    ({"riichi": True, "sashikomi": True}, SASHI, "sashikomi without open_riichi"),
    ({"riichi": True, "open_riichi": True, "sashikomi": True, "tsumo": True}, SASHI, "sashikomi with tsumo"),
    ({"paarenchan": 1}, OPEN, "rules have no paarenchan"),
    ({"paarenchan": 1, "seat_wind": "S"}, PAA, "paarenchan for a non-dealer"),
    ({"paarenchan": 8}, PAA, "paarenchan must be an integer 0..7"),
    ({"paarenchan": True}, PAA, "paarenchan must be an integer 0..7"),
    ({"open_riichi": 2, "riichi": True}, OPEN, "open_riichi must be True or False"),
])
def test_local_rule_flags_refused_clearly(kw, rules, message):
    with pytest.raises(InvalidContextError, match=message):
        score("123444s234456m66p", "4s", rules=rules, **kw)


def test_score_many_local_flags_and_yaku_ext():
    rows = [dict(hand="123444s234456m66p", win="4s", riichi=True, open_riichi=True),
            dict(hand="123444s234456m66p", win="4s", riichi=True, open_riichi=True, sashikomi=True),
            dict(hand="111222777p44455s", win="7p", tsumo=True, paarenchan=3)]
    rules = SASHI.replace(paarenchan=True)
    cols = columns_from_kwargs(rows, rules=rules)
    assert list(cols["flags"]) == [(1 << 1) | (1 << 11), (1 << 1) | (1 << 11) | (1 << 12), 1 | (3 << 13)]
    res = score_many(cols, rules=rules)
    assert list(res.yaku_ext) == [1, 2, 4]
    for i, kw in enumerate(rows):
        s = score(**kw, rules=rules)
        assert (res.han[i], res.points[i], res.status[i]) == (s.han, s.points, 0)
    # the same flags under rules without the knobs: refused rows (contradictory flags, code 7)
    bad = score_many(cols, rules=Rules.tenhou())
    assert list(bad.status) == [STATUS_INVALID_INPUT] * 3 and list(bad.reason) == [7, 7, 7]
    assert np.all(bad.yaku_ext == 0)


def test_score_batch_yaku_list_names_the_local_yaku():
    rules = SASHI.replace(paarenchan=True)
    rows = [dict(hand="123444s234456m66p", win="4s", double_riichi=True, open_riichi=True),
            dict(hand="111222777p44455s", win="7p", tsumo=True, paarenchan=1)]
    res = score_many(columns_from_kwargs(rows, rules=rules), rules=rules)
    assert res.yaku_list(0) == [Yaku.DOUBLE_OPEN_RIICHI, Yaku.URA_DORA]
    assert res.yaku_list(1) == [Yaku.SUUANKOU, Yaku.PAARENCHAN]


def test_cli_score_takes_the_local_rules(tmp_path, capsys):
    import json

    from yakuman.cli import main

    path = tmp_path / "house.toml"
    path.write_text('preset = "tenhou"\naotenjou = true\nopen_riichi = true\nopen_riichi_sashikomi = true\n'
                    'paarenchan = true\n')
    assert main(["score", "123444s234456m66p", "--win", "4s", "--riichi", "--open-riichi", "--sashikomi",
                 "--rules", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["han"] == 15 and out["points"] == _up100(6 * 40 * 2 ** 17)
    assert main(["score", "111222777p44455s", "--win", "7p", "--tsumo", "--paarenchan", "1",
                 "--rules", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["han"] == 1 + 13 + 13   # menzen tsumo, suuankou, paarenchan
