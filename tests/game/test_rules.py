"""Each flow rule forced by a constructed wall (tests/game/_util.build_wall: hands dealer first,
then the live draws in order, the dead wall's rinshan tiles and indicators)."""

from __future__ import annotations

import random

import pytest

from tests.game._util import act, build_wall, discard, has, pass_all, tsumogiri_round
from yakuman.game import Game
from yakuman.rules import Rules
from yakuman.settle import RoundState, Win, settle_wins

SAFE0 = "1m9m1s9s1z2z3z4z5z6z7z9p9p"           # a dealer hand that waits on nothing
NOTEN = "1m4m7m2p5p8p3s6s9s1z2z3z4z"            # 4-shanten and more


def types(g):
    return [e["type"] for e in g.events]


def after(g, n):
    return [e["type"] for e in g.events[n:]]


def throw_draw(g):
    """The actor (one seat) discards the tile it drew; every call is passed."""
    (s,) = g.to_act
    g.step(next(a for a in g.legal_actions(s) if a.type == "dahai" and a.tsumogiri))
    pass_all(g)


# ---- calls ------------------------------------------------------------------------------------
@pytest.mark.parametrize("kuikae", ["forbidden", "allowed"])
def test_kuikae(kuikae):
    wall = build_wall(["1m9m9p1s9s1z2z3z4z5z6z7z5p", "2m3m4m1m456p789p234s", "567m123p678s8p8m5s5s",
                       "5m6m7m1p2p3p6s7s8s2z2z3z3z"], "2p")
    g = Game(Rules.tenhou().replace(kuikae=kuikae), 0, wall)
    discard(g, "1m", then_pass=False)
    assert g.to_act == (1,)
    act(g, 1, "chi", "1m", consumed=("2m", "3m"))
    discards = {a.pai for a in g.legal_actions(1) if a.type == "dahai"}
    if kuikae == "forbidden":
        assert "1m" not in discards and "4m" not in discards   # the same tile and the suji swap
        assert "2s" in discards and "4p" in discards
    else:
        assert {"1m", "4m", "2s"} <= discards


def test_kuikae_suji_when_the_called_tile_is_the_highest_of_the_run():
    """A chi of 4m with 2m3m forbids the called kind (4m) and the tile at the run's other end
    (1m); a chi of 1m with 2m3m (test_kuikae) forbids 4m: both ends of the suji swap."""
    seat1 = "1m2m3m5p6p7p1s2s3s8s8s5z6z"
    wall = build_wall([SAFE0, seat1, NOTEN.replace("1m", "9m"), NOTEN.replace("1m", "8m")], "4m")
    for kuikae in ("forbidden", "allowed"):
        g = Game(Rules.tenhou().replace(kuikae=kuikae), 0, wall)
        discard(g, "4m", then_pass=False)
        act(g, 1, "chi", "4m", consumed=("2m", "3m"))
        discards = {a.pai for a in g.legal_actions(1) if a.type == "dahai"}
        if kuikae == "forbidden":
            assert discards == {"5p", "6p", "7p", "1s", "2s", "3s", "8s", "P", "F"}   # not 1m
        else:
            assert "1m" in discards

def test_a_pon_takes_precedence_over_a_chi():
    """Seat 0 throws 3m; seat 1 (the next seat) may chi it with 1m2m, seat 2 may pon it with 3m3m.
    Both call: the pon stands (seat 2 then discards), whichever answered first; the chi alone
    stands when seat 2 passes."""
    wall = build_wall([SAFE0.replace("9p9p", "3m9p"), "1m2m5p6p7p1s2s3s8s8s5z6z7z",
                       "3m3m4p5p6p4s5s6s2z2z3z3z4z", NOTEN.replace("1m", "8m")], "9s")
    for order in ((1, 2), (2, 1)):
        g = Game(Rules.tenhou(), 0, wall)
        discard(g, "3m", then_pass=False)
        assert set(g.to_act) == {1, 2} and has(g, 1, "chi", "3m") and has(g, 2, "pon", "3m")
        calls = {1: next(a for a in g.legal_actions(1) if a.type == "chi"),
                 2: next(a for a in g.legal_actions(2) if a.type == "pon")}
        for s in order:
            g.step(calls[s])
        assert [e["type"] for e in g.events[-2:]] == ["dahai", "pon"] and g.events[-1]["actor"] == 2
        assert g.to_act == (2,)
    g = Game(Rules.tenhou(), 0, wall)
    discard(g, "3m", then_pass=False)
    g.step({1: next(a for a in g.legal_actions(1) if a.type == "chi"),
            2: next(a for a in g.legal_actions(2) if a.type == "none")})
    assert (g.events[-1]["type"], g.events[-1]["actor"], g.to_act) == ("chi", 1, (1,))


# ---- kans and dora ------------------------------------------------------------------------------
@pytest.mark.parametrize("timing", ["standard", "immediate"])
def test_kan_dora_timing(timing):
    wall = build_wall(["1111m9p1s9s1z2z3z4z5z6z", "9p9p9p456m234s678s7z", NOTEN.replace("1m", "5m"), "2m3m4m5p6p7p2s3s4s6s7s8s5m"],
                      "1p2s", rinshan="7z8p7s6m")
    g = Game(Rules.tenhou().replace(kan_dora_timing=timing), 0, wall)
    n = len(g.events)
    act(g, 0, "ankan")
    assert after(g, n) == ["ankan", "dora", "tsumo"]        # an ankan's indicator at once
    n = len(g.events)
    discard(g, "9p", then_pass=False)
    act(g, 1, "daiminkan")
    if timing == "standard":
        assert after(g, n) == ["dahai", "daiminkan", "tsumo"]
        n = len(g.events)
        discard(g, "C")
        assert after(g, n)[:2] == ["dahai", "dora"]          # an open kan's at its caller's discard
    else:
        assert after(g, n) == ["dahai", "daiminkan", "dora", "tsumo"]
    assert len(g.observation(2).dora_indicators) == 3


def test_chankan_and_temporary_furiten_cleared_by_own_draw():
    wall = build_wall(["2p1m9m1s9s1z2z3z4z5z6z7z9p", "2p2p456m789m456s7s8s", "3m3m6p7p8p2s3s4s8p8p9s9s9m",
                       "345m678m345s6s6s3p4p"], "9m1z2z3z2p")
    g = Game(Rules.tenhou(), 0, wall)
    discard(g, "2p", then_pass=False)
    assert set(g.to_act) == {1, 3} and has(g, 3, "hora")
    g.step({1: next(a for a in g.legal_actions(1) if a.type == "pon"),
            3: next(a for a in g.legal_actions(3) if a.type == "none")})
    assert g._st.seat(3)[7] == 1                 # the passed ron: temporary furiten
    discard(g, "8s")
    discard(g, "E")                              # seat 2 (tsumogiri)
    assert g._st.seat(3)[7] == 0                 # seat 3's own draw ends it
    discard(g, "S")
    discard(g, "W")
    act(g, 1, "kakan", "2p")
    assert g.to_act == (3,) and has(g, 3, "hora")
    act(g, 3, "hora")
    hora = [e for e in g.events if e["type"] == "hora"][-1]
    assert ["chankan", 1] in hora["yakus"] and hora["target"] == 1
    assert hora["deltas"][1] < 0 and hora["deltas"][3] == -hora["deltas"][1]


def test_suukaikan_after_the_fourth_kans_discard():
    wall = build_wall(["1111m2222m3333m9p", "1111p567s234s8s8s9s", NOTEN.replace("1m", "8m"), NOTEN.replace("1m", "6m")],
                      "1z2z", rinshan="4z5z6z7z")
    for timing in ("after_discard", "on_fourth_kan"):
        g = Game(Rules.tenhou().replace(suukaikan_timing=timing), 0, wall)
        for k in ("1m", "2m", "3m"):
            act(g, 0, "ankan", consumed=(k,) * 4)
        discard(g, "F")
        act(g, 1, "ankan")
        if timing == "on_fourth_kan":
            assert g.rounds[-1].abortive == "suukaikan"
            continue
        assert g.rounds == ()
        discard(g, "S")
        r = g.rounds[-1]
        assert (r.outcome, r.abortive) == ("abortive_draw", "suukaikan")
        nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
        assert nk["oya"] == 0 and nk["honba"] == 1


def test_no_fifth_kan_after_one_players_four_kans():
    """Seat 0 makes four ankans alone (1m 2m 3m 9p: one player's four kans do not abort); seat 1
    then draws holding four 1p. fifth_kan = forbidden (Tenhou): no ankan is offered; aborts: it
    is, and it ends the hand as suukaikan at once."""
    wall = build_wall(["1111m2222m3333m9p", "1111p4p7p2s5s8s9s3z4z6z", None, None], "1z2z", rinshan="9p9p9p5z")
    for fifth, legal in (("forbidden", False), ("aborts", True)):
        g = Game(Rules.tenhou().replace(fifth_kan=fifth), 0, wall)
        for k in ("1m", "2m", "3m", "9p"):
            act(g, 0, "ankan", consumed=(k,) * 4)
        assert g.rounds == () and len(g.observation(0).dora_indicators) == 5
        discard(g, "P")
        assert g.to_act == (1,) and g.rounds == ()
        assert has(g, 1, "ankan") is legal, fifth
        if legal:
            act(g, 1, "ankan")
            assert (g.rounds[-1].outcome, g.rounds[-1].abortive) == ("abortive_draw", "suukaikan")


# ---- abortive draws -------------------------------------------------------------------------------
def test_kyuushu_kyuuhai_is_the_players_choice():
    wall = build_wall(["1m9m1p9p1s9s1z2z3z2m3m4m5m", NOTEN.replace("1m", "6m"), NOTEN.replace("1m", "8m"),
                       NOTEN.replace("1m", "3m")], "5s")
    g = Game(Rules.tenhou(), 0, wall)
    assert has(g, 0, "ryukyoku")
    g2 = Game(Rules.tenhou().replace(abortive_draws=frozenset()), 0, wall)
    assert not has(g2, 0, "ryukyoku")
    act(g, 0, "ryukyoku")
    assert g.rounds[-1].abortive == "kyuushu_kyuuhai"
    nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
    assert (nk["oya"], nk["honba"], nk["kyoku"]) == (0, 1, 1)


def test_suufon_renda():
    hands = ["1z2m3m4m6p7p8p3s4s5s9s9s5z", "1z2m3m4m6p7p8p3s4s5s9m9m6z", "1z2m3m4m6p7p8p6s7s8s1p1p7z",
             "1z5m6m7m2p3p4p6s7s8s9p9p5z"]
    wall = build_wall(hands, "2z3z4z1s")
    g = Game(Rules.tenhou(), 0, wall)
    for _ in range(4):
        discard(g, "E")
    assert g.rounds[-1].abortive == "suufon_renda"


def test_suucha_riichi_and_double_riichi():
    hands = ["123m456m789m123p9p", "234m567m234p567p8s", "345s678s345p678p9s", "789m789p123s5z5z6z6z"]
    wall = build_wall(hands, "1z2z3z4z")
    g = Game(Rules.tenhou(), 0, wall)
    for seat in range(4):
        act(g, seat, "reach")
        discard(g, ["E", "S", "W", "N"][seat])
        if seat < 3:
            assert g._st.seat(seat)[3] == 2 and g._st.seat(seat)[4] == 1   # established, double
    r = g.rounds[-1]
    assert r.abortive == "suucha_riichi"
    nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
    assert nk["kyotaku"] == 4 and nk["honba"] == 1 and nk["scores"] == [24000] * 4

def test_no_double_riichi_after_a_call_broke_the_first_go_around():
    """Seat 2 pons the dealer's first discard (haku), so the first go-around is broken: seat 3's
    riichi with its first discard is a plain riichi (1 han), not double riichi. Without the pon,
    the same declaration is double riichi (2 han). Seat 3 then rons the dealer's 9p."""
    seat2 = "5z5z2m5m8m3p6p8p2s5s8s6z7z"
    seat3 = "123m456m789m123p9p"
    for pon, draws in ((True, "9s1z9s"), (False, "9s4z4z1z9s")):
        wall = build_wall([SAFE0, None, seat2, seat3], draws)
        g = Game(Rules.tenhou(), 0, wall)
        discard(g, "P", then_pass=False)
        if pon:
            act(g, 2, "pon", "P")
            discard(g, "F")
        else:
            pass_all(g)
            for _ in range(2):                     # seats 1 and 2 throw their draws
                throw_draw(g)
        assert g.to_act == (3,) and g.observation(3).discards[3] == ()
        act(g, 3, "reach")
        discard(g, "E")
        assert g._st.seat(3)[3] == 2 and g._st.seat(3)[4] == (0 if pon else 1)
        discard(g, "9p", then_pass=False)          # seat 0, after its draw
        act(g, 3, "hora")
        pass_all(g)                                # a seat that could call the 9p declines
        h = [e for e in g.events if e["type"] == "hora"][-1]
        riichi = [y for y in h["yakus"] if y[0] in ("riichi", "double_riichi")]
        assert riichi == ([["riichi", 1]] if pon else [["double_riichi", 2]]), h["yakus"]

def test_three_riichi_in_sanma_do_not_abort():
    """suucha riichi needs four players: in sanma, with the draw in abortive_draws, all three
    seats' established riichi let the round go on (the dealer draws again)."""
    hands = ["123p456p789p123s9s", "234p567p234s567s8s", "345s678s345p678p9p"]
    wall = build_wall(hands, "1z2z3z", players=3)
    rules = Rules.tenhou_sanma().replace(abortive_draws=Rules.tenhou_sanma().abortive_draws | {"suucha_riichi"})
    g = Game(rules, 0, wall)
    for seat in range(3):
        act(g, seat, "reach")
        discard(g, ["E", "S", "W"][seat])
    assert [g._st.seat(q)[3] for q in range(3)] == [2, 2, 2]
    assert g.rounds == () and g.to_act == (0,) and g.observation(0).drawn is not None


WAIT3 = ["3p4p234m678m345s8s8s", "3p4p234m678m345s6s6s", "3p4p234m678m345s2s2s"]


@pytest.mark.parametrize("rules,winners", [
    (Rules.tenhou(), ()),                  # three rons under "double": sanchahou
    (Rules.mahjongsoul(), (1, 2, 3)),      # triple ron
    (Rules.mleague(), (1,)),               # atamahane: the first in turn order
])
def test_multiple_ron(rules, winners):
    wall = build_wall([SAFE0] + WAIT3, "5p")
    g = Game(rules, 0, wall)
    discard(g, "5p", then_pass=False)
    assert g.to_act == (1, 2, 3)
    g.step({s: next(a for a in g.legal_actions(s) if a.type == "hora") for s in (1, 2, 3)})
    r = g.rounds[-1]
    if not winners:
        assert r.abortive == "sanchahou" and r.deltas == (0, 0, 0, 0)
        return
    assert r.winners == winners and r.from_seat == 0
    assert sum(r.deltas) == 0 and r.deltas[0] == -sum(r.deltas[1:])


def test_double_ron_bonus_to_the_nearest():
    wall = build_wall([SAFE0] + WAIT3[:2] + [NOTEN.replace("1m", "9m")], "5p")
    g = Game(Rules.tenhou(), 0, wall, honba=2, sticks=1, scores=[25000, 25000, 25000, 24000])
    discard(g, "5p", then_pass=False)
    g.step({s: next(a for a in g.legal_actions(s) if a.type == "hora") for s in (1, 2)})
    hs = [e for e in g.events if e["type"] == "hora"]
    assert [h["actor"] for h in hs] == [1, 2]
    # pinfu + tanyao, 2 han 30 fu: a non-dealer ron of 2000 each; seat 1, first in turn order,
    # also takes the 2 honba (600) and the stick on the table (1000)
    assert hs[0]["deltas"] == [-2600, 3600, 0, 0] and hs[1]["deltas"] == [-2000, 0, 2000, 0]

def test_a_dealer_who_wins_second_in_a_double_ron_repeats():
    """Seat 1 throws 5p; seats 3 and 0 (the dealer) ron it, the dealer second in turn order from
    the discarder: the dealer still won, so the deal repeats (oya 0, honba 1)."""
    wall = build_wall([WAIT3[0], NOTEN.replace("1m", "9m"), NOTEN.replace("1m", "8m"), WAIT3[1]], "1z5p")
    g = Game(Rules.tenhou(), 0, wall)
    discard(g, "E")                                 # the dealer throws its first draw
    discard(g, "5p", then_pass=False)               # seat 1
    assert set(g.to_act) == {0, 3}
    g.step({s: next(a for a in g.legal_actions(s) if a.type == "hora") for s in (0, 3)})
    assert [h["actor"] for h in g.events if h["type"] == "hora"] == [3, 0]
    assert g.rounds[-1].winners == (0, 3)
    nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
    assert (nk["bakaze"], nk["kyoku"], nk["oya"], nk["honba"]) == ("E", 1, 0, 1)


# ---- furiten -----------------------------------------------------------------------------------------
def test_discard_furiten():
    wall = build_wall([SAFE0, WAIT3[0], "2p6m7m8m1p1p1p7s7s7s9s9s5z", NOTEN.replace("1m", "9m")], "1m5p3z")
    g = Game(Rules.tenhou(), 0, wall)
    discard(g, "1m")
    assert has(g, 1, "hora")          # 5p by tsumo: tsumo is never furiten
    discard(g, "5p")                  # seat 1 throws its own wait: furiten on 2p and 5p
    discard(g, "2p")                  # seat 2's 2p passes seat 1 silently
    assert g.to_act == (3,) and g.events[-1]["type"] == "tsumo"


def test_temporary_and_riichi_furiten():
    hands = [SAFE0.replace("9p9p", "2p5p"), WAIT3[0], "2p6m7m8m1p1p1p7s7s7s9s9s5z", "2p6m7m8m5m5m5m7p7p7p8s8s6z"]
    wall = build_wall(hands, "1z2z3z4z8p9m1m")
    for riichi in (False, True):
        g = Game(Rules.tenhou(), 0, wall)
        discard(g, "E")
        if riichi:
            act(g, 1, "reach")
        discard(g, "S")
        discard(g, "W")
        discard(g, "2p", then_pass=False)          # seat 3: seat 1 may ron and passes
        assert has(g, 1, "hora")
        pass_all(g)
        discard(g, "5p", then_pass=False)          # seat 0, before seat 1 draws again
        assert not has(g, 1, "hora")
        pass_all(g)
        discard(g, "9m")                           # seat 1's own draw (tsumogiri)
        discard(g, "2p", then_pass=False)          # seat 2
        assert has(g, 1, "hora") == (not riichi)   # temporary furiten ended; riichi furiten did not


def test_a_wait_passed_without_a_yaku_still_makes_temporary_furiten():
    """Seat 1 (open chi 234m, 567m 345p 66s 78s) waits on 6s (kuitan) and 9s (no yaku: 789s). A 9s
    thrown by seat 2 cannot be ronned, so seat 1 is not asked; yet the wait passed: seat 3's 6s
    right after (before seat 1 draws again) may not be ronned either. Without the 9s it may."""
    seat1 = "2m3m5m6m7m3p4p5p6s6s7s8s1z"
    for passed, ronnable in (("9s", False), ("1p", True)):
        far = NOTEN.replace("6s", "5s")          # no 6s: the four are seat 1's two, the one drawn, one left
        wall = build_wall([SAFE0.replace("1m", "4m"), seat1, far.replace("1m", "9m"), far.replace("1m", "8m")],
                          "4m" + passed + "6s")
        g = Game(Rules.tenhou(), 0, wall)
        discard(g, "4m", then_pass=False)
        act(g, 1, "chi", "4m", consumed=("2m", "3m"))
        discard(g, "E", then_pass=False)
        pass_all(g)
        discard(g, passed, then_pass=False)      # seat 2 (tsumogiri)
        assert 1 not in g.to_act                 # 9s: no yaku, seat 1 is never asked
        pass_all(g)
        discard(g, "6s", then_pass=False)        # seat 3 (tsumogiri), seat 1 has not drawn since
        assert has(g, 1, "hora") is ronnable
        if ronnable:
            act(g, 1, "hora")
            h = [e for e in g.events if e["type"] == "hora"][-1]
            assert (h["target"], sorted(h["yakus"])) == (3, [["tanyao", 1]])


# ---- riichi limits --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat,before,legal", [(2, 4, True), (3, 3, False)])
def test_riichi_refused_below_riichi_min_live_tiles(seat, before, legal):
    """Riichi needs riichi_min_live_tiles (4) live tiles counted before the declarer's draw: the
    draw of the 67th tile (4 left before it, seat 2) may declare, the 68th (3 left, seat 3) not.
    The tenpai seat's waits are kept out of the live wall, so everyone only throws what he draws."""
    ronner, nines = "234m567m345p66s78s", "9999s1z2z3z4z5z6z7z1p9p"
    hands = [None, None, ronner, nines] if seat == 2 else [None, None, nines, ronner]
    wall = build_wall(hands, dead="6s6s", seed=41)
    for rules, want in ((Rules.tenhou(), legal), (Rules.tenhou().replace(riichi_min_live_tiles=before), True),
                        (Rules.tenhou().replace(riichi_min_live_tiles=before + 1), False)):
        g = Game(rules, 0, wall)
        while True:
            (s,) = g.to_act if len(g.to_act) == 1 else (None,)
            if s == seat and g.observation(seat).tiles_left == before - 1:
                break
            if s is not None and any(a.type == "dahai" for a in g.legal_actions(s)):
                g.step(next(a for a in g.legal_actions(s) if a.type == "dahai" and a.tsumogiri))
            else:
                pass_all(g)
        assert has(g, seat, "reach") is want, (rules.riichi_min_live_tiles, before)


@pytest.mark.parametrize("points,min_points,legal", [(1000, 1000, True), (900, 1000, False), (2000, 2000, True),
                                                     (1900, 2000, False), (0, 0, True)])
def test_riichi_with_exactly_riichi_min_points(points, min_points, legal):
    """riichi_min_points is the least score that may declare: exactly that much is enough."""
    wall = build_wall(["123m456m789m123p9p", NOTEN.replace("1m", "2m"), NOTEN.replace("1m", "3m"),
                       NOTEN.replace("1m", "5m")], "1z")
    rules = Rules.tenhou().replace(riichi_min_points=min_points)
    g = Game(rules, 0, wall, scores=[points, 33000, 33000, 34000 - points])
    assert has(g, 0, "reach") is legal


def test_riichi_needs_points_and_four_tiles_left():
    hands = ["123m456m789m123p9p", NOTEN.replace("1m", "2m"), NOTEN.replace("1m", "3m"), NOTEN.replace("1m", "5m")]
    wall = build_wall(hands, "1z")
    assert has(Game(Rules.tenhou(), 0, wall), 0, "reach")
    assert not has(Game(Rules.tenhou(), 0, wall, scores=[900, 33100, 33000, 33000]), 0, "reach")
    assert has(Game(Rules.mleague(), 0, wall, scores=[900, 33100, 33000, 33000]), 0, "reach")
    g = Game(Rules.tenhou(), 0, wall)
    seen = set()
    while not g.rounds:
        (seat,) = g.to_act if len(g.to_act) == 1 else (None,)
        if seat == 0 and any(a.type == "dahai" for a in g.legal_actions(0)):
            left = g.observation(0).tiles_left      # after the draw: 4 or more before it
            assert has(g, 0, "reach") == (left >= 3)
            seen.add(left >= 3)
            a = next(a for a in g.legal_actions(0) if a.type == "dahai" and a.tsumogiri)
            g.step(a)
        elif seat is not None and any(a.type == "dahai" for a in g.legal_actions(seat)):
            g.step(next(a for a in g.legal_actions(seat) if a.type == "dahai" and a.tsumogiri))
        else:
            pass_all(g)
    assert seen == {True, False}


# ---- pao, tobi, extension ----------------------------------------------------------------------------------
def pon_dragons(g, dragons_and_junk):
    """Seat 0 throws each dragon, seat 1 pons it and throws the junk tile; seats 2 and 3 throw their draws."""
    for dragon, junk in dragons_and_junk:
        discard(g, dragon, then_pass=False)
        act(g, 1, "pon", dragon)
        discard(g, junk)
        for _ in range(2):
            throw_draw(g)


def test_pao_daisangen_tsumo():
    hands = ["5z6z7z1m2m3m4p6p7s8s2s3s8p", "5z5z6z6z7z7z2m3m4m5p1s9s9m", "3m3m6p7p8p2s3s4s6s6s8m8m4s",
             "4m5m6m1p2p3p6s7s8s9p9p7m7m"]
    wall = build_wall(hands, "1z2z3z4z1z2z3z4z1p9s5p", dead="5z6z7z")
    g = Game(Rules.tenhou(), 0, wall)
    pon_dragons(g, (("P", "1s"), ("F", "9s"), ("C", "9m")))
    throw_draw(g)                                      # seat 0's fourth draw; seat 1 draws 5p
    act(g, 1, "hora")
    h = [e for e in g.events if e["type"] == "hora"][-1]
    assert h["deltas"] == [-32000, 32000, 0, 0]        # the liable seat pays the whole yakuman
    st = settle_wins(RoundState((25000,) * 4), Win(1, 8000, None, pao_seat=0), rules=Rules.tenhou())
    assert list(st.deltas) == h["deltas"]


def test_no_pao_for_daisangen_whose_third_dragon_set_is_concealed():
    """Seat 1 pons haku and hatsu (both from seat 0) and holds chun concealed: daisangen by
    tsumo, but no seat discarded the third dragon set's tile, so nobody is liable and the three
    others pay a plain yakuman tsumo (pao starts only at the third dragon call)."""
    hands = ["5z6z1m2m3m4p6p7s8s2s3s8p1s", "5z5z6z6z7z7z7z2m3m4m5p9s9s", "3m3m6p7p8p2s3s4s6s6s8m8m4s",
             "4m5m6m1p2p3p6s7s8s9p9p7m7m"]
    wall = build_wall(hands, "1z2z3z4z1z2z3z5m")
    g = Game(Rules.tenhou(), 0, wall)
    pon_dragons(g, (("P", "5p"), ("F", "2m")))
    discard(g, "W")                                    # seat 0 (tsumogiri); seat 1 draws 5m
    assert g.to_act == (1,) and g.observation(1).drawn == "5m"
    act(g, 1, "hora")
    h = [e for e in g.events if e["type"] == "hora"][-1]
    assert h["yakus"] == [["daisangen", 13]]
    assert h["deltas"] == [-16000, 32000, -8000, -8000]


def test_tobi_ends_the_game():
    hands = ["123m456m789m123p9p", NOTEN, NOTEN, NOTEN.replace("5p", "0p")]
    wall = build_wall(hands)
    g = Game(Rules.tenhou(), 0, wall, scores=[25000, 25000, 49500, 500])
    tsumogiri_round(g)
    assert g.done and g.result.end_reason == "tobi"
    assert g.result.scores[3] == -500 and g.result.placements[3] == 3


@pytest.mark.parametrize("scores,done,reason", [
    ([25000, 25000, 25000, 25000], False, None),      # nobody at 30000: the West extension
    ([32000, 25000, 22000, 21000], True, "last_hand"),
    ([30000, 25000, 25000, 20000], True, "last_hand"),   # exactly target_points is enough
    ([29900, 25000, 25000, 20100], False, None),
])
def test_extension_after_south_4(scores, done, reason):
    hands = [NOTEN, NOTEN, NOTEN, NOTEN.replace("5p", "0p")]
    g = Game(Rules.tenhou(), 0, build_wall(hands), scores=scores, round_wind=1, kyoku=3)
    tsumogiri_round(g)
    assert g.done == done
    if done:
        assert g.result.end_reason == reason
    else:
        nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
        assert (nk["bakaze"], nk["kyoku"], nk["honba"]) == ("W", 1, 1)


def test_tenpai_yame_in_the_last_hand():
    hands = ["123m456m789m123p9p", NOTEN, NOTEN, NOTEN.replace("5p", "0p")]   # the dealer (seat 3) tenpai
    g = Game(Rules.tenhou(), 0, build_wall(hands), scores=[20000, 20000, 20000, 40000], round_wind=1, kyoku=3)
    tsumogiri_round(g)
    assert g.done and g.result.end_reason == "all_last_stop"
    assert g.result.scores == (19000, 19000, 19000, 43000)

@pytest.mark.parametrize("scores,stop", [([30000, 20000, 20000, 30000], False), ([29900, 20000, 20000, 30100], True)])
def test_tenpai_yame_needs_the_dealer_on_top_ties_going_to_the_first_dealer_order(scores, stop):
    """South 4: the dealer (seat 3) and seat 0 are tenpai at the draw (1500 each from the two
    noten seats). Tied with seat 0 for the top, the dealer is second by the first-dealer order, so
    the game goes on (South 4, honba 1); 100 points ahead, it stops (all_last_stop)."""
    hands = [WAIT3[0], WAIT3[1], NOTEN, NOTEN.replace("5p", "0p")]   # dealer first: seats 3, 0, 1, 2
    g = Game(Rules.tenhou(), 0, build_wall(hands), scores=scores, round_wind=1, kyoku=3)
    tsumogiri_round(g)
    assert g.rounds[-1].tenpai == (0, 3)
    assert g.done is stop
    if stop:
        assert g.result.end_reason == "all_last_stop"
        assert g.result.scores == (31400, 18500, 18500, 31600)
    else:
        nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
        assert (nk["bakaze"], nk["kyoku"], nk["oya"], nk["honba"]) == ("S", 4, 3, 1)
        assert nk["scores"] == [31500, 18500, 18500, 31500]


# ---- sanma ------------------------------------------------------------------------------------------------
def test_sanma_kita_and_no_chi():
    hands = ["4z1m9m1p2p3p7p8p9p1s2s3s5z", "1m9m1p9p1s9s5z6z7z2p3p4p5s", "2p2p3p3p6s7s8s9s9s9p9p6z6z"]
    wall = build_wall(hands, "4z1z", rinshan="2z", players=3)
    g = Game(Rules.tenhou_sanma(), 0, wall)
    assert has(g, 0, "nukidora")
    n = len(g.events)
    act(g, 0, "nukidora")
    assert after(g, n) == ["nukidora", "tsumo"] and g.events[-1]["pai"] == "S"
    assert g.observation(1).kita == (1, 0, 0)
    assert g.check() == 0
    assert all(a.type != "chi" for s in range(3) for a in g.legal_actions(s))

def test_a_standing_kita_ends_the_ippatsu_window():
    """Sanma: seat 0's riichi is established with its first discard; seat 1 then draws a North.
    Its kita (once no one robs it) ends seat 0's ippatsu window, like any call; throwing the North
    instead leaves the window open."""
    hands = ["123p456p789p123s9s", "1m9m1p9p1s9s5z6z7z2p3p4p5s", "2p2p3p3p6s7s8s9s9s9p9p6z6z"]
    wall = build_wall(hands, "1z4z", rinshan="2z", players=3)
    g = Game(Rules.tenhou_sanma(), 0, wall)
    act(g, 0, "reach")
    discard(g, "E")
    assert g.to_act == (1,) and g._st.seat(0)[3] == 2 and g._st.seat(0)[5] == 1   # ippatsu open
    c = g.copy()
    discard(c, "N")
    assert c._st.seat(0)[5] == 1
    act(g, 1, "nukidora")
    pass_all(g)
    assert g.events[-1]["type"] == "tsumo" and g.events[-1]["actor"] == 1
    assert g._st.seat(0)[5] == 0


# ---- riichi details -----------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,legal", [
    ("111m234p567p789s5s", True),      # waits 5s before and after the ankan
    ("1112m234p567p789s", False),      # waits 2m 3m; after an ankan of 1m only 2m
])
def test_ankan_after_riichi_only_when_the_waits_stay(hand, legal):
    g = Game(Rules.tenhou(), 0, build_wall([hand, None, None, None], "5z6z7z5z1m"))
    act(g, 0, "reach")
    discard(g, "P")
    for pai in ("F", "C", "P"):
        (s,) = g.to_act
        g.step(next(a for a in g.legal_actions(s) if a.type == "dahai" and a.tsumogiri))
        pass_all(g)
    assert g.to_act == (0,) and g.events[-1] == {"type": "tsumo", "actor": 0, "pai": "1m"}
    assert has(g, 0, "ankan") == legal
    assert [a.type for a in g.legal_actions(0)].count("dahai") == 1   # in riichi only the drawn tile


def test_riichi_stick_only_when_the_declaration_tile_passes():
    wall = build_wall(["123m456m789m123p9p", WAIT3[0], None, None], "5p")
    g = Game(Rules.tenhou(), 0, wall)
    act(g, 0, "reach")
    discard(g, "5p", then_pass=False)
    act(g, 1, "hora")
    assert "reach_accepted" not in types(g)
    nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
    h = [e for e in g.events if e["type"] == "hora"][-1]
    assert nk["kyotaku"] == 0 and nk["scores"][0] == 25000 + h["deltas"][0]   # no stick deposited


def test_ippatsu_window_and_its_break_by_a_call():
    wall = build_wall(["123m456m789m123p9p", "5z5z1m4m7m2p5p8p3s6s9s1z2z", None, None], "5z1s")
    g = Game(Rules.tenhou(), 0, wall)
    act(g, 0, "reach")
    discard(g, "P", then_pass=False)
    assert g._st.seat(0)[3] == 1                 # declared, not yet established
    c = g.copy()
    pass_all(c)
    assert c._st.seat(0)[3:6] == (2, 1, 1)       # established, double riichi, ippatsu open
    act(g, 1, "pon", "P")
    assert g._st.seat(0)[3:6] == (2, 1, 0)       # the pon on it ends the ippatsu window


KOKUSHI_1M = "9m1p9p1s9s1z2z3z4z5z6z7z7z"   # thirteen orphans waiting on 1m alone


@pytest.mark.parametrize("preset,robbed", [
    ("tenhou", False), ("tenhou_sanma", False), ("mleague", False),
    ("mahjongsoul", True), ("mahjongsoul_sanma", True), ("wrc", True),
])
def test_kokushi_robs_an_ankan_only_where_the_preset_allows(preset, robbed):
    """chankan_ankan: Tenhou (and Rules()) never lets kokushi rob a concealed kan, Mahjong Soul does
    (docs/rules.md section 7.4): the dealer's ankan of 1m is either ronned by the kokushi seat for
    a yakuman (32000 from the dealer) or stands (the dealer draws the replacement and acts again)."""
    rules = Rules.preset(preset)
    dealer = "1111m2p3p4p5p6p7p2s3s4s" if rules.players == 3 else "1111m2m3m4m5p6p7p2s3s4s"
    wall = build_wall([dealer, KOKUSHI_1M] + [None] * (rules.players - 2), "8s", players=rules.players)
    g = Game(rules, 0, wall)
    act(g, 0, "ankan")
    if not robbed:
        assert g.to_act == (0,) and g._st.table()[7] == (54 if rules.players == 3 else 69) - 1
        assert not any(e["type"] == "hora" for e in g.events)
        return
    assert g.to_act == (1,) and has(g, 1, "hora")
    act(g, 1, "hora")
    h = [e for e in g.events if e["type"] == "hora"][-1]
    assert h["target"] == 0 and h["deltas"][1] == 32000 and ["kokushi", 13] in h["yakus"]


def test_library_default_is_tenhous_chankan_ankan():
    assert Rules().chankan_ankan == Rules.tenhou().chankan_ankan == Rules.tenhou_sanma().chankan_ankan == "never"
    assert Rules.mahjongsoul().chankan_ankan == Rules.mahjongsoul_sanma().chankan_ankan == "kokushi_only"


def test_nagashi_mangan_as_tenhou_pays_it():
    yao = [f"{n}{s}" for s in "mps" for n in (1, 9)] + [f"{n}z" for n in range(1, 8)]
    simples = [f"{n}{s}" for s in "mps" for n in range(2, 9)]
    seat1 = simples[:13]
    pool_y = [t for t in yao for _ in range(4)]
    pool_s = [t for t in simples for _ in range(4 - seat1.count(t))]
    pool_s.sort(key=lambda t: t == "5m" or t == "5p" or t == "5s")   # plain fives before the red ones
    draws = [pool_y.pop() if i % 4 == 1 else pool_s.pop(0) for i in range(70)]
    hands = [None, "".join(seat1), None, None]
    wall = build_wall(hands, "".join(draws))
    g = Game(Rules.tenhou(), 0, wall)
    tsumogiri_round(g)
    r = g.rounds[-1]
    assert r.outcome == "nagashi_mangan" and r.winners == (1,)
    assert r.deltas == (-4000, 8000, -2000, -2000)      # a non-dealer mangan tsumo, nothing else
    from yakuman.settle import settle_exhaustive_draw

    tenpai = [s for s in range(4) if g._st.draw_tenpai(s)]
    st = settle_exhaustive_draw(RoundState((25000,) * 4), tenpai, nagashi=[1], last_drawer=3, rules=Rules.tenhou())
    assert st.deltas == r.deltas

def test_no_nagashi_mangan_for_a_seat_whose_discard_was_called():
    """As test_nagashi_mangan_as_tenhou_pays_it, but seat 2 pons seat 1's first discard (chun):
    seat 1 still throws only terminals and honors to the draw, yet a called discard ends its
    nagashi: the round is a plain exhaustive draw."""
    yao = [f"{n}{s}" for s in "mps" for n in (1, 9)] + [f"{n}z" for n in range(1, 8)]
    simples = [f"{n}{s}" for s in "mps" for n in range(2, 9)]
    seat1, seat2 = simples[:13], ["7z", "7z"] + simples[8:19]
    pool_y = [t for t in yao for _ in range(4 - seat2.count(t))]
    pool_s = [t for t in simples for _ in range(4 - seat1.count(t) - seat2.count(t))]
    pool_s.sort(key=lambda t: t == "5m" or t == "5p" or t == "5s")   # plain fives before the red ones
    # seat 1 draws the 2nd live tile, then (seat 2 having called instead of drawing) every 4th from the 5th
    draws = [pool_y.pop() if i == 1 or (i >= 4 and i % 4 == 0) else pool_s.pop(0) for i in range(70)]
    wall = build_wall([None, "".join(seat1), "".join(seat2), None], "".join(draws))
    g = Game(Rules.tenhou(), 0, wall)
    throw_draw(g)
    discard(g, "C", then_pass=False)               # seat 1 throws its drawn chun
    act(g, 2, "pon", "C")
    tsumogiri_round(g)
    r = g.rounds[-1]
    assert all(p[0] in "19" or p in "ESWNPFC" for p, *_ in g.observation(1).discards[1])
    assert r.outcome == "exhaustive_draw" and r.winners == (), r


@pytest.mark.parametrize("scores,done", [([31000, 23000, 23000, 23000], True), ([25000] * 4, False)])
def test_tonpuusen_ends_after_east_4(scores, done):
    hands = [NOTEN, NOTEN, NOTEN, NOTEN.replace("5p", "0p")]
    g = Game(Rules.tenhou().replace(length="tonpuusen"), 0, build_wall(hands), scores=scores, kyoku=3)
    tsumogiri_round(g)
    assert g.done == done
    if not done:
        nk = [e for e in g.events if e["type"] == "start_kyoku"][-1]
        assert (nk["bakaze"], nk["kyoku"]) == ("S", 1)


@pytest.mark.parametrize("pao", [False, True])
def test_daiminkan_rinshan_pao(pao):
    wall = build_wall(["1m9m1s9s1z2z3z4z5z6z7z9p8p", "9p9p9p234m567m234s5s", None, None], "1p", rinshan="5s",
                      dora="4z")
    g = Game(Rules.tenhou().replace(daiminkan_rinshan_pao=pao), 0, wall)
    discard(g, "9p", then_pass=False)
    act(g, 1, "daiminkan")
    act(g, 1, "hora")
    h = [e for e in g.events if e["type"] == "hora"][-1]
    assert ["rinshan", 1] in h["yakus"] and h["fan"] == 1 and h["fu"] == 40
    # 1 han 40 fu: tsumo 400 / 700; the kan tile's discarder pays it as a ron (1300) under the knob
    assert h["deltas"] == ([-1300, 1300, 0, 0] if pao else [-700, 1500, -400, -400])


def test_suufon_renda_needs_four_of_one_wind():
    """Four first discards of haku (or of any other dragon) do not abort the round: only winds."""
    hands = ["1z2m3m4m6p7p8p3s4s5s9s9s5z", "5z2m3m4m6p7p8p3s4s5s9m9m6z", "5z2m3m4m6p7p8p6s7s8s1p1p7z",
             "1z5m6m7m2p3p4p6s7s8s9p9p5z"]
    g = Game(Rules.tenhou(), 0, build_wall(hands, "2z3z4z1s"))
    for _ in range(4):
        discard(g, "P")
    assert not g.rounds and g.to_act == (0,)


def test_no_call_on_the_last_discard():
    """The discard after the last live draw can be ronned (houtei) but not called: no seat is
    offered chi, pon or daiminkan then, also one holding two or three copies of the discarded kind
    (such seats are counted, so that the rule is put to the test)."""
    rules = Rules.tenhou()
    pairs = last = 0
    for seed in range(40):
        g = Game(rules, seed)
        rng = random.Random(seed)
        while not g.done:
            (actor,) = g.to_act if len(g.to_act) == 1 else (None,)
            final = actor is not None and g.observation(actor).tiles_left == 0 and g.events[-1]["type"] == "tsumo"
            hands = {s: g.observation(s) for s in range(4) if s != actor} if final else {}
            a = rng.choice(g.legal_actions(g.to_act[0]))
            rounds = len(g.rounds)
            g.step(a)
            if not (final and a.type == "dahai"):
                continue
            last += 1
            kind = a.pai.replace("r", "")
            for s, o in hands.items():
                if len(g.rounds) == rounds:   # the discard is being answered: no call offered
                    types = {x.type for x in g.legal_actions(s)}
                    assert not types & {"chi", "pon", "daiminkan"}, (seed, s, types)
                if not o.riichi[s]:
                    pairs += [t.replace("r", "") for t in o.hand].count(kind) >= 2
    assert last >= 40 and pairs >= 5, (last, pairs)
