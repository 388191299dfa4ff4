"""Every real Tenhou win in the shared corpus's agari.jsonl.gz, re-scored and compared with the
server's own result, by the public ``score()`` (native) and by the pure-Python reference: the yaku
set with counts (Tenhou folds kita into "dora"), han, fu, points and
every seat's score change (honba, riichi sticks, tsumo loss and pao included).

Every record of the file (about 30k), native and reference.
Records with ``nonstandard_rules`` (special tables with other rounding) are left out of pass/fail.
The rules come from the record: ``Rules.tenhou()`` / ``Rules.tenhou_sanma()`` with its red fives and
kuitan. Double ron: only the first winner (agari_index_in_round 0) collects honba and sticks.
"""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from yakuman._reference.score import score as reference_score
from yakuman.scoring import score as native_score
from yakuman.hand import Meld
from yakuman.rules import Rules
from yakuman.tiles import RED_IDS
from yakuman.yaku import Yaku

from tests.conftest import AGARI, floor, open_records  # noqa: E402

DATA = AGARI   # the shared corpus's Tenhou records, or the fixture corpus's wins
_MELD_KIND = {"chi": "chi", "pon": "pon", "daiminkan": "minkan", "kakan": "kakan", "ankan": "ankan"}

# Records whose Tenhou result cannot be reproduced from the record itself (id -> reason).
# Keep this empty unless a record is proven to be a data quirk, not a scorer bug.
KNOWN_QUIRKS: dict[str, str] = {}


@lru_cache(maxsize=1)
def _records() -> tuple:
    if not DATA.exists():
        return ()
    with open_records(DATA) as f:
        return tuple(json.loads(line) for line in f)


def _selected() -> list:
    recs = [r for r in _records() if not r.get("nonstandard_rules")]
    return recs


def rules_of(rec) -> Rules:
    base = Rules.tenhou_sanma() if rec["n_players"] == 3 else Rules.tenhou()
    return base.replace(aka_dora=1 if rec["rules"]["aka"] else 0, kuitan=bool(rec["rules"]["kuitan"]))


def melds_of(rec) -> list:
    aka = rec["rules"]["aka"]
    out = []
    for m in rec["melds"]:
        if m["type"] == "kita":
            continue
        ids = m["tiles"]
        reds = sum(1 for i in ids if aka and i in RED_IDS)
        out.append(Meld(_MELD_KIND[m["type"]], tuple(sorted(i // 4 for i in ids)), reds))
    return out


def score_record(rec, scorer=reference_score):
    sit = rec["situation"]
    first = rec.get("agari_index_in_round", 0) == 0
    kwargs = {
        "tsumo": rec["is_tsumo"], "riichi": rec["riichi_declared"] and not sit["double_riichi"],
        "double_riichi": sit["double_riichi"], "ippatsu": sit["ippatsu"], "rinshan": sit["rinshan"],
        "chankan": sit["chankan"], "haitei": sit["haitei"], "houtei": sit["houtei"], "tenhou": sit["tenhou"],
        "chiihou": sit["chiihou"], "seat_wind": rec["seat_wind"], "round_wind": rec["round_wind"],
        "dora": list(rec["dora_indicators"]), "ura": list(rec["ura_indicators"]), "kita": rec["n_kita"],
        "honba": rec["honba"] if first else 0, "riichi_sticks": rec["riichi_sticks"] if first else 0,
        "rules": rules_of(rec)}
    if rec["pao_seat"] is not None:
        w = rec["winner"]
        kwargs["pao_seat"] = (rec["pao_seat"] - w) % 4
        kwargs["from_seat"] = None if rec["is_tsumo"] else (rec["from_seat"] - w) % 4
    return scorer(rec["closed_tiles"], rec["win_tile"], melds_of(rec), **kwargs)


def expected_yaku(rec) -> list:
    return sorted((Yaku.from_tenhou_name(n).name, h) for n, h in rec["expected"]["yaku"])


def actual_yaku(s) -> list:
    dora = sum(h for y, h in s.yaku if y in (Yaku.DORA, Yaku.KITA))
    out = [(y.name, h) for y, h in s.yaku if y not in (Yaku.DORA, Yaku.KITA)]
    if dora:
        out.append(("DORA", dora))
    return sorted(out)


def deltas(rec, s) -> list:
    """Every seat's change implied by the Score's payment."""
    n, w, dealer = rec["n_players"], rec["winner"], rec["dealer"]
    out = [0, 0, 0, 0]
    p = s.payment
    out[w] += p.total
    if rec["is_tsumo"]:
        for seat in range(n):
            if seat != w:
                out[seat] -= p.from_dealer if seat == dealer else p.from_non_dealer
    else:
        out[rec["from_seat"]] -= p.from_discarder
    if rec["pao_seat"] is not None:
        out[rec["pao_seat"]] -= p.from_liable
    return out


def compare(rec, scorer=reference_score) -> list[str]:
    """Differences between the scorer and Tenhou for one record (empty = agreement)."""
    e = rec["expected"]
    s = score_record(rec, scorer)
    if not s.is_win:
        return [f"status {s.status.name}: {s.reason}"]
    diffs = []
    if actual_yaku(s) != expected_yaku(rec):
        diffs.append(f"yaku {actual_yaku(s)} != {expected_yaku(rec)}")
    if s.han != e["han"]:
        diffs.append(f"han {s.han} != {e['han']}")
    if e["fu"] is not None and s.fu != e["fu"]:
        diffs.append(f"fu {s.fu} != {e['fu']}")
    if s.points != e["points"]:
        diffs.append(f"points {s.points} != {e['points']}")
    if (s.limit or None) != e["limit"]:
        diffs.append(f"limit {s.limit} != {e['limit']}")
    if s.yakuman != e["yakuman_count"]:
        diffs.append(f"yakuman {s.yakuman} != {e['yakuman_count']}")
    first = rec.get("agari_index_in_round", 0) == 0
    if first or rec["pao_seat"] is None:
        got = deltas(rec, s)
        if got != e["score_delta"]:
            diffs.append(f"score_delta {got} != {e['score_delta']}")
    return diffs


@pytest.fixture(scope="module")
def records():
    if not _records():
        pytest.skip(f"Tenhou data not found at {DATA} (the shared corpus is present in CI only)")
    return _selected()


@pytest.mark.parametrize("impl", ["native", "reference"])
def test_tenhou_agreement(records, impl):
    """The public score() (native core) and the pure-Python reference, each against Tenhou."""
    scorer = native_score if impl == "native" else reference_score
    bad = {}
    for rec in records:
        if rec["id"] in KNOWN_QUIRKS:
            continue
        diffs = compare(rec, scorer)
        if diffs:
            bad[rec["id"]] = diffs
    agree = len(records) - len(bad)
    shown = "\n".join(f"{k}: {v}" for k, v in list(bad.items())[:20])
    assert not bad, f"{agree}/{len(records)} records agree; first mismatches:\n{shown}"


def test_sample_covers_both_table_sizes(records):
    players = {r["n_players"] for r in records}
    assert players == {3, 4}
    assert len(records) >= floor(30000, 167)   # the fixture corpus: 167 wins


def test_known_quirks_still_disagree(records):
    """A listed quirk that starts agreeing must be removed from the list."""
    for rec_id, reason in KNOWN_QUIRKS.items():
        rec = next((r for r in _records() if r["id"] == rec_id), None)
        assert rec is not None, f"quirk {rec_id} not in the data"
        assert compare(rec), f"{rec_id} now agrees; drop it from KNOWN_QUIRKS ({reason})"
