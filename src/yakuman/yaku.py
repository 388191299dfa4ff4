"""The yaku catalogue: :class:`Yaku`, an ``IntFlag`` whose bits are the native yaku mask.

Invariants (docs/design.md section 5):
- bits 0-54 equal Tenhou's yaku ids (docs/rules.md section 3), so ``Yaku(1 << tenhou_id)`` is that yaku;
- bits 55-63 are the optional local yaku (docs/rules.md 3.2 / 3.6), off unless ``rules.local_yaku`` names them;
- ``KITA`` (sanma nuki dora) is ``1 << 64``, above the 64-bit native mask (the native result carries
  kita as a count);
- bits 66-69 are the yaku of the local rules of docs/rules.md 3.7 (``rules.open_riichi``,
  ``open_riichi_sashikomi``, ``paarenchan``), also above the native mask (the native result carries
  them in its own byte): ``OPEN_RIICHI`` (2 han) replaces ``RIICHI`` and ``DOUBLE_OPEN_RIICHI`` (3)
  replaces ``DOUBLE_RIICHI``; ``SASHIKOMI`` and ``PAARENCHAN`` are yakuman (paarenchan 13 per count).
Junryokuisou has no bit of its own: it is ``RYUUIISOU`` without hatsu (x2 under
``rules.junryokuisou_double``). Renhou valued as mangan/baiman is the ``RENHOU`` bit with that value.

Each single member knows ``name`` (romaji id), ``en``, ``ja``, ``han_closed``, ``han_open`` (0 = not
allowed open; yakuman carry 13 per multiple, the double forms 26; dora-like entries 1 per tile),
``tenhou_id`` (None for local yaku and kita), ``mjsoul_id`` and ``is_yakuman``.

Sources: han values docs/rules.md section 3; Tenhou ids and names as Tenhou's own records
list them (the golden tests read them); Mahjong Soul fan ids from two independent public id tables (1 menzen tsumo,
2 riichi ... 34 nuki dora ... 50 daisuushii, 55 sanrenkou, 56 isshoku sanjun, 59 renhou,
60 daisharin). Mahjong Soul has one id for every seat wind (10) and one for every round wind (11).
Unknown there (None): suurenkou, isshoku yonjun, hyakuman goku, beni kujaku, touhoku shinkansen,
shiisanputa, and the local-rule yaku open riichi, double open riichi, sashikomi and paarenchan
(neither server plays them: no Tenhou or Mahjong Soul id exists).
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

from yakuman.errors import InvalidArgumentError
from yakuman._arrays import rep

__all__ = ["DORA_LIKE", "DOUBLE_YAKUMAN", "LOCAL_YAKU", "Yaku", "YakuInfo"]


class YakuInfo(NamedTuple):
    en: str
    ja: str
    han_closed: int
    han_open: int
    tenhou_name: str | None
    mjsoul_id: int | None
    is_yakuman: bool


class Yaku(enum.IntFlag):
    """One bit per yaku (see the module docstring). Combine with ``|`` to form a mask."""

    MENZEN_TSUMO = 1 << 0
    RIICHI = 1 << 1
    IPPATSU = 1 << 2
    CHANKAN = 1 << 3
    RINSHAN = 1 << 4
    HAITEI = 1 << 5
    HOUTEI = 1 << 6
    PINFU = 1 << 7
    TANYAO = 1 << 8
    IIPEIKOU = 1 << 9
    JIKAZE_TON = 1 << 10
    JIKAZE_NAN = 1 << 11
    JIKAZE_SHA = 1 << 12
    JIKAZE_PEI = 1 << 13
    BAKAZE_TON = 1 << 14
    BAKAZE_NAN = 1 << 15
    BAKAZE_SHA = 1 << 16
    BAKAZE_PEI = 1 << 17
    HAKU = 1 << 18
    HATSU = 1 << 19
    CHUN = 1 << 20
    DOUBLE_RIICHI = 1 << 21
    CHIITOITSU = 1 << 22
    CHANTA = 1 << 23
    ITTSU = 1 << 24
    SANSHOKU_DOUJUN = 1 << 25
    SANSHOKU_DOUKOU = 1 << 26
    SANKANTSU = 1 << 27
    TOITOI = 1 << 28
    SANANKOU = 1 << 29
    SHOUSANGEN = 1 << 30
    HONROUTOU = 1 << 31
    RYANPEIKOU = 1 << 32
    JUNCHAN = 1 << 33
    HONITSU = 1 << 34
    CHINITSU = 1 << 35
    RENHOU = 1 << 36
    TENHOU = 1 << 37
    CHIIHOU = 1 << 38
    DAISANGEN = 1 << 39
    SUUANKOU = 1 << 40
    SUUANKOU_TANKI = 1 << 41
    TSUUIISOU = 1 << 42
    RYUUIISOU = 1 << 43
    CHINROUTOU = 1 << 44
    CHUUREN_POUTOU = 1 << 45
    JUNSEI_CHUUREN_POUTOU = 1 << 46
    KOKUSHI = 1 << 47
    KOKUSHI_13 = 1 << 48
    DAISUUSHII = 1 << 49
    SHOUSUUSHII = 1 << 50
    SUUKANTSU = 1 << 51
    DORA = 1 << 52
    URA_DORA = 1 << 53
    AKA_DORA = 1 << 54
    SANRENKOU = 1 << 55
    ISSHOKU_SANJUN = 1 << 56
    DAISHARIN = 1 << 57
    SUURENKOU = 1 << 58
    ISSHOKU_YONJUN = 1 << 59
    HYAKUMAN_GOKU = 1 << 60
    BENI_KUJAKU = 1 << 61
    TOUHOKU_SHINKANSEN = 1 << 62
    SHIISANPUTA = 1 << 63
    KITA = 1 << 64
    DAICHISEI = 1 << 65
    OPEN_RIICHI = 1 << 66
    DOUBLE_OPEN_RIICHI = 1 << 67
    SASHIKOMI = 1 << 68
    PAARENCHAN = 1 << 69

    # ---- per-member facts ---------------------------------------------------------------
    def _info(self) -> YakuInfo:
        try:
            return _INFO[self._value_]
        except KeyError:
            raise InvalidArgumentError(f"{rep(self)} is not a single yaku") from None

    @property
    def en(self) -> str:
        return self._info().en

    @property
    def ja(self) -> str:
        return self._info().ja

    @property
    def han_closed(self) -> int:
        return self._info().han_closed

    @property
    def han_open(self) -> int:
        return self._info().han_open

    @property
    def tenhou_id(self) -> int | None:
        self._info()
        bit = self._value_.bit_length() - 1
        return bit if bit <= 54 else None

    @property
    def tenhou_name(self) -> str | None:
        return self._info().tenhou_name

    @property
    def mjsoul_id(self) -> int | None:
        return self._info().mjsoul_id

    @property
    def is_yakuman(self) -> bool:
        return self._info().is_yakuman

    @property
    def romaji(self) -> str:
        """Lower-case romaji with spaces (``SANSHOKU_DOUJUN`` -> ``'sanshoku doujun'``)."""
        return self.name.lower().replace("_", " ")

    # ---- lookups ---------------------------------------------------------------------------
    @classmethod
    def from_tenhou_id(cls, tenhou_id: int) -> Yaku:
        """The member for a Tenhou yaku id 0..54 (``InvalidArgumentError``, a ValueError, otherwise)."""
        if type(tenhou_id) is not int or not 0 <= tenhou_id <= 54:
            raise InvalidArgumentError(f"unknown Tenhou yaku id {rep(tenhou_id)}: expected 0..54")
        return cls(1 << tenhou_id)

    @classmethod
    def from_tenhou_name(cls, name: str) -> Yaku:
        """The member for a Tenhou-style English name as in agari.jsonl.gz (``"riichi"``,
        ``"aka dora"``, ``"yakuhai haku"``, ``"seat wind east"``...); member names and romaji
        (``"SANSHOKU_DOUJUN"``, ``"sanshoku doujun"``) are accepted too."""
        key = _norm(name)
        try:
            return _BY_NAME[key]
        except KeyError:
            raise InvalidArgumentError(f"unknown yaku name {rep(name)}") from None

    @classmethod
    def from_name(cls, name: str) -> Yaku:
        """The member for any of its names: romaji or member name (``"sanshoku doujun"``,
        ``"SANSHOKU_DOUJUN"``), English (``"Mixed triple sequence"``; a parenthesised part may be
        left out: ``"ippatsu"``), Japanese (``"三色同順"``, ``"役牌 白"`` or ``"役牌白"``) or Tenhou's
        name (``"yakuhai haku"``, ``"seat wind east"``). Latin names ignore case, spaces, ``_`` and
        ``-``. ``InvalidArgumentError`` (a ValueError) names the unknown input."""
        if not isinstance(name, str):
            raise TypeError(f"yaku name must be a string, not {type(name).__name__}")
        key = _norm(name)
        hit = _BY_NAME.get(key) or _BY_ANY_NAME.get(key) or _BY_ANY_NAME.get(_norm_ja(name))
        if hit is None:
            raise InvalidArgumentError(f"unknown yaku name {rep(name)} (romaji, English, Japanese or Tenhou name)")
        return hit

    @classmethod
    def from_mjsoul_id(cls, fan_id: int) -> Yaku:
        """The member for a Mahjong Soul fan id; the shared wind ids 10/11 give the East member."""
        for member in cls:
            if member.mjsoul_id == fan_id:
                return member
        raise InvalidArgumentError(f"unknown Mahjong Soul fan id {rep(fan_id)}")

    @classmethod
    def members(cls) -> tuple[Yaku, ...]:
        """Every single-bit member in bit order."""
        return tuple(m for m in cls)


def _norm(name: str) -> str:
    if not isinstance(name, str):
        raise TypeError(f"yaku name must be a string, not {type(name).__name__}")
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())


_Y = Yaku
_W = ("east", "south", "west", "north")
_WJ = ("東", "南", "西", "北")
# bit value -> facts.  (en, ja, han closed, han open, tenhou name, mahjong soul id, yakuman)
_INFO: dict[int, YakuInfo] = {
    _Y.MENZEN_TSUMO: YakuInfo("Fully concealed self-draw", "門前清自摸和", 1, 0, "menzen tsumo", 1, False),
    _Y.RIICHI: YakuInfo("Riichi", "立直", 1, 0, "riichi", 2, False),
    _Y.IPPATSU: YakuInfo("Ippatsu (one shot)", "一発", 1, 0, "ippatsu", 30, False),
    _Y.CHANKAN: YakuInfo("Robbing a kan", "槍槓", 1, 1, "chankan", 3, False),
    _Y.RINSHAN: YakuInfo("After a kan (dead wall draw)", "嶺上開花", 1, 1, "rinshan kaihou", 4, False),
    _Y.HAITEI: YakuInfo("Last tile self-draw", "海底摸月", 1, 1, "haitei raoyue", 5, False),
    _Y.HOUTEI: YakuInfo("Last discard ron", "河底撈魚", 1, 1, "houtei raoyui", 6, False),
    _Y.PINFU: YakuInfo("Pinfu (no-points hand)", "平和", 1, 0, "pinfu", 14, False),
    _Y.TANYAO: YakuInfo("All simples", "断幺九", 1, 1, "tanyao", 12, False),
    _Y.IIPEIKOU: YakuInfo("Pure double sequence", "一盃口", 1, 0, "iipeikou", 13, False),
    _Y.HAKU: YakuInfo("White dragon", "役牌 白", 1, 1, "yakuhai haku", 7, False),
    _Y.HATSU: YakuInfo("Green dragon", "役牌 發", 1, 1, "yakuhai hatsu", 8, False),
    _Y.CHUN: YakuInfo("Red dragon", "役牌 中", 1, 1, "yakuhai chun", 9, False),
    _Y.DOUBLE_RIICHI: YakuInfo("Double riichi", "両立直", 2, 0, "double riichi", 18, False),
    _Y.CHIITOITSU: YakuInfo("Seven pairs", "七対子", 2, 0, "chiitoitsu", 25, False),
    _Y.CHANTA: YakuInfo("Half outside hand", "混全帯幺九", 2, 1, "chanta", 15, False),
    _Y.ITTSU: YakuInfo("Pure straight", "一気通貫", 2, 1, "ittsu", 16, False),
    _Y.SANSHOKU_DOUJUN: YakuInfo("Mixed triple sequence", "三色同順", 2, 1, "sanshoku doujun", 17, False),
    _Y.SANSHOKU_DOUKOU: YakuInfo("Triple triplets", "三色同刻", 2, 2, "sanshoku doukou", 19, False),
    _Y.SANKANTSU: YakuInfo("Three kans", "三槓子", 2, 2, "sankantsu", 20, False),
    _Y.TOITOI: YakuInfo("All triplets", "対々和", 2, 2, "toitoi", 21, False),
    _Y.SANANKOU: YakuInfo("Three concealed triplets", "三暗刻", 2, 2, "sanankou", 22, False),
    _Y.SHOUSANGEN: YakuInfo("Little three dragons", "小三元", 2, 2, "shousangen", 23, False),
    _Y.HONROUTOU: YakuInfo("All terminals and honors", "混老頭", 2, 2, "honroutou", 24, False),
    _Y.RYANPEIKOU: YakuInfo("Twice pure double sequence", "二盃口", 3, 0, "ryanpeikou", 28, False),
    _Y.JUNCHAN: YakuInfo("Fully outside hand", "純全帯幺九", 3, 2, "junchan", 26, False),
    _Y.HONITSU: YakuInfo("Half flush", "混一色", 3, 2, "honitsu", 27, False),
    _Y.CHINITSU: YakuInfo("Full flush", "清一色", 6, 5, "chinitsu", 29, False),
    _Y.RENHOU: YakuInfo("Blessing of man", "人和", 13, 0, "renhou", 59, True),
    _Y.TENHOU: YakuInfo("Blessing of heaven", "天和", 13, 0, "tenhou", 35, True),
    _Y.CHIIHOU: YakuInfo("Blessing of earth", "地和", 13, 0, "chiihou", 36, True),
    _Y.DAISANGEN: YakuInfo("Big three dragons", "大三元", 13, 13, "daisangen", 37, True),
    _Y.SUUANKOU: YakuInfo("Four concealed triplets", "四暗刻", 13, 0, "suuankou", 38, True),
    _Y.SUUANKOU_TANKI: YakuInfo("Four concealed triplets, single wait", "四暗刻単騎", 26, 0,
                                "suuankou tanki", 48, True),
    _Y.TSUUIISOU: YakuInfo("All honors", "字一色", 13, 13, "tsuuiisou", 39, True),
    _Y.RYUUIISOU: YakuInfo("All green", "緑一色", 13, 13, "ryuuiisou", 40, True),
    _Y.CHINROUTOU: YakuInfo("All terminals", "清老頭", 13, 13, "chinroutou", 41, True),
    _Y.CHUUREN_POUTOU: YakuInfo("Nine gates", "九蓮宝燈", 13, 0, "chuuren poutou", 45, True),
    _Y.JUNSEI_CHUUREN_POUTOU: YakuInfo("True nine gates", "純正九蓮宝燈", 26, 0,
                                       "junsei chuuren poutou", 47, True),
    _Y.KOKUSHI: YakuInfo("Thirteen orphans", "国士無双", 13, 0, "kokushi musou", 42, True),
    _Y.KOKUSHI_13: YakuInfo("Thirteen orphans, 13-sided wait", "国士無双十三面", 26, 0,
                            "kokushi musou 13", 49, True),
    _Y.DAISUUSHII: YakuInfo("Big four winds", "大四喜", 26, 26, "daisuushii", 50, True),
    _Y.SHOUSUUSHII: YakuInfo("Little four winds", "小四喜", 13, 13, "shousuushii", 43, True),
    _Y.SUUKANTSU: YakuInfo("Four kans", "四槓子", 13, 13, "suukantsu", 44, True),
    _Y.DORA: YakuInfo("Dora", "ドラ", 1, 1, "dora", 31, False),
    _Y.URA_DORA: YakuInfo("Ura dora", "裏ドラ", 1, 0, "ura dora", 33, False),
    _Y.AKA_DORA: YakuInfo("Red fives", "赤ドラ", 1, 1, "aka dora", 32, False),
    _Y.SANRENKOU: YakuInfo("Three consecutive triplets", "三連刻", 2, 2, None, 55, False),
    _Y.ISSHOKU_SANJUN: YakuInfo("Pure triple sequence", "一色三順", 2, 1, None, 56, False),
    _Y.DAISHARIN: YakuInfo("Big wheels", "大車輪", 13, 0, None, 60, True),
    _Y.SUURENKOU: YakuInfo("Four consecutive triplets", "四連刻", 13, 13, None, None, True),
    _Y.ISSHOKU_YONJUN: YakuInfo("Pure quadruple sequence", "一色四順", 13, 13, None, None, True),
    _Y.HYAKUMAN_GOKU: YakuInfo("A million stones", "百万石", 13, 13, None, None, True),
    _Y.BENI_KUJAKU: YakuInfo("Red peacock", "紅孔雀", 13, 13, None, None, True),
    _Y.TOUHOKU_SHINKANSEN: YakuInfo("Northeastern bullet train", "東北新幹線", 13, 13, None, None, True),
    _Y.SHIISANPUTA: YakuInfo("Thirteen unconnected tiles", "十三不塔", 13, 0, None, None, True),
    _Y.KITA: YakuInfo("North (nuki dora)", "抜きドラ", 1, 1, None, 34, False),
    _Y.DAICHISEI: YakuInfo("Big seven stars", "大七星", 26, 0, None, None, True),
    _Y.OPEN_RIICHI: YakuInfo("Open riichi", "オープン立直", 2, 0, None, None, False),
    _Y.DOUBLE_OPEN_RIICHI: YakuInfo("Double open riichi", "ダブルオープン立直", 3, 0, None, None, False),
    _Y.SASHIKOMI: YakuInfo("Dealing in to an open riichi", "オープン立直への放銃", 13, 0, None, None, True),
    _Y.PAARENCHAN: YakuInfo("Eight consecutive dealer wins", "八連荘", 13, 13, None, None, True),
}
for _i, (_w, _wj) in enumerate(zip(_W, _WJ)):
    _INFO[int(_Y.JIKAZE_TON) << _i] = YakuInfo(f"Seat wind ({_w})", f"自風 {_wj}", 1, 1, f"seat wind {_w}", 10, False)
    _INFO[int(_Y.BAKAZE_TON) << _i] = YakuInfo(f"Round wind ({_w})", f"場風 {_wj}", 1, 1, f"round wind {_w}", 11, False)
assert len(_INFO) == 70 and set(_INFO) == {m.value for m in Yaku}, "yaku table incomplete"

_BY_NAME: dict[str, Yaku] = {}
for _m in Yaku:
    _BY_NAME[_norm(_m.name)] = _m
    if _INFO[_m.value].tenhou_name:
        _BY_NAME[_norm(_INFO[_m.value].tenhou_name)] = _m
_BY_NAME.update({
    "rinshan": Yaku.RINSHAN, "haitei": Yaku.HAITEI, "houtei": Yaku.HOUTEI, "tsumo": Yaku.MENZEN_TSUMO,
    "kokushi musou 13 sided": Yaku.KOKUSHI_13, "kokushi musou juusanmen": Yaku.KOKUSHI_13,
    "kokushi 13 sided": Yaku.KOKUSHI_13, "junsei chuuren": Yaku.JUNSEI_CHUUREN_POUTOU,
    "chuuren": Yaku.CHUUREN_POUTOU, "nuki dora": Yaku.KITA, "red five": Yaku.AKA_DORA,
    "aka": Yaku.AKA_DORA, "ura": Yaku.URA_DORA, "kokushi": Yaku.KOKUSHI,
})

def _norm_ja(name: str) -> str:
    return re.sub(r"[\s\u3000]+", "", name.strip())


def _english_keys(en: str) -> set[str]:
    """"Ippatsu (one shot)" -> {"ippatsu (one shot)", "ippatsu one shot", "ippatsu"}."""
    full = _norm(en)
    bare = _norm(re.sub(r"[(),.]", " ", en))
    short = _norm(re.sub(r"\s*\([^)]*\)", "", en))
    return {full, bare, short}


# English and Japanese names (and English without its parenthesis, when that names one member)
_BY_ANY_NAME: dict[str, Yaku] = {}
_SEEN: dict[str, set] = {}
for _m in Yaku:
    _info = _INFO[_m.value]
    for _k in _english_keys(_info.en) | {_norm_ja(_info.ja)}:
        _SEEN.setdefault(_k, set()).add(_m)
for _k, _ms in _SEEN.items():
    if len(_ms) == 1 and _k not in _BY_NAME:
        _BY_ANY_NAME[_k] = next(iter(_ms))
del _SEEN

#: ``rules.local_yaku`` key -> member.
LOCAL_YAKU = {
    "sanrenkou": Yaku.SANRENKOU, "isshoku_sanjun": Yaku.ISSHOKU_SANJUN, "daisharin": Yaku.DAISHARIN,
    "suurenkou": Yaku.SUURENKOU, "isshoku_yonjun": Yaku.ISSHOKU_YONJUN, "hyakuman_goku": Yaku.HYAKUMAN_GOKU,
    "beni_kujaku": Yaku.BENI_KUJAKU, "touhoku_shinkansen": Yaku.TOUHOKU_SHINKANSEN,
    "shiisanputa": Yaku.SHIISANPUTA, "daichisei": Yaku.DAICHISEI,
}
#: ``rules.double_yakuman`` key -> the member that counts x2 when the key is listed.
DOUBLE_YAKUMAN = {
    "suuankou_tanki": Yaku.SUUANKOU_TANKI, "kokushi_13": Yaku.KOKUSHI_13,
    "junsei_chuuren": Yaku.JUNSEI_CHUUREN_POUTOU, "daisuushii": Yaku.DAISUUSHII,
}
#: Entries that carry a tile count rather than a yaku value (not yaku: they never make a win).
DORA_LIKE = Yaku.DORA | Yaku.URA_DORA | Yaku.AKA_DORA | Yaku.KITA
