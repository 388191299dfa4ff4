"""Daichisei (大七星): the seven honor pairs, a local double yakuman (off unless local_yaku enables it)."""

import pytest

from yakuman import Rules, Yaku, score
from yakuman._reference.score import score as reference
from yakuman.batch import score_many

ON = Rules.tenhou().replace(local_yaku={"daichisei"})


@pytest.mark.parametrize("scorer", [score, reference])
def test_daichisei(scorer):
    off = scorer("11223344556677z", "7z", seat_wind="S")
    assert off.yaku == [(Yaku.TSUUIISOU, 13)] and off.points == 32000
    on = scorer("11223344556677z", "7z", seat_wind="S", rules=ON)
    assert on.yaku == [(Yaku.DAICHISEI, 26)] and on.yakuman == 2 and on.points == 64000
    # a regular-form tsuuiisou stays tsuuiisou with the rule on
    reg = scorer("11122233344455z", "5z", seat_wind="S", rules=ON)
    assert (Yaku.TSUUIISOU, 13) in reg.yaku and Yaku.DAICHISEI not in [y for y, _ in reg.yaku]
    assert Yaku.DAICHISEI.is_yakuman and Yaku.DAICHISEI.ja == "大七星"


def test_daichisei_in_batch_is_reported_on_the_tsuuiisou_bit():
    import numpy as np

    from yakuman.tiles import parse_mpsz

    counts = np.array([parse_mpsz("11223344556677z")[0]], dtype=np.uint8)
    res = score_many({"counts": counts, "win": np.array([33], np.uint8), "seat_wind": np.array([1], np.uint8)},
                     rules=ON)
    assert res.status[0] == 0 and res.yakuman[0] == 2 and res.points[0] == 64000
    assert int(res.yaku[0]) == int(Yaku.TSUUIISOU)
