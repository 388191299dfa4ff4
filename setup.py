"""Build the native core: generate the suit tables, then cythonize src/yakuman/_core.pyx
with the C kernels of csrc/.

Switches (environment): YAKUMAN_DEBUG=1 turns Cython checks on and builds -O0 -g;
YAKUMAN_SANITIZE=1 adds AddressSanitizer + UndefinedBehaviorSanitizer.
Compiler directives live here and only here.
"""
import glob
import os
import subprocess
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
GEN_DIR = os.path.join(HERE, "build", "gen")
DEBUG = os.environ.get("YAKUMAN_DEBUG") == "1"
SANITIZE = os.environ.get("YAKUMAN_SANITIZE") == "1"


def generate_tables():
    bin_path = os.path.join(GEN_DIR, "ym_tables.bin")
    meta = os.path.join(GEN_DIR, "ym_tables_meta.h")
    gen = os.path.join(HERE, "tools", "gen_tables.py")
    if os.path.exists(bin_path) and os.path.exists(meta) and os.path.getmtime(bin_path) >= os.path.getmtime(gen):
        return
    subprocess.check_call([sys.executable, gen, GEN_DIR])


generate_tables()  # before cythonize: the C sources embed the generated blob

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": not DEBUG,
    "initializedcheck": DEBUG,
    "embedsignature": True,
}

cflags = ["-Wall", "-Wno-unused-function", "-fopenmp"]
ldflags = ["-fopenmp"]
if DEBUG or SANITIZE:
    cflags += ["-O1" if SANITIZE else "-O0", "-g", "-fno-omit-frame-pointer", "-UNDEBUG"]
else:
    cflags += ["-O3"]
if SANITIZE:
    san = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    cflags += san
    ldflags += san

ext = Extension(
    "yakuman._core",
    sources=["src/yakuman/_core.pyx"] + sorted(glob.glob("csrc/*.c")),
    include_dirs=["csrc", GEN_DIR],
    depends=sorted(glob.glob("csrc/*.h")),
    extra_compile_args=cflags,
    extra_link_args=ldflags,
)

setup(
    ext_modules=cythonize([ext], compiler_directives=directives, build_dir="build/cython", quiet=True),
)
