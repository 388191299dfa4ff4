"""Exceptions raised for malformed input.

Every error is a ``ValueError`` subclass whose message names the problem and where it is
(``five copies of 3p``, ``unknown suit letter 'x' at position 3 in '12x'``). A legitimate
non-win (incomplete hand, no yaku, furiten) is never an exception: it is a status value.

Integers: tile ids, counts, meld counts and the other integer inputs must be integers -- Python
``int`` or numpy integers (anything with ``__index__``; not ``bool``). Floats are refused, integral
ones (``1.0``) included, by the single-hand and the batch API alike (a float array is refused as a
whole, with the column's name).
"""

from __future__ import annotations

__all__ = [
    "YakumanError",
    "InvalidTilesError",
    "InvalidMeldError",
    "InvalidContextError",
    "InvalidRulesError",
    "IllegalActionError",
    "InvalidArgumentError",
]


class YakumanError(ValueError):
    """Base class of every error yakuman raises for bad input."""


class InvalidTilesError(YakumanError):
    """Tiles that cannot be parsed or cannot form a hand (unknown notation, too many copies,
    a tile count that fits no hand)."""


class InvalidMeldError(YakumanError):
    """A meld that is not a legal set or cannot be parsed."""


class InvalidContextError(YakumanError):
    """A win situation that contradicts itself (riichi with double riichi, chankan with tsumo...)."""


class InvalidRulesError(YakumanError):
    """An unknown rule knob or a value outside its domain."""


class IllegalActionError(YakumanError):
    """A game action that is not legal in the current state (the message names the action and
    the legal set; the game state is unchanged)."""


class InvalidArgumentError(YakumanError):
    """An option outside its domain (``form``, ``workers``, ``errors``, a batch ``melds`` count...)."""
