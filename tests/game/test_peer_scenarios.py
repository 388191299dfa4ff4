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
  after the fourth kan's discard (test_midway_draw.py::test_suukansansen ->
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
