"""yakuman.random.winning_hands: reproducibility, the documented invariants of every row, coverage of
shapes / melds / situations, and that every row is a win the scorer accepts (docs/random.md)."""

from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np
import pytest

from yakuman import is_agari
from yakuman.random import (
    CHUNK,
    FLAG_BITS,
    MELD_KINDS,
    SHAPES,
    WinningHands,
    random_hands,
    winning_hands,
)
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import score
from yakuman.yaku import Yaku

N4 = 20000
N3 = 8000


@pytest.fixture(scope="module")
def four() -> WinningHands:
    return winning_hands(N4, seed=2024, renhou=0.02)


@pytest.fixture(scope="module")
def three() -> WinningHands:
    return winning_hands(N3, seed=2025, players=3)


def _digest(h: WinningHands) -> str:
    d = hashlib.sha256()
    for name, a in h.arrays().items():
        d.update(name.encode())
        d.update(np.ascontiguousarray(a, dtype=a.dtype.newbyteorder("<")).tobytes())
    return d.hexdigest()[:16]


# ---- reproducibility ---------------------------------------------------------------------------

def test_same_arguments_same_output():
    a, b = winning_hands(3000, seed=7), winning_hands(3000, seed=7)
    for name, x in a.arrays().items():
        assert np.array_equal(x, getattr(b, name)), name
    assert not np.array_equal(a.counts, winning_hands(3000, seed=8).counts)


def test_prefix_and_window():
    big = winning_hands(2 * CHUNK + 100, seed=3)
    small = winning_hands(50, seed=3)
    window = winning_hands(300, seed=3, start=CHUNK - 100)  # spans a chunk boundary
    for name, x in big.arrays().items():
        assert np.array_equal(getattr(small, name), x[:50]), name
        assert np.array_equal(getattr(window, name), x[CHUNK - 100:CHUNK + 200]), name
    assert len(winning_hands(0, seed=3)) == 0


def test_pinned_stream():
    """The stream is part of the public contract (docs/random.md): these values may change only
    with a deliberate, documented generator change."""
    assert _digest(winning_hands(1000, seed=12345)) == "491eddc9ab0d198e"
    assert _digest(winning_hands(500, seed=12345, players=3)) == "afa91173eeda54b0"
    assert winning_hands(1, seed=12345, start=81).kwargs(0) == {
        "hand": "22m888p666z", "win": "6z", "melds": ["pon 055p", "minkan 9999m"], "seat_wind": "N",
        "round_wind": "E", "dora": ["7s", "1s"], "ura": [], "honba": 1, "riichi_sticks": 0}
    assert winning_hands(1, seed=12345, start=771).kwargs(0) == {
        "hand": "11122055888p", "win": "8p", "melds": ["ankan 9999p"], "riichi": True, "seat_wind": "W",
        "round_wind": "E", "dora": ["9s", "1s", "7s"], "ura": ["8m", "6p", "7m"], "honba": 0,
        "riichi_sticks": 3}
    assert winning_hands(1, seed=12345, start=4, players=3).kwargs(0) == {
        "hand": "22244567s", "win": "2s", "melds": ["kakan 1111s", "kakan 6666z"], "seat_wind": "S",
        "round_wind": "S", "dora": ["3s", "2z", "6p", "9m"], "ura": [], "kita": 1, "honba": 2,
        "riichi_sticks": 0}


def test_pinned_stream_of_the_demo_call():
    """`make run`'s first call (yakuman demo: seed 1, 25 chunks), on two workers: the digest of
    main's generator before the speed work of docs/performance.md (red draws skipped per suit,
    grouped row_cat, indicators across rows, bucketed template draw), so that those rewrites, which
    the numpy reference checks on small corpora only, are pinned on a whole demo call too."""
    assert _digest(winning_hands(25 * CHUNK, seed=1, workers=2)) == "29dc4b925cf9bc4a"


def test_native_columns_on_pooled_pages_hold_no_stale_rows():
    """The large columns come from the native block pool (pages an earlier call mapped, as the
    batch outputs): a call that takes back another seed's blocks still gives its own stream."""
    from yakuman import _core

    rows = 25 * CHUNK
    other = winning_hands(rows, seed=2)
    pooled = [name for name, col in other.arrays().items() if isinstance(col.base.base, _core._Block)]
    assert "counts" in pooled and "dora" in pooled and "win" not in pooled   # 100 KiB: numpy's
    del other   # its blocks go back to the pool, the next call takes them
    assert _digest(winning_hands(rows, seed=1, workers=2)) == "29dc4b925cf9bc4a"


def test_pinned_rows_score():
    """The pinned rows through score(): a ron-completed 666z counts as an open triplet (fu 46 -> 50);
    a ron on 888p leaves sanankou from 111p, 555p and the ankan; sanma: indicator 2z -> dora 3z,
    two 4s dora from 3s, kita 1, 200 per honba on a ron."""
    s = score(**winning_hands(1, seed=12345, start=81).kwargs(0))
    assert dict(s.yaku) == {Yaku.HATSU: 1, Yaku.TOITOI: 2, Yaku.AKA_DORA: 1}
    assert (s.han, s.fu, s.points, s.payment.from_discarder) == (4, 50, 8000, 8300)
    s = score(**winning_hands(1, seed=12345, start=771).kwargs(0))
    assert dict(s.yaku) == {Yaku.RIICHI: 1, Yaku.TOITOI: 2, Yaku.SANANKOU: 2, Yaku.CHINITSU: 6,
                            Yaku.URA_DORA: 0, Yaku.AKA_DORA: 1}
    assert (s.han, s.limit, s.points, s.payment.total) == (12, "sanbaiman", 24000, 27000)
    s = score(**winning_hands(1, seed=12345, start=4, players=3).kwargs(0), rules=Rules.tenhou_sanma())
    assert dict(s.yaku) == {Yaku.HATSU: 1, Yaku.HONITSU: 2, Yaku.DORA: 2, Yaku.KITA: 1}
    assert (s.han, s.limit, s.points, s.payment.from_discarder) == (6, "haneman", 12000, 12400)


# ---- invariants --------------------------------------------------------------------------------

def _meld_tiles(t: int, b: int) -> list[int]:
    return [b, b + 1, b + 2] if t == 0 else [b] * (4 if t >= 2 else 3)


def _check_rows(h: WinningHands, aka: int = 1) -> None:
    n = len(h)
    sanma = h.players == 3
    for i in range(n):
        counts = h.counts[i].astype(int)
        k = int(h.n_melds[i])
        assert counts.sum() == 14 - 3 * k, i
        types = h.meld_type[i]
        assert (types[:k] >= 0).all() and (types[k:] == -1).all(), i
        total = counts.copy()
        reds = h.reds[i].astype(int).copy()
        for j in range(k):
            t, b = int(types[j]), int(h.meld_tile[i, j])
            for x in _meld_tiles(t, b):
                total[x] += 1
            if h.meld_reds[i, j]:
                assert b < 27 and (b % 9 == 4 or (t == 0 and b % 9 in (2, 3, 4))), i
                reds[b // 9] += h.meld_reds[i, j]
        assert (reds <= aka).all(), i
        for s in range(3):
            assert h.reds[i, s] <= counts[9 * s + 4], i
        win = int(h.win[i])
        assert counts[win] >= 1, i
        if h.win_red[i]:
            assert win % 9 == 4 and win < 27 and h.reds[i, win // 9] >= 1, i
        nd, nu = int(h.n_dora[i]), int(h.n_ura[i])
        seen = total.copy()
        seen[30] += h.kita[i]
        for x in list(h.dora[i, :nd]) + list(h.ura[i, :nu]):
            seen[x] += 1
        assert (h.dora[i, nd:] == 255).all() and (h.ura[i, nu:] == 255).all(), i
        assert seen.max() <= 4, i
        f = {name: bool(h.flags[i] & bit) for name, bit in FLAG_BITS.items()}
        riichi = f["riichi"] or f["double_riichi"]
        is_open = any(0 <= t <= 3 for t in types[:k])
        kans = [t for t in types[:k] if t >= 2]
        assert not (f["riichi"] and f["double_riichi"]), i
        assert not (riichi and is_open), i
        assert not (f["ippatsu"] and not riichi), i
        assert not (f["ippatsu"] and f["rinshan"]), i
        assert not (f["ippatsu"] and f["double_riichi"] and kans), i
        assert not (f["rinshan"] and not (f["tsumo"] and (kans or h.kita[i]))), i
        assert not (f["haitei"] and (not f["tsumo"] or f["rinshan"])), i
        assert not (f["houtei"] and (f["tsumo"] or f["chankan"])), i
        assert not (f["chankan"] and (f["tsumo"] or total[win] != 1 or seen[win] != 1)), i
        first = f["tenhou"] or f["chiihou"] or f["renhou"]
        if first:
            assert k == 0 and h.kita[i] == 0 and not riichi, i
            assert not any(f[x] for x in ("ippatsu", "rinshan", "chankan", "haitei", "houtei")), i
        assert not (f["tenhou"] and (h.seat_wind[i] != 0 or not f["tsumo"])), i
        assert not (f["chiihou"] and (h.seat_wind[i] == 0 or not f["tsumo"])), i
        assert not (f["renhou"] and (h.seat_wind[i] == 0 or f["tsumo"])), i
        # dora: one indicator plus one per kan, at most five; ura only for riichi, as many
        unturned = bool(f["rinshan"] and kans and kans[-1] in (2, 3))
        assert 1 + len(kans) - unturned <= nd <= 5, i
        assert nu == (nd if riichi else 0), i
        assert h.riichi_sticks[i] >= riichi, i
        if sanma:
            assert total[1:8].sum() == 0 and seen[1:8].sum() == 0, i
            assert 0 not in types[:k] and h.seat_wind[i] <= 2, i
        else:
            assert h.kita[i] == 0, i


def test_invariants_four_players(four):
    _check_rows(four)


def test_invariants_three_players(three):
    _check_rows(three)


def test_invariants_without_red_fives():
    h = winning_hands(3000, seed=5, aka=0)
    assert h.reds.sum() == 0 and h.meld_reds.sum() == 0 and not h.win_red.any()
    _check_rows(h, aka=0)


def test_every_row_is_complete():
    h = winning_hands(3000, seed=11)
    for i in range(len(h)):
        k = int(h.n_melds[i])
        assert is_agari(h.counts[i].tolist()), (i, h.kwargs(i))
        assert h.counts[i].sum() == 14 - 3 * k


@pytest.mark.parametrize("players, n, seed", [(4, 6000, 101), (3, 3000, 102)])
def test_every_row_scores_as_a_win_or_no_yaku(players, n, seed):
    rules = Rules.tenhou() if players == 4 else Rules.tenhou_sanma()
    h = winning_hands(n, seed=seed, players=players)
    statuses = Counter()
    for i, kw in enumerate(h):
        s = score(**kw, rules=rules)
        statuses[s.status] += 1
        assert s.status in (Status.OK, Status.NO_YAKU), (i, kw, s.reason)
    assert statuses[Status.NO_YAKU] > 0.03 * n
    assert statuses[Status.OK] > 0.75 * n


# ---- coverage -----------------------------------------------------------------------------------

def test_coverage_of_shapes_melds_and_flags(four, three):
    assert set(np.unique(four.shape)) == set(range(len(SHAPES)))
    assert set(np.unique(three.shape)) == set(range(len(SHAPES))) - {SHAPES.index("sanshoku")}
    kinds = Counter(four.meld_type[four.meld_type >= 0].tolist())
    assert set(kinds) == set(range(len(MELD_KINDS)))
    assert set(np.unique(four.n_melds)) == {0, 1, 2, 3, 4}
    assert (four.meld_reds > 0).any() and four.win_red.any()
    for name in FLAG_BITS:
        assert four.flag(name).any(), name
    assert set(np.unique(three.kita)) == {0, 1, 2, 3, 4}
    assert set(np.unique(four.n_dora)) == {1, 2, 3, 4, 5}
    assert set(np.unique(four.seat_wind)) == {0, 1, 2, 3}
    assert set(np.unique(three.seat_wind)) == {0, 1, 2}
    assert four.honba.max() >= 5 and four.riichi_sticks.max() >= 4


def test_every_standard_yaku_occurs():
    """A 20,000-hand sample under the Tenhou rules lists every standard yaku (renhou needs
    ``Rules(renhou=...)``); sanma adds kita."""
    seen = set()
    rules = Rules.tenhou().replace(renhou="yakuman")
    for kw in winning_hands(20000, seed=77, renhou=0.05):
        s = score(**kw, rules=rules)
        seen.update(y for y, _ in s.yaku)
    standard = {y for y in Yaku if y.tenhou_id is not None}
    assert standard - seen == set()
    sanma = Rules.tenhou_sanma()
    assert any(Yaku.KITA in dict(score(**kw, rules=sanma).yaku) for kw in winning_hands(200, seed=1, players=3))


# ---- arguments --------------------------------------------------------------------------------

def test_meld_count_and_shape_arguments():
    closed = winning_hands(2000, seed=1, melds=0)
    suukantsu = closed.shape == SHAPES.index("suukantsu")
    assert suukantsu.any() and (closed.n_melds[suukantsu] == 4).all()  # the template is four kans
    assert closed.n_melds[~suukantsu].sum() == 0
    four_melds = winning_hands(500, seed=1, melds=4, shapes={"mixed": 1})
    assert (four_melds.n_melds == 4).all()
    koku = winning_hands(300, seed=1, shapes={"kokushi": 1})
    assert (koku.shape == SHAPES.index("kokushi")).all()
    assert all(score(**kw).yakuman >= 1 for kw in koku)
    chii = winning_hands(300, seed=1, shapes={"chiitoitsu": 1})
    assert ((chii.counts == 2).sum(axis=1) == 7).all()


def test_kwargs_row():
    h = winning_hands(200, seed=9)
    i = next(i for i in range(len(h)) if h.n_melds[i] >= 2 and h.meld_reds[i].any())
    kw = h.kwargs(i)
    assert kw["melds"] == h.melds(i) and len(kw["melds"]) == h.n_melds[i]
    assert any("0" in m for m in kw["melds"])
    assert set(kw) >= {"hand", "win", "melds", "seat_wind", "round_wind", "dora", "ura", "honba",
                       "riichi_sticks"}
    rows = list(h.take(slice(3, 6)))
    assert rows == [h.kwargs(3), h.kwargs(4), h.kwargs(5)]


@pytest.mark.parametrize("kwargs, message", [
    ({"n": -1}, "n must be"),
    ({"n": 5, "players": 2}, "players must be 4 or 3"),
    ({"n": 5, "aka": 5}, "aka must be"),
    ({"n": 5, "melds": 5}, "melds must be 0..4"),
    ({"n": 5, "melds": (1, 1)}, "five non-negative weights"),
    ({"n": 5, "shapes": {"nope": 1}}, "unknown shape"),
    ({"n": 5, "shapes": {"sanshoku": 1}, "players": 3}, "sanshoku is impossible"),
    ({"n": 5, "tsumo": 1.5}, "tsumo must be a probability"),
    ({"n": 5, "start": -2}, "start must be"),
    ({"n": 5, "seed": -1}, "seed must be"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        winning_hands(**kwargs)


def test_random_hands_unchanged():
    a = random_hands(200, seed=42)
    assert a.shape == (200, 34) and (a.sum(axis=1) == 13).all()
    assert np.array_equal(a, random_hands(200, seed=42))


# ---- the native generator against the numpy reference --------------------------------------------
# winning_hands(engine="native") (csrc/ym_random.c) must give the reference's rows (engine="python",
# the numpy code of yakuman.random) column for column, dtype and shape included, for every argument.

def _same_columns(a: WinningHands, b: WinningHands) -> None:
    assert (len(a), a.players, a.aka) == (len(b), b.players, b.aka)
    for name, x in a.arrays().items():
        y = getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape, name
        assert np.array_equal(x, y), (name, np.flatnonzero((x != y).reshape(len(x), -1).any(axis=1))[:5])


@pytest.mark.parametrize("n, seed, start", [(0, 0, 0), (1, 0, 0), (1, 7, CHUNK - 1), (0, 3, 5000), (2, 5, CHUNK - 1),
                                            (CHUNK, 1, 0), (CHUNK + 1, 2, 0), (777, 2**40 + 3, 3 * CHUNK + 5)])
@pytest.mark.parametrize("players", [4, 3])
def test_native_equals_the_reference_sizes_and_windows(n, seed, start, players):
    kw = dict(seed=seed, start=start, players=players)
    _same_columns(winning_hands(n, engine="native", **kw), winning_hands(n, engine="python", **kw))


@pytest.mark.parametrize("kw", [
    dict(aka=0), dict(aka=2), dict(aka=4), dict(melds=0), dict(melds=4), dict(melds=(0, 0, 1, 1, 0)),
    dict(shapes={"chiitoitsu": 1, "kokushi": 1, "chuuren": 1}), dict(shapes={"suukantsu": 1, "toitoi": 1}),
    dict(shapes={"tsuuiisou": 1, "chinroutou": 1, "daisuushii": 1, "shousuushii": 1, "ryuuiisou": 1}),
    dict(shapes={"flush": 1, "honor": 1, "terminal": 1, "tanyao": 1}),
    dict(shapes={"sanshoku": 1, "ittsu": 1, "iipeikou": 1, "ryanpeikou": 1, "sanshoku_doukou": 1, "daisangen": 1}),
    dict(tsumo=1.0, riichi=1.0, first_turn=0.5), dict(tsumo=0.0, renhou=0.5, riichi=0.0), dict(tsumo=0.3, first_turn=1.0),
])
@pytest.mark.parametrize("players", [4, 3])
def test_native_equals_the_reference_arguments(kw, players):
    a = winning_hands(2500, seed=99, players=players, engine="native", **kw)
    _same_columns(a, winning_hands(2500, seed=99, players=players, engine="python", **kw))


def test_native_equals_the_reference_on_many_seeds():
    for seed in range(40):
        n = 50 + 97 * seed
        for players in (4, 3):
            kw = dict(seed=seed * 7919, players=players, start=seed * 131)
            _same_columns(winning_hands(n, engine="native", **kw), winning_hands(n, engine="python", **kw))


def test_native_rows_do_not_depend_on_workers():
    one = winning_hands(3 * CHUNK + 11, seed=4, workers=1)
    two = winning_hands(3 * CHUNK + 11, seed=4, workers=2)
    _same_columns(one, two)


def test_native_chunk_seeding_is_numpys():
    """ym_pcg64_seed_chunk gives the PCG64 state numpy's PCG64(SeedSequence(seed, spawn_key=(c,)))
    starts from: seeds of one to seven 32-bit words (the entropy padded to the pool of four, and
    beyond it), chunk keys of one and two words, the ends of both."""
    from yakuman import _core

    seeds = [0, 1, 12345, 2**32 - 1, 2**32, 2**40 + 3, 2**64 + 5, 2**127 + 11, 2**160 - 1, 2**200 + 3]
    chunks = [0, 1, 244, 4095, 2**32 - 1, 2**32, 2**40 + 7, 2**64 - 1]
    for seed in seeds:
        for c in chunks:
            want = np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(c,))).state["state"]
            assert _core._pcg64_seed_chunk(seed, c) == want, (seed, c)
    with pytest.raises(ValueError, match="non-negative"):
        _core._pcg64_seed_chunk(-1, 0)


def test_native_pcg64_is_numpys():
    """The C PCG64 (ym_pcg64_next_double) gives Generator.random()'s doubles from the same state."""
    from yakuman import _core

    for seed, key in ((0, 0), (12345, 7), (2**63 + 1, 4095)):
        bg = np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(key,)))
        mine = np.array(_core._pcg64_doubles(bg.state["state"], 5000))
        assert np.array_equal(mine, np.random.Generator(bg).random(5000))


def test_engine_is_checked():
    with pytest.raises(ValueError, match="engine must be 'native' or 'python'"):
        winning_hands(1, engine="c")
