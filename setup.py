"""Build the native core: generate the suit tables (a C array, tools/gen_tables.py), then cythonize
src/yakuman/_core.pyx with the C kernels of csrc/. Metadata lives in pyproject.toml.

Switches (environment):
  YAKUMAN_DEBUG=1     Cython checks on, -O0 -g;
  YAKUMAN_SANITIZE=1  adds AddressSanitizer + UndefinedBehaviorSanitizer (GCC/Clang);
  YAKUMAN_OPENMP=0|1  force OpenMP off / on (default: on when a try-compile with the compiler's
                      OpenMP flag works; without it the batch loops run on one thread).
Release builds carry no debug info (-g0 and a debug-stripping link on GCC/Clang; no /Zi on MSVC).
Compiler directives and flags live here and only here.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
GEN_DIR = os.path.join(HERE, "build", "gen")
TABLES_HEADER = os.path.join(GEN_DIR, "ym_tables_data.h")
DEBUG = os.environ.get("YAKUMAN_DEBUG") == "1"
SANITIZE = os.environ.get("YAKUMAN_SANITIZE") == "1"
OPENMP = os.environ.get("YAKUMAN_OPENMP", "").strip().lower()  # "", "0"/"off", "1"/"on"


def generate_tables():
    gen = os.path.join(HERE, "tools", "gen_tables.py")
    if os.path.exists(TABLES_HEADER) and os.path.getmtime(TABLES_HEADER) >= os.path.getmtime(gen):
        return
    subprocess.check_call([sys.executable, gen, GEN_DIR])


OPENMP_PROBE = """#include <omp.h>
int main(void) {
    int n = 0;
#pragma omp parallel reduction(+:n)
    n += 1;
    return n > 0 && omp_get_max_threads() > 0 ? 0 : 1;
}
"""


def openmp_flags(compiler):
    """(compile flags, link flags, reason): the compiler's OpenMP flags when a probe program
    compiles and links with them, else empty lists."""
    if OPENMP in ("0", "off", "no", "false"):
        return [], [], "disabled by YAKUMAN_OPENMP=0"
    msvc = compiler.compiler_type == "msvc"
    cflags, lflags = (["/openmp"], []) if msvc else (["-fopenmp"], ["-fopenmp"])
    tmp = tempfile.mkdtemp(prefix="yakuman-omp-")
    try:
        src = os.path.join(tmp, "probe.c")
        with open(src, "w", encoding="ascii") as f:
            f.write(OPENMP_PROBE)
        objs = compiler.compile([src], output_dir=tmp, extra_postargs=cflags)
        compiler.link_executable(objs, "probe", output_dir=tmp, extra_postargs=lflags)
        ok, reason = True, f"{' '.join(cflags)} works"
    except Exception as e:  # CompileError / LinkError: no usable OpenMP
        ok, reason = False, f"{' '.join(cflags)} failed ({type(e).__name__})"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not ok and OPENMP in ("1", "on", "yes", "true"):
        raise RuntimeError(f"YAKUMAN_OPENMP=1 but the compiler has no usable OpenMP: {reason}")
    return (cflags, lflags, reason) if ok else ([], [], reason)


def compiler_flags(compiler):
    """(compile flags, link flags) for this compiler (MSVC or a GCC-compatible one)."""
    if compiler.compiler_type == "msvc":
        if SANITIZE:
            raise RuntimeError("YAKUMAN_SANITIZE=1 needs GCC or Clang")
        return (["/Od", "/Zi"] if DEBUG else ["/O2"]), []
    # hidden visibility: the kernels call each other directly, not through the PLT (the module's
    # init function is exported by PyMODINIT_FUNC)
    cflags = ["-Wall", "-Wno-unused-function", "-fvisibility=hidden"]
    lflags = []
    if DEBUG or SANITIZE:
        cflags += ["-O1" if SANITIZE else "-O0", "-g", "-fno-omit-frame-pointer", "-UNDEBUG"]
    else:
        cflags += ["-O3", "-g0"]   # -g0 last: overrides the -g of Python's own CFLAGS
        lflags += ["-Wl,-S"]       # strip debug sections at link (GNU ld and Apple ld both)
    if SANITIZE:
        san = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
        cflags += san
        lflags += san
    return cflags, lflags


class BuildExt(build_ext):
    """Generate the tables and cythonize only when extensions are built (not for an sdist)."""

    def finalize_options(self):
        from Cython.Build import cythonize

        generate_tables()  # before cythonize: ym_tables.c includes the generated array
        dist = self.distribution
        dist.ext_modules[:] = cythonize(dist.ext_modules, compiler_directives=DIRECTIVES,
                                        build_dir="build/cython", quiet=True)
        super().finalize_options()

    def build_extensions(self):
        cflags, lflags = compiler_flags(self.compiler)
        ocflags, olflags, reason = openmp_flags(self.compiler)
        print(f"yakuman: OpenMP {'on' if ocflags else 'off'}: {reason}")
        for ext in self.extensions:
            ext.extra_compile_args = cflags + ocflags
            ext.extra_link_args = lflags + olflags
        super().build_extensions()


DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "cdivision": not DEBUG,
    "initializedcheck": DEBUG,
    "embedsignature": True,
}

setup(
    ext_modules=[
        Extension(
            "yakuman._core",
            sources=["src/yakuman/_core.pyx"] + sorted(glob.glob("csrc/*.c")),
            include_dirs=["csrc", GEN_DIR],
            depends=sorted(glob.glob("csrc/*.h")) + [TABLES_HEADER],
        )
    ],
    cmdclass={"build_ext": BuildExt},
)
