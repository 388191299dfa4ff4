"""Edge cases of the settle and furiten helpers that a mutation run found unchecked.

Each expectation comes from the rules (docs/rules.md): the seat winds and the dealer, the start
of a game, a Win built from a scorer result, karaten at a draw under ``karaten_is_tenpai =
"always"``, the abortive-draw predicates (kyuushu kyuuhai: nine different terminal/honor kinds;
suufon renda: the same wind four times; suukaikan: four kans by two or more players) and the
furiten state machine (temporary furiten ends with the player's own draw or call, riichi
furiten lasts the hand, ryanhan shibari from five honba).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from yakuman.errors import InvalidContextError, InvalidTilesError
from yakuman.furiten import FuritenState, can_ron, is_discard_furiten
from yakuman.rules import Rules
from yakuman.settle import (
    RoundState,
    Win,
    base_points,
    is_draw_tenpai,
    is_kyuushu_kyuuhai,
    is_suufon_renda,
    is_suukaikan,
)

TENHOU = Rules.tenhou()
ALWAYS = Rules().replace(karaten_is_tenpai="always")


# ---- RoundState -----------------------------------------------------------------------------
def test_start_uses_the_rules_players_and_start_points():
    st = RoundState.start(Rules.tenhou_sanma(), first_dealer=2)
    assert st.scores == (35000, 35000, 35000)
    assert (st.round_wind, st.hand, st.honba, st.riichi_sticks, st.first_dealer) == (0, 0, 0, 0, 2)
    assert st.dealer == 2 and st.label == "E1"
    st = RoundState.start(Rules().replace(start_points=30000))
    assert st.scores == (30000,) * 4 and st.dealer == 0


def test_seat_wind_counts_from_the_dealer():
    st = RoundState((25000,) * 4, hand=1, first_dealer=2)  # dealer seat 3
    assert st.dealer == 3
    assert [st.seat_wind(s) for s in range(4)] == [1, 2, 3, 0]
    st3 = RoundState((35000,) * 3, hand=2)  # sanma, dealer seat 2
    assert [st3.seat_wind(s) for s in range(3)] == [1, 2, 0]


# ---- Win.from_score -------------------------------------------------------------------------
def test_win_from_score_values():
    """base = fu x 2^(han+2) below mangan; limits 2000/3000/4000/6000/8000 per yakuman."""
    w = Win.from_score(SimpleNamespace(han=2, fu=40, limit=None, yakuman=0), 1, 2)
    assert (w.winner, w.base, w.from_seat, w.pao_seat) == (1, 640, 2, None)
    assert Win.from_score(SimpleNamespace(han=5, fu=30, limit="mangan", yakuman=0), 0).base == 2000
    assert Win.from_score(SimpleNamespace(han=26, fu=0, limit="yakuman", yakuman=2), 0).base == 16000
    kazoe = SimpleNamespace(han=26, fu=40, limit="yakuman", yakuman=0)
    assert Win.from_score(kazoe, 0).base == 8000  # kazoe "yakuman": one yakuman
    assert Win.from_score(kazoe, 0, rules=Rules().replace(kazoe="multiple")).base == 16000
    thirteen = SimpleNamespace(han=13, fu=40, limit="yakuman", yakuman=0)
    assert Win.from_score(thirteen, 0, rules=Rules().replace(kazoe="multiple")).base == 8000
    # a score object that carries its base points is taken as it is
    assert Win.from_score(SimpleNamespace(base=1280, han=1, fu=30, limit=None), 3).base == 1280
    # pao: a yakuman with the liable seat and its part
    w = Win.from_score(SimpleNamespace(han=13, fu=0, limit="yakuman", yakuman=1), 0, 1, pao_seat=2,
                       pao_base=8000)
    assert (w.base, w.from_seat, w.pao_seat, w.pao_base) == (8000, 1, 2, 8000)
    assert base_points(3, 40) == 1280


# ---- karaten under "always" -----------------------------------------------------------------
@pytest.mark.parametrize("hand,tenpai", [
    ("1111m234p567p789s", True),    # only a fifth 1m: as 111m + the pair 11m
    ("9999s123m456m789m", True),    # the same with 9s
    ("4444z123m456m789m", True),    # honors: a fifth North completes 444z + 44z
    ("1223333445m111z", True),      # a fifth 3m fits only in runs: 33m + 123m 234m 345m
    ("1357m2468p13579s", False),    # noten
    ("1112m234p567p789s", True),    # real waits too: 2m (tanki), 3m (11m pair + 12m)
    ("1111m2222p3333s4z", False),   # four-of-a-kinds without a kan: noten
])
def test_karaten_always_counts_any_shape(hand, tenpai):
    assert is_draw_tenpai(hand, rules=ALWAYS) is tenpai


def test_karaten_run_only_wait_is_not_tenpai_by_default():
    """Tenhou: a wait whose four copies are all in the concealed hand does not count."""
    assert not is_draw_tenpai("1111m234p567p789s", rules=TENHOU)
    assert not is_draw_tenpai("4444z123m456m789m", rules=TENHOU)


def test_karaten_always_with_melds():
    """A fifth 7p with a pon elsewhere (three melds counted by the caller's melds)."""
    assert is_draw_tenpai("7777p", ["pon 111z", "pon 222z", "pon 333z"], rules=ALWAYS)
    assert not is_draw_tenpai("7777p", ["pon 111z", "pon 222z", "pon 333z"], rules=TENHOU)
    assert is_draw_tenpai("5m", ["pon 555m", "pon 111z", "pon 222z", "pon 333z"], rules=ALWAYS)


# ---- abortive-draw predicates ---------------------------------------------------------------
YAOCHUU = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


@pytest.mark.parametrize("i", range(13))
def test_kyuushu_kyuuhai_counts_every_terminal_and_honor_kind(i):
    """Nine different kinds, each kind of the thirteen counted: the nine starting at ``i``."""
    kinds = [YAOCHUU[(i + j) % 13] for j in range(9)]
    hand = kinds + ["2m", "3p", "4s", "5s"]  # plus one more (14 at the first draw)
    assert is_kyuushu_kyuuhai(hand + ["6s"])
    # eight kinds (one duplicated) is not enough
    assert not is_kyuushu_kyuuhai(kinds[:8] + [kinds[0]] + ["2m", "3p", "4s", "5s", "6s"])


def test_suufon_renda_every_wind_and_only_winds():
    for w in ("1z", "2z", "3z", "4z"):
        assert is_suufon_renda([w] * 4)
    for other in ("5z", "6z", "7z", "1m", "9s"):
        assert not is_suufon_renda([other] * 4)
    assert not is_suufon_renda(["4z"] * 3 + ["3z"])
    assert not is_suufon_renda(["1z"] * 3)
    assert not is_suufon_renda(["1z"] * 4 + ["2z"])  # five discards: not the first go-around


def test_suukaikan_needs_four_kans_by_two_players():
    assert is_suukaikan([0, 0, 1, 1]) and is_suukaikan([2, 3, 3, 3]) and is_suukaikan([0, 1, 2, 3])
    assert not is_suukaikan([2, 2, 2, 2])
    assert not is_suukaikan([0, 1, 2]) and not is_suukaikan([])
    assert is_suukaikan([0, 0, 0, 0, 1])


# ---- furiten --------------------------------------------------------------------------------
def test_a_new_state_is_not_furiten():
    p = FuritenState()
    assert p.waits == frozenset() and p.discards == set()
    assert p.riichi is False and p.temporary is False and p.riichi_furiten is False
    assert p.furiten is False and p.discard_furiten is False
    assert p.rules == TENHOU
    assert repr(p) == "FuritenState(waits=-, furiten=none, riichi=False)"


def test_repr_names_the_waits_and_every_kind_of_furiten():
    p = FuritenState(waits=["1m", "4m"])
    assert repr(p) == "FuritenState(waits=1m4m, furiten=none, riichi=False)"
    p.discard("4m")
    assert repr(p) == "FuritenState(waits=1m4m, furiten=discard, riichi=False)"
    p.let_pass("1m")
    assert repr(p) == "FuritenState(waits=1m4m, furiten=discard+temporary, riichi=False)"
    q = FuritenState(waits=["7z"])
    q.declare_riichi()
    q.let_pass("7z")
    assert repr(q) == "FuritenState(waits=7z, furiten=riichi, riichi=True)"


def test_temporary_furiten_ends_with_the_own_draw_or_call_only():
    for end in ("draw", "call"):
        p = FuritenState(waits=["3s", "6s"])
        assert p.let_pass("6s") and p.temporary and not p.can_ron("3s")
        p.other_call()  # another player's call: still furiten (own_action)
        assert p.temporary
        getattr(p, end)()
        assert p.temporary is False and p.can_ron("3s") and p.can_ron("6s")
    p = FuritenState(waits=["3s"], rules=TENHOU.replace(temp_furiten_clear="any_call"))
    p.let_pass("3s")
    p.other_call()
    assert p.temporary is False and p.can_ron("3s")


def test_riichi_furiten_is_not_cleared_by_a_draw():
    p = FuritenState(waits=["3s"])
    p.declare_riichi()
    assert p.riichi is True
    assert p.let_pass("3s") is True
    assert p.riichi_furiten is True and p.temporary is False
    p.draw()
    p.call()
    assert p.furiten and not p.can_ron("3s") and p.can_tsumo("3s")


def test_state_can_ron_passes_the_shibari_inputs():
    """Ryanhan shibari: from five honba two han of yaku are needed."""
    p = FuritenState(waits=["5p"], rules=TENHOU.replace(ryanhan_shibari=True))
    assert p.can_ron("5p", yaku_han=1, honba=4)
    assert not p.can_ron("5p", yaku_han=1, honba=5)
    assert p.can_ron("5p", yaku_han=2, honba=5)
    assert not p.can_ron("5p", yaku_han=0)
    assert not p.can_ron("4p", yaku_han=3)
    q = FuritenState(waits=["5p"])  # no shibari
    assert q.can_ron("5p", yaku_han=1, honba=9)


def test_module_can_ron_defaults_and_shibari_boundary():
    assert can_ron("5p", ["5p"]) and not can_ron("5p", ["5p"], yaku_han=0)
    shibari = Rules().replace(ryanhan_shibari=True)
    assert can_ron("5p", ["5p"], yaku_han=1, honba=4, rules=shibari)
    assert not can_ron("5p", ["5p"], yaku_han=1, honba=5, rules=shibari)
    assert can_ron("5p", ["5p"], yaku_han=1, honba=5)  # default rules (Tenhou): no shibari


def test_set_waits_kokushi_flag_decides_an_ankan_pass():
    # where kokushi may rob an ankan (Mahjong Soul); under Tenhou, the default, it never may
    p = FuritenState(rules=Rules.mahjongsoul())
    p.set_waits(["1z"], kokushi=True)
    assert p.waits == {27} and p.let_pass("1z", source="ankan") and p.temporary
    p = FuritenState()
    p.set_waits(["1z"], kokushi=True)
    assert not p.let_pass("1z", source="ankan") and not p.furiten
    p = FuritenState()
    p.set_waits(["1z"])
    assert not p.let_pass("1z", source="ankan") and not p.furiten
    assert p.let_pass("1z", source="kita") and p.temporary


def test_discard_furiten_by_name_kind_or_index():
    assert is_discard_furiten(["1m", "4m"], ["4m"])
    assert is_discard_furiten([0, 3], ["1m"])
    assert not is_discard_furiten(["1m", "4m"], ["7m", "1p"])
    assert not is_discard_furiten([], ["1m"])
    p = FuritenState("23m456p789s11z555z")  # waits 1m 4m
    assert p.waits == {0, 3}
    p.discard("9s", hand_after="23m456p789s11z555z")
    assert not p.furiten
    p.discard(0)  # kind index: 1m
    assert p.discard_furiten and not p.can_ron("4m") and p.can_tsumo("4m")
    with pytest.raises(InvalidTilesError, match="not a single tile"):
        p.discard("10m")


def test_karaten_always_does_not_count_a_run_across_two_suits():
    """6788889m 1p 99s 123s: the 1p is isolated, so no wait at all; only a "run" 8m 9m 1p (not a
    run: it crosses from manzu to pinzu) would let a fifth 8m complete the hand."""
    assert not is_draw_tenpai("6788889m1p99s123s", rules=ALWAYS)
    assert is_draw_tenpai("5667777889m111z", rules=ALWAYS)  # a fifth 7m in 567 678 789 + 77


@pytest.mark.parametrize("fn,what", [(is_kyuushu_kyuuhai, "the kyuushu hand"),
                                     (is_suufon_renda, "the first discards")])
def test_bad_tiles_name_the_argument(fn, what):
    with pytest.raises(InvalidTilesError, match=f"^unknown suit letter 'x' at position 1 in '1x' - in {what}$"):
        fn("1x")


def test_riichi_seat_out_of_range_is_named():
    with pytest.raises(InvalidContextError, match="^riichi seat 5 is not a seat 0..3$"):
        RoundState((25000,) * 4).declare_riichi(5)


def test_win_from_a_score_without_a_yakuman_field():
    """Only han / fu / limit given: not a yakuman (3 han 40 fu: base 1280)."""
    assert Win.from_score(SimpleNamespace(han=3, fu=40, limit=None), 0).base == 1280


def test_ryanhan_shibari_applies_to_the_default_one_han():
    shibari = Rules().replace(ryanhan_shibari=True)
    assert not can_ron("5p", ["5p"], honba=5, rules=shibari)  # yaku_han defaults to 1
    assert not FuritenState(waits=["5p"], rules=shibari).can_ron("5p", honba=5)
