"""What each discard is worth: tenpai probability, win probability and expected score, turn by turn.

``discard_ev(hand, ...)`` runs the native single-player search of ``csrc/ym_ev.c`` (the model is
described in docs/ev.md) and returns an :class:`EvResult`: one :class:`EvRow` per distinct discard
(a red five apart from a plain five), best first by expected score at ``turn``. A 13-tile hand
gives one row with ``tile = None``. Arrays are indexed by the turn t = 0..t_max (t = draws made;
index 0 is 0 as in the reference calculator). Rows whose shanten exceeds ``max_shanten`` carry
NaN probabilities.
"""

from __future__ import annotations


import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from yakuman import _core
from yakuman._arrays import as_int, as_list, flag
from yakuman.errors import InvalidArgumentError, InvalidTilesError
from yakuman.hand import MELD_KINDS, parse_melds, refuse_sanma_chi
from yakuman.rules import DOUBLE_YAKUMAN_KEYS, Rules
from yakuman._arrays import rep, shown

__all__ = ["EvRow", "EvResult", "discard_ev", "release_memory", "MODELS", "ev_many", "EvBatch", "EV_COLUMNS", "EV_STATUS", "SLOT_NAMES"]

MODELS = ("full", "reference")
#: discard_ev's ``riichi=`` under model="full" (csrc/ym_ev.h, YM_EV_RIICHI_*): riichi or dama,
#: whichever is worth more; never riichi; the request's own discard declares.
RIICHI = {"choose": 1, "never": 2, "declare": 3}
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3, "1z": 0, "2z": 1, "3z": 2, "4z": 3, 0: 0, 1: 1, 2: 2, 3: 3}
_MELD_CODE = {k: i for i, k in enumerate(MELD_KINDS)}  # chi 0, pon 1, minkan 2, kakan 3, ankan 4
_SUITS = "mpsz"


def _name(kind: int, red: bool = False) -> str:
    return f"{0 if red else kind % 9 + 1}{_SUITS[kind // 9]}"


_NAMES = tuple((_name(k), _name(k, True)) for k in range(34))   # by kind, then red


@dataclass(frozen=True)
class EvRow:
    """One discard: ``tile`` (mpsz, ``"0m"`` a red five; None for a 13-tile hand), ``shanten``
    after it, ``necessary`` (mpsz -> copies left in the wall before the discard of each tile that
    lowers the shanten; 0 when every copy is seen or held, as the reference lists it), and the
    float64 arrays ``tenpai_prob``, ``win_prob``, ``exp_score`` indexed by turn, and ``riichi``
    (bool, by turn): True where the expected score is the one of declaring riichi with this
    discard (model="full": riichi chosen over dama; model="reference": every closed discard that
    keeps tenpai, as that model always declares)."""

    tile: str | None
    shanten: int
    necessary: dict
    tenpai_prob: object = field(repr=False)
    win_prob: object = field(repr=False)
    exp_score: object = field(repr=False)
    # None by default, through a factory: a plain default would be a class attribute, found before
    # __getattr__ makes a search's row's flags
    riichi: object = field(repr=False, default_factory=lambda: None)

    @property
    def necessary_count(self) -> int:
        return sum(self.necessary.values())

    def __getattr__(self, name: str):
        # Only for an attribute not in the instance's dict: a row made by the search (its glue,
        # _core_ev.pxi) holds its lazy fields' place, ``_ev_arrays`` = ((values, flags,
        # necessary), index), and makes each array a view of its block, and ``necessary`` a dict
        # from its 34 bytes (255: not a necessary kind), when first read, kept in its dict after
        # (a view or a dict costs about as much as the rest of a row, and a caller reads a few
        # rows' fields)
        place = self.__dict__.get("_ev_arrays")
        lane = _LANES.get(name)
        if place is None or lane is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        (values, flags, nec), i = place
        if lane == 3:
            got = nec[34 * i:34 * i + 34]
            value = {_NAMES[k][0]: n for k, n in enumerate(got) if n != 255}
        else:
            value = flags[i] if lane < 0 else values[i, lane]
        self.__dict__[name] = value
        return value


# EvRow's fields made when first read: the lane of each in the search's value block (-1: the flags;
# 3: the necessary block)
_LANES = {"tenpai_prob": 0, "win_prob": 1, "exp_score": 2, "riichi": -1, "necessary": 3}


@dataclass(frozen=True)
class EvResult:
    """The rows of :func:`discard_ev`, best first by ``exp_score[turn]``."""

    rows: tuple
    turn: int
    t_max: int
    nodes: int = 0

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, i):
        return self.rows[i]

    @property
    def best(self) -> EvRow:
        return self.rows[0]

    def _table(self):
        t = self.turn
        head = ("discard", "shanten", "tiles", "n", "tenpai %", "win %", "exp score", "riichi")
        body = []
        for r in self.rows:
            tiles = " ".join(f"{k}x{v}" for k, v in r.necessary.items())
            body.append((r.tile or "-", str(r.shanten), tiles, str(r.necessary_count),
                         _pct(r.tenpai_prob[t]), _pct(r.win_prob[t]), _num(r.exp_score[t]),
                         "yes" if r.riichi is not None and r.riichi[t] else ""))
        return head, body

    def __repr__(self) -> str:
        head, body = self._table()
        widths = [max(len(x) for x in col) for col in zip(head, *body)]
        lines = [f"EvResult(turn={self.turn}, t_max={self.t_max})"]
        for row in (head, *body):
            lines.append("  ".join(x.ljust(w) for x, w in zip(row, widths)).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        head, body = self._table()
        cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(x)}</td>" for x in r) + "</tr>" for r in body)
        return f"<table><caption>turn {self.turn}</caption><tr>{cells}</tr>{rows}</table>"

    def to_pandas(self):
        """One row per discard: tile, shanten, necessary_count, and tenpai_prob / win_prob /
        exp_score / riichi at ``turn`` (the full arrays in the columns ``*_by_turn``)."""
        import pandas as pd

        t = self.turn
        return pd.DataFrame([{
            "tile": r.tile, "shanten": r.shanten, "necessary_count": r.necessary_count,
            "tenpai_prob": r.tenpai_prob[t], "win_prob": r.win_prob[t], "exp_score": r.exp_score[t],
            "riichi": bool(r.riichi[t]) if r.riichi is not None else False,
            "tenpai_prob_by_turn": r.tenpai_prob, "win_prob_by_turn": r.win_prob,
            "exp_score_by_turn": r.exp_score, "riichi_by_turn": r.riichi,
        } for r in self.rows])

    def to_dict(self) -> dict:
        def arr(a):
            return [None if math.isnan(x) else float(x) for x in a]
        return {"turn": self.turn, "t_max": self.t_max, "rows": [
            {"tile": r.tile, "shanten": r.shanten, "necessary": dict(r.necessary),
             "tenpai_prob": arr(r.tenpai_prob), "win_prob": arr(r.win_prob), "exp_score": arr(r.exp_score),
             "riichi": [bool(x) for x in r.riichi] if r.riichi is not None else None}
            for r in self.rows]}


def _pct(x: float) -> str:
    return "nan" if math.isnan(x) else f"{100 * x:.2f}"


def _num(x: float) -> str:
    return "nan" if math.isnan(x) else f"{x:.1f}"


def _wind(value, where: str) -> int:
    try:
        return _WINDS[value.upper() if isinstance(value, str) else value]
    except (KeyError, TypeError, AttributeError):
        raise InvalidArgumentError(f"{where} must be one of E S W N (or 0-3), not {rep(value)}") from None


def _counts(value, method: str, n: int, what: str) -> list[int]:
    """``value`` (or ``value.method()`` when it has that method, as an Observation) as a list of
    ``n`` ints; ``what`` opens the error's message."""
    if hasattr(value, method):
        value = getattr(value, method)()
    out = as_list(value, what.split(" must")[0])
    ints = [as_int(x) for x in out]
    if None in ints:
        bad = out[ints.index(None)]
        raise InvalidArgumentError(f"{what}, each an integer: {shown(bad, 40)} is not one")
    out = ints
    if len(out) != n:
        raise InvalidArgumentError(f"{what}, not {len(out)}")
    return out


def _int(value, name: str, low: int, high: int) -> int:
    if type(value) is int and low <= value <= high:   # the usual case, without as_int's checks
        return value
    v = as_int(value)
    if v is None:
        raise InvalidArgumentError(f"{name} must be an integer, not {rep(value)}")
    value = v
    if not low <= value <= high:
        raise InvalidArgumentError(f"{name} = {rep(value)} is out of range {low}..{high}")
    return value


def discard_ev(hand, *, melds=(), dora=(), round_wind="E", seat_wind="E", rules=None, model="full",
               turn=1, t_max=18, extra=1, tegawari=True, shanten_down=True, uradora=True, red=True,
               wall=None, max_shanten=3, honba=0, riichi_sticks=0, kita=0, riichi="choose",
               wall_red=None) -> EvResult:
    """Tenpai probability, win probability and expected score of each discard of ``hand``.

    ``hand``: the concealed tiles (mpsz, 136-ids or counts), 14-3k or 13-3k of them for k melds.
    ``model="reference"`` reproduces the public calculator's model at its defaults (four players,
    Tenhou scoring, no honba or sticks); ``model="full"`` (default) applies ``rules`` (sanma
    included), ``wall`` (34 counts of the tiles that can still be drawn, or an object with a
    ``wall_counts()`` method; default: every tile not in the hand, the melds or the dora
    indicators), ``honba``, ``riichi_sticks`` and ``kita``, and chooses between riichi and dama at
    every closed discard into tenpai (``riichi="choose"``; ``"never"``: dama only; ``"declare"``:
    the request's own discard declares riichi, its tenpai rows are riichi's), with ippatsu and the
    riichi stick (docs/ev.md). ``wall_red``: of the fives in ``wall``, the red ones per suit (m, p,
    s; or an object with a ``wall_reds()`` method, as an Observation; default: a suit's red five
    is in the wall unless the hand, the melds or the dora indicators hold it). docs/ev.md states
    what the model ignores (the opponents: no ron, no calls, no danger)."""
    if not isinstance(model, str) or model not in MODELS:
        raise InvalidArgumentError(f"model must be one of {MODELS}, not {rep(model)}")
    if not isinstance(riichi, str) or riichi not in RIICHI:
        raise InvalidArgumentError(f"riichi must be one of {tuple(RIICHI)}, not {rep(riichi)}")
    if model == "reference" and riichi != "choose":
        raise InvalidArgumentError("model='reference' always declares riichi: it takes no riichi= option")
    tegawari, shanten_down = flag(tegawari, "tegawari"), flag(shanten_down, "shanten_down")
    uradora, red = flag(uradora, "uradora"), flag(red, "red")
    rules = _REFERENCE if model == "reference" else _TENHOU if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a yakuman.Rules, not {type(rules).__name__}")
    sanma = rules.players == 3
    counts, reds = _core.parse(hand)
    counts, reds = list(counts), list(reds)
    ms = () if type(melds) is tuple and not melds else parse_melds(melds)   # the default () at once
    refuse_sanma_chi(ms, sanma)
    n = sum(counts)
    want = 13 - 3 * len(ms)
    if n not in (want, want + 1):
        raise InvalidTilesError(f"hand has {n} tiles; with {len(ms)} melds it needs {want} or {want + 1}")
    full = counts[:]
    meld_rows = []
    meld_red_suits = [0, 0, 0]
    for m in ms:
        for k in m.tiles:
            full[k] += 1
        if m.reds:
            meld_red_suits[m.tiles[0] // 9] += m.reds
        meld_rows.append((_MELD_CODE[m.kind], min(m.tiles), m.reds))
    if dora is None or (type(dora) is tuple and not dora):
        dora = ()   # no indicator (the default)
    elif not isinstance(dora, (str, bytes, bytearray)):
        dora = as_list(dora, "dora (the indicators: mpsz or a list of tiles)", InvalidTilesError)
        if dora and all(isinstance(x, str) for x in dora):
            dora = "".join(dora)
    dcounts, dreds = _core.parse(dora) if dora else ((0,) * 34, (0, 0, 0))
    # the indicators' kinds in kind order (no loop over the 34 kinds without any)
    ind = [k for k in range(34) if dcounts[k] for _ in range(dcounts[k])] if dora else []
    if len(ind) > 10:
        raise InvalidArgumentError(f"{len(ind)} dora indicators given, at most 10")
    if model == "reference" and (honba or riichi_sticks or kita or wall is not None):
        raise InvalidArgumentError("model='reference' takes no wall, honba, riichi_sticks or kita")
    kita = _int(kita, "kita", 0, 4)
    if kita and not sanma:
        raise InvalidArgumentError("kita (nuki dora) exist only with three players")
    # the first kind in order that has too many copies or does not exist (sanma's 2m-8m), the
    # copies seen, the default wall
    over, absent, seen, unseen = _core._ev_seen(full, dcounts, kita, sanma)
    if over < 34 and over <= absent:
        raise InvalidTilesError(f"{_name(over)}: {seen[over]} copies in the hand, melds, dora and kita")
    if absent < 34:
        raise InvalidTilesError(f"{_name(absent)} does not exist with three players")
    aka = red and rules.aka_dora > 0
    for s in range(3):
        # with red fives, aka_dora copies of each five are red: the rest are the only plain ones
        plain = full[9 * s + 4] - reds[s] - meld_red_suits[s]
        if aka and plain > 4 - rules.aka_dora:
            raise InvalidTilesError(
                f"{plain} plain 5{'mps'[s]} in the hand and melds, but with red fives (rules.aka_dora = "
                f"{rules.aka_dora}) only {4 - rules.aka_dora} copies of 5{'mps'[s]} are plain: write the red "
                f"one as 0{'mps'[s]}, or pass red=False")
    if wall is not None:
        unseen = _counts(wall, "wall_counts", 34, "wall must hold 34 counts")
        for k in range(34):
            if not 0 <= unseen[k] <= 4 - seen[k]:
                raise InvalidArgumentError(f"wall[{k}] ({_name(k)}) = {rep(unseen[k])}: at most {4 - seen[k]} copies unseen")
    # the suit's red fives not seen in the hand, the melds or the indicators
    copies, red_of = rules.aka_dora if aka else 0, _core.ev_unseen_red
    unseen_red = [red_of(copies, reds[0] + meld_red_suits[0] + dreds[0], unseen[4]),
                  red_of(copies, reds[1] + meld_red_suits[1] + dreds[1], unseen[13]),
                  red_of(copies, reds[2] + meld_red_suits[2] + dreds[2], unseen[22])]
    if wall_red is not None:
        wall_red = _counts(wall_red, "wall_reds", 3, "wall_red must hold 3 counts (m, p, s)")
        for s in range(3):
            if not 0 <= wall_red[s] <= unseen_red[s]:
                raise InvalidArgumentError(f"wall_red[{s}] ({_SUITS[s]}) = {rep(wall_red[s])}: at most {unseen_red[s]} "
                                           "red fives unseen")
        unseen_red = wall_red
    t_max = _int(t_max, "t_max", 1, 18)
    turn = _int(turn, "turn", 0, t_max)
    extra = _int(extra, "extra", 0, 8)
    max_shanten = _int(max_shanten, "max_shanten", 0, 6)
    sw, rw = _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind")
    if sanma and sw == 3:
        raise InvalidArgumentError("seat_wind N does not exist with three players")
    if sum(unseen) - t_max < 1:
        raise InvalidArgumentError(f"the wall holds {sum(unseen)} tiles: too few for t_max = {t_max}")
    honba = _int(honba, "honba", 0, 1000)
    riichi_sticks = _int(riichi_sticks, "riichi_sticks", 0, 1000)
    if n == want + 1 and _is_complete(counts, len(ms)):
        raise InvalidTilesError("the hand is already complete (a tsumo, not a discard)")
    nodes, rows = _core._ev_search(
        bytes(counts), bytes(reds) if aka else bytes(3), meld_rows, bytes(unseen), bytes(unseen_red),
        bytes(ind), sw, rw, kita, honba, riichi_sticks, rules, t_max, extra, bool(tegawari),
        bool(shanten_down), bool(uradora), bool(red), max_shanten, 0, turn, model != "reference",
        0 if model == "reference" else RIICHI[riichi], EvRow, _NAMES)
    # the rows are made by the search's glue as EvRow instances without the frozen dataclass's
    # __init__ (seven object.__setattr__ calls a row, a third of a call on a small search): the
    # same fields, set in each instance's dict; the result likewise
    res = object.__new__(EvResult)
    d = res.__dict__
    d["rows"], d["turn"], d["t_max"], d["nodes"] = tuple(rows), turn, t_max, nodes
    return res


def release_memory() -> int:
    """Free the search memory :func:`discard_ev` keeps between calls (on each call it reuses the
    buffers an earlier search grew; after a 3-shanten search they hold 50-200 MB, up to 1 GiB per
    buffer set and 4 sets, one per thread searching at once). Returns the bytes freed; the next
    call allocates again."""
    return int(_core._ev_release())


# One Rules.tenhou() for every call (Rules is frozen): the native layer caches its compiled form by
# identity, so a fresh object per call would compile it again each time.
_TENHOU = Rules.tenhou()
# The reference calculator's scoring: Tenhou's, except that it counts the four double yakuman
# (suuankou tanki, kokushi's 13-sided wait, junsei chuuren, daisuushii) twice (docs/ev.md).
_REFERENCE = _TENHOU.replace(double_yakuman=DOUBLE_YAKUMAN_KEYS)


def _is_complete(counts, n_melds: int) -> bool:
    return _core.shanten(tuple(counts)) == -1 if n_melds == 0 else _core.is_agari(tuple(counts))


# ---------------------------------------------------------------------------------------------
# ev_many: a batch of rows natively, on every core (csrc/ym_ev_many.h)


#: Input columns of :func:`ev_many`: score_many's conventions (yakuman.batch.SCORE_COLUMNS), the
#: ones the search reads, plus ``wall``. Only ``counts`` is required.
EV_COLUMNS: tuple[tuple[str, Any, tuple[int, ...]], ...] = (
    ("counts", np.uint8, (34,)),        # concealed tiles, 14-3k (a discard to choose) or 13-3k
    ("reds", np.uint8, (3,)),           # red fives among them, per suit (m, p, s)
    ("meld_type", np.int8, (4,)),       # 0 chi, 1 pon, 2 minkan, 3 kakan, 4 ankan; negative = empty slot
    ("meld_tile", np.uint8, (4,)),      # the meld's lowest kind
    ("meld_reds", np.uint8, (4,)),      # red fives in the meld
    ("dora", np.uint8, (5,)),           # indicator kinds, the first n_dora valid
    ("n_dora", np.uint8, ()),
    ("seat_wind", np.uint8, ()),        # 0..3 = E S W N
    ("round_wind", np.uint8, ()),
    ("kita", np.uint8, ()),             # three players: North tiles set aside
    ("honba", np.uint16, ()),
    ("riichi_sticks", np.uint16, ()),
    ("wall", np.uint8, (34,)),          # optional: what can still be drawn (discard_ev's wall=)
)

#: Per-row status of :func:`ev_many` (0 OK) and its meaning; a bad row's ``messages`` entry quotes
#: the error :func:`discard_ev` raises for the same row when it raises one.
EV_STATUS = (
    "ok",
    "a tile count above 4, or a concealed total that is neither 13-3k nor 14-3k for k melds",
    "a meld out of range (type above 4, tile above 33, chi outside 1-7 of a suit or with three players)",
    "five copies of a tile counting the hand, the melds, the dora indicators and kita",
    "2m-8m in three-player mahjong",
    "more red fives than fives (hand or meld), or than rules.aka_dora per suit, or more plain fives "
    "(hand and melds) than the 4 - aka_dora that are not red, or more than one red five of a suit in "
    "the hand and the wall together (aka_dora 2 or more: the calculator follows one per suit)",
    "a wind outside E S W N, or the North seat with three players",
    "more than 5 dora indicators, or one outside 0..33",
    "kita above 4 or without three players, or honba / riichi sticks above 1000",
    "a wall count above the copies left of its kind, or too few tiles in the wall for t_max",
    "the hand is already complete (a tsumo, not a discard)",
    "the search refused the row (code in the 'code' column)",
    "no memory for the row's search",
    "a value outside its column's range (e.g. a count of -1 or 300)",
    "a row whose player count (players column) differs from the rules'",
)
_EV_RANGE, _EV_PLAYERS = 13, 14

#: The 37 slots of the per-discard columns: kinds 0..33 (a plain tile), then the red fives.
SLOT_NAMES = tuple(_name(k) for k in range(34)) + ("0m", "0p", "0s")

_EV_OUT: tuple[tuple[str, Any, tuple[int, ...]], ...] = (
    ("status", np.uint8, ()), ("code", np.int8, ()), ("n_discards", np.uint8, ()),
    ("tile", np.int8, ()), ("tile_red", np.uint8, ()), ("shanten", np.int8, ()),
    ("tenpai_prob", np.float64, ()), ("win_prob", np.float64, ()), ("exp_score", np.float64, ()),
    ("riichi", np.uint8, ()), ("discard_riichi", np.uint8, (37,)),
    ("discard_shanten", np.int8, (37,)), ("discard_necessary", np.uint8, (37,)),
    ("discard_tenpai_prob", np.float64, (37,)), ("discard_win_prob", np.float64, (37,)),
    ("discard_exp_score", np.float64, (37,)),
)


class EvBatch:
    """The result of :func:`ev_many`: per-row numpy arrays as attributes (``res.exp_score``,
    ``res["status"]``), ``len(res)`` rows, ``res.messages`` = {row: why it is bad} for every row
    with a non-zero status, and ``turn`` / ``t_max``.

    Per row: ``status`` (uint8, :data:`EV_STATUS`), ``code`` (the search's refusal code on status
    11), ``n_discards`` (distinct discards; 1 for a 13-3k hand), the best discard by ``exp_score``
    at ``turn`` (as :func:`discard_ev` orders its rows): ``tile`` (int8 kind, -1 for a 13-3k hand
    or a bad row), ``tile_red`` (1: the red five), ``shanten`` after it (127 on a bad row) and
    ``tenpai_prob`` / ``win_prob`` / ``exp_score`` at ``turn`` (float64, NaN on a bad row) and
    ``riichi`` (uint8: 1 where that discard declares riichi at ``turn``, :attr:`EvRow.riichi`).

    Per discard, in (n, 37) arrays whose slot k < 34 is the discard of a plain tile of kind k and
    slot 34 + s the discard of suit s's red five (:data:`SLOT_NAMES`): ``discard_shanten`` (127: no
    such discard), ``discard_necessary`` (copies left of the tiles that lower the shanten),
    ``discard_tenpai_prob`` / ``discard_win_prob`` / ``discard_exp_score`` at ``turn`` (NaN: no such
    discard), ``discard_riichi`` (uint8, 0 where no such discard), and with ``by_turn=True`` the same three as (n, 37, t_max + 1) arrays
    ``discard_*_by_turn``. A 13-3k hand has no discard: its one row is in the best-discard columns.
    """

    def __init__(self, data: dict, messages: dict, turn: int, t_max: int, cols: dict | None = None,
                 options: dict | None = None) -> None:
        self._data = data
        self._messages = messages
        self._cols = cols
        self._options = options
        self._complete = cols is None
        self.turn = turn
        self.t_max = t_max

    @property
    def messages(self) -> dict:
        """{row: why it is bad} for every row with a non-zero status: the error discard_ev raises
        for the row where it raises one, else the status text (made on first use: a batch of many
        bad rows costs nothing until its messages are read)."""
        if not self._complete:
            for i in np.flatnonzero(self._data["status"]):
                i = int(i)
                if i not in self._messages:
                    self._messages[i] = _row_message(self._cols, i, int(self._data["status"][i]), self._options)
            self._complete = True
            self._cols = None
        return self._messages

    def __getattr__(self, name: str):
        data = self.__dict__.get("_data")
        if data is not None and name in data:
            return data[name]
        raise AttributeError(name)

    def __getitem__(self, name: str):
        return self._data[name]

    def __len__(self) -> int:
        return len(self._data["status"])

    def keys(self):
        return self._data.keys()

    def arrays(self) -> dict:
        """The output columns (a dict of numpy arrays)."""
        return dict(self._data)

    def best_tile(self, i: int) -> str | None:
        """Row ``i``'s best discard in mpsz (``"0m"`` a red five), None for a 13-3k hand or a bad row."""
        k = int(self._data["tile"][i])
        return None if k < 0 else _name(k, bool(self._data["tile_red"][i]))

    def __repr__(self) -> str:
        ok = int((self._data["status"] == 0).sum())
        return f"EvBatch({len(self)} rows, {ok} ok, turn={self.turn}, t_max={self.t_max})"


def ev_many(columns, *, turn=1, workers=None, rules=None, t_max=18, extra=1, tegawari=True,
            shanten_down=True, uradora=True, red=True, max_shanten=3, by_turn=False) -> EvBatch:
    """:func:`discard_ev` for every row of a columnar batch, natively on ``workers`` threads (None =
    every core) without the GIL, one search work memory per thread. Results equal
    ``discard_ev(..., model="full")`` row by row and do not depend on ``workers``.

    ``columns``: a dict (or object with attributes) of the :data:`EV_COLUMNS` arrays, in the column
    conventions of :func:`yakuman.batch.score_many` (only ``counts`` is required; ``wall`` absent =
    every tile neither held, melded, an indicator nor kita). ``rules``: one Rules for the batch
    (default Tenhou); a ``players`` column whose value differs from ``rules.players`` makes that row
    bad. The options are discard_ev's. A malformed row never stops the batch: it gets its own status
    (:data:`EV_STATUS`) and a message in ``res.messages``. Returns an :class:`EvBatch`."""
    from yakuman._arrays import n_workers
    from yakuman.batch import _columns

    rules = Rules.tenhou() if rules is None else rules
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a yakuman.Rules, not {type(rules).__name__}")
    t_max = _int(t_max, "t_max", 1, 18)
    turn = _int(turn, "turn", 0, t_max)
    extra = _int(extra, "extra", 0, 8)
    max_shanten = _int(max_shanten, "max_shanten", 0, 6)
    tegawari, shanten_down, uradora, red, by_turn = (flag(v, name) for v, name in (
        (tegawari, "tegawari"), (shanten_down, "shanten_down"), (uradora, "uradora"), (red, "red"),
        (by_turn, "by_turn")))
    cols = _columns(columns, spec=EV_COLUMNS, who="ev_many", required=("counts",), absent=("wall",))
    n = len(cols["counts"])
    pre = np.zeros(n, dtype=np.uint8)
    pre[cols["invalid"] == 13] = _EV_RANGE
    players = cols.get("players")
    if players is not None:
        pre[(players != rules.players) & (pre == 0)] = _EV_PLAYERS
    messages = {int(i): m for i, m in cols["invalid_messages"].items()}
    cols["pre"] = pre
    out = {name: np.empty((n,) + shape, dtype=dtype) for name, dtype, shape in _EV_OUT}
    if by_turn:
        for name in ("discard_tenpai_prob", "discard_win_prob", "discard_exp_score"):
            out[name + "_by_turn"] = np.empty((n, 37, t_max + 1), dtype=np.float64)
    _core._ev_many(rules, cols, out, t_max, extra, bool(tegawari), bool(shanten_down), bool(uradora),
                   bool(red), max_shanten, turn, n_workers(workers))
    options = dict(rules=rules, turn=turn, t_max=t_max, extra=extra, tegawari=tegawari,
                   shanten_down=shanten_down, uradora=uradora, red=red, max_shanten=max_shanten)
    return EvBatch(out, messages, turn, t_max, cols, options)


def ev_row_kwargs(columns: dict, i: int) -> dict:
    """Row ``i`` of ev_many's columns as :func:`discard_ev` keyword arguments (hand, melds, dora,
    winds, kita, honba, riichi_sticks, wall). A value discard_ev checks itself (a count above 4, a
    wind, kita, honba, the wall) is passed on as it is, so that discard_ev's error names it; a row
    no keyword arguments can express raises InvalidTilesError naming the column and the row: more
    red fives than fives (hand or meld), a meld type above 4 or a meld tile above 33, more than 5
    indicators or one outside 0..33, a negative value. InvalidArgumentError when ``columns`` is
    not a mapping with ``counts`` or ``i`` is not one of its rows."""
    from collections.abc import Mapping

    from yakuman.batch import _row_index, meld_text
    from yakuman.tiles import to_mpsz

    if not isinstance(columns, Mapping) or "counts" not in columns:
        raise InvalidArgumentError(f"ev_row_kwargs takes ev_many's columns (a dict with 'counts', ...), "
                                   f"not {type(columns).__name__}")
    i = _row_index(columns["counts"], i, "ev_row_kwargs")

    def get(name, size=None):
        """the row's values of a column (a list for an array column), None when it is absent"""
        a = columns.get(name)
        if a is None:
            return None
        try:
            v = np.asarray(a)[i]
            vals = [int(x) for x in (np.ravel(v) if size else [v])]
        except (TypeError, ValueError, IndexError, OverflowError) as e:
            raise InvalidArgumentError(f"ev_row_kwargs: column {name!r} is not one of ev_many's "
                                       f"({type(e).__name__}: {e}) - at columns[{i}]") from None
        if size and len(vals) != size:
            raise InvalidArgumentError(f"ev_row_kwargs: column {name!r} holds {len(vals)} values a row, "
                                       f"{size} expected - at columns[{i}]")
        return vals if size else vals[0]

    def refuse(what: str, where: str):
        raise InvalidTilesError(f"{what} - at {where} - at columns[{i}]")

    counts = get("counts", 34)
    reds = get("reds", 3) or [0, 0, 0]
    for s, r in enumerate(reds):
        if r < 0 or r > max(counts[9 * s + 4], 0):
            refuse(f"{r} red 5{'mps'[s]} with {counts[9 * s + 4]} 5{'mps'[s]} in the hand", f"reds[{i}][{s}]")
    # a count outside 0..4 goes to discard_ev as counts, which words it
    kw = {"hand": counts if any(not 0 <= c <= 4 for c in counts) else to_mpsz(counts, reds)}
    mt, mk, mr = get("meld_type", 4), get("meld_tile", 4), get("meld_reds", 4)
    if mt is not None:
        melds = []
        for j in range(4):
            if mt[j] < 0:
                continue
            tile, red = (mk[j] if mk is not None else 0), (mr[j] if mr is not None else 0)
            if mt[j] > 4:
                refuse(f"meld_type {mt[j]} outside 0..4 (chi, pon, minkan, kakan, ankan; negative = empty)",
                       f"meld_type[{i}][{j}]")
            if not 0 <= tile <= 33:
                refuse(f"meld_tile {tile} outside the tile kinds 0..33", f"meld_tile[{i}][{j}]")
            try:
                melds.append(meld_text(mt[j], tile, red))
            except InvalidTilesError as e:
                refuse(str(e), f"melds[{i}][{j}]")
        kw["melds"] = melds
    nd = get("n_dora")
    if nd is not None and nd:
        if not 0 <= nd <= 5:
            refuse(f"n_dora {nd} outside 0..5", f"n_dora[{i}]")
        dora = get("dora", 5)
        if dora is None:
            refuse(f"n_dora {nd} without a dora column", f"n_dora[{i}]")
        for j in range(nd):
            if not 0 <= dora[j] <= 33:
                refuse(f"dora indicator kind {dora[j]} outside 0..33", f"dora[{i}][{j}]")
        kw["dora"] = "".join(_name(k) for k in dora[:nd])
    for name in ("seat_wind", "round_wind", "kita", "honba", "riichi_sticks"):
        v = get(name)
        if v is not None:
            kw[name] = v
    w = get("wall", 34)
    if w is not None:
        kw["wall"] = w
    return kw


def _row_message(cols: dict, i: int, status: int, options: dict) -> str:
    """A bad row's message: the error discard_ev raises for it, else the status text."""
    from yakuman.errors import YakumanError

    text = EV_STATUS[status] if status < len(EV_STATUS) else f"status {status}"
    if status in (11, 12, _EV_PLAYERS):
        return f"{text} - at columns[{i}]"
    try:
        kw = ev_row_kwargs(cols, i)
    except YakumanError:   # a row no keyword arguments can express
        return f"{text} - at columns[{i}]"
    try:
        discard_ev(**kw, **options)
    except (YakumanError, ValueError) as e:
        return f"{e} - at columns[{i}]"
    return f"{text} - at columns[{i}]"
