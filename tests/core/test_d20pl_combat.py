"""d20pl combat through the JSON interface: attack test, criticals, unarmed
strikes, damage with armour reduction (seed 003, RULES.md §3.3–3.5)."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

FIGHTER = {"name": "fighter", "stats": {"bab": 5, "str_mod": 3, "dex_mod": 2}}
ORC = {"name": "orc", "stats": {"armour": 5, "natural": 1}}


def attack(attacker=None, defender=None, rolls=None, seed=None, **attack_and_more):
    payload = {"ruleset": "d20pl", "attacker": attacker or FIGHTER,
               "defender": defender or {"stats": {}},
               "rolls": rolls if rolls is not None else {"d20": 15, "damage": [4]}}
    for key in ("situation", "options"):
        if key in attack_and_more:
            payload[key] = attack_and_more.pop(key)
    payload["attack"] = attack_and_more or {"damage": "1d8"}
    return run("attack", payload, random.Random(seed) if seed is not None else None)


def line(breakdown, rule):
    found = [l for l in breakdown["lines"] if l["rule"] == rule]
    assert found, f"no line for {rule} in {breakdown['lines']}"
    return found[0]


def rules(breakdown):
    return [l["rule"] for l in breakdown["lines"] if l["applied"]]


# --- the story -----------------------------------------------------------------
def test_story_greatsword_through_chainmail_and_a_dagger_that_does_nothing():
    res = attack(FIGHTER, ORC, {"d20": 14, "damage": [3, 5]}, damage="2d6", grip="two")
    dmg = res["damage"]
    assert line(dmg, "d20pl.damage.by-weapon")["value"] == 8
    assert line(dmg, "d20pl.damage.two-handed")["value"] == 4       # 1.5 × Str +3
    assert line(dmg, "d20pl.damage.armour-reduction")["value"] == -6  # armour 5 + natural 1
    assert dmg["total"] == 6 and res["verdict"] == "hit"
    kobold = {"name": "kobold", "stats": {"bab": 1}, "size": "small"}
    res = attack(kobold, ORC, {"d20": 19, "damage": [3]}, damage="1d4")
    assert res["verdict"] == "hit" and res["damage"]["total"] == 0
    assert "d20pl.damage.no-damage" in res["notes"]
    assert line(res["damage"], "d20pl.damage.no-damage")["value"] == 3


# --- §3.3 attack test -------------------------------------------------------------
def test_attack_roll_hits_on_equal_ac_and_misses_below():
    rule = "d20pl.attack.roll"
    defender = {"stats": {"ac": 18}}
    hit = attack(defender=defender, rolls={"d20": 10, "damage": [4]})     # 10 + 5 + 3 = 18
    assert hit["verdict"] == "hit" and rule in hit["notes"]
    miss = attack(defender=defender, rolls={"d20": 9})
    assert miss["verdict"] == "miss" and miss["damage"] is None
    typed = attack(defender=defender, rolls={"d20": 10, "damage": [4]}, bonus=7)
    assert line(typed["attack"], rule)["value"] == 7 and typed["verdict"] == "miss"


def test_natural_1_always_misses_and_natural_20_always_hits():
    low = attack(attacker={"stats": {"bab": 40}}, rolls={"d20": 1})
    assert low["verdict"] == "natural-1" and "d20pl.attack.nat1" in low["notes"]
    high = attack(defender={"stats": {"ac": 80}}, rolls={"d20": 20, "confirm": 5, "damage": [4]})
    assert high["hit"] and high["verdict"] == "hit" and "d20pl.attack.nat20" in high["notes"]


def test_melee_formula_bab_plus_strength():
    res = attack()
    assert line(res["attack"], "d20pl.attack.melee-formula")["value"] == 5
    assert [l["value"] for l in res["attack"]["lines"]] == [5, 3]
    assert res["attack"]["total"] == 8


def test_ranged_formula_bab_plus_dexterity():
    res = attack(kind="ranged", damage="1d8", weapon=["crossbow"])
    assert rules(res["attack"]) == ["d20pl.attack.ranged-formula"] * 2
    assert res["attack"]["total"] == 7          # 5 + Dex 2, not Str


def test_off_hand_halves_bab_and_strength_bonus_but_not_a_penalty():
    rule = "d20pl.attack.off-hand"
    res = attack(grip="off", damage="1d4")
    assert [l["value"] for l in res["attack"]["lines"] if l["rule"] == rule] == [2, 1]
    weak = attack(attacker={"stats": {"bab": 5, "str_mod": -2}}, grip="off", damage="1d4")
    assert [l["value"] for l in weak["attack"]["lines"] if l["rule"] == rule] == [2, -2]


@pytest.mark.parametrize("options, light, expected", [
    ({}, False, 4),                                           # 1.5 × 3 rounded down
    ({}, True, 3),                                            # light weapon: no 1.5×
    ({"two_handed_light": "any-weapon"}, True, 4),            # AMB-31 alternative
    ({"two_handed_rounding": "half-up"}, False, 5),           # AMB-31 alternative
])
def test_two_handed_attack_bonus_and_amb31_options(options, light, expected):
    res = attack(grip="two", light=light, damage="1d6", options=options)
    str_line = [l for l in res["attack"]["lines"] if l["label"] == "attack.str_mod"][0]
    assert str_line["value"] == expected
    assert str_line["rule"] == "d20pl.attack.two-handed"


def test_one_attack_unless_full_attack():
    rule = "d20pl.attack.multiple"
    second = attack(situation={"numbers": {"attack_number": 2}})
    assert second["verdict"] == "not-allowed" and rule in second["notes"]
    full = attack(situation={"toggles": ["full_attack"], "numbers": {"attack_number": 2}})
    assert full["verdict"] == "hit"


@pytest.mark.parametrize("size, traits, options, distance, allowed", [
    ("medium", [], {}, 1.5, True),
    ("medium", [], {}, 3, False),
    ("large", [], {}, 3, True),                       # tall Large: 3 m
    ("large", ["long"], {}, 3, False),                # long Large: 1.5 m (table, AMB-32)
    ("large", ["long"], {"large_reach": "text"}, 3, True),   # AMB-32 alternative
    ("tiny", [], {}, 1.5, False),                     # reach 0
])
def test_melee_reach_from_the_threatened_area(size, traits, options, distance, allowed):
    rule = "d20pl.attack.melee-reach"
    who = {"stats": {"bab": 5}, "size": size, "traits": traits}
    res = attack(attacker=who, situation={"numbers": {"distance": distance}}, options=options)
    assert (res["verdict"] != "not-allowed") is allowed
    assert (rule in res["notes"]) is not allowed


def test_ranged_targets_within_maximum_range():
    rule = "d20pl.attack.ranged-targets"
    far = attack(kind="ranged", weapon=["crossbow"],
                 situation={"numbers": {"distance": 250, "range_increment": 24}})
    assert far["verdict"] == "not-allowed" and rule in far["notes"]
    near = attack(kind="ranged", weapon=["crossbow"], rolls={"d20": 19, "damage": [4]},
                  situation={"numbers": {"distance": 240, "range_increment": 24}})
    assert near["verdict"] == "miss" and rule not in near["notes"]   # allowed, at −18


def test_shooting_into_melee_and_precise_shot():
    sit = {"toggles": ["into_melee"]}
    res = attack(kind="ranged", weapon=["bow"], situation=sit)
    assert line(res["attack"], "d20pl.attack.into-melee")["value"] == -4
    assert res["attack"]["total"] == 3
    archer = {"stats": {"bab": 5, "dex_mod": 2}, "traits": ["precise_shot"]}
    res = attack(attacker=archer, kind="ranged", weapon=["bow"], situation=sit)
    assert line(res["attack"], "d20pl.attack.precise-shot")["value"] == 0
    assert "d20pl.attack.into-melee" not in rules(res["attack"]) and res["attack"]["total"] == 7
    melee = attack(situation=sit)
    assert "d20pl.attack.into-melee" not in rules(melee["attack"])


@pytest.mark.parametrize("stage, rule", [
    (None, "d20pl.attack.fight-defensively.standard"),
    ("standard", "d20pl.attack.fight-defensively.standard"),
    ("full", "d20pl.attack.fight-defensively.full"),
])
def test_fighting_defensively_minus_4_attack_plus_2_dodge_test(stage, rule):
    cond = {"id": "fighting_defensively", "stage": stage}
    me = dict(FIGHTER, conditions=[cond])
    res = attack(attacker=me)
    assert line(res["attack"], rule)["value"] == -4 and res["attack"]["total"] == 4
    hit = attack(defender={"stats": {"dex_mod": 1}, "conditions": [cond]},
                 rolls={"d20": 15, "damage": [4]})
    assert line(hit["details"]["dodge_test"], rule)["value"] == 2
    assert line(hit["details"]["dodge_test"], rule)["type"] == "dodge"
    assert hit["details"]["dodge_test"]["total"] == 3
    ac = attack(defender={"stats": {}, "conditions": [cond]}, options={"defensive_dodge": "ac"})
    assert line(ac["target"], rule)["value"] == 2 and ac["target"]["total"] == 12


# --- criticals -------------------------------------------------------------------
def test_natural_20_is_a_threat_confirmed_by_a_second_attack_test():
    threat_rule, confirm_rule = "d20pl.crit.threat", "d20pl.crit.confirm"
    defender = {"stats": {"ac": 15}}
    res = attack(defender=defender, rolls={"d20": 20, "confirm": 7, "damage": [5]})
    assert res["threat"] and res["confirmed"] and res["verdict"] == "critical"
    assert threat_rule in res["notes"] and confirm_rule in res["notes"]
    assert res["confirm_total"] == 15
    assert line(res["details"]["confirm"], confirm_rule)["value"] == 7
    assert line(res["damage"], confirm_rule)["value"] == 8          # (5 + 3) doubled
    assert res["damage"]["total"] == 16
    assert not any(p["rule"] == "d20pl.dodge.test" for p in res["prompts"])  # regardless of Dodge
    failed = attack(defender=defender, rolls={"d20": 20, "confirm": 6, "damage": [5]})
    assert failed["verdict"] == "hit" and failed["threat"] and not failed["confirmed"]
    assert failed["damage"]["total"] == 8
    nineteen = attack(defender=defender, rolls={"d20": 19, "damage": [5]})
    assert not nineteen["threat"]


@pytest.mark.parametrize("order, expected", [
    ("double-then-armour", 10),     # (5 + 3) × 2 − 6
    ("armour-then-double", 4),      # (5 + 3 − 6) × 2
])
def test_critical_and_armour_order_amb33(order, expected):
    res = attack(defender=ORC, rolls={"d20": 20, "confirm": 19, "damage": [5]},
                 options={"crit_armour_order": order})
    assert res["damage"]["total"] == expected
    assert line(res["damage"], "d20pl.crit.confirm")["applied"]


def test_weapon_specific_critical_range_and_multiplier():
    rule = "d20pl.crit.weapon-specific"
    res = attack(defender={"stats": {"ac": 15}}, rolls={"d20": 19, "confirm": 12, "damage": [5]},
                 damage="1d8", crit_range=19, crit_mult=3)
    assert res["verdict"] == "critical" and rule in res["notes"]
    assert line(res["damage"], "d20pl.crit.confirm")["value"] == 16 and res["damage"]["total"] == 24


# --- §3.4 unarmed --------------------------------------------------------------------
def test_unarmed_strike_provokes_from_an_armed_defender_only():
    rule = "d20pl.unarmed.provokes"
    res = attack(damage="1d3", weapon=["unarmed"], rolls={"d20": 1})
    assert rule in res["notes"] and any(p["rule"] == rule for p in res["prompts"])
    bare = attack(defender={"stats": {}, "traits": ["unarmed"]}, weapon=["unarmed"],
                  rolls={"d20": 1})
    assert rule not in bare["notes"]


def test_improved_unarmed_strike_and_natural_weapons_count_as_armed():
    rule = "d20pl.unarmed.armed"
    for trait in ("improved_unarmed_strike", "natural_weapons"):
        monk = {"stats": {"bab": 5}, "traits": [trait]}
        res = attack(attacker=monk, weapon=["unarmed"], rolls={"d20": 1})
        assert rule in res["notes"] and "d20pl.unarmed.provokes" not in res["notes"]


@pytest.mark.parametrize("size, die, top", [("small", 2, 2), ("medium", 3, 3), ("large", 4, 4)])
def test_unarmed_damage_by_size(size, die, top):
    rule = "d20pl.unarmed.damage"
    who = {"stats": {"bab": 5, "str_mod": 1}, "size": size}
    res = attack(attacker=who, weapon=["unarmed"], rolls={"d20": 18, "damage": [top]})
    assert line(res["damage"], rule)["value"] == top and res["damage"]["total"] == top + 1
    with pytest.raises(InputError) as err:
        attack(attacker=who, weapon=["unarmed"], rolls={"d20": 18, "damage": [die + 1]})
    assert err.value.field.startswith("rolls.damage")


def test_unarmed_damage_is_bruising_amb34():
    rule = "d20pl.unarmed.bruising"
    res = attack(weapon=["unarmed"], rolls={"d20": 18, "damage": [2]})
    assert rule in res["notes"] and res["details"]["damage_kind"] == "nonlethal"
    alt = attack(weapon=["unarmed"], rolls={"d20": 18, "damage": [2]},
                 options={"unarmed_damage_kind": "bruise-wound"})
    assert alt["details"]["damage_kind"] == "lethal"
    assert any(p["rule"] == rule for p in alt["prompts"])


def test_unarmed_strike_counts_as_light():
    rule = "d20pl.unarmed.light"
    res = attack(weapon=["unarmed"], grip="two", rolls={"d20": 18, "damage": [2]})
    assert line(res["damage"], rule)["value"] == 3            # Str +3, not 1.5×
    assert line(res["attack"], rule)["value"] == 3


# --- §3.5 damage -------------------------------------------------------------------
def test_damage_by_weapon_dice_and_bonus():
    rule = "d20pl.damage.by-weapon"
    res = attack(damage="2d6+1", rolls={"d20": 18, "damage": [2, 6]})
    assert [l["value"] for l in res["damage"]["lines"] if l["rule"] == rule] == [8, 1]
    assert res["damage_dice"] == [2, 6] and res["damage"]["total"] == 12


def test_armour_reduction_amb35():
    rule = "d20pl.damage.armour-reduction"
    knight = {"stats": {"armour": 4, "natural": 1, "shield": 2, "enhancement": 1}}
    res = attack(defender=knight, rolls={"d20": 19, "damage": [8]})
    assert line(res["damage"], rule)["value"] == -5 and res["damage"]["total"] == 6
    alt = attack(defender=knight, rolls={"d20": 19, "damage": [8]},
                 options={"armour_reduction": "all-armour-bonuses"})
    assert line(alt["damage"], rule)["value"] == -8 and alt["damage"]["total"] == 3


def test_touch_attacks_ignore_armour_for_damage_too():
    res = attack(defender=ORC, touch=True, rolls={"d20": 12, "damage": [4]})
    armour = line(res["damage"], "d20pl.ac.touch")
    assert not armour["applied"] and armour["reason"] == "touch"
    assert res["damage"]["total"] == 7


@pytest.mark.parametrize("option, total, outcome", [
    ("gate-then-floor", 1, "d20pl.damage.minimum"),      # 7 > 5: 7 − 3 − 5 → at least 1
    ("floor-before-armour", 0, "d20pl.damage.no-damage"),  # 7 − 3 = 4, − 5 → nothing
])
def test_minimum_one_damage_once_armour_is_exceeded_amb36(option, total, outcome):
    weak = {"stats": {"bab": 5, "str_mod": -3}}
    res = attack(attacker=weak, defender={"stats": {"armour": 5}},
                 rolls={"d20": 19, "damage": [7]}, options={"damage_minimum": option})
    assert res["damage"]["total"] == total and outcome in res["notes"]
    line(res["damage"], outcome)


def test_minimum_never_applies_when_armour_absorbs_everything():
    res = attack(defender={"stats": {"armour": 8}}, rolls={"d20": 19, "damage": [4]})
    assert res["damage"]["total"] == 0 and "d20pl.damage.minimum" not in res["notes"]


@pytest.mark.parametrize("kind, weapon, strength_applies", [
    ("melee", [], True), ("ranged", ["thrown"], True), ("ranged", ["sling"], True),
    ("ranged", ["crossbow"], False),
])
def test_strength_to_damage_melee_thrown_and_sling(kind, weapon, strength_applies):
    rule = "d20pl.damage.str"
    res = attack(kind=kind, weapon=weapon, rolls={"d20": 19, "damage": [4]})
    assert (rule in rules(res["damage"])) is strength_applies
    assert res["damage"]["total"] == (7 if strength_applies else 4)


def test_bow_takes_a_strength_penalty_but_not_a_bonus():
    rule = "d20pl.damage.bow-str-penalty"
    weak = {"stats": {"bab": 5, "str_mod": -2, "dex_mod": 3}}
    res = attack(attacker=weak, kind="ranged", weapon=["bow"], rolls={"d20": 19, "damage": [6]})
    assert line(res["damage"], rule)["value"] == -2 and res["damage"]["total"] == 4
    strong = attack(kind="ranged", weapon=["bow"], rolls={"d20": 19, "damage": [6]})
    assert not line(strong["damage"], rule)["applied"] and strong["damage"]["total"] == 6
    composite = attack(attacker=weak, kind="ranged", weapon=["bow", "composite"],
                       rolls={"d20": 19, "damage": [6]})
    assert composite["damage"]["total"] == 6


def test_off_hand_damage_half_strength():
    rule = "d20pl.damage.off-hand"
    res = attack(grip="off", rolls={"d20": 19, "damage": [4]})
    assert line(res["damage"], rule)["value"] == 1 and res["damage"]["total"] == 5


def test_two_handed_damage_not_for_light_weapons():
    rule = "d20pl.damage.two-handed"
    res = attack(grip="two", rolls={"d20": 19, "damage": [4]})
    assert line(res["damage"], rule)["value"] == 4
    light = attack(grip="two", light=True, rolls={"d20": 19, "damage": [4]})
    assert line(light["damage"], rule)["value"] == 3
    assert line(light["damage"], rule)["reason"] == "light-weapon"


# --- bad input ------------------------------------------------------------------------
def test_bad_input_names_the_field():
    with pytest.raises(InputError) as err:
        attack(rolls={"d20": 21})
    assert err.value.field == "rolls.d20"
    with pytest.raises(InputError) as err:
        attack(defender={"stats": {"armour": 99}})
    assert err.value.field == "defender.stats.armour"
    with pytest.raises(InputError) as err:
        attack(defender={"conditions": ["sleepy"]})
    assert err.value.field == "condition" and "helpless" in err.value.allowed
    with pytest.raises(InputError) as err:
        attack(attacker={"conditions": [{"id": "fighting_defensively", "stage": "half"}]})
    assert err.value.field == "condition.stage" and "full" in err.value.allowed
    with pytest.raises(InputError) as err:
        attack(kind="ranged", situation={"numbers": {"distance": 9, "range_increment": 0}})
    assert err.value.field == "situation.numbers.range_increment"
    with pytest.raises(InputError) as err:
        attack(situation={"choices": {"cover": "half"}})
    assert err.value.field == "situation.choices.cover" and "improved" in err.value.allowed
    with pytest.raises(InputError) as err:
        attack(options={"crit_armour_order": "sometimes"})
    assert err.value.field == "options.crit_armour_order"


def test_dice_not_typed_are_rolled_with_the_rng():
    res = attack(rolls={}, seed=3, damage="2d6")
    assert 1 <= res["natural"] <= 20
    if res["hit"]:
        assert len(res["damage_dice"]) == 2
