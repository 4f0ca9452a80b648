"""DESIGN.md's import rules: core imports nothing of the game; only ui imports pygame; nothing imports ui."""

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
    """Absolute module names imported by a file (relative imports resolved inside game)."""
    tree = ast.parse(path.read_text())
    package = path.relative_to(GAME.parent).with_suffix("").parts[:-1]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names.append(".".join(base + ((node.module,) if node.module else ())))
            else:
                names.append(node.module or "")
    return names


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
            assert sub in ALLOWED[layer] or sub in ("__init__",), f"{path} imports {name}"
        if name.startswith("game.ui"):
            assert layer == "ui" or path.name in ("cli.py",), f"{path} imports the ui"


def test_every_module_has_a_docstring():
    missing = [str(p.relative_to(GAME)) for p in FILES if ast.get_docstring(ast.parse(p.read_text())) is None]
    assert missing == []
