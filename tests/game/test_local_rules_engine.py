"""The local rules of docs/rules.md 3.7 in the game engine, on constructed walls: paarenchan (the
dealer's eighth consecutive win; a hand without a win breaks the count) and its twin in
yakuman.settle."""

from __future__ import annotations

import pytest

from yakuman import Rules, score
from yakuman.game import Game
from yakuman.settle import RoundState, Win, settle_abortive_draw, settle_exhaustive_draw, settle_wins

from ._util import act, build_wall

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
