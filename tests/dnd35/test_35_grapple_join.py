"""3.5 joining a grapple already begun (3.5 SRD, Grapple, "Joining a grapple": "If your target is
already grappling someone else, you can use an attack to start a grapple, as above, except that
the target doesn't get an attack of opportunity against you, and your grab automatically
succeeds. You still have to make a successful opposed grapple check to become part of the
grapple"; "Multiple grapplers": to escape, "your grapple check must beat the check results of
each opponent")."""

from game.rules.dnd35.grappling import grapple_bonus, opponents, win_chance
from helpers35 import act, battle, c, creature, end, force, last

ROW = "........\n........\n........"


def fighter_holds_orc():
    """The fighter holds the orc (20 hp here); the rogue (grapple +3) stands on the orc's other side;
    it is the rogue's turn, the orc no longer flat-footed."""
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1), hp=20),
                     creature("rogue", "rogue", "blue", (3, 1))])
    force(b, 10, 12, 10, 1)
    act(b, "fighter", "grapple", target="orc")
    end(b, "fighter")
    end(b, "orc")
    return b


def rogue_joins(b):
    force(b, 15, 5, 2)  # checks 15 + 3 vs 5 + 4; 1d3+1
    act(b, "rogue", "grapple", target="orc")
    assert opponents(c(b, "orc")) == ["fighter", "rogue"]


def test_joining_a_grapple_takes_no_attack_of_opportunity_and_no_touch_attack_only_the_check():
    b = fighter_holds_orc()
    hp = c(b, "orc").hp
    force(b, 15, 5, 2)
    act(b, "rogue", "grapple", target="orc")
    assert not b.state.offers and "Rogue joins the grapple Orc is in" in last(b, "joins")
    assert not any("reaches for" in line for line in b.state.log[-5:])
    assert "d20 15 +3 = 18 vs d20 5 +4 = 9: Rogue wins" in last(b, "grapple check")
    assert "grappled" in c(b, "rogue").conditions and opponents(c(b, "orc")) == ["fighter", "rogue"]
    assert opponents(c(b, "rogue")) == ["orc"] and opponents(c(b, "fighter")) == ["orc"]
    assert c(b, "orc").hp == hp - 3  # the unarmed strike, as when starting one
    # a lost check: the rogue stays out of it
    b = fighter_holds_orc()
    force(b, 2, 15)
    act(b, "rogue", "grapple", target="orc")
    assert "grappled" not in c(b, "rogue").conditions and opponents(c(b, "orc")) == ["fighter"]


def test_the_option_to_join_provokes_nothing_and_its_chance_is_the_check_alone():
    b = fighter_holds_orc()
    join = [o for o in b.legal_commands() if o.command["act"] == "grapple" and not o.command.get("pin")
            and not o.command.get("full_attack")]
    assert [o.label for o in join] == ["Grapple Orc"]
    rogue, orc = c(b, "rogue"), c(b, "orc")
    assert join[0].preview.opportunity_attacks == ()
    assert join[0].preview.hit_chance == win_chance(grapple_bonus(rogue), grapple_bonus(orc))


def test_escaping_several_grapplers_means_beating_each_one():
    b = fighter_holds_orc()
    rogue_joins(b)
    end(b, "rogue")
    end(b, "fighter")
    force(b, 15, 2, 15, 19)  # 15 + 4 beats the fighter's 2 + 5, not the rogue's 19 + 3
    act(b, "orc", "escape")
    assert "Orc tries to escape Fighter, Rogue's grapple" in last(b, "tries to escape")
    assert opponents(c(b, "orc")) == ["fighter", "rogue"] and "Rogue wins" in last(b, "grapple check")
    end(b, "orc")
    end(b, "rogue")
    end(b, "fighter")
    escape = [o for o in b.legal_commands() if o.command["act"] == "escape"][0]
    orc = c(b, "orc")
    assert escape.preview.hit_chance == win_chance(4, 5) * win_chance(4, 3)  # orc +4 against +5 and +3
    force(b, 18, 1, 18, 1)
    act(b, "orc", "escape")
    assert "Orc escapes the grapple" in last(b, "escapes") and not opponents(orc)
    assert all("grappled" not in c(b, cid).conditions for cid in ("orc", "fighter", "rogue"))


def test_one_grappler_apart_leaves_the_rest_of_the_grapple():
    b = fighter_holds_orc()
    rogue_joins(b)
    c(b, "rogue").x = 5  # set apart by hand (no 3.5 act pushes a creature)
    end(b, "rogue")
    assert "Orc and Rogue are apart: the grapple ends" in last(b, "apart")
    assert "grappled" not in c(b, "rogue").conditions and opponents(c(b, "orc")) == ["fighter"]
    assert "grappled" in c(b, "orc").conditions and "grappled" in c(b, "fighter").conditions
