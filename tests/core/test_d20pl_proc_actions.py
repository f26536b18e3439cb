"""d20pl actions table, action types, round bundles and attacks of opportunity
(seed 003 "Akcje w walce", "Tabela: Akcje w walce", "Ataki okazyjne")."""

import pytest

from mischia.errors import InputError
from mischia.queries import run


def act(**payload):
    payload.setdefault("ruleset", "d20pl")
    payload.setdefault("creature", {})
    return run("actions", payload)


# The seed's table: (rule ID, type, the "Atak okazyjny" column)
TABLE = [
    ("d20pl.actions.std.attack-unarmed", "standard", "yes"),
    ("d20pl.actions.std.attack-ranged", "standard", "yes"),
    ("d20pl.actions.std.attack-melee", "standard", "no"),
    ("d20pl.actions.std.activate-item", "standard", "no"),
    ("d20pl.actions.std.draw-hidden-weapon", "standard", "no"),
    ("d20pl.actions.std.feint", "standard", "no"),
    ("d20pl.actions.std.concentrate-spell", "standard", "no"),
    ("d20pl.actions.std.overrun", "standard", "no"),
    ("d20pl.actions.std.total-defence", "standard", "no"),
    ("d20pl.actions.std.aid-another", "standard", "maybe"),
    ("d20pl.actions.std.dismiss-spell", "standard", "no"),
    ("d20pl.actions.std.ready", "standard", "no"),
    ("d20pl.actions.std.sunder-weapon", "standard", "yes"),
    ("d20pl.actions.std.sunder-object", "standard", "maybe"),
    ("d20pl.actions.std.cast-spell", "standard", "yes"),
    ("d20pl.actions.std.bull-rush", "standard", "no"),
    ("d20pl.actions.std.escape-grapple", "standard", "no"),
    ("d20pl.actions.std.stabilise-ally", "standard", "yes"),
    ("d20pl.actions.std.skill-1-action", "standard", "usually-yes"),
    ("d20pl.actions.std.spell-like", "standard", "usually-yes"),
    ("d20pl.actions.std.racial-ability", "standard", "usually-no"),
    ("d20pl.actions.std.drink-potion", "standard", "yes"),
    ("d20pl.actions.move.draw-weapon", "move", "no"),
    ("d20pl.actions.move.mount", "move", "yes"),
    ("d20pl.actions.move.direct-spell", "move", "no"),
    ("d20pl.actions.move.door", "move", "no"),
    ("d20pl.actions.move.pick-up", "move", "yes"),
    ("d20pl.actions.move.stand-up", "move", "yes"),
    ("d20pl.actions.move.heavy-object", "move", "yes"),
    ("d20pl.actions.move.shield", "move", "no"),
    ("d20pl.actions.move.move", "move", "yes"),
    ("d20pl.actions.move.sheathe", "move", "yes"),
    ("d20pl.actions.move.retrieve-stored", "move", "yes"),
    ("d20pl.actions.move.load-light-crossbow", "move", "yes"),
    ("d20pl.actions.move.control-mount", "move", "yes"),
    ("d20pl.actions.full.full-attack", "full-round", "no"),
    ("d20pl.actions.full.run", "full-round", "yes"),
    ("d20pl.actions.full.coup-de-grace", "full-round", "yes"),
    ("d20pl.actions.full.splash-weapon", "full-round", "yes"),
    ("d20pl.actions.full.charge", "full-round", "no"),
    ("d20pl.actions.full.escape-net", "full-round", "yes"),
    ("d20pl.actions.full.extinguish", "full-round", "no"),
    ("d20pl.actions.full.skill-1-round", "full-round", "usually-yes"),
    ("d20pl.actions.full.withdraw", "full-round", "no"),
    ("d20pl.actions.full.load-heavy-crossbow", "full-round", "yes"),
    ("d20pl.actions.full.locked-gauntlet", "full-round", "yes"),
    ("d20pl.actions.full.light-torch", "full-round", "yes"),
    ("d20pl.actions.free.speak", "free", "no"),
    ("d20pl.actions.free.cease-concentration", "free", "no"),
    ("d20pl.actions.free.drop-prone", "free", "no"),
    ("d20pl.actions.free.prepare-components", "free", "no"),
    ("d20pl.actions.free.quickened-spell", "free", "no"),
    ("d20pl.actions.free.drop-item", "free", "no"),
    ("d20pl.actions.none.short-step", "not-an-action", "no"),
    ("d20pl.actions.misc.trip", "misc", "no"),
    ("d20pl.actions.misc.disarm", "misc", "yes"),
    ("d20pl.actions.misc.feat", "misc", "varies"),
    ("d20pl.actions.misc.grapple", "misc", "yes"),
]


@pytest.mark.parametrize("rule,kind,column", TABLE)
def test_actions_table_row(rule, kind, column):
    res = act(action=rule[len("d20pl.actions."):])
    v = res["value"]
    assert v["rule"] == rule and v["type"] == kind and v["table"] == column
    if column in ("yes", "no") and v["id"] not in ("std.attack-unarmed", "std.draw-hidden-weapon"):
        assert v["provokes"] == column and v["provokes_rule"] == rule
    elif column != "yes" and column != "no":
        assert v["provokes"] in ("yes", "no", "gm")


def test_the_overview_lists_the_whole_table_footnotes_bundles_and_threat_table():
    v = act()["value"]
    assert [r["rule"] for r in v["table"]][:len(TABLE)] == [r for r, _, _ in TABLE]
    assert [f["rule"] for f in v["footnotes"]] == [f"d20pl.actions.fn{n}" for n in range(1, 9)]
    assert {t["rule"] for t in v["types"]} >= {"d20pl.action.standard", "d20pl.action.move",
                                               "d20pl.action.full-round", "d20pl.action.free",
                                               "d20pl.action.not-an-action"}
    assert [b["rule"] for b in v["bundles"]] == [
        "d20pl.action.round.full", "d20pl.action.round.standard-move",
        "d20pl.action.round.move-move", "d20pl.action.restricted"]
    assert len(v["threat_table"]) == 13 and v["checklist"][0]["rule"] == "d20pl.round.duration"


@pytest.mark.parametrize("choice,extra", [("free", "free actions"), ("bonus", "bonus actions")])
def test_amb44_additional_actions(choice, extra):
    v = act(options={"additional_actions": choice})["value"]
    assert v["bundles"][2]["additional"] == extra and v["bundles"][2]["rule"] == "d20pl.action.round.move-move"


@pytest.mark.parametrize("choice,bull,mount", [("seed", "no", "yes"), ("srd", "yes", "no")])
def test_amb45_bull_rush_and_mount_rows(choice, bull, mount):
    opts = {"actions_table": choice}
    assert act(action="std.bull-rush", options=opts)["value"]["provokes"] == bull
    assert act(action="move.mount", options=opts)["value"]["provokes"] == mount


# ----- footnotes --------------------------------------------------------------------------------

def test_fn1_leaving_a_threatened_area_provokes_whatever_the_action():
    v = act(action="std.attack-melee", leaving_threatened=True)["value"]
    assert v["provokes"] == "no" and v["movement_provokes"] == {"provokes": "yes", "rule": "d20pl.actions.fn1"}
    step = act(action="none.short-step", leaving_threatened=True)["value"]
    assert step["movement_provokes"] == {"provokes": "no", "rule": "d20pl.aoo.avoid"}


@pytest.mark.parametrize("aided,provokes", [("std.cast-spell", "yes"), ("std.attack-melee", "no")])
def test_fn2_aiding_a_provoking_action_provokes(aided, provokes):
    v = act(action="std.aid-another", aided_action=aided)["value"]
    assert v["provokes"] == provokes and v["provokes_rule"] == "d20pl.actions.fn2"


def test_fn2_unknown_aided_action_asks_the_gm():
    res = act(action="std.aid-another")
    assert res["value"]["provokes"] == "gm" and res["prompts"][0]["rule"] == "d20pl.actions.fn2"


@pytest.mark.parametrize("held,provokes", [(True, "yes"), (False, "no")])
def test_fn3_sunder_object_provokes_if_held(held, provokes):
    v = act(action="std.sunder-object", object_held=held)["value"]
    assert v["provokes"] == provokes and v["provokes_rule"] == "d20pl.actions.fn3"


def test_fn4_draw_weapon_with_a_move_at_bab_1_and_two_weapons_with_twf():
    RULE = "d20pl.actions.fn4"
    v = act(action="move.draw-weapon", creature={"stats": {"bab": 1}, "traits": ["two_weapon_fighting"]})["value"]
    assert RULE in v["footnotes"] and v["with_move"] is True and v["weapons_drawn"] == 2
    ok = act(creature={"stats": {"bab": 1}}, used=["move.move", "move.draw-weapon", "std.attack-melee"])
    assert ok["details"]["budget"]["valid"] is True
    no = act(creature={"stats": {"bab": 0}}, used=["move.move", "move.draw-weapon", "std.attack-melee"])
    assert no["details"]["budget"]["valid"] is False
    twf = act(creature={"traits": ["two_weapon_fighting"]}, used=["move.draw-weapon", "move.draw-weapon", "std.attack-melee"])
    assert twf["details"]["budget"]["valid"] is True


def test_fn5_charge_and_withdraw_are_standard_when_limited():
    RULE = "d20pl.actions.fn5"
    v = act(action="full.charge", limited=True)["value"]
    assert v["type_when_limited"] == {"type": "standard", "rule": RULE} and v["allowed"] is True
    assert act(action="full.run", limited=True)["value"]["allowed"] is False


def test_fn6_awkward_components_ask_the_gm():
    res = act(action="free.prepare-components", awkward=True)
    assert res["prompts"][0]["rule"] == "d20pl.actions.fn6"
    assert act(action="free.prepare-components")["value"]["provokes"] == "no"


def test_fn7_trip_disarm_grapple_replace_a_melee_attack():
    RULE = "d20pl.actions.fn7"
    assert act(used=["std.attack-melee", "misc.trip"])["details"]["budget"]["valid"] is True
    alone = act(used=["misc.disarm"])["details"]["budget"]
    assert alone["valid"] is False and alone["errors"][0]["rule"] == RULE
    assert act(action="misc.grapple")["value"]["replaces"] == "a melee attack"


def test_fn8_feats_vary():
    res = act(action="misc.feat")
    assert res["value"]["provokes"] == "gm" and res["prompts"][0]["rule"] == "d20pl.actions.fn8"


def test_hidden_weapon_provokes_unless_trained_in_sleight_of_hand():
    assert act(action="std.draw-hidden-weapon")["value"]["provokes"] == "yes"
    trained = act(action="std.draw-hidden-weapon", creature={"traits": ["sleight_of_hand"]})["value"]
    assert trained["provokes"] == "no"


def test_unarmed_attack_provokes_unless_armed():
    assert act(action="std.attack-unarmed")["value"]["provokes_rule"] == "d20pl.unarmed.provokes"
    armed = act(action="std.attack-unarmed", creature={"traits": ["improved_unarmed_strike"]})["value"]
    assert armed["provokes"] == "no" and armed["provokes_rule"] == "d20pl.unarmed.armed"


# ----- AMB-47: spell-like and racial abilities ---------------------------------------------------

@pytest.mark.parametrize("choice,payload,provokes,rule", [
    ("unless-exempt", {"action": "std.spell-like"}, "yes", "d20pl.sla.casting"),
    ("unless-exempt", {"action": "std.spell-like", "exempt": True}, "no", "d20pl.sla.casting"),
    ("unless-exempt", {"action": "std.spell-like", "defensive": True}, "no", "d20pl.sla.defensive"),
    ("unless-exempt", {"action": "std.racial-ability", "spell_like": True}, "yes", "d20pl.sla.casting"),
    ("unless-exempt", {"action": "std.racial-ability"}, "no", "d20pl.ability.racial"),
    ("table-usually", {"action": "std.spell-like"}, "gm", "d20pl.actions.std.spell-like"),
    ("table-usually", {"action": "std.racial-ability"}, "gm", "d20pl.actions.std.racial-ability"),
])
def test_amb47_spell_like_and_racial_abilities(choice, payload, provokes, rule):
    v = act(options={"sla_provokes": choice}, **payload)["value"]
    assert v["provokes"] == provokes and v["provokes_rule"] == rule


# ----- text rules of specific actions ---------------------------------------------------------

def effect_rules(v):
    return [e["rule"] for e in v["effects"]]


def test_total_defence_plus_4_dodge_and_no_attacks_of_opportunity():
    RULE = "d20pl.action.total-defence"
    v = act(action="std.total-defence")["value"]
    dodge = [e for e in v["effects"] if e.get("detail") == "dodge_test"][0]
    assert dodge["value"] == 4 and dodge["type"] == "dodge" and dodge["rule"] == RULE
    assert {"target": "forbid", "detail": "aoo", "rule": RULE} in v["effects"]
    assert act(action="std.total-defence")["value"]["conditions"] == ["total_defence"]


def test_fighting_defensively_in_a_full_attack():
    RULE = "d20pl.attack.fight-defensively.full"
    v = act(action="full.full-attack", defensively=True)["value"]
    mods = {(e["target"], e.get("detail")): e["value"] for e in v["effects"] if e["rule"] == RULE}
    assert mods == {("attack", None): -4, ("check", "dodge_test"): 2}


def test_more_than_one_attack_needs_a_full_attack():
    v = act(action="std.attack-melee", attacks=2)["value"]
    assert v["allowed"] is False and v["notes"][0]["rule"] == "d20pl.action.full-attack"
    assert "d20pl.action.full-attack" in effect_rules(act(action="full.full-attack")["value"])


@pytest.mark.parametrize("action,rule", [
    ("std.cast-spell", "d20pl.cast.standard"), ("std.cast-spell", "d20pl.cast.immediate"),
    ("std.cast-spell", "d20pl.cast.keep-dex"), ("full.cast-spell", "d20pl.cast.long-casting"),
    ("full.cast-spell", "d20pl.cast.full-round-other"), ("full.cast-spell", "d20pl.aoo.casting-no-threat"),
    ("move.direct-spell", "d20pl.action.direct-spell"), ("std.dismiss-spell", "d20pl.cast.dismiss"),
    ("std.concentrate-spell", "d20pl.conc.maintain"), ("move.draw-weapon", "d20pl.action.draw-sheathe"),
    ("move.shield", "d20pl.action.shield"), ("move.mount", "d20pl.action.mount"),
    ("free.drop-item", "d20pl.action.drop-item"), ("free.drop-prone", "d20pl.action.drop-prone"),
    ("free.cease-concentration", "d20pl.action.cease-concentration"),
    ("free.quickened-spell", "d20pl.cast.free-action-no-aoo"), ("full.run", "d20pl.move.run"),
    ("full.withdraw", "d20pl.action.withdraw"), ("free.speak", "d20pl.action.speak"),
])
def test_text_rules_attached_to_actions(action, rule):
    assert rule in effect_rules(act(action=action)["value"])


@pytest.mark.parametrize("action,rule,kind,provokes", [
    ("free.draw-ammunition", "d20pl.action.ammo", "free", "no"),
    ("free.drop-shield", "d20pl.action.shield-drop", "free", "no"),
    ("full.cast-spell", "d20pl.cast.one-round", "full-round", "yes"),
])
def test_actions_named_by_the_text(action, rule, kind, provokes):
    v = act(action=action)["value"]
    assert (v["rule"], v["type"], v["provokes"]) == (rule, kind, provokes)


def test_casting_defensively_does_not_provoke():
    v = act(action="std.cast-spell", defensive=True)["value"]
    assert v["provokes"] == "no" and v["provokes_rule"] == "d20pl.cast.defensive"


def test_stored_weapon_is_drawn_as_a_stored_item():
    v = act(action="move.draw-weapon", stored=True)["value"]
    assert v["provokes"] == "yes" and v["provokes_rule"] == "d20pl.action.draw-sheathe"


# ----- round bundles ------------------------------------------------------------------------------

@pytest.mark.parametrize("used,valid,bundle,rule", [
    (["full.full-attack", "none.short-step", "free.speak"], True, "full", "d20pl.action.round.full"),
    (["std.attack-melee", "move.move", "free.drop-item"], True, "standard+move", "d20pl.action.round.standard-move"),
    (["move.move", "move.pick-up"], True, "move+move", "d20pl.action.round.move-move"),
    (["full.full-attack", "move.move"], False, "full", "d20pl.action.full-round"),
    (["std.attack-melee", "std.cast-spell"], False, "standard+move", "d20pl.action.standard"),
    (["move.move", "move.pick-up", "move.door"], False, "move+move", "d20pl.action.move-for-standard"),
])
def test_round_bundles(used, valid, bundle, rule):
    b = act(used=used)["details"]["budget"]
    assert b["valid"] is valid and b["bundle"] == bundle
    if valid:
        assert b["bundle_rule"] == rule
    else:
        assert b["errors"][0]["rule"] == rule


@pytest.mark.parametrize("used,rule", [
    (["move.move", "none.short-step"], "d20pl.move.move-action"),
    (["full.run", "none.short-step"], "d20pl.move.run"),
    (["full.withdraw", "none.short-step"], "d20pl.action.withdraw"),
    (["none.short-step", "none.short-step"], "d20pl.move.short-step"),
])
def test_short_step_limits(used, rule):
    b = act(used=used)["details"]["budget"]
    assert b["valid"] is False and b["errors"][0]["rule"] == rule


def test_move_action_instead_of_the_standard():
    b = act(used=["move.stand-up", "move.move"])["details"]["budget"]
    assert b["valid"] is True and b["substitution"]["rule"] == "d20pl.action.move-for-standard"


def test_short_step_counts_as_free_without_a_move_action():
    RULE = "d20pl.action.free-short-step"
    b = act(used=["std.attack-melee", "none.short-step", "move.draw-weapon"])["details"]["budget"]
    assert b["valid"] is True
    assert act(used=["std.attack-melee"])["details"]["budget"]["remaining"]["short_step"] is True
    assert any(c["rule"] == RULE for c in act()["value"]["checklist"])


def test_restricted_activity_one_standard_or_one_move():
    RULE = "d20pl.action.restricted"
    assert act(used=["std.attack-melee"], limited=True)["details"]["budget"]["valid"] is True
    b = act(used=["std.attack-melee", "move.move"], limited=True)["details"]["budget"]
    assert b["valid"] is False and b["errors"][0]["rule"] == RULE
    assert act(used=["full.full-attack"], limited=True)["details"]["budget"]["errors"][0]["rule"] == RULE


def test_disabled_one_move_or_standard_and_standard_costs_1_hp():
    disabled = {"conditions": ["disabled"]}
    res = act(creature=disabled, action="std.attack-melee")
    assert res["details"]["restricted"]["rule"] == "d20pl.hp.disabled.actions"
    assert res["value"]["hp_cost"] == {"value": 1, "rule": "d20pl.hp.disabled.strenuous"}
    move = act(creature=disabled, action="move.move")["value"]
    assert move["hp_cost"] == {"value": 0, "rule": "d20pl.hp.disabled.move-safe"}
    both = act(creature=disabled, used=["move.move", "std.attack-melee"])["details"]["budget"]
    assert both["valid"] is False
    assert "d20pl.hp.disabled.actions" in [e["rule"] for e in both["errors"]]


def test_surprised_creature_cannot_take_standard_actions():
    b = act(creature={"conditions": ["surprised"]}, used=["std.attack-melee"])["details"]["budget"]
    assert b["valid"] is False and b["errors"][0]["rule"] == "d20pl.surprise.no-standard"


def test_surprise_round_aware_get_one_standard_action():
    res = act(action="std.attack-melee", surprise_round=True, used=["move.move"])
    assert res["value"]["allowed"] is False
    assert res["details"]["restricted"]["rule"] == "d20pl.seq.surprise-round.aware"


def test_unknown_action_lists_the_actions():
    with pytest.raises(InputError) as err:
        act(action="std.juggle")
    assert err.value.field == "action" and "std.feint" in err.value.allowed
    with pytest.raises(InputError) as err:
        act(used=["move.move", "nope"])
    assert err.value.field == "used[1]"


def test_special_abilities_and_movement_skills_are_left_to_their_description():
    v = act(action="std.special-ability")
    assert v["value"]["rule"] == "d20pl.action.special-ability" and v["value"]["provokes"] == "gm"
    assert "d20pl.action.special-ability" in effect_rules(v["value"])
    assert "d20pl.action.move-skills" in effect_rules(act(action="std.skill-1-action")["value"])
    assert any(c["rule"] == "d20pl.action.move-skills" for c in act()["value"]["checklist"])
