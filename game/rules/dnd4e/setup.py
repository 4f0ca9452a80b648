"""The start of a 4e battle (seed 004, "Tests d'initiative", "Le round de surprise"): the
creatures from the scenario, surprise from hiding (Stealth against passive Perception), and the
initiative order."""

from __future__ import annotations

from collections import Counter

from ...content.scenarios import Scenario, display_names
from ...core.dice import Dice
from ...i18n import _
from .creature import DYING, Creature4e, State4e
from .damage import sync_bloodied


def build_creatures(scenario: Scenario) -> dict[str, Creature4e]:
    names = display_names(scenario)
    creatures = {}
    for spec in scenario.creatures:
        stats = spec.stats
        hp = stats.hp if spec.current_hp is None else spec.current_hp
        conditions = set(spec.conditions)
        state = "conscious"
        if hp <= 0:
            # 4e: a monster dies at 0 hit points; a hero at 0 is dying (unconscious, prone)
            state = (DYING if "stable" not in conditions else "stable") if stats.player else "dead"
            conditions.discard("stable")
            if state != "dead":
                conditions |= {"unconscious", "prone"}
        if spec.hidden:
            conditions.add("hidden")
        if spec.surprised:
            conditions.add("surprised")
        creatures[spec.id] = Creature4e(
            id=spec.id, name=names[spec.id], kind=spec.kind, side=spec.side, stats=stats,
            x=spec.at[0], y=spec.at[1], hp=hp, temp_hp=spec.temp_hp, state=state, conditions=conditions,
            altitude=spec.altitude, action_points=stats.action_points, surges=stats.surges,
        )
        sync_bloodied(creatures[spec.id])
    return creatures


def roll_stealth_surprise(state: State4e, log) -> None:
    """Seed 004, "Le round de surprise": "si vous ratez le test de Perception permettant de
    repérer des ennemis dissimulés, vous êtes surpris". Engine reading: a side whose living
    creatures all start `hidden` rolls Stealth, one d20 each in the scenario's order (d20 + the
    Stealth bonus); a creature all of whose enemies are such hiders, and whose passive Perception
    (10 + Perception) every one of their rolls beats, is surprised. A hider that does not beat
    someone's passive Perception is noticed (no longer hidden). `log(text, rules)` writes a line."""
    creatures = list(state.creatures.values())
    sides = {c.side for c in creatures if c.alive}
    hiding = {side for side in sides
              if all("hidden" in c.conditions for c in creatures if c.side == side and c.alive)}
    stealth = {}
    for c in creatures:
        if c.alive and c.side in hiding:
            face = state.dice.roll(20)
            bonus = c.stats.skill("stealth")
            stealth[c.id] = face + bonus
            log(_("{name} rolls Stealth: d20 {face} {bonus} = {total}").format(
                name=c.name, face=face, bonus=f"{bonus:+d}", total=face + bonus), ("stealth-surprise",))
    if not stealth:
        return
    for c in creatures:
        enemies = [o for o in creatures if o.side != c.side and o.alive]
        if (enemies and c.standing and "surprised" not in c.conditions
                and all(stealth.get(o.id, -1) > c.stats.passive_perception for o in enemies)):
            c.conditions.add("surprised")
            log(_("{name} is surprised (passive Perception {passive})").format(
                name=c.name, passive=c.stats.passive_perception), ("stealth-surprise", "surprise-round"))
    for c in creatures:
        if c.id in stealth and any(stealth[c.id] <= o.stats.passive_perception
                                   for o in creatures if o.side != c.side and o.alive):
            c.conditions.discard("hidden")
            log(_("{name} is noticed").format(name=c.name), ("stealth-surprise",))


def roll_initiative(state: State4e, scenario: Scenario, log) -> list[str]:
    """Seed 004, "Test d'initiative": "Lancez 1d20 et ajoutez-y : la moitié de votre niveau,
    votre modificateur de Dextérité"; one d20 per creature in the scenario's order. Ties: "celui
    qui a le bonus d'initiative le plus élevé ... agit le premier. En cas de nouvelle égalité,
    lancez un dé": a d20 roll-off, higher first, rolled in the scenario's order."""
    if scenario.initiative:
        log(_("Initiative order set by the scenario: {order}").format(order=", ".join(scenario.initiative)))
        return list(scenario.initiative)
    rolls = {}
    for spec in scenario.creatures:
        c = state.creatures[spec.id]
        face = state.dice.roll(20)
        bonus = c.stats.initiative_bonus
        c.initiative = face + bonus
        rolls[c.id] = (face + bonus, bonus)
        log(_("{name} rolls initiative: {face} {bonus} = {total}").format(name=c.name, face=face, bonus=f"{bonus:+d}",
                                                                           total=face + bonus))
    ties = Counter(rolls.values())
    roll_off = {}
    for cid, score in rolls.items():
        if ties[score] > 1:
            roll_off[cid] = state.dice.roll(20)
            log(_("{name} rolls off a tie: d20 {face}").format(name=state.creatures[cid].name, face=roll_off[cid]))
    return sorted(rolls, key=lambda cid: (-rolls[cid][0], -rolls[cid][1], -roll_off.get(cid, 0)))


def new_state(scenario: Scenario) -> State4e:
    return State4e(creatures=build_creatures(scenario), order=[], dice=Dice(scenario.seed, scenario.dice))
