"""Games between mjai bots: Python callables and external commands; failures by seat."""

from __future__ import annotations

import sys
import time

from yakuman.game import Game
from yakuman.game.mjai import mask_event, play
from yakuman.rules import Rules

EXAMPLE = [sys.executable, "-c", "from yakuman.game.mjai import _example_bot_main; _example_bot_main()"]


def test_callable_bots_play_a_whole_game():
    import yakuman.game.mjai as m

    calls = []

    def tsumogiri(events):
        calls.append(events)
        last = events[-1]
        if last["type"] == "tsumo" and last["pai"] != "?":
            return {"type": "dahai", "pai": last["pai"], "tsumogiri": True}
        return {"type": "none"}

    res = m.play([tsumogiri] * 4, seed=3)
    assert res.ok and res.game.done and res.error is None
    # every bot saw only its own draws
    for evs in calls:
        for e in evs:
            if e["type"] == "start_kyoku":
                assert sum(h[0] != "?" for h in e["tehais"]) == 1


def test_a_crashing_or_illegal_bot_is_reported_by_seat():
    def tsumogiri(events):
        last = events[-1]
        if last["type"] == "tsumo" and last["pai"] != "?":
            return {"type": "dahai", "pai": last["pai"], "tsumogiri": True}
        return {"type": "none"}

    def crash(events):
        raise RuntimeError("boom")

    res = play([tsumogiri, crash, tsumogiri, tsumogiri], seed=1)
    assert res.error.seat == 1 and res.error.kind == "crash" and "boom" in res.error.detail
    assert res.events and res.events[0]["type"] == "start_game"

    def cheat(events):
        return {"type": "dahai", "pai": "9z", "tsumogiri": False}

    res = play([cheat, tsumogiri, tsumogiri, tsumogiri], seed=1)
    assert res.error.seat == 0 and res.error.kind in ("illegal", "malformed")


def test_command_bots_and_a_hanging_one():
    res = play([EXAMPLE] * 4, seed=5, timeout=20)
    assert res.ok, res.error
    assert res.exit_codes == [0, 0, 0, 0]
    hang = [sys.executable, "-c", "import time; time.sleep(60)"]
    t = time.monotonic()
    res = play([hang, EXAMPLE, EXAMPLE, EXAMPLE], seed=5, timeout=1.0)   # seat 0 is asked first
    assert time.monotonic() - t < 20
    assert res.error.seat == 0 and res.error.kind == "timeout"
    assert all(c is not None for c in res.exit_codes)      # every process reaped
    bad = [sys.executable, "-c", "import sys\nfor l in sys.stdin: print('nope', flush=True)"]
    res = play([EXAMPLE, EXAMPLE, bad, EXAMPLE], seed=5, timeout=5.0)
    assert res.error.seat == 2 and res.error.kind == "malformed"


def test_mask_event_hides_other_seats():
    g = Game(Rules.tenhou(), 1)
    e = g.events[1]
    m = mask_event(e, 2)
    assert m["tehais"][2] == e["tehais"][2] and m["tehais"][0] == ["?"] * 13
    t = g.events[2]
    assert mask_event(t, 1)["pai"] == "?" and mask_event(t, 0)["pai"] == t["pai"]


def test_cli_game_play(tmp_path, capsys):
    from yakuman.cli import main

    bot = " ".join(EXAMPLE[:2]) + ' "' + EXAMPLE[2] + '"'
    rc = main(["game", "play", "--bots", bot, bot, bot, bot, "--games", "2", "--out", str(tmp_path), "--seed", "4"])
    assert rc == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["game_4.mjai.jsonl", "game_4.tenhou6.json", "game_5.mjai.jsonl", "game_5.tenhou6.json"]
    assert "2/2 games" in capsys.readouterr().err
