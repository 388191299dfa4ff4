"""The common event model every log reader produces and every writer consumes.

A game record is a :class:`Game`: its ``source`` (a path or label) and a flat tuple of events,
``GameStart``, then for each round ``RoundStart`` followed by the play (``Draw``, ``Discard``,
``Call``, ``RiichiDeclare``, ``RiichiAccept``, ``NewDora``) and one or more results (``Win``; a
double ron gives two) or one ``Ryuukyoku``; finally ``GameEnd`` when the record has it.

Invariants (every reader keeps them; the replay checks them):
- tiles are 136-ids (kind = id // 4, kinds 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s,
  27-33 = E S W N haku hatsu chun); with red fives on, ids 16, 52 and 88 are the red fives.
  Formats that name tiles without copies (tenhou.net/6 JSON, mjai) get canonical ids: the red
  five is copy 0, other tiles take the lowest copy not yet in play in the round (see
  :class:`IdAllocator`), so ids are unique within a round.
- seats are absolute (0 = the first dealer of the game); a ``Call`` names the source seat.
- scores, deltas and points are in points (Tenhou's mjlog hundreds are multiplied out).
- ``RoundStart.round`` is Tenhou's round index: 0-3 = East 1-4, 4-7 = South 1-4, 8-11 West.
- optional fields are ``None`` when the source format does not carry them (a tenhou.net/6
  record has no winning hand list; mjai has no fu unless a writer added it).

Sources: Tenhou's mjlog tags and GO bits as described in docs/logs.md (mjlog format);
the tenhou.net/6 and mjai layouts as described in tenhou_json.py and mjai.py.
"""

from __future__ import annotations

import re

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, Union

from yakuman._arrays import as_int
from yakuman.errors import InvalidArgumentError, YakumanError
from yakuman._arrays import rep, shown

__all__ = [
    "GameStart",
    "RoundStart",
    "Draw",
    "Discard",
    "Call",
    "RiichiDeclare",
    "RiichiAccept",
    "NewDora",
    "Win",
    "Ryuukyoku",
    "GameEnd",
    "Event",
    "Game",
    "LogError",
    "LogFormatError",
    "IdAllocator",
    "CALL_KINDS",
    "RYUUKYOKU_REASONS",
    "LIMITS",
    "YAKU_NAMES",
    "yaku_bit",
    "yaku_name",
    "round_label",
    "exact_int",
    "exact_result",
    "tile_str",
    "format_errors",
    "MAX_DECOMPRESSED",
]

#: Default limit on the decompressed size of one gzip file (bytes): a record is at most a few
#: hundred kB, so anything past 64 MiB is refused as a per-file error (``max_bytes`` raises it).
MAX_DECOMPRESSED = 64 << 20

CALL_KINDS = ("chi", "pon", "daiminkan", "kakan", "ankan", "kita")
# Reasons of Ryuukyoku: "exhaustive" (wall ran out), "nagashi_mangan" (exhaustive, paid as nagashi),
# and the abortive draws named as the keys of Rules.abortive_draws.
RYUUKYOKU_REASONS = (
    "exhaustive",
    "nagashi_mangan",
    "kyuushu_kyuuhai",
    "suufon_renda",
    "suucha_riichi",
    "suukaikan",
    "sanchahou",
)
LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
# Romaji ids of Tenhou's yaku ids 0-54 (= the bits of yakuman.yaku.Yaku).
YAKU_NAMES = (
    "menzen_tsumo",
    "riichi",
    "ippatsu",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "pinfu",
    "tanyao",
    "iipeikou",
    "jikaze_ton",
    "jikaze_nan",
    "jikaze_sha",
    "jikaze_pei",
    "bakaze_ton",
    "bakaze_nan",
    "bakaze_sha",
    "bakaze_pei",
    "haku",
    "hatsu",
    "chun",
    "double_riichi",
    "chiitoitsu",
    "chanta",
    "ittsu",
    "sanshoku_doujun",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "junchan",
    "honitsu",
    "chinitsu",
    "renhou",
    "tenhou",
    "chiihou",
    "daisangen",
    "suuankou",
    "suuankou_tanki",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren_poutou",
    "junsei_chuuren_poutou",
    "kokushi",
    "kokushi_13",
    "daisuushii",
    "shousuushii",
    "suukantsu",
    "dora",
    "ura_dora",
    "aka_dora",
)


def yaku_name(bit: int) -> str:
    """The mjai name of a yaku bit: Tenhou's name for ids 0-54, else the lower-case
    ``yakuman.Yaku`` member name (local yaku, kita, the local rules' open_riichi ... paarenchan)."""
    b = as_int(bit, 0)
    if b is None:
        raise InvalidArgumentError(f"a yaku bit is a non-negative integer, not {shown(bit, 40)}")
    bit = b
    if 0 <= bit < len(YAKU_NAMES):
        return YAKU_NAMES[bit]
    from yakuman.yaku import Yaku

    try:
        name = Yaku(1 << bit).name   # None for a bit no member has (an IntFlag pseudo-member)
    except ValueError:
        name = None
    return name.lower() if name else str(bit)


def yaku_bit(name: str) -> int:
    """The inverse of :func:`yaku_name` (a decimal bit number is read too); ValueError otherwise."""
    from yakuman.yaku import Yaku

    if not isinstance(name, str):
        raise InvalidArgumentError(f"a yaku name is a string, not {shown(name, 40)}")
    if name in _YAKU_BITS:
        return _YAKU_BITS[name]
    member = Yaku.__members__.get(name.upper())
    if member is not None and member.value & (member.value - 1) == 0:
        return member.value.bit_length() - 1
    if not (name.isascii() and name.isdecimal()):
        raise InvalidArgumentError(f"unknown yaku {shown(name, 40)}")
    return int(name)


_YAKU_BITS = {name: i for i, name in enumerate(YAKU_NAMES)}
_TILE_NAMES = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8))


def tile_str(tile: int, aka: bool = True) -> str:
    """mpsz name of one 136-id (``'0m'`` for a red five when ``aka``)."""
    t = as_int(tile, 0, 135)
    if t is None:
        raise InvalidArgumentError(f"136-id {shown(tile, 40)} is not an integer in 0..135")
    tile = t
    if aka and tile in (16, 52, 88):
        return "0" + "mps"[tile // 36]
    return _TILE_NAMES[tile >> 2]


def exact_int(x: object) -> int:
    """A point value read from a record: an integer (Python int of any size, a string of one, or
    a float that is a whole number below 2^53: only below it is the integer a float stands for
    unique). A bool, a fraction, an inf / nan or a float of 2^53 or more (whose integer is not
    known) raises ValueError, which the readers report as a LogFormatError naming the event: a
    record's scores are read exactly or not at all (aotenjou games write values far beyond 2^31)."""
    if type(x) is int:
        return x
    if isinstance(x, float):
        if x.is_integer() and abs(x) < 2**53:
            return int(x)
        raise ValueError(f"point value {rep(x)} is not an exact integer (a float holds integers exactly only to 2^53)")
    if isinstance(x, str):
        return int(x)
    raise ValueError(f"point value {rep(x)} is not an integer")


def exact_result(x: object) -> int | float:
    """A final result (points with uma and oka, or Tenhou's thousands with a decimal): an integer
    stays exact (exact_int), a float stays a float."""
    return float(x) if isinstance(x, float) else exact_int(x)


def round_label(round_index: int, honba: int = 0) -> str:
    """``E1-0`` style label of a round index and honba."""
    if as_int(round_index) is None or as_int(honba) is None:
        raise InvalidArgumentError(f"round_label takes integers, not {shown(round_index, 20)} and {shown(honba, 20)}")
    return f"{'ESWN'[(round_index // 4) % 4]}{round_index % 4 + 1}-{honba}"


def require_record(game: Any) -> None:
    """Refuse anything but a :class:`Game` where a record is expected (the writers, the record
    drivers, the verifier): the caller's InvalidContextError naming the type, not an
    AttributeError from inside. The one place this is checked."""
    if not isinstance(game, Game):
        from yakuman.errors import InvalidContextError

        raise InvalidContextError(f"a record must be a yakuman.logs Game (yakuman.logs.read), "
                                  f"not {type(game).__name__}")


def label_of(rs: Any) -> str:
    """The label of a round start (:func:`round_label` of its round and honba), or its raw fields
    when they are not numbers (a mangled record: the label goes into the error that reports it)."""
    try:
        return round_label(rs.round, rs.honba)
    except Exception:  # noqa: BLE001 - a mangled round start
        return f"{rs.round!r}-{rs.honba!r}"


class LogError(YakumanError):
    """An inconsistent or unreadable game record. ``source``, ``round`` (label or None),
    ``index`` (event index in the game, or None) and ``problem`` are attributes."""

    def __init__(
        self,
        problem: str,
        source: str = "",
        round: str | None = None,
        index: int | None = None,
        event: object = None,
    ) -> None:
        self.problem = problem
        self.source = source
        self.round = round
        self.index = index
        self.event = event
        where = [source or "<log>"]
        if round is not None:
            where.append(f"round {round}")
        if index is not None:
            where.append(f"event {index}" + (f" {event!r}" if event is not None else ""))
        super().__init__(f"{', '.join(where)}: {problem}")


class LogFormatError(LogError):
    """A file that cannot be parsed at all (corrupt, truncated, not a game record)."""


# What malformed data makes Python code raise when it trusts a type or a shape: a number where a
# list was expected ("name": 5), a missing key, an index past the end, text that is no number...
_MALFORMED = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, ZeroDivisionError)


@contextmanager
def format_errors(source: str, round: str | None = None, index: int | None = None, what: str = "record"):
    """The one boundary of every reader: inside it, a LogError passes unchanged and any exception
    that malformed data can cause (wrong JSON types, nesting past the recursion limit, bad numbers)
    becomes a LogFormatError naming the file and, when given, the round and the event."""
    try:
        yield
    except LogError:
        raise
    except RecursionError:
        raise LogFormatError(f"malformed {what}: nested too deeply to read", source, round, index) from None
    except _MALFORMED as e:
        raise LogFormatError(f"malformed {what}: {type(e).__name__}: {e}", source, round, index) from None


_LONE = re.compile("[\ud800-\udfff]")


def player_names(values) -> tuple[str, ...]:
    """Player names as every reader keeps them: text any output can write (a lone surrogate,
    possible in JSON as "\udc80", becomes U+FFFD, so that one record cannot stop a whole run's
    report, JSON or Parquet output)."""
    return tuple(_LONE.sub("\ufffd", str(x)) for x in values)


@dataclass(frozen=True, slots=True)
class GameStart:
    """Rules and players. ``length`` is ``"hanchan"`` or ``"tonpuusen"``; ``go_type`` is
    Tenhou's lobby bit field when known; ``special`` marks Tenhou's special tables
    (chip/ratio rooms, GO bits 0x100-0x800), whose point rounding differs."""

    players: int = 4
    aka: bool = True
    kuitan: bool = True
    length: str = "hanchan"
    go_type: int | None = None
    names: tuple[str, ...] = ()
    game_id: str | None = None
    seed: str | None = None
    special: bool = False

    def rules(self):
        """The :class:`yakuman.rules.Rules` these records were played under (Tenhou preset
        with players / red fives / open tanyao / length set from the header). Cached: Rules
        is frozen, and building one costs more than replaying a round."""
        return _tenhou_rules(self.players, self.aka, self.kuitan, self.length)


@lru_cache(maxsize=64)
def _tenhou_rules(players: int, aka: bool, kuitan: bool, length: str):
    from yakuman.rules import Rules

    base = Rules.tenhou_sanma() if players == 3 else Rules.tenhou()
    return base.replace(aka_dora=1 if aka else 0, kuitan=kuitan, length=length)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """A dealt round. ``hands[seat]`` = 13 ids (empty for the missing seat in sanma)."""

    round: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    dora_indicator: int
    hands: tuple[tuple[int, ...], ...]

    @property
    def label(self) -> str:
        return round_label(self.round, self.honba)


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: int
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """A call. ``tiles`` = every tile of the meld as sorted 136-ids (kakan: all four; kita:
    the one North). ``called`` = the claimed tile (chi/pon/daiminkan; for kakan the tile
    claimed by the original pon when known), ``from_seat`` its source (None for ankan/kita),
    ``added`` = the tile added by a kakan."""

    seat: int
    kind: str
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None
    added: int | None = None


@dataclass(frozen=True, slots=True)
class RiichiDeclare:
    seat: int


@dataclass(frozen=True, slots=True)
class RiichiAccept:
    """The riichi stick is down (the declaration discard passed). ``scores`` after it, if known."""

    seat: int
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class NewDora:
    indicator: int


@dataclass(frozen=True, slots=True)
class Win:
    """A win (agari) as the record announces it. ``from_seat == seat`` for tsumo.
    ``hand`` = concealed tiles including the winning tile; ``yaku`` = ((tenhou_id, han), ...)
    with dora/aka/ura entries; ``yakuman`` = tenhou ids of the yakuman (one entry per
    multiple); ``han`` is 13 per yakuman on yakuman hands; ``points`` excludes honba and
    sticks; ``deltas`` = every seat's score change; ``scores`` = the scores before it;
    ``honba``/``sticks`` as the record states them."""

    seat: int
    from_seat: int
    hand: tuple[int, ...] | None = None
    win_tile: int | None = None
    fu: int | None = None
    han: int | None = None
    points: int | None = None
    limit: str | None = None
    yaku: tuple[tuple[int, int], ...] = ()
    yakuman: tuple[int, ...] = ()
    dora: tuple[int, ...] | None = None
    ura: tuple[int, ...] | None = None
    deltas: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None
    pao_seat: int | None = None
    honba: int | None = None
    sticks: int | None = None

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True, slots=True)
class Ryuukyoku:
    """A drawn round. ``reason`` in RYUUKYOKU_REASONS; ``tenpai[seat]`` when known;
    ``hands[seat]`` = the shown hand (tenpai hands at an exhaustive draw) or None."""

    reason: str
    tenpai: tuple[bool, ...] | None = None
    hands: tuple[tuple[int, ...] | None, ...] | None = None
    deltas: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None

    @property
    def abortive(self) -> bool:
        return self.reason not in ("exhaustive", "nagashi_mangan")


@dataclass(frozen=True, slots=True)
class GameEnd:
    """Final scores (points) and, when the record has them, the final results with uma/oka."""

    scores: tuple[int, ...]
    result: tuple[int | float, ...] | None = None   # ints stay exact (exact_result)


Event = Union[
    GameStart, RoundStart, Draw, Discard, Call, RiichiDeclare, RiichiAccept, NewDora, Win, Ryuukyoku, GameEnd
]


@dataclass(frozen=True, slots=True)
class Game:
    """One game record: where it came from and its events (``events[0]`` is the GameStart).
    ``truncated`` says why a record read leniently (``strict=False``) was cut short; its last,
    unfinished round is then left out (the complete rounds before it are kept)."""

    source: str
    events: tuple
    truncated: str | None = None

    @property
    def start(self) -> GameStart:
        return self.events[0]

    def rounds(self) -> Iterator[tuple[int, tuple]]:
        """(event index of the RoundStart, that round's events from RoundStart to its result(s))."""
        start = None
        evs = self.events
        for i, e in enumerate(evs):
            if type(e) is RoundStart:
                if start is not None:
                    yield start, evs[start:i]
                start = i
            elif type(e) is GameEnd and start is not None:
                yield start, evs[start:i]
                start = None
        if start is not None:
            yield start, evs[start:]

    def wins(self) -> list[Win]:
        return [e for e in self.events if type(e) is Win]


def event_dict(e: object) -> dict:
    """``{"type": ClassName, field: value, ...}`` (for printing and JSON)."""
    d = {"type": type(e).__name__}
    for f in fields(e):  # type: ignore[arg-type]
        d[f.name] = getattr(e, f.name)
    return d


class IdAllocator:
    """Gives canonical 136-ids to tiles named without a copy number, unique in a round.

    ``take(kind, red)``: the red five is copy 0 (ids 16/52/88) when red fives are on; other
    tiles take the lowest copy not yet handed out (copy 0 of a five is skipped when red fives
    are on). A fifth copy raises :class:`LogError` (the caller adds where).
    """

    __slots__ = ("aka", "used")

    def __init__(self, aka: bool = True) -> None:
        self.aka = aka
        self.used = [0] * 34  # bit mask of copies handed out per kind

    def reset(self) -> None:
        self.used = [0] * 34

    def take(self, kind: int, red: bool = False) -> int:
        used = self.used[kind]
        five = kind < 27 and kind % 9 == 4
        if red:
            if not five:
                raise LogError(f"{_TILE_NAMES[kind]} has no red copy")
            if used & 1:
                raise LogError(f"second red {_TILE_NAMES[kind]}")
            self.used[kind] = used | 1
            return kind * 4
        start = 1 if (five and self.aka) else 0
        for c in range(start, 4):
            if not used >> c & 1:
                self.used[kind] = used | (1 << c)
                return kind * 4 + c
        raise LogError(f"fifth copy of {_TILE_NAMES[kind]}" + (" (non-red)" if five and self.aka else ""))
