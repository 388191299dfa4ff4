# yakuman - the README's commands. Everything runs inside .venv (created on demand).
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.deps-stamp
BUILD_DEPS := "setuptools>=61" wheel "Cython>=3.1" "numpy>=1.24"
TEST_DEPS := "pytest>=7" "pytest-benchmark>=4" "hypothesis>=6" "mahjong==2.1.0" "xiangting>=6" "riichienv>=0.4" "pandas>=2" "pyarrow>=14" "dask[distributed]>=2024.1"
PYTEST_ARGS ?=

.PHONY: all venv build run test bench sanitize check-tables oracle-full tenhou diff-full logs-full clean

all: build

$(STAMP): pyproject.toml Makefile
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q $(BUILD_DEPS) $(TEST_DEPS)
	touch $(STAMP)

venv: $(STAMP)

build: $(STAMP)
	$(VPY) -m pip install -q --no-build-isolation --no-deps -e .
	$(VPY) -c "import yakuman; print('yakuman', yakuman.__version__, 'built')"

run: build
	$(VPY) -m yakuman demo --hands 1000000 --seed 1

test: build
	$(VPY) -m pytest -q $(PYTEST_ARGS)

bench: build
	mkdir -p .benchmarks
	$(VPY) -m pytest bench -q -p no:randomly --benchmark-only --benchmark-columns=median,ops,rounds --benchmark-sort=name --benchmark-json=.benchmarks/latest.json
	$(VPY) bench/report.py .benchmarks/latest.json

# The native tests under AddressSanitizer + UndefinedBehaviorSanitizer (a separate in-place build).
sanitize: $(STAMP)
	YAKUMAN_SANITIZE=1 $(VPY) setup.py -q build_ext --inplace --force
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	  $(VPY) -m pytest -q -p no:cacheprovider -x -m "not slow" $(or $(PYTEST_ARGS),tests)
	$(VPY) setup.py -q build_ext --inplace --force

check-tables: $(STAMP)
	$(VPY) tools/gen_tables.py --check

# Full differential run of shanten/waits against the reference and xiangting (2M+ hands).
oracle-full: build
	YAKUMAN_ORACLE_HANDS=2000000 $(VPY) -m pytest -q tests/differential/test_shanten_oracles.py

# Every record of ../shared/data/tenhou/agari.jsonl.gz, scored natively and by the reference.
tenhou: build
	YAKUMAN_TENHOU_FULL=1 $(VPY) -m pytest -q tests/golden

# 1M generated hands against the mahjong package; 200k native vs reference.
diff-full: build
	YAKUMAN_DIFF_HANDS=1000000 $(VPY) -m pytest -q -s tests/differential/test_score_mahjong.py
	YAKUMAN_REF_HANDS=200000 $(VPY) -m pytest -q tests/differential/test_score_reference.py

# Replay and verify every shared log file (mjlog and tenhou6).
logs-full: build
	YAKUMAN_LOGS_FULL=1 $(VPY) -m pytest -q -s tests/logs

clean:
	rm -rf build src/yakuman/_core*.so src/yakuman/_core.c *.egg-info

# ---- mutation testing (docs/testing.md, "Mutation testing") ----------------------------------
# mutmut on the Python rule modules (tools/mutate.py: settle, furiten, scoring, result, logs/replay;
# the engine's src/yakuman/game/ joins its MODULES list), then the fixed C mutant list
# (tools/c_mutants.py), both in scratch copies under build/. MUTATE_ARGS: e.g. --module settle.
MUTATE_ARGS ?=
.PHONY: mutate mutate-python mutate-c

mutate: mutate-python mutate-c

mutate-python: $(STAMP)
	$(VPY) -m pip install -q "mutmut>=3.3"
	$(VPY) setup.py -q build_ext --inplace
	$(VPY) tools/mutate.py $(MUTATE_ARGS)

mutate-c: $(STAMP)
	$(VPY) tools/c_mutants.py
