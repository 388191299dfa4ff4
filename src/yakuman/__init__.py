"""yakuman: a fast, Tenhou-exact Riichi mahjong engine.

Shanten, agari and waits come from the native core (suit-pattern tables in C, glue in
Cython); tile notations from :mod:`yakuman.tiles`.
"""

from __future__ import annotations

from yakuman import errors, tiles
from yakuman._core import is_agari, shanten, waits
from yakuman.errors import (
    InvalidContextError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidTilesError,
    YakumanError,
)
from yakuman.hand import Meld
from yakuman.search import ukeire

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "errors",
    "tiles",
    "shanten",
    "is_agari",
    "waits",
    "ukeire",
    "Meld",
    "YakumanError",
    "InvalidTilesError",
    "InvalidMeldError",
    "InvalidContextError",
    "InvalidRulesError",
]
