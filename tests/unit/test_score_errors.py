"""Two tiers of failure for ``yakuman.scoring.score``: malformed input raises a ``yakuman.errors``
exception naming the problem and where; a legitimate non-win is a Status with a reason."""

from __future__ import annotations

import pytest

from yakuman.errors import (
    InvalidContextError,
    InvalidMeldError,
    InvalidRulesError,
    InvalidTilesError,
    YakumanError,
)
from yakuman.result import Status
from yakuman.rules import Rules
from yakuman.scoring import parse_request, score

PINFU = "234567m34588p567s"  # complete; wins on 5s with pinfu + tanyao


@pytest.mark.parametrize("hand,win,melds,kw,err,match", [
    # tiles that do not fit the melds
    ("234567m34588p56s", "5s", (), {}, InvalidTilesError, r"13 concealed tiles with 0 meld\(s\): expected 14"),
    (PINFU, "5s", ["pon 777z"], {}, InvalidTilesError, r"14 concealed tiles with 1 meld\(s\): expected 11"),
    ("234p55567s777z9m", "6s", ["ankan 9999m"], {}, InvalidTilesError, "expected 11"),
    # five copies counting the melds (and kita)
    ("234p55567s777z", "6s", ["ankan 7777z"], {}, InvalidTilesError, "seven copies of 7z counting the melds"),
    ("11155m234p567s", "5m", ["pon 111m"], {}, InvalidTilesError, "six copies of 1m"),
    ("123p11123456s", "1p", ["pon 444z"], {"kita": 2, "rules": Rules.tenhou_sanma()}, InvalidTilesError,
     "five copies of 4z counting the melds and kita"),
    # the winning tile must be in the hand
    (PINFU, "9m", (), {}, InvalidTilesError, "winning tile 9m is not in the hand"),
    (PINFU, "0s", (), {}, InvalidTilesError, "red five but the hand has no red 5s"),
    ([0, 4, 8, 12, 16, 20, 40, 44, 48, 76, 80, 84, 120, 121], 123, (), {}, InvalidTilesError,
     "winning tile id 123 is not among the hand's 136-ids"),
    (PINFU, "55s", (), {}, InvalidTilesError, "not a single tile - at win"),
    (PINFU, 136, (), {}, InvalidTilesError, "136-id 136 out of range"),
    (PINFU, None, (), {}, InvalidTilesError, "a tile must be an mpsz string or a 136-id"),
    ("234567m34588x567s", "5s", (), {}, InvalidTilesError, "unknown suit letter 'x'.* - at hand"),
    # red fives beyond the rules
    ("234567m34500p567s", "5s", (), {}, InvalidTilesError, r"2 red 5p but rules.aka_dora = 1"),
    # bad indicators
    (PINFU, "5s", (), {"dora": "1x"}, InvalidTilesError, "at dora"),
    (PINFU, "5s", (), {"ura": [3.5]}, InvalidTilesError, r"at ura\[0\]"),
    (PINFU, "5s", (), {"dora": "1z2z3z4z5z6z"}, InvalidContextError, "at most 5 dora"),
    # bad melds
    (PINFU, "5s", ["pon 123m"], {}, InvalidMeldError, r"at melds\[0\]"),
    (PINFU, "5s", ["kong 1111m"], {}, InvalidMeldError, "unknown meld kind"),
    ("11199p123456s", "1p", ["chi 123p"], {"rules": Rules.tenhou_sanma()}, InvalidMeldError,
     "chi is not allowed in three-player"),
    # three players: no 2m-8m, no North seat, kita only there
    (PINFU, "5s", (), {"rules": Rules.tenhou_sanma()}, InvalidTilesError,
     "2m does not exist in three-player mahjong"),
    ("11m234567p234567s", "1m", (), {"rules": Rules.tenhou_sanma(), "seat_wind": "N"}, InvalidContextError,
     "seat_wind N does not exist"),
    ("11m234567p234567s", "1m", (), {"rules": Rules.tenhou_sanma(), "dora": "5m"}, InvalidTilesError,
     "5m does not exist in three-player mahjong - at dora"),
    (PINFU, "5s", (), {"kita": 1}, InvalidContextError, "kita exists only with rules.players = 3"),
    # winds and numbers
    (PINFU, "5s", (), {"seat_wind": "X"}, InvalidContextError, "unknown seat_wind 'X'"),
    (PINFU, "5s", (), {"round_wind": 7}, InvalidContextError, "unknown round_wind 7"),
    (PINFU, "5s", (), {"honba": -1}, InvalidContextError, "honba must be an integer 0..1000, not -1"),
    (PINFU, "5s", (), {"riichi_sticks": 1.5}, InvalidContextError, "riichi_sticks must be"),
    (PINFU, "5s", (), {"riichi": "yes"}, InvalidContextError, "riichi must be True or False"),
    # contradictory situation flags
    (PINFU, "5s", (), {"riichi": True, "double_riichi": True}, InvalidContextError, "riichi together with double"),
    (PINFU, "5s", (), {"chankan": True, "tsumo": True}, InvalidContextError, "chankan with tsumo"),
    (PINFU, "5s", (), {"ippatsu": True}, InvalidContextError, "ippatsu without riichi"),
    (PINFU, "5s", (), {"rinshan": True}, InvalidContextError, "rinshan without tsumo"),
    (PINFU, "5s", (), {"haitei": True}, InvalidContextError, "haitei without tsumo"),
    (PINFU, "5s", (), {"houtei": True, "tsumo": True}, InvalidContextError, "houtei with tsumo"),
    (PINFU, "5s", (), {"tenhou": True}, InvalidContextError, "tenhou without tsumo"),
    (PINFU, "5s", (), {"tenhou": True, "tsumo": True, "seat_wind": "S"}, InvalidContextError,
     "tenhou for a non-dealer"),
    (PINFU, "5s", (), {"chiihou": True, "tsumo": True}, InvalidContextError, "chiihou for the dealer"),
    (PINFU, "5s", (), {"renhou": True, "tsumo": True, "seat_wind": "S"}, InvalidContextError, "renhou with tsumo"),
    (PINFU, "5s", (), {"renhou": True}, InvalidContextError, "renhou for the dealer"),
    (PINFU, "5s", (), {"tenhou": True, "tsumo": True, "riichi": True}, InvalidContextError, "tenhou with riichi"),
    # rules
    (PINFU, "5s", (), {"rules": {"kuitan": False}}, InvalidRulesError, "rules must be a yakuman.rules.Rules"),
])
def test_malformed_input_raises(hand, win, melds, kw, err, match):
    with pytest.raises(err, match=match):
        score(hand, win, melds, **kw)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        score(PINFU, "9m")
    assert issubclass(InvalidContextError, YakumanError)


def test_unknown_rule_knob():
    with pytest.raises(InvalidRulesError, match="unknown rule knob"):
        Rules().replace(kuitann=False)


@pytest.mark.parametrize("hand,win,melds,kw,status,match", [
    ("1111m2233p4455s66z", "6z", (), {}, Status.NOT_COMPLETE, "not a complete hand"),
    ("123456789m1234p5z", "5z", (), {}, Status.NOT_COMPLETE, "not a complete hand"),
    ("123m456p789s23455z", "5z", (), {}, Status.NOT_COMPLETE, "not a complete hand"),
    ("123m456p789s11s", "1s", ["pon 444z"], {"seat_wind": "S"}, Status.NO_YAKU, "no yaku"),
    ("123m456p789s11s", "1s", ["pon 444z"], {"seat_wind": "S", "dora": "3z"}, Status.NO_YAKU, "not yaku"),
    ("123m456p789s11s", "1s", ["pon 444z"], {"seat_wind": "S", "riichi": True}, Status.INVALID_SITUATION,
     "riichi on an open hand"),
    ("123m456p789s11s", "1s", ["pon 444z"], {"seat_wind": "S", "double_riichi": True, "ippatsu": True},
     Status.INVALID_SITUATION, "riichi on an open hand"),
    ("123m456p789s11s", "1s", ["ankan 4444z"], {"tsumo": True, "tenhou": True},
     Status.INVALID_SITUATION, "tenhou with a meld"),
    (PINFU, "5s", (), {"tsumo": True, "rinshan": True}, Status.INVALID_SITUATION, "rinshan without a kan"),
    ("234567m34588p555s", "5s", (), {"chankan": True}, Status.INVALID_SITUATION, "chankan on 5s"),
    ("234567m34588p123s", "3s", (), {"seat_wind": "S", "honba": 5}, Status.NO_YAKU, "no yaku"),
])
def test_non_wins_are_statuses(hand, win, melds, kw, status, match):
    s = score(hand, win, melds, **kw)
    assert s.status == status
    assert match in s.reason
    assert (s.han, s.fu, s.points, s.payment.total, s.yaku) == (0, 0, 0, 0, [])
    assert str(s).startswith(status.name)


def test_ryanhan_shibari_needs_two_yaku_han_at_five_honba():
    rules = Rules(ryanhan_shibari=True)
    # tanyao + pinfu (2 han) is fine at 5 honba; tanyao alone with dora is not.
    assert score(PINFU, "5s", seat_wind="S", honba=5, rules=rules).is_win
    s = score("567m34588p567s", "5s", ["chi 234m"], seat_wind="S", honba=5, dora="4p", rules=rules)
    assert s.status == Status.NO_YAKU and "ryanhan shibari" in s.reason
    assert score("567m34588p567s", "5s", ["chi 234m"], seat_wind="S", honba=4, rules=rules).is_win


def test_input_forms_agree():
    """mpsz, 136-ids and counts give the same request."""
    a = parse_request("234567m34588p567s", "5s")
    ids = [4, 8, 12, 17, 20, 24, 47, 51, 53, 64, 65, 88 + 1, 92, 96]
    b = parse_request(ids, 89)
    assert a.counts == b.counts and a.win == b.win
    c = parse_request(list(a.counts), "5s")
    assert c.counts == a.counts
    assert parse_request("234567m34588p567s", "5s", seat_wind="south").seat_wind == 1
    assert parse_request("234567m34588p567s", "5s", seat_wind=2).seat_wind == 2


def test_kan_tiles_only_in_the_meld():
    s = score("234p55567s777z", "6s", ["ankan 9999m"], tsumo=True, seat_wind="S")
    assert s.is_win and s.fu == 70
    with pytest.raises(InvalidTilesError, match="kan's tiles belong only in its meld"):
        score("234p55567s777z9999m", "6s", ["ankan 9999m"], tsumo=True, seat_wind="S")


def test_pao_arguments_are_checked():
    from yakuman._reference.score import score as ref

    args = ("234m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"])
    with pytest.raises(InvalidContextError, match="pao_seat = 4"):
        ref(*args, tsumo=True, seat_wind="S", pao_seat=4)
    with pytest.raises(InvalidContextError, match="from_seat .* given for a tsumo"):
        ref(*args, tsumo=True, seat_wind="S", pao_seat=1, from_seat=2)
    # pao on a hand without a pao yakuman changes nothing
    s = ref("234567m34588p567s", "5s", seat_wind="S", pao_seat=1, from_seat=2)
    assert (s.payment.from_discarder, s.payment.from_liable) == (2000, 0)
