"""Furiten predicates: every example of docs/rules.md 8.2 (F1-F7) plus the knobs around them."""

import pytest

from yakuman.errors import InvalidContextError
from yakuman.furiten import FuritenState, can_ron, is_discard_furiten
from yakuman.rules import Rules

SIX_SEVEN_NINE = "123m456m789s7888p"  # waits 6p 7p 9p (678+88, 77+888, 789+88)


def test_f1_discard_furiten_refuses_every_ron_but_allows_tsumo():
    p = FuritenState("23456m567p789s33s")
    assert p.waits == {0, 3, 6}  # 1m 4m 7m
    p.discard("1m")
    assert p.discard_furiten and p.furiten
    assert [p.can_ron(t) for t in ("1m", "4m", "7m")] == [False, False, False]
    assert p.can_tsumo("4m")


def test_f2_one_discarded_wait_blocks_all_waits():
    p = FuritenState(SIX_SEVEN_NINE)
    assert p.waits == {14, 15, 17}  # 6p 7p 9p
    p.discard("9p")
    assert [p.can_ron(t) for t in ("6p", "7p", "9p")] == [False, False, False]
    assert is_discard_furiten(["6p", "7p", "9p"], ["9p"])


def test_f3_temporary_furiten_survives_other_players_calls():
    s = FuritenState(SIX_SEVEN_NINE)
    assert s.can_ron("6p")
    assert s.let_pass("6p")  # W discards 6p, S does not ron
    assert s.temporary and not s.discard_furiten
    s.other_call()  # W pons E's discard, S's turn is skipped
    assert not s.can_ron("7p")  # W's 7p
    s.draw()  # S's own next draw clears it
    assert not s.temporary and s.can_ron("7p")
    s.let_pass("9p")
    s.call()  # ... and so does S's own call
    assert s.can_ron("9p")


def test_f3_any_call_knob_clears_on_other_calls():
    s = FuritenState(SIX_SEVEN_NINE, rules=Rules().replace(temp_furiten_clear="any_call"))
    s.let_pass("6p")
    assert not s.can_ron("7p")
    s.other_call()
    assert s.can_ron("7p")


def test_f4_riichi_furiten_lasts_the_hand():
    p = FuritenState(SIX_SEVEN_NINE)
    p.declare_riichi()
    assert p.let_pass("6p")
    assert p.riichi_furiten and not p.temporary
    for _ in range(3):
        p.draw()
        p.call()
        p.other_call()
    assert [p.can_ron(t) for t in ("6p", "7p", "9p")] == [False, False, False]
    assert p.can_tsumo("7p")


def test_f4_riichi_player_discarding_a_winning_draw_is_in_discard_furiten():
    p = FuritenState(SIX_SEVEN_NINE)
    p.declare_riichi()
    p.discard("7p")
    assert p.discard_furiten and not p.can_ron("9p")


@pytest.mark.parametrize("riichi", [False, True])
def test_f5_unrobbed_kakan_tile_counts_as_a_pass(riichi):
    p = FuritenState("123m456p789s5s111z")  # tanki 5s
    assert p.waits == {22}
    if riichi:
        p.declare_riichi()
    assert p.let_pass("5s", source="kakan")
    assert (p.riichi_furiten, p.temporary) == ((True, False) if riichi else (False, True))
    assert not p.can_ron("5s")


def test_f6_passing_for_lack_of_yaku_still_makes_temporary_furiten():
    p = FuritenState("123m456p789s8m111z")  # tanki 8m
    assert not p.can_ron("8m", yaku_han=0)  # no yaku: no ron ...
    p.let_pass("8m")  # ... and the pass counts
    assert p.temporary
    assert not p.can_ron("8m", yaku_han=3)


def test_f7_changing_the_wait_clears_discard_furiten():
    p = FuritenState("34m123p456p789s11z")  # 2m-5m wait
    assert p.waits == {1, 4}
    p.discard("2m")
    assert p.discard_furiten
    p.draw()
    p.discard("3m", hand_after="4m123p456p789s111z")  # 4m tanki (drew 1z)
    p.draw()
    p.discard("4m", hand_after="3s123p456p789s111z")  # 3s tanki (drew 3s)
    assert p.waits == {20} and not p.discard_furiten
    assert p.can_ron("3s")


def test_passing_a_tile_that_is_not_a_wait_changes_nothing():
    p = FuritenState(SIX_SEVEN_NINE)
    assert not p.let_pass("1m")
    assert not p.furiten


def test_ankan_pass_counts_only_for_a_robbable_kokushi_wait():
    # Mahjong Soul lets kokushi rob an ankan; Tenhou (and Rules(), the default) never does
    kokushi = FuritenState("19m19p19s1234567z", rules=Rules.mahjongsoul())  # 13-sided
    assert kokushi.let_pass("1z", source="ankan") and kokushi.temporary
    for rules in (None, Rules.tenhou(), Rules().replace(chankan_ankan="never")):
        never = FuritenState("19m19p19s1234567z", rules=rules)
        assert not never.let_pass("1z", source="ankan") and not never.temporary
    normal = FuritenState(SIX_SEVEN_NINE)
    assert not normal.let_pass("6p", source="ankan") and not normal.furiten


def test_module_can_ron_and_ryanhan_shibari():
    waits = ["6p", "7p", "9p"]
    assert can_ron("6p", waits)
    assert not can_ron("1m", waits)
    assert not can_ron("6p", waits, ["9p"])
    assert not can_ron("6p", waits, temporary=True)
    assert not can_ron("6p", waits, riichi_furiten=True)
    shibari = Rules().replace(ryanhan_shibari=True)
    assert can_ron("6p", waits, yaku_han=1, honba=4, rules=shibari)
    assert not can_ron("6p", waits, yaku_han=1, honba=5, rules=shibari)
    assert can_ron("6p", waits, yaku_han=2, honba=5, rules=shibari)


def test_set_waits_and_errors():
    p = FuritenState(waits="147m")
    assert p.waits == {0, 3, 6}
    with pytest.raises(InvalidContextError, match="source"):
        p.let_pass("1m", source="chi")
    with pytest.raises(InvalidContextError, match="0..33"):
        p.discard(34)
    p.declare_riichi()
    with pytest.raises(InvalidContextError, match="twice"):
        p.declare_riichi()
    assert "riichi=True" in repr(p)
