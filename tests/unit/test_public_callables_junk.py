"""Every public callable of every public module, called with junk in each required positional
place (None, -1, "x", [], {}, bytes, object(), 1.5, NaN, True; the other places a plain tile
"1m"): the answer is a value or the library's own error. A Python TypeError / AttributeError /
KeyError / IndexError from inside the call, a crash or a hang (5 s) fails, naming the callable,
the junk and its place. (This sweep found the raw errors that tests/unit/test_junk_arguments.py
pins one by one, and ``parse_mpsz(None)`` reading None's memory as a string.)

Allowed besides ``yakuman.errors``: ImportError (an optional dependency that is not installed,
said before the arguments are read), FileNotFoundError (a path that does not exist, as ``open``
says it), a TypeError about the number of arguments (the sweep's own calling convention), and
ValueError from the two enums (``Status(-1)``: the Enum protocol) and from the record readers'
point-value helpers (exact_int, exact_result: their documented contract). Result containers the library
builds (ScoreBatch, ArenaResult, PlayerStats), the Event union and the CLI's argparse hook are
not entry points and are left out; so are yakuman.logs.cases and corpus (the replay's plumbing)."""

from __future__ import annotations

import importlib
import inspect
import signal

import pytest

from yakuman.errors import YakumanError

MODULES = ["yakuman", "yakuman.batch", "yakuman.search", "yakuman.ev", "yakuman.settle", "yakuman.furiten",
           "yakuman.hand", "yakuman.tiles", "yakuman.scoring", "yakuman.yaku", "yakuman.display", "yakuman.random",
           "yakuman.rules", "yakuman.result", "yakuman.game", "yakuman.logs",
           # the submodules' own __all__
           "yakuman.game.duplicate", "yakuman.game.evplanes", "yakuman.game.linear", "yakuman.game.mjai",
           "yakuman.game.records", "yakuman.game.vec", "yakuman.logs.convert", "yakuman.logs.decisions",
           "yakuman.logs.events", "yakuman.logs.frame", "yakuman.logs.mjai", "yakuman.logs.replay",
           "yakuman.logs.report", "yakuman.logs.rescore", "yakuman.logs.review", "yakuman.logs.review_html",
           "yakuman.logs.stats", "yakuman.logs.tenhou_json", "yakuman.logs.tenhou_xml", "yakuman.logs.verify"]
JUNK = [None, -1, "x", [], {}, b"\x00", object(), 1.5, float("nan"), True]
LEFT_OUT = {"release_memory", "ScoreBatch", "ArenaResult", "PlayerStats",
            "Event",          # a typing.Union of the event classes, not a constructor
            "add_command"}    # the CLI's argparse hook (rescore), not an entry point
ENUMS = {"Status", "Yaku",
         "exact_int", "exact_result"}   # the readers' point-value helpers: documented ValueError, which
                                        # the readers report as a LogFormatError naming the event


class _Hang(Exception):
    pass


def _public_callables():
    seen, out = set(), []
    for name in MODULES:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")]):
            f = getattr(module, attr, None)
            if f is None or not callable(f) or attr in LEFT_OUT or id(f) in seen:
                continue
            if inspect.isclass(f) and issubclass(f, BaseException):
                continue
            seen.add(id(f))
            out.append((f"{name}.{attr}", attr, f))
    return out


def _required(f) -> int:
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return 1
    return sum(1 for p in sig.parameters.values()
               if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


def _arity(e: TypeError) -> bool:
    text = str(e)
    return "positional argument" in text or ("required" in text and "argument" in text)


def test_no_public_callable_fails_raw_on_junk(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # a junk path names a file here, never in the checkout
    callables = _public_callables()
    assert len(callables) >= 200, "the sweep lost the public API"
    failures = []

    def on_alarm(*_):
        raise _Hang()

    old = signal.signal(signal.SIGALRM, on_alarm)
    try:
        for qualified, attr, f in callables:
            n = _required(f)
            for junk in JUNK:
                for place in range(max(n, 1)):
                    args = ["1m"] * n
                    if n:
                        args[place] = junk
                    else:
                        args = [junk]
                    signal.alarm(5)
                    try:
                        f(*args)
                    except (YakumanError, ImportError, FileNotFoundError):
                        pass
                    except _Hang:
                        failures.append(f"{qualified}: hang on {junk!r:.20} at {place}")
                    except TypeError as e:
                        if not _arity(e):
                            failures.append(f"{qualified}: TypeError on {junk!r:.20} at {place}: {e}")
                    except ValueError as e:
                        if attr not in ENUMS:
                            failures.append(f"{qualified}: ValueError on {junk!r:.20} at {place}: {e}")
                    except Exception as e:   # noqa: BLE001 - what the sweep looks for
                        failures.append(f"{qualified}: {type(e).__name__} on {junk!r:.20} at {place}: {e}")
                    finally:
                        signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    assert not failures, "\n".join(failures[:40])
