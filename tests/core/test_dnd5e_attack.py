"""dnd5e attacks through the JSON interface: the attack roll, advantage and
disadvantage with every source and the cancellation, criticals (dice twice),
cover, the ranged context and the SRD conditions."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

RANGER = {"name": "Sara's ranger", "stats": {"dex_mod": 3, "str_mod": 1, "proficiency": 2}}
GOBLIN = {"name": "goblin", "stats": {"ac": 15}}


def attack(attacker=None, defender=None, kind="melee", rolls=None, situation=None, seed=1,
           options=None, **spec):
    payload = {"ruleset": "dnd5e", "attacker": attacker or RANGER,
               "defender": defender or GOBLIN, "attack": {"kind": kind, **spec},
               "rolls": rolls or {"d20": 10, "d20_second": 10, "damage": [4]}}
    if situation:
        payload["situation"] = situation
    if options:
        payload["options"] = options
    return run("attack", payload, random.Random(seed))


def with_conditions(base, *conditions):
    return {**base, "conditions": list(conditions)}


def line(lines, rule):
    for l in lines:
        if l["rule"] == rule:
            return l
    raise KeyError(rule)


def rules(lines, applied=True):
    return [l["rule"] for l in lines if l["applied"] == applied]


# --- Sara's story -------------------------------------------------------------

def test_story_ranged_attack_on_prone_goblin_at_9_m_has_disadvantage_and_takes_lower_d20():
    prone = "ext.dnd5e.prone"
    res = attack(defender=with_conditions(GOBLIN, "prone"), kind="ranged",
                 situation={"numbers": {"distance": 9}},
                 rolls={"d20": 17, "d20_second": 8, "damage": [5]})
    assert res["mode"] == "disadvantage"
    assert res["dice"] == [17, 8] and res["natural"] == 8
    src = line(res["mode_lines"], prone)
    assert src["value"] == -1 and src["source"] == "prone" and src["type"] == "disadvantage"
    assert line(res["mode_lines"], "ext.dnd5e.advantage")["reason"] == "lower"
    assert res["attack"]["total"] == 5          # Dex +3, proficiency +2
    assert res["verdict"] == "miss"              # 8 + 5 = 13 < AC 15
    assert res["target"]["total"] == 15


def test_story_both_d20s_are_required_when_typed():
    with pytest.raises(InputError) as err:
        attack(defender=with_conditions(GOBLIN, "prone"), kind="ranged",
               situation={"numbers": {"distance": 9}}, rolls={"d20": 17, "d20_second": 21})
    assert err.value.field == "rolls.d20_second"


def test_prone_target_within_1_5_m_gives_advantage_melee_default_and_ranged_close():
    prone = "ext.dnd5e.prone"
    melee = attack(defender=with_conditions(GOBLIN, "prone"),
                   rolls={"d20": 4, "d20_second": 16, "damage": [5]})
    assert melee["mode"] == "advantage" and melee["natural"] == 16
    assert line(melee["mode_lines"], prone)["type"] == "advantage"
    close = attack(defender=with_conditions(GOBLIN, "prone"), kind="ranged",
                   situation={"numbers": {"distance": 1.5}})
    assert close["mode"] == "advantage"


def test_prone_attacker_has_disadvantage():
    res = attack(attacker=with_conditions(RANGER, "prone"))
    assert res["mode"] == "disadvantage"
    assert line(res["mode_lines"], "ext.dnd5e.prone")["source"] == "prone"


# --- advantage / disadvantage ---------------------------------------------------

def test_advantage_and_disadvantage_cancel_and_show_every_source():
    rule = "ext.dnd5e.advantage"
    res = attack(attacker=with_conditions(RANGER, "poisoned", "invisible"),
                 defender=with_conditions(GOBLIN, "restrained"),
                 rolls={"d20": 12, "damage": [3]})
    assert res["mode"] == "normal" and res["dice"] == [12]
    cancel = line(res["mode_lines"], rule)
    assert cancel["reason"] == "cancelled" and cancel["applied"]
    sources = [l.get("source") for l in res["mode_lines"] if l.get("source")]
    assert sorted(sources) == ["invisible", "poisoned", "restrained"]
    assert all(not l["applied"] and l["reason"] == "cancelled"
               for l in res["mode_lines"] if l.get("source"))


def test_several_disadvantages_still_roll_only_two_d20s():
    res = attack(attacker=with_conditions(RANGER, "poisoned", "blinded"),
                 rolls={"d20": 19, "d20_second": 3, "damage": [3]})
    assert res["mode"] == "disadvantage" and res["dice"] == [19, 3] and res["natural"] == 3
    assert len([l for l in res["mode_lines"] if l.get("type") == "disadvantage"]) == 2


# --- the attack roll ---------------------------------------------------------------

def test_attack_roll_is_d20_plus_ability_plus_proficiency_against_ac():
    rule = "ext.dnd5e.attack-roll"
    res = attack(rolls={"d20": 12, "damage": [6]}, damage="1d8")
    assert res["attack"]["total"] == 3                    # Str +1, proficiency +2
    assert [l["label"] for l in res["attack"]["lines"]] == ["attack.str_mod", "attack.proficiency"]
    assert set(rules(res["attack"]["lines"])) == {rule}
    assert res["verdict"] == "hit"                        # 12 + 3 = 15 = AC 15
    assert res["damage"]["total"] == 7                    # 6 + Str 1
    miss = attack(rolls={"d20": 11, "damage": [6]})
    assert miss["verdict"] == "miss"


def test_finesse_uses_the_better_ability_and_nonproficient_drops_proficiency():
    res = attack(weapon=["finesse", "nonproficient"], rolls={"d20": 10, "damage": [2]})
    labels = {l["label"]: l for l in res["attack"]["lines"]}
    assert labels["attack.dex_mod"]["value"] == 3
    assert not labels["attack.proficiency"]["applied"]
    assert res["attack"]["total"] == 3


def test_natural_20_always_hits_and_rolls_the_damage_dice_twice():
    rule = "ext.dnd5e.attack-roll"
    res = attack(defender={"stats": {"ac": 30}}, damage="2d6",
                 rolls={"d20": 20, "damage": [3, 4], "crit_damage": [6, 5]})
    assert res["verdict"] == "critical" and res["hit"]
    crit = [l for l in res["damage"]["lines"] if l["label"] == "damage.critical"][0]
    assert crit["value"] == 11 and crit["rule"] == rule
    assert res["damage"]["total"] == 3 + 4 + 6 + 5 + 1   # dice twice, Str once
    assert res["damage_dice"] == [3, 4, 6, 5]
    assert rule in res["notes"]


def test_natural_1_always_misses():
    res = attack(attacker={"stats": {"str_mod": 5, "proficiency": 6}}, defender={"stats": {"ac": 5}},
                 rolls={"d20": 1})
    assert res["verdict"] == "natural-1" and not res["hit"]
    assert res["notes"] == ["ext.dnd5e.attack-roll"]


def test_off_hand_attack_adds_no_positive_ability_to_damage():
    res = attack(grip="off", rolls={"d20": 15, "damage": [4]})
    off = [l for l in res["damage"]["lines"] if l["label"] == "damage.str_mod"][0]
    assert not off["applied"] and off["reason"] == "off-hand"
    assert res["damage"]["total"] == 4


@pytest.mark.parametrize("condition", ["paralyzed", "unconscious"])
def test_hit_within_1_5_m_on_paralyzed_or_unconscious_is_a_critical(condition):
    rule = "ext.dnd5e.conditions"
    res = attack(defender=with_conditions(GOBLIN, condition), damage="1d8",
                 situation={"numbers": {"distance": 1.5}},
                 rolls={"d20": 9, "d20_second": 14, "damage": [2], "crit_damage": [7]})
    assert res["mode"] == "advantage" and res["natural"] == 14
    assert res["verdict"] == "critical" and rule in res["notes"]
    assert res["damage"]["total"] == 2 + 7 + 1
    far = attack(defender=with_conditions(GOBLIN, condition), damage="1d8", kind="ranged",
                 situation={"numbers": {"distance": 6}},
                 rolls={"d20": 16, "d20_second": 16, "damage": [2]})
    assert far["verdict"] == "hit" and rule not in far["notes"]


def test_unconscious_target_beyond_1_5_m_cancels_to_a_normal_roll():
    res = attack(defender=with_conditions(GOBLIN, "unconscious"), kind="ranged",
                 situation={"numbers": {"distance": 9}}, rolls={"d20": 15, "damage": [1]})
    assert res["mode"] == "normal"
    assert line(res["mode_lines"], "ext.dnd5e.advantage")["reason"] == "cancelled"


# --- cover -----------------------------------------------------------------------

@pytest.mark.parametrize("grade,bonus", [("half", 2), ("three-quarters", 5)])
def test_cover_adds_to_ac(grade, bonus):
    rule = "ext.dnd5e.cover"
    res = attack(situation={"choices": {"cover": grade}}, rolls={"d20": 12, "damage": [1]})
    assert res["target"]["total"] == 15 + bonus
    assert line(res["target"]["lines"], rule)["value"] == bonus
    assert res["verdict"] == "miss"


def test_total_cover_cannot_be_targeted():
    res = attack(situation={"choices": {"cover": "total"}})
    assert res["verdict"] == "not-allowed" and res["notes"] == ["ext.dnd5e.cover"]


# --- ranged context --------------------------------------------------------------

@pytest.mark.parametrize("toggle,mode", [
    ("long_range", "disadvantage"), ("hostile_adjacent", "disadvantage"),
    ("unseen_target", "disadvantage"), ("unseen_attacker", "advantage"),
])
def test_ranged_context_toggles(toggle, mode):
    rule = "ext.dnd5e.ranged-context"
    res = attack(kind="ranged", situation={"toggles": [toggle]})
    assert res["mode"] == mode
    assert line(res["mode_lines"], rule)["source"] == f"situation.{toggle}"


def test_hostile_adjacent_does_not_hinder_melee():
    res = attack(kind="melee", situation={"toggles": ["hostile_adjacent"]})
    assert res["mode"] == "normal"


def test_typed_ranges_give_long_range_disadvantage_and_refuse_beyond_long_range():
    rule = "ext.dnd5e.ranged-context"
    numbers = {"range_normal": 24, "range_long": 96}
    near = attack(kind="ranged", situation={"numbers": {"distance": 20, **numbers}})
    assert near["mode"] == "normal"
    far = attack(kind="ranged", situation={"numbers": {"distance": 30, **numbers}})
    assert far["mode"] == "disadvantage" and line(far["mode_lines"], rule)["source"] == "situation.range"
    out = attack(kind="ranged", situation={"numbers": {"distance": 100, **numbers}})
    assert out["verdict"] == "not-allowed" and out["notes"] == [rule]


# --- conditions ------------------------------------------------------------------

@pytest.mark.parametrize("rule,side,condition,mode", [
    ("ext.dnd5e.conditions", "attacker", "blinded", "disadvantage"),
    ("ext.dnd5e.conditions", "defender", "blinded", "advantage"),
    ("ext.dnd5e.conditions", "attacker", "invisible", "advantage"),
    ("ext.dnd5e.conditions", "defender", "invisible", "disadvantage"),
    ("ext.dnd5e.conditions", "attacker", "poisoned", "disadvantage"),
    ("ext.dnd5e.conditions", "attacker", "frightened", "disadvantage"),
    ("ext.dnd5e.conditions", "attacker", "restrained", "disadvantage"),
    ("ext.dnd5e.conditions", "defender", "restrained", "advantage"),
    ("ext.dnd5e.conditions", "defender", "stunned", "advantage"),
    ("ext.dnd5e.conditions", "defender", "petrified", "advantage"),
    ("ext.dnd5e.conditions", "defender", "paralyzed", "advantage"),
    ("ext.dnd5e.conditions", "attacker", {"id": "exhaustion", "stage": 3}, "disadvantage"),
    ("dnd5e.squeeze.own-rolls", "attacker", "squeezing", "disadvantage"),
    ("dnd5e.squeeze.attackers", "defender", "squeezing", "advantage"),
    ("ext.dnd5e.actions", "defender", "dodging", "disadvantage"),
    ("ext.dnd5e.ranged-context", "attacker", "hidden", "advantage"),
    ("ext.dnd5e.ranged-context", "defender", "hidden", "disadvantage"),
])
def test_condition_flags_on_attacks(rule, side, condition, mode):
    kw = {side: with_conditions(RANGER if side == "attacker" else GOBLIN, condition)}
    res = attack(**kw)
    assert res["mode"] == mode
    src = line(res["mode_lines"], rule)
    assert src["type"] == mode and src["applied"]


def test_exhaustion_below_level_3_does_not_hinder_attacks():
    res = attack(attacker=with_conditions(RANGER, {"id": "exhaustion", "stage": 2}))
    assert res["mode"] == "normal"


def test_frightened_only_while_the_source_is_in_sight():
    res = attack(attacker=with_conditions(RANGER, "frightened"),
                 situation={"toggles": ["fear_source_out_of_sight"]})
    assert res["mode"] == "normal"


def test_dodging_is_lost_when_incapacitated_or_against_an_unseen_attacker():
    assert attack(defender=with_conditions(GOBLIN, "dodging", "stunned"))["mode"] == "advantage"
    assert attack(defender=with_conditions(GOBLIN, "dodging"),
                  situation={"toggles": ["unseen_attacker"]})["mode"] == "advantage"
    assert attack(defender=with_conditions(GOBLIN, "dodging", "grappled"))["mode"] == "normal"
    exhausted = attack(defender=with_conditions(GOBLIN, "dodging",
                                                {"id": "exhaustion", "stage": 5}))
    assert exhausted["mode"] == "normal"
    tired = attack(defender=with_conditions(GOBLIN, "dodging", {"id": "exhaustion", "stage": 4}))
    assert tired["mode"] == "disadvantage"


def test_help_gives_advantage():
    res = attack(situation={"toggles": ["helped"]})
    assert res["mode"] == "advantage"
    assert line(res["mode_lines"], "ext.dnd5e.actions")["source"] == "situation.helped"


@pytest.mark.parametrize("rule,condition,toggles", [
    ("ext.dnd5e.conditions", "incapacitated", []),
    ("ext.dnd5e.conditions", "stunned", []),
    ("ext.dnd5e.conditions", "charmed", ["charmer"]),
    ("dnd5e.surprise.effect", "surprised", []),
])
def test_conditions_that_forbid_the_attack(rule, condition, toggles):
    res = attack(attacker=with_conditions(RANGER, condition), situation={"toggles": toggles})
    assert res["verdict"] == "not-allowed" and rule in res["notes"]


def test_charmed_creature_can_attack_others():
    assert attack(attacker=with_conditions(RANGER, "charmed"))["verdict"] != "not-allowed"


def test_conditions_list_is_complete():
    """ext.dnd5e.conditions: the SRD 5.1 list is accepted, each with its reminders."""
    rule = "ext.dnd5e.conditions"
    srd = ["blinded", "charmed", "deafened", "frightened", "grappled", "incapacitated",
           "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned",
           "unconscious"]
    for cid in srd:
        res = run("effective", {"ruleset": "dnd5e", "creature": {"conditions": [cid]}})
        assert res["value"] or res["reminders"], cid
    for level in range(1, 7):
        res = run("effective", {"ruleset": "dnd5e",
                                "creature": {"conditions": [{"id": "exhaustion", "stage": level}]}})
        assert res["details"]["check.disadvantage"]["lines"][0]["rule"] == rule


def test_same_effect_does_not_stack_with_itself():
    res = attack(situation={"choices": {"cover": "half"}, "toggles": []},
                 defender={"stats": {"ac": 15}, "conditions": ["prone", "prone"]})
    assert res["target"]["total"] == 17
    assert len([l for l in res["mode_lines"] if l.get("source") == "prone"]) == 1


# --- bad input ------------------------------------------------------------------

@pytest.mark.parametrize("payload,field", [
    ({"defender": {"stats": {"ac": 15}, "conditions": ["doomed"]}}, "condition"),
    ({"defender": {"stats": {"ac": 15}, "conditions": [{"id": "exhaustion", "stage": 7}]}},
     "condition.stage"),
    ({"defender": {"stats": {"ac": 99}}}, "defender.stats.ac"),
    ({"defender": {"stats": {"armour": 4}}}, "defender.stats.armour"),
    ({"defender": {"stats": {"ac": 15}, "size": "colossal"}}, "defender.size"),
    ({"rolls": {"d20": 21}}, "rolls.d20"),
    ({"situation": {"choices": {"cover": "partial"}}}, "situation.choices.cover"),
])
def test_bad_input_names_the_field(payload, field):
    base = {"ruleset": "dnd5e", "attacker": RANGER, "defender": GOBLIN,
            "rolls": {"d20": 10, "damage": [1]}}
    with pytest.raises(InputError) as err:
        run("attack", {**base, **payload}, random.Random(1))
    assert err.value.field == field


def test_crowding_around_a_target_is_a_reminder():
    rule = "dnd5e.size.surround"
    res = attack(situation={"toggles": ["surrounded"]})
    assert [r["rule"] for r in res["reminders"]] == [rule]
    assert "eight Medium" in res["reminders"][0]["text"]
