"""``yakuman.logs.to_frame`` / ``to_table`` / ``write_parquet`` and ``logs verify --out``."""

from __future__ import annotations

import sys

import pytest

from yakuman import cli, logs
from yakuman.logs.events import Game, Win
from yakuman.logs.frame import COLUMN_TYPES, rows
from yakuman.logs.verify import ROW_FIELDS, verify_paths

from ._synth import TENHOU_MJLOG
from .conftest import FIXTURE_CORPUS, HAVE_CORPUS, LOG_FIXTURES, data_file

pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

SAMPLE = [
    "Agony5757+mahjong__00031335b8",  # four-player hanchan
    "Agony5757+mahjong__000578b811",  # sanma
    "Agony5757+mahjong__6db94d9aa3",  # sanma with nagashi mangan
    "tsubakisakura+mjlog2json__731fb99705",  # double ron, kyuushu kyuuhai
]


def _games():
    return logs.read_bytes(TENHOU_MJLOG.encode(), "tenhou.mjlog")


def test_frame_of_games():
    df = logs.to_frame(_games())
    assert list(df.columns) == list(ROW_FIELDS) and len(df) == 1
    r = df.iloc[0]
    assert (r["file"], r["kind"], r["round_label"], r["seat"], r["tsumo"]) == (
        "tenhou.mjlog",
        "win",
        "E1",
        0,
        True,
    )
    assert (r["han"], r["fu"], r["points"], r["limit"], r["yakuman"]) == (13, 30, 48000, "yakuman", 1)
    assert r["yaku"] == ["tenhou"] and r["yaku_han"] == [13] and r["yaku_mask"] == 1 << 37
    assert r["hand"] == "123456789m12355p" and r["win_tile"] == "5p" and r["melds"] == []
    assert [r[f"delta{i}"] for i in range(4)] == [48000, -16000, -16000, -16000]
    assert bool(r["ok"]) and r["mismatch"] == [] and r["detail"] == ""
    assert pd.isna(r["draw_type"]) and pd.isna(r["pao_seat"])
    assert str(df["han"].dtype) == "Int64" and str(df["ok"].dtype) == "boolean"
    assert str(df["yaku_mask"].dtype) == "UInt64"


def test_table_schema_is_fixed():
    t = logs.to_frame(_games(), engine="pyarrow")
    assert isinstance(t, pa.Table) and t.num_rows == 1
    kinds = {
        "int": pa.int64(),
        "bool": pa.bool_(),
        "str": pa.string(),
        "uint64": pa.uint64(),
        "list[str]": pa.list_(pa.string()),
        "list[int]": pa.list_(pa.int64()),
    }
    assert t.schema == pa.schema([(n, kinds[k]) for n, k in COLUMN_TYPES.items()])
    empty = logs.to_table([])
    assert empty.num_rows == 0 and empty.schema == t.schema
    assert t.column("points").to_pylist() == [48000]


def _sample() -> list:
    """The real records of SAMPLE, or without the shared corpus two engine-played games (four
    and three players) and two constructed ones (a kyuushu kyuuhai, a nagashi mangan)."""
    if HAVE_CORPUS:
        return [data_file("mjlog", f) for f in SAMPLE]
    return [FIXTURE_CORPUS / "mjlog" / "engine4-01.mjlog", FIXTURE_CORPUS / "mjlog" / "engine3-01.mjlog",
            LOG_FIXTURES / "fixture4.mjlog", LOG_FIXTURES / "fixture4b.mjlog"]


# (wins, draws, draw types, riichi wins) of the sample: the real records' (27 AGARI and 7
# RYUUKYOKU tags; 13 AGARI list riichi: zgrep counts), or the fixtures' (as verify counts them)
EXPECT = ((27, 7, {"exhaustive": 5, "nagashi_mangan": 1, "kyuushu_kyuuhai": 1}, 13) if HAVE_CORPUS else
          (21, 8, {"exhaustive": 5, "kyuushu_kyuuhai": 1, "suufon_renda": 1, "nagashi_mangan": 1}, 13))


def test_frame_of_files_and_its_invariants():
    files = _sample()
    n_wins, n_draws, draw_types, n_riichi = EXPECT
    report = verify_paths(files, rows=True)
    df = logs.to_frame(report)
    assert len(df) == report.counts["std_wins"] + report.counts["std_draws"] == n_wins + n_draws
    assert logs.to_frame(files).equals(df)  # from paths: the same frame
    wins = df[df.kind == "win"]
    assert (wins.yaku_mask == wins.calc_yaku_mask).all() and df.ok.all()
    # (27 AGARI and 7 RYUUKYOKU tags; 13 AGARI list riichi: zgrep counts)
    # a win moves the table's sticks to the first winner; payments between players cancel out
    for _, w in wins.iterrows():
        total = sum(int(w[f"delta{i}"]) for i in range(w.players))
        assert total == (1000 * w.sticks if w.win_index == 0 else 0), (w.file, w.round_label)
    assert sorted(df.players.unique().tolist()) == [3, 4]
    assert wins[wins.players == 3].delta3.isna().all()
    draws = df[df.kind == "draw"]
    assert draws.draw_type.value_counts().to_dict() == draw_types
    # the kind of question users ask: how often is riichi among the yaku
    riichi_wins = wins.yaku.map(lambda ys: "riichi" in ys).sum()
    assert riichi_wins == (wins.riichi & ~wins.double_riichi & (wins.yakuman == 0)).sum() == n_riichi


def test_parquet_round_trip(tmp_path, capsys):
    files = _sample()
    n = EXPECT[0] + EXPECT[1]
    out = tmp_path / "rows.parquet"
    code = cli.main(["logs", "verify", *map(str, files), "--out", str(out), "--no-progress"])
    text = capsys.readouterr().out
    assert code == 0 and f"wrote {n} rows to {out}" in text
    back = pq.read_table(out)
    assert back.equals(logs.to_table(files))
    assert logs.write_parquet(verify_paths(files, rows=True), tmp_path / "b.parquet") == n


def test_rows_without_pandas():
    (r,) = rows(_games())
    assert r["points"] == 48000 and set(r) == set(ROW_FIELDS)


def test_inconsistent_games_raise_or_are_skipped():
    (g,) = _games()
    evs = list(g.events)
    i = next(k for k, e in enumerate(evs) if type(e) is Win)
    w = evs[i]
    evs[i] = Win(**{**{f: getattr(w, f) for f in w.__dataclass_fields__}, "win_tile": 0})
    bad = Game("bad", tuple(evs))
    with pytest.raises(logs.LogError, match="winning hand or tile of seat 0 is not the engine's") as err:
        logs.to_frame([bad])
    assert (err.value.source, err.value.round, err.value.index) == ("bad", "E1-0", i)
    assert len(logs.to_frame([bad, g], errors="skip")) == 1


def test_clear_errors(monkeypatch):
    with pytest.raises(ValueError, match="engine"):
        logs.to_frame(_games(), engine="polars")
    with pytest.raises(ValueError, match="rows=True"):
        logs.to_frame(verify_paths([], rows=False))
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"'pandas': pip install \"yakuman\[frame\]\""):
        logs.to_frame(_games())
