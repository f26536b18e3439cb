"""pf1 hit points and dying (ext.pf1.hp-dying): damage, temporary and
nonlethal damage, disabled at 0, dying below 0 with the DC 10 Con check at the
start of each turn, dead at −Con; healing, bleed, confusion."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

RULE = "ext.pf1.hp-dying"
COND = "ext.pf1.conditions"
HERO = {"stats": {"con": 14, "con_mod": 2}}


def q(name, seed=0, **payload):
    return run(name, {"ruleset": "pf1", **payload}, random.Random(seed))


def damage(hp, amount, creature=HERO, **kw):
    return q("damage", creature=creature, hp=hp, amount=amount, **kw)


@pytest.mark.parametrize("current, amount, after, status", [
    (10, 3, 7, "ok"),
    (5, 5, 0, "disabled"),
    (5, 8, -3, "dying"),
    (5, 18, -13, "dying"),
    (5, 19, -14, "dead"),          # negative hit points equal to Con 14
    (5, 40, -35, "dead"),
])
def test_damage_moves_through_the_states(current, amount, after, status):
    res = damage({"max": 20, "current": current}, amount)
    assert res["value"]["current"] == after and res["value"]["status"] == status
    assert res["breakdown"]["total"] == after
    assert all(l["rule"] == RULE for l in res["breakdown"]["lines"])
    if status != "ok":
        assert res["events"] == [RULE] and status in res["details"]["conditions"]["add"]


def test_temporary_hit_points_go_first():
    res = damage({"max": 20, "current": 10, "temp": 4}, 6)
    assert res["value"]["current"] == 8 and res["value"]["temp"] == 0
    assert [l["value"] for l in res["breakdown"]["lines"] if l["label"] == "hp.temp"] == [4]


def test_nonlethal_damage_staggers_then_knocks_out():
    res = damage({"max": 20, "current": 10}, 10, nonlethal=True)
    assert res["value"]["current"] == 10 and res["value"]["counters"]["nonlethal"] == 10
    assert res["value"]["status"] == "staggered"
    more = damage(res["value"], 1, nonlethal=True)
    assert more["value"]["status"] == "unconscious" and RULE in more["events"]


def test_a_stable_creature_that_takes_damage_is_dying_again():
    res = damage({"max": 20, "current": -3, "status": "stable"}, 1)
    assert res["value"]["status"] == "dying" and res["value"]["current"] == -4


def test_dying_con_check_each_turn_stabilises_or_loses_one_hp():
    hp = {"max": 20, "current": -3, "status": "dying"}
    ok = q("turn", creature=HERO, hp=hp, rolls={"d20": 11})
    check = ok["details"]["stabilize"]
    assert [l["value"] for l in check["lines"]] == [11, 2, -3] and check["total"] == 10
    assert all(l["rule"] == RULE for l in check["lines"])
    assert ok["value"]["status"] == "stable" and ok["value"]["current"] == -3
    fail = q("turn", creature=HERO, hp=hp, rolls={"d20": 10})
    assert fail["details"]["stabilized"] is False
    assert fail["value"]["current"] == -4 and fail["value"]["status"] == "dying" and RULE in fail["events"]
    nat20 = q("turn", creature=HERO, hp={"max": 20, "current": -13, "status": "dying"}, rolls={"d20": 20})
    assert nat20["value"]["status"] == "stable"
    dies = q("turn", creature=HERO, hp={"max": 20, "current": -13, "status": "dying"}, rolls={"d20": 2})
    assert dies["value"]["status"] == "dead" and dies["value"]["current"] == -14


def test_a_dying_creature_cannot_act_but_a_stable_one_makes_no_check():
    res = q("turn", creature=HERO, hp={"max": 20, "current": -1, "status": "dying"}, rolls={"d20": 15})
    assert res["details"]["actions"]["can_act"] is False
    stable = q("turn", creature=HERO, hp={"max": 20, "current": -1, "status": "stable"})
    assert "stabilize" not in stable["details"] and stable["value"]["current"] == -1


def test_the_app_rolls_the_con_check_when_not_typed():
    res = q("turn", seed=3, creature=HERO, hp={"max": 20, "current": -2, "status": "dying"})
    d20 = res["details"]["stabilize"]["lines"][0]["value"]
    assert 1 <= d20 <= 20
    assert res["details"]["stabilized"] == (d20 == 20 or d20 + 2 - 2 >= 10)


def test_healing_caps_at_maximum_and_stabilises_the_dying():
    res = q("heal", creature=HERO, hp={"max": 20, "current": 15}, amount=10)
    assert res["value"]["current"] == 20 and res["breakdown"]["total"] == 20
    cap = [l for l in res["breakdown"]["lines"] if l["label"] == "hp.cap"][0]
    assert cap["value"] == -5 and cap["rule"] == RULE
    dying = q("heal", creature=HERO, hp={"max": 20, "current": -6, "status": "dying"}, amount=2)
    assert dying["value"]["status"] == "stable" and dying["value"]["counters"]["aided"] is True
    up = q("heal", creature=HERO, hp={"max": 20, "current": -2, "status": "dying"}, amount=5)
    assert up["value"]["status"] == "ok" and up["value"]["current"] == 3
    assert "dying" in up["details"]["conditions"]["remove"]


def test_healing_removes_nonlethal_damage_too():
    res = q("heal", creature=HERO, hp={"max": 20, "current": 8, "counters": {"nonlethal": 9}}, amount=3)
    assert res["value"]["counters"]["nonlethal"] == 6 and res["value"]["status"] == "ok"


def test_energy_drain_lowers_the_maximum_and_the_dead_are_not_healed():
    drained = dict(HERO, conditions=[{"id": "energy_drained", "stage": 2}])
    res = q("heal", creature=drained, hp={"max": 20, "current": 5}, amount=20)
    assert res["value"]["current"] == 10
    cap = [l for l in res["breakdown"]["lines"] if l["label"] == "hp.cap"][0]
    assert cap["rule"] == COND and cap["source"] == "energy_drained"
    dead = q("heal", creature=HERO, hp={"max": 20, "current": -20, "status": "dead"}, amount=20)
    assert dead["value"]["current"] == -20 and dead["events"] == [COND]


def test_bleed_deals_its_stage_at_the_start_of_the_turn():
    bleeding = dict(HERO, conditions=[{"id": "bleed", "stage": 3}])
    res = q("turn", creature=bleeding, hp={"max": 20, "current": 2})
    assert res["value"]["current"] == -1 and res["value"]["status"] == "dying"
    assert res["details"]["bleed"]["total"] == -1 and COND in res["events"]
    assert "stabilize" not in res["details"]          # the Con check starts next turn
    later = q("turn", creature=bleeding, hp=res["value"], rolls={"d20": 5})
    assert later["value"]["current"] == -5 and later["details"]["stabilized"] is False


def test_confused_rolls_d100_for_its_behaviour():
    confused = {"conditions": ["confused"]}
    for roll, behaviour in ((25, "act normally"), (26, "do nothing but babble incoherently"),
                            (75, "deal 1d8 + Str modifier damage to itself with an item in hand"),
                            (100, "attack the nearest creature")):
        res = q("turn", creature=confused, rolls={"d100": roll})
        assert res["details"]["confusion"] == {"roll": roll, "behaviour": behaviour, "rule": COND}
    prompt = run("turn", {"ruleset": "pf1", "creature": confused})
    assert prompt["prompts"][0]["roll"] == "d100"


def test_hp_bad_input():
    with pytest.raises(InputError) as err:
        damage({"max": 20, "current": 5}, 10, creature={})
    assert err.value.field == "creature.stats.con"
    with pytest.raises(InputError) as err:
        damage({"max": 20, "current": 5}, -1)
    assert err.value.field == "amount"
    with pytest.raises(InputError) as err:
        q("turn", creature=HERO, hp={"max": 20, "current": -1}, rolls={"d6": 3})
    assert err.value.field == "rolls.d6"
    with pytest.raises(InputError) as err:
        q("turn", creature=HERO, hp={"max": 20, "current": -1}, rolls={"d20": 21})
    assert err.value.field == "rolls.d20"
    with pytest.raises(InputError) as err:
        q("turn", creature=dict(HERO, conditions=[{"id": "bleed", "stage": 0}]), hp={"max": 5})
    assert err.value.field == "condition.stage"
