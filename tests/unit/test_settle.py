"""Round settlement: every example of docs/rules.md 8.3 (R1-R10) with exact numbers, and the knobs."""

from types import SimpleNamespace

import pytest

from yakuman.errors import InvalidContextError, InvalidRulesError
from yakuman.rules import Rules
from yakuman.settle import (
    RoundState,
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

E, S, W, N = 0, 1, 2, 3
START = (25000, 25000, 25000, 25000)
DEFAULT = Rules()  # the library defaults (the starred values of docs/rules.md 7)


def table(honba=0, sticks=0, scores=START, **kw):
    return RoundState(tuple(scores), honba=honba, riichi_sticks=sticks, **kw)


# ---- R1 noten payments ----------------------------------------------------------------------
def test_r1_one_tenpai_non_dealer_deal_passes_sticks_stay():
    s = settle_exhaustive_draw(table(honba=0, sticks=1), [S], rules=DEFAULT)
    assert s.outcome == "exhaustive_draw"
    assert s.deltas == (-1000, 3000, -1000, -1000)
    assert not s.dealer_repeats
    assert (s.state.dealer, s.state.honba, s.state.riichi_sticks, s.state.label) == (S, 1, 1, "E2")
    assert s.sticks_collected == 0


def test_r1_two_tenpai_with_dealer_repeats():
    s = settle_exhaustive_draw(table(), [E, W], rules=DEFAULT)
    assert s.deltas == (1500, -1500, 1500, -1500)
    assert s.dealer_repeats and (s.state.dealer, s.state.honba) == (E, 1)
    assert sorted((t.payer, t.payee, t.amount) for t in s.transfers) == [
        (1, 0, 750), (1, 2, 750), (3, 0, 750), (3, 2, 750)]


def test_r1_three_tenpai_and_none_or_all():
    assert settle_exhaustive_draw(table(), [E, S, W], rules=DEFAULT).deltas == (1000, 1000, 1000, -3000)
    assert settle_exhaustive_draw(table(), [], rules=DEFAULT).deltas == (0, 0, 0, 0)
    assert settle_exhaustive_draw(table(), [E, S, W, N], rules=DEFAULT).deltas == (0, 0, 0, 0)


@pytest.mark.parametrize("total, one, two", [
    (3000, (3000, -1500, -1500), (1500, 1500, -3000)),
    (2000, (2000, -1000, -1000), (1000, 1000, -2000)),
])
def test_r1_three_players(total, one, two):
    rules = Rules(players=3, noten_payment_total=total, uma=(15000, 0, -15000))
    state = RoundState((35000,) * 3)
    assert settle_exhaustive_draw(state, [E], rules=rules).deltas == one
    assert settle_exhaustive_draw(state, [E, S], rules=rules).deltas == two


def test_r1_two_players_and_bad_totals():
    assert noten_payments([True, False], 1500) == (1500, -1500)
    assert noten_payments([False, True], 1000) == (-1000, 1000)
    with pytest.raises(InvalidRulesError):
        noten_payments([True, False, False, False], 1000)
    with pytest.raises(InvalidRulesError, match="multiple of 12"):
        Rules(noten_payment_total=1000)


# ---- R2 / R3 nagashi mangan -----------------------------------------------------------------
def test_r2_nagashi_as_a_win():
    s = settle_exhaustive_draw(table(honba=2, sticks=1), [E], nagashi=[S], rules=DEFAULT)
    assert s.outcome == "nagashi_mangan" and s.winners == (S,)
    assert s.deltas == (-4200, 9600, -2200, -2200)
    assert s.sticks_collected == 1 and s.state.riichi_sticks == 0
    assert not s.dealer_repeats and (s.state.dealer, s.state.honba) == (S, 0)


@pytest.mark.parametrize("dealer_tenpai", [True, False])
def test_r2_nagashi_as_a_draw(dealer_tenpai):
    rules = DEFAULT.replace(nagashi_mangan="draw")
    s = settle_exhaustive_draw(table(honba=2, sticks=1), [E] if dealer_tenpai else [W], nagashi=[S], rules=rules)
    assert s.deltas == (-4000, 8000, -2000, -2000)  # no honba, no noten payments
    assert s.sticks_collected == 0 and s.state.riichi_sticks == 1
    assert s.dealer_repeats == dealer_tenpai and s.state.honba == 3


def test_nagashi_off_is_an_ordinary_draw():
    s = settle_exhaustive_draw(table(), [E], nagashi=[S], rules=DEFAULT.replace(nagashi_mangan="off"))
    assert s.outcome == "exhaustive_draw" and s.deltas == (3000, -1000, -1000, -1000)


def test_r3_two_nagashi_all():
    s = settle_exhaustive_draw(table(), [], nagashi=[E, W], last_drawer=N, rules=DEFAULT.replace(nagashi_mangan="draw"))
    assert s.deltas == (8000, -6000, 4000, -6000)
    assert s.by_win == ((12000, -4000, -4000, -4000), (-4000, -2000, 8000, -2000))


def test_nagashi_nearest_and_win_mode_bonus_goes_to_the_nearest():
    rules = DEFAULT.replace(nagashi_multiple="nearest")
    s = settle_exhaustive_draw(table(honba=1, sticks=1), [], nagashi=[E, W], last_drawer=S, rules=rules)
    assert s.winners == (W,)  # turn order from the last drawer S: S, W, N, E
    assert s.deltas == (-4100, -2100, 9300, -2100)
    both = settle_exhaustive_draw(table(honba=1, sticks=1), [], nagashi=[E, W], last_drawer=S, rules=DEFAULT)
    assert both.winners == (W, E)
    assert both.by_win == ((-4100, -2100, 9300, -2100), (12000, -4000, -4000, -4000))
    assert both.dealer_repeats and both.state.honba == 2
    with pytest.raises(InvalidContextError, match="last_drawer"):
        settle_exhaustive_draw(table(), [], nagashi=[E, W], rules=DEFAULT)


def test_is_nagashi():
    assert is_nagashi("19m19p1s1234z", rules=DEFAULT)
    assert not is_nagashi("19m19p1s1234z5m", rules=DEFAULT)
    assert not is_nagashi("19m", called=True, rules=DEFAULT)
    assert is_nagashi("19m", closed=False, rules=DEFAULT)
    assert not is_nagashi("19m", closed=False, rules=DEFAULT.replace(nagashi_requires_closed=True))
    assert not is_nagashi("19m", rules=DEFAULT.replace(nagashi_mangan="off"))


# ---- R4 multiple ron --------------------------------------------------------------------------
def r4_wins():
    return [Win(E, base_points(2, 30), N), Win(S, base_points(3, 30), N)]


def test_r4_double_ron_nearest():
    s = settle_wins(table(honba=2, sticks=2), r4_wins(), rules=DEFAULT)
    assert s.winners == (E, S)  # E comes first in turn order after N
    assert s.by_win == ((5500, 0, 0, -3500), (0, 3900, 0, -3900))
    assert s.deltas == (5500, 3900, 0, -7400)
    assert s.dealer_repeats and (s.state.dealer, s.state.honba, s.state.riichi_sticks) == (E, 3, 0)


def test_r4_double_ron_each():
    s = settle_wins(table(honba=2, sticks=2), r4_wins(), rules=DEFAULT.replace(multi_ron_bonus="each"))
    assert s.deltas == (5500, 4500, 0, -8000)
    assert s.by_win[1] == (0, 4500, 0, -4500)


def test_r4_atamahane_and_triple():
    s = settle_wins(table(honba=2, sticks=2), list(reversed(r4_wins())), rules=DEFAULT.replace(multiple_ron="atamahane"))
    assert s.winners == (E,) and s.ignored_winners == (S,)
    assert s.deltas == (5500, 0, 0, -3500)
    three = r4_wins() + [Win(W, 1000, N)]
    abort = settle_wins(table(honba=2, sticks=2), three, rules=DEFAULT)
    assert abort.outcome == "abortive_draw" and abort.abortive == "sanchahou"
    assert abort.deltas == (0, 0, 0, 0) and abort.state.honba == 3 and abort.state.riichi_sticks == 2
    triple = settle_wins(table(), three, rules=DEFAULT.replace(multiple_ron="triple"))
    assert triple.winners == (E, S, W) and triple.deltas == (2900, 3900, 4000, -10800)
    capped = settle_wins(table(), three, rules=DEFAULT.replace(abortive_draws=frozenset()))
    assert capped.winners == (E, S) and capped.ignored_winners == (W,)


# ---- R5 pao -----------------------------------------------------------------------------------
def test_r5_pao_whole_hand_dealer_tsumo_and_ron():
    rules = DEFAULT.replace(pao_scope="whole_hand")
    tsumo = settle_wins(table(), Win(E, 8000, None, pao_seat=S), rules=rules)
    assert tsumo.deltas == (48000, -48000, 0, 0)
    ron = settle_wins(table(), Win(E, 8000, W, pao_seat=S), rules=rules)
    assert ron.deltas == (48000, -24000, -24000, 0)
    self_ron = settle_wins(table(), Win(E, 8000, S, pao_seat=S), rules=rules)
    assert self_ron.deltas == (48000, -48000, 0, 0)


def test_ex28_pao_non_dealer_with_honba():
    # A = S wins daisangen; B = W fed the third dragon; C = N deals in.
    tsumo = settle_wins(table(honba=1), Win(S, 8000, None, pao_seat=W), rules=DEFAULT)
    assert tsumo.deltas == (0, 32300, -32300, 0)
    ron = settle_wins(table(honba=1), Win(S, 8000, N, pao_seat=W), rules=DEFAULT)
    assert ron.deltas == (0, 32300, -16000, -16300)
    liable_honba = settle_wins(table(honba=1), Win(S, 8000, N, pao_seat=W), rules=DEFAULT.replace(pao_honba="liable"))
    assert liable_honba.deltas == (0, 32300, -16300, -16000)


def test_pao_scope_on_a_double_yakuman():
    # daisangen (pao) + tsuuiisou by non-dealer S, B = W liable for daisangen only.
    only = DEFAULT.replace(pao_scope="liable_yakuman_only")
    tsumo = settle_wins(table(honba=1), Win(S, 16000, None, pao_seat=W, pao_base=8000), rules=only)
    assert tsumo.deltas == (-16000, 64300, -40300, -8000)  # 32000 + the other yakuman as a tsumo
    ron = settle_wins(table(), Win(S, 16000, N, pao_seat=W, pao_base=8000), rules=only)
    assert ron.deltas == (0, 64000, -16000, -48000)
    whole = DEFAULT.replace(pao_scope="whole_hand")
    assert settle_wins(table(honba=3), Win(E, 16000, None, pao_seat=W, pao_base=8000),
                       rules=whole).deltas == (96900, 0, -96900, 0)
    assert settle_wins(table(), Win(S, 16000, N, pao_seat=W, pao_base=8000),
                       rules=whole).deltas == (0, 64000, -32000, -32000)


# ---- R6 / R7 abortive draws ------------------------------------------------------------------
def test_r6_kyuushu_kyuuhai():
    assert is_kyuushu_kyuuhai("1239m1569p14s1235z")
    assert not is_kyuushu_kyuuhai("1239m1569p14s1224z")  # 8 kinds
    s = settle_abortive_draw(table(honba=1, sticks=1), "kyuushu_kyuuhai", rules=DEFAULT)
    assert s.outcome == "abortive_draw" and s.deltas == (0, 0, 0, 0)
    assert s.dealer_repeats and (s.state.dealer, s.state.honba, s.state.riichi_sticks) == (E, 2, 1)


def test_r7_suufon_renda_keeps_a_double_riichi_stick():
    assert is_suufon_renda(["1z", "1z", "1z", "1z"])
    assert not is_suufon_renda(["1z", "1z", "1z", "2z"]) and not is_suufon_renda(["5z"] * 4)
    state = table().declare_riichi(S, DEFAULT)
    s = settle_abortive_draw(state, "suufon_renda", rules=DEFAULT)
    assert s.state.scores == (25000, 24000, 25000, 25000) and s.state.riichi_sticks == 1


def test_abortive_knobs_and_other_predicates():
    rotate = DEFAULT.replace(abortive_dealer={"suukaikan": "rotate"})
    assert not settle_abortive_draw(table(), "suukaikan", rules=rotate).dealer_repeats
    assert settle_abortive_draw(table(), "suucha_riichi", rules=rotate).dealer_repeats
    with pytest.raises(InvalidContextError, match="not an abortive draw under these rules"):
        settle_abortive_draw(table(), "kyuushu_kyuuhai", rules=Rules.mleague())
    with pytest.raises(InvalidContextError, match="unknown abortive draw"):
        settle_abortive_draw(table(), "nine_gates", rules=DEFAULT)
    assert is_suucha_riichi([0, 1, 2, 3]) and not is_suucha_riichi([0, 1, 2])
    assert is_suukaikan([0, 0, 1, 2]) and not is_suukaikan([1, 1, 1, 1]) and not is_suukaikan([0, 1, 2])


# ---- R8 honba and stick carry-over ------------------------------------------------------------
def test_r8_carry_over_through_three_hands():
    rules = DEFAULT
    state = table()
    state = state.declare_riichi(W, rules)  # C declares riichi
    s1 = settle_exhaustive_draw(state, [W], rules=rules)  # A (dealer) noten
    assert (s1.state.label, s1.state.dealer, s1.state.honba, s1.state.riichi_sticks) == ("E2", S, 1, 1)
    s2 = settle_abortive_draw(s1.state, "kyuushu_kyuuhai", rules=rules)
    assert (s2.state.label, s2.state.honba, s2.state.riichi_sticks) == ("E2", 2, 1)
    s3 = settle_wins(s2.state, Win(W, base_points(3, 30), N), rules=rules)  # C rons D for 3900
    assert s3.by_win[0] == (0, 0, 5500, -4500)
    assert (s3.state.label, s3.state.dealer, s3.state.honba, s3.state.riichi_sticks) == ("E3", W, 0, 0)
    assert sum(s3.state.scores) == 100000


# ---- R9 tobi ---------------------------------------------------------------------------------
def test_r9_tobi():
    state = table(scores=(40000, 30000, 28500, 1500))
    s = settle_wins(state, Win(S, base_points(2, 30), N), rules=DEFAULT)
    assert s.state.scores[N] == -500
    assert s.game_over and s.end_reason == "tobi" and s.final is not None
    zero = table(scores=(40000, 30000, 28000, 2000))
    assert not settle_wins(zero, Win(S, base_points(2, 30), N), rules=DEFAULT).game_over
    assert settle_wins(zero, Win(S, base_points(2, 30), N), rules=DEFAULT.replace(tobi="zero_or_below")).game_over
    assert not settle_wins(state, Win(S, base_points(2, 30), N), rules=DEFAULT.replace(tobi="off")).game_over


# ---- R10 final scores --------------------------------------------------------------------------
def test_r10_final_scores():
    scores = (42300, 31700, 18000, 8000)
    five_ten = final_scores(scores, DEFAULT)
    assert five_ten.results == (42300, 6700, -17000, -32000) and sum(five_ten.results) == 0
    assert five_ten.order == (0, 1, 2, 3) and five_ten.ranks == (0, 1, 2, 3)
    ten_twenty = final_scores(scores, DEFAULT.replace(uma=(20000, 10000, -10000, -20000)))
    assert ten_twenty.results == (52300, 11700, -22000, -42000) and sum(ten_twenty.results) == 0


def test_final_ties_leftover_sticks_and_uma_checks():
    tied = (30000, 30000, 20000, 20000)
    assert final_scores(tied, DEFAULT, first_dealer=1).order == (1, 0, 2, 3)
    first = final_scores(tied, DEFAULT, first_dealer=3)
    assert first.order == (0, 1, 3, 2)  # closer to the first dealer (seat 3) ranks higher
    split = final_scores(tied, DEFAULT.replace(tie_break="split"))
    assert split.results == (17500, 17500, -17500, -17500)
    sticks = final_scores((30000, 29000, 20000, 19000), DEFAULT, riichi_sticks=2)
    assert sticks.points == (32000, 29000, 20000, 19000)
    lost = final_scores((30000, 29000, 20000, 19000), DEFAULT.replace(leftover_sticks="lost"), riichi_sticks=2)
    assert lost.points == (30000, 29000, 20000, 19000)
    with pytest.raises(InvalidRulesError, match="uma"):
        final_scores((35000, 35000, 35000), Rules(players=3))
    sanma = final_scores((47000, 40400, 17600), Rules.tenhou_sanma())
    assert sanma.results == (42000, 400, -42400)


# ---- single wins, sanma, payments ---------------------------------------------------------------
def test_single_win_payments_and_rounding():
    s = settle_wins(table(honba=1), Win(E, base_points(3, 60), W), rules=DEFAULT)
    assert s.deltas == (11900, 0, -11900, 0)  # docs/rules.md 5.2: 11600 at 1 honba
    s = settle_wins(table(honba=3), Win(E, base_points(3, 60)), rules=DEFAULT)
    assert s.deltas == (12600, -4200, -4200, -4200)  # 3900 all at 3 honba
    s = settle_wins(table(honba=2), Win(S, 2000), rules=DEFAULT)
    assert s.deltas == (-4200, 8600, -2200, -2200)  # 2000/4000 at 2 honba
    s = settle_wins(table(), Win(S, base_points(1, 30)), rules=DEFAULT)
    assert s.deltas == (-500, 1100, -300, -300)


def test_sanma_tsumo_loss_and_north_bisection():
    tenhou3 = Rules.tenhou_sanma()
    state = RoundState((35000,) * 3, honba=1, riichi_sticks=1)
    assert settle_wins(state, Win(S, 4000), rules=tenhou3).deltas == (-8100, 13200, -4100)
    assert settle_wins(state, Win(S, 4000, W), rules=tenhou3).deltas == (0, 17200, -16200)
    bisect = tenhou3.replace(tsumo_loss=False)
    assert settle_wins(state, Win(S, 2000), rules=bisect).deltas == (-5100, 9200, -3100)
    assert settle_wins(state, Win(E, 2000), rules=bisect).deltas == (13200, -6100, -6100)


def test_next_state_rotation_and_game_end():
    rules = DEFAULT.replace(length="tonpuusen")
    s = settle_wins(RoundState(START, 0, 3), Win(S, 2000, E), rules=rules)  # E4: the dealer N does not win
    assert s.game_over and s.end_reason == "last_hand" and s.final.order[0] == S
    hanchan = settle_wins(RoundState(START, 0, 3), Win(S, 2000, E), rules=DEFAULT)
    assert not hanchan.game_over and hanchan.state.label == "S1" and hanchan.state.dealer == E


def test_sudden_death_and_all_last_stop():
    tenhou = Rules.tenhou()
    low = (26000, 24000, 25000, 25000)
    # S4 (dealer N): a non-dealer win leaves everyone below 30000 -> West 1.
    s = settle_wins(RoundState(low, 1, 3), Win(S, 480, E), rules=tenhou)
    assert not s.game_over and s.state.label == "W1"
    s = settle_wins(RoundState(low, 1, 3), Win(S, 2000, E), rules=tenhou)
    assert s.game_over and s.end_reason == "last_hand"
    # In West the game ends when the deal passes and someone has 30000 ...
    w1 = RoundState((29000, 24000, 22000, 25000), 2, 0)
    assert settle_wins(w1, Win(S, 2000, W), rules=tenhou).end_reason == "sudden_death"
    # ... but not while the dealer repeats without being top
    assert not settle_exhaustive_draw(RoundState((20000, 31000, 24000, 25000), 2, 0), [E], rules=tenhou).game_over
    # all-last dealer top with 30000+ after a win or tenpai ends the game
    top = settle_exhaustive_draw(RoundState((20000, 24000, 25000, 31000), 1, 3), [N], rules=tenhou)
    assert top.game_over and top.end_reason == "all_last_stop"
    below = settle_exhaustive_draw(RoundState((20000, 25000, 28500, 26500), 1, 3), [N], rules=tenhou)
    assert below.state.scores[N] == 29500 and below.dealer_repeats
    assert not below.game_over
    no_stop = settle_exhaustive_draw(RoundState((20000, 24000, 25000, 31000), 1, 3), [N], rules=DEFAULT)
    assert not no_stop.game_over
    # past the extension the game always ends
    assert settle_wins(RoundState(low, 2, 3), Win(S, 480, E), rules=tenhou).end_reason == "last_hand"


def test_riichi_declaration_and_state_checks():
    state = table(scores=(900, 25000, 25000, 49100))
    with pytest.raises(InvalidContextError, match="riichi needs 1000"):
        state.declare_riichi(E, DEFAULT)
    assert state.declare_riichi(E, Rules.mleague()).scores[E] == -100
    with pytest.raises(InvalidContextError):
        RoundState((25000, 25000, 25000, 25000), hand=4)
    with pytest.raises(InvalidRulesError, match="3-player table"):
        settle_wins(RoundState((35000,) * 3), Win(0, 2000), rules=DEFAULT)
    with pytest.raises(InvalidContextError, match="one discarder"):
        settle_wins(table(), [Win(0, 2000, 2), Win(1, 2000, 3)], rules=DEFAULT)
    with pytest.raises(InvalidContextError, match="exactly one winner"):
        settle_wins(table(), [Win(0, 2000), Win(1, 2000, 3)], rules=DEFAULT)
    with pytest.raises(InvalidContextError, match="exceeds mangan"):
        base_points(5, 30)
    with pytest.raises(InvalidContextError, match="pao applies to yakuman"):
        Win(0, 2000, 1, pao_seat=2)


def test_base_points_and_from_score():
    assert base_points(1, 30) == 240 and base_points(4, 30) == 1920
    assert base_points(limit="haneman") == 3000 and base_points(yakuman=2) == 16000
    kazoe = SimpleNamespace(han=26, fu=40, limit="yakuman", yakuman=0)
    assert Win.from_score(kazoe, 0, rules=DEFAULT).base == 8000
    assert Win.from_score(kazoe, 0, rules=DEFAULT.replace(kazoe="multiple")).base == 16000
    assert Win.from_score(SimpleNamespace(han=3, fu=40, limit=None, yakuman=0), 1, 2).base == 1280


# ---- tenpai at a draw (karaten) ---------------------------------------------------------------
def test_draw_tenpai_karaten_modes():
    own_four = "1111m234p567p789s"  # waits only on a fifth 1m
    assert not is_draw_tenpai(own_four, rules=DEFAULT)
    assert is_draw_tenpai(own_four, rules=DEFAULT.replace(karaten_is_tenpai="always"))
    assert not is_draw_tenpai(own_four, rules=DEFAULT.replace(karaten_is_tenpai="never"))
    # no real wait; a fifth 5m (555m 123m 111m 55m) or 1m completes the shape: tenpai only under "always"
    assert is_draw_tenpai("1111235555m111z", rules=DEFAULT.replace(karaten_is_tenpai="always"))
    assert not is_draw_tenpai("1111235555m111z", rules=DEFAULT)
    tanki = "5m123p456p789s"  # with pon 555m: the fifth 5m
    assert is_draw_tenpai(tanki, ["pon 555m"], rules=DEFAULT)
    assert not is_draw_tenpai(tanki, ["pon 555m"], rules=Rules.ema())  # EMA: melds are the hand too
    assert is_draw_tenpai("5m123p456p789s111z", rules=Rules.ema())
    assert not is_draw_tenpai(tanki, ["pon 555m"], rules=DEFAULT.replace(karaten_is_tenpai="never"))
    seen = [0] * 34
    seen[4] = 3  # three 5m seen elsewhere
    assert is_draw_tenpai("5m123p456p789s111z", rules=DEFAULT.replace(karaten_is_tenpai="never"))
    assert not is_draw_tenpai("5m123p456p789s111z", visible=seen, rules=DEFAULT.replace(karaten_is_tenpai="never"))
    assert not is_draw_tenpai("1357m2468p13579s", rules=DEFAULT)
    with pytest.raises(InvalidContextError, match="13 - 3 x melds"):
        is_draw_tenpai("123m", rules=DEFAULT)
