"""Every row of a fixed set of ``discard_ev`` requests, written so that two builds compare bit for bit
(docs/performance.md, "Expected value": how each speed change of the search was checked).

    PYTHONPATH=src python tools/ev_rows_dump.py OUT.json          # this build's rows
    python tools/ev_rows_dump.py --compare A.json B.json          # equal, or the first differences

The requests: closed 14-tile hands at 0-2 shanten (``tools/ev_oracle_diff.random_hand``, seed 7)
under both models and the riichi choices of model="full" (with honba, a stick and an indicator);
13-tile requests with each option changed; open hands; three-player hands with and without kita.
Each row is kept as (tile, shanten, necessary, tenpai, win, score, riichi) with the floats as
``float.hex`` strings, so that the comparison is exact (NaN included); a refused request keeps its
error's text. A dump is plain JSON: nothing in it is executed or unpickled."""
from __future__ import annotations

import json
import os
import random
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def _requests():
    from ev_oracle_diff import mpsz, random_hand

    from yakuman import Rules

    out = []
    for shanten, n in ((0, 30), (1, 40), (2, 8)):
        rng = random.Random(7)
        for _ in range(n):
            h = mpsz(random_hand(rng, shanten)[0])
            out += [(h, {"model": "reference"}), (h, {"model": "full"}), (h, {"model": "full", "riichi": "never"}),
                    (h, {"model": "full", "riichi": "declare", "dora": "3m", "honba": 2, "riichi_sticks": 1})]
    for h in ("123456789m1134p", "123456789m134p5s", "11223344m556p77s", "234m456p678s1123z", "13m456p678s11223z",
              "1199m2288p3377s1z", "2345m3456p45678s"):
        for model in ("reference", "full"):
            for kw in ({}, {"tegawari": False}, {"shanten_down": False}, {"extra": 2}, {"uradora": False, "red": False}):
                out.append((h, {"model": model, **kw}))
    for h, melds in (("23406m56778p", ["pon 111z"]), ("2340m56p77s", ["chi 123m", "pon 555z"]),
                     ("1230m4568p99s", ["ankan 1111z"]), ("2345m067p114s", ["pon 999p"]),
                     ("123m456p78s", ["chi 567s", "pon 222z"])):
        for model in ("reference", "full"):
            out.append((h, {"melds": melds, "model": model}))
            out.append((h, {"melds": melds, "model": model, "dora": "4p", "seat_wind": "S", "round_wind": "S"}))
    sanma = Rules.tenhou_sanma()
    for h in ("1199m1234p5688s12z", "19m1234p05688s123z", "11m234p678s1234z5z", "19m123p456s777z12z"):
        out.append((h, {"rules": sanma}))
        out.append((h, {"rules": sanma, "kita": 1}))
    return out


def _hex(a) -> list[str]:
    return [float(x).hex() for x in a]


def dump(path: str) -> None:
    from yakuman.ev import discard_ev

    rows = []
    for hand, kw in _requests():
        key = [hand, {k: (v if k != "rules" else "tenhou_sanma") for k, v in kw.items()}]
        try:
            r = discard_ev(hand, **kw)
        except Exception as e:  # noqa: BLE001 - a refusal is part of the behaviour compared
            rows.append(key + [f"{type(e).__name__}: {e}"])
            continue
        rows.append(key + [r.nodes, [[x.tile, x.shanten, sorted(x.necessary.items()), _hex(x.tenpai_prob),
                                      _hex(x.win_prob), _hex(x.exp_score), [bool(b) for b in x.riichi]]
                                     for x in r.rows]])
    with open(path, "w") as f:
        json.dump(rows, f)
    print(f"{len(rows)} requests, {sum(isinstance(r[2], str) for r in rows)} refused -> {path}")


def compare(a: str, b: str) -> int:
    with open(a) as f:
        ra = json.load(f)
    with open(b) as f:
        rb = json.load(f)
    if len(ra) != len(rb):
        print(f"{len(ra)} requests against {len(rb)}")
        return 1
    bad = [(x, y) for x, y in zip(ra, rb) if x != y]
    for x, y in bad[:3]:
        print("differ:", x[0], x[1])
    print(f"{len(ra)} requests, {len(bad)} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    dump(sys.argv[1])
