"""Differential check of yakuman.ev.discard_ev(model="reference") against the reference
calculator's oracle (an external tool: YAKUMAN_EV_ORACLE or /tmp/mcpp/build/bin/ev_oracle).

    python tools/ev_oracle_diff.py --shanten 1 --n 50 [--seed 1] [--open] [--config '{"enable_tegawari": false}']

Prints per shanten class: rows compared, rows equal (probabilities within 1e-9, expected scores
within 1e-6 relative), and the median time per hand of each side (ours: CPU time of the whole
discard_ev call, best of --repeat; the reference: its own time_us around the search, the fastest of
--repeat runs of the hand in a row). With --rotate each side calls the hands in turn instead (hand 1
.. n, --repeat rounds; the fastest call of each hand): no call follows one of the same hand, as in a
stream of positions, where what a call leaves behind (our parts cache's answers, the branch
history) belongs to another hand; ours is 12-13 % slower so at 1 shanten, the reference no slower."""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

# numpy's BLAS threads, left spinning after a BLAS call, would share the core with the timed calls
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ORACLE = os.environ.get("YAKUMAN_EV_ORACLE", "/tmp/mcpp/build/bin/ev_oracle")


def oracle_path():
    return ORACLE if os.path.exists(ORACLE) else None


def run_oracle(reqs):
    # the oracle is a separate program: no sanitizer runtime preloaded into it (make sanitize)
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")}
    p = subprocess.run([ORACLE], input="\n".join(json.dumps(r) for r in reqs) + "\n",
                       capture_output=True, text=True, check=True, env=env)
    return [json.loads(line) for line in p.stdout.splitlines()]


def mpsz(counts):
    out = ""
    for s, suit in enumerate("mpsz"):
        d = "".join(str(i + 1) * counts[9 * s + i] for i in range(9 if s < 3 else 7))
        if d:
            out += d + suit
    return out


def random_hand(rng, shanten, n_tiles=14, melds=0):
    """A random closed hand (or one with `melds` pons) of the given shanten that
    the red-five rules allow (never four plain copies of a five: discard_ev refuses them)."""
    from yakuman import shanten as sh
    while True:
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        meld_list = []
        used = [0] * 34
        for _ in range(melds):
            k = wall.pop()
            while used[k] + 3 > 4 - wall.count(k) * 0 or used[k]:
                k = wall.pop()
            used[k] += 3
            meld_list.append(k)
        need = n_tiles - 3 * melds
        c = [0] * 34
        for k in wall:
            if len([1 for _ in ()]) or sum(c) >= need:
                break
            if c[k] + used[k] < 4:
                c[k] += 1
        if sum(c) != need or any(c[k] + used[k] == 4 for k in (4, 13, 22)):
            continue
        try:
            s = sh(tuple(c)) if melds == 0 else _shanten_melds(c, melds)
        except Exception:
            continue
        if s == shanten:
            return c, meld_list


def pon_texts(meld_list):
    """random_hand's melds (the kinds of its pons) as meld strings, e.g. ["pon 777z"]."""
    return [f"pon {str(k % 9 + 1) * 3}{'mpsz'[k // 9]}" for k in meld_list]


def sweep(rng, n, max_shanten):
    """n requests of random_request (from rng) against the reference: (rows compared, the requests
    that differ in a value or in their state count as (request, keywords, first difference, our
    states, the reference's), the meld kinds seen)."""
    from yakuman.ev import discard_ev
    pairs = [random_request(rng, max_shanten) for _ in range(n)]
    refs = run_oracle([dict(q, id=i) for i, (q, _) in enumerate(pairs)])
    rows, bad, kinds = 0, [], set()
    for (q, kw), ref in zip(pairs, refs):
        kinds |= {m.split()[0] for m in q["melds"]}
        ours = discard_ev(q["hand"], **kw)
        m, eq, first = compare(ours, ref)
        rows += m
        if eq != m or ours.nodes != ref["searched"]:
            bad.append((q, kw, first, ours.nodes, ref["searched"]))
    return rows, bad, kinds


def random_request(rng, max_shanten=1):
    """A random request for both sides: (the oracle's JSON request, discard_ev's keywords).
    Tiles are drawn from the 136 (one red five a suit): zero to three melds of every kind (chi,
    pon, ankan, minkan, kakan; red fives in them), 14 or 13 tiles, zero to two dora indicators,
    any seat and round wind, and the reference's options varied (t_max, extra, exchanges,
    shanten-down, ura dora, red fives); the hand at 0..max_shanten (not complete)."""
    from yakuman import shanten as sh
    from yakuman.batch import meld_text
    from yakuman.random import MELD_KINDS
    from yakuman.tiles import to_mpsz

    def counted(tiles):   # 34 counts and the red fives per suit of (kind, red) tiles
        c, reds = [0] * 34, [0, 0, 0]
        for k, r in tiles:
            c[k] += 1
            if r:
                reds[k // 9] += 1
        return c, reds

    while True:
        wall = [(k, False) for k in range(34) for _ in range(4) if not (k in (4, 13, 22) and _ == 0)]
        wall += [(4, True), (13, True), (22, True)]
        rng.shuffle(wall)
        melds = []
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
            kind = rng.choice(["chi", "pon", "pon", "ankan", "minkan", "kakan"])
            if kind == "chi":
                b = 9 * rng.randrange(3) + rng.randrange(7)
                want = [b, b + 1, b + 2]
            else:
                want = [rng.randrange(34)] * (3 if kind == "pon" else 4)
            got = []
            for k in want:
                i = next((i for i, t in enumerate(wall) if t[0] == k and i not in got), None)
                if i is None:
                    break
                got.append(i)
            if len(got) < len(want):
                continue
            tiles = [wall[i] for i in got]
            for i in sorted(got, reverse=True):
                del wall[i]
            melds.append(meld_text(MELD_KINDS.index(kind), want[0], sum(r for _, r in tiles)))
        n = rng.choice([13, 14, 14, 14]) - 3 * len(melds)
        hand, rest = wall[:n], wall[n:]
        counts, reds = counted(hand)
        text = to_mpsz(counts, reds)
        try:
            if not 0 <= sh(tuple(counts), melds=melds) <= max_shanten:
                continue
        except Exception:
            continue
        dora = to_mpsz(*counted(rest[:rng.choice([0, 1, 1, 2])]))
        cfg = {}
        if rng.random() < 0.3:
            cfg["t_max"] = rng.choice([5, 10, 12, 17])
        if rng.random() < 0.2:
            cfg["extra"] = rng.choice([0, 2]) if max_shanten < 2 else 0
        for key, p in (("enable_tegawari", 0.15), ("enable_shanten_down", 0.15), ("enable_uradora", 0.1),
                       ("enable_reddora", 0.1)):
            if rng.random() < p:
                cfg[key] = False
        rw, sw = rng.choice("ESWN"), rng.choice("ESWN")
        req = {"id": 0, "hand": text, "melds": melds, "round_wind": rw, "seat_wind": sw, "config": cfg}
        if dora:
            req["dora_indicators"] = dora
        kw = dict(melds=melds, dora=dora, round_wind=rw, seat_wind=sw, model="reference",
                  t_max=cfg.get("t_max", 18), extra=cfg.get("extra", 1), tegawari=cfg.get("enable_tegawari", True),
                  shanten_down=cfg.get("enable_shanten_down", True), uradora=cfg.get("enable_uradora", True),
                  red=cfg.get("enable_reddora", True))
        return req, kw


def _shanten_melds(c, k):
    from yakuman import shanten as sh
    return sh(tuple(c))


def compare(ours, ref, rtol=1e-6, ptol=1e-9):
    """(rows compared, rows equal, first difference text)."""
    by_tile = {r.tile: r for r in ours.rows}
    n = eq = 0
    first = None
    for st in ref["stats"]:
        n += 1
        row = by_tile.get(st["tile"])
        if row is None:
            first = first or f"row {st['tile']} missing"
            continue
        ok = row.shanten == st["shanten"]
        nec = {k: v for k, v in st["necessary_tiles"]}
        ok = ok and {k.replace("0", "5"): v for k, v in nec.items()} == row.necessary
        for t in range(1, len(st["tenpai_prob"])):
            ok = ok and abs(row.tenpai_prob[t] - st["tenpai_prob"][t]) <= ptol
            ok = ok and abs(row.win_prob[t] - st["win_prob"][t]) <= ptol
            ok = ok and abs(row.exp_score[t] - st["exp_score"][t]) <= rtol * max(1.0, abs(st["exp_score"][t]))
        if ok:
            eq += 1
        elif first is None:
            t = 1
            first = (f"{ref['hand']} {st['tile']}: tenpai {row.tenpai_prob[t]:.9f}/{st['tenpai_prob'][t]:.9f} "
                     f"win {row.win_prob[t]:.9f}/{st['win_prob'][t]:.9f} score {row.exp_score[t]:.4f}/{st['exp_score'][t]:.4f}")
    return n, eq, first


def kw_of(cfg):
    """discard_ev's options for the reference's config."""
    return {"tegawari": cfg.get("enable_tegawari", True), "shanten_down": cfg.get("enable_shanten_down", True),
            "extra": cfg.get("extra", 1)}


def main(argv=None):
    from yakuman.ev import discard_ev
    ap = argparse.ArgumentParser()
    ap.add_argument("--shanten", type=int, default=1)
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tiles", type=int, default=14)
    ap.add_argument("--melds", type=int, default=0)
    ap.add_argument("--config", default="{}")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--repeat", type=int, default=3, help="timing: best of N runs per hand")
    ap.add_argument("--interleave", action="store_true",
                    help="timing on a loaded machine: the reference runs one hand at a time (--repeat times in "
                         "one process, the fastest time_us), each followed by ours on the same hand (best "
                         "of --repeat), both timed as wall time (ours: perf_counter), so that both see the "
                         "same load")
    ap.add_argument("--rotate", action="store_true",
                    help="timing as a stream of hands: each side calls the hands in turn, --repeat rounds "
                         "(the reference in one batch of the rounds), each hand's fastest call kept; no "
                         "call follows a call of the same hand, so nothing one call leaves behind (caches, "
                         "branch history) is the next call's own hand's")
    ap.add_argument("--requests", type=int, default=0,
                    help="instead: N random requests of random_request (every meld kind, 13 and 14 tiles, "
                         "indicators, winds, the reference's options varied) up to --max-shanten, with --seed; "
                         "prints the rows compared, how many requests differ (values or state counts) and the "
                         "first of them (-v: every one); exit status 1 if any differs")
    ap.add_argument("--max-shanten", type=int, default=1)
    a = ap.parse_args(argv)
    if a.requests:
        rows, bad, _ = sweep(random.Random(a.seed), a.requests, a.max_shanten)
        for q, kw, first, ours_n, ref_n in bad if a.v else bad[:1]:
            print(f"differs: {q} {kw}: {first or ''} states {ours_n} / {ref_n}")
        print(f"{a.requests} random requests up to {a.max_shanten} shanten (seed {a.seed}): {rows} rows, "
              f"{len(bad)} requests differ")
        return 1 if bad else 0
    cfg = json.loads(a.config)
    rng = random.Random(a.seed)
    hands = [random_hand(rng, a.shanten, a.tiles, a.melds) for _ in range(a.n)]
    reqs = [{"id": i, "hand": mpsz(c), "melds": pon_texts(ml),
             "config": cfg} for i, (c, ml) in enumerate(hands)]
    refs = [None] * len(reqs)
    kw = kw_of(cfg)
    if a.rotate and a.interleave:
        ap.error("--rotate and --interleave are two timings: choose one")
    if a.rotate:
        # the rounds in one batch: hand 1 .. n, then again; each hand's fastest time_us
        runs = run_oracle([r for _ in range(a.repeat) for r in reqs])
        refs = [min(runs[i::len(reqs)], key=lambda x: x["time_us"]) for i in range(len(reqs))]
        ours_rot = [float("inf")] * len(reqs)
        res_rot = [None] * len(reqs)
        for _ in range(a.repeat):
            for i, req in enumerate(reqs):
                t0 = time.process_time()
                res_rot[i] = discard_ev(req["hand"], melds=req["melds"], model="reference", **kw)
                ours_rot[i] = min(ours_rot[i], time.process_time() - t0)
    elif not a.interleave:
        # each hand --repeat times in a row in one batch, the fastest of its time_us kept: the
        # reference warm on the hand as ours is (best of --repeat), each side's repeats after the
        # first meeting the same hand's tables, caches and branches
        runs = run_oracle([r for r in reqs for _ in range(a.repeat)])
        refs = [min(runs[i * a.repeat:(i + 1) * a.repeat], key=lambda x: x["time_us"]) for i in range(len(reqs))]
    rows = eq = hands_eq = 0
    ours_t, ref_t = [], []
    for i, (req, ref) in enumerate(zip(reqs, refs)):
        if a.interleave:
            # right before ours, under the same load: the same hand --repeat times in one process,
            # the fastest of its time_us (warm, as ours is)
            runs = run_oracle([req] * a.repeat)
            ref = refs[i] = min(runs, key=lambda x: x["time_us"])
        best = float("inf")
        clock = time.perf_counter if a.interleave else time.process_time
        for _ in range(0 if a.rotate else a.repeat):
            # CPU time of this process, best of --repeat: what other jobs on the machine take
            # does not count against us (the reference's time_us is its own wall time)
            t0 = clock()
            ours = discard_ev(req["hand"], melds=req["melds"], model="reference", **kw)
            best = min(best, clock() - t0)
        if a.rotate:
            ours, best = res_rot[i], ours_rot[i]
        ours_t.append(best)
        ref_t.append(ref["time_us"] / 1e6)
        n, e, first = compare(ours, ref)
        rows += n
        eq += e
        hands_eq += n == e
        if first and a.v:
            print(first)
    print(f"shanten {a.shanten} melds {a.melds}: hands {len(reqs)} equal {hands_eq}; rows {rows} equal {eq}; "
          f"median ours {statistics.median(ours_t) * 1e3:.3f} ms ({'wall, interleaved' if a.interleave else 'CPU'}, "
          f"best of {a.repeat}{', hands in turn' if a.rotate else ''}), reference "
          f"{statistics.median(ref_t) * 1e3:.3f} ms (its time_us, best of {a.repeat}{', hands in turn' if a.rotate else ''}); reference / ours "
          f"{statistics.median(ref_t) / max(statistics.median(ours_t), 1e-9):.2f}x; slowest hand against the "
          f"reference {min(r / max(o, 1e-9) for r, o in zip(ref_t, ours_t)):.2f}x")


if __name__ == "__main__":
    sys.exit(main())
