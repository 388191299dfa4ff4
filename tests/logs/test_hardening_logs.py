"""Regressions of the hardening issue, items 1-5: damaged and hostile log files, dying workers.

Each test is named after its item. The damaged inputs are built from a real 11-round record of
the shared Tenhou data folder (skipped with a reason when absent) and from the small synthetic record
of tests/logs/_synth.py (always run).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import zlib
from pathlib import Path

import pytest

from yakuman import cli, logs
from yakuman.errors import YakumanError
from yakuman.logs import LogError, LogFormatError, read, read_bytes
from yakuman.logs.events import MAX_DECOMPRESSED, RoundStart
from yakuman.logs.tenhou_xml import decompress
from yakuman.logs.verify import verify_file, verify_paths

from ._synth import TENHOU_MJLOG
from .conftest import FIXTURE_CORPUS, HAVE_CORPUS, LOG_FIXTURES, data_file

ELEVEN_ROUNDS = "Agony5757+mahjong__000578b811"  # 11 rounds, ends with owari


def _real_xml() -> bytes:
    """A real record of 11 rounds ending with owari; without the shared corpus an engine-played
    one of the same length (tests/fixtures/corpus)."""
    if not HAVE_CORPUS:
        return (FIXTURE_CORPUS / "mjlog" / "engine4-07.mjlog").read_bytes()
    return gzip.decompress(data_file("mjlog", ELEVEN_ROUNDS).read_bytes())


def _second_init_cut(xml: bytes) -> bytes:
    first = xml.index(b"<INIT")
    second = xml.index(b"<INIT", first + 1)
    return xml[: second + 30]  # in the middle of the second INIT tag


def _rounds(games) -> int:
    return sum(1 for g in games for _ in g.rounds())


# ---- item 1: truncation --------------------------------------------------------------------
def test_item1_truncated_mjlog_is_truncated_everywhere(tmp_path):
    xml = _real_xml()
    assert _rounds(read_bytes(xml, "whole.mjlog")) == 11
    cut = _second_init_cut(xml)
    p = tmp_path / "cut.mjlog"
    p.write_bytes(cut)
    with pytest.raises(LogFormatError, match=r"half-written tag at byte \d+ .*last complete round E1-0"):
        read(p)
    (g,) = read(p, strict=False)
    assert g.truncated and "last complete round E1-0" in g.truncated
    assert _rounds([g]) == 1
    fr = verify_file(p)
    assert len(fr.errors) == 1 and "last complete round E1-0" in fr.errors[0]["message"]
    assert fr.counts["std_rounds"] == 1  # the complete round still counts


def test_item1_missing_owari_is_truncation():
    body = TENHOU_MJLOG.split(" owari=")[0] + " /></mjloggm>"
    with pytest.raises(LogFormatError, match=r"no final result \(owari\) after round E1-0; last complete round E1-0"):
        read_bytes(body.encode(), "no_owari.mjlog")
    (g,) = read_bytes(body.encode(), "no_owari.mjlog", strict=False)
    assert g.truncated.startswith("truncated game: no final result (owari)")
    assert len(g.wins()) == 1
    # the whole record reads clean
    (g,) = read_bytes(TENHOU_MJLOG.encode(), "ok.mjlog")
    assert g.truncated is None


def test_item1_half_written_tag_synthetic():
    data = TENHOU_MJLOG[: TENHOU_MJLOG.index("<AGARI") + 20].encode()   # cut inside the AGARI tag
    at = TENHOU_MJLOG.index("<AGARI")
    with pytest.raises(LogFormatError, match=f"half-written tag at byte {at} "):
        read_bytes(data, "cut.mjlog")
    with pytest.raises(LogFormatError, match="no complete round"):
        read_bytes(data, "cut.mjlog", strict=False)  # its only round is the cut one


# ---- item 2: a tag that does not parse -----------------------------------------------------
def test_item2_damaged_first_init_is_an_error_at_its_offset(tmp_path):
    xml = _real_xml()
    bad = xml.replace(b'<INIT seed="', b"<INIT seed=", 1)
    at = bad.index(b"<INIT")
    p = tmp_path / "quote.mjlog"
    p.write_bytes(bad)
    for strict in (True, False):
        with pytest.raises(LogFormatError, match=f"malformed tag at byte {at}: '<INIT seed=0,0,0"):
            read(p, strict=strict)
    fr = verify_file(p)
    assert fr.counts["std_rounds"] == 0 and f"malformed tag at byte {at}" in fr.errors[0]["message"]


def test_item2_damaged_tag_mid_game_keeps_the_rounds_before_it():
    xml = _real_xml()
    inits = [m.start() for m in re.finditer(rb"<INIT ", xml)]
    at = inits[5]  # the sixth round's INIT loses its closing quote of seed
    bad = xml[:at] + xml[at:].replace(b'" ten=', b" ten=", 1)
    with pytest.raises(LogFormatError, match=f"malformed tag at byte {at}"):
        read_bytes(bad, "mid.mjlog")
    (g,) = read_bytes(bad, "mid.mjlog", strict=False)
    assert _rounds([g]) == 5 and f"malformed tag at byte {at}" in g.truncated


@pytest.mark.parametrize("junk", ["<T12x/>", "<D5 />x", '<N who="0" m=12/>', "<REACH who=1/>", "<DORA hai=\"5/>"])
def test_item2_malformed_tags_synthetic(junk):
    at = TENHOU_MJLOG.index("<T54/>")
    data = TENHOU_MJLOG[:at] + junk + TENHOU_MJLOG[at:]
    if junk == "<D5 />x":  # a well-formed tag followed by text is no damage
        assert len(read_bytes(data.encode(), "x.mjlog")[0].wins()) == 1
        return
    with pytest.raises(LogFormatError, match=f"malformed tag at byte {at}"):
        read_bytes(data.encode(), "x.mjlog")


def test_item2_html_around_the_record_is_not_damage():
    page = f"<html><head><meta charset=utf-8></head><body><pre>{TENHOU_MJLOG}</pre><a href='x'>x</a></body></html>"
    (g,) = read_bytes(page.encode(), "page.html")
    assert g.truncated is None and len(g.wins()) == 1


# ---- item 3: every malformed input is a yakuman.errors log error -----------------------------
def _tenhou6() -> dict:
    # a real tenhou.net/6 record, or without the shared corpus the constructed game with a double ron
    f = data_file("tenhou6", "double_ron") if HAVE_CORPUS else LOG_FIXTURES / "fixture4.json"
    raw = f.read_bytes()
    obj = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
    return obj[0] if isinstance(obj, list) else obj


SMALL_T6 = {
    "name": ["A", "B", "C", "D"],
    "rule": {"disp": "般南喰赤", "aka": 1},
    "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [21], [], [11] * 13, [], [], [12] * 13, [], [], [13] * 13,
             [], [], [14] * 13, [], [], ["不明"]]],
}


@pytest.mark.parametrize("mutate", [
    lambda o: o.__setitem__("name", 5),
    lambda o: o.__setitem__("rule", 7),
    lambda o: o.__setitem__("sc", "x"),
    lambda o: o["log"][0].__setitem__(1, 5),
    lambda o: o["log"][0].__setitem__(4, None),
    lambda o: o["log"][0][0].__setitem__(0, "x"),
])
def test_item3_wrong_json_types_raise_log_errors(mutate, tmp_path):
    obj = json.loads(json.dumps(SMALL_T6))
    mutate(obj)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(obj, ensure_ascii=False))
    with pytest.raises(LogError) as ei:
        read(p)
    assert isinstance(ei.value, YakumanError) and str(p) in str(ei.value)


def test_item3_real_tenhou6_with_name_5(tmp_path):
    obj = _tenhou6()
    obj["name"] = 5
    p = tmp_path / "name5.json"
    p.write_text(json.dumps(obj, ensure_ascii=False))
    with pytest.raises(LogFormatError, match="'name' must be a list, not int"):
        read(p)
    obj = _tenhou6()
    obj["log"][0][4] = 17  # a haipai that is a number
    p.write_text(json.dumps(obj, ensure_ascii=False))
    with pytest.raises(LogFormatError, match=r"round E1-0|round 0"):
        read(p)


@pytest.mark.parametrize("text", [
    '{"log": ' + "[" * 100000 + "]" * 100000 + "}",
    "[" * 100000 + "]" * 100000,
    '{"type": "start_game", "names": ' + "[" * 100000 + "]" * 100000 + "}",
])
def test_item3_deep_nesting_is_a_log_error(text, tmp_path):
    p = tmp_path / "deep.json"
    p.write_text(text)
    with pytest.raises(LogFormatError, match="nested too deeply"):
        read(p)
    assert "nested too deeply" in verify_file(p).errors[0]["message"]


def test_item3_mjai_wrong_types(tmp_path):
    lines = [{"type": "start_game", "names": 5}, {"type": "start_kyoku", "bakaze": 3}]
    with pytest.raises(LogError, match="x.mjson"):
        read_bytes("\n".join(json.dumps(x) for x in lines).encode(), "x.mjson")


# ---- item 4: gzip bomb ---------------------------------------------------------------------
def _zeros_gz(n: int) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b"\0" * (1 << 20)
    parts = [c.compress(block) for _ in range(n >> 20)]
    parts.append(c.compress(b"\0" * (n & ((1 << 20) - 1))))
    parts.append(c.flush())
    return b"".join(parts)


def test_item4_gzip_bomb_is_a_per_file_error(tmp_path, capsys):
    assert MAX_DECOMPRESSED == 64 << 20
    bomb = _zeros_gz(MAX_DECOMPRESSED + 1)
    p = tmp_path / "bomb.mjlog.gz"
    p.write_bytes(bomb)
    with pytest.raises(LogFormatError, match=f"more than {MAX_DECOMPRESSED} bytes"):
        read(p)
    assert decompress(_zeros_gz(MAX_DECOMPRESSED), "ok") == b"\0" * MAX_DECOMPRESSED  # the limit itself passes
    # the option, on read, verify and the command line
    small = tmp_path / "small.mjlog.gz"
    small.write_bytes(gzip.compress(TENHOU_MJLOG.encode()))
    assert len(read(small)) == 1
    with pytest.raises(LogFormatError, match="more than 100 bytes"):
        read(small, max_bytes=100)
    fr = verify_file(small, max_bytes=100)
    assert "more than 100 bytes" in fr.errors[0]["message"] and fr.counts["std_games"] == 0
    rep = verify_paths([small, p], workers=2, max_bytes=500)
    assert len(rep.errors) == 2
    code = cli.main(["logs", "verify", str(tmp_path), "--json", "--max-bytes", "100000"])
    d = json.loads(capsys.readouterr().out)
    assert code == 1 and d["errors"] == 1 and d["games"] == 1   # a file that could not be read fails the run
    assert "bomb.mjlog.gz" in d["error_list"][0]["file"]


def test_item4_bad_limit_is_the_callers_error(tmp_path):
    from yakuman.errors import InvalidArgumentError

    p = tmp_path / "x.mjlog"
    p.write_text(TENHOU_MJLOG)
    for bad in (-1, 1.5, "64M", True):
        with pytest.raises(InvalidArgumentError, match="max_bytes must be None or an integer >= 0"):
            read(p, max_bytes=bad)
        with pytest.raises(InvalidArgumentError):
            verify_paths([p], max_bytes=bad)


def test_item4_multi_member_and_corrupt_gzip():
    two = gzip.compress(TENHOU_MJLOG[:500].encode()) + gzip.compress(TENHOU_MJLOG[500:].encode())
    assert decompress(two) == TENHOU_MJLOG.encode()
    with pytest.raises(LogFormatError, match="more than 600 bytes"):
        decompress(two, "x", max_bytes=600)   # the limit counts every member
    with pytest.raises(LogFormatError, match="corrupt or truncated gzip"):
        decompress(two[:-30], "x")
    with pytest.raises(LogFormatError, match="not a gzip member"):
        decompress(two + b"junk", "x")


# ---- item 5: a dying worker ----------------------------------------------------------------
def _corpus(tmp_path) -> list[Path]:
    files = []
    for i in range(6):
        p = tmp_path / f"g{i}.mjlog"
        p.write_text(TENHOU_MJLOG.replace("TESTSEED", f"SEED{i}"))
        files.append(p)
    return files


def _same(a, b) -> None:
    x, y = a.to_dict(), b.to_dict()
    for k in ("elapsed", "workers", "worker_deaths"):
        x.pop(k), y.pop(k)
    assert x == y


def test_item5_dying_pool_worker_loses_nothing(tmp_path, monkeypatch):
    files = _corpus(tmp_path)
    base = verify_paths(files)
    assert base.to_dict()["wins_agree"] == 6
    # a file that kills its worker every time: one "worker died" error, every other result kept
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", "g3.mjlog")
    rep = verify_paths(files, workers=2, chunk=2)
    d = rep.to_dict()
    assert d["files"] == 6 and d["wins"] == 5 and d["wins_agree"] == 5
    (err,) = rep.errors
    assert err["file"].endswith("g3.mjlog") and "worker died" in err["problem"] and "retried once" in err["problem"]
    assert {"file": str(files[3]), "retried": "died again"} in rep.worker_deaths
    # a file that kills its worker once: retried in a fresh worker, the report as without deaths
    marker = tmp_path / "killed-once"
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", f"g1.mjlog:once:{marker}")
    rep = verify_paths(files, workers=2, chunk=1)
    assert marker.exists() and rep.worker_deaths
    _same(base, rep)


def test_item5_dying_dask_worker_loses_nothing(tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    import dask

    files = _corpus(tmp_path)
    base = verify_paths(files)
    monkeypatch.setenv("YAKUMAN_TEST_KILL_WORKER", "g2.mjlog")  # inherited by the worker processes
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        with (
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as cluster,
            distributed.Client(cluster) as client,
        ):
            rep = logs.verify_dask(files, client, partition_size=2)
    d = rep.to_dict()
    assert d["files"] == 6 and d["wins"] == 5 and d["wins_agree"] == 5
    (err,) = rep.errors
    assert err["file"].endswith("g2.mjlog") and "worker died" in err["problem"]
    # g3 shared g2's task: retried alone, its result is kept
    assert {"file": str(files[3]), "retried": "ok"} in rep.worker_deaths
    assert base.to_dict()["wins"] == 6


# ---- issue 25, items 11-16: the logs command line -------------------------------------------------------------
def _t6(tmp_path, names, seed: int = 1, name: str = "g") -> Path:
    """A tenhou.net/6 file of an engine game with these player names."""
    import random

    from yakuman.game import Game
    from yakuman.logs.mjai import parse_mjai
    from yakuman.logs.tenhou_json import to_tenhou_json

    g, rng = Game(None, seed), random.Random(seed)
    while not g.done:
        acts = {s: rng.choice(g.legal_actions(s)) for s in g.to_act}
        g.step(next(iter(acts.values())) if g._st.phase() == 0 else acts)
    obj = to_tenhou_json(parse_mjai(g.events)[0])
    obj["name"] = list(names)
    p = tmp_path / f"{name}.json"
    p.write_text(json.dumps(obj, ensure_ascii=True))   # "\udc80" stays a JSON escape: a lone surrogate
    return p


def test_issue25_item11_a_lone_surrogate_name_does_not_stop_stats(tmp_path, capsys):
    good = _t6(tmp_path, ["A", "B", "C", "D"], 1, "good")
    bad = _t6(tmp_path, ["\udc80x", "B", "C", "D"], 2, "bad")
    assert read(bad)[0].start.names[0] == "\ufffdx"
    out = tmp_path / "s.parquet"
    args = [str(good), str(bad), "--no-progress"]
    assert cli.main(["logs", "stats", *args]) == 0
    text = capsys.readouterr().out
    assert "2 files, 2 games" in text and "\ufffdx" in text
    assert cli.main(["logs", "stats", *args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)
    pytest.importorskip("pyarrow")
    assert cli.main(["logs", "stats", *args, "--out", str(out)]) == 0 and out.stat().st_size > 0


def test_issue25_item12_names_are_drawn_literally_in_the_html_report(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    names = ["$x^{$", "$5 $", "_hidden", "D"]
    f = _t6(tmp_path, names, 3)
    out = tmp_path / "r.html"
    assert cli.main(["logs", "stats", str(f), "--html", str(out), "--no-progress"]) == 0
    capsys.readouterr()
    html = out.read_text()
    for n in names:   # each name in the table, and in a legend / title as its literal text
        assert n.replace("$", "") in html.replace("$", "")
    assert "_hidden" in re.sub(r"<table.*?</table>", "", html, flags=re.S)   # in the figures too


@pytest.mark.parametrize("make", ["big", "fifo", "device", "folder"])
def test_issue25_item13_every_input_is_limited_and_regular(tmp_path, make, capsys):
    p = tmp_path / "x.mjlog"
    if make == "big":
        with open(p, "wb") as f:
            f.truncate(MAX_DECOMPRESSED + 1)            # a sparse file: no disk used
    elif make == "fifo":
        os.mkfifo(p)
    elif make == "device":
        p = Path("/dev/zero")
    else:
        p.mkdir()
    with pytest.raises(LogFormatError, match="not read"):
        read(p)
    from yakuman.logs.mjai import read_mjai
    from yakuman.logs.tenhou_json import read_tenhou_json
    from yakuman.logs.tenhou_xml import read_mjlog

    for reader in (read_mjlog, read_mjai, read_tenhou_json):
        with pytest.raises(LogFormatError, match="not read"):
            reader(p)
    fr = verify_file(p)
    assert fr.errors and "not read" in fr.errors[0]["message"]
    if make != "folder":   # (a folder on the command line is scanned for logs)
        assert cli.main(["logs", "verify", str(p), "--no-progress"]) == 1
        assert "not read" in capsys.readouterr().out


def test_issue25_item14_folder_scans_follow_links_and_say_what_they_skip(tmp_path):
    from yakuman.logs.verify import scan_logs

    root = tmp_path / "root"
    (root / "real").mkdir(parents=True)
    f = _t6(root / "real", ["A", "B", "C", "D"], 1)
    other = tmp_path / "elsewhere"
    other.mkdir()
    g = _t6(other, ["A", "B", "C", "D"], 2, "linked")
    (root / "link").symlink_to(other)                  # a linked folder: followed
    (root / "real" / "loop").symlink_to(root)          # a loop: entered once
    (root / "dangling.json").symlink_to(tmp_path / "nothing")
    os.mkfifo(root / "pipe.json")
    scan = scan_logs(root)
    assert sorted(p.name for p in scan.files) == sorted([f.name, g.name])
    line = scan.skipped_line()
    assert "linked folder" in line and "broken link" in line and "special file" in line
    assert scan.loops and scan.broken_links and scan.special


@pytest.mark.parametrize("cmd", [["logs", "verify"], ["logs", "stats"], ["logs", "stats", "--html-target"],
                                 ["logs", "rescore", "--rules", "tenhou"]])
def test_issue25_item15_output_paths_are_checked_before_the_run(tmp_path, cmd, capsys):
    f = _t6(tmp_path, ["A", "B", "C", "D"], 1)
    option = "--html" if cmd[-1] == "--html-target" else "--out"
    base = [c for c in cmd if c != "--html-target"]
    for bad in (tmp_path, tmp_path / "missing" / "x.parquet"):
        code = cli.main([*base, str(f), option, str(bad), "--no-progress"] if "rescore" not in cmd
                        else [*base, str(f), option, str(bad)])
        err = capsys.readouterr()
        assert code == 2 and option in err.err and "Traceback" not in err.err
        assert "files" not in err.out     # nothing was run


def test_issue25_item16_control_characters_are_escaped_on_the_terminal(tmp_path, capsys):
    f = _t6(tmp_path, ["\x1b]0;pwned\x07", "ev\u202eil", "C", "D"], 1)
    assert cli.main(["logs", "stats", str(f), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\\x1b]0;pwned\\x07" in out and "ev\\u202eil" in out
    bad = tmp_path / "bad\x1b[31m\u202e.mjlog"
    bad.write_bytes(b"<mjloggm ver='2.3'><GO")
    assert cli.main(["logs", "verify", str(bad), "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\\x1b[31m\\u202e" in out


@pytest.mark.parametrize("bad, what", [(None, "NoneType"), (5, "int"), (3.5, "float"), (b"x.mjlog", "bytes"),
                                       ({"a": 1}, "dict")])
def test_paths_that_are_not_paths_are_the_callers_error(bad, what):
    """A path argument that is not a str or os.PathLike (or a list of them) is refused by name: an
    int is never opened as a file descriptor (logs.read(0) would read standard input), and
    nothing ends in a raw TypeError."""
    from yakuman import logs
    from yakuman.errors import InvalidArgumentError
    from yakuman.logs.review import review
    from yakuman.logs.verify import verify_paths

    if not isinstance(bad, bytes):
        with pytest.raises(InvalidArgumentError, match=f"a log file's path must be a str or os.PathLike, not {what}"):
            logs.read(bad)
    for call in (lambda: verify_paths(bad), lambda: review(bad, seat=0)):
        with pytest.raises(InvalidArgumentError, match=f"paths must be a file or folder .a str or os.PathLike. or a "
                                                       f"list of them, not {what}"):
            call()
    with pytest.raises(InvalidArgumentError, match=f"expected paths, games or a VerifyReport with rows, not {what}"):
        logs.to_frame(bad)
    with pytest.raises(InvalidArgumentError, match=r"paths\[1\] must be a file or folder .a str or os.PathLike., not "):
        verify_paths(["a.mjlog", bad])
    with pytest.raises(InvalidArgumentError, match="expected paths, games or a VerifyReport with rows, not a list of"):
        logs.to_frame([1, 2])


def test_corpus_options_are_checked_before_any_file_is_read(tmp_path):
    """workers (one rule for the corpus runner and the batch API: None or 0 every core, 1..1024),
    and the decision dataset's chunk, rows, out_dir and player: a bad value is the caller's
    InvalidArgumentError naming it, never a raw TypeError or a silent empty result."""
    from yakuman.errors import InvalidArgumentError
    from yakuman.logs.decisions import decisions, iter_decisions, write_shards
    from yakuman.logs.review import review
    from yakuman.logs.verify import verify_paths

    p = "tests/fixtures/logs/fixture4.mjlog"
    for w in ("x", -3, 1.5, True, 5000):
        for call in (lambda: verify_paths(p, workers=w), lambda: review(p, seat=0, workers=w),
                     lambda: list(iter_decisions(p, workers=w))):
            with pytest.raises(InvalidArgumentError, match="workers must be"):
                call()
    assert verify_paths(p, workers=0).workers == 1 == verify_paths(p, workers=None).workers   # capped by the files
    for chunk in (0, -1, "x", 2.0, True):
        with pytest.raises(InvalidArgumentError, match=f"chunk must be a positive number of rows, not {chunk!r}"):
            list(iter_decisions(p, chunk=chunk))
    for rows in (0, -5, "x"):
        with pytest.raises(InvalidArgumentError, match=f"rows must be a positive number of decisions, not {rows!r}"):
            write_shards(p, tmp_path, rows=rows)
    with pytest.raises(InvalidArgumentError, match="out_dir must be a folder .a str or os.PathLike., not int"):
        write_shards(p, 5)
    for call in (lambda: decisions(p, player=5), lambda: write_shards(p, tmp_path, player=5)):
        with pytest.raises(InvalidArgumentError, match="player must be a name .str. or None, not 5"):
            call()
    assert not any(tmp_path.iterdir())   # nothing written by a refused call
    assert len(decisions(p, player="Ayame").action) > 0


def test_stats_and_verify_options_are_checked():
    from yakuman.errors import InvalidArgumentError
    from yakuman.logs.stats import compute_stats
    from yakuman.logs.verify import verify_paths

    p = "tests/fixtures/logs/fixture4.mjlog"
    for bad in (5, None):
        with pytest.raises(InvalidArgumentError, match="source must be files or folders, games, or a list of them"):
            compute_stats(bad)
    with pytest.raises(InvalidArgumentError, match="player must be a name .str. or None, not 5"):
        compute_stats(p, player=5)
    for m in (-1, "x", 1.5):
        with pytest.raises(InvalidArgumentError, match=f"max_mismatches must be an integer >= 0, not {m!r}"):
            verify_paths(p, max_mismatches=m)
    for c in (0, -1, "x"):
        with pytest.raises(InvalidArgumentError, match=f"chunk must be None or a positive number of files, not {c!r}"):
            verify_paths(p, chunk=c)
    edge, default = verify_paths(p, max_mismatches=0, chunk=1).to_dict(), verify_paths(p).to_dict()
    assert edge["wins"] == default["wins"] > 0 and edge["mismatches"] == [] and edge["ok"] is default["ok"] is True
    assert compute_stats(p, player="Ayame").games == 1


@pytest.mark.parametrize("bad", [None, 5, "x", {"events": []}])
def test_the_writers_and_the_verifier_name_a_record_that_is_not_one(bad):
    """to_mjai, to_mjai_lines, to_tenhou_json, comparable and verify_game check their record in
    one place (events.require_record): InvalidContextError naming the type."""
    from yakuman.errors import InvalidContextError
    from yakuman.logs import comparable, to_mjai, to_mjai_lines, to_tenhou_json
    from yakuman.logs.verify import verify_game

    for f in (to_mjai, to_mjai_lines, to_tenhou_json, comparable, verify_game):
        with pytest.raises(InvalidContextError, match=f"a record must be a yakuman.logs Game .yakuman.logs.read., "
                                                      f"not {type(bad).__name__}"):
            f(bad)


def test_byte_level_inputs_are_checked():
    from yakuman.errors import InvalidArgumentError
    from yakuman.logs import detect_format, read
    from yakuman.logs.events import LogFormatError
    from yakuman.random import random_hands

    with pytest.raises(InvalidArgumentError, match="detect_format takes the file's bytes, not str"):
        detect_format("<mjloggm>")
    assert detect_format(bytearray(b"<mjloggm ver")) == "mjlog"
    with pytest.raises(LogFormatError, match="cannot read file: .*null"):
        read("a\x00b.mjlog")
    for kw, match in (({"n": -1}, "n must be an integer >= 0"), ({"n": "3"}, "n must be"),
                      ({"n": 2, "size": 0}, "size must be an integer 1..18"), ({"n": 2, "seed": -1}, "seed must be")):
        with pytest.raises(InvalidArgumentError, match=match):
            random_hands(**kw)
    assert random_hands(3, seed=1).shape == (3, 34)


def test_parquet_writers_refuse_a_path_that_is_not_one(tmp_path):
    """logs.write_parquet and the review's and the stats' write_parquet check the output path as
    the commands do (_outputs.check_output_file): an int is not written to a file named "-1", a
    folder is refused before anything is read."""
    pytest.importorskip("pyarrow")
    from yakuman import logs
    from yakuman.errors import InvalidArgumentError
    from yakuman.logs.review import ReviewReport
    from yakuman.logs.stats import compute_stats

    p = "tests/fixtures/logs/fixture4.mjlog"
    writers = (lambda path: logs.write_parquet(p, path), lambda path: ReviewReport().write_parquet(path),
               lambda path: compute_stats(p).write_parquet(path))
    for w in writers:
        with pytest.raises(InvalidArgumentError, match="path must be a file path .a str or os.PathLike., not int"):
            w(-1)
        with pytest.raises(InvalidArgumentError, match="is a folder, not a file"):
            w(tmp_path)
    assert not any(tmp_path.iterdir())
    assert logs.write_parquet(p, tmp_path / "w.parquet") > 0
