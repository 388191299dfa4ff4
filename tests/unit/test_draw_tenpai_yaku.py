"""keishiki_tenpai = False (docs/rules.md 6.3, 7.4): at an exhaustive draw a wait counts only when
it gives the hand a yaku by tsumo or by ron, with the player's riichi and the winds as the
situation. settle.is_draw_tenpai calls the engine's native rule (ym_draw_tenpai)."""

from __future__ import annotations

import pytest

from yakuman.errors import InvalidContextError
from yakuman.rules import Rules
from yakuman.settle import is_draw_tenpai

SHAPE = Rules.tenhou()
YAKU = Rules.tenhou().replace(keishiki_tenpai=False)


def tenpai(tiles, melds=(), rules=YAKU, **kw):
    kw.setdefault("seat_wind", "S")
    kw.setdefault("round_wind", "E")
    return is_draw_tenpai(tiles, melds, rules=rules, **kw)


def test_a_closed_hand_always_has_menzen_tsumo():
    assert tenpai("123m456s78s99m234p")                      # no yaku by ron, tsumo on 6s / 9s
    assert not tenpai("123m456s78s99m", ["chi 234p"])         # the same waits open: no yaku at all
    assert tenpai("123m456s78s99m", ["chi 234p"], rules=SHAPE)


def test_one_wait_with_a_yaku_is_enough():
    assert tenpai("234m456s78s88m", ["chi 345p"])             # 6s: open tanyao (9s has none)
    assert not tenpai("234m456s78s88m", ["chi 345p"], rules=YAKU.replace(kuitan=False))


@pytest.mark.parametrize("seat, rnd, expected", [("S", "E", True), ("E", "S", True), ("W", "E", False)])
def test_wind_triplets_depend_on_the_seat_and_round_wind(seat, rnd, expected):
    # shanpon on 2z (South) / 9m, open: only a South triplet as seat or round wind is a yaku
    assert tenpai("456s99m22z", ["chi 234p", "chi 678p"], seat_wind=seat, round_wind=rnd) is expected


def test_karaten_still_applies_before_the_yaku():
    # open, shanpon on 5z / 9m: the 5z (haku) wait gives the yaku; with 5z all seen it does not count
    seen = [0] * 34
    seen[31] = 2
    never = YAKU.replace(karaten_is_tenpai="never")
    assert tenpai("456s99m55z", ["chi 234p", "chi 678p"], rules=never)
    assert not tenpai("456s99m55z", ["chi 234p", "chi 678p"], rules=never, visible=seen)
    # a fifth-copy shape (karaten "always") cannot be won, so it needs no yaku check: not tenpai
    always = YAKU.replace(karaten_is_tenpai="always")
    assert not tenpai("1111235555m111z", rules=always)
    assert tenpai("1111235555m111z", rules=SHAPE.replace(karaten_is_tenpai="always"))


def test_the_winds_are_required_without_keishiki_and_checked():
    with pytest.raises(InvalidContextError, match="seat_wind"):
        is_draw_tenpai("123m456s78s99m234p", rules=YAKU)
    with pytest.raises(InvalidContextError, match="round_wind"):
        is_draw_tenpai("123m456s78s99m234p", rules=SHAPE, round_wind="X")
    with pytest.raises(InvalidContextError, match="riichi"):
        tenpai("123m456s78s99m234p", riichi="yes")
    assert is_draw_tenpai("123m456s78s99m234p", rules=SHAPE)   # shape tenpai needs no situation


def test_three_players_have_no_chi():
    # a chi in a three-player hand is refused as the scorer refuses it (hand.refuse_sanma_chi): it
    # was answered False (a hand no three-player game can hold)
    from yakuman.errors import InvalidMeldError

    sanma = Rules.tenhou_sanma()
    with pytest.raises(InvalidMeldError, match=r"chi is not allowed in three-player mahjong - at melds\[0\]"):
        is_draw_tenpai("789s11z123p44s", ["chi 456p"], rules=sanma)
    assert is_draw_tenpai("789s11z123p44s", ["pon 444p"], rules=sanma)
    assert is_draw_tenpai("789s11z123p44s", ["chi 456p"], rules=SHAPE)
