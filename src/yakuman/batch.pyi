# Type stubs of yakuman.batch (checked against the module by `python -m mypy.stubtest yakuman`).
from collections.abc import Iterable, Iterator, KeysView, Mapping
from typing import Any, Final, Literal, NamedTuple, overload

import numpy as np
import numpy.typing as npt

from yakuman._core import SHANTEN_INVALID as SHANTEN_INVALID
from yakuman._core import STATUS_BAD_COPIES as STATUS_BAD_COPIES
from yakuman._core import STATUS_BAD_COUNT as STATUS_BAD_COUNT
from yakuman._core import STATUS_BAD_SANMA_TILE as STATUS_BAD_SANMA_TILE
from yakuman._core import STATUS_OK as STATUS_OK
from yakuman._core import _Players
from yakuman.random import WinningHands
from yakuman.result import Score
from yakuman.rules import Rules
from yakuman.search import STATUS_BAD_VISIBLE as STATUS_BAD_VISIBLE
from yakuman.search import DiscardAnalysisMany as DiscardAnalysisMany
from yakuman.search import UkeireMany as UkeireMany
from yakuman.search import discard_analysis_many as discard_analysis_many
from yakuman.search import ukeire_many as ukeire_many
from yakuman.yaku import Yaku

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

# An (N, 34) array of tile counts (any integer dtype) or anything numpy turns into one.
_Counts = npt.ArrayLike
_Errors = Literal["status", "raise"]
_Form = Literal["all", "regular", "chiitoitsu", "kokushi"]
_Columns = Mapping[str, npt.ArrayLike]
# One Rules, or Rules by player count ({4: Rules.tenhou(), 3: Rules.tenhou_sanma()}).
_RulesArg = Rules | Mapping[int, Rules] | None

SCORE_COLUMNS: Final[tuple[tuple[str, type[np.generic], tuple[int, ...]], ...]]
SCORE_OUTPUTS: Final[tuple[tuple[str, type[np.generic]], ...]]
STATUS_INVALID_INPUT: Final[int]

@overload
def shanten_many(counts: _Counts, *, melds: int | None = None, form: _Form = "all", workers: int | None = 1,
                 return_status: Literal[False] = False, errors: _Errors = "status",
                 players: _Players | None = None, rules: Rules | None = None) -> npt.NDArray[np.int8]: ...
@overload
def shanten_many(counts: _Counts, *, melds: int | None = None, form: _Form = "all", workers: int | None = 1,
                 return_status: Literal[True], errors: _Errors = "status", players: _Players | None = None,
                 rules: Rules | None = None) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint8]]: ...
@overload
def agari_many(counts: _Counts, *, melds: int | None = None, workers: int | None = 1,
               return_status: Literal[False] = False, errors: _Errors = "status") -> npt.NDArray[np.bool_]: ...
@overload
def agari_many(counts: _Counts, *, melds: int | None = None, workers: int | None = 1,
               return_status: Literal[True], errors: _Errors = "status",
               ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.uint8]]: ...
@overload
def waits_many(counts: _Counts, *, melds: int | None = None, workers: int | None = 1,
               as_bool: Literal[False] = False, return_status: Literal[False] = False,
               errors: _Errors = "status", players: _Players | None = None,
               rules: Rules | None = None) -> npt.NDArray[np.uint64]: ...
@overload
def waits_many(counts: _Counts, *, melds: int | None = None, workers: int | None = 1, as_bool: Literal[True],
               return_status: Literal[False] = False, errors: _Errors = "status",
               players: _Players | None = None, rules: Rules | None = None) -> npt.NDArray[np.bool_]: ...
@overload
def waits_many(counts: _Counts, *, melds: int | None = None, workers: int | None = 1, as_bool: bool = False,
               return_status: Literal[True], errors: _Errors = "status", players: _Players | None = None,
               rules: Rules | None = None,
               ) -> tuple[npt.NDArray[np.uint64] | npt.NDArray[np.bool_], npt.NDArray[np.uint8]]: ...
def names_of_mask(mask: int | np.integer[Any]) -> list[str]: ...

class ScoreBatch:
    """Columnar results of score_many: one numpy array per SCORE_OUTPUTS column (attributes or
    ``res["name"]``); ``res[i]`` is row i as a Score; ``messages`` (row -> error) when requested."""

    status: npt.NDArray[np.uint8]
    reason: npt.NDArray[np.uint8]
    han: npt.NDArray[np.int16]
    fu: npt.NDArray[np.int16]
    yakuman: npt.NDArray[np.uint8]
    limit: npt.NDArray[np.uint8]
    points: npt.NDArray[np.int32]
    from_discarder: npt.NDArray[np.int32]
    from_dealer: npt.NDArray[np.int32]
    from_non_dealer: npt.NDArray[np.int32]
    from_liable: npt.NDArray[np.int32]
    total: npt.NDArray[np.int32]
    yaku: npt.NDArray[np.uint64]
    kita: npt.NDArray[np.uint8]
    yaku_ext: npt.NDArray[np.uint8]
    messages: dict[int, str] | None
    def __init__(self, data: dict[str, npt.NDArray[Any]], cols: dict[str, Any] | None = None,
                 rules: Rules | Mapping[int, Rules] | None = None,
                 messages: dict[int, str] | None = None) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def __len__(self) -> int: ...
    def __contains__(self, name: object) -> bool: ...
    def keys(self) -> KeysView[str]: ...
    def columns(self) -> dict[str, npt.NDArray[Any]]: ...
    @overload
    def __getitem__(self, key: str) -> Any: ...
    @overload
    def __getitem__(self, key: int) -> Score: ...
    def __iter__(self) -> Iterator[str]: ...
    def rows(self) -> Iterator[Score]: ...
    def score(self, i: int) -> Score: ...
    def yaku_list(self, i: int) -> list[Yaku]: ...
    @property
    def limits(self) -> list[str | None]: ...
    @property
    def reasons(self) -> list[str]: ...
    def to_pandas(self) -> Any: ...
    def to_arrow(self) -> Any: ...

class ParsedTiles(NamedTuple):
    counts: npt.NDArray[np.uint8]
    reds: npt.NDArray[np.uint8]
    n_tiles: npt.NDArray[np.int16]
    status: npt.NDArray[np.uint8]
    messages: dict[int, str]

def parse_many(rows: Iterable[str | Iterable[int]], *, aka: bool = True, workers: int | None = 1,
               errors: _Errors = "status") -> ParsedTiles: ...
def log_row_kwargs(rec: Mapping[str, Any], rules: Rules | None = None) -> dict[str, Any]: ...

def score_many(hands: WinningHands | _Columns | Any, *, rules: _RulesArg = None, workers: int | None = 1,
               messages: bool = False) -> ScoreBatch: ...
def meld_text(kind: int, tile: int, reds: int = 0) -> str: ...
def row_kwargs(cols: Mapping[str, Any], i: int) -> dict[str, Any]: ...
def columns_from_kwargs(rows: Iterable[Mapping[str, Any]], *, rules: _RulesArg = None,
                        errors: _Errors = "status") -> dict[str, npt.NDArray[Any]]: ...
def _missing(v: object) -> bool: ...  # None, NaN or pandas.NA (a frame's empty cell)
def columns_from_frame(frame: Any, *, rules: _RulesArg = None) -> dict[str, npt.NDArray[Any]]: ...
def default_rules_by_players() -> dict[int, Rules]: ...
def rules_by_players(rules: _RulesArg, where: str = "rules") -> dict[int, Rules] | None: ...
