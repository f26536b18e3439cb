"""classic conditions §1.4–§1.16 as data: each row names a rule ID, the
conditions, the number of the ``effective`` sheet it changes, the value of
the line carrying that rule ID and the sheet's total."""

import pytest

from mischia.queries import run

F = "fear_save_passed"  # the marker of a round whose fear save was called and passed


def cond(c):
    if isinstance(c, str):
        return {"id": c}
    entry = {"id": c[0], "stage": c[1]}
    return entry


def sheet(conditions, stats=None, traits=(), options=None):
    payload = {"ruleset": "classic", "options": options or {},
               "creature": {"stats": stats or {}, "traits": list(traits),
                            "conditions": [cond(c) for c in conditions]}}
    return run("effective", payload)


def rule_line(bd, rule):
    lines = [l for l in bd["lines"] if l["rule"] == rule and l["applied"]]
    assert lines, f"{rule} not in {bd['lines']}"
    return lines[0]


ROWS = [
    # rule, conditions, stats, number, line value, total
    ("classic.cond.debilitated.attack", ["debilitated"], {}, "attack", -1, -1),
    ("classic.cond.debilitated.skill", ["debilitated"], {}, "skill", -1, -1),
    ("classic.cond.debilitated.dex", ["debilitated"], {"dex": 16}, "dex_score", -4, 12),
    ("classic.cond.debilitated.initiative", ["debilitated"], {}, "initiative", 1, 1),
    ("classic.cond.debilitated.concentration", ["debilitated"], {}, "concentration_failure", 10, 10),
    ("classic.cond.debilitated.save", ["debilitated"], {}, "save", -5, -5),
    ("classic.cond.debilitated.move", ["debilitated"], {"move": 12}, "move", -2, 10),
    ("classic.cond.debilitated.move", ["debilitated"], {"move": 5}, "move", -1, 4),
    ("classic.cond.debilitated.attackers", ["debilitated"], {}, "attackers.attack", 1, 1),
    ("classic.cond.incapacitated.attack", ["incapacitated"], {}, "attack", -2, -2),
    ("classic.cond.incapacitated.skill", ["incapacitated"], {}, "skill", -2, -2),
    ("classic.cond.incapacitated.dex", ["incapacitated"], {"dex": 16}, "dex_score", -6, 10),
    ("classic.cond.incapacitated.initiative", ["incapacitated"], {}, "initiative", 2, 2),
    ("classic.cond.incapacitated.damage", ["incapacitated"], {}, "damage", -1, -1),
    ("classic.cond.incapacitated.concentration", ["incapacitated"], {}, "concentration_failure", 20, 20),
    ("classic.cond.incapacitated.move", ["incapacitated"], {"move": 6}, "move", -3, 3),
    ("classic.cond.incapacitated.move", ["incapacitated"], {"move": 5}, "move", -2, 3),
    ("classic.cond.incapacitated.save", ["incapacitated"], {}, "save", -10, -10),
    ("classic.cond.incapacitated.attackers", ["incapacitated"], {}, "attackers.attack", 2, 2),
    ("classic.cond.hindered.attack", ["hindered"], {}, "attack", -3, -3),
    ("classic.cond.hindered.skill", ["hindered"], {}, "skill", -3, -3),
    ("classic.cond.hindered.dex", ["hindered"], {"dex": 15}, "dex_score", -8, 7),
    ("classic.cond.hindered.initiative", ["hindered"], {}, "initiative", 3, 3),
    ("classic.cond.hindered.damage", ["hindered"], {}, "damage", -2, -2),
    ("classic.cond.hindered.concentration", ["hindered"], {}, "concentration_failure", 30, 30),
    ("classic.cond.hindered.move", ["hindered"], {"move": 12}, "move", -4, 8),
    ("classic.cond.hindered.move", ["hindered"], {"move": 5}, "move", -3, 2),
    ("classic.cond.hindered.save", ["hindered"], {}, "save", -15, -15),
    ("classic.cond.hindered.attackers", ["hindered"], {}, "attackers.attack", 3, 3),
    ("classic.cond.exhausted.attack", ["exhausted"], {}, "attack", -4, -4),
    ("classic.cond.exhausted.skill", ["exhausted"], {}, "skill", -4, -4),
    ("classic.cond.exhausted.dex", ["exhausted"], {"dex": 17}, "dex_score", -9, 8),
    ("classic.cond.exhausted.initiative", ["exhausted"], {}, "initiative", 4, 4),
    ("classic.cond.exhausted.damage", ["exhausted"], {}, "damage", -2, -2),
    ("classic.cond.exhausted.concentration", ["exhausted"], {}, "concentration_failure", 40, 40),
    ("classic.cond.exhausted.move", ["exhausted"], {"move": 9}, "move", -4, 5),
    ("classic.cond.exhausted.move", ["exhausted"], {"move": 3}, "move", -3, 1),
    ("classic.cond.exhausted.save", ["exhausted"], {}, "save", -20, -20),
    ("classic.cond.exhausted.attackers", ["exhausted"], {}, "attackers.attack", 3, 3),
    ("classic.cond.exhausted.no-recovery", ["exhausted"], {}, "forbid.recovery", 1, 1),
    ("classic.cond.stunned.standing", ["stunned"], {"move": 9}, "move", -9, 0),
    ("classic.cond.stunned.no-actions", ["stunned"], {}, "forbid.actions", 1, 1),
    ("classic.cond.stunned.no-actions", ["stunned"], {}, "forbid.non_actions", 1, 1),
    ("classic.cond.stunned.no-actions", ["stunned"], {}, "forbid.concentration", 1, 1),
    ("classic.cond.stunned.dex", ["stunned"], {"dex": 16}, "dex_score", -11, 5),
    ("classic.cond.stunned.save", ["stunned"], {}, "save", -20, -20),
    ("classic.cond.stunned.ac-dex", ["stunned"], {}, "deny.dex_ac", 1, 1),
    ("classic.cond.stunned.ac-shield", ["stunned"], {}, "deny.shield_ac", 1, 1),
    ("classic.cond.stunned.mental-immunity", ["stunned"], {}, "immune.mental", 50, 50),
    ("classic.cond.stunned.attackers", ["stunned"], {}, "attackers.attack", 3, 3),
    ("classic.cond.stunned.damage-die", ["stunned"], {}, "attackers.damage_die", 1, 1),
    ("classic.cond.paralysed.no-actions", ["paralysed"], {}, "forbid.speech", 1, 1),
    ("classic.cond.paralysed.no-actions", ["paralysed"], {}, "forbid.free_actions", 1, 1),
    ("classic.cond.paralysed.move", ["paralysed"], {"move": 12}, "move", -12, 0),
    ("classic.cond.paralysed.dex", ["paralysed"], {"dex": 16}, "dex_score", -15, 1),
    ("classic.cond.paralysed.dex", ["paralysed"], {}, "forbid.dex_check", 1, 1),
    ("classic.cond.paralysed.save", ["paralysed"], {}, "save", -25, -25),
    ("classic.cond.paralysed.ac-dex", ["paralysed"], {}, "deny.dex_ac", 1, 1),
    ("classic.cond.paralysed.ac-shield", ["paralysed"], {}, "deny.shield_ac", 1, 1),
    ("classic.cond.paralysed.attackers", ["paralysed"], {}, "attackers.attack", 5, 5),
    ("classic.cond.paralysed.damage-die", ["paralysed"], {}, "attackers.damage_die", 3, 3),
    ("classic.cond.deaf.surprise", ["deaf"], {}, "surprise", -3, -3),
    ("classic.cond.deaf.initiative", ["deaf"], {}, "initiative", 1, 1),
    ("classic.cond.deaf.verbal-spells", ["deaf"], {}, "spell_failure.verbal", 20, 20),
    ("classic.cond.deaf.vocal-items", ["deaf"], {}, "spell_failure.vocal_item", 20, 20),
    ("classic.cond.blind.melee", ["blind"], {}, "attack.melee", -4, -4),
    ("classic.cond.blind.ranged", ["blind"], {}, "attack.ranged", -4, -4),
    ("classic.cond.blind.ranged", ["blind"], {}, "forbid.aimed_precision", 1, 1),
    ("classic.cond.blind.spells", ["blind"], {}, "forbid.spell.ranged", 1, 1),
    ("classic.cond.blind.checks", ["blind"], {}, "check", -4, -4),
    ("classic.cond.blind.save", ["blind"], {}, "save", -20, -20),
    ("classic.cond.blind.ac-dex", ["blind"], {}, "deny.dex_ac", 1, 1),
    ("classic.cond.blind.ac-shield", ["blind"], {}, "deny.shield_ac", 1, 1),
    ("classic.cond.blind.active-defence", ["blind"], {}, "deny.active_defence", 1, 1),
    ("classic.cond.blind.attackers", ["blind"], {}, "attackers.attack", 4, 4),
    ("classic.cond.blind.damage-die", ["blind"], {}, "attackers.damage_die", 2, 2),
    ("classic.cond.blind.move-speed", ["blind"], {"move": 12}, "move.safe", -8, 4),
    ("classic.cond.blind.flying", ["blind"], {}, "forbid.fly", 1, 1),
    ("classic.cond.avoiding-sight.rolls", ["avoiding_sight"], {}, "attack", -2, -2),
    ("classic.cond.avoiding-sight.rolls", ["avoiding_sight"], {}, "skill", -2, -2),
    ("classic.cond.avoiding-sight.rolls", ["avoiding_sight"], {}, "check", -2, -2),
    ("classic.cond.avoiding-sight.sight-actions", ["avoiding_sight"], {}, "check.sight", -2, -2),
    ("classic.cond.avoiding-sight.sight-saves", ["avoiding_sight"], {}, "save", -10, -10),
    ("classic.cond.avoiding-sight.spells", ["avoiding_sight"], {}, "spell_failure", 25, 25),
    ("classic.cond.avoiding-sight.move-cap", ["avoiding_sight"], {}, "forbid.move.increase", 1, 1),
    ("classic.cond.avoiding-sight.no-charge", ["avoiding_sight"], {}, "forbid.charge", 1, 1),
    ("classic.cond.avoiding-sight.attackers", ["avoiding_sight"], {}, "attackers.attack", 2, 2),
    ("classic.cond.engaged.ac", ["engaged"], {}, "deny.dex_ac", 1, 1),
    ("classic.cond.engaged.ac", ["engaged"], {}, "deny.shield_ac", 1, 1),
    ("classic.cond.prone.melee-attackers", ["prone"], {}, "attackers.attack.melee", 2, 2),
    ("classic.cond.prone.fight-from-ground.attack", ["prone"], {}, "attack.melee", -2, -2),
    ("classic.cond.prone.stand-up", ["prone"], {"move": 9}, "move.stand_up", -5, 4),
    ("classic.action.complex-half-move", [], {"move": 9}, "move.half", -5, 4),
    ("classic.cond.asleep.drowsy.round1", [("drowsy", 1)], {}, "attack", -4, -4),
    ("classic.cond.asleep.drowsy.round1", [("drowsy", 1)], {}, "skill", -4, -4),
    ("classic.cond.asleep.drowsy.round1", [("drowsy", 1)], {}, "save", -12, -12),
    ("classic.cond.asleep.drowsy.round1", [("drowsy", 1)], {}, "concentration_failure", 40, 40),
    ("classic.cond.asleep.drowsy.round2", [("drowsy", 2)], {}, "attack", -3, -3),
    ("classic.cond.asleep.drowsy.round2", [("drowsy", 2)], {}, "save", -9, -9),
    ("classic.cond.asleep.drowsy.round2", [("drowsy", 2)], {}, "concentration_failure", 30, 30),
    ("classic.cond.asleep.drowsy.round3", [("drowsy", 3)], {}, "skill", -2, -2),
    ("classic.cond.asleep.drowsy.round3", [("drowsy", 3)], {}, "save", -6, -6),
    ("classic.cond.asleep.drowsy.round3", [("drowsy", 3)], {}, "concentration_failure", 20, 20),
    ("classic.cond.asleep.drowsy.round4", [("drowsy", 4)], {}, "attack", -1, -1),
    ("classic.cond.asleep.drowsy.round4", [("drowsy", 4)], {}, "save", -3, -3),
    ("classic.cond.asleep.drowsy.round4", [("drowsy", 4)], {}, "concentration_failure", 10, 10),
    ("classic.conv.points-to-percent", [("drowsy", 1)], {}, "skill.percent", -20, -20),
    ("classic.conv.points-to-percent", [("drowsy", 3)], {}, "skill.percent", -10, -10),
    ("classic.cond.fear.intimidated.attack", [("fear", 1), F], {}, "attack", -1, -1),
    ("classic.cond.fear.intimidated.skill", [("fear", 1), F], {}, "skill", -1, -1),
    ("classic.cond.fear.intimidated.concentration", [("fear", 1), F], {}, "concentration_failure", 10, 10),
    ("classic.cond.fear.intimidated.cp-cost", [("fear", 1), F], {}, "cp_cost", 1, 1),
    ("classic.cond.fear.scared.attack", [("fear", 2), F], {}, "attack", -1, -1),
    ("classic.cond.fear.scared.damage", [("fear", 2), F], {}, "damage", -1, -1),
    ("classic.cond.fear.scared.skill", [("fear", 2), F], {}, "skill", -2, -2),
    ("classic.cond.fear.scared.concentration", [("fear", 2), F], {}, "concentration_failure", 20, 20),
    ("classic.cond.fear.scared.cp-cost", [("fear", 2), F], {}, "cp_cost", 2, 2),
    ("classic.cond.fear.afraid.attack", [("fear", 3), F], {}, "attack", -2, -2),
    ("classic.cond.fear.afraid.damage", [("fear", 3), F], {}, "damage", -1, -1),
    ("classic.cond.fear.afraid.skill", [("fear", 3), F], {}, "skill", -3, -3),
    ("classic.cond.fear.afraid.concentration", [("fear", 3), F], {}, "concentration_failure", 30, 30),
    ("classic.cond.fear.afraid.cp-cost", [("fear", 3), F], {}, "cp_cost", 3, 3),
    ("classic.cond.fear.terrified.attack", [("fear", 4), F], {}, "attack", -2, -2),
    ("classic.cond.fear.terrified.damage", [("fear", 4), F], {}, "damage", -2, -2),
    ("classic.cond.fear.terrified.skill", [("fear", 4), F], {}, "skill", -4, -4),
    ("classic.cond.fear.terrified.concentration", [("fear", 4), F], {}, "concentration_failure", 40, 40),
    ("classic.cond.fear.terrified.cp-cost", [("fear", 4), F], {}, "cp_cost", 4, 4),
    ("classic.cond.fear.panic-restriction", ["fear_panic"], {}, "forbid.attack", 1, 1),
]


@pytest.mark.parametrize("rule, conditions, stats, key, value, total", ROWS,
                         ids=[f"{r[0]}:{r[3]}" for r in ROWS])
def test_condition_number(rule, conditions, stats, key, value, total):
    details = sheet(conditions, stats)["details"]
    assert details[key]["total"] == pytest.approx(total)
    assert rule_line(details[key], rule)["value"] == pytest.approx(value)


@pytest.mark.parametrize("rule, cid, implied", [
    ("classic.cond.asleep.modifiers", "asleep", "paralysed"),
    ("classic.cond.avoiding-sight.close-eyes", "eyes_closed", "blind"),
])
def test_conditions_that_apply_another_conditions_modifiers(rule, cid, implied):
    from mischia.ruleset import get_ruleset
    classic = get_ruleset("classic")
    assert classic.conditions[cid].rule == rule and classic.conditions[cid].implies == (implied,)
    details = sheet([cid])["details"]
    own = sheet([implied])["details"]
    assert details["attackers.attack"]["total"] == own["attackers.attack"]["total"] > 0
    assert details["deny.dex_ac"]["lines"][0]["source"] == implied


@pytest.mark.parametrize("rule, cid", [
    ("classic.cond.debilitated.can-act", "debilitated"),
    ("classic.cond.incapacitated.can-act", "incapacitated"),
    ("classic.cond.hindered.can-act", "hindered"),
    ("classic.cond.exhausted.can-act", "exhausted"),
])
def test_graded_conditions_still_act_and_move(rule, cid):
    details = sheet([cid], {"move": 12})["details"]
    assert not [k for k in details if k.startswith("forbid.") and k != "forbid.recovery"]
    assert details["move"]["total"] > 0
    res = run("attack", {"ruleset": "classic", "attacker": {"stats": {"thac0": 15}, "conditions": [{"id": cid}]},
                         "defender": {"stats": {"ac": 5}}, "rolls": {"d20": 19, "damage": [3]}})
    assert res["verdict"] == "hit"
    from mischia.ruleset import get_ruleset
    assert get_ruleset("classic").conditions[cid].rule == rule


def test_stunned_counts_as_standing_and_cannot_attack():
    rule = "classic.cond.stunned.standing"
    res = run("attack", {"ruleset": "classic", "attacker": {"stats": {"thac0": 15}},
                         "defender": {"stats": {"ac": 5, "dex_ac": 2}, "conditions": [{"id": "stunned"}]},
                         "rolls": {"d20": 10, "damage": [3]}})
    # Standing: no prone +2 on top of stunned's +3.
    assert [l["rule"] for l in res["attack"]["lines"]] == ["classic.cond.stunned.attackers"]
    stunned_attacker = run("attack", {"ruleset": "classic",
                                      "attacker": {"stats": {"thac0": 15}, "conditions": [{"id": "stunned"}]},
                                      "defender": {"stats": {"ac": 5}}, "rolls": {"d20": 10}})
    assert stunned_attacker["verdict"] == "not-allowed"
    assert "classic.cond.stunned.no-actions" in stunned_attacker["notes"]
    assert sheet(["stunned"])["details"]["forbid.move"]["lines"][0]["rule"] == rule


def test_dex_fractions_multiply_and_round_down_each_time():
    rule = "classic.conv.dex-score-checks"
    details = sheet(["hindered", "debilitated"], {"dex": 17})["details"]
    # 17 × 50% = 8 (down), then × 75% = 6.
    assert details["dex_score"]["total"] == 6
    assert [l["value"] for l in details["dex_score"]["lines"]] == [17, -9, -2]
    # The reduced score is for checks only: the Dex AC bonus is untouched by default (AMB-04).
    res = run("attack", {"ruleset": "classic", "attacker": {"stats": {"thac0": 15}},
                         "defender": {"stats": {"ac": 5, "dex": 17}, "conditions": [{"id": "hindered"}]},
                         "rolls": {"d20": 10, "damage": [3]}})
    assert res["target"]["total"] == 10
    from mischia.ruleset import get_ruleset
    assert get_ruleset("classic").options["dex_fraction_scope"].rule == rule


def test_movement_minimum_one_hex_even_with_two_conditions():
    details = sheet(["hindered", "exhausted"], {"move": 7})["details"]
    assert details["move"]["total"] == 1
    assert rule_line(details["move"], "classic.cond.hindered.move")["value"] == -4
    floor = [l for l in details["move"]["lines"] if l["label"] == "move.minimum"][0]
    assert floor["value"] == 2


def test_fear_penalties_need_a_passed_save_by_default():
    rule = "classic.cond.fear.save-success"
    plain = sheet([("fear", 3)])["details"]
    assert "attack" not in plain and "cp_cost" not in plain
    passed = sheet([("fear", 3), "fear_save_passed"])["details"]
    assert passed["attack"]["total"] == -2
    from mischia.ruleset import get_ruleset
    assert get_ruleset("classic").conditions["fear_save_passed"].rule == rule


def test_blind_fighting_halves_own_melee_penalty_and_attackers_bonus():
    details = sheet(["blind"], traits=["blind_fighting"])["details"]
    assert rule_line(details["attack.melee"], "classic.cond.blind.melee")["value"] == -2
    assert rule_line(details["attack.ranged"], "classic.cond.blind.ranged")["value"] == -4
    assert details["attackers.attack"]["total"] == 2
    assert details["attackers.damage_die"]["total"] == 1
    assert rule_line(details["check.active_defence"], "classic.cond.blind.active-defence")["value"] == -4
    assert "deny.active_defence" not in details


def test_reminders_of_assist_rules_come_with_the_sheet():
    cases = {
        "engaged": ["classic.cond.engaged.scope", "classic.cond.engaged.static-attackers",
                    "classic.cond.engaged.reflex-choice", "classic.cond.engaged.duration"],
        "avoiding_sight": ["classic.cond.avoiding-sight.option", "classic.cond.avoiding-sight.declare",
                           "classic.cond.avoiding-sight.chance", "classic.cond.avoiding-sight.reactive.trigger",
                           "classic.cond.avoiding-sight.sight-actions"],
        "asleep": ["classic.cond.asleep.wake-timing", "classic.cond.asleep.occupies-space",
                   "classic.cond.paralysed.pass-through"],
        "fear_panic": ["classic.cond.fear.panic-restriction", "classic.cond.fear.retreat-abilities"],
        "prone": ["classic.cond.prone.stand-up", "classic.cond.prone.own-ranged",
                  "classic.cond.prone.fight-from-ground.save"],
        "blind": ["classic.cond.blind.direction", "classic.cond.blind.follow-wall",
                  "classic.cond.blind.toward-noise", "classic.cond.blind.flying"],
        "exhausted": ["classic.cond.exhausted.action-save", "classic.cond.exhausted.after-coma"],
        "paralysed": ["classic.cond.paralysed.save"],
    }
    for cid, rules in cases.items():
        got = [r["rule"] for r in sheet([cid])["reminders"]]
        assert set(rules) <= set(got), (cid, got)
    fear = [r["rule"] for r in sheet([("fear", 2)])["reminders"]]
    assert "classic.cond.fear.defensive-exemption" in fear
    drowsy = [r["rule"] for r in sheet([("drowsy", 2)])["reminders"]]
    assert "classic.cond.asleep.drowsy.concentration" in drowsy


def test_drowsy_gives_attackers_nothing_and_asleep_occupies_space():
    rule = "classic.cond.asleep.drowsy"
    assert "attackers.attack" not in sheet([("drowsy", 1)])["details"]
    from mischia.engine import build_context
    from mischia.creature import Creature
    from mischia.model import ActiveCondition
    from mischia.ruleset import get_ruleset
    classic = get_ruleset("classic")
    ctx = build_context(classic, classic.resolve_options(), {"self": Creature(conditions=(ActiveCondition("asleep"),))})
    assert {"self.occupies_space", "self.passable"} <= ctx.tags  # classic.cond.asleep.occupies-space
    assert classic.conditions["drowsy"].rule == rule


def test_dex_fraction_without_a_dex_score():
    rule = "classic.cond.debilitated.dex"
    details = sheet(["debilitated", "hindered"])["details"]
    assert details["dex_score"]["unit"] == "fraction"
    assert details["dex_score"]["total"] == pytest.approx(0.375)
    assert rule_line(details["dex_score"], rule)["value"] == pytest.approx(-0.125)
    assert sheet(["hindered", "debilitated"])["details"]["dex_score"] == details["dex_score"]
