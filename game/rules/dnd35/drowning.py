"""3.5 drowning (3.5 SRD, Drowning): "Any character can hold her breath for a number of rounds
equal to twice her Constitution score. After this period of time, the character must make a
DC 10 Constitution check every round in order to continue holding her breath. Each round, the
DC increases by 1. When the character finally fails her Constitution check, she begins to drown.
In the first round, she falls unconscious (0 hit points). In the following round, she drops to
-1 hit points and is dying. In the third round, she drowns."

A creature in deep water is underwater (FORMATS.md); one without a swim speed (the sahuagin
breathes water) and with a Constitution score (not the undead) holds its breath there: each
start of its turn in deep water counts a round; past twice its Constitution, one d20 + Con
modifier against DC 10, +1 for each check before. Out of deep water at the start of its turn,
it breathes again (the count restarts). A drowning creature's turns are the drowning's: no
dying roll (it cannot stabilise underwater). The engine's reading: the SRD's shorter breath for
a creature taking standard actions is left out.
"""

from __future__ import annotations

from ...i18n import _
from .combat import set_state
from .creature import DEAD, DYING, STABLE
from .water import in_deep_water, swims_freely

BREATH_DC = 10


def holds_breath(battle, c) -> bool:
    return (c.state != DEAD and not swims_freely(c) and dict(c.stats.abilities).get("con")
            and in_deep_water(battle, c))


def drowning_turn(engine, c) -> bool:
    """At the start of c's turn: count its breath, roll its Constitution check, or drown it a step;
    True when drowning takes its turn (unconscious, dying or dead of it)."""
    if not holds_breath(engine, c):
        c.effects.pop("breath", None)
        c.effects.pop("drowning", None)
        return False
    stage = c.effects.get("drowning", 0)
    if stage:
        stage += 1
        c.effects["drowning"] = stage
        if stage == 2:
            c.hp = -1
            engine.emit("condition", _("{name} is drowning: -1 hp").format(name=c.name), rules=("drowning",),
                        creature=c.id)
            set_state(engine, c, DYING)
        else:
            engine.emit("condition", _("{name} drowns").format(name=c.name), rules=("drowning",), creature=c.id)
            set_state(engine, c, DEAD)
        return True
    rounds = c.effects.get("breath", 0) + 1
    c.effects["breath"] = rounds
    held = 2 * dict(c.stats.abilities)["con"]
    if rounds <= held:
        return False
    dc = BREATH_DC + rounds - held - 1
    face = engine.state.dice.roll(20)
    bonus = c.stats.mod("con")
    numbers = dict(name=c.name, face=face, bonus=f"{bonus:+d}", total=face + bonus, dc=dc)
    if face + bonus >= dc:
        engine.emit("check", _("{name} holds its breath: Constitution d20 {face} {bonus} = {total} vs DC {dc}")
                    .format(**numbers), rules=("drowning",), creature=c.id)
        return False
    engine.emit("check", _("{name} holds its breath: Constitution d20 {face} {bonus} = {total} vs DC {dc}, failed: "
                           "it begins to drown, unconscious (0 hp)").format(**numbers),
                rules=("drowning",), creature=c.id)
    c.effects["drowning"] = 1
    c.hp = 0
    set_state(engine, c, STABLE)  # unconscious, not dying yet
    return True
