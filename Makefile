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
