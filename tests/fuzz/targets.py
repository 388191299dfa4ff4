"""Fuzz targets shared by the bounded suite (tests/fuzz/test_fuzz_suite.py, hypothesis) and the long
run (``make fuzz`` -> tools/fuzz.py: a seeded random engine, atheris when installed, and the same
corpus under the ASan/UBSan build).

A target takes a *source* of choices (:class:`ByteSource` reads them from bytes, which is what
hypothesis and atheris feed; :class:`RandomSource` draws them from a seeded ``random.Random``, which
is how the long run makes ten million inputs cheaply) and runs one input. It returns normally when
the input gave a result or a ``yakuman.errors`` exception; any other exception is a crash, and an
``AssertionError`` is a wrong result: every target checks what it computed against an independent
oracle (the pure-Python reference parser, shanten and scorer, the single-hand API for the batch
calls, a fresh shanten for ShantenState, the strict/lenient contract of the log readers).

Every target is deterministic in its source, so a (target, seed) pair or a byte string reproduces it.
"""

from __future__ import annotations

import gzip
import math
import random
import re
from pathlib import Path

import numpy as np

import yakuman
from yakuman import tiles
from yakuman._reference import shanten as ref_shanten
from yakuman._reference import tiles as ref_tiles
from yakuman._reference.score import score as ref_score
from yakuman.batch import SCORE_COLUMNS, agari_many, columns_from_kwargs, score_many, shanten_many, waits_many
from yakuman.errors import YakumanError
from yakuman.logs import LogError, read_bytes, replay
from yakuman.rules import Rules

__all__ = ["TARGETS", "ByteSource", "RandomSource", "LOG_SEEDS", "log_seed_files"]


class ByteSource:
    """Choices read from a byte string (0 once it is used up): what hypothesis and atheris feed."""

    __slots__ = ("data", "i")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.i = 0

    def byte(self) -> int:
        i = self.i
        self.i = i + 1
        return self.data[i] if i < len(self.data) else 0

    def int(self, lo: int, hi: int) -> int:
        span = hi - lo + 1
        v = 0
        for _ in range((span.bit_length() + 7) // 8 or 1):
            v = (v << 8) | self.byte()
        return lo + v % span

    def random(self) -> float:
        return self.int(0, 65535) / 65536.0

    def choice(self, seq):
        return seq[self.int(0, len(seq) - 1)]

    def blob(self, n: int) -> bytes:
        out = self.data[self.i : self.i + n]
        self.i += n
        return out


class RandomSource:
    """Choices from a seeded ``random.Random``: the long run's cheap input generator."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def random(self) -> float:
        return self.rng.random()

    def choice(self, seq):
        return self.rng.choice(seq)

    def blob(self, n: int) -> bytes:
        return self.rng.randbytes(n)


def _outcome(fn, *args, **kw):
    try:
        return "ok", fn(*args, **kw)
    except YakumanError as e:
        return "error", (type(e).__name__, str(e))


# ---- values ------------------------------------------------------------------------------------
_MPSZ = "0123456789mpsz ,_x"
_ODD = [-1, 5, 255, 300, 10**30, -(10**30), 0.5, 1.0, float("nan"), "1", None, True, 2**63]


def _odd_int(src, lo: int, hi: int):
    """Mostly an int in lo..hi; sometimes an edge or a value of the wrong type."""
    return src.choice(_ODD) if src.int(0, 15) == 0 else src.int(lo, hi)


def _counts(src, total: int | None = None) -> list:
    if total is None:
        total = src.choice((13, 14, 10, 11, 7, 8, 4, 5, 1, 2, src.int(0, 20)))
    c = [0] * 34
    for _ in range(total):
        c[src.int(0, 33)] += 1
    if src.int(0, 7) == 0:
        c[src.int(0, 33)] = _odd_int(src, 0, 6)
    return c


def _hand_any(src):
    kind = src.int(0, 3)
    if kind == 0:
        return "".join(src.choice(_MPSZ) for _ in range(src.int(0, 24)))
    if kind == 1:
        return _counts(src)
    ids = [src.int(0, 135) for _ in range(src.int(0, 15))]
    if src.int(0, 7) == 0 and ids:
        ids[src.int(0, len(ids) - 1)] = src.choice(_ODD)
    return ids if src.int(0, 3) else np.array([x for x in ids if type(x) is int and abs(x) < 2**62], dtype=np.int64)


# ---- targets -----------------------------------------------------------------------------------
def t_parsers(src) -> None:
    """parse_mpsz / parse_136 / the counts form: native == reference (results and messages)."""
    s = "".join(src.choice(_MPSZ) for _ in range(src.int(0, 30)))
    assert _outcome(tiles.parse_mpsz, s) == _outcome(ref_tiles.parse_mpsz, s), s
    ids = [_odd_int(src, -2, 137) for _ in range(src.int(0, 18))]
    assert _outcome(tiles.parse_136, ids) == _outcome(ref_tiles.parse_136, ids), ids
    c = _counts(src)
    got = _outcome(tiles.parse, c)
    if got[0] == "ok":
        assert list(got[1][0]) == c
        reds = tuple(min(c[9 * k + 4], src.int(0, 1)) for k in range(3))
        assert tiles.parse_mpsz(tiles.to_mpsz(c, reds)) == (tuple(c), reds)   # round trip
        # a fourth plain five takes the red id (documented on to_136): it reads back as red
        back = tuple(1 if c[9 * k + 4] == 4 else reds[k] for k in range(3))
        assert tiles.parse_136(tiles.to_136(c, reds)) == (tuple(c), back)
    for conv in (tiles.to_mjai, tiles.to_mpsz, tiles.to_136, tiles.dora_of, tiles.kind_of_136):
        _outcome(conv, c if conv in (tiles.to_mjai, tiles.to_mpsz, tiles.to_136) else _odd_int(src, -2, 140))


def t_shanten(src) -> None:
    """shanten / is_agari / waits on any tile form; valid hands against the reference shanten."""
    h = _hand_any(src)
    form = src.choice(("all", "regular", "chiitoitsu", "kokushi", "all", "x"))
    melds = src.choice((None, None, None, 0, 1, 4, 5, True, 1.5, [1, 2]))
    r = _outcome(yakuman.shanten, h, form=form, melds=melds)
    if r[0] == "ok" and form != "x":
        counts, _ = tiles.parse(h)
        k = (14 - sum(counts)) // 3 if melds is None else (melds if isinstance(melds, int) else len(melds))
        assert r[1] == ref_shanten.shanten(list(counts), form, k), (h, form, melds)
    for fn in (yakuman.is_agari, yakuman.waits, yakuman.ukeire, yakuman.discard_analysis):
        _outcome(fn, h)


_RULES = (Rules.tenhou(), Rules.tenhou_sanma(), Rules.ema(), Rules.mahjongsoul())
_FLAG_NAMES = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
               "tenhou", "chiihou", "renhou")
_MELDS = ("chi 123m", "chi 406p", "pon 777z", "pon 055s", "minkan 9999p", "kakan 5555m", "ankan 1111s",
          "pon 111m", "chi 789s", "x 12", "pon 12m")


def _score_kwargs(src, wins) -> dict:
    """A score() call: usually a generated winning hand (so that most inputs reach the scorer),
    mutated in one place or not."""
    if src.int(0, 3):
        i = src.int(0, len(wins) - 1)
        kw = wins.kwargs(i)
    else:
        kw = {"hand": _hand_any(src), "win": src.choice(("1m", "5p", "0s", "7z", 16, 200, "x", 10**30, 1.0)),
              "melds": [src.choice(_MELDS) for _ in range(src.int(0, 2))]}
    mut = src.int(0, 9)
    if mut == 0:
        kw["dora"] = [src.choice(("1m", "9p", "0m", "4z", "5z", 10**30, -1, 135)) for _ in range(src.int(0, 6))]
    elif mut == 1:
        kw["ura"] = "".join(src.choice(("1m", "9p", "4z")) for _ in range(src.int(0, 4)))
    elif mut == 2:
        kw[src.choice(_FLAG_NAMES)] = src.choice((True, False, 1, 2, None))
    elif mut == 3:
        kw[src.choice(("honba", "kita", "riichi_sticks"))] = _odd_int(src, 0, 5)
    elif mut == 4:
        kw[src.choice(("seat_wind", "round_wind"))] = src.choice(("E", "S", "W", "N", "X", 0, 3, 4))
    elif mut == 5:
        kw["melds"] = list(kw.get("melds", ())) + [src.choice(_MELDS)]
    elif mut == 6:
        kw["melds"] = src.choice((10**30, 2, 1.5, None, {"pon 777z"}, ["pon 777z"] * 5))
    return kw


_WINS: dict = {}


def _wins(players: int):
    if players not in _WINS:
        from yakuman.random import winning_hands

        _WINS[players] = winning_hands(512, seed=11 + players, players=players)
    return _WINS[players]


def t_score(src) -> None:
    """score(): a Score or a yakuman error; 1 input in 8 against the pure-Python reference."""
    rules = src.choice(_RULES)
    kw = _score_kwargs(src, _wins(rules.players))
    got = _outcome(yakuman.score, rules=rules, **kw)
    if got[0] == "ok":
        s = got[1]
        assert (s.status == 0) == (s.points > 0), s
    if src.int(0, 7) == 0:
        want = _outcome(ref_score, rules=rules, **kw)
        assert got[0] == want[0], (kw, got, want)
        if got[0] == "ok":
            assert (got[1].status, got[1].han, got[1].fu, got[1].points) == \
                (want[1].status, want[1].han, want[1].fu, want[1].points), kw
        else:
            assert got[1][0] == want[1][0], (kw, got, want)


def t_batch(src) -> None:
    """shanten/agari/waits_many and score_many on small batches with damaged rows: every row as the
    single-hand API gives it (status 4 exactly where score() raises)."""
    n = src.int(1, 6)
    rows = [_counts(src, src.choice((13, 14, 11))) for _ in range(n)]
    arr = np.array([[x if type(x) is int and -(2**31) < x < 2**31 else 7 for x in r] for r in rows], dtype=np.int64)
    sh, st = shanten_many(arr, return_status=True)
    for i in range(n):
        one = _outcome(yakuman.shanten, arr[i].tolist())
        assert (st[i] == 0) == (one[0] == "ok"), (arr[i].tolist(), st[i], one)
        if one[0] == "ok":
            assert sh[i] == one[1]
    agari_many(arr)
    waits_many(arr)
    rules = src.choice(_RULES[:2])
    wins = _wins(rules.players)
    kws = [_score_kwargs(src, wins) for _ in range(n)]
    cols = columns_from_kwargs([dict(k) for k in kws], rules=rules)
    name, _, shape = src.choice(SCORE_COLUMNS)
    i = src.int(0, n - 1)
    if src.int(0, 1):   # a raw value the columns cannot hold, or garbage in range
        a = cols[name].astype(np.int64)
        a[i] = src.choice((-1, 300, 70000, 2**40, src.int(0, 255)))
        cols[name] = a
    res = score_many(cols, rules=rules, messages=True)
    assert set(np.flatnonzero(res.status == 4).tolist()) == set(res.messages), res.messages
    for j in range(n):
        if j in res.messages:
            continue
        from yakuman.batch import row_kwargs

        kw = row_kwargs(cols, j)
        one = yakuman.score(kw.pop("hand"), kw.pop("win"), kw.pop("melds"), rules=rules, **kw)
        assert (int(res.status[j]), int(res.points[j]), int(res.han[j])) == (one.status, one.points, one.han)


def t_shanten_state(src) -> None:
    """ShantenState under random draws and discards: its shanten always equals a fresh shanten()."""
    c = _counts(src, src.choice((13, 14, 10)))
    form = src.choice(("all", "regular", "chiitoitsu", "kokushi"))
    try:
        st = yakuman.ShantenState(c, form=form)
    except YakumanError:
        return
    for _ in range(src.int(1, 12)):
        t = src.choice((src.int(0, 33), src.int(0, 33), src.int(-1, 40), "3p", "x", 10**30, 1.0))
        op = src.int(0, 3)
        try:
            if op == 0:
                st.draw(t)
            elif op == 1:
                st.discard(t)
            elif op == 2:
                st.shanten_after_draw(t)
            else:
                st.shanten_after_discard(t)
        except YakumanError:
            continue
        assert st.shanten == yakuman.shanten(list(st.counts), form=form, melds=st.melds), (st.counts, form)


# ---- logs --------------------------------------------------------------------------------------
LOG_SEEDS: list[tuple[str, bytes]] = []


def log_seed_files(folder: Path | None = None, n: int = 6) -> list[tuple[str, bytes]]:
    """(name, raw bytes) of the synthetic record, the fixture records and a few real records (mjlog
    and tenhou6, when the shared data folder is there); cached in LOG_SEEDS."""
    if LOG_SEEDS:
        return LOG_SEEDS
    from tests.logs._synth import TENHOU_MJLOG

    LOG_SEEDS.append(("synthetic.mjlog", TENHOU_MJLOG.encode()))
    # the project's fixture records (mjlog, tenhou.net/6 JSON, mjai; three and four players), so
    # that a clone with nothing beside it fuzzes whole games too
    fixtures = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
    for p in sorted(fixtures.glob("fixture*.*")):
        LOG_SEEDS.append((p.name, p.read_bytes()))
    root = folder or Path(__file__).resolve().parents[2].parent / "shared" / "data" / "tenhou"
    for sub in ("mjlog", "tenhou6"):
        d = root / sub
        if d.is_dir():
            for p in sorted(d.iterdir())[: n * 50 : 50]:
                LOG_SEEDS.append((p.name.removesuffix(".gz"), gzip.decompress(p.read_bytes())))
    return LOG_SEEDS


_TAG_RE = re.compile(rb"<[^<>]*>")


def mutate_log(src, raw: bytes) -> bytes:
    """Truncations, byte flips, deleted and duplicated tags (or JSON spans), huge numbers."""
    b = bytearray(raw)
    for _ in range(src.int(1, 3)):
        op = src.int(0, 6)
        if not b:
            break
        if op == 0:
            b = b[: src.int(0, len(b))]
        elif op == 1:
            for _ in range(src.int(1, 4)):
                b[src.int(0, len(b) - 1)] = src.int(0, 255)
        elif op in (2, 3):
            tags = [m.span() for m in _TAG_RE.finditer(bytes(b))]
            if tags:
                s, e = src.choice(tags)
                b = b[:s] + (b[s:e] * 2 if op == 3 else b"") + b[e:]
            else:
                i = src.int(0, len(b) - 1)
                del b[i : i + src.int(1, 60)]
        elif op == 4:
            digits = [m.span() for m in re.finditer(rb"\d+", bytes(b))]
            if digits:
                s, e = src.choice(digits)
                b = b[:s] + src.choice((b"99999999999999999999", b"-1", b"1e400", b"136", b"0" * 30)) + b[e:]
        elif op == 5:
            i = src.int(0, len(b) - 1)
            b[i:i] = src.choice((b'"', b"<", b">", b"[", b"{", b",", b"\x00", b"\xff", b"<INIT"))
        else:
            b = bytearray(gzip.compress(bytes(b)))
            if src.int(0, 1):
                b = b[: src.int(0, len(b))]
    return bytes(b)


def t_logs(src) -> None:
    """The readers on a mutated real record: only LogError (naming the file); strict and lenient
    agree (strict reads a game exactly when lenient reads it untruncated)."""
    seeds = log_seed_files()
    name, raw = src.choice(seeds)
    data = mutate_log(src, raw)
    res = {}
    for strict in (True, False):
        try:
            games = read_bytes(data, name, strict=strict, max_bytes=4 << 20)
            res[strict] = games
            for g in games:
                replay(g)
        except LogError as e:
            assert str(e).startswith(name), str(e)
            res.setdefault(strict, e)
    s, l_ = res[True], res[False]
    if isinstance(s, list) and isinstance(l_, list):
        assert [g.events for g in s] == [g.events for g in l_] and not any(g.truncated for g in l_)
    if isinstance(l_, list) and any(g.truncated for g in l_):
        assert not isinstance(s, list), "lenient truncated a game that strict read"


# ---- the game engine -----------------------------------------------------------------------------
_GAME_RULES = (Rules.tenhou(), Rules.tenhou_sanma(), Rules.mahjongsoul(), Rules.ema())
_ACTION_TYPES = ("dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan", "nukidora", "hora", "ryukyoku",
                 "none", "tsumo", "", "DAHAI", None, 5)
_PAI = ("1m", "5m", "5mr", "9p", "5pr", "5sr", "3s", "E", "N", "C", "0m", "5z", "x", "", None, 3, 10**30)
_ODD_SEAT = (-1, 4, 3, 255, 10**30, "0", None, True, 1.0)


def _game_total(g) -> int:
    return sum(g.scores) + 1000 * g._st.table()[6]


def _odd_action(src, g, stale: list):
    """A random, mostly illegal action: a legal one with one field changed, one of another seat or
    an earlier state, a random type / tile / seat, an mjai dict, a forged engine code, or junk."""
    from yakuman.game import Action

    n = g.rules.players
    seat = src.int(0, n - 1) if src.int(0, 7) else src.choice(_ODD_SEAT)
    legal = g.legal_actions(seat) if type(seat) is int and 0 <= seat < n else []
    kind = src.int(0, 7)
    if kind == 0 and legal:
        a = src.choice(legal)
        f = src.int(0, 5)
        t, actor, pai, cons, target, tg = a.type, a.actor, a.pai, a.consumed, a.target, a.tsumogiri
        if f == 0:
            t = src.choice(_ACTION_TYPES)
        elif f == 1:
            actor = src.choice((src.int(0, n - 1), src.choice(_ODD_SEAT)))
        elif f == 2:
            pai = src.choice(_PAI)
        elif f == 3:
            cons = tuple(src.choice(_PAI) for _ in range(src.int(0, 5)))
        elif f == 4:
            target = src.choice((src.int(0, n - 1), src.choice(_ODD_SEAT)))
        else:
            tg = src.choice((True, False, None, 2))
        return Action(t, actor, pai, cons, target, tg)
    if kind == 1 and stale:
        return src.choice(stale)               # legal once, maybe not now (another state, seat, round)
    if kind == 2:
        return Action(src.choice(_ACTION_TYPES), seat, src.choice(_PAI),
                      tuple(src.choice(_PAI) for _ in range(src.int(0, 4))),
                      src.choice((None, src.int(0, n - 1), src.choice(_ODD_SEAT))), src.choice((None, True, False)))
    if kind == 3:
        d = {"type": src.choice(_ACTION_TYPES), "actor": seat}
        for k, vals in (("pai", _PAI), ("target", _ODD_SEAT), ("tsumogiri", (True, False, 1))):
            if src.int(0, 1):
                d[k] = src.choice(vals)
        if src.int(0, 1):
            d["consumed"] = [src.choice(_PAI) for _ in range(src.int(0, 4))]
        return d
    if kind == 4:
        # a forged engine code (Action's private field): any byte values, any number of consumed ids
        code = tuple(src.int(0, 255) if src.int(0, 7) else src.choice((256, -1, 10**30, None)) for _ in range(5)) \
            + (tuple(src.int(0, 255) for _ in range(src.int(0, 6))),)
        return Action("dahai", seat if type(seat) is int else 0, "1m", _code=code)
    if kind == 5:
        # the answers to a discard for several seats at once (seats not asked, wrong answers)
        seats = {src.int(0, n - 1) if src.int(0, 5) else src.choice(_ODD_SEAT) for _ in range(src.int(1, n))}
        out = {}
        for q in seats:
            la = g.legal_actions(q) if type(q) is int and 0 <= q < n else []
            out[q] = src.choice(la) if la and src.int(0, 2) else Action(src.choice(_ACTION_TYPES), q, src.choice(_PAI))
        return out
    if kind == 6:
        return src.choice((None, 0, "dahai", [], (), b"\x00", {"type": "dahai"}, {"actor": 0}))
    return src.choice(legal) if legal else Action("none", seat)


def _is_legal(action, legal: set) -> bool:
    """Whether ``action`` is an Action equal field by field (types included) to a legal one."""
    from yakuman.game import Action

    if type(action) is not Action or type(action.actor) is not int:
        return False
    f = (action.type, action.actor, action.pai, sorted(map(repr, action.consumed)), action.target,
         action.tsumogiri)
    return any(f == (a.type, a.actor, a.pai, sorted(map(repr, a.consumed)), a.target, a.tsumogiri) and
               all(type(x) is type(y) for x, y in zip(f, (a.type, a.actor, a.pai, f[3], a.target, a.tsumogiri)))
               for a in legal)


def _compatible(action, legal: set) -> bool:
    """Whether an accepted action is one of the legal ones: equal to it, a forged engine code
    equal to its code, or an mjai message that leaves out fields (pai, consumed, target,
    tsumogiri) but agrees on every field it gives (docs/game.md)."""
    from yakuman.game import Action

    if type(action) is Action:
        if action._code is not None and any(a._code == action._code for a in legal):
            return True
        d = {"type": action.type, "actor": action.actor, "pai": action.pai, "consumed": action.consumed,
             "target": action.target, "tsumogiri": action.tsumogiri}
    else:
        d = dict(action)
    for a in legal:
        if a.type != d.get("type") or a.actor != d.get("actor"):
            continue
        if d.get("pai") is not None and d["pai"] != a.pai:
            continue
        if d.get("consumed") and sorted(d["consumed"]) != sorted(a.consumed):
            continue
        if d.get("tsumogiri") is not None and d["tsumogiri"] != a.tsumogiri:
            continue
        if d.get("target") is not None and a.type != "dahai" and d["target"] != a.target:
            continue
        return True
    return False


def t_game(src) -> None:
    """The engine's ``step`` on random and illegal actions in states reached by random legal play
    (4- and 3-player): a legal action is never refused; anything else raises IllegalActionError
    (an InvalidContextError for a non-seat key of the ``{seat: action}`` form) and changes nothing
    (the pickled state is byte-identical); after every step the engine's self-check holds and the
    points on the table (scores + riichi sticks) are what the game started with."""
    import pickle

    from yakuman.errors import IllegalActionError, InvalidContextError
    from yakuman.game import Action, Game

    rules = src.choice(_GAME_RULES)
    g = Game(rules, src.int(0, 2**64 - 1))
    start = rules.players * rules.start_points
    stale: list = []
    for _ in range(src.int(0, 40)):
        for _ in range(src.int(0, 25)):          # random legal play to a random state
            if g.done:
                break
            la = g.legal_actions(src.choice(g.to_act))
            if src.int(0, 3) == 0:
                stale.append(src.choice(la))
            g.step(src.choice(la))
        before = pickle.dumps(g)
        legal = {a for q in g.to_act for a in g.legal_actions(q)}
        action = _odd_action(src, g, stale)
        try:
            g.step(action)
        except (IllegalActionError, InvalidContextError) as e:
            if isinstance(e, InvalidContextError):
                assert isinstance(action, dict) and "type" not in action, (action, e)
            assert not _is_legal(action, legal), f"legal {action!r} refused: {e}"
            assert pickle.dumps(g) == before, f"{action!r} refused but the state changed"
        else:
            answers = action.values() if isinstance(action, dict) and "type" not in action else [action]
            for a in answers:
                assert _compatible(a, legal), f"illegal {a!r} accepted; legal: {sorted(map(repr, legal))}"
        assert g.check() == 0, f"engine self-check failed after {action!r}"
        if not g.done:
            assert _game_total(g) == start, f"points not conserved after {action!r}"
        else:
            res = g.result
            assert sorted(res.placements) == list(range(rules.players))
            break


# ---- issue 25: bot answers, forged states, determinized worlds, rules files ----------------------
_JUNK = (None, 0, -1, 3, 2**63, 10**30, 1.5, float("nan"), float("inf"), True, False, "", "1m", "5mr", "?", "dahai",
         "none", "\x1b[31m", [], ["1m"], ["1m", "1m"], [3, 4], ["5m", None], [["1m"]], ["1m"] * 5, {}, {"a": 1},
         (), ("1m", "2m"))
_FIELDS = ("type", "actor", "pai", "consumed", "target", "tsumogiri")


def _random_state(src, rules=None):
    """A game at a random point of random legal play (not over)."""
    from yakuman.game import Game

    rules = rules or src.choice(_GAME_RULES)
    g = Game(rules, src.int(0, 2**64 - 1))
    for _ in range(src.int(0, 300)):
        if g.done:
            break
        acts = {q: src.choice(g.legal_actions(q)) for q in g.to_act}
        g.step(next(iter(acts.values())) if g._st.phase() == 0 else acts)
    return g


def _odd_answer(src, g, seat: int):
    """An mjai answer of any shape: a legal one's fields, some replaced by junk, dropped or added."""
    legal = g.legal_actions(seat)
    d = src.choice(legal).to_mjai() if legal and src.int(0, 3) else {}
    for _ in range(src.int(0, 3)):
        f = src.choice(_FIELDS + ("extra",))
        k = src.int(0, 2)
        if k == 0:
            d.pop(f, None)
        else:
            d[f] = src.choice(_JUNK) if k == 1 else (src.choice(legal).to_mjai().get(f) if legal else None)
    return d if src.int(0, 15) else src.choice(_JUNK)


def _matches(d, a) -> bool:
    """Whether legal action ``a`` agrees with every field the answer ``d`` gives (the oracle)."""
    if d.get("type") != a.type or d.get("actor", a.actor) != a.actor or type(d.get("actor", 0)) is bool:
        return False
    if d.get("pai") is not None and d["pai"] != a.pai:
        return False
    if d.get("consumed") is not None and sorted(d["consumed"]) != sorted(a.consumed):
        return False
    if d.get("tsumogiri") is not None and d["tsumogiri"] is not a.tsumogiri:
        return False
    return d.get("target") is None or a.type == "dahai" or d["target"] == a.target


def t_answers(src) -> None:
    """Answers of any shape (null, numbers, lists, strings in every field) to ``Game._resolve`` /
    ``step`` and, 1 input in 8, from a bot in ``play``: an answer is taken exactly when one legal
    action agrees with every field it gives (and then it is that action), refused otherwise with
    an IllegalActionError and an unchanged state; ``play`` reports a bad answer as its seat's
    fault and never raises."""
    import pickle

    from yakuman.errors import IllegalActionError
    from yakuman.game.mjai import play

    if src.int(0, 7) == 0:
        rules = src.choice(_GAME_RULES)
        bad_seat, when = src.int(0, rules.players - 1), src.int(0, 30)
        calls = [0]

        def bot_for(seat):
            def bot(events):
                calls[0] += 1
                last = events[-1]
                if seat == bad_seat and calls[0] >= when:
                    return src.choice(_JUNK) if src.int(0, 3) == 0 else \
                        {f: src.choice(_JUNK) for f in _FIELDS if src.int(0, 1)}
                if last["type"] == "tsumo" and last["pai"] != "?":
                    return {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
                return {"type": "none"}
            return bot

        res = play([bot_for(q) for q in range(rules.players)], rules, src.int(0, 2**64 - 1), timeout=30,
                   max_decisions=60)
        assert res.error is None or (res.error.seat == bad_seat and res.error.kind in ("malformed", "illegal")), \
            res.error
        return
    g = _random_state(src)
    if g.done:
        return
    seat = src.choice(g.to_act)
    ans = _odd_answer(src, g, seat)
    legal = g.legal_actions(seat)
    before = pickle.dumps(g)
    fits = {a._key(): a for a in legal if isinstance(ans, dict) and _safe_match(ans, a)}
    try:
        got = g._resolve(ans, seat)
    except IllegalActionError:
        assert len(fits) != 1 or not _plain(ans), f"{ans!r} refused; it names {list(fits.values())}"
        assert pickle.dumps(g) == before
        return
    assert _plain(ans) and list(fits) == [got._key()], f"{ans!r} taken as {got!r}; fits {list(fits.values())}"
    g.step({seat: ans})
    assert g.check() == 0


def _plain(d) -> bool:
    """An answer whose given fields are all of an action's kinds (what _resolve may take)."""
    from yakuman.game._actions import _PAI_NAMES

    if not isinstance(d, dict) or type(d.get("type")) is not str or type(d.get("actor", 0)) is not int:
        return False
    pai, cons, target, tg = d.get("pai"), d.get("consumed"), d.get("target"), d.get("tsumogiri")
    return (pai is None or (type(pai) is str and pai in _PAI_NAMES)) and \
        (cons is None or (type(cons) in (list, tuple) and len(cons) <= 4 and
                          all(type(c) is str and c in _PAI_NAMES for c in cons))) and \
        (target is None or type(target) is int) and (tg is None or type(tg) is bool)


def _safe_match(d, a) -> bool:
    return _plain(d) and _matches(d, a)


# 64-bit values at and around the engine's score limits (csrc/ym_game.h: 2^62 playable, 2^59 per
# hand, 2^62 + 2^59 + 2^40 once over) and the int64 ends
_EXTREME_I64 = tuple(v for x in (2**63 - 1, 2**62, 2**62 + 1, 2**62 + 2**59 + 2**40, 2**62 + 2**59 + 2**40 + 1,
                                 2**59, 2**59 + 1, 2**31, 1) for v in (x, -x)) + (-(2**63),)


def t_forged_state(src) -> None:
    """``GameState.from_raw`` / unpickling on forged native states: random bytes, single-field
    forgeries of a valid state (one byte, or a run of bytes, overwritten; or an aligned 8-byte
    field, where the 64-bit scores, deltas and final values live, set to a value at the score
    limits or the int64 ends) with the digest recomputed, forged events. Each is refused with an
    InvalidContextError or loads as a state the engine's own self-check accepts, that plays on
    without a crash (and, under the sanitizers, without an overflow)."""
    import struct

    from yakuman import _core
    from yakuman.errors import InvalidContextError
    from yakuman.game import Game, _state_digest

    g = _random_state(src)
    state = g.__getstate__()
    raw = bytearray(state["raw"])
    kind = src.int(0, 6)
    if kind == 5:
        at = 8 * src.int(0, len(raw) // 8 - 1)
        raw[at:at + 8] = struct.pack("<q", src.choice(_EXTREME_I64))
    if kind == 0:
        raw = bytearray(src.blob(len(raw)).ljust(len(raw), b"\0"))
    elif kind == 1:
        raw[src.int(0, len(raw) - 1)] = src.int(0, 255)
    elif kind == 2:
        at = src.int(0, len(raw) - 1)
        for i in range(at, min(len(raw), at + src.int(1, 8))):
            raw[i] = src.choice((0, 1, 3, 4, 13, 14, 33, 34, 127, 128, 135, 136, 254, 255))
    elif kind == 3:
        for _ in range(src.int(1, 4)):
            raw[src.int(0, len(raw) - 1)] ^= 1 << src.int(0, 7)
    elif kind == 4 and state["events"]:
        ev = [dict(e) for e in state["events"]]
        i = src.int(0, len(ev) - 1)
        ev[i][src.choice(("type", "actor", "pai", "x"))] = src.choice(_JUNK[:14])
        state = dict(state, events=ev)
    forged = dict(state, raw=bytes(raw))
    forged["digest"] = _state_digest(forged)
    if src.int(0, 3) == 0:
        try:
            st = _core.GameState.from_raw(_core.compiled_game_rules(g.rules), bytes(raw))
        except InvalidContextError:
            return
        assert st.check() == 0 and st.validate() is None
        return
    h = Game.__new__(Game)
    try:
        h.__setstate__(forged)
    except InvalidContextError:
        return
    assert h.check() == 0 and h._st.validate() is None, "a loaded state breaks an invariant"
    for _ in range(src.int(0, 20)):
        if h.done:
            break
        for q in range(h.rules.players):
            h.observation(q)
        acts = {q: src.choice(h.legal_actions(q)) for q in h.to_act}
        h.step(next(iter(acts.values())) if h._st.phase() == 0 else acts)
        assert h.check() == 0


def t_determinize(src) -> None:
    """Determinized worlds: valid states, the seat's own view unchanged when it is to act, a world
    that is the same from another world of the same seat (a function of its view), that plays on
    without an illegal state; 1 in 8 played to the end gives a record parse_mjai reads. Also forged
    history ops given to the engine (refused, or a valid world) and positions read from a record."""
    from yakuman.logs.mjai import parse_mjai

    from yakuman.game import Game

    g = _random_state(src)
    if g.done:
        return
    seat = src.int(0, g.rules.players - 1)
    s = src.int(0, 2**64 - 1)
    if src.int(0, 3) == 0:   # forged history ops: refused with the state unchanged, or a valid world
        st = g._st.copy()
        ops = bytes(src.int(0, 255) for _ in range(src.int(0, 700)))
        rc = st.world(seat, s, ops)
        assert rc in (0, 1) and (st.raw() == g._st.raw() if rc else st.validate() is None and st.check() == 0)
    record = src.int(0, 7) == 0 and g._st.phase() <= 1
    if record:   # a position read from the record: its events begin inside the round (no start_kyoku)
        g = Game.from_mjai(g.events, rules=g.rules)   # an mjai record does not carry the rules
        if g.done:
            return
    w = g.determinize(seat, s)
    assert w._st.validate() is None and w.check() == 0
    if seat in g.to_act:
        o, o2 = g.observation(seat), w.observation(seat)
        assert o.hand == o2.hand and o.discards == o2.discards and o.legal_actions == o2.legal_actions
        twin = w.determinize(seat, src.int(0, 2**64 - 1))
        assert twin.determinize(seat, s)._st.raw() == w._st.raw(), "a world depends on hidden tiles"
    full = src.int(0, 7) == 0
    for _ in range(10**6 if full else src.int(0, 30)):
        if w.done:
            break
        acts = {q: src.choice(w.legal_actions(q)) for q in w.to_act}
        w.step(next(iter(acts.values())) if w._st.phase() == 0 else acts)
        assert w.check() == 0
    if full and not record:
        assert len(parse_mjai(w.events)) == 1


_KNOBS = None


def t_rules_files(src) -> None:
    """Rules files of any content (knob tables with odd values, deep nesting, non-UTF-8 bytes,
    non-string keys, other types) through ``Rules.load`` and ``Rules.from_dict``: Rules or an
    InvalidRulesError naming the file, nothing else."""
    import dataclasses
    import json
    import os
    import tempfile

    from yakuman.errors import InvalidRulesError

    global _KNOBS
    if _KNOBS is None:
        _KNOBS = [f.name for f in dataclasses.fields(Rules)]
    vals = _JUNK + ("tenhou", "ema", "yakuman", "all", "x" * 100, {"1": 2}, -(10**6), 10**6 + 1)
    kind = src.int(0, 5)
    if kind == 0:
        data = {src.choice(_KNOBS + ["preset", "x"]): src.choice(vals) for _ in range(src.int(0, 6))}
        text = json.dumps(data, default=str) if src.int(0, 1) else None
    elif kind == 1:
        depth = src.int(1, 200000)
        text = src.choice(('{"uma": ', "")) + "[" * depth + "]" * (depth if src.int(0, 1) else 0) + \
            ("}" if src.int(0, 1) else "")
        data = None
    elif kind == 2:
        text = src.blob(src.int(0, 64)).decode("latin-1")
        data = None
    elif kind == 3:
        data = {src.choice((1, 2.5, None, (1,), "uma")): src.choice(vals)}
        text = None
    elif kind == 4:
        rhs = ("1", "true", "[1, 2]", '"x"', "{a = 1}", "[[[[1]]]]", "nan")
        text = "\n".join(f"{src.choice(_KNOBS)} = {src.choice(rhs)}" for _ in range(src.int(0, 5)))
        data = None
    else:
        data = src.choice(vals)
        text = None
    if text is None:
        try:
            Rules.from_dict(data)
        except InvalidRulesError:
            pass
        return
    suffix = src.choice((".json", ".toml"))
    fd, path = tempfile.mkstemp(suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8", "surrogateescape") if kind != 2 else text.encode("latin-1"))
        try:
            Rules.load(path)
        except InvalidRulesError as e:
            assert os.path.basename(path) in str(e), f"the error does not name the file: {e}"
    finally:
        os.unlink(path)


# ---- the expected-value calculator (yakuman.ev) -----------------------------------------------
# the rule sets of the other targets, and the knobs that change what a win is worth most: no limit
# (aotenjou, four and three players), counted yakuman, two han from five honba
_EV_RULES = _RULES + (Rules.tenhou().replace(aotenjou=True), Rules.tenhou_sanma().replace(aotenjou=True),
                      Rules.tenhou().replace(kazoe="multiple"), Rules.mahjongsoul().replace(ryanhan_shibari=True))
_EV_MELDS = ("pon 777z", "pon 111p", "chi 345s", "chi 406m", "ankan 2222z", "minkan 9999s", "pon 055p",
             "kakan 1111m", "x", "pon 12m", "chi 999p")


def _ev_request(src, players: int) -> tuple:
    """(hand, melds) for discard_ev: usually a generated winning hand with one or two tiles
    swapped for random ones (so that most requests are 0-2 shanten and reach the search), one tile
    taken away now and then (a 13-3k hand); sometimes random tiles, or any hand-like value."""
    pick = src.int(0, 9)
    if pick == 0:
        return _hand_any(src), [src.choice(_EV_MELDS) for _ in range(src.int(0, 1))]
    kinds = [k for k in range(34) if not (players == 3 and 1 <= k <= 7)]
    if pick == 1:
        c = [0] * 34
        for _ in range(src.choice((14, 13, 11, 15))):
            c[src.choice(kinds)] += 1
        return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" * min(c[k], 4) for k in range(34)), []
    wins = _wins(players)
    kw = wins.kwargs(src.int(0, len(wins) - 1))
    from yakuman.tiles import parse_mpsz, to_mpsz

    counts, reds = parse_mpsz(kw["hand"])
    counts, reds = list(counts), list(reds)
    held = [k for k in range(34) for _ in range(counts[k])]
    for _ in range(src.choice((1, 1, 2, 0))):
        k = src.choice(held)
        if k in (4, 13, 22) and reds[k // 9] and counts[k] == reds[k // 9]:
            reds[k // 9] -= 1
        counts[k] -= 1
        held.remove(k)
        if src.int(0, 5):   # else one tile fewer: a 13-3k request
            j = src.choice(kinds)
            counts[j] += 1
            held.append(j)
    if max(counts) > 4:   # a fifth copy: the request is refused, as written
        return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" * counts[k] for k in range(34)), list(kw.get("melds", ()))
    return to_mpsz(counts, reds), list(kw.get("melds", ()))


def _ev_ok_row(row, t_max: int, max_shanten: int, model: str, declare: bool) -> None:
    """What every row of a result satisfies (docs/ev.md)."""
    for arr in (row.tenpai_prob, row.win_prob, row.exp_score):
        assert arr.shape == (t_max + 1,) and arr.dtype == np.float64, arr
    assert isinstance(row.shanten, int) and -1 <= row.shanten <= 8, row.shanten
    assert all(isinstance(v, int) and v >= 0 for v in row.necessary.values()), row.necessary
    if math.isnan(row.win_prob[1]):
        return
    assert row.shanten <= max_shanten + 1, (row.shanten, max_shanten)
    assert row.tenpai_prob[0] == row.win_prob[0] == row.exp_score[0] == 0.0
    values = np.stack([row.tenpai_prob[1:], row.win_prob[1:], row.exp_score[1:]])
    assert np.all(np.isfinite(values)) and np.all(values[:2] >= -1e-12), values
    # a score is never below 0, but where riichi="declare" forces the stick (1,000) on a discard
    assert np.all(values[2] >= (-1000.0 if declare else 0.0) - 1e-9), values
    if model == "full":   # capped at 1 (the reference's divisor lets a probability pass 1)
        assert np.all(values[:2] <= 1 + 1e-9), values
    assert np.all(row.win_prob[1:] <= row.tenpai_prob[1:] + 1e-12) or model == "reference"


def t_ev(src) -> None:
    """discard_ev on any request: a result or a yakuman.errors exception, never a crash, a hang or
    a value outside what docs/ev.md promises (rows one per distinct discard, arrays indexed by turn,
    probabilities in [0, 1] under model="full", index 0 at 0, the best first)."""
    from yakuman.ev import discard_ev

    rules = src.choice(_EV_RULES)
    model = src.choice(("full", "full", "reference"))
    t_max = src.int(1, 8)
    max_shanten = src.int(0, 2)
    kw = dict(model=model, t_max=t_max, max_shanten=max_shanten, turn=src.int(0, t_max))
    if model == "full":
        kw["rules"] = rules
    if src.int(0, 9) == 0:
        kw["melds"] = [src.choice(_EV_MELDS) for _ in range(src.int(1, 2))]
    if src.int(0, 2) == 0:
        kw["dora"] = "".join(f"{src.int(1, 9)}{src.choice('mpsz')}" for _ in range(src.int(1, 3)))
    if model == "full" and src.int(0, 3) == 0:
        kw["kita"] = _odd_int(src, 0, 4)
    if model == "full" and src.int(0, 3) == 0:
        kw["honba"] = _odd_int(src, 0, 8)
        kw["riichi_sticks"] = _odd_int(src, 0, 3)
    if model == "full" and src.int(0, 4) == 0:
        kw["wall"] = [src.int(0, 4) for _ in range(34)] if src.int(0, 3) else [_odd_int(src, 0, 4)] * src.int(33, 35)
    if model == "full" and src.int(0, 5) == 0:
        kw["wall_red"] = [_odd_int(src, 0, 1) for _ in range(src.choice((3, 3, 2)))]
    if src.int(0, 7) == 0:
        kw.update(extra=_odd_int(src, 0, 1), tegawari=src.choice((True, False, 1, "no")),
                  shanten_down=src.choice((True, False)), red=src.choice((True, False)))
    if model == "full" and src.int(0, 4) == 0:
        kw["riichi"] = src.choice(("choose", "never", "declare", "choose", "always"))
    if src.int(0, 4) == 0:
        kw["seat_wind"] = src.choice(("E", "S", "W", "N", 3, 7, "x"))
    hand, melds = _ev_request(src, rules.players if model == "full" else 4)
    if melds and "melds" not in kw:
        kw["melds"] = melds
    how, res = _outcome(discard_ev, hand, **kw)
    if how == "error":
        return
    rows = res.rows
    assert rows, "a result without rows"
    tiles_ = [r.tile for r in rows]
    assert len(set(tiles_)) == len(tiles_), tiles_
    assert (tiles_ == [None]) or None not in tiles_, tiles_
    for r in rows:
        _ev_ok_row(r, t_max, max_shanten, model, kw.get("riichi") == "declare")
    t = kw["turn"]
    scores = [r.exp_score[t] for r in rows if not math.isnan(r.exp_score[t])]
    assert scores == sorted(scores, reverse=True), scores
    assert all(not math.isnan(r.exp_score[t]) for r in rows[:len(scores)]), "a NaN row before a valued one"
    if type(hand) is str and rules is _RULES[0] and not kw.get("kita") and src.int(0, 3) == 0:
        _ev_suit_swap(discard_ev, hand, kw, rows)


def _swap_mp(text: str) -> str:
    return text.translate(str.maketrans("mp", "pm"))


def _ev_suit_swap(discard_ev, hand: str, kw: dict, rows) -> None:
    """Metamorphic check under Tenhou's rules (no yaku there tells man from pin: ryuuiisou is sou,
    chuuren any suit, no daisharin): the same request with man and pin swapped everywhere (the
    hand, the melds' tiles, the indicators, the wall and its red fives) has the same rows, each
    discard's tile swapped, with the same values at every turn."""
    kw2 = dict(kw)
    if "melds" in kw2:
        kw2["melds"] = [m.split(" ", 1)[0] + " " + _swap_mp(m.split(" ", 1)[1]) if isinstance(m, str) and " " in m
                        else m for m in kw2["melds"]]
    if isinstance(kw2.get("dora"), str):
        kw2["dora"] = _swap_mp(kw2["dora"])
    wall = kw2.get("wall")
    if isinstance(wall, list) and len(wall) == 34:
        kw2["wall"] = wall[9:18] + wall[0:9] + wall[18:]
    wr = kw2.get("wall_red")
    if isinstance(wr, list) and len(wr) == 3:
        kw2["wall_red"] = [wr[1], wr[0], wr[2]]
    how, res2 = _outcome(discard_ev, _swap_mp(hand), **kw2)
    assert how == "ok", (hand, kw2, res2)
    got = {r.tile: r for r in res2.rows}
    assert len(got) == len(rows), (len(got), len(rows))
    for r in rows:
        r2 = got[None if r.tile is None else _swap_mp(r.tile)]
        assert r2.shanten == r.shanten, (r.tile, r.shanten, r2.shanten)
        assert {(_swap_mp(k), v) for k, v in r.necessary.items()} == set(r2.necessary.items()), r.tile
        for a, b in ((r.tenpai_prob, r2.tenpai_prob), (r.win_prob, r2.win_prob), (r.exp_score, r2.exp_score)):
            assert np.allclose(a, b, rtol=1e-12, atol=1e-12, equal_nan=True), (hand, kw, r.tile, a, b)


def t_ev_many(src) -> None:
    """ev_many on small batches, one column damaged now and then: a bad row gets its own status and
    message, and an accepted row's best discard is discard_ev's for the same keyword arguments
    (refused exactly where discard_ev raises)."""
    from yakuman.ev import discard_ev, ev_many, ev_row_kwargs

    rules = src.choice(_RULES)
    players = rules.players
    n = src.int(1, 4)
    kinds = [k for k in range(34) if not (players == 3 and 1 <= k <= 7)]
    counts = np.zeros((n, 34), np.int64)
    for i in range(n):
        for _ in range(src.choice((14, 13, 14, 11, 12))):
            counts[i, src.choice(kinds)] += 1
    counts = np.minimum(counts, 4)
    cols = {"counts": counts.astype(np.uint8),
            "reds": np.array([[src.int(0, 7) == 0 and counts[i, 9 * s + 4] > 0 for s in range(3)] for i in range(n)],
                             np.uint8),
            "dora": np.array([[src.int(0, 33) for _ in range(5)] for _ in range(n)], np.uint8),
            "n_dora": np.array([src.int(0, 2) for _ in range(n)], np.uint8),
            "seat_wind": np.array([src.int(0, players - 1) for _ in range(n)], np.uint8),
            "kita": np.array([src.int(0, 2) if players == 3 else 0 for _ in range(n)], np.uint8)}
    if src.int(0, 2) == 0:
        cols["honba"] = np.array([src.int(0, 3) for _ in range(n)], np.uint16)
        cols["riichi_sticks"] = np.array([src.int(0, 2) for _ in range(n)], np.uint16)
    if src.int(0, 3) == 0:   # what can still be drawn: at most the copies not held, now and then one more
        cols["wall"] = np.array([[max(0, min(4, 4 - int(counts[i, k]) - src.int(0, 1) + (src.int(0, 40) == 0)))
                                  if kinds.count(k) else 0 for k in range(34)] for i in range(n)], np.uint8)
    if src.int(0, 7) == 0:
        cols["players"] = np.array([src.choice((players, players, 7 - players)) for _ in range(n)], np.uint8)
    if src.int(0, 2) == 0:   # a value outside the column's range, or garbage in range
        name = src.choice(sorted(cols))
        a = cols[name].astype(np.int64)
        a[src.int(0, n - 1)] = src.choice((-1, 300, 2**40, src.int(0, 255)))
        cols[name] = a
    opts = dict(max_shanten=src.int(0, 1), t_max=src.int(2, 6))
    res = ev_many(cols, rules=rules, workers=src.int(1, 2), **opts)
    assert len(res) == n
    assert set(np.flatnonzero(res.status).tolist()) == set(res.messages), res.messages
    for i in range(n):
        if res.status[i] == 13:   # a cell outside its column's dtype (read or not): the row is damaged
            assert "outside" in res.messages[i], res.messages[i]
            continue
        if "players" in cols and int(cols["players"][i]) != players:   # another table's row (status 14)
            assert res.status[i] == 14, (i, int(res.status[i]), res.messages.get(i))
            continue
        try:
            kw = ev_row_kwargs(cols, i)
        except YakumanError:   # a row no keyword arguments can express: refused by ev_many too
            assert res.status[i] != 0, (i, cols)
            continue
        how, one = _outcome(discard_ev, rules=rules, **opts, **kw)
        assert (res.status[i] == 0) == (how == "ok"), (i, int(res.status[i]), res.messages.get(i), one)
        if how == "ok":
            a, b = float(res.exp_score[i]), float(one.best.exp_score[res.turn])
            assert (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 1e-9 * max(1.0, abs(b)), (i, a, b)


def _on_mutated_record(src, fn):
    """fn(path) on a seed record (log_seed_files) mutated 0-3 times (mutate_log), written to a
    temporary file named like it (removed after)."""
    import os
    import tempfile

    name, raw = src.choice(log_seed_files())
    data = mutate_log(src, raw) if src.int(0, 4) else raw
    fd, path = tempfile.mkstemp(suffix="-" + name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return fn(path)
    finally:
        os.unlink(path)


_EXC_TEXT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(Error|Exception|Exit|Interrupt): ")


def t_review(src) -> None:
    """logs review (review_file) on a real or synthetic record mutated 0-3 times, for a random
    seat, policy greedy or ev: a FileReview whose errors are the record's own (a LogError with its
    round and event, or the engine stopping the record), never an exception of the code reported
    as a game's error ("IndexError: ..."); every row's loss is >= 0 where it is judged."""
    import json

    from yakuman.logs.review import review_file

    fr = _on_mutated_record(src, lambda path: review_file(path, seat=src.int(0, 3),
                                                          policy=src.choice(("greedy", "greedy", "ev")), rollouts=0))
    for e in fr.errors:
        assert not _EXC_TEXT.match(e["error"]), e
    for row in fr.rows:
        json.loads(row["options"])
        if row["judged"]:
            assert row["loss"] >= 0 and row["agree"] == (row["loss"] <= 1e-9), row



def t_decisions(src) -> None:
    """Training data from a record (yakuman.logs.decisions) mutated 0-3 times: the rows or a
    yakuman.errors exception (a LogError names the file); in the rows, each taken action is legal
    in its mask and every row's seat is a seat of the game."""
    from yakuman.logs.decisions import decisions

    how, d = _on_mutated_record(src, lambda path: _outcome(decisions, path))
    if how == "error":
        return
    n = len(d.action)
    assert d.mask.shape[0] == n and bool(d.mask[np.arange(n), d.action].all()), "a taken action outside its mask"
    assert n == 0 or (0 <= int(d.seat.min()) and int(d.seat.max()) <= 3)



def t_from_record(src) -> None:
    """Game.from_record on a record mutated 0-3 times, at a random event: a live game whose
    self-check holds and that plays on (random legal actions, a determinized copy now and then,
    its self-check after each step), or a yakuman.errors exception (a LogError naming the round
    and event of a damaged one)."""
    from yakuman.game import Game
    from yakuman.logs import read

    def play(path):
        how, games = _outcome(read, path, strict=False)
        if how == "error" or not games:
            return
        g = games[0]
        how, live = _outcome(Game.from_record, g, src.int(0, len(g.events)))
        if how == "error":
            return
        assert live.check() == 0
        for _ in range(src.int(0, 60)):
            if live.done:
                break
            q = live.decision_seat
            if src.int(0, 15) == 0:
                live = live.determinize(q, src.int(0, 2**32))
                assert live.check() == 0
            live.step(src.choice(live.legal_actions(q)))
            assert live.check() == 0

    _on_mutated_record(src, play)


TARGETS = {
    "parsers": t_parsers,
    "shanten": t_shanten,
    "score": t_score,
    "batch": t_batch,
    "shanten_state": t_shanten_state,
    "logs": t_logs,
    "game": t_game,
    "answers": t_answers,
    "forged_state": t_forged_state,
    "determinize": t_determinize,
    "rules_files": t_rules_files,
    "ev": t_ev,
    "ev_many": t_ev_many,
    "review": t_review,
    "decisions": t_decisions,
    "from_record": t_from_record,
}
