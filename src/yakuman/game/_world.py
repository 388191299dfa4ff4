"""The record of a determinized world (``Game.determinize``).

The engine makes the world's state (csrc/ym_game_world.c): it re-deals everything hidden from the
seat and, from the current round's history (:func:`seat_view` gives it as ops), rebuilds the
other seats' starting hands and draws into the wall's drawn positions, their furiten flags and who
is asked to answer a pending discard.

The world's events are the seat's own view of the game (:func:`seat_view`: the other seats'
hidden tiles left out, the game's seed dropped), with the hidden tiles filled in:

- the current round: from the world's wall (starting hands and draws as the engine rebuilt them);
- finished rounds: a seat whose hand was never shown (no win, no tenpai at a draw) gets a hand
  drawn from the tiles the seat could not see, and its starting hand and draws are rebuilt
  backwards through its visible discards and calls; shown hands stay.

The filling is deferred (:class:`WorldHead`) until someone reads the world's events, so that a
determinization costs the engine's re-deal only; the view a world keeps holds nothing the seat
could not see. Playing on from a world gives a record ``parse_mjai`` reads.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["WorldHead", "seat_view"]

_OUT = ("dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "nukidora")
_KANS = ("ankan", "kakan", "daiminkan", "nukidora")
# the engine's history ops (csrc/ym_game.h, YM_OP_*)
_OP = {"tsumo": 1, "dahai": 2, "chi": 3, "pon": 3, "daiminkan": 3, "ankan": 4, "kakan": 5, "nukidora": 6}


class _View:
    """One seat's view of a game's events (hidden tiles None) and the current round's ops."""

    __slots__ = ("n", "events", "start", "ops", "draws", "hidden", "last")

    def __init__(self, n: int, events: list, start: int | None, ops: bytes | None, draws: list, hidden: tuple,
                 last: int):
        self.n, self.events, self.start, self.ops, self.draws, self.hidden = n, events, start, ops, draws, hidden
        self.last = last   # the first event of the last round: what comes before it is final


def _riichi_at(events: list[dict], q: int) -> int | None:
    return next((i for i, e in enumerate(events) if e["type"] == "reach" and e.get("actor") == q), None)


def _shown(rnd: list[dict], seat: int, n: int) -> set:
    """The seats whose hands a finished round showed (and the seat itself)."""
    shown = {seat}
    last_tsumo = None
    for e in rnd:
        t = e["type"]
        if t == "tsumo":
            last_tsumo = e["actor"]
        elif t == "hora":
            shown.add(e["actor"])
        elif t == "ryukyoku":
            reason = e.get("reason")
            shown.update(s for s in range(n) if (e.get("tenpais") or [False] * n)[s])
            if reason == "kyuushu_kyuuhai" and last_tsumo is not None:
                shown.add(last_tsumo)
            elif reason == "suucha_riichi":
                shown.update(s for s in range(n) if _riichi_at(rnd, s) is not None)
        elif t == "reach" and e.get("open") is True:
            shown.add(e["actor"])
    return shown


def _mask(rnd: list[dict], hidden: set) -> list[dict]:
    """The round with the hidden seats' starting hands and draws left out (None)."""
    if not hidden:
        return rnd
    out = []
    for e in rnd:
        t = e["type"]
        if t == "start_kyoku":
            e = dict(e, tehais=[None if q in hidden else h for q, h in enumerate(e["tehais"])])
        elif t == "tsumo" and e["actor"] in hidden:
            e = dict(e, pai=None)
        out.append(e)
    return out


def _ops(rnd: list[dict], hidden: tuple, n: int) -> tuple[bytes, list]:
    """The round's ops for the engine, and [(event index, wall position)] of the hidden seats' draws."""
    n_tiles = 108 if n == 3 else 136
    L0 = n_tiles - 14
    ops = bytearray()
    draws = []
    j = r = 0
    prev = None
    for i, e in enumerate(rnd):
        t = e["type"]
        op = _OP.get(t)
        if op is not None:
            a = e["actor"]
            arg = 0
            if op == 1:
                if prev is not None and prev.get("actor") == a and prev["type"] in _KANS:
                    arg = L0 + r if r < 4 else L0 - (r + 1)
                    r += 1
                else:
                    arg = 13 * n + j
                    j += 1
                if a in hidden:
                    draws.append((i, arg))
            elif op == 5:
                arg = _kind_of(e["pai"])
            ops += bytes((op << 2 | a, arg))
        if t not in ("dora", "reach"):
            prev = e
    return bytes(ops), draws


def _segments(events: list[dict], base: int = 0) -> list[tuple[int, int]]:
    """(first, end) of each round's events from the round starting at ``base`` on; a position read
    from a record starts with events of a round whose start_kyoku it does not hold (from index 1)."""
    starts = [i for i in range(base, len(events)) if events[i]["type"] == "start_kyoku"]
    first = base or 1
    if len(events) > first and (not starts or starts[0] > first):
        starts.insert(0, first)
    return [(a, starts[r + 1] if r + 1 < len(starts) else len(events)) for r, a in enumerate(starts)]


def seat_view(game: Any, seat: int) -> _View:
    """``seat``'s view of ``game``'s events (flushed), cached on the game until it moves on."""
    cache = game._views
    if cache is None:
        cache = game._views = {}
    evs = game._events
    v = cache.get(seat)
    if v is not None and v.n == len(evs):
        return v
    n = game._n
    if v is not None and v.n < len(evs):   # the game moved on: the rounds before its last are final
        base = v.last
        events = v.events[:base] + evs[base:]
    else:
        base = 0
        events = list(evs)
        if events and events[0]["type"] == "start_game" and "seed" in events[0]:
            events[0] = {k: x for k, x in events[0].items() if k != "seed"}
    segs = _segments(events, base)
    start = ops = None
    draws: list = []
    hidden: tuple = ()
    for r, (a, b) in enumerate(segs):
        rnd = events[a:b]
        if not game.done and r == len(segs) - 1:
            opened = {e["actor"] for e in rnd if e["type"] == "reach" and e.get("open") is True}
            hidden = tuple(q for q in range(n) if q != seat and q not in opened)
            if rnd[0]["type"] == "start_kyoku":
                ops, draws = _ops(rnd, hidden, n)
            start = a
            hid = set(hidden)
        elif rnd[0]["type"] == "start_kyoku":
            hid = set(range(n)) - _shown(rnd, seat, n)
        else:
            hid = set(range(n)) - {seat}
        events[a:b] = _mask(rnd, hid)
    v = cache[seat] = _View(len(evs), events, start, ops, draws, hidden, segs[-1][0] if segs else base)
    return v


class WorldHead:
    """The events of a determinized world up to its making, filled in when read (module doc)."""

    __slots__ = ("view", "seat", "seed", "aka", "n", "wall", "hands")

    def __init__(self, view: _View, seat: int, seed: int, aka: int, n: int, wall: tuple, hands: dict):
        self.view, self.seat, self.seed, self.aka, self.n = view, seat, seed, aka, n
        self.wall, self.hands = wall, hands

    def events(self) -> list[dict]:
        from yakuman.game._actions import _pai, _sort_key

        v, aka, n = self.view, self.aka, self.n
        rng = random.Random(self.seed)
        events = list(v.events)
        for a, b in _segments(events):
            rnd = events[a:b]
            if a == v.start and rnd[0]["type"] == "start_kyoku":
                self._current(rnd, _pai, _sort_key)
            elif a == v.start:
                for q in v.hidden:   # from the world's hands back through the round's plays
                    ids, held = self.hands[q]
                    _, drawn = _unwind(rng, [_pai(t, aka) for t in ids], _round_ops(rnd, q), _name_outs(rnd, q),
                                       _riichi_at(rnd, q), _pai(held, aka) if held != 255 else None)
                    for i, d in drawn.items():
                        rnd[i] = dict(rnd[i], pai=d)
            elif rnd[0]["type"] == "start_kyoku":
                _past_round(rnd, self.seat, n, aka, rng, _pai, _sort_key)
            else:
                _fill_draws(rnd, n, aka, rng, _pai)
            events[a:b] = rnd
        return events

    def _current(self, rnd: list[dict], pai, sort_key) -> None:
        v, wall, aka, n = self.view, self.wall, self.aka, self.n
        start = rnd[0]
        tehais = list(start["tehais"])
        for q in v.hidden:
            k = (q - start["oya"]) % n
            tehais[q] = sorted((pai(t, aka) for t in wall[13 * k:13 * k + 13]), key=sort_key)
        rnd[0] = dict(start, tehais=tehais)
        for i, pos in v.draws:
            rnd[i] = dict(rnd[i], pai=pai(wall[pos], aka))


def _fill_draws(rnd: list[dict], n: int, aka: int, rng: random.Random, pai) -> None:
    """A finished round the record position began inside (no starting hands): each hidden draw is
    the tile discarded next when that discard was tsumogiri, else a tile nobody saw in it."""
    seen = [e.get("pai") for e in rnd if e["type"] in ("dahai", "kakan")]
    pool = [pai(t, aka) for t in range(136) if n == 4 or not 4 <= t < 32]
    for x in seen:
        if x in pool:
            pool.remove(x)
    rng.shuffle(pool)
    for i, e in enumerate(rnd):
        if e["type"] == "tsumo" and e["pai"] is None:
            nxt = next((f for f in rnd[i + 1:] if f.get("actor") == e["actor"] and f["type"] in _OUT), None)
            if nxt is not None and nxt["type"] == "dahai" and nxt.get("tsumogiri"):
                d = nxt["pai"]
            else:
                d = pool.pop() if pool else pai(rng.randrange(108, 136), aka)   # (never: fewer draws than tiles)
            rnd[i] = dict(e, pai=d)


def _round_ops(events: list[dict], q: int) -> list[tuple]:
    """The seat's hand-changing events of one round, in order: (type, i)."""
    return [(e["type"], i) for i, e in enumerate(events) if e.get("actor") == q and
            (e["type"] == "tsumo" or e["type"] in _OUT)]


def _choose_draw(rng: random.Random, hand: list, nxt: tuple | None, outs: dict, riichi_at: int | None,
                 i: int, held: Any = None) -> Any:
    """The tile a hidden seat drew at event i, given what it did next (its next op; none: the
    drawn tile it holds, when it holds one)."""
    if nxt is None:
        return held if held is not None else rng.choice(hand)
    typ, j = nxt
    out = outs[j]
    if typ == "dahai":
        tile, tsumogiri = out
        if tsumogiri:
            return tile
        rest = list(hand)
        rest.remove(tile)
        return rng.choice(rest)
    if typ in ("ankan", "nukidora") and riichi_at is not None and riichi_at < i:
        return rng.choice(out[0])      # under riichi only the drawn tile may be called so
    return rng.choice(hand)


def _unwind(rng: random.Random, final: list, ops: list[tuple], outs: dict, riichi_at: int | None,
            held: Any = None) -> tuple[list, dict]:
    """(starting hand, {event index: drawn tile}) of a seat whose hand is now ``final`` (holding
    the drawn tile ``held``, or None)."""
    hand = list(final)
    drawn: dict = {}
    for k in range(len(ops) - 1, -1, -1):
        typ, i = ops[k]
        if typ == "tsumo":
            nxt = ops[k + 1] if k + 1 < len(ops) else None
            d = _choose_draw(rng, hand, nxt, outs, riichi_at, i, held)
            hand.remove(d)
            drawn[i] = d
        else:
            out = outs[i]
            hand.extend(out[0] if typ != "dahai" else (out[0],))
    return hand, drawn


def _name_outs(events: list[dict], q: int) -> dict:
    """{event index: what left the hand} of seat q's events, as names."""
    outs = {}
    for i, e in enumerate(events):
        if e.get("actor") != q:
            continue
        t = e["type"]
        if t == "dahai":
            outs[i] = (e["pai"], bool(e.get("tsumogiri")))
        elif t in ("chi", "pon", "daiminkan", "ankan"):
            outs[i] = (list(e["consumed"]),)
        elif t in ("kakan", "nukidora"):
            outs[i] = ([e["pai"]],)
    return outs


def _past_round(rnd: list[dict], seat: int, n: int, aka: int, rng: random.Random, pai, sort_key) -> None:
    """Re-deal a finished round's unseen hands (names) and rewrite their starting hands and draws."""
    start = rnd[0]
    hidden = [q for q, h in enumerate(start["tehais"]) if h is None]
    if not hidden:
        return
    # the shown hands at the round's end, the sizes of the hidden ones, the tiles everyone saw
    final = [list(h) if h is not None else None for h in start["tehais"]]
    size = [13] * n
    known: list = [start["dora_marker"]]
    # the ura indicators once: every hora event of a multiple ron shows the same ones (counting
    # them per event took a tile twice, and filling the round failed; until 2026-12-06)
    known.extend(max((list(e.get("uradora_markers") or ()) for e in rnd if e["type"] == "hora"), key=len, default=()))
    for e in rnd:
        t, q = e["type"], e.get("actor")
        gone: tuple | list = ()
        if t == "tsumo":
            size[q] += 1
            if final[q] is not None:
                final[q].append(e["pai"])
        elif t in ("dahai", "kakan", "nukidora"):
            gone = (e["pai"],)
        elif t in ("chi", "pon", "daiminkan", "ankan"):
            gone = e["consumed"]
        elif t == "dora":
            known.append(e["dora_marker"])
        for x in gone:
            size[q] -= 1
            known.append(x)
            if final[q] is not None:
                final[q].remove(x)
    for h in final:
        if h is not None:
            known.extend(h)
    pool = [pai(t, aka) for t in range(136) if n == 4 or not 4 <= t < 32]
    for name in known:
        pool.remove(name)
    rng.shuffle(pool)
    k = 0
    for q in hidden:
        fq = pool[k:k + size[q]]
        k += size[q]
        h0, drawn = _unwind(rng, fq, _round_ops(rnd, q), _name_outs(rnd, q), _riichi_at(rnd, q))
        tehais = list(rnd[0]["tehais"])
        tehais[q] = sorted(h0, key=sort_key)
        rnd[0] = dict(rnd[0], tehais=tehais)
        for i, d in drawn.items():
            rnd[i] = dict(rnd[i], pai=d)


_KIND: dict = {}


def _kind_of(name: str) -> int:
    if not _KIND:
        from yakuman.game._actions import _NAMES

        _KIND.update({n: i for i, n in enumerate(_NAMES)})
        _KIND.update({n + "r": _KIND[n] for n in ("5m", "5p", "5s")})
    return _KIND[name]
