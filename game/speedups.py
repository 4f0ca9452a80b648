"""The modules that may run compiled, and loading their compiled copies.

The computer players and the rules they ask spend their time in plain Python: attribute lookups,
small dicts and short loops. Those modules are compiled with Cython when the game is installed
(setup.py builds COMPILED into `game/_compiled/`, one extension module each, beside a manifest
of the source each was built from); the same source, the same decisions, fewer instructions.

`install()`, run when the package `game` is imported, puts a finder first on `sys.meta_path`:
a module of COMPILED is loaded from its compiled copy only if that copy was built from the very
source beside it (its SHA-256 in the manifest), so an edited module runs as edited, compiled or
not. Without a build (no compiler when installing, say), or with the environment variable
SKIRMISH_PURE_PYTHON set (to profile the Python, or to compare), everything runs as plain Python.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from pathlib import Path

# the modules where the battles of `simulate` spend their time (profiled: the hard computer
# player, the board's queries and the rules each command runs), none of them using numba
COMPILED = (
    "game.session.ai.tactician",
    "game.session.ai.positioning",
    "game.session.ai.maneuvers",
    "game.session.ai.generic",
    "game.core.board",
    "game.core.cover",
    "game.core.movement",
    "game.core.areas",
    "game.core.dice",
    "game.rules.state",
    "game.rules.engine_base",
    "game.rules.commands",
    "game.content.schema_5e",
    "game.rules.dnd5e.geometry",
    "game.rules.dnd5e.attacks",
    "game.rules.dnd5e.estimates",
    "game.rules.dnd5e.moving",
    "game.rules.dnd5e.actions",
    "game.rules.dnd5e.battle",
    "game.rules.dnd5e.turns",
    "game.rules.dnd5e.spells",
    "game.rules.dnd5e.mounted",
    "game.rules.dnd5e.hiding",
    "game.rules.dnd5e.handlers",
    "game.rules.dnd5e.engine",
    "game.rules.dnd5e.falling",
    "game.rules.dnd5e.reacting",
    "game.rules.dnd5e.checks",
    "game.rules.dnd5e.shield",
    "game.rules.dnd5e.conditions",
    "game.rules.dnd5e.vocab",
    "game.rules.dnd5e.damage",
    "game.rules.dnd5e.spending",
    "game.rules.dnd5e.aggressive",  # the orcs' bonus move: a search of its own each time it is weighed
    # 3.5's and 4e's busiest (their option lists, lines and moves: about half of their battles' time)
    "game.rules.dnd35.options",
    "game.rules.dnd35.geometry",
    "game.rules.dnd35.combat",
    "game.rules.dnd35.moving",
    "game.rules.dnd4e.options",
    "game.rules.dnd4e.geometry",
    "game.rules.dnd4e.moving",
    "game.rules.dnd4e.athletics",
)
PACKAGE_DIR = Path(__file__).resolve().parent
COMPILED_DIR = PACKAGE_DIR / "_compiled"
MANIFEST = "manifest.json"
PURE_VARIABLE = "SKIRMISH_PURE_PYTHON"


def source_of(module: str, root: Path = PACKAGE_DIR.parent) -> Path:
    """The .py file of a module of the package (game.core.board: game/core/board.py)."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    """The SHA-256 of a module's source, as the manifest records it: the .py file, then the
    Cython declarations beside it (the .pxd of the same name, C types for the compiled copy
    only) when it has them."""
    found = hashlib.sha256(path.read_bytes())
    declarations = path.with_suffix(".pxd")
    if declarations.is_file():
        found.update(declarations.read_bytes())
    return found.hexdigest()


class CompiledFinder:
    """Finds the compiled copy of a module of the manifest, when it was built from the source
    beside it; any other module is left to the finders after it."""

    def __init__(self, directory: Path, manifest: dict[str, dict], root: Path = PACKAGE_DIR.parent) -> None:
        self.directory, self.manifest, self.root = directory, manifest, root
        self.loaded: list[str] = []  # the modules loaded compiled so far

    def find_spec(self, fullname: str, path=None, target=None) -> ModuleSpec | None:
        entry = self.manifest.get(fullname)
        if entry is None:
            return None
        compiled, source = self.directory / entry["file"], source_of(fullname, self.root)
        try:
            if not compiled.is_file() or digest(source) != entry["source_sha256"]:
                return None  # never built, or edited since: the source itself
        except OSError:
            return None
        self.loaded.append(fullname)
        loader = ExtensionFileLoader(fullname, str(compiled))
        spec = ModuleSpec(fullname, loader, origin=str(compiled))
        spec.has_location = True
        return spec


def read_manifest(directory: Path) -> dict[str, dict]:
    """The manifest of a build ({} without one, or one this Python cannot load)."""
    try:
        data = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    modules = data.get("modules") if isinstance(data, dict) else None
    if not isinstance(modules, dict):
        return {}
    return {name: entry for name, entry in modules.items()
            if isinstance(entry, dict) and any(str(entry.get("file", "")).endswith(s) for s in EXTENSION_SUFFIXES)}


def install() -> CompiledFinder | None:
    """Load the compiled modules from now on (see the module's docstring); the finder, or None
    when there is nothing compiled to load or plain Python was asked for."""
    if os.environ.get(PURE_VARIABLE):
        return None
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    manifest = read_manifest(COMPILED_DIR)
    if not manifest:
        return None
    finder = CompiledFinder(COMPILED_DIR, manifest)
    sys.meta_path.insert(0, finder)
    return finder


def compiled_modules() -> list[str]:
    """The modules running compiled in this process."""
    return [name for name in COMPILED if getattr(sys.modules.get(name), "__file__", "").startswith(str(COMPILED_DIR))]
