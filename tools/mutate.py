#!/usr/bin/env python3
"""Mutation testing of the Python rule modules with mutmut (``make mutate``).

Usage: ``python tools/mutate.py [--module settle ...] [--max-children 2] [--work build/mutate]``

The run happens in a scratch copy (``--work``, default ``build/mutate``): ``src/`` (with the built
extension, so build in place first), ``tests/`` and a ``pyproject.toml`` that adds the
``[tool.mutmut]`` section below; the repository itself is never touched. When the shared corpus
lies beside the repository it is linked beside the scratch copy too, so the corpus checks of the
test selection run against every mutant (they skip otherwise, and the kill rate drops).

mutmut maps each test to the functions it executes and runs, per mutant, only the tests that
reach the mutated function, fastest first, stopping at the first failure. The result is printed
per module (killed / total, kill rate) with every surviving mutant as a diff, and written to
``<work>/report.md``. mutmut keeps its results in ``<work>/mutants``: rerun with ``--keep`` to
retest only what changed, or inspect one mutant with ``cd <work> && mutmut show NAME``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# The rule modules under mutation (paths relative to src/yakuman/), with the engine's whole Python
# layer (src/yakuman/game/*.py): its converters, views, determinized worlds, action encoding, mjai
# bridge, cluster runner, CLI, duplicate arena, vectorized games, learning environments and
# policies, and the record driver's Python part (game/records.py; its per-event loop is Cython,
# _core_replay.pxi, covered by the D mutants of tools/c_mutants.py). ``rules`` holds the presets
# and the knob checks (a retired knob's refusal included). tests/unit/test_mutate_modules.py
# checks that every module of src/yakuman/game is listed.
MODULES = {
    "rules": "rules.py",
    "settle": "settle.py",
    "furiten": "furiten.py",
    "scoring": "scoring.py",
    "result": "result.py",
    "replay": "logs/replay.py",
    "game": "game/__init__.py",
    "game_actions": "game/_actions.py",
    "game_frozen": "game/_frozen.py",
    "game_world": "game/_world.py",
    "game_view": "game/view.py",
    "game_mjai": "game/mjai.py",
    "game_cluster": "game/cluster.py",
    "game_cli": "game/cli.py",
    "game_duplicate": "game/duplicate.py",
    "game_vec": "game/vec.py",
    "game_gym": "game/gym_env.py",
    "game_pz": "game/pz_env.py",
    "game_evplanes": "game/evplanes.py",
    "game_linear": "game/linear.py",
    "game_records": "game/records.py",
    # the expected-value calculator's Python layer (its request checks, rows and batch columns),
    # its CLI, and the decision review of records built on it
    "ev": "ev.py",
    "cli_ev": "cli_ev.py",
    "review": "logs/review.py",
    # the record readers of tenhou.net/6 JSON and mjai (hostile files: every reject path)
    "tenhou_json": "logs/tenhou_json.py",
    "logs_mjai": "logs/mjai.py",
}

# Default run order: the small rule modules first, then the engine layer, the replay last (its
# surviving mutants run the corpus checks, about one mutant a second).
ORDER = ["rules", "settle", "furiten", "result", "scoring", "game", "game_actions", "game_frozen", "game_world",
         "game_view", "game_mjai", "game_cluster", "game_cli", "game_duplicate", "game_vec", "game_gym", "game_pz",
         "game_evplanes", "game_linear", "game_records", "ev", "cli_ev", "review", "tenhou_json", "logs_mjai",
         "replay"]


def _patterns(module: str) -> list[str]:
    """mutmut's mutant-name patterns of one module (a package's __init__.py is named after the
    package: ``yakuman.game.x_f__mutmut_1``)."""
    dotted = "yakuman." + MODULES[module].replace("/", ".").removesuffix(".py")
    if dotted.endswith(".__init__"):
        pkg = dotted.removesuffix(".__init__")
        return [pkg + ".x_*", pkg + ".x\u01c1*", dotted + ".*"]
    return [dotted + ".*"]

# The fast test selection: the unit tests of the rule modules, the synthetic and sampled log
# checks (the replay against a fixed sample of real records, logs verify on sample files) and the
# golden settlement checks on the whole Tenhou corpus (every win's payments, every mjlog's hand
# transitions). Left out for time: the full-corpus runs (marked slow), the hypothesis property
# suites, the native-only unit tests (shanten, search, tables, memory) and the optional
# differential runs against other packages. mutmut runs, per mutant, only the selected tests that
# reach the mutated function.
TESTS = [
    "tests/unit",
    "tests/logs",
    "tests/golden/test_tenhou_deltas.py",
    "tests/game",
    "tests/learn",   # the vectorized games, environments, action encoding and policies
    "--ignore=tests/learn/test_pool.py",   # a C harness of the thread pool: no Python under mutation
    "--ignore=tests/logs/test_dask.py",
    "--ignore=tests/game/test_cluster.py",  # a process cluster: its workers would not load the mutant
    # bots started as `python -m yakuman.game.mjai` (the package is not importable there)
    "--deselect=tests/game/test_mjai.py::test_command_bots_and_a_hanging_one",
    "--deselect=tests/game/test_mjai.py::test_cli_game_play",
    "--ignore=tests/unit/test_tables.py",
    "--ignore=tests/unit/test_memory.py",
    "--ignore=tests/unit/test_search.py",
    "--ignore=tests/unit/test_ukeire.py",
    "--ignore=tests/unit/test_shanten.py",
    "--ignore=tests/unit/test_random.py",
    "-m",
    "not slow",
]

# Lines not mutated: error-message text (a raise, or a string literal continuing one). The rule
# logic on the lines around them (the conditions) is mutated; the messages are checked by the
# error tests, and mutating their wording only multiplies the survivors' cost.
SKIP_LINES = [r"^\s*raise ", r"raise self\.fail\(", r"^\s*f?\"[^\"]*\"\s*\)?,?\s*$", r"^\s*f?\"[^\"]*\"\s*$"]

# Files beside src/ and tests/ that the tests read (copied into the scratch copy and mutmut's).
EXTRA_FILES = ["docs", "README.md", "LICENSE", "MANIFEST.in", "setup.py", "Makefile", "csrc", "tools", "bench"]

# A status mutmut records per mutant -> how it counts here.
KILLED = {"killed", "timeout", "segfault", "caught by type check"}


def _status(code) -> str:
    from mutmut.stats import status_by_exit_code

    return status_by_exit_code[code]


# The corpus-based parts of TESTS (slow for a surviving mutant: it runs every test that reaches
# its function); ``--no-corpus`` leaves them out (a lower bound on the kill rate, for a quick run).
CORPUS_TESTS = ["tests/logs", "tests/golden/test_tenhou_deltas.py"]


def prepare(work: Path, modules: list[str], keep: bool, corpus: bool = True, select: list[str] | None = None) -> None:
    if work.exists() and not keep:
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    if not list((REPO / "src" / "yakuman").glob("_core*.so")):
        sys.exit("build the extension in place first: python setup.py build_ext --inplace")
    for name in ("src", "tests"):
        if (work / name).exists():
            shutil.rmtree(work / name)
        shutil.copytree(
            REPO / name, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
        )
    # the docs the tests read (the worked examples of docs/rules.md, the README's code blocks)
    for name in EXTRA_FILES:
        src, dst = REPO / name, work / name
        if dst.is_dir():
            shutil.rmtree(dst)
        if src.is_dir():
            shutil.copytree(src, dst)
        elif src.exists():
            shutil.copy2(src, dst)
    only = [f"src/yakuman/{MODULES[m]}" for m in modules]
    tests = TESTS if corpus else [t for t in TESTS if t not in CORPUS_TESTS and not t.startswith("--ignore=tests/logs")]
    if select:
        tests = [*select, *[t for t in TESTS if t.startswith("--deselect=")], "-m", "not slow"]
    config = (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"also_copy = {json.dumps(EXTRA_FILES)}\n"
        f"only_mutate = {json.dumps(only)}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:benchmark"]\n'
        f"do_not_mutate_patterns = {json.dumps(SKIP_LINES)}\n"
        "timeout_multiplier = 5.0\n"
        "use_git_change_detection = false\n"
    )
    (work / "pyproject.toml").write_text((REPO / "pyproject.toml").read_text() + config)
    _locate_corpus()


def _locate_corpus() -> None:
    """Point the scratch copy's tests at the shared corpus (tests/conftest.py, the one place that
    locates it, reads YAKUMAN_SHARED_DATA); the corpus checks skip when it is absent."""
    sys.path.insert(0, str(REPO))
    from tests.conftest import SHARED_DATA

    os.environ["YAKUMAN_SHARED_DATA"] = str(SHARED_DATA.resolve())
    if not SHARED_DATA.is_dir():
        print(f"note: {SHARED_DATA} not found: the corpus checks skip", file=sys.stderr)


def collect(work: Path) -> dict[str, dict[str, str]]:
    """module file -> {mutant name: status} from mutmut's .meta files."""
    out: dict[str, dict[str, str]] = {}
    for meta in sorted((work / "mutants" / "src").rglob("*.py.meta")):
        data = json.loads(meta.read_text())
        rel = meta.relative_to(work / "mutants").as_posix()[: -len(".meta")]
        out[rel] = {k: _status(v) for k, v in sorted(data.get("exit_code_by_key", {}).items())}
    return out


def _diffs(work: Path, names: list[str]) -> dict[str, str]:
    """Each mutant's diff (mutmut's own function, in one process: ``mutmut show`` per mutant costs
    a second each)."""
    from mutmut.mutation.diff_apply import find_mutant, get_diff_for_mutant

    old = os.getcwd()
    os.chdir(work)
    try:
        out = {}
        for name in names:
            try:
                out[name] = get_diff_for_mutant(name, path=find_mutant(name).path)
            except Exception as err:  # a mutant mutmut cannot show: keep its name
                out[name] = f"(no diff: {err})"
        return out
    finally:
        os.chdir(old)


# --recheck: the survivors of the last run against the current tests, one module's test files each
# (tests added after the run started are not in mutmut's map; a kill by any test of the default
# suite is a kill).
RECHECK_TESTS = {
    "logs/replay.py": ["tests/logs/test_replay_checks.py", "tests/logs/test_last_tile.py",
                       "tests/logs/test_replay.py", "tests/logs/test_replay_engine.py",
                       "tests/logs/test_verify_engine.py", "tests/game/test_records_strict.py"],
    "furiten.py": ["tests/unit/test_furiten_branches.py", "tests/unit/test_rule_edges.py",
                   "tests/unit/test_furiten.py"],
    "settle.py": ["tests/unit/test_settle_branches.py", "tests/unit/test_rule_edges.py",
                  "tests/unit/test_settle.py", "tests/unit/test_settle_dealer_seat.py"],
    "scoring.py": ["tests/unit/test_scoring_branches.py", "tests/unit/test_score_glue.py",
                   "tests/unit/test_score_errors.py", "tests/unit/test_rules_examples.py"],
    "result.py": ["tests/unit/test_scoring_branches.py", "tests/unit/test_score_glue.py",
                  "tests/unit/test_rules_examples.py"],
    "game/__init__.py": ["tests/game/test_engine_layer.py", "tests/game/test_rules.py", "tests/game/test_view.py"],
    "game/view.py": ["tests/game/test_engine_layer.py", "tests/game/test_view.py"],
    "game/mjai.py": ["tests/game/test_engine_layer.py", "tests/game/test_mjai.py"],
    "game/cluster.py": ["tests/game/test_engine_layer.py", "tests/game/test_cluster.py"],
    "game/cli.py": ["tests/game/test_engine_layer.py", "tests/game/test_mjai.py", "tests/unit/test_cli.py"],
    "rules.py": ["tests/unit/test_rules.py", "tests/unit/test_rules_examples.py", "tests/unit/test_local_rules.py"],
    "game/_actions.py": ["tests/game/test_engine_layer.py", "tests/learn/test_actions.py"],
    "game/_frozen.py": ["tests/game/test_engine_layer.py"],
    "game/_world.py": ["tests/game/test_world.py"],
    "game/duplicate.py": ["tests/game/test_arena.py"],
    "game/vec.py": ["tests/learn/test_vec.py"],
    "game/gym_env.py": ["tests/learn/test_envs.py"],
    "game/pz_env.py": ["tests/learn/test_envs.py"],
    "game/evplanes.py": ["tests/game/test_ev_policy.py"],
    "game/linear.py": ["tests/learn/test_bc.py"],
    "game/records.py": ["tests/game/test_records.py", "tests/game/test_records_strict.py",
                        "tests/game/test_records_next_hand.py", "tests/game/test_from_record.py"],
}


def _apply_diff(text: str, func: str, diff: str) -> str | None:
    """The source with the mutant's changed lines (matched by content after ``def func``)."""
    minus = [ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    plus = [ln[1:] for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    lines = text.split("\n")
    start = next((i for i, ln in enumerate(lines) if re.match(rf"\s*def {re.escape(func)}\(", ln)), None)
    if start is None or not minus:
        return None
    j = start
    for k, old in enumerate(minus):
        j = next((i for i in range(j, len(lines)) if lines[i].strip() == old.strip()), None)
        if j is None:
            return None
        indent = lines[j][: len(lines[j]) - len(lines[j].lstrip())]
        new = plus[k].strip() if k < len(plus) else None
        if new is None:
            del lines[j]
        else:
            lines[j] = indent + new
            j += 1
    for extra in plus[len(minus):]:
        lines.insert(j, indent + extra.strip())
        j += 1
    return "\n".join(lines)


def recheck(work: Path, modules: list[str] | None = None) -> dict[str, str]:
    """Survivor -> the first current test that kills it ("" if none)."""
    results = collect(work)
    if modules:
        wanted = {f"src/yakuman/{MODULES[m]}" for m in modules}
        results = {p: r for p, r in results.items() if p in wanted}
    scratch = work / "recheck"
    if scratch.exists():
        shutil.rmtree(scratch)
    shutil.copytree(REPO / "src", scratch / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("tests", "pyproject.toml"):
        (scratch / name).symlink_to(REPO / name)
    _locate_corpus()
    out: dict[str, str] = {}
    done = json.loads((work / "recheck.json").read_text()) if (work / "recheck.json").exists() else {}
    for path, res in results.items():
        rel = path[len("src/yakuman/"):]
        # already killed by a current test, or classified (a reason starting "equivalent" in
        # recheck.json): not run again
        surv = [n for n, st in res.items() if st in ("survived", "no tests")
                and not done.get(n, "").startswith(("tests/", "equivalent"))]
        if not surv:
            continue
        diffs = _diffs(work, surv)
        target = scratch / path
        original = target.read_text()
        for name in surv:
            func = name.rsplit("__mutmut_", 1)[0].rsplit(".", 1)[-1].split("\u01c1")[-1]
            func = func[2:] if func.startswith("x_") else func
            mutated = _apply_diff(original, func, diffs.get(name, ""))
            if mutated is None or mutated == original:
                out[name] = "(not applicable to the current source)"
                continue
            target.write_text(mutated)
            try:
                r = subprocess.run(
                    [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                     *RECHECK_TESTS.get(rel, ["tests/unit"])],
                    cwd=scratch, env=dict(os.environ, PYTHONPATH=str(scratch / "src")),
                    capture_output=True, text=True, timeout=900,
                )
                failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", r.stdout, re.M)
                out[name] = (failed[0] if failed else f"exit {r.returncode}") if r.returncode else ""
            except subprocess.TimeoutExpired:
                out[name] = "timeout"
            finally:
                target.write_text(original)
            print(f"{'killed ' if out[name] else 'SURVIVES'} {name} {out[name]}", flush=True)
    old = json.loads((work / "recheck.json").read_text()) if (work / "recheck.json").exists() else {}
    old.update(out)
    (work / "recheck.json").write_text(json.dumps(old, indent=1, ensure_ascii=False))
    return out


def report(work: Path) -> tuple[int, int, str]:
    results = collect(work)
    lines = ["| module | checked | killed | survived | no tests | kill rate | not checked |",
             "|---|---|---|---|---|---|---|"]
    total = killed = 0
    survivors: list[str] = []
    rechecked = json.loads((work / "recheck.json").read_text()) if (work / "recheck.json").exists() else {}
    for path, res in results.items():
        res = {n: ("killed" if rechecked.get(n, "").startswith("tests/") else st) for n, st in res.items()}
        unchecked = sum(1 for st in res.values() if st == "not checked")
        res = {n: st for n, st in res.items() if st != "not checked"}
        if not res:
            lines.append(f"| {path} | 0 | | | | | {unchecked} |")
            continue
        k = sum(1 for s in res.values() if s in KILLED)
        surv = [n for n, s in res.items() if s not in KILLED]
        nt = sum(1 for s in res.values() if s == "no tests")
        total += len(res)
        killed += k
        survivors += surv
        lines.append(f"| {path} | {len(res)} | {k} | {len(surv) - nt} | {nt} | {100 * k / len(res):.1f}% | {unchecked} |")
    rate = 100 * killed / total if total else 0.0
    lines.append(f"| **all** | {total} | {killed} | {total - killed} | | **{rate:.1f}%** | |")
    text = "\n".join(lines) + "\n\n## Survivors\n"
    diffs = _diffs(work, survivors)
    for name in survivors:
        status = next(s for r in results.values() for n, s in r.items() if n == name)
        text += f"\n### {name} ({status})\n```diff\n{diffs.get(name, '').strip()}\n```\n"
    (work / "report.md").write_text(text)
    return killed, total, text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--module", action="append", choices=sorted(MODULES), help="default: all")
    ap.add_argument("--max-children", type=int, default=2)
    ap.add_argument("--work", type=Path, default=REPO / "build" / "mutate")
    ap.add_argument("--keep", action="store_true", help="reuse the previous run's results")
    ap.add_argument("--select", nargs="+", metavar="TEST",
                    help="test files for this run instead of TESTS (with -m 'not slow'; a lower bound, faster)")
    ap.add_argument("--no-corpus", action="store_true",
                    help="leave the corpus-based tests out of the selection (faster; a lower bound)")
    ap.add_argument("--report-only", action="store_true", help="summarise the last run")
    ap.add_argument("--recheck", action="store_true",
                    help="test the last run's survivors against the current tests, then summarise")
    ap.add_argument("--min-rate", type=float, default=0.0, help="fail below this kill rate (percent)")
    args = ap.parse_args(argv)
    work = args.work.resolve()
    if not args.report_only and not args.recheck:   # --recheck tests the last run's survivors: no new run
        prepare(work, args.module or sorted(MODULES), args.keep, corpus=not args.no_corpus, select=args.select)
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)  # mutmut puts the mutated src/ first on sys.path itself
        # One module after the other (the first call collects mutmut's test map for all of them):
        # an interrupted run leaves whole modules done rather than a scatter of mutants.
        for m in args.module or ORDER:
            patterns = _patterns(m)
            print(f"== mutmut run {' '.join(patterns)}", flush=True)
            subprocess.run(
                [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children), *patterns],
                cwd=work,
                env=env,
                check=False,
            )
    if args.recheck:
        recheck(work, args.module)
    killed, total, text = report(work)
    print(text)
    rate = 100 * killed / total if total else 0.0
    print(f"kill rate {killed}/{total} = {rate:.1f}% (report: {work / 'report.md'})")
    return 0 if total and rate >= args.min_rate else 1


if __name__ == "__main__":
    sys.exit(main())
