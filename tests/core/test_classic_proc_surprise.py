"""classic surprise (§1.19): the d100 check, its modifiers, guard duty, the
``surprised`` condition, and the AMB-25 modifier-scale option."""

import random

import pytest

from mischia.errors import InputError
from mischia.model import ConditionDef, Modifier, Unit
from mischia.queries import QueryInput, run
from mischia.rulesets.classic import Classic


def surprise(combatants, rolls=None, options=None, seed=None):
    payload = {"ruleset": "classic", "combatants": combatants, "rolls": rolls or {}}
    if options:
        payload["options"] = options
    return run("surprise", payload, random.Random(seed) if seed is not None else None)


def lines(res, cid):
    return {l["rule"]: l for l in res["details"][cid]["lines"]}


def test_gm_types_the_d100_and_sees_the_breakdown():
    """STORIES: a GM at the table runs a classic surprise check with a typed
    d100 and reads why the sentry is surprised."""
    sentry = {"id": "sentry", "creature": {"name": "Sentry", "stats": {"reaction_adjustment": 1}},
              "surprise": {"event": 2, "guard_hours": 4.5}}
    res = surprise([sentry, {"id": "orc", "aware": True}], rolls={"sentry": 41})
    bd = res["details"]["sentry"]
    assert [(l["rule"], l["value"]) for l in bd["lines"]] == [
        ("classic.surprise.roll", 41),
        ("classic.surprise.mod.reaction-adjustment", 5),
        ("classic.surprise.mod.event", -10),
        ("classic.surprise.guard.fatigue", -10),
    ]
    assert bd["total"] == 26 and bd["unit"] == "percent"
    out = res["value"]["outcomes"]["sentry"]
    assert out["surprised"] and out["threshold"] == 30 and out["decided_by"] == "classic.surprise.roll"
    assert res["value"]["surprised"] == ["sentry"] and res["value"]["acting"] == ["orc"]
    assert res["events"] == ["classic.surprise.roll"]


@pytest.mark.parametrize("rule, natural, modifier_points, surprised", [
    ("classic.surprise.roll", 30, 0, True),
    ("classic.surprise.success", 31, 0, False),
    ("classic.surprise.roll", 45, -3, True),          # 45 − 15 = 30
    ("classic.surprise.crit-fail", 5, 5, True),       # 5 + 25 = 30… and would be 30 anyway
    ("classic.surprise.crit-fail", 3, 5, True),       # 3 + 25 = 28 but also: natural 01–05
    ("classic.surprise.crit-fail", 1, 5, True),
    ("classic.surprise.crit-success", 96, -5, False),  # 96 − 25 = 71 …
    ("classic.surprise.crit-success", 97, -5, False),
])
def test_threshold_and_criticals(rule, natural, modifier_points, surprised):
    c = {"id": "x", "creature": {"stats": {"reaction_adjustment": modifier_points}}}
    out = surprise([c], rolls={"x": natural})["value"]["outcomes"]["x"]
    assert out["surprised"] is surprised and out["decided_by"] == rule


def test_criticals_override_any_modifier():
    # natural 04 with +5 RA, +5 Wisdom, careful movement: total 4+25+25+10 = 64, still surprised
    c = {"id": "x", "creature": {"stats": {"reaction_adjustment": 5, "surprise_modifier": 5}},
         "surprise": {"careful_movement": True}}
    res = surprise([c], rolls={"x": 4})
    out = res["value"]["outcomes"]["x"]
    assert out["total"] == 64 and out["surprised"] and out["decided_by"] == "classic.surprise.crit-fail"
    # natural 98 with everything against it: total far below 30, not surprised
    c = {"id": "x", "creature": {"stats": {"reaction_adjustment": -5, "surprise_modifier": -5}},
         "surprise": {"event": 4, "complex_action": True, "guard_hours": 20}}
    out = surprise([c], rolls={"x": 98})["value"]["outcomes"]["x"]
    assert out["total"] == 98 - 25 - 25 - 20 - 20 - 20 and not out["surprised"]
    assert out["decided_by"] == "classic.surprise.crit-success"


@pytest.mark.parametrize("rule, inputs, stats, percent", [
    ("classic.surprise.mod.reaction-adjustment", {}, {"reaction_adjustment": -2}, -10),
    ("classic.surprise.mod.wisdom", {}, {"surprise_modifier": 3}, 15),
    ("classic.surprise.mod.equipment", {"equipment": -1}, {}, -5),
    ("classic.surprise.mod.event", {"event": 4}, {}, -20),
    ("classic.surprise.mod.event", {"event": 1}, {}, -5),
    ("classic.surprise.mod.complex-action", {"complex_action": True}, {}, -20),
    ("classic.surprise.mod.careful-movement", {"careful_movement": True}, {}, 10),
])
def test_modifiers_count_five_percent_a_point(rule, inputs, stats, percent):
    c = {"id": "x", "creature": {"stats": stats}, "surprise": inputs}
    res = surprise([c], rolls={"x": 50})
    line = lines(res, "x")[rule]
    assert line["value"] == percent and line["reason"] == "points-to-percent"
    assert res["details"]["x"]["total"] == 50 + percent
    scale = res["value"]["outcomes"]["x"]["scale"]
    assert scale == {"rule": "classic.surprise.modifier-scale", "percent_per_point": 5}


def test_complex_action_penalty_is_applied_once():
    """Stated twice in the seed (−4 and −20%): one −20% line."""
    res = surprise([{"id": "x", "surprise": {"complex_action": True}}], rolls={"x": 60})
    rules = [l["rule"] for l in res["details"]["x"]["lines"]]
    assert rules.count("classic.surprise.mod.complex-action") == 1
    assert res["details"]["x"]["total"] == 40


def test_points_to_percent_convention_and_raw_points_option():
    """AMB-25: 1 point = 5% (classic.conv.points-to-percent) by default; the
    option ``raw-points`` adds the points to the d100 as they are."""
    rule = "classic.conv.points-to-percent"
    c = {"id": "x", "creature": {"stats": {"reaction_adjustment": 2}},
         "surprise": {"complex_action": True, "guard_hours": 5}}
    default = surprise([c], rolls={"x": 50})
    assert default["details"]["x"]["total"] == 50 + 10 - 20 - 10, rule
    raw = surprise([c], rolls={"x": 50}, options={"surprise_modifier_scale": "raw-points"})
    got = lines(raw, "x")
    assert got["classic.surprise.mod.reaction-adjustment"]["value"] == 2
    assert got["classic.surprise.mod.complex-action"]["value"] == -4
    assert got["classic.surprise.mod.complex-action"]["reason"] == "raw-points"
    # the sentry's fatigue is written in percent already: unchanged by the option
    assert got["classic.surprise.guard.fatigue"]["value"] == -10
    assert raw["details"]["x"]["total"] == 50 + 2 - 4 - 10
    assert raw["value"]["outcomes"]["x"]["scale"]["percent_per_point"] == 1


@pytest.mark.parametrize("hours, rule, value, reason", [
    (1, "classic.surprise.guard.duration", 0, "fully-effective"),
    (3, "classic.surprise.guard.duration", 0, "fully-effective"),
    (3.2, "classic.surprise.guard.fatigue", -5, "1h"),     # a fraction of an hour counts
    (4, "classic.surprise.guard.fatigue", -5, "1h"),
    (5.5, "classic.surprise.guard.fatigue", -15, "3h"),
    (7, "classic.surprise.guard.fatigue", -20, "4h"),
    (12, "classic.surprise.guard.fatigue", -20, "cap"),    # −45% capped at −20%
])
def test_guard_duty_fatigue(hours, rule, value, reason):
    res = surprise([{"id": "g", "surprise": {"guard_hours": hours}}], rolls={"g": 50})
    line = lines(res, "g")[rule]
    assert line["value"] == value and line["reason"] == reason
    assert res["details"]["g"]["total"] == 50 + value
    rest = [p for p in res["prompts"] if p["rule"] == "classic.surprise.guard.duration"]
    assert bool(rest) is (hours > 3)


def test_expecting_creature_is_not_rolled_and_not_surprised():
    res = surprise([{"id": "w", "expecting": True}, {"id": "a", "aware": True}])
    for cid in ("w", "a"):
        out = res["value"]["outcomes"][cid]
        assert out == {"surprised": False, "rolled": False, "decided_by": "classic.surprise.expecting"}
    assert res["value"]["acting"] == ["w", "a"] and not res["value"]["surprise_round"]
    reminders = {r["rule"] for r in res["reminders"]}
    assert {"classic.surprise.guard", "classic.surprise.expecting.limit",
            "classic.surprise.postponed-action", "classic.surprise.casting-visibility"} <= reminders


class WithHelmet(Classic):
    """Classic plus a homebrew condition carrying surprise modifiers, one in
    points and one in percent, to check how the query reads them."""

    conditions = {**Classic.conditions,
                  "great_helm": ConditionDef("great_helm", "test.helm", modifiers=(
                      Modifier("surprise", -2, "test.helm.points"),
                      Modifier("surprise", -7, "test.helm.percent", Unit.PERCENT)))}


def test_condition_surprise_modifiers_are_read_in_points_and_percent():
    rs = WithHelmet()
    payload = {"combatants": [{"id": "k", "creature": {"conditions": ["great_helm"]}}],
               "rolls": {"k": 60}}
    res = rs.query_surprise(QueryInput(payload, rs.resolve_options()), None)
    bd = res.details["k"]
    assert bd.line("test.helm.points").value == -10 and bd.line("test.helm.points").source == "great_helm"
    assert bd.line("test.helm.percent").value == -7
    assert bd.total == 43


@pytest.mark.skipif("deaf" not in Classic.conditions, reason="the deaf condition is combat data")
def test_deaf_creature_takes_minus_fifteen_percent():
    res = surprise([{"id": "d", "creature": {"conditions": ["deaf"]}}], rolls={"d": 44})
    line = lines(res, "d")["classic.cond.deaf.surprise"]
    assert line["value"] == -15 and res["details"]["d"]["total"] == 29
    assert res["value"]["surprised"] == ["d"]


def test_untyped_d100_is_rolled_with_the_rng():
    res = surprise([{"id": "x"}], seed=7)
    natural = res["details"]["x"]["lines"][0]["value"]
    assert natural == random.Random(7).randint(1, 100)


@pytest.mark.parametrize("combatants, rolls, field", [
    ([{"id": "x"}], {"x": 101}, "rolls.x"),
    ([{"id": "x"}], {"x": 0}, "rolls.x"),
    ([{"id": "x", "surprise": {"event": 5}}], {"x": 50}, "combatants[0].surprise.event"),
    ([{"id": "x", "surprise": {"equipment": 2}}], {"x": 50}, "combatants[0].surprise.equipment"),
    ([{"id": "x", "surprise": {"guard_hours": -1}}], {"x": 50}, "combatants[0].surprise.guard_hours"),
    ([{"id": "x", "creature": {"stats": {"reaction_adjustment": 9}}}], {"x": 50},
     "combatants[0].creature.stats.reaction_adjustment"),
    ([{"id": "x", "creature": {"conditions": ["nope"]}}], {"x": 50}, "condition"),
    ([{"id": "x"}, {"id": "x"}], {"x": 50}, "combatants[1].id"),
])
def test_bad_input_names_the_field(combatants, rolls, field):
    with pytest.raises(InputError) as err:
        surprise(combatants, rolls=rolls)
    assert err.value.field == field


def test_unknown_option_choice_is_refused():
    with pytest.raises(InputError) as err:
        surprise([{"id": "x"}], rolls={"x": 5}, options={"surprise_modifier_scale": "double"})
    assert err.value.field == "options.surprise_modifier_scale"
    assert "raw-points" in err.value.allowed


# ----- being surprised ------------------------------------------------------------

def test_surprised_condition_effects_on_the_sheet():
    eff = run("effective", {"ruleset": "classic", "creature": {"conditions": ["surprised"]}})
    d = eff["details"]
    assert d["forbid.actions"]["lines"][0]["rule"] == "classic.surprise.effect.no-actions"
    assert d["deny.active_defence"]["lines"][0]["rule"] == "classic.surprise.effect.no-active-defence"
    assert d["deny.dex_ac"]["lines"][0]["rule"] == "classic.surprise.effect.no-dex"
    reflex = d["save.reflexes"]
    assert reflex["total"] == -15 and reflex["lines"][0]["rule"] == "classic.surprise.effect.reflex"
    assert {r["rule"] for r in eff["reminders"]} >= {"classic.surprise.effect.no-dex",
                                                     "classic.surprise.effect.reflex"}


def test_surprised_defender_loses_its_dex_bonus_to_ac():
    payload = {"ruleset": "classic", "attacker": {"stats": {"thac0": 15}},
               "defender": {"stats": {"ac": 4, "dex_ac": 2, "shield_ac": 1}, "conditions": ["surprised"]},
               "attack": {"damage": "1d8"}, "rolls": {"d20": 10, "damage": [3]}}
    res = run("attack", payload)
    dex = [l for l in res["target"]["lines"] if l["rule"] == "classic.surprise.effect.no-dex"]
    assert len(dex) == 1 and dex[0]["value"] == -2          # the number to reach drops by 2
    payload["defender"]["conditions"] = []
    plain = run("attack", payload)
    assert plain["target"]["total"] - res["target"]["total"] == 2
    assert not any(l["rule"].startswith("classic.surprise") for l in plain["target"]["lines"])


def test_surprised_creature_reflex_save_counts_as_hindered():
    rule = "classic.surprise.effect.reflex"
    payload = {"ruleset": "classic", "kind": "reflexes", "rolls": {"d100": 40},
               "creature": {"stats": {"save_reflexes": 50}, "conditions": ["surprised"]}}
    res = run("save", payload)
    assert [l["value"] for l in res["breakdown"]["lines"] if l["rule"] == rule] == [-15]
    assert res["value"]["chance"] == 35 and res["value"]["success"] is False
    payload["kind"] = "mind"
    payload["creature"]["stats"] = {"save_mind": 50}
    assert not [l for l in run("save", payload)["breakdown"]["lines"] if l["rule"] == rule]
