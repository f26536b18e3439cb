"""classic initiative (§1.1 initiative direction, AMB-01; the half-move malus
of close combat and the pick-up timing; §1.22 round phases)."""

import random

import pytest

from mischia.errors import InputError
from mischia.model import ConditionDef, Modifier
from mischia.queries import QueryInput, run
from mischia.rulesets.classic import Classic

DIRECTION = "classic.conv.initiative-direction"
SYSTEM = "ext.classic.initiative-system"


def initiative(combatants, rolls=None, seed=None, **extra):
    payload = {"ruleset": "classic", "combatants": combatants, "rolls": rolls or {}, **extra}
    return run("initiative", payload, random.Random(seed) if seed is not None else None)


def by_rule(res, cid):
    return {l["rule"]: l for l in res["details"][cid]["lines"]}


class Slowed(Classic):
    """Classic plus a homebrew condition with a +2 initiative penalty."""

    conditions = {**Classic.conditions,
                  "slowed": ConditionDef("slowed", "test.slowed", modifiers=(
                      Modifier("initiative", 2, "test.slowed.initiative"),))}


def ask(ruleset, payload, rng=None):
    options = ruleset.resolve_options(payload.get("options"))
    return ruleset.query_initiative(QueryInput(payload, options), rng).to_dict()


def test_lower_factor_acts_first_with_breakdown():
    res = initiative([{"id": "a", "modifier": 3}, {"id": "b"}, {"id": "c", "modifier": -1}],
                     rolls={"a": 2, "b": 7, "c": 9})
    assert res["value"] == ["a", "b", "c"]          # 5, 7, 8
    a = res["details"]["a"]
    assert a["total"] == 5
    assert [(l["label"], l["value"], l["rule"]) for l in a["lines"]] == [
        ("initiative.roll", 2, SYSTEM), ("initiative.modifier", 3, SYSTEM)]
    assert res["details"]["direction"] == {"rule": DIRECTION, "order": "lower-first"}


def test_condition_penalty_is_added_and_its_option_reading_subtracts_it():
    """AMB-01: '+2 initiative penalty' adds 2 delay points, lower first; the
    alternative reads it as −2 with higher first."""
    rs = Slowed()
    combatants = [{"id": "slow", "creature": {"conditions": ["slowed"]}}, {"id": "fast"}]
    res = ask(rs, {"combatants": combatants, "rolls": {"slow": 4, "fast": 5}})
    assert res["details"]["slow"]["total"] == 6
    assert by_rule(res, "slow")["test.slowed.initiative"]["value"] == 2
    assert res["value"] == ["fast", "slow"]
    alt = ask(rs, {"combatants": combatants, "rolls": {"slow": 4, "fast": 5},
                   "options": {"initiative_direction": "higher-first"}})
    assert alt["details"]["slow"]["total"] == 2
    assert by_rule(alt, "slow")["test.slowed.initiative"]["value"] == -2
    assert alt["value"] == ["fast", "slow"]                # 5 before 2, higher first
    assert alt["details"]["direction"] == {"rule": DIRECTION, "order": "higher-first"}
    alt2 = ask(rs, {"combatants": combatants, "rolls": {"slow": 9, "fast": 5},
                    "options": {"initiative_direction": "higher-first"}})
    assert alt2["value"] == ["slow", "fast"]               # 7 before 5


@pytest.mark.skipif("debilitated" not in Classic.conditions, reason="graded conditions are combat data")
def test_debilitated_creature_acts_one_point_later():
    res = initiative([{"id": "p", "creature": {"conditions": ["debilitated"]}}], rolls={"p": 4})
    assert by_rule(res, "p")["classic.cond.debilitated.initiative"]["value"] == 1
    assert res["details"]["p"]["total"] == 5
    alt = initiative([{"id": "p", "creature": {"conditions": ["debilitated"]}}], rolls={"p": 4},
                     options={"initiative_direction": "higher-first"})
    line = by_rule(alt, "p")["classic.cond.debilitated.initiative"]
    assert line["value"] == -1 and line["reason"] == "higher-first"
    assert alt["details"]["p"]["total"] == 3


def test_entering_close_combat_adds_the_half_move_malus():
    rule = "classic.grapple.enter.initiative"
    res = initiative([{"id": "g", "action": "grapple"}, {"id": "o"}], rolls={"g": 3, "o": 5},
                     factors={"half_move": 3})
    line = by_rule(res, "g")[rule]
    assert line["value"] == 3 and res["details"]["g"]["total"] == 6
    assert res["value"] == ["o", "g"]
    alt = initiative([{"id": "g", "action": "grapple"}], rolls={"g": 3}, factors={"half_move": 3},
                     options={"initiative_direction": "higher-first"})
    assert by_rule(alt, "g")[rule]["value"] == -3


def test_picking_up_happens_at_the_full_move_factor():
    rule = "classic.pickup.timing"
    still = initiative([{"id": "p", "action": "pickup"}], rolls={"p": 2},
                       factors={"full_move": 4, "half_move": 3})
    assert still["details"]["p"]["total"] == 6
    assert [l["value"] for l in still["details"]["p"]["lines"] if l["rule"] == rule] == [4]
    moved = initiative([{"id": "p", "action": "pickup", "moved": True}], rolls={"p": 2},
                       factors={"full_move": 4, "half_move": 3})
    assert [l["value"] for l in moved["details"]["p"]["lines"] if l["rule"] == rule] == [4, 3]
    assert moved["details"]["p"]["total"] == 9


def test_missing_house_rule_factor_is_asked_for():
    with pytest.raises(InputError) as err:
        initiative([{"id": "g", "action": "grapple"}], rolls={"g": 3})
    assert err.value.field == "factors.half_move"
    assert "classic.grapple.enter.initiative" in err.value.message


def test_equal_factors_act_simultaneously_unless_rolled_off():
    res = initiative([{"id": "a"}, {"id": "b"}, {"id": "c"}], rolls={"a": 4, "b": 4, "c": 1})
    assert res["value"] == ["c", "a", "b"]
    assert res["details"]["groups"] == [["a", "b"]]
    assert res["prompts"][0]["rule"] == SYSTEM and res["prompts"][0]["params"]["ids"] == ["a", "b"]
    off = initiative([{"id": "a"}, {"id": "b"}, {"id": "c"}], rolls={"a": 4, "b": 4, "c": 1},
                     tiebreak={"a": 6, "b": 2})
    assert off["value"] == ["c", "b", "a"] and not off["prompts"]


def test_group_shares_one_roll_and_gm_order_wins():
    res = initiative([{"id": "o1", "group": "orcs"}, {"id": "o2", "group": "orcs", "modifier": 1},
                      {"id": "pc"}], seed=3, rolls={"orcs": 6, "pc": 2})
    assert by_rule(res, "o1")[SYSTEM]["value"] == 6 and res["details"]["o2"]["total"] == 7
    fixed = initiative([{"id": "a"}, {"id": "b"}], rolls={"a": 1, "b": 9}, order=["b", "a"])
    assert fixed["value"] == ["b", "a"]
    with pytest.raises(InputError) as err:
        initiative([{"id": "a"}], rolls={"a": 1}, order=["z"])
    assert err.value.field == "order"


def test_surprised_combatant_keeps_its_place_but_does_not_act():
    res = initiative([{"id": "s", "creature": {"conditions": ["surprised"]}}, {"id": "x"}],
                     rolls={"s": 1, "x": 2})
    assert res["value"] == ["s", "x"]
    assert res["details"]["not_acting"] == [{"id": "s", "rule": "classic.surprise.effect.no-actions"}]


def test_round_phases_end_with_break_free():
    res = initiative([{"id": "a"}], rolls={"a": 1})
    phases = res["details"]["phases"]
    assert [p["phase"] for p in phases] == ["fear-checks", "avoiding-sight", "declaration",
                                            "actions-by-factor", "break-free"]
    assert phases[-1]["rule"] == "classic.grapple.break-free"
    assert phases[3]["rule"] == DIRECTION


def test_rolled_when_not_typed_and_die_is_configurable():
    res = initiative([{"id": "a"}], seed=11, die=6)
    assert res["details"]["a"]["total"] == random.Random(11).randint(1, 6)


@pytest.mark.parametrize("combatants, extra, field", [
    ([{"id": "a"}], {"rolls": {"a": 11}}, "rolls.a"),
    ([{"id": "a"}], {"rolls": {"a": 7}, "die": 7}, "die"),
    ([{"id": "a"}, {"id": "a"}], {"rolls": {"a": 1}}, "combatants[1].id"),
    ([{"id": "groups"}], {"rolls": {"groups": 1}}, "combatants[0].id"),
    ([{"id": "a", "modifier": 99}], {"rolls": {"a": 1}}, "combatants[0].modifier"),
    ([{"id": "a", "action": "dance"}], {"rolls": {"a": 1}}, "combatants[0].action"),
    ([{"id": "a", "creature": {"stats": {"move": 99}}}], {"rolls": {"a": 1}},
     "combatants[0].creature.stats.move"),
    ([], {}, "combatants"),
])
def test_bad_input_names_the_field(combatants, extra, field):
    with pytest.raises(InputError) as err:
        initiative(combatants, **extra)
    assert err.value.field == field
