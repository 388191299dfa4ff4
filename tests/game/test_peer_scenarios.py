"""Rule scenarios from other engines' test suites, rebuilt on constructed walls.

Each test names the peer test it comes from. Only the scenario (hands, the sequence of actions,
the expected legal actions and payments) is taken over; the walls, the play and the assertions
are ours (tests/game/_util.build_wall). Tenhou-specific scenarios run under `Rules.tenhou()`,
Mahjong Soul ones under `Rules.mahjongsoul()`; where the two platforms differ the test runs
both presets and asserts each platform's value.

Sources (read 2026-12-06):
- riichienv (github.com/smly/RiichiEnv, commit 0c1e575a): tests/env/agari/test_pao.py,
  test_pao_honba.py, test_chankan.py; tests/env/test_rules_chankan.py,
  test_majsoul_pao_scoring.py, test_honba_reset.py, test_game_rules.py,
  test_kan_dora_timing_events.py, test_riichi_no_claims.py; tests/env/rule_validation/
  test_kuikae.py, test_furiten_rules.py, test_temporary_furiten.py, test_valid_ankan.py,
  test_riichi_sequence.py; tests/env/actions/test_kyushu_kyuhai.py; tests/test_midway_draw.py;
  riichienv-core/src/tests.rs (test_tenhou_tsumo_pao_composite, test_tenhou_ron_pao_composite,
  test_kuikae_deadlock_repro).
- mjx (github.com/mjx-project/mjx, commit fcdac0ea): tests_cpp/internal_hand_test.cpp
  (PossibleDiscards, PossibleOpensAfterDraw, CanRiichi, PossibleDiscardsAfterRiichi). Its
  Tenhou records (tests_cpp/resources/mjlog, 95 games or game prefixes with a complete round:
  double ron, sanchahou, suukaikan, suucha riichi, nagashi mangan, pao tsumo, chankan) were
  driven through `yakuman.game.records.check_record` once, outside the suite: 0 illegal
  decisions, 0 disagreements. They are not copied here.
- Mortal's libriichi (github.com/Equim-chan/Mortal): src/algo/agari.rs test `ankan_after_riichi`
  (its non-strict mode, which it documents as Tenhou's rule: after riichi an ankan only when
  the waits do not change; the shape and the yaku may change).

Not expressible, or left out (with the reason):
- riichienv test_chankan.py::test_non_kokushi_ankan_no_ron: its waiting hand waits on the kind
  whose four copies are in the kan (a wait that cannot exist in a consistent game); the
  meaningful part, no ron on an ankan for a non-kokushi hand, is the Tenhou half of
  test_kokushi_robs_an_ankan below.
- riichienv test_kan_dora_timing_events.py (kakan / daiminkan): riichienv writes the new
  indicator's `dora` event before the kan player's `dahai`, we write it just after (before
  anyone answers the discard). The rule is the same (the indicator is turned at the kan
  player's discard and counts for a ron on it: test_open_kan_indicator_is_turned_with_the_discard);
  only the order of two events in the stream differs, which no rule decides.
- riichienv tests that set engine internals directly (phase, riichi_stage, pao tables,
  mid-hand scores) are rebuilt as the play that reaches the same position; where that play
  cannot be the same (a pon from one seat with pao injected on another), the natural play
  with the same payers is used and said so.
- Already covered by tests/game/test_rules.py, not repeated: pon over chi
  (riichienv test_claim_priority.py -> test_a_pon_takes_precedence_over_a_chi), suukaikan
  after the fourth kan's discard and suufon renda (test_midway_draw.py::test_suukansansen,
  test_sufuurenta -> test_suufon_renda,
  test_suukaikan_after_the_fourth_kans_discard), sanma has no chi (tests.rs test_sanma_no_chi
  -> test_sanma_kita_and_no_chi).
"""

from __future__ import annotations

import pytest

from tests.game._util import act, build_wall, discard, has, pass_all
from yakuman.game import Game
from yakuman.rules import Rules

TENHOU = Rules.tenhou()
MAJSOUL = Rules.mahjongsoul()
NOTEN = "1m4m7m2p5p8p3s6s9s1z2z3z4z"            # 4-shanten or worse: never calls, never wins


def respond(g: Game, seat: int, type_: str, pai: str | None = None, **kw) -> None:
    """`seat` answers the pending discard (or kan) with the first legal action of this type;
    every other asked seat passes."""
    acts = [a for a in g.legal_actions(seat) if a.type == type_ and (pai is None or a.pai == pai)
            and all(getattr(a, k) == v for k, v in kw.items())]
    assert acts, f"no {type_} {pai} for seat {seat}: {g.legal_actions(seat)}"
    move = {s: next(a for a in g.legal_actions(s) if a.type == "none") for s in g.to_act if s != seat}
    move[seat] = acts[0]
    g.step(move)


def tsumogiri(g: Game, n: int = 1) -> None:
    """n turns in which the actor discards the drawn tile and everybody passes."""
    for _ in range(n):
        (s,) = g.to_act
        g.step(next(a for a in g.legal_actions(s) if a.type == "dahai" and a.tsumogiri))
        pass_all(g)


def last(g: Game, type_: str) -> dict:
    return [e for e in g.events if e["type"] == type_][-1]


def yaku_names(hora: dict) -> set:
    return {y[0] for y in hora["yakus"]}


# ---- pao ----------------------------------------------------------------------------------------
FILL = "1m4m7m2p5p8p3s6s9s"                    # nine tiles without honors, no two within two


def feed_pons(g: Game, caller: int, tiles: str, junk: str) -> None:
    """The seat to act throws each tile of `tiles` (mjai names, space-separated) in turn;
    `caller` pons it and throws the next tile of `junk`."""
    for t, j in zip(tiles.split(), junk.split()):
        discard(g, t, then_pass=False)
        respond(g, caller, "pon", t)
        discard(g, j)


def test_daisangen_pao_tsumo_the_liable_seat_pays_all():
    """riichienv test_pao.py::test_daisangen_pao_tsumo (Tenhou): the dealer, with two dragon
    pons, pons the third dragon from seat 1 and wins by tsumo; seat 1 pays the whole dealer
    yakuman, 48000, the others nothing."""
    dealer = "55z66z77z111m2m9p8p7p"
    wall = build_wall([dealer, "5z6z7z1z" + FILL, None, None], "2s" "5s" "8s" "3p" "1s" "4s" "7s" "2m")
    g = Game(TENHOU, 0, wall)
    tsumogiri(g)                       # the dealer's first draw
    feed_pons(g, 0, "P F C", "9p 8p 7p")   # seat 1 throws the three dragons; tanki on 2m
    tsumogiri(g, 3)
    act(g, 0, "hora")
    h = last(g, "hora")
    assert "daisangen" in yaku_names(h)
    assert h["deltas"] == [48000, -48000, 0, 0]


@pytest.mark.parametrize("honba,liable_pays", [(0, -16000), (2, -16600)])
def test_daisangen_pao_ron_split_with_the_honba_on_the_liable_seat(honba, liable_pays):
    """riichienv test_pao.py::test_daisangen_pao_ron and test_pao_honba.py::
    test_daisangen_pao_ron_honba (Tenhou): seat 3 pons the three dragons from the dealer (seat
    0) and rons seat 2's discard: a non-dealer yakuman, 32000, split between the discarder and
    the liable seat; Tenhou puts the honba on the liable seat (2 honba: 16000 / 16600)."""
    winner = "55z66z77z333m2m9p8p7p"
    wall = build_wall(["5z6z7z1z" + FILL, "2z3z4z" + FILL + "9m", "2m" + FILL + "1z2z4z", winner],
                      "1s" "2s" "5s" "8s" "4s" "7s")
    g = Game(TENHOU, 0, wall, honba=honba)
    feed_pons(g, 3, "P F C", "9p 8p 7p")   # the dealer throws the three dragons
    tsumogiri(g, 2)                    # seats 0 and 1
    discard(g, "2m", then_pass=False)  # seat 2 deals in
    respond(g, 3, "hora")
    h = last(g, "hora")
    assert h["deltas"] == [liable_pays, 0, -16000, 32000 + 300 * honba]


@pytest.mark.parametrize("rules,deltas", [
    (MAJSOUL, [96000, -16000, -64000, -16000]),   # only the pao yakuman on the liable seat
    (TENHOU, [96000, 0, -96000, 0]),              # the whole hand on the liable seat
])
def test_composite_yakuman_pao_tsumo(rules, deltas):
    """riichienv test_majsoul_pao_scoring.py::test_majsoul_pao_tsumo_composite (Mahjong Soul)
    and tests.rs test_tenhou_tsumo_pao_composite (Tenhou): the dealer pons hatsu and chun from
    seat 1, then haku from seat 2 (liable), and wins daisangen + tsuuiisou by tsumo. Mahjong
    Soul: seat 2 pays the daisangen (48000) and its share of the tsuuiisou (16000); Tenhou:
    seat 2 pays all 96000."""
    dealer = "66z77z55z111z2z9p8p7p"
    wall = build_wall([dealer, "6z7z" + FILL + "3z4z", "5z" + FILL + "3z4z9m", None],
                      "2s" "5s" "8s" "3p" "6p" "1s" "4s" "7s" "2z")
    g = Game(rules, 0, wall)
    tsumogiri(g)                       # the dealer's first draw
    feed_pons(g, 0, "F C", "9p 8p")    # seat 1 throws hatsu and chun
    tsumogiri(g)                       # seat 1
    feed_pons(g, 0, "P", "7p")         # seat 2 throws haku: tanki on 2z
    tsumogiri(g, 3)
    act(g, 0, "hora")
    h = last(g, "hora")
    assert {"daisangen", "tsuuiisou"} <= yaku_names(h)
    assert h["deltas"] == deltas


@pytest.mark.parametrize("rules,deltas", [
    (MAJSOUL, [144000, -96000, -48000, 0]),   # daisuushii x2 (half on the liable seat) + tsuuiisou
    (TENHOU, [96000, -48000, -48000, 0]),     # no double yakuman; the whole hand split in two
])
def test_composite_yakuman_pao_ron(rules, deltas):
    """riichienv test_majsoul_pao_scoring.py::test_majsoul_pao_ron_composite (Mahjong Soul) and
    tests.rs test_tenhou_ron_pao_composite (Tenhou): the dealer pons east, south and west from
    seat 1 and north from seat 2 (liable), then rons seat 1's haku with daisuushii +
    tsuuiisou. (The peer injects the pao on seat 2; here seat 2 throws the fourth wind.)
    Mahjong Soul counts daisuushii double (144000): the liable seat pays half of the
    daisuushii (48000), the discarder the rest; Tenhou counts it single (96000) and splits the
    whole hand."""
    dealer = "11z22z33z44z5z9p8p7p6p"
    wall = build_wall([dealer, "1z2z3z5z" + FILL, "4z" + FILL + "6z7z9m", None],
                      "2s" "5s" "8s" "3p" "1s" "4s")
    g = Game(rules, 0, wall)
    tsumogiri(g)
    feed_pons(g, 0, "E S W", "9p 8p 7p")
    tsumogiri(g)                       # seat 1
    feed_pons(g, 0, "N", "6p")         # tanki on 5z
    discard(g, "P", then_pass=False)   # seat 1 deals in
    respond(g, 0, "hora")
    h = last(g, "hora")
    assert {"daisuushii", "tsuuiisou"} <= yaku_names(h)
    assert h["deltas"] == deltas


def test_single_yakuman_pao_ron_mahjongsoul():
    """riichienv test_majsoul_pao_scoring.py::test_majsoul_pao_ron_single (Mahjong Soul): the
    dealer's daisangen (third dragon ponned from seat 2) rons seat 1: 48000, half each."""
    dealer = "55z66z77z11m22m9p8p7p"
    wall = build_wall([dealer, "5z6z2m" + FILL + "3z", "7z" + FILL + "3z4z9m", None],
                      "2s" "5s" "8s" "3p" "6p" "1s")
    g = Game(MAJSOUL, 0, wall)
    tsumogiri(g)
    feed_pons(g, 0, "P F", "9p 8p")
    tsumogiri(g)                       # seat 1
    feed_pons(g, 0, "C", "7p")         # shanpon 1m / 2m
    discard(g, "2m", then_pass=False)  # seat 1 deals in
    respond(g, 0, "hora")
    assert last(g, "hora")["deltas"] == [48000, -24000, -24000, 0]


@pytest.mark.parametrize("rules,sticks,deltas", [
    (MAJSOUL, 0, [-48000, 0, 64000, -16000]),
    (MAJSOUL, 1, [-48000, 0, 65000, -16000]),
    (TENHOU, 0, [-32000, 0, 64000, -32000]),     # Tenhou: both yakuman on the pao, split in two
])
def test_daisangen_tsuuiisou_pao_ron_from_a_real_record(rules, sticks, deltas):
    """riichienv test_majsoul_pao_scoring.py::test_mjsoul_4p_ron_pao_real_record (and
    ..._with_riichi; Mahjong Soul game 251122-9051f1e9): a non-dealer (seat 2) pons four honor
    sets from seat 3, the third dragon among them, and rons the dealer's 2z: daisangen +
    tsuuiisou, 64000; Mahjong Soul puts half of the daisangen only on the liable seat (16000),
    the dealer pays the rest (48000); a riichi stick on the table goes to the winner."""
    winner = "33z55z66z77z2z9p8p7p6p"
    wall = build_wall(["2z" + FILL + "1z4z9m", None, winner, "3z5z6z7z" + FILL],
                      "2s" "5s" "8s" "1s" "4s" "7s" "3p" "6p" "2p" "5p")
    g = Game(rules, 0, wall, sticks=sticks)
    tsumogiri(g, 3)                    # seats 0, 1, 2
    feed_pons(g, 2, "W P F C", "9p 8p 7p 6p")   # seat 3 throws them; tanki on 2z
    tsumogiri(g)                       # seat 3
    discard(g, "S", then_pass=False)   # the dealer deals in
    respond(g, 2, "hora")
    h = last(g, "hora")
    assert {"daisangen", "tsuuiisou"} <= yaku_names(h)
    assert h["deltas"] == deltas


# ---- kuikae -------------------------------------------------------------------------------------
def test_kuikae_after_a_chi_of_1s_with_2s3s():
    """riichienv test_kuikae.py::test_kuikae_suji_chi / test_kuikae_discard_restriction
    (Tenhou): seat 2 chis seat 1's 1s with 2s3s; it may throw 7p, not 4s (the suji swap) nor 1s."""
    wall = build_wall([NOTEN, "1s" + NOTEN[2:].replace("1z", "9m"), "2s3s4s7p1m1m5m5m9p9p9m6z7z", None], "1z2z")
    g = Game(TENHOU, 0, wall)
    tsumogiri(g)
    discard(g, "1s", then_pass=False)
    respond(g, 2, "chi", "1s", consumed=("2s", "3s"))
    discards = {a.pai for a in g.legal_actions(2) if a.type == "dahai"}
    assert "7p" in discards and "4s" not in discards and "1s" not in discards


def test_kuikae_same_kind_after_a_penchan_chi():
    """mjx internal_hand_test.cpp PossibleDiscards (Tenhou): 1m2m3m 9p 1s 9s and the seven
    honors; after a chi of 3m with 1m2m, ten of the eleven kinds may be thrown: not 3m."""
    wall = build_wall(["3m" + NOTEN[2:].replace("7m", "8m"), "1m2m3m9p1s9s1z2z3z4z5z6z7z", None, None], "9m")
    g = Game(TENHOU, 0, wall)
    discard(g, "3m", then_pass=False)
    respond(g, 1, "chi", "3m", consumed=("1m", "2m"))
    discards = {a.pai for a in g.legal_actions(1) if a.type == "dahai"}
    assert discards == {"9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"}


@pytest.mark.parametrize("kuikae,chi", [("forbidden", False), ("allowed", True)])
def test_no_chi_that_would_leave_only_kuikae_tiles(kuikae, chi):
    """riichienv test_kuikae.py::test_kuikae_suji_chi_avoid_kuikae_deadlock and tests.rs
    test_kuikae_deadlock_repro (Tenhou): seat 2 holds three pons and 2s3s4s4s; a chi of 1s
    with 2s3s would leave 4s4s, both forbidden, so the chi is not offered (it is when kuikae is
    allowed). The pons are of terminals, so a ron on 1s has no yaku."""
    seat2 = "9m9m1p1p9p9p2s3s4s4s5z6z7z"
    wall = build_wall([NOTEN, "9m1s" + FILL + "2z3z", seat2, "1p9p" + FILL + "2z3z"],
                      "2m" "5m" "3m" "8m" "6m" "7s")
    g = Game(TENHOU.replace(kuikae=kuikae), 0, wall)
    tsumogiri(g)                        # seat 0
    feed_pons(g, 2, "9m", "P")          # seat 1 throws 9m
    feed_pons(g, 2, "1p", "F")          # seat 3 throws 1p
    feed_pons(g, 2, "9p", "C")          # seat 3 throws 9p
    tsumogiri(g, 2)                     # seats 3 and 0
    discard(g, "1s", then_pass=False)   # seat 1
    assert has(g, 2, "chi", "1s") is chi
    assert not has(g, 2, "hora")


# ---- furiten ------------------------------------------------------------------------------------
@pytest.mark.parametrize("own_discard,ron", [("1m", False), ("9p", True)])
def test_discard_furiten_on_the_other_wait(own_discard, ron):
    """riichienv test_furiten_rules.py::test_furiten_ron / test_ron_allowed_without_furiten
    (Tenhou): the dealer waits on 1m-4m (2m3m 55s 666p 888s 111z); having thrown 1m it may not
    ron seat 1's 4m, having thrown another tile it may."""
    wall = build_wall(["2m3m5s5s6p6p6p8s8s8s1z1z1z", "4m" + NOTEN[2:].replace("1z", "9m"), None, None],
                      own_discard + "9s")
    g = Game(TENHOU, 0, wall)
    discard(g, own_discard)
    discard(g, "4m", then_pass=False)
    assert has(g, 0, "hora", "4m") is ron


def test_temporary_furiten_after_passing_a_ron():
    """riichienv test_temporary_furiten.py::test_temporary_furiten_chankan (Tenhou): seat 3
    (234m 234p 234s 666s 7s, waits 5s 7s 8s) passes a ron on seat 1's 5s; seat 2's 5s in the same
    go-around is not offered to it."""
    wall = build_wall([NOTEN, "5s9m5m8m1p6p9p1s8s9s5z6z7z", "5s9m5m8m1p6p9p1s8s9s5z6z7z",
                       "2m3m4m2p3p4p2s3s4s6s6s6s7s"], "1z" "2z" "3z")
    g = Game(TENHOU, 0, wall)
    tsumogiri(g)
    discard(g, "5s", then_pass=False)
    assert g.to_act == (3,) and has(g, 3, "hora", "5s")
    respond(g, 3, "none")
    discard(g, "5s", then_pass=False)
    assert not has(g, 3, "hora")


# ---- chankan ------------------------------------------------------------------------------------
def test_chankan_on_an_added_kan():
    """riichienv test_chankan.py::test_chankan_ron and test_rules_chankan.py::
    test_standard_chankan_kakan (Tenhou): the dealer pons 1m, later adds the fourth 1m; seat 1
    (23m 11p 234s 456s 789p) robs it; chankan is among the yaku and the dealer pays."""
    wall = build_wall(["1m1m7m2p5p8p3s6s9s1z2z5z6z", "2m3m1p1p2s3s4s4s5s6s7p8p7z", "1m" + NOTEN[2:].replace("4m", "9m"), None],
                      "2z" "3z" "4z" "9p" "8m" "9m" "1m")
    g = Game(TENHOU, 0, wall)
    tsumogiri(g, 2)                     # seats 0, 1
    discard(g, "1m", then_pass=False)   # seat 2
    respond(g, 0, "pon", "1m")
    discard(g, "P")
    discard(g, "C")                     # seat 1 draws 9p and is tenpai on 1m-4m
    tsumogiri(g, 2)                     # seats 2, 3
    act(g, 0, "kakan", "1m")
    assert g.to_act == (1,) and has(g, 1, "hora", "1m")
    respond(g, 1, "hora")
    h = last(g, "hora")
    assert "chankan" in yaku_names(h) and h["target"] == 0 and h["deltas"][0] < 0


def test_chankan_offered_after_passing_a_pon():
    """riichienv test_chankan.py::test_chankan_stale_claims_repro (Tenhou): seat 0 (222m 333m
    444m 77p 45p, waiting on 3p-6p) passes a pon of seat 2's 7p (passing a call is no furiten);
    seat 3 then adds the fourth 6p to its pon and seat 0 is offered the chankan ron."""
    other = "1m7m9m1p9p1s3s5s7s9s"
    wall = build_wall(["2m2m2m3m3m3m4m4m4m7p7p4p9s", "6p" + other + "1z2z", "7p" + other + "3z4z",
                       "6p6p" + other + "5z"], "6z" "7z" "5p" "8s" "2s" "6p")
    g = Game(TENHOU, 0, wall)
    tsumogiri(g)                        # seat 0 (not yet tenpai)
    feed_pons(g, 3, "6p", "P")          # seat 1 throws 6p, seat 3 pons it
    discard(g, "9s")                    # seat 0 draws 5p: tenpai on 3p-6p
    tsumogiri(g)                        # seat 1
    discard(g, "7p", then_pass=False)   # seat 2
    assert has(g, 0, "pon", "7p") and not has(g, 0, "hora")
    respond(g, 0, "none")
    act(g, 3, "kakan", "6p")
    assert g.to_act == (0,) and has(g, 0, "hora", "6p")
    respond(g, 0, "hora")
    assert "chankan" in yaku_names(last(g, "hora"))


# ---- riichi -------------------------------------------------------------------------------------
def riichi_then_draw(hand: str, tile: str, rules: Rules = TENHOU) -> Game:
    """The dealer holds `hand` (13 tiles), draws 7z, declares riichi throwing it, and after three
    tsumogiri turns of the others draws `tile`."""
    g = Game(rules, 0, build_wall([hand, None, None, None], "7z" "6z6z6z" + tile))
    act(g, 0, "reach")
    discard(g, "C")
    tsumogiri(g, 3)
    assert g.to_act == (0,) and g.observation(0).drawn == {"1z": "E", "2z": "S"}.get(tile, tile)
    return g


@pytest.mark.parametrize("hand,tile,legal", [
    # Mortal libriichi agari.rs test ankan_after_riichi, non-strict mode (Tenhou's rule):
    ("12345m567s11222z", "2z", True),
    ("12345m444567s11z", "4s", True),
    ("22m11112356p444s", "4s", True),
    ("123456m4445s111z", "4s", False),      # the kan would lose the 3s and 6s waits
    ("1113444p789s222z", "1p", True),       # the tenpai shape changes, the waits (2p 3p 5p) do not
    ("1113444p789s222z", "4p", False),      # the 5p wait would go
    ("23m999p33345666s", "6s", True),       # the winning shape changes, the waits do not
    ("23m999p33345666s", "9p", True),
    ("1113445678999m", "1m", True),         # chuuren is lost, the waits stay
    ("1113445678999m", "9m", False),
    # riichienv test_valid_ankan.py::test_valid_ankan_riichi_legality: shanpon 2m / 7s
    ("22m999p111s555s77s", "9p", True),
])
def test_ankan_after_riichi_keeps_the_waits(hand, tile, legal):
    g = riichi_then_draw(hand, tile)
    assert has(g, 0, "ankan") is legal


@pytest.mark.parametrize("tile,legal", [("3s", True), ("6s", False)])
def test_ankan_after_riichi_mjx_case(tile, legal):
    """mjx internal_hand_test.cpp PossibleOpensAfterDraw: riichi on 3335666s + haku and chun
    triplets (waits 4s 5s 7s): an ankan of a drawn 3s keeps them, of a drawn 6s does not."""
    g = Game(TENHOU, 0, build_wall(["3335666s555z777z", None, None, None], "1z" "2z2z2z" + tile))
    act(g, 0, "reach")
    discard(g, "E")
    tsumogiri(g, 3)
    assert has(g, 0, "ankan") is legal


def test_after_the_reach_only_discards_that_keep_tenpai():
    """riichienv test_riichi_sequence.py::test_riichi_stage_disables_ankan /
    test_mjai_reach_then_dahai_sequence (Tenhou): 3333m 4m 6m 234p 77p 345s with the fourth 3m
    just drawn: riichi and an ankan of 3m are legal; after the reach only discards are, and
    after the declaration discard the stick is paid (24000)."""
    g = Game(TENHOU, 0, build_wall(["3m3m3m4m6m2p3p4p7p7p3s4s5s", None, None, None], "3m"))
    assert has(g, 0, "reach") and has(g, 0, "ankan")
    act(g, 0, "reach")
    acts = g.legal_actions(0)
    assert {a.type for a in acts} == {"dahai"}
    assert {a.pai for a in acts} == {"3m", "6m"}      # each leaves a wait; the others do not
    discard(g, "6m")
    assert last(g, "reach_accepted")["scores"][0] == 24000


def test_riichi_discards_mjx():
    """mjx internal_hand_test.cpp PossibleDiscardsAfterRiichi: 1112345678999m with chun drawn:
    after the reach the discards that keep tenpai are chun, 2m, 5m and 8m."""
    g = Game(TENHOU, 0, build_wall(["1112345678999m", None, None, None], "7z"))
    act(g, 0, "reach")
    assert {a.pai for a in g.legal_actions(0)} == {"C", "2m", "5m", "8m"}


@pytest.mark.parametrize("hand,draw,reach,kyushu", [
    ("1112345678999m", "1p", True, False),          # tenpai after throwing 1p
    ("1112345678999m".replace("99m", "9m9p"), "1p", False, False),   # 1-shanten
    ("1m2m9m1p1p9p1s9s1z2z3z4z5z", "7z", True, True),    # kokushi tenpai after throwing 2m
    ("1m3m9m3p4p6p9p1s1z2z3z4z6z", "8s", False, True),   # nine kinds but not tenpai
])
def test_can_riichi(hand, draw, reach, kyushu):
    """mjx internal_hand_test.cpp CanRiichi (Tenhou): riichi needs a closed tenpai hand after
    some discard; a kyuushu hand that is not kokushi tenpai may not riichi."""
    g = Game(TENHOU, 0, build_wall([hand, None, None, None], draw))
    assert has(g, 0, "reach") is reach
    assert has(g, 0, "ryukyoku") is kyushu


def test_no_riichi_after_a_chi():
    """mjx internal_hand_test.cpp CanRiichi (open hand): seat 1 chis 1m with 2m3m from
    1112345678999m, throws 9m, and on its next draw is tenpai but may not riichi."""
    wall = build_wall(["1m" + NOTEN[2:].replace("4m", "9s"), "1112345678999m", None, None], "1z" "2z" "3z" "4z" "1p")
    g = Game(TENHOU, 0, wall)
    discard(g, "1m", then_pass=False)
    respond(g, 1, "chi", "1m", consumed=("2m", "3m"))
    discard(g, "9m")
    tsumogiri(g, 3)
    assert g.to_act == (1,) and g.observation(1).drawn == "1p" and not has(g, 1, "reach")


@pytest.mark.parametrize("riichi", [False, True])
def test_no_calls_in_riichi(riichi):
    """riichienv test_riichi_no_claims.py::test_no_chi_during_riichi / test_no_pon_during_riichi
    / test_chi_offered_when_not_in_riichi (Tenhou): seat 1 (123m 456m 789m 222s 9p) may pon
    the dealer's 2s and chi its 4m, unless it has declared riichi."""
    wall = build_wall(["2s4m" + NOTEN[4:].replace("3s", "8s"), "123m456m789m222s9p", None, None],
                      "1z" "7z" "2z" "3z")
    g = Game(TENHOU, 0, wall)
    tsumogiri(g)
    if riichi:
        act(g, 1, "reach")
    discard(g, "C")
    tsumogiri(g, 2)
    discard(g, "2s", then_pass=False)
    assert has(g, 1, "pon", "2s") is not riichi
    pass_all(g)
    assert g.to_act == (1,)


# ---- kans ---------------------------------------------------------------------------------------
KOKUSHI_1Z = "1m1m9m1p9p1s9s2z3z4z5z6z7z"     # kokushi waiting on east only


@pytest.mark.parametrize("rules,robbed", [(MAJSOUL, True), (TENHOU, False)])
@pytest.mark.parametrize("kan", ["1z", "9p"])
def test_kokushi_robs_an_ankan(rules, robbed, kan):
    """riichienv test_chankan.py::test_kokushi_ankan_ron / test_kokushi_ankan_ron_tenhou and
    test_rules_chankan.py::test_chankan_kokushi_mjsoul / test_chankan_kokushi_tenhou_default:
    the dealer makes an ankan on its first draw of the tile seat 1's kokushi waits on. Mahjong
    Soul offers seat 1 the ron (kokushi, 32000 from the dealer); Tenhou goes on to the
    replacement draw."""
    hand1 = KOKUSHI_1Z if kan == "1z" else KOKUSHI_1Z.replace("9p", "1z")
    dealer = {"1z": "1z1z1z", "9p": "9p9p9p"}[kan] + "2m3m4m5m6m7m2s3s4s8p"
    g = Game(rules, 0, build_wall([dealer, hand1, None, None], kan))
    act(g, 0, "ankan")
    if not robbed:
        assert g.to_act == (0,) and g.events[-1]["type"] == "tsumo"
        return
    assert g.to_act == (1,) and has(g, 1, "hora")
    respond(g, 1, "hora")
    h = last(g, "hora")
    assert "kokushi" in yaku_names(h) and h["deltas"] == [-32000, 32000, 0, 0]


def test_open_kan_indicator_is_turned_with_the_discard():
    """riichienv test_kan_dora_timing_events.py (Tenhou): an ankan's indicator comes before its
    replacement draw; a daiminkan's after the replacement draw, with the kan player's discard,
    before anyone answers it (so it counts for a ron on that discard). riichienv writes that
    `dora` event before the `dahai`, we write it just after: the same moment for the rule."""
    wall = build_wall(["1111m9p1s9s1z2z3z4z5z6z", "9p9p9p456m234s678s7z", NOTEN.replace("1m", "5m"), None],
                      "1p2s", rinshan="7z8p7s6m")
    g = Game(TENHOU, 0, wall)
    n = len(g.events)
    act(g, 0, "ankan")
    assert [e["type"] for e in g.events[n:]] == ["ankan", "dora", "tsumo"]
    discard(g, "9p", then_pass=False)
    respond(g, 1, "daiminkan")
    n = len(g.events)
    assert len(g.observation(2).dora_indicators) == 2
    discard(g, "C", then_pass=False)
    assert [e["type"] for e in g.events[n:]][:2] == ["dahai", "dora"]
    assert len(g.observation(2).dora_indicators) == 3       # already while the discard is answered


# ---- abortive draws and the next hand ------------------------------------------------------------
def test_kyuushu_kyuuhai_by_a_non_dealer_keeps_the_dealer():
    """riichienv test_kyushu_kyuhai.py::test_kyushu_kyuhai_abortive_draw and test_game_rules.py::
    test_tonpuu_ranchan_transitions (Tenhou): seat 1 with 19m19p19s + all seven honors declares
    kyuushu kyuuhai on its first draw; the next hand is East 1 again, honba 1, same dealer."""
    wall = build_wall([NOTEN.replace("1z", "5m").replace("2z", "6m").replace("3z", "8m").replace("4z", "2s"),
                       "1m9m1p9p1s9s1z2z3z4z5z6z7z", None, None], "3p" "5s")
    g = Game(TENHOU.replace(length="tonpuusen"), 0, wall)
    tsumogiri(g)
    assert has(g, 1, "ryukyoku")
    act(g, 1, "ryukyoku")
    assert g.rounds[-1].abortive == "kyuushu_kyuuhai"
    nk = last(g, "start_kyoku")
    assert (nk["bakaze"], nk["kyoku"], nk["honba"], nk["oya"]) == ("E", 1, 1, 0)


def test_no_kyuushu_kyuuhai_after_a_call():
    """riichienv test_kyushu_kyuhai.py::test_kyushu_kyuhai_not_available_after_meld (Tenhou):
    a pon before seat 3's first draw takes its kyuushu kyuuhai away."""
    wall = build_wall(["8p" + NOTEN[2:].replace("1z", "5m"), None, "8p8p" + FILL.replace("8p", "6m") + "5m5m",
                       "1m9m1p9p1s9s1z2z3z4z5z3m4m"], "6p" "2s")
    g = Game(TENHOU, 0, wall)
    discard(g, "8p", then_pass=False)
    respond(g, 2, "pon", "8p")
    discard(g, "5m")
    assert g.to_act == (3,) and not has(g, 3, "ryukyoku")


@pytest.mark.parametrize("winner,next_oya,next_honba", [(1, 1, 0), (0, 0, 6)])
def test_honba_after_a_win(winner, next_oya, next_honba):
    """riichienv test_honba_reset.py::test_honba_reset_on_ko_win / test_honba_increment_on_oya_win
    (Tenhou): at 5 honba, a non-dealer's ron passes the deal and clears the honba; the
    dealer's tsumo keeps the deal with 6 honba."""
    if winner == 1:
        wall = build_wall(["5p" + NOTEN[2:], "234m456m678m234p5p", None, None], "9s")
    else:
        wall = build_wall(["234m456m678m234p5p", NOTEN, "9m" + FILL.replace("4m", "1s").replace("5p", "9p") + "5z6z7z",
                           "8m" + FILL.replace("4m", "2s").replace("5p", "1p") + "5z6z7z"],
                          "1z" "2z" "3z" "4z" "5p")
    g = Game(TENHOU, 0, wall, honba=5)
    if winner == 1:
        discard(g, "5p", then_pass=False)
        respond(g, 1, "hora")
    else:
        tsumogiri(g, 4)
        act(g, 0, "hora")
    nk = last(g, "start_kyoku")
    assert (nk["oya"], nk["honba"]) == (next_oya, next_honba)
