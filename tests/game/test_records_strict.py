"""``drive(game, strict=True)``: the engine drive the log replay is to become a thin adapter over.
On a record the engine plays it gives the same rounds as the plain drive; on a record it refuses
(an illegal decision, a disagreement with the record, a malformed event) it raises LogError --
never another exception type -- naming the source, the round label and the event index, with
the driver's problem text."""

from __future__ import annotations

import dataclasses

import pytest

from tests.logs.conftest import LOG_FIXTURES, fixture_files
from yakuman.game.records import drive
from yakuman.logs import read
from yakuman.logs.events import Discard, Draw, Game, LogError, NewDora, RoundStart, Win


def _game() -> Game:
    (g,) = read(fixture_files("mjlog")[0])
    rc, _ = drive(g)
    assert rc.illegal == rc.disagreements == 0
    return g


def _label(rs: RoundStart) -> str:
    return f"{'ESWN'[rs.round // 4 % 4]}{rs.round % 4 + 1}-{rs.honba}"


def _round_of(evs: tuple, i: int) -> RoundStart:
    return next(evs[j] for j in range(i, 0, -1) if type(evs[j]) is RoundStart)


def _refused(g: Game, i: int, match: str) -> LogError:
    with pytest.raises(LogError) as ei:
        drive(g, strict=True)
    e = ei.value
    assert type(e) is LogError
    assert (e.source, e.round, e.index) == (g.source, _label(_round_of(g.events, i)), i), str(e)
    assert str(e).startswith(f"{g.source}, round {e.round}, event {i}")
    assert match in e.problem, e.problem
    return e


def test_strict_drive_gives_the_plain_drives_rounds():
    g = _game()
    rc, rounds = drive(g, strict=True)
    assert rc.illegal == rc.disagreements == 0 and rc.decisions > 0
    assert rounds == drive(g)[1]


def _replace(g: Game, i: int, e) -> Game:
    return Game(g.source, g.events[:i] + (e,) + g.events[i + 1:])


def test_an_illegal_discard_is_refused_with_the_drivers_problem():
    g = _game()
    evs = g.events
    # a discard of a tile the seat does not hold: one of another seat's dealt tiles
    i = next(i for i, e in enumerate(evs) if type(e) is Discard)
    rs = _round_of(evs, i)
    d = evs[i]
    other = rs.hands[(d.seat + 1) % 4][0]
    e = _refused(_replace(g, i, Discard(d.seat, other, False)), i, f"discard {other} by seat {d.seat}: ")
    assert e.problem.endswith("is not legal now")
    # the plain drive counts the same problem and goes on with the later rounds
    rc, _ = drive(_replace(g, i, Discard(d.seat, other, False)))
    assert rc.illegal == 1 and rc.first_illegal["event"] == i and rc.first_illegal["what"] == e.problem


def test_a_wrong_tsumogiri_flag_is_a_disagreement():
    g = _game()
    evs = g.events
    i = next(i for i, e in enumerate(evs) if type(e) is Discard and e.tsumogiri)
    d = evs[i]
    _refused(_replace(g, i, dataclasses.replace(d, tsumogiri=False)), i, "record tsumogiri False")


@pytest.mark.parametrize("bad", ["x", None, 200, -1, 1.5])
def test_a_malformed_draw_tile_is_a_logerror_at_that_draw(bad):
    g = _game()
    evs = g.events
    i = next(i for i, e in enumerate(evs) if type(e) is Draw and i > 5)
    d = evs[i]
    _refused(_replace(g, i, Draw(d.seat, bad)), i, f"record draws {bad!r}"[:len("record draws ")])


@pytest.mark.parametrize("bad", ["x", None, 9])
def test_a_malformed_seat_is_a_logerror_at_that_event(bad):
    g = _game()
    evs = g.events
    i = next(i for i, e in enumerate(evs) if type(e) is Discard and i > 5)
    d = evs[i]
    with pytest.raises(LogError) as ei:
        drive(_replace(g, i, Discard(bad, d.tile, d.tsumogiri)), strict=True)
    assert ei.value.index == i and ei.value.round == _label(_round_of(evs, i))


def test_a_malformed_round_start_is_a_logerror_at_the_round_start():
    g = _game()
    evs = g.events
    i = next(i for i, e in enumerate(evs) if type(e) is RoundStart and i > 1)
    rs = evs[i]
    bad = dataclasses.replace(rs, hands=rs.hands[:-1] + (rs.hands[-1][:12],))
    with pytest.raises(LogError) as ei:
        drive(_replace(g, i, bad), strict=True)
    e = ei.value
    assert (e.source, e.round, e.index, e.event) == (g.source, _label(rs), i, bad)
    assert e.problem.startswith("malformed event (IndexError: a hand of 12 tiles dealt")



@pytest.mark.parametrize("entry", ["check_record", "decisions", "position"])
@pytest.mark.parametrize("damage", ["long deal", "a tile id 136", "an indicator id 200"])
def test_the_other_drives_name_a_malformed_event_as_the_strict_drive_does(entry, damage):
    # found by fuzzing the review (logs review) on damaged records: check_record, decisions (the
    # review's and the learning data's drive) and position raised the driver's IndexError /
    # ValueError (a deal of the wrong size, an id that is no tile), so review reported "IndexError:
    # a hand of 14 tiles dealt" without the round or the event. Each now raises the LogError the
    # strict drive raises (the same source, round, event and problem), and a hook's own exception
    # still passes through unchanged.
    from yakuman.game.records import check_record, decisions, position

    g = _game()
    evs = g.events
    i = next(i for i, e in enumerate(evs) if type(e) is RoundStart and i > 1)
    rs = evs[i]
    hands = [list(h) for h in rs.hands]
    if damage == "long deal":
        hands[-1] = hands[-1] + [hands[0][0]]
    elif damage == "a tile id 136":
        hands[-1][0] = 136
    bad = dataclasses.replace(rs, hands=tuple(tuple(h) for h in hands))
    if damage == "an indicator id 200":
        bad = dataclasses.replace(rs, dora_indicator=200)
    g2 = _replace(g, i, bad)
    with pytest.raises(LogError) as strict:
        drive(g2, strict=True)
    call = {"check_record": lambda: check_record(g2), "decisions": lambda: decisions(g2, None, lambda *a: None),
            "position": lambda: position(g2, i)}[entry]
    with pytest.raises(LogError) as ei:
        call()
    e, want = ei.value, strict.value
    assert type(e) is LogError and (e.source, e.round, e.index, e.problem) == (want.source, want.round, want.index,
                                                                              want.problem), (str(e), str(want))
    assert e.problem.startswith("malformed event (")

    class Mine(Exception):
        pass

    def hook(ri, rr, at):
        raise Mine(at)

    with pytest.raises(Mine):
        decisions(g, None, hook)


def test_a_later_rounds_wall_that_cannot_be_built_is_a_logerror_naming_that_round():
    # found by fuzzing Game.from_record on damaged records: the position of an early round builds
    # the walls of the later ones (the game plays on into them), and record_walls raised the
    # driver's IndexError for a later round dealt 14 tiles; both name that round's start now
    from yakuman.game import Game
    from yakuman.game.records import position, record_walls

    g = _game()
    evs = g.events
    i = [j for j, e in enumerate(evs) if type(e) is RoundStart][1]
    rs = evs[i]
    bad = dataclasses.replace(rs, hands=rs.hands[:-1] + (rs.hands[-1] + (rs.hands[0][0],),))
    g2 = _replace(g, i, bad)
    for call in (lambda: record_walls(g2), lambda: position(g2, 0), lambda: Game.from_record(g2, 0)):
        with pytest.raises(LogError) as ei:
            call()
        e = ei.value
        assert type(e) is LogError and (e.round, e.index) == (_label(rs), i), str(e)
        assert e.problem == "malformed event (IndexError: a hand of 14 tiles dealt)", e.problem
    assert len(record_walls(g)) == sum(type(e) is RoundStart for e in evs)


@pytest.mark.parametrize("field,value", [("sticks", -1), ("honba", 300), ("honba", -2)])
def test_a_rounds_counters_out_of_the_engines_range_are_a_logerror(field, value):
    # found by fuzzing Game.from_record: a record's RoundStart with -1 riichi sticks made an engine
    # state with -1 sticks (a win took 1,000 points from its winner) and 300 honba wrapped to 44;
    # the driver takes them as Game does (honba 0..255, sticks 0..10000) and names the round
    from yakuman.game import Game
    from yakuman.game.records import check_record

    g = _game()
    evs = g.events
    i = [j for j, e in enumerate(evs) if type(e) is RoundStart][1]
    rs = evs[i]
    g2 = _replace(g, i, dataclasses.replace(rs, **{field: value}))
    for call in (lambda: check_record(g2), lambda: Game.from_record(g2, i)):
        with pytest.raises(LogError) as ei:
            call()
        assert (ei.value.round, ei.value.index) == (_label(dataclasses.replace(rs, **{field: value})), i), str(ei.value)
        assert "out of range 0..255 / 0..10000" in ei.value.problem, ei.value.problem
    # the strict drive stops first at the round before, whose next hand the record contradicts
    with pytest.raises(LogError, match="next hand"):
        drive(g2, strict=True)


def test_a_later_round_whose_wall_is_no_permutation_is_refused_by_from_record():
    # found by fuzzing Game.from_record: a later round whose draws repeat a tile id (so that its
    # rebuilt wall holds one id twice) was accepted, and the game raised InvalidContextError at
    # that round's deal, in the middle of a step; from_record names the round at once
    from yakuman.game import Game

    g = _game()
    evs = g.events
    starts = [j for j, e in enumerate(evs) if type(e) is RoundStart]
    j = next(k for k in range(starts[1] + 1, starts[2] if len(starts) > 2 else len(evs)) if type(evs[k]) is Draw)
    first_draw = evs[j]
    k = next(k for k in range(j + 1, len(evs)) if type(evs[k]) is Draw and evs[k].tile != first_draw.tile)
    g2 = _replace(g, k, Draw(evs[k].seat, first_draw.tile))   # the same id drawn twice in round 2
    with pytest.raises(LogError) as ei:
        Game.from_record(g2, 0)
    e = ei.value
    assert (e.round, e.index) == (_label(evs[starts[1]]), starts[1]), str(e)
    assert e.problem == ("malformed event (InvalidContextError: the record's round is not a permutation of the "
                         "game's tiles)"), e.problem

def test_an_extra_dora_indicator_is_refused_in_its_round():
    g = _game()
    evs = g.events
    i = next(i for i, e in enumerate(evs) if type(e) is Draw and i > 5)
    rs = _round_of(evs, i)
    bad = Game(g.source, evs[:i] + (NewDora(rs.hands[0][0]),) + evs[i:])   # an id dealt to seat 0
    with pytest.raises(LogError) as ei:
        drive(bad, strict=True)
    assert type(ei.value) is LogError and ei.value.round == _label(rs)


def test_an_indicator_the_engine_revealed_but_the_record_omits_is_a_disagreement():
    """fixture4 E2-0: seat 3's ankan of East reveals a kan dora (indicator 9m). A record without
    that NewDora is refused at the next draw (the replacement draw): the engine shows two
    indicators, the record one -- in the plain check (counted, with its place) and in strict mode."""
    (g,) = read(LOG_FIXTURES / "fixture4.mjlog")
    evs = g.events
    i = next(i for i, e in enumerate(evs) if type(e) is NewDora)
    rs = _round_of(evs, i)
    assert _label(rs) == "E2-0" and type(evs[i + 1]) is Draw and evs[i + 1].seat == 3
    bad = Game(g.source, evs[:i] + evs[i + 1:])
    rc, _ = drive(bad)
    assert (rc.illegal, rc.disagreements) == (0, 1)
    assert rc.first_disagreement == {"kind": "disagreement", "round": "E2-0", "event": i,
                                     "what": "1 dora indicators shown in the record, 2 by the engine"}
    _refused(bad, i, "1 dora indicators shown in the record, 2 by the engine")


def test_an_indicator_the_record_shows_after_the_round_end_without_a_kan_is_a_disagreement():
    """fixture4: a round that ends on a win with no kan in it (the engine turned one indicator).
    A record that shows one more indicator after the win (the driver's branch for indicators shown
    with the discard the round ended on) is refused: the record shows two, the engine one -- in
    the plain check (counted, with its place) and in strict mode. The unchanged record agrees."""
    (g,) = read(LOG_FIXTURES / "fixture4.mjlog")
    evs = g.events
    rc, _ = drive(g)
    assert (rc.illegal, rc.disagreements) == (0, 0)
    # the first win whose round has no NewDora before it (no kan indicator turned)
    i = next(i for i, e in enumerate(evs) if type(e) is Win
             and not any(type(evs[j]) is NewDora for j in range(evs.index(_round_of(evs, i)), i)))
    rs = _round_of(evs, i)
    extra = next(t for t in range(136) if all(t not in h for h in rs.hands) and t != rs.dora_indicator)
    bad = Game(g.source, evs[:i + 1] + (NewDora(extra),) + evs[i + 1:])
    rc, _ = drive(bad)
    assert (rc.illegal, rc.disagreements) == (0, 1)
    assert rc.first_disagreement == {"kind": "disagreement", "round": _label(rs), "event": i + 1,
                                     "what": "2 dora indicators shown in the record, 1 by the engine"}
    _refused(bad, i + 1, "2 dora indicators shown in the record, 1 by the engine")
