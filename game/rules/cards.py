"""Rule cards: every rule an engine applies has an id and a card (its title, the rule in a few
lines, the seed's own French words and the section they stand in, and for 5e the SRD 5.1 in
English). The cards of a ruleset live in `assets/rulesets/<ruleset>/rules.toml`; a log line names
the cards it applied (`Event.rules`, `replay --json`'s `log_rules`), and `skirmish rules ID`
prints one. Titles and texts are translated through the `cards5e`, `cards35` and `cards4e` catalogues; the seed's words are
French and the SRD's English whatever the language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..content.errors import ContentError, read_document
from ..content.paths import ruleset_dir
from ..i18n import _, translated

CARD_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
KEYS = {"id", "title", "text", "seed_section", "seed_words", "srd", "see"}
REQUIRED = ("id", "title", "text", "seed_section")


@dataclass(frozen=True)
class Card:
    id: str
    ruleset: str
    title: str  # English; `title_shown` is the language spoken
    text: str
    seed_section: str  # the heading of the seed the rule stands under
    seed_words: str = ""  # the seed's own French words (none for 4e: its text is not open content)
    srd: str = ""  # the SRD 5.1's English words (5e)
    see: tuple[str, ...] = ()  # related card ids

    @property
    def domain(self) -> str:
        """The catalogue of this ruleset's cards: cards5e, cards35, cards4e."""
        return "cards" + self.ruleset.replace(".", "")

    @property
    def title_shown(self) -> str:
        return translated(self.domain, self.title)

    @property
    def text_shown(self) -> str:
        return translated(self.domain, self.text)


def cards_path(ruleset: str):
    return ruleset_dir(ruleset) / "rules.toml"


@lru_cache(maxsize=None)
def cards(ruleset: str) -> dict[str, Card]:
    """Every card of `ruleset` by id (none when the ruleset has no card file yet)."""
    path = cards_path(ruleset)
    if not path.exists():
        return {}
    data, _text = read_document(path)
    return parse_cards(data, path, ruleset)


def parse_cards(data: dict, path, ruleset: str) -> dict[str, Card]:
    """The cards of a rules.toml document; ContentError naming the card when one is wrong."""
    found: dict[str, Card] = {}
    if not isinstance(data.get("card"), list):
        raise ContentError("no [[card]] tables", path)
    for number, entry in enumerate(data.get("card", []), 1):
        if not isinstance(entry, dict):
            raise ContentError(f"card {number} is not a table", path)
        unknown = set(entry) - KEYS
        missing = [key for key in REQUIRED if not isinstance(entry.get(key), str) or not entry[key].strip()]
        if unknown or missing:
            what = f"unknown key {sorted(unknown)[0]!r}" if unknown else f"no {missing[0]!r}"
            raise ContentError(f"card {number} ({entry.get('id', '?')}): {what}", path)
        if not CARD_ID.match(entry["id"]) or entry["id"] in found:
            raise ContentError(f"card {number}: {entry['id']!r} is not a new lower-case-hyphen id", path)
        found[entry["id"]] = Card(
            id=entry["id"], ruleset=ruleset, title=entry["title"].strip(), text=entry["text"].strip(),
            seed_section=entry["seed_section"].strip(), seed_words=entry.get("seed_words", "").strip(),
            srd=entry.get("srd", "").strip(), see=tuple(entry.get("see", ())))
    return found


def card(ruleset: str, card_id: str) -> Card:
    """The card `card_id` of `ruleset`; KeyError with a sentence when there is none."""
    known = cards(ruleset)
    if card_id not in known:
        raise KeyError(_("no rule card {id!r} under {ruleset} (`skirmish rules --ruleset {ruleset}` lists them)")
                       .format(id=card_id, ruleset=ruleset))
    return known[card_id]


def cards_named(ruleset: str, ids) -> list[Card]:
    """The cards of `ruleset` among `ids`, each once, in order (an id with no card is left out)."""
    known = cards(ruleset)
    return [known[i] for i in dict.fromkeys(ids) if i in known]


def card_lines(c: Card) -> list[str]:
    """A card as printed lines, in the language spoken now."""
    lines = [f"{c.title_shown} [{c.id}, {c.ruleset}]", "", c.text_shown]
    if c.seed_words:
        lines += ["", _("In the rule text (section \u00ab {section} \u00bb):").format(section=c.seed_section),
                  f"  \u00ab {c.seed_words} \u00bb"]
    else:
        lines += ["", _("In the rule text: section \u00ab {section} \u00bb").format(section=c.seed_section)]
    if c.srd:
        lines += ["", _("SRD 5.1:"), f"  {c.srd}"]
    if c.see:
        lines += ["", _("See also: {ids}").format(ids=", ".join(c.see))]
    return lines


