"""The 4e round (seed 004, "Voici comment se déroule une rencontre avec combat"): surprise,
initiative, the surprise round, each turn's start (ongoing damage, recharge rolls, what ends
then) and end (saving throws, death saves, what ends then), the rounds, the end of the battle."""

from __future__ import annotations

from ...i18n import _
from ..words import spoken
from .conditions import at_turn_end, at_turn_start, ongoing, saving_throws
from .creature import DYING, INCAPABLE
from .damage import death_save, deal
from .setup import roll_initiative, roll_stealth_surprise
from .stealth import turn_begins


def start(battle) -> None:
    state = battle.state
    # seed 004: "1. Déterminer la surprise", then "2. ... initiative"
    roll_stealth_surprise(state, lambda text, rules: battle.emit("note", text, rules=rules))
    state.order = roll_initiative(state, battle.scenario, lambda text: battle.emit("note", text, rules=("initiative",)))
    state.started = True
    if not state.order:
        state.over = True
        return
    # seed 004, "Le round de surprise": "si des combattants bénéficient d'un round de surprise, ils
    # agissent dans l'ordre d'initiative, chacun n'entreprenant qu'une seule action"
    state.surprise_round = any("surprised" in c.conditions for c in state.creatures.values())
    state.round = 0 if state.surprise_round else 1
    if state.surprise_round:
        battle.emit("round", _("The surprise round"), rules=("surprise-round",), round=state.round)
    else:
        battle.emit("round", _("Round {round}").format(round=1), rules=("rounds-and-turns",), round=state.round)
    battle.check_over()
    if not state.over:
        begin_turn(battle)


def begin_turn(battle) -> None:
    """Start the current creature's turn; a turn that can hold nothing passes by itself (the dead,
    the surprised in the surprise round, the dying and the stunned after their end-of-turn rolls)."""
    state = battle.state
    for _i in range(len(state.order) * 4 + 8):
        if state.over:
            return
        c = state.current
        if c.state == "dead" or (state.surprise_round and "surprised" in c.conditions):
            advance(battle)
            continue
        c.standard = c.move = c.minor = True
        c.immediate = True
        c.charged = False
        c.movement_spent = 0.0
        c.conditions.discard("running")
        c.effects.pop("readied", None)  # a readied action lasts until the start of its next turn
        battle.emit("turn", _("{name}'s turn").format(name=c.name),
                    rules=("rounds-and-turns", "actions-of-a-turn", "surprise-round") if state.surprise_round
                    else ("rounds-and-turns", "actions-of-a-turn"), creature=c.id, round=state.round)
        at_turn_start(battle, c.id)
        turn_begins(c)  # a hider may leave the square it hid in from now on
        c.one_action = state.surprise_round or "dazed" in c.conditions
        for entry in ongoing(c):
            # 4e, Ongoing damage: taken at the start of the creature's turn
            deal(battle, c, entry["amount"], entry.get("type"), " (" + _("ongoing") + ")", ("ongoing-damage",))
        recharge(battle, c)
        battle.check_over()
        if state.over:
            return
        if c.state == "dead":
            advance(battle)
            continue
        if c.state != "conscious" or c.conditions & INCAPABLE:  # stunned, unconscious, helpless
            battle.emit("note", _("{name} can take no action this turn").format(name=c.name),
                        rules=("dying",) if c.state != "conscious" else ("conditions",), creature=c.id)
            end_turn(battle, c)
            advance(battle)
            continue
        return


def recharge(battle, c) -> None:
    """A recharge power spent is rolled for at the start of the monster's turn: one d6 each."""
    for power in c.stats.powers:
        if power.usage == "recharge" and c.spent.get(power.name):
            face = battle.state.dice.roll(6)
            if face >= power.recharge:
                c.spent.pop(power.name)
                battle.emit("note", _("{name}'s {power} recharges (d6 {face})").format(name=c.name, power=spoken(power.name),
                                                                                     face=face),
                            rules=("recharge",), creature=c.id)
            else:
                battle.emit("note", _("{name}'s {power} does not recharge (d6 {face})").format(
                    name=c.name, power=spoken(power.name), face=face), rules=("recharge",), creature=c.id)


def end_turn(battle, c) -> None:
    """The end of c's turn: saving throws (one d20 each), then a dying hero's death save, then
    what lasted until the end of its turn ends."""
    if c.alive:
        saving_throws(battle, c)
    if c.state == DYING:
        death_save(battle, c)
    at_turn_end(battle, c.id)
    battle.check_over()


def advance(battle) -> None:
    state = battle.state
    state.turn_index += 1
    if state.turn_index >= len(state.order):
        state.turn_index = 0
        if state.surprise_round:
            # "Dès que le round de surprise prend fin, vous n'êtes plus surpris."
            state.surprise_round = False
            for c in state.creatures.values():
                c.conditions.discard("surprised")
        state.round += 1
        battle.emit("round", _("Round {round}").format(round=state.round), rules=("rounds-and-turns",),
                    round=state.round)
