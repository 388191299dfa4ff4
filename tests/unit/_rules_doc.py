"""Read the tables of docs/rules.md, so the tests check the document itself (it cannot drift).

``examples()``: the worked example hands of section 8.1 as :class:`Example` rows;
``point_table(dealer)``: the cells of the 1-4 han tables of section 5.4; ``limit_table()``: the
rows of section 5.3; ``yaku_tables()``: every yaku name of sections 3.1-3.6 with its closed and
open han (0 = not allowed open).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
NONE = "—"


def _section(title: str) -> list[str]:
    """The lines of the section whose heading starts with ``title`` (up to the next heading of
    the same or a higher level)."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    for i, ln in enumerate(lines):
        if ln.startswith("#") and ln.lstrip("#").strip().startswith(title):
            level = len(ln) - len(ln.lstrip("#"))
            out = []
            for nxt in lines[i + 1:]:
                if nxt.startswith("#") and len(nxt) - len(nxt.lstrip("#")) <= level:
                    break
                out.append(nxt)
            return out
    raise AssertionError(f"docs/rules.md has no section {title!r}")


def _tables(lines: list[str]) -> list[list[list[str]]]:
    """Markdown tables in ``lines``: each a list of rows (header and rule line dropped)."""
    tables, cur = [], None
    for ln in lines + [""]:
        if ln.startswith("|"):
            cells = [c.strip() for c in ln.strip().strip("|").split("|")]
            if cur is None:
                cur = []
            cur.append(cells)
        elif cur is not None:
            tables.append([r for r in cur[2:]])
            cur = None
    return tables


def _value(text: str):
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if text.startswith("{") and text.endswith("}"):
        return frozenset(x for x in text[1:-1].split(",") if x)
    return text


@dataclass(frozen=True)
class Example:
    id: str
    hand: str
    melds: tuple[str, ...]
    win: str
    seat_wind: str
    round_wind: str
    dora: str
    ura: str
    flags: dict
    knobs: dict
    yaku: dict | None  # {member name: han}, None = not a win
    han: int | None
    fu: int | None  # None: not checked (yakuman)
    payment: str


@lru_cache(maxsize=1)
def examples() -> tuple[Example, ...]:
    (table,) = [t for t in _tables(_section("8.1")) if t]
    out = []
    for row in table:
        rid, hand, melds, win, seats, dora, situation, knobs, yaku, han, fu, pay, _notes = row
        seat, rnd = seats.split("/")
        d, _, u = dora.partition("/")
        flags: dict = {}
        for word in situation.split():
            if word.startswith("honba="):
                flags["honba"] = int(word[6:])
            elif word != "ron":
                flags[word] = True
        kn = {}
        if knobs != NONE:
            for item in knobs.split():
                k, _, v = item.partition("=")
                kn[k] = _value(v)
        ys = None
        if yaku != NONE:
            ys = {}
            for item in yaku.split(","):
                name, h = item.split()
                ys[name.upper()] = int(h)
        out.append(Example(
            rid, hand.strip("`"), tuple(m.strip() for m in melds.split(",")) if melds != NONE else (),
            win, seat, rnd, "" if d.strip() == NONE else d.strip(), u.strip(), flags, kn, ys,
            None if han == NONE else int(han), None if fu == NONE else int(fu), pay))
    return tuple(out)


FU_COLUMNS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def point_table(dealer: bool) -> list[list[str]]:
    """The 4 x 11 cells of section 5.4 (``"1000 (300,500)"``, ``"M"``, ``"– (400,700)"``...),
    with "-" for the dash."""
    tables = [t for t in _tables(_section("5.4")) if t]
    assert len(tables) == 2, "section 5.4 holds the non-dealer and the dealer table"
    rows = tables[1 if dealer else 0]
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]
    cells = [[c.replace("–", "-") for c in r[1:]] for r in rows]
    return [["- (-)" if c == "-" else c for c in r] for r in cells]  # a lone dash: neither ron nor tsumo


def limit_table() -> list[list[str]]:
    (rows,) = [t for t in _tables(_section("5.3")) if t]
    return rows


def yaku_tables() -> dict[str, tuple[int, int]]:
    """{member name: (closed han, open han)} from every table of section 3."""
    out: dict[str, tuple[int, int]] = {}
    for t in _tables(_section("3. Yaku")):
        for row in t:
            names, closed, opened = row[0], row[1], row[2]
            for name in names.split("/"):
                key = name.strip().upper()
                assert key not in out, f"{key} listed twice in docs/rules.md section 3"
                out[key] = (int(closed), 0 if opened == NONE else int(opened))
    return out


def knob_names() -> set[str]:
    """Every knob named in the first column of the tables of section 7.1."""
    out: set[str] = set()
    for t in _tables(_section("7.1")):
        for row in t:
            out |= set(re.findall(r"`(\w+)`", row[0]))
    return out
