"""ym_score_ex_wins (the expected-value search's scorer call: one hand, every winning kind, the
work that does not depend on the kind done once) gives for each kind what ym_score_ex gives on its
own: every generated template (chuuren's junsei reading depends on the kind, kokushi's 13-sided
wait too), every lite path, riichi and ura dora, kinds not held (refused one by one) and the
fallback of a chankan (its check reads the kind)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yakuman import _core
from yakuman.random import SHAPES, winning_hands
from yakuman.rules import Rules

RULE_SETS = {"tenhou": Rules.tenhou(), "sanma": Rules.tenhou_sanma(), "mahjongsoul": Rules.mahjongsoul(), "ema": Rules.ema()}
F_TSUMO, F_RIICHI, F_IPPATSU, F_CHANKAN = 1, 2, 8, 32


def _args(hands, i):
    counts = [int(x) for x in hands.counts[i]]
    melds = [(int(hands.meld_type[i, j]), int(hands.meld_tile[i, j])) for j in range(int(hands.n_melds[i]))]
    reds = int(hands.reds[i].sum()) + int(hands.meld_reds[i].sum())
    dora = [int(x) for x in hands.dora[i, : hands.n_dora[i]]]
    ura = [int(x) for x in hands.ura[i, : hands.n_ura[i]]]
    kw = dict(flags=int(hands.flags[i]), seat_wind=int(hands.seat_wind[i]), round_wind=int(hands.round_wind[i]),
              dora=dora, ura=ura, kita=int(hands.kita[i]), honba=int(hands.honba[i]),
              riichi_sticks=int(hands.riichi_sticks[i]))
    return counts, reds, melds, kw


def _both(cr, counts, reds, melds, wins, lite, **kw):
    shared = _core._score_wins_lite(cr, counts, reds, melds, wins, lite=lite, shared=True, **kw)
    alone = _core._score_wins_lite(cr, counts, reds, melds, wins, lite=lite, shared=False, **kw)
    return shared, alone


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
@pytest.mark.parametrize("lite", [1, 2, 3])
def test_every_template_every_kind(rules_name, lite):
    rules = RULE_SETS[rules_name]
    cr = _core.compiled_rules(rules)
    players = rules.players
    shapes = [s for s in SHAPES if not (players == 3 and s == "sanshoku")]
    hands = winning_hands(40 * len(shapes), seed=11, players=players, shapes={s: 1.0 for s in shapes})
    seen_ok = 0
    for i in range(len(hands.counts)):
        counts, reds, melds, kw = _args(hands, i)
        wins = [k for k in range(34) if counts[k]]
        shared, alone = _both(cr, counts, reds, melds, wins, lite, **kw)
        assert shared == alone, (i, SHAPES[hands.shape[i]])
        seen_ok += sum(1 for r in shared if r[0] == 0)
    assert seen_ok > 1000


def test_junsei_chuuren_depends_on_the_kind():
    cr = _core.compiled_rules(Rules())
    counts = [0] * 34
    for r, n in enumerate([3, 1, 1, 1, 2, 1, 1, 1, 3]):   # 1112345556789m
        counts[r] = n
    wins = list(range(9))
    shared, alone = _both(cr, counts, 0, [], wins, 3, flags=F_TSUMO)
    assert shared == alone
    yakuman = [r[4] for r in shared]
    # 5m is the extra tile: junsei (counted twice by the default rules' double yakuman) only there
    assert yakuman[4] > yakuman[0] and len(set(yakuman[:4] + yakuman[5:])) == 1


def test_kokushi_thirteen_sided_depends_on_the_kind():
    cr = _core.compiled_rules(Rules())
    counts = [0] * 34
    for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        counts[k] = 1
    counts[27] = 2
    wins = [k for k in range(34) if counts[k]]
    shared, alone = _both(cr, counts, 0, [], wins, 3, flags=F_TSUMO)
    assert shared == alone
    assert len({r[4] for r in shared}) == 2   # the pair's kind alone is the 13-sided wait


def test_kinds_not_held_are_refused_each():
    cr = _core.compiled_rules(Rules())
    counts = [0] * 34
    for k, n in ((0, 1), (1, 1), (2, 1), (12, 3), (21, 3), (30, 3), (33, 2)):
        counts[k] = n
    wins = [0, 5, 33, 40, 12]
    shared, alone = _both(cr, counts, 0, [], wins, 3, flags=F_TSUMO | F_RIICHI | F_IPPATSU, dora=[4], ura=[29])
    assert shared == alone
    assert [r[0] for r in shared] == [0, 4, 0, 4, 0]   # 5 (6m) and 40 are not held: BAD_INPUT


def test_a_first_kind_not_held_and_chankan_fall_back():
    cr = _core.compiled_rules(Rules())
    counts = [0] * 34
    for k, n in ((0, 1), (1, 1), (2, 1), (12, 3), (21, 3), (30, 3), (33, 2)):
        counts[k] = n
    shared, alone = _both(cr, counts, 0, [], [6, 0, 33], 3, flags=F_TSUMO)
    assert shared == alone and shared[0][0] == 4 and shared[1][0] == 0
    shared, alone = _both(cr, counts, 0, [], [0, 1, 33], 3, flags=F_CHANKAN)   # a ron on a robbed kan
    assert shared == alone
    assert [r[0] for r in shared] == [0, 0, 3]   # two copies of chun held: no chankan on it (invalid)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), lite=st.sampled_from([1, 2, 3]), riichi=st.booleans(),
       rules_name=st.sampled_from(sorted(RULE_SETS)))
def test_generated_hands_any_kinds(seed, lite, riichi, rules_name):
    rules = RULE_SETS[rules_name]
    hands = winning_hands(8, seed=seed, players=rules.players)
    cr = _core.compiled_rules(rules)
    for i in range(8):
        counts, reds, melds, kw = _args(hands, i)
        if riichi and not melds and not kw["flags"] & ~(F_TSUMO | F_RIICHI | F_IPPATSU):
            kw["flags"] |= F_RIICHI
        wins = [k for k in range(34) if counts[k]][::-1] + [int(hands.win[i])]
        shared, alone = _both(cr, counts, reds, melds, wins, lite, **kw)
        assert shared == alone
