"""dnd5e order of combat through the JSON interface: initiative (groups,
ties, the optional d20 roll-off), surprise (Stealth against passive
Perception, AMB-49), and turn and round sequencing."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run


def q(name, seed=1, options=None, **payload):
    data = {"ruleset": "dnd5e", **payload}
    if options:
        data["options"] = options
    return run(name, data, random.Random(seed))


def line(breakdown, rule):
    for l in breakdown["lines"]:
        if l["rule"] == rule:
            return l
    raise KeyError(rule)


# --- initiative -------------------------------------------------------------------------

def test_initiative_is_a_dexterity_check_ranked_highest_first():
    rule = "dnd5e.init.check"
    res = q("initiative", combatants=[
        {"id": "sara", "creature": {"stats": {"dex_mod": 3}}},
        {"id": "ogre", "modifier": -1, "side": "foes"},
        {"id": "wizard", "creature": {"stats": {"dex_mod": 2, "initiative": 7}}},
    ], rolls={"sara": 9, "ogre": 18, "wizard": 2})
    assert res["value"] == ["ogre", "sara", "wizard"]
    assert res["details"]["sara"]["total"] == 12
    assert line(res["details"]["sara"], rule)["value"] == 9
    assert res["details"]["wizard"]["total"] == 9
    assert "dnd5e.init.order" in res["events"] and "dnd5e.seq.3-initiative" in res["events"]


def test_one_roll_for_a_group_of_identical_creatures():
    rule = "dnd5e.init.group"
    res = q("initiative", combatants=[
        {"id": "g1", "group": "goblins", "modifier": 2, "side": "foes"},
        {"id": "sara", "modifier": 3},
        {"id": "g2", "group": "goblins", "modifier": 2, "side": "foes"},
    ], rolls={"goblins": 15, "sara": 10})
    assert res["value"] == ["g1", "g2", "sara"]
    assert res["details"]["g1"] == res["details"]["g2"]
    assert line(res["details"]["g2"], rule)["reason"] == "goblins"


def test_group_members_must_be_identical():
    with pytest.raises(InputError) as err:
        q("initiative", combatants=[{"id": "a", "group": "g", "modifier": 1},
                                    {"id": "b", "group": "g", "modifier": 3}])
    assert err.value.field == "combatants[1].modifier"


def test_poisoned_creature_rolls_initiative_with_disadvantage():
    res = q("initiative", combatants=[{"id": "sick", "creature": {
        "stats": {"dex_mod": 1}, "conditions": ["poisoned"]}}], rolls={"sick": [17, 6]})
    assert res["details"]["sick"]["total"] == 7
    assert line(res["details"]["mode.sick"], "ext.dnd5e.advantage")["reason"] == "lower"


@pytest.mark.parametrize("sides,rule", [
    (("foes", "foes"), "dnd5e.init.tie.dm"),
    (("party", "party"), "dnd5e.init.tie.players"),
    (("party", "foes"), "dnd5e.init.tie.mixed"),
])
def test_ties_are_decided_by_the_dm_or_the_players(sides, rule):
    res = q("initiative", combatants=[{"id": "a", "modifier": 2, "side": sides[0]},
                                      {"id": "b", "modifier": 2, "side": sides[1]},
                                      {"id": "c", "modifier": 0}],
            rolls={"a": 11, "b": 11, "c": 20})
    assert res["prompts"][0]["rule"] == rule
    assert res["prompts"][0]["params"] == {"ids": ["a", "b"], "total": 13}
    assert res["value"][0] == "c"
    decided = q("initiative", combatants=[{"id": "a", "modifier": 2, "side": sides[0]},
                                          {"id": "b", "modifier": 2, "side": sides[1]}],
                rolls={"a": 11, "b": 11}, order=["b", "a"])
    assert decided["value"] == ["b", "a"] and decided["prompts"] == []


def test_optional_d20_roll_off_for_ties():
    rule = "dnd5e.init.tie.optional-d20"
    combatants = [{"id": "a", "modifier": 2}, {"id": "b", "modifier": 2, "side": "foes"}]
    res = q("initiative", combatants=combatants, rolls={"a": 11, "b": 11},
            tiebreak={"a": 4, "b": 16}, options={"initiative_ties": "roll-d20"})
    assert res["value"] == ["b", "a"] and rule in res["events"]
    assert res["details"]["tiebreaks"] == {"a": 4, "b": 16}
    again = q("initiative", combatants=combatants, rolls={"a": 11, "b": 11},
              tiebreak={"a": 9, "b": 9}, options={"initiative_ties": "roll-d20"})
    assert again["prompts"][0]["rule"] == rule


def test_initiative_bad_input():
    with pytest.raises(InputError) as err:
        q("initiative", combatants=[{"id": "a"}], rolls={"zed": 3})
    assert err.value.field == "rolls.zed"
    with pytest.raises(InputError) as err:
        q("initiative", combatants=[{"id": "a"}, {"id": "a"}])
    assert err.value.field == "combatants[1].id"
    with pytest.raises(InputError) as err:
        q("initiative", combatants=[{"id": "a"}], options={"initiative_ties": "coin"})
    assert err.value.field == "options.initiative_ties"


# --- surprise ---------------------------------------------------------------------------

PARTY = [{"id": "sara", "passive_perception": 14}, {"id": "bob", "passive_perception": 10}]


def bandits(stealth=2, hiding=True):
    return [{"id": "b1", "side": "foes", "hiding": hiding, "stealth": stealth},
            {"id": "b2", "side": "foes", "hiding": hiding, "stealth": stealth}]


def test_nobody_stealthy_nobody_surprised():
    rule = "dnd5e.surprise.no-stealth"
    res = q("surprise", combatants=PARTY + bandits(hiding=False))
    assert res["value"]["surprised"] == [] and res["value"]["surprise_round"] is False
    assert res["details"]["verdict"]["sara"]["rule"] == rule


def test_stealth_against_passive_perception_each_creature_on_its_own():
    res = q("surprise", combatants=PARTY + bandits(stealth=2), rolls={"b1": 10, "b2": 9})
    assert res["value"]["surprised"] == ["bob"]       # 12 and 11 beat 10 but not 14
    assert res["value"]["acting"] == ["sara", "b1", "b2"]
    assert res["details"]["verdict"]["bob"]["rule"] == "dnd5e.surprise.contest"
    assert res["details"]["stealth"]["b1"]["total"] == 12
    assert "dnd5e.surprise.individual" in res["events"]
    assert "dnd5e.surprise.effect" in res["events"]


@pytest.mark.parametrize("choice,surprised", [("hider-wins", ["bob"]), ("observer-notices", [])])
def test_stealth_equal_to_passive_perception_amb_49(choice, surprised):
    res = q("surprise", combatants=PARTY + bandits(stealth=0)[:1], rolls={"b1": 10},
            options={"surprise_ties": choice})
    assert res["value"]["surprised"] == surprised


@pytest.mark.parametrize("choice,surprised", [("notices-any", []), ("notices-all", ["sara"])])
def test_noticing_one_threat_of_two(choice, surprised):
    res = q("surprise", combatants=PARTY[:1] + bandits(stealth=2), rolls={"b1": 15, "b2": 5},
            options={"surprise_threat": choice})
    assert res["value"]["surprised"] == surprised
    assert res["details"]["noticed"]["sara"] == ["b2"]


def test_dm_decides_who_is_aware():
    rule = "dnd5e.surprise.dm-decides"
    res = q("surprise", combatants=[{"id": "sara", "passive_perception": 1, "aware": True},
                                    {"id": "cube", "side": "foes", "hiding": True, "stealth": 5}],
            rolls={"cube": 10})
    assert res["value"]["surprised"] == [] and res["details"]["verdict"]["sara"]["rule"] == rule
    assert res["prompts"][0]["rule"] == rule
    assert res["reminders"][0]["rule"] == "dnd5e.seq.1-surprise"


def test_poisoned_observer_has_lower_passive_perception():
    res = q("surprise", combatants=[{"id": "sara", "creature": {
        "stats": {"perception": 4}, "conditions": ["poisoned"]}},
        {"id": "b1", "side": "foes", "hiding": True, "stealth": 0}], rolls={"b1": 10})
    assert res["details"]["passive"]["sara"]["total"] == 9
    assert res["value"]["surprised"] == ["sara"]


def test_surprised_creature_cannot_move_act_or_react_on_its_first_turn():
    rule = "dnd5e.surprise.effect"
    res = q("turn", creature={"stats": {"speed": 9}, "conditions": ["surprised"]},
            bonus_actions=["cunning_action"])
    for resource in ("action", "reaction"):
        assert res["details"][resource]["total"] == 0
        assert line(res["details"][resource], rule)["source"] == "surprised"
    assert res["details"]["movement"]["total"] == 0
    assert line(res["details"]["bonus_action"], "dnd5e.bonus.no-actions-no-bonus")["value"] == -1
    assert res["details"]["end_of_turn_remove"] == ["surprised"] and rule in res["events"]


# --- turns and rounds -------------------------------------------------------------------

def test_turn_resets_the_economy_and_regains_the_reaction():
    res = q("turn", creature={"stats": {"speed": 9}})
    assert res["details"]["action"]["total"] == 1
    assert line(res["details"]["reaction"], "ext.dnd5e.reactions-oa")["value"] == 1
    assert res["details"]["object"]["total"] == 1
    assert res["details"]["movement"]["total"] == 9
    assert "ext.dnd5e.reactions-oa" in res["events"] and "dnd5e.seq.4-turns" in res["events"]


def test_turns_follow_the_same_order_and_a_new_round_begins_after_the_last():
    order = ["ogre", "sara", "wizard"]
    mid = q("turn", creature={}, order=order, current="sara", round=2)
    seq = mid["details"]["sequence"]
    assert seq["next"]["value"] == "wizard" and seq["next"]["rule"] == "dnd5e.seq.4-turns"
    assert seq["next_round"]["value"] == 2
    assert seq["order"]["value"] == order and seq["order"]["rule"] == "dnd5e.init.constant"
    last = q("turn", creature={}, order=order, current="wizard", round=2)
    seq = last["details"]["sequence"]
    assert seq["next"]["value"] == "ogre" and seq["next_round"]["value"] == 3
    assert "dnd5e.seq.5-next-round" in last["events"]


def test_a_round_is_about_6_seconds():
    rule = "dnd5e.round.duration"
    res = q("turn", creature={}, order=["a"], current="a", round=11)
    assert res["details"]["sequence"]["elapsed"]["value"] == 60
    assert res["details"]["sequence"]["elapsed"]["rule"] == rule


def test_one_turn_each_per_round():
    rule = "dnd5e.round.one-turn-each"
    res = q("turn", creature={}, order=["a", "b"], current="b", round=1, acted=["a"])
    assert res["details"]["sequence"]["round"]["rule"] == rule
    with pytest.raises(InputError) as err:
        q("turn", creature={}, order=["a", "b"], current="a", round=1, acted=["a"])
    assert err.value.field == "current"
    with pytest.raises(InputError) as err:
        q("turn", creature={}, order=["a", "b"], current="c")
    assert err.value.field == "current"
