"""Scoring results: :class:`Status`, :class:`Payment` (an immutable named tuple) and :class:`Score`
(immutable; it behaves as the named tuple of its 11 fields, and one made by :func:`yakuman.score`
builds its lists - yaku, fu items, payment, reading - on first access).

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


__all__ = ["LIMITS", "Payment", "Score", "Status", "score_repr", "score_str"]

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


# Score is an extension type of the native glue (src/yakuman/_core_result.pxi): it holds the native
# result and makes its lists on first access. Its text forms are these two functions.
from yakuman._core import Score  # noqa: E402


def _check_score(s, what: str) -> None:
    if not isinstance(s, Score):
        from yakuman.errors import InvalidArgumentError

        raise InvalidArgumentError(f"{what} takes a yakuman.Score, not {type(s).__name__}")


def score_str(s: Score) -> str:
    """``str(score)``: the yaku, the value, the points and payment, the reading."""
    _check_score(s, "score_str")
    if s.status != Status.OK:
        return f"{s.status.name}: {s.reason}"
    yaku = ", ".join(f"{y.romaji} {h}" for y, h in s.yaku)
    if s.yakuman:
        value = f"yakuman x{s.yakuman}"
    else:
        value = f"{s.han} han {s.fu} fu" + (f" ({s.limit})" if s.limit else "")
    shape = " ".join(s.decomposition)
    return f"{yaku} | {value} | {s.points} points ({s.payment}) | {shape}"


def score_repr(s: Score) -> str:
    """``repr(score)``: short and readable, ``<Score 3 han 30 fu, 3900 points: riichi 1, pinfu 1,
    dora 1 | 123m 456p ...>``; a non-win gives its reason."""
    _check_score(s, "score_repr")
    if s.status != Status.OK:
        return f"<Score {s.status.name}: {s.reason}>"
    if s.yakuman:
        value = f"yakuman x{s.yakuman}"
    else:
        value = f"{s.han} han {s.fu} fu" + (f" {s.limit}" if s.limit else "")
    yaku = ", ".join(f"{y.romaji} {h}" for y, h in s.yaku)
    shape = f" | {' '.join(s.decomposition)}" if s.decomposition else ""
    return f"<Score {value}, {s.points} points: {yaku}{shape}>"
