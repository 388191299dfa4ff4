"""Reference mjlog reader in pure Python (tests only: the library reads mjlog natively, see
yakuman.logs.tenhou_xml and csrc/ym_mjlog.c; tests/logs/test_mjlog_native.py checks both agree).

Reader for Tenhou mjlog XML (``<mjloggm>``), plain or gzip, also when embedded in other text.

Tags are pulled out of the text with a strict tag pattern, so the XML may sit inside other
text: HTML pages (also HTML-escaped, ``&lt;INIT ...``), ``.txt`` dumps, viewer golden logs
that interleave mjai lines, or a file whose every line carries the same junk prefix (the XML
is rejoined from the prefixed lines). A file may hold several games (a new game starts at a
SHUFFLE/GO tag after a round was dealt).

Tags (docs/logs.md, mjlog format): ``GO type`` (rule bits), ``UN`` (names), ``INIT``,
``T/U/V/W<id>`` draws, ``D/E/F/G<id>`` discards, ``N who m`` calls (meld bit layout below),
``REACH who step``, ``DORA hai``, ``AGARI``, ``RYUUKYOKU``; ``owari`` on the last result ends
the game. Client protocol dumps (hex, one player's view) are refused with a clear error.

Meld code ``m``: chi if ``m & 4`` (t = m >> 10; called = t % 3; t //= 3; base kind =
(t // 7) * 9 + t % 7; copies in bits 3-4, 5-6, 7-8); pon if ``m & 8`` (t = m >> 9; called index
t % 3; kind t // 3; the unused copy in bits 5-6); kakan if ``m & 16`` (as pon; bits 5-6 = the
added copy); kita if ``m & 32`` (tile m >> 8); else a kan of tile m >> 8, ankan when m & 3 == 0.
``m & 3`` is the source relative to the caller (1 next, 2 opposite, 3 previous), seat
(who + rel) % 4 also in sanma.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote

# The text handling (gzip limits, decoding, prefixed console lines, the game id in a file name) is
# the library reader's own; only the tag scanning and event building below are the reference.
from yakuman.logs.tenhou_xml import (  # noqa: F401  (re-exported names of the old module)
    _CLIENT_INIT,
    _HEXDUMP,
    _MJAI_TRANSCRIPT,
    GAME_ID_RE,
    _game_id_from_name,
    _rejoin_prefixed,
    _text,
    decompress,
    decompress_limit,
)
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    Game,
    GameEnd,
    GameStart,
    LogError,
    MAX_DECOMPRESSED,
    LogFormatError,
    NewDora,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
    format_errors,
)

__all__ = ["read_mjlog", "parse_mjlog", "decode_meld", "GAME_ID_RE"]

_TAG = re.compile(r'<([A-Za-z]+)(\d*)((?:\s+[A-Za-z_][\w.]*\s*=\s*"[^"<>]*")*)\s*/?>')
# The scanner: a well-formed tag (groups 1-3), the end of a game record (group 4), or a ``<``
# that opens something tag-like which is not a well-formed tag (group 5: its name). One pass.
_SCAN = re.compile(_TAG.pattern + r'|(</mjloggm\s*>)|<(?=([A-Za-z]+))')
# mjlog tag names: a malformed one of these is damage wherever it sits; another malformed tag
# is damage only inside a record (between <mjloggm> and </mjloggm>; outside, e.g. HTML, it is text).
_MJLOG_NAMES = frozenset(
    ("mjloggm", "SHUFFLE", "GO", "UN", "TAIKYOKU", "INIT", "N", "REACH", "DORA", "AGARI", "RYUUKYOKU", "BYE")
    + tuple("TUVWDEFG")
)
_ATTR = re.compile(r'([A-Za-z_][\w.]*)\s*=\s*"([^"]*)"')
_LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_RYUUKYOKU = {
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
    "kaze4": "suufon_renda",
    "nm": "nagashi_mangan",
}
_DRAW_TAGS = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD_TAGS = {"D": 0, "E": 1, "F": 2, "G": 3}
# tag letter -> tile number text -> (is discard, seat, tile, event, event if tsumogiri)
_PLAY_TAGS: dict[str, dict[str, tuple]] = {
    **{
        name: {str(t): (False, seat, t, Draw(seat, t), None) for t in range(136)}
        for name, seat in _DRAW_TAGS.items()
    },
    **{
        name: {str(t): (True, seat, t, Discard(seat, t, False), Discard(seat, t, True)) for t in range(136)}
        for name, seat in _DISCARD_TAGS.items()
    },
}


def read_mjlog(
    path: str | Path, data: bytes | None = None, strict: bool = True, max_bytes: int | None = None
) -> list[Game]:
    """Games in an mjlog file (gzip or plain; XML possibly embedded in other text).
    Raises LogFormatError naming the file for anything unreadable. A truncated game (damaged
    or half-written tag, last round without a result, no ``owari``) is an error when ``strict``;
    otherwise its complete rounds are returned with ``Game.truncated`` set. ``max_bytes``: see
    :func:`decompress`."""
    source = str(path)
    if data is None:
        try:
            data = Path(path).read_bytes()
        except OSError as e:
            raise LogFormatError(f"cannot read file: {e.strerror or e}", source) from None
    return parse_mjlog(
        decompress(data, source, max_bytes), source, game_id_hint=_game_id_from_name(source), strict=strict
    )


def _ints(s: str) -> list[int]:
    return [int(x) for x in s.split(",") if x.strip() != ""] if s else []


def decode_meld(who: int, m: int) -> Call:
    """Decode Tenhou's meld code ``m`` of caller ``who`` (bit layout in the module docstring)."""
    rel = m & 3
    if m & 0x4:
        t = m >> 10
        r = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        tiles = (
            (base << 2) + (m >> 3 & 3),
            ((base + 1) << 2) + (m >> 5 & 3),
            ((base + 2) << 2) + (m >> 7 & 3),
        )
        return Call(who, "chi", tiles, tiles[r], (who + rel) % 4)
    if m & 0x18:
        t = m >> 9
        r = t % 3
        kind = t // 3
        other = m >> 5 & 3
        rest = tuple((kind << 2) + c for c in range(4) if c != other)
        if m & 0x8:
            return Call(who, "pon", rest, rest[r], (who + rel) % 4)
        added = (kind << 2) + other
        return Call(who, "kakan", tuple(sorted(rest + (added,))), rest[r], (who + rel) % 4, added)
    if m & 0x20:
        return Call(who, "kita", (m >> 8,))
    hai = m >> 8
    kind = hai >> 2
    tiles = tuple((kind << 2) + c for c in range(4))
    if rel == 0:
        return Call(who, "ankan", tiles)
    return Call(who, "daiminkan", tiles, hai, (who + rel) % 4)


def parse_mjlog(
    data: bytes | str, source: str = "<mjlog>", game_id_hint: str | None = None, strict: bool = True
) -> list[Game]:
    """Games in mjlog text (bytes or str, already decompressed); ``strict`` as in read_mjlog.
    Tags are read by one scanner: a well-formed tag is parsed, and anything that opens like a
    tag but is not one (an unclosed quote, a half-written tag at the end of the data, junk in
    a tile tag) is damage at its offset -- never skipped: the game is truncated there."""
    with format_errors(source):
        return _parse_mjlog(data, source, game_id_hint, strict)


def _parse_mjlog(data: bytes | str, source: str, game_id_hint: str | None, strict: bool) -> list[Game]:
    text = _text(data)
    raw = text
    if "<INIT" not in text and ("&lt;INIT" in text or "&lt;mjloggm" in text):
        text = html.unescape(text)  # the log shown as text inside an HTML page
    if "<mjloggm" not in text and _HEXDUMP.search(text, 0, 8192):
        raise LogFormatError(
            "Tenhou client protocol dump (hex, one player's view): not a game record", source
        )
    if "<mjloggm" not in text and _CLIENT_INIT.search(text):
        raise LogFormatError(
            "Tenhou client protocol log (an INIT deals one hand, hai=, not hai0..hai3: one "
            "player's view): not a game record", source
        )
    joined = _rejoin_prefixed(text)
    # offsets are bytes of the (decompressed) file unless the text had to be unescaped or rejoined
    unit = "byte" if joined is raw else "character of the unescaped or rejoined text"
    text = joined
    games: list[Game] = []
    b = _Builder(source, game_id_hint)
    damage: str | None = None
    in_record = False
    # Hot loop: draws and discards (nine tags in ten) are handled inline, through a table of
    # their ready-made (immutable, shared) events keyed by tag letter and tile number text.
    play = _PLAY_TAGS
    events, last_draw, dealt = b.events, b.last_draw, b.dealt
    append = events.append
    for ti, (name, num, attrs, close, bad) in enumerate(_SCAN.findall(text)):
        if num:
            if not dealt:
                continue  # a stray tag before the first INIT (e.g. in surrounding text)
            table = play.get(name)
            if table is None:
                continue
            hit = table.get(num)
            if hit is None:  # out of range (or written unusually, e.g. "045")
                tile = int(num)
                if tile > 135:
                    raise LogFormatError(
                        f"tile id {tile} out of range in <{name}{num}> (tag {ti})",
                        source,
                        b.round_label,
                        len(events),
                    )
                hit = table[str(tile)]
            is_discard, seat, tile, plain, tsumogiri = hit
            if is_discard:
                append(tsumogiri if tile == last_draw[seat] else plain)
                last_draw[seat] = -1
            else:
                last_draw[seat] = tile
                append(plain)
            continue
        if not name:
            if close:
                in_record = False
                continue
            if in_record or bad in _MJLOG_NAMES:
                damage = _damage(text, ti, unit)
                break
            continue  # tag-like text outside a record (HTML around it, prose)
        if name == "mjloggm":
            in_record = True
        try:
            if name in ("SHUFFLE", "GO", "mjloggm") and b.dealt:
                games.append(b.finish(strict))
                b = _Builder(source, game_id_hint)
            b.tag(name, dict(_ATTR.findall(attrs)) if attrs else {})
        except LogError:
            raise
        except (ValueError, IndexError, KeyError) as e:
            raise LogFormatError(
                f"bad <{name}> tag (tag {ti}): {type(e).__name__}: {e}", source, b.round_label, len(b.events)
            ) from None
        events, last_draw, dealt = b.events, b.last_draw, b.dealt
        append = events.append
    if damage is not None and not b.dealt:
        raise LogFormatError(damage + " (before the first complete round)", source)
    games.append(b.finish(strict, damage))
    out = [g for g in games if g is not None]
    if not out:
        if _HEXDUMP.search(text):
            raise LogFormatError(
                "Tenhou client protocol dump (hex, one player's view): not a game record", source
            )
        if _MJAI_TRANSCRIPT.search(text, 0, 8192):
            raise LogFormatError(
                "mjai client transcript ('<-' / '->' lines, one player's view): not a game record", source
            )
        raise LogFormatError("no mjlog game found (no complete INIT tag)", source)
    return out


def _damage(text: str, tag_index: int, unit: str) -> str:
    """What is wrong with the tag-like text that the scanner met as its ``tag_index``-th item."""
    at = -1
    for i, m in enumerate(_SCAN.finditer(text)):
        if i == tag_index:
            at = m.start()
            break
    end = text.find(">", at)
    nxt = text.find("<", at + 1)
    snippet = text[at : at + 40]
    if end < 0 and nxt < 0:
        return f"half-written tag at {unit} {at} (the data ends inside it: {snippet!r})"
    return f"malformed tag at {unit} {at}: {snippet!r}"


class _Builder:
    """Turns the tag stream of one game into events."""

    __slots__ = (
        "source",
        "events",
        "start",
        "go",
        "names",
        "seed",
        "game_id",
        "players",
        "dealt",
        "last_draw",
        "round_label",
        "ended",
        "results_in_round",
        "last_deltas_scores",
    )

    def __init__(self, source: str, game_id: str | None) -> None:
        self.source = source
        self.events: list = []
        self.go: int | None = None
        self.names: tuple[str, ...] = ()
        self.seed: str | None = None
        self.game_id = game_id
        self.players = 4
        self.dealt = False
        self.last_draw = [-1, -1, -1, -1]
        self.round_label: str | None = None
        self.ended = False
        self.results_in_round = 0

    # -- named tags --------------------------------------------------------------------------
    def tag(self, name: str, a: dict) -> None:
        if name == "SHUFFLE":
            self.seed = a.get("seed") or None
        elif name == "GO":
            self.go = int(a.get("type", "0"))
            if self.go & 0x10:
                self.players = 3
        elif name == "UN":
            if not self.names and "n0" in a:
                self.names = tuple(_name(a.get(f"n{i}", "")) for i in range(4))
                if self.go is None and a.get("n3", "x") == "":
                    self.players = 3
        elif not a:
            return  # a bare <INIT> etc. is prose about the format, not a game tag
        elif name == "INIT":
            self._init(a)
        elif not self.dealt:
            return
        elif name == "N":
            who = int(a["who"])
            self.events.append(decode_meld(who, int(a["m"])))
            self.last_draw[who] = -1
        elif name == "REACH":
            who = int(a["who"])
            if a.get("step") == "1":
                self.events.append(RiichiDeclare(who))
            else:
                ten = a.get("ten")
                self.events.append(
                    RiichiAccept(who, tuple(x * 100 for x in _ints(ten))[: self.players] if ten else None)
                )
        elif name == "DORA":
            self.events.append(NewDora(int(a["hai"])))
        elif name == "AGARI":
            self._agari(a)
        elif name == "RYUUKYOKU":
            self._ryuukyoku(a)
        # BYE, UN (reconnect), TAIKYOKU, and unknown tags: no effect on play

    def _start(self) -> GameStart:
        go = self.go if self.go is not None else 0x1 | 0x8  # unknown: assume hanchan, aka, kuitan
        return GameStart(
            players=self.players,
            aka=not go & 0x2,
            kuitan=not go & 0x4,
            length="hanchan" if go & 0x8 else "tonpuusen",
            go_type=self.go,
            names=self.names[: self.players] if self.names else (),
            game_id=self.game_id,
            seed=self.seed,
            special=bool(go & 0xF00),
        )

    def _init(self, a: dict) -> None:
        if not self.dealt:
            self.events.append(self._start())
            self.dealt = True
        elif self.results_in_round == 0:
            raise LogFormatError(
                "round dealt before the previous one ended", self.source, self.round_label, len(self.events)
            )
        seed = a["seed"].split(",")
        rnd, honba, sticks, dora = int(seed[0]), int(seed[1]), int(seed[2]), int(seed[5])
        ten = _ints(a["ten"])
        hands = []
        for i in range(4):
            h = a.get(f"hai{i}", "")
            hands.append(tuple(_ints(h)))
        n = self.players
        if n == 4 and not hands[3]:
            raise LogFormatError("INIT without hai3 in a four-player game", self.source)
        scores = tuple(x * 100 for x in ten[:n]) if len(ten) >= n else tuple(x * 100 for x in ten)
        ev = RoundStart(rnd, honba, sticks, int(a["oya"]), scores, dora, tuple(hands[:n]))
        self.round_label = ev.label
        self.results_in_round = 0
        self.last_draw = [-1, -1, -1, -1]
        self.events.append(ev)

    def _sc(self, a: dict) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
        sc = a.get("sc")
        if not sc:
            return None, None
        v = _ints(sc)
        n = self.players
        return tuple(v[2 * i] * 100 for i in range(n)), tuple(v[2 * i + 1] * 100 for i in range(n))

    def _agari(self, a: dict) -> None:
        ba = _ints(a.get("ba", ""))
        ten = _ints(a["ten"])
        yaku_l = _ints(a.get("yaku", ""))
        yaku = tuple((yaku_l[i], yaku_l[i + 1]) for i in range(0, len(yaku_l) - 1, 2))
        yakuman = tuple(_ints(a.get("yakuman", "")))
        han = 13 * len(yakuman) if yakuman else sum(h for _, h in yaku)
        scores, deltas = self._sc(a)
        pao = a.get("paoWho")
        ura = a.get("doraHaiUra")
        self.events.append(
            Win(
                seat=int(a["who"]),
                from_seat=int(a["fromWho"]),
                hand=tuple(_ints(a["hai"])),
                win_tile=int(a["machi"]),
                fu=ten[0],
                han=han,
                points=ten[1],
                limit=_LIMITS[ten[2]] if len(ten) > 2 and 0 <= ten[2] < len(_LIMITS) else None,
                yaku=yaku,
                yakuman=yakuman,
                dora=tuple(_ints(a.get("doraHai", ""))),
                ura=tuple(_ints(ura)) if ura else (),
                deltas=deltas,
                scores=scores,
                pao_seat=int(pao) if pao not in (None, "") else None,
                honba=ba[0] if ba else None,
                sticks=ba[1] if len(ba) > 1 else None,
            )
        )
        self.results_in_round += 1
        self._owari(a)

    def _ryuukyoku(self, a: dict) -> None:
        reason = _RYUUKYOKU.get(a.get("type", ""), "exhaustive")
        if "type" in a and a["type"] not in _RYUUKYOKU:
            raise LogFormatError(
                f"unknown RYUUKYOKU type {a['type']!r}", self.source, self.round_label, len(self.events)
            )
        n = self.players
        hands = tuple(tuple(_ints(a[f"hai{i}"])) if a.get(f"hai{i}") else None for i in range(n))
        scores, deltas = self._sc(a)
        tenpai = tuple(h is not None for h in hands) if reason in ("exhaustive", "nagashi_mangan") else None
        self.events.append(Ryuukyoku(reason, tenpai, hands, deltas, scores))
        self.results_in_round += 1
        self._owari(a)

    def _owari(self, a: dict) -> None:
        ow = a.get("owari")
        if not ow:
            return
        v = [float(x) for x in ow.split(",") if x != ""]
        n = self.players
        self.events.append(
            GameEnd(tuple(int(v[2 * i]) * 100 for i in range(n)), tuple(v[2 * i + 1] for i in range(n)))
        )
        self.ended = True

    def finish(self, strict: bool = True, damage: str | None = None) -> Game | None:
        """The game, or None if no round was dealt. A record that stops early -- damaged data
        (``damage``: a malformed or half-written tag; nothing after it is read), a last round
        without a result, or no final result (``owari``) -- is truncated: strict raises
        LogFormatError; lenient keeps the complete rounds and sets ``Game.truncated``. The message
        names the last complete round."""
        if not self.dealt:
            return None
        evs = self.events
        starts = [i for i, e in enumerate(evs) if type(e) is RoundStart]
        # the current round counts as complete only when it has a result and the damage cannot
        # be part of it (a damaged AGARI after a result may be the second win of a double ron)
        keep_last = self.results_in_round > 0 and not (damage and damage_is_result(damage))
        cut = len(evs) if keep_last else starts[-1]
        done = [e for e in evs[:cut] if type(e) is RoundStart]
        last = f"last complete round {done[-1].label}" if done else "no complete round"
        if damage is not None:
            problem = f"truncated game: {damage}; {last}"
        elif self.results_in_round == 0:
            problem = f"truncated game: round {self.round_label} has no result; {last}"
        elif not self.ended:
            problem = f"truncated game: no final result (owari) after round {self.round_label}; {last}"
        else:
            return Game(self.source, tuple(evs))
        if strict:
            raise LogFormatError(problem, self.source, self.round_label, len(evs))
        if not done:
            raise LogFormatError(problem, self.source, self.round_label, len(evs))
        return Game(self.source, tuple(evs[:cut]), truncated=problem)


def damage_is_result(damage: str) -> bool:
    return "<AGARI" in damage or "<RYUUKYOKU" in damage


def _name(s: str) -> str:
    try:
        return unquote(s.encode("latin-1").decode("utf-8", "replace"), errors="replace")
    except UnicodeEncodeError:
        return unquote(s, errors="replace")
