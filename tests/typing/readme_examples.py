"""Every Python example of README.md, run as written and checked by ``mypy --strict`` against the
package's stubs (tests/typing/test_typing.py runs both; it also checks that each README line is
here). The asserted values are the README's own comments, which state rule facts: 23456m567p789s33s
is tenpai on 1m-4m-7m; riichi + pinfu + tanyao + one dora is 4 han 30 fu, 7,700 for a non-dealer ron.
"""

from __future__ import annotations

import yakuman
from yakuman.yaku import Yaku

assert yakuman.shanten("23456m567p789s33s") == 0          # 0 (tenpai); also 136-ids, 34 counts, numpy
assert yakuman.waits("23456m567p789s33s") == ["1m", "4m", "7m"]
u = yakuman.ukeire("23456m567p789s33s", visible="1111m")   # shanten 0, {'4m': 3, '7m': 4}
assert (u.shanten, u.tiles) == (0, {"4m": 3, "7m": 4})
best = yakuman.discard_analysis("123m456p789s11223z")[0]      # best discard, its shanten and ukeire
assert (best.tile, best.shanten, best.count) == ("3z", 0, 4)   # shanpon 1z/2z, two copies of each left

s = yakuman.score("234567m34588p567s", "5s", riichi=True, dora="1m", seat_wind="S")
s.yaku, s.han, s.fu, s.points   # [(RIICHI, 1), (PINFU, 1), (TANYAO, 1), (DORA, 1), (URA_DORA, 0)], 4, 30, 7700
yaku: list[tuple[Yaku, int]] = s.yaku
assert yaku == [(Yaku.RIICHI, 1), (Yaku.PINFU, 1), (Yaku.TANYAO, 1), (Yaku.DORA, 1), (Yaku.URA_DORA, 0)]
assert (s.han, s.fu, s.points) == (4, 30, 7700)
big = yakuman.score("111z22z", "2z", ["pon 555z", "pon 666z", "pon 777z"], seat_wind="S")   # tsuuiisou + daisangen
assert {y for y, _ in big.yaku} == {Yaku.TSUUIISOU, Yaku.DAISANGEN} and big.yakuman == 2
assert big.points == 64000   # two yakuman for a non-dealer ron: 2 x 32,000
ms = yakuman.score("234567m34588p567s", "5s", rules=yakuman.Rules.mahjongsoul())   # presets
assert (ms.han, ms.fu, ms.points) == (2, 30, 2900)   # pinfu + tanyao; the seat is East (dealer) by default
points: int = ms.points

from yakuman.batch import shanten_many, score_many  # noqa: E402
from yakuman.random import winning_hands  # noqa: E402

res = score_many(winning_hands(1_000_000, seed=1), workers=2)  # columnar in, columnar out, no GIL
assert len(res) == 1_000_000
first: int = int(res.points[0])
sh = shanten_many(winning_hands(10, seed=1).counts)
assert (sh == -1).all()   # every generated winning hand is complete
print("README examples: ok")
