"""The replay through the game engine (``yakuman.game.records.drive``): on real records it is
the strict drive (a record the engine refuses raises LogError naming source, round and event);
the final game end is compared (an excerpt is counted apart); events after the engine's round
end are checked."""

from __future__ import annotations

import pytest

from yakuman.game.records import check_record, drive
from yakuman.logs import read
from yakuman.logs.events import Discard, Game, GameEnd, LogError, RiichiAccept, Ryuukyoku, Win
from yakuman.logs.replay import engine_rounds, replay

from .conftest import FIXTURE_CORPUS, HAVE_CORPUS, TENHOU, data_file, engine_fixture_files, fixture_files

CORPUS_SAMPLE = 150   # mjlog files of the shared corpus (every 25th), when it is present


def _games(paths):
    for p in paths:
        try:
            games = read(p, strict=False)
        except LogError:   # not a record (the corpus holds a few): the readers' tests cover them
            continue
        yield from games


def _sample() -> list:
    """The fixture records (constructed and engine-played, all three formats), plus a sample
    of the shared corpus when it is present. The assertions' floors are what each reaches."""
    files = list(fixture_files()) + list(engine_fixture_files())
    if (TENHOU / "mjlog").is_dir():
        files += sorted((TENHOU / "mjlog").iterdir())[::25][:CORPUS_SAMPLE]
    if (TENHOU / "tenhou6").is_dir():
        files += sorted((TENHOU / "tenhou6").iterdir())
    return files


def test_replay_is_the_strict_engine_drive_on_real_records():
    # Every game of the sample either replays (then the engine's check of the same record has no
    # illegal decision and no disagreement, and replay() gives the drive's own rounds) or raises
    # a LogError naming its source, exactly when the non-strict check finds a problem (or the
    # events are not a plain sequence of rounds).
    driven = refused = 0
    for g in _games(_sample()):
        rc, rounds = drive(g)
        try:
            mine = replay(g)
        except LogError as e:
            assert e.source == g.source and e.index is not None, str(e)
            assert rc.illegal + rc.disagreements > 0 or rounds is None, g.source
            refused += 1
            continue
        assert rc.illegal == rc.disagreements == 0, g.source
        assert mine == rounds == engine_rounds(g), g.source
        assert all(w.source == g.source for r in mine for w in r.wins)
        driven += 1
    # the fixtures alone: 72 games (9 constructed, 63 engine-played), every one driven
    assert driven >= (82 if HAVE_CORPUS else 72), (driven, refused)


def test_replay_is_the_engine_drive_on_a_real_game():
    (g,) = read(fixture_files("mjlog")[0])
    rc, rounds = drive(g)
    assert rc.illegal == rc.disagreements == 0 and rc.decisions > 0
    assert replay(g) == rounds
    assert sum(len(r.wins) for r in rounds) + sum(r.draw is not None for r in rounds) >= len(rounds)


def test_the_one_round_excerpt_is_counted_apart():
    if not HAVE_CORPUS:   # an engine-played game cut after its first round, its GameEnd kept
        from yakuman.logs.events import RoundStart

        (whole,) = read(FIXTURE_CORPUS / "mjlog" / "engine4-01.mjlog")
        starts = [i for i, e in enumerate(whole.events) if type(e) is RoundStart]
        g = Game(whole.source, whole.events[: starts[1]] + (whole.events[-1],))
        rc = check_record(g)
        assert (rc.illegal, rc.disagreements, rc.excerpts) == (0, 0, 1)
        assert rc.first_excerpt["what"] == (
            "an excerpt: the record's game ends with [22200, 57700, -4700, 24800] (the table's scores are "
            "[23700, 24300, 27700, 24300]); the engine's game goes on (E2-0 next)")
        return
    path = data_file("mjlog", "one_round")
    (g,) = read(path)
    rc = check_record(g)
    assert (rc.illegal, rc.disagreements, rc.excerpts) == (0, 0, 1)
    assert rc.first_excerpt["what"].startswith("an excerpt: the record's game ends with [22200, 21100, 24300, 32400]")
    assert "goes on (E2-0 next)" in rc.first_excerpt["what"]


def _whole_game():
    """A real game whose record ends with its GameEnd and whose every round the engine accepts."""
    for g in read(fixture_files("mjlog")[0]):
        if type(g.events[-1]) is GameEnd:
            rc = check_record(g)
            assert rc.illegal == rc.disagreements == rc.excerpts == 0
            return g
    pytest.skip("no whole game among the fixture records")


def test_final_points_must_equal_the_records_game_end():
    g = _whole_game()
    end = g.events[-1]
    forged = GameEnd(tuple(s + (1000 if i == 0 else -1000 if i == 1 else 0) for i, s in enumerate(end.scores)),
                     end.result)
    rc = check_record(Game(g.source, g.events[:-1] + (forged,)))
    assert rc.disagreements == 1 and rc.first_disagreement["what"].startswith("final points")


def test_final_points_given_to_the_wrong_seats_are_a_disagreement():
    """The record's GameEnd holds the right final points but two seats' swapped: the same values
    in another order are still a disagreement (final points are per seat)."""
    g = _whole_game()
    end = g.events[-1]
    s = list(end.scores)
    i, j = next((i, j) for i in range(len(s)) for j in range(i + 1, len(s)) if s[i] != s[j])
    s[i], s[j] = s[j], s[i]
    rc = check_record(Game(g.source, g.events[:-1] + (GameEnd(tuple(s), end.result),)))
    assert rc.disagreements == 1 and rc.first_disagreement["what"].startswith("final points")


def test_a_game_cut_after_an_early_round_is_an_excerpt():
    g = _whole_game()
    starts = [i for i, e in enumerate(g.events) if type(e).__name__ == "RoundStart"]
    assert len(starts) >= 3
    cut = Game(g.source, g.events[: starts[1]] + (g.events[-1],))
    rc = check_record(cut)
    assert (rc.illegal, rc.disagreements, rc.excerpts) == (0, 0, 1)


def test_the_record_playing_on_after_the_engines_round_end_is_a_disagreement():
    g = _whole_game()
    i = next(i for i, e in enumerate(g.events) if type(e) is Win)
    extra = Discard(0, 0, False)
    rc = check_record(Game(g.source, g.events[: i + 1] + (extra,) + g.events[i + 1 :]))
    assert rc.disagreements == 1
    assert rc.first_disagreement["what"] == "the record plays on (Discard) after the engine's round ended"


def test_a_fourth_riichi_is_accepted_with_the_abort_only_for_that_seat():
    # a real record, or the engine-played game with a four-riichi abort (tests/fixtures/corpus)
    (g,) = read(data_file("mjlog", "mjx-project+mjx__b3bc9abf48") if HAVE_CORPUS
                else FIXTURE_CORPUS / "mjlog" / "engine4-13.mjlog")
    rc = check_record(g)
    assert rc.illegal == rc.disagreements == 0
    evs = list(g.events)
    # the fourth riichi's stick, put down with the abort
    i = next(i for i, e in enumerate(evs) if type(e) is RiichiAccept and type(evs[i + 1]) is Ryuukyoku
             and evs[i + 1].reason == "suucha_riichi")
    assert type(evs[i - 1]) is Discard
    other = next(s for s in range(4) if s != evs[i].seat)
    evs.insert(i + 1, RiichiAccept(other))
    rc = check_record(Game(g.source, tuple(evs)))
    assert rc.disagreements == 1
    assert rc.first_disagreement["what"] == "the record plays on (RiichiAccept) after the engine's round ended"


def test_the_engine_hora_is_the_scorer_and_settlement_of_the_replayed_inputs():
    # logs verify compares the engine's own result of each win (its hora: the scorer run inside
    # the engine, and its settlement) with the record. Here that result must be exactly
    # yakuman.score() of the replay's inputs (han, fu, points, limit, yakuman, every yaku with
    # its han) and settle_wins of the round's winners together (every seat's delta), win by win.
    from yakuman import score
    from yakuman.logs.verify import _Checker, FileResult

    wins = sanma = double = 0
    for g in _games(_sample()):
        try:
            rounds = engine_rounds(g, cases="verify")
        except LogError:
            continue
        ck = _Checker(FileResult(g.source), g, 0, False, 0)
        for rr in rounds:
            if not rr.wins:
                continue
            mine = [w.hora() for w in rr.wins]
            theirs, problem = ck.score_wins(rr.wins)
            assert problem is None and mine == theirs, (g.source, rr.start.label)
            for w, h in zip(rr.wins, mine):
                s = score(**w.case().inputs.kwargs())
                assert (s.han, s.fu, s.points, s.limit, s.yakuman) == h[:5]
                assert w.case() == w.case() and w.case().record is w.record and w.case().index == w.index
            wins += len(mine)
            sanma += g.start.players == 3
            double += len(mine) > 1
    # the fixtures alone: 525 wins (24 constructed, 501 engine-played), 9 rounds with a double ron
    assert wins >= (1000 if HAVE_CORPUS else 525) and sanma > 0 and double > 0, (wins, sanma, double)


def test_verify_cases_are_the_replay_cases():
    # the verify drive's wins give the very WinCase replay() gives, and the same draws
    for g in _games(_sample()[:40]):
        try:
            full = replay(g)
        except LogError:
            continue
        lite = engine_rounds(g, cases="verify")
        assert [[w.case() for w in r.wins] for r in lite] == [r.wins for r in full]
        assert [r.draw and r.draw.case() for r in lite] == [r.draw for r in full]


def test_the_engine_draw_result_is_the_settlement_of_the_replayed_table():
    # logs verify takes a drawn round's tenpai seats and deltas from the engine's own draw; here
    # they must be exactly is_draw_tenpai / settle_exhaustive_draw / settle_abortive_draw of the
    # replayed table, and nagashi_hint must cover every seat is_nagashi finds.
    from yakuman.logs.verify import _Checker, FileResult

    kinds: dict[str, int] = {}
    tenpai_seats = 0
    for g in _games(_sample()):
        try:
            rounds = engine_rounds(g, cases="verify")
        except LogError:
            continue
        ck = _Checker(FileResult(g.source), g, 0, False, 0)
        for rr in rounds:
            d = rr.draw
            if d is None:
                continue
            tenpai, nagashi, deltas = ck.settle_draw(d.case())
            if d.record.reason in ("exhaustive", "nagashi_mangan"):
                assert list(d.tenpai) == tenpai, (g.source, rr.start.label)
                assert all((d.nagashi_hint >> s) & 1 for s in nagashi), (g.source, rr.start.label)
                tenpai_seats += len(tenpai)
            assert d.deltas == deltas, (g.source, rr.start.label)
            assert d.case().record is d.record and d.case().riichi_sticks == d.riichi_sticks
            kinds[d.record.reason] = kinds.get(d.record.reason, 0) + 1
    # the fixtures alone: 93 exhaustive draws with 234 tenpai seats, 3 nagashi mangan, 6 suufon
    # renda, 3 kyuushu kyuuhai, 3 suucha riichi
    floor, seats = (100, 100) if HAVE_CORPUS else (93, 234)
    assert kinds.get("exhaustive", 0) >= floor and tenpai_seats >= seats, (kinds, tenpai_seats)
    assert len(kinds) >= (3 if HAVE_CORPUS else 5), kinds
