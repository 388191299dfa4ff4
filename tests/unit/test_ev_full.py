"""model="full" of yakuman.ev.discard_ev: riichi or dama at a closed discard into tenpai, ippatsu,
the riichi stick (docs/ev.md, "Riichi or dama").

The exact cases compare the native search with a small model written here from docs/ev.md alone
(a tenpai row without exchanges or shanten-down discards: a dama state, the state just declared
and the riichi state of the same tiles), whose wins are scored by yakuman.score."""
from __future__ import annotations

import math
import os
import random
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yakuman import score
from yakuman.errors import InvalidArgumentError
from yakuman.ev import discard_ev, ev_many

STICK = 1000

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from ev_oracle_diff import random_hand  # noqa: E402


def win_values(hand13: str, wins, seat: str, **kw):
    """{kind: (dama, riichi, riichi + ippatsu)}: the payment of each tsumo, the riichi ones with
    the hand's own stick back (the declaration paid it)."""
    out = {}
    for k in wins:
        h = hand13 + k
        d = score(h, k, tsumo=True, seat_wind=seat, **kw).payment.total
        r = score(h, k, tsumo=True, riichi=True, seat_wind=seat, **kw).payment.total
        i = score(h, k, tsumo=True, riichi=True, ippatsu=True, seat_wind=seat, **kw).payment.total
        out[k] = (d, r + STICK, i + STICK)
    return out


def tenpai_row(vals: dict, copies: dict, S: int, T: int, ippatsu: bool = True):
    """The model of docs/ev.md for the row of a discard into tenpai when every other draw either
    stays or comes back to a state whose best choice is this row's (a hand with no other
    tenpai discard to take): per turn t = T .. 1 the row's (win, score, riichi chosen), and the
    riichi state's values (R) by turn.

    P (dama): a win is taken; any other draw is discarded, and that discard may declare riichi
    when a draw is left after it (t + 1 < T). F (just declared): its draw wins with ippatsu, else
    it is R at t + 1. R (riichi): wins or stays. The row takes max(P, F - stick) while a draw is
    left for the riichi (t < T)."""
    P = np.array([0.0, 0.0])   # (win, score)
    F, R = P.copy(), P.copy()
    ww = sum(copies.values())
    rows, Rs = {T: (0.0, 0.0, False)}, {T: R.copy()}
    for t in range(T - 1, 0, -1):
        inv = 1.0 / (S - t)
        stay = P.copy()
        if t + 1 < T:
            stay = np.maximum(P, F - [0.0, STICK])
        nR, nF, nP = R.copy(), R.copy(), stay.copy()
        nR[0] = nF[0] = R[0] + (ww - ww * R[0]) * inv
        nR[1] = R[1] + sum(w * (max(vals[k][1], R[1]) - R[1]) for k, w in copies.items()) * inv
        nF[1] = R[1] + sum(w * (max(vals[k][2 if ippatsu else 1], R[1]) - R[1]) for k, w in copies.items()) * inv
        nP[0] = stay[0] + (ww - ww * stay[0]) * inv
        nP[1] = stay[1] + sum(w * (vals[k][0] - stay[1]) for k, w in copies.items()) * inv
        P, F, R = nP, nF, nR
        rows[t] = (max(P[0], F[0]), max(P[1], F[1] - STICK), F[1] - STICK > P[1])
        Rs[t] = R.copy()
    return rows, Rs


# 234m 456p 678s 55z 66z after the discard of 9m, South seat: a shanpon on haku and hatsu (two
# copies each). Dama tsumo: tsumo + yakuhai, 2 han 40 fu, 2,700; riichi 3 han, 5,200; riichi with
# ippatsu 4 han 40 fu, 8,000 (mangan).
SHANPON = "2349m456p678s5566z"


def _row(res, tile):
    (row,) = [r for r in res.rows if r.tile == tile]
    return row


@pytest.mark.parametrize("t_max", [18, 6, 3])
def test_shanpon_riichi_then_dama_equals_the_small_model(t_max):
    vals = win_values("234m456p678s5566z", ["5z", "6z"], "S")
    assert vals == {"5z": (2700, 6200, 9000), "6z": (2700, 6200, 9000)}
    r = discard_ev(SHANPON, seat_wind="S", tegawari=False, shanten_down=False, t_max=t_max)
    row = _row(r, "9m")
    model, _ = tenpai_row(vals, {"5z": 2, "6z": 2}, 122, t_max)
    for t in range(1, t_max + 1):
        wp, sc, rch = model[t]
        assert row.tenpai_prob[t] == 1.0
        assert row.win_prob[t] == pytest.approx(wp, abs=1e-12)
        assert row.exp_score[t] == pytest.approx(sc, rel=1e-12, abs=1e-9)
        assert bool(row.riichi[t]) == rch, t
    assert not row.riichi[0] and row.exp_score[0] == 0.0
    if t_max == 18:
        # many draws left: riichi (at turn 1 the riichi's value exceeds dama's); few: dama
        assert row.riichi[1] and not row.riichi[17]
        assert [bool(x) for x in row.riichi[1:]] == [t <= 10 for t in range(1, 19)]


def test_ippatsu_adds_its_han_on_the_first_draw_only():
    # the row at turn t declares (riichi chosen): F_t = R_{t+1} + sum_k w_k (s_k - R_{t+1}) / (S - t)
    # with s_k the win with ippatsu; without ippatsu the same with the plain riichi win. The two
    # differ by exactly sum_k w_k (ippatsu_k - riichi_k) / (S - t): 4 x 2,800 / (122 - t).
    vals = win_values("234m456p678s5566z", ["5z", "6z"], "S")
    _, Rs = tenpai_row(vals, {"5z": 2, "6z": 2}, 122, 18)
    row = _row(discard_ev(SHANPON, seat_wind="S", tegawari=False, shanten_down=False), "9m")
    for t in (1, 5, 10):
        assert row.riichi[t]
        r_next = Rs[t + 1][1]
        no_ippatsu = r_next + 4 * (6200 - r_next) / (122 - t) - STICK
        assert row.exp_score[t] - no_ippatsu == pytest.approx(4 * 2800 / (122 - t), rel=1e-9)


def test_stick_and_the_last_draw():
    # t_max 2: one draw (turn 1). Declaring costs the stick; a riichi win gives it back with the
    # table's sticks and honba: with 2 sticks and 1 honba on the table a dama tsumo is worth
    # 2,700 + 300 + 2,000 = 5,000 and an ippatsu tsumo 8,000 + 300 + 2,000 + 1,000 = 11,300.
    vals = win_values("234m456p678s5566z", ["5z"], "S", honba=1, riichi_sticks=2)
    assert vals["5z"] == (5000, 5200 + 300 + 2000 + 1000, 11300)
    kw = dict(seat_wind="S", tegawari=False, shanten_down=False, t_max=2, honba=1, riichi_sticks=2)
    choose = _row(discard_ev(SHANPON, **kw), "9m")
    declare = _row(discard_ev(SHANPON, riichi="declare", **kw), "9m")
    never = _row(discard_ev(SHANPON, riichi="never", **kw), "9m")
    assert declare.exp_score[1] == pytest.approx(4 * 11300 / 121 - STICK, rel=1e-12)
    assert declare.win_prob[1] == never.win_prob[1] == pytest.approx(4 / 121, rel=1e-12)
    assert never.exp_score[1] == pytest.approx(4 * 5000 / 121, rel=1e-12)
    # one draw: 373.6 - 1,000 < 165.3, dama
    assert choose.exp_score[1] == never.exp_score[1] and not choose.riichi[1]
    assert declare.riichi[1] and not never.riichi[1]
    # no draw after the declaration (turn t_max): no riichi, the values are dama's
    assert declare.exp_score[2] == never.exp_score[2] == 0.0 and not declare.riichi[2]


def test_dama_beats_riichi_when_the_wait_improves():
    # 234m 456p 678s 555z + 1p after the discard of 7z: a tanki on 1p (3 copies). Riichi would
    # lock it; dama may change the wait (e.g. 2p or 3p to a two-sided wait) and declare later.
    h = "234m456p678s5557z1p"
    choose = _row(discard_ev(h, seat_wind="S"), "7z")
    never = _row(discard_ev(h, seat_wind="S", riichi="never"), "7z")
    declare = _row(discard_ev(h, seat_wind="S", riichi="declare"), "7z")
    assert choose.shanten == 0
    assert not choose.riichi[1] and declare.riichi[1]
    assert choose.exp_score[1] > declare.exp_score[1]
    # the dama state's later riichi is worth something: choose > never (dama for good)
    assert choose.exp_score[1] > never.exp_score[1] + 100
    assert choose.win_prob[1] >= never.win_prob[1]


def test_open_hand_never_declares():
    kw = dict(melds=["pon 555z"], seat_wind="S")
    a = discard_ev("2349m456p678s6z", **kw)
    b = discard_ev("2349m456p678s6z", riichi="never", **kw)
    for x, y in zip(a.rows, b.rows):
        assert x.tile == y.tile and not x.riichi.any()
        np.testing.assert_array_equal(x.exp_score, y.exp_score)
        np.testing.assert_array_equal(x.win_prob, y.win_prob)


def test_reference_always_declares_and_refuses_the_option():
    r = discard_ev(SHANPON, seat_wind="S", model="reference", tegawari=False, shanten_down=False)
    for row in r.rows:
        assert bool(row.riichi[1:].all()) == (row.shanten == 0) and not row.riichi[0]
    with pytest.raises(InvalidArgumentError, match="riichi"):
        discard_ev(SHANPON, model="reference", riichi="never")
    with pytest.raises(InvalidArgumentError, match="riichi must be one of"):
        discard_ev(SHANPON, riichi="sometimes")


def test_ev_many_gives_the_choice():
    counts = np.zeros((2, 34), np.uint8)
    for k in (1, 2, 3, 8, 12, 13, 14, 23, 24, 25, 31, 31, 32, 32):   # SHANPON
        counts[0, k] += 1
    for k in (1, 2, 3, 12, 13, 14, 23, 24, 25, 31, 31, 31, 33, 9):   # the tanki hand
        counts[1, k] += 1
    cols = {"counts": counts, "seat_wind": np.array([1, 1], np.uint8)}
    res = ev_many(cols, tegawari=False, shanten_down=False, workers=1)
    row = _row(discard_ev(SHANPON, seat_wind="S", tegawari=False, shanten_down=False), "9m")
    assert res.discard_riichi[0, 8] == 1 and res.discard_exp_score[0, 8] == row.exp_score[1]
    res = ev_many(cols, workers=1)
    assert res.discard_riichi[1, 33] == 0


# ---- properties ------------------------------------------------------------------------------
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([0, 0, 1]), st.integers(3, 10))
def test_choosing_is_worth_at_least_dama_and_riichi(seed, sh, t_max):
    counts, _ = random_hand(random.Random(seed), sh)
    kw = dict(t_max=t_max, dora="1z" if counts[27] < 4 else "2z")
    choose = {r.tile: r for r in discard_ev(counts, **kw).rows}
    never = {r.tile: r for r in discard_ev(counts, riichi="never", **kw).rows}
    declare = {r.tile: r for r in discard_ev(counts, riichi="declare", **kw).rows}
    assert choose.keys() == never.keys() == declare.keys()
    for tile, c in choose.items():
        for other in (never[tile], declare[tile]):
            for a, b in ((c.win_prob, other.win_prob), (c.exp_score, other.exp_score), (c.tenpai_prob, other.tenpai_prob)):
                assert np.all(a[1:] >= b[1:] - 1e-9 * np.maximum(1.0, np.abs(b[1:])))
        assert np.all((c.win_prob >= 0) & (c.win_prob <= 1))
        if c.shanten > 0:   # the discard itself declares nothing: declare's row is choose's
            np.testing.assert_array_equal(c.exp_score, declare[tile].exp_score)
            assert not c.riichi.any()
        # the chosen value is one of the two
        for t in range(1, t_max):
            if c.riichi[t]:
                assert c.exp_score[t] == declare[tile].exp_score[t]
        assert not never[tile].riichi.any()
        assert math.isclose(c.exp_score[t_max], 0.0, abs_tol=0.0)


def test_the_choice_is_rendered():
    r = discard_ev(SHANPON, seat_wind="S", tegawari=False, shanten_down=False)
    head, *lines = repr(r).splitlines()[1:]
    assert head.split()[-1] == "riichi"
    first = lines[0].split()
    assert first[0] == "9m" and first[-1] == "yes"
    assert not any(line.split()[-1] == "yes" for line in lines[1:])   # no other discard keeps tenpai
    d = r.to_dict()["rows"][0]
    assert d["riichi"][1] is True and d["riichi"][0] is False and len(d["riichi"]) == 19
    pd = pytest.importorskip("pandas")
    df = r.to_pandas()
    assert bool(df["riichi"][0]) and not df["riichi"][1:].any()
    late = discard_ev(SHANPON, seat_wind="S", tegawari=False, shanten_down=False, turn=15)
    assert late.best.tile == "9m" and not late.to_pandas()["riichi"][0]
