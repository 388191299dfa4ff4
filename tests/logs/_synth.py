"""Small hand-built games for the log tests (no shared data needed).

Tiles are 136-ids; the default deal gives seat s the ids 13*s .. 13*s+12 (so seat 0 holds
1m1m1m1m 2m2m2m2m 3m3m3m3m 4m, seat 1 4m4m4m 5m...), the dora indicator is 135 and the wall
hands out the free ids in increasing order. The replay is the game engine: a record is accepted
only when it is a legal game (a "win" must be a complete, legal winning hand; a discard of the
drawn tile is tsumogiri) -- :func:`refused` checks the LogError of one that is not.
"""

from __future__ import annotations

from yakuman.logs.events import (
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

DEAL = tuple(tuple(range(13 * s, 13 * s + 13)) for s in range(4))
DORA = 135


class Table:
    """Builds one round event by event, tracking hands so a Win can state the right hand."""

    def __init__(self, hands=DEAL, dora=DORA, dealer=0, round_=0, honba=0, sticks=0, players=4, aka=True):
        self.start = GameStart(players=players, aka=aka, names=tuple("ABCD"[:players]))
        self.rs = RoundStart(
            round_, honba, sticks, dealer, (25000,) * players, dora, tuple(tuple(h) for h in hands)
        )
        self.events: list = [self.start, self.rs]
        used = {t for h in hands for t in h} | {dora}
        # (three players: no 2m-8m, ids 4..31)
        self.free = [t for t in range(136) if t not in used and not (players == 3 and 4 <= t < 32)]
        self.hands = [list(h) for h in hands]
        self.drawn: tuple[int, int] | None = None  # (seat, tile) of the draw just made

    def wall(self, kind: int | None = None) -> int:
        """The next free id (of ``kind`` if given)."""
        t = next(x for x in self.free if kind is None or x >> 2 == kind)
        self.free.remove(t)
        return t

    def draw(self, seat: int, tile: int | None = None) -> int:
        t = self.wall() if tile is None else tile
        if tile is not None:
            self.free.remove(t)
        self.hands[seat].append(t)
        self.events.append(Draw(seat, t))
        self.drawn = (seat, t)
        return t

    def discard(self, seat: int, tile: int | None = None, riichi: bool = False) -> int:
        t = self.hands[seat][-1] if tile is None else tile
        if riichi:
            self.events.append(RiichiDeclare(seat))
        self.hands[seat].remove(t)
        self.events.append(Discard(seat, t, self.drawn == (seat, t)))
        self.drawn = None
        return t

    def accept(self, seat: int) -> None:
        self.events.append(RiichiAccept(seat))

    def turn(self, seat: int, riichi: bool = False) -> int:
        """Draw and discard the drawn tile."""
        self.draw(seat)
        return self.discard(seat, riichi=riichi)

    def call(
        self,
        seat: int,
        kind: str,
        own: tuple[int, ...],
        called: int | None = None,
        from_seat: int | None = None,
        added: int | None = None,
        pon: tuple[int, ...] = (),
    ) -> None:
        for t in own:
            self.hands[seat].remove(t)
        if kind in ("chi", "pon", "daiminkan"):
            self.drawn = None
        tiles = tuple(sorted(own + ((called,) if called is not None else ()) + pon))
        self.events.append(Call(seat, kind, tiles, called, from_seat, added))

    def dora(self) -> int:
        t = self.wall()
        self.events.append(NewDora(t))
        return t

    def win(self, seat: int, from_seat: int, tile: int, **kw) -> Win:
        hand = tuple(sorted(self.hands[seat] + ([] if seat == from_seat else [tile])))
        w = Win(seat=seat, from_seat=from_seat, hand=hand, win_tile=tile, fu=30, han=1, points=1000, **kw)
        self.events.append(w)
        return w

    def ryuukyoku(self, reason: str = "exhaustive") -> None:
        self.events.append(Ryuukyoku(reason, (False,) * len(self.hands), None, (0,) * len(self.hands)))

    def game(self, end: bool = True) -> Game:
        evs = list(self.events)
        if end:
            evs.append(GameEnd((25000,) * self.start.players))
        return Game("synthetic", tuple(evs))


# A complete four-player mjlog: the dealer wins tenhou on the first draw (123456789m12355p).
TENHOU_MJLOG = (
    '<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,TESTSEED" ref=""/>'
    '<GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="%44" dan="1,1,1,1" '
    'rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,1,2,60" ten="250,250,250,250" oya="0" '
    'hai0="0,4,8,12,17,20,24,28,32,36,40,44,53" hai1="1,5,9,13,18,21,25,29,33,37,41,45,57" '
    'hai2="2,6,10,14,19,22,26,30,34,38,42,46,61" hai3="3,7,11,15,23,27,31,35,39,43,47,62,64"/>'
    '<T54/><AGARI ba="0,0" hai="0,4,8,12,17,20,24,28,32,36,40,44,53,54" machi="54" ten="30,48000,5" '
    'yakuman="37" doraHai="60" who="0" fromWho="0" sc="250,480,250,-160,250,-160,250,-160" '
    'owari="730,93.0,90,-31.0,90,-21.0,90,-41.0" /></mjloggm>'
)


def refused(t: "Table", events: list, at: int | None = None, match: str | None = None, source: str = "bad.mjlog"):
    """Replay ``t``'s events + ``events`` + a GameEnd: the engine must refuse it with a LogError
    that names the source, the round and an event of ``events`` (or the place after the last
    event: a round the engine goes on with), ``events[at]`` when ``at`` is given, and, when
    given, a problem matching ``match``. Returns the LogError."""
    import re

    from yakuman.logs import LogError, replay

    g = Game(source, tuple(t.events + list(events) + [GameEnd((25000,) * t.start.players)]))
    try:
        replay(g)
    except LogError as err:
        e = err
    else:
        raise AssertionError("the record was accepted")
    label = f"{'ESWN'[t.rs.round // 4 % 4]}{t.rs.round % 4 + 1}-{t.rs.honba}"
    assert (type(e), e.source, e.round) == (LogError, source, label), str(e)
    if at is not None:
        assert e.index == len(t.events) + at, (str(e), len(t.events) + at)
    else:
        assert len(t.events) <= e.index <= len(t.events) + len(events) + 1, str(e)
    assert str(e).startswith((f"{source}, round {label}, event {e.index} ", f"{source}, round {label}, event {e.index}:")), str(e)
    assert match is None or re.search(match, e.problem), e.problem
    return e
