"""The translators' tooling: extract the marked messages, update the French catalogues, compile
them, and find what has no French yet. Needs Babel (the `test` extra); the game itself reads the
compiled catalogues with Python's gettext only.

    python -m game.catalogues update    # extract every domain, merge new messages into fr .po
    python -m game.catalogues compile   # .po -> .mo (the files the game reads)
    python -m game.catalogues check     # every message without French, or a mismatched {field}
    python -m game.catalogues todo DOMAIN > todo.json   # the messages with no French, as JSON
    python -m game.catalogues fill DOMAIN done.json     # write {english: french} into the .po

Domains and their source paths are `game.i18n.DOMAINS`. Python files are read for `_()`,
`N_()`; TOML files (rule cards, demos) for the keys in TOML_KEYS.
"""

from __future__ import annotations

import json
import re
import string
import sys
import tomllib
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAINS, LOCALE_DIR

ROOT = LOCALE_DIR.parents[1]
TOML_KEYS = ("title", "text", "caption")  # the words of cards and demos people read
KEYWORDS = {"_": None, "N_": None}
LANG = "fr"


def extract_toml(fileobj, keywords, comment_tags, options):
    """Babel extractor for TOML: every string value under a key of TOML_KEYS, at any depth."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()

    def line_of(value: str) -> int:
        first = value.splitlines()[0] if value else value
        for number, line in enumerate(lines, 1):
            if first and first in line:
                return number
        return 0

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in TOML_KEYS and isinstance(value, str) and value.strip():
                    yield line_of(value.strip()), None, value.strip(), []  # as the game strips it
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    yield from walk(tomllib.loads(text))


def source_files(domain: str) -> list[Path]:
    """The files whose messages `domain` holds: its paths, less what another domain names
    more narrowly (a module with a domain of its own inside a folder's domain)."""
    files: list[Path] = []
    for name in DOMAINS[domain]:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            narrower = [ROOT / other for key, names in DOMAINS.items() if key != domain for other in names
                        if (ROOT / other).is_relative_to(path) and ROOT / other != path]
            files += sorted(p for p in path.rglob("*") if p.suffix in (".py", ".toml")
                            and not any(p == n or p.is_relative_to(n) for n in narrower))
    return files


# The catalogues are written to merge well: messages sorted by their English, each with the files
# it stands in but no line numbers, and one fixed creation date, so that a change of code moves
# nothing in them and two branches adding messages touch different lines.
CREATED = datetime(2026, 12, 1, tzinfo=timezone.utc)


def extract(domain: str) -> Catalog:
    """The template of `domain`: every marked message of its sources, with the files it stands in."""
    catalog = Catalog(project="skirmish", domain=domain, creation_date=CREATED)
    for path in source_files(domain):
        method = extract_toml if path.suffix == ".toml" else "python"
        where = str(path.relative_to(ROOT))
        for lineno, message, comments, context in extract_from_file(method, str(path), keywords=KEYWORDS):
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(domain: str) -> Path:
    return LOCALE_DIR / LANG / "LC_MESSAGES" / f"{domain}.po"


def read_catalogue(domain: str) -> Catalog:
    path = po_path(domain)
    if not path.exists():
        return Catalog(locale=LANG, project="skirmish", domain=domain)
    with path.open("rb") as handle:
        return read_po(handle, locale=LANG, domain=domain)


def update(domain: str) -> Catalog:
    """Merge the sources' messages into the French catalogue (new ones empty, gone ones dropped)."""
    template = extract(domain)
    catalog = read_catalogue(domain)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    write_catalogue(domain, catalog)
    with (LOCALE_DIR / f"{domain}.pot").open("wb") as handle:
        write_po(handle, template, width=100, sort_output=True, include_lineno=False)
    return catalog


def write_catalogue(domain: str, catalog: Catalog) -> None:
    catalog.fuzzy = False  # the header must not be fuzzy: it carries the charset the game reads
    catalog.project, catalog.version = "skirmish", "0.1"
    catalog.copyright_holder = "the Skirmish authors"
    catalog.language_team = "French"
    catalog.creation_date = CREATED
    path = po_path(domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)


def todo(domain: str) -> dict[str, str]:
    """The messages of `domain` that have no French yet, as {english: ""}."""
    catalog = read_catalogue(domain)
    return {m.id: "" for m in catalog if m.id and isinstance(m.id, str) and (not m.string or m.fuzzy)}


def fill(domain: str, french: dict[str, str]) -> int:
    """Write the translations {english: french} into `domain`'s .po (English it lacks: ValueError)."""
    catalog = read_catalogue(domain)
    for english, text in french.items():
        message = catalog.get(english)
        if message is None:
            raise ValueError(f"{domain}: no message {english!r} (run update first)")
        if text:
            message.string, message.flags = text, message.flags - {"fuzzy"}
    write_catalogue(domain, catalog)
    return sum(1 for text in french.values() if text)


def adopt(domain: str, other: Path) -> int:
    """Take from another copy of `domain`'s .po (another branch's, after a merge) the French of
    the messages that have none here; returns how many were taken."""
    with Path(other).open("rb") as handle:
        theirs = {m.id: m.string for m in read_po(handle, locale=LANG, domain=domain)
                  if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}
    wanted = {english: theirs[english] for english in todo(domain) if english in theirs}
    return fill(domain, wanted) if wanted else 0


def compile_domain(domain: str) -> None:
    catalog = read_catalogue(domain)
    with (po_path(domain).with_suffix(".mo")).open("wb") as handle:
        write_mo(handle, catalog)


def fields(message: str) -> set[str]:
    """The {placeholders} of a message."""
    try:
        return {name for _text, name, _spec, _conv in string.Formatter().parse(message) if name is not None}
    except ValueError:
        return set(re.findall(r"\{(\w*)\}", message))


def _texts(message) -> list[str]:
    return list(message) if isinstance(message, (tuple, list)) else [message]


def problems(domain: str) -> list[str]:
    """What keeps `domain` from being fully French: a message with no translation, a translation
    whose {fields} differ from the English, or a compiled catalogue older than its .po."""
    found = []
    catalog = read_catalogue(domain)
    for message in extract(domain):
        if not message.id:
            continue
        known = catalog.get(message.id)
        where = ", ".join(f"{f}:{n}" for f, n in message.locations[:1])
        if known is None or not all(_texts(known.string)) or known.fuzzy:
            found.append(f"{domain}: no French for {_texts(message.id)[0]!r} ({where})")
            continue
        english = set().union(*(fields(t) for t in _texts(message.id)))
        for french in _texts(known.string):
            if fields(french) != english:
                found.append(f"{domain}: {{fields}} differ in the French of {_texts(message.id)[0]!r} ({where})")
    mo = po_path(domain).with_suffix(".mo")
    if len(catalog):
        if not mo.exists():
            found.append(f"{domain}: {mo.name} is not compiled")
        else:
            with mo.open("rb") as handle:
                compiled = read_mo(handle)
            translated = {m.id: m.string for m in catalog if m.id and not m.fuzzy and all(_texts(m.string))}
            shipped = {m.id: m.string for m in compiled if m.id}
            if translated != shipped:
                found.append(f"{domain}: {mo.name} is out of date (run python -m game.catalogues compile)")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    domains = argv[1:] or list(DOMAINS)
    if command == "update":
        for domain in domains:
            catalog = update(domain)
            print(f"{domain}: {len(catalog)} messages")
    elif command == "compile":
        for domain in domains:
            compile_domain(domain)
    elif command == "todo":
        print(json.dumps(todo(argv[1]), ensure_ascii=False, indent=1))
    elif command == "fill":
        with open(argv[2], encoding="utf-8") as handle:
            print(f"{argv[1]}: {fill(argv[1], json.load(handle))} translations written")
    elif command == "adopt":
        print(f"{argv[1]}: {adopt(argv[1], Path(argv[2]))} translations taken from {argv[2]}")
    elif command == "check":
        found = [p for domain in domains for p in problems(domain)]
        print("\n".join(found) or "every message has its French")
        return 1 if found else 0
    else:
        print(f"unknown command {command!r} (update, compile, check, todo, fill, adopt)", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
