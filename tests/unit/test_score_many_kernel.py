"""The batch scorer's row kernel (lite search: lazily computed points, input checks shared with
the row check, word-wise reading tests) gives score()'s totals on every row: rule sets and
situations beyond test_score_many's (both sanma presets, M-League, first-turn wins and renhou,
hands with every number of melds)."""

import numpy as np
import pytest

from yakuman.batch import STATUS_INVALID_INPUT, _columns, score_many
from yakuman.errors import YakumanError
from yakuman.random import SHAPES, winning_hands
from yakuman.rules import Rules
from yakuman.yaku import Yaku

from tests.unit.test_score_many import LIMITS, _assert_row_equal, _single

CASES = [
    (3, Rules.mahjongsoul_sanma(), {}),
    (4, Rules.mleague(), {"aka": 0}),
    (4, Rules.mahjongsoul(), {"first_turn": 0.3, "renhou": 0.5}),
    (4, Rules.tenhou(), {"melds": 0, "riichi": 0.9}),
    (4, Rules.tenhou(), {"melds": 3}),
    (4, Rules.mahjongsoul(), {"melds": 4, "tsumo": 0.8}),
]


@pytest.mark.parametrize("players, rules, kw", CASES)
def test_batch_rows_equal_score(players, rules, kw):
    hands = winning_hands(1500, seed=101 + players + len(kw), players=players, **kw)
    cols = _columns(hands)
    res = score_many(hands, rules=rules, workers=2)
    assert (res.status == 0).sum() > 1000
    for i in range(len(res)):
        _assert_row_equal(res, cols, i, rules)


# Every rule knob the row kernel reads off its fast path: local yaku and their doubles, kazoe
# multiples, ryanhan shibari, fixed-value renhou, rinshan / wind-pair / chiitoitsu fu variants.
ALL_LOCAL = Rules.tenhou().replace(
    local_yaku=frozenset({"sanrenkou", "isshoku_sanjun", "daisharin", "suurenkou", "isshoku_yonjun",
                          "hyakuman_goku", "beni_kujaku", "touhoku_shinkansen", "shiisanputa", "daichisei"}),
    kazoe="multiple", ryanhan_shibari=True, renhou="mangan", tsumo_pinfu=False, rinshan_tsumo_fu=0,
    double_wind_pair_fu=2, chiitoitsu_fu=30, kiriage_mangan=True, open_pinfu_fu=20, tenhou_multiplier=2,
    junryokuisou_double=True, tsuuiisou_chiitoitsu=True,
    double_yakuman=frozenset({"suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"}))


def _assert_all_columns(res, cols, rules, rows):
    """Row i of every output column equals score(): status, reason text, han, fu, yakuman, limit,
    points, every payment, the yaku mask (daichisei on the TSUUIISOU bit, docs/design.md) and kita."""
    reasons = res.reasons
    for i in rows:
        s = _single(cols, i, rules)
        if isinstance(s, YakumanError):
            assert res.status[i] == STATUS_INVALID_INPUT, (i, s)
            continue
        assert res.status[i] == int(s.status) and reasons[i] == s.reason, (i, s)
        if s.status != 0:
            assert not any(res[name][i] for name in ("han", "fu", "yakuman", "limit", "points", "from_discarder",
                                                     "from_dealer", "from_non_dealer", "from_liable", "total",
                                                     "yaku", "kita")), (i, s)
            continue
        p = s.payment
        assert (res.han[i], res.fu[i], res.yakuman[i], LIMITS[res.limit[i]], res.points[i]) == (
            s.han, s.fu, s.yakuman, s.limit, s.points), (i, s)
        assert (res.from_discarder[i], res.from_dealer[i], res.from_non_dealer[i], res.from_liable[i],
                res.total[i]) == (p.from_discarder, p.from_dealer, p.from_non_dealer, p.from_liable, p.total), (i, s)
        yaku = dict(s.yaku)
        mask = sum(int(Yaku.TSUUIISOU if y == Yaku.DAICHISEI else y) for y in yaku if y != Yaku.KITA)
        assert int(res.yaku[i]) == mask and res.kita[i] == yaku.get(Yaku.KITA, 0), (i, s)


@pytest.mark.parametrize("players, rules, aka", [(4, ALL_LOCAL, 1), (3, ALL_LOCAL.replace(players=3), 1),
                                                 (4, Rules.wrc(), 0), (3, Rules.tenhou_sanma(), 1)])
def test_every_column_equals_score(players, rules, aka):
    shapes = {name: 1.0 for name in SHAPES}   # every template, yakuman shapes included
    hands = winning_hands(1200, seed=300 + players, players=players, shapes=shapes, first_turn=0.2,
                          renhou=0.3, riichi=0.7, aka=aka)
    cols = {k: v.copy() for k, v in _columns(hands).items()}
    cols["honba"] = np.random.default_rng(players).integers(0, 8, len(cols["honba"])).astype(np.uint16)
    res = score_many(cols, rules=rules)
    assert (res.status == 0).sum() > 800 and (res.status == 2).sum() > 10
    _assert_all_columns(res, cols, rules, range(len(res)))


@pytest.mark.parametrize("players", [4, 3])
def test_non_wins_equal_score(players):
    """Hands that are not wins: random 14 tiles, and winning hands with one tile changed (most not
    complete, some complete another way); status, reason and zeroed totals as score() gives."""
    rules = Rules.tenhou() if players == 4 else Rules.tenhou_sanma()
    rng = np.random.default_rng(40 + players)
    hands = winning_hands(1500, seed=50 + players, players=players)
    cols = {k: v.copy() for k, v in _columns(hands).items()}
    n = len(cols["counts"])
    kinds = np.array([k for k in range(34) if players == 4 or not 1 <= k <= 7])
    for i in range(n):
        c = cols["counts"][i]
        if i % 3 == 0:   # random concealed tiles of the right number, no melds
            c[:] = 0
            for k in rng.choice(np.repeat(kinds, 4), size=14, replace=False):
                c[k] += 1
            cols["meld_type"][i] = -1
            cols["meld_reds"][i] = 0
            cols["reds"][i] = 0
            cols["win_red"][i] = 0
            cols["win"][i] = rng.choice(np.flatnonzero(c))
        else:            # move one tile that is not the winning tile to another kind
            held = [k for k in np.flatnonzero(c) if k != cols["win"][i] or c[k] > 1]
            free = [k for k in kinds if c[k] < 4]
            src, dst = rng.choice(held), rng.choice(free)
            c[src] -= 1
            c[dst] += 1
            cols["reds"][i] = 0
            cols["win_red"][i] = 0
    res = score_many(cols, rules=rules)
    assert (res.status == 1).sum() > n // 2
    _assert_all_columns(res, cols, rules, range(n))


@pytest.mark.parametrize("players", [4, 3])
def test_meld_slots_in_any_places_score_as_packed(players):
    """A row's melds may stand in any of the four slots, in any order, with empty slots (a negative
    type) between them, whose tile and red bytes are not read: every row scores exactly as with its
    melds packed to the front. The kernel packs the used slots per row (every one of the 16 masks
    of used slots is reached here)."""
    rules = Rules.tenhou() if players == 4 else Rules.tenhou_sanma()
    hands = winning_hands(3000, seed=88 + players, players=players)
    cols = {k: v.copy() for k, v in _columns(hands).items()}
    n = len(cols["counts"])
    ref = score_many(cols, rules=rules)
    rng = np.random.default_rng(9 + players)
    moved = {k: v.copy() for k, v in cols.items()}
    masks = set()
    for i in range(n):
        used = np.flatnonzero(cols["meld_type"][i] >= 0)
        places = np.sort(rng.choice(4, size=len(used), replace=False))
        order = rng.permutation(len(used)) if i % 2 else np.arange(len(used))   # melds reordered too
        moved["meld_type"][i] = rng.integers(-128, 0, 4)                       # any negative: empty
        moved["meld_tile"][i] = rng.integers(0, 256, 4)                        # not read when empty
        moved["meld_reds"][i] = rng.integers(0, 256, 4)
        for p, j in zip(places, used[order]):
            for name in ("meld_type", "meld_tile", "meld_reds"):
                moved[name][i, p] = cols[name][i, j]
        masks.add(sum(1 << int(p) for p in places))
    assert masks == set(range(16))
    res = score_many(moved, rules=rules)
    assert (res.status == 0).sum() > 2000
    for name in ref:   # every output column
        assert np.array_equal(res[name], ref[name]), name
