"""The ev policy in the engine (policy="ev": csrc/ym_game_ev.c), Observation.wall_counts() and
Observation.ev_planes() (yakuman.game.evplanes)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from yakuman import Rules
from yakuman.errors import InvalidArgumentError
from yakuman.game import Game, simulate
from yakuman.game.evplanes import EV_MAX_SHANTEN, EV_PLANES
from yakuman.game.view import mpsz

pytest.importorskip("yakuman.ev")


def states(seed: int, count: int, rules=None, melds: int = 2):
    """Copies of the game of `seed` played by the random policy (which calls often) at SELF
    decisions of a seat holding at least `melds` melds and a discard to make: small concealed
    hands, so the calculator answers in milliseconds."""
    out = []
    while len(out) < count:
        g = Game(rules, seed)
        seed += 1000
        while not g.done and len(out) < count:
            seat = g.decision_seat
            if g._st.phase() == 0 and len(g._st.seat(seat)[1]) >= melds and \
                    any(a.type == "dahai" for a in g.legal_actions(seat)):
                out.append(g.copy())
            g.step(g.policy_action(seat, "random"))
    return out


def hand_shanten(g, seat):
    from yakuman import shanten

    o = g.observation(seat)
    melds = [f"{'minkan' if t == 'daiminkan' else t} {mpsz(x)}" for t, x, _ in o.melds[seat]]
    return shanten(mpsz(o.hand), melds=melds, rules=g.rules)


# ---- wall_counts ---------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [None, Rules.tenhou_sanma()], ids=["yonma", "sanma"])
def test_wall_counts_is_four_minus_what_the_seat_sees(rules):
    from yakuman.tiles import from_mjai

    for g in states(11, 6, rules, melds=0):
        for seat in range(g.rules.players):
            o = g.observation(seat)
            seen = list(from_mjai(list(o.hand))[0])
            for q in range(g.rules.players):
                for _typ, tiles, _ in o.melds[q]:
                    for k, c in enumerate(from_mjai(list(tiles))[0]):
                        seen[k] += c
                for pai, _tg, _ri, called in o.discards[q]:
                    if not called:
                        seen[list(from_mjai([pai])[0]).index(1)] += 1
            seen[30] += sum(o.kita)
            for k, c in enumerate(from_mjai(list(o.dora_indicators))[0]):
                seen[k] += c
            absent = set(range(1, 8)) if g.rules.players == 3 else set()
            assert o.wall_counts() == tuple(0 if k in absent else 4 - seen[k] for k in range(34))
            # hidden tiles do not enter: a re-deal of them leaves the counts unchanged
            assert g.determinize(seat, 5).observation(seat).wall_counts() == o.wall_counts()
            # the red fives among them: the rules' one per suit (none of 5m in sanma) less those seen
            names = list(o.hand) + list(o.dora_indicators) + [p for r in o.discards for p, _t, _r, c in r if not c] \
                + [t for q in range(g.rules.players) for _typ, tiles, _ in o.melds[q] for t in tiles]
            reds = o.wall_reds()
            for s, suit in enumerate("mps"):
                left = (0 if g.rules.players == 3 and s == 0 else 1) - names.count(f"5{suit}r")
                assert reds[s] == max(0, min(left, o.wall_counts()[9 * s + 4]))
            assert g.determinize(seat, 5).observation(seat).wall_reds() == reds


# ---- the policy ------------------------------------------------------------------------------
def test_ev_policy_is_named_everywhere_and_the_native_game_is_the_policy_action_game():
    from yakuman.game import POLICIES, _play
    from yakuman.game.cluster import simulate_dask

    assert POLICIES["ev"] == 3
    assert simulate(0, policy="ev")["scores"].shape == (0, 4)
    with pytest.raises(Exception, match="n must be"):   # "ev" passes simulate_dask's policy check
        simulate_dask(None, -1, policy="ev")
    # one tonpuusen game, ev at seat 0 against greedy: the native loop (no GIL) and the game
    # stepped by Game.policy_action in the same order are the same game
    rules = Rules.tenhou().replace(length="tonpuusen")
    seeds = np.array([6], dtype=np.uint64)
    cols = _play(rules, seeds, np.array([[3, 2, 2, 2]], dtype=np.uint8), 1)
    g = Game(rules, 6)
    while not g.done:
        seat = g.decision_seat
        g.step(g.policy_action(seat, "ev" if seat == 0 else "greedy"))
    assert cols["status"][0] == 0 and g.result.scores == tuple(cols["scores"][0])
    # and ev played otherwise than greedy would have (172 steps against the all-greedy game's 158
    # with the calculator of this writing)
    greedy = _play(rules, seeds, np.array([[2, 2, 2, 2]], dtype=np.uint8), 1)
    assert (cols["steps"][0], tuple(cols["scores"][0])) != (greedy["steps"][0], tuple(greedy["scores"][0]))


def test_ev_decides_from_the_seat_view_only():
    # re-dealing every tile hidden from the seat never changes its choice
    for g in states(21, 8):
        seat = g.decision_seat
        a = g.policy_action(seat, "ev")
        for s in (1, 2):
            assert g.determinize(seat, s).policy_action(seat, "ev") == a


def test_ev_discards_the_calculators_best_and_plays_greedy_beyond_the_cap():
    # the C policy builds its own position from the engine state; ev_planes builds one from the
    # Observation through yakuman.ev.discard_ev: the discard the policy makes is the kind with the
    # highest expected score in the planes (riichi when that discard keeps tenpai)
    checked = far = 0
    for g in states(33, 12):
        seat = g.decision_seat
        acts = g.legal_actions(seat)
        if any(a.type == "hora" for a in acts):
            continue
        a = g.policy_action(seat, "ev")
        sh = hand_shanten(g, seat)
        if sh > EV_MAX_SHANTEN:
            assert a == g.policy_action(seat, "greedy")
            far += 1
            continue
        planes = g.observation(seat).ev_planes()
        assert planes.shape == (EV_PLANES, 34) and planes.dtype == np.float32
        score = np.where(planes[0] > 0, planes[4], -1.0)
        if score.max() <= 0:
            assert a == g.policy_action(seat, "greedy")
            continue
        best = set(np.flatnonzero(score >= score.max() - 1e-3 * max(1.0, score.max())))
        if a.type == "reach":
            assert any(planes[1, k] == 0 for k in best)
        else:
            assert a.type == "dahai" and mpsz([a.pai]) and _kind(a.pai) in best
        checked += 1
    assert checked >= 2


def _kind(pai: str) -> int:
    from yakuman.tiles import from_mjai

    return list(from_mjai([pai])[0]).index(1)


def test_ev_calls_only_to_win():
    g = Game(seed=9)
    seen = 0
    while not g.done and seen < 30:
        seat = g.decision_seat
        if g._st.phase() == 1:
            acts = g.legal_actions(seat)
            a = g.policy_action(seat, "ev")
            assert a.type == ("hora" if any(x.type == "hora" for x in acts) else "none")
            seen += 1
        g.step(g.policy_action(seat, "greedy"))
    assert seen


def test_ev_planes_columns():
    for g in states(5, 4):
        seat = g.decision_seat
        o = g.observation(seat)
        p = o.ev_planes()
        kinds = {_kind(a.pai) for a in o.legal_actions if a.type == "dahai"}
        assert set(np.flatnonzero(p[0])) == kinds
        off = [k for k in range(34) if k not in kinds]
        assert not p[:, off].any()
        ok = p[1][list(kinds)] <= EV_MAX_SHANTEN
        probs = p[2:4][:, list(kinds)][:, ok]
        assert ((probs >= 0) & (probs <= 1)).all()
    # a seat with no discard to make: zeros
    g = Game(seed=5)
    other = (g.to_act[0] + 1) % 4
    assert not g.observation(other).ev_planes().any()



def test_ev_planes_refuses_an_unknown_option_by_name():
    # found by probing the options: an unknown keyword was discard_ev's TypeError; it is a
    # yakuman.errors exception naming it and the keywords there are
    from yakuman.errors import InvalidArgumentError

    g = Game(seed=5)
    o = g.observation(g.decision_seat)
    with pytest.raises(InvalidArgumentError, match=r"ev_planes: 'bogus' is not a keyword of yakuman.ev.discard_ev \(dora, "):
        o.ev_planes(bogus=1)
    assert np.array_equal(o.ev_planes(turn=1), o.ev_planes(), equal_nan=True)

def test_ev_declares_riichi_by_the_models_choice():
    # closed hands of greedy games at a turn where riichi is legal: the policy declares exactly
    # when the calculator's best legal discard is worth more as a riichi than as dama (the row's
    # riichi flag at turn 1), and once announced discards the best row under riichi="declare"
    from yakuman.ev import discard_ev
    from yakuman.game.evplanes import ev_options

    seen = declared = 0
    seed = 40
    while seen < 4 and seed < 80:
        g = Game(seed=seed)
        seed += 1
        while not g.done:
            seat = g.decision_seat
            acts = g.legal_actions(seat)
            if g._st.phase() == 0 and any(a.type == "reach" for a in acts) and \
                    not any(a.type == "hora" for a in acts):
                kw = ev_options(g.observation(seat))
                assert kw["riichi"] == "choose"
                rows = discard_ev(kw.pop("hand"), **kw).rows
                legal = {a.pai for a in acts if a.type == "dahai"}
                best = next(r for r in rows if any(mpsz([p]) == r.tile for p in legal))
                a = g.policy_action(seat, "ev")
                assert (a.type == "reach") == bool(best.riichi[1]), (best.tile, best.exp_score[1])
                seen += 1
                if a.type == "reach":
                    declared += 1
                    g.step(a)
                    kw = ev_options(g.observation(seat))
                    assert kw["riichi"] == "declare"
                    rows = discard_ev(kw.pop("hand"), **kw).rows
                    d = g.policy_action(seat, "ev")
                    legal = {x.pai for x in g.legal_actions(seat) if x.type == "dahai"}
                    best = next(r for r in rows if any(mpsz([p]) == r.tile for p in legal))
                    assert d.type == "dahai" and mpsz([d.pai]) == best.tile
                break
            g.step(g.policy_action(seat, "greedy"))
    assert seen >= 4 and declared >= 1


def test_ev_options_make_the_policys_own_request():
    # the engine's ev policy builds its request from the game state (csrc/ym_game_ev.c,
    # _core.ev_policy_rows); ev_options builds it from the observation with the same settings
    # (t_max = 1 + draws left, turn 1, max_shanten, no exchanges / shanten-down from
    # EV_FULL_SHANTEN on; the red fives the seat has not seen as wall_red): the values are
    # equal, at every shanten the policy values, red fives in the rivers or not
    from yakuman import _core
    from yakuman.ev import discard_ev
    from yakuman.game.evplanes import EV_FULL_SHANTEN, ev_options

    assert (EV_MAX_SHANTEN, EV_FULL_SHANTEN) == (3, 3)
    work = _core.EvPolicyWork()
    by_shanten: dict = {}
    reds_gone = 0
    for rules in (None, Rules.tenhou_sanma()):
        for g in greedy_states(21, 40, rules):
            seat = g.decision_seat
            o = g.observation(seat)
            if any(a.type == "hora" for a in o.legal_actions):
                continue
            reds_gone += any(p.endswith("r") for river in o.discards for p, *_ in river)
            native = _core.ev_policy_rows(g._st, seat, work)
            kw = ev_options(o)
            sh = hand_shanten(g, seat)
            assert kw["tegawari"] == kw["shanten_down"] == (sh < EV_FULL_SHANTEN)
            assert kw["t_max"] == 1 + min(17, o.tiles_left // g.rules.players) and kw["turn"] == 1
            if sh > EV_MAX_SHANTEN:
                assert native is None
                continue
            rows = discard_ev(kw.pop("hand"), **kw).rows
            if native is None:   # nothing to win in the draws left: the policy plays greedy
                assert all(not r.exp_score[1] > 0 for r in rows)
                continue
            assert [(mpsz_of(k, red), s) for k, red, s, *_ in native] == [(r.tile, r.shanten) for r in rows]
            for (_k, _red, _s, score, win, tenpai, riichi), r in zip(native, rows):
                assert np.allclose([score, win, tenpai], [r.exp_score[1], r.win_prob[1], r.tenpai_prob[1]],
                                   rtol=1e-12, atol=1e-12, equal_nan=True)
                assert riichi == bool(r.riichi[1])
            by_shanten[sh] = by_shanten.get(sh, 0) + 1
    assert all(by_shanten.get(sh, 0) >= 3 for sh in (0, 1, 2, 3)), by_shanten
    assert reds_gone >= 5


def test_ev_policy_counts_its_kita():
    # Three players: a seat that has set Norths aside (kita) has that many nuki dora on every win,
    # and an ura indicator West makes each an ura dora too. The policy's request carries its kita
    # (csrc/ym_game_ev.c), as ev_options does from the observation: greedy sanma games in which
    # every North is pulled, every later discard decision of a seat holding kita compared where
    # the calculator values it.
    from yakuman import _core
    from yakuman.game.evplanes import ev_options

    rules = Rules.tenhou_sanma()
    work = _core.EvPolicyWork()
    compared = 0
    for seed in range(6):
        g = Game(rules, seed)
        while not g.done and compared < 40:
            seat = g.decision_seat
            legal = g.legal_actions(seat)
            kita = [a for a in legal if a.type == "nukidora"]
            o = g.observation(seat)
            if (not kita and o.kita[seat] > 0 and g._st.phase() == 0 and any(a.type == "dahai" for a in legal)
                    and not any(a.type == "hora" for a in legal)):
                assert ev_options(o).get("kita") == o.kita[seat]
                rows = policy_request_equal(g, seat, work)
                if rows is not None:
                    compared += any(r.exp_score[1] > 0 for r in rows)
            g.step(kita[0] if kita else g.policy_action(seat, "greedy"))
    assert compared >= 20


def greedy_states(seed: int, count: int, rules=None):
    """Copies of greedy games at every third decision of a seat with a discard to make: hands at
    every distance from tenpai."""
    out, i = [], 0
    while len(out) < count:
        g = Game(rules, seed)
        seed += 1
        while not g.done and len(out) < count:
            seat = g.decision_seat
            if g._st.phase() == 0 and any(a.type == "dahai" for a in g.legal_actions(seat)):
                i += 1
                if i % 3 == 0:
                    out.append(g.copy())
            g.step(g.policy_action(seat, "greedy"))
    return out


def mpsz_of(kind: int, red: int) -> str:
    return f"{0 if red else kind % 9 + 1}{'mpsz'[kind // 9]}"


def policy_request_equal(g: Game, seat: int, work):
    """The ev policy's own request for `seat` (csrc/ym_game_ev.c) against
    discard_ev(ev_options(observation)): the same rows, values and riichi flags. Returns the rows,
    or None where the policy values nothing (it plays greedy there)."""
    from yakuman import _core
    from yakuman.ev import discard_ev
    from yakuman.game.evplanes import ev_options

    native = _core.ev_policy_rows(g._st, seat, work)
    if native is None:
        return None
    kw = ev_options(g.observation(seat))
    rows = discard_ev(kw.pop("hand"), **kw).rows
    assert [(mpsz_of(k, red), s) for k, red, s, *_ in native] == [(r.tile, r.shanten) for r in rows]
    for (_k, _red, _s, score, win, tenpai, riichi), r in zip(native, rows):
        assert np.allclose([score, win, tenpai], [r.exp_score[1], r.win_prob[1], r.tenpai_prob[1]],
                           rtol=1e-12, atol=1e-12, equal_nan=True)
        assert riichi == bool(r.riichi[1])
    return rows


def test_ev_policy_sees_a_called_red_five_once():
    # With two red fives a suit, a red five called from a river lies in the caller's meld and,
    # marked called, in the discarder's river: the policy counts it once (the meld), as the
    # observation does (Observation.wall_reds). Counted twice, the wall's last red five of that
    # suit would vanish from the policy's request (its values differ from discard_ev's). Greedy
    # games in which every call of a red five is taken; every later discard decision of the round
    # is compared where the calculator values it (no other suit with two red fives in play).
    from yakuman import _core
    from yakuman.ev import discard_ev
    from yakuman.game.evplanes import ev_options

    rules = Rules.tenhou().replace(aka_dora=2)
    work = _core.EvPolicyWork()
    calls = compared = 0
    for seed in range(12):
        g = Game(rules, seed)
        while not g.done:
            seat = g.decision_seat
            acts = g.legal_actions(seat)
            red = [a for a in acts if a.type in ("pon", "chi") and a.pai.endswith("r")]
            if red:
                g.step(red[0])
                calls += 1
                continue
            o = g.observation(seat)
            melded_red = any(t.endswith("r") for ms in o.melds for _kind, tiles, _from in ms for t in tiles)
            if melded_red and g._st.phase() == 0 and any(a.type == "dahai" for a in acts) \
                    and not any(a.type == "hora" for a in acts):
                kw = ev_options(o)
                try:
                    native = _core.ev_policy_rows(g._st, seat, work)
                except InvalidArgumentError:   # a second red five of a suit still in play
                    native = "refused"
                if native is not None:
                    try:
                        rows = discard_ev(kw.pop("hand"), **kw).rows
                    except InvalidArgumentError:
                        rows = "refused"
                    assert (native == "refused") == (rows == "refused"), (seed, o.hand, o.melds)
                    if native != "refused":
                        compared += 1
                        for (_k, _red, _s, score, win, tenpai, _r), r in zip(native, rows):
                            assert np.allclose([score, win, tenpai], [r.exp_score[1], r.win_prob[1], r.tenpai_prob[1]],
                                               rtol=1e-12, atol=1e-12, equal_nan=True), (seed, o.hand, o.melds)
            g.step(g.policy_action(seat, "greedy"))
    assert calls >= 40 and compared >= 20, (calls, compared)


def test_ev_policy_sees_an_open_riichi_hand():
    # rules.open_riichi: a hand declared openly is shown to every seat (Observation.open_hands;
    # the observation's unseen plane counts it as seen). The policy's request takes those tiles,
    # and their red fives, out of the wall as ev_options does (ym_game_visible): greedy games in
    # which every seat that may declare openly does; every later discard decision of another seat
    # while an open riichi stands is compared where the calculator values it. (The policy once
    # counted the shown hand as unseen: the values of every such decision differed.)
    from yakuman import _core

    rules = Rules.tenhou().replace(open_riichi=True)
    work = _core.EvPolicyWork()
    compared = 0
    for seed in range(12):
        g = Game(rules, seed)
        while not g.done and compared < 30:
            seat = g.decision_seat
            legal = g.legal_actions(seat)
            opened = [a for a in legal if a.type == "open_reach"]
            o = g.observation(seat)
            shown = any(h for q, h in enumerate(o.open_hands) if q != seat)
            if (shown and not opened and g._st.phase() == 0 and any(a.type == "dahai" for a in legal)
                    and not any(a.type == "hora" for a in legal) and not o.riichi[seat]):
                rows = policy_request_equal(g, seat, work)
                if rows is not None:
                    compared += any(r.exp_score[1] > 0 for r in rows)
            g.step(opened[0] if opened else g.policy_action(seat, "greedy"))
    assert compared >= 15
