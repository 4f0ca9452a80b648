"""The 5e ruleset behind the interface of api.py: `RULESET` builds a `Battle`, the engine with
the questions the screen, the computer players, simulate and replay ask of it."""

from __future__ import annotations

import numpy as np

from ...core.areas import touches
from ...core.board import SQUARE_M
from ...core.terrain import COVER_NAMES
from ...i18n import N_, translator
from .. import api
from . import actions
from .acts import acts, offer_view, reason_for
from .casting_options import area_odds
from .attacks import armour_class
from .engine import Engine
from .geometry import COVER_BONUS, can_see, cover_between, cover_explained, field_for, melee_reach
from .moving import mode_refusal
from .options import PathWatch, legal_commands, move_modes
from .spells import SPELLS, area_mask, area_problem, spell_save_dc
from .terrain_rules import COVER_5E, move_rules
from .vocab import ability, damage_type

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


class Battle(Engine, api.Battle):
    """One 5e battle: the engine (engine.py) and the ruleset interface (api.Battle)."""

    def legal_commands(self) -> list[api.Option]:
        return legal_commands(self)

    def acts(self, options: list[api.Option] | None = None) -> list[api.Act]:
        return acts(self, legal_commands(self) if options is None else options)

    def why_not(self, act_key: str, target_id: str | None = None) -> str:
        return reason_for(self, act_key, target_id)

    def offer(self) -> api.OfferView | None:
        return offer_view(self, legal_commands(self)) if self.state.offers else None

    def view(self, creature_id: str) -> api.CreatureView:
        c = self.creature(creature_id)
        acting = creature_id == self.state.current_id and not self.state.over
        resources = [api.Resource("action", c.action), api.Resource("bonus action", c.bonus_action),
                     api.Resource("reaction", c.reaction)]
        resources += [api.Resource(_("level {level} slots").format(level=lv), n) for lv, n in sorted(c.slots.items())]
        return api.CreatureView(
            id=c.id, name=c.name, kind=c.kind, side=c.side, x=c.x, y=c.y, side_squares=c.side_squares,
            size=c.size, altitude=c.altitude, hp=c.hp, max_hp=c.stats.hp, temp_hp=c.temp_hp, state=c.state,
            bloodied=0 < c.hp <= c.stats.hp // 2, conditions=tuple(sorted(c.conditions)),
            defence=_("AC {ac}").format(ac=armour_class(c)),
            # 5e, Death saving throws: player characters make them; monsters die at 0 hp
            death_saves=(c.death_successes, c.death_failures) if c.stats.player else None,
            movement_left=actions.movement_left(self, c) if acting else c.stats.walk, resources=tuple(resources),
        )

    # ------------------------------------------------------------------ board queries
    def move_modes(self, creature_id: str) -> list[str]:
        c = self.creature(creature_id)
        return [m for m in move_modes(c) if not mode_refusal(c, m)] or ["walk"]

    def movement_field(self, creature_id: str, mode: str = "walk", limit_m: float | None = None):
        return field_for(self, self.creature(creature_id), mode, limit_m)

    def movement_budget(self, creature_id: str, mode: str = "walk") -> tuple[float, float]:
        # 5e, Dash: extra movement equal to your speed (halved while dragging: actions.speed)
        c = self.creature(creature_id)
        return actions.movement_left(self, c, mode), actions.speed(self, c, mode)

    def opportunity_attackers(self, creature_id: str, field, steps) -> list[str]:
        """The engine's own opportunity attack check, step by step, on stand-ins (options.PathWatch)."""
        if not steps:
            return []
        return PathWatch(self, self.creature(creature_id)).along(field, [tuple(s) for s in steps])[0]

    def reach_squares(self, creature_id: str) -> np.ndarray:
        """5e, Opportunity attacks: the squares within the creature's melee reach."""
        c = self.creature(creature_id)
        reach = int(melee_reach(c) / SQUARE_M + 1e-9)
        h, w = self.board.terrain.shape
        ys, xs = np.indices((h, w))
        dx = np.maximum(np.maximum(c.x - xs, xs - (c.x + c.side_squares - 1)), 0)
        dy = np.maximum(np.maximum(c.y - ys, ys - (c.y + c.side_squares - 1)), 0)
        if self.diagonals == "5-10-5":
            gap = np.maximum(dx, dy) + np.minimum(dx, dy) // 2
        else:
            gap = np.maximum(dx, dy)
        mask = (gap <= reach) & (gap > 0)
        return mask

    def can_see(self, viewer_id: str, target_id: str) -> bool:
        return can_see(self, self.creature(viewer_id), self.creature(target_id))

    def cover(self, attacker_id: str, target_id: str) -> str:
        return COVER_NAMES[cover_between(self, self.creature(attacker_id), self.creature(target_id))]

    def cover_lines(self, attacker_id: str, target_id: str) -> api.CoverLines:
        explained = cover_explained(self, self.creature(attacker_id), self.creature(target_id))
        return api.CoverLines.of(explained, COVER_NAMES[explained.level], COVER_BONUS.get(explained.level, 0))

    def area(self, act_key: str, at: tuple[int, int]) -> api.AreaPreview:
        """An area spell of the creature acting now, aimed at a square: the rule's own aiming check."""
        actor = self.current
        spell = SPELLS[act_key.split(":", 1)[1]]
        at = (int(at[0]), int(at[1]))
        problem = area_problem(self, actor, spell, at)
        try:
            mask = area_mask(self, actor, spell.name, at)
        except ValueError:  # a cone aimed at its caster's own square has no direction
            mask = np.zeros(self.board.terrain.shape, bool)
        caught = tuple(c.id for c in self.state.creatures.values()
                       if c.alive and touches(mask, c.space) and not (spell.area == "cone" and c is actor))
        dc = spell_save_dc(actor)
        lines = [_("DC {dc} {ability} save for half, {dice} {type}").format(
            dc=dc, ability=ability(str(spell.save)), dice=spell.dice, type=damage_type(spell.dtype))]
        if not problem:
            lines += area_odds(self, actor, spell, at, [self.state.creatures[cid] for cid in caught], dc)
        return api.AreaPreview(problem, mask, caught, tuple(lines))

    def estimates(self):
        from .estimates import Estimates

        return Estimates(self)


class FifthEdition(api.Ruleset):
    """The 5e combat chapter (seed 000), with the SRD 5.1 where it is silent."""

    name = "5e"
    title = N_("5th edition (SRD 5.1)")  # words: shown translated
    cover_rules = COVER_5E

    def new_battle(self, scenario) -> Battle:
        return Battle(scenario)

    def move_rules(self, diagonals: str):
        return move_rules(diagonals)


RULESET = FifthEdition()
Battle.ruleset = RULESET

__all__ = ["Battle", "RULESET"]
