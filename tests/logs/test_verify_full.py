"""The whole shared corpus through ``yakuman logs verify`` (in the default suite whenever the
corpus is present; marked ``slow`` so that ``-m "not slow"`` leaves it out).

``.venv/bin/python -m pytest -q -s tests/logs/test_verify_full.py``

- the shared corpus's mjlog folder: all 3,774 files; every win agrees with Tenhou (yaku, han, fu,
  points, limit, every seat's delta) and every draw (tenpai, noten payments, nagashi, abort type);
  the distinct wins of games with an id are exactly the records of agari.jsonl.gz that came from
  these files (10 records come from a replay absent from the folder); the 17 other wins are in
  three hand-made fixtures without a game id or seed. There are no special tables in the folder.
  The game engine refuses three inconsistent tenhou-python-bot fixtures (1 illegal decision,
  21 disagreements), so the folder is not ok.
- its tenhou6 folder: every win and draw agrees except one win of a hand-made
  mjai-reviewer fixture whose deltas leave out the riichi stick on the table.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter

import pytest

from yakuman import cli

from .conftest import HAVE_CORPUS, tenhou_path

pytestmark = pytest.mark.slow


def _verify(capsys, folder) -> dict:
    # the corpus holds known-broken fixtures (reported as errors): only disagreements fail here
    code = cli.main(["logs", "verify", str(folder), "--json", "--workers", "2", "--no-progress", "--allow-errors"])
    d = json.loads(capsys.readouterr().out)
    d["exit"] = code
    return d


def _kind(problem: str) -> str:
    if problem.startswith("truncated game"):
        return "truncated"
    if "client protocol" in problem:
        return "client dump"
    if "no mjlog game" in problem:
        return "no game"
    return problem


def _fixture_corpus_agrees(d: dict) -> None:
    """The fixture corpus (tests/fixtures/corpus, one format's folder): 21 games, 196 rounds,
    167 wins and 31 draws, all agreeing; no error, no illegal decision, no disagreement."""
    assert d["exit"] == 0 and d["ok"] is True and d["mismatches"] == [] and d["errors"] == 0
    assert (d["files"], d["games"], d["wins"], d["draws"]) == (21, 21, 167, 31)
    assert d["wins_agree"] == 167 and d["draws_agree"] == 31
    assert d["illegal"] == d["disagreements"] == 0
    cats = {k: v["checked"] for k, v in d["categories"].items()}
    assert cats["yaku"] == cats["deltas"] == 167 and cats["tenpai"] == 29
    assert all(v["agree"] == v["checked"] for v in d["categories"].values())


def test_mjlog_folder():
    from yakuman.logs.verify import verify_paths

    folder = tenhou_path("mjlog")
    # One verification pass: the CLI's --json output is report.to_dict() and its exit code 0 iff
    # report.ok (test_tenhou6_folder below goes through the CLI itself).
    report = verify_paths(folder, workers=2)
    d = report.to_dict()
    d["exit"] = 0 if report.ok else 1
    print(
        f"\nmjlog: {d['files']} files, {d['games']} games, {d['rounds']} rounds, wins {d['wins_agree']}/"
        f"{d['wins']}, draws {d['draws_agree']}/{d['draws']}, errors {d['errors']} in {d['elapsed']} s "
        f"(2 workers)"
    )
    if not HAVE_CORPUS:   # the fixture corpus: 21 engine-played hanchan, every win and draw agrees
        _fixture_corpus_agrees(d)
        assert d["draw_types"] == {"exhaustive": 29, "suucha_riichi": 1, "suufon_renda": 1}
        assert d["decisions"] == 11410 and d["special"]["games"] == 0
        return
    # not ok: the engine disagrees with three inconsistent tenhou-python-bot fixtures (below)
    assert d["exit"] == 1 and d["ok"] is False and d["mismatches"] == []
    assert (d["files"], d["games"], d["rounds"]) == (3774, 3749, 36353)
    assert d["wins"] == d["wins_agree"] == 30676
    assert d["draws"] == d["draws_agree"] == 5843
    assert all(v["agree"] == v["checked"] for v in d["categories"].values())
    assert d["draw_types"] == {
        "exhaustive": 5255,
        "kyuushu_kyuuhai": 525,
        "nagashi_mangan": 20,
        "sanchahou": 3,
        "suucha_riichi": 7,
        "suufon_renda": 28,
        "suukaikan": 5,
    }
    cats = {k: v["checked"] for k, v in d["categories"].items()}
    assert cats == {
        "yaku": 30676,
        "han": 30676,
        "fu": 30676,
        "points": 30676,
        "limit": 30676,
        "deltas": 30676,
        "tenpai": 5255 + 20,
        "noten": 5255,
        "nagashi": 20,
        "abort": 568,
    }
    assert d["special"]["games"] == 0
    # every logged decision through the game engine: legal, and every automatic transition equal,
    # except in three tenhou-python-bot fixtures (3 games, 22 rounds) whose wins the engine does
    # not take as recorded (and whose tables then go on apart): each problem named by file and round
    assert d["illegal"] == 1 and d["disagreements"] == 21 and d["decisions"] > 2_000_000
    bot = "MahjongRepository+tenhou-python-bot__"
    fi, fd = d["first_illegal"], d["first_disagreement"]
    assert (fi["file"].rsplit("/", 1)[-1], fi["round"]) == (bot + "5a612e4461__24.txt.gz", "E4-0")
    assert fi["what"] == "riichi of seat 3 is not among the legal actions"
    assert (fd["file"].rsplit("/", 1)[-1], fd["round"]) == (bot + "1a54c7a193__23.txt.gz", "E1-0")
    # the final game end too: the one hand-made one-round excerpt ends its game where the rules go
    # on (its GameEnd is the whole game's), counted apart and named
    assert d["excerpts"] == 1 and "one_round" in d["first_excerpt"]["file"]
    # truncated: 22 games whose last round has no result + 13 without a final result (owari)
    assert Counter(_kind(e["problem"]) for e in d["error_list"]) == {
        "truncated": 35,
        "client dump": 24,
        "no game": 1,
    }
    # the distinct wins are the agari.jsonl.gz records of these files
    with gzip.open(tenhou_path("agari.jsonl.gz"), "rt") as f:
        records = {r["id"]: r["source"] for r in map(json.loads, f)}
    ids = {f"{k}#{rnd}.{honba}.{i}.{seat}" for k, rnd, honba, i, seat in report.win_ids}
    assert ids <= set(records)
    assert len(ids) == 30319 == len(records) - 10
    assert {records[k] for k in set(records) - ids} == {
        "spen428/custom_tenhou_client:tenhou/gui/resources/replays/2017010100gm-00a9-0000-a55f99aa"
    }
    assert report.counts["std_wins_without_key"] == 17
    assert d["unique_wins"] == 30319 + 17


def test_tenhou6_folder(capsys):
    d = _verify(capsys, tenhou_path("tenhou6"))
    print(
        f"\ntenhou6: {d['files']} files, {d['games']} games, wins {d['wins_agree']}/{d['wins']}, "
        f"draws {d['draws_agree']}/{d['draws']}, errors {d['errors']}"
    )
    if not HAVE_CORPUS:
        _fixture_corpus_agrees(d)
        return
    assert d["exit"] == 1
    assert (d["files"], d["games"], d["rounds"], d["wins"], d["draws"]) == (54, 52, 424, 353, 75)
    assert (d["wins_agree"], d["draws_agree"]) == (352, 75)
    (m,) = d["mismatches"]
    assert m["file"].endswith("Equim-chan+mjai-reviewer__88478e5670__confusing_nakis_1.json.gz")
    assert (m["round"], m["mismatch"]) == ("E2-2", ["deltas"])
    assert m["detail"] == "deltas [2600, 0, -1600, 0] != record [1600, 0, -1600, 0]"
    assert sorted(e["problem"][:40] for e in d["error_list"]) == [
        "fifth copy of 5s (non-red)",
        "not a tenhou.net/6 log (a 'log' entry is",
    ]
