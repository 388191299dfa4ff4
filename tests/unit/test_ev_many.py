"""yakuman.ev.ev_many: the batch form of discard_ev (score_many's column conventions, the native
thread pool, one work memory per thread). Every row equals discard_ev's result for the same hand
(differential, on hypothesis-drawn batches: closed and open hands, 13 and 14 tiles, dora, winds,
honba, sticks, a wall, red fives, sanma); malformed rows get their own status and message and never
stop the batch; results do not depend on workers."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yakuman.errors import InvalidTilesError
from yakuman.ev import EV_STATUS, SLOT_NAMES, discard_ev, ev_many, ev_row_kwargs
from yakuman.rules import Rules

# a bound on the search: rows above 2-shanten carry NaN (cheap), as discard_ev's do
OPTS = dict(max_shanten=2, t_max=12)


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def _batch(rng: np.random.Generator, n: int, players: int = 4) -> dict:
    """n rows near tenpai: a complete hand of the generator with one to two tiles exchanged for
    tiles still free (closed or with its melds), sometimes 13-3k tiles (one removed), with 0-2
    dora indicators, winds, honba, sticks, and for some rows a wall with tiles seen elsewhere."""
    from yakuman.random import winning_hands

    h = winning_hands(n, seed=int(rng.integers(2**31)), players=players)
    counts = h.counts.astype(np.int16).copy()
    reds = h.reds.copy()
    wall = np.zeros((n, 34), dtype=np.uint8)
    use_wall = np.zeros(n, dtype=bool)
    dora = np.full((n, 5), 0, dtype=np.uint8)
    n_dora = np.zeros(n, dtype=np.uint8)
    for i in range(n):
        full = counts[i].copy()
        for j in range(4):
            t, k = int(h.meld_type[i, j]), int(h.meld_tile[i, j])
            if t == 0:
                full[k:k + 3] += 1
            elif t > 0:
                full[k] += 4 if t >= 2 else 3
        if players == 3:
            full[30] += int(h.kita[i])   # kita are Norths
        allowed = [k for k in range(34) if players == 4 or not 1 <= k <= 7]
        for _ in range(int(rng.integers(1, 3))):   # exchange: out one held tile, in a free one
            held = [k for k in range(34) if counts[i, k] > reds[i, min(k // 9, 2)] * (k < 27 and k % 9 == 4)]
            out = int(rng.choice(held))
            counts[i, out] -= 1
            full[out] -= 1
            free = [k for k in allowed if full[k] < 4]
            k = int(rng.choice(free))
            counts[i, k] += 1
            full[k] += 1
        if rng.random() < 0.25:   # a 13-3k hand: one more tile out (not a red five)
            held = [k for k in range(34) if counts[i, k] > reds[i, min(k // 9, 2)] * (k < 27 and k % 9 == 4)]
            out = int(rng.choice(held))
            counts[i, out] -= 1
            full[out] -= 1
        nd = int(rng.integers(0, 3))
        for d in range(nd):
            free = [k for k in allowed if full[k] < 4]
            k = int(rng.choice(free))
            dora[i, d] = k
            full[k] += 1
        n_dora[i] = nd
        if rng.random() < 0.3:   # a wall: some copies of each kind seen elsewhere
            left = np.where(np.isin(np.arange(34), allowed), 4 - full, 0)
            wall[i] = np.maximum(left - rng.integers(0, 2, 34), 0)
            use_wall[i] = True
    cols = {
        "counts": counts.astype(np.uint8), "reds": reds, "meld_type": h.meld_type, "meld_tile": h.meld_tile,
        "meld_reds": h.meld_reds, "dora": dora, "n_dora": n_dora, "seat_wind": h.seat_wind,
        "round_wind": h.round_wind, "honba": h.honba, "riichi_sticks": h.riichi_sticks,
    }
    if players == 3:
        cols["kita"] = h.kita
    return cols, wall, use_wall


def _check_row(res, cols: dict, i: int, rules, turn: int, **opts) -> None:
    """Row i of ev_many against discard_ev on the same row, every output."""
    kw = ev_row_kwargs(cols, i)
    if res.status[i] == 10:   # an exchange made the hand complete again: discard_ev refuses it too
        with pytest.raises(InvalidTilesError, match="already complete"):
            discard_ev(**kw, rules=rules, turn=turn, **opts)
        assert "already complete" in res.messages[i]
        return
    if res.status[i] == 5:   # an exchange made four plain fives (one copy is red): refused by both
        with pytest.raises(InvalidTilesError, match="plain 5"):
            discard_ev(**kw, rules=rules, turn=turn, **opts)
        assert "plain 5" in res.messages[i]
        return
    d = discard_ev(**kw, rules=rules, turn=turn, **opts)
    assert res.status[i] == 0, (i, res.messages.get(i))
    assert res.n_discards[i] == len(d.rows)
    best = d.rows[0]
    assert res.best_tile(i) == best.tile
    assert res.shanten[i] == best.shanten
    assert _same(res.tenpai_prob[i], best.tenpai_prob[turn])
    assert _same(res.win_prob[i], best.win_prob[turn])
    assert _same(res.exp_score[i], best.exp_score[turn])
    assert res.riichi[i] == best.riichi[turn]   # the model's riichi / dama choice (model="full")
    slots = set()
    for row in d.rows:
        if row.tile is None:
            continue
        s = SLOT_NAMES.index(row.tile)
        slots.add(s)
        assert res.discard_shanten[i, s] == row.shanten, (i, row.tile)
        assert res.discard_necessary[i, s] == row.necessary_count
        assert _same(res.discard_tenpai_prob[i, s], row.tenpai_prob[turn])
        assert _same(res.discard_win_prob[i, s], row.win_prob[turn])
        assert _same(res.discard_exp_score[i, s], row.exp_score[turn])
        assert res.discard_riichi[i, s] == row.riichi[turn]
        if "discard_exp_score_by_turn" in res.keys():
            np.testing.assert_array_equal(res.discard_exp_score_by_turn[i, s], row.exp_score)
            np.testing.assert_array_equal(res.discard_win_prob_by_turn[i, s], row.win_prob)
            np.testing.assert_array_equal(res.discard_tenpai_prob_by_turn[i, s], row.tenpai_prob)
    for s in set(range(37)) - slots:   # no such discard
        assert res.discard_shanten[i, s] == 127 and math.isnan(res.discard_exp_score[i, s])
        assert res.discard_riichi[i, s] == 0


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), turn=st.integers(0, 6), sanma=st.booleans())
def test_rows_equal_discard_ev(seed, turn, sanma):
    rng = np.random.default_rng(seed)
    players = 3 if sanma else 4
    rules = Rules.tenhou_sanma() if sanma else Rules.tenhou()
    cols, wall, use_wall = _batch(rng, 6, players)
    if use_wall.any():
        cols["wall"] = np.where(use_wall[:, None], wall, 0).astype(np.uint8)
        # rows without a wall of their own get the default one (every tile not seen)
        for i in np.flatnonzero(~use_wall):
            kw = ev_row_kwargs({k: v for k, v in cols.items() if k != "wall"}, i)
            cols["wall"][i] = _default_wall(kw, rules)
    res = ev_many(cols, rules=rules, turn=turn, workers=2, **OPTS)
    for i in range(6):
        _check_row(res, cols, i, rules, turn, **OPTS)


def _default_wall(kw: dict, rules) -> np.ndarray:
    """discard_ev's default wall for a row: 4 - what is held, melded, an indicator or kita."""
    from yakuman import _core
    from yakuman.hand import parse_melds

    seen = np.array(_core.parse(kw["hand"])[0], dtype=np.int16)
    for m in parse_melds(kw.get("melds", ())):
        for k in m.tiles:
            seen[k] += 1
    if kw.get("dora"):
        seen += np.array(_core.parse(kw["dora"])[0], dtype=np.int16)
    seen[30] += kw.get("kita", 0)
    w = 4 - seen
    if rules.players == 3:
        w[1:8] = 0
    return w.astype(np.uint8)


def test_by_turn_arrays_and_red_fives():
    """A hand holding a red five: the red five's discard has its own slot (34 + suit), apart from
    the plain five's, and the by-turn arrays equal discard_ev's."""
    from yakuman import _core

    hands = ["0m55m6m234p678s1122z", "11234067m345p66s9s", "4506p1234567s11z2z"]
    counts, reds = zip(*(_core.parse(h) for h in hands))
    cols = {"counts": np.array(counts, np.uint8), "reds": np.array(reds, np.uint8)}
    res = ev_many(cols, turn=2, workers=2, by_turn=True, **OPTS)
    assert (res.status == 0).all(), res.messages
    for i in range(len(hands)):
        _check_row(res, cols, i, Rules.tenhou(), 2, **OPTS)
    assert res.discard_shanten[0, 34] != 127 and res.discard_shanten[0, 4] != 127   # 0m and 5m both
    assert res.discard_exp_score_by_turn.shape == (3, 37, OPTS["t_max"] + 1)
    np.testing.assert_array_equal(res.discard_exp_score_by_turn[:, :, 2], res.discard_exp_score)


def test_workers_do_not_change_results():
    rng = np.random.default_rng(5)
    cols, _, _ = _batch(rng, 10)
    a = ev_many(cols, workers=1, **OPTS)
    b = ev_many(cols, workers=2, **OPTS)
    for name in a.keys():
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)
    assert a.messages == b.messages


def _one(hand: str, **extra) -> dict:
    from yakuman import _core

    c, r = _core.parse(hand)
    row = {"counts": np.array(c, np.uint8), "reds": np.array(r, np.uint8)}
    row.update(extra)
    return row


def _stack(rows: list[dict]) -> dict:
    """Rows of partial columns into full columns (defaults: no meld, no dora, zeros)."""
    n = len(rows)
    cols = {"counts": np.zeros((n, 34), np.int16), "reds": np.zeros((n, 3), np.uint8),
            "meld_type": np.full((n, 4), -1, np.int8), "meld_tile": np.zeros((n, 4), np.uint8),
            "meld_reds": np.zeros((n, 4), np.uint8), "dora": np.zeros((n, 5), np.uint8),
            "n_dora": np.zeros(n, np.uint8), "seat_wind": np.zeros(n, np.uint8),
            "round_wind": np.zeros(n, np.uint8), "kita": np.zeros(n, np.uint8),
            "honba": np.zeros(n, np.uint16), "riichi_sticks": np.zeros(n, np.uint16)}
    for i, r in enumerate(rows):
        for k, v in r.items():
            cols[k][i] = v
    return cols


GOOD = "123m456p789s1122z3z"

# (row, status): each malformed row beside good ones
BAD = [
    (_one(GOOD, counts=np.array([5] + [0] * 33)), 1),                                  # a count of 5
    (_one("123m456p789s112z"), 1),                                                    # 12 tiles, no meld
    (_one("456p789s1122z3z", meld_type=[0, -1, -1, -1], meld_tile=[7, 0, 0, 0]), 2),  # chi from 8m
    (_one("456p789s1122z3z", meld_type=[7, -1, -1, -1], meld_tile=[0, 0, 0, 0]), 2),  # type 7
    (_one("11m456p789s112z", meld_type=[1, -1, -1, -1], meld_tile=[0, 0, 0, 0]), 3),  # five 1m with a pon
    (_one(GOOD, dora=[27, 27, 27, 0, 0], n_dora=3), 3),                               # five East with indicators
    (_one("555m456p789s112z3z", reds=[2, 0, 0]), 5),                                  # two red 5m
    (_one("5555m456p789s12z3z"), 5),                                 # four plain 5m: one copy is red
    (_one("5m456p789s1122z", meld_type=[1, -1, -1, -1], meld_tile=[4, 0, 0, 0]), 5),  # the same, a pon
    (_one(GOOD, seat_wind=4), 6),
    (_one(GOOD, n_dora=6), 7),
    (_one(GOOD, dora=[34, 0, 0, 0, 0], n_dora=1), 7),
    (_one(GOOD, kita=1), 8),                                                          # kita with four players
    (_one(GOOD, honba=1001), 8),
    (_one("123m456p789s11222z"), 10),                                                 # complete
]


def test_bad_rows_get_their_own_status_and_message():
    rows = [_one(GOOD)]
    for row, _ in BAD:
        rows.append(row)
        rows.append(_one(GOOD))
    cols = _stack(rows)
    res = ev_many(cols, workers=2, **OPTS)
    good = ev_many(_stack([_one(GOOD)]), workers=1, **OPTS)
    for i in range(0, len(rows), 2):   # every good row: computed, equal to the lone one
        assert res.status[i] == 0
        assert res.exp_score[i] == good.exp_score[0] and res.tile[i] == good.tile[0]
    for j, (_, status) in enumerate(BAD):
        i = 2 * j + 1
        assert res.status[i] == status, (j, res.status[i], res.messages.get(i))
        assert res.tile[i] == -1 and res.shanten[i] == 127 and math.isnan(res.exp_score[i])
        assert np.isnan(res.discard_exp_score[i]).all() and (res.discard_shanten[i] == 127).all()
        assert res.messages[i].endswith(f"- at columns[{i}]"), res.messages[i]
    assert set(res.messages) == {2 * j + 1 for j in range(len(BAD))}
    # where discard_ev refuses the row, the message is its error
    assert "already complete" in res.messages[2 * (len(BAD) - 1) + 1]
    assert res.messages[2 * 5 + 1].startswith("1z: 5 copies in the hand, melds, dora and kita")
    for j in (7, 8):   # four plain fives under red fives: discard_ev's refusal
        assert res.messages[2 * j + 1].startswith("4 plain 5m in the hand and melds"), res.messages[2 * j + 1]


def test_three_player_bad_rows():
    rules = Rules.tenhou_sanma()
    cols = _stack([_one("19m456p789s1122z3z"), _one("29m456p789s1122z3z"), _one("19m456p789s1122z3z", seat_wind=3),
                   _one("19m456p789s1122z3z", kita=1)])
    res = ev_many(cols, rules=rules, workers=2, **OPTS)
    assert res.status.tolist() == [0, 4, 6, 0]
    _check_row(res, cols, 3, rules, 1, **OPTS)


def test_wall_too_small_or_too_large():
    w = np.full(34, 0, np.uint8)
    w[0] = 4   # 1m: four unseen, but the hand holds one
    cols = _stack([_one(GOOD), _one(GOOD)])
    cols["wall"] = np.array([np.full(34, 0, np.uint8), w])
    cols["wall"][0, 27:] = 1   # a 7-tile wall: too few for t_max
    res = ev_many(cols, workers=1, **OPTS)
    assert res.status.tolist() == [9, 9]
    assert "too few" in res.messages[0] and "at most 3" in res.messages[1]


def test_values_outside_a_columns_range_and_player_counts():
    cols = _stack([_one(GOOD), _one(GOOD)])
    cols["counts"] = cols["counts"].astype(np.int16)
    cols["counts"][0, 0] = -1
    cols["players"] = np.array([4, 3])
    res = ev_many(cols, workers=1, **OPTS)
    assert res.status.tolist() == [13, 14]
    assert "counts value -1" in res.messages[0] and EV_STATUS[14] in res.messages[1]


def test_empty_batch_and_refused_calls():
    res = ev_many({"counts": np.zeros((0, 34), np.uint8)})
    assert len(res) == 0 and res.discard_exp_score.shape == (0, 37) and res.messages == {}
    with pytest.raises(ValueError, match="missing input column 'counts'"):
        ev_many({"reds": np.zeros((1, 3), np.uint8)})
    with pytest.raises(InvalidTilesError, match="must be integers"):
        ev_many({"counts": np.zeros((1, 34), np.float64)})
    with pytest.raises(ValueError, match="shape"):
        ev_many({"counts": np.zeros((2, 33), np.uint8)})


def test_random_rows_are_refused_exactly_where_discard_ev_refuses():
    # ev_many's native row checks mirror discard_ev's (csrc/ym_ev_many.c): random rows, most of
    # them malformed somewhere (tile counts, melds of every type on any tile, red fives, a fifth
    # copy, 2m-8m or a chi with three players, kita, winds, indicators), under four rule sets:
    # a row is refused (non-zero status) exactly when discard_ev raises for its keyword arguments
    # (or they cannot be written), and an accepted row has discard_ev's best expected score. A chi
    # with three players was the one disagreement found this way (hand.refuse_sanma_chi).
    from yakuman.errors import YakumanError

    rng = random.Random(20261206)
    opts = dict(max_shanten=0, t_max=6)
    refused = accepted = 0
    for rules in (Rules.tenhou(), Rules.tenhou_sanma(), Rules.tenhou().replace(aka_dora=0),
                  Rules.tenhou().replace(aka_dora=2)):
        sanma = rules.players == 3
        rows = []
        for _ in range(150):
            nm = rng.choice([0, 0, 1, 2, 4])
            want = 13 - 3 * nm + (rng.random() < 0.5) + (rng.choice([1, -1]) if rng.random() < 0.1 else 0)
            kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)] if rng.random() < 0.9 else list(range(34))
            c = np.zeros(34, np.uint8)
            for _ in range(max(want, 0)):
                c[rng.choice(kinds)] += 1
            c = np.minimum(c, rng.choice([4, 5]))
            mt, ml, mr = np.full(4, -1, np.int8), np.zeros(4, np.uint8), np.zeros(4, np.uint8)
            for j in range(nm):
                mt[j] = rng.randrange(5)
                ml[j] = rng.randrange(34) if rng.random() < 0.3 else 9 * rng.randrange(3) + rng.randrange(7)
                mr[j] = rng.random() < 0.2
            reds = np.array([rng.random() < 0.2 and c[9 * s + 4] > 0 for s in range(3)], np.uint8)
            rows.append(dict(counts=c, reds=reds, meld_type=mt, meld_tile=ml, meld_reds=mr,
                             dora=np.array([rng.randrange(34) for _ in range(5)], np.uint8),
                             n_dora=rng.choice([0, 1, 1, 2, 5]), seat_wind=rng.randrange(4),
                             round_wind=rng.randrange(2), kita=rng.choice([0, 0, 0, 1, 2]),
                             honba=rng.choice([0, 2]), riichi_sticks=rng.choice([0, 1])))
        cols = _stack(rows)
        res = ev_many(cols, rules=rules, workers=2, **opts)
        for i in range(len(rows)):
            try:
                best = discard_ev(rules=rules, **opts, **ev_row_kwargs(cols, i)).best
            except YakumanError as e:
                assert res.status[i] != 0, (rules.players, rules.aka_dora, i, str(e))
                refused += 1
                continue
            assert res.status[i] == 0, (rules.players, rules.aka_dora, i, res.messages.get(i))
            assert _same(float(res.exp_score[i]), float(best.exp_score[1]))
            accepted += 1
    assert refused >= 200 and accepted >= 50, (refused, accepted)
