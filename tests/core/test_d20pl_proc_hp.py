"""d20pl hit points, dying and healing (seed 003 "Poważne rany i śmierć") and
saving throws, through the JSON interface ``mischia.queries.run``."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

ORC = {"name": "orc", "stats": {"con": 12, "con_mod": 1, "base_fort": 3, "base_will": 0}}


def q(name, rng_seed=None, **payload):
    payload.setdefault("ruleset", "d20pl")
    return run(name, payload, random.Random(rng_seed) if rng_seed is not None else None)


def line(bd, rule):
    for item in bd["lines"]:
        if item["rule"] == rule:
            return item
    raise KeyError(rule)


def cond_ids(res):
    return {c["id"]: c["rule"] for c in res["details"]["conditions"]}


def prompt(res, rule):
    for p in res["prompts"]:
        if p["rule"] == rule:
            return p
    raise KeyError(rule)


# ----- the story: the orc drops to −4 -----------------------------------------------

def test_story_orc_at_minus_4_mortal_danger_unconsciousness_roll_and_heal_dc_19():
    hit = q("damage", creature=ORC, hp={"max": 30, "current": 6}, amount=10)
    assert hit["value"]["current"] == -4 and hit["value"]["status"] == "mortal_danger"
    assert "d20pl.hp.below-zero.unconscious-save" in hit["events"]
    assert cond_ids(hit)["mortal_danger"] == "d20pl.hp.below-zero.unconscious-save"
    heal_dc = hit["details"]["heal_check_dc"]
    assert heal_dc["total"] == 19 and line(heal_dc, "d20pl.hp.stabilise.heal")["value"] == 15
    # start of its next turn: the app asks for the unconsciousness roll
    ask = q("turn", creature=ORC, hp=hit["value"])
    p = prompt(ask, "d20pl.hp.below-zero.unconscious-save")
    # disabled: Con 12 → 3 (25%), modifier −4 instead of +1
    assert p["target"] == 10 and p["roll"] == "d20-4" and p["params"]["field"] == "rolls.unconsciousness"
    assert prompt(ask, "d20pl.hp.stabilise.heal")["target"] == 19
    kept = q("turn", creature=ORC, hp=hit["value"], rolls={"unconsciousness": 14, "stabilise": 40})
    check = kept["details"]["checks"]["unconsciousness"]
    assert check["total"] == 10 and check["success"] is True
    assert line(check["modifiers"], "d20pl.hp.disabled.attributes")["value"] == -5
    assert "unconscious" not in cond_ids(kept)
    out = q("turn", creature=ORC, hp=hit["value"], rolls={"unconsciousness": 13, "stabilise": 40})
    assert out["details"]["checks"]["unconsciousness"]["total"] == 9
    assert "d20pl.hp.below-zero.unconscious-save" in out["events"]
    assert cond_ids(out)["unconscious"] == "d20pl.hp.below-zero.unconscious-save"


# ----- thresholds -------------------------------------------------------------------

def test_full_function_at_1_hp_or_more():
    res = q("damage", creature=ORC, hp={"max": 30, "current": 20}, amount=5)
    assert res["value"]["current"] == 15 and res["value"]["status"] == "ok"
    assert "d20pl.hp.full-function" in res["events"] and res["details"]["conditions"] == []
    assert line(res["breakdown"], "d20pl.hp.full-function")["value"] == 20


def test_zero_hp_is_disabled_with_will_save_dc_20():
    res = q("damage", creature=ORC, hp={"max": 30, "current": 5}, amount=5)
    assert res["value"]["status"] == "disabled"
    assert "d20pl.hp.disabled.actions" in res["events"]
    assert prompt(res, "d20pl.hp.zero.will-save")["target"] == 20


def test_will_save_dc_is_20_plus_points_below_zero_seed_example():
    RULE = "d20pl.hp.zero.will-save"
    res = q("damage", creature=ORC, hp={"max": 30, "current": 5}, amount=10, rolls={"will": 20})
    will = res["details"]["checks"]["will"]
    assert will["target"] == 25 and line(will["dc"], RULE)["value"] == 20
    assert [l["value"] for l in will["dc"]["lines"]] == [20, 5]
    assert will["success"] is False  # 20 + 0 < 25
    assert cond_ids(res)["unconscious"] == RULE and RULE in res["events"]


@pytest.mark.parametrize("choice,asked", [("each-damage", True), ("on-drop", False)])
def test_amb38_will_save_trigger_option(choice, asked):
    res = q("damage", creature=ORC, hp={"max": 30, "current": -2, "status": "mortal_danger"},
            amount=1, options={"will_save_trigger": choice})
    rules = [p["rule"] for p in res["prompts"]]
    assert ("d20pl.hp.zero.will-save" in rules) is asked


def test_massive_damage_fortitude_dc_15_from_one_attack_rolled_by_gm():
    RULE = "d20pl.hp.massive-damage"
    res = q("damage", creature=ORC, hp={"max": 40, "current": 40}, amount=10)
    p = prompt(res, RULE)
    assert p["target"] == 15 and p["params"]["by"] == "gm" and p["roll"] == "d20+4"
    assert res["details"]["massive_threshold"]["total"] == 10
    assert not [x for x in q("damage", creature=ORC, hp={"max": 40, "current": 40}, amount=9)["prompts"]
                if x["rule"] == RULE]
    several = q("damage", creature=ORC, hp={"max": 40, "current": 40}, amount=10, single_attack=False)
    assert not [x for x in several["prompts"] if x["rule"] == RULE]
    failed = q("damage", creature=ORC, hp={"max": 40, "current": 40}, amount=10, rolls={"massive": 10})
    assert failed["value"]["current"] == 30 and cond_ids(failed)["unconscious"] == RULE
    assert RULE in failed["events"]


@pytest.mark.parametrize("basis,asked", [("max-hp", False), ("current-hp", True)])
def test_amb39_massive_damage_basis(basis, asked):
    res = q("damage", creature=ORC, hp={"max": 40, "current": 20}, amount=5,
            options={"massive_damage_basis": basis})
    assert ("d20pl.hp.massive-damage" in [p["rule"] for p in res["prompts"]]) is asked


def test_dying_at_minus_con_unconscious_with_disabled_rules():
    weak = {"stats": {"con": 8, "con_mod": -1}}
    res = q("damage", creature=weak, hp={"max": 10, "current": 2}, amount=10)
    assert res["value"]["status"] == "dying" and "d20pl.hp.dying.threshold" in res["events"]
    conds = cond_ids(res)
    assert conds["dying"] == "d20pl.hp.dying.threshold"
    assert conds["unconscious"] == "d20pl.hp.dying.threshold"
    assert conds["disabled"] == "d20pl.hp.dying.disabled-rules"
    assert "d20pl.hp.dying.left-alone" in [r["rule"] for r in res["reminders"]]
    eff = q("effective", creature={"stats": {"con": 8}, "conditions": ["dying"]})
    assert eff["details"]["forbid.action.full_round"]["lines"][0]["rule"] == "d20pl.hp.disabled.actions"


@pytest.mark.parametrize("floor,status", [("minus-10", "dead"), ("none", "mortal_danger")])
def test_amb37_hard_death_floor_minus_10(floor, status):
    res = q("damage", creature=ORC, hp={"max": 30, "current": 5}, amount=15,
            options={"death_floor": floor})
    assert res["value"]["current"] == -10 and res["value"]["status"] == status
    if status == "dead":
        assert "d20pl.hp.summary-thresholds" in res["events"]
        assert res["value"]["counters"]["dead"] == "d20pl.hp.summary-thresholds"


@pytest.mark.parametrize("current,status", [(0, "disabled"), (-1, "dying"), (-9, "dying"), (-10, "dead")])
def test_amb37_summary_model_thresholds(current, status):
    RULE = "d20pl.hp.summary-thresholds"
    res = q("damage", creature={"stats": {"con": 16}}, hp={"max": 30, "current": 30},
            amount=30 - current, options={"hp_model": "summary"})
    assert res["value"]["status"] == status and RULE in res["events"]
    if status == "dying":
        assert cond_ids(res)["unconscious"] == RULE


def test_detailed_model_is_the_default():
    res = q("damage", creature={"stats": {"con": 16}}, hp={"max": 30, "current": 30}, amount=31)
    assert res["value"]["status"] == "mortal_danger"


# ----- epic heroes ---------------------------------------------------------------------

EPIC = {"stats": {"con": 8, "con_mod": 3}, "traits": ["epic"]}


def test_epic_hero_below_zero_makes_a_death_save_failure_means_unconscious():
    RULE = "d20pl.hp.below-zero.epic"
    hp = {"max": 50, "current": -3, "status": "mortal_danger"}
    ask = q("turn", creature=EPIC, hp=hp)
    assert prompt(ask, RULE)["target"] == 10
    res = q("turn", creature=EPIC, hp=hp, rolls={"death_save": 2, "stabilise": 10})
    assert cond_ids(res)["unconscious"] == RULE and RULE in res["events"]
    assert "death_failures" not in res["value"]["counters"]


def test_epic_dying_three_failures_dead_three_successes_stable():
    RULE = "d20pl.hp.dying.epic-death-saves"
    hp = {"max": 50, "current": -9, "status": "dying", "counters": {"death_failures": 2}}
    # Con 8 → disabled 2 → modifier −4: d20 13 → 9 fails
    res = q("turn", creature=EPIC, hp=hp, rolls={"death_save": 13})
    assert res["value"]["status"] == "dead" and res["value"]["counters"]["dead"] == RULE
    hp["counters"] = {"death_successes": 2}
    res = q("turn", creature=EPIC, hp=hp, rolls={"death_save": 14, "stabilise": 5})
    assert res["value"]["counters"]["stable"] == RULE and RULE in res["events"]


@pytest.mark.parametrize("formula,success", [("d20+con", False), ("flat-d20", True)])
def test_amb41_death_save_formula(formula, success):
    hp = {"max": 50, "current": -9, "status": "dying"}
    res = q("turn", creature=EPIC, hp=hp, rolls={"death_save": 10, "stabilise": 5},
            options={"death_save_formula": formula})
    check = res["details"]["checks"]["death_save"]
    assert check["success"] is success
    if formula == "flat-d20":
        assert check["total"] == 10
        assert line(check["modifiers"], "d20pl.hp.dying.epic-death-saves")["value"] == 0


# ----- stabilising ----------------------------------------------------------------------

@pytest.mark.parametrize("d100,bonus,stable", [(91, 0, True), (90, 0, False), (86, 5, True)])
def test_stabilise_on_d100_above_90(d100, bonus, stable):
    RULE = "d20pl.hp.stabilise.self"
    hp = {"max": 30, "current": -4, "status": "mortal_danger", "counters": {"unconscious": "x"}}
    res = q("turn", creature=ORC, hp=hp, rolls={"stabilise": d100}, stabilise_bonus=bonus)
    assert res["details"]["checks"]["stabilise"]["success"] is stable
    assert (res["value"]["counters"].get("stable") == RULE) is stable
    assert (RULE in res["events"]) is stable


@pytest.mark.parametrize("d20,stable", [(14, True), (13, False)])
def test_heal_check_dc_15_plus_points_below_zero_stabilises(d20, stable):
    RULE = "d20pl.hp.stabilise.heal"
    hp = {"max": 30, "current": -4, "status": "mortal_danger"}
    res = q("heal", creature=ORC, hp=hp, method="heal_check", heal_bonus=5, rolls={"heal": d20})
    check = res["details"]["checks"]["heal"]
    assert check["target"] == 19 and check["total"] == d20 + 5
    assert (res["value"]["counters"].get("stable") == RULE) is stable


def test_heal_check_needs_a_character_below_zero():
    with pytest.raises(InputError) as err:
        q("heal", creature=ORC, hp={"max": 30, "current": 3}, method="heal_check")
    assert err.value.field == "method"


@pytest.mark.parametrize("choice,current", [("none", -4), ("1-per-round", -5)])
def test_ext_dying_hp_loss_option(choice, current):
    hp = {"max": 30, "current": -4, "status": "mortal_danger", "counters": {"unconscious": "x"}}
    res = q("turn", creature=ORC, hp=hp, rolls={"stabilise": 30}, options={"dying_hp_loss": choice})
    assert res["value"]["current"] == current
    assert ("ext.d20pl.dying-hp-loss" in res["events"]) is (choice != "none")
    if choice != "none":
        assert line(res["breakdown"], "ext.d20pl.dying-hp-loss")["value"] == -1


def test_stable_creature_makes_no_more_rolls_until_hurt_again():
    hp = {"max": 30, "current": -4, "status": "mortal_danger", "counters": {"stable": "d20pl.hp.stabilise.self"}}
    assert q("turn", creature=ORC, hp=hp)["prompts"] == []
    hurt = q("damage", creature=ORC, hp=hp, amount=1, rolls={"will": 20})
    assert "stable" not in hurt["value"]["counters"]


# ----- healing ----------------------------------------------------------------------------

def test_heal_is_capped_at_full_hit_points():
    res = q("heal", creature=ORC, hp={"max": 10, "current": 8}, amount=5)
    assert res["value"]["current"] == 10
    cap = line(res["breakdown"], "d20pl.heal.cap")
    assert res["breakdown"]["lines"][-1]["value"] == -3 and res["breakdown"]["lines"][-1]["reason"] == "cap"
    assert cap["value"] == 8


def test_heal_above_zero_functions_normally():
    RULE = "d20pl.hp.heal-above-zero"
    hp = {"max": 30, "current": -4, "status": "mortal_danger",
          "counters": {"unconscious": "d20pl.hp.zero.will-save", "stable": "d20pl.hp.stabilise.heal"}}
    res = q("heal", creature=ORC, hp=hp, amount=6)
    assert res["value"] == {"max": 30, "current": 2, "temp": 0, "status": "ok", "counters": {}}
    assert RULE in res["events"] and res["details"]["conditions"] == []
    partial = q("heal", creature=ORC, hp=hp, amount=4)
    assert partial["value"]["status"] == "disabled" and RULE not in partial["events"]


def test_rest_recovers_ability_damage_1_per_night_2_per_full_day():
    RULE = "d20pl.heal.ability-damage"
    res = q("heal", method="rest", ability_damage={"str": 3, "dex": 6}, nights=2, full_days=1)
    assert res["details"]["ability_damage"] == {"dex": 2, "str": 0}
    dex = res["details"]["recovered.dex"]
    assert dex["total"] == 4 and line(dex, RULE)["value"] == 2
    assert res["details"]["recovered.str"]["total"] == 3 and RULE in res["events"]


# ----- disabled: attributes at 25% (AMB-40) -------------------------------------------------

@pytest.mark.parametrize("rounding,mod", [("round-down", -4), ("round-nearest", -3)])
def test_amb40_disabled_attributes_at_25_percent(rounding, mod):
    RULE = "d20pl.hp.disabled.attributes"
    res = q("save", creature={"stats": {"con": 14, "base_fort": 2}, "conditions": ["disabled"]},
            kind="fortitude", rolls={"d20": 10}, options={"disabled_attributes": rounding})
    assert line(res["breakdown"], RULE)["value"] == mod - 2
    assert res["value"]["total"] == 10 + 2 + mod
    eff = q("effective", creature={"stats": {"con": 14}, "conditions": ["disabled"]},
            options={"disabled_attributes": rounding})
    assert eff["details"]["attribute.con"]["total"] == (3 if rounding == "round-down" else 4)


def test_disabled_turn_allows_one_move_or_standard_action():
    res = q("turn", creature=ORC, hp={"max": 30, "current": 0, "status": "disabled"})
    assert res["details"]["actions"]["rule"] == "d20pl.hp.disabled.actions"
    assert res["prompts"] == []
    assert {"d20pl.hp.disabled.strenuous", "d20pl.hp.disabled.move-safe"} <= {
        r["rule"] for r in res["reminders"]}


def test_temporary_hit_points_absorb_damage_first():
    res = q("damage", creature=ORC, hp={"max": 30, "current": 30, "temp": 4}, amount=6)
    assert res["value"]["current"] == 28 and res["value"]["temp"] == 0


def test_auto_roll_uses_the_passed_in_random():
    hp = {"max": 30, "current": -4, "status": "mortal_danger"}
    a = q("turn", 7, creature=ORC, hp=hp, auto_roll=True)
    b = q("turn", 7, creature=ORC, hp=hp, auto_roll=True)
    assert a == b and 1 <= a["details"]["checks"]["stabilise"]["die"] <= 100


# ----- saves ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind,rule,stats,total", [
    ("fortitude", "d20pl.save.fortitude", {"base_fort": 4, "con_mod": 2}, 16),
    ("reflex", "d20pl.save.reflex", {"base_ref": 1, "dex_mod": 3}, 14),
    ("will", "d20pl.save.will", {"base_will": 2, "wil": 14}, 14),
])
def test_save_is_d20_plus_base_plus_attribute_modifier(kind, rule, stats, total):
    res = q("save", creature={"stats": stats}, kind=kind, dc=15, rolls={"d20": 10})
    assert res["value"]["total"] == total and res["value"]["success"] is (total >= 15)
    assert line(res["breakdown"], "d20pl.save.formula")["value"] == stats[f"base_{kind[:4] if kind != 'reflex' else 'ref'}"]
    assert line(res["breakdown"], rule)["value"] == total - 10 - line(res["breakdown"], "d20pl.save.formula")["value"]


# ----- bad input -------------------------------------------------------------------------

@pytest.mark.parametrize("payload,field", [
    ({"creature": {"stats": {}}, "hp": {"max": 10, "current": 2}, "amount": 5}, "creature.stats.con"),
    ({"creature": ORC, "hp": {"max": 10, "current": 2}, "amount": -1}, "amount"),
    ({"creature": {"stats": {"con": 99}}, "hp": {"max": 10}, "amount": 1}, "creature.stats.con"),
    ({"creature": ORC, "hp": {"max": 10}, "amount": 1, "rolls": {"d20": 3}}, "rolls.d20"),
    ({"creature": ORC, "hp": {"max": 10}, "amount": 3, "rolls": {"massive": 21}}, "rolls.massive"),
])
def test_bad_damage_input_names_the_field(payload, field):
    with pytest.raises(InputError) as err:
        q("damage", **payload)
    assert err.value.field == field


def test_bad_save_kind_lists_the_kinds():
    with pytest.raises(InputError) as err:
        q("save", creature=ORC, kind="luck")
    assert err.value.field == "kind" and "will" in err.value.allowed


def test_save_without_a_dc_asks_los_and_reminds_what_a_save_does():
    res = q("save", creature=ORC, kind="fortitude", rolls={"d20": 12})
    assert res["value"]["total"] == 16 and "success" not in res["value"]
    assert res["prompts"][0]["rule"] == "d20pl.save.dc"
    assert res["reminders"][0]["rule"] == "d20pl.save.trigger"


def test_a_save_of_another_kind_takes_the_bonus_the_effect_gives():
    RULE = "d20pl.save.types-exception"
    res = q("save", creature=ORC, kind="other", bonus=3, dc=15, rolls={"d20": 12})
    assert res["value"]["success"] is True and line(res["breakdown"], RULE)["value"] == 3
    assert RULE in [p["rule"] for p in res["prompts"]]


@pytest.mark.parametrize("die,asked", [(1, True), (5, False)])
def test_level_up_hit_die_minimum_may_be_trained_up(die, asked):
    RULE = "d20pl.hp.level-roll"
    res = q("heal", method="level_up", hp={"max": 20, "current": 14}, hit_die=8, rolls={"hit_die": die})
    assert res["value"]["max"] == 20 + die and res["value"]["current"] == 14 + die
    assert line(res["breakdown"], RULE)["value"] == 20
    assert bool([p for p in res["prompts"] if p["rule"] == RULE]) is asked
    with pytest.raises(InputError) as err:
        q("heal", method="level_up", hp={"max": 20}, hit_die=7)
    assert err.value.field == "hit_die"


def test_healed_out_of_dying_stays_unconscious_until_the_gm_says_otherwise():
    weak = {"stats": {"con": 8}}
    res = q("heal", creature=weak, hp={"max": 20, "current": -9, "status": "dying"}, amount=5)
    assert res["value"]["status"] == "mortal_danger"
    assert cond_ids(res)["unconscious"] == "d20pl.hp.dying.threshold"
    woke = q("turn", creature=weak, hp=res["value"], regain_consciousness=True, rolls={"stabilise": 95})
    assert "unconscious" not in cond_ids(woke) and "d20pl.hp.recovery-with-help" in woke["events"]


def test_no_saves_asked_of_a_creature_already_unconscious():
    hp = {"max": 40, "current": 5, "counters": {"unconscious": "d20pl.hp.massive-damage"}}
    res = q("damage", creature=ORC, hp=hp, amount=10)
    assert res["value"]["status"] == "mortal_danger" and res["prompts"] == []
    awake = q("damage", creature=ORC, hp={"max": 40, "current": 5}, amount=10)
    assert {p["rule"] for p in awake["prompts"]} == {"d20pl.hp.massive-damage", "d20pl.hp.zero.will-save"}


def test_conscious_creature_below_zero_keeps_the_disabled_action_limit():
    hp = {"max": 30, "current": -4, "status": "mortal_danger"}
    res = q("turn", creature=ORC, hp=hp, rolls={"unconsciousness": 20, "stabilise": 3})
    assert res["details"]["actions"]["rule"] == "d20pl.hp.disabled.actions"
    out = q("turn", creature=ORC, hp=hp, rolls={"unconsciousness": 2, "stabilise": 3})
    assert "actions" not in out["details"]


# ----- properties -------------------------------------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200), st.integers(-9, 200), st.integers(0, 400))
def test_healing_never_goes_above_the_maximum_nor_below_the_start(top, current, amount):
    current = min(current, top)
    res = q("heal", creature=ORC, hp={"max": top, "current": current}, amount=amount)
    assert current <= res["value"]["current"] <= top
    assert res["value"]["current"] == min(top, current + amount)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 200), st.integers(0, 200), st.integers(0, 8))
def test_damage_removes_exactly_the_amount_and_the_band_follows_the_total(top, amount, con):
    res = q("damage", creature={"stats": {"con": con}}, hp={"max": top, "current": top},
            amount=amount, options={"death_floor": "none"})
    current = top - amount
    assert res["value"]["current"] == current
    expected = ("ok" if current >= 1 else "disabled" if current == 0
                else "dying" if current <= -con else "mortal_danger")
    assert res["value"]["status"] == expected
