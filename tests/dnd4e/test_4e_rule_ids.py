"""4e log lines name the rule cards they applied (`Event.rules`, `replay --json`'s `log_rules`):
each test is a tiny map, a roster, forced dice, and the ids on the lines it makes. Every id is a
card of assets/rulesets/4e/rules.toml."""

from game.content.paths import MAPS_DIR
from game.rules.cards import cards
from helpers import computer_battle
from helpers4e import act, battle4e, creature, force

ROW = "........\n........\n........"


def attack(b, actor, target, power, **extra):
    return act(b, actor, "attack", target=target, **{"with": power}, **extra)


def rules_of(b, word: str, ending: bool = False) -> tuple[str, ...]:
    """The rule ids of the last log line that contains `word` (ending: that ends with it)."""
    line, ids = [(line, ids) for line, ids in zip(b.state.log, b.state.log_rules)
                 if (line.endswith(word) if ending else word in line)][-1]
    assert set(ids) <= set(cards("4e")), f"{line!r} names {ids} (not all cards)"
    return tuple(ids)


def test_an_attack_names_the_defence_roll_and_the_power_usage():
    # RULESETS.md 2: d20 + bonus against the defence the power names; chill ray is at-will
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (5, 1))])
    force(b, 10, 3)
    attack(b, "wizard", "orc", "chill-ray")
    assert rules_of(b, "uses chill ray") == ("attack-vs-defense", "powers-at-will")
    assert rules_of(b, "is slowed") == ("conditions",)
    assert rules_of(b, "takes") == ("damage", "powers-at-will")


def test_flanking_names_combat_advantage():
    # RULESETS.md 2: "target flanked (ally adjacent on the opposite side or corner)": +2
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                       creature("cleric", "cleric", "blue", (3, 1))])
    force(b, 10, 4)
    attack(b, "fighter", "gob1", "heavy-blow")
    assert "combat-advantage" in rules_of(b, "uses heavy blow")


def test_a_natural_20_names_the_critical_hit():
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (1, 1)), creature("hg", "hill-giant", "red", (2, 1))])
    force(b, 20, 4)
    attack(b, "wizard", "hg", "staff")
    assert "critical-hit" in rules_of(b, "uses staff") and "critical-hit" in rules_of(b, "takes")


def test_ongoing_damage_and_its_save_name_their_rules():
    # RULESETS.md 2: "ongoing N at turn start, save ends"; "Save ends: d20 >= 10 at end of turn"
    b = battle4e(ROW, [creature("spider", "giant-spider", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    b.state.creatures["spider"].x = 2  # the large spider, beside the fighter
    force(b, 15, 5)
    attack(b, "spider", "fighter", "bite")
    assert rules_of(b, "takes ongoing") == ("ongoing-damage", "save-ends")
    act(b, "spider", "end")
    assert "ongoing-damage" in rules_of(b, "(ongoing)")
    force(b, 10)
    act(b, "fighter", "end")
    assert rules_of(b, "saves against") == ("save-ends", "ongoing-damage")


def test_a_monster_at_0_and_a_hero_dying_name_death_and_dying():
    # RULESETS.md 2: "Monsters die at 0. Heroes <= 0: dying ... death save d20: < 10 a failure"
    roster = [creature("orc", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1), current_hp=5),
              creature("fighter", "fighter", "blue", (7, 2))]
    b = battle4e(ROW, roster)
    force(b, 15, 6)
    attack(b, "orc", "wizard", "greataxe")
    assert rules_of(b, "is dying") == ("dying",)
    force(b, 3)
    act(b, "orc", "end")
    assert rules_of(b, "fails a death save") == ("death-saves",)


def test_a_shift_and_the_fighters_challenge_name_their_rules():
    # RULESETS.md 4: the fighter's challenge: a marked adjacent enemy that shifts takes an interrupt
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                       creature("cleric", "cleric", "blue", (3, 1))])
    force(b, 19, 4)
    attack(b, "fighter", "gob1", "heavy-blow")
    act(b, "fighter", "end")
    act(b, "gob1", "shift", to=[2, 0])
    assert rules_of(b, " shifts", ending=True) == ("shift", "move-action")
    assert rules_of(b, "may strike first") == ("marks", "immediate-actions")
    force(b, 19, 4)
    act(b, "fighter", "react", take=True)
    assert rules_of(b, "moves to") == ("shift",)


def test_a_push_names_forced_movement():
    # 4e, Forced movement: the bull rush pushes 1 square
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1))])
    force(b, 19)
    act(b, "fighter", "shove", target="gob1")
    assert rules_of(b, "pushed") == ("forced-movement",)


def test_every_line_of_a_bundled_battle_names_a_rule_but_the_end():
    # the computer plays both sides of a bundled battle for a few rounds
    state = computer_battle(MAPS_DIR / "mirror-goblins.scenario.toml", "4e", most=120).state
    assert len(state.log) > 40 and any(" uses " in line for line in state.log)
    for line, ids in zip(state.log, state.log_rules):
        if not line.startswith("The battle is over"):  # the shared ending (engine_base) names none
            assert ids, f"{line!r} names no rule"
        assert set(ids) <= set(cards("4e")), f"{line!r} names {ids}"


def test_a_walk_through_difficult_terrain_names_it():
    # 4e, Difficult terrain: 1 extra square each (rubble `:`)
    roster = [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (7, 1))]
    b = battle4e("########\n.::.....\n########", roster)
    act(b, "fighter", "move", to=[3, 1])
    assert rules_of(b, "moves to") == ("move-action", "difficult-terrain")
    b = battle4e("########\n........\n########", roster)
    act(b, "fighter", "move", to=[3, 1])
    assert rules_of(b, "moves to") == ("move-action",)


def test_the_preview_names_combat_advantage_before_the_roll():
    # the hit preview's reasons open their cards (F2 in the window): flanking is combat advantage
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                       creature("cleric", "cleric", "blue", (3, 1))])
    option = next(o for o in b.legal_commands() if o.command.get("act") == "attack"
                  and o.command.get("with") == "heavy-blow")
    assert "combat-advantage" in option.preview.rules
