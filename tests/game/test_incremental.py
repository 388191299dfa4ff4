"""The engine's cached per-seat state against a fresh computation at every step.

The engine keeps each seat's waits mask (updated when its hand changes, skipped when the hand
cannot be tenpai) and a shanten memo stored at each draw (read by the tsumo and riichi checks
and by the waits update of the next discard). Here, at every decision of whole games (random
play from Python, the native greedy and random policies, sanma, and determinized copies whose
re-dealt hands make the memo stale), they are compared with the pure-Python reference
(``yakuman._reference.shanten``: recursive agari, no tables):

- a seat holding a 13-3k hand (no drawn tile) has waits = the reference waits of that hand;
- after a draw, riichi is offered exactly when the hand is closed, the points and live tiles
  allow it and some discard leaves a hand with a reference wait; tsumo only on a reference
  complete hand;
- after a riichi declaration, the discards offered are exactly those leaving a reference wait.

And simulate, which applies each chosen legal entry without a second validation, plays the same
games as the validated step.
"""

from __future__ import annotations

import functools
import random

import pytest

from yakuman._reference import shanten as ref
from yakuman.game import POLICIES, Game, simulate
from yakuman.rules import Rules

_ANKAN = 4


@functools.lru_cache(maxsize=None)
def _ref_waits(counts: tuple[int, ...]) -> int:
    return sum(1 << k for k in ref.waits(counts))


@functools.lru_cache(maxsize=None)
def _ref_agari(counts: tuple[int, ...]) -> bool:
    return ref.is_agari(counts)


def _counts(ids) -> list[int]:
    c = [0] * 34
    for i in ids:
        c[i >> 2] += 1
    return c


def _waits_after(c: list[int], k: int) -> int:
    c[k] -= 1
    w = _ref_waits(tuple(c))
    c[k] += 1
    return w


def _check(g: Game) -> int:
    """Assert the cached state of every seat; returns how many seats were compared."""
    st = g._st
    rules = g.rules
    checked = 0
    phase, actor, left = st.table()[0], st.table()[1], st.table()[7]
    for q in range(g.rules.players):
        ids, melds, _, riichi, *_rest = st.seat(q)
        score, drawn, waits = st.seat(q)[9], st.seat(q)[10], st.seat(q)[12]
        c = _counts(ids)
        if drawn == 255 and len(ids) + 3 * len(melds) == 13:
            assert waits == _ref_waits(tuple(c)), (q, ids)
            checked += 1
        if phase != 0 or q != actor or drawn == 255:
            continue
        legal = g.legal_actions(q)
        types = {a.type for a in legal}
        held = {i >> 2 for i in ids}
        if riichi == 0:
            closed = all(m[0] == _ANKAN for m in melds)
            want = (closed and score >= rules.riichi_min_points and left + 1 >= rules.riichi_min_live_tiles
                    and any(_waits_after(c, k) for k in held))
            assert ("reach" in types) == want, (q, ids, melds)
            if "hora" in types:
                assert _ref_agari(tuple(c))
            checked += 1
        elif riichi == 1:   # declared: the declaration discard must leave a wait
            offered = {int(a._code[2]) >> 2 for a in legal if a.type == "dahai"}
            leave_wait = {k for k in held if _waits_after(c, k)}
            assert offered == (leave_wait or held), (q, ids)
            checked += 1
    return checked


def _python_random(g: Game, rng: random.Random, every_copy: int = 0) -> int:
    n = steps = 0
    while not g.done:
        n += _check(g)
        if every_copy and steps % every_copy == 0:
            seat = rng.randrange(g.rules.players)
            d = g.determinize(seat, rng.getrandbits(64))
            n += _check(d)
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
        steps += 1
    return n


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["4p", "3p"])
def test_cached_waits_and_memo_equal_the_reference_in_random_games(rules):
    rng = random.Random(5)
    n = _python_random(Game(rules, 11), rng, every_copy=5)
    assert n > 500


def test_cached_waits_and_memo_equal_the_reference_under_the_greedy_policy():
    """The greedy rollout policy's games (rebuilt step by step): it reaches tenpai, riichi and
    wins often, so the memo's tenpai side is exercised too."""
    pol = POLICIES["greedy"]
    n = riichi_turns = 0
    for seed, rules in ((22, Rules.tenhou_sanma()),):
        g = Game(rules, seed)
        g._st.seed_policy(g.seed)
        while not g.done:
            n += _check(g)
            riichi_turns += any(g._st.seat(q)[3] == 1 for q in range(rules.players))
            g._apply(g._st.policy_action(pol))
    assert n > 300 and riichi_turns > 0


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["4p", "3p"])
@pytest.mark.parametrize("policy", ["random", "tsumogiri", "greedy"])
def test_simulate_applies_the_same_transitions_as_validated_steps(rules, policy):
    """simulate applies the policy's legal entry without validating it again; the same games
    played through Game's validated step (ym_game_step) end identically, step for step."""
    seeds = [3, 4, 5] if policy != "greedy" else [3]
    sim = simulate(len(seeds), rules=rules, seed=seeds[0], policy=policy, workers=1)
    pol = POLICIES[policy]
    for i, seed in enumerate(seeds):
        g = Game(rules, seed)
        g._st.seed_policy(g.seed)
        steps = 0
        while not g.done:
            g._apply(g._st.policy_action(pol))
            steps += 1
        assert g.result.scores == tuple(sim["scores"][i])
        assert g.result.placements == tuple(sim["placements"][i])
        assert len(g.result.rounds) == sim["rounds"][i]
        assert steps == sim["steps"][i]
