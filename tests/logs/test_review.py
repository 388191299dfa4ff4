"""yakuman.logs.review and ``yakuman logs review``: every decision of the chosen player judged once,
the taken action among the legal ones, the figures equal to those recomputed from the Parquet rows,
three-player and East-only games, any number of workers, a dying worker, the HTML report in a
real headless browser."""

from __future__ import annotations

import json
import math
import re

import pytest

from tests.conftest import FIXTURES, SHARED_DATA, SKIP_REASON
from tests.logs.conftest import need_chromium, render_in_chromium
from yakuman import cli, logs
from yakuman.errors import InvalidContextError
from yakuman.game import Game
from yakuman.logs.events import Call, Discard, RiichiAccept, RiichiDeclare, Win
from yakuman.logs.review import ROW_FIELDS, figures, label, review

LOGS = FIXTURES / "logs"
FILES = sorted(p for p in LOGS.iterdir() if p.suffix in (".mjlog", ".json", ".mjai"))


def _answer_index(evs, i):
    """A ron's decision is the answer to the discard: the driver names the run's first win."""
    while i > 0 and type(evs[i]) is Win and evs[i].seat != evs[i].from_seat and type(evs[i - 1]) is Win:
        i -= 1
    return i


def _own_events(record, seat):
    """Indexes of the seat's own decision events (discard, riichi, call, win), and of its
    discards made while in riichi (forced unless it could also win or kan)."""
    own, in_riichi, riichi = set(), set(), False
    for i, e in enumerate(record.events):
        t = type(e)
        if t is RiichiAccept and e.seat == seat:
            riichi = True
        if getattr(e, "seat", None) != seat or t not in (Discard, RiichiDeclare, Call, Win):
            if type(e).__name__ == "RoundStart":
                riichi = False
            continue
        if t is Discard and riichi:
            in_riichi.add(i)
        own.add(_answer_index(record.events, i))
    return own, in_riichi


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_decision_once_and_taken_among_the_legal(path):
    (record,) = logs.read(path)
    for seat in range(record.start.players):
        rep = review(path, seat=seat, policy="greedy")
        assert rep.errors == []
        rows = rep.rows
        keys = [(r["event"], r["seat"]) for r in rows]
        assert len(keys) == len(set(keys))                       # once
        for r in rows:
            assert set(r) == set(ROW_FIELDS)
            assert r["taken"] in json.loads(r["options"])      # among the legal actions
            assert r["players"] == record.start.players
        own, _ = _own_events(record, seat)
        events = {r["event"] for r in rows}
        # every own decision event is a row, but a discard with nothing else legal (a riichi hand's)
        missing = {i for i in own if i not in events}
        for i in missing:
            assert len(Game.from_record(record, i).legal_actions(seat)) == 1, (seat, i, record.events[i])
        calls = [i for i in own if type(record.events[i]) is Call and record.events[i].kind in ("chi", "pon",
                                                                                                  "daiminkan")]
        for i in calls:
            assert any(r["event"] == i and r["kind"] == "call" for r in rows)


def test_figures_from_the_parquet_rows_equal_the_summary(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    rep = review(LOGS, seat=0, policy="rollout", rollouts=8)
    out = tmp_path / "d.parquet"
    assert rep.write_parquet(out) == len(rep.rows)
    df = pd.read_parquet(out)
    assert list(df.columns) == list(ROW_FIELDS)
    rows = df.to_dict("records")
    for r in rows:   # pandas gives NaN / None for the missing values
        r["agree"] = None if r["agree"] is None or (isinstance(r["agree"], float) and math.isnan(r["agree"])) \
            else bool(r["agree"])
    mine, theirs = figures(rows), rep.to_dict()
    for k in ("decisions", "agreement", "bad_move_rate", "judged", "bad", "agree", "with_verdict"):
        assert mine[k] == theirs[k], k
    assert mine["total_loss"] == pytest.approx(theirs["total_loss"], rel=1e-12)
    assert sum(g["decisions"] for g in theirs["per_game"]) == theirs["decisions"] == len(df)
    assert sum(g["decisions"] for g in theirs["per_round"]) == len(df)


def test_rollout_values_are_points_and_the_loss_is_best_minus_taken():
    rep = review(LOGS / "fixture4.mjlog", seat=0, policy="rollout", rollouts=8)
    for r in rep.rows:
        vals = {k: v for k, v in json.loads(r["options"]).items()}
        assert r["units"] == "points" and r["judged"]
        assert r["loss"] == pytest.approx(max(vals.values()) - vals[r["taken"]], abs=1e-3)
        assert r["agree"] == (r["loss"] <= 1e-9)
        assert r["bad"] == (r["loss"] > max(0.05 * abs(max(vals.values())), 100.0))
        assert (r["position"] is not None) == r["bad"]


def test_three_player_and_east_only_games():
    for path, players, length in ((LOGS / "fixture3.mjlog", 3, None), (LOGS / "fixture4.mjlog", 4, "tonpuusen")):
        (record,) = logs.read(path)
        assert record.start.players == players
        if length:
            assert record.start.length == length
        rep = review(path, player=record.start.names[1], policy="rollout", rollouts=4)
        assert rep.games == 1 and rep.errors == [] and len(rep.rows) > 10
        assert {r["players"] for r in rep.rows} == {players}
        assert {r["seat"] for r in rep.rows} == {1}


def test_workers_give_the_same_rows_and_a_dying_worker_loses_only_its_file(tmp_path, monkeypatch):
    one = review(LOGS, seat=2, policy="greedy")
    two = review(LOGS, seat=2, policy="greedy", workers=2)
    assert json.dumps(one.rows) == json.dumps(two.rows) and two.workers == 2   # NaN losses compare as text
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", "fixture4b.json")   # that file's worker dies every time
    dead = review(LOGS, seat=2, policy="greedy", workers=2)
    assert [e["file"] for e in dead.errors] == [str(LOGS / "fixture4b.json")]
    assert "worker died" in dead.errors[0]["error"]
    assert json.dumps(dead.rows) == json.dumps([r for r in one.rows if r["file"] != str(LOGS / "fixture4b.json")])
    assert any(d["retried"] == "died again" for d in dead.worker_deaths)


def test_callable_policies():
    def first(o):
        return o.legal_actions[0]

    def valued(o):
        return {a: float(i) for i, a in enumerate(o.legal_actions)}

    a = review(LOGS / "fixture4.mjlog", seat=0, policy=first)
    assert a.rows and all(math.isnan(r["loss"]) and r["bad"] is None and not r["judged"] for r in a.rows)
    assert all(r["agree"] is not None for r in a.rows)
    d = a.to_dict()
    assert d["judged"] == 0 and d["bad_move_rate"] is None and d["with_verdict"] == len(a.rows)
    b = review(LOGS / "fixture4.mjlog", seat=0, policy=valued)
    assert all(r["judged"] and r["units"] == "policy" for r in b.rows)
    for r in b.rows:
        vals = json.loads(r["options"])
        assert r["loss"] == max(vals.values()) - vals[r["taken"]]


def _ev_rows_of(game, seat):
    """discard_ev of what the seat sees with the ev policy's settings (yakuman.game.evplanes.ev_options)."""
    from yakuman.ev import discard_ev
    from yakuman.game.evplanes import ev_options

    kw = ev_options(game.observation(seat))
    return discard_ev(kw.pop("hand"), **kw).rows


def test_ev_values_are_the_ev_policys_own():
    # policy="ev" values a discard as the engine's ev policy does (csrc/ym_game_ev.c): the same
    # position and settings as discard_ev with ev_options (t_max = 1 + the seat's draws left, turn 1,
    # at 3 shanten no exchanges and no shanten-down discards), and the policy plays the best of them
    from yakuman.game.view import mpsz

    pytest.importorskip("yakuman.ev")
    checked = tmaxes = 0
    for name, seat in (("fixture4b.mjlog", 1), ("fixture4b.mjlog", 2), ("fixture3.mjlog", 2)):
        record = logs.read(LOGS / name)[0]
        rep = review(LOGS / name, seat=seat, policy="ev", rollouts=0)
        for r in rep.rows:
            if r["method"] != "ev" or "reach" in json.loads(r["options"]):   # riichi decisions: below
                continue
            g = Game.from_record(record, r["event"])
            rows = _ev_rows_of(g, seat)
            tmaxes |= 1 << (g.observation(seat).tiles_left // g.rules.players)
            value = {row.tile: row.exp_score[1] for row in rows}
            for lab, v in json.loads(r["options"]).items():
                w = value[mpsz([lab.split()[1]])]
                assert (v is None and math.isnan(w)) or v == pytest.approx(w, abs=1e-4), (name, r["event"], lab)
            assert r["best"] == label(g.policy_action(seat, "ev"))
            checked += 1
    assert checked >= 25 and bin(tmaxes).count("1") >= 10   # positions at many different draws left


def test_ev_riichi_or_dama_by_the_model_the_policy_declares_by():
    # a decision between riichi and the discards: each discard valued as dama (the policy's own
    # row where the model prefers dama with it, else riichi="never"), riichi as the best tenpai
    # discard under riichi="declare"; the best is what the engine's ev policy plays
    from yakuman.ev import discard_ev
    from yakuman.game.evplanes import ev_options
    from yakuman.game.view import mpsz

    pytest.importorskip("yakuman.ev")
    checked = declared = 0
    for name, seat in (("fixture4.mjlog", 2), ("fixture4b.mjlog", 0)):
        record = logs.read(LOGS / name)[0]
        for r in review(LOGS / name, seat=seat, policy="ev", rollouts=0).rows:
            opts = json.loads(r["options"])
            if "reach" not in opts or r["method"] != "ev":
                continue
            g = Game.from_record(record, r["event"])
            kw = ev_options(g.observation(seat))
            hand = kw.pop("hand")
            rows = {m: {x.tile: x for x in discard_ev(hand, **{**kw, "riichi": m}).rows}
                    for m in ("choose", "never", "declare")}
            assert opts["reach"] == pytest.approx(max(x.exp_score[1] for x in rows["declare"].values()
                                                      if x.riichi[1]), abs=1e-4)
            for lab, v in opts.items():
                if lab != "reach":
                    t = mpsz([lab.split()[1]])
                    mode = "never" if rows["choose"][t].riichi[1] else "choose"
                    assert v == pytest.approx(rows[mode][t].exp_score[1], abs=1e-4), (name, r["event"], lab)
            assert r["best"] == label(g.policy_action(seat, "ev"))
            checked += 1
            declared += r["best"] == "reach"
    assert checked >= 15 and 0 < declared < checked


def test_ev_a_discard_beyond_the_policys_cap_is_not_judged_but_disagrees():
    # fixture3 seat 2, event 133: a 3-shanten hand discards South (4 shanten after it): the policy
    # values only the discards that keep 3 shanten (1776.4 points each), so the row has no loss and
    # its verdict is the policy's top choice (9m)
    pytest.importorskip("yakuman.ev")
    rep = review(LOGS / "fixture3.mjlog", seat=2, policy="ev", rollouts=0)
    (r,) = [r for r in rep.rows if r["event"] == 133]
    opts = json.loads(r["options"])
    assert r["taken"] == "dahai S" and opts["dahai S"] is None and opts["dahai 3p"] is None
    assert opts["dahai 9m"] == opts["dahai P"] == pytest.approx(1776.3952, abs=1e-4)
    assert r["method"] == "ev" and not r["judged"] and math.isnan(r["loss"])
    assert r["agree"] is False and r["best"] == "dahai 9m"


def test_ev_leaves_what_the_policy_leaves_to_greedy_to_greedy():
    # a hand above the policy's cap (4+ shanten): the engine's ev policy plays greedy's discard,
    # and the review gives greedy's action as its choice (agreement only)
    pytest.importorskip("yakuman.ev")
    seen = 0
    for name, seat in (("fixture4.mjlog", 0), ("fixture4b.mjlog", 1)):
        record = logs.read(LOGS / name)[0]
        for r in review(LOGS / name, seat=seat, policy="ev", rollouts=0).rows:
            if r["method"] != "choice" or r["kind"] != "discard":
                continue
            g = Game.from_record(record, r["event"])
            assert r["best"] == label(g.policy_action(seat, "greedy")) == label(g.policy_action(seat, "ev"))
            assert not r["judged"] and r["agree"] == (r["best"] == r["taken"])
            seen += 1
    assert seen >= 10


def test_bad_arguments_are_refused():
    with pytest.raises(InvalidContextError, match="exactly one"):
        review(LOGS, policy="greedy")
    with pytest.raises(InvalidContextError, match="seat"):
        review(LOGS, seat=7)
    with pytest.raises(InvalidContextError, match="policy"):
        review(LOGS, seat=0, policy="nonsense")
    with pytest.raises(InvalidContextError, match="rollouts"):
        review(LOGS, seat=0, rollouts=-1)


@pytest.mark.parametrize("kwargs, match", [
    ({}, "exactly one of player= .a name. and seat="),
    ({"player": "A", "seat": 0}, "exactly one"),
    ({"player": 3}, "player must be a name .str., not 3"),
    ({"seat": 4}, "seat must be 0..3, not 4"),
    ({"seat": -1}, "seat must be 0..3, not -1"),
    ({"seat": True}, "seat must be 0..3, not True"),
    ({"seat": 1.0}, "seat must be 0..3, not 1.0"),
    ({"seat": 0, "rollouts": -1}, "rollouts must be a non-negative integer, not -1"),
    ({"seat": 0, "rollouts": 2.0}, "rollouts must be a non-negative integer, not 2.0"),
    ({"seat": 0, "seed": -1}, "seed must be an integer in 0 .. 2..64 - 1, not -1"),
    ({"seat": 0, "seed": 2 ** 64}, "seed must be an integer"),
    ({"seat": 0, "seed": "1"}, "seed must be an integer"),
    ({"seat": 0, "bad_relative": -0.01}, "bad_relative must be a finite number >= 0, not -0.01"),
    ({"seat": 0, "bad_relative": float("nan")}, "bad_relative must be a finite number >= 0, not nan"),
    ({"seat": 0, "bad_relative": float("inf")}, "bad_relative"),
    ({"seat": 0, "bad_relative": "5%"}, "bad_relative"),
    ({"seat": 0, "policy": "nonsense"}, "policy must be 'ev', 'greedy', 'rollout', a callable or an mjai bot"),
])
def test_every_entry_point_refuses_the_same_bad_arguments(kwargs, match):
    """review, review_dask and review_file share one check: a bad argument is refused before any
    file is read (review_dask before the client is touched: None stands for it here), never a
    silent empty review (a seat out of range matched no game) or a per-game error."""
    from yakuman.logs.review import review_dask, review_file

    with pytest.raises(InvalidContextError, match=match):
        review(LOGS, **kwargs)
    with pytest.raises(InvalidContextError, match=match):
        review_dask(LOGS, None, **kwargs)
    with pytest.raises(InvalidContextError, match=match):
        review_file(LOGS / "fixture4.mjlog", **kwargs)


def test_limits_at_the_edges_are_accepted():
    """The edges of each rule are legal values: seat 3 of a four-player record, rollouts 0, seed
    2**64 - 1, bad_relative 0 (an integer too): every judged loss above the floor is bad."""
    from yakuman.logs.review import review_file

    fr = review_file(LOGS / "fixture4.mjlog", seat=3, policy="greedy", rollouts=0, seed=2 ** 64 - 1, bad_relative=0)
    assert fr.errors == [] and fr.games == 1 and fr.rows
    judged = [r for r in fr.rows if r["judged"]]
    assert judged and all(r["bad"] == (r["loss"] > 1.0) for r in judged)


def test_review_dask_refuses_files_per_task_below_one():
    from yakuman.logs.review import review_dask

    for bad in (0, -2, 1.5):
        with pytest.raises(InvalidContextError, match=f"files_per_task must be a positive integer, not {bad}"):
            review_dask(LOGS, None, seat=0, files_per_task=bad)


def test_cli_json_out_and_html(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    out, html = tmp_path / "d.parquet", tmp_path / "r.html"
    code = cli.main(["logs", "review", str(LOGS / "fixture4.mjlog"), "--player", "Ayame", "--policy", "rollout",
                     "--rollouts", "4", "--json", "--out", str(out), "--html", str(html)])
    d = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"decisions", "agreement", "bad_move_rate", "total_loss", "per_game", "per_round", "worst"} <= set(d)
    assert d["decisions"] > 10 and out.stat().st_size > 0 and html.read_text().startswith("<!DOCTYPE html>")
    code = cli.main(["logs", "review", str(LOGS), "--player", "nobody"])
    assert code == 2 and "no game of a player named 'nobody'" in capsys.readouterr().err
    code = cli.main(["logs", "review", str(LOGS)])
    assert code == 2 and "exactly one" in capsys.readouterr().err
    code = cli.main(["logs", "review", str(LOGS / "fixture4.mjlog"), "--seat", "0"])
    text = capsys.readouterr().out
    assert code == 0 and "agreement" in text and "decisions" in text


def test_html_report_renders_in_chromium(tmp_path):
    need_chromium()
    from yakuman.logs.review_html import write_html

    rep = review(LOGS / "fixture4.mjlog", seat=0, policy="rollout", rollouts=8)
    assert any(r["bad"] for r in rep.rows)
    out = tmp_path / "review.html"
    write_html(rep, out)
    text = out.read_text()
    assert "<script" not in text and not re.search(r"(src|href)=['\"]https?:", text)   # self-contained
    shot = tmp_path / "review.png"
    dom = render_in_chromium(out, shot, "1200,1600")
    bad = sum(1 for r in rep.rows if r["bad"])
    assert dom.count('class="decision"') == min(bad, 60)
    assert dom.count("<svg") > 3 * min(bad, 60)     # hands, rivers, dora per picture, and the plots
    from PIL import Image

    img = Image.open(shot).convert("L")
    w, h = img.size
    hist = img.histogram()
    dark = sum(hist[:128]) / (w * h)
    assert dark > 0.005, "the rendered page is blank"
    colors = Image.open(shot).convert("RGB").getcolors(1 << 20)
    assert colors is not None and len(colors) > 50            # tiles, text and plots, not a flat page


@pytest.mark.skipif(not (SHARED_DATA / "tenhou" / "mjlog").is_dir(), reason=SKIP_REASON)
def test_real_records_reviewed_end_to_end():
    files = sorted((SHARED_DATA / "tenhou" / "mjlog").iterdir())[100:106]
    games = [g for f in files for g in logs.read(f)]
    name = games[0].start.names[0]
    rep = review(files, seat=0, policy="greedy")
    assert rep.games == len(games) and rep.errors == []
    for g, f in zip(games, files):
        rows = [r for r in rep.rows if r["file"] == str(f)]
        own, _ = _own_events(g, 0)
        for i in {i for i in own if i not in {r["event"] for r in rows}}:
            assert len(Game.from_record(g, i).legal_actions(0)) == 1
        assert all(r["taken"] in json.loads(r["options"]) for r in rows)
    by_name = review(files[0], player=name, policy="greedy")
    assert json.dumps(by_name.rows) == json.dumps([r for r in rep.rows if r["file"] == str(files[0])])


@pytest.mark.skipif(not (SHARED_DATA / "tenhou" / "mjlog").is_dir(), reason=SKIP_REASON)
def test_real_records_ev_best_is_the_engines_ev_action():
    # policy="ev" on a real game: every discard and riichi decision it values names as best the
    # action the engine's ev policy plays in that position; what it leaves to greedy is greedy's;
    # its discard values are discard_ev's with ev_options (red fives seen in rivers included)
    from yakuman.game.view import mpsz

    pytest.importorskip("yakuman.ev")
    path = sorted((SHARED_DATA / "tenhou" / "mjlog").iterdir())[100]
    (record,) = logs.read(path)
    rep = review(path, seat=1, policy="ev", rollouts=2)
    assert rep.errors == [] and rep.games == 1
    valued = 0
    for r in rep.rows:
        if r["kind"] not in ("discard", "riichi") or r["method"] == "rollout":
            continue
        g = Game.from_record(record, r["event"])
        policy = "ev" if r["method"] == "ev" else "greedy"
        assert r["best"] == label(g.policy_action(1, policy)), r
        valued += r["method"] == "ev" and r["judged"]
        opts = json.loads(r["options"])
        if r["method"] == "ev" and "reach" not in opts:   # and the values are ev_planes' (ev_options)
            value = {row.tile: row.exp_score[1] for row in _ev_rows_of(g, 1)}
            for lab, v in opts.items():
                w = value[mpsz([lab.split()[1]])]
                assert (v is None and math.isnan(w)) or v == pytest.approx(w, abs=1e-4), (r["event"], lab)
    assert valued >= 30


def test_an_mjai_bot_command_as_the_policy(monkeypatch):
    """The project's example bot (discards what it draws, passes everything else) as a process:
    it agrees exactly where the player discarded the drawn tile or passed."""
    import sys

    monkeypatch.setenv("YAKUMAN_EXAMPLE_BOT", "1")
    cmd = f"{sys.executable} -m yakuman.game.mjai"
    for path in (LOGS / "fixture4.mjlog", LOGS / "fixture3.mjai"):
        rep = review(path, seat=1, policy=cmd)
        assert rep.errors == [] and rep.rows
        verdicts = [r for r in rep.rows if r["agree"] is not None]
        assert len(verdicts) > 10
        for r in verdicts:
            assert not r["judged"] and math.isnan(r["loss"])
            assert r["agree"] == (r["taken"].endswith("tsumogiri") or r["taken"] == "none"), r
    with pytest.raises(InvalidContextError, match="mjai bot command"):
        review(LOGS, seat=0, policy="no-such-bot-command --x")


def test_cli_checks_outputs_first_and_escapes_names(tmp_path, capsys):
    code = cli.main(["logs", "review", str(LOGS / "fixture4.mjlog"), "--seat", "0", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "--out" in err and "is a folder" in err
    code = cli.main(["logs", "review", str(LOGS), "--player", "x\x1b[2Jy"])
    err = capsys.readouterr().err
    assert code == 2 and "\x1b" not in err and "\\x1b" in err
