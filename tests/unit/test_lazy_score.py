"""The lazy Score: a Score made by score() holds the native result and builds its lists on first
access. It must equal, field by field, the Score built all at once from the same native result
(``_score_public(..., eager=True)``, the construction used before), and keep the named-tuple
behaviour: index, len, iteration, unpacking, _fields/_asdict/_replace/_make, equality and ordering
with the tuple of its values, that tuple's hash (not hashable: it holds lists), pickling,
immutability."""

from __future__ import annotations

import copy
import pickle

import pytest

import yakuman
from yakuman import _core
from yakuman.random import FLAG_BITS, winning_hands
from yakuman.result import Payment, Score, Status
from yakuman.rules import Rules
from yakuman.yaku import Yaku

FIELDS = ("status", "reason", "yaku", "han", "fu", "fu_details", "limit", "yakuman", "points", "payment",
          "decomposition")
PRESETS = {
    "tenhou": (Rules.tenhou(), 4),
    "mahjongsoul": (Rules.mahjongsoul(), 4),
    "ema": (Rules.ema(), 4),
    "tenhou_sanma": (Rules.tenhou_sanma(), 3),
}


def _public(cr, kw, eager):
    flags = sum(bit for name, bit in FLAG_BITS.items() if kw.get(name))
    return _core._score_public(cr, kw["hand"], kw["win"], kw["melds"], flags, kw.get("seat_wind", "E"),
                               kw.get("round_wind", "E"), kw.get("dora", ()), kw.get("ura", ()),
                               kw.get("kita", 0), kw.get("honba", 0), kw.get("riichi_sticks", 0), 0, eager)


def _assert_same(lazy, eager, where):
    assert isinstance(lazy, Score) and type(eager) is tuple and len(eager) == 11, where
    for i, name in enumerate(FIELDS):
        got, want = getattr(lazy, name), eager[i]
        assert type(got) is type(want) and got == want, (where, name, got, want)
    assert tuple(lazy) == eager and lazy == eager and eager == lazy, where


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_lazy_fields_equal_the_eager_construction(preset):
    rules, players = PRESETS[preset]
    cr = _core.compiled_rules(rules)
    h = winning_hands(1500, seed=4242, players=players, aka=1 if rules.aka_dora else 0, renhou=0.02)
    seen = set()
    for i in range(len(h)):
        kw = h.kwargs(i)
        lazy, eager = _public(cr, kw, False), _public(cr, kw, True)
        assert lazy is not None and eager is not None, (preset, i, kw)
        if i % 2:   # read the fields in another order first: each lazy field stands alone
            assert lazy.decomposition == eager[10] and lazy.payment == eager[9] and lazy.yaku == eager[2]
        _assert_same(lazy, eager, (preset, i, kw))
        assert yakuman.score(**kw, rules=rules) == eager, (preset, i)
        seen.add(int(eager[0]))
    assert Status.OK in seen


def test_lazy_fields_of_non_wins_equal_the_eager_construction():
    cr = _core.compiled_rules(None)
    cases = [
        dict(hand="123m456p789s11222z", win="2z"),                                         # NO_YAKU
        dict(hand="123m456p789s1122z", win="2z", melds=[]),                                  # 13 tiles: not parsed here
        dict(hand="123456789m12346p", win="6p"),                                             # NOT_COMPLETE
        dict(hand="234567m34588p", win="8p", melds=["chi 567s"], riichi=True),             # INVALID_SITUATION
        dict(hand="234567m34588p567s", win="5s", rinshan=True, tsumo=True),                # rinshan without a kan
        dict(hand="111m234p567s88p789s", win="1m", chankan=True),                          # chankan, other copies held
    ]
    statuses = set()
    for kw in cases:
        kw.setdefault("melds", [])
        lazy, eager = _public(cr, kw, False), _public(cr, kw, True)
        if eager is None:
            assert lazy is None
            continue
        _assert_same(lazy, eager, kw)
        assert yakuman.score(**kw) == eager
        statuses.add(eager[0])
        if eager[0] != Status.OK:
            assert lazy.reason and lazy.yaku == [] and lazy.payment == Payment() and lazy.decomposition == ()
    assert {Status.NO_YAKU, Status.NOT_COMPLETE, Status.INVALID_SITUATION} <= statuses
    chankan = yakuman.score("111m234p567s88p789s", "1m", chankan=True)
    assert chankan.status == Status.INVALID_SITUATION and "chankan on 1m" in chankan.reason


def _ids(counts, reds, win, win_red):
    """136-ids of concealed counts (a red five is copy 0) and the winning tile's id."""
    ids, win_id = [], None
    for k, n in enumerate(counts):
        red = reds[k // 9] if k < 27 and k % 9 == 4 else 0
        for j in range(n):
            t = 4 * k + (j if red else j + (1 if k < 27 and k % 9 == 4 else 0))
            ids.append(t)
            if k == win and win_id is None and (j < red) == win_red:
                win_id = t
    return ids, win_id


def test_136_ids_score_as_mpsz():
    h = winning_hands(1000, seed=99)
    checked = 0
    for i in range(len(h)):
        kw = h.kwargs(i)
        ids, win_id = _ids(h.counts[i].tolist(), h.reds[i].tolist(), int(h.win[i]), bool(h.win_red[i]))
        if win_id is None or max(h.reds[i]) > 1:
            continue
        by_mpsz = yakuman.score(**kw)
        kw["hand"], kw["win"] = ids, win_id
        assert yakuman.score(**kw) == by_mpsz, (i, kw)
        checked += 1
    assert checked > 900
    # the winning id must be one of the hand's ids; a duplicate id is refused with its error
    with pytest.raises(yakuman.errors.InvalidTilesError):
        yakuman.score([0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17], 18)
    with pytest.raises(yakuman.errors.InvalidTilesError, match="duplicate"):
        yakuman.score([0, 0, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17], 0)


def test_lazy_fields_are_built_once_and_kept():
    s = yakuman.score("234567m34588p567s", "5s", riichi=True, dora="1m", ura="1z")
    assert s.yaku is s.yaku and s.fu_details is s.fu_details and s.payment is s.payment
    assert s.decomposition is s.decomposition
    assert s[2] is s.yaku and s[9] is s.payment


def test_tuple_protocol():
    s = yakuman.score("234567m34588p567s", "5s", riichi=True, dora="1m")
    t = tuple(s)
    assert len(s) == 11 and list(s) == list(t) and s[3] == 4 and s[-1] == t[-1] and s[1:4] == t[1:4]
    status, reason, yaku, han, fu, fu_details, limit, ym, points, payment, decomposition = s
    assert (status, han, fu, points, payment) == (Status.OK, 4, 30, 11600, (11600, 0, 0, 11600, 0))
    assert s._fields == FIELDS and Score._fields == FIELDS and Score.__match_args__ == FIELDS
    assert s._asdict() == dict(zip(FIELDS, t))
    assert 4 in s and s.count(4) == 1 and s.index(30) == 4
    r = s._replace(han=5, points=1)
    assert isinstance(r, Score) and r.han == 5 and r.points == 1 and r.yaku == s.yaku and s.han == 4
    with pytest.raises(ValueError):
        s._replace(bogus=1)
    assert Score._make(t) == s
    with pytest.raises(TypeError):
        Score._make(t[:3])
    match s:
        case Score(status=Status.OK, han=4, fu=30):
            pass
        case _:   # pragma: no cover - the match above must take
            pytest.fail("pattern matching on the fields")
    assert s.is_win and s.mask == Yaku.RIICHI | Yaku.PINFU | Yaku.TANYAO | Yaku.DORA | Yaku.URA_DORA and s.yaku_han == 3


def test_constructed_from_values_like_the_named_tuple():
    s = Score(Status.NO_YAKU, reason="x")
    assert tuple(s) == (Status.NO_YAKU, "x", [], 0, 0, [], None, 0, 0, Payment(), ())
    assert not s.is_win and repr(s) == "<Score NO_YAKU: x>"
    yaku = [(Yaku.RIICHI, 1)]
    w = Score(Status.OK, "", yaku, 1, 30, [("futei", 20)], None, 0, 1000, Payment(1000, 0, 0, 1000), ["11m"])
    assert w.yaku == yaku and w.yaku is not yaku and w.decomposition == ("11m",)   # its own list; a tuple
    assert w.is_win and w.yaku_han == 1
    with pytest.raises(TypeError):
        Score()
    with pytest.raises(TypeError):
        Score(Status.OK, bogus=1)


def test_equality_ordering_and_hash_follow_the_tuple():
    a = yakuman.score("234567m34588p567s", "5s", riichi=True, dora="1m")
    b = yakuman.score("234567m34588p567s", "5s", riichi=True, dora="1m")
    c = yakuman.score("234567m34588p567s", "5s", riichi=True, dora="9p")
    assert a == b and not a != b and a != c and not a == c and a is not b
    assert a == tuple(b) and tuple(a) == b and a != list(a) and a != 1
    assert (a < c) == (tuple(a) < tuple(c)) and (a > c) == (tuple(a) > tuple(c))
    assert a <= b and a >= b and (a < tuple(c)) == (tuple(a) < tuple(c))
    with pytest.raises(TypeError):
        a < 1   # noqa: B015
    with pytest.raises(TypeError, match="unhashable type: 'list'"):
        hash(a)
    with pytest.raises(TypeError, match="unhashable type: 'list'"):
        hash(tuple(a))
    assert a in [c, b] and a not in [c]


def test_pickle_and_copy_round_trip():
    wins = [yakuman.score("234567m34588p567s", "5s", riichi=True, dora="1m", ura="1z"),
            yakuman.score("111999m333p555s22z", "2z", seat_wind="W"),
            yakuman.score("19m19p19s1234567z1m", "1m"),
            yakuman.score("11m", "1m", ["pon 777z", "chi 234m", "ankan 1111p", "minkan 5555s"]),
            yakuman.score("123m456p789s11222z", "2z")]
    for s in wins:
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(s, protocol=proto))
            assert type(back) is Score and back == s and tuple(back) == tuple(s)
            assert repr(back) == repr(s) and str(back) == str(s) and back._repr_html_() == s._repr_html_()
        assert copy.copy(s) == s and copy.deepcopy(s) == s


def test_immutable():
    s = yakuman.score("234567m34588p567s", "5s", riichi=True)
    for name in FIELDS + ("is_win", "mask"):
        with pytest.raises(AttributeError):
            setattr(s, name, 1)
        with pytest.raises(AttributeError):
            delattr(s, name)
    with pytest.raises(AttributeError):
        s.other = 1
    with pytest.raises(TypeError):
        s[0] = 1
    assert s.han == 3


def test_readings_are_scores_with_their_decomposition():
    rs = yakuman.readings("111222333m456p77s", "7s")
    assert rs and all(isinstance(r, Score) for r in rs)
    assert rs[0] == yakuman.score("111222333m456p77s", "7s")
    for r in rs:
        assert r.decomposition and pickle.loads(pickle.dumps(r)) == r
