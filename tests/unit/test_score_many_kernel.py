"""The batch scorer's row kernel (lite search: lazily computed points, input checks shared with
the row check, word-wise reading tests) gives score()'s totals on every row: rule sets and
situations beyond test_score_many's (both sanma presets, M-League, first-turn wins and renhou,
hands with every number of melds)."""

import pytest

from yakuman.batch import _columns, score_many
from yakuman.random import winning_hands
from yakuman.rules import Rules

from tests.unit.test_score_many import _assert_row_equal

CASES = [
    (3, Rules.mahjongsoul_sanma(), {}),
    (4, Rules.mleague(), {"aka": 0}),
    (4, Rules.mahjongsoul(), {"first_turn": 0.3, "renhou": 0.5}),
    (4, Rules.tenhou(), {"melds": 0, "riichi": 0.9}),
    (4, Rules.tenhou(), {"melds": 3}),
    (4, Rules.mahjongsoul(), {"melds": 4, "tsumo": 0.8}),
]


@pytest.mark.parametrize("players, rules, kw", CASES)
def test_batch_rows_equal_score(players, rules, kw):
    hands = winning_hands(1500, seed=101 + players + len(kw), players=players, **kw)
    cols = _columns(hands)
    res = score_many(hands, rules=rules, workers=2)
    assert (res.status == 0).sum() > 1000
    for i in range(len(res)):
        _assert_row_equal(res, cols, i, rules)
