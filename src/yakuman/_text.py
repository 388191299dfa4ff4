"""Text from records made safe for a terminal (one helper for every command that prints names,
file names or messages that come from input files)."""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["terminal_json", "terminal_lines", "terminal_safe"]

# C0 and C1 controls, DEL, the bidirectional formatting characters (U+202E reverses the text
# after it) and lone surrogates (which a terminal's encoder cannot write)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def terminal_safe(text: str) -> str:
    """``text`` with every control, bidi-formatting and lone-surrogate character written as a
    visible escape (``\\x1b``, ``\\u202e``, ``\\udc80``); other text (CJK names...) unchanged."""
    return _UNSAFE.sub(_escape, str(text))



def terminal_lines(text: str) -> str:
    """:func:`terminal_safe` line by line: the line breaks of a table stay line breaks."""
    return "\n".join(map(terminal_safe, str(text).split("\n")))


# what JSON text may still hold raw (ensure_ascii=False): the C0 controls are escaped by json itself
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def terminal_json(obj: Any, **kw: Any) -> str:
    """``json.dumps(obj, ensure_ascii=False, **kw)`` with DEL, the C1 controls, the bidi-formatting
    characters and lone surrogates written as ``\\uXXXX`` escapes: the same JSON value, safe to
    print on a terminal (names stay readable)."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(obj, ensure_ascii=False, **kw))
