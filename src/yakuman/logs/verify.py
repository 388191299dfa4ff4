"""Verify game records against the engine: every win and every round's end, compared.

Each game of a file (any format :func:`yakuman.logs.read` accepts) is driven through the game
engine under the rules the log states (``GameStart.rules()``: Tenhou preset, players / red fives /
open tanyao from the GO bits or their equivalent; :func:`yakuman.logs.replay.engine_rounds` with
``cases="verify"``). The engine scores each win with the native scorer and settles each round
itself; those results (``EngineWin.hora()``, ``EngineDraw``) are what is compared with the record
-- the same as :func:`yakuman.score` of the replayed inputs with :mod:`yakuman.settle`, which the
corpus tests check win by win and draw by draw (a win the engine did not step, because the drive
stopped at it, is scored and settled here that way):

- a win: ``yaku`` (every listed entry with its han, dora / aka / ura entries included, kita counted
  as dora as Tenhou does; yakuman entries 13 each; zero-han entries such as mjlog's "ura dora 0"
  only when the record lists such entries at all), ``han``, ``fu``, ``points`` (the hand's value),
  ``limit`` and ``deltas`` (every seat's change as :func:`settle_wins` gives it, honba, sticks,
  double ron and pao included);
- an exhaustive draw: ``tenpai`` (who counts as tenpai, :func:`is_draw_tenpai`), ``noten`` (the
  deltas of :func:`settle_exhaustive_draw`), ``nagashi`` (nagashi mangan detected by
  :func:`is_nagashi` exactly when the record says so, and its deltas);
- an abortive draw: ``abort`` (the condition of its type holds in the replayed table, the type is an
  abortive draw of the rules, and :func:`settle_abortive_draw` moves the record's points).

Every game the replay accepts is also driven through the game engine
(:func:`yakuman.game.records.check_record`): ``decisions`` checked against the engine's legal
actions, ``illegal`` (refused), ``disagreements`` (automatic transitions that differ from the
record), counted per scope; the first illegal decision and the first disagreement of the
standard tables are named by file, game, round and event.

A category is compared only when the record carries it (tenhou.net/6 has no fu on limit hands,
mjai often no yaku). Rows (one per win or draw, :data:`ROW_FIELDS`) keep the record's values, ours
(``calc_*``) and the verdict; :mod:`yakuman.logs.frame` turns them into tables. The replay's
WinCase / DrawCase of a win or draw is built only for its row (or a check that needs the table).

Invariants: :func:`verify_file` never raises (an unreadable, truncated or inconsistent record is an
entry of ``errors``; its complete games still count); Tenhou special tables (GO bits 0x100-0x800,
chip / ratio rooms whose rounding differs) are verified but counted apart and never fail a run;
the report of a run does not depend on the number of workers (files are processed and merged in
sorted order).
"""

from __future__ import annotations

import gc
import os
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yakuman._arrays import as_list, flag, int_at_least, rep
from yakuman._text import terminal_safe
from yakuman.errors import InvalidArgumentError, YakumanError
from yakuman.logs.corpus import (  # noqa: F401 - discovery re-exported (find_logs, scan_logs, ...)
    SKIP_SUFFIXES,
    WORKER_DIED,
    LogScan,
    check_limits,
    find_logs,
    progress as progress_bar,
    run_files,
    scan_logs,
    worker_count,
)
from yakuman.logs.events import (
    Call,
    Discard,
    Draw,
    Game,
    LogError,
    RiichiDeclare,
    RoundStart,
    YAKU_NAMES,
    require_record,
    tile_str,
)
from yakuman.logs.replay import (
    DrawCase,
    RoundResult,
    _mpsz,
    engine_rounds,
    meld_string,
)

__all__ = [
    "DRAW_CATEGORIES",
    "ROW_FIELDS",
    "WIN_CATEGORIES",
    "FileResult",
    "LogScan",
    "VerifyReport",
    "find_logs",
    "scan_logs",
    "game_key",
    "verify_file",
    "verify_game",
    "verify_paths",
]

WIN_CATEGORIES = ("yaku", "han", "fu", "points", "limit", "deltas")
DRAW_CATEGORIES = ("tenpai", "noten", "nagashi", "abort")
CATEGORIES = WIN_CATEGORIES + DRAW_CATEGORIES

# One row per win or draw. The record's values, then ours (calc_*), then the verdict.
ROW_FIELDS = (
    "file",  # the file it came from
    "game",  # index of the game in the file
    "game_id",  # Tenhou game id (or the first 40 characters of the shuffle seed), None if unknown
    "players",  # 4 or 3
    "special",  # Tenhou special table (excluded from pass/fail)
    "round",  # round index (0-3 East 1-4, 4-7 South 1-4, 8-11 West ...)
    "round_label",  # "E1"
    "honba",
    "sticks",  # riichi sticks on the table at the result (this round's deposits included)
    "dealer",  # seat
    "kind",  # "win" or "draw"
    "event",  # index of the result event in the game
    # wins
    "seat",  # winner (kyuushu kyuuhai: the player who called it)
    "from_seat",  # discarder; == seat for tsumo
    "tsumo",
    "win_index",  # 0 = first winner (turn order from the discarder), 1 = second of a double ron
    "pao_seat",  # liable player (sekinin barai)
    "hand",  # concealed tiles incl. the winning tile (mpsz, 0 = red five)
    "win_tile",
    "melds",  # ["pon 777z", ...]
    "dora",  # dora indicators (mpsz)
    "ura",  # ura indicators (riichi wins)
    "kita",  # sanma North tiles set aside
    "riichi",  # riichi (or double riichi) established
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "han",  # the record's han (13 per yakuman on yakuman hands)
    "fu",
    "points",  # the hand's value without honba and sticks (ron: what the discarder pays)
    "limit",  # None, mangan, haneman, baiman, sanbaiman, yakuman
    "yakuman",  # yakuman multiple
    "yaku",  # romaji names of the record's entries, as listed
    "yaku_han",  # their han
    "yaku_mask",  # bit i = Tenhou yaku id i listed with han > 0 (== yakuman.Yaku bits)
    # draws
    "draw_type",  # exhaustive, nagashi_mangan, kyuushu_kyuuhai, suufon_renda, suucha_riichi, ...
    "tenpai",  # the record's tenpai seats (exhaustive draws; None when the record does not say)
    "nagashi",  # seats with nagashi mangan (derived)
    # every seat's score change as recorded (delta3 None in sanma)
    "delta0",
    "delta1",
    "delta2",
    "delta3",
    # ours
    "calc_han",
    "calc_fu",
    "calc_points",
    "calc_limit",
    "calc_yaku_mask",
    "calc_tenpai",
    "calc_delta0",
    "calc_delta1",
    "calc_delta2",
    "calc_delta3",
    # the game's players (yakuman.logs.stats.game_players): lists by seat, then the row's seat
    "names",  # every seat's name
    "final_scores",  # every seat's final score (None without a GameEnd)
    "placements",  # every seat's placement, 1 = top (None without a GameEnd)
    "name",  # the row's seat (winner, or abortive-draw declarer): name, final score, placement
    "final_score",
    "placement",
    # verdict
    "ok",  # every compared category agrees
    "mismatch",  # names of the categories that disagree
    "detail",  # what differs, readable
)
_F = {name: i for i, name in enumerate(ROW_FIELDS)}
# count names (the counters are "<scope>_<name>"): precomputed, not formatted per count
_CHECKED = {cat: f"{cat}_checked" for cat in CATEGORIES}
_AGREE = {cat: f"{cat}_agree" for cat in CATEGORIES}
_KIND_N = {"win": "wins", "draw": "draws"}
_KIND_AGREE = {"win": "wins_agree", "draw": "draws_agree"}
_KEYS: dict[str, dict[str, str]] = {
    scope: {name: f"{scope}_{name}" for name in (*_CHECKED.values(), *_AGREE.values(), "wins", "draws",
                                                  "wins_agree", "draws_agree", "rounds", "games")}
    for scope in ("std", "special")
}
_N_FIELDS = len(ROW_FIELDS)
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def game_key(game: Game) -> str | None:
    """Identity of a game across files: its Tenhou id, else the start of its shuffle seed."""
    require_record(game)
    st = game.start
    return st.game_id or ((st.seed or "")[:40] or None)


# ---- results -------------------------------------------------------------------------------
@dataclass
class FileResult:
    """What one file gave (picklable, compact): counts per scope (``std``/``special``) and
    category, the first mismatches, errors as dicts, and the rows when asked for."""

    source: str
    counts: Counter = field(default_factory=Counter)
    game_keys: list[str] = field(default_factory=list)  # games with a key (see game_key)
    win_ids: list[tuple] = field(default_factory=list)  # (game key, round, honba, index, seat), std wins
    mismatches: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    rows: list[tuple] | None = None
    engine_first: list[dict] = field(default_factory=list)  # first engine problem of each kind (std games)


@dataclass
class VerifyReport:
    """The merged result of a run. ``to_dict()`` is the ``--json`` object; ``format()`` the text
    summary; ``ok`` is True when every standard-table win and draw agrees and the engine found no
    illegal decision and no disagreement."""

    files: int = 0
    counts: Counter = field(default_factory=Counter)
    mismatches: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    rows: list[tuple] | None = None
    keys: Counter = field(default_factory=Counter)  # game key -> files holding it
    win_ids: set = field(default_factory=set)
    max_mismatches: int = 20
    elapsed: float = 0.0
    workers: int = 1
    worker_deaths: list[dict] = field(default_factory=list)  # files in flight when a pool worker died
    engine_first: dict[str, dict] = field(default_factory=dict)  # "illegal" / "disagreement" -> first

    def add(self, fr: FileResult) -> None:
        self.files += 1
        self.counts.update(fr.counts)
        for p in fr.engine_first:
            self.engine_first.setdefault(p["kind"], p)
        room = self.max_mismatches - len(self.mismatches)
        if room > 0:
            self.mismatches.extend(fr.mismatches[:room])
        self.errors.extend(fr.errors)
        if fr.rows is not None:
            if self.rows is None:
                self.rows = []
            self.rows.extend(fr.rows)
        self.win_ids.update(fr.win_ids)
        for key in fr.game_keys:
            self.keys[key] += 1

    @property
    def unique_wins(self) -> int:
        """Standard-table wins counted once when a game appears in several files (a game
        without an id or seed is counted every time)."""
        return len(self.win_ids) + self.counts["std_wins_without_key"]

    @property
    def ok(self) -> bool:
        c = self.counts
        return (
            c["std_wins"] == c["std_wins_agree"]
            and c["std_draws"] == c["std_draws_agree"]
            and c["std_illegal"] == 0
            and c["std_disagreements"] == 0
        )

    def to_dict(self) -> dict:
        c = self.counts
        cats = {}
        for cat in CATEGORIES:
            if c[f"std_{cat}_checked"]:
                cats[cat] = {"checked": c[f"std_{cat}_checked"], "agree": c[f"std_{cat}_agree"]}
        draw_types = {k[len("std_draw_") :]: v for k, v in sorted(c.items()) if k.startswith("std_draw_")}
        special = {
            k: c[f"special_{k}"]
            for k in (
                "games",
                "rounds",
                "wins",
                "wins_agree",
                "draws",
                "draws_agree",
                "decisions",
                "illegal",
                "disagreements",
            )
        }
        return {
            "files": self.files,
            "games": c["std_games"],
            "rounds": c["std_rounds"],
            "wins": c["std_wins"],
            "wins_agree": c["std_wins_agree"],
            "draws": c["std_draws"],
            "draws_agree": c["std_draws_agree"],
            "decisions": c["std_decisions"],
            "illegal": c["std_illegal"],
            "disagreements": c["std_disagreements"],
            "first_illegal": self.engine_first.get("illegal"),
            "first_disagreement": self.engine_first.get("disagreement"),
            "excerpts": c["std_excerpts"],
            "first_excerpt": self.engine_first.get("excerpt"),
            "errors": len(self.errors),
            "ok": self.ok,
            "categories": cats,
            "draw_types": draw_types,
            "special": special,
            "unique_games": len(self.keys) + c["games_without_key"],
            "duplicate_games": sum(v - 1 for v in self.keys.values() if v > 1),
            "unique_wins": self.unique_wins,
            "mismatches": self.mismatches,
            "error_list": self.errors,
            "elapsed": round(self.elapsed, 3),
            "workers": self.workers,
            "worker_deaths": self.worker_deaths,
        }

    def format(self, max_errors: int = 10) -> str:
        d = self.to_dict()
        sp = d["special"]
        lines = [
            (
                f"files {d['files']}  games {d['games']}  rounds {d['rounds']}  "
                f"wins {d['wins']}  draws {d['draws']}  errors {d['errors']}"
            ),
            f"wins agree  {d['wins_agree']}/{d['wins']}   draws agree {d['draws_agree']}/{d['draws']}",
        ]
        for cat, v in d["categories"].items():
            mark = "" if v["agree"] == v["checked"] else f"   <- {v['checked'] - v['agree']} disagree"
            lines.append(f"  {cat:8} {v['agree']:>8}/{v['checked']:<8}{mark}")
        lines.append(
            f"engine  decisions {d['decisions']}  illegal {d['illegal']}  disagreements {d['disagreements']}"
        )
        if d["excerpts"]:
            lines.append(f"  excerpts {d['excerpts']} (the record's game ends where the engine's goes on; not a failure)")
        for key, name in (("first_illegal", "illegal decision"), ("first_disagreement", "disagreement"),
                          ("first_excerpt", "excerpt")):
            p = d[key]
            if p is not None:
                where = f"{p['file']} game {p['game']} {p['round']} event {p['event']}"
                lines.append(f"  first {name}: {where}: {p['what']}")
        if d["draw_types"]:
            lines.append("draw types  " + ", ".join(f"{k} {v}" for k, v in d["draw_types"].items()))
        if sp["games"]:
            lines.append(
                f"special tables (not pass/fail): games {sp['games']}, wins {sp['wins_agree']}/{sp['wins']} "
                f"agree, draws {sp['draws_agree']}/{sp['draws']} agree"
            )
        if d["duplicate_games"]:
            lines.append(
                f"duplicates: {d['duplicate_games']} games appear in more than one file "
                f"({d['unique_games']} unique games, {d['unique_wins']} unique wins)"
            )
        if self.mismatches:
            lines.append(f"first mismatches ({len(self.mismatches)} shown):")
            for m in self.mismatches:
                where = f"{m['file']} game {m['game']} {m['round']}"
                who = f" seat {m['seat']}" if m.get("seat") is not None else ""
                lines.append(f"  {where} {m['kind']}{who}: {', '.join(m['mismatch'])}: {m['detail']}")
        if self.errors:
            lines.append(f"errors ({len(self.errors)}, files skipped in part or whole):")
            for e in self.errors[:max_errors]:
                lines.append(f"  {e['message']}")
            if len(self.errors) > max_errors:
                lines.append(f"  ... {len(self.errors) - max_errors} more (--json lists all)")
        if self.worker_deaths:
            lines.append(
                f"worker deaths: {len(self.worker_deaths)} file(s) in flight, retried in a fresh worker: "
                + ", ".join(f"{d['file'] or 'chunked phase'} ({d['retried']})" for d in self.worker_deaths[:max_errors])
            )
        lines.append(
            f"{'OK' if self.ok else 'DISAGREE'}  ({self.elapsed:.2f} s, {self.workers} worker"
            f"{'s' if self.workers != 1 else ''})"
        )
        return "\n".join(map(terminal_safe, lines))   # names from records, escaped


def _error_dict(e: BaseException, source: str) -> dict:
    if isinstance(e, LogError):
        return {
            "file": e.source or source,
            "round": e.round,
            "event": e.index,
            "problem": e.problem,
            "message": str(e),
        }
    msg = f"{type(e).__name__}: {e}"
    return {"file": source, "round": None, "event": None, "problem": msg, "message": f"{source}: {msg}"}


# ---- checking ------------------------------------------------------------------------------
class _Checker:
    """Checks the rounds of one game and appends rows / counts to a FileResult."""

    def __init__(self, out: FileResult, game: Game, index: int, keep_rows: bool, max_mismatches: int) -> None:
        from yakuman.scoring import score

        self.score = score
        self.out = out
        self.game = game
        self.index = index
        st = game.start
        self.n = st.players
        self.aka = st.aka
        self.rules = st.rules()
        self.scope = "special" if st.special else "std"
        self.key = game_key(game)
        self.keep_rows = keep_rows
        self.max_mismatches = max_mismatches
        self.keys = _KEYS[self.scope]
        self.verdicts: dict[tuple, int] = {}   # (kind, ((category, agrees), ...)) -> wins / draws
        from yakuman.logs.stats import game_players

        self.players_info = game_players(game)

    def flush(self) -> None:
        """Add the verdicts tallied by :meth:`finish` to the counts (per category checked /
        agree, per kind wins / draws and those agreeing)."""
        count = self.count
        for (kind, checked), k in self.verdicts.items():
            agree = True
            for cat, ok in checked:
                count(_CHECKED[cat], k)
                if ok:
                    count(_AGREE[cat], k)
                else:
                    agree = False
            count(_KIND_N[kind], k)
            if agree:
                count(_KIND_AGREE[kind], k)
        self.verdicts.clear()

    def count(self, name: str, k: int = 1) -> None:
        key = self.keys.get(name)
        if key is None:
            key = self.keys[name] = f"{self.scope}_{name}"
        self.out.counts[key] += k

    def base_row(self, rs: RoundStart, kind: str, event: int, sticks: int) -> list:
        row: list[Any] = [None] * _N_FIELDS
        st = self.game.start
        row[0] = self.out.source
        row[1] = self.index
        row[2] = self.key
        row[3] = self.n
        row[4] = st.special
        row[5] = rs.round
        row[6] = rs.label.split("-")[0]
        row[7] = rs.honba
        row[8] = sticks
        row[9] = rs.dealer
        row[10] = kind
        row[11] = event
        names, finals, places = self.players_info
        row[_F["names"]] = list(names)
        row[_F["final_scores"]] = None if finals is None else list(finals)
        row[_F["placements"]] = None if places is None else list(places)
        return row

    def finish(self, rs: RoundStart, kind: str, seat: int | None, event: int, checked: dict[str, bool],
               details: list[str], row: list | None, draw_type: str | None = None) -> None:
        """Count a win's or draw's compared categories and verdict, keep its mismatch (the
        first ones of standard tables) and its row (``keep_rows``)."""
        sig = (kind, tuple(checked.items()))
        verdicts = self.verdicts
        verdicts[sig] = verdicts.get(sig, 0) + 1
        if details:   # every category that disagrees says why
            bad = [cat for cat, ok in checked.items() if not ok]
            detail = "; ".join(details)
        else:
            bad, detail = [], ""
        if bad and self.scope == "std" and len(self.out.mismatches) < self.max_mismatches:
            self.out.mismatches.append(
                {
                    "file": self.out.source,
                    "game": self.index,
                    "game_id": self.key,
                    "round": rs.label.split("-")[0] + f"-{rs.honba}",
                    "kind": kind if kind == "win" else draw_type,
                    "seat": seat,
                    "event": event,
                    "mismatch": bad,
                    "detail": detail,
                }
            )
        if row is not None:
            row[_F["ok"]] = not bad
            row[_F["mismatch"]] = bad
            row[_F["detail"]] = detail
            if seat is not None and 0 <= seat < self.n:
                names, finals, places = self.players_info
                row[_F["name"]] = names[seat]
                row[_F["final_score"]] = None if finals is None else finals[seat]
                row[_F["placement"]] = None if places is None else places[seat]
            self.out.rows.append(tuple(row))  # type: ignore[union-attr]

    # -- the game engine ---------------------------------------------------------------------
    def engine(self, rc: Any = None) -> None:
        """Drive the game engine with the record (:func:`yakuman.game.records.check_record`;
        ``rc``: the RecordCheck of the replay's own engine drive, when the replay had one):
        count the decisions checked, those it refused, its disagreements with the record's
        automatic transitions and the excerpts; keep the file's first of each kind (standard
        tables)."""
        from yakuman.game.records import RecordCheck, check_record

        if rc is None:
            try:
                rc = check_record(self.game, self.rules)
            except Exception as e:  # noqa: BLE001 - an engine bug is a disagreement, not a lost game
                rc = RecordCheck()
                rc.add("disagreement", None, None, f"the engine raised {type(e).__name__}: {e}")
        self.count("decisions", rc.decisions)
        self.count("illegal", rc.illegal)
        self.count("disagreements", rc.disagreements)
        self.count("excerpts", rc.excerpts)
        if self.scope != "std":
            return
        have = {p["kind"] for p in self.out.engine_first}
        for p in (rc.first_illegal, rc.first_disagreement, rc.first_excerpt):
            if p is not None and p["kind"] not in have:
                self.out.engine_first.append(
                    {
                        "kind": p["kind"],
                        "file": self.out.source,
                        "game": self.index,
                        "game_id": self.key,
                        "round": p["round"],
                        "event": p["event"],
                        "what": p["what"],
                    }
                )

    # -- state for settlement -------------------------------------------------------------
    def state(self, rs: RoundStart, honba: int, sticks: int):
        from yakuman.settle import RoundState

        scores = tuple(int(x) for x in rs.scores)
        if len(scores) != self.n:
            scores = (0,) * self.n
        return RoundState(scores, min(rs.round // 4, 3), rs.dealer, honba, sticks, 0)

    # -- wins ---------------------------------------------------------------------------------
    def round(self, rr: RoundResult) -> None:
        self.count("rounds")
        if rr.wins:
            self.check_wins(rr)
        if rr.draw is not None:
            self.check_draw(rr.draw)

    def check_wins(self, rr: RoundResult) -> None:
        """Check the round's wins (EngineWin) with the engine's own result of each (its scorer's
        han, fu, points, limit, yaku and its settlement's deltas); a win the engine did not step
        (the drive stopped at it) makes the round's wins scored and settled here instead."""
        cases = rr.wins
        results: list[Any] = [w.hora() for w in cases]
        problem = None
        if None in results:
            results, problem = self.score_wins(cases)
        for w, res in zip(cases, results):
            self.check_win(w, res, problem)

    def score_wins(self, cases: list) -> tuple[list[Any], str | None]:
        """The round's wins scored by :func:`yakuman.score` and settled together by
        :func:`settle_wins` (double ron: honba and sticks to the first): per win the
        ``hora_result`` tuple (deltas None when the settlement failed) or why it is not scored;
        and the settlement's problem."""
        from yakuman.result import Status
        from yakuman.settle import Win as SettleWin
        from yakuman.settle import settle_wins

        scores: list[Any] = []
        for w in cases:
            try:
                s = self.score(**w.case().inputs.kwargs())
                scores.append(s if s.status == Status.OK else f"{s.status.name}: {s.reason}")
            except YakumanError as e:
                scores.append(f"score() raised {type(e).__name__}: {e}")
        settled: dict[int, tuple[int, ...]] = {}
        settle_problem = None
        if all(not isinstance(s, str) for s in scores):
            try:
                wins = []
                for c, s in zip(cases, scores):
                    pao = c.pao_seat if (c.pao_seat is not None and s.yakuman) else None
                    wins.append(
                        SettleWin.from_score(
                            s, c.seat, None if c.tsumo else c.from_seat, pao_seat=pao, rules=self.rules
                        )
                    )
                first = cases[0]
                st = self.state(first.round, first.table_honba, first.table_sticks)
                res = settle_wins(st, wins, rules=self.rules)
                settled = dict(zip(res.winners, res.by_win))
            except YakumanError as e:
                settle_problem = f"settlement raised {type(e).__name__}: {e}"
        else:
            settle_problem = "not scored"
        out: list[Any] = []
        for c, s in zip(cases, scores):
            if isinstance(s, str):
                out.append(s)
            else:
                pairs = tuple((int(y).bit_length() - 1, h) for y, h in s.yaku)
                out.append((s.han, s.fu, s.points, s.limit, s.yakuman, pairs, settled.get(c.seat)))
        return out, settle_problem

    def check_win(self, w: Any, res: Any, settle_problem: str | None) -> None:
        """Compare a win (EngineWin) with the record. ``res``: ``(han, fu, points, limit,
        yakuman, yaku (bit, han) pairs, deltas or None)`` (RecordRound.hora_result or
        :meth:`score_wins`), or the text of why the win is not scored."""
        rec = w.record
        rs = w.round
        n = self.n
        F = _F
        row = None
        if self.keep_rows:
            c = w.case()
            i = c.inputs
            row = self.base_row(rs, "win", c.event_index, c.table_sticks)
            row[F["seat"]] = c.seat
            row[F["from_seat"]] = c.from_seat
            row[F["tsumo"]] = c.tsumo
            row[F["win_index"]] = c.index
            row[F["pao_seat"]] = c.pao_seat
            row[F["hand"]] = i.hand
            row[F["win_tile"]] = i.win
            row[F["melds"]] = list(i.melds)
            row[F["dora"]] = i.dora
            row[F["ura"]] = i.ura
            row[F["kita"]] = c.kita
            row[F["riichi"]] = c.riichi_declared
            for flag in (
                "double_riichi",
                "ippatsu",
                "rinshan",
                "chankan",
                "haitei",
                "houtei",
                "tenhou",
                "chiihou",
            ):
                row[F[flag]] = getattr(i, flag)
            row[F["han"]] = rec.han
            row[F["fu"]] = rec.fu
            row[F["points"]] = rec.points
            row[F["limit"]] = rec.limit
            row[F["yakuman"]] = len(rec.yakuman)
        want: dict[int, int] = {}
        if rec.yakuman:
            for y in rec.yakuman:
                want[y] = want.get(y, 0) + 13
        else:
            for y, h in rec.yaku:
                if y == 64:  # kita listed apart (mjai's nukidora): counted as dora, as in got
                    y = 52
                want[y] = want.get(y, 0) + h
        if row is not None:
            names, hans = [], []
            for y, h in want.items():
                names.append(YAKU_NAMES[y] if 0 <= y < len(YAKU_NAMES) else str(y))
                hans.append(h)
            row[F["yaku"]] = names
            row[F["yaku_han"]] = hans
            row[F["yaku_mask"]] = _mask(want)
            if rec.deltas is not None:
                for k in range(n):
                    row[F["delta0"] + k] = rec.deltas[k] if k < len(rec.deltas) else None
        checked: dict[str, bool] = {}
        details: list[str] = []
        if self.key is None:
            self.count("wins_without_key")
        elif self.scope == "std":
            self.out.win_ids.append((self.key, rs.round, rs.honba, w.index, w.seat))
        if isinstance(res, str):
            for cat, known in (
                ("yaku", bool(want)),
                ("han", rec.han is not None),
                ("fu", rec.fu is not None),
                ("points", rec.points is not None),
                ("limit", rec.points is not None),
                ("deltas", rec.deltas is not None),
            ):
                if known:
                    checked[cat] = False
            details.append(res)
            self.finish(rs, "win", w.seat, w.event_index, checked, details, row)
            return
        han, fu, points, limit, _, pairs, deltas = res
        got: dict[int, int] = {}
        for b, h in pairs:
            if b == 64:  # kita: Tenhou lists it as dora
                b = 52
            got[b] = got[b] + h if b in got else h
        if row is not None:
            row[F["calc_han"]] = han
            row[F["calc_fu"]] = fu
            row[F["calc_points"]] = points
            row[F["calc_limit"]] = limit
            row[F["calc_yaku_mask"]] = _mask(got)
        if want:
            if all(want.values()):  # the record lists no zero entries (tenhou.net/6 drops "ura 0")
                got = {y: h for y, h in got.items() if h}
            ok = got == want
            checked["yaku"] = ok
            if not ok:
                details.append(f"yaku {_yaku_text(got)} != record {_yaku_text(want)}")
        for name, mine, theirs in (("han", han, rec.han), ("fu", fu, rec.fu), ("points", points, rec.points)):
            if theirs is not None:
                checked[name] = ok = mine == theirs
                if not ok:
                    details.append(f"{name} {mine} != record {theirs}")
        if rec.points is not None:
            # every format that gives points gives the limit (None = none)
            checked["limit"] = ok = limit == rec.limit
            if not ok:
                details.append(f"limit {limit} != record {rec.limit}")
        if deltas is not None and row is not None:
            for k in range(n):
                row[F["calc_delta0"] + k] = deltas[k]
        if rec.deltas is not None:
            ok = deltas is not None and tuple(deltas) == tuple(rec.deltas[:n])
            checked["deltas"] = ok
            if not ok:
                details.append(
                    f"deltas {list(deltas) if deltas is not None else settle_problem} != record {list(rec.deltas[:n])}"
                )
        self.finish(rs, "win", w.seat, w.event_index, checked, details, row)

    # -- draws --------------------------------------------------------------------------------
    def check_draw(self, d: Any) -> None:
        """Compare a drawn round (EngineDraw) with the record: the tenpai seats and the deltas
        are the engine's own (its exhaustive draw and settlement, :meth:`settle_draw` is the
        same by the settle functions), nagashi by :func:`is_nagashi`, an abortive draw's
        condition by :meth:`abort_holds`."""
        rec = d.record
        n = self.n
        F = _F
        seat = self.last_drawer(d) if rec.reason == "kyuushu_kyuuhai" else None
        row = None
        if self.keep_rows:
            row = self.base_row(d.round, "draw", d.event_index, d.riichi_sticks)
            row[F["draw_type"]] = rec.reason
            row[F["seat"]] = seat
            if rec.tenpai is not None:
                row[F["tenpai"]] = [s for s in range(n) if rec.tenpai[s]]
            if rec.deltas is not None:
                for k in range(n):
                    row[F["delta0"] + k] = rec.deltas[k] if k < len(rec.deltas) else None
        self.count(f"draw_{rec.reason}")
        checked: dict[str, bool] = {}
        details: list[str] = []
        try:
            if rec.reason in ("exhaustive", "nagashi_mangan"):
                tenpai = list(d.tenpai)
                if row is not None:
                    row[F["calc_tenpai"]] = tenpai
                if rec.tenpai is not None:
                    theirs = [s for s in range(n) if rec.tenpai[s]]
                    checked["tenpai"] = tenpai == theirs
                    if tenpai != theirs:
                        details.append(f"tenpai seats {tenpai} != record {theirs}")
                nagashi = self.nagashi(d.case()) if d.nagashi_hint or rec.reason == "nagashi_mangan" else []
                if row is not None:
                    row[F["nagashi"]] = nagashi
                if nagashi or rec.reason == "nagashi_mangan":
                    cat = "nagashi"
                    ok = bool(nagashi) == (rec.reason == "nagashi_mangan")
                    if not ok:
                        details.append(f"nagashi seats {nagashi}, record says {rec.reason}")
                else:
                    cat, ok = "noten", True
            else:
                cat = "abort"
                ok, why = self.abort_holds(d.case())
                if not ok:
                    details.append(why)
            got = list(d.deltas)
        except YakumanError as e:
            cat = "abort" if rec.abortive else "noten"
            ok, got = False, None
            details.append(f"settlement raised {type(e).__name__}: {e}")
        if got is not None and row is not None:
            for k in range(n):
                row[F["calc_delta0"] + k] = got[k]
        if rec.deltas is not None and got is not None and got != list(rec.deltas[:n]):
            ok = False
            details.append(f"deltas {got} != record {list(rec.deltas[:n])}")
        checked[cat] = ok
        self.finish(d.round, "draw", seat, d.event_index, checked, details, row, rec.reason)

    def settle_draw(self, d: DrawCase) -> tuple[list[int], list[int], tuple[int, ...]]:
        """A drawn round settled by the settle functions (what the engine's own draw result must
        equal): the tenpai seats (:func:`is_draw_tenpai`, exhaustive draws; else []), the nagashi
        seats and the deltas (:func:`settle_exhaustive_draw` / :func:`settle_abortive_draw`)."""
        from yakuman.settle import settle_abortive_draw, settle_exhaustive_draw

        st = self.state(d.round, d.honba, d.riichi_sticks)
        if d.record.reason in ("exhaustive", "nagashi_mangan"):
            tenpai, nagashi = self.draw_tenpai(d), self.nagashi(d)
            res = settle_exhaustive_draw(st, tenpai, nagashi=nagashi, last_drawer=self.last_drawer(d), rules=self.rules)
            return tenpai, nagashi, tuple(res.deltas)
        return [], [], tuple(settle_abortive_draw(st, d.record.reason, rules=self.rules).deltas)

    def draw_tenpai(self, d: DrawCase) -> list[int]:
        from yakuman.settle import is_draw_tenpai

        out = []
        for s in range(self.n):
            melds = [meld_string(m, self.aka) for m in d.melds[s] if m.kind != "kita"]
            if is_draw_tenpai(_mpsz(d.closed[s], self.aka), melds, rules=self.rules,
                              seat_wind=(s - d.round.dealer) % self.n, round_wind=(d.round.round // 4) % 4,
                              riichi=d.riichi[s]):
                out.append(s)
        return out

    def nagashi(self, d: DrawCase) -> list[int]:
        from yakuman.settle import is_nagashi

        out = []
        for s in range(self.n):
            ds = d.discards[s]
            if not ds:
                continue
            if any(x.called for x in ds) or any(x.tile >> 2 not in _YAOCHUU for x in ds):
                continue
            closed = all(m.kind in ("ankan", "kita") for m in d.melds[s])
            if is_nagashi(_mpsz([x.tile for x in ds], False), called=False, closed=closed, rules=self.rules):
                out.append(s)
        return out

    def round_events(self, d: DrawCase) -> tuple:
        evs = self.game.events
        i = d.event_index
        while i > 0 and type(evs[i]) is not RoundStart:
            i -= 1
        return evs[i + 1 : d.event_index]

    def last_drawer(self, d: DrawCase) -> int | None:
        evs = self.game.events
        for i in range(d.event_index - 1, -1, -1):
            e = evs[i]
            t = type(e)
            if t is Draw:
                return e.seat
            if t is RoundStart:
                return None
        return None

    def abort_holds(self, d: DrawCase) -> tuple[bool, str]:
        """Whether the replayed table meets the condition of the record's abortive draw."""
        from yakuman import waits
        from yakuman.settle import is_kyuushu_kyuuhai, is_suucha_riichi, is_suufon_renda, is_suukaikan

        reason = d.record.reason
        if reason not in self.rules.abortive_draws:
            return False, f"{reason} is not an abortive draw of these rules"
        evs = self.round_events(d)
        calls = [e for e in evs if type(e) is Call]
        discards = [e for e in evs if type(e) is Discard]
        if reason == "kyuushu_kyuuhai":
            last = evs[-1] if evs else None
            if type(last) is not Draw:
                return False, "kyuushu kyuuhai not declared on a draw"
            s = last.seat
            if any(e.seat == s for e in discards) or any(c.kind != "kita" for c in calls):
                return False, f"kyuushu kyuuhai by seat {s} after its first turn or a call"
            if not is_kyuushu_kyuuhai(_mpsz(d.closed[s], False)):
                return False, f"seat {s} has fewer than nine terminal/honor kinds"
            return True, ""
        if reason == "suufon_renda":
            first = [e.tile for e in discards[:4]]
            if len(discards) != 4 or calls or not is_suufon_renda(_mpsz(first, False)):
                return False, "the first four discards are not one wind without calls"
            return True, ""
        if reason == "suucha_riichi":
            seats = {e.seat for e in evs if type(e) is RiichiDeclare}
            return (
                (True, "") if is_suucha_riichi(seats, self.n) else (False, f"riichi by {sorted(seats)} only")
            )
        if reason == "suukaikan":
            owners = [c.seat for c in calls if c.kind in ("daiminkan", "kakan", "ankan")]
            return (True, "") if is_suukaikan(owners) else (False, f"kans by seats {owners}")
        if reason == "sanchahou":
            last = next((e for e in reversed(evs) if type(e) in (Discard, Call)), None)
            if type(last) is Discard:
                tile, by = last.tile, last.seat
            elif type(last) is Call and last.kind == "kakan":
                tile, by = last.added, last.seat
            else:
                return False, "sanchahou without a discard to ron"
            name = tile_str(tile, False)
            ronners = [s for s in range(self.n) if s != by and name in waits(_mpsz(d.closed[s], False))]
            if len(ronners) < 3:
                return False, f"only seats {ronners} wait on {name}"
            return True, ""
        return False, f"unknown abortive draw {reason!r}"


def _mask(entries: dict[int, int]) -> int:
    m = 0
    for y, h in entries.items():
        if h > 0 and 0 <= y < 64:
            m |= 1 << y
    return m


def _yaku_text(entries: dict[int, int]) -> str:
    return (
        "["
        + ", ".join(
            f"{YAKU_NAMES[y] if 0 <= y < len(YAKU_NAMES) else y} {h}" for y, h in sorted(entries.items())
        )
        + "]"
    )


def verify_game(
    game: Game,
    rounds: Sequence[RoundResult] | None = None,
    *,
    index: int = 0,
    out: FileResult | None = None,
    rows: bool = True,
    max_mismatches: int = 20,
    check: Any = None,
) -> FileResult:
    """Check one game (replayed here unless ``rounds`` is given: the rounds of
    ``engine_rounds(game, cases="verify")``; ``check``: the RecordCheck of
    the engine drive those rounds came from, else the engine is driven here). Raises LogError
    when the replay does; :func:`verify_file` is the never-raising form."""
    require_record(game)
    from yakuman.game.records import RecordCheck   # lazily, as _Checker.engine: no logs -> game import at load

    index = int_at_least(index, 0, "verify_game: index must be an integer >= 0")
    max_mismatches = int_at_least(max_mismatches, 0, "verify_game: max_mismatches must be an integer >= 0")
    if out is not None and not isinstance(out, FileResult):
        raise InvalidArgumentError(f"verify_game: out must be a FileResult or None, not {type(out).__name__}")
    if check is not None and not isinstance(check, RecordCheck):
        raise InvalidArgumentError(f"verify_game: check must be a RecordCheck or None, not {type(check).__name__}")
    if rounds is not None:
        rounds = as_list(rounds, "verify_game: rounds (engine_rounds' RoundResults)")
        if not all(isinstance(rr, RoundResult) for rr in rounds):
            raise InvalidArgumentError("verify_game: rounds must be RoundResults (engine_rounds(game, cases='verify'))")
    if out is None:
        out = FileResult(game.source, rows=[] if rows else None)
    if rounds is None:
        rounds = engine_rounds(game, cases="verify")
    ck = _Checker(out, game, index, out.rows is not None, max_mismatches)
    ck.count("games")
    if ck.key is None:
        out.counts["games_without_key"] += 1
    for rr in rounds:
        ck.round(rr)
    ck.flush()
    ck.engine(check)
    if ck.key is not None:
        out.game_keys.append(ck.key)
    return out


def verify_file(
    path: str | Path, rows: bool = False, max_mismatches: int = 20, max_bytes: int | None = None
) -> FileResult:
    """Read, replay and check every game of a file. Never raises: problems are ``errors``.

    The cyclic garbage collector is paused while the file is processed and its young
    generation collected afterwards: a file allocates some 10^5 small objects that live until
    it is done, and collections in between would only walk them (and the rows kept so far).
    ``max_bytes`` limits the decompressed size of a gzip file (None = 64 MiB; past it the file is
    an error)."""
    rows = flag(rows, "rows")   # an argument error, not a problem of the file
    enabled = gc.isenabled()
    if enabled:
        gc.disable()
    try:
        return _verify_file(path, rows, max_mismatches, max_bytes)
    finally:
        if enabled:
            gc.enable()
            gc.collect(0)


def _verify_file(path: str | Path, rows: bool, max_mismatches: int, max_bytes: int | None = None) -> FileResult:
    from yakuman.logs.convert import read
    from yakuman.logs.events import LogFormatError

    source = str(path) if isinstance(path, (str, os.PathLike)) else rep(path)   # read() refuses a non-path
    out = FileResult(source, rows=[] if rows else None)
    try:
        games = read(path, strict=False, max_bytes=max_bytes)
    except LogError as e:
        out.errors.append(_error_dict(e, source))
        return out
    except Exception as e:  # noqa: BLE001 - a reader bug must not stop a corpus run
        out.errors.append(_error_dict(e, source))
        return out
    for gi, g in enumerate(games):
        if g.truncated:
            out.errors.append(_error_dict(LogFormatError(g.truncated, g.source), source))
        chk: list = []
        try:
            # one engine drive gives both the replay's rounds and the engine check; not strict,
            # so a record the engine refuses is reported (illegal / disagreement, with its round
            # and event) and its other rounds are still checked
            rounds = engine_rounds(g, check=chk, strict=False, cases="verify")
        except LogError as e:
            out.errors.append(_error_dict(e, source))
            continue
        except Exception as e:  # noqa: BLE001 - nor a replay bug
            out.errors.append(_error_dict(e, source))
            continue
        n_rows = len(out.rows) if out.rows is not None else 0
        snapshot = (Counter(out.counts), len(out.mismatches), len(out.game_keys), len(out.win_ids),
                    len(out.engine_first))
        try:
            verify_game(g, rounds, index=gi, out=out, max_mismatches=max_mismatches, check=chk[0] if chk else None)
        except Exception as e:  # noqa: BLE001 - keep the file's other games; drop this game's partial counts
            out.counts, out.mismatches[:] = snapshot[0], out.mismatches[: snapshot[1]]
            del out.game_keys[snapshot[2] :]
            del out.win_ids[snapshot[3] :]
            del out.engine_first[snapshot[4] :]
            if out.rows is not None:
                del out.rows[n_rows:]
            out.errors.append(_error_dict(e, source))
    return out


# ---- files and runs --------------------------------------------------------------------------
def _died_result(path: str) -> FileResult:
    out = FileResult(path)
    problem = WORKER_DIED + "; retried once in a fresh worker, which died too"
    out.errors.append({"file": path, "round": None, "event": None, "problem": problem, "message": f"{path}: {problem}"})
    return out


def verify_paths(
    paths: str | Path | Iterable[str | Path],
    *,
    workers: int = 1,
    rows: bool = False,
    max_mismatches: int = 20,
    progress: bool | None = False,
    chunk: int | None = None,
    max_bytes: int | None = None,
) -> VerifyReport:
    """Verify every log file under ``paths`` (files or folders). ``workers`` > 1 uses a process
    pool (0 = all cores); the report is the same for any number of workers. ``rows=True`` keeps
    one row per win/draw (see :mod:`yakuman.logs.frame`). ``progress=None`` = on a terminal.
    ``max_bytes``: the limit on a gzip file's decompressed size (None = 64 MiB).

    A pool worker that dies (SIGKILL from the OOM killer, a crash) loses nothing: the finished
    files keep their results, the files it had in flight are retried once in a fresh worker, and a
    file whose retry dies too gets a "worker died" error; ``report.worker_deaths`` lists them."""
    check_limits(max_bytes)   # refused before any file is read
    max_mismatches = int_at_least(max_mismatches, 0, "max_mismatches must be an integer >= 0")
    rows = flag(rows, "rows")
    if chunk is not None:
        chunk = int_at_least(chunk, 1, "chunk must be None or a positive number of files")
    files = [str(p) for p in find_logs(paths)]
    t0 = time.perf_counter()
    workers = worker_count(workers, len(files))
    report = VerifyReport(max_mismatches=max_mismatches, workers=workers)
    for fr in run_files(verify_file, files, args=(rows, max_mismatches, max_bytes), workers=workers, chunk=chunk,
                        tick=progress_bar(len(files), progress), died=_died_result, deaths=report.worker_deaths):
        report.add(fr)
    report.elapsed = time.perf_counter() - t0
    return report


def merge(results: Iterable[FileResult], *, max_mismatches: int = 20, workers: int = 1) -> VerifyReport:
    """A report from FileResults (in the order given), e.g. gathered from a cluster."""
    report = VerifyReport(max_mismatches=max_mismatches, workers=workers)
    for fr in results:
        report.add(fr)
    return report
