"""Builds the compiled copies of the modules game/speedups.py names (Cython), into
game/_compiled/ with a manifest of the sources they were built from. The build is optional: with
no compiler (or no Cython) the game installs all the same and runs as plain Python."""

import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, str(Path(__file__).parent))
from game.speedups import COMPILED, MANIFEST, digest, source_of  # noqa: E402  (the list is kept in one place)

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
            # built from the C that Cython wrote from the source now beside it (an older copy left
            # by a build that failed this time is not: its module runs as plain Python)
            if path.is_file() and path.stat().st_mtime >= Path(ext.sources[0]).stat().st_mtime:
                built[ext.name] = {"file": path.name,
                                   "source_sha256": digest(source_of(ext.name, Path(__file__).resolve().parent))}
        directory = Path(self.get_ext_fullpath("x")).parent
        directory.mkdir(parents=True, exist_ok=True)
        (directory / MANIFEST).write_text(json.dumps({"modules": built}, indent=1), encoding="utf-8")


def extensions():
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    from setuptools import Extension

    built = []
    for name in COMPILED:  # one by one: a module Cython refuses runs as plain Python, the rest compiled
        module = Extension(name, [str(source_of(name, Path(".")))], extra_compile_args=OPTIMISE, optional=True)
        try:
            built += cythonize([module], build_dir="build/cython", quiet=True, compiler_directives={
                "language_level": 3, "binding": True, "annotation_typing": False})
        except Exception as exc:
            print(f"skirmish: {name} is not compiled ({exc}); it runs as plain Python")
    return built


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCompiled})
