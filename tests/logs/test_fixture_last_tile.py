"""The fixture game of kans on the last live tile (tests/fixtures/last_tile, written by
tools/make_fixtures.py ``fixture_last_tile``), so that a clone with nothing beside it tests the rule.

In each of its four hands a kan is declared while one live tile remains: E1 an ankan, E2 an open
kan, E3 an added kan, each followed by a ron on the discard after the replacement draw (houtei
under Tenhou, as its records show: houtei_after_rinshan); E4 an open kan whose replacement draw
wins (rinshan only, no haitei). The values are the hand-worked ones of the generator.
"""

from __future__ import annotations

import importlib.util
import json

import pytest

from yakuman import cli, logs, score
from yakuman.logs import LogError, iter_wins
from yakuman.logs.frame import rows
from yakuman.rules import Rules

from tests.conftest import REPO

from .conftest import FIXTURES

LAST_TILE = FIXTURES / "last_tile"
FORMATS = (".mjlog", ".json", ".mjai")
# (round, winner, from, situation flags, yaku, han, fu, points, deltas) worked out by hand
WINS = [
    ("E1-0", 2, 0, {"houtei"}, {"houtei", "pinfu", "tanyao"}, 3, 30, 3900, (-3900, 0, 3900, 0)),
    ("E2-0", 2, 3, {"houtei"}, {"houtei", "pinfu", "tanyao"}, 3, 30, 3900, (0, 0, 3900, -3900)),
    ("E3-0", 0, 3, {"houtei"}, {"houtei", "pinfu", "tanyao"}, 3, 30, 3900, (3900, 0, 0, -3900)),
    ("E4-0", 0, 0, {"rinshan"}, {"rinshan"}, 1, 40, 1500, (1500, -400, -400, -700)),
]
KANS = ["ankan", "daiminkan", "kakan", "daiminkan"]
# fixture3_last_tile (sanma): a North set aside with one live tile left, then houtei / rinshan
WINS3 = [
    ("E1-0", 1, 2, {"houtei"}, {"houtei", "pinfu", "tanyao", "dora"}, 4, 30, 7700, (0, 7700, -7700)),
    ("E2-0", 0, 0, {"rinshan"}, {"menzen_tsumo", "pinfu", "rinshan", "kita"}, 4, 20, 3900, (3900, -2600, -1300)),
    ("E3-0", 1, 2, set(), {"pinfu", "tanyao"}, 2, 30, 2000, (0, 2000, -2000)),
]


def _game(suffix: str, name: str = "fixture_last_tile"):
    (g,) = logs.read(LAST_TILE / f"{name}{suffix}")
    return g


def _check_wins(game, wins) -> None:
    cases = list(iter_wins(game))
    assert len(cases) == len(wins)
    for c, (label, seat, src, flags, yaku, han, fu, points, deltas) in zip(cases, wins):
        assert (c.round.label, c.seat, c.from_seat) == (label, seat, src)
        assert {k for k, v in c.situation().items() if v} == flags
        assert c.inputs.haitei is False
        s = score(**c.inputs.kwargs())
        assert ({y.name.lower() for y, _ in s.yaku}, s.han, s.fu, s.points) == (yaku, han, fu, points)
        assert (c.record.han, c.record.points, tuple(c.record.deltas)) == (han, points, deltas)


def test_the_files_are_what_the_generator_writes():
    spec = importlib.util.spec_from_file_location("make_fixtures", REPO / "tools" / "make_fixtures.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    files = mod.last_tile_outputs()
    assert sorted(files) == sorted(p.name for p in LAST_TILE.iterdir() if p.suffix in FORMATS)
    for name, text in files.items():
        assert (LAST_TILE / name).read_text(encoding="utf-8") == text, f"{name} is stale: run tools/make_fixtures.py"


@pytest.mark.parametrize("suffix", FORMATS)
def test_each_kan_on_the_last_tile_replays_as_tenhou_scored_it(suffix):
    game = _game(suffix)
    _check_wins(game, WINS)
    # each round: the kan on the 69th draw, its replacement the 70th (the last) live-wall draw
    for label, kind in zip((w[0] for w in WINS), KANS):
        evs = [e for e in game.events]
        start = next(i for i, e in enumerate(evs) if type(e).__name__ == "RoundStart" and e.label == label)
        end = next(i for i, e in enumerate(evs) if i > start and type(e).__name__ == "Win")
        draws = [e for e in evs[start:end] if type(e).__name__ == "Draw"]
        calls = [e.kind for e in evs[start:end] if type(e).__name__ == "Call"]
        assert len(draws) == 70 and calls[-1] == kind, (label, len(draws), calls)


@pytest.mark.parametrize("suffix", FORMATS)
def test_a_kita_on_the_last_tile_replays_as_tenhou_scored_it(suffix):
    game = _game(suffix, "fixture3_last_tile")
    _check_wins(game, WINS3)
    kitas = [i for i, e in enumerate(game.events) if type(e).__name__ == "Call" and e.kind == "kita"]
    assert len(kitas) == 2
    for i in kitas:   # each kita right after the 54th draw; its replacement is the 55th, the last
        start = max(j for j in range(i) if type(game.events[j]).__name__ == "RoundStart")
        draws = [e for e in game.events[start:i] if type(e).__name__ == "Draw"]
        assert len(draws) == 54 and type(game.events[i + 1]).__name__ == "Draw"


def test_without_houtei_after_rinshan_the_engine_refuses_the_records_values():
    """The same record under houtei_after_rinshan = false: the engine withholds houtei, pays the
    first ron 2 han 30 fu = 2000 and refuses the record's 3900 at that win."""
    off = Rules.tenhou().replace(houtei_after_rinshan=False)
    with pytest.raises(LogError, match=r"round E1-0, .*win deltas \[-2000, 0, 2000, 0\] != record \[-3900, 0, 3900, 0\]"):
        list(iter_wins(_game(".mjlog"), off))
    off3 = Rules.tenhou_sanma().replace(houtei_after_rinshan=False)   # after a kita: 3 han, 3900
    with pytest.raises(LogError, match=r"round E1-0, .*win deltas \[0, 3900, -3900\] != record \[0, 7700, -7700\]"):
        list(iter_wins(_game(".mjlog", "fixture3_last_tile"), off3))


def test_verify_agrees_and_the_frame_carries_houtei(capsys):
    code = cli.main(["logs", "verify", "--no-progress", "--json", str(LAST_TILE)])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["ok"] and d["errors"] == 0
    assert (d["files"], d["games"], d["rounds"], d["wins"], d["wins_agree"]) == (6, 6, 21, 21, 21)
    assert (d["illegal"], d["disagreements"]) == (0, 0) and d["decisions"] > 1000
    got = [(r["round_label"], r["houtei"], r["haitei"], r["rinshan"], r["calc_han"], r["calc_points"])
           for r in rows(_game(".mjlog")) if r["kind"] == "win"]
    assert got == [("E1", True, False, False, 3, 3900), ("E2", True, False, False, 3, 3900),
                   ("E3", True, False, False, 3, 3900), ("E4", False, False, True, 1, 1500)]


def test_the_mjai_hora_events_list_houtei():
    lines = [json.loads(x) for x in (LAST_TILE / "fixture_last_tile.mjai").read_text().splitlines()]
    hora = [e for e in lines if e["type"] == "hora"]
    assert [sorted(y for y, _ in e["yakus"]) for e in hora] == [sorted(w[4]) for w in WINS]
    assert [tuple(e["deltas"]) for e in hora] == [w[8] for w in WINS]
