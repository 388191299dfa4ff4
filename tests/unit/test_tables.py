import subprocess
import sys

from yakuman import _core
from tests.conftest import REPO


def test_tables_fit_the_memory_budget():
    assert _core.tables_bytes() < 50 * 2**20


def test_generator_is_deterministic_and_matches_the_recorded_checksum():
    out = subprocess.run([sys.executable, str(REPO / "tools" / "gen_tables.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "suit classes 126, honor classes 55, 485016 bytes" in out.stdout
    assert "C array round trip: same bytes" in out.stdout


def test_tables_are_embedded_as_a_c_array_not_with_assembler():
    # the portable path is the only one: no assembler directive anywhere in the C sources
    for f in sorted((REPO / "csrc").glob("*.[ch]")):
        text = f.read_text(encoding="utf-8")
        assert "__asm__" not in text and ".incbin" not in text, f.name
    assert '#include "ym_tables_data.h"' in (REPO / "csrc" / "ym_tables.c").read_text(encoding="utf-8")
    assert isinstance(_core.OPENMP, bool)


def test_decompositions_of_a_suit_pattern():
    # 111222333m: three triplets or three identical runs, each with a 99m pair
    got = _core.suit_decompositions([3, 3, 3, 0, 0, 0, 0, 0, 2])
    assert sorted(got) == sorted([(8, (0, 1, 2), ()), (8, (), (0, 0, 0))])
    # 22334455667788: the pair may sit at 2, 5 or 8 with runs around it
    got = _core.suit_decompositions([0, 2, 2, 2, 2, 2, 2, 2, 0])
    assert sorted(got) == [(1, (), (2, 2, 5, 5)), (4, (), (1, 1, 5, 5)), (7, (), (1, 1, 4, 4))]
    assert _core.suit_decompositions([1, 0, 0, 0, 0, 0, 0, 0, 0]) == []
    assert _core.suit_decompositions([0] * 9) == [(-1, (), ())]


def test_decompositions_match_brute_force():
    import itertools

    def brute(c):
        out = set()

        def rec(c, start, pair, trip, runs):
            i = next((k for k in range(9) if c[k]), None)
            if i is None:
                out.add((pair, tuple(sorted(trip)), tuple(sorted(runs))))
                return
            if c[i] >= 3:
                c[i] -= 3
                rec(c, i, pair, trip + [i], runs)
                c[i] += 3
            if i <= 6 and c[i + 1] and c[i + 2]:
                for j in (i, i + 1, i + 2):
                    c[j] -= 1
                rec(c, i, pair, trip, runs + [i])
                for j in (i, i + 1, i + 2):
                    c[j] += 1
            if pair == -1 and c[i] >= 2:
                c[i] -= 2
                rec(c, i, i, trip, runs)
                c[i] += 2

        rec(list(c), 0, -1, [], [])
        return out

    for c in itertools.product(range(5), repeat=9):
        if sum(c) not in (2, 3, 5, 6, 8, 9, 11, 12, 14) or sum(c) % 3 == 1:
            continue
        if hash(c) % 23:   # a deterministic ~4% sample of the patterns
            continue
        assert set(_core.suit_decompositions(list(c))) == brute(c), c


def test_every_suit_pattern_is_found_exactly_when_complete():
    # All 405,350 one-suit patterns (counts 0..4, at most 14 tiles): the decomposition table
    # (an open-addressing hash of the complete ones) has an entry exactly when a recursive split
    # into sets and at most one pair exists. 21,743 complete patterns, as csrc/README.md says.
    import functools
    import itertools

    @functools.lru_cache(maxsize=None)
    def splits(c, pairs):
        i = next((k for k in range(9) if c[k]), None)
        if i is None:
            return pairs == 0
        tries = []
        if pairs and c[i] >= 2:
            tries.append(((i, 2),))
        if c[i] >= 3:
            tries.append(((i, 3),))
        if i <= 6 and c[i + 1] and c[i + 2]:
            tries.append(((i, 1), (i + 1, 1), (i + 2, 1)))
        for t in tries:
            rest = list(c)
            for k, v in t:
                rest[k] -= v
            if splits(tuple(rest), pairs - (t[0][1] == 2 and len(t) == 1)):
                return True
        return False

    complete = 0
    for c in itertools.product(range(5), repeat=9):
        total = sum(c)
        if total > 14:
            continue
        want = total % 3 != 1 and splits(c, 1 if total % 3 == 2 else 0)
        assert (len(_core.suit_decompositions(list(c))) > 0) == want, c
        complete += want
    assert complete == 21_743
