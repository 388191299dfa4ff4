"""Batch scoring equals the single-hand API, row by row, malformed rows included."""

import numpy as np
import pytest

import yakuman
from yakuman.batch import _WBAD_TEXT, STATUS_INVALID_INPUT, _columns, row_kwargs, score_many
from yakuman.errors import YakumanError
from yakuman.random import winning_hands
from yakuman.rules import Rules

LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


def _single(cols, i, rules):
    try:
        kw = row_kwargs(cols, i)
        return yakuman.score(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), rules=rules, **kw)
    except YakumanError as e:
        return e


def _assert_row_equal(res, cols, i, rules):
    s = _single(cols, i, rules)
    if isinstance(s, YakumanError):
        assert res.status[i] == STATUS_INVALID_INPUT, (i, s)
        return
    assert res.status[i] == int(s.status), (i, s)
    assert (res.han[i], res.fu[i], res.points[i]) == (s.han, s.fu, s.points), (i, s)
    assert LIMITS[res.limit[i]] == s.limit and res.yakuman[i] == s.yakuman
    p = s.payment
    assert (res.from_discarder[i], res.from_dealer[i], res.from_non_dealer[i], res.total[i]) == (
        p.from_discarder, p.from_dealer, p.from_non_dealer, p.total)
    assert res.yaku_list(i) == sorted((y for y, _ in s.yaku), key=lambda y: int(y)) or s.status != 0


@pytest.mark.parametrize("players, rules", [(4, Rules.tenhou()), (3, Rules.tenhou_sanma()),
                                            (4, Rules.mahjongsoul()), (4, Rules().replace(kiriage_mangan=True))])
def test_batch_equals_single(players, rules):
    hands = winning_hands(3000, seed=11 + players, players=players)
    cols = _columns(hands)
    res = score_many(hands, rules=rules)
    for i in range(0, len(res), 3):
        _assert_row_equal(res, cols, i, rules)


def test_workers_do_not_change_results():
    hands = winning_hands(20000, seed=5)
    one = score_many(hands, workers=1)
    two = score_many(hands, workers=2)
    for key in one:
        assert np.array_equal(one[key], two[key]), key


def _corrupt(cols, rng):
    """Damage random rows in every way the single-hand API rejects (and some it accepts)."""
    n = len(cols["counts"])
    for i in rng.choice(n, size=n // 2, replace=False):
        what = rng.integers(0, 12)
        if what == 0:
            cols["counts"][i, rng.integers(0, 34)] = 5
        elif what == 1:
            k = rng.integers(0, 34)
            cols["counts"][i, k] = (cols["counts"][i, k] + 1) % 5
        elif what == 2:
            cols["flags"][i] = rng.integers(0, 1 << 12)   # bit 11 is no flag: malformed
        elif what == 3:
            cols["seat_wind"][i] = rng.integers(0, 5)
        elif what == 4:
            cols["win"][i] = rng.integers(0, 34)
        elif what == 5:
            cols["reds"][i, rng.integers(0, 3)] = rng.integers(0, 3)
        elif what == 6:
            cols["meld_type"][i, rng.integers(0, 4)] = rng.integers(-1, 5)
        elif what == 7:
            cols["meld_tile"][i, rng.integers(0, 4)] = rng.integers(0, 34)
        elif what == 8:
            cols["n_dora"][i] = rng.integers(0, 7)
            cols["dora"][i] = rng.integers(0, 34, size=5)
        elif what == 9:
            cols["kita"][i] = rng.integers(0, 3)
        elif what == 10:
            cols["win_red"][i] = 1
        else:
            cols["meld_reds"][i, rng.integers(0, 4)] = rng.integers(0, 2)


@pytest.mark.parametrize("players, seed", [(4, 1), (4, 2), (3, 3)])
def test_malformed_rows_match_the_single_api(players, seed):
    """Status 4 exactly where score() raises; every other row scores as score() does."""
    rules = Rules.tenhou_sanma() if players == 3 else Rules.tenhou()
    hands = winning_hands(2000, seed=seed, players=players)
    cols = {k: v.copy() for k, v in _columns(hands).items()}
    _corrupt(cols, np.random.default_rng(seed))
    res = score_many(cols, rules=rules, messages=True)
    assert (res.status == STATUS_INVALID_INPUT).sum() > 100
    for i in range(len(res)):
        _assert_row_equal(res, cols, i, rules)
    for i, msg in res.messages.items():
        assert msg.endswith(f" - at hands[{i}]") and "accepted by score()" not in msg


def test_columns_errors():
    with pytest.raises(ValueError, match="missing input column 'win'"):
        score_many({"counts": np.zeros((1, 34), np.uint8)})
    with pytest.raises(ValueError, match=r"column 'counts' has shape \(2, 33\)"):
        score_many({"counts": np.zeros((2, 33), np.uint8), "win": np.zeros(2, np.uint8)})
    assert len(score_many({"counts": np.zeros((0, 34), np.uint8), "win": np.zeros(0, np.uint8)})) == 0


@pytest.mark.parametrize("field", ["honba", "riichi_sticks"])
def test_number_limits_are_the_single_apis(field):
    """1000 honba or riichi sticks are scored, 1001 refused with the single-hand error, in the
    batch as in score()."""
    cols = {k: v.copy() for k, v in _columns(winning_hands(60, seed=8)).items()}
    cols[field][:30], cols[field][30:] = 1000, 1001
    res = score_many(cols, messages=True)
    assert (res.status[:30] != STATUS_INVALID_INPUT).all() and (res.status[30:] == STATUS_INVALID_INPUT).all()
    for i in range(60):
        _assert_row_equal(res, cols, i, Rules.tenhou())
    assert res.messages[30] == f"{field} must be an integer 0..1000, not 1001 - at hands[30]"


def test_kita_count_as_norths_against_the_dora_indicators():
    """Three players: the Norths of the hand, its melds and its kita, with a North dora or ura
    indicator, make at most four copies. Four are scored, five refused (the indicator copies'
    code), in the batch as in score()."""
    rules = Rules.tenhou_sanma()
    cols = {k: v.copy() for k, v in _columns(winning_hands(400, seed=13, players=3)).items()}
    n = len(cols["counts"])
    norths = cols["counts"][:, 30].astype(int)
    for j in range(4):   # the Norths of pons and kans
        t, k = cols["meld_type"][:, j], cols["meld_tile"][:, j]
        norths += np.where((t >= 1) & (k == 30), np.where(t == 1, 3, 4), 0)
    # one North indicator: the first dora, or the first ura of every other riichi row with ura
    ura = (cols["flags"] & 2).astype(bool) & (cols["n_ura"] > 0) & (np.arange(n) % 2 == 1)
    cols["n_dora"][:] = np.maximum(cols["n_dora"], 1)
    for name, rows in (("dora", ~ura), ("ura", ura)):
        ind = cols[name]
        ind[ind == 30] = 31                 # no other North indicator (31: haku)
        ind[rows, 0] = 30
    # kita that make four Norths with the indicator (even rows) or five (odd rows)
    kita = 3 - norths + np.arange(n) % 2
    keep = (kita >= 1) & (kita <= 4)
    cols["kita"][:] = np.where(keep, kita, 0)
    res = score_many(cols, rules=rules, messages=True)
    for i in range(n):
        _assert_row_equal(res, cols, i, rules)
    four, five = keep & (np.arange(n) % 2 == 0), keep & (np.arange(n) % 2 == 1)
    refused = res.status == STATUS_INVALID_INPUT
    assert four.sum() > 50 and five.sum() > 50
    copies = _WBAD_TEXT.index("five copies of a tile counting the hand, the melds, kita and the dora / ura "
                              "indicators")
    assert refused[five].all() and (res.reason[five] == copies).all()
    assert all("five copies of 4z" in res.messages[i] for i in np.flatnonzero(five))
    assert not refused[four & ~np.isin(cols["dora"], [31]).any(1) & ~np.isin(cols["ura"], [31]).any(1)].any()
