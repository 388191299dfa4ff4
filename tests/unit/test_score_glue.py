"""The Python scoring glue: seat arguments, pao, the copy-count messages and the text forms of
Payment and Score (result.py's documented layout: ``yaku | value | points (payment) | shape``;
``ron X``, ``X/Y`` = each non-dealer / the dealer, ``X all``, ``liable X``, ``total X``).

Values from the rules: daisangen is one yakuman (non-dealer 32000); with pao on a ron from a
third player the liable player pays half; on a tsumo the liable player pays it all.
"""

from __future__ import annotations

import pytest

from yakuman import score
from yakuman.errors import InvalidContextError, InvalidTilesError
from yakuman.result import Payment
from yakuman.scoring import score_checked

DAISANGEN = ("234m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"])


@pytest.mark.parametrize("fn", [score, score_checked])
def test_pao_on_a_third_player_ron_is_split(fn):
    s = fn(*DAISANGEN, seat_wind="S", pao_seat=2, from_seat=1)
    assert s.points == 32000
    assert (s.payment.from_discarder, s.payment.from_liable, s.payment.total) == (16000, 16000, 32000)


@pytest.mark.parametrize("fn", [score, score_checked])
def test_pao_when_the_liable_player_deals_in_or_on_tsumo(fn):
    s = fn(*DAISANGEN, seat_wind="S", pao_seat=2, from_seat=2)
    assert (s.payment.from_discarder, s.payment.from_liable) == (32000, 0)
    s = fn(*DAISANGEN, seat_wind="S", pao_seat=2, tsumo=True)
    assert (s.payment.from_liable, s.payment.from_dealer, s.payment.from_non_dealer) == (32000, 0, 0)
    s = fn(*DAISANGEN, seat_wind="S")
    assert (s.payment.from_discarder, s.payment.from_liable) == (32000, 0)


@pytest.mark.parametrize("kw,match", [
    ({"pao_seat": 0}, "pao_seat = 0: seats are relative to the winner, 1, 2 or 3"),
    ({"pao_seat": 4}, "pao_seat = 4"),
    ({"from_seat": 0}, "from_seat = 0: seats are relative"),
    ({"from_seat": -1}, "from_seat = -1"),
    ({"from_seat": 1, "tsumo": True}, "from_seat \\(the discarder\\) given for a tsumo"),
])
def test_seat_arguments_are_checked(kw, match):
    with pytest.raises(InvalidContextError, match=match):
        score_checked(*DAISANGEN, seat_wind="S", **kw)
    for seat in (1, 2, 3):
        assert score_checked(*DAISANGEN, seat_wind="S", from_seat=seat).points == 32000


@pytest.mark.parametrize("hand,word", [
    ("11111m23p456p789s11z", "five"),
    ("111111m3p456p789s11z", "six"),
    ("1111111m456p789s11z", "seven"),
    ("11111111m56p789s11z", "eight"),
])
def test_too_many_copies_message_spells_the_count(hand, word):
    with pytest.raises(InvalidTilesError, match=f"^{word} copies of 1m - at hand$"):
        score_checked(hand, "1m")


def test_too_many_copies_counting_the_melds():
    with pytest.raises(InvalidTilesError, match="^five copies of 1z counting the melds - at hand$"):
        score_checked("123m456p789s11z", "1z", melds=["pon 111z"])


def test_payment_text():
    assert str(Payment(from_discarder=2900, total=2900)) == "ron 2900, total 2900"
    assert str(Payment(from_dealer=500, from_non_dealer=300, total=1100)) == "300/500, total 1100"
    assert str(Payment(from_non_dealer=1000, total=3000)) == "1000 all, total 3000"
    assert str(Payment(from_discarder=16000, from_liable=16000, total=32000)) == (
        "ron 16000, liable 16000, total 32000")
    assert str(Payment(from_liable=32000, total=32000)) == "liable 32000, total 32000"
    assert str(Payment()) == "total 0"


def test_score_text():
    s = score("234m567p55678s", "8s", ["pon 111z"], seat_wind="E")  # double East: 2 han 30 fu
    assert str(s) == ("jikaze ton 1, bakaze ton 1 | 2 han 30 fu | 2900 points (ron 2900, total 2900) "
                      "| 55s 234m 567p 678s pon 111z")
    s = score("123m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"], seat_wind="S")
    assert str(s) == ("daisangen 13 | yakuman x1 | 32000 points (ron 32000, total 32000) "
                      "| 11p 123m pon 555z pon 666z pon 777z")
    s = score("23455567899p", "8p", ["pon 111p"], seat_wind="S")  # open chinitsu: mangan
    assert " | 5 han 30 fu (mangan) | 8000 points (ron 8000, total 8000) | " in str(s)
    s = score("234m567p55678s", "8s", ["pon 444z"])
    assert str(s) == "NO_YAKU: no yaku (dora, aka dora and ura dora are not yaku)"
