"""classic concentration, damage, heal and start-of-round ``turn`` queries,
through ``mischia.queries.run`` with typed dice or a seeded rng."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run


def creature(*conditions, traits=(), **stats):
    conds = [c if isinstance(c, dict) else {"id": c} for c in conditions]
    return {"stats": stats, "traits": list(traits), "conditions": conds}


def query(name, who, rng=None, options=None, **fields):
    return run(name, {"ruleset": "classic", "creature": who, "options": options or {}, **fields}, rng)


def rules(bd):
    return {l["rule"]: l["value"] for l in bd["lines"] if l["applied"]}


# ----- concentration -------------------------------------------------------------------------

@pytest.mark.parametrize("check, chance", [("none", 30), ("critical_success", 10), ("success", 20),
                                           ("failure", 35), ("critical_failure", 45)])
def test_concentration_check_changes_the_failure_chance(check, chance):
    res = query("concentration", creature("hindered", traits=["concentration"]), check=check, rolls={"d100": 20})
    assert res["value"]["failure_chance"] == chance
    if check != "none":
        assert rules(res["breakdown"])["classic.conc.check"] == chance - 30
    assert res["value"]["failed"] is (20 <= chance)


def test_concentration_minimum_five_percent_amb08():
    rule = "classic.conc.check"
    res = query("concentration", creature("debilitated", traits=["concentration"]), check="critical_success",
                rolls={"d100": 5})
    floor = [l for l in res["breakdown"]["lines"] if l["label"] == "concentration.minimum"][0]
    assert (floor["rule"], floor["value"]) == (rule, 15)
    assert res["value"]["failure_chance"] == 5 and res["value"]["failed"] is True
    # Without a condition there is no chance to fail by default; 'always' makes every attempt 5%.
    assert query("concentration", creature())["value"]["failure_chance"] == 0
    always = query("concentration", creature(), options={"concentration_floor": "always"}, rolls={"d100": 6})
    assert always["value"]["failure_chance"] == 5 and always["value"]["failed"] is False


def test_drowsy_concentration_check_hits_the_floor():
    rule = "classic.cond.asleep.drowsy.concentration"
    res = query("concentration", creature({"id": "drowsy", "stage": 4}, traits=["concentration"]),
                check="success", rolls={"d100": 50})
    assert res["value"]["failure_chance"] == 5
    assert rules(res["breakdown"])["classic.cond.asleep.drowsy.round4"] == 10
    assert rule in [r["rule"] for r in res["reminders"]]


def test_concentration_checks_add_up_over_conditions_and_cap_at_100():
    res = query("concentration", creature("exhausted", "hindered", "incapacitated", {"id": "drowsy", "stage": 1}),
                rolls={"d100": 100})
    assert res["value"]["failure_chance"] == 100 and res["value"]["failed"] is True


def test_concentration_prompts_the_check_and_the_exhausted_save():
    res = query("concentration", creature("exhausted", traits=["concentration"]), maintain=True,
                rng=random.Random(2))
    assert [p["rule"] for p in res["prompts"]] == ["classic.conc.check", "classic.cond.exhausted.action-save"]
    assert res["prompts"][0]["params"] == {"skill_modifier": -4}


def test_concentration_needs_the_proficiency():
    with pytest.raises(InputError) as err:
        query("concentration", creature("hindered"), check="success")
    assert err.value.field == "check"


@pytest.mark.parametrize("cid", ["stunned", "paralysed"])
def test_no_concentration_when_stunned_or_paralysed(cid):
    res = query("concentration", creature(cid))
    assert res["value"] == {"allowed": False, "failure_chance": 100}
    assert res["events"] == [f"classic.cond.{cid}.no-actions"]


def test_fear_concentration_only_after_a_passed_save_amb22():
    assert query("concentration", creature({"id": "fear", "stage": 2}))["value"]["failure_chance"] == 0
    passed = query("concentration", creature({"id": "fear", "stage": 2}, "fear_save_passed"), rolls={"d100": 90})
    assert passed["value"]["failure_chance"] == 20
    whole = query("concentration", creature({"id": "fear", "stage": 2}), options={"fear_penalties": "whole-stage"},
                  rolls={"d100": 90})
    assert whole["value"]["failure_chance"] == 20


def test_spell_failure_of_deaf_and_avoiding_sight():
    deaf = query("concentration", creature("deaf"), verbal=True)
    assert rules(deaf["details"]["spell_failure"]) == {"classic.cond.deaf.verbal-spells": 20}
    assert query("concentration", creature("deaf"))["details"] == {}
    item = query("concentration", creature("deaf"), vocal_item=True)
    assert rules(item["details"]["spell_failure"]) == {"classic.cond.deaf.vocal-items": 20}
    eyes_down = query("concentration", creature("avoiding_sight"))
    assert rules(eyes_down["details"]["spell_failure"]) == {"classic.cond.avoiding-sight.spells": 25}
    touch = query("concentration", creature("avoiding_sight"), touch=True)
    assert touch["details"] == {}


# ----- damage and healing --------------------------------------------------------------------

def test_damage_lowers_hit_points():
    res = query("damage", creature(), hp={"max": 20, "current": 12}, amount=5)
    assert res["value"]["current"] == 7 and res["breakdown"]["total"] == 7
    down = query("damage", creature(), hp={"max": 20, "current": 3}, amount=5)
    assert down["value"]["status"] == "down" and down["reminders"][0]["rule"] == "ext.classic.coma"


@pytest.mark.parametrize("option, start", [("event-round", 1), ("wake-round", 2)])
def test_sleeper_wakes_when_damaged_amb21(option, start):
    res = query("damage", creature("asleep"), hp={"max": 20, "current": 12}, amount=1,
                options={"drowsy_start": option})
    assert res["events"] == ["classic.cond.asleep.wake-damage", "classic.cond.asleep.act-after-wake",
                             "classic.cond.asleep.drowsy"]
    wake = res["details"]["wake"]
    assert wake["remove"] == "asleep" and wake["acts_from_round"] == 1
    assert wake["drowsy"] == {"id": "drowsy", "stage": 1, "from_round": start, "rounds": 4}
    assert query("damage", creature("asleep"), hp={"max": 20}, amount=0)["events"] == []


@pytest.mark.parametrize("current, amount, healed, cap_line", [
    (4, 9, 4, None),        # 9 → 4 (half, rounded down): 8
    (8, 9, 2, -2),          # 4 healed but the cap is 10 (half of 20)
    (4, 1, 0, None),        # 1 → 0
    (12, 6, 0, -3),         # already above the cap: nothing
])
def test_exhausted_healing_half_and_capped(current, amount, healed, cap_line):
    res = query("heal", creature("exhausted"), hp={"max": 20, "current": current}, amount=amount)
    got = rules(res["breakdown"])
    assert got["classic.cond.exhausted.healing"] == (amount // 2) - amount
    assert res["breakdown"]["total"] == healed and res["value"]["current"] == current + healed
    if cap_line is None:
        assert "classic.cond.exhausted.heal-cap" not in got
    else:
        assert got["classic.cond.exhausted.heal-cap"] == cap_line
    assert res["details"]["limit"] == 10


def test_healing_without_conditions_stops_at_the_maximum():
    res = query("heal", creature(), hp={"max": 20, "current": 18}, amount=5)
    assert res["value"]["current"] == 20 and res["breakdown"]["total"] == 2


def test_bad_hp_input():
    with pytest.raises(InputError) as err:
        query("damage", creature(), hp={"max": 0, "current": 0}, amount=3)
    assert err.value.field == "hp.max"
    with pytest.raises(InputError) as err:
        query("heal", creature(), hp={"max": 10}, amount=-1)
    assert err.value.field == "amount"


# ----- start of round -------------------------------------------------------------------------

@pytest.mark.parametrize("stage, rule, chance", [
    (1, "classic.cond.fear.intimidated.check", 20), (2, "classic.cond.fear.scared.check", 30),
    (3, "classic.cond.fear.afraid.check", 40), (4, "classic.cond.fear.terrified.check", 50)])
def test_fear_check_chance_by_stage(stage, rule, chance):
    fear = {"id": "fear", "stage": stage}
    hit = query("turn", creature(fear), rolls={"fear": chance})
    assert hit["events"] == [rule] and hit["details"]["fear"]["save_required"] is True
    # Without a Courage save value the save is a prompt.
    assert hit["prompts"][0]["rule"] == "classic.cond.fear.save-success"
    miss = query("turn", creature(fear), rolls={"fear": chance + 1})
    assert miss["details"]["fear"]["save_required"] is False and miss["prompts"] == []


@pytest.mark.parametrize("roll, event, marker", [(40, "classic.cond.fear.save-success", "fear_save_passed"),
                                                 (41, "classic.cond.fear.panic-restriction", "fear_panic")])
def test_fear_check_then_courage_save(roll, event, marker):
    res = query("turn", creature({"id": "fear", "stage": 3}, save_courage=40), rolls={"fear": 10, "courage": roll})
    assert res["events"] == ["classic.cond.fear.afraid.check", event]
    assert res["details"]["add_condition"]["id"] == marker


@pytest.mark.parametrize("option, rolled", [("round-start-only", False), ("also-on-gain", True)])
def test_intimidated_on_gain_amb23(option, rolled):
    res = query("turn", creature({"id": "fear", "stage": 1}), gained=True, rolls={"fear": 5},
                options={"intimidated_timing": option})
    assert ("classic.cond.fear.intimidated.check" in res["events"]) is rolled
    scared = query("turn", creature({"id": "fear", "stage": 2}), gained=True, rolls={"fear": 5},
                   options={"intimidated_timing": option})
    assert "classic.cond.fear.scared.check" in scared["events"]


def test_fear_check_without_dice_or_rng_is_a_prompt():
    res = query("turn", creature({"id": "fear", "stage": 4}))
    assert res["prompts"][0] == {"rule": "classic.cond.fear.terrified.check", "roll": "d100", "target": 50,
                                 "text": "Fear check: on {target} or less a pure Courage save is needed."}
    rolled = query("turn", creature({"id": "fear", "stage": 4}), rng=random.Random(5))
    assert 1 <= rolled["details"]["fear"]["roll"] <= 100


@pytest.mark.parametrize("stage, nxt", [(1, 2), (2, 3), (3, 4), (4, None)])
def test_drowsy_countdown(stage, nxt):
    res = query("turn", creature({"id": "drowsy", "stage": stage}))
    assert res["events"] == [f"classic.cond.asleep.drowsy.round{stage}"]
    assert res["details"]["drowsy"] == {"stage": stage, "next_stage": nxt}


def test_stunned_and_exhausted_prompts():
    res = query("turn", creature("stunned", save_mind=50))
    assert res["prompts"][0]["rule"] == "classic.cond.stunned.move" and res["prompts"][0]["target"] == 30
    assert query("turn", creature("stunned"), options={"stunned_move": "no-move"})["prompts"] == []
    tired = query("turn", creature("exhausted"), action="fatigue")
    assert tired["prompts"][0]["rule"] == "classic.cond.exhausted.action-save"
    assert query("turn", creature("exhausted"))["prompts"] == []


@pytest.mark.parametrize("traits, roll, direction", [((), 5, "intended"), ((), 6, "random"),
                                                     (("blind_fighting",), 7, "intended"),
                                                     (("blind_fighting",), 8, "random")])
def test_blind_direction_roll(traits, roll, direction):
    res = query("turn", creature("blind", traits=traits), moving=True, rolls={"d10": roll})
    assert res["events"] == ["classic.cond.blind.direction"]
    assert res["details"]["blind"]["direction"] == direction


def test_blind_follows_a_wall_or_a_noise():
    wall = query("turn", creature("blind"), moving=True, follow_wall=True)
    assert wall["events"] == ["classic.cond.blind.follow-wall"] and wall["details"]["blind"]["extra_hexes_lost"] == 1
    noise = query("turn", creature("blind"), moving=True, noise_check="success")
    assert noise["events"] == ["classic.cond.blind.toward-noise"]
    lost = query("turn", creature("blind"), moving=True, noise_check="failure", rolls={"d10": 9})
    assert lost["details"]["blind"]["direction"] == "random"


@pytest.mark.parametrize("option, details", [
    ("whole-state", {"remove": ["engaged"]}),
    ("save-only", {"ends_now": ["reflex_as_incapacitated"], "remove_at_end_of_round": ["engaged"]})])
def test_engaged_ends_with_the_activity_amb52(option, details):
    res = query("turn", creature("engaged"), activity_done=True, options={"engaged_duration": option})
    assert res["events"] == ["classic.cond.engaged.duration"] and res["details"]["engaged"] == details


@pytest.mark.parametrize("option, fall, prompts", [("both", "voluntary", 1), ("involuntary-only", "voluntary", 0),
                                                   ("involuntary-only", "knocked", 1)])
def test_throwing_oneself_down_and_item_saves_amb10(option, fall, prompts):
    res = query("turn", creature(), fall=fall, held=[{"name": "sword"}], options={"voluntary_drop_items": option})
    assert res["events"][0] == "classic.cond.prone.lose-round"
    assert len(res["prompts"]) == prompts
    assert res["details"]["fall"]["lose_round"] is True


def test_coma_leaves_the_character_exhausted_for_24_hours():
    res = query("turn", creature(), coma_ended=True, hp={"max": 10, "current": 1})
    assert res["events"] == ["classic.cond.exhausted.after-coma"]
    assert res["details"]["add_condition"] == {"id": "exhausted", "cause": "coma", "hours": 24}
    assert res["value"]["current"] == 1


def test_bad_turn_input():
    with pytest.raises(InputError) as err:
        query("turn", creature("blind"), moving=True, rolls={"d10": 11})
    assert err.value.field == "rolls.d10"
    with pytest.raises(InputError) as err:
        query("turn", creature(), rolls={"d12": 3})
    assert err.value.field == "rolls.d12" and "fear" in err.value.allowed
    with pytest.raises(InputError) as err:
        query("turn", creature(), fall="sideways")
    assert err.value.field == "fall"
    with pytest.raises(InputError) as err:
        query("turn", creature({"id": "fear", "stage": 7}))
    assert err.value.field == "condition.stage"
