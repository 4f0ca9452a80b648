"""3.5 two-weapon fighting: the full attack with a second weapon in the off hand (the stat
block's `off_hand`), its attack penalties and the off-hand weapon's half Strength to damage.

3.5 SRD, Two-Weapon Fighting: one extra attack a round with the off-hand weapon; the primary
hand takes -6 and the off hand -10, -4/-8 when the off-hand weapon is light, -4/-4 with the
Two-Weapon Fighting feat, -2/-2 with both. Seed 003, Dégâts: « Lorsque le personnage touche avec
l'arme qu'il utilise dans sa main non directrice [...] il n'ajoute que la moitié de son bonus de
Force aux dégâts infligés ».

A full attack's routine is a tuple of entries (attack name, iterative penalty, hand); the hand
is "" for a one-weapon attack, PRIMARY or OFF in a two-weapon full attack.
"""

from __future__ import annotations

from ...i18n import _

PRIMARY, OFF = "primary", "off"
RULE = "two-weapon-fighting"


def penalties(stats) -> tuple[int, int]:
    """(primary hand, off hand) attack penalties of a two-weapon full attack."""
    off = stats.attack(stats.off_hand)
    light = off is not None and "light" in off.properties
    feat = "two-weapon-fighting" in stats.feats
    if feat:
        return (-2, -2) if light else (-4, -4)
    return (-4, -8) if light else (-6, -10)


def hand_penalty(stats, hand: str) -> int:
    """The attack penalty of this hand ('' : none)."""
    if hand not in (PRIMARY, OFF) or stats.off_hand is None:
        return 0
    primary, off = penalties(stats)
    return primary if hand == PRIMARY else off


def penalty_words(stats, hand: str) -> str:
    """The penalty in words, for the preview's reasons and the log."""
    penalty = hand_penalty(stats, hand)
    words = _("two-weapon fighting, primary hand {penalty}") if hand == PRIMARY else \
        _("two-weapon fighting, off hand {penalty}")
    return words.format(penalty=f"{penalty:+d}")


def off_hand_damage(strength_mod: int) -> int:
    """What the off hand changes on a weapon's damage, whose total carries the full Strength
    modifier: half a bonus (rounded down), a penalty in full (3.5 SRD, Strength bonus)."""
    return strength_mod // 2 - strength_mod if strength_mod > 0 else 0


def problem(actor, primary) -> str:
    """Why this creature may not make a two-weapon full attack with `primary` ('' when it may)."""
    stats = actor.stats
    if stats.off_hand is None:
        return _("{id} has no off-hand weapon (its stat block's 'off_hand')").format(id=actor.id)
    if primary.name == stats.off_hand:
        return _("the {weapon} is {id}'s off-hand weapon: the full attack names its primary weapon").format(
            weapon=primary.name, id=actor.id)
    if not primary.is_melee:
        return _("two-weapon fighting is with melee weapons, not the {weapon}").format(weapon=primary.name)
    if "natural" in primary.properties or "two-handed" in primary.properties:
        return _("the {weapon} leaves no hand free for an off-hand weapon").format(weapon=primary.name)
    return ""


def primaries(actor) -> list:
    """The attacks a two-weapon full attack may begin with."""
    return [a for a in actor.stats.attacks if not problem(actor, a)]


def routine(actor, primary, iteratives) -> tuple:
    """The attacks after the first of a two-weapon full attack: the primary weapon's iteratives
    (`iteratives`, its (name, penalty) pairs), then the one off-hand attack."""
    return tuple((name, penalty, PRIMARY) for name, penalty in iteratives) + ((actor.stats.off_hand, 0, OFF),)


__all__ = ["PRIMARY", "OFF", "RULE", "penalties", "hand_penalty", "penalty_words", "off_hand_damage", "problem",
           "primaries", "routine"]
