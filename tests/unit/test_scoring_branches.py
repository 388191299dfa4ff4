"""The Python scoring layer branch by branch: every validation of ``parse_request`` at its
boundary (accepted on one side, refused on the other), the point-value checks of ``point_value``
with values from the payment rules (docs/rules.md 5.2: base = fu x 2^(han+2), ron 4 / 6 x base,
tsumo 1 + 1 + 2 / 2 + 2 + 2 shares, each rounded up to 100; honba 300 a ron / 100 a payer), and
the text forms of ``Payment`` / ``Score`` (result.py's documented layout)."""

from __future__ import annotations

import pytest

from yakuman.errors import InvalidContextError, InvalidMeldError, InvalidTilesError
from yakuman.result import Payment, Score, Status
from yakuman.rules import Rules
from yakuman.scoring import parse_request, point_value, points, readings, score_checked
from yakuman.yaku import Yaku

PINFU = ("234m567p55678s123p", "8s")           # closed pinfu, ryanmen 5s-8s on 8s
OPEN = ("234m567p55678s", "8s", ["pon 111z"])  # open, double East as the dealer
SANMA = Rules.tenhou_sanma()
NOAKA = Rules(aka_dora=0)


def req(*a, **kw):
    hand, win = a[:2] if a else PINFU
    melds = a[2] if len(a) > 2 else ()
    return parse_request(hand, win, melds, **kw)


def refused(err, *a, **kw):
    with pytest.raises(err):
        req(*a, **kw)


# ---- point values ----------------------------------------------------------------------------
@pytest.mark.parametrize("args, kw, payment, limit, base, value", [
    ((3, 30), {}, (3900, 0, 0, 3900, 0), None, 960, 3900),
    ((3, 30), {"dealer": True}, (5800, 0, 0, 5800, 0), None, 960, 5800),
    ((3, 30), {"tsumo": True}, (0, 2000, 1000, 4000, 0), None, 960, 4000),
    ((3, 30), {"tsumo": True, "dealer": True}, (0, 0, 2000, 6000, 0), None, 960, 6000),
    ((3, 30), {"honba": 2, "riichi_sticks": 1}, (4500, 0, 0, 5500, 0), None, 960, 3900),
    ((2, 25), {"tsumo": True, "honba": 1, "riichi_sticks": 1}, (0, 900, 500, 2900, 0), None, 400, 1600),
    ((1, 20), {"tsumo": True}, (0, 400, 200, 800, 0), None, 160, 800),
    ((1, 170), {}, (5500, 0, 0, 5500, 0), None, 1360, 5500),
    ((4, 30), {}, (7700, 0, 0, 7700, 0), None, 1920, 7700),
    ((4, 40), {}, (8000, 0, 0, 8000, 0), "mangan", 2000, 8000),
    ((5,), {}, (8000, 0, 0, 8000, 0), "mangan", 2000, 8000),
    ((5, 0), {}, (8000, 0, 0, 8000, 0), "mangan", 2000, 8000),
    ((6, 170), {}, (12000, 0, 0, 12000, 0), "haneman", 3000, 12000),
    ((1000,), {}, (32000, 0, 0, 32000, 0), "yakuman", 8000, 32000),
    ((0,), {"yakuman": 2}, (64000, 0, 0, 64000, 0), "yakuman", 16000, 64000),
    ((None,), {"yakuman": 1, "dealer": True}, (48000, 0, 0, 48000, 0), "yakuman", 8000, 48000),
])
def test_point_value(args, kw, payment, limit, base, value):
    pay, lim, b, v = point_value(*args, **kw)
    assert tuple(pay) == payment and lim == limit and b == base and v == value
    assert points(*args, **kw) == pay and isinstance(pay, Payment)


def test_point_value_sanma_and_kiriage():
    pay, *_ = point_value(3, 30, tsumo=True, rules=SANMA)           # tsumo loss: 2000 + 1000
    assert tuple(pay) == (0, 2000, 1000, 3000, 0)
    assert point_value(4, 30, rules=Rules(kiriage_mangan=True))[1:] == ("mangan", 2000, 8000)


@pytest.mark.parametrize("args, kw", [
    ((0, 30), {}), ((1001, 30), {}), ((3,), {}), ((3, None), {}), ((3, 10), {}), ((3, 180), {}), ((3, 35), {}),
    ((3, 15), {}), ((5, 180), {}), ((5, -10), {}), ((True, 30), {}), ((3, 30.0), {}), ((3, 30), {"yakuman": -1}),
    ((3, 30), {"yakuman": 256}), ((3, 30), {"yakuman": True}), ((3, 30), {"dealer": 2}),
    ((3, 30), {"tsumo": "yes"}), ((3, 30), {"honba": 1001}), ((3, 30), {"honba": -1}),
    ((3, 30), {"riichi_sticks": 1001}), ((3, 30), {"riichi_sticks": True}), (("3", 30), {}),
])
def test_point_value_refuses(args, kw):
    with pytest.raises(InvalidContextError):
        point_value(*args, **kw)


def test_point_value_accepts_the_limits():
    assert point_value(3, 20)[2] == 640 and point_value(4, 20)[2] == 1280
    assert point_value(1, 30, honba=1000, riichi_sticks=1000)[0].total == 1000 + 300000 + 1000000
    assert point_value(2, 30, dealer=1, tsumo=0)[3] == 2900
    assert point_value(13, 20)[1] == "yakuman" and point_value(12, 20)[1] == "sanbaiman"


# ---- parse_request: flags, winds, numbers --------------------------------------------------------
def test_request_defaults_and_fields():
    r = req()
    assert (r.win, r.win_red, r.melds, r.seat_wind, r.round_wind, r.dora, r.ura) == (25, False, (), 0, 0, (), ())
    assert r.counts[22] == 2 and sum(r.counts) == 14 and r.reds == (0, 0, 0) and r.is_dealer
    assert not any(getattr(r, f) for f in ("tsumo", "riichi", "ippatsu", "haitei", "renhou"))
    r = req(*PINFU, seat_wind="S", round_wind=1, riichi=1, ippatsu=True, tsumo=True, dora="1m9p", ura=["2z"],
            honba=3, riichi_sticks=2)
    assert (r.seat_wind, r.round_wind, r.riichi, r.ippatsu, r.tsumo) == (1, 1, True, True, True)
    assert (r.dora, r.ura, r.honba, r.riichi_sticks, r.kita) == ((0, 17), (28,), 3, 2, 0) and not r.is_dealer


@pytest.mark.parametrize("flag", ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                                  "houtei", "tenhou", "chiihou", "renhou"])
def test_each_flag_takes_only_a_bool(flag):
    for bad in (2, -1, "yes", None, 1.0):
        refused(InvalidContextError, **{flag: bad})
    assert getattr(req(**{flag: False}), flag) is False and getattr(req(**{flag: 0}), flag) is False


@pytest.mark.parametrize("value, code", [
    (0, 0), (3, 3), ("E", 0), ("s", 1), (" W ", 2), ("north", 3), ("1z", 0), ("4z", 3), ("ton", 0), ("pei", 3),
    ("South", 1), ("sha", 2), ("nan", 1), ("2z", 1), ("3z", 2), ("east", 0), ("west", 2), ("n", 3), ("e", 0),
])
def test_winds(value, code):
    assert req(seat_wind=value).seat_wind == code and req(round_wind=value).round_wind == code


@pytest.mark.parametrize("bad", [4, -1, True, "X", "5z", 1.0, None])
def test_bad_winds(bad):
    refused(InvalidContextError, seat_wind=bad)
    refused(InvalidContextError, round_wind=bad)


@pytest.mark.parametrize("name", ["honba", "riichi_sticks"])
def test_counts_0_to_1000(name):
    assert getattr(req(**{name: 1000}), name) == 1000 and getattr(req(**{name: 0}), name) == 0
    for bad in (1001, -1, True, 2.0, "1"):
        refused(InvalidContextError, **{name: bad})


def test_unknown_situation_argument():
    with pytest.raises(TypeError):
        req(seatwind="S")


# ---- parse_request: situations that contradict each other ----------------------------------------
@pytest.mark.parametrize("kw", [
    dict(riichi=True, double_riichi=True), dict(ippatsu=True), dict(chankan=True, tsumo=True),
    dict(houtei=True, tsumo=True), dict(rinshan=True), dict(haitei=True), dict(chankan=True, houtei=True),
    dict(tenhou=True), dict(chiihou=True, seat_wind="S"), dict(renhou=True, tsumo=True, seat_wind="S"),
    dict(tenhou=True, tsumo=True, seat_wind="S"), dict(chiihou=True, tsumo=True),
    dict(renhou=True), dict(tenhou=True, tsumo=True, riichi=True), dict(tenhou=True, tsumo=True, double_riichi=True),
    dict(tenhou=True, tsumo=True, rinshan=True), dict(tenhou=True, tsumo=True, haitei=True),
    dict(chiihou=True, tsumo=True, seat_wind="S", riichi=True, ippatsu=True),
    dict(renhou=True, seat_wind="W", chankan=True), dict(renhou=True, seat_wind="W", houtei=True),
    dict(renhou=True, seat_wind="W", riichi=True), dict(chiihou=True, tsumo=True, seat_wind="S", haitei=True),
])
def test_contradictions(kw):
    refused(InvalidContextError, **kw)


@pytest.mark.parametrize("kw", [
    dict(riichi=True, ippatsu=True), dict(double_riichi=True, ippatsu=True), dict(chankan=True),
    dict(houtei=True), dict(rinshan=True, tsumo=True), dict(haitei=True, tsumo=True),
    dict(tenhou=True, tsumo=True), dict(chiihou=True, tsumo=True, seat_wind="S"),
    dict(renhou=True, seat_wind="N"), dict(riichi=True, tsumo=True, haitei=True, rinshan=True),
])
def test_compatible_situations(kw):
    r = req(**kw)
    assert all(getattr(r, k) == (v if not isinstance(v, str) else getattr(r, k)) for k, v in kw.items())


# ---- parse_request: tiles ---------------------------------------------------------------------------
def test_tile_counts_and_win_tile():
    refused(InvalidTilesError, "234m567p55678s12p", "8s")          # 13 tiles
    refused(InvalidTilesError, "234m567p55678s1234p", "8s")        # 15 tiles
    refused(InvalidTilesError, "234m567p55678s123p", "9s")         # not in the hand
    refused(InvalidTilesError, "234m567p55678s123x", "8s")
    refused(InvalidTilesError, "234m567p55678s", "8s", ["pon 111z"], kita=0, dora="1z1z")   # 5 East
    assert req("234m567p55678s", "8s", ["pon 111z"], dora="1z").dora == (27,)                # the fourth
    refused(InvalidTilesError, "234m567p55678s", "8s", ["pon 111z"], dora="1z", ura="1z", riichi=True)
    refused(InvalidTilesError, *PINFU, dora="8s8s8s8s")            # one 8s in the hand + 4 indicators
    assert req(*PINFU, dora="8s8s8s").dora == (25, 25, 25)
    refused(InvalidTilesError, "111112345m55678s", "8s")


def test_win_tile_forms():
    assert req(PINFU[0], 101).win == 25                            # 136-id 101 = 8s
    assert req("123m456p789s11z123m", 0).win == 0
    assert req("123m456p789s11z777z", 135).win == 33
    for bad in (136, -1, True, 25.0, "88s", "", None):
        refused(InvalidTilesError, PINFU[0], bad)
    r = req("234m067p55678s123p", "0p")
    assert r.win == 13 and r.win_red and r.reds == (0, 1, 0)
    assert req("234m067p55678s123p", 52).win_red                    # 52 = the red 5p's id
    assert not req("234m567p55678s123p", 53).win_red
    refused(InvalidTilesError, "234m567p55678s123p", "0p")        # a red win tile without a red in hand
    refused(InvalidTilesError, "234m067p55678s123p", "0p", rules=NOAKA)
    refused(InvalidTilesError, "234m067p55678s123p", "8s", rules=NOAKA)
    assert req("234m067p55678s123p", "5p").reds == (0, 1, 0)


def test_red_fives_per_suit():
    refused(InvalidTilesError, "234m006p55678s123p", "8s")        # two red 5p with aka_dora = 1
    assert req("234m006p55678s123p", "8s", rules=Rules(aka_dora=2)).reds == (0, 2, 0)
    refused(InvalidTilesError, "234m067p55678s", "8s", ["pon 550p"][:0] + ["pon 055p"])  # hand + meld
    r = req("234m567p55678s", "8s", ["pon 055p"])
    assert r.melds[0].reds == 1 and r.reds == (0, 0, 0)
    with pytest.raises(InvalidMeldError):
        req("234m567p55678s", "8s", ["pon 055p"], rules=NOAKA)
    refused(InvalidTilesError, "234m067p55678s", "8s", ["pon 055m"][:0] + ["pon 055s"], rules=Rules(aka_dora=1),
            dora="0s")
    assert req(*PINFU, dora="0s").dora == (22,)
    refused(InvalidTilesError, *PINFU, dora="0s", rules=NOAKA)
    refused(InvalidTilesError, *PINFU, dora=["0s"], rules=NOAKA)


def test_copies_message_words_and_digits():
    with pytest.raises(InvalidTilesError, match="^9 copies of 1m - at hand$"):
        req("111111111m22233p", "2p")
    with pytest.raises(InvalidTilesError, match="^five copies of 8s counting the hand"):
        req(*PINFU, dora="8s8s8s8s")


def test_indicator_forms_and_limits():
    assert req(*PINFU, dora=None).dora == () and req(*PINFU, dora="").dora == ()
    assert req(*PINFU, dora=("1m", 4, "9p")).dora == (0, 1, 17)
    assert req(*PINFU, dora=["1m"] * 4 + ["2z"]).dora == (0, 0, 0, 0, 28)      # 5 indicators
    refused(InvalidContextError, *PINFU, dora=["1m"] * 4 + ["2z", "3z"])
    refused(InvalidContextError, *PINFU, ura="1m2m3m4m5m6m")
    refused(InvalidTilesError, *PINFU, dora=3)
    refused(InvalidTilesError, *PINFU, dora={"1m": 1})
    refused(InvalidTilesError, *PINFU, dora=["1x"])
    refused(InvalidTilesError, *PINFU, dora="1x")
    refused(InvalidTilesError, *PINFU, dora=[136])
    refused(InvalidTilesError, *PINFU, dora=["12m"])


# ---- parse_request: sanma and kita ------------------------------------------------------------------
SANMA_HAND = ("19m123p456p789s1z55z", "5z")


def test_sanma_tiles_seats_and_kita():
    assert req(*SANMA_HAND, rules=SANMA).counts[0] == 1
    for bad in ("2m", "8m", "5m"):
        refused(InvalidTilesError, "1" + bad[0] + "m123p456p789s1z55z", "5z", rules=SANMA)
        refused(InvalidTilesError, *SANMA_HAND, rules=SANMA, dora=bad)
        refused(InvalidTilesError, *SANMA_HAND, rules=SANMA, dora=[bad])
    assert req(*SANMA_HAND, rules=SANMA, dora="1m9m").dora == (0, 8)
    assert req(*SANMA_HAND, rules=SANMA, dora="1p").dora == (9,)
    refused(InvalidContextError, *SANMA_HAND, rules=SANMA, seat_wind="N")
    assert req(*SANMA_HAND, rules=SANMA, seat_wind="W").seat_wind == 2
    assert req(*SANMA_HAND, rules=SANMA, round_wind="N").round_wind == 3
    with pytest.raises(InvalidMeldError):
        req("19m456p789s1z55z", "5z", ["chi 123p"], rules=SANMA)
    assert req("19m456p789s1z55z", "5z", ["pon 111p"], rules=SANMA).melds[0].kind == "pon"
    assert req(*SANMA_HAND, rules=SANMA, kita=4).kita == 4
    refused(InvalidContextError, *PINFU, kita=1)
    refused(InvalidTilesError, "19m123p456p789s44z5z", "5z", rules=SANMA, kita=3)   # 2 + 3 North
    assert req("19m123p456p789s44z5z", "5z", rules=SANMA, kita=2).kita == 2
    with pytest.raises(InvalidTilesError, match="counting the melds and kita"):
        req("19m123p456p789s44z5z", "5z", rules=SANMA, kita=3)
    with pytest.raises(InvalidTilesError, match="copies of 5z counting the melds - at hand"):
        req("19m456p789s1z55z", "5z", ["pon 555z"], rules=SANMA)


# ---- scoring through the checked path -----------------------------------------------------------------
def test_score_checked_flags_dora_reds_and_seats():
    s = score_checked(*PINFU, riichi=True, dora=["1m"], seat_wind="S")
    assert (s.han, s.fu, s.points) == (3, 30, 3900)
    assert [(y.name.lower(), h) for y, h in s.yaku] == [("riichi", 1), ("pinfu", 1), ("dora", 1), ("ura_dora", 0)]
    red = score_checked("234m067p55678s123p", "8s", riichi=True, seat_wind="S")
    assert red.han == 3 and any(y == Yaku.AKA_DORA and h == 1 for y, h in red.yaku)
    redwin = score_checked("234m567p55670s123p", "0s", tsumo=True, seat_wind="S")   # red 5s, ryanmen on it
    assert (redwin.han, redwin.fu) == (3, 20) and redwin.payment.from_dealer == 1300  # tsumo pinfu aka: 640
    ura = score_checked(*PINFU, riichi=True, ura="1m", seat_wind="S")
    assert ura.han == 3 and (Yaku.URA_DORA, 1) in ura.yaku
    flags = score_checked(*PINFU, double_riichi=True, ippatsu=True, tsumo=True, seat_wind="S")
    assert flags.han == 2 + 1 + 1 + 1 and flags.points == 8000             # 5 han: mangan
    hd = score_checked(*PINFU, houtei=True, seat_wind="S")
    assert hd.han == 2 and hd.points == 2000
    assert score_checked(*OPEN).points == 2900 and score_checked(*OPEN, honba=1).payment.total == 3200
    kita = score_checked("11m123p456p789s555z", "5z", rules=SANMA, kita=2, seat_wind="S")
    assert any(y == Yaku.KITA and h == 2 for y, h in kita.yaku)


def test_readings_match_score_and_count_meld_reds():
    rs = readings("234m567p55678s", "8s", ["pon 055p"], seat_wind="S")
    assert len(rs) == 1 and rs[0].han == 2 and (Yaku.AKA_DORA, 1) in rs[0].yaku
    assert rs[0] == score_checked("234m567p55678s", "8s", ["pon 055p"], seat_wind="S")
    noaka = Rules(aka_dora=0)
    rs = readings("234m567p55678s", "8s", ["pon 555p"], seat_wind="S", rules=noaka)
    assert rs[0].han == 1
    rs = readings("111222333m456p77z", "3m", tsumo=True, seat_wind="S")
    assert len(rs) >= 2 and rs[0] == score_checked("111222333m456p77z", "3m", tsumo=True, seat_wind="S")
    assert readings("1235m456p789s11z19p", "5m") == []                     # not complete
    assert readings(*PINFU, riichi=True, ura=["1m"], seat_wind="S")[0].han == 3


# ---- result.py text forms ---------------------------------------------------------------------------------
def test_payment_forms():
    p = Payment(from_discarder=3900, total=3900)
    assert repr(p) == "<Payment ron 3900, total 3900>"
    assert str(Payment(from_dealer=2000, from_non_dealer=1000, total=4000)) == "1000/2000, total 4000"
    assert str(Payment(from_dealer=2000, total=2000)) == "0/2000, total 2000"
    assert Payment() == (0, 0, 0, 0, 0) and Payment(1, 2, 3, 4, 5).from_liable == 5
    assert "<" in Payment(from_discarder=3900, total=3900)._repr_html_()


def test_score_forms_and_properties():
    s = score_checked(*PINFU, riichi=True, dora=["1m"], seat_wind="S")
    assert repr(s) == ("<Score 3 han 30 fu, 3900 points: riichi 1, pinfu 1, dora 1, ura dora 0 "
                       "| 55s 234m 123p 567p 678s>")
    assert s.is_win and s.yaku_han == 2
    assert s.mask == Yaku.RIICHI | Yaku.PINFU | Yaku.DORA | Yaku.URA_DORA
    m = score_checked("23455567899p", "8p", ["pon 111p"], seat_wind="S")
    assert repr(m).startswith("<Score 5 han 30 fu mangan, 8000 points: ")
    y = score_checked("123m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"], seat_wind="S")
    assert repr(y) == "<Score yakuman x1, 32000 points: daisangen 13 | 11p 123m pon 555z pon 666z pon 777z>"
    assert y.yaku_han == 13 and y.mask == Yaku.DAISANGEN
    bad = score_checked("234m567p55678s", "8s", ["pon 444z"])
    assert repr(bad) == "<Score NO_YAKU: no yaku (dora, aka dora and ura dora are not yaku)>"
    assert not bad.is_win and bad.yaku_han == 0 and bad.mask == Yaku(0) and bad.points == 0
    blank = Score(Status.OK, yaku=[(Yaku.RIICHI, 1)], han=1, fu=30, points=1000,
                  payment=Payment(from_discarder=1000, total=1000))
    assert repr(blank) == "<Score 1 han 30 fu, 1000 points: riichi 1>"
    assert str(blank) == "riichi 1 | 1 han 30 fu | 1000 points (ron 1000, total 1000) | "
    empty = Score(Status.NOT_COMPLETE, "not a complete hand")
    assert empty.yaku == [] and empty.fu_details == [] and empty.payment == Payment() and empty.decomposition == ()
    assert str(empty) == "NOT_COMPLETE: not a complete hand" and not empty.is_win
    a, b = Score(Status.OK), Score(Status.OK)
    assert a.yaku is not b.yaku and a == b
    src = [(Yaku.RIICHI, 1)]
    c = Score(Status.OK, yaku=src)
    src.append((Yaku.PINFU, 1))
    assert c.yaku == [(Yaku.RIICHI, 1)]
    dy = Score(Status.OK, yaku=[(Yaku.DAISANGEN, 13)], han=13, yakuman=2, points=64000)
    assert str(dy).startswith("daisangen 13 | yakuman x2 | 64000 points")
    lim = Score(Status.OK, yaku=[(Yaku.RIICHI, 1)], han=6, fu=30, limit="haneman", points=12000)
    assert " | 6 han 30 fu (haneman) | " in str(lim) and "6 han 30 fu haneman," in repr(lim)
    assert "<" in s._repr_html_() and Status.INVALID_INPUT == 4


def test_more_boundaries():
    with pytest.raises(InvalidContextError):
        point_value(4)                                      # 4 han still needs its fu
    assert point_value(4, 25)[2] == 1600 and point_value(1, 25)[2] == 200
    r = req("234m567p55678s123p", 52, rules=NOAKA)          # the red id without red fives: a plain 5p
    assert r.win == 13 and not r.win_red and r.reds == (0, 0, 0)
    assert req("234m567p55678s123p", 4 * 13 + 1, rules=Rules(aka_dora=1)).win == 13
    rs = readings("234m067p55678s123p", "8s", riichi=True, seat_wind="S")
    assert rs[0].han == 3 and (Yaku.AKA_DORA, 1) in rs[0].yaku
    rs = readings("234m567p55678s123p", "8s", riichi=True, tsumo=True, seat_wind="S")
    assert rs[0].han == 3 and rs[0].fu == 20


def test_readings_use_the_given_rules():
    rs = readings("11m123p456p789s555z", "5z", rules=SANMA, kita=1, seat_wind="S")
    assert rs and any(y == Yaku.KITA and h == 1 for y, h in rs[0].yaku)
    assert rs[0] == score_checked("11m123p456p789s555z", "5z", rules=SANMA, kita=1, seat_wind="S")
    with pytest.raises(InvalidContextError):
        readings("11m123p456p789s555z", "5z", kita=1, seat_wind="S")          # kita needs sanma rules


def test_copy_counts_with_melds_spelled_out():
    with pytest.raises(InvalidTilesError, match=r"^six copies of 1z counting the melds - at hand$"):
        req("111z23m456p789s", "2m", ["pon 111z"])
    with pytest.raises(InvalidTilesError, match=r"^seven copies of 1z counting the melds - at hand$"):
        req("1111z3m456p789s", "3m", ["pon 111z"])
    with pytest.raises(InvalidTilesError, match=r"^eight copies of 1z counting the melds - at hand$"):
        req("1111z3m456p789s", "3m", ["minkan 1111z"])
    with pytest.raises(InvalidTilesError, match=r"^9 copies of 1z counting the melds - at hand$"):
        req("11z123m456p", "4p", ["pon 111z", "ankan 1111z"])
    with pytest.raises(InvalidContextError, match=r"^yakuman must be an integer in 0\.\.255, not -1$"):
        point_value(3, 30, yakuman=-1)


def test_points_use_the_given_rules():
    assert points(3, 30, tsumo=True, rules=SANMA) == Payment(0, 2000, 1000, 3000, 0)
    assert points(3, 30, tsumo=True) == Payment(0, 2000, 1000, 4000, 0)


def test_daisuushii_pao_on_a_third_player_ron():
    hand, win, melds = "11m444z", "4z", ["pon 111z", "pon 222z", "pon 333z"]
    plain = score_checked(hand, win, melds, seat_wind="S")
    assert plain.yakuman == 1 and plain.points == 32000 and plain.payment.from_liable == 0   # Tenhou: no double
    s = score_checked(hand, win, melds, seat_wind="S", pao_seat=2, from_seat=1)
    assert (s.payment.from_discarder, s.payment.from_liable) == (16000, 16000)


@pytest.mark.parametrize("args, kw, message", [
    ((0, 30), {}, "han must be an integer in 1..1000, not 0"),
    ((3, 180), {}, "fu must be an integer in 20..170, not 180"),
    ((3, 171), {}, "fu must be an integer in 20..170, not 171"),
    ((5, 171), {}, "fu must be an integer in 0..170, not 171"),
    ((3, 30), {"honba": 1001}, "honba must be an integer in 0..1000, not 1001"),
    ((3, 30), {"riichi_sticks": -1}, "riichi_sticks must be an integer in 0..1000, not -1"),
    ((3, 30), {"dealer": 2}, "dealer must be True or False, not 2"),
    ((3, 30), {"tsumo": 2}, "tsumo must be True or False, not 2"),
])
def test_point_value_messages(args, kw, message):
    import re

    with pytest.raises(InvalidContextError, match="^" + re.escape(message) + "$"):
        point_value(*args, **kw)


def test_red_indicators_in_a_list():
    assert req(*PINFU, dora=["0s", 52]).dora == (22, 13) and req(*PINFU, ura=["0m"], riichi=True).ura == (4,)


def test_ura_indicators_follow_the_rules():
    refused(InvalidTilesError, *PINFU, ura="0m", riichi=True, rules=NOAKA)
    refused(InvalidTilesError, *SANMA_HAND, rules=SANMA, ura="2m", riichi=True)
    assert req(*SANMA_HAND, rules=SANMA, ura="9m", riichi=True).ura == (8,)


def test_red_fives_of_hand_and_melds_per_suit():
    assert req("340m567p55678s123p", "8s").reds == (1, 0, 0)                  # one red 5m is allowed
    assert req("340m567p55678s", "8s", ["pon 055p"]).melds[0].reds == 1
    refused(InvalidTilesError, "234m55678s", "8s", ["pon 055p", "chi 406p"])   # two red 5p in melds
    assert req("234m55678s", "8s", ["pon 055p", "chi 406p"], rules=Rules(aka_dora=2)).melds[1].reds == 1
    with pytest.raises(InvalidTilesError, match=r"^red five 0p but the rules have no red fives"):
        req("234m067p55678s123p", "8s", rules=NOAKA)
    with pytest.raises(InvalidTilesError, match=r"^five copies of 5z counting the melds - at hand$"):
        req("19m456p789s1z55z", "5z", ["pon 555z"], rules=SANMA, kita=1)


@pytest.mark.parametrize("kw, what", [
    (dict(riichi=True, double_riichi=True), "riichi together with double_riichi (double riichi replaces it)"),
    (dict(ippatsu=True), "ippatsu without riichi"),
    (dict(chankan=True, tsumo=True), "chankan with tsumo (robbing a kan is a ron)"),
    (dict(houtei=True, tsumo=True), "houtei with tsumo (houtei is a ron on the last discard)"),
    (dict(rinshan=True), "rinshan without tsumo (the dead-wall tile is drawn)"),
    (dict(haitei=True), "haitei without tsumo (haitei is a self-draw)"),
    (dict(chankan=True, houtei=True), "chankan with houtei"),
    (dict(tenhou=True), "tenhou without tsumo"),
    (dict(chiihou=True, seat_wind="S"), "chiihou without tsumo"),
    (dict(renhou=True, tsumo=True, seat_wind="S"), "renhou with tsumo (renhou is a ron before the first draw)"),
    (dict(tenhou=True, tsumo=True, seat_wind="W"), "tenhou for a non-dealer (seat_wind W)"),
    (dict(chiihou=True, tsumo=True), "chiihou for the dealer (the dealer's first-draw win is tenhou)"),
    (dict(renhou=True), "renhou for the dealer"),
    (dict(tenhou=True, tsumo=True, haitei=True), "tenhou with haitei"),
    (dict(renhou=True, seat_wind="S", riichi=True), "renhou with riichi"),
])
def test_contradiction_messages(kw, what):
    import re

    with pytest.raises(InvalidContextError, match="^" + re.escape(f"contradictory situation: {what}") + "$"):
        req(**kw)


def test_five_ura_indicators_and_where_a_fifth_copy_is():
    assert req(*PINFU, riichi=True, ura=["1m"] * 4 + ["2z"]).ura == (0, 0, 0, 0, 28)
    with pytest.raises(InvalidTilesError, match=r"and the dora / ura indicators - at dora$"):
        req(*PINFU, dora="8s8s8s8s")
    with pytest.raises(InvalidTilesError, match=r"and the dora / ura indicators - at ura$"):
        req(*PINFU, riichi=True, dora="8s8s", ura="8s8s")
