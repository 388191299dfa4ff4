"""yakuman.ev's request checks, defaults and result views, one rule a test: the bounds and messages
of every option of discard_ev and ev_many, what each default is, the red fives a search can follow
(one per suit: rules with aka_dora of 2 or more are refused where a second one is in play, never
valued wrongly), and the exact text of the result's table, HTML, dict and DataFrame. Written for the
mutants of src/yakuman/ev.py that the value tests (test_ev.py, test_ev_full.py, test_ev_many.py)
left alive (`python tools/mutate.py --module ev`, docs/testing.md)."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yakuman import shanten
from yakuman.errors import InvalidArgumentError, InvalidTilesError
from yakuman.ev import EV_STATUS, EvResult, discard_ev, ev_many, ev_row_kwargs
from yakuman.rules import Rules
from yakuman.tiles import to_counts

TENPAI = "234m2245688p678s1z"       # 14 tiles: 1z out is tenpai on 2p / 8p
FOUR = "147m258p369s11223z"         # 4-shanten: beyond the default max_shanten (rows without a search)
AKA2 = Rules.tenhou().replace(aka_dora=2)
SANMA = Rules.tenhou_sanma()


def _rows(r: EvResult):
    return [(x.tile, x.shanten, x.necessary, list(x.tenpai_prob), list(x.win_prob), list(x.exp_score),
             None if x.riichi is None else list(x.riichi)) for x in r]


def _same_rows(a: EvResult, b: EvResult) -> bool:
    def eq(x, y):
        return all((math.isnan(p) and math.isnan(q)) or p == q for p, q in zip(x, y)) and len(x) == len(y)

    ra, rb = _rows(a), _rows(b)
    return len(ra) == len(rb) and all(
        p[:3] == q[:3] and eq(p[3], q[3]) and eq(p[4], q[4]) and eq(p[5], q[5]) and p[6] == q[6]
        for p, q in zip(ra, rb))


# ---- option bounds: (name, low, high); the search is kept cheap by max_shanten=0 on FOUR ----------

BOUNDS = [("t_max", 1, 18), ("extra", 0, 8), ("max_shanten", 0, 6), ("honba", 0, 1000), ("riichi_sticks", 0, 1000)]


@pytest.mark.parametrize("name, low, high", BOUNDS)
def test_discard_ev_option_bounds_and_messages(name, low, high):
    # a hand beyond max_shanten 0 makes rows without a search; max_shanten itself on a tenpai hand
    hand, base = (TENPAI, {}) if name == "max_shanten" else (FOUR, {"max_shanten": 0})
    for v in (low, high):
        r = discard_ev(hand, **{**base, name: v})      # accepted at both ends
        assert len(r) == 12 and r.best.shanten == (4 if hand == FOUR else 0)
    for v in (low - 1, high + 1):
        with pytest.raises(InvalidArgumentError) as e:
            discard_ev(hand, **{**base, name: v})
        assert str(e.value) == f"{name} = {v} is out of range {low}..{high}"
    for bad in (True, 1.5, "3"):
        with pytest.raises(InvalidArgumentError) as e:
            discard_ev(hand, **{**base, name: bad})
        assert str(e.value) == f"{name} must be an integer, not {bad!r}"
    assert discard_ev(hand, **{**base, name: np.int64(low)}).turn == 1   # numpy integers are integers


def test_turn_bounds_follow_t_max():
    assert discard_ev(TENPAI, t_max=5, turn=5).turn == 5
    assert discard_ev(TENPAI, turn=0).turn == 0
    for turn, t_max in ((6, 5), (19, 18), (-1, 18)):
        with pytest.raises(InvalidArgumentError) as e:
            discard_ev(TENPAI, t_max=t_max, turn=turn)
        assert str(e.value) == f"turn = {turn} is out of range 0..{t_max}"


@pytest.mark.parametrize("name, low, high", [("t_max", 1, 18), ("extra", 0, 8), ("max_shanten", 0, 6)])
def test_ev_many_option_bounds_and_messages(name, low, high):
    hand, base = (TENPAI, {}) if name == "max_shanten" else (FOUR, {"max_shanten": 0})
    cols = {"counts": np.array([to_counts(hand)], dtype=np.uint8)}
    for v in (low, high):
        assert ev_many(cols, **{**base, name: v}).status.tolist() == [0]
    for v in (low - 1, high + 1):
        with pytest.raises(InvalidArgumentError) as e:
            ev_many(cols, **{**base, name: v})
        assert str(e.value) == f"{name} = {v} is out of range {low}..{high}"
    with pytest.raises(InvalidArgumentError) as e:
        ev_many(cols, t_max=4, turn=5)
    assert str(e.value) == "turn = 5 is out of range 0..4"
    with pytest.raises(ValueError, match="^ev_many: column 'counts' has shape"):
        ev_many({"counts": np.zeros((1, 33), dtype=np.uint8)})


# ---- defaults -------------------------------------------------------------------------------------

def test_defaults_turn_t_max_winds_and_max_shanten():
    r = discard_ev(TENPAI)
    assert (r.turn, r.t_max) == (1, 18) and all(len(x.exp_score) == 19 for x in r)
    assert _same_rows(r, discard_ev(TENPAI, turn=1, t_max=18, round_wind="E", seat_wind="E", max_shanten=3))
    # winds in any case: "s" is "S"; the dealer (E) differs from the south seat
    assert _same_rows(discard_ev(TENPAI, seat_wind="s", round_wind="s"), discard_ev(TENPAI, seat_wind="S", round_wind="S"))
    assert r.best.exp_score[1] != discard_ev(TENPAI, seat_wind="S").best.exp_score[1]
    # a 4-shanten hand is beyond the default max_shanten 3: shanten and tiles, NaN values
    r4 = discard_ev(FOUR)
    assert shanten(FOUR) == 4 and len(r4) == 12
    assert all(math.isnan(v) for x in r4 for v in (*x.tenpai_prob, *x.win_prob, *x.exp_score))
    assert sum(r4.best.necessary.values()) == r4.best.necessary_count > 0


def test_ev_many_defaults():
    cols = {"counts": np.array([to_counts(FOUR), to_counts(TENPAI)], dtype=np.uint8)}
    res = ev_many(cols)
    assert (res.turn, res.t_max) == (1, 18)
    assert "discard_exp_score_by_turn" not in res.keys()            # by_turn off by default
    assert math.isnan(res.exp_score[0]) and res.shanten[0] == 4     # 4-shanten: beyond max_shanten 3
    assert res.exp_score[1] == discard_ev(TENPAI).best.exp_score[1]
    assert repr(res) == "EvBatch(2 rows, 2 ok, turn=1, t_max=18)"
    assert set(res.arrays()) == set(res.keys()) and res.arrays()["status"].tolist() == [0, 0]
    assert not hasattr(res, "no_such_column")
    with pytest.raises(AttributeError):
        res.no_such_column   # noqa: B018


# ---- request checks ---------------------------------------------------------------------------

@pytest.mark.parametrize("kw", [{"honba": 1}, {"riichi_sticks": 1}, {"kita": 1}, {"wall": [4] * 34}])
def test_reference_model_takes_none_of_the_full_models_inputs(kw):
    with pytest.raises(InvalidArgumentError) as e:
        discard_ev(TENPAI, model="reference", **kw)
    assert str(e.value) == "model='reference' takes no wall, honba, riichi_sticks or kita"


def test_kita_needs_three_players_and_at_most_four():
    with pytest.raises(InvalidArgumentError, match=r"^kita \(nuki dora\) exist only with three players$"):
        discard_ev(TENPAI, kita=1)
    hand = "11199m11p99s11z555z"   # no North in the hand: all four may be kita
    assert discard_ev(hand, rules=SANMA, kita=4).turn == 1
    with pytest.raises(InvalidArgumentError, match=r"^kita = 5 is out of range 0\.\.4$"):
        discard_ev(hand, rules=SANMA, kita=5)
    with pytest.raises(InvalidArgumentError, match="^seat_wind N does not exist with three players$"):
        discard_ev(hand, rules=SANMA, seat_wind="N")


def test_dora_as_a_list_of_tiles_or_ids_and_at_most_ten():
    ref = discard_ev(TENPAI, dora="1m2p")
    assert _same_rows(discard_ev(TENPAI, dora=["1m", "2p"]), ref)
    assert _same_rows(discard_ev(TENPAI, dora=[0, 36 + 4]), ref)   # 136-ids: 1m, 2p
    ten = "1m1m1m9m9m9m7z7z7z5z"
    assert discard_ev(TENPAI, dora=ten, max_shanten=0).turn == 1
    with pytest.raises(InvalidArgumentError, match="^11 dora indicators given, at most 10$"):
        discard_ev(TENPAI, dora=ten + "6z", max_shanten=0)


def test_five_copies_names_the_first_kind_in_order():
    # 1m: four in the hand (allowed); 9p: three in the hand and two indicators make five
    with pytest.raises(InvalidTilesError) as e:
        discard_ev("1111m234p999p1122z", dora="9p9p")
    assert str(e.value) == "9p: 5 copies in the hand, melds, dora and kita"
    # three players: five copies of a kind that does not exist there is named as five copies
    with pytest.raises(InvalidTilesError) as e:
        discard_ev("222m999p111s11z555z", rules=SANMA, dora="2m2m")
    assert str(e.value) == "2m: 5 copies in the hand, melds, dora and kita"
    with pytest.raises(InvalidTilesError, match="^2m does not exist with three players$"):
        discard_ev("11m999p111s11z555z", rules=SANMA, dora="2m")


def test_wall_of_exactly_t_max_plus_one_tiles():
    wall = [0] * 34
    wall[27 + 6] = 4    # 7z
    wall[27 + 5] = 3    # 6z: seven tiles
    assert discard_ev(TENPAI, wall=wall, t_max=6).turn == 1
    with pytest.raises(InvalidArgumentError, match="^the wall holds 7 tiles: too few for t_max = 7$"):
        discard_ev(TENPAI, wall=wall, t_max=7)


class _Seen:
    """An object in the Observation's shape: its wall_counts() and wall_reds() methods."""

    def __init__(self, wall, reds):
        self._wall, self._reds = wall, reds

    def wall_counts(self):
        return self._wall

    def wall_reds(self):
        return self._reds


def test_wall_and_wall_red_from_an_objects_methods():
    wall = [4 - c for c in to_counts(TENPAI)]
    wall[0] = 1                                     # three 1m seen elsewhere
    want = discard_ev(TENPAI, wall=wall, wall_red=[1, 0, 1])
    got = discard_ev(TENPAI, wall=_Seen(wall, [1, 0, 1]), wall_red=_Seen(wall, [1, 0, 1]))
    assert _same_rows(got, want) and not _same_rows(got, discard_ev(TENPAI))
    with pytest.raises(InvalidArgumentError, match="^wall must hold 34 counts, not 33$"):
        discard_ev(TENPAI, wall=wall[:33])
    with pytest.raises(InvalidArgumentError, match=r"^wall_red must hold 3 counts \(m, p, s\), not 2$"):
        discard_ev(TENPAI, wall_red=[1, 1])


def test_already_complete_hands_with_melds():
    with pytest.raises(InvalidTilesError, match=r"^the hand is already complete \(a tsumo, not a discard\)$"):
        discard_ev("234m22p678s789s", melds=["pon 777z"])
    with pytest.raises(InvalidTilesError, match=r"^the hand is already complete"):
        discard_ev("234m22p678s", melds=["pon 777z", "pon 111z"])
    assert discard_ev("234m23p678s789s", melds=["pon 777z"], max_shanten=0).turn == 1   # not complete


# ---- red fives --------------------------------------------------------------------------------

def test_red_off_counts_a_red_five_as_plain():
    assert _same_rows(discard_ev("234m0p5p678s1122z3z", red=False), discard_ev("234m55p678s1122z3z", red=False))
    # rules without red fives: red=True and red=False are the same request
    aka0 = Rules.tenhou().replace(aka_dora=0)
    hand = "2346m456p678s1122z"   # waits on 5m among others
    assert _same_rows(discard_ev(hand, rules=aka0), discard_ev(hand, rules=aka0, red=False))
    assert discard_ev("5555m123p456s1122z", rules=aka0, max_shanten=0).turn == 1   # four plain fives


def test_red_off_counts_a_melds_red_five_as_plain():
    """red=False: a meld's red five is no dora either (until 2026-12-06 the melds' red fives were
    still counted: 498.4 at turn 1 against the reference calculator's 276.9, enable_reddora off,
    for 2256m5p9s77z with chi 067p, pon 888p, indicator 3z, South seat, extra 0, discard 5p)."""
    hand, kw = "2256m5p9s77z", dict(dora="3z", seat_wind="S", extra=0)
    for model in ("reference", "full"):
        red_meld = discard_ev(hand, melds=["chi 067p", "pon 888p"], red=False, model=model, **kw)
        plain = discard_ev(hand, melds=["chi 567p", "pon 888p"], red=False, model=model, **kw)
        assert _same_rows(red_meld, plain), model
        assert not _same_rows(red_meld, discard_ev(hand, melds=["chi 067p", "pon 888p"], model=model, **kw))
    row = next(r for r in discard_ev(hand, melds=["chi 067p", "pon 888p"], red=False, model="reference", **kw).rows
               if r.tile == "5p")
    assert row.exp_score[1] == pytest.approx(276.8663, abs=1e-4)   # the reference calculator's figure
    # ev_many: the same row, the meld's red five in the meld_reds column
    import numpy as np
    from yakuman.ev import ev_many
    counts = np.zeros((1, 34), np.uint8)
    for k in (1, 1, 4, 5, 13, 26, 33, 33):   # 2256m5p9s77z
        counts[0, k] += 1
    cols = dict(counts=counts, meld_type=np.array([[0, 1, -1, -1]], np.int8),
                meld_tile=np.array([[13, 16, 0, 0]], np.uint8), meld_reds=np.array([[1, 0, 0, 0]], np.uint8),
                dora=np.array([[29, 0, 0, 0, 0]], np.uint8), n_dora=np.array([1], np.uint8),
                seat_wind=np.array([1], np.uint8))
    many = ev_many(cols, red=False, extra=0, workers=1)
    full = discard_ev(hand, melds=["chi 567p", "pon 888p"], red=False, **kw)
    assert many.status[0] == 0 and many.exp_score[0] == full.rows[0].exp_score[1]


def test_more_than_one_red_five_of_a_suit_is_refused_not_valued_wrongly():
    """aka_dora = 2: a state follows one red five per suit, so a second one held or in the wall
    is refused (the value would count it as plain: a hand of two red 5p was worth less than one of
    one red 5p)."""
    for hand, wall_red, held, unseen, suit in (("234m00p678s11z22z3z", [1, 0, 1], 2, 0, "p"),
                                                ("234m55p678s11z22z3z", None, 0, 2, "m"),
                                                ("234m05p678s11z22z3z", None, 0, 2, "m")):
        with pytest.raises(InvalidArgumentError) as e:
            discard_ev(hand, rules=AKA2, wall_red=wall_red)
        assert str(e.value).startswith(f"0{suit}: {held} red in the hand and {unseen} unseen; the calculator "
                                       "follows at most one red five per suit")
    # with at most one red five a suit in play the request is valued, as under aka_dora = 1
    for hand in ("234m05p678s11z22z3z", "234m55p678s11z22z3z"):
        got = discard_ev(hand, rules=AKA2, wall_red=[1, 0, 1])
        assert _same_rows(got, discard_ev(hand, wall_red=[1, 0, 1]))
    assert discard_ev("234m05p678s11z22z3z", rules=AKA2, wall_red=[1, 0, 1]).best.exp_score[1] > \
        discard_ev("234m55p678s11z22z3z", rules=AKA2, wall_red=[1, 0, 1]).best.exp_score[1]
    # red fives off: every red five a plain one
    assert discard_ev("234m00p678s11z22z3z", rules=AKA2, red=False).best.exp_score[1] == \
        discard_ev("234m55p678s11z22z3z", rules=AKA2, red=False).best.exp_score[1]
    # the two red 5p of the melds: the hand's two 5p are the only plain ones left, and no red 5p is
    # unseen, so the request is valued (one red 5m and 5s in the wall)
    r = discard_ev("55p23m678s1z", melds=["chi 340p", "chi 067p"], rules=AKA2, wall_red=[1, 0, 1], max_shanten=0)
    assert r.best.shanten == 0


def test_ev_many_refuses_a_second_red_five_with_discard_evs_message():
    rows = ["234m55p678s11z22z3z", "234m05p678s11z22z3z"]
    counts = np.array([to_counts(h) for h in rows], dtype=np.uint8)
    reds = np.array([[0, 0, 0], [0, 1, 0]], dtype=np.uint8)
    res = ev_many({"counts": counts, "reds": reds}, rules=AKA2)
    assert res.status.tolist() == [5, 5]
    for i, h in enumerate(rows):
        with pytest.raises(InvalidArgumentError) as e:
            discard_ev(h, rules=AKA2)
        assert res.messages[i] == f"{e.value} - at columns[{i}]"
    # red fives off: the rows are valued, equal to discard_ev's
    res = ev_many({"counts": counts, "reds": reds}, rules=AKA2, red=False)
    assert res.status.tolist() == [0, 0]
    assert res.exp_score[1] == discard_ev(rows[1], rules=AKA2, red=False).best.exp_score[1]


def test_engine_ev_policy_leaves_a_second_red_five_to_greedy():
    from yakuman.game import simulate

    a = simulate(3, rules=AKA2, seed=4, policy="ev", workers=1)
    b = simulate(3, rules=AKA2, seed=4, policy="greedy", workers=1)
    assert (a["scores"] == b["scores"]).all()   # every position had a second red five in play


# ---- ev_many's messages use the call's options ---------------------------------------------------

def test_ev_many_messages_are_discard_evs_under_the_same_options():
    # a 2m in three-player mahjong: refused under the batch's sanma rules, with discard_ev's message
    cols = {"counts": np.array([to_counts("2m11239m11p99s11z55z")], dtype=np.uint8)}
    res = ev_many(cols, rules=SANMA)
    assert res.status.tolist() == [4]
    assert res.messages[0] == "2m does not exist with three players - at columns[0]"
    # a wall too small for the batch's t_max names that t_max
    wall = np.zeros((1, 34), dtype=np.uint8)
    wall[0, 33] = 4
    cols = {"counts": np.array([to_counts(TENPAI)], dtype=np.uint8), "wall": wall}
    res = ev_many(cols, t_max=4)
    assert res.messages[0] == "the wall holds 4 tiles: too few for t_max = 4 - at columns[0]"
    res = ev_many({"counts": np.array([to_counts(TENPAI)], dtype=np.uint8), "players": np.array([3])})
    assert res.status.tolist() == [14] and res.messages[0] == f"{EV_STATUS[14]} - at columns[0]"


def test_ev_row_kwargs_with_optional_columns_missing():
    counts = np.array([to_counts("234m23p678s")], dtype=np.uint8)
    mt = np.array([[1, -1, -1, -1]], dtype=np.int8)
    assert ev_row_kwargs({"counts": counts}, 0) == {"hand": "234m23p678s"}
    assert ev_row_kwargs({"counts": counts, "meld_type": mt}, 0) == {"hand": "234m23p678s", "melds": ["pon 111m"]}
    kw = ev_row_kwargs({"counts": counts, "meld_type": mt, "meld_tile": np.array([[33, 0, 0, 0]], dtype=np.uint8)}, 0)
    assert kw["melds"] == ["pon 777z"]


def test_ev_row_kwargs_refuses_what_no_call_can_express():
    # found by the ev_many fuzz target: a dora kind outside 0..33 raised IndexError (a kind of 300
    # in an int64 column) or was read as another tile (-1 became 9z), and n_dora above 5 was cut to
    # 5 indicators although ev_many refuses the row (status 7); each now raises InvalidTilesError
    # naming the column and the row, and the row's message falls back to its status text
    counts = np.array([to_counts(TENPAI)] * 2, dtype=np.uint8)
    base = {"counts": counts, "dora": np.zeros((2, 5), dtype=np.int64), "n_dora": np.array([1, 1])}
    for col, row, want in (("dora", [300, 0, 0, 0, 0], "dora indicator kind 300 outside 0..33 - at dora[1][0]"),
                           ("dora", [-1, 0, 0, 0, 0], "dora indicator kind -1 outside 0..33 - at dora[1][0]"),
                           ("n_dora", 6, "n_dora 6 outside 0..5 - at n_dora[1]")):
        cols = {k: v.copy() for k, v in base.items()}
        cols[col][1] = row
        with pytest.raises(InvalidTilesError, match=re.escape(want + " - at columns[1]")):
            ev_row_kwargs(cols, 1)
        assert ev_row_kwargs(cols, 0)["dora"] == "1m"
        res = ev_many(cols, t_max=4)
        # ev_many refuses the same row: a value outside the column's dtype (status 13), or n_dora 6 (7)
        assert res.status.tolist() == [0, 13 if col == "dora" else 7], res.messages
        assert res.messages[1].endswith("- at hands[1]" if col == "dora" else "- at columns[1]"), res.messages
    mt = np.array([[7, -1, -1, -1]], dtype=np.int64)
    with pytest.raises(InvalidTilesError, match=re.escape("meld_type 7 outside 0..4")):
        ev_row_kwargs({"counts": counts[:1], "meld_type": mt}, 0)
    with pytest.raises(InvalidTilesError, match=re.escape("2 red fives in a meld that holds 1 fives - at melds[0][0]")):
        ev_row_kwargs({"counts": counts[:1], "meld_type": np.array([[0, -1, -1, -1]]),
                       "meld_tile": np.array([[3, 0, 0, 0]]), "meld_reds": np.array([[2, 0, 0, 0]])}, 0)
    with pytest.raises(InvalidArgumentError, match="not a row index"):
        ev_row_kwargs(base, 2)
    with pytest.raises(InvalidArgumentError, match="ev_many's columns"):
        ev_row_kwargs([1, 2], 0)
    # a count above 4 is passed on as counts, so that discard_ev's error names it
    bad = counts[:1].astype(np.int64)
    bad[0, 0] = 5
    kw = ev_row_kwargs({"counts": bad}, 0)
    assert kw["hand"][0] == 5
    with pytest.raises(InvalidTilesError):
        discard_ev(**kw)


# ---- the result's views -----------------------------------------------------------------------

TABLE = """\
EvResult(turn=1, t_max=6)
discard  shanten  tiles                               n   tenpai %  win %  exp score  riichi
1z       0        2px2 8px2                           4   100.00    15.72  943.0      yes
2p       1        1px4 2px2 3px4 4px3 7px4 8px2 1zx3  22  65.84     6.47   379.3
8p       1        2px2 3px4 6px3 7px4 8px2 9px4 1zx3  22  65.84     6.47   379.3"""


def test_table_html_dict_and_frame_of_a_fixed_hand():
    r = discard_ev(TENPAI, model="reference", t_max=6)
    assert repr(r).startswith(TABLE + "\n")
    assert repr(r).splitlines()[-1] == "7s       1        2px2 8px2 7sx3                      7   29.39     2.04   122.5"
    html = r._repr_html_()
    assert html.startswith("<table><caption>turn 1</caption><tr><th>discard</th><th>shanten</th><th>tiles</th>"
                           "<th>n</th><th>tenpai %</th><th>win %</th><th>exp score</th><th>riichi</th></tr>"
                           "<tr><td>1z</td><td>0</td><td>2px2 8px2</td><td>4</td><td>100.00</td><td>15.72</td>"
                           "<td>943.0</td><td>yes</td></tr><tr><td>2p</td>")
    assert html.endswith("<td>122.5</td><td></td></tr></table>") and html.count("<tr>") == 13
    d = r.to_dict()
    assert (d["turn"], d["t_max"], len(d["rows"])) == (1, 6, 12)
    row = d["rows"][0]
    assert set(row) == {"tile", "shanten", "necessary", "tenpai_prob", "win_prob", "exp_score", "riichi"}
    assert (row["tile"], row["shanten"], row["necessary"]) == ("1z", 0, {"2p": 2, "8p": 2})
    assert row["tenpai_prob"] == [0.0] + [1.0] * 6 and row["riichi"] == [False] + [True] * 6
    assert row["win_prob"][5] == 4 / 117 and row["win_prob"][6] == 0.0   # one draw left: 4 of 117 tiles
    assert row["exp_score"] == list(r.best.exp_score) and row["win_prob"] == list(r.best.win_prob)
    f = r.to_pandas()
    assert list(f.columns) == ["tile", "shanten", "necessary_count", "tenpai_prob", "win_prob", "exp_score", "riichi",
                               "tenpai_prob_by_turn", "win_prob_by_turn", "exp_score_by_turn", "riichi_by_turn"]
    first = f.iloc[0]
    assert (first["tile"], first["shanten"], first["necessary_count"], first["riichi"]) == ("1z", 0, 4, True)
    assert (first["tenpai_prob"], first["win_prob"], first["exp_score"]) == \
        (1.0, r.best.win_prob[1], r.best.exp_score[1])
    assert f["riichi"].tolist() == [True] + [False] * 11
    assert list(first["exp_score_by_turn"]) == list(r.best.exp_score)
    assert list(first["tenpai_prob_by_turn"]) == list(r.best.tenpai_prob)
    assert list(first["win_prob_by_turn"]) == list(r.best.win_prob)
    assert list(first["riichi_by_turn"]) == list(r.best.riichi)


def test_views_of_rows_without_values():
    r = discard_ev(FOUR)
    line = repr(r).splitlines()[2]
    assert line.split()[0] == r.best.tile and line.endswith("nan       nan    nan")
    assert all(v is None for v in r.to_dict()["rows"][0]["exp_score"])
    assert math.isnan(r.to_pandas().iloc[0]["exp_score"]) and r.to_pandas()["riichi"].tolist() == [False] * 12
    r13 = discard_ev("234m2245688p678s", t_max=3)   # a 13-tile hand: one row, no tile
    assert repr(r13).splitlines()[2].startswith("-        0        2px2 8px2")
    assert r13.to_dict()["rows"][0]["tile"] is None


def test_engine_values_and_planes_refuse_a_second_red_five():
    from yakuman import _core
    from yakuman.game import Game

    g, work, checked = Game(AKA2, 3), _core.EvPolicyWork(), 0
    while not g.done and checked < 3:
        seat = g.decision_seat
        if g._st.phase() == 0 and any(a.type == "dahai" for a in g.legal_actions(seat)):
            with pytest.raises(InvalidArgumentError, match="^ev: more than one red five of a suit"):
                _core.ev_policy_rows(g._st, seat, work)
            with pytest.raises(InvalidArgumentError, match="red in the hand and 2 unseen; the calculator follows"):
                g.observation(seat).ev_planes()
            checked += 1
        g.step(g.policy_action(seat, "greedy"))
    assert checked == 3


def test_wind_messages_name_the_option():
    with pytest.raises(InvalidArgumentError, match="^seat_wind must be one of E S W N \\(or 0-3\\), not 'X'$"):
        discard_ev(TENPAI, seat_wind="X")
    with pytest.raises(InvalidArgumentError, match="^round_wind must be one of E S W N \\(or 0-3\\), not 7$"):
        discard_ev(TENPAI, round_wind=7)


def test_red_fives_seen_elsewhere_are_not_unseen():
    hand = "234m234p678s1122z3z"
    # a red 5m indicator: no red 5m in the wall, by default as when said
    assert _same_rows(discard_ev(hand, dora="0m"), discard_ev(hand, dora="0m", wall_red=[0, 1, 1]))
    assert not _same_rows(discard_ev(hand, dora="5m"), discard_ev(hand, dora="5m", wall_red=[0, 1, 1]))
    # and wall_red cannot put it back: not with the indicator, the hand or a meld holding it
    for h, kw in ((hand, {"dora": "0m"}), ("0m234p678s1122z33z", {}),
                  ("234p678s1122z3z", {"melds": ["pon 055m"], "max_shanten": 0})):
        with pytest.raises(InvalidArgumentError, match=r"^wall_red\[0\] \(m\) = 1: at most 0 red fives unseen$"):
            discard_ev(h, wall_red=[1, 0, 0], **kw)


def test_rules_without_red_fives_value_a_written_red_five_as_plain():
    aka0 = Rules.tenhou().replace(aka_dora=0)
    assert _same_rows(discard_ev("0m234p678s1122z33z", rules=aka0), discard_ev("5m234p678s1122z33z", rules=aka0))
    # and put no red five of any suit in the wall (every suit's five matters to this hand)
    hand = "46m46p46s111z222z33z"
    assert _same_rows(discard_ev(hand, rules=aka0, t_max=8), discard_ev(hand, rules=aka0, t_max=8, red=False))
    assert not _same_rows(discard_ev(hand, t_max=8), discard_ev(hand, t_max=8, red=False))


def test_ev_many_players_column_that_matches_the_rules():
    counts = np.array([to_counts(TENPAI)] * 2, dtype=np.uint8)
    res = ev_many({"counts": counts, "players": np.array([4, 3])})
    assert res.status.tolist() == [0, 14]
    res = ev_many({"counts": counts, "players": np.array([4, 4])})
    assert res.status.tolist() == [0, 0]


# ---- the command line: `yakuman ev` prints discard_ev's table or its dict ---------------------

def test_cli_ev_table_and_json_are_discard_evs(capsys):
    import json

    from yakuman import cli

    hand, kw = "234m245688p1z", dict(melds=["pon 777z"], dora="1m", round_wind="S", seat_wind="W", turn=3)
    args = ["ev", hand, "--meld", "pon 777z", "--dora", "1m", "--round-wind", "S", "--seat-wind", "W", "--turn", "3"]
    want = discard_ev(hand, **kw)
    assert cli.main(args) == 0
    assert capsys.readouterr().out == repr(want) + "\n"
    assert cli.main(args + ["--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"hand": hand, **want.to_dict()}
    closed = "234m2245688p678s1z"
    for extra, opts in ((["--model", "reference"], {"model": "reference"}), ([], {})):
        assert cli.main(["ev", closed, *extra]) == 0
        assert capsys.readouterr().out == repr(discard_ev(closed, **opts)) + "\n"
    assert repr(discard_ev(closed, model="reference")) != repr(discard_ev(closed))
    sanma_hand = "11199m11p99s11z555z"
    assert cli.main(["ev", sanma_hand, "--rules", "tenhou_sanma"]) == 0
    assert capsys.readouterr().out == repr(discard_ev(sanma_hand, rules=SANMA)) + "\n"


def test_cli_ev_options_are_checked_by_the_parser(capsys):
    from yakuman import cli

    hand = "234m2245688p678s1z"
    # two melds, each its own --meld
    args = ["ev", "2245688p1z", "--meld", "pon 777z", "--meld", "chi 234m"]
    assert cli.main(args) == 0
    assert capsys.readouterr().out == repr(discard_ev("2245688p1z", melds=["pon 777z", "chi 234m"])) + "\n"
    assert cli.main(["ev", hand, "--model", "full", "--seat-wind", "N", "--round-wind", "W"]) == 0
    assert capsys.readouterr().out == repr(discard_ev(hand, seat_wind="N", round_wind="W")) + "\n"
    for bad in (["--seat-wind", "X"], ["--round-wind", "X"], ["--model", "other"], ["--turn", "x"]):
        with pytest.raises(SystemExit) as e:
            cli.main(["ev", hand, *bad])
        assert e.value.code == 2 and "invalid" in capsys.readouterr().err   # argparse's usage error
    with pytest.raises(SystemExit):
        cli.main(["ev", "--help"])
    usage = " ".join(capsys.readouterr().out.split())
    for text in ("the concealed tiles (mpsz), 14-3k (each discard) or 13-3k",
                 'a called meld, e.g. "pon 777z" (repeatable)', "dora indicators (mpsz), e.g. 3p1z",
                 "the turn t whose values are shown and ranked (default 1)", "one JSON object",
                 "{E,S,W,N}", "{full,reference}", "a preset (tenhou, tenhou_sanma"):
        assert text in usage
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "tenpai %, win % and expected score of each discard" in " ".join(capsys.readouterr().out.split())


def test_three_players_have_no_chi():
    # the scorer's rule (hand.refuse_sanma_chi): discard_ev valued a sanma hand with a chi (a
    # meld no three-player game has) where ev_many refused the same row; now both refuse it, and
    # ev_many's message is discard_ev's
    from yakuman import _core
    from yakuman.errors import InvalidMeldError

    sanma = Rules.tenhou_sanma()
    with pytest.raises(InvalidMeldError, match=r"chi is not allowed in three-player mahjong - at melds\[1\]"):
        discard_ev("9m789s1122z", melds=["pon 111p", "chi 456p"], rules=sanma)
    with pytest.raises(InvalidMeldError, match="chi is not allowed"):
        discard_ev("19m789s11223z5s", melds=["chi 456p"], rules=sanma)
    assert len(discard_ev("19m789s11223z5s", melds=["pon 444p"], rules=sanma).rows) > 0
    assert len(discard_ev("19m789s11223z5s", melds=["chi 456p"]).rows) > 0   # four players: a chi
    c, _ = _core.parse("19m789s11223z5s")
    cols = {"counts": np.array([c, c], np.uint8), "meld_type": np.array([[0, -1, -1, -1], [1, -1, -1, -1]], np.int8),
            "meld_tile": np.array([[12, 0, 0, 0], [12, 0, 0, 0]], np.uint8)}
    res = ev_many(cols, rules=sanma, workers=1)
    assert res.status.tolist() == [2, 0]
    assert res.messages[0] == "chi is not allowed in three-player mahjong - at melds[0] - at columns[0]"


def test_three_player_necessary_tiles_exist():
    # 111p 55p 99p 11s 55s 99s after the discard of 7z: seven pairs at one shanten with six kinds,
    # so a seventh kind lowers it. Every kind of the three-player set not held is necessary (7z
    # too: three copies left), never 2m-8m (no such tiles), though a new kind of any suit would
    # lower the special form.
    r = discard_ev("111p55p99p11s55s99s7z", rules=Rules.tenhou_sanma())
    (row,) = [x for x in r.rows if x.tile == "7z"]
    assert row.shanten == 1
    held = {"1p", "5p", "9p", "1s", "5s", "9s"}
    kinds = ["1m", "9m"] + [f"{n}{s}" for s in "ps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    assert sorted(row.necessary) == sorted(k for k in kinds if k not in held)
    assert row.necessary["7z"] == 3 and row.necessary["1m"] == 4 and row.necessary["2p"] == 4
    assert not any(k in row.necessary for k in ("2m", "3m", "4m", "5m", "6m", "7m", "8m"))


_JUNK = [None, 0, -1, 1.5, "x", "", [], {}, (1, 2), b"1m", float("nan"), 10**30, True, "5z", "0m", [4] * 34,
         np.int64(3), np.array([1, 2]), object()]
_MELDS = ["chi 234m", "pon 777z", "ankan 1111p", "minkan 5555s", "kakan 5055s", "chi 406p", "pon 555m",
          "pon 111z", "chi 789s", "ankan 9999m"]


def _tiles(kinds):
    return "".join(f"{k % 9 + 1}{'mps'[k // 9]}" if k < 27 else f"{k - 26}z" for k in kinds)


@st.composite
def _requests(draw):
    """discard_ev's arguments, mostly well formed (about a third of the requests are valid: a
    malformed value anywhere, or tiles beyond four copies, make the rest), each with a chance of a
    malformed value."""
    # true with chance p; hypothesis's simplest draw (0) is false: a well-formed request
    maybe = lambda p: draw(st.integers(0, 999)) >= 1000 * (1 - p)   # noqa: E731
    n_melds = draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3, 4]))
    melds = [draw(st.sampled_from(_JUNK) if maybe(0.03) else st.sampled_from(_MELDS)) for _ in range(n_melds)]
    n = draw(st.sampled_from([13, 14, 14, 14, 14, 12, 15])) - 3 * n_melds
    hand = _tiles(sorted(draw(st.lists(st.integers(0, 33), min_size=n, max_size=n))))
    if maybe(0.03):
        hand = draw(st.sampled_from(_JUNK))
    kw = {"melds": melds, "max_shanten": draw(st.sampled_from([0, 1]))}
    # per option: a valid value, else (one time in six) a malformed one
    options = {
        "dora": (st.lists(st.integers(0, 33), max_size=3).map(_tiles), st.sampled_from(_JUNK)),
        "round_wind": (st.sampled_from(["E", "S", "W", "N", 0, 3]), st.sampled_from([4, "x", None, 1.0])),
        "seat_wind": (st.sampled_from(["E", "S", "W", "N", 0, 3]), st.sampled_from([4, "x", None, 1.0])),
        "rules": (st.sampled_from([None, Rules.tenhou(), SANMA, AKA2]), st.sampled_from(_JUNK)),
        "model": (st.sampled_from(["full", "reference"]), st.sampled_from(["x", None, 1])),
        "turn": (st.integers(0, 18), st.sampled_from([19, -1, 2.0, None])),
        "t_max": (st.integers(1, 18), st.sampled_from([19, 0, None])),
        "extra": (st.integers(0, 2), st.sampled_from([9, -1])),
        "wall": (st.lists(st.integers(0, 4), min_size=34, max_size=34), st.sampled_from(_JUNK)),
        "wall_red": (st.sampled_from([[0, 0, 0], [1, 1, 1], [1, 0, 0]]), st.sampled_from([[2, 0, 0], "x", [1]])),
        "riichi": (st.sampled_from(["choose", "never", "declare"]), st.sampled_from(["x", None])),
        "kita": (st.integers(0, 4), st.sampled_from([5, -1])),
        "honba": (st.integers(0, 8), st.sampled_from([-1, 10**6])),
        "tegawari": (st.booleans(), st.sampled_from([1, None, "x"])),
    }
    for name, (good, bad) in options.items():
        if maybe(0.12):
            kw[name] = draw(bad if maybe(1 / 6) else good)
    return hand, kw


@settings(max_examples=300, deadline=None)
@given(_requests())
def test_malformed_requests_raise_yakuman_errors_only(request_):
    """Whatever mix of well-formed and malformed arguments: a yakuman.errors exception (never
    another type, a crash or a hang), or rows whose probabilities lie in [0, 1] (or are NaN above
    max_shanten) and whose table renders."""
    from yakuman.errors import YakumanError

    hand, kw = request_
    try:
        res = discard_ev(hand, **kw)
    except YakumanError:
        return
    assert res.rows
    for row in res:
        for values in (row.tenpai_prob, row.win_prob):
            a = np.asarray(values)
            assert np.all(np.isnan(a)) or (a.min() >= 0.0 and a.max() <= 1.0 + 1e-12)
    assert repr(res)


@settings(max_examples=300, deadline=None)
@given(full=st.lists(st.integers(0, 8), min_size=34, max_size=34), dora=st.lists(st.integers(0, 3), min_size=34, max_size=34),
       kita=st.integers(0, 4), sanma=st.booleans())
def test_the_native_tally_of_the_tiles_seen_is_the_plain_one(full, dora, kita, sanma):
    # discard_ev's tally (_core._ev_seen) against its plain statement: the copies seen of each kind
    # (the hand and melds, the indicators, kita as Norths), the first kind above four, the first
    # 2m-8m seen with three players, and the default wall (four less the copies seen; sanma's 2m-8m 0)
    from yakuman import _core

    seen = [f + d + (kita if k == 30 else 0) for k, (f, d) in enumerate(zip(full, dora))]
    over = next((k for k in range(34) if seen[k] > 4), 34)
    absent = next((k for k in range(1, 8) if seen[k]), 34) if sanma else 34
    got_over, got_absent, got_seen, got_unseen = _core._ev_seen(full, tuple(dora), kita, sanma)
    assert (got_over, got_absent) == (over, absent)
    assert list(got_seen) == seen
    if over == 34 and absent == 34:
        assert list(got_unseen) == [0 if sanma and 1 <= k <= 7 else 4 - seen[k] for k in range(34)]


def test_the_native_tally_refuses_a_short_row():
    from yakuman import _core

    with pytest.raises(InvalidArgumentError, match="34 counts"):
        _core._ev_seen([0] * 33, (0,) * 34, 0, False)


def test_a_rows_arrays_are_views_made_when_first_read():
    """A search's row holds its lazy fields' place (the search's value, flag and necessary blocks
    and its index) and makes each array a view of its block, and its necessary dict from its 34
    bytes, when first read, kept after: the views hold the values the block holds, the dict the
    kinds that lower the shanten in kind order, each read gives the same object, a row of the same
    request read eagerly (every field at once) equals it, and pickling keeps the values."""
    import pickle

    from yakuman.ev import EvRow

    res = discard_ev("123m456p789s1122z5m", model="reference")
    row = res.rows[1]
    assert {"tile", "shanten", "_ev_arrays"} <= set(vars(row))
    assert not {"necessary", "tenpai_prob", "win_prob", "exp_score", "riichi"} & set(vars(row))
    (values, flags, nec), i = vars(row)["_ev_arrays"]
    assert type(nec) is bytes and len(nec) == 34 * len(res.rows)
    assert row.tile == "1m" and row.shanten == 1
    assert row.necessary == {"1m": 3, "4m": 4, "1z": 2, "2z": 2}
    assert list(row.necessary) == ["1m", "4m", "1z", "2z"] and row.necessary is vars(row)["necessary"]
    assert [k for k in range(34) if nec[34 * i + k] != 255] == [0, 3, 27, 28]
    assert values.shape == (len(res.rows), 3, 19) and values.dtype == np.float64
    assert flags.shape == (len(res.rows), 19) and flags.dtype == np.bool_
    for lane, name in enumerate(("tenpai_prob", "win_prob", "exp_score")):
        a = getattr(row, name)
        assert a.shape == (19,) and a.dtype == np.float64
        assert np.array_equal(a, values[i, lane]) and np.shares_memory(a, values)
        assert getattr(row, name) is a and vars(row)[name] is a
    assert row.riichi.dtype == np.bool_ and np.array_equal(row.riichi, flags[i])
    again = discard_ev("123m456p789s1122z5m", model="reference").rows[1]
    assert (again.tile, again.shanten, again.necessary) == (row.tile, row.shanten, row.necessary)
    assert all(np.array_equal(getattr(again, f), getattr(row, f))
               for f in ("tenpai_prob", "win_prob", "exp_score", "riichi"))
    back = pickle.loads(pickle.dumps(res))
    assert np.array_equal(back.rows[2].exp_score, res.rows[2].exp_score)
    assert np.array_equal(back.rows[2].riichi, res.rows[2].riichi)
    with pytest.raises(AttributeError, match="'EvRow' object has no attribute 'nope'"):
        row.nope
    made = EvRow("1m", 0, {}, np.zeros(2), np.zeros(2), np.zeros(2))
    assert made.riichi is None and "_ev_arrays" not in vars(made)
    with pytest.raises(AttributeError):
        EvRow.__new__(EvRow).exp_score   # no place, no field: no array to make
