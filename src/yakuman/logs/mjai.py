"""mjai JSON lines <-> the common event model.

mjai (the protocol of gimite/mjai, used by Mortal and mjai-reviewer) writes one JSON object
per line: ``start_game``, ``start_kyoku`` (bakaze, kyoku 1-4, honba, kyotaku, oya, dora_marker,
scores, tehais), ``tsumo``, ``dahai`` (tsumogiri), ``chi``/``pon``/``daiminkan`` (actor, target,
pai, consumed), ``kakan`` (pai, consumed), ``ankan`` (consumed), ``reach``,
``reach_accepted``, ``dora``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``. Tiles are
``1m``..``9s``, ``E S W N P F C`` and ``5mr``/``5pr``/``5sr`` for red fives; ``?`` is a hidden
tile (not supported: a replay needs every hand).

Extensions (written by :func:`to_mjai`, read back when present, ignored by other consumers):
``start_game``: ``players``, ``aka_flag``, ``kuitan``, ``length``, ``go_type``, ``game_id``
(``kyoku_first`` 4 = East-only and ``aka_flag`` as mjai-reviewer writes them are read too);
``nukidora`` (actor, pai ``N``) for a sanma kita; ``reach_accepted``: ``scores``; ``hora``:
``pai``, ``hora_tehais`` (closed hand incl. the winning tile), ``fu``, ``fan``, ``hora_points``,
``limit``, ``yakus`` ([[romaji name, han]]), ``yakuman`` (romaji names), ``dora_markers``,
``ura_markers``, ``deltas``, ``scores``, ``pao``, ``honba``, ``kyotaku``; ``ryukyoku``:
``reason`` (our names; gimite's are also read), ``tenpais``, ``tehais``, ``deltas``, ``scores``;
``end_game``: ``scores``, ``result``.

Reading gives canonical 136-ids (red fives 16/52/88; see events.IdAllocator), so a round trip
mjlog -> mjai -> events keeps every field except tile copy numbers.
"""

from __future__ import annotations

from yakuman._arrays import rep, shown
import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from yakuman._arrays import as_int
from yakuman.errors import InvalidTilesError
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
    yaku_bit,
    yaku_name,
)

__all__ = ["read_mjai", "parse_mjai", "to_mjai", "to_mjai_lines", "mjai_tile", "parse_mjai_tile"]

_NAMES = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + ("E", "S", "W", "N", "P", "F", "C")
_KIND = {name: i for i, name in enumerate(_NAMES)}
_WINDS = ("E", "S", "W", "N")
_REASONS_IN = {
    "exhaustive": "exhaustive",
    "fanpai": "exhaustive",
    "howanpai": "exhaustive",
    "nagashi_mangan": "nagashi_mangan",
    "nagashimangan": "nagashi_mangan",
    "kyuushu_kyuuhai": "kyuushu_kyuuhai",
    "kyushukyuhai": "kyuushu_kyuuhai",
    "suufon_renda": "suufon_renda",
    "sufonrenta": "suufon_renda",
    "suucha_riichi": "suucha_riichi",
    "suchareach": "suucha_riichi",
    "suukaikan": "suukaikan",
    "sukaikan": "suukaikan",
    "sanchahou": "sanchahou",
    "sanchaho": "sanchahou",
}


def mjai_tile(t: int, aka: bool = True) -> str:
    """mjai name of a 136-id (InvalidTilesError for anything but an integer 0..135)."""
    i = as_int(t, 0, 135)
    if i is None:
        raise InvalidTilesError(f"136-id {shown(t, 40)} is not an integer in 0..135")
    t = i
    if aka and t in (16, 52, 88):
        return _NAMES[t >> 2] + "r"
    return _NAMES[t >> 2]


def parse_mjai_tile(name: Any) -> tuple[int, bool]:
    """(kind, red) of an mjai tile name; raises InvalidTilesError (a ValueError)."""
    if not isinstance(name, str):
        raise InvalidTilesError(f"mjai tile {shown(name, 40)} is not a string")
    red = name.endswith("r") and name[:-1] in ("5m", "5p", "5s")
    k = _KIND.get(name[:-1] if red else name)
    if k is None:
        raise InvalidTilesError(f"unknown mjai tile {rep(name)}" + (" (hidden tile)" if name == "?" else ""))
    return k, red


# ----------------------------------------------------------------------------------------
# writing
# ----------------------------------------------------------------------------------------


def to_mjai(game: Game) -> list[dict]:
    """mjai events (dicts) of a game."""
    require_record(game)
    st = game.start
    aka = st.aka
    n = st.players

    def tl(ids):
        return [mjai_tile(t, aka) for t in ids]

    out: list[dict] = [
        {
            "type": "start_game",
            "names": list(st.names) or [""] * n,
            "players": n,
            "aka_flag": aka,
            "kuitan": st.kuitan,
            "length": st.length,
            "go_type": st.go_type,
            "game_id": st.game_id,
        }
    ]
    in_round = False
    for e in game.events[1:]:
        t = type(e)
        if t is Draw:
            out.append({"type": "tsumo", "actor": e.seat, "pai": mjai_tile(e.tile, aka)})
        elif t is Discard:
            out.append(
                {"type": "dahai", "actor": e.seat, "pai": mjai_tile(e.tile, aka), "tsumogiri": e.tsumogiri}
            )
        elif t is Call:
            k = e.kind
            if k in ("chi", "pon", "daiminkan"):
                rest = list(e.tiles)
                rest.remove(e.called)
                out.append(
                    {
                        "type": k,
                        "actor": e.seat,
                        "target": e.from_seat,
                        "pai": mjai_tile(e.called, aka),
                        "consumed": tl(rest),
                    }
                )
            elif k == "kakan":
                rest = [x for x in e.tiles if x != e.added]
                out.append(
                    {"type": "kakan", "actor": e.seat, "pai": mjai_tile(e.added, aka), "consumed": tl(rest)}
                )
            elif k == "ankan":
                out.append({"type": "ankan", "actor": e.seat, "consumed": tl(e.tiles)})
            else:
                out.append({"type": "nukidora", "actor": e.seat, "pai": mjai_tile(e.tiles[0], aka)})
        elif t is RiichiDeclare:
            out.append({"type": "reach", "actor": e.seat})
        elif t is RiichiAccept:
            d: dict = {"type": "reach_accepted", "actor": e.seat}
            if e.scores is not None:
                d["scores"] = list(e.scores)
            out.append(d)
        elif t is NewDora:
            out.append({"type": "dora", "dora_marker": mjai_tile(e.indicator, aka)})
        elif t is RoundStart:
            if in_round:
                out.append({"type": "end_kyoku"})
            in_round = True
            out.append(
                {
                    "type": "start_kyoku",
                    "bakaze": _WINDS[(e.round // 4) % 4],
                    "kyoku": e.round % 4 + 1,
                    "honba": e.honba,
                    "kyotaku": e.sticks,
                    "oya": e.dealer,
                    "dora_marker": mjai_tile(e.dora_indicator, aka),
                    "scores": list(e.scores),
                    "tehais": [tl(h) for h in e.hands],
                }
            )
        elif t is Win:
            d = {"type": "hora", "actor": e.seat, "target": e.from_seat}
            if e.win_tile is not None:
                d["pai"] = mjai_tile(e.win_tile, aka)
            if e.hand is not None:
                d["hora_tehais"] = tl(sorted(e.hand))
            for key, val in (
                ("fu", e.fu),
                ("fan", e.han),
                ("hora_points", e.points),
                ("limit", e.limit),
                ("pao", e.pao_seat),
                ("honba", e.honba),
                ("kyotaku", e.sticks),
            ):
                if val is not None:
                    d[key] = val
            d["yakus"] = [[yaku_name(i), h] for i, h in e.yaku]
            if e.yakuman:
                d["yakuman"] = [yaku_name(i) for i in e.yakuman]
            if e.dora is not None:
                d["dora_markers"] = tl(e.dora)
            if e.ura is not None:
                d["ura_markers"] = tl(e.ura)
            if e.deltas is not None:
                d["deltas"] = list(e.deltas)
            if e.scores is not None:
                d["scores"] = list(e.scores)
            out.append(d)
        elif t is Ryuukyoku:
            d = {"type": "ryukyoku", "reason": e.reason}
            if e.tenpai is not None:
                d["tenpais"] = list(e.tenpai)
            if e.hands is not None:
                d["tehais"] = [tl(h) if h is not None else None for h in e.hands]
            if e.deltas is not None:
                d["deltas"] = list(e.deltas)
            if e.scores is not None:
                d["scores"] = list(e.scores)
            out.append(d)
        elif t is GameEnd:
            if in_round:
                out.append({"type": "end_kyoku"})
                in_round = False
            d = {"type": "end_game", "scores": list(e.scores)}
            if e.result is not None:
                d["result"] = list(e.result)
            out.append(d)
    if in_round:
        out.append({"type": "end_kyoku"})
    return out


def to_mjai_lines(game: Game) -> str:
    """mjai JSON lines of a game (one event per line, newline-terminated)."""
    return "".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in to_mjai(game))


# ----------------------------------------------------------------------------------------
# reading
# ----------------------------------------------------------------------------------------


def read_mjai(path: str, data: bytes | None = None, strict: bool = True, max_bytes: int | None = None) -> list[Game]:
    # file, gzip and text handling live there (one place for every reader)
    from yakuman.logs.tenhou_xml import decode_text, decompress, decompress_limit, read_file

    source = str(path)
    decompress_limit(max_bytes)   # a bad option is the caller's error, not the file's
    if data is None:
        data = read_file(path, max_bytes)
    return parse_mjai(decode_text(decompress(data, source, max_bytes), source), source, strict=strict)


def _json_events(text: str, source: str) -> list[dict]:
    """The events of mjai text: one JSON array, or JSON lines each holding an event or an array
    of events (mjai.app's protocol transcripts: one line per batch sent to a bot)."""
    s = text.lstrip()
    if s.startswith("["):
        try:
            evs = json.loads(s)
        except RecursionError:
            raise LogFormatError("invalid JSON: nested too deeply to read", source) from None
        except json.JSONDecodeError as e:
            if e.msg == "Extra data" and e.lineno > 1:
                try:   # a line of events per line?
                    return _json_lines(text, source)
                except LogFormatError:
                    pass
            raise LogFormatError(
                f"invalid JSON ({e.msg} at line {e.lineno} column {e.colno})", source
            ) from None
        if not isinstance(evs, list):
            raise LogFormatError("mjai JSON array expected", source)
        return evs
    return _json_lines(text, source)


def _json_lines(text: str, source: str) -> list[dict]:
    out: list = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            d = json.loads(line)
            if isinstance(d, list):
                out.extend(d)
            else:
                out.append(d)
        except RecursionError:
            raise LogFormatError(f"invalid JSON on line {lineno}: nested too deeply to read", source) from None
        except json.JSONDecodeError as e:
            raise LogFormatError(
                f"invalid JSON on line {lineno} ({e.msg} at column {e.colno})", source
            ) from None
    return out


def parse_mjai(text: str | Iterable[dict], source: str = "<mjai>", strict: bool = True) -> list[Game]:
    """Games in mjai text (JSON lines or a JSON array) or an iterable of event dicts. Malformed
    input raises a LogError naming the source, round and event."""
    with format_errors(source):
        return _parse_mjai(text, source, strict)


def _parse_mjai(text: str | Iterable[dict], source: str, strict: bool) -> list[Game]:
    evs = _json_events(text, source) if isinstance(text, str) else list(text)
    games: list[Game] = []
    r = _MjaiReader(source)
    for i, d in enumerate(evs):
        done = _feed(r, i, d, source)
        if done is not None:
            games.append(done)
    last = r.finish(strict)
    if last is not None:
        games.append(last)
    if not games:
        raise LogFormatError("no mjai game found (no start_kyoku)", source)
    return games


def _check_event(i: int, d: Any, source: str, label: str | None = None) -> None:
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise LogFormatError(f"mjai event {i} is not an object with a 'type'", source, label, i)


def _feed(r: _MjaiReader, i: int, d: Any, source: str) -> Game | None:
    """One event into the reader; a malformed one raises a LogError naming it."""
    _check_event(i, d, source, r.label)
    try:
        return r.feed(i, d)
    except LogError:
        raise
    except LookupError as e:
        if type(e) is not LookupError:   # a KeyError / IndexError is a malformed event, below
            raise LogFormatError(
                f"bad mjai {rep(d.get('type'))} event: {type(e).__name__}: {e}", source, r.label, i
            ) from None
        raise LogError(
            f"{d['type']} needs {_tile_label(e.args)} not in the hand of seat {d.get('actor')}",
            source,
            r.label,
            i,
            d,
        ) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        raise LogFormatError(
            f"bad mjai {rep(d.get('type'))} event: {type(e).__name__}: {e}", source, r.label, i
        ) from None


def _tile_label(args: tuple) -> str:
    if len(args) == 2 and isinstance(args[0], int):
        return _NAMES[args[0]] + ("r" if args[1] else "")
    return str(args)



# gimite's mjai server (lib/mjai/hora.rb) -> our names; jikaze, bakaze and sangenpai are
# resolved by the reader (see _MjaiReader._yakus)
_GIMITE_YAKU = {
    "menzenchin_tsumoho": "menzen_tsumo", "reach": "riichi", "double_reach": "double_riichi",
    "ippatsu": "ippatsu", "chankan": "chankan", "rinshankaiho": "rinshan", "haiteiraoyue": "haitei",
    "hoteiraoyui": "houtei", "pinfu": "pinfu", "tanyaochu": "tanyao", "ipeko": "iipeikou",
    "jikaze": "jikaze", "bakaze": "bakaze", "sangenpai": "sangenpai",
    "chitoitsu": "chiitoitsu", "honchantaiyao": "chanta", "ikkitsukan": "ittsu",
    "sanshokudojun": "sanshoku_doujun", "sanshokudoko": "sanshoku_doukou", "sankantsu": "sankantsu",
    "toitoiho": "toitoi", "sananko": "sanankou", "shosangen": "shousangen", "honroto": "honroutou",
    "ryanpeko": "ryanpeikou", "junchantaiyao": "junchan", "honiso": "honitsu", "chiniso": "chinitsu",
    "tenho": "tenhou", "chiho": "chiihou", "kokushimuso": "kokushi", "daisangen": "daisangen",
    "suanko": "suuankou", "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou", "chinroto": "chinroutou",
    "daisushi": "daisuushii", "shosushi": "shousuushii", "sukantsu": "suukantsu",
    "churenpoton": "chuuren_poutou", "dora": "dora", "uradora": "ura_dora", "akadora": "aka_dora",
    "nukidora": "kita",
}


def _implied_limit(d: dict, yakuman: tuple) -> str | None:
    """The limit a hora of gimite's mjai server (its yaku names; it writes points but no limit)
    implies by its ``fan`` and ``fu``: Tenhou's table, no kiriage. None when the hora gives no
    points (nothing is then compared). Other writers' horas without a limit have none (ours omit
    it below mangan and under aotenjou)."""
    han, fu = d.get("fan"), d.get("fu")
    if d.get("hora_points") is None or (not yakuman and type(han) is not int):
        return None
    if yakuman or han >= 13:
        return "yakuman"
    for low, name in ((11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan")):
        if han >= low:
            return name
    if type(fu) is int and ((han == 4 and fu >= 40) or (han == 3 and fu >= 70)):
        return "mangan"
    return None


def _rounded_fu(fu):
    """A hora's fu as Tenhou counts it: rounded up to ten (25, chiitoitsu's, aside). akochan's
    logs write the count before rounding (38 for 40); other writers' fu are already rounded."""
    if type(fu) is int and fu != 25 and fu % 10:
        return fu + -fu % 10
    return fu


def _ura_markers(d: dict):
    """A hora's ura indicators under any of the spellings writers use: ``ura_markers`` (ours,
    Mortal), ``uradora_markers`` (gimite's mjai server), ``uradora_marker`` (akochan)."""
    for key in ("ura_markers", "uradora_markers", "uradora_marker"):
        if d.get(key) is not None:
            return d[key]
    return None

class _MjaiReader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.reset()

    def reset(self) -> None:
        self.start: GameStart | None = None
        self.events: list = []
        self.tr: HandTracker | None = None
        self.label: str | None = None
        self.last_discard = -1
        self.ura_cache = {}
        self.results = 0
        self.players = 4

    def fail(self, problem: str, i: int, d: dict) -> LogError:
        return LogError(problem, self.source, self.label, i, d)

    def feed(self, i: int, d: dict) -> Game | None:
        t = d["type"]
        if t == "start_game":
            done = self.finish(True) if self.events else None
            self.reset()
            names = player_names(d.get("names", ()))
            players = d.get("players") or 4   # absent, null or 0: not stated, four players
            if players not in (3, 4) or type(players) is bool:
                raise self.fail(f"start_game: players must be 3 or 4, not {rep(players)}", i, d)
            players = int(players)
            self.players = players
            self.start = GameStart(
                players=players,
                aka=bool(d.get("aka_flag", True)),
                kuitan=bool(d.get("kuitan", True)),
                length=d.get("length") or ("tonpuusen" if d.get("kyoku_first") == 4 else "hanchan"),
                go_type=d.get("go_type"),
                names=names[:players],
                game_id=d.get("game_id"),
            )
            return done
        if t == "start_kyoku":
            return self._start_kyoku(i, d)
        if t in ("end_kyoku", "none", "haipai_end"):
            return None
        if t == "end_game":
            if self.events:
                sc = d.get("scores")
                if sc is not None:
                    res = d.get("result")
                    self.events.append(
                        GameEnd(
                            tuple(exact_int(x) for x in sc[: self.players]),
                            tuple(exact_result(x) for x in res) if res is not None else None,
                        )
                    )
                g = self.finish(True)
                self.reset()
                return g
            return None
        tr = self.tr
        if tr is None:
            raise self.fail(f"{t} before start_kyoku", i, d)
        ev = self.events
        if t == "tsumo":
            k, red = parse_mjai_tile(d["pai"])
            ev.append(Draw(int(d["actor"]), tr.draw(int(d["actor"]), k, red)))
        elif t == "dahai":
            a = int(d["actor"])
            k, red = parse_mjai_tile(d["pai"])
            ts = bool(d.get("tsumogiri", False))
            tile = tr.take(a, k, red, prefer=tr.last_draw[a] if ts else -1)
            self.last_discard = tile
            ev.append(Discard(a, tile, ts))
        elif t in ("chi", "pon", "daiminkan"):
            a, target = int(d["actor"]), int(d["target"])
            k, red = parse_mjai_tile(d["pai"])
            called = self.last_discard
            if called < 0 or called >> 2 != k:
                raise self.fail(f"{t} of {d['pai']} which was not just discarded", i, d)
            ids = [tr.take(a, *parse_mjai_tile(x)) for x in d["consumed"]]
            ev.append(Call(a, t, tuple(sorted(ids + [called])), called, target))
            self.last_discard = -1
        elif t == "kakan":
            a = int(d["actor"])
            k, red = parse_mjai_tile(d["pai"])
            added = tr.take(a, k, red)
            pon = next(
                (
                    e
                    for e in reversed(ev)
                    if type(e) is Call and e.seat == a and e.kind == "pon" and e.tiles[0] >> 2 == k
                ),
                None,
            )
            if pon is None:
                raise self.fail(f"kakan of {d['pai']} without a pon", i, d)
            ev.append(Call(a, "kakan", tuple(sorted(pon.tiles + (added,))), pon.called, pon.from_seat, added))
        elif t == "ankan":
            a = int(d["actor"])
            ids = [tr.take(a, *parse_mjai_tile(x)) for x in d["consumed"]]
            ev.append(Call(a, "ankan", tuple(sorted(ids))))
        elif t in ("nukidora", "kita"):
            a = int(d["actor"])
            ev.append(Call(a, "kita", (tr.take(a, *parse_mjai_tile(d.get("pai", "N"))),)))
        elif t == "reach":
            ev.append(RiichiDeclare(int(d["actor"])))
        elif t == "reach_accepted":
            sc = d.get("scores")
            ev.append(
                RiichiAccept(int(d["actor"]), tuple(exact_int(x) for x in sc[: self.players]) if sc else None)
            )
        elif t == "dora":
            ev.append(NewDora(tr.new(*parse_mjai_tile(d.get("dora_marker", d.get("pai"))))))
        elif t == "hora":
            self._hora(i, d)
        elif t == "ryukyoku":
            self._ryukyoku(d)
        else:
            raise self.fail(f"unknown mjai event type {rep(t)}", i, d)
        return None

    def _start_kyoku(self, i: int, d: dict) -> Game | None:
        if self.start is None:
            self.start = GameStart()
        if self.events and self.results == 0:
            raise self.fail("start_kyoku before the previous round has a result", i, d)
        tehais = d.get("tehais")
        if not tehais:
            raise LogFormatError(
                "start_kyoku without tehais (legacy haipai events are not supported)",
                self.source,
                self.label,
                i,
            )
        n = self.start.players
        if n == 4 and (
            len(tehais) == 3 or (len(tehais) == 4 and (not tehais[3] or all(x == "?" for x in tehais[3])))
        ):
            n = 3  # sanma written with three hands or an empty fourth one
            self.start = dataclasses.replace(self.start, players=3, names=self.start.names[:3])
        self.players = n
        if self.tr is None:
            self.tr = HandTracker(self.start.aka, n)
        tr = self.tr
        tr.reset()
        bakaze = d.get("bakaze", "E")
        rnd = _WINDS.index(bakaze) * 4 + int(d.get("kyoku", 1)) - 1
        dora = tr.new(*parse_mjai_tile(d["dora_marker"]))
        hands = tuple(tr.deal(s, [parse_mjai_tile(x) for x in tehais[s]]) for s in range(n))
        if d.get("scores") is not None:
            scores = tuple(exact_int(x) for x in d["scores"][:n])
        else:   # gimite's mjai server writes none: carried from the game so far
            scores = self._carried_scores(n)
        rs = RoundStart(
            rnd,
            int(d.get("honba", 0)),
            int(d.get("kyotaku", 0)),
            int(d.get("oya", rnd % 4)),
            scores,
            dora,
            hands,
        )
        if not self.events:
            self.events.append(self.start)
        self.events.append(rs)
        self.label = rs.label
        self.results = 0
        self.last_discard = -1
        self.ura_cache: dict[tuple, tuple[int, ...]] = {}
        return None

    def _carried_scores(self, n: int) -> tuple[int, ...]:
        """The scores at a start_kyoku that states none: the start points (25,000, sanma
        35,000) before the first round, else the previous round's start with its riichi sticks
        and results applied: each result's ``deltas``, else its ``scores`` (a writer without
        deltas gives the scores after the result; ours writes the scores before it, with
        deltas)."""
        ev = self.events
        rs_at = next((j for j in range(len(ev) - 1, -1, -1) if type(ev[j]) is RoundStart), None)
        if rs_at is None:
            return (25000 if n == 4 else 35000,) * n
        sc = list(self.events[rs_at].scores)
        for e in self.events[rs_at + 1 :]:
            if type(e) is RiichiAccept:
                if e.scores is not None:
                    sc = list(e.scores)
                else:
                    sc[e.seat] -= 1000
            elif type(e) in (Win, Ryuukyoku):
                if e.deltas is not None:
                    sc = [x + y for x, y in zip(sc, e.deltas)]
                elif e.scores is not None:
                    sc = list(e.scores)
        return tuple(sc)

    def _hora(self, i: int, d: dict) -> None:
        tr = self.tr
        a, target = int(d["actor"]), int(d["target"])
        if a == target:
            win = tr.last_draw[a]
        else:
            prev = next((e for e in reversed(self.events) if type(e) in (Discard, Call)), None)
            if type(prev) is Discard:
                win = prev.tile
            elif type(prev) is Call and prev.kind in ("kakan", "ankan", "kita"):
                win = prev.added if prev.kind == "kakan" else prev.tiles[0]
            else:
                raise self.fail("hora with nothing to ron", i, d)
        if "pai" in d and win >= 0:
            k, red = parse_mjai_tile(d["pai"])
            if win >> 2 != k:
                raise self.fail(f"hora pai {d['pai']} is not the tile just drawn or discarded", i, d)
        hand = None
        if d.get("hora_tehais") is not None:
            # the closed hand incl. the winning tile: match ids to the tracked hand. Writers that
            # list it without the winning tile (gimite's mjai server on a ron, akochan on both)
            # give one tile fewer: the winning tile is added.
            pool = list(tr.hands[a]) + ([win] if a != target else [])
            ids = []
            if win >= 0 and win in pool and len(d["hora_tehais"]) == len(pool) - 1:
                pool.remove(win)
                ids.append(win)
            for x in d["hora_tehais"]:
                k, red = parse_mjai_tile(x)
                t = next((y for y in pool if tr._match(y, k, red)), None)
                if t is None:
                    raise self.fail(f"hora_tehais tile {x} not in the hand of seat {a}", i, d)
                pool.remove(t)
                ids.append(t)
            hand = tuple(sorted(ids))
        ura = None
        markers = _ura_markers(d)
        if markers is not None:
            ura = self.ura_cache.get(tuple(markers))
            if ura is None:  # both winners of a double ron show the same ura indicators
                ura = tuple(tr.new(*parse_mjai_tile(x)) for x in markers)
                self.ura_cache[tuple(markers)] = ura
        yaku, yakuman = self._yakus(d, a, win if a != target else -1)
        # gimite's mjai server writes no limit: implied by han and fu for its records only (ours
        # omit it below mangan and under aotenjou, where 13 han or more are no yakuman limit)
        gimite = any(isinstance(n, str) and n in _GIMITE_YAKU for n, _ in d.get("yakus", ()))

        def ints(key):
            return tuple(exact_int(x) for x in d[key][: self.players]) if d.get(key) is not None else None

        self.events.append(
            Win(
                seat=a,
                from_seat=target,
                hand=hand,
                win_tile=win if win >= 0 else None,
                fu=_rounded_fu(d.get("fu")),
                han=d.get("fan"),
                points=None if d.get("hora_points") is None else exact_int(d["hora_points"]),
                limit=d["limit"] if "limit" in d else _implied_limit(d, yakuman) if gimite else None,
                yaku=yaku,
                yakuman=yakuman,
                dora=self._dora_markers(d),
                ura=ura,
                deltas=ints("deltas"),
                scores=ints("scores"),
                pao_seat=d.get("pao"),
                honba=d.get("honba"),
                sticks=d.get("kyotaku"),
            )
        )
        self.results += 1

    def _yakus(self, d: dict, a: int, ron_tile: int) -> tuple[tuple, tuple]:
        """``yakus`` as (bit, han) pairs and ``yakuman`` as bits. Names are ours (the writer's)
        or those of gimite's mjai server (lib/mjai/hora.rb: ``reach``, ``tanyaochu``, yakuman
        at 100 han each; ``nukidora`` for kita in its three-player variants). Its ``jikaze`` /
        ``bakaze`` name no wind and its ``sangenpai`` counts the dragon triplets (one entry, or
        one per dragon): they are resolved with the winner's seat, the round's wind and the
        dragons of which the winner holds three or more (hand, calls, the ron tile)."""
        yaku: list[tuple[int, int]] = []
        yakuman: list[int] = []
        rs = next(e for e in reversed(self.events) if type(e) is RoundStart)
        sangen = 0
        for n, h in d.get("yakus", ()):
            h = int(h)
            alias = _GIMITE_YAKU.get(n) if isinstance(n, str) else None
            if alias is None:
                yaku.append((yaku_bit(n), h))
            elif h >= 100:   # gimite's yakuman: 100 han each
                yakuman.extend([yaku_bit(alias)] * (h // 100))
            elif n == "jikaze":
                yaku.append((10 + (a - rs.dealer) % self.players, h))
            elif n == "bakaze":
                yaku.append((14 + rs.round // 4 % 4, h))
            elif n == "sangenpai":   # one entry with the count, or one per dragon
                sangen += h
            else:
                yaku.append((yaku_bit(alias), h))
        if sangen:
            dragons = self._dragon_triplets(a, ron_tile, rs)
            if len(dragons) != sangen:
                raise ValueError(f"sangenpai {sangen} but seat {a} holds {len(dragons)} dragon triplets")
            yaku.extend((18 + k - 31, 1) for k in dragons)
        yakuman.extend(yaku_bit(n) for n in d.get("yakuman", ()))
        return tuple(yaku), tuple(yakuman)

    def _dragon_triplets(self, a: int, ron_tile: int, rs: RoundStart) -> list[int]:
        kinds = [t >> 2 for t in self.tr.hands[a]] + ([ron_tile >> 2] if ron_tile >= 0 else [])
        at = len(self.events) - 1 - self.events[::-1].index(rs)
        for e in self.events[at:]:
            if type(e) is Call and e.seat == a and e.kind != "kita":
                kinds.extend({t >> 2 for t in e.tiles} if e.kind in ("kakan", "ankan", "daiminkan") else
                             [t >> 2 for t in e.tiles])
        return [k for k in (31, 32, 33) if kinds.count(k) >= 3]

    def _dora_markers(self, d: dict) -> tuple[int, ...] | None:
        # the indicators revealed so far are in the events; re-use their ids
        if d.get("dora_markers") is None:
            return None
        shown = [e.dora_indicator for e in self.events if type(e) is RoundStart][-1:]
        rs_i = max(i for i, e in enumerate(self.events) if type(e) is RoundStart)
        shown += [e.indicator for e in self.events[rs_i:] if type(e) is NewDora]
        out = []
        for j, x in enumerate(d["dora_markers"]):
            k, red = parse_mjai_tile(x)
            if j < len(shown) and shown[j] >> 2 == k:
                out.append(shown[j])
            else:
                out.append(self.tr.new(k, red))
        return tuple(out)

    def _ryukyoku(self, d: dict) -> None:
        reason = _REASONS_IN.get(d.get("reason") or "exhaustive")
        if reason is None:
            raise ValueError(f"unknown ryukyoku reason {rep(d.get('reason'))}")
        n = self.players
        hands = None
        if d.get("tehais") is not None:
            hs = []
            for s, h in enumerate(d["tehais"][:n]):
                if h is None or not h or all(x == "?" for x in h):
                    hs.append(None)
                else:
                    pool = list(self.tr.hands[s])
                    ids = []
                    for x in h:
                        k, red = parse_mjai_tile(x)
                        t = next((y for y in pool if self.tr._match(y, k, red)), None)
                        if t is None:
                            raise LogError(
                                f"ryukyoku tehais tile {x} not in the hand of seat {s}",
                                self.source,
                                self.label,
                            )
                        pool.remove(t)
                        ids.append(t)
                    hs.append(tuple(ids))
            hands = tuple(hs)
        ten = d.get("tenpais")

        def ints(key):
            return tuple(exact_int(x) for x in d[key][:n]) if d.get(key) is not None else None

        self.events.append(
            Ryuukyoku(
                reason,
                tuple(bool(x) for x in ten[:n]) if ten is not None else None,
                hands,
                ints("deltas"),
                ints("scores"),
            )
        )
        self.results += 1

    def finish(self, strict: bool) -> Game | None:
        if not self.events:
            return None
        if self.results == 0:
            problem = f"truncated game: round {self.label} has no result"
            if strict:
                raise LogFormatError(problem, self.source, self.label, len(self.events))
            cut = max(i for i, e in enumerate(self.events) if type(e) is RoundStart)
            if cut <= 1:
                raise LogFormatError(problem + " (no complete round)", self.source, self.label)
            return Game(self.source, tuple(self.events[:cut]), truncated=problem)
        return Game(self.source, tuple(self.events))


# ----------------------------------------------------------------------------------------
# positions: a stream cut anywhere, hidden tiles filled
# ----------------------------------------------------------------------------------------


def _all_tiles(players: int, aka: bool) -> list[str]:
    """Every tile of the game as mjai names (a red five replaces one plain five per suit)."""
    out = []
    for name in _NAMES:
        if players == 3 and name[1:] == "m" and name[0] in "2345678":
            continue
        if aka and name in ("5m", "5p", "5s"):
            out += [name + "r"] + [name] * 3
        else:
            out += [name] * 4
    return out


def fill_hidden(events: Iterable[dict], seed: int = 0) -> list[dict]:
    """The events with every hidden tile (``"?"``: other seats' dealt tiles and draws, as one
    seat's mjai view shows them) replaced by a concrete tile, consistent with the stream: a
    tsumogiri discard is the tile drawn before it, a discard from the hand, a call's consumed
    tiles, a kakan or nukidora tile come out of that seat's hidden tiles, and the hidden tiles
    left over are dealt from the tiles the stream never shows (a seeded shuffle). Events without
    ``"?"`` are returned as they are. Raises ValueError when the stream shows more of a tile
    than the game has."""
    import random

    evs = [dict(d) for d in events]
    aka = True
    rounds: list[list[int]] = []
    for i, d in enumerate(evs):
        if d.get("type") == "start_game":
            aka = bool(d.get("aka_flag", True))
        elif d.get("type") == "start_kyoku":
            rounds.append([i])
        elif rounds:
            rounds[-1].append(i)
    rng = random.Random(seed)
    for idx in rounds:
        _fill_round(evs, idx, aka, rng)
    return evs


def _fill_round(evs: list[dict], idx: list[int], aka: bool, rng) -> None:
    start = evs[idx[0]]
    tehais = [list(h) for h in start.get("tehais", [])]
    players = sum(1 for h in tehais if h)
    if not any(x == "?" for h in tehais for x in h) and not any(
            evs[i].get("type") == "tsumo" and evs[i].get("pai") == "?" for i in idx):
        return
    slots: list[list] = []          # per hidden slot: [value or None, (event index, hand/field, position)]
    hand: dict[int, list[int]] = {s: [] for s in range(len(tehais))}   # seat -> slot numbers held
    last_draw: dict[int, int | None] = {s: None for s in hand}
    known: list[str] = []

    def new_slot(where) -> int:
        slots.append([None, where])
        return len(slots) - 1

    for s, h in enumerate(tehais):
        for j, x in enumerate(h):
            if x == "?":
                hand[s].append(new_slot((idx[0], s, j)))
            else:
                known.append(x)
    known.append(start.get("dora_marker"))

    def take(seat: int, tile: str, drawn_ok: bool = True) -> None:
        """A tile leaves ``seat``'s hidden tiles: the first free slot gets its value."""
        for k in hand[seat]:
            if slots[k][0] is None and (drawn_ok or k != last_draw[seat]):
                slots[k][0] = tile
                hand[seat].remove(k)
                return k
        for k in hand[seat]:   # a tedashi may still come from the drawn slot when nothing else is free
            if slots[k][0] is None:
                slots[k][0] = tile
                hand[seat].remove(k)
                return k
        raise ValueError(f"seat {seat} shows {tile} with no hidden tile left")

    def take_drawn(seat: int, tile: str):
        """The tile just drawn, when still hidden, becomes ``tile`` (a tsumogiri, a kan or kita on
        the seat's own turn, a tsumo): its slot, or None when there is none."""
        k = last_draw[seat]
        if k is None or slots[k][0] is not None:
            return None
        slots[k][0] = tile
        hand[seat].remove(k)
        return k

    hidden_seat = {s for s, h in enumerate(tehais) if h and all(x == "?" for x in h)}
    riichi: list[tuple[int, list[int]]] = []    # (seat, its hidden slots at the declaration)
    declared: set[int] = set()
    riichi_kans: dict[int, list[int]] = {}   # seat -> kinds of its ankans under riichi
    ura_seen = False
    for i in idx[1:]:
        d = evs[i]
        t, a = d.get("type"), d.get("actor")
        if t == "reach" and a in hidden_seat:
            riichi.append((a, list(hand[a])))
            declared.add(a)
        if t == "tsumo":
            if d.get("pai") == "?":
                k = new_slot((i, "pai", None))
                hand[a].append(k)
                last_draw[a] = k
            else:
                known.append(d["pai"])
                last_draw[a] = None
        elif t == "dahai" and a in hidden_seat:
            known.append(d["pai"])
            k = take_drawn(a, d["pai"]) if d.get("tsumogiri") else None
            if k is None:
                k = take(a, d["pai"], drawn_ok=False)
            if a in declared:   # the declaration's discard leaves the 13 tiles that must wait
                declared.discard(a)
                seat_, held = riichi[-1] if riichi and riichi[-1][0] == a else next(r for r in riichi if r[0] == a)
                if k in held:
                    held.remove(k)
            last_draw[a] = None
        elif t in ("chi", "pon", "daiminkan", "ankan", "kakan") and a in hidden_seat:
            tiles = list(d.get("consumed", ())) if t != "kakan" else [d["pai"]]
            if t == "ankan" and tiles and a not in declared and any(r[0] == a for r in riichi):
                riichi_kans.setdefault(a, []).append(parse_mjai_tile(tiles[0])[0])
            # a kan made on the seat's own turn takes the tile just drawn (under riichi it must:
            # the waiting hand cannot change)
            if t in ("ankan", "kakan") and tiles and take_drawn(a, tiles[0]) is not None:
                known.append(tiles.pop(0))
            for x in tiles:
                known.append(x)
                take(a, x)
            last_draw[a] = None
        elif t == "nukidora" and a in hidden_seat:
            x = d.get("pai", "N")
            known.append(x)
            if take_drawn(a, x) is None:   # the North just drawn (under riichi it must be), else one held
                take(a, x)
            last_draw[a] = None
        elif t == "dora":
            known.append(d.get("dora_marker"))
        elif t == "hora" and a in hidden_seat and d.get("hora_tehais") is not None:
            shown = list(d["hora_tehais"])
            if d.get("pai") in shown:
                shown.remove(d["pai"])   # the ron tile is the discarder's; the tsumo tile the draw's
                if d.get("target") == a:
                    if take_drawn(a, d["pai"]) is None:
                        shown.append(d["pai"])
                    else:
                        known.append(d["pai"])
            for x in shown:
                known.append(x)
                take(a, x)
        elif t == "ryukyoku" and d.get("tehais") is not None:
            for q, h in enumerate(d["tehais"]):
                if q in hidden_seat and h and not any(x == "?" for x in h):
                    for x in h:
                        known.append(x)
                        take(q, x)
        if t == "hora" and not ura_seen and _ura_markers(d):   # shown once (a double ron repeats them)
            ura_seen = True
            known.extend(_ura_markers(d))
    pool = _all_tiles(players, aka)
    for x in known:
        if x is None:
            continue
        try:
            pool.remove(x)
        except ValueError:
            raise ValueError(f"the round shows more {x} than the game has") from None
    rng.shuffle(pool)
    for seat_, held in riichi:   # a declared riichi: its hidden hand is dealt tenpai
        _tenpai_fill(slots, held, pool, players, rng, riichi_kans.get(seat_, ()))
    dealt = set()
    for k, slot in enumerate(slots):
        if slot[0] is None:
            slot[0] = pool.pop()
            dealt.add(k)
    end = next((evs[i] for i in reversed(idx) if evs[i].get("type") in ("ryukyoku", "hora")), {})
    tenpais = end.get("tenpais") if end.get("type") == "ryukyoku" else None
    if isinstance(tenpais, list):
        _keep_noten(slots, hand, dealt, pool, tenpais, hidden_seat - {s_ for s_, _h in riichi}, players, rng)
    tehais_out = [list(h) for h in tehais]
    for value, (i, f, j) in slots:
        if i == idx[0]:
            tehais_out[f][j] = value
        else:
            evs[i]["pai"] = value
    evs[idx[0]]["tehais"] = tehais_out


def _keep_noten(slots: list, hand: dict, dealt: set, pool: list[str], tenpais: list, seats: set, players: int,
                rng) -> None:
    """A hidden seat the round's exhaustive draw shows noten must end noten: while the tiles it
    holds at the end are tenpai, one of its dealt tiles (never shown anywhere) is swapped with an
    unshown tile of the pool (a riichi seat is tenpai by its declaration: not here)."""
    from yakuman import shanten

    for q in sorted(seats):
        if q >= len(tenpais) or tenpais[q] is not False:
            continue
        free = [k for k in hand[q] if k in dealt]
        for _ in range(2000):
            try:
                if shanten(_mpsz_of([slots[k][0] for k in hand[q]]), players=players) > 0:
                    break
            except Exception:  # noqa: BLE001 - a shape the counter refuses: swap again
                pass
            if not free or not pool:
                raise ValueError(f"seat {q} is shown noten but every tile it holds is shown tenpai")
            k, j = rng.choice(free), rng.randrange(len(pool))
            slots[k][0], pool[j] = pool[j], slots[k][0]


def _mpsz_of(names: list[str]) -> str:
    return "".join("0" + x[1] if x.endswith("r") else (f"{_KIND[x] - 26}z" if _KIND[x] >= 27 else x) for x in names)


def _waits(names: list[str], players: int) -> frozenset:
    """The kinds that complete a tenpai hand (its tiles as mjai names; melds implied by the count):
    yakuman.waits."""
    from yakuman import waits

    return frozenset(waits(_mpsz_of(names), players=players))


def _kans_keep_waits(names: list[str], kans, players: int) -> bool:
    """Each ankan a riichi hand makes leaves its waits as they were (the engine's condition)."""
    if not kans:
        return True
    before = _waits(names, players)
    rest = list(names)
    for k in kans:
        for _ in range(3):
            x = next((y for y in rest if parse_mjai_tile(y)[0] == k), None)
            if x is None:
                return False
            rest.remove(x)
        if _waits(rest, players) != before:
            return False
    return True


def _tenpai_fill(slots: list, held: list[int], pool: list[str], players: int, rng, kans=()) -> None:
    """Fill the free slots of ``held`` (a riichi hand's hidden tiles) from ``pool`` so that the
    hand is tenpai (and each ankan the hand makes under riichi, ``kans``, keeps its waits): random
    sets (runs, triplets, a pair) drawn from the pool, tried until one fits the tiles already
    fixed."""
    from yakuman import shanten

    free = [k for k in held if slots[k][0] is None]
    if not free:
        return
    fixed = [slots[k][0] for k in held if slots[k][0] is not None]
    for _ in range(3000):
        left = list(pool)
        rng.shuffle(left)
        chosen: list[str] = []
        while len(chosen) < len(free) and left:
            x = left.pop()
            chosen.append(x)
            k = _KIND[x[:-1] if x.endswith("r") else x]
            want = []
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                want = [_NAMES[k + 1], _NAMES[k + 2]]
            else:
                want = [_NAMES[k]] * (2 if rng.random() < 0.5 else 1)
            for w in want:
                y = next((y for y in left if y == w or y == w + "r"), None)
                if y is not None and len(chosen) < len(free):
                    left.remove(y)
                    chosen.append(y)
        if len(chosen) < len(free):
            break
        try:
            if shanten(_mpsz_of(fixed + chosen), players=players) == 0 and _kans_keep_waits(fixed + chosen, kans,
                                                                                             players):
                for k, x in zip(free, chosen):
                    slots[k][0] = x
                    pool.remove(x)
                return
        except Exception:  # noqa: BLE001 - a shape the counter refuses (five of a kind): try again
            continue
    raise ValueError("no tenpai hand fits the tiles a riichi seat shows")


def read_position(events: str | Iterable[dict], upto: int | None = None, source: str = "<mjai>") -> Game:
    """The record of an mjai stream cut after event ``upto`` - 1 (None = every event), hidden
    tiles filled (:func:`fill_hidden`); the last round is kept even when it has no result yet."""
    from yakuman.errors import InvalidArgumentError

    if upto is not None and (type(upto) is bool or not isinstance(upto, int) or upto < 0):
        raise InvalidArgumentError(f"upto must be None or an event count >= 0, not {rep(upto)}")
    if isinstance(events, str):
        evs = _json_events(events, source)
    else:
        try:
            if isinstance(events, (dict, bytes)):
                raise TypeError
            evs = list(events)   # any iterable of event objects (a list, a generator)
        except TypeError:
            raise LogFormatError(f"mjai events must be JSON lines text or a list of event objects, not "
                                 f"{type(events).__name__}", source) from None
    if upto is not None:
        evs = evs[:upto]
    for i, d in enumerate(evs):   # every event an object with a type before the hidden tiles are filled
        _check_event(i, d, source)
    with format_errors(source, what="mjai stream"):   # a view no deal fits: the stream's error
        evs = fill_hidden(evs)
    r = _MjaiReader(source)
    last = None
    for i, d in enumerate(evs):
        done = _feed(r, i, d, source)
        if done is not None:
            last = done
    if r.events:
        return Game(source, tuple(r.events))
    if last is None:
        raise LogFormatError("no mjai game found (no start_kyoku)", source)
    return last
