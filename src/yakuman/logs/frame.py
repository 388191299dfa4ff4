"""Game records as tables: one row per win or draw, as pandas DataFrame or pyarrow Table.

Rows come from the verifier (:mod:`yakuman.logs.verify`): every field of the record (file, game,
round, honba, sticks, seats, han, fu, points, limit, yaku names / han / mask, every seat's delta,
draw type, tenpai seats), the situation derived by the replay (hand, melds, dora, riichi, ippatsu,
...), our own values (``calc_*``), the verdict (``ok``, ``mismatch``, ``detail``) and the game's
players (``names``, ``final_scores``, ``placements`` by seat; ``name``, ``final_score`` and
``placement`` of the row's seat). The columns
and their meaning are :data:`yakuman.logs.verify.ROW_FIELDS`; their types are :data:`COLUMN_TYPES`
(the same in both engines, whatever the rows hold, so frames of different corpora concatenate).

pandas and pyarrow are optional: they are imported when a table is built, with an error saying
what to install. Sources: a path, a folder or a list of them (read with any reader), a
:class:`~yakuman.logs.Game` or a list of games (e.g. from :func:`yakuman.logs.read`), or a
:class:`~yakuman.logs.verify.VerifyReport` made with ``rows=True``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from yakuman.errors import InvalidArgumentError

from yakuman.logs.corpus import as_items
from yakuman.logs.events import Game, LogError
from yakuman.logs.verify import ROW_FIELDS, FileResult, VerifyReport, verify_game, verify_paths
from yakuman._arrays import rep, shown

__all__ = ["COLUMN_TYPES", "rows", "to_frame", "to_table", "write_parquet"]

_INT = "int"
_BOOL = "bool"
_STR = "str"
_U64 = "uint64"
_LSTR = "list[str]"
_LINT = "list[int]"
COLUMN_TYPES: dict[str, str] = {
    "file": _STR,
    "game": _INT,
    "game_id": _STR,
    "players": _INT,
    "special": _BOOL,
    "round": _INT,
    "round_label": _STR,
    "honba": _INT,
    "sticks": _INT,
    "dealer": _INT,
    "kind": _STR,
    "event": _INT,
    "seat": _INT,
    "from_seat": _INT,
    "tsumo": _BOOL,
    "win_index": _INT,
    "pao_seat": _INT,
    "hand": _STR,
    "win_tile": _STR,
    "melds": _LSTR,
    "dora": _STR,
    "ura": _STR,
    "kita": _INT,
    "riichi": _BOOL,
    "double_riichi": _BOOL,
    "ippatsu": _BOOL,
    "rinshan": _BOOL,
    "chankan": _BOOL,
    "haitei": _BOOL,
    "houtei": _BOOL,
    "tenhou": _BOOL,
    "chiihou": _BOOL,
    "han": _INT,
    "fu": _INT,
    "points": _INT,
    "limit": _STR,
    "yakuman": _INT,
    "yaku": _LSTR,
    "yaku_han": _LINT,
    "yaku_mask": _U64,
    "draw_type": _STR,
    "tenpai": _LINT,
    "nagashi": _LINT,
    "delta0": _INT,
    "delta1": _INT,
    "delta2": _INT,
    "delta3": _INT,
    "calc_han": _INT,
    "calc_fu": _INT,
    "calc_points": _INT,
    "calc_limit": _STR,
    "calc_yaku_mask": _U64,
    "calc_tenpai": _LINT,
    "calc_delta0": _INT,
    "calc_delta1": _INT,
    "calc_delta2": _INT,
    "calc_delta3": _INT,
    "names": _LSTR,
    "final_scores": _LINT,
    "placements": _LINT,
    "name": _STR,
    "final_score": _INT,
    "placement": _INT,
    "ok": _BOOL,
    "mismatch": _LSTR,
    "detail": _STR,
}
assert tuple(COLUMN_TYPES) == ROW_FIELDS, "COLUMN_TYPES must list ROW_FIELDS in order"


def _need(module: str, feature: str):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"{feature} needs the optional dependency {rep(module.split('.')[0])}: "
            f'pip install "yakuman[frame]"'
        ) from None


def _rows_of(source: Any, workers: int, errors: str = "raise") -> list[tuple]:
    if isinstance(source, VerifyReport):
        if source.rows is None:
            raise InvalidArgumentError("this VerifyReport has no rows: make it with verify_paths(..., rows=True)")
        return source.rows
    if isinstance(source, FileResult):
        return list(source.rows or ())
    if isinstance(source, (str, os.PathLike)):
        return verify_paths(source, workers=workers, rows=True).rows or []
    items = as_items(source, Game, "expected paths, games or a VerifyReport with rows")
    if items and all(isinstance(x, Game) for x in items):
        out = FileResult("<games>", rows=[])
        counters: dict[str, int] = {}
        for g in items:
            i = counters.get(g.source, 0)
            counters[g.source] = i + 1
            out.source = g.source
            try:
                verify_game(g, index=i, out=out)
            except LogError:
                if errors == "raise":
                    raise
                # errors="skip": an inconsistent game gives no rows
        return out.rows or []
    if all(isinstance(x, (str, os.PathLike)) for x in items):
        return verify_paths(items, workers=workers, rows=True).rows or []
    kinds = sorted({type(x).__name__ for x in items})
    raise InvalidArgumentError(f"expected paths, games or a VerifyReport with rows, not a list of {', '.join(kinds)}")


def rows(source: Any, *, workers: int = 1, errors: str = "raise") -> list[dict]:
    """One dict per win/draw (keys :data:`ROW_FIELDS`), without pandas or pyarrow.
    Files that cannot be read or replayed are left out (``verify_paths`` reports them); a
    :class:`Game` that cannot be replayed raises LogError unless ``errors="skip"``."""
    return [dict(zip(ROW_FIELDS, r)) for r in _rows_of(source, workers, errors)]


def to_table(source: Any, *, workers: int = 1, errors: str = "raise"):
    """A ``pyarrow.Table`` with one row per win/draw (column types :data:`COLUMN_TYPES`)."""
    pa = _need("pyarrow", "to_table / engine='pyarrow'")
    data = _rows_of(source, workers, errors)
    types = {
        _INT: pa.int64(),
        _BOOL: pa.bool_(),
        _STR: pa.string(),
        _U64: pa.uint64(),
        _LSTR: pa.list_(pa.string()),
        _LINT: pa.list_(pa.int64()),
    }
    cols = list(zip(*data)) if data else [()] * len(ROW_FIELDS)
    arrays = [pa.array(list(col), type=types[COLUMN_TYPES[name]]) for name, col in zip(ROW_FIELDS, cols)]
    return pa.Table.from_arrays(arrays, names=list(ROW_FIELDS))


def to_frame(source: Any, *, engine: str = "pandas", workers: int = 1, errors: str = "raise"):
    """One row per win/draw: a ``pandas.DataFrame`` (nullable ``Int64`` / ``boolean`` /
    ``UInt64`` columns, lists as Python lists) or, with ``engine="pyarrow"``, a
    ``pyarrow.Table``. ``source``: paths / folders, games, or a VerifyReport with rows."""
    if not isinstance(engine, str):
        raise InvalidArgumentError(f"engine must be 'pandas' or 'pyarrow', not {shown(engine, 60)}")
    if engine == "pyarrow":
        return to_table(source, workers=workers, errors=errors)
    if engine != "pandas":
        raise InvalidArgumentError(f"engine must be 'pandas' or 'pyarrow', not {rep(engine)}")
    pd = _need("pandas", "to_frame")
    data = _rows_of(source, workers, errors)
    df = pd.DataFrame.from_records(data, columns=list(ROW_FIELDS))
    dtypes = {_INT: "Int64", _BOOL: "boolean", _U64: "UInt64"}
    for name, kind in COLUMN_TYPES.items():
        if kind in dtypes:
            df[name] = df[name].astype(dtypes[kind])
        elif kind == _STR:
            df[name] = df[name].astype("string")
    return df


def write_parquet(source: Any, path: str | Path, *, workers: int = 1) -> int:
    """Write the rows of ``source`` (as :func:`to_table`) to a Parquet file; returns the row count."""
    from yakuman._outputs import check_output_file

    check_output_file(path, "path")   # before any file is read
    pq = _need("pyarrow.parquet", "Parquet output")
    table = to_table(source, workers=workers)
    pq.write_table(table, str(path))
    return table.num_rows
