"""Who deals next when the first dealer is not seat 0.

The dealer of a hand is seat ``(first_dealer + hand) % players``, not the hand number. The rules
(docs/rules.md): after an exhaustive draw the dealer repeats when tenpai (``draw_dealer_rule =
"tenpai"``, the default and Tenhou's) and the deal passes otherwise; a dealer win repeats, a
non-dealer win passes; honba +1 on a draw or a dealer win, 0 after a non-dealer win. Noten
payments: 3000 in total, split between the tenpai and the noten players.
"""

from __future__ import annotations

import pytest

from yakuman.rules import Rules
from yakuman.settle import RoundState, Win, base_points, settle_exhaustive_draw, settle_wins

TENHOU = Rules.tenhou()


def test_first_dealer_one_tenpai_dealer_repeats_e1():
    """Draw: the tenpai dealer (seat 1, first dealer) keeps the deal; honba 1."""
    st = RoundState.start(TENHOU, first_dealer=1)
    assert st.dealer == 1
    s = settle_exhaustive_draw(st, tenpai=[1], rules=TENHOU)
    assert s.dealer_repeats is True
    assert s.deltas == (-1000, 3000, -1000, -1000)
    assert (s.state.round_wind, s.state.hand, s.state.honba, s.state.dealer) == (0, 0, 1, 1)
    assert s.state.label == "E1"


def test_first_dealer_one_noten_dealer_passes_even_if_seat_zero_is_tenpai():
    """Draw: seat 0 (tenpai) is not the dealer (seat 1, noten): the deal passes to seat 2."""
    st = RoundState.start(TENHOU, first_dealer=1)
    s = settle_exhaustive_draw(st, tenpai=[0], rules=TENHOU)
    assert s.dealer_repeats is False
    assert s.deltas == (3000, -1000, -1000, -1000)
    assert (s.state.hand, s.state.honba, s.state.dealer, s.state.label) == (1, 1, 2, "E2")


@pytest.mark.parametrize("first_dealer", range(4))
@pytest.mark.parametrize("hand", range(4))
def test_draw_repeats_exactly_when_the_dealer_seat_is_tenpai(first_dealer, hand):
    """Every first dealer and hand: the seat ``(first_dealer + hand) % 4`` decides the repeat."""
    dealer = (first_dealer + hand) % 4
    st = RoundState((25000,) * 4, hand=hand, first_dealer=first_dealer)
    kept = settle_exhaustive_draw(st, tenpai=[dealer], rules=TENHOU)
    assert kept.dealer_repeats and (kept.state.hand, kept.state.dealer) == (hand, dealer)
    assert kept.deltas[dealer] == 3000
    other = (dealer + 1) % 4
    passed = settle_exhaustive_draw(st, tenpai=[other], rules=TENHOU)
    assert not passed.dealer_repeats and passed.state.dealer == (dealer + 1) % 4
    assert passed.deltas[other] == 3000 and passed.deltas[dealer] == -1000
    assert kept.state.honba == passed.state.honba == 1


@pytest.mark.parametrize("first_dealer", range(1, 4))
def test_win_repeat_follows_the_dealer_seat(first_dealer):
    """Win: the dealer seat's ron repeats (honba 1); seat ``hand`` (0) winning passes."""
    st = RoundState((25000,) * 4, first_dealer=first_dealer)
    dealer = st.dealer
    base = base_points(1, 30)  # 1 han 30 fu: base 240; dealer ron 1440 -> 1500, other 960 -> 1000
    s = settle_wins(st, Win(dealer, base, (dealer + 1) % 4), rules=TENHOU)
    assert s.dealer_repeats and s.deltas[dealer] == 1500
    assert (s.state.hand, s.state.honba, s.state.dealer) == (0, 1, dealer)
    s = settle_wins(st, Win(0, base, dealer), rules=TENHOU)
    assert not s.dealer_repeats and s.deltas[0] == 1000 and s.deltas[dealer] == -1000
    assert (s.state.hand, s.state.honba, s.state.dealer) == (1, 0, (first_dealer + 1) % 4)
