"""Terminal output of every command that prints what files hold (issue 25): hostile player names,
file names and rules files reach the terminal escaped, in the text tables, the JSON lines and the
error messages alike; the JSON still reads back as the same values."""

from __future__ import annotations

import json
import re

import pytest

from yakuman import cli
from yakuman._text import terminal_json, terminal_safe

from .test_hardening_logs import _t6

# ESC / OSC, a C1 CSI (8-bit terminals), BEL, DEL, right-to-left override, a bidi isolate
HOSTILE = ["\x1b]0;pwned\x07", "a\x9b31mb", "ev\u202eil", "x\x7fy\u2066z"]
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")   # all but the newline


def _clean(text: str) -> None:
    bad = RAW.findall(text)
    assert not bad, bad


def _output(capsys):
    """What the command printed, checked: no raw control on stdout or stderr."""
    out = capsys.readouterr()
    _clean(out.out)
    _clean(out.err)
    return out


def test_terminal_json_is_the_same_json_value_without_raw_controls():
    obj = {"names": HOSTILE + ["\udc80", "東", "\u00e9"], "n": 1}
    text = terminal_json(obj)
    _clean(text)
    assert json.loads(text) == obj
    assert "東" in text and "\u00e9" in text       # readable names stay readable
    assert terminal_safe("a\x1bb\u202e") == "a\\x1bb\\u202e"


@pytest.fixture()
def hostile(tmp_path):
    return _t6(tmp_path, HOSTILE, 1, "hostile\x1b[2J\u202e")


@pytest.mark.parametrize("json_flag", [False, True])
def test_logs_stats_escapes_names_and_file_names(hostile, capsys, json_flag):
    args = ["logs", "stats", str(hostile), "--no-progress"] + (["--json"] if json_flag else [])
    assert cli.main(args) == 0
    out = _output(capsys)
    if json_flag:
        back = json.dumps(json.loads(out.out), ensure_ascii=False)   # the names read back exactly
        assert all(json.dumps(name, ensure_ascii=False)[1:-1] in back for name in HOSTILE)
    else:
        assert "\\x1b]0;pwned\\x07" in out.out


@pytest.mark.parametrize("json_flag", [False, True])
def test_logs_verify_escapes_file_names(tmp_path, capsys, json_flag):
    bad = tmp_path / "bad\x1b[31m\x9b\u202e.mjlog"
    bad.write_bytes(b"<mjloggm ver='2.3'><GO")
    args = ["logs", "verify", str(bad), "--no-progress"] + (["--json"] if json_flag else [])
    assert cli.main(args) == 1
    out = _output(capsys)
    if json_flag:
        assert json.loads(out.out)["error_list"][0]["file"] == str(bad)   # the same value


@pytest.mark.parametrize("cmd", [["logs", "verify"], ["logs", "stats"], ["logs", "review", "--seat", "0"],
                                 ["logs", "rescore", "--rules", "tenhou"]])
def test_a_missing_hostile_path_is_reported_escaped(tmp_path, capsys, cmd):
    missing = tmp_path / "no\x1b]2;x\x07such\u202e"
    code = cli.main([*cmd, str(missing)])
    out = _output(capsys)
    assert code != 0
    assert "Traceback" not in out.err


@pytest.mark.parametrize("json_flag", [False, True])
def test_logs_review_escapes_names(hostile, capsys, json_flag):
    args = ["logs", "review", str(hostile), "--player", HOSTILE[1], "--policy", "greedy"]
    assert cli.main(args + (["--json"] if json_flag else [])) == 0
    out = _output(capsys)
    if json_flag:
        assert HOSTILE[1] in json.dumps(json.loads(out.out), ensure_ascii=False)


@pytest.mark.parametrize("json_flag", [False, True])
def test_logs_rescore_escapes_file_names(hostile, capsys, json_flag):
    args = ["logs", "rescore", str(hostile), "--rules", "mleague"]
    assert cli.main(args + (["--json"] if json_flag else [])) == 0
    out = _output(capsys)


def test_a_hostile_rules_file_name_is_escaped(tmp_path, capsys):
    f = tmp_path / "r\x1b[5m\u202e.toml"
    f.write_bytes(b"\xff\xfe")
    for args in (["score", "123m456p789s11z222z", "--win", "2z", "--rules", str(f)],
                 ["ev", "123m456p789s11z23z", "--rules", str(f)]):
        assert cli.main(args) != 0
        out = _output(capsys)
        assert "Traceback" not in out.err


def test_the_ev_and_score_outputs_hold_no_raw_control(capsys):
    assert cli.main(["ev", "123m456p789s11z23z"]) == 0
    assert cli.main(["ev", "123m456p789s11z23z", "--json"]) == 0
    assert cli.main(["score", "123m456p789s11z222z", "--win", "2z", "--json"]) == 0
    _output(capsys)
