"""Rule knobs the engine honours, each forced by a constructed wall (tests/game/_util.build_wall),
with the same case settled by yakuman.settle (one implementation: the native functions)."""

from __future__ import annotations

import pytest

from tests.game._util import act, build_wall, discard, pass_all, tsumogiri_round
from yakuman.game import Game
from yakuman.rules import Rules
from yakuman.settle import RoundState, is_draw_tenpai, settle_exhaustive_draw
from yakuman.tiles import parse

NOTEN = "1m4m7m2p5p8p3s6s9s1z2z3z4z"            # 4-shanten and more
DEALER = "1m4m7m3p5p8p3s6s9s1z2z3z4z"           # the same with a 3p to feed seat 1's chi


# ---- keishiki_tenpai (docs/rules.md 6.3): tenpai at a draw needs a yaku when it is off ------------
@pytest.mark.parametrize("concealed, yaku_wait", [
    ("123m456s78s99m", False),    # open, waits 6s / 9s: no yaku on either
    ("123m456s55z99m", True),     # open shanpon 5z / 9m: haku on 5z
])
@pytest.mark.parametrize("keishiki", [True, False])
def test_keishiki_tenpai_at_an_exhaustive_draw(concealed, yaku_wait, keishiki):
    rules = Rules.tenhou().replace(keishiki_tenpai=keishiki)
    hands = [DEALER, "12p" + concealed + "7z", NOTEN, NOTEN.replace("5p", "0p")]
    g = Game(rules, 0, build_wall(hands, "9m"))
    discard(g, "3p", then_pass=False)
    act(g, 1, "chi", "3p")
    discard(g, "C")
    tsumogiri_round(g)
    r = g.rounds[-1]
    assert r.outcome == "exhaustive_draw"
    tenpai = keishiki or yaku_wait
    assert r.deltas == ((-1000, 3000, -1000, -1000) if tenpai else (0, 0, 0, 0))
    # yakuman.settle decides the same with the same native rule
    assert is_draw_tenpai(concealed, ["chi 123p"], rules=rules, seat_wind="S", round_wind="E") is tenpai
    st = settle_exhaustive_draw(RoundState((25000,) * 4), [1] if tenpai else [], rules=rules)
    assert st.deltas == r.deltas


TENPAI = "123m456s78s99m234p"   # closed, waits 6s / 9s


def _next_round(g):
    nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
    return nk["oya"], nk["honba"]


# ---- draw_dealer_rule and noten_payment_total (docs/rules.md 6.2, 6.3) -----------------------------
@pytest.mark.parametrize("rule, dealer_tenpai, next_dealer", [
    ("tenpai", True, 0), ("tenpai", False, 1), ("always_repeat", False, 0), ("always_rotate", True, 1)])
def test_draw_dealer_rule(rule, dealer_tenpai, next_dealer):
    hands = [TENPAI, NOTEN, NOTEN, NOTEN] if dealer_tenpai else [NOTEN, TENPAI, NOTEN, NOTEN]
    g = Game(Rules.tenhou().replace(draw_dealer_rule=rule), 0, build_wall(hands))
    tsumogiri_round(g)
    assert g.rounds[-1].outcome == "exhaustive_draw"
    assert _next_round(g) == (next_dealer, 1)        # honba + 1 either way


def test_noten_payment_total():
    g = Game(Rules.tenhou().replace(noten_payment_total=1200), 0, build_wall([NOTEN, TENPAI, NOTEN, NOTEN]))
    tsumogiri_round(g)
    assert g.rounds[-1].deltas == (-400, 1200, -400, -400)


# ---- karaten_is_tenpai (docs/rules.md 6.3): a tanki on the fourth 5m after a pon of 555m ---------------
@pytest.mark.parametrize("karaten, tenpai", [("unless_all_four_in_own_hand", True),
                                             ("unless_all_four_incl_melds", False), ("never", False),
                                             ("always", True)])
def test_karaten_with_the_fourth_copy_in_a_meld(karaten, tenpai):
    rules = Rules.tenhou().replace(karaten_is_tenpai=karaten)
    hands = [NOTEN.replace("4m", "0m"), "555m123p456p789s7z", NOTEN, NOTEN.replace("5p", "0p")]
    g = Game(rules, 0, build_wall(hands, "9m"))
    discard(g, "5mr", then_pass=False)
    act(g, 1, "pon", "5mr")
    discard(g, "C")
    tsumogiri_round(g)
    r = g.rounds[-1]
    assert r.outcome == "exhaustive_draw"
    assert r.deltas == ((-1000, 3000, -1000, -1000) if tenpai else (0, 0, 0, 0))


# ---- tsumo_loss (docs/rules.md 5.2): a sanma non-dealer tsumo -------------------------------------
@pytest.mark.parametrize("tsumo_loss, deltas", [(True, [-2600, 3900, -1300]), (False, [-3300, 5300, -2000])])
def test_sanma_tsumo_loss_in_the_engine(tsumo_loss, deltas):
    # seat 1: 123p 456p 789p 55s 67s, tsumo 8s on its second draw: ittsu 2 + pinfu 1 + tsumo 1,
    # 20 fu (a = 1280): 1300 / 2600 in four-player terms; without tsumo loss half of the absent
    # 1300 (650 -> 700) more from each payer
    hands = ["1m9m1z2z3z4z5z6z7z2p3p6s7s", "123p456p789p55s67s", None]
    wall = build_wall(hands, "1m9m1z2z8s", dora="3z", players=3)
    g = Game(Rules.tenhou_sanma().replace(tsumo_loss=tsumo_loss), 0, wall)
    for _ in range(4):
        (seat,) = g.to_act
        g.step(next(a for a in g.legal_actions(seat) if a.type == "dahai" and a.tsumogiri))
        pass_all(g)
    act(g, 1, "hora")
    h = [e for e in g.events if e["type"] == "hora"][-1]
    assert (h["fan"], h["fu"]) == (4, 20)
    assert h["deltas"][:3] == deltas


# ---- abortive_dealer (docs/rules.md 6.2): the dealer after a kyuushu kyuuhai ------------------------
@pytest.mark.parametrize("dealer_rule, next_dealer", [("repeat", 0), ("rotate", 1)])
def test_abortive_dealer_after_kyuushu_kyuuhai(dealer_rule, next_dealer):
    wall = build_wall(["1m9m1p9p1s9s1z2z3z2m3m4m5m", NOTEN.replace("1m", "6m"), NOTEN.replace("1m", "8m"),
                       NOTEN.replace("1m", "3m")], "5s")
    rules = Rules.tenhou().replace(abortive_dealer=(("kyuushu_kyuuhai", dealer_rule),))
    g = Game(rules, 0, wall)
    act(g, 0, "ryukyoku")
    assert g.rounds[-1].abortive == "kyuushu_kyuuhai" and g.rounds[-1].deltas == (0, 0, 0, 0)
    assert _next_round(g) == (next_dealer, 1)


# ---- nagashi_requires_closed (docs/rules.md 6.5): seat 1 pons, then discards only yaochuu -------------
@pytest.mark.parametrize("requires_closed", [False, True])
def test_nagashi_requires_closed(requires_closed):
    yao = [f"{n}{s}" for s in "mps" for n in (1, 9)] + [f"{n}z" for n in range(1, 8)]
    simples = [f"{n}{s}" for s in "mps" for n in (2, 3, 4, 6, 7, 8)]
    seat1 = "5p5p1z2m3m4m6m7m8m2s3s4s6s"
    held = [a + b for a, b in zip(parse(NOTEN)[0], parse(seat1)[0])]
    pool_y = [t for t in yao for _ in range(4 - held[parse(t)[0].index(1)])]
    pool_s = [t for t in simples for _ in range(4 - held[parse(t)[0].index(1)])]
    # after the pon seat 1's draws are the 5th, 9th, ... of the live wall
    draws = [pool_y.pop() if i % 4 == 0 and i >= 4 else pool_s.pop(0) for i in range(70)]
    wall = build_wall([NOTEN, seat1, None, None], "".join(draws))
    rules = Rules.tenhou().replace(nagashi_requires_closed=requires_closed)
    g = Game(rules, 0, wall)
    discard(g, "5p", then_pass=False)
    act(g, 1, "pon", "5p")
    discard(g, "E")
    tsumogiri_round(g)
    r = g.rounds[-1]
    if requires_closed:
        assert r.outcome == "exhaustive_draw"
    else:
        assert r.outcome == "nagashi_mangan" and r.winners == (1,)
        assert r.deltas == (-4000, 8000, -2000, -2000)      # a non-dealer mangan tsumo (Tenhou: as a draw)


# ---- ryanhan_shibari (docs/rules.md): from five honba two han of yaku are needed to win ------------
@pytest.mark.parametrize("shibari", [False, True])
@pytest.mark.parametrize("honba", [4, 5])
def test_ryanhan_shibari_in_the_engine(shibari, honba):
    """Seat 1's closed shanpon 44s / 66p wins on the dealer's 6p with tanyao alone (1 han of yaku).
    Under ryanhan_shibari at five honba that ron is not offered: the engine once checked a win's
    legality without the honba, offered it, and settled the round as a ron paying nothing."""
    rules = Rules.tenhou().replace(ryanhan_shibari=shibari)
    wall = build_wall(["19m19p19s123456z6p", "234m456p678s44s66p", None, None], draws="7z", dora="1z")
    g = Game(rules, wall=wall, honba=honba)
    discard(g, "6p", then_pass=False)
    allowed = not (shibari and honba >= 5)
    assert any(a.type == "hora" for a in g.legal_actions(1)) == allowed
    if allowed:
        act(g, 1, "hora")
        rnd = g.rounds[-1]
        # 1 han 40 fu from the dealer: 1,300 and 300 a honba
        assert (rnd.outcome, rnd.deltas) == ("ron", (-1300 - 300 * honba, 1300 + 300 * honba, 0, 0))
