"""Fuzz the tile parsers and the native entry points: any input gives a result or a
YakumanError with the same message as the reference parser, never a crash or another exception."""

from hypothesis import given, settings
from hypothesis import strategies as st

import yakuman
from yakuman import tiles
from yakuman._reference import tiles as ref
from yakuman.errors import YakumanError

mpsz_alphabet = st.sampled_from(list("0123456789mpsz ,_xMP5"))


def outcome(fn, *args, **kw):
    try:
        return ("ok", fn(*args, **kw))
    except YakumanError as e:
        return ("error", str(e))


@settings(max_examples=2000, deadline=None)
@given(st.text(mpsz_alphabet, max_size=40))
def test_mpsz_native_equals_reference(s):
    assert outcome(tiles.parse_mpsz, s) == outcome(ref.parse_mpsz, s)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=30))
def test_mpsz_any_unicode(s):
    assert outcome(tiles.parse_mpsz, s) == outcome(ref.parse_mpsz, s)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.integers(-5, 140), max_size=20))
def test_136_native_equals_reference(ids):
    assert outcome(tiles.parse_136, ids) == outcome(ref.parse_136, ids)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(
    st.text(mpsz_alphabet, max_size=25),
    st.lists(st.integers(-3, 200), min_size=34, max_size=34),
    st.lists(st.integers(-3, 140), max_size=18),
))
def test_entry_points_never_crash(x):
    for fn in (yakuman.shanten, yakuman.waits, yakuman.is_agari, yakuman.ukeire):
        try:
            fn(x)
        except YakumanError:
            pass


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_counts_round_trip_through_every_form(c):
    reds = tuple(min(c[9 * s + 4], 1) for s in range(3))
    s = tiles.to_mpsz(c, reds)
    assert tiles.parse_mpsz(s) == (tuple(c), reds)
    ids = tiles.to_136(c, reds)
    assert tiles.parse_136(ids) == (tuple(c), reds)
    assert tiles.from_mjai(tiles.to_mjai(c, reds)) == (tuple(c), reds)
