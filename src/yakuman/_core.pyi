# Type stubs of the native core (src/yakuman/_core.pyx and its .pxi includes). Checked against the
# built module by `python -m mypy.stubtest yakuman` (tests/typing/test_typing.py).
#
# _Tile forms accepted wherever a hand is taken: an mpsz string ("123m456p0s" - 0 = red five),
# a sequence of 136-ids, a sequence of 34 counts, or a 1-D numpy integer array of either.
from collections.abc import Iterable, Sequence
from typing import Any, Final, Literal, TypeAlias

from typing_extensions import disjoint_base

import numpy as np
import numpy.typing as npt

from yakuman.errors import InvalidTilesError as InvalidTilesError
from yakuman.errors import InvalidContextError as _InvalidContextError
from yakuman.errors import InvalidMeldError as _InvalidMeldError
from yakuman.hand import Meld
from yakuman.result import Score
from yakuman.rules import Rules

_Tiles: TypeAlias = str | Sequence[int] | npt.NDArray[np.integer[Any]]
_Tile: TypeAlias = str | int
_Melds: TypeAlias = Sequence[str | Meld]
_Indicators: TypeAlias = str | Sequence[str | int]
_Wind: TypeAlias = str | int
_Form: TypeAlias = Literal["all", "regular", "chiitoitsu", "kokushi"]
# Seat count of the search forms: 3 = three players (2m-8m do not exist); None = from ``rules``, else 4.
_Players: TypeAlias = Literal[3, 4]

_U8_1D: TypeAlias = npt.NDArray[np.uint8]
_U8_2D: TypeAlias = npt.NDArray[np.uint8]
_I8: TypeAlias = npt.NDArray[np.int8]
_I16: TypeAlias = npt.NDArray[np.int16]
_U64: TypeAlias = npt.NDArray[np.uint64]
_U16: TypeAlias = npt.NDArray[np.uint16]
_U32: TypeAlias = npt.NDArray[np.uint32]
_I32: TypeAlias = npt.NDArray[np.int32]

# ---- tiles --------------------------------------------------------------------------------------
FORM_ALL: Final[int]
FORM_REGULAR: Final[int]
FORM_CHIITOITSU: Final[int]
FORM_KOKUSHI: Final[int]
SUIT_LETTERS: Final[str]
TILE_NAMES: Final[tuple[str, ...]]
OPENMP: Final[bool]

def tile_name(kind: int) -> str: ...
def shanten(tiles: _Tiles, *, form: _Form = "all", melds: int | Sequence[str | Meld] | None = None,
            players: _Players | None = None, rules: Rules | None = None) -> int: ...
def is_agari(tiles: _Tiles, *, melds: int | Sequence[str | Meld] | None = None) -> bool: ...
def waits_mask(tiles: _Tiles, *, melds: int | Sequence[str | Meld] | None = None,
               players: _Players | None = None, rules: Rules | None = None) -> int: ...
def waits(tiles: _Tiles, *, melds: int | Sequence[str | Meld] | None = None,
          players: _Players | None = None, rules: Rules | None = None) -> list[str]: ...
def parse(tiles: _Tiles, *, aka: bool = True) -> tuple[tuple[int, ...], tuple[int, int, int]]: ...
def parse_mpsz(s: str) -> tuple[tuple[int, ...], tuple[int, int, int]]: ...
def parse_136(ids: Sequence[int] | npt.NDArray[np.integer[Any]], *,
              aka: bool = True) -> tuple[tuple[int, ...], tuple[int, int, int]]: ...
def suit_decompositions(counts9: Sequence[int]) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]: ...
def tables_bytes() -> int: ...
# True when ``win`` is an int and ``hand`` a non-string container of 136-ids (not 34 counts) that
# does not hold it. Any object is accepted: what is not such a pair gives False.
def win_id_missing(hand: object, win: object) -> bool: ...
# The code of a form name (all 0, regular 1, chiitoitsu 2, kokushi 3): the check behind every
# ``form=`` argument, so it takes any object and raises InvalidArgumentError for anything else.
def form_code(form: object) -> Literal[0, 1, 2, 3]: ...

# ---- batch loops (called by yakuman.batch / yakuman.search, which allocate the outputs) ----------
STATUS_OK: Final[int]
STATUS_BAD_COPIES: Final[int]
STATUS_BAD_COUNT: Final[int]
STATUS_BAD_VISIBLE: Final[int]
STATUS_BAD_SANMA_TILE: Final[int]
SHANTEN_INVALID: Final[int]

# sanma: the code _players_code returns (1 = three players, 0 = four).
def _players_code(players: _Players | None = None, rules: Rules | None = None) -> Literal[0, 1]: ...
def _shanten_many(counts: _U8_2D, form: int, melds: int, workers: int, out: _I8, status: _U8_1D,
                  sanma: int = 0) -> None: ...
def _agari_many(counts: _U8_2D, melds: int, workers: int, out: _U8_1D, status: _U8_1D) -> None: ...
def _waits_many(counts: _U8_2D, melds: int, workers: int, out: _U64, status: _U8_1D, sanma: int = 0) -> None: ...

# ---- scoring ------------------------------------------------------------------------------------
F_TSUMO: Final[int]
F_RIICHI: Final[int]
F_DOUBLE_RIICHI: Final[int]
F_IPPATSU: Final[int]
F_RINSHAN: Final[int]
F_CHANKAN: Final[int]
F_HAITEI: Final[int]
F_HOUTEI: Final[int]
F_TENHOU: Final[int]
F_CHIIHOU: Final[int]
F_RENHOU: Final[int]
PAO_DAISANGEN: Final[int]
PAO_DAISUUSHII: Final[int]
PAO_SUUKANTSU: Final[int]
PAO_RINSHAN: Final[int]
MELD_CODES: Final[dict[str, int]]
STATUS_NAMES: Final[tuple[str, ...]]
LIMIT_NAMES: Final[tuple[str | None, ...]]
FORM_NAMES: Final[tuple[str, ...]]
WAIT_NAMES: Final[tuple[str, ...]]
GROUP_NAMES: Final[tuple[str, ...]]
SCORE_FIELDS: Final[tuple[str, ...]]

@disjoint_base  # a Cython cdef class: its C layout is its own
class CompiledRules:
    """A Rules object compiled into the C struct the scorer reads (build once, reuse)."""

    @property
    def rules(self) -> Rules: ...
    def __init__(self, rules: Rules | None = None) -> None: ...

def compiled_rules(rules: Rules | None = None) -> CompiledRules: ...
def score(
    hand: _Tiles,
    win: _Tile,
    melds: _Melds = (),
    *,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    seat_wind: _Wind = "E",
    round_wind: _Wind = "E",
    dora: _Indicators = (),
    ura: _Indicators = (),
    kita: int = 0,
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: Rules | None = None,
    pao_seat: int | None = None,
    from_seat: int | None = None,
) -> Score: ...
def _score_public(cr: CompiledRules, hand: object, win: object, melds: object, flags: int, seat_wind: object,
                  round_wind: object, dora: object, ura: object, kita: object, honba: object,
                  riichi_sticks: object, pao: int = 0) -> Score | None: ...
def _score_native(rules: CompiledRules, counts: Sequence[int], reds: Sequence[int], melds: object, win: int,
                  flags: int = 0, seat_wind: int = 0, round_wind: int = 0, dora: Sequence[int] = (),
                  ura: Sequence[int] = (), kita: int = 0, honba: int = 0, riichi_sticks: int = 0,
                  pao: int = 0) -> tuple[Any, ...]: ...
def _score_native_timeit(rules: CompiledRules, counts: Sequence[int], reds: Sequence[int], melds: object,
                         win: int, flags: int = 0, seat_wind: int = 0, round_wind: int = 0,
                         dora: Sequence[int] = (), ura: Sequence[int] = (), kita: int = 0, honba: int = 0,
                         riichi_sticks: int = 0, pao: int = 0, n: int = 100000) -> float: ...
def _score_many(cr: CompiledRules, cols: dict[str, npt.NDArray[Any]], out: dict[str, npt.NDArray[Any]],
                workers: int) -> None: ...
# (limit name, kazoe multiple, base points, hand value,
#  (discarder, dealer, non_dealer, n_non_dealer, liable, honba, sticks, total))
def _points_native(cr: CompiledRules, han: int, fu: int, yakuman: int, dealer: bool, tsumo: bool, honba: int,
                   riichi_sticks: int) -> tuple[str | None, int, int, int,
                                                tuple[int, int, int, int, int, int, int, int]]: ...
# (status, every reading as a Score, best first) of a validated hand
def _readings_native(cr: CompiledRules, counts: Sequence[int], reds: int, melds: Sequence[Meld], win: int,
                     flags: int, seat_wind: int, round_wind: int, dora: Sequence[int], ura: Sequence[int],
                     kita: int, honba: int, riichi_sticks: int) -> tuple[int, list[Score]]: ...
def _reason_text(status: int, reason: int, win: int = 0) -> str: ...

# ---- search: ukeire, discard analysis, incremental shanten --------------------------------------
class Ukeire(tuple[int, dict[str, int]]):
    """(shanten, {tile: copies left}) with named accessors; ``count`` = total copies left."""

    def __new__(cls, shanten_now: int, tiles: dict[str, int]) -> Ukeire: ...
    @property
    def shanten(self) -> int: ...
    @property
    def tiles(self) -> dict[str, int]: ...
    @property
    def count(self) -> int: ...  # type: ignore[override]  # shadows tuple.count, as at run time

@disjoint_base  # a Cython cdef class: its C layout is its own
class DiscardOption:
    """One discard of a 14-3k hand: the tile, the shanten of the 13-3k hand left, its effective
    kinds and the copies left over them."""

    @property
    def kind(self) -> int: ...
    @property
    def shanten(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def mask(self) -> int: ...
    @property
    def tile(self) -> str: ...
    @property
    def tiles(self) -> dict[str, int]: ...
    @property
    def ukeire(self) -> Ukeire: ...
    def as_tuple(self) -> tuple[str, int, dict[str, int], int]: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[int, int, int, int, bytes]]: ...

def _discard_option_of(kind: int, shanten: int, count: int, mask: int, left: bytes) -> DiscardOption: ...
def ukeire(tiles: _Tiles, *, visible: _Tiles | None = None, form: _Form = "all",
           melds: int | Sequence[str | Meld] | None = None, players: _Players | None = None,
           rules: Rules | None = None) -> Ukeire: ...
def discard_analysis(tiles: _Tiles, *, visible: _Tiles | None = None, form: _Form = "all",
                     melds: int | Sequence[str | Meld] | None = None, players: _Players | None = None,
                     rules: Rules | None = None) -> list[DiscardOption]: ...

@disjoint_base  # a Cython cdef class: its C layout is its own
class ShantenState:
    """A hand under draw/discard with its shanten kept up to date (O(1) per step)."""

    def __init__(self, tiles: _Tiles, *, form: _Form = "all",
                 melds: int | Sequence[str | Meld] | None = None, players: _Players | None = None,
                 rules: Rules | None = None) -> None: ...
    @property
    def shanten(self) -> int: ...
    @property
    def counts(self) -> tuple[int, ...]: ...
    @property
    def n_tiles(self) -> int: ...
    @property
    def melds(self) -> int: ...
    @property
    def form(self) -> str: ...
    @property
    def players(self) -> _Players: ...
    def draw(self, tile: _Tile) -> int: ...
    def discard(self, tile: _Tile) -> int: ...
    def shanten_after_draw(self, tile: _Tile) -> int: ...
    def shanten_after_discard(self, tile: _Tile) -> int: ...
    def ukeire(self, visible: _Tiles | None = None) -> Ukeire: ...
    def ukeire_mask(self, visible: _Tiles | None = None) -> tuple[int, int, int]: ...
    def discard_analysis(self, visible: _Tiles | None = None) -> list[DiscardOption]: ...
    def copy(self) -> ShantenState: ...
    def __copy__(self) -> ShantenState: ...
    def __reduce__(self) -> tuple[Any, tuple[tuple[int, ...], str, int, _Players]]: ...

def _shanten_state_of(counts: Sequence[int], form: str, melds: int,
                      players: _Players | None = 4) -> ShantenState: ...
def _ukeire_many(counts: _U8_2D, visible: _U8_2D | None, form: int, melds: int, workers: int,
                 shanten_out: _I8, left: _U8_2D, total: _I16, status: _U8_1D, sanma: int = 0) -> None: ...
def _discard_analysis_many(counts: _U8_2D, visible: _U8_2D | None, form: int, melds: int, workers: int,
                           n_out: _U8_1D, tile: _I8, shanten_out: _I8, total: _I16, mask: _U64,
                           status: _U8_1D, sanma: int = 0) -> None: ...

# ---- game engine (src/yakuman/_core_game.pxi; wrapped by yakuman.game) --------------------------
GAME_OBS_PLANES: Final[int]
GAME_OBS_SCALARS: Final[int]

# An action code: (type, seat, tile id, target, tsumogiri, consumed ids), as legal() gives it.
_ActionCode: TypeAlias = tuple[int, int, int, int, int, tuple[int, ...]]
# A play event (tsumo, dahai, chi, pon, daiminkan, ankan, nukidora, reach, dora):
# (type, actor, target, tile, tsumogiri, consumed ids).
_PlayEvent: TypeAlias = tuple[int, int, int, int, int, tuple[int, ...]]
# Any other event: the play fields, then extra, tenpai mask, han, fu, points, yaku mask,
# deltas, scores, ura indicator ids, ((yaku bit, han), ...).
_ResultEvent: TypeAlias = tuple[int, int, int, int, int, tuple[int, ...], int, int, int, int, int, int,
                                tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, int], ...]]
# (phase, actor, round_wind, kyoku, dealer, honba, sticks, tiles left, dora indicator ids, game_over,
#  end_reason, n_rounds, resp_kind, resp_tile, resp_from, n_kans, first_go)
_Table: TypeAlias = tuple[int, int, int, int, int, int, int, int, tuple[int, ...], int, int, int, int, int, int,
                          int, int]
# A meld: (type, kind, from seat, called id, added id, ids).
_GameMeld: TypeAlias = tuple[int, int, int, int, int, tuple[int, ...]]
# (sorted ids, melds, river ((id, mark), ...), riichi, double_riichi, ippatsu, riichi_furiten,
#  temp_furiten, kita ids, score, drawn, discarded kinds mask, waits mask, pao seat, draws)
_Seat: TypeAlias = tuple[tuple[int, ...], tuple[_GameMeld, ...], tuple[tuple[int, int], ...], int, int, int, int,
                         int, tuple[int, ...], int, int, int, int, int, int]
# (outcome, abort kind, winners mask, from seat (255 = none), tenpai mask, deltas)
_LastRound: TypeAlias = tuple[int, int, int, int, int, tuple[int, ...]]
_PerSeat: TypeAlias = tuple[int, ...]
_EndReason: TypeAlias = Literal["tobi", "last_hand", "sudden_death", "all_last_stop"]

@disjoint_base  # a Cython cdef class: its C layout is its own
class CompiledGameRules:
    """A Rules object compiled into the engine's ym_game_rules_t (the scorer's rules inside)."""

    @property
    def rules(self) -> Rules: ...
    def __init__(self, rules: Rules | None) -> None: ...

def compiled_game_rules(rules: Rules | None) -> CompiledGameRules: ...

@disjoint_base  # a Cython cdef class: its C layout is its own
class GameState:
    """One engine state (a ym_game_t by value)."""

    @property
    def crules(self) -> CompiledGameRules: ...
    def __init__(self, crules: CompiledGameRules, seed: int, wall: Iterable[int] | None = None,
                 scores: Sequence[int] | None = None, round_wind: int = 0, kyoku: int = 0, honba: int = 0,
                 sticks: int = 0) -> None: ...
    def next_round(self, wall: Iterable[int] | None = None) -> None: ...
    def copy(self) -> GameState: ...
    def raw(self) -> bytes: ...
    @staticmethod
    def from_raw(crules: CompiledGameRules, data: bytes) -> GameState: ...
    def legal(self, seat: int) -> list[_ActionCode]: ...
    # 0 = applied, nonzero = illegal (state unchanged)
    def step(self, type: int, seat: int, tile: int, target: int, tsumogiri: int,
             consumed: Sequence[int]) -> int: ...
    def seed_policy(self, seed: int) -> None: ...
    def policy_action(self, policy: int) -> _ActionCode | None: ...
    def events(self) -> list[_PlayEvent | _ResultEvent]: ...
    def to_act(self) -> int: ...  # mask of the seats that must decide
    def phase(self) -> int: ...
    def step_code(self, code: _ActionCode) -> int: ...
    def check(self) -> int: ...
    def determinize(self, seat: int, seed: int) -> None: ...
    def draw_tenpai(self, seat: int) -> int: ...
    def table(self) -> _Table: ...
    def seat(self, q: int) -> _Seat: ...
    def wall(self) -> tuple[int, ...]: ...
    def wall_state(self) -> tuple[int, int, int, int]: ...  # (next, live_end, n_rinshan, n_dora)
    def last_round(self) -> _LastRound: ...
    def final(self) -> tuple[_PerSeat, _PerSeat, _PerSeat]: ...  # (points, ranks, results)
    def obs_planes(self, seat: int) -> tuple[_U8_2D, _I32]: ...  # ([GAME_OBS_PLANES, 34], [GAME_OBS_SCALARS])

def seeded_wall(players: int, seed: int, round_no: int = 0) -> tuple[int, ...]: ...
def _simulate(crules: CompiledGameRules, seeds: _U64, policy: int, workers: int, scores: _I32, results: _I32,
              ranks: _U8_2D, rounds: _U16, outcomes: _U16, end_reason: _U8_1D, status: _U8_1D,
              steps: _U32) -> None: ...

# ---- settlement arithmetic shared with yakuman.settle -------------------------------------------
def settle_noten(tenpai: Sequence[bool], total: int) -> _PerSeat: ...
# (end reason or None, next round wind, next hand)
def settle_next_hand(rules: Rules | None, scores: Sequence[int], round_wind: int, hand: int, first_dealer: int,
                     repeat: bool, dealer_won_or_tenpai: bool) -> tuple[_EndReason | None, int, int]: ...
# (points, ranks, results)
def settle_final(rules: Rules | None, scores: Sequence[int], sticks: int,
                 first_dealer: int) -> tuple[_PerSeat, _PerSeat, _PerSeat]: ...

# ---- the log replay's engine driver (_core_replay.pxi) ------------------------------------------
# (flags, concealed ids, winning tile, kita ids, riichi established, pao seat or 255, dora
# indicator ids, honba, sticks) of a win about to be stepped, or None
def replay_win(st: GameState, seat: int, from_: int) -> tuple[int, tuple[int, ...], int, tuple[int, ...], bool, int,
                                                             tuple[int, ...], int, int] | None: ...
def replay_bind(d: dict[str, Any]) -> None: ...
def record_wall(rs: Any, events: Iterable[Any], players: int) -> list[int]: ...
def round_starts(events: tuple[Any, ...], cls: type) -> list[int]: ...
# (phase, round_wind * 4 + kyoku, honba, sticks, scores, end reason)
def replay_next_hand(st: GameState) -> tuple[int, int, int, int, tuple[int, ...], int]: ...
def replay_mpsz(ids: Iterable[int], aka: bool) -> str: ...
def replay_plain(events: tuple[Any, ...], kinds: tuple[type, ...], start_cls: type, end_cls: type) -> bool: ...

@disjoint_base  # a Cython cdef class: its C layout is its own
class RecordRound:
    """One round of a record driven through the engine state."""

    @property
    def st(self) -> GameState: ...
    @property
    def n(self) -> int: ...
    @property
    def base(self) -> int: ...
    @property
    def accepted(self) -> int: ...
    @property
    def acc_seats(self) -> int: ...
    @property
    def dora(self) -> int: ...
    @property
    def end_acc(self) -> int: ...
    @property
    def aka(self) -> Any: ...
    @property
    def label(self) -> Any: ...
    @property
    def out(self) -> Any: ...
    @property
    def events(self) -> tuple[Any, ...]: ...
    game: Any
    result: Any
    melds: Any
    ended: Any
    def __init__(self, cr: CompiledGameRules, aka: Any, n: int, rs: Any, events: Iterable[Any], base: int,
                 label: Any, out: Any, game: Any = None) -> None: ...
    def hora_deltas(self, seat: int) -> tuple[int, ...] | None: ...
    def run(self) -> None: ...
