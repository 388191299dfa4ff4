"""Readable reprs, Jupyter HTML with SVG tiles (well-formed XML), and Yaku.from_name."""

import pickle
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

import yakuman
from yakuman import Yaku, points, score
from yakuman.display import Tile, hand_svg, tile_svg, tiles_svg
from yakuman.errors import InvalidTilesError
from yakuman.hand import Hand

SVG = "{http://www.w3.org/2000/svg}"


class _Strict(HTMLParser):
    """Every start tag closed in order (a well-formedness check independent of ElementTree)."""

    def __init__(self):
        super().__init__()
        self.stack, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


def _well_formed(html: str):
    root = ET.fromstring(html)            # raises on malformed XML
    p = _Strict()
    p.feed(html)
    p.close()
    assert p.errors == [] and p.stack == []
    return root


def _tiles(root):
    """(title, has a rotate transform above it) of every drawn tile."""
    out = []
    for g in root.iter(f"{SVG}g"):
        t = g.find(f"{SVG}title")
        if t is not None:
            out.append(t.text)
    return out


def test_score_repr_names_yaku_and_value():
    s = score("234567m34588p567s", "5s", riichi=True, dora="1m", ura="1z")
    r = repr(s)
    assert r.startswith("<Score 4 han 30 fu, 11600 points: ")
    for name in ("riichi 1", "pinfu 1", "tanyao 1", "dora 1", "ura dora 0", "88p 234m 567m 345p 567s"):
        assert name in r
    assert "Yaku." not in r and "status=" not in r and "<Yaku" not in r
    assert repr(score("111999m333p555s22z", "2z", seat_wind="W")) == \
        "<Score yakuman x1, 32000 points: suuankou tanki 13 | 22z 111m 999m 333p 555s>"
    assert repr(score("123m456p789s11222z", "2z")) == \
        "<Score NO_YAKU: no yaku (dora, aka dora and ura dora are not yaku)>"
    assert repr(points(3, 40, tsumo=True)) == "<Payment 1300/2600, total 5200>"


def test_score_fields_equality_and_pickling_unchanged():
    s = score("234567m34588p567s", "5s", riichi=True, dora="1m")
    assert s._fields == ("status", "reason", "yaku", "han", "fu", "fu_details", "limit", "yakuman", "points",
                         "payment", "decomposition")
    assert pickle.loads(pickle.dumps(s)) == s and tuple(s) == tuple(pickle.loads(pickle.dumps(s)))
    assert s.payment == (11600, 0, 0, 11600, 0)


def test_score_html_draws_the_reading():
    s = score("234567m34588p567s", "5s", riichi=True, dora="1m", ura="1z")
    root = _well_formed(s._repr_html_())
    assert _tiles(root) == ["8p", "8p", "2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "5s", "6s", "7s"]
    text = "".join(root.itertext())
    assert "riichi" in text and "立直" in text and "11600" in text
    # kokushi: the whole hand as one group; a non-win: status and reason
    k = score("19m19p19s1234567z1m", "1m")
    assert len(_tiles(_well_formed(k._repr_html_()))) == 14
    n = _well_formed(score("123m456p789s11222z", "2z")._repr_html_())
    assert "NO_YAKU" in "".join(n.itertext())


def test_payment_and_hand_html():
    p = points(2, 30, tsumo=True)
    root = _well_formed(p._repr_html_())
    assert "".join(root.itertext()).count("1000") == 1
    h = Hand.parse("123m406p789s11z", melds=["pon 777z", "ankan 1111s", "chi 340m"])
    assert repr(h) == "Hand('123m406p789s11z', melds=['pon 777z', 'ankan 1111s', 'chi 340m'])"
    assert str(h) == "123m406p789s11z [pon 777z] [ankan 1111s] [chi 340m]"
    root = _well_formed(h._repr_html_())
    names = _tiles(root)
    assert names[:11] == ["1m", "2m", "3m", "4p", "0p", "6p", "7s", "8s", "9s", "1z", "1z"]
    assert names[11:14] == ["7z"] * 3
    assert names[14:18] == ["face down", "1s", "1s", "face down"]      # ankan: the ends face down
    assert names[18:] == ["3m", "4m", "0m"]
    assert sum(1 for g in root.iter(f"{SVG}g") if "rotate(90)" in g.get("transform", "")) == 2
    assert h.n_tiles == 11 and Hand.parse(h.counts, h.melds) == Hand(h.counts, (0, 0, 0), h.melds)
    with pytest.raises(InvalidTilesError):
        Hand.parse("7z", melds=["pon 777z", "pon 777z"])


def test_tiles_svg_is_reusable():
    svg = tiles_svg([[27, 28, 29, 30, 31, 32, 33], ["0m", Tile(4, sideways=True), Tile(0, back=True)]],
                    label="honors & more")
    root = _well_formed(svg)
    assert root.tag == f"{SVG}svg" and root.get("aria-label") == "honors & more"
    assert _tiles(root) == ["1z", "2z", "3z", "4z", "5z", "6z", "7z", "0m", "5m", "face down"]
    text = "".join(root.itertext())
    for kanji in "東南西北發中萬":
        assert kanji in text
    assert float(root.get("width")) == 9 * 31 + 41 + 10 - 1   # 9 upright, 1 sideways, 1 gap
    assert _well_formed(tiles_svg(["1m", "2m"])).get("width") == "61"
    assert tile_svg(5, 10, 20).startswith('<g transform="translate(10,20)">')
    with pytest.raises(ValueError):
        tile_svg(34)
    with pytest.raises(ValueError):
        tile_svg("12m")
    assert _tiles(_well_formed(hand_svg([1] + [0] * 33, win="1m"))) == ["1m", "1m"]


@pytest.mark.parametrize("member", list(Yaku))
def test_from_name_every_name_of_every_member(member):
    assert Yaku.from_name(member.name) is member
    assert Yaku.from_name(member.romaji) is member
    assert Yaku.from_name(member.romaji.upper()) is member
    assert Yaku.from_name(member.en) is member
    assert Yaku.from_name(member.en.upper()) is member and Yaku.from_name(member.en.lower()) is member
    assert Yaku.from_name(member.ja) is member
    assert Yaku.from_name(" " + member.ja.replace(" ", "") + " ") is member
    if member.tenhou_name:
        assert Yaku.from_name(member.tenhou_name) is member


def test_from_name_examples_and_errors():
    assert Yaku.from_name("Mixed triple sequence") is Yaku.SANSHOKU_DOUJUN
    assert Yaku.from_name("三色同順") is Yaku.SANSHOKU_DOUJUN
    assert Yaku.from_name("ippatsu") is Yaku.IPPATSU is Yaku.from_name("Ippatsu (one shot)")
    assert Yaku.from_name("役牌白") is Yaku.HAKU is Yaku.from_name("yakuhai haku")
    assert Yaku.from_name("seat-wind_EAST") is Yaku.JIKAZE_TON
    with pytest.raises(ValueError, match="unknown yaku name 'seat wind'"):
        Yaku.from_name("seat wind")          # four members share it
    with pytest.raises(ValueError):
        Yaku.from_name("nope")
    with pytest.raises(TypeError):
        Yaku.from_name(3)
