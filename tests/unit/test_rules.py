"""Rules: validation, presets (values documented in docs/rules.md), TOML / JSON round trips, and
hands whose value differs between presets (run once the scorer is importable)."""

import dataclasses
import json

import pytest

from yakuman.errors import InvalidRulesError
from yakuman.rules import ABORTIVE_DRAW_KEYS, DOUBLE_YAKUMAN_KEYS, PRESETS, Rules

ALL = [Rules.preset(name) for name in PRESETS]


def test_defaults_are_the_starred_values():
    r = Rules()
    assert (r.players, r.aka_dora, r.kuitan, r.kiriage_mangan, r.kazoe) == (4, 1, True, False, "yakuman")
    assert r.double_yakuman == DOUBLE_YAKUMAN_KEYS and r.abortive_draws == ABORTIVE_DRAW_KEYS
    assert (r.multiple_ron, r.multi_ron_bonus, r.nagashi_mangan, r.pao_scope) == ("double", "nearest", "win",
                                                                                   "liable_yakuman_only")
    assert (r.start_points, r.return_points, r.uma) == (25000, 30000, (10000, 5000, -5000, -10000))
    assert (r.noten_payment_total, r.honba_ron, r.honba_tsumo_each, r.tobi) == (3000, 300, 100, "below_zero")
    assert (r.extension, r.all_last_stop, r.pao_honba, r.tie_break) == ("none", False, "discarder", "first_dealer")
    assert r.target_points == 30000


def test_tenhou_presets_match_the_records():
    t = Rules.tenhou()
    assert t.double_yakuman == frozenset() and t.kazoe == "yakuman" and not t.kiriage_mangan
    assert (t.nagashi_mangan, t.pao_scope, t.multiple_ron, t.multi_ron_bonus) == ("draw", "whole_hand", "double",
                                                                                  "nearest")
    assert t.uma == (20000, 10000, -10000, -20000) and t.extension == "sudden_death" and t.all_last_stop
    s = Rules.tenhou_sanma()
    assert (s.players, s.honba_ron, s.honba_tsumo_each, s.noten_payment_total, s.tsumo_loss) == (3, 200, 100, 2000,
                                                                                                 True)
    assert (s.start_points, s.return_points, s.target_points, s.uma) == (35000, 40000, 40000, (20000, 0, -20000))
    assert s.abortive_draws == {"kyuushu_kyuuhai", "suukaikan"}


@pytest.mark.parametrize("name, knobs", [
    ("mahjongsoul", {"multiple_ron": "triple", "double_yakuman": DOUBLE_YAKUMAN_KEYS, "nagashi_mangan": "draw",
                         "abortive_draws": ABORTIVE_DRAW_KEYS - {"sanchahou"}, "pao_scope": "liable_yakuman_only",
                         "uma": (15000, 5000, -5000, -15000), "start_points": 25000, "return_points": 25000,
                         "multi_ron_bonus": "each", "extension": "sudden_death",
                         "target_points": 30000, "all_last_stop": True, "chankan_ankan": "kokushi_only",
                         "houtei_after_rinshan": True, "haitei_with_rinshan": False}),
    ("mahjongsoul_sanma", {"players": 3, "honba_ron": 200, "noten_payment_total": 2000, "tsumo_loss": True,
                               "start_points": 35000, "return_points": 35000, "uma": (15000, 0, -15000),
                               "target_points": 40000, "chankan_ankan": "kokushi_only",
                               "abortive_draws": {"kyuushu_kyuuhai", "suukaikan"}}),
    ("mleague", {"kiriage_mangan": True, "kazoe": "sanbaiman", "double_yakuman": frozenset(), "double_wind_pair_fu": 2,
                     "kan_dora_timing": "immediate", "chankan_ankan": "never", "multiple_ron": "atamahane",
                     "abortive_draws": frozenset(), "nagashi_mangan": "off", "tobi": "off", "riichi_min_points": 0,
                     "riichi_min_live_tiles": 0, "pao_scope": "liable_yakuman_only",
                     "pao_yakuman": {"daisangen", "daisuushii", "suukantsu"}, "pao_honba": "liable",
                     "uma": (30000, 10000, -10000, -30000), "tie_break": "split"}),
    ("wrc", {"aka_dora": 0, "kiriage_mangan": True, "kazoe": "sanbaiman", "yakuman_stacking": False, "yakuman_cap": 1,
                 "double_yakuman": frozenset(), "kan_dora_timing": "immediate", "tobi": "off",
                 "renhou": "mangan", "multiple_ron": "atamahane", "abortive_draws": frozenset(), "nagashi_mangan": "off",
                 "start_points": 30000, "return_points": 30000, "uma": (15000, 5000, -5000, -15000),
                 "leftover_sticks": "lost", "chankan_ankan": "kokushi_only", "houtei_after_rinshan": True}),
    ("ema", {"aka_dora": 0, "kiriage_mangan": False, "kazoe": "sanbaiman", "yakuman_cap": 1, "renhou": "mangan",
                 "multiple_ron": "triple", "abortive_draws": frozenset(), "nagashi_mangan": "off",
                 "uma": (15000, 5000, -5000, -15000), "leftover_sticks": "to_top", "temp_furiten_clear": "own_action",
                 "karaten_is_tenpai": "unless_all_four_incl_melds", "multi_ron_bonus": "each",
                 "chankan_ankan": "kokushi_only"}),
])
def test_preset_values(name, knobs):
    r = Rules.preset(name)
    assert {k: getattr(r, k) for k in knobs} == knobs


@pytest.mark.parametrize("preset", [None, "tenhou", "tenhou_sanma"])
def test_tenhou_last_tile_and_ankan_rules(preset):
    """Rules() takes Tenhou's value where it is known: houtei on the discard after a last-tile
    replacement draw, no haitei on that draw, no kokushi ron on an ankan (docs/rules.md 7.4)."""
    r = Rules() if preset is None else Rules.preset(preset)
    assert (r.haitei_with_rinshan, r.houtei_after_rinshan, r.chankan_ankan) == (False, True, "never")


def test_the_split_haitei_houtei_knob_is_refused_with_its_replacement():
    for call in (lambda: Rules.from_dict({"haitei_houtei_with_rinshan": False}),
                 lambda: Rules.from_toml('preset = "tenhou"\nhaitei_houtei_with_rinshan = true\n'),
                 lambda: Rules().replace(haitei_houtei_with_rinshan=True)):
        with pytest.raises(InvalidRulesError, match="haitei_houtei_with_rinshan was split in two: "
                                                    "haitei_with_rinshan .* houtei_after_rinshan"):
            call()


def test_replace_and_errors():
    r = Rules.tenhou().replace(kiriage_mangan=True)
    assert r.kiriage_mangan and Rules.tenhou() != r
    with pytest.raises(InvalidRulesError, match="unknown rule knob.*kiriage"):
        Rules().replace(kiriage=True)
    with pytest.raises(InvalidRulesError, match="kuitan = 1 is not allowed"):
        Rules(kuitan=1)
    with pytest.raises(InvalidRulesError, match="players = 5"):
        Rules(players=5)
    with pytest.raises(InvalidRulesError, match="start_points"):
        Rules(start_points=-1)
    with pytest.raises(InvalidRulesError, match="uma"):
        Rules(uma=(1, 2))
    with pytest.raises(InvalidRulesError, match="unknown local_yaku entries 'renhou'"):
        Rules(local_yaku={"renhou"})
    with pytest.raises(InvalidRulesError, match="not the string"):
        Rules(abortive_draws="suufon_renda")
    with pytest.raises(InvalidRulesError, match="abortive_dealer"):
        Rules(abortive_dealer={"suukaikan": "stay"})
    with pytest.raises(InvalidRulesError, match="unknown preset"):
        Rules.preset("janryumon")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().kuitan = False  # type: ignore[misc]
    assert Rules(abortive_draws=True).abortive_draws == ABORTIVE_DRAW_KEYS
    assert Rules(abortive_dealer={"suukaikan": "rotate"}).abortive_dealer == (("suukaikan", "rotate"),)


def test_noten_total_must_split_evenly():
    assert Rules(players=3, noten_payment_total=2000).noten_payment_total == 2000
    with pytest.raises(InvalidRulesError, match="multiple of 2"):
        Rules(players=3, noten_payment_total=1001)
    with pytest.raises(InvalidRulesError, match="multiple of 12"):
        Rules(noten_payment_total=2000)


@pytest.mark.parametrize("rules", ALL, ids=PRESETS)
def test_presets_round_trip(rules, tmp_path):
    assert Rules.from_toml(rules.to_toml()) == rules
    assert Rules.from_json(rules.to_json()) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    for suffix in (".toml", ".json"):
        path = tmp_path / f"rules{suffix}"
        rules.save(path)
        assert Rules.load(path) == rules


def test_json_is_indented_two_spaces_in_field_order():
    """to_json: one knob a line, two spaces in, in the order of the dataclass fields (what
    docs/rules.md's example file shows), so that a saved file diffs knob by knob."""
    import dataclasses

    text = Rules.mleague().to_json()
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert lines[1].startswith('  "') and not lines[1].startswith('   ') and len(lines) > 20
    assert list(json.loads(text)) == [f.name for f in dataclasses.fields(Rules)]


def test_a_table_valued_knob_round_trips_through_toml(tmp_path):
    """abortive_dealer is the one table-valued knob (no preset sets more than its default): with
    two entries it is written as an inline TOML table and read back equal."""
    r = Rules.tenhou().replace(abortive_dealer=(("kyuushu_kyuuhai", "rotate"), ("suukaikan", "rotate")))
    assert "abortive_dealer = {" in r.to_toml()
    assert Rules.from_toml(r.to_toml()) == r
    r.save(tmp_path / "r.toml")
    assert Rules.load(tmp_path / "r.toml") == r


def test_a_rules_file_of_exactly_the_limit_loads_one_byte_more_is_refused(tmp_path):
    from yakuman.rules import RULES_FILE_LIMIT

    head = 'preset = "mleague"\n'
    body = head + "#" * (RULES_FILE_LIMIT - len(head) - 1) + "\n"
    p = tmp_path / "limit.toml"
    p.write_text(body, encoding="ascii")
    assert p.stat().st_size == RULES_FILE_LIMIT
    assert Rules.load(p) == Rules.mleague()
    p.write_text(body + "\n", encoding="ascii")
    with pytest.raises(InvalidRulesError, match=f"larger than {RULES_FILE_LIMIT} bytes"):
        Rules.load(p)


def test_files_name_a_preset_and_report_problems(tmp_path):
    r = Rules.from_toml('preset = "tenhou"\nkiriage_mangan = true\numa = [15000, 5000, -5000, -15000]\n')
    assert r == Rules.tenhou().replace(kiriage_mangan=True, uma=(15000, 5000, -5000, -15000))
    assert Rules.from_json(json.dumps({"abortive_dealer": {"suukaikan": "rotate"}})).abortive_dealer == (
        ("suukaikan", "rotate"),)
    with pytest.raises(InvalidRulesError, match="unknown rule knob.*kuitann"):
        Rules.from_toml("kuitann = false\n")
    with pytest.raises(InvalidRulesError, match="does not parse"):
        Rules.from_toml("kuitan = \n")
    with pytest.raises(InvalidRulesError, match="does not parse"):
        Rules.from_json("{")
    with pytest.raises(InvalidRulesError, match="table of knobs"):
        Rules.from_json("[1, 2]")
    with pytest.raises(InvalidRulesError, match="kazoe = 'all'"):
        Rules.from_toml('kazoe = "all"\n')
    with pytest.raises(InvalidRulesError, match=".toml or .json"):
        Rules().save(tmp_path / "rules.yaml")


# ---- hands whose value differs between presets (needs the scorer) ------------------------------
def _score():
    scoring = pytest.importorskip("yakuman.scoring", reason="the scorer is not built yet")
    return scoring.score


@pytest.mark.parametrize("name, points", [("tenhou", 7700), ("mahjongsoul", 7700), ("mleague", 8000),
                                          ("wrc", 8000), ("ema", 7700)])
def test_preset_kiriage_4_han_30_fu(name, points):
    s = _score()("234m567m234p678s55s", "8s", riichi=True, seat_wind="S", dora="7s", rules=Rules.preset(name))
    assert (s.han, s.fu, s.points) == (4, 30, points)


@pytest.mark.parametrize("name, points", [("tenhou", 32000), ("mahjongsoul", 64000), ("mleague", 32000),
                                          ("wrc", 32000), ("ema", 32000)])
def test_preset_suuankou_tanki(name, points):
    s = _score()("111m333p555s666z77z", "7z", seat_wind="S", rules=Rules.preset(name))
    assert s.points == points


@pytest.mark.parametrize("name, points", [("tenhou", 32000), ("mahjongsoul", 64000), ("wrc", 32000)])
def test_preset_kokushi_13_sided(name, points):
    s = _score()("119m19p19s1234567z", "1m", seat_wind="S", rules=Rules.preset(name))
    assert s.points == points


@pytest.mark.parametrize("name, fu, points", [("tenhou", 50, 2400), ("mleague", 40, 2000)])
def test_preset_double_wind_pair(name, fu, points):
    s = _score()("111m567m234p678s11z", "8s", riichi=True, seat_wind="E", round_wind="E", rules=Rules.preset(name))
    assert (s.fu, s.points) == (fu, points)


@pytest.mark.parametrize("name, points", [("tenhou", 32000), ("mahjongsoul", 32000), ("mleague", 24000),
                                          ("ema", 24000)])
def test_preset_kazoe(name, points):
    s = _score()("223344567678m55m", "8m", tsumo=True, riichi=True, seat_wind="S",
                 dora="1m", rules=Rules.preset(name))
    assert s.han >= 13 and s.points == points


@pytest.mark.parametrize("name, points", [("tenhou", 2000), ("mahjongsoul", 2000), ("mleague", 2000),
                                          ("wrc", 8000), ("ema", 8000)])
def test_preset_renhou(name, points):
    # docs/rules.md EX37/EX37b: renhou is no yaku on Tenhou-like tables, a fixed mangan under WRC / EMA
    s = _score()("234567m34588p567s", "5s", renhou=True, seat_wind="S", rules=Rules.preset(name))
    assert s.points == points


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul", "mleague", "wrc", "ema"])
def test_preset_open_tanyao(name):
    rules = Rules.preset(name)
    s = _score()("567m34588p567s", "5s", ["chi 234m"], seat_wind="S", rules=rules)
    assert s.is_win and [y.name for y, _ in s.yaku if y.name == "TANYAO"] == ["TANYAO"]
    closed_only = _score()("567m34588p567s", "5s", ["chi 234m"], seat_wind="S", rules=rules.replace(kuitan=False))
    assert closed_only.status.name == "NO_YAKU"
