"""The scoring commands of the ``yakuman`` CLI: ``score``, ``table`` and ``demo`` (the main job of
``make run``: bulk-score a seeded batch of generated winning hands).

Registered by :func:`add_commands` from ``yakuman.cli``.
"""

from __future__ import annotations

import json
import sys
import time
from yakuman._arrays import rep

__all__ = ["add_commands", "point_table", "rules_arg", "PRESETS"]

PRESETS = ("tenhou", "tenhou_sanma", "mahjongsoul", "mahjongsoul_sanma", "mleague", "wrc", "ema", "default")
FU_COLUMNS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def rules_arg(name: str):
    """A ``--rules`` argument: a preset by name, or the rules of a .toml / .json file (Rules.load:
    every problem with the file is an InvalidRulesError naming it). Every command's --rules."""
    from yakuman.errors import InvalidRulesError
    from yakuman.rules import Rules

    if name in PRESETS:
        return Rules() if name == "default" else getattr(Rules, name)()
    if name.lower().endswith((".toml", ".json")):
        return Rules.load(name)
    raise InvalidRulesError(f"unknown rules {rep(name)}: a preset ({', '.join(PRESETS)}) or a .toml / .json file")


RULES_HELP = "a preset (" + ", ".join(PRESETS) + ") or a .toml / .json rules file; default tenhou"


def _score_json(s) -> dict:
    return {
        "status": s.status.name, "reason": s.reason,
        "yaku": [{"yaku": y.name, "en": y.en, "han": h} for y, h in s.yaku],
        "han": s.han, "fu": s.fu, "fu_details": [list(x) for x in s.fu_details], "limit": s.limit,
        "yakuman": s.yakuman, "points": s.points, "payment": s.payment._asdict(),
        "decomposition": list(s.decomposition),
    }


def _cmd_score(args) -> int:
    from yakuman._text import terminal_json, terminal_safe
    from yakuman.scoring import score

    flags = {name: getattr(args, name) for name in (
        "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
        "tenhou", "chiihou", "renhou", "open_riichi", "sashikomi")}
    if args.paarenchan:
        flags["paarenchan"] = args.paarenchan
    s = score(args.hand, args.win, args.meld or (), seat_wind=args.seat, round_wind=args.round,
              dora=args.dora or (), ura=args.ura or (), kita=args.kita, honba=args.honba,
              riichi_sticks=args.sticks, rules=rules_arg(args.rules), **flags)
    if args.json:
        print(terminal_json(_score_json(s)))
        return 0
    if not s.is_win:
        print(terminal_safe(f"{s.status.name}: {s.reason}"))
        return 0
    for y, h in s.yaku:
        print(f"  {y.romaji:24} {h:3d}")
    value = f"yakuman x{s.yakuman}" if s.yakuman else f"{s.han} han {s.fu} fu" + (f" {s.limit}" if s.limit else "")
    print(f"{value}: {s.points} points ({s.payment})")
    print("fu: " + ", ".join(f"{label} {v}" for label, v in s.fu_details))
    print("reading: " + " ".join(s.decomposition))
    return 0


def point_table(dealer: bool, rules=None) -> list[list[str]]:
    """Rows of the quick-reference table (docs/rules.md 5.4): for han 1-4, each fu column as
    ``ron (tsumo)``; "-" where the combination is impossible; "M" where it is mangan. The values
    are :func:`yakuman.points` (the scorer's point code), so kiriage follows ``rules``."""
    from yakuman.rules import Rules
    from yakuman.scoring import point_value

    rules = rules or Rules.tenhou()
    impossible_ron = {(1, 20), (1, 25), (2, 20), (3, 20), (4, 20)}
    impossible_tsumo = {(1, 20), (1, 25), (2, 25), (1, 110)}
    if rules.open_pinfu_fu == 20:
        impossible_ron -= {(2, 20), (3, 20), (4, 20), (1, 20)}

    rows = []
    for han in range(1, 5):
        row = []
        for fu in FU_COLUMNS:
            ron, limit, _, _ = point_value(han, fu, dealer=dealer, rules=rules)
            if limit:
                row.append("M")
                continue
            tsumo = point_value(han, fu, dealer=dealer, tsumo=True, rules=rules)[0]
            ron_cell = "-" if (han, fu) in impossible_ron else str(ron.from_discarder)
            if (han, fu) in impossible_tsumo:
                tsumo_cell = "-"
            elif dealer:
                tsumo_cell = str(tsumo.from_non_dealer)
            else:
                tsumo_cell = f"{tsumo.from_non_dealer},{tsumo.from_dealer}"
            row.append(f"{ron_cell} ({tsumo_cell})")
        rows.append(row)
    return rows


LIMITS = (("mangan", 5), ("haneman", 6), ("baiman", 8), ("sanbaiman", 11), ("yakuman", 13))  # name, lowest han


def limit_rows(dealer: bool, rules) -> list[tuple[str, int, int, list[int]]]:
    """(name, lowest han, ron payment, tsumo payments: [each] for a dealer, [non-dealer, dealer]
    otherwise) for every limit, from :func:`yakuman.points`."""
    from yakuman.scoring import points

    out = []
    for name, han in LIMITS:
        kw = dict(yakuman=1) if name == "yakuman" else {}   # 13 han may be kazoe sanbaiman
        ron = points(han, dealer=dealer, rules=rules, **kw)
        tp = points(han, dealer=dealer, tsumo=True, rules=rules, **kw)
        tsumo = [tp.from_non_dealer] if dealer else [tp.from_non_dealer, tp.from_dealer]
        out.append((name, han, ron.from_discarder, tsumo))
    return out


def _cmd_table(args) -> int:
    rules = rules_arg(args.rules)
    dealers = (True,) if args.dealer else (False,) if args.non_dealer else (False, True)
    if args.json:
        out = {}
        for dealer in dealers:
            out["dealer" if dealer else "non_dealer"] = {
                "fu": list(FU_COLUMNS),
                "han": {str(han): dict(zip(map(str, FU_COLUMNS), row))
                        for han, row in enumerate(point_table(dealer, rules), start=1)},
                "limits": {name: {"han": han, "ron": ron, "tsumo": tsumo}
                           for name, han, ron, tsumo in limit_rows(dealer, rules)},
            }
        print(json.dumps(out))
        return 0
    for dealer in dealers:
        print(("Dealer" if dealer else "Non-dealer") + " - ron (tsumo: " +
              ("each" if dealer else "each non-dealer,dealer") + ")")
        print("han\\fu " + "".join(f"{fu:>17}" for fu in FU_COLUMNS))
        for han, row in enumerate(point_table(dealer, rules), start=1):
            print(f"{han:>6} " + "".join(f"{cell:>17}" for cell in row))
        for name, han, ron, tsumo in limit_rows(dealer, rules):
            print(f"{name:>10} ({han}+ han): ron {ron} (tsumo {','.join(map(str, tsumo))})")
        print()
    return 0


def _cmd_demo(args) -> int:
    import numpy as np

    from yakuman.batch import score_many
    from yakuman.random import winning_hands
    from yakuman.yaku import Yaku

    from yakuman._arrays import n_workers
    from yakuman.random import CHUNK

    # calls of whole generator chunks (about 25 x 4096 rows): a call that starts or ends inside a
    # chunk would generate that chunk twice; a multiple of the workers, so that each generates as
    # many chunks (25 on two workers: one waits while the other makes the 25th)
    w = n_workers(args.workers or None)
    n, chunk = args.hands, -(-25 // w) * w * CHUNK
    progress = sys.stderr.isatty()
    t0 = time.perf_counter()
    gen_time = score_time = 0.0
    yaku_counts = np.zeros(64, dtype=np.int64)
    kita_wins = 0
    status = np.zeros(5, dtype=np.int64)
    limits = np.zeros(6, dtype=np.int64)
    points = 0
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        g0 = time.perf_counter()
        hands = winning_hands(m, seed=args.seed, start=start, workers=args.workers or None)
        g1 = time.perf_counter()
        res = score_many(hands, workers=args.workers or None)
        g2 = time.perf_counter()
        gen_time += g1 - g0
        score_time += g2 - g1
        status += np.bincount(res.status, minlength=5)
        ok = res.status == 0
        limits += np.bincount(res.limit[ok], minlength=6)
        points += int(res.points[ok].sum())
        # each win's yaku word as its 64 bits (one byte each, lowest bit first): 8 bytes a bit
        # fewer than shifting the words themselves, whose (rows x 64) uint64 array filled 51 MB of
        # fresh pages per call
        bits = np.unpackbits(res.yaku[ok].astype("<u8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        yaku_counts += bits.sum(axis=0, dtype=np.int64)
        kita_wins += int((res.kita[ok] > 0).sum())
        if progress:
            done = start + m
            print(f"\r[{'#' * (30 * done // n):30}] {done:,}/{n:,} hands", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    wins = int(status[0])
    status_names = ("OK", "NOT_COMPLETE", "NO_YAKU", "INVALID_SITUATION", "INVALID_INPUT")
    limit_names = ("below mangan", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
    if args.json:
        print(json.dumps({
            "hands": n, "seed": args.seed, "rules": "tenhou",
            "status": {name: int(status[i]) for i, name in enumerate(status_names)},
            "yaku": {Yaku(1 << int(b)).romaji: int(yaku_counts[b]) for b in np.argsort(-yaku_counts)
                     if yaku_counts[b]},
            "kita_wins": kita_wins,
            "limits": {name: int(limits[i]) for i, name in enumerate(limit_names)},
            "mean_points": points / max(wins, 1),
            "generation_s": round(gen_time, 4), "scoring_s": round(score_time, 4),
            "scoring_ns_per_hand": round(1e9 * score_time / n, 1), "workers": args.workers or None,
        }))
        return 0
    print(f"{n:,} generated winning hands (yakuman.random.winning_hands, seed {args.seed}), Tenhou rules")
    print("status: " + ", ".join(f"{name} {status[i]:,}" for i, name in
                                  enumerate(("OK", "NOT_COMPLETE", "NO_YAKU", "INVALID_SITUATION", "INVALID_INPUT"))
                                  if status[i]))
    print("\nyaku frequency (share of wins):")
    order = np.argsort(-yaku_counts)
    for b in order:
        if yaku_counts[b] == 0:
            break
        y = Yaku(1 << int(b))
        print(f"  {y.romaji:24} {yaku_counts[b]:>9,}  {100 * yaku_counts[b] / max(wins, 1):6.2f}%")
    if kita_wins:
        print(f"  {'kita':24} {kita_wins:>9,}")
    print("\nlimit distribution:")
    for i, name in enumerate(("below mangan", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")):
        print(f"  {name:14} {limits[i]:>9,}  {100 * limits[i] / max(wins, 1):6.2f}%")
    print(f"\nmean points per win: {points / max(wins, 1):,.0f}")
    print(f"generation: {gen_time:.2f} s ({n / gen_time:,.0f} hands/s)")
    print(f"scoring:    {score_time:.2f} s ({n / score_time:,.0f} hands/s, "
          f"{1e9 * score_time / n:.0f} ns/hand, workers={args.workers or 'all'})")
    print(f"total:      {time.perf_counter() - t0:.2f} s")
    return 0


def add_commands(sub) -> None:
    s = sub.add_parser("score", help="score a winning hand", description=(
        "Score a winning hand. HAND is the concealed tiles in mpsz notation including the winning tile, "
        "e.g. yakuman score 123m456p789s234p55z --win 5z --tsumo --riichi --dora 4z"))
    s.add_argument("hand")
    s.add_argument("--win", required=True, help="the winning tile, e.g. 5z or 0m")
    s.add_argument("--meld", action="append", help='a meld, e.g. "pon 777z" (repeatable)')
    for flag in ("tsumo", "riichi", "double-riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
                 "tenhou", "chiihou", "renhou"):
        s.add_argument(f"--{flag}", action="store_true")
    s.add_argument("--open-riichi", action="store_true", help="the riichi is open (rules with open_riichi)")
    s.add_argument("--sashikomi", action="store_true",
                   help="a ron on an open riichi by a player not in riichi (rules with open_riichi_sashikomi)")
    s.add_argument("--paarenchan", type=int, default=0,
                   help="paarenchan count: the dealer's 8th+ consecutive win is 1 (rules with paarenchan)")
    s.add_argument("--seat", default="E", help="seat wind E/S/W/N (E = dealer)")
    s.add_argument("--round", default="E", help="round wind E/S/W/N")
    s.add_argument("--dora", help="dora indicators, e.g. 4z1m")
    s.add_argument("--ura", help="ura dora indicators")
    s.add_argument("--kita", type=int, default=0)
    s.add_argument("--honba", type=int, default=0)
    s.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    s.add_argument("--rules", default="tenhou", help=RULES_HELP)
    s.add_argument("--json", action="store_true", help="one JSON object")
    s.set_defaults(func=_cmd_score)
    t = sub.add_parser("table", help="point tables (docs/rules.md 5.4)")
    t.add_argument("--dealer", action="store_true")
    t.add_argument("--non-dealer", action="store_true")
    t.add_argument("--rules", default="tenhou", help=RULES_HELP)
    t.add_argument("--json", action="store_true", help="one JSON object: cells by han and fu, and the limits")
    t.set_defaults(func=_cmd_table)
    d = sub.add_parser("demo", help="bulk-score seeded generated winning hands (the make run job)")
    d.add_argument("--hands", type=int, default=1_000_000)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--workers", type=int, default=0, help="threads (0 = all cores)")
    d.add_argument("--json", action="store_true", help="one JSON object with the counts and timings")
    d.set_defaults(func=_cmd_demo)
