"""3.5 rules of issue 11's list that no other test showed (the audit of that list): scorching ray
and cure moderate wounds, a charge stopped by a creature in its way, no soft cover against a
melee attack over a creature, and every bundled scenario opened in the window under 3.5."""

import os

import pytest

from game.content.paths import MAPS_DIR
from game.rules.errors import IllegalCommand
from helpers35 import attack, battle, c, creature, end, force, last

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROW = "........\n........\n........"


def cast(b, actor, spell, **args):
    return b.submit({"actor": actor, "act": "cast", "spell": spell, **args})


def test_scorching_ray_is_a_ranged_touch_attack_of_4d6_fire_on_a_level_2_slot():
    # 3.5 SRD, Scorching ray: "You blast your enemies with fiery rays ... a ranged touch attack ...
    # deals 4d6 points of fire damage" (one ray at caster level 3, close range: 9 m); seed 003,
    # Attaques de contact: « la CA de la cible n'inclut pas ses bonus d'armure, de bouclier ou
    # d'armure naturelle » (the ogre: AC 16, touch AC 8)
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("ogre", "ogre", "red", (4, 1))])
    force(b, 5, 6, 5, 4, 3)  # 5 + 3 = 8 vs touch AC 8 (not its AC 16); 4d6 = 18 fire
    cast(b, "wizard", "scorching-ray", target="ogre")
    assert "d20 5 +3 = 8 vs flat-footed touch AC 8" in last(b, "aims a ray") and last(b, "aims a ray").endswith("hit")
    assert c(b, "ogre").hp == 29 - 18 and c(b, "wizard").slots[2] == 1


def test_scorching_ray_reaches_9_m_and_no_farther():
    # 3.5 SRD, Scorching ray: range close (25 ft + 5 ft / 2 levels: 30 ft, 9 m, at caster level 3)
    b = battle("." * 12, [creature("wizard", "wizard", "blue", (0, 0)), creature("orc", "orc", "red", (7, 0))])
    with pytest.raises(IllegalCommand, match="beyond scorching ray's range \\(9 m\\)"):
        cast(b, "wizard", "scorching-ray", target="orc")


def test_cure_moderate_wounds_heals_2d8_plus_the_caster_level_and_stabilises_the_dying():
    # 3.5 SRD, Cure moderate wounds: "cures 2d8 points of damage + 1 point per caster level
    # (maximum +10)", by touch; seed 003, Points de vie: « À –1, l'aventurier est mourant »;
    # Dying: any healing stabilises
    b = battle(ROW, [creature("cleric", "cleric", "blue", (0, 1)),
                     creature("fighter", "fighter", "blue", (1, 1), current_hp=1),
                     creature("gob", "goblin", "red", (2, 1))], initiative=["gob", "cleric", "fighter"])
    force(b, 18, 5)  # the goblin hits: 1 - 5 = -4, dying
    attack(b, "gob", "fighter", "morningstar")
    assert c(b, "fighter").state == "dying" and c(b, "fighter").hp == -4
    end(b, "gob")
    force(b, 5, 6)  # 2d8 = 11, + caster level 3: -4 + 14 = 10
    cast(b, "cleric", "cure-moderate-wounds", target="fighter")
    assert "cure moderate wounds: 2d8 [5 6] + 3" in last(b, "cure moderate")
    assert c(b, "fighter").hp == 10 and c(b, "fighter").state == "conscious"
    assert c(b, "cleric").slots[2] == 1
    b = battle(ROW, [creature("cleric", "cleric", "blue", (0, 1)),
                     creature("fighter", "fighter", "blue", (3, 1), current_hp=5)])
    with pytest.raises(IllegalCommand, match="fighter is not within touch"):
        cast(b, "cleric", "cure-moderate-wounds", target="fighter")


def test_a_creature_in_the_way_even_an_ally_stops_a_charge_a_helpless_one_does_not():
    # 3.5 SRD, Charge: "If any line from your starting space to the ending space passes through a
    # square that ... contains a creature (even an ally), you can't charge. (Helpless creatures
    # don't stop a charge.)"
    row = "......"
    b = battle(row, [creature("fighter", "fighter", "blue", (0, 0)), creature("rogue", "rogue", "blue", (2, 0)),
                     creature("orc", "orc", "red", (4, 0))])
    with pytest.raises(IllegalCommand, match="no clear straight line to orc"):
        b.submit({"actor": "fighter", "act": "charge", "target": "orc"})
    assert c(b, "fighter").x == 0 and c(b, "fighter").standard  # nothing changed
    b = battle(row, [creature("fighter", "fighter", "blue", (0, 0)),
                     creature("rogue", "rogue", "blue", (2, 0), conditions=["unconscious"]),
                     creature("orc", "orc", "red", (5, 0))])
    assert c(b, "rogue").helpless
    force(b, 9, 3)  # 9 + 6 + 2 = 17 vs flat-footed AC 13
    b.submit({"actor": "fighter", "act": "charge", "target": "orc"})
    assert c(b, "fighter").x == 4 and "charge +2" in last(b, "attacks")


# 3.5 SRD, Longspear: 1d8, x3, piercing, two-handed, reach
LONGSPEAR = [{"name": "longspear", "kind": "melee", "to_hit": 5, "damage": "1d8+3", "type": "piercing",
              "multiplier": 3, "properties": ["two-handed", "reach"]}]


def test_a_creature_in_the_way_gives_no_soft_cover_against_a_melee_attack():
    # RULESETS.md 1, Cover: "soft cover from creatures against ranged attacks only" (3.5 SRD, Soft
    # cover: "Creatures ... can provide you with cover against ranged attacks"): the goblin between
    # the fighter's longspear and the orc covers the orc from a bolt, not from the spear
    roster = [creature("fighter", "fighter", "blue", (0, 1), attacks=LONGSPEAR), creature("gob", "goblin", "red", (1, 1)),
              creature("orc", "orc", "red", (2, 1))]
    b = battle(ROW, roster)
    (spear,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["target"] == "orc"]
    assert spear.preview.target_number == 13 and "cover" not in " ".join(r.text for r in spear.preview.reasons)
    force(b, 8, 1)  # 8 + 5 = 13 vs flat-footed AC 13: a hit
    attack(b, "fighter", "orc", "longspear")
    assert "vs flat-footed AC 13" in last(b, "attacks") and "cover" not in last(b, "attacks")
    # the same line, the fighter's crossbow bolt: the goblin gives the orc soft cover, +4
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (1, 1)),
                     creature("orc", "orc", "red", (2, 1))])
    force(b, 10)
    attack(b, "fighter", "orc", "light-crossbow")
    assert "cover +4 AC" in last(b, "attacks") and "vs flat-footed AC 17" in last(b, "attacks")


SCENARIOS = sorted(MAPS_DIR.glob("*.scenario.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_bundled_scenario_plays_in_the_window_under_3_5(path, tmp_path):
    # issue 11: every bundled scenario plays under `--ruleset 3.5` in `play` (the window): the
    # computer plays both sides through the window's own loop, which draws each frame
    from game.content.scenarios import load_scenario
    from game.session.ai import choose
    from game.ui.app import App

    app = App(load_scenario(path, "3.5"), ai_sides=("blue", "red"), ai=lambda b: choose(b, "random"),
              data_dir=tmp_path, ai_pause=0.0)
    app.hurry = True
    try:
        assert app.run(max_frames=40) == 0
        assert "swift" in next(iter(app.battle.to_json()["creatures"].values()))  # 3.5's creatures
        assert app.battle.state.played  # the computer's commands went through the window
    finally:
        app.close()


def window35(tmp_path, roster, **kwargs):
    from game.content.scenarios import parse_scenario
    from game.ui.app import App

    data = {"format": 1, "ruleset": "3.5", "seed": 1, "map": {"grid": ROW}, "creature": roster,
            "initiative": [r["id"] for r in roster]}
    return App(parse_scenario(data), data_dir=tmp_path, ai_pause=0.0, **kwargs)


def test_an_attack_of_opportunity_is_offered_to_the_threateners_side_in_hot_seat_and_the_computer_answers_its_own(
        tmp_path):
    # 3.5 SRD, Attacks of opportunity: moving out of a threatened square provokes (the fighter's
    # Combat Reflexes: one even while flat-footed); the move waits for the answer (`react`), asked of
    # the side that plays the threatener
    roster = [creature("gob", "goblin", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1))]
    app = window35(tmp_path, roster, hotseat=True)
    try:
        app.submit({"actor": "gob", "act": "move", "to": [6, 1]})
        app.step()
        assert app.dialog_kind == "reaction" and app.battle.state.offers[0].reactor == "fighter"
        assert c(app.battle, "gob").x == 2  # the move waits for the answer
        question, _words = app.reaction_text()
        assert question == "Blue: Goblin provokes an attack of opportunity from Fighter — take it? Y/N"
    finally:
        app.close()
    # the same walk with the fighter's side played by the computer: it answers, no dialog
    from game.session.controller import Session
    from game.session.ai import choose
    from game.content.scenarios import parse_scenario

    data = {"format": 1, "ruleset": "3.5", "seed": 1, "map": {"grid": ROW}, "creature": roster,
            "initiative": ["gob", "fighter"]}
    s = Session(parse_scenario(data), ai=lambda b: choose(b, "hard"), ai_sides=("blue",), data_dir=tmp_path,
                ai_pause=0.0)
    s.submit({"actor": "gob", "act": "move", "to": [6, 1]})
    assert s.battle.state.offers and not s.person_to_act() and s.computer_to_act()
    s.play_computer(now=1e9)
    assert not s.battle.state.offers and c(s.battle, "gob").x == 6
    assert any("attack of opportunity" in line or "lets Goblin go" in line for line in s.battle.state.log)


def test_the_panel_gives_the_standard_move_and_swift_actions_of_the_creature_acting(tmp_path):
    # 3.5 SRD, Action types: a standard action, a move action, a swift action a turn (and free
    # actions); the panel's turn line names them, filled until spent
    from game.ui.panel import turn_pips

    app = window35(tmp_path, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (6, 1))],
                   hotseat=True)
    try:
        app.step()
        assert turn_pips(app.session.current()) == [("standard", True), ("move", True), ("swift", True)]
        app.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
        app.step()
        assert turn_pips(app.session.current()) == [("standard", True), ("move", False), ("swift", True)]
        drawn = [key[0] for key in app.text._surfaces]
        assert {"standard", "move", "swift"} <= set(drawn)
    finally:
        app.close()


def test_the_hit_card_names_the_charge_the_range_increment_and_the_cover():
    # issue 11: the hit preview names every modifier; 3.5 SRD, Charge +2; seed 003, « malus de
    # portée » (-2 an increment); Cover +4 AC (a low wall near the target)
    from game.ui.modes import attack_lines

    b = battle("..........\n..........", [creature("fighter", "fighter", "blue", (0, 0)), creature("orc", "orc", "red", (5, 0))])
    (charge,) = [o for o in b.legal_commands() if o.act == "charge" and o.command["target"] == "orc"]
    assert "  + charge +2" in [t for t, _colour in attack_lines(charge.preview, "")]
    b = battle("." * 12 + "\n" + "." * 10 + "=." + "\n" + "." * 12,
               [creature("gob", "goblin", "red", (0, 1)), creature("fighter", "fighter", "blue", (11, 1))])
    (javelin,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "javelin"]
    texts = [t for t, _colour in attack_lines(javelin.preview, "")]
    assert texts[0].endswith("(flat-footed AC 16 + 4 cover)") and texts[1] == "Cover: half"
    assert "  - range: 1 increment -2" in texts


def test_the_hit_card_names_the_size_modifiers_of_attacker_and_target():
    # issue 11: the hit preview names every modifier, size too; seed 003, Bonus d'attaque:
    # « Bonus de base à l'attaque + modificateur de Force + modificateur de taille », the AC
    # « 10 + bonus d'armure [...] + modificateur de taille »; « Table : modificateurs de taille »
    # Grand -1, Petit +1. Both are in the stat blocks' totals: naming them changes no number.
    from game.ui.modes import attack_lines

    b = battle(ROW, [creature("ogre", "ogre", "red", (0, 0)), creature("gob", "goblin", "blue", (2, 0)),
                     creature("fighter", "fighter", "blue", (2, 2))])
    previews = {o.command["target"]: o.preview for o in b.legal_commands()
                if o.act == "attack" and o.command["with"] == "greatclub"}
    on_goblin = [t for t, _colour in attack_lines(previews["gob"], "")]
    assert "  - size Large -1 (in the attack bonus)" in on_goblin
    assert "  + target Small: +1 AC (in its AC)" not in on_goblin  # a Small target's AC is higher
    assert "  - target Small: +1 AC (in its AC)" in on_goblin
    on_fighter = [t for t, _colour in attack_lines(previews["fighter"], "")]
    assert "  - size Large -1 (in the attack bonus)" in on_fighter
    assert not [t for t in on_fighter if "target" in t and "AC (in its AC)" in t]  # Medium: +0, not named
    # the numbers are the stat blocks' (ogre greatclub +8; goblin flat-footed AC 14)
    assert previews["gob"].target_number == 14 and previews["gob"].defence == "flat-footed AC 14"
    assert previews["gob"].hit_chance == pytest.approx((21 - (14 - 8)) / 20)


def test_the_log_line_of_an_attack_leaves_the_size_out_of_its_reasons():
    # the roll's breakdown shows the bonus and the AC, size already in them; the log keeps to
    # what the situation adds (seed 003: the size modifier stands in both totals)
    b = battle(ROW, [creature("ogre", "ogre", "red", (0, 0)), creature("gob", "goblin", "blue", (2, 0))])
    force(b, 10, 3, 3)
    attack(b, "ogre", "gob", "greatclub")
    line = last(b, "greatclub")
    assert "d20 10 +8 = 18 vs flat-footed AC 14" in line and "size" not in line and "Small" not in line
