"""Fuzz score(): any input gives a Score or a YakumanError (never a crash, another exception or an
internal assertion), and the native fast path never refuses what the Python validation accepts."""

from hypothesis import given, settings
from hypothesis import strategies as st

import yakuman
from yakuman.errors import YakumanError
from yakuman.rules import Rules

tile = st.sampled_from([f"{d}{s}" for s in "mps" for d in "0123456789"] + [f"{d}z" for d in "01234567"])
hand = st.one_of(
    st.lists(tile, min_size=1, max_size=16).map("".join),
    st.lists(st.integers(-2, 140), min_size=1, max_size=16),
    st.lists(st.integers(-1, 5), min_size=34, max_size=34),
)
meld = st.one_of(
    st.tuples(st.sampled_from(["chi", "pon", "minkan", "kakan", "ankan", "pan"]),
              st.lists(tile, min_size=3, max_size=4).map("".join)).map(" ".join),
    st.just("pon 777z"), st.just("chi 234m"), st.just("ankan 1111p"),
)
flags = st.fixed_dictionaries({}, optional={
    name: st.one_of(st.booleans(), st.just(1), st.just("yes"))
    for name in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
                 "tenhou", "chiihou", "renhou")})
other = st.fixed_dictionaries({}, optional={
    "seat_wind": st.sampled_from(["E", "S", "W", "N", "X", 0, 3, 4]),
    "round_wind": st.sampled_from(["E", "S", "x", 1]),
    "dora": st.one_of(st.lists(tile, max_size=6), st.lists(tile, max_size=6).map("".join)),
    "ura": st.lists(tile, max_size=3),
    "kita": st.integers(-1, 5), "honba": st.integers(-1, 1001), "riichi_sticks": st.integers(0, 3),
    "rules": st.sampled_from([None, Rules.tenhou_sanma(), Rules.ema(), Rules().replace(aka_dora=0)]),
})


@settings(max_examples=3000, deadline=None)
@given(hand, st.one_of(tile, st.integers(-1, 140)), st.lists(meld, max_size=4), flags, other)
def test_score_never_crashes(h, win, melds, fl, kw):
    try:
        s = yakuman.score(h, win, melds, **fl, **kw)
    except YakumanError:
        return
    assert isinstance(s, yakuman.Score)
    if s.is_win:
        assert s.points > 0 and s.han > 0


@settings(max_examples=1500, deadline=None)
@given(st.lists(tile, min_size=14, max_size=14).map("".join), tile, flags,
       st.sampled_from([None, Rules.tenhou_sanma()]))
def test_fourteen_tile_hands(h, win, fl, rules):
    try:
        yakuman.score(h, win, **fl, rules=rules)
    except YakumanError:
        pass
