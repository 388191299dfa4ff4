"""``yakuman game play``: games between mjai bots from the command line."""

from __future__ import annotations

import json
import secrets
import sys
from yakuman._arrays import rep
from pathlib import Path


def _out_dir(path: str) -> Path:
    """The --out folder, created before any game is played (a clear error if it cannot be)."""
    from yakuman.errors import InvalidArgumentError

    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InvalidArgumentError(f"--out {rep(path)}: cannot create the folder: {e.strerror or e}") from None
    probe = out / f".yakuman-write-test-{secrets.token_hex(4)}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise InvalidArgumentError(f"--out {rep(path)}: cannot write there: {e.strerror or e}") from None
    return out


def _cmd_play(args) -> int:
    from yakuman.cli_score import rules_arg
    from yakuman.errors import InvalidArgumentError, YakumanError
    from yakuman.game.mjai import play
    from yakuman.logs.mjai import parse_mjai
    from yakuman.logs.tenhou_json import to_tenhou_json

    rules = rules_arg(args.rules)
    if len(args.bots) != rules.players:
        print(f"yakuman: error: {len(args.bots)} bots for a {rules.players}-player game", file=sys.stderr)
        return 2
    if args.games < 0:
        raise InvalidArgumentError(f"--games {args.games}: expected 0 or more")
    if args.seed is not None and not 0 <= args.seed < 2**64 - args.games:
        raise InvalidArgumentError(f"--seed {args.seed}: expected 0..2**64-1 minus the game count")
    out = _out_dir(args.out)
    failures = 0
    for i in range(args.games):
        # default seeds come from the OS (unpredictable to the bots); each game's seed is in its
        # file name and record, so that Game(rules, seed) deals it again
        seed = secrets.randbits(64) if args.seed is None else args.seed + i
        res = play(args.bots, rules, seed, timeout=args.timeout)
        stem = out / f"game_{seed}"
        stem.with_suffix(".mjai.jsonl").write_text("".join(json.dumps(e, ensure_ascii=False) + "\n"
                                                           for e in res.events), encoding="utf-8")
        if res.ok:
            try:
                (game,) = parse_mjai(res.events)
                stem.with_suffix(".tenhou6.json").write_text(json.dumps(to_tenhou_json(game), ensure_ascii=False),
                                                             encoding="utf-8")
            except YakumanError as e:   # pragma: no cover - the engine's records parse
                failures += 1
                print(f"\ngame {seed}: the record does not convert: {_terminal(str(e))}", file=sys.stderr)
        else:
            failures += 1
            err = res.error
            what = f"seat {err.seat} {err.kind}: {err.detail}" if err else "stopped before its end (max decisions)"
            print(f"\ngame {seed}: {_terminal(what)}", file=sys.stderr)
        done = i + 1
        bar = "#" * (30 * done // args.games)
        print(f"\r[{bar:<30}] {done}/{args.games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return 1 if failures else 0


def _terminal(text: str) -> str:
    from yakuman._text import terminal_safe

    return terminal_safe(text)


def add_game_commands(subparsers) -> None:
    from yakuman.cli_score import RULES_HELP

    game = subparsers.add_parser("game", help="play games between mjai bots")
    gsub = game.add_subparsers(dest="game_cmd", required=True)
    p = gsub.add_parser("play", help="run games between mjai bots (commands speaking mjai JSON lines)")
    p.add_argument("--bots", nargs="+", required=True, help="one command per seat")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--out", required=True, help="directory for the games (mjai and tenhou.net/6)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the first game (the next ones: +1, +2, ...); default: drawn from the OS per game")
    p.add_argument("--rules", default="tenhou", help=RULES_HELP)
    p.add_argument("--timeout", type=float, default=10.0, help="seconds a bot may take per answer")
    p.set_defaults(func=_cmd_play)
