"""Replay checks found unchecked by a mutation run: seats out of range on every event kind, riichi
acceptance order, chi shapes, calls by a riichi player, the fifth kan, pao on winds and on a
daiminkan, the draw record (riichi seats, source), nagashi's wall check, error places and the red
five in meld strings.

Rules behind them (docs/rules.md): chi takes three consecutive numbers of one suit from the
previous player; no call after an established riichi; at most four kans; pao (sekinin barai) for
the seat that fed the pon or daiminkan completing a third dragon set or a fourth wind set.
"""

from __future__ import annotations

import pytest

from yakuman.logs import LogError, iter_wins, replay
from yakuman.logs.events import (
    Win,
    Call,
    Discard,
    Draw,
    Game,
    GameEnd,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    Ryuukyoku,
)
from yakuman.logs.replay import meld_string

from ._synth import Table, refused


def _kyuushu_deal(seat: int) -> tuple:
    """A deal in which ``seat`` holds nine different
    terminals and honors (9m 1p 9p 1s 9s 1z 2z 3z 4z + 2p 3p 4p 6p), so it may abort the hand
    with kyuushu kyuuhai on its first draw; the other seats get the free ids in increasing order."""
    mine = (32, 36, 68, 72, 104, 108, 112, 116, 120, 40, 44, 48, 56)
    rest = iter(x for x in range(135) if x not in mine and x != 52)  # 52 (5p) stays in the wall
    hands = [tuple(next(rest) for _ in range(13)) if s != seat else mine for s in range(4)]
    return tuple(hands)


def _fails(events, why: str, table: Table | None = None, at: int | None = None, match: str | None = None) -> LogError:
    """The record is refused (:func:`refused`); ``why`` says what is inconsistent in it (the
    refusal's own text is ``match``, where given)."""
    return refused(table or Table(), events, at, match)


def _accepted(t: Table) -> Game:
    """The table's game (no GameEnd: a bust ends the game), which the engine plays as it stands."""
    from yakuman.game.records import check_record

    g = t.game(end=False)
    rc = check_record(g)
    assert rc.illegal == rc.disagreements == 0, rc.problems
    return g


@pytest.mark.parametrize("event", [
    RiichiDeclare(7), RiichiAccept(5), Call(4, "pon", (12, 13, 14), 12, 0), Call(-1, "ankan", (0, 1, 2, 3)),
])
def test_a_seat_out_of_range_is_refused_on_every_event(event):
    e = _fails([Draw(0, 52), Discard(0, 12), event] if isinstance(event, Call) and event.kind == "pon"
               else [Draw(0, 52), event], r"seat -?\d+ out of range for 4 players")
    assert e.round == "E1-0"


def test_riichi_accepted_before_its_discard_is_refused():
    _fails([Draw(0, 52), RiichiDeclare(0), RiichiAccept(0)], "accepted without a declaration discard")
    _fails([Draw(0, 52), Discard(0, 52), RiichiAccept(0)], "accepted without a declaration discard")


def test_an_event_before_any_round_names_no_round():
    t = Table()
    g = Game("bad.mjlog", (t.start, Draw(0, 52)))
    with pytest.raises(LogError, match="^bad.mjlog, event 1 Draw") as ei:
        replay(g)
    assert ei.value.round is None and ei.value.index == 1


def test_a_truncated_record_points_past_the_last_event():
    t = Table()
    t.turn(0)
    g = t.game(end=False)
    with pytest.raises(LogError) as ei:
        replay(g)
    assert type(ei.value) is LogError and ei.value.round == "E1-0"
    assert ei.value.index == len(g.events) and ei.value.event is None
    assert str(ei.value).startswith(f"synthetic, round E1-0, event {len(g.events)}: ")


@pytest.mark.parametrize("called,own", [
    (108, (112, 116)),  # 1z 2z 3z: honors
    (36, (28, 32)),  # 8m 9m 1p: consecutive kinds across two suits
    (12, (0, 4)),  # 1m 2m 4m: not a run
])
def test_chi_must_be_a_run_of_one_suit(called, own):
    """Seat 0 throws ``called``; seat 1 (the next player) chis it with ``own``."""
    rest = [x for x in range(40, 108) if x not in own and x != called]
    hands = ((called,) + tuple(rest[:12]), tuple(own) + tuple(rest[12:23]), tuple(rest[23:36]),
             tuple(rest[36:49]))
    t = Table(hands=hands)
    _fails([Draw(0, 120), Discard(0, called), Call(1, "chi", tuple(sorted(own + (called,))), called, 0)],
           "chi tiles are not a sequence of one suit", t)


def _riichi_then_pon():
    # seat 1 holds 60 and 61 (6p); it declares riichi; seat 2 then throws 62: seat 1's pon is refused
    hands = (tuple(range(0, 13)), tuple(range(13, 24)) + (60, 61), tuple(range(26, 39)), tuple(range(39, 52)))
    t = Table(hands=hands)
    t.draw(0)
    t.discard(0)
    t.draw(1)
    t.discard(1, riichi=True)
    t.accept(1)
    return t


def test_a_riichi_player_cannot_pon():
    t = _riichi_then_pon()
    _fails([Draw(2, 62), Discard(2, 62), Call(1, "pon", (60, 61, 62), 62, 2)], "seat 1 in riichi calls pon", t)


def test_a_call_missing_a_tile_names_the_caller():
    _fails([Draw(0, 52), Discard(0, 12), Call(2, "pon", (12, 13, 14), 12, 0)],
           r"call needs 4m \(id 13\), not in the hand of seat 2")


def test_a_fifth_kan_is_refused():
    """Three ankans by seat 0 (1m 2m 3m), a daiminkan of 4m by seat 1, then seat 1's ankan of 5m."""
    hands = (
        tuple(range(0, 13)),  # 1m x4 2m x4 3m x4 + 4m (12)
        (13, 14, 15, 16, 17, 18, 19) + tuple(range(52, 58)),  # 4m x3, 5m x4
        tuple(range(26, 39)),
        tuple(range(39, 52)),
    )
    t = Table(hands=hands)
    t.draw(0, 100)
    for quad in ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)):
        t.call(0, "ankan", quad)
        t.events.append(NewDora(t.wall()))
        t.draw(0)
    t.discard(0, 12)
    t.call(1, "daiminkan", (13, 14, 15), 12, 0)
    t.draw(1)  # (a daiminkan's indicator is shown after the discard)
    _fails([Call(1, "ankan", (16, 17, 18, 19))], "a fifth kan", t)
    # four kans stand
    t.discard(1)
    t.events.append(NewDora(t.wall()))
    t.ryuukyoku("suukaikan")
    (rr,) = replay(t.game())
    assert sum(len(m) for m in rr.draw.melds) == 4


def _three_wind_pons(t: Table) -> None:
    """Seats 0, 2, 3 throw 1z, 2z, 3z in turn and seat 1 pons each (seat 1 holds two of each
    and throws 8s after each pon)."""
    t.draw(0)
    t.discard(0, 108)
    t.call(1, "pon", (109, 110), 108, 0)
    t.discard(1, 100)
    t.draw(2)
    t.discard(2, 112)
    t.call(1, "pon", (113, 114), 112, 2)
    t.discard(1, 101)
    t.turn(2)
    t.draw(3)
    t.discard(3, 116)
    t.call(1, "pon", (117, 118), 116, 3)
    t.discard(1, 102)


OTHERS = (tuple(range(0, 12)) + (108,), tuple(range(12, 24)) + (112,))


def test_no_pao_when_the_fourth_wind_set_is_an_ankan():
    # seat 1: two each of 1z 2z 3z, three Norths, a 1s and three 8s to throw
    hands = (OTHERS[0], (109, 110, 113, 114, 117, 118, 121, 122, 123, 72, 100, 101, 102), OTHERS[1],
             tuple(range(24, 36)) + (116,))
    t = Table(hands=hands)
    _three_wind_pons(t)
    for s in (2, 3, 0):
        t.turn(s)
    t.draw(1, 120)  # the fourth North
    t.call(1, "ankan", (120, 121, 122, 123))
    t.events.append(NewDora(t.wall()))
    t.win(1, 1, t.draw(1, 73))
    (c,) = list(iter_wins(_accepted(t)))
    assert c.pao_seat is None
    assert c.inputs.melds == ("pon 111z", "pon 222z", "pon 333z", "ankan 4444z")


def test_pao_on_the_pon_completing_the_fourth_wind_set():
    """East counts as a wind (kind 27): 1z 2z 3z 4z by pon, the last fed by seat 3."""
    hands = (OTHERS[0], (109, 110, 113, 114, 117, 118, 121, 122, 72, 100, 101, 102, 103), OTHERS[1],
             tuple(range(24, 35)) + (116, 120))
    t = Table(hands=hands)
    _three_wind_pons(t)
    t.turn(2)
    t.draw(3)
    t.discard(3, 120)
    t.call(1, "pon", (121, 122), 120, 3)
    t.discard(1, 103)
    for s in (2, 3, 0):
        t.turn(s)
    t.win(1, 1, t.draw(1, 73))
    (c,) = list(iter_wins(_accepted(t)))
    assert c.pao_seat == 3
    assert c.inputs.melds == ("pon 111z", "pon 222z", "pon 333z", "pon 444z")


def test_pao_on_a_daiminkan_completing_the_third_dragon_set():
    # seat 1: two haku, two hatsu, three chun, 123s, a 5p and two 8s to throw
    hands = (
        tuple(range(0, 12)) + (126,),
        (124, 125, 128, 129, 132, 133, 134, 72, 76, 80, 53, 101, 102),
        tuple(range(17, 29)) + (130,),
        tuple(range(29, 41)) + (135,),
    )
    t = Table(hands=hands, dora=104)
    t.draw(0)
    t.discard(0, 126)
    t.call(1, "pon", (124, 125), 126, 0)
    t.discard(1, 101)
    t.draw(2)
    t.discard(2, 130)
    t.call(1, "pon", (128, 129), 130, 2)
    t.discard(1, 102)
    t.turn(2)
    t.draw(3)
    t.discard(3, 135)
    t.call(1, "daiminkan", (132, 133, 134), 135, 3)
    t.win(1, 1, t.draw(1, 54))
    (c,) = list(iter_wins(_accepted(t)))
    assert c.pao_seat == 3 and c.inputs.rinshan
    assert c.inputs.melds == ("pon 555z", "pon 666z", "minkan 7777z")


def test_the_draw_record_keeps_the_source_and_the_riichi_seats():
    t = Table()
    t.draw(0)
    t.discard(0, riichi=True)
    t.accept(0)
    s = 1
    for _ in range(69):
        t.turn(s)
        s = (s + 1) % 4
    t.ryuukyoku()
    (rr,) = replay(t.game())
    d = rr.draw
    assert d.source == "synthetic" and d.riichi == (True, False, False, False)
    assert d.riichi_sticks == 1 and d.honba == 0 and d.record.reason == "exhaustive"


def test_nagashi_needs_the_wall_exhausted():
    t = Table()
    t.turn(0)
    refused(t, [Ryuukyoku("nagashi_mangan", (False,) * 4, None, (0,) * 4)], at=0)  # 69 tiles left
    # the contrast: an abort the same seat may make at that point (seat 1's first draw, nine
    # different terminals and honors) is accepted
    t = Table(hands=_kyuushu_deal(1))
    t.turn(0)
    t.draw(1)
    t.events.append(Ryuukyoku("kyuushu_kyuuhai", None, None, (0,) * 4))
    (rr,) = replay(t.game())
    assert rr.draw.record.reason == "kyuushu_kyuuhai"
    # and refused where the hand does not allow it (the default deal: seat 1 holds no terminal)
    t = Table()
    t.turn(0)
    t.draw(1)
    refused(t, [Ryuukyoku("kyuushu_kyuuhai", None, None, (0,) * 4)], at=0,
            match="kyuushu kyuuhai is not among the legal actions")


def test_meld_string_shows_the_red_five_by_default():
    pon = Call(1, "pon", (16, 17, 18), 16, 0)
    assert meld_string(pon) == "pon 055m"
    assert meld_string(pon, aka=False) == "pon 555m"
    assert meld_string(Call(0, "daiminkan", (52, 53, 54, 55), 52, 3)) == "minkan 0555p"
    assert meld_string(Call(0, "kakan", (88, 89, 90, 91), 88, 2, 91)) == "kakan 0555s"


# ---- record validation --------------------------------------------------------------------------
def test_honor_meld_strings():
    assert meld_string(Call(1, "pon", (108, 109, 110), 108, 0)) == "pon 111z"  # East: kind 27
    assert meld_string(Call(1, "pon", (104, 105, 106), 104, 0)) == "pon 999s"  # kind 26
    assert meld_string(Call(1, "ankan", (132, 133, 134, 135))) == "ankan 7777z"


def test_a_game_must_begin_with_gamestart():
    t = Table()
    with pytest.raises(LogError, match="does not begin with GameStart"):
        replay(Game("x", ()))
    with pytest.raises(LogError, match="does not begin with GameStart"):
        replay(Game("x", (t.rs,)))


@pytest.mark.parametrize("events,match", [
    ([NewDora(136)], r"tile id 136 out of range 0\.\.135"),
    ([Draw(0, 136)], r"tile id 136 out of range 0\.\.135"),
    ([Draw(0, 52), Discard(0, 52), NewDora(52)], "52 twice in the round"),
    ([Draw(0, 52), Discard(0, 0)], None),  # a legal discard: checked below with the riichi tile
])
def test_tile_ids_are_checked(events, match):
    if match is None:
        t = Table(hands=_kyuushu_deal(1))
        assert 0 in t.hands[0] and 53 in t.free  # the dealer discards its 1m, seat 1 draws 5p
        (rr,) = replay(Game("ok", tuple(t.events + events + [Draw(1, 53), Ryuukyoku("kyuushu_kyuuhai")])))
        assert rr.start.dealer == 0 and rr.draw is not None and rr.draw.record.reason == "kyuushu_kyuuhai"
        return
    if "twice" in match:  # the round's tiles are no permutation of the game's: refused in that round
        with pytest.raises(LogError) as ei:
            replay(Game("bad.mjlog", tuple(Table().events + events + [GameEnd((25000,) * 4)])))
        assert type(ei.value) is LogError and ei.value.round == "E1-0" and ei.value.index is not None
        return
    _fails(events, match)


def test_round_start_checks():
    t = Table()
    bad = t.rs.__class__(0, 0, 0, 4, (25000,) * 4, 135, t.rs.hands)
    for g in (Game("x", (t.start, bad, GameEnd((25000,) * 4))),  # dealer seat 4 of 4 players
              Game("x", (t.start, t.rs, t.rs, GameEnd((25000,) * 4)))):  # a round without a result
        with pytest.raises(LogError) as ei:
            replay(g)
        assert type(ei.value) is LogError and ei.value.source == "x" and ei.value.index in (1, 2, 3)
        assert str(ei.value).startswith(f"x, round {ei.value.round}, event {ei.value.index}")


def test_the_wall_runs_out_after_seventy_draws():
    t = Table()
    for i in range(70):
        t.turn(i % 4)
    _fails([Draw(2, t.wall())], "draw from an empty wall", t)


def test_riichi_flags_only_the_declaration_tile_and_its_discards_are_the_draws():
    t = Table()
    t.turn(0)
    t.turn(1)
    t.draw(2)
    t.discard(2, riichi=True)
    t.accept(2)
    for i in range(3, 70):  # the other 63 draws of the wall, then the exhaustive draw
        t.turn(i % 4)
    t.ryuukyoku()
    (rr,) = replay(t.game())
    # seat 2 draws the wall's draws 2, 6, ..., 66 (17), seat 1 draws 1, 5, ..., 69 (18)
    assert [d.riichi for d in rr.draw.discards[2]] == [True] + [False] * 16
    assert [d.riichi for d in rr.draw.discards[1]] == [False] * 18
    assert rr.draw.riichi == (False, False, True, False)
    t = Table()
    t.draw(0)
    t.discard(0, riichi=True)
    t.accept(0)
    for s in (1, 2, 3):
        t.turn(s)
    t.draw(0)
    _fails([Discard(0, 1)], "in riichi discards", t)


def test_kan_validation():
    _fails([Draw(0, 52), Call(0, "ankan", (0, 1, 2, 4))], "ankan tiles are not four of a kind")
    _fails([Draw(0, 52), Call(0, "ankan", (0, 1, 2))], "ankan tiles are not four of a kind")
    _fails([Draw(0, 52), Call(0, "ankan", (52, 53, 54, 55))], r"call needs .* not in the hand of seat 0")
    _fails([Draw(0, 52), Call(0, "kakan", (0, 1, 2, 3), 0, 1, 3)], "without a pon")


def _pon_then_kakan(added):
    """Seat 1 pons the dealer's 4m (12) with 13, 14 and later adds its 15 (kakan, ``added`` as
    given); the replacement draw (2s) completes its hand (the table of tests/logs/test_replay.py)."""
    from .test_replay import KAKAN_HANDS

    t = Table(hands=KAKAN_HANDS)
    t.draw(0, 120)
    t.discard(0, 12)
    t.call(1, "pon", (13, 14), 12, 0)
    t.discard(1, 77)
    for s, tile in ((2, 121), (3, 64), (0, 68)):
        t.draw(s, tile)
        t.discard(s, tile)
    t.draw(1, 15)
    t.events.append(Call(1, "kakan", (12, 13, 14, 15), 12, 0, added))
    t.hands[1].remove(15)
    t.win(1, 1, t.draw(1, 78))
    return t


@pytest.mark.parametrize("added", [15, None])
def test_kakan_with_or_without_the_added_tile(added):
    (c,) = list(iter_wins(_accepted(_pon_then_kakan(added))))
    (m,) = c.melds
    assert (m.seat, m.kind, m.tiles, m.added, m.from_seat) == (1, "kakan", (12, 13, 14, 15), 15, 0)
    assert c.inputs.rinshan and c.inputs.melds == ("kakan 4444m",)


def test_kakan_must_extend_the_pon():
    t = Table()
    t.draw(0)
    t.discard(0, 12)
    t.call(1, "pon", (13, 14), 12, 0)
    t.discard(1, 25)
    for s in (2, 3, 0):
        t.turn(s)
    t.draw(1)
    _fails([Call(1, "kakan", (12, 13, 15, 16), 12, 0, 16)], "kakan of|do not extend the pon", t)
    _fails([Call(1, "kakan", (12, 13, 14), 12, 0, 15)], "without a pon", t)


def test_kita_must_be_a_north_and_can_be_ronned_without_chankan():
    # seat 1: 123456789p 123s + a North, waiting on the North the dealer pulls
    hands = (tuple(range(108, 120)) + (120,), (36, 40, 44, 48, 53, 56, 60, 64, 68, 72, 76, 80, 122),
             (0, 1, 2, 3, 32, 33, 34, 35, 37, 41, 45, 49, 57))
    t = Table(hands=hands, players=3)
    t.draw(0, 121)
    refused(t, [Call(0, "kita", (121, 0))])  # a kita of two tiles, one not a North
    t.call(0, "kita", (120,))
    t.win(1, 0, 120)
    (c,) = list(iter_wins(_accepted(t)))
    assert c.win_tile == 120 and not c.inputs.chankan and not c.inputs.tsumo


def test_kokushi_robs_an_ankan_under_kokushi_only_not_tenhou():
    hands = (
        tuple(range(0, 12)) + (112,),
        (35, 39, 71, 75, 107, 108, 114, 116, 120, 124, 128, 132, 133),  # kokushi waiting on 1m
        tuple(range(52, 65)),
        tuple(range(76, 89)),
    )
    t = Table(hands=hands)
    t.draw(0, 113)
    t.call(0, "ankan", (0, 1, 2, 3))
    t.events.append(Win(1, 0, hand=None, win_tile=0))
    g = t.game(end=False)
    # Tenhou (the record's rules) never lets kokushi rob an ankan: the engine asks nobody
    from yakuman.game.records import check_record
    from yakuman.rules import Rules

    rc = check_record(g)
    assert (rc.illegal, rc.disagreements) == (0, 1)
    assert rc.first_disagreement["what"] == "ron by seat 1 where the engine asked nobody"
    # Mahjong Soul does (chankan_ankan = kokushi_only): the same record replays as a chankan win
    ms = Rules.tenhou().replace(chankan_ankan="kokushi_only")
    rc = check_record(g, ms)
    assert rc.illegal == rc.disagreements == 0, rc.problems
    (c,) = list(iter_wins(g, ms))
    assert c.inputs.chankan and c.win_tile == 0
