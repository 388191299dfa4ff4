"""Every yaku on its edge ranks: terminals 1 and 9, honors, and sanma's missing 2m-8m.

Expected values come from the rules (docs/rules.md and the yaku table of the rules
specification), worked out by hand in each case's comment: the yaku with their han, the fu
(20 base, +10 closed ron, +2 tsumo, triplets 2/4 simple open/closed and 4/8 terminal or honor
open/closed, kans x4, +2 for a yakuhai pair (4 for a double wind), +2 for a kanchan, penchan or
tanki wait, rounded up to 10; chiitoitsu 25; an open hand of 20 fu won by ron: 30) and the
points (base = fu x 2^(han+2), mangan 2000 at 5 han or base > 2000, haneman 3000, yakuman 8000;
ron x4 non-dealer, x6 dealer, tsumo 1x/2x, each payment rounded up to 100).

Default seats: the winner is South (a non-dealer), the round East, ron, library default rules.
These tests do not depend on the optional differential run against other packages.
"""

from __future__ import annotations

import pytest

from yakuman.errors import InvalidTilesError
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import score
from yakuman.yaku import Yaku as Y

DEFAULT = Rules()
SANMA = Rules.tenhou_sanma()


def _score(hand, win, melds=(), seat="S", rnd="E", rules=DEFAULT, **flags):
    return score(hand, win, list(melds), seat_wind=seat, round_wind=rnd, rules=rules, **flags)


def case(id, hand, win, melds, yaku, han, fu, points, **kw):
    return pytest.param(hand, win, melds, yaku, han, fu, points, kw, id=id)


CASES = [
    # ---- sanshoku doukou on 111 and 999 (open: 2 han) -----------------------------------------
    # fu 20 + 111m closed 8 + two open terminal pons 4 + 4 = 36 -> 40; 2 han 40 fu: 640 x4 -> 2600
    case("doukou_111", "111m55p678s", "8s", ["pon 111p", "pon 111s"], {Y.SANSHOKU_DOUKOU: 2}, 2, 40, 2600),
    case("doukou_999", "999m55p678s", "8s", ["pon 999p", "pon 999s"], {Y.SANSHOKU_DOUKOU: 2}, 2, 40, 2600),
    # closed: + sanankou 2; fu 20 + 10 + 3 x 8 = 54 -> 60; 4 han 60 fu: base 3840 -> mangan
    case("doukou_999_closed", "999m55999p456999s", "6s", [],
         {Y.SANSHOKU_DOUKOU: 2, Y.SANANKOU: 2}, 4, 60, 8000),
    # ---- ittsu from 1 and from 9 ----------------------------------------------------------------
    # closed ron 9m on 78m (two-sided): pinfu 1 + ittsu 2 = 3 han 30 fu: 960 x4 = 3840 -> 3900
    case("ittsu_win_9", "123456789m234p55s", "9m", [], {Y.PINFU: 1, Y.ITTSU: 2}, 3, 30, 3900),
    case("ittsu_win_1", "123456789p234m55s", "1p", [], {Y.PINFU: 1, Y.ITTSU: 2}, 3, 30, 3900),
    # open (chi 789s): 1 han; fu 20, open ron -> 30: 240 x4 = 960 -> 1000
    case("ittsu_open", "123456s234m55p", "1s", ["chi 789s"], {Y.ITTSU: 1}, 1, 30, 1000),
    # ---- chanta / junchan with 123 and 789 -------------------------------------------------------
    # 123m 789m 789p 123s 33z (West: no yakuhai), penchan 7m: 20 + 10 + 2 = 32 -> 40; 2 han: 2600
    case("chanta_closed", "123789m789p123s33z", "7m", [], {Y.CHANTA: 2}, 2, 40, 2600),
    # chi 123p, closed 999s triplet 8 + penchan 2: 20 + 10 = 30; 1 han 30 fu -> 1000
    case("chanta_open", "789m789999s33z", "7m", ["chi 123p"], {Y.CHANTA: 1}, 1, 30, 1000),
    # 123m 789m 123p 789s 11s, penchan 3p: 20 + 10 + 2 = 32 -> 40; 3 han 40 fu: 1280 x4 -> 5200
    case("junchan_closed", "123789m123p11789s", "3p", [], {Y.JUNCHAN: 3}, 3, 40, 5200),
    # open (chi 789s): 2 han; 20 + 2 -> 30; 480 x4 = 1920 -> 2000
    case("junchan_open", "123789m123p11s", "3p", ["chi 789s"], {Y.JUNCHAN: 2}, 2, 30, 2000),
    # ---- sanshoku doujun on 123 and 789, iipeikou / ryanpeikou on terminals ------------------------
    # 123m 123p 99p 123s 456s, two-sided 1s on 23s: pinfu 1 + doujun 2 = 3 han 30 fu -> 3900
    case("doujun_123", "123m12399p123456s", "1s", [], {Y.PINFU: 1, Y.SANSHOKU_DOUJUN: 2}, 3, 30, 3900),
    # 789 in every suit + 123m + 55p, two-sided 9s: pinfu + doujun 2
    case("doujun_789", "123789m55789p789s", "9s", [], {Y.PINFU: 1, Y.SANSHOKU_DOUJUN: 2}, 3, 30, 3900),
    # open doujun (chi 789p): 1 han, 30 fu -> 1000
    case("doujun_789_open", "789m55p456789s", "9s", ["chi 789p"], {Y.SANSHOKU_DOUJUN: 1}, 1, 30, 1000),
    # 112233m 456p 789s 55s? iipeikou 123m123m: pinfu + iipeikou = 2 han 30 fu -> 2000
    case("iipeikou_123", "112233m456p55789s", "9s", [], {Y.PINFU: 1, Y.IIPEIKOU: 1}, 2, 30, 2000),
    # 112233m 778899p 55s, two-sided 9p on 78p: pinfu 1 + ryanpeikou 3 = 4 han 30 fu: 1920 x4 -> 7700
    case("ryanpeikou_edges", "112233m778899p55s", "9p", [], {Y.PINFU: 1, Y.RYANPEIKOU: 3}, 4, 30, 7700),
    # ---- toitoi / sanankou with honors ----------------------------------------------------------
    # pon 777z, closed 555m 999s 333z + 44z tanki: toitoi 2 + sanankou 2 + chun 1 = 5 han (mangan);
    # fu 20 + 4 + 4 + 8 + 8 + tanki 2 = 46 -> 50
    case("sanankou_honors_tanki", "555m999s33344z", "4z", ["pon 777z"],
         {Y.TOITOI: 2, Y.SANANKOU: 2, Y.CHUN: 1}, 5, 50, 8000),
    # the ron completes 333z (shanpon): not concealed, so no sanankou: toitoi 2 + chun 1 = 3 han;
    # fu 20 + 4 (777z) + 4 (555m) + 8 (999s) + 4 (333z, ron) = 40; 1280 x4 -> 5200
    case("toitoi_honors_ron_shanpon", "555m999s33344z", "3z", ["pon 777z"], {Y.TOITOI: 2, Y.CHUN: 1}, 3, 40, 5200),
    # the same by tsumo: 333z concealed, sanankou; 5 han mangan 2000/4000 (no menzen tsumo: open);
    # fu 20 + 4 + 4 + 8 + 8 + tsumo 2 = 46 -> 50
    case("sanankou_honors_tsumo", "555m999s33344z", "3z", ["pon 777z"],
         {Y.TOITOI: 2, Y.SANANKOU: 2, Y.CHUN: 1}, 5, 50, 8000, tsumo=True),
    # ---- honroutou, chinroutou ------------------------------------------------------------------
    # pon 999p, closed 111m 999s 333z + 44z, ron 3z: honroutou 2 + toitoi 2 = 4 han;
    # fu 20 + 4 + 8 + 8 + 4 = 44 -> 50; base 3200: mangan
    case("honroutou_toitoi", "111m999s33344z", "3z", ["pon 999p"], {Y.HONROUTOU: 2, Y.TOITOI: 2}, 4, 50, 8000),
    # seven pairs of terminals and honors: chiitoitsu 2 + honroutou 2 = 4 han 25 fu: 1600 x4 = 6400
    case("honroutou_chiitoitsu", "1199m1199p11s1122z", "2z", [], {Y.CHIITOITSU: 2, Y.HONROUTOU: 2}, 4, 25, 6400),
    # terminals only (pon 999p keeps it from suuankou): chinroutou, one yakuman: 32000
    case("chinroutou", "111999m111p11s", "1s", ["pon 999p"], {Y.CHINROUTOU: 13}, 13, None, 32000),
    # ---- chuuren poutou -------------------------------------------------------------------------
    # the 13 tiles before the win are 1112345678999m: junsei, double yakuman
    case("junsei_chuuren_5", "11123455678999m", "5m", [], {Y.JUNSEI_CHUUREN_POUTOU: 26}, 26, None, 64000),
    case("junsei_chuuren_1", "11112345678999p", "1p", [], {Y.JUNSEI_CHUUREN_POUTOU: 26}, 26, None, 64000),
    case("junsei_chuuren_9", "11123456789999s", "9s", [], {Y.JUNSEI_CHUUREN_POUTOU: 26}, 26, None, 64000),
    # the same 14 tiles won on 1m: before it 112345678 9999m, not the pure form: single yakuman
    case("chuuren_win_1", "11123456789999m", "1m", [], {Y.CHUUREN_POUTOU: 13}, 13, None, 32000),
    case("chuuren_win_9", "11112345678999p", "9p", [], {Y.CHUUREN_POUTOU: 13}, 13, None, 32000),
    # ---- kokushi --------------------------------------------------------------------------------
    # 13 different terminals/honors before the win: 13-sided, double
    case("kokushi_13_on_1m", "119m19p19s1234567z", "1m", [], {Y.KOKUSHI_13: 26}, 26, None, 64000),
    case("kokushi_13_on_7z", "19m19p19s12345677z", "7z", [], {Y.KOKUSHI_13: 26}, 26, None, 64000),
    # single wait on 9m (11m already paired): one yakuman
    case("kokushi_single_9m", "119m19p19s1234567z", "9m", [], {Y.KOKUSHI: 13}, 13, None, 32000),
    # ---- honors-only and dragon/wind yakuman ------------------------------------------------------
    case("tsuuiisou", "111222333z55z", "5z", ["pon 777z"], {Y.TSUUIISOU: 13}, 13, None, 32000),
    case("tsuuiisou_chiitoitsu", "11223344556677z", "7z", [], {Y.TSUUIISOU: 13}, 13, None, 32000),
    case("daisangen", "123m11p555666z", "1p", ["pon 777z"], {Y.DAISANGEN: 13}, 13, None, 32000),
    case("shousuushii", "123m111222z44z", "4z", ["pon 333z"], {Y.SHOUSUUSHII: 13}, 13, None, 32000),
    case("daisuushii", "11p111222z", "1p", ["pon 333z", "pon 444z"], {Y.DAISUUSHII: 26}, 26, None, 64000),
    # ---- shousangen with terminals: shousangen 2 + haku 1 + hatsu 1 + chanta 1 (open) -------------
    # pon 555z pon 666z, closed 123m 999p + 77z pair, ron 1m (two-sided 23m):
    # fu 20 + 4 + 4 + 999p closed 8 + dragon pair 2 = 38 -> 40; 5 han: mangan
    case("shousangen_chanta", "123m999p77z", "1m", ["pon 555z", "pon 666z"],
         {Y.SHOUSANGEN: 2, Y.HAKU: 1, Y.HATSU: 1, Y.CHANTA: 1}, 5, 40, 8000),
    # ---- honitsu / chinitsu with 1 and 9 ---------------------------------------------------------
    # 123m 456m 789m 99m 111z, closed ron 4m on 56m: honitsu 3 + ittsu 2 + ton 1 (round wind) =
    # 6 han: haneman (base 3000, x4); fu 20 + 10 + 8 = 38 -> 40
    case("honitsu_terminals", "12345678999m111z", "4m", [],
         {Y.HONITSU: 3, Y.ITTSU: 2, Y.BAKAZE_TON: 1}, 6, 40, 12000),
    # pon 111p, closed 234p 555p 678p 99p, ron 8p on 67p: chinitsu 5 (open): mangan;
    # fu 20 + 111p open 4 + 555p closed 4 = 28 -> 30
    case("chinitsu_open", "23455567899p", "8p", ["pon 111p"], {Y.CHINITSU: 5}, 5, 30, 8000),
]


@pytest.mark.parametrize("hand,win,melds,yaku,han,fu,points,kw", CASES)
def test_yaku_edge(hand, win, melds, yaku, han, fu, points, kw):
    rules = kw.pop("rules", DEFAULT)
    s = _score(hand, win, melds, rules=rules, **kw)
    assert s.status == Status.OK, s.reason
    assert {y: h for y, h in s.yaku} == yaku
    assert s.han == han
    if fu is not None:
        assert s.fu == fu
    assert s.points == points


# ---- yakuhai: every wind and dragon against every seat / round ----------------------------------
WINDS = "ESWN"
WIND_YAKU = {
    "seat": (Y.JIKAZE_TON, Y.JIKAZE_NAN, Y.JIKAZE_SHA, Y.JIKAZE_PEI),
    "round": (Y.BAKAZE_TON, Y.BAKAZE_NAN, Y.BAKAZE_SHA, Y.BAKAZE_PEI),
}


@pytest.mark.parametrize("tile", [1, 2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("seat", WINDS)
@pytest.mark.parametrize("rnd", WINDS)
def test_yakuhai_triplet_every_seat_and_round(tile, seat, rnd):
    """A wind triplet counts 1 han as the seat wind and 1 as the round wind (2 for a double
    wind); a dragon triplet 1 han anywhere; otherwise no yaku. The rest of the hand has none:
    an open pon, 234m 567p 678s 55s, ron 8s on 67s; fu 20 + open honor pon 4 -> 30."""
    s = _score("234m567p55678s", "8s", [f"pon {tile}{tile}{tile}z"], seat=seat, rnd=rnd)
    expected = {}
    if tile <= 4:
        if WINDS[tile - 1] == seat:
            expected[WIND_YAKU["seat"][tile - 1]] = 1
        if WINDS[tile - 1] == rnd:
            expected[WIND_YAKU["round"][tile - 1]] = 1
    else:
        expected[(Y.HAKU, Y.HATSU, Y.CHUN)[tile - 5]] = 1
    han = sum(expected.values())
    if not han:
        assert s.status == Status.NO_YAKU and s.points == 0
        return
    assert s.status == Status.OK
    assert {y: h for y, h in s.yaku} == expected
    assert (s.han, s.fu) == (han, 30)
    dealer = seat == "E"
    # base 30 x 2^(han+2): 240 (1 han) or 480 (2 han); ron x6 dealer, x4 otherwise, up to 100
    assert s.points == {(1, False): 1000, (1, True): 1500, (2, False): 2000, (2, True): 2900}[(han, dealer)]


# ---- pinfu refuses a yakuhai pair ---------------------------------------------------------------
@pytest.mark.parametrize("pair,seat,rnd,pinfu,fu,points", [
    ("33z", "S", "E", True, 30, 2000),    # West for South in East: no yakuhai, pinfu: riichi + pinfu
    ("44z", "S", "E", True, 30, 2000),    # North
    ("11z", "S", "E", False, 40, 1300),   # round wind: pair +2 -> 20 + 10 + 2 = 32 -> 40, riichi only
    ("22z", "S", "E", False, 40, 1300),   # seat wind
    ("22z", "S", "S", False, 40, 1300),   # double wind: +4 -> 34 -> 40
    ("55z", "S", "E", False, 40, 1300),   # haku
    ("66z", "W", "S", False, 40, 1300),   # hatsu
    ("77z", "N", "E", False, 40, 1300),   # chun
    ("33z", "W", "E", False, 40, 1300),   # seat wind West
    ("44z", "N", "N", False, 40, 1300),   # North round, North seat
    ("11s", "S", "E", True, 30, 2000),    # a terminal pair is not yakuhai
])
def test_pinfu_refuses_a_yakuhai_pair(pair, seat, rnd, pinfu, fu, points):
    """Pinfu: closed, four sequences, a two-sided wait, a pair that is not yakuhai (dragon,
    seat wind, round wind). Riichi ron, 1 han 40 fu: 320 x4 = 1280 -> 1300; 2 han 30 fu: 2000."""
    hand = "234m567p234678s" + pair if pair[-1] == "z" else "234m567p11234678s"
    s = _score(hand, "8s", seat=seat, rnd=rnd, riichi=True)
    assert s.status == Status.OK
    assert ((Y.PINFU, 1) in s.yaku) is pinfu
    assert (s.han, s.fu, s.points) == ((2, 30, points) if pinfu else (1, fu, points))


# ---- tanyao refuses 1, 9 and honors -------------------------------------------------------------
def test_tanyao_on_simples_only():
    """Open tanyao (kuitan on): chi 234m, 567p 234678s 55s, ron 8s: 1 han 30 fu -> 1000."""
    s = _score("567p23455678s", "8s", ["chi 234m"])
    assert {y: h for y, h in s.yaku} == {Y.TANYAO: 1} and (s.han, s.fu, s.points) == (1, 30, 1000)


@pytest.mark.parametrize("hand,win,melds", [
    ("567p23455678s", "8s", ["chi 123m"]),  # a 1 in a meld
    ("567p23455678s", "8s", ["chi 789m"]),  # a 9 in a meld
    ("567p23466999s", "6s", ["chi 234m"]),  # a 9 triplet
    ("567p11234678s", "8s", ["chi 234m"]),  # a 1 pair
    ("567p234678s77z", "8s", ["chi 234m"]),  # an honor pair (chun: no yaku from a pair)
    ("567p234678s44z", "8s", ["chi 234m"]),  # a wind pair
    ("567p23455789s", "9s", ["chi 234m"]),  # the winning tile is a 9 (789s)
])
def test_tanyao_refuses_terminals_and_honors(hand, win, melds):
    s = _score(hand, win, melds)
    assert s.status == Status.NO_YAKU
    assert s.points == 0 and all(y != Y.TANYAO for y, _ in s.yaku)


def test_tanyao_closed_on_kuitan_off_only():
    rules = DEFAULT.replace(kuitan=False)
    assert _score("567p23455678s", "8s", ["chi 234m"], rules=rules).status == Status.NO_YAKU
    s = _score("234m567p23455678s", "8s", rules=rules)
    assert {y: h for y, h in s.yaku} == {Y.PINFU: 1, Y.TANYAO: 1} and s.points == 2000


# ---- sanma: no 2m-8m ------------------------------------------------------------------------------
def test_sanma_honitsu_in_manzu_with_only_1m_and_9m():
    """Manzu in sanma is 1m and 9m only: a honitsu of manzu and honors. Seven pairs
    11m 99m 11z 22z 33z 55z 66z: chiitoitsu 2 + honitsu 3 + honroutou 2 = 7 han: haneman
    (base 3000, ron x4 = 12000)."""
    s = _score("1199m1122335566z", "6z", rules=SANMA)
    assert {y: h for y, h in s.yaku} == {Y.CHIITOITSU: 2, Y.HONITSU: 3, Y.HONROUTOU: 2}
    assert (s.han, s.fu, s.limit, s.points) == (7, 25, "haneman", 12000)


def test_sanma_open_honitsu_of_manzu_triplets():
    """pon 111m, closed 999m 555z 66z + 333z (West), ron 3z (shanpon): honitsu 2 (open) + toitoi 2
    + honroutou 2 + haku 1 = 7 han: haneman 12000."""
    s = _score("999m33355566z", "3z", ["pon 111m"], rules=SANMA)
    assert {y: h for y, h in s.yaku} == {Y.HONITSU: 2, Y.TOITOI: 2, Y.HONROUTOU: 2, Y.HAKU: 1}
    assert (s.han, s.points) == (7, 12000)


def test_sanma_chanta_with_manzu_triplet():
    """111m 123p 789p 999s 11z (East pair: round wind for South, +2), penchan 3p:
    fu 20 + 10 + 8 + 8 + 2 + 2 = 50; chanta 2 han 50 fu: 800 x4 = 3200."""
    s = _score("111m123p789p999s11z", "3p", rules=SANMA)
    assert {y: h for y, h in s.yaku} == {Y.CHANTA: 2}
    assert (s.han, s.fu, s.points) == (2, 50, 3200)


@pytest.mark.parametrize("indicator,dora", [("1m", 3), ("9m", 0)])
def test_sanma_dora_after_1m_is_9m(indicator, dora):
    """In sanma the manzu run is 1m, 9m: a 1m indicator makes 9m dora, 9m makes 1m dora (here
    none held: 111m is absent). Hand 999m 123p 789p 999s 11z as above: 50 fu chanta."""
    s = _score("999m123p789p999s11z", "3p", rules=SANMA, dora=indicator)
    assert dict(s.yaku).get(Y.DORA, 0) == dora
    assert s.han == 2 + dora


@pytest.mark.parametrize("tile", ["2m", "5m", "8m"])
def test_sanma_refuses_2m_to_8m(tile):
    with pytest.raises(InvalidTilesError, match=f"{tile} does not exist in three-player"):
        _score(f"{tile[0] * 3}m123p789p999s11z", "3p", rules=SANMA)
