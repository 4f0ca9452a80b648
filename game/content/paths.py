"""Where the bundled files live: maps/ and assets/ beside the game package."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPS_DIR = ROOT / "maps"
ASSETS_DIR = ROOT / "assets"
CREATURES_DIR = ASSETS_DIR / "creatures"
ITEMS_DIR = ASSETS_DIR / "items"
DEFAULT_SCENARIO = MAPS_DIR / "default.scenario.toml"
