"""The teaching overlays: how the rules see the board, drawn over it (issue 14).

- cover: the lines of the cover rule from one creature to another (the attacker's corner chosen,
  the four lines to the target's square, the blocked ones in red) and the cover they give;
- reach: the squares a creature threatens;
- move: where a creature can move this turn, each square with its cost in metres written on it
  (lighter where only one more move-like act, 5e's Dash or 4e's second move, reaches).

Every answer comes from the ruleset through the interface (api.Battle `cover_lines`,
`reach_squares`, `movement_field`, `movement_budget`); this module only asks and draws, for
`skirmish render --cover A B --reach ID --move ID` (render.py) and for the window's Shift key
(WindowTeaching, drawn by scene.py). Its messages are the `teaching` catalogue domain's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from ..i18n import N_, _, decimal
from .modes import MoveMode
from .overlays import DASH_EDGE, DASH_FILL, DASH_HATCH

CLEAR_LINE = (90, 230, 120)
BLOCKED_LINE = (255, 64, 48)
CORNER = (255, 212, 60)
THREAT_FILL = (255, 90, 60, 70)
THREAT_EDGE = (255, 170, 140, 220)
COST_TEXT = (255, 255, 255)

# the rulesets' own names for the cover levels of api.Battle.cover()
COVER_WORDS = {
    "5e": {"none": N_("no cover"), "half": N_("half cover"), "three-quarters": N_("three-quarters cover"),
           "total": N_("total cover")},
    "3.5": {"none": N_("no cover"), "half": N_("cover"), "three-quarters": N_("improved cover"),
            "total": N_("total cover (no line of effect)")},
    "4e": {"none": N_("no cover"), "half": N_("cover"), "three-quarters": N_("superior cover"),
           "total": N_("total cover (no line of effect)")},
}


class TeachingError(ValueError):
    """An overlay the battle cannot show: an unknown or dead creature, cover from a creature to
    itself, any overlay of a bare map (one line, for the command line)."""


@dataclass
class Teaching:
    """What the overlays show: the cover lines (and between whom), a creature's threatened squares,
    a creature's movement (where it may end, where only a second move reaches, the costs)."""

    cover: object = None  # api.CoverLines
    cover_between: tuple[str, str] | None = None
    reach: np.ndarray | None = None  # (rows, columns) bool
    reach_of: str | None = None
    move_of: str | None = None
    move_side: int = 1
    move_mask: np.ndarray | None = None  # top-left positions it may end its move on
    dash_mask: np.ndarray | None = None  # those only one more move-like act reaches
    move_cost: np.ndarray | None = None  # metres, per position (inf: out of reach)

    def captions(self, battle) -> list[str]:
        """One line per overlay, in words (the render's caption under its title)."""
        lines = []
        names = {cid: battle.view(cid).name for cid in battle.state.creatures}
        if self.cover is not None:
            a, b = self.cover_between
            lines.append(_("Cover from {attacker} to {target}: {summary}").format(
                attacker=names[a], target=names[b], summary=cover_summary(battle.ruleset.name, self.cover)))
        if self.reach is not None:
            lines.append(_("Squares {name} threatens: {count}").format(
                name=names[self.reach_of], count=int(self.reach.sum())))
        if self.move_mask is not None:
            lines.append(_("Where {name} can move this turn ({count} squares), the cost in metres on each").format(
                name=names[self.move_of], count=int(self.move_mask.sum())))
            if self.dash_mask is not None and self.dash_mask.any():
                lines.append(_("Striped: only with one more move (a Dash, a second move action)"))
        return lines


def cover_summary(ruleset: str, lines) -> str:
    """"half cover, 2 of 4 lines blocked, +2 AC" in the ruleset's words (4e: the attack's penalty)."""
    words = _(COVER_WORDS.get(ruleset, COVER_WORDS["5e"]).get(lines.cover, lines.cover))
    blocked, total = lines.blocked, len(lines.lines)
    if not lines.bonus:
        return _("{cover}, {blocked} of {total} lines blocked").format(cover=words, blocked=blocked, total=total)
    if ruleset == "4e":
        return _("{cover}, {blocked} of {total} lines blocked, -{bonus} to the attack roll").format(
            cover=words, blocked=blocked, total=total, bonus=lines.bonus)
    return _("{cover}, {blocked} of {total} lines blocked, +{bonus} AC").format(
        cover=words, blocked=blocked, total=total, bonus=lines.bonus)


def no_creatures(map_name: str) -> TeachingError:
    """The error of an overlay asked of a bare map."""
    return TeachingError(_("{map} is a bare map: the overlays need a scenario with creatures").format(map=map_name))


def _known(battle, cid: str):
    """The creature's view, or TeachingError naming the creatures there are."""
    if cid not in battle.state.creatures:
        known = ", ".join(battle.state.creatures)
        raise TeachingError(_("no creature {id!r} in this battle (creatures: {known})").format(id=cid, known=known))
    view = battle.view(cid)
    if not view.alive:
        raise TeachingError(_("{id} is dead: it is not on the map").format(id=cid))
    return view


def cover_of(battle, attacker: str, target: str):
    """The ruleset's cover lines from attacker to target (TeachingError for a bad pair)."""
    _known(battle, attacker)
    _known(battle, target)
    if attacker == target:
        raise TeachingError(_("cover is from one creature to another: {id} twice").format(id=attacker))
    return battle.cover_lines(attacker, target)


def movement_of(battle, cid: str):
    """(where the creature may end a move now, where only one more move reaches, costs, its side).

    The creature whose turn it is: the budget the ruleset gives it this turn; any other: the
    movement it has on its own turn (CreatureView.movement_left, its speed)."""
    view = _known(battle, cid)
    field = battle.movement_field(cid)
    if cid == battle.state.current_id and not battle.state.over:
        budget, extra = battle.movement_budget(cid)
    else:
        budget, extra = view.movement_left, 0.0
    mask = field.reachable(budget)
    dash = field.reachable(budget + extra) & ~mask if extra > 0 else np.zeros_like(mask)
    return mask, dash, field.cost, view.side_squares


def teach(battle, cover: tuple[str, str] | None = None, reach: str | None = None,
          move: str | None = None) -> Teaching:
    """The overlays asked for, from the battle's ruleset; TeachingError for an unknown creature,
    a dead one, or cover from a creature to itself."""
    found = Teaching()
    if cover is not None:
        found.cover, found.cover_between = cover_of(battle, *cover), tuple(cover)
    if reach is not None:
        _known(battle, reach)
        found.reach, found.reach_of = np.asarray(battle.reach_squares(reach), bool), reach
    if move is not None:
        found.move_mask, found.dash_mask, found.move_cost, found.move_side = movement_of(battle, move)
        found.move_of = move
    return found


# ----------------------------------------------------------------------------- drawing
def draw_under(surface: pygame.Surface, view, teaching: Teaching) -> None:
    """The shaded overlays of `teaching` (reach, movement) on the board drawn by `view` (a
    BoardView), under its tokens."""
    if teaching.reach is not None:
        view.draw_reach(surface, view.reach_layer(teaching.reach, 1, THREAT_FILL, THREAT_EDGE))
    if teaching.move_mask is not None:
        draw_movement(surface, view, teaching.move_mask, teaching.dash_mask, teaching.move_side)


def draw_over(surface: pygame.Surface, view, teaching: Teaching) -> None:
    """The lines and numbers of `teaching` (movement costs, cover lines), over the tokens."""
    if teaching.move_mask is not None:
        draw_costs(surface, view, teaching.move_cost, teaching.move_mask | teaching.dash_mask)
    if teaching.cover is not None:
        draw_cover(surface, view, teaching.cover)


def draw_movement(surface, view, mask, dash, side: int = 1) -> None:
    """The squares shaded as the move mode shades them (lighter and striped: one more move)."""
    if dash.any():
        view.draw_reach(surface, view.reach_layer(mask | dash, side, DASH_FILL, DASH_EDGE, DASH_HATCH, minus=mask))
    view.draw_reach(surface, view.reach_layer(mask, side))


def draw_costs(surface, view, cost: np.ndarray, where: np.ndarray) -> None:
    """Each position's cost in metres ("4.5", "4,5" in French) written in its square."""
    s = view.square_px
    size = max(8, min(16, round(s * 0.4)))
    for y, x in np.argwhere(where):
        label = decimal(float(cost[y, x]))
        cx, cy = view.square_centre(x, y)
        view.text.blit(surface, label, size, (16, 18, 24), (cx + 1, cy + 1), "center")  # a shadow
        view.text.blit(surface, label, size, COST_TEXT, (cx, cy), "center")


def draw_cover(surface, view, lines, caption: str = "") -> None:
    """The target's square outlined, the attacker's corner, the four lines (blocked ones red and
    thicker), and the caption (the cover they give) on a tag under the target's square."""
    s = view.square_px
    ox, oy = view.origin

    def at(corner):
        return ox + corner[0] * s, oy + corner[1] * s

    view.draw_square_outline(surface, *lines.square, colour=(255, 255, 255))
    drawn = [(line, *((BLOCKED_LINE, max(2, s // 10)) if line.blocked else (CLEAR_LINE, max(2, s // 14))))
             for line in sorted(lines.lines, key=lambda line: line.blocked)]  # blocked lines last, on top
    for line, _colour, width in drawn:  # the dark edges first: no edge hides another line
        pygame.draw.line(surface, (16, 16, 20), at(line.start), at(line.end), width + 2)
    for line, colour, width in drawn:
        pygame.draw.line(surface, colour, at(line.start), at(line.end), width)
        pygame.draw.circle(surface, colour, at(line.end), max(3, s // 9))
    pygame.draw.circle(surface, (16, 16, 20), at(lines.corner), max(4, s // 6) + 2)
    pygame.draw.circle(surface, CORNER, at(lines.corner), max(4, s // 6))
    if caption:
        square = view.square_rect(*lines.square)
        view.draw_tag(surface, caption, (square.centerx, square.bottom + 4), "midtop")


# ----------------------------------------------------------------------------- the window's key
EXPLAIN_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT)
CONTROL = (N_("Shift (hold)"), N_("over a creature: the squares it threatens and the cover lines from the creature "
                                  "acting to it; while moving: each square's cost"))


class WindowTeaching:
    """What holding Shift shows in the window: over a creature, the squares it threatens and the
    cover lines from the creature whose turn it is to it. Asked of the rules again only when the
    battle or the creature under the mouse changes."""

    def __init__(self) -> None:
        self._key = None
        self._found: Teaching | None = None
        self._layers: dict = {}

    def shown(self, app) -> Teaching | None:
        """The overlays for the app's state now (None when Shift is up or nothing is hovered)."""
        if not app.explaining or app.dialog is not None or app.hovered_id is None:
            return None
        state = app.battle.state
        current = state.current_id if not state.over else None
        key = (app._views_key, app.hovered_id, current)
        if key != self._key:
            self._key, self._layers = key, {}
            hovered = app.hovered_id
            pair = (current, hovered) if current is not None and current != hovered else None
            try:
                self._found = teach(app.battle, cover=pair, reach=hovered)
            except TeachingError:  # a creature that died since: nothing to show
                self._found = None
        return self._found

    def draw_under(self, surface, app) -> None:
        found = self.shown(app)
        if found is not None and found.reach is not None:
            s = app.view.square_px
            if s not in self._layers:
                self._layers[s] = app.view.reach_layer(found.reach, 1, THREAT_FILL, THREAT_EDGE)
            app.view.draw_reach(surface, self._layers[s])

    def draw_over(self, surface, app, mode=None) -> None:
        """The cover lines and their cover on a tag; in the move mode, each square's cost."""
        if app.explaining and app.dialog is None and isinstance(mode, MoveMode):
            draw_costs(surface, app.view, mode.field.cost, mode.mask | mode.dash_mask)
        found = self.shown(app)
        if found is not None and found.cover is not None:
            draw_cover(surface, app.view, found.cover, cover_summary(app.battle.ruleset.name, found.cover))
