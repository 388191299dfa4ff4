"""Smoke test of an installed yakuman (a wheel or ``pip install .``), run from outside the
repository: ``python tools/smoke.py [--expect-openmp 0|1] [--installed]``.

Checks a score, a shanten and waits, every batch function (workers=1 and workers=2 give the same
arrays, and rows match the single-hand calls), and ``yakuman logs verify`` (the CLI, in a
subprocess) on a small hand-written Tenhou mjlog it writes to a temporary folder. The expected
values are facts of the rules, not outputs copied from the code: a riichi-pinfu-tanyao-dora hand
is 4 han 30 fu, 7,700 for a non-dealer ron; 23456m567p789s33s waits on 1m-4m-7m; a dealer's
tenhou is a yakuman, 16,000 from each other seat.

``--installed`` fails when yakuman is imported from a source tree (a ``src`` folder) rather than
site-packages; ``--expect-openmp`` checks how the extension was built. Exit 0 = all passed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

# A complete four-player mjlog: the dealer wins tenhou on the first draw (123456789m12355p, the
# pair 55p), 48,000 = 16,000 from each other seat.
MJLOG = (
    '<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,SMOKESEED" ref=""/>'
    '<GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="%44" dan="1,1,1,1" '
    'rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,1,2,60" ten="250,250,250,250" oya="0" '
    'hai0="0,4,8,12,17,20,24,28,32,36,40,44,53" hai1="1,5,9,13,18,21,25,29,33,37,41,45,57" '
    'hai2="2,6,10,14,19,22,26,30,34,38,42,46,61" hai3="3,7,11,15,23,27,31,35,39,43,47,62,64"/>'
    '<T54/><AGARI ba="0,0" hai="0,4,8,12,17,20,24,28,32,36,40,44,53,54" machi="54" ten="30,48000,5" '
    'yakuman="37" doraHai="60" who="0" fromWho="0" sc="250,480,250,-160,250,-160,250,-160" '
    'owari="730,93.0,90,-31.0,90,-21.0,90,-41.0" /></mjloggm>'
)


def check(cond: bool, what: str) -> None:
    if not cond:
        raise SystemExit(f"smoke: FAILED: {what}")
    print(f"smoke: ok: {what}")


def single_hand() -> None:
    import yakuman

    s = yakuman.score("234567m34588p567s", "5s", riichi=True, dora="1m", seat_wind="S")
    check((s.han, s.fu, s.points) == (4, 30, 7700), f"score riichi pinfu tanyao dora: {s.han} han {s.fu} fu "
          f"{s.points}")
    check(yakuman.shanten("23456m567p789s33s") == 0, "shanten of a tenpai hand is 0")
    check(yakuman.shanten("19m19p19s1234567z") == 0, "kokushi tenpai (13-sided) is shanten 0")
    check(yakuman.waits("23456m567p789s33s") == ["1m", "4m", "7m"], "waits 1m 4m 7m")
    check(yakuman.is_agari("123456789m12355p"), "is_agari of a complete hand")


def batch() -> None:
    import numpy as np

    import yakuman
    from yakuman import _core
    from yakuman.batch import agari_many, discard_analysis_many, score_many, shanten_many, ukeire_many, waits_many
    from yakuman.random import random_hands, winning_hands

    h13 = random_hands(300, seed=7, size=13)
    h14 = random_hands(300, seed=8, size=14)
    s1, s2 = shanten_many(h13, workers=1), shanten_many(h13, workers=2)
    check(np.array_equal(s1, s2), "shanten_many: workers=1 == workers=2")
    check(all(int(s1[i]) == yakuman.shanten(h13[i]) for i in range(len(h13))), "shanten_many rows == shanten()")
    check(np.array_equal(agari_many(h14, workers=1), agari_many(h14, workers=2)), "agari_many: workers 1 == 2")
    w1, w2 = waits_many(h13, workers=1), waits_many(h13, workers=2)
    check(np.array_equal(w1, w2), "waits_many: workers 1 == 2")
    names = _core.TILE_NAMES
    check(all([names[k] for k in range(34) if (int(w1[i]) >> k) & 1] == yakuman.waits(h13[i])
              for i in range(len(h13))), "waits_many rows == waits()")
    u1, u2 = ukeire_many(h13, workers=1), ukeire_many(h13, workers=2)
    check(all(np.array_equal(a, b) for a, b in zip(u1, u2)), "ukeire_many: workers 1 == 2")
    d1, d2 = discard_analysis_many(h14, workers=1), discard_analysis_many(h14, workers=2)
    check(all(np.array_equal(a, b) for a, b in zip(d1, d2)), "discard_analysis_many: workers 1 == 2")
    hands = winning_hands(2000, seed=1)
    r1, r2 = score_many(hands, workers=1), score_many(hands, workers=2)
    check(set(r1) == set(r2) and all(np.array_equal(r1[k], r2[k]) for k in r1), "score_many: workers 1 == 2")
    check(int((r1.status == 0).sum()) > 1500, f"score_many: {int((r1.status == 0).sum())} of 2000 generated "
          "winning hands score")


def logs_verify() -> None:
    with tempfile.TemporaryDirectory(prefix="yakuman-smoke-") as tmp:
        with open(os.path.join(tmp, "game.mjlog"), "w", encoding="utf-8") as f:
            f.write(MJLOG)
        cmd = [sys.executable, "-m", "yakuman", "logs", "verify", tmp, "--json", "--no-progress"]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp)
        check(out.returncode == 0, f"logs verify exits 0 (got {out.returncode}: {out.stderr.strip()[-300:]})")
        d = json.loads(out.stdout.strip().splitlines()[-1])
        check((d["files"], d["wins"], d["wins_agree"], d["errors"]) == (1, 1, 1, 0),
              "logs verify: one file, one win, agrees")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--expect-openmp", choices=["0", "1"], help="check how the extension was built")
    p.add_argument("--expect-pgo", choices=["auto"], help="check that a GCC 10+ build is profile-guided "
                   "(tools/pgo_train.py, pgo_expected)")
    p.add_argument("--installed", action="store_true", help="fail unless yakuman comes from site-packages")
    args = p.parse_args(argv)
    import yakuman
    from yakuman import _core

    where = os.path.dirname(os.path.abspath(yakuman.__file__))
    print(f"smoke: yakuman {yakuman.__version__} from {where} (OpenMP {'on' if _core.OPENMP else 'off'})")
    if args.installed:
        check("site-packages" in where.replace("\\", "/").split("/") or "dist-packages" in where,
              "yakuman is the installed package, not a source tree")
    if args.expect_openmp is not None:
        check(_core.OPENMP == (args.expect_openmp == "1"), f"built with OpenMP={args.expect_openmp}")
    if args.expect_pgo is not None:
        import importlib.util

        spec = importlib.util.spec_from_file_location(
            "pgo_train", os.path.join(os.path.dirname(os.path.abspath(__file__)), "pgo_train.py"))
        trainer = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(trainer)
        want = trainer.pgo_expected()
        check(_core.PGO or not want, f"built profile-guided (expected here: {want}; built so: {_core.PGO})")
    single_hand()
    batch()
    logs_verify()
    print("smoke: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
