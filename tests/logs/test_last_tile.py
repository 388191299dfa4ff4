"""Haitei / houtei in the replay, on hand-built rounds whose hands are real wins.

The rules (docs/rules.md): haitei = tsumo on the last live-wall tile, but not when that tile was a
rinshan draw (then rinshan only; ``haitei_with_rinshan``, off by default and on Tenhou, grants
haitei too); houtei = ron on the discard made after the last live-wall draw, also when the
discarder's last draw was a rinshan tile (``houtei_after_rinshan``, on by default and on Tenhou
as its records show; off withholds it). A four-player wall has 70 draws; a kan's replacement
draw is one of them.

Each test replays the round, scores the derived inputs with ``yakuman.score``, settles the win
and checks the flags, the value (worked out from the scoring table, in the comments) and the
next hand. The replay is the game engine's drive, so these are the engine's rule
(tests/game/test_last_tile.py checks it on the engine directly).
"""

from __future__ import annotations

import json

import pytest

from yakuman import score
from yakuman.logs import iter_wins
from yakuman.logs.events import NewDora
from yakuman.rules import Rules
from yakuman.settle import RoundState, Win, settle_wins

from ._synth import Table

TENHOU = Rules.tenhou().replace(aka_dora=0)
WITH_RINSHAN = TENHOU.replace(haitei_with_rinshan=True)
NO_HOUTEI_AFTER_RINSHAN = TENHOU.replace(houtei_after_rinshan=False)

# 136-ids: kind k = ids 4k..4k+3 (1m = 0, 1p = 9, 1s = 18, 1z = 27).
# 234m 567m 234p 55s 67s: closed, waits on 5s-8s (8s = ids 100-103, kept out of the wall).
WAIT_8S = (4, 8, 12, 16, 20, 24, 40, 44, 48, 88, 89, 92, 96)
HONORS_A = tuple(range(108, 121))  # 1z x4 (108-111), 2z x4, 3z x4, 4z
HONORS_B = tuple(range(121, 134))
LOW_M = (0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15)
# 888p + 234m 567m 55s 67s: the fourth 8p (67) makes an ankan, the rinshan draw 8s wins.
KAN_8P = (4, 8, 12, 16, 20, 24, 64, 65, 66, 88, 89, 92, 96)
EIGHT_S = 100


def _table(hands) -> Table:
    t = Table(hands=hands, aka=False)
    late = (100, 101, 102, 103, 67, 90, 91)  # the 8s, the fourth 8p, the other 5s: drawn only when a test asks
    t.free = [x for x in t.free if x not in late] + [x for x in late if x in t.free]
    return t


def _turns(t: Table, n: int) -> None:
    """``n`` draw-and-discard turns from the dealer (seat 0) on."""
    for i in range(n):
        t.turn(i % 4)


def _win(t: Table, rules: Rules):
    (c,) = list(iter_wins(t.game(), rules))
    s = score(**c.inputs.kwargs())
    nxt = settle_wins(RoundState((25000,) * 4), Win.from_score(s, c.seat, c.from_seat), rules=rules)
    flags = {k for k, v in c.situation().items() if v}
    return c, s, flags, nxt


def _ron_on_tile(draws_before: int) -> Table:
    """Seat 2 (waiting on 8s) rons the 8s that the next seat to play draws and throws after
    ``draws_before`` turns."""
    t = _table((HONORS_A, HONORS_B, WAIT_8S, LOW_M))
    _turns(t, draws_before)
    seat = draws_before % 4
    t.draw(seat, EIGHT_S)
    t.discard(seat, EIGHT_S)
    t.win(2, seat, EIGHT_S)
    return t


@pytest.mark.parametrize("rules", [TENHOU, WITH_RINSHAN], ids=["default", "with_rinshan"])
def test_houtei_is_the_ron_on_the_discard_after_the_seventieth_draw(rules):
    """Houtei: ron on the discard made after the last live-wall draw (draw 70, by seat 1)."""
    c, s, flags, nxt = _win(_ron_on_tile(69), rules)
    assert (c.seat, c.from_seat) == (2, 1) and flags == {"houtei"}
    # pinfu 1 + tanyao 1 + houtei 1 = 3 han, closed ron 30 fu: 30 * 2^5 * 4 = 3840 -> 3900
    assert (s.han, s.fu, s.points) == (3, 30, 3900)
    assert nxt.deltas == (0, -3900, 3900, 0)
    assert (nxt.state.hand, nxt.state.honba, nxt.state.dealer, nxt.dealer_repeats) == (1, 0, 1, False)


def test_no_houtei_while_one_wall_tile_remains():
    """Houtei needs the LAST live-wall draw: a ron on the discard after draw 69 of 70 is not."""
    c, s, flags, nxt = _win(_ron_on_tile(68), TENHOU)
    assert (c.seat, c.from_seat) == (2, 0) and flags == set()
    # pinfu 1 + tanyao 1 = 2 han 30 fu: 30 * 2^4 * 4 = 1920 -> 2000
    assert (s.han, s.fu, s.points) == (2, 30, 2000)
    assert nxt.deltas == (-2000, 0, 2000, 0)
    assert (nxt.state.hand, nxt.state.dealer, nxt.dealer_repeats) == (1, 1, False)


def _ron_after_rinshan() -> Table:
    """The dealer draws tile 69, makes an ankan of 1z, draws the last tile (8s) as rinshan and
    throws it; seat 2 rons it."""
    t = _table((HONORS_A, HONORS_B, WAIT_8S, LOW_M))
    _turns(t, 68)
    t.draw(0)
    t.call(0, "ankan", (108, 109, 110, 111))
    t.events.append(NewDora(t.wall(33)))  # 7z: dora 5z, nobody's tile here
    t.draw(0, EIGHT_S)
    t.discard(0, EIGHT_S)
    t.win(2, 0, EIGHT_S)
    return t


def test_houtei_on_the_discard_after_a_rinshan_draw_from_the_last_tile():
    """Houtei under Tenhou: the discard after the ankan's replacement draw (the round's last draw)
    is the last discard, and a ron on it is houtei (houtei_after_rinshan, on under Tenhou)."""
    c, s, flags, nxt = _win(_ron_after_rinshan(), TENHOU)
    assert (c.seat, c.from_seat) == (2, 0) and flags == {"houtei"}
    assert c.inputs.houtei is True and c.inputs.haitei is False
    # pinfu 1 + tanyao 1 + houtei 1 = 3 han 30 fu: 30 * 2^5 * 4 = 3840 -> 3900
    assert (s.han, s.fu, s.points) == (3, 30, 3900)
    assert nxt.deltas == (-3900, 0, 3900, 0)
    assert (nxt.state.hand, nxt.state.dealer, nxt.dealer_repeats) == (1, 1, False)


def test_no_houtei_after_a_rinshan_draw_when_houtei_after_rinshan_is_off():
    """houtei_after_rinshan off: the discard after the last-tile rinshan draw is not houtei."""
    c, s, flags, nxt = _win(_ron_after_rinshan(), NO_HOUTEI_AFTER_RINSHAN)
    assert (c.seat, c.from_seat) == (2, 0) and flags == set()
    assert (s.han, s.fu, s.points) == (2, 30, 2000)  # pinfu + tanyao only
    assert nxt.deltas == (-2000, 0, 2000, 0)
    assert (nxt.state.hand, nxt.state.dealer) == (1, 1)


def test_frame_row_and_mjai_of_the_houtei_after_rinshan():
    """The logs frame row of that ron carries houtei (and not haitei / rinshan) and its value;
    the mjai form of the round keeps the ankan, the new dora and the replacement draw in order."""
    from yakuman.logs import to_mjai_lines
    from yakuman.logs.frame import rows

    game = _ron_after_rinshan().game()
    (row,) = [r for r in rows(game) if r["kind"] == "win"]
    assert (row["houtei"], row["haitei"], row["rinshan"], row["tsumo"]) == (True, False, False, False)
    assert (row["calc_han"], row["calc_fu"], row["calc_points"]) == (3, 30, 3900)   # the engine's values
    kinds = [e["type"] for e in map(json.loads, to_mjai_lines(game).splitlines())]
    i = kinds.index("ankan")
    assert kinds[i:i + 4] == ["ankan", "dora", "tsumo", "dahai"] and kinds[i + 4] == "hora"


def _rinshan_tsumo_on_the_last_tile() -> Table:
    """The dealer draws tile 69 (the fourth 8p), makes an ankan and wins on the rinshan draw,
    the last tile: 234m 567m 55s 67s + 8s, ankan 8p."""
    t = _table((KAN_8P, HONORS_A, HONORS_B, LOW_M))
    _turns(t, 68)
    t.draw(0, 67)
    t.call(0, "ankan", (64, 65, 66, 67))
    t.events.append(NewDora(t.wall(33)))
    t.win(0, 0, t.draw(0, EIGHT_S))
    return t


def test_rinshan_tsumo_on_the_last_tile_is_not_haitei():
    """Haitei: not when the last tile was a rinshan draw (then rinshan only)."""
    c, s, flags, nxt = _win(_rinshan_tsumo_on_the_last_tile(), TENHOU)
    assert c.tsumo and c.seat == 0 and flags == {"rinshan"}
    assert c.inputs.haitei is False
    # menzen tsumo 1 + rinshan 1 + tanyao 1 = 3 han; fu 20 + tsumo 2 + ankan of simples 16 = 38
    # -> 40; dealer tsumo 40 * 2^5 * 2 = 2560 -> 2600 all
    assert (s.han, s.fu, s.points) == (3, 40, 7800)
    assert nxt.deltas == (7800, -2600, -2600, -2600)
    assert (nxt.state.hand, nxt.state.honba, nxt.state.dealer, nxt.dealer_repeats) == (0, 1, 0, True)


def test_rinshan_tsumo_on_the_last_tile_is_haitei_too_when_the_knob_is_on():
    """haitei_with_rinshan on: rinshan and haitei both count."""
    c, s, flags, nxt = _win(_rinshan_tsumo_on_the_last_tile(), WITH_RINSHAN)
    assert flags == {"rinshan", "haitei"}
    # 4 han 40 fu: 40 * 2^6 = 2560 > 2000: mangan, the dealer's 4000 all
    assert (s.han, s.fu, s.limit, s.points) == (4, 40, "mangan", 12000)
    assert nxt.deltas == (12000, -4000, -4000, -4000)
    assert (nxt.state.hand, nxt.state.honba, nxt.dealer_repeats) == (0, 1, True)


def _tsumo_8s(draws_before: int) -> Table:
    """Seat 1 (waiting on 8s) draws the 8s and wins after ``draws_before`` turns (seat 1's turn)."""
    assert draws_before % 4 == 1
    t = _table((HONORS_A, WAIT_8S, HONORS_B, LOW_M))
    _turns(t, draws_before)
    t.win(1, 1, t.draw(1, EIGHT_S))
    return t


@pytest.mark.parametrize("rules", [TENHOU, WITH_RINSHAN], ids=["default", "with_rinshan"])
def test_haitei_is_the_tsumo_on_the_seventieth_draw(rules):
    """Haitei: tsumo on the last live-wall tile (a plain draw: the knob changes nothing)."""
    c, s, flags, nxt = _win(_tsumo_8s(69), rules)
    assert c.tsumo and c.seat == 1 and flags == {"haitei"}
    # menzen tsumo + pinfu + tanyao + haitei = 4 han 20 fu: 20 * 2^6 = 1280 -> 2600 / 1300
    assert (s.han, s.fu, s.points) == (4, 20, 5200)
    assert nxt.deltas == (-2600, 5200, -1300, -1300)
    assert (nxt.state.hand, nxt.state.honba, nxt.state.dealer) == (1, 0, 1)


def test_no_haitei_on_an_earlier_draw():
    """Haitei only on the last tile: the same tsumo on draw 66 of 70."""
    c, s, flags, nxt = _win(_tsumo_8s(65), TENHOU)
    assert flags == set()
    # 3 han 20 fu: 20 * 2^5 = 640 -> 1300 / 700
    assert (s.han, s.fu, s.points) == (3, 20, 2700)
    assert nxt.deltas == (-1300, 2700, -700, -700)
    assert (nxt.state.hand, nxt.state.dealer) == (1, 1)


# ---- the replay's error reports and its JSON form ----
def test_replay_reports_malformed_and_unknown_events_with_their_place():
    from yakuman.logs import LogError, replay
    from yakuman.logs.events import Discard, Draw, Game

    t = Table()
    t.turn(0)
    good = t.game()
    assert [type(e) for e in good.events[2:4]] == [Draw, Discard]
    cases = [
        (Draw(0, "x"), "record draws x for seat 0"),
        (Discard(0, "x", False), "discard x by seat 0: not a seat and tile of the game"),
    ]
    for bad, want in cases:
        at = 2 if type(bad) is Draw else 3
        with pytest.raises(LogError) as err:
            replay(Game("game.xml", good.events[:at] + (bad,) + good.events[at + 1:]))
        e = err.value
        assert (e.source, e.round, e.index, e.event) == ("game.xml", "E1-0", at, bad)
        assert e.problem.startswith(want), e.problem
        assert str(e).startswith(f"game.xml, round E1-0, event {at} {bad!r}: {want}")
    marker = object()
    with pytest.raises(LogError) as err:
        replay(Game("game.xml", good.events[:2] + (marker,) + good.events[2:]))
    assert (err.value.problem, err.value.index, err.value.event) == ("unexpected event type object", 2, marker)


def test_case_dict_is_plain_data():
    from yakuman.logs.replay import case_dict

    t = Table(honba=1, sticks=2)
    t.draw(0)
    t.call(0, "ankan", (0, 1, 2, 3))
    kan_dora = t.dora()
    t.win(0, 0, t.draw(0))
    (c,) = list(iter_wins(t.game()))
    d = case_dict(c)
    assert d["inputs"] == {k: v for k, v in c.inputs.kwargs().items() if k != "rules"}
    assert "rules" not in d["inputs"] and d["inputs"]["rinshan"] is True
    assert d["melds"] == [{"seat": 0, "kind": "ankan", "tiles": (0, 1, 2, 3), "called": None,
                           "from_seat": None, "added": None}]
    assert d["record"]["seat"] == 0 and d["record"]["win_tile"] == c.win_tile
    assert d["round"]["honba"] == 1 and d["round"]["sticks"] == 2 and d["round"]["dealer"] == 0
    assert (d["seat"], d["from_seat"], d["dealer"], d["players"]) == (0, 0, 0, 4)
    assert d["dora_indicators"] == (135, kan_dora) and d["table_honba"] == 1 and d["table_sticks"] == 2
    assert set(d) == set(c.__dataclass_fields__)
