"""Every public function of yakuman, yakuman.search, yakuman.batch, yakuman.settle,
yakuman.furiten, yakuman.game (and a Game's methods), yakuman.logs, yakuman.tiles and yakuman.hand, called with odd values for its arguments (numpy arrays of several elements, huge
integers, NaN, strings, containers, None, objects), returns a result or raises a yakuman.errors
exception: never a TypeError / ValueError / OverflowError from inside (a numpy array has no single
truth value and refuses __index__; until 2026-12-06 about twenty argument checks let such values
through to an `if` or an `in`)."""
from __future__ import annotations

import inspect
import random
import warnings

import numpy as np
import pytest

import yakuman
from yakuman import batch, furiten, game, hand, logs, search, settle, tiles
from yakuman.errors import YakumanError
from yakuman.ev import discard_ev, ev_many

VALUES = [None, 0, -1, 1, 3, 2**70, 1.5, float("nan"), "", "x", "1m", "0m", "123m", b"1m", [], [1], (1, 2), {},
          np.int64(3), np.array([1, 2]), np.array([True, False]), True, "E", "Z", ["pon 111z"], ["chi 123z"],
          "pon 555m", list(range(34)), [4] * 34, [0] * 34, [1, 0, 0], object(), np.zeros((2, 34), np.uint8),
          np.ones(34, np.uint8)]
HANDS = ["123m456p789s1122z3z", "123m456p789s1122z", "1m", "", "123456789m1234p5p", list(range(14)), [0] * 34, None, 5,
         np.zeros((3, 34), np.uint8), np.array([[1] * 13 + [0] * 21], np.uint8)]
# whole games or clusters (their options are checked by their own tests); exception and result
# classes (constructed by the library)
SKIP = {"simulate", "simulate_dask", "arena", "verify_dask", "ArenaResult", "LogError", "LogFormatError"}


def _targets():
    out = []
    for mod in (yakuman, search, batch, settle, furiten, game, logs, tiles, hand):
        for name in getattr(mod, "__all__", ()):
            f = getattr(mod, name)
            if name in SKIP or not callable(f) or (isinstance(f, type) and mod is not game):
                continue
            try:
                out.append((f"{mod.__name__}.{name}", f, inspect.signature(f)))
            except (TypeError, ValueError):
                continue
    for f in (discard_ev, ev_many):
        out.append((f"yakuman.ev.{f.__name__}", f, inspect.signature(f)))
    g = game.Game(None, 1)
    for name in ("step", "legal_actions", "observation", "action_mask", "action_of_index", "action_index",
                 "policy_action", "determinize", "rollout"):
        out.append((f"Game.{name}", getattr(g, name), inspect.signature(getattr(g, name))))
    return out


def _call(f, sig, rng):
    args, kw = [], {}
    for p in sig.parameters.values():
        if p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            continue
        if p.default is p.empty:
            v = rng.choice(HANDS + VALUES)
            if p.kind == p.KEYWORD_ONLY:
                kw[p.name] = v
            else:
                args.append(v)
        elif p.name not in ("workers", "n") and rng.random() < 0.3:
            kw[p.name] = rng.choice(VALUES)
    try:
        f(*args, **kw)
    except (YakumanError, FileNotFoundError):   # a path that does not exist: Python's own error
        pass
    except Exception as e:   # noqa: BLE001 - the point: nothing else may escape
        return f"{type(e).__name__}: {e!s:.80} for {args!r:.80} {kw!r:.120}"
    return None


def test_odd_argument_values_raise_only_yakuman_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # a string argument taken as a path finds nothing
    targets = _targets()
    assert len(targets) >= 80
    rng = random.Random(20261206)
    bad = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(6000):
            name, f, sig = rng.choice(targets)
            got = _call(f, sig, rng)
            if got is not None:
                bad.setdefault(name, got)
    assert not bad, bad


ARRAY = np.array([1, 2])


@pytest.mark.parametrize("call", [
    lambda: discard_ev("123m456p789s1122z3z", red=ARRAY),
    lambda: discard_ev("123m456p789s1122z3z", t_max=ARRAY),
    lambda: ev_many({"counts": np.zeros((1, 34), np.uint8)}, by_turn=ARRAY),
    lambda: batch.shanten_many(np.zeros((1, 34), np.uint8), melds=ARRAY),
    lambda: batch.shanten_many(np.zeros((1, 34), np.uint8), errors=ARRAY),
    lambda: batch.shanten_many(np.zeros((1, 34), np.uint8), players=ARRAY),
    lambda: batch.agari_many(np.zeros((1, 34), np.uint8), return_status=ARRAY),
    lambda: batch.waits_many(np.zeros((1, 34), np.uint8), as_bool=ARRAY),
    lambda: batch.parse_many(["1m"], aka=ARRAY),
    lambda: furiten.can_ron("1m", ["1m"], riichi_furiten=ARRAY),
    lambda: settle.is_nagashi("19m", called=ARRAY),
    lambda: settle.noten_payments([True, ARRAY, False, False], 3000),
    lambda: settle.noten_payments([True, False, False, False], 2**70),
    lambda: settle.is_draw_tenpai("123m456p789s1122z", riichi=ARRAY),
    lambda: search.win_value("123m456p789s1122z", temporary_furiten=ARRAY),
    lambda: search.win_value_many(np.zeros((1, 34), np.uint8), riichi=ARRAY),
    lambda: yakuman.score("123m456p789s11222z", "2z", paarenchan=ARRAY),
    lambda: yakuman.shanten("123m456p789s1122z", players=ARRAY),
    lambda: tiles.parse("123m", aka=ARRAY),
    lambda: tiles.is_red_136(ARRAY),
    lambda: game.Game(None, ARRAY),
    lambda: game.Game(None, 1).rollout(seat=ARRAY),
    lambda: game.Game(None, 1).action_of_index(0, 2**70),
    lambda: game.VecGame(2**70),
    lambda: game.VecGame(2, reward=["round"]),
    lambda: logs.read_bytes(b"", source=ARRAY),
    lambda: logs.verify_file("x", rows=ARRAY),
    lambda: logs.to_frame([], engine=ARRAY),
])
def test_an_array_where_one_value_belongs(call):
    with pytest.raises(YakumanError):
        call()


class _RaisingIndex:
    """An integer-like object whose own __index__ (and __int__) raise something else than TypeError."""

    def __index__(self):
        raise RuntimeError("an __index__ that raises")

    def __int__(self):
        raise RuntimeError("an __int__ that raises")

    def __repr__(self):
        return "_RaisingIndex()"


HUGE = 10**5000   # repr() and str() of it raise ValueError (Python's 4,300-digit limit)
HOSTILE = [HUGE, -HUGE, _RaisingIndex(), [HUGE], [HUGE] * 34, [0] * 33 + [HUGE], (1, HUGE), [_RaisingIndex()] * 34,
           {"type": "dahai", "actor": HUGE}]


def test_every_argument_refuses_huge_and_hostile_integers(tmp_path, monkeypatch):
    """Every parameter of every public callable, in turn, given an integer too long to print (its
    repr raises ValueError), an object whose __index__ raises, or containers of them, with the other
    required arguments drawn as above: a yakuman.errors exception naming the value by its size, never
    the ValueError of formatting it (until 2026-12-06 about 150 parameters of 40 functions raised it
    while writing their error message)."""
    monkeypatch.chdir(tmp_path)
    bad = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, f, sig in _targets():
            params = [p for p in sig.parameters.values() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
            for p in params:
                for value in HOSTILE:
                    rng = random.Random(7)
                    args, kw = [], {}
                    for q in params:
                        if q is p:
                            v = value
                        elif q.default is q.empty:
                            v = rng.choice(HANDS[:5])
                        else:
                            continue
                        if q.kind == q.KEYWORD_ONLY:
                            kw[q.name] = v
                        else:
                            args.append(v)
                    try:
                        f(*args, **kw)
                    except (YakumanError, FileNotFoundError):
                        pass
                    except Exception as e:   # noqa: BLE001 - the point: nothing else may escape
                        bad.setdefault(f"{name}({p.name}=...)", type(e).__name__)
    assert not bad, bad


def test_a_huge_integer_is_named_by_its_size():
    with pytest.raises(YakumanError, match="an integer of 16610 bits"):
        discard_ev("123m456p789s1122z3z", turn=HUGE)
    with pytest.raises(YakumanError, match="an integer of 16610 bits"):
        yakuman.score("123m456p789s11222z", win="2z", honba=HUGE)
    with pytest.raises(YakumanError, match="an integer of 16610 bits"):
        tiles.tile_name(HUGE)
    with pytest.raises(YakumanError):
        tiles.tile_name(_RaisingIndex())
