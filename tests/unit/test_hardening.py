"""Regressions of the hardening issue, items 6-12: values that passed the checks.

One test per item, named after it; each case is the issue's minimal reproducer (or its twin in
another input form), with the error or result it must give.
"""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest

from yakuman import ShantenState, score, shanten, tiles
from yakuman.batch import SCORE_COLUMNS, STATUS_INVALID_INPUT, _columns, columns_from_kwargs, score_many, shanten_many
from yakuman.errors import InvalidArgumentError, InvalidContextError, InvalidMeldError, InvalidTilesError, YakumanError
from yakuman.random import winning_hands
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.settle import RoundState, Win, settle_wins
from yakuman.yaku import Yaku

NAMES = {name for name, _, _ in SCORE_COLUMNS}


def _cols(n: int, seed: int) -> dict:
    return {k: v.copy() for k, v in _columns(winning_hands(n, seed=seed)).items() if k in NAMES}


# ---- item 6 ----------------------------------------------------------------------------------
def test_item6_indicator_copies_count_with_the_hand():
    with pytest.raises(InvalidTilesError, match="five copies of 1m counting the hand, the melds and the dora"):
        score("111122223333m44z", "4z", tsumo=True, dora=["1m"] * 5)
    # a fourth copy as an indicator is physical; a fifth is not (dora, ura and kan dora together)
    assert score("111222333m44z", "4z", ["pon 999p"], tsumo=True, dora=["1m"]).status == Status.OK
    for kw in ({"dora": ["1m", "1m"]}, {"dora": "1m", "ura": "1m", "riichi": False},
               {"dora": "1m4z", "ura": "1m", "riichi": False}):
        with pytest.raises(InvalidTilesError, match="copies of 1m counting"):
            score("111222333m44z", "4z", ["pon 999p"], tsumo=True, **kw)
    with pytest.raises(InvalidTilesError, match="five copies of 4z counting"):   # the pair + 3 indicators
        score("123456789m111p44z", "4z", tsumo=True, riichi=True, dora="4z", ura="4z4z")
    with pytest.raises(InvalidTilesError, match="five copies of 9p counting"):   # a kan and its kan dora
        score("123456789m11p", "1p", ["minkan 9999p"], tsumo=True, rinshan=True, dora="1z9p")
    # the batch: the same rows get status 4, the rest score as before
    rows = [dict(hand="111122223333m44z", win="4z", tsumo=True, dora=d) for d in (["1z"], ["1m"], ["1m"] * 5)]
    res = score_many(columns_from_kwargs(rows), messages=True)
    assert res.status.tolist() == [0, 4, 4]
    assert res.han[0] == score(**rows[0]).han
    assert "counting the hand, the melds and the dora" in res.messages[1]
    cols = _cols(200, 7)
    cols["n_dora"][:] = 5
    cols["dora"][:] = np.argmax(cols["counts"], axis=1)[:, None]   # 5 x the hand's most held kind
    res = score_many(cols)
    assert (res.status == STATUS_INVALID_INPUT).all()


# ---- item 7 ----------------------------------------------------------------------------------
def test_item7_win_id_check_is_the_same_for_every_container():
    ids = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 1]
    for form in (ids, tuple(ids), np.array(ids), np.array(ids, dtype=np.uint8)):
        with pytest.raises(InvalidTilesError) as e:
            score(form, 5)
        assert str(e.value) == "winning tile id 5 is not among the hand's 136-ids - at win"
    good = [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 112, 116, 120]     # 123m 123p 123s 11z EEE...
    want = score(good, 120, tsumo=True)
    for form in (good, tuple(good), np.array(good)):
        assert score(form, 120, tsumo=True) == want


# ---- item 8 ----------------------------------------------------------------------------------
def test_item8_floats_are_refused_saying_where():
    with pytest.raises(InvalidTilesError, match=r"136-id 0.5 at index 0 is not an integer"):
        tiles.parse_136([0.5, 4.9, 135.99])
    with pytest.raises(InvalidTilesError, match=r"136-id 4.0 at index 1 is not an integer"):
        tiles.parse_136([0, 4.0])                               # integral floats too (the policy)
    c = [3, 3, 3, 3, 1] + [0] * 29
    for bad, where in ((0.5, "5m"), (math.nan, "5m"), (1.0, "5m")):
        cf = list(c)
        cf[4] = bad
        with pytest.raises(InvalidTilesError, match=f"count {bad!r} of {where} is not an integer"):
            shanten(cf)
    with pytest.raises(InvalidTilesError, match="is not an integer"):
        shanten(np.array(c, dtype=float))
    with pytest.raises(InvalidTilesError, match="not an integer"):
        score([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52.0], 52)
    from yakuman._core import suit_decompositions

    with pytest.raises(InvalidTilesError, match=r"count 1.0 at rank 1 is not an integer"):
        suit_decompositions([1.0, 1, 1, 0, 0, 0, 0, 0, 0])
    # the batch: the same policy, column by column (counts and win included)
    with pytest.raises(InvalidTilesError, match="counts must be integers, not float64"):
        shanten_many(np.array([c], dtype=float))
    for name in ("counts", "win", "honba"):
        cols = _cols(3, 1)
        cols[name] = cols[name].astype(float) + 0.5
        with pytest.raises(InvalidTilesError, match=f"column '{name}' must be integers, not float64"):
            score_many(cols)
    assert shanten(c) == shanten(np.array(c, dtype=np.int64)) == 0  # integer forms agree


# ---- item 9 ----------------------------------------------------------------------------------
def test_item9_out_of_range_values_are_per_row():
    cols = _cols(6, 2)
    want = score_many(cols)
    counts = cols["counts"].astype(np.int64)
    counts[1, 0] = -1
    counts[2, 3] = 300
    honba = cols["honba"].astype(np.int64)
    honba[3] = 70000
    cols["counts"], cols["honba"] = counts, honba
    res = score_many(cols, messages=True)
    assert res.status.tolist() == [want.status[0], 4, 4, 4, want.status[4], want.status[5]]
    for i in (0, 4, 5):
        assert res.points[i] == want.points[i] and res.han[i] == want.han[i]
    assert (res.points[1:4] == 0).all() and (res.reason[1:4] == 13).all()
    assert res.messages[1] == "counts value -1 outside uint8 (0..255) - at counts[1][0] - at hands[1]"
    assert res.messages[2] == "counts value 300 outside uint8 (0..255) - at counts[2][3] - at hands[2]"
    assert res.messages[3] == "honba value 70000 outside uint16 (0..65535) - at honba[3] - at hands[3]"
    # columns_from_kwargs: a bad row gets its status; the others are scored
    h = winning_hands(4, seed=3)
    rows = [h.kwargs(i) for i in range(4)]
    rows[2]["hand"] = "11111m"
    res = score_many(columns_from_kwargs(rows), messages=True)
    assert res.status[2] == STATUS_INVALID_INPUT and res.reason[2] == 14
    assert res.messages == {2: "five copies of 1m - at hand - at rows[2] - at hands[2]"}
    good = score_many(h)
    assert [res.points[i] for i in (0, 1, 3)] == [good.points[i] for i in (0, 1, 3)]
    with pytest.raises(InvalidTilesError, match=r"- at rows\[2\]"):
        columns_from_kwargs(rows, errors="raise")


# ---- item 10 ---------------------------------------------------------------------------------
def test_item10_converters_validate():
    c = [0] * 34
    c[4] = 1
    with pytest.raises(InvalidTilesError, match="-1 red fives but 1 fives in m"):
        tiles.to_136(c, reds=(-1, 0, 0))
    with pytest.raises(InvalidTilesError, match="red-five count 0.5 of 5p is not an integer"):
        tiles.to_136(c, reds=(0, 0.5, 0))
    assert tiles.to_136(c, reds=(1, 0, 0)) == [16]
    for bad in (40, -1, 34, 1.0, True):
        with pytest.raises(InvalidTilesError, match="indicator kind"):
            tiles.dora_of(bad)
    assert [tiles.dora_of(k) for k in (0, 8, 26, 30, 33)] == [1, 0, 18, 27, 31]
    for conv in (tiles.to_mjai, tiles.to_mpsz, tiles.to_136):
        with pytest.raises(InvalidTilesError, match="five copies of 1m"):
            conv([5] * 34)
        with pytest.raises(InvalidTilesError, match="33 counts given, 34 expected"):
            conv([0] * 33)
    assert tiles.to_mjai(c, (1, 0, 0)) == ["5mr"]
    with pytest.raises(InvalidTilesError, match="136-id 1.0 is not an integer"):
        tiles.kind_of_136(1.0)


# ---- item 11 ---------------------------------------------------------------------------------
HAND13 = "123m456p789s1122z"


@pytest.mark.parametrize("call, err, message", [
    (lambda: shanten([10**30] + [0] * 33), InvalidTilesError, "1000000000000000000000000000000 copies of 1m"),
    (lambda: shanten([-(10**30)] + [0] * 33), InvalidTilesError, "negative count -1000000000000000000000000000000 of 1m"),
    (lambda: shanten(HAND13, melds=10**20), InvalidTilesError, "100000000000000000000 melds given, 0..4 expected"),
    (lambda: shanten(HAND13, melds=True), InvalidTilesError, "melds must be a meld count 0..4 or a list of melds, not True"),
    (lambda: shanten(HAND13, melds=1.5), InvalidTilesError, "melds must be a meld count 0..4 or a list of melds, not 1.5"),
    (lambda: shanten(set(range(0, 52, 4))), InvalidTilesError, "not set (a set has no order and holds each id once)"),
    (lambda: shanten(HAND13, form="x"), InvalidArgumentError, "unknown form 'x'"),
    (lambda: shanten_many(np.zeros((1, 34), np.uint8), form="x"), InvalidArgumentError, "unknown form 'x'"),
    (lambda: shanten_many(np.zeros((1, 34), np.uint8), workers=-1), InvalidArgumentError,
     "workers must be 1..1024 (or None / 0 for every core), not -1"),
    (lambda: shanten_many(np.zeros((1, 34), np.uint8), workers=10**10), InvalidArgumentError,
     "workers must be 1..1024 (or None / 0 for every core), not 10000000000"),
    (lambda: shanten_many(np.zeros((1, 34), np.uint8), workers=1.5), InvalidArgumentError, "workers must be an integer"),
    (lambda: shanten_many(np.zeros((1, 34), np.uint8), melds=2.7), InvalidTilesError,
     "melds must be an integer 0..4 (or None to infer it per row), not 2.7"),
    (lambda: shanten_many(np.zeros((1, 34), np.uint8), melds="0"), InvalidTilesError,
     "melds must be an integer 0..4 (or None to infer it per row), not '0'"),
])
def test_item11_precise_messages(call, err, message):
    with pytest.raises(err) as e:
        call()
    assert message in str(e.value)
    assert isinstance(e.value, YakumanError)


def test_item11_huge_and_odd_values():
    hand = "123456789m11z234p"
    with pytest.raises(InvalidTilesError, match="136-id 1000000000000000000000000000000 out of range"):
        score(hand, 10**30)
    with pytest.raises(InvalidTilesError, match=r"136-id 1000000000000000000000000000000 out of range .* at dora\[0\]"):
        score(hand, "4p", dora=[10**30])
    with pytest.raises(InvalidTilesError, match="tile kind 1000000000000000000000000000000 out of range 0..33"):
        ShantenState("123456789m11z23p").draw(10**30)
    for melds in (10**30, 2, {"pon 777z"}):
        with pytest.raises(InvalidMeldError, match="melds must be a list of meld strings or Meld objects"):
            score(hand, "4p", melds=melds)


def test_item11_score_many_row_messages():
    cols = _cols(4, 5)
    cols["meld_type"][0, 0], cols["meld_tile"][0, 0] = 1, 50
    cols["win"][1] = 40
    cols["n_dora"][2], cols["dora"][2, 0] = 1, 200
    cols["meld_type"][3, 3] = 9
    res = score_many(cols, messages=True)
    assert res.status.tolist() == [4, 4, 4, 4]
    assert res.messages == {
        0: "meld_tile 50 outside the tile kinds 0..33 - at meld_tile[0][0] - at hands[0]",
        1: "win 40 outside the tile kinds 0..33 - at win[1] - at hands[1]",
        2: "dora indicator kind 200 outside the tile kinds 0..33 - at dora[2][0] - at hands[2]",
        3: "meld_type 9 outside 0..4 (chi, pon, minkan, kakan, ankan; -1 = empty) - at meld_type[3][3] - at hands[3]",
    }


# ---- item 12 ---------------------------------------------------------------------------------
def test_item12_seams():
    # Win.from_score: the score's seat wind against the round (ron 2600 for a non-dealer: 2 han 40 fu
    # is base 640, 4 x 640 = 2560 -> 2600; the dealer would get 6 x 640 -> 3900)
    s = score("123456789m11z234p", "4p", seat_wind="S")
    assert (s.han, s.fu, s.points) == (2, 40, 2600)
    st = RoundState.start()
    with pytest.raises(InvalidContextError, match="winner 0 has seat wind E .* computed for a non-dealer"):
        settle_wins(st, Win.from_score(s, winner=0, from_seat=1))
    with pytest.raises(InvalidContextError, match="computed for a non-dealer"):
        Win.from_score(s, winner=0, from_seat=1, state=st)
    assert settle_wins(st, Win.from_score(s, winner=1, from_seat=2)).deltas == (0, 2600, -2600, 0)
    t = score("123456789m11z234p", "4p", tsumo=True)     # dealer tsumo: 2000 all
    with pytest.raises(InvalidContextError, match="computed for the dealer"):
        settle_wins(st, Win.from_score(t, winner=2))
    assert settle_wins(st, Win.from_score(t, winner=0)).deltas == (6000, -2000, -2000, -2000)
    with pytest.raises(InvalidContextError, match="the score is a tsumo but from_seat 1"):
        Win.from_score(t, winner=0, from_seat=1)
    with pytest.raises(InvalidContextError, match="the score is a ron"):
        Win.from_score(s, winner=1)
    # Rules.ema(): no red fives, so a '0' is refused wherever it is
    ema = Rules.ema()
    for args, kw, where in ((("123m406p789s11z234m", "4m"), {}, "at hand"),
                            (("123m456p789s11z234m", "4m"), {"dora": "0s"}, "at dora"),
                            (("123m456p789s11z234m", "4m"), {"dora": ["0s"]}, r"at dora\[0\]"),
                            (("123m406p789s11z", "0p", ["chi 234m"]), {}, "at hand"),
                            (("123m456p789s11z", "5p", ["chi 406m"]), {}, r"at melds\[0\]")):
        with pytest.raises((InvalidTilesError, InvalidMeldError), match=f"the rules have no red fives.*{where}"):
            score(*args, riichi=not args[2:], **kw, rules=ema)
    assert score("123m456p789s11z234m", "4m", riichi=True, rules=ema).status == Status.OK
    rows = [dict(hand="123m406p789s11z234m", win="4m", riichi=True), dict(hand="123m456p789s11z234m", win="4m",
                                                                          riichi=True)]
    cols = columns_from_kwargs(rows)            # under the default rules: row 0 has a red 5p
    assert cols["reds"][0].tolist() == [0, 1, 0]
    assert score_many(cols, rules=ema).status.tolist() == [STATUS_INVALID_INPUT, Status.OK]
    # ura without riichi: checked like dora, then not counted (documented on score())
    plain = score("123m456p789s11z234m", "4m", riichi=False, seat_wind="S", tsumo=True)
    with_ura = score("123m456p789s11z234m", "4m", riichi=False, seat_wind="S", tsumo=True, ura="3m")
    assert with_ura == plain and Yaku.URA_DORA not in with_ura.mask
    with pytest.raises(InvalidTilesError, match="at ura"):
        score("123m456p789s11z234m", "4m", tsumo=True, ura="9z")
    # ScoreBatch: attributes, deepcopy; Status(4) is the batch's status of a malformed row
    res = score_many(_cols(3, 4))
    assert hasattr(res, "points") and not hasattr(res, "foo")
    dup = copy.deepcopy(res)
    assert all(np.array_equal(dup[k], res[k]) for k in res) and dup["points"] is not res["points"]
    assert Status(4) is Status.INVALID_INPUT and STATUS_INVALID_INPUT == Status.INVALID_INPUT == 4


def test_argument_checks_raise_yakuman_errors():
    """Every public argument check raises a yakuman.errors exception (InvalidArgumentError: still a
    ValueError for callers that catch that), never a bare ValueError."""
    from yakuman.errors import InvalidArgumentError
    from yakuman.random import winning_hands
    from yakuman.yaku import Yaku

    for call in (lambda: winning_hands(-1), lambda: winning_hands(3, seed=-2), lambda: winning_hands(3, players=5),
                 lambda: winning_hands(3, aka=9), lambda: winning_hands(3, melds=7), lambda: winning_hands(3, tsumo=2.0),
                 lambda: winning_hands(3, shapes={"nope": 1.0}), lambda: winning_hands(3, engine="gpu"),
                 lambda: Yaku.from_tenhou_id(99), lambda: Yaku.from_name("no such yaku")):
        with pytest.raises(InvalidArgumentError):
            call()
