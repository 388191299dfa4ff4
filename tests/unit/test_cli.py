"""The CLI's scoring commands: score (text and --json), table (= docs/rules.md 5.4), demo."""

import json


from yakuman.cli import main
from yakuman.cli_score import point_table
from yakuman.rules import Rules

# docs/rules.md 5.4, transcribed: non-dealer ron (tsumo each non-dealer,dealer), han 1-4 x fu 20..110.
NON_DEALER = [
    ["- (-)", "- (-)", "1000 (300,500)", "1300 (400,700)", "1600 (400,800)", "2000 (500,1000)",
     "2300 (600,1200)", "2600 (700,1300)", "2900 (800,1500)", "3200 (800,1600)", "3600 (-)"],
    ["- (400,700)", "1600 (-)", "2000 (500,1000)", "2600 (700,1300)", "3200 (800,1600)", "3900 (1000,2000)",
     "4500 (1200,2300)", "5200 (1300,2600)", "5800 (1500,2900)", "6400 (1600,3200)", "7100 (1800,3600)"],
    ["- (700,1300)", "3200 (800,1600)", "3900 (1000,2000)", "5200 (1300,2600)", "6400 (1600,3200)",
     "7700 (2000,3900)", "M", "M", "M", "M", "M"],
    ["- (1300,2600)", "6400 (1600,3200)", "7700 (2000,3900)", "M", "M", "M", "M", "M", "M", "M", "M"],
]
DEALER = [
    ["- (-)", "- (-)", "1500 (500)", "2000 (700)", "2400 (800)", "2900 (1000)", "3400 (1200)", "3900 (1300)",
     "4400 (1500)", "4800 (1600)", "5300 (-)"],
    ["- (700)", "2400 (-)", "2900 (1000)", "3900 (1300)", "4800 (1600)", "5800 (2000)", "6800 (2300)",
     "7700 (2600)", "8700 (2900)", "9600 (3200)", "10600 (3600)"],
    ["- (1300)", "4800 (1600)", "5800 (2000)", "7700 (2600)", "9600 (3200)", "11600 (3900)", "M", "M", "M",
     "M", "M"],
    ["- (2600)", "9600 (3200)", "11600 (3900)", "M", "M", "M", "M", "M", "M", "M", "M"],
]


def test_point_tables_equal_rules_5_4():
    assert point_table(False) == NON_DEALER
    assert point_table(True) == DEALER
    kiriage = point_table(False, Rules.tenhou().replace(kiriage_mangan=True))
    assert kiriage[3][2] == "M" and kiriage[2][5] == "M"       # 4 han 30 fu, 3 han 60 fu
    open20 = point_table(False, Rules.tenhou().replace(open_pinfu_fu=20))
    assert [row[0].split()[0] for row in open20] == ["700", "1300", "2600", "5200"]


def test_table_command_prints_both(capsys):
    assert main(["table"]) == 0
    out = capsys.readouterr().out
    assert "Non-dealer" in out and "Dealer" in out and "7700 (2000,3900)" in out and "11600 (3900)" in out


def test_score_command_text_and_json(capsys):
    assert main(["score", "234567m34588p567s", "--win", "5s", "--riichi", "--dora", "1m", "--ura", "1z",
                 "--honba", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 han 30 fu: 11600 points (ron 11900, total 11900)" in out   # docs/rules.md EX05 (dealer, 1 honba)
    assert main(["score", "111999m333p555s22z", "--win", "2z", "--seat", "W", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "OK" and data["yakuman"] == 1 and data["points"] == 32000
    assert data["yaku"] == [{"yaku": "SUUANKOU_TANKI", "en": data["yaku"][0]["en"], "han": 13}]


def test_score_command_errors_and_non_wins(capsys):
    assert main(["score", "123m", "--win", "1m"]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["score", "123m456p789s23455z", "--win", "5z"]) == 0
    assert capsys.readouterr().out.startswith("NOT_COMPLETE")


def test_demo_runs(capsys):
    assert main(["demo", "--hands", "3000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "3,000 generated winning hands" in out and "hands/s" in out and "limit distribution" in out


# ---- the command line as a whole: --version, --json everywhere, melds, --rules files, pipes, verify

import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

import yakuman  # noqa: E402

SRC = str(Path(yakuman.__file__).resolve().parents[1])


def _yakuman(*argv: str, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=SRC)
    return subprocess.run([sys.executable, "-m", "yakuman", *argv], capture_output=True, text=True, env=env, **kw)


def test_version():
    out = _yakuman("--version")
    assert out.returncode == 0 and out.stdout == f"yakuman {yakuman.__version__}\n" and out.stderr == ""


def test_json_on_shanten_and_waits(capsys):
    assert main(["shanten", "123m456p789s1z", "--json"]) == 0   # tanki on 1z: tenpai, one meld inferred
    assert json.loads(capsys.readouterr().out) == {"hand": "123m456p789s1z", "melds": [], "form": "all",
                                                    "shanten": 0}
    assert main(["shanten", "19m19p19s1234567z", "--form", "regular", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["shanten"] == yakuman.shanten("19m19p19s1234567z", form="regular")
    assert main(["waits", "23456m567p789s33s", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"hand": "23456m567p789s33s", "melds": [],
                                                    "waits": ["1m", "4m", "7m"]}


def test_melds_on_shanten_and_waits(capsys):
    assert main(["waits", "23456m567p33s", "--meld", "chi 789s", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"hand": "23456m567p33s", "melds": ["chi 789s"],
                                                    "waits": ["1m", "4m", "7m"]}
    assert main(["shanten", "23456m567p33s", "--meld", "chi 789s"]) == 0
    assert capsys.readouterr().out == "0\n"
    # two pons: 7 tiles left, tenpai on 1m-4m-7m; text output is the waits in index order
    assert main(["waits", "23456m33s", "--meld", "pon 777z", "--meld", "pon 555z"]) == 0
    assert capsys.readouterr().out == "1m 4m 7m\n"
    # the meld count must fit the tiles, a meld must be a set, copies count the melds
    assert main(["shanten", "23456m567p33s", "--meld", "chi 789s", "--meld", "pon 111z"]) == 2
    assert "expected with 2 melds" in capsys.readouterr().err
    assert main(["waits", "23456m567p33s", "--meld", "chi 135s"]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["waits", "2345m567p11z", "--meld", "pon 111z", "--meld", "pon 777z"]) == 2
    assert "5 copies of 1z counting the melds" in capsys.readouterr().err


def test_json_on_table(capsys):
    assert main(["table", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [d["non_dealer"]["han"][str(h)][str(fu)] for h, fu in ((1, 30), (3, 30), (4, 30), (2, 25))] == [
        NON_DEALER[0][2], NON_DEALER[2][2], NON_DEALER[3][2], NON_DEALER[1][1]]
    assert [list(d["dealer"]["han"][str(h)].values()) for h in range(1, 5)] == DEALER
    assert d["non_dealer"]["limits"]["mangan"] == {"han": 5, "ron": 8000, "tsumo": [2000, 4000]}
    assert d["dealer"]["limits"]["yakuman"] == {"han": 13, "ron": 48000, "tsumo": [16000]}
    assert main(["table", "--dealer", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)) == ["dealer"]


def test_json_on_demo(capsys):
    from yakuman.batch import score_many
    from yakuman.random import winning_hands

    assert main(["demo", "--hands", "3000", "--seed", "2", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    res = score_many(winning_hands(3000, seed=2))
    assert d["hands"] == 3000 and sum(d["status"].values()) == 3000
    assert d["status"]["OK"] == int((res.status == 0).sum()) and sum(d["limits"].values()) == d["status"]["OK"]
    assert d["mean_points"] == pytest.approx(float(res.points[res.status == 0].mean()))


def test_rules_preset_or_file(tmp_path, capsys):
    toml = tmp_path / "kiriage.toml"
    toml.write_text("kiriage_mangan = true\n", encoding="utf-8")
    js = tmp_path / "open20.json"
    js.write_text(json.dumps({"open_pinfu_fu": 20}), encoding="utf-8")
    assert main(["table", "--non-dealer", "--json", "--rules", str(toml)]) == 0
    assert json.loads(capsys.readouterr().out)["non_dealer"]["han"]["4"]["30"] == "M"   # 7700 -> mangan
    assert main(["table", "--non-dealer", "--json", "--rules", str(js)]) == 0
    assert json.loads(capsys.readouterr().out)["non_dealer"]["han"]["1"]["20"] == "700 (-)"
    # 4 han 30 fu non-dealer ron: 7700 under Tenhou, a mangan (8000) with kiriage from the file
    hand = ["score", "234567m34588p567s", "--win", "5s", "--riichi", "--dora", "1m", "--seat", "S", "--json"]
    assert main(hand) == 0 and json.loads(capsys.readouterr().out)["points"] == 7700
    assert main([*hand, "--rules", str(toml)]) == 0 and json.loads(capsys.readouterr().out)["points"] == 8000
    assert main([*hand, "--rules", "mleague"]) == 0 and json.loads(capsys.readouterr().out)["points"] == 8000
    assert main(["table", "--rules", "nope"]) == 2
    assert "unknown rules 'nope'" in capsys.readouterr().err
    assert main(["table", "--rules", str(tmp_path / "missing.toml")]) == 2
    assert "cannot read rules file" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text("kiriage_mangan = 3\n", encoding="utf-8")
    assert main(["table", "--rules", str(bad)]) == 2
    assert "error:" in capsys.readouterr().err


def test_a_closed_pipe_ends_quietly():
    r, w = os.pipe()
    os.close(r)   # the reader is gone before the first write: the write fails with EPIPE
    env = dict(os.environ, PYTHONPATH=SRC)
    p = subprocess.run([sys.executable, "-m", "yakuman", "table"], stdout=w, stderr=subprocess.PIPE, env=env)
    os.close(w)
    assert p.returncode == 141 and p.stderr == b""
    sh = subprocess.run(["bash", "-c", f"'{sys.executable}' -m yakuman demo --hands 20000 | head -1"],
                        capture_output=True, text=True, env=env)
    assert sh.returncode == 0 and sh.stderr == "" and sh.stdout.startswith("20,000 generated winning hands")




def _mjlog() -> str:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    try:
        import smoke
    finally:
        sys.path.pop(0)
    return smoke.MJLOG


def test_logs_verify_skips_hidden_folders_and_says_so(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "a.mjlog").write_text(_mjlog(), encoding="utf-8")
    for hidden in (".git/objects", ".venv/lib"):
        (tmp_path / hidden).mkdir(parents=True)
        (tmp_path / hidden / "junk.mjlog").write_text("not a log", encoding="utf-8")
    (tmp_path / ".hidden.mjlog").write_text("not a log", encoding="utf-8")
    (tmp_path / "README.md").write_text("# notes", encoding="utf-8")
    out = _yakuman("logs", "verify", str(tmp_path), "--json")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert (d["files"], d["wins"], d["wins_agree"], d["errors"]) == (1, 1, 1, 0)
    assert out.stderr.splitlines() == [
        "skipped 2 hidden folders (.git, .venv; not entered), 1 hidden file, 1 non-log file by name (.md)"]
    quiet = _yakuman("logs", "verify", str(tmp_path / "games"))
    assert quiet.returncode == 0 and quiet.stderr == ""   # nothing skipped: no line


def test_logs_verify_fails_on_unreadable_files_unless_allowed(tmp_path):
    (tmp_path / "a.mjlog").write_text(_mjlog(), encoding="utf-8")
    (tmp_path / "b.mjlog").write_text("<mjloggm><INIT seed=", encoding="utf-8")
    out = _yakuman("logs", "verify", str(tmp_path))
    assert out.returncode == 1
    assert out.stderr.splitlines() == ["skipped 1 file that could not be read or replayed (listed in the report)"]
    assert _yakuman("logs", "verify", str(tmp_path), "--allow-errors").returncode == 0


def test_logs_verify_fails_when_nothing_was_verified(tmp_path):
    empty = tmp_path / "nothing.mjlog"
    empty.write_text(_mjlog().split("<INIT")[0] + "</mjloggm>", encoding="utf-8")
    out = _yakuman("logs", "verify", str(empty), "--json")
    assert out.returncode == 1 and json.loads(out.stdout)["wins"] == 0
    assert "nothing was verified: no win or draw in 1 file" in out.stderr
    assert _yakuman("logs", "verify", str(empty), "--allow-errors").returncode == 0
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / ".git").mkdir()
    no_logs = _yakuman("logs", "verify", str(tmp_path / "empty"))
    assert no_logs.returncode == 2 and "no log files under" in no_logs.stderr and "hidden folder" in no_logs.stderr


def test_every_commands_help_renders():
    """`yakuman --help` and every subcommand's help, at every depth, render (argparse expands % in
    help strings: a bare "tenpai %" in the ev command's help made `yakuman --help` raise)."""
    import argparse

    from yakuman.cli import _parser

    seen = []

    def walk(p, path):
        assert p.format_help().startswith("usage: " + " ".join(path)), path
        seen.append(path)
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                for name, sub in a.choices.items():
                    walk(sub, path + [name])

    walk(_parser(), ["yakuman"])
    assert ["yakuman", "ev"] in seen and ["yakuman", "logs", "review"] in seen and len(seen) >= 14
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
