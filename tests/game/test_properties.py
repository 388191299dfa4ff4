"""Properties of random games: tiles accounted for, points conserved, hidden information, copies,
seeds, termination; illegal actions never change anything."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.game._util import build_wall, random_game
from yakuman.errors import IllegalActionError, YakumanError
from yakuman.game import Action, Game
from yakuman.rules import Rules

RULES = [Rules.tenhou(), Rules.tenhou_sanma(), Rules.mahjongsoul(), Rules.mleague(), Rules.ema()]


def _total(g: Game) -> int:
    return sum(g.scores) + 1000 * g._st.table()[6]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), which=st.integers(0, len(RULES) - 1), pick=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(seed, which, pick):
    rules = RULES[which]
    g = Game(rules, seed)
    start = rules.players * rules.start_points

    def check(game: Game) -> None:
        assert game.check() == 0   # every one of the 136 / 108 ids in exactly one place
        if not game.done:
            assert _total(game) == start  # scores + sticks on the table

    steps = random_game(g, random.Random(pick), check)
    assert g.done, f"not finished after {steps} steps"
    res = g.result
    assert sum(res.scores) == start - (0 if rules.leftover_sticks == "to_top" else 1000 * g._st.table()[6])
    assert sorted(res.placements) == list(range(rules.players))
    assert all(sum(r.deltas) >= 0 for r in res.rounds)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), sanma=st.booleans(), cut=st.integers(0, 300))
# found by hypothesis: a discard being answered; who else may call is hidden, so a re-deal that
# changes it must not show in this seat's observation
@example(seed=1, sanma=False, cut=98)
def test_observation_hides_other_hands_and_the_wall(seed, sanma, cut):
    rules = Rules.tenhou_sanma() if sanma else Rules.tenhou()
    g = Game(rules, seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if g.done:
            break
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    if g.done:
        return
    for seat in range(rules.players):
        o = g.observation(seat)
        planes, scalars = o.planes()
        # the same observation after every hidden tile is re-dealt
        d = g.determinize(seat, rng.getrandbits(64))
        assert d.check() == 0 and d._st.validate() is None
        if g._st.phase() == 1 and seat not in g.to_act:
            # a discard answered by others only: the world asks only the seats that can act in
            # it, and with nobody left the discard passes at once, as the engine would have
            continue
        o2 = d.observation(seat)
        p2, s2 = o2.planes()
        assert (planes == p2).all() and (scalars == s2).all()
        assert o.hand == o2.hand and o.discards == o2.discards and o.melds == o2.melds
        assert o.dora_indicators == o2.dora_indicators
        assert d.check() == 0
        # and the re-deal did change hidden tiles (others' hands or the wall)
        others = [g._st.seat(q)[0] for q in range(rules.players) if q != seat]
        others2 = [d._st.seat(q)[0] for q in range(rules.players) if q != seat]
        assert others != others2 or g._st.wall() != d._st.wall()
        assert g._st.seat(seat)[0] == d._st.seat(seat)[0]


def test_same_seed_same_game_and_copy_is_independent():
    a, b = Game(seed=42), Game(seed=42)
    ra, rb = random.Random(1), random.Random(1)
    random_game(a, ra)
    random_game(b, rb)
    assert a.events == b.events and a.result == b.result
    g = Game(seed=7)
    rng = random.Random(3)
    for _ in range(40):
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    c = g.copy()
    before = (g.events, g._st.raw())
    random_game(c, random.Random(9))
    assert c.done
    assert (g.events, g._st.raw()) == before
    p = pickle.loads(pickle.dumps(g))
    assert p._st.raw() == g._st.raw() and p.events == g.events
    random_game(p, random.Random(5))
    random_game(g, random.Random(5))
    assert p.result == g.result


def test_different_seeds_differ_and_walls_are_reproducible():
    from yakuman.game import seeded_wall

    assert seeded_wall(4, 1) != seeded_wall(4, 2)
    assert seeded_wall(4, 1, 0) != seeded_wall(4, 1, 1)
    w = seeded_wall(4, 123)
    assert sorted(w) == list(range(136))
    assert sorted(seeded_wall(3, 5)) == [i for i in range(136) if not 4 <= i < 32]
    # the splitmix64 + xoshiro256** stream is fixed: this value pins it across machines
    assert w[:8] == seeded_wall(4, 123)[:8]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(0, 200), junk=st.integers(0, 2**32))
def test_fuzz_illegal_actions_change_nothing(seed, n, junk):
    g = Game(Rules.tenhou() if seed % 2 else Rules.tenhou_sanma(), seed)
    rng = random.Random(junk)
    names = ["1m", "5mr", "9p", "E", "N", "C", "5s", None]
    types = ["dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan", "nukidora", "hora", "ryukyoku", "none",
             "bogus"]
    for _ in range(n):
        if g.done:
            break
        raw = g._st.raw()
        ev = g.events
        for _ in range(3):
            bad = Action(rng.choice(types), rng.randrange(-1, 5), rng.choice(names),
                         tuple(rng.choice(names[:-1]) for _ in range(rng.randrange(0, 4))), rng.randrange(0, 4),
                         rng.choice([True, False, None]))
            legal = g.legal_actions(bad.actor) if 0 <= bad.actor < g.rules.players else []
            try:
                g.step(bad)
            except (IllegalActionError, ValueError):
                assert g._st.raw() == raw and g.events == ev
                continue
            # accepted: it was a legal action (mjai messages may omit or ignore fields)
            assert any(a.type == bad.type and a.actor == bad.actor and a.pai == (bad.pai or a.pai) for a in legal)
            break
        if g.done:
            break
        with pytest.raises(IllegalActionError):
            g.step({"type": "dahai", "actor": g.to_act[0], "pai": "7z-no"})
        if g._st.raw() == raw:
            g.step(rng.choice(g.legal_actions(g.to_act[0])))
        assert g.check() == 0


def test_illegal_action_message_names_the_action_and_legal_set():
    g = Game(seed=3)
    with pytest.raises(IllegalActionError) as e:
        g.step(Action("pon", 2, "1m", ("1m", "1m"), 0))
    assert "pon" in str(e.value) and "legal actions of seat 2" in str(e.value)
    with pytest.raises(IllegalActionError):
        g.step({1: Action("none", 1)})


def test_bad_arguments_raise_yakuman_errors():
    from yakuman.errors import InvalidContextError, YakumanError

    with pytest.raises(InvalidContextError, match="136 tile ids"):
        Game(wall=list(range(100)))
    with pytest.raises(InvalidContextError, match="permutation"):
        Game(wall=[0] * 136)
    with pytest.raises(InvalidContextError, match="108 ids"):
        Game(Rules.tenhou_sanma(), wall=list(range(108)))
    with pytest.raises(InvalidContextError, match="seed"):
        Game(seed=-1)
    with pytest.raises(InvalidContextError, match="kyoku"):
        Game(kyoku=4)
    with pytest.raises(InvalidContextError, match="scores"):
        Game(scores=[25000, 25000])
    with pytest.raises(InvalidContextError, match="seat"):
        Game(seed=1).legal_actions(4)
    assert issubclass(IllegalActionError, YakumanError) and issubclass(IllegalActionError, ValueError)


def test_given_wall_is_dealt_as_documented():
    from yakuman.game import seeded_wall

    w = list(seeded_wall(4, 9))
    g = Game(seed=0, wall=w, kyoku=1)          # dealer = seat 1
    start = g.events[1]
    names = [sorted(h) for h in start["tehais"]]
    from yakuman.game import _pai

    for k in range(4):
        seat = (1 + k) % 4
        assert names[seat] == sorted(_pai(t, 1) for t in w[13 * k:13 * k + 13])
    assert g.events[2] == {"type": "tsumo", "actor": 1, "pai": _pai(w[52], 1)}
    assert start["dora_marker"] == _pai(w[136 - 14 + 4], 1)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 400), sanma=st.booleans())
# found by hypothesis: determinized while seat 3 answered a discard another seat had already
# answered with a chi of its old (re-dealt) tiles; the hidden answers are now asked again
@example(seed=11653, cut=398, sanma=False)
def test_determinized_copies_always_play_to_the_end(seed, cut, sanma):
    g = Game(Rules.tenhou_sanma() if sanma else Rules.tenhou(), seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if g.done:
            return
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    if g.done:
        return
    for seat in range(g.rules.players):
        d = g.determinize(seat, rng)
        for _ in range(60):      # the rest of the round at least starts in every re-dealt world
            if d.done:
                break
            acts = d.legal_actions(d.to_act[0])
            assert acts
            d.step(rng.choice(acts))
            assert d.check() == 0


@pytest.mark.parametrize("bad", [
    Action("pon", 1, "1m", ("1m", 5), 0),              # a consumed tile that is not a name (was a bare TypeError)
    Action("pon", 1, "1m", ("1m", "xx"), 0),           # not an mjai name (was a bare ValueError)
    Action("dahai", 0, 3),                              # pai not a name (was an AttributeError)
    Action("dahai", 0, "1m", tsumogiri=2),
    Action(None, 0),
    {"type": "dahai", "actor": 0, "pai": None, "consumed": [None]},
    # forged engine codes: a field over a byte, more consumed ids than an action holds (the
    # native copy wrote past its 4-id array), a consumed field that is not a tuple
    Action("pon", 2, "1m", ("1m", "1m"), 0, _code=(1, 0, 300, 255, 0, ())),
    Action("pon", 2, "1m", ("1m", "1m"), 0, _code=(3, 0, 0, 255, 0, (0, 1, 2, 3, 4, 5, 6, 7) * 8)),
    Action("pon", 2, "1m", ("1m", "1m"), 0, _code=(1, 0, 0, 255, 0, [0])),
    Action("pon", 2, "1m", ("1m", "1m"), 0, _code=(1, 0, 0, 255)),
], ids=repr)
def test_malformed_actions_found_by_the_fuzzer_are_refused_and_change_nothing(bad):
    # each raised something other than IllegalActionError (or wrote out of bounds) before
    g = Game(seed=3)
    before = pickle.dumps(g)
    with pytest.raises(IllegalActionError):
        g.step(bad)
    assert pickle.dumps(g) == before and g.check() == 0


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["4p", "3p"])
def test_stale_calls_and_wins_are_refused(rules):
    # a chi / pon / kan / ron / tsumo that was legal on an earlier tile is not legal on a later one,
    # even with the same seat and consumed tiles (the engine used to apply it to the new discard)
    refused = 0
    for seed in range(2):
        g = Game(rules, seed)
        rng = random.Random(seed)
        stale: list = []
        for _ in range(400):
            if g.done:
                break
            now = {a for q in g.to_act for a in g.legal_actions(q)}
            for old in stale[-6:]:
                if old in now:
                    continue
                before = pickle.dumps(g)
                with pytest.raises(IllegalActionError):
                    g.step(old)
                assert pickle.dumps(g) == before
                refused += 1
            stale += [a for a in now if a.type in ("chi", "pon", "daiminkan", "hora")]
            g.step(rng.choice(g.legal_actions(g.to_act[0])))
    assert refused > 50


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), which=st.integers(0, len(RULES) - 1), pick=st.integers(0, 2**32))
def test_the_direct_discard_and_pass_checks_agree_with_the_legal_actions(seed, which, pick):
    # the record driver checks a discard directly (ym_game_discard_legal) instead of listing every
    # legal action: wherever it decides (1 / 0), ym_game_find_legal must decide the same, for
    # every id of the game and both tsumogiri flags, in random games (riichi, calls, kuikae)
    from yakuman import _core

    g = Game(RULES[which], seed)
    rng = random.Random(pick)
    decided = undecided = legal = passes = 0
    steps = 0
    while not g.done and steps < 3000:
        stt = g._st
        if stt.phase() == 0:
            seat = g.to_act[0]
            for tile in range(136):
                for tg in (0, 1):
                    fast, full = _core.replay_discard_legal(stt, seat, tile, tg)
                    if fast == -1:
                        undecided += 1
                    else:
                        assert fast == full, (seat, tile, tg)
                        decided += 1
                        legal += fast
            for other in range(RULES[which].players):   # another seat: never its turn to discard
                if other != seat:
                    assert _core.replay_discard_legal(stt, other, 0, 0) == (0, False)
        for q in range(-1, 5):   # a pass is checked directly too: exactly when legal() lists one
            listed = 0 <= q < RULES[which].players and any(c[0] == 12 for c in stt.legal(q))
            assert _core.replay_pass_legal(stt, q) == listed, q
            passes += listed
        seat = g.to_act[0]
        g.step(rng.choice(g.legal_actions(seat)))
        steps += 1
    assert legal > 0 and decided > 100 * max(undecided, 1) and passes > 0


@pytest.mark.parametrize("kind", range(1, 8))
def test_a_sanma_wall_holding_any_of_2m_to_8m_is_refused(kind):
    """A sanma wall of 108 distinct ids with one 9m replaced by a copy of 2m..8m (absent from
    sanma): refused with the wall's message, for every such kind (8m, next to 9m, included)."""
    from yakuman.errors import InvalidContextError

    wall = build_wall([None] * 3, players=3)
    assert Game(Rules.tenhou_sanma(), wall=wall).check() == 0
    for copy in range(4):
        bad = list(wall)
        bad[bad.index(32)] = 4 * kind + copy            # 9m (id 32) out, a 2m-8m copy in
        with pytest.raises(InvalidContextError, match="108 ids without 2m-8m"):
            Game(Rules.tenhou_sanma(), wall=bad)


def test_random_rule_knobs_and_counters_every_win_pays_its_winner():
    """Games under presets with random knobs changed (every knob of Rules' choices, the sets of
    local yaku, abortive draws, pao and double yakuman), started at random honba (0-8) and sticks,
    played by greedy seats that take every win: the tiles stay accounted for, scores plus sticks
    are conserved, and every ron or tsumo pays each winner something. (A win offered that the
    scorer then refuses pays nothing: until 2026-12-06 the engine offered a one-han ron at five
    honba under ryanhan_shibari.)"""
    from yakuman.rules import _CHOICES, _SETS

    rng = random.Random(20261206)
    presets = {4: (Rules.tenhou, Rules.mahjongsoul, Rules.mleague, Rules.ema, Rules.wrc),
               3: (Rules.tenhou_sanma, Rules.mahjongsoul_sanma)}
    games = wins = 0
    while games < 60:
        players = 3 if rng.random() < 0.3 else 4
        kw = {k: rng.choice(_CHOICES[k]) for k in rng.sample(sorted(set(_CHOICES) - {"players"}), 6)}
        kw.update({k: frozenset(x for x in sorted(v) if rng.random() < 0.5) for k, v in _SETS.items()
                   if rng.random() < 0.2})
        kw["length"] = "tonpuusen"
        kw["ryanhan_shibari"] = rng.random() < 0.5
        try:
            rules = rng.choice(presets[players])().replace(**kw)
        except YakumanError:   # a combination the rules refuse
            continue
        if rules.draw_dealer_rule == "always_repeat":   # may never end without a win
            continue
        g = Game(rules, rng.randrange(2**32), honba=rng.choice([0, 3, 5, 6, 8]), sticks=rng.choice([0, 1, 2]))
        games += 1
        start = sum(g.scores) + 1000 * g._st.table()[6]
        for _ in range(20000):
            if g.done:
                break
            acts = {}
            for s in g.to_act:
                legal = g.legal_actions(s)
                win = [a for a in legal if a.type == "hora"]
                acts[s] = win[0] if win else g.policy_action(s, "greedy")
            n = len(g.rounds)
            g.step(acts if len(acts) > 1 else next(iter(acts.values())))
            assert g.check() == 0
            if not g.done:
                assert sum(g.scores) + 1000 * g._st.table()[6] == start, kw
            for rnd in g.rounds[n:]:
                if rnd.outcome in ("ron", "tsumo"):
                    wins += 1
                    assert all(rnd.deltas[w] > 0 for w in rnd.winners), (kw, rnd)
        assert g.done, kw
    assert wins >= 200
