"""Frames to batch and back: columns_from_frame on the win rows of logs.to_frame, and
``yakuman logs rescore``, checked against the replay's own score inputs scored one by one."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import yakuman
from yakuman import logs
from yakuman.batch import columns_from_frame, score_many
from yakuman.cli import main
from yakuman.logs.rescore import rescore
from yakuman.rules import Rules

from tests.conftest import floor
from tests.logs.conftest import tenhou_path


@pytest.fixture(scope="module")
def files():
    d = tenhou_path("mjlog")
    return sorted(str(p) for p in d.iterdir())[:25]


@pytest.fixture(scope="module")
def frame(files):
    return logs.to_frame(files)


def _kwargs_under(case, rules) -> dict:
    """The replay's score() inputs of a win, under other rules: without red fives in those rules
    (aka_dora = 0) a red five of the record is a plain five."""
    kw = case.inputs.kwargs()
    if rules.aka_dora == 0:
        for name in ("hand", "win", "dora", "ura"):
            kw[name] = kw[name].replace("0", "5")
        kw["melds"] = tuple(m.replace("0", "5") for m in kw["melds"])
    kw["rules"] = rules
    return kw


def _independent(files, rules):
    """(seat, Score) of every win of the rules' player count, in corpus order: the replay's
    ScoreInputs scored one by one with score()."""
    out = []
    for f in files:
        for game in logs.read(f):
            for case in logs.iter_wins(game):
                if case.players != rules.players:
                    continue
                kw = _kwargs_under(case, rules)
                out.append((case.seat, yakuman.score(**kw)))
    return out


@pytest.mark.parametrize("players", [4, 3])
def test_columns_from_frame_scores_the_log_wins(frame, files, players):
    rules = Rules.tenhou() if players == 4 else Rules.tenhou_sanma()
    wins = frame[(frame["kind"] == "win") & (frame["players"] == players)].reset_index(drop=True)
    assert len(wins) > 20
    res = score_many(columns_from_frame(wins, rules=rules), rules=rules)
    assert (res.status == 0).all()
    # the record's own values (Tenhou's) where the verifier agreed
    ok = wins["ok"].to_numpy(dtype=bool)
    assert ok.mean() > 0.95
    assert np.array_equal(res.points[ok], wins["points"].to_numpy(dtype=np.int64)[ok])
    assert np.array_equal(res.han[ok], wins["han"].to_numpy(dtype=np.int64)[ok])
    # row by row, the replay's inputs scored alone
    indep = _independent(files, rules)
    assert [s for _, s in indep] == [res[i] for i in range(len(res))]
    assert [seat for seat, _ in indep] == wins["seat"].tolist()


def test_columns_from_frame_refuses_draw_rows(frame):
    with pytest.raises(ValueError, match="draw rows"):
        columns_from_frame(frame)



def test_columns_from_frame_takes_a_pyarrow_table(files):
    import pyarrow.compute as pc

    t = logs.to_frame(files[:4], engine="pyarrow")
    t = t.filter(pc.equal(t["kind"], "win"))   # both player counts: each row under its own rules
    df = logs.to_frame(files[:4])
    df = df[df["kind"] == "win"]
    a, b = columns_from_frame(t), columns_from_frame(df)
    assert len(a["counts"]) == len(df) > 0
    for name in a:
        assert np.array_equal(a[name], b[name]), name


@pytest.mark.parametrize("preset", ["wrc", "ema", "mleague", "mahjongsoul_sanma"])
def test_rescore_equals_an_independent_computation(files, frame, preset):
    rules = Rules.preset(preset)
    report = rescore(frame, rules)
    indep = _independent(files, rules)
    rows = report.rows
    assert len(rows) == len(indep) == report.summary["rescored"]
    assert rows["new_points"].tolist() == [s.points for _, s in indep]
    assert rows["new_han"].tolist() == [s.han for _, s in indep]
    assert rows["new_status"].tolist() == [s.status.name for _, s in indep]
    old = rescore(frame, Rules.tenhou() if rules.players == 4 else Rules.tenhou_sanma()).rows
    assert (old["delta"] == 0).all() and not old["changed"].any()
    assert rows["delta"].tolist() == [s.points - p for (_, s), p in zip(indep, old["old_points"].tolist())]
    s = report.summary
    assert s["changed"] == int((rows["delta"] != 0).sum()) == s["higher"] + s["lower"]
    assert s["new_points"] - s["old_points"] == s["delta"]
    assert sum(report.transitions.values()) == s["changed"]


def test_rescore_cli_text_json_parquet_and_rules_file(files, tmp_path, capsys):
    some = files[:8]
    assert main(["logs", "rescore", *some, "--rules", "wrc", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["rules"] == "wrc" and data["summary"]["changed"] == len(data["changed"])
    assert all(r["delta"] == r["new_points"] - r["old_points"] for r in data["changed"])
    path = tmp_path / "my.toml"
    Rules.wrc().save(path)
    out = tmp_path / "rows.parquet"
    assert main(["logs", "rescore", *some, "--rules", str(path), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "changed value:" in text and "under wrc" in text
    assert main(["logs", "rescore", *some, "--rules", str(tmp_path / "none.toml")]) == 2
    assert "none.toml': no such file" in capsys.readouterr().err
    rows = pd.read_parquet(out)
    assert len(rows) == data["summary"]["rescored"]
    assert int(rows["changed"].sum()) == data["summary"]["changed"]


def test_rescore_equals_the_reference_scorer(files, frame):
    """The new values against the pure-Python reference scorer on the replay's inputs."""
    from yakuman._reference.score import score as reference_score

    rules = Rules.wrc()
    rows = rescore(frame, rules).rows
    want = []
    for f in files:
        for game in logs.read(f):
            for case in logs.iter_wins(game):
                if case.players == 4:
                    want.append(reference_score(**_kwargs_under(case, rules)))
    assert rows["new_points"].tolist() == [s.points for s in want]
    assert rows["new_fu"].tolist() == [s.fu for s in want]
    assert rows["new_limit"].astype(object).where(rows["new_limit"].notna(), None).tolist() == \
        [s.limit for s in want]
    assert int(rows["changed"].sum()) > 10


def test_rescore_refused_rows_get_their_own_status_and_message(frame):
    """Rows the batch refuses (here: hands cut to one tile) are INVALID_INPUT with their own
    error; every other row is scored as in the clean frame (the refused ones are found by halves,
    so several of them, adjacent or apart, must each be found)."""
    clean = rescore(frame, Rules.wrc()).rows
    bad = frame.copy()
    wins = bad.index[(bad["kind"] == "win") & (bad["players"] == 4)]
    hit = [0, 1, 7, len(wins) - 1]
    bad.loc[wins[hit], "hand"] = "1m"
    rows = rescore(bad, Rules.wrc()).rows
    assert len(rows) == len(clean)
    refused = rows.index[rows["new_status"] == "INVALID_INPUT"].tolist()
    assert refused == hit
    assert all("tile" in str(r).lower() for r in rows.loc[hit, "new_reason"])
    keep = [i for i in range(len(rows)) if i not in hit]
    for col in ("new_status", "new_points", "new_han", "new_fu", "new_reason"):
        assert rows.loc[keep, col].tolist() == clean.loc[keep, col].tolist(), col


def test_rescore_reads_each_batch_column_once(frame, monkeypatch):
    """ScoreBatch.limits builds a list of every row per access: rescore reads it once, not once
    per row (that made the whole-corpus rescore quadratic: 24,075 wins took about a minute)."""
    from yakuman.batch import ScoreBatch

    reads = []
    plain = ScoreBatch.limits.fget

    def counted(self):
        reads.append(1)
        return plain(self)

    monkeypatch.setattr(ScoreBatch, "limits", property(counted))
    report = rescore(frame, Rules.wrc())
    assert len(report.rows) > 50
    assert len(reads) == 1
    assert report.rows["new_limit"].notna().sum() > 0


@pytest.mark.slow
@pytest.mark.parametrize("folder, preset", [("mjlog", "ema"), ("mjlog", "mahjongsoul_sanma"), ("tenhou6", "wrc")])
def test_rescore_every_record(folder, preset):
    """Every record of a folder re-scored; each value against the replay's inputs scored alone
    (games that cannot be replayed are left out of both; the folder holds some on purpose)."""
    from yakuman.logs.events import LogError

    d = tenhou_path(folder)
    files = sorted(str(p) for p in d.iterdir())
    rules = Rules.preset(preset)
    report = rescore(files, rules, workers=2)
    want = {}
    for f in files:
        try:
            games = logs.read(f)
        except LogError:
            continue
        for gi, game in enumerate(games):
            try:
                rounds = logs.replay(game)
            except LogError:
                continue
            for rr in rounds:
                for case in rr.wins:
                    if case.players == rules.players:
                        kw = _kwargs_under(case, rules)
                        want[(f, gi, case.event_index, case.seat)] = yakuman.score(**kw)
    rows = report.rows
    keys = list(zip(rows["file"], rows["game"], rows["event"], rows["seat"]))
    both = [(k, p, st) for k, p, st in zip(keys, rows["new_points"], rows["new_status"]) if k in want]
    # the fixture corpus: 106 four-player, 61 three-player wins
    assert len(both) >= 0.95 * len(rows) and len(both) >= floor(101, 61 if rules.players == 3 else 106)
    assert [(p, st) for _, p, st in both] == [(want[k].points, want[k].status.name) for k, _, _ in both]
