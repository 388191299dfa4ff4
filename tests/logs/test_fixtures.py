"""The project's own fixture records (tests/fixtures/logs, written by tools/make_fixtures.py).

They need nothing outside the repository, so the readers, the three formats' agreement, replay,
``logs verify`` (wins, exhaustive and abortive draws, double ron, pao, sanma), tampering,
workers, frames and fuzzing are all exercised on a bare clone. The expected values below are the
ones worked out by hand in tools/make_fixtures.py (each game's comments show the arithmetic).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import random
from pathlib import Path

import pytest

from yakuman import cli, logs
from yakuman.logs import Call, NewDora, RoundStart, Ryuukyoku, Win, comparable, iter_wins, read, read_bytes
from yakuman.logs.verify import ROW_FIELDS, verify_paths

from tests.conftest import REPO

from .conftest import LOG_FIXTURES, engine_fixture_files, fixture_files
from .test_fuzz import mutate, outcome, variants

GAMES = ("fixture4", "fixture4b", "fixture3")
FORMATS = (".mjlog", ".json", ".mjai")
# what tenhou.net/6 does not carry (the winning hand, fu of limit hands, shown hands, ...)
T6_DROP = (
    "GameStart.seed", "GameStart.special", "GameStart.go_type", "GameStart.names", "Win.hand", "Win.win_tile",
    "Win.dora", "Win.fu", "Win.honba", "Win.sticks", "Win.ura", "Win.scores", "Ryuukyoku.hands",
    "Ryuukyoku.scores", "Ryuukyoku.tenpai", "RiichiAccept.scores",
)
# (round label, winner, from, han, fu, points, deltas) of every win, worked out by hand
WINS = {
    "fixture4": [
        ("E1-0", 1, 1, 3, 20, 2700, (-1300, 3700, -700, -700)),
        ("E3-1", 1, 0, 3, 30, 3900, (-4200, 4200, 0, 0)),
        ("E3-1", 3, 0, 1, 40, 1300, (-1300, 0, 0, 1300)),
        ("E4-1", 0, 0, 13, 40, 32000, (32300, 0, -32300, 0)),
    ],
    "fixture4b": [
        ("E1-2", 0, 3, 2, 40, 3900, (4500, 0, 0, -4500)),
        ("E1-3", 0, 1, 13, 0, 48000, (48900, -48900, 0, 0)),
    ],
    "fixture3": [
        ("E1-0", 1, 0, 3, 30, 3900, (-3900, 3900, 0)),
        ("E3-1", 0, 0, 6, 20, 9000, (10200, -3100, -6100)),
    ],
}
DRAWS = {
    "fixture4": [("E2-0", "exhaustive", (True, False, True, False), (1500, -1500, 1500, -1500)),
                 ("E4-0", "kyuushu_kyuuhai", None, (0, 0, 0, 0))],
    "fixture4b": [("E1-0", "suufon_renda", None, (0, 0, 0, 0)),
                  ("E1-1", "nagashi_mangan", (True, False, False, False), (-4000, -2000, 8000, -2000))],
    "fixture3": [("E2-0", "exhaustive", (True, False, False), (2000, -1000, -1000))],
}


def _read(name: str, suffix: str):
    (g,) = logs.read(LOG_FIXTURES / (name + suffix))
    return g


def _label(g, i: int) -> str:
    return next(e for e in reversed(g.events[:i]) if type(e).__name__ == "RoundStart").label


# ---- the fixture corpus itself ------------------------------------------------------------------
def test_fixtures_are_what_the_generator_writes():
    spec = importlib.util.spec_from_file_location("make_fixtures", REPO / "tools" / "make_fixtures.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    files = mod.outputs()
    constructed = {n: t for n, t in files.items() if not n.startswith("../corpus/")}
    played = {n: t for n, t in files.items() if n.startswith("../corpus/")}
    assert sorted(constructed) == sorted(p.name for p in fixture_files())
    assert sorted(played) == sorted([f"../corpus/{p.parent.name}/{p.name}" for p in engine_fixture_files()]
                                    + ["../corpus/agari.jsonl"])
    for name, text in files.items():
        assert (LOG_FIXTURES / name).read_text(encoding="utf-8") == text, f"{name} is stale: run tools/make_fixtures.py"
    assert sum(len(t) for t in constructed.values()) < 100_000  # a small corpus
    assert len(played) == 64 and sum(len(t) for t in played.values()) < 2_000_000   # and a modest one


@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("name", GAMES)
def test_every_format_reads_the_hand_computed_results(name, suffix):
    g = _read(name, suffix)
    wins = [(_label(g, i), e.seat, e.from_seat, e.han, e.fu, e.points, e.deltas)
            for i, e in enumerate(g.events) if type(e) is Win]
    want = WINS[name]
    if suffix == ".json":  # tenhou.net/6 has no fu on limit hands
        want = [w[:4] + ((None if w[3] >= 5 else w[4]),) + w[5:] for w in want]
    assert wins == want
    draws = [(_label(g, i), e.reason, e.tenpai, e.deltas) for i, e in enumerate(g.events) if type(e) is Ryuukyoku]
    want = DRAWS[name]
    if suffix == ".json":
        want = [(lbl, r, t if r == "exhaustive" else None, d) for lbl, r, t, d in want]
    assert draws == want
    assert g.start.players == (3 if name == "fixture3" else 4)
    end = g.events[-1]
    assert sum(end.scores) == (105000 if name == "fixture3" else 100000)


def test_the_corpus_covers_every_situation():
    games = [_read(n, ".mjlog") for n in GAMES]
    g4 = games[0]
    calls = {e.kind for g in games for e in g.events if type(e) is Call}
    assert calls == {"chi", "pon", "daiminkan", "kakan", "ankan", "kita"}
    assert any(e.pao_seat == 2 for e in g4.events if type(e) is Win)  # pao
    assert sum(1 for e in g4.events if type(e) is Win and _label(g4, g4.events.index(e)) == "E3-1") == 2
    assert {e.reason for g in games for e in g.events if type(e) is Ryuukyoku} == {
        "exhaustive", "nagashi_mangan", "kyuushu_kyuuhai", "suufon_renda"}
    assert {e.tsumo for g in games for e in g.events if type(e) is Win} == {True, False}
    assert sum(type(e) is NewDora for g in games for e in g.events) == 3  # kan dora


# ---- formats agree --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_three_formats_hold_the_same_game(name):
    drop = ("GameStart.seed", "GameStart.special")
    base = _read(name, ".mjlog")
    inputs = [c.inputs for c in iter_wins(base)]
    mjai = _read(name, ".mjai")
    assert comparable(mjai, drop=drop) == comparable(base, drop=drop)
    t6 = _read(name, ".json")
    assert comparable(t6, drop=T6_DROP) == comparable(base, drop=T6_DROP)
    for g in (mjai, t6):
        assert [c.inputs for c in iter_wins(g)] == inputs
    # and the converters reproduce the committed files from the mjlog
    assert logs.to_mjai_lines(base) == (LOG_FIXTURES / f"{name}.mjai").read_text(encoding="utf-8")
    assert json.loads((LOG_FIXTURES / f"{name}.json").read_text(encoding="utf-8")) == logs.to_tenhou_json(base)
    g2 = read_bytes(logs.to_mjai_lines(t6).encode(), "t6.mjai")[0]
    assert [c.inputs for c in iter_wins(g2)] == inputs


def test_replay_derives_the_situations():
    g = _read("fixture4", ".mjlog")
    cases = list(iter_wins(g))
    assert [(c.seat, c.tsumo, c.riichi_declared, c.pao_seat) for c in cases] == [
        (1, True, True, None), (1, False, False, None), (3, False, False, None), (0, True, False, 2)]
    first = cases[0].inputs
    assert (first.hand, first.win, first.riichi, first.ippatsu, first.double_riichi) == (
        "234567m345p67899s", "8s", True, False, False)
    assert cases[3].inputs.melds == ("pon 555z", "pon 666z", "pon 777z")
    chankan, kokushi = iter_wins(_read("fixture4b", ".mjlog"))
    assert (chankan.inputs.chankan, chankan.inputs.win, chankan.from_seat, kokushi.inputs.hand) == (
        True, "6p", 3, "119m19p19s1234567z")
    (kita_win, _) = iter_wins(_read("fixture3", ".mjlog"))
    assert kita_win.kita == 1 and kita_win.inputs.kwargs()["kita"] == 1


# ---- verify ------------------------------------------------------------------------------------------
def test_verify_the_fixture_folder(capsys):
    code = cli.main(["logs", "verify", "--no-progress", "--json", str(LOG_FIXTURES)])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["ok"] and d["errors"] == 0
    assert (d["files"], d["games"], d["rounds"], d["wins"], d["draws"]) == (9, 9, 36, 24, 15)
    assert (d["wins_agree"], d["draws_agree"]) == (24, 15)
    assert d["draw_types"] == {"exhaustive": 6, "nagashi_mangan": 3, "kyuushu_kyuuhai": 3, "suufon_renda": 3}
    cats = d["categories"]
    assert cats["fu"] == {"checked": 21, "agree": 21}  # tenhou.net/6: no fu on the three limit hands
    assert cats["tenpai"] == {"checked": 8, "agree": 8}  # tenhou.net/6 shows no hands at a nagashi draw
    assert cats["noten"] == {"checked": 6, "agree": 6} and cats["nagashi"] == {"checked": 3, "agree": 3}
    assert cats["abort"] == {"checked": 6, "agree": 6} and cats["deltas"] == {"checked": 24, "agree": 24}


def test_tampered_fixtures_disagree(tmp_path):
    text = (LOG_FIXTURES / "fixture4.mjlog").read_text()
    at = text.index("<RYUUKYOKU ")
    end = text.index("/>", at)
    tag = text[at:end]
    shown = [a for a in tag.split() if a.startswith("hai")]
    assert len(shown) == 2, tag
    (tmp_path / "tenpai.mjlog").write_text(text[:at] + tag.replace(" " + shown[0], "") + text[end:])
    (tmp_path / "abort.mjlog").write_text(text.replace('type="yao9"', 'type="kaze4"'))
    # a win whose announced points are wrong: 3 han 20 fu tsumo is 2700, not 3900
    (tmp_path / "points.mjlog").write_text(text.replace('ten="20,2700,0"', 'ten="20,3900,0"', 1))
    r = verify_paths(tmp_path, rows=True)
    bad = sorted((x[ROW_FIELDS.index("file")].rsplit("/", 1)[-1], x[ROW_FIELDS.index("kind")],
                  tuple(x[ROW_FIELDS.index("mismatch")])) for x in r.rows if not x[ROW_FIELDS.index("ok")])
    assert bad == [("points.mjlog", "win", ("points",)), ("tenpai.mjlog", "draw", ("tenpai",))]
    # the abort of the wrong type is not a transition of the engine (its round goes on after
    # that discard): a disagreement named by file, round and event, and the file is not ok
    (abort,) = read(tmp_path / "abort.mjlog")
    at = next(i for i, e in enumerate(abort.events) if type(e) is Ryuukyoku and e.reason == "suufon_renda")
    label = next(e.label for e in reversed(abort.events[:at]) if type(e) is RoundStart)
    d = r.to_dict()
    p = d["first_disagreement"]
    assert (Path(p["file"]).name, p["round"], p["event"]) == ("abort.mjlog", label, at)
    assert p["what"] == "record: suufon_renda; the engine's round goes on"
    assert d["disagreements"] == 1 and d["illegal"] == 0 and d["errors"] == 0
    assert not r.ok


def test_workers_give_identical_results_on_fixtures():
    files = fixture_files()
    one = verify_paths(files, workers=1, rows=True)
    two = verify_paths(files, workers=2, rows=True, chunk=2)
    a, b = one.to_dict(), two.to_dict()
    for k in ("elapsed", "workers"):
        a.pop(k), b.pop(k)
    assert a == b and one.rows == two.rows and len(one.rows) == 39


# ---- frames -----------------------------------------------------------------------------------------
def test_frame_of_the_fixtures(tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    pq = pytest.importorskip("pyarrow.parquet")
    files = fixture_files("mjlog")
    df = logs.to_frame(files)
    assert len(df) == 8 + 5 and df.ok.all()
    wins = df[df.kind == "win"]
    assert wins.points.tolist() == [3900, 9000, 2700, 3900, 1300, 32000, 3900, 48000]  # fixture3, 4, 4b
    for _, w in wins.iterrows():  # a win moves the table's sticks to the first winner; the rest cancels
        total = sum(int(w[f"delta{i}"]) for i in range(w.players))
        assert total == (1000 * w.sticks if w.win_index == 0 else 0)
    assert wins[wins.players == 3].delta3.isna().all() and not pd.isna(wins[wins.players == 4].delta3).any()
    assert wins.pao_seat.dropna().tolist() == [2]
    out = tmp_path / "rows.parquet"
    code = cli.main(["logs", "verify", *map(str, files), "--out", str(out), "--no-progress"])
    assert code == 0 and f"wrote 13 rows to {out}" in capsys.readouterr().out
    assert pq.read_table(out).equals(logs.to_table(files))


# ---- fuzz ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", fixture_files("mjlog"), ids=lambda p: p.name)
def test_fuzz_fixture_records(path):
    raw = path.read_bytes()
    (g,) = logs.read(path)
    rng = random.Random(path.name)
    seen = set()
    for fmt, data in [("mjlog", raw), ("mjlog.gz", gzip.compress(raw))] + variants(g):
        for _ in range(40):
            seen.add(outcome(mutate(rng, data), f"fuzz.{fmt}"))
    # every mutation is read or refused with a log error (the strict tag scanner may refuse them all)
    assert "error" in seen and seen <= {"ok", "error"}
