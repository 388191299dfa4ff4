# Type stubs of yakuman.search (checked against the module by `python -m mypy.stubtest yakuman`).
from collections.abc import Sequence
from typing import Any, Final, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

from yakuman._core import SHANTEN_INVALID as SHANTEN_INVALID
from yakuman._core import STATUS_BAD_COPIES as STATUS_BAD_COPIES
from yakuman._core import STATUS_BAD_COUNT as STATUS_BAD_COUNT
from yakuman._core import STATUS_BAD_SANMA_TILE as STATUS_BAD_SANMA_TILE
from yakuman._core import STATUS_BAD_VISIBLE as STATUS_BAD_VISIBLE
from yakuman._core import STATUS_OK as STATUS_OK
from yakuman._core import DiscardOption as DiscardOption
from yakuman._core import ShantenState as ShantenState
from yakuman._core import Ukeire as Ukeire
from yakuman._core import _Indicators, _Melds, _Players, _Tiles, _Wind
from yakuman._core import discard_analysis as discard_analysis
from yakuman._core import ukeire as ukeire
from yakuman.rules import Rules

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

_Counts = npt.ArrayLike
_Errors = Literal["status", "raise"]
_Form = Literal["all", "regular", "chiitoitsu", "kokushi"]

MAX_DISCARDS: Final[int]

class UkeireMany(NamedTuple):
    shanten: npt.NDArray[np.int8]
    left: npt.NDArray[np.uint8]
    total: npt.NDArray[np.int16]
    status: npt.NDArray[np.uint8]

class DiscardAnalysisMany(NamedTuple):
    n: npt.NDArray[np.uint8]
    tile: npt.NDArray[np.int8]
    shanten: npt.NDArray[np.int8]
    total: npt.NDArray[np.int16]
    mask: npt.NDArray[np.uint64]
    status: npt.NDArray[np.uint8]

def ukeire_many(counts: _Counts, visible: _Counts | None = None, *, melds: int | None = None, form: _Form = "all",
                workers: int | None = 1, errors: _Errors = "status", players: _Players | None = None,
                rules: Rules | None = None) -> UkeireMany: ...
def discard_analysis_many(counts: _Counts, visible: _Counts | None = None, *, melds: int | None = None,
                          form: _Form = "all", workers: int | None = 1,
                          errors: _Errors = "status", players: _Players | None = None,
                          rules: Rules | None = None) -> DiscardAnalysisMany: ...

class WaitValue(NamedTuple):
    tile: str
    ron: int
    tsumo: int
    ron_han: int
    ron_fu: int
    tsumo_han: int
    tsumo_fu: int
    furiten: bool

def win_value(hand: _Tiles, melds: _Melds = (), *, discards: _Tiles = (), temporary_furiten: bool = False,
              riichi: bool = False, double_riichi: bool = False, ippatsu: bool = False, seat_wind: _Wind = "E",
              round_wind: _Wind = "E", dora: _Indicators = (), ura: _Indicators = (), kita: int = 0,
              honba: int = 0, riichi_sticks: int = 0, rules: Rules | None = None,
              players: _Players | None = None) -> dict[str, WaitValue]: ...
def win_value_many(counts: _Counts, *, rules: Rules | None = None, seat_wind: int = 0, round_wind: int = 0,
                   riichi: bool = False, workers: int | None = 1, players: _Players | None = None,
                   ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...
