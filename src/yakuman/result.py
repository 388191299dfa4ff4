"""Scoring results: :class:`Status`, :class:`Payment`, :class:`Score` (immutable named tuples: cheap
to build on the hot path, hashable, comparable; fields by name).

Invariants:
- ``status == OK`` iff the hand is a win; otherwise ``reason`` says why and every number is 0.
- ``yaku`` lists ``(Yaku, han)``: a yakuman entry carries 13 per multiple; dora, aka dora, ura dora
  and kita carry their tile counts (ura dora appears, possibly with 0, on every riichi win, as Tenhou
  lists it; the others only when non-zero). Yakuman hands list no regular yaku and no dora.
- ``han`` = 13 x the yakuman multiple on yakuman hands, the real count otherwise (kazoe included).
- ``points`` = the hand's value without honba and riichi sticks, as Tenhou reports it: on ron what
  the discarder pays, on tsumo the sum of all payments.
- ``payment`` = who pays what, honba included; ``total`` = everything the winner receives
  (payments, honba and riichi sticks).
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from yakuman.yaku import DORA_LIKE, Yaku

__all__ = ["LIMITS", "Payment", "Score", "Status"]

LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


class Status(enum.IntEnum):
    """The outcome of scoring one hand. ``INVALID_INPUT`` (4) is the status of a malformed row in
    the batch API (``score_many``: the row's own status, the batch goes on); the single-hand
    :func:`yakuman.score` raises a :mod:`yakuman.errors` exception for the same input instead."""

    OK = 0
    NOT_COMPLETE = 1
    NO_YAKU = 2
    INVALID_SITUATION = 3
    INVALID_INPUT = 4


class Payment(NamedTuple):
    """Who pays the winner what, honba included.

    Ron: ``from_discarder``. Tsumo: ``from_dealer`` (0 when the winner is the dealer) and
    ``from_non_dealer`` (each non-dealer payer). Pao (sekinin barai): ``from_liable`` is what the
    liable player pays on top of the above (the whole value on a whole-hand pao tsumo, half of the
    liable value when a third player deals in). ``total`` adds every payment and the riichi sticks.
    """

    from_discarder: int = 0
    from_dealer: int = 0
    from_non_dealer: int = 0
    total: int = 0
    from_liable: int = 0

    def __str__(self) -> str:
        parts = []
        if self.from_discarder:
            parts.append(f"ron {self.from_discarder}")
        if self.from_dealer:
            parts.append(f"{self.from_non_dealer}/{self.from_dealer}")
        elif self.from_non_dealer:
            parts.append(f"{self.from_non_dealer} all")
        if self.from_liable:
            parts.append(f"liable {self.from_liable}")
        parts.append(f"total {self.total}")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"<Payment {self}>"

    def _repr_html_(self) -> str:
        from yakuman.display import payment_html

        return payment_html(self)


class _ScoreFields(NamedTuple):
    status: Status
    reason: str
    yaku: list[tuple[Yaku, int]]
    han: int
    fu: int
    fu_details: list[tuple[str, int]]
    limit: str | None
    yakuman: int
    points: int
    payment: Payment
    decomposition: tuple[str, ...]


class Score(_ScoreFields):
    """The result of scoring one hand (see the module docstring for the invariants). ``yaku`` and
    ``fu_details`` are lists of ``(Yaku, han)`` and ``(label, fu)``; every Score has its own."""

    __slots__ = ()

    def __new__(cls, status: Status, reason: str = "", yaku=None, han: int = 0, fu: int = 0,
                fu_details=None, limit: str | None = None, yakuman: int = 0, points: int = 0,
                payment: Payment | None = None, decomposition=()):
        return tuple.__new__(cls, (status, reason, [] if yaku is None else list(yaku), han, fu,
                                   [] if fu_details is None else list(fu_details), limit, yakuman, points,
                                   Payment() if payment is None else payment, tuple(decomposition)))

    @property
    def is_win(self) -> bool:
        return self.status == Status.OK

    @property
    def mask(self) -> Yaku:
        """Every listed yaku as one flag value (dora-like entries included when listed)."""
        out = Yaku(0)
        for y, _ in self.yaku:
            out |= y
        return out

    @property
    def yaku_han(self) -> int:
        """Han from yaku alone (dora, ura, aka and kita excluded)."""
        return sum(h for y, h in self.yaku if not (y & DORA_LIKE))

    def __str__(self) -> str:
        if self.status != Status.OK:
            return f"{self.status.name}: {self.reason}"
        yaku = ", ".join(f"{y.romaji} {h}" for y, h in self.yaku)
        if self.yakuman:
            value = f"yakuman x{self.yakuman}"
        else:
            value = f"{self.han} han {self.fu} fu" + (f" ({self.limit})" if self.limit else "")
        shape = " ".join(self.decomposition)
        return f"{yaku} | {value} | {self.points} points ({self.payment}) | {shape}"

    def __repr__(self) -> str:
        """Short and readable: the value, the points and the yaku by name (``<Score 3 han 30 fu,
        3900 points: riichi 1, pinfu 1, dora 1 | 123m 456p ...>``); a non-win gives its reason."""
        if self.status != Status.OK:
            return f"<Score {self.status.name}: {self.reason}>"
        if self.yakuman:
            value = f"yakuman x{self.yakuman}"
        else:
            value = f"{self.han} han {self.fu} fu" + (f" {self.limit}" if self.limit else "")
        yaku = ", ".join(f"{y.romaji} {h}" for y, h in self.yaku)
        shape = f" | {' '.join(self.decomposition)}" if self.decomposition else ""
        return f"<Score {value}, {self.points} points: {yaku}{shape}>"

    def _repr_html_(self) -> str:
        from yakuman.display import score_html

        return score_html(self)
