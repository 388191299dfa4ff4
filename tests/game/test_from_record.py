"""Game.from_record / Game.from_mjai: a live engine game at any decision of a record.

At every decision the record driver stops at (``yakuman.game.records.decisions``), the rebuilt
Game's legal actions hold the record's action for every seat to act, and stepping the record's
actions on from there plays the record: the round ends with the record's deltas and the next
hand is the record's."""

from __future__ import annotations

import json

import pytest

from tests.conftest import FIXTURES, SHARED_DATA, SKIP_REASON
from yakuman import logs
from yakuman.errors import InvalidContextError
from yakuman.game import Action, Game
from yakuman.game.records import decisions, position, record_action, record_step
from yakuman.logs.events import RoundStart, Ryuukyoku, Win

LOGS = FIXTURES / "logs"
FILES = sorted(p for p in LOGS.iterdir() if p.suffix in (".mjlog", ".json", ".mjai"))


def _points(record):
    """Every decision of the record: (round index, event index, seats to act)."""
    out = []

    def hook(ri, rr, at):
        m = rr.st.to_act()
        out.append((ri, at, tuple(q for q in range(rr.n) if (m >> q) & 1)))

    rc = decisions(record, hook=hook)
    assert rc.illegal == rc.disagreements == 0
    return out


def _record_step(g: Game, evs, at: int, seats: tuple) -> None:
    """Step every seat's record action (the record's own tile ids), in turn order after the discarder."""
    codes = []
    for q in seats:
        legal = g.legal_actions(q)
        a, code = record_step(evs, at, q, legal)
        assert a is not None, (at, q, evs[at], legal)
        codes.append(Action(a.type, q, a.pai, a.consumed, a.target, a.tsumogiri, _code=code))
    if len(codes) == 1:
        g.step(codes[0])
    else:
        g.step({a.actor: a for a in codes})


def _round_end(evs, at: int):
    """The index of the round's first result event after ``at`` and the next RoundStart (or None)."""
    j = at
    while type(evs[j]) not in (Win, Ryuukyoku) or (type(evs[j]) is Ryuukyoku and evs[j].reason == "kyuushu_kyuuhai"
                                                    and j == at):
        j += 1
    nxt = next((evs[k] for k in range(j, len(evs)) if type(evs[k]) is RoundStart), None)
    return j, nxt


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_decision_rebuilds_and_plays_the_record_on(path):
    (record,) = logs.read(path)
    evs = record.events
    pts = _points(record)
    assert len(pts) > 30
    checked = 0
    for k, (ri, at, seats) in enumerate(pts):
        g = Game.from_record(record, at)
        assert g.to_act == seats
        for q in seats:   # the record's action is legal for every seat to act
            assert record_action(evs, at, q, g.legal_actions(q)) is not None
        if k % 3:
            continue
        # play the record on to the round's end
        rest = [p for p in pts[k:] if p[0] == ri]
        for _, at2, seats2 in rest:
            assert g.to_act == seats2
            _record_step(g, evs, at2, seats2)
        end, nxt = _round_end(evs, rest[-1][1])
        results = [evs[end]]
        while type(results[0]) is Win and end + len(results) < len(evs) and type(evs[end + len(results)]) is Win:
            results.append(evs[end + len(results)])   # a double ron: each win with its own deltas
        if all(r.deltas is not None for r in results):
            total = tuple(sum(r.deltas[q] for r in results) for q in range(g.rules.players))
            assert tuple(g.rounds[-1].deltas) == total
        if nxt is not None:
            assert g.scores == tuple(nxt.scores)
        checked += 1
    assert checked > 10


def test_upto_between_decisions_is_the_next_decision():
    (record,) = logs.read(LOGS / "fixture4.mjlog")
    pts = _points(record)
    (_, a, _), (_, b, _) = pts[5], pts[6]
    for upto in range(a + 1, b + 1):
        p = position(record, upto)
        assert p.event == b
    g1, g2 = Game.from_record(record, a + 1), Game.from_record(record, b)
    assert g1._st.raw() == g2._st.raw()


def test_past_the_last_decision_is_refused():
    (record,) = logs.read(LOGS / "fixture4.mjlog")
    with pytest.raises(InvalidContextError, match="no decision"):
        Game.from_record(record, len(record.events))
    with pytest.raises(InvalidContextError, match="not an event index"):
        Game.from_record(record, -1)


def test_the_same_position_from_every_format():
    for stem in ("fixture4", "fixture4b", "fixture3"):
        recs = [logs.read(LOGS / f"{stem}{ext}")[0] for ext in (".mjlog", ".json", ".mjai")]
        pts = [_points(r) for r in recs]
        assert len(pts[0]) == len(pts[1]) == len(pts[2])
        for k in range(0, len(pts[0]), 7):
            games = [Game.from_record(r, p[k][1]) for r, p in zip(recs, pts)]
            obs = [g.observation(g.to_act[0]) for g in games]
            assert obs[0].hand == obs[1].hand == obs[2].hand
            assert set(obs[0].legal_actions) == set(obs[1].legal_actions) == set(obs[2].legal_actions)


def test_determinize_keeps_what_the_seat_sees():
    (record,) = logs.read(LOGS / "fixture4.mjlog")
    at = _points(record)[20][1]
    g = Game.from_record(record, at)
    seat = g.to_act[0]
    d = g.determinize(seat, 7)
    assert d.observation(seat).hand == g.observation(seat).hand
    assert d.legal_actions(seat) == g.legal_actions(seat)
    assert d._st.raw() != g._st.raw()   # the hidden tiles were dealt again
    assert d.check() == 0


def _one_seat_view(events: list[dict], seat: int) -> list[dict]:
    """mjai events as ``seat`` sees them (others' dealt tiles and draws "?"), as the engine shows
    them to a bot: yakuman.game.mjai.mask_event."""
    from yakuman.game.mjai import mask_event

    return [mask_event(d, seat) for d in events]


@pytest.mark.parametrize("stem", ["fixture4", "fixture4b", "fixture3"])
def test_from_mjai_one_seat_view(stem):
    events = [json.loads(x) for x in (LOGS / f"{stem}.mjai").read_text().splitlines() if x.strip()]
    full = [Game.from_mjai(events, upto=k) for k in (8, 15, 30)]
    for seat in range(3 if stem == "fixture3" else 4):
        view = _one_seat_view(events, seat)
        for k, g_full in zip((8, 15, 30), full):
            g = Game.from_mjai(view, upto=k)
            assert (seat in g.to_act) == (seat in g_full.to_act)
            o, of = g.observation(seat), g_full.observation(seat)
            assert (o.hand, o.discards, o.melds, o.dora_indicators) == \
                (of.hand, of.discards, of.melds, of.dora_indicators)
            if g._st.phase() == 0:   # while a discard is answered a riichi stick may still be pending
                assert o.scores == of.scores
            assert g.legal_actions(seat) == g_full.legal_actions(seat)
            assert g.check() == 0


def test_from_mjai_refuses_an_impossible_view():
    events = [json.loads(x) for x in (LOGS / "fixture4.mjai").read_text().splitlines() if x.strip()]
    view = _one_seat_view(events, 0)
    k = next(i for i, d in enumerate(view) if d["type"] == "dahai" and d["actor"] == 1)
    view[k] = dict(view[k], pai=view[1 if view[1]["type"] == "start_kyoku" else 2]["dora_marker"])
    bad = view[: k + 1] * 1
    # five of a kind: the dora indicator's kind shown four more times by seat 1's discards
    for _ in range(4):
        bad.append(dict(view[k]))
    from yakuman.logs.events import LogFormatError

    with pytest.raises(LogFormatError, match="malformed mjai stream: ValueError: "):
        Game.from_mjai(bad)


@pytest.mark.skipif(not (SHARED_DATA / "tenhou" / "mjlog").is_dir(), reason=SKIP_REASON)
def test_real_records_every_decision_legal():
    files = sorted((SHARED_DATA / "tenhou" / "mjlog").iterdir())[:20]
    n = 0
    for f in files:
        try:
            games = logs.read(f)
        except logs.LogError:
            continue
        for record in games:
            if record.truncated:
                continue
            evs = record.events
            pts = []
            rc = decisions(record, hook=lambda ri, rr, at: pts.append((at, rr.st.to_act())))
            if rc.illegal or rc.disagreements:
                continue
            for at, m in pts[::9]:
                g = Game.from_record(record, at)
                for q in g.to_act:
                    assert record_action(evs, at, q, g.legal_actions(q)) is not None, (f, at, q)
                    n += 1
    assert n > 200


def test_from_mjai_deals_a_hidden_riichi_hand_tenpai():
    """A seat that declares riichi in a one-seat view is dealt a tenpai hand (the engine would
    refuse the declaration otherwise), whatever the seed of the fill."""
    from yakuman import shanten
    from yakuman.logs.mjai import fill_hidden

    events = [json.loads(x) for x in (LOGS / "fixture4.mjai").read_text().splitlines() if x.strip()]
    k = next(i for i, d in enumerate(events) if d["type"] == "reach")
    riichi_seat = events[k]["actor"]
    viewer = (riichi_seat + 1) % 4
    view = _one_seat_view(events, viewer)
    for seed in range(5):
        filled = fill_hidden(view[: k + 3], seed=seed)
        assert all(x != "?" for d in filled for x in ([d.get("pai")] + sum(d.get("tehais", []), [])) if x)
    g = Game.from_mjai(view, upto=k + 2)   # after the declaration's discard
    ids = g._st.seat(riichi_seat)[0]
    assert len(ids) == 13 and shanten(list(ids)) == 0


@pytest.mark.parametrize("upto", [-1, -5, "3", 2.5, True])
def test_from_mjai_refuses_a_bad_upto(upto):
    from yakuman.errors import InvalidArgumentError

    text = (LOGS / "fixture4.mjai").read_text()
    with pytest.raises(InvalidArgumentError, match=f"upto must be None or an event count >= 0, not {upto!r}"):
        Game.from_mjai(text, upto=upto)


@pytest.mark.parametrize("events, match", [
    ([1, 2, 3], "mjai event 0 is not an object with a 'type'"),
    ([{"type": "start_game"}, "x"], "mjai event 1 is not an object with a 'type'"),
    (None, "mjai events must be JSON lines text or a list of event objects, not NoneType"),
    (5, "not int"),
    ({"type": "start_game"}, "not dict"),
    (b"{}", "not bytes"),
])
def test_from_mjai_refuses_what_is_not_an_event_stream(events, match):
    from yakuman.logs.events import LogFormatError

    with pytest.raises(LogFormatError, match=match):
        Game.from_mjai(events)


def test_from_mjai_takes_any_iterable_of_events():
    events = [json.loads(x) for x in (LOGS / "fixture4.mjai").read_text().splitlines() if x.strip()]
    a = Game.from_mjai(events[:40])
    b = Game.from_mjai(e for e in events[:40])
    assert a.observation(0).hand == b.observation(0).hand and a.to_act == b.to_act


@pytest.mark.parametrize("bad", [None, "x", 5, [1, 2]])
def test_a_record_that_is_not_a_record_is_named(bad):
    from yakuman.errors import InvalidContextError
    from yakuman.game.records import check_record, drive, record_walls

    for call in (lambda: Game.from_record(bad, 3), lambda: check_record(bad), lambda: drive(bad),
                 lambda: record_walls(bad)):
        with pytest.raises(InvalidContextError, match=f"a record must be a yakuman.logs Game .yakuman.logs.read., "
                                                      f"not {type(bad).__name__}"):
            call()


def _engine_views():
    from tests.logs.conftest import engine_fixture_files

    out = []
    for p in engine_fixture_files("mjai"):
        players = 3 if p.stem.startswith("engine3") else 4
        out += [(p, s) for s in range(players)]
    return out


def test_whole_one_seat_views_read_with_their_revealed_hands():
    """A one-seat view of a whole game (others' deals and draws hidden; their hands revealed at a
    win or a tenpai draw) is filled consistently to its end: every visible field kept, each hidden
    winner holding exactly the hand its win shows (the tsumo tile its last draw), the ura
    indicators shown at a win counted as seen (never dealt into a hidden hand), a kan or kita on
    the seat's own turn made with the tile just drawn (under riichi it must be), and the filled
    record played by the engine with every decision legal and every result the same: all 76
    views of the 21 engine games (7 of them did before the revealed hands, the ura indicators and
    the kan tile were taken into account)."""
    from collections import Counter

    from yakuman.game.records import check_record
    from yakuman.logs.mjai import fill_hidden, parse_mjai

    views = _engine_views()
    assert len(views) == 76
    for path, seat in views:
        events = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        view = _one_seat_view(events, seat)
        filled = fill_hidden(view)
        (g,) = parse_mjai("\n".join(json.dumps(e) for e in filled))
        assert len(g.events) > 100
        rc = check_record(g)   # the engine plays the filled record: every decision legal, every result the same
        assert (rc.illegal, rc.disagreements) == (0, 0), (path.name, seat, rc.problems[:1])
        for v, f in zip(view, filled):   # visible fields kept; only "?" replaced
            for k, x in v.items():
                if k == "tehais":
                    for h, hf in zip(x, f[k]):
                        assert (h is None and hf is None) or all(y == "?" or y == z for y, z in zip(h, hf))
                elif not (k == "pai" and x == "?"):
                    assert f[k] == x, (path.name, seat, k)
        # each hidden winner's concealed tiles at its win are the ones the win shows
        hands: dict = {}
        for e in filled:
            t, a = e["type"], e.get("actor")
            if t == "start_kyoku":
                hands = {q: Counter(h) for q, h in enumerate(e["tehais"])}
            elif t == "tsumo":
                hands[a][e["pai"]] += 1
            elif t == "dahai":
                hands[a][e["pai"]] -= 1
            elif t in ("chi", "pon", "daiminkan", "ankan"):
                hands[a].subtract(e["consumed"])
            elif t == "kakan" or t == "nukidora":
                hands[a][e["pai"]] -= 1
            elif t == "hora" and a != seat:
                held = +hands[a]
                if e["target"] != a:
                    held[e["pai"]] += 1
                assert held == Counter(e["hora_tehais"]), (path.name, seat, e)


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED_DATA / "tenhou" / "mjlog").is_dir(), reason=SKIP_REASON)
def test_one_seat_views_of_real_games_fill_to_legal_records():
    """The first 150 real Tenhou records, as each seat's mjai view (others' deals and draws
    hidden), filled and played by the engine: every decision legal and every result the same,
    noten hands at an exhaustive draw kept noten and a riichi hand's ankan keeping its waits
    included (about 550 views; the run over the whole corpus is in
    docs/game.md)."""
    from yakuman import logs
    from yakuman.game.records import check_record
    from yakuman.logs.mjai import fill_hidden, parse_mjai, to_mjai

    files = sorted((SHARED_DATA / "tenhou" / "mjlog").iterdir())[:150]
    views = 0
    for f in files:
        for g in logs.read(f):
            if check_record(g).illegal:
                continue   # a record the engine itself stops: not this test's subject
            events = [json.loads(json.dumps(e)) for e in to_mjai(g)]
            for seat in range(g.start.players):
                (h,) = parse_mjai("\n".join(json.dumps(e) for e in fill_hidden(_one_seat_view(events, seat))))
                rc = check_record(h)
                assert (rc.illegal, rc.disagreements) == (0, 0), (f.name, seat, rc.problems[:1])
                views += 1
    assert views >= 500
