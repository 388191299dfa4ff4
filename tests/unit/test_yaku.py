"""The Yaku flag: exactly the bits of docs/design.md (Tenhou ids 0-54, local 55-63), per-member facts, name / id lookups."""

from __future__ import annotations

import gzip
import json

import pytest

from yakuman.rules import DOUBLE_YAKUMAN_KEYS, LOCAL_YAKU_KEYS
from yakuman.yaku import DORA_LIKE, DOUBLE_YAKUMAN, LOCAL_YAKU, Yaku

CONTRACT_BITS = [
    "MENZEN_TSUMO", "RIICHI", "IPPATSU", "CHANKAN", "RINSHAN", "HAITEI", "HOUTEI", "PINFU", "TANYAO",
    "IIPEIKOU", "JIKAZE_TON", "JIKAZE_NAN", "JIKAZE_SHA", "JIKAZE_PEI", "BAKAZE_TON", "BAKAZE_NAN",
    "BAKAZE_SHA", "BAKAZE_PEI", "HAKU", "HATSU", "CHUN", "DOUBLE_RIICHI", "CHIITOITSU", "CHANTA",
    "ITTSU", "SANSHOKU_DOUJUN", "SANSHOKU_DOUKOU", "SANKANTSU", "TOITOI", "SANANKOU", "SHOUSANGEN",
    "HONROUTOU", "RYANPEIKOU", "JUNCHAN", "HONITSU", "CHINITSU", "RENHOU", "TENHOU", "CHIIHOU",
    "DAISANGEN", "SUUANKOU", "SUUANKOU_TANKI", "TSUUIISOU", "RYUUIISOU", "CHINROUTOU", "CHUUREN_POUTOU",
    "JUNSEI_CHUUREN_POUTOU", "KOKUSHI", "KOKUSHI_13", "DAISUUSHII", "SHOUSUUSHII", "SUUKANTSU", "DORA",
    "URA_DORA", "AKA_DORA", "SANRENKOU", "ISSHOKU_SANJUN", "DAISHARIN", "SUURENKOU", "ISSHOKU_YONJUN",
    "HYAKUMAN_GOKU", "BENI_KUJAKU", "TOUHOKU_SHINKANSEN", "SHIISANPUTA", "KITA",
]


def test_bits_are_the_contract():
    assert [m.name for m in Yaku.members()] == CONTRACT_BITS + [
        "DAICHISEI", "OPEN_RIICHI", "DOUBLE_OPEN_RIICHI", "SASHIKOMI", "PAARENCHAN"]
    for bit, name in enumerate(CONTRACT_BITS):
        assert Yaku[name].value == 1 << bit
    assert Yaku.KITA.value == 1 << 64
    assert Yaku.DAICHISEI.value == 1 << 65   # above the native mask: reported there on the TSUUIISOU bit
    # the local rules' yaku (docs/rules.md 7.4): above the native mask, in its yaku_ext byte
    assert [Yaku.OPEN_RIICHI.value, Yaku.DOUBLE_OPEN_RIICHI.value, Yaku.SASHIKOMI.value,
            Yaku.PAARENCHAN.value] == [1 << 66, 1 << 67, 1 << 68, 1 << 69]
    assert all(m.value < 1 << 64 for m in Yaku.members() if m.value.bit_length() <= 64)


def test_tenhou_ids_are_the_low_bits():
    for m in Yaku.members():
        bit = m.value.bit_length() - 1
        assert m.tenhou_id == (bit if bit <= 54 else None)
        if m.tenhou_id is not None:
            assert Yaku.from_tenhou_id(m.tenhou_id) is m
    with pytest.raises(ValueError):
        Yaku.from_tenhou_id(55)


@pytest.mark.parametrize("member,closed,open_,yakuman", [
    (Yaku.RIICHI, 1, 0, False), (Yaku.TANYAO, 1, 1, False), (Yaku.PINFU, 1, 0, False),
    (Yaku.SANSHOKU_DOUJUN, 2, 1, False), (Yaku.ITTSU, 2, 1, False), (Yaku.CHANTA, 2, 1, False),
    (Yaku.SANSHOKU_DOUKOU, 2, 2, False), (Yaku.TOITOI, 2, 2, False), (Yaku.CHIITOITSU, 2, 0, False),
    (Yaku.JUNCHAN, 3, 2, False), (Yaku.HONITSU, 3, 2, False), (Yaku.RYANPEIKOU, 3, 0, False),
    (Yaku.CHINITSU, 6, 5, False), (Yaku.DOUBLE_RIICHI, 2, 0, False), (Yaku.ISSHOKU_SANJUN, 2, 1, False),
    (Yaku.SANRENKOU, 2, 2, False),
    (Yaku.KOKUSHI, 13, 0, True), (Yaku.KOKUSHI_13, 26, 0, True), (Yaku.SUUANKOU_TANKI, 26, 0, True),
    (Yaku.JUNSEI_CHUUREN_POUTOU, 26, 0, True), (Yaku.DAISUUSHII, 26, 26, True), (Yaku.DAISANGEN, 13, 13, True),
    (Yaku.SUUKANTSU, 13, 13, True), (Yaku.TENHOU, 13, 0, True), (Yaku.DAISHARIN, 13, 0, True),
])
def test_han_values(member, closed, open_, yakuman):
    assert (member.han_closed, member.han_open, member.is_yakuman) == (closed, open_, yakuman)


def test_every_member_knows_its_facts():
    for m in Yaku.members():
        assert m.en and m.ja and isinstance(m.en, str)
        assert m.han_closed >= m.han_open >= 0
        assert m.is_yakuman == (m.han_closed >= 13)
    assert Yaku.SANSHOKU_DOUJUN.romaji == "sanshoku doujun"
    assert Yaku.JIKAZE_SHA.ja == "自風 西" and Yaku.BAKAZE_NAN.en == "Round wind (south)"


def test_mahjong_soul_ids():
    expected = {Yaku.MENZEN_TSUMO: 1, Yaku.RIICHI: 2, Yaku.CHANKAN: 3, Yaku.RINSHAN: 4, Yaku.HAITEI: 5,
                Yaku.HOUTEI: 6, Yaku.HAKU: 7, Yaku.HATSU: 8, Yaku.CHUN: 9, Yaku.JIKAZE_PEI: 10,
                Yaku.BAKAZE_TON: 11, Yaku.TANYAO: 12, Yaku.IIPEIKOU: 13, Yaku.PINFU: 14, Yaku.CHANTA: 15,
                Yaku.ITTSU: 16, Yaku.SANSHOKU_DOUJUN: 17, Yaku.DOUBLE_RIICHI: 18, Yaku.SANSHOKU_DOUKOU: 19,
                Yaku.SANKANTSU: 20, Yaku.TOITOI: 21, Yaku.SANANKOU: 22, Yaku.SHOUSANGEN: 23,
                Yaku.HONROUTOU: 24, Yaku.CHIITOITSU: 25, Yaku.JUNCHAN: 26, Yaku.HONITSU: 27,
                Yaku.RYANPEIKOU: 28, Yaku.CHINITSU: 29, Yaku.IPPATSU: 30, Yaku.DORA: 31, Yaku.AKA_DORA: 32,
                Yaku.URA_DORA: 33, Yaku.KITA: 34, Yaku.TENHOU: 35, Yaku.CHIIHOU: 36, Yaku.DAISANGEN: 37,
                Yaku.SUUANKOU: 38, Yaku.TSUUIISOU: 39, Yaku.RYUUIISOU: 40, Yaku.CHINROUTOU: 41,
                Yaku.KOKUSHI: 42, Yaku.SHOUSUUSHII: 43, Yaku.SUUKANTSU: 44, Yaku.CHUUREN_POUTOU: 45,
                Yaku.JUNSEI_CHUUREN_POUTOU: 47, Yaku.SUUANKOU_TANKI: 48, Yaku.KOKUSHI_13: 49,
                Yaku.DAISUUSHII: 50, Yaku.SANRENKOU: 55, Yaku.ISSHOKU_SANJUN: 56, Yaku.RENHOU: 59,
                Yaku.DAISHARIN: 60}
    for m, fan in expected.items():
        assert m.mjsoul_id == fan
    unknown = {Yaku.SUURENKOU, Yaku.ISSHOKU_YONJUN, Yaku.HYAKUMAN_GOKU, Yaku.BENI_KUJAKU,
               Yaku.TOUHOKU_SHINKANSEN, Yaku.SHIISANPUTA, Yaku.DAICHISEI, Yaku.OPEN_RIICHI,
               Yaku.DOUBLE_OPEN_RIICHI, Yaku.SASHIKOMI, Yaku.PAARENCHAN}
    assert {m for m in Yaku.members() if m.mjsoul_id is None} == unknown
    assert Yaku.from_mjsoul_id(34) is Yaku.KITA
    assert {m.mjsoul_id for m in Yaku.members() if m.name.startswith("JIKAZE")} == {10}


def test_name_lookups():
    assert Yaku.from_tenhou_name("aka dora") is Yaku.AKA_DORA
    assert Yaku.from_tenhou_name("Ura Dora") is Yaku.URA_DORA
    assert Yaku.from_tenhou_name("yakuhai chun") is Yaku.CHUN
    assert Yaku.from_tenhou_name("seat wind west") is Yaku.JIKAZE_SHA
    assert Yaku.from_tenhou_name("round wind south") is Yaku.BAKAZE_NAN
    assert Yaku.from_tenhou_name("rinshan kaihou") is Yaku.RINSHAN
    assert Yaku.from_tenhou_name("SANSHOKU_DOUJUN") is Yaku.SANSHOKU_DOUJUN
    assert Yaku.from_tenhou_name("kokushi-13") is Yaku.KOKUSHI_13
    with pytest.raises(ValueError, match="unknown yaku name"):
        Yaku.from_tenhou_name("mangan")


def test_flags_combine_and_reject_composite_facts():
    mask = Yaku.RIICHI | Yaku.KITA
    assert Yaku.RIICHI in mask and Yaku.TANYAO not in mask
    with pytest.raises(ValueError, match="not a single yaku"):
        _ = mask.en
    assert Yaku.DORA in DORA_LIKE and Yaku.KITA in DORA_LIKE and Yaku.RIICHI not in DORA_LIKE


def test_knob_tables_cover_the_rules_keys():
    assert set(LOCAL_YAKU) == LOCAL_YAKU_KEYS
    assert set(DOUBLE_YAKUMAN) == DOUBLE_YAKUMAN_KEYS
    assert all(m.tenhou_id is None for m in LOCAL_YAKU.values())


def test_tenhou_names_in_the_data_match_their_ids(shared_data):
    # Tenhou's own names of its yaku ids: only the shared corpus has them (the fixture corpus's
    # records carry this project's names, which would check the table against itself)
    path = shared_data("tenhou", "agari.jsonl.gz")
    seen = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            for (name, _), tid in zip(rec["expected"]["yaku"], rec["expected"]["tenhou_yaku_ids"]):
                seen[name] = tid
    assert len(seen) >= 45
    for name, tid in seen.items():
        assert Yaku.from_tenhou_name(name).tenhou_id == tid, name
        assert Yaku.from_tenhou_id(tid).tenhou_name == name, name
