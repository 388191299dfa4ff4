"""Games between mjai-protocol bots.

``play(bots, rules=None, seed=None, timeout=10.0)`` runs one game. A bot is either a Python
callable or an external command:

- a callable is called as ``bot(events)`` with the mjai events it has not seen yet (what its
  seat may see: other seats' draws and dealt tiles are ``"?"``, and the game's seed is left out;
  each call gets its own copies) whenever its seat must decide, and returns the action as an
  mjai dict (``{"type": "none"}`` passes). It runs in a worker thread: one that overruns
  ``timeout`` is a timeout fault of its seat, and the thread is abandoned (Python cannot stop
  it; it ends when the call returns);
- a command (a string split like a shell line, or an argv list) is started once, in a process
  group of its own; every event is written to its stdin as one JSON line and it answers every
  line with one JSON line (gimite's mjai protocol, as Mortal and akochan speak it); the answer to
  the last event before its decision is its action, the others are ignored. Every write, read
  and wait is bounded by ``timeout``; at the end the whole process group is ended (a bot's own
  children too, and bots started through ``sh -c`` or a script).

An answer must name exactly one legal action of its seat (fields left out must not leave a
choice; an ``actor`` naming another seat is refused). A bot that cannot start, raises or exits,
that does not answer within ``timeout`` seconds, or whose answer is not JSON or not exactly one
legal action ends the game at once: the result names the seat and the problem (``BotError``),
keeps the events so far, and every command started is ended and reaped. ``play`` returns within
``timeout`` plus about a second of a fault.

The game's seed (None = drawn from the OS) is in the result (``PlayResult.seed``):
``yakuman.game.Game(rules, seed)`` deals the same walls, so any game can be rebuilt.
"""

from __future__ import annotations

import json
import math
import os
import queue
import selectors
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from yakuman._arrays import as_list, shown
from yakuman.errors import IllegalActionError, InvalidArgumentError, InvalidContextError, YakumanError
from yakuman.game import Game, _seed_arg
from yakuman.rules import Rules
from yakuman._arrays import rep

__all__ = ["BotError", "PlayResult", "mask_event", "play"]

_GRACE = 0.5      # seconds the bots get to exit after the game before their process groups are killed


@dataclass
class BotError:
    seat: int
    kind: str        # "start", "crash", "timeout", "malformed", "illegal"
    detail: str


@dataclass
class PlayResult:
    game: Game
    error: BotError | None = None
    events: list[dict] = field(default_factory=list)
    exit_codes: list[int | None] = field(default_factory=list)   # of the command bots, after the game
    seed: int = 0    # the game's seed: Game(rules, seed) deals the same walls

    @property
    def ok(self) -> bool:
        return self.error is None and self.game.done


def mask_event(e: dict, seat: int) -> dict:
    """The event as `seat` may see it (a new dict when anything is hidden: never the seed, others'
    dealt tiles or draws)."""
    if not isinstance(e, dict) or not isinstance(e.get("type"), str):
        raise InvalidArgumentError(f"mask_event takes an mjai event (a dict with a type), not {shown(e, 60)}")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise InvalidArgumentError(f"mask_event: seat must be 0..3, not {shown(seat, 40)}")
    t = e["type"]
    if t == "start_game":
        e = {k: v for k, v in e.items() if k != "seed"}
        e["id"] = seat
    elif t == "start_kyoku":
        e = dict(e)
        e["tehais"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(e["tehais"])]
    elif t == "tsumo" and e["actor"] != seat:
        e = dict(e, pai="?")
    return e


def _copy(v: Any) -> Any:
    """A deep copy of a JSON value (events are dicts, lists, strings, numbers, bools, None)."""
    if isinstance(v, dict):   # FrozenEvent / FrozenList (the record's own) too
        return {k: _copy(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


class _Failure(Exception):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, detail


def _argv(cmd: Any) -> list[str]:
    if isinstance(cmd, str):
        try:
            argv = shlex.split(cmd)
        except ValueError as e:
            raise _Failure("start", f"cannot split the command {rep(cmd)}: {e}") from None
    elif isinstance(cmd, (list, tuple)):
        argv = list(cmd)
    else:
        raise _Failure("start", f"a bot is a callable, a command string or an argv list, not {type(cmd).__name__}")
    if not argv or not all(isinstance(a, (str, bytes, os.PathLike)) for a in argv):
        raise _Failure("start", f"not a command: {rep(cmd)}")
    return argv


class _CommandBot:
    """A command bot in its own process group; every write, read and wait bounded by the timeout."""

    def __init__(self, cmd: Any, timeout: float) -> None:
        argv = _argv(cmd)
        self.closed = False
        self.proc = None
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, start_new_session=True)
        except (OSError, ValueError, subprocess.SubprocessError) as e:
            detail = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise _Failure("start", f"cannot start {rep(str(argv[0]))}: {detail}") from None
        self.timeout = timeout
        self.out_fd = self.proc.stdout.fileno()
        self.in_fd = self.proc.stdin.fileno()
        os.set_blocking(self.in_fd, False)
        self.rsel = selectors.DefaultSelector()
        self.rsel.register(self.out_fd, selectors.EVENT_READ)
        self.wsel = selectors.DefaultSelector()
        self.wsel.register(self.in_fd, selectors.EVENT_WRITE)
        self.buf = b""   # read from the pipe, not yet a whole line (the pipe is read here, unbuffered)

    def send(self, events: list[dict]) -> Any:
        answer = None
        for e in events:
            deadline = time.monotonic() + self.timeout
            self._write((json.dumps(e, ensure_ascii=False) + "\n").encode(), deadline)
            answer = self._read(deadline)
        return answer

    def _exited(self) -> str:
        code = self.proc.poll()
        return f"the bot exited (code {code})" if code is not None else "the bot closed its output (still running)"

    def _write(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0 or not self.wsel.select(left):
                raise _Failure("timeout", f"the bot did not read its input within {self.timeout} s")
            try:
                k = os.write(self.in_fd, view)
            except BlockingIOError:
                continue
            except OSError:   # EPIPE: its stdin is closed
                raise _Failure("crash", f"the bot closed its input: {self._exited()}") from None
            view = view[k:]

    def _read(self, deadline: float) -> Any:
        # lines already read from the pipe are answered first (select sees only the pipe)
        while True:
            while b"\n" not in self.buf:
                left = deadline - time.monotonic()
                if left <= 0 or not self.rsel.select(left):
                    raise _Failure("timeout", f"no answer within {self.timeout} s")
                chunk = os.read(self.out_fd, 65536)
                if not chunk:
                    try:   # a bot that closed its output usually exits: give it a moment to say how
                        self.proc.wait(timeout=min(0.2, self.timeout))
                    except subprocess.TimeoutExpired:
                        pass
                    raise _Failure("crash", self._exited())
                self.buf += chunk
                if len(self.buf) > (1 << 24):
                    raise _Failure("malformed", "an answer line longer than 16 MiB")
            raw, self.buf = self.buf.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            try:
                return json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                raise _Failure("malformed", f"not JSON: {line[:200]!r}") from None
            except ValueError as e:   # an integer of more than 4,300 digits (int's own limit)
                raise _Failure("malformed", f"not JSON ({str(e)[:100]}): {line[:200]!r}") from None

    def close_input(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    def close(self, deadline: float) -> None:
        """Wait for the bot until `deadline`, then end its whole process group and reap it."""
        if self.closed:
            return
        self.closed = True
        self.rsel.close()
        self.wsel.close()
        self.close_input()
        try:
            self.proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)   # its own children, or a wrapped bot's
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()
        try:
            self.proc.stdout.close()
        except OSError:
            pass


class _CallableBot:
    """A callable bot, called in a worker thread so that a call can be timed."""

    def __init__(self, fn: Callable, timeout: float) -> None:
        self.fn = fn
        self.timeout = timeout
        self.pending: list[dict] = []
        self.calls: queue.Queue = queue.Queue()
        self.thread: threading.Thread | None = None
        self.busy = False   # a call overran its timeout: the thread is abandoned

    def _serve(self) -> None:
        while True:
            job = self.calls.get()
            if job is None:
                return
            evs, out = job
            try:
                value = self.fn(evs)
            except BaseException as e:  # noqa: BLE001 - a bot's bug is a reported failure, not ours
                out.put((False, "crash", _describe(e)))
                continue
            # the answer as plain JSON data, made here, within the timeout: an object of the bot's
            # own (a dict subclass with its own get, __eq__ or __repr__) runs none of its code in
            # the game's thread
            try:
                out.put((True, "", json.loads(json.dumps(value))))
            except BaseException as e:  # noqa: BLE001
                out.put((False, "malformed", f"not a JSON value: {_describe(e)}"))

    def send(self, events: list[dict], ask: bool) -> Any:
        self.pending += events
        if not ask:
            return None
        evs, self.pending = self.pending, []
        if self.thread is None:
            self.thread = threading.Thread(target=self._serve, name="yakuman-bot", daemon=True)
            self.thread.start()
        out: queue.Queue = queue.Queue(maxsize=1)
        self.calls.put((evs, out))
        try:
            ok, kind, value = out.get(timeout=self.timeout)
        except queue.Empty:
            self.busy = True
            raise _Failure("timeout", f"no answer within {self.timeout} s (the call is abandoned)") from None
        if not ok:
            raise _Failure(kind, value)
        return value

    def close(self, deadline: float) -> None:
        if self.thread is not None:
            self.calls.put(None)
            self.thread = None


def _describe(e: BaseException) -> str:
    """``Type: message`` of a bot's exception (its own __str__ may fail too)."""
    try:
        text = str(e)
    except BaseException:  # noqa: BLE001
        text = "(its message cannot be shown)"
    return f"{type(e).__name__}: {text if len(text) <= 200 else text[:197] + '...'}"


def _timeout_arg(timeout: Any) -> float:
    if type(timeout) is bool or not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or timeout <= 0:
        raise InvalidArgumentError(f"timeout must be a finite number of seconds > 0, not {rep(timeout)}")
    return float(timeout)


def play(bots: Sequence[Any], rules: Rules | None = None, seed: int | None = None, *, timeout: float = 10.0,
         max_decisions: int = 100000) -> PlayResult:
    """One game between `bots` (one per seat; see the module docstring). ``seed`` None = drawn
    from the OS (recorded in the result)."""
    r = Rules.tenhou() if rules is None else rules
    if not isinstance(r, Rules):
        raise InvalidContextError(f"rules must be a yakuman.Rules, not {type(rules).__name__}")
    timeout = _timeout_arg(timeout)
    if type(max_decisions) is not int or max_decisions < 0:
        raise InvalidArgumentError(f"max_decisions must be a non-negative integer, not {_short(max_decisions)}")
    if isinstance(bots, str):
        bots = [bots]   # not one command for every seat: the count check below names it
    bots = as_list(bots, "play's bots (one per seat)", InvalidContextError)
    if len(bots) != r.players:
        raise InvalidContextError(f"{len(bots)} bots for a {r.players}-player game")
    game = Game(r, _seed_arg(seed))
    wrapped: list[Any] = []
    try:
        for seat, b in enumerate(bots):
            try:
                wrapped.append(_CallableBot(b, timeout) if callable(b) else _CommandBot(b, timeout))
            except _Failure as f:
                return _result(game, BotError(seat, f.kind, f.detail), wrapped)
        sent = [0] * r.players
        decisions = 0
        while not game.done and decisions < max_decisions:
            events = game.events   # read-only events; each callable bot gets its own copies below
            asked = game.to_act
            answers = {}
            for seat in range(r.players):
                new = events[sent[seat]:]
                sent[seat] = len(events)
                bot = wrapped[seat]
                try:
                    if isinstance(bot, _CallableBot):
                        ans = bot.send([_copy(mask_event(e, seat)) for e in new], seat in asked)
                    elif new:
                        ans = bot.send([mask_event(e, seat) for e in new])
                    else:
                        ans = None
                except _Failure as f:
                    return _result(game, BotError(seat, f.kind, f.detail), wrapped)
                if seat in asked:
                    answers[seat] = ans
            chosen = {}
            for seat, ans in answers.items():
                if not isinstance(ans, dict) or type(ans.get("type")) is not str:
                    return _result(game, BotError(seat, "malformed", f"not an mjai action: {_short(ans)}"), wrapped)
                if ans["type"] == "none" and not any(a.type == "none" for a in game.legal_actions(seat)):
                    return _result(game, BotError(seat, "illegal", "passed when it must act"), wrapped)
                try:
                    chosen[seat] = game._resolve(ans, seat)
                except IllegalActionError as e:
                    return _result(game, BotError(seat, "illegal", str(e)), wrapped)
            try:
                if len(chosen) == 1 and game._st.phase() == 0:
                    game.step(next(iter(chosen.values())))
                else:
                    game.step(chosen)
            except YakumanError as e:   # pragma: no cover - each answer was resolved to a legal action
                seat = next(iter(chosen))
                return _result(game, BotError(seat, "illegal", str(e)), wrapped)
            decisions += 1
        return _result(game, None, wrapped)
    finally:
        _close_all(wrapped)


def _short(v: Any) -> str:
    return shown(v, 200)


def _close_all(wrapped: list) -> None:
    """Close every bot's input first, so that all of them exit together within one grace period."""
    for b in wrapped:
        if isinstance(b, _CommandBot) and not b.closed:
            b.close_input()
    deadline = time.monotonic() + _GRACE
    for b in wrapped:
        b.close(deadline)


def _result(game: Game, error: BotError | None, wrapped: list) -> PlayResult:
    _close_all(wrapped)
    codes = [b.proc.returncode for b in wrapped if isinstance(b, _CommandBot)]
    return PlayResult(game, error, game.events, codes, game.seed)


def _example_bot_main() -> None:  # pragma: no cover - run as a subprocess by the tests
    """A minimal mjai bot on stdin/stdout: discards what it draws, passes everything else."""
    import sys

    me = None
    for line in sys.stdin:
        e = json.loads(line)
        out: dict = {"type": "none"}
        if e["type"] == "start_game":
            me = e.get("id", me)
        elif e["type"] == "start_kyoku" and me is None:
            me = next(i for i, h in enumerate(e["tehais"]) if h and h[0] != "?")
        elif e["type"] == "tsumo" and e["actor"] == me:
            out = {"type": "dahai", "actor": me, "pai": e["pai"], "tsumogiri": True}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__" and os.environ.get("YAKUMAN_EXAMPLE_BOT"):  # pragma: no cover
    _example_bot_main()
