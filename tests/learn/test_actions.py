"""The fixed action space (docs/learning.md): in every state of random games (four and three
players, red fives off, one and three per suit), a seat's legal actions and the set bits of its
mask correspond one to one, and index -> action -> index round-trips."""

from __future__ import annotations

import random

import numpy as np
import pytest

from yakuman import Rules
from yakuman.errors import IllegalActionError
from yakuman.game import ACTION_SPACE, Game

RULESETS = {
    "tenhou": Rules.tenhou(),
    "sanma": Rules.tenhou_sanma(),
    "no-aka": Rules.tenhou().replace(aka_dora=0),
    "aka-3": Rules.tenhou().replace(aka_dora=3),
}


def check_state(g: Game, seat: int, seen: set) -> None:
    legal = g.legal_actions(seat)
    mask = g.action_mask(seat)
    idx = [g.action_index(a) for a in legal]
    assert len(set(idx)) == len(idx), (legal, idx)           # no two legal actions share an index
    assert sorted(idx) == list(np.flatnonzero(mask)), (legal, idx)
    for a, i in zip(legal, idx):
        assert 0 <= i < ACTION_SPACE
        assert g.action_of_index(seat, i) == a                 # index -> action -> index
        seen.add(i)
    off = [i for i in range(ACTION_SPACE) if not mask[i]]
    for i in random.Random(len(idx)).sample(off, 3):
        with pytest.raises(IllegalActionError):
            g.action_of_index(seat, i)


def play(rules: Rules, seed: int, seen: set) -> int:
    rng = random.Random(seed)
    g = Game(rules, seed)
    states = 0
    while not g.done:
        for s in range(rules.players):
            if s not in g.to_act:
                assert not g.action_mask(s).any() and g.legal_actions(s) == []
        seat = g.decision_seat
        check_state(g, seat, seen)
        states += 1
        g.step(rng.choice(g.legal_actions(seat)))
    assert g.decision_seat is None
    return states


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_mask_and_legal_actions_correspond_in_random_games(name):
    rules = RULESETS[name]
    seen: set = set()
    states = sum(play(rules, seed, seen) for seed in range(2))
    assert states > 500
    # the kinds of actions random play reaches: discards of both kinds, pon, pass
    assert any(i < 34 for i in seen) and any(34 <= i < 68 for i in seen)
    assert 347 in seen and any(201 <= i < 241 for i in seen)
    if rules.players == 4:
        assert any(75 <= i < 201 for i in seen)                 # chi
    else:
        assert not any(75 <= i < 201 for i in seen) and 343 in seen   # no chi in sanma; kita


def test_index_layout_exact_values():
    """Fixed inputs: the documented index of each kind of action."""
    g = Game(Rules.tenhou(), 7)
    seat = g.decision_seat
    for a in g.legal_actions(seat):
        k = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
             "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N", "P", "F", "C"]
        if a.type == "dahai":
            if a.pai.endswith("r"):
                want = (71 if a.tsumogiri else 68) + "mps".index(a.pai[1])
            else:
                want = k.index(a.pai) + (34 if a.tsumogiri else 0)
            assert g.action_index(a) == want


def test_chi_and_pon_indices_exact():
    """A chi of 3m with 4m 5m (called lowest) is shape 0*21 + 2*3 + 0; with the red 5m it is the
    red entry."""
    from tests.game._util import build_wall

    # dealer discards 3m (its first draw is 3m, tsumogiri); seat 1 holds 4m 0m 5m and 5p 0p
    wall = build_wall(["1119m 11p 111s 1122z", "4055m 50p 2345z 666z", "12369p 2346s 77z 88s",
                       "17789p 789s 55z 999s"], "3m")
    g = Game(Rules.tenhou(), 0, wall)
    g.step(g.action_of_index(0, 34 + 2))                     # tsumogiri 3m
    seat = g.decision_seat
    assert seat == 1
    idx = sorted(g.action_index(a) for a in g.legal_actions(1))
    shape = 0 * 21 + 2 * 3 + 0
    assert idx == [75 + 2 * shape, 75 + 2 * shape + 1, 347]


# ---- version 2: the open riichi index (348) ------------------------------------------------------

OPEN = Rules.tenhou().replace(open_riichi=True)
DEALER_TENPAI = "123m456p789s1155z"   # + 9m drawn: riichi (and, with the knob, open riichi) is legal


def _dealer_tenpai_game(rules: Rules) -> Game:
    from tests.game._util import build_wall

    return Game(rules, 3, build_wall([DEALER_TENPAI, None, None, None], "9m5z", seed=3))


def test_action_space_version_2_appends_the_open_riichi_index():
    from yakuman.game import ACTION_SPACE_VERSION
    from yakuman.game.vec import ACTION_SPACE_VERSION as VEC_VERSION

    assert (ACTION_SPACE_VERSION, VEC_VERSION, ACTION_SPACE) == (2, 2, 349)


def test_open_riichi_has_index_348_beside_riichi_74():
    g = _dealer_tenpai_game(OPEN)
    legal = {a.type: a for a in g.legal_actions(0)}
    assert g.action_index(legal["open_reach"]) == 348 and g.action_index(legal["reach"]) == 74
    mask = g.action_mask(0)
    assert mask[348] and mask[74] and mask.shape == (349,)
    assert g.action_of_index(0, 348).type == "open_reach"            # index -> action
    assert g.action_of_index(0, 74).type == "reach"
    check_state(g, 0, set())
    g.step(g.action_of_index(0, 348))
    reach = [e for e in g.events if e["type"] == "reach"][-1]
    assert reach["open"] is True
    # the discard after it is its own decision, with riichi and open riichi no longer legal
    mask = g.action_mask(0)
    assert not mask[348] and not mask[74] and mask[:74].any()


def test_open_riichi_index_is_never_legal_without_the_knob():
    g = _dealer_tenpai_game(Rules.tenhou())
    mask = g.action_mask(0)
    assert mask[74] and not mask[348]
    with pytest.raises(IllegalActionError):
        g.action_of_index(0, 348)


def _riichi_or_greedy(g: Game, seat: int, rng: random.Random):
    """Every riichi it can declare (open or closed, at random), else the built-in greedy policy
    (which reaches tenpai, unlike uniformly random play)."""
    riichi = [a for a in g.legal_actions(seat) if a.type in ("reach", "open_reach")]
    return rng.choice(riichi) if riichi else g.policy_action(seat, "greedy")


def _play_preferring_riichi(rules: Rules, seed: int, seen: set) -> int:
    """Every state of a game played by _riichi_or_greedy is checked."""
    rng = random.Random(seed)
    g = Game(rules, seed)
    states = 0
    while not g.done:
        seat = g.decision_seat
        check_state(g, seat, seen)
        states += 1
        g.step(_riichi_or_greedy(g, seat, rng))
    return states


@pytest.mark.parametrize("rules", [OPEN, Rules.tenhou_sanma().replace(open_riichi=True)], ids=["4p", "3p"])
def test_mask_and_legal_actions_correspond_under_open_riichi_rules(rules):
    seen: set = set()
    states = sum(_play_preferring_riichi(rules, seed, seen) for seed in range(2))
    assert states > 300
    assert 348 in seen and 74 in seen


def test_vecgame_steps_open_riichi_and_rebuilds_the_game():
    """A VecGame under open riichi rules takes index 348 (the choices of a mirror Game per slot,
    stepped with the same indices); every game rebuilt from its seed and indices is the same."""
    from yakuman.game import VecGame
    from yakuman.game.vec import replay_indices

    n = 8
    v = VecGame(n, rules=OPEN, seed=11, workers=2)
    o = v.observe()
    rng = random.Random(3)
    mirror = [Game(OPEN, int(s)) for s in v.seeds]
    opened = 0
    for _ in range(300):
        pick = np.zeros(n, np.int64)
        for k, g in enumerate(mirror):
            seat = g.decision_seat
            assert seat == o.seat[k] and (g.action_mask(seat) == o.mask[k]).all()
            pick[k] = g.action_index(_riichi_or_greedy(g, seat, rng))
            opened += int(pick[k] == 348)
        v.step(pick)
        assert not o.status.any()
        for k in range(n):
            if o.done[k]:
                mirror[k] = Game(OPEN, int(v.seeds[k]))
            else:
                mirror[k].step(mirror[k].action_of_index(mirror[k].decision_seat, int(pick[k])))
    assert opened > 0
    for k in range(n):
        seed, acts = v.history(k)
        assert replay_indices(seed, acts, rules=OPEN)._st.raw() == v._core.raw(k)
