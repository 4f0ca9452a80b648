"""The ruleset interface (game/rules/api.py, registry.py): what the screen, the computer players,
simulate and replay may ask, answered by the 5e ruleset through it."""

import numpy as np
import pytest

from game.content.errors import ContentError
from game.rules import api, registry
from game.rules.events import Event, EventKind
from helpers import act, battle, creature

ROW = """
.......
.......
.......
"""


def duel(**fighter):
    return battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), **fighter),
                        creature("gob1", "goblin", "red", (2, 1))])


def test_the_registry_knows_three_rulesets_and_plays_them_all():
    assert registry.NAMES == ("5e", "3.5", "4e")
    assert registry.ruleset("5e").name == "5e"
    assert isinstance(duel(), api.Battle) and duel().ruleset is registry.ruleset("5e")
    assert registry.ruleset("4e").name == "4e" and registry.ruleset("3.5").name == "3.5"
    assert registry.available() == ["5e", "3.5", "4e"]
    with pytest.raises(ContentError, match="unknown ruleset '6e'"):
        registry.ruleset("6e")


def test_events_have_typed_kinds():
    events = act(duel(), "fighter", "dodge")
    assert events and all(isinstance(e.kind, EventKind) for e in events)
    assert events[0].kind == "action" and events[0].kind is EventKind.ACTION
    with pytest.raises(ValueError):
        Event("teleport", "not a kind of event")


def test_an_acts_reason_is_the_engines_own_refusal():
    # 5e, Being prone: standing up is for a prone creature; the button says what the engine says
    b = duel()
    stand = next(a for a in b.acts() if a.key == "stand")
    assert not stand.allowed
    assert b.check({"actor": "fighter", "act": "stand"}) == "fighter is not prone"
    assert stand.reason == "Fighter is not prone"  # the same words, with names for ids
    far = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob1", "goblin", "red", (5, 1))])
    grapple = next(a for a in far.acts() if a.key == "grapple")  # 5e, Grappling: within your reach
    assert far.check({"actor": "fighter", "act": "grapple", "target": "gob1"}) == "gob1 is out of fighter's reach"
    assert grapple.reason == "Goblin is out of Fighter's reach"
    act(b, "fighter", "dodge")  # the action is spent
    dodge = next(a for a in b.acts() if a.key == "dodge")
    assert not dodge.allowed and "already used its action" in dodge.reason


def test_every_option_of_an_act_is_legal_and_aimed_at_its_target():
    b = duel()
    acts = {a.key: a for a in b.acts()}
    longsword = acts["attack:longsword"]
    assert longsword.allowed and list(longsword.by_target()) == ["gob1"]
    preview = longsword.options[0].preview
    assert isinstance(preview, api.Preview) and 0 < preview.hit_chance < 1
    assert preview.defence == "AC 15" and preview.target_number == 15 and preview.cover == "none"
    assert all(b.check(o.command) is None for a in acts.values() for o in a.options)


def test_the_creature_view_shows_what_the_screen_draws():
    b = duel(current_hp=10)
    view = b.view("fighter")
    assert (view.hp, view.max_hp, view.state, view.defence) == (10, 28, "conscious", "AC 19")
    assert view.bloodied and view.death_saves == (0, 0)  # a player character makes death saves
    assert b.view("gob1").death_saves is None  # a monster dies at 0
    assert {r.name: r.left for r in view.resources}["action"] is True
    assert view.movement_left == 9.0


def test_board_queries():
    b = duel()
    field = b.movement_field("fighter")
    assert field.cost_to(0, 1) == 1.5
    assert b.movement_budget("fighter") == (9.0, 9.0)  # 5e, Dash: as much again
    assert b.move_modes("fighter") == ["walk"]
    reach = b.reach_squares("fighter")
    assert reach.dtype == bool and reach[1, 2] and not reach[1, 1] and not reach[1, 4]
    assert b.can_see("fighter", "gob1") and b.cover("fighter", "gob1") == "none"
    # leaving the goblin's reach provokes its opportunity attack (the engine's own check)
    assert b.opportunity_attackers("fighter", field, field.path_to(0, 1)) == ["gob1"]


def test_an_area_preview_gives_the_template_and_who_is_caught():
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("gob1", "goblin", "red", (2, 1))])
    area = b.area("spell:burning-hands", (1, 1))
    assert area.problem == "" and area.caught == ("gob1",)
    assert area.mask.shape == (3, 7) and not area.mask[1, 0]  # a cone never covers its caster
    assert "Dex save" in area.lines[0]
    assert "needs a direction" in b.area("spell:burning-hands", (0, 1)).problem


def test_the_estimates_give_the_numbers_of_the_rules():
    b = duel()
    est = b.estimates()
    p_hit, p_crit = est.hit_chance(5, 15, 0)
    assert (p_hit, p_crit) == (0.55, 0.05)  # 5e: faces 10 to 20 hit, a natural 20 is critical
    fighter, goblin = b.state.creatures["fighter"], b.state.creatures["gob1"]
    exact = est.preview(fighter, goblin, fighter.stats.attacks[0])
    assert exact.hit_chance == pytest.approx(p_hit) and est.crit_chance(exact) == pytest.approx(0.05)
    assert est.defence(goblin) == 15 and est.COVER_AC[1] == 2
    assert np.isclose(est.beat_odds(0), 190 / 400)  # a tie fails


def test_an_offer_is_put_in_the_rulesets_words():
    # 5e, Opportunity attacks: leaving a hostile creature's reach offers it a reaction
    b = duel()
    assert b.offer() is None
    b.submit({"actor": "fighter", "act": "move", "to": [0, 1]})
    offer = b.offer()
    assert (offer.reactor, offer.provoker, offer.kind) == ("gob1", "fighter", "opportunity")
    assert offer.question == "Goblin may make an opportunity attack on Fighter — take it?"
    assert offer.detail.startswith("With its scimitar: ") and "% to hit: needs 19 (AC 19)" in offer.detail


def test_a_ruleset_that_does_not_say_what_a_blow_is_worth_answers_none():
    # api.Battle.blow's default: the ruleset does not say (5e's computer players read estimates())
    b = duel()
    assert b.blow("fighter", "gob1") is None and b.blow("gob1", "fighter") is None
    assert api.Battle.blow(b, "fighter", "gob1") is None


def test_a_preview_is_made_by_keyword_with_every_other_field_at_its_default():
    # Preview fills its fields at once (a frozen dataclass's own __init__ is slow): what it is
    # given, and for every other field the default the dataclass declares; frozen as ever
    import dataclasses

    declared = dataclasses.fields(api.Preview)
    assert all(f.default is not dataclasses.MISSING for f in declared)  # each has a plain default
    preview = api.Preview(target="gob1", hit_chance=0.55, path=((1, 1), (2, 1)))
    for f in declared:
        given = {"target": "gob1", "hit_chance": 0.55, "path": ((1, 1), (2, 1))}
        assert getattr(preview, f.name) == given.get(f.name, f.default), f.name
    assert api.Preview() == api.Preview(cover="none") and hash(api.Preview()) == hash(api.Preview(cover="none"))
    assert dataclasses.replace(preview, cost_m=3.0).cost_m == 3.0 and preview.cost_m is None
    with pytest.raises(TypeError, match="unexpected keyword arguments: bogus"):
        api.Preview(bogus=1)
    with pytest.raises(TypeError):
        api.Preview("gob1")  # by keyword only
    with pytest.raises(dataclasses.FrozenInstanceError):
        preview.hit_chance = 1.0
