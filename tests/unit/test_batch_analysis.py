"""ScoreBatch as a class (rows as Scores, decoded reasons and limits, tables, pickling, copies)
and parse_many (the native batch parser) against the single-hand parsers, row by row."""

import copy
import pickle
import random

import numpy as np
import pandas as pd
import pytest

import yakuman
from yakuman.batch import (
    STATUS_BAD_COPIES,
    STATUS_INVALID_INPUT,
    ParsedTiles,
    ScoreBatch,
    _columns,
    parse_many,
    row_kwargs,
    score_many,
)
from yakuman.errors import InvalidArgumentError, InvalidTilesError, YakumanError
from yakuman.random import winning_hands
from yakuman.result import LIMITS, Status
from yakuman.rules import Rules
from yakuman.tiles import parse_136, parse_mpsz

from tests.unit.test_score_many import _corrupt


def _batch(n=300, seed=4, players=4, corrupt=False, messages=False):
    rules = Rules.tenhou_sanma() if players == 3 else Rules.tenhou()
    hands = winning_hands(n, seed=seed, players=players)
    cols = {k: v.copy() for k, v in _columns(hands).items()}
    if corrupt:
        _corrupt(cols, np.random.default_rng(seed))
    return score_many(cols, rules=rules, messages=messages), cols, rules


@pytest.mark.parametrize("players", [4, 3])
def test_rows_are_the_scores_of_score(players):
    res, cols, rules = _batch(players=players, corrupt=True, messages=True)
    assert isinstance(res, ScoreBatch) and len(res) == 300
    bad = 0
    for i in range(len(res)):
        kw = row_kwargs(cols, i) if res.status[i] != STATUS_INVALID_INPUT else None
        if kw is None:
            with pytest.raises(YakumanError):
                res[i]
            bad += 1
            continue
        s = yakuman.score(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), rules=rules, **kw)
        assert res[i] == s
        # the batch's own columns agree with the row's Score
        assert (int(res.status[i]), int(res.han[i]), int(res.fu[i]), int(res.points[i])) == (
            int(s.status), s.han, s.fu, s.points)
        assert res.limits[i] == s.limit and res.reasons[i] == s.reason
    assert bad > 10
    assert res[-1] == res[len(res) - 1] if res.status[-1] != STATUS_INVALID_INPUT else True
    with pytest.raises(IndexError):
        res[len(res)]


def test_decoded_reasons_and_limits():
    res, cols, rules = _batch(n=2000, seed=9, corrupt=True, messages=False)
    reasons = res.reasons
    assert len(reasons) == len(res)
    for i in np.flatnonzero(res.status == STATUS_INVALID_INPUT)[:50]:
        assert reasons[i] and reasons[i] != "unknown"       # the native check's code, in words
    res_m = score_many(cols, rules=rules, messages=True)
    for i, msg in res_m.messages.items():
        assert res_m.reasons[i] == msg
    nonwins = np.flatnonzero((res.status > 0) & (res.status < 4))
    assert len(nonwins) > 0
    for i in nonwins:
        assert reasons[i] == res[i].reason and reasons[i]
    assert {res.limits[i] for i in range(len(res))} <= set(LIMITS)
    assert all(reasons[i] == "" for i in np.flatnonzero(res.status == 0))


def test_attributes_dict_access_and_unknown_names():
    res, _, _ = _batch(n=50)
    assert res.points is res["points"] and "points" in res and "nope" not in res
    assert list(res.keys())[:3] == ["status", "reason", "han"]
    assert not hasattr(res, "nope") and not hasattr(res, "_private")
    with pytest.raises(KeyError):
        res["nope"]
    assert res.messages is None and "messages" not in res
    assert repr(res).startswith("<ScoreBatch: 50 rows (") and "OK" in repr(res)
    assert [s.points for s in res.rows()][:5] == res.points[:5].tolist()
    assert list(res) == list(res.keys())


def test_pickle_and_copies_keep_rows():
    res, _, _ = _batch(n=40, messages=True)
    for other in (pickle.loads(pickle.dumps(res)), copy.copy(res), copy.deepcopy(res)):
        assert isinstance(other, ScoreBatch) and len(other) == 40
        for name in res.keys():
            assert np.array_equal(other[name], res[name])
        assert other[3] == res[3] and other.messages == res.messages
    deep = copy.deepcopy(res)
    deep.points[0] += 1
    assert deep.points[0] != res.points[0]


def test_to_pandas_and_arrow():
    res, _, _ = _batch(n=120, corrupt=True)
    df = res.to_pandas()
    assert len(df) == 120 and list(df.columns[:15]) == list(res.keys())
    assert df["points"].dtype == np.int32 and df["yaku"].dtype == np.uint64
    assert [None if pd.isna(x) else x for x in df["limit_name"]] == res.limits
    assert df["reason_text"].tolist() == res.reasons
    for i in np.flatnonzero(res.status == 0)[:30]:
        assert set(df["yaku_names"][i]) == {y.romaji for y, _ in res[i].yaku}
    t = res.to_arrow()
    assert t.num_rows == 120 and t.column_names == list(df.columns)
    assert t.column("points").to_pylist() == res.points.tolist()
    assert t.column("limit_name").to_pylist() == res.limits


# ---- parse_many ------------------------------------------------------------------------------

def _single_parse(row, aka=True):
    try:
        if isinstance(row, str):
            return parse_mpsz(row)
        return parse_136(row, aka=aka)
    except InvalidTilesError as e:
        return str(e)


def _random_mpsz(rng):
    alphabet = "0123456789" * 4 + "mpsz" * 3 + " ,_" + "xq" + "一🀄é"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))


def _random_ids(rng):
    n = rng.choice([0, 1, 13, 14, rng.randrange(0, 140), 137, 150])
    ids = [rng.randrange(-2, 138) for _ in range(n)]
    if ids and rng.random() < 0.2:
        ids[rng.randrange(len(ids))] = rng.choice([1.5, "3", None, 2 ** 70, np.int64(7), True])
    return ids if rng.random() < 0.5 else tuple(ids)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_parse_many_equals_the_single_parsers(seed):
    rng = random.Random(seed)
    rows = []
    for _ in range(1500):
        r = rng.random()
        if r < 0.35:
            rows.append(_random_mpsz(rng))
        elif r < 0.55:
            rows.append(yakuman.tiles.to_mpsz(parse_136(rng.sample(range(136), 14))[0]))
        elif r < 0.8:
            rows.append(_random_ids(rng))
        else:
            rows.append(rng.sample(range(136), rng.choice([13, 14, 34])))
    for aka in (True, False):
        out = parse_many(rows, aka=aka, workers=2)
        assert isinstance(out, ParsedTiles) and out.counts.shape == (len(rows), 34)
        assert out.counts.dtype == np.uint8 and out.reds.shape == (len(rows), 3)
        for i, row in enumerate(rows):
            want = _single_parse(row, aka)
            if isinstance(want, str):
                assert out.status[i] in (STATUS_BAD_COPIES, STATUS_INVALID_INPUT), (row, want)
                assert out.messages[i] == want, row
                assert (out.status[i] == STATUS_BAD_COPIES) == (" copies of " in want)
                assert out.n_tiles[i] == -1 and not out.counts[i].any()
            else:
                assert out.status[i] == 0 and i not in out.messages, (row, out.messages.get(i))
                assert tuple(out.counts[i]) == want[0] and tuple(out.reds[i]) == want[1], row
                assert out.n_tiles[i] == sum(want[0])
        single = parse_many(rows, aka=aka, workers=1)
        for a, b in zip(out[:4], single[:4]):
            assert np.array_equal(a, b)
        assert single.messages == out.messages
    assert sum(1 for r in rows if isinstance(_single_parse(r), str)) > 300


def test_parse_many_inputs_and_errors():
    out = parse_many(np.array(["123m456p789s11z", "0m0p0s"]))   # numpy strings
    assert out.status.tolist() == [0, 0] and out.reds[1].tolist() == [1, 1, 1]
    assert out.n_tiles.tolist() == [11, 3]
    out = parse_many(["11111m", None, 5, "1m"])
    assert out.status.tolist() == [STATUS_BAD_COPIES, STATUS_INVALID_INPUT, STATUS_INVALID_INPUT, 0]
    assert out.messages[0] == "five copies of 1m"
    assert out.messages[1] == "a row must be an mpsz string or a list of 136-ids, not NoneType"
    assert parse_many([]).counts.shape == (0, 34)
    with pytest.raises(InvalidTilesError, match=r"unknown suit letter 'x' at position 1 in '1x' - at rows\[1\]"):
        parse_many(["1m", "1x"], errors="raise")
    with pytest.raises(InvalidArgumentError, match="not one string"):
        parse_many("123m")
    # red-five ids: 16 (0m), 52 (0p), 88 (0s)
    assert parse_many([[16, 52, 88, 0]]).reds[0].tolist() == [1, 1, 1]
    assert parse_many([[16, 52, 88, 0]], aka=False).reds[0].tolist() == [0, 0, 0]


def test_parse_many_odd_rows():
    class Ids(list):
        pass

    out = parse_many([[1, 2], [], Ids([3, 3]), (16,), list(range(136)) + [0]])
    assert out.status.tolist() == [0, 0, STATUS_INVALID_INPUT, 0, STATUS_INVALID_INPUT]
    assert out.n_tiles.tolist() == [2, 0, -1, 1, -1]
    assert out.messages == {2: "duplicate 136-id 3 at index 1", 4: "duplicate 136-id 0 at index 136"}
    assert out.messages[4] == _single_parse(list(range(136)) + [0])
