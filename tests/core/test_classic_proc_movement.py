"""classic movement and the action economy: hexes with the 1-hex minimum,
complex actions with a half move (standing up, picking up an object), careful
movement, and the picking-up AC penalty (§1.5 stand-up, §1.20)."""

import random

import pytest

from mischia.errors import InputError
from mischia.model import ConditionDef, Modifier, Unit, when
from mischia.queries import QueryInput, run
from mischia.rulesets.classic import Classic

HALF = "classic.action.complex-half-move"


def movement(creature, **extra):
    return run("movement", {"ruleset": "classic", "creature": creature, **extra}, None)


def actions(**payload):
    return run("actions", {"ruleset": "classic", **payload}, random.Random(1))


class Hobbled(Classic):
    """Classic plus homebrew conditions reducing movement like the graded
    conditions do (−4 hexes at 6+, −3 at 5 or less)."""

    conditions = {**Classic.conditions,
                  "hobbled": ConditionDef("hobbled", "test.hobbled", modifiers=(
                      Modifier("move", -4, "test.hobbled.move", Unit.HEXES,
                               when=when(num=(("self.move", ">=", 6),))),
                      Modifier("move", -3, "test.hobbled.move", Unit.HEXES,
                               when=when(num=(("self.move", "<=", 5),))),
                  ))}


def ask_move(ruleset, payload):
    return ruleset.query_movement(QueryInput(payload, ruleset.resolve_options()), None)


def test_base_movement_in_hexes():
    res = movement({"stats": {"move": 12}})
    assert res["value"] == 12
    assert res["breakdown"]["lines"][0] == {"label": "move.base", "value": 12, "unit": "hexes",
                                            "rule": "ext.classic.sizes-weapons", "applied": True}
    assert res["details"]["action"]["id"] == "move"


@pytest.mark.parametrize("move, expected, floored", [(12, 8, False), (6, 2, False), (5, 2, False),
                                                     (4, 1, False), (3, 1, True), (1, 1, True)])
def test_condition_reductions_never_go_below_one_hex(move, expected, floored):
    rs = Hobbled()
    res = ask_move(rs, {"creature": {"stats": {"move": move}, "conditions": ["hobbled"]}})
    assert res.value == expected
    assert res.breakdown.line("test.hobbled.move").value in (-4, -3)
    assert any(l.reason == "floor" for l in res.breakdown.lines) is floored


@pytest.mark.skipif("debilitated" not in Classic.conditions, reason="graded conditions are combat data")
def test_debilitated_loses_two_hexes_at_six_or_more():
    res = movement({"stats": {"move": 9}, "conditions": ["debilitated"]})
    assert res["value"] == 7
    assert [l["value"] for l in res["breakdown"]["lines"]
            if l["rule"] == "classic.cond.debilitated.move"] == [-2]


def test_standing_up_is_a_complex_action_then_half_a_move():
    rule = "classic.cond.prone.stand-up"
    res = movement({"stats": {"move": 9}}, stand_up=True)
    half = [l for l in res["breakdown"]["lines"] if l["rule"] == HALF][0]
    assert res["value"] == 4 and half["value"] == -5 and half["source"] == "stand_up"
    assert res["details"]["action"] == {"id": "stand_up", "type": "complex", "rule": rule,
                                        "name": "Stand up", "declared": True, "half_move": "after"}
    assert actions(action="stand_up")["value"]["then"] == "half-move"


def test_picking_up_allows_a_half_move_before_or_after():
    rule = "classic.pickup.action"
    res = movement({"stats": {"move": 12}}, action="pickup", hexes=4)
    assert res["value"] == 6
    assert res["details"]["action"]["rule"] == rule
    assert res["details"]["action"]["half_move"] == "before-or-after"
    assert res["details"]["remaining"] == 2 and res["details"]["fits"] is True
    too_far = movement({"stats": {"move": 12}}, action="pickup", hexes=7)
    assert too_far["details"]["fits"] is False and too_far["details"]["remaining"] == -1


def test_careful_movement_costs_an_extra_point_per_hex():
    rule = "classic.surprise.mod.careful-movement"
    res = movement({"stats": {"move": 9}}, careful=True)
    line = [l for l in res["breakdown"]["lines"] if l["rule"] == rule][0]
    assert res["value"] == 4 and line["value"] == -5


def test_surprised_creature_cannot_move():
    res = movement({"stats": {"move": 12}, "conditions": ["surprised"]})
    assert res["value"] == 0
    assert res["breakdown"]["lines"][-1]["rule"] == "classic.surprise.effect.no-actions"
    assert res["breakdown"]["lines"][-1]["reason"] == "forbidden"


def test_leaving_melee_prompts_for_attacks_of_opportunity():
    res = movement({"stats": {"move": 12}}, leaves_melee=True)
    assert [p["rule"] for p in res["prompts"]] == ["classic.aoo.leave-melee"]
    moving = actions(action="move", leaves_melee=True, passes_enemies=True)
    assert moving["value"]["provokes"] is True
    assert moving["value"]["provokes_rules"] == ["classic.aoo.leave-melee", "classic.aoo.passing"]
    assert actions(action="move")["value"]["provokes"] is False


def test_picking_up_gives_two_points_of_ac_penalty_and_no_dex():
    rule = "classic.pickup.ac"
    res = actions(action="pickup")
    assert res["breakdown"]["total"] == 2 and res["breakdown"]["lines"][0]["rule"] == rule
    assert res["value"]["condition"] == "picking_up" and res["value"]["denies"] == ["dex_ac"]
    assert res["value"]["type"] == "complex" and res["value"]["combined_rule"] == HALF
    assert res["reminders"][0]["rule"] == "classic.pickup.timing"
    eff = run("effective", {"ruleset": "classic", "creature": {"conditions": ["picking_up"]}})
    assert eff["details"]["ac"]["total"] == 2 and eff["details"]["ac"]["lines"][0]["rule"] == rule
    assert eff["details"]["deny.dex_ac"]["lines"][0]["rule"] == rule
    assert "deny.shield_ac" not in eff["details"]          # the shield still counts


def test_after_a_complex_action_only_a_half_move_is_left():
    res = actions(used=["pickup"])
    assert res["value"]["available"] == ["move", "aoo"]
    assert res["value"]["notes"]["move"] == HALF
    fresh = actions()
    assert "attack" in fresh["value"]["available"] and "break_free" not in fresh["value"]["available"]
    types = {a["id"]: a["type"] for a in fresh["value"]["actions"]}
    assert types["stand_up"] == types["pickup"] == "complex" and types["aoo"] == "non-action"


def test_surprised_creature_has_no_actions():
    res = actions(creature={"conditions": ["surprised"]})
    assert res["value"]["available"] == []
    assert res["value"]["notes"]["actions"] == "classic.surprise.effect.no-actions"


@pytest.mark.parametrize("creature, extra, field", [
    ({"stats": {}}, {}, "creature.stats.move"),
    ({"stats": {"move": 61}}, {}, "creature.stats.move"),
    ({"stats": {"move": 6}}, {"action": "fly"}, "action"),
    ({"stats": {"move": 6}}, {"action": "pickup", "stand_up": True}, "stand_up"),
    ({"stats": {"move": 6}}, {"hexes": -1}, "hexes"),
    ({"stats": {"move": 6}, "conditions": [{"id": "surprised", "stage": 2}]}, {},
     "creature.conditions[0].stage"),
])
def test_bad_input_names_the_field(creature, extra, field):
    with pytest.raises(InputError) as err:
        movement(creature, **extra)
    assert err.value.field == field


def test_unknown_action_and_used_are_refused():
    with pytest.raises(InputError) as err:
        actions(action="juggle")
    assert err.value.field == "action" and "aoo" in err.value.allowed
    with pytest.raises(InputError) as err:
        actions(used=["nap"])
    assert err.value.field == "used[0]"


def test_attacking_a_creature_picking_something_up():
    """Descending AC: the +2 penalty and the lost Dex bonus both lower the
    number the attacker must reach; the shield still counts."""
    rule = "classic.pickup.ac"
    payload = {"ruleset": "classic", "attacker": {"stats": {"thac0": 15}},
               "defender": {"stats": {"ac": 4, "dex_ac": 2, "shield_ac": 1}, "conditions": ["picking_up"]},
               "attack": {"damage": "1d8"}, "rolls": {"d20": 10, "damage": [3]}}
    res = run("attack", payload)
    assert sorted(l["value"] for l in res["target"]["lines"] if l["rule"] == rule) == [-2, -2]
    assert res["target"]["total"] == 15 - 4 - 2 - 2
