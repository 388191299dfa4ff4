"""The 72 worked examples of RULES.md section 8.1 (EX01-EX57, their b-variants, L1-L8) with exact
yaku, han, fu and payments, plus the variant values the rows give in their text (2-fu double wind,
no rinshan tsumo fu, pao, the local-yaku values of L1-L8).

Default knobs are the library defaults ``Rules()`` (RULES.md 8.1: "Default knobs unless the Situation
column says otherwise"). Payments: ``ron X`` = from the discarder; ``X/Y`` = X from each non-dealer,
Y from the dealer; ``X all`` = dealer tsumo. Honba included, riichi sticks excluded.
"""

from __future__ import annotations

import pytest

from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import score
from yakuman.yaku import Yaku as Y

ALL_LOCAL = frozenset({"sanrenkou", "isshoku_sanjun", "daisharin", "suurenkou", "isshoku_yonjun",
                       "hyakuman_goku", "beni_kujaku", "touhoku_shinkansen", "shiisanputa"})


def ex(id, hand, melds, win, seats, dora, ura, flags, knobs, yaku, han, fu, pay):
    return pytest.param(hand, melds, win, seats, dora, ura, flags, knobs, yaku, han, fu, pay, id=id)


T, R, RI, IP = {"tsumo": True}, {}, {"riichi": True}, {"riichi": True, "ippatsu": True}
CASES = [
    ex("EX01", "234p55567s777z", ["ankan 9999m"], "6s", "SE", "3z", "", T, {},
       {Y.MENZEN_TSUMO: 1, Y.CHUN: 1}, 2, 70, "1200/2300"),
    ex("EX02", "111m34599p234678s", [], "3s", "EE", "8p", "9s", {**T, **RI}, {},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.DORA: 2}, 4, 40, "4000 all"),
    ex("EX03", "22334455567789m", [], "9m", "SE", "1z", "2z", RI, {},
       {Y.RIICHI: 1, Y.PINFU: 1, Y.IIPEIKOU: 1, Y.CHINITSU: 6}, 9, 30, "ron 16000"),
    ex("EX04", "22334455667788m", [], "8m", "EE", "1m", "9p", IP, {},
       {Y.RIICHI: 1, Y.IPPATSU: 1, Y.PINFU: 1, Y.TANYAO: 1, Y.RYANPEIKOU: 3, Y.CHINITSU: 6, Y.DORA: 2},
       15, 30, "ron 48000"),
    ex("EX04b", "22334455667788m", [], "8m", "EE", "1m", "9p", IP, {"kazoe": "sanbaiman"},
       {Y.RIICHI: 1, Y.IPPATSU: 1, Y.PINFU: 1, Y.TANYAO: 1, Y.RYANPEIKOU: 3, Y.CHINITSU: 6, Y.DORA: 2},
       15, 30, "ron 36000"),
    ex("EX05", "234567m34588p567s", [], "5s", "EE", "1m", "1z", {**RI, "honba": 1}, {},
       {Y.RIICHI: 1, Y.PINFU: 1, Y.TANYAO: 1, Y.DORA: 1}, 4, 30, "ron 11900"),
    ex("EX06", "234m22555p345678s", [], "8s", "EE", "2s", "1z", {**T, **RI, "honba": 3}, {},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.TANYAO: 1, Y.DORA: 1}, 4, 30, "4200 all"),
    ex("EX07", "234567m34588p567s", [], "5s", "SE", "1m", "1z", {**T, **RI, "honba": 2}, {},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.PINFU: 1, Y.TANYAO: 1, Y.DORA: 1}, 5, 20, "2200/4200"),
    ex("EX08", "123456m123s678s55z", [], "1m", "SE", "7z", "1z", {**T, **RI}, {},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.DORA: 2}, 4, 30, "2000/3900"),
    ex("EX08b", "123456m123s678s55z", [], "1m", "SE", "7z", "1z", {**T, **RI}, {"kiriage_mangan": True},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.DORA: 2}, 4, 30, "2000/4000"),
    ex("EX09", "234456m567p789s33s", [], "4m", "SE", "1z", "", T, {},
       {Y.MENZEN_TSUMO: 1, Y.PINFU: 1}, 2, 20, "400/700"),
    ex("EX10", "234567m567p789s33s", [], "7m", "SE", "1z", "", R, {}, {Y.PINFU: 1}, 1, 30, "ron 1000"),
    ex("EX11", "234567m34588p567s", [], "5s", "SE", "1z", "", T, {},
       {Y.MENZEN_TSUMO: 1, Y.PINFU: 1, Y.TANYAO: 1}, 3, 20, "700/1300"),
    ex("EX11b", "234567m34588p567s", [], "5s", "ES", "1z", "", T, {},
       {Y.MENZEN_TSUMO: 1, Y.PINFU: 1, Y.TANYAO: 1}, 3, 20, "1300 all"),
    ex("EX12", "567m34588p567s", ["chi 234m"], "5s", "SE", "1z", "", R, {}, {Y.TANYAO: 1}, 1, 30, "ron 1000"),
    ex("EX12b", "567m34588p567s", ["chi 234m"], "5s", "SE", "1z", "", R, {"open_pinfu_fu": 20},
       {Y.TANYAO: 1}, 1, 20, "ron 700"),
    ex("EX13", "11m4477p2299s3366z", [], "6z", "SE", "1z", "", R, {}, {Y.CHIITOITSU: 2}, 2, 25, "ron 1600"),
    ex("EX14", "1155m3388p4466s77z", [], "7z", "WE", "2z", "3z", {**T, **RI}, {},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.CHIITOITSU: 2}, 4, 25, "1600/3200"),
    ex("EX16", "112233m778899p55s", [], "1m", "SE", "1z", "", R, {},
       {Y.RYANPEIKOU: 3, Y.PINFU: 1}, 4, 30, "ron 7700"),
    ex("EX17", "234m567p34455666s", [], "6s", "SE", "1z", "1z", RI, {},
       {Y.RIICHI: 1, Y.PINFU: 1, Y.TANYAO: 1}, 3, 30, "ron 3900"),
    ex("EX18", "234m999p34455666s", [], "6s", "SE", "1z", "1z", {**T, **RI}, {},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1}, 2, 40, "700/1300"),
    ex("EX19", "444m55666p234888s", [], "8s", "SE", "1z", "", T, {},
       {Y.SANANKOU: 2, Y.MENZEN_TSUMO: 1, Y.TANYAO: 1}, 4, 40, "2000/4000"),
    ex("EX20", "444m55666p234888s", [], "8s", "SE", "1z", "", R, {}, {Y.TANYAO: 1}, 1, 40, "ron 1300"),
    ex("EX21", "111999m333p555s22z", [], "9m", "WE", "", "", T, {}, {Y.SUUANKOU: 13}, 13, None, "8000/16000"),
    ex("EX22", "111999m333p555s22z", [], "9m", "WE", "", "", R, {},
       {Y.TOITOI: 2, Y.SANANKOU: 2}, 4, 50, "ron 8000"),
    ex("EX23", "111999m333p555s22z", [], "2z", "WE", "", "", R, {}, {Y.SUUANKOU_TANKI: 26}, 26, None,
       "ron 64000"),
    ex("EX23b", "111999m333p555s22z", [], "2z", "WE", "", "", R, {"double_yakuman": frozenset()},
       {Y.SUUANKOU_TANKI: 13}, 13, None, "ron 32000"),
    ex("EX24", "119m19p19s1234567z", [], "7z", "SE", "", "", R, {}, {Y.KOKUSHI: 13}, 13, None, "ron 32000"),
    ex("EX25", "119m19p19s1234567z", [], "1m", "EE", "", "", R, {}, {Y.KOKUSHI_13: 26}, 26, None, "ron 96000"),
    ex("EX26", "11123455678999m", [], "5m", "SE", "", "", T, {}, {Y.JUNSEI_CHUUREN_POUTOU: 26}, 26, None,
       "16000/32000"),
    ex("EX27", "11123345678999m", [], "7m", "SE", "", "", R, {}, {Y.CHUUREN_POUTOU: 13}, 13, None, "ron 32000"),
    ex("EX28", "234m11p", ["pon 555z", "pon 666z", "pon 777z"], "1p", "SE", "", "", T, {},
       {Y.DAISANGEN: 13}, 13, None, "8000/16000"),
    ex("EX29", "444z55m", ["pon 111z", "pon 222z", "pon 333z"], "5m", "SE", "", "", R, {},
       {Y.DAISUUSHII: 26}, 26, None, "ron 64000"),
    ex("EX30", "789m333z44z", ["pon 111z", "pon 222z"], "4z", "SE", "", "", R, {},
       {Y.SHOUSUUSHII: 13}, 13, None, "ron 32000"),
    ex("EX31", "111z22z", ["pon 555z", "pon 666z", "pon 777z"], "2z", "SE", "", "", R, {},
       {Y.TSUUIISOU: 13, Y.DAISANGEN: 13}, 26, None, "ron 64000"),
    ex("EX32", "223344666888s66z", [], "6z", "SE", "", "", R, {}, {Y.RYUUIISOU: 13}, 13, None, "ron 32000"),
    ex("EX33", "999m11199p999s", ["pon 111m"], "9p", "SE", "", "", R, {}, {Y.CHINROUTOU: 13}, 13, None,
       "ron 32000"),
    ex("EX34", "99s", ["minkan 2222m", "kakan 5555p", "ankan 7777s", "minkan 1111z"], "9s", "SE", "", "", R,
       {}, {Y.SUUKANTSU: 13}, 13, None, "ron 32000"),
    ex("EX35", "123m456p789s11155z", [], "5z", "EE", "", "", {**T, "tenhou": True}, {}, {Y.TENHOU: 13}, 13,
       None, "16000 all"),
    ex("EX36", "123m456p789s22255z", [], "5z", "SE", "", "", {**T, "chiihou": True}, {}, {Y.CHIIHOU: 13}, 13,
       None, "8000/16000"),
    ex("EX37", "234567m34588p567s", [], "5s", "SE", "", "", {"renhou": True}, {"renhou": "yakuman"},
       {Y.RENHOU: 13}, 13, None, "ron 32000"),
    ex("EX37b", "234567m34588p567s", [], "5s", "SE", "", "", {"renhou": True}, {"renhou": "mangan"},
       {Y.RENHOU: 5}, 5, None, "ron 8000"),
    ex("EX38", "999p111s99s222z", ["pon 111m"], "2z", "WE", "", "", R, {},
       {Y.TOITOI: 2, Y.HONROUTOU: 2}, 4, 50, "ron 8000"),
    ex("EX39", "1199m1199p11s1177z", [], "7z", "SE", "", "", R, {},
       {Y.CHIITOITSU: 2, Y.HONROUTOU: 2}, 4, 25, "ron 6400"),
    ex("EX40", "123m789p123999s22z", [], "3m", "WE", "", "", R, {}, {Y.CHANTA: 2}, 2, 40, "ron 2600"),
    ex("EX41", "123789m12399p789s", [], "9s", "SE", "", "", R, {}, {Y.JUNCHAN: 3, Y.PINFU: 1}, 4, 30, "ron 7700"),
    ex("EX42", "123789m55p123s", ["chi 123p"], "3s", "SE", "", "", R, {}, {Y.SANSHOKU_DOUJUN: 1}, 1, 30,
       "ron 1000"),
    ex("EX43", "123789m12355p123s", [], "3s", "SE", "", "", R, {}, {Y.SANSHOKU_DOUJUN: 2}, 2, 40, "ron 2600"),
    ex("EX44", "456789s22555z", ["chi 123s"], "6s", "SE", "", "", R, {},
       {Y.HONITSU: 2, Y.ITTSU: 1, Y.HAKU: 1}, 4, 30, "ron 7700"),
    ex("EX45", "234m345999p678s11z", [], "8s", "EE", "1z", "3z", RI, {}, {Y.RIICHI: 1}, 1, 50, "ron 2400"),
    ex("EX46", "234m567p23499s", ["pon 111z"], "4m", "EE", "", "", R, {},
       {Y.JIKAZE_TON: 1, Y.BAKAZE_TON: 1}, 2, 30, "ron 2900"),
    ex("EX47", "444567m23477s", ["ankan 8888p"], "2s", "SE", "2z6z", "", {**T, "rinshan": True}, {},
       {Y.RINSHAN: 1, Y.MENZEN_TSUMO: 1, Y.TANYAO: 1}, 3, 50, "1600/3200"),
    ex("EX48", "123456m456p23488s", [], "1m", "SE", "", "", {**T, "haitei": True}, {},
       {Y.MENZEN_TSUMO: 1, Y.PINFU: 1, Y.HAITEI: 1}, 3, 20, "700/1300"),
    ex("EX49", "234m55p123789s", ["chi 567p"], "3s", "SE", "", "", {"houtei": True}, {}, {Y.HOUTEI: 1}, 1, 30,
       "ron 1000"),
    ex("EX50", "234567m34588p567s", [], "5s", "SE", "", "", {"chankan": True}, {},
       {Y.CHANKAN: 1, Y.PINFU: 1, Y.TANYAO: 1}, 3, 30, "ron 3900"),
    ex("EX51", "345678m23455p678s", [], "2p", "SE", "1z", "4p", {**T, **IP}, {},
       {Y.RIICHI: 1, Y.IPPATSU: 1, Y.MENZEN_TSUMO: 1, Y.PINFU: 1, Y.TANYAO: 1, Y.URA_DORA: 2}, 7, 20,
       "3000/6000"),
    ex("EX52", "234789m34555p678s", [], "3p", "SE", "1z", "1z", {"double_riichi": True}, {},
       {Y.DOUBLE_RIICHI: 2, Y.PINFU: 1}, 3, 30, "ron 3900"),
    ex("EX53", "111234m55999p111s", [], "2m", "SE", "1z", "1z", RI, {}, {Y.RIICHI: 1, Y.SANANKOU: 2}, 3, 60,
       "ron 7700"),
    ex("EX53b", "111234m55999p111s", [], "2m", "SE", "1z", "1z", RI, {"kiriage_mangan": True},
       {Y.RIICHI: 1, Y.SANANKOU: 2}, 3, 60, "ron 8000"),
    ex("EX54", "234567p345s56788m", [], "8m", "SE", "1z", "1z", RI, {}, {Y.RIICHI: 1, Y.TANYAO: 1}, 2, 40,
       "ron 2600"),
    ex("EX55", "234m567p23488s", ["pon 777z"], "4s", "SE", "1z", "", T, {}, {Y.CHUN: 1}, 1, 30, "300/500"),
    ex("EX56", "234678m23488s", ["pon 055p"], "2s", "SE", "4p", "", R, {},
       {Y.TANYAO: 1, Y.DORA: 3, Y.AKA_DORA: 1}, 5, 30, "ron 8000"),
    ex("EX57", "444m23499p567678s", [], "8s", "SE", "3m", "3m", {**T, **RI}, {},
       {Y.RIICHI: 1, Y.MENZEN_TSUMO: 1, Y.DORA: 3, Y.URA_DORA: 3}, 8, 30, "4000/8000"),
    # Local-yaku rows: the standard value (local yaku off).
    ex("L1", "111222333m456p77s", [], "3m", "SE", "", "", T, {}, {Y.SANANKOU: 2, Y.MENZEN_TSUMO: 1}, 3, 40,
       "1300/2600"),
    ex("L2", "22334455667788p", [], "8p", "SE", "", "", R, {},
       {Y.RYANPEIKOU: 3, Y.CHINITSU: 6, Y.PINFU: 1, Y.TANYAO: 1}, 11, 30, "ron 24000"),
    ex("L3", "56667777888m", ["pon 999m"], "5m", "SE", "", "", R, {}, {Y.CHINITSU: 5}, 5, 40, "ron 8000"),
    ex("L4", "111777999s77z", ["pon 555s"], "7z", "SE", "", "", R, {},
       {Y.TOITOI: 2, Y.SANANKOU: 2, Y.HONITSU: 2}, 6, 50, "ron 12000"),
    ex("L5", "123456789s11144z", [], "4z", "SE", "", "", R, {},
       {Y.HONITSU: 3, Y.ITTSU: 2, Y.BAKAZE_TON: 1}, 6, 40, "ron 12000"),
    ex("L6", "222333444s66p", ["pon 555s"], "6p", "SE", "", "", R, {},
       {Y.TOITOI: 2, Y.SANANKOU: 2, Y.TANYAO: 1}, 5, 40, "ron 8000"),
    ex("L7", "22334444666888s", [], "4s", "SE", "", "", R, {}, {Y.RYUUIISOU: 13}, 13, None, "ron 32000"),
    ex("L8", "111122223333m55p", [], "3m", "SE", "", "", T, {}, {Y.RYANPEIKOU: 3, Y.MENZEN_TSUMO: 1}, 4, 30,
       "2000/3900"),
    # Variant values stated in the rows' text.
    ex("EX45-2fu", "234m345999p678s11z", [], "8s", "EE", "1z", "3z", RI, {"double_wind_pair_fu": 2},
       {Y.RIICHI: 1}, 1, 40, "ron 2000"),
    ex("EX47-0fu", "444567m23477s", ["ankan 8888p"], "2s", "SE", "2z6z", "", {**T, "rinshan": True},
       {"rinshan_tsumo_fu": 0}, {Y.RINSHAN: 1, Y.MENZEN_TSUMO: 1, Y.TANYAO: 1}, 3, 40, "1300/2600"),
    ex("L1-local", "111222333m456p77s", [], "3m", "SE", "", "", T,
       {"local_yaku": frozenset({"sanrenkou", "isshoku_sanjun"})},
       {Y.SANANKOU: 2, Y.SANRENKOU: 2, Y.MENZEN_TSUMO: 1}, 5, 40, "2000/4000"),
    ex("L2-local", "22334455667788p", [], "8p", "SE", "", "", R, {"local_yaku": ALL_LOCAL},
       {Y.DAISHARIN: 13}, 13, None, "ron 32000"),
    ex("L3-local", "56667777888m", ["pon 999m"], "5m", "SE", "", "", R, {"local_yaku": ALL_LOCAL},
       {Y.HYAKUMAN_GOKU: 13}, 13, None, "ron 32000"),
    ex("L4-local", "111777999s77z", ["pon 555s"], "7z", "SE", "", "", R, {"local_yaku": ALL_LOCAL},
       {Y.BENI_KUJAKU: 13}, 13, None, "ron 32000"),
    ex("L5-local", "123456789s11144z", [], "4z", "SE", "", "", R, {"local_yaku": ALL_LOCAL},
       {Y.TOUHOKU_SHINKANSEN: 13}, 13, None, "ron 32000"),
    ex("L6-local", "222333444s66p", ["pon 555s"], "6p", "SE", "", "", R, {"local_yaku": ALL_LOCAL},
       {Y.SUURENKOU: 13}, 13, None, "ron 32000"),
    ex("L7-double", "22334444666888s", [], "4s", "SE", "", "", R, {"junryokuisou_double": True},
       {Y.RYUUIISOU: 26}, 26, None, "ron 64000"),
    ex("L8-local", "111122223333m55p", [], "3m", "SE", "", "", T, {"local_yaku": ALL_LOCAL},
       {Y.ISSHOKU_YONJUN: 13}, 13, None, "8000/16000"),
]


def _payment_text(s) -> str:
    p = s.payment
    if p.from_discarder:
        return f"ron {p.from_discarder}"
    if p.from_dealer:
        return f"{p.from_non_dealer}/{p.from_dealer}"
    return f"{p.from_non_dealer} all"


@pytest.mark.parametrize("hand,melds,win,seats,dora,ura,flags,knobs,yaku,han,fu,pay", CASES)
def test_worked_example(hand, melds, win, seats, dora, ura, flags, knobs, yaku, han, fu, pay):
    flags = dict(flags)
    s = score(hand, win, melds, seat_wind=seats[0], round_wind=seats[1], dora=dora, ura=ura,
              rules=Rules().replace(**knobs), **flags)
    assert s.status == Status.OK, s.reason
    assert {y: h for y, h in s.yaku if h} == yaku
    assert s.han == han
    if fu is not None:
        assert s.fu == fu
    assert _payment_text(s) == pay
    assert s.payment.total == (s.points + _honba(flags, s))


def _honba(flags, s) -> int:
    honba = flags.get("honba", 0)
    if not honba:
        return 0
    payers = 1 if s.payment.from_discarder else 3
    return (300 if payers == 1 else 100 * payers) * honba


def test_ex15_four_identical_tiles_are_not_two_pairs():
    s = score("1111m2233p4455s66z", "6z", seat_wind="S", rules=Rules())
    assert s.status == Status.NOT_COMPLETE
    assert s.points == 0 and s.yaku == []


def test_ura_dora_listed_with_zero_on_riichi_wins():
    s = score("22334455567789m", "9m", riichi=True, seat_wind="S", dora="1z", ura="2z", rules=Rules())
    assert (Y.URA_DORA, 0) in s.yaku
    s = score("234567m567p789s33s", "7m", seat_wind="S", dora="1z", ura="6m", rules=Rules())
    assert all(y != Y.URA_DORA for y, _ in s.yaku)  # no riichi: ura never counts


@pytest.mark.parametrize("dealer,honba,liable,discarder", [
    (False, 0, 32000, 0), (False, 1, 32300, 0), (True, 0, 48000, 0)])
def test_ex28_pao_tsumo_liable_pays_everything(dealer, honba, liable, discarder):
    from yakuman._reference.score import score as ref

    s = ref("234m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"], tsumo=True, honba=honba,
            seat_wind="E" if dealer else "S", pao_seat=2, rules=Rules())
    assert s.payment.from_liable == liable
    assert s.payment.from_dealer == s.payment.from_non_dealer == 0
    assert s.payment.total == liable
    assert s.points == (48000 if dealer else 32000)


@pytest.mark.parametrize("dealer,honba,from_c,from_b", [(False, 0, 16000, 16000), (False, 2, 16600, 16000),
                                                       (True, 0, 24000, 24000)])
def test_ex28_pao_ron_by_third_player_is_split(dealer, honba, from_c, from_b):
    from yakuman._reference.score import score as ref

    s = ref("234m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"], honba=honba,
            seat_wind="E" if dealer else "S", pao_seat=2, from_seat=1, rules=Rules())
    assert (s.payment.from_discarder, s.payment.from_liable) == (from_c, from_b)
    # the liable player dealing in himself pays an ordinary ron
    s = ref("234m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"], honba=honba,
            seat_wind="E" if dealer else "S", pao_seat=2, from_seat=2, rules=Rules())
    assert (s.payment.from_discarder, s.payment.from_liable) == (from_c + from_b, 0)


def test_pao_scope_liable_yakuman_only_shares_only_the_pao_yakuman():
    from yakuman._reference.score import score as ref

    # EX31: tsuuiisou + daisangen, daisangen under pao, non-dealer.
    args = ("111z22z", "2z", ["pon 555z", "pon 666z", "pon 777z"])
    whole = ref(*args, tsumo=True, seat_wind="S", pao_seat=1, rules=Rules(pao_scope="whole_hand"))
    assert whole.payment.from_liable == 64000 and whole.payment.total == 64000
    part = ref(*args, tsumo=True, seat_wind="S", pao_seat=1, rules=Rules(pao_scope="liable_yakuman_only"))
    assert (part.payment.from_liable, part.payment.from_dealer, part.payment.from_non_dealer) == (32000, 16000, 8000)
    assert part.payment.total == 64000
    ron = ref(*args, seat_wind="S", pao_seat=1, from_seat=3, rules=Rules(pao_scope="liable_yakuman_only"))
    assert (ron.payment.from_discarder, ron.payment.from_liable) == (48000, 16000)


# ---- knobs not exercised by the table rows (values recomputed from RULES.md sections 3-5) ----------

def _s(hand, win, melds=(), rules=None, **kw):
    kw.setdefault("seat_wind", "S")
    return score(hand, win, melds, rules=rules or Rules(), **kw)


def test_kuitan_off_makes_open_tanyao_no_yaku():
    s = _s("567m34588p567s", "5s", ["chi 234m"], Rules(kuitan=False))
    assert s.status == Status.NO_YAKU


def test_tsumo_pinfu_off_gives_no_pinfu_and_30_fu():
    s = _s("234567m34588p567s", "5s", rules=Rules(tsumo_pinfu=False), tsumo=True)
    assert {y: h for y, h in s.yaku} == {Y.MENZEN_TSUMO: 1, Y.TANYAO: 1}
    assert (s.han, s.fu, _payment_text(s)) == (2, 30, "500/1000")


def test_chiitoitsu_fu_30():
    s = _s("11m4477p2299s3366z", "6z", rules=Rules(chiitoitsu_fu=30))
    assert (s.han, s.fu, _payment_text(s)) == (2, 30, "ron 2000")


def test_green_requires_hatsu():
    s = _s("22334444666888s", "4s", rules=Rules(green_requires_hatsu=True))
    assert {y: h for y, h in s.yaku} == {Y.TANYAO: 1, Y.IIPEIKOU: 1, Y.CHINITSU: 6}
    assert (s.han, s.fu, _payment_text(s), s.limit) == (8, 40, "ron 16000", "baiman")
    assert _s("223344666888s66z", "6z", rules=Rules(green_requires_hatsu=True)).yaku == [(Y.RYUUIISOU, 13)]


def test_tsuuiisou_chiitoitsu_knob():
    assert _s("11223344556677z", "7z").yaku == [(Y.TSUUIISOU, 13)]
    s = _s("11223344556677z", "7z", rules=Rules(tsuuiisou_chiitoitsu=False))
    assert s.yaku == [(Y.CHIITOITSU, 2)] and s.points == 1600


def test_chuuren_manzu_only():
    assert _s("11123345678999p", "7p").yaku == [(Y.CHUUREN_POUTOU, 13)]
    s = _s("11123345678999p", "7p", rules=Rules(chuuren_manzu_only=True))
    assert s.is_win and s.yakuman == 0 and (Y.CHINITSU, 6) in s.yaku


def test_tenhou_multiplier_two():
    s = score("123m456p789s11155z", "5z", tsumo=True, tenhou=True, rules=Rules(tenhou_multiplier=2))
    assert (s.yaku, s.yakuman, _payment_text(s)) == ([(Y.TENHOU, 26)], 2, "32000 all")


def test_yakuman_stacking_off_and_cap():
    args = ("111z22z", "2z", ["pon 555z", "pon 666z", "pon 777z"])
    s = _s(*args, rules=Rules(yakuman_stacking=False))
    assert (s.han, s.yakuman, s.points, len(s.yaku)) == (13, 1, 32000, 1)
    s = _s(*args, rules=Rules(yakuman_cap=1))
    assert (s.yakuman, s.points) == (1, 32000)


def test_daisuushii_single_under_tenhou_rules():
    s = _s("444z55m", "5m", ["pon 111z", "pon 222z", "pon 333z"], Rules.tenhou())
    assert (s.yaku, s.points) == ([(Y.DAISUUSHII, 13)], 32000)


def test_kazoe_multiple_and_yakuman():
    kw = {"tsumo": True, "riichi": True, "ippatsu": True, "dora": "1m2m3m4m6m", "ura": "1m2m3m4m6m"}
    s = _s("22334455667788m", "8m", rules=Rules(kazoe="multiple"), **kw)
    assert (s.han, s.limit, s.yakuman, _payment_text(s)) == (34, "yakuman", 0, "16000/32000")
    s = _s("22334455667788m", "8m", rules=Rules(kazoe="yakuman"), **kw)
    assert (s.han, s.limit, s.yakuman, _payment_text(s)) == (34, "yakuman", 0, "8000/16000")


def test_renhou_baiman_and_a_higher_normal_value():
    s = _s("234567m34588p567s", "5s", renhou=True, rules=Rules(renhou="baiman"))
    assert (s.yaku, s.han, s.limit, _payment_text(s)) == ([(Y.RENHOU, 8)], 8, "baiman", "ron 16000")
    s = _s("22334455667788m", "8m", renhou=True, rules=Rules(renhou="mangan"))
    assert Y.RENHOU not in s.mask and s.points == 24000  # sanbaiman beats the fixed mangan
    s = _s("234567m34588p567s", "5s", renhou=True, rules=Rules.tenhou())
    assert Y.RENHOU not in s.mask and s.points == 2000  # no renhou at Tenhou: pinfu tanyao


def test_sanma_tsumo_loss_and_honba():
    sanma = Rules.tenhou_sanma()
    s = _s("234567p34588s567s", "5s", rules=sanma, tsumo=True)
    assert (s.han, s.fu, _payment_text(s), s.points) == (3, 20, "700/1300", 2000)
    s = _s("234567p34588s567s", "5s", rules=sanma.replace(tsumo_loss=False), tsumo=True)
    assert (_payment_text(s), s.points) == ("1000/1600", 2600)
    s = _s("234567p34588s567s", "5s", rules=sanma.replace(tsumo_loss=False), tsumo=True, seat_wind="E")
    assert (_payment_text(s), s.points) == ("2000 all", 4000)
    s = _s("234567p34588s567s", "5s", rules=sanma, tsumo=True, seat_wind="E", honba=2)
    assert (_payment_text(s), s.points, s.payment.total) == ("1500 all", 2600, 3000)
    s = _s("234567p34588s567s", "5s", rules=sanma, honba=2)
    assert (_payment_text(s), s.points) == ("ron 2400", 2000)  # pinfu tanyao + 200 per honba on ron


def test_sanma_kita_and_dora_succession():
    sanma = Rules.tenhou_sanma()
    s = _s("123456789p11s234s", "4s", rules=sanma, kita=2, dora="3z")
    assert {y: h for y, h in s.yaku} == {Y.PINFU: 1, Y.ITTSU: 2, Y.DORA: 2, Y.KITA: 2}
    assert (s.han, s.points) == (7, 12000)
    s = _s("99m123456789p234s", "4s", rules=sanma, dora="1m")  # 1m indicates 9m with three players
    assert {y: h for y, h in s.yaku} == {Y.PINFU: 1, Y.ITTSU: 2, Y.DORA: 2}
    assert _s("99m123456789p234s", "4s", dora="1m").points == 3900  # four players: dora 2m


def test_aka_dora_off():
    s = _s("234678m23488s", "2s", ["pon 555p"], Rules(aka_dora=0), dora="4p")
    assert {y: h for y, h in s.yaku} == {Y.TANYAO: 1, Y.DORA: 3}
    assert (s.han, _payment_text(s)) == (4, "ron 7700")


def test_haitei_with_rinshan_knob():
    kw = {"tsumo": True, "rinshan": True, "haitei": True, "dora": "2z6z"}
    s = _s("444567m23477s", "2s", ["ankan 8888p"], **kw)
    assert Y.HAITEI not in s.mask and s.han == 3
    s = _s("444567m23477s", "2s", ["ankan 8888p"], Rules(haitei_houtei_with_rinshan=True), **kw)
    assert (s.han, s.fu, _payment_text(s)) == (4, 50, "2000/4000")


def test_shiisanputa():
    hand, rules = "147m258p369s11234z", Rules(local_yaku=frozenset({"shiisanputa"}))
    kw = {"tsumo": True, "tenhou": True, "seat_wind": "E"}
    assert score(hand, "4z", **kw, rules=Rules()).status == Status.NOT_COMPLETE
    s = score(hand, "4z", **kw, rules=rules)
    assert (s.yaku, _payment_text(s)) == ([(Y.SHIISANPUTA, 13)], "16000 all")
    s = score(hand, "4z", **kw, rules=rules.replace(shiisanputa_value="mangan"))
    assert (s.yaku, s.limit, _payment_text(s)) == ([(Y.SHIISANPUTA, 5)], "mangan", "4000 all")
    s = score(hand, "4z", **kw, rules=rules.replace(shiisanputa_honor_pair=False))
    assert s.status == Status.NOT_COMPLETE
    s = score("147m258p369s11234z", "4z", tsumo=True, seat_wind="S", rules=rules)  # not at chiihou timing
    assert s.status == Status.NOT_COMPLETE


def test_daisharin_any_suit_and_touhoku_souzu_only():
    local = Rules(local_yaku=ALL_LOCAL)
    assert _s("22334455667788s", "8s", rules=local).yakuman == 0
    assert _s("22334455667788s", "8s", rules=local.replace(daisharin_any_suit=True)).yaku == [(Y.DAISHARIN, 13)]
    assert _s("123456789m11144z", "4z", rules=local).yaku == [(Y.TOUHOKU_SHINKANSEN, 13)]
    assert _s("123456789m11144z", "4z", rules=local.replace(touhoku_souzu_only=True)).yakuman == 0


def test_isshoku_sanjun_replaces_iipeikou():
    s = _s("222333444m567p99s", "4m")
    assert ({y: h for y, h in s.yaku}, s.han, s.fu, _payment_text(s)) == (
        {Y.PINFU: 1, Y.IIPEIKOU: 1}, 2, 30, "ron 2000")
    s = _s("222333444m567p99s", "4m", rules=Rules(local_yaku=frozenset({"isshoku_sanjun"})))
    assert ({y: h for y, h in s.yaku}, s.han, s.fu, _payment_text(s)) == (
        {Y.PINFU: 1, Y.ISSHOKU_SANJUN: 2}, 3, 30, "ron 3900")


def test_score_str_and_decomposition():
    s = _s("234p55567s777z", "6s", ["ankan 9999m"], tsumo=True, dora="3z")
    assert s.decomposition == ("55s", "234p", "567s", "777z", "ankan 9999m")
    assert str(s) == ("menzen tsumo 1, chun 1 | 2 han 70 fu | 4700 points (1200/2300, total 4700) | "
                      "55s 234p 567s 777z ankan 9999m")
    assert sum(v for _, v in s.fu_details) == 70 and s.fu_details[-1] == ("rounding", 6)
