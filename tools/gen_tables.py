"""Generate the suit-pattern distance tables used by the native shanten code.

Deterministic: the same bytes on every machine. Output is a C header holding the blob as a
byte array (``ym_tables_data.h``, included by csrc/ym_tables.c), so any C99 compiler embeds it
(no assembler directives, no file read at run time); it is a build output, never committed.

Table semantics (see csrc/README.md):
  For a *suit* pattern h (counts of the 9 ranks of one suit, each 0..4, total <= 14)
  and every target (m sets, p pairs) with m in 0..4 and p in 0..1, store
      dist(h, m, p) = min over complete patterns w with exactly m sets and p pairs
                      (each count of w <= 4) of  sum_i max(0, w_i - h_i),
  i.e. how many tiles must be drawn for that part of the hand to contain m sets and
  p pairs. Summed over the four parts and minimised (min-plus), this is the exact
  4-copy-aware replacement number of the hand (tomohxx's method, "shanten-number").
  The *honor* table is the same over 7 independent kinds (triplets only, no runs).

Values are 4-bit nibbles packed into one uint64 per pattern (nibble index = p * 5 + m). Only
about 130 distinct vectors occur, so the blob stores a one-byte *class* per pattern plus the
class vectors (that keeps the hot tables in L2):

  offset 0                     uint8  suit_class[405350]   (suit patterns in rank order)
  offset 405352                uint8  honor_class[78125]   (honor patterns by base-5 key)
  offset 483480                uint64 suit_vec[128]        (little-endian; unused slots 0)
  offset 483480 + 1024         uint64 honor_vec[64]
  total 485016 bytes; checksum = FNV-1a 64 over the bytes.

Suit patterns are in lexicographic rank order of the patterns with total <= 14 (rank function
in csrc/ym_tables.c); honor patterns by base-5 key (key = sum c_i * 5**i). Classes are numbered
in increasing order of their packed vector.

Usage: python tools/gen_tables.py OUT_DIR      -> writes OUT_DIR/ym_tables_data.h
       python tools/gen_tables.py --check      -> regenerates and compares with the
                                                  checksum recorded in csrc/ym_tables.h, and
                                                  reads the C array back (same bytes)
"""
from __future__ import annotations

import itertools
import os
import re
import sys

import numpy as np

INF = 63
MAX_TILES = 14


def _complete_membership(n_ranks: int, runs: bool) -> np.ndarray:
    """member[p, m] = boolean grid over (5,)*n_ranks: pattern is exactly m sets + p pairs."""
    shape = (5,) * n_ranks
    member = np.zeros((2, 5) + shape, dtype=bool)
    sets = []
    for r in range(n_ranks):
        v = [0] * n_ranks
        v[r] = 3
        sets.append(tuple(v))
    if runs:
        for r in range(n_ranks - 2):
            v = [0] * n_ranks
            v[r] = v[r + 1] = v[r + 2] = 1
            sets.append(tuple(v))
    pairs = []
    for r in range(n_ranks):
        v = [0] * n_ranks
        v[r] = 2
        pairs.append(tuple(v))
    for m in range(5):
        for combo in itertools.combinations_with_replacement(range(len(sets)), m):
            base = np.zeros(n_ranks, dtype=np.int64)
            for s in combo:
                base += sets[s]
            if base.max(initial=0) > 4:
                continue
            member[(0, m) + tuple(base)] = True
            for pr in pairs:
                w = base + pr
                if w.max() <= 4:
                    member[(1, m) + tuple(w)] = True
    return member


def _distance(member: np.ndarray, n_ranks: int) -> np.ndarray:
    """dist[p, m, h] = min_w in member[p, m] of sum max(0, w - h) (separable min-plus)."""
    d = np.where(member, 0, INF).astype(np.int16)
    for axis in range(2, 2 + n_ranks):
        d = np.moveaxis(d, axis, -1).copy()
        out = np.empty_like(d)
        # out[..., x] = min(min_{y<=x} d[..., y], min_{y>x} d[..., y] + (y - x))
        for x in range(5):
            best = d[..., : x + 1].min(axis=-1)
            for y in range(x + 1, 5):
                best = np.minimum(best, d[..., y] + (y - x))
            out[..., x] = best
        d = np.moveaxis(out, -1, axis)
    return d


def _pack(dist: np.ndarray) -> np.ndarray:
    """dist[p, m, ...] -> uint64 per pattern, nibble p*5+m."""
    flat = dist.reshape(10, -1).astype(np.uint64)
    if flat.max() > 15:
        raise AssertionError("distance does not fit in 4 bits")
    packed = np.zeros(flat.shape[1], dtype=np.uint64)
    for i in range(10):
        packed |= flat[i] << np.uint64(4 * i)
    return packed


def suit_table() -> np.ndarray:
    dist = _distance(_complete_membership(9, runs=True), 9)
    packed = _pack(dist)  # C order over (c0, c1, ..., c8): c0 most significant
    grid = np.indices((5,) * 9).reshape(9, -1)
    keep = grid.sum(axis=0) <= MAX_TILES
    # C-order enumeration is lexicographic with rank 0 most significant: the rank order.
    return packed[keep]


def honor_table() -> np.ndarray:
    dist = _distance(_complete_membership(7, runs=False), 7)
    packed = _pack(dist)
    # Re-index by base-5 key with kind 0 least significant.
    grid = np.indices((5,) * 7).reshape(7, -1)
    keys = np.zeros(grid.shape[1], dtype=np.int64)
    for i in range(7):
        keys += grid[i] * 5**i
    out = np.zeros(5**7, dtype=np.uint64)
    out[keys] = packed
    return out


SUIT_PATTERNS = 405350
HONOR_PATTERNS = 78125
MAX_SUIT_CLASSES = 128
MAX_HONOR_CLASSES = 64


def build() -> tuple[bytes, int, int]:
    suit = suit_table()
    honor = honor_table()
    assert len(suit) == SUIT_PATTERNS and len(honor) == HONOR_PATTERNS
    suit_vec, suit_class = np.unique(suit, return_inverse=True)
    honor_vec, honor_class = np.unique(honor, return_inverse=True)
    if len(suit_vec) > MAX_SUIT_CLASSES or len(honor_vec) > MAX_HONOR_CLASSES:
        raise AssertionError(f"too many classes: {len(suit_vec)} suit, {len(honor_vec)} honor")
    sv = np.zeros(MAX_SUIT_CLASSES, dtype="<u8")
    sv[: len(suit_vec)] = suit_vec
    hv = np.zeros(MAX_HONOR_CLASSES, dtype="<u8")
    hv[: len(honor_vec)] = honor_vec
    blob = (suit_class.astype(np.uint8).tobytes() + b"\0\0"
            + honor_class.astype(np.uint8).tobytes() + b"\0\0\0"
            + sv.tobytes() + hv.tobytes())
    assert len(blob) == 485016, len(blob)
    return blob, len(suit_vec), len(honor_vec)


def checksum(blob: bytes) -> int:
    """FNV-1a 64 over the bytes (shared with csrc/ym_tables.c)."""
    h = 0xCBF29CE484222325
    for b in blob:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def recorded_checksum() -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "csrc", "ym_tables.h"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"#define YM_TABLES_CHECKSUM (0x[0-9A-Fa-f]+)ULL", text)
    if not m:
        raise SystemExit("YM_TABLES_CHECKSUM not found in csrc/ym_tables.h")
    return int(m.group(1), 16)


DATA_HEADER = "ym_tables_data.h"


def c_source(blob: bytes, n_suit: int, n_honor: int) -> str:
    """The blob as a C99 array definition: decimal bytes, 32 per line (an array initializer, not
    a string literal: MSVC caps string literals at 64 KB). The reader decodes the multi-byte
    fields itself, so the array needs no alignment."""
    lines = [
        "/* Generated by tools/gen_tables.py: do not edit. The suit/honor class blob (layout in the",
        " * generator's docstring), verified at load by ym_init (size + FNV-1a checksum). */",
        f"#define YM_TABLES_GEN_SUIT_CLASSES {n_suit}",
        f"#define YM_TABLES_GEN_HONOR_CLASSES {n_honor}",
        f"#define YM_TABLES_GEN_CHECKSUM 0x{checksum(blob):016X}ULL",
        f"#define YM_TABLES_GEN_BYTES {len(blob)}u",
        f"static const unsigned char ym_tables_blob[{len(blob)}] = {{",
    ]
    for i in range(0, len(blob), 32):
        lines.append(",".join(map(str, blob[i:i + 32])) + ",")
    lines.append("};")
    return "\n".join(lines) + "\n"


def parse_c_source(text: str) -> bytes:
    """The bytes of the array written by :func:`c_source` (to check the generated file)."""
    body = text[text.index("] = {") + 5:text.rindex("};")]
    return bytes(int(x) for x in body.replace("\n", "").split(",") if x.strip())


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--check":
        blob, n_suit, n_honor = build()
        got = checksum(blob)
        want = recorded_checksum()
        print(f"suit classes {n_suit}, honor classes {n_honor}, {len(blob)} bytes, "
              f"checksum 0x{got:016X} (recorded 0x{want:016X})")
        back = parse_c_source(c_source(blob, n_suit, n_honor))
        print("C array round trip: " + ("same bytes" if back == blob else "DIFFERENT bytes"))
        return 0 if got == want and back == blob else 1
    if len(argv) != 1:
        print(__doc__)
        return 2
    out_dir = argv[0]
    os.makedirs(out_dir, exist_ok=True)
    blob, n_suit, n_honor = build()
    path = os.path.join(out_dir, DATA_HEADER)
    with open(path + ".tmp", "w", encoding="ascii", newline="\n") as f:
        f.write(c_source(blob, n_suit, n_honor))
    os.replace(path + ".tmp", path)
    print(f"wrote {path}: {len(blob)} bytes ({n_suit} suit + {n_honor} honor classes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
