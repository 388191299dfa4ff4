"""``yakuman game play``: games between mjai bots from the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path


def _cmd_play(args) -> int:
    from yakuman.game.mjai import play
    from yakuman.logs.mjai import parse_mjai
    from yakuman.logs.tenhou_json import to_tenhou_json
    from yakuman.rules import Rules

    rules = Rules.preset(args.rules)
    if len(args.bots) != rules.players:
        print(f"yakuman: error: {len(args.bots)} bots for a {rules.players}-player game", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    for i in range(args.games):
        res = play(args.bots, rules, args.seed + i, timeout=args.timeout)
        stem = out / f"game_{args.seed + i}"
        stem.with_suffix(".mjai.jsonl").write_text("".join(json.dumps(e, ensure_ascii=False) + "\n"
                                                           for e in res.events), encoding="utf-8")
        if res.ok:
            (game,) = parse_mjai(res.events)
            stem.with_suffix(".tenhou6.json").write_text(json.dumps(to_tenhou_json(game), ensure_ascii=False),
                                                         encoding="utf-8")
        else:
            failures += 1
            err = res.error
            print(f"\ngame {args.seed + i}: seat {err.seat} {err.kind}: {err.detail}", file=sys.stderr)
        done = i + 1
        bar = "#" * (30 * done // args.games)
        print(f"\r[{bar:<30}] {done}/{args.games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return 1 if failures else 0


def add_game_commands(subparsers) -> None:
    game = subparsers.add_parser("game", help="play games between mjai bots")
    gsub = game.add_subparsers(dest="game_cmd", required=True)
    p = gsub.add_parser("play", help="run games between mjai bots (commands speaking mjai JSON lines)")
    p.add_argument("--bots", nargs="+", required=True, help="one command per seat")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--out", required=True, help="directory for the games (mjai and tenhou.net/6)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", default="tenhou", help="a preset name")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds a bot may take per answer")
    p.set_defaults(func=_cmd_play)
