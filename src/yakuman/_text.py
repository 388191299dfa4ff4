"""Text from records made safe for a terminal (one helper for every command that prints names,
file names or messages that come from input files)."""

from __future__ import annotations

import re

__all__ = ["terminal_safe"]

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
