"""Furiten (docs/rules.md 2.3): per-player state and the ron predicate.

Terms: W = the kinds that complete the player's current 13 - 3k concealed tiles
(``yakuman.waits``; a kind the hand already holds four of is never a wait); D = the kinds the
player discarded this hand, including discards that others called.

- Discard furiten: W and D share a kind. It does not matter when the tile was discarded. It ends
  only when the hand changes so that the new W misses D; for a riichi player it lasts the hand
  (the hand cannot change after riichi).
- Temporary furiten: a player not in riichi lets a tile of W pass (a discard, a kakan tile - a
  chankan chance -, a kita North in sanma, or an ankan tile he could rob with kokushi) without
  declaring ron, for any reason, no yaku included. It ends with the player's own next action
  (a draw from the wall or the dead wall, a chi / pon / kan); others' calls do not end it
  unless ``rules.temp_furiten_clear == "any_call"`` (pre-2016 EMA).
- Riichi furiten: a riichi player lets a tile of W pass. It lasts the hand.
- All waits are affected together; tsumo is never restricted by furiten.

``can_ron`` = tile in W, no discard / temporary / riichi furiten, and at least one yaku-han
(two with ``ryanhan_shibari`` at 5 honba or more).
"""

from __future__ import annotations

from collections.abc import Iterable

from yakuman._arrays import as_list, flag
from yakuman.errors import InvalidContextError
from yakuman.rules import Rules
from yakuman._arrays import rep

__all__ = ["FuritenState", "can_ron", "is_discard_furiten"]

_SOURCES = ("discard", "kakan", "ankan", "kita")


def _kind(tile) -> int:
    """A tile kind 0..33 from an index or a single tile like ``"3p"`` / ``"0m"``."""
    from yakuman.tiles import kind

    if type(tile) is int:
        if not 0 <= tile < 34:
            raise InvalidContextError(f"tile kind {rep(tile)} is not in 0..33")
        return tile
    if isinstance(tile, str):
        return kind(tile)
    raise InvalidContextError(f"a tile must be a kind index or a name like '3p', not {rep(tile)}")


def _kinds(tiles: Iterable) -> frozenset[int]:
    if isinstance(tiles, str):
        from yakuman.tiles import parse

        counts = parse(tiles)[0]
        return frozenset(k for k in range(34) if counts[k])
    return frozenset(_kind(t) for t in as_list(tiles, "tiles", InvalidContextError))


def _waits_of(tiles) -> frozenset[int]:
    from yakuman import waits
    from yakuman.tiles import kind

    return frozenset(kind(t) for t in waits(tiles))


def is_discard_furiten(waits: Iterable, discards: Iterable) -> bool:
    """W and D share a kind (tiles as kind indices, names or mpsz strings)."""
    return bool(_kinds(waits) & _kinds(discards))


def can_ron(tile, waits: Iterable, discards: Iterable = (), *, temporary: bool = False,
            riichi_furiten: bool = False, yaku_han: int = 1, honba: int = 0, rules: Rules | None = None) -> bool:
    """Whether a ron on ``tile`` is allowed (docs/rules.md 2.3). ``yaku_han`` = the han of the hand's
    yaku on that tile (dora excluded), from the scorer."""
    r = Rules.tenhou() if rules is None else rules
    if not isinstance(r, Rules):
        raise InvalidContextError(f"rules must be a yakuman.Rules, not {type(r).__name__}")
    for name, v in (("yaku_han", yaku_han), ("honba", honba)):
        if type(v) is not int or v < 0:
            raise InvalidContextError(f"{name} must be a non-negative integer, not {rep(v)}")
    temporary = flag(temporary, "temporary", InvalidContextError)
    riichi_furiten = flag(riichi_furiten, "riichi_furiten", InvalidContextError)
    w = _kinds(waits)
    if _kind(tile) not in w or w & _kinds(discards) or temporary or riichi_furiten:
        return False
    need = 2 if r.ryanhan_shibari and honba >= 5 else 1
    return yaku_han >= need


class FuritenState:
    """One player's furiten state through a hand.

    Give the concealed tiles with ``set_hand`` (13 - 3k tiles, W is recomputed) or the waits
    directly with ``set_waits``; report the player's own actions (``draw``, ``discard``,
    ``call``, ``declare_riichi``) and every tile of another player he could have robbed and did
    not (``let_pass``), and ask ``can_ron``.
    """

    __slots__ = ("_kokushi", "discards", "riichi", "riichi_furiten", "rules", "temporary", "waits")

    def __init__(self, tiles=None, *, waits: Iterable | None = None, rules: Rules | None = None) -> None:
        self.rules = Rules.tenhou() if rules is None else rules
        self.waits: frozenset[int] = frozenset()
        self.discards: set[int] = set()
        self.riichi = False
        self.temporary = False
        self.riichi_furiten = False
        self._kokushi = False
        if tiles is not None:
            self.set_hand(tiles)
        elif waits is not None:
            self.set_waits(waits)

    # ---- the player's hand -------------------------------------------------------------------
    def set_hand(self, tiles) -> None:
        """The current concealed tiles (13 - 3k, any tile notation); recomputes W."""
        from yakuman import shanten
        from yakuman.tiles import parse

        counts = parse(tiles)[0]
        self.waits = _waits_of(counts)
        self._kokushi = bool(self.waits) and sum(counts) == 13 and shanten(counts, form="kokushi") == 0

    def set_waits(self, waits: Iterable, *, kokushi: bool = False) -> None:
        """Set W directly (kinds or names); ``kokushi`` = the wait is a kokushi wait."""
        self.waits = _kinds(waits)
        self._kokushi = kokushi

    # ---- the player's own actions ------------------------------------------------------------
    def draw(self) -> None:
        """A draw from the wall or the dead wall: ends temporary furiten."""
        self.temporary = False

    def call(self) -> None:
        """The player's own chi, pon or kan: ends temporary furiten. (Calling a winning tile
        instead of ronning it: ``let_pass`` it first, then ``call``.)"""
        self.temporary = False

    def discard(self, tile, *, hand_after=None) -> None:
        """The player discards ``tile`` (it stays in D even if someone calls it);
        ``hand_after`` = the 13 - 3k tiles left, to recompute W."""
        self.discards.add(_kind(tile))
        if hand_after is not None:
            self.set_hand(hand_after)

    def declare_riichi(self) -> None:
        if self.riichi:
            raise InvalidContextError("riichi declared twice in one hand")
        self.riichi = True

    # ---- other players' actions --------------------------------------------------------------
    def let_pass(self, tile, *, source: str = "discard") -> bool:
        """Another player's ``tile`` went by without this player's ron, for any reason.
        ``source``: ``discard``, ``kakan`` (a chankan chance), ``kita`` (sanma North) or
        ``ankan`` (counts only for a kokushi wait when ``chankan_ankan = "kokushi_only"``).
        Returns whether the pass made the player furiten."""
        if source not in _SOURCES:
            raise InvalidContextError(f"source {rep(source)}: expected one of {', '.join(_SOURCES)}")
        if _kind(tile) not in self.waits:
            return False
        if source == "ankan" and not (self._kokushi and self.rules.chankan_ankan == "kokushi_only"):
            return False
        if self.riichi:
            self.riichi_furiten = True
        else:
            self.temporary = True
        return True

    def other_call(self) -> None:
        """Another player's call (it may skip this player's turn): ends temporary furiten only
        with ``temp_furiten_clear = "any_call"``."""
        if self.rules.temp_furiten_clear == "any_call":
            self.temporary = False

    # ---- predicates --------------------------------------------------------------------------
    @property
    def discard_furiten(self) -> bool:
        return bool(self.waits & self.discards)

    @property
    def furiten(self) -> bool:
        """Any kind of furiten."""
        return self.discard_furiten or self.temporary or self.riichi_furiten

    def can_ron(self, tile, *, yaku_han: int = 1, honba: int = 0) -> bool:
        """Whether a ron on ``tile`` is allowed now."""
        return can_ron(tile, self.waits, self.discards, temporary=self.temporary,
                       riichi_furiten=self.riichi_furiten, yaku_han=yaku_han, honba=honba, rules=self.rules)

    def can_tsumo(self, tile) -> bool:
        """Tsumo is never restricted by furiten: the tile only has to be a wait."""
        return _kind(tile) in self.waits

    def __repr__(self) -> str:
        from yakuman.tiles import TILE_NAMES

        w = "".join(TILE_NAMES[k] for k in sorted(self.waits))
        flags = [f for f, on in (("discard", self.discard_furiten), ("temporary", self.temporary),
                                 ("riichi", self.riichi_furiten)) if on]
        return f"FuritenState(waits={w or '-'}, furiten={'+'.join(flags) or 'none'}, riichi={self.riichi})"
