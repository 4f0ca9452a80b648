"""The start of a 3.5 battle: its creatures, initiative and the surprise round.

Seed 003, Déroulement du combat: « Tous les combattants commencent le combat pris au dépourvu »;
« Si seule une partie des protagonistes sont conscients du danger, le combat commence par un
round de surprise ».
"""

from __future__ import annotations

from collections import Counter

from ...content.scenarios import display_names
from ...core.dice import Dice
from ...i18n import _
from ..state import BattleState
from .creature import CONSCIOUS, DEAD, DISABLED, DYING, Creature35


def build_creatures(scenario) -> dict[str, Creature35]:
    names = display_names(scenario)
    creatures = {}
    for spec in scenario.creatures:
        hp = spec.stats.hp if spec.current_hp is None else spec.current_hp
        conditions = set(spec.conditions) | {"flat-footed"}
        state = CONSCIOUS if hp > 0 else DISABLED
        if hp <= 0 and spec.stats.type in ("undead", "construct"):
            state = DEAD
        if spec.hidden:
            conditions.add("hidden")  # 3.5: total concealment until it attacks (combat.concealment)
        if spec.surprised:
            conditions.add("surprised")
        c = Creature35(
            id=spec.id, name=names[spec.id], kind=spec.kind, side=spec.side, stats=spec.stats,
            x=spec.at[0], y=spec.at[1], hp=hp, temp_hp=spec.temp_hp, state=state, conditions=conditions,
            slots=dict(spec.stats.spell_slots), items=list(spec.stats.items),
        )
        if state in (DEAD, DYING):
            c.conditions.add("unconscious")
        c.aoo_left = c.aoo_per_round()
        creatures[spec.id] = c
    return creatures


def new_state(scenario) -> BattleState:
    state = BattleState(creatures=build_creatures(scenario), order=[], dice=Dice(scenario.seed, scenario.dice))
    state.pending_act = None  # an act waiting for the attacks of opportunity it provoked
    state.interrupted = []  # the moves and acts a readied move or spell holds up (ready_acts._interrupt)
    return state


def roll_initiative(state: BattleState, scenario, log) -> list[str]:
    """3.5 SRD, Initiative: d20 + Dex modifier (+4 Improved Initiative), one roll per group of
    identical monsters (FORMATS.md); ties: the higher modifier, then a roll-off (higher first)."""
    if scenario.initiative:
        log(_("Initiative order set by the scenario: {order}").format(order=", ".join(scenario.initiative)))
        return list(scenario.initiative)
    groups: dict = {}
    order_of_groups = []
    for spec in scenario.creatures:
        key = ("monster", spec.kind, spec.stats) if not spec.stats.player else ("hero", spec.id)
        if key not in groups:
            groups[key] = []
            order_of_groups.append(key)
        groups[key].append(spec.id)
    rolls = {}
    for key in order_of_groups:
        first = state.creatures[groups[key][0]]
        face = state.dice.roll(20)
        bonus = first.stats.initiative
        rolls[key] = (face + bonus, bonus)
        who = first.name if len(groups[key]) == 1 else f"{first.stats.name} ({len(groups[key])})"
        log(_("{name} rolls initiative: d20 {face} {bonus} = {total}").format(name=who, face=face, bonus=f"{bonus:+d}",
                                                                               total=face + bonus))
        for cid in groups[key]:
            state.creatures[cid].initiative = face + bonus
    tie_break = dict.fromkeys(order_of_groups, 0)
    by_score = Counter(rolls.values())
    for key in order_of_groups:
        if by_score[rolls[key]] > 1:
            tie_break[key] = state.dice.roll(20)
            log(_("{name} rolls off a tie: d20 {face}").format(name=state.creatures[groups[key][0]].name,
                                                                face=tie_break[key]))
    ranked = sorted(order_of_groups, key=lambda k: (-rolls[k][0], -rolls[k][1], -tie_break[k]))
    return [cid for key in ranked for cid in groups[key]]
