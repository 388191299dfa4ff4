"""Settlement, branch by branch: every check, knob value and boundary of yakuman.settle with exact
values worked out by hand from docs/rules.md 5.2 and 6 (the mutation run's survivors and their
neighbours: off-by-one limits, seat arithmetic with ``first_dealer != 0``, sanma and four
players). Only the public API is used."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from yakuman.errors import InvalidContextError, InvalidRulesError
from yakuman.rules import Rules
from yakuman.settle import (
    RoundState,
    Transfer,
    Win,
    base_points,
    final_scores,
    is_draw_tenpai,
    is_kyuushu_kyuuhai,
    is_nagashi,
    is_suucha_riichi,
    is_suufon_renda,
    is_suukaikan,
    noten_payments,
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_wins,
)

R = Rules()                      # library defaults: nagashi as a win, pao on the yakuman only
T = Rules.tenhou()
SANMA = Rules.tenhou_sanma()     # tsumo loss, honba_ron 200, noten total 2000
B960 = 960                       # 3 han 30 fu: ron 3900 / 5800, tsumo 1000-2000 / 2000 all


def st(scores=(25000,) * 4, **kw) -> RoundState:
    return RoundState(tuple(scores), **kw)


def transfers(s) -> set[tuple]:
    return {(t.payer, t.payee, t.amount, t.reason) for t in s.transfers}


# ---- base points --------------------------------------------------------------------------
@pytest.mark.parametrize("han, fu, limit, yakuman, base", [
    (1, 20, None, 0, 160), (1, 30, None, 0, 240), (3, 30, None, 0, 960), (4, 30, None, 0, 1920),
    (3, 60, None, 0, 1920), (1, 250, None, 0, 2000),          # exactly mangan is not "above mangan"
    (5, 0, "mangan", 0, 2000), (6, 0, "haneman", 0, 3000), (8, 0, "baiman", 0, 4000),
    (11, 0, "sanbaiman", 0, 6000), (13, 0, "yakuman", 0, 8000), (0, 0, None, 1, 8000),
    (0, 0, None, 2, 16000), (0, 0, "yakuman", 3, 24000), (26, 0, None, 2, 16000),
])
def test_base_points_values(han, fu, limit, yakuman, base):
    assert base_points(han, fu, limit=limit, yakuman=yakuman) == base


@pytest.mark.parametrize("kw", [
    dict(han=-1, fu=30), dict(han=1, fu=-10), dict(yakuman=-1), dict(han=0, fu=30), dict(han=1, fu=19),
    dict(han=4, fu=40), dict(han=2, fu=130), dict(han=5, fu=30, limit="kazoe"), dict(),
    dict(han=5, fu=-10, limit="mangan"), dict(han=-1, fu=30, limit="mangan"), dict(yakuman=-1, limit="yakuman"),
])
def test_base_points_refuses(kw):
    with pytest.raises(InvalidContextError):
        base_points(**kw)


# ---- the table state ------------------------------------------------------------------------
def test_round_state_dealer_label_and_seat_winds_with_a_moved_first_dealer():
    s = st(first_dealer=2, hand=3, round_wind=1)
    assert s.dealer == 1 and s.label == "S4" and s.players == 4
    assert [s.seat_wind(q) for q in range(4)] == [3, 0, 1, 2]
    s3 = RoundState((35000,) * 3, hand=2, first_dealer=2)
    assert s3.dealer == 1 and s3.label == "E3"
    assert [s3.seat_wind(q) for q in range(3)] == [2, 0, 1]
    assert RoundState([1, 2]).scores == (1, 2) and RoundState([1, 2]).dealer == 0


@pytest.mark.parametrize("kw", [
    dict(scores=(25000,)), dict(scores=(25000,) * 5), dict(scores=(25000.0,) * 4), dict(scores=(True,) * 4),
    dict(hand=4), dict(first_dealer=4), dict(round_wind=4), dict(honba=-1), dict(riichi_sticks=-1),
    dict(hand=-1), dict(first_dealer=1.0), dict(scores=(35000,) * 3, hand=3), dict(scores=(35000,) * 3,
                                                                                   first_dealer=3),
])
def test_round_state_refuses(kw):
    with pytest.raises(InvalidContextError):
        RoundState(**{"scores": (25000,) * 4, **kw})


def test_round_state_limits_are_accepted():
    s = RoundState((25000,) * 4, round_wind=3, hand=3, first_dealer=3, honba=0, riichi_sticks=0)
    assert s.dealer == 2 and s.label == "N4"


def test_start_and_declare_riichi():
    s = RoundState.start(R, first_dealer=3)
    assert s.scores == (25000,) * 4 and s.first_dealer == 3 and s.dealer == 3 and s.honba == 0
    s = RoundState.start(SANMA, first_dealer=1)
    assert s.scores == (35000,) * 3 and s.dealer == 1
    s = st(scores=(1000, 999, 25000, 0), round_wind=1, hand=2, honba=3, riichi_sticks=1, first_dealer=1)
    after = s.declare_riichi(0)           # exactly riichi_min_points may declare
    assert after.scores == (0, 999, 25000, 0) and after.riichi_sticks == 2
    assert (after.round_wind, after.hand, after.honba, after.first_dealer) == (1, 2, 3, 1)
    with pytest.raises(InvalidContextError):
        s.declare_riichi(1)               # 999 < 1000
    with pytest.raises(InvalidContextError):
        s.declare_riichi(4)
    free = Rules(riichi_min_points=0)     # no minimum: a score of 0 may still declare (not below 0)
    assert s.declare_riichi(3, free).scores[3] == -1000
    with pytest.raises(InvalidContextError):
        st(scores=(25000, 25000, 25000, -100)).declare_riichi(3, free)
    with pytest.raises(InvalidRulesError):
        s.declare_riichi(2, rules="tenhou")


# ---- Win and Win.from_score -------------------------------------------------------------------
def test_win_checks():
    assert Win(1, 1).base == 1
    assert Win(2, 960, 2).tsumo and Win(2, 960, 2).from_seat is None   # from self = tsumo
    assert not Win(2, 960, 1).tsumo
    assert Win(1, 16000, 2, pao_seat=3, pao_base=16000).pao_base == 16000
    assert Win(1, 16000, 2, pao_seat=3, pao_base=8000).pao_base == 8000
    for kw in (dict(base=0), dict(base=-8000), dict(base=True), dict(base=960.0),
               dict(base=16000, pao_seat=3, pao_base=0), dict(base=16000, pao_seat=3, pao_base=16001),
               dict(base=16000, pao_seat=3, pao_base=8000.0), dict(base=16000, pao_base=8000),
               dict(base=16000, pao_seat=3, pao_base=4000), dict(base=2000, pao_seat=3),
               dict(base=12000, pao_seat=3)):
        with pytest.raises(InvalidContextError):
            Win(1, kw.pop("base"), 2, **kw)


def _score(han=0, fu=0, limit=None, yakuman=0, points=0, ron=0, dealer_pays=0, others_pay=0, **extra):
    pay = SimpleNamespace(from_discarder=ron, from_dealer=dealer_pays, from_non_dealer=others_pay)
    return SimpleNamespace(han=han, fu=fu, limit=limit, yakuman=yakuman, points=points, payment=pay, **extra)


def test_from_score_base_and_kazoe():
    assert Win.from_score(_score(base=1234), 1, 2).base == 1234
    assert Win.from_score(_score(3, 30, points=3900, ron=3900), 1, 2).base == 960
    kazoe = _score(26, 40, "yakuman", 0, points=64000, ron=64000)
    assert Win.from_score(kazoe, 1, 2, rules=Rules(kazoe="multiple")).base == 16000
    assert Win.from_score(kazoe, 1, 2, rules=Rules(kazoe="yakuman")).base == 8000
    k25 = _score(25, 40, "yakuman", 0, points=32000, ron=32000)
    assert Win.from_score(k25, 1, 2, rules=Rules(kazoe="multiple")).base == 8000
    k13 = _score(13, 40, "yakuman", 0, points=32000, ron=32000)
    assert Win.from_score(k13, 1, 2, rules=Rules(kazoe="multiple")).base == 8000
    double = _score(26, 0, "yakuman", 2, points=64000, ron=64000)
    assert Win.from_score(double, 1, 2, rules=Rules(kazoe="multiple")).base == 16000
    points_only = SimpleNamespace(han=3, fu=30, limit=None, points=3900)   # points but no payment
    assert Win.from_score(points_only, 1, 2).dealer is None
    no_attr = SimpleNamespace(han=3, fu=30, limit=None)          # no yakuman / payment fields
    w = Win.from_score(no_attr, 1, 2)
    assert w.base == 960 and w.dealer is None


def test_from_score_dealer_from_the_payments():
    # ron: 4 x base rounded up = non-dealer, 6 x base = dealer, anything else unknown
    assert Win.from_score(_score(3, 30, points=3900, ron=3900), 1, 2).dealer is False
    assert Win.from_score(_score(3, 30, points=5800, ron=5800), 1, 2).dealer is True
    assert Win.from_score(_score(3, 30, points=4200, ron=4200), 1, 2).dealer is None
    assert Win.from_score(_score(3, 30, points=3900, ron=4200), 1, 2).dealer is False   # honba in the payment
    # tsumo: a dealer payment means a non-dealer winner
    assert Win.from_score(_score(3, 30, points=4000, dealer_pays=2000, others_pay=1000), 1).dealer is False
    assert Win.from_score(_score(3, 30, points=6000, others_pay=2000), 1).dealer is True
    assert Win.from_score(_score(3, 30, points=6000, others_pay=2000), 1, 1).dealer is True
    assert Win.from_score(_score(3, 30, points=4000, dealer_pays=2000), 1).dealer is False
    # no payment at all: unknown
    assert Win.from_score(_score(3, 30, points=3900), 1, 2).dealer is None
    for args in ((_score(3, 30, points=3900, ron=3900), 1), (_score(3, 30, points=3900, ron=3900), 1, 1),
                 (_score(3, 30, points=4000, dealer_pays=2000, others_pay=1000), 1, 2),
                 (_score(3, 30, points=6000, others_pay=2000), 1, 0)):
        with pytest.raises(InvalidContextError):
            Win.from_score(*args)


def test_from_score_checks_the_dealer_against_the_state():
    state = st(first_dealer=1, hand=1)                # dealer = seat 2
    dealer_ron = _score(3, 30, points=5800, ron=5800)
    assert Win.from_score(dealer_ron, 2, 0, state=state).dealer is True
    with pytest.raises(InvalidContextError):
        Win.from_score(dealer_ron, 0, 1, state=state)
    with pytest.raises(InvalidContextError):
        Win.from_score(_score(3, 30, points=3900, ron=3900), 2, 0, state=state)
    # settle_wins does the same check when from_score had no state
    with pytest.raises(InvalidContextError):
        settle_wins(state, Win.from_score(dealer_ron, 1, 0), rules=R)
    s = settle_wins(state, Win.from_score(dealer_ron, 2, 0), rules=R)
    assert s.deltas == (-5800, 0, 5800, 0)


# ---- wins -----------------------------------------------------------------------------------
def test_non_dealer_ron_with_honba_and_sticks():
    s = settle_wins(st(honba=2, riichi_sticks=1), Win(1, B960, 2), rules=R)
    assert s.outcome == "win" and s.deltas == (0, 5500, -4500, 0)
    assert transfers(s) == {(2, 1, 3900, "ron"), (2, 1, 600, "honba"), (None, 1, 1000, "riichi_sticks")}
    assert s.sticks_collected == 1 and s.winners == (1,) and s.by_win == ((0, 5500, -4500, 0),)
    assert not s.dealer_repeats and s.state.hand == 1 and s.state.honba == 0 and s.state.riichi_sticks == 0
    assert s.state.scores == (25000, 30500, 20500, 25000) and s.state.first_dealer == 0
    assert not s.game_over and s.final is None and s.end_reason is None and s.ignored_winners == ()


def test_dealer_ron_with_a_moved_first_dealer_repeats():
    state = st(first_dealer=2, hand=1, honba=1)      # dealer = seat 3
    s = settle_wins(state, Win(3, B960, 0), rules=R)
    assert s.deltas == (-6100, 0, 0, 6100)
    assert s.dealer_repeats and s.state.hand == 1 and s.state.honba == 2 and s.state.first_dealer == 2
    assert s.state.label == "E2" and s.state.dealer == 3


def test_tsumo_splits_four_players():
    s = settle_wins(st(honba=1), Win(2, B960), rules=R)                  # non-dealer tsumo
    assert s.deltas == (-2100, -1100, 4300, -1100)
    assert transfers(s) == {(0, 2, 2000, "tsumo"), (1, 2, 1000, "tsumo"), (3, 2, 1000, "tsumo"),
                            (0, 2, 100, "honba"), (1, 2, 100, "honba"), (3, 2, 100, "honba")}
    s = settle_wins(st(first_dealer=1), Win(1, B960), rules=R)         # dealer tsumo
    assert s.deltas == (-2000, 6000, -2000, -2000) and s.dealer_repeats and s.state.honba == 1
    s = settle_wins(st(), Win(3, 240), rules=R)                       # 1 han 30 fu: 300 / 500
    assert s.deltas == (-500, -300, -300, 1100)


def test_sanma_tsumo_loss_and_north_bisection():
    three = RoundState((35000,) * 3)
    assert settle_wins(three, Win(1, B960), rules=SANMA).deltas == (-2000, 3000, -1000)
    assert settle_wins(three, Win(0, B960), rules=SANMA).deltas == (4000, -2000, -2000)
    split = SANMA.replace(tsumo_loss=False)
    assert settle_wins(three, Win(1, B960), rules=split).deltas == (-2500, 4000, -1500)
    assert settle_wins(three, Win(0, B960), rules=split).deltas == (6000, -3000, -3000)
    assert settle_wins(three, Win(2, 240), rules=split).deltas == (-700, -500, 1200)
    # honba in sanma: 200 on a ron, 100 from each of the two payers on a tsumo
    hb = RoundState((35000,) * 3, honba=1)
    assert settle_wins(hb, Win(1, B960, 2), rules=SANMA).deltas == (0, 4100, -4100)
    assert settle_wins(hb, Win(1, B960), rules=SANMA).deltas == (-2100, 3200, -1100)
    # a sanma game with the dealer moved: seat 2 deals
    moved = RoundState((35000,) * 3, first_dealer=2)
    assert settle_wins(moved, Win(1, B960), rules=SANMA).deltas == (-1000, 3000, -2000)


def test_pao_ron():
    base = settle_wins(st(honba=1), Win(1, 8000, 2, pao_seat=3), rules=R)
    assert base.deltas == (0, 32300, -16300, -16000)
    assert transfers(base) == {(2, 1, 16000, "ron"), (3, 1, 16000, "pao"), (2, 1, 300, "honba")}
    liable = settle_wins(st(honba=1), Win(1, 8000, 2, pao_seat=3), rules=R.replace(pao_honba="liable"))
    assert liable.deltas == (0, 32300, -16000, -16300)
    part = settle_wins(st(), Win(1, 16000, 2, pao_seat=3, pao_base=8000), rules=R)
    assert part.deltas == (0, 64000, -48000, -16000)
    whole = settle_wins(st(), Win(1, 16000, 2, pao_seat=3, pao_base=8000), rules=R.replace(pao_scope="whole_hand"))
    assert whole.deltas == (0, 64000, -32000, -32000)
    dealer = settle_wins(st(), Win(0, 8000, 2, pao_seat=1), rules=R)        # 48000 halved
    assert dealer.deltas == (48000, -24000, -24000, 0)
    # the liable player deals in himself, or "wins" himself: an ordinary ron / tsumo
    assert settle_wins(st(), Win(1, 8000, 2, pao_seat=2), rules=R).deltas == (0, 32000, -32000, 0)
    assert settle_wins(st(), Win(1, 8000, None, pao_seat=1), rules=R).deltas == (-16000, 32000, -8000, -8000)


def test_pao_tsumo():
    s = settle_wins(st(honba=2), Win(0, 8000, pao_seat=2), rules=R)
    assert s.deltas == (48600, 0, -48600, 0)
    assert transfers(s) == {(2, 0, 48000, "pao"), (2, 0, 600, "honba")}
    part = settle_wins(st(honba=1), Win(1, 16000, pao_seat=3, pao_base=8000), rules=R)
    assert part.deltas == (-16000, 64300, -8000, -40300)
    whole = settle_wins(st(), Win(1, 16000, pao_seat=3, pao_base=8000), rules=R.replace(pao_scope="whole_hand"))
    assert whole.deltas == (0, 64000, 0, -64000)
    nobase = settle_wins(st(), Win(1, 16000, pao_seat=3), rules=R)          # no pao_base: the whole hand
    assert nobase.deltas == (0, 64000, 0, -64000)


def test_multiple_ron_order_honba_and_sticks():
    two = [Win(3, B960, 0), Win(1, B960, 0)]
    s = settle_wins(st(first_dealer=2, honba=1, riichi_sticks=2), two, rules=R)   # dealer 2 not involved
    assert s.winners == (1, 3)                      # turn order after the discarder (seat 0)
    assert s.deltas == (-8100, 6200, 0, 3900)
    assert s.by_win == ((-4200, 6200, 0, 0), (-3900, 0, 0, 3900))   # the sticks come from the table
    each = settle_wins(st(first_dealer=2, honba=1, riichi_sticks=2), two, rules=R.replace(multi_ron_bonus="each"))
    assert each.deltas == (-8400, 6200, 0, 4200)
    # discarder 2: seat 3 comes before seat 1
    s = settle_wins(st(honba=1, riichi_sticks=1), [Win(1, B960, 2), Win(3, B960, 2)], rules=R)
    assert s.winners == (3, 1) and s.deltas == (0, 3900, -8100, 5200)
    assert not s.dealer_repeats and s.state.hand == 1 and s.state.honba == 0
    # the dealer among the winners repeats
    s = settle_wins(st(honba=1), [Win(0, B960, 2), Win(1, B960, 2)], rules=R)
    assert s.winners == (0, 1) and s.deltas == (6100, 3900, -10000, 0)   # seat 0 sits nearer to seat 2
    assert s.dealer_repeats and s.state.hand == 0 and s.state.honba == 2
    # atamahane: only the nearest wins
    s = settle_wins(st(), [Win(1, B960, 2), Win(3, B960, 2)], rules=R.replace(multiple_ron="atamahane"))
    assert s.winners == (3,) and s.ignored_winners == (1,) and s.deltas == (0, 0, -3900, 3900)


def test_triple_ron():
    three = [Win(0, B960, 1), Win(2, B960, 1), Win(3, B960, 1)]
    s = settle_wins(st(honba=1, riichi_sticks=1), three, rules=R)          # double + sanchahou: abort
    assert s.outcome == "abortive_draw" and s.abortive == "sanchahou" and s.deltas == (0, 0, 0, 0)
    assert s.state.honba == 2 and s.state.riichi_sticks == 1 and s.state.hand == 0
    no_abort = R.replace(abortive_draws=R.abortive_draws - {"sanchahou"})
    s = settle_wins(st(), three, rules=no_abort)
    assert s.winners == (2, 3) and s.ignored_winners == (0,) and s.deltas == (0, -7800, 3900, 3900)
    s = settle_wins(st(), three, rules=R.replace(multiple_ron="triple"))
    assert s.winners == (2, 3, 0) and s.deltas == (5800, -13600, 3900, 3900) and s.dealer_repeats


def test_settle_wins_refuses():
    good = st()
    for wins in ([], [(1, 960, 2)], [Win(4, 960, 2)], [Win(1, 960, 4)], [Win(1, 8000, 2, pao_seat=4)],
                 [Win(1, 960, 2), Win(1, 960, 3)], [Win(1, 960), Win(2, 960)], [Win(1, 960, 2), Win(3, 960, 0)],
                 [Win(1, 960, 2, dealer=True)], [Win(0, 960, 2, dealer=False)], [Win(1, 960, 2), Win(2, 960)]):
        with pytest.raises(InvalidContextError):
            settle_wins(good, wins, rules=R)
    with pytest.raises(InvalidContextError):
        settle_wins((25000,) * 4, Win(1, 960, 2), rules=R)
    with pytest.raises(InvalidRulesError):
        settle_wins(RoundState((35000,) * 3), Win(1, 960, 2), rules=R)
    with pytest.raises(InvalidRulesError):
        settle_wins(good, Win(1, 960, 2), rules=SANMA)
    assert settle_wins(good, Win(0, 960, 2, dealer=True), rules=R).deltas == (5800, 0, -5800, 0)
    assert settle_wins(good, Win(1, 960, 2)).deltas == (0, 3900, -3900, 0)     # rules None = Tenhou


def test_game_end_keeps_the_last_hand_and_ranks():
    # tobi: seat 3 goes below zero; the position stays at the hand played
    s = settle_wins(st(scores=(25000, 25000, 25000, 1000), round_wind=1, hand=2, honba=1), Win(1, B960, 3),
                    rules=R)
    assert s.game_over and s.end_reason == "tobi"
    assert s.state.scores == (25000, 29200, 25000, -3200)
    assert (s.state.round_wind, s.state.hand, s.state.honba, s.state.riichi_sticks) == (1, 2, 0, 0)
    f = s.final
    assert f.points == (25000, 29200, 25000, -3200) and f.order == (1, 0, 2, 3) and f.ranks == (1, 0, 2, 3)
    # points - 30000 return + uma (+ oka 20000 to first)
    assert f.results == (0, 29200, -10000, -43200)
    # the same tie with the first dealer at seat 2: seat 2 ranks above seat 0
    s = settle_wins(st(scores=(25000, 25000, 25000, 1000), first_dealer=2), Win(1, B960, 3), rules=R)
    assert s.final.order == (1, 2, 0, 3)


def test_last_hand_ends_the_game_and_sticks_left_on_the_table():
    s = settle_exhaustive_draw(st(scores=(31000, 30000, 20000, 17000), round_wind=1, hand=3, riichi_sticks=2),
                               [0], rules=R)     # S4, dealer seat 3 noten: game over, sticks to the top
    assert s.game_over and s.end_reason == "last_hand"
    assert s.deltas == (3000, -1000, -1000, -1000)
    assert s.state.riichi_sticks == 2 and s.state.honba == 1 and s.state.label == "S4"
    assert s.final.points == (36000, 29000, 19000, 16000)


# ---- exhaustive draws -------------------------------------------------------------------------
def test_noten_payments_and_transfers():
    s = settle_exhaustive_draw(st(honba=2, riichi_sticks=1), [0, 2], rules=R)
    assert s.deltas == (1500, -1500, 1500, -1500)
    assert transfers(s) == {(1, 0, 750, "noten"), (1, 2, 750, "noten"), (3, 0, 750, "noten"),
                            (3, 2, 750, "noten")}
    assert s.dealer_repeats and s.state.honba == 3 and s.state.riichi_sticks == 1 and s.sticks_collected == 0
    s = settle_exhaustive_draw(st(), [0, 1, 3], rules=R)
    assert transfers(s) == {(2, 0, 1000, "noten"), (2, 1, 1000, "noten"), (2, 3, 1000, "noten")}
    s = settle_exhaustive_draw(st(), [2], rules=R)
    assert transfers(s) == {(0, 2, 1000, "noten"), (1, 2, 1000, "noten"), (3, 2, 1000, "noten")}
    assert not s.dealer_repeats and s.state.hand == 1 and s.state.honba == 1
    for tenpai in ([], [0, 1, 2, 3]):
        s = settle_exhaustive_draw(st(), tenpai, rules=R)
        assert s.deltas == (0, 0, 0, 0) and s.transfers == ()
    assert noten_payments([True, False], 1000) == (1000, -1000)
    assert noten_payments([True, False, False], 2000) == (2000, -1000, -1000)
    assert noten_payments([False] * 3, 2000) == (0, 0, 0)
    with pytest.raises(InvalidRulesError):
        noten_payments([True, True, True, False], 1000)
    with pytest.raises(InvalidRulesError):
        noten_payments([True, False, False, False], 1000)


def test_draw_dealer_rule_knob_with_a_moved_dealer():
    state = st(first_dealer=1)            # seat 1 deals
    tenpai_dealer, noten_dealer = [1], [0]
    assert settle_exhaustive_draw(state, tenpai_dealer, rules=R).dealer_repeats
    assert not settle_exhaustive_draw(state, noten_dealer, rules=R).dealer_repeats
    rep = R.replace(draw_dealer_rule="always_repeat")
    s = settle_exhaustive_draw(state, noten_dealer, rules=rep)
    assert s.dealer_repeats and s.state.hand == 0 and s.state.dealer == 1
    rot = R.replace(draw_dealer_rule="always_rotate")
    s = settle_exhaustive_draw(state, tenpai_dealer, rules=rot)
    assert not s.dealer_repeats and s.state.hand == 1 and s.state.dealer == 2


def test_sanma_noten():
    s = settle_exhaustive_draw(RoundState((35000,) * 3, first_dealer=2), [2], rules=SANMA)
    assert s.deltas == (-1000, -1000, 2000) and s.dealer_repeats
    s = settle_exhaustive_draw(RoundState((35000,) * 3), [0, 1], rules=SANMA)
    assert s.deltas == (1000, 1000, -2000)


def test_exhaustive_draw_refuses():
    for kw in (dict(tenpai=[4]), dict(tenpai=[-1]), dict(tenpai=[0], nagashi=[4]),
               dict(tenpai=[0], last_drawer=4), dict(tenpai=[], nagashi=[0, 2])):
        with pytest.raises(InvalidContextError):
            settle_exhaustive_draw(st(), **kw, rules=R)


def test_nagashi_as_a_win():
    s = settle_exhaustive_draw(st(honba=1, riichi_sticks=1), [0, 1], nagashi=[2], rules=R)
    assert s.outcome == "nagashi_mangan" and s.winners == (2,)
    assert s.deltas == (-4100, -2100, 9300, -2100)         # no noten payments beside it
    assert transfers(s) == {(0, 2, 4000, "nagashi"), (1, 2, 2000, "nagashi"), (3, 2, 2000, "nagashi"),
                            (0, 2, 100, "honba"), (1, 2, 100, "honba"), (3, 2, 100, "honba"),
                            (None, 2, 1000, "riichi_sticks")}
    assert not s.dealer_repeats and s.state.hand == 1 and s.state.honba == 0 and s.state.riichi_sticks == 0
    assert s.sticks_collected == 1
    d = settle_exhaustive_draw(st(honba=1), [], nagashi=[0], rules=R)         # the dealer's nagashi
    assert d.deltas == (12300, -4100, -4100, -4100) and d.dealer_repeats and d.state.honba == 2


def test_nagashi_as_a_draw():
    s = settle_exhaustive_draw(st(honba=1, riichi_sticks=1), [0], nagashi=[2], rules=T)
    assert s.deltas == (-4000, -2000, 8000, -2000)         # no honba, sticks stay
    assert s.dealer_repeats and s.state.honba == 2 and s.state.riichi_sticks == 1 and s.sticks_collected == 0
    s = settle_exhaustive_draw(st(honba=1), [2], nagashi=[2], rules=T)
    assert not s.dealer_repeats and s.state.hand == 1 and s.state.honba == 2
    off = R.replace(nagashi_mangan="off")
    s = settle_exhaustive_draw(st(), [2], nagashi=[2], rules=off)
    assert s.outcome == "exhaustive_draw" and s.deltas == (-1000, -1000, 3000, -1000) and s.winners == ()


def test_several_nagashi_ordered_from_the_last_drawer():
    s = settle_exhaustive_draw(st(honba=1), [], nagashi=[0, 2], last_drawer=3, rules=R)
    assert s.winners == (0, 2)
    assert s.by_win == ((12300, -4100, -4100, -4100), (-4000, -2000, 8000, -2000))
    s = settle_exhaustive_draw(st(honba=1), [], nagashi=[0, 2], last_drawer=1, rules=R)
    assert s.winners == (2, 0)
    assert s.by_win == ((-4100, -2100, 8300, -2100), (12000, -4000, -4000, -4000))
    s = settle_exhaustive_draw(st(), [], nagashi=[1, 3], last_drawer=3, rules=R)   # the drawer comes first
    assert s.winners == (3, 1)
    each = settle_exhaustive_draw(st(honba=1), [], nagashi=[0, 2], last_drawer=1,
                                  rules=R.replace(multi_ron_bonus="each"))
    assert each.by_win[1] == (12300, -4100, -4100, -4100)
    near = settle_exhaustive_draw(st(honba=1), [], nagashi=[0, 2], last_drawer=1,
                                  rules=R.replace(nagashi_multiple="nearest"))
    assert near.winners == (2,) and near.deltas == (-4100, -2100, 8300, -2100)
    one = settle_exhaustive_draw(st(), [], nagashi=[3], last_drawer=None, rules=R)
    assert one.winners == (3,)


# ---- abortive draws --------------------------------------------------------------------------
def test_abortive_draws():
    s = settle_abortive_draw(st(first_dealer=1, honba=1, riichi_sticks=2), "kyuushu_kyuuhai", rules=R)
    assert s.outcome == "abortive_draw" and s.abortive == "kyuushu_kyuuhai" and s.deltas == (0, 0, 0, 0)
    assert s.dealer_repeats and s.state.hand == 0 and s.state.honba == 2 and s.state.riichi_sticks == 2
    rot = R.replace(abortive_dealer={"kyuushu_kyuuhai": "rotate"})
    s = settle_abortive_draw(st(honba=1), "kyuushu_kyuuhai", rules=rot)
    assert not s.dealer_repeats and s.state.hand == 1 and s.state.honba == 2
    assert settle_abortive_draw(st(), "suukaikan", rules=rot).dealer_repeats
    with pytest.raises(InvalidContextError):
        settle_abortive_draw(st(), "chombo", rules=R)
    with pytest.raises(InvalidContextError):
        settle_abortive_draw(RoundState((35000,) * 3), "suufon_renda", rules=SANMA)
    with pytest.raises(InvalidRulesError):
        settle_abortive_draw(st(), "suukaikan", rules=SANMA)


def test_abortive_draw_on_the_last_hand_does_not_end_the_game():
    # an abortive draw never counts as the dealer's tenpai (agari-yame does not apply)
    s = settle_abortive_draw(st(scores=(40000, 20000, 20000, 20000), round_wind=1, hand=3, first_dealer=1),
                             "kyuushu_kyuuhai", rules=T)
    assert not s.game_over and s.state.label == "S4" and s.state.honba == 1


# ---- final scores ---------------------------------------------------------------------------
def test_final_scores_checks_and_order():
    f = final_scores((20000, 30000, 10000, 40000), R)
    assert f.order == (3, 1, 0, 2) and f.ranks == (2, 1, 3, 0)
    assert f.results == (-15000, 5000, -30000, 40000)
    f = final_scores((25000, 25000, 25000, 25000), R, first_dealer=2)
    assert f.order == (2, 3, 0, 1)
    with pytest.raises(InvalidRulesError):
        final_scores((35000,) * 3, R)
    with pytest.raises(InvalidContextError):
        final_scores((25000,) * 4, R, first_dealer=4)
    with pytest.raises(InvalidContextError):
        final_scores((25000, 25000, 25000, 25000.0), R)
    with pytest.raises(InvalidRulesError):
        final_scores((35000,) * 3, SANMA.replace(uma=(10000, 5000, -5000, -10000)))


# ---- predicates -----------------------------------------------------------------------------
YAO = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
SIMPLES = [f"{n}{s}" for s in "mps" for n in range(2, 9)]


def test_is_nagashi_every_kind():
    for t in YAO:
        assert is_nagashi(t, rules=R) and is_nagashi("19m" + t, rules=R)
    for t in SIMPLES:
        assert not is_nagashi("19m19p" + t, rules=R) and not is_nagashi(t, rules=R)
    assert not is_nagashi("", rules=R)
    assert not is_nagashi("19m", called=True, rules=R)
    assert not is_nagashi("19m", rules=R.replace(nagashi_mangan="off"))
    assert is_nagashi("19m", rules=T)                                  # nagashi as a draw still counts
    closed = R.replace(nagashi_requires_closed=True)
    assert not is_nagashi("19m", closed=False, rules=closed) and is_nagashi("19m", rules=closed)
    assert is_nagashi("19m", closed=False, rules=R)
    assert is_nagashi(["1m", "9p", "1z"], rules=R)


def test_is_kyuushu_kyuuhai_boundary():
    assert is_kyuushu_kyuuhai("19m19p19s123z22345m")       # 9 kinds
    assert not is_kyuushu_kyuuhai("19m19p19s12z223456m")   # 8 kinds
    assert not is_kyuushu_kyuuhai("1199m1199p19s2345m")    # 6 kinds, pairs count once
    assert is_kyuushu_kyuuhai("19m19p19s1234567z")
    for t in YAO:                                           # each terminal / honor counts
        eight = [y for y in YAO if y != t][:8]
        assert not is_kyuushu_kyuuhai("".join(eight) + "22334m")
        assert is_kyuushu_kyuuhai("".join(eight) + t + "2234m")


def test_is_suufon_renda():
    for w in "1234":
        assert is_suufon_renda(f"{w * 4}z")
    assert not is_suufon_renda("5555z") and not is_suufon_renda("1119m") and not is_suufon_renda("111z")
    assert not is_suufon_renda("1112z") and not is_suufon_renda("9999m")


def test_is_suucha_riichi_and_suukaikan():
    assert is_suucha_riichi([0, 1, 2, 3]) and is_suucha_riichi((3, 2, 1, 0), players=4)
    assert not is_suucha_riichi([0, 1, 2]) and not is_suucha_riichi([0, 1, 2, 2])
    assert not is_suucha_riichi([0, 1, 2, 3], players=3)
    assert is_suukaikan([0, 0, 0, 1]) and is_suukaikan([0, 1, 2, 3, 0])
    assert not is_suukaikan([0, 0, 0, 0]) and not is_suukaikan([0, 1, 2])


def test_draw_tenpai_checks_and_melds():
    # kanchan 5s with the other three 5s in a pon: one copy left
    hand, pon = "46s123m456p99p", ["pon 555s"]
    assert is_draw_tenpai(hand, pon, rules=R)
    assert is_draw_tenpai(hand, pon, rules=R.replace(karaten_is_tenpai="unless_all_four_incl_melds"))
    assert is_draw_tenpai(hand, pon, rules=R.replace(karaten_is_tenpai="never"))
    seen = [0] * 34
    seen[22] = 1                                            # the fourth 5s is visible elsewhere
    never = R.replace(karaten_is_tenpai="never")
    assert not is_draw_tenpai(hand, pon, visible=seen, rules=never)
    assert is_draw_tenpai(hand, pon, visible=seen, rules=R.replace(karaten_is_tenpai="unless_all_four_incl_melds"))
    assert is_draw_tenpai(hand, pon, visible=seen, rules=R)
    # a kan of the waited kind: all four in the player's melds
    kan_hand = "46s123m456p99p"
    assert is_draw_tenpai(kan_hand, ["minkan 5555s"], rules=R)
    assert not is_draw_tenpai(kan_hand, ["minkan 5555s"], rules=R.replace(karaten_is_tenpai="unless_all_four_incl_melds"))
    # a tanki on a kind with three copies in a pon
    tanki = "9s123m456p789p"                                # 9s tanki beside a pon of 9s
    assert is_draw_tenpai(tanki, ["pon 999s"], rules=R)
    assert not is_draw_tenpai(tanki, ["pon 999s"], rules=R.replace(karaten_is_tenpai="unless_all_four_incl_melds"))
    with pytest.raises(InvalidContextError):
        is_draw_tenpai("46s123m456p99p1z", pon, rules=R)
    with pytest.raises(InvalidContextError):
        is_draw_tenpai(hand, pon, visible=[0] * 33, rules=never)
    with pytest.raises(ValueError):
        is_draw_tenpai("46s123m456p9x", pon, rules=R)
    assert not is_draw_tenpai("1359m2468p13579s", rules=R)
    assert is_draw_tenpai(["4s", "6s", "1m", "2m", "3m", "4p", "5p", "6p", "9p", "9p"], pon, rules=R)


# ---- karaten "always": an independent decomposer as the oracle ----------------------------------
def _standard(c: list[int], sets: int) -> bool:
    """``c`` (counts, copies above four allowed) is ``sets`` sets and one pair."""
    def rec(c, sets, pair):
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return sets == 0 and pair
        if c[i] >= 2 and not pair:
            c[i] -= 2
            ok = rec(c, sets, True)
            c[i] += 2
            if ok:
                return True
        if c[i] >= 3 and sets:
            c[i] -= 3
            ok = rec(c, sets - 1, pair)
            c[i] += 3
            if ok:
                return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2] and sets:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            ok = rec(c, sets - 1, pair)
            for k in (i, i + 1, i + 2):
                c[k] += 1
            if ok:
                return True
        return False
    return rec(list(c), sets, False)


def _oracle_always(counts: list[int], melds: int) -> bool:
    for k in range(34):
        c = list(counts)
        c[k] += 1
        if _standard(c, 4 - melds):
            return True
        if melds == 0 and c[k] <= 4:
            if all(v in (0, 2) for v in c) and sum(1 for v in c if v) == 7:
                return True
            yao = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
            if all(c[y] >= 1 for y in yao) and sum(c[y] for y in yao) == 14:
                return True
    return False


def _karaten_hands():
    """13 - 3k tiles one copy short of a complete hand that holds five copies of a kind (so the
    fifth copy may be the only wait): the kind at every position of a suit and on honors, in
    triplets, pairs and runs at every position; plus each hand with one other tile changed (mostly
    noten)."""
    rng = random.Random(20261201)
    out = []
    while len(out) < 400:
        q = rng.randrange(34)
        c = [0] * 34
        sets = pair = 0
        need = 5
        while need and sets <= 4:
            opts = (["trip"] if need >= 3 and c[q] == 0 else []) + (["pair"] if need >= 2 and not pair else [])
            runs = [s for s in range(q - 2, q + 1) if q < 27 and s >= 9 * (q // 9) and s + 2 < 9 * (q // 9 + 1)]
            opts += ["run"] * 2 if runs and sets < 4 else []
            if not opts:
                break
            o = rng.choice(opts)
            if o == "trip":
                c[q] += 3; need -= 3; sets += 1
            elif o == "pair":
                c[q] += 2; need -= 2; pair = 1
            else:
                s = rng.choice(runs)
                for k in (s, s + 1, s + 2):
                    c[k] += 1
                need -= 1; sets += 1
        if need or sets > 4 or max(c[k] for k in range(34) if k != q) > 4:
            continue
        melds = rng.choice((0, 0, 1)) if sets < 4 else 0
        tries = 0
        while (sets < 4 - melds or not pair) and tries < 50:
            tries += 1
            if not pair:
                k = rng.randrange(33)
                if k != q and c[k] + 2 <= 4:
                    c[k] += 2; pair = 1
                continue
            if rng.random() < 0.7:
                s = rng.choice([k for k in range(27) if k % 9 <= 6])
                group = (s, s + 1, s + 2)
            else:
                group = (rng.randrange(33),) * 3
            if q not in group and all(c[k] + group.count(k) <= 4 for k in group):
                for k in group:
                    c[k] += 1
                sets += 1
        if sets != 4 - melds or not pair or c[33]:
            continue
        c[q] -= 1
        out.append((list(c), melds))
        other = [k for k in range(34) if c[k] and k != q]
        a, b = rng.choice(other), rng.randrange(33)
        if a != b and c[b] < 4 and b != q:
            d = list(c)
            d[a] -= 1
            d[b] += 1
            out.append((d, melds))
    return out


def _as_arg(h):
    if isinstance(h, str):
        return h
    from yakuman.tiles import to_mpsz

    return to_mpsz(h)


def test_karaten_always_equals_an_independent_decomposer():
    from yakuman.tiles import to_mpsz

    always = R.replace(karaten_is_tenpai="always")
    tenpai = karaten = 0
    for counts, k in _karaten_hands():
        got = is_draw_tenpai(to_mpsz(counts), ["pon 777z"] * k, rules=always)
        assert got == _oracle_always(counts, k), (to_mpsz(counts), k)
        tenpai += got
        karaten += got and not is_draw_tenpai(to_mpsz(counts), ["pon 777z"] * k, rules=R)
    assert tenpai > 200 and karaten > 20


@pytest.mark.parametrize("hand, always, own", [
    ("1111m234p567s888s", True, False),     # only the fifth 1m: a triplet plus the pair
    ("9999m234p567s888s", True, False),
    ("1111z234p567s888s", True, False),     # an honor: only the triplet
    ("3445555667m111p", True, True),        # the fifth 5m only in runs (345 456 567 + 55); 2m too
    ("1359m2468p13579s", False, False),
    ("9m1111223p55777z", False, False),     # 9m-1p-2p is no run: a run never crosses suits
])
def test_karaten_modes_on_fixed_hands(hand, always, own):
    assert is_draw_tenpai(hand, rules=R.replace(karaten_is_tenpai="always")) is always
    assert is_draw_tenpai(hand, rules=R) is own


def test_abortive_draw_uses_the_rules_for_the_next_hand():
    # East-only game, East 4, the dealer rotates on kyuushu: the game is over (a hanchan goes on)
    east = R.replace(length="tonpuusen", abortive_dealer={"kyuushu_kyuuhai": "rotate"})
    s = settle_abortive_draw(st(scores=(40000, 20000, 20000, 20000), hand=3), "kyuushu_kyuuhai", rules=east)
    assert s.game_over and s.end_reason == "last_hand" and s.final.order == (0, 1, 2, 3)
    hanchan = R.replace(abortive_dealer={"kyuushu_kyuuhai": "rotate"})
    s = settle_abortive_draw(st(scores=(40000, 20000, 20000, 20000), hand=3), "kyuushu_kyuuhai", rules=hanchan)
    assert not s.game_over and s.state.label == "S1"


def test_sanchahou_follows_the_given_rules():
    rot = R.replace(abortive_dealer={"sanchahou": "rotate"})
    s = settle_wins(st(honba=1), [Win(0, B960, 1), Win(2, B960, 1), Win(3, B960, 1)], rules=rot)
    assert s.abortive == "sanchahou" and not s.dealer_repeats and s.state.hand == 1 and s.state.honba == 2


@pytest.mark.parametrize("wins, message", [
    ([Win(4, 960, 2)], r"^winner 4 is not a seat 0\.\.3$"),
    ([Win(1, 960, 4)], r"^discarder 4 is not a seat 0\.\.3$"),
    ([Win(1, 8000, 2, pao_seat=5)], r"^pao seat 5 is not a seat 0\.\.3$"),
    ([Win(1, 960, 2, dealer=True)], r"^winner 1 has seat wind S in this round \(the dealer is seat 0\), but the "
                                    r"score was computed for the dealer \(seat_wind E\)$"),
])
def test_error_messages_name_the_seat(wins, message):
    with pytest.raises(InvalidContextError, match=message):
        settle_wins(st(), wins, rules=R)


def test_dealer_message_for_a_winner_outside_the_table():
    with pytest.raises(InvalidContextError, match=r"^winner 4 has seat wind \? in this round"):
        Win.from_score(_score(3, 30, points=5800, ron=5800), 4, 0, state=st())
    with pytest.raises(InvalidContextError, match=r"^winner 3 has seat wind E in this round \(the dealer is seat 3\), "
                                                  r"but the score was computed for a non-dealer$"):
        Win.from_score(_score(3, 30, points=3900, ron=3900), 3, 0, state=st(first_dealer=3))
    with pytest.raises(InvalidContextError, match=r"^winner 2 has seat wind N in this round \(the dealer is seat 3\)"):
        Win.from_score(_score(3, 30, points=5800, ron=5800), 2, 0, state=st(first_dealer=3))


def test_pao_tsumo_remainders():
    # the dealer wins a double yakuman, one yakuman of it liable: 6 x 8000 from the liable
    # player, the other yakuman as a dealer tsumo (16000 all)
    s = settle_wins(st(), Win(0, 16000, pao_seat=2, pao_base=8000), rules=R)
    assert s.deltas == (96000, -16000, -64000, -16000)
    assert transfers(s) == {(2, 0, 48000, "pao"), (1, 0, 16000, "tsumo"), (2, 0, 16000, "tsumo"),
                            (3, 0, 16000, "tsumo")}
    part = settle_wins(st(), Win(1, 16000, pao_seat=3, pao_base=8000), rules=R)
    assert transfers(part) == {(3, 1, 32000, "pao"), (0, 1, 16000, "tsumo"), (2, 1, 8000, "tsumo"),
                               (3, 1, 8000, "tsumo")}
    # a remainder of one base point is still paid, rounded up to 100 per payer
    odd = settle_wins(st(), Win(1, 8001, pao_seat=3, pao_base=8000), rules=R)
    assert odd.deltas == (-100, 32300, -100, -32100)
    # sanma, liable part only: the remainder split between the two others with tsumo loss
    three = SANMA.replace(pao_scope="liable_yakuman_only")
    s = settle_wins(RoundState((35000,) * 3), Win(1, 16000, pao_seat=2, pao_base=8000), rules=three)
    assert s.deltas == (-16000, 56000, -40000)
    s = settle_wins(RoundState((35000,) * 3), Win(1, 16000, pao_seat=2, pao_base=8000),
                    rules=three.replace(tsumo_loss=False))
    assert s.deltas == (-20000, 64000, -44000)       # the absent North's 8000 split: 4000 each


def test_agari_yame_and_tenpai_yame_in_the_last_hand():
    last = st(scores=(20000, 20000, 20000, 40000), round_wind=1, hand=3)   # S4, seat 3 deals and leads
    s = settle_wins(last, Win(3, B960, 0), rules=T)
    assert s.game_over and s.end_reason == "all_last_stop" and s.deltas == (-5800, 0, 0, 5800)
    s = settle_exhaustive_draw(last, [3], rules=T)
    assert s.game_over and s.end_reason == "all_last_stop"
    s = settle_wins(last, Win(3, B960, 0), rules=T.replace(all_last_stop=False))
    assert not s.game_over and s.state.label == "S4" and s.state.honba == 1
    s = settle_exhaustive_draw(last, [3], nagashi=[3], rules=R.replace(all_last_stop=True))   # nagashi as a win
    assert s.game_over and s.end_reason == "all_last_stop"


def test_final_scores_defaults_and_messages():
    assert final_scores((25000,) * 4, R).order == (0, 1, 2, 3)            # first dealer = seat 0 by default
    assert final_scores((25000,) * 4, R, first_dealer=1).order == (1, 2, 3, 0)
    with pytest.raises(InvalidContextError, match=r"^first dealer 4 is not a seat 0\.\.3$"):
        final_scores((25000,) * 4, R, first_dealer=4)
    with pytest.raises(InvalidContextError, match=r"^riichi seat 4 is not a seat 0\.\.3$"):
        st().declare_riichi(4)
    for kw, what in ((dict(tenpai=[4]), "tenpai seat"), (dict(tenpai=[], nagashi=[4]), "nagashi seat"),
                     (dict(tenpai=[], last_drawer=5), "last drawer")):
        with pytest.raises(InvalidContextError, match=rf"^{what} \d is not a seat 0\.\.3$"):
            settle_exhaustive_draw(st(), **kw, rules=R)


def test_predicates_take_counts_and_name_the_input_in_errors():
    yao = [0] * 34
    yao[0] = yao[33] = 2
    assert is_nagashi(yao, rules=R) and is_nagashi(tuple(yao), rules=R)
    simple = list(yao)
    simple[4] = 1
    assert not is_nagashi(simple, rules=R)
    counts = [0] * 34
    for k in (0, 8, 9, 17, 18, 26, 27, 28, 29):
        counts[k] = 1
    counts[1], counts[2] = 3, 2                                # 14 tiles, nine terminal / honor kinds
    assert is_kyuushu_kyuuhai(counts)
    four_east = [0] * 34
    four_east[27] = 4
    assert is_suufon_renda(four_east) and is_suufon_renda(["1z"] * 4)
    chuuren = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25
    assert is_draw_tenpai(chuuren, rules=R)
    for fn, what in ((lambda: is_draw_tenpai("123x", rules=R), "the tenpai hand"),
                     (lambda: is_nagashi("1x", rules=R), "the discards"),
                     (lambda: is_kyuushu_kyuuhai("1x"), "the kyuushu hand"),
                     (lambda: is_suufon_renda("1x"), "the first discards")):
        with pytest.raises(ValueError, match=f" - in {what}$"):
            fn()


def test_a_fifth_copy_needed_in_a_run_never_is_the_only_wait():
    """Why the run part of the karaten "always" search cannot change a result: in every hand
    whose fifth copy of a kind completes it only inside a run (not as a triplet), some ordinary
    tile completes it too. Random hands built that way (a pair plus three runs through the kind,
    or a triplet plus two runs, the rest random sets): each has an ordinary wait."""
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        q = rng.randrange(27)
        runs = [s for s in range(q - 2, q + 1) if s >= 9 * (q // 9) and s + 2 < 9 * (q // 9 + 1)]
        pair = rng.random() < 0.5
        c = [0] * 34
        for s in [rng.choice(runs) for _ in range(3 if pair else 2)]:
            for k in (s, s + 1, s + 2):
                c[k] += 1
        c[q] += 2 if pair else 3
        sets = 3                                            # three runs, or a triplet and two runs
        while sets < 4 or not pair:
            if not pair:
                k = rng.randrange(34)
                if k != q and c[k] <= 2:
                    c[k] += 2
                    pair = True
                continue
            s = rng.choice([k for k in range(27) if k % 9 <= 6])
            g = (s, s + 1, s + 2) if rng.random() < 0.5 else (rng.randrange(34),) * 3
            if q not in g and all(c[k] + g.count(k) <= 4 for k in g):
                for k in g:
                    c[k] += 1
                sets += 1
        if c[q] != 5 or max(c[k] for k in range(34) if k != q) > 4:
            continue
        t = list(c)
        t[q] -= 3
        if _standard(t, 3):
            continue                                        # the triplet works: not this case
        c[q] -= 1
        checked += 1
        assert any(_standard([v + (k == j) for j, v in enumerate(c)], 4) for k in range(34) if k != q and c[k] < 4), c
    assert checked > 50


def test_a_liable_player_who_deals_in_pays_a_plain_ron():
    """The pao seat throws the winning tile itself: no pao split, one ron transfer of the whole
    hand plus the honba (under every pao_scope / pao_honba), as if nobody were liable."""
    for rules in (R, T, R.replace(pao_honba="liable")):
        s = settle_wins(st(honba=2, riichi_sticks=1), Win(1, 8000, 2, pao_seat=2), rules=rules)
        plain = settle_wins(st(honba=2, riichi_sticks=1), Win(1, 8000, 2), rules=rules)
        assert transfers(s) == transfers(plain) == {(2, 1, 32000, "ron"), (2, 1, 600, "honba"),
                                                    (None, 1, 1000, "riichi_sticks")}
        assert s.deltas == plain.deltas == (0, 33600, -32600, 0)


def test_tenhou_pao_honba_is_paid_by_the_liable_seat():
    """Tenhou (pao_honba liable): a third seat deals in to a daisangen whose third dragon seat 3
    fed; the ron is split between the discarder and the liable seat, and the honba (300) is the
    liable seat's; under pao_honba = discarder it is the discarder's."""
    s = settle_wins(st(honba=1), Win(1, 8000, 2, pao_seat=3), rules=T)
    assert transfers(s) == {(2, 1, 16000, "ron"), (3, 1, 16000, "pao"), (3, 1, 300, "honba")}
    assert s.deltas == (0, 32300, -16000, -16300)
    d = settle_wins(st(honba=1), Win(1, 8000, 2, pao_seat=3), rules=T.replace(pao_honba="discarder"))
    assert d.deltas == (0, 32300, -16300, -16000)
