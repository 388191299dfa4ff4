"""Whole riichi games: a native state machine for play, search and rollouts (docs/game.md).

``Game(rules=None, seed=None, wall=None)`` deals East 1; ``game.to_act`` names the seats that
must decide; ``game.legal_actions(seat)`` lists :class:`Action` values (mjai field names:
``type``, ``actor``, ``pai``, ``consumed``, ``target``, ``tsumogiri``); ``game.step(action)``
(or ``game.step({seat: action, ...})`` for the answers to a discard) applies them;
``game.observation(seat)`` is what that seat can see; ``game.events`` is the mjai event stream;
``game.done`` / ``game.result`` the end. ``copy()`` is a struct copy; games pickle;
``determinize(seat, rng)`` re-deals every tile hidden from a seat. :func:`simulate` plays many
games natively without the GIL.

Invariants: the engine (csrc/ym_game*) holds the whole state; this module only converts. An
illegal action raises :class:`~yakuman.errors.IllegalActionError` and changes nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from yakuman import _core
from yakuman._arrays import as_list, n_workers   # n_workers: the threads of every batch call
from yakuman.errors import IllegalActionError, InvalidContextError
from yakuman.game._frozen import freeze
from yakuman.game._actions import (  # Action and seeded_wall are public here
    Action,
    POLICIES,
    _ABORTS,
    _ACTIONS,
    _END_REASONS,
    _LAZY,
    _LIMITS,
    _MASK_SEATS,
    _MELD_NAMES,
    _OUTCOMES,
    _PH_OVER,
    _PH_ROUND_END,
    _WINDS,
    _action_fields,
    _pai,
    _seed_arg,
    _short,
    _sort_key,
    _walls_arg,
    seeded_wall,
)
from yakuman.rules import Rules
from yakuman._arrays import rep

if TYPE_CHECKING:   # at run time module __getattr__ below (duplicate imports this module)
    from yakuman.game.duplicate import ArenaResult, arena

__all__ = [
    "ACTION_SPACE",
    "ACTION_SPACE_VERSION",
    "Action",
    "ArenaResult",
    "Game",
    "GameResult",
    "Observation",
    "RolloutResult",
    "RoundOutcome",
    "POLICIES",
    "arena",
    "rebuild",
    "seeded_wall",
    "simulate",
    "VecGame",
]



@dataclass(frozen=True, slots=True)
class RolloutResult:
    """What :meth:`Game.rollout` gives: per seat the mean point change to the round's end and
    its standard error (NaN below two rollouts), the rollouts counted and those that failed
    (the engine's step limit; not counted)."""

    mean: tuple[float, ...]
    stderr: tuple[float, ...]
    n: int
    failed: int = 0


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One finished round: ``label`` (``"E1"``), ``honba`` and ``sticks`` at its start,
    ``outcome`` (tsumo, ron, exhaustive_draw, nagashi_mangan, abortive_draw), ``winners``,
    ``from_seat`` (ron), ``abortive`` (its kind), ``tenpai`` (exhaustive draw), ``deltas``."""

    label: str
    honba: int
    sticks: int
    outcome: str
    winners: tuple[int, ...]
    from_seat: int | None
    abortive: str | None
    tenpai: tuple[int, ...]
    deltas: tuple[int, ...]


#: Game.rollout's largest ``n``: its deltas are n x 4 int64 (320 MB at this bound)
MAX_ROLLOUTS = 10_000_000

_WORLD_ERRORS = {
    1: "determinize: the record of the current round does not match the engine state",
    2: "determinize: no tenpai deal for a hidden riichi hand was found",
}


def _state_digest(d: dict) -> str:
    """The digest a pickled game carries: BLAKE2b over everything restored from it (the native
    state's bytes, the rules, the seed, the events, the rounds, the walls to come, the round
    start), written canonically (sorted keys), so that any change to any of them is refused."""
    h = hashlib.blake2b(d["raw"], digest_size=16, person=b"yakuman-game")
    rest = [d["rules"], d["seed"], d["events"], [list(dataclasses.astuple(r)) for r in d["rounds"]], d["walls"],
            d["round_start"], None if d.get("prng") is None else list(d["prng"])]
    h.update(json.dumps(rest, sort_keys=True, ensure_ascii=True).encode())
    return h.hexdigest()


def _restored(d: Any) -> dict:
    """The fields of a pickled game, each of the kind written (InvalidContextError otherwise)."""
    def bad(what: str) -> InvalidContextError:
        return InvalidContextError(f"pickled game state is damaged: {what}")

    if not isinstance(d, dict):
        raise bad("not a mapping")
    raw, rules, seed, events, rounds, walls, rs = (d.get(k) for k in (
        "raw", "rules", "seed", "events", "rounds", "walls", "round_start"))
    if type(raw) is not bytes or type(rules) is not dict:
        raise bad("no native state or rules")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise bad(f"seed {_short(seed)}")
    if type(events) is not list or not all(isinstance(e, dict) and type(e.get("type")) is str for e in events):
        raise bad("events are not a list of mjai events")
    if type(rounds) is not list or not all(type(r) is RoundOutcome for r in rounds):
        raise bad("rounds are not round outcomes")
    if type(walls) is not list or not all(type(w) is list for w in walls):
        raise bad("walls are not lists of tile ids")
    if rs is not None and not (type(rs) is tuple and len(rs) == 3 and type(rs[0]) is str and
                               type(rs[1]) is int and type(rs[2]) is int):
        raise bad(f"round start {_short(rs)}")
    prng = d.get("prng")
    if prng is not None and not (type(prng) is tuple and len(prng) == 4 and
                                 all(type(x) is int and 0 <= x < 2**64 for x in prng)):
        raise bad(f"policy stream {_short(prng)}")
    return {"raw": raw, "rules": rules, "seed": seed, "events": events, "rounds": rounds, "walls": walls,
            "round_start": rs, "prng": prng}


@dataclass(frozen=True, slots=True)
class GameResult:
    """``scores`` = final points (leftover sticks applied), ``placements[seat]`` (0 = first),
    ``results[seat]`` = points - return + uma (+ oka to first), ``rounds``, ``end_reason``."""

    scores: tuple[int, ...]
    placements: tuple[int, ...]
    results: tuple[int, ...]
    rounds: tuple[RoundOutcome, ...]
    end_reason: str | None


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat sees. Tiles are mjai names. ``melds[s]`` = (type, tiles, from seat);
    ``discards[s]`` = (pai, tsumogiri, riichi declaration, called) per discard."""

    seat: int
    hand: tuple[str, ...]
    drawn: str | None
    melds: tuple[tuple[tuple[str, tuple[str, ...], int], ...], ...]
    discards: tuple[tuple[tuple[str, bool, bool, bool], ...], ...]
    kita: tuple[int, ...]
    dora_indicators: tuple[str, ...]
    scores: tuple[int, ...]
    riichi: tuple[bool, ...]
    honba: int
    sticks: int
    round_wind: str
    kyoku: int
    dealer: int
    tiles_left: int
    to_act: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    open_hands: tuple = ()   # per seat: its concealed tiles when in open riichi (shown to all), else None
    _planes: Any = field(default=None, repr=False, compare=False)
    _rules: Any = field(default=None, repr=False, compare=False)

    def planes(self):
        """(planes uint8 [33, 34], scalars int64 [24]): fixed-size features (csrc/ym_game_obs.c)."""
        return self._planes

    def wall_counts(self) -> tuple[int, ...]:
        """34 counts: the copies of each kind this seat cannot see (4 minus its own hand and
        every visible tile: rivers, melds, kita, dora indicators, the hands shown by an open
        riichi; 2m-8m are 0 in sanma) -- the
        tiles it may still draw, as ``yakuman.ev.discard_ev(wall=...)`` takes them."""
        return tuple(int(x) for x in self._planes[0][21])

    def wall_reds(self) -> tuple[int, int, int]:
        """Of the fives in ``wall_counts()``, the red ones per suit (m, p, s): the rules' red fives
        of each suit less those this seat sees (its hand, uncalled river tiles, melds, dora
        indicators, the hands shown by an open riichi), as ``yakuman.ev.discard_ev(wall_red=...)``
        takes them."""
        from yakuman.rules import Rules

        rules = self._rules if self._rules is not None else Rules.tenhou()
        seen = [0, 0, 0]
        names = list(self.hand) + list(self.dora_indicators)
        names += [pai for river in self.discards for pai, _tg, _r, called in river if not called]
        names += [t for melds in self.melds for _typ, tiles, _f in melds for t in tiles]
        names += [t for q, shown in enumerate(self.open_hands) if shown and q != self.seat for t in shown]
        for name in names:
            if name.endswith("r"):
                seen["mps".index(name[1])] += 1
        wall = self.wall_counts()
        copies = [0 if rules.players == 3 and s == 0 else rules.aka_dora for s in range(3)]
        return tuple(_core.ev_unseen_red(copies[s], seen[s], wall[9 * s + 4]) for s in range(3))

    def ev_planes(self, **options: Any):
        """Per-discard values for learning: float32 [5, 34], one column per tile kind
        (docs/ev.md, "Feature planes"). Plane 0: 1 where the kind is a discard of the seat's
        hand now; 1: shanten after discarding it; 2, 3, 4: tenpai probability, win
        probability and expected score by its last draw, from now, by ``yakuman.ev.discard_ev``
        over this seat's view (``wall_counts()``) with the ev policy's settings (t_max = the
        seat's own draws left, max_shanten 3; ``options`` override discard_ev's keywords).
        A red five and a plain five share their kind's column (the better of the two rows).
        Columns that are no discard are 0; the values are NaN above max_shanten and 0 when no
        draw is left. Without a discard to make (a 13-tile hand) every plane is 0."""
        from yakuman.game.evplanes import ev_planes

        return ev_planes(self, **options)

    def __repr__(self) -> str:
        from yakuman.game.view import observation_repr

        return observation_repr(self)

    def _repr_html_(self) -> str:
        """This seat's view as HTML (SVG tiles): its own hand, every meld and river; the other
        seats' concealed tiles only as a count."""
        from yakuman.game.view import observation_html

        return observation_html(self)


class Game:
    """One game under ``rules`` (None = ``Rules.tenhou()``). ``seed`` (None = random) fixes every
    round's wall; ``wall`` = 136 ids (108 in sanma) for the first round, or a list of such walls
    for the first rounds (layout: ``docs/game.md``). ``scores``, ``round_wind`` (0 = East),
    ``kyoku`` (0-based), ``honba``, ``sticks`` start the game elsewhere than East 1."""

    __slots__ = ("rules", "seed", "_st", "_aka", "_n", "_events", "_raw", "_rounds", "_walls", "_round_start",
                 "_views")

    def __init__(self, rules: Rules | None = None, seed: int | None = None, wall: Sequence | None = None, *,
                 scores: Sequence[int] | None = None, round_wind: int = 0, kyoku: int = 0, honba: int = 0,
                 sticks: int = 0) -> None:
        self.rules = _rules_arg(rules)
        self.seed = _seed_arg(seed)
        self._n = self.rules.players
        self._aka = self.rules.aka_dora
        walls: list = []
        if wall is not None:
            walls = _walls_arg(wall)
        for name, v, hi in (("round_wind", round_wind, 3), ("kyoku", kyoku, self._n - 1), ("honba", honba, _core.GAME_MAX_HONBA),
                            ("sticks", sticks, _core.GAME_MAX_STICKS)):
            if type(v) is not int or not 0 <= v <= hi:
                raise InvalidContextError(f"{name} = {_short(v)} is not an integer in 0..{hi}")
        cr = _core.compiled_game_rules(self.rules)
        first = walls.pop(0) if walls else None
        self._walls = walls
        if scores is not None:
            scores = as_list(scores, "scores", InvalidContextError)
        self._st = _core.GameState(cr, self.seed, first, scores, round_wind, kyoku, honba, sticks)
        self._events: list[dict] = [freeze({"type": "start_game", "players": self._n, "aka_flag": self._aka > 0,
                                            "length": self.rules.length, "seed": self.seed})]
        self._raw: int | None = None   # index of the first event still kept as an engine tuple
        self._views: dict | None = None   # determinize's seat views (yakuman.game._world.seat_view)
        self._rounds: list[RoundOutcome] = []
        self._round_start = None
        self._st.seed_policy(self.seed)   # the policy stream simulate gives game `seed`
        self._absorb()

    @classmethod
    def from_record(cls, record: Any, upto: int = 0, *, rules: Rules | None = None) -> Game:
        """A live game at a record's position: the engine state at the first decision at or after
        event ``upto`` of ``record`` (a ``yakuman.logs`` Game read from a Tenhou mjlog,
        tenhou.net/6 or mjai record), driven there by the record driver
        (:func:`yakuman.game.records.position`). ``legal_actions`` then holds the record's next
        decision, and stepping the record's actions on plays the record: its later rounds are
        dealt from the record's walls. The wall is the record's; tiles the record never shows
        fill the rest in an arbitrary order: :meth:`determinize` re-deals everything hidden from
        a seat. ``rules``: default the rules the record's header states. ``events`` starts with a
        ``start_game`` event at the position (the record holds the history)."""
        from yakuman.game.records import position

        return cls._at(position(record, upto, rules))

    @classmethod
    def from_mjai(cls, events: Any, *, upto: int | None = None, rules: Rules | None = None) -> Game:
        """A live game after the last of ``events`` (mjai event dicts, or JSON lines text), or at
        the first decision at or after the mjai event ``upto``. Tiles the events hide (``"?"``:
        other seats' hands and draws, as one seat's view shows them) are filled with tiles the
        stream never shows, consistent with every later discard and call of that seat
        (:func:`yakuman.logs.mjai.fill_hidden`); :meth:`determinize` re-deals them."""
        from yakuman.logs.mjai import read_position

        record = read_position(events, upto)
        return cls.from_record(record, len(record.events), rules=rules)

    @classmethod
    def _at(cls, pos: Any) -> Game:
        g = cls.__new__(cls)
        g.rules, g.seed = pos.rules, 0
        g._n, g._aka = g.rules.players, g.rules.aka_dora
        g._st = pos.state
        g._walls = [list(w) for w in pos.walls]
        g._events = [freeze({"type": "start_game", "players": g._n, "aka_flag": g._aka > 0, "length": g.rules.length,
                             "seed": 0})]
        g._raw = None
        g._views = None
        g._rounds = []
        rs = pos.start
        g._round_start = (f"{_WINDS[rs.round // 4 % 4]}{rs.round % 4 + 1}", rs.honba, rs.sticks)
        return g

    # ---- state -----------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (ascending)."""
        return _MASK_SEATS[self._st.to_act()]

    @property
    def done(self) -> bool:
        return self._st.phase() == _PH_OVER

    @property
    def events(self) -> list[dict]:
        """The mjai events so far: a new list of the record's read-only event dicts
        (:class:`yakuman.game._frozen.FrozenEvent`: equal to plain dicts, written by ``json``;
        changing one raises TypeError, ``dict(e)`` is a mutable copy)."""
        if self._raw is not None:
            self._flush()
        return list(self._events)

    @property
    def result(self) -> GameResult | None:
        """The final result, or None while the game runs."""
        t = self._st.table()
        if not t[9]:
            return None
        points, ranks, results = self._st.final()
        return GameResult(points, ranks, results, tuple(self._rounds), _END_REASONS[t[10]])

    @property
    def rounds(self) -> tuple[RoundOutcome, ...]:
        return tuple(self._rounds)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._st.seat(q)[9] for q in range(self._n))

    def legal_actions(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now (empty when it has nothing to decide)."""
        if type(seat) is not int or not 0 <= seat < self._n:
            self._check_seat(seat)
        return self._st.legal_actions(seat, _ACTIONS[self._aka], Action._from_code, self._aka)

    def policy_action(self, seat: int, policy: str) -> Action | None:
        """The action the built-in ``policy`` (a name of :data:`POLICIES`) picks for ``seat``
        now, exactly as :func:`simulate` would pick it (``random`` draws from this game's policy
        stream, seeded from the game seed), or None when ``seat`` has nothing to decide. The
        game is not changed: ``game.step(game.policy_action(seat, "ev"))`` plays it."""
        pol = _policy(policy)
        self._check_seat(seat)
        code = self._st.policy_choose(seat, pol)
        return None if code is None else self._value_of(code)

    # ---- the fixed action space (docs/learning.md) ----------------------------------------------
    @property
    def decision_seat(self) -> int | None:
        """The seat a VecGame asks now: the actor, or on a response the first asked seat in turn
        order after the discarder; None when the game is over."""
        s = _core.state_decision_seat(self._st)
        return None if s < 0 else s

    def action_mask(self, seat: int):
        """bool [ACTION_SPACE]: the indices of ``seat``'s legal actions now."""
        import numpy as np

        self._check_seat(seat)
        m = np.zeros(ACTION_SPACE, dtype=np.bool_)
        _core.state_action_mask(self._st, seat, m.view(np.uint8))
        return m

    def action_index(self, action: Any) -> int:
        """The index of a legal action (an Action or an mjai dict) in the fixed action space."""
        code = self._resolve(action)._code
        import numpy as np

        m = np.zeros(ACTION_SPACE, dtype=np.uint8)
        for idx, c in _core.state_action_mask(self._st, code[1], m):
            if c == code:
                return idx
        raise IllegalActionError(f"{rep(action)} has no index")  # pragma: no cover - every legal action has one

    def action_of_index(self, seat: int, index: int) -> Action:
        """The legal action of ``seat`` with this index; IllegalActionError when none is."""
        self._check_seat(seat)
        if type(index) is not int:
            raise IllegalActionError(f"action index {_short(index)} is not an int")
        code = _core.state_action_of_index(self._st, seat, index) if 0 <= index < ACTION_SPACE else None
        if code is None:
            raise IllegalActionError(f"action index {_short(index)} is not legal for seat {seat} now")
        return self._value_of(code)

    def _value_of(self, code: tuple) -> Action:
        """The legal action of this engine code as legal_actions hands it out (the shared value,
        which step takes by its code), or a new Action when none is."""
        for a in self._st.legal_actions(code[1], _ACTIONS[self._aka], Action._from_code, self._aka):
            if a._code == code:
                return a
        return Action._from_code(code, self._aka)

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self._n:
            raise InvalidContextError(f"seat {_short(seat)} is not a seat 0..{self._n - 1}")

    # ---- stepping --------------------------------------------------------------------------
    def _resolve(self, action: Any, seat: int | None = None) -> Action:
        """The one legal action ``action`` (an Action or an mjai dict) means. Fields left out
        (None) match any value, but the action must then match exactly one legal action: an
        answer that could mean several (``{"type": "dahai"}`` among many discards, a chi whose
        shape is not given) is refused, never guessed."""
        typ, actor, pai, consumed, target, tg = _action_fields(action, seat)
        if not 0 <= actor < self._n:
            raise IllegalActionError(f"{typ} action: actor {_short(actor)} is not a seat 0..{self._n - 1}")
        legal = self.legal_actions(actor)
        found: dict = {}
        for a in legal:
            if a.type == typ and (pai is None or a.pai == pai) and (tg is None or a.tsumogiri == tg) \
                    and (consumed is None or tuple(sorted(a.consumed, key=_sort_key)) == consumed) \
                    and (target is None or a.type == "dahai" or a.target == target):
                found.setdefault(a._key(), a)
        if len(found) == 1:
            return next(iter(found.values()))
        shown = _short(action) if isinstance(action, Mapping) else repr(action)
        if found:
            raise IllegalActionError(f"{shown} is ambiguous: it matches {len(found)} legal actions "
                                     f"({', '.join(map(repr, found.values()))}); give the missing fields")
        raise IllegalActionError(f"{shown} is not legal now; the legal actions of seat {actor} are {rep(legal)}")

    def step(self, action: Any) -> None:
        """Apply one action (an Action, or an mjai dict), or ``{seat: action}`` for several
        seats answering a discard at once. Raises IllegalActionError (state unchanged)."""
        if type(action) is Action:
            # a value from legal_actions: its engine code, checked by the engine; an Action made
            # by hand (its code may not be its fields': another tile, another seat) is resolved by
            # its fields below
            code = action._code
            if code is not None and not self._st.step_code(code, _ACTIONS[self._aka], action):
                self._absorb()
                return
        elif isinstance(action, Mapping) and "type" not in action:
            codes, seen = [], set()
            for seat, a in list(action.items()):   # read once: every answer is checked before any is applied
                self._check_seat(seat)
                if seat not in self.to_act:
                    raise IllegalActionError(f"seat {seat} has nothing to decide now (to act: {self.to_act})")
                if seat in seen:   # a mapping whose items() names a seat twice
                    raise IllegalActionError(f"seat {seat} answers twice")
                seen.add(seat)
                codes.append(self._resolve(a, seat)._code)
            order = sorted(codes, key=lambda c: c[1])
            for c in order:
                self._apply(c)
            return
        if self.done:
            raise IllegalActionError(f"{_short(action)}: the game is over")
        self._apply(self._resolve(action)._code)

    def _apply(self, code: tuple) -> None:
        if self._st.step_code(code):
            raise IllegalActionError(f"{rep(Action._from_code(code, self._aka))} is not legal now")
        self._absorb()

    def _absorb(self) -> None:
        """Turn the engine's new events into mjai dicts; start the next round after a round end."""
        events = self._events
        k = len(events)
        m = self._st.pump(events)   # the common step: plays only, kept as tuples
        if m >= 0:
            if m and self._raw is None:
                self._raw = k
            return
        while True:
            for e in self._st.events():
                if e[0] in _LAZY:
                    if self._raw is None:
                        self._raw = len(events)
                    events.append(e)      # converted when someone reads game.events
                else:
                    events.append(self._event(e))
            if self._st.phase() != _PH_ROUND_END:
                return
            self._st.next_round(self._walls.pop(0) if self._walls else None)

    def _flush(self) -> None:
        """Convert the events kept raw (tsumo, dahai, calls, reach, dora) into dicts, and a
        determinized world's history (a WorldHead first) into its events."""
        from yakuman.game._world import WorldHead

        ev = self._events
        first = self._raw
        if ev and type(ev[0]) is WorldHead:
            try:
                head = [freeze(e) for e in ev[0].events()]
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:   # a forged record
                raise InvalidContextError(f"determinize: the game's record is damaged: {type(e).__name__}: "
                                          f"{_short(str(e))}") from None
            ev[0:1] = head
            first = len(head)
        for i in range(first, len(ev)):
            if type(ev[i]) is tuple:
                ev[i] = self._event(ev[i])
        self._raw = None

    def _event(self, e: tuple) -> dict:
        if len(e) == 6:
            typ, actor, target, tile, tg, cons = e
        else:
            (typ, actor, target, tile, tg, cons, extra, tenpai, han, fu, points, yaku, deltas, scores, ura,
             han_of) = e
        aka = self._aka
        ev: dict[str, Any]
        if typ == 1:
            t = self._st.table()
            wall = self._st.wall()
            n = self._n
            dealer = t[4]
            tehais = [[] for _ in range(n)]
            for k in range(n):
                tehais[(dealer + k) % n] = [_pai(x, aka) for x in sorted(wall[13 * k:13 * k + 13])]
            self._round_start = (f"{_WINDS[t[2]]}{t[3] + 1}", t[5], t[6])
            ev = {"type": "start_kyoku", "bakaze": _WINDS[t[2]], "kyoku": t[3] + 1, "honba": t[5], "kyotaku": t[6],
                  "oya": dealer, "dora_marker": _pai(t[8][0], aka), "scores": list(self.scores), "tehais": tehais}
        elif typ == 2:
            ev = {"type": "tsumo", "actor": actor, "pai": _pai(tile, aka)}
        elif typ == 3:
            ev = {"type": "dahai", "actor": actor, "pai": _pai(tile, aka), "tsumogiri": bool(tg)}
        elif typ in (4, 5, 6):
            ev = {"type": ("chi", "pon", "daiminkan")[typ - 4], "actor": actor, "target": target,
                  "pai": _pai(tile, aka), "consumed": [_pai(c, aka) for c in cons]}
        elif typ == 7:
            pon = next(m for m in self._st.seat(actor)[1] if m[4] == tile)
            ev = {"type": "kakan", "actor": actor, "pai": _pai(tile, aka),
                  "consumed": [_pai(c, aka) for c in pon[5] if c != tile]}
        elif typ == 8:
            ev = {"type": "ankan", "actor": actor, "consumed": [_pai(c, aka) for c in cons]}
        elif typ == 9:
            ev = {"type": "nukidora", "actor": actor, "pai": "N"}
        elif typ == 10:
            ev = {"type": "reach", "actor": actor}
            if tg:   # open riichi: the hand shown at the declaration (docs/game.md)
                ev["open"] = True
                ev["tehai"] = [_pai(x, aka) for x in cons]
        elif typ == 11:
            ev = {"type": "reach_accepted", "actor": actor, "deltas": list(deltas), "scores": list(scores)}
        elif typ == 12:
            ev = {"type": "dora", "dora_marker": _pai(tile, aka)}
        elif typ == 13:
            from yakuman.logs.events import yaku_name

            yakus = [[yaku_name(b), h] for b, h in han_of]
            ev = {"type": "hora", "actor": actor, "target": target, "pai": _pai(tile, aka),
                  "uradora_markers": [_pai(u, aka) for u in ura], "yakus": yakus, "fan": han, "fu": fu,
                  "hora_points": points, "limit": _LIMITS[extra], "deltas": list(deltas), "scores": list(scores)}
            self._round_outcome()
        elif typ == 14:
            last = self._st.last_round()
            reason = "nagashi_mangan" if extra == 255 else _ABORTS.get(extra, "exhaustive")
            ev = {"type": "ryukyoku", "reason": reason, "tenpais": [bool((tenpai >> q) & 1) for q in range(self._n)],
                  "deltas": list(last[5]), "scores": list(scores)}
            self._round_outcome()
        elif typ == 15:
            ev = {"type": "end_kyoku"}
        elif typ == 16:
            points, ranks, results = self._st.final()
            ev = {"type": "end_game", "scores": list(points), "result": list(results)}
        else:  # pragma: no cover - the engine has no other event
            raise AssertionError(f"unknown engine event {typ}")
        return freeze(ev)

    def _round_outcome(self) -> None:
        """Record the round once (a multiple ron has several hora events)."""
        if self._round_start is None:
            return
        outcome, abort, winners, from_seat, tenpai, deltas = self._st.last_round()
        label, honba, sticks = self._round_start
        self._round_start = None
        self._rounds.append(RoundOutcome(label, honba, sticks, _OUTCOMES[outcome],
                                         tuple(q for q in range(self._n) if (winners >> q) & 1),
                                         None if from_seat == 255 else from_seat, _ABORTS.get(abort),
                                         tuple(q for q in range(self._n) if (tenpai >> q) & 1), deltas))

    # ---- observation -------------------------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        """Everything ``seat`` can see and nothing else."""
        self._check_seat(seat)
        aka, n = self._aka, self._n
        t = self._st.table()
        seats = [self._st.seat(q) for q in range(n)]
        me = seats[seat]
        melds = tuple(tuple((_MELD_NAMES[m[0]], tuple(_pai(x, aka) for x in m[5]), m[2]) for m in s[1])
                      for s in seats)
        discards = tuple(tuple((_pai(tid, aka), bool(mark & 1), bool(mark & 2), bool(mark & 4)) for tid, mark in s[2])
                         for s in seats)
        planes = self._st.obs_planes(seat)
        return Observation(
            seat=seat,
            hand=tuple(_pai(x, aka) for x in me[0]),
            drawn=_pai(me[10], aka) if me[10] != 255 else None,
            melds=melds,
            discards=discards,
            kita=tuple(len(s[8]) for s in seats),
            dora_indicators=tuple(_pai(x, aka) for x in t[8]),
            scores=tuple(s[9] for s in seats),
            riichi=tuple(s[3] == 2 for s in seats),
            honba=t[5],
            sticks=t[6],
            round_wind=_WINDS[t[2]],
            kyoku=t[3],
            dealer=t[4],
            tiles_left=t[7],
            # while a discard is answered, who else may call or ron is hidden from this seat
            to_act=tuple(q for q in self.to_act if q == seat) if self._st.phase() == 1 else self.to_act,
            legal_actions=tuple(self.legal_actions(seat)),
            open_hands=tuple(tuple(_pai(x, aka) for x in s[0]) if s[15] else None for s in seats),
            _planes=planes,
            _rules=self.rules,
        )

    # ---- copies --------------------------------------------------------------------------------
    def copy(self) -> Game:
        """An independent copy (the native state is copied as one struct)."""
        g = Game.__new__(Game)
        g.rules, g.seed, g._aka, g._n = self.rules, self.seed, self._aka, self._n
        g._st = self._st.copy()
        g._events = list(self._events)
        g._raw = self._raw
        g._views = None
        g._rounds = list(self._rounds)
        g._walls = [list(w) for w in self._walls]
        g._round_start = self._round_start
        return g

    __copy__ = copy

    def __getstate__(self) -> dict:
        if self._raw is not None:
            self._flush()
        d = {"rules": self.rules.to_dict(), "seed": self.seed, "raw": self._st.raw(), "events": self._events,
             "rounds": self._rounds, "walls": self._walls, "round_start": self._round_start,
             "prng": self._st.prng_state()}
        d["digest"] = _state_digest(d)
        return d

    def __setstate__(self, d: dict) -> None:
        # Everything restored is covered by the digest written with it (damage is refused), and
        # the native state is validated in C before anything reads it (ym_game_validate: tile
        # accounting, counts, phase, indexes), so that no bytes, with any digest, can make the
        # engine read out of bounds. A pickle stays trusted input like any pickle: unpickling
        # can run code, so load only pickles you wrote.
        f = _restored(d)
        try:
            digest = _state_digest(f)
        except (TypeError, ValueError, RecursionError):   # a value JSON cannot write: not ours
            digest = None
        if digest is None or d.get("digest") != digest:
            raise InvalidContextError("pickled game state is damaged (its digest does not match) "
                                      "or was written by another version")
        self.rules = Rules.from_dict(f["rules"])
        self.seed = f["seed"]
        self._n = self.rules.players
        self._aka = self.rules.aka_dora
        self._st = _core.GameState.from_raw(_core.compiled_game_rules(self.rules), f["raw"])
        self._events = [freeze(e) for e in f["events"]]
        self._raw = None
        self._views = None
        self._rounds = list(f["rounds"])
        self._walls = [list(w) for w in f["walls"]]
        self._round_start = f["round_start"]
        if f["prng"] is not None:
            self._st.set_prng_state(f["prng"])
        else:   # a state pickled before the policy stream was kept: the stream from the seed
            self._st.seed_policy(self.seed)

    def determinize(self, seat: int, rng: Any = None) -> Game:
        """A consistent game in which everything hidden from ``seat`` is re-dealt at random: the
        other hands, the live wall and the dead wall except revealed indicators, uniformly among
        the deals in which every other riichi hand is tenpai (docs/game.md), the other seats'
        starting hands and draws in the record, their furiten, who is asked to answer a discard
        (only the seats that can act in the world), and the walls of the rounds to come (a new
        seed). Nothing in it depends on what the seat cannot see; playing on gives a record
        ``parse_mjai`` reads. The engine makes the world (csrc/ym_game_world.c); its events are
        filled in when first read (yakuman.game._world). ``rng``: a ``random.Random``, a numpy
        Generator, an int seed or None (from the OS)."""
        from yakuman.game._world import WorldHead

        self._check_seat(seat)
        s = _rng_seed(rng)
        if self._raw is not None:
            self._flush()
        view = _seat_view(self, seat)
        g = Game.__new__(Game)
        g.rules, g._aka, g._n = self.rules, self._aka, self._n
        g._st = st = self._st.copy()
        if self.done:
            st.determinize(seat, s)
        else:
            rc = st.world(seat, s, view.ops)
            if rc:
                raise InvalidContextError(_WORLD_ERRORS.get(rc, f"determinize: engine error {rc}") + f" (seat {seat})")
        g.seed = st.world_seed()
        st.seed_policy(g.seed)   # the policy stream too: the game's would give its seed away
        hands = {}   # without the round's start (a record position): the hidden hands and drawn tiles
        if view.ops is None:
            for q in view.hidden:
                s_q = st.seat(q)
                hands[q] = (s_q[0], s_q[10])
        g._events = [WorldHead(view, seat, s, self._aka, self._n, st.wall() if view.start is not None else (), hands)]
        g._raw = 0
        g._views = None
        g._rounds = list(self._rounds)
        g._walls = []
        g._round_start = self._round_start
        g._absorb()   # a pending response that nobody in the world can answer resolves
        return g

    def rollout(self, policy: Any = "greedy", n: int = 100, seed: int = 0, *, seat: int | None = None,
                workers: int = 1) -> RolloutResult:
        """Play this game on to the end of its round ``n`` times and average each seat's point
        change (riichi sticks paid and won included). Copy i first re-deals every tile hidden
        from ``seat`` (None = the first seat to act; -1 = re-deal nothing), then every seat plays
        ``policy``: a built-in name (``"random"``, ``"tsumogiri"``, ``"greedy"``: the native
        loop, no GIL, ``workers`` threads) or a callable ``policy(observation) -> Action`` (a
        Python loop). The copies' streams come from ``seed`` alone, so the result does not depend
        on ``workers``. Returns the mean and its standard error per seat."""
        import numpy as np

        if type(n) is not int or not 1 <= n <= MAX_ROLLOUTS:
            raise InvalidContextError(f"n must be an integer 1..{MAX_ROLLOUTS}, not {_short(n)}")
        if type(seed) is not int:
            raise InvalidContextError(f"seed must be an integer, not {_short(seed)}")
        if self._st.phase() >= _PH_ROUND_END:
            raise InvalidContextError("the round is over: nothing to roll out")
        if seat is None:
            seat = self.to_act[0]
        elif not (type(seat) is int and seat == -1):
            self._check_seat(seat)
        deltas = np.zeros((n, 4), dtype=np.int64)
        status = np.zeros(n, dtype=np.uint8)
        if callable(policy):
            for i in range(n):
                deltas[i, : self._n] = self._rollout_py(policy, seat, (seed + i * 0x9E3779B97F4A7C15) & (2**64 - 1))
        else:
            pol, workers = _policy(policy), n_workers(workers)
            ops = None
            if seat >= 0:   # each copy is the seat's world, made from the round's history as determinize makes it
                if self._raw is not None:
                    self._flush()
                ops = _seat_view(self, seat).ops
            self._st.rollout(seat, pol, seed & (2**64 - 1), deltas, status, workers, ops)
            if (status == 3).any():
                raise InvalidContextError(f"rollout: no world of seat {seat} could be made (the record of the "
                                          f"current round does not match the engine state, or no tenpai deal "
                                          f"for a hidden riichi hand)")
        ok = deltas[status == 0, : self._n].astype(np.float64)
        k = len(ok)
        mean = ok.mean(axis=0) if k else np.full(self._n, np.nan)
        err = ok.std(axis=0, ddof=1) / np.sqrt(k) if k > 1 else np.full(self._n, np.nan)
        return RolloutResult(tuple(float(x) for x in mean), tuple(float(x) for x in err), k, int(n - k))

    def _rollout_py(self, policy: Any, seat: int, seed: int) -> list[int]:
        g = self.determinize(seat, seed) if seat >= 0 else self.copy()
        g._walls = []
        start = self.scores
        rounds = len(g._rounds)
        while not g.done and len(g._rounds) == rounds:
            acts = {q: policy(g.observation(q)) for q in g.to_act}
            g.step(next(iter(acts.values())) if len(acts) == 1 else acts)
        return [g.scores[q] - start[q] for q in range(self._n)]   # the next round is dealt: the end's scores

    def check(self) -> int:
        """The engine's structural self-check (0 = every invariant holds)."""
        return self._st.check()

    def __repr__(self) -> str:
        """One line: seed, round (``E2-1`` = East 2, 1 honba), sticks, dealer, scores, who is to
        act and in which phase, tiles left (or, when over, the placements)."""
        from yakuman.game.view import game_repr

        return game_repr(self)

    def _repr_html_(self) -> str:
        """The whole state as HTML (a debugging view: every hand, meld and river as SVG tiles)."""
        from yakuman.game.view import game_html

        return game_html(self)


def _rng_seed(rng: Any) -> int:
    """determinize's 64-bit seed from ``rng``: an int (Python or numpy), a random.Random (its
    getrandbits(64)), a numpy Generator (its integers(0, 2**63)) or None (the OS); whatever the
    object gives back is checked like a seed (InvalidContextError naming ``rng`` otherwise)."""
    if rng is None:
        return secrets.randbits(64)
    if type(rng) is not bool and hasattr(type(rng), "__index__"):
        return _seed_arg(rng, name="rng")   # a negative int or an array of several is refused
    if hasattr(rng, "getrandbits"):
        what = "rng.getrandbits(64)"
        v = rng.getrandbits(64)
    elif hasattr(rng, "integers"):
        what = "rng.integers(0, 2**63)"
        v = rng.integers(0, 2**63)
    else:
        raise InvalidContextError(f"rng must be a random.Random, a numpy Generator or an int, not {_short(rng)}")
    if type(v) is bool or not hasattr(type(v), "__index__"):
        raise InvalidContextError(f"{what} gave {_short(v)}, not an integer")
    return _seed_arg(v, name=what)


def _seat_view(game: Game, seat: int) -> Any:
    """seat_view, with a record that is not the engine's (a forged pickle's events: a field of
    the wrong kind, too many draws) refused as InvalidContextError."""
    from yakuman.errors import YakumanError
    from yakuman.game._world import seat_view

    try:
        return seat_view(game, seat)
    except YakumanError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        game._views = None
        raise InvalidContextError(f"determinize: the game's record is damaged (seat {seat}): "
                                  f"{type(e).__name__}: {_short(str(e))}") from None


def _rules_arg(rules: Rules | None) -> Rules:
    """The rules of a game or a batch (None = Rules.tenhou()), checked."""
    r = Rules.tenhou() if rules is None else rules
    if not isinstance(r, Rules):
        raise InvalidContextError(f"rules must be a yakuman.Rules, not {type(rules).__name__}")
    return r


def rebuild(seed: int, *, rules: Rules | None = None, policy: str = "random") -> Game:
    """The game ``simulate`` played with this seed and policy, step by step as a Game (every
    event included)."""
    pol = _policy(policy)
    g = Game(rules, _seed_arg(seed))
    g._st.seed_policy(g.seed)
    while not g.done:
        code = g._st.policy_action(pol)
        if code is None:  # pragma: no cover - a running game always has someone to act
            raise AssertionError("no seat to act")
        g._apply(code)
    return g


def _policy(policy: str) -> int:
    if not isinstance(policy, str) or policy not in POLICIES:
        raise InvalidContextError(f"unknown policy {rep(policy)}: expected one of {', '.join(POLICIES)}")
    return POLICIES[policy]


def simulate(n: int, *, rules: Rules | None = None, seed: int = 0, policy: str = "random",
             workers: int | None = None) -> dict:
    """Play ``n`` whole games natively (no GIL, ``workers`` threads: None or 0 = all cores, else
    1..1024 like the batch calls; never more threads than games) and
    return columns (numpy arrays): ``seed`` (each game's seed: ``rebuild(seed[i])`` replays
    it), ``scores`` and ``results`` (n x players), ``placements`` (n x players, 0 = first),
    ``rounds``, ``outcomes`` (n x 6: none, tsumo, ron, exhaustive_draw, nagashi_mangan,
    abortive_draw), ``end_reason``, ``steps``, ``status`` (0 = finished). The game seeds are
    ``seed, seed + 1, ...`` (``seed``: a non-negative integer, Python or numpy, modulo 2**64;
    they wrap past 2**64-1), so the result does not depend on ``workers``."""
    import numpy as np

    _count(n)
    r = _rules_arg(rules)
    pol = _policy(policy)
    workers = min(n_workers(workers), max(n, 1))   # 1..MAX_WORKERS, never more threads than games
    seeds = (np.arange(n, dtype=np.uint64) + np.uint64(_seed_arg(seed)))
    return _play(r, seeds, np.full((n, 4), pol, dtype=np.uint8), workers)


def _count(n: object, what: str = "") -> int:
    """A non-negative integer argument n (games, or walls), checked."""
    if type(n) is not int or n < 0:
        raise InvalidContextError(f"n must be a non-negative integer{what}, not {_short(n)}")
    return n


def _play(r: Rules, seeds: Any, policies: Any, workers: int) -> dict:
    """The native loop over games: game i has seed seeds[i] and seat q plays policies[i, q]
    (codes of POLICIES); the columns of :func:`simulate`."""
    import numpy as np

    n, p = len(seeds), r.players
    scores = np.zeros((n, 4), dtype=np.int64)
    results = np.zeros((n, 4), dtype=np.int64)
    ranks = np.zeros((n, 4), dtype=np.uint8)
    rounds = np.zeros(n, dtype=np.uint16)
    outcomes = np.zeros((n, 6), dtype=np.uint16)
    end_reason = np.zeros(n, dtype=np.uint8)
    status = np.zeros(n, dtype=np.uint8)
    steps = np.zeros(n, dtype=np.uint32)
    _core._simulate(_core.compiled_game_rules(r), seeds, policies, workers, scores, results, ranks, rounds,
                    outcomes, end_reason, status, steps)
    return {"seed": seeds, "scores": scores[:, :p], "results": results[:, :p], "placements": ranks[:, :p],
            "rounds": rounds, "outcomes": outcomes, "end_reason": end_reason, "steps": steps, "status": status}


ACTION_SPACE: int = _core.ACTION_SPACE
#: The action space's layout version (docs/learning.md): indices are only appended, never moved,
#: so an index means the same action in every later version (2 appended 348, open riichi).
ACTION_SPACE_VERSION: int = _core.ACTION_SPACE_VERSION


if TYPE_CHECKING:
    from yakuman.game.vec import VecGame


def __getattr__(name: str) -> Any:
    if name == "VecGame":   # imported on first use (yakuman.game.vec imports this module)
        from yakuman.game.vec import VecGame

        return VecGame
    if name in ("arena", "ArenaResult"):   # likewise: yakuman.game.duplicate imports this module
        from yakuman.game import duplicate

        return getattr(duplicate, name)
    raise AttributeError(f"module {rep(__name__)} has no attribute {rep(name)}")
