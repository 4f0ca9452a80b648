"""DESIGN.md's import rules: core imports nothing of the game; only ui imports pygame; nothing imports
ui; nothing outside game/rules imports a ruleset's own package (they go through rules/api.py and
rules/registry.py); no ruleset package imports another, nor holds an import circle (imports
inside functions count)."""

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"
ALLOWED = {
    "core": {"core"},
    "content": {"core", "content"},
    "rules": {"core", "content", "rules"},
    "session": {"core", "content", "rules", "session"},
    "ui": {"core", "content", "rules", "session", "ui"},
}


def imports_of(path: Path) -> list[str]:
    """Absolute module names imported by a file, anywhere in it (relative imports resolved inside
    game; `from . import x` names the module x when x is a module of the package)."""
    tree = ast.parse(path.read_text())
    package = path.relative_to(GAME.parent).with_suffix("").parts[:-1]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ((node.module,) if node.module else ()))
            else:
                module = node.module or ""
            names.append(module)
            for alias in node.names:  # from package import module
                if _module_path(f"{module}.{alias.name}") is not None:
                    names.append(f"{module}.{alias.name}")
    return names


def _module_path(name: str) -> Path | None:
    """The file of a module of the game (a package's __init__.py), or None."""
    if not name.startswith("game."):
        return None
    base = GAME.parent.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


RULESET_PACKAGES = sorted(p.parent for p in (GAME / "rules").glob("*/__init__.py"))


FILES = sorted(p for p in GAME.rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(GAME)))
def test_layers_import_only_what_they_may(path):
    layer = path.relative_to(GAME).parts[0] if len(path.relative_to(GAME).parts) > 1 else None
    for name in imports_of(path):
        top = name.split(".")[0]
        if top == "pygame" or top == "pygame_gui":
            assert layer == "ui", f"{path.name} imports {name}: only game.ui may import pygame"
        if name.startswith("game.") and layer in ALLOWED:
            sub = name.split(".")[1]
            assert sub in ALLOWED[layer] or sub in ("__init__", "i18n"), f"{path} imports {name}"
        if name.startswith("game.ui"):
            assert layer == "ui" or path.name in ("cli.py",), f"{path} imports the ui"


def test_every_module_has_a_docstring():
    missing = [str(p.relative_to(GAME)) for p in FILES if ast.get_docstring(ast.parse(p.read_text())) is None]
    assert missing == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(GAME)))
def test_only_game_rules_imports_a_ruleset_package(path):
    """The screen, the computer players, simulate, replay, saves and the command line reach a ruleset
    through game.rules.api and game.rules.registry only."""
    inside_rules = path.relative_to(GAME).parts[0] == "rules"
    for name in imports_of(path):
        for package in RULESET_PACKAGES:
            if name == module_name(package) or name.startswith(module_name(package) + "."):
                assert inside_rules, f"{path.relative_to(GAME)} imports {name}: use game.rules.api / registry"


@pytest.mark.parametrize("package", RULESET_PACKAGES, ids=[p.name for p in RULESET_PACKAGES])
def test_a_ruleset_package_imports_no_other_ruleset(package):
    """What rulesets share lives in game/rules (engine_base, state, api) or game/content, not in
    one ruleset's package that another borrows from."""
    others = [module_name(p) for p in RULESET_PACKAGES if p != package]
    for path in sorted(package.rglob("*.py")):
        for name in imports_of(path):
            assert not any(name == o or name.startswith(o + ".") for o in others), \
                f"{path.relative_to(GAME)} imports {name}"


def test_the_registry_names_every_ruleset_package():
    from game.rules import registry

    named = {p for p in registry.PACKAGES.values() if p}
    assert named == {module_name(p) for p in RULESET_PACKAGES}


def import_cycle(modules: dict[str, list[str]]) -> list[str] | None:
    """A circle in an import graph (module -> the modules it imports), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in modules.get(node, ()):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(modules):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_a_circle():
    assert import_cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": ["b"], "b": ["c"], "c": []}) is None


@pytest.mark.parametrize("package", RULESET_PACKAGES, ids=lambda p: p.name)
def test_a_ruleset_package_holds_no_import_circle(package):
    """Its modules import each other in one direction only (imports inside functions included);
    the package's __init__ is left out: it only gathers what the modules offer."""
    own = module_name(package)
    graph = {}
    for path in sorted(package.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        graph[module_name(path)] = sorted({n for n in imports_of(path) if n.startswith(own + ".")})
    assert import_cycle(graph) is None, f"import circle in {own}: {' -> '.join(import_cycle(graph))}"


def test_the_generic_computer_player_reads_the_ruleset_interface_only():
    """game/session/ai/generic.py plays 3.5 and 4e: it imports nothing of a ruleset (nor of the 5e
    computer players), only game.core and game.rules.api, and never asks for the 5e estimates."""
    path = GAME / "session" / "ai" / "generic.py"
    game_imports = [name for name in imports_of(path) if name.startswith("game.")]
    assert game_imports, "the import reader found nothing: it is broken"
    for name in game_imports:
        assert name.startswith(("game.core", "game.rules.api")), f"generic.py imports {name}"
        assert not name.startswith("game.rules.dnd5e")
    asked = {node.attr for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Attribute)}
    assert "legal_commands" in asked and "estimates" not in asked
