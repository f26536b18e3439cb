"""dnd5e movement through the JSON interface: speed, difficult terrain,
prone (drop, stand up, crawl), other creatures' spaces, squeezing, several
speeds, breaking up movement, flying falls, and the size table."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run


def move(creature=None, segments=(), options=None, **extra):
    payload = {"ruleset": "dnd5e", "creature": creature or {"stats": {"speed": 9}},
               "segments": list(segments), **extra}
    if options:
        payload["options"] = options
    return run("movement", payload, random.Random(1))


def prone(speed=9, *more):
    return {"stats": {"speed": speed}, "conditions": ["prone", *more]}


def line(res, rule, lines=None):
    for l in (lines if lines is not None else res["breakdown"]["lines"]):
        if l["rule"] == rule:
            return l
    raise KeyError(rule)


# --- Sara's story -----------------------------------------------------------------

def test_story_standing_up_with_9_m_speed_costs_4_5_m():
    rule = "dnd5e.move.stand-up"
    res = move(prone(9), stand_up=True)
    assert res["value"]["cost"] == 4.5 and res["value"]["remaining"] == 4.5
    assert line(res, rule)["value"] == 4.5
    assert res["value"]["prone"] is False


def test_story_crawling_1_m_through_rubble_costs_3_m():
    res = move(prone(9), [{"distance": 1, "difficult": True}])
    assert res["value"]["cost"] == 3 and res["value"]["remaining"] == 6
    assert line(res, "dnd5e.move.crawl")["value"] == 1
    assert line(res, "dnd5e.move.difficult-terrain")["value"] == 1
    assert line(res, "dnd5e.move.prone-movement")["reason"] == "must-crawl"
    assert res["reminders"][0]["rule"] == "dnd5e.move.difficult-terrain.examples"


# --- budget, break-up, speeds --------------------------------------------------------

def test_budget_deducts_each_part_of_the_move():
    rule = "dnd5e.move.budget"
    res = move(segments=[{"distance": 3}, {"distance": 4.5}])
    assert res["value"]["cost"] == 7.5 and res["value"]["remaining"] == 1.5
    assert [l["value"] for l in res["breakdown"]["lines"] if l["rule"] == rule] == [3, 4.5]
    over = move(segments=[{"distance": 10}])
    assert not over["value"]["allowed"] and line(over, rule)["value"] == 10
    short = [l for l in over["breakdown"]["lines"] if l.get("reason") == "over-budget"][0]
    assert short["value"] == -1 and short["rule"] == rule and not short["applied"]


def test_speed_is_read_from_the_sheet():
    rule = "dnd5e.turn.speed"
    res = move({"stats": {"speed": 7.5}})
    assert res["details"]["speed"]["total"] == 7.5
    assert res["details"]["speed"]["lines"][0]["rule"] == rule


def test_break_up_movement_around_the_action():
    rule = "dnd5e.move.break-up"
    res = move(segments=[{"distance": 3}, {"action": "action"}, {"distance": 6}])
    assert res["value"]["allowed"] and res["value"]["remaining"] == 0
    assert line(res, rule)["value"] == 0
    later = move(segments=[{"distance": 6}], used=3)
    assert later["value"]["remaining"] == 0
    assert line(later, rule, later["details"]["remaining"]["lines"])["value"] == -3


def test_move_between_attacks_with_extra_attack():
    rule = "dnd5e.move.between-attacks"
    res = move({"stats": {"speed": 7.5}},
               [{"distance": 3}, {"action": "attack"}, {"distance": 4.5}, {"action": "attack"}])
    assert res["value"]["allowed"] and res["value"]["remaining"] == 0
    assert line(res, rule)["reason"] == "break-up"


def test_switching_speeds_subtracts_the_distance_already_moved():
    rule = "dnd5e.move.switch-speeds"
    flier = {"stats": {"speed": 9, "fly_speed": 18}}
    res = move(flier, [{"distance": 6, "mode": "fly"}, {"distance": 3},
                       {"distance": 9, "mode": "fly"}])
    assert res["value"]["allowed"] and res["value"]["cost"] == 18
    assert res["value"]["remaining_by_mode"] == {"walk": 0, "fly": 0}
    walk_after = move(flier, [{"distance": 9, "mode": "fly"}, {"distance": 1}])
    assert not walk_after["value"]["allowed"]
    assert line(walk_after, "dnd5e.move.budget")["value"] == 9
    fly_after = move({"stats": {"speed": 9, "fly_speed": 6}},
                     [{"distance": 6}, {"distance": 1, "mode": "fly"}])
    assert not fly_after["value"]["allowed"]
    assert line(fly_after, rule)["reason"] == "no-movement-left"


def test_climbing_without_a_climb_speed_costs_extra():
    rule = "dnd5e.move.modes"
    res = move(segments=[{"distance": 2, "mode": "climb"}, {"distance": 2, "mode": "swim"}])
    assert res["value"]["cost"] == 8
    assert line(res, rule)["reason"] == "no-climb-speed"
    climber = move({"stats": {"speed": 9, "climb_speed": 9}}, [{"distance": 2, "mode": "climb"}])
    assert climber["value"]["cost"] == 2


def test_dash_adds_the_speed_again():
    res = move(segments=[{"distance": 15}], dash=1)
    assert res["value"]["allowed"] and res["value"]["remaining"] == 3
    assert res["details"]["speed"]["lines"][-1]["rule"] == "ext.dnd5e.actions"


# --- difficult terrain ---------------------------------------------------------------

def test_difficult_terrain_doubles_the_cost():
    rule = "dnd5e.move.difficult-terrain"
    res = move(segments=[{"distance": 3, "difficult": True}])
    assert res["value"]["cost"] == 6 and line(res, rule)["value"] == 3


def test_several_difficult_features_in_one_space_double_only_once():
    rule = "dnd5e.move.difficult-terrain.no-stack"
    res = move(segments=[{"distance": 3, "difficult": 3}])
    assert res["value"]["cost"] == 6
    stacked = [l for l in res["breakdown"]["lines"] if l["rule"] == rule]
    assert len(stacked) == 2 and all(not l["applied"] and l["reason"] == "did-not-stack"
                                     for l in stacked)


def test_another_creatures_space_is_difficult_terrain():
    rule = "dnd5e.move.creature-space"
    res = move(segments=[{"distance": 1.5, "through": {"hostile": False}}])
    assert res["value"]["cost"] == 3 and line(res, rule)["value"] == 1.5
    rubble_too = move(segments=[{"distance": 1.5, "difficult": True, "through": {}}])
    assert rubble_too["value"]["cost"] == 3


# --- prone --------------------------------------------------------------------------

def test_dropping_prone_costs_nothing_and_then_movement_is_a_crawl():
    rule = "dnd5e.move.drop-prone"
    res = move(segments=[{"distance": 2}, {"drop_prone": True}, {"distance": 1}])
    assert line(res, rule)["value"] == 0
    assert res["value"]["cost"] == 2 + 2 and res["value"]["prone"] is True


def test_crawling_costs_double():
    rule = "dnd5e.move.crawl"
    res = move(segments=[{"distance": 2, "crawl": True}])
    assert res["value"]["cost"] == 4 and line(res, rule)["value"] == 2


def test_prone_creature_must_crawl():
    rule = "dnd5e.move.prone-movement"
    res = move(prone(9), [{"distance": 2}])
    assert res["value"]["cost"] == 4 and line(res, rule)["reason"] == "must-crawl"


def test_stand_up_then_walk():
    res = move(prone(9), [{"stand_up": True}, {"distance": 4.5}])
    assert res["value"]["allowed"] and res["value"]["cost"] == 9


@pytest.mark.parametrize("creature,used,reason", [
    (prone(9, "grappled"), 0, "speed-0"),
    (prone(9), 6, "not-enough-movement"),
])
def test_cannot_stand_up_without_enough_movement_or_at_speed_0(creature, used, reason):
    rule = "dnd5e.move.stand-up.limits"
    res = move(creature, stand_up=True, used=used)
    limit = line(res, rule)
    assert not limit["applied"] and limit["reason"] == reason
    assert not res["value"]["allowed"] and res["value"]["prone"] is True


def test_exhaustion_2_halves_speed_and_standing_up_costs_half_of_that():
    res = move({"stats": {"speed": 9}, "conditions": ["prone", {"id": "exhaustion", "stage": 2}]},
               stand_up=True)
    assert res["details"]["speed"]["total"] == 4.5
    assert res["value"]["cost"] == 2.25
    assert line(res, "ext.dnd5e.conditions", res["details"]["speed"]["lines"])["value"] == -4.5


@pytest.mark.parametrize("condition", ["grappled", "restrained", {"id": "exhaustion", "stage": 5}])
def test_speed_0_conditions(condition):
    res = move({"stats": {"speed": 9}, "conditions": [condition]}, [{"distance": 1}])
    assert res["details"]["speed"]["total"] == 0 and not res["value"]["allowed"]


def test_surprised_creature_cannot_move():
    rule = "dnd5e.surprise.effect"
    res = move({"stats": {"speed": 9}, "conditions": ["surprised"]}, [{"distance": 1}])
    assert line(res, rule, res["details"]["speed"]["lines"])["reason"] == "can't-move"
    assert not res["value"]["allowed"]


# --- moving around creatures -----------------------------------------------------------

def test_through_a_nonhostile_creatures_space():
    rule = "dnd5e.move.through-nonhostile"
    res = move(segments=[{"distance": 1.5, "through": {"hostile": False}}])
    assert res["value"]["allowed"] and line(res, rule)["applied"]


@pytest.mark.parametrize("size,allowed", [("medium", False), ("large", False), ("huge", True),
                                          ("tiny", True), ("small", False)])
def test_through_a_hostile_creatures_space_only_two_sizes_apart(size, allowed):
    rule = "dnd5e.move.through-hostile"
    res = move(segments=[{"distance": 1.5, "through": {"hostile": True, "size": size}}])
    assert res["value"]["allowed"] is allowed
    assert line(res, rule)["applied"] is allowed


def test_doorway_held_by_a_medium_hobgoblin_blocks_the_way():
    rule = "dnd5e.size.doorway"
    res = move(segments=[{"distance": 1.5, "through": {"hostile": True, "size": "medium",
                                                       "doorway": True}}])
    assert not res["value"]["allowed"] and line(res, rule)["reason"] == "blocked"
    let = move(segments=[{"distance": 1.5, "through": {"hostile": False, "doorway": True}}])
    assert let["value"]["allowed"]


def test_cannot_end_the_move_in_another_creatures_space():
    rule = "dnd5e.move.no-end-in-space"
    res = move(segments=[{"distance": 1.5, "through": {"hostile": False}, "end_in_space": True}])
    assert not res["value"]["allowed"] and line(res, rule)["reason"] == "not-allowed"


def test_leaving_reach_provokes_an_opportunity_attack_unless_disengaged():
    rule = "dnd5e.move.leave-reach"
    res = move(segments=[{"distance": 3, "leaves_reach": True}])
    assert res["prompts"][0]["rule"] == rule
    assert res["prompts"][0]["params"]["reaction"] == "ext.dnd5e.reactions-oa"
    calm = move({"stats": {"speed": 9}, "conditions": ["disengaged"]},
                [{"distance": 3, "leaves_reach": True}])
    assert calm["prompts"] == [] and line(calm, rule)["reason"] == "disengage"


@pytest.mark.parametrize("creature,airborne,falls", [
    (prone(9), True, True),
    ({"stats": {"speed": 9}, "conditions": ["grappled"]}, True, True),
    ({"stats": {"speed": 9}}, True, False),
    (prone(9), False, False),
    ({"stats": {"speed": 9}, "traits": ["hover"], "conditions": ["prone"]}, True, False),
])
def test_flying_creature_knocked_prone_or_at_speed_0_falls(creature, airborne, falls):
    rule = "dnd5e.move.flying-fall"
    res = move(creature, airborne=airborne)
    assert (rule in res["events"]) is falls
    assert any(p["rule"] == rule for p in res["prompts"]) is falls


# --- size and squeezing -------------------------------------------------------------

@pytest.mark.parametrize("size,space", [("tiny", 0.75), ("small", 1.5), ("medium", 1.5),
                                        ("large", 3), ("huge", 4.5), ("gargantuan", 6)])
def test_size_table_space(size, space):
    rule = "ext.dnd5e.size-table"
    res = run("effective", {"ruleset": "dnd5e", "creature": {"size": size}})
    assert res["details"]["space"]["total"] == space
    assert line(res, rule, res["details"]["space"]["lines"])["value"] == space
    assert line(res, "dnd5e.size.space-definition",
                res["details"]["space"]["lines"])["reason"] == "area-controlled"


def test_large_creature_squeezes_through_a_1_5_m_passage_at_double_cost():
    large = {"stats": {"speed": 12}, "size": "large"}
    res = move(large, [{"distance": 3, "width": 1.5}])
    assert res["value"]["allowed"] and res["value"]["cost"] == 6
    assert line(res, "dnd5e.squeeze.allowed")["applied"]
    assert line(res, "dnd5e.squeeze.move-cost")["value"] == 3
    assert line(res, "dnd5e.size.space")["value"] == 3


def test_too_narrow_to_squeeze():
    rule = "dnd5e.squeeze.allowed"
    res = move({"stats": {"speed": 12}, "size": "huge"}, [{"distance": 3, "width": 1.5}])
    assert not res["value"]["allowed"] and line(res, rule)["reason"] == "too-narrow"
    medium = move(segments=[{"distance": 1, "width": 0.75}])
    assert not medium["value"]["allowed"]


@pytest.mark.parametrize("choice,difficult_cost,crawl_cost", [("additive", 9, 9),
                                                               ("no-stack", 6, 6)])
def test_squeezing_with_difficult_terrain_or_crawling_amb_50(choice, difficult_cost, crawl_cost):
    rule = "dnd5e.squeeze.move-cost"
    squeezing = {"stats": {"speed": 30}, "conditions": ["squeezing"]}
    res = move(squeezing, [{"distance": 3, "difficult": True}], options={"squeeze_cost": choice})
    assert res["value"]["cost"] == difficult_cost
    assert line(res, rule)["applied"] is (choice == "additive")
    crawl = move(squeezing, [{"distance": 3, "crawl": True}], options={"squeeze_cost": choice})
    assert crawl["value"]["cost"] == crawl_cost
    plain = move(squeezing, [{"distance": 3}], options={"squeeze_cost": choice})
    assert plain["value"]["cost"] == 6


# --- bad input -------------------------------------------------------------------------

@pytest.mark.parametrize("payload,field", [
    ({"segments": [{"distance": -1}]}, "segments[0].distance"),
    ({"segments": [{"distance": 1, "mode": "warp"}]}, "segments[0].mode"),
    ({"segments": [{"distance": 1, "colour": "red"}]}, "segments[0].colour"),
    ({"segments": [{"stand_up": True}]}, "segments[0].stand_up"),
    ({"segments": [{"distance": 1, "mode": "fly"}]}, "creature.stats.fly_speed"),
    ({"creature": {}}, "speed"),
    ({"creature": {"stats": {"speed": 99}}}, "creature.stats.speed"),
    ({"options": {"squeeze_cost": "triple"}}, "options.squeeze_cost"),
    ({"segments": [{"distance": 1, "through": {"size": "colossal"}}]}, "segments[0].through.size"),
])
def test_bad_input_names_the_field(payload, field):
    base = {"ruleset": "dnd5e", "creature": {"stats": {"speed": 9}}, "segments": []}
    with pytest.raises(InputError) as err:
        run("movement", {**base, **payload}, random.Random(1))
    assert err.value.field == field
