"""yakuman.logs.review, field by field: each row's round label, turn and kind against the record's
own events, the action labels of every kind, the greedy policy's tile counts against
discard_analysis fed an independently counted view of the table, the loss / agree / bad rule at
its boundaries, the figures' arithmetic, and the engine's stop reported as an error entry. Written
for the mutants of src/yakuman/logs/review.py that test_review.py left alive
(`python tools/mutate.py --module review`, docs/testing.md)."""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

import pytest

from tests.conftest import FIXTURES
from yakuman import discard_analysis, logs
from yakuman.game import Game
from yakuman.logs import review as rv
from yakuman.logs.events import Call, Discard, RiichiDeclare, RoundStart, Ryuukyoku, Win
from yakuman.logs.stats import wilson
from yakuman.tiles import from_mjai, to_mpsz

LOGS = FIXTURES / "logs"


@pytest.fixture(autouse=True)
def _fresh_policies():
    """Each test makes its own policy objects (review keeps one per settings and process): a test
    then reaches _Policy's code itself, whatever ran before it (mutmut maps tests to what they
    call)."""
    rv._POLICIES.clear()
    yield
    rv._POLICIES.clear()


def _act(type_, **kw):
    return SimpleNamespace(type=type_, **kw)


def test_labels_of_every_action_kind():
    assert rv.label(_act("dahai", pai="5mr", tsumogiri=False)) == "dahai 5mr"
    assert rv.label(_act("dahai", pai="3p", tsumogiri=True)) == "dahai 3p tsumogiri"
    for t in ("chi", "pon", "daiminkan", "kakan"):
        assert rv.label(_act(t, pai="3m", consumed=["1m", "2m"])) == f"{t} 3m (1m 2m)"
    assert rv.label(_act("ankan", consumed=["5m", "5m", "5m", "5mr"])) == "ankan 5m 5m 5m 5mr"
    assert rv.label(_act("hora", actor=2, target=2)) == "hora tsumo"
    assert rv.label(_act("hora", actor=2, target=0)) == "hora ron"
    for t in ("reach", "none", "nukidora", "ryukyoku"):
        assert rv.label(_act(t)) == t


def _round_of(events, at):
    """The RoundStart of event `at` and the events of its round before it."""
    start = max(i for i in range(at + 1) if type(events[i]) is RoundStart)
    return events[start], events[start + 1:at]


@pytest.mark.parametrize("name", ["fixture4.mjlog", "fixture3.mjlog", "fixture4b.mjlog"])
def test_round_label_turn_and_kind_follow_the_record(name):
    path = LOGS / name
    (record,) = logs.read(path)
    evs = record.events
    kinds = set()
    for seat in range(record.start.players):
        rows = review_rows(path, seat)
        assert rows
        for r in rows:
            rs, before = _round_of(evs, r["event"])
            assert r["round_label"] == rs.label
            assert r["turn"] == 1 + sum(1 for e in before if type(e) is Discard and e.seat == seat)
            e = evs[r["event"]]
            own = getattr(e, "seat", None) == seat
            want = {Discard: "discard", RiichiDeclare: "riichi", Win: "win"}.get(type(e))
            if type(e) is Call:
                want = {"chi": "call", "pon": "call", "daiminkan": "call", "ankan": "kan", "kakan": "kan",
                        "kita": "kita"}[e.kind]
            if type(e) is Ryuukyoku and e.reason == "kyuushu_kyuuhai":
                assert (r["kind"], r["taken"]) == ("kyuushu", "ryukyoku")
            elif own and want:
                assert r["kind"] == want, (r, e)
            elif r["kind"] != "win":   # a ron answers another seat's discard
                assert r["kind"] == "pass" and r["taken"] == "none"
            kinds.add(r["kind"])
            assert r["round"] == sum(1 for e in evs[:r["event"] + 1] if type(e) is RoundStart) - 1
    assert {"discard", "pass"} <= kinds and ("call" in kinds) == any(type(e) is Call and e.kind in ("chi", "pon", "daiminkan") for e in evs)


def review_rows(path, seat):
    """The greedy review's rows, made afresh by each test (no cache shared between tests: mutmut
    maps each test to the functions it calls, and a test reading another's cached rows would not
    be counted as reaching review._row)."""
    return rv.review(path, seat=seat, policy="greedy").rows


def _seen(o, players):
    """What every seat sees, counted here from the observation's own fields (an oracle apart from
    the engine's count the review reads, Observation.wall_counts): rivers less the tiles called
    away, every meld, kita (North), the dora indicators."""
    names = list(o.dora_indicators)
    for river in o.discards:
        names += [pai for pai, _tg, _r, called in river if not called]
    for melds in o.melds:
        for _typ, tiles, _from in melds:
            names += list(tiles)
    seen = list(from_mjai(names)[0]) if names else [0] * 34
    seen[30] += sum(o.kita)
    assert players == 4 or not any(seen[1:8])
    return seen


@pytest.mark.parametrize("name", ["fixture4.mjlog", "fixture3.mjlog"])
def test_greedy_values_are_the_tiles_left_after_each_discard(name):
    (record,) = logs.read(LOGS / name)
    checked = melded = kita = 0
    for i, e in enumerate(record.events):
        if type(e) is not Discard:
            continue
        g = Game.from_record(record, i)
        seat = e.seat
        legal = [a for a in g.legal_actions(seat) if a.type == "dahai"]
        if len(legal) < 2:
            continue
        o = g.observation(seat)
        got = rv._ukeire_values(g, seat, legal)
        counts, reds = from_mjai(o.hand)
        seen = _seen(o, record.start.players)
        opts = discard_analysis(to_mpsz(counts, reds), visible=seen, melds=len(o.melds[seat]),
                                players=record.start.players)
        best = min(x.shanten for x in opts)
        for a in legal:
            k = from_mjai([a.pai])[0].index(1)
            x = next(x for x in opts if x.kind == k)
            assert got[a] == (float(x.count) if x.shanten == best else 0.0)
        assert any(v > 0 for v in got.values())
        checked += 1
        melded += sum(len(m) for m in o.melds) >= 2
        kita += sum(o.kita) > 0
    assert checked >= 10
    assert (melded >= 1) if name == "fixture4.mjlog" else (kita >= 1)


def _verdict_row(values, taken, units="tiles", choice=None, method="ukeire", round_=5, honba=2):
    """_row on a real position with the given values of its legal actions."""
    (record,) = logs.read(LOGS / "fixture4.mjlog")
    i = next(i for i, e in enumerate(record.events) if type(e) is Discard and e.seat == 0)
    g = Game.from_record(record, i)
    legal = g.legal_actions(0)
    vals = {a: v for a, v in zip(legal, values)}
    rr = SimpleNamespace(start=SimpleNamespace(round=round_, honba=honba))
    v = rv._Verdict(vals if values else None, choice, units, method)
    return rv._row("f", 0, record.start, rr, 1, 0, "p", i, g, legal, legal[taken], v, rv.BAD_RELATIVE), legal


def test_loss_agree_and_bad_at_their_boundaries():
    # best 20 tiles: the bad threshold is max(5 % of 20, the 1-tile floor) = 1.0; a loss of exactly
    # 1.0 is not bad, 1.5 is; a loss of 0 agrees
    r, legal = _verdict_row([20.0, 19.0, 18.5] + [0.0] * 20, 1)
    assert (r["loss"], r["agree"], r["bad"], r["judged"], r["units"]) == (1.0, False, False, True, "tiles")
    assert r["best"] == rv.label(legal[0]) and r["round_label"] == "S2-2" and r["position"] is None
    r, _ = _verdict_row([20.0, 19.0, 18.5] + [0.0] * 20, 2)
    assert (r["loss"], r["bad"]) == (1.5, True) and json.loads(r["position"])["seat"] == 0
    r, _ = _verdict_row([20.0, 20.0] + [0.0] * 20, 1)
    assert (r["loss"], r["agree"], r["bad"]) == (0.0, True, False)
    # points: 5 % of 3000 = 150 above the 100 floor; a loss of exactly 150 is not bad
    r, _ = _verdict_row([3000.0, 2850.0, 2849.0] + [0.0] * 20, 1, units="points")
    assert (r["loss"], r["bad"]) == (150.0, False)
    r, _ = _verdict_row([3000.0, 2850.0, 2849.0] + [0.0] * 20, 2, units="points")
    assert r["bad"] is True
    # small values: the floor decides (5 % of 4 tiles is 0.2; the floor 1.0)
    r, _ = _verdict_row([4.0, 3.0] + [0.0] * 20, 1)
    assert (r["loss"], r["bad"]) == (1.0, False)
    # options: each legal action's value rounded to 4 places, None where not valued
    r, legal = _verdict_row([1.234567, math.nan] + [0.0] * 20, 0)
    opts = json.loads(r["options"])
    assert opts[rv.label(legal[0])] == 1.2346 and opts[rv.label(legal[1])] is None
    assert list(opts) == [rv.label(a) for a in legal]


def test_rows_without_values_give_agreement_only():
    r, legal = _verdict_row([], 0, units=None, choice=None, method="choice")
    assert (r["judged"], r["agree"], r["bad"], r["best"], r["units"]) == (False, None, None, None, None)
    assert math.isnan(r["loss"])
    # the taken action not valued, others valued: the best valued one is the policy's choice
    r, legal = _verdict_row([math.nan, 5.0, 7.0] + [math.nan] * 20, 0, units="points", method="ev")
    assert (r["judged"], r["agree"], r["best"], r["units"], r["bad"]) == (False, False, rv.label(legal[2]), None, None)
    assert math.isnan(r["loss"])


def test_figures_arithmetic():
    rows = [{"agree": True, "judged": True, "bad": False, "loss": 0.0},
            {"agree": False, "judged": True, "bad": True, "loss": 3.0},
            {"agree": False, "judged": False, "bad": None, "loss": math.nan},
            {"agree": None, "judged": False, "bad": None, "loss": math.nan},
            {"agree": math.nan, "judged": False, "bad": None, "loss": math.nan}]
    f = rv.figures(rows)
    assert f == {"decisions": 5, "with_verdict": 3, "agree": 1, "agreement": 1 / 3,
                 "agreement_ci": list(wilson(1, 3)), "judged": 2, "bad": 1, "bad_move_rate": 0.5,
                 "bad_move_rate_ci": list(wilson(1, 2)), "total_loss": 3.0, "mean_loss": 1.5}
    empty = rv.figures([])
    assert empty["agreement"] is None and empty["bad_move_rate"] is None and empty["mean_loss"] is None
    assert empty["agreement_ci"] == [None, None] and empty["bad_move_rate_ci"] == [None, None]


def test_report_groups_and_worst():
    rep = rv.review(LOGS / "fixture4.mjlog", seat=1, policy="greedy")
    per_round = rep.per_round()
    assert all(set(g) >= {"file", "game", "round", "round_label", "decisions"} for g in per_round)
    assert [g["round"] for g in per_round] == sorted({r["round"] for r in rep.rows})
    assert {g["round_label"] for g in per_round} == {r["round_label"] for r in rep.rows}
    worst = rep.worst()
    assert len(worst) == min(10, sum(1 for r in rep.rows if r["judged"] and r["loss"] > 0))
    assert [r["loss"] for r in worst] == sorted((r["loss"] for r in worst), reverse=True)
    assert len(rep.to_dict()["worst"]) == len(worst)


def test_a_damaged_record_is_an_error_entry_of_its_own(tmp_path):
    """A record whose discard the seat does not hold: the file gets one error entry (file, no game,
    no event, the reader's reason with the round and the event) and no rows."""
    lines = [json.loads(x) for x in (LOGS / "fixture4.mjai").read_text().splitlines()]
    at = next(i for i, e in enumerate(lines) if e.get("type") == "dahai" and i > 20)
    lines[at].update(pai="C", tsumogiri=False)
    bad = tmp_path / "broken.mjai"
    bad.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    rep = rv.review(bad, seat=0, policy="greedy")
    assert rep.rows == [] and len(rep.errors) == 1
    e = rep.errors[0]
    assert (e["file"], e["game"], e["event"]) == (str(bad), None, None)
    assert e["error"].startswith(f"{bad}, round E1-0, event {at} ") and e["error"].endswith(
        "dahai needs C not in the hand of seat 0")
    assert rep.to_dict()["errors"] == 1 and rep.to_dict()["error_list"] == rep.errors


def _forged(tmp_path):
    """fixture4.mjlog with seat 0's second discard (tile 94, 6p just drawn) replaced by tile 4 (a
    2m seat 1 holds): the mjlog reader takes it (it does not track hands), the engine stops there
    (record event 11, round E1-0)."""
    src = (LOGS / "fixture4.mjlog").read_text()
    i = src.index("<T94/><D94/>")
    bad, clean = tmp_path / "forged.mjlog", tmp_path / "clean.mjlog"
    bad.write_text(src[:i] + "<T94/><D4/>" + src[i + len("<T94/><D94/>"):])
    clean.write_text(src)
    return bad, clean


@pytest.mark.parametrize("seat", [0, 2])
def test_a_record_the_engine_stops_is_an_error_entry_of_its_game(tmp_path, seat):
    """A record that reads but that the engine stops: the game gets an error entry (its index, the
    event, the round and the engine's reason), the seat that made the forged action one more (its
    action is not among its legal ones), and the review goes on: the round's rows before the stop
    and every later round's rows are those of the clean record, the stopped round's later rows are
    dropped, and the game is still counted."""
    bad, clean = _forged(tmp_path)
    fr, ok = rv.review_file(bad, seat=seat), rv.review_file(clean, seat=seat)
    stop = {"file": str(bad), "game": 0, "event": 11,
            "error": "the engine stops the record at E1-0: discard 4 by seat 0: Action(dahai actor=0 pai=2m) "
                     "is not legal now"}
    own = {"file": str(bad), "game": 0, "event": 11,
           "error": "seat 0: the record's action is not among the legal ones"}
    assert fr.errors == ([own, stop] if seat == 0 else [stop])
    assert ok.errors == [] and fr.games == ok.games == 1

    def strip(rows):
        return [{k: v for k, v in r.items() if k != "file"} for r in rows]

    kept = [r for r in ok.rows if r["round"] > 0 or r["event"] < 11]
    assert len(kept) < len(ok.rows) and any(r["round"] == 0 for r in kept)
    assert json.dumps(strip(fr.rows)) == json.dumps(strip(kept))
    rep = rv.ReviewReport(seat=seat)
    rep.add(fr)
    assert (rep.games, rep.to_dict()["errors"], rep.format().splitlines()[-1]) == (
        1, len(fr.errors), f"errors: {len(fr.errors)} (first: {fr.errors[0]['error']})")


def _pct(x):
    return "-" if x is None else f"{100 * x:.1f}%"


def test_report_text_and_dict_carry_the_figures():
    rep = rv.review(LOGS / "fixture4.mjlog", seat=1, policy="greedy")
    f = rv.figures(rep.rows)
    lines = rep.format().splitlines()
    assert lines[0] == f"seat 1: 1 files, 1 games, {f['decisions']} decisions (policy greedy)"
    assert lines[1] == (f"agreement {_pct(f['agreement'])} of {f['with_verdict']} "
                        f"[{_pct(f['agreement_ci'][0])}, {_pct(f['agreement_ci'][1])}]")
    assert lines[2] == (f"bad moves {_pct(f['bad_move_rate'])} of {f['judged']} judged "
                        f"[{_pct(f['bad_move_rate_ci'][0])}, {_pct(f['bad_move_rate_ci'][1])}]")
    assert lines[3] == f"loss total {f['total_loss']:.1f}, mean {f['mean_loss']:.2f}"
    worst = rep.worst(5)
    assert worst and lines[4] == "worst decisions:" and len(lines) == 5 + len(worst)
    r = worst[0]
    assert lines[5] == (f"  fixture4.mjlog game 0 {r['round_label']} event {r['event']}: took {r['taken']}, "
                        f"best {r['best']}, loss {r['loss']:.1f} tiles")
    rep.errors.append({"file": "x", "game": 0, "event": 3, "error": "something"})
    assert rep.format().splitlines()[-1] == "errors: 1 (first: something)"
    d = rep.to_dict(worst=3)
    for k, v in f.items():
        assert d[k] == v, k
    assert (d["player"], d["seat"], d["policy"], d["files"], d["games"], d["errors"]) == (None, 1, "greedy", 1, 1, 1)
    assert d["error_list"] == rep.errors and d["workers"] == 1 and d["worker_deaths"] == []
    assert (d["bad_relative"], d["floors"]) == (rv.BAD_RELATIVE, rv.FLOORS)
    assert d["per_game"] == rep.per_game() and d["per_round"] == rep.per_round()
    assert d["worst"] == [{k: v for k, v in x.items() if k != "position"} for x in rep.worst(3)]
    assert d["overhead"] == round(1 - rep.policy_time / rep.work, 4) and d["work"] == round(rep.work, 3)
    named = rv.review(LOGS / "fixture4.mjlog", player="Ayame", policy="greedy")
    assert named.format().startswith("Ayame: 1 files, 1 games, ")


def test_cli_passes_its_options_to_the_review(capsys):
    from yakuman import cli

    path = LOGS / "fixture4.mjlog"
    assert cli.main(["logs", "review", str(path), "--seat", "2", "--policy", "rollout", "--rollouts", "4",
                     "--seed", "3", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    want = rv.review(path, seat=2, policy="rollout", rollouts=4, seed=3).to_dict()
    assert (d["seat"], d["policy"], d["player"]) == (2, "rollout", None)
    for k in ("decisions", "agree", "judged", "bad", "total_loss", "per_round"):
        assert d[k] == want[k], k
    other = rv.review(path, seat=2, policy="rollout", rollouts=4, seed=4).to_dict()
    assert other["total_loss"] != want["total_loss"]   # the seed reaches the rollouts
    assert cli.main(["logs", "review", str(path), "--player", "Ayame", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["player"], d["seat"], d["policy"]) == ("Ayame", None, "greedy")
    assert d["decisions"] == rv.review(path, player="Ayame").to_dict()["decisions"]


@pytest.mark.parametrize("name", ["fixture4.mjlog", "fixture3.mjlog"])
def test_greedy_judges_discards_in_tiles_and_other_decisions_by_its_own_choice(name):
    """Policy "greedy": a decision between discards only is valued in tiles (method ukeire, units
    tiles, judged); every other decision gets the engine's greedy action as the best (method
    choice, agreement only, no units)."""
    path = LOGS / name
    (record,) = logs.read(path)
    methods = set()
    for seat in range(record.start.players):
        for r in review_rows(path, seat):
            g = Game.from_record(record, r["event"])
            legal = g.legal_actions(seat)
            if all(a.type == "dahai" for a in legal):
                assert (r["method"], r["units"], r["judged"]) == ("ukeire", "tiles", True)
                assert math.isfinite(r["loss"]) and r["agree"] == (r["loss"] <= 1e-9)
            else:
                assert (r["method"], r["units"], r["judged"], r["bad"]) == ("choice", None, False, None)
                assert r["best"] == rv.label(g.policy_action(seat, "greedy"))
                assert r["agree"] == (r["best"] == r["taken"]) and math.isnan(r["loss"])
            methods.add(r["method"])
    assert methods == {"ukeire", "choice"}


def test_rollout_policy_values_every_option_in_points_and_zero_rollouts_judge_nothing():
    path = LOGS / "fixture4.mjlog"
    rows = rv.review(path, seat=0, policy="rollout", rollouts=2).rows
    assert rows and all((r["method"], r["units"], r["judged"]) == ("rollout", "points", True) for r in rows)
    assert all(None not in json.loads(r["options"]).values() for r in rows)
    one = rv.review(path, seat=0, policy="rollout", rollouts=1).rows   # one rollout is a rollout
    assert [r["event"] for r in one] == [r["event"] for r in rows]
    assert all((r["method"], r["judged"]) == ("rollout", True) for r in one)
    none = rv.review(path, seat=0, policy="rollout", rollouts=0).rows
    assert [r["event"] for r in none] == [r["event"] for r in rows]
    for r in none:
        assert (r["method"], r["units"], r["judged"], r["agree"], r["best"]) == ("not judged", None, False, None, None)
        assert set(json.loads(r["options"]).values()) == {None}


def test_a_callable_policy_gives_choices_or_its_own_values():
    """A callable answering an Action: agreement only (method choice); answering {Action: value}:
    judged in the policy's units ("policy"), values of actions that are not legal dropped."""
    from yakuman.game import Action

    path = LOGS / "fixture4.mjlog"
    (record,) = logs.read(path)

    def first_legal(o):
        return o.legal_actions[0]

    rep = rv.review(path, seat=0, policy=first_legal)
    rows = rep.rows
    assert rep.errors == [] and len(rows) > 20 and all((r["method"], r["units"], r["judged"]) == ("choice", None, False) for r in rows)
    for r in rows:
        g = Game.from_record(record, r["event"])
        assert r["best"] == rv.label(g.legal_actions(0)[0]) and r["agree"] == (r["best"] == r["taken"])

    stranger = Action("dahai", actor=3, pai="9s")

    def valued(o):
        d = {a: float(i) for i, a in enumerate(o.legal_actions)}
        d[stranger] = 1e9   # not legal for this seat: ignored
        return d

    rep = rv.review(path, seat=0, policy=valued)
    rows = rep.rows
    assert rep.errors == [] and len(rows) > 20
    for r in rows:
        g = Game.from_record(record, r["event"])
        legal = g.legal_actions(0)
        assert (r["method"], r["units"], r["judged"]) == ("policy", "policy", True)
        assert json.loads(r["options"]) == {rv.label(a): float(i) for i, a in enumerate(legal)}
        assert r["best"] == rv.label(legal[-1])
        assert r["loss"] == len(legal) - 1 - [rv.label(a) for a in legal].index(r["taken"])


def _bot_cases():
    from .conftest import FIXTURE_CORPUS

    cases = [(LOGS / "fixture4.mjlog", 1), (LOGS / "fixture3.mjai", 1)]
    # engine games with a daiminkan or kakan whose dora follows the next discard (the answers to
    # that discard come after the dora event): every seat
    for name in ("engine4-03", "engine4-11", "engine3-02"):
        path = FIXTURE_CORPUS / "mjlog" / f"{name}.mjlog"
        players = logs.read(path)[0].start.players
        cases += [(path, s) for s in range(players)]
    return cases


@pytest.mark.parametrize("path, seat", _bot_cases(), ids=lambda x: x.name if hasattr(x, "name") else str(x))
def test_an_mjai_bot_sees_exactly_the_events_before_each_decision(monkeypatch, path, seat):
    """What the review feeds an mjai bot policy: at each decision, the record's events as the seat
    sees them, in order, each once, up to the event that gives the decision and not one further
    (the seat's own draw or call for its own turn; the discard it may call or win on when it
    answers, the kan dora revealed with it included, a riichi's acceptance not), others' draws and
    hands hidden; and the
    bot's answer is the row's choice. The bot process is replaced by an in-process recorder
    (the protocol: one answer per event, the last one the bot's action): it discards what it
    drew and passes on everything else."""
    import sys

    from yakuman.game import mjai as gm
    from yakuman.logs.mjai import to_mjai

    (record,) = logs.read(path)
    stream = [gm.mask_event(e, seat) for e in to_mjai(record)]
    received: list = []
    closes: list = []
    timeouts: list = []

    class Recorder:
        closed = True

        def __init__(self, argv, timeout):
            timeouts.append(timeout)

        def send(self, events):
            received.extend(json.loads(json.dumps(e)) for e in events)
            last = received[-1]
            if last["type"] == "tsumo" and last["actor"] == seat:
                return {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
            return {"type": "none"}

        def close(self, deadline):
            closes.append(deadline)

    asks = []
    real_ask = rv._Bot.ask

    def ask(self, g, s, at, answering):
        out = real_ask(self, g, s, at, answering)
        asks.append((answering, len(received), out))
        return out

    monkeypatch.setattr(gm, "_CommandBot", Recorder)
    monkeypatch.setattr(rv._Bot, "ask", ask)
    rep = rv.review(path, seat=seat, policy=[sys.executable, "-c", "pass"])
    assert rep.errors == [] and len(rep.rows) == len(asks) > 20
    assert len(closes) == 1 and timeouts == [10.0]   # one game: one bot, closed when it ends
    want = [json.loads(json.dumps(e)) for e in stream]
    assert received == want[:len(received)]   # a prefix of the seat's view: in order, each event once
    answered = after_dora = tsumogiri = 0
    for (answering, n, choice), row in zip(asks, rep.rows):
        last, nxt = want[n - 1], want[n]
        # every discard the record made before the decision, and none after it
        assert sum(e["type"] == "dahai" for e in want[:n]) == sum(
            type(e) is Discard for e in record.events[:row["event"]]), row
        assert nxt.get("actor") == seat or answering   # the seat's own action is never delivered
        if answering:
            if last["type"] == "dora":   # a kan dora revealed with the discard being answered: seen
                after_dora += 1
                last = want[n - 2]
            assert last["type"] != "reach_accepted"   # a riichi stands only after the answers
            assert last["type"] in ("dahai", "kakan", "ankan") and last["actor"] != seat, row
            assert choice is not None and choice.type == "none" and row["best"] == "none"
            answered += 1
        else:
            assert last.get("actor") == seat and last["type"] in ("tsumo", "chi", "pon", "reach"), row
            assert nxt["type"] == {"discard": "dahai", "riichi": "reach", "win": "hora", "kita": "nukidora",
                                   "kan": nxt["type"], "kyuushu": "ryukyoku"}[row["kind"]], row
            if last["type"] == "tsumo" and choice is not None:   # the bot's tsumogiri, resolved for this seat
                assert (choice.type, choice.actor, choice.pai, choice.tsumogiri) == ("dahai", seat, last["pai"], True)
                assert row["best"] == rv.label(choice) and row["agree"] == (row["taken"] == row["best"])
                tsumogiri += 1
    assert answered >= 2 and tsumogiri >= 10
    if (path.stem, seat) == ("engine4-11", 3):   # its chi-or-pass after a kakan's discard and dora
        assert after_dora >= 1
    for e in received:   # others' draws and dealt hands are hidden
        if e["type"] == "tsumo" and e["actor"] != seat:
            assert e["pai"] == "?"
        if e["type"] == "start_kyoku":
            assert all(set(h) == {"?"} for i, h in enumerate(e["tehais"]) if i != seat)


def test_round_labels_agreement_at_the_tolerance_and_the_policy_units_floor():
    for rnd, lab in ((0, "E1-0"), (3, "E4-0"), (4, "S1-0"), (7, "S4-0"), (8, "W1-0"), (12, "N1-0"), (15, "N4-0")):
        r, _ = _verdict_row([2.0, 1.0] + [0.0] * 20, 0, round_=rnd, honba=0)
        assert r["round_label"] == lab
    # a loss of exactly 1e-9 still agrees (the tolerance of floating-point values), 2e-9 does not
    r, _ = _verdict_row([1e-9, 0.0] + [0.0] * 20, 1)
    assert (r["loss"], r["agree"]) == (1e-9, True)
    r, _ = _verdict_row([2e-9, 0.0] + [0.0] * 20, 1)
    assert (r["loss"], r["agree"]) == (2e-9, False)
    # a callable's own units have no floor: 5 % of 2.0 is the threshold
    r, _ = _verdict_row([2.0, 1.5] + [0.0] * 20, 1, units="policy", method="policy")
    assert (r["loss"], r["bad"], r["units"], r["method"]) == (0.5, True, "policy", "policy")
    r, _ = _verdict_row([2.0, 1.95] + [0.0] * 20, 1, units="policy", method="policy")
    assert r["bad"] is False


def test_a_game_whose_policy_fails_is_an_error_entry_and_loses_its_rows():
    """A policy that raises in a game: that game's rows are dropped, the game is not counted, the
    file gets one entry (the game's index, no event, the exception's type and text), and the next
    file is reviewed as usual."""
    calls = []

    def failing(o):
        calls.append(1)
        if len(calls) == 5:
            raise ValueError("the policy broke")
        return o.legal_actions[0]

    path = LOGS / "fixture4.mjlog"
    fr = rv.review_file(path, seat=0, policy=failing)
    assert fr.rows == [] and fr.games == 0 and len(calls) == 5
    assert fr.errors == [{"file": str(path), "game": 0, "event": None, "error": "ValueError: the policy broke"}]
    calls.clear()
    rep = rv.review([path, LOGS / "fixture4b.mjlog"], seat=0, policy=failing)
    assert rep.files == 2 and rep.games == 1 and rep.rows and {r["file"] for r in rep.rows} == {str(LOGS / "fixture4b.mjlog")}
    assert rep.errors == [{"file": str(path), "game": 0, "event": None, "error": "ValueError: the policy broke"}]


def test_a_file_whose_workers_died_is_an_error_entry_saying_so():
    fr = rv._died("x/y.mjlog")
    assert (fr.source, fr.rows, fr.games) == ("x/y.mjlog", [], 0)
    assert fr.errors == [{"file": "x/y.mjlog", "game": None, "event": None,
                          "error": "worker died (killed by a signal, e.g. the OOM killer, or exited) while reviewing "
                                   "this file; retried once in a fresh worker, which died too"}]


def _file_review(source, rows, games=1, elapsed=2.0, policy_time=1.5, errors=()):
    return rv.FileReview(source, rows=list(rows), errors=list(errors), games=games, elapsed=elapsed,
                         policy_time=policy_time)


def _plain_row(file, game, rnd, loss, judged=True):
    return {"file": file, "game": game, "round": rnd, "round_label": f"E{rnd + 1}-0", "judged": judged,
            "loss": loss if judged else math.nan, "agree": (loss == 0) if judged else None,
            "bad": (loss > 1) if judged else None, "position": "{}", "taken": "dahai 1m", "best": "dahai 2m",
            "units": "tiles" if judged else None, "event": 3}


def test_report_sums_files_and_times_and_picks_the_worst():
    rep = rv.ReviewReport(seat=0)
    a = [_plain_row("a", 0, 0, 0.0), _plain_row("a", 0, 0, 2.0), _plain_row("a", 0, 1, 0.5)]
    b = [_plain_row("b", 0, 0, 3.0), _plain_row("b", 0, 0, 9.0, judged=False), _plain_row("b", 0, 1, 1.0)]
    rep.add(_file_review("a", a, elapsed=2.0, policy_time=1.5))
    rep.add(_file_review("b", b, games=2, elapsed=1.25, policy_time=0.25, errors=[{"error": "e"}]))
    assert (rep.files, rep.games, rep.work, rep.policy_time, len(rep.rows), rep.errors) == (
        2, 3, 3.25, 1.75, 6, [{"error": "e"}])
    # the worst: judged rows with a loss above 0 (exactly), largest first
    assert [r["loss"] for r in rep.worst()] == [3.0, 2.0, 1.0, 0.5]
    assert [r["loss"] for r in rep.worst(2)] == [3.0, 2.0]
    rep.elapsed = 1.23456
    d = rep.to_dict()
    assert (d["elapsed"], d["policy_time"], d["work"], d["overhead"]) == (1.235, 1.75, 3.25, round(1 - 1.75 / 3.25, 4))
    assert [w["loss"] for w in d["worst"]] == [3.0, 2.0, 1.0, 0.5] and all("position" not in w for w in d["worst"])
    assert [(g["file"], g["game"], g["decisions"]) for g in d["per_game"]] == [("a", 0, 3), ("b", 0, 3)]
    assert [(g["file"], g["round"], g["decisions"]) for g in d["per_round"]] == [
        ("a", 0, 2), ("a", 1, 1), ("b", 0, 2), ("b", 1, 1)]
    assert rv.ReviewReport().to_dict()["overhead"] is None


def test_an_empty_report_formats_without_figures():
    rep = rv.ReviewReport(player="Ayame")
    assert rep.format().splitlines() == [
        "Ayame: 0 files, 0 games, 0 decisions (policy greedy)",
        "agreement - of 0 [-, -]",
        "bad moves - of 0 judged [-, -]",
        "loss total 0.0, mean 0.00"]


def test_frame_and_parquet_keep_every_field_and_its_type(tmp_path):
    pd = pytest.importorskip("pandas")
    pq = pytest.importorskip("pyarrow.parquet")
    rep = rv.review(LOGS / "fixture4.mjlog", seat=0, policy="rollout", rollouts=2)
    assert any(r["bad"] for r in rep.rows) and any(r["position"] is None for r in rep.rows)
    df = rep.to_frame()
    assert isinstance(df, pd.DataFrame) and list(df.columns) == list(rv.ROW_FIELDS) and len(df) == len(rep.rows)
    assert df["loss"].tolist() == [r["loss"] for r in rep.rows]
    out = tmp_path / "d.parquet"
    assert rep.write_parquet(out) == len(rep.rows)
    t = pq.read_table(out)
    types = {f.name: str(f.type) for f in t.schema}
    assert types == {"file": "string", "game": "int32", "game_id": "string", "players": "int8", "round": "int32",
                     "round_label": "string", "seat": "int8", "player": "string", "event": "int32", "turn": "int32",
                     "kind": "string", "taken": "string", "best": "string", "loss": "double", "agree": "bool",
                     "bad": "bool", "judged": "bool", "units": "string", "method": "string", "options": "string",
                     "position": "string"}
    assert t.to_pylist() == rep.rows


def test_cli_errors_name_the_argument_and_exit_2(tmp_path, capsys):
    from yakuman import cli

    path = str(LOGS / "fixture4.mjlog")
    cases = [
        (["logs", "review", path], "yakuman: error: give exactly one of --player NAME and --seat N"),
        (["logs", "review", path, "--player", "A", "--seat", "0"], "give exactly one of --player NAME and --seat N"),
        (["logs", "review", path, "--seat", "9"], "yakuman: error: seat must be 0..3, not 9"),
        (["logs", "review", path, "--seat", "0", "--seed", "-1"], "yakuman: error: seed must be an integer"),
        (["logs", "review", path, "--seat", "0", "--rollouts", "-2"], "yakuman: error: rollouts must be a non-negative"),
        (["logs", "review", path, "--seat", "0", "--policy", "nope"], "yakuman: error: policy must be 'ev'"),
        (["logs", "review", path, "--seat", "0", "--out", str(tmp_path)], "--out"),
        (["logs", "review", path, "--player", "nobody"], "yakuman: error: no game of a player named 'nobody' in 1 files"),
    ]
    for argv, msg in cases:
        assert cli.main(argv) == 2, argv
        io = capsys.readouterr()
        assert msg in io.err and io.out == "", (argv, io.err)


def test_cli_json_is_strict_json_and_text_names_what_it_wrote(tmp_path, capsys):
    """--json prints one strict JSON object (no NaN: the summary has none); the text form ends with a
    line per file written."""
    pytest.importorskip("pyarrow")
    from yakuman import cli

    path = str(LOGS / "fixture4.mjlog")
    assert cli.main(["logs", "review", path, "--seat", "0", "--json"]) == 0
    out = capsys.readouterr().out
    json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} in the JSON"))
    pq, html = tmp_path / "d.parquet", tmp_path / "r.html"
    assert cli.main(["logs", "review", path, "--seat", "0", "--out", str(pq), "--html", str(html)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == [f"wrote decisions to {pq}", f"wrote report to {html}"]
    assert pq.stat().st_size > 0 and html.read_text().startswith("<!DOCTYPE html>")


def test_cli_help_describes_the_review_options(capsys):
    from yakuman import cli

    with pytest.raises(SystemExit) as e:
        cli.main(["logs", "review", "--help"])
    assert e.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for phrase in ("Review one player's decisions in game records of any supported format",
                   "--seat N a seat (0 = the first dealer) instead of a name",
                   "--policy ev|greedy|rollout the judge: ev (expected value + rollouts), greedy (ukeire), rollout "
                   "(default greedy)",
                   "--rollouts N rollouts per option where rollouts judge (default 32; 0 = not judged)",
                   "--seed SEED the rollouts' seed (default 0)",
                   "the player's name in the records", "processes (0 = all cores; default 1)",
                   "print one JSON object (the summary) instead of text",
                   "write one row per decision as Parquet (pyarrow)", "write a self-contained HTML report"):
        assert phrase in text, phrase
    with pytest.raises(SystemExit):
        cli.main(["logs", "--help"])
    assert "judge every decision of a player: agreement, bad moves, loss (docs/review.md)" in " ".join(
        capsys.readouterr().out.split())


def test_cli_workers_and_progress_reach_the_review(capsys):
    from yakuman import cli

    paths = [str(LOGS / "fixture4.mjlog"), str(LOGS / "fixture4b.mjlog")]
    assert cli.main(["logs", "review", *paths, "--seat", "0", "--json", "--workers", "2", "--no-progress"]) == 0
    io = capsys.readouterr()
    d = json.loads(io.out)
    assert (d["workers"], d["files"], io.err) == (2, 2, "")
    assert d["decisions"] == rv.review(paths, seat=0).to_dict()["decisions"]
    assert cli.main(["logs", "review", *paths, "--seat", "0", "--json", "--progress"]) == 0
    io = capsys.readouterr()
    assert "reviewing" in io.err and json.loads(io.out)["workers"] == 1


def test_policy_time_counts_each_evaluation_once(monkeypatch):
    """policy_time sums the time spent in every judgement (a clock that ticks once per reading:
    each judgement reads it twice, so it adds exactly 1 per decision)."""
    ticks = iter(range(10 ** 6))
    monkeypatch.setattr(rv, "time", SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    fr = rv.review_file(LOGS / "fixture4.mjlog", seat=0, policy="greedy")
    assert fr.rows and fr.policy_time == float(len(fr.rows))
    assert fr.elapsed == 2.0 * len(fr.rows) + 1.0


def test_ev_policy_values_discards_in_points():
    rows = rv.review(LOGS / "fixture4.mjlog", seat=0, policy="ev", rollouts=0).rows
    ev = [r for r in rows if r["method"] == "ev"]
    assert len(ev) >= 10
    assert all(r["units"] == ("points" if r["judged"] else None) for r in ev) and any(r["judged"] for r in ev)
    assert all(r["kind"] in ("discard", "riichi") for r in ev)
    others = [r for r in rows if r["kind"] not in ("discard", "riichi")]
    assert others and all((r["method"], r["judged"]) == ("not judged", False) for r in others)


def test_policy_objects_are_made_once_per_settings_and_callables_afresh():
    import sys

    a = rv._policy_for("greedy", 3, 7)
    assert a is rv._policy_for("greedy", 3, 7) and (a.spec, a.rollouts, a.seed) == ("greedy", 3, 7)
    assert rv._policy_for("greedy", 4, 7) is not a and rv._policy_for("greedy", 3, 8) is not a
    bot = rv._policy_for([sys.executable, "-c", "pass"], 0, 0)
    assert bot is rv._policy_for([sys.executable, "-c", "pass"], 0, 0) and bot.bot.argv == [sys.executable, "-c", "pass"]
    assert rv._Policy((sys.executable, "-c", "pass"), 0, 0).bot.argv == [sys.executable, "-c", "pass"]
    assert rv._Policy(f"{sys.executable} -c pass", 0, 0).bot.argv == [sys.executable, "-c", "pass"]

    def f(o):
        return None

    p = rv._policy_for(f, 5, 6)
    assert p is not rv._policy_for(f, 5, 6) and (p.spec, p.rollouts, p.seed) == (f, 5, 6)


def test_review_defaults_and_report_fields(capsys):
    """review()'s defaults: seed 0, one worker, no progress bar, greedy; the report's policy name
    ("callable" for a callable), elapsed wall time and max_bytes reaching the reader."""
    from yakuman.errors import InvalidArgumentError

    path = LOGS / "fixture4.mjlog"
    rep = rv.review(path, seat=0, policy="rollout", rollouts=2)
    assert capsys.readouterr().err == ""
    same = rv.review(path, seat=0, policy="rollout", rollouts=2, seed=0, workers=1, progress=False)
    assert json.dumps(rep.rows) == json.dumps(same.rows)
    assert (rep.workers, rep.policy, rep.files, rep.games) == (1, "rollout", 1, 1)
    assert 0 < rep.elapsed < 60 and 0 < rep.work < 60 and 0 < rep.policy_time <= rep.work
    rv.review(path, seat=0, progress=True)
    assert "reviewing" in capsys.readouterr().err
    rep = rv.review(path, seat=0, policy=lambda o: o.legal_actions[0])
    assert rep.policy == "callable"
    small = rv.review(path, seat=0, max_bytes=100)   # a file above the reader's limit: its error entry
    assert small.rows == [] and len(small.errors) == 1 and small.errors[0]["game"] is None
    with pytest.raises(InvalidArgumentError, match="max_bytes must be None or an integer >= 0, not -1"):
        rv.review(path, seat=0, max_bytes=-1)


def test_in_row_order_follows_the_policys_rows_and_places_riichi_where_it_first_declares():
    from yakuman.game import Action

    d1, d2, d3, d4 = (Action("dahai", actor=0, pai=p, tsumogiri=False) for p in ("1m", "2m", "3m", "4m"))
    d3t = Action("dahai", actor=0, pai="3m", tsumogiri=True)
    reach = Action("reach", actor=0)
    legal = [d1, d2, d3, d3t, d4, reach]
    # rows: (kind, red, -, exp_score, -, -, declares riichi), best first as the policy ranks them
    rows = [(1, 0, 0, 10.0, 0, 0, 0), (2, 0, 0, 8.0, 0, 0, 1), (0, 0, 0, 5.0, 0, 0, 1), (3, 0, 0, 4.0, 0, 0, 0)]
    value = {"2m": 10.0, "3m": 8.0, "1m": 5.0}   # no value for 4m: NaN
    out = rv._in_row_order(rows, legal, value, reach, 9.0)
    assert list(out) == [d2, reach, d3, d3t, d1, d4]
    assert [out[a] for a in (d2, reach, d3, d3t, d1)] == [10.0, 9.0, 8.0, 8.0, 5.0] and math.isnan(out[d4])
    # no row declares: riichi comes last; a legal discard without a row is NaN; no riichi: no entry
    rows2 = [(1, 0, 0, 10.0, 0, 0, 0)]
    out = rv._in_row_order(rows2, legal, {"2m": 10.0}, reach, 7.0)
    assert list(out) == [d2, reach, d1, d3, d3t, d4] and out[reach] == 7.0
    assert all(math.isnan(out[a]) for a in (d1, d3, d3t, d4))
    out = rv._in_row_order(rows, [d1, d2], value)
    assert list(out) == [d2, d1] and reach not in out


def test_a_name_at_several_seats_reviews_each_of_them(tmp_path):
    """Every seat under the player's name is reviewed (anonymous records repeat one name): the
    rows are those of each seat's own review, in the record's order."""
    src = (LOGS / "fixture4.mjlog").read_text()
    for name in ("Ayame", "Botan", "Chidori", "Daikon"):
        src = src.replace(f'="{name}"', '="Same"')
    path = tmp_path / "same.mjlog"
    path.write_text(src)
    both = rv.review(path, player="Same", policy="greedy")
    per_seat = [r for s in range(4) for r in rv.review(path, seat=s, policy="greedy").rows]
    assert both.games == 1 and {r["seat"] for r in both.rows} == {0, 1, 2, 3}
    key = lambda r: (r["event"], r["seat"])   # noqa: E731
    assert [key(r) for r in both.rows] == sorted(key(r) for r in both.rows)
    assert json.dumps(sorted(both.rows, key=key)) == json.dumps(sorted(per_seat, key=key))


def test_review_file_skips_a_seat_the_game_has_not_and_counts_every_game(tmp_path):
    """seat 3 of a three-player game: no game reviewed, no error; a file of two games: both
    counted, rows from each."""
    fr = rv.review_file(LOGS / "fixture3.mjlog", seat=3)
    assert (fr.games, fr.rows, fr.errors) == (0, [], [])
    from yakuman.logs.tenhou_json import to_tenhou_json

    (a,) = logs.read(LOGS / "fixture4.mjlog")
    (b,) = logs.read(LOGS / "fixture4b.mjlog")
    two = tmp_path / "two.json"
    two.write_text(json.dumps(to_tenhou_json(a), ensure_ascii=False) + "\n" + json.dumps(to_tenhou_json(b), ensure_ascii=False))
    fr = rv.review_file(two, seat=0)
    assert fr.errors == [] and fr.games == 2 and {r["game"] for r in fr.rows} == {0, 1}
    assert {r["file"] for r in fr.rows} == {str(two)}


def test_a_truncated_record_keeps_its_complete_rounds(tmp_path):
    """The review reads leniently: a file cut inside its last round is reviewed up to the last
    complete round (the rows of the whole file's first rounds), not refused."""
    src = (LOGS / "fixture4.mjlog").read_text()
    cut = src.index("<INIT", src.index("<INIT") + 1)   # inside the second round
    cut = src.index("<D", cut + 200)
    short = tmp_path / "short.mjlog"
    short.write_text(src[:cut])
    fr, whole = rv.review_file(short, seat=0), rv.review_file(LOGS / "fixture4.mjlog", seat=0)
    assert fr.errors == [] and fr.games == 1 and fr.rows
    strip = [{k: v for k, v in r.items() if k != "file"} for r in fr.rows]
    first = [{k: v for k, v in r.items() if k != "file"} for r in whole.rows if r["round"] == 0]
    assert json.dumps(strip) == json.dumps(first)


def test_no_log_files_is_an_error_of_the_command(tmp_path, capsys):
    from yakuman import cli

    assert cli.main(["logs", "review", str(tmp_path), "--seat", "0"]) == 2
    assert "yakuman: error: no log files under" in capsys.readouterr().err


def test_the_parquet_output_needs_pyarrow_and_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    import builtins

    from yakuman import cli

    real = builtins.__import__

    def no_pyarrow(name, *a, **k):
        if name == "pyarrow" or name.startswith("pyarrow."):
            raise ImportError("no pyarrow here")
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    code = cli.main(["logs", "review", str(LOGS / "fixture4.mjlog"), "--seat", "0", "--out", str(tmp_path / "d.parquet")])
    assert code == 2
    assert capsys.readouterr().err.strip() == 'yakuman: error: this output needs pyarrow (pip install "yakuman[frame]")'


def test_report_fields_round_and_frame_columns():
    rep = rv.ReviewReport(seat=0)
    assert list(rep.to_frame().columns) == list(rv.ROW_FIELDS) and len(rep.to_frame()) == 0
    rep.elapsed, rep.policy_time, rep.work = 1.23456, 0.98765, 2.34567
    d = rep.to_dict()
    assert (d["elapsed"], d["policy_time"], d["work"]) == (1.235, 0.988, 2.346)


def test_an_mjai_bot_policy_starts_with_a_ten_second_timeout():
    import sys

    pol = rv._Policy([sys.executable, "-c", "pass"], 0, 0)
    assert pol.bot.timeout == 10.0 and pol.bot.proc is None and pol.evaluations == 0.0 and pol.ctx is None
