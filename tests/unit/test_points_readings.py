"""yakuman.points (han/fu -> Payment by the scorer's point code) and yakuman.readings (every
reading of a hand, best first), against the point tables of docs/rules.md section 5.4, worked
values computed by hand, yakuman.score on generated hands and the pure-Python reference."""

import random
from collections import Counter

import pytest

import yakuman
from yakuman import Rules, points, readings, score
from yakuman.errors import InvalidContextError
from yakuman.random import winning_hands
from yakuman.result import Payment, Status
from yakuman.scoring import parse_request, point_value

from tests.unit.test_cli import DEALER, NON_DEALER

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
PRESETS = ("tenhou", "tenhou_sanma", "mahjongsoul", "mahjongsoul_sanma", "mleague", "wrc", "ema")


@pytest.mark.parametrize("dealer", [False, True])
def test_points_equal_the_point_table(dealer):
    table = DEALER if dealer else NON_DEALER
    cells = 0
    for han, row in enumerate(table, start=1):
        for fu, cell in zip(FU, row):
            ron = points(han, fu, dealer=dealer)
            if cell == "M":
                assert ron.from_discarder == (12000 if dealer else 8000)
                assert point_value(han, fu, dealer=dealer)[1] == "mangan"
                continue
            r, t = cell.split(" ")
            t = t.strip("()")
            if r != "-":
                assert ron == Payment(from_discarder=int(r), total=int(r)), (han, fu)
                cells += 1
            if t != "-":
                ts = points(han, fu, dealer=dealer, tsumo=True)
                if dealer:
                    assert ts.from_non_dealer == int(t) and ts.from_dealer == 0 and ts.total == 3 * int(t)
                else:
                    each, d = map(int, t.split(","))
                    assert (ts.from_non_dealer, ts.from_dealer, ts.total) == (each, d, 2 * each + d)
                cells += 1
    assert cells > 50


def test_points_limits_kiriage_kazoe_and_multiples():
    # non-dealer ron: mangan 8000, haneman 12000, baiman 16000, sanbaiman 24000, yakuman 32000
    for han, value in ((5, 8000), (6, 12000), (7, 12000), (8, 16000), (10, 16000), (11, 24000), (12, 24000),
                       (13, 32000)):
        assert points(han).from_discarder == value
        assert points(han, dealer=True).from_discarder == value * 3 // 2
    assert point_value(11)[1] == "sanbaiman" and point_value(13)[1] == "yakuman"
    kiriage = Rules.tenhou().replace(kiriage_mangan=True)
    assert points(4, 30).from_discarder == 7700 and points(4, 30, rules=kiriage).from_discarder == 8000
    assert points(3, 60, rules=kiriage).from_discarder == 8000 and points(3, 50, rules=kiriage).from_discarder == 6400
    sanbai = Rules.tenhou().replace(kazoe="sanbaiman")
    multi = Rules.tenhou().replace(kazoe="multiple")
    assert points(13, rules=sanbai).from_discarder == 24000
    assert points(26).from_discarder == 32000 and points(26, rules=multi).from_discarder == 64000
    assert points(1, yakuman=2).from_discarder == 64000
    assert points(0, yakuman=1, dealer=True, tsumo=True) == Payment(from_non_dealer=16000, total=48000)


def test_points_honba_sticks_and_sanma_tsumo_loss():
    # 3 han 30 fu, 2 honba, 1 stick: ron 3900 + 600; tsumo 1000/2000 + 200 each; the stick to the winner
    assert points(3, 30, honba=2, riichi_sticks=1) == Payment(from_discarder=4500, total=5500)
    assert points(3, 30, tsumo=True, honba=2, riichi_sticks=1) == Payment(
        from_dealer=2200, from_non_dealer=1200, total=2200 + 1200 * 2 + 1000)
    # sanma with tsumo loss: the absent seat's share is not paid (2 han 30 fu: 500 / 1000)
    sanma = Rules.tenhou_sanma()
    assert sanma.tsumo_loss
    assert points(2, 30, tsumo=True, rules=sanma) == Payment(from_dealer=1000, from_non_dealer=500, total=1500)
    assert points(2, 30, tsumo=True, dealer=True, rules=sanma) == Payment(from_non_dealer=1000, total=2000)
    # without it (docs/rules.md 5.2, 7.4) the absent non-dealer's share (a = 480 -> 500) is halved,
    # each half rounded up on its own (300) and added: dealer 1000 + 300, non-dealer 500 + 300; a dealer
    # winner: the absent share 1000 -> 500 more from each, 1500 each
    no_loss = sanma.replace(tsumo_loss=False)
    assert points(2, 30, tsumo=True, rules=no_loss) == Payment(from_dealer=1300, from_non_dealer=800, total=2100)
    assert points(2, 30, tsumo=True, dealer=True, rules=no_loss) == Payment(from_non_dealer=1500, total=3000)


@pytest.mark.parametrize("bad", [dict(han=0, fu=30), dict(han=2, fu=None), dict(han=2, fu=35),
                                 dict(han=2, fu=10), dict(han=2, fu=180), dict(han=True, fu=30),
                                 dict(han=2, fu=30, honba=-1), dict(han=2, fu=30, dealer="yes")])
def test_points_refuses_bad_input(bad):
    with pytest.raises(InvalidContextError):
        points(**bad)


@pytest.mark.parametrize("preset", PRESETS)
def test_points_equal_score_on_generated_hands(preset):
    rules = getattr(Rules, preset)()
    hands = winning_hands(400, seed=11, players=rules.players, aka=rules.aka_dora)  # no red fives under ema/wrc
    checked = 0
    for i in range(len(hands)):
        kw = hands.kwargs(i)
        kw["honba"], kw["riichi_sticks"] = i % 4, i % 3
        s = score(**kw, rules=rules)
        if not s.is_win:
            continue
        pay = points(s.han, s.fu, yakuman=s.yakuman, dealer=kw["seat_wind"] == "E", tsumo=kw.get("tsumo", False),
                     honba=kw["honba"], riichi_sticks=kw["riichi_sticks"], rules=rules)
        assert pay == s.payment, (kw, s)
        assert point_value(s.han, s.fu, yakuman=s.yakuman, dealer=kw["seat_wind"] == "E",
                           tsumo=kw.get("tsumo", False), rules=rules)[3] == s.points
        checked += 1
    assert checked > 300


# ---- readings -------------------------------------------------------------------------------

def _summary(rs):
    return [(r.status, " ".join(r.decomposition), r.han, r.fu, r.points, sorted(y.name for y, _ in r.yaku))
            for r in rs]


def test_readings_ryanpeikou_or_chiitoitsu():
    # non-dealer ron on the 5s pair. Ryanpeikou: tanyao 1 + ryanpeikou 3 = 4 han; fu 20 + 10 menzen ron
    # + 2 tanki = 32 -> 40: mangan 8000. Seven pairs: tanyao 1 + chiitoitsu 2 = 3 han 25 fu: 3200.
    rs = readings("223344m223344p55s", "5s", seat_wind="S")
    assert _summary(rs) == [
        (Status.OK, "55s 234m 234m 234p 234p", 4, 40, 8000, ["RYANPEIKOU", "TANYAO"]),
        (Status.OK, "22m 33m 44m 22p 33p 44p 55s", 3, 25, 3200, ["CHIITOITSU", "TANYAO"]),
    ]
    assert rs[0] == score("223344m223344p55s", "5s", seat_wind="S")


def test_readings_three_runs_or_three_triplets():
    # tanki on 1p. Runs 123m x3: iipeikou 1 + junchan 3 = 4 han, fu 20 + 10 + 2 = 40: 8000.
    # Triplets: sanankou 2, fu 20 + 10 + 8 (111m) + 4 + 4 + 2 (tanki) = 48 -> 50: 2 han 50 fu = 3200.
    rs = readings("111222333m11p789s", "1p", seat_wind="S")
    assert _summary(rs) == [
        (Status.OK, "11p 123m 123m 123m 789s", 4, 40, 8000, ["IIPEIKOU", "JUNCHAN"]),
        (Status.OK, "11p 111m 222m 333m 789s", 2, 50, 3200, ["SANANKOU"]),
    ]


def test_readings_one_decomposition_several_winning_groups():
    # 2345m + ...: ron on 2m completes 234m (ryanmen) ... the hand 234m 567m 22p 345s 678s.
    # 5m wins 345m? No: take 23456m with win 5m: 234m+56(5)m? Use 345m 345m? Keep it explicit:
    # hand 123m 345m 789p 55p 666s, ron on 3m: 123m (penchan, +2 fu) or 345m (ryanmen).
    # No yaku in either (open? no: closed, ron, no riichi): pinfu needs a ryanmen and no triplet ->
    # neither; both readings have no yaku, so they are NO_YAKU readings with their decomposition.
    rs = readings("123345m55789p666s", "3m", seat_wind="S")
    assert [r.status for r in rs] == [Status.NO_YAKU, Status.NO_YAKU]
    assert sorted(r.decomposition for r in rs) == [("55p", "123m", "345m", "789p", "666s")] * 2
    assert score("123345m55789p666s", "3m", seat_wind="S").status == Status.NO_YAKU
    # with riichi both score: penchan 20 + 10 + 2 + 4 (666s ankou) = 36 -> 40; ryanmen 34 -> 40.
    # riichi 1 han 40 fu = 1300 each; the choice ties on value and han, then fu (equal).
    rs = readings("123345m55789p666s", "3m", seat_wind="S", riichi=True)
    assert [(r.han, r.fu, r.points) for r in rs] == [(1, 40, 1300), (1, 40, 1300)]
    assert sorted(lab for r in rs for lab, _ in r.fu_details if lab == "penchan") == ["penchan"]


def test_readings_pinfu_or_kanchan():
    # 234m 456m ... ron 4m: 234m + 456m: as ryanmen of 234m? win 4m is the top of 234m (ryanmen
    # from 23m) or the bottom of 456m (ryanmen from 56m). Hand: 23456m? Use 345m: kanchan.
    # hand 345m 456m 77p 234s 678s ron on 5m: kanchan in 456m? no, 5 is the middle of 456m
    # (kanchan, 46m wait) or the top of 345m (ryanmen, 34m wait).
    # ryanmen: pinfu 1 + tanyao 1 = 2 han 30 fu (20 + 10) = 2000 (non-dealer).
    # kanchan: tanyao 1 = 1 han, fu 20 + 10 + 2 = 32 -> 40 = 1300.
    rs = readings("345456m77p234678s", "5m", seat_wind="S")
    assert _summary(rs) == [
        (Status.OK, "77p 345m 456m 234s 678s", 2, 30, 2000, ["PINFU", "TANYAO"]),
        (Status.OK, "77p 345m 456m 234s 678s", 1, 40, 1300, ["TANYAO"]),
    ]
    assert ("kanchan", 2) in rs[1].fu_details


def test_readings_of_non_wins_and_bad_input():
    assert readings("123m456p789s1122z3z", "3z") == []          # not complete
    assert readings("123456789m11p", "1p", melds=["chi 234s"], riichi=True) == []   # riichi on an open hand
    with pytest.raises(yakuman.InvalidTilesError):
        readings("123m456p789s11222z", "5z")                    # the winning tile is not in the hand
    with pytest.raises(TypeError):
        readings("123m456p789s11222z", "2z", pao_seat=1)


def _full_counts(kw, rules):
    req = parse_request(kw["hand"], kw["win"], kw.get("melds", ()), rules=rules,
                        **{k: v for k, v in kw.items() if k not in ("hand", "win", "melds")})
    full = list(req.counts)
    for m in req.melds:
        for t in m.tiles:
            full[t] += 1
    return full


def _groups_counts(decomposition):
    from yakuman.hand import Meld
    from yakuman.tiles import parse_mpsz

    full = [0] * 34
    for part in decomposition:
        tiles = Meld.parse(part).tiles if " " in part else [
            k for k, n in enumerate(parse_mpsz(part)[0]) for _ in range(n)]
        for t in tiles:
            full[t] += 1
    return full


def _reference_readings(kw, rules):
    """The reference scorer's candidates, each reading scored alone (valid ones only; a
    decomposition found twice appears twice)."""
    from yakuman._reference import score as ref
    from yakuman._reference.score_shapes import readings as ref_readings

    kw = dict(kw)
    req = parse_request(kw.pop("hand"), kw.pop("win"), kw.pop("melds", ()), rules=rules, **kw)
    h = ref._hand(req, rules)
    if ref._situation_problem(h):
        return None
    situational = ref.situational_yaku(h)
    dora = ref._dora_entries(h)
    need = 2 if rules.ryanhan_shibari and req.honba >= 5 else 1
    out = []
    for r in ref_readings(req.counts, req.melds, req.win, req.tsumo):
        c = ref._evaluate(r, h, situational, dora)
        if c.yakuman or c.yaku_han >= need:
            out.append((tuple(sorted(ref._decomposition(r, req))), c.han, c.fu, c.points,
                        tuple(sorted((y.name, n) for y, n in c.yaku))))
    return out


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul", "tenhou_sanma", "ema"])
def test_readings_first_is_score_and_set_equals_reference(preset):
    rules = getattr(Rules, preset)()
    hands = winning_hands(300, seed=5, players=rules.players, aka=rules.aka_dora,
                          shapes={"mixed": 0.3, "flush": 0.3, "iipeikou": 0.1, "ryanpeikou": 0.1, "chiitoitsu": 0.1,
                                  "toitoi": 0.1})
    multi = 0
    for i in range(len(hands)):
        kw = hands.kwargs(i)
        kw.pop("renhou", None)
        s = score(**kw, rules=rules)
        rs = readings(**kw, rules=rules)
        if s.status in (Status.NOT_COMPLETE, Status.INVALID_SITUATION):
            assert rs == []
            continue
        if s.is_win:
            assert rs[0] == s, kw
        else:       # a reading without yaku keeps its decomposition; score() gives none
            assert all(r.status == s.status for r in rs) and rs[0]._replace(decomposition=()) == s, kw
        ok = [r for r in rs if r.is_win]
        assert all(not r.is_win for r in rs[len(ok):])      # the scoring readings come first
        keys = [(r.points, r.yakuman > 0, r.han, r.fu) for r in ok]
        assert keys == sorted(keys, reverse=True)
        ours = Counter((tuple(sorted(r.decomposition)), r.han, r.fu, r.points,
                        tuple(sorted((y.name, n) for y, n in r.yaku))) for r in ok)
        full = _full_counts(kw, rules)
        for r in rs:     # every reading uses exactly the hand's tiles, melds included
            assert _groups_counts(r.decomposition) == full, (kw, r)
        ref = _reference_readings(kw, rules)
        # the reference may list one decomposition twice (it searches sets in more than one order)
        assert set(ours) == set(ref), kw
        multi += len(rs) > 1
    assert multi > 20


@pytest.mark.slow
def test_readings_bound_on_every_one_suit_hand():
    """Every complete one-suit hand (the most readings: up to 5 per decomposition), every winning
    tile: the count stays far below YM_MAX_READINGS (64)."""
    from yakuman import is_agari

    def patterns(i, left, c):
        if i == 9:
            if left == 0:
                yield list(c)
            return
        for k in range(min(4, left) + 1):
            c.append(k)
            yield from patterns(i + 1, left - k, c)
            c.pop()

    most = 0
    for c in patterns(0, 14, []):
        if not is_agari(c + [0] * 25):
            continue
        mp = "".join(str(r + 1) * c[r] for r in range(9)) + "m"
        for w in range(9):
            if c[w]:
                most = max(most, len(readings(mp, f"{w + 1}m", seat_wind="S")))
    assert most == 8


def test_readings_random_mixed_hands_stay_small():
    rng = random.Random(3)
    hands = winning_hands(500, seed=rng.randrange(1000), shapes={"flush": 0.5, "ryanpeikou": 0.5})
    assert max(len(readings(**hands.kwargs(i))) for i in range(len(hands))) <= 8
