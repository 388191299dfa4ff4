"""Seeded, reproducible hand generators (numpy ``default_rng``).

``random_hands(n, seed, size=13)``: each row is ``size`` tiles drawn without replacement from
the 136-tile wall, as an (n, 34) uint8 count array. The same (n, seed, size) always gives the
same array.
"""

from __future__ import annotations

import numpy as np

__all__ = ["random_hands"]

_CHUNK = 65536


def random_hands(n: int, seed: int = 0, size: int = 13) -> np.ndarray:
    if n < 0:
        raise ValueError(f"n must be >= 0, not {n}")
    if not 1 <= size <= 18:
        raise ValueError(f"size must be 1..18, not {size}")
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), dtype=np.uint8)
    for start in range(0, n, _CHUNK):
        m = min(_CHUNK, n - start)
        keys = rng.random((m, 136), dtype=np.float32)
        ids = np.argpartition(keys, size, axis=1)[:, :size] if size < 136 else np.argsort(keys, axis=1)
        kinds = ids // 4
        rows = np.repeat(np.arange(m), size)
        np.add.at(out[start:start + m], (rows, kinds.ravel()), 1)
    return out
