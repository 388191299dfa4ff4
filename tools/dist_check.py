"""sdist -> wheel -> install -> smoke test, the way a user gets the package (``make dist-check``).

1. ``python -m build --sdist`` from the repository; the archive must hold everything needed to
   build (the Cython sources, csrc/, the table generator, LICENSE, README, docs) and no build
   output (the generated ``_core.c``, compiled modules, ``build/``).
2. A fresh virtualenv outside the repository builds a wheel from that sdist with ``pip wheel``
   (build isolation: only the build requirements of pyproject.toml), with OpenMP switched off
   (``YAKUMAN_OPENMP=0``) so that the single-threaded path of the batch loops is the one tested.
3. The wheel must hold the stubs (``*.pyi``, ``py.typed``) and the license, no ``.pyx``/``.pxi``/
   ``.c`` sources, and an extension without debug sections (ELF only: checked where it is ELF).
4. The wheel is installed in the fresh venv and ``tools/smoke.py --installed --expect-openmp 0
   --expect-pgo auto``
   runs from a folder outside the repository; ``yakuman --version`` must print the version.

Usage: python tools/dist_check.py [--keep]   (--keep leaves the temporary folder for inspection)
Exit 0 = all passed; prints the time of each step.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SDIST_MUST_HOLD = [
    "LICENSE", "README.md", "pyproject.toml", "setup.py", "MANIFEST.in",
    "src/yakuman/_core.pyx", "src/yakuman/_core_score.pxi", "src/yakuman/_core_search.pxi",
    "src/yakuman/_core.pyi", "src/yakuman/batch.pyi", "src/yakuman/search.pyi", "src/yakuman/py.typed",
    "src/yakuman/__init__.py", "src/yakuman/cli.py",
    "csrc/ym_tables.c", "csrc/ym_tables.h", "csrc/ym_bits.h", "csrc/ym_score.c", "csrc/ym_shanten.c",
    "tools/gen_tables.py", "tools/smoke.py", "docs/design.md", "docs/rules.md", "docs/performance.md",
]
WHEEL_MUST_HOLD = ["yakuman/py.typed", "yakuman/_core.pyi", "yakuman/batch.pyi", "yakuman/search.pyi",
                   "yakuman/__init__.py", "yakuman/cli.py"]


def step(name: str, t0: float) -> float:
    t = time.perf_counter()
    print(f"dist-check: {name}: {t - t0:.1f} s", flush=True)
    return t


def run(cmd: list[str], **kw) -> None:
    print("dist-check: $ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def fail(msg: str) -> None:
    raise SystemExit(f"dist-check: FAILED: {msg}")


def clean_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(extra)
    return env


def check_sdist(path: str) -> None:
    with tarfile.open(path) as tar:
        names = tar.getnames()
    root = names[0].split("/")[0]
    rel = {n[len(root) + 1:] for n in names if n.startswith(root + "/")}
    missing = [f for f in SDIST_MUST_HOLD if f not in rel]
    if missing:
        fail(f"sdist lacks {missing}")
    bad = sorted(f for f in rel if f.endswith((".so", ".pyd", ".o")) or f == "src/yakuman/_core.c"
                 or f.startswith("build/") or "/__pycache__/" in f or f.startswith(".venv"))
    if bad:
        fail(f"sdist holds build outputs {bad[:10]}")
    print(f"dist-check: sdist {os.path.basename(path)}: {len(rel)} entries, all required files present")


def elf_has_debug(data: bytes) -> bool:
    """True when an ELF file has a .debug_* or .zdebug_* section (section header string table)."""
    import struct

    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:  # 64-bit little-endian only
        raise ValueError("not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    str_off, = struct.unpack_from("<Q", data, shoff + shstrndx * shentsize + 0x18)
    for i in range(shnum):
        name_off, = struct.unpack_from("<I", data, shoff + i * shentsize)
        end = data.index(b"\0", str_off + name_off)
        name = data[str_off + name_off:end]
        if name.startswith((b".debug", b".zdebug")):
            return True
    return False


def check_wheel(path: str) -> None:
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        missing = [f for f in WHEEL_MUST_HOLD if f not in names]
        if missing:
            fail(f"wheel lacks {missing}")
        if not any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names):
            fail("wheel has no LICENSE in its dist-info")
        sources = [n for n in names if n.endswith((".pyx", ".pxi", ".c"))]
        if sources:
            fail(f"wheel ships build sources {sources}")
        exts = [n for n in names if n.startswith("yakuman/_core") and n.endswith((".so", ".pyd"))]
        if len(exts) != 1:
            fail(f"wheel should hold one extension, holds {exts}")
        data = z.read(exts[0])
        if data[:4] == b"\x7fELF":
            if elf_has_debug(data):
                fail(f"{exts[0]} carries debug sections")
            print(f"dist-check: {exts[0]}: {len(data) / 1e6:.2f} MB, no debug sections")
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        if "License-Expression: MIT" not in meta:
            fail("METADATA has no 'License-Expression: MIT'")
    print(f"dist-check: wheel {os.path.basename(path)}: stubs, py.typed and LICENSE present")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = p.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="yakuman-dist-")
    t0 = start = time.perf_counter()
    try:
        dist = os.path.join(tmp, "dist")
        run([sys.executable, "-m", "build", "--sdist", "--outdir", dist, REPO], env=clean_env(), cwd=tmp)
        (sdist,) = [os.path.join(dist, f) for f in os.listdir(dist) if f.endswith(".tar.gz")]
        check_sdist(sdist)
        t0 = step("sdist", t0)
        venv = os.path.join(tmp, "venv")
        run([sys.executable, "-m", "venv", venv])
        vpy = os.path.join(venv, "Scripts" if os.name == "nt" else "bin", "python")
        wheels = os.path.join(tmp, "wheels")
        run([vpy, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, sdist],
            env=clean_env(YAKUMAN_OPENMP="0"), cwd=tmp)
        (wheel,) = [os.path.join(wheels, f) for f in os.listdir(wheels) if f.endswith(".whl")]
        check_wheel(wheel)
        t0 = step("wheel from the sdist (fresh venv, build isolation, OpenMP off)", t0)
        run([vpy, "-m", "pip", "install", "-q", wheel], env=clean_env(), cwd=tmp)
        t0 = step("install", t0)
        outside = os.path.join(tmp, "elsewhere")
        os.makedirs(outside)
        run([vpy, os.path.join(REPO, "tools", "smoke.py"), "--installed", "--expect-openmp", "0", "--expect-pgo", "auto"],
            env=clean_env(), cwd=outside)
        exe = os.path.join(venv, "Scripts" if os.name == "nt" else "bin", "yakuman")
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, env=clean_env(), cwd=outside)
        if out.returncode != 0 or not out.stdout.startswith("yakuman "):
            fail(f"yakuman --version: {out.returncode} {out.stdout!r} {out.stderr!r}")
        print(f"dist-check: {out.stdout.strip()}")
        step("smoke test", t0)
        print(f"dist-check: all passed in {time.perf_counter() - start:.1f} s")
    finally:
        if args.keep:
            print(f"dist-check: kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
