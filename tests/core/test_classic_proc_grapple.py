"""classic close combat (§1.21): entering by opposed Dexterity, the victim's
attack, limits, weapon-size penalties (AMB-26), shield, target-only, spells,
dropping the weapon, outsiders' Reflex save (AMB-27) and redirect, split
effects, breaking free (AMB-28) with helpers."""

import random

import pytest

from mischia.errors import InputError
from mischia.model import ConditionDef, Modifier, Unit
from mischia.queries import QueryInput, run
from mischia.rulesets.classic import Classic

GRAPPLING = {"id": "grappling", "cause": "orc"}


def act(action, seed=None, **payload):
    payload = {"ruleset": "classic", "action": action, **payload}
    return run("actions", payload, random.Random(seed) if seed is not None else None)


def enter(a_dex=14, v_dex=12, rolls=None, **extra):
    return act("grapple", attacker={"stats": {"dex": a_dex}}, victim={"stats": {"dex": v_dex}},
               rolls=rolls or {"attacker": 5, "victim": 15}, **extra)


# ----- entering close combat ---------------------------------------------------

@pytest.mark.parametrize("a_roll, v_roll, won", [
    (5, 15, True),     # only the attacker succeeds
    (9, 4, True),      # both succeed: higher successful roll wins
    (4, 9, False),     # both succeed, the victim rolled higher
    (8, 8, False),     # tie: the attacker must win
    (16, 18, False),   # both fail: no win
    (15, 3, False),    # only the victim succeeds
])
def test_opposed_dexterity_check(a_roll, v_roll, won):
    res = enter(a_dex=14, v_dex=12, rolls={"attacker": a_roll, "victim": v_roll})
    assert res["value"]["won"] is won
    assert res["details"]["attacker"]["total"] == 14 and res["details"]["victim"]["total"] == 12
    checks = res["details"]["checks"]
    assert checks["rule"] == "classic.grapple.enter"
    assert checks["attacker"] == {"roll": a_roll, "score": 14, "success": a_roll <= 14}
    if won:
        assert res["value"]["condition"] == "grappling"
        assert res["value"]["start"] == "classic.grapple.enter.start"
        assert res["events"] == ["classic.grapple.enter.start"]
    else:
        assert res["value"]["rule"] == "classic.grapple.enter.fail"
        assert res["value"]["other_actions"] is False
        assert res["events"] == ["classic.grapple.enter.fail"]


def test_close_combat_starts_at_the_attackers_factor_with_half_move_malus():
    res = enter(factor=6)
    assert res["value"]["start_factor"] == 6
    assert res["value"]["initiative_malus"] == "classic.grapple.enter.initiative"


class Dazed(Classic):
    """Classic plus homebrew conditions with Dex fractions, to check the Dex
    score the opposed check uses."""

    conditions = {**Classic.conditions,
                  "dazed": ConditionDef("dazed", "test.dazed", modifiers=(
                      Modifier("dex_score", 0.5, "test.dazed.dex", Unit.FRACTION),)),
                  "woozy": ConditionDef("woozy", "test.woozy", modifiers=(
                      Modifier("dex_score", 0.75, "test.woozy.dex", Unit.FRACTION),)),
                  "held": ConditionDef("held", "test.held", modifiers=(
                      Modifier("dex_score", 1, "test.held.dex", detail="set"),))}


def test_conditions_reduce_the_dex_for_the_check():
    """Each Dex fraction applies in turn, rounded down (different natures
    stack), as in the ruleset's effective Dex score."""
    rs = Dazed()
    payload = {"action": "grapple", "attacker": {"stats": {"dex": 15}},
               "victim": {"stats": {"dex": 17}, "conditions": ["woozy", "dazed"]},
               "rolls": {"attacker": 10, "victim": 9}}
    res = rs.query_actions(QueryInput(payload, rs.resolve_options()), None)
    victim = res.details["victim"]
    assert victim.total == 6                                # 17 → 12 → 6
    assert victim.line("test.woozy.dex").value == -5
    assert victim.line("test.dazed.dex").value == -6
    assert res.value["won"] is True                         # the victim's 9 > 6 failed
    payload["victim"] = {"stats": {"dex": 17}, "conditions": ["held"]}
    held = rs.query_actions(QueryInput(payload, rs.resolve_options()), None)
    assert held.details["victim"].total == 1


@pytest.mark.parametrize("weapon, used, allowed, rule", [
    (["size.M"], [], True, "classic.grapple.enter.victim-attack"),
    (["size.L", "polearm"], [], True, "classic.grapple.enter.victim-attack"),
    (["size.S"], [], False, "classic.grapple.enter.victim-attack"),
    ([], [], False, "classic.grapple.enter.victim-attack"),
    (["size.M"], ["attack"], False, "classic.grapple.enter.victim-attack.exclusion"),
    (["size.L"], ["cast"], False, "classic.grapple.enter.victim-attack.exclusion"),
])
def test_victims_attack_before_being_embraced(weapon, used, allowed, rule):
    res = enter(victim_weapon=weapon, victim_used=used)
    va = res["value"]["victim_attack"]
    assert va["allowed"] is allowed and va["rule"] == rule
    if allowed:
        assert va["wins_initiative_against"] == "attacker"


def test_only_one_creature_can_grapple_another():
    res = act("grapple", attacker={"stats": {"dex": 14}},
              victim={"stats": {"dex": 12}, "conditions": [GRAPPLING]}, rolls={"attacker": 1, "victim": 20})
    assert res["value"] == {"allowed": False, "won": False, "rule": "classic.grapple.limit.one"}


@pytest.mark.parametrize("a_size, v_size, allowed", [
    ("medium", "large", True), ("small", "medium", True), ("medium", "huge", False),
    ("tiny", "medium", False), ("gargantuan", "huge", True),
])
def test_at_most_one_size_category_apart(a_size, v_size, allowed):
    res = act("grapple", attacker={"stats": {"dex": 14}, "size": a_size},
              victim={"stats": {"dex": 12}, "size": v_size}, rolls={"attacker": 5, "victim": 15})
    assert res["value"]["allowed"] is allowed
    if not allowed:
        assert res["value"]["rule"] == "classic.grapple.limit.size"


# ----- fighting in close combat -------------------------------------------------

@pytest.mark.parametrize("rule, weapon, grip, total", [
    ("classic.grapple.weapon.medium", ["size.M"], "one", -2),
    ("classic.grapple.weapon.large", ["size.L"], "one", -5),
    ("classic.grapple.weapon.medium", ["size.M"], "two", -2),
    ("classic.grapple.weapon.blunt", ["size.M", "blunt"], "one", -4),
    ("classic.grapple.weapon.blunt", ["size.S", "blunt"], "one", -2),
    ("classic.grapple.shield", ["size.S", "shield"], "one", -1),
    ("classic.grapple.shield", ["size.L", "blunt", "shield"], "one", -8),
])
def test_weapon_penalties_in_close_combat(rule, weapon, grip, total):
    res = act("attack", creature={"conditions": [GRAPPLING]},
              attack={"weapon": weapon, "grip": grip}, target="orc")
    assert res["value"]["allowed"] is True
    assert res["breakdown"]["total"] == total == res["value"]["attack_modifier"]
    assert rule in {l["rule"] for l in res["breakdown"]["lines"]}


def test_no_penalty_outside_close_combat():
    res = act("attack", creature={}, attack={"weapon": ["size.L", "blunt"]})
    assert res["breakdown"]["total"] == 0 and res["value"]["allowed"] is True


@pytest.mark.parametrize("option, weapon, grip, allowed", [
    ("large-only", ["size.L"], "two", False),
    ("large-only", ["size.L"], "one", True),
    ("large-only", ["size.M"], "two", True),
    ("any-two-handed", ["size.M"], "two", False),
    ("any-two-handed", ["size.L"], "one", True),
])
def test_two_handed_weapon_cannot_be_used(option, weapon, grip, allowed):
    """AMB-26: by default only a two-handed L weapon is unusable."""
    rule = "classic.grapple.weapon.two-handed"
    res = act("attack", creature={"conditions": [GRAPPLING]}, attack={"weapon": weapon, "grip": grip},
              options={"grapple_two_handed": option})
    assert res["value"]["allowed"] is allowed
    if not allowed:
        assert res["value"]["rule"] == rule


def test_attacks_only_against_the_opponent_in_close_combat():
    rule = "classic.grapple.target-only"
    res = act("attack", creature={"conditions": [GRAPPLING]}, target="goblin")
    assert res["value"] == {"allowed": False, "rule": rule, "attack_modifier": 0}
    assert act("attack", creature={"conditions": [GRAPPLING]}, target="orc")["value"]["allowed"]
    # with the defender given, the data itself checks it is in close combat
    free = act("attack", creature={"conditions": [GRAPPLING]}, defender={"name": "goblin"})
    assert free["value"]["rule"] == rule
    held = act("attack", creature={"conditions": [GRAPPLING]},
               defender={"name": "orc", "conditions": [{"id": "grappling", "cause": "me"}]})
    assert held["value"]["allowed"] is True


@pytest.mark.parametrize("components, allowed", [
    (["verbal"], True), (["verbal", "somatic"], False), (["material"], False), ([], True)])
def test_no_somatic_or_material_spells(components, allowed):
    rule = "classic.grapple.no-somatic-material"
    res = act("cast", creature={"conditions": [GRAPPLING]}, components=components)
    assert res["value"]["allowed"] is allowed
    assert res["value"]["rule"] == (None if allowed else rule)
    assert act("cast", creature={}, components=components)["value"]["allowed"] is True


@pytest.mark.parametrize("weapon, hit, prompted", [
    (["size.M"], False, True), (["size.L"], False, True), (["size.S"], False, False),
    (["size.M"], True, False)])
def test_missing_with_a_medium_or_large_weapon_risks_dropping_it(weapon, hit, prompted):
    rule = "classic.grapple.drop-weapon"
    res = act("attack", creature={"conditions": [GRAPPLING]}, attack={"weapon": weapon},
              target="orc", hit=hit)
    assert [p["rule"] for p in res["prompts"]] == ([rule] if prompted else [])
    if prompted:
        assert res["prompts"][0]["roll"] == "save.reflexes"


def test_shield_gives_no_ac_in_close_combat():
    rule = "classic.grapple.shield"
    eff = run("effective", {"ruleset": "classic", "creature": {"conditions": [GRAPPLING]}})
    assert eff["details"]["deny.shield_ac"]["lines"][0]["rule"] == rule
    assert {"forbid.spell.somatic", "forbid.spell.material"} <= set(eff["details"])
    assert {r["rule"] for r in eff["reminders"]} >= {"classic.grapple.target-only",
                                                     "classic.grapple.break-free"}


# ----- outsiders ------------------------------------------------------------------

@pytest.mark.parametrize("attack, aimed, option, modifier", [
    ({"kind": "melee", "weapon": ["size.S"]}, False, "replaces", 0),
    ({"kind": "melee", "weapon": ["size.M"]}, False, "replaces", -5),
    ({"kind": "melee", "weapon": ["size.L"]}, False, "replaces", -10),
    ({"kind": "melee", "weapon": ["size.L"], "grip": "two"}, False, "replaces", -15),
    ({"kind": "ranged", "weapon": ["bow"], "grip": "two"}, False, "replaces", -20),
    ({"kind": "ranged", "weapon": ["thrown"]}, False, "replaces", -20),
    ({"kind": "ranged", "weapon": ["crossbow"]}, True, "replaces", -10),
    ({"kind": "ranged", "weapon": ["crossbow"]}, True, "adds", -30),
])
def test_outsiders_reflex_save_modifiers(attack, aimed, option, modifier):
    rule = "classic.grapple.outside-attack.save"
    res = act("outside_attack", attacker={}, attack=attack, aimed_precision=aimed,
              options={"grapple_aimed_precision": option})
    assert res["value"]["modifier"] == modifier == res["breakdown"]["total"]
    assert all(l["rule"] == rule for l in res["breakdown"]["lines"])
    assert res["prompts"][0]["rule"] == rule and res["prompts"][0]["roll"] == "d100"


@pytest.mark.parametrize("roll, success, aimed_at", [(40, True, "orc"), (41, False, "friend"),
                                                     (60, False, "friend")])
def test_failed_save_redirects_to_the_other_combatant(roll, success, aimed_at):
    rule = "classic.grapple.outside-attack.redirect"
    res = act("outside_attack", attacker={}, attack={"weapon": ["size.M"]}, save={"chance": 45},
              rolls={"save": roll}, target="orc", other="friend")
    assert res["breakdown"]["total"] == 40
    assert res["value"]["success"] is success and res["value"]["aimed_at"] == aimed_at
    assert res["value"]["rule"] == rule
    assert res["events"] == ([] if success else [rule])


@pytest.mark.parametrize("amount, to_target, to_other", [(7, 4, 3), (8, 4, 4), (1, 1, 0), (0, 0, 0)])
def test_effects_aimed_at_a_grappler_are_split(amount, to_target, to_other):
    rule = "classic.grapple.outside-attack.split-effects"
    res = act("split_effect", amount=amount, target="orc", other="friend")
    assert res["value"] == {"orc": to_target, "friend": to_other}
    assert res["details"]["target"]["lines"][0]["rule"] == rule
    assert [p["params"]["id"] for p in res["prompts"]] == ["orc", "friend"]


# ----- breaking free --------------------------------------------------------------

@pytest.mark.parametrize("option, b_roll, h_roll, separated", [
    ("must-pass", 20, 35, True),      # margins 30 vs 5
    ("must-pass", 40, 30, False),     # 10 vs 10: not greater
    ("must-pass", 45, 35, False),     # 5 vs 5
    ("must-pass", 60, 90, False),     # breaker failed (−10) though the holder failed worse (−50)
    ("compare-margins", 60, 90, True),
    ("compare-margins", 60, 35, False),
])
def test_break_free_compares_margins(option, b_roll, h_roll, separated):
    rule = "classic.grapple.break-free"
    res = act("break_free", saves={"breaker": 50, "holder": 40}, rolls={"breaker": b_roll, "holder": h_roll},
              options={"grapple_break_free": option})
    assert res["value"]["separated"] is separated
    assert res["breakdown"]["lines"][0] == {"label": "save.robustness", "value": 50, "unit": "percent",
                                            "rule": rule, "applied": True}
    assert res["events"] == ([rule] if separated else [])


def test_helpers_add_five_percent_each():
    rule = "classic.grapple.break-free.helpers"
    res = act("break_free", saves={"breaker": 50, "holder": 40}, helpers=2,
              rolls={"breaker": 58, "holder": 39})
    line = [l for l in res["breakdown"]["lines"] if l["rule"] == rule][0]
    assert line["value"] == 10 and res["value"]["breaker"]["chance"] == 60
    assert res["value"]["breaker"]["margin"] == 2 and res["value"]["separated"] is True
    helper = act("separate")
    assert helper["breakdown"]["total"] == 5 and helper["value"]["type"] == "complex"


def test_both_wanting_to_separate_need_no_save():
    res = act("break_free", both_want=True)
    assert res["value"] == {"separated": True, "rule": "classic.grapple.break-free", "saves": False}
    assert res["prompts"][0]["rule"] == "classic.grapple.break-free"


def test_break_free_dice_rolled_when_not_typed():
    res = act("break_free", seed=5, saves={"breaker": 50, "holder": 40})
    rng = random.Random(5)
    assert res["value"]["breaker"]["roll"] == rng.randint(1, 100)
    assert res["value"]["holder"]["roll"] == rng.randint(1, 100)


@pytest.mark.parametrize("action, payload, field", [
    ("grapple", {"attacker": {"stats": {}}, "victim": {"stats": {"dex": 9}}}, "attacker.stats.dex"),
    ("grapple", {"attacker": {"stats": {"dex": 9}}, "victim": {"stats": {"dex": 9}},
                 "rolls": {"attacker": 21}}, "rolls.attacker"),
    ("grapple", {"attacker": {"stats": {"dex": 9}}, "victim": {"stats": {"dex": 9}},
                 "rolls": {"attacker": 2, "victim": 20}, "victim_weapon": ["size.XL"]}, "victim_weapon"),
    ("grapple", {"attacker": {"stats": {"dex": 9}}}, "victim"),
    ("break_free", {"saves": {"breaker": 120, "holder": 40}}, "saves.breaker"),
    ("break_free", {"saves": {"breaker": 50}}, "saves.holder"),
    ("break_free", {"saves": {"breaker": 50, "holder": 40}, "helpers": 11}, "helpers"),
    ("split_effect", {"amount": -3}, "amount"),
    ("outside_attack", {"attacker": {}, "attack": {"kind": "thrown"}}, "attack.kind"),
    ("outside_attack", {"attacker": {}, "save": {"chance": 50}, "rolls": {"save": 101}}, "rolls.save"),
    ("cast", {"creature": {}, "components": ["psionic"]}, "components[0]"),
])
def test_bad_input_names_the_field(action, payload, field):
    with pytest.raises(InputError) as err:
        act(action, seed=1, **payload)
    assert err.value.field == field


def test_close_combat_through_the_attack_query():
    base = {"ruleset": "classic", "attacker": {"stats": {"thac0": 15}, "conditions": [GRAPPLING]},
            "defender": {"stats": {"ac": 4, "shield_ac": 1},
                         "conditions": [{"id": "grappling", "cause": "me"}]},
            "attack": {"damage": "1d8", "weapon": ["size.M", "blunt"]}, "rolls": {"d20": 12, "damage": [3]}}
    res = run("attack", base)
    assert res["attack"]["total"] == -4
    assert {l["rule"] for l in res["attack"]["lines"]} == {"classic.grapple.weapon.medium",
                                                           "classic.grapple.weapon.blunt"}
    shield = [l for l in res["target"]["lines"] if l["rule"] == "classic.grapple.shield"]
    assert shield and shield[0]["value"] == -1             # the shield gives no AC
    base["attack"] = {"damage": "2d6", "weapon": ["size.L"], "grip": "two"}
    two = run("attack", base)
    assert two["verdict"] == "not-allowed" and two["notes"] == ["classic.grapple.weapon.two-handed"]
    base["attack"] = {"damage": "1d4", "weapon": ["size.S"]}
    base["defender"]["conditions"] = []
    other = run("attack", base)
    assert other["verdict"] == "not-allowed" and other["notes"] == ["classic.grapple.target-only"]
