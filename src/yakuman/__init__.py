"""yakuman: a fast, Tenhou-exact Riichi mahjong engine.

Shanten, agari, waits and scoring come from the native core (suit-pattern tables and a
bitmask yaku evaluator in C, glue in Cython); tile notations from :mod:`yakuman.tiles`; rule
sets from :mod:`yakuman.rules`; round settlement from :mod:`yakuman.settle`; furiten from
:mod:`yakuman.furiten`; log readers from :mod:`yakuman.logs`; numpy batch calls from
:mod:`yakuman.batch` (imported on use, so ``import yakuman`` does not load numpy).
"""

from __future__ import annotations

from yakuman import errors, tiles
from yakuman._core import is_agari, shanten, waits
from yakuman.errors import (
    InvalidArgumentError,
    InvalidContextError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidTilesError,
    YakumanError,
)
from yakuman.furiten import FuritenState, can_ron
from yakuman.hand import Meld
from yakuman.result import Payment, Score, Status
from yakuman.rules import Rules
from yakuman.scoring import points, readings, score
from yakuman.search import ShantenState, discard_analysis, ukeire, win_value
from yakuman.settle import (
    RoundState,
    Settlement,
    Win,
    final_scores,
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_wins,
)
from yakuman.yaku import Yaku

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "errors",
    "tiles",
    "shanten",
    "is_agari",
    "waits",
    "ukeire",
    "discard_analysis",
    "ShantenState",
    "win_value",
    "score",
    "points",
    "readings",
    "Score",
    "Payment",
    "Status",
    "Yaku",
    "Rules",
    "Meld",
    "FuritenState",
    "can_ron",
    "RoundState",
    "Settlement",
    "Win",
    "settle_wins",
    "settle_exhaustive_draw",
    "settle_abortive_draw",
    "final_scores",
    "YakumanError",
    "InvalidTilesError",
    "InvalidMeldError",
    "InvalidContextError",
    "InvalidRulesError",
    "InvalidArgumentError",
]
