"""Hypothesis properties of round settlement: points are conserved (sticks accounted for) and a
hand's payments depend on seats only through the dealer, winner, discarder and liable player."""

from hypothesis import given, settings
from hypothesis import strategies as st

from yakuman.rules import Rules
from yakuman.settle import (
    RoundState,
    Win,
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_wins,
)

BASES = st.sampled_from([240, 320, 480, 640, 960, 1280, 1920, 2000, 3000, 4000, 6000, 8000, 16000, 24000])


@st.composite
def rule_sets(draw, players=None):
    n = draw(st.sampled_from([3, 4])) if players is None else players
    base = Rules.tenhou_sanma() if n == 3 else Rules()
    return base.replace(
        multiple_ron=draw(st.sampled_from(["double", "triple", "atamahane"])),
        multi_ron_bonus=draw(st.sampled_from(["nearest", "each"])),
        pao_scope=draw(st.sampled_from(["liable_yakuman_only", "whole_hand"])),
        pao_honba=draw(st.sampled_from(["discarder", "liable"])),
        nagashi_mangan=draw(st.sampled_from(["win", "draw", "off"])),
        nagashi_multiple=draw(st.sampled_from(["all", "nearest"])),
        draw_dealer_rule=draw(st.sampled_from(["tenpai", "always_repeat", "always_rotate"])),
        tsumo_loss=draw(st.booleans()),
        honba_ron=draw(st.sampled_from([200, 300, 1000])),
        honba_tsumo_each=draw(st.sampled_from([100, 500])),
        tobi=draw(st.sampled_from(["below_zero", "zero_or_below", "off"])),
        extension=draw(st.sampled_from(["none", "sudden_death"])),
        all_last_stop=draw(st.booleans()),
    )


@st.composite
def states(draw, n):
    scores = tuple(draw(st.lists(st.integers(-200, 900).map(lambda x: x * 100), min_size=n, max_size=n)))
    return RoundState(scores, round_wind=draw(st.integers(0, 2)), hand=draw(st.integers(0, n - 1)),
                      honba=draw(st.integers(0, 8)), riichi_sticks=draw(st.integers(0, 4)),
                      first_dealer=draw(st.integers(0, n - 1)))


@st.composite
def win_sets(draw, n):
    if draw(st.booleans()):  # tsumo
        winner = draw(st.integers(0, n - 1))
        base = draw(BASES)
        pao = draw(st.one_of(st.none(), st.sampled_from([s for s in range(n) if s != winner]))) if base % 8000 == 0 else None
        pao_base = draw(st.sampled_from([None, 8000])) if pao is not None and base >= 8000 else None
        return [Win(winner, base, None, pao, pao_base)]
    discarder = draw(st.integers(0, n - 1))
    others = [s for s in range(n) if s != discarder]
    winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=len(others), unique=True))
    wins = []
    for w in winners:
        base = draw(BASES)
        pao = draw(st.one_of(st.none(), st.sampled_from([s for s in range(n) if s != w]))) if base % 8000 == 0 else None
        pao_base = draw(st.sampled_from([None, 8000])) if pao is not None and base >= 8000 else None
        wins.append(Win(w, base, discarder, pao, pao_base))
    return wins


def total(state: RoundState) -> int:
    return sum(state.scores) + 1000 * state.riichi_sticks


def check_conserved(before: RoundState, s) -> None:
    assert sum(s.deltas) == 1000 * s.sticks_collected
    assert total(s.state) == total(before)
    assert all(t.amount >= 0 and t.amount % 50 == 0 for t in s.transfers)
    assert tuple(map(sum, zip(*s.by_win))) == s.deltas if s.by_win and s.outcome == "win" else True


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_wins_conserve_points(data):
    rules = data.draw(rule_sets())
    state = data.draw(states(rules.players))
    wins = data.draw(win_sets(rules.players))
    s = settle_wins(state, wins, rules=rules)
    check_conserved(state, s)
    assert all(d % 100 == 0 for d in s.deltas)
    if s.outcome == "win":
        assert s.dealer_repeats == (state.dealer in s.winners)
        if not s.game_over:
            assert s.state.riichi_sticks == 0
            assert s.state.honba == (state.honba + 1 if s.dealer_repeats else 0)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_draws_conserve_points(data):
    rules = data.draw(rule_sets())
    n = rules.players
    state = data.draw(states(n))
    tenpai = data.draw(st.lists(st.integers(0, n - 1), unique=True))
    nagashi = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=2))
    last = data.draw(st.integers(0, n - 1))
    s = settle_exhaustive_draw(state, tenpai, nagashi=nagashi, last_drawer=last, rules=rules)
    check_conserved(state, s)
    if s.outcome == "exhaustive_draw":
        assert s.sticks_collected == 0 and s.state.honba == state.honba + 1 or s.game_over
    kind = data.draw(st.sampled_from(sorted(rules.abortive_draws)))
    a = settle_abortive_draw(state, kind, rules=rules)
    check_conserved(state, a)
    assert a.deltas == (0,) * n


def rotate(seq, k, n):
    """The value at seat s moves to seat (s + k) % n."""
    out = [None] * n
    for s, v in enumerate(seq):
        out[(s + k) % n] = v
    return tuple(out)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_payments_follow_the_seats(data):
    rules = data.draw(rule_sets())
    n = rules.players
    state = data.draw(states(n))
    wins = data.draw(win_sets(n))
    k = data.draw(st.integers(1, n - 1))

    def shift(seat):
        return None if seat is None else (seat + k) % n

    moved_state = RoundState(rotate(state.scores, k, n), state.round_wind, state.hand, state.honba,
                             state.riichi_sticks, (state.first_dealer + k) % n)
    moved_wins = [Win(shift(w.winner), w.base, shift(w.from_seat), shift(w.pao_seat), w.pao_base) for w in wins]
    a = settle_wins(state, wins, rules=rules)
    b = settle_wins(moved_state, moved_wins, rules=rules)
    assert b.deltas == rotate(a.deltas, k, n)
    assert b.winners == tuple(shift(w) for w in a.winners)
    assert b.by_win == tuple(rotate(d, k, n) for d in a.by_win)
    assert (b.game_over, b.end_reason, b.dealer_repeats) == (a.game_over, a.end_reason, a.dealer_repeats)
    if a.final is not None:
        assert b.final.results == rotate(a.final.results, k, n)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_draw_payments_follow_the_seats(data):
    rules = data.draw(rule_sets())
    n = rules.players
    state = data.draw(states(n))
    tenpai = data.draw(st.lists(st.integers(0, n - 1), unique=True))
    nagashi = data.draw(st.lists(st.integers(0, n - 1), unique=True, max_size=2))
    last = data.draw(st.integers(0, n - 1))
    k = data.draw(st.integers(1, n - 1))
    moved = RoundState(rotate(state.scores, k, n), state.round_wind, state.hand, state.honba,
                       state.riichi_sticks, (state.first_dealer + k) % n)
    a = settle_exhaustive_draw(state, tenpai, nagashi=nagashi, last_drawer=last, rules=rules)
    b = settle_exhaustive_draw(moved, [(s + k) % n for s in tenpai], nagashi=[(s + k) % n for s in nagashi],
                               last_drawer=(last + k) % n, rules=rules)
    assert b.deltas == rotate(a.deltas, k, n)
