"""dnd5e hit points, death saving throws, saving throws and concentration
through the JSON interface, with typed dice."""

import random

import pytest

from mischia.breakdown import Line
from mischia.errors import InputError
from mischia.queries import run
from mischia.ruleset import get_ruleset

DEATH = "ext.dnd5e.death-saves"


def q(name, seed=1, **payload):
    payload.setdefault("creature", {})
    return run(name, {"ruleset": "dnd5e", **payload}, random.Random(seed))


def hp(current, maximum=20, temp=0, status="ok", successes=0, failures=0):
    data = {"max": maximum, "current": current, "temp": temp, "status": status}
    if status == "dying":
        data["counters"] = {"successes": successes, "failures": failures}
    return data


def line(breakdown, rule=None, label=None):
    for l in breakdown["lines"]:
        if (rule is None or l["rule"] == rule) and (label is None or l["label"] == label):
            return l
    raise KeyError(rule or label)


# --- damage -------------------------------------------------------------------------

def test_temporary_hit_points_absorb_damage_first():
    res = q("damage", hp=hp(10, temp=4), amount=6)
    assert res["value"]["temp"] == 0 and res["value"]["current"] == 8
    assert line(res["breakdown"], "ext.dnd5e.temp-hp")["value"] == -4
    assert res["breakdown"]["total"] == 2


def test_dropping_to_0_hp_falls_unconscious_and_starts_death_saves():
    res = q("damage", hp=hp(5), amount=12)
    assert res["value"]["current"] == 0 and res["value"]["status"] == "dying"
    assert res["value"]["counters"] == {"successes": 0, "failures": 0}
    assert res["details"]["add_conditions"] == ["unconscious"]
    assert DEATH in res["events"]


def test_instant_death_when_the_remaining_damage_reaches_the_maximum():
    res = q("damage", hp=hp(5, maximum=20), amount=25)
    assert res["value"]["status"] == "dead"
    assert line(res["breakdown"], DEATH, "death.instant")["value"] == 20
    survive = q("damage", hp=hp(5, maximum=20), amount=24)
    assert survive["value"]["status"] == "dying"


@pytest.mark.parametrize("critical,failures", [(False, 1), (True, 2)])
def test_damage_at_0_hp_is_one_death_save_failure_and_a_critical_two(critical, failures):
    res = q("damage", hp=hp(0, status="dying", failures=0), amount=3, critical=critical)
    assert res["value"]["counters"]["failures"] == failures
    assert line(res["breakdown"], DEATH, "death-save.failure")["value"] == failures


def test_third_failure_from_damage_kills_and_stable_creature_starts_dying_again():
    dead = q("damage", hp=hp(0, status="dying", failures=2), amount=1)
    assert dead["value"]["status"] == "dead"
    stable = q("damage", hp={"max": 20, "current": 0, "status": "stable"}, amount=1)
    assert stable["value"]["status"] == "dying" and stable["value"]["counters"]["failures"] == 1
    massive = q("damage", hp=hp(0, status="dying"), amount=20)
    assert massive["value"]["status"] == "dead"


def test_petrified_creature_resists_all_damage():
    rule = "ext.dnd5e.conditions"
    res = q("damage", creature={"conditions": ["petrified"]}, hp=hp(20), amount=9)
    assert res["value"]["current"] == 20 - 4
    assert line(res["breakdown"], rule)["source"] == "petrified"


def test_damage_while_concentrating_asks_for_a_con_save_with_its_dc():
    rule = "ext.dnd5e.concentration"
    res = q("damage", hp=hp(30, maximum=30), amount=26, concentrating=True)
    assert res["prompts"][0]["rule"] == rule and res["prompts"][0]["target"] == 13
    low = q("damage", hp=hp(30, maximum=30), amount=7, concentrating=True)
    assert low["prompts"][0]["target"] == 10
    down = q("damage", hp=hp(5), amount=8, concentrating=True)
    assert down["prompts"] == [] and rule in down["events"]
    assert down["details"]["concentration"] == "ends"


# --- healing ------------------------------------------------------------------------

def test_healing_from_0_hp_wakes_up_and_resets_death_saves():
    res = q("heal", hp=hp(0, status="dying", successes=2, failures=2), amount=5)
    assert res["value"]["current"] == 5 and res["value"]["status"] == "ok"
    assert res["value"]["counters"] == {}
    assert res["details"]["remove_conditions"] == ["unconscious"] and DEATH in res["events"]


def test_healing_is_capped_at_the_maximum_and_exhaustion_4_halves_it():
    res = q("heal", hp=hp(15, maximum=20), amount=10)
    assert res["value"]["current"] == 20 and line(res["breakdown"], label="heal.cap")["value"] == -5
    tired = q("heal", creature={"conditions": [{"id": "exhaustion", "stage": 4}]},
              hp=hp(5, maximum=20), amount=10)
    assert tired["value"]["current"] == 10
    assert line(tired["details"]["max"], "ext.dnd5e.conditions")["value"] == -10


def test_effective_sheet_shows_the_halved_maximum():
    res = q("effective", creature={"conditions": [{"id": "exhaustion", "stage": 4}]})
    assert res["details"]["heal_cap"]["total"] == 0.5
    assert line(res["details"]["heal_cap"], "ext.dnd5e.conditions")["source"] == "exhaustion"


def test_temporary_hit_points_do_not_stack():
    res = q("heal", hp=hp(10, temp=5), amount=3, temporary=True)
    assert res["value"]["temp"] == 5
    assert not line(res["breakdown"], "ext.dnd5e.temp-hp", "hp.temp.new")["applied"]
    more = q("heal", hp=hp(10, temp=5), amount=8, temporary=True)
    assert more["value"]["temp"] == 8


def test_dead_creature_cannot_be_healed():
    with pytest.raises(InputError) as err:
        q("heal", hp={"max": 10, "current": 0, "status": "dead"}, amount=5)
    assert err.value.field == "hp.status"


# --- death saving throws ----------------------------------------------------------------

@pytest.mark.parametrize("d20,successes,failures,status,current", [
    (10, 1, 0, "dying", 0),
    (9, 0, 1, "dying", 0),
    (1, 0, 2, "dying", 0),
    (20, None, None, "ok", 1),
])
def test_death_save(d20, successes, failures, status, current):
    res = q("turn", hp=hp(0, status="dying"), rolls={"d20": d20})
    assert res["value"]["status"] == status and res["value"]["current"] == current
    if successes is not None:
        assert res["value"]["counters"] == {"successes": successes, "failures": failures}
    assert line(res["breakdown"], DEATH, "death-save.d20")["value"] == d20
    assert DEATH in res["events"]


def test_three_successes_stabilise_three_failures_kill():
    stable = q("turn", hp=hp(0, status="dying", successes=2, failures=2), rolls={"d20": 15})
    assert stable["value"]["status"] == "stable"
    assert stable["details"]["death_save"]["outcome"] == "success+stable"
    dead = q("turn", hp=hp(0, status="dying", successes=2, failures=1), rolls={"d20": 1})
    assert dead["value"]["status"] == "dead"


def test_stable_creature_rolls_no_death_save():
    res = q("turn", hp={"max": 20, "current": 0, "status": "stable"}, rolls={"d20": 1})
    assert res["value"]["status"] == "stable" and "death_save" not in res["details"]


def test_exhaustion_3_gives_disadvantage_on_death_saves():
    res = q("turn", creature={"conditions": [{"id": "exhaustion", "stage": 3}, "unconscious"]},
            hp=hp(0, status="dying"), rolls={"d20": 15, "d20_second": 4})
    assert res["details"]["death_save"]["natural"] == 4
    assert res["value"]["counters"]["failures"] == 1


def test_exhaustion_6_is_death():
    res = q("turn", creature={"conditions": [{"id": "exhaustion", "stage": 6}]}, hp=hp(12))
    assert res["value"]["status"] == "dead" and "ext.dnd5e.conditions" in res["events"]


# --- saving throws ----------------------------------------------------------------------

@pytest.mark.parametrize("condition", ["paralyzed", "stunned", "unconscious", "petrified"])
@pytest.mark.parametrize("kind", ["str", "dex"])
def test_conditions_that_fail_strength_and_dexterity_saves(condition, kind):
    rule = "ext.dnd5e.conditions"
    res = q("save", creature={"stats": {f"{kind}_mod": 5}, "conditions": [condition]},
            kind=kind, dc=5, rolls={"d20": 20})
    assert res["value"] is False and res["details"]["auto_fail"]
    assert line(res["breakdown"], rule)["source"] == condition


def test_paralyzed_still_rolls_wisdom_saves():
    res = q("save", creature={"stats": {"wis_mod": 1}, "conditions": ["paralyzed"]},
            kind="wis", dc=12, rolls={"d20": 11})
    assert res["value"] is True and res["breakdown"]["total"] == 12


@pytest.mark.parametrize("grade,bonus", [("half", 2), ("three-quarters", 5)])
def test_cover_adds_to_dexterity_saves(grade, bonus):
    rule = "ext.dnd5e.cover"
    res = q("save", creature={"stats": {"dex_mod": 1}}, kind="dex", dc=14,
            situation={"choices": {"cover": grade}}, rolls={"d20": 11})
    assert line(res["breakdown"], rule)["value"] == bonus
    assert res["breakdown"]["total"] == 12 + bonus
    wis = q("save", creature={"stats": {"wis_mod": 1}}, kind="wis",
            situation={"choices": {"cover": grade}}, rolls={"d20": 11})
    assert wis["breakdown"]["total"] == 12 and wis["value"] is None


def test_save_proficiency_and_typed_save_bonus():
    res = q("save", creature={"stats": {"con_mod": 2, "proficiency": 3},
                              "traits": ["proficient.con"]}, kind="con", dc=15, rolls={"d20": 10})
    assert res["value"] is True and res["breakdown"]["total"] == 15
    typed = q("save", creature={"stats": {"con_save": 7}}, kind="con", rolls={"d20": 3})
    assert typed["breakdown"]["total"] == 10


@pytest.mark.parametrize("rule,condition,kind,mode", [
    ("ext.dnd5e.conditions", {"id": "exhaustion", "stage": 3}, "wis", "disadvantage"),
    ("ext.dnd5e.conditions", "restrained", "dex", "disadvantage"),
    ("dnd5e.squeeze.own-rolls", "squeezing", "dex", "disadvantage"),
    ("ext.dnd5e.actions", "dodging", "dex", "advantage"),
])
def test_save_advantage_and_disadvantage(rule, condition, kind, mode):
    res = q("save", creature={"conditions": [condition]}, kind=kind, dc=10,
            rolls={"d20": 15, "d20_second": 5})
    assert res["details"]["mode"] == mode
    assert res["details"]["natural"] == (15 if mode == "advantage" else 5)
    assert line(res["details"]["mode_lines"], rule)["type"] == mode


def test_restrained_has_no_disadvantage_on_wisdom_saves():
    res = q("save", creature={"conditions": ["restrained"]}, kind="wis", rolls={"d20": 7})
    assert res["details"]["mode"] == "normal"


# --- concentration ------------------------------------------------------------------------

@pytest.mark.parametrize("damage,dc", [(0, 10), (19, 10), (21, 10), (22, 11), (40, 20)])
def test_concentration_dc_is_10_or_half_the_damage(damage, dc):
    rule = "ext.dnd5e.concentration"
    res = q("concentration", creature={"stats": {"con_mod": 0}}, damage=damage, rolls={"d20": 10})
    assert res["details"]["dc"] == dc
    assert res["details"]["dc_breakdown"]["total"] == dc
    assert line(res["breakdown"], rule, "save.d20")["value"] == 10
    assert res["value"] is (10 >= dc)
    assert (rule in res["events"]) is (10 < dc)


def test_concentration_ends_when_incapacitated():
    rule = "ext.dnd5e.concentration"
    res = q("concentration", creature={"conditions": ["stunned"]}, damage=4, rolls={"d20": 20})
    assert res["value"] is False and rule in res["events"]
    assert line(res["breakdown"], rule)["source"] == "incapacitated"


# --- stacking and bad input -----------------------------------------------------------------

def test_same_named_effect_from_one_source_does_not_stack():
    ruleset = get_ruleset("dnd5e")
    lines = ruleset.stack("attack", [Line("bless", 2, "r", source="bless"),
                                     Line("bless", 3, "r", source="bless"),
                                     Line("rage", 2, "r2", source="rage"),
                                     Line("base", 4, "r3"), Line("base", 4, "r3")], None)
    assert [l.applied for l in lines] == [False, True, True, True, True]
    assert lines[0].reason == "did-not-stack"


@pytest.mark.parametrize("name,payload,field", [
    ("damage", {"hp": hp(10), "amount": -1}, "amount"),
    ("damage", {"hp": {"max": 10, "current": 0, "status": "zombie"}, "amount": 1}, "hp.status"),
    ("damage", {"hp": {"max": 10, "current": 0, "status": "dying",
                       "counters": {"failures": 5}}, "amount": 1}, "hp.counters.failures"),
    ("save", {"kind": "luck"}, "kind"),
    ("save", {"kind": "dex", "dc": 99}, "dc"),
    ("turn", {"hp": hp(0, status="dying"), "rolls": {"d20": 0}}, "rolls.d20"),
    ("concentration", {"damage": "lots"}, "damage"),
])
def test_bad_input_names_the_field(name, payload, field):
    with pytest.raises(InputError) as err:
        q(name, **payload)
    assert err.value.field == field
