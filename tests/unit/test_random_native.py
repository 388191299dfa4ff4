"""The native generator's branch-free paths (csrc/ym_random.c) against the numpy reference, on rows
chosen to reach them: the weighted draws over a row's counts kept as words of bytes (the last word
holds kinds 32 and 33, hatsu and chun), five dora and five ura indicators drawn one after another
from the same counts, the kakan a chankan robs removed from them, red fives in melds, and
chiitoitsu's seven smallest keys among each sub-template's kinds. Every column must equal the
reference's (engine="python"), and each path must actually occur in the rows compared.
"""

from __future__ import annotations

import numpy as np
import pytest

from yakuman.random import FLAG_BITS, WinningHands, winning_hands


def _same(a: WinningHands, b: WinningHands) -> None:
    for name, x in a.arrays().items():
        y = getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape, name
        assert np.array_equal(x, y), (name, np.flatnonzero((x != y).reshape(len(x), -1).any(axis=1))[:5])


@pytest.mark.parametrize("players", [4, 3])
def test_draws_on_the_last_kinds_and_five_indicators_equal_the_reference(players):
    kw = dict(seed=5, players=players, riichi=1.0, tsumo=0.3,
              shapes={"daisangen": 1, "tsuuiisou": 1, "suukantsu": 1, "chiitoitsu": 1})
    native = winning_hands(3000, engine="native", **kw)
    _same(native, winning_hands(3000, engine="python", **kw))
    assert np.isin(native.win, [32, 33]).sum() > 100             # the winning tile in the last word
    assert np.isin(native.dora[:, 0], [32, 33]).sum() > 50       # a first indicator there
    assert np.isin(native.ura, [32, 33]).sum() > 10
    assert ((native.n_dora == 5) & (native.n_ura == 5)).sum() > 5   # ten draws from one row's counts
    assert ((native.flags & FLAG_BITS["chankan"]) != 0).sum() > 3    # the robbed tile's kind removed
    assert native.win_red.sum() > 10 and (native.meld_reds > 0).sum() > 100


@pytest.mark.parametrize("players", [4, 3])
def test_chiitoitsu_sub_templates_equal_the_reference(players):
    kw = dict(seed=11, players=players, shapes={"chiitoitsu": 1})
    native = winning_hands(4000, engine="native", **kw)
    _same(native, winning_hands(4000, engine="python", **kw))
    counts = native.counts.astype(int)
    suits = [(counts[:, 9 * s:9 * s + 9] > 0).any(axis=1) for s in range(3)]
    honors = (counts[:, 27:] > 0).any(axis=1)
    one_suit = (np.sum(suits, axis=0) == 1) & honors          # sub-template 1: one suit and honors
    assert one_suit.sum() > 100
    for s in ((0, 1, 2) if players == 4 else (1, 2)):   # each run suit's kind list
        assert (one_suit & suits[s]).sum() > 10
    assert (~honors).sum() > 100                                 # any kinds or simples only
    assert (np.sum(suits, axis=0) == 0).sum() > 50               # all honors
