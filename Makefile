# yakuman - the README's commands. Everything runs inside .venv (created on demand).
# Dependencies are installed per job: `make run` / `make build` only the build and runtime ones,
# `make test` adds the test ones, `make bench` the benchmark ones (each set once, by a stamp).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
BUILD_DEPS := "setuptools>=77" "Cython>=3.1" "numpy>=1.24"
RUN_DEPS := "numpy>=1.24" "tomli>=1.1; python_version < '3.11'"
TEST_DEPS := "pytest>=7" "hypothesis>=6" "mahjong==2.1.0" "xiangting>=6" "pandas>=2" "pyarrow>=14" "dask[distributed]>=2024.1" "mypy>=1.18" "build>=1.0" "matplotlib>=3.5" "gymnasium>=1.0" "pettingzoo>=1.24"
BENCH_DEPS := "pytest>=7" "pytest-benchmark>=4" "mahjong==2.1.0" "xiangting>=6" "riichienv>=0.4"
PYTEST_ARGS ?=

# What the extension is built from: `make build` rebuilds only when one of these changed.
NATIVE_SOURCES := $(wildcard csrc/*.c csrc/*.h src/yakuman/*.pyx src/yakuman/*.pxi) setup.py pyproject.toml tools/gen_tables.py

VENV_STAMP := $(VENV)/.venv-stamp
RUN_STAMP := $(VENV)/.run-deps-stamp
TEST_STAMP := $(VENV)/.test-deps-stamp
BENCH_STAMP := $(VENV)/.bench-deps-stamp
BUILD_STAMP := $(VENV)/.build-stamp

.PHONY: all venv build run test test-deps bench-deps bench dist-check typing sanitize check-tables oracle-full tenhou diff-full logs-full clean bench-guard

all: build

$(VENV_STAMP):
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	touch $@

$(RUN_STAMP): $(VENV_STAMP) Makefile
	$(VPY) -m pip install -q $(BUILD_DEPS) $(RUN_DEPS)
	touch $@

$(TEST_STAMP): $(RUN_STAMP) Makefile
	$(VPY) -m pip install -q $(TEST_DEPS)
	touch $@

$(BENCH_STAMP): $(TEST_STAMP) Makefile
	$(VPY) -m pip install -q $(BENCH_DEPS)
	touch $@

venv: $(RUN_STAMP)
test-deps: $(TEST_STAMP)
bench-deps: $(BENCH_STAMP)

$(BUILD_STAMP): $(RUN_STAMP) $(NATIVE_SOURCES)
	$(VPY) -m pip install -q --no-build-isolation --no-deps -e .
	touch $@

build: $(BUILD_STAMP)
	@$(VPY) -c "import yakuman; print('yakuman', yakuman.__version__, 'built')"

run: build
	$(VPY) -m yakuman demo --hands 1000000 --seed 1

# The packaging check (sdist -> wheel in a fresh venv -> install -> smoke test), then the suite
# (last, so that pytest's summary is the closing line).
test: build $(TEST_STAMP)
	$(MAKE) --no-print-directory dist-check
	$(VPY) -m pytest -q $(PYTEST_ARGS)

# sdist -> wheel (fresh venv, build isolation, OpenMP off) -> install -> tools/smoke.py outside the repo.
dist-check: $(TEST_STAMP)
	$(VPY) tools/dist_check.py

# stubtest + mypy --strict on the README examples (also part of `make test`).
typing: build $(TEST_STAMP)
	$(VPY) -m pytest -q tests/typing

bench: build $(BENCH_STAMP)
	mkdir -p .benchmarks
	$(VPY) -m pytest bench -q -p no:randomly --benchmark-only --benchmark-columns=median,ops,rounds --benchmark-sort=name --benchmark-json=.benchmarks/latest.json
	$(VPY) bench/report.py .benchmarks/latest.json

# The native tests under AddressSanitizer + UndefinedBehaviorSanitizer (a separate in-place build).
sanitize: build $(TEST_STAMP)
	YAKUMAN_SANITIZE=1 $(VPY) setup.py -q build_ext --inplace --force
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	  $(VPY) -m pytest -q -p no:cacheprovider -x -m "not slow" $(or $(PYTEST_ARGS),tests)
	$(VPY) setup.py -q build_ext --inplace --force

check-tables: $(RUN_STAMP)
	$(VPY) tools/gen_tables.py --check

# Full differential run of shanten/waits against the reference and xiangting (2M+ hands).
oracle-full: build $(TEST_STAMP)
	YAKUMAN_ORACLE_HANDS=2000000 $(VPY) -m pytest -q tests/differential/test_shanten_oracles.py

# Every record of the shared Tenhou corpus, scored natively and by the reference.
tenhou: build $(TEST_STAMP)
	YAKUMAN_TENHOU_FULL=1 $(VPY) -m pytest -q tests/golden

# 1M generated hands against the mahjong package; 200k native vs reference.
diff-full: build $(TEST_STAMP)
	YAKUMAN_DIFF_HANDS=1000000 $(VPY) -m pytest -q -s tests/differential/test_score_mahjong.py
	YAKUMAN_REF_HANDS=200000 $(VPY) -m pytest -q tests/differential/test_score_reference.py

# Replay and verify every shared log file (mjlog and tenhou6).
logs-full: build $(TEST_STAMP)
	YAKUMAN_LOGS_FULL=1 $(VPY) -m pytest -q -s tests/logs tests/game/test_records.py

clean:
	rm -rf build src/yakuman/_core*.so src/yakuman/_core.c *.egg-info src/*.egg-info $(BUILD_STAMP)

# The hot-path benchmarks against a committed baseline, as ratios to peers measured in the same run
# (bench/guard.py holds the pairs; it fails when a ratio drops by more than 25%). CI runs it.
# `make bench-guard GUARD_ARGS=--update` rewrites bench/baseline.json from this machine's run.
GUARD_ARGS ?=
GUARD_RUN = $(VPY) -m pytest bench -q -p no:randomly --benchmark-only --benchmark-columns=median,rounds \
	  --benchmark-max-time=0.5 -k "$$($(VPY) bench/guard.py --select)"
# One pass; a failing pass is measured again and the two are checked together (per benchmark the
# fastest round of either): load slows one pass, a regression slows both.
bench-guard: build $(BENCH_STAMP)
	mkdir -p .benchmarks
	rm -f .benchmarks/guard-*.json
	$(GUARD_RUN) --benchmark-json=.benchmarks/guard-1.json
	$(VPY) bench/guard.py .benchmarks/guard-1.json $(GUARD_ARGS) || { \
	  echo "bench-guard: a ratio is below its floor; measuring a second pass"; \
	  $(GUARD_RUN) --benchmark-json=.benchmarks/guard-2.json && \
	  $(VPY) bench/guard.py .benchmarks/guard-1.json .benchmarks/guard-2.json $(GUARD_ARGS); }

# ---- Fuzzing (tests/fuzz/targets.py, tools/fuzz.py; docs/testing.md) ----------------------------
# FUZZ_INPUTS inputs (native batch rows + structured target calls), then the same corpus under
# ASan/UBSan (a sanitized copy of the package in build/fuzz-asan), then atheris when it installs.
# Each run prints one JSON line with its counts: inputs, crashes, hangs, wrong results.
FUZZ_INPUTS ?= 10000000
FUZZ_STRUCTURED ?= 200000
FUZZ_DIR ?= build/fuzz
FUZZ_WORKERS ?= 2
FUZZ_ATHERIS_RUNS ?= 50000
.PHONY: fuzz
fuzz: build
	rm -rf $(FUZZ_DIR)
	$(VPY) tools/fuzz.py --inputs $(FUZZ_INPUTS) --structured $(FUZZ_STRUCTURED) --workers $(FUZZ_WORKERS) --corpus $(FUZZ_DIR)
	rm -rf build/fuzz-asan && mkdir -p build/fuzz-asan && cp -r src/yakuman build/fuzz-asan/
	YAKUMAN_SANITIZE=1 $(VPY) setup.py -q build_ext --build-lib build/fuzz-asan --build-temp build/fuzz-asan-tmp --force
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	  PYTHONPATH=build/fuzz-asan $(VPY) tools/fuzz.py --replay $(FUZZ_DIR) --label asan --workers $(FUZZ_WORKERS)
	-$(VPY) -m pip install -q atheris && $(VPY) tools/fuzz_atheris.py -runs=$(FUZZ_ATHERIS_RUNS) $(FUZZ_DIR)/atheris

# ---- mutation testing (docs/testing.md, "Mutation testing") ----------------------------------
# mutmut on the Python rule modules (tools/mutate.py: rules, settle, furiten, scoring, result,
# logs/replay, every module of the engine's Python layer src/yakuman/game/, records.py included, the
# expected-value calculator's Python layer ev.py and cli_ev.py, the decision review logs/review.py, and
# the record readers logs/tenhou_json.py and logs/mjai.py),
# then the fixed list of hand-written mutants (tools/c_mutants.py: the scorer, the input check, the
# engine's ym_game_*.c, the record driver's Cython loop and the engine's Python rules), both in
# scratch copies under build/. MUTATE_ARGS: e.g. --module settle; C_MUTANTS_ARGS: e.g. --only G1 Q1.
MUTATE_ARGS ?=
.PHONY: mutate mutate-python mutate-c

mutate: mutate-python mutate-c

mutate-python: $(TEST_STAMP)
	$(VPY) -m pip install -q "mutmut>=3.3"
	$(VPY) setup.py -q build_ext --inplace
	$(VPY) tools/mutate.py $(MUTATE_ARGS)

C_MUTANTS_ARGS ?=
mutate-c: $(TEST_STAMP)
	$(VPY) tools/c_mutants.py $(C_MUTANTS_ARGS)
