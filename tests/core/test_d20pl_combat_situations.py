"""d20pl attack modifiers, cover, concealment, flanking, coup de grace, range
increments and the Dodge test (seed 003, RULES.md §3.7, §3.14–3.18, ext)."""

import random

import pytest

from mischia.engine import build_context, number, situation_modifiers
from mischia.creature import Situation
from mischia.errors import InputError
from mischia.queries import run
from mischia.ruleset import get_ruleset

FIGHTER = {"stats": {"bab": 5, "str_mod": 3, "dex_mod": 2}}


def attack(attacker=None, defender=None, rolls=None, situation=None, options=None, **spec):
    payload = {"ruleset": "d20pl", "attacker": attacker or FIGHTER,
               "defender": defender or {"stats": {}},
               "attack": spec or {"damage": "1d8"},
               "rolls": rolls if rolls is not None else {"d20": 15, "damage": [4]},
               "situation": situation or {}, "options": options or {}}
    return run("attack", payload, random.Random(7))


def line(breakdown, rule):
    found = [l for l in breakdown["lines"] if l["rule"] == rule]
    assert found, f"no line for {rule} in {breakdown['lines']}"
    return found[0]


def applied_rules(breakdown):
    return [l["rule"] for l in breakdown["lines"] if l["applied"]]


# --- §3.14 attack modifier table -------------------------------------------------------
@pytest.mark.parametrize("rule, condition, melee, ranged", [
    ("d20pl.atkmod.prone", "prone", -4, None),
    ("d20pl.atkmod.dazzled", "dazzled", -1, -1),
    ("d20pl.atkmod.entangled", "entangled", -2, -2),
    ("d20pl.atkmod.squeezing", "squeezing", -4, -4),
    ("d20pl.atkmod.shaken-frightened", "shaken", -2, -2),
    ("d20pl.atkmod.shaken-frightened", "frightened", -2, -2),
    ("d20pl.atkmod.invisible", "invisible", 2, 2),
])
def test_attacker_conditions(rule, condition, melee, ranged):
    me = dict(FIGHTER, conditions=[condition])
    assert line(attack(me, rolls={"d20": 1})["attack"], rule)["value"] == melee
    res = attack(me, rolls={"d20": 1}, kind="ranged", weapon=["crossbow"])
    if ranged is None:
        assert rule not in applied_rules(res["attack"])
    else:
        assert line(res["attack"], rule)["value"] == ranged


@pytest.mark.parametrize("rule, toggle, melee", [
    ("d20pl.atkmod.flanking", "flanking", 2),
    ("d20pl.atkmod.higher-ground", "higher_ground", 1),
])
def test_attack_situations_melee_only(rule, toggle, melee):
    sit = {"toggles": [toggle]}
    assert line(attack(rolls={"d20": 1}, situation=sit)["attack"], rule)["value"] == melee
    ranged = attack(rolls={"d20": 1}, situation=sit, kind="ranged", weapon=["crossbow"])
    assert rule not in applied_rules(ranged["attack"])


def test_shaken_and_frightened_together_count_once():
    me = dict(FIGHTER, conditions=["shaken", "frightened"])
    res = attack(me, rolls={"d20": 1})
    assert res["attack"]["total"] == 6 and applied_rules(res["attack"]).count(
        "d20pl.atkmod.shaken-frightened") == 1


def test_entangled_dex_penalty_hits_ranged_attacks():
    rule = "d20pl.atkmod.fn1"
    me = dict(FIGHTER, conditions=["entangled"])
    res = attack(me, rolls={"d20": 1}, kind="ranged", weapon=["crossbow"])
    assert line(res["attack"], rule)["value"] == -2 and res["attack"]["total"] == 3
    melee = attack(me, rolls={"d20": 1})
    assert rule not in applied_rules(melee["attack"])


def test_invisible_attacker_denies_dex_unless_the_target_is_blinded():
    fn2 = "d20pl.atkmod.fn2"
    for how in ({"attacker": dict(FIGHTER, conditions=["invisible"])},
                {"situation": {"toggles": ["invisible_attacker"]}}):
        res = attack(defender={"stats": {"dex_mod": 3}}, rolls={"d20": 1}, **how)
        assert line(res["target"], fn2)["reason"] == "denied" and res["target"]["total"] == 10
        assert res["attack"]["total"] == 10
        blind = attack(defender={"stats": {}, "conditions": ["blinded"]}, rolls={"d20": 1}, **how)
        assert "d20pl.atkmod.invisible" not in applied_rules(blind["attack"])


def test_prone_attacker_cannot_shoot_except_crossbow_or_shuriken():
    rule = "d20pl.atkmod.fn3"
    me = dict(FIGHTER, conditions=["prone"])
    bow = attack(me, kind="ranged", weapon=["bow"])
    assert bow["verdict"] == "not-allowed" and rule in bow["notes"]
    for weapon in ("crossbow", "shuriken"):
        res = attack(me, rolls={"d20": 1}, kind="ranged", weapon=[weapon])
        assert res["verdict"] == "natural-1" and res["attack"]["total"] == 7   # no penalty


# --- §3.15 cover -----------------------------------------------------------------------
def test_soft_cover_only_against_ranged_attacks():
    rule = "d20pl.cover.soft"
    sit = {"choices": {"cover": "soft"}}
    ranged = attack(rolls={"d20": 1}, situation=sit, kind="ranged", weapon=["crossbow"])
    assert line(ranged["target"], rule)["value"] == 4 and ranged["target"]["total"] == 14
    melee = attack(rolls={"d20": 1}, situation=sit)
    assert melee["target"]["total"] == 10


def test_total_cover_cannot_be_attacked():
    rule = "d20pl.cover.total"
    res = attack(situation={"choices": {"cover": "total"}})
    assert res["verdict"] == "not-allowed" and rule in res["notes"]


def test_improved_cover_doubles_to_plus_8():
    rule = "d20pl.cover.improved"
    res = attack(rolls={"d20": 1}, situation={"choices": {"cover": "improved"}})
    assert line(res["target"], rule)["value"] == 8 and res["target"]["total"] == 18
    assert rule in [r["rule"] for r in res["reminders"]]


@pytest.mark.parametrize("numbers, counts, reason", [
    ({}, True, ""),
    ({"obstacle_distance": 6}, True, ""),
    ({"obstacle_distance": 12}, False, "obstacle-too-far"),
    ({"obstacle_distance": 6, "attacker_obstacle_distance": 3}, False, "attacker-closer"),
    ({"obstacle_distance": 3, "attacker_obstacle_distance": 6}, True, ""),
])
def test_low_obstacle_cover_within_9_metres(numbers, counts, reason):
    rule = "d20pl.cover.low-obstacle"
    res = attack(rolls={"d20": 1}, situation={"choices": {"cover": "low"}, "numbers": numbers})
    low = line(res["target"], rule)
    assert low["applied"] is counts and res["target"]["total"] == (14 if counts else 10)
    if reason:
        assert low["reason"] == reason


def reflex(choice, spread=False):
    rs = get_ruleset("d20pl")
    sit = Situation(frozenset({"spread"} if spread else ()), {"cover": choice})
    ctx = build_context(rs, rs.resolve_options(), {}, situation=sit)
    mods = [m for m in situation_modifiers(rs, sit, ctx) if m.target == "save"]
    return number(rs, "save", [], mods, ctx)


@pytest.mark.parametrize("choice, spread, rule, total", [
    ("partial", False, "d20pl.cover.reflex", 2),
    ("improved", False, "d20pl.cover.improved", 4),
    ("partial", True, "d20pl.cover.reflex-spread", 0),
    ("soft", False, None, 0),
])
def test_cover_bonus_to_reflex_saves(choice, spread, rule, total):
    bd = reflex(choice, spread)
    assert bd.total == total
    if rule:
        assert bd.line(rule).value == total and bd.line(rule).applied
    else:
        assert not bd.lines


# --- §3.16 concealment -------------------------------------------------------------------
def test_concealment_miss_chance_20_percent():
    rule = "d20pl.conceal.miss-chance"
    sit = {"choices": {"concealment": "partial"}}
    missed = attack(rolls={"d20": 15, "miss": 20}, situation=sit)
    assert missed["verdict"] == "miss-chance" and missed["miss_chance"] == 20
    assert line(missed["details"]["miss_chance"], rule)["value"] == 20
    hit = attack(rolls={"d20": 15, "miss": 21, "damage": [4]}, situation=sit)
    assert hit["verdict"] == "hit" and hit["miss_roll"] == 21


def test_total_concealment_50_percent_on_the_chosen_square():
    sit = {"choices": {"concealment": "total"}}
    res = attack(rolls={"d20": 15, "miss": 50}, situation=sit)
    assert res["verdict"] == "miss-chance" and res["miss_chance"] == 50
    assert line(res["details"]["miss_chance"], "d20pl.conceal.total-miss")["value"] == 50
    assert "d20pl.conceal.total" in res["notes"]


def test_concealments_do_not_stack():
    rule = "d20pl.conceal.no-stack"
    res = attack(defender={"conditions": ["concealed"]},
                 rolls={"d20": 15, "miss": 60, "damage": [4]},
                 situation={"choices": {"concealment": "total"}})
    mc = res["details"]["miss_chance"]
    assert mc["total"] == 50 and res["miss_chance"] == 50
    loser = line(mc, rule)
    assert loser["label"] == "d20pl.conceal.magic" and not loser["applied"]


def test_magical_concealment_against_every_attack():
    rule = "d20pl.conceal.magic"
    res = attack(defender={"conditions": ["concealed"]}, rolls={"d20": 15, "miss": 5})
    assert res["verdict"] == "miss-chance" and line(res["details"]["miss_chance"], rule)["value"] == 20


def test_invisible_defender_is_concealed_50_percent():
    rule = "d20pl.acmod.concealed-invisible"
    res = attack(defender={"conditions": ["invisible"]}, rolls={"d20": 15, "miss": 40})
    assert res["verdict"] == "miss-chance" and line(res["details"]["miss_chance"], rule)["value"] == 50
    assert "d20pl.conceal.invisibility" in [r["rule"] for r in res["reminders"]]


@pytest.mark.parametrize("choice, chance", [("dim", 20), ("dark", 50)])
def test_darkvision_ignores_darkness_concealment(choice, chance):
    rule = "d20pl.conceal.ignore-darkvision"
    sit = {"choices": {"concealment": choice}}
    plain = attack(rolls={"d20": 15, "miss": 99, "damage": [4]}, situation=sit)
    assert plain["miss_chance"] == chance
    seer = dict(FIGHTER, traits=["darkvision"])
    res = attack(seer, rolls={"d20": 15, "damage": [4]}, situation=sit)
    assert res["miss_chance"] == 0 and line(res["details"]["miss_chance"], rule)["value"] == 0


def test_dim_light_reminds_of_low_light_vision():
    res = attack(rolls={"d20": 1}, situation={"choices": {"concealment": "dim"}})
    assert "d20pl.conceal.low-light" in [r["rule"] for r in res["reminders"]]


def test_gm_sets_a_better_or_worse_miss_chance():
    rule = "d20pl.conceal.degrees"
    sit = {"choices": {"concealment": "partial"}, "numbers": {"concealment_percent": 30}}
    res = attack(rolls={"d20": 15, "miss": 25}, situation=sit)
    assert res["verdict"] == "miss-chance" and line(res["details"]["miss_chance"], rule)["value"] == 30
    with pytest.raises(InputError) as err:
        attack(situation={"choices": {"concealment": "partial"},
                          "numbers": {"concealment_percent": 130}})
    assert err.value.field == "situation.numbers.concealment_percent"


def test_invisible_hide_bonus_moving_or_still():
    rule = "d20pl.conceal.invisibility-hide"
    for stage, value in ((None, 20), ("moving", 20), ("still", 40)):
        res = run("effective", {"ruleset": "d20pl",
                                "creature": {"conditions": [{"id": "invisible", "stage": stage}]}})
        hide = res["details"]["skill.hide"]
        assert hide["total"] == value and hide["lines"][0]["rule"] == rule


# --- §3.17 flanking ---------------------------------------------------------------------
def test_flanking_plus_2_and_reach_zero_cannot_flank():
    res = attack(rolls={"d20": 1}, situation={"toggles": ["flanking"]})
    assert line(res["attack"], "d20pl.atkmod.flanking")["value"] == 2
    assert get_ruleset("d20pl").situations["flanking"].rule == "d20pl.flank.bonus"
    pixie = {"stats": {"bab": 2}, "size": "tiny"}
    tiny = attack(pixie, rolls={"d20": 1}, situation={"toggles": ["flanking"],
                                                    "numbers": {"distance": 0}})
    lost = line(tiny["attack"], "d20pl.flank.reach-zero")
    assert not lost["applied"] and lost["reason"] == "reach-zero"
    assert tiny["attack"]["total"] == 4          # bab 2 + size +2, no flanking


# --- §3.18 helpless and coup de grace ---------------------------------------------------------
ROGUE = {"stats": {"bab": 3, "str_mod": 1, "sneak_attack": 2}}
SLEEPER = {"stats": {"armour": 2}, "conditions": ["helpless"]}


def test_sneak_attack_on_a_helpless_or_pinned_defender():
    for cond, rule in (("helpless", "d20pl.helpless.sneak-attack"), ("pinned", "d20pl.acmod.fn4")):
        res = attack(ROGUE, {"conditions": [cond]}, rolls={"d20": 10, "damage": [3, 4, 5]},
                     damage="1d4")
        assert line(res["damage"], rule)["value"] == 9 and res["damage"]["total"] == 13
    awake = attack(ROGUE, rolls={"d20": 10, "damage": [3]}, damage="1d4")
    assert awake["damage"]["total"] == 4


def test_coup_de_grace_only_against_the_helpless():
    rule = "d20pl.cdg.action"
    res = attack(situation={"toggles": ["coup_de_grace"]}, rolls={"d20": 5})
    assert res["verdict"] == "not-allowed" and rule in res["notes"]


def test_coup_de_grace_hits_and_crits_automatically():
    rule = "d20pl.cdg.auto-crit"
    res = attack(defender=SLEEPER, situation={"toggles": ["coup_de_grace"]},
                 rolls={"d20": 1, "damage": [6]})
    assert res["verdict"] == "critical" and rule in res["notes"]
    assert line(res["damage"], rule)["value"] == 9 and res["damage"]["total"] == 16   # 9×2 − 2


def test_coup_de_grace_fortitude_save_dc_amb48():
    rule = "d20pl.cdg.fort-save"
    res = attack(defender=SLEEPER, situation={"toggles": ["coup_de_grace"]},
                 rolls={"d20": 12, "damage": [6]})
    save = [p for p in res["prompts"] if p["rule"] == rule][0]
    assert save["target"] == 26 and save["roll"] == "save.fortitude"
    wounded = {"stats": {"armour": 2, "wounds": 3}, "conditions": ["helpless"]}
    alt = attack(defender=wounded, situation={"toggles": ["coup_de_grace"]},
                 rolls={"d20": 12, "damage": [6]}, options={"cdg_dc": "wounds"})
    assert [p for p in alt["prompts"] if p["rule"] == rule][0]["target"] == 13


def test_coup_de_grace_adds_sneak_attack_and_provokes():
    res = attack(ROGUE, SLEEPER, situation={"toggles": ["coup_de_grace"]},
                 rolls={"d20": 12, "damage": [4, 6, 6]}, damage="1d4")
    assert line(res["damage"], "d20pl.cdg.sneak-attack")["value"] == 12
    assert res["damage"]["total"] == 20            # (4 + 1) × 2 + 12 − 2
    assert "d20pl.cdg.provokes" in res["notes"]
    assert any(p["rule"] == "d20pl.cdg.provokes" for p in res["prompts"])


@pytest.mark.parametrize("weapon, distance, allowed", [
    (["bow"], 1.5, True), (["crossbow"], None, True), (["bow"], 3, False), (["sling"], 1.5, False),
])
def test_coup_de_grace_with_bow_or_crossbow_when_adjacent(weapon, distance, allowed):
    rule = "d20pl.cdg.ranged-adjacent"
    sit = {"toggles": ["coup_de_grace"]}
    if distance is not None:
        sit["numbers"] = {"distance": distance}
    res = attack(defender=SLEEPER, situation=sit, rolls={"d20": 3, "damage": [5]},
                 kind="ranged", weapon=weapon)
    assert (res["verdict"] == "critical") is allowed and (rule in res["notes"]) is not allowed


def test_no_coup_de_grace_against_creatures_immune_to_criticals():
    rule = "d20pl.cdg.crit-immune"
    golem = {"traits": ["crit_immune"], "conditions": ["helpless"]}
    res = attack(defender=golem, situation={"toggles": ["coup_de_grace"]}, rolls={"d20": 3})
    assert res["verdict"] == "not-allowed" and rule in res["notes"]


def test_coup_de_grace_on_a_totally_concealed_creature_needs_it_found_first():
    rule = "d20pl.cdg.total-concealment"
    ghost = {"conditions": ["helpless", "invisible"]}
    first = attack(defender=ghost, situation={"toggles": ["coup_de_grace"]}, rolls={"d20": 3})
    assert first["verdict"] == "not-allowed" and rule in first["notes"]
    second = attack(defender=ghost, situation={"toggles": ["coup_de_grace", "target_located"]},
                    rolls={"d20": 3, "damage": [5]})
    assert second["verdict"] == "critical"


# --- ext: range increments -----------------------------------------------------------------
@pytest.mark.parametrize("weapon, distance, penalty, allowed", [
    (["crossbow"], 9, 0, True), (["crossbow"], 9.5, -2, True), (["crossbow"], 27, -4, True),
    (["crossbow"], 90, -18, True), (["crossbow"], 91, None, False),
    (["thrown"], 45, -8, True), (["thrown"], 46, None, False),
])
def test_range_increments(weapon, distance, penalty, allowed):
    rule = "ext.d20pl.range-increments"
    res = attack(rolls={"d20": 1}, kind="ranged", weapon=weapon,
                 situation={"numbers": {"distance": distance, "range_increment": 9}})
    assert (res["verdict"] != "not-allowed") is allowed
    if allowed and penalty:
        assert line(res["attack"], rule)["value"] == penalty
    elif allowed:
        assert rule not in applied_rules(res["attack"])


# --- §3.7 the Dodge test and ext conditions -----------------------------------------------------
def test_dodge_test_prompt_lists_the_known_modifiers():
    rule = "d20pl.dodge.test"
    shielded = {"stats": {"shield": 2, "dex_mod": 1}, "conditions": ["total_defence"]}
    res = attack(defender=shielded, rolls={"d20": 18, "damage": [4]})
    prompt = [p for p in res["prompts"] if p["rule"] == rule][0]
    assert prompt["params"]["modifier"] == 7 and prompt["roll"] == "d20+7"
    assert line(res["details"]["dodge_test"], "d20pl.action.total-defence")["value"] == 4
    helpless = attack(defender={"conditions": ["helpless"]}, rolls={"d20": 18, "damage": [4]})
    assert not any(p["rule"] == rule for p in helpless["prompts"])


def test_srd_condition_definitions_are_reminders():
    rule = "ext.d20pl.conditions"
    res = attack(defender={"conditions": ["stunned"]}, rolls={"d20": 1})
    assert rule in [r["rule"] for r in res["reminders"]]


def test_total_defence_forbids_attacks_of_opportunity():
    rule = "d20pl.action.total-defence"
    res = run("effective", {"ruleset": "d20pl", "creature": {"conditions": ["total_defence"]}})
    assert res["details"]["forbid.aoo"]["lines"][0]["rule"] == rule
