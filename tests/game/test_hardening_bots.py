"""Regressions of the bot runner's hardening (issue 25, items 1-6): bots get nothing hidden, every
bot I/O is bounded, a bot's whole process group ends with the game, bad answers and bots that
cannot start are faults of their seat, an answer must name exactly one legal action, and
callables get copies of the events."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from yakuman.errors import IllegalActionError, InvalidArgumentError
from yakuman.game import Game
from yakuman.game.mjai import play
from yakuman.rules import Rules

from .test_engine_layer import _BOT

T4 = Rules.tenhou()
PY = sys.executable
# a command bot that discards what it draws and passes everything else
BOT = 'PREFIX = ""\n' + _BOT


def tsumogiri(events):
    last = events[-1]
    if last["type"] == "tsumo" and last["pai"] != "?":
        return {"type": "dahai", "actor": last["actor"], "pai": last["pai"], "tsumogiri": True}
    return {"type": "none"}


def _bot_cmd(body: str = BOT) -> list[str]:
    return [PY, "-c", body]


# ---- item 1: bots can see the wall ---------------------------------------------------------------------------
def test_item1_no_bot_receives_the_seed_and_default_seeds_come_from_the_os(tmp_path):
    seen: list[dict] = []

    def spy(events):
        seen.extend(events)
        return tsumogiri(events)

    log = tmp_path / "lines.jsonl"
    tee = BOT.replace("e = json.loads(line)", f"e = json.loads(line); open({str(log)!r}, 'a').write(line)")
    res = play([spy, _bot_cmd(tee), tsumogiri, tsumogiri], T4, seed=77, max_decisions=40)
    assert res.error is None and res.seed == 77
    starts = [e for e in seen if e["type"] == "start_game"] + \
        [json.loads(x) for x in log.read_text().splitlines() if '"start_game"' in x]
    assert len(starts) == 2 and all("seed" not in e for e in starts)
    assert not any("seed" in json.dumps(e) for e in seen)
    # the default seed is drawn from the OS, recorded, and rebuilds the same deal
    a, b = play([tsumogiri] * 4, T4, max_decisions=5), play([tsumogiri] * 4, T4, max_decisions=5)
    assert a.seed != b.seed
    first = next(e for e in a.events if e["type"] == "start_kyoku")
    again = next(e for e in Game(T4, a.seed).events if e["type"] == "start_kyoku")
    assert first["tehais"] == again["tehais"]


def test_item1_game_play_seeds_from_the_os_and_names_files_by_seed(tmp_path, capsys):
    from yakuman.cli import main

    out = tmp_path / "out"
    assert main(["game", "play", "--bots", *[f"{PY} -c '{BOT}'"] * 4, "--games", "2", "--out", str(out),
                 "--timeout", "20"]) == 0
    files = sorted(p.name for p in out.glob("*.mjai.jsonl"))
    seeds = [int(n.split("_")[1].split(".")[0]) for n in files]
    assert len(seeds) == 2 and seeds != [0, 1] and seeds[0] != seeds[1]
    rec = [json.loads(x) for x in (out / files[0]).read_text().splitlines()]
    first = next(e for e in rec if e["type"] == "start_kyoku")
    assert first["tehais"] == next(e for e in Game(T4, seeds[0]).events if e["type"] == "start_kyoku")["tehais"]


# ---- item 2: hangs -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("body, detail", [
    ("import os, time\nos.close(1)\ntime.sleep(30)", "closed its output"),          # stdout closed, still running
    ("import time\ntime.sleep(30)", "no answer within"),
])
def test_item2_every_read_write_and_wait_of_a_command_bot_is_bounded(body, detail):
    t = time.monotonic()
    res = play([_bot_cmd(body), tsumogiri, tsumogiri, tsumogiri], T4, seed=5, timeout=1.0)
    took = time.monotonic() - t
    assert res.error is not None and res.error.seat == 0 and detail in res.error.detail, res.error
    assert took < 1.0 + 1.5, took
    assert all(c is not None for c in res.exit_codes)


def test_item2_a_bot_that_never_reads_its_input_cannot_block_a_write():
    from yakuman.game.mjai import _CommandBot, _Failure

    bot = _CommandBot(_bot_cmd("import time\ntime.sleep(30)"), timeout=1.0)
    t = time.monotonic()
    try:
        with pytest.raises(_Failure, match="did not read its input"):
            bot.send([{"type": "start_game", "names": ["x" * (1 << 20)]}])   # more than a pipe holds
        assert time.monotonic() - t < 2.0
    finally:
        bot.close(time.monotonic())
    assert bot.proc.returncode is not None


def test_item2_a_callable_that_overruns_is_a_timeout_of_its_seat():
    def slow(events):
        time.sleep(5)
        return {"type": "none"}

    t = time.monotonic()
    res = play([tsumogiri, slow, tsumogiri, tsumogiri], T4, seed=5, timeout=0.5)
    assert time.monotonic() - t < 0.5 + 1.0
    assert (res.error.seat, res.error.kind) == (1, "timeout")


@pytest.mark.parametrize("timeout", [float("nan"), float("inf"), -1, 0, True, "1"])
def test_item10_play_refuses_a_timeout_that_is_not_a_finite_positive_number(timeout):
    with pytest.raises(InvalidArgumentError, match="timeout"):
        play([tsumogiri] * 4, T4, seed=1, timeout=timeout)


# ---- item 3: stray processes ----------------------------------------------------------------------------------
def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state   # a zombie is ended (its parent may not reap it in a container)


def test_item3_the_whole_process_group_ends_with_the_game(tmp_path):
    pidfile = tmp_path / "pids"
    bot = tmp_path / "bot.py"
    bot.write_text(BOT)
    # a wrapper shell with a background child, and a bot that starts its own child
    wrapped = f"sh -c 'sleep 300 & echo $! >> {pidfile}; exec {PY} {bot}'"
    spawner = _bot_cmd(f"import subprocess\np = subprocess.Popen(['sleep', '300'])\n"
                       f"open({str(pidfile)!r}, 'a').write(str(p.pid) + '\\n')\n" + BOT)
    res = play([wrapped, spawner, tsumogiri, tsumogiri], T4, seed=2, timeout=20, max_decisions=30)
    assert res.error is None
    pids = [int(x) for x in pidfile.read_text().split()]
    assert len(pids) == 2
    deadline = time.monotonic() + 3
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(p) for p in pids)


# ---- item 4: bad answers and bots that cannot start -----------------------------------------------------------
@pytest.mark.parametrize("field, value", [(f, v) for f in ("consumed", "pai", "target", "tsumogiri", "actor", "type")
                                          for v in (None, 3, 1.5, [], ["5m", 7], "5m", {"a": 1}, True)])
def test_item4_any_shape_of_answer_is_a_fault_of_its_seat_never_an_exception(field, value):
    def odd(events):
        last = events[-1]
        ans = {"type": "dahai", "pai": last.get("pai"), "tsumogiri": True}
        ans[field] = value
        return ans

    res = play([odd, tsumogiri, tsumogiri, tsumogiri], T4, seed=4, timeout=5)
    if res.error is not None:
        assert res.error.seat == 0 and res.error.kind in ("illegal", "malformed")
    g = Game(T4, 4)
    a = g.legal_actions(0)[0].to_mjai()
    a[field] = value
    try:
        g.step(a)
    except IllegalActionError:
        pass


@pytest.mark.parametrize("cmd, detail", [("/nonexistent/bot --x", "cannot start"),
                                         (f"{PY} -c 'print(1)", "cannot split"),
                                         ([], "not a command"), (42, "a bot is a callable")])
def test_item4_a_bot_that_cannot_start_is_a_fault_of_its_seat(cmd, detail):
    res = play([tsumogiri, tsumogiri, cmd, tsumogiri], T4, seed=1)
    assert (res.error.seat, res.error.kind) == (2, "start") and detail in res.error.detail


def test_item4_game_play_keeps_every_game_when_a_bot_fails(tmp_path, capsys):
    from yakuman.cli import main

    out = tmp_path / "o"
    bad = f"{PY} -c " + "'import sys\nfor l in sys.stdin: print(\"{\\\"type\\\": \\\"dahai\\\", \\\"consumed\\\": null}\", flush=True)'"
    code = main(["game", "play", "--bots", bad, *[f"{PY} -c '{BOT}'"] * 3, "--games", "2", "--seed", "3",
                 "--out", str(out), "--timeout", "20"])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err and "game 3: seat 0" in err and "game 4: seat 0" in err
    assert sorted(p.name for p in out.iterdir()) == ["game_3.mjai.jsonl", "game_4.mjai.jsonl"]
    assert main(["game", "play", "--bots", "/nonexistent/x", "y", "z", "w", "--out", str(tmp_path / "p"),
                 "--seed", "1"]) == 1
    assert "seat 0 start: cannot start" in capsys.readouterr().err


def test_item15_game_play_checks_its_out_folder_first(tmp_path, capsys):
    from yakuman.cli import main

    f = tmp_path / "file"
    f.write_text("x")
    for out in (f, f / "sub"):
        assert main(["game", "play", "--bots", "a", "b", "c", "d", "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert "--out" in err and "Traceback" not in err


def test_item10_game_play_takes_a_rules_file(tmp_path, capsys):
    from yakuman.cli import main

    path = tmp_path / "sanma.toml"
    Rules.tenhou_sanma().save(path)
    assert main(["game", "play", "--bots", *[f"{PY} -c '{BOT}'"] * 3, "--rules", str(path), "--seed", "1",
                 "--out", str(tmp_path / "o"), "--timeout", "20"]) == 0
    assert main(["game", "play", "--bots", "a", "b", "c", "--rules", str(tmp_path / "none.toml"),
                 "--out", str(tmp_path / "p")]) == 2
    assert "no such file" in capsys.readouterr().err


# ---- item 5: ambiguous answers --------------------------------------------------------------------------------
def test_item5_an_answer_must_match_exactly_one_legal_action():
    g = Game(T4, 1)
    seat = g.to_act[0]
    with pytest.raises(IllegalActionError, match="ambiguous"):
        g.step({"type": "dahai", "actor": seat})
    with pytest.raises(IllegalActionError, match="ambiguous"):
        g._resolve({"type": "dahai"}, seat)
    res = play([lambda ev: {"type": "dahai"}, tsumogiri, tsumogiri, tsumogiri], T4, seed=1)
    assert (res.error.seat, res.error.kind) == (0, "illegal") and "ambiguous" in res.error.detail
    # another seat's actor is refused, never rewritten
    other = (seat + 1) % 4
    with pytest.raises(IllegalActionError, match=f"names actor {other}"):
        g._resolve(dict(g.legal_actions(seat)[0].to_mjai(), actor=other), seat)
    res = play([lambda ev: dict(tsumogiri(ev), actor=3), tsumogiri, tsumogiri, tsumogiri], T4, seed=1)
    assert (res.error.seat, res.error.kind) == (0, "illegal") and "names actor 3" in res.error.detail


def test_item5_a_chi_without_its_shape_is_refused_when_two_shapes_fit():
    import random

    for seed in range(400):
        g = Game(T4, seed)
        rng = random.Random(seed)
        while not g.done:
            for s in g.to_act:
                chis = [a for a in g.legal_actions(s) if a.type == "chi"]
                if len({a.consumed for a in chis if a.pai == chis[0].pai}) >= 2:
                    with pytest.raises(IllegalActionError, match="ambiguous"):
                        g._resolve({"type": "chi", "pai": chis[0].pai, "target": chis[0].target}, s)
                    a = chis[0]
                    assert g._resolve(a.to_mjai(), s) == a       # with its consumed tiles: that one
                    return
            acts = {s: rng.choice(g.legal_actions(s)) for s in g.to_act}
            g.step(next(iter(acts.values())) if g._st.phase() == 0 else acts)
    pytest.fail("no chi with two shapes in 400 games")


# ---- item 6: bots can rewrite the record ---------------------------------------------------------------------
def test_item6_callables_get_copies_of_the_events():
    def vandal(events):
        ans = tsumogiri(events)
        for e in events:
            e.clear()
            e["type"] = "vandalized"
        return ans

    views: list = []

    def watcher(events):
        views.extend(json.dumps(e, sort_keys=True) for e in events)
        return tsumogiri(events)

    clean_views: list = []

    def clean_watcher(events):
        clean_views.extend(json.dumps(e, sort_keys=True) for e in events)
        return tsumogiri(events)

    res = play([vandal, watcher, tsumogiri, tsumogiri], T4, seed=8, max_decisions=60)
    ref = play([tsumogiri, clean_watcher, tsumogiri, tsumogiri], T4, seed=8, max_decisions=60)
    assert res.events == ref.events and not any(e["type"] == "vandalized" for e in res.events)
    assert views == clean_views


# ---- item 7: a shared mutable cache -------------------------------------------------------------------------
def test_item7_actions_are_immutable_and_shared_values_stay_true():
    import pickle

    g = Game(T4, 1)
    a = g.legal_actions(g.to_act[0])[0]
    for name, value in (("pai", "1m"), ("consumed", ("1m",)), ("actor", 2), ("_code", None), ("new", 1)):
        with pytest.raises(AttributeError):
            setattr(a, name, value)
    with pytest.raises(AttributeError):
        del a.pai
    assert not hasattr(a, "__dict__")
    h = Game(T4, 1)
    assert h.legal_actions(h.to_act[0])[0] == a and a._code is not None
    assert pickle.loads(pickle.dumps(a)) == a


# ---- the third attack (2026-12-06): answers, arguments and what a learning seat is given ------------------
def test_attack3_a_command_bots_huge_integer_is_a_malformed_answer():
    # json.loads refuses an integer of more than 4,300 digits with a plain ValueError, which
    # escaped play() (ValueError out of the game) before
    body = ("import sys\nfor l in sys.stdin:\n"
            "    sys.stdout.write('{\"type\": \"none\", \"x\": ' + '1' * 5000 + '}\\n'); sys.stdout.flush()\n")
    res = play([_bot_cmd(body), tsumogiri, tsumogiri, tsumogiri], T4, seed=1, timeout=10)
    assert (res.error.seat, res.error.kind) == (0, "malformed") and "4300 digits" in res.error.detail


class _Raises(dict):
    def get(self, *args):
        raise RuntimeError("a bot's own get")


class _Sleeps(dict):
    def get(self, *args):
        time.sleep(30)

    def __eq__(self, other):
        time.sleep(30)
        return False

    __hash__ = None


class _BadRepr(dict):
    def __repr__(self):
        raise RuntimeError("a bot's own repr")


class _BadStr(Exception):
    def __str__(self):
        raise RuntimeError("no message")


@pytest.mark.parametrize("answer, kind", [
    (_Raises(type="dahai", actor=9), "illegal"),   # RuntimeError out of play() before
    (_Sleeps(type="dahai"), "illegal"),            # play() hung in the game's thread before
    (_BadRepr(type=7), "malformed"),
    (_BadRepr(type="dahai", actor=9), "illegal"),
    (object(), "malformed"),
    ({"type": "dahai", "pai": 10**5000}, "malformed"),
])
def test_attack3_a_callables_answer_runs_none_of_its_code_in_the_games_thread(answer, kind):
    t = time.monotonic()
    res = play([lambda ev: answer, tsumogiri, tsumogiri, tsumogiri], T4, seed=1, timeout=2)
    assert time.monotonic() - t < 2 + 1.5
    assert (res.error.seat, res.error.kind) == (0, kind), res.error


def test_attack3_a_callable_whose_exception_has_no_message_is_a_crash_of_its_seat():
    def bad(events):
        raise _BadStr()

    res = play([bad, tsumogiri, tsumogiri, tsumogiri], T4, seed=1, timeout=2)
    assert (res.error.seat, res.error.kind) == (0, "crash") and "_BadStr" in res.error.detail


@pytest.mark.parametrize("value", [None, "5", 1.5, -1, float("nan"), True])
def test_attack3_play_checks_max_decisions(value):
    with pytest.raises(InvalidArgumentError, match="max_decisions"):
        play([tsumogiri] * 4, T4, seed=1, max_decisions=value)


def test_attack3_arena_takes_an_actions_fields_not_its_engine_code():
    # a callable answering with an Action made by hand whose fields are its first legal action and
    # whose engine code is its last one: the engine code was applied before (the game followed the
    # last action, and arena's check of the actor read the fields); now the fields decide
    from yakuman.game import Action, arena

    def forger(obs):
        first, last = obs.legal_actions[0], obs.legal_actions[-1]
        return Action(first.type, first.actor, first.pai, first.consumed, first.target, first.tsumogiri, last._code)

    def first(obs):
        return obs.legal_actions[0]

    res = arena([forger, "tsumogiri", "tsumogiri", "tsumogiri"], 2, seed=3)
    ref = arena([first, "tsumogiri", "tsumogiri", "tsumogiri"], 2, seed=3)
    assert (res.scores == ref.scores).all() and (res.placements == ref.placements).all()


def test_attack3_the_gym_environment_gives_the_learning_seat_no_seed_and_takes_integer_actions():
    pytest.importorskip("gymnasium")
    import numpy as np

    from yakuman.game.gym_env import MahjongEnv

    env = MahjongEnv()
    obs, info = env.reset(seed=5)
    assert info == {}                                   # info["game_seed"] gave every wall away before
    assert Game(env.rules, env.game_seed).events[1] == env.game.events[1]
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    for bad in (legal + 0.9, str(legal), None, np.array([legal, legal])):   # int() took the first two
        with pytest.raises(InvalidArgumentError, match="action"):
            env.step(bad)
    o, r, done, _, info = env.step(10**30)              # OverflowError before
    assert info["illegal_action"] and r == -1.0
    o, r, done, _, info = env.step(np.int64(legal))
    assert not info["illegal_action"]


def test_attack3_the_pettingzoo_environment_takes_integer_actions():
    pytest.importorskip("pettingzoo")
    from yakuman.errors import IllegalActionError
    from yakuman.game.pz_env import MahjongAEC

    aec = MahjongAEC()
    aec.reset(seed=1)
    for bad in (3.5, "x", None):
        with pytest.raises(InvalidArgumentError, match="action"):
            aec.step(bad)
    with pytest.raises(IllegalActionError):
        aec.step(10**30)
