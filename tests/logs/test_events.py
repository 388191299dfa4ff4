"""Event model basics: canonical ids, labels, rules from the header, Tenhou meld codes."""

from __future__ import annotations

import pytest

from yakuman.logs.events import GameStart, IdAllocator, LogError, round_label, tile_str
from yakuman.logs.tenhou_xml import decode_meld


def test_id_allocator_red_fives_and_lowest_free_copies():
    a = IdAllocator(aka=True)
    assert a.take(4, red=True) == 16  # red 5m is copy 0
    assert [a.take(4) for _ in range(3)] == [17, 18, 19]
    with pytest.raises(LogError, match="fifth copy of 5m"):
        a.take(4)
    with pytest.raises(LogError, match="has no red copy"):
        a.take(0, red=True)
    assert [a.take(27) for _ in range(4)] == [108, 109, 110, 111]


def test_id_allocator_without_red_fives_uses_all_copies():
    a = IdAllocator(aka=False)
    assert [a.take(13) for _ in range(4)] == [52, 53, 54, 55]
    a.reset()
    assert a.take(13) == 52


def test_tile_str_and_round_label():
    assert tile_str(16) == "0m" and tile_str(16, aka=False) == "5m"
    assert tile_str(53) == "5p" and tile_str(88) == "0s" and tile_str(135) == "7z"
    assert round_label(0) == "E1-0" and round_label(5, 2) == "S2-2" and round_label(8) == "W1-0"


def test_rules_from_header():
    r = GameStart(players=4, aka=False, kuitan=False, length="tonpuusen").rules()
    assert (r.players, r.aka_dora, r.kuitan, r.length) == (4, 0, False, "tonpuusen")
    r3 = GameStart(players=3).rules()
    assert (r3.players, r3.aka_dora, r3.honba_ron) == (3, 1, 200)


def test_decode_pon_from_a_real_record():
    # <W99/><G99/><N who="2" m="37897" /> in a 2020 houou game: seat 2 pons 7s (id 99) from seat 3
    c = decode_meld(2, 37897)
    assert (c.kind, c.tiles, c.called, c.from_seat) == ("pon", (97, 98, 99), 99, 3)


def test_decode_chi_layout():
    # chi 3m-4m-5m calling 4m (index 1) with copies 1, 2, 0, from the previous player
    t = (0 * 7 + 2) * 3 + 1
    m = (t << 10) | 0x4 | (1 << 3) | (2 << 5) | (0 << 7) | 3
    c = decode_meld(1, m)
    assert (c.kind, c.tiles, c.called, c.from_seat) == ("chi", (9, 14, 16), 14, 0)


def test_decode_kakan_ankan_daiminkan_kita():
    # kakan of 1z (kind 27): pon tiles copies 0,1,3, added copy 2, called index 0, from opposite
    m = ((27 * 3 + 0) << 9) | 0x10 | (2 << 5) | 2
    c = decode_meld(0, m)
    assert (c.kind, c.tiles, c.called, c.added, c.from_seat) == ("kakan", (108, 109, 110, 111), 108, 110, 2)
    c = decode_meld(3, (72 << 8) | 0)
    assert (c.kind, c.tiles, c.called, c.from_seat) == ("ankan", (72, 73, 74, 75), None, None)
    c = decode_meld(3, (74 << 8) | 1)
    assert (c.kind, c.tiles, c.called, c.from_seat) == ("daiminkan", (72, 73, 74, 75), 74, 0)
    c = decode_meld(1, (121 << 8) | 0x20)
    assert (c.kind, c.tiles) == ("kita", (121,))


def test_round_labels_of_every_wind_and_of_a_mangled_round_start():
    """events.round_label / label_of: the one place a round's label is made (the readers' errors,
    the record driver, the review)."""
    from types import SimpleNamespace

    from yakuman.logs.events import label_of, round_label

    assert [round_label(r) for r in (0, 3, 4, 7, 8, 11, 12, 15)] == [
        "E1-0", "E4-0", "S1-0", "S4-0", "W1-0", "W4-0", "N1-0", "N4-0"]
    assert round_label(16, 3) == "E1-3"   # past North 4 the winds come round again
    assert label_of(SimpleNamespace(round=5, honba=2)) == "S2-2"
    assert label_of(SimpleNamespace(round="x", honba=None)) == "'x'-None"
