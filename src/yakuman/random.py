"""Seeded, reproducible hand generators (numpy ``default_rng``).

``random_hands(n, seed, size=13)``: each row is ``size`` tiles drawn without replacement from
the 136-tile wall, as an (n, 34) uint8 count array. The same (n, seed, size) always gives the
same array.

``winning_hands(n, seed, *, players=4, melds=..., ...)``: ``n`` complete winning hands with
random, mutually consistent situations, as a columnar :class:`WinningHands` (numpy arrays);
``hands.kwargs(i)`` (or iterating) gives the keyword arguments of :func:`yakuman.score` for
row ``i``. The distribution and the guarantees are documented in docs/random.md.

Invariants of every generated row (tests/unit/test_random.py checks them):
- the concealed tiles (winning tile included) and the melds form a complete hand: four sets and
  a pair (``k`` melds, ``14 - 3k`` concealed tiles; a kan's four tiles live only in its meld),
  seven distinct pairs, or kokushi; chiitoitsu, kokushi and chuuren rows have no melds;
- no kind exceeds four copies counting the hand, the melds, kita and every dora and ura
  indicator (indicators are further tiles of the same wall; after a chankan all four copies of
  the robbed tile are accounted for, so none is an indicator); at most ``aka`` red fives per suit;
- three players: no 2m-8m anywhere (indicators included), no chi, no North seat;
- flags never contradict each other or the hand (the rules :func:`yakuman.score` validates plus:
  riichi / ippatsu only on closed hands, rinshan only after an own kan (or a kita), no ippatsu on
  a rinshan win or with a kan after a double riichi, chankan only on a tile the winner holds once,
  tenhou / chiihou / renhou only on an untouched first hand); the riichi winner's own stick is
  among the riichi sticks;
- dora indicators: one plus one per kan (own and other players' kans; a rinshan win after an
  open kan comes before that kan's indicator is turned, the standard timing); ura indicators
  (same number) only on riichi wins.

Reproducibility: rows are produced in chunks of ``CHUNK`` rows; chunk ``c`` draws from
``default_rng(SeedSequence(seed, spawn_key=(c,)))`` and only through ``Generator.random``
(IEEE doubles from PCG64, identical on every platform), so a row depends on (seed, its index,
the keyword arguments) and nothing else: ``winning_hands(n, s)`` is a prefix of
``winning_hands(m, s)`` for n <= m, and ``start=`` selects any window.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from yakuman._arrays import as_list
from yakuman.errors import InvalidArgumentError
from yakuman._arrays import rep, shown

__all__ = [
    "CHUNK",
    "DEFAULT_MELDS",
    "DEFAULT_SHAPES",
    "FLAG_BITS",
    "MELD_KINDS",
    "SHAPES",
    "WinningHands",
    "random_hands",
    "winning_hands",
]

_CHUNK = 65536


def random_hands(n: int, seed: int = 0, size: int = 13) -> np.ndarray:
    from yakuman._arrays import int_at_least

    n = int_at_least(n, 0, "n must be an integer >= 0")
    if int_at_least(size, 1, "size must be an integer 1..18") > 18:
        raise InvalidArgumentError(f"size must be an integer 1..18, not {rep(size)}")
    seed = int_at_least(seed, 0, "seed must be an integer >= 0")
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    for start in range(0, n, _CHUNK):
        m = min(_CHUNK, n - start)
        keys = rng.random((m, 136), dtype=np.float32)
        ids = np.argpartition(keys, size, axis=1)[:, :size] if size < 136 else np.argsort(keys, axis=1)
        kinds = ids // 4
        rows = np.repeat(np.arange(m), size)
        np.add.at(out[start:start + m], (rows, kinds.ravel()), 1)
    return out


# ---------------------------------------------------------------------------------------------
# winning_hands
# ---------------------------------------------------------------------------------------------

CHUNK = 4096
"""Rows per independently seeded chunk (part of the reproducibility guarantee: never change)."""

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
"""``meld_type`` codes 0..4 (the native scorer's codes); -1 = no meld in that slot."""
_CHI, _PON, _MINKAN, _KAKAN, _ANKAN = range(5)

FLAG_BITS = {
    "tsumo": 1 << 0, "riichi": 1 << 1, "double_riichi": 1 << 2, "ippatsu": 1 << 3,
    "rinshan": 1 << 4, "chankan": 1 << 5, "haitei": 1 << 6, "houtei": 1 << 7,
    "tenhou": 1 << 8, "chiihou": 1 << 9, "renhou": 1 << 10,
}
"""Bits of ``WinningHands.flags`` (equal to the native scorer's situation flags)."""

SHAPES = (
    "mixed", "tanyao", "flush", "honor", "terminal", "toitoi",
    "sanshoku", "ittsu", "iipeikou", "ryanpeikou", "sanshoku_doukou",
    "chiitoitsu", "kokushi",
    "daisangen", "suuankou", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren",
    "shousuushii", "daisuushii", "suukantsu",
)
"""Templates a row is built from (``WinningHands.shape`` indexes this tuple); docs/random.md."""

DEFAULT_SHAPES = {
    "mixed": 0.369, "tanyao": 0.10, "flush": 0.12, "honor": 0.08, "terminal": 0.06, "toitoi": 0.05,
    "sanshoku": 0.02, "ittsu": 0.02, "iipeikou": 0.025, "ryanpeikou": 0.01, "sanshoku_doukou": 0.01,
    "chiitoitsu": 0.08, "kokushi": 0.01,
    "daisangen": 0.008, "suuankou": 0.01, "tsuuiisou": 0.004, "ryuuiisou": 0.004, "chinroutou": 0.004,
    "chuuren": 0.004, "shousuushii": 0.004, "daisuushii": 0.004, "suukantsu": 0.004,
}
"""Template weights (normalized; in three-player games ``sanshoku`` is impossible and dropped)."""

DEFAULT_MELDS = (0.40, 0.22, 0.18, 0.12, 0.08)
"""Weights of the number of melds asked for (0..4) on four-sets-and-a-pair rows."""

# situation probabilities (documented in docs/random.md)
_P_RIICHI_DOUBLE = 0.08    # share of riichi declarations that are double riichi
_P_IPPATSU = 0.2
_P_RINSHAN = 0.35          # when an own kan (or kita) makes it possible
_P_HAITEI = 0.04
_P_HOUTEI = 0.04
_P_CHANKAN = 0.06          # when the winner holds the winning tile's kind only once
_ROUND_4 = (0.50, 0.40, 0.08, 0.02)
_ROUND_3 = (0.55, 0.40, 0.05)
_HONBA = (0.55, 0.20, 0.10, 0.06, 0.04, 0.02, 0.015, 0.01, 0.005)
_OTHER_STICKS = (0.55, 0.25, 0.12, 0.05, 0.03)
_KITA = (0.45, 0.30, 0.15, 0.07, 0.03)
_OTHER_KANS = (0.86, 0.11, 0.03)
_MELD_TYPE = (0.60, 0.10, 0.12, 0.18)   # a melded triplet: pon, minkan, kakan, ankan
_P_RUN = 0.55

_YAOCHUU = np.array((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_HONORS = np.arange(27, 34)
_WINDS = np.arange(27, 31)
_DRAGONS = np.arange(31, 34)
_GREEN = np.array((19, 20, 21, 23, 25, 32))   # 2s 3s 4s 6s 8s 6z


class _Tables:
    """Kind tables of a player count (three players: no 2m-8m, so no manzu runs)."""

    def __init__(self, players: int) -> None:
        self.players = players
        allowed = np.ones(34, dtype=bool)
        if players == 3:
            allowed[1:8] = False
        self.allowed = allowed
        self.kinds = np.flatnonzero(allowed)
        self.run_suits = np.array((0, 1, 2) if players == 4 else (1, 2))
        self.run_bases = np.array([9 * s + r for s in self.run_suits for r in range(7)])
        self.simple_run_bases = np.array([9 * s + r for s in self.run_suits for r in range(1, 6)])
        self.simples = np.array([9 * s + r for s in self.run_suits for r in range(1, 8)])
        self.terminals = np.array((0, 8, 9, 17, 18, 26))
        self.chiitoi_suits = self.run_suits


_TABLES = {3: _Tables(3), 4: _Tables(4)}


def _pick(table: np.ndarray, u: np.ndarray) -> np.ndarray:
    """table[floor(u * len)] elementwise (u in [0, 1))."""
    i = np.minimum((u * len(table)).astype(np.intp), len(table) - 1)
    return table[i]


def _cat(p: Sequence[float], u: np.ndarray) -> np.ndarray:
    """Categorical draw (index into p) from uniforms u."""
    cum = np.cumsum(np.asarray(p, dtype=np.float64))
    cum /= cum[-1]
    return np.minimum(np.searchsorted(cum, u, side="right"), len(cum) - 1)


def _row_cat(weights: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Per-row categorical draw over the columns of ``weights`` (m, k) (rows with weight sum 0
    return k)."""
    cum = np.cumsum(weights, axis=1, dtype=np.float64)
    x = u * cum[:, -1]
    return (cum <= x[:, None]).sum(axis=1)


def _perm(rng, m: int, table: np.ndarray, k: int) -> np.ndarray:
    """k distinct entries of ``table`` per row (a uniform random k-permutation)."""
    keys = rng.random((m, len(table)))
    return table[np.argsort(keys, axis=1)[:, :k]]


# ---- four sets and a pair: pair (m,), set type (m, 4) (0 run, 1 triplet), set base (m, 4) ----

def _mixed_sets(rng, m: int, T: _Tables, k: int = 4, run_p: float = _P_RUN):
    u = rng.random((3, m, k))
    is_run = u[0] < run_p
    base = np.where(is_run, _pick(T.run_bases, u[1]), _pick(T.kinds, u[2]))
    return is_run, base


def _gen_regular(rng, shape: str, m: int, T: _Tables):
    """Structure of m rows of a four-sets-and-a-pair template: (pair, is_run, base,
    closed_only, all_kans)."""
    closed_only = np.zeros(m, dtype=bool)
    all_kans = np.zeros(m, dtype=bool)
    u_pair = rng.random(m)
    pair = _pick(T.kinds, u_pair)
    if shape == "mixed":
        is_run, base = _mixed_sets(rng, m, T)
    elif shape == "tanyao":
        u = rng.random((3, m, 4))
        is_run = u[0] < 0.6
        base = np.where(is_run, _pick(T.simple_run_bases, u[1]), _pick(T.simples, u[2]))
        pair = _pick(T.simples, u_pair)
    elif shape == "flush":
        u = rng.random((6, m, 4))
        suit = _pick(T.run_suits, u[5, :, 0])
        chin = u[5, :, 1] < 0.45
        honor = ~chin[:, None] & (u[0] < 0.25)
        is_run = ~honor & (u[1] < 0.6)
        base = np.where(honor, _pick(_HONORS, u[2]),
                        9 * suit[:, None] + np.where(is_run, _pick(np.arange(7), u[3]),
                                                     _pick(np.arange(9), u[4])))
        pair_honor = ~chin & (u[5, :, 2] < 0.3)
        pair = np.where(pair_honor, _pick(_HONORS, u[5, :, 3]), 9 * suit + _pick(np.arange(9), u_pair))
    elif shape == "honor":
        u = rng.random((2, m, 5))
        is_run, base = _mixed_sets(rng, m, T)
        honor = u[0, :, :4] < 0.5
        is_run &= ~honor
        base = np.where(honor, _pick(_HONORS, u[1, :, :4]), base)
        pair = np.where(u[0, :, 4] < 0.5, _pick(_HONORS, u[1, :, 4]), pair)
    elif shape == "terminal":
        u = rng.random((5, m, 4))
        junchan = u[4, :, 0] < 0.4
        is_run = u[0] < 0.55
        run_base = 9 * _pick(T.run_suits, u[1]) + 6 * (u[2] < 0.5)
        trip = np.where(junchan[:, None], _pick(T.terminals, u[3]), _pick(_YAOCHUU, u[3]))
        base = np.where(is_run, run_base, trip)
        pair = np.where(junchan, _pick(T.terminals, u_pair), _pick(_YAOCHUU, u_pair))
    elif shape == "toitoi":
        u = rng.random((2, m, 4))
        is_run = np.zeros((m, 4), dtype=bool)
        base = _pick(T.kinds, u[0])
        closed_only = u[1, :, 0] < 0.3
    elif shape == "sanshoku":  # four players only
        u = rng.random((2, m))
        is_run, base = _mixed_sets(rng, m, T)
        num = _pick(np.arange(7), u[0])
        is_run[:, :3] = True
        base[:, :3] = num[:, None] + np.array((0, 9, 18))
    elif shape == "ittsu":
        u = rng.random(m)
        is_run, base = _mixed_sets(rng, m, T)
        suit = _pick(T.run_suits, u)
        is_run[:, :3] = True
        base[:, :3] = 9 * suit[:, None] + np.array((0, 3, 6))
    elif shape == "iipeikou":
        is_run, base = _mixed_sets(rng, m, T)
        is_run[:, 1] = True
        base[:, 0] = base[:, 1] = _pick(T.run_bases, rng.random(m))
        is_run[:, 0] = True
        closed_only[:] = True
    elif shape == "ryanpeikou":
        u = rng.random((2, m))
        is_run = np.ones((m, 4), dtype=bool)
        b1, b2 = _pick(T.run_bases, u[0]), _pick(T.run_bases, u[1])
        base = np.stack((b1, b1, b2, b2), axis=1)
        closed_only[:] = True
    elif shape == "sanshoku_doukou":
        u = rng.random(m)
        is_run, base = _mixed_sets(rng, m, T)
        num = _pick(np.arange(9) if T.players == 4 else np.array((0, 8)), u)
        is_run[:, :3] = False
        base[:, :3] = num[:, None] + np.array((0, 9, 18))
    elif shape == "daisangen":
        is_run, base = _mixed_sets(rng, m, T)
        is_run[:, :3] = False
        base[:, :3] = _DRAGONS
    elif shape == "suuankou":
        is_run = np.zeros((m, 4), dtype=bool)
        base = _pick(T.kinds, rng.random((m, 4)))
        closed_only[:] = True
    elif shape == "tsuuiisou":
        five = _perm(rng, m, _HONORS, 5)
        is_run = np.zeros((m, 4), dtype=bool)
        base, pair = five[:, :4], five[:, 4]
    elif shape == "ryuuiisou":
        u = rng.random((2, m, 4))
        is_run = u[0] < 0.3
        base = np.where(is_run, 19, _pick(_GREEN, u[1]))
        pair = _pick(_GREEN, u_pair)
    elif shape == "chinroutou":
        five = _perm(rng, m, T.terminals, 5)
        is_run = np.zeros((m, 4), dtype=bool)
        base, pair = five[:, :4], five[:, 4]
    elif shape == "shousuushii":
        is_run, base = _mixed_sets(rng, m, T)
        w = _perm(rng, m, _WINDS, 4)
        is_run[:, :3] = False
        base[:, :3] = w[:, :3]
        pair = w[:, 3]
    elif shape == "daisuushii":
        is_run = np.zeros((m, 4), dtype=bool)
        base = _perm(rng, m, _WINDS, 4)
    elif shape == "suukantsu":
        is_run = np.zeros((m, 4), dtype=bool)
        base = _pick(T.kinds, rng.random((m, 4)))
        all_kans[:] = True
    else:  # pragma: no cover - guarded by the caller
        raise AssertionError(shape)
    return pair, is_run, base, closed_only, all_kans


def _gen_direct(rng, shape: str, m: int, T: _Tables) -> np.ndarray:
    """Concealed counts (m, 34) of the meld-less templates: chiitoitsu, kokushi, chuuren."""
    counts = np.zeros((m, 34), dtype=np.int16)
    rows = np.arange(m)
    if shape == "kokushi":
        counts[:, _YAOCHUU] = 1
        counts[rows, _pick(_YAOCHUU, rng.random(m))] += 1
    elif shape == "chuuren":
        u = rng.random((2, m))
        suit = _pick(T.run_suits, u[0])
        pattern = np.array((3, 1, 1, 1, 1, 1, 1, 1, 3), dtype=np.int16)
        cols = 9 * suit[:, None] + np.arange(9)
        counts[rows[:, None], cols] = pattern
        counts[rows, 9 * suit + _pick(np.arange(9), u[1])] += 1
    elif shape == "chiitoitsu":
        u = rng.random((3, m))
        sub = _cat((0.60, 0.25, 0.10, 0.05), u[0])
        w = np.broadcast_to(T.allowed, (m, 34)).copy()
        suit = _pick(T.chiitoi_suits, u[1])
        flush = sub == 1
        in_suit = (np.arange(34)[None, :] // 9) == suit[:, None]
        w[flush] &= in_suit[flush] | (np.arange(34) >= 27)
        simples = np.zeros(34, dtype=bool)
        simples[T.simples] = True
        w[sub == 2] &= simples
        w[sub == 3] = np.arange(34) >= 27
        keys = np.where(w, rng.random((m, 34)), 2.0)
        kinds = np.argsort(keys, axis=1)[:, :7]
        counts[rows[:, None], kinds] = 2
    else:  # pragma: no cover
        raise AssertionError(shape)
    return counts


# ---------------------------------------------------------------------------------------------

@dataclass(eq=False)
class WinningHands:
    """Columnar winning hands (row i = one win). All arrays have ``len(self)`` rows.

    - ``counts`` (n, 34) uint8: concealed tiles **including** the winning tile;
      ``reds`` (n, 3) uint8: red fives among them per suit (m, p, s);
    - ``n_melds`` (n,) uint8; ``meld_type`` (n, 4) int8: :data:`MELD_KINDS` codes, -1 = none
      (melds fill the first slots); ``meld_tile`` (n, 4) uint8: the meld's lowest kind;
      ``meld_reds`` (n, 4) uint8: red fives in the meld;
    - ``win`` (n,) uint8 kind of the winning tile; ``win_red`` (n,) bool;
    - ``flags`` (n,) uint16: :data:`FLAG_BITS`;
    - ``seat_wind``, ``round_wind`` (n,) uint8: 0..3 = E S W N (the dealer is seat E);
    - ``dora`` / ``ura`` (n, 5) uint8 indicator kinds, the first ``n_dora`` / ``n_ura`` valid
      (255 after them);
    - ``kita`` (n,) uint8 (three players), ``honba``, ``riichi_sticks`` (n,) uint16;
    - ``shape`` (n,) uint8: the :data:`SHAPES` template of the row.
    """

    counts: np.ndarray
    reds: np.ndarray
    n_melds: np.ndarray
    meld_type: np.ndarray
    meld_tile: np.ndarray
    meld_reds: np.ndarray
    win: np.ndarray
    win_red: np.ndarray
    flags: np.ndarray
    seat_wind: np.ndarray
    round_wind: np.ndarray
    dora: np.ndarray
    n_dora: np.ndarray
    ura: np.ndarray
    n_ura: np.ndarray
    kita: np.ndarray
    honba: np.ndarray
    riichi_sticks: np.ndarray
    shape: np.ndarray
    players: int = 4
    aka: int = 1

    _FIELDS = ("counts", "reds", "n_melds", "meld_type", "meld_tile", "meld_reds", "win", "win_red",
               "flags", "seat_wind", "round_wind", "dora", "n_dora", "ura", "n_ura", "kita", "honba",
               "riichi_sticks", "shape")

    def __len__(self) -> int:
        return len(self.win)

    def arrays(self) -> dict[str, np.ndarray]:
        """The columns as a dict of arrays (views, not copies)."""
        return {name: getattr(self, name) for name in self._FIELDS}

    def take(self, index) -> WinningHands:
        """A new WinningHands with the rows ``index`` (a slice, a boolean mask or indices)."""
        cols = {name: getattr(self, name)[index] for name in self._FIELDS}
        return WinningHands(**cols, players=self.players, aka=self.aka)

    def flag(self, name: str) -> np.ndarray:
        """Boolean column of one situation flag (a key of :data:`FLAG_BITS`)."""
        return (self.flags & FLAG_BITS[name]) != 0

    def melds(self, i: int) -> list[str]:
        """Row i's melds as strings (``"pon 777z"``, red fives as ``0``)."""
        from yakuman.batch import meld_text

        return [meld_text(int(self.meld_type[i, j]), int(self.meld_tile[i, j]), int(self.meld_reds[i, j]))
                for j in range(int(self.n_melds[i]))]

    def kwargs(self, i: int) -> dict:
        """Keyword arguments of :func:`yakuman.score` for row ``i`` (add ``rules=``; with
        ``players=3`` a three-player Rules such as ``Rules.tenhou_sanma()``)."""
        from yakuman.batch import row_kwargs

        return row_kwargs(self.arrays(), int(i))

    def __iter__(self) -> Iterator[dict]:
        for i in range(len(self)):
            yield self.kwargs(i)


def _real(x) -> bool:
    """A finite real number (Python's or numpy's int or float, not bool)."""
    return isinstance(x, (int, float, np.integer, np.floating)) and type(x) is not bool and bool(np.isfinite(x))


def winning_hands(n: int, seed: int = 0, *, players: int = 4,
                  melds: Sequence[float] | int = DEFAULT_MELDS, aka: int = 1,
                  shapes: Mapping[str, float] | None = None, tsumo: float = 0.45,
                  riichi: float = 0.5, first_turn: float = 0.01, renhou: float = 0.0,
                  start: int = 0, engine: str = "native", workers: int | None = 1) -> WinningHands:
    """``n`` complete winning hands with random consistent situations (rows ``start`` ..
    ``start + n - 1`` of the stream of ``seed``).

    players: 4 or 3 (sanma: no 2m-8m, no chi, kita, seats E S W).
    melds: weights of asking for 0..4 melds on four-sets-and-a-pair rows, or an int (that many
        when the template allows: closed templates only take ankans, runs in sanma stay closed).
    aka: red fives per suit in the wall (0..4; 0 = none).
    shapes: template weights by :data:`SHAPES` name (missing names weigh 0); default
        :data:`DEFAULT_SHAPES`.
    tsumo: share of self-draws; riichi: share of riichi (double riichi included) among closed
        hands; first_turn: share of tenhou / chiihou among meld-less tsumo rows; renhou: share of
        renhou among meld-less non-dealer ron rows (0 by default: Tenhou has no renhou).
    engine: "native" (csrc/ym_random.c, without the GIL on ``workers`` threads, None = all cores)
        or "python" (the numpy implementation in this module, the readable reference): the same
        rows, every column identical (tests/unit/test_random.py checks it).
    """
    if not isinstance(n, (int, np.integer)) or n < 0:
        raise InvalidArgumentError(f"n must be a non-negative integer, not {rep(n)}")
    if not isinstance(seed, (int, np.integer)) or seed < 0:
        raise InvalidArgumentError(f"seed must be a non-negative integer, not {rep(seed)}")
    if not isinstance(start, (int, np.integer)) or start < 0:
        raise InvalidArgumentError(f"start must be a non-negative integer, not {rep(start)}")
    if int(start) + int(n) > 2**62:
        raise InvalidArgumentError(f"start + n must be at most 2**62 (rows of one stream), not {int(start) + int(n)}")
    if players not in (3, 4):
        raise InvalidArgumentError(f"players must be 4 or 3, not {rep(players)}")
    if not isinstance(aka, (int, np.integer)) or not 0 <= aka <= 4:
        raise InvalidArgumentError(f"aka must be 0..4 red fives per suit, not {rep(aka)}")
    if isinstance(melds, (int, np.integer)):
        if not 0 <= melds <= 4:
            raise InvalidArgumentError(f"melds must be 0..4 or five weights, not {rep(melds)}")
        meld_p = tuple(1.0 if k == melds else 0.0 for k in range(5))
    else:
        meld_p = tuple(as_list(melds, "melds (0..4, or five weights)"))
        if len(meld_p) != 5 or not all(_real(x) for x in meld_p) or min(meld_p) < 0 or sum(meld_p) <= 0:
            raise InvalidArgumentError(f"melds must be five non-negative weights (0..4 melds), not {rep(melds)}")
    for name, p in (("tsumo", tsumo), ("riichi", riichi), ("first_turn", first_turn), ("renhou", renhou)):
        if not _real(p) or not 0.0 <= p <= 1.0:
            raise InvalidArgumentError(f"{name} must be a probability in [0, 1], not {shown(p, 40)}")
    if shapes is not None and not isinstance(shapes, Mapping):
        raise InvalidArgumentError(f"shapes must map shape names to weights, not {type(shapes).__name__}")
    weights = dict(DEFAULT_SHAPES if shapes is None else shapes)
    unknown = set(weights) - set(SHAPES)
    if unknown:
        raise InvalidArgumentError(f"unknown shape(s) {', '.join(sorted(unknown))}; known: {', '.join(SHAPES)}")
    if not all(_real(w) for w in weights.values()):
        raise InvalidArgumentError(f"shape weights must be numbers, not {shown(weights, 80)}")
    shape_p = np.array([float(weights.get(s, 0.0)) for s in SHAPES])
    if players == 3:
        shape_p[SHAPES.index("sanshoku")] = 0.0
    if (shape_p < 0).any() or shape_p.sum() <= 0:
        raise InvalidArgumentError("shape weights must be non-negative with a positive sum"
                         + (" (sanshoku is impossible with three players)" if players == 3 else ""))
    params = _Params(players, meld_p, int(aka), shape_p, float(tsumo), float(riichi),
                     float(first_turn), float(renhou))
    if engine not in ("native", "python"):
        raise InvalidArgumentError(f"engine must be 'native' or 'python', not {rep(engine)}")

    first, last = start // CHUNK, (start + n + CHUNK - 1) // CHUNK
    if engine == "native":
        cols = _native_chunks(seed, first, last, params, workers)
        off = start - first * CHUNK
        cols = {k: v[off:off + n] for k, v in cols.items()}
        return WinningHands(**cols, players=players, aka=int(aka))
    parts = [_chunk(seed, c, params) for c in range(first, last)]
    if parts:
        cols = {k: np.concatenate([p[k] for p in parts]) for k in WinningHands._FIELDS}
        off = start - first * CHUNK
        cols = {k: v[off:off + n] for k, v in cols.items()}
    else:
        cols = {k: v[:0] for k, v in _chunk(seed, 0, params).items()}
    return WinningHands(**cols, players=players, aka=int(aka))


@dataclass(frozen=True)
class _Params:
    players: int
    meld_p: tuple
    aka: int
    shape_p: np.ndarray
    tsumo: float
    riichi: float
    first_turn: float
    renhou: float


_DIRECT = ("chiitoitsu", "kokushi", "chuuren")

# the columns (dtype, shape after the row axis) of a chunk
_COLUMNS: tuple[tuple[str, Any, tuple[int, ...]], ...] = (
            ("counts", np.uint8, (34,)), ("reds", np.uint8, (3,)), ("n_melds", np.uint8, ()),
            ("meld_type", np.int8, (4,)), ("meld_tile", np.uint8, (4,)), ("meld_reds", np.uint8, (4,)),
            ("win", np.uint8, ()), ("win_red", np.bool_, ()), ("flags", np.uint16, ()),
            ("seat_wind", np.uint8, ()), ("round_wind", np.uint8, ()), ("dora", np.uint8, (5,)),
            ("n_dora", np.uint8, ()), ("ura", np.uint8, (5,)), ("n_ura", np.uint8, ()), ("kita", np.uint8, ()),
            ("honba", np.uint16, ()), ("riichi_sticks", np.uint16, ()), ("shape", np.uint8, ()))


def _cum(p) -> np.ndarray:
    """_cat's table: the cumulative weights divided by their total."""
    cum = np.cumsum(np.asarray(p, dtype=np.float64))
    cum /= cum[-1]
    return cum


def _native_chunks(seed: int, first: int, last: int, P: _Params, workers: int | None,
                   core: Any = None) -> dict[str, np.ndarray]:
    """Chunks ``first`` .. ``last - 1`` of the stream by the native generator: each chunk reads the
    PCG64 stream that :func:`_chunk` reads (the state numpy's SeedSequence(seed, spawn_key=(c,))
    gives, worked out in C), in the same order. ``core``: the extension module to run (default
    yakuman._core; bench/kernel_ab.py passes other builds)."""
    from yakuman._arrays import n_workers, out_arrays

    if core is None:
        from yakuman import _core as core

    rows = (last - first) * CHUNK
    out = out_arrays(_COLUMNS, rows)   # large columns on pages an earlier call already mapped
    cols = dict(out, win_red=out["win_red"].view(np.uint8))
    core._winning_chunks(int(seed), first, last - first, _cum(P.shape_p).tolist(), _cum(P.meld_p).tolist(),
                         P.players, P.aka, P.tsumo, P.riichi, P.first_turn, P.renhou, CHUNK, cols,
                         n_workers(workers))
    return out


def _chunk(seed: int, index: int, P: _Params) -> dict[str, np.ndarray]:
    """CHUNK rows of the stream ``seed``, chunk ``index``."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))
    T = _TABLES[P.players]
    m = CHUNK
    rows = np.arange(m)
    shape = _cat(P.shape_p, rng.random(m)).astype(np.uint8)

    conc = np.zeros((m, 34), dtype=np.int16)
    mtype = np.full((m, 4), -1, dtype=np.int8)
    mtile = np.zeros((m, 4), dtype=np.int16)
    pending = np.ones(m, dtype=bool)
    # Templates in a fixed order. A candidate with a fifth copy of a kind is discarded; each
    # round draws twice the missing rows (plus a few) and fills them with the first valid
    # candidates in order, so a row's content depends only on the chunk's random stream.
    for _ in range(1000):
        if not pending.any():
            break
        for code, name in enumerate(SHAPES):
            idx = np.flatnonzero(pending & (shape == code))
            if len(idx) == 0:
                continue
            k = 2 * len(idx) + 8
            if name in _DIRECT:
                c = _gen_direct(rng, name, k, T)
                ok = np.flatnonzero((c <= 4).all(axis=1))[:len(idx)]
                dst = idx[:len(ok)]
                conc[dst] = c[ok]
                pending[dst] = False
                continue
            pair, is_run, base, closed_only, all_kans = _gen_regular(rng, name, k, T)
            c, mt, ml, total = _assemble(rng, pair, is_run, base, closed_only, all_kans, P)
            ok = np.flatnonzero((total <= 4).all(axis=1))[:len(idx)]
            dst = idx[:len(ok)]
            conc[dst] = c[ok]
            mtype[dst] = mt[ok]
            mtile[dst] = ml[ok]
            pending[dst] = False
    else:  # pragma: no cover - every template succeeds with a positive probability
        raise RuntimeError("winning_hands: a template kept failing the four-copy limit")

    # ---- totals, reds -----------------------------------------------------------------------
    melded = mtype >= 0
    n_melds = melded.sum(axis=1).astype(np.uint8)
    meld_counts = np.zeros((m, 34), dtype=np.int16)
    for j in range(4):
        t = mtype[:, j]
        b = mtile[:, j]
        is_chi = t == _CHI
        size = np.where(t >= _MINKAN, 4, 3) * melded[:, j]
        for off in range(3):
            meld_counts[rows, b + off * is_chi] += np.where(is_chi, 1, 0) * melded[:, j]
        meld_counts[rows, b] += np.where(is_chi, 0, size)
    total = conc + meld_counts

    reds = np.zeros((m, 3), dtype=np.int16)
    mreds = np.zeros((m, 4), dtype=np.int16)
    if P.aka:
        u = rng.random((3, 5, 4, m))
        for s in range(3):
            five = 9 * s + 4
            used = np.zeros(m, dtype=np.int16)
            seen = np.zeros(m, dtype=np.int16)
            for loc in range(5):
                if loc == 0:
                    cnt = conc[:, five]
                else:
                    t, b = mtype[:, loc - 1], mtile[:, loc - 1]
                    has = np.where(t == _CHI, (b <= five) & (five <= b + 2) & (b // 9 == s),
                                   (b == five) & (t >= 0))
                    cnt = np.where(has, np.where(t == _CHI, 1, np.where(t >= _MINKAN, 4, 3)), 0)
                for copy in range(4):
                    active = copy < cnt
                    p_red = (P.aka - used) / np.maximum(4 - seen, 1)
                    red = active & (u[s, loc, copy] < p_red)
                    used += red
                    seen += active
                    if loc == 0:
                        reds[:, s] += red
                    else:
                        mreds[:, loc - 1] += red

    # ---- winning tile -----------------------------------------------------------------------
    u = rng.random((2, m))
    win = _row_cat(conc, u[0]).astype(np.int16)
    wsuit = np.minimum(win // 9, 2)
    win_five = (win < 27) & (win % 9 == 4)
    r_held = reds[rows, wsuit]
    win_red = win_five & (u[1] * conc[rows, win] < r_held)

    # ---- situation --------------------------------------------------------------------------
    u = rng.random((20, m))
    seat = (u[0] * P.players).astype(np.int16)
    rnd = _cat(_ROUND_4 if P.players == 4 else _ROUND_3, u[1]).astype(np.int16)
    is_open = ((mtype >= _CHI) & (mtype <= _KAKAN)).any(axis=1)
    is_kan = (mtype >= _MINKAN)
    own_kans = is_kan.sum(axis=1)
    kita = np.zeros(m, dtype=np.int16)
    if P.players == 3:
        kita = np.minimum(_cat(_KITA, u[2]), 4 - total[:, 30]).astype(np.int16)
    tsumo = u[3] < P.tsumo
    untouched = (n_melds == 0) & (kita == 0)
    first = tsumo & untouched & (u[4] < P.first_turn)
    tenhou = first & (seat == 0)
    chiihou = first & (seat != 0)
    renhou = ~tsumo & untouched & (seat != 0) & (u[5] < P.renhou)
    riichi_any = ~is_open & ~first & ~renhou & (u[6] < P.riichi)
    double = riichi_any & (u[7] < _P_RIICHI_DOUBLE)
    riichi = riichi_any & ~double
    rinshan = tsumo & ~first & ((own_kans > 0) | (kita > 0)) & (u[8] < _P_RINSHAN)
    ippatsu = riichi_any & ~rinshan & ~(double & (own_kans > 0)) & (u[9] < _P_IPPATSU)
    haitei = tsumo & ~first & ~rinshan & (u[10] < _P_HAITEI)
    win_total = total[rows, win] + np.where(win == 30, kita, 0)
    chankan = ~tsumo & ~renhou & (win_total == 1) & (u[11] < _P_CHANKAN)
    houtei = ~tsumo & ~renhou & ~chankan & (u[12] < _P_HOUTEI)
    flags = np.zeros(m, dtype=np.uint16)
    for name, col in (("tsumo", tsumo), ("riichi", riichi), ("double_riichi", double),
                      ("ippatsu", ippatsu), ("rinshan", rinshan), ("chankan", chankan),
                      ("haitei", haitei), ("houtei", houtei), ("tenhou", tenhou),
                      ("chiihou", chiihou), ("renhou", renhou)):
        flags |= np.where(col, FLAG_BITS[name], 0).astype(np.uint16)
    honba = _cat(_HONBA, u[13]).astype(np.uint16)
    sticks = (_cat(_OTHER_STICKS, u[14]) + riichi_any).astype(np.uint16)

    # ---- dora / ura indicators from the tiles left -------------------------------------------
    other_kans = np.minimum(_cat(_OTHER_KANS, u[15]), 4 - own_kans)
    last_kan = np.where(is_kan, np.arange(4), -1).max(axis=1)
    last_kan_type = mtype[rows, np.maximum(last_kan, 0)]
    unturned = rinshan & (own_kans > 0) & ((last_kan_type == _MINKAN) | (last_kan_type == _KAKAN))
    n_dora = np.minimum(1 + own_kans + other_kans - unturned, 5).astype(np.uint8)
    n_ura = np.where(riichi_any, n_dora, 0).astype(np.uint8)
    left = (4 - total).astype(np.float64)
    left[:, 30] -= kita
    left[:, ~T.allowed] = 0.0
    left[rows[chankan], win[chankan]] = 0.0
    ind = np.full((m, 10), 255, dtype=np.uint8)
    u = rng.random((10, m))
    for step in range(10):
        w = np.flatnonzero((step < n_dora) if step < 5 else (step - 5 < n_ura))
        k = _row_cat(left[w], u[step, w])
        ind[w, step] = k
        left[w, k] -= 1.0

    # meld slots: melds first, in set order
    order = np.argsort(mtype < 0, axis=1, kind="stable")
    mtype = np.take_along_axis(mtype, order, axis=1)
    mtile = np.take_along_axis(mtile, order, axis=1)
    mreds = np.take_along_axis(mreds, order, axis=1)
    mtile[mtype < 0] = 0

    return {
        "counts": conc.astype(np.uint8),
        "reds": reds.astype(np.uint8),
        "n_melds": n_melds,
        "meld_type": mtype,
        "meld_tile": mtile.astype(np.uint8),
        "meld_reds": mreds.astype(np.uint8),
        "win": win.astype(np.uint8),
        "win_red": win_red,
        "flags": flags,
        "seat_wind": seat.astype(np.uint8),
        "round_wind": rnd.astype(np.uint8),
        "dora": ind[:, :5].copy(),
        "n_dora": n_dora,
        "ura": ind[:, 5:].copy(),
        "n_ura": n_ura,
        "kita": kita.astype(np.uint8),
        "honba": honba,
        "riichi_sticks": sticks,
        "shape": shape,
    }


def _assemble(rng, pair, is_run, base, closed_only, all_kans, P: _Params):
    """Choose melds and count tiles: (concealed (k, 34), meld type (k, 4) with -1 = concealed
    set, meld lowest kind (k, 4), total counts (k, 34))."""
    k = len(pair)
    rows = np.arange(k)
    u = rng.random((3, k, 4))
    want = _cat(P.meld_p, u[0, :, 0])
    rank = np.argsort(np.argsort(u[1], axis=1), axis=1)
    chosen = (rank < want[:, None]) | all_kans[:, None]
    trip_type = _PON + _cat(_MELD_TYPE, u[2])
    trip_type = np.where(closed_only[:, None], np.where(u[2] < 0.25, _ANKAN, -1), trip_type)
    trip_type = np.where(all_kans[:, None], _MINKAN + (u[2] * 3).astype(np.intp).clip(0, 2), trip_type)
    run_type = np.where(closed_only | (P.players == 3), -1, _CHI)[:, None]
    mt = np.where(chosen, np.where(is_run, run_type, trip_type), -1).astype(np.int8)
    base = np.asarray(base, dtype=np.int16)
    safe = np.minimum(base, 33)
    conc = np.zeros((k, 34), dtype=np.int16)
    total = np.zeros((k, 34), dtype=np.int16)
    conc[rows, pair] += 2
    total[rows, pair] += 2
    for j in range(4):
        b = safe[:, j]
        run = is_run[:, j]
        concealed = mt[:, j] < 0
        # runs: b, b+1, b+2 (base number <= 7 by construction); triplets: 3 of b; kans: 4
        for off in range(3):
            t = np.where(run, np.minimum(b + off, 33), b)
            conc[rows, t] += concealed
            total[rows, t] += 1
        total[rows, b] += mt[:, j] >= _MINKAN
    return conc, mt, safe, total
