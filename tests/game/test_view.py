"""Game and Observation display: a one-line repr, and HTML (SVG tiles from yakuman.display) that
parses as XML; an observation's HTML never holds another seat's concealed tiles."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from yakuman.game import Game
from yakuman.rules import Rules


def _played(rules: Rules, seed: int, steps: int) -> Game:
    g = Game(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.done:
            break
        g.step(rng.choice(g.legal_actions(g.to_act[0])))
    return g


def test_repr_of_a_fresh_game():
    g = Game(seed=7)
    # the dealer has drawn: 136 - 4 x 13 dealt - 14 dead wall - 1 drawn = 69
    assert repr(g) == ("Game(seed=7, E1-0, sticks 0, dealer 0, scores [25000, 25000, 25000, 25000], "
                       "seat 0 to move, 69 tiles left)")
    s = Game(Rules.tenhou_sanma(), seed=3, round_wind=1, kyoku=1, honba=2, sticks=1)
    # South 2, 2 honba; 108 - 3 x 13 - 14 - 1 = 54; the dealer of the second hand is seat 1
    assert repr(s) == ("Game(seed=3, S2-2, sticks 1, dealer 1, scores [35000, 35000, 35000], "
                       "seat 1 to move, 54 tiles left)")
    assert "\n" not in repr(g)


def test_repr_follows_the_state():
    g = _played(Rules.tenhou(), 11, 150)
    o = g.observation(0)
    r = repr(g)
    assert f", {o.round_wind}{o.kyoku + 1}-{o.honba}, sticks {o.sticks}, dealer {o.dealer}, " in r
    assert f"scores {list(o.scores)}" in r and r.endswith(f"{o.tiles_left} tiles left)")
    assert f"{'/'.join(map(str, g.to_act))} to " in r
    while not g.done:
        g.step(g.legal_actions(g.to_act[0])[0])
    res = g.result
    assert repr(g).endswith(f"scores {list(res.scores)}, placements {list(res.placements)}, end {res.end_reason})")
    ET.fromstring(g._repr_html_())     # a finished game still draws


def test_observation_repr_shows_the_seat_hand():
    g = Game(seed=7)
    o = g.observation(0)
    hand = list(o.hand)
    hand.remove(o.drawn)
    from yakuman.tiles import from_mjai, to_mpsz

    text = repr(o)
    assert text.startswith(f"Observation(seat 0, E1-0, sticks 0, hand {to_mpsz(*from_mjai(hand))} + ")
    assert f"{len(o.legal_actions)} legal actions, 69 tiles left)" in text
    assert "\n" not in text


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)


def _titles(html: str) -> list[str]:
    return [t.text for t in ET.fromstring(html).iter("{http://www.w3.org/2000/svg}title")]


@pytest.mark.parametrize("rules", [Rules.tenhou(), Rules.tenhou_sanma()], ids=["4p", "3p"])
@pytest.mark.parametrize("steps", [0, 60, 200])
def test_html_parses_and_draws_what_each_view_may_show(rules, steps):
    g = _played(rules, 5 + steps, steps)
    if g.done:
        pytest.skip("the seeded game ended early")
    n = rules.players
    html = g._repr_html_()
    ET.fromstring(html)          # well-formed XML
    p = _Tags()
    p.feed(html)
    assert p.tags.count("svg") >= n and p.tags.count("tr") == n + 1
    o0 = g.observation(0)
    melded = sum(len(m[1]) for s in range(n) for m in o0.melds[s])
    river = sum(len(d) for d in o0.discards)
    hands = sum(len(g.observation(s).hand) for s in range(n))
    # every tile drawn once: every concealed hand (drawn tile included), every meld, every discard
    assert len(_titles(html)) == hands + melded + river
    for seat in range(n):
        o = g.observation(seat)
        oh = o._repr_html_()
        ET.fromstring(oh)
        assert len(_titles(oh)) == len(o.hand) + melded + river
        labels = re.findall(r'aria-label="seat (\d) hand', oh)
        assert labels == [str(seat)]
        for other in range(n):
            if other != seat:
                assert f"seat {other} hand" not in oh
