"""d20pl combat sequence, initiative and surprise (seed 003 "Jak wygląda walka",
"Zaskoczenie", "Pasywna Percepcja") through ``mischia.queries.run``."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run


def q(name, seed=None, **payload):
    payload.setdefault("ruleset", "d20pl")
    return run(name, payload, random.Random(seed) if seed is not None else None)


PARTY = [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}]


# ----- order ---------------------------------------------------------------------------------

def test_los_sets_the_order():
    RULE = "d20pl.seq.order"
    res = q("initiative", combatants=PARTY, order=["p3", "p1", "p2"])
    assert res["value"] == ["p3", "p1", "p2"]
    assert res["details"]["p3"]["position"] == 1 and res["details"]["p3"]["lines"][0]["rule"] == RULE
    assert res["prompts"] == []
    asked = q("initiative", combatants=PARTY)
    assert asked["value"] == ["p1", "p2", "p3"] and asked["prompts"][0]["rule"] == RULE


def test_a_round_is_six_seconds():
    res = q("initiative", combatants=PARTY)
    rnd = res["details"]["round"]
    assert rnd["total"] == 6 and rnd["lines"][0]["rule"] == "d20pl.round.duration"


def test_order_must_list_every_combatant_once():
    with pytest.raises(InputError) as err:
        q("initiative", combatants=PARTY, order=["p1", "p2"])
    assert err.value.field == "order" and "p3" in err.value.allowed
    with pytest.raises(InputError) as err:
        q("initiative", combatants=[{"id": "a"}, {"id": "a"}])
    assert err.value.field == "combatants[1].id"


@pytest.mark.parametrize("turn,posts", [
    (1, [("p1", "start"), ("p2", "post"), ("p3", "post"), ("p1", "summary")]),
    (2, [("p2", "start"), ("p3", "post"), ("p1", "post"), ("p2", "summary")]),
    (3, [("p3", "start"), ("p1", "post"), ("p2", "post"), ("p3", "summary")]),
    (4, [("p1", "start"), ("p2", "post"), ("p3", "post"), ("p1", "summary")]),
])
def test_no_gm_post_rotation_seed_example(turn, posts):
    RULE = "d20pl.seq.no-gm-rotation"
    res = q("initiative", combatants=PARTY, mode="no-gm", turn=turn)
    assert [(p["id"], p["post"]) for p in res["details"]["posts"]] == posts
    assert {p["rule"] for p in res["details"]["posts"]} == {RULE}
    assert res["value"][0] == posts[0][0]


def test_duels_alternate():
    RULE = "d20pl.seq.duel"
    res = q("initiative", combatants=[{"id": "a"}, {"id": "b"}], mode="duel", order=["b", "a"])
    assert res["value"] == ["b", "a"] and [p["rule"] for p in res["details"]["posts"]] == [RULE, RULE]
    with pytest.raises(InputError) as err:
        q("initiative", combatants=PARTY, mode="duel")
    assert err.value.field == "combatants"


def test_ext_srd_initiative_d20_plus_dex_and_improved_initiative():
    RULE = "ext.d20pl.initiative"
    people = [{"id": "elf", "creature": {"stats": {"dex_mod": 3}}},
              {"id": "dwarf", "creature": {"stats": {"dex_mod": 0}, "traits": ["improved_initiative"]}},
              {"id": "orc", "modifier": 1}]
    res = q("initiative", combatants=people, rolls={"elf": 10, "dwarf": 12, "orc": 5},
            options={"initiative_method": "srd-d20"})
    assert res["value"] == ["dwarf", "elf", "orc"]
    assert res["details"]["dwarf"]["total"] == 16 and res["details"]["elf"]["total"] == 13
    assert [l["rule"] for l in res["details"]["dwarf"]["lines"]] == [RULE, RULE, RULE]


def test_ext_srd_initiative_ties_by_modifier_then_roll_off():
    people = [{"id": "a", "modifier": 1}, {"id": "b", "modifier": 3}, {"id": "c", "modifier": 3}]
    opts = {"initiative_method": "srd-d20"}
    res = q("initiative", combatants=people, rolls={"a": 12, "b": 10, "c": 10}, options=opts)
    assert res["value"][0] in ("b", "c") and res["value"][2] == "a"
    assert res["prompts"][0]["rule"] == "ext.d20pl.initiative"
    assert sorted(res["prompts"][0]["params"]["ids"]) == ["b", "c"]
    done = q("initiative", combatants=people, rolls={"a": 12, "b": 10, "c": 10},
             tiebreak={"b": 4, "c": 17}, options=opts)
    assert done["value"] == ["c", "b", "a"] and done["prompts"] == []


def test_ext_srd_initiative_rolls_missing_dice_with_the_rng():
    res = q("initiative", 3, combatants=PARTY, options={"initiative_method": "srd-d20"})
    assert sorted(res["value"]) == ["p1", "p2", "p3"]
    assert all(1 <= res["details"][p]["lines"][0]["value"] <= 20 for p in ("p1", "p2", "p3"))


# ----- surprise ---------------------------------------------------------------------------------

def test_surprise_round_when_some_but_not_all_are_aware():
    res = q("surprise", combatants=[{"id": "orc", "aware": True}, {"id": "elf", "aware": False}])
    v = res["value"]
    assert v["surprise_round"] is True and v["acting"] == ["orc"] and v["surprised"] == ["elf"]
    assert res["details"]["orc"]["rule"] == "d20pl.seq.surprise-round.aware"
    assert res["details"]["orc"]["actions"] == "one standard action"
    elf = res["details"]["elf"]
    assert elf["rule"] == "d20pl.seq.surprise-round.unaware"
    assert {"id": "flat_footed", "rule": "d20pl.surprise.flat-footed"} in elf["conditions"]
    assert {"id": "surprised", "rule": "d20pl.surprise.no-standard"} in elf["conditions"]
    assert "d20pl.seq.awareness" in res["events"] and "d20pl.seq.first-normal-round" in res["events"]
    assert v["next"]["rule"] == "d20pl.seq.first-normal-round"
    assert {"d20pl.surprise.free-bonus", "d20pl.surprise.definition"} <= {r["rule"] for r in res["reminders"]}


@pytest.mark.parametrize("flags", [(True, True), (False, False)])
def test_no_surprise_round_if_nobody_or_everybody_is_surprised(flags):
    RULE = "d20pl.surprise.none-or-all"
    res = q("surprise", combatants=[{"id": "a", "aware": flags[0]}, {"id": "b", "aware": flags[1]}])
    assert res["value"]["surprise_round"] is False and res["value"]["surprised"] == []
    assert RULE in res["events"] and res["details"]["a"]["rule"] == RULE


@pytest.mark.parametrize("choice,move_barred", [("no-actions", True), ("no-standard-only", False)])
def test_amb30_what_surprised_creatures_may_do(choice, move_barred):
    eff = q("effective", creature={"conditions": ["surprised"]}, options={"surprised_actions": choice})
    assert eff["details"]["forbid.action.standard"]["lines"][0]["rule"] == "d20pl.surprise.no-standard"
    assert ("forbid.action.move" in eff["details"]) is move_barred
    if move_barred:
        assert eff["details"]["forbid.action.move"]["lines"][0]["rule"] == "d20pl.surprise.unaware-no-act"
    res = q("surprise", combatants=[{"id": "a", "aware": True}, {"id": "b", "aware": False}],
            options={"surprised_actions": choice})
    rules = res["details"]["b"]["actions"]["rules"]
    assert ("d20pl.surprise.unaware-no-act" in rules) is move_barred


def test_surprised_makes_no_dodge_test():
    eff = q("effective", creature={"conditions": ["surprised"]})
    assert eff["details"]["deny.dodge_test"]["lines"][0]["rule"] == "d20pl.perception.no-dodge"


@pytest.mark.parametrize("passive,notice,penalty", [(15, 12, -2), (12, 12, None)])
def test_passive_perception_above_the_notice_dc_allows_a_dodge_at_minus_2(passive, notice, penalty):
    res = q("surprise", combatants=[
        {"id": "a", "aware": True},
        {"id": "b", "aware": False, "passive_perception": passive, "notice_dc": notice}])
    b = res["details"]["b"]
    if penalty is None:
        assert b["dodge_test"] is None and b["dodge_rule"] == "d20pl.perception.no-dodge"
    else:
        assert b["dodge_rule"] == "d20pl.perception.exception"
        assert b["dodge_test"]["total"] == -2
        assert b["dodge_test"]["lines"][0]["rule"] == "d20pl.perception.dodge-penalty"


def test_passive_perception_without_a_notice_dc_asks_los():
    res = q("surprise", combatants=[{"id": "a", "aware": True},
                                    {"id": "b", "aware": False, "passive_perception": 14}])
    assert res["prompts"][0]["rule"] == "d20pl.perception.exception"


def test_awareness_check_listen_or_spot_against_the_stealth_roll():
    res = q("surprise", combatants=[
        {"id": "thief", "aware": True},
        {"id": "guard", "perception": 14, "stealth_dc": 15},
        {"id": "dozing", "actively_looking": False, "passive_perception": 16, "stealth_dc": 15}])
    assert res["value"]["surprised"] == ["guard"]
    assert res["details"]["guard"]["awareness"]["lines"][0]["rule"] == "d20pl.surprise.awareness-check"
    assert res["details"]["dozing"]["awareness"]["lines"][0]["rule"] == "d20pl.surprise.passive"
    assert res["details"]["dozing"]["aware"] is True


def test_unclear_awareness_is_asked_before_deciding():
    res = q("surprise", combatants=[{"id": "a", "aware": True}, {"id": "b"}])
    assert res["value"] == {"surprise_round": None, "undecided": ["b"]}
    assert res["prompts"][0]["rule"] == "d20pl.surprise.awareness-check"


def test_bad_surprise_input_names_the_field():
    with pytest.raises(InputError) as err:
        q("surprise", combatants=[{"id": "a", "aware": "yes"}])
    assert err.value.field == "combatants[0].aware"
