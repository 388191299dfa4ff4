"""Replay a game's events through the game engine and give each win's scoring inputs.

:func:`replay` is a thin adapter over the engine: :func:`yakuman.game.records.drive` steps the
native engine through the record round by round (every decision must be legal, every automatic
transition equal to the record) and, at each ``Win``, reads from the engine state just before
the win is stepped the concealed tiles, melds, kita, dora indicators, riichi state, honba,
sticks, pao seat and the situation flags (riichi, double riichi, ippatsu, rinshan, chankan,
haitei, houtei, tenhou, chiihou, renhou: the engine's ``ym_game_win_flags``, the flags its own
scorer takes); :func:`engine_win_case` / :func:`engine_draw_case` turn that into
:class:`WinCase` / :class:`DrawCase` (every input of ``yakuman.score`` as :class:`ScoreInputs`,
WITHOUT the record's yaku list; only the ura indicators come from the win record).

A record the engine does not accept as it stands (an inconsistent record, or play the rules in
force do not allow) is read on its own terms by :class:`Replayer` (:func:`replay_record`): it
keeps per seat the concealed tiles, melds, discards, riichi state, ippatsu window, kita,
first-turn state and per table the indicators, the draws left, the rinshan draw, honba and
sticks, and raises :class:`LogError` naming the source, round and event of an inconsistency (a
discard not in the hand, a call of a tile that was not just discarded, a draw out of turn, a win
hand that differs from the replayed one); a consistent record the engine refuses still gives its
cases. On real records both readings give the same cases (tests/logs/test_replay_engine.py).

The Replayer's reading (Tenhou; checked against 30k real Tenhou wins, tests/golden):
- draws left: 70 (4 players) / 55 (3 players) at the deal, one fewer per draw of any kind, so
  every kan or kita moves haitei one tile earlier; haitei = tsumo on a non-rinshan draw that
  leaves 0; houtei = ron on the discard after it, unless that draw was a rinshan draw (both per
  ``Rules.haitei_houtei_with_rinshan``: :func:`last_tile_win`).
- any call (chi, pon, any kan, and a sanma kita) ends every ippatsu window and the
  uninterrupted first go-around (double riichi, tenhou, chiihou); a kakan does so only once it
  stands (a chankan ron on it keeps the robber's ippatsu); the riichi player's next discard ends
  his window.
- rinshan = tsumo on the replacement draw after a kan or a kita.
- chankan = ron on a kakan's added tile (or on an ankan's tile, kokushi only).
- pao: the seat that fed the pon/daiminkan completing a third dragon set or fourth wind set.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from yakuman import _core
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    Game,
    GameEnd,
    GameStart,
    LogError,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
    tile_str,
)

__all__ = [
    "ScoreInputs",
    "WinCase",
    "DrawCase",
    "RoundResult",
    "DiscardInfo",
    "Replayer",
    "SeatState",
    "replay",
    "iter_wins",
    "meld_string",
    "KITA_BREAKS_IPPATSU",
    "KITA_BREAKS_FIRST_TURN",
    "last_tile_win",
    "replay_record",
    "engine_rounds",
]

# Tenhou sanma: pulling a North (kita) ends every ippatsu window and the uninterrupted first
# go-around like a call does (with False, 76 riichi wins of the records disagree on ippatsu or
# double riichi; with True all agree). The replacement draw after it is a rinshan draw (129 wins).
KITA_BREAKS_IPPATSU = True
KITA_BREAKS_FIRST_TURN = True

_WINDS = "ESWN"
_MELD_KIND = {"chi": "chi", "pon": "pon", "daiminkan": "minkan", "kakan": "kakan", "ankan": "ankan"}


def last_tile_win(tsumo: bool, left: int, rinshan_draw: bool, rules: Any) -> tuple[bool, bool]:
    """``(haitei, houtei)`` of a tsumo or of a ron on a discard (not a chankan).

    ``left`` = live-wall tiles left after the latest draw; ``rinshan_draw`` = that draw was a
    replacement (rinshan) draw: the winner's own draw for a tsumo, the discarder's for a ron.
    Haitei = tsumo on the last live-wall tile; houtei = ron on the discard made after the last
    live-wall draw. When that last draw was a rinshan draw neither counts (the tsumo is rinshan
    only) unless ``rules.haitei_houtei_with_rinshan``.
    """
    if left != 0 or (rinshan_draw and not rules.haitei_houtei_with_rinshan):
        return False, False
    return tsumo, not tsumo


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


class SeatState:
    """One seat during replay: ``hand`` (concealed 136-ids), ``melds`` (Call events; a kakan
    replaces its pon), ``discards`` (DiscardInfo), ``riichi`` (0 none, 1 declared, 2 stick
    down), ``riichi_index`` (the declaration tile's index in discards), ``double``,
    ``ippatsu`` (window open), ``kita``/``kita_tiles``, ``draws``, ``last_draw``,
    ``rinshan_next`` (the next draw is a replacement draw), dragon/wind set counts and ``pao``."""

    __slots__ = (
        "hand",
        "melds",
        "discards",
        "riichi",
        "riichi_index",
        "double",
        "ippatsu",
        "kita",
        "kita_tiles",
        "draws",
        "last_draw",
        "rinshan_next",
        "dragon_sets",
        "wind_sets",
        "pao",
    )

    def __init__(self, hand: list[int]) -> None:
        self.hand = hand
        self.melds: list[Call] = []
        self.discards: list[DiscardInfo] = []
        self.riichi = 0  # 0 none, 1 declared (stick not down yet), 2 established
        self.riichi_index = -1  # index of the declaration tile in discards
        self.double = False
        self.ippatsu = False
        self.kita = 0
        self.kita_tiles: list[int] = []
        self.draws = 0
        self.last_draw = -1
        self.rinshan_next = False
        self.dragon_sets = 0
        self.wind_sets = 0
        self.pao: int | None = None

    @property
    def is_open(self) -> bool:
        return any(m.kind != "ankan" for m in self.melds)


class Replayer:
    """Feeds the events of one game; ``results`` collects a RoundResult per round.
    The per-round table is public for inspection: ``seats``, ``dora``, ``left``, ``sticks``."""

    def __init__(self, source: str = "", start: GameStart | None = None, rules: Any = None) -> None:
        self.source = source
        self.start = start or GameStart()
        self.n = self.start.players
        self.aka = self.start.aka
        self.rules = self.start.rules() if rules is None else rules
        self.results: list[RoundResult] = []
        self.round: RoundStart | None = None
        self.index = 0
        self.event: Any = None
        self._events: tuple | None = None
        self._ended = True
        self.seats: list[SeatState] = []

    # -- errors ---------------------------------------------------------------------------
    def fail(self, problem: str) -> LogError:
        event = (
            self._events[self.index]
            if self._events is not None and 0 <= self.index < len(self._events)
            else self.event
        )
        return LogError(problem, self.source, self.round.label if self.round else None, self.index, event)

    # -- driving ----------------------------------------------------------------------------
    def feed(self, index: int, e: Any) -> None:
        """Apply one event (``index`` = its position in the game, for error messages)."""
        self.index = index
        self.event = e
        handler = self._handlers.get(type(e))
        try:
            if handler is None:
                raise self.fail(f"unknown event type {type(e).__name__}")
            handler(e)
        except LogError:
            raise
        except (IndexError, KeyError, TypeError, ValueError, AttributeError) as err:
            # seats or tiles out of range in a mangled record
            raise self.fail(f"malformed event ({type(err).__name__}: {err})") from None

    def run(self, events: tuple, start: int = 1) -> None:
        """Apply ``events[start:]`` (the fast loop behind :func:`replay`)."""
        handlers = self._handlers
        draw, discard = self._draw, self._discard
        i = start
        try:
            for i in range(start, len(events)):
                e = events[i]
                t = type(e)
                self.index = i
                if t is Draw:
                    draw(e)
                elif t is Discard:
                    discard(e)
                else:
                    handler = handlers.get(t)
                    if handler is None:
                        self.event = e
                        raise self.fail(f"unknown event type {t.__name__}")
                    handler(e)
        except LogError:
            raise
        except (IndexError, KeyError, TypeError, ValueError, AttributeError) as err:
            self.index, self.event = i, events[i]
            raise self.fail(f"malformed event ({type(err).__name__}: {err})") from None

    @property
    def _handlers(self) -> dict:
        h = self.__dict__.get("_handler_map")
        if h is None:
            h = {
                Draw: self._draw,
                Discard: self._discard,
                Call: self._call,
                RiichiDeclare: self._riichi,
                RiichiAccept: self._accept,
                NewDora: self._dora,
                RoundStart: self._deal,
                Win: self._win,
                Ryuukyoku: self._ryuukyoku,
                GameEnd: self._end,
                GameStart: self._end,
            }
            self.__dict__["_handler_map"] = h
        return h

    def _end(self, e: Any) -> None:
        if self.round is not None and not self._ended:
            raise self.fail("round has no result")
        self.round = None

    def _need_round(self, e: Any) -> None:
        if self.round is None:
            raise self.fail("play event outside a round")
        if self._ended:
            raise self.fail("play event after the round's result")
        seat = getattr(e, "seat", 0)
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise self.fail(f"seat {seat} out of range for {self.n} players")

    # -- round start ------------------------------------------------------------------------
    def _deal(self, e: RoundStart) -> None:
        if self.round is not None and not self._ended:
            raise self.fail("new round before the previous one has a result")
        self.round = e
        n = self.n
        if len(e.hands) != n:
            raise self.fail(f"{len(e.hands)} hands dealt, {n} players")
        if not 0 <= e.dealer < n:
            raise self.fail(f"dealer seat {e.dealer} out of range")
        seen: set[int] = set()
        for s, h in enumerate(e.hands):
            if len(h) != 13:
                raise self.fail(f"seat {s} dealt {len(h)} tiles, 13 expected")
            for t in h:
                self._check_id(t, seen)
        self._check_id(e.dora_indicator, seen)
        self.seen = seen
        self.seats = [SeatState(list(h)) for h in e.hands]
        self.dora = [e.dora_indicator]
        self.left = 70 if n == 4 else 55
        self.kans = 0
        self.sticks = e.sticks
        self.honba = e.honba
        self.no_call = True
        self.to_draw: int | None = e.dealer
        self.to_discard: int | None = None
        self.last_discard: tuple[int, int] | None = None  # (seat, tile) claimable now
        self.robbable: tuple[int, int, str] | None = None  # (seat, tile, kind) kakan/ankan/kita
        self.ippatsu_before_kan: list[bool] | None = None
        self.last_draw_rinshan = False
        self._ended = False
        self._wins_in_round = 0
        self.results.append(RoundResult(e))

    def _check_id(self, t: int, seen: set[int]) -> None:
        if not 0 <= t <= 135:
            raise self.fail(f"tile id {t} out of range 0..135")
        if t in seen:
            raise self.fail(f"tile id {t} ({tile_str(t, self.aka)}) appears twice in the round")
        seen.add(t)

    # -- play -------------------------------------------------------------------------------
    def _draw(self, e: Draw) -> None:
        if e.seat != self.to_draw:
            self._need_round(e)
            raise self.fail(f"seat {e.seat} draws out of turn (expected {self.to_draw})")
        t = e.tile
        seen = self.seen
        if t in seen or not 0 <= t < 136:
            self._check_id(t, seen)
        seen.add(t)
        if self.left <= 0:
            raise self.fail("draw from an empty wall")
        self.left -= 1
        p = self.seats[e.seat]
        p.hand.append(e.tile)
        p.last_draw = e.tile
        p.draws += 1
        self.last_draw_rinshan = p.rinshan_next
        p.rinshan_next = False
        self.to_draw = None
        self.to_discard = e.seat
        self.last_discard = None
        self.robbable = None
        self.ippatsu_before_kan = None

    def _discard(self, e: Discard) -> None:
        s = e.seat
        if s != self.to_discard:
            self._need_round(e)
            raise self.fail(f"seat {s} discards out of turn")
        p = self.seats[s]
        try:
            p.hand.remove(e.tile)
        except ValueError:
            raise self.fail(
                f"discard of {tile_str(e.tile, self.aka)} (id {e.tile}) not in the hand of seat {s}"
            ) from None
        if p.riichi == 2 and e.tile != p.last_draw:
            raise self.fail(f"seat {s} in riichi discards {tile_str(e.tile, self.aka)}, not the drawn tile")
        info = DiscardInfo(e.tile, e.tsumogiri)
        if p.riichi == 1 and p.riichi_index < 0:
            info.riichi = True
            p.riichi_index = len(p.discards)
        elif p.ippatsu:
            p.ippatsu = False
        p.discards.append(info)
        self.to_discard = None
        self.to_draw = (s + 1) % self.n
        self.last_discard = (s, e.tile)
        self.robbable = None
        self.ippatsu_before_kan = None

    def _riichi(self, e: RiichiDeclare) -> None:
        self._need_round(e)
        p = self.seats[e.seat]
        if e.seat != self.to_discard:
            raise self.fail(f"seat {e.seat} declares riichi out of turn")
        if p.riichi:
            raise self.fail(f"seat {e.seat} declares riichi twice")
        if p.is_open:
            raise self.fail(f"seat {e.seat} declares riichi with an open hand")
        p.riichi = 1
        p.double = self.no_call and not p.discards

    def _accept(self, e: RiichiAccept) -> None:
        self._need_round(e)
        p = self.seats[e.seat]
        if p.riichi != 1 or p.riichi_index < 0:
            raise self.fail(f"riichi of seat {e.seat} accepted without a declaration discard")
        p.riichi = 2
        p.ippatsu = True
        self.sticks += 1

    def _dora(self, e: NewDora) -> None:
        self._need_round(e)
        self._check_id(e.indicator, self.seen)
        if len(self.dora) > self.kans:
            raise self.fail(f"{len(self.dora) + 1} dora indicators after {self.kans} kans")
        self.dora.append(e.indicator)

    def _break_first_turn(self) -> None:
        self.no_call = False
        for q in self.seats:
            q.ippatsu = False

    def _take(self, p: SeatState, tiles: Iterable[int], seat: int) -> None:
        for t in tiles:
            try:
                p.hand.remove(t)
            except ValueError:
                raise self.fail(
                    f"call needs {tile_str(t, self.aka)} (id {t}), not in the hand of seat {seat}"
                ) from None

    def _call(self, e: Call) -> None:
        self._need_round(e)
        s, kind, tiles = e.seat, e.kind, e.tiles
        p = self.seats[s]
        kinds = [t >> 2 for t in tiles]
        if kind in ("chi", "pon", "daiminkan"):
            ld = self.last_discard
            if ld is None or ld != (e.from_seat, e.called):
                raise self.fail(
                    f"{kind} of {tile_str(e.called or 0, self.aka)} from seat {e.from_seat}, "
                    "which is not the tile just discarded"
                )
            if e.from_seat == s:
                raise self.fail(f"seat {s} calls its own discard")
            if e.called not in tiles:
                raise self.fail(f"{kind} tiles do not contain the called tile")
            if kind == "chi":
                if self.n == 3 or e.from_seat != (s - 1) % self.n:
                    raise self.fail(f"chi by seat {s} from seat {e.from_seat}, not the previous player")
                ks = sorted(kinds)
                if len(ks) != 3 or ks[0] >= 27 or ks[0] % 9 > 6 or ks != [ks[0], ks[0] + 1, ks[0] + 2]:
                    raise self.fail("chi tiles are not a sequence of one suit")
            elif len(tiles) != (3 if kind == "pon" else 4) or len(set(kinds)) != 1:
                raise self.fail(f"{kind} tiles are not {3 if kind == 'pon' else 4} of a kind")
            if p.riichi == 2:
                raise self.fail(f"seat {s} in riichi calls {kind}")
            rest = list(tiles)
            rest.remove(e.called)
            self._take(p, rest, s)
            self.seats[e.from_seat].discards[-1].called = True
            p.melds.append(e)
            self._break_first_turn()
            self._pao(p, e, kinds[0])
            self.last_discard = None
            if kind == "daiminkan":
                self._kan(p, s)
            else:
                self.to_draw = None
                self.to_discard = s
        elif kind == "kakan":
            if s != self.to_discard:
                raise self.fail(f"seat {s} declares kakan out of turn")
            k = kinds[0]
            idx = next((i for i, m in enumerate(p.melds) if m.kind == "pon" and m.tiles[0] >> 2 == k), -1)
            if idx < 0 or len(tiles) != 4 or len(set(kinds)) != 1:
                raise self.fail(f"kakan of {tile_str(k * 4)} without a pon of it")
            pon = p.melds[idx]
            added = e.added if e.added is not None else next((t for t in tiles if t not in pon.tiles), -1)
            if set(pon.tiles) | {added} != set(tiles):
                raise self.fail("kakan tiles do not extend the pon")
            self._take(p, (added,), s)
            p.melds[idx] = Call(s, "kakan", tuple(sorted(tiles)), pon.called, pon.from_seat, added)
            self.ippatsu_before_kan = [q.ippatsu for q in self.seats]
            self._break_first_turn()
            self.robbable = (s, added, "kakan")
            self._kan(p, s)
        elif kind == "ankan":
            if s != self.to_discard:
                raise self.fail(f"seat {s} declares ankan out of turn")
            if len(tiles) != 4 or len(set(kinds)) != 1:
                raise self.fail("ankan tiles are not four of a kind")
            self._take(p, tiles, s)
            p.melds.append(e)
            self.ippatsu_before_kan = [q.ippatsu for q in self.seats]
            self._break_first_turn()
            self._pao(p, e, kinds[0])
            self.robbable = (s, tiles[0], "ankan")
            self._kan(p, s)
        elif kind == "kita":
            if self.n != 3:
                raise self.fail("kita in a four-player game")
            if s != self.to_discard:
                raise self.fail(f"seat {s} pulls kita out of turn")
            if len(tiles) != 1 or tiles[0] >> 2 != 30:
                raise self.fail("kita of a tile other than North")
            self._take(p, tiles, s)
            p.kita += 1
            p.kita_tiles.append(tiles[0])
            self.ippatsu_before_kan = [q.ippatsu for q in self.seats]
            if KITA_BREAKS_FIRST_TURN:
                self.no_call = False
            if KITA_BREAKS_IPPATSU:
                for q in self.seats:
                    q.ippatsu = False
            self.robbable = (s, tiles[0], "kita")
            p.rinshan_next = True
            self.to_draw = s
            self.to_discard = None
        else:
            raise self.fail(f"unknown call kind {kind!r}")

    def _kan(self, p: SeatState, s: int) -> None:
        if len([m for q in self.seats for m in q.melds if m.kind in ("daiminkan", "kakan", "ankan")]) > 4:
            raise self.fail("a fifth kan")
        self.kans += 1
        p.rinshan_next = True
        self.to_draw = s
        self.to_discard = None

    def _pao(self, p: SeatState, e: Call, k: int) -> None:
        if k >= 31:
            p.dragon_sets += 1
            if p.dragon_sets == 3 and e.kind in ("pon", "daiminkan"):
                p.pao = e.from_seat
        elif k >= 27:
            p.wind_sets += 1
            if p.wind_sets == 4 and e.kind in ("pon", "daiminkan"):
                p.pao = e.from_seat

    # -- results ----------------------------------------------------------------------------
    def _win(self, e: Win) -> None:
        if self.round is None:
            raise self.fail("win outside a round")
        s, f = e.seat, e.from_seat
        n = self.n
        if not (0 <= s < n and 0 <= f < n):
            raise self.fail(f"win seats {s}/{f} out of range")
        p = self.seats[s]
        chankan = rinshan = haitei = houtei = False
        ippatsu_now = p.ippatsu
        if s == f:
            if (
                self._wins_in_round
                or s != self.to_discard
                or self.robbable is not None
                or len(p.hand) % 3 != 2
                or p.last_draw < 0
            ):
                raise self.fail(f"tsumo by seat {s} without a fresh draw")
            win = p.last_draw
            closed = list(p.hand)
            rinshan = self.last_draw_rinshan
            haitei, _ = last_tile_win(True, self.left, rinshan, self.rules)
        else:
            rb = self.robbable
            if rb is not None and rb[0] == f:
                win = rb[1]
                chankan = rb[2] in ("kakan", "ankan")
                if self.ippatsu_before_kan is not None:
                    ippatsu_now = self.ippatsu_before_kan[s]
            elif self.last_discard is not None and self.last_discard[0] == f:
                win = self.last_discard[1]
                _, houtei = last_tile_win(False, self.left, self.last_draw_rinshan, self.rules)
            else:
                raise self.fail(f"ron by seat {s} on seat {f}, who has no discard or kan to rob")
            if len(p.hand) % 3 != 1:
                raise self.fail(f"ron by seat {s} with {len(p.hand)} concealed tiles")
            closed = p.hand + [win]
        if e.hand is not None and sorted(e.hand) != sorted(closed):
            raise self.fail(
                f"winning hand {_mpsz(e.hand, self.aka)} differs from the replayed "
                f"{_mpsz(closed, self.aka)} of seat {s}"
            )
        if e.win_tile is not None and e.win_tile != win:
            raise self.fail(
                f"winning tile {tile_str(e.win_tile, self.aka)} (id {e.win_tile}) is not the "
                f"replayed {tile_str(win, self.aka)} (id {win})"
            )
        if s != f and self.last_discard is not None and self.last_discard[0] == f and self.seats[f].discards:
            self.seats[f].discards[-1].won = True
        dealer = self.round.dealer
        first = self.no_call and p.draws == 1 and not p.discards and s == f
        established = p.riichi == 2
        double = established and p.double
        ura = tuple(e.ura) if (established and e.ura) else ()
        bonus = self._wins_in_round == 0 or self.rules.multi_ron_bonus == "each"
        renhou = self.rules.renhou != "none" and s != f and s != dealer and self.no_call and p.draws == 0
        inputs = ScoreInputs(
            hand=_mpsz(closed, self.aka),
            win=tile_str(win, self.aka),
            melds=tuple(meld_string(m, self.aka) for m in p.melds),
            tsumo=s == f,
            riichi=established and not double,
            double_riichi=double,
            ippatsu=established and ippatsu_now,
            rinshan=rinshan,
            chankan=chankan,
            haitei=haitei,
            houtei=houtei,
            tenhou=first and s == dealer,
            chiihou=first and s != dealer,
            renhou=renhou,
            seat_wind=_WINDS[(s - dealer) % n],
            round_wind=_WINDS[(self.round.round // 4) % 4],
            dora=_mpsz(self.dora, self.aka),
            ura=_mpsz(ura, self.aka),
            kita=p.kita,
            honba=self.honba if bonus else 0,
            riichi_sticks=self.sticks if bonus else 0,
            rules=self.rules,
        )
        case = WinCase(
            source=self.source,
            round=self.round,
            index=self._wins_in_round,
            event_index=self.index,
            seat=s,
            from_seat=f,
            dealer=dealer,
            players=n,
            closed=tuple(sorted(closed)),
            win_tile=win,
            melds=tuple(p.melds),
            kita=p.kita,
            kita_tiles=tuple(p.kita_tiles),
            riichi_declared=established,
            pao_seat=p.pao,
            dora_indicators=tuple(self.dora),
            ura_indicators=ura,
            table_honba=self.honba,
            table_sticks=self.sticks,
            inputs=inputs,
            record=e,
        )
        self._wins_in_round += 1
        self._ended = True
        self.to_draw = self.to_discard = None
        self.results[-1].wins.append(case)

    def _ryuukyoku(self, e: Ryuukyoku) -> None:
        if self.round is None:
            raise self.fail("draw outside a round")
        if self._ended:
            raise self.fail("second result in a round")
        if e.reason in ("exhaustive", "nagashi_mangan"):
            if self.left != 0:
                raise self.fail(f"exhaustive draw with {self.left} tiles left in the wall")
            if e.hands is not None:
                for s, h in enumerate(e.hands):
                    if h is not None and sorted(h) != sorted(self.seats[s].hand):
                        raise self.fail(
                            f"shown hand {_mpsz(h, self.aka)} of seat {s} differs from the "
                            f"replayed {_mpsz(self.seats[s].hand, self.aka)}"
                        )
        self._ended = True
        self.to_draw = self.to_discard = None
        self.results[-1].draw = DrawCase(
            source=self.source,
            round=self.round,
            event_index=self.index,
            record=e,
            closed=tuple(tuple(sorted(q.hand)) for q in self.seats),
            melds=tuple(tuple(q.melds) for q in self.seats),
            discards=tuple(tuple(q.discards) for q in self.seats),
            riichi=tuple(q.riichi == 2 for q in self.seats),
            honba=self.honba,
            riichi_sticks=self.sticks,
        )


def replay(game: Game, rules: Any = None) -> list[RoundResult]:
    """Replay every round of a game (raises LogError on an inconsistent record). ``rules``
    overrides the header's rules (default: the Tenhou preset the header describes).

    The rounds come from the game engine stepping through the record
    (:func:`yakuman.game.records.drive`): every hand, meld, dora indicator and situation flag of
    a case is read from the engine state. A record the engine does not accept as it stands (an
    inconsistent record, or play the rules in force do not allow) is read by
    :class:`Replayer`, which names the inconsistency in a LogError, or, for a consistent record
    of play the engine refuses, gives the cases as the record has them."""
    evs = game.events
    if not evs or type(evs[0]) is not GameStart:
        raise LogError("game does not begin with GameStart", game.source)
    rounds = engine_rounds(game, rules)
    if rounds is not None:
        return rounds
    return replay_record(game, rules)


_PLAIN = (Draw, Discard, Call, RiichiDeclare, RiichiAccept, NewDora, Win, Ryuukyoku, RoundStart)


def plain(events: tuple) -> bool:
    """The events are GameStart, then rounds (each from its RoundStart), then at most a GameEnd:
    the shape the engine driver reads."""
    return _core.replay_plain(tuple(events), _PLAIN, RoundStart, GameEnd)


def engine_rounds(game: Game, rules: Any = None, check: Any = None) -> list[RoundResult] | None:
    """The rounds of the engine driver, or None when the engine does not accept the record as
    it stands (``check``: a list that receives the driver's RecordCheck)."""
    from yakuman.game.records import drive

    if not plain(game.events):
        return None
    try:
        rc, rounds = drive(game, rules)
    except Exception:  # noqa: BLE001 - a record the engine cannot take (bad ids, a mangled event)
        return None
    if check is not None:
        check.append(rc)
    if rc.illegal or rc.disagreements:
        return None
    return rounds


def replay_record(game: Game, rules: Any = None) -> list[RoundResult]:
    """The record read on its own terms (:class:`Replayer`), without the engine."""
    evs = game.events
    if not evs or type(evs[0]) is not GameStart:
        raise LogError("game does not begin with GameStart", game.source)
    r = Replayer(game.source, evs[0], rules)
    r._events = evs
    r.run(evs)
    r._events = None
    if r.round is not None and not r._ended:
        r.index, r.event = len(evs), None
        raise r.fail("round has no result (truncated record)")
    return r.results


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


def engine_win_case(r: Any, e: Win, index: int, info: tuple) -> WinCase | None:
    """A WinCase from the engine's view of a win (``_core.replay_win``) in the driven round ``r``;
    None when the record's hand or winning tile is not the engine's."""
    flags, ids, tile, kita_ids, established, pao, dora, honba, sticks = info
    s, f = e.seat, e.from_seat
    closed = tuple(sorted(ids if s == f else ids + (tile,)))
    if (e.hand is not None and tuple(sorted(e.hand)) != closed) or (e.win_tile is not None and e.win_tile != tile):
        return None
    source, rules, aka = r.game
    rr = r.result
    rs, n = rr.start, r.n
    dealer = rs.dealer
    order = len(rr.wins)
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


def engine_draw_case(r: Any, e: Ryuukyoku, index: int) -> DrawCase | None:
    """A DrawCase from the engine state at the end of the driven round ``r``; None when a hand
    the record shows is not the engine's."""
    st, n = r.st, r.n
    seats = [st.seat(q) for q in range(n)]
    if e.reason in ("exhaustive", "nagashi_mangan") and e.hands is not None:
        for q, h in enumerate(e.hands):
            if h is not None and tuple(sorted(h)) != seats[q][0]:
                return None
    source, rules, aka = r.game
    rs = r.result.start
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


def iter_wins(game: Game, rules: Any = None) -> Iterator[WinCase]:
    """Every win of a game with its derived score inputs and the record's result."""
    for rr in replay(game, rules):
        yield from rr.wins


def case_dict(case: WinCase) -> dict:
    """A JSON-friendly dict of a WinCase (events as dicts)."""
    d = {k: getattr(case, k) for k in case.__dataclass_fields__ if k not in ("inputs", "record", "round")}
    d["melds"] = [asdict(m) for m in case.melds]
    d["inputs"] = {k: v for k, v in case.inputs.kwargs().items() if k != "rules"}
    d["record"] = asdict(case.record)
    d["round"] = asdict(case.round)
    return d
