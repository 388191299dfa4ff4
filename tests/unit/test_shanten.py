import numpy as np
import pytest

import yakuman
from yakuman import is_agari, shanten, waits
from yakuman.errors import InvalidTilesError


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("23456m567p789s33s", 0),          # docs/rules.md 2.2
        ("119m19p19s123456z", 0),          # kokushi tenpai
        ("1111m2233p4455s6z", 2),          # four of a kind is not two pairs
        ("123m456p789s11222z", -1),
        ("11223344556677z", -1),           # chiitoitsu of honors
        ("19m19p19s12345677z", -1),        # kokushi complete
        ("1111m", 1),                      # k=3: 111m + a pair of another kind: 2 draws
        ("1m", 0),                         # k=4 tanki
        ("11m", -1),
        ("13579m13579p135s", 4),
    ],
)
def test_shanten_examples(hand, expected):
    assert shanten(hand) == expected


def test_forms():
    hand = "1122m3344p5566s7z"
    assert shanten(hand, form="chiitoitsu") == 0
    assert shanten(hand, form="regular") == 3  # four pairs as partial sets + a head
    assert shanten(hand) == 0
    assert shanten("19m19p19s1234567z", form="kokushi") == 0
    assert shanten("19m19p19s1234567z", form="regular") == 8
    assert shanten("123m456p789s1234z", form="chiitoitsu") == 6  # 13 kinds, no pair
    with pytest.raises(ValueError, match="unknown form 'seven'"):
        shanten("123m456p789s1122z", form="seven")


def test_chiitoitsu_and_kokushi_only_closed():
    # 10 tiles = one called meld: the special forms do not apply
    assert shanten("1122m3344p55s", form="chiitoitsu") == 99
    assert shanten("1122m3344p55s", form="kokushi") == 99


def test_four_copy_awareness():
    # 1111m + 234m... : waiting only on a fifth 1m would not count
    assert waits("1111m234p567s789s") == []
    assert shanten("1111m234p567s789s") == 1
    # Pure chinitsu with all four 1m and 9m held
    assert waits("1111234567999m") == ["4m", "7m", "8m"]
    assert "1m" not in waits("1111234567999m")


_OTHER_SETS = {0: "234p567p789s", 1: "234m567m789s", 2: "234m567p789p", 3: "123m456p789s"}


def _name(k: int) -> str:
    return yakuman.tiles.to_mpsz([int(i == k) for i in range(34)])


@pytest.mark.parametrize("kind", range(34), ids=_name)
def test_waits_beside_four_of_a_kind(kind):
    """Four copies of every kind (the last rank of a suit and chun too, where a fifth copy would
    run past the pattern keys) beside three sets of other suits: the waits are exactly the kinds
    not all held whose draw completes the hand, never the four-held kind."""
    c = yakuman.tiles.to_counts(_OTHER_SETS[min(kind // 9, 3)])
    c[kind] += 4
    expected = []
    for t in range(34):
        if c[t] < 4:
            c[t] += 1
            if is_agari(c):
                expected.append(_name(t))
            c[t] -= 1
    got = waits(c)
    assert got == expected
    assert _name(kind) not in got


def test_agari():
    assert is_agari("123m456p789s11222z")
    assert not is_agari("123m456p789s11223z")
    assert is_agari("22334455667788m")
    assert not is_agari("1111m2233p4455s66z")  # EX15: not a win
    with pytest.raises(InvalidTilesError, match="13 tiles given, 14 expected for a complete hand"):
        is_agari("123m456p789s1122z")


def test_waits():
    assert waits("23456m567p789s33s") == ["1m", "4m", "7m"]
    assert waits("1112345678999m") == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert waits("19m19p19s1234567z") == ["1m", "9m", "1p", "9p", "1s", "9s"] + [
        "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert waits("123m456p789s1122z") == ["1z", "2z"]
    with pytest.raises(InvalidTilesError, match="14 tiles given, 13 expected for waits"):
        waits("123m456p789s11222z")


def test_tile_count_inference():
    # 4 tiles = 13 - 3*3: three called melds, a set plus a tanki wait
    assert shanten("123m5p") == 0
    assert waits("123m5p") == ["5p"]


@pytest.mark.parametrize(
    "tiles, kwargs, message",
    [
        ("123m456p789s112z", {}, "12 tiles given: a hand has 13-3k or 14-3k concealed tiles (k = 0..4 melds)"),
        ("", {}, "0 tiles given: a hand has 13-3k or 14-3k concealed tiles (k = 0..4 melds)"),
        ("123m456p789s112233z", {}, "15 tiles given: a hand has 13-3k or 14-3k concealed tiles (k = 0..4 melds)"),
        ("123m456p789s1122z", {"melds": 1}, "13 tiles given, 10 or 11 expected with 1 melds"),
        ("123m456p789s1122z", {"melds": 5}, "5 melds given, 0..4 expected"),
        ("11111m456p789s112z", {}, "five copies of 1m"),
        (3.5, {}, "tiles must be an mpsz string, 136-ids or 34 counts, not float"),
    ],
)
def test_shanten_errors(tiles, kwargs, message):
    with pytest.raises(InvalidTilesError) as e:
        shanten(tiles, **kwargs)
    assert str(e.value) == message


def test_melds_argument():
    assert shanten("234m567p11s789s", melds=1) == shanten("234m567p11s789s") == -1
    assert shanten("234m567p11s78s", melds=["pon 777z"]) == 0


def test_input_forms_agree():
    hand = "24m3567p22s113z"
    counts = yakuman.tiles.to_counts(hand)
    ids = yakuman.tiles.to_136(counts)
    assert shanten(hand) == shanten(counts) == shanten(tuple(counts)) == shanten(ids)
    assert shanten(np.array(counts, dtype=np.uint8)) == shanten(hand)
    assert shanten(np.array(ids)) == shanten(hand)
