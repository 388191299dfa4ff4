"""``yakuman ev HAND``: the expected value of each discard (yakuman.ev.discard_ev) as a table or
JSON."""

from __future__ import annotations

import json

from yakuman.cli_score import RULES_HELP, rules_arg


def _cmd_ev(args) -> int:
    from yakuman.ev import discard_ev

    res = discard_ev(args.hand, melds=args.meld or (), dora=args.dora or (), round_wind=args.round_wind,
                     seat_wind=args.seat_wind, rules=rules_arg(args.rules), turn=args.turn,
                     model=args.model)
    from yakuman._text import terminal_lines

    if args.json:
        print(json.dumps({"hand": args.hand, **res.to_dict()}))   # ASCII: every other character escaped
    else:
        print(terminal_lines(repr(res)))
    return 0


def add_commands(sub) -> None:
    e = sub.add_parser("ev", help="tenpai %%, win %% and expected score of each discard")
    e.add_argument("hand", help="the concealed tiles (mpsz), 14-3k (each discard) or 13-3k")
    e.add_argument("--meld", action="append", help='a called meld, e.g. "pon 777z" (repeatable)')
    e.add_argument("--dora", help="dora indicators (mpsz), e.g. 3p1z")
    e.add_argument("--round-wind", default="E", choices=list("ESWN"))
    e.add_argument("--seat-wind", default="E", choices=list("ESWN"))
    e.add_argument("--rules", default="tenhou", help=RULES_HELP)
    e.add_argument("--turn", type=int, default=1, help="the turn t whose values are shown and ranked (default 1)")
    e.add_argument("--model", default="full", choices=["full", "reference"])
    e.add_argument("--json", action="store_true", help="one JSON object")
    e.set_defaults(func=_cmd_ev)
