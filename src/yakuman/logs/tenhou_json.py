"""tenhou.net/6 JSON logs <-> the common event model.

Layout (one object per game; a file may hold several, one per line or as a JSON array):
``name`` (4 names), ``rule`` (``disp`` such as ``"鳳南喰赤"``: 東 = East-only, 三 = sanma, 喰 =
open tanyao; ``aka``/``aka51-53`` = red fives), ``sc`` = [final points, result] x 4, ``ref`` =
game id, ``log`` = rounds. A round is ``[[round, honba, sticks], scores, dora indicators,
ura indicators, haipai0, takes0, discards0, ..., haipai3, takes3, discards3, result]``.
Tiles: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N haku hatsu chun, 51/52/53 red fives.
Takes: a drawn tile, or a call string: chi ``"c" + called + two tiles`` (from the previous
player), pon ``p`` at index 0/2/4 = from the previous / opposite / next player, daiminkan ``m``
at 0/2/6 likewise; the two-digit code after the letter is the claimed tile. Discards: a tile,
60 = tsumogiri, ``"r" + tile`` = riichi declaration, kakan = the pon string with ``k`` + the
added tile in place of ``p``, ankan ``"aaa" + "a" + "aa"`` (marker at index 6), ``"f44"`` kita,
0 = the skipped discard after a daiminkan. Result: ``["和了", deltas, [who, from, pao, text,
yaku...], ...]`` (one pair per winner), ``["流局", deltas]``, ``["流し満貫", deltas]``,
``["全員聴牌"]``, ``["全員不聴"]`` or an abort name.

The format does not record the order of turns across seats; the reader rebuilds it by a
depth-first search over "who claims this discard" (a call must claim the latest discard of its
source; a seat without a call draws in turn; every take and discard must be used and the last
action must fit the result), which also settles the ambiguous case of two identical discards
in a row. Kan dora are revealed at Tenhou's timing: ankan at once, daiminkan/kakan after the
next discard. Tiles get canonical ids (events.IdAllocator). The winning hand, fu of limit
hands and the per-win dora list are not in the format (None).
"""

from __future__ import annotations

from yakuman._arrays import rep, shown
import json
import re
from pathlib import Path
from typing import Any

from yakuman.logs._hands import HandTracker
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    Game,
    GameEnd,
    GameStart,
    LogError,
    LogFormatError,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
    exact_int,
    exact_result,
    format_errors,
    player_names,
    require_record,
    round_label,
)

__all__ = ["read_tenhou_json", "parse_tenhou_json", "to_tenhou_json", "YAKU_JA"]

# Tenhou's Japanese yaku names by id (0-54).
YAKU_JA = (
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
)
_YAKU_IN: dict[str, int] = {}
for _i, _n in enumerate(YAKU_JA):
    _YAKU_IN[_n] = _i
    _YAKU_IN[_n.replace(" ", "")] = _i
for _alias, _i in (
    ("断么九", 8),
    ("混全帯么九", 23),
    ("純全帯么九", 33),
    ("ダブル立直", 21),
    ("白", 18),
    ("發", 19),
    ("中", 20),
    ("国士無双13面", 48),
    ("国士無双十三面待ち", 48),
    ("国士無双十三面", 48),
    ("搶槓", 3),
    ("門前清自摸", 0),
    ("海底撈月", 5),
    ("抜きドラ", 52),
    ("北抜き", 52),
    ("Menzen Tsumo", 0),
    ("Fully Concealed Hand", 0),
    ("Riichi", 1),
    ("Ippatsu", 2),
    ("Robbing a Kan", 3),
    ("Chankan", 3),
    ("After a Kan", 4),
    ("Rinshan Kaihou", 4),
    ("Under the Sea", 5),
    ("Haitei", 5),
    ("Under the River", 6),
    ("Houtei", 6),
    ("Pinfu", 7),
    ("All Simples", 8),
    ("Tanyao", 8),
    ("Pure Double Sequence", 9),
    ("Iipeikou", 9),
    ("Double Riichi", 21),
    ("Seven Pairs", 22),
    ("Chiitoitsu", 22),
    ("Dora", 52),
    ("Ura Dora", 53),
    ("Red Five", 54),
    ("Aka Dora", 54),
    ("Red Dora", 54),
):
    _YAKU_IN[_alias] = _i
_LIMIT_JA = {
    "満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "役満": "yakuman",
    "数え役満": "yakuman",
}
_LIMIT_OUT = {v: k for k, v in _LIMIT_JA.items() if k != "数え役満"}
_ABORTS = {
    "九種九牌": "kyuushu_kyuuhai",
    "四家立直": "suucha_riichi",
    "三家和了": "sanchahou",
    "四槓散了": "suukaikan",
    "四開槓": "suukaikan",
    "四風連打": "suufon_renda",
}
_ABORTS_OUT = {v: k for k, v in _ABORTS.items() if k != "四開槓"}
_TEXT = re.compile(r"^(?:(\d+)符(\d+)飜)?([^\d]*)(\d+)(?:-(\d+))?点(∀)?$")
_YAKU_ITEM = re.compile(r"^(.*)\((\d+)飜\)$|^(.*)\(役満\)$")


def _code_of(t: int, aka: bool) -> int:
    if aka and t in (16, 52, 88):
        return 51 + t // 36
    k = t >> 2
    return 11 + k if k < 9 else 12 + k if k < 18 else 13 + k if k < 27 else 14 + k


def _kind_of(code: Any) -> tuple[int, bool]:
    if not isinstance(code, int) or isinstance(code, bool):
        raise ValueError(f"tile code {rep(code)} is not an integer")
    if code in (51, 52, 53):
        return 4 + 9 * (code - 51), True
    s, r = divmod(code, 10)
    if 1 <= s <= 3 and 1 <= r <= 9:
        return (s - 1) * 9 + r - 1, False
    if s == 4 and 1 <= r <= 7:
        return 26 + r, False
    raise ValueError(f"unknown tile code {code}")


def _codes(s: str) -> list[int]:
    if len(s) % 2 or not s.isdigit():
        raise ValueError(f"bad tile digits {rep(s)}")
    return [int(s[i : i + 2]) for i in range(0, len(s), 2)]


# ----------------------------------------------------------------------------------------
# parsing action strings
# ----------------------------------------------------------------------------------------


def _take_token(x: Any) -> tuple:
    """("draw", code) or (kind, called, others, rel) for chi/pon/daiminkan."""
    if isinstance(x, int) and not isinstance(x, bool):
        _kind_of(x)
        return ("draw", x)
    if not isinstance(x, str):
        raise ValueError(f"take {rep(x)} is neither a tile nor a call string")
    for letter, kind, positions in (
        ("c", "chi", {0: 3}),
        ("p", "pon", {0: 3, 2: 2, 4: 1}),
        ("m", "daiminkan", {0: 3, 2: 2, 6: 1}),
    ):
        at = x.find(letter)
        if at >= 0:
            if at not in positions:
                raise ValueError(f"call string {rep(x)}: '{letter}' at index {at}")
            called = int(x[at + 1 : at + 3])
            others = _codes(x[:at] + x[at + 3 :])
            if len(others) != (2 if kind != "daiminkan" else 3):
                raise ValueError(f"call string {rep(x)} has {len(others)} other tiles")
            _kind_of(called)
            for c in others:
                _kind_of(c)
            return (kind, called, tuple(others), positions[at])
    raise ValueError(f"unknown take string {rep(x)}")


def _discard_token(x: Any) -> tuple:
    """("discard", code|None, riichi) / ("kakan", added, pon codes) / ("ankan", codes) /
    ("kita", code) / ("skip",)."""
    if isinstance(x, int) and not isinstance(x, bool):
        if x == 60:
            return ("discard", None, False)
        if x == 0:
            return ("skip",)
        _kind_of(x)
        return ("discard", x, False)
    if not isinstance(x, str):
        raise ValueError(f"discard {rep(x)} is neither a tile nor an action string")
    if x.startswith("r"):
        c = int(x[1:])
        if c != 60:
            _kind_of(c)
        return ("discard", None if c == 60 else c, True)
    at = x.find("k")
    if at >= 0:
        if at not in (0, 2, 4) or len(x) != 9:
            raise ValueError(f"kakan string {rep(x)}")
        added = int(x[at + 1 : at + 3])
        return ("kakan", added, tuple(_codes(x[:at] + x[at + 3 :])), {0: 3, 2: 2, 4: 1}[at])
    at = x.find("a")
    if at >= 0:
        if len(x) != 9:
            raise ValueError(f"ankan string {rep(x)}")
        return ("ankan", tuple(_codes(x[:at] + x[at + 1 :])))
    if x.startswith(("f", "n")):
        return ("kita", int(x[1:]))
    raise ValueError(f"unknown discard string {rep(x)}")


# ----------------------------------------------------------------------------------------
# turn order search
# ----------------------------------------------------------------------------------------


def _order(
    takes: list[list[tuple]], discards: list[list[tuple]], dealer: int, n: int, end_ok
) -> list[tuple[int, str, tuple]]:
    """Global order of (seat, "take"|"discard", token). Depth-first over claim choices."""
    nt = [len(t) for t in takes]
    nd = [len(d) for d in discards]
    # state: (ti, di, actor, phase, last, actions); phase "take" = actor must take next
    stack = [([0] * 4, [0] * 4, dealer, "take", None, [])]
    tried = 0
    while stack:
        ti, di, actor, phase, last, acts = stack.pop()
        tried += 1
        if tried > 20000:
            break
        ok = True
        while True:
            if phase == "take":
                if ti[actor] >= nt[actor]:
                    ok = False
                    break
                tk = takes[actor][ti[actor]]
                if tk[0] != "draw" and (last is None or last[0] != (actor + tk[3]) % 4 or last[1] != tk[1]):
                    ok = False
                    break
                ti[actor] += 1
                acts.append((actor, "take", tk))
                last = None
                if tk[0] == "daiminkan":
                    if di[actor] < nd[actor] and discards[actor][di[actor]][0] == "skip":
                        di[actor] += 1
                    continue  # rinshan draw next
                if di[actor] >= nd[actor]:
                    if (
                        all(ti[s] >= nt[s] for s in range(n))
                        and all(di[s] >= nd[s] for s in range(n))
                        and end_ok("take", actor)
                    ):
                        return acts
                    ok = False
                    break
                phase = "discard"
            else:
                dk = discards[actor][di[actor]]
                if dk[0] == "skip":
                    ok = False
                    break
                di[actor] += 1
                code = dk[1] if dk[0] == "discard" else None
                if dk[0] == "discard" and code is None:
                    prev = acts[-1][2] if acts and acts[-1][0] == actor and acts[-1][1] == "take" else None
                    if prev is None or prev[0] != "draw":
                        ok = False
                        break
                    code = prev[1]
                acts.append(
                    (actor, "discard", dk if dk[0] != "discard" else ("discard", code, dk[2], dk[1] is None))
                )
                done = all(ti[s] >= nt[s] for s in range(n))
                if done:
                    if all(di[s] >= nd[s] for s in range(n)) and end_ok(
                        "kan" if dk[0] != "discard" else "discard", actor
                    ):
                        return acts
                    if dk[0] != "discard":
                        ok = False
                        break
                if dk[0] != "discard":
                    phase = "take"  # rinshan draw (kan, kita)
                    last = None
                    continue
                last = (actor, code)
                options = []
                for s in range(n):
                    if s != actor and ti[s] < nt[s]:
                        tk = takes[s][ti[s]]
                        if tk[0] != "draw" and (s + tk[3]) % 4 == actor and tk[1] == code:
                            options.append((0 if tk[0] == "chi" else 1, s))
                options.sort(reverse=True)
                nxt = (actor + 1) % n
                choices = [s for _, s in options]
                if nxt not in choices:
                    choices.append(nxt)  # nobody calls: the next seat draws
                for s in reversed(choices[1:]):
                    stack.append(
                        (
                            list(ti),
                            list(di),
                            s,
                            "take",
                            last if s in [c for _, c in options] else None,
                            list(acts),
                        )
                    )
                actor = choices[0]
                if actor not in [c for _, c in options]:
                    last = None
                phase = "take"
        if ok:
            return acts
    raise ValueError("cannot order the takes and discards of the round (no consistent turn order)")


# ----------------------------------------------------------------------------------------
# reading
# ----------------------------------------------------------------------------------------


def read_tenhou_json(
    path: str | Path, data: bytes | None = None, strict: bool = True, max_bytes: int | None = None
) -> list[Game]:
    from yakuman.logs.tenhou_xml import decode_text, decompress, decompress_limit, read_file

    source = str(path)
    decompress_limit(max_bytes)   # a bad option is the caller's error, not the file's
    if data is None:
        data = read_file(path, max_bytes)
    return parse_tenhou_json(decode_text(decompress(data, source, max_bytes), source), source)


def _json_objects(text: str, source: str) -> list[Any]:
    s = text.strip()
    try:
        obj = json.loads(s)
        return obj if isinstance(obj, list) and obj and isinstance(obj[0], dict) else [obj]
    except RecursionError:
        raise LogFormatError("invalid JSON: nested too deeply to read", source) from None
    except json.JSONDecodeError as first:
        out = []
        for lineno, line in enumerate(s.splitlines(), 1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except RecursionError:
                    raise LogFormatError(f"invalid JSON on line {lineno}: nested too deeply to read", source) from None
                except json.JSONDecodeError:
                    raise LogFormatError(
                        f"invalid JSON ({first.msg} at line {first.lineno} column {first.colno})", source
                    ) from None
        return out


def parse_tenhou_json(data: str | dict | list, source: str = "<tenhou6>") -> list[Game]:
    """Games in tenhou.net/6 JSON (text, one dict, or a list of dicts). Malformed input raises a
    LogError naming the source (and the round when known)."""
    with format_errors(source):
        return _parse_tenhou_json(data, source)


def _parse_tenhou_json(data: str | dict | list, source: str) -> list[Game]:
    objs = (
        _json_objects(data, source) if isinstance(data, str) else (data if isinstance(data, list) else [data])
    )
    for obj in objs:
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            raise LogFormatError("not a tenhou.net/6 log (no 'log' list)", source)
        for rnd in obj["log"]:
            if not (isinstance(rnd, list) and rnd and isinstance(rnd[0], list) and len(rnd[0]) == 3):
                raise LogFormatError(
                    "not a tenhou.net/6 log (a 'log' entry is not a round array "
                    "starting with [round, honba, sticks])",
                    source,
                )
    games = [_game(obj, source) for obj in _merge_split(objs)]
    if not games:
        raise LogFormatError("no tenhou.net/6 game found", source)
    return games


def _merge_split(objs: list[dict]) -> list[dict]:
    """Join consecutive objects that split one game round by round (same names and rule, the
    next one not starting a fresh game at East 1, honba 0)."""
    out: list[dict] = []
    for obj in objs:
        prev = out[-1] if out else None
        first = obj["log"][0][0] if obj["log"] else None
        if (
            prev is not None
            and prev.get("name") == obj.get("name")
            and prev.get("rule") == obj.get("rule")
            and "sc" not in prev
            and first is not None
            and tuple(first) != (0, 0, 0)
        ):
            merged = dict(prev)
            merged["log"] = list(prev["log"]) + list(obj["log"])
            for k in ("sc", "ref"):
                if k in obj:
                    merged[k] = obj[k]
            out[-1] = merged
        else:
            out.append(obj)
    return out


def _game(obj: dict, source: str) -> Game:
    rule = obj.get("rule") or {}
    if not isinstance(rule, dict):
        raise LogFormatError(f"'rule' must be an object, not {type(rule).__name__}", source)
    for key in ("name", "sc"):
        if key in obj and not isinstance(obj[key], list):
            raise LogFormatError(f"{rep(key)} must be a list, not {type(obj[key]).__name__} ({shown(obj[key], 40)})", source)
    disp = str(rule.get("disp", ""))
    aka = bool(rule.get("aka", 0) or rule.get("aka51", 0) or rule.get("aka52", 0) or rule.get("aka53", 0))
    rounds = obj["log"]
    players = 3 if ("三" in disp or "3-Player" in disp) else 4
    if players == 4 and rounds and len(rounds[0]) > 13 and not rounds[0][13]:
        players = 3
    names = player_names(obj.get("name", ()))[:players]
    length = "tonpuusen" if ("東" in disp or "East" in disp) else "hanchan"
    kuitan = ("喰" in disp) if disp and any(c in disp for c in "般上特鳳") else True
    x = obj.get("yakuman") if isinstance(obj.get("yakuman"), dict) else {}
    start = GameStart(
        players=players,
        aka=aka,
        kuitan=x.get("kuitan", kuitan),
        length=x.get("length", length),
        go_type=x.get("go_type"),
        names=names,
        game_id=obj.get("ref") or x.get("game_id"),
    )
    events: list = [start]
    tr = HandTracker(aka, players)
    for ri, rnd in enumerate(rounds):
        try:
            _round(rnd, start, tr, events)
        except LogError as e:
            label = e.round or round_label(int(rnd[0][0]), int(rnd[0][1]))
            raise LogError(e.problem, source, label, e.index, e.event) from None
        except (ValueError, TypeError, IndexError, KeyError, AttributeError) as e:
            meta = rnd[0] if isinstance(rnd, list) and rnd and isinstance(rnd[0], list) else []
            ok = len(meta) >= 2 and all(isinstance(x, int) for x in meta[:2])
            label = round_label(meta[0], meta[1]) if ok else None
            raise LogFormatError(f"round {ri}: {type(e).__name__}: {e}", source, label) from None
    sc = obj.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players:
        events.append(
            GameEnd(
                tuple(exact_int(sc[2 * i]) for i in range(players)),
                tuple(exact_result(sc[2 * i + 1]) for i in range(players)),
            )
        )
    return Game(source, tuple(events))


def _round(rnd: list, start: GameStart, tr: HandTracker, events: list) -> None:
    n = start.players
    aka = start.aka
    if not isinstance(rnd, list) or len(rnd) < 17:
        raise ValueError(
            f"round array of {len(rnd) if isinstance(rnd, list) else type(rnd).__name__} items, 17 expected"
        )
    meta, scores, dora_codes, ura_codes = rnd[0], rnd[1], rnd[2], rnd[3]
    rindex, honba, sticks = int(meta[0]), int(meta[1]), int(meta[2])
    label = round_label(rindex, honba)
    dealer = rindex % 4 if n == 4 else rindex % 4 % 3
    result = rnd[16]
    tr.reset()
    dora_iter = iter(dora_codes)
    first = next(dora_iter, None)
    if first is None:
        raise ValueError("round without a dora indicator")
    first_dora = tr.new(*_kind_of(first))
    hands = tuple(tr.deal(s, [_kind_of(c) for c in rnd[4 + 3 * s]]) for s in range(n))
    rs = RoundStart(rindex, honba, sticks, dealer, tuple(exact_int(x) for x in scores[:n]), first_dora, hands)
    base = len(events)
    events.append(rs)
    takes = [[_take_token(x) for x in rnd[5 + 3 * s]] for s in range(n)]
    discards = [[_discard_token(x) for x in rnd[6 + 3 * s]] for s in range(n)]
    status = result[0] if result else ""
    wins = []
    if status == "和了":
        for j in range(1, len(result) - 1, 2):
            wins.append((result[j], result[j + 1]))
        if not wins:
            raise ValueError("和了 without winners")

    def end_ok(kind: str, actor: int) -> bool:
        if wins:
            who, frm = int(wins[0][1][0]), int(wins[0][1][1])
            return (kind == "take" and actor == who == frm) or (kind != "take" and actor == frm != who)
        if status in ("流局", "全員聴牌", "全員不聴", "流し満貫"):
            return kind == "discard"
        if status == "九種九牌":
            return kind == "take"
        return True

    try:
        order = _order(takes, discards, dealer, n, end_ok)
    except ValueError as e:
        raise LogError(str(e), "", label) from None

    pending_riichi = -1
    pending_dora = 0  # daiminkan/kakan dora waiting for the next discard
    last_tile = -1

    def reveal() -> None:
        c = next(dora_iter, None)
        if c is not None:
            events.append(NewDora(tr.new(*_kind_of(c))))

    try:
        for seat, what, tok in order:
            if what == "take":
                if pending_riichi >= 0:
                    events.append(RiichiAccept(pending_riichi))
                    pending_riichi = -1
                if tok[0] == "draw":
                    events.append(Draw(seat, tr.draw(seat, *_kind_of(tok[1]))))
                else:
                    kind, _called, others, rel = tok
                    ids = [tr.take(seat, *_kind_of(c)) for c in others]
                    events.append(
                        Call(seat, kind, tuple(sorted(ids + [last_tile])), last_tile, (seat + rel) % 4)
                    )
                    if kind == "daiminkan":
                        if pending_dora:
                            reveal()
                            pending_dora -= 1
                        pending_dora += 1
            else:
                k = tok[0]
                if k == "discard":
                    _, code, riichi, tsumogiri = tok
                    if riichi:
                        events.append(RiichiDeclare(seat))
                    kind, red = _kind_of(code)
                    t = tr.take(seat, kind, red, prefer=tr.last_draw[seat] if tsumogiri else -1)
                    events.append(Discard(seat, t, tsumogiri))
                    last_tile = t
                    if riichi:
                        pending_riichi = seat
                    while pending_dora:
                        reveal()
                        pending_dora -= 1
                elif k == "kakan":
                    _, added, _pon_codes, _rel = tok
                    kind, red = _kind_of(added)
                    a = tr.take(seat, kind, red)
                    pon = next(
                        (
                            e
                            for e in reversed(events[base:])
                            if type(e) is Call
                            and e.seat == seat
                            and e.kind == "pon"
                            and e.tiles[0] >> 2 == kind
                        ),
                        None,
                    )
                    if pon is None:
                        raise LogError(f"kakan of {added} by seat {seat} without a pon", "", label)
                    if pending_dora:
                        reveal()
                        pending_dora -= 1
                    events.append(
                        Call(seat, "kakan", tuple(sorted(pon.tiles + (a,))), pon.called, pon.from_seat, a)
                    )
                    pending_dora += 1
                elif k == "ankan":
                    ids = [tr.take(seat, *_kind_of(c)) for c in tok[1]]
                    while pending_dora:
                        reveal()
                        pending_dora -= 1
                    events.append(Call(seat, "ankan", tuple(sorted(ids))))
                    reveal()
                elif k == "kita":
                    events.append(Call(seat, "kita", (tr.take(seat, *_kind_of(tok[1])),)))
    except LookupError as e:
        kind, red = e.args if len(e.args) == 2 else (0, False)
        raise LogError(
            f"tile {_code_of(kind * 4 + (0 if red else 1), aka)} not in the hand of seat {seat}",
            "",
            label,
            len(events) - base,
        ) from None

    ura = tuple(tr.new(*_kind_of(c)) for c in ura_codes) if ura_codes else ()
    if wins:
        for deltas, info in wins:
            who, frm, pao = int(info[0]), int(info[1]), int(info[2])
            fu, han, points, limit, yaku, yakuman = _parse_win_text(info[3:], who == frm, who == dealer, n)
            events.append(
                Win(
                    seat=who,
                    from_seat=frm,
                    fu=fu,
                    han=han,
                    points=points,
                    limit=limit,
                    yaku=yaku,
                    yakuman=yakuman,
                    ura=ura,
                    deltas=tuple(exact_int(x) for x in deltas[:n]),
                    scores=rs.scores,
                    pao_seat=pao if pao != who else None,
                )
            )
    else:
        deltas = tuple(exact_int(x) for x in result[1][:n]) if len(result) > 1 else (0,) * n
        if status in ("流局", "全員聴牌", "全員不聴"):
            reason = "exhaustive"
        elif status == "流し満貫":
            reason = "nagashi_mangan"
        elif status in _ABORTS:
            reason = _ABORTS[status]
        else:
            raise ValueError(f"unknown round result {rep(status)}")
        if pending_riichi >= 0 and reason != "sanchahou":
            # the riichi discard passed (no ron): the riichi stands before the round is aborted
            # (suucha riichi, suufon renda, suukaikan), as the record's mjlog form says it
            events.append(RiichiAccept(pending_riichi))
        tenpai = None
        if reason == "exhaustive":
            if status == "全員聴牌":
                tenpai = (True,) * n
            elif status == "全員不聴":
                tenpai = (False,) * n
            elif deltas is not None and any(deltas):
                tenpai = tuple(d > 0 for d in deltas)
        events.append(Ryuukyoku(reason, tenpai, None, deltas))


def _parse_win_text(items: list, tsumo: bool, dealer: bool, n: int):
    text = str(items[0]) if items else ""
    m = _TEXT.match(text.strip())
    fu = han = points = None
    limit = None
    if m:
        fu = int(m.group(1)) if m.group(1) else None
        limit = _LIMIT_JA.get(m.group(3).strip()) if m.group(3) else None
        a = int(m.group(4))
        b = int(m.group(5)) if m.group(5) else None
        if b is not None:  # non-dealer tsumo: non-dealers pay a, the dealer b
            points = a * (n - 2) + b
        elif tsumo:  # dealer tsumo: a from each
            points = a * (n - 1)
        else:
            points = a
    yaku = []
    yakuman = []
    for it in items[1:]:
        ym = _YAKU_ITEM.match(str(it))
        if not ym:
            continue
        if ym.group(3) is not None:
            yakuman.append(_YAKU_IN.get(ym.group(3).strip(), -1))
        else:
            yaku.append((_YAKU_IN.get(ym.group(1).strip(), -1), int(ym.group(2))))
    han = 13 * len(yakuman) if yakuman else (sum(h for _, h in yaku) if yaku else None)
    if m and m.group(2) and not yakuman:
        han = int(m.group(2))
    return fu, han, points, limit, tuple(yaku), tuple(yakuman)


# ----------------------------------------------------------------------------------------
# writing
# ----------------------------------------------------------------------------------------


def _disp(st: GameStart) -> str:
    go = st.go_type or 0
    room = "鳳" if go & 0xA0 == 0xA0 else "特" if go & 0x20 else "上" if go & 0x80 else "般"
    return (
        room
        + ("三" if st.players == 3 else "")
        + ("南" if st.length == "hanchan" else "東")
        + ("喰" if st.kuitan else "")
        + ("赤" if st.aka else "")
        + ("速" if go & 0x40 else "")
    )


def to_tenhou_json(game: Game) -> dict:
    """A tenhou.net/6 JSON object of a game (extension key ``yakuman`` keeps go_type etc.)."""
    require_record(game)
    st = game.start
    aka = st.aka
    n = st.players

    def code(t):
        return _code_of(t, aka)

    rounds = []
    for _, evs in game.rounds():
        rounds.append(_round_json(evs, st, n, code))
    names = list(st.names) + [""] * (4 - len(st.names))
    out: dict = {
        "title": ["", ""],
        "name": names[:4],
        "rule": {"disp": _disp(st), "aka": 1 if aka else 0},
        "log": rounds,
    }
    if st.game_id:
        out["ref"] = st.game_id
    end = next((e for e in game.events if type(e) is GameEnd), None)
    if end is not None:
        sc: list = []
        for i in range(4):
            sc += [end.scores[i] if i < n else 0, (end.result[i] if end.result and i < n else 0)]
        out["sc"] = sc
    out["yakuman"] = {
        "players": n,
        "kuitan": st.kuitan,
        "length": st.length,
        "go_type": st.go_type,
        "game_id": st.game_id,
    }
    return out


def _round_json(evs: tuple, st: GameStart, n: int, code) -> list:
    rs: RoundStart = evs[0]
    takes: list[list] = [[] for _ in range(4)]
    discards: list[list] = [[] for _ in range(4)]
    dora = [code(rs.dora_indicator)]
    riichi_next = [False] * 4
    pons: dict[tuple[int, int], str] = {}
    wins: list[Win] = []
    draw_end: Ryuukyoku | None = None
    for e in evs[1:]:
        t = type(e)
        if t is Draw:
            takes[e.seat].append(code(e.tile))
        elif t is Discard:
            c = 60 if e.tsumogiri else code(e.tile)
            if riichi_next[e.seat]:
                discards[e.seat].append(f"r{c}")
                riichi_next[e.seat] = False
            else:
                discards[e.seat].append(c)
        elif t is RiichiDeclare:
            riichi_next[e.seat] = True
        elif t is NewDora:
            dora.append(code(e.indicator))
        elif t is Call:
            s = e.seat
            if e.kind in ("chi", "pon", "daiminkan"):
                rest = sorted((x for x in e.tiles if x != e.called), key=code)
                rc = "".join(str(code(x)) for x in rest)
                cc = str(code(e.called))
                rel = (e.from_seat - s) % 4
                letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[e.kind]
                if e.kind == "chi" or rel == 3:
                    txt = letter + cc + rc
                elif rel == 2:
                    txt = rc[:2] + letter + cc + rc[2:]
                else:
                    txt = rc + letter + cc
                takes[s].append(txt)
                if e.kind == "pon":
                    pons[(s, e.tiles[0] >> 2)] = txt
                if e.kind == "daiminkan":
                    discards[s].append(0)
            elif e.kind == "kakan":
                pon = pons.get((s, e.tiles[0] >> 2))
                if pon is None:
                    raise LogError(f"kakan by seat {s} without a pon in the round", "", rs.label)
                at = pon.index("p")
                discards[s].append(pon[:at] + "k" + str(code(e.added)) + pon[at + 1 :])
            elif e.kind == "ankan":
                cs = [str(code(x)) for x in sorted(e.tiles)]
                discards[s].append("".join(cs[:3]) + "a" + cs[3])
            else:
                discards[s].append(f"f{code(e.tiles[0])}")
        elif t is Win:
            wins.append(e)
        elif t is Ryuukyoku:
            draw_end = e
    ura = []
    for w in wins:
        if w.ura:
            ura = [code(x) for x in w.ura]
            break
    out: list = [[rs.round, rs.honba, rs.sticks], list(rs.scores) + [0] * (4 - n), dora, ura]
    for s in range(4):
        if s < n:
            out += [[code(x) for x in sorted(rs.hands[s])], takes[s], discards[s]]
        else:
            out += [[], [], []]
    if wins:
        res: list = ["和了"]
        for w in wins:
            res += [list(w.deltas or (0,) * n) + [0] * (4 - n), _win_info(w, rs, n)]
        out.append(res)
    elif draw_end is not None:
        d = list(draw_end.deltas or (0,) * n) + [0] * (4 - n)
        if draw_end.reason == "exhaustive":
            if not any(d) and draw_end.tenpai is not None and all(draw_end.tenpai):
                out.append(["全員聴牌"])
            elif not any(d) and draw_end.tenpai is not None and not any(draw_end.tenpai):
                out.append(["全員不聴"])
            else:
                out.append(["流局", d])
        elif draw_end.reason == "nagashi_mangan":
            out.append(["流し満貫", d])
        else:
            out.append([_ABORTS_OUT[draw_end.reason]])
    else:
        out.append([])
    return out


def _win_info(w: Win, rs: RoundStart, n: int) -> list:
    pts = w.points or 0
    dealer = w.seat == rs.dealer
    if w.seat != w.from_seat:
        amount = f"{pts}点"
    elif dealer:
        amount = f"{pts // (n - 1)}点∀"
    else:
        nd = -(-pts // (4 if n == 4 else 3) // 100) * 100
        amount = f"{nd}-{pts - nd * (n - 2)}点"
    if w.limit:
        text = _LIMIT_OUT[w.limit] + amount
    else:
        text = f"{w.fu}符{w.han}飜" + amount
    items: list = [w.seat, w.from_seat, w.pao_seat if w.pao_seat is not None else w.seat, text]
    for i in w.yakuman:
        items.append(f"{YAKU_JA[i] if 0 <= i < len(YAKU_JA) else '?'}(役満)")
    if not w.yakuman:
        for i, h in w.yaku:
            items.append(f"{YAKU_JA[i] if 0 <= i < len(YAKU_JA) else '?'}({h}飜)")
    return items
