"""Replay on hand-built rounds: every derived situation flag, and inconsistent records."""

from __future__ import annotations

import pytest

from yakuman.logs import LogError, iter_wins, replay
from yakuman.logs.events import Call, Discard, Draw, Game, GameEnd, Ryuukyoku, Win

from ._synth import Table, refused


def only_win(t: Table):
    wins = list(iter_wins(t.game()))
    assert len(wins) == 1
    return wins[0]


def flags(case) -> set[str]:
    return {k for k, v in case.situation().items() if v}


def engine_win(t: Table):
    """The one win of a legal game: the engine plays the record as it stands (no problem). No
    GameEnd: a win that busts a seat ends the game, whose final points a GameEnd would state."""
    from yakuman.game.records import check_record

    g = t.game(end=False)
    rc = check_record(g)
    assert rc.illegal == rc.disagreements == 0, rc.problems
    wins = list(iter_wins(g))
    assert len(wins) == 1
    return wins[0]


# 123456789m 123p + 9s: the dealer draws 5p (53), throws 9s in riichi (tenpai on 5p tanki) and
# draws the other 5p (54) on its next turn: tsumo, double riichi, ippatsu, ittsu.
RIICHI_HANDS = (
    (0, 4, 8, 12, 17, 20, 24, 28, 32, 36, 40, 44, 104),
    (1, 5, 9, 13, 18, 21, 25, 29, 33, 37, 41, 45, 49),
    (2, 6, 10, 14, 19, 22, 26, 30, 34, 38, 42, 46, 50),
    (3, 7, 11, 15, 23, 27, 31, 35, 39, 43, 47, 51, 56),
)


def test_double_riichi_ippatsu_tsumo():
    t = Table(hands=RIICHI_HANDS)
    t.draw(0, 53)
    t.discard(0, 104, riichi=True)
    t.accept(0)
    for s, tile in ((1, 60), (2, 64), (3, 68)):
        t.draw(s, tile)
        t.discard(s, tile)
    t.win(0, 0, t.draw(0, 54))
    c = engine_win(t)
    i = c.inputs
    assert (i.hand, i.win, i.melds) == ("123456789m12355p", "5p", ())
    assert flags(c) == {"double_riichi", "ippatsu"} and i.tsumo and not i.riichi
    assert (i.seat_wind, i.round_wind, i.dora, i.ura, i.honba, i.riichi_sticks) == ("E", "E", "7z", "", 0, 1)
    assert c.riichi_declared and c.pao_seat is None
    assert c.closed == (0, 4, 8, 12, 17, 20, 24, 28, 32, 36, 40, 44, 53, 54)
    assert set(i.kwargs()) == {
        "hand",
        "win",
        "melds",
        "tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
        "seat_wind",
        "round_wind",
        "dora",
        "ura",
        "kita",
        "honba",
        "riichi_sticks",
        "rules",
    }


def test_a_call_breaks_ippatsu():
    # as above, but seat 1 (holding two 9s) pons the riichi tile
    hands = (RIICHI_HANDS[0], (1, 5, 9, 13, 18, 21, 25, 29, 33, 37, 41, 105, 106)) + RIICHI_HANDS[2:]
    t = Table(hands=hands)
    t.draw(0, 53)
    t.discard(0, 104, riichi=True)
    t.accept(0)
    t.call(1, "pon", (105, 106), 104, 0)
    t.discard(1, 1)
    for s, tile in ((2, 64), (3, 68)):
        t.draw(s, tile)
        t.discard(s, tile)
    t.win(0, 0, t.draw(0, 54), ura=(134,))
    c = engine_win(t)
    assert flags(c) == {"double_riichi"} and c.inputs.ura == "7z"


KAKAN_HANDS = (
    (12,) + tuple(range(108, 120)),  # 4m + honors: throws 4m first
    (13, 14, 40, 44, 48, 53, 56, 60, 96, 100, 104, 76, 77),  # 44m 234p 567p 789s 22s
    (5, 9, 21, 25, 29, 33, 34, 45, 49, 54, 89, 92, 97),  # 23m 678m 99m 345p 567s: waits 1m/4m
    tuple(range(122, 135)),
)


def _kakan_round() -> Table:
    """Seat 1 pons the dealer's 4m and waits on 2s; seat 2 declares riichi waiting on 1m/4m;
    seat 1 draws the fourth 4m (15) and adds it to the pon."""
    t = Table(hands=KAKAN_HANDS)
    t.draw(0, 120)
    t.discard(0, 12)
    t.call(1, "pon", (13, 14), 12, 0)
    t.discard(1, 77)
    t.draw(2, 121)
    t.discard(2, 121, riichi=True)
    t.accept(2)
    t.draw(3, 64)
    t.discard(3, 64)
    t.draw(0, 68)
    t.discard(0, 68)
    t.draw(1, 15)
    t.call(1, "kakan", (15,), 12, 0, added=15, pon=(13, 14))
    return t


def test_chankan_keeps_the_robbers_ippatsu():
    t = _kakan_round()
    t.win(2, 1, 15)
    c = engine_win(t)
    assert flags(c) == {"riichi", "ippatsu", "chankan"} and c.win_tile == 15 and not c.inputs.tsumo


def test_rinshan_after_kakan():
    t = _kakan_round()
    t.win(1, 1, t.draw(1, 78))
    c = engine_win(t)
    assert flags(c) == {"rinshan"}
    assert c.inputs.melds == ("kakan 4444m",) and c.inputs.seat_wind == "S"


# 1111m 234p 678p 789s: the dealer draws East (108), declares the ankan of 1m, and the
# replacement draw, the other East (109), completes 234p 678p 789s + the East pair.
ANKAN_HANDS = (
    (0, 1, 2, 3, 40, 44, 48, 56, 60, 64, 96, 100, 104),
    tuple(range(4, 17)),
    tuple(range(17, 30)),
    tuple(range(30, 40)) + (41, 42, 43),
)


def test_ankan_reveals_dora_and_rinshan_tsumo():
    t = Table(hands=ANKAN_HANDS)
    t.draw(0, 108)
    t.call(0, "ankan", (0, 1, 2, 3))
    kan_dora = t.dora()
    t.win(0, 0, t.draw(0, 109))
    c = engine_win(t)
    assert flags(c) == {"rinshan"}  # no tenhou after a kan
    assert c.inputs.melds == ("ankan 1111m",) and c.dora_indicators == (135, kan_dora) == (135, 45)
    assert c.inputs.dora == "3p7z"  # the kan dora 45 (3p) and the first indicator 135
    assert (c.inputs.hand, c.inputs.win, c.inputs.tsumo) == ("234678p789s11z", "1z", True)


def _play_out(t: Table, draws: int, start_seat: int = 0) -> int:
    """Draw-and-discard turns until ``draws`` tiles were drawn; returns the next seat."""
    s = start_seat
    for _ in range(draws):
        t.turn(s)
        s = (s + 1) % 4
    return s


# 147m 147p 147s + four winds, copy s for seat s: nobody is tenpai or can call a win
NOTEN = tuple(tuple(k + s for k in (0, 12, 24, 36, 48, 60, 72, 84, 96, 108, 112, 116, 120)) for s in range(4))


def test_exhaustive_draw_at_seventy_draws():
    # (haitei and houtei on real winning hands: tests/logs/test_last_tile.py)
    from yakuman.game.records import check_record

    t = Table(hands=NOTEN)
    _play_out(t, 70)
    t.ryuukyoku()
    rc = check_record(t.game())
    assert rc.illegal == rc.disagreements == 0, rc.problems
    (rr,) = replay(t.game())
    assert rr.draw is not None and rr.draw.record.reason == "exhaustive" and not rr.wins
    assert [len(d) for d in rr.draw.discards] == [18, 18, 17, 17]  # 70 draws, dealer first
    assert rr.draw.closed == tuple(tuple(sorted(h)) for h in NOTEN)


def test_a_kan_moves_haitei_one_draw_earlier():
    # the dealer: 9m x4 (an ankan on its first draw), 222m 333p 555s, and a haku tanki after it
    # throws the replacement draw; seats 1-3 hold noten hands and throw what they draw
    hands = ((32, 33, 34, 35, 4, 5, 6, 44, 45, 46, 89, 90, 91),) + NOTEN[1:]
    t = Table(hands=hands)
    t.draw(0, 124)
    t.call(0, "ankan", (32, 33, 34, 35))
    t.dora()
    t.draw(0, 128)
    t.discard(0, 128)
    s = _play_out(t, 67, 1)
    assert s == 0
    t.win(0, 0, t.draw(0, 125))  # draw number 70 including the rinshan draw
    assert flags(engine_win(t)) == {"haitei"}


WINNER = (0, 4, 8, 12, 17, 20, 24, 28, 32, 36, 40, 44, 53)  # 123456789m 123p 5p: waits on 5p
KAN_1S = (72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84)  # 1s x4 2s x4 3s x4 4s


def test_tenhou_and_chiihou_and_a_kan_interrupts_chiihou():
    t = Table(hands=(WINNER,) + RIICHI_HANDS[1:])
    t.win(0, 0, t.draw(0, 54))
    assert flags(engine_win(t)) == {"tenhou"}

    hands = (KAN_1S, WINNER, RIICHI_HANDS[2], RIICHI_HANDS[3])
    t = Table(hands=hands)
    t.draw(0, 108)
    t.discard(0, 108)
    t.win(1, 1, t.draw(1, 54))
    c = engine_win(t)
    assert flags(c) == {"chiihou"} and c.inputs.seat_wind == "S"

    t = Table(hands=hands)
    t.draw(0, 108)
    t.call(0, "ankan", (72, 73, 74, 75))
    t.dora()
    t.draw(0, 109)
    t.discard(0, 109)
    t.win(1, 1, t.draw(1, 54))
    assert flags(engine_win(t)) == set()


def test_pao_on_the_third_dragon_pon():
    # seat 1: two of each dragon, 123s, a 5p, and three 8s to throw; daisangen on the 5p tsumo
    hands = (
        tuple(range(12)) + (126,),
        (124, 125, 128, 129, 132, 133, 72, 76, 80, 53, 100, 101, 102),
        tuple(range(17, 29)) + (130,),
        tuple(range(29, 41)) + (134,),
    )
    t = Table(hands=hands)
    t.draw(0)
    t.discard(0, 126)
    t.call(1, "pon", (124, 125), 126, 0)
    t.discard(1, 100)
    t.draw(2)
    t.discard(2, 130)
    t.call(1, "pon", (128, 129), 130, 2)
    t.discard(1, 101)
    t.turn(2)
    t.draw(3)
    t.discard(3, 134)
    t.call(1, "pon", (132, 133), 134, 3)
    t.discard(1, 102)
    for s in (2, 3, 0):
        t.turn(s)
    t.win(1, 1, t.draw(1, 54))
    c = engine_win(t)
    assert c.pao_seat == 3
    assert c.inputs.melds == ("pon 555z", "pon 666z", "pon 777z")
    assert (c.inputs.hand, c.inputs.win) == ("55p123s", "5p")


def test_double_ron_second_winner_collects_no_honba_or_sticks():
    # seats 1 and 3: 234m 567m 234p 678s + a 6p, both tanyao waiting on 6p; the dealer throws 6p (56)
    hands = (
        tuple(range(108, 121)),
        (4, 8, 12, 17, 20, 24, 40, 44, 48, 92, 96, 100, 57),
        tuple(range(121, 134)),
        (5, 9, 13, 18, 21, 25, 41, 45, 49, 93, 97, 101, 58),
    )
    t = Table(hands=hands, honba=2, sticks=1)
    t.draw(0, 56)
    t.discard(0, 56)
    t.win(1, 0, 56)
    t.win(3, 0, 56)
    from yakuman.game.records import check_record

    rc = check_record(t.game())
    assert rc.illegal == rc.disagreements == 0, rc.problems
    first, second = list(iter_wins(t.game()))
    assert (first.inputs.honba, first.inputs.riichi_sticks, first.index) == (2, 1, 0)
    assert (second.inputs.honba, second.inputs.riichi_sticks, second.index) == (0, 0, 1)
    assert (second.table_honba, second.table_sticks) == (2, 1)
    assert first.inputs.seat_wind == "S" and second.inputs.seat_wind == "N"


def test_sanma_kita_counts_gives_rinshan_and_breaks_the_first_turn():
    # the dealer: 123456789p 123s + North; it draws a 5s, pulls the North, and the replacement
    # draw (the other 5s) completes the hand
    hands = ((36, 40, 44, 48, 53, 56, 60, 64, 68, 72, 76, 80, 120),
             (0, 1, 2, 3, 32, 33, 34, 35, 37, 41, 45, 49, 57), tuple(range(108, 120)) + (121,))
    t = Table(hands=hands, players=3)
    t.draw(0, 89)
    t.call(0, "kita", (120,))
    t.win(0, 0, t.draw(0, 90))
    c = engine_win(t)
    assert flags(c) == {"rinshan"} and c.inputs.kita == 1 and c.kita_tiles == (120,)
    assert c.inputs.rules.players == 3

    # seat 1 holds that hand with a 5s; the dealer's kita ends the first go-around
    hands = (tuple(range(108, 120)) + (120,), (36, 40, 44, 48, 53, 56, 60, 64, 68, 72, 76, 80, 89),
             (0, 1, 2, 3, 32, 33, 34, 35, 37, 41, 45, 49, 57))
    t = Table(hands=hands, players=3)
    t.draw(0, 121)
    t.call(0, "kita", (120,))
    t.draw(0, 122)
    t.discard(0, 122)
    t.draw(1, 100)
    t.discard(1, 100, riichi=True)
    t.accept(1)
    t.draw(2, 101)
    t.discard(2, 101)
    t.draw(0, 102)
    t.discard(0, 102)
    t.win(1, 1, t.draw(1, 90))
    assert flags(engine_win(t)) == {"riichi", "ippatsu"}  # not double riichi after a kita


# ------------------------------------------------------------------------------------------
# inconsistent records
# ------------------------------------------------------------------------------------------


def _fails(events, why: str, at: int | None = None, match: str | None = None) -> LogError:
    """The record is refused (:func:`refused`); ``why`` says what is inconsistent in it (the
    refusal's own text is ``match``, where given)."""
    return refused(Table(), events, at, match)


def test_discard_not_in_hand_names_file_round_and_event():
    e = _fails([Draw(0, 52), Discard(0, 99)], r"discard of 7s \(id 99\) not in the hand of seat 0")
    assert (e.source, e.round, e.index) == ("bad.mjlog", "E1-0", 3)
    assert str(e).startswith("bad.mjlog, round E1-0, event 3 Discard(seat=0, tile=99, tsumogiri=False): ")


def test_impossible_calls():
    _fails(
        [Draw(0, 52), Discard(0, 12), Draw(1, 53), Discard(1, 53), Call(2, "pon", (12, 26, 27), 12, 0)],
        "not the tile just discarded",
    )
    _fails([Draw(0, 52), Discard(0, 12), Call(2, "chi", (12, 16, 20), 12, 0)], "not the previous player")
    _fails([Draw(0, 52), Discard(0, 12), Call(1, "pon", (12, 13, 40), 12, 0)], "not 3 of a kind")
    _fails([Draw(0, 52), Discard(0, 12), Call(2, "pon", (12, 13, 14), 12, 0)], r"needs 4m \(id 13\)")
    _fails([Draw(0, 52), Call(0, "kakan", (0, 1, 2, 3), 0, 1, 3)], "without a pon")


def test_turn_order_and_wall_errors():
    _fails([Draw(1, 52)], "seat 1 draws out of turn")
    _fails([Draw(0, 52), Discard(0, 52), Draw(2, 53)], "draws out of turn")
    with pytest.raises(LogError) as ei:  # id 5 is dealt to seat 0: the round is no permutation of the tiles
        replay(Game("bad.mjlog", tuple(Table().events + [Draw(0, 5), GameEnd((25000,) * 4)])))
    assert type(ei.value) is LogError and ei.value.round == "E1-0" and ei.value.index in (1, 2)
    _fails([Draw(0, 52), Draw(0, 53)], "out of turn")


def test_win_and_result_errors():
    _fails(
        [Draw(0, 52), Win(0, 0, hand=tuple(range(12)) + (13, 52), win_tile=52)], "differs from the replayed"
    )
    _fails([Draw(0, 52), Discard(0, 52), Win(2, 1)], "has no discard or kan to rob")
    t = Table()
    t.turn(0)
    refused(t, [Ryuukyoku("exhaustive", (False,) * 4, None, (0,) * 4)], at=0)  # 69 tiles left
    t = Table()
    t.turn(0)
    g = t.game(end=False)
    with pytest.raises(LogError) as ei:  # the round has no result
        replay(g)
    assert (type(ei.value), ei.value.round, ei.value.index, ei.value.event) == (LogError, "E1-0", len(g.events), None)
