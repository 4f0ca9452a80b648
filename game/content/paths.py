"""Where the bundled files live: maps/ and assets/ beside the game package."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPS_DIR = ROOT / "maps"
ASSETS_DIR = ROOT / "assets"
RULESETS = ("5e", "3.5", "4e")  # every ruleset a scenario may name (FORMATS.md)
RULESETS_DIR = ASSETS_DIR / "rulesets"  # one folder per ruleset: creatures/, items/, spells/ (ID.toml)
DEFAULT_SCENARIO = MAPS_DIR / "default.scenario.toml"


def ruleset_dir(ruleset: str) -> Path:
    """The folder of a ruleset's bundled content, e.g. assets/rulesets/5e."""
    return RULESETS_DIR / ruleset


def creatures_dir(ruleset: str) -> Path:
    """The folder of a ruleset's bundled stat blocks."""
    return ruleset_dir(ruleset) / "creatures"


def items_dir(ruleset: str) -> Path:
    """The folder of a ruleset's bundled items."""
    return ruleset_dir(ruleset) / "items"


def spells_dir(ruleset: str) -> Path:
    """The folder of a ruleset's bundled spells."""
    return ruleset_dir(ruleset) / "spells"
