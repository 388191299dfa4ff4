"""Record the reference calculator's outputs for chosen hands into tests/fixtures/ev_reference.json.

    YAKUMAN_EV_ORACLE=/tmp/mcpp/build/bin/ev_oracle python tools/record_ev_fixtures.py

The oracle is an external build of the public reference calculator (not part of this project;
docs/ev.md); the numbers it wrote are facts the tests compare against."""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ev_oracle_diff import run_oracle  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "fixtures",
                   "ev_reference.json")

REQUESTS = [
    # tenpai and one-shanten hands, default configuration
    {"hand": "123m456p789s11223z"},
    {"hand": "123m456p789s11223z", "dora_indicators": "9m"},
    {"hand": "123m456p789s1122z"},
    {"hand": "234m2245688p678s"},
    {"hand": "222567m345p33667s", "dora_indicators": "1z"},
    {"hand": "11679m2p36788s177z", "melds": [], "dora_indicators": "3p", "seat_wind": "W"},
    # no tegawari, no shanten down
    {"hand": "222567m345p33667s", "config": {"enable_tegawari": False, "enable_shanten_down": False}},
    {"hand": "123m456p789s11223z", "config": {"enable_tegawari": False, "enable_shanten_down": False}},
    {"hand": "222567m345p3366s", "config": {"enable_tegawari": False, "enable_shanten_down": False}},
    # open hand
    {"hand": "23455m678p399s", "melds": ["pon 777z"]},
    # 13-tile requests (one row, no discard): a seven-pairs tanki, a shanpon with a dora indicator
    # (ura dora on the riichi wins, none on the dama ones), a red five, a nobetan with extra 2 (its
    # dama states may exchange), a closed and an open one-shanten hand
    {"hand": "1122m3344p5566s7z"},
    {"hand": "123m456p789s1122z", "dora_indicators": "1z"},
    {"hand": "406m456p789s1122z", "dora_indicators": "3m"},
    {"hand": "2345m456p789s111z", "config": {"extra": 2}},
    {"hand": "13m456p789s11224z"},
    {"hand": "23455m678p39s", "melds": ["pon 777z"]},
    # ura dora on the tiles of an ankan (an indicator on 6p makes the four 7p four han): the
    # indicator 6p itself seen, then one elsewhere
    {"hand": "456m789s11223z", "melds": ["ankan 7777p"], "dora_indicators": "6p"},
    {"hand": "456m789s11223z", "melds": ["ankan 7777p"], "dora_indicators": "9s"},
    # a riichi yakuman (suuankou tanki, counted twice by the reference) with a dora indicator: ura
    # dora add nothing to a yakuman
    {"hand": "111m222p333s444z56z", "dora_indicators": "1z"},
    # a 13-tile tenpai request with extra 2: its dama lineage exchanges one tile farther than at
    # extra 1 (the distance rule's boundary)
    {"hand": "67m44466789p123s", "config": {"extra": 2}},
    # open hands with every meld kind, red fives in the melds, winds and indicators (2026-12-06): a
    # red five in a chi with red fives off (no dora: the search once still counted it), then on
    {"hand": "2256m5p9s77z", "melds": ["chi 067p", "pon 888p"], "seat_wind": "S", "dora_indicators": "3z",
     "config": {"extra": 0, "enable_reddora": False}},
    {"hand": "2256m5p9s77z", "melds": ["chi 067p", "pon 888p"], "seat_wind": "S", "dora_indicators": "3z",
     "config": {"extra": 0}},
    {"hand": "7m456p166s", "melds": ["chi 340m", "pon 055s"], "seat_wind": "W", "dora_indicators": "2s"},
    {"hand": "789p8s6z", "melds": ["kakan 7777s", "kakan 4444p", "minkan 1111s"], "round_wind": "S",
     "seat_wind": "S", "dora_indicators": "2s"},
    {"hand": "0p306s4z", "melds": ["minkan 7777m", "pon 999m", "chi 789p"], "round_wind": "N",
     "config": {"t_max": 12, "extra": 0}},
    {"hand": "379m1p4z", "melds": ["ankan 3333p", "kakan 7777z", "kakan 2222p"], "round_wind": "W",
     "seat_wind": "S", "config": {"extra": 0}},
    # ura dora off on a closed riichi hand with an indicator; a shorter search
    {"hand": "123m456p789s11223z", "dora_indicators": "1z", "config": {"enable_uradora": False}},
    {"hand": "222567m345p33667s", "config": {"t_max": 10}},
]


def main() -> int:
    res = run_oracle([dict(r, id=i) for i, r in enumerate(REQUESTS)])
    for r in res:
        r.pop("time_us", None)
    with open(OUT, "w") as f:
        json.dump({"requests": REQUESTS, "results": res}, f, indent=0)
        f.write("\n")
    print(f"wrote {len(res)} results to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
