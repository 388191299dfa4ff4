"""Building score_many's columns from score() keyword rows, from pandas / pyarrow tables, and from
the log readers' replayed wins: the batch then equals the single-hand API."""

from pathlib import Path

import numpy as np
import pytest

import yakuman
from yakuman.batch import SCORE_COLUMNS, _columns, columns_from_frame, columns_from_kwargs, score_many
from yakuman.errors import InvalidTilesError
from yakuman.random import winning_hands
from tests.conftest import shared_data_path


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
    assert len(rows) > 100
    res = score_many(columns_from_kwargs(rows))
    for i in range(0, len(rows), 5):
        kw = dict(rows[i])
        s = yakuman.score(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), **kw)
        assert (res.status[i], res.han[i], res.fu[i], res.points[i]) == (int(s.status), s.han, s.fu, s.points)
