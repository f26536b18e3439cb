"""pf1 action economy (ext.pf1.actions), attacks of opportunity
(ext.pf1.aoo) and movement: what a turn allows under conditions, what
provokes, Combat Reflexes, reach, run ×4 / ×3, difficult terrain, 5-foot step."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

ACTIONS = "ext.pf1.actions"
AOO = "ext.pf1.aoo"
COND = "ext.pf1.conditions"
MOVEMENT = "ext.pf1.movement"


def q(name, **payload):
    return run(name, {"ruleset": "pf1", **payload}, random.Random(0))


def act(action=None, creature=None, **kw):
    payload = dict(creature=creature or {}, **kw)
    if action:
        payload["action"] = action
    return q("actions", **payload)


@pytest.mark.parametrize("action, type_, provokes", [
    ("attack_melee", "standard", False), ("attack_ranged", "standard", True),
    ("cast_spell", "standard", True), ("drink_potion", "standard", True),
    ("total_defense", "standard", False), ("move", "move", True), ("stand_up", "move", True),
    ("draw_weapon", "move", False), ("full_attack", "full_round", False),
    ("coup_de_grace", "full_round", True), ("run", "full_round", True), ("withdraw", "full_round", False),
    ("cast_quickened_spell", "swift", False), ("cast_feather_fall", "immediate", False),
    ("drop_item", "free", False), ("five_foot_step", "none", False), ("delay", "none", False),
    ("aid_another", "standard", "maybe"), ("trip", "standard", True),
])
def test_action_types_and_what_provokes(action, type_, provokes):
    res = act(action)
    assert res["value"]["type"] == type_ and res["value"]["type_rule"] == ACTIONS
    assert res["value"]["provokes"] == provokes
    assert res["details"]["provokes"]["lines"][0]["rule"] == AOO


def test_improved_feats_and_casting_defensively_do_not_provoke():
    trip = act("trip", {"traits": ["improved_trip"]})
    assert trip["value"]["provokes"] is False
    assert trip["details"]["provokes"]["lines"][0]["reason"] == "improved_trip"
    cast = act("cast_spell", defensive=True, spell_level=2)
    assert cast["value"]["provokes"] is False
    prompt = cast["prompts"][0]
    assert prompt["rule"] == "ext.pf1.concentration" and prompt["target"] == 19


def test_turn_budget_after_used_actions():
    rule = ACTIONS
    res = act(used=["attack_melee"])
    left = res["value"]["budget"]
    assert left["standard"] == 0 and left["move"] == 1 and left["full_round"] == 0
    assert act("full_attack", used=["draw_weapon"])["value"]["allowed"] is False
    assert act("full_attack", used=["draw_weapon"])["value"]["blocked_by"] == [rule]
    two_moves = act("move", used=["move"])
    assert two_moves["value"]["allowed"] is True          # the standard action used as a move
    with pytest.raises(InputError) as err:
        act(used=["move", "move", "move"])
    assert err.value.field == "used[2]"
    swift = act("cast_feather_fall", used=["cast_quickened_spell"])
    assert swift["value"]["allowed"] is False             # an immediate action uses the swift one
    step = act("move", used=["five_foot_step"])
    assert step["value"]["allowed"] is False
    moved = act("five_foot_step", used=["move"])
    assert moved["value"]["allowed"] is False


@pytest.mark.parametrize("cond, action, allowed", [
    ("staggered", "attack_melee", True), ("staggered", "full_attack", False),
    ("disabled", "move", True), ("disabled", "full_attack", False),
    ("nauseated", "move", True), ("nauseated", "attack_melee", False),
    ("nauseated", "drop_item", False), ("nauseated", "cast_quickened_spell", False),
    ("dazed", "drop_item", False), ("stunned", "move", False), ("cowering", "move", False),
    ("fascinated", "attack_melee", False), ("grappled", "move", False),
    ("grappled", "cast_spell", True), ("pinned", "attack_melee", False),
    ("entangled", "run", False), ("fatigued", "charge", False), ("exhausted", "run", False),
    ("prone", "attack_ranged", False), ("panicked", "attack_melee", False),
    ("unconscious", "speak", False), ("total_defense", "attack_melee", False),
])
def test_conditions_limit_actions(cond, action, allowed):
    res = act(action, {"conditions": [cond]})
    assert res["value"]["allowed"] is allowed
    if not allowed:
        assert set(res["value"]["blocked_by"]) & {COND, "ext.pf1.hp-dying", "ext.pf1.modifier-tables",
                                                  ACTIONS}


def test_staggered_takes_a_move_or_a_standard_not_both():
    res = act("move", {"conditions": ["staggered"]}, used=["attack_melee"])
    assert res["value"]["allowed"] is False and res["details"]["budget"]["single"] is True


def test_disabled_standard_action_deals_one_damage():
    rule = "ext.pf1.hp-dying"
    res = act("attack_melee", {"conditions": ["disabled"]})
    assert res["details"]["damage_after"] == 1 and res["events"] == [rule]
    assert res["prompts"][0]["rule"] == rule
    by_hp = act("attack_melee", hp={"max": 10, "current": 0, "status": "disabled"})
    assert by_hp["details"]["damage_after"] == 1
    assert "damage_after" not in act("move", {"conditions": ["disabled"]})["details"]


def test_one_attack_of_opportunity_per_round_more_with_combat_reflexes():
    rule = AOO
    res = act()
    assert res["breakdown"]["total"] == 1 and res["breakdown"]["lines"][0]["rule"] == rule
    reflexes = act(creature={"stats": {"dex_mod": 3}, "traits": ["combat_reflexes"]}, aoo_used=2)
    assert reflexes["breakdown"]["total"] == 4 and reflexes["details"]["aoo_left"] == 2
    tired = act(creature={"stats": {"dex_mod": 3}, "traits": ["combat_reflexes"], "conditions": ["fatigued"]})
    assert tired["breakdown"]["total"] == 3
    grappled = act(creature={"conditions": ["grappled"]})
    assert grappled["breakdown"]["total"] == 0


@pytest.mark.parametrize("size, traits, weapon, reach", [
    ("medium", [], False, {"min": 0, "max": 1.5}),
    ("large", [], False, {"min": 0, "max": 3}),
    ("large", ["long"], False, {"min": 0, "max": 1.5}),
    ("tiny", [], False, {"min": 0, "max": 0}),
    ("medium", [], True, {"min": 3, "max": 3}),
    ("huge", [], True, {"min": 3, "max": 9}),
])
def test_threatened_area_by_reach(size, traits, weapon, reach):
    res = act(creature={"size": size, "traits": traits}, reach_weapon=weapon)
    assert res["details"]["reach"] == {**reach, "rule": AOO}


def test_unknown_action_is_refused():
    with pytest.raises(InputError) as err:
        act("backflip")
    assert err.value.field == "action" and "attack_melee" in err.value.allowed


# ----- movement -----------------------------------------------------------------

def move(creature=None, **kw):
    return q("movement", creature=creature or {"stats": {"speed": 9}}, **kw)


@pytest.mark.parametrize("mode, armour, allowance", [
    ("move", "none", 9), ("double", "none", 18), ("run", "none", 36), ("run", "heavy", 27),
    ("charge", "none", 18), ("withdraw", "none", 18), ("step", "none", 1.5), ("crawl", "none", 1.5),
])
def test_movement_allowance_by_action(mode, armour, allowance):
    res = move(mode=mode, armour=armour)
    assert res["value"]["allowance"] == allowance and res["value"]["allowed"]
    rules = {l["rule"] for l in res["breakdown"]["lines"]}
    assert ACTIONS in rules or MOVEMENT in rules
    if armour == "heavy":
        assert [l["rule"] for l in res["breakdown"]["lines"] if l["label"] == "move.run"] == [MOVEMENT]


def test_difficult_terrain_costs_double_and_blocks_run_charge_and_step():
    rule = MOVEMENT
    res = move(segments=[{"distance": 3}, {"distance": 3, "difficult": True}])
    assert res["value"]["cost"] == 9 and res["value"]["remaining"] == 0 and res["value"]["allowed"]
    assert [l["rule"] for l in res["details"]["cost"]["lines"]] == [ACTIONS, rule]
    too_far = move(segments=[{"distance": 6, "difficult": True}])
    assert too_far["value"]["allowed"] is False
    for mode in ("run", "charge", "step"):
        blocked = move(mode=mode, segments=[{"distance": 1.5, "difficult": True}])
        assert blocked["value"]["blocked_by"] == [rule], mode


def test_half_speed_conditions_do_not_stack():
    res = move({"stats": {"speed": 9}, "conditions": ["entangled", "exhausted"]})
    assert res["value"]["allowance"] == 4.5
    halves = [l for l in res["breakdown"]["lines"] if l["label"] == "speed.half"]
    assert [l["applied"] for l in halves] == [True, False] and halves[0]["rule"] == COND


def test_blinded_moves_at_half_speed_unless_acrobatics():
    res = move({"stats": {"speed": 9}, "conditions": ["blinded"]})
    assert res["value"]["allowance"] == 4.5 and res["prompts"][0]["target"] == 10


def test_conditions_block_movement_modes():
    assert move({"stats": {"speed": 9}, "conditions": ["fatigued"]}, mode="run")["value"]["blocked_by"] == [COND]
    assert move({"stats": {"speed": 9}, "conditions": ["grappled"]})["value"]["allowed"] is False
    staggered = move({"stats": {"speed": 9}, "conditions": ["staggered"]}, mode="double")
    assert staggered["value"]["blocked_by"] == [COND]
    restricted = move({"stats": {"speed": 9}, "conditions": ["staggered"]}, mode="charge")
    assert restricted["value"]["allowed"] and restricted["value"]["allowance"] == 9


def test_five_foot_step_rules():
    rule = ACTIONS
    assert move(mode="step", moved=True)["value"]["blocked_by"] == [rule]
    assert move({"stats": {"speed": 1.5}}, mode="step")["value"]["blocked_by"] == [rule]
    surprise = move(mode="double", surprise_round=True)
    assert surprise["value"]["blocked_by"] == ["pf1.surprise.round-actions"]


def test_standing_up_uses_the_move_action():
    res = move(mode="double", stand_up=True, segments=[{"distance": 9}])
    assert res["value"]["allowance"] == 9 and res["value"]["allowed"]


def test_movement_bad_input():
    with pytest.raises(InputError) as err:
        move({"stats": {}})
    assert err.value.field == "speed"
    with pytest.raises(InputError) as err:
        move(mode="teleport")
    assert err.value.field == "mode"
    with pytest.raises(InputError) as err:
        move(segments=[{"distance": -3}])
    assert err.value.field == "segments[0].distance"
