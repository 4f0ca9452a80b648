"""The 5e battle engine: takes commands, checks them against the rules, and changes the state.

Every change goes through Engine.submit; a refused command leaves the battle as it was. The
turns are turns.py's, the acts' handlers handlers.py's, moving moving.py's, reactions reacting.py's.
"""

from __future__ import annotations


from ...content.errors import ContentError
from ...content.scenarios import Scenario
from ...core.dice import DiceError
from ...i18n import translator
from ..commands import Command
from ..engine_base import EngineBase
from ..errors import IllegalCommand
from ..state import CONSCIOUS, Creature
from . import actions, mounted
from .conditions import why_immobile
from .falling import check_falls
from .handlers import Handlers
from .moving import Moving
from .reacting import Reacting
from .setup import new_state
from .turns import Turns
from .vocab import condition as condition_word

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


class Engine(EngineBase, Turns, Handlers, Moving, Reacting):
    """The rules engine of one 5e battle, from a scenario (battle.py adds the ruleset interface)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.board = scenario.map.board
        self.diagonals = scenario.diagonals
        self.state = new_state(scenario)
        self._start_plumbing()
        try:
            self._start()
        except DiceError as exc:
            raise ContentError(_("while rolling for surprise and initiative: {error}").format(error=exc),
                               scenario.path) from None
        self._events = []

    def _settle(self) -> None:
        """What follows from any change, at once: riders thrown by fallen mounts, flyers that
        fall, grapples that end (the grappler incapacitated or too far, whatever did it)."""
        mounted.check_mounts(self)
        check_falls(self)
        actions.check_grapples(self)
        self.check_over()

    # ----------------------------------------------------------------- commands
    def _before_act(self, actor: Creature, cmd: Command) -> None:
        if mounted.controlled(self, actor) and cmd.act not in mounted.CONTROLLED_ACTS:
            # 5e, Controlling a mount: it can only Dash, Disengage or Dodge
            raise IllegalCommand(_("{id} is a controlled mount: it can only move, dash, disengage or dodge").format(
                id=actor.id))

    def _able(self, actor: Creature) -> None:
        if actor.state != CONSCIOUS:
            raise IllegalCommand(_("{id} is {state}").format(id=actor.id, state=condition_word(actor.state)))
        if actor.incapacitated:
            raise IllegalCommand(_("{id} is incapacitated").format(id=actor.id))

    def _mobile(self, actor: Creature) -> None:
        """Moving (and standing up, dropping prone, mounting) takes no action: an incapacitated
        creature may do it (SRD 5.1, Incapacitated), one that cannot move may not."""
        why = why_immobile(actor)
        if why:
            raise IllegalCommand(why)

    def _use_action(self, actor: Creature, what: str) -> None:
        self._able(actor)
        if not actor.action:
            raise IllegalCommand(_("{id} has already used its action this turn").format(id=actor.id))
        actor.action = False
        actor.attacks_left = 0

    def use_action(self, actor: Creature, what: str) -> None:
        """Spend the actor's action (IllegalCommand if it has none or cannot act).

        A readied action firing as a reaction was paid for by the Ready action.
        """
        if self._reacting == actor.id:
            return
        self._use_action(actor, what)

    def use_bonus_action(self, actor: Creature, what: str) -> None:
        """Spend the actor's bonus action (IllegalCommand if it has none or cannot act)."""
        if self._reacting == actor.id:
            return
        self._able(actor)
        if not actor.bonus_action:
            raise IllegalCommand(_("{id} has already used its bonus action this turn").format(id=actor.id))
        actor.bonus_action = False

    # ----------------------------------------------------------------- output
    def to_json(self) -> dict:
        state = self.state
        current = state.current_id if not state.over or state.started else None
        creatures = {}
        for cid in state.creatures:
            c = state.creatures[cid]
            creatures[cid] = {
                "side": c.side, "at": [c.x, c.y], "hp": c.hp, "max_hp": c.stats.hp, "temp_hp": c.temp_hp,
                "state": c.state, "conditions": sorted(c.conditions),
                "death_saves": {"successes": c.death_successes, "failures": c.death_failures},
                "movement_left": actions.movement_left(self, c) if cid == current else c.stats.walk,
                "action": c.action, "bonus_action": c.bonus_action, "reaction": c.reaction,
            }
            if c.altitude:
                creatures[cid]["altitude"] = c.altitude
        return self.battle_json(creatures, current)

