"""Input modes of the board: what a hover shows and what a click does while an action is chosen.

- `MoveMode`: the creature's reachable squares (and, lighter, those it reaches only by dashing),
  the path to the square under the cursor with its cost, and a red warning ring on every enemy
  whose reach that path leaves (an opportunity attack); a click moves (dashing first if needed).
- `TargetMode`: an attack, a targeted spell, Help, Grapple, Shove...: the valid targets ringed;
  hovering one shows its preview (chance to hit, cover, each reason for advantage or
  disadvantage); a click submits (or opens a menu when one target has several options). With a
  foe hidden from the actor, an attack may go to a square it guesses the foe is in (`at`): the
  squares where the ruleset's options guess (4e: where a foe was seen hiding) are ringed with a
  "?" and attacked with a click; any other square no creature shown stands in is judged by the
  rules and asked once more in a menu (a stray click would spend the attack).
- `DartsMode`: a spell of several darts (magic missile): each click aims one dart, a counter
  says how many are left, the last click casts with the darts split as aimed.
- `AreaMode`: an area spell: its template (`area_mask`) under the cursor and who is inside.

A click answers an `Outcome`: commands to submit in order, options to choose from in a menu,
a message, or "leave the mode". Modes read the battle; only the app submits.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from ..i18n import N_, _, decimal
from ..rules.api import Option
from ..rules.words import cover_word, save_word
from .board_view import BoardView
from .overlays import DASH_EDGE, DASH_FILL, DASH_HATCH, TARGET_RING, metres
from .hud import BAD, DIM, GOOD, TEXT, draw_card

GOLD = (255, 212, 60)
GUESS_RING = (255, 150, 60)  # a square guessed for a hidden foe


@dataclass
class Outcome:
    commands: list[dict] = field(default_factory=list)  # submit these, in order
    menu: list = field(default_factory=list)  # or choose one of these options
    message: str = ""
    leave: bool = False  # the mode ends (clicked nowhere useful)


class MoveMode:
    """Where the selected creature can go, and what the hovered path costs and risks."""

    entry_key = "move"

    def __init__(self, battle, creature, moves: dict, dash_option=None, how: str = "walk") -> None:
        self.battle = battle
        self.creature_id = creature.id
        self.how = how  # the movement mode: walk, fly, swim or climb (Tab cycles them, app.py)
        self.start = (creature.x, creature.y)
        self.side = creature.side_squares
        self.grab = (self.side - 1) // 2  # a big creature is held by a square near its middle
        self.field = battle.movement_field(creature.id, how)
        self.budget, dash_extra = battle.movement_budget(creature.id, how)
        self.mask = self.field.reachable(self.budget)
        self.moves = moves  # square -> the options query's move Option (its preview: cost, opportunity attacks)
        self.dash_option = dash_option
        self.dash_mask = np.zeros_like(self.mask)
        if dash_option is not None and dash_extra > 0:
            self.dash_mask = self.field.reachable(self.budget + dash_extra) & ~self.mask
        self._layers: dict[int, tuple] = {}
        self._paths: dict[tuple[int, int], tuple] = {}

    # -- what the cursor points at
    def target(self, square) -> tuple[int, int] | None:
        """Where the creature's top-left square would go for the square under the mouse, if it can:
        of the spaces it may reach that cover that square, the one centred on it first (without a
        Dash before one that needs it), so every square of the region shaded has a move."""
        if square is None:
            return None
        h, w = self.mask.shape
        found = []
        for oy in range(self.side):  # each space that would cover the square, centred first
            for ox in range(self.side):
                x, y = square[0] - ox, square[1] - oy
                if 0 <= x < w and 0 <= y < h and (self.mask[y, x] or self.dash_mask[y, x]):
                    found.append((not self.mask[y, x], abs(ox - self.grab) + abs(oy - self.grab), oy, ox, (x, y)))
        return min(found)[-1] if found else None

    def path_info(self, goal: tuple[int, int]) -> tuple[list, float, list[str], bool]:
        """The steps, cost, opportunity attacks and whether a Dash is needed, for a goal square."""
        if goal not in self._paths:
            steps = [tuple(p) for p in self.field.path_to(*goal)]
            cost = float(self.field.cost_to(*goal))
            dash = not bool(self.mask[goal[1], goal[0]])
            option = self.moves.get(goal)
            if option is not None:
                provokes = list(option.preview.opportunity_attacks)
                cost = option.preview.cost_m if option.preview.cost_m is not None else cost
            else:  # a square only a Dash reaches: the options query does not list it
                provokes = self.battle.opportunity_attackers(self.creature_id, self.field, steps)
            self._paths[goal] = (steps, cost, provokes, dash)
        return self._paths[goal]

    def click(self, square) -> Outcome:
        goal = self.target(square)
        if goal is None:
            return Outcome(leave=True)
        _steps, _cost, _provokes, dash = self.path_info(goal)
        move = {"actor": self.creature_id, "act": "move", "to": list(goal)}
        if self.how != "walk":
            move["mode"] = self.how
        if dash:
            return Outcome(commands=[dict(self.dash_option.command), move])
        return Outcome(commands=[move])

    # -- drawing
    def draw_under(self, surface, view: BoardView) -> None:
        """The reachable squares, under the tokens: blue, and lighter where only a Dash reaches."""
        s = view.square_px
        if s not in self._layers:
            self._layers = {s: (view.reach_layer(self.mask, self.side),
                                view.reach_layer(self.dash_mask | self.mask, self.side, DASH_FILL, DASH_EDGE, DASH_HATCH,
                                                 minus=self.mask)
                                if self.dash_mask.any() else None)}
        reach, dash = self._layers[s]
        if dash is not None:
            view.draw_reach(surface, dash)
        view.draw_reach(surface, reach)

    def draw(self, surface, view: BoardView, hover, text, clip) -> None:
        """Over the tokens: the path, its cost, and the enemies it provokes."""
        s = view.square_px
        goal = self.target(hover)
        if goal is None:
            return
        steps, cost, provokes, dashing = self.path_info(goal)
        creatures = self.battle.state.creatures
        for rid in provokes:
            view.draw_warning(surface, creatures[rid], time.monotonic() * 1.2)
        option = self.moves.get(goal)
        tag = move_tag(cost, dashing, option.preview if option is not None else None)
        view.draw_path(surface, self.start, steps, cost, self.side, tag="" if provokes else tag,
                       colour=(255, 120, 90) if provokes else (255, 204, 40))
        if provokes:  # the cost and the warning in one card, beside the end, away from the mover
            lines = [(tag, TEXT), (_("Leaves the reach of:"), BAD)]
            lines += [(_("  {name} — opportunity attack").format(name=creatures[r].name), TEXT) for r in provokes]
            lines.append((_("Disengage [I] first to move safely"), DIM))
            avoid = [view.square_rect(self.start[0], self.start[1], self.side)]
            avoid += [view.square_rect(creatures[r].x, creatures[r].y, creatures[r].side_squares).inflate(s, s)
                      for r in provokes]
            draw_card(surface, text, lines, view.square_centre(*goal, self.side), 13, clip,
                      away=view.square_centre(*self.start, self.side), gap=s * self.side // 2 + 4, avoid=avoid)


def move_tag(cost: float, dashing: bool, preview=None) -> str:
    """The words beside a hovered path: its cost (after a Dash when it needs one), and the chance
    to pass the checks the move rolls when it rolls any (4e swimming and climbing)."""
    tag = _("Dash + {metres}").format(metres=metres(cost)) if dashing else metres(cost)
    if preview is not None and preview.success_chance is not None:
        tag += "  ·  " + _("{chance}% to pass its checks").format(chance=round(preview.success_chance * 100))
    return tag


def attack_lines(preview, title: str) -> list[tuple[str, tuple]]:
    """A target's preview as card lines: chance to hit, cover, advantage and each reason for it."""
    lines = [(title, GOLD)] if title else []
    if preview.hit_chance is not None:
        chance = round(preview.hit_chance * 100)
        need = preview.target_number
        cover = preview.cover
        if need is not None:
            how = preview.defence or _("the defence")
            if preview.cover_bonus:
                how = _("{defence} + {bonus} cover").format(defence=how, bonus=preview.cover_bonus)
            lines.append((_("{chance}% to hit: needs {need} ({how})").format(chance=chance, need=need, how=how), TEXT))
        else:
            lines.append((_("{chance}% to hit").format(chance=chance), TEXT))
        lines.append((_("Cover: {cover}").format(cover=cover_word(cover)), TEXT if cover == "none" else BAD))
        good = [r.text for r in preview.reasons if r.good]
        bad = [r.text for r in preview.reasons if not r.good]
        if preview.advantage > 0:
            lines.append((_("Advantage (roll two d20, keep the higher):"), GOOD))
        elif preview.advantage < 0:
            lines.append((_("Disadvantage (roll two d20, keep the lower):"), BAD))
        elif preview.reasons and "advantage" in preview.rules:
            lines.append((_("Advantage and disadvantage cancel:"), DIM))  # the 5e d20 rule
        elif preview.reasons:
            lines.append((_("Modifiers:"), DIM))  # a ruleset without advantage (3.5, 4e)
        lines += [(f"  + {r}", GOOD) for r in good] + [(f"  - {r}", BAD) for r in bad]
        if preview.expected_damage is not None:
            lines.append((_("Expected damage {damage}").format(damage=decimal(preview.expected_damage, ".1f")), DIM))
    elif preview.dc is not None:
        save = save_word(preview.save)
        bonus = f", {preview.save_bonus:+d}" if preview.save_bonus is not None else ""
        if preview.fail_chance is not None:
            lines.append((_("{chance}% to fail the DC {dc} {save} save{bonus}").format(
                chance=round(preview.fail_chance * 100), dc=preview.dc, save=save, bonus=bonus), TEXT))
        else:
            lines.append((_("DC {dc} {save} save{bonus}").format(dc=preview.dc, save=save, bonus=bonus), TEXT))
        if preview.expected_damage is not None:
            lines.append((_("Expected damage {damage} (none on a save)").format(
                damage=decimal(preview.expected_damage, ".1f")), DIM))
    elif preview.darts is not None and preview.expected_damage is not None:
        lines.append((_("{darts} darts that always hit").format(darts=preview.darts), TEXT))
        lines.append((_("Expected damage {damage}").format(damage=decimal(preview.expected_damage, ".1f")), DIM))
    if preview.expected_heal is not None:
        lines.append((_("Expected healing {healing} hp").format(healing=decimal(preview.expected_heal, ".1f")), GOOD))
    if preview.success_chance is not None:
        lines.append((_("{chance}% chance to succeed").format(chance=round(preview.success_chance * 100)), TEXT))
    return lines


class TargetMode:
    """An entry aimed at a creature: valid targets ringed, previews on hover, a click to act."""

    def __init__(self, battle, entry, shown: set | None = None) -> None:
        self.battle = battle
        self.entry = entry
        self.entry_key = entry.key
        self.targets = entry.by_target()
        self.shown = shown  # the creatures the watching side sees (None: all)
        self._reasons: dict[str, str] = {}
        self.guesses = {tuple(o.command["at"]): o for o in entry.guesses}  # the options' guessed squares
        self._guessed: dict[tuple, tuple] = {}

    def target_at(self, square) -> str | None:
        if square is None:
            return None
        for cid in self.targets:
            c = self.battle.state.creatures[cid]
            if square in c.squares():
                return cid
        return None

    def other_at(self, square) -> str | None:
        """A living creature under the cursor that is not a target of the act."""
        if square is None:
            return None
        return next((c.id for c in self.battle.state.creatures.values()
                     if c.alive and c.id not in self.targets and square in c.squares()
                     and (self.shown is None or c.id in self.shown)), None)

    def reason(self, cid: str) -> str:
        """Why the act cannot be aimed at this creature, in the rules' words (asked once per creature)."""
        if cid not in self._reasons:
            self._reasons[cid] = self.battle.why_not(self.entry_key, cid) or _("not a target for it")
        return self._reasons[cid]

    def guess_at(self, square) -> tuple[Option | None, str]:
        """The attack at `square` guessing a hidden foe is there, and why not ('' when it may): the
        options' own attack on a square they guess, else the act's `guess` command at that square
        as the rules judge it; (None, '') where no guess applies (a creature shown stands there,
        or no foe is hidden from the actor)."""
        if square is None or self.target_at(square) is not None or self.other_at(square) is not None:
            return None, ""
        square = tuple(square)
        if square in self.guesses:
            return self.guesses[square], ""
        if self.entry.guess is None:
            return None, ""
        if square not in self._guessed:
            command = {**self.entry.guess, "at": list(square)}
            why = self.battle.check(command)
            label = _("{act} at the square [{x}, {y}], guessing").format(act=self.entry.title, x=square[0], y=square[1])
            self._guessed[square] = (None, why) if why else (Option(command, label), "")
        return self._guessed[square]

    click_hint = N_("Click to do it")

    def hovered_rules(self, square) -> tuple[str, ...]:
        """The rule ids behind the odds of the target at `square` (its first option's preview)."""
        cid = self.target_at(square)
        if cid is None:
            guess = self.guess_at(square)[0]
            return guess.preview.rules if guess is not None else ()
        return self.targets[cid][0].preview.rules

    def card_lines(self, option, title: str) -> list:
        """The hover card of a target: its preview's odds and reasons."""
        return attack_lines(option.preview, title)

    def click(self, square) -> Outcome:
        cid = self.target_at(square)
        if cid is None:
            other = self.other_at(square)
            if other is not None:  # say why, and keep the act chosen
                name = self.battle.state.creatures[other].name
                return Outcome(message=_("{act} cannot be aimed at {name}: {reason}").format(
                    act=self.entry.title, name=name, reason=self.reason(other)))
            guess, why = self.guess_at(square)
            if guess is not None:  # a ringed square at once; any other asked once more
                return Outcome(commands=[dict(guess.command)]) if tuple(square) in self.guesses else \
                    Outcome(menu=[guess])
            if why:
                return Outcome(message=_("{act} cannot go there: {problem}").format(act=self.entry.title, problem=why))
            return Outcome(leave=True)
        options = self.targets[cid]
        if len(options) == 1:
            return Outcome(commands=[dict(options[0].command)])
        return Outcome(menu=options)

    def draw(self, surface, view: BoardView, hover, text, clip) -> None:
        creatures = self.battle.state.creatures
        hovered = self.target_at(hover)
        pulse = 0.5 + 0.5 * math.sin(time.monotonic() * 5)
        for cid in self.targets:
            c = creatures[cid]
            width = max(2, view.square_px // 10) + (1 if cid == hovered else 0)
            view.draw_ring(surface, c.x, c.y, c.side_squares, TARGET_RING if cid != hovered else (255, 255, 255),
                           width, 0.12 + (0.08 * pulse if cid == hovered else 0))
        for x, y in self.guesses:  # the squares the options guess, never the foe's own
            rect = view.draw_ring(surface, x, y, 1, GUESS_RING, width=None, grow=0.08 * pulse)
            text.blit(surface, "?", max(11, view.square_px // 2), GUESS_RING, rect.center, "center",
                      outline=(20, 20, 28))
        other = self.other_at(hover) if hovered is None else None
        if hovered is None and other is None:
            self.draw_guess(surface, view, hover, text, clip)
        if other is not None:  # not a target: say why, as the greyed buttons do
            c = creatures[other]
            lines = [(_("{act} at {name}").format(act=self.entry.title, name=c.name), GOLD),
                     (_("Cannot: {reason}").format(reason=self.reason(other)), BAD)]
            draw_card(surface, text, lines, view.square_centre(c.x, c.y, c.side_squares), 13, clip,
                      gap=view.square_px * c.side_squares // 2 + 6,
                      avoid=[view.square_rect(c.x, c.y, c.side_squares)])
        if hovered is not None:
            c = creatures[hovered]
            option = self.targets[hovered][0]
            lines = self.card_lines(option, _("{act} at {name}").format(act=self.entry.title, name=c.name))
            if len(self.targets[hovered]) > 1:
                lines.append((_("{count} ways: click to choose").format(count=len(self.targets[hovered])), DIM))
            elif self.click_hint:
                lines.append((_(self.click_hint), DIM))
            if option.preview.rules:
                lines.append((_("F2: the rule cards of these odds"), DIM))
            me = self.battle.state.creatures[self.entry.options[0].command["actor"]]
            avoid = [view.square_rect(o.x, o.y, o.side_squares) for o in
                     [creatures[t] for t in self.targets] + [me]]
            draw_card(surface, text, lines, view.square_centre(c.x, c.y, c.side_squares), 13, clip,
                      away=view.square_centre(me.x, me.y, me.side_squares),
                      gap=view.square_px * c.side_squares // 2 + 6, avoid=avoid)


    def draw_guess(self, surface, view: BoardView, hover, text, clip) -> None:
        """The card of the square under the cursor when an attack there would guess: the odds of
        the options' own guess, else whether the rules let it go there."""
        guess, why = self.guess_at(hover)
        if guess is None and not why:
            return
        title = _("{act} at the square [{x}, {y}], guessing").format(act=self.entry.title, x=hover[0], y=hover[1])
        if guess is None:
            lines = [(title, GOLD), (_("Cannot: {reason}").format(reason=why), BAD)]
        elif tuple(hover) in self.guesses:
            lines = attack_lines(guess.preview, title) + [(_("Where it was seen hiding: click to attack"), DIM)]
        else:
            lines = [(title, GOLD), (_("A hidden foe may be there: click, then confirm"), DIM)]
        draw_card(surface, text, lines, view.square_centre(*hover), 13, clip, gap=view.square_px // 2 + 6,
                  avoid=[view.square_rect(*hover)])


class DartsMode(TargetMode):
    """A spell of several darts (magic missile): each click aims one more dart at a ringed
    target, a counter says how many are left; the last one casts, the darts split as aimed."""

    def __init__(self, battle, entry, shown: set | None = None) -> None:
        super().__init__(battle, entry, shown)
        self.total = int(entry.options[0].preview.darts or 1)
        self.aimed: list[str] = []

    @property
    def left(self) -> int:
        return self.total - len(self.aimed)

    def click(self, square) -> Outcome:
        cid = self.target_at(square)
        if cid is None:
            return super().click(square)
        self.aimed.append(cid)
        if self.left > 0:
            return Outcome()
        aimed, self.aimed = self.aimed, []
        command = dict(self.targets[aimed[0]][0].command)
        command["target"] = aimed[0] if len(set(aimed)) == 1 else aimed
        why = self.battle.check(command)
        if why:
            return Outcome(message=_("{act}: {why}").format(act=self.entry.title, why=why))
        return Outcome(commands=[command])

    def draw(self, surface, view: BoardView, hover, text, clip) -> None:
        creatures = self.battle.state.creatures
        for cid in dict.fromkeys(self.aimed):  # each target's darts so far, by its token (under the card)
            c = creatures[cid]
            rect = view.square_rect(c.x, c.y, c.side_squares)
            text.blit(surface, f"x{self.aimed.count(cid)}", max(11, view.square_px // 3), GOLD,
                      (rect.right, rect.top - 2), "bottomright", outline=(20, 20, 28))
        super().draw(surface, view, hover, text, clip)

    click_hint = ""

    def hovered_rules(self, square) -> tuple[str, ...]:
        """The rule ids behind the odds of the target at `square` (its first option's preview)."""
        cid = self.target_at(square)
        return self.targets[cid][0].preview.rules if cid is not None else ()

    def card_lines(self, option, title: str) -> list:
        if self.left > 1:
            aim = _("Dart {number} of {total}: click to aim it ({more} more after it)").format(
                number=len(self.aimed) + 1, total=self.total, more=self.left - 1)
        else:
            aim = _("Dart {number} of {total}: click to aim it, then it casts").format(
                number=len(self.aimed) + 1, total=self.total)
        lines = [(title, GOLD), (aim, GOOD)]
        if option.preview.expected_damage is not None:
            each = option.preview.expected_damage / self.total
            lines.append((_("Each dart hits: {damage} damage expected").format(damage=decimal(each, ".1f")), TEXT))
        aimed = self.aimed.count(option.command["target"]) if isinstance(option.command["target"], str) else 0
        if aimed:
            lines.append((_("Darts aimed here already: {count}").format(count=aimed), DIM))
        return lines


def target_mode(battle, entry, shown: set | None = None) -> TargetMode:
    """The mode an act aimed at creatures puts the board in: darts aimed one by one, else one target."""
    if entry.options and entry.options[0].preview.darts:
        return DartsMode(battle, entry, shown)
    return TargetMode(battle, entry, shown)


class AreaMode:
    """An area spell: the template under the cursor and who is inside; a click casts it there."""

    def __init__(self, battle, entry, actor) -> None:
        self.battle = battle
        self.entry = entry
        self.entry_key = entry.key
        self.actor_id = actor.id
        listed = {tuple(o.command["at"]): o for o in entry.options if o.command.get("at") is not None}
        self.listed = listed  # when the options query lists squares, only those are offered
        self._at: tuple | None = None
        self._info: tuple | None = None
        self._layer: tuple | None = None

    def info(self, square):
        """(problem, mask, caught) for casting at this square, cached for the last square asked."""
        if square != self._at:
            area = self.battle.area(self.entry_key, square)
            problem = area.problem
            if not problem and self.listed and square not in self.listed:
                problem = _("not a square it can aim at")
            creatures = self.battle.state.creatures
            caught = [creatures[cid] for cid in area.caught]
            self._at, self._info, self._layer = square, (problem, area.mask, caught), None
            self._lines = area.lines
        return self._info

    def command(self, square) -> dict:
        if square in self.listed:
            return dict(self.listed[square].command)
        command = dict(next(iter(self.listed.values())).command) if self.listed else {}
        return {**command, "at": list(square)}

    def click(self, square) -> Outcome:
        if square is None:
            return Outcome(leave=True)
        problem, _mask, _caught = self.info(square)
        if problem:
            return Outcome(message=_("{act} cannot go there: {problem}").format(act=self.entry.title, problem=problem))
        return Outcome(commands=[self.command(square)])

    def draw_under(self, surface, view: BoardView, hover) -> None:
        """Nothing under the tokens: the template goes over them, tinting whoever is inside."""

    def draw(self, surface, view: BoardView, hover, text, clip) -> None:
        """Over the tokens: the template, a ring on each creature inside, and what the spell would do."""
        if hover is None:
            return
        problem, mask, caught = self.info(hover)
        if self._layer is None or self._layer[0] != view.square_px:
            self._layer = (view.square_px, view.area_layer(mask))
        view.draw_reach(surface, self._layer[1])
        actor = self.battle.state.creatures[self.actor_id]
        for c in caught:
            view.draw_ring(surface, c.x, c.y, c.side_squares, (255, 80, 40) if c.side != actor.side else (80, 200, 255),
                           None, 0.1)
        lines = [(_("{act} at [{x}, {y}]").format(act=self.entry.title, x=hover[0], y=hover[1]), GOLD)]
        if problem:
            lines.append((_("Cannot: {reason}").format(reason=problem), BAD))
        else:
            lines += [(line, TEXT) for line in self._lines]
            if caught:
                for c in caught:
                    friend = c.side == actor.side
                    lines.append((_("  {name}  (ally!)").format(name=c.name) if friend else f"  {c.name}", BAD if friend else TEXT))
            else:
                lines.append((_("Nobody inside"), DIM))
            lines.append((_("Click to cast here"), DIM))
        rows, cols = np.nonzero(mask)
        if len(rows):  # beside the template, on the far side from the caster, covering no one inside
            box = view.square_rect(int(cols.min()), int(rows.min())).union(
                view.square_rect(int(cols.max()), int(rows.max())))
        else:
            box = view.square_rect(*hover)
        avoid = [box] + [view.square_rect(c.x, c.y, c.side_squares) for c in caught + [actor]]
        draw_card(surface, text, lines, box.center, 13, clip,
                  away=view.square_centre(actor.x, actor.y, actor.side_squares),
                  gap=max(box.w, box.h) // 2 + 6, avoid=avoid)
