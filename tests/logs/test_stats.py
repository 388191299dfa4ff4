"""Player statistics (yakuman.logs.stats) and the HTML report (yakuman.logs.report).

Independent checks:
- small hand-made games whose every figure is worked out by hand in the test;
- the real Tenhou mjlog corpus, counted again here straight from the raw XML tags with a few
  regular expressions (no yakuman reader involved): rounds, wins, tsumo, deal-ins, riichi
  declarations, open calls (meld bits), exhaustive-draw tenpai, final scores and placements,
  win points and yaku ids;
- the same games written as tenhou.net/6 JSON and mjai and read back give the same statistics.
"""

from __future__ import annotations

import gzip
import json
import math
import re
import urllib.parse
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from tests.conftest import shared_data_path
from tests.logs.conftest import TENHOU, engine_fixture_files, fixture_files, need_chromium, render_in_chromium
from yakuman import logs
from yakuman.cli import main
from yakuman.logs.events import (
    YAKU_NAMES,
    Call,
    Discard,
    Game,
    GameEnd,
    GameStart,
    RiichiAccept,
    RiichiDeclare,
    RoundStart,
    Ryuukyoku,
    Win,
)
from yakuman.logs.stats import OVERALL, compute_stats, game_players, wilson

HANDS4 = tuple(tuple(range(13 * s, 13 * s + 13)) for s in range(4))


def _rs(i, dealer, players=4):
    hands = HANDS4 if players == 4 else HANDS4[:3] + ((),)
    return RoundStart(i, 0, 0, dealer, (25000,) * players, 135, hands)


def _win(seat, frm, points, yaku=((1, 1),), yakuman=()):
    return Win(seat=seat, from_seat=frm, points=points, han=1, fu=30, yaku=yaku, yakuman=yakuman)


def two_games():
    """Two four-player games of the same four names, all figures worked out below."""
    st = GameStart(players=4, names=("A", "B", "C", "D"))
    g1 = Game("g1", (
        st,
        # round 1: A riichi, B pon (from A), C ankan (not a call), A rons B for 2000
        _rs(0, 0), RiichiDeclare(0), Discard(0, 100), RiichiAccept(0),
        Call(1, "pon", (96, 97, 98), 98, 0), Call(2, "ankan", (120, 121, 122, 123)),
        _win(0, 1, 2000, yaku=((1, 1), (7, 1), (52, 0))),
        # round 2: D tsumo 4000 (yakuman 0 entries: riichi listed with 1, dora 2)
        _rs(1, 1), Call(3, "chi", (4, 8, 12), 12, 2), Call(3, "kakan", (96, 97, 98, 99), added=99),
        _win(3, 3, 4000, yaku=((0, 1), (52, 2))),
        # round 3: double ron off C: A 1000, B 8000; B declared riichi (ronned on the declaration: counts)
        _rs(2, 2), RiichiDeclare(1), _win(0, 2, 1000), _win(1, 2, 8000, yaku=((1, 1), (35, 6))),
        # round 4: exhaustive draw, A and D tenpai; D kita (sanma only in reality; must not count as a call)
        _rs(3, 3), Call(3, "kita", (120,)),
        Ryuukyoku("exhaustive", (True, False, False, True), None, (1500, -1500, -1500, 1500)),
        # round 5: abortive draw (no tenpai information counted)
        _rs(3, 3), Ryuukyoku("kyuushu_kyuuhai", None, None, (0, 0, 0, 0)),
        GameEnd((30000, 30000, 15000, 25000)),
    ))
    # game 2: seats rotate (names by seat B, C, D, A); one round, C (seat 1) wins a ron off A (seat 3)
    g2 = Game("g2", (
        GameStart(players=4, names=("B", "C", "D", "A")),
        _rs(0, 0), _win(1, 3, 12000, yaku=(), yakuman=(39,)),
        GameEnd((25000, 37000, 25000, 13000)),
    ))
    return g1, g2


def test_hand_made_games():
    rep = compute_stats(list(two_games()))
    a = rep.stats[(4, "A")]
    # placements: g1 30000 tie A (seat 0) / B (seat 1): A 1st, B 2nd, D 3rd, C 4th; g2: A 4th
    assert a.games == 2 and a.placements == [1, 0, 0, 1] and a.avg_placement == 2.5
    assert a.final_score_sum == 43000
    assert a.rounds == 6 and a.wins == 2 and a.tsumo_wins == 0
    assert a.win_points == [2000, 1000]
    assert a.deal_ins == 1 and a.deal_in_points == [12000]
    assert a.riichi == 1 and a.calls == 0
    assert (a.exhaustive_draws, a.tenpai_at_draw) == (1, 1)
    assert a.yaku_wins == 2 and a.yaku == Counter({"riichi": 2, "pinfu": 1})   # dora with 0 han is not listed
    b = rep.stats[(4, "B")]
    # g1: 2nd (tied with A, farther from the first dealer); g2: seat 0 with 25000, ahead of D's 25000
    assert b.games == 2 and b.placements == [0, 2, 0, 0]
    assert b.wins == 1 and b.riichi == 1 and b.calls == 1 and b.deal_ins == 1 and b.deal_in_points == [2000]
    assert b.yaku == Counter({"riichi": 1, "chinitsu": 1})
    c = rep.stats[(4, "C")]
    assert c.placements == [1, 0, 0, 1] and c.calls == 0 and c.deal_ins == 1 and c.deal_in_points == [9000]
    assert c.wins == 1 and c.yaku == Counter({"daisangen": 1}) and c.win_points == [12000]
    d = rep.stats[(4, "D")]
    assert d.calls == 1 and d.wins == 1 and d.tsumo_wins == 1 and d.tsumo_share == 1.0
    assert d.yaku == Counter({"menzen_tsumo": 1, "dora": 1}) and d.tenpai_rate == 1.0
    assert d.placements == [0, 0, 2, 0]
    o = rep.overall(4)
    assert o.games == 8 and o.placements == [2, 2, 2, 2] and o.avg_placement == 2.5
    assert o.rounds == 24 and o.wins == 5 and o.deal_ins == 3 and o.riichi == 2 and o.calls == 2
    assert (o.exhaustive_draws, o.tenpai_at_draw) == (4, 2)
    assert o.win_rate == 5 / 24 and o.tenpai_rate == 0.5


def test_player_filter_and_outputs(tmp_path):
    rep = compute_stats(list(two_games()), player="A")
    assert {name for _, name in rep.stats} == {"A", OVERALL}
    d = rep.to_dict()
    assert d["tables"]["4"]["players"][0]["name"] == "A"
    lo, hi = d["tables"]["4"]["players"][0]["win_rate_ci"]
    assert (lo, hi) == pytest.approx(wilson(2, 6))
    json.dumps(d, allow_nan=False)
    rows = rep.rows()
    assert [r["name"] for r in rows] == [OVERALL, "A"] and rows[1]["place4"] == 1
    pytest.importorskip("pyarrow")
    assert rep.write_parquet(tmp_path / "s.parquet") == 2
    import pyarrow.parquet as pq

    t = pq.read_table(tmp_path / "s.parquet")
    assert t.column("wins").to_pylist() == [5, 2]


def test_wilson_interval_values():
    # reference values of the Wilson score interval (95 %), computed from the closed formula by hand:
    # k=0, n=10: [0, 0.2775]; k=5, n=10: [0.2366, 0.7634]
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.27754, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == pytest.approx((0.23659, 0.76341), abs=1e-4)
    assert all(math.isnan(x) for x in wilson(0, 0))


def test_game_players():
    g1, g2 = two_games()
    assert game_players(g1) == (("A", "B", "C", "D"), (30000, 30000, 15000, 25000), (1, 2, 4, 3))
    g = Game("x", g1.events[:-1])
    assert game_players(g) == (("A", "B", "C", "D"), None, None)


# ------------------------------------------------------------------------------------------------
# Real records: an independent count from the raw mjlog XML

_TAG = re.compile(rb"<(\w+)((?:\s+\w+=\"[^\"]*\")*)\s*/?>")
_ATTR = re.compile(rb"(\w+)=\"([^\"]*)\"")


def raw_counts(path: Path):
    """Per (players, name): the figures of docs/stats.md counted from the mjlog tags alone."""
    data = _raw(path)
    tags = [(m.group(1).decode(), {k.decode(): v.decode("utf-8", "replace") for k, v in _ATTR.findall(m.group(2))})
            for m in _TAG.finditer(data)]
    players, names = 4, None
    out = defaultdict(Counter)
    rounds = []            # per round: list of (tag, attrs)
    cur = None
    final = None
    for name, a in tags:
        if name == "GO" and int(a.get("type", "0")) & 0x10:
            players = 3
        elif name == "UN" and names is None and "n0" in a:
            names = [urllib.parse.unquote(a.get(f"n{i}", ""), errors="replace") for i in range(4)]
        elif name == "INIT":
            cur = []
            rounds.append(cur)
        elif cur is not None:
            cur.append((name, a))
        if a.get("owari"):   # an empty owari (seen in bot fixtures) gives no final scores
            final = [int(x) for x in a["owari"].split(",")[0::2]][:players]

    def who(s):
        return names[s] if names[s] else f"<seat {s}>"

    for evs in rounds:
        results = [(t, a) for t, a in evs if t in ("AGARI", "RYUUKYOKU")]
        if not results:
            continue
        for s in range(players):
            c = out[who(s)]
            c["rounds"] += 1
            if any(t == "REACH" and a["who"] == str(s) and a["step"] == "1" for t, a in evs):
                c["riichi"] += 1
            opened = False
            for t, a in evs:
                if t == "N" and a["who"] == str(s):
                    m = int(a["m"])
                    if m & 0x4 or m & 0x8:            # chi, pon
                        opened = True
                    elif not m & 0x30 and m & 3:      # a kan called from another seat
                        opened = True
            c["calls"] += opened
            rons = [a for t, a in results if t == "AGARI" and a["fromWho"] == str(s) and a["who"] != str(s)]
            if rons:
                c["deal_ins"] += 1
                c["deal_in_points"] += sum(int(a["ten"].split(",")[1]) for a in rons)
        for t, a in results:
            if t == "AGARI":
                c = out[who(int(a["who"]))]
                c["wins"] += 1
                c["tsumo"] += a["who"] == a["fromWho"]
                c["win_points"] += int(a["ten"].split(",")[1])
                ids = set()
                y = [int(x) for x in a.get("yaku", "").split(",") if x]
                ids |= {y[i] for i in range(0, len(y), 2) if y[i + 1] > 0}
                ids |= {int(x) for x in a.get("yakuman", "").split(",") if x}
                for i in ids:
                    c["yaku:" + YAKU_NAMES[i]] += 1
            elif "type" not in a or a["type"] == "nm":   # exhaustive draw (nagashi mangan included)
                for s in range(players):
                    c = out[who(s)]
                    c["draws"] += 1
                    c["tenpai"] += f"hai{s}" in a
    if final is not None:
        order = sorted(range(players), key=lambda s: (-final[s], s))
        for rank, s in enumerate(order):
            out[who(s)][f"place{rank + 1}"] += 1
            out[who(s)]["final"] += final[s] * 100
    return players, out


def _ours(s):
    c = Counter(rounds=s.rounds, riichi=s.riichi, calls=s.calls, deal_ins=s.deal_ins,
                deal_in_points=sum(s.deal_in_points), wins=s.wins, tsumo=s.tsumo_wins,
                win_points=sum(s.win_points), draws=s.exhaustive_draws, tenpai=s.tenpai_at_draw,
                final=s.final_score_sum)
    for i, k in enumerate(s.placements):
        c[f"place{i + 1}"] = k
    for y, k in s.yaku.items():
        c["yaku:" + y] = k
    return +c


def _raw(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def _corpus(n):
    """The first n real mjlog records, or (on a clone without the shared corpus) the project's
    fixture mjlog records: every check here holds for any valid record."""
    if not (TENHOU / "mjlog").is_dir():
        return fixture_files("mjlog") + engine_fixture_files("mjlog")[:n]
    return sorted((TENHOU / "mjlog").glob("*.gz"))[:n]


def test_stats_equal_raw_mjlog_counts():
    _check_raw_mjlog(_corpus(120))


@pytest.mark.slow
def test_stats_equal_raw_mjlog_counts_whole_corpus():
    # the shared corpus's gzipped records, or the fixture corpus's plain ones
    _check_raw_mjlog(sorted(p for p in shared_data_path("tenhou", "mjlog").iterdir() if p.suffix in (".gz", ".mjlog")))


def _plain_mjlog(f: Path) -> bool:
    t = _raw(f).lstrip()
    return t.startswith(b"<mjloggm") and t.count(b"</mjloggm>") == 1


def _check_raw_mjlog(files):
    """Only plain mjlog files (one ``<mjloggm>`` document) that the reader reads without a complaint
    are compared: the tag counter here cannot judge console captures, truncated records or
    dumps that are not game records (29 of the 3,774 files are not plain mjlog)."""
    bad = {e["file"] for e in compute_stats(files).errors}
    assert len(bad) < max(1, len(files) // 20)
    files = [f for f in files if str(f) not in bad and _plain_mjlog(f)]
    rep = compute_stats(files)
    assert rep.files == len(files) and not rep.errors
    want = defaultdict(Counter)
    for f in files:
        n, per = raw_counts(f)
        for name, c in per.items():
            want[(n, name)].update(c)
            want[(n, OVERALL)].update(c)
    got = {key: _ours(s) for key, s in rep.stats.items()}
    assert set(got) == set(want)
    for key in want:
        assert got[key] == +want[key], key
    assert sum(s.games for (n, name), s in rep.stats.items() if name == OVERALL) > 0


def test_formats_give_the_same_statistics(tmp_path):
    files = _corpus(12)
    games = [g for f in files for g in logs.read(f)]
    for i, g in enumerate(games):
        (tmp_path / f"g{i}.json").write_text(json.dumps(logs.to_tenhou_json(g)))
        (tmp_path / f"g{i}.mjson").write_text(logs.to_mjai_lines(g))
    a = compute_stats(games).to_dict()
    b = compute_stats(sorted(tmp_path.glob("*.json"))).to_dict()
    c = compute_stats(sorted(tmp_path.glob("*.mjson"))).to_dict()
    # tenhou.net/6 does not say who was tenpai at a nagashi mangan draw: those draws leave E there
    a6 = compute_stats([_without_nagashi_tenpai(g) for g in games]).to_dict()
    for d in (a, b, c, a6):
        d.pop("files"), d.pop("games"), d.pop("errors")
    assert b == a6
    assert c == a


def _without_nagashi_tenpai(g: Game) -> Game:
    import dataclasses

    evs = tuple(dataclasses.replace(e, tenpai=None) if type(e) is Ryuukyoku and e.reason == "nagashi_mangan"
                else e for e in g.events)
    return Game(g.source, evs, g.truncated)


# ------------------------------------------------------------------------------------------------
# Command line and HTML report

def test_cli_stats(tmp_path, capsys):
    files = _corpus(6)
    assert main(["logs", "stats", *map(str, files), "--json", "--no-progress"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["files"] == len(files) and d["tables"]
    assert main(["logs", "stats", str(files[0]), "--player", "nobody-at-all"]) == 2
    assert "no player named" in capsys.readouterr().err
    assert main(["logs", "stats", str(files[0])]) == 0
    assert "(overall)" in capsys.readouterr().out
    assert main(["logs", "stats", str(tmp_path / "missing")]) == 2
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    out = tmp_path / "s.parquet"
    assert main(["logs", "stats", *map(str, files), "--out", str(out), "--no-progress"]) == 0
    assert f"wrote statistics to {out}" in capsys.readouterr().out
    t = pq.read_table(out).to_pylist()
    rep = compute_stats(files)
    assert t == rep.rows()
    df = rep.to_frame()
    assert list(df["name"][:1]) == [OVERALL] and int(df["wins"].sum()) == sum(r["wins"] for r in t)


def _report(tmp_path):
    pytest.importorskip("matplotlib")
    files = _corpus(30)
    out = tmp_path / "report.html"
    assert main(["logs", "stats", *map(str, files), "--html", str(out), "--no-progress"]) == 0
    return out


def test_html_report_structure(tmp_path):
    from html.parser import HTMLParser

    out = _report(tmp_path)
    text = out.read_text(encoding="utf-8")

    class P(HTMLParser):
        def __init__(self):
            super().__init__()
            self.tags = Counter()
            self.external = []
            self.plots = []
            self.stack = []

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            self.tags[tag] += 1
            if tag in ("script", "link", "img", "iframe") or (tag == "image" and "href" in a):
                self.external.append((tag, a))
            if tag == "figure":
                self.plots.append(a.get("data-plot"))

    p = P()
    p.feed(text)
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    assert not p.external, p.external                      # self-contained: no script, image or link
    assert not re.search(r"(src|href)=['\"]https?:", text)
    assert p.tags["svg"] >= 4 and p.tags["table"] >= 1
    assert {"placements", "points", "yaku", "rates"} <= set(p.plots)
    assert "(overall)" not in text and "overall" in text


def test_html_report_renders_in_chromium(tmp_path):
    need_chromium()
    out = _report(tmp_path)
    shot = tmp_path / "report.png"
    dom = render_in_chromium(out, shot, "1400,2400")
    assert dom.count("<svg") >= 4 and "4-player games" in dom
    assert shot.stat().st_size > 20000
    from PIL import Image  # matplotlib depends on pillow

    img = Image.open(shot).convert("L")
    w, h = img.size
    hist = img.histogram()
    dark = sum(hist[:128]) / (w * h)
    assert dark > 0.005, "the rendered page is blank"


# ------------------------------------------------------------------------------------------------
# to_frame: the game's players on every row

def test_to_frame_player_columns():
    pytest.importorskip("pandas")
    files = _corpus(10)
    df = logs.to_frame(files)
    assert {"names", "final_scores", "placements", "name", "final_score", "placement"} <= set(df.columns)
    for f in files:
        n, per = raw_counts(f)
        sub = df[df["file"] == str(f)]
        first = sub.iloc[0]
        assert len(first["names"]) == n
        # placements of the raw count (one game per file)
        for seat, name in enumerate(first["names"]):
            place = first["placements"][seat]
            assert per[name][f"place{place}"] == 1
            assert per[name]["final"] == first["final_scores"][seat]
        seated = sub[~sub["seat"].isna()]      # wins, and draws declared by a seat (kyuushu kyuuhai)
        assert (sub[sub["kind"] == "win"].index.isin(seated.index)).all()
        for _, r in seated.iterrows():
            assert r["name"] == r["names"][r["seat"]]
            assert r["placement"] == r["placements"][r["seat"]]
            assert r["final_score"] == r["final_scores"][r["seat"]]
        assert sub[sub["seat"].isna()]["name"].isna().all()


# ------------------------------------------------------------------------------------------------
# Real tenhou.net/6 records: counted from the raw JSON

def raw_tenhou6_counts(path: Path):
    """Per (players, name): rounds, wins, tsumo, deal-ins, riichi, open calls from the raw JSON
    (``log`` rounds: [round, scores, dora, ura, then per seat haipai / takes / discards, result])."""
    text = _raw(path).decode("utf-8")
    dec = json.JSONDecoder()
    games, i = [], 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        g, i = dec.raw_decode(text, i)   # a file may hold several games, one JSON object each
        games.append(g)
    out = defaultdict(Counter)
    for d in games:
        _raw_tenhou6_game(d, out)
    return out


def _raw_tenhou6_game(d, out):
    names = list(d.get("name") or [])
    for rnd in d["log"]:
        n = 3 if len(rnd) < 17 or not rnd[4 + 9] else 4
        res = rnd[-1]

        def who(s):
            return names[s] if s < len(names) and names[s] else f"<seat {s}>"

        dealt = set()
        for s in range(n):
            c = out[(n, who(s))]
            takes, discards = rnd[5 + 3 * s], rnd[6 + 3 * s]
            c["rounds"] += 1
            c["riichi"] += any(isinstance(x, str) and x.startswith("r") for x in discards)
            c["calls"] += any(isinstance(x, str) and any(ch in x for ch in "cpm") for x in takes)
        if res[0] == "和了":
            for j in range(1, len(res), 2):
                w, frm = res[j + 1][0], res[j + 1][1]
                out[(n, who(w))]["wins"] += 1
                out[(n, who(w))]["tsumo"] += w == frm
                if w != frm:
                    dealt.add(frm)
        for s in dealt:
            out[(n, who(s))]["deal_ins"] += 1


def test_stats_equal_raw_tenhou6_counts():
    d = TENHOU / "tenhou6"
    files = sorted(d.glob("*.gz")) if d.is_dir() else fixture_files("tenhou6")
    rep = compute_stats(files)
    assert rep.files == len(files)
    bad = {e["file"] for e in rep.errors}
    want = defaultdict(Counter)
    for f in files:
        if str(f) in bad:
            continue
        for key, c in raw_tenhou6_counts(f).items():
            want[key].update(c)
    got = {key: +Counter(rounds=s.rounds, riichi=s.riichi, calls=s.calls, deal_ins=s.deal_ins, wins=s.wins,
                         tsumo=s.tsumo_wins) for key, s in rep.stats.items() if key[1] != OVERALL}
    assert got == {k: +v for k, v in want.items()}
    assert len(bad) < len(files) / 4, rep.errors


def test_progress_only_when_asked_or_on_a_terminal(capsys):
    files = _corpus(3)
    compute_stats(files, progress=False)
    assert capsys.readouterr().err == ""
    compute_stats(files, progress=None)          # stderr is captured: not a terminal
    assert capsys.readouterr().err == ""
    compute_stats(files, progress=True)
    assert f"/{len(files)}" in capsys.readouterr().err   # tqdm ("0/3 ...") or the plain "reading 3/3 files"
