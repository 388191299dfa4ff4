"""Frames that mix four- and three-player games: columns_from_frame and score_many score each row
under the rules of its own player count, in one call ({4: Rules.tenhou(), 3: Rules.tenhou_sanma()}
by default for a frame with a ``players`` column), and refuse a row they cannot, saying why.
Material: the project's fixture records (tests/fixtures/logs), so a bare clone runs all of it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import yakuman
from yakuman import logs
from yakuman.batch import (REASON_PLAYERS, STATUS_INVALID_INPUT, columns_from_frame, columns_from_kwargs,
                           default_rules_by_players, score_many)
from yakuman.errors import InvalidArgumentError, InvalidRulesError
from yakuman.random import winning_hands
from yakuman.rules import Rules

from tests.logs.conftest import fixture_files

MAPPING = {4: Rules.tenhou(), 3: Rules.tenhou_sanma()}


@pytest.fixture(scope="module", params=["mjlog", "tenhou6", "mjai"])
def wins(request) -> pd.DataFrame:
    frame = logs.to_frame([str(p) for p in fixture_files(request.param)])
    w = frame[frame["kind"] == "win"].reset_index(drop=True)
    assert set(w["players"]) == {3, 4}   # both counts, or the test proves nothing
    return w


def _record(w: pd.DataFrame, name: str) -> np.ndarray:
    return w[name].to_numpy(dtype=np.int64)


def test_a_mixed_frame_rescores_to_the_records_in_one_call(wins):
    res = score_many(columns_from_frame(wins), messages=True)
    assert res.messages == {}
    assert (res.status == 0).all()
    assert np.array_equal(res.points, _record(wins, "points"))
    assert np.array_equal(res.han, _record(wins, "han"))
    # the explicit mapping is the default
    explicit = score_many(columns_from_frame(wins, rules=MAPPING), rules=MAPPING)
    for name in ("status", "points", "han", "fu", "total", "yaku", "kita"):
        assert np.array_equal(explicit[name], res[name]), name


def test_sanma_tsumo_without_kita_is_scored_as_sanma(wins):
    """The regression: a three-player tsumo without kita was scored as a four-player hand
    (12000 instead of the record's 9000: no tsumo loss of the missing North seat)."""
    row = wins.index[(wins["players"] == 3) & wins["tsumo"].astype(bool) & (wins["kita"] == 0)]
    assert len(row) >= 1
    res = score_many(columns_from_frame(wins))
    for i in row:
        assert res.points[i] == wins["points"][i]
    assert 9000 in res.points[row].tolist()
    four = score_many(columns_from_frame(wins.loc[row].assign(players=4)), messages=True)
    assert 12000 in four.points.tolist()   # what the four-player rules make of it (the old answer)


def test_sanma_rows_with_kita_are_scored(wins):
    kita = wins.index[(wins["players"] == 3) & (wins["kita"] > 0)]
    assert len(kita) >= 1
    res = score_many(columns_from_frame(wins))
    assert (res.status[kita] == 0).all()
    assert (res.kita[kita] == wins["kita"][kita].to_numpy()).all()


def test_each_row_equals_score_under_its_own_rules(wins):
    res = score_many(columns_from_frame(wins), workers=2)
    for i, rec in enumerate(wins.to_dict("records")):
        from yakuman.batch import log_row_kwargs

        rules = MAPPING[int(rec["players"])]
        kw = log_row_kwargs(rec, rules)
        assert res[i] == yakuman.score(**kw, rules=rules), i


def test_one_rules_refuses_the_other_count_saying_why(wins):
    n3 = int((wins["players"] == 3).sum())
    for rules, other, word in ((Rules.tenhou(), 3, "three-player row under four-player rules"),
                               (Rules.tenhou_sanma(), 4, "four-player row under three-player rules")):
        # given to columns_from_frame (the row is not converted) or only to score_many (it is not scored)
        for cols, given in ((columns_from_frame(wins, rules=rules), rules), (columns_from_frame(wins), rules)):
            res = score_many(cols, rules=given, messages=True)
            refused = np.flatnonzero(res.status == STATUS_INVALID_INPUT)
            assert refused.tolist() == np.flatnonzero(wins["players"] == other).tolist()
            assert len(refused) == (n3 if other == 3 else len(wins) - n3)
            assert all(word in res.messages[int(i)] for i in refused)
            ok = np.flatnonzero(wins["players"] != other)
            assert (res.status[ok] == 0).all()
            assert np.array_equal(res.points[ok], _record(wins, "points")[ok])


def test_kita_in_a_four_player_row_is_refused_with_its_reason(wins):
    cols = columns_from_frame(wins)
    i = int(wins.index[(wins["players"] == 3) & (wins["kita"] > 0)][0])
    cols["players"][i] = 4
    res = score_many(cols, messages=True)
    assert res.status[i] == STATUS_INVALID_INPUT and res.reason[i] == REASON_PLAYERS
    assert "kita in a four-player row" in res.messages[i]
    assert "kita in a four-player row" in res.reasons[i]
    assert (np.delete(res.status, i) == 0).all()
    # the same row as score() keywords: refused by columns_from_kwargs, with the reason
    kw = dict(hand="123p456s11z", win="1z", melds=["pon 999s"], kita=1, players=4, seat_wind="S")
    out = columns_from_kwargs([kw])
    assert "kita in a four-player row" in out["invalid_messages"][0]


def test_a_mapping_without_the_rows_count_refuses_those_rows(wins):
    res = score_many(columns_from_frame(wins), rules={4: Rules.tenhou()}, messages=True)
    three = np.flatnonzero(wins["players"] == 3)
    assert (res.status[three] == STATUS_INVALID_INPUT).all()
    assert all("rules for 4 players only" in res.messages[int(i)] for i in three)
    assert (np.delete(res.status, three) == 0).all()


def test_a_players_column_that_is_not_3_or_4_is_a_bad_row(wins):
    cols = columns_from_frame(wins)
    cols["players"] = cols["players"].astype(np.int64)
    cols["players"][0] = 5
    res = score_many(cols, messages=True)
    assert res.status[0] == STATUS_INVALID_INPUT and res.reason[0] == REASON_PLAYERS
    assert res.messages[0] == "players value 5: a row has 3 or 4 players - at hands[0]"
    assert (res.status[1:] == 0).all()


@pytest.mark.parametrize("bad, match", [
    ({}, "empty mapping"),
    ({5: Rules.tenhou()}, "player counts 3 or 4, not 5"),
    ({"4": Rules.tenhou()}, "player counts 3 or 4, not '4'"),
    ({True: Rules.tenhou()}, "player counts 3 or 4, not True"),
    ({4: "tenhou"}, r"rules\[4\] must be a yakuman.rules.Rules, not str"),
    ({3: Rules.tenhou()}, r"rules\[3\] is a four-player Rules \(players = 4\)"),
    ({4: Rules.tenhou_sanma()}, r"rules\[4\] is a three-player Rules"),
])
def test_mapping_validation(wins, bad, match):
    with pytest.raises(InvalidRulesError, match=match):
        columns_from_frame(wins, rules=bad)
    cols = columns_from_frame(wins)
    with pytest.raises(InvalidRulesError, match=match):
        score_many(cols, rules=bad)
    with pytest.raises(InvalidRulesError, match=match):
        columns_from_kwargs([], rules=bad)


def test_a_mapping_needs_a_players_column_when_it_has_two_counts():
    hands = winning_hands(50, seed=3)
    cols = {k: v for k, v in hands.arrays().items()}
    with pytest.raises(InvalidArgumentError, match="need a 'players' column"):
        score_many(cols, rules=MAPPING)
    # a one-count mapping needs none; WinningHands gives its own count
    assert np.array_equal(score_many(cols, rules={4: Rules.tenhou()}).points, score_many(hands).points)
    sanma = winning_hands(300, seed=4, players=3)
    want = score_many(sanma, rules=Rules.tenhou_sanma())
    assert (want.status != STATUS_INVALID_INPUT).all()
    got = score_many(sanma, rules=MAPPING)
    for name in ("status", "points", "han", "fu", "yaku", "kita"):
        assert np.array_equal(got[name], want[name]), name


def test_a_players_column_of_one_count_scores_as_without_it():
    """The dispatch scores the whole batch in one native call when every row has one count: the
    same numbers as the plain path, for every worker count."""
    hands = winning_hands(3000, seed=11)
    plain = score_many(hands)
    cols = dict(hands.arrays(), players=np.full(len(hands), 4, np.uint8))
    for workers in (1, 2):
        got = score_many(cols, workers=workers)
        for name in plain:
            assert np.array_equal(got[name], plain[name]), name


def test_interleaved_counts_score_as_their_separate_batches():
    four, three = winning_hands(2000, seed=21), winning_hands(1500, seed=22, players=3)
    a4, a3 = four.arrays(), three.arrays()
    order = np.random.default_rng(5).permutation(len(four) + len(three))
    cols = {k: np.concatenate([a4[k], a3[k]])[order] for k in a4}
    cols["players"] = np.concatenate([np.full(len(four), 4), np.full(len(three), 3)])[order].astype(np.uint8)
    got = score_many(cols, workers=2)
    want4, want3 = score_many(four, rules=MAPPING[4]), score_many(three, rules=MAPPING[3])
    for name in want4:
        assert np.array_equal(got[name], np.concatenate([want4[name], want3[name]])[order]), name
    j = int(np.flatnonzero(cols["players"] == 3)[0])
    assert got[j] == want3[int(order[j]) - len(four)]


def test_default_rules_by_players():
    assert default_rules_by_players() == MAPPING
