"""Build the native core: generate the suit tables (a C array, tools/gen_tables.py), then cythonize
src/yakuman/_core.pyx with the C kernels of csrc/. Metadata lives in pyproject.toml.

Switches (environment):
  YAKUMAN_DEBUG=1     Cython checks on, -O0 -g;
  YAKUMAN_SANITIZE=1  adds AddressSanitizer + UndefinedBehaviorSanitizer (GCC/Clang);
  YAKUMAN_OPENMP=0|1  force OpenMP off / on (default: on when a try-compile with the compiler's
                      OpenMP flag works; without it the batch loops run on one thread);
  YAKUMAN_PGO=0|1     profile-guided build off / required (default: on where the compiler is GCC
                      10 or later and the training run works, else a plain build, which says why).
                      The extension is compiled with -fprofile-generate, tools/pgo_train.py runs
                      on it (a copy of the package in a temporary folder, 7-15 s), then it is
                      compiled again with -fprofile-use: the same code and the same results, laid
                      out for the paths the training takes (docs/performance.md, "Profile-guided
                      build"). Debug and sanitizer builds are plain.
Release builds carry no debug info (-g0 and a debug-stripping link on GCC/Clang; no /Zi on MSVC).
Compiler directives and flags live here and only here.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
GEN_DIR = os.path.join(HERE, "build", "gen")
TABLES_HEADER = os.path.join(GEN_DIR, "ym_tables_data.h")
DEBUG = os.environ.get("YAKUMAN_DEBUG") == "1"
SANITIZE = os.environ.get("YAKUMAN_SANITIZE") == "1"
OPENMP = os.environ.get("YAKUMAN_OPENMP", "").strip().lower()  # "", "0"/"off", "1"/"on"
PGO = os.environ.get("YAKUMAN_PGO", "").strip().lower()  # "", "0"/"off", "1"/"on"
OFF, ON = ("0", "off", "no", "false"), ("1", "on", "yes", "true")


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


PGO_PROBE = "int f(int x) { return x > 3 ? x * 2 : x + 1; }\nint main(void) { return f(1) == 2 ? 0 : 1; }\n"


def pgo_plan(compiler):
    """(True, "") when a profile-guided build is to be tried, else (False, the reason)."""
    if PGO in OFF:
        return False, "disabled by YAKUMAN_PGO=0"
    if DEBUG or SANITIZE:
        return False, "a debug or sanitizer build"
    if compiler.compiler_type == "msvc":
        return False, "MSVC (GCC's -fprofile-use only)"
    # GCC 10 or later: -fprofile-partial-training (Clang and older GCC refuse it)
    tmp = tempfile.mkdtemp(prefix="yakuman-pgo-")
    try:
        src = os.path.join(tmp, "probe.c")
        with open(src, "w", encoding="ascii") as f:
            f.write(PGO_PROBE)
        objs = compiler.compile([src], output_dir=tmp,
                                extra_postargs=["-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile"])
        compiler.link_executable(objs, "probe", output_dir=tmp, extra_postargs=["-fprofile-generate"])
        return True, ""
    except Exception as e:  # CompileError / LinkError
        return False, f"the compiler has no GCC profile feedback ({type(e).__name__})"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def pgo_train(ext_path):
    """Run tools/pgo_train.py on the extension just built at ext_path: a copy of src/yakuman with
    that extension, in a temporary folder (the package as a user imports it)."""
    tmp = tempfile.mkdtemp(prefix="yakuman-pgo-train-")
    try:
        pkg = os.path.join(tmp, "yakuman")
        shutil.copytree(os.path.join(HERE, "src", "yakuman"), pkg,
                        ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"))
        shutil.copy2(ext_path, os.path.join(pkg, os.path.basename(ext_path)))
        # the copy first; the rest of PYTHONPATH kept (pip's isolated build environment puts its
        # numpy there)
        path = os.pathsep.join(p for p in (tmp, os.environ.get("PYTHONPATH", "")) if p)
        env = dict(os.environ, PYTHONPATH=path, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
        env.pop("PYTHONSTARTUP", None)
        subprocess.run([sys.executable, os.path.join(HERE, "tools", "pgo_train.py")], cwd=tmp, env=env,
                       check=True, timeout=900)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


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

    def _build_with(self, cflags, lflags):
        for ext in self.extensions:
            ext.extra_compile_args = list(cflags)
            ext.extra_link_args = list(lflags)
        super().build_extensions()

    def _stale(self):
        """Whether an extension needs compiling (setuptools' own test: its output older than a
        source or a dependency)."""
        from setuptools.modified import newer_group

        return self.force or any(
            newer_group(list(ext.sources) + list(ext.depends or []), self.get_ext_fullpath(ext.name), "newer")
            for ext in self.extensions)

    def build_extensions(self):
        cflags, lflags = compiler_flags(self.compiler)
        ocflags, olflags, reason = openmp_flags(self.compiler)
        print(f"yakuman: OpenMP {'on' if ocflags else 'off'}: {reason}")
        cflags, lflags = cflags + ocflags, lflags + olflags
        if not self._stale():
            return self._build_with(cflags, lflags)   # up to date: setuptools skips it
        pgo, why = pgo_plan(self.compiler)
        force = self.force
        if pgo:
            # the profile of each object by its path, under one folder of the build's temporary tree
            prof = os.path.abspath(os.path.join(self.build_temp, "pgo"))
            shutil.rmtree(prof, ignore_errors=True)
            try:
                self.force = True
                self._build_with(cflags + ["-fprofile-generate", f"-fprofile-dir={prof}"],
                                 lflags + ["-fprofile-generate"])
                t0 = time.time()
                pgo_train(self.get_ext_fullpath(self.extensions[0].name))
                print(f"yakuman: profile-guided build: training run {time.time() - t0:.0f} s")
                self._build_with(cflags + ["-fprofile-use", f"-fprofile-dir={prof}", "-fprofile-partial-training",
                                           "-Wno-missing-profile", "-DYM_BUILD_PGO=1",
                                           # the profile's inlining makes GCC 12 warn on every
                                           # keyword-parsing function of the Cython module (a false
                                           # positive: the first compilation, plain -O3, shows
                                           # any real one)
                                           "-Wno-maybe-uninitialized"], lflags)
                return None
            except Exception as e:
                if PGO in ON:
                    raise
                why = f"the profile-guided steps failed ({type(e).__name__}: {e})"
            finally:
                self.force = force
            self.force = True   # the objects on disk are the instrumented ones
        print(f"yakuman: profile-guided build off: {why}")
        if PGO in ON:
            raise RuntimeError(f"YAKUMAN_PGO=1 but {why}")
        self._build_with(cflags, lflags)
        self.force = force
        return None


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
