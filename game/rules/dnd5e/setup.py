"""The start of a battle: creatures from the scenario, surprise and initiative (5e, "Ordre de combat")."""

from __future__ import annotations

from collections import Counter

from ...content.scenarios import Scenario, display_names
from ...core.dice import Dice
from ...i18n import _
from ..state import CONSCIOUS, STABLE, UNCONSCIOUS, BattleState, Creature
from .checks import check_advantage, check_d20


def build_creatures(scenario: Scenario) -> dict[str, Creature]:
    names = display_names(scenario)
    creatures = {}
    for spec in scenario.creatures:
        hp = spec.stats.hp if spec.current_hp is None else spec.current_hp
        conditions = set(spec.conditions)
        state = CONSCIOUS
        if hp == 0:
            state = STABLE if spec.stats.player and "stable" in conditions else (UNCONSCIOUS if spec.stats.player else "dead")
            if state != "dead":
                conditions |= {"unconscious", "prone"}
        if spec.hidden:
            conditions.add("hidden")
        if spec.surprised:
            conditions.add("surprised")  # FORMATS.md: `surprised = true` or the starting condition, alike
        creatures[spec.id] = Creature(
            id=spec.id, name=names[spec.id], kind=spec.kind, side=spec.side, stats=spec.stats,
            x=spec.at[0], y=spec.at[1], hp=hp, temp_hp=spec.temp_hp, state=state,
            conditions=conditions, altitude=spec.altitude,
            slots=dict(spec.stats.spell_slots), items=list(spec.stats.items),
        )
    return creatures


def roll_surprise(state: BattleState, log) -> None:
    """5e, Surprise: each hider's Dex (Stealth) against each opponent's passive Perception
    (`log(text, rules)` writes a line and the rule cards it applied).

    A creature is surprised when it notices no threat: every opponent is hidden and beat its
    passive Perception. A hider stays hidden only from those it beat, so here: from all of them.
    """
    creatures = list(state.creatures.values())
    stealth = {}
    for c in creatures:
        if "hidden" in c.conditions:
            face, shown = check_d20(state.dice, c)
            bonus = c.stats.skill("stealth")
            stealth[c.id] = face + bonus
            log(_("{name} rolls Stealth: {roll} {bonus} = {total}").format(
                name=c.name, roll=shown, bonus=f"{bonus:+d}", total=face + bonus), ("surprise", "hide"))
    if not stealth:
        return
    for c in creatures:
        opponents = [o for o in creatures if o.side != c.side and o.alive]
        if not opponents:
            continue
        unnoticed = all(o.id in stealth and stealth[o.id] > c.stats.passive for o in opponents)
        if unnoticed and c.standing and "surprised" not in c.conditions:
            c.conditions.add("surprised")
            log(_("{name} is surprised (passive Perception {passive})").format(name=c.name, passive=c.stats.passive),
                ("surprise",))
    for c in creatures:
        if c.id in stealth:
            opponents = [o for o in creatures if o.side != c.side and o.alive]
            if any(stealth[c.id] <= o.stats.passive for o in opponents):
                c.conditions.discard("hidden")
                log(_("{name} is noticed").format(name=c.name), ("surprise", "hide"))


def roll_initiative(state: BattleState, scenario: Scenario, log) -> list[str]:
    """5e, Initiative: a Dexterity check; one roll per group of identical monsters (of one side).

    A Dexterity check like any other: a poisoned creature rolls it with disadvantage (SRD 5.1,
    Poisoned), so it is no longer identical to the others of its kind.

    Ties go to the higher initiative bonus, then to a d20 roll-off (higher first).
    """
    if scenario.initiative:
        log(_("Initiative order set by the scenario: {order}").format(order=", ".join(scenario.initiative)),
            ("initiative",))
        return list(scenario.initiative)
    groups: dict = {}
    order_of_groups = []
    for spec in scenario.creatures:
        edge = check_advantage(state.creatures[spec.id])
        # a group is one side's: the same kind fighting on the other side rolls its own
        key = ("monster", spec.side, spec.kind, spec.stats, edge) if not spec.stats.player else ("pc", spec.id)
        if key not in groups:
            groups[key] = []
            order_of_groups.append(key)
        groups[key].append(spec.id)
    rolls = {}
    for key in order_of_groups:
        members = groups[key]
        first = state.creatures[members[0]]
        face, shown = check_d20(state.dice, first)
        bonus = first.stats.initiative_bonus
        rolls[key] = (face + bonus, bonus)
        who = first.name if len(members) == 1 else f"{first.stats.name} ({len(members)})"
        log(_("{who} rolls initiative: {roll} {bonus} = {total}").format(
            who=who, roll=shown, bonus=f"{bonus:+d}", total=face + bonus), ("initiative",))
        for cid in members:
            state.creatures[cid].initiative = face + bonus
    # roll-offs for groups tied on total and bonus
    tie_break = {key: 0 for key in order_of_groups}
    by_score = Counter(rolls.values())
    for key in order_of_groups:
        if by_score[rolls[key]] > 1:
            tie_break[key] = state.dice.roll(20)
            log(_("{name} rolls off a tie: d20 {face}").format(name=state.creatures[groups[key][0]].name,
                                                               face=tie_break[key]), ("initiative",))
    ranked = sorted(order_of_groups, key=lambda k: (-rolls[k][0], -rolls[k][1], -tie_break[k]))
    return [cid for key in ranked for cid in groups[key]]


def new_state(scenario: Scenario) -> BattleState:
    dice = Dice(scenario.seed, scenario.dice)
    state = BattleState(creatures=build_creatures(scenario), order=[], dice=dice)
    return state
