"""dnd5e action economy through the JSON interface: the actions in combat,
object interactions (AMB-51), the bonus action, the reaction and
opportunity attacks."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

FIGHTER = {"stats": {"speed": 9}}


def actions(creature=None, used=(), options=None, **extra):
    payload = {"ruleset": "dnd5e", "creature": creature or FIGHTER, "used": list(used), **extra}
    if options:
        payload["options"] = options
    return run("actions", payload, random.Random(1))


def line(breakdown, rule):
    for l in breakdown["lines"]:
        if l["rule"] == rule:
            return l
    raise KeyError(rule)


def test_the_actions_in_combat_are_listed_and_cost_the_action():
    rule = "ext.dnd5e.actions"
    res = actions()
    assert res["value"]["combat_actions"] == ["attack", "cast_spell", "dash", "disengage", "dodge",
                                              "help", "hide", "ready", "search", "use_object"]
    for aid in res["value"]["combat_actions"]:
        check = actions(action=aid)["details"]["check"]
        assert check["cost"] == "action" and check["allowed"] and check["rule"] in (
            rule, "dnd5e.free.magic-items")
    used = actions(used=["dodge"])
    assert used["value"]["economy"]["action"] == 0
    assert line(used["details"]["action"], rule)["value"] == -1
    assert "attack" not in used["value"]["available"]


def test_move_and_one_action_in_either_order():
    rule = "dnd5e.turn.move-and-action"
    res = actions()
    assert line(res["details"]["action"], rule)["value"] == 1
    assert res["details"]["movement"]["total"] == 9
    assert actions(used=["move"], action="attack")["details"]["check"]["allowed"]
    assert actions(used=["attack"], action="move")["details"]["check"]["allowed"]
    with pytest.raises(InputError) as err:
        actions(used=["attack", "dash"])
    assert err.value.field == "used[1]"


def test_forgoing_everything_is_allowed_and_flourishes_are_free():
    assert actions(action="forgo")["details"]["check"]["rule"] == "dnd5e.turn.forgo"
    assert actions(action="forgo")["details"]["check"]["allowed"]
    busy = actions(used=["attack", "object"], action="communicate")["details"]["check"]
    assert busy["allowed"] and busy["cost"] == "free" and busy["rule"] == "dnd5e.free.flourishes"


def test_one_free_object_interaction_then_the_second_needs_the_action():
    res = actions(action="object")
    check = res["details"]["check"]
    assert check["cost"] == "object" and check["rule"] == "dnd5e.free.one-object"
    assert {r["rule"] for r in res["reminders"]} >= {"dnd5e.free.dm-may-require-action",
                                                     "dnd5e.free.examples"}
    second = actions(used=["object"], action="object")["details"]["check"]
    assert second["cost"] == "action" and second["allowed"]
    assert second["rule"] == "dnd5e.free.second-object"
    spent = actions(used=["object", "object"])
    assert line(spent["details"]["action"], "dnd5e.free.second-object")["value"] == -1
    no_action = actions(used=["attack", "object"], action="object")["details"]["check"]
    assert not no_action["allowed"]


def test_magic_items_always_need_an_action():
    rule = "dnd5e.free.magic-items"
    check = actions(action="object", magic_item=True)["details"]["check"]
    assert check["cost"] == "action" and check["rule"] == rule
    res = actions(used=["magic_item"])
    assert line(res["details"]["action"], rule)["value"] == -1


@pytest.mark.parametrize("choice,allowed", [("per-turn", False), ("per-action", True)])
def test_object_interactions_per_turn_or_per_action_amb_51(choice, allowed):
    creature = {"stats": {"speed": 9}, "traits": ["bonus.cunning_action"]}
    res = actions(creature, used=["attack", "bonus_action", "object"], action="object",
                  options={"object_interaction": choice})
    check = res["details"]["check"]
    assert check["allowed"] is allowed
    assert res["details"]["object"]["lines"][0]["value"] == (1 if choice == "per-turn" else 2)


def test_bonus_action_only_with_a_feature_that_grants_one():
    rule = "dnd5e.bonus.source"
    none = actions(action="bonus_action")
    assert not none["details"]["check"]["allowed"]
    assert line(none["details"]["bonus_action"], rule)["reason"] == "no-feature"
    rogue = actions(bonus_actions=["cunning_action"], action="bonus_action")
    assert rogue["details"]["check"]["allowed"] and rogue["value"]["bonus_actions"] == ["cunning_action"]


def test_only_one_bonus_action_per_turn_at_any_time():
    rule = "dnd5e.bonus.one-per-turn"
    rogue = {"stats": {"speed": 9}, "traits": ["bonus.cunning_action", "bonus.offhand"]}
    res = actions(rogue, used=["bonus_action"])
    assert line(res["details"]["bonus_action"], rule)["value"] == -1
    with pytest.raises(InputError) as err:
        actions(rogue, used=["bonus_action", "attack", "bonus_action"])
    assert err.value.field == "used[2]"
    for used in ([], ["attack"], ["attack", "move"]):
        check = actions(rogue, used=used, action="bonus_action")["details"]["check"]
        assert check["allowed"] and check["timing"]["rule"] == "dnd5e.bonus.timing"


@pytest.mark.parametrize("condition", ["incapacitated", "stunned", "surprised"])
def test_no_actions_means_no_bonus_action(condition):
    rule = "dnd5e.bonus.no-actions-no-bonus"
    res = actions({"stats": {"speed": 9}, "conditions": [condition]},
                  bonus_actions=["cunning_action"], action="bonus_action")
    assert not res["details"]["check"]["allowed"]
    assert line(res["details"]["bonus_action"], rule)["value"] == -1
    assert res["details"]["action"]["total"] == 0


def test_one_reaction_per_round_and_opportunity_attacks():
    rule = "ext.dnd5e.reactions-oa"
    res = actions(action="opportunity_attack")
    assert res["details"]["check"]["allowed"] and res["details"]["check"]["rule"] == rule
    spent = actions(used=["opportunity_attack"], action="opportunity_attack")
    assert not spent["details"]["check"]["allowed"]
    assert line(spent["details"]["reaction"], rule)["value"] == 1


def test_leaving_reach_provokes_unless_disengage_teleport_or_forced():
    provokes = actions(action="move", leaves_reach=True)["details"]["check"]["provokes"]
    assert provokes["total"] == 1 and line(provokes, "dnd5e.move.leave-reach")["applied"]
    calm = actions(used=["disengage"], action="move", leaves_reach=True)["details"]["check"]
    assert calm["provokes"]["total"] == 0
    assert line(calm["provokes"], "ext.dnd5e.actions")["label"] == "disengage"
    for key in ("teleport", "forced"):
        moved = actions(action="move", leaves_reach=True, **{key: True})["details"]["check"]
        assert moved["provokes"]["total"] == 0
        assert line(moved["provokes"], "ext.dnd5e.reactions-oa")["label"] == key
    stay = actions(action="move")["details"]["check"]["provokes"]
    assert stay["total"] == 0


def test_class_options_reminder():
    res = actions()
    assert res["reminders"][0]["rule"] == "dnd5e.turn.class-options"


def test_unknown_action_names_the_field():
    with pytest.raises(InputError) as err:
        actions(action="fireball")
    assert err.value.field == "action" and "attack" in err.value.allowed
    with pytest.raises(InputError) as err:
        actions(used=["nap"])
    assert err.value.field == "used[0]"
