"""Junk arguments to the public helpers: None, a number, a string, an object where a sequence or
an integer is expected. Each must be the library's own error (a ``yakuman.errors`` subclass)
naming what is wrong, never Python's TypeError / AttributeError from inside the call, and never
a read of memory that is not the argument (``parse_mpsz(None)`` read a str's data from None and
answered with a garbage character)."""

from __future__ import annotations

import numpy as np
import pytest

import yakuman
from yakuman import _core, batch, display, result, scoring, search, settle, tiles
from yakuman.errors import (
    InvalidArgumentError,
    InvalidContextError,
    InvalidMeldError,
    InvalidTilesError,
    YakumanError,
)
from yakuman.furiten import can_ron, is_discard_furiten
from yakuman.game import seeded_wall
from yakuman.hand import Hand, Meld

JUNK = [None, -1, 1.5, object(), True]
NOT_A_SEQUENCE = [None, -1, 1.5, object(), True]


@pytest.mark.parametrize("junk", NOT_A_SEQUENCE, ids=repr)
@pytest.mark.parametrize("call, error", [
    (lambda j: tiles.to_mpsz(j), InvalidTilesError),
    (lambda j: tiles.to_mpsz([0] * 34, j), InvalidTilesError),
    (lambda j: tiles.to_136(j), InvalidTilesError),
    (lambda j: tiles.to_mjai(j), InvalidTilesError),
    (lambda j: tiles.from_mjai(j), InvalidTilesError),
    (lambda j: tiles.parse_136(j), InvalidTilesError),
    (lambda j: tiles.parse_mpsz(j), InvalidTilesError),
    (lambda j: Hand(j), InvalidTilesError),
    (lambda j: Hand((0,) * 34, j), InvalidTilesError),
    (lambda j: Meld("pon", j), InvalidMeldError),
    (lambda j: settle.RoundState(j), InvalidContextError),
    (lambda j: settle.final_scores(j), InvalidContextError),
    (lambda j: settle.noten_payments(j, 3000), InvalidContextError),
    (lambda j: settle.is_suucha_riichi(j), InvalidContextError),
    (lambda j: settle.is_suukaikan(j), InvalidContextError),
    (lambda j: can_ron("1m", j), InvalidContextError),
    (lambda j: can_ron("1m", ["1m"], j), InvalidContextError),
    (lambda j: is_discard_furiten(j, ["1m"]), InvalidContextError),
    (lambda j: batch.parse_many(j), InvalidArgumentError),
    (lambda j: batch.columns_from_kwargs(j), InvalidArgumentError),
    (lambda j: batch.columns_from_frame(j), InvalidArgumentError),
    (lambda j: batch.row_kwargs(j, 0), InvalidArgumentError),
    (lambda j: batch.log_row_kwargs(j), InvalidArgumentError),
    (lambda j: display.tiles_svg(j), InvalidArgumentError),
    (lambda j: display.hand_svg(j), InvalidArgumentError),
    (lambda j: display.groups_of_decomposition(j), InvalidArgumentError),
    (lambda j: display.payment_html(j), InvalidArgumentError),
    (lambda j: display.score_html(j), InvalidArgumentError),
    (lambda j: result.score_str(j), InvalidArgumentError),
    (lambda j: result.score_repr(j), InvalidArgumentError),
    (lambda j: scoring.score_request(j, yakuman.Rules.tenhou()), InvalidArgumentError),
    (lambda j: search.win_value_many(j), InvalidTilesError),
], ids=lambda x: "" if not callable(x) else None)
def test_a_junk_sequence_is_the_librarys_error(call, error, junk):
    with pytest.raises(error):
        call(junk)


@pytest.mark.parametrize("junk", ["x", None, 1.5, object(), True, [], -1], ids=repr)
def test_a_junk_integer_is_the_librarys_error(junk):
    with pytest.raises(InvalidTilesError, match="integer|range"):
        tiles.tile_name(junk)
    with pytest.raises(InvalidTilesError, match="meld_text"):
        batch.meld_text(junk, 3)
    with pytest.raises(InvalidTilesError, match="meld_text"):
        batch.meld_text(0, junk)
    with pytest.raises(InvalidArgumentError, match="seed|players|round_no"):
        seeded_wall(4, junk) if junk != -1 else seeded_wall(junk)
    with pytest.raises(InvalidContextError, match="han|fu|yakuman|negative"):
        settle.base_points(junk, 30)
    with pytest.raises(InvalidContextError, match="yaku_han"):
        can_ron("1m", ["1m"], yaku_han=junk)
    with pytest.raises(InvalidArgumentError, match="seat_wind"):
        search.win_value_many(np.zeros((1, 34), np.uint8), seat_wind=junk)


def test_the_checks_keep_the_answers():
    """The same calls on good arguments answer as before."""
    assert tiles.tile_name(11) == "3p" and tiles.tile_name(np.int64(33)) == "7z"
    assert tiles.parse_mpsz("406m") == tiles.parse("406m")
    assert tiles.parse_136(np.array([16, 17])) == tiles.parse_136([16, 17])
    assert tiles.from_mjai(iter(["5mr", "E"])) == tiles.parse("0m1z")
    assert tiles.to_mpsz(np.array(tiles.to_counts("123m"))) == "123m"
    assert Meld("pon", [31, 31, 31]) == Meld.parse("pon 555z")
    assert Hand(np.zeros(34, np.int64)).n_tiles == 0
    assert settle.RoundState([25000] * 4).scores == (25000,) * 4
    assert settle.noten_payments((True, False, False, False), 3000) == (3000, -1000, -1000, -1000)
    assert settle.is_suucha_riichi(iter([0, 1, 2, 3])) and not settle.is_suucha_riichi([0, 1, 2, 3], players=3)
    assert settle.is_suukaikan((0, 0, 0, 1))
    assert can_ron("1m", iter(["1m", "4m"])) and not can_ron("1m", ["1m"], ("1m",))
    assert batch.meld_text(np.uint8(0), np.uint8(3), 1) == "chi 406m"
    assert seeded_wall(4, 7) == seeded_wall(4, 7 + 2**64)
    assert display.tiles_svg(("1m", "2m")).startswith("<svg")
    with pytest.raises(InvalidTilesError, match="a chi cannot start at 8m"):
        batch.meld_text(0, 7)
    with pytest.raises(InvalidContextError, match="riichi seat 4"):
        settle.is_suucha_riichi([0, 1, 2, 4])


@pytest.mark.parametrize("call", [
    lambda: _core.state_decision_seat(None),
    lambda: _core.replay_next_hand(None),
    lambda: _core.mjlog_scan(None),
    lambda: _core._shanten_many(None, 0, 0, 1, np.zeros(1, np.int8), np.zeros(1, np.uint8)),
], ids=["state_decision_seat", "replay_next_hand", "mjlog_scan", "_shanten_many"])
def test_the_native_layer_refuses_none_for_a_typed_argument(call):
    """Cython lets None through a typed argument unless it says ``not None``: the engine's state
    accessors then read None's memory as a game (state_decision_seat(None) answered 128 and
    replay_next_hand(None) a tuple of addresses). Every typed argument of the native layer now
    refuses it."""
    with pytest.raises(TypeError, match="must not be None|NoneType"):
        call()


def test_every_error_here_is_a_yakuman_error():
    assert all(issubclass(e, YakumanError) for e in (InvalidArgumentError, InvalidContextError, InvalidMeldError,
                                                     InvalidTilesError))


KEYWORD_JUNK = [None, -1, "x", [], {}, object(), 1.5, float("nan"), True]


@pytest.mark.parametrize("junk", KEYWORD_JUNK, ids=repr)
def test_junk_keywords_of_the_entry_points(junk):
    """The keyword arguments of the main entry points, each given junk, with the other arguments
    good: a value (where the junk is a fair value, as dora=[]) or the library's error."""
    from yakuman import ev, game
    from yakuman.random import winning_hands

    calls = [
        lambda: ev.discard_ev("123m456p789s11223z", wall=junk),
        lambda: ev.discard_ev("123m456p789s11223z", wall_red=junk),
        lambda: ev.discard_ev("123m456p789s11223z", riichi=junk),
        lambda: ev.discard_ev("123m456p789s11223z", model=junk),
        lambda: search.win_value("123m456p789s112z", melds=junk) if junk is not None else None,
        lambda: game.simulate(1, policy=junk),
        lambda: game.Game(scores=junk) if junk is not None else None,
        lambda: settle.settle_exhaustive_draw(settle.RoundState((25000,) * 4), [0], nagashi=junk),
        lambda: winning_hands(2, melds=junk),
        lambda: winning_hands(2, shapes=junk) if junk is not None else None,
        lambda: winning_hands(2, tsumo=junk),
        lambda: winning_hands(2, riichi=junk),
    ]
    if junk not in ([], None):
        calls.append(lambda: ev.discard_ev("123m456p789s11223z", dora=junk))
    for call in calls:
        try:
            call()
        except YakumanError:
            pass


def test_the_keyword_checks_name_the_argument():
    from yakuman import ev
    from yakuman.random import winning_hands

    with pytest.raises(InvalidArgumentError, match=r"wall must hold 34 counts, each an integer: 1.5"):
        ev.discard_ev("123m456p789s11223z", wall=[1.5] * 34)   # was read as 1 (int(1.5))
    with pytest.raises(InvalidTilesError, match="dora"):
        ev.discard_ev("123m456p789s11223z", dora=-1)
    assert ev.discard_ev("123m456p789s11223z", dora=None).best.tile == ev.discard_ev("123m456p789s11223z").best.tile
    with pytest.raises(InvalidArgumentError, match="riichi must be one of"):
        ev.discard_ev("123m456p789s11223z", riichi=[])
    with pytest.raises(InvalidArgumentError, match="start \\+ n must be at most 2\\*\\*62"):
        winning_hands(2, start=10**30)
    with pytest.raises(InvalidArgumentError, match="start \\+ n must be at most 2\\*\\*62"):
        winning_hands(np.int64(2**62), start=np.int64(2**62))   # numpy's int64 sum wraps: added as ints
    with pytest.raises(InvalidArgumentError, match="tsumo must be a probability"):
        winning_hands(2, tsumo="x")
    with pytest.raises(InvalidArgumentError, match="shapes must map"):
        winning_hands(2, shapes=[("mixed", 1.0)])
    with pytest.raises(InvalidArgumentError, match="melds must be five non-negative weights"):
        winning_hands(2, melds=["x", 1, 1, 1, 1])
    with pytest.raises(InvalidContextError, match="nagashi must be a sequence"):
        settle.settle_exhaustive_draw(settle.RoundState((25000,) * 4), [0], nagashi=3)


@pytest.mark.parametrize("junk", [None, -1, 1.5, object(), [], {}, True], ids=repr)
def test_junk_to_the_methods(junk):
    """The methods found by a sweep of Game, Observation, VecGame, ShantenState, FuritenState and
    Rules with junk in each argument: these raised raw TypeError / AttributeError / OverflowError."""
    from yakuman.errors import InvalidRulesError
    from yakuman.game import Game
    from yakuman.game.vec import VecGame

    with pytest.raises(InvalidRulesError):
        yakuman.Rules.from_json(junk)
    with pytest.raises(InvalidRulesError):
        yakuman.Rules.from_toml(junk)
    with pytest.raises(InvalidRulesError):
        yakuman.Rules.load(junk)
    if junk is not None and not (type(junk) is int and junk >= 0):
        with pytest.raises(InvalidRulesError, match="indent"):
            yakuman.Rules.tenhou().to_json(indent=junk)
    v = VecGame(2, seed=1)
    with pytest.raises(InvalidArgumentError, match="is not one of 0..1"):
        v.history(junk)
    with pytest.raises(InvalidArgumentError, match="is not one of 0..1"):
        v.game(junk)
    with pytest.raises(InvalidContextError, match="n must be an integer"):
        Game(seed=1).rollout(n=junk)


def test_the_method_checks_keep_the_answers():
    from yakuman.game import MAX_ROLLOUTS, Game
    from yakuman.game.vec import VecGame

    r = yakuman.Rules.tenhou()
    assert yakuman.Rules.from_json(r.to_json(indent=None)) == r == yakuman.Rules.from_json(r.to_json().encode())
    v = VecGame(2, seed=1)
    assert v.history(np.int64(1))[0] == v.history(1)[0]
    with pytest.raises(InvalidContextError, match=f"n must be an integer 1..{MAX_ROLLOUTS}"):
        Game(seed=1).rollout(n=MAX_ROLLOUTS + 1)
    with pytest.raises(yakuman.errors.InvalidRulesError, match="expected a path"):
        yakuman.Rules.load("a\0b.toml")


@pytest.mark.parametrize("junk", [-1, "x", 1.5, object(), True], ids=repr)
def test_junk_to_the_record_helpers(junk):
    """verify_game's plumbing arguments and comparable's drop: raw TypeError / AttributeError
    before; the library's error now, naming the argument."""
    from yakuman import logs

    g = _one_record()
    for kw in ("rounds", "out", "check", "index", "max_mismatches"):
        if kw in ("index", "max_mismatches") and type(junk) is int and junk >= 0:
            continue
        with pytest.raises(InvalidArgumentError, match=f"verify_game: {kw}"):
            logs.verify_game(g, **{kw: junk})
    if not isinstance(junk, str):
        with pytest.raises(InvalidArgumentError, match="drop"):
            logs.comparable(g, drop=junk)


def _one_record():
    """A four-player record of the project's fixtures (tests/fixtures/logs, written by the
    project's own writers)."""
    from pathlib import Path

    from yakuman import logs

    games = logs.read(Path(__file__).parents[1] / "fixtures" / "logs" / "fixture4.mjlog")
    return games[0] if isinstance(games, list) else games


@pytest.mark.parametrize("junk", [None, "x", [], 1.5, float("nan"), 10**30, -1, True], ids=repr)
def test_junk_to_the_settlement_keywords(junk):
    """final_scores' riichi_sticks went to the native call unchecked (a TypeError, an
    OverflowError, or 1.5 taken as an integer); base_points' limit of a list raised unhashable."""
    with pytest.raises(InvalidContextError, match="riichi_sticks must be an integer"):
        settle.final_scores((25000,) * 4, riichi_sticks=junk)
    if not isinstance(junk, str) and junk is not None:
        with pytest.raises(InvalidContextError, match="limit must be"):
            settle.base_points(limit=junk)
    assert settle.final_scores((25000,) * 4, riichi_sticks=2).points[0] == 27000


@pytest.mark.parametrize("junk", [None, -1, "x", object(), 1.5, True], ids=repr)
def test_junk_to_the_submodule_helpers(junk):
    """Helpers in the __all__ of yakuman.logs.* and yakuman.game.* modules: raw TypeError /
    AttributeError / KeyError before, the library's error now (a sweep of those modules)."""
    from yakuman.game import duplicate, evplanes, linear
    from yakuman.game import mjai as game_mjai
    from yakuman.logs import mjai, report, rescore, review_html, stats, tenhou_xml, verify

    calls = [
        (lambda: mjai.mjai_tile(junk), InvalidTilesError),
        (lambda: mjai.parse_mjai_tile(junk), InvalidTilesError),
        (lambda: stats.wilson(junk, 10), InvalidArgumentError),
        (lambda: duplicate.t_quantile(junk, 3), InvalidContextError),
        (lambda: verify.game_key(junk), InvalidContextError),
        (lambda: stats.game_players(junk), InvalidContextError),
        (lambda: report.render_html(junk), InvalidArgumentError),
        (lambda: review_html.render_html(junk), InvalidArgumentError),
        (lambda: rescore.rescore([], junk), InvalidArgumentError),
        (lambda: evplanes.ev_options(junk), InvalidContextError),
        (lambda: evplanes.ev_planes(junk), InvalidContextError),
        (lambda: linear.play(junk), InvalidContextError),
        (lambda: linear.self_play(junk), InvalidContextError),
        (lambda: linear.random_actions(np.ones((1, 3), np.uint8), junk), InvalidContextError),
        (lambda: linear.discard_features(junk, junk), InvalidContextError),
        (lambda: game_mjai.mask_event(junk, 0), InvalidArgumentError),
        (lambda: game_mjai.mask_event({"type": "dahai"}, junk), InvalidArgumentError),
        (lambda: game_mjai.play(junk), InvalidContextError),
    ]
    if not (type(junk) is int and junk >= 0):
        calls.append((lambda: linear.RandomPolicy(junk), InvalidContextError))
    if type(junk) is not int:   # any integer is decoded as the reference decodes it
        calls.append((lambda: tenhou_xml.decode_meld(junk, 0), InvalidArgumentError))
    if not (type(junk) in (int, float) and junk > 0):
        calls.append((lambda: stats.wilson(1, 10, z=junk), InvalidArgumentError))
    for call, error in calls:
        try:
            call()
        except error:
            continue
        except YakumanError as e:   # pragma: no cover - the wrong one of ours
            raise AssertionError(f"{error.__name__} expected, got {type(e).__name__}: {e}") from None
        raise AssertionError(f"no error for {junk!r}")


def test_the_submodule_checks_keep_the_answers():
    from yakuman.game import duplicate
    from yakuman.logs import mjai, stats

    assert mjai.mjai_tile(16) == "5mr" and mjai.mjai_tile(np.int64(17)) == "5m"
    assert mjai.parse_mjai_tile("5pr") == (13, True)
    assert all(x != x for x in stats.wilson(0, 0))   # (nan, nan)
    lo, hi = stats.wilson(5, 10)
    assert 0.23 < lo < 0.24 and 0.76 < hi < 0.77
    assert abs(duplicate.t_quantile(0.975, 1) - 12.7062) < 1e-3


def test_the_record_event_helpers():
    """yakuman.logs.events' helpers: junk is the library's error (a ValueError, as the readers
    catch it), and a yaku bit no Yaku member has is written as its number: yaku_name(70) raised
    AttributeError (an IntFlag pseudo-member has no name), so to_mjai of such a record crashed."""
    from yakuman.logs.events import exact_int, round_label, tile_str, yaku_bit, yaku_name

    assert yaku_name(70) == "70" and yaku_bit("70") == 70
    assert yaku_name(1) == "riichi" and yaku_bit("riichi") == 1
    assert tile_str(16) == "0m" and tile_str(np.int64(17)) == "5m"
    assert exact_int("12") == 12 and round_label(5, 2) == "S2-2"
    for call in (lambda: yaku_name(-1), lambda: yaku_name("x"), lambda: yaku_bit(None), lambda: yaku_bit("no such"),
                 lambda: tile_str(136), lambda: tile_str("x"), lambda: round_label("x")):
        with pytest.raises(InvalidArgumentError):
            call()
    for bad in ("x", 1.5, None):   # exact_int's documented ValueError (the readers name the event)
        with pytest.raises(ValueError, match="invalid literal|point value"):
            exact_int(bad)


def test_write_shards_names_an_out_dir_it_cannot_make(tmp_path):
    """A file where the shards' folder should be (or a NUL byte in its name) was Python's
    FileExistsError / ValueError from mkdir."""
    from yakuman.logs import cases, decisions, events

    (tmp_path / "taken").write_text("")
    for bad in (tmp_path / "taken", str(tmp_path / "a\0b")):
        with pytest.raises(InvalidArgumentError, match="out_dir"):
            decisions.write_shards([], bad)
    with pytest.raises(InvalidArgumentError, match="meld_string"):
        cases.meld_string(events.Call(0, "kita", (120,)))
    assert cases.meld_string(events.Call(0, "pon", (124, 125, 126))) == "pon 555z"


def test_the_one_integer_test():
    """_arrays.as_int: every integer argument check above goes through it."""
    from yakuman._arrays import as_int, int_at_least

    assert as_int(3) == 3 and as_int(np.uint8(3)) == 3 and type(as_int(np.int64(3))) is int
    assert as_int(True) is None and as_int(3.0) is None and as_int("3") is None and as_int(None) is None
    assert as_int(0, 0, 0) == 0 and as_int(-1, 0) is None and as_int(4, None, 3) is None and as_int(-5, None, 3) == -5
    assert int_at_least(np.int16(2), 1, "x") == 2
    with pytest.raises(InvalidArgumentError, match=r"^rows must be positive, not 0$"):
        int_at_least(0, 1, "rows must be positive")
