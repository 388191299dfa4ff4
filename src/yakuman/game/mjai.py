"""Games between mjai-protocol bots.

``play(bots, rules=None, seed=None, timeout=10.0)`` runs one game. A bot is either a Python
callable or an external command:

- a callable is called as ``bot(events)`` with the mjai events it has not seen yet (what its
  seat may see: other seats' draws and dealt tiles are ``"?"``) whenever its seat must decide,
  and returns the action as an mjai dict (``{"type": "none"}`` passes);
- a command (a string or an argv list) is started once; every event is written to its stdin as
  one JSON line and it answers every line with one JSON line (gimite's mjai protocol, as Mortal
  and akochan speak it); the answer to the last event before its decision is its action, the
  others are ignored.

A bot that raises or exits, that does not answer within ``timeout`` seconds, or whose answer is
not JSON or not a legal action ends the game at once: the result names the seat and the problem,
keeps the events so far, and every command started is terminated (no zombie process).
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from yakuman.errors import IllegalActionError, InvalidContextError
from yakuman.game import Game
from yakuman.rules import Rules

__all__ = ["BotError", "PlayResult", "mask_event", "play"]


@dataclass
class BotError:
    seat: int
    kind: str        # "crash", "timeout", "malformed", "illegal"
    detail: str


@dataclass
class PlayResult:
    game: Game
    error: BotError | None = None
    events: list[dict] = field(default_factory=list)
    exit_codes: list[int | None] = field(default_factory=list)   # of the command bots, after the game

    @property
    def ok(self) -> bool:
        return self.error is None and self.game.done


def mask_event(e: dict, seat: int) -> dict:
    """The event as `seat` may see it."""
    t = e["type"]
    if t == "start_game":
        e = dict(e, id=seat)
    elif t == "start_kyoku":
        e = dict(e)
        e["tehais"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(e["tehais"])]
    elif t == "tsumo" and e["actor"] != seat:
        e = dict(e, pai="?")
    return e


class _Failure(Exception):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, detail


class _CommandBot:
    def __init__(self, cmd: str | Sequence[str], timeout: float) -> None:
        argv = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.timeout = timeout
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)
        self.fd = self.proc.stdout.fileno()
        self.buf = b""   # read from the pipe, not yet a whole line (the pipe is read here, unbuffered)
        self.closed = False

    def send(self, events: list[dict]) -> Any:
        answer = None
        for e in events:
            try:
                self.proc.stdin.write(json.dumps(e, ensure_ascii=False) + "\n")
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                raise _Failure("crash", f"the bot exited (code {self.proc.poll()})") from None
            answer = self._read()
        return answer

    def _read(self) -> Any:
        # lines already read from the pipe are answered first (select sees only the pipe)
        deadline = time.monotonic() + self.timeout
        while True:
            while b"\n" not in self.buf:
                left = deadline - time.monotonic()
                if left <= 0 or not self.sel.select(left):
                    raise _Failure("timeout", f"no answer within {self.timeout} s")
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    raise _Failure("crash", f"the bot exited (code {self.proc.wait()})")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").strip()
            if not line:
                continue
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                raise _Failure("malformed", f"not JSON: {line[:200]!r}") from None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.sel.close()
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdout,):
            try:
                f.close()
            except OSError:
                pass


class _CallableBot:
    def __init__(self, fn: Callable) -> None:
        self.fn = fn
        self.pending: list[dict] = []

    def send(self, events: list[dict], ask: bool) -> Any:
        self.pending += events
        if not ask:
            return None
        evs, self.pending = self.pending, []
        try:
            return self.fn(evs)
        except Exception as e:  # noqa: BLE001 - a bot's bug is a reported failure, not ours
            raise _Failure("crash", f"{type(e).__name__}: {e}") from None

    def close(self) -> None:
        pass


def play(bots: Sequence[Any], rules: Rules | None = None, seed: int | None = None, *, timeout: float = 10.0,
         max_decisions: int = 100000) -> PlayResult:
    """One game between `bots` (one per seat; see the module docstring)."""
    r = Rules.tenhou() if rules is None else rules
    if len(bots) != r.players:
        raise InvalidContextError(f"{len(bots)} bots for a {r.players}-player game")
    game = Game(r, seed)
    wrapped: list[Any] = []
    try:
        for b in bots:
            wrapped.append(_CallableBot(b) if callable(b) else _CommandBot(b, timeout))
        sent = [0] * r.players
        decisions = 0
        while not game.done and decisions < max_decisions:
            events = game.events
            asked = game.to_act
            answers = {}
            for seat in range(r.players):
                new = [mask_event(e, seat) for e in events[sent[seat]:]]
                sent[seat] = len(events)
                bot = wrapped[seat]
                try:
                    if isinstance(bot, _CallableBot):
                        ans = bot.send(new, seat in asked)
                    elif seat in asked or new:
                        ans = bot.send(new) if new else None
                    else:
                        ans = None
                except _Failure as f:
                    return _result(game, BotError(seat, f.kind, f.detail), wrapped)
                if seat in asked:
                    answers[seat] = ans
            for seat, ans in answers.items():
                if not isinstance(ans, dict) or not isinstance(ans.get("type"), str):
                    return _result(game, BotError(seat, "malformed", f"not an mjai action: {ans!r}"), wrapped)
                if ans["type"] == "none" and not any(a.type == "none" for a in game.legal_actions(seat)):
                    return _result(game, BotError(seat, "illegal", "passed when it must act"), wrapped)
            try:
                if len(answers) == 1 and game._st.phase() == 0:
                    (seat, ans), = answers.items()
                    game.step(dict(ans, actor=seat))
                else:
                    game.step({s: dict(a, actor=s) for s, a in answers.items()})
            except IllegalActionError as e:
                bad = next((s for s, a in answers.items() if _illegal(game, s, a)), next(iter(answers)))
                return _result(game, BotError(bad, "illegal", str(e)), wrapped)
            decisions += 1
        return _result(game, None, wrapped)
    finally:
        for b in wrapped:
            b.close()



def _result(game: Game, error: BotError | None, wrapped: list) -> PlayResult:
    for b in wrapped:
        b.close()
    codes = [b.proc.returncode for b in wrapped if isinstance(b, _CommandBot)]
    return PlayResult(game, error, game.events, codes)


def _illegal(game: Game, seat: int, ans: dict) -> bool:
    try:
        game._resolve(dict(ans, actor=seat), seat)
        return False
    except IllegalActionError:
        return True


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
