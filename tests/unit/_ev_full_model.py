"""An independent model of ``discard_ev(model="full")``, written from docs/ev.md alone: plain
Python dictionaries of states, ``yakuman.shanten`` for the shanten and ``yakuman.score`` for every
win. It knows nothing of the native search (no keys, no deferred links, no passes): it makes the
states by the first-pass rules, links every pair of states one tile apart, and solves turn by
turn with the formulas of the document.

What it covers: closed and open hands, four and three players, the three riichi modes, exchanges
and shanten-down steps, honba, sticks and kita, and red fives (one a suit at most): a tile is one
of 37 kinds, the 34 with the fives' plain copies only and the three red fives, so a red five and a
plain five are different draws, discards and distances, as the document says. Ura dora with one
or two dora indicators: a riichi win is worth the mean of the scorer's payments over the ura
indicators drawn from the tiles the winning hand does not hold (each set of kinds by its number
of ways), so the scorer decides what each indicator adds. Tiles are read and written by
yakuman.tiles. It is slow (a second or so for a tenpai hand): a test tool, not a calculator.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from yakuman import score, shanten
from yakuman.batch import meld_text
from yakuman.ev import discard_ev
from yakuman.errors import InvalidTilesError
from yakuman.random import MELD_KINDS
from yakuman.rules import Rules
from yakuman.tiles import parse_mpsz, to_mpsz

STICK = 1000
_SUITS = "mpsz"
RED = (34, 35, 36)   # the red fives of m, p, s as kinds of their own
FIVE = (4, 13, 22)


def _counts(text: str) -> list[int]:
    """37 counts of mpsz text (yakuman.tiles.parse_mpsz): the 34 kinds, the fives' plain copies
    only, then the red fives (kind 34 + suit)."""
    counts, reds = parse_mpsz(text)
    c = list(counts) + list(reds)
    for s in range(3):
        c[FIVE[s]] -= reds[s]
    return c


def _kinds34(c) -> list[int]:
    k = list(c[:34])
    for s in range(3):
        k[FIVE[s]] += c[RED[s]]
    return k


def _mpsz(c) -> str:
    """mpsz of 37 counts, a red five as 0 (yakuman.tiles.to_mpsz)."""
    return to_mpsz(_kinds34(c), c[34:])


def _name(k: int) -> str:
    return f"0{_SUITS[k - 34]}" if k >= 34 else f"{k % 9 + 1}{_SUITS[k // 9]}"


@dataclass
class ModelRow:
    tile: str | None
    shanten: int
    tenpai: list = field(default_factory=list)
    win: list = field(default_factory=list)
    score: list = field(default_factory=list)
    riichi: list = field(default_factory=list)


def full_model(hand: str, *, melds=(), dora=(), seat_wind="E", round_wind="E", rules=None, t_max=18,
               extra=1, tegawari=True, shanten_down=True, riichi="choose", honba=0, riichi_sticks=0,
               kita=0, red=True, uradora=True, wall=None, wall_red=None) -> list[ModelRow]:
    """The rows of discard_ev(hand, model="full", ...) by this model (at most two dora indicators
    with uradora), in the order of the hand's kinds (a red five after the plain fives of its
    suit)."""
    if uradora and sum(_counts("".join(dora))) > 2:
        raise ValueError("the model draws two ura indicators at most")
    players = rules.players if rules is not None else 4
    aka = (rules.aka_dora if rules is not None else 1) if red else 0
    h0 = _counts(hand)
    if not aka:   # every five plain
        h0 = _kinds34(h0) + [0, 0, 0]
    n_melds = len(melds)
    closed = all(m.split()[0] == "ankan" for m in melds)
    seen = list(h0)
    for m in melds:
        for k, n in enumerate(_counts(m.split()[1])):
            seen[k] += n
    for k, n in enumerate(_counts("".join(dora))):
        seen[k] += n
    seen[30] += kita   # the Norths set aside are visible
    seen34 = _kinds34(seen)
    if wall is not None:   # the tiles that can still be drawn
        unseen34 = list(wall)
    else:
        unseen34 = [4 - x for x in seen34]
        if players == 3:
            unseen34[1:8] = [0] * 7
    S = sum(unseen34)
    # the wall by 37 kinds: a suit's red five is unseen unless seen (with red fives in play), or
    # as wall_red says
    unseen = unseen34 + [0, 0, 0]
    for s in range(3):
        if wall_red is not None:
            in_wall = aka and wall_red[s] > 0
        else:
            in_wall = aka and not seen[RED[s]] and unseen34[FIVE[s]] > 0 and (players == 4 or s > 0)
        if in_wall:
            unseen[RED[s]] = 1
            unseen[FIVE[s]] -= 1
    base = [unseen[k] + h0[k] for k in range(37)]
    T = t_max
    choose = riichi != "never"

    sh_cache: dict = {}

    def sh(c) -> int:
        key = tuple(c)
        if key not in sh_cache:
            sh_cache[key] = shanten(_mpsz(_kinds34(c) + [0, 0, 0]), melds=list(melds), rules=rules)
        return sh_cache[key]

    def dist(c) -> int:
        return sum(max(0, c[k] - h0[k]) for k in range(37))

    n_ind = sum(_counts("".join(dora)))
    # red=False (or rules without red fives): every five is plain, a meld's red five too
    scored_melds = list(melds) if aka else [m.replace("0", "5") for m in melds]
    common = dict(melds=scored_melds, dora=list(dora), seat_wind=seat_wind, round_wind=round_wind, rules=rules,
                  honba=honba, riichi_sticks=riichi_sticks, kita=kita, tsumo=True)

    def drawn(key):
        """(kind, copies, the state's counts after the draw) of each kind a state can draw"""
        for k in range(37):
            if base[k] - key[k] > 0:
                c = list(key)
                c[k] += 1
                yield k, base[k] - key[k], tuple(c)

    def discarded(key):
        """(kind, the counts after the discard) of each kind a state holds"""
        for k in range(37):
            if key[k]:
                c = list(key)
                c[k] -= 1
                yield k, tuple(c)

    def win_score(complete, k, how) -> float:
        """the tsumo of kind k that made `complete`: dama, riichi or riichi with ippatsu (with
        ura dora: the mean over the ura indicator, drawn from the tiles `complete` does not hold)"""
        hand = _mpsz(complete)
        if how == "dama":
            return float(score(hand, _name(k), **common).payment.total)
        if not (uradora and dora):
            p = score(hand, _name(k), riichi=True, ippatsu=how == "ippatsu", **common).payment.total
            return float(p + STICK) if p > 0 else 0.0
        pool = _kinds34([base[j] - complete[j] for j in range(37)])
        # the ura indicators, as many as the dora indicators, drawn without replacement: each
        # multiset of kinds with its number of ways
        if n_ind == 1:
            sets = [((j,), n) for j, n in enumerate(pool) if n > 0]
        else:
            sets = [((i, j), pool[i] * pool[j] if i < j else pool[i] * (pool[i] - 1) // 2)
                    for i in range(34) for j in range(i, 34) if pool[i] and pool[j] and (i < j or pool[i] > 1)]
        ways = sum(w for _, w in sets)
        p = sum(w * score(hand, _name(k), riichi=True, ippatsu=how == "ippatsu", ura=[_name(j) for j in ind],
                          **common).payment.total for ind, w in sets) / ways
        return p + STICK if p > 0 else 0.0

    # ---- the states (first pass) --------------------------------------------------------------
    s0 = sh(h0)
    draws: dict = {}      # counts -> shanten (draw states without riichi)
    riichi_of: set = set()   # draw states that also have a declared and a riichi state
    discards: dict = {}   # counts -> shanten
    queue: list = []

    def add_draw(c):
        key = tuple(c)
        if key not in draws:
            draws[key] = sh(c)
            queue.append(("d", key))
        if closed and draws[key] == 0 and choose:
            riichi_of.add(key)

    def add_discard(c):
        key = tuple(c)
        if key not in discards:
            discards[key] = sh(c)
            queue.append(("e", key))

    n0 = sum(h0)
    if n0 == 13 - 3 * n_melds:
        add_draw(h0)   # a dama state like any other: a later tsumogiri may declare
    else:
        add_discard(h0)
    i = 0
    while i < len(queue):
        kind, key = queue[i]
        i += 1
        if kind == "e":
            a = discards[key]
            down = shanten_down and dist(key) + a < s0 + extra
            for _, c in discarded(key):
                s2 = sh(c)
                if s2 == a or (down and s2 == a + 1):
                    add_draw(c)
        else:
            b = draws[key]
            every = tegawari and dist(key) + b < s0 + extra
            for _, _, c in drawn(key):
                s2 = sh(c)
                if s2 < b or (every and s2 == b):
                    add_discard(c)

    # ---- the links: every pair of states one tile apart ----------------------------------------
    # a draw state's draws: (copies, discard state, value of the win or None)
    d_edges: dict = {}
    for key in draws:
        out = []
        for k, w, e in drawn(key):
            if e in discards:
                win = win_score(e, k, "dama") if discards[e] == -1 else 0.0
                out.append((w, e, win if win > 0 else None))
        d_edges[key] = out
    e_targets = {key: [d for _, d in discarded(key) if d in draws] for key in discards}
    # the riichi states' wins: (copies, value with ippatsu, value without)
    r_wins = {key: [(w, win_score(e, k, "ippatsu"), win_score(e, k, "riichi"))
                    for k, w, e in drawn(key) if sh(e) == -1] for key in riichi_of}

    # ---- the solve ------------------------------------------------------------------------------
    P = {key: [1.0 if b == 0 else 0.0, 0.0, 0.0] for key, b in draws.items()}   # turn T
    F = {key: [1.0, 0.0, 0.0] for key in riichi_of}
    R = {key: [1.0, 0.0, 0.0] for key in riichi_of}
    history = {T: (dict(P), dict(F))}
    for t in range(T - 1, 0, -1):
        inv = 1.0 / (S - t)
        declare_left = t + 1 < T   # a declaration after the draw of turn t + 1 has a draw after it
        # discard states after the draw of turn t + 1: each quantity its own maximum
        E = {}
        for key, targets in e_targets.items():
            v = [0.0, 0.0, 0.0]
            for d in targets:
                for q in range(3):
                    v[q] = max(v[q], P[d][q])
                if d in riichi_of and declare_left:
                    v[1] = max(v[1], F[d][1])
                    v[2] = max(v[2], F[d][2] - STICK)
            if discards[key] <= 0:
                v[0] = 1.0
            E[key] = v
        nP = {}
        for key, edges in d_edges.items():
            stay = list(P[key])
            if key in riichi_of and declare_left:
                # a tsumogiri may declare
                stay[1] = max(stay[1], F[key][1])
                stay[2] = max(stay[2], F[key][2] - STICK)
            W = sum(w for w, _, _ in edges)
            acc = [0.0, 0.0, 0.0]
            for w, e, win in edges:
                if win is None:
                    y = E[e]
                else:
                    y = [1.0, 1.0, max(win, E[e][2])]
                for q in range(3):
                    acc[q] += w * y[q]
            v = [stay[q] * (1.0 - W * inv) + acc[q] * inv for q in range(3)]
            if draws[key] == 0:
                v[0] = 1.0
            v[0] = min(v[0], 1.0)
            v[1] = min(v[1], 1.0)
            nP[key] = v
        nF, nR = {}, {}
        for key, wins in r_wins.items():
            r = R[key]
            ww = sum(w for w, _, _ in wins)
            wp = min(1.0, r[1] * (1.0 - ww * inv) + ww * inv)
            sf = r[2] * (1.0 - ww * inv) + sum(w * max(si, r[2]) for w, si, _ in wins) * inv
            sr = r[2] * (1.0 - ww * inv) + sum(w * max(s, r[2]) for w, _, s in wins) * inv
            nF[key] = [1.0, wp, sf]
            nR[key] = [1.0, wp, sr]
        P, F, R = nP, nF, nR
        history[t] = (P, F)

    # ---- the rows ---------------------------------------------------------------------------------
    rows = []

    def row_values(row, key, declares):
        for t in range(T + 1):
            if t == 0:
                row.tenpai.append(0.0), row.win.append(0.0), row.score.append(0.0), row.riichi.append(False)
                continue
            Pt, Ft = history[t]
            p = Pt[key]
            if t == T:
                row.tenpai.append(p[0]), row.win.append(0.0), row.score.append(0.0), row.riichi.append(False)
                continue
            tp, wp, sc, rch = p[0], p[1], p[2], False
            if declares:
                f = Ft[key]
                if riichi == "declare":
                    tp, wp, sc, rch = f[0], f[1], f[2] - STICK, True
                else:
                    tp, wp = max(tp, f[0]), max(wp, f[1])
                    if f[2] - STICK > sc:
                        sc, rch = f[2] - STICK, True
            row.tenpai.append(tp), row.win.append(wp), row.score.append(sc), row.riichi.append(rch)

    if n0 == 13 - 3 * n_melds:
        row = ModelRow(None, s0)
        row_values(row, tuple(h0), False)
        return [row]
    for k, key in discarded(tuple(h0)):
        row = ModelRow(_name(k), sh(key))
        if key in draws:
            row_values(row, key, key in riichi_of)
        rows.append(row)
    return rows


def mismatches(hand: str, **kw) -> tuple[list[str], int]:
    """The differences between discard_ev and the model (as text), and the number of rows that
    stay dama at a turn t and declare at t + 1."""
    model = full_model(hand, **kw)
    native = {r.tile: r for r in discard_ev(hand, **kw).rows}
    assert sorted(native, key=str) == sorted((m.tile for m in model), key=str), hand
    bad, later = [], 0
    for m in model:
        n = native[m.tile]
        assert n.shanten == m.shanten, (hand, m.tile)
        if not m.tenpai:   # a row the search does not follow: NaN
            assert math.isnan(n.exp_score[1]), (hand, m.tile)
            continue
        T = len(m.tenpai) - 1
        for t in range(T + 1):
            got = (n.tenpai_prob[t], n.win_prob[t], n.exp_score[t], bool(n.riichi[t]))
            want = (m.tenpai[t], m.win[t], m.score[t], m.riichi[t])
            if not (abs(got[0] - want[0]) <= 1e-9 and abs(got[1] - want[1]) <= 1e-9 and
                    abs(got[2] - want[2]) <= 1e-9 * max(1.0, abs(want[2])) and got[3] == want[3]):
                bad.append(f"{hand} {kw} discard {m.tile} turn {t}: native {got}, model {want}")
            if 0 < t < T - 1 and not m.riichi[t] and m.riichi[t + 1]:
                later += 1
    return bad, later


# ---- random hands ---------------------------------------------------------------------------------
def _random_hand(rng: random.Random, target: int, players: int, pon: bool, n_tiles: int):
    """A hand of `n_tiles` concealed tiles (with one pon when `pon`) at shanten `target`: a complete
    hand of random sets with one or two tiles replaced."""
    kinds = [k for k in range(34) if players == 4 or not 1 <= k <= 7]
    runs = [k for k in kinds if k < 27 and k % 9 <= 6 and (players == 4 or k >= 9)]
    while True:
        c = [0] * 34
        meld = None
        sets = []
        for _ in range(4):
            if rng.random() < 0.55:
                b = rng.choice(runs)
                sets.append((b, b + 1, b + 2))
            else:
                k = rng.choice(kinds)
                sets.append((k, k, k))
        pair = rng.choice(kinds)
        if pon:
            trip = [s for s in sets if s[0] == s[1]]
            if not trip:
                continue
            meld = trip[0][0]
            sets.remove(trip[0])
        for s in sets:
            for k in s:
                c[k] += 1
        c[pair] += 2
        if meld is not None and c[meld] > 1:
            continue
        for _ in range(rng.choice([1, 1, 2])):
            held = [k for k in range(34) if c[k]]
            c[rng.choice(held)] -= 1
            c[rng.choice(kinds)] += 1
        if n_tiles < sum(c):
            held = [k for k in range(34) if c[k]]
            c[rng.choice(held)] -= 1
        if max(c) > 4 or (meld is not None and c[meld] > 1):
            continue
        melds = [f"pon {meld % 9 + 1}{meld % 9 + 1}{meld % 9 + 1}{_SUITS[meld // 9]}"] if pon else []
        if meld is not None and meld % 9 == 4 and meld < 27 and rng.random() < 0.5:
            melds = [melds[0][:4] + "0" + melds[0][5:]]   # the pon holds the red five
        rules = Rules.tenhou_sanma() if players == 3 else None
        if shanten(_mpsz(c + [0, 0, 0]), melds=melds, rules=rules) == target:
            # a held five is the red one half the time, and always where all four copies are out (not
            # where the pon holds it)
            pon_red = meld // 9 if melds and "0" in melds[0] else None
            four = [s for s in range(3) if c[9 * s + 4] + (3 if meld == 9 * s + 4 else 0) == 4]
            red = [s for s in range(3) if c[9 * s + 4] and s != pon_red and (s in four or rng.random() < 0.5)]
            norths = c[30] + (3 if meld == 30 else 0)
            c += [0, 0, 0]
            for s in red:
                c[FIVE[s]] -= 1
                c[RED[s]] += 1
            return _mpsz(c), melds, rules, norths


def _random_options(rng: random.Random, melds: list, rules, players: int, norths: int) -> dict:
    """The keywords both generators draw for a request (in this order: the stream of their seeds
    depends on it): winds, a short search, a riichi mode, exchanges and steps back off, honba and
    sticks, kita (three players, at most four Norths in all)."""
    kw = dict(melds=melds, rules=rules, seat_wind=rng.choice("ESW" if players == 3 else "ESWN"),
              round_wind=rng.choice("ES"))
    if rng.random() < 0.3:
        kw["t_max"] = rng.choice([3, 6, 10])
    if rng.random() < 0.25:
        kw["riichi"] = rng.choice(["never", "declare"])
    if rng.random() < 0.25:
        kw["tegawari"] = False
    if rng.random() < 0.25:
        kw["shanten_down"] = False
    if rng.random() < 0.25:
        kw.update(honba=rng.randrange(1, 4), riichi_sticks=rng.randrange(1, 3))
    if players == 3 and rng.random() < 0.5 and norths <= 2:
        kw["kita"] = rng.randrange(1, 3)
    return kw


def random_case(rng, *, wide: bool = False) -> tuple[str, dict]:
    """A random request and discard_ev's keywords for it (the generator of
    tests/unit/test_ev_full_model.py and tools/ev_model_diff.py): tenpai and 1-shanten, 14 and 13
    tiles, closed and with a pon, four and three players (kita), red fives held, in the pon or in
    the wall (or red=False), the three riichi modes, exchanges and steps back on or off, short
    searches, honba and sticks, one dora indicator, walls with tiles seen elsewhere. `wide` adds
    `extra` 0 or 2 and the Mahjong Soul presets (drawn after the rest: the same rng gives the same
    hand and keywords as without it, plus those)."""
    players = 3 if rng.random() < 0.2 else 4
    pon = rng.random() < 0.25
    n_tiles = (14 if rng.random() < 0.7 else 13) - (3 if pon else 0)
    hand, melds, rules, norths = _random_hand(rng, rng.choice([0, 0, 0, 1]), players, pon, n_tiles)
    kw = _random_options(rng, melds, rules, players, norths)
    if rng.random() < 0.3:
        ind = rng.choice(["1m", "9p", "5s", "0p", "2z", "7z"])
        try:   # not a fifth copy of a kind, nor a second red five of a suit
            if max(_counts(hand + "".join(m.split()[1] for m in melds) + ind)[34:]) <= 1:
                kw["dora"] = [ind]
        except InvalidTilesError:
            pass
    if rng.random() < 0.15:
        kw["red"] = False
    if rng.random() < 0.3:
        # a wall with tiles seen elsewhere (rivers, others' melds), the red fives sometimes among them
        seen = _kinds34(_counts(hand + "".join(m.split()[1] for m in melds) + "".join(kw.get("dora", []))))
        seen[30] += kw.get("kita", 0)
        wall = [0 if players == 3 and 1 <= k <= 7 else max(0, 4 - seen[k] - rng.choice([0, 0, 1, 2]))
                for k in range(34)]
        kw["wall"] = wall
        if rng.random() < 0.5:
            kw["wall_red"] = [0, 0, 0]
    if wide:
        if rng.random() < 0.3 and shanten(hand, melds=kw["melds"], rules=kw["rules"]) == 0:
            kw["extra"] = rng.choice([0, 2])
        if rng.random() < 0.15:
            kw["rules"] = Rules.mahjongsoul() if kw["rules"] is None else Rules.mahjongsoul_sanma()
    return hand, kw



def random_open_case(rng: random.Random) -> tuple[str, dict]:
    """A random request with one to three melds of every kind (chi, pon, minkan, kakan, ankan),
    red fives held, in the melds or in the wall, four or three players (no chi, kita), at tenpai or
    1-shanten, 14 or 13 tiles, with the options random_case varies (red=False, riichi modes with an
    ankan-only hand, exchanges and steps back, short searches, honba and sticks, one indicator)."""
    while True:
        players = 3 if rng.random() < 0.25 else 4
        kinds = [k for k in range(34) if players == 4 or not 1 <= k <= 7]
        runs = [k for k in kinds if k < 27 and k % 9 <= 6 and players == 4]
        sets = [("run", b) if runs and rng.random() < 0.5 else ("trip", rng.choice(kinds))
                for b in [rng.choice(runs) if runs else 0 for _ in range(4)]]
        pair = rng.choice(kinds)
        n_melds = rng.choice([1, 1, 2, 3])
        used = [0] * 34
        melds, conc = [], [0] * 34
        red_melded = [False, False, False]
        for i, (what, b) in enumerate(sets):
            if what == "run":
                tiles = [b, b + 1, b + 2]
                kind = "chi" if i < n_melds else None
            else:
                kind = rng.choice(["pon", "pon", "minkan", "kakan", "ankan"]) if i < n_melds else None
                tiles = [b] * (4 if kind in ("minkan", "kakan", "ankan") else 3)
            for k in tiles:
                used[k] += 1
            if kind is None:
                for k in tiles:
                    conc[k] += 1
            else:
                suit, red = tiles[0] // 9, 0
                if 4 in [k % 9 for k in tiles] and suit < 3 and not red_melded[suit] and rng.random() < 0.5:
                    red = 1   # the meld holds the red five
                    red_melded[suit] = True
                melds.append(meld_text(MELD_KINDS.index(kind), tiles[0], red))
        conc[pair] += 2
        used[pair] += 2
        for _ in range(rng.choice([1, 1, 2])):
            held = [k for k in range(34) if conc[k]]
            k = rng.choice(held)
            conc[k] -= 1
            used[k] -= 1
            k = rng.choice(kinds)
            conc[k] += 1
            used[k] += 1
        if rng.random() < 0.35:
            held = [k for k in range(34) if conc[k]]
            k = rng.choice(held)
            conc[k] -= 1
            used[k] -= 1
        if max(used) > 4:
            continue
        rules = Rules.tenhou_sanma() if players == 3 else None
        c = conc + [0, 0, 0]
        meld_red = {"mps".index(m[-1]) for m in melds if "0" in m}
        for s in range(3):
            if c[FIVE[s]] and s not in meld_red and used[FIVE[s]] <= 4 and (used[FIVE[s]] == 4 or rng.random() < 0.5):
                c[FIVE[s]] -= 1
                c[RED[s]] += 1
        # four copies of a five in play: one of them is the red five
        if any(used[FIVE[s]] == 4 and not c[RED[s]] and s not in meld_red for s in range(3)):
            continue
        hand = _mpsz(c)
        try:
            if not 0 <= shanten(hand, melds=melds, rules=rules) <= 1:   # not complete, at most 1-shanten
                continue
        except InvalidTilesError:
            continue
        if not sum(conc):
            continue
        norths = used[30]
        kw = _random_options(rng, melds, rules, players, norths)
        if rng.random() < 0.3:
            ind = rng.choice(["1m", "9p", "4s", "4p", "2z", "7z"])
            if used[_counts(ind).index(1)] < 4:
                kw["dora"] = [ind]
        if rng.random() < 0.2:
            kw["red"] = False
        return hand, kw


# the knobs a win's value reads (random_rules): one of them changed on a preset
RULE_KNOBS = (
    dict(kiriage_mangan=True), dict(kazoe="sanbaiman"), dict(kazoe="multiple"), dict(aotenjou=True),
    dict(ryanhan_shibari=True), dict(ryanhan_shibari=True, aotenjou=True), dict(kuitan=False),
    dict(tsumo_pinfu=False), dict(double_yakuman=frozenset()), dict(yakuman_cap=1), dict(yakuman_stacking=False),
    dict(honba_tsumo_each=300), dict(tsumo_loss=False), dict(rinshan_tsumo_fu=0), dict(double_wind_pair_fu=2),
    dict(open_riichi=True),
)


def random_rules(rng: random.Random, players: int) -> tuple[Rules, dict]:
    """A preset of `players` with one of RULE_KNOBS changed (and the knob): the rules a request of
    tools/ev_model_diff.py --rules is valued under. The presets keep red fives (the generators'
    requests may hold them)."""
    presets = (Rules.tenhou, Rules.mahjongsoul, Rules.mleague) if players == 4 else (Rules.tenhou_sanma,
                                                                                   Rules.mahjongsoul_sanma)
    knob = rng.choice(RULE_KNOBS)
    return rng.choice(presets)().replace(**knob), knob


def with_random_rules(rng: random.Random, kw: dict) -> dict:
    """kw (a request's keywords from random_case or random_open_case) under random_rules of its
    player count, with 0-6 honba half the time (ryanhan shibari starts at 5)."""
    players = kw["rules"].players if kw.get("rules") is not None else 4
    kw = dict(kw, rules=random_rules(rng, players)[0])
    if rng.random() < 0.5:
        kw["honba"] = rng.randrange(0, 7)
    return kw
