"""Native scorer (yakuman._core._score_native) on the worked examples of docs/rules.md section 8.1,
plus rule knobs, pao, sanma, situations and malformed input, all with exact values.

The 8.1 rows are read from the document's table (tests/unit/_rules_doc.py): (id, concealed hand
incl. the winning tile, melds, win, seat+round wind, dora indicators, ura indicators, situation
words, knob overrides of Rules(), yaku {name: han}, han, fu (None = not checked: yakuman), payment
as the document writes it: "ron X" (the discarder's payment, honba included), "X/Y" (non-dealer
tsumo: X each non-dealer, Y dealer), "X all"). Rows L1-L8 appear twice: the standard value and
the value with the local yaku enabled.
Yaku bit numbers are those of yakuman.yaku.Yaku (0-54 = Tenhou ids).
"""

from __future__ import annotations

import pytest

from yakuman import _core
from yakuman.errors import InvalidMeldError, InvalidTilesError
from yakuman.hand import parse_melds
from yakuman.rules import Rules
from yakuman.tiles import kind, parse

from ._rules_doc import examples

BITS = dict(
    MENZEN_TSUMO=0, RIICHI=1, IPPATSU=2, CHANKAN=3, RINSHAN=4, HAITEI=5, HOUTEI=6, PINFU=7, TANYAO=8,
    IIPEIKOU=9, JIKAZE_TON=10, JIKAZE_NAN=11, JIKAZE_SHA=12, JIKAZE_PEI=13, BAKAZE_TON=14,
    BAKAZE_NAN=15, HAKU=18, HATSU=19, CHUN=20, DOUBLE_RIICHI=21, CHIITOITSU=22, CHANTA=23, ITTSU=24,
    SANSHOKU_DOUJUN=25, SANSHOKU_DOUKOU=26, SANKANTSU=27, TOITOI=28, SANANKOU=29, SHOUSANGEN=30,
    HONROUTOU=31, RYANPEIKOU=32, JUNCHAN=33, HONITSU=34, CHINITSU=35, RENHOU=36, TENHOU=37,
    CHIIHOU=38, DAISANGEN=39, SUUANKOU=40, SUUANKOU_TANKI=41, TSUUIISOU=42, RYUUIISOU=43,
    CHINROUTOU=44, CHUUREN_POUTOU=45, JUNSEI_CHUUREN_POUTOU=46, KOKUSHI=47, KOKUSHI_13=48,
    DAISUUSHII=49, SHOUSUUSHII=50, SUUKANTSU=51, DORA=52, URA_DORA=53, AKA_DORA=54, SANRENKOU=55,
    ISSHOKU_SANJUN=56, DAISHARIN=57, SUURENKOU=58, ISSHOKU_YONJUN=59, HYAKUMAN_GOKU=60,
    BENI_KUJAKU=61, TOUHOKU_SHINKANSEN=62, SHIISANPUTA=63,
)
FLAGS = dict(
    tsumo=_core.F_TSUMO, riichi=_core.F_RIICHI, double_riichi=_core.F_DOUBLE_RIICHI,
    ippatsu=_core.F_IPPATSU, rinshan=_core.F_RINSHAN, chankan=_core.F_CHANKAN, haitei=_core.F_HAITEI,
    houtei=_core.F_HOUTEI, tenhou=_core.F_TENHOU, chiihou=_core.F_CHIIHOU, renhou=_core.F_RENHOU,
)
WINDS = "ESWN"


def indicators(text: str) -> list[int]:
    """'2z6z' -> [kind('2z'), kind('6z')]."""
    counts, _ = parse(text) if text else ((0,) * 34, ())
    out = []
    for k, n in enumerate(counts):
        out += [k] * n
    return out


def score(hand: str, win: str, melds=(), situation: str = "", winds: str = "EE", dora: str = "",
          ura: str = "", rules: Rules | None = None, **extra) -> dict:
    """Parse a docs/rules.md-style row and score it natively; returns SCORE_FIELDS as a dict."""
    counts, reds = parse(hand)
    ms = parse_melds(melds)
    flags, honba = 0, 0
    for word in situation.split():
        if word.startswith("honba="):
            honba = int(word[6:])
        else:
            flags |= FLAGS[word]
    args = dict(
        counts=counts, reds=sum(reds) + sum(m.reds for m in ms), melds=[(m.kind, m.tiles[0]) for m in ms],
        win=kind(win), flags=flags, seat_wind=WINDS.index(winds[0]), round_wind=WINDS.index(winds[1]),
        dora=indicators(dora), ura=indicators(ura), honba=honba,
    )
    args.update(extra)
    result = _core._score_native(_core.compiled_rules(rules if rules is not None else Rules()), **args)
    return dict(zip(_core.SCORE_FIELDS, result))


def payment_text(s: dict) -> str:
    discarder, dealer, non_dealer = s["payment"][:3]
    if discarder:
        return f"ron {discarder}"
    if dealer:
        return f"{non_dealer}/{dealer}"
    return f"{non_dealer} all"


def yaku_names(s: dict) -> dict[str, int]:
    names = {v: k for k, v in BITS.items()}
    return {names[b]: h for b, h in s["yaku"]}


def _row(e):
    """A docs/rules.md section 8.1 row in this file's terms. The native result lists ura dora with 0
    on every riichi win (as Tenhou does), which the document's yaku column leaves out."""
    words = [f"honba={v}" if k == "honba" else k for k, v in e.flags.items()]
    yaku = dict(e.yaku)
    if ("riichi" in e.flags or "double_riichi" in e.flags) and "URA_DORA" not in yaku:
        yaku["URA_DORA"] = 0
    return (e.id, e.hand, list(e.melds), e.win, e.seat_wind + e.round_wind, e.dora, e.ura, " ".join(words),
            e.knobs, yaku, e.han, e.fu, e.payment)


ROWS = [_row(e) for e in examples() if e.yaku is not None]


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_rules_8_1(row):
    rid, hand, melds, win, winds, dora, ura, situation, knobs, yaku, han, fu, pay = row
    s = score(hand, win, melds, situation, winds, dora, ura, Rules(**knobs))
    assert s["status"] == 0, s["reason"]
    assert yaku_names(s) == yaku
    assert s["han"] == han
    if fu is not None:
        assert s["fu"] == fu
        assert sum(v for _, v in s["fu_details"]) == fu
    assert payment_text(s) == pay


def test_ex15_four_of_a_kind_is_not_two_pairs():
    s = score("1111m2233p4455s66z", "6z", winds="SE")
    assert (s["status"], s["reason"]) == (1, "the hand is not complete")


# ---- readings -------------------------------------------------------------------------------
def test_ex17_chooses_the_ryanmen_reading():
    s = score("234m567p34455666s", "6s", situation="riichi", winds="SE", dora="1z", ura="1z")
    assert s["wait"] == "ryanmen" and s["form"] == "regular"
    assert s["groups"][0] == ("pair", kind("6s"), False)
    assert s["groups"][s["win_group"]] == ("run", kind("4s"), False)


def test_ex18_chooses_the_tanki_reading():
    s = score("234m999p34455666s", "6s", situation="tsumo riichi", winds="SE", dora="1z", ura="1z")
    assert (s["wait"], s["fu"]) == ("tanki", 40)
    # 345s 456s + 66s pair: 20 + 2 tsumo + 2 tanki + 8 (999p) = 32 -> 40
    assert s["fu_details"] == (("futei", 20), ("tsumo", 2), ("tanki", 2), ("ankou 999p", 8), ("rounding", 8))


def test_ex22_ron_triplet_counts_open():
    s = score("111999m333p555s22z", "9m", winds="WE")
    assert ("minkou 999m", 4) in s["fu_details"]
    assert ("triplet", kind("9m"), True) in s["groups"]


# ---- knobs ----------------------------------------------------------------------------------
def test_kazoe_multiple_counts_each_13_han():
    # 14 han of yaku + 12 dora = 26 han
    args = ("22334455667788m", "8m", (), "tsumo riichi ippatsu", "EE", "1m1m1m1m3m3m")
    s = score(*args, rules=Rules(kazoe="multiple"))
    assert (s["han"], s["yakuman"], s["kazoe"], s["limit"]) == (26, 0, 2, "yakuman")
    assert payment_text(s) == "32000 all"
    s = score(*args, rules=Rules.tenhou())
    assert (s["kazoe"], payment_text(s)) == (1, "16000 all")


def test_yakuman_stacking_off_keeps_one():
    s = score("111z22z", "2z", ["pon 555z", "pon 666z", "pon 777z"], winds="SE",
              rules=Rules(yakuman_stacking=False))
    assert yaku_names(s) == {"DAISANGEN": 13}
    assert (s["han"], payment_text(s)) == (13, "ron 32000")


def test_yakuman_cap():
    s = score("111z22z", "2z", ["pon 555z", "pon 666z", "pon 777z"], winds="SE", rules=Rules(yakuman_cap=1))
    assert (s["yakuman"], s["han"], payment_text(s)) == (1, 13, "ron 32000")


def test_tenhou_preset_has_no_double_yakuman():
    s = score("119m19p19s1234567z", "1m", rules=Rules.tenhou())
    assert yaku_names(s) == {"KOKUSHI_13": 13}
    assert payment_text(s) == "ron 48000"


def test_tenhou_multiplier():
    s = score("123m456p789s11155z", "5z", situation="tsumo tenhou", rules=Rules(tenhou_multiplier=2))
    assert yaku_names(s) == {"TENHOU": 26}
    assert payment_text(s) == "32000 all"


def test_chiitoitsu_fu_30():
    s = score("11m4477p2299s3366z", "6z", winds="SE", rules=Rules(chiitoitsu_fu=30))
    assert (s["fu"], payment_text(s)) == (30, "ron 2000")


def test_rinshan_tsumo_fu_0():
    s = score("444567m23477s", "2s", ["ankan 8888p"], "tsumo rinshan", "SE", rules=Rules(rinshan_tsumo_fu=0))
    assert (s["han"], s["fu"], payment_text(s)) == (3, 40, "1300/2600")


def test_double_wind_pair_fu_2():
    s = score("234m345999p678s11z", "8s", situation="riichi", dora="1z", ura="3z",
              rules=Rules(double_wind_pair_fu=2))
    assert (s["fu"], payment_text(s)) == (40, "ron 2000")


def test_tsumo_pinfu_off():
    s = score("234567m34588p567s", "5s", situation="tsumo", winds="SE", rules=Rules(tsumo_pinfu=False))
    assert yaku_names(s) == {"MENZEN_TSUMO": 1, "TANYAO": 1}
    assert (s["fu"], payment_text(s)) == (30, "500/1000")


def test_kuitan_off_leaves_no_yaku():
    s = score("567m34588p567s", "5s", ["chi 234m"], winds="SE", rules=Rules(kuitan=False))
    assert (s["status"], s["reason"]) == (2, "no yaku")


def test_green_requires_hatsu():
    rules = Rules(green_requires_hatsu=True)
    s = score("22334444666888s", "4s", winds="SE", rules=rules)
    assert yaku_names(s) == {"CHINITSU": 6, "TANYAO": 1, "IIPEIKOU": 1}
    assert (s["limit"], payment_text(s)) == ("baiman", "ron 16000")
    s = score("223344666888s66z", "6z", winds="SE", rules=rules)
    assert yaku_names(s) == {"RYUUIISOU": 13}


def test_tsuuiisou_chiitoitsu_knob():
    s = score("11223344556677z", "7z", winds="SE")
    assert yaku_names(s) == {"TSUUIISOU": 13}
    s = score("11223344556677z", "7z", winds="SE", rules=Rules(tsuuiisou_chiitoitsu=False))
    assert yaku_names(s) == {"CHIITOITSU": 2}
    assert payment_text(s) == "ron 1600"


def test_chuuren_manzu_only():
    s = score("11123345678999p", "7p", winds="SE")
    assert yaku_names(s) == {"CHUUREN_POUTOU": 13}
    s = score("11123345678999p", "7p", winds="SE", rules=Rules(chuuren_manzu_only=True))
    assert yaku_names(s) == {"CHINITSU": 6}
    assert payment_text(s) == "ron 12000"


def test_haitei_with_rinshan():
    args = ("444567m23477s", "2s", ["ankan 8888p"], "tsumo rinshan haitei", "SE")
    assert "HAITEI" not in yaku_names(score(*args))
    s = score(*args, rules=Rules(haitei_with_rinshan=True))
    assert yaku_names(s)["HAITEI"] == 1
    assert (s["han"], payment_text(s)) == (4, "2000/4000")


def test_aka_dora_off():
    s = score("234678m23488s", "2s", ["pon 055p"], winds="SE", dora="4p", rules=Rules(aka_dora=0))
    assert yaku_names(s) == {"TANYAO": 1, "DORA": 3}
    assert payment_text(s) == "ron 7700"


def test_renhou_values():
    hand = ("234567m34588p567s", "5s", (), "renhou", "SE")
    assert yaku_names(score(*hand, rules=Rules(renhou="none"))) == {"PINFU": 1, "TANYAO": 1}
    s = score(*hand, rules=Rules(renhou="baiman"))
    assert (yaku_names(s), s["limit"], s["fu"], payment_text(s)) == ({"RENHOU": 8}, "baiman", 0, "ron 16000")
    # a tie with the hand's own value (iipeikou honitsu dora = mangan) goes to renhou
    s = score("334455566778m77z", "5m", (), "renhou", "SE", "7m", rules=Rules(renhou="mangan"))
    assert (yaku_names(s), payment_text(s)) == ({"RENHOU": 5}, "ron 8000")
    # the hand's own value when it is higher (sanbaiman 24000 > mangan)
    s = score("22334455667788p", "8p", (), "renhou", "SE", rules=Rules(renhou="mangan"))
    assert "RENHOU" not in yaku_names(s)
    assert payment_text(s) == "ron 24000"


def test_ryanhan_shibari():
    rules = Rules(ryanhan_shibari=True)
    s = score("234567m567p789s33s", "7m", winds="SE", situation="honba=5", rules=rules)
    assert (s["status"], s["reason"]) == (2, "ryanhan shibari: two han of yaku needed from 5 honba")
    s = score("234567m567p789s33s", "7m", winds="SE", situation="honba=4", rules=rules)
    assert payment_text(s) == "ron 2200"
    s = score("123789m12355p123s", "3s", winds="SE", situation="honba=5", rules=rules)
    assert payment_text(s) == "ron 4100"


def test_shiisanputa():
    hand = ("147m258p369s11234z", "4z", (), "tsumo tenhou", "EE")
    assert score(*hand)["status"] == 1
    s = score(*hand, rules=Rules(local_yaku={"shiisanputa"}))
    assert (yaku_names(s), s["form"], payment_text(s)) == ({"SHIISANPUTA": 13}, "shiisanputa", "16000 all")
    s = score(*hand, rules=Rules(local_yaku={"shiisanputa"}, shiisanputa_value="mangan"))
    assert (yaku_names(s), s["limit"], payment_text(s)) == ({"SHIISANPUTA": 5}, "mangan", "4000 all")
    s = score(*hand, rules=Rules(local_yaku={"shiisanputa"}, shiisanputa_honor_pair=False))
    assert s["status"] == 1


def test_no_yaku_open_hand():
    s = score("123m567p23488s", "4s", ["chi 456p"], winds="SE")
    assert (s["status"], s["reason"], s["yaku"]) == (2, "no yaku", ())
    assert s["fu"] == 30  # the reading is still reported


# ---- payments -------------------------------------------------------------------------------
def test_honba_and_sticks_on_tsumo():
    s = score("234567m34588p567s", "5s", (), "tsumo riichi honba=2", "SE", "1m", "1z", riichi_sticks=2)
    assert s["payment"] == (0, 4200, 2200, 2, 0, 600, 2000, 10600)
    assert s["points"] == 8000


PAO_HAND = ("234m11p", "1p", ["pon 555z", "pon 666z", "pon 777z"])


def test_pao_tsumo_liable_pays_all():
    s = score(*PAO_HAND, "tsumo honba=1", "SE", pao=_core.PAO_DAISANGEN)
    assert s["payment"] == (0, 0, 0, 0, 32300, 300, 0, 32300)
    assert s["points"] == 32000


def test_pao_ron_from_another_player_is_shared():
    s = score(*PAO_HAND, "honba=1", "SE", pao=_core.PAO_DAISANGEN)
    assert s["payment"][:5] == (16300, 0, 0, 0, 16000)
    assert s["points"] == 32000
    s = score(*PAO_HAND, "honba=1", "SE", pao=_core.PAO_DAISANGEN, rules=Rules(pao_yakuman=frozenset()))
    assert s["payment"][:5] == (32300, 0, 0, 0, 0)


def test_pao_scope_with_a_composite_yakuman():
    hand = ("111z22z", "2z", ["pon 555z", "pon 666z", "pon 777z"])
    s = score(*hand, "tsumo", "SE", pao=_core.PAO_DAISANGEN)  # liable_yakuman_only (default)
    assert s["payment"] == (0, 16000, 8000, 2, 32000, 0, 0, 64000)
    s = score(*hand, "", "SE", pao=_core.PAO_DAISANGEN)
    assert s["payment"][:5] == (48000, 0, 0, 0, 16000)
    s = score(*hand, "tsumo", "SE", pao=_core.PAO_DAISANGEN, rules=Rules(pao_scope="whole_hand"))
    assert s["payment"] == (0, 0, 0, 0, 64000, 0, 0, 64000)


def test_daiminkan_rinshan_pao():
    hand = ("444567m23477s", "2s", ["minkan 8888p"], "tsumo rinshan", "SE")
    assert payment_text(score(*hand, pao=_core.PAO_RINSHAN)) == "700/1300"
    s = score(*hand, pao=_core.PAO_RINSHAN, rules=Rules(daiminkan_rinshan_pao=True))
    assert s["payment"] == (0, 0, 0, 0, 2600, 0, 0, 2600)


# ---- sanma ----------------------------------------------------------------------------------
SANMA = Rules.tenhou_sanma()


def test_sanma_tsumo_loss():
    s = score("234567m34588p567s", "5s", (), "tsumo", "SE", rules=SANMA)
    assert s["payment"][:4] == (0, 1300, 700, 1) and s["points"] == 2000
    s = score("234567m34588p567s", "5s", (), "tsumo", "ES", rules=SANMA)
    assert s["payment"][:4] == (0, 0, 1300, 2) and s["points"] == 2600


def test_sanma_without_tsumo_loss_splits_the_absent_share():
    # docs/rules.md 5.2 / 7.4 (north bisection): the absent non-dealer's share 700 (a = 640) is
    # halved and rounded up on its own (400) and added to each payer's 1300 / 700
    rules = SANMA.replace(tsumo_loss=False)
    s = score("234567m34588p567s", "5s", (), "tsumo", "SE", rules=rules)
    assert s["payment"][:4] == (0, 1700, 1100, 1) and s["points"] == 2800
    s = score("234567m34588p567s", "5s", (), "tsumo", "ES", rules=rules)
    assert s["payment"][:4] == (0, 0, 2000, 2) and s["points"] == 4000


def test_sanma_honba_and_dora_succession():
    s = score("234567m567p789s33s", "7m", winds="SE", situation="honba=2", rules=SANMA)
    assert payment_text(s) == "ron 1400"
    # indicator 1m -> dora 9m in sanma (2m in four-player games)
    hand = ("999m123p456p789s11z", "9s", (), "riichi", "SE", "1m")
    s = score(*hand, rules=SANMA)
    assert yaku_names(s) == {"RIICHI": 1, "DORA": 3, "URA_DORA": 0}
    assert (s["fu"], payment_text(s)) == (40, "ron 8000")
    assert yaku_names(score(*hand, rules=Rules.tenhou())) == {"RIICHI": 1, "URA_DORA": 0}


def test_kita_are_nuki_dora_and_north_tiles():
    s = score("999m123p456p789s11z", "9s", (), "riichi", "SE", "3z", rules=SANMA, kita=2)
    assert s["counts"] == (2, 0, 0, 2)
    assert yaku_names(s) == {"RIICHI": 1, "DORA": 2, "URA_DORA": 0}
    assert (s["han"], s["limit"], payment_text(s)) == (5, "mangan", "ron 8000")


# ---- situations and malformed input -----------------------------------------------------------
@pytest.mark.parametrize("hand,win,melds,situation,winds,reason", [
    ("567m34588p567s", "5s", ["chi 234m"], "riichi", "SE", "riichi, double riichi or ippatsu on an open hand"),
    ("234567m34588p567s", "5s", (), "riichi double_riichi", "SE", "riichi and double riichi together"),
    ("234567m34588p567s", "5s", (), "ippatsu", "SE", "ippatsu without riichi"),
    ("123m456p789s22255z", "5z", (), "tsumo tenhou", "SE", "tenhou needs the dealer's tsumo with no meld"),
    ("123m456p789s22255z", "5z", (), "tsumo chiihou", "EE", "chiihou needs a non-dealer's tsumo with no meld"),
    ("234567m34588p567s", "5s", (), "renhou", "EE", "renhou needs a non-dealer's ron with no meld"),
    ("234567m34588p567s", "5s", (), "haitei", "SE", "haitei needs a tsumo"),
    ("234567m34588p567s", "5s", (), "tsumo houtei", "SE", "houtei needs a ron"),
    ("234567m34588p567s", "5s", (), "tsumo chankan", "SE", "chankan needs a ron"),
    ("234567m34588p567s", "5s", (), "tsumo rinshan", "SE", "rinshan needs a kan (or a kita in sanma)"),
    ("444567m23477s", "2s", ["ankan 8888p"], "tsumo rinshan riichi ippatsu", "SE",
     "ippatsu with rinshan (the own kan ends ippatsu)"),
])
def test_invalid_situations(hand, win, melds, situation, winds, reason):
    s = score(hand, win, melds, situation, winds)
    assert (s["status"], s["reason"]) == (3, reason)


def test_kita_only_in_sanma():
    s = score("234567m34588p567s", "5s", winds="SE", kita=1)
    assert (s["status"], s["reason"]) == (3, "kita (nuki dora) exist only in three-player games")
    s = score("234567m34588p567s", "5s", winds="NE", rules=SANMA)
    assert s["status"] == 3


def test_malformed_input_raises():
    with pytest.raises(InvalidTilesError, match="more than four copies"):
        score("11m234p567p789s", "1m", ["pon 111m"])
    with pytest.raises(InvalidTilesError, match="winning tile"):
        score("234567m567p789s33s", "1z")
    with pytest.raises(InvalidTilesError, match="do not fit the melds"):
        score("234567m567p789s3s", "7m")
    counts, _ = parse("567m34588p567s")
    with pytest.raises(InvalidMeldError, match="malformed"):  # chi starting at 8m
        _core._score_native(_core.compiled_rules(None), counts, 0, [("chi", kind("8m"))], kind("5s"))
    counts = [0] * 34
    counts[0] = 5
    with pytest.raises(InvalidTilesError, match="five copies of 1m"):
        _core._score_native(_core.compiled_rules(None), counts, 0, (), 0)


def test_compiled_rules_are_cached_and_validated():
    assert _core.compiled_rules(Rules.tenhou()) is _core.compiled_rules(Rules.tenhou())
    with pytest.raises(ValueError):
        _core.CompiledRules("tenhou")


# ---- random complete hands: invariants --------------------------------------------------------
def random_hand(rng):
    """A random complete hand as (counts, melds, win kind, reds): 4 sets + a pair, each kind at
    most 4 times; some sets called or declared."""
    while True:
        full = [0] * 34
        sets = []
        for _ in range(4):
            if rng.random() < 0.55:
                suit, start = rng.randrange(3), rng.randrange(7)
                sets.append(("run", 9 * suit + start))
                for t in range(3):
                    full[9 * suit + start + t] += 1
            else:
                k = rng.randrange(34)
                sets.append(("tri", k))
                full[k] += 3
        pair = rng.randrange(34)
        full[pair] += 2
        if max(full) <= 4:
            break
    counts = [0] * 34
    melds = []
    for typ, k in sets:
        if rng.random() < 0.3:
            if typ == "run":
                melds.append((0, k))
            elif full[k] == 3:
                melds.append((rng.choice((1, 1, 2, 3, 4)), k))
            else:
                melds.append((1, k))
            continue
        for t in ((k, k + 1, k + 2) if typ == "run" else (k, k, k)):
            counts[t] += 1
    counts[pair] += 2
    win = rng.choice([k for k in range(34) if counts[k]])
    fives = sum(counts[k] for k in (4, 13, 22))
    return counts, melds, win, rng.randint(0, min(fives, 3))


def test_random_hands_invariants():
    import random
    rng = random.Random(20240601)
    rule_sets = [_core.compiled_rules(r) for r in (
        Rules(), Rules.tenhou(), Rules.tenhou_sanma(),
        Rules(local_yaku=True, kazoe="multiple", kiriage_mangan=True, renhou="mangan", open_pinfu_fu=20),
        Rules(yakuman_stacking=False, tsumo_pinfu=False, double_wind_pair_fu=2, players=3, tsumo_loss=False),
    )]
    statuses = set()
    for n in range(4000):
        counts, melds, win, reds = random_hand(rng)
        flags = rng.getrandbits(11) & rng.getrandbits(11) & rng.getrandbits(11)
        rules = rule_sets[n % len(rule_sets)]
        dora = [rng.randrange(34) for _ in range(rng.randrange(4))]
        ura = [rng.randrange(34) for _ in range(rng.randrange(3))]
        s = dict(zip(_core.SCORE_FIELDS, _core._score_native(
            rules, counts, reds, melds, win, flags, rng.randrange(3), rng.randrange(4), dora, ura,
            honba=rng.randrange(6), riichi_sticks=rng.randrange(3), pao=rng.randrange(16))))
        statuses.add(s["status"])
        assert s["status"] in (0, 2, 3), s  # always complete
        if s["status"] != 0:
            continue
        if s["form"] != "kokushi":
            assert sum(v for _, v in s["fu_details"]) == s["fu"]
        if s["yakuman"]:
            assert s["han"] == 13 * s["yakuman"]
        elif s["yaku"] and s["yaku"][0][0] not in (36, 63):  # fixed-value renhou / shiisanputa
            assert s["han"] == sum(h for _, h in s["yaku"]) + s["counts"][3]
        discarder, dealer, non_dealer, n_nd, liable, honba, sticks, total = s["payment"]
        assert total == discarder + dealer + non_dealer * n_nd + liable + sticks
        assert total - honba - sticks == s["points"]
    assert statuses == {0, 2, 3}
