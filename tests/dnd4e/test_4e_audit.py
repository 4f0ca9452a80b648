"""4e rules of issue 12's list that no other test showed (the audit of that list): a power against
Will, pulls and slides that never provoke, an area power beside an enemy provoking, one
opportunity attack a turn, a blinded or helpless target granting combat advantage, bloodied on the
token, and every bundled scenario opened in the window under 4e."""

import copy
import os

import pytest

from game.content.creatures import bundled_raw
from game.content.paths import MAPS_DIR
from helpers4e import act, battle4e, creature, force, log_with

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROW = "........\n........\n........"


def wizard_with(*powers: dict) -> dict:
    """The bundled 4e wizard with powers of the test's own added (powers as data)."""
    stats = copy.deepcopy(bundled_raw("4e", "wizard"))
    stats["powers"] = list(stats["powers"]) + list(powers)
    return stats


def attack(b, actor, target, power, **extra):
    return act(b, actor, "attack", target=target, **{"with": power}, **extra)


DREAD = {"name": "dread-word", "usage": "at-will", "kind": "ranged", "range": 10, "vs": "will", "attack": 5,
         "damage": "1d6+4", "type": "psychic", "keywords": ["arcane", "implement", "psychic"]}


def test_a_power_against_will_hits_when_the_total_reaches_the_targets_will():
    # RULESETS.md 2, Attack: "d20 + bonus vs AC, Fortitude, Reflex or Will"; the orc's Will is 12
    b = battle4e(ROW, [{"id": "wizard", "side": "blue", "at": [0, 1], "stats": wizard_with(DREAD)},
                       creature("orc", "orc", "red", (5, 1))])
    (option,) = [o for o in b.legal_commands() if o.command.get("with") == "dread-word"]
    assert option.preview.defence == "Will 12" and option.preview.hit_chance == pytest.approx(14 / 20)
    force(b, 7, 3)  # 7 + 5 = 12 vs Will 12: a hit, 1d6+4 = 7
    attack(b, "wizard", "orc", "dread-word")
    assert log_with(b, "dread word")[0] == "Wizard uses dread word on Orc: d20 7 +5 = 12 vs Will 12: hit"
    assert b.state.creatures["orc"].hp == 46 - 7
    b = battle4e(ROW, [{"id": "wizard", "side": "blue", "at": [0, 1], "stats": wizard_with(DREAD)},
                       creature("orc", "orc", "red", (5, 1))])
    force(b, 6)  # 11 vs Will 12: a miss
    attack(b, "wizard", "orc", "dread-word")
    assert log_with(b, "dread word")[0].endswith("vs Will 12: miss") and b.state.creatures["orc"].hp == 46


GRASP = {"name": "grasping-tide", "usage": "at-will", "kind": "ranged", "range": 10, "vs": "fort", "attack": 5,
         "damage": "1d6", "pull": 2, "keywords": ["arcane", "implement"]}
GUST = {"name": "gust", "usage": "at-will", "kind": "ranged", "range": 10, "vs": "fort", "attack": 5,
        "damage": "1d6", "slide": 2, "keywords": ["arcane", "implement"]}


def test_a_pull_moves_the_target_toward_its_author_and_never_provokes():
    # RULESETS.md 2: "Forced movement (push, pull, slide) never provokes": the goblin is pulled out
    # of the fighter's side and offers it no opportunity attack
    b = battle4e(ROW, [{"id": "wizard", "side": "blue", "at": [0, 1], "stats": wizard_with(GRASP)},
                       creature("gob", "goblin", "red", (4, 1)), creature("fighter", "fighter", "blue", (5, 1))])
    force(b, 15, 2)  # 15 + 5 = 20 vs Fort 12: a hit, 1d6 = 2
    attack(b, "wizard", "gob", "grasping-tide")
    gob = b.state.creatures["gob"]
    assert (gob.x, gob.y) == (2, 1) and b.state.offers == []
    assert log_with(b, "pulled")[-1] == "Goblin is pulled 2 squares to [2, 1]"


def test_a_slide_moves_the_target_and_never_provokes():
    # RULESETS.md 2: "Forced movement (push, pull, slide) never provokes" (engine reading: a slide
    # goes as a push does, away from its author)
    b = battle4e(ROW, [{"id": "wizard", "side": "blue", "at": [0, 1], "stats": wizard_with(GUST)},
                       creature("gob", "goblin", "red", (3, 1)), creature("fighter", "fighter", "blue", (2, 1))])
    force(b, 15, 2)
    attack(b, "wizard", "gob", "gust")
    gob = b.state.creatures["gob"]
    assert (gob.x, gob.y) == (5, 1) and b.state.offers == []
    assert log_with(b, "slid")[-1] == "Goblin is slid 2 squares to [5, 1]"


def test_an_area_power_used_beside_an_enemy_provokes_it_first():
    # RULESETS.md 2, Opportunity attacks: "or use a ranged or area power beside it (close powers
    # don't)": the wizard's fire burst (area burst 1 within 15 m) beside the orc
    b = battle4e(ROW + "\n........\n........", [creature("wizard", "wizard", "blue", (1, 1)),
                                                 creature("orc", "orc", "red", (2, 1)),
                                                 creature("gob1", "goblin", "red", (6, 4))])
    (option,) = [o for o in b.legal_commands() if o.command.get("with") == "fire-burst" and o.command.get("at") == [6, 4]]
    assert option.preview.opportunity_attacks == ("orc",)
    act(b, "wizard", "attack", at=[6, 4], **{"with": "fire-burst"})
    assert b.offer().kind == "opportunity" and b.offer().reactor == "orc"
    assert b.state.creatures["gob1"].hp == 29  # the burst waits for the answer
    force(b, 2, 15, 3, 3, 3)  # the orc misses (a 2); the burst: 15 + 5 = 20 vs Ref 14, 3d6+4 = 13
    act(b, "orc", "react", take=True)
    assert b.state.creatures["gob1"].hp == 29 - 13


def test_one_opportunity_attack_a_turn_and_again_on_the_next_creatures_turn():
    # RULESETS.md 2: an opportunity attack is an opportunity action, one per turn of each other
    # combatant: the orc strikes the wizard walking off, not the wizard walking off again; on the
    # cleric's turn it has one again
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
                       creature("cleric", "cleric", "blue", (3, 1))], initiative=["wizard", "cleric", "orc"])
    act(b, "wizard", "move", to=[1, 2])  # still beside the orc
    force(b, 2)  # a miss
    act(b, "orc", "react", take=True)
    option = next(o for o in b.legal_commands() if o.command == {"actor": "wizard", "act": "move", "to": [0, 2]})
    assert option.preview.opportunity_attacks == ()
    act(b, "wizard", "move", to=[0, 2])
    assert b.state.offers == [] and b.state.creatures["wizard"].x == 0
    act(b, "wizard", "end")
    act(b, "cleric", "move", to=[4, 1])
    assert b.offer().reactor == "orc"


@pytest.mark.parametrize("condition", ["blinded", "helpless"])
def test_a_blinded_or_helpless_target_grants_combat_advantage(condition):
    # RULESETS.md 2, Combat advantage: the target blinded or helpless; +2 to the attack roll
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                       creature("orc", "orc", "red", (2, 1), conditions=[condition] if condition == "blinded" else [])])
    if condition == "helpless":
        b.state.creatures["orc"].conditions.add("helpless")
    (option,) = [o for o in b.legal_commands() if o.command.get("with") == "heavy-blow"]
    assert option.preview.reasons[0].text == f"combat advantage +2 (Orc is {condition})"
    force(b, 4, 4)  # 4 + 8 + 2 = 14 vs AC 14: a hit only with the +2
    attack(b, "fighter", "orc", "heavy-blow")
    assert "d20 4 +10 = 14 vs AC 14" in log_with(b, "heavy blow")[0] and log_with(b, "heavy blow")[0].endswith("hit")


def test_a_bloodied_creature_says_so_on_its_token():
    # RULESETS.md 2, Hit points: bloodied at half its hit points or less (the fighter: 20 of 41)
    from game.ui.tokens import badges_of

    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1), current_hp=21),
                       creature("orc", "orc", "red", (2, 1))])
    assert not b.view("fighter").bloodied and badges_of(b.view("fighter")) == []
    act(b, "fighter", "end")
    force(b, 15, 1)  # greataxe 1d12+5: 6, 21 -> 15, bloodied
    attack(b, "orc", "fighter", "greataxe")
    badges = badges_of(b.view("fighter"))
    assert b.view("fighter").bloodied and [letter for letter, _colour in badges] == ["Bl"]
    b.state.creatures["orc"].conditions.add("blinded")
    assert [letter for letter, _colour in badges_of(b.view("orc"))] == ["B"]  # never mistaken for blinded


SCENARIOS = sorted(MAPS_DIR.glob("*.scenario.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_bundled_scenario_plays_in_the_window_under_4e(path, tmp_path):
    # issue 12: every bundled scenario under `--ruleset 4e` in `play` (the window): the computer
    # plays both sides through the window's own loop, which draws each frame
    from game.content.scenarios import load_scenario
    from game.session.ai import choose
    from game.ui.app import App

    app = App(load_scenario(path, "4e"), ai_sides=("blue", "red"), ai=lambda b: choose(b, "random"),
              data_dir=tmp_path, ai_pause=0.0)
    app.hurry = True
    try:
        assert app.run(max_frames=40) == 0
        assert "minor" in next(iter(app.battle.to_json()["creatures"].values()))  # 4e's creatures
        assert app.battle.state.played
    finally:
        app.close()


def window4e(tmp_path, roster, **kwargs):
    from game.ui.app import App
    from helpers4e import scenario4e

    return App(scenario4e(ROW, roster, initiative=[r["id"] for r in roster]), data_dir=tmp_path, ai_pause=0.0,
               **kwargs)


def test_the_panel_gives_the_standard_move_and_minor_actions_of_the_creature_acting(tmp_path):
    # seed 004, « Tour de jeu »: une action simple, une action de mouvement, une action mineure (and
    # the immediate action of the round); the panel's turn line names them, filled until spent
    from game.ui.panel import turn_pips

    app = window4e(tmp_path, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (6, 1))],
                   hotseat=True)
    try:
        app.step()
        assert turn_pips(app.session.current()) == [("standard", True), ("move", True), ("minor", True),
                                                    ("immediate", True)]
        app.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
        app.step()
        assert turn_pips(app.session.current())[:3] == [("standard", True), ("move", False), ("minor", True)]
        drawn = [key[0] for key in app.text._surfaces]
        assert {"standard", "move", "minor"} <= set(drawn)
    finally:
        app.close()


def test_the_hit_card_names_the_defence_attacked_and_every_modifier():
    # RULESETS.md 2: the power's defence (force bolt: Ref); combat advantage +2 (the goblin is
    # dazed); cover -2 (an enemy of the attacker, the orc, in the way)
    from game.ui.modes import attack_lines

    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (2, 1)),
                       creature("gob", "goblin", "red", (4, 1))])
    b.state.creatures["gob"].conditions.add("dazed")
    (bolt,) = [o for o in b.legal_commands() if o.command.get("with") == "force-bolt" and o.command["target"] == "gob"]
    texts = [t for t, _colour in attack_lines(bolt.preview, "")]
    # the total to reach is the defence; cover is a penalty to the roll, counted once
    assert texts[0] == "60% to hit: needs 14 (Ref 14)" and texts[1] == "Cover: half"
    assert "  + combat advantage +2 (Goblin is dazed)" in texts and "  - cover -2" in texts
