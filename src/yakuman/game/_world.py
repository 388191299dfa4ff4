"""The history of a determinized world (``Game.determinize``): a consistent record in which
everything hidden from the seat was re-dealt.

The engine re-deals the current round's hidden tiles (csrc/ym_game_obs.c). Here the rest of the
world is made to agree with that deal and to reveal nothing the seat could not know:

- the current round: every other seat's starting hand and draws are rewritten (backwards from
  its new hand through its visible discards and calls), the wall's drawn positions get those
  tiles, the other seats' furiten flags are recomputed from their new waits and the tiles that
  passed them, and a response phase asks again only the seats that can act in the world;
- finished rounds: a seat whose hand was never shown (no win, no tenpai at a draw) gets a hand
  drawn from the tiles the seat could not see, and its starting hand and draws are rewritten the
  same way; shown hands stay;
- the game's seed is left out of the record (the world's later rounds are dealt from a new one).

So the world's events are the seat's own view with the hidden tiles filled in from the world,
and playing on from it gives a record ``parse_mjai`` reads.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["rewrite_world"]

_OUT = ("dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "nukidora")
_KANS = ("ankan", "kakan", "daiminkan", "nukidora")


def _round_ops(events: list[dict], q: int) -> list[tuple]:
    """The seat's hand-changing events of one round, in order: ("draw", i) or (type, i)."""
    return [(e["type"], i) for i, e in enumerate(events) if e.get("actor") == q and
            (e["type"] == "tsumo" or e["type"] in _OUT)]


def _choose_draw(rng: random.Random, hand: list, nxt: tuple | None, outs: dict, riichi_at: int | None,
                 i: int, held: Any) -> Any:
    """The tile a hidden seat drew at event i, given what it did next (its next op)."""
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
    if typ == "hora":                  # pragma: no cover - a tsumo win ends the round with that tile
        return out[0]
    return rng.choice(hand)


def _unwind(rng: random.Random, final: list, ops: list[tuple], outs: dict, riichi_at: int | None,
            held: Any) -> tuple[list, dict]:
    """(starting hand, {event index: drawn tile}) of a seat whose hand is now ``final``."""
    hand = list(final)
    drawn: dict = {}
    for k in range(len(ops) - 1, -1, -1):
        typ, i = ops[k]
        if typ == "tsumo":
            nxt = ops[k + 1] if k + 1 < len(ops) else None
            d = _choose_draw(rng, hand, nxt, outs, riichi_at, i, held if nxt is None else None)
            hand.remove(d)
            drawn[i] = d
        else:
            out = outs[i]
            hand.extend(out[0] if typ != "dahai" else (out[0],))
    return hand, drawn


def _riichi_at(events: list[dict], q: int) -> int | None:
    return next((i for i, e in enumerate(events) if e["type"] == "reach" and e.get("actor") == q), None)


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
        elif t == "hora" and e.get("target") == q:
            outs[i] = (e["pai"],)
    return outs


def _sorted_names(names: list, sort_key) -> list:
    return sorted(names, key=sort_key)


def rewrite_world(world: Any, seat: int, rng: random.Random) -> None:
    """Rewrite ``world`` (a Game just re-dealt for ``seat`` by the engine; its events are the
    true game's) into a consistent world (see the module docstring)."""
    from yakuman.game._actions import _pai, _sort_key

    aka, n = world._aka, world._n
    if world._raw is not None:
        world._flush()
    events = [dict(e) for e in world._events]
    for e in events:
        for key in ("tehais",):
            if key in e:
                e[key] = [list(h) for h in e[key]]
    if events and events[0]["type"] == "start_game":
        events[0].pop("seed", None)
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    st = world._st
    live = not world.done and starts
    for r, a in enumerate(starts):
        b = starts[r + 1] if r + 1 < len(starts) else len(events)
        rnd = events[a:b]
        if live and r == len(starts) - 1:
            furiten, wall = _current_round(world, rnd, seat, rng, _pai, _sort_key)
        else:
            _past_round(rnd, seat, n, aka, rng, _pai, _sort_key)
        events[a:b] = rnd
    world._events = events
    world._raw = None
    if live:
        st.set_world(seat, furiten, wall)
        world._absorb()


def _past_round(rnd: list[dict], seat: int, n: int, aka: int, rng: random.Random, pai, sort_key) -> None:
    """Re-deal a finished round's unseen hands (names) and rewrite its starting hands and draws."""
    start = rnd[0]
    n_tiles = 108 if n == 3 else 136
    # the true hands at the round's end, and who showed theirs
    final = [list(h) for h in start["tehais"]]
    shown = {seat}
    last_tsumo = None
    known: list = []
    for e in rnd:
        t, q = e["type"], e.get("actor")
        if t == "tsumo":
            final[q].append(e["pai"])
            last_tsumo = q
        elif t == "dahai":
            final[q].remove(e["pai"])
            known.append(e["pai"])
        elif t in ("chi", "pon", "daiminkan", "ankan"):
            for c in e["consumed"]:
                final[q].remove(c)
            known.extend(e["consumed"])
        elif t in ("kakan", "nukidora"):
            final[q].remove(e["pai"])
            known.append(e["pai"])
        elif t == "dora":
            known.append(e["dora_marker"])
        elif t == "hora":
            shown.add(q)
            known.extend(e.get("uradora_markers", ()))
        elif t == "ryukyoku":
            reason = e.get("reason")
            shown.update(s for s in range(n) if (e.get("tenpais") or [False] * n)[s])
            if reason == "kyuushu_kyuuhai" and last_tsumo is not None:
                shown.add(last_tsumo)
            elif reason == "suucha_riichi":   # (open riichi hands: below)
                shown.update(s for s in range(n) if _riichi_at(rnd, s) is not None)
    shown.update(e["actor"] for e in rnd if e["type"] == "reach" and e.get("open") is True)
    known.append(start["dora_marker"])
    hidden = [q for q in range(n) if q not in shown]
    if not hidden:
        return
    for q in shown:
        known.extend(final[q])
    pool = [pai(t, aka) for t in range(136) if n_tiles == 136 or not 4 <= t < 32]
    for name in known:
        pool.remove(name)
    rng.shuffle(pool)
    k = 0
    for q in hidden:
        fq = pool[k:k + len(final[q])]
        k += len(final[q])
        ops = _round_ops(rnd, q)
        h0, drawn = _unwind(rng, fq, ops, _name_outs(rnd, q), _riichi_at(rnd, q), None)
        start["tehais"][q] = _sorted_names(h0, sort_key)
        for i, d in drawn.items():
            rnd[i] = dict(rnd[i], pai=d)


def _current_round(world: Any, rnd: list[dict], seat: int, rng: random.Random, pai, sort_key) -> tuple[dict, dict]:
    """Rewrite the current round (ids from the engine); return the furiten flags and the wall
    positions to set."""
    st, aka, n = world._st, world._aka, world._n
    start = rnd[0]
    seats = [st.seat(q) for q in range(n)]
    next_pos, live_end, n_rinshan, _ = st.wall_state()
    n_tiles = 108 if n == 3 else 136
    L0 = n_tiles - 14
    # the ids that left each hand, from the engine (rivers, melds and kita in the order of the events)
    draws_at: dict = {}
    wall: dict = {}
    for q in range(n):
        if q == seat or seats[q][15]:      # an open riichi's hand is shown: its history stays
            continue
        ids, melds, river, *_ = seats[q]
        kita_ids, drawn_id = seats[q][8], seats[q][10]
        outs: dict = {}
        ri = mi = ki = 0
        for i, e in enumerate(rnd):
            if e.get("actor") != q:
                continue
            t = e["type"]
            if t == "dahai":
                outs[i] = (river[ri][0], bool(e.get("tsumogiri")))
                ri += 1
            elif t in ("chi", "pon", "daiminkan"):
                m = melds[mi]
                mi += 1
                rest = list(m[5])
                rest.remove(m[3])
                if m[0] == 3:        # since made a kakan: its added tile came later
                    rest.remove(m[4])
                outs[i] = (rest,)
            elif t == "ankan":
                outs[i] = (list(melds[mi][5]),)
                mi += 1
            elif t == "kakan":
                kind = _kind_of(e["pai"])
                m = next(m for m in melds if m[0] == 3 and m[1] == kind)
                outs[i] = ([m[4]],)
            elif t == "nukidora":
                outs[i] = ([kita_ids[ki]],)
                ki += 1
        ops = _round_ops(rnd, q)
        h0, drawn = _unwind(rng, list(ids), ops, outs, _riichi_at(rnd, q), drawn_id if drawn_id != 255 else None)
        if len(h0) != 13:  # pragma: no cover - the engine's hands and events agree
            raise AssertionError(f"seat {q}: {len(h0)} starting tiles")
        k = (q - start["oya"]) % n
        for j, tid in enumerate(h0):
            wall[13 * k + j] = tid
        start["tehais"][q] = _sorted_names([pai(t, aka) for t in h0], sort_key)
        for i, d in drawn.items():
            rnd[i] = dict(rnd[i], pai=pai(d, aka))
        draws_at.update(drawn)
    # the wall positions of the draws: live draws in order, replacement draws from the dead wall
    j = r = 0
    prev = None
    for i, e in enumerate(rnd):
        t = e["type"]
        if t == "tsumo":
            rinshan = prev is not None and prev.get("actor") == e["actor"] and prev["type"] in _KANS
            if rinshan:
                pos = L0 + r if r < 4 else L0 - (r + 1)
                r += 1
            else:
                pos = 13 * n + j
                j += 1
            if i in draws_at:
                wall[pos] = draws_at[i]
        if t not in ("dora", "reach"):
            prev = e
    if 13 * n + j != next_pos or r != n_rinshan:  # pragma: no cover - one draw per tsumo event
        raise AssertionError(f"{j} live and {r} replacement draws for next {next_pos}, {n_rinshan} replacements")
    return _furiten(world, rnd, seat, seats), wall


_KIND: dict = {}


def _kind_of(name: str) -> int:
    if not _KIND:
        from yakuman.game._actions import _NAMES

        _KIND.update({n: i for i, n in enumerate(_NAMES)})
        _KIND.update({n + "r": _KIND[n] for n in ("5m", "5p", "5s")})
    return _KIND[name]


def _furiten(world: Any, rnd: list[dict], seat: int, seats: list) -> dict:
    """{q: (temporary, riichi furiten)} of the other seats with their world waits: the kinds
    that passed them (a discard answered without a ron, a kakan without a chankan) since their
    last draw or call (any call, under temp_furiten_clear = any_call), and since their riichi."""
    any_call = world.rules.temp_furiten_clear == "any_call"
    pending = world._st.phase() == 1
    last = len(rnd) - 1
    out = {}
    for q in range(world._n):
        if q == seat:
            continue
        waits = seats[q][12]
        temp = riichi = False
        accepted = False
        for i, e in enumerate(rnd):
            t, a = e["type"], e.get("actor")
            if t == "reach_accepted" and a == q:
                accepted = True
            elif (t == "tsumo" and a == q) or (t in ("chi", "pon", "daiminkan") and (a == q or any_call)):
                temp = False
            elif t in ("dahai", "kakan", "nukidora") and a != q and not (pending and i == last):
                if (waits >> _kind_of(e["pai"])) & 1:
                    if accepted:
                        riichi = True
                    else:
                        temp = True
        out[q] = (temp, riichi)
    return out
