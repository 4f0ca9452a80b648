"""The window's words: the controls list, menus' choices, the reaction question, the end summary,
and the prompt of the side panel. Plain text from the battle's state, no drawing."""

from __future__ import annotations

from ..i18n import N_, _
from ..rules.words import side_word, spoken, state_word
from .hud import DIM, TEXT
from .modes import AreaMode, MoveMode, TargetMode
from .panel import GOLD
from .teaching import CONTROL

CONTROLS = [
    (N_("Your turn"), [
        (N_("click the gold-framed token, or M"), N_("show where it can move; hover a square for the path and cost")),
        (N_("click a shaded square"), N_("move there (striped squares: Dash first, then move)")),
        (N_("Tab (while moving)"), N_("walk / fly / swim / climb, among the speeds the creature has")),
        ("1-9, 0", N_("the attacks and spells, first on the action bar")),
        (N_("letters on the buttons"), N_("Move M, Dash D, Disengage I, Dodge O, Help H, Hide K, Search S, Ready R, "
                                   "Use item U, Grapple G, Shove V, Stand up T, Escape X, First aid Z, "
                                   "Mount or Dismount J")),
        ("E", N_("end the turn")),
        (N_("click a ringed creature"), N_("attack it, cast at it, help it... (hover it first for the odds)")),
        (N_("Esc or right-click"), N_("put the chosen action down")),
    ]),
    (N_("Reactions and dialogs"), [
        ("Y / N", N_("take or let go an offered reaction (opportunity attack, shield, readied action)")),
        ("1-9", N_("choose in a menu")),
    ]),
    (N_("The board"), [
        (N_("mouse wheel, + / -"), N_("zoom (the wheel over the log scrolls it back)")),
        (N_("arrow keys, right-drag"), N_("pan")),
        (N_("F or Home"), N_("fit the board in the window")),
        CONTROL,
    ]),
    (N_("The game"), [
        (N_("Space"), N_("hurry the computer's turns")),
        (N_("Ctrl+Z or Backspace"), N_("undo the last command (not one that rolled dice: no fishing for rolls)")),
        ("F2", N_("while aiming, over a target: the rule cards behind its odds")),
        (N_("click a gold log line"), N_("the rule cards that line applied")),
        ("F5 / F9", N_("quick save / quick load (quicksave.toml in the data folder)")),
        ("L", N_("load a save from a list of the data folder's saves, newest first")),
        (N_("F1 or ?"), N_("this help")),
        (N_("R / S (at the end)"), N_("play again with a fresh seed / the very same battle again")),
        (N_("Esc"), N_("quit, when nothing is chosen (it asks first: Esc again or Enter quits, N stays)")),
    ]),
]


MOVE_WORDS = {"walk": N_("walking"), "fly": N_("flying"), "swim": N_("swimming"), "climb": N_("climbing")}
MODE_WORDS = {"walk": N_("walk"), "fly": N_("fly"), "swim": N_("swim"), "climb": N_("climb")}


def describe(option, creatures) -> str:
    """An option in words, with names rather than ids (menus)."""
    cmd = option.command
    name = lambda cid: creatures[cid].name if cid in creatures else str(cid)  # noqa: E731
    act = cmd.get("act")
    if act == "shove":
        if cmd.get("effect") == "prone":
            return _("Shove {target}: knock it prone").format(target=name(cmd["target"]))
        return _("Shove {target}: push it 1.5 m away").format(target=name(cmd["target"]))
    if act == "help":
        return _("Help {target} against {foe}").format(target=name(cmd["target"]), foe=name(cmd["against"]))
    if act == "use":
        target = cmd.get("target", cmd["actor"])
        item = spoken(cmd["item"])  # the id, not the label: a label is text in the ruleset's words
        if target == cmd["actor"]:
            return _("{item}: drink it").format(item=item)
        return _("{item}: give it to {target}").format(item=item, target=name(target))
    if act == "attack" and option.preview.hit_chance is not None:
        return _("{attack} at {target}: {chance}% to hit").format(
            attack=spoken(str(cmd.get("with"))), target=name(cmd["target"]), chance=round(option.preview.hit_chance * 100))
    return option.label[:1].upper() + option.label[1:]


def reaction_text(battle, options, name_side: bool) -> tuple[str, str]:
    """The question of the first reaction offered, in the ruleset's words (naming the side when
    several people play), and its line of detail (the cost, the odds)."""
    offer = battle.offer()
    reactor = battle.view(offer.reactor)
    if name_side:
        return _("{side}: {question} Y/N").format(side=side_word(reactor.side), question=offer.question), offer.detail
    return _("{question} Y/N").format(question=offer.question), offer.detail


def end_summary(battle, fallen: dict) -> tuple[str, list[str]]:
    """The end screen: who won, how many rounds, who fell (and when), who still stands."""
    state = battle.state
    views = [battle.view(cid) for cid in state.creatures]
    headline = _("{side} wins!").format(side=side_word(state.winner)) if state.winner else _("Nobody wins")
    lines = [_("Rounds fought: {rounds}.").format(rounds=state.round)]
    fell = [c for c in views if c.state != "conscious"]
    fell.sort(key=lambda c: (fallen.get(c.id, 0), c.name))
    if fell:
        lines.append(_("Fell:"))
        for c in fell:
            if c.id in fallen:
                lines.append(_("   {name} ({side}) — {state}, round {round}").format(
                    name=c.name, side=side_word(c.side), state=state_word(c.state), round=fallen[c.id]))
            else:
                lines.append(_("   {name} ({side}) — {state}").format(
                    name=c.name, side=side_word(c.side), state=state_word(c.state)))
    else:
        lines.append(_("Nobody fell."))
    standing = [c.name for c in views if c.state == "conscious"]
    if standing:
        lines.append(_("Still standing: {names}").format(names=", ".join(standing)))
    lines += ["", _("R: play again (a fresh seed) · S: the same battle again · Esc: quit")]
    return headline, lines


def prompt_lines(app) -> list[tuple[str, tuple]]:
    """What to do now, for the side panel."""
    state, current = app.battle.state, app.session.current()
    if not state.creatures:
        return [(_("A map with no creatures: nothing to play."), DIM)]
    if state.over:
        return [(_("The battle is over: R plays again (a fresh seed), S the same battle, Esc quits."), GOLD)]
    if state.offers:
        reactor = app.session.reactor()
        if app.session.human(reactor):
            return [(_("{name} may react: Y take it, N let it go.").format(name=reactor.name), GOLD)]
        return [(_("{name} (computer) decides on a reaction...").format(name=reactor.name), DIM)]
    if current is not None and not app.session.human(current):
        return [(_("{name} (computer) is acting.  Space: hurry").format(name=current.name), DIM)]
    if isinstance(app.mode, MoveMode):
        if app.mode.dash_mask.any():
            lines = [(_("Click a shaded square to move there; the striped ones take a Dash first. "
                        "Red rings: enemies that get an opportunity attack. Esc: put it down."), TEXT)]
        else:  # no Dash to take now (or none in this ruleset: 3.5 and 4e)
            lines = [(_("Click a shaded square to move there. Red rings: enemies that get an opportunity attack. "
                        "Esc: put it down."), TEXT)]
        modes = app.movement_modes(current) if current is not None else [app.mode.how]
        left = app.battle.movement_budget(current.id, app.mode.how)[0] if current is not None else app.mode.budget
        how = _("Moving: {how} ({left} m left)").format(how=_(MOVE_WORDS.get(app.mode.how, app.mode.how)),
                                                       left=f"{left:g}")
        if len(modes) > 1:
            words = [_(MODE_WORDS.get(m, m)) for m in modes]
            how += "  ·  Tab: " + " / ".join(w.upper() if m == app.mode.how else w for m, w in zip(modes, words))
        return [(how, GOLD)] + lines
    if isinstance(app.mode, TargetMode):
        if app.mode.entry.guess is not None or app.mode.guesses:
            return [(_("{act}: click a ringed creature, or the square you guess a hidden foe is in (\"?\": where it "
                       "was seen hiding). Esc: put it down.").format(act=app.mode.entry.title), TEXT)]
        return [(_("{act}: click a ringed creature (hover it for the odds). Esc: put it down.").format(
            act=app.mode.entry.title), TEXT)]
    if isinstance(app.mode, AreaMode):
        return [(_("{act}: move the template, click to cast there. Esc: put it down.").format(
            act=app.mode.entry.title), TEXT)]
    return [(_("Choose an action below (or press its key), or click the gold-framed token to move.  "
               "E ends the turn."), TEXT)]
