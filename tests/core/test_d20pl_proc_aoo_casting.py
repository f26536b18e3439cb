"""d20pl attacks of opportunity, threatened area by size (seed 003 "Ataki okazyjne")
and casting/concentration ("Rzucanie czaru", "Koncentracja")."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run


def aoo(threatener=None, action=None, **data):
    payload = {"ruleset": "d20pl", "creature": {}, "aoo": {"threatener": threatener or {}, **data}}
    if action:
        payload["action"] = action
    for key in ("leaving_threatened", "new_threatened_area", "first_square", "options"):
        if key in data:
            payload[key] = payload["aoo"].pop(key)
    res = run("actions", payload)
    return res["details"]["aoo"], res


THREAT = [  # (rule, size, shape, space, threatened area) — the seed's table
    ("d20pl.threat.fine", "fine", "tall", 0.15, 0),
    ("d20pl.threat.diminutive", "diminutive", "tall", 0.3, 0),
    ("d20pl.threat.tiny", "tiny", "tall", 0.75, 0),
    ("d20pl.threat.small", "small", "tall", 1.5, 1.5),
    ("d20pl.threat.medium", "medium", "tall", 1.5, 1.5),
    ("d20pl.threat.large-tall", "large", "tall", 3, 3),
    ("d20pl.threat.large-long", "large", "long", 3, 1.5),
    ("d20pl.threat.huge-tall", "huge", "tall", 4.5, 4.5),
    ("d20pl.threat.huge-long", "huge", "long", 4.5, 3),
    ("d20pl.threat.gargantuan-tall", "gargantuan", "tall", 6, 6),
    ("d20pl.threat.gargantuan-long", "gargantuan", "long", 6, 4.5),
    ("d20pl.threat.colossal-tall", "colossal", "tall", 9, 9),
    ("d20pl.threat.colossal-long", "colossal", "long", 9, 6),
]


@pytest.mark.parametrize("rule,size,shape,space,reach", THREAT)
def test_threatened_area_by_size(rule, size, shape, space, reach):
    a, _ = aoo({"size": size}, shape=shape)
    assert (a["rule"], a["space"], a["threatened_area"]) == (rule, space, reach)
    assert a["threatened"] is (reach > 0) and a["threatened_rule"] == "d20pl.aoo.threatened.size"


def test_threatened_within_the_area_by_distance():
    assert aoo({"size": "large"}, shape="tall", distance=3)[0]["threatened"] is True
    assert aoo({"size": "large"}, shape="long", distance=3)[0]["threatened"] is False


def test_everyone_in_melee_or_a_grapple_is_threatened():
    a, _ = aoo({"size": "tiny"}, engaged=True)
    assert a["threatened"] is True and a["threatened_rule"] == "d20pl.aoo.threatened.engaged"


def test_leaving_a_threatened_area_provokes():
    a, _ = aoo({}, action="move.move", leaving_threatened=True)
    assert a["provoked"] is True and a["provoked_rule"] == "d20pl.aoo.leaving" and a["can_attack"] is True
    assert a["trigger_rule"] == "d20pl.aoo.trigger"


def test_a_distracting_action_provokes_and_a_safe_one_does_not():
    a, _ = aoo({}, action="std.drink-potion")
    assert a["provoked"] is True and a["provoked_rule"] == "d20pl.aoo.distracting"
    b, _ = aoo({}, action="std.attack-melee")
    assert b["provoked"] is False and b["can_attack"] is False


def test_short_step_and_withdraw_avoid_attacks_of_opportunity():
    a, _ = aoo({}, action="none.short-step", leaving_threatened=True)
    assert a["provoked"] is False and a["provoked_rule"] == "d20pl.aoo.avoid"
    w, _ = aoo({}, action="full.withdraw", leaving_threatened=True)
    assert w["provoked"] is False and w["provoked_rule"] == "d20pl.action.withdraw"


def test_withdraw_into_a_new_threatened_area_provokes():
    RULE = "d20pl.action.withdraw.new-threat"
    a, _ = aoo({}, action="full.withdraw", leaving_threatened=True, new_threatened_area=True)
    assert a["provoked"] is True and a["provoked_rule"] == RULE


@pytest.mark.parametrize("choice,provoked", [("all-starting-areas", False), ("first-square-only", True)])
def test_amb46_withdraw_safe_area(choice, provoked):
    a, _ = aoo({}, action="full.withdraw", leaving_threatened=True,
               options={"withdraw_safe_area": choice})
    assert a["provoked"] is provoked
    first, _ = aoo({}, action="full.withdraw", leaving_threatened=True, first_square=True,
                   options={"withdraw_safe_area": choice})
    assert first["provoked"] is False


@pytest.mark.parametrize("data,rule", [
    ({"wielding": "ranged"}, "d20pl.aoo.ranged-weapon"),
    ({"used_this_round": 1}, "d20pl.aoo.single"),
    ({"target_cover": True}, "d20pl.aoo.cover"),
    ({"target_total_concealment": True}, "d20pl.aoo.total-concealment"),
    ({"casting_full_round": True}, "d20pl.aoo.casting-no-threat"),
    ({"wielding": "unarmed"}, "d20pl.unarmed.armed"),
])
def test_what_forbids_an_attack_of_opportunity(data, rule):
    a, _ = aoo({}, action="std.drink-potion", **data)
    assert a["can_attack"] is False and rule in [b["rule"] for b in a["blocked_by"]]


def test_a_creature_in_total_defence_makes_no_attack_of_opportunity():
    a, _ = aoo({"conditions": ["total_defence"]}, action="std.drink-potion")
    assert a["can_attack"] is False and a["blocked_by"][0]["rule"] == "d20pl.action.total-defence"
    b, _ = aoo({}, action="std.drink-potion", total_defence=True)
    assert b["blocked_by"][0]["rule"] == "d20pl.action.total-defence"


def test_armed_unarmed_creature_may_make_attacks_of_opportunity():
    a, _ = aoo({"traits": ["improved_unarmed_strike"]}, action="std.drink-potion", wielding="unarmed")
    assert a["can_attack"] is True


def test_the_attack_is_one_melee_attack_with_the_normal_bonus_resolved_by_los():
    a, _ = aoo({}, action="std.drink-potion")
    assert {"d20pl.aoo.single", "d20pl.aoo.bonus", "d20pl.aoo.definition"} <= set(a["attack"]["rules"])
    assert a["post"]["rule"] == "d20pl.aoo.gm-resolves"


def test_engaged_with_another_foe_or_an_invisible_target_asks_the_gm():
    _, res = aoo({}, action="std.drink-potion", engaged_with_other=True, target_invisible=True)
    assert [p["rule"] for p in res["prompts"]] == ["d20pl.aoo.engaged-penalty", "d20pl.aoo.exceptions"]


def test_bad_aoo_input():
    with pytest.raises(InputError) as err:
        aoo({}, wielding="psionic")
    assert err.value.field == "aoo.wielding"
    with pytest.raises(InputError) as err:
        aoo({}, shape="round")
    assert err.value.field == "aoo.shape"


# ----- casting and concentration ---------------------------------------------------------

def conc(seed=None, **payload):
    payload.setdefault("ruleset", "d20pl")
    payload.setdefault("creature", {"stats": {"concentration": 6}})
    return run("concentration", payload, random.Random(seed) if seed is not None else None)


def line(bd, label):
    return [l for l in bd["lines"] if l["label"] == label][0]


@pytest.mark.parametrize("d20,success", [(11, True), (10, False)])
def test_damage_while_casting_dc_10_plus_damage_plus_spell_level(d20, success):
    RULE = "d20pl.conc.aoo-damage"
    res = conc(damage=5, spell_level=2, rolls={"d20": d20})
    check = res["details"]["check"]
    assert check["target"] == 17 and line(check["dc"], "dc.damage")["rule"] == RULE
    assert [l["value"] for l in check["dc"]["lines"]] == [10, 5, 2]
    assert res["value"]["success"] is success
    if not success:
        assert res["value"]["outcome"] == "the spell is lost" and RULE in res["events"]


def test_defensive_casting_dc_15_plus_spell_level_does_not_provoke():
    RULE = "d20pl.cast.defensive"
    res = conc(defensive=True, spell_level=3, rolls={"d20": 12})
    assert res["details"]["check"]["target"] == 18 and res["value"]["success"] is True
    assert res["details"]["provokes"] == {"value": "no", "rule": RULE}
    assert line(res["details"]["check"]["dc"], "dc.base")["rule"] == RULE


def test_spell_like_ability_used_defensively_counts_as_used_on_failure():
    res = conc(defensive=True, spell_level=1, purpose="spell_like", rolls={"d20": 2})
    assert res["value"]["success"] is False
    assert res["value"]["outcome"] == "the ability fails and counts as used"
    assert line(res["details"]["check"]["dc"], "dc.base")["rule"] == "d20pl.sla.defensive"
    assert "d20pl.sla.casting" in res["events"]


def test_maintaining_concentration_failure_ends_the_spell():
    RULE = "d20pl.conc.maintain"
    res = conc(purpose="maintain", damage=10, spell_level=1, rolls={"d20": 1})
    assert res["value"]["outcome"] == "the spell ends" and RULE in res["events"]


@pytest.mark.parametrize("trigger,extra,dc", [
    ("continuous", {"damage": 7}, 10 + 3 + 2), ("grappled", {}, 22), ("entangled", {}, 17),
    ("vigorous", {}, 12), ("violent", {}, 17),
])
def test_ext_srd_concentration_dcs(trigger, extra, dc):
    res = conc(trigger=trigger, spell_level=2, rolls={"d20": 10}, **extra)
    check = res["details"]["check"]
    assert check["target"] == dc and check["rule"] == "ext.d20pl.concentration-skill"


def test_gm_set_dc_when_something_else_interrupts():
    res = conc(trigger="other", dc=14, rolls={"d20": 7})
    assert res["details"]["check"]["rule"] == "d20pl.conc.interrupted"
    assert res["value"]["success"] is False and res["value"]["outcome"] == "the spell is lost"


def test_missing_die_is_asked_for():
    res = conc(damage=4, spell_level=1)
    assert res["value"]["success"] is None and res["prompts"][0]["target"] == 15
    assert res["prompts"][0]["roll"] == "d20+6"


@pytest.mark.parametrize("d100,fails", [(20, True), (21, False)])
def test_deafened_caster_has_20_percent_verbal_failure(d100, fails):
    RULE = "d20pl.cast.component.verbal"
    res = conc(creature={"conditions": ["deafened"]}, components=["V"], rolls={"failure": d100})
    assert res["details"]["spell_failure"]["total"] == 20
    assert res["details"]["spell_failure"]["lines"][0]["rule"] == RULE
    assert res["value"]["success"] is (not fails)
    assert (RULE in res["events"]) is fails
    quiet = conc(creature={"conditions": ["deafened"]}, components=["S"])
    assert "spell_failure" not in quiet["details"]


def test_deafened_is_a_verbal_spell_failure_condition():
    eff = run("effective", {"ruleset": "d20pl", "creature": {"conditions": ["deafened"]}})
    bd = eff["details"]["spell_failure.verbal"]
    assert bd["total"] == 20 and bd["lines"][0]["rule"] == "d20pl.cast.component.verbal"


@pytest.mark.parametrize("payload,rule", [
    ({"components": ["S"], "free_hands": 0}, "d20pl.cast.component.somatic"),
    ({"components": ["V", "S"], "hands_bound": True}, "d20pl.cast.component.somatic"),
    ({"components": ["M"], "has_material": False}, "d20pl.cast.component.material"),
    ({"components": ["V", "F"], "has_focus": False}, "d20pl.cast.component.focus"),
    ({"components": ["XP"], "xp_cost": 500, "xp": 10400, "xp_level_minimum": 10000}, "d20pl.cast.component.xp"),
])
def test_components_that_prevent_casting(payload, rule):
    res = conc(**payload)
    rules = [b["rule"] for b in res["details"]["blocked_by"]]
    assert res["value"]["can_cast"] is False and rule in rules


def test_xp_component_is_spent_whether_or_not_the_casting_succeeds():
    res = conc(components=["XP"], xp_cost=300, xp=10400, xp_level_minimum=10000,
               damage=5, spell_level=5, rolls={"d20": 1})
    assert res["value"]["success"] is False
    assert res["details"]["xp_spent"] == {"value": 300, "rule": "d20pl.cast.component.xp",
                                          "note": "spent whether the casting succeeds or not"}


def test_material_component_is_usually_consumed():
    res = conc(components=["M"])
    assert res["details"]["material"]["rule"] == "d20pl.cast.component.material"
    assert res["value"]["success"] is True


def test_bad_concentration_input():
    with pytest.raises(InputError) as err:
        conc(components=["Q"])
    assert err.value.field == "components[0]"
    with pytest.raises(InputError) as err:
        conc(damage=3, spell_level=12)
    assert err.value.field == "spell_level"
    with pytest.raises(InputError) as err:
        conc(damage=3, rolls={"d20": 0})
    assert err.value.field == "rolls.d20"


def test_a_caster_who_cannot_concentrate_cannot_cast():
    RULE = "d20pl.conc.required"
    from mischia.model import ConditionDef, Modifier, Unit
    from mischia.ruleset import get_ruleset
    ruleset = get_ruleset("d20pl")
    ruleset.conditions["test_raging"] = ConditionDef("test_raging", "test.rage", modifiers=(
        Modifier("forbid", 1, "test.rage", Unit.FLAG, detail="concentration"),))
    try:
        res = conc(creature={"conditions": ["test_raging"]}, components=["V"])
    finally:
        del ruleset.conditions["test_raging"]
    assert res["value"]["can_cast"] is False
    assert res["details"]["blocked_by"][0] == {"rule": RULE, "reason": "cannot concentrate", "by": "test.rage"}
