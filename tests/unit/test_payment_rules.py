"""The payment rules of a win pinned by exact deltas, each test naming its rule (docs/rules.md
5.2 payments and honba, 6.6 pao, 7.4 decisions), and the one implementation: the scorer's
Score.payment, yakuman.settle and the game engine take their amounts from the same native
function (csrc/ym_points.c ym_payments, spread over the seats by ym_win_transfers), checked here
against the pure-Python reference formulas (yakuman._reference.score_points)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.game._util import act, build_wall, discard, pass_all
from yakuman._reference import score_points as ref
from yakuman.game import Game
from yakuman.rules import Rules
from yakuman.settle import RoundState, Transfer, Win, settle_exhaustive_draw, settle_wins

E, S, W, N = 0, 1, 2, 3
ONLY = Rules().replace(pao_scope="liable_yakuman_only")
SANMA_BISECT = Rules.tenhou_sanma().replace(tsumo_loss=False)


def table(n=4, honba=0, sticks=0):
    return RoundState((25000,) * n, honba=honba, riichi_sticks=sticks)


# ---- 6.6 / 7.4: a tsumo with part of the hand under pao -------------------------------------------
def test_partial_pao_tsumo_liable_pays_its_yakuman_as_a_ron_plus_every_honba():
    # daisangen (W liable) + tsuuiisou by non-dealer S at 2 honba: W pays 32000 + 600 (ron honba);
    # the other yakuman is an ordinary tsumo without honba: E 16000, W 8000, N 8000.
    s = settle_wins(table(honba=2, sticks=1), Win(S, 16000, None, pao_seat=W, pao_base=8000), rules=ONLY)
    assert s.transfers == (
        Transfer(W, S, 32000, "pao"), Transfer(E, S, 16000, "tsumo"), Transfer(W, S, 8000, "tsumo"),
        Transfer(N, S, 8000, "tsumo"), Transfer(W, S, 600, "honba"), Transfer(None, S, 1000, "riichi_sticks"))
    assert s.deltas == (-16000, 65600, -40600, -8000)


def test_partial_pao_dealer_tsumo_in_sanma_uses_the_sanma_ron_honba():
    # Tenhou sanma: honba 200 on a ron; dealer E, N is absent; S liable for one of two yakuman
    s = settle_wins(table(3, honba=1), Win(E, 16000, None, pao_seat=S, pao_base=8000),
                    rules=Rules.tenhou_sanma().replace(pao_scope="liable_yakuman_only"))
    assert s.deltas == (48000 + 200 + 32000, -48200 - 16000, -16000)


def test_scorer_payment_of_a_partial_pao_tsumo_matches_the_rule():
    from yakuman import score

    # 111z 2z2z (tsumo) + pon 555z 666z 777z: daisangen + tsuuiisou; the 777z pon's discarder liable
    kw = dict(melds=["pon 555z", "pon 666z", "pon 777z"], tsumo=True, seat_wind="S", round_wind="E", honba=1)
    s = score("11122z", "2z", rules=ONLY, pao_seat=2, **kw)
    assert s.yakuman == 2 and s.points == 64000
    assert (s.payment.from_liable, s.payment.from_dealer, s.payment.from_non_dealer) == (32300, 16000, 8000)
    whole = score("11122z", "2z", rules=Rules.tenhou(), pao_seat=2, **kw)
    assert (whole.payment.from_liable, whole.payment.from_dealer, whole.payment.from_non_dealer) == (64300, 0, 0)


def test_engine_partial_pao_tsumo_with_honba():
    """The engine settles the same rule: seat 1 pons three dragons from seat 0 and draws its
    tanki 2z for daisangen + tsuuiisou at 1 honba."""
    hands = ["5z6z7z1m2m3m4p6p7s8s2s3s8p", "5z5z6z6z7z7z1z1z1z2z1s9s9m", "3m3m6p7p8p2s3s4s6s6s8m8m4s",
             "4m5m6m1p2p3p6s7s8s9p9p7m7m"]
    wall = build_wall(hands, "3z4z3z4z3z4z3z4z1p9s2z", dead="5z6z7z")
    for rules, deltas in ((ONLY.replace(double_yakuman=()), [-48300, 64300, -8000, -8000]),
                          (Rules.tenhou(), [-64300, 64300, 0, 0])):
        g = Game(rules, 0, wall, honba=1)
        for dragon, junk in (("P", "1s"), ("F", "9s"), ("C", "9m")):
            discard(g, dragon, then_pass=False)
            act(g, 1, "pon", dragon)
            discard(g, junk)
            for _ in range(2):
                (seat,) = g.to_act
                g.step(next(a for a in g.legal_actions(seat) if a.type == "dahai" and a.tsumogiri))
                pass_all(g)
        (seat,) = g.to_act
        g.step(next(a for a in g.legal_actions(seat) if a.type == "dahai" and a.tsumogiri))
        pass_all(g)
        act(g, 1, "hora")
        h = [e for e in g.events if e["type"] == "hora"][-1]
        assert h["deltas"] == deltas, rules.pao_scope
        st_ = settle_wins(RoundState((25000,) * 4, honba=1), Win(1, 16000, None, pao_seat=0, pao_base=8000),
                          rules=rules)
        assert list(st_.deltas) == h["deltas"]


# ---- 5.2 / 7.4: sanma without tsumo loss (north bisection) ---------------------------------------
def test_north_bisection_halves_the_absent_payment_each_half_rounded_up():
    # a = 640 (3 han 20 fu): a four-player tsumo would be 700 / 1300; the absent non-dealer's 700
    # is halved to 350 -> 400 for each payer: dealer 1700, the other non-dealer 1100 (+100 honba each)
    s = settle_wins(table(3, honba=1), Win(S, 640), rules=SANMA_BISECT)
    assert s.deltas == (-1800, 3000, -1200)
    # a = 240 (1 han 30 fu): 300 / 500, the absent 300 -> 150 -> 200 each: 700 and 500
    assert settle_wins(table(3), Win(S, 240), rules=SANMA_BISECT).deltas == (-700, 1200, -500)
    # a dealer winner: 2a = 1300 from each, the absent 1300 -> 650 -> 700 more from each
    assert settle_wins(table(3), Win(E, 640), rules=SANMA_BISECT).deltas == (4000, -2000, -2000)
    # with tsumo loss the absent share is simply not paid
    assert settle_wins(table(3), Win(S, 640), rules=Rules.tenhou_sanma()).deltas == (-1300, 2000, -700)


def test_nagashi_in_sanma_without_tsumo_loss_is_the_same_mangan_tsumo():
    rules = SANMA_BISECT.replace(nagashi_mangan="draw")
    s = settle_exhaustive_draw(table(3), [], nagashi=[S], last_drawer=W, rules=rules)
    assert s.deltas == (-5000, 8000, -3000)   # 4000 + 1000 and 2000 + 1000


# ---- one implementation: settle_wins against the reference formulas ----------------------------------
@settings(max_examples=300, deadline=None)
@given(players=st.sampled_from([3, 4]), tsumo_loss=st.booleans(), dealer_wins=st.booleans(), tsumo=st.booleans(),
       han=st.integers(1, 4), fu=st.sampled_from([20, 25, 30, 40, 50, 60, 70, 110]),
       limit=st.sampled_from([None, 2000, 3000, 8000, 16000, 24000]), honba=st.integers(0, 6),
       sticks=st.integers(0, 3), pao=st.integers(0, 3), pao_honba=st.sampled_from(["discarder", "liable"]))
def test_settle_wins_equals_the_reference(players, tsumo_loss, dealer_wins, tsumo, han, fu, limit, honba, sticks,
                                          pao, pao_honba):
    base = limit if limit is not None else min(fu * 2 ** (han + 2), 2000)
    rules = (Rules.tenhou_sanma() if players == 3 else Rules()).replace(
        tsumo_loss=tsumo_loss, pao_scope="liable_yakuman_only", pao_honba=pao_honba)
    winner = E if dealer_wins else S
    frm = None if tsumo else (W if players == 4 else W % players)
    liable = None
    pao_base = None
    if base % 8000 == 0 and pao and (winner + pao) % players != winner:
        liable = (winner + pao) % players
        pao_base = min(8000 * pao, base)
    s = settle_wins(table(players, honba, sticks), Win(winner, base, frm, pao_seat=liable, pao_base=pao_base),
                    rules=rules)
    # the reference: a Payment (dealer / non-dealer / discarder / liable shares) spread by hand
    liable_is_discarder = liable is not None and liable == frm
    p = ref.settle(base, dealer_wins, tsumo, rules, honba, sticks, liable_a=pao_base or 0 if liable is not None else 0,
                   liable_is_discarder=liable_is_discarder)
    want = [0] * players
    want[winner] = p.total
    if not tsumo:
        want[frm] -= p.from_discarder
        if liable is not None and not liable_is_discarder:
            want[liable] -= p.from_liable
            if pao_honba == "liable" and honba:   # the reference leaves the honba with the discarder
                want[frm] += rules.honba_ron * honba
                want[liable] -= rules.honba_ron * honba
    else:
        if liable is not None:
            want[liable] -= p.from_liable
        for q in range(players):
            if q != winner:
                want[q] -= p.from_dealer if q == E else p.from_non_dealer
    assert list(s.deltas) == want
    assert sum(s.deltas) == 1000 * sticks and all(t.amount > 0 and t.amount % 100 == 0 for t in s.transfers)
