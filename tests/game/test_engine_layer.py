"""The engine's Python layer (yakuman.game, game.view, game.mjai, game.cluster, game.cli), branch
by branch.

The main oracle is independent of the layer: every mjai event stream of whole games (four
players and sanma, red fives on and off, a game started at East 3 so the dealer is not seat 0,
given walls) is replayed here with plain bookkeeping - the deal read straight from the wall
(``seeded_wall`` / the given wall: 13 tiles per seat from the dealer on, the first dora
indicator at the dead wall's fifth place), every seat's concealed tiles through draws,
discards, calls, kans and kita, the riichi deposits, the running scores through every hora /
ryukyoku delta, the sticks and honba at each start_kyoku, and the final result. Beside it: the
Action API (repr, mjai form, equality), every argument check at its boundary, the views' text
and the mjai / cluster / CLI plumbing with exact values.
"""

from __future__ import annotations

import collections
import os
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

from yakuman.errors import IllegalActionError, InvalidArgumentError, InvalidContextError
from yakuman.game import POLICIES, Action, Game, GameResult, RoundOutcome, rebuild, seeded_wall, simulate
from yakuman.game.view import concealed, game_repr, mpsz, observation_repr, round_label
from yakuman.rules import Rules

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["E", "S", "W", "N", "P", "F", "C"]
T4, T3 = Rules.tenhou(), Rules.tenhou_sanma()
NOAKA = Rules.tenhou().replace(aka_dora=0)


def name(tile_id: int, aka: bool) -> str:
    """mjai name of a 136-id: the first copy (id % 4 == 0) of each five is the red one."""
    return NAMES[tile_id // 4] + ("r" if aka and tile_id in (16, 52, 88) else "")


def base(n: str) -> str:
    return n[:-1] if n.endswith("r") else n


# ---- the independent replay of the event stream --------------------------------------------------
def check_stream(g: Game, walls: list[list[int]] | None = None) -> collections.Counter:
    """Replay ``g.events`` with plain bookkeeping (see the module docstring); returns the event
    type counts. ``walls``: the walls of the first rounds (else the seeded ones)."""
    ev = g.events
    rules = g.rules
    n, aka = rules.players, rules.aka_dora > 0
    assert ev[0] == {"type": "start_game", "players": n, "aka_flag": aka, "length": rules.length, "seed": g.seed}
    seen = collections.Counter(e["type"] for e in ev)
    scores = None
    hands: list[collections.Counter] = []
    pons: dict = {}
    round_no = -1
    last_discard = last_draw = None
    reach_pending = None
    sticks = honba = 0
    rounds = []
    for i, e in enumerate(ev[1:], 1):
        t = e["type"]
        if t == "start_kyoku":
            round_no += 1
            wall = walls[round_no] if walls and round_no < len(walls) else seeded_wall(n, g.seed, round_no)
            dealer = e["oya"]
            assert dealer == (e["kyoku"] - 1) % n and e["bakaze"] in "ESWN"
            for k in range(n):
                seat = (dealer + k) % n
                assert e["tehais"][seat] == [name(x, aka) for x in sorted(wall[13 * k:13 * k + 13])]
            assert e["dora_marker"] == name(wall[len(wall) - 14 + 4], aka)
            if scores is not None:
                assert e["scores"] == scores and e["kyotaku"] == sticks
            scores = list(e["scores"])
            sticks, honba = e["kyotaku"], e["honba"]
            hands = [collections.Counter(h) for h in e["tehais"]]
            pons, last_discard, last_draw, reach_pending = {}, None, None, None
            start_label = (f"{e['bakaze']}{e['kyoku']}", honba, sticks)
        elif t == "tsumo":
            hands[e["actor"]][e["pai"]] += 1
            last_draw = (e["actor"], e["pai"])
        elif t == "dahai":
            a, p = e["actor"], e["pai"]
            assert hands[a][p] > 0, (i, e)
            hands[a][p] -= 1
            if e["tsumogiri"]:
                assert last_draw == (a, p), (i, e)
            last_discard, last_draw = (a, p), None
            if reach_pending is not None:
                assert reach_pending == a
        elif t in ("chi", "pon", "daiminkan"):
            a = e["actor"]
            assert last_discard == (e["target"], e["pai"]) and e["target"] != a
            assert len(e["consumed"]) == {"chi": 2, "pon": 2, "daiminkan": 3}[t]
            for c in e["consumed"]:
                assert hands[a][c] > 0
                hands[a][c] -= 1
            if t == "pon":
                pons[(a, base(e["pai"]))] = sorted([e["pai"], *e["consumed"]])
            if t == "chi":
                ks = sorted(NAMES.index(base(x)) for x in [e["pai"], *e["consumed"]])
                assert ks[0] < 27 and ks == [ks[0], ks[0] + 1, ks[0] + 2]
            else:
                assert {base(x) for x in e["consumed"]} == {base(e["pai"])}
            last_discard = None
        elif t == "kakan":
            a, p = e["actor"], e["pai"]
            assert hands[a][p] > 0
            hands[a][p] -= 1
            assert sorted(e["consumed"]) == sorted(pons.pop((a, base(p))))
        elif t == "ankan":
            a = e["actor"]
            assert len(e["consumed"]) == 4 and len({base(x) for x in e["consumed"]}) == 1
            for c in e["consumed"]:
                assert hands[a][c] > 0
                hands[a][c] -= 1
        elif t == "nukidora":
            assert n == 3 and e["pai"] == "N" and hands[e["actor"]]["N"] > 0
            hands[e["actor"]]["N"] -= 1
        elif t == "reach":
            reach_pending = e["actor"]
        elif t == "reach_accepted":
            a = e["actor"]
            assert reach_pending == a
            reach_pending = None
            assert e["deltas"] == [-1000 if q == a else 0 for q in range(n)]
            scores[a] -= 1000
            sticks += 1
            assert e["scores"] == scores
        elif t == "dora":
            assert e["dora_marker"] in NAMES or e["dora_marker"][:-1] in NAMES
        elif t == "hora":
            a, tgt = e["actor"], e["target"]
            assert len(e["uradora_markers"]) == (1 if any(y[0] in ("riichi", "double_riichi")
                                                          for y in e["yakus"]) else len(e["uradora_markers"]))
            if tgt == a:
                assert hands[a][e["pai"]] > 0 and sum(1 for d in e["deltas"] if d < 0) == n - 1
            else:
                assert last_discard is None or last_discard[0] == tgt or True
                assert e["deltas"][tgt] < 0
            assert e["deltas"][a] > 0 and e["fan"] >= 1 and e["hora_points"] > 0
            assert e["limit"] in (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
            assert sum(e["deltas"]) == 1000 * sticks and sum(h for _, h in e["yakus"]) >= e["fan"] - 0
            scores = [s + d for s, d in zip(scores, e["deltas"])]
            sticks = 0
            assert e["scores"] == scores
            if not rounds or rounds[-1][0] != start_label:
                rounds.append((start_label, "ron" if tgt != a else "tsumo", [a], tgt if tgt != a else None))
            else:
                rounds[-1][2].append(a)
        elif t == "ryukyoku":
            assert len(e["tenpais"]) == n
            scores = [s + d for s, d in zip(scores, e["deltas"])]
            assert e["scores"] == scores
            if e["reason"] == "exhaustive":
                assert sum(e["deltas"]) == 0
                tp = [q for q in range(n) if e["tenpais"][q]]
                if 0 < len(tp) < n:
                    assert all((e["deltas"][q] > 0) == (q in tp) for q in range(n))
            rounds.append((start_label, e["reason"], [], None))
        elif t == "end_kyoku":
            pass
        elif t == "end_game":
            res = g.result
            assert e["scores"] == list(res.scores) and e["result"] == list(res.results)
            assert sum(res.scores) == sum(scores) + 1000 * sticks or rules.leftover_sticks == "lost"
        else:
            raise AssertionError(e)
    # the RoundOutcome records follow the stream
    assert len(g.rounds) == len(rounds)
    for ro, (label, what, winners, frm) in zip(g.rounds, rounds):
        assert (ro.label, ro.honba, ro.sticks) == label
        if what in ("ron", "tsumo"):
            assert ro.outcome == what and ro.winners == tuple(sorted(winners)) and ro.from_seat == frm
            assert ro.abortive is None and ro.tenpai == ()
        elif what == "exhaustive":
            assert ro.outcome == "exhaustive_draw" and ro.winners == () and ro.from_seat is None
        elif what == "nagashi_mangan":
            assert ro.outcome == "nagashi_mangan"
        else:
            assert ro.outcome == "abortive_draw" and ro.abortive == what
    return seen


@pytest.mark.parametrize("rules, seed, policy", [
    (T4, 3, "greedy"), (T4, 11, "random"), (T3, 5, "random"), (T3, 8, "greedy"), (NOAKA, 2, "random"),
    (Rules.mahjongsoul(), 4, "random"), (T4.replace(length="tonpuusen"), 9, "tsumogiri"),
])
def test_event_stream_replays(rules, seed, policy):
    g = rebuild(seed, rules=rules, policy=policy)
    seen = check_stream(g)
    assert g.done and seen["start_kyoku"] == len(g.rounds) and seen["end_game"] == 1
    sim = simulate(1, rules=rules, seed=seed, policy=policy, workers=1)
    assert tuple(sim["scores"][0]) == g.result.scores and tuple(sim["placements"][0]) == g.result.placements
    assert int(sim["rounds"][0]) == len(g.rounds)


def test_random_games_cover_calls_kans_and_kita():
    seen = collections.Counter()
    for seed, rules in ((21, T4), (22, T3), (23, T4), (24, T3), (25, NOAKA)):
        g = Game(rules, seed)
        rng = random.Random(seed)
        while not g.done:
            acts = g.legal_actions(g.to_act[0])
            calls = [a for a in acts if a.type in ("pon", "chi", "daiminkan", "kakan", "ankan", "nukidora", "hora")]
            g.step(rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(acts))
        seen += check_stream(g)
    for t in ("pon", "chi", "hora", "ryukyoku", "nukidora", "dora"):
        assert seen[t] > 0, t
    assert seen["kakan"] + seen["ankan"] + seen["daiminkan"] > 0


def test_a_game_started_at_east_3_and_given_walls():
    w0, w1 = seeded_wall(4, 1000, 0), seeded_wall(4, 1001, 0)
    g = Game(T4, 42, [w0, w1], scores=[20000, 30000, 26000, 24000], kyoku=2, honba=3, sticks=1)
    e = g.events[1]
    assert (e["bakaze"], e["kyoku"], e["honba"], e["kyotaku"], e["oya"]) == ("E", 3, 3, 1, 2)
    assert e["scores"] == [20000, 30000, 26000, 24000] and g.scores == (20000, 30000, 26000, 24000)
    assert g.to_act == (2,)
    rng = random.Random(5)
    while not g.done:
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    check_stream(g, [w0, w1])
    one = Game(T3, 1, seeded_wall(3, 77, 0), round_wind=1, kyoku=1)
    assert (one.events[1]["bakaze"], one.events[1]["oya"]) == ("S", 1)
    assert one.events[1]["tehais"][1] == [name(x, True) for x in sorted(seeded_wall(3, 77, 0)[:13])]


# ---- names, Action ----------------------------------------------------------------------------------
def test_red_fives_follow_aka_dora():
    from yakuman.game import _pai

    assert [_pai(t, 1) for t in (16, 17, 52, 53, 88, 91, 0, 135)] == ["5mr", "5m", "5pr", "5p", "5sr", "5s", "1m", "C"]
    assert [_pai(t, 0) for t in (16, 52, 88)] == ["5m", "5p", "5s"]
    assert [_pai(t, 2) for t in (16, 17, 18)] == ["5mr", "5mr", "5m"]
    assert _pai(12, 1) == "4m" and _pai(20, 1) == "6m" and _pai(48, 4) == "4p"
    assert seeded_wall(4, -1, 0) == seeded_wall(4, 2**64 - 1, 0) and seeded_wall(4, 0, 1) != seeded_wall(4, 0, 0)
    assert len(seeded_wall(3, 5)) == 108 and sorted(seeded_wall()) == list(range(136))


def test_action_repr_mjai_and_equality():
    d = Action("dahai", 0, "6m", tsumogiri=True)
    assert repr(d) == "Action(dahai actor=0 pai=6m tsumogiri)"
    assert d.to_mjai() == {"type": "dahai", "actor": 0, "pai": "6m", "tsumogiri": True}
    d2 = Action("dahai", 0, "6m", target=3)
    assert repr(d2) == "Action(dahai actor=0 pai=6m)" and d2.to_mjai()["tsumogiri"] is False
    c = Action("chi", 1, "3m", ["5m", "4m"], 0)
    assert repr(c) == "Action(chi actor=1 pai=3m consumed=5m/4m target=0)" and c.consumed == ("5m", "4m")
    assert c.to_mjai() == {"type": "chi", "actor": 1, "target": 0, "pai": "3m", "consumed": ["5m", "4m"]}
    assert c == Action("chi", 1, "3m", ("4m", "5m"), 0) and hash(c) == hash(Action("chi", 1, "3m", ("4m", "5m"), 0))
    assert c != Action("chi", 1, "3m", ("4m", "5m"), 2) and c != Action("chi", 2, "3m", ("4m", "5m"), 0)
    assert c != ("chi", 1) and Action("pon", 1, "5m", ("5mr", "5m"), 0) == Action("pon", 1, "5m", ("5m", "5mr"), 0)
    for t in ("pon", "daiminkan"):
        assert Action(t, 2, "E", ("E", "E"), 1).to_mjai() == {"type": t, "actor": 2, "target": 1, "pai": "E",
                                                              "consumed": ["E", "E"]}
    assert Action("kakan", 2, "E", ("E", "E", "E")).to_mjai() == {"type": "kakan", "actor": 2, "pai": "E",
                                                                  "consumed": ["E", "E", "E"]}
    assert Action("ankan", 3, None, ("N",) * 4).to_mjai() == {"type": "ankan", "actor": 3, "consumed": ["N"] * 4}
    assert Action("nukidora", 1, "N").to_mjai() == {"type": "nukidora", "actor": 1, "pai": "N"}
    assert Action("hora", 1, "3s", target=2).to_mjai() == {"type": "hora", "actor": 1, "target": 2, "pai": "3s"}
    for t in ("reach", "none", "ryukyoku"):
        assert Action(t, 2).to_mjai() == {"type": t, "actor": 2} and repr(Action(t, 2)) == f"Action({t} actor=2)"
    assert repr(Action("hora", 1, "3s", target=1)) == "Action(hora actor=1 pai=3s target=1)"


def test_legal_actions_from_the_engine_codes():
    g = Game(T4, 7)
    acts = g.legal_actions(0)
    assert all(a.type == "dahai" and a.actor == 0 and a.target is None for a in acts)
    assert [a.tsumogiri for a in acts if a.pai == "6m"] == [True]
    assert {a.pai for a in acts} == {"5mr", "6m", "7m", "2p", "3p", "5pr", "5p", "7p", "7s", "9s", "E", "N"}
    assert g.legal_actions(1) == [] and g.legal_actions(3) == []
    assert g.legal_actions(0) == acts and g.legal_actions(0)[0] is acts[0]       # shared, cached
    for bad in (4, -1, "0", None, 1.0):
        with pytest.raises(InvalidContextError):
            g.legal_actions(bad)
    # a riichi, a pass, a kyuushu: no pai; an ankan: its tiles only as consumed
    found = collections.Counter()
    for seed in range(6):
        h = Game(T4 if seed % 2 else T3, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if h.done:
                break
            for a in h.legal_actions(h.to_act[0]):
                found[a.type] += 1
                if a.type in ("reach", "none", "ryukyoku", "ankan"):
                    assert a.pai is None, a
                if a.type == "ankan":
                    assert len(a.consumed) == 4 and a.target == a.actor
                if a.type != "dahai":
                    assert a.tsumogiri is None
                if a.type in ("chi", "pon", "daiminkan"):
                    assert a.target is not None and a.target != a.actor
                if a.type == "hora":
                    assert a.pai is not None and a.target is not None
            acts = h.legal_actions(h.to_act[0])
            calls = [a for a in acts if a.type in ("pon", "chi", "ankan", "kakan", "daiminkan", "hora")]
            h.step(rng.choice(calls) if calls and rng.random() < 0.7 else rng.choice(acts))
    for t in ("dahai", "none", "chi", "pon", "ankan", "nukidora"):
        assert found[t], t


# ---- Game arguments and stepping -----------------------------------------------------------------------
def test_game_arguments_at_their_limits():
    assert Game(T4, 0, round_wind=3, kyoku=3, honba=255, sticks=10000).events[1]["honba"] == 255
    assert Game(T3, 0, kyoku=2).events[1]["oya"] == 2
    for kw in (dict(round_wind=4), dict(kyoku=4), dict(honba=256), dict(sticks=10001), dict(round_wind=-1),
               dict(kyoku=True), dict(honba=1.0), dict(sticks="1")):
        with pytest.raises(InvalidContextError):
            Game(T4, 0, **kw)
    with pytest.raises(InvalidContextError):
        Game(T3, 0, kyoku=3)
    for seed in (-1, 1.5, "1", True):
        with pytest.raises(InvalidContextError):
            Game(T4, seed)
    with pytest.raises(InvalidContextError):
        Game("tenhou")
    assert Game(None, 5).rules == Rules.tenhou()
    assert Game(T4, 2**64 + 5).seed == 5 and Game(T4, 2**64 - 1).seed == 2**64 - 1
    assert 0 <= Game(T4).seed < 2**64 and Game(T4).seed != Game(T4).seed
    with pytest.raises(InvalidContextError):
        Game(T4, 9, wall=[])                                              # an empty wall


def test_step_with_dicts_mappings_and_partial_mjai():
    g = Game(T4, 7)
    with pytest.raises(IllegalActionError):
        g.step({"type": "dahai", "pai": "6m"})                          # names no actor
    g.step({"type": "dahai", "actor": 0, "pai": "6m"})                  # tsumogiri left out
    assert g.events[-1] == {"type": "dahai", "actor": 0, "pai": "6m", "tsumogiri": True}
    while g.to_act == (0,) or not any(a.type == "none" for a in g.legal_actions(g.to_act[0])):
        s = g.to_act[0]
        g.step(next(a for a in g.legal_actions(s) if a.type == "dahai"))
    asked = g.to_act
    other = next(q for q in range(4) if q not in asked)
    with pytest.raises(IllegalActionError):
        g.step({other: {"type": "none"}})
    with pytest.raises(InvalidContextError):
        g.step({7: {"type": "none"}})
    with pytest.raises(IllegalActionError):
        g.step({asked[0]: Action("none", other)})                        # given for another seat
    before = g.events
    g.step({s: {"type": "none"} for s in asked})
    assert len(g.events) > len(before)


def test_illegal_fields_are_refused_and_change_nothing():
    g = Game(T4, 7)
    ev, acts = g.events, g.legal_actions(0)
    for bad in (Action(5, 0, "6m"), Action("dahai", 0, "5x"), Action("dahai", 0, 6), Action("dahai", 0, "6m", ("x",)),
                Action("dahai", 0, "6m", (6,)), Action("dahai", 0, "6m", target="1"),
                Action("dahai", 0, "6m", tsumogiri=1), Action("dahai", 4, "6m"), Action("dahai", -1, "6m"),
                Action("dahai", "0", "6m"), Action("dahai", 0, "1m"), Action("pon", 0, "6m"), ("dahai", 0),
                {"type": "dahai", "actor": 0, "pai": "6m", "tsumogiri": False}, Action("dahai", 1, "6m"),
                {"type": "dahai", "actor": 0, "pai": "6m", "target": "x"}):
        with pytest.raises(IllegalActionError):
            g.step(bad)
        assert g.events == ev and g.legal_actions(0) == acts and g.to_act == (0,)
    g.step(Action("dahai", 0, "5mr"))                                  # equal to a legal action, no code
    last = [e for e in g.events if e["type"] == "dahai"][-1]
    assert last == {"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": False}


def test_stepping_a_finished_game():
    g = rebuild(3, policy="greedy")
    with pytest.raises(IllegalActionError):
        g.step({"type": "none", "actor": 0})
    with pytest.raises(IllegalActionError):
        g.step(Action("dahai", 0, "1m"))
    assert g.to_act == () and g.legal_actions(0) == []


def test_result_rounds_and_outcomes():
    g = Game(T4, 3)
    assert g.result is None and g.rounds == () and not g.done
    g = rebuild(3, policy="greedy")
    r = g.result
    assert isinstance(r, GameResult) and r.end_reason == "last_hand" and r.rounds == g.rounds
    assert r.placements == (3, 0, 1, 2) and sorted(r.placements) == [0, 1, 2, 3]
    assert all(isinstance(x, RoundOutcome) for x in r.rounds)
    draw = next(x for x in r.rounds if x.outcome == "exhaustive_draw")
    assert draw.winners == () and draw.from_seat is None and draw.abortive is None and len(draw.tenpai) > 0
    tsumo = next(x for x in r.rounds if x.outcome == "tsumo")
    assert tsumo.from_seat is None and len(tsumo.winners) == 1 and sum(tsumo.deltas) >= 0
    abort = next(x for x in r.rounds if x.outcome == "abortive_draw")
    assert abort.abortive == "suufon_renda" and abort.deltas == (0, 0, 0, 0)
    tobi = rebuild(0, rules=T4, policy="random")
    assert tobi.result.end_reason in ("tobi", "last_hand", "sudden_death", "all_last_stop")


def test_observation_fields():
    g = Game(T4, 7)
    o = g.observation(0)
    assert o.seat == 0 and o.drawn == "6m" and len(o.hand) == 14 and o.hand.count("6m") == 1
    assert (o.round_wind, o.kyoku, o.dealer, o.honba, o.sticks, o.tiles_left) == ("E", 0, 0, 0, 0, 69)
    assert o.to_act == (0,) and o.legal_actions == tuple(g.legal_actions(0)) and o.dora_indicators == ("4p",)
    assert o.melds == ((), (), (), ()) and o.discards == ((), (), (), ()) and o.kita == (0, 0, 0, 0)
    assert o.scores == (25000,) * 4 and o.riichi == (False,) * 4
    p1 = g.observation(1)
    assert p1.drawn is None and len(p1.hand) == 13 and p1.legal_actions == () and p1.to_act == (0,)
    planes, scalars = o.planes()
    assert planes.shape == (33, 34) and scalars.shape == (24,)
    g.step(Action("dahai", 0, "6m", tsumogiri=True))
    o = g.observation(2)
    assert o.discards[0] == (("6m", True, False, False),)
    for bad in (4, -1, "1"):
        with pytest.raises(InvalidContextError):
            g.observation(bad)


def test_observation_hides_who_else_answers_a_discard():
    for seed in range(60):
        g = Game(T4, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.done:
                break
            if len(g.to_act) > 1:
                for s in g.to_act:
                    assert g.observation(s).to_act == (s,)
                outsider = next((q for q in range(4) if q not in g.to_act), None)
                if outsider is not None:
                    assert g.observation(outsider).to_act == ()
                return
            g.step(rng.choice(g.legal_actions(g.to_act[0])))
    raise AssertionError("no discard answered by two seats")


@pytest.mark.parametrize("rules", [T4, T3], ids=["yonma", "sanma"])
def test_planes_and_scalars_equal_the_observations_own_fields(rules):
    """Every plane and scalar of every seat's observation, at every step of random games (red
    fives on), equals what assert_planes_match builds from the Observation's fields; the games
    must reach the cases the planes distinguish: another seat's meld holding a red five, a
    called discard, a dealer whose relative seat differs from the observer's seat wind."""
    from ._util import assert_planes_match

    n = rules.players
    reached = collections.Counter()
    for seed in range(3):
        g = Game(rules, seed)
        rng = random.Random(seed)
        steps = 0
        while not g.done and steps < 400:
            for seat in range(n):
                o = g.observation(seat)
                assert_planes_match(o, n)
                reached["red meld of another seat"] += any(
                    t.endswith("r") for q in range(n) if q != seat for _ty, tiles, _f in o.melds[q] for t in tiles)
                reached["called discard"] += any(c for river in o.discards for *_x, c in river)
                reached["dealer not at the seat wind's place"] += (o.dealer - seat) % n != (seat - o.dealer) % n
            g.step(rng.choice(g.legal_actions(g.to_act[0])))
            steps += 1
    assert len(reached) == 3 and min(reached.values()) > 0, reached


def test_sanma_observation_and_kita():
    for seed in range(30):
        g = Game(T3, seed)
        rng = random.Random(seed)
        while not g.done:
            acts = g.legal_actions(g.to_act[0])
            kita = [a for a in acts if a.type == "nukidora"]
            if kita:
                g.step(kita[0])
                o = g.observation(kita[0].actor)
                assert o.kita[kita[0].actor] >= 1 and len(o.kita) == 3 and len(o.scores) == 3
                assert g.events[-2 if g.events[-1]["type"] != "nukidora" else -1]["type"] in ("nukidora", "tsumo",
                                                                                             "dora")
                return
            g.step(rng.choice(acts))
    raise AssertionError("no kita in 30 sanma games")


# ---- copies, pickling, determinize ------------------------------------------------------------------
def test_copy_pickle_and_determinize():
    g = Game(T4, 12)
    rng = random.Random(1)
    for _ in range(30):
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    c = g.copy()
    assert c.events == g.events and c.scores == g.scores and c.seed == g.seed and c.rules == g.rules
    c.step(c.legal_actions(c.to_act[0])[0])
    assert len(c.events) > len(g.events)
    p = pickle.loads(pickle.dumps(g))
    assert p.events == g.events and p.to_act == g.to_act and p.observation(0) == g.observation(0)
    assert p.rounds == g.rounds and p.seed == 12
    import copy as copymod

    assert copymod.copy(g).events == g.events
    a, b = g.determinize(1, 99), g.determinize(1, 99)
    assert a.observation(1) == b.observation(1) == g.observation(1)
    assert a.observation(2).hand == b.observation(2).hand
    assert g.determinize(1, random.Random(3)).observation(2).hand == g.determinize(1, random.Random(3)).observation(2).hand
    gen = g.determinize(1, np.random.default_rng(4))
    assert gen.observation(1) == g.observation(1)
    assert g.determinize(1).observation(1) == g.observation(1)
    assert g.determinize(1, 2**64 + 99).observation(2).hand == a.observation(2).hand
    for bad in ("x", 1.5, object()):
        with pytest.raises(InvalidContextError):
            g.determinize(1, bad)
    with pytest.raises(InvalidContextError):
        g.determinize(4, 1)
    assert g.check() == 0 and a.check() == 0


# ---- rebuild and simulate ------------------------------------------------------------------------------
def test_simulate_columns_and_checks():
    out = simulate(3, rules=T3, seed=40, policy="greedy", workers=1)
    assert out["scores"].shape == (3, 3) and out["results"].shape == (3, 3) and out["placements"].shape == (3, 3)
    assert out["outcomes"].shape == (3, 6) and list(out["seed"]) == [40, 41, 42]
    assert list(out["status"]) == [0, 0, 0] and all(out["steps"] > 0)
    for i in range(3):
        r = rebuild(40 + i, rules=T3, policy="greedy").result
        assert tuple(out["scores"][i]) == r.scores and tuple(out["results"][i]) == r.results
        assert int(out["end_reason"][i]) == (None, "tobi", "last_hand", "sudden_death", "all_last_stop").index(
            r.end_reason)
        kinds = collections.Counter(x.outcome for x in r.rounds)
        assert [int(v) for v in out["outcomes"][i]] == [kinds[k] for k in (
            "none", "tsumo", "ron", "exhaustive_draw", "nagashi_mangan", "abortive_draw")]
    empty = simulate(0)
    assert empty["scores"].shape == (0, 4) and len(empty["seed"]) == 0
    assert simulate(2, seed=5)["scores"].tolist() == simulate(2, seed=5, workers=2)["scores"].tolist()
    for kw in (dict(n=-1), dict(n=1.0), dict(n=True), dict(n=1, policy="best")):
        with pytest.raises(InvalidContextError):
            simulate(kw.pop("n"), **kw)
    for w in (True, -1, 1025, 100000, 2**40, 1.0):     # bounded like the batch calls (0 = every core)
        with pytest.raises(InvalidArgumentError, match="workers"):
            simulate(1, workers=w)
    with pytest.raises(InvalidContextError):
        rebuild(1, policy="best")
    assert POLICIES == {"random": 0, "tsumogiri": 1, "greedy": 2, "ev": 3}
    assert rebuild(5, policy="tsumogiri").result.scores == tuple(simulate(1, seed=5, policy="tsumogiri")["scores"][0])


# ---- views --------------------------------------------------------------------------------------------
def test_view_helpers():
    assert mpsz([]) == "-" and mpsz(["5mr", "6m", "E"]) == "06m1z" and mpsz(["C", "1p", "1p"]) == "11p7z"
    assert concealed(["1m", "2m", "2m"], "2m") == ["1m", "2m"] and concealed(["1m"], None) == ["1m"]
    assert concealed(["1m"], "9m") == ["1m"]
    assert round_label("S", 3, 2) == "S4-2" and round_label("E", 0, 0) == "E1-0"


def test_game_and_observation_repr():
    g = Game(T4, 7, kyoku=2, honba=1, sticks=2)
    assert repr(g) == ("Game(seed=7, E3-1, sticks 2, dealer 2, scores [25000, 25000, 25000, 25000], "
                       f"seat 2 to move, {g.observation(0).tiles_left} tiles left)")
    assert game_repr(g) == repr(g)
    o = g.observation(2)
    assert repr(o) == observation_repr(o)
    assert repr(o).startswith(f"Observation(seat 2, E3-1, sticks 2, hand {mpsz(concealed(o.hand, o.drawn))} + "
                              f"{mpsz([o.drawn])}, scores [25000, 25000, 25000, 25000], to act [2], "
                              f"{len(o.legal_actions)} legal actions, ")
    o1 = g.observation(1)
    assert f"hand {mpsz(o1.hand)}, scores" in repr(o1) and " + " not in repr(o1) and "0 legal actions" in repr(o1)
    done = rebuild(3, policy="greedy")
    assert repr(done) == ("Game(seed=3, over after S4-0, scores [11600, 48200, 22300, 17900], "
                          "placements [3, 0, 1, 2], end last_hand)")
    # several seats answering a discard: "seats a/b"
    for seed in range(60):
        h = Game(T4, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if h.done or len(h.to_act) > 1:
                break
            h.step(rng.choice(h.legal_actions(h.to_act[0])))
        if len(h.to_act) > 1:
            assert f"seats {'/'.join(map(str, h.to_act))} to answer the discard" in repr(h)
            assert h._repr_html_().count('style="background:#fff6d5"') == len(h.to_act)   # the whole state
            o = h.observation(h.to_act[0])
            assert o._repr_html_().count('style="background:#fff6d5"') == 1               # one seat's view
            return
    raise AssertionError("no discard answered by two seats")


def test_html_views():
    g = Game(T4, 7)
    g.step(Action("dahai", 0, "6m", tsumogiri=True))
    html = g.observation(1)._repr_html_()
    assert html.startswith('<div class="yakuman-game"><p>seat 1 sees E1-0, sticks 0, dora indicators 4p, ')
    assert "<b>seat 0</b> (dealer, 25000)" in html and "<b>seat 2</b> (25000)" in html
    assert html.count("13+ concealed tiles") == 3 and html.count("<td><i>no discards</i></td>") == 3
    assert html.count('style="background:#fff6d5"') == len(g.to_act) == 1
    assert '<tr style="background:#fff6d5"><td><b>seat 1</b>' in html
    full = g._repr_html_()
    assert "13+ concealed tiles" not in full and full.count("<tr") == 5
    assert full.startswith('<div class="yakuman-game"><p>' + repr(g).replace("[", "[").split(" scores")[0])
    for seed in range(40):
        h = Game(T3, seed)
        rng = random.Random(seed)
        while not h.done:
            acts = h.legal_actions(h.to_act[0])
            k = [a for a in acts if a.type in ("nukidora", "pon", "reach")]
            if k and k[0].type != "reach" or (k and rng.random() < 0.5):
                a = k[0]
                h.step(a)
                view = h.observation((a.actor + 1) % 3)._repr_html_()
                if a.type == "nukidora":
                    assert ", kita 1" in view or ", kita 2" in view
                    k = h.observation(0).kita[a.actor]
                    assert f"<b>seat {a.actor}</b> (" in h._repr_html_() and f", kita {k})" in h._repr_html_()
                    return
                continue
            h.step(rng.choice(acts))
    raise AssertionError("no kita")


def test_riichi_and_melds_in_the_html():
    g = rebuild(3, policy="greedy")                         # replay it to its first riichi
    h = Game(T4, 3)
    h._st.seed_policy(h.seed)
    while not any(h.observation(0).riichi):
        h._apply(h._st.policy_action(POLICIES["greedy"]))
    o = h.observation(0)
    seat = o.riichi.index(True)
    assert f"<b>seat {seat}</b> ({'dealer, ' if seat == o.dealer else ''}{o.scores[seat]}, riichi)" in o._repr_html_()
    assert g.done
    m = Game(T4, 21)
    rng = random.Random(21)
    while not any(m.observation(0).melds[q] for q in range(1, 4)):
        acts = m.legal_actions(m.to_act[0])
        calls = [a for a in acts if a.type in ("pon", "chi")]
        m.step(calls[0] if calls else rng.choice(acts))
    o = m.observation(0)
    q = next(q for q in range(1, 4) if o.melds[q])
    assert f"{13 - 3 * len(o.melds[q])}+ concealed tiles" in o._repr_html_()


# ---- mjai bots -----------------------------------------------------------------------------------------
def test_mask_event():
    from yakuman.game.mjai import mask_event

    assert mask_event({"type": "start_game", "players": 4}, 2) == {"type": "start_game", "players": 4, "id": 2}
    sk = {"type": "start_kyoku", "tehais": [["1m", "2m"], ["3m", "4m"], ["5m"], ["6m"]]}
    assert mask_event(sk, 1)["tehais"] == [["?", "?"], ["3m", "4m"], ["?"], ["?"]]
    assert sk["tehais"][0] == ["1m", "2m"]                       # the original is not changed
    assert mask_event({"type": "tsumo", "actor": 0, "pai": "1m"}, 1) == {"type": "tsumo", "actor": 0, "pai": "?"}
    assert mask_event({"type": "tsumo", "actor": 1, "pai": "1m"}, 1)["pai"] == "1m"
    d = {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": True}
    assert mask_event(d, 3) == d


def _tsumogiri_bot(seat_log=None):
    def bot(events):
        if seat_log is not None:
            seat_log.extend(events)
        last = events[-1]
        return {"type": "dahai", "pai": last["pai"], "tsumogiri": True} if last["type"] == "tsumo" else \
            {"type": "none"}
    return bot


def test_play_with_callables_and_failures():
    from yakuman.game.mjai import play

    logs = [[] for _ in range(4)]
    res = play([_tsumogiri_bot(logs[s]) for s in range(4)], T4, seed=3)
    assert res.ok and res.error is None and res.game.done and res.events == res.game.events
    assert res.exit_codes == []
    assert logs[1][0] == {**{k: v for k, v in res.events[0].items() if k != "seed"}, "id": 1}   # no seed
    assert all(e["pai"] == "?" for e in logs[1] if e["type"] == "tsumo" and e["actor"] != 1)
    assert any(e["type"] == "tsumo" and e["actor"] == 1 and e["pai"] != "?" for e in logs[1])
    with pytest.raises(InvalidContextError):
        play([_tsumogiri_bot()] * 3, T4)
    res = play([_tsumogiri_bot()] * 3, T3, seed=1)
    assert res.ok and len(res.game.scores) == 3

    def crash(events):
        raise ValueError("boom")
    res = play([crash] + [_tsumogiri_bot()] * 3, T4, seed=1)
    assert not res.ok and (res.error.seat, res.error.kind, res.error.detail) == (0, "crash", "ValueError: boom")
    res = play([lambda ev: "dahai"] + [_tsumogiri_bot()] * 3, T4, seed=1)
    assert (res.error.seat, res.error.kind) == (0, "malformed") and "not an mjai action" in res.error.detail
    res = play([lambda ev: {"type": 3}] + [_tsumogiri_bot()] * 3, T4, seed=1)
    assert res.error.kind == "malformed"
    res = play([lambda ev: {"type": "none"}] + [_tsumogiri_bot()] * 3, T4, seed=1)
    assert (res.error.seat, res.error.kind, res.error.detail) == (0, "illegal", "passed when it must act")
    res = play([lambda ev: {"type": "dahai", "pai": "C" if ev[-1].get("pai") != "C" else "1m"}]
               + [_tsumogiri_bot()] * 3, T4, seed=1)
    assert (res.error.seat, res.error.kind) == (0, "illegal") and "not legal" in res.error.detail
    short = play([_tsumogiri_bot()] * 4, T4, seed=3, max_decisions=5)
    assert short.error is None and not short.ok and not short.game.done


def test_an_illegal_answer_to_a_discard_names_its_seat():
    from yakuman.game.mjai import play

    def picky(seat):
        def bot(events):
            last = events[-1]
            if last["type"] == "tsumo" and last["actor"] == seat:
                return {"type": "dahai", "pai": last["pai"], "tsumogiri": True}
            if last["type"] == "dahai" and last["actor"] != seat and seat == 2:
                return {"type": "pon", "pai": "C", "consumed": ["C", "C"], "target": last["actor"]}
            return {"type": "none"}
        return bot
    res = play([picky(s) for s in range(4)], T4, seed=3)
    assert res.error is not None and res.error.seat == 2 and res.error.kind == "illegal"



def test_a_mapping_naming_a_seat_twice_is_refused_before_any_answer_is_applied():
    # found by probing step's {seat: action} form: a Mapping whose items() names seat 0 twice (a
    # pass, then a pon) had the pass applied, then raised IllegalActionError for the pon, the state
    # changed in spite of the error; the answers are read once and a repeated seat is refused first
    import pickle
    from collections.abc import Mapping

    class Twice(Mapping):
        def __init__(self, pairs):
            self.pairs = pairs

        def __getitem__(self, k):
            return dict(self.pairs)[k]

        def __iter__(self):
            return iter([q for q, _ in self.pairs])

        def __len__(self):
            return len(self.pairs)

        def items(self):
            return list(self.pairs)

    g = Game(seed=0)
    while len(g.to_act) < 2:
        q = g.decision_seat
        g.step(g.legal_actions(q)[0])
    seat = g.to_act[0]
    legal = g.legal_actions(seat)
    passing = next(a for a in legal if a.type == "none")
    calling = next(a for a in legal if a.type != "none")
    before = pickle.dumps(g)
    with pytest.raises(IllegalActionError, match=f"seat {seat} answers twice"):
        g.step(Twice([(seat, passing), (seat, calling)]))
    assert pickle.dumps(g) == before

def test_cli_game_play_failure_and_bot_count(tmp_path, capsys):
    import argparse

    from yakuman.game import cli

    args = argparse.Namespace(rules="tenhou", bots=["a", "b", "c"], out=str(tmp_path / "o"), games=1, seed=0,
                              timeout=1.0)
    assert cli._cmd_play(args) == 2
    assert "3 bots for a 4-player game" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
    bot = f"{sys.executable} -c \"import sys; [print('{{}}', flush=True) for _ in sys.stdin]\""
    args = argparse.Namespace(rules="tenhou", bots=[bot] * 4, out=str(tmp_path / "p"), games=2, seed=5, timeout=5.0)
    assert cli._cmd_play(args) == 1
    err = capsys.readouterr().err
    assert "game 5: seat 0 malformed" in err and "game 6: seat 0 malformed" in err and "2/2 games" in err
    assert sorted(p.name for p in (tmp_path / "p").iterdir()) == ["game_5.mjai.jsonl", "game_6.mjai.jsonl"]
    p = argparse.ArgumentParser()
    sub = p.add_subparsers()
    cli.add_game_commands(sub)
    ns = p.parse_args(["game", "play", "--bots", "x", "y", "--out", "d"])
    assert (ns.games, ns.seed, ns.rules, ns.timeout, ns.bots) == (1, None, "tenhou", 10.0, ["x", "y"])
    assert ns.func is cli._cmd_play


# ---- the cluster runner, with an in-process client ------------------------------------------------------
class _Future:
    def __init__(self, fn, arg, fail):
        self.fn, self.arg, self.fail = fn, arg, fail

    def result(self):
        if self.fail:
            raise RuntimeError(f"worker died on {self.arg[2]}")
        return self.fn(self.arg)


class FakeClient:
    """``map`` / ``submit`` run the task here; chunks whose first seed is in ``die_once`` fail the
    first time, those in ``die_twice`` fail on the retry as well."""

    def __init__(self, die_once=(), die_twice=()):
        self.die_once, self.die_twice, self.tasks = set(die_once), set(die_twice), []

    def map(self, fn, tasks, pure=True):
        self.tasks = list(tasks)
        return [_Future(fn, t, t[2] in self.die_once | self.die_twice) for t in tasks]

    def submit(self, fn, task, pure=True):
        return _Future(fn, task, task[2] in self.die_twice)


def test_simulate_dask_chunks_and_equals_local():
    from yakuman.game.cluster import simulate_dask

    client = FakeClient()
    got = simulate_dask(client, 5, rules=T3, seed=10, policy="greedy", chunk=2, workers=1)
    assert [(t[0], t[2], t[3], t[4]) for t in client.tasks] == [(2, 10, "greedy", 1), (2, 12, "greedy", 1),
                                                               (1, 14, "greedy", 1)]
    want = simulate(5, rules=T3, seed=10, policy="greedy", workers=1)
    assert set(got) == set(want) and all(np.array_equal(got[k], want[k]) for k in want)
    one = simulate_dask(FakeClient(), 3, seed=7, chunk=3)
    assert np.array_equal(one["scores"], simulate(3, seed=7)["scores"])
    assert simulate_dask(FakeClient(), 0)["scores"].shape == (0, 4)
    assert simulate_dask(FakeClient(), 1, seed=np.int64(3))["seed"].dtype == np.uint64
    with pytest.raises(InvalidContextError, match="non-negative"):
        simulate_dask(FakeClient(), 1, seed=-3)                 # like simulate and Game: never wrapped


def test_simulate_dask_retries_and_reports_lost_chunks():
    from yakuman.game.cluster import STATUS_WORKER_DIED, simulate_dask

    deaths = []
    got = simulate_dask(FakeClient(die_once={12}), 5, seed=10, chunk=2, deaths=deaths)
    assert np.array_equal(got["scores"], simulate(5, seed=10)["scores"])
    assert deaths == [{"seed": 12, "games": 2, "retried": "ok", "error": None}]
    deaths = []
    with pytest.warns(RuntimeWarning, match=r"games 12\.\.13 died, and died again"):
        got = simulate_dask(FakeClient(die_twice={12}), 5, seed=10, chunk=2, deaths=deaths)
    assert list(got["status"]) == [0, 0, STATUS_WORKER_DIED, STATUS_WORKER_DIED, 0] and STATUS_WORKER_DIED == 3
    assert list(got["seed"]) == [10, 11, 12, 13, 14] and got["scores"][2:4].tolist() == [[0] * 4] * 2
    assert got["scores"].dtype == np.int64 and got["scores"].shape == (5, 4)
    assert np.array_equal(got["scores"][[0, 1, 4]], simulate(5, seed=10)["scores"][[0, 1, 4]])
    assert deaths == [{"seed": 12, "games": 2, "retried": "died again", "error": "RuntimeError: worker died on 12"}]
    with pytest.warns(RuntimeWarning):
        simulate_dask(FakeClient(die_twice={10}), 2, seed=10, chunk=2)        # deaths not asked for


def test_simulate_dask_checks_its_arguments():
    from yakuman.game.cluster import simulate_dask

    for kw in (dict(n=-1), dict(n=1.0), dict(n=2, chunk=0), dict(n=2, chunk=1.5), dict(n=2, seed=1.5),
               dict(n=2, policy="best"), dict(n=2, rules="tenhou")):
        client = FakeClient()
        with pytest.raises(InvalidContextError):
            simulate_dask(client, **kw)
        assert client.tasks == []
    for w in (-1, 2.0, True, 1025):   # the tasks' threads: the batch rule (None or 0 = every core)
        client = FakeClient()
        with pytest.raises(InvalidArgumentError, match="workers"):
            simulate_dask(client, 2, workers=w)
        assert client.tasks == []
    assert simulate_dask(FakeClient(), 1, workers=None, chunk=1)["status"].tolist() == [0]


def test_observations_follow_the_event_stream():
    """After every step: each seat's view of the melds, rivers (tsumogiri, riichi declaration,
    called), kita, riichi, scores and its own concealed tiles equals the bookkeeping of the
    events; tiles_left drops by one per draw."""
    seen_marks = collections.Counter()
    for seed, rules, prefer in ((21, T4, "calls"), (22, T3, "calls"), (3, T4, "greedy"), (8, T3, "greedy")):
        g = Game(rules, seed)
        g._st.seed_policy(g.seed)
        n = rules.players
        rng = random.Random(seed)
        done_rounds = 0
        while not g.done and done_rounds < 1:
            if prefer == "greedy":                  # the engine's greedy bot: riichi when it can
                g._apply(g._st.policy_action(POLICIES["greedy"]))
            else:
                acts = g.legal_actions(g.to_act[0])
                calls = [a for a in acts if a.type in ("pon", "chi", "daiminkan", "kakan", "ankan", "nukidora")]
                g.step(rng.choice(calls) if calls and rng.random() < 0.6 else rng.choice(acts))
            ev = g.events
            start = max(i for i, e in enumerate(ev) if e["type"] == "start_kyoku")
            if any(e["type"] in ("hora", "ryukyoku") for e in ev[start:]):
                done_rounds = len(g.rounds)
                continue
            hands = [collections.Counter(h) for h in ev[start]["tehais"]]
            rivers = [[] for _ in range(n)]
            melds = [[] for _ in range(n)]
            kita = [0] * n
            riichi = [False] * n
            left = 70 if n == 4 else 55
            reach = None
            for i, e in enumerate(ev[start + 1:], start + 1):
                t, a = e["type"], e.get("actor")
                if t == "tsumo":
                    hands[a][e["pai"]] += 1
                    left -= 1
                elif t == "dahai":
                    hands[a][e["pai"]] -= 1
                    nxt = next((x for x in ev[i + 1:] if x["type"] not in ("reach_accepted", "dora")), {})
                    called = nxt.get("type") in ("chi", "pon", "daiminkan")
                    rivers[a].append((e["pai"], e["tsumogiri"], reach == a, called))
                    reach = None
                elif t in ("chi", "pon", "daiminkan"):
                    for c in e["consumed"]:
                        hands[a][c] -= 1
                    melds[a].append([t, sorted([e["pai"], *e["consumed"]]), e["target"]])
                elif t == "kakan":
                    hands[a][e["pai"]] -= 1
                    m = next(m for m in melds[a] if m[0] == "pon" and base(m[1][0]) == base(e["pai"]))
                    m[0], m[1] = "kakan", sorted([*m[1], e["pai"]])
                elif t == "ankan":
                    for c in e["consumed"]:
                        hands[a][c] -= 1
                    melds[a].append(["ankan", sorted(e["consumed"]), None])
                elif t == "nukidora":
                    hands[a]["N"] -= 1
                    kita[a] += 1
                elif t == "reach":
                    reach = a
                elif t == "reach_accepted":
                    riichi[a] = True
            for s in range(n):
                o = g.observation(s)
                assert collections.Counter(o.hand) == +hands[s]
                assert [list(r) for r in o.discards[s]] == [list(r) for r in rivers[s]]
                got = [[m[0], sorted(m[1]), m[2] if m[0] != "ankan" else None] for m in o.melds[s]]
                assert got == melds[s]
                assert list(o.kita) == kita and list(o.riichi) == riichi and o.tiles_left == left
                for r in rivers[s]:
                    seen_marks[(r[1], r[2], r[3])] += 1
        assert g.observation(0).scores == g.scores
    assert any(k[1] for k in seen_marks) and any(k[2] for k in seen_marks) and any(k[0] for k in seen_marks)


def _expected_row_parts(o, s, own: bool):
    """The pieces a seat's row must contain, drawn with yakuman.display directly: the river in
    rows of six with riichi declarations sideways, the hand (own seat) or the hidden count."""
    from yakuman.display import Tile, hand_svg, tiles_svg

    def tile(n):
        return Tile(NAMES.index(base(n)), n.endswith("r"))

    tiles = [Tile(NAMES.index(base(p)), p.endswith("r"), sideways=r) for p, _tg, r, _c in o.discards[s]]
    rows = [tiles[i:i + 6] for i in range(0, len(tiles), 6)]
    river = tiles_svg(rows, label=f"seat {s} river") if tiles else "<i>no discards</i>"
    texts = [f"{m[0]} {mpsz(m[1])}" for m in o.melds[s]]
    if own:
        rest = concealed(o.hand, o.drawn)
        counts = [0] * 34
        reds = [0, 0, 0]
        for n in rest:
            counts[NAMES.index(base(n))] += 1
            if n.endswith("r"):
                reds["mps".index(n[1])] += 1
        label = f"seat {s} hand {mpsz(rest)}" + (f" drawn {mpsz([o.drawn])}" if o.drawn else "")
        hand = hand_svg(counts, tuple(reds), texts, None if o.drawn is None else tile(o.drawn), label=label)
    else:
        hand = (f"<i>{13 - 3 * len(o.melds[s])}+ concealed tiles</i> "
                + (hand_svg([0] * 34, (0, 0, 0), texts, label=f"seat {s} melds") if texts else ""))
    return river, hand


def test_html_rows_are_drawn_from_the_observation():
    g = Game(T4, 3)
    g._st.seed_policy(g.seed)
    while not any(g.observation(0).riichi) or len(g.observation(0).discards[0]) < 7:
        g._apply(g._st.policy_action(POLICIES["greedy"]))
    m = Game(T4, 21)
    rng = random.Random(21)
    while not any(m.observation(0).melds[q] for q in range(4)):
        acts = m.legal_actions(m.to_act[0])
        calls = [a for a in acts if a.type in ("pon", "chi")]
        m.step(calls[0] if calls else rng.choice(acts))
    m2 = Game(T4, 21)                                       # on until a seat has two melds
    rng = random.Random(21)
    while not any(len(m2.observation(0).melds[q]) >= 2 for q in range(4)):
        acts = m2.legal_actions(m2.to_act[0])
        calls = [a for a in acts if a.type in ("pon", "chi")]
        m2.step(calls[0] if calls else rng.choice(acts))
    q = next(q for q in range(4) if len(m2.observation(0).melds[q]) >= 2)
    oq = m2.observation(q)
    assert "".join(f", {t} {mpsz(ts)}" for t, ts, _ in oq.melds[q]) + ", scores" in repr(oq)
    red = Game(T4, 7)
    red.step(Action("dahai", 0, "5mr"))                     # a red five in the river
    for game in (g, m, m2, red):
        full = game._repr_html_()
        o0 = game.observation(0)
        assert full.count('style="background:#fff6d5"') == len(game.to_act)
        assert f", dora indicators {mpsz(o0.dora_indicators)}</p>" in full
        for s in range(4):
            head = (f"<b>seat {s}</b> ({'dealer, ' if s == o0.dealer else ''}{o0.scores[s]}"
                    f"{', riichi' if o0.riichi[s] else ''}{f', kita {o0.kita[s]}' if o0.kita[s] else ''})")
            assert head in full
        for seat in range(4):
            o = game.observation(seat)
            html = o._repr_html_()
            for s in range(4):
                river, hand = _expected_row_parts(o, s, s == seat)
                assert f"<td>{river}</td>" in html and f"<td>{hand}</td>" in html, (seat, s)
            for s in range(4):
                if o.melds[s] and s == seat:
                    assert f", {o.melds[s][0][0]} {mpsz(o.melds[s][0][1])}" in repr(o)
        full = game._repr_html_()
        for s in range(4):
            o = game.observation(s)
            river, hand = _expected_row_parts(o, s, True)
            assert f"<td>{hand}</td><td>{river}</td>" in full


_BOT = r'''
import json, sys
me = None
for line in sys.stdin:
    e = json.loads(line)
    out = {"type": "none"}
    if e["type"] == "start_game":
        me = e["id"]
    elif e["type"] == "tsumo" and e["actor"] == me:
        out = {"type": "dahai", "actor": me, "pai": e["pai"], "tsumogiri": True}
    print(PREFIX + json.dumps(out), flush=True)
'''


def _cmd(prefix="", body=None):
    import sys

    return [sys.executable, "-c", body if body is not None else f"PREFIX = {prefix!r}\n" + _BOT]


def test_command_bots_blank_lines_garbage_and_exits():
    from yakuman.game.mjai import play

    res = play([_cmd("\n\n")] + [_cmd()] * 3, T4, seed=3, timeout=20.0, max_decisions=12)
    assert res.error is None and not res.ok and res.exit_codes == [0, 0, 0, 0]   # blank lines are skipped
    res = play([_cmd(body="import sys\nfor l in sys.stdin: print('hello', flush=True)")] + [_cmd()] * 3, T4, seed=3,
               timeout=20.0)
    assert (res.error.seat, res.error.kind, res.error.detail) == (0, "malformed", "not JSON: 'hello'")
    res = play([_cmd()] * 3 + [_cmd(body="import sys\nsys.exit(3)")], T4, seed=3, timeout=20.0)
    assert (res.error.seat, res.error.kind) == (3, "crash") and "the bot exited" in res.error.detail
    assert res.exit_codes[3] == 3
    res = play([" ".join(map(repr, _cmd()))[:0] + _cmd()[0] + " -c 'import sys; sys.exit(4)'"] + [_cmd()] * 3, T4,
               seed=3, timeout=20.0)                                     # a command as one string
    assert (res.error.seat, res.error.kind) == (0, "crash") and res.exit_codes[0] == 4


def test_cli_game_play_writes_both_records(tmp_path, capsys):
    import argparse
    import json

    from yakuman.game import cli

    args = argparse.Namespace(rules="tenhou", bots=[_cmd()] * 4, out=str(tmp_path / "g"), games=1, seed=9,
                              timeout=20.0)
    assert cli._cmd_play(args) == 0
    err = capsys.readouterr().err
    assert "[" + "#" * 30 + "] 1/1 games" in err
    lines = (tmp_path / "g" / "game_9.mjai.jsonl").read_text(encoding="utf-8").splitlines()
    events = [json.loads(x) for x in lines]
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game" and events[0]["seed"] == 9
    t6 = json.loads((tmp_path / "g" / "game_9.tenhou6.json").read_text(encoding="utf-8"))
    assert len(t6["log"]) == sum(1 for e in events if e["type"] == "start_kyoku")


def test_a_damaged_pickle_is_refused_before_the_engine_reads_it():
    """A pickled game's native state comes back byte for byte: damaged bytes (or a state paired
    with other rules) are refused with an InvalidContextError, never read by the engine (which
    crashed on them before the digest). An undamaged pickle loads in another process too: the
    digest does not depend on hash randomization."""
    g = Game(T4, 5)
    rng = random.Random(2)
    for _ in range(60):
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    state = g.__getstate__()
    raw = state["raw"]
    for k in range(200):
        b = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] ^= rng.randrange(1, 256)
        h = Game.__new__(Game)
        with pytest.raises(InvalidContextError, match="pickled game state is damaged"):
            h.__setstate__(dict(state, raw=bytes(b)))
    other = dict(state, rules=Rules.tenhou_sanma().to_dict())
    with pytest.raises(InvalidContextError, match="damaged"):
        Game.__new__(Game).__setstate__(other)
    for bad in ({k: v for k, v in state.items() if k != "digest"}, dict(state, raw=None)):
        with pytest.raises(InvalidContextError, match="damaged"):
            Game.__new__(Game).__setstate__(bad)
    p = pickle.loads(pickle.dumps(g))
    assert p.observation(2) == g.observation(2)
    # the digest is the same in a process with another hash seed (multiprocessing pickles games)
    code = ("import pickle, sys; g = pickle.loads(sys.stdin.buffer.read()); "
            "print(len(g.legal_actions(g.to_act[0])))")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(g), capture_output=True,
                         env={**os.environ, "PYTHONHASHSEED": "123"}, check=True)
    assert int(out.stdout) == len(g.legal_actions(g.to_act[0]))
