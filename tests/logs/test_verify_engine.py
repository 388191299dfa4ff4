"""``yakuman logs verify`` drives every game through the game engine as well: ``decisions`` (the
logged decisions checked against the engine's legal actions), ``illegal`` (those it refused) and
``disagreements`` (automatic transitions that differ from the record), with the first problem of
each kind named by file, game, round and event.

The fixture records (tests/fixtures/logs) need nothing beside the clone; the sample of the real
Tenhou records and the tampered record built from one skip when the shared corpus is absent.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from tests.conftest import FIXTURES, corpus_step, floor, shared_data_path
from yakuman import cli
from yakuman.game.records import check_record
from yakuman.logs.convert import read
from yakuman.logs.events import Call, Discard, Draw, LogError, RiichiDeclare, RoundStart, Ryuukyoku, Win
from yakuman.logs.mjai import parse_mjai, to_mjai_lines
from yakuman.logs.replay import replay
from yakuman.logs.verify import find_logs, verify_file, verify_paths

LOGS = FIXTURES / "logs"


def _record_decisions(game) -> int:
    """The decisions the record itself shows (the engine also counts the passes it asked for)."""
    n = 0
    for e in game.events:
        t = type(e)
        if t in (Discard, RiichiDeclare, Call, Win):
            n += 1
        elif t is Ryuukyoku and e.reason == "kyuushu_kyuuhai":
            n += 1
    return n


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = cli.main(["logs", "verify", "--no-progress", *argv])
    return code, capsys.readouterr().out


def test_fixture_records_are_legal_in_the_engine(capsys):
    report = verify_paths(LOGS)
    d = report.to_dict()
    games = [g for f in find_logs(LOGS) for g in read(f)]
    assert d["games"] == len(games) == 9
    # every logged decision was checked, plus one pass per seat the engine asked and did not call
    per_game = [check_record(g) for g in games]
    assert d["decisions"] == sum(r.decisions for r in per_game)
    assert d["decisions"] > sum(_record_decisions(g) for g in games)
    assert (d["illegal"], d["disagreements"]) == (0, 0)
    assert d["first_illegal"] is None and d["first_disagreement"] is None
    assert d["ok"] is True
    code, out = _run(capsys, str(LOGS))
    assert code == 0
    assert f"engine  decisions {d['decisions']}  illegal 0  disagreements 0" in out.splitlines()


def test_json_fields(capsys):
    code, out = _run(capsys, str(LOGS / "fixture4.mjlog"), "--json")
    assert code == 0
    d = json.loads(out)
    for key in ("decisions", "illegal", "disagreements", "first_illegal", "first_disagreement"):
        assert key in d
    for key in ("decisions", "illegal", "disagreements"):
        assert key in d["special"] and d["special"][key] == 0
    assert d["decisions"] > 0 and d["illegal"] == 0


def test_workers_give_the_same_engine_counts():
    one = verify_paths(LOGS, workers=1).to_dict()
    two = verify_paths(LOGS, workers=2).to_dict()
    for key in ("decisions", "illegal", "disagreements", "first_illegal", "first_disagreement"):
        assert one[key] == two[key]
    assert one["decisions"] > 0


def test_sample_of_the_tenhou_records_has_no_illegal_decision():
    root = shared_data_path("tenhou", "mjlog")
    files = sorted(root.iterdir())[::corpus_step(40)]
    d = verify_paths(files).to_dict()
    assert (d["illegal"], d["disagreements"]) == (0, 0), (d["first_illegal"], d["first_disagreement"])
    assert d["first_illegal"] is None and d["first_disagreement"] is None
    assert d["decisions"] >= floor(15001, 11410)   # the fixture corpus's 21 games: 11,410
    two = verify_paths(files, workers=2).to_dict()
    assert (two["decisions"], two["illegal"], two["disagreements"]) == (d["decisions"], 0, 0)


# ---- a tampered record: a kuikae (swap-call) discard, which Tenhou forbids --------------------
def _kuikae(game):
    """(event index, round label, tampered game): the first discard right after a chi or pon
    replaced by a tile of the called kind from the caller's hand, when that discard is the only
    problem the engine finds in the record (the tile is in the hand, so only the kuikae rule
    refuses it)."""
    n = game.start.players
    hand: dict[int, set] = {}
    after_call = None
    label = None
    evs = list(game.events)
    for i, e in enumerate(evs):
        t = type(e)
        if t is RoundStart:
            hand = {s: set(e.hands[s]) for s in range(n)}
            label, after_call = e.label, None
        elif t is Draw:
            hand[e.seat].add(e.tile)
        elif t is Discard:
            if after_call is not None and after_call[0] == e.seat and e.tile >> 2 != after_call[1]:
                for y in sorted(hand[e.seat]):
                    if y >> 2 == after_call[1]:
                        tampered = dataclasses.replace(
                            game, events=tuple(evs[:i] + [Discard(e.seat, y, False)] + evs[i + 1 :])
                        )
                        rc = check_record(tampered)
                        if rc.illegal != 1 or rc.disagreements or rc.first_illegal["event"] != i:
                            break
                        try:   # the mjai form must still read (its tile tracking follows the hands)
                            parse_mjai(to_mjai_lines(tampered))
                        except LogError:
                            break
                        return i, label, tampered
            after_call = None
            hand[e.seat].discard(e.tile)
        elif t is Call:
            for x in e.tiles:
                if x != e.called:
                    hand[e.seat].discard(x)
            after_call = (e.seat, e.called >> 2) if e.kind in ("chi", "pon") else None
    return None


def test_a_kuikae_discard_is_reported_illegal_with_file_round_and_event(tmp_path, capsys):
    root = shared_data_path("tenhou", "mjlog")
    found = None
    for f in sorted(root.iterdir())[:20]:
        for g in read(f, strict=False):
            if not g.truncated and (found := _kuikae(g)) is not None:
                break
        if found is not None:
            break
    assert found is not None, "no kuikae candidate in the first 20 records"
    index, label, tampered = found
    path = tmp_path / "kuikae.mjai"
    path.write_text(to_mjai_lines(tampered), encoding="utf-8")
    again = read(path)[0]
    assert type(again.events[index]) is Discard  # the writer and reader keep the event order
    with pytest.raises(LogError) as err:   # the replay is the strict engine drive
        replay(again)
    assert (err.value.round, err.value.index) == (label, index) and "not legal" in err.value.problem
    fr = verify_file(path)
    assert fr.errors == []  # verify reports it as the engine's illegal decision, not as a lost game
    code, out = _run(capsys, str(path), "--json")
    assert code == 1
    d = json.loads(out)
    assert d["illegal"] == 1 and d["ok"] is False
    p = d["first_illegal"]
    where = (p["kind"], p["file"], p["game"], p["round"], p["event"])
    assert where == ("illegal", str(path), 0, label, index)
    assert "dahai" in p["what"] and "not legal" in p["what"]
    assert d["wins_agree"] == d["wins"]  # scoring is unaffected; the engine alone refuses it
    code, out = _run(capsys, str(path))
    assert code == 1
    assert f"  first illegal decision: {path} game 0 {label} event {index}: " in out
    assert out.rstrip().splitlines()[-1].startswith("DISAGREE")


def test_a_wrong_tsumogiri_flag_is_the_first_disagreement(tmp_path, capsys):
    """The record says a discard from the hand is the drawn tile (another kind than the draw):
    a disagreement with the engine's draw, named by event."""
    game = read(LOGS / "fixture4.mjai")[0]
    evs = list(game.events)
    index = next(
        i
        for i, e in enumerate(evs)
        if type(e) is Discard
        and not e.tsumogiri
        and type(evs[i - 1]) is Draw
        and evs[i - 1].tile >> 2 != e.tile >> 2
    )
    e = evs[index]
    label = next(x.label for x in reversed(evs[:index]) if type(x) is RoundStart)
    evs[index] = Discard(e.seat, e.tile, True)
    tampered = dataclasses.replace(game, events=tuple(evs))
    with pytest.raises(LogError) as err:   # the replay is the strict engine drive
        replay(tampered)
    assert (err.value.round, err.value.index) == (label, index)
    assert err.value.problem.startswith("record tsumogiri True")
    path = tmp_path / "flag.mjai"
    path.write_text(to_mjai_lines(tampered), encoding="utf-8")
    code, out = _run(capsys, str(path), "--json")
    d = json.loads(out)
    assert code == 1 and d["ok"] is False and d["illegal"] == 0 and d["disagreements"] == 1
    p = d["first_disagreement"]
    where = (p["kind"], p["file"], p["game"], p["round"], p["event"])
    assert where == ("disagreement", str(path), 0, label, index)
    assert p["what"].startswith("record tsumogiri True")
    assert d["first_illegal"] is None
    code, out = _run(capsys, str(path))
    assert f"  first disagreement: {path} game 0 {label} event {index}: record tsumogiri True" in out
