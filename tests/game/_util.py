"""Helpers for the game-engine tests: constructed walls and scripted play."""

from __future__ import annotations

import random

from yakuman.game import Game
from yakuman.tiles import parse

SANMA_ABSENT = set(range(1, 8))


def _ids_of(mpsz: str, pool: dict[int, list[int]]) -> list[int]:
    """136-ids for an mpsz string, taken from `pool` (kind -> free ids; red five ids first for 0)."""
    out = []
    i = 0
    s = mpsz.replace(" ", "")
    digits: list[str] = []
    for ch in s:
        if ch.isdigit():
            digits.append(ch)
            continue
        suit = "mpsz".index(ch)
        for d in digits:
            red = d == "0"
            k = suit * 9 + (4 if red else int(d) - 1)
            ids = pool[k]
            if red:
                if 4 * k not in ids:
                    raise ValueError(f"red five {d}{ch} used twice")
                t = 4 * k
            else:
                plain = [x for x in ids if not (k in (4, 13, 22) and x == 4 * k)]
                if not plain:
                    raise ValueError(f"no copy of {d}{ch} left")
                t = plain[0]
            ids.remove(t)
            out.append(t)
            i += 1
        digits = []
    return out


def build_wall(hands: list[str | None], draws: str = "", *, rinshan: str = "", dora: str = "", players: int = 4,
               dead: str = "", seed: int = 0) -> list[int]:
    """A wall: `hands` (13 tiles each, dealer first, then turn order), then the live `draws` in
    order, then the other tiles (shuffled by `seed`); the dead wall's rinshan tiles, the dora
    indicators (first = the round's indicator; ura beside each) and `dead` filling its other places."""
    pool: dict[int, list[int]] = {k: [4 * k + j for j in range(4)] for k in range(34)}
    if players == 3:
        for k in SANMA_ABSENT:
            pool[k] = []
    given = [(_ids_of(h, pool) if h is not None else None) for h in hands]
    for h, ids in zip(hands, given):
        assert ids is None or len(ids) == 13, h
    draw_ids = _ids_of(draws, pool) if draws else []
    r_ids = _ids_of(rinshan, pool) if rinshan else []
    d_ids = _ids_of(dora, pool) if dora else []
    x_ids = _ids_of(dead, pool) if dead else []
    rest = [t for k in range(34) for t in pool[k]]
    random.Random(seed).shuffle(rest)
    hand_ids = []
    for ids in given:
        if ids is None:
            ids, rest = rest[:13], rest[13:]
        hand_ids += ids
    deadwall = [None] * 14
    for i, t in enumerate(r_ids):
        deadwall[i] = t
    for i, t in enumerate(d_ids):
        deadwall[4 + i] = t  # indicator i at 4+2i, ura at 5+2i: give "dora" as alternating ind/ura
    fill = x_ids + []
    for i in range(14):
        if deadwall[i] is None:
            deadwall[i] = fill.pop(0) if fill else rest.pop()
    n = 108 if players == 3 else 136
    live = hand_ids + draw_ids
    live += rest[: n - 14 - len(live)]
    wall = live + deadwall
    assert len(wall) == n and len(set(wall)) == n, (len(wall), len(set(wall)))
    return wall


def kinds(mpsz: str) -> list[int]:
    c = parse(mpsz)[0]
    return [k for k in range(34) for _ in range(c[k])]


def act(g: Game, seat: int, type_: str, pai: str | None = None, **kw):
    """Step the first legal action of `seat` with this type (and pai / other fields)."""
    for a in g.legal_actions(seat):
        if a.type != type_ or (pai is not None and a.pai != pai):
            continue
        if any(getattr(a, k) != v for k, v in kw.items()):
            continue
        g.step(a)
        return a
    raise AssertionError(f"no legal {type_} {pai} for seat {seat}: {g.legal_actions(seat)}")


def has(g: Game, seat: int, type_: str, pai: str | None = None) -> bool:
    return any(a.type == type_ and (pai is None or a.pai == pai) for a in g.legal_actions(seat))


def pass_all(g: Game) -> None:
    """Every seat asked about a discard passes."""
    seats = g.to_act
    if seats and all(any(a.type == "none" for a in g.legal_actions(s)) for s in seats):
        g.step({s: next(a for a in g.legal_actions(s) if a.type == "none") for s in seats})


def discard(g: Game, pai: str, *, then_pass: bool = True) -> None:
    """The actor discards `pai`; then everybody passes (unless then_pass is False)."""
    (seat,) = g.to_act
    acts = [a for a in g.legal_actions(seat) if a.type == "dahai" and a.pai == pai]
    assert acts, f"seat {seat} cannot discard {pai}: {g.legal_actions(seat)}"
    g.step(acts[0])
    if then_pass:
        pass_all(g)


def tsumogiri_round(g: Game) -> None:
    """Play until the round ends: every actor discards the drawn tile, every call is passed."""
    start = len(g.rounds)
    while not g.done and len(g.rounds) == start:
        seats = g.to_act
        if len(seats) == 1 and any(a.type == "dahai" for a in g.legal_actions(seats[0])):
            acts = g.legal_actions(seats[0])
            a = next((a for a in acts if a.type == "dahai" and a.tsumogiri), None) or \
                next(a for a in acts if a.type == "dahai")
            g.step(a)
        else:
            pass_all(g)


def random_game(g: Game, rng: random.Random, check=None, max_steps: int = 100000) -> int:
    steps = 0
    while not g.done and steps < max_steps:
        seat = g.to_act[0]
        g.step(rng.choice(g.legal_actions(seat)))
        steps += 1
        if check is not None:
            check(g)
    return steps


# ---- the observation's planes, read again from the Observation's own fields --------------------
_KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["E", "S", "W", "N", "P", "F", "C"]


def greedy_states(seeds, rules):
    """(game, rng) at a random cut (20-300 steps) of a game of the native greedy policy (it
    declares riichi) for each seed whose game is not over there; rng is the cut's own stream."""
    for seed in seeds:
        rng = random.Random(seed)
        g = Game(rules, seed)
        g._st.seed_policy(seed)
        for _ in range(rng.randrange(20, 300)):
            if g.done:
                break
            g._apply(g._st.policy_action(2))
        if not g.done:
            yield g, rng


def _kind(name: str) -> int:
    return _KIND_NAMES.index(name[:-1] if name.endswith("r") else name)


def _dora_after(k: int, sanma: bool) -> int:
    if k < 27:
        return 8 if sanma and k == 0 else (k - 8 if k % 9 == 8 else k + 1)
    return 27 + (k - 26) % 4 if k < 31 else 31 + (k - 30) % 3


def assert_planes_match(obs, players: int) -> None:
    """``obs.planes()`` equals planes and scalars built here from the Observation's fields alone
    (the layout of csrc/ym_game_obs.c: relative seats, 0 = the observer). Scalars 4-7 (riichi
    state 0-2), 15 (phase) and 22 (kans) are checked only as far as the fields show them."""
    import numpy as np

    n, seat = players, obs.seat
    planes, sc = obs.planes()
    P = np.zeros((33, 34), np.int64)
    S = np.zeros(24, np.int64)
    seen = [0] * 34
    for t in obs.hand:
        k = _kind(t)
        P[0][k] += 1
        seen[k] += 1
        P[20][k] += t.endswith("r")
    if obs.drawn is not None:
        P[1][_kind(obs.drawn)] = 1
    for r in range(n):
        q = (seat + r) % n
        for _typ, tiles, _from in obs.melds[q]:
            for t in tiles:
                k = _kind(t)
                P[2 + r][k] += 1
                seen[k] += 1
                if q == seat:
                    P[20][k] += t.endswith("r")
        for pai, tsumogiri, declared, called in obs.discards[q]:
            k = _kind(pai)
            P[6 + r][k] += 1
            P[10 + r][k] += tsumogiri
            if declared:
                P[14 + r][k] = 1
            P[22 + r][k] += called
            seen[k] += not called
        P[26 + r][30] = obs.kita[q]
        seen[30] += obs.kita[q]
        if r and obs.open_hands[q] is not None:
            for t in obs.open_hands[q]:
                P[29 + r][_kind(t)] += 1
                seen[_kind(t)] += 1
        S[r] = obs.scores[q]
        S[18 + r] = len(obs.melds[q])
        assert (sc[4 + r] == 2) == obs.riichi[q], (r, sc[4 + r], obs.riichi)
    for t in obs.dora_indicators:
        k = _kind(t)
        P[18][k] += 1
        P[19][_dora_after(k, n == 3)] += 1
        seen[k] += 1
    for k in range(34):
        absent = n == 3 and 1 <= k <= 7
        P[21][k] = 0 if absent else max(0, 4 - seen[k])
    S[8], S[9], S[10] = obs.honba, obs.sticks, "ESWN".index(obs.round_wind)
    S[11], S[12], S[13], S[14] = (seat - obs.dealer) % n, obs.tiles_left, (obs.dealer - seat) % n, obs.kyoku
    S[16] = sum(1 << ((q - seat) % n) for q in obs.to_act)
    S[17], S[23] = n, len(obs.dora_indicators)
    S[15], S[22] = sc[15], sc[22]
    S[4:8] = sc[4:8]
    for i in range(33):
        assert planes[i].tolist() == P[i].tolist(), (i, planes[i].tolist(), P[i].tolist())
    assert sc.tolist() == S.tolist(), (sc.tolist(), S.tolist())
