"""Building score_many's columns from score() keyword rows, from pandas / pyarrow tables, and from
the log readers' replayed wins: the batch then equals the single-hand API."""

from pathlib import Path

import numpy as np
import pytest

import yakuman
from yakuman.batch import (REASON_OUT_OF_RANGE, SCORE_COLUMNS, _columns, columns_from_frame, columns_from_kwargs,
                           score_many)
from yakuman.errors import InvalidTilesError
from yakuman.random import winning_hands
from tests.conftest import floor, shared_data_path


SCORE_NAMES = {name for name, _, _ in SCORE_COLUMNS}


def _same(a, b):
    return all(np.array_equal(a[k], b[k]) for k in b)


def test_from_kwargs_rows():
    h = winning_hands(800, seed=3)
    assert _same(score_many(columns_from_kwargs(h.kwargs(i) for i in range(len(h)))), score_many(h))
    sanma = winning_hands(300, seed=4, players=3)
    rules = yakuman.Rules.tenhou_sanma()
    cols = columns_from_kwargs((sanma.kwargs(i) for i in range(len(sanma))), rules=rules)
    assert _same(score_many(cols, rules=rules), score_many(sanma, rules=rules))


def test_from_kwargs_names_the_bad_row():
    rows = [winning_hands(3, seed=1).kwargs(i) for i in range(3)]
    rows[2]["hand"] = "11111m"
    with pytest.raises(InvalidTilesError, match=r"five copies of 1m - at hand - at rows\[2\]"):
        columns_from_kwargs(rows, errors="raise")
    rows = [dict(winning_hands(2, seed=1).kwargs(i), rules=r) for i, r in
            enumerate([yakuman.Rules.tenhou(), yakuman.Rules.ema()])]
    with pytest.raises(ValueError, match="different rules"):
        columns_from_kwargs(rows)


def test_from_pandas_and_pyarrow():
    pd = pytest.importorskip("pandas")
    pa = pytest.importorskip("pyarrow")
    h = winning_hands(400, seed=5)
    want = score_many(h)
    kw_frame = pd.DataFrame([h.kwargs(i) for i in range(len(h))])
    assert _same(score_many(columns_from_frame(kw_frame)), want)
    assert _same(score_many(columns_from_frame(pa.Table.from_pandas(kw_frame))), want)
    cols = _columns(h)
    col_frame = pd.DataFrame({k: list(v) if v.ndim > 1 else v for k, v in cols.items() if k in SCORE_NAMES})
    assert _same(score_many(columns_from_frame(col_frame)), want)
    with pytest.raises(ValueError, match="need either"):
        columns_from_frame(pd.DataFrame({"x": [1]}))


def test_from_replayed_logs():
    from yakuman.logs import iter_wins, read

    folder = shared_data_path("tenhou", "mjlog")
    rows = []
    for path in sorted(Path(folder).iterdir())[:40]:
        try:
            games = read(path)
        except Exception:       # unreadable fixtures are the log tests' concern
            continue
        for game in games:
            for case in iter_wins(game):
                if case.inputs.rules == yakuman.Rules.tenhou():
                    rows.append(case.inputs.kwargs())
    assert len(rows) >= floor(101, 106)   # the fixture corpus: 106 four-player wins
    res = score_many(columns_from_kwargs(rows))
    for i in range(0, len(rows), 5):
        kw = dict(rows[i])
        s = yakuman.score(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), **kw)
        assert (res.status[i], res.han[i], res.fu[i], res.points[i]) == (int(s.status), s.han, s.fu, s.points)


@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64, np.int8])
def test_wider_and_other_integer_columns_score_alike(dtype):
    """Columns of any integer dtype that holds their values are narrowed to the native dtypes
    unchanged (the range test takes a shortcut by min and max, or none for a safe cast)."""
    base = _columns(winning_hands(3000, seed=41))
    want = score_many(base)
    info = np.iinfo(dtype)
    cols = {}
    for name, _, _ in SCORE_COLUMNS:
        a = base[name]
        cols[name] = a.astype(dtype) if a.min() >= info.min and a.max() <= info.max else a
    got = _columns(cols)
    for name, native, _ in SCORE_COLUMNS:
        assert got[name].dtype == native and got[name].flags.c_contiguous, name
        np.testing.assert_array_equal(got[name], base[name], err_msg=name)
    assert not got["invalid"].any()
    res = score_many(cols)
    for name in ("status", "han", "fu", "points", "total", "yaku"):
        np.testing.assert_array_equal(getattr(res, name), getattr(want, name), err_msg=name)


@pytest.mark.parametrize("name,value,ok", [
    ("counts", -1, False), ("counts", 255, True), ("counts", 256, False),
    ("meld_type", -128, True), ("meld_type", -129, False), ("meld_type", 127, True), ("meld_type", 128, False),
    ("flags", 65535, True), ("flags", 65536, False), ("flags", -1, False),
    ("honba", -1, False), ("riichi_sticks", 65536, False), ("win", 255, True), ("win", -2, False),
])
def test_range_edges_of_wide_columns(name, value, ok):
    """A value at the edge of its column's dtype passes to the native check; one step beyond
    marks its row (reason 13) and only that row, whatever wide dtype carries it."""
    base = _columns(winning_hands(5, seed=43))
    for dtype in (np.int32, np.int64):
        cols = {k: v.astype(dtype) if k == name else v for k, v in base.items()
                if k not in ("invalid", "invalid_messages")}
        a = cols[name]
        a.reshape(5, -1)[2, 0] = value
        got = _columns(cols)
        assert got["invalid"].tolist() == [0, 0, 0 if ok else REASON_OUT_OF_RANGE, 0, 0], (dtype, value)
        if ok:
            assert int(got[name].reshape(5, -1)[2, 0].astype(np.int64)) == value
        else:
            assert f"{name} value {value} outside" in got["invalid_messages"][2]
