"""Turn a pytest-benchmark JSON file into ns/hand, hands/s and ratios against the peers.

Usage: python bench/report.py .benchmarks/latest.json
Peers are the benchmarks named test_peer_*; each yakuman benchmark of a group is compared
with every peer of that group (ratio = peer time per hand / yakuman time per hand).
"""

from __future__ import annotations

import json
import sys


def main(path: str) -> int:
    data = json.load(open(path))
    rows = []
    for b in data["benchmarks"]:
        hands = b.get("extra_info", {}).get("hands", 1)
        per = b["stats"]["median"] / hands
        rows.append((b["group"] or "", b["name"], per))
    print(f"{'group':22} {'benchmark':46} {'ns/hand':>10} {'hands/s':>14}")
    for group, name, per in rows:
        print(f"{group:22} {name:46} {per * 1e9:10.1f} {1 / per:14,.0f}")
    print()
    for group in sorted({g for g, _, _ in rows}):
        peers = [(n, p) for g, n, p in rows if g == group and "peer" in n]
        ours = [(n, p) for g, n, p in rows if g == group and "peer" not in n]
        for pn, pp in peers:
            for on, op in ours:
                print(f"{group}: {on} is {pp / op:,.1f}x faster than {pn}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".benchmarks/latest.json"))
