"""Fu of one reading (docs/rules.md 4.1-4.3), itemised.

- chiitoitsu: ``rules.chiitoitsu_fu`` flat; kokushi and shiisanputa: 0 (Tenhou reports 0 fu for kokushi);
- pinfu shape won by tsumo, with pinfu counted: 20 flat (Tenhou applies this also on yakuman hands);
- otherwise 20 (futei) + 10 closed ron + 2 tsumo (``rules.rinshan_tsumo_fu`` on a rinshan win)
  + 2 tanki/kanchan/penchan + pair (dragon 2, seat wind 2, round wind 2, a double-wind pair
  ``rules.double_wind_pair_fu``) + sets (triplet 2/4, concealed x2, kan x4; terminal/honor x2),
  rounded up to 10; an open ron with nothing beyond the 20 is ``rules.open_pinfu_fu``.
A triplet completed by ron counts as open (the reading marks it not concealed).
"""

from __future__ import annotations

from yakuman._reference.score_shapes import YAOCHUU, Reading, group_str
from yakuman._reference.score_yaku import DRAGONS, Hand, is_pinfu_shape

__all__ = ["ceil10", "fu_of"]


def ceil10(x: int) -> int:
    return -(-x // 10) * 10


def fu_of(r: Reading, h: Hand) -> tuple[int, list[tuple[str, int]]]:
    """(fu, itemised details) of a reading; the details add up to the fu (a final ("rounding", n)
    item carries the rounding up to 10)."""
    req, rules = h.req, h.rules
    if r.form == "chiitoitsu":
        return rules.chiitoitsu_fu, [("chiitoitsu", rules.chiitoitsu_fu)]
    if r.form != "regular":
        return 0, []
    if is_pinfu_shape(r, h) and req.tsumo and rules.tsumo_pinfu:
        return 20, [("futei", 20)]
    details = [("futei", 20)]
    if h.closed and not req.tsumo:
        details.append(("menzen ron", 10))
    if req.tsumo and not (req.rinshan and rules.rinshan_tsumo_fu == 0):
        details.append(("tsumo", 2))
    if r.wait in ("tanki", "kanchan", "penchan"):
        details.append((r.wait, 2))
    pair = r.pair
    name = "mpsz"[pair // 9]
    pair_txt = f"pair {pair % 9 + 1}{pair % 9 + 1}{name}"
    if pair in DRAGONS:
        details.append((pair_txt + " (dragon)", 2))
    elif pair == h.seat_kind and pair == h.round_kind:
        details.append((pair_txt + " (double wind)", rules.double_wind_pair_fu))
    elif pair == h.seat_kind:
        details.append((pair_txt + " (seat wind)", 2))
    elif pair == h.round_kind:
        details.append((pair_txt + " (round wind)", 2))
    for g in r.groups:
        if g.is_run:
            continue
        value = 4 if g.tile in YAOCHUU else 2
        if g.concealed:
            value *= 2
        if g.kind == "kan":
            value *= 4
        label = ("ankan" if g.concealed else "minkan") if g.kind == "kan" else (
            "ankou" if g.concealed else "minkou")
        details.append((f"{label} {group_str(g).split()[-1]}", value))
    raw = sum(v for _, v in details)
    if h.is_open and not req.tsumo and raw == 20:
        extra = rules.open_pinfu_fu - 20
        if extra:
            details.append(("open pinfu ron", extra))
        return rules.open_pinfu_fu, details
    if ceil10(raw) > raw:
        details.append(("rounding", ceil10(raw) - raw))
    return ceil10(raw), details
