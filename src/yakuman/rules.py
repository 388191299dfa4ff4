"""Rule sets: a frozen, validated :class:`Rules` with every knob of RULES.md section 7, and presets.

Knob names are spelled as in RULES.md section 7. ``Rules()`` gives the library defaults (the
starred values there); ``Rules.tenhou()`` etc. give the presets (sources in docs/rules.md).
A ``Rules`` object is immutable; ``rules.replace(**knobs)`` makes a changed copy. Unknown knobs
and values outside a knob's domain raise :class:`~yakuman.errors.InvalidRulesError`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from yakuman.errors import InvalidRulesError

__all__ = ["Rules", "DOUBLE_YAKUMAN_KEYS", "LOCAL_YAKU_KEYS", "ABORTIVE_DRAW_KEYS", "PAO_YAKUMAN_KEYS"]

DOUBLE_YAKUMAN_KEYS = frozenset({"suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"})
LOCAL_YAKU_KEYS = frozenset({
    "sanrenkou", "isshoku_sanjun", "daisharin", "suurenkou", "isshoku_yonjun", "hyakuman_goku",
    "beni_kujaku", "touhoku_shinkansen", "shiisanputa",
})
ABORTIVE_DRAW_KEYS = frozenset({"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"})
PAO_YAKUMAN_KEYS = frozenset({"daisangen", "daisuushii", "suukantsu"})

# knob -> allowed values (a tuple), or a type for free numeric knobs.
_CHOICES: dict[str, Any] = {
    "players": (4, 3),
    "aka_dora": (0, 1, 2, 3, 4),
    "kuitan": (True, False),
    "kiriage_mangan": (False, True),
    "kazoe": ("yakuman", "multiple", "sanbaiman"),
    "yakuman_stacking": (True, False),
    "renhou": ("none", "yakuman", "mangan", "baiman"),
    "ryanhan_shibari": (False, True),
    "open_pinfu_fu": (30, 20),
    "tsumo_pinfu": (True, False),
    "rinshan_tsumo_fu": (2, 0),
    "double_wind_pair_fu": (4, 2),
    "chiitoitsu_fu": (25, 30),
    "kan_dora_timing": ("standard", "immediate"),
    "chankan_ankan": ("kokushi_only", "never"),
    "temp_furiten_clear": ("own_action", "any_call"),
    "green_requires_hatsu": (False, True),
    "junryokuisou_double": (False, True),
    "tsuuiisou_chiitoitsu": (True, False),
    "chuuren_manzu_only": (False, True),
    "tenhou_multiplier": (1, 2),
    "haitei_houtei_with_rinshan": (False, True),
    "daisharin_any_suit": (False, True),
    "shiisanputa_value": ("yakuman", "mangan"),
    "shiisanputa_honor_pair": (True, False),
    "touhoku_souzu_only": (False, True),
    "multiple_ron": ("double", "triple", "atamahane"),
    "multi_ron_bonus": ("nearest", "each"),
    "draw_dealer_rule": ("tenpai", "always_repeat", "always_rotate"),
    "karaten_is_tenpai": ("unless_all_four_in_own_hand", "always", "never"),
    "keishiki_tenpai": (True, False),
    "nagashi_mangan": ("win", "draw", "off"),
    "nagashi_requires_closed": (False, True),
    "nagashi_multiple": ("all", "nearest"),
    "pao_scope": ("liable_yakuman_only", "whole_hand"),
    "daiminkan_rinshan_pao": (False, True),
    "suukaikan_timing": ("after_discard", "on_fourth_kan"),
    "fifth_kan": ("forbidden", "aborts"),
    "tobi": ("below_zero", "zero_or_below", "off"),
    "leftover_sticks": ("to_top", "lost"),
    "tsumo_loss": (True, False),
    "length": ("hanchan", "tonpuusen"),
}
_SETS = {
    "double_yakuman": DOUBLE_YAKUMAN_KEYS,
    "local_yaku": LOCAL_YAKU_KEYS,
    "abortive_draws": ABORTIVE_DRAW_KEYS,
    "pao_yakuman": PAO_YAKUMAN_KEYS,
}
_INTS = {
    "yakuman_cap": (1, 100),
    "noten_payment_total": (0, 100000),
    "riichi_min_points": (0, 100000),
    "riichi_min_live_tiles": (0, 70),
    "start_points": (0, 1000000),
    "return_points": (0, 1000000),
    "honba_ron": (0, 10000),
    "honba_tsumo_each": (0, 10000),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule knob (RULES.md section 7). Defaults are the library's starred values."""

    players: int = 4
    aka_dora: int = 1
    kuitan: bool = True
    kiriage_mangan: bool = False
    kazoe: str = "yakuman"
    double_yakuman: frozenset = DOUBLE_YAKUMAN_KEYS
    yakuman_stacking: bool = True
    yakuman_cap: int = 100
    renhou: str = "none"
    ryanhan_shibari: bool = False
    open_pinfu_fu: int = 30
    tsumo_pinfu: bool = True
    rinshan_tsumo_fu: int = 2
    double_wind_pair_fu: int = 4
    chiitoitsu_fu: int = 25
    kan_dora_timing: str = "standard"
    chankan_ankan: str = "kokushi_only"
    temp_furiten_clear: str = "own_action"
    green_requires_hatsu: bool = False
    junryokuisou_double: bool = False
    tsuuiisou_chiitoitsu: bool = True
    chuuren_manzu_only: bool = False
    tenhou_multiplier: int = 1
    haitei_houtei_with_rinshan: bool = False
    local_yaku: frozenset = frozenset()
    daisharin_any_suit: bool = False
    shiisanputa_value: str = "yakuman"
    shiisanputa_honor_pair: bool = True
    touhoku_souzu_only: bool = False
    multiple_ron: str = "double"
    multi_ron_bonus: str = "nearest"
    abortive_draws: frozenset = ABORTIVE_DRAW_KEYS
    abortive_dealer: tuple = ()  # ((draw type, "repeat" | "rotate"), ...); missing types repeat
    draw_dealer_rule: str = "tenpai"
    noten_payment_total: int = 3000
    karaten_is_tenpai: str = "unless_all_four_in_own_hand"
    keishiki_tenpai: bool = True
    nagashi_mangan: str = "win"
    nagashi_requires_closed: bool = False
    nagashi_multiple: str = "all"
    pao_yakuman: frozenset = frozenset({"daisangen", "daisuushii"})
    pao_scope: str = "liable_yakuman_only"
    daiminkan_rinshan_pao: bool = False
    riichi_min_points: int = 1000
    riichi_min_live_tiles: int = 4
    suukaikan_timing: str = "after_discard"
    fifth_kan: str = "forbidden"
    tobi: str = "below_zero"
    start_points: int = 25000
    return_points: int = 30000
    uma: tuple = (10000, 5000, -5000, -10000)
    leftover_sticks: str = "to_top"
    tsumo_loss: bool = True
    honba_ron: int = 300
    honba_tsumo_each: int = 100
    length: str = "hanchan"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            name, value = f.name, getattr(self, f.name)
            if name in _SETS:
                if value is True:
                    value = _SETS[name]
                elif value is False or value is None:
                    value = frozenset()
                try:
                    value = frozenset(value)
                except TypeError:
                    raise InvalidRulesError(f"{name} must be a set of names, not {value!r}") from None
                bad = sorted(value - _SETS[name])
                if bad:
                    raise InvalidRulesError(
                        f"unknown {name} entries {bad}: expected a subset of {sorted(_SETS[name])}")
                object.__setattr__(self, name, value)
            elif name in _CHOICES:
                allowed = _CHOICES[name]
                if value not in allowed or type(value) is not type(allowed[0]):
                    raise InvalidRulesError(
                        f"{name} = {value!r} is not allowed: expected one of {', '.join(map(repr, allowed))}")
            elif name in _INTS:
                lo, hi = _INTS[name]
                if type(value) is not int or not lo <= value <= hi:
                    raise InvalidRulesError(f"{name} = {value!r} is not an integer in {lo}..{hi}")
            elif name == "uma":
                value = tuple(value)
                if len(value) not in (3, 4) or any(type(v) is not int for v in value):
                    raise InvalidRulesError(f"uma must be 3 or 4 integers (points per rank), not {value!r}")
                object.__setattr__(self, name, value)
            elif name == "abortive_dealer":
                items = tuple(sorted(dict(value).items()))
                for k, v in items:
                    if k not in ABORTIVE_DRAW_KEYS or v not in ("repeat", "rotate"):
                        raise InvalidRulesError(f"abortive_dealer entry {k!r}: {v!r} is not allowed")
                object.__setattr__(self, name, items)

    def replace(self, **knobs: Any) -> "Rules":
        """A copy with some knobs changed; an unknown knob raises InvalidRulesError."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(knobs) - names)
        if unknown:
            raise InvalidRulesError(f"unknown rule knob(s) {', '.join(unknown)}")
        return dataclasses.replace(self, **knobs)

    # ---- presets (values and sources: docs/rules.md) --------------------------------------
    @classmethod
    def tenhou(cls) -> "Rules":
        return cls(double_yakuman=frozenset(), nagashi_mangan="draw", pao_scope="whole_hand")

    @classmethod
    def tenhou_sanma(cls) -> "Rules":
        return cls.tenhou().replace(players=3, honba_ron=200, noten_payment_total=2000)
