"""The public ``score`` entry point (a METH_FASTCALL builtin with its own keyword reading,
``_core_score.pxi``): every way of passing the arguments gives the result of the full Python
validation path (``score_checked``), and anything it does not read in place -- unknown or
repeated parameters, too few or too many positional arguments, flags that are not bools --
behaves exactly as the signature says (the same TypeErrors a Python function raises).
"""

from __future__ import annotations

import inspect
import pickle
import re

import pytest

import yakuman
from yakuman import score
from yakuman.errors import YakumanError
from yakuman.random import winning_hands
from yakuman.rules import Rules
from yakuman.scoring import score_checked

HAND = "123m456p789s11z222z"
SIGNATURE = ("(hand, win, melds=(), *, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, "
             "rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, "
             "renhou=False, seat_wind='E', round_wind='E', dora=(), ura=(), kita=0, honba=0, "
             "riichi_sticks=0, rules=None, pao_seat=None, from_seat=None, open_riichi=False, sashikomi=False, "
             "paarenchan=0)")


def _fresh(name: str) -> str:
    """An equal str that is not the interned object (a caller's computed keyword name)."""
    s = "".join([name[:1], name[1:]])
    assert s == name
    return s


def _outcome(fn, *args, **kw):
    """The Score, or the error's type and text."""
    try:
        return fn(*args, **kw)
    except YakumanError as e:
        return type(e), str(e)


def test_signature_doc_and_pickle():
    assert str(inspect.signature(score)) == SIGNATURE
    assert score.__doc__.startswith("Score one winning hand")
    assert score.__name__ == "score" and score.__module__ == "yakuman._core"
    assert pickle.loads(pickle.dumps(score)) is score
    assert yakuman.score is score


def test_corpus_every_argument_form_equals_the_checked_path():
    """Random winning hands (closed and with melds, all situation flags, dora/ura, honba,
    sticks, sanma rules): keyword order, computed (non-interned) names, melds and the hand/win
    by keyword, defaults passed explicitly -- all give score_checked's result."""
    for rules, players in ((Rules.tenhou(), 4), (Rules.tenhou_sanma(), 3)):
        h = winning_hands(300, seed=5150 + players, players=players)
        for i in range(len(h)):
            kw = h.kwargs(i)
            hand, win, melds = kw.pop("hand"), kw.pop("win"), kw.pop("melds")
            want = score_checked(hand, win, melds, rules=rules, **kw)
            assert score(hand, win, melds, rules=rules, **kw) == want
            rev = dict(reversed(list(kw.items())))
            assert score(hand, win, melds=melds, rules=rules, **rev) == want
            fresh = {_fresh(k): v for k, v in kw.items()}
            assert score(hand=hand, win=win, melds=melds, **fresh, **{_fresh("rules"): rules}) == want
            full = dict(kw)
            for flag in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                         "houtei", "tenhou", "chiihou", "renhou"):
                full.setdefault(flag, False)
            full.setdefault("kita", 0)
            assert score(hand, win, melds, rules=rules, pao_seat=None, from_seat=None, **full) == want


def test_flags_that_are_not_bools_take_the_full_path():
    for value in (1, 0, None, "yes"):
        try:
            want = score_checked(HAND, "2z", riichi=value)
        except YakumanError as e:
            with pytest.raises(type(e), match=re.escape(str(e))):
                score(HAND, "2z", riichi=value)
        else:
            assert score(HAND, "2z", riichi=value) == want


@pytest.mark.parametrize("call,message", [
    (lambda: score(HAND), r"score\(\) takes at least 2 positional arguments \(1 given\)"),
    (lambda: score(), r"score\(\) takes at least 2 positional arguments \(0 given\)"),
    (lambda: score(HAND, "2z", (), ()), r"score\(\) takes at most 3 positional arguments \(4 given\)"),
    (lambda: score(HAND, "2z", (), melds=()), r"score\(\) got multiple values for keyword argument 'melds'"),
    (lambda: score(HAND, "2z", hand=HAND), r"score\(\) got multiple values for keyword argument 'hand'"),
    (lambda: score(HAND, "2z", foo=1), r"score\(\) got an unexpected keyword argument 'foo'"),
    (lambda: score(HAND, "2z", riichi=True, Riichi=True), r"unexpected keyword argument 'Riichi'"),
    (lambda: score(HAND, win="2z", tsumo=True, bogus=None), r"unexpected keyword argument 'bogus'"),
])
def test_argument_errors_are_the_signature_s(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_every_keyword_reaches_its_parameter():
    """One keyword at a time, by the interned and by a computed name: each changes the result
    as score_checked says (so no name is read into the wrong parameter)."""
    hand, win = "234m567p55s666z888s", "5s"
    cases = {"tsumo": True, "riichi": True, "double_riichi": True, "ippatsu": False, "rinshan": False,
             "chankan": False, "haitei": True, "houtei": True, "tenhou": False, "chiihou": False,
             "renhou": False, "seat_wind": "S", "round_wind": "W", "dora": "4s", "ura": ["5z"], "kita": 0,
             "honba": 3, "riichi_sticks": 2, "rules": Rules.tenhou().replace(kuitan=False)}
    seen = set()
    for name, value in cases.items():
        want = _outcome(score_checked, hand, win, **{name: value})
        for k in (name, _fresh(name)):
            assert _outcome(score, hand, win, **{k: value}) == want, name
        seen.add(want if isinstance(want, tuple) else (want.status, want.han, want.fu, want.points, want.payment))
    assert len(seen) >= 8   # the values above change the result (or are refused) in different ways
    s = score(hand, win, tsumo=True, riichi=True, ura="5z", honba=3, riichi_sticks=2, seat_wind="S")
    assert s == score_checked(hand, win, tsumo=True, riichi=True, ura="5z", honba=3, riichi_sticks=2,
                              seat_wind="S")
    assert s.payment.total > score(hand, win, tsumo=True, riichi=True).payment.total


def test_pao_goes_through_the_checked_path():
    args = ("234m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"])
    for kw in ({"pao_seat": 2, "from_seat": 1}, {"pao_seat": 2, "tsumo": True}, {"from_seat": 3}):
        assert score(*args, seat_wind="S", **kw) == score_checked(*args, seat_wind="S", **kw)
