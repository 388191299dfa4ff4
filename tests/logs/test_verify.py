"""``yakuman logs verify`` and ``yakuman.logs.verify``: re-score, settle and compare with the record.

Synthetic records (tests/logs/_synth.py) need no data; the rest reads the shared Tenhou corpus and
skips when it is absent. The whole folders run in test_verify_full.py (default suite, marked slow).
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from yakuman import cli, logs
from yakuman.logs.verify import ROW_FIELDS, find_logs, verify_file, verify_paths

from ._synth import TENHOU_MJLOG
from .conftest import FIXTURE_CORPUS, HAVE_CORPUS, LOG_FIXTURES, corpus_or_fixtures, data_file

# A record of each kind of draw (besides the exhaustive draws of ordinary games).
DRAW_FILES = {
    "nagashi_mangan": "Agony5757+mahjong__6db94d9aa3",
    "kyuushu_kyuuhai": "MahjongRepository+tenhou-python-bot__76595ec363",
    "suufon_renda": "thewaxmango+mahjong-hands__00f374694e",
    "suucha_riichi": "mjx-project+mjx__b3bc9abf48",
    "suukaikan": "mjx-project+mjx__1b3709f755",
    "sanchahou": "Riichi-Mahjong-Statistics-Seminar+tenhou-paifu-to-json__283c5d6d47",
}
# Ordinary games (four-player and sanma, hanchan and tonpuusen, a truncated fixture).
GAME_FILES = [
    "Agony5757+mahjong__00031335b8",
    "Agony5757+mahjong__000578b811",
    "Agony5757+mahjong__0d01001c46",
    "Agony5757+mahjong__72ec29b87a",
    "mjx-project+mjx__440037b9c0",
    "tsubakisakura+mjlog2json__731fb99705",
]


def _write(path: Path, text: str, gz: bool = False) -> Path:
    data = text.encode("latin-1")
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


# Without the shared corpus: six engine-played games (three four-player, three sanma) and the
# constructed games with a kyuushu kyuuhai, a suufon renda and a nagashi mangan.
FIXTURE_GAMES = [FIXTURE_CORPUS / "mjlog" / f"engine{n}-0{i}.mjlog" for n in (4, 3) for i in (1, 2, 3)]
FIXTURE_DRAWS = {"kyuushu_kyuuhai": LOG_FIXTURES / "fixture4.mjlog", "suufon_renda": LOG_FIXTURES / "fixture4b.mjlog",
                 "nagashi_mangan": LOG_FIXTURES / "fixture4b.mjlog",
                 "suucha_riichi": FIXTURE_CORPUS / "mjlog" / "engine4-13.mjlog"}


def _mjlog_text(fragment: str) -> str:
    if not HAVE_CORPUS:
        return {GAME_FILES[0]: FIXTURE_GAMES[0], DRAW_FILES["suufon_renda"]: FIXTURE_DRAWS["suufon_renda"]}[
            fragment].read_text(encoding="latin-1")
    return gzip.decompress(data_file("mjlog", fragment).read_bytes()).decode("latin-1")


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(["logs", "verify", "--no-progress", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# ---- synthetic records ------------------------------------------------------------------------
def test_tenhou_win_agrees(tmp_path):
    f = _write(tmp_path / "tenhou.mjlog", TENHOU_MJLOG)
    r = verify_paths(tmp_path, rows=True)
    d = r.to_dict()
    assert (d["files"], d["games"], d["rounds"], d["wins"], d["wins_agree"], d["draws"], d["errors"]) == (
        1,
        1,
        1,
        1,
        1,
        0,
        0,
    )
    assert d["ok"] is True and d["mismatches"] == []
    assert {k: v["agree"] for k, v in d["categories"].items()} == {
        "yaku": 1,
        "han": 1,
        "fu": 1,
        "points": 1,
        "limit": 1,
        "deltas": 1,
    }
    (row,) = [dict(zip(ROW_FIELDS, x)) for x in r.rows]
    assert row["file"] == str(f) and row["kind"] == "win" and row["round_label"] == "E1"
    assert (row["seat"], row["from_seat"], row["tsumo"], row["tenhou"]) == (0, 0, True, True)
    assert (row["han"], row["points"], row["limit"], row["yakuman"]) == (13, 48000, "yakuman", 1)
    assert row["yaku"] == ["tenhou"] and row["yaku_mask"] == 1 << 37 == row["calc_yaku_mask"]
    assert [row[f"delta{i}"] for i in range(4)] == [48000, -16000, -16000, -16000]
    assert [row[f"calc_delta{i}"] for i in range(4)] == [48000, -16000, -16000, -16000]
    assert (row["calc_han"], row["calc_points"], row["ok"], row["mismatch"]) == (13, 48000, True, [])


def test_wrong_points_are_a_mismatch_with_file_and_round(tmp_path, capsys):
    bad = TENHOU_MJLOG.replace('ten="30,48000,5"', 'ten="30,36000,5"')
    f = _write(tmp_path / "bad.mjlog", bad)
    code, out, _ = _run(capsys, str(f), "--json")
    assert code == 1
    d = json.loads(out)
    assert (d["wins"], d["wins_agree"], d["ok"]) == (1, 0, False)
    assert d["categories"]["points"] == {"checked": 1, "agree": 0}
    assert d["categories"]["deltas"] == {"checked": 1, "agree": 1}  # sc still says 48000
    (m,) = d["mismatches"]
    assert (m["file"], m["round"], m["kind"], m["seat"], m["mismatch"]) == (
        str(f),
        "E1-0",
        "win",
        0,
        ["points"],
    )
    assert m["detail"] == "points 48000 != record 36000"
    code, out, _ = _run(capsys, str(f))
    assert code == 1
    (line,) = [x for x in out.splitlines() if x.strip().startswith("points")]
    assert line.split() == ["points", "0/1", "<-", "1", "disagree"]
    assert f"{f} game 0 E1-0 win seat 0: points: points 48000 != record 36000" in out
    assert out.rstrip().splitlines()[-1].startswith("DISAGREE")


def test_wrong_deltas_and_yaku(tmp_path):
    bad = TENHOU_MJLOG.replace('yakuman="37"', 'yakuman="38"').replace(
        'sc="250,480,250,-160,250,-160,250,-160"', 'sc="250,480,250,-240,250,-120,250,-120"'
    )
    r = verify_file(_write(tmp_path / "bad.mjlog", bad), rows=True)
    (row,) = [dict(zip(ROW_FIELDS, x)) for x in r.rows]
    assert row["mismatch"] == ["yaku", "deltas"]
    assert row["detail"] == (
        "yaku [tenhou 13] != record [chiihou 13]; "
        "deltas [48000, -16000, -16000, -16000] != record [48000, -24000, -12000, -12000]"
    )


def test_corrupt_and_truncated_files_are_reported_and_skipped(tmp_path, capsys):
    _write(tmp_path / "a_good.mjlog", TENHOU_MJLOG)
    raw = gzip.compress(TENHOU_MJLOG.encode())
    (tmp_path / "b_cut.mjlog.gz").write_bytes(raw[: len(raw) // 2])  # truncated gzip
    _write(tmp_path / "c_junk.json", "{ not json")
    _write(tmp_path / "d_no_result.mjlog", TENHOU_MJLOG.split("<AGARI")[0])  # a round without a result
    _write(tmp_path / "e_good.mjlog.gz", TENHOU_MJLOG, gz=True)
    _write(tmp_path / "README.md", "# not a log")  # not tried in a folder scan
    code, out, _ = _run(capsys, str(tmp_path), "--json", "--allow-errors")
    assert code == 0  # unreadable files are reported; with --allow-errors only disagreements fail
    d = json.loads(out)
    assert (d["files"], d["games"], d["wins"], d["wins_agree"], d["errors"]) == (5, 2, 2, 2, 3)
    problems = {Path(e["file"]).name: e["problem"] for e in d["error_list"]}
    assert set(problems) == {"b_cut.mjlog.gz", "c_junk.json", "d_no_result.mjlog"}
    assert problems["b_cut.mjlog.gz"].startswith("corrupt or truncated gzip data")
    assert problems["d_no_result.mjlog"] == "truncated game: round E1-0 has no result; no complete round"
    assert _run(capsys, str(tmp_path))[0] == 1  # by default an unreadable file fails the run
    assert _run(capsys, str(tmp_path), "--strict")[0] == 1
    assert d["duplicate_games"] == 1 and d["unique_wins"] == 1  # the same game in two files


def test_usage_errors_exit_2(tmp_path, capsys):
    code, _, err = _run(capsys, str(tmp_path / "missing"))
    assert code == 2 and "no such file or folder" in err
    (tmp_path / "empty").mkdir()
    code, _, err = _run(capsys, str(tmp_path / "empty"))
    assert code == 2 and "no log files" in err
    with pytest.raises(SystemExit) as e:
        cli.main(["logs", "verify", str(tmp_path), "--workers", "two"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        cli.main(["logs", "verify"])
    assert e.value.code == 2


def test_special_tables_are_counted_apart(tmp_path, capsys):
    special = TENHOU_MJLOG.replace('<GO type="169"', '<GO type="425"')  # 0x100: a special table
    special = special.replace('ten="30,48000,5"', 'ten="30,36000,5"')  # and a disagreement in it
    _write(tmp_path / "special.mjlog", special)
    _write(tmp_path / "normal.mjlog", TENHOU_MJLOG.replace("TESTSEED", "OTHERSEED"))
    code, out, _ = _run(capsys, str(tmp_path), "--json")
    d = json.loads(out)
    assert code == 0 and d["ok"] is True
    assert (d["games"], d["wins"], d["wins_agree"], d["mismatches"]) == (1, 1, 1, [])
    assert d["special"] == {
        "games": 1, "rounds": 1, "wins": 1, "wins_agree": 0, "draws": 0, "draws_agree": 0,
        "decisions": 1, "illegal": 0, "disagreements": 0,   # the engine checked the one decision: tenhou
    }


def test_progress_line_on_request(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_tqdm(name, *a, **k):
        if name == "tqdm":
            raise ImportError(name)
        return real_import(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    _write(tmp_path / "a.mjlog", TENHOU_MJLOG)
    code = cli.main(["logs", "verify", str(tmp_path), "--progress"])
    err = capsys.readouterr().err
    assert code == 0 and "verifying 1/1 files" in err
    code = cli.main(["logs", "verify", str(tmp_path)])  # not a terminal: no progress output
    assert code == 0 and capsys.readouterr().err == ""


def test_mutated_records_never_stop_verify(tmp_path):
    """Seeded byte mutations of a record: verify_file always returns (rows or errors)."""
    import random

    rng = random.Random(5)
    raw = TENHOU_MJLOG.encode()
    outcomes = Counter()
    for i in range(150):
        b = bytearray(raw)
        for _ in range(rng.randrange(1, 4)):
            b[rng.randrange(len(b))] = ord(rng.choice('0123456789,"<>/= '))
        f = tmp_path / f"m{i}.mjlog"
        if rng.random() < 0.3:
            b = b[: rng.randrange(len(b))]
        f.write_bytes(bytes(b))
        r = verify_file(f, rows=True)
        assert r.errors or r.rows is not None
        outcomes["error" if r.errors else "ok" if all(x[-3] for x in r.rows) else "mismatch"] += 1
    assert outcomes["error"] > 20 and outcomes["ok"] > 5 and outcomes["mismatch"] >= 1, outcomes


def test_find_logs_recurses_and_sorts(tmp_path):
    (tmp_path / "b" / "c").mkdir(parents=True)
    for name in ("b/c/2.xml", "b/1.gz", "a.mjlog", ".hidden", "notes.md", "b/c/table.csv.gz"):
        (tmp_path / name).write_text("x")
    got = [p.relative_to(tmp_path).as_posix() for p in find_logs(tmp_path)]
    assert got == ["a.mjlog", "b/1.gz", "b/c/2.xml"]
    assert find_logs([tmp_path / "notes.md"]) == [tmp_path / "notes.md"]  # named files are always tried


# ---- real records -----------------------------------------------------------------------------
def test_sample_games_agree():
    if not HAVE_CORPUS:
        d = verify_paths(FIXTURE_GAMES).to_dict()
        # 63 INIT, 52 AGARI and 12 RYUUKYOKU tags (grep counts); every one agrees
        assert (d["files"], d["games"], d["rounds"], d["wins"], d["draws"]) == (6, 6, 63, 52, 12)
        assert (d["wins_agree"], d["draws_agree"], d["ok"]) == (52, 12, True)
        assert d["categories"]["tenpai"] == d["categories"]["noten"] == {"checked": 11, "agree": 11}
        assert d["draw_types"] == {"exhaustive": 11, "suufon_renda": 1} and d["error_list"] == []
        return
    files = [data_file("mjlog", f) for f in GAME_FILES]
    r = verify_paths(files)
    d = r.to_dict()
    # 60 INIT tags less the truncated last round, 49 AGARI and 11 RYUUKYOKU tags (zgrep counts)
    assert (d["files"], d["games"], d["rounds"], d["wins"], d["draws"]) == (6, 6, 59, 49, 11)
    assert (d["wins_agree"], d["draws_agree"], d["ok"]) == (49, 11, True)
    assert d["categories"]["tenpai"] == {"checked": 10, "agree": 10}
    assert d["categories"]["noten"] == {"checked": 10, "agree": 10}
    assert d["draw_types"] == {"exhaustive": 10, "kyuushu_kyuuhai": 1}
    assert [e["problem"] for e in d["error_list"]] == ["truncated game: round S4-0 has no result; last complete round S3-0"]


def test_every_kind_of_draw_agrees():
    # the fixtures hold four of the six kinds (no suukaikan or sanchahou)
    kinds = DRAW_FILES if HAVE_CORPUS else FIXTURE_DRAWS
    files = [data_file("mjlog", f) for f in DRAW_FILES.values()] if HAVE_CORPUS else sorted(set(FIXTURE_DRAWS.values()))
    r = verify_paths(files, rows=True)
    rows = [dict(zip(ROW_FIELDS, x)) for x in r.rows]
    seen = {row["draw_type"] for row in rows if row["kind"] == "draw"}
    assert set(kinds) | {"exhaustive"} <= seen
    assert all(row["ok"] for row in rows)
    assert r.ok and r.counts["std_abort_checked"] == r.counts["std_abort_agree"] >= (5 if HAVE_CORPUS else 3)
    assert all(row["seat"] is not None for row in rows if row["draw_type"] == "kyuushu_kyuuhai")
    (nm,) = [row for row in rows if row["draw_type"] == "nagashi_mangan"]
    n = nm["players"]   # the corpus's is a sanma game, the fixture's a four-player one
    assert nm["nagashi"] and sum(nm[f"delta{i}"] for i in range(n)) == 0
    assert [nm[f"calc_delta{i}"] for i in range(n)] == [nm[f"delta{i}"] for i in range(n)]


def test_tampered_draws_disagree(tmp_path):
    text = _mjlog_text(GAME_FILES[0])
    # first exhaustive draw: drop one shown (tenpai) hand, so Tenhou's payments no longer fit
    at = text.index("<RYUUKYOKU ")
    end = text.index("/>", at)
    tag = text[at:end]
    shown = [a for a in tag.split() if a.startswith("hai")]
    assert shown, tag
    fake = tag.replace(" " + shown[0], "")
    _write(tmp_path / "tenpai.mjlog", text[:at] + fake + text[end:])
    # an abortive draw of the wrong type
    ab = _mjlog_text(DRAW_FILES["suufon_renda"]).replace('type="kaze4"', 'type="kan4"')
    _write(tmp_path / "abort.mjlog", ab)
    r = verify_paths(tmp_path, rows=True)
    bad = [dict(zip(ROW_FIELDS, x)) for x in r.rows if not x[ROW_FIELDS.index("ok")]]
    assert [(Path(b["file"]).name, b["draw_type"], b["mismatch"]) for b in bad] == [
        ("tenpai.mjlog", "exhaustive", ["tenpai"]),
    ]
    assert "tenpai seats" in bad[0]["detail"] and not r.ok
    # the abort of the wrong type is not the engine's round end (four kans were never made, its
    # own abort is the four winds): a disagreement named by file, round and event
    (g,) = logs.read(tmp_path / "abort.mjlog")
    at = next(i for i, e in enumerate(g.events) if type(e) is logs.Ryuukyoku and e.reason == "suukaikan")
    label = next(e.label for e in reversed(g.events[:at]) if type(e) is logs.RoundStart)
    d = r.to_dict()
    p = d["first_disagreement"]
    assert (Path(p["file"]).name, p["round"], p["event"]) == ("abort.mjlog", label, at)
    assert p["what"] == "record suukaikan, engine abortive_draw suufon_renda"
    assert d["disagreements"] == 1 and d["errors"] == 0


def test_workers_give_identical_results():
    files = corpus_or_fixtures("mjlog", GAME_FILES + list(DRAW_FILES.values()))
    one = verify_paths(files, workers=1, rows=True)
    two = verify_paths(files, workers=2, rows=True, chunk=2)
    a, b = one.to_dict(), two.to_dict()
    for k in ("elapsed", "workers"):
        a.pop(k), b.pop(k)
    assert a == b and one.rows == two.rows and len(one.rows) == a["wins"] + a["draws"] > 0


def test_other_formats_verify_like_mjlog(tmp_path):
    """The same games converted to mjai and tenhou.net/6 verify with the same agreement."""
    files = corpus_or_fixtures("mjlog", GAME_FILES[:4])
    for f in files:
        (g,) = logs.read(f)
        (tmp_path / (f.name + ".mjson")).write_text(logs.to_mjai_lines(g))
        (tmp_path / (f.name + ".json")).write_text(json.dumps(logs.to_tenhou_json(g), ensure_ascii=False))
    r = verify_paths(tmp_path).to_dict()
    base = verify_paths(files).to_dict()
    assert r["files"] == 2 * len(files) and r["errors"] == 0
    assert (r["wins"], r["wins_agree"]) == (2 * base["wins"], 2 * base["wins"])
    assert (r["draws"], r["draws_agree"]) == (2 * base["draws"], 2 * base["draws"])
