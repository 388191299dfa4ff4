"""Read-only event dicts: a game's record hands out its own events without copying them, and no
caller can change the record through them (``dict(e)`` / ``list(x)`` give mutable copies)."""

from __future__ import annotations

import copy
from typing import Any, NoReturn

__all__ = ["FrozenEvent", "FrozenList", "freeze"]

_MESSAGE = "a game's events are read-only: dict(event) or copy.deepcopy(events) makes a mutable copy"


def _refuse(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(_MESSAGE)


class FrozenList(list):
    """A list that refuses changes; equal to the list of its items, JSON writes it as an array."""

    __slots__ = ()
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> tuple:
        return (list, (list(self),))

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo: dict) -> list:
        return [copy.deepcopy(x, memo) for x in self]


class FrozenEvent(dict):
    """An mjai event dict that refuses changes; equal to the dict of its items, JSON writes it as
    an object, a pickle or a copy of it is a plain dict."""

    __slots__ = ()
    clear = pop = popitem = setdefault = update = _refuse
    __setitem__ = __delitem__ = __ior__ = _refuse

    def __reduce__(self) -> tuple:
        return (dict, (dict(self),))

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo: dict) -> dict:
        return {k: copy.deepcopy(v, memo) for k, v in self.items()}


def _freeze_list(v: list) -> FrozenList:
    return FrozenList(_freeze_list(x) if isinstance(x, list) else x for x in v)


def freeze(e: dict) -> FrozenEvent:
    """``e`` as a FrozenEvent (its lists, and lists in them, frozen too); a FrozenEvent as it is."""
    if type(e) is FrozenEvent:
        return e
    return FrozenEvent({k: _freeze_list(v) if isinstance(v, list) else v for k, v in e.items()})
