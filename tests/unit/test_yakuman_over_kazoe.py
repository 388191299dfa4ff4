"""A yakuman reading is preferred to a kazoe reading of equal value (docs/rules.md: the chosen
reading has the highest value; ties go to a real yakuman).

111222333m 444p 55s, tsumo 3m, riichi ippatsu, dora indicators 9m 1m 2m, under Tenhou rules (every
yakuman single, kazoe = one yakuman): read as four concealed triplets it is suuankou; read as
123m x3 it is menzen tsumo, riichi, ippatsu, iipeikou and 9 dora = 13 han, a kazoe yakuman. Both
pay a non-dealer's yakuman tsumo, 32000: the score must be the suuankou reading.
"""

from __future__ import annotations

from yakuman import Rules, Yaku, readings, score

HAND, WIN = "111222333m444p55s", "3m"
KW = dict(tsumo=True, riichi=True, ippatsu=True, dora="9m1m2m", seat_wind="S")


def test_both_readings_pay_the_same():
    got = [(r.yakuman, r.han, r.points, r.limit) for r in readings(HAND, WIN, rules=Rules.tenhou(), **KW)]
    assert got == [(1, 13, 32000, "yakuman"), (0, 13, 32000, "yakuman")]
    kazoe = readings(HAND, WIN, rules=Rules.tenhou(), **KW)[1]
    assert dict(kazoe.yaku) == {Yaku.MENZEN_TSUMO: 1, Yaku.RIICHI: 1, Yaku.IPPATSU: 1, Yaku.IIPEIKOU: 1,
                                Yaku.DORA: 9, Yaku.URA_DORA: 0}


def test_the_yakuman_reading_wins_the_tie():
    s = score(HAND, WIN, rules=Rules.tenhou(), **KW)
    assert (s.yaku, s.han, s.yakuman, s.limit, s.points) == ([(Yaku.SUUANKOU, 13)], 13, 1, "yakuman", 32000)
    assert str(s.payment) == "8000/16000, total 32000"


def test_kazoe_capped_below_a_yakuman_is_no_tie():
    # with kazoe capped at sanbaiman the run reading is worth less: suuankou by value alone
    s = score(HAND, WIN, rules=Rules.tenhou().replace(kazoe="sanbaiman"), **KW)
    assert (s.yaku, s.points) == ([(Yaku.SUUANKOU, 13)], 32000)
