import numpy as np
import pytest

from yakuman import tiles
from yakuman.errors import InvalidTilesError, YakumanError
from yakuman._reference import tiles as ref_tiles


def counts_of(**kw):
    c = [0] * 34
    for name, n in kw.items():
        c[tiles.kind(name[1:] if name.startswith("t") else name)] = n
    return c


def test_mpsz_basic():
    c, r = tiles.parse_mpsz("123m406p789s11z")
    assert c[0] == c[1] == c[2] == 1
    assert c[12] == 1 and c[13] == 1 and c[14] == 1  # 4p 5p(red) 6p
    assert c[24] == c[25] == c[26] == 1
    assert c[27] == 2
    assert r == (0, 1, 0)
    assert sum(c) == 11


def test_mpsz_spaces_and_any_order():
    assert tiles.parse_mpsz("11z 789s 406p 123m") == tiles.parse_mpsz("123m406p789s11z")
    assert tiles.parse_mpsz("1m1m1m") == tiles.parse_mpsz("111m")


def test_mpsz_format_canonical_round_trip():
    for s in ["123m406p789s11z", "1112345678999m", "0m055p0s", "1234567z", "19m19p19s1234567z"]:
        c, r = tiles.parse_mpsz(s)
        out = tiles.to_mpsz(c, r)
        assert tiles.parse_mpsz(out) == (c, r)
    assert tiles.to_mpsz(*tiles.parse_mpsz("11z 789s 640p 321m")) == "123m406p789s11z"


@pytest.mark.parametrize(
    "text, message",
    [
        ("123x", "unknown suit letter 'x' at position 3 in '123x'"),
        ("123", "tiles '123' end with digits but no suit letter"),
        ("m", "suit letter 'm' without digits at position 0 in 'm'"),
        ("8z", "'8z' is not a tile (honors are 1z-7z) at position 1 in '8z'"),
        ("0z", "'0z' is not a tile (honors are 1z-7z) at position 1 in '0z'"),
        ("33333p", "five copies of 3p"),
        ("12 3m", "digits without a suit letter at position 2 in '12 3m'"),
        ("5550m", None),
    ],
)
def test_mpsz_errors(text, message):
    if message is None:
        assert tiles.parse_mpsz(text)[0][4] == 4
        return
    with pytest.raises(InvalidTilesError) as e:
        tiles.parse_mpsz(text)
    assert str(e.value) == message
    with pytest.raises(InvalidTilesError) as e2:
        ref_tiles.parse_mpsz(text)
    assert str(e2.value) == message


def test_errors_are_value_errors():
    assert issubclass(InvalidTilesError, YakumanError)
    assert issubclass(InvalidTilesError, ValueError)


def test_136_ids():
    c, r = tiles.parse_136([16, 17, 52, 88, 135])
    assert c[4] == 2 and c[13] == 1 and c[22] == 1 and c[33] == 1
    assert r == (1, 1, 1)
    c, r = tiles.parse_136([16, 52, 88], aka=False)
    assert r == (0, 0, 0)


@pytest.mark.parametrize(
    "ids, message",
    [
        ([0, 136], "136-id 136 out of range 0..135 at index 1"),
        ([-1], "136-id -1 out of range 0..135 at index 0"),
        ([5, 5], "duplicate 136-id 5 at index 1"),
        ([1, "x"], "136-id 'x' at index 1 is not an integer in 0..135"),
    ],
)
def test_136_errors(ids, message):
    with pytest.raises(InvalidTilesError) as e:
        tiles.parse_136(ids)
    assert str(e.value) == message
    with pytest.raises(InvalidTilesError) as e2:
        ref_tiles.parse_136(ids)
    assert str(e2.value) == message


def test_136_round_trip_keeps_kinds_and_reds():
    rng = np.random.default_rng(5)
    for _ in range(500):
        ids = rng.choice(136, size=14, replace=False).tolist()
        c, r = tiles.parse_136(ids)
        ids2 = tiles.to_136(c, r)
        assert tiles.parse_136(ids2) == (c, r)
        # counts+reds -> 136 -> counts+reds is exact, and canonical ids are stable
        assert tiles.to_136(*tiles.parse_136(ids2)) == ids2


def test_counts_forms_agree():
    c, _ = tiles.parse_mpsz("123m456p789s11222z")
    assert tiles.parse(list(c))[0] == c
    assert tiles.parse(tuple(c))[0] == c
    assert tiles.parse(np.array(c, dtype=np.uint8))[0] == c
    assert tiles.parse(np.array(c, dtype=np.int64))[0] == c


@pytest.mark.parametrize(
    "counts, message",
    [
        ([5] + [0] * 33, "five copies of 1m"),
        ([0] * 33 + [-1], "negative count -1 of 7z"),
        ([0] * 10 + [7] + [0] * 23, "seven copies of 2p"),
    ],
)
def test_count_errors(counts, message):
    with pytest.raises(InvalidTilesError) as e:
        tiles.parse(counts)
    assert str(e.value) == message


def test_mjai_names():
    c, r = tiles.from_mjai(["5mr", "5m", "E", "P", "F", "C", "9s"])
    assert c[4] == 2 and r == (1, 0, 0)
    assert c[27] == 1 and c[31] == 1 and c[32] == 1 and c[33] == 1 and c[26] == 1
    names = tiles.to_mjai(c, r)
    assert sorted(names) == sorted(["5mr", "5m", "E", "P", "F", "C", "9s"])
    assert tiles.from_mjai(names) == (c, r)
    with pytest.raises(InvalidTilesError, match="unknown mjai tile 'X' at index 1"):
        tiles.from_mjai(["1m", "X"])
    assert tiles.mjai_name(13, red=True) == "5pr"
    with pytest.raises(InvalidTilesError):
        tiles.mjai_name(12, red=True)


def test_kind_and_names():
    assert tiles.kind("3p") == 11
    assert tiles.kind("0m") == 4
    assert tiles.kind("5sr") == 22
    assert tiles.kind("P") == 31
    assert tiles.tile_name(33) == "7z"
    with pytest.raises(InvalidTilesError):
        tiles.kind("12m")


def test_dora_succession():
    name = tiles.TILE_NAMES
    pairs = {"9m": "1m", "4p": "5p", "9s": "1s", "1z": "2z", "4z": "1z", "5z": "6z", "7z": "5z", "6z": "7z"}
    for ind, dora in pairs.items():
        assert name[tiles.dora_of(tiles.kind(ind))] == dora
