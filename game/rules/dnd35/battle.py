"""The 3.5 ruleset behind the interface of api.py: `RULESET` builds a `Battle`, the engine with
the questions the screen, the computer players, simulate and replay ask of it."""

from __future__ import annotations

import numpy as np

from ...core.terrain import COVER_NAMES
from ...i18n import _
from .. import api
from ..errors import IllegalCommand
from ..words import spoken, with_names
from .combat import armour_class, attack_problem, pinned_problem
from .creature import state_word
from .engine import Engine35, no_move, no_standard
from .geometry import can_see, cover_explained, cover_level, field_for, threat_mask
from .options import acts, best_blow, legal_commands, offer_view, provokers_along
from .hiding import hide_problem
from .potions import use_problem
from .options_grapple_run import more_options, why_not_grapple_run
from .readying import delay_problem
from . import two_weapon
from .spells import SPELLS, aim_problem, cast_problem, cast_unready, caught_in, cone_mask, save_dc
from .terrain_rules import COVER_35, COVER_AC, MOVE_35


class Battle(Engine35, api.Battle):
    """One 3.5 battle: the engine (engine.py) and the ruleset interface (api.Battle)."""

    def legal_commands(self) -> list[api.Option]:
        return legal_commands(self, more_options)

    def acts(self, options: list[api.Option] | None = None) -> list[api.Act]:
        return acts(self, self.legal_commands() if options is None else options)

    def why_not(self, act_key: str, target_id: str | None = None) -> str:
        """Why the creature acting now may not take the act (aimed at target_id), '' when it may:
        the engine's words, with the creatures' names for their ids."""
        return with_names(self.state.creatures, self._why_not(act_key, target_id))

    def _why_not(self, act_key: str, target_id: str | None = None) -> str:
        state = self.state
        if state.over:
            return _("the battle is over")
        if state.offers:
            return _("a reaction is waiting for its answer")
        actor = self.current
        if not actor.standing:
            return _("{id} is {state}").format(id=actor.id, state=state_word(actor.state))
        act, _sep, name = act_key.partition(":")
        if act not in ("escape", "end") and pinned_problem(actor):
            return pinned_problem(actor)
        if act == "two_weapon":
            # the two-weapon full attack with this primary weapon (two_weapon.py), then a full attack's checks
            attack = actor.stats.attack(name)
            why = two_weapon.problem(actor, attack) if attack is not None else ""
            if why:
                return why
            act = "full_attack"
        if act in ("move", "charge", "withdraw"):
            why = self.why_move(actor, act)
            if why:
                return why
        if act == "step":
            if actor.moved:
                return _("{id} has moved this turn: no 5-foot step").format(id=actor.id)
            if actor.stepped:
                return _("{id} took its 5-foot step this turn").format(id=actor.id)
            if actor.prone:
                return _("{id} is prone: stand up first").format(id=actor.id)
        if act in ("attack", "full_attack"):
            if act == "attack" and not actor.standard and not (actor.sequence and (actor.full_round or actor.move_action)):
                return no_standard(actor)
            if act == "full_attack" and (actor.limited or actor.moved or not (actor.standard and actor.move_action)):
                return _("a full attack needs the whole turn (no move, both actions unused)")
            if act == "attack" and actor.sequence and name not in {e[0] for e in actor.sequence}:
                return _("no {name} attack is left in this full attack").format(name=spoken(name))
            attack = actor.stats.attack(name)
            if attack is None:
                return _("{id} has no attack {name}").format(id=actor.id, name=repr(name))
            if target_id is not None:
                return attack_problem(self, actor, self.creature(target_id), attack)
            return _("no foe in reach") if attack.is_melee else _("no foe in range and in sight")
        if act == "spell":
            spell = SPELLS.get(name)
            if spell is None:
                return _("unknown spell {name}").format(name=repr(name))
            if not actor.standard:
                return no_standard(actor)
            target = self.creature(target_id) if target_id else None
            unready = cast_unready(actor, spell)
            if unready or target_id is not None or spell.aim == "now":
                return unready or aim_problem(self, actor, spell, target)
            return cast_problem(self, actor, spell, target) or _("no one to aim it at")
        if act in ("grapple", "escape", "run"):
            return why_not_grapple_run(self, actor, act, target_id)
        if act in ("total_defense", "ready") and not actor.standard:
            return no_standard(actor)
        if act == "ready" and actor.sequence:
            return _("{id} is in the middle of a full attack").format(id=actor.id)
        if act == "ready" and not actor.stats.attacks:
            return _("{id} has no attack").format(id=actor.id)
        if act == "hide":
            return hide_problem(self, actor) or no_move(actor)
        if act == "use":
            if not actor.items:
                return _("{id} carries no potion").format(id=actor.id)
            return use_problem(self, actor, actor.items[0], actor)
        if act == "delay":
            return delay_problem(self, actor) or _("no creature acts after {id} this round").format(id=actor.id)
        if act == "stand" and not actor.prone:
            return _("{id} is not prone").format(id=actor.id)
        if act == "drop_prone" and actor.prone:
            return _("{id} is prone already").format(id=actor.id)
        if act == "charge":
            return _("no foe to charge in a clear straight line")
        if act in ("move", "step", "withdraw"):
            return _("no square to go to")
        if act not in self.ACTS:
            return _("'{act}' is not an act of this ruleset").format(act=act)
        return ""

    def offer(self) -> api.OfferView | None:
        return offer_view(self)

    def view(self, creature_id: str) -> api.CreatureView:
        c = self.creature(creature_id)
        acting = creature_id == self.state.current_id and not self.state.over
        resources = (api.Resource(_("standard action"), c.standard), api.Resource(_("move action"), c.move_action),
                     api.Resource(_("swift action"), c.swift),
                     api.Resource(_("attacks of opportunity left"), c.aoo_left))
        return api.CreatureView(
            id=c.id, name=c.name, kind=c.kind, side=c.side, x=c.x, y=c.y, side_squares=c.side_squares,
            size=c.size, altitude=0.0, hp=c.hp, max_hp=c.stats.hp, temp_hp=c.temp_hp, state=c.state,
            bloodied=False, conditions=tuple(sorted(c.conditions)), defence=_("AC {ac}").format(ac=armour_class(c)),
            death_saves=None, movement_left=c.movement_left() if acting else c.stats.walk, resources=resources,
        )

    # ------------------------------------------------------------------ board queries
    def move_modes(self, creature_id: str) -> list[str]:
        return ["walk"]

    def movement_field(self, creature_id: str, mode: str = "walk", limit_m: float | None = None):
        return field_for(self, self.creature(creature_id), "walk", limit_m)

    def movement_budget(self, creature_id: str, mode: str = "walk") -> tuple[float, float]:
        """(metres one `move` may go now: twice the speed while a double move is open, 0 extra)."""
        c = self.creature(creature_id)
        if self.why_move(c, "move") or c.id != self.state.current_id:
            return 0.0, 0.0
        double = c.standard and c.move_action and not c.limited
        return c.speed() * (2 if double else 1), 0.0

    def opportunity_attackers(self, creature_id: str, field, steps) -> list[str]:
        return provokers_along(self, self.creature(creature_id), [tuple(s) for s in steps])

    def reach_squares(self, creature_id: str) -> np.ndarray:
        """3.5 SRD, Threatened squares."""
        return threat_mask(self, self.creature(creature_id))

    def can_see(self, viewer_id: str, target_id: str) -> bool:
        return can_see(self, self.creature(viewer_id), self.creature(target_id))

    def cover(self, attacker_id: str, target_id: str) -> str:
        return COVER_NAMES[cover_level(self, self.creature(attacker_id), self.creature(target_id), ranged=True)]

    def cover_lines(self, attacker_id: str, target_id: str) -> api.CoverLines:
        explained = cover_explained(self, self.creature(attacker_id), self.creature(target_id), ranged=True)
        return api.CoverLines.of(explained, COVER_NAMES[explained.level], COVER_AC.get(explained.level, 0))

    def area(self, act_key: str, at: tuple[int, int]) -> api.AreaPreview:
        """The cone of burning hands from the creature acting now toward a square."""
        spell = SPELLS.get(act_key.partition(":")[2])
        if spell is None or spell.aim != "area":
            raise IllegalCommand(_("'{act}' is not an area act of this ruleset").format(act=act_key))
        actor = self.current
        at = (int(at[0]), int(at[1]))
        problem = cast_problem(self, actor, spell, None, at)
        try:
            mask = cone_mask(self, actor, at)
        except ValueError:
            mask = np.zeros(self.board.terrain.shape, bool)
        caught = tuple(c.id for c in caught_in(self, actor, mask))
        lines = (_("Reflex DC {dc} half, {count}d4 fire").format(dc=save_dc(actor, spell),
                                                                 count=min(5, actor.stats.caster_level or 1)),)
        return api.AreaPreview(problem, mask, caught, lines)

    def estimates(self):
        return None  # the computer players plan from legal_commands() previews

    def blow(self, attacker_id: str, target_id: str) -> float:
        """The expected damage of the attacker's best blow on the target (options.best_blow)."""
        return best_blow(self, self.creature(attacker_id), self.creature(target_id))


class ThreeFive(api.Ruleset):
    """The 3.5 SRD combat rules (seed 003, with the SRD where it stops)."""

    name = "3.5"
    title = "3.5 edition (SRD 3.5)"
    cover_rules = COVER_35

    def new_battle(self, scenario) -> Battle:
        return Battle(scenario)

    def move_rules(self, diagonals: str):
        return MOVE_35  # 3.5 counts diagonals 1-2-1 whatever the scenario says


RULESET = ThreeFive()
Battle.ruleset = RULESET

__all__ = ["Battle", "RULESET"]
