"""The record driver's checks between rounds and its walls (yakuman.game.records): the next hand
the engine deals (round, honba, sticks, scores) against the record's, a record that plays on after
the engine's game is over, record_walls, and check_records' count of games it cannot read. Each
test changes one thing in a fixture game the driver otherwise agrees with entirely."""

from __future__ import annotations

import dataclasses

from tests.logs.conftest import LOG_FIXTURES
from yakuman.game.records import check_records, drive, record_walls
from yakuman.logs import read
from yakuman.logs.events import Draw, Game, GameEnd, RoundStart


def _fixture() -> Game:
    (g,) = read(LOG_FIXTURES / "fixture4.mjlog")
    rc, _ = drive(g)
    assert (rc.illegal, rc.disagreements) == (0, 0)
    return g


def _starts(evs) -> list[int]:
    return [i for i, e in enumerate(evs) if type(e) is RoundStart]


def test_a_next_hand_with_other_scores_is_a_disagreement():
    """The second round's record starts with 100 points moved from seat 1 to seat 0: the engine's
    settlement of the first round says otherwise, at that round start, with both tuples."""
    g = _fixture()
    evs = g.events
    i = _starts(evs)[1]
    rs, prev = evs[i], evs[_starts(evs)[0]]
    scores = list(rs.scores)
    scores[0] += 100
    scores[1] -= 100
    bad = Game(g.source, evs[:i] + (dataclasses.replace(rs, scores=tuple(scores)),) + evs[i + 1:])
    rc, _ = drive(bad)
    mine = (rs.round, rs.honba, rs.sticks, tuple(rs.scores))
    theirs = (rs.round, rs.honba, rs.sticks, tuple(scores))
    assert rc.first_disagreement == {
        "kind": "disagreement", "round": prev.label, "event": i,
        "what": f"next hand (round, honba, sticks, scores) {mine} != record {theirs}"}


def test_a_record_that_plays_on_after_the_engines_game_end_is_a_disagreement():
    """A copy of the last round dealt again after it (before the game end): the engine's game is
    over (the fixture game ends with a seat below zero, tobi), so the record going on is a
    disagreement at that round start, naming why the engine's game ended."""
    g = _fixture()
    evs = g.events
    last = _starts(evs)[-1]
    end = next(i for i, e in enumerate(evs) if type(e) is GameEnd)
    assert min(evs[end].scores) < 0
    bad = Game(g.source, evs[:end] + evs[last:end] + evs[end:])
    rc, _ = drive(bad)
    d = rc.first_disagreement
    assert (d["kind"], d["round"], d["event"]) == ("disagreement", evs[last].label, end)
    assert d["what"] == "the engine's game ends (tobi); the record goes on"


def test_record_walls_hold_each_rounds_deal_first_draw_and_indicator():
    """record_walls: one wall per round, every tile id once; the deal from the dealer on, 13
    tiles a seat; the round's first draw right after the deal; the dora indicator at the dead
    wall's fifth place (the engine's layout)."""
    g = _fixture()
    evs = g.events
    walls = record_walls(g)
    starts = _starts(evs)
    assert len(walls) == len(starts) > 1
    for w, a, b in zip(walls, starts, starts[1:] + [len(evs)]):
        rs = evs[a]
        assert sorted(w) == list(range(136))
        for k in range(4):
            assert w[13 * k:13 * k + 13] == list(rs.hands[(rs.dealer + k) % 4])
        first = next(e for e in evs[a + 1:b] if type(e) is Draw)
        assert w[52] == first.tile
        assert w[136 - 14 + 4] == rs.dora_indicator


def test_check_records_counts_each_game_it_cannot_read():
    """Two games the driver cannot read (a round dealt 12 tiles to a seat) are skipped, one each;
    the readable one is checked in full beside them."""
    g = _fixture()
    evs = g.events
    i = _starts(evs)[1]
    rs = evs[i]
    broken = Game(g.source, evs[:i] + (dataclasses.replace(rs, hands=rs.hands[:-1] + (rs.hands[-1][:12],)),)
                  + evs[i + 1:])
    total = check_records([broken, g, broken])
    assert total.skipped == 2
    assert total.rounds == drive(g)[0].rounds > 0 and total.disagreements == total.illegal == 0
