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
