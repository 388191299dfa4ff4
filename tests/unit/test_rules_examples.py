"""The worked example hands of docs/rules.md section 8.1, read from the document's table (so the
table cannot drift from the code), with exact yaku, han, fu and payments; the point tables of
section 5.3/5.4 and the han columns of section 3 against the code; plus knobs the rows leave out.

Default knobs are the library defaults ``Rules()`` unless the row's knobs column changes some.
Payments: ``ron X`` = from the discarder; ``X/Y`` = X from each non-dealer, Y from the dealer;
``X all`` = dealer tsumo. Honba included, riichi sticks excluded.
"""

from __future__ import annotations

import pytest

from yakuman._reference.score import score as reference_score
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import score
from yakuman.settle import RoundState, Win, base_points, settle_wins
from yakuman.yaku import LOCAL_YAKU, Yaku
from yakuman.yaku import Yaku as Y

from ._rules_doc import FU_COLUMNS, examples, knob_names, limit_table, point_table, yaku_tables

ALL_LOCAL = frozenset({"sanrenkou", "isshoku_sanjun", "daisharin", "suurenkou", "isshoku_yonjun",
                       "hyakuman_goku", "beni_kujaku", "touhoku_shinkansen", "shiisanputa"})

EXAMPLES = examples()
WINS = [e for e in EXAMPLES if e.yaku is not None]


def test_the_doc_table_has_every_example():
    ids = [e.id for e in EXAMPLES]
    assert len(ids) == len(set(ids)) == 82
    assert {f"EX{n:02d}" for n in range(1, 58)} | {f"L{n}" for n in range(1, 9)} <= set(ids)


def _score(e, impl=score, knobs=None):
    rules = Rules().replace(**(e.knobs if knobs is None else knobs))
    return impl(e.hand, e.win, list(e.melds), seat_wind=e.seat_wind, round_wind=e.round_wind, dora=e.dora,
                ura=e.ura, rules=rules, **e.flags)


def _check(e, s):
    assert s.status == Status.OK, s.reason
    assert {y.name: h for y, h in s.yaku if h} == e.yaku
    assert s.han == e.han
    if e.fu is not None:
        assert s.fu == e.fu
    assert _payment_text(s) == e.payment
    assert s.payment.total == (s.points + _honba(e.flags, s))


@pytest.mark.parametrize("e", WINS, ids=[e.id for e in WINS])
def test_worked_example(e):
    _check(e, _score(e))


@pytest.mark.parametrize("e", WINS, ids=[e.id for e in WINS])
def test_worked_example_reference(e):
    _check(e, _score(e, reference_score))


LOCAL_ROWS = [e for e in WINS if len(e.knobs.get("local_yaku", ())) == 1]


@pytest.mark.parametrize("e", LOCAL_ROWS, ids=[e.id for e in LOCAL_ROWS])
def test_local_yakuman_rows_with_every_local_yaku_on(e):
    (key,) = e.knobs["local_yaku"]
    assert e.yaku == {LOCAL_YAKU[key].name: 13}
    _check(e, _score(e, knobs={**e.knobs, "local_yaku": ALL_LOCAL}))


def _payment_text(s) -> str:
    p = s.payment
    if p.from_discarder:
        return f"ron {p.from_discarder}"
    if p.from_dealer:
        return f"{p.from_non_dealer}/{p.from_dealer}"
    return f"{p.from_non_dealer} all"


def _honba(flags, s) -> int:
    honba = flags.get("honba", 0)
    if not honba:
        return 0
    payers = 1 if s.payment.from_discarder else 3
    return (300 if payers == 1 else 100 * payers) * honba


def test_ex15_four_identical_tiles_are_not_two_pairs():
    (e,) = [e for e in EXAMPLES if e.id == "EX15"]
    assert (e.yaku, e.payment) == (None, "not a win")
    s = _score(e)
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


# ---- the point tables and the han columns of the document ----------------------------------------

def _settle(a, dealer, tsumo):
    rules = Rules()
    winner = 0 if dealer else 1
    res = settle_wins(RoundState((25000,) * 4), Win(winner, a, None if tsumo else 2), rules=rules)
    return res.deltas


@pytest.mark.parametrize("dealer", [False, True])
def test_point_tables_of_the_doc_match_the_payments(dealer):
    from yakuman.cli_score import point_table as cli_table

    doc = point_table(dealer)
    assert doc == cli_table(dealer)  # what `yakuman table` prints
    impossible = 0
    for han, row in zip(range(1, 5), doc):
        for fu, cell in zip(FU_COLUMNS, row):
            if cell == "M":  # the formula reaches the mangan cap
                assert fu * 2 ** (han + 2) >= 2000 and base_points(limit="mangan") == 2000, (han, fu)
                continue
            a = base_points(han, fu)
            assert a == fu * 2 ** (han + 2) < 2000
            ron, tsumo = cell.split(" ", 1)
            d = _settle(a, dealer, tsumo=False)
            if ron == "-":
                impossible += 1
            else:
                assert -d[2] == int(ron), (han, fu)
            tsumo = tsumo.strip("()")
            if tsumo == "-":
                impossible += 1
                continue
            d = _settle(a, dealer, tsumo=True)
            if dealer:
                assert -d[1] == -d[2] == -d[3] == int(tsumo), (han, fu)
            else:
                each, from_dealer = map(int, tsumo.split(","))
                assert (-d[2], -d[3], -d[0]) == (each, each, from_dealer), (han, fu)
    assert impossible == 9  # ron at 20 fu (4), 1 han 20/25 fu tsumo (2) and 25 fu ron, 2 han 25 fu and 1 han 110 fu tsumo


def test_limit_table_of_the_doc_matches_the_payments():
    rows = limit_table()
    assert [r[0] for r in rows] == ["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]
    for limit, _han, nd_ron, nd_tsumo, d_ron, d_tsumo in rows:
        a = base_points(limit=limit, yakuman=1 if limit == "yakuman" else 0)
        assert -_settle(a, False, False)[2] == int(nd_ron)
        d = _settle(a, False, True)
        assert f"{-d[2]}/{-d[0]}" == nd_tsumo
        assert -_settle(a, True, False)[2] == int(d_ron)
        assert f"{-_settle(a, True, True)[1]} all" == d_tsumo


def test_every_knob_is_in_the_doc():
    assert set(Rules.__dataclass_fields__) == knob_names()


def test_han_columns_of_the_doc_match_the_yaku_catalogue():
    doc = yaku_tables()
    assert set(doc) == {m.name for m in Yaku.members()}
    for m in Yaku.members():
        assert doc[m.name] == (m.han_closed, m.han_open), m.name


# ---- knobs not exercised by the table rows (values recomputed from docs/rules.md sections 3-5) ----------

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
    assert (_payment_text(s), s.points) == ("1100/1700", 2800)  # 700 / 1300 + half of the absent 700 (400) each
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
    s = _s("444567m23477s", "2s", ["ankan 8888p"], Rules(haitei_with_rinshan=True), **kw)
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
