"""Where a batch row's time goes: builds of the extension cut short after each stage of the row,
timed against the whole build in one process (bench/kernel_ab.py).

    PYTHONPATH=src python bench/stage_cuts.py ROUNDS [--work build/stage_cuts] [--copies K]

The tree is copied to --work and built there once (as tools/c_mutants.py does; the repository
is never modified). Each cut replaces one piece of csrc/ym_score.c in the copy, so that the row
stops after a stage and writes what it has to the outputs (which the compiler then cannot drop):

- check:   the row's unpacking, ym_check_win_ctx and the output stores; no scoring;
- prepare: the check and the scorer's per-hand set-up (prepare: the situation rules, dora, the
           yaku every reading shares); no reading is searched;
- search:  the above and the search over the readings (run_search); no result is concluded
           (detail, base points, payments).

Each cut is then timed with the whole build in kernel_ab's shuffled rounds (ROWS rows of
winning_hands, default 50,000); the figure is the median paired ratio to the whole build, and
each stage's share is the difference between consecutive cuts. The cut builds' outputs differ
from the whole build's by design.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.kernel_ab import compare  # noqa: E402
from tools.c_mutants import _run, prepare, relink  # noqa: E402

_ROW_CALL = ("bad = h.n_dora > 5 || h.n_ura > 5 ? YM_WBAD_INDICATORS : check_score(r, &h, r3, mrp, "
             "c->win_red[i] != 0, &o, 2);")
_SEARCH = """    if (prepare(r, h, o, lite, &c, &s, 1) < 0) {
        run_search(&c, &s);
        conclude(&c, &s, o);
    }"""

# (id, file, the exact original text (unique in the file), its replacement, what is left)
CUTS = [
    ("check", "ym_score.c", _ROW_CALL,
     """{ ym_ctx_t cx;
        bad = h.n_dora > 5 || h.n_ura > 5 ? YM_WBAD_INDICATORS : ym_check_win_ctx(r, &h, r3, mrp, c->win_red[i] != 0, &cx);
        memset(&o, 0, sizeof o);
        o.status = YM_ST_OK;
        o.yaku = cx.present ^ cx.meld_tri ^ cx.chi_runs ^ cx.meld_kan ^ cx.meld_ankan;
        o.han = cx.dora_tiles + cx.ura_tiles + cx.n_kans + cx.meld_fu + cx.open; }""",
     "unpack, check, outputs"),
    ("prepare", "ym_score.c", _SEARCH,
     """    if (prepare(r, h, o, lite, &c, &s, 1) < 0) {
        o->status = YM_ST_OK;
        o->yaku = c.any_yaku | c.reg_yaku | c.any_yakuman | c.reg_yakuman;
        o->han = c.dora_han + c.min_han + (int)c.pair_fu;
    }""",
     "+ the per-hand set-up"),
    ("search", "ym_score.c", _SEARCH,
     """    if (prepare(r, h, o, lite, &c, &s, 1) < 0) {
        run_search(&c, &s);
        o->status = YM_ST_OK;
        o->yaku = s.best.e.yaku ^ s.first.e.yaku;
        o->han = s.have_best + s.complete + s.best.han_total;
        o->fu = s.best.e.fu + s.first.e.fu;
        o->points = s.best.base;
    }""",
     "+ the search over the readings"),
]


def check_anchors() -> None:
    for cid, f, old, _new, _what in CUTS:
        n = (REPO / "csrc" / f).read_text().count(old)
        if n != 1:
            sys.exit(f"cut {cid}: its original text occurs {n} times in csrc/{f}")


def build_cuts(work: Path) -> dict[str, str]:
    """{id: path of its .so} for the whole build ("whole") and each cut."""
    compiles, link = prepare(work)
    so = next((work / "src" / "yakuman").glob("_core*.so"))
    paths = {"whole": str(work / f"whole{so.suffix}")}
    shutil.copy2(so, paths["whole"])
    for cid, f, old, new, _what in CUTS:
        src = work / "csrc" / f
        original = src.read_text()
        try:
            src.write_text(original.replace(old, new, 1))
            r = _run(compiles[f], work)
            if r.returncode:
                sys.exit(f"cut {cid} does not build:\n{r.stderr[-2000:]}")
            relink(work, link)
            paths[cid] = str(work / f"cut_{cid}{so.suffix}")
            shutil.copy2(so, paths[cid])
        finally:
            src.write_text(original)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rounds", type=int)
    ap.add_argument("--work", type=Path, default=REPO / "build" / "stage_cuts")
    ap.add_argument("--copies", type=int, default=1,
                    help="load each build this many times (kernel_ab's COPIES: placement averaged out)")
    args = ap.parse_args(argv)
    check_anchors()
    paths = build_cuts(args.work.resolve())
    n = int(os.environ.get("ROWS", "50000"))
    res = compare(args.rounds, paths, n, args.copies, str(args.work / "copies"))
    whole = res["whole"][0]
    print(f"whole build: fastest {whole:.1f} ns/row; each cut as the median paired ratio to it")
    prev = 0.0
    for cid, _f, _o, _n, what in CUTS:
        ratio = res[cid][1]
        print(f"{cid:8s} {ratio:6.3f}  ~{ratio * whole:6.1f} ns  stage {100 * (ratio - prev):5.1f}%  ({what})")
        prev = ratio
    print(f"{'conclude':8s} {1.0:6.3f}  ~{whole:6.1f} ns  stage {100 * (1.0 - prev):5.1f}%  (+ detail, points, payments)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
