"""Differential: games played by the engine, written as mjai, read back by yakuman.logs, replayed by
the log replayer (which derives riichi, ippatsu, haitei, rinshan, chankan, dora... from the flow on
its own), re-scored by yakuman.score and settled by yakuman.settle must agree with the engine on
every win (yaku, han, fu, points, limit, deltas), every draw (tenpai, noten, nagashi) and every
abortive draw. Also: simulate's results equal the games rebuilt step by step, for any workers."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from yakuman.game import rebuild, simulate
from yakuman.logs.mjai import parse_mjai
from yakuman.logs.verify import verify_game
from yakuman.rules import Rules


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["yonma", "sanma"])
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_engine_games_verify_against_score_and_settle(rules, policy):
    counts: Counter = Counter()
    mismatches = []
    for seed in range(12):
        g = rebuild(seed, rules=rules, policy=policy)
        (game,) = parse_mjai(g.events)
        fr = verify_game(game)
        counts.update(fr.counts)
        mismatches += fr.mismatches
    assert mismatches == []
    assert counts["std_rounds"] > 0
    if policy == "greedy":
        assert counts["std_wins"] > 20
        assert counts["std_wins_agree"] == counts["std_wins"]
        assert counts["std_deltas_agree"] == counts["std_deltas_checked"] == counts["std_wins"]
    assert counts["std_draws_agree"] == counts["std_draws"]


def _rounds_of(events):
    """Per round: (start_kyoku event, riichi deposits per seat, events of the round)."""
    out = []
    for e in events:
        if e["type"] == "start_kyoku":
            out.append([e, [0] * len(e["scores"]), []])
        elif out:
            out[-1][2].append(e)
            if e["type"] == "reach_accepted":
                out[-1][1][e["actor"]] += 1000
    return out


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["yonma", "sanma"])
def test_settle_next_round_matches_engine(rules):
    """yakuman.settle, given each draw's outcome (tenpai seats, abort kind) and each win's deltas,
    computes the next hand (dealer, honba, sticks, scores) the engine deals."""
    from yakuman.settle import RoundState, settle_abortive_draw, settle_exhaustive_draw

    checked = 0
    for seed in range(8):
        g = rebuild(seed, rules=rules, policy="greedy" if seed % 2 else "random")
        rounds = _rounds_of(g.events)
        for (start, deposits, evs), nxt, rnd in zip(rounds, rounds[1:], g.result.rounds):
            scores = tuple(s - d for s, d in zip(start["scores"], deposits))
            sticks = start["kyotaku"] + sum(deposits) // 1000
            state = RoundState(scores, "ESWN".index(start["bakaze"]), start["kyoku"] - 1, start["honba"], sticks)
            assert state.dealer == start["oya"]
            nk = nxt[0]
            if rnd.outcome == "exhaustive_draw":
                st = settle_exhaustive_draw(state, rnd.tenpai, rules=rules)
            elif rnd.outcome == "abortive_draw":
                st = settle_abortive_draw(state, rnd.abortive, rules=rules)
            else:
                assert tuple(a + d for a, d in zip(scores, rnd.deltas)) == tuple(nk["scores"])
                dealer_stays = nk["oya"] == start["oya"]
                assert dealer_stays == (start["oya"] in rnd.winners)
                assert nk["honba"] == (start["honba"] + 1 if dealer_stays else 0) and nk["kyotaku"] == 0
                continue
            assert st.deltas == rnd.deltas
            n = st.state
            assert (n.scores, n.label, n.honba, n.riichi_sticks) == (
                tuple(nk["scores"]), f"{nk['bakaze']}{nk['kyoku']}", nk["honba"], nk["kyotaku"])
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma(), Rules.mleague()],
                         ids=["tenhou", "sanma", "mleague"])
def test_simulate_is_independent_of_workers_and_rebuilds(rules):
    a = simulate(16, rules=rules, seed=100, policy="greedy", workers=1)
    b = simulate(16, rules=rules, seed=100, policy="greedy", workers=3)
    for k in a:
        assert np.array_equal(a[k], b[k]), k
    assert (a["status"] == 0).all()
    assert (a["scores"].sum(axis=1) <= rules.players * rules.start_points).all()
    for i in (0, 5):
        g = rebuild(int(a["seed"][i]), rules=rules, policy="greedy")
        assert g.result.scores == tuple(a["scores"][i])
        assert g.result.placements == tuple(a["placements"][i])
        assert g.result.results == tuple(a["results"][i])
        assert len(g.result.rounds) == a["rounds"][i]
        assert sum(a["outcomes"][i]) == a["rounds"][i]


def test_simulate_policies_and_errors():
    from yakuman.errors import InvalidContextError

    for pol in ("random", "tsumogiri", "greedy"):
        r = simulate(4, seed=1, policy=pol, workers=2)
        assert (r["status"] == 0).all()
    t = simulate(4, seed=1, policy="tsumogiri")
    assert (t["outcomes"][:, 1:3] == 0).all()  # tsumogiri never wins
    with pytest.raises(InvalidContextError):
        simulate(2, policy="best")
    with pytest.raises(InvalidContextError):
        simulate(-1)
