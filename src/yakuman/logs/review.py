"""Review a player's decisions: every decision of a record judged by a policy (docs/review.md).

:func:`review` drives each game of the records through the engine (the record driver's decision
hook, :func:`yakuman.game.records.decisions`) and at every decision of the chosen player -- a
discard, a riichi, a call or a pass, a win or a pass, a kan or kita, kyuushu kyuuhai -- rebuilds
the position as a live :class:`~yakuman.game.Game` and asks the policy to rank that seat's legal
actions. Each decision is one row (:data:`ROW_FIELDS`): where it was, the options with the
policy's values, the action taken, the best one and the loss (the best value minus the taken
one's). A policy that names one action without values gives agreement only (loss NaN, not in the
bad-move rate).

Policies (``policy=``):

- ``"ev"``: discards valued as the engine's ev policy values them (``_core.ev_policy_rows``:
  the expected-value calculator over what the seat sees, with the policy's settings, the
  ``exp_score`` from now to the seat's last draw, points); where the policy plays greedy's
  discard (the hand beyond its shanten cap, nothing to win) greedy's action, agreement only;
  riichi or a discard by the same model (dama values, riichi as the best declaring discard);
  every other decision (calls, passes, wins, kans, kita, kyuushu) by rollouts: ``rollouts``
  copies with the tiles hidden from the player re-dealt, each option stepped on every copy and
  played to the round's end with every seat on the greedy policy, value = the player's mean
  point change (points; ``GameState.rollout_options``). ``rollouts=0`` leaves those decisions
  not judged.
- ``"greedy"``: the engine's greedy policy. A decision between discards only is valued in tiles:
  the copies left of the tiles that advance the hand after the discard (visible tiles counted),
  0 for a discard that raises the shanten; any other decision gets greedy's action, agreement
  only.
- ``"rollout"``: every option of every decision valued by rollouts, as ``"ev"`` values the
  non-discards.
- a callable ``policy(observation) -> Action`` (agreement only) or ``-> {Action: value}``.

Figures (:class:`ReviewReport`): ``agreement`` = decisions whose taken action has the best value
(or is the policy's action) / decisions with a verdict; a decision is *bad* when its loss
exceeds ``max(bad_relative * |best value|, floor)`` (defaults 5 % of the best, NAGA's "less than
5 % of the best", with a floor of 100 points or 1 tile so that noise is not counted);
``bad_move_rate`` = bad / judged decisions; ``total_loss`` / ``mean_loss`` over the judged ones.
Both rates carry Wilson intervals as ``logs stats`` gives them. Per game, per round and the worst
decisions come in :meth:`ReviewReport.to_dict`.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from yakuman._text import terminal_safe
from yakuman.logs.events import label_of
from yakuman._arrays import rep

__all__ = ["BAD_RELATIVE", "FLOORS", "ROLLOUTS", "ROW_FIELDS", "ReviewReport", "review", "review_dask",
           "review_file"]

#: a decision is bad when its loss exceeds BAD_RELATIVE * |best value| (and the floor of its units)
BAD_RELATIVE = 0.05
FLOORS = {"points": 100.0, "tiles": 1.0}
#: rollouts per option where rollouts judge a decision (policy "ev": calls, wins, kans, kita, kyuushu)
ROLLOUTS = 32

ROW_FIELDS = (
    "file", "game", "game_id", "players", "round", "round_label", "seat", "player", "event", "turn",
    "kind",      # what was decided: discard, riichi, call, pass, win, kan, kita, kyuushu (the taken action's type)
    "taken", "best", "loss", "agree", "bad", "judged",
    "units",     # points, tiles, or None (agreement only)
    "method",    # ev, ukeire, rollout, policy (the callable's values), choice (one action, no values)
    "options",   # JSON {action: value or null}
    "position",  # JSON of what the seat saw (kept for bad decisions; None otherwise)
)

_KIND = {"dahai": "discard", "reach": "riichi", "chi": "call", "pon": "call", "daiminkan": "call",
         "none": "pass", "hora": "win", "ankan": "kan", "kakan": "kan", "nukidora": "kita", "ryukyoku": "kyuushu"}


def label(a: Any) -> str:
    """A short text of an action: ``dahai 5mr``, ``dahai 3p tsumogiri`` (the drawn tile, when a
    copy in the hand is another option), ``reach``, ``pon 5m (5m 5mr)``, ``none``."""
    if a.type == "dahai":
        return f"dahai {a.pai}" + (" tsumogiri" if a.tsumogiri else "")
    if a.type in ("chi", "pon", "daiminkan", "kakan"):
        return f"{a.type} {a.pai} ({' '.join(a.consumed)})"
    if a.type == "ankan":
        return f"ankan {' '.join(a.consumed)}"
    if a.type == "hora":
        return "hora" + (" tsumo" if a.target == a.actor else " ron")
    return a.type


# ---- policies ----------------------------------------------------------------------------------
class _Verdict:
    __slots__ = ("values", "choice", "units", "method")

    def __init__(self, values: dict | None, choice: Any, units: str | None, method: str) -> None:
        self.values, self.choice, self.units, self.method = values, choice, units, method


def _ukeire_values(g: Any, seat: int, legal: list) -> dict:
    """Discards valued in tiles (see the module docstring)."""
    from yakuman import discard_analysis
    from yakuman.tiles import from_mjai, to_mpsz

    o = g.observation(seat)
    counts, reds = from_mjai(o.hand)
    # what the seat sees besides its hand, from the engine's own count of what it cannot see (the
    # one place that counts rivers, melds, kita and indicators); 2m-8m do not exist in sanma
    unseen = o.wall_counts()
    sanma = g.rules.players == 3
    vis = [0 if sanma and 1 <= k <= 7 else 4 - counts[k] - unseen[k] for k in range(34)]
    opts = discard_analysis(to_mpsz(counts, reds), visible=vis, melds=len(o.melds[seat]),
                            players=g.rules.players)
    best_sh = min(x.shanten for x in opts)
    by_kind = {x.kind: (x.count if x.shanten == best_sh else 0) for x in opts}
    out = {}
    for a in legal:
        c, _ = from_mjai([a.pai])
        out[a] = float(by_kind.get(list(c).index(1), 0))
    return out


def _rollout_values(g: Any, seat: int, legal: list, n: int, seed: int) -> dict:
    """Each option over the same ``n`` copies (``GameState.rollout_options``): copy i re-deals
    what the seat cannot see once (what it cannot know, the ura indicators included, is not
    read), then each option is stepped on it and every seat plays greedy to the round's end;
    value = the seat's mean point change (an option that ends the round: what it scored)."""
    import numpy as np

    from yakuman.game import POLICIES

    k = len(legal)
    deltas = np.zeros((n, k, 4), dtype=np.int64)
    status = np.zeros((n, k), dtype=np.uint8)
    g._st.rollout_options(seat, [a._code for a in legal], POLICIES["greedy"], seed, deltas, status)
    out = {}
    for j, a in enumerate(legal):
        ok = status[:, j] == 0
        out[a] = float(deltas[ok, j, seat].mean()) if ok.any() else math.nan
    return out


class _Policy:
    """Ranks a seat's legal actions: ``judge(game, seat, legal) -> _Verdict``."""

    def __init__(self, spec: Any, rollouts: int, seed: int) -> None:
        self.spec, self.rollouts, self.seed = spec, rollouts, seed
        self.evaluations = 0.0   # seconds spent in the policy's own evaluations
        if spec == "ev":
            import threading

            from yakuman._core import EvPolicyWork, ev_policy_rows

            self._ev_rows, self._ev_work = ev_policy_rows, EvPolicyWork
            self._local = threading.local()   # the calculator's memory: one per thread
        elif not (spec in ("greedy", "rollout") or callable(spec)):
            import shlex
            import shutil

            from yakuman.errors import InvalidContextError

            argv = shlex.split(spec) if isinstance(spec, str) else list(spec) if isinstance(spec, (list, tuple)) else []
            if not argv or shutil.which(argv[0]) is None:
                raise InvalidContextError(f"policy must be 'ev', 'greedy', 'rollout', a callable or an mjai bot "
                                          f"command on PATH, not {rep(spec)}")
            self.bot = _Bot(argv)
        self.ctx: tuple | None = None   # (record, event index) of the decision being judged

    def begin(self, record: Any, seat: int) -> None:
        if getattr(self, "bot", None) is not None:
            self.bot.begin(record, seat)

    def end(self) -> None:
        if getattr(self, "bot", None) is not None:
            self.bot.end()

    def judge(self, g: Any, seat: int, legal: list) -> _Verdict:
        t0 = time.perf_counter()
        try:
            return self._judge(g, seat, legal)
        finally:
            self.evaluations += time.perf_counter() - t0

    def _judge(self, g: Any, seat: int, legal: list) -> _Verdict:
        spec = self.spec
        discards_only = all(a.type == "dahai" for a in legal)
        if getattr(self, "bot", None) is not None:
            return _Verdict(None, self.bot.ask(g, seat, self.ctx[1], any(a.type == "none" for a in legal)), None,
                            "choice")
        if callable(spec):
            ans = spec(g.observation(seat))
            if isinstance(ans, dict):
                return _Verdict({a: float(v) for a, v in ans.items() if a in legal}, None, "policy", "policy")
            return _Verdict(None, ans, None, "choice")
        if spec == "greedy":
            if discards_only:
                return _Verdict(_ukeire_values(g, seat, legal), None, "tiles", "ukeire")
            from yakuman.game import POLICIES, Action

            code = g._st.policy_choose(seat, POLICIES["greedy"])
            return _Verdict(None, Action._from_code(code, g._aka) if code else None, None, "choice")
        if spec == "ev" and discards_only:
            return self._ev_values(g, seat, legal)
        if spec == "ev" and all(a.type in ("dahai", "reach") for a in legal):
            v = self._ev_riichi_values(g, seat, legal)
            if v is not None:
                return v
        if self.rollouts <= 0:
            return _Verdict(None, None, None, "not judged")
        return _Verdict(_rollout_values(g, seat, legal, self.rollouts, self.seed), None, "points", "rollout")

    def _ev_values(self, g: Any, seat: int, legal: list) -> _Verdict:
        """The discards as the engine's ev policy values them (``_core.ev_policy_rows``, the rows
        ``policy="ev"`` chooses from: what the seat sees, the policy's settings, exp_score at turn
        1 with t_max = 1 + the seat's draws left). Where the policy leaves the discard to greedy
        (the hand above its shanten cap, a complete hand, every discard worth 0) greedy's action
        gives agreement only; a discard above the cap (NaN) has no value."""
        rows = self._rows(g, seat)
        if rows is None:
            from yakuman.game import POLICIES, Action

            code = g._st.policy_choose(seat, POLICIES["greedy"])
            return _Verdict(None, Action._from_code(code, g._aka) if code else None, None, "choice")
        return _Verdict(_in_row_order(rows, legal, {_row_tile(r): r[3] for r in rows}), None, "points", "ev")

    def _rows(self, g: Any, seat: int, riichi_mode: int = -1) -> list | None:
        """The ev policy's rows (None: it leaves the discard to greedy). A search the calculator
        refuses raises: the game is then an error of its file, not a silent greedy verdict."""
        work = getattr(self._local, "work", None)
        if work is None:
            work = self._local.work = self._ev_work()
        return self._ev_rows(g._st, seat, work, riichi_mode)

    def _ev_riichi_values(self, g: Any, seat: int, legal: list) -> _Verdict | None:
        """Riichi or a dama discard, valued by the model the ev policy declares by: each discard
        as dama (the policy's own row where the model prefers dama with it, else the row of
        riichi="never"), riichi as the best tenpai discard under riichi="declare". None where the
        policy does not value the position (judged by rollouts instead)."""
        from yakuman.ev import RIICHI

        choose = self._rows(g, seat)
        never = self._rows(g, seat, RIICHI["never"])
        declare = self._rows(g, seat, RIICHI["declare"])
        if choose is None or never is None or declare is None:
            return None
        reach = next(a for a in legal if a.type == "reach")
        reach_value = max((r[3] for r in declare if r[6] and not math.isnan(r[3])), default=math.nan)
        dama = {_row_tile(r): r[3] for r in never}
        dama.update({_row_tile(r): r[3] for r in choose if not r[6]})
        return _Verdict(_in_row_order(choose, legal, dama, reach, reach_value), None, "points", "ev")


def _row_tile(row: tuple) -> str:
    """The mjai name of an ev_policy_rows row's discard."""
    from yakuman.tiles import mjai_name

    return mjai_name(row[0], bool(row[1]))


def _in_row_order(rows: list, legal: list, value: dict, reach: Any = None, reach_value: float = math.nan) -> dict:
    """The legal actions' values (discards by ``value`` of their tile; ``reach`` worth
    ``reach_value``) in the order of the policy's rows, best first, riichi where the first row
    that declares it comes: the review's best is then the policy's own choice, ties broken as the
    policy breaks them. A legal discard without a row (or a value) is NaN."""
    by_tile: dict = {}
    for a in legal:
        if a.type == "dahai":
            by_tile.setdefault(a.pai, []).append(a)
    out = {}
    for r in rows:
        if reach is not None and r[6] and reach not in out:
            out[reach] = reach_value
        tile = _row_tile(r)
        for a in by_tile.pop(tile, ()):
            out[a] = value.get(tile, math.nan)
    if reach is not None:
        out.setdefault(reach, reach_value)
    for acts in by_tile.values():
        for a in acts:
            out[a] = math.nan
    return out


class _Bot:
    """An mjai bot process as a policy: per game it is started, fed the record's events as the
    reviewed seat sees them (``yakuman.game.mjai.mask_event``) up to each decision, and its answer
    to the last event is its action (agreement only). A bot that fails (exits, times out, answers
    what is not JSON) fails the game, which is reported as an error of its file."""

    def __init__(self, argv: list[str], timeout: float = 10.0) -> None:
        self.argv, self.timeout = argv, timeout
        self.proc = None

    def begin(self, record: Any, seat: int) -> None:
        from yakuman.game.mjai import _CommandBot, mask_event
        from yakuman.logs.mjai import to_mjai

        self.end()
        mj = to_mjai(record)
        self.events = [mask_event(e, seat) for e in mj]
        self.at = [i for i, e in enumerate(mj) if e["type"] != "end_kyoku"]   # record event k -> mjai index
        self.record = record
        self.sent = 0
        self.proc = _CommandBot(self.argv, self.timeout)

    def ask(self, g: Any, seat: int, at: int, answering: bool) -> Any:
        from yakuman.errors import IllegalActionError
        from yakuman.game import Action
        from yakuman.game.mjai import _Failure
        from yakuman.logs.events import RiichiAccept

        evs = self.record.events
        if answering:
            # the answers follow the discard (or kan) and what the table sees with it, an open kan's
            # dora revealed after that discard or an ankan's (as a bot in play sees them, the engine
            # revealing them before it asks); a riichi is accepted only after the answers
            k = at - 1
            while k > 0 and type(evs[k]) is RiichiAccept:
                k -= 1
            cut = self.at[k] + 1
        else:
            cut = self.at[at] if at < len(self.at) else len(self.events)
        if cut <= self.sent:
            return None
        try:
            reply = self.proc.send(self.events[self.sent:cut])
        except _Failure as f:
            raise RuntimeError(f"the mjai bot failed: {f.detail}") from None
        self.sent = cut
        if not isinstance(reply, dict):
            return None
        try:
            return g._resolve(reply, seat)
        except IllegalActionError:
            return None   # not a legal action: no agreement

    def end(self) -> None:
        if self.proc is not None:
            from yakuman.game.mjai import _close_all

            _close_all([self.proc])   # input closed, a grace period, then the whole process group
            self.proc = None


# ---- one file ---------------------------------------------------------------------------------
@dataclass
class FileReview:
    """What one file gave: its rows (dicts of ROW_FIELDS), errors, games reviewed, and the
    seconds spent (``elapsed``) and spent in the policy's evaluations (``policy_time``)."""

    source: str
    rows: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    games: int = 0
    elapsed: float = 0.0
    policy_time: float = 0.0


def _position(o: Any) -> str:
    d = {k: getattr(o, k) for k in ("seat", "hand", "drawn", "melds", "discards", "kita", "dora_indicators",
                                     "scores", "riichi", "honba", "sticks", "round_wind", "kyoku", "dealer",
                                     "tiles_left")}
    return json.dumps(d, ensure_ascii=False)


def _review_game(record: Any, gi: int, source: str, seats: list[int], pol: _Policy, out: FileReview,
                 bad_relative: float) -> None:
    from yakuman.game import Game
    from yakuman.game.records import Position, decisions, record_action
    from yakuman.logs.stats import game_players

    evs = record.events
    st0 = record.start
    rules = st0.rules()
    names = game_players(record)[0]
    rows = out.rows

    def hook(ri: int, rr: Any, at: int) -> None:
        mask = rr.st.to_act()
        for seat in seats:
            if not (mask >> seat) & 1:
                continue
            g = Game._at(Position(rr.st.copy(), rules, ri, at, rr.start, []))
            legal = g.legal_actions(seat)
            if len(legal) < 2:
                continue   # nothing to decide (a riichi hand's forced discard)
            taken = record_action(evs, at, seat, legal)
            if taken is None:
                out.errors.append({"file": source, "game": gi, "event": at,
                                   "error": f"seat {seat}: the record's action is not among the legal ones"})
                continue
            pol.ctx = (record, at)
            v = pol.judge(g, seat, legal)
            rows.append(_row(source, gi, st0, rr, ri, seat, names[seat], at, g, legal, taken, v, bad_relative))

    pol.begin(record, seats[0])
    try:
        rc = decisions(record, rules, hook)
    finally:
        pol.end()
    if rc.illegal or rc.disagreements:
        p = rc.problems[0] if rc.problems else {}
        out.errors.append({"file": source, "game": gi, "event": p.get("event"),
                           "error": f"the engine stops the record at {p.get('round')}: {p.get('what')}"})


def _row(source, gi, st0, rr, ri, seat, name, at, g, legal, taken, v: _Verdict, bad_relative: float) -> dict:
    valued = {a: x for a, x in (v.values or {}).items() if not math.isnan(x)}
    judged = taken in valued
    choice = v.choice
    best = loss = math.nan
    agree: bool | None = None
    bad: bool | None = None
    best_label = None
    if judged:
        best_a = max(valued, key=valued.get)
        best, best_label = valued[best_a], label(best_a)
        loss = max(0.0, best - valued[taken])
        agree = loss <= 1e-9
        bad = loss > max(bad_relative * abs(best), FLOORS.get(v.units or "", 0.0))
    elif valued and choice is None:
        # other options valued, the taken one not (policy "ev": a discard beyond its shanten
        # cap): the policy's top choice gives agreement only
        choice = max(valued, key=valued.get)
    if not judged and choice is not None:
        agree = choice == taken
        best_label = label(choice)
    rs = rr.start
    o = g.observation(seat) if bad else None
    options = {label(a): round(valued[a], 4) if a in valued else None for a in legal}
    return {
        "file": source, "game": gi, "game_id": st0.game_id, "players": st0.players, "round": ri,
        "round_label": label_of(rs), "seat": seat, "player": name,
        "event": at, "turn": len(g._st.seat(seat)[2]) + 1, "kind": _KIND.get(taken.type, taken.type),
        "taken": label(taken), "best": best_label, "loss": loss if judged else math.nan,
        "agree": agree, "bad": bad if judged else None, "judged": judged,
        "units": v.units if judged else None, "method": v.method,
        "options": json.dumps(options, ensure_ascii=False),
        "position": _position(o) if o is not None else None,
    }


def review_file(path: str | Path, player: str | None = None, seat: int | None = None, policy: Any = "greedy",
                rollouts: int = ROLLOUTS, seed: int = 0, bad_relative: float = BAD_RELATIVE,
                max_bytes: int | None = None) -> FileReview:
    """Review the player's decisions in every game of one file. Never raises for the file's
    content: an unreadable file or a game the engine stops is an entry of ``errors``."""
    from yakuman.logs.convert import read
    from yakuman.logs.events import LogError
    from yakuman.logs.stats import game_players

    _check_args(player, seat, policy, rollouts, seed, bad_relative, max_bytes)
    t0 = time.perf_counter()
    source = str(path)
    out = FileReview(source)
    pol = _policy_for(policy, rollouts, seed)
    before = pol.evaluations
    try:
        games = read(path, strict=False, max_bytes=max_bytes)
    except (LogError, OSError, ValueError) as e:
        out.errors.append({"file": source, "game": None, "event": None, "error": str(e)})
        return out
    for gi, g in enumerate(games):
        n = g.start.players
        if seat is not None:
            seats = [seat] if 0 <= seat < n else []
        else:
            names = game_players(g)[0]
            seats = [q for q in range(n) if names[q] == player]
        if not seats:
            continue
        k = len(out.rows)
        try:
            _review_game(g, gi, source, seats, pol, out, bad_relative)
            out.games += 1
        except LogError as e:
            del out.rows[k:]
            out.errors.append({"file": source, "game": gi, "event": e.index, "error": str(e)})
        except Exception as e:  # noqa: BLE001 - one game's failure must not stop the corpus
            del out.rows[k:]
            out.errors.append({"file": source, "game": gi, "event": None, "error": f"{type(e).__name__}: {e}"})
    out.elapsed = time.perf_counter() - t0
    out.policy_time = pol.evaluations - before
    return out


_POLICIES: dict = {}


def _policy_for(spec: Any, rollouts: int, seed: int) -> _Policy:
    """One policy object per worker process and settings (a callable: per call)."""
    if callable(spec):
        return _Policy(spec, rollouts, seed)
    key = (tuple(spec) if isinstance(spec, list) else spec, rollouts, seed)
    if key not in _POLICIES:
        _POLICIES[key] = _Policy(spec, rollouts, seed)
    return _POLICIES[key]


def _died(path: str) -> FileReview:
    from yakuman.logs.corpus import WORKER_DIED

    return FileReview(path, errors=[{"file": path, "game": None, "event": None,
                                     "error": WORKER_DIED.replace("verifying", "reviewing")
                                     + "; retried once in a fresh worker, which died too"}])


# ---- the corpus -------------------------------------------------------------------------------
def _check_args(player: Any, seat: Any, policy: Any, rollouts: Any, seed: Any, bad_relative: Any,
                max_bytes: Any) -> None:
    """Refuse bad arguments of :func:`review` / :func:`review_dask` / :func:`review_file` before
    any file is read (InvalidContextError, or check_limits' error for ``max_bytes``): the one
    place these rules are written."""
    from yakuman.errors import InvalidContextError
    from yakuman.logs.corpus import check_limits

    if (player is None) == (seat is None):
        raise InvalidContextError("review needs exactly one of player= (a name) and seat= (0..3)")
    if player is not None and not isinstance(player, str):
        raise InvalidContextError(f"player must be a name (str), not {rep(player)}")
    if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
        raise InvalidContextError(f"seat must be 0..3, not {rep(seat)}")
    if type(rollouts) is not int or rollouts < 0:
        raise InvalidContextError(f"rollouts must be a non-negative integer, not {rep(rollouts)}")
    if type(seed) is not int or not 0 <= seed < 2 ** 64:
        raise InvalidContextError(f"seed must be an integer in 0 .. 2**64 - 1, not {rep(seed)}")
    if (type(bad_relative) not in (int, float) or not math.isfinite(bad_relative)
            or bad_relative < 0):
        raise InvalidContextError(f"bad_relative must be a finite number >= 0, not {rep(bad_relative)}")
    _policy_for(policy, rollouts, seed)   # a bad policy is refused before any file is read
    check_limits(max_bytes)


def _wilson(k: int, n: int) -> list:
    from yakuman.logs.stats import wilson

    lo, hi = wilson(k, n)
    return [None if math.isnan(lo) else lo, None if math.isnan(hi) else hi]


def figures(rows: list[dict]) -> dict:
    """The summary figures of a list of rows (:func:`review`'s, or rows read back from the
    Parquet table): decisions, with_verdict, agree, agreement (+ Wilson interval), judged, bad,
    bad_move_rate (+ interval), total_loss, mean_loss."""
    n = len(rows)
    verdict = [r for r in rows if r["agree"] is not None and not _nan(r["agree"])]
    judged = [r for r in rows if r["judged"]]
    agree = sum(1 for r in verdict if r["agree"])
    bad = sum(1 for r in judged if r["bad"])
    total = float(sum(r["loss"] for r in judged))
    return {
        "decisions": n, "with_verdict": len(verdict), "agree": agree,
        "agreement": agree / len(verdict) if verdict else None, "agreement_ci": _wilson(agree, len(verdict)),
        "judged": len(judged), "bad": bad, "bad_move_rate": bad / len(judged) if judged else None,
        "bad_move_rate_ci": _wilson(bad, len(judged)),
        "total_loss": total, "mean_loss": total / len(judged) if judged else None,
    }


def _nan(x: Any) -> bool:
    return isinstance(x, float) and math.isnan(x)


@dataclass
class ReviewReport:
    """A review's rows (one dict per decision, :data:`ROW_FIELDS`), the files and games
    reviewed, errors, and timings: ``elapsed`` (wall seconds), ``work`` (seconds summed over the
    files) and ``policy_time`` (of which in the policy's evaluations)."""

    rows: list[dict] = field(default_factory=list)
    files: int = 0
    games: int = 0
    errors: list[dict] = field(default_factory=list)
    player: str | None = None
    seat: int | None = None
    policy: str = "greedy"
    elapsed: float = 0.0
    work: float = 0.0
    policy_time: float = 0.0
    workers: int = 1
    worker_deaths: list[dict] = field(default_factory=list)

    def add(self, fr: FileReview) -> None:
        self.files += 1
        self.games += fr.games
        self.rows.extend(fr.rows)
        self.errors.extend(fr.errors)
        self.work += fr.elapsed
        self.policy_time += fr.policy_time

    def per_game(self) -> list[dict]:
        groups: dict = {}
        for r in self.rows:
            groups.setdefault((r["file"], r["game"]), []).append(r)
        return [{"file": f, "game": g, **figures(rs)} for (f, g), rs in groups.items()]

    def per_round(self) -> list[dict]:
        groups: dict = {}
        for r in self.rows:
            groups.setdefault((r["file"], r["game"], r["round"], r["round_label"]), []).append(r)
        return [{"file": f, "game": g, "round": ri, "round_label": lab, **figures(rs)}
                for (f, g, ri, lab), rs in groups.items()]

    def worst(self, k: int = 10) -> list[dict]:
        judged = [r for r in self.rows if r["judged"] and r["loss"] > 0]
        return sorted(judged, key=lambda r: -r["loss"])[:k]

    def to_dict(self, worst: int = 10) -> dict:
        d = figures(self.rows)
        d.update({
            "player": self.player, "seat": self.seat, "policy": self.policy, "files": self.files,
            "games": self.games, "errors": len(self.errors), "error_list": self.errors,
            "bad_relative": BAD_RELATIVE, "floors": FLOORS,
            "per_game": self.per_game(), "per_round": self.per_round(),
            "worst": [{k: v for k, v in r.items() if k != "position"} for r in self.worst(worst)],
            "elapsed": round(self.elapsed, 3), "policy_time": round(self.policy_time, 3), "work": round(self.work, 3),
            "overhead": None if not self.work else round(1 - self.policy_time / self.work, 4),
            "workers": self.workers, "worker_deaths": self.worker_deaths,
        })
        return d

    def to_frame(self):
        import pandas as pd

        return pd.DataFrame.from_records(self.rows, columns=list(ROW_FIELDS))

    def write_parquet(self, path: str | Path) -> int:
        import pyarrow as pa
        import pyarrow.parquet as pq

        from yakuman._outputs import check_output_file

        check_output_file(path, "path")

        schema = pa.schema([
            ("file", pa.string()), ("game", pa.int32()), ("game_id", pa.string()), ("players", pa.int8()),
            ("round", pa.int32()), ("round_label", pa.string()), ("seat", pa.int8()), ("player", pa.string()),
            ("event", pa.int32()), ("turn", pa.int32()), ("kind", pa.string()), ("taken", pa.string()),
            ("best", pa.string()), ("loss", pa.float64()), ("agree", pa.bool_()), ("bad", pa.bool_()),
            ("judged", pa.bool_()), ("units", pa.string()), ("method", pa.string()), ("options", pa.string()),
            ("position", pa.string()),
        ])
        table = pa.Table.from_pylist(self.rows, schema=schema)
        pq.write_table(table, str(path))
        return table.num_rows

    def format(self) -> str:
        d = figures(self.rows)
        who = self.player if self.player is not None else f"seat {self.seat}"

        def pct(x):
            return "-" if x is None else f"{100 * x:.1f}%"

        lines = [f"{who}: {self.files} files, {self.games} games, {d['decisions']} decisions (policy {self.policy})",
                 f"agreement {pct(d['agreement'])} of {d['with_verdict']} "
                 f"[{pct(d['agreement_ci'][0])}, {pct(d['agreement_ci'][1])}]",
                 f"bad moves {pct(d['bad_move_rate'])} of {d['judged']} judged "
                 f"[{pct(d['bad_move_rate_ci'][0])}, {pct(d['bad_move_rate_ci'][1])}]",
                 f"loss total {d['total_loss']:.1f}, mean {d['mean_loss'] if d['mean_loss'] is not None else 0:.2f}"]
        w = self.worst(5)
        if w:
            lines.append("worst decisions:")
            for r in w:
                lines.append(f"  {Path(r['file']).name} game {r['game']} {r['round_label']} event {r['event']}: "
                             f"took {r['taken']}, best {r['best']}, loss {r['loss']:.1f} {r['units']}")
        if self.errors:
            lines.append(f"errors: {len(self.errors)} (first: {self.errors[0]['error']})")
        return "\n".join(map(terminal_safe, lines))   # names and paths from records, escaped


def review(paths: str | Path | Iterable[str | Path], *, player: str | None = None, seat: int | None = None,
           policy: Any = "greedy", rollouts: int = ROLLOUTS, seed: int = 0, workers: int = 1,
           progress: bool | None = False, bad_relative: float = BAD_RELATIVE,
           max_bytes: int | None = None) -> ReviewReport:
    """Review ``player``'s (or ``seat``'s) decisions in every record under ``paths`` (files or
    folders, found as ``logs verify`` finds them) with ``policy`` (see the module docstring).
    ``workers`` > 1 reviews files in a process pool (0 = all cores; a callable policy must then
    pickle); a dying worker loses nothing (:mod:`yakuman.logs.corpus`). The rows come in file
    order whatever the number of workers."""
    from yakuman.logs.corpus import find_logs, run_files, worker_count
    from yakuman.logs.corpus import progress as progress_bar

    _check_args(player, seat, policy, rollouts, seed, bad_relative, max_bytes)
    files = [str(p) for p in find_logs(paths)]
    t0 = time.perf_counter()
    workers = worker_count(workers, len(files))
    report = ReviewReport(player=player, seat=seat, policy=policy if isinstance(policy, str) else "callable",
                          workers=workers)
    tick = progress_bar(len(files), progress, "reviewing")
    for fr in run_files(review_file, files, args=(player, seat, policy, rollouts, seed, bad_relative, max_bytes),
                        workers=workers, tick=tick, died=_died, deaths=report.worker_deaths):
        report.add(fr)
    report.elapsed = time.perf_counter() - t0
    return report



def review_dask(paths: str | Path | Iterable[str | Path], client: Any, *, player: str | None = None,
                seat: int | None = None, policy: Any = "greedy", rollouts: int = ROLLOUTS, seed: int = 0,
                files_per_task: int = 4, bad_relative: float = BAD_RELATIVE,
                max_bytes: int | None = None) -> ReviewReport:
    """:func:`review` on a Dask ``client`` (``distributed.Client``): one task per
    ``files_per_task`` files, the rows in file order as :func:`review` gives them. A task whose
    worker dies has each of its files retried once as its own task; a file whose retry fails too
    is an error of that file (the corpus runner's Dask path, :func:`yakuman.logs.corpus.dask_results`).
    The files must be readable by the workers under the same names."""
    from yakuman.errors import InvalidContextError
    from yakuman.logs.corpus import dask_results, find_logs

    _check_args(player, seat, policy, rollouts, seed, bad_relative, max_bytes)
    if type(files_per_task) is not int or files_per_task < 1:
        raise InvalidContextError(f"files_per_task must be a positive integer, not {rep(files_per_task)}")
    files = [str(p) for p in find_logs(paths)]
    t0 = time.perf_counter()
    report = ReviewReport(player=player, seat=seat, policy=policy if isinstance(policy, str) else "callable")
    for fr in dask_results(client, review_file, files, size=files_per_task,
                           args=(player, seat, policy, rollouts, seed, bad_relative, max_bytes), died=_died,
                           deaths=report.worker_deaths):
        report.add(fr)
    try:
        report.workers = len(client.scheduler_info().get("workers", {})) or 1
    except Exception:  # noqa: BLE001 - a client without scheduler info
        report.workers = 1
    report.elapsed = time.perf_counter() - t0
    return report

# ---- command line ----------------------------------------------------------------------------
def _cmd_review(args) -> int:
    import sys

    from yakuman.errors import YakumanError
    from yakuman.logs.corpus import cli_finish, cli_start

    if (args.player is None) == (args.seat is None):
        print("yakuman: error: give exactly one of --player NAME and --seat N", file=sys.stderr)
        return 2
    files = cli_start(args, {"out": ("pyarrow", 'pip install "yakuman[frame]"')})
    if files is None:
        return 2
    try:
        report = review(files, player=args.player, seat=args.seat, policy=args.policy, rollouts=args.rollouts,
                        seed=args.seed, workers=args.workers, progress=args.progress)
    except YakumanError as e:
        print(terminal_safe(f"yakuman: error: {e}"), file=sys.stderr)
        return 2
    if args.player is not None and report.games == 0:
        print(terminal_safe(f"yakuman: error: no game of a player named {args.player!r} in {len(files)} files"),
              file=sys.stderr)
        return 2
    if args.out:
        report.write_parquet(args.out)
    if args.html:
        from yakuman.logs.review_html import write_html

        write_html(report, args.html)
    # the summary holds no NaN (a judged loss is finite; figures without decisions are None)
    return cli_finish(args, report, (("decisions", args.out), ("report", args.html)))


def add_cli(lsub) -> None:
    """Register ``yakuman logs review`` on the ``logs`` subparsers."""
    from yakuman.logs.corpus import add_corpus_command

    s = add_corpus_command(
        lsub, "review", func=_cmd_review,
        help="judge every decision of a player: agreement, bad moves, loss (docs/review.md)",
        description="Review one player's decisions in game records of any supported format: every discard, "
        "riichi, call or pass, win, kan and kyuushu, ranked by a policy (see docs/review.md).",
        player="the player's name in the records",
        workers="processes (0 = all cores; default 1)",
        json="print one JSON object (the summary) instead of text",
        out="write one row per decision as Parquet (pyarrow)",
        html="write a self-contained HTML report")
    s.add_argument("--seat", type=int, metavar="N", help="a seat (0 = the first dealer) instead of a name")
    s.add_argument("--policy", default="greedy", metavar="ev|greedy|rollout",
                   help="the judge: ev (expected value + rollouts), greedy (ukeire), rollout (default greedy)")
    s.add_argument("--rollouts", type=int, default=ROLLOUTS, metavar="N",
                   help=f"rollouts per option where rollouts judge (default {ROLLOUTS}; 0 = not judged)")
    s.add_argument("--seed", type=int, default=0, help="the rollouts' seed (default 0)")
