"""Format detection, reading any supported file, and conversion between formats.

``read(path)`` sniffs the (possibly gzipped) content: mjlog XML (also embedded in other text),
tenhou.net/6 JSON (an object with a ``log`` list, one per line or as an array), or mjai JSON
lines (objects with a ``type``). Converters go through the common event model:
``to_mjai_lines(game)`` and ``to_tenhou_json(game)``; ``mjlog_to_mjai`` / ``mjlog_to_tenhou6``
are the file-level shortcuts.

``comparable(game)`` maps a game to plain tuples with tiles as names (``"0m"`` for a red five)
and hands sorted, dropping what only some formats carry (the winning hand, per-win dora list,
fu of limit hands, shown draw hands...), so that a round trip through another format can be
checked with ``==``.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

from yakuman._arrays import as_list, flag
from yakuman.errors import InvalidArgumentError
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    Game,
    LogFormatError,
    NewDora,
    RoundStart,
    Ryuukyoku,
    Win,
    format_errors,
    require_record,
    tile_str,
)
from yakuman.logs.mjai import parse_mjai, to_mjai, to_mjai_lines
from yakuman.logs.tenhou_json import parse_tenhou_json, to_tenhou_json
from yakuman.logs.tenhou_xml import GAME_ID_RE, decode_text, decompress, decompress_limit, parse_mjlog
from yakuman._arrays import shown

__all__ = [
    "read",
    "read_bytes",
    "detect_format",
    "to_mjai",
    "to_mjai_lines",
    "to_tenhou_json",
    "mjlog_to_mjai",
    "mjlog_to_tenhou6",
    "comparable",
]


def detect_format(data: bytes) -> str:
    """``"mjlog"``, ``"tenhou6"``, ``"mjai"`` or ``"unknown"`` for decompressed bytes (a UTF-8
    byte order mark before JSON is skipped, as the readers skip it)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InvalidArgumentError(f"detect_format takes the file's bytes, not {type(data).__name__}")
    data = bytes(data)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    head = data[:4096].lstrip()
    if b"<mjloggm" in data[:65536] or b"<INIT " in data or b"<SHUFFLE" in data[:65536]:
        return "mjlog"
    if head[:1] in (b"{", b"["):
        try:
            first_line = data.lstrip().split(b"\n", 1)[0]
            obj = json.loads(first_line)
        except (ValueError, UnicodeDecodeError):
            obj = None
        if obj is None:
            return "tenhou6" if b'"log"' in data[:65536] else "mjai" if b'"type"' in head else "unknown"
        if isinstance(obj, list) and obj:
            obj = obj[0]
        if isinstance(obj, dict):
            if "log" in obj:
                return "tenhou6"
            if "type" in obj:
                return "mjai"
        return "unknown"
    if b"<" in data:
        return "mjlog"  # embedded XML or a hex dump: the mjlog reader explains which
    return "unknown"


def read_bytes(
    data: bytes,
    source: str = "<bytes>",
    strict: bool = True,
    fmt: str | None = None,
    max_bytes: int | None = None,
) -> list[Game]:
    """Games in raw file bytes (gzip or plain) of any supported format. Every malformed input
    raises a LogError (LogFormatError when it cannot be parsed) naming the file, and the round
    and event when known; ``max_bytes`` limits the decompressed size (None = 64 MiB, see
    :func:`yakuman.logs.tenhou_xml.decompress`)."""
    decompress_limit(max_bytes)   # a bad option is the caller's error, not the file's
    if not isinstance(source, (str, Path)):
        raise InvalidArgumentError(f"source (the name errors give the bytes) must be a string, not {shown(source, 60)}")
    source = str(source)
    if fmt is not None and not isinstance(fmt, str):
        raise InvalidArgumentError(f"fmt must be None or a format name, not {shown(fmt, 60)}")
    strict = flag(strict, "strict")
    with format_errors(source):
        raw = decompress(data, source, max_bytes)
        fmt = fmt or detect_format(raw)
        if fmt == "mjlog":
            m = GAME_ID_RE.search(Path(source).name)
            return parse_mjlog(raw, source, game_id_hint=m.group(0) if m else None, strict=strict)
        text = decode_text(raw, source)
        if fmt == "tenhou6":
            return parse_tenhou_json(text, source)
        if fmt == "mjai":
            return parse_mjai(text, source, strict=strict)
        raise LogFormatError("unknown format (neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines)", source)


def read(path: str | Path, strict: bool = True, fmt: str | None = None, max_bytes: int | None = None) -> list[Game]:
    """Games in a file of any supported format. Raises LogError (LogFormatError for an
    unreadable file) naming the file; with ``strict=False`` a truncated game keeps its
    complete rounds and sets ``Game.truncated``. ``max_bytes``: the limit on the file's size and
    on the decompressed size of a gzip file (None = :data:`yakuman.logs.events.MAX_DECOMPRESSED`,
    64 MiB); past it the file is a LogFormatError, as is anything but a regular file (a FIFO, a
    device)."""
    from yakuman.logs.tenhou_xml import read_file

    return read_bytes(read_file(path, max_bytes), str(path), strict=strict, fmt=fmt, max_bytes=max_bytes)


def mjlog_to_mjai(path: str | Path) -> str:
    """mjai JSON lines of every game in an mjlog file."""
    return "".join(to_mjai_lines(g) for g in read(path, fmt="mjlog"))


def mjlog_to_tenhou6(path: str | Path) -> list[dict]:
    """tenhou.net/6 JSON objects of every game in an mjlog file."""
    return [to_tenhou_json(g) for g in read(path, fmt="mjlog")]


def _names(ids: Any, aka: bool, sort: bool = False) -> Any:
    if ids is None:
        return None
    out = [tile_str(t, aka) for t in ids]
    return tuple(sorted(out) if sort else out)


def comparable(game: Game, *, drop: tuple[str, ...] = ()) -> list[tuple]:
    """Events as plain tuples with tile names, for comparing the same game read from two
    formats. Fields in ``drop`` ("Win.hand", "GameStart.go_type", ...) are left out."""
    require_record(game)
    if isinstance(drop, str):
        drop = (drop,)
    drop = as_list(drop, "comparable's drop (field names)")
    if not all(isinstance(d, str) for d in drop):
        raise InvalidArgumentError(f"comparable's drop must be field names (strings), not {shown(drop, 60)}")
    aka = game.start.aka
    out = []
    for e in game.events:
        t = type(e)
        name = t.__name__
        row: list = [name]
        for f in fields(e):
            key = f"{name}.{f.name}"
            if key in drop or f.name in drop:
                continue
            v = getattr(e, f.name)
            if t is RoundStart and f.name == "hands":
                v = tuple(_names(h, aka, sort=True) for h in v)
            elif t is RoundStart and f.name == "dora_indicator":
                v = tile_str(v, aka)
            elif t in (Draw, Discard) and f.name == "tile":
                v = tile_str(v, aka)
            elif t is NewDora:
                v = tile_str(v, aka)
            elif t is Call and f.name in ("tiles",):
                v = _names(v, aka, sort=True)
            elif t is Call and f.name in ("called", "added"):
                v = tile_str(v, aka) if v is not None else None
            elif t is Win and f.name in ("hand",):
                v = _names(v, aka, sort=True)
            elif t is Win and f.name in ("dora", "ura"):
                v = _names(v, aka)
            elif t is Win and f.name == "win_tile":
                v = tile_str(v, aka) if v is not None else None
            elif t is Ryuukyoku and f.name == "hands":
                v = tuple(_names(h, aka, sort=True) for h in v) if v is not None else None
            row.append((f.name, v))
        out.append(tuple(row))
    return out
