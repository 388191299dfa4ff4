"""The native scorer (``yakuman._core._score_native``) against Tenhou's own results.

Source: agari.jsonl.gz of the shared Tenhou corpus (real Tenhou wins; tests/conftest.py). Each record
is parsed here (136-ids -> counts, melds, flags, winds, indicators, kita, pao) and scored with
the Tenhou preset (four-player: ``Rules.tenhou()``; sanma: ``Rules.tenhou_sanma()``; red fives
and kuitan as the record says). Compared with ``expected``: the yaku as a set with their han
(dora, ura dora and aka dora with their counts; Tenhou counts kita in "dora"), han, fu (Tenhou
reports fu for every hand) and points; and the payments against ``score_delta`` (every seat).

Every record of the file (about 30k; a few seconds).
Records with ``nonstandard_rules`` are left out of pass/fail (none in the current file).
"""

from __future__ import annotations

import json

import pytest

from yakuman import _core
from yakuman.rules import Rules

from tests.conftest import AGARI, HAVE_CORPUS, floor, open_records  # noqa: E402

DATA = AGARI   # the shared corpus's Tenhou records, or the fixture corpus's wins
STEP = 1  # every record

pytestmark = pytest.mark.skipif(not DATA.exists(), reason=f"Tenhou data not found at {DATA}")

WINDS = "ESWN"
MELD_TYPES = {"chi": 0, "pon": 1, "daiminkan": 2, "kakan": 3, "ankan": 4}
RED_IDS = (16, 52, 88)
SITUATION_FLAGS = {
    "ippatsu": _core.F_IPPATSU, "haitei": _core.F_HAITEI, "houtei": _core.F_HOUTEI,
    "rinshan": _core.F_RINSHAN, "chankan": _core.F_CHANKAN, "tenhou": _core.F_TENHOU,
    "chiihou": _core.F_CHIIHOU,
}
# Records whose Tenhou result is a data quirk rather than a scoring rule: id -> reason. Empty.
KNOWN_EXCEPTIONS: dict[str, str] = {}


def tile_kind(name: str) -> int:
    """'6s' / '0p' (red five) / '3z' -> kind index."""
    d = int(name[0]) or 5
    return "mpsz".index(name[1]) * 9 + d - 1


def rules_for(rec: dict) -> _core.CompiledRules:
    base = Rules.tenhou() if rec["n_players"] == 4 else Rules.tenhou_sanma()
    rules = base.replace(aka_dora=1 if rec["rules"]["aka"] else 0, kuitan=bool(rec["rules"]["kuitan"]))
    return _core.compiled_rules(rules)


def native_args(rec: dict) -> dict:
    """The record as _score_native keyword arguments."""
    counts = [0] * 34
    reds = 0
    for t in rec["closed_tiles"]:
        counts[t // 4] += 1
        reds += t in RED_IDS
    melds, kita = [], 0
    for m in rec["melds"]:
        if m["type"] == "kita":
            kita += 1
            continue
        melds.append((MELD_TYPES[m["type"]], min(t // 4 for t in m["tiles"])))
        reds += sum(t in RED_IDS for t in m["tiles"])
    sit = rec["situation"]
    flags = _core.F_TSUMO if rec["is_tsumo"] else 0
    if sit["double_riichi"]:
        flags |= _core.F_DOUBLE_RIICHI
    elif sit["riichi"] or rec["riichi_declared"]:
        flags |= _core.F_RIICHI
    for key, bit in SITUATION_FLAGS.items():
        if sit[key]:
            flags |= bit
    # only the first winner of a double ron collects honba and sticks
    first = rec["agari_index_in_round"] == 0
    pao = 0
    if rec["pao_seat"] is not None and (rec["is_tsumo"] or rec["pao_seat"] != rec["from_seat"]):
        pao = _core.PAO_DAISANGEN | _core.PAO_DAISUUSHII | _core.PAO_SUUKANTSU
    return dict(
        rules=rules_for(rec), counts=counts, reds=reds, melds=melds, win=rec["win_tile"] // 4,
        flags=flags, seat_wind=WINDS.index(rec["seat_wind"]), round_wind=WINDS.index(rec["round_wind"]),
        dora=[tile_kind(t) for t in rec["dora_indicators"]], ura=[tile_kind(t) for t in rec["ura_indicators"]],
        kita=kita, honba=rec["honba"] if first else 0, riichi_sticks=rec["riichi_sticks"] if first else 0,
        pao=pao,
    )


def score_record(rec: dict) -> dict:
    return dict(zip(_core.SCORE_FIELDS, _core._score_native(**native_args(rec))))


def expected_deltas(rec: dict, s: dict) -> list[int]:
    """Every seat's change implied by our payment (honba and sticks included)."""
    discarder, dealer_pay, non_dealer, _n, liable, _honba, _sticks, total = s["payment"]
    seats = rec["n_players"]
    delta = [0, 0, 0, 0]
    winner, dealer = rec["winner"], rec["dealer"]
    delta[winner] = total
    pao_seat = rec["pao_seat"]
    if not rec["is_tsumo"]:
        delta[rec["from_seat"]] -= discarder
        if liable:
            delta[pao_seat] -= liable
        return delta
    if liable:
        delta[pao_seat] -= liable
    if dealer_pay or non_dealer:
        for seat in range(seats):
            if seat != winner:
                delta[seat] -= dealer_pay if seat == dealer else non_dealer
    return delta


def compare(rec: dict, s: dict) -> list[str]:
    """Differences between our result and Tenhou's, as readable strings."""
    exp = rec["expected"]
    out = []
    if s["status"] != 0:
        return [f"status {s['status']} ({s['reason']})"]
    want = {int(i): h for i, (_, h) in zip(exp["tenhou_yaku_ids"], exp["yaku"])}
    got = {bit: han for bit, han in s["yaku"]}
    kita = s["counts"][3]
    if kita:
        got[52] = got.get(52, 0) + kita
    if got != want:
        out.append(f"yaku {sorted(got.items())} != {sorted(want.items())}")
    if s["han"] != exp["han"]:
        out.append(f"han {s['han']} != {exp['han']}")
    if s["fu"] != exp["fu"]:
        out.append(f"fu {s['fu']} != {exp['fu']}")
    if s["points"] != exp["points"]:
        out.append(f"points {s['points']} != {exp['points']}")
    if s["limit"] != exp["limit"]:
        out.append(f"limit {s['limit']} != {exp['limit']}")
    deltas = expected_deltas(rec, s)
    if deltas != exp["score_delta"]:
        out.append(f"payments {deltas} != score_delta {exp['score_delta']}")
    return out


def load_records(step: int = STEP) -> list[dict]:
    with open_records(DATA) as fh:
        return [json.loads(line) for i, line in enumerate(fh) if i % step == 0]


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return load_records()


def test_tenhou_agreement(records):
    checked, mismatches = 0, []
    for rec in records:
        if rec.get("nonstandard_rules") or rec["id"] in KNOWN_EXCEPTIONS:
            continue
        checked += 1
        diff = compare(rec, score_record(rec))
        if diff:
            mismatches.append(f"{rec['id']} {rec['closed']} {[m['str'] for m in rec['melds']]} "
                              f"win {rec['win']}: " + "; ".join(diff))
    print(f"\nTenhou agreement: {checked - len(mismatches)}/{checked} records")
    assert not mismatches, f"{len(mismatches)}/{checked} disagree:\n" + "\n".join(mismatches[:30])
    assert checked >= floor(30000, 167)   # the fixture corpus: 167 wins


def test_sample_covers_both_game_kinds(records):
    kinds = {rec["n_players"] for rec in records}
    assert kinds == {3, 4}


def test_first_record_exact():
    """First record of the file: riichi pinfu iipeikou aka 1, ron 7700 with one stick (the fixture
    corpus's: riichi menzen tsumo, 2 han 40 fu, 700 / 1300 with one stick)."""
    rec = load_records(step=10**9)[0]
    s = score_record(rec)
    if not HAVE_CORPUS:
        assert s["yaku"] == ((0, 1), (1, 1), (53, 0))
        assert (s["han"], s["fu"], s["points"], s["limit"]) == (2, 40, 2700, None)
        assert s["payment"] == (0, 1300, 700, 2, 0, 0, 1000, 3700)
        return
    assert s["yaku"] == ((1, 1), (7, 1), (9, 1), (53, 0), (54, 1))
    assert (s["han"], s["fu"], s["points"], s["limit"]) == (4, 30, 7700, None)
    assert s["payment"] == (7700, 0, 0, 0, 0, 0, 1000, 8700)
