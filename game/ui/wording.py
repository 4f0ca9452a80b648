"""The window's words: the controls list, menus' choices, the reaction question, the end summary,
and the prompt of the side panel. Plain text from the battle's state, no drawing."""

from __future__ import annotations

from .hud import DIM, TEXT
from .modes import AreaMode, MoveMode, TargetMode
from .panel import GOLD
from .teaching import CONTROL

CONTROLS = [
    ("Your turn", [
        ("click the gold-framed token, or M", "show where it can move; hover a square for the path and cost"),
        ("click a shaded square", "move there (striped squares: Dash first, then move)"),
        ("Tab (while moving)", "walk / fly / swim / climb, among the speeds the creature has"),
        ("1-9, 0", "the attacks and spells, first on the action bar"),
        ("letters on the buttons", "Move M, Dash D, Disengage I, Dodge O, Help H, Hide K, Search S, Ready R, "
                                   "Use item U, Grapple G, Shove V, Stand up T, Escape X, First aid Z, "
                                   "Mount or Dismount J"),
        ("E", "end the turn"),
        ("click a ringed creature", "attack it, cast at it, help it... (hover it first for the odds)"),
        ("Esc or right-click", "put the chosen action down"),
    ]),
    ("Reactions and dialogs", [
        ("Y / N", "take or let go an offered reaction (opportunity attack, shield, readied action)"),
        ("1-9", "choose in a menu"),
    ]),
    ("The board", [
        ("mouse wheel, + / -", "zoom (the wheel over the log scrolls it back)"),
        ("arrow keys, right-drag", "pan"),
        ("F or Home", "fit the board in the window"),
        CONTROL,
    ]),
    ("The game", [
        ("Space", "hurry the computer's turns"),
        ("Ctrl+Z or Backspace", "undo the last command (not one that rolled dice: no fishing for rolls)"),
        ("F5 / F9", "quick save / quick load (quicksave.toml in the data folder)"),
        ("L", "load a save from a list of the data folder's saves, newest first"),
        ("F1 or ?", "this help"),
        ("R / S (at the end)", "play again with a fresh seed / the very same battle again"),
        ("Esc", "quit, when nothing is chosen (it asks first: Esc again or Enter quits, N stays)"),
    ]),
]


MOVE_WORDS = {"walk": "walking", "fly": "flying", "swim": "swimming", "climb": "climbing"}


def describe(option, creatures) -> str:
    """An option in words, with names rather than ids (menus)."""
    cmd = option.command
    name = lambda cid: creatures[cid].name if cid in creatures else str(cid)  # noqa: E731
    act = cmd.get("act")
    if act == "shove":
        return f"Shove {name(cmd['target'])}: " + ("knock it prone" if cmd.get("effect") == "prone"
                                                    else "push it 1.5 m away")
    if act == "help":
        return f"Help {name(cmd['target'])} against {name(cmd['against'])}"
    if act == "use":
        target = cmd.get("target", cmd["actor"])
        item = option.label.replace("use ", "", 1).split(" on ")[0]
        return f"{item}: " + ("drink it" if target == cmd["actor"] else f"give it to {name(target)}")
    if act == "attack" and option.preview.hit_chance is not None:
        return f"{cmd.get('with')} at {name(cmd['target'])}: {round(option.preview.hit_chance * 100)}% to hit"
    return option.label[:1].upper() + option.label[1:]


def reaction_text(battle, options, name_side: bool) -> tuple[str, str]:
    """The question of the first reaction offered, in the ruleset's words (naming the side when
    several people play), and its line of detail (the cost, the odds)."""
    offer = battle.offer()
    reactor = battle.view(offer.reactor)
    side = f"{reactor.side.capitalize()}: " if name_side else ""
    return f"{side}{offer.question} Y/N", offer.detail


def end_summary(battle, fallen: dict) -> tuple[str, list[str]]:
    """The end screen: who won, how many rounds, who fell (and when), who still stands."""
    state = battle.state
    views = [battle.view(cid) for cid in state.creatures]
    headline = f"{state.winner.capitalize()} wins!" if state.winner else "Nobody wins"
    lines = [f"The battle lasted {state.round} round{'s' if state.round != 1 else ''}."]
    fell = [c for c in views if c.state != "conscious"]
    fell.sort(key=lambda c: (fallen.get(c.id, 0), c.name))
    if fell:
        lines.append("Fell:")
        for c in fell:
            when = f", round {fallen[c.id]}" if c.id in fallen else ""
            lines.append(f"   {c.name} ({c.side}) — {c.state}{when}")
    else:
        lines.append("Nobody fell.")
    standing = [c.name for c in views if c.state == "conscious"]
    if standing:
        lines.append("Still standing: " + ", ".join(standing))
    lines += ["", "R: play again (a fresh seed) · S: the same battle again · Esc: quit"]
    return headline, lines


def prompt_lines(app) -> list[tuple[str, tuple]]:
    """What to do now, for the side panel."""
    state, current = app.battle.state, app.session.current()
    if not state.creatures:
        return [("A map with no creatures: nothing to play.", DIM)]
    if state.over:
        return [("The battle is over: R plays again (a fresh seed), S the same battle, Esc quits.", GOLD)]
    if state.offers:
        reactor = app.session.reactor()
        if app.session.human(reactor):
            return [(f"{reactor.name} may react: Y take it, N let it go.", GOLD)]
        return [(f"{reactor.name} (computer) decides on a reaction...", DIM)]
    if current is not None and not app.session.human(current):
        return [(f"{current.name} (computer) is acting.  Space: hurry", DIM)]
    if isinstance(app.mode, MoveMode):
        lines = [("Click a shaded square to move there; the striped ones take a Dash first. "
                  "Red rings: enemies that get an opportunity attack. Esc: put it down.", TEXT)]
        modes = app.movement_modes(current) if current is not None else [app.mode.how]
        left = app.battle.movement_budget(current.id, app.mode.how)[0] if current is not None else app.mode.budget
        how = f"Moving: {MOVE_WORDS.get(app.mode.how, app.mode.how)} ({left:g} m left)"
        if len(modes) > 1:
            how += "  ·  Tab: " + " / ".join(m.upper() if m == app.mode.how else m for m in modes)
        return [(how, GOLD)] + lines
    if isinstance(app.mode, TargetMode):
        return [(f"{app.mode.entry.title}: click a ringed creature (hover it for the odds). "
                 "Esc: put it down.", TEXT)]
    if isinstance(app.mode, AreaMode):
        return [(f"{app.mode.entry.title}: move the template, click to cast there. Esc: put it down.", TEXT)]
    return [("Choose an action below (or press its key), or click the gold-framed token to move.  E ends the turn.",
             TEXT)]
