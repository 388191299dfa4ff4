"""Actions and the engine's codes: the layer below :mod:`yakuman.game` that the record driver
(:mod:`yakuman.game.records`) shares with it, so that neither imports the other's package module.
``yakuman.game`` re-exports :class:`Action` and :func:`seeded_wall`."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from yakuman import _core
from yakuman._arrays import as_int, shown
from yakuman.errors import IllegalActionError, InvalidArgumentError, InvalidContextError
from yakuman._arrays import rep

_NAMES = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + ("E", "S", "W", "N", "P", "F", "C")
_WINDS = ("E", "S", "W", "N")
# C action codes (csrc/ym_game.h YM_A_*) <-> mjai types
_A_DISCARD, _A_RIICHI, _A_CHI, _A_PON, _A_DAIMINKAN, _A_KAKAN, _A_ANKAN, _A_KITA, _A_TSUMO, _A_RON, \
    _A_KYUUSHU, _A_PASS, _A_OPEN_RIICHI = range(1, 14)
_TYPE_OF = {_A_DISCARD: "dahai", _A_RIICHI: "reach", _A_CHI: "chi", _A_PON: "pon", _A_DAIMINKAN: "daiminkan",
            _A_KAKAN: "kakan", _A_ANKAN: "ankan", _A_KITA: "nukidora", _A_TSUMO: "hora", _A_RON: "hora",
            _A_KYUUSHU: "ryukyoku", _A_PASS: "none", _A_OPEN_RIICHI: "open_reach"}
_MELD_NAMES = ("chi", "pon", "daiminkan", "kakan", "ankan")
_OUTCOMES = ("none", "tsumo", "ron", "exhaustive_draw", "nagashi_mangan", "abortive_draw")
_ABORTS = {1: "kyuushu_kyuuhai", 2: "suufon_renda", 4: "suucha_riichi", 8: "suukaikan", 16: "sanchahou"}
_END_REASONS = (None, "tobi", "last_hand", "sudden_death", "all_last_stop", "score_limit")
_LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
POLICIES = {"random": 0, "tsumogiri": 1, "greedy": 2, "ev": 3}
_PH_SELF, _PH_RESPONSE, _PH_ROUND_END, _PH_OVER = range(4)
_LAZY = frozenset({2, 3, 4, 5, 6, 8, 9, 10, 12})   # events that need no state beside their fields
_MASK_SEATS = tuple(tuple(s for s in range(4) if (m >> s) & 1) for m in range(16))
_ACTIONS: tuple = tuple({} for _ in range(5))   # per aka_dora: packed code -> Action (immutable, shared)


def _seed_arg(seed: Any, bits: int = 64, name: str = "seed") -> int:
    """A seed: a non-negative integer (Python or numpy), taken modulo 2**64; None = ``bits``
    random bits drawn from the OS."""
    if seed is None:
        return secrets.randbits(bits)
    v = None
    if type(seed) is not bool and hasattr(type(seed), "__index__"):
        try:   # an array of several elements has __index__ and refuses it; so may any object
            v = seed.__index__()
        except Exception:  # noqa: BLE001 - an object's own __index__ failing is a bad seed
            v = None
    if type(v) is not int:
        raise InvalidContextError(f"{name} must be a non-negative integer, not {_short(seed)}")
    if v < 0:
        raise InvalidContextError(f"{name} must be a non-negative integer, not {rep(v)}")
    return v & (2**64 - 1)


def _walls_arg(wall: Any) -> list:
    """One wall (a sequence or array of tile ids) or several (a sequence of them) as lists."""
    if hasattr(wall, "tolist"):          # a numpy array (1-D: one wall, 2-D: several)
        wall = wall.tolist()
    try:
        wall = list(wall)
    except TypeError:
        raise InvalidContextError(f"wall must be a sequence of tile ids, not {_short(wall)}") from None
    if not wall or hasattr(type(wall[0]), "__index__"):
        return [wall]
    out = []
    for i, w in enumerate(wall):
        if hasattr(w, "tolist"):
            w = w.tolist()
        try:
            out.append(list(w))
        except TypeError:
            raise InvalidContextError(f"wall[{i}] = {_short(w)} is neither a tile id nor a wall") from None
    return out


def _pai(tile_id: int, aka: int) -> str:
    k = tile_id >> 2
    if k in (4, 13, 22) and (tile_id & 3) < aka:
        return _NAMES[k] + "r"
    return _NAMES[k]


def seeded_wall(players: int = 4, seed: int = 0, round_no: int = 0) -> tuple[int, ...]:
    """The wall the engine deals for round ``round_no`` of game ``seed`` (see Game's wall layout).
    ``seed``: any integer (taken modulo 2**64, as the engine does); ``round_no``: 0..2**32 - 1."""
    if type(players) is not int or players not in (3, 4):
        raise InvalidArgumentError(f"players must be 3 or 4, not {rep(players)}")
    s, r = as_int(seed), as_int(round_no, 0, 2**32 - 1)
    if s is None:
        raise InvalidArgumentError(f"seed must be an integer, not {shown(seed, 40)}")
    if r is None:
        raise InvalidArgumentError(f"round_no must be an integer 0..2**32 - 1, not {shown(round_no, 40)}")
    return _core.seeded_wall(players, s & (2**64 - 1), r)


class Action:
    """One decision, in mjai field names. ``type``: dahai, reach, open_reach (rules.open_riichi: a
    riichi that shows the hand; mjai ``{"type": "reach", "open": true}``), chi, pon, daiminkan,
    kakan, ankan, nukidora, hora, ryukyoku (kyuushu kyuuhai) or none (pass); ``actor`` = the seat;
    ``pai`` = the tile (mjai name, ``5mr`` = red five); ``consumed`` = tiles from the hand;
    ``target`` = the seat called from / ronned (tsumo: the actor); ``tsumogiri`` for dahai."""

    __slots__ = ("type", "actor", "pai", "consumed", "target", "tsumogiri", "_code")
    type: str
    actor: int
    pai: str | None
    consumed: tuple[str, ...]
    target: int | None
    tsumogiri: bool | None
    _code: tuple | None

    # Immutable: legal_actions hands out one shared value per action (a process-wide cache), so
    # no caller may change one under another game.
    def __init__(self, type: str, actor: int, pai: str | None = None, consumed: Sequence[str] = (),
                 target: int | None = None, tsumogiri: bool | None = None, _code: tuple | None = None) -> None:
        _set = object.__setattr__
        _set(self, "type", type)
        _set(self, "actor", actor)
        _set(self, "pai", pai)
        try:
            consumed = tuple(consumed)
        except TypeError:   # step() refuses every other malformed field, naming the legal actions
            raise IllegalActionError(f"consumed must be a sequence of tile names, not {shown(consumed, 60)}") from None
        _set(self, "consumed", consumed)
        _set(self, "target", target)
        _set(self, "tsumogiri", tsumogiri)
        _set(self, "_code", _code)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Action is immutable (cannot set {rep(name)})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Action is immutable (cannot delete {rep(name)})")

    def __reduce__(self) -> tuple:
        return (Action, (self.type, self.actor, self.pai, self.consumed, self.target, self.tsumogiri, self._code))

    @classmethod
    def _from_code(cls, code: tuple, aka: int) -> Action:
        t, seat, tile, target, tg, cons = code
        typ = _TYPE_OF[t]
        pai = _pai(tile, aka) if tile != 255 else None
        consumed = tuple(sorted((_pai(c, aka) for c in cons), key=_sort_key))
        if t == _A_ANKAN:
            pai = None
        if t in (_A_RIICHI, _A_KYUUSHU, _A_PASS, _A_OPEN_RIICHI):
            pai = None
        return cls(typ, seat, pai, consumed, target if target != 255 else None,
                   bool(tg) if t == _A_DISCARD else None, code)

    def _key(self) -> tuple:
        return (self.type, self.actor, self.pai, tuple(sorted(self.consumed, key=_sort_key)), self.target,
                self.tsumogiri)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [f"{self.type}", f"actor={self.actor}"]
        if self.pai is not None:
            parts.append(f"pai={self.pai}")
        if self.consumed:
            parts.append(f"consumed={'/'.join(map(str, self.consumed))}")
        if self.target is not None and self.type != "dahai":
            parts.append(f"target={self.target}")
        if self.tsumogiri:
            parts.append("tsumogiri")
        return f"Action({' '.join(parts)})"

    def to_mjai(self) -> dict[str, Any]:
        """The mjai message of this action."""
        d: dict[str, Any] = {"type": self.type, "actor": self.actor}
        if self.type == "open_reach":
            d = {"type": "reach", "actor": self.actor, "open": True}
        elif self.type == "dahai":
            d.update(pai=self.pai, tsumogiri=bool(self.tsumogiri))
        elif self.type in ("chi", "pon", "daiminkan"):
            d.update(target=self.target, pai=self.pai, consumed=list(self.consumed))
        elif self.type == "kakan":
            d.update(pai=self.pai, consumed=list(self.consumed))
        elif self.type == "ankan":
            d.update(consumed=list(self.consumed))
        elif self.type == "nukidora":
            d.update(pai=self.pai)
        elif self.type == "hora":
            d.update(target=self.target, pai=self.pai)
        return d


_PAI_NAMES = frozenset(_NAMES) | {"5mr", "5pr", "5sr"}


_NO = object()


def _action_fields(action: Any, seat: int | None) -> tuple:
    """(type, actor, pai, consumed, target, tsumogiri) of an Action or an mjai dict, each of an
    action's kinds (None = not given); IllegalActionError naming the field otherwise. ``seat``:
    the seat the answer is given for (an actor naming another seat is refused, never rewritten)."""
    if isinstance(action, Action):
        typ, actor, pai, consumed, target, tg = (action.type, action.actor, action.pai, action.consumed or None,
                                                 action.target, action.tsumogiri)
    elif isinstance(action, Mapping):
        get = action.get
        typ, actor, pai, consumed, target, tg = (get("type"), get("actor", _NO), get("pai"), get("consumed"),
                                                 get("target"), get("tsumogiri"))
        if typ == "reach" and get("open") is True:   # mjai's open riichi (Action type open_reach)
            typ = "open_reach"
        if actor is _NO:
            actor = seat
            if actor is None:
                raise IllegalActionError(f"action {_short(action)} names no actor")
    else:
        raise IllegalActionError(f"expected an Action or an mjai dict, not {type(action).__name__}")
    if type(typ) is not str:
        raise IllegalActionError(f"action type {_short(typ)} is not a string")
    if type(actor) is not int:
        raise IllegalActionError(f"{typ} action: actor {_short(actor)} is not a seat")
    if seat is not None and actor != seat:
        raise IllegalActionError(f"{typ} action names actor {_short(actor)} but is given for seat {seat}")
    if pai is not None and (type(pai) is not str or pai not in _PAI_NAMES):
        raise IllegalActionError(f"{typ} action: pai {_short(pai)} is not an mjai tile name")
    if consumed is not None:
        if type(consumed) not in (list, tuple) or len(consumed) > 4:
            raise IllegalActionError(f"{typ} action: consumed {_short(consumed)} is not a list of up to 4 tile names")
        for c in consumed:
            if type(c) is not str or c not in _PAI_NAMES:
                raise IllegalActionError(f"{typ} action: consumed tile {_short(c)} is not an mjai tile name")
        consumed = tuple(sorted(consumed, key=_sort_key))
    if target is not None and type(target) is not int:
        raise IllegalActionError(f"{typ} action: target {_short(target)} is not a seat")
    if tg is not None and type(tg) is not bool:
        raise IllegalActionError(f"{typ} action: tsumogiri {_short(tg)} is not a bool")
    return typ, actor, pai, consumed, target, tg


def _short(v: object) -> str:
    return shown(v, 80)   # never fails: a 5,000-digit actor or a failing __repr__ is named, not raised


def _sort_key(name: str) -> tuple[int, int]:
    base = name[:-1] if name.endswith("r") else name
    return (_NAMES.index(base), 1 if name.endswith("r") else 0)


Action.__module__ = "yakuman.game"   # its public home (pickles and docs name it there)
