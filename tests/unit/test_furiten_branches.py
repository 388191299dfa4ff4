"""Furiten, branch by branch (docs/rules.md 2.3): each condition of ``can_ron`` alone, the
ryanhan shibari boundary (4 / 5 honba), every ``let_pass`` source, both ``temp_furiten_clear``
and ``chankan_ankan`` values, the kokushi detection and the readable repr, with exact results
for fixed hands."""

from __future__ import annotations

import pytest

from yakuman.errors import InvalidContextError, InvalidTilesError
from yakuman.furiten import FuritenState, can_ron, is_discard_furiten
from yakuman.rules import Rules

SHIBARI = Rules(ryanhan_shibari=True)
HAND = "23m456p789s123s11z"          # ryanmen 1m-4m
KOKUSHI_ONLY = Rules.mahjongsoul()    # kokushi may rob an ankan (Tenhou and Rules(): never)


@pytest.mark.parametrize("tile", [0, 3, "1m", "4m"])
def test_can_ron_each_wait_in_each_notation(tile):
    assert can_ron(tile, "14m")
    assert can_ron(tile, [0, 3]) and can_ron(tile, ("1m", "4m"))


def test_can_ron_each_condition_alone():
    assert not can_ron("7m", "14m")                       # not a wait
    assert not can_ron("1m", "14m", "4m")                 # the other wait was discarded
    assert not can_ron("1m", "14m", ["9p", 3])
    assert can_ron("1m", "14m", "9p2z")                   # discards that are not waits
    assert not can_ron("1m", "14m", temporary=True)
    assert not can_ron("1m", "14m", riichi_furiten=True)
    assert not can_ron("1m", "14m", yaku_han=0)
    assert can_ron("1m", "14m", yaku_han=1) and can_ron("1m", "14m", yaku_han=3)
    assert not can_ron("1m", ())                          # no waits at all


@pytest.mark.parametrize("honba, han, ok_shibari", [(0, 1, True), (4, 1, True), (5, 1, False), (5, 2, True),
                                                   (6, 1, False), (9, 3, True)])
def test_ryanhan_shibari_boundary(honba, han, ok_shibari):
    assert can_ron("1m", "14m", yaku_han=han, honba=honba, rules=SHIBARI) is ok_shibari
    assert can_ron("1m", "14m", yaku_han=han, honba=honba, rules=Rules()) is True
    assert can_ron("1m", "14m", yaku_han=han, honba=honba) is True          # None = Tenhou: no shibari
    f = FuritenState(HAND, rules=SHIBARI)
    assert f.can_ron("4m", yaku_han=han, honba=honba) is ok_shibari


@pytest.mark.parametrize("bad", [34, -1, 3.0, None, True, b"1m"])
def test_tile_kinds_out_of_range_or_of_the_wrong_type(bad):
    with pytest.raises(InvalidContextError):
        can_ron(bad, "14m")
    with pytest.raises(InvalidContextError):
        FuritenState(HAND).discard(bad)


def test_tile_kind_limits_and_names():
    assert can_ron(33, [33]) and can_ron("7z", [33]) and can_ron(0, "1m")
    assert is_discard_furiten([33], "7z") and not is_discard_furiten([32], "7z")
    assert is_discard_furiten("14m", "4m") and not is_discard_furiten("14m", "25m")
    assert not is_discard_furiten((), "14m") and not is_discard_furiten("14m", ())
    with pytest.raises(InvalidTilesError):
        is_discard_furiten("14x", "1m")


def test_state_from_tiles_waits_or_nothing():
    assert FuritenState(HAND).waits == frozenset({0, 3})
    assert FuritenState(waits="14m").waits == frozenset({0, 3})
    assert FuritenState(waits=[0, "4m"]).waits == frozenset({0, 3})
    assert FuritenState(HAND, waits="9p").waits == frozenset({0, 3})     # the tiles win
    empty = FuritenState()
    assert empty.waits == frozenset() and not empty.furiten and not empty.can_ron("1m")
    assert not empty.let_pass("1m") and not empty.temporary
    assert FuritenState("123456789m1122z").waits == frozenset({27, 28})
    assert FuritenState("1112345678999m").waits == frozenset(range(9))     # chuuren: nine waits
    assert FuritenState(HAND).rules == Rules.tenhou() and FuritenState(HAND, rules=SHIBARI).rules is SHIBARI


def test_discards_and_recomputed_waits():
    f = FuritenState(HAND)
    f.discard("9p")
    assert f.discards == {17} and not f.discard_furiten and f.can_ron("1m")
    f.discard(3)
    assert f.discard_furiten and f.furiten and not f.can_ron("1m") and f.can_tsumo("1m")
    f.discard("5z", hand_after="23m456p789s123s11z")
    assert f.discard_furiten
    f.discard("1z", hand_after="45m456p789s123s11z")    # now 3m-6m
    assert f.waits == frozenset({2, 5}) and not f.discard_furiten and f.can_ron("6m")
    assert f.discards == {17, 3, 31, 27}


def test_temporary_furiten_ends_with_own_actions():
    for end in ("draw", "call"):
        f = FuritenState(HAND)
        assert f.let_pass("4m") is True
        assert f.temporary and f.furiten and not f.discard_furiten and not f.riichi_furiten
        assert not f.can_ron("1m") and f.can_tsumo("1m")
        getattr(f, end)()
        assert not f.temporary and not f.furiten and f.can_ron("1m")


def test_other_calls_and_the_clear_knob():
    own = FuritenState(HAND)
    own.let_pass("1m")
    own.other_call()
    assert own.temporary
    anyc = FuritenState(HAND, rules=Rules(temp_furiten_clear="any_call"))
    anyc.let_pass("1m")
    anyc.other_call()
    assert not anyc.temporary and anyc.can_ron("1m")
    anyc.declare_riichi()
    anyc.let_pass("4m")
    anyc.other_call()
    assert anyc.riichi_furiten and not anyc.can_ron("1m")     # riichi furiten is never cleared


def test_riichi_furiten_and_double_riichi_declaration():
    f = FuritenState(HAND)
    f.declare_riichi()
    assert f.riichi and not f.furiten
    assert f.let_pass("1m", source="discard") is True
    assert f.riichi_furiten and not f.temporary and f.furiten
    f.draw()
    f.call()
    assert f.riichi_furiten and not f.can_ron("4m") and f.can_tsumo("4m")
    with pytest.raises(InvalidContextError):
        f.declare_riichi()


@pytest.mark.parametrize("source", ["discard", "kakan", "kita"])
def test_every_source_passes_a_wait(source):
    f = FuritenState(HAND)
    assert f.let_pass("1m", source=source) is True and f.temporary
    g = FuritenState(HAND)
    assert g.let_pass("7m", source=source) is False and not g.temporary and not g.furiten


def test_unknown_source():
    with pytest.raises(InvalidContextError):
        FuritenState(HAND).let_pass("1m", source="chankan")


def test_ankan_pass_only_for_a_kokushi_wait_under_kokushi_only():
    kokushi = FuritenState("119m19p19s123456z", rules=KOKUSHI_ONLY)  # waits on 7z (kokushi shanten 0)
    assert kokushi.waits == frozenset({33})
    assert kokushi.let_pass("7z", source="ankan") is True and kokushi.temporary
    never = FuritenState("119m19p19s123456z", rules=Rules(chankan_ankan="never"))
    assert never.let_pass("7z", source="ankan") is False and not never.temporary
    thirteen = FuritenState("19m19p19s1234567z", rules=KOKUSHI_ONLY)  # the 13-sided wait
    assert len(thirteen.waits) == 13 and thirteen.let_pass("1m", source="ankan") is True
    regular = FuritenState("1112345678999m", rules=KOKUSHI_ONLY)  # 13 tiles waiting on 1m, not kokushi
    assert regular.let_pass("1m", source="ankan") is False
    reg13 = FuritenState("111m234p567s789s9m", rules=KOKUSHI_ONLY)  # tanki 9m, not kokushi
    assert reg13.let_pass("9m", source="ankan") is False and not reg13.temporary
    assert reg13.let_pass("9m", source="kakan") is True
    riichi = FuritenState("119m19p19s123456z", rules=KOKUSHI_ONLY)
    riichi.declare_riichi()
    assert riichi.let_pass("7z", source="ankan") is True and riichi.riichi_furiten


def test_set_waits_with_and_without_kokushi():
    f = FuritenState(HAND, rules=KOKUSHI_ONLY)
    f.set_waits("7z", kokushi=True)
    assert f.waits == frozenset({33}) and f.let_pass("7z", source="ankan") is True
    g = FuritenState(rules=KOKUSHI_ONLY)
    g.set_waits(["7z"])
    assert g.let_pass("7z", source="ankan") is False
    k = FuritenState("119m19p19s123456z", rules=KOKUSHI_ONLY)
    k.set_hand(HAND)                                      # no longer kokushi
    assert k.let_pass("1m", source="ankan") is False
    k.set_waits("7z")                                     # kokushi defaults to False
    assert k.let_pass("7z", source="ankan") is False


def test_repr():
    f = FuritenState(HAND)
    assert repr(f) == "FuritenState(waits=1m4m, furiten=none, riichi=False)"
    f.discard("4m")
    f.let_pass("1m")
    assert repr(f) == "FuritenState(waits=1m4m, furiten=discard+temporary, riichi=False)"
    g = FuritenState(HAND)
    g.declare_riichi()
    g.let_pass("1m")
    assert repr(g) == "FuritenState(waits=1m4m, furiten=riichi, riichi=True)"
    assert repr(FuritenState()) == "FuritenState(waits=-, furiten=none, riichi=False)"
    assert repr(FuritenState(waits="7z1m")) == "FuritenState(waits=1m7z, furiten=none, riichi=False)"
