"""Batch API over numpy arrays: the native loops run without the GIL on ``workers`` threads.

Every function takes ``counts`` as an (N, 34) array of tile counts (any integer dtype; uint8
C-contiguous is used without a copy) and returns arrays. A malformed row never stops the batch:
its status is non-zero (``STATUS_BAD_COPIES``: a count outside 0..4; ``STATUS_BAD_COUNT``: a tile
total that fits no hand; ``STATUS_BAD_SANMA_TILE``: a 2m-8m with three players) and its result is a
sentinel. The search forms (shanten, waits, ukeire, discard analysis) take ``players=3`` (or
``rules`` with three players): 2m-8m do not exist, as in ``yakuman.shanten``. ``return_status=True`` returns the status
array too; ``errors="raise"`` raises on the first bad row instead, naming it.
Results are identical for every ``workers`` value.

Also here: :func:`score_many` (columnar scoring; a :class:`ScoreBatch` result whose rows are
Scores), its input builders (:func:`columns_from_kwargs`, :func:`columns_from_frame`, which takes
the win rows of ``yakuman.logs.to_frame``) and :func:`parse_many` (mpsz / 136-id rows to counts,
natively).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from yakuman import _core
from yakuman._arrays import as_counts, as_int, as_list, flag, form_arg, FORMS, melds_arg, n_workers, out_arrays, raise_first_bad, rep, shown
from yakuman._core import (
    SHANTEN_INVALID,
    STATUS_BAD_COPIES,
    STATUS_BAD_COUNT,
    STATUS_BAD_SANMA_TILE,
    STATUS_OK,
    TILE_NAMES,
)
from yakuman.errors import InvalidArgumentError, InvalidRulesError, InvalidTilesError, YakumanError
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.search import (
    STATUS_BAD_VISIBLE,
    DiscardAnalysisMany,
    UkeireMany,
    discard_analysis_many,
    ukeire_many,
)

__all__ = [
    "ukeire_many",
    "discard_analysis_many",
    "UkeireMany",
    "DiscardAnalysisMany",
    "STATUS_BAD_VISIBLE",
    "score_many",
    "ScoreBatch",
    "SCORE_COLUMNS",
    "SCORE_OUTPUTS",
    "row_kwargs",
    "meld_text",
    "columns_from_kwargs",
    "columns_from_frame",
    "log_row_kwargs",
    "rules_by_players",
    "default_rules_by_players",
    "parse_many",
    "ParsedTiles",
    "STATUS_INVALID_INPUT",
    "shanten_many",
    "agari_many",
    "waits_many",
    "STATUS_OK",
    "STATUS_BAD_COPIES",
    "STATUS_BAD_COUNT",
    "STATUS_BAD_SANMA_TILE",
    "SHANTEN_INVALID",
]

_FORMS = FORMS


_as_counts = as_counts
_workers = n_workers
_melds = melds_arg
_finish = raise_first_bad


def shanten_many(counts, *, melds=None, form: str = "all", workers: int | None = 1,
                 return_status: bool = False, errors: str = "status", players=None, rules=None):
    """Shanten of every row (int8; ``SHANTEN_INVALID`` = 127 on a malformed row)."""
    return_status = flag(return_status, "return_status")
    a = _as_counts(counts)
    f = form_arg(form)
    sanma = _core._players_code(players, rules)
    o = out_arrays((("out", np.int8, ()), ("status", np.uint8, ())), len(a))
    out, status = o["out"], o["status"]
    _core._shanten_many(a, f, _melds(melds), _workers(workers), out, status, sanma)
    _finish(status, errors, "hand")
    return (out, status) if return_status else out


def agari_many(counts, *, melds=None, workers: int | None = 1, return_status: bool = False,
               errors: str = "status"):
    """Whether each 14-3k row is complete (bool)."""
    return_status = flag(return_status, "return_status")
    a = _as_counts(counts)
    o = out_arrays((("out", np.uint8, ()), ("status", np.uint8, ())), len(a))
    out, status = o["out"], o["status"]
    _core._agari_many(a, _melds(melds), _workers(workers), out, status)
    _finish(status, errors, "complete hand")
    res = out.view(np.bool_)
    return (res, status) if return_status else res


def waits_many(counts, *, melds=None, workers: int | None = 1, as_bool: bool = False,
               return_status: bool = False, errors: str = "status", players=None, rules=None):
    """Waits of each 13-3k row: uint64 bitmask (bit i = kind i), or an (N, 34) bool array."""
    as_bool, return_status = flag(as_bool, "as_bool"), flag(return_status, "return_status")
    a = _as_counts(counts)
    sanma = _core._players_code(players, rules)
    o = out_arrays((("out", np.uint64, ()), ("status", np.uint8, ())), len(a))
    out, status = o["out"], o["status"]
    _core._waits_many(a, _melds(melds), _workers(workers), out, status, sanma)
    _finish(status, errors, "tenpai hand")
    res = ((out[:, None] >> np.arange(34, dtype=np.uint64)) & np.uint64(1)).astype(bool) if as_bool else out
    return (res, status) if return_status else res


class ParsedTiles(NamedTuple):
    """:func:`parse_many`'s result: ``counts`` (N, 34) uint8, ``reds`` (N, 3) uint8 (red fives per
    suit m, p, s), ``n_tiles`` (N,) int16 (-1 on a bad row), ``status`` (N,) uint8 (0 OK,
    ``STATUS_BAD_COPIES`` = 1: five copies of a kind, ``STATUS_INVALID_INPUT`` = 4: notation that
    does not parse) and ``messages`` = {row: the error the single-hand parser raises for it}."""

    counts: np.ndarray
    reds: np.ndarray
    n_tiles: np.ndarray
    status: np.ndarray
    messages: dict


def parse_many(rows, *, aka: bool = True, workers: int | None = 1, errors: str = "status") -> ParsedTiles:
    """Parse many hands at once, natively: each row is an mpsz string (``"123m456p789s11z"``,
    ``0`` = red five) or a list / tuple of 136-ids (always ids, whatever its length; ``aka=False``
    counts the red-five ids as plain fives). The rules and the error messages are those of
    :func:`yakuman.tiles.parse_mpsz` / :func:`~yakuman.tiles.parse_136` (the same native parser);
    no hand-size check. A bad row gets its status and message and never stops the batch;
    ``errors="raise"`` raises on the first one (``... - at rows[i]``). The rows are read once
    under the GIL, then parsed without it on ``workers`` threads."""
    from yakuman._core import _parse_many

    if not isinstance(errors, str) or errors not in ("status", "raise"):
        raise InvalidArgumentError(f"errors must be 'status' or 'raise', not {rep(errors)}")
    if isinstance(rows, str):
        raise InvalidArgumentError("parse_many takes a sequence of hands, not one string (use yakuman.tiles.parse)")
    rows = rows.tolist() if isinstance(rows, np.ndarray) else as_list(rows, "parse_many's rows")
    rows = [str(r) if isinstance(r, str) and type(r) is not str else r for r in rows]
    n = len(rows)
    counts = np.zeros((n, 34), dtype=np.uint8)
    reds = np.zeros((n, 3), dtype=np.uint8)
    n_tiles = np.zeros(n, dtype=np.int16)
    status = np.zeros(n, dtype=np.uint8)
    messages = _parse_many(rows, flag(aka, "aka"), _workers(workers), counts, reds, n_tiles, status)
    messages = dict(sorted(messages.items()))
    if errors == "raise" and messages:
        i, msg = next(iter(messages.items()))
        raise InvalidTilesError(f"{msg} - at rows[{i}]")
    return ParsedTiles(counts, reds, n_tiles, status, messages)


def names_of_mask(mask: int) -> list[str]:
    return [TILE_NAMES[i] for i in range(34) if (int(mask) >> i) & 1]


# ---------------------------------------------------------------------------------------------
# Batch scoring

#: Input columns of :func:`score_many` (name, dtype, shape after the row axis).
SCORE_COLUMNS = (
    ("counts", np.uint8, (34,)),        # concealed tiles incl. the winning tile (kan tiles only in melds)
    ("reds", np.uint8, (3,)),           # red fives among the concealed tiles, per suit (m, p, s)
    ("meld_type", np.int8, (4,)),       # 0 chi, 1 pon, 2 minkan, 3 kakan, 4 ankan; -1 = empty slot
    ("meld_tile", np.uint8, (4,)),      # the meld's lowest kind
    ("meld_reds", np.uint8, (4,)),      # red fives in the meld
    ("win", np.uint8, ()),              # kind of the winning tile
    ("win_red", np.uint8, ()),          # 1 if the winning tile is a red five
    ("flags", np.uint16, ()),           # bit 0 tsumo, 1 riichi, 2 double riichi, 3 ippatsu, 4 rinshan,
                                        # 5 chankan, 6 haitei, 7 houtei, 8 tenhou, 9 chiihou, 10 renhou,
                                        # 11 open riichi, 12 sashikomi, 13-15 the paarenchan count
                                        # (the local rules of docs/rules.md 3.7; refused when off)
    ("seat_wind", np.uint8, ()),        # 0..3 = E S W N (the dealer is E)
    ("round_wind", np.uint8, ()),
    ("dora", np.uint8, (5,)),           # indicator kinds, the first n_dora valid
    ("n_dora", np.uint8, ()),
    ("ura", np.uint8, (5,)),
    ("n_ura", np.uint8, ()),
    ("kita", np.uint8, ()),
    ("honba", np.uint16, ()),
    ("riichi_sticks", np.uint16, ()),
)

#: Output columns of :func:`score_many`.
SCORE_OUTPUTS = (
    ("status", np.uint8),       # yakuman.Status: 0 OK, 1 NOT_COMPLETE, 2 NO_YAKU, 3 INVALID_SITUATION, 4 INVALID_INPUT
    ("reason", np.uint8),       # native reason code (status 1-3) or malformed-row code (status 4: the
                                # ym_check_win code 1-11, 12 an aotenjou value beyond the int32
                                # columns (score() is exact), 13 a value outside its column's dtype,
                                # 14 a row columns_from_kwargs could not convert)
    ("han", np.int16), ("fu", np.int16), ("yakuman", np.uint8),
    ("limit", np.uint8),        # 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    ("points", np.int32),       # Tenhou's figure: ron = what the discarder pays, tsumo = the sum
    ("from_discarder", np.int32), ("from_dealer", np.int32), ("from_non_dealer", np.int32),
    ("from_liable", np.int32), ("total", np.int32),   # payments incl. honba; total incl. sticks
    ("yaku", np.uint64),        # Yaku mask (bits = yakuman.Yaku; KITA is the count column below)
    ("kita", np.uint8),         # kita (nuki dora) counted as han
    ("yaku_ext", np.uint8),     # the local rules' yaku beyond the mask: 1 open riichi (Yaku.OPEN_RIICHI in
                                # the place of RIICHI, DOUBLE_OPEN_RIICHI of DOUBLE_RIICHI), 2 sashikomi,
                                # 4 paarenchan (docs/rules.md 3.7)
)
STATUS_INVALID_INPUT = int(Status.INVALID_INPUT)   # score_many and parse_many: a malformed row
_SCORE_OUT_SPEC = tuple((name, dtype, ()) for name, dtype in SCORE_OUTPUTS)
REASON_OUT_OF_RANGE = 13     # status 4: a value outside its column's dtype (e.g. a count of -1 or 300)
REASON_BAD_KWARGS = 14       # status 4: a row columns_from_kwargs could not convert
REASON_PLAYERS = 15          # status 4: a row whose player count has no rules (or is not 3 or 4)


# the malformed-row codes of score_many (status 4; csrc/ym_check.h YM_WBAD_*)
_WBAD_TEXT = (
    "", "a tile count above 4, or a concealed total that does not fit the melds",
    "a meld out of range (type, tile, chi outside 1-7 of a suit, or chi in three-player mahjong)",
    "five copies of a tile counting the melds and kita", "2m-8m in three-player mahjong",
    "more red fives than fives, or than rules.aka_dora per suit",
    "the winning tile is not in the hand (or red without a red five)", "contradictory situation flags",
    "a wind outside E S W N, or the North seat in three-player mahjong",
    "more than 5 dora or ura indicators, or an indicator outside 0..33",
    "kita without three-player rules, or honba / sticks above 1000",
    "five copies of a tile counting the hand, the melds, kita and the dora / ura indicators",
    "an aotenjou (no limit) value beyond the int32 output columns: score() gives it exactly",
    "a value outside its column's range (e.g. a count of -1 or 300)",
    "a row that could not be converted to columns",
    "a row whose player count (players column) has no rules, or is not 3 or 4",
)
assert len(_WBAD_TEXT) == REASON_PLAYERS + 1   # codes: ym_check.h, then the three above


class ScoreBatch:
    """Columnar results of :func:`score_many`: one numpy array per :data:`SCORE_OUTPUTS` column,
    as attributes (``res.points``) or by name (``res["points"]``), ``len(res)`` rows.

    ``res[i]`` is row i as the :class:`~yakuman.result.Score` that :func:`yakuman.score` gives
    for it (re-scored from the batch's input columns, with yaku han, fu details and the
    decomposition; a malformed row raises its error); ``rows()`` yields every row's Score, and
    iterating gives the column names (as a dict does).
    ``reasons`` decodes ``reason`` (the text of ``Score.reason`` for statuses 1-3, the malformed
    row's error for status 4); ``limits`` names ``limit``; ``to_pandas()`` / ``to_arrow()`` give
    a table of the columns with both decoded. ``messages`` = {row: error} when score_many was
    asked for them, else None. Pickles and copies with its inputs (kept by reference, not
    copied: changing the input arrays afterwards changes what ``res[i]`` re-scores).
    """

    def __init__(self, data: dict, cols: dict | None = None, rules=None, messages: dict | None = None):
        self._data = dict(data)
        self._cols = cols
        self._rules = rules
        self.messages = messages

    # ---- columns -------------------------------------------------------------------------
    def __getattr__(self, name: str):
        if not name.startswith("_"):
            data = self.__dict__.get("_data")
            if data is not None and name in data:
                return data[name]
        raise AttributeError(f"{rep(type(self).__name__)} object has no attribute {rep(name)}")

    def __len__(self) -> int:  # rows, not columns
        return len(self._data["status"])

    def __contains__(self, name) -> bool:
        return name in self._data or (name == "messages" and self.messages is not None)

    def keys(self):
        """The column names (SCORE_OUTPUTS order)."""
        return self._data.keys()

    def columns(self) -> dict:
        """The output columns as a dict of arrays (the arrays themselves, not copies)."""
        return dict(self._data)

    def __getitem__(self, key):
        if isinstance(key, str):
            if key == "messages" and self.messages is not None:
                return self.messages
            return self._data[key]
        return self.score(key)

    def __iter__(self):
        """The column names, as a dict iterates (``for name in res``); rows: :meth:`rows`."""
        return iter(self._data)

    def rows(self):
        """Every row as its Score (re-scored one by one; a malformed row raises)."""
        for i in range(len(self)):
            yield self.score(i)

    def __repr__(self) -> str:
        from yakuman.result import Status

        n = len(self)
        counts = np.bincount(self._data["status"], minlength=5) if n else np.zeros(5, dtype=np.int64)
        names = {**{4: "INVALID_INPUT"}, **{int(s): s.name for s in Status}}
        parts = ", ".join(f"{counts[i]} {names[i]}" for i in range(5) if counts[i])
        return f"<ScoreBatch: {n} rows" + (f" ({parts})" if parts else "") + ">"

    # ---- rows ------------------------------------------------------------------------------
    def score(self, i: int):
        """Row ``i`` as :func:`yakuman.score` scores it (a Score); a malformed row raises."""
        from yakuman.scoring import score

        n = len(self)
        i = int(i)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"row {i} out of range for {n} rows")
        if self._cols is None:
            raise InvalidArgumentError("this ScoreBatch has no input columns to re-score a row from")
        kw = row_kwargs(self._cols, i)
        return score(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), rules=_row_rules(self._cols, i, self._rules),
                     **kw)

    def yaku_list(self, i: int) -> list:
        """The Yaku members scored in row i (han per yaku: ``res[i].yaku``)."""
        from yakuman.yaku import Yaku

        mask = int(self._data["yaku"][i])
        ext = int(self._data["yaku_ext"][i])
        out = [Yaku(1 << b) for b in range(64) if (mask >> b) & 1]
        if ext & 1:   # open riichi in the place of riichi / double riichi (docs/rules.md 3.7)
            out = [Yaku.OPEN_RIICHI if y == Yaku.RIICHI else Yaku.DOUBLE_OPEN_RIICHI if y == Yaku.DOUBLE_RIICHI
                   else y for y in out]
        if self._data["kita"][i]:
            out.append(Yaku.KITA)
        out += [y for bit, y in ((2, Yaku.SASHIKOMI), (4, Yaku.PAARENCHAN)) if ext & bit]
        return out

    @property
    def limits(self) -> list:
        """``limit`` as names: None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman"."""
        from yakuman.result import LIMITS

        return [LIMITS[v] if v < len(LIMITS) else None for v in self._data["limit"].tolist()]

    @property
    def reasons(self) -> list[str]:
        """``reason`` decoded per row: "" on a win; the text :func:`yakuman.score` gives as
        ``Score.reason`` for statuses 1-3; for a malformed row (status 4) its error when
        ``messages`` were asked for, else what the native check found."""
        from yakuman._core import _reason_text

        wins = self._cols["win"] if self._cols is not None else None
        out = []
        for i, (st, rc) in enumerate(zip(self._data["status"].tolist(), self._data["reason"].tolist())):
            if st == 0:
                out.append("")
            elif st == STATUS_INVALID_INPUT:
                if self.messages is not None and i in self.messages:
                    out.append(self.messages[i])
                else:
                    out.append(_WBAD_TEXT[rc] if rc < len(_WBAD_TEXT) else f"malformed row (code {rc})")
            else:
                out.append(_reason_text(st, rc, int(wins[i]) if wins is not None else 0))
        return out

    # ---- tables ----------------------------------------------------------------------------
    def _table_columns(self) -> dict:
        cols = dict(self._data)
        cols["limit_name"] = self.limits
        cols["reason_text"] = self.reasons
        cols["yaku_names"] = [[y.romaji for y in self.yaku_list(i)] for i in range(len(self))]
        return cols

    def to_pandas(self):
        """A pandas DataFrame: the SCORE_OUTPUTS columns (their dtypes), ``limit_name`` and
        ``reason_text`` (string dtype, <NA> for no limit) and ``yaku_names`` (romaji, in bit order)."""
        import pandas as pd

        cols = self._table_columns()
        for name in ("limit_name", "reason_text"):
            cols[name] = pd.array(cols[name], dtype="string")
        return pd.DataFrame(cols)

    def to_arrow(self):
        """A pyarrow Table with the columns of :meth:`to_pandas`."""
        import pyarrow as pa

        cols = self._table_columns()
        arrays = {name: pa.array(v) for name, v in cols.items() if name not in ("limit_name", "reason_text",
                                                                               "yaku_names")}
        arrays["limit_name"] = pa.array(cols["limit_name"], type=pa.string())
        arrays["reason_text"] = pa.array(cols["reason_text"], type=pa.string())
        arrays["yaku_names"] = pa.array(cols["yaku_names"], type=pa.list_(pa.string()))
        return pa.table(arrays)


def _columns(hands, spec=SCORE_COLUMNS, who: str = "score_many", required=("counts", "win"),
             absent=()) -> dict:
    """The input columns as C-contiguous arrays of the dtypes of ``spec`` (SCORE_COLUMNS for
    score_many; ev_many passes its own, the same conventions). Integer columns only (floats are
    refused, see yakuman.errors). A column of ``required`` must be there; another one missing is
    zeros (meld_type -1), or None when it is in ``absent``. A value outside its column's dtype (a
    count of -1 or 300, honba 70000) does not stop the batch: its row is marked in ``"invalid"``
    (with a message in ``"invalid_messages"``) and gets status 4; both keys pass through a second
    call."""
    cols = {}
    for name, dtype, shape in spec:
        value = hands.get(name) if isinstance(hands, dict) else getattr(hands, name, None)
        if value is None:
            if name in required:
                raise InvalidArgumentError(f"{who}: missing input column {rep(name)}")
            cols[name] = None
            continue
        a = np.asarray(value)
        if a.dtype == np.bool_:
            a = a.astype(np.uint8)
        cols[name] = a
    n = len(cols["counts"])
    get = hands.get if isinstance(hands, dict) else (lambda k, d=None: getattr(hands, k, d))
    invalid = np.zeros(n, dtype=np.uint8)
    prior = get("invalid")
    if prior is not None:
        invalid[:] = np.asarray(prior, dtype=np.uint8)
    messages = dict(get("invalid_messages") or {})
    for name, dtype, shape in spec:
        a = cols[name]
        if a is None and name in absent:
            continue
        if a is None:
            fill = -1 if name == "meld_type" else 0
            a = np.full((n,) + shape, fill, dtype=dtype)
        if a.shape != (n,) + shape:
            raise InvalidArgumentError(f"{who}: column {rep(name)} has shape {a.shape}, expected {(n,) + shape}")
        if a.dtype != dtype:
            if a.dtype.kind not in "uib":
                raise InvalidTilesError(f"{who}: column {rep(name)} must be integers, not {a.dtype} "
                                        f"(floats are refused, integral ones too)")
            info = np.iinfo(dtype)
            # the range test by min and max (numpy's SIMD passes, no temporaries): an int64
            # counts column costs 14 ns a row that way, 46 by the mask; the mask only when a
            # value is out of range (a dtype that always fits needs neither)
            if not np.can_cast(a.dtype, dtype, "safe") and a.size and (
                    (a.dtype.kind == "i" and int(a.min()) < info.min) or int(a.max()) > info.max):
                out = (a < info.min) | (a > info.max)
                rows = out.reshape(n, -1).any(axis=1)
                for i in np.flatnonzero(rows & (invalid == 0)):
                    flat = a[i].reshape(-1)
                    j = int(np.flatnonzero(out[i].reshape(-1))[0])
                    at = f"{name}[{i}]" if not shape else f"{name}[{i}][{j}]"
                    messages[int(i)] = (f"{name} value {int(flat[j])} outside {np.dtype(dtype).name} "
                                        f"({info.min}..{info.max}) - at {at} - at hands[{i}]")
                invalid[rows & (invalid == 0)] = REASON_OUT_OF_RANGE
                a = np.where(out, 0, a)
            a = a.astype(dtype, order="C")
        cols[name] = np.ascontiguousarray(a)
    players = hands.get("players") if isinstance(hands, dict) else None
    if players is not None:   # a per-row players column (a frame's)
        p = np.asarray(players)
        if p.shape != (n,):
            raise InvalidArgumentError(f"{who}: column 'players' has shape {p.shape}, expected {(n,)}")
        if p.dtype.kind not in "ui":
            raise InvalidTilesError(f"{who}: column 'players' must be integers, not {p.dtype}")
        bad = ((p != 3) & (p != 4)) & (invalid == 0)
        for i in np.flatnonzero(bad):
            messages[int(i)] = f"players value {int(p[i])}: a row has 3 or 4 players - at hands[{i}]"
        invalid[bad] = REASON_PLAYERS
        cols["players"] = np.where((p == 3) | (p == 4), p, 0).astype(np.uint8)
    cols["invalid"] = invalid
    cols["invalid_messages"] = messages
    return cols


# ---- rules by player count (frames that mix four- and three-player games) --------------------

_PLAYER_WORDS = {3: "three", 4: "four"}


def default_rules_by_players() -> dict:
    """The rules a frame with a ``players`` column is scored under when none are given: Tenhou's
    four-player rules for four-player rows, Tenhou's sanma rules for three-player rows."""
    return {4: Rules.tenhou(), 3: Rules.tenhou_sanma()}


def rules_by_players(rules, where: str = "rules") -> dict | None:
    """``rules`` as a validated {player count: Rules} dict when it is a mapping (keys 3 and / or 4,
    each value a Rules of that player count), else None (one Rules, or None)."""
    if rules is None or type(rules) is Rules or not isinstance(rules, Mapping):
        return None
    if not rules:
        raise InvalidRulesError(f"{where}: rules is an empty mapping; give Rules by player count, "
                                "e.g. {4: Rules.tenhou(), 3: Rules.tenhou_sanma()}")
    out = {}
    for p, r in rules.items():
        if isinstance(p, bool) or not isinstance(p, (int, np.integer)) or int(p) not in (3, 4):
            raise InvalidRulesError(f"{where}: the keys of a rules mapping are player counts 3 or 4, not {rep(p)}")
        if not isinstance(r, Rules):
            raise InvalidRulesError(f"{where}: rules[{int(p)}] must be a yakuman.rules.Rules, not {type(r).__name__}")
        if r.players != int(p):
            raise InvalidRulesError(f"{where}: rules[{int(p)}] is a {_PLAYER_WORDS[r.players]}-player Rules "
                                    f"(players = {r.players}); a {_PLAYER_WORDS[int(p)]}-player row needs "
                                    f"players = {int(p)}")
        out[int(p)] = r
    return out


def _players_refusal(p: int, rules, kita: int = 0) -> str | None:
    """Why a row of ``p`` players cannot be scored under ``rules`` (one Rules or a mapping), or None."""
    if isinstance(rules, dict):
        if p in rules:
            if kita and p == 4:
                return f"kita in a four-player row (kita = {kita}; only three-player rows set North tiles aside)"
            return None
        return (f"a {_PLAYER_WORDS.get(p, str(p))}-player row, and the rules mapping has rules for "
                f"{' and '.join(str(k) for k in sorted(rules))} players only")
    players = 4 if rules is None else rules.players
    if p == players:
        if kita and p == 4:
            return f"kita in a four-player row (kita = {kita}; only three-player rows set North tiles aside)"
        return None
    return (f"a {_PLAYER_WORDS.get(p, str(p))}-player row under {_PLAYER_WORDS[players]}-player rules "
            "(pass rules={4: Rules.tenhou(), 3: Rules.tenhou_sanma()} to score each row under its own count)")


def _row_rules(cols, i: int, rules):
    """The Rules of row ``i``: ``rules`` itself, or under a mapping the rules of its player count."""
    if isinstance(rules, dict):
        players = cols.get("players") if cols is not None else None
        p = int(players[i]) if players is not None else next(iter(rules))
        if p not in rules:
            raise InvalidRulesError(f"{_players_refusal(p, rules)} - at hands[{i}]")
        return rules[p]
    return rules


def score_many(hands, *, rules=None, workers: int | None = 1, messages: bool = False) -> ScoreBatch:
    """Score every row of a columnar batch natively (no GIL, ``workers`` threads).

    ``hands``: a :class:`yakuman.random.WinningHands`, or a dict / object with the columns of
    :data:`SCORE_COLUMNS` (only ``counts`` and ``win`` are required; missing columns are zero /
    empty). Returns a :class:`ScoreBatch` of the :data:`SCORE_OUTPUTS` arrays. A malformed row gets
    status 4 and never stops the batch; ``messages=True`` adds ``res.messages`` = {row: the error the
    single-hand :func:`yakuman.score` raises for it}. Results are identical for every ``workers``.

    ``rules``: one Rules for every row, or a mapping by player count (``{4: Rules.tenhou(), 3:
    Rules.tenhou_sanma()}``, the default when the columns have ``players``, as those of
    :func:`columns_from_frame` for a frame with players): each row is scored under the rules of
    its ``players`` value (one native call per count). A row whose count has no rules, or a
    four-player row with kita, gets status 4 (reason 15) and says why.
    """
    from yakuman._core import _score_many, compiled_rules

    cols = _columns(hands)
    n = len(cols["counts"])
    data = out_arrays(_SCORE_OUT_SPEC, n)
    players = cols.get("players")
    by_players = rules_by_players(rules, "score_many")
    if by_players is not None and players is None:
        scalar = None if isinstance(hands, dict) else getattr(hands, "players", None)   # WinningHands
        if scalar is None and len(by_players) > 1:
            raise InvalidArgumentError("score_many: rules by player count need a 'players' column "
                                       "(columns_from_frame gives one for a frame with players)")
        players = cols["players"] = np.full(n, next(iter(by_players)) if scalar is None else scalar, np.uint8)
    if by_players is None and players is not None and rules is None:
        by_players = default_rules_by_players()
    if players is None:   # one rule set for every row: the hot path
        _score_many(compiled_rules(rules), cols, data, _workers(workers))
    else:
        _score_by_players(cols, data, players, by_players if by_players is not None else rules, workers)
    marked = np.flatnonzero(cols["invalid"])
    if marked.size:   # rows malformed before the native check: status 4, every number 0
        for name, _ in SCORE_OUTPUTS:
            data[name][marked] = 0
        data["status"][marked] = STATUS_INVALID_INPUT
        data["reason"][marked] = cols["invalid"][marked]
    if by_players is not None:
        rules = by_players
    msgs = None
    if messages:
        pre = cols["invalid_messages"]
        msgs = {int(i): pre[int(i)] if int(i) in pre else _row_error(cols, int(i), rules)
                for i in np.flatnonzero(data["status"] == STATUS_INVALID_INPUT)}
    return ScoreBatch(data, cols, rules, msgs)


def _score_by_players(cols: dict, data: dict, players: np.ndarray, rules, workers) -> None:
    """score_many's rows by their player count: each count's rows under its own rules (one
    native call per count, on the whole batch when every row has the same count). A row whose
    count the rules do not cover (or a four-player row with kita) is marked invalid."""
    from yakuman._core import _score_many, compiled_rules

    invalid, messages = cols["invalid"], cols["invalid_messages"]
    for p in (3, 4):
        rows = players == p
        refusal = _players_refusal(p, rules)
        if refusal is not None:
            hit = rows & (invalid == 0)
            for i in np.flatnonzero(hit):
                messages[int(i)] = f"{refusal} - at hands[{i}]"
            invalid[hit] = REASON_PLAYERS
            continue
        if p == 4:   # kita in a four-player row: refused with its reason (the native check says less)
            hit = rows & (cols["kita"] > 0) & (invalid == 0)
            for i in np.flatnonzero(hit):
                messages[int(i)] = f"{_players_refusal(4, rules, int(cols['kita'][i]))} - at hands[{i}]"
            invalid[hit] = REASON_PLAYERS
        if not rows.any():
            continue
        cr = compiled_rules(rules[p] if isinstance(rules, dict) else rules)
        if rows.all():
            _score_many(cr, cols, data, _workers(workers))
            return
        idx = np.flatnonzero(rows)
        sub = {name: np.ascontiguousarray(cols[name][idx]) for name, _, _ in SCORE_COLUMNS}
        out = out_arrays(_SCORE_OUT_SPEC, len(idx))
        _score_many(cr, sub, out, _workers(workers))
        for name, _ in SCORE_OUTPUTS:
            data[name][idx] = out[name]



_MELD_NAMES = ("chi", "pon", "minkan", "kakan", "ankan")


def meld_text(kind: int, tile: int, reds: int = 0) -> str:
    """A meld of score_many's columns as a string: ``meld_text(1, 31)`` -> ``"pon 555z"``,
    ``meld_text(0, 3, 1)`` -> ``"chi 406m"`` (red fives as ``0``). Raises InvalidTilesError when
    the meld holds fewer fives than ``reds``, or a kind, tile or count out of range."""
    ints = [as_int(v, 0, high) for v, high in ((kind, 4), (tile, 33), (reds, 4))]
    for name, v, high, got in zip(("kind", "tile", "reds"), (kind, tile, reds), (4, 33, 4), ints):
        if got is None:
            raise InvalidTilesError(f"meld_text: {name} must be an integer 0..{high}, not {shown(v, 40)}")
    kind, tile, reds = ints
    if kind == 0 and (tile >= 27 or tile % 9 > 6):
        raise InvalidTilesError(f"meld_text: a chi cannot start at {TILE_NAMES[tile]}")
    digits = [tile % 9 + 1 + d for d in range(3)] if kind == 0 else [tile % 9 + 1] * (3 if kind == 1 else 4)
    fives = digits.count(5) if tile < 27 else 0
    if reds > fives:
        raise InvalidTilesError(f"{reds} red fives in a meld that holds {fives} fives")
    text = ""
    for dgt in digits:
        if dgt == 5 and reds:
            text += "0"
            reds -= 1
        else:
            text += str(dgt)
    return f"{_MELD_NAMES[kind]} {text}{'mpsz'[tile // 9]}"


def row_kwargs(cols: dict, i: int) -> dict:
    """The keyword arguments of :func:`yakuman.score` for row ``i`` of score_many's columns (only
    the flags that are set; ``kita`` only when non-zero). Raises InvalidTilesError for a row that no
    call can express: more red fives than fives, a red winning tile that is not a five, red fives in
    a meld without fives, more than 5 indicators, unknown flag bits; InvalidArgumentError when
    ``cols`` are not score_many's columns or ``i`` is not one of their rows."""
    if not isinstance(cols, Mapping) or "counts" not in cols:
        raise InvalidArgumentError(f"row_kwargs takes score_many's columns (a dict with 'counts', ...), "
                                   f"not {type(cols).__name__}")
    i = _row_index(cols["counts"], i, "row_kwargs")
    try:
        return _row_kwargs(cols, i)
    except (TypeError, KeyError, IndexError, AttributeError) as e:
        raise InvalidArgumentError(f"row_kwargs: the columns are not score_many's ({type(e).__name__}: {e}) "
                                   f"- at hands[{i}]") from None


def _row_index(column, i, what: str) -> int:
    """``i`` as a row index of ``column`` (an integer 0..len - 1), else InvalidArgumentError."""
    try:
        n = len(column)
    except TypeError:
        raise InvalidArgumentError(f"{what}: the column is not an array ({type(column).__name__})") from None
    row = as_int(i, 0, n - 1)
    if row is None:
        raise InvalidArgumentError(f"{what}: row {shown(i, 40)} is not a row index 0..{n - 1}")
    return row


def _row_kwargs(cols: dict, i: int) -> dict:
    from yakuman.tiles import TILE_NAMES, to_mpsz

    counts = cols["counts"][i].tolist()
    reds = cols["reds"][i].tolist()
    for s, r in enumerate(reds):
        if r > counts[9 * s + 4]:
            raise InvalidTilesError(f"{r} red 5{'mps'[s]} but {counts[9 * s + 4]} 5{'mps'[s]} in the concealed "
                                    f"tiles - at hands[{i}]")
    hand = counts if any(c > 4 for c in counts) else to_mpsz(counts, reds)   # score() words a bad count
    melds = []
    for j in range(4):
        t = int(cols["meld_type"][i][j])
        if t < 0:
            continue
        k = int(cols["meld_tile"][i][j])
        if not 0 <= t <= 4:
            raise InvalidTilesError(f"meld_type {t} outside 0..4 (chi, pon, minkan, kakan, ankan; -1 = empty) "
                                    f"- at meld_type[{i}][{j}] - at hands[{i}]")
        if k > 33:
            raise InvalidTilesError(f"meld_tile {k} outside the tile kinds 0..33 - at meld_tile[{i}][{j}] "
                                    f"- at hands[{i}]")
        try:
            melds.append(meld_text(t, k, int(cols["meld_reds"][i][j])))
        except InvalidTilesError as e:
            raise InvalidTilesError(f"{e} (meld {j}) - at hands[{i}]") from None
    win = int(cols["win"][i])
    if win > 33:
        raise InvalidTilesError(f"win {win} outside the tile kinds 0..33 - at win[{i}] - at hands[{i}]")
    win_name = TILE_NAMES[win]
    if cols["win_red"][i] and win < 34:
        if win >= 27 or win % 9 != 4:
            raise InvalidTilesError(f"winning tile {win_name} marked as a red five - at hands[{i}]")
        win_name = "0" + win_name[1]
    for name in ("n_dora", "n_ura"):
        if cols[name][i] > 5:
            raise InvalidTilesError(f"{name} = {cols[name][i]}: at most 5 indicators - at hands[{i}]")
        kinds = cols[name[2:]][i][: cols[name][i]].tolist()
        for j, t in enumerate(kinds):
            if t > 33:
                raise InvalidTilesError(f"{name[2:]} indicator kind {t} outside the tile kinds 0..33 "
                                        f"- at {name[2:]}[{i}][{j}] - at hands[{i}]")
    flags = int(cols["flags"][i])
    kw = {"hand": hand, "win": win_name, "melds": melds}
    from yakuman.scoring import flag_kwargs

    try:
        kw.update(flag_kwargs(flags))
    except ValueError as e:
        raise InvalidTilesError(f"{e} - at hands[{i}]") from None
    sw, rw = int(cols["seat_wind"][i]), int(cols["round_wind"][i])
    kw["seat_wind"] = "ESWN"[sw] if sw < 4 else sw
    kw["round_wind"] = "ESWN"[rw] if rw < 4 else rw
    kw["dora"] = [TILE_NAMES[t] if t < 34 else t for t in cols["dora"][i][: cols["n_dora"][i]].tolist()]
    kw["ura"] = [TILE_NAMES[t] if t < 34 else t for t in cols["ura"][i][: cols["n_ura"][i]].tolist()]
    if cols["kita"][i]:
        kw["kita"] = int(cols["kita"][i])
    kw["honba"] = int(cols["honba"][i])
    kw["riichi_sticks"] = int(cols["riichi_sticks"][i])
    return kw


def _row_error(cols: dict, i: int, rules) -> str:
    from yakuman.scoring import score_checked

    try:
        kw = row_kwargs(cols, i)
        score_checked(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), rules=_row_rules(cols, i, rules), **kw)
    except (YakumanError, TypeError) as e:
        text = str(e)
        return text if text.endswith(f" - at hands[{i}]") else f"{text} - at hands[{i}]"
    if rules is not None and rules.aotenjou:
        return f"{_WBAD_TEXT[12]} - at hands[{i}]"
    return f"row {i} is malformed for the native checks but accepted by score() - at hands[{i}]"


# ---- building score_many's input -------------------------------------------------------------

def columns_from_kwargs(rows, *, rules=None, errors: str = "status") -> dict:
    """score_many columns from an iterable of :func:`yakuman.score` keyword dicts (``hand``, ``win``,
    ``melds``, flags, winds, ``dora``, ...; e.g. ``WinningHands.kwargs(i)`` or the log replay's
    win inputs). Each row is validated by the single-hand rules. A malformed row does not stop the
    batch: its columns are zero and it is marked invalid, so that :func:`score_many` gives it
    status 4 (``reason`` 14) and, with ``messages=True``, the error (``... - at rows[i]``);
    ``errors="raise"`` raises that error instead.

    A row may carry ``players`` (3 or 4): the columns then have a ``players`` column, and each row
    is validated under the rules of its count: ``rules`` may be a mapping by player count
    (``{4: Rules.tenhou(), 3: Rules.tenhou_sanma()}``, the default when rows carry ``players``);
    under one Rules a row of another count is refused, saying so."""
    from yakuman.scoring import _rules, parse_request, request_flags

    rows = as_list(rows, "columns_from_kwargs' rows")
    for i, kw in enumerate(rows):
        if not isinstance(kw, Mapping):
            raise InvalidArgumentError(f"columns_from_kwargs takes keyword dicts, not {type(kw).__name__} "
                                       f"- at rows[{i}]")
    rows = [dict(kw) for kw in rows]
    by_players = rules_by_players(rules, "columns_from_kwargs")
    with_players = by_players is not None or any("players" in kw for kw in rows)
    if by_players is None:
        row_rules = {id(kw.get("rules")): kw.get("rules") for kw in rows if kw.get("rules") is not None}
        if rules is None and len(row_rules) == 1:
            rules = next(iter(row_rules.values()))      # e.g. the log replay's rules, the same for every row
        if rules is None and with_players and not row_rules:
            by_players = default_rules_by_players()
        else:
            rules = _rules(rules)
            if any(r != rules for r in row_rules.values()):
                raise InvalidArgumentError("columns_from_kwargs: rows carry different rules; score_many takes one rule set "
                                 "(or one per player count), so split the batch by rules")
    if not isinstance(errors, str) or errors not in ("status", "raise"):
        raise InvalidArgumentError(f"errors must be 'status' or 'raise', not {rep(errors)}")
    reqs = []
    bad: dict[int, str] = {}
    n = len(rows)
    players = np.zeros(n, dtype=np.uint8)
    row_rules_of = [rules] * n
    for i, kw in enumerate(rows):
        own = kw.pop("rules", None)
        try:
            p = kw.pop("players", None)
            if p is None:
                p = own.players if own is not None else (
                    next(iter(by_players)) if by_players is not None and len(by_players) == 1 else None)
                if p is None and by_players is not None:
                    raise InvalidArgumentError("a row needs 'players' (3 or 4) under rules by player count")
            if p is not None:
                if isinstance(p, bool) or not isinstance(p, (int, np.integer)) or int(p) not in (3, 4):
                    raise InvalidArgumentError(f"players must be 3 or 4, not {rep(p)}")
                p = int(p)
                kita = kw.get("kita", 0)
                kita = int(kita) if isinstance(kita, (int, np.integer)) and not isinstance(kita, bool) else 0
                refusal = _players_refusal(p, by_players if by_players is not None else rules, kita)
                if refusal is not None:
                    raise InvalidArgumentError(refusal)
                players[i] = p
                if by_players is not None:
                    row_rules_of[i] = by_players[p]
            if "hand" not in kw or "win" not in kw:
                raise InvalidTilesError(f"a row needs 'hand' and 'win', it has {sorted(kw)}")
            reqs.append(parse_request(kw.pop("hand"), kw.pop("win"), kw.pop("melds", ()), rules=row_rules_of[i],
                                      **kw))
        except (YakumanError, TypeError) as e:
            if errors == "raise":
                raise (type(e) if isinstance(e, YakumanError) else InvalidArgumentError)(f"{e} - at rows[{i}]") from None
            bad[i] = f"{e} - at rows[{i}] - at hands[{i}]"
            reqs.append(None)
    cols = {name: np.zeros((n,) + shape, dtype=dtype) for name, dtype, shape in SCORE_COLUMNS}
    cols["meld_type"][:] = -1
    codes = {"chi": 0, "pon": 1, "minkan": 2, "kakan": 3, "ankan": 4}
    for i, r in enumerate(reqs):
        if r is None:
            continue
        cols["counts"][i] = r.counts
        cols["reds"][i] = r.reds
        for j, m in enumerate(r.melds):
            cols["meld_type"][i, j] = codes[m.kind]
            cols["meld_tile"][i, j] = m.tiles[0]
            cols["meld_reds"][i, j] = m.reds if row_rules_of[i].aka_dora else 0
        cols["win"][i] = r.win
        cols["win_red"][i] = r.win_red
        cols["flags"][i] = request_flags(r)
        cols["seat_wind"][i] = r.seat_wind
        cols["round_wind"][i] = r.round_wind
        cols["n_dora"][i] = len(r.dora)
        cols["dora"][i, : len(r.dora)] = r.dora
        cols["n_ura"][i] = len(r.ura)
        cols["ura"][i, : len(r.ura)] = r.ura
        cols["kita"][i] = r.kita
        cols["honba"][i] = r.honba
        cols["riichi_sticks"][i] = r.riichi_sticks
    if with_players:
        # a refused row keeps its count when it had a valid one; else 0 (it is invalid anyway)
        cols["players"] = players
    cols["invalid"] = np.zeros(n, dtype=np.uint8)
    cols["invalid"][list(bad)] = REASON_BAD_KWARGS
    cols["invalid_messages"] = bad
    return cols


_LOG_FLAGS = ("tsumo", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")


def log_row_kwargs(rec: dict, rules=None) -> dict:
    """The :func:`yakuman.score` keywords of one win row of :func:`yakuman.logs.to_frame` (columns
    hand, win_tile, melds, seat, dealer, round, players, honba, sticks, win_index, the flags, dora,
    ura, kita): winds from the seats (seat wind = (seat - dealer) mod players, round wind =
    round // 4), ``riichi`` = riichi without double riichi, and honba / sticks for the first winner
    only unless ``rules.multi_ron_bonus == "each"`` (as the replay derives them). Under rules
    without red fives (``aka_dora = 0``) the record's red fives are plain fives
    (:func:`yakuman.tiles.plain_fives`). The frame has no renhou column: renhou is not set."""
    from yakuman.scoring import _rules

    if not hasattr(rec, "get"):
        raise InvalidArgumentError(f"log_row_kwargs takes a win row of to_frame (a dict or a pandas row), "
                                   f"not {type(rec).__name__}")

    def value(name, default=None):
        v = rec.get(name, default)
        return default if _missing(v) else v

    rules = _rules(rules)
    try:
        return _log_row_kwargs(value, rules)
    except (TypeError, ValueError, IndexError) as e:
        if isinstance(e, YakumanError):
            raise
        raise InvalidArgumentError(f"log_row_kwargs: not a win row of to_frame ({type(e).__name__}: {e})") from None


def _log_row_kwargs(value, rules) -> dict:
    players = int(value("players", rules.players))
    seat, dealer = int(value("seat")), int(value("dealer"))
    melds = value("melds", ())
    kw = {"hand": str(value("hand")), "win": str(value("win_tile")),
          "melds": [str(m) for m in (list(melds) if melds is not None else [])]}
    for name in _LOG_FLAGS:
        if bool(value(name, False)):
            kw[name] = True
    if bool(value("riichi", False)) and not kw.get("double_riichi"):
        kw["riichi"] = True
    kw["seat_wind"] = "ESWN"[(seat - dealer) % players]
    kw["round_wind"] = "ESWN"[(int(value("round", 0)) // 4) % 4]
    kw["dora"] = str(value("dora", "") or "")
    kw["ura"] = str(value("ura", "") or "") if (kw.get("riichi") or kw.get("double_riichi")) else ""
    if int(value("kita", 0) or 0):
        kw["kita"] = int(value("kita"))
    bonus = int(value("win_index", 0) or 0) == 0 or rules.multi_ron_bonus == "each"
    kw["honba"] = int(value("honba", 0) or 0) if bonus else 0
    kw["riichi_sticks"] = int(value("sticks", 0) or 0) if bonus else 0
    if rules.aka_dora == 0:
        from yakuman.tiles import plain_fives

        for name in ("hand", "win", "dora", "ura"):
            kw[name] = plain_fives(kw[name])
        kw["melds"] = [plain_fives(m) for m in kw["melds"]]
    return kw


def _missing(v) -> bool:
    """None, NaN or pandas.NA (a frame's empty cell)."""
    if v is None:
        return True
    if isinstance(v, (str, list, tuple, np.ndarray)):
        return False
    try:
        return bool(v != v)
    except TypeError:   # pandas.NA: its comparisons are NA, whose truth value is undefined
        return True


def columns_from_frame(frame, *, rules=None) -> dict:
    """score_many columns from a pandas DataFrame or a pyarrow Table. Either it has the columns of
    :data:`SCORE_COLUMNS` (array-valued cells for counts, reds, melds, dora, ura), or it is the
    win rows of :func:`yakuman.logs.to_frame` (``win_tile``, ``seat``, ``dealer``, ...: mapped by
    :func:`log_row_kwargs`; draw rows are refused: pass ``frame[frame.kind == "win"]``), or one
    column per :func:`yakuman.score` keyword (``hand``, ``win``, ``melds``, ``tsumo``, ...), read row
    by row.

    A frame with a ``players`` column (``to_frame`` has one) may mix four- and three-player rows:
    the columns then carry ``players``, and each row is read under the rules of its count, by
    default ``{4: Rules.tenhou(), 3: Rules.tenhou_sanma()}`` (``rules`` may be any such mapping;
    :func:`score_many` takes the same). Under one Rules a row of the other count is refused with
    that reason (status 4), as is kita in a four-player row."""
    if hasattr(frame, "to_pandas") and not hasattr(frame, "iloc"):
        frame = frame.to_pandas()
    if not hasattr(frame, "columns") or not hasattr(frame, "iloc"):
        raise InvalidArgumentError(f"columns_from_frame takes a pandas DataFrame or a pyarrow Table, "
                                   f"not {type(frame).__name__}")
    names = set(frame.columns)
    by_players = rules_by_players(rules, "columns_from_frame")
    if by_players is None and rules is None and "players" in names:
        by_players = default_rules_by_players()
    if "win_tile" in names and "seat" in names and "dealer" in names:
        if "kind" in names and (frame["kind"] != "win").any():
            raise InvalidArgumentError("columns_from_frame: the frame has draw rows; pass its win rows, "
                             "frame[frame.kind == 'win']")
        rows = []
        for rec in frame.to_dict("records"):
            p = rec.get("players") if "players" in names else None
            p = None if _missing(p) else int(p)
            row_rules = rules if by_players is None else by_players.get(p, next(iter(by_players.values())))
            kw = log_row_kwargs(rec, row_rules)
            if p is not None:
                kw["players"] = p
            rows.append(kw)
        return columns_from_kwargs(rows, rules=by_players if by_players is not None else rules)
    if "counts" in names:
        cols = {}
        for name, dtype, shape in SCORE_COLUMNS:
            if name in names:
                values = frame[name].to_numpy()
                cols[name] = np.stack([np.asarray(v) for v in values]) if shape else np.asarray(values)
        if "players" in names:
            cols["players"] = frame["players"].to_numpy()
        return _columns(cols)
    if "hand" not in names or "win" not in names:
        raise InvalidArgumentError("columns_from_frame: need either the score_many columns (counts, win, ...) or "
                         "score() keyword columns (hand, win, ...)")
    records = []
    for rec in frame.to_dict("records"):
        # a keyword missing from some rows comes back as NaN / None: leave it to its default
        rec = {k: v for k, v in rec.items() if v is not None and not (isinstance(v, float) and v != v)}
        records.append(rec)
        for key in ("melds", "dora", "ura"):
            if key in rec and rec[key] is not None and not isinstance(rec[key], (str, list, tuple)):
                rec[key] = list(rec[key])   # numpy arrays from parquet
        if "players" in rec:
            rec["players"] = int(rec["players"])
    return columns_from_kwargs(records, rules=by_players if by_players is not None else rules)
