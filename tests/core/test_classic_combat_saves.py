"""classic percentile saves through ``mischia.queries.run("save", …)``: the
condition modifiers and their scope, pure saves, and each purpose the seed
gives its own modifiers or outcome (knockdown, dropped items, exhausted
action, stunned move, blind movement and landing, gazes, mental effects,
fear). Dice are typed, or rolled with a seeded ``random.Random``."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run


def save(conditions=(), stats=None, traits=(), rolls=None, options=None, size="medium", rng=None, **fields):
    payload = {"ruleset": "classic", "options": options or {},
               "creature": {"stats": stats or {}, "traits": list(traits), "size": size,
                            "conditions": [c if isinstance(c, dict) else {"id": c} for c in conditions]},
               "rolls": rolls or {}, **fields}
    return run("save", payload, rng)


def line(res, rule):
    found = [l for l in res["breakdown"]["lines"] if l["rule"] == rule]
    assert found, f"{rule} not in {res['breakdown']['lines']}"
    return found[0]


R60 = {"save_reflexes": 60}


@pytest.mark.parametrize("roll, success", [(45, True), (46, False)])
def test_percentile_save_with_condition_penalty(roll, success):
    res = save(["hindered"], R60, kind="reflexes", rolls={"d100": roll})
    assert line(res, "ext.classic.save-table")["value"] == 60
    assert line(res, "classic.cond.hindered.save")["value"] == -15
    assert res["value"]["chance"] == 45 and res["value"]["success"] is success
    # A normal Reflex save comes with its agility check.
    assert res["prompts"][0]["rule"] == "classic.conv.percentile-saves"
    assert "classic.conv.save-scope" in [r["rule"] for r in res["reminders"]]


def test_scoped_penalty_only_when_the_gm_says_it_applies():
    res = save(["hindered"], R60, kind="reflexes", scoped=False, rolls={"d100": 50})
    got = line(res, "classic.cond.hindered.save")
    assert (got["applied"], got["reason"]) == (False, "out-of-scope")
    assert res["value"]["chance"] == 60
    # Drowsy save penalties are not scoped: they always apply.
    drowsy = save([{"id": "drowsy", "stage": 2}], R60, kind="reflexes", scoped=False, rolls={"d100": 50})
    assert drowsy["value"]["chance"] == 51


def test_rolled_with_rng_when_not_typed():
    res = save([], R60, kind="mind", target=30, rng=random.Random(7))
    assert 1 <= res["value"]["roll"] <= 100
    assert res["value"]["success"] is (res["value"]["roll"] <= 30)


@pytest.mark.parametrize("fields, field", [
    ({"kind": "luck"}, "kind"),
    ({"kind": "mind"}, "target"),
    ({"kind": "mind", "target": 30, "rolls": {"d100": 0}}, "rolls.d100"),
    ({"purpose": "fear", "kind": "mind", "target": 30}, "kind"),
    ({"kind": "reflexes", "target": 50, "purpose": "nap"}, "purpose"),
])
def test_bad_save_input_names_the_field(fields, field):
    with pytest.raises(InputError) as err:
        save(**fields)
    assert err.value.field == field


def test_pure_save_skips_agility_check_and_option_unmodified_amb03():
    pure = save(["hindered"], R60, kind="reflexes", pure=True, rolls={"d100": 50})
    assert pure["prompts"] == [] and pure["value"]["chance"] == 45
    bare = save(["hindered"], R60, kind="reflexes", pure=True, rolls={"d100": 50},
                options={"pure_save": "unmodified"})
    assert line(bare, "classic.cond.hindered.save")["reason"] == "pure"
    assert bare["value"]["chance"] == 60


# ----- knockdown ---------------------------------------------------------------------------

@pytest.mark.parametrize("legs, option, chance", [
    (2, "highest", 60), (4, "highest", 70), (6, "highest", 75), (8, "highest", 80), (8, "cumulative", 105)])
def test_knockdown_save_legs_amb09(legs, option, chance):
    res = save([], {**R60, "legs": legs}, purpose="knockdown", kind="reflexes",
               options={"leg_bonus": option}, rolls={"d100": 1})
    assert res["value"]["chance"] == chance
    if legs >= 4:
        assert line(res, "classic.cond.prone.save-legs")["value"] in (10, 15, 20)


def test_knockdown_crawlers_and_levitators_lose_the_round_but_do_not_fall():
    rule = "classic.cond.prone.save-crawlers-levitators"
    res = save([], R60, traits=["levitating"], purpose="knockdown", kind="reflexes", rolls={"d100": 90})
    assert line(res, rule)["value"] == 25
    assert res["value"]["success"] is False and res["events"] == [rule]
    assert res["details"] == {"falls": False, "loses_rest_of_round": True}


@pytest.mark.parametrize("trait", ["incorporeal", "anchored"])
def test_incorporeal_and_anchored_are_immune_to_knockdown(trait):
    res = save([], R60, traits=[trait], purpose="knockdown", kind="reflexes")
    assert res["value"]["immune"] is True and res["events"] == ["classic.cond.prone.immune"]


def test_failed_knockdown_loses_the_round_and_asks_item_saves():
    held = [{"name": "spear", "two_handed": True}, {"name": "shield", "shield": True},
            {"name": "crossbow", "loaded": True}]
    res = save([], {**R60, "fighter_level": 3}, purpose="knockdown", kind="reflexes", held=held,
               rolls={"d100": 99})
    assert res["events"] == ["classic.cond.prone.lose-round", "classic.cond.prone.drop-items"]
    assert res["details"]["add_condition"] == {"id": "prone"}
    drops = {p["params"]["item"]: p["target"] for p in res["prompts"] if p["rule"] == "classic.cond.prone.drop-items"}
    assert drops == {"spear": 60 + 5 + 3, "shield": 60 + 10 + 3, "crossbow": 60 + 3}
    loaded = [p for p in res["prompts"] if p["rule"] == "classic.cond.prone.loaded-weapon"]
    assert [p["params"]["item"] for p in loaded] == ["crossbow"] and loaded[0]["target"] == 60


def test_drop_item_save_modifiers_and_breakage():
    res = save([], {**R60, "fighter_level": 4}, purpose="drop_item", two_handed=True, shield=True,
               rolls={"d100": 80})
    assert line(res, "classic.cond.prone.drop-items.two-handed")["value"] == 5
    assert line(res, "classic.cond.prone.drop-items.shield")["value"] == 10
    assert line(res, "classic.cond.prone.drop-items.fighter")["value"] == 4
    assert res["value"]["chance"] == 79 and res["events"] == ["classic.cond.prone.drop-items"]
    assert [p["rule"] for p in res["prompts"]][-1] == "classic.cond.prone.drop-items.breakage"


def test_loaded_weapon_goes_off_on_a_failed_save():
    res = save([], R60, purpose="loaded_weapon", rolls={"d100": 61})
    assert res["events"] == ["classic.cond.prone.loaded-weapon"]
    assert res["details"] == {"shot_hits_wielder": True}


def test_prone_in_melee_save_penalty():
    res = save(["prone"], R60, kind="reflexes", in_melee=True, rolls={"d100": 1})
    assert line(res, "classic.cond.prone.fight-from-ground.save")["value"] == -10
    assert save(["prone"], R60, kind="reflexes", rolls={"d100": 1})["value"]["chance"] == 60


# ----- exhausted action save -------------------------------------------------------------------

ROB = {"save_robustness": 50, "con_save_adj": 5, "str_save_adj": 10}


@pytest.mark.parametrize("vigour, chance", [("none", 55), ("critical_success", 75), ("success", 65),
                                            ("failure", 50), ("critical_failure", 40)])
def test_exhausted_action_save_strength_for_constitution_and_vigour(vigour, chance):
    res = save(["exhausted"], ROB, traits=["physical_vigour"], purpose="exhausted_action", vigour=vigour,
               rolls={"d100": 1})
    assert [l["value"] for l in res["breakdown"]["lines"]
            if l["rule"] == "classic.cond.exhausted.action-save"] == [-5, 10]
    if vigour != "none":
        assert line(res, "classic.cond.exhausted.action-save.vigour")["value"] == chance - 55
    assert line(res, "classic.cond.exhausted.save")["reason"] == "not-in-scope"
    assert res["value"]["chance"] == chance


def test_exhausted_action_save_outcomes_and_amb12_option():
    ok = save(["exhausted"], ROB, purpose="exhausted_action", rolls={"d100": 55})
    assert ok["events"] == ["classic.cond.exhausted.action-save.success"]
    assert ok["details"] == {"may_attempt": True, "penalties_apply": True}
    ko = save(["exhausted"], ROB, purpose="exhausted_action", rolls={"d100": 56})
    assert ko["events"] == ["classic.cond.exhausted.action-save.fail"]
    assert ko["details"]["counts_as_done"] and ko["details"]["no_costs"]
    penalised = save(["exhausted"], ROB, purpose="exhausted_action", rolls={"d100": 56},
                     options={"exhausted_gate_penalty": "with-penalty"})
    assert penalised["value"]["chance"] == 35
    with pytest.raises(InputError) as err:
        save(["exhausted"], ROB, purpose="exhausted_action", vigour="success")
    assert err.value.field == "vigour"


# ----- stunned, blind ---------------------------------------------------------------------------

@pytest.mark.parametrize("option, roll, hexes", [("one-hex-with-save", 40, 1), ("one-hex-with-save", 41, 0),
                                                 ("no-move", 40, 0)])
def test_stunned_mind_save_for_one_hex_amb14(option, roll, hexes):
    res = save(["stunned"], {"save_mind": 60}, purpose="stunned_move", rolls={"d100": roll},
               options={"stunned_move": option})
    assert res["value"]["chance"] == 40 and res["events"] == ["classic.cond.stunned.move"]
    assert res["details"]["move_hexes"] == hexes


def test_blind_movement_pure_reflex_without_blindness_penalties():
    res = save(["blind", "hindered"], R60, purpose="blind_move", rolls={"d100": 50})
    assert line(res, "classic.cond.blind.save")["reason"] == "pure"
    assert res["value"]["chance"] == 45 and res["prompts"] == []
    fall = save(["blind"], R60, purpose="blind_move", rolls={"d100": 61})
    assert fall["events"][:2] == ["classic.cond.blind.move-speed", "classic.cond.prone.lose-round"]


@pytest.mark.parametrize("size, option, dice", [("medium", "size-order", 3), ("huge", "size-order", 5),
                                                ("tiny", "size-order", 1), ("huge", "single-d4", 1)])
def test_blind_flyer_emergency_landing_amb18(size, option, dice):
    res = save(["blind"], {"save_paralysis": 30}, size=size, purpose="blind_landing",
               rolls={"d100": 99, "damage": [2] * dice}, options={"blind_landing_dice": option})
    assert res["events"] == ["classic.cond.blind.flying"]
    assert res["details"]["damage"]["dice"] == f"{dice}d4" and res["details"]["damage"]["total"] == 2 * dice
    assert res["details"]["damage"]["rule"] == "ext.classic.sizes-weapons"


# ----- gazes, mental effects, fear ----------------------------------------------------------------

def test_avoiding_sight_gaze_50_percent_then_plus_5():
    avoided = save(["avoiding_sight"], {"save_mind": 40}, purpose="gaze", kind="mind", rolls={"avoid": 50})
    assert avoided["value"]["avoided"] and avoided["events"] == ["classic.cond.avoiding-sight.chance"]
    looked = save(["avoiding_sight"], {"save_mind": 40}, purpose="gaze", kind="mind", scoped=False,
                  rolls={"avoid": 51, "d100": 45})
    assert line(looked, "classic.cond.avoiding-sight.fail-bonus")["value"] == 5
    assert looked["value"]["chance"] == 45 and looked["value"]["success"]


@pytest.mark.parametrize("delay, chance", [(1, 50), (2, 55), (3, 60)])
def test_reactive_gaze_pure_reflex_by_delay(delay, chance):
    res = save([], R60, purpose="reactive_gaze", delay=delay, wait_bonus=10, rolls={"d100": 50})
    assert line(res, "classic.cond.avoiding-sight.reactive.save")["value"] == chance - 60
    assert line(res, "classic.cond.avoiding-sight.reactive.no-wait-bonus")["applied"] is False
    assert res["value"]["chance"] == chance and res["prompts"] == []
    assert res["events"] == ["classic.cond.avoiding-sight.reactive.success",
                             "classic.cond.avoiding-sight.reactive.multiple"]
    assert res["details"]["add_condition"]["id"] == "avoiding_sight"


def test_reactive_gaze_failure_closes_the_technique_for_the_round():
    res = save([], R60, purpose="reactive_gaze", delay=1, rolls={"d100": 51})
    assert res["events"] == ["classic.cond.avoiding-sight.reactive.fail"]
    assert res["details"] == {"technique_unavailable_this_round": True}


def test_stunned_mental_immunity_rolled_once_per_effect():
    immune = save(["stunned"], {"save_mind": 40}, purpose="mental", kind="mind", rolls={"immunity": 50})
    assert immune["value"]["immune"] and immune["events"] == ["classic.cond.stunned.mental-immunity"]
    saved = save(["stunned"], {"save_mind": 40}, purpose="mental", kind="mind", rolls={"immunity": 51, "d100": 20})
    assert saved["value"]["chance"] == 20 and saved["value"]["success"]


@pytest.mark.parametrize("roll, event, marker", [(40, "classic.cond.fear.save-success", "fear_save_passed"),
                                                 (41, "classic.cond.fear.panic-restriction", "fear_panic")])
def test_fear_pure_courage_save(roll, event, marker):
    res = save([{"id": "fear", "stage": 2}], {"save_courage": 40}, purpose="fear", rolls={"d100": roll})
    assert res["value"]["pure"] and res["events"] == [event]
    assert res["details"]["add_condition"]["id"] == marker


def test_engaged_reflex_choice():
    rule = "classic.cond.engaged.reflex-choice"
    going_on = save(["engaged"], R60, kind="reflexes", continue_activity=True, rolls={"d100": 1})
    assert line(going_on, rule)["value"] == -10 and going_on["value"]["chance"] == 50
    assert rule in going_on["events"]
    aborted = save(["engaged"], R60, kind="reflexes", rolls={"d100": 1})
    assert aborted["value"]["chance"] == 60 and aborted["details"]["engaged"] == "activity aborted"
