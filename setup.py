"""Builds the compiled copies of the modules game/speedups.py names (Cython), into
game/_compiled/ with a manifest of the sources they were built from. The build is optional: with
no compiler (or no Cython) the game installs all the same and runs as plain Python."""

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, str(Path(__file__).parent))
from game.speedups import COMPILED, MANIFEST, source_of  # noqa: E402  (the list is kept in one place)

OPTIMISE = ["-O1", "-g0", "-w"]  # -O1: most of the speed for a third of -O3's build time (measured)


class BuildCompiled(build_ext):
    """build_ext placing every extension in game/_compiled/ and writing the manifest there."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def get_ext_fullpath(self, ext_name):
        # in place (an editable install, `pip install -e .`, or --inplace) or in the wheel being built
        base = Path(__file__).resolve().parent if self.in_place else Path(self.build_lib)
        return str(base / "game" / "_compiled" / (ext_name + self.get_ext_filename("x")[1:]))

    def copy_extensions_to_source(self):
        """Built in place already (get_ext_fullpath)."""

    def run(self):
        # (setuptools builds with inplace off, then copies in place: here they are built there)
        self.in_place = bool(self.inplace or getattr(self, "editable_mode", False))
        try:
            super().run()
        except Exception as exc:  # no compiler: plain Python it is
            print(f"skirmish: the compiled modules were not built ({exc}); the game runs as plain Python")
            return
        built = {}
        for ext in self.extensions:
            path = Path(self.get_ext_fullpath(ext.name))
            if path.is_file():
                built[ext.name] = {"file": path.name, "source_sha256": hashlib.sha256(
                    source_of(ext.name, Path(__file__).parent).read_bytes()).hexdigest()}
        if built:
            (path.parent / MANIFEST).write_text(json.dumps({"modules": built}, indent=1), encoding="utf-8")


def extensions():
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    from setuptools import Extension

    modules = [Extension(name, [str(source_of(name, Path(".")))], extra_compile_args=OPTIMISE, optional=True)
               for name in COMPILED]
    return cythonize(modules, build_dir="build/cython", quiet=True, nthreads=os.cpu_count() or 1,
                     compiler_directives={"language_level": 3, "binding": True, "annotation_typing": False})


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCompiled})
