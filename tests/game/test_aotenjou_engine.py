"""Aotenjou (no limit, docs/rules.md 3.7) in the game engine, and the engine's 64-bit scores
(docs/game.md): hands that pay beyond 2^31 are played, settled, recorded and read back exactly;
an aotenjou hand's base points are capped at 2^54; a seat beyond +-2^62 after a hand ends the
game ("score_limit"); Game(scores=...) takes integers in +-2^62 and nothing else; pickles keep
huge scores; forged states with scores near the int64 limits are refused."""

from __future__ import annotations

import json
import pickle
import random
import struct

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from yakuman import Rules, _core
from yakuman.errors import InvalidContextError
from yakuman.logs.events import LogError
from yakuman.game import Game, rebuild, simulate
from yakuman.game.records import check_record
from yakuman.logs.mjai import parse_mjai, to_mjai
from yakuman.logs.tenhou_json import parse_tenhou_json, to_tenhou_json
from yakuman.scoring import points
from yakuman.settle import RoundState, final_scores, settle_exhaustive_draw

from ._util import act, build_wall, random_game

AO = Rules.tenhou().replace(aotenjou=True)
AO_OFF = AO.replace(tobi="off")
LIMIT = 2**62                      # Game(scores=...) range, and the score_limit end
CAP = 2**54                        # the engine's cap on an aotenjou hand's base points
# the dealer's tenhou with chinitsu and suuankou tanki: 33 han 50 fu (1112223334445m + 5m)
BIG_HAND, BIG_DRAW = "1112223334445m", "5m"
# tenhou, daisangen, tsuuiisou, suuankou tanki: far beyond 2^54 base points
HUGE_HAND, HUGE_DRAW = "5556667771112z", "2z"


def _wall(hand: str, draw: str, seed: int = 3) -> list[int]:
    return build_wall([hand, None, None, None], draw, seed=seed)


def _hora(g: Game) -> dict:
    return [e for e in g.events if e["type"] == "hora"][-1]


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def test_aotenjou_hand_beyond_int32_is_paid_exactly_and_the_game_ends():
    g = Game(AO, seed=1, wall=_wall(BIG_HAND, BIG_DRAW))
    act(g, 0, "hora")
    h = _hora(g)
    assert (h["fan"], h["fu"]) == (33, 50)
    pay = points(33, 50, dealer=True, tsumo=True, rules=AO)
    each = pay.from_non_dealer
    assert each == _up100(2 * 50 * 2**35) == 3435973836800 > 2**31
    assert h["hora_points"] == 3 * each and h["deltas"] == [3 * each, -each, -each, -each]
    assert h["scores"] == [25000 + 3 * each] + [25000 - each] * 3
    assert g.done and g.result.end_reason == "tobi"
    assert g.result.scores == tuple(h["scores"]) and sum(g.result.scores) == 100000
    oka = (AO.return_points - AO.start_points) * 4
    assert g.result.results[0] == 25000 + 3 * each - AO.return_points + AO.uma[0] + oka   # uma and oka to first


def _records(g: Game):
    """The game's events written as mjai lines, and the record read back from them."""
    text = "\n".join(json.dumps(e) for e in g.events)
    (rec,) = parse_mjai(text)
    return text, rec


def test_aotenjou_game_records_to_mjai_and_reads_back_exactly():
    """A whole game (tobi off: it plays on after the big hand to its last hand), its mjai
    record read back with every score exact, written again identically, and replayed by the
    engine without a difference; tenhou.net/6 keeps the same scores."""
    walls = [_wall(BIG_HAND, BIG_DRAW)]
    g = Game(AO_OFF, seed=7, wall=walls)
    act(g, 0, "hora")
    random_game(g, random.Random(5))
    assert g.done and g.result.end_reason in ("last_hand", "sudden_death", "all_last_stop")
    big = g.rounds[0].deltas
    assert big[0] == 3 * 3435973836800
    assert sum(g.result.scores) + 1000 * _lost_sticks(g) == 100000
    text, rec = _records(g)
    ours, again = [json.loads(x) for x in text.splitlines()], to_mjai(rec)
    assert len(again) == len(ours)
    for a, b in zip(ours[1:], again[1:]):   # (start_game: the writer adds the record's header fields)
        for key in ("scores", "deltas", "hora_points", "result"):
            assert a.get(key) == b.get(key), (a, b)
    (rec2,) = parse_mjai("\n".join(json.dumps(e) for e in again))
    assert to_mjai(rec2) == again
    (end,) = [e for e in json.loads("[" + ",".join(text.splitlines()) + "]") if e["type"] == "end_game"]
    assert tuple(end["scores"]) == g.result.scores and tuple(end["result"]) == g.result.results
    chk = check_record(rec, AO_OFF)
    assert chk.illegal == 0 and chk.disagreements == 0, chk.problems
    (t6,) = parse_tenhou_json(json.dumps(to_tenhou_json(rec)))
    assert [r.scores for r in _starts(t6)] == [r.scores for r in _starts(rec)]
    assert _starts(rec)[1].scores == tuple(25000 + d for d in big)


def _starts(rec):
    from yakuman.logs.events import RoundStart

    return [e for e in rec.events if type(e) is RoundStart]


def _lost_sticks(g: Game) -> int:
    """Sticks left on the table at the end that the rules give to nobody (leftover_sticks lost)."""
    return 0 if g.rules.leftover_sticks == "to_top" else g._st.table()[6]


def test_aotenjou_base_points_are_capped_at_2_54():
    g = Game(AO, seed=1, wall=_wall(HUGE_HAND, HUGE_DRAW))
    act(g, 0, "hora")
    h = _hora(g)
    assert h["fan"] >= 52 and h["fu"] * 2 ** (h["fan"] + 2) > CAP   # the scorer's own value is beyond it
    each = _up100(2 * CAP)
    assert h["hora_points"] == 3 * each and h["deltas"] == [3 * each, -each, -each, -each]
    # settle's aotenjou entry pays the same from the capped base
    t = _core.settle_win(AO, 0, -1, 0, -1, CAP, 0, 0, 0)
    assert [a for _, a, _ in t] == [each] * 3


def test_a_seat_beyond_2_62_after_a_hand_ends_the_game_score_limit():
    g = Game(AO_OFF, seed=1, wall=_wall(BIG_HAND, BIG_DRAW), scores=[LIMIT - 10**12, 25000, 25000, -(LIMIT - 10**12)])
    act(g, 0, "hora")
    assert g.done and g.result.end_reason == "score_limit"
    assert g.result.scores[0] == LIMIT - 10**12 + 3 * 3435973836800 > LIMIT
    assert g.events[-1]["type"] == "end_game" and g.events[-1]["scores"] == list(g.result.scores)
    # pickled and loaded: an ended game may hold scores beyond 2^62
    g2 = pickle.loads(pickle.dumps(g))
    assert g2.result == g.result and g2.scores == g.scores


@pytest.mark.parametrize("scores", [[LIMIT, -LIMIT, 0, 0], [np.int64(LIMIT), 1, 2, np.int32(-3)],
                                    [2**31, 2**40, -(2**50), 7]])
def test_game_scores_take_integers_in_the_64_bit_range(scores):
    g = Game(AO, seed=3, scores=scores)
    assert g.scores == tuple(int(x) for x in scores)
    obs = g.observation(0)
    assert obs.scores == g.scores
    planes, scalars = obs.planes()
    assert scalars.dtype == np.int64 and tuple(scalars[:4]) == g.scores


@pytest.mark.parametrize(("bad", "where"), [(LIMIT + 1, 1), (-(LIMIT + 1), 2), (2**63, 0), (-(2**63), 3),
                                            (10**30, 1), (25000.0, 0), (True, 2), ("25000", 1), (None, 3)])
def test_game_scores_beyond_the_range_or_not_integers_are_refused(bad, where):
    scores: list = [25000] * 4
    scores[where] = bad
    with pytest.raises(InvalidContextError, match=rf"scores\[{where}\] = .* is not an integer in "
                                                  rf"-{LIMIT}\.\.{LIMIT}"):
        Game(seed=1, scores=scores)


def test_pickle_round_trip_keeps_huge_scores_and_plays_on_identically():
    g = Game(AO_OFF, seed=1, wall=_wall(BIG_HAND, BIG_DRAW), scores=[LIMIT // 2, -(LIMIT // 2), 3, -3])
    g2 = pickle.loads(pickle.dumps(g))
    assert g2.scores == g.scores == (LIMIT // 2, -(LIMIT // 2), 3, -3)
    for x in (g, g2):
        act(x, 0, "hora")
    assert g2.scores == g.scores and g2.events == g.events
    assert g.scores[0] == LIMIT // 2 + 3 * 3435973836800


def _score_offsets(g: Game) -> list[int]:
    """Byte offsets of the seats' scores in the native state (found by their values)."""
    raw = g._st.raw()
    out = []
    for s in g.scores:
        key = struct.pack("<q", s)
        assert raw.count(key) == 1
        out.append(raw.index(key))
    return out


@pytest.mark.parametrize("value", [2**63 - 1, -(2**63), LIMIT + 1, -(LIMIT + 1), 2**62 + 2**60])
def test_forged_state_with_scores_near_the_int64_limits_is_refused(value):
    g = Game(seed=1, scores=[0x1122334455667788, -0x0102030405060708, 0x0A0B0C0D0E0F1011, 12345678901])
    offs = _score_offsets(g)
    cr = _core.compiled_game_rules(g.rules)
    raw = bytearray(g._st.raw())
    assert _core.GameState.from_raw(cr, bytes(raw)).validate() is None
    raw[offs[2]:offs[2] + 8] = struct.pack("<q", value)
    with pytest.raises(InvalidContextError, match=r"s\[2\]\.score = -?\d+ is out of range"):
        _core.GameState.from_raw(cr, bytes(raw))


def test_forged_state_round_deltas_beyond_one_hand_are_refused():
    g = Game(AO, seed=1, wall=_wall(BIG_HAND, BIG_DRAW))
    act(g, 0, "hora")   # over: last.deltas hold the big hand's
    cr = _core.compiled_game_rules(g.rules)
    raw = bytearray(g._st.raw())
    d = struct.pack("<q", 3 * 3435973836800)
    at = raw.index(d)
    assert _core.GameState.from_raw(cr, bytes(raw)).validate() is None
    raw[at:at + 8] = struct.pack("<q", 2**63 - 1)
    with pytest.raises(InvalidContextError, match="a value out of range"):
        _core.GameState.from_raw(cr, bytes(raw))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32),
       scores=st.lists(st.one_of(st.integers(-LIMIT, LIMIT), st.integers(LIMIT - 10**5, LIMIT),
                                 st.integers(-LIMIT, -LIMIT + 10**5), st.integers(-(10**5), 10**5)),
                       min_size=4, max_size=4),
       sticks=st.integers(0, 50), tobi=st.sampled_from(["off", "below_zero"]))
# found by hypothesis: a seat pushed below -2^62 by the first hand under tobi ends the game as tobi
@example(seed=847, scores=[0, 0, 0, -LIMIT + 999], sticks=0, tobi="below_zero")
@example(seed=847, scores=[0, 0, 0, -LIMIT + 999], sticks=0, tobi="off")
def test_scores_plus_sticks_are_conserved_whatever_the_start(seed, scores, sticks, tobi):
    """Random play under aotenjou from any start in the range: after every step the scores plus
    the sticks on the table keep their total (exact Python ints), and the game ends (a seat
    beyond 2^62 after a hand ends it with score_limit)."""
    rules = AO.replace(tobi=tobi)
    g = Game(rules, seed=seed, scores=scores, sticks=sticks)
    total = sum(scores) + 1000 * sticks
    rng = random.Random(seed)
    steps = 0
    while not g.done:
        assert sum(g.scores) + 1000 * g._st.table()[6] == total
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
        steps += 1
        assert steps < 20000
    lost = 0 if rules.leftover_sticks == "to_top" else g._st.table()[6]
    assert sum(g.result.scores) + 1000 * lost == total
    if any(abs(s) > LIMIT for s in g.scores):
        # tobi is checked before the score limit (docs/game.md): a seat below -2^62 under tobi
        # ends the game as tobi
        busted = tobi != "off" and any(s < 0 for s in g.scores)
        assert g.result.end_reason == ("tobi" if busted else "score_limit")


def test_simulate_plays_aotenjou_with_int64_columns():
    out = simulate(60, rules=AO, seed=11, workers=1, policy="greedy")
    assert out["scores"].dtype == np.int64 and out["results"].dtype == np.int64
    assert (out["status"] == 0).all()
    assert (out["scores"].sum(axis=1) == 100000).all()   # Tenhou: leftover sticks go to the top
    for i in (0, 17):   # the native games are the Python engine's games, value for value
        g = rebuild(int(out["seed"][i]), rules=AO, policy="greedy")
        assert g.result.scores == tuple(out["scores"][i]) and g.result.results == tuple(out["results"][i])


def test_settle_takes_64_bit_scores():
    state = RoundState((LIMIT, 1000, -1000, -LIMIT))
    s = settle_exhaustive_draw(state, tenpai=[0])
    assert s.deltas == (3000, -1000, -1000, -1000) and s.game_over and s.end_reason == "tobi"
    s = settle_exhaustive_draw(state, tenpai=[0], rules=Rules.tenhou().replace(tobi="off"))
    assert s.game_over and s.end_reason == "score_limit" and s.state.scores[0] == LIMIT + 3000
    fin = final_scores([LIMIT, 10**15, -(10**15), -LIMIT])
    r = Rules.tenhou()
    assert fin.points == (LIMIT, 10**15, -(10**15), -LIMIT)
    assert fin.results[0] == LIMIT - r.return_points + r.uma[0] + (r.return_points - r.start_points) * 4
    with pytest.raises(InvalidContextError, match=r"scores\[0\]"):
        final_scores([2**63, 0, 0, 0])


def test_settle_wins_pays_an_aotenjou_base_beyond_the_limits():
    """yakuman.settle under aotenjou: a Win's base points up to 2^54, paid as the engine pays."""
    from yakuman.settle import Win, settle_wins

    base = 50 * 2**35
    s = settle_wins(RoundState((25000,) * 4), Win(0, base=base), rules=AO)
    each = _up100(2 * base)
    assert s.deltas == (3 * each, -each, -each, -each) and s.game_over and s.end_reason == "tobi"
    g = Game(AO, seed=1, wall=_wall(BIG_HAND, BIG_DRAW))
    act(g, 0, "hora")
    assert tuple(_hora(g)["deltas"]) == s.deltas
    with pytest.raises(InvalidContextError, match="out of range"):
        settle_wins(RoundState((25000,) * 4), Win(0, base=CAP + 1), rules=AO)


def _big_game_events() -> list[dict]:
    g = Game(AO, seed=1, wall=_wall(BIG_HAND, BIG_DRAW))
    act(g, 0, "hora")
    return [dict(e) for e in g.events]


@pytest.mark.parametrize("bad", [1.5, 1e20, 2.0**53, float("inf"), True, [1]])
def test_mjai_reader_refuses_point_values_it_cannot_hold_exactly(bad):
    """A float beyond 2^53 (its integer is unknown), a fraction, inf, a bool or a list where a
    point value belongs: LogFormatError naming the event, never a silently rounded score."""
    from yakuman.logs.events import LogFormatError

    evs = _big_game_events()
    hora = next(e for e in evs if e["type"] == "hora")
    hora["deltas"] = [bad] + hora["deltas"][1:]
    with pytest.raises(LogFormatError, match="bad mjai 'hora' event: ValueError: point value"):
        parse_mjai(evs)


def test_mjai_reader_takes_whole_floats_and_huge_ints_exactly():
    evs = _big_game_events()
    start = next(e for e in evs if e["type"] == "start_kyoku")
    start["scores"] = [25000.0, 2**52 * 1.0, 10**30, "-5"]
    (rec,) = parse_mjai(evs)
    assert _starts(rec)[0].scores == (25000, 2**52, 10**30, -5)
    assert [type(x) for x in _starts(rec)[0].scores] == [int] * 4
    # the engine replays nothing beyond its range: a clear error naming the round's scores (a
    # LogError naming the round and its start event, as every round the driver cannot read)
    with pytest.raises(LogError, match=r"round E1-0, event 1 .*malformed event \(InvalidContextError: the round's "
                                       r"scores\[2\] = 10{30} is not an integer"):
        check_record(rec, AO)


def test_tenhou6_reader_refuses_inexact_scores():
    from yakuman.logs.events import LogFormatError

    evs = _big_game_events()
    (rec,) = parse_mjai(evs)
    t6 = to_tenhou_json(rec)
    assert t6["log"][0][16][1][:4] == [3 * 3435973836800] + [-3435973836800] * 3   # written exactly
    t6["log"][0][1][0] = 1e20
    with pytest.raises(LogFormatError, match="point value"):
        parse_tenhou_json(json.dumps(t6))


def test_settle_from_an_aotenjou_score_equals_the_engine():
    """score() -> Win.from_score -> settle_wins under aotenjou: the engine's deltas exactly."""
    from yakuman import score
    from yakuman.settle import Win, settle_wins

    s = score(BIG_HAND + BIG_DRAW, BIG_DRAW, rules=AO, tsumo=True, tenhou=True)
    assert (s.han, s.fu) == (33, 50)
    win = Win.from_score(s, 0, rules=AO, state=RoundState((25000,) * 4))
    assert win.base == 50 * 2**35 and win.dealer is True
    st = settle_wins(RoundState((25000,) * 4), win, rules=AO)
    g = Game(AO, seed=1, wall=_wall(BIG_HAND, BIG_DRAW))
    act(g, 0, "hora")
    assert st.deltas == tuple(_hora(g)["deltas"]) == (s.points, *(-s.payment.from_non_dealer,) * 3)
