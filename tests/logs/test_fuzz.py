"""Fuzzed and truncated records: the readers and the replay fail only with LogError.

Seeded byte mutations (truncation, random bytes, structural characters, deleted spans, gzip
wrapping and cutting) of a hand-built game and of real records in all three formats.
"""

from __future__ import annotations

import gzip
import json
import random

import pytest

from yakuman import logs

from ._synth import TENHOU_MJLOG
from .conftest import FIXTURE_CORPUS, HAVE_CORPUS, LOG_FIXTURES, data_file


def mutate(rng: random.Random, raw: bytes) -> bytes:
    b = bytearray(raw)
    op = rng.randrange(4)
    if op == 0:
        b = b[: rng.randrange(len(b))]
    elif op == 1:
        for _ in range(rng.randrange(1, 5)):
            b[rng.randrange(len(b))] = rng.randrange(256)
    elif op == 2:
        for _ in range(rng.randrange(1, 5)):
            b[rng.randrange(len(b))] = ord(rng.choice('0123456789,"<>{}[]'))
    else:
        i = rng.randrange(len(b))
        del b[i : i + rng.randrange(1, 200)]
    data = bytes(b)
    if rng.random() < 0.2:
        data = gzip.compress(data)
        if rng.random() < 0.5:
            data = data[: rng.randrange(len(data))]
    return data


def outcome(data: bytes, name: str) -> str:
    try:
        for g in logs.read_bytes(data, name):
            logs.replay(g)
        return "ok"
    except logs.LogError as e:
        assert str(e).startswith(name)  # every error names the file
        return "error"


def variants(g) -> list[tuple[str, bytes]]:
    return [
        ("mjai", logs.to_mjai_lines(g).encode()),
        ("json", json.dumps(logs.to_tenhou_json(g), ensure_ascii=False).encode()),
    ]


def test_fuzz_synthetic_game_in_three_formats():
    rng = random.Random(5)
    (g,) = logs.read_bytes(TENHOU_MJLOG.encode(), "t.mjlog")
    seen = set()
    for fmt, raw in [("mjlog", TENHOU_MJLOG.encode())] + variants(g):
        for _ in range(150):
            seen.add(outcome(mutate(rng, raw), f"fuzz.{fmt}"))
    assert seen == {"ok", "error"}


def test_every_truncation_of_a_small_record_is_clean():
    raw = TENHOU_MJLOG.encode()
    complete = raw.index(b"/>", raw.index(b"<AGARI")) + 2  # the round needs its result tag
    for n in range(0, len(raw) + 1, 3):
        assert outcome(raw[:n], "cut.mjlog") == ("ok" if n >= complete else "error"), n


@pytest.mark.parametrize(
    "fragment",
    [
        "Agony5757+mahjong__00031335b8",
        "Agony5757+mahjong__000578b811",
        "mjx-project+mjx__515952fed2__double-ron",
    ],
)
def test_fuzz_real_records(fragment):
    # without the shared corpus: a four- and a three-player engine-played game, and the
    # constructed game with the double ron
    stand_in = {"Agony5757+mahjong__00031335b8": FIXTURE_CORPUS / "mjlog" / "engine4-03.mjlog",
                "Agony5757+mahjong__000578b811": FIXTURE_CORPUS / "mjlog" / "engine3-01.mjlog",
                "mjx-project+mjx__515952fed2__double-ron": LOG_FIXTURES / "fixture4.mjlog"}
    path = data_file("mjlog", fragment) if HAVE_CORPUS else stand_in[fragment]
    raw = path.read_bytes()
    raw = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
    (g,) = logs.read(path)
    rng = random.Random(fragment)
    seen = set()
    for fmt, data in [("mjlog", raw)] + variants(g):
        for _ in range(40):
            seen.add(outcome(mutate(rng, data), f"fuzz.{fmt}"))
    assert "error" in seen
