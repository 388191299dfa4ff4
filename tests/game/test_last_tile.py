"""Haitei, houtei and rinshan at the end of the live wall, by the rules (docs/rules.md: haitei "a
tsumo on the last tile of the live wall, unless that draw was a replacement tile after a kan or
kita", knob ``haitei_with_rinshan``; houtei "a ron on the discard that follows the last draw, also
when that draw was a replacement tile", knob ``houtei_after_rinshan``, on under Tenhou).

A kan (ankan, daiminkan, kakan) or a sanma kita declared while one live tile remains makes its
replacement draw the round's last draw: a tsumo on it is rinshan only (Tenhou), a ron on the
discard after it is houtei (Tenhou records; docs/rules.md section 7.4).

Each round is forced by a constructed wall (four players: 70 live draws; every replacement draw
shortens the live wall by one). The situation flags are read from the engine state before the win
(``_core.replay_win``, the flags the engine's scorer gets and the log replay reports); the han,
fu and payments are the engine's hora event. Expected values: the rules' own worked example EX48
(``123456m456p23488s`` tsumo haitei: menzen tsumo, pinfu, haitei, 3 han 20 fu, 700/1300) and the
payment table (2 han 30 fu ron 2000, 3 han 30 fu ron 3900; a dealer's 2 han 60 fu tsumo 2000 all,
3 han 60 fu 3900 all).
"""

from __future__ import annotations

import pytest

from tests.game._util import act, build_wall, pass_all
from yakuman import score
from yakuman import _core
from yakuman.game import Game
from yakuman.rules import Rules

F_RINSHAN, F_HAITEI, F_HOUTEI = 1 << 4, 1 << 6, 1 << 7
DEALT = 52          # 4 x 13 dealt tiles; the live wall is wall[52:122]
LAST = 121          # the 70th live draw
RONNER = "234m567m345p66s78s"       # closed tanyao pinfu, waits 6s / 9s
NINES = "9999s1z2z3z4z5z6z7z1p9p"   # holds every 9s: seat 2 can only win on a 6s


def _put(wall: list[int], pos: int, kind: int, keep: set[int]) -> None:
    """Swap an id of `kind` from anywhere outside `keep` (positions) into wall[pos]."""
    src = next(j for j, t in enumerate(wall) if t >> 2 == kind and j not in keep and j != pos)
    wall[pos], wall[src] = wall[src], wall[pos]
    keep.add(pos)


def _play_to(g: Game, left: int) -> int:
    """Tsumogiri turns, every call or ron passed, until the actor holds the draw that leaves
    `left` live tiles; returns that seat."""
    st = g._st
    while True:
        if st.phase() == 0 and st.table()[7] == left:
            (seat,) = g.to_act
            return seat
        seats = g.to_act
        acts = g.legal_actions(seats[0]) if len(seats) == 1 else []
        if any(a.type == "dahai" for a in acts):
            g.step(next(a for a in acts if a.type == "dahai" and a.tsumogiri))
        else:
            pass_all(g)


def _tsumogiri(g: Game) -> None:
    (seat,) = g.to_act
    g.step(next(a for a in g.legal_actions(seat) if a.type == "dahai" and a.tsumogiri))


def _ron(g: Game, winner: int) -> None:
    g.step({s: next(a for a in g.legal_actions(s) if a.type == ("hora" if s == winner else "none"))
            for s in g.to_act})


def _hora(g: Game) -> dict:
    return [e for e in g.events if e["type"] == "hora"][-1]


def _rules(**knobs) -> Rules:
    return Rules.tenhou().replace(**knobs)


def test_haitei_is_a_tsumo_on_the_last_live_tile():
    wall = build_wall([None, "23456m456p23488s", None, None], dora="3z1z", seed=3)
    keep = set(range(13, 26)) | {126, 127}
    _put(wall, LAST, 0, keep)                         # 1m: the last live tile
    g = Game(Rules.tenhou(), 0, wall)
    seat = _play_to(g, 0)
    assert seat == 1
    flags = _core.replay_win(g._st, 1, 1)[0]
    assert flags & F_HAITEI and not flags & (F_RINSHAN | F_HOUTEI)
    g.step(next(a for a in g.legal_actions(1) if a.type == "hora"))
    h = _hora(g)
    assert sorted(h["yakus"]) == [["haitei", 1], ["menzen_tsumo", 1], ["pinfu", 1]]
    assert (h["fan"], h["fu"]) == (3, 20)
    assert h["deltas"] == [-1300, 2700, -700, -700]   # EX48: 700 / 1300 (East is the dealer)


@pytest.mark.parametrize("knob", [False, True])
def test_rinshan_on_the_last_tile_is_not_haitei_unless_haitei_with_rinshan(knob):
    # the dealer draws the 69th live tile (one left), ankans 1m; the replacement draw takes the
    # last place of the live wall and completes 55z: rinshan, and haitei only under the knob
    wall = build_wall(["111m345m234p567p5z", None, None, None], rinshan="5z", dora="3z1z1z1z", seed=5)
    keep = set(range(13)) | {122, 126, 127, 128, 129}
    _put(wall, LAST - 1, 0, keep)                     # the fourth 1m
    g = Game(_rules(haitei_with_rinshan=knob), 0, wall)
    assert _play_to(g, 1) == 0
    g.step(next(a for a in g.legal_actions(0) if a.type == "ankan"))
    assert g._st.table()[7] == 0                      # the replacement draw shortened the live wall
    flags = _core.replay_win(g._st, 0, 0)[0]
    assert flags & F_RINSHAN and bool(flags & F_HAITEI) is knob
    g.step(next(a for a in g.legal_actions(0) if a.type == "hora"))
    h = _hora(g)
    want = [["menzen_tsumo", 1], ["rinshan", 1]] + ([["haitei", 1]] if knob else [])
    assert sorted(h["yakus"]) == sorted(want)
    assert (h["fan"], h["fu"]) == ((3, 60) if knob else (2, 60))
    each = 3900 if knob else 2000                     # a dealer's tsumo: 2 han 60 fu 2000 all
    assert h["deltas"] == [3 * each, -each, -each, -each]


def _check_houtei_ron(g: Game, winner: int, discarder: int, houtei: bool) -> dict:
    """Seat `winner` rons the discard of `discarder` that followed the round's last (replacement)
    draw: the engine's flags, its hora event, and ``yakuman.score`` on the same hand agree: pinfu
    tanyao (2 han 30 fu, 2000) plus houtei (3 han, 3900) when the rule grants it."""
    assert g._st.table()[7] == 0
    flags = _core.replay_win(g._st, winner, discarder)[0]
    assert bool(flags & F_HOUTEI) is houtei and not flags & (F_HAITEI | F_RINSHAN)
    _ron(g, winner)
    h = _hora(g)
    assert (h["actor"], h["target"]) == (winner, discarder)
    want = [["pinfu", 1], ["tanyao", 1]] + ([["houtei", 1]] if houtei else [])
    assert sorted(h["yakus"]) == sorted(want)
    assert (h["fan"], h["fu"]) == ((3, 30) if houtei else (2, 30))
    pay = 3900 if houtei else 2000
    assert h["deltas"][winner] == pay and h["deltas"][discarder] == -pay and sum(h["deltas"]) == 0
    sanma = len(h["deltas"]) == 3
    s = score("234p567p345s66s678s" if sanma else "234m567m345p66s678s", "6s", houtei=houtei, seat_wind="S",
              rules=Rules.tenhou_sanma() if sanma else Rules.tenhou())
    assert (s.han, s.fu, s.points) == (h["fan"], h["fu"], pay)
    return h


TENHOU_LIKE = [pytest.param(True, id="tenhou"), pytest.param(False, id="houtei_after_rinshan_off")]


def _last_kan_game(hands: list, houtei: bool, seed: int, first_draw_1m: bool = False) -> Game:
    """A wall with `hands` (the given ones kept in place), the last 1m as the 69th live draw (and
    one as the dealer's first draw), 6s as the replacement tile and in the dead wall."""
    wall = build_wall(hands, rinshan="6s", dora="3z1z1z1z", dead="6s", seed=seed)
    keep = {13 * i + j for i, h in enumerate(hands) if h is not None for j in range(13)} | set(range(122, 136))
    if first_draw_1m:
        _put(wall, DEALT, 0, keep)
    _put(wall, LAST - 1, 0, keep)
    return Game(_rules(houtei_after_rinshan=houtei), 0, wall)


@pytest.mark.parametrize("houtei", TENHOU_LIKE)
def test_ron_after_an_ankan_replacement_draw_of_the_last_tile_is_houtei(houtei):
    # the dealer ankans on the 69th live draw, draws the last tile as its replacement (6s) and
    # discards it; seat 2 rons it: houtei under Tenhou (its records), not with the knob off
    g = _last_kan_game(["111m345m234p567p5z", None, RONNER, NINES], houtei, 7)
    assert _play_to(g, 1) == 0
    act(g, 0, "ankan")
    _tsumogiri(g)
    _check_houtei_ron(g, 2, 0, houtei)


@pytest.mark.parametrize("houtei", TENHOU_LIKE)
def test_ron_after_a_daiminkan_replacement_draw_of_the_last_tile_is_houtei(houtei):
    # the dealer draws the 69th live tile (the fourth 1m) and throws it; seat 1 calls an open kan,
    # draws the last tile as its replacement (6s) and throws it; seat 2 rons it
    g = _last_kan_game([None, "111m345m234p567p5z", RONNER, NINES], houtei, 17)
    assert _play_to(g, 1) == 0
    _tsumogiri(g)
    act(g, 1, "daiminkan")
    assert g._st.table()[7] == 0 and g.to_act == (1,)
    _tsumogiri(g)
    _check_houtei_ron(g, 2, 1, houtei)


@pytest.mark.parametrize("houtei", TENHOU_LIKE)
def test_ron_after_a_kakan_replacement_draw_of_the_last_tile_is_houtei(houtei):
    # seat 1 pons the dealer's first discard (1m), draws the 69th live tile (the fourth 1m) and
    # adds it to the pon; nobody can rob it; the replacement draw is the last tile (6s), thrown
    # and ronned by seat 2
    g = _last_kan_game([None, "11m345m234p567p5z6z", RONNER, NINES], houtei, 19, first_draw_1m=True)
    _tsumogiri(g)
    act(g, 1, "pon")
    act(g, 1, "dahai", "F")                          # 6z (hatsu)
    pass_all(g)
    assert _play_to(g, 1) == 1
    act(g, 1, "kakan")
    pass_all(g)                                       # a chankan window nobody can use
    assert g._st.table()[7] == 0 and g.to_act == (1,)
    _tsumogiri(g)
    _check_houtei_ron(g, 2, 1, houtei)


SANMA_LAST = 39 + 55 - 1        # three players: 39 dealt, 55 live draws, wall[39:94]
SANMA_RONNER = "234p567p345s66s78s"     # closed tanyao pinfu, waits 6s / 9s
SANMA_NINES = "9999s1z2z3z5z6z7z1p9p1m"  # holds every 9s, no North


def _sanma_kita_on_the_last_tile(rinshan: str, rules: Rules, seed: int) -> Game:
    """Seat 2 draws the 54th live tile, a North, and sets it aside: its replacement draw
    (`rinshan`) is the last tile of the live wall."""
    wall = build_wall([None, SANMA_RONNER, SANMA_NINES], rinshan=rinshan, dora="3z1z", dead="6s", players=3,
                      seed=seed)
    keep = set(range(13, 39)) | set(range(94, 108))
    _put(wall, SANMA_LAST - 1, 30, keep)              # a North
    g = Game(rules, 0, wall)
    assert _play_to(g, 1) == 2
    act(g, 2, "nukidora")
    pass_all(g)
    assert g._st.table()[7] == 0 and g.to_act == (2,)
    return g


@pytest.mark.parametrize("houtei", TENHOU_LIKE)
def test_sanma_ron_after_a_kita_replacement_draw_of_the_last_tile_is_houtei(houtei):
    g = _sanma_kita_on_the_last_tile("6s", Rules.tenhou_sanma().replace(houtei_after_rinshan=houtei), 23)
    _tsumogiri(g)
    _check_houtei_ron(g, 1, 2, houtei)


@pytest.mark.parametrize("knob", [False, True])
def test_sanma_tsumo_on_a_kita_replacement_of_the_last_tile_is_rinshan_not_haitei(knob):
    # seat 2 waits on 6s / 9s, draws the 54th live tile (a North), sets it aside and draws the
    # last tile (9s) as its replacement: rinshan, and haitei only under haitei_with_rinshan
    wall = build_wall([None, None, SANMA_RONNER], rinshan="9s", dora="3z1z", dead="6s", players=3, seed=29)
    keep = set(range(26, 39)) | set(range(94, 108))
    _put(wall, SANMA_LAST - 1, 30, keep)              # a North
    g = Game(Rules.tenhou_sanma().replace(haitei_with_rinshan=knob), 0, wall)
    assert _play_to(g, 1) == 2
    act(g, 2, "nukidora")
    pass_all(g)
    assert g._st.table()[7] == 0 and g.to_act == (2,)
    flags = _core.replay_win(g._st, 2, 2)[0]
    assert flags & F_RINSHAN and bool(flags & F_HAITEI) is knob
    act(g, 2, "hora")
    h = _hora(g)
    # menzen tsumo, rinshan, pinfu (789s completes a run: no tanyao) and the North as one dora:
    # 4 han + 1 = mangan, a non-dealer's sanma tsumo 2000 / 4000 (tsumo loss); + haitei: haneman
    want = [["menzen_tsumo", 1], ["rinshan", 1], ["pinfu", 1], ["dora", 1]] + ([["haitei", 1]] if knob else [])
    assert sorted(h["yakus"]) == sorted(want)
    assert (h["fan"], h["fu"], h["limit"]) == ((6, 20, "haneman") if knob else (5, 20, "mangan"))
    assert h["deltas"] == ([-6000, -3000, 9000] if knob else [-4000, -2000, 6000])


def test_houtei_is_a_ron_on_the_discard_after_the_last_draw():
    wall = build_wall([None, None, RONNER, NINES], dora="3z1z", dead="6s", seed=11)
    keep = set(range(26, 52)) | set(range(122, 136))
    _put(wall, LAST, 23, keep)                        # 6s: seat 1 draws the last live tile
    g = Game(Rules.tenhou(), 0, wall)
    assert _play_to(g, 0) == 1
    _tsumogiri(g)
    flags = _core.replay_win(g._st, 2, 1)[0]
    assert flags & F_HOUTEI and not flags & (F_HAITEI | F_RINSHAN)
    _ron(g, 2)
    h = _hora(g)
    assert sorted(h["yakus"]) == [["houtei", 1], ["pinfu", 1], ["tanyao", 1]]
    assert (h["fan"], h["fu"]) == (3, 30)
    assert h["deltas"] == [0, -3900, 3900, 0]


def test_a_ron_while_one_live_tile_remains_is_not_houtei():
    wall = build_wall([None, None, RONNER, NINES], dora="3z1z", dead="6s", seed=13)
    keep = set(range(26, 52)) | set(range(122, 136))
    _put(wall, LAST - 1, 23, keep)                    # 6s: the dealer draws the 69th live tile
    g = Game(Rules.tenhou(), 0, wall)
    assert _play_to(g, 1) == 0
    _tsumogiri(g)
    assert g._st.table()[7] == 1
    flags = _core.replay_win(g._st, 2, 0)[0]
    assert not flags & (F_HOUTEI | F_HAITEI | F_RINSHAN)
    _ron(g, 2)
    h = _hora(g)
    assert sorted(h["yakus"]) == [["pinfu", 1], ["tanyao", 1]]
    assert (h["fan"], h["fu"]) == (2, 30)
    assert h["deltas"] == [-2000, 0, 2000, 0]
