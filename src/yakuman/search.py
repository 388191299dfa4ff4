"""AI-search helpers at native speed: ukeire, discard analysis, incremental shanten, batch forms.

Definitions (all 4-copy aware, as ``yakuman.shanten``):
- ``ukeire(hand13, visible=...)``: the kinds whose draw lowers the shanten of a 13-3k hand (of the
  chosen ``form``), each with its copies left = 4 - held - visible. A kind with no copy left
  (all four held or visible) is never listed and counts 0. ``visible`` = tiles seen outside the
  hand (discards, called melds, dora indicators), in any tile form; hand + visible may hold at
  most four copies of a kind.
- ``discard_analysis(hand14, visible=...)``: for every distinct held kind of a 14-3k hand, the
  shanten after discarding it and the ukeire of what is left, with the discarded copy counted
  as seen (copies left = 4 - held in the 14-3k hand - visible). Sorted best first: lower
  shanten, then more copies left, then kind order.
- ``ShantenState``: a hand under draw/discard whose shanten is kept by part classes and
  counters (O(1) per step; equal to ``yakuman.shanten`` after every step, tested).
- ``ukeire_many`` / ``discard_analysis_many``: the same over (N, 34) count arrays (and optional
  (N, 34) visible counts), looped in C without the GIL on ``workers`` threads; identical results
  for every ``workers``. A malformed row never stops the batch: its status is non-zero
  (``STATUS_BAD_COPIES``, ``STATUS_BAD_COUNT``, ``STATUS_BAD_VISIBLE``, ``STATUS_BAD_SANMA_TILE``)
  and its outputs are sentinels (shanten ``SHANTEN_INVALID`` = 127, nothing effective).

Three players: every function here takes ``players=3`` (or ``rules`` whose ``players`` is 3).
2m-8m then do not exist: a hand or visible list holding one is refused, they are never waits or
effective tiles (no copy left), and shanten is the fewest replacements by existing tiles to a
complete hand, minus one (so a shape that needs a 2m-8m is further away: ``1111m111122233z`` is
1-shanten with four players and 2-shanten with three).

k called melds are read from the tile count (13-3k / 14-3k) unless ``melds`` is given;
chiitoitsu and kokushi apply only when k = 0. The kernels are csrc/ym_search.c.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from yakuman import _core
from yakuman._core import (
    SHANTEN_INVALID,
    STATUS_BAD_COPIES,
    STATUS_BAD_COUNT,
    STATUS_BAD_SANMA_TILE,
    STATUS_BAD_VISIBLE,
    STATUS_OK,
    DiscardOption,
    ShantenState,
    Ukeire,
    discard_analysis,
    ukeire,
)
from yakuman._arrays import as_counts, flag, form_arg, melds_arg, n_workers, out_arrays, raise_first_bad
from yakuman.errors import InvalidArgumentError, InvalidTilesError
from yakuman._arrays import shown

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "WaitValue",
    "win_value",
    "win_value_many",
    "SHANTEN_INVALID",
    "STATUS_BAD_COPIES",
    "STATUS_BAD_COUNT",
    "STATUS_BAD_VISIBLE",
    "STATUS_BAD_SANMA_TILE",
    "STATUS_OK",
    "DiscardAnalysisMany",
    "DiscardOption",
    "ShantenState",
    "Ukeire",
    "UkeireMany",
    "discard_analysis",
    "discard_analysis_many",
    "ukeire",
    "ukeire_many",
]

MAX_DISCARDS = 14


class UkeireMany(NamedTuple):
    """Batch ukeire: ``shanten`` int8 (N,), ``left`` uint8 (N, 34) copies left of each effective
    kind (0 elsewhere), ``total`` int16 (N,) = left.sum(axis=1), ``status`` uint8 (N,)."""

    shanten: np.ndarray
    left: np.ndarray
    total: np.ndarray
    status: np.ndarray


class DiscardAnalysisMany(NamedTuple):
    """Batch discard analysis, 14 slots per row sorted best first: ``n`` uint8 (N,) distinct
    discards; ``tile`` int8 (N, 14) discarded kind (-1 = empty slot); ``shanten`` int8 (N, 14)
    after the discard (127 = empty); ``total`` int16 (N, 14) copies left over the effective
    kinds; ``mask`` uint64 (N, 14) effective kinds (bit i = kind i); ``status`` uint8 (N,)."""

    n: np.ndarray
    tile: np.ndarray
    shanten: np.ndarray
    total: np.ndarray
    mask: np.ndarray
    status: np.ndarray


def _inputs(counts, visible, melds, form: str, workers: int | None, players=None, rules=None):
    a = as_counts(counts, "counts")
    v = None
    if visible is not None:
        v = as_counts(visible, "visible")
        if v.shape[0] != a.shape[0]:
            raise InvalidTilesError(f"visible has {v.shape[0]} rows, counts has {a.shape[0]}")
    return a, v, form_arg(form), melds_arg(melds), n_workers(workers), _core._players_code(players, rules)


_finish = raise_first_bad


def ukeire_many(counts, visible=None, *, melds=None, form: str = "all", workers: int | None = 1,
                errors: str = "status", players=None, rules=None) -> UkeireMany:
    """Ukeire of every 13-3k row (see the module docstring); ``errors="raise"`` raises on the
    first malformed row instead of flagging it."""
    import numpy as np

    a, v, f, k, w, sanma = _inputs(counts, visible, melds, form, workers, players, rules)
    n = len(a)
    out = UkeireMany(**out_arrays((("shanten", np.int8, ()), ("left", np.uint8, (34,)), ("total", np.int16, ()),
                                   ("status", np.uint8, ())), n))
    _core._ukeire_many(a, v, f, k, w, out.shanten, out.left, out.total, out.status, sanma)
    _finish(out.status, errors, "ukeire hand (13-3k tiles)")
    return out


def discard_analysis_many(counts, visible=None, *, melds=None, form: str = "all",
                          workers: int | None = 1, errors: str = "status", players=None,
                          rules=None) -> DiscardAnalysisMany:
    """Discard analysis of every 14-3k row (see the module docstring and DiscardAnalysisMany)."""
    import numpy as np

    a, v, f, k, w, sanma = _inputs(counts, visible, melds, form, workers, players, rules)
    n = len(a)
    out = DiscardAnalysisMany(**out_arrays((("n", np.uint8, ()), ("tile", np.int8, (MAX_DISCARDS,)),
                                            ("shanten", np.int8, (MAX_DISCARDS,)),
                                            ("total", np.int16, (MAX_DISCARDS,)),
                                            ("mask", np.uint64, (MAX_DISCARDS,)), ("status", np.uint8, ())), n))
    _core._discard_analysis_many(a, v, f, k, w, out.n, out.tile, out.shanten, out.total, out.mask, out.status,
                                 sanma)
    _finish(out.status, errors, "hand that discards (14-3k tiles)")
    return out


# ---- win value: what each wait would score ----------------------------------------------------

class WaitValue(NamedTuple):
    """The value of one wait of a tenpai hand: points (Tenhou's figure: ron = what the discarder
    pays, tsumo = the sum of the payments; 0 when that win is impossible), han and fu of each."""

    tile: str
    ron: int
    tsumo: int
    ron_han: int
    ron_fu: int
    tsumo_han: int
    tsumo_fu: int
    furiten: bool


def win_value(hand, melds=(), *, discards=(), temporary_furiten: bool = False, riichi: bool = False,
              double_riichi: bool = False, ippatsu: bool = False, seat_wind="E", round_wind="E", dora=(),
              ura=(), kita: int = 0, honba: int = 0, riichi_sticks: int = 0, rules=None,
              players=None) -> dict:
    """For each wait of a tenpai hand (13-3k concealed tiles, ``melds`` called), the value of winning
    on it by ron and by tsumo, scored by the native core (one ``score_many`` batch for all waits).

    Furiten-aware: when any wait is among ``discards`` (the player's own discards, called ones
    included), or ``temporary_furiten`` is set, no ron is possible (``ron == 0``, ``furiten=True``);
    tsumo is never restricted. A wait without yaku (for that way of winning) is worth 0, and so is
    a dead wait: one whose four copies are all in sight (the hand, the melds, the dora / ura
    indicators, kita), which can never be drawn or discarded. A hand that is not tenpai returns
    ``{}``. Returns ``{tile: WaitValue}`` in tile order.

    ``players=3`` (or ``rules`` with three players): the waits are the three-player ones (never
    2m-8m) and they are scored under ``rules`` (default ``Rules.tenhou_sanma()``, as the
    four-player default is ``Rules.tenhou()``).
    """
    from yakuman._core import parse, waits_mask
    from yakuman.batch import columns_from_kwargs, score_many
    from yakuman.hand import parse_melds
    from yakuman.tiles import TILE_NAMES, to_mpsz

    rules = _rules_for(players, rules)
    temporary_furiten = flag(temporary_furiten, "temporary_furiten")
    counts, reds = parse(hand)
    melds = parse_melds(melds)
    mask = waits_mask(list(counts), melds=len(melds), rules=rules)
    if not mask:
        return {}
    discarded = set()
    if discards:
        dc, _ = parse(discards)
        discarded = {k for k in range(34) if dc[k]}
    waits = [k for k in range(34) if (mask >> k) & 1]
    furiten = temporary_furiten or any(k in discarded for k in waits)
    seen = _in_sight(counts, melds, dora, ura, kita)
    dead = {k for k in waits if seen is not None and seen[k] >= 4}
    base = dict(melds=melds, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu, seat_wind=seat_wind,
                round_wind=round_wind, dora=dora, ura=ura, kita=kita, honba=honba, riichi_sticks=riichi_sticks)
    rows = []
    live = [k for k in waits if k not in dead]
    for k in live:
        c = list(counts)
        c[k] += 1
        full = to_mpsz(c, reds)
        rows.append(dict(base, hand=full, win=TILE_NAMES[k], tsumo=False))
        rows.append(dict(base, hand=full, win=TILE_NAMES[k], tsumo=True))
    res = score_many(columns_from_kwargs(rows, rules=rules, errors="raise"), rules=rules) if rows else None
    out = {}
    j = -1
    for k in waits:
        if k in dead:
            out[TILE_NAMES[k]] = WaitValue(TILE_NAMES[k], 0, 0, 0, 0, 0, 0, furiten)
            continue
        j += 1
        r, t = 2 * j, 2 * j + 1
        ron_ok = res.status[r] == 0 and not furiten
        tsumo_ok = res.status[t] == 0
        out[TILE_NAMES[k]] = WaitValue(
            TILE_NAMES[k], int(res.points[r]) if ron_ok else 0, int(res.points[t]) if tsumo_ok else 0,
            int(res.han[r]) if ron_ok else 0, int(res.fu[r]) if ron_ok else 0,
            int(res.han[t]) if tsumo_ok else 0, int(res.fu[t]) if tsumo_ok else 0, furiten)
    return out


def _in_sight(counts, melds, dora, ura, kita) -> list[int] | None:
    """Copies of each kind in sight of the player: the concealed tiles, the melds, the dora / ura
    indicators and kita. ``None`` when an argument is not in a form read here (the scorer then
    reads and checks it, and raises on a bad one)."""
    from yakuman._core import parse
    from yakuman.hand import parse_melds

    seen = list(counts)
    try:
        for m in parse_melds(melds):
            for t in m.tiles:
                seen[t] += 1
        for ind in (dora, ura):
            if isinstance(ind, (list, tuple)) and ind and all(isinstance(x, str) for x in ind):
                ind = "".join(ind)
            if ind is None or (not isinstance(ind, str) and len(ind) == 0) or ind == "":
                continue
            c, _ = parse(ind)
            for k in range(34):
                seen[k] += c[k]
        seen[30] += int(kita)
    except Exception:   # noqa: BLE001 - any bad argument: the scorer reads and checks it
        return None
    return seen


def _rules_for(players, rules):
    """The Rules a win is scored under: ``rules`` (checked against ``players``), else
    ``Rules.tenhou_sanma()`` when ``players=3`` (None = the scorer's four-player default)."""
    _core._players_code(players, rules)   # validates players and its agreement with rules
    if rules is None and players == 3:
        from yakuman.rules import Rules
        return Rules.tenhou_sanma()
    return rules


def win_value_many(counts, *, rules=None, seat_wind: int = 0, round_wind: int = 0, riichi: bool = False,
                   workers: int | None = 1, players=None):
    """Batch form of :func:`win_value` for closed 13-tile hands (N x 34 counts; no melds, dora or
    discards): ``(ron, tsumo)`` as two N x 34 int32 arrays of points per wait (0 = not a wait, or
    no yaku). All waits of all rows are scored in one native ``score_many`` call. ``players=3``
    / ``rules``: as :func:`win_value`."""
    import numpy as np

    from yakuman.batch import score_many, waits_many

    from yakuman._arrays import as_counts, as_int

    rules = _rules_for(players, rules)
    riichi = flag(riichi, "riichi")
    winds = [as_int(v, 0, 3) for v in (seat_wind, round_wind)]
    for name, v, got in zip(("seat_wind", "round_wind"), (seat_wind, round_wind), winds):
        if got is None:
            raise InvalidArgumentError(f"win_value_many: {name} must be 0..3 (E S W N), not {shown(v, 40)}")
    seat_wind, round_wind = winds
    counts = as_counts(counts)
    masks = waits_many(counts, melds=0, workers=workers, errors="raise", rules=rules)
    bits = ((masks[:, None] >> np.arange(34, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    rows, kinds = np.nonzero(bits)
    m = len(rows)
    hands = np.repeat(counts[rows], 2, axis=0)
    win = np.repeat(kinds.astype(np.uint8), 2)
    hands[np.arange(2 * m), win] += 1
    flags = np.tile(np.array([0, 1], dtype=np.uint16), m) | np.uint16(2 if riichi else 0)
    cols = {"counts": hands, "win": win, "flags": flags,
            "seat_wind": np.full(2 * m, seat_wind, np.uint8), "round_wind": np.full(2 * m, round_wind, np.uint8)}
    res = score_many(cols, rules=rules, workers=workers)
    ok = res.status == 0
    pts = np.where(ok, res.points, 0).astype(np.int32)
    ron = np.zeros((len(counts), 34), dtype=np.int32)
    tsumo = np.zeros((len(counts), 34), dtype=np.int32)
    ron[rows, kinds] = pts[0::2]
    tsumo[rows, kinds] = pts[1::2]
    return ron, tsumo
