"""What the engine driver reads from a record's rounds: the win and draw cases of the log replay.

:func:`engine_win_case` / :func:`engine_draw_case` turn the engine state at a win or a draw of a
round driven by :func:`yakuman.game.records.drive` into :class:`WinCase` / :class:`DrawCase`
(every input of ``yakuman.score`` as :class:`ScoreInputs`, WITHOUT the record's yaku list; only
the ura indicators come from the win record). :func:`plain` is the shape of events the driver
reads. This module sits below the driver (``yakuman.game.records`` imports it); the replay API
above it is :mod:`yakuman.logs.replay`.
"""

from __future__ import annotations

from yakuman._arrays import shown
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from yakuman import _core
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    Game,
    GameEnd,
    LogError,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
    label_of,
    tile_str,
)

__all__ = [
    "DiscardInfo",
    "DrawCase",
    "RoundResult",
    "ScoreInputs",
    "WinCase",
    "engine_draw_case",
    "engine_win_case",
    "meld_string",
    "plain",
]

_WINDS = "ESWN"
_MELD_KIND = {"chi": "chi", "pon": "pon", "daiminkan": "minkan", "kakan": "kakan", "ankan": "ankan"}


def _mpsz(ids: Iterable[int], aka: bool) -> str:
    """Canonical mpsz of 136-ids (suits m p s z, ranks ascending, red five as 0 first)."""
    groups: list[list[str]] = [[], [], [], []]
    for t in sorted(ids):
        k = t >> 2
        suit = k // 9 if k < 27 else 3
        digit = "0" if aka and t in (16, 52, 88) else str(k % 9 + 1 if k < 27 else k - 26)
        groups[suit].append(digit)
    return "".join("".join(g) + "mpsz"[i] for i, g in enumerate(groups) if g)


def meld_string(call: Call, aka: bool = True) -> str:
    """A call as a yakuman meld string (``"pon 777z"``, ``"minkan 5055s"``; kita has none)."""
    if not isinstance(call, Call) or call.kind not in _MELD_KIND:
        from yakuman.errors import InvalidArgumentError

        raise InvalidArgumentError(f"meld_string takes a record's Call (not kita), not {shown(call, 60)}")
    kind = _MELD_KIND[call.kind]
    return f"{kind} {_mpsz(call.tiles, aka)}"


@dataclass(frozen=True, slots=True)
class ScoreInputs:
    """Exactly the parameters of ``yakuman.score``: ``score(**inputs.kwargs())``."""

    hand: str
    win: str
    melds: tuple[str, ...] = ()
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    dora: str = ""
    ura: str = ""
    kita: int = 0
    honba: int = 0
    riichi_sticks: int = 0
    rules: Any = None

    def kwargs(self) -> dict:
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


@dataclass(frozen=True, slots=True)
class WinCase:
    """One win: the derived inputs, the table context and the record's announced result.
    ``index`` orders the winners of a multiple ron (0 = first in turn order from the discarder).
    ``inputs.honba``/``inputs.riichi_sticks`` are what this winner collects: under
    ``multi_ron_bonus="nearest"`` (Tenhou) a later winner collects neither, so they are 0;
    ``table_honba``/``table_sticks`` are the table's counts (Tenhou's record repeats the honba
    for every winner and gives the sticks to the first)."""

    source: str
    round: RoundStart
    index: int
    event_index: int
    seat: int
    from_seat: int
    dealer: int
    players: int
    closed: tuple[int, ...]
    win_tile: int
    melds: tuple[Call, ...]
    kita: int
    kita_tiles: tuple[int, ...]
    riichi_declared: bool
    pao_seat: int | None
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    table_honba: int
    table_sticks: int
    inputs: ScoreInputs
    record: Win

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat

    def situation(self) -> dict[str, bool]:
        i = self.inputs
        return {
            k: getattr(i, k)
            for k in (
                "riichi",
                "double_riichi",
                "ippatsu",
                "haitei",
                "houtei",
                "rinshan",
                "chankan",
                "tenhou",
                "chiihou",
            )
        }


@dataclass(frozen=True, slots=True)
class DrawCase:
    """A drawn round with the replayed table: ``closed[seat]`` concealed ids, ``melds[seat]``,
    ``discards[seat]`` (DiscardInfo, called flags included), ``riichi[seat]`` established."""

    source: str
    round: RoundStart
    event_index: int
    record: Ryuukyoku
    closed: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Call, ...], ...]
    discards: tuple[tuple[DiscardInfo, ...], ...]
    riichi: tuple[bool, ...]
    honba: int
    riichi_sticks: int


@dataclass(slots=True)
class DiscardInfo:
    tile: int
    tsumogiri: bool
    riichi: bool = False  # the riichi declaration tile
    called: bool = False  # claimed by a chi/pon/daiminkan (or robbed / ronned: see won)
    won: bool = False  # somebody ronned it


@dataclass(slots=True)
class RoundResult:
    start: RoundStart
    wins: list[WinCase] = field(default_factory=list)
    draw: DrawCase | None = None


_PLAIN = (Draw, Discard, Call, RiichiDeclare, RiichiAccept, NewDora, Win, Ryuukyoku, RoundStart)


def plain(events: tuple) -> bool:
    """The events are GameStart, then rounds (each from its RoundStart), then at most a GameEnd:
    the shape the engine driver reads."""
    return _core.replay_plain(tuple(events), _PLAIN, RoundStart, GameEnd)


def _shape_error(game: Game) -> LogError:
    """The LogError of a record that is not :func:`plain`: the first event out of shape."""
    evs = tuple(game.events)
    if len(evs) < 2 or type(evs[1]) is not RoundStart:
        e = evs[1] if len(evs) > 1 else None
        return LogError(
            "the record has no round" if e is None else f"{type(e).__name__} before the first RoundStart",
            game.source, None, 1, e)
    label = None
    for i in range(1, len(evs)):
        e = evs[i]
        if type(e) is RoundStart:
            label = label_of(e)
        elif type(e) is GameEnd and i == len(evs) - 1:
            break
        elif type(e) not in _PLAIN:
            what = "a GameEnd before the record's end" if type(e) is GameEnd else f"unexpected event type {type(e).__name__}"
            return LogError(what, game.source, label, i, e)
    return LogError("events out of shape", game.source, label, None)



_FLAG_NAMES = (
    (1 << 1, "riichi"),
    (1 << 2, "double_riichi"),
    (1 << 3, "ippatsu"),
    (1 << 4, "rinshan"),
    (1 << 5, "chankan"),
    (1 << 6, "haitei"),
    (1 << 7, "houtei"),
    (1 << 8, "tenhou"),
    (1 << 9, "chiihou"),
    (1 << 10, "renhou"),
)


def engine_win_case(r: Any, e: Win, index: int, info: tuple, order: int) -> WinCase:
    """A WinCase from the engine's view of a win (``_core.replay_win``) in the driven round ``r``
    (``order``: the win's place among the round's winners; the driver has checked that the
    record's hand and winning tile are the engine's)."""
    flags, ids, tile, kita_ids, established, pao, dora, honba, sticks = info
    s, f = e.seat, e.from_seat
    closed = tuple(sorted(ids if s == f else ids + (tile,)))
    source, rules, aka = r.game
    rs, n = r.start, r.n
    dealer = rs.dealer
    bonus = order == 0 or rules.multi_ron_bonus == "each"
    ura = tuple(e.ura) if (established and e.ura) else ()
    melds = tuple(r.melds[s])
    sit = {name: bool(flags & bit) for bit, name in _FLAG_NAMES}
    inputs = ScoreInputs(
        hand=_core.replay_mpsz(closed, aka),
        win=tile_str(tile, aka),
        melds=tuple(f"{_MELD_KIND[m.kind]} {_core.replay_mpsz(m.tiles, aka)}" for m in melds),
        tsumo=s == f,
        seat_wind=_WINDS[(s - dealer) % n],
        round_wind=_WINDS[(rs.round // 4) % 4],
        dora=_core.replay_mpsz(dora, aka),
        ura=_core.replay_mpsz(ura, aka),
        kita=len(kita_ids),
        honba=honba if bonus else 0,
        riichi_sticks=sticks if bonus else 0,
        rules=rules,
        **sit,
    )
    return WinCase(
        source=source,
        round=rs,
        index=order,
        event_index=index,
        seat=s,
        from_seat=f,
        dealer=dealer,
        players=n,
        closed=closed,
        win_tile=tile,
        melds=melds,
        kita=len(kita_ids),
        kita_tiles=kita_ids,
        riichi_declared=established,
        pao_seat=None if pao == 255 else pao,
        dora_indicators=dora,
        ura_indicators=ura,
        table_honba=honba,
        table_sticks=sticks,
        inputs=inputs,
        record=e,
    )


def engine_draw_case(r: Any, e: Ryuukyoku, index: int) -> DrawCase:
    """A DrawCase from the engine state at the end of the driven round ``r`` (the driver has
    checked that the hands the record shows are the engine's)."""
    st, n = r.st, r.n
    seats = [st.seat(q) for q in range(n)]
    source, rules, aka = r.game
    rs = r.start
    return DrawCase(
        source=source,
        round=rs,
        event_index=index,
        record=e,
        closed=tuple(p[0] for p in seats),
        melds=tuple(tuple(m) for m in r.melds),
        discards=tuple(
            tuple(DiscardInfo(t, bool(m & 1), bool(m & 2), bool(m & 4), bool(m & 8)) for t, m in p[2]) for p in seats
        ),
        riichi=tuple(p[3] == 2 for p in seats),
        honba=rs.honba,
        riichi_sticks=rs.sticks + r.accepted,
    )


