"""5e, "Ordre de combat": the start of the battle, the turns and the rounds, the end of the battle
(a mixin of the engine)."""

from __future__ import annotations

from ...content.errors import ContentError
from ...i18n import translator
from ..state import CONSCIOUS, DEAD, STABLE, UNCONSCIOUS, Creature
from . import mounted
from .damage import death_save
from .setup import roll_initiative, roll_surprise

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


class Turns:
    """The engine's turn order: its start, each turn's beginning and end, the rounds, the end."""

    def _start(self) -> None:
        state = self.state
        roll_surprise(state, lambda text, rules: self.emit("note", text, rules=rules))
        state.order = roll_initiative(state, self.scenario, lambda text, rules: self.emit("note", text, rules=rules))
        state.started = True
        self._seat_riders()
        if not state.order:
            state.over = True
            return
        state.round = 1
        self.emit("round", _("Round {round}").format(round=1), rules=("order-of-combat",), round=1)
        self.check_over()
        if not state.over:
            self._begin_turn()

    def _seat_riders(self) -> None:
        """Scenario key `mount`: the creature starts in the saddle of that mount."""
        for spec in self.scenario.creatures:
            if spec.mount is None:
                continue
            rider, steed = self.state.creatures[spec.id], self.state.creatures[spec.mount]
            if "rider" in steed.effects or steed is rider:
                raise ContentError(_("creature {rider!r}: {mount!r} cannot carry it").format(
                    rider=rider.id, mount=steed.id), self.scenario.path, spec.line)
            rider.effects.update(mounted_on=steed.id, mount_side=steed.side_squares)
            steed.effects["rider"] = rider.id
            rider.x, rider.y, rider.altitude = steed.x, steed.y, steed.altitude
            if mounted.controlled(self, steed):
                order = self.state.order
                order.remove(steed.id)
                order.insert(order.index(rider.id) + 1, steed.id)
                steed.initiative = rider.initiative

    def _begin_turn(self) -> None:
        """Start the current creature's turn; turns that can hold nothing end by themselves."""
        state = self.state
        for _i in range(len(state.order) * 4 + 4):
            if state.over:
                return
            c = state.current
            c.reaction = True  # a reaction comes back at the start of the creature's turn
            c.action = c.bonus_action = True
            c.movement_spent = 0.0
            c.dashes = c.attacks_left = 0
            c.attack_weapons = ()
            c.diagonal_parity = 0
            c.conditions -= {"dodging", "disengaged", "dashing"}
            c.effects.pop("shield", None)  # SRD 5.1, Shield: until the start of its next turn
            if c.effects.pop("readied", None) is not None and c.concentration:
                c.concentration = None  # an unused readied spell is lost
            for key in [k for k in c.effects if k.startswith("turn:")]:
                del c.effects[key]  # what lasts for one turn only
            # 5e, Help: the advantage lasts until the start of the helper's next turn
            state.helps = [h for h in state.helps if h[0] != c.id]
            if c.state == DEAD:
                self._advance()
                continue
            self.emit("turn", _("{name}'s turn").format(name=c.name), rules=("your-turn",), creature=c.id,
                      round=state.round)
            if c.state == UNCONSCIOUS:
                self.emit("death_save", death_save(self, c), rules=("death-saves",), creature=c.id)
                self.check_over()
                if c.state != CONSCIOUS:
                    self._end_turn(c)
                    self._advance()
                    continue
            elif c.state == STABLE:
                self.emit("note", _("{name} is stable and unconscious").format(name=c.name), rules=("stabilize",),
                          creature=c.id)
                self._end_turn(c)
                self._advance()
                continue
            if "surprised" in c.conditions:
                # 5e, Surprise: no move and no action on the first turn; no reaction until it ends
                self.emit("note", _("{name} is surprised and loses its turn").format(name=c.name), rules=("surprise",),
                          creature=c.id)
                self._end_turn(c)
                self._advance()
                continue
            return

    def _end_turn(self, c: Creature) -> None:
        c.conditions.discard("surprised")  # 5e, Surprise: it lasts until its first turn ends
        c.conditions -= {"disengaged", "dashing"}

    def _advance(self) -> None:
        state = self.state
        state.turn_index += 1
        if state.turn_index >= len(state.order):
            state.turn_index = 0
            state.round += 1
            self.emit("round", _("Round {round}").format(round=state.round), rules=("order-of-combat",),
                      round=state.round)

