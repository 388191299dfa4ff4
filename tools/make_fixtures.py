"""Write the project's own fixture game records (tests/fixtures/logs) in all three formats.

    python tools/make_fixtures.py            # (re)write tests/fixtures/logs/*
    python tools/make_fixtures.py --check    # exit 1 if the committed files differ

Every game is constructed here, tile by tile: the deal, each draw, discard, call and riichi, and
the result. The hands were designed by hand and each win states the values worked out by hand
(han, fu, points, every seat's score change); the script asserts that yakuman's scorer and
settlement give exactly those values before it writes them into the record, so a record never
carries a number that was not checked twice. Games are written as mjlog XML by the small writer
below (the project has readers only for that format; the tags and meld codes follow
docs/logs.md), read back with ``yakuman.logs.read`` and compared event by event, and converted to
tenhou.net/6 JSON and mjai JSON lines with the project's converters.

Games (each as ``<name>.mjlog``, ``<name>.json``, ``<name>.mjai``):

- ``fixture4``: four players, East only, red fives. E1 riichi pinfu tsumo; E2 exhaustive draw
  with two tenpai and two noten hands (and an ankan with its kan dora); E3 double ron; E4 a
  kyuushu kyuuhai abortive draw; E4-1 daisangen by tsumo with pao (the third dragon was fed by
  a pon), which sends the liable player below zero and ends the game.
- ``fixture4b``: four players, East only. E1 suufon renda; E1-1 nagashi mangan at the exhaustive
  draw (with an open kan and an added kan, each turning a kan dora); E1-2 chankan on an added
  kan; E1-3 the dealer's kokushi by ron, which ends the game.
- ``fixture3``: three players (sanma), East only. E1 ron with a kita (nuki dora); E2 exhaustive
  draw with one tenpai hand; E3 riichi haneman tsumo with tsumo loss, which ends the game.

The fixture corpus (tests/fixtures/corpus: ``mjlog/``, ``tenhou6/``, ``mjai/``, ``agari.jsonl``):
``ENGINE_GAMES``, whole hanchan the project's engine plays against itself (seeded), written in the
three formats, and one record per win in the layout of the shared corpus's win records. The
tests read it when the shared Tenhou corpus is absent (docs/testing.md).

In a folder of its own, tests/fixtures/last_tile (``last_tile_outputs``):

- ``fixture_last_tile``: four players, East only, Tenhou rules. In every hand a kan is declared
  while one live tile remains, so its replacement draw is the round's last draw: E1 an ankan,
  E2 an open kan, E3 an added kan, each followed by a ron with houtei on the discard after the
  replacement draw; E4 an open kan whose replacement draw wins: rinshan, no haitei.
- ``fixture3_last_tile``: three players, East only, Tenhou rules: E1 a North set aside with one
  live tile left, its replacement thrown and ronned with houtei; E2 the same kita, the
  replacement draw wins (rinshan, no haitei); E3 a plain ron that ends the game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import yakuman  # noqa: E402
from yakuman import logs  # noqa: E402
from yakuman.logs.events import (  # noqa: E402
    Call,
    Discard,
    Draw,
    Game,
    GameEnd,
    GameStart,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
)
from yakuman.settle import (  # noqa: E402
    RoundState,
    is_draw_tenpai,
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_wins,
)
from yakuman.settle import Win as SettleWin  # noqa: E402
from yakuman.tiles import TILE_NAMES  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "logs"
LAST_TILE_OUT = ROOT / "tests" / "fixtures" / "last_tile"
RED = (16, 52, 88)
SANMA_MISSING = set(range(1, 8))  # 2m-8m


def kind_of(name: str) -> int:
    return TILE_NAMES.index(("5" if name[0] == "0" else name[0]) + name[1])


def split(mpsz: str) -> list[str]:
    """'123m0p' -> ['1m', '2m', '3m', '0p']."""
    out, digits = [], ""
    for ch in mpsz.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    assert not digits, mpsz
    return out


def mpsz_of(ids) -> str:
    ids = list(ids)
    assert len(ids) != 34
    counts, reds = yakuman.tiles.parse(ids)
    return yakuman.tiles.to_mpsz(counts, reds)


class GameBuilder:
    """One game: rules from its header, scores carried from round to round by the settlement."""

    def __init__(self, name: str, players: int, go_type: int, names: tuple[str, ...]):
        self.name = name
        self.start = GameStart(players=players, aka=True, kuitan=True, length="tonpuusen", go_type=go_type,
                               names=names, seed=f"mt19937ar-sha512-n288-base64,YAKUMAN-{name}")
        self.rules = self.start.rules()
        self.n = players
        self.events: list = [self.start]
        self.state = RoundState.start(self.rules)
        self.over = False

    def round(self, hands: list[str], dora: str, seed: int) -> RoundBuilder:
        assert not self.over, "the game is over"
        return RoundBuilder(self, hands, dora, seed)

    def finish(self, settlement) -> None:
        self.state = settlement.state
        if settlement.game_over:
            self.over = True
            f = settlement.final
            self.events.append(GameEnd(tuple(f.points), tuple(r / 1000 for r in f.results)))

    def game(self) -> Game:
        assert self.over, f"{self.name}: the game has not ended"
        return Game(f"{self.name}.mjlog", tuple(self.events))


class RoundBuilder:
    """One round, event by event, tracking every hand so that each event is legal."""

    def __init__(self, g: GameBuilder, hands: list[str], dora: str, seed: int):
        self.g, self.n = g, g.n
        self.used: set[int] = set()
        st = g.state
        self.dealer = (st.first_dealer + st.hand) % self.n
        self.round_index = st.round_wind * 4 + st.hand
        self.hands = [[self.take(t) for t in split(h)] for h in hands]
        assert all(len(h) == 13 for h in self.hands), [len(h) for h in self.hands]
        self.dora = [self.take(dora)]
        self.scores = list(st.scores)
        self.sticks = st.riichi_sticks
        self.honba = st.honba
        rs = RoundStart(self.round_index, self.honba, self.sticks, self.dealer, tuple(self.scores),
                        self.dora[0], tuple(tuple(h) for h in self.hands))
        g.events.append(rs)
        self.events = g.events
        self.melds: list[list[Call]] = [[] for _ in range(self.n)]
        self.discards: list[list[int]] = [[] for _ in range(self.n)]
        self.riichi = [False] * self.n
        self.double_riichi = [False] * self.n
        self.draws = 0
        self.wall_size = 70 if self.n == 4 else 55
        self.avoid: set[int] = set()
        self.reserve: set[int] = set()
        self.rng = random.Random(seed)
        self.turn = self.dealer
        self.last_drawn: int | None = None

    # -- tiles --------------------------------------------------------------------------------
    def take(self, name: str) -> int:
        k = kind_of(name)
        if self.n == 3:
            assert k not in SANMA_MISSING, f"{name} does not exist in sanma"
        if name[0] == "0":
            t = k * 4
            assert t in RED and t not in self.used, name
        else:
            t = next((k * 4 + c for c in range(4) if k * 4 + c not in self.used and k * 4 + c not in RED), None)
            assert t is not None, f"no copy of {name} left"
        self.used.add(t)
        return t

    def filler(self) -> int:
        """A wall tile for a draw nobody cares about: never of an ``avoid`` kind, of a ``reserve``
        kind only when nothing else is left."""
        kinds = [k for k in range(34) if k not in self.avoid and not (self.n == 3 and k in SANMA_MISSING)]
        self.rng.shuffle(kinds)
        kinds.sort(key=lambda k: k in self.reserve)
        for k in kinds:
            for c in range(4):
                t = k * 4 + c
                if t not in self.used and t not in RED:
                    self.used.add(t)
                    return t
        raise AssertionError("wall exhausted")

    # -- play -----------------------------------------------------------------------------------
    def draw(self, seat: int, tile: str | None = None) -> int:
        assert seat == self.turn, (seat, self.turn)
        assert self.draws < self.wall_size, "the wall is empty"
        t = self.filler() if tile is None else self.take(tile)
        self.draws += 1
        self.hands[seat].append(t)
        self.events.append(Draw(seat, t))
        self.last_drawn = t
        return t

    def discard(self, seat: int, tile: str | None = None, riichi: bool = False) -> int:
        if tile is None:
            t = self.last_drawn
        else:
            t = next(x for x in self.hands[seat] if TILE_NAMES[x >> 2] == tile and x not in RED)
        if riichi:
            self.events.append(RiichiDeclare(seat))
        self.hands[seat].remove(t)
        self.discards[seat].append(t)
        self.events.append(Discard(seat, t, t == self.last_drawn))
        self.last_drawn = None
        self.turn = (seat + 1) % self.n
        return t

    def accept(self, seat: int) -> None:
        self.scores[seat] -= 1000
        self.sticks += 1
        self.riichi[seat] = True
        self.events.append(RiichiAccept(seat, tuple(self.scores)))

    def turns(self, *seats: int) -> None:
        """Each seat in turn draws a filler tile and discards it."""
        for s in seats:
            self.draw(s)
            self.discard(s)

    def pon(self, seat: int, from_seat: int) -> None:
        called = self.discards[from_seat][-1]
        k = called >> 2
        own = [x for x in self.hands[seat] if x >> 2 == k][:2]
        for x in own:
            self.hands[seat].remove(x)
        c = Call(seat, "pon", tuple(sorted(own + [called])), called, from_seat)
        self.melds[seat].append(c)
        self.events.append(c)
        self.turn = seat
        self.last_drawn = None

    def chi(self, seat: int, own: str) -> None:
        src = (seat - 1) % self.n
        called = self.discards[src][-1]
        mine = []
        for name in split(own):
            x = next(x for x in self.hands[seat] if TILE_NAMES[x >> 2] == name and x not in mine)
            mine.append(x)
        for x in mine:
            self.hands[seat].remove(x)
        c = Call(seat, "chi", tuple(sorted(mine + [called])), called, src)
        self.melds[seat].append(c)
        self.events.append(c)
        self.turn = seat
        self.last_drawn = None

    def ankan(self, seat: int, name: str, kan_dora: str) -> None:
        k = kind_of(name)
        own = [x for x in self.hands[seat] if x >> 2 == k]
        assert len(own) == 4
        for x in own:
            self.hands[seat].remove(x)
        c = Call(seat, "ankan", tuple(sorted(own)))
        self.melds[seat].append(c)
        self.events.append(c)
        d = self.take(kan_dora)
        self.dora.append(d)
        self.events.append(NewDora(d))

    def draw_any(self, seat: int, kinds: list[str]) -> int:
        """Draw the first of ``kinds`` that has a copy left."""
        for name in kinds:
            k = kind_of(name)
            if any(k * 4 + c not in self.used and k * 4 + c not in RED for c in range(4)):
                return self.draw(seat, name)
        raise AssertionError(f"none of {kinds} left")

    def daiminkan(self, seat: int, from_seat: int) -> None:
        called = self.discards[from_seat][-1]
        own = [x for x in self.hands[seat] if x >> 2 == called >> 2]
        assert len(own) == 3
        for x in own:
            self.hands[seat].remove(x)
        c = Call(seat, "daiminkan", tuple(sorted(own + [called])), called, from_seat)
        self.melds[seat].append(c)
        self.events.append(c)
        self.turn = seat
        self.last_drawn = None

    def kakan(self, seat: int) -> None:
        added = self.last_drawn
        i = next(i for i, m in enumerate(self.melds[seat]) if m.kind == "pon" and m.tiles[0] >> 2 == added >> 2)
        pon = self.melds[seat][i]
        self.hands[seat].remove(added)
        c = Call(seat, "kakan", tuple(sorted(pon.tiles + (added,))), pon.called, pon.from_seat, added)
        self.melds[seat][i] = c
        self.events.append(c)
        self.last_drawn = None

    def new_dora(self, name: str) -> None:
        d = self.take(name)
        self.dora.append(d)
        self.events.append(NewDora(d))

    def kita(self, seat: int) -> None:
        t = next(x for x in self.hands[seat] if x >> 2 == 30)
        self.hands[seat].remove(t)
        c = Call(seat, "kita", (t,))
        self.melds[seat].append(c)
        self.events.append(c)

    # -- results --------------------------------------------------------------------------------
    def _state(self) -> RoundState:
        st = self.g.state
        return RoundState(tuple(self.scores), st.round_wind, st.hand, self.honba, self.sticks, st.first_dealer)

    def wins(self, wins: list[dict], pao: int | None = None) -> None:
        """``wins``: dicts with seat, from (discarder or the seat for tsumo), ura, flags, and the
        hand-computed ``expect`` = (yaku {name: han}, han, fu, points) and ``deltas``."""
        cases, settle = [], []
        for w in wins:
            seat, src = w["seat"], w["from"]
            tsumo = seat == src
            if w.get("flags", {}).get("chankan"):
                win_tile = next(e for e in reversed(self.events) if type(e) is Call).added
            else:
                win_tile = self.last_drawn if tsumo else self.discards[src][-1]
            concealed = list(self.hands[seat]) + ([] if tsumo else [win_tile])
            melds = [_meld_text(m) for m in self.melds[seat] if m.kind != "kita"]
            kita = sum(m.kind == "kita" for m in self.melds[seat])
            wind = "ESWN"[(seat - self.dealer) % self.n]
            ura = [self.take(u) for u in w.get("ura", ())] if self.riichi[seat] else []
            s = yakuman.score(mpsz_of(concealed), TILE_NAMES[win_tile >> 2] if win_tile not in RED else
                              "0" + "mps"[win_tile // 36], melds, tsumo=tsumo, riichi=self.riichi[seat],
                              seat_wind=wind, round_wind="ESWN"[self.g.state.round_wind],
                              dora=mpsz_of(self.dora), ura=mpsz_of(ura) if ura else (), kita=kita,
                              honba=self.honba, riichi_sticks=self.sticks, rules=self.g.rules, **w.get("flags", {}))
            assert s.status == yakuman.Status.OK, (self.g.name, s.reason)
            yaku_names = {y.name.lower(): h for y, h in s.yaku}
            got = (yaku_names, s.han, s.fu, s.points)
            assert got == w["expect"], (self.g.name, got, w["expect"])
            settle.append(SettleWin.from_score(s, seat, None if tsumo else src,
                                               pao_seat=pao if s.yakuman else None, rules=self.g.rules))
            cases.append((w, s, tuple(sorted(concealed)), win_tile, ura))
        res = settle_wins(self._state(), settle, rules=self.g.rules)
        by = dict(zip(res.winners, res.by_win))
        for w, s, concealed, win_tile, ura in cases:
            deltas = by[w["seat"]]
            assert tuple(deltas) == tuple(w["deltas"]), (self.g.name, deltas, w["deltas"])
            yaku: list[tuple[int, int]] = []
            for y, h in s.yaku:
                bit = int(y).bit_length() - 1
                bit = 52 if bit == 64 else bit  # kita: listed as dora, like Tenhou
                if yaku and yaku[-1][0] == bit:
                    yaku[-1] = (bit, yaku[-1][1] + h)
                else:
                    yaku.append((bit, h))
            yakuman_ids: tuple[int, ...] = ()
            if s.yakuman:
                yakuman_ids = tuple(b for b, h in yaku for _ in range(h // 13))
                yaku = []
            self.events.append(Win(
                seat=w["seat"], from_seat=w["from"], hand=concealed, win_tile=win_tile, fu=s.fu, han=s.han,
                points=s.points, limit=s.limit, yaku=tuple(yaku), yakuman=yakuman_ids, dora=tuple(self.dora),
                ura=tuple(ura), deltas=tuple(deltas), scores=tuple(self.scores),
                pao_seat=pao if s.yakuman else None, honba=self.honba, sticks=self.sticks))
        self.g.finish(res)

    def exhaustive(self, tenpai: list[int], deltas: tuple[int, ...], nagashi: dict | None = None) -> None:
        """Everyone discards what he draws until the wall is empty; ``nagashi`` = {seat: kinds}
        makes that seat draw (and so discard) only those kinds."""
        nagashi = nagashi or {}
        while self.draws < self.wall_size:
            s = self.turn
            if s in nagashi:
                self.draw_any(s, nagashi[s])
                self.discard(s)
            else:
                self.turns(s)
        shown = []
        for s in range(self.n):
            melds = [_meld_text(m) for m in self.melds[s] if m.kind != "kita"]
            assert is_draw_tenpai(mpsz_of(self.hands[s]), melds, rules=self.g.rules) == (s in tenpai), s
            shown.append(tuple(sorted(self.hands[s])) if s in tenpai else None)
        res = settle_exhaustive_draw(self._state(), tenpai, nagashi=list(nagashi),
                                     last_drawer=(self.turn - 1) % self.n, rules=self.g.rules)
        assert tuple(res.deltas) == tuple(deltas), (res.deltas, deltas)
        reason = "nagashi_mangan" if nagashi else "exhaustive"
        self.events.append(Ryuukyoku(reason, tuple(s in tenpai for s in range(self.n)), tuple(shown),
                                     tuple(res.deltas), tuple(self.scores)))
        self.g.finish(res)

    def abort(self, reason: str, seat: int | None = None) -> None:
        res = settle_abortive_draw(self._state(), reason, rules=self.g.rules)
        assert not any(res.deltas)
        hands = tuple(tuple(sorted(self.hands[s])) if s == seat else None for s in range(self.n))
        self.events.append(Ryuukyoku(reason, None, hands, tuple(res.deltas), tuple(self.scores)))
        self.g.finish(res)


def _meld_text(c: Call) -> str:
    kind = {"daiminkan": "minkan"}.get(c.kind, c.kind)
    return f"{kind} {mpsz_of(c.tiles)}"


# ---- the games ---------------------------------------------------------------------------------

def fixture4() -> Game:
    g = GameBuilder("fixture4", 4, 0x01, ("Ayame", "Botan", "Chidori", "Daikon"))

    # E1-0, dealer 0. Seat 1 is dealt 234m 567m 345p 67s 99s (pinfu shape, waiting 5s/8s), declares
    # riichi on its second turn, and draws 8s two go-arounds later (no ippatsu). Dora indicator
    # 1z (dora 2z), ura indicator 7z (dora 5z): no dora. Riichi 1 + menzen tsumo 1 + pinfu 1 =
    # 3 han 20 fu; base 20 * 2^5 = 640 -> 700 from each non-dealer, 1300 from the dealer, 2700
    # points; seat 1 also takes back its riichi stick: +3700.
    r = g.round(["147m258p369s1234z", "234567m345p6799s", "159m159p159s5566z", "28m28p28s1122334z"], "1z",
                seed=1)
    r.avoid = {kind_of("5s"), kind_of("8s")}
    r.turns(0, 1, 2, 3, 0)
    r.draw(1)
    r.discard(1, riichi=True)
    r.accept(1)
    r.turns(2, 3, 0)
    r.turns(1, 2, 3, 0)
    r.draw(1, "8s")
    r.wins([dict(seat=1, **{"from": 1}, ura=["7z"],
                 expect=({"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "ura_dora": 0}, 3, 20, 2700),
                 deltas=(-1300, 3700, -700, -700))])

    # E2-0, dealer 1. Exhaustive draw, everyone discarding what he draws. Seat 0 holds
    # 123m 456p 789s 22z 23p (waits 1p/4p) and seat 2 holds 234m 666p 77s 88s 345s (waits 7s/8s):
    # tenpai. Seats 1 and 3 are far from tenpai; seat 3 declares an ankan of 1111z on its first
    # turn (a kan dora is revealed, indicator 9m). Noten payments: 3000 from the two noten
    # players to the two tenpai players: +1500 / -1500 each. The dealer (seat 1) is noten, so the
    # deal passes and the honba goes up (E3-1).
    r = g.round(["123m456p789s22z23p", "147m258p369s2345z", "234m666p7788s345s", "1111z2p5p8p3s6s9s1m4m7m"],
                "9p", seed=2)
    r.avoid = {kind_of(t) for t in ("1p", "4p", "7s", "8s", "1z")}
    r.turns(1, 2)
    r.draw(3)
    r.ankan(3, "1z", "9m")
    r.draw(3)
    r.discard(3)
    r.exhaustive([0, 2], (1500, -1500, 1500, -1500))

    # E3-1, dealer 2. Double ron on seat 0's 5s in the second go-around. Seat 1 (North):
    # 234m 406p 678s 22p + 34s -> tanyao 1 + pinfu 1 + a red five 1, 3 han 30 fu = 3900 ron. Seat 3 (South):
    # 123m 789p 555z 99m + 46s (kanchan) -> haku 1; fu 20 + 10 (closed ron) + 8 (concealed haku
    # triplet) + 2 (kanchan) = 40: 1 han 40 fu = 1300 ron. Seat 1 is first in turn order from the
    # discarder and collects the honba (300). Seat 0 pays 4200 + 1300.
    r = g.round(["147m258p369s1267z", "234m406p678s22p34s", "147m258p369s1267z", "123m789p555z99m46s"],
                "1z", seed=3)
    r.avoid = {kind_of(t) for t in ("2s", "5s")}
    r.turns(2, 3, 0, 1, 2, 3)
    r.draw(0, "5s")
    r.discard(0)
    r.wins([dict(seat=1, **{"from": 0}, expect=({"pinfu": 1, "tanyao": 1, "aka_dora": 1}, 3, 30, 3900),
                 deltas=(-4200, 4200, 0, 0)),
            dict(seat=3, **{"from": 0}, expect=({"haku": 1}, 1, 40, 1300),
                 deltas=(-1300, 0, 0, 1300))])

    # E4-0, dealer 3. The dealer's 13 tiles 19m 19p 19s 1234z + 23m 5p hold ten terminal and honor
    # kinds; on his first draw he calls kyuushu kyuuhai: no payments, the dealer repeats (E4-1).
    r = g.round(["234m567p345s678s9p", "456m234p567s234s1z", "678m678p678s2345z", "19m19p19s1234z23m5p"],
                "6p", seed=4)
    r.draw(3)
    r.abort("kyuushu_kyuuhai", 3)

    # E4-1, dealer 3. Seat 0 (South) is dealt 55z 66z 77z 234m 11p 89s. He pons the dealer's 5z,
    # seat 1's 6z (seat 1 discards it after a chi of seat 0's 9s) and seat 2's 7z, discarding 9s, 8s and one 1p, and draws the other 1p: daisangen
    # (the hand of example EX28 in docs/rules.md). Seat 2 fed the third dragon: under Tenhou's pao
    # it pays the whole yakuman, 32000 plus the honba 300 (and drops below zero: the game ends).
    # Fu (recorded, not paid on a yakuman): 20 + 2 tsumo + 3 x 4 open honor triplets + 2 tanki = 36 -> 40.
    r = g.round(["55z66z77z234m11p8s9s", "6z147m258p78s9s123z", "7z147m258p369s344z", "5z258m369p147s124z"],
                "9m", seed=5)
    r.avoid = {kind_of(t) for t in ("5z", "6z", "7z", "1p")}
    r.draw(3)
    r.discard(3, "5z")
    r.pon(0, 3)
    r.discard(0, "9s")
    r.chi(1, "78s")
    r.discard(1, "6z")
    r.pon(0, 1)
    r.discard(0, "8s")
    r.turns(1)
    r.draw(2)
    r.discard(2, "7z")
    r.pon(0, 2)
    r.discard(0, "1p")
    r.turns(1, 2, 3)
    r.draw(0, "1p")
    r.wins([dict(seat=0, **{"from": 0}, expect=({"daisangen": 13}, 13, 40, 32000),
                 deltas=(32300, 0, -32300, 0))], pao=2)
    return g.game()


def fixture4b() -> Game:
    g = GameBuilder("fixture4b", 4, 0x01, ("Ayame", "Botan", "Chidori", "Daikon"))

    # E1-0, dealer 0. Every seat holds one East and discards it first, with no call: suufon renda.
    # No payments; the dealer repeats (E1-1).
    r = g.round(["1z234m567p345s678s", "1z345m678p456s789s", "1z456m789p567s234s", "1z678m234p678s123s"],
                "5z", seed=21)
    for s in range(4):
        r.draw(s)
        r.discard(s, "1z")
    r.abort("suufon_renda")

    # E1-1, dealer 0. Seat 1 makes an open kan of the dealer's 3m, seat 3 pons seat 1's 7s and
    # later adds the fourth 7s (two kan dora are turned). Seat 2 draws and discards only terminals
    # and honors, none of them called: nagashi mangan at the exhaustive draw. The dealer is tenpai
    # (456m 678m 345p 678p + 5s, a single wait). Tenhou pays nagashi like a mangan tsumo in place
    # of the noten payments, without honba: 4000 from the dealer, 2000 from each other seat
    # (+8000); the dealer is tenpai, so he repeats (E1-2).
    r = g.round(["456m678m345p678p5s", "333m478m258p3667s", "2m4477p9p44588s23s", "77s258m36p4s8s22p6s4m"],
                "8m", seed=22)
    yaochuu = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    r.avoid = {kind_of(k) for k in ("5s", "3m", "7s")}
    r.reserve = {kind_of(k) for k in yaochuu}  # left for seat 2 as long as other tiles remain
    r.draw(0, "3m")
    r.discard(0)
    r.daiminkan(1, 0)
    r.draw(1)
    r.discard(1)
    r.new_dora("2s")
    r.draw_any(2, yaochuu)
    r.discard(2)
    r.turns(3, 0)
    r.draw(1)
    r.discard(1, "7s")
    r.pon(3, 1)
    r.discard(3, "8s")
    r.turns(0, 1)
    r.draw_any(2, yaochuu)
    r.discard(2)
    r.draw(3, "7s")
    r.kakan(3)
    r.draw(3)
    r.discard(3)
    r.new_dora("3s")
    r.exhaustive([0], (-4000, -2000, 8000, -2000), nagashi={2: yaochuu})

    # E1-2, dealer 0. Seat 3 pons seat 2's 6p; the dealer then draws 7p and discards East, waiting
    # on 6p (234m 567m 345s 57p 88s); seat 3 draws the last 6p and adds it to his pon, and the dealer
    # robs it: chankan 1 + tanyao 1; fu 20 + 10 (closed ron) + 2 (kanchan) = 32 -> 40; a dealer's
    # 2 han 40 fu = 3900, + 2 honba x 300 = 4500 from seat 3. The dealer repeats (E1-3).
    r = g.round(["234m567m345s5p88s1z", "258m258p258s1234z", "6p147m258p147s567z", "66p369m147p369s23z"],
                "9s", seed=23)
    r.avoid = {kind_of(t) for t in ("6p", "7p")}
    r.turns(0, 1)
    r.draw(2)
    r.discard(2, "6p")
    r.pon(3, 2)
    r.discard(3, "2z")
    r.draw(0, "7p")
    r.discard(0, "1z")
    r.turns(1, 2)
    r.draw(3, "6p")
    r.kakan(3)
    r.wins([dict(seat=0, **{"from": 3}, flags={"chankan": True},
                 expect=({"chankan": 1, "tanyao": 1}, 2, 40, 3900), deltas=(4500, 0, 0, -4500))])

    # E1-3, dealer 0. The dealer's first discard passes; seat 1 discards chun, the dealer's kokushi
    # wait (119m 19p 19s 123456z): 48000 + 3 honba x 300 = 48900. Seat 1 goes below zero: game over.
    r = g.round(["119m19p19s123456z", "7z258m258p258s234z", "147m147p147s2344z", "369m369p369s5677z"], "8p",
                seed=24)
    r.avoid = {kind_of(k) for k in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")}
    r.draw(0)
    r.discard(0)
    r.draw(1)
    r.discard(1, "7z")
    r.wins([dict(seat=0, **{"from": 1}, expect=({"kokushi": 13}, 13, 0, 48000), deltas=(48900, -48900, 0, 0))])
    return g.game()


def fixture3() -> Game:
    g = GameBuilder("fixture3", 3, 0x11, ("Ayame", "Botan", "Chidori"))

    # E1-0, dealer 0. Seat 1 holds 234p 567p 678s 33s 45s (waits 3s/6s), draws a North on his
    # first turn and sets it aside as kita, and rons seat 0's 6s: pinfu 1 + tanyao 1 + kita 1 =
    # 3 han 30 fu = 3900 (base 30 * 2^5 = 960, x4 rounded up).
    r = g.round(["11m99p19s123z5677z", "234p567p678s33s45s", "99m11p19s234z5667z"], "8p", seed=11)
    r.avoid = {kind_of(t) for t in ("3s", "6s", "4z")}
    r.turns(0)
    r.draw(1, "4z")
    r.kita(1)
    r.draw(1)
    r.discard(1)
    r.turns(2)
    r.draw(0, "6s")
    r.discard(0)
    r.wins([dict(seat=1, **{"from": 0}, expect=({"pinfu": 1, "tanyao": 1, "kita": 1}, 3, 30, 3900),
                 deltas=(-3900, 3900, 0))])

    # E2-0, dealer 1. Exhaustive draw: only seat 0 is tenpai (123p 456p 789s 99m 11z, a shanpon
    # on 9m/1z). Sanma noten payments total 2000: +2000 / -1000 / -1000; the dealer is noten.
    r = g.round(["123p456p789s99m11z", "19m19p19s234z23p67s", "258p369s147p2367z"], "5p", seed=12)
    r.avoid = {kind_of(t) for t in ("9m", "1z")}
    r.exhaustive([0], (2000, -1000, -1000))

    # E3-1, dealer 2. Seat 0 (South) is dealt 234p 567p 234s 55s 67s (waits 5s/8s), riichi on his
    # second turn, tsumo 8s two go-arounds later. Dora indicator 4s: dora 5s, two of them. Ura
    # indicator 1z (dora 2z): none. Riichi 1 + menzen tsumo 1 + pinfu 1 + tanyao 1 + dora 2 = 6 han,
    # haneman: 6000 from the dealer, 3000 from the other player (tsumo loss: no share for the
    # absent seat), + 100 per payer for the honba, + his own stick back: +10200. 9000 points.
    r = g.round(["234p567p234s55s67s", "11m99m11p99p1s9s234z", "34p67p34s11z2567z9m"], "4s", seed=13)
    r.avoid = {kind_of(t) for t in ("5s", "8s")}
    r.turns(2, 0, 1, 2)
    r.draw(0)
    r.discard(0, riichi=True)
    r.accept(0)
    r.turns(1, 2, 0, 1, 2)
    r.draw(0, "8s")
    r.wins([dict(seat=0, **{"from": 0}, ura=["1z"],
                 expect=({"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "dora": 2, "ura_dora": 0},
                         6, 20, 9000),
                 deltas=(10200, -3100, -6100))])
    return g.game()


# ---- the last-tile kans (tests/fixtures/last_tile) ----------------------------------------------

def _to_draw(r: RoundBuilder, n: int) -> None:
    """Filler turns until ``n`` tiles of the live wall have been drawn."""
    while r.draws < n:
        r.turns(r.turn)


def fixture_last_tile() -> Game:
    """Four players, East only, Tenhou rules: a kan declared while one live tile remains makes its
    replacement draw the round's last draw. A ron on the discard after it is houtei (Tenhou's
    records; houtei_after_rinshan), a tsumo on it is rinshan without haitei."""
    g = GameBuilder("fixture_last_tile", 4, 0x01, ("Ayame", "Botan", "Chidori", "Daikon"))
    ronner = "234m567m345p66s78s"  # closed pinfu tanyao, waits 6s / 9s
    waits = {kind_of("6s"), kind_of("9s")}

    # E1-0, dealer 0. The dealer draws the 69th tile (the fourth East), declares an ankan (kan dora
    # indicator 8p at once), draws the last tile (6s) as its replacement and throws it. Seat 2
    # rons it: pinfu 1 + tanyao 1 + houtei 1 = 3 han; fu 20 + 10 (closed ron) = 30; base
    # 30 * 2^5 = 960, x4 = 3840 -> 3900 from the dealer.
    r = g.round(["111z258m258p258s9m", "147m258p369s2345z", ronner, "147m147p147s2567z"], "9p", seed=31)
    r.avoid = waits | {kind_of("1z"), kind_of("8p")}
    _to_draw(r, 68)
    r.draw(0, "1z")
    r.ankan(0, "1z", "8p")
    r.draw(0, "6s")
    r.discard(0)
    r.wins([dict(seat=2, **{"from": 0}, flags={"houtei": True},
                 expect=({"pinfu": 1, "tanyao": 1, "houtei": 1}, 3, 30, 3900), deltas=(-3900, 0, 3900, 0))])

    # E2-0, dealer 1. The dealer draws the 69th tile, West, and throws it; seat 3 (holding three) calls
    # an open kan, draws the last tile (6s) as its replacement and throws it (the open kan's
    # indicator 7p is turned after the discard). Seat 2 rons: the same 3 han 30 fu = 3900.
    r = g.round(["147m258p159s1245z", "258m147p258s1567z", ronner, "333z147m258p159s4z"], "9p", seed=32)
    r.avoid = waits | {kind_of("3z"), kind_of("7p")}
    _to_draw(r, 68)
    r.draw(1, "3z")
    r.discard(1)
    r.daiminkan(3, 1)
    r.draw(3, "6s")
    r.discard(3)
    r.new_dora("7p")
    r.wins([dict(seat=2, **{"from": 3}, flags={"houtei": True},
                 expect=({"pinfu": 1, "tanyao": 1, "houtei": 1}, 3, 30, 3900), deltas=(0, 0, 3900, -3900))])

    # E3-0, dealer 2. Seat 3 pons the dealer's first discard (North), later draws the 69th tile,
    # the fourth North, and adds it to the pon (nobody can rob it); the replacement draw is the
    # last tile (6s), thrown; the added kan's indicator 6p is turned after the discard. Seat 0
    # rons: 3 han 30 fu = 3900 from seat 3.
    r = g.round([ronner, "258m147p258s1567z", "4z147m258p369s123z", "44z258m147p159s25z"], "9p", seed=33)
    r.avoid = waits | {kind_of("4z"), kind_of("6p")}
    r.draw(2)
    r.discard(2, "4z")
    r.pon(3, 2)
    r.discard(3, "5z")
    _to_draw(r, 68)
    r.draw(3, "4z")
    r.kakan(3)
    r.draw(3, "6s")
    r.discard(3)
    r.new_dora("6p")
    r.wins([dict(seat=0, **{"from": 3}, flags={"houtei": True},
                 expect=({"pinfu": 1, "tanyao": 1, "houtei": 1}, 3, 30, 3900), deltas=(3900, 0, 0, -3900))])

    # E4-0, dealer 3. The dealer draws the 69th tile and throws West; seat 0 (South) calls an open
    # kan of it and wins on the replacement draw, the last tile (6s): rinshan 1, not haitei.
    # Fu 20 + 2 (tsumo) + 16 (open kan of an honor) = 38 -> 40; 1 han 40 fu, base 320: 400 from
    # each non-dealer, 700 from the dealer, 1500. The dealer does not repeat; seat 2 has 32400:
    # the game ends after East 4.
    r = g.round(["333z234m567m66s78s", "258m147p258s1567z", "147m258p369s1245z", "3z147m258p159s245z"], "9p",
                seed=34)
    r.avoid = waits | {kind_of("3z")}
    _to_draw(r, 68)
    r.draw(3)
    r.discard(3, "3z")
    r.daiminkan(0, 3)
    r.draw(0, "6s")
    r.wins([dict(seat=0, **{"from": 0}, flags={"rinshan": True},
                 expect=({"rinshan": 1}, 1, 40, 1500), deltas=(1500, -400, -400, -700))])
    return g.game()


def fixture3_last_tile() -> Game:
    """Three players (sanma), East only, Tenhou rules: a North set aside while one live tile
    remains makes its replacement draw the round's last draw, as a kan does."""
    g = GameBuilder("fixture3_last_tile", 3, 0x11, ("Ayame", "Botan", "Chidori"))
    tenpai = "234p567p345s66s78s"  # closed pinfu, waits 6s / 9s
    waits = {kind_of("6s"), kind_of("9s")}

    # E1-0, dealer 0. Seat 2 draws the 54th tile, a North, sets it aside and draws the last tile
    # (6s) as its replacement, and throws it; seat 1 rons: pinfu 1 + tanyao 1 + houtei 1 + dora 1
    # (indicator 5p: 6p) = 4 han 30 fu; base 30 * 2^6 = 1920, x4 = 7680 -> 7700 from seat 2.
    r = g.round(["19m147p258s12356z", tenpai, "1m9m2p5p8p1s9s2z3z6z7z7z1p"], "5p", seed=41)
    r.avoid = waits | {kind_of("4z")}
    _to_draw(r, 53)
    r.draw(2, "4z")
    r.kita(2)
    r.draw(2, "6s")
    r.discard(2)
    r.wins([dict(seat=1, **{"from": 2}, flags={"houtei": True},
                 expect=({"pinfu": 1, "tanyao": 1, "houtei": 1, "dora": 1}, 4, 30, 7700), deltas=(0, 7700, -7700))])

    # E2-0, dealer 1. Seat 0 (waiting on 6s / 9s) draws the 54th tile, a North, sets it aside and
    # wins on the replacement draw, the last tile (9s): menzen tsumo 1 + pinfu 1 + rinshan 1 + kita
    # 1 = 4 han (not haitei; 789s: no tanyao); pinfu tsumo 20 fu; base 20 * 2^6 = 1280: the
    # dealer pays 2600, the other seat 1300 (tsumo loss), 3900.
    r = g.round([tenpai, "19m147p258s12356z", "1m9m2p5p8p1s2z3z6z7z7z1p9p"], "9p", seed=42)
    r.avoid = waits | {kind_of("4z")}
    _to_draw(r, 53)
    r.draw(0, "4z")
    r.kita(0)
    r.draw(0, "9s")
    r.wins([dict(seat=0, **{"from": 0}, flags={"rinshan": True},
                 expect=({"menzen_tsumo": 1, "pinfu": 1, "rinshan": 1, "kita": 1}, 4, 20, 3900),
                 deltas=(3900, -2600, -1300))])

    # E3-0, dealer 2. The dealer throws 6s from his hand on his first turn; seat 1 rons it:
    # pinfu 1 + tanyao 1 = 2 han 30 fu, 2000. Seat 1 has 42100 (at least 40000) and the dealer
    # did not win: the game ends after East 3.
    r = g.round(["19m147p258s12356z", tenpai, "6s19m147p258s1235z"], "9p", seed=43)
    r.avoid = waits
    r.draw(2)
    r.discard(2, "6s")
    r.wins([dict(seat=1, **{"from": 2}, expect=({"pinfu": 1, "tanyao": 1}, 2, 30, 2000), deltas=(0, 2000, -2000))])
    return g.game()


# ---- the mjlog writer ----------------------------------------------------------------------------

def meld_code(c: Call, n: int) -> int:
    """Tenhou's meld code of a Call (the inverse of yakuman.logs.tenhou_xml.decode_meld)."""
    rel = 0 if c.from_seat is None else (c.from_seat - c.seat) % 4
    if c.kind == "chi":
        tiles = sorted(c.tiles)
        base = tiles[0] >> 2
        r = tiles.index(c.called)
        t = ((base // 9) * 7 + base % 9) * 3 + r
        return t << 10 | 0x4 | (tiles[0] & 3) << 3 | (tiles[1] & 3) << 5 | (tiles[2] & 3) << 7 | rel
    if c.kind in ("pon", "kakan"):
        k = c.tiles[0] >> 2
        rest = sorted(t for t in c.tiles if t != c.added)
        other = ({k * 4 + i for i in range(4)} - set(rest)).pop() & 3
        r = rest.index(c.called)
        return (k * 3 + r) << 9 | (0x8 if c.kind == "pon" else 0x10) | other << 5 | rel
    if c.kind == "kita":
        return c.tiles[0] << 8 | 0x20
    if c.kind == "ankan":
        return (c.tiles[0] >> 2) * 4 << 8
    return c.called << 8 | rel  # daiminkan


def to_mjlog(game: Game) -> str:
    st = game.start
    n = st.players
    out = [f'<mjloggm ver="2.3"><SHUFFLE seed="{st.seed}" ref=""/><GO type="{st.go_type}" lobby="0"/>']
    names = list(st.names) + [""] * (4 - n)
    out.append('<UN ' + " ".join(f'n{i}="{quote(names[i])}"' for i in range(4))
               + ' dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/><TAIKYOKU oya="0"/>')

    def sc(scores, deltas):
        vals = []
        for i in range(n):
            vals += [scores[i] // 100, deltas[i] // 100]
        return ",".join(str(v) for v in vals)

    melds: dict[int, list[Call]] = {}
    events = list(game.events)
    for i, e in enumerate(events):
        t = type(e)
        tag = ""
        if t is RoundStart:
            melds = {s: [] for s in range(n)}
            ten = ",".join(str(s // 100) for s in e.scores) + (",0" if n == 3 else "")
            hai = " ".join(f'hai{s}="{",".join(map(str, e.hands[s])) if s < n else ""}"' for s in range(4))
            tag = (f'<INIT seed="{e.round},{e.honba},{e.sticks},0,0,{e.dora_indicator}" ten="{ten}" '
                   f'oya="{e.dealer}" {hai}/>')
        elif t is Draw:
            tag = f"<{'TUVW'[e.seat]}{e.tile}/>"
        elif t is Discard:
            tag = f"<{'DEFG'[e.seat]}{e.tile}/>"
        elif t is Call:
            melds[e.seat].append(e)
            tag = f'<N who="{e.seat}" m="{meld_code(e, n)}" />'
        elif t is RiichiDeclare:
            tag = f'<REACH who="{e.seat}" step="1"/>'
        elif t is RiichiAccept:
            ten = ",".join(str(s // 100) for s in e.scores) + (",0" if n == 3 else "")
            tag = f'<REACH who="{e.seat}" ten="{ten}" step="2"/>'
        elif t is NewDora:
            tag = f'<DORA hai="{e.indicator}" />'
        elif t is Win:
            limit = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman").index(e.limit)
            attrs = [f'ba="{e.honba},{e.sticks}"', f'hai="{",".join(map(str, e.hand))}"']
            ms = [m for m in melds[e.seat]]
            if ms:
                attrs.append(f'm="{",".join(str(meld_code(m, n)) for m in ms)}"')
            attrs.append(f'machi="{e.win_tile}" ten="{e.fu},{e.points},{limit}"')
            if e.yakuman:
                attrs.append(f'yakuman="{",".join(map(str, e.yakuman))}"')
            else:
                attrs.append(f'yaku="{",".join(f"{y},{h}" for y, h in e.yaku)}"')
            attrs.append(f'doraHai="{",".join(map(str, e.dora))}"')
            if e.ura:
                attrs.append(f'doraHaiUra="{",".join(map(str, e.ura))}"')
            attrs.append(f'who="{e.seat}" fromWho="{e.from_seat}"')
            if e.pao_seat is not None:
                attrs.append(f'paoWho="{e.pao_seat}"')
            attrs.append(f'sc="{sc(e.scores, e.deltas)}"')
            tag = "<AGARI " + " ".join(attrs) + _owari(events, i, n) + " />"
        elif t is Ryuukyoku:
            rs = next(x for x in reversed(events[:i]) if type(x) is RoundStart)
            attrs = [f'ba="{rs.honba},{rs.sticks}"', f'sc="{sc(e.scores, e.deltas)}"']
            for s in range(n):
                if e.hands and e.hands[s] is not None:
                    attrs.append(f'hai{s}="{",".join(map(str, e.hands[s]))}"')
            code = {"kyuushu_kyuuhai": "yao9", "suucha_riichi": "reach4", "sanchahou": "ron3",
                    "suukaikan": "kan4", "suufon_renda": "kaze4", "nagashi_mangan": "nm"}.get(e.reason)
            if code:
                attrs.append(f'type="{code}"')
            tag = "<RYUUKYOKU " + " ".join(attrs) + _owari(events, i, n) + " />"
        out.append(tag)
    out.append("</mjloggm>")
    return "".join(out)


def _owari(events: list, i: int, n: int) -> str:
    nxt = events[i + 1] if i + 1 < len(events) else None
    if type(nxt) is not GameEnd:
        return ""
    vals = []
    for s in range(n):
        vals += [str(nxt.scores[s] // 100), f"{nxt.result[s]:.1f}"]
    if n == 3:
        vals += ["0", "0"]
    return f' owari="{",".join(vals)}"'


# ---- engine-played games ------------------------------------------------------------------------
#
# Whole games the project's engine plays against itself (yakuman.game.rebuild: seeded, its
# "greedy" policy for every seat), so that the corpus tests have real material on a clone with
# nothing beside it. The engine's mjai stream is read by the project's mjai reader; the fields
# the mjai format does not carry (a winner's concealed tiles, the dora indicators, honba and
# sticks on the AGARI tag, the final results) are filled in from the stream itself; the game is
# then written in all three formats as the constructed ones are. Every value in them is the
# engine's (scorer and settlement); tests/logs check them against the verifier and the replay.

ENGINE_GAMES = (
    # (file name, players, seeds, share of the offered calls taken); seed 1009: a four-riichi
    # abortive draw (suucha riichi), found by playing seeds 1000-1399
    ("engine4", 4, tuple(range(1, 13)) + (1009,), 0.25),
    ("engine3", 3, tuple(range(101, 109)), 0.25),
)
_CALLS = {1 + i for i in range(2, 8)}   # the engine's chi, pon, daiminkan, kakan, ankan, kita codes


def _play(seed: int, rules, p_call: float):
    """One whole engine game: each seat plays the engine's greedy policy (wins when it can,
    riichi, discards toward the best shape), except that it takes an offered call (chi, pon,
    kan, kita) with probability ``p_call`` (a seeded stream): the greedy policy alone never
    calls, and the fixtures need open hands, kans and kita as well."""
    from yakuman.game import Action, Game, _policy

    g = Game(rules, seed)
    g._st.seed_policy(g.seed)
    greedy = _policy("greedy")
    rng = random.Random(seed)
    while not g.done:
        code = g._st.policy_action(greedy)
        if code[0] not in (9, 10):   # the greedy policy does not pass up a win (tsumo, ron)
            calls = [a for a in g.legal_actions(code[1]) if a._code[0] in _CALLS]
            if calls and rng.random() < p_call:
                code = calls[rng.randrange(len(calls))]._code
        g._apply(code)
    assert isinstance(Action._from_code(code, 1), Action)
    return g


def _completed(game: Game, result, players: int, name: str) -> Game:
    """``game`` (read from the engine's mjai stream) with what the mjlog format states beside
    the mjai one: names and lobby bits in the GameStart, each win's concealed tiles, dora
    indicators, honba and sticks, and the final results (uma included) in the GameEnd."""
    import dataclasses

    events = list(game.events)
    go = 0x01 | 0x08 | (0x10 if players == 3 else 0)    # hanchan, red fives, open tanyao
    events[0] = dataclasses.replace(events[0], names=("Ayame", "Botan", "Chidori", "Daikon")[:players], go_type=go,
                                    seed=f"yakuman.game seed {name}")
    hands: list[list[int]] = []
    dora: list[int] = []
    honba = sticks = 0
    last_discard: int | None = None
    for i, e in enumerate(events):
        t = type(e)
        if t is RoundStart:
            hands = [list(h) for h in e.hands]
            kita = [0] * players
            dora = [e.dora_indicator]
            honba, sticks = e.honba, e.sticks
        elif t is Draw:
            hands[e.seat].append(e.tile)
        elif t is Discard:
            hands[e.seat].remove(e.tile)
            last_discard = e.tile
        elif t is Call:
            if e.kind == "kita":
                kita[e.seat] += 1
            if e.kind == "kakan":
                hands[e.seat].remove(e.added)
                last_discard = e.added   # a chankan robs it
            else:
                for tile in e.tiles:
                    if tile != e.called:
                        hands[e.seat].remove(tile)
        elif t is NewDora:
            dora.append(e.indicator)
        elif t is RiichiAccept:
            sticks += 1
        elif t is Win:
            concealed = list(hands[e.seat]) + ([] if e.tsumo else [e.win_tile])
            assert e.win_tile == (hands[e.seat][-1] if e.tsumo else last_discard), (name, i)
            yaku = e.yaku
            if kita[e.seat] and not e.yakuman:   # kita han: Tenhou lists them with the dora (id 52)
                listed = dict(yaku)
                listed[52] = listed.get(52, 0) + kita[e.seat]
                yaku = tuple(sorted(listed.items(), key=lambda yh: (yh[0] >= 52, yh[0])))
            assert e.yakuman or sum(h for _, h in yaku) == e.han, (name, i, e)
            events[i] = dataclasses.replace(e, hand=tuple(sorted(concealed)), dora=tuple(dora), yaku=yaku,
                                            ura=e.ura if e.ura else (), honba=honba, sticks=sticks)
            sticks = 0   # as Tenhou writes a double ron: the sticks on the first winner's tag only
        elif t is Ryuukyoku:
            if e.abortive:   # as Tenhou writes them: no tenpai flags, the kyuushu hand shown
                shown = (e.hands or (None,) * players)
                events[i] = dataclasses.replace(e, tenpai=None, hands=tuple(shown))
            else:            # the tenpai hands are shown
                events[i] = dataclasses.replace(e, hands=tuple(
                    tuple(sorted(hands[s])) if e.tenpai[s] else None for s in range(players)))
        elif t is GameEnd:
            events[i] = GameEnd(e.scores, tuple(r / 1000 for r in result.results[:players]))
    return Game(game.source, tuple(events))


def engine_games(name: str, players: int, seeds: tuple, p_call: float) -> list[Game]:
    from yakuman.logs.mjai import parse_mjai
    from yakuman.rules import Rules

    rules = Rules.tenhou() if players == 4 else Rules.tenhou_sanma()
    games = []
    for seed in seeds:
        played = _play(seed, rules, p_call)
        (game,) = parse_mjai(played.events, f"{name}.mjlog")
        games.append(_completed(game, played.result, players, f"{name}-{seed}"))
    return games


# ---- the fixture corpus's win records (agari.jsonl.gz) --------------------------------------------
#
# One JSON line per win of the fixture games, in the layout of the shared corpus's record file
# (what the golden tests read): the winner's tiles and melds as the record shows them, the
# situation the replay derives, and the record's own result (yaku ids with han, fu, points,
# limit, every seat's change). The tests compare the scorer, the settlement and the replay with
# these values; for the engine-played games they are the engine's, for the constructed games
# the hand-worked ones.

_LIMIT_NAMES = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


def agari_records(games: list[Game]) -> list[dict]:
    from yakuman.logs import iter_wins
    from yakuman.logs.convert import tile_str
    from yakuman.yaku import Yaku

    out = []
    for g in games:
        st = g.start
        key = st.game_id or (st.seed or "")[:40]
        n = st.players
        for c in iter_wins(g):
            rs, rec = c.round, c.record
            aka = st.aka
            melds = [{"type": m.kind, "str": f"{m.kind}:{_meld_text(m).split()[1]}", "tiles": sorted(m.tiles),
                      "called": m.called, "added": m.added,
                      "from_rel": (m.from_seat - c.seat) % 4 if m.from_seat is not None else 0}
                     for m in c.melds]
            melds = [{"type": "kita", "str": "kita:4z", "tiles": [t], "called": None, "added": None, "from_rel": 0}
                     for t in c.kita_tiles] + melds
            names = {int(y).bit_length() - 1: y.romaji for y in Yaku}
            yaku = [(i, h) for i, h in rec.yaku] if not rec.yakuman else [(i, 13) for i in rec.yakuman]
            out.append({
                "id": f"{key}#{rs.round}.{rs.honba}.{c.index}.{c.seat}", "game_id": key, "n_players": n,
                "rules": {"aka": aka, "kuitan": st.kuitan, "go_type": st.go_type}, "nonstandard_rules": False,
                "round": rs.label.split("-")[0], "round_wind": "ESWN"[rs.round // 4],
                "seat_wind": "ESWN"[(c.seat - c.dealer) % n], "dealer": c.dealer, "winner": c.seat,
                "from_seat": c.from_seat, "is_dealer": c.seat == c.dealer, "honba": rec.honba,
                "riichi_sticks": rec.sticks, "is_tsumo": c.tsumo, "agari_index_in_round": c.index,
                "pao_seat": c.pao_seat, "closed_tiles": sorted(c.closed), "closed": mpsz_of(c.closed),
                "win_tile": c.win_tile, "win": tile_str(c.win_tile, aka), "melds": melds, "n_kita": c.kita,
                "dora_indicators": [tile_str(t, aka) for t in c.dora_indicators],
                "ura_indicators": [tile_str(t, aka) for t in c.ura_indicators],
                "situation": {k: bool(v) for k, v in c.situation().items()},
                "riichi_declared": c.riichi_declared,
                "expected": {"yaku": [[names.get(i, str(i)), h] for i, h in yaku],
                             "tenhou_yaku_ids": [i for i, _ in yaku], "han": rec.han, "fu": rec.fu,
                             "points": rec.points, "limit": rec.limit, "yakuman_count": len(rec.yakuman),
                             "kazoe_yakuman": bool(rec.limit == "yakuman" and not rec.yakuman),
                             "score_delta": list(rec.deltas) + [0] * (4 - n)},
                "source": f"yakuman/tests/fixtures:{Path(g.source).name}",
            })
    return out


# ---- output ----------------------------------------------------------------------------------------

def _three_formats(files: dict[str, str], game: Game, stem: str, paths: tuple[str, str, str]) -> Game:
    """``game`` as mjlog, tenhou.net/6 and mjai text into ``files`` (at ``paths``, each ending in
    ``{}`` for the stem); returns the game read back from its mjlog (checked equal to it)."""
    xml = to_mjlog(game)
    (back,) = logs.read_bytes(xml.encode(), f"{stem}.mjlog")
    assert logs.comparable(back, drop=("source",)) == logs.comparable(game, drop=("source",)), stem
    files[paths[0].format(stem)] = xml + "\n"
    files[paths[1].format(stem)] = json.dumps(logs.to_tenhou_json(back), ensure_ascii=False) + "\n"
    files[paths[2].format(stem)] = logs.to_mjai_lines(back)
    return back


def _formats(builds) -> dict[str, str]:
    """Each constructed game as mjlog (read back and compared), tenhou.net/6 JSON and mjai lines."""
    files: dict[str, str] = {}
    for build in builds:
        game = build()
        _three_formats(files, game, Path(game.source).stem, ("{}.mjlog", "{}.json", "{}.mjai"))
    return files


def outputs() -> dict[str, str]:
    """tests/fixtures/logs: the constructed games, and the engine-played corpus beside them."""
    files = _formats((fixture4, fixture4b, fixture3))
    played = []
    corpus = ("../corpus/mjlog/{}.mjlog", "../corpus/tenhou6/{}.json", "../corpus/mjai/{}.mjai")
    for name, players, seeds, p_call in ENGINE_GAMES:
        for k, game in enumerate(engine_games(name, players, seeds, p_call)):
            played.append(_three_formats(files, game, f"{name}-{k + 1:02d}", corpus))
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in agari_records(played))
    files["../corpus/agari.jsonl"] = lines
    return files


def last_tile_outputs() -> dict[str, str]:
    """tests/fixtures/last_tile: the kans on the last live tile (a folder of their own)."""
    return _formats((fixture_last_tile, fixture3_last_tile))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--out-last-tile", type=Path, default=LAST_TILE_OUT)
    args = ap.parse_args(argv)
    sets = ((args.out, outputs()), (args.out_last_tile, last_tile_outputs()))
    if args.check:
        stale = [d / n for d, files in sets for n, text in files.items()
                 if not (d / n).exists() or (d / n).read_text(encoding="utf-8") != text]
        for p in stale:
            print(f"stale: {p}")
        return 1 if stale else 0
    for d, files in sets:
        for n, text in files.items():
            (d / n).parent.mkdir(parents=True, exist_ok=True)
            (d / n).write_text(text, encoding="utf-8")
            print(f"wrote {d / n} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
