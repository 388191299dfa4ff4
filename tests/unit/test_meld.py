import pytest

from yakuman.errors import InvalidMeldError
from yakuman.hand import Meld, parse_melds


def test_parse_and_format():
    m = Meld.parse("chi 234m")
    assert (m.kind, m.tiles, m.reds, m.is_open, m.is_kan) == ("chi", (1, 2, 3), 0, True, False)
    m = Meld.parse("kakan 5055s")
    assert (m.kind, m.tiles, m.reds, m.is_kan) == ("kakan", (22, 22, 22, 22), 1, True)
    assert str(m) == "kakan 0555s"
    assert Meld.parse("ankan 1111p").is_open is False
    assert Meld.parse("daiminkan 7777z").kind == "minkan"
    assert Meld.parse("chi 406p") == Meld("chi", (12, 13, 14), 1)
    assert Meld.parse(m) is m


@pytest.mark.parametrize(
    "text, message",
    [
        ("pan 777z", "unknown meld kind 'pan' in 'pan 777z'"),
        ("pon 776z", "pon must be 3 identical tiles in 'pon 776z'"),
        ("chi 567z", "chi must be three consecutive tiles of one suit in 'chi 567z'"),
        ("chi 135m", "chi must be three consecutive tiles of one suit in 'chi 135m'"),
        ("chi 891m", "chi must be three consecutive tiles of one suit in 'chi 891m'"),
        ("ankan 111p", "ankan needs 4 tiles, 3 given in 'ankan 111p'"),
        ("pon", "meld 'pon' is not '<chi|pon|minkan|kakan|ankan> <tiles>'"),
        ("pon 77x", "bad tiles in meld 'pon 77x': unknown suit letter 'x' at position 2 in '77x'"),
    ],
)
def test_meld_errors(text, message):
    with pytest.raises(InvalidMeldError) as e:
        Meld.parse(text)
    assert str(e.value) == message


def test_meld_list_errors_name_the_index():
    with pytest.raises(InvalidMeldError, match=r"pon must be 3 identical tiles in 'pon 123m' - at melds\[1\]"):
        parse_melds(["chi 123m", "pon 123m"])
    with pytest.raises(InvalidMeldError, match="5 melds given, at most 4"):
        parse_melds(["pon 111m"] * 5)
    with pytest.raises(InvalidMeldError):
        Meld("chi", (1, 2, 4))


def test_parsed_melds_are_cached_and_the_cache_is_bounded(monkeypatch):
    """Meld.parse keeps its results by their exact text (a Meld is immutable): the second parse
    of a string is the first's object, bad strings are never kept, a str subclass is parsed anew,
    and the cache is emptied when it reaches its bound instead of growing with hostile input."""
    import yakuman.hand as hand_mod

    monkeypatch.setattr(hand_mod, "_PARSED", {})
    monkeypatch.setattr(hand_mod, "_PARSED_MAX", 3)
    a = Meld.parse("pon 777z")
    assert Meld.parse("pon 777z") is a and hand_mod._PARSED == {"pon 777z": a}
    with pytest.raises(InvalidMeldError):
        Meld.parse("pon 776z")
    assert list(hand_mod._PARSED) == ["pon 777z"]

    class S(str):
        pass

    b = Meld.parse(S("pon 777z"))
    assert b == a and b is not a and list(hand_mod._PARSED) == ["pon 777z"]
    for text in ("chi 234m", "ankan 1111p", "kakan 5055s"):
        Meld.parse(text)
    assert len(hand_mod._PARSED) <= 3 and "kakan 5055s" in hand_mod._PARSED
    assert Meld.parse("kakan 5055s") == Meld("kakan", (22, 22, 22, 22), 1)
