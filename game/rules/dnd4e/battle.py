"""The 4e ruleset behind the interface of api.py: `RULESET` builds a `Battle`, the engine with the
questions the screen, the computer players, simulate and replay ask of it."""

from __future__ import annotations

import numpy as np

from ...core.areas import touches
from ...core.board import SQUARE_M
from ...core.terrain import COVER_NAMES
from ...i18n import _
from .. import api
from ..errors import IllegalCommand
from ..words import spoken, titled
from . import economy
from .acts import acts, offer_view, reason_for
from .belief import believed_square
from .conditions import speed_squares
from .engine import Engine
from .geometry import adjacent_squares_mask, can_see, cover_explained, cover_level, field_for
from .moving import provokers_along
from .options import best_blow, legal_commands
from .powers import aim, area_mask, power_of
from .terrain_rules import COVER_4E, COVER_PENALTY, move_rules
from .words import defence


class Battle(Engine, api.Battle):
    """One 4e battle: the engine (engine.py) and the ruleset interface (api.Battle)."""

    def legal_commands(self) -> list[api.Option]:
        return legal_commands(self)

    def acts(self, options: list[api.Option] | None = None) -> list[api.Act]:
        return acts(self, legal_commands(self) if options is None else options)

    def why_not(self, act_key: str, target_id: str | None = None) -> str:
        return reason_for(self, act_key, target_id)

    def offer(self) -> api.OfferView | None:
        return offer_view(self)

    def view(self, creature_id: str) -> api.CreatureView:
        c = self.creature(creature_id)
        acting = creature_id == self.state.current_id and not self.state.over
        resources = [api.Resource(_("standard"), c.standard), api.Resource(_("move"), c.move),
                     api.Resource(_("minor"), c.minor), api.Resource(_("immediate"), c.immediate),
                     api.Resource(_("action points"), c.action_points), api.Resource(_("healing surges"), c.surges)]
        # the uses left of each limited power, named in words as the log names it
        resources += [api.Resource(spoken(p.name), c.uses_left(p)) for p in c.stats.powers if p.limited]
        defences = " ".join(f"{defence(key)} {getattr(c.stats, key)}" for key in ("ac", "fort", "ref", "will"))
        return api.CreatureView(
            id=c.id, name=c.name, kind=c.kind, side=c.side, x=c.x, y=c.y, side_squares=c.side_squares,
            size=c.size, altitude=c.altitude, hp=c.hp, max_hp=c.stats.hp, temp_hp=c.temp_hp, state=c.state,
            bloodied=c.bloodied, conditions=tuple(sorted(c.conditions)), defence=defences,
            death_saves=(0, c.death_failures) if c.stats.player else None,
            movement_left=self.movement_left(c) if acting else c.stats.walk, resources=tuple(resources),
        )

    # ------------------------------------------------------------------ board queries
    def move_modes(self, creature_id: str) -> list[str]:
        """Walk, and climb where the board has a cliff (athletics.py: a cliff is climbed)."""
        return ["walk", "climb"] if self.board.prop("climbable").any() else ["walk"]

    def movement_field(self, creature_id: str, mode: str = "walk", limit_m: float | None = None):
        return field_for(self, self.creature(creature_id), "climb" if mode == "climb" else "walk", limit_m)

    def movement_budget(self, creature_id: str, mode: str = "walk") -> tuple[float, float]:
        """(one move action's metres if one is left, the metres a second one would add)."""
        c = self.creature(creature_id)
        speed = speed_squares(c) * SQUARE_M
        moves = economy.moves_left(c) if creature_id == self.state.current_id else 1
        return (speed if moves >= 1 else 0.0), (speed if moves >= 2 else 0.0)

    def opportunity_attackers(self, creature_id: str, field, steps) -> list[str]:
        if not steps:
            return []
        return provokers_along(self, self.creature(creature_id), [tuple(s) for s in steps])

    def reach_squares(self, creature_id: str) -> np.ndarray:
        """4e, Opportunity attack: only the adjacent squares are threatened (reach does not extend it)."""
        return adjacent_squares_mask(self, self.creature(creature_id))

    def can_see(self, viewer_id: str, target_id: str) -> bool:
        return can_see(self, self.creature(viewer_id), self.creature(target_id))

    def cover(self, attacker_id: str, target_id: str) -> str:
        return COVER_NAMES[cover_level(self, self.creature(attacker_id), self.creature(target_id), False)]

    def cover_lines(self, attacker_id: str, target_id: str) -> api.CoverLines:
        level, explained = cover_explained(self, self.creature(attacker_id), self.creature(target_id))
        return api.CoverLines.of(explained, COVER_NAMES[level], COVER_PENALTY.get(level, 0))

    def area(self, act_key: str, at: tuple[int, int]) -> api.AreaPreview:
        """An area power of the creature acting now, aimed at a square: the engine's own aiming check."""
        actor = self.current
        at = (int(at[0]), int(at[1]))
        try:
            power = power_of(actor, act_key.split(":", 1)[-1])
        except IllegalCommand as exc:
            return api.AreaPreview(str(exc), np.zeros(self.board.terrain.shape, bool), ())
        mask = area_mask(self, actor, power, at)
        problem = ""
        caught: tuple = ()
        try:
            caught = aim(self, actor, power, None, at).targets
        except IllegalCommand as exc:
            problem = str(exc)
            caught = tuple(c.id for c in self.state.creatures.values()
                           if c.alive and c is not actor and touches(mask, c.space))
        vs = " " + _("+{bonus} vs {defence}").format(bonus=power.attack, defence=defence(power.vs)) if power.vs else ""
        lines = (f"{titled(power.name)}{vs}, {power.damage or ''}".rstrip(", "),)
        return api.AreaPreview(problem, mask, tuple(caught), lines)

    def estimates(self):
        """None: the computer players plan from legal_commands() previews under 4e."""
        return None

    def blow(self, attacker_id: str, target_id: str) -> float:
        """The expected damage of the attacker's best attack power on the target (options.best_blow)."""
        return best_blow(self, self.state.creatures[attacker_id], self.state.creatures[target_id])

    def believed_square(self, viewer_id: str, target_id: str) -> tuple[int, int] | None:
        """Where the viewer's side believes the target stands (belief.believed_square: a hidden
        foe where it was seen hiding, None when nobody saw it hide)."""
        return believed_square(self.creature(viewer_id), self.creature(target_id))


class FourthEdition(api.Ruleset):
    """The 4e combat sequence (seed 004), with RULESETS.md section 2 for the rest."""

    name = "4e"
    title = "4th edition"
    cover_rules = COVER_4E

    def new_battle(self, scenario) -> Battle:
        return Battle(scenario)

    def move_rules(self, diagonals: str):
        return move_rules(diagonals)


RULESET = FourthEdition()
Battle.ruleset = RULESET

__all__ = ["Battle", "RULESET"]
