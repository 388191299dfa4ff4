"""Regressions of the engine layer's hardening (issue 25, items 8-10): determinized worlds that are
consistent and leak nothing, pickles and raw states that cannot be forged into a crash, and
arguments that are checked instead of wrapping."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest

from yakuman.errors import InvalidArgumentError, InvalidContextError, InvalidRulesError
from yakuman.game import Game, _state_digest, rebuild, simulate
from yakuman.logs.mjai import parse_mjai
from yakuman.rules import Rules

T4, T3 = Rules.tenhou(), Rules.tenhou_sanma()


def _random_step(g: Game, rng: random.Random) -> None:
    acts = {s: rng.choice(g.legal_actions(s)) for s in g.to_act}
    g.step(next(iter(acts.values())) if g._st.phase() == 0 else acts)


def _play(g: Game, rng: random.Random, steps: int = 10**6) -> Game:
    for _ in range(steps):
        if g.done:
            break
        _random_step(g, rng)
    return g


def _states(n: int, rules=T4, seed0: int = 0):
    """(game, rng) at random cuts of random games, not over."""
    for seed in range(seed0, seed0 + n):
        rng = random.Random(seed)
        g = _play(Game(rules, seed), rng, rng.randrange(5, 500))
        if not g.done:
            yield g, rng


# ---- item 8: determinize ------------------------------------------------------------------------------------
def test_item8_a_world_asks_only_the_seats_that_can_act_in_it():
    checked = 0
    for rules in (T4, T3):
        for g, rng in _states(400, rules):
            if g._st.phase() != 1:
                continue
            for seat in range(rules.players):
                w = g.determinize(seat, rng.getrandbits(64))
                if w._st.phase() != 1:
                    continue
                for q in w.to_act:
                    if q != seat:   # asked in the world only with a call or a ron there
                        assert len(w.legal_actions(q)) > 1
                        checked += 1
                if seat in g.to_act:
                    assert seat in w.to_act
    assert checked > 20


def test_item8_playing_on_from_a_world_gives_a_record_parse_mjai_reads():
    n = 0
    for rules in (T4, T3):
        for g, rng in _states(25, rules, 100):
            w = g.determinize(rng.randrange(rules.players), rng.getrandbits(64))
            assert w._st.validate() is None and w.check() == 0
            assert "seed" not in w.events[0] and w.seed != g.seed
            _play(w, rng)
            assert len(parse_mjai(w.events)) == 1
            n += 1
    assert n > 30


def test_item8_a_world_is_a_function_of_the_seats_view_only():
    # a world drawn from the truth and one drawn from another world (another truth the seat cannot
    # tell apart) are the same for the same seed: nothing hidden can leak into either
    n = 0
    for rules in (T4, T3):
        for g, rng in _states(30, rules, 200):
            seat = g.to_act[0]
            twin = g.determinize(seat, rng.getrandbits(64))
            for s in (1, 2**63 + 5):
                a, b = g.determinize(seat, s), twin.determinize(seat, s)
                assert a._st.raw() == b._st.raw() and a.events == b.events
                n += 1
    assert n > 60


def test_item8_hidden_hands_are_independent_of_the_truth():
    # in many worlds, an id the hidden seat really holds is no likelier in its world hand than any
    # other hidden id
    g, rng = next(_states(1, T4, 7))
    seat = g.to_act[0]
    q = (seat + 1) % 4
    truth = set(g._st.seat(q)[0])
    hidden = set(truth) | {t for r in range(4) if r != seat for t in g._st.seat(r)[0]}
    counts = dict.fromkeys(hidden, 0)
    worlds = 400
    for _ in range(worlds):
        for t in g.determinize(seat, rng.getrandbits(64))._st.seat(q)[0]:
            if t in counts:
                counts[t] += 1
    held = np.mean([counts[t] for t in truth]) / worlds
    other = np.mean([counts[t] for t in hidden - truth]) / worlds
    assert abs(held - other) < 0.05, (held, other)


def test_item8_other_riichi_hands_are_tenpai_in_every_world():
    n = 0
    for seed in range(300, 340):
        rng = random.Random(seed)
        g = Game(T4, seed)
        g._st.seed_policy(seed)
        for _ in range(rng.randrange(20, 300)):   # the native greedy policy (it declares riichi)
            if g.done:
                break
            g._apply(g._st.policy_action(2))
        if g.done:
            continue
        seat = g.to_act[0]
        riichi = [q for q in range(4) if q != seat and g._st.seat(q)[3] == 2]
        if not riichi:
            continue
        for _ in range(3):
            w = g.determinize(seat, rng.getrandbits(64))
            assert all(w._st.seat(q)[12] for q in riichi if len(w._st.seat(q)[0]) % 3 == 1)
            n += 1
    assert n > 0


# ---- item 9: pickles and raw states ---------------------------------------------------------------------------
def _valid_state() -> Game:
    g, _ = next(_states(1, T4, 11))
    return g


def test_item9_the_digest_covers_the_events_and_every_restored_field():
    g = _valid_state()
    state = g.__getstate__()
    for key, change in (("events", lambda e: e[:-1]), ("events", lambda e: [dict(e[0], seed=1)] + e[1:]),
                        ("seed", lambda s: s ^ 1), ("walls", lambda w: w + [[0]]), ("round_start", lambda r: None),
                        ("rounds", lambda r: r + r[:1] if r else [None])):
        bad = dict(state, **{key: change(state[key])})
        with pytest.raises(InvalidContextError, match="damaged"):
            Game.__new__(Game).__setstate__(bad)
    p = pickle.loads(pickle.dumps(g))
    assert p.events == g.events and p._st.raw() == g._st.raw()


def test_item9_forged_states_with_recomputed_digests_are_refused_or_valid():
    # single-byte forgeries of every byte of a valid state, with the digest recomputed: each is
    # refused (InvalidContextError), or loads as a state that passes every invariant and plays on
    g = _valid_state()
    state = g.__getstate__()
    raw = state["raw"]
    rng = random.Random(3)
    refused = loaded = 0
    for i in range(len(raw)):
        b = bytearray(raw)
        b[i] ^= rng.choice((1, 0x80, 0xFF, rng.randrange(1, 256)))
        forged = dict(state, raw=bytes(b))
        forged["digest"] = _state_digest(forged)
        h = Game.__new__(Game)
        try:
            h.__setstate__(forged)
        except InvalidContextError:
            refused += 1
            continue
        loaded += 1
        assert h.check() == 0 and h._st.validate() is None
        for s in h.to_act:
            h.legal_actions(s)
        h.observation(0)
    assert refused > 300 and loaded > 0


def test_item9_from_raw_refuses_random_bytes():
    from yakuman import _core

    cr = _core.compiled_game_rules(T4)
    size = len(Game(T4, 1)._st.raw())
    rng = random.Random(5)
    for _ in range(300):
        with pytest.raises(InvalidContextError):
            _core.GameState.from_raw(cr, rng.randbytes(size))
    with pytest.raises(InvalidContextError, match="wrong size"):
        _core.GameState.from_raw(cr, b"\0" * 7)


# Single fields of the native state, forged at their byte offsets (ym_game_t in csrc/ym_game.h:
# the seats' structs, 312 bytes each, end where the wall begins; the wall is found by its ids and
# every offset is checked against the values GameState reports before it is forged).
_SEAT_SIZE = 312
_S_IDS, _S_N, _S_MELDS, _S_N_MELDS, _S_N_RIVER, _S_DRAWN, _S_PAO_SEAT, _S_KAN_FROM = 0, 14, 49, 89, 250, 262, 264, 268
_W_N_TILES, _W_NEXT, _W_N_DORA, _W_PENDING_DORA = 136, 137, 140, 141


def _offsets(g: Game) -> tuple[bytearray, int, list[int]]:
    """(raw, the wall's offset, each seat's offset), checked against the state's own report."""
    st = g._st
    raw = bytearray(st.raw())
    wall = bytes(st.wall())
    assert raw.count(wall) == 1
    w = raw.index(wall)
    nxt, live_end, _n_rinshan, n_dora = st.wall_state()
    assert (raw[w + _W_N_TILES], raw[w + _W_NEXT], raw[w + _W_N_DORA]) == (len(wall), nxt, n_dora)
    seats = [w - (4 - q) * _SEAT_SIZE for q in range(4)]
    for q in range(g.rules.players):
        ids, melds, river, *_rest = st.seat(q)
        s = seats[q]
        assert raw[s + _S_N] == len(ids) and tuple(sorted(raw[s + _S_IDS:s + len(ids)])) == ids
        assert (raw[s + _S_N_MELDS], raw[s + _S_N_RIVER]) == (len(melds), len(river))
        assert (raw[s + _S_DRAWN], raw[s + _S_PAO_SEAT]) == (st.seat(q)[10], st.seat(q)[13])
        for i, m in enumerate(melds):
            at = s + _S_MELDS + 10 * i
            assert tuple(raw[at:at + 5]) == m[:5] and tuple(raw[at + 6:at + 6 + raw[at + 5]]) == m[5]
    return raw, w, seats


def _loads(g: Game, raw: bytearray) -> bool:
    from yakuman import _core

    try:
        st = _core.GameState.from_raw(_core.compiled_game_rules(g.rules), bytes(raw))
    except InvalidContextError as e:
        _loads.why = str(e)
        return False
    assert st.validate() is None
    return True


@pytest.mark.parametrize("rules", [T4, T3], ids=["yonma", "sanma"])
def test_item9_a_forged_pao_seat_or_kan_source_equal_to_the_player_count_is_refused(rules):
    g = _play(Game(rules, 5), random.Random(5), 30)
    raw, _w, seats = _offsets(g)
    n = rules.players
    assert _loads(g, raw)
    for field in (_S_PAO_SEAT, _S_KAN_FROM):
        assert raw[seats[1] + field] == 255
        for value, ok in ((n - 1, True), (n, False), (254, False)):
            forged = bytearray(raw)
            forged[seats[1] + field] = value
            assert _loads(g, forged) == ok, (field, value)
            if not ok:
                assert "is not a seat" in _loads.why


def test_item9_forged_dora_counts_beyond_five_indicators_are_refused():
    g = _valid_state()
    raw, w, _seats = _offsets(g)
    for n_dora, pending, ok in ((1, 4, True), (2, 3, True), (2, 4, False), (5, 1, False), (0, 0, False), (1, 5, False)):
        forged = bytearray(raw)
        forged[w + _W_N_DORA], forged[w + _W_PENDING_DORA] = n_dora, pending
        assert _loads(g, forged) == ok, (n_dora, pending)
        if not ok:
            assert f"n_dora = {n_dora}, pending_dora = {pending}" in _loads.why


def test_item9_a_forged_chi_of_honors_is_refused_a_chi_of_789_loads():
    """A seat's chi is re-made of three undrawn live-wall tiles (each swaps its place in the wall
    array with a chi id, so every id is still in one place): 7-8-9s loads, East-South-West (a
    run of kinds 27-29, kind 27 % 9 == 0) is refused."""
    for seed in range(100):
        g, rng = Game(T4, seed), random.Random(seed)
        chis: list = []
        while not g.done and not chis:
            _random_step(g, rng)
            chis = [(q, i) for q in range(4) for i, m in enumerate(g._st.seat(q)[1]) if m[0] == 0]
        if g.done:
            continue
        wall = g._st.wall()
        nxt, live_end, *_x = g._st.wall_state()
        q, i = chis[0]
        meld = g._st.seat(q)[1][i]
        raw, w, seats = _offsets(g)
        at = seats[q] + _S_MELDS + 10 * i
        results = {}
        for kinds in ((24, 25, 26), (27, 28, 29)):
            places = [next((p for p in range(nxt, live_end) if wall[p] // 4 == k), None) for k in kinds]
            if None in places:
                break
            forged = bytearray(raw)
            for j, p in enumerate(places):   # the wall stays a permutation: the two ids swap places
                forged[at + 6 + j], forged[w + p], forged[w + wall.index(meld[5][j])] = wall[p], meld[5][j], wall[p]
            forged[at + 1] = kinds[0]
            forged[at + 3] = wall[places[meld[5].index(meld[3])]]   # the called id: the new id in its place
            results[kinds[0]] = _loads(g, forged), getattr(_loads, "why", "")
        if len(results) == 2:
            assert results[24][0], results[24]
            assert not results[27][0] and "a chi from kind 27" in results[27][1], results[27]
            return
    raise AssertionError("no chi with the kinds to forge it in 100 games")


# ---- item 10: values that wrap or are not checked -----------------------------------------------------------
@pytest.mark.parametrize("workers", [100000, 2**40, 1025, -1, True, 1.0, "2"])
def test_item10_simulate_bounds_its_workers_like_the_batch_calls(workers):
    with pytest.raises(InvalidArgumentError, match="workers"):
        simulate(2, workers=workers)


def test_item10_simulate_and_rebuild_take_integer_seeds_only():
    for bad in (1.5, -1, "3", True, None.__class__):
        with pytest.raises(InvalidContextError, match="seed"):
            simulate(1, seed=bad)
    out = simulate(2, seed=np.int64(9))
    assert out["seed"].tolist() == [9, 10]
    g = rebuild(out["seed"][1])                     # the usage the docstring gives: a numpy uint64
    assert g.done and g.result.scores == tuple(out["scores"][1])
    assert simulate(1, seed=2**64 + 3)["seed"].tolist() == [3]


def test_item10_game_takes_a_numpy_wall():
    from yakuman.game import seeded_wall

    w = seeded_wall(4, 12, 0)
    a = Game(T4, 1, wall=np.array(w, dtype=np.uint8))
    b = Game(T4, 1, wall=list(w))
    assert a.events == b.events
    two = np.array([w, seeded_wall(4, 13, 0)], dtype=np.int64)
    assert Game(T4, 1, wall=two).events == b.events
    with pytest.raises(InvalidContextError):
        Game(T4, 1, wall=np.array(w[:-1]))
    with pytest.raises(InvalidContextError):
        Game(T4, 1, wall=np.array(w, dtype=float))


@pytest.mark.parametrize("uma", [(10**20, 0, 0, -(10**20)), (2**31 - 1, 0, 0, 0), (1000001, 0, 0, -1000001)])
def test_item10_uma_is_range_checked(uma):
    with pytest.raises(InvalidRulesError, match=r"uma\[0\]"):
        Rules(uma=uma)


def test_item10_uma_must_have_one_entry_per_player_to_play():
    for rules in (Rules.tenhou_sanma().replace(uma=(1, 2, 3, -6)), Rules.tenhou().replace(uma=(1, 0, -1))):
        for call in (lambda: Game(rules, 1), lambda: simulate(1, rules=rules), lambda: rebuild(1, rules=rules)):
            with pytest.raises(InvalidRulesError, match="entries for a"):
                call()


def _bad_rules_files(tmp_path):
    deep = "[" * 100000 + "]" * 100000
    files = {
        "deep.json": '{"uma": ' + deep + "}",
        "deep2.json": deep,
        "deep.toml": "uma = " + deep + "\n",
        "latin1.toml": "kiriage_mangan = true # caf\xe9\n",
        "nonstr.json": '{"1": 2}',
        "dir.json": None,
    }
    out = []
    for name, text in files.items():
        p = tmp_path / name
        if text is None:
            p.mkdir()
        elif name == "latin1.toml":
            p.write_bytes(text.encode("latin-1"))
        else:
            p.write_text(text)
        out.append(p)
    return out


def test_item10_every_bad_rules_file_is_an_invalid_rules_error_naming_it(tmp_path):
    for p in _bad_rules_files(tmp_path):
        with pytest.raises(InvalidRulesError, match=p.name):
            Rules.load(p)
    with pytest.raises(InvalidRulesError, match="not a knob name"):
        Rules.from_dict({1: 2})
    with pytest.raises(InvalidRulesError, match="preset"):
        Rules.from_dict({"preset": ["tenhou"]})
    nested: list = []
    for _ in range(100000):
        nested = [nested]
    with pytest.raises(InvalidRulesError):
        Rules.from_dict({"uma": nested})
    with pytest.raises(InvalidRulesError, match="nested too deeply"):
        Rules.from_json("[" * 100000)


def test_item10_score_and_rescore_never_show_a_traceback_for_a_rules_file(tmp_path, capsys):
    from yakuman.cli import main

    log = tmp_path / "g.mjai"
    log.write_text("\n".join(json.dumps(e) for e in _play(Game(T4, 3), random.Random(3)).events))
    for p in _bad_rules_files(tmp_path):
        assert main(["score", "123m456p789s11z22z", "--win", "2z", "--rules", str(p)]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and p.name in err
        assert main(["logs", "rescore", str(log), "--rules", str(p)]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and p.name in err


# ---- the third attack (2026-12-06) ---------------------------------------------------------------------------
def _greedy_states(seeds, rules=T4):
    """(game, rng) at random cuts of games of the native greedy policy (it declares riichi), not over."""
    from tests.game._util import greedy_states

    return greedy_states(seeds, rules)


def test_attack3_a_hand_made_actions_engine_code_is_not_trusted():
    from yakuman.game import Action

    # its fields say one discard, its code another: the code was applied before
    g = Game(T4, 3)
    seat = g.to_act[0]
    legal = g.legal_actions(seat)
    a, b = legal[0], legal[-2]
    assert a.pai != b.pai
    g.step(Action(a.type, a.actor, a.pai, a.consumed, a.target, a.tsumogiri, b._code))
    assert next(e for e in reversed(g.events) if e["type"] == "dahai")["pai"] == a.pai
    # a seat's pass carrying another seat's call: that seat called before, without being asked
    for seed in range(200):
        g, rng = Game(T4, seed), random.Random(seed)
        while not g.done:
            if g._st.phase() == 1 and len(g.to_act) >= 2:
                s1, s2 = g.to_act[0], g.to_act[1]
                call = next(x for x in g.legal_actions(s2) if x.type != "none")
                mine = next(x for x in g.legal_actions(s1) if x.type == "none")
                n = len(g.events)
                g.step(Action(mine.type, mine.actor, mine.pai, mine.consumed, mine.target, mine.tsumogiri, call._code))
                assert g.to_act == (s2,) and len(g.events) == n   # seat s1 passed; s2 still to answer
                # a pickled action (not the engine's own value) still plays as its fields say
                g.step(pickle.loads(pickle.dumps(call)))
                assert g.events[n]["type"] == call.type and g.events[n]["actor"] == s2
                return
            _random_step(g, rng)
    pytest.fail("no response with two seats asked in 200 games")


def test_attack3_a_world_keeps_no_byte_of_another_seats_shanten_memo():
    # the engine memoizes the shanten of the hand a seat holds at its draw (memo_c: its 34 kind
    # counts); a world cleared only the memo's seat, so its raw bytes and pickles carried the
    # true hand of the seat that drew last
    checked = 0
    for g, rng in _greedy_states(range(40)):
        if g._st.phase() != 0:
            continue
        q = g.to_act[0]
        counts = [0] * 34
        for t in g._st.seat(q)[0]:
            counts[t >> 2] += 1
        truth = bytes(counts)
        if g._st.raw().count(truth) != 2:   # the seat's counts and the memo of them
            continue
        for seat in range(4):
            if seat != q:
                w = g.determinize(seat, rng.getrandbits(64))
                assert truth not in w._st.raw() and truth not in pickle.dumps(w)
                checked += 1
    assert checked > 30


def test_attack3_native_rollouts_are_a_function_of_the_seats_view():
    # two states the seat cannot tell apart (the truth and a world of it) give the seat the same
    # native rollouts: the copies were re-dealt by ym_game_determinize, which kept the hidden seats'
    # true riichi furiten and who was asked to answer a discard (4 of 60 such pairs differed)
    from yakuman import _core
    from yakuman.game import POLICIES

    n = differ = 0
    for g, rng in _greedy_states(range(150)):
        seat = g.to_act[0]
        twin = g.determinize(seat, rng.getrandbits(64))
        if n < 60:
            assert g.rollout("greedy", 50, 3, seat=seat) == twin.rollout("greedy", 50, 3, seat=seat)
        # the review's options (GameState.rollout_options) likewise
        codes = [a._code for a in g.legal_actions(seat)][:3]
        out = []
        for h in (g, twin):
            deltas = np.zeros((20, len(codes), 4), dtype=np.int64)
            status = np.zeros((20, len(codes)), dtype=np.uint8)
            h._st.rollout_options(seat, codes, POLICIES["greedy"], 5, deltas, status)
            out.append((deltas.tobytes(), status.tobytes()))
        assert out[0] == out[1]
        n += 1
        differ += g._st.raw() != twin._st.raw()
    assert n > 100 and differ == n
    assert _core is not None


def test_attack3_a_worlds_record_fills_a_past_double_ron_with_ura_indicators():
    # both hora events of a double ron by riichi seats show the same ura indicators; filling a
    # past round counted them twice and failed (ValueError from list.remove) on reading the
    # world's events
    hit = 0
    for g, rng in _greedy_states(range(5, 6)):
        assert any(e["type"] == "hora" and e["uradora_markers"] for e in g.events)
        for seat in range(4):
            w = g.determinize(seat, rng.getrandbits(64))
            assert len(w.events) == len(g.events)
            assert len(parse_mjai(_play(w, rng).events)) == 1
            hit += 1
    assert hit == 4


@pytest.mark.parametrize("rng, match", [
    (type("R", (), {"getrandbits": lambda self, k: -5})(), "getrandbits"),
    (type("R", (), {"getrandbits": lambda self, k: "x"})(), "getrandbits"),
    (type("R", (), {"getrandbits": lambda self, k: 1.5})(), "getrandbits"),   # taken as 1 before
    (type("R", (), {"integers": lambda self, a, b: "zz"})(), "integers"),
    (type("I", (), {"__index__": lambda self: 1 // 0})(), "rng"),
])
def test_attack3_determinize_checks_what_its_rng_gives(rng, match):
    g = Game(T4, 1)
    with pytest.raises(InvalidContextError, match=match):
        g.determinize(0, rng)


def test_attack3_a_seed_whose_index_raises_is_refused():
    bad = type("I", (), {"__index__": lambda self: 1 // 0})()
    with pytest.raises(InvalidContextError, match="seed"):
        Game(T4, bad)
    from yakuman.game import VecGame

    with pytest.raises(InvalidContextError, match="seed"):
        VecGame(2, seed=bad)


def test_attack3_a_forged_record_in_a_pickle_is_refused_by_determinize():
    g = _valid_state()
    state = g.__getstate__()
    ev = list(state["events"])
    for events in (ev[:-1] + [dict(ev[-1], actor="x")], ev[:-1] + [{"type": "dahai"}],
                   ev + [{"type": "tsumo", "actor": 0, "pai": "5m"}] * 5000):
        forged = dict(state, events=events)
        forged["digest"] = _state_digest(forged)
        h = Game.__new__(Game)
        h.__setstate__(forged)
        with pytest.raises(InvalidContextError, match="record"):   # TypeError / KeyError / ValueError before
            h.determinize(1, 5)


def test_attack3_from_raw_takes_compiled_rules_and_bytes_only():
    from yakuman import _core

    cr = _core.compiled_game_rules(T4)
    raw = Game(T4, 1)._st.raw()
    for data in (bytearray(raw), memoryview(raw), raw.decode("latin-1"), None):
        with pytest.raises(InvalidContextError, match="from_raw"):   # TypeError before
            _core.GameState.from_raw(cr, data)
    with pytest.raises(InvalidContextError, match="from_raw"):
        _core.GameState.from_raw(T4, raw)
    assert _core.GameState.from_raw(cr, raw).raw() == raw


def test_attack3_a_huge_integer_is_named_in_the_error_not_raised_on():
    # an int of more than 4,300 digits cannot be written in decimal: the error message itself
    # raised ValueError before
    from yakuman.errors import IllegalActionError
    from yakuman.game import Action

    big = 10**5000
    g = Game(T4, 1)
    for call, err in ((lambda: g.step({"type": "dahai", "actor": big}), IllegalActionError),
                      (lambda: g.step(Action("dahai", big, "1m")), IllegalActionError),
                      (lambda: g.step({big: {"type": "none"}}), InvalidContextError),
                      (lambda: g.legal_actions(big), InvalidContextError),
                      (lambda: g.observation(big), InvalidContextError),
                      (lambda: g.action_of_index(0, big), IllegalActionError),
                      (lambda: g.determinize(big, 1), InvalidContextError),
                      (lambda: Game(T4, 1, honba=big), InvalidContextError),
                      (lambda: Game(T4, 1, scores=[big, 0, 0, 0]), InvalidContextError)):
        with pytest.raises(err, match="integer of 16610 bits"):
            call()


def test_attack3_an_index_that_raises_is_a_bad_integer_everywhere():
    # _arrays.as_int, the one integer test, let an object's own __index__ error out
    from yakuman.errors import InvalidArgumentError
    from yakuman.game import VecGame
    from yakuman.game.vec import replay_indices

    bad = type("I", (), {"__index__": lambda self: 1 // 0})()
    v = VecGame(2, seed=1, workers=1)
    with pytest.raises(InvalidArgumentError, match="game"):
        v.history(bad)
    with pytest.raises(InvalidArgumentError, match="action 0"):
        replay_indices(1, [bad])
    with pytest.raises(InvalidContextError, match="scores"):
        Game(T4, 1, scores=[bad, 0, 0, 0])
