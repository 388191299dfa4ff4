"""Coverage-guided fuzzing of the same targets with atheris (libFuzzer for Python), when it installs:

    python tools/fuzz_atheris.py -runs=200000 build/fuzz/atheris

The first byte picks the target of tests/fuzz/targets.py, the rest is its ByteSource. libFuzzer
flags pass through (``-runs``, ``-max_total_time``, corpus folders); it stops at the first failure
and writes the input as ``crash-*``. A ``yakuman.errors`` exception is a legitimate outcome (the
targets handle them); anything else, and every failed check, is a finding.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

import atheris  # noqa: E402

with atheris.instrument_imports():
    from tests.fuzz.targets import TARGETS, ByteSource  # noqa: E402

NAMES = sorted(TARGETS)


def one_input(data: bytes) -> None:
    if not data:
        return
    TARGETS[NAMES[data[0] % len(NAMES)]](ByteSource(data[1:]))


def main() -> None:
    args = [a.replace("-atheris_runs=", "-runs=") for a in sys.argv]
    for a in args[1:]:
        if not a.startswith("-"):
            Path(a).mkdir(parents=True, exist_ok=True)
    atheris.Setup(args, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
