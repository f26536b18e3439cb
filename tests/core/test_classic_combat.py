"""classic combat: the attack pipeline (THAC0 vs descending AC), the
stacking policy (different nature, back attack vs conditions, attacker cap),
the damage-die bonus and the positional situations — and Giulia's story.
Every test names the rule IDs it checks and asserts the number and the
breakdown line that carries the ID."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run
from mischia.ruleset import get_ruleset

OPTION_RULES = {k: o.rule for k, o in get_ruleset("classic").options.items()}


def who(*conditions, traits=(), **stats):
    """A creature payload; a condition is an id, (id, cause) or (id, cause, stage)."""
    conds = []
    for c in conditions:
        if isinstance(c, str):
            c = (c,)
        entry = {"id": c[0]}
        if len(c) > 1 and c[1]:
            entry["cause"] = c[1]
        if len(c) > 2:
            entry["stage"] = c[2]
        conds.append(entry)
    return {"stats": stats, "conditions": conds, "traits": list(traits)}


def attack(attacker=None, defender=None, toggles=(), choices=None, numbers=None, d20=10,
           rolled=(4,), options=None, rng=None, miss=None, **atk):
    rolls = {"d20": d20, "damage": list(rolled)}
    if miss is not None:
        rolls["miss"] = miss
    payload = {"ruleset": "classic", "attacker": attacker or who(thac0=15),
               "defender": defender or who(ac=5),
               "attack": {"kind": "melee", "damage": "1d8", **atk},
               "situation": {"toggles": list(toggles), "choices": choices or {}, "numbers": numbers or {}},
               "rolls": rolls, "options": options or {}}
    return run("attack", payload, rng)


def line(bd, rule, **match):
    found = [l for l in bd["lines"] if l["rule"] == rule and all(l.get(k) == v for k, v in match.items())]
    assert found, f"no line {rule} {match} in {bd['lines']}"
    return found[0]


def no_line(bd, rule):
    return all(l["rule"] != rule or not l["applied"] for l in bd["lines"])


def effective(*conditions, options=None, traits=(), **stats):
    payload = {"ruleset": "classic", "creature": who(*conditions, traits=traits, **stats),
               "options": options or {}}
    return run("effective", payload)["details"]


# ----- Giulia's story (STORIES.md §1) ----------------------------------------------

def test_story_giulia_thief_in_a_web_and_poisoned_attacked_from_behind_by_a_troll():
    thief = who(("hindered", "web"), ("debilitated", "poison"), ac=4, dex_ac=2, shield_ac=1)
    sheet = effective(("hindered", "web"), ("debilitated", "poison"))
    expected = {  # number: (total, {rule: (value, source)})
        "attack": (-4, {"classic.cond.hindered.attack": (-3, "hindered:web"),
                        "classic.cond.debilitated.attack": (-1, "debilitated:poison")}),
        "skill": (-4, {"classic.cond.hindered.skill": (-3, "hindered:web"),
                       "classic.cond.debilitated.skill": (-1, "debilitated:poison")}),
        "initiative": (4, {"classic.cond.hindered.initiative": (3, "hindered:web"),
                           "classic.cond.debilitated.initiative": (1, "debilitated:poison")}),
        "damage": (-2, {"classic.cond.hindered.damage": (-2, "hindered:web")}),
        "concentration_failure": (40, {"classic.cond.hindered.concentration": (30, "hindered:web"),
                                       "classic.cond.debilitated.concentration": (10, "debilitated:poison")}),
        "save": (-20, {"classic.cond.hindered.save": (-15, "hindered:web"),
                       "classic.cond.debilitated.save": (-5, "debilitated:poison")}),
        "attackers.attack": (4, {"classic.cond.hindered.attackers": (3, "hindered:web"),
                                 "classic.cond.debilitated.attackers": (1, "debilitated:poison")}),
    }
    for key, (total, rules) in expected.items():
        assert sheet[key]["total"] == total, key
        for rule, (value, source) in rules.items():
            got = line(sheet[key], rule)
            assert (got["value"], got["source"], got["applied"]) == (value, source, True)
    # classic.stack.different-nature: web and poison are two natures, both apply in full (above).

    troll = who(thac0=13)
    res = attack(troll, thief, toggles=["back_attack"], d20=6, rolled=[7], bonus=0)
    # Back attack +2 is not added on top of the conditions' +4: only the most severe applies.
    back = line(res["attack"], "classic.sit.back-attack.attack")
    assert (back["applied"], back["reason"]) == (False, "only-most-severe")  # classic.stack.back-attack-vs-conditions
    assert "classic.sit.back-attack.no-stack" in [r["rule"] for r in res["reminders"]]
    assert res["attack"]["total"] == 4
    # The cap is +5 (Dex denied by the back attack): +4 stays under it, no cap line.
    assert no_line(res["attack"], "classic.stack.attacker-cap")
    # THAC0 13 − AC 4, AC worsened by Dex 2 and shield 1: 13 − 7 = 6 to reach.
    assert res["target"]["total"] == 6
    assert line(res["target"], "classic.sit.back-attack.ac", label="ac.dex_ac")["value"] == -2
    assert res["verdict"] == "hit"  # 6 + 4 ≥ 6
    # The die rolled 7 on a d8: +2 from behind is capped at the maximum face 8.
    assert line(res["damage"], "classic.sit.back-attack.damage-die")["value"] == 2
    assert line(res["damage"], "classic.conv.damage-die-bonus")["value"] == -1
    # Damage: die 8, thief's own −2 does not apply to the troll.
    assert res["damage"]["total"] == 8
    missed = attack(troll, thief, toggles=["back_attack"], d20=1, rolled=[7], bonus=0)
    assert missed["verdict"] == "natural-1"


# ----- resolution and AC direction --------------------------------------------------

@pytest.mark.parametrize("d20, verdict", [(10, "hit"), (9, "miss")])
def test_hit_when_d20_plus_modifiers_reaches_thac0_minus_ac(d20, verdict):
    res = attack(who(thac0=15), who(ac=5), d20=d20)
    assert line(res["target"], "ext.classic.attack-resolution", label="thac0")["value"] == 15
    assert line(res["target"], "classic.conv.ac-direction", label="ac")["value"] == -5
    assert res["target"]["total"] == 10 and res["verdict"] == verdict


def test_descending_ac_penalty_raises_the_ac_number():
    rule = "classic.conv.ac-direction"
    engaged = attack(who(thac0=15), who("engaged", ac=3, dex_ac=2, shield_ac=1), d20=9)
    # AC 3 loses Dex (2) and shield (1): AC 6, so THAC0 15 needs 9.
    assert engaged["target"]["total"] == 9 and engaged["verdict"] == "hit"
    assert line(engaged["target"], rule)["value"] == -3
    assert line(engaged["target"], "classic.cond.engaged.ac", label="ac.dex_ac")["value"] == -2
    assert line(engaged["target"], "classic.cond.engaged.ac", label="ac.shield_ac")["value"] == -1


def test_ascending_ac_alternative_amb02():
    res = attack(who(thac0=15), who("engaged", ac=16, dex_ac=2), d20=14,
                 options={"ac_direction": "ascending"})
    assert line(res["target"], "classic.conv.ac-direction")["value"] == 16
    assert res["target"]["total"] == 14 and res["verdict"] == "hit"


def test_natural_20_always_hits_and_natural_1_always_misses():
    rule = "ext.classic.attack-resolution"
    hard = attack(who(thac0=20), who(ac=-10), d20=20)
    assert hard["target"]["total"] == 30 and hard["verdict"] == "hit" and rule in hard["notes"]
    easy = attack(who(thac0=5), who(ac=10), d20=1)
    assert easy["verdict"] == "natural-1" and easy["damage"] is None


def test_ability_tables_give_strength_and_dexterity_adjustments():
    rule = "ext.classic.ability-tables"
    res = attack(who(thac0=15, str=18, str_exceptional=100), who(ac=5), d20=10, rolled=[3])
    assert line(res["attack"], rule, label="attack.str")["value"] == 3
    assert line(res["damage"], rule, label="damage.str")["value"] == 6
    bow = attack(who(thac0=15, dex=17), who(ac=5), kind="ranged", d20=10, rolled=[3])
    assert line(bow["attack"], rule, label="attack.dex_missile")["value"] == 2
    dex_defender = attack(who(thac0=15), who("stunned", ac=2, dex=18), d20=10)
    assert line(dex_defender["target"], "classic.cond.stunned.ac-dex", label="ac.dex_ac")["value"] == -4


def test_damage_minimum_one():
    res = attack(who("hindered", thac0=10), who(ac=10), d20=15, rolled=[1], bonus=0)
    assert line(res["damage"], "classic.cond.hindered.damage")["value"] == -2
    assert line(res["damage"], "ext.classic.attack-resolution", label="damage.minimum")["value"] == 2
    assert res["damage"]["total"] == 1


# ----- stacking ---------------------------------------------------------------------------

def test_same_condition_from_different_causes_applies_twice():
    rule = "classic.stack.different-nature"
    twice = effective(("incapacitated", "web"), ("incapacitated", "poison"))
    assert twice["attack"]["total"] == -4
    assert [l["source"] for l in twice["attack"]["lines"] if l["applied"]] == [
        "incapacitated:web", "incapacitated:poison"]
    once = effective(("incapacitated", "web"), ("incapacitated", "web"))
    assert once["attack"]["total"] == -2
    assert once["attack"]["lines"][1]["reason"] == "did-not-stack"
    assert {o: d for o, d in [("same_nature", rule)]} == {"same_nature": OPTION_RULES["same_nature"]}


def test_same_nature_option_stacks_amb05():
    both = effective(("hindered", "web"), ("hindered", "web"), options={"same_nature": "stack"})
    assert both["attack"]["total"] == -6
    assert both["attackers.attack"]["total"] == 6


def test_implied_condition_of_same_cause_counts_once():
    sheet = effective("asleep", "paralysed")
    assert sheet["attackers.attack"]["total"] == 5


def test_back_attack_beats_a_milder_condition_per_modifier():
    rule = "classic.stack.back-attack-vs-conditions"
    res = attack(defender=who("debilitated", ac=5, dex_ac=1), toggles=["back_attack"])
    assert line(res["attack"], "classic.cond.debilitated.attackers")["reason"] == "only-most-severe"
    assert line(res["attack"], "classic.sit.back-attack.attack")["applied"]
    assert res["attack"]["total"] == 2
    # Per modifier: stunned gives attackers +3 (wins) but only +1 on the die (back attack's +2 wins).
    stunned = attack(defender=who("stunned", ac=5), toggles=["back_attack"], d20=15, rolled=[2])
    assert stunned["attack"]["total"] == 3
    assert line(stunned["damage"], "classic.cond.stunned.damage-die")["reason"] == "only-most-severe"
    assert line(stunned["damage"], "classic.sit.back-attack.damage-die")["applied"]
    assert stunned["damage"]["total"] == 4
    assert OPTION_RULES["back_attack_severity"] == rule


def test_back_attack_package_option_amb07():
    res = attack(defender=who("stunned", ac=5), toggles=["back_attack"], d20=15, rolled=[2],
                 options={"back_attack_severity": "package"})
    # Stunned's package (+3, +1 die, Dex and shield) outranks the back attack's (+2, +2, same denials).
    assert line(res["damage"], "classic.sit.back-attack.damage-die")["reason"] == "only-most-severe"
    assert line(res["damage"], "classic.cond.stunned.damage-die")["applied"]
    assert res["damage"]["total"] == 3
    milder = attack(defender=who("debilitated", ac=5, dex_ac=2), toggles=["back_attack"],
                    options={"back_attack_severity": "package"})
    assert milder["attack"]["total"] == 2 and milder["target"]["total"] == 8


def test_aoo_counts_as_back_attack_type_and_is_weighed_the_same_way():
    res = attack(defender=who("hindered", ac=5), toggles=["attack_of_opportunity"])
    assert line(res["attack"], "classic.aoo.back-attack")["reason"] == "only-most-severe"
    assert res["attack"]["total"] == 3
    # Ticking both the back attack and the attack of opportunity counts the bonuses once.
    both = attack(defender=who(ac=5), toggles=["attack_of_opportunity", "back_attack"], d20=15, rolled=[2])
    assert both["attack"]["total"] == 2 and both["damage"]["total"] == 4
    assert [l["applied"] for l in both["attack"]["lines"]].count(True) == 1


@pytest.mark.parametrize("conds, dstats, toggles, total, cap_line", [
    (("paralysed", "hindered"), {"dex_ac": 3}, (), 5, -3),          # Dex cancelled: cap +5
    (("incapacitated", "hindered", "debilitated"), {}, (), 5, -1),    # no Dex bonus: cap +5
    (("incapacitated", "hindered", "debilitated"), {"dex_ac": 2}, (), 6, None),  # cap +7
    (("incapacitated", "hindered", "debilitated"), {"dex_ac": 2}, ("higher_ground",), 7, None),
    (("incapacitated", "hindered", "debilitated"), {"dex_ac": 2}, ("back_attack",), 5, -1),
])
def test_attackers_cumulative_bonus_cap(conds, dstats, toggles, total, cap_line):
    rule = "classic.stack.attacker-cap"
    res = attack(defender=who(*[(c, c) for c in conds], ac=5, **dstats), toggles=toggles)
    assert res["attack"]["total"] == total
    if cap_line is None:
        assert no_line(res["attack"], rule)
    else:
        assert line(res["attack"], rule)["value"] == cap_line


def test_attacker_cap_does_not_limit_own_bonus_or_penalties():
    res = attack(defender=who("paralysed", "hindered", ac=5), bonus=4, toggles=["lower_ground"])
    # +5 and +3 from conditions are capped at +5; the attacker's own +4 and the -1 are outside the cap.
    assert line(res["attack"], "classic.stack.attacker-cap")["value"] == -3
    assert res["attack"]["total"] == 4 + 5 - 1


def test_attacker_cap_option_remaining_dex_amb06():
    defender = who("deaf", ("incapacitated", "a"), ("hindered", "b"), ("debilitated", "c"), ac=5, dex_ac=3)
    literal = attack(defender=defender, toggles=["higher_ground"])
    # Dex bonus reduced by deafness (front, -1): literal cap is +5 → 7 bonuses cut to 5.
    assert literal["attack"]["total"] == 5
    assert line(literal["attack"], "classic.stack.attacker-cap")["value"] == -2
    remaining = attack(defender=defender, toggles=["higher_ground"], options={"attacker_cap": "remaining-dex"})
    assert remaining["attack"]["total"] == 7  # cap 5 + 2 left


# ----- damage-die bonus ----------------------------------------------------------------------

@pytest.mark.parametrize("die, total, cap", [(4, 7, None), (6, 8, -1), (8, 8, -3)])
def test_damage_die_bonus_never_exceeds_the_die_maximum(die, total, cap):
    rule = "classic.conv.damage-die-bonus"
    res = attack(defender=who("paralysed", ac=5), d20=15, rolled=[die])
    assert line(res["damage"], "classic.cond.paralysed.damage-die")["value"] == 3
    assert res["damage"]["total"] == total
    if cap is None:
        assert no_line(res["damage"], rule)
    else:
        assert line(res["damage"], rule)["value"] == cap


def test_damage_die_bonus_goes_on_the_first_die_only_and_not_on_flat_damage():
    res = attack(defender=who("paralysed", ac=5), d20=15, rolled=[2, 6], damage="2d6")
    assert res["damage"]["total"] == 11  # 2+3 on the base die, 6 untouched
    flat = attack(defender=who("paralysed", ac=5), d20=15, rolled=[], damage="3")
    assert line(flat["damage"], "classic.cond.paralysed.damage-die")["reason"] == "no-die"


# ----- positional situations -------------------------------------------------------------------

def test_back_attack_bonuses_and_denials():
    res = attack(defender=who(ac=4, dex_ac=2, shield_ac=1), toggles=["back_attack"], d20=15, rolled=[3])
    assert line(res["attack"], "classic.sit.back-attack.attack")["value"] == 2
    assert line(res["damage"], "classic.sit.back-attack.damage-die")["value"] == 2
    assert line(res["target"], "classic.sit.back-attack.ac", label="ac.shield_ac")["value"] == -1
    assert res["target"]["total"] == 15 - 7 and res["damage"]["total"] == 5


def test_back_attack_only_in_melee():
    rule = "classic.sit.back-attack.melee-only"
    res = attack(defender=who(ac=4, dex_ac=2), toggles=["back_attack"], kind="ranged")
    assert res["attack"]["total"] == 0 and res["target"]["total"] == 11
    assert rule in [r["rule"] for r in res["reminders"]]


@pytest.mark.parametrize("toggle, rule, value", [
    ("higher_ground", "classic.sit.elevation.higher", 1),
    ("lower_ground", "classic.sit.elevation.lower", -1),
    ("invisible_defender", "classic.sit.invisible.attack-penalty", -4),
])
def test_elevation_and_invisible_target(toggle, rule, value):
    res = attack(toggles=[toggle])
    assert line(res["attack"], rule)["value"] == value and res["attack"]["total"] == value


def test_invisible_attacker_reduces_dex_floored_and_adds_die_bonus():
    res = attack(defender=who(ac=4, dex_ac=3), toggles=["invisible_attacker"], d20=15, rolled=[3])
    assert line(res["target"], "classic.sit.invisible.defender-dex")["value"] == -3  # floored at 0
    assert res["target"]["total"] == 15 - 7
    assert line(res["damage"], "classic.sit.invisible.damage-die")["value"] == 2
    both = attack(toggles=["invisible_attacker", "invisible_defender"], d20=15, rolled=[3])
    assert no_line(both["damage"], "classic.sit.invisible.damage-die")
    assert "classic.sit.invisible.defender-checks" in [r["rule"] for r in res["reminders"]]


def test_dex_reduction_can_exceed_option_amb16():
    res = attack(defender=who(ac=4, dex_ac=3), toggles=["invisible_attacker"],
                 options={"dex_reduction_floor": "can-exceed"})
    assert line(res["target"], "classic.sit.invisible.defender-dex")["value"] == -4


@pytest.mark.parametrize("roll, lost", [(40, True), (41, False)])
def test_invisible_attacker_shield_check_40_percent(roll, lost):
    rule = "classic.sit.invisible.defender-shield"
    res = attack(defender=who(ac=4, shield_ac=1), toggles=["invisible_attacker"], miss=roll)
    got = line(res["target"], rule)
    assert got["applied"] is lost and got["value"] == -1
    assert res["target"]["total"] == (10 if lost else 11)


def test_invisible_attacker_shield_check_rolled_with_rng():
    res = attack(defender=who(ac=4, shield_ac=1), toggles=["invisible_attacker"], rng=random.Random(3))
    assert line(res["target"], "classic.sit.invisible.defender-shield")["reason"].startswith("d100 ")


@pytest.mark.parametrize("side, reduction", [(None, -1), ("front", -1), ("flank", -2)])
def test_deaf_dex_reduction_by_side(side, reduction):
    rule = "classic.cond.deaf.ac-dex"
    res = attack(defender=who("deaf", ac=4, dex_ac=3), choices={"attack_side": side} if side else None)
    assert line(res["target"], rule)["value"] == reduction
    rear = attack(defender=who("deaf", ac=4, dex_ac=3), toggles=["back_attack"])
    assert no_line(rear["target"], rule)


# ----- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("payload_change, field", [
    ({"defender": who("nope")}, "condition"),
    ({"defender": who(("fear", "", 5))}, "condition.stage"),
    ({"defender": who(("hindered", "", 2))}, "condition.stage"),
    ({"defender": who(ac=40)}, "defender.stats.ac"),
    ({"attacker": who(thac0=15, wisdom=3)}, "attacker.stats.wisdom"),
])
def test_bad_input_names_the_field(payload_change, field):
    payload = {"ruleset": "classic", "attacker": who(thac0=15), "defender": who(ac=5),
               "rolls": {"d20": 10, "damage": [3]}, **payload_change}
    with pytest.raises(InputError) as err:
        run("attack", payload)
    assert err.value.field == field


def test_typed_d20_outside_the_die_is_refused():
    with pytest.raises(InputError) as err:
        attack(d20=21)
    assert err.value.field == "rolls.d20"
    with pytest.raises(InputError) as err:
        attack(defender=who(ac=4, shield_ac=1), toggles=["invisible_attacker"], miss=101)
    assert err.value.field == "rolls.miss"
