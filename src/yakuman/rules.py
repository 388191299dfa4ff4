"""Rule sets: a frozen, validated :class:`Rules` with every knob of docs/rules.md section 7, and presets.

Knob names are spelled as in docs/rules.md section 7. ``Rules()`` gives the library defaults (the
starred values there); ``Rules.tenhou()``, ``Rules.tenhou_sanma()``, ``Rules.mahjongsoul()``,
``Rules.mahjongsoul_sanma()``, ``Rules.mleague()``, ``Rules.wrc()`` and ``Rules.ema()`` give the
presets. Every preset value, its public source and how sure it is are listed in docs/rules.md.

Invariants:
- a ``Rules`` object is immutable and always valid: unknown knobs and values outside a knob's
  domain raise :class:`~yakuman.errors.InvalidRulesError` naming the knob;
- set-valued knobs are frozensets, ``uma`` a tuple of ints, ``abortive_dealer`` a sorted tuple
  of ``(draw type, "repeat" | "rotate")`` pairs (a missing type repeats);
- ``rules.replace(**knobs)`` makes a changed copy; ``to_dict``/``from_dict`` (and the TOML and
  JSON forms built on them) round-trip exactly: ``Rules.from_toml(r.to_toml()) == r``.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from yakuman.errors import InvalidRulesError
from yakuman._arrays import rep, shown

__all__ = [
    "ABORTIVE_DRAW_KEYS",
    "DOUBLE_YAKUMAN_KEYS",
    "LOCAL_YAKU_KEYS",
    "PAO_YAKUMAN_KEYS",
    "PRESETS",
    "Rules",
]

DOUBLE_YAKUMAN_KEYS = frozenset({"suuankou_tanki", "kokushi_13", "junsei_chuuren", "daisuushii"})
LOCAL_YAKU_KEYS = frozenset({
    "sanrenkou", "isshoku_sanjun", "daisharin", "suurenkou", "isshoku_yonjun", "hyakuman_goku",
    "beni_kujaku", "touhoku_shinkansen", "shiisanputa", "daichisei",
})
ABORTIVE_DRAW_KEYS = frozenset({"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"})
PAO_YAKUMAN_KEYS = frozenset({"daisangen", "daisuushii", "suukantsu"})

# knob -> allowed values (a tuple; the first value's type is the knob's type).
_CHOICES: dict[str, tuple] = {
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
    "haitei_with_rinshan": (False, True),
    "houtei_after_rinshan": (True, False),
    "daisharin_any_suit": (False, True),
    "shiisanputa_value": ("yakuman", "mangan"),
    "shiisanputa_honor_pair": (True, False),
    "touhoku_souzu_only": (False, True),
    "multiple_ron": ("double", "triple", "atamahane"),
    "multi_ron_bonus": ("nearest", "each"),
    "draw_dealer_rule": ("tenpai", "always_repeat", "always_rotate"),
    "karaten_is_tenpai": ("unless_all_four_in_own_hand", "unless_all_four_incl_melds", "always", "never"),
    "keishiki_tenpai": (True, False),
    "nagashi_mangan": ("win", "draw", "off"),
    "nagashi_requires_closed": (False, True),
    "nagashi_multiple": ("all", "nearest"),
    "pao_scope": ("liable_yakuman_only", "whole_hand"),
    "pao_honba": ("discarder", "liable"),
    "daiminkan_rinshan_pao": (False, True),
    "suukaikan_timing": ("after_discard", "on_fourth_kan"),
    "fifth_kan": ("forbidden", "aborts"),
    "tobi": ("below_zero", "zero_or_below", "off"),
    "leftover_sticks": ("to_top", "lost"),
    "tie_break": ("first_dealer", "split"),
    "tsumo_loss": (True, False),
    "length": ("hanchan", "tonpuusen"),
    "extension": ("none", "sudden_death"),
    "all_last_stop": (False, True),
    "kuikae": ("forbidden", "allowed"),
    "aotenjou": (False, True),
    "open_riichi": (False, True),
    "open_riichi_sashikomi": (False, True),
    "paarenchan": (False, True),
    "paarenchan_needs_yaku": (True, False),
}
_SETS = {
    "double_yakuman": DOUBLE_YAKUMAN_KEYS,
    "local_yaku": LOCAL_YAKU_KEYS,
    "abortive_draws": ABORTIVE_DRAW_KEYS,
    "pao_yakuman": PAO_YAKUMAN_KEYS,
}
UMA_LIMIT = 1000000   # each uma entry is in -UMA_LIMIT..UMA_LIMIT (points)
_INTS = {
    "yakuman_cap": (1, 100),
    "noten_payment_total": (0, 100000),
    "riichi_min_points": (0, 100000),
    "riichi_min_live_tiles": (0, 70),
    "start_points": (0, 1000000),
    "return_points": (0, 1000000),
    "target_points": (0, 1000000),
    "honba_ron": (0, 10000),
    "honba_tsumo_each": (0, 10000),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule knob (docs/rules.md section 7; docs/rules.md). Defaults are the library's starred values."""

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
    chankan_ankan: str = "never"
    temp_furiten_clear: str = "own_action"
    green_requires_hatsu: bool = False
    junryokuisou_double: bool = False
    tsuuiisou_chiitoitsu: bool = True
    chuuren_manzu_only: bool = False
    tenhou_multiplier: int = 1
    haitei_with_rinshan: bool = False
    houtei_after_rinshan: bool = True
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
    pao_honba: str = "discarder"
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
    tie_break: str = "first_dealer"
    tsumo_loss: bool = True
    honba_ron: int = 300
    honba_tsumo_each: int = 100
    length: str = "hanchan"
    extension: str = "none"
    target_points: int = 30000
    all_last_stop: bool = False
    kuikae: str = "forbidden"
    # local rules of docs/rules.md section 3.7 (off in every preset)
    aotenjou: bool = False
    open_riichi: bool = False
    open_riichi_sashikomi: bool = False
    paarenchan: bool = False
    paarenchan_needs_yaku: bool = True

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            name, value = f.name, getattr(self, f.name)
            if name in _SETS:
                object.__setattr__(self, name, _as_set(name, value))
            elif name in _CHOICES:
                allowed = _CHOICES[name]
                if type(value) is not type(allowed[0]) or value not in allowed:
                    raise InvalidRulesError(
                        f"{name} = {rep(value)} is not allowed: expected one of {', '.join(map(repr, allowed))}")
            elif name in _INTS:
                lo, hi = _INTS[name]
                if type(value) is not int or not lo <= value <= hi:
                    raise InvalidRulesError(f"{name} = {rep(value)} is not an integer in {lo}..{hi}")
            elif name == "uma":
                try:
                    value = tuple(value)
                except TypeError:
                    raise InvalidRulesError(f"uma must be 3 or 4 integers (points per rank), not {rep(value)}") from None
                if len(value) not in (3, 4) or any(type(v) is not int for v in value):
                    raise InvalidRulesError(f"uma must be 3 or 4 integers (points per rank), not {rep(value)}")
                bad = next((i for i, v in enumerate(value) if not -UMA_LIMIT <= v <= UMA_LIMIT), None)
                if bad is not None:
                    raise InvalidRulesError(f"uma[{bad}] = {rep(value[bad])} is not an integer in "
                                            f"{-UMA_LIMIT}..{UMA_LIMIT}")
                object.__setattr__(self, name, value)
            elif name == "abortive_dealer":
                object.__setattr__(self, name, _as_abortive_dealer(value))
        if self.open_riichi_sashikomi and not self.open_riichi:
            raise InvalidRulesError("open_riichi_sashikomi = True needs open_riichi = True "
                                    "(the yakuman is for dealing in to an open riichi)")
        # Each of the k noten players pays each of the players - k tenpai players an equal share.
        n = self.players
        step = math.lcm(*(k * (n - k) for k in range(1, n)))
        if self.noten_payment_total % step:
            raise InvalidRulesError(
                f"noten_payment_total = {self.noten_payment_total} cannot be split evenly between "
                f"tenpai and noten players: use a multiple of {step}")

    # ---- copies and (de)serialisation ------------------------------------------------------
    def replace(self, **knobs: Any) -> Rules:
        """A copy with some knobs changed; an unknown knob raises InvalidRulesError."""
        _check_names(knobs)
        return dataclasses.replace(self, **knobs)

    def to_dict(self) -> dict[str, Any]:
        """Every knob as plain JSON/TOML values (sets as sorted lists, abortive_dealer as a table)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif f.name == "abortive_dealer":
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a mapping of knobs. An optional ``"preset"`` entry names the preset the other
        knobs change (``{"preset": "tenhou", "kiriage_mangan": true}``); otherwise the library
        defaults are the base."""
        if not isinstance(data, dict):
            raise InvalidRulesError(f"rules must be a table of knobs, not {type(data).__name__}")
        bad = [k for k in data if type(k) is not str]
        if bad:
            raise InvalidRulesError(f"rules: the key {rep(bad[0])} is not a knob name (a string)")
        data = dict(data)
        preset = data.pop("preset", None)
        if preset is not None and type(preset) is not str:
            raise InvalidRulesError(f"rules: preset = {rep(preset)} is not a preset name")
        _check_names(data)
        base = cls() if preset is None else cls.preset(preset)
        try:
            return base.replace(**data)
        except RecursionError:   # a value nested too deeply to check or to name
            raise InvalidRulesError("rules: a knob's value is nested too deeply") from None

    def to_json(self, *, indent: int | None = 2) -> str:
        if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
            raise InvalidRulesError(f"indent must be None or an integer 0..16, not {shown(indent, 40)}")
        return json.dumps(self.to_dict(), indent=indent, sort_keys=False)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidRulesError(f"from_json takes the JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidRulesError(f"rules JSON does not parse: {e}") from None
        except RecursionError:
            raise InvalidRulesError("rules JSON does not parse: nested too deeply") from None
        return cls.from_dict(data)

    def to_toml(self) -> str:
        """TOML text with one ``knob = value`` line per knob (read back with ``from_toml``)."""
        lines = ["# yakuman rules: every knob, see docs/rules.md"]
        for name, value in self.to_dict().items():
            lines.append(f"{name} = {_toml_value(value)}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_toml(cls, text: str) -> Rules:
        if not isinstance(text, str):
            raise InvalidRulesError(f"from_toml takes the TOML text (a str), not {type(text).__name__}")
        try:
            import tomllib
        except ImportError:  # Python 3.10
            try:
                import tomli as tomllib  # type: ignore[no-redef]
            except ImportError:
                raise InvalidRulesError(
                    "reading TOML rules on Python 3.10 needs the 'tomli' package (a dependency of "
                    "yakuman there): pip install tomli") from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise InvalidRulesError(f"rules TOML does not parse: {e}") from None
        except RecursionError:
            raise InvalidRulesError("rules TOML does not parse: nested too deeply") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Rules:
        """Rules from a ``.toml`` or ``.json`` file (at most 1 MiB of UTF-8). Every problem with the
        file (unreadable, not UTF-8, not parsing, a bad knob) is an InvalidRulesError naming it."""
        if not isinstance(path, (str, PurePath)) or "\0" in str(path):
            raise InvalidRulesError(f"rules file: expected a path, not {shown(path, 40)}")
        p = Path(path)
        if p.suffix.lower() not in (".toml", ".json"):
            raise InvalidRulesError(f"rules file {rep(str(p))}: expected a .toml or .json file")
        try:
            if not p.exists():
                raise InvalidRulesError(f"cannot read rules file {rep(str(p))}: no such file")
            if not p.is_file():
                raise InvalidRulesError(f"cannot read rules file {rep(str(p))}: not a regular file")
            with p.open("rb") as f:
                data = f.read(RULES_FILE_LIMIT + 1)
        except OSError as e:
            raise InvalidRulesError(f"cannot read rules file {rep(str(p))}: {e.strerror or e}") from None
        if len(data) > RULES_FILE_LIMIT:
            raise InvalidRulesError(f"rules file {rep(str(p))}: larger than {RULES_FILE_LIMIT} bytes")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidRulesError(f"rules file {rep(str(p))}: not UTF-8 (byte {e.start})") from None
        try:
            return cls.from_toml(text) if p.suffix.lower() == ".toml" else cls.from_json(text)
        except InvalidRulesError as e:
            raise InvalidRulesError(f"rules file {rep(str(p))}: {e}") from None

    def save(self, path: str | Path) -> None:
        """Write these rules to a ``.toml`` or ``.json`` file."""
        p = Path(path)
        if p.suffix.lower() == ".toml":
            p.write_text(self.to_toml(), encoding="utf-8")
        elif p.suffix.lower() == ".json":
            p.write_text(self.to_json() + "\n", encoding="utf-8")
        else:
            raise InvalidRulesError(f"rules file {rep(str(p))}: expected a .toml or .json file")

    # ---- presets (values and sources: docs/rules.md) --------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """A preset by name (one of ``PRESETS``)."""
        if name not in PRESETS:
            raise InvalidRulesError(f"unknown preset {rep(name)}: expected one of {', '.join(PRESETS)}")
        return getattr(cls, name)()

    @classmethod
    def tenhou(cls) -> Rules:
        """Tenhou.net four-player ranked lobby (verified against the shared Tenhou records)."""
        return cls(
            double_yakuman=frozenset(),
            nagashi_mangan="draw",
            pao_scope="whole_hand",
            pao_honba="liable",
            uma=(20000, 10000, -10000, -20000),
            extension="sudden_death",
            all_last_stop=True,
        )

    @classmethod
    def tenhou_sanma(cls) -> Rules:
        """Tenhou.net three-player ranked lobby."""
        return cls.tenhou().replace(
            players=3,
            honba_ron=200,
            noten_payment_total=2000,
            start_points=35000,
            return_points=40000,
            target_points=40000,
            uma=(20000, 0, -20000),
            abortive_draws=frozenset({"kyuushu_kyuuhai", "suukaikan"}),
        )

    @classmethod
    def mahjongsoul(cls) -> Rules:
        """Mahjong Soul (Majsoul / Jantama) four-player ranked match; uma = rank points without
        the level-dependent bonus, counted from the starting score."""
        return cls(
            chankan_ankan="kokushi_only",
            multiple_ron="triple",
            multi_ron_bonus="each",
            abortive_draws=ABORTIVE_DRAW_KEYS - {"sanchahou"},
            nagashi_mangan="draw",
            start_points=25000,
            return_points=25000,
            uma=(15000, 5000, -5000, -15000),
            extension="sudden_death",
            all_last_stop=True,
        )

    @classmethod
    def mahjongsoul_sanma(cls) -> Rules:
        """Mahjong Soul three-player ranked match (tsumo loss, the default of its two options)."""
        return cls.mahjongsoul().replace(
            players=3,
            honba_ron=200,
            noten_payment_total=2000,
            start_points=35000,
            return_points=35000,
            target_points=40000,
            uma=(15000, 0, -15000),
            abortive_draws=frozenset({"kyuushu_kyuuhai", "suukaikan"}),
        )

    @classmethod
    def mleague(cls) -> Rules:
        """M.League official rules."""
        return cls(
            kiriage_mangan=True,
            kazoe="sanbaiman",
            double_yakuman=frozenset(),
            double_wind_pair_fu=2,
            kan_dora_timing="immediate",
            chankan_ankan="never",
            multiple_ron="atamahane",
            abortive_draws=frozenset(),
            nagashi_mangan="off",
            pao_yakuman=PAO_YAKUMAN_KEYS,
            pao_scope="liable_yakuman_only",
            pao_honba="liable",
            riichi_min_points=0,
            riichi_min_live_tiles=0,
            tobi="off",
            uma=(30000, 10000, -10000, -30000),
            tie_break="split",
        )

    @classmethod
    def wrc(cls) -> Rules:
        """World Riichi Championship rules, 2015 edition."""
        return cls(
            chankan_ankan="kokushi_only",
            aka_dora=0,
            kiriage_mangan=True,
            kazoe="sanbaiman",
            double_yakuman=frozenset(),
            yakuman_stacking=False,
            yakuman_cap=1,
            renhou="mangan",
            kan_dora_timing="immediate",
            multiple_ron="atamahane",
            abortive_draws=frozenset(),
            nagashi_mangan="off",
            tobi="off",
            start_points=30000,
            return_points=30000,
            uma=(15000, 5000, -5000, -15000),
            leftover_sticks="lost",
        )

    @classmethod
    def ema(cls) -> Rules:
        """European Mahjong Association Riichi Competition Rules, 2016 edition."""
        return cls.wrc().replace(
            kiriage_mangan=False,
            multiple_ron="triple",
            multi_ron_bonus="each",
            leftover_sticks="to_top",
            karaten_is_tenpai="unless_all_four_incl_melds",
        )


RULES_FILE_LIMIT = 1 << 20

PRESETS = ("tenhou", "tenhou_sanma", "mahjongsoul", "mahjongsoul_sanma", "mleague", "wrc", "ema")


# Knobs that were renamed or split: the old name in a rules file or dict is refused with the
# replacement (no silent mapping: the old key meant a different rule under Tenhou).
_RETIRED = {
    "haitei_houtei_with_rinshan": (
        "haitei_houtei_with_rinshan was split in two: haitei_with_rinshan (a tsumo on a replacement "
        "tile that is the last draw is haitei too; default and Tenhou: false) and houtei_after_rinshan "
        "(a ron on the discard after that draw is houtei; default and Tenhou: true). The old "
        "haitei_houtei_with_rinshan = false withheld both (houtei_after_rinshan = false), which Tenhou "
        "does not: set the two new knobs instead"),
}


def _check_names(knobs: dict[str, Any]) -> None:
    retired = sorted(set(knobs) & set(_RETIRED))
    if retired:
        raise InvalidRulesError("; ".join(_RETIRED[k] for k in retired))
    names = {f.name for f in dataclasses.fields(Rules)}
    unknown = sorted(set(knobs) - names)
    if unknown:
        raise InvalidRulesError(f"unknown rule knob(s) {', '.join(unknown)}")


def _as_set(name: str, value: Any) -> frozenset:
    if value is True:
        return _SETS[name]
    if value is False or value is None:
        return frozenset()
    if isinstance(value, str):
        raise InvalidRulesError(f"{name} must be a set of names, not the string {rep(value)}")
    try:
        out = frozenset(value)
    except TypeError:
        raise InvalidRulesError(f"{name} must be a set of names, not {rep(value)}") from None
    bad = sorted(map(repr, out - _SETS[name]))
    if bad:
        raise InvalidRulesError(f"unknown {name} entries {', '.join(bad)}: expected a subset of {sorted(_SETS[name])}")
    return out


def _as_abortive_dealer(value: Any) -> tuple:
    try:
        items = dict(value).items()
    except (TypeError, ValueError):
        raise InvalidRulesError(
            f"abortive_dealer must map draw types to 'repeat' or 'rotate', not {rep(value)}") from None
    for k, v in items:
        if k not in ABORTIVE_DRAW_KEYS:
            raise InvalidRulesError(f"abortive_dealer: unknown draw type {rep(k)}: expected one of {sorted(ABORTIVE_DRAW_KEYS)}")
        if v not in ("repeat", "rotate"):
            raise InvalidRulesError(f"abortive_dealer[{rep(k)}] = {rep(v)}: expected 'repeat' or 'rotate'")
    return tuple(sorted(items))


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # the knob strings are plain ASCII: JSON and TOML quoting agree
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {rep(value)} as TOML")
