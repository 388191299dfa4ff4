"""The local rules of docs/rules.md 3.7 in the game engine, on constructed walls: paarenchan (the
dealer's eighth consecutive win; a hand without a win breaks the count) and its twin in
yakuman.settle."""

from __future__ import annotations

import pytest

from yakuman import Rules, score
from yakuman.game import Game
from yakuman.settle import RoundState, Win, settle_abortive_draw, settle_exhaustive_draw, settle_wins

from ._util import act, assert_planes_match, build_wall

PAA = Rules.tenhou().replace(paarenchan=True, tobi="off")
TENHOU_HAND = "123m456p789s1122z"   # + the first draw 2z: the dealer's tenhou
KYUUSHU_HAND = "19m19p19s12345z23m"  # + 4m: nine terminal and honor kinds


def _tenhou_wall(seed: int) -> list[int]:
    return build_wall([TENHOU_HAND, None, None, None], "2z", seed=seed)


def _kyuushu_wall(seed: int) -> list[int]:
    return build_wall([KYUUSHU_HAND, None, None, None], "4m", seed=seed)


def _play(walls_kinds: str, rules: Rules = PAA) -> list[dict]:
    """Play one round per letter: T = the dealer's tenhou, K = his kyuushu kyuuhai; the hora events."""
    walls = [_tenhou_wall(i) if k == "T" else _kyuushu_wall(i) for i, k in enumerate(walls_kinds)]
    g = Game(rules, seed=1, wall=walls)
    for k in walls_kinds:
        act(g, 0, "hora" if k == "T" else "ryukyoku")
    return [e for e in g.events if e["type"] == "hora"]


def test_paarenchan_on_the_eighth_consecutive_dealer_win():
    horas = _play("T" * 9)
    yakus = [dict(map(tuple, e["yakus"])) for e in horas]
    assert [y.get("paarenchan") for y in yakus] == [None] * 7 + [13, 13]
    assert yakus[7] == {"tenhou": 13, "paarenchan": 13}
    assert horas[6]["hora_points"] == 48000 and horas[7]["hora_points"] == 96000   # double yakuman
    assert horas[7]["deltas"] == [96000 + 700 * 3, -32700, -32700, -32700]   # 7 honba at 100 each


def test_paarenchan_count_broken_by_an_abortive_draw():
    """Four wins, a kyuushu kyuuhai (the dealer keeps the deal, but it is no win), then the count
    starts again: the eighth win after the draw carries it, the earlier ones do not."""
    horas = _play("TTTT" + "K" + "T" * 8)
    flags = ["paarenchan" in dict(map(tuple, e["yakus"])) for e in horas]
    assert flags == [False] * 4 + [False] * 7 + [True]


def test_paarenchan_off_by_default():
    horas = _play("T" * 8, rules=Rules.tenhou().replace(tobi="off"))
    assert all("paarenchan" not in dict(map(tuple, e["yakus"])) for e in horas)


def test_settle_tracks_the_dealer_wins():
    """yakuman.settle carries the count: +1 per dealer win, 0 after a draw or a passed deal."""
    state = RoundState.start(PAA)
    tenhou = score(TENHOU_HAND + "2z", "2z", tsumo=True, tenhou=True, rules=PAA)
    for i in range(7):
        assert state.paarenchan(PAA) == 0
        state = settle_wins(state, Win.from_score(tenhou, 0), rules=PAA).state
        assert state.dealer_wins == i + 1
    assert state.paarenchan(PAA) == 1 and state.paarenchan(Rules.tenhou()) == 0
    win8 = score(TENHOU_HAND + "2z", "2z", tsumo=True, tenhou=True, paarenchan=state.paarenchan(PAA), rules=PAA)
    assert win8.yakuman == 2
    assert settle_abortive_draw(state, "kyuushu_kyuuhai", rules=PAA).state.dealer_wins == 0
    assert settle_exhaustive_draw(state, [0], rules=PAA).state.dealer_wins == 0
    non_dealer = score("123m456p789s11222z", "2z", tsumo=True, seat_wind="S", rules=PAA)
    nxt = settle_wins(state, Win.from_score(non_dealer, 1), rules=PAA).state
    assert nxt.dealer == 1 and nxt.dealer_wins == 0
    with pytest.raises(Exception, match="dealer_wins"):
        RoundState((25000,) * 4, dealer_wins=-1)


# ---- open riichi -------------------------------------------------------------------------------

OPEN = Rules.tenhou().replace(open_riichi=True, open_riichi_sashikomi=True)
DEALER_TENPAI = "123m456p789s1155z"   # + 9m drawn and discarded: waits 1z / 5z


def _open_riichi_game(rules: Rules, seat1: str | None = None) -> Game:
    """The dealer declares open riichi on his first draw and discards 9m; seat 1 draws 5z next."""
    g = Game(rules, seed=3, wall=build_wall([DEALER_TENPAI, seat1, None, None], "9m5z", seed=3))
    return g


def test_open_riichi_legal_reveal_and_mjai_event():
    g = _open_riichi_game(OPEN)
    types = [a.type for a in g.legal_actions(0)]
    assert "reach" in types and "open_reach" in types
    assert "open_reach" not in [a.type for a in _open_riichi_game(Rules.tenhou()).legal_actions(0)]
    hidden = [g.observation(q).open_hands for q in range(4)]
    assert all(h == (None, None, None, None) for h in hidden)
    act(g, 0, "open_reach")
    reach = [e for e in g.events if e["type"] == "reach"][-1]
    assert reach["open"] is True and sorted(reach["tehai"]) == sorted(
        ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "P", "9m"])
    act(g, 0, "dahai", "9m")
    shown = ("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "P")
    for q in range(4):
        obs = g.observation(q)
        assert obs.open_hands[0] is not None and sorted(obs.open_hands[0]) == sorted(shown), q
        assert obs.open_hands[1:] == (None, None, None)
        planes, _scalars = obs.planes()
        assert planes.shape == (33, 34)
        rel = (0 - q) % 4
        if rel:   # the dealer's counts in plane 29 + relative seat, for every other seat
            assert planes[29 + rel].sum() == 13 and planes[29 + rel][27] == 2 and planes[29 + rel][31] == 2
        others = [p for p in (30, 31, 32) if p != 29 + rel]
        assert all(planes[p].sum() == 0 for p in others)
        # every plane and scalar, the declarer's own view too (its own shown hand is no other
        # seat's: plane 29 stays its kita plane, and the unseen plane counts the hand once)
        assert_planes_match(obs, 4)
    # a determinized world keeps the shown hand
    w = g.determinize(2, rng=5)
    assert sorted(w.observation(2).open_hands[0]) == sorted(shown)


def test_open_riichi_sashikomi_yakuman_on_a_ron_by_a_player_not_in_riichi():
    g = _open_riichi_game(OPEN)
    act(g, 0, "open_reach")
    act(g, 0, "dahai", "9m")
    from ._util import pass_all
    pass_all(g)
    act(g, 1, "dahai", "P")   # seat 1 (not in riichi) discards the dealer's winning 5z
    act(g, 0, "hora")
    hora = [e for e in g.events if e["type"] == "hora"][-1]
    assert dict(map(tuple, hora["yakus"])) == {"sashikomi": 13}
    assert hora["hora_points"] == 48000 and hora["limit"] == "yakuman"


def test_double_open_riichi_without_sashikomi_rule_is_one_han_more():
    g = _open_riichi_game(OPEN.replace(open_riichi_sashikomi=False))
    act(g, 0, "open_reach")
    act(g, 0, "dahai", "9m")
    from ._util import pass_all
    pass_all(g)
    act(g, 1, "dahai", "P")
    act(g, 0, "hora")
    hora = [e for e in g.events if e["type"] == "hora"][-1]
    y = dict(map(tuple, hora["yakus"]))
    # the dealer's first discard: a double open riichi, 3 han (double riichi's 2 + 1)
    assert y["double_open_riichi"] == 3 and y["haku"] == 1 and "double_riichi" not in y and "sashikomi" not in y
    assert hora["yakus"] == [["ippatsu", 1], ["haku", 1], ["double_open_riichi", 3], ["dora", 1], ["ura_dora", 0]]
    assert hora["fan"] == 6 and hora["hora_points"] == 18000   # in bit order, as Score.yaku


def test_no_sashikomi_when_the_discarder_is_in_riichi():
    """Seat 1 declares riichi and discards the winning tile as its declaration tile: it is in
    riichi (declared), so the ron is the hand's own value."""
    g = _open_riichi_game(OPEN, seat1="234m567p234s6677z")
    act(g, 0, "open_reach")
    act(g, 0, "dahai", "9m")
    from ._util import pass_all
    pass_all(g)
    act(g, 1, "reach")
    act(g, 1, "dahai", "P")
    act(g, 0, "hora")
    hora = [e for e in g.events if e["type"] == "hora"][-1]
    y = dict(map(tuple, hora["yakus"]))
    assert "sashikomi" not in y and y["double_open_riichi"] == 3


def test_open_riichi_by_mjai_message():
    g = _open_riichi_game(OPEN)
    g.step({"type": "reach", "actor": 0, "open": True})
    assert [e for e in g.events if e["type"] == "reach"][-1]["open"] is True
    g2 = _open_riichi_game(OPEN)
    g2.step({"type": "reach", "actor": 0})
    assert "open" not in [e for e in g2.events if e["type"] == "reach"][-1]
    assert all(h is None for h in g2.observation(1).open_hands)


def test_open_riichi_record_reads_back_with_parse_mjai():
    """The engine's mjai record of an open riichi and its sashikomi win reads back (the hora's
    yaku names beyond Tenhou's ids are Yaku member names: yakuman.logs.events.yaku_name)."""
    import json

    from yakuman.logs.events import yaku_bit, yaku_name
    from yakuman.logs.mjai import parse_mjai
    from yakuman.yaku import Yaku

    from ._util import pass_all

    g = _open_riichi_game(OPEN)
    act(g, 0, "open_reach")
    act(g, 0, "dahai", "9m")
    pass_all(g)
    act(g, 1, "dahai", "P")
    act(g, 0, "hora")
    (game,) = parse_mjai("\n".join(json.dumps(e) for e in g.events))
    wins = [e for e in game.events if type(e).__name__ == "Win"]
    assert [(b, h) for b, h in wins[0].yaku] == [(68, 13)]
    for y in (Yaku.OPEN_RIICHI, Yaku.DOUBLE_OPEN_RIICHI, Yaku.SASHIKOMI, Yaku.PAARENCHAN, Yaku.SANRENKOU):
        bit = y.value.bit_length() - 1
        assert yaku_bit(yaku_name(bit)) == bit and yaku_name(bit) == y.name.lower()
    assert (yaku_name(1), yaku_bit("riichi"), yaku_bit("57")) == ("riichi", 1, 57)
