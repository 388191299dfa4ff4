"""Reader for Tenhou mjlog XML (``<mjloggm>``), plain or gzip, also when embedded in other text.

Tags are pulled out of the text with a strict tag pattern (matched natively: the tokenizer in
csrc/ym_mjlog.c, the event building in _core_mjlog.pxi; this module does the text handling around
it), so the XML may sit inside other text: HTML pages (also HTML-escaped, ``&lt;INIT ...``), ``.txt`` dumps, viewer golden logs
that interleave mjai lines, or a file whose every line carries the same junk prefix (the XML
is rejoined from the prefixed lines). A file may hold several games (a new game starts at a
SHUFFLE/GO tag after a round was dealt).

Tags (docs/logs.md, mjlog format): ``GO type`` (rule bits), ``UN`` (names), ``INIT``,
``T/U/V/W<id>`` draws, ``D/E/F/G<id>`` discards, ``N who m`` calls (meld bit layout below),
``REACH who step``, ``DORA hai``, ``AGARI``, ``RYUUKYOKU``; ``owari`` on the last result ends
the game. Client protocol dumps (hex, one player's view) are refused with a clear error.

Meld code ``m``: chi if ``m & 4`` (t = m >> 10; called = t % 3; t //= 3; base kind =
(t // 7) * 9 + t % 7; copies in bits 3-4, 5-6, 7-8); pon if ``m & 8`` (t = m >> 9; called index
t % 3; kind t // 3; the unused copy in bits 5-6); kakan if ``m & 16`` (as pon; bits 5-6 = the
added copy); kita if ``m & 32`` (tile m >> 8); else a kan of tile m >> 8, ankan when m & 3 == 0.
``m & 3`` is the source relative to the caller (1 next, 2 opposite, 3 previous), seat
(who + rel) % 4 also in sanma.
"""

from __future__ import annotations

from yakuman._arrays import shown
import html
import re
import unicodedata
import zlib
from pathlib import Path
from urllib.parse import unquote

from yakuman import _core
from yakuman._arrays import int_at_least
from yakuman.errors import InvalidArgumentError
from yakuman.logs.events import (
    MAX_DECOMPRESSED,
    Call,
    Game,
    LogFormatError,
    format_errors,
)

__all__ = ["read_mjlog", "parse_mjlog", "decode_meld", "GAME_ID_RE"]

_HEXDUMP = re.compile(r"^[0-9A-Fa-f]{8}\|(?: [0-9A-Fa-f]{2}){1,16}", re.MULTILINE)
# a deal as the client receives it: its own hand only (<INIT ... hai="..."> or <REINIT ...>)
_CLIENT_INIT = re.compile(r'<(?:RE)?INIT\s[^>]*?\shai="')
# an mjai bot's session as its clients log it: "<-\t{json}" received, "->\t{json}" sent
_MJAI_TRANSCRIPT = re.compile(r'^(?:<-|->)\s*[\[{]', re.MULTILINE)
GAME_ID_RE = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4,5}-[0-9a-f]{8}")


def read_mjlog(
    path: str | Path, data: bytes | None = None, strict: bool = True, max_bytes: int | None = None
) -> list[Game]:
    """Games in an mjlog file (gzip or plain; XML possibly embedded in other text).
    Raises LogFormatError naming the file for anything unreadable. A truncated game (damaged
    or half-written tag, last round without a result, no ``owari``) is an error when ``strict``;
    otherwise its complete rounds are returned with ``Game.truncated`` set. ``max_bytes``: see
    :func:`decompress`."""
    source = str(path)
    if data is None:
        data = read_file(path, max_bytes)
    return parse_mjlog(
        decompress(data, source, max_bytes), source, game_id_hint=_game_id_from_name(source), strict=strict
    )


def read_file(path: str | Path, max_bytes: int | None = None) -> bytes:
    """The bytes of one log file, read by every reader: only a regular file (a FIFO, a device
    such as /dev/zero or a folder is refused without reading it), at most ``max_bytes`` (None =
    :data:`MAX_DECOMPRESSED`, 64 MiB; a larger file is refused before it is read). Raises
    LogFormatError naming the file."""
    import os
    import stat

    if not isinstance(path, (str, bytes, os.PathLike)):   # an int would be read as an open descriptor
        from yakuman.errors import InvalidArgumentError

        raise InvalidArgumentError(f"a log file's path must be a str or os.PathLike, not {type(path).__name__}")
    source = str(path)
    limit = decompress_limit(max_bytes)
    try:
        # O_NONBLOCK: opening a FIFO without a writer would block; the type is checked first
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise LogFormatError(f"cannot read file: {e.strerror or e}", source) from None
    except ValueError as e:   # a path no file can have (an embedded NUL)
        raise LogFormatError(f"cannot read file: {e}", repr(source)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode) else \
                "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a regular file"
            raise LogFormatError(f"not a regular file ({kind}): not read", source)
        if st.st_size > limit:
            raise LogFormatError(f"file of {st.st_size} bytes: more than {limit} bytes (the max_bytes limit): "
                                 f"not read", source)
        os.set_blocking(fd, True)
        chunks = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:   # the file grew while read
            raise LogFormatError(f"file of more than {limit} bytes (the max_bytes limit): not read", source)
        return b"".join(chunks)
    except OSError as e:
        raise LogFormatError(f"cannot read file: {e.strerror or e}", source) from None
    finally:
        os.close(fd)


def decompress_limit(max_bytes: int | None) -> int:
    """The decompression limit in bytes: None = MAX_DECOMPRESSED, else an integer >= 0."""
    if max_bytes is None:
        return MAX_DECOMPRESSED
    return int_at_least(max_bytes, 0, "max_bytes must be None or an integer >= 0")


def decompress(data: bytes, source: str = "", max_bytes: int | None = None) -> bytes:
    """gzip (possibly multi-member; corrupt or truncated -> LogFormatError) or raw bytes unchanged.

    The output is limited to ``max_bytes`` (None = :data:`MAX_DECOMPRESSED`, 64 MiB): decompression
    stops as soon as it would pass the limit (memory stays near the limit, whatever the ratio of
    the file) and the file gets a LogFormatError saying so."""
    limit = decompress_limit(max_bytes)
    if data[:2] != b"\x1f\x8b":
        return data
    out: list[bytes] = []
    total = 0
    buf = data
    try:
        while buf:
            if buf[:2] != b"\x1f\x8b":
                if out and not buf.strip(b"\0"):
                    break  # zero padding after the last member
                raise LogFormatError(f"corrupt gzip data (not a gzip member at byte {len(data) - len(buf)})",
                                     source)
            d = zlib.decompressobj(wbits=31)
            while True:
                chunk = d.decompress(buf, limit + 1 - total)
                total += len(chunk)
                if total > limit:
                    raise LogFormatError(
                        f"gzip data decompresses to more than {limit} bytes (the limit; pass max_bytes= "
                        f"or --max-bytes to raise it)", source)
                out.append(chunk)
                buf = d.unconsumed_tail
                if d.eof or not buf:
                    break
            if not d.eof:
                raise LogFormatError("corrupt or truncated gzip data (the last member ends early)", source)
            buf = d.unused_data
    except zlib.error as e:
        raise LogFormatError(f"corrupt or truncated gzip data ({e})", source) from None
    return b"".join(out)


def decode_text(data: bytes, source: str = "") -> str:
    """The text of a JSON log (tenhou.net/6 or mjai) once decompressed: UTF-8, a leading byte
    order mark dropped; anything else is a LogFormatError naming the file and the byte. Every
    reader of those formats decodes here (logs.read and the per-format readers alike)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise LogFormatError(f"not UTF-8 text ({e.reason} at byte {e.start})", source) from None


def _game_id_from_name(source: str) -> str | None:
    m = GAME_ID_RE.search(Path(source).name)
    return m.group(0) if m else None


def _text(data: bytes | str) -> str:
    # Tenhou XML is ASCII (names are %-encoded); latin-1 never fails and keeps offsets.
    return data if isinstance(data, str) else data.decode("latin-1")


def _rejoin_prefixed(text: str) -> str:
    """XML whose every line carries the same junk prefix (console captures): strip and join."""
    at = text.find("<mjloggm")
    if at < 0:
        return text
    line_start = text.rfind("\n", 0, at) + 1
    prefix = text[line_start:at]
    if not prefix.strip():
        return text
    eol = text.find("\n", at)
    if text.find("</mjloggm>", at, eol if eol >= 0 else len(text)) >= 0:
        return text  # the record's first line holds all of it
    lines = text[line_start:].split("\n")
    parts = [ln[len(prefix) :].rstrip("\r") for ln in lines if ln.startswith(prefix)]
    return "".join(parts) if len(parts) > 1 else text


def decode_meld(who: int, m: int) -> Call:
    """Decode Tenhou's meld code ``m`` of caller ``who`` (bit layout in the module docstring;
    the decoder is csrc/ym_mjlog.c). ValueError for a code or seat of 2**62 or more in size, or
    that is not an integer."""
    if any(type(v) is not int for v in (who, m)):
        raise InvalidArgumentError(f"decode_meld takes two integers (seat, code), not {shown(who, 20)} and {shown(m, 20)}")
    return _core.mjlog_decode_meld(who, m)


def parse_mjlog(
    data: bytes | str, source: str = "<mjlog>", game_id_hint: str | None = None, strict: bool = True
) -> list[Game]:
    """Games in mjlog text (bytes or str, already decompressed); ``strict`` as in read_mjlog.
    Tags are read by one scanner: a well-formed tag is parsed, and anything that opens like a
    tag but is not one (an unclosed quote, a half-written tag at the end of the data, junk in
    a tile tag) is damage at its offset -- never skipped: the game is truncated there."""
    with format_errors(source):
        return _parse_mjlog(data, source, game_id_hint, strict)


def _parse_mjlog(data: bytes | str, source: str, game_id_hint: str | None, strict: bool) -> list[Game]:
    text = _text(data)
    raw = text
    if "<INIT" not in text and ("&lt;INIT" in text or "&lt;mjloggm" in text):
        text = html.unescape(text)  # the log shown as text inside an HTML page
    if "<mjloggm" not in text and _HEXDUMP.search(text, 0, 8192):
        raise LogFormatError(
            "Tenhou client protocol dump (hex, one player's view): not a game record", source
        )
    if "<mjloggm" not in text and _CLIENT_INIT.search(text):
        raise LogFormatError(
            "Tenhou client protocol log (an INIT deals one hand, hai=, not hai0..hai3: one "
            "player's view): not a game record", source
        )
    joined = _rejoin_prefixed(text)
    # offsets are bytes of the (decompressed) file unless the text had to be unescaped or rejoined
    unit = "byte" if joined is raw else "character of the unescaped or rejoined text"
    text = joined
    # the native scanner reads one byte per character: the file's own bytes, or the text with
    # each character past U+00FF replaced by one of the same scanner class (_SHADOW)
    if text is raw and isinstance(data, (bytes, bytearray)):
        shadow = bytes(data)
    else:
        try:
            shadow = text.encode("latin-1")
        except UnicodeEncodeError:
            shadow = text.translate(_SHADOW).encode("latin-1")
    games = _core.mjlog_games(shadow, text, source, game_id_hint, strict, lambda at: _damage(text, at, unit))
    out = [g for g in games if g is not None]
    if not out:
        if _HEXDUMP.search(text):
            raise LogFormatError(
                "Tenhou client protocol dump (hex, one player's view): not a game record", source
            )
        if _MJAI_TRANSCRIPT.search(text, 0, 8192):
            raise LogFormatError(
                "mjai client transcript ('<-' / '->' lines, one player's view): not a game record", source
            )
        raise LogFormatError("no mjlog game found (no complete INIT tag)", source)
    return out


class _ShadowMap(dict):
    """str.translate table: a character past U+00FF -> one latin-1 character that the scanner
    pattern treats alike (a decimal digit -> its ASCII digit, which int() reads the same; else a
    space, a word character or another character)."""

    def __missing__(self, cp: int) -> str:
        if cp < 256:
            raise LookupError(cp)  # kept as it is
        ch = chr(cp)
        if ch.isdecimal():
            out = str(unicodedata.decimal(ch))
        elif ch.isspace():
            out = "\x85"
        elif ch.isalnum():
            out = "\xaa"
        else:
            out = "\xd7"
        self[cp] = out
        return out


_SHADOW = _ShadowMap()


def _damage(text: str, at: int, unit: str) -> str:
    """What is wrong with the tag-like text that the scanner met at offset ``at``."""
    end = text.find(">", at)
    nxt = text.find("<", at + 1)
    snippet = text[at : at + 40]
    if end < 0 and nxt < 0:
        return f"half-written tag at {unit} {at} (the data ends inside it: {snippet!r})"
    return f"malformed tag at {unit} {at}: {snippet!r}"


def _name(s: str) -> str:
    try:
        return unquote(s.encode("latin-1").decode("utf-8", "replace"), errors="replace")
    except UnicodeEncodeError:
        return unquote(s, errors="replace")
