"""Hand tracking for formats that name tiles without copy numbers (tenhou.net/6 JSON, mjai).

Readers of those formats must still emit unique 136-ids, and the id a discard or call removes
must be the id that entered the hand. :class:`HandTracker` hands out canonical ids
(:class:`~yakuman.logs.events.IdAllocator`) as tiles enter play and finds them again by
(kind, red) when they leave a hand. A tile that is not in the hand raises ``LookupError``;
the reader turns it into a LogError naming the round and event.
"""

from __future__ import annotations

from yakuman.logs.events import IdAllocator

RED_IDS = (16, 52, 88)


class HandTracker:
    __slots__ = ("aka", "alloc", "hands", "last_draw")

    def __init__(self, aka: bool, players: int = 4) -> None:
        self.aka = aka
        self.alloc = IdAllocator(aka)
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.last_draw = [-1, -1, -1, -1]

    def reset(self) -> None:
        self.alloc.reset()
        self.hands = [[] for _ in range(4)]
        self.last_draw = [-1, -1, -1, -1]

    def new(self, kind: int, red: bool = False) -> int:
        """A tile entering play from the wall (dealt, drawn or an indicator)."""
        return self.alloc.take(kind, red and self.aka)

    def deal(self, seat: int, tiles: list[tuple[int, bool]]) -> tuple[int, ...]:
        ids = tuple(self.new(k, r) for k, r in tiles)
        self.hands[seat] = list(ids)
        return ids

    def draw(self, seat: int, kind: int, red: bool = False) -> int:
        t = self.new(kind, red)
        self.hands[seat].append(t)
        self.last_draw[seat] = t
        return t

    def _match(self, t: int, kind: int, red: bool) -> bool:
        return t >> 2 == kind and (not self.aka or (t in RED_IDS) == red)

    def peek(self, seat: int, kind: int, red: bool = False, prefer: int = -1) -> int:
        """The id of a (kind, red) tile in the hand (``prefer`` first), without removing it."""
        hand = self.hands[seat]
        if prefer >= 0 and prefer in hand and self._match(prefer, kind, red):
            return prefer
        for t in hand:
            if self._match(t, kind, red):
                return t
        raise LookupError(kind, red)

    def take(self, seat: int, kind: int, red: bool = False, prefer: int = -1) -> int:
        t = self.peek(seat, kind, red, prefer)
        self.hands[seat].remove(t)
        return t

    def give(self, seat: int, t: int) -> None:
        self.hands[seat].append(t)
