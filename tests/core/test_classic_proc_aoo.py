"""classic attacks of opportunity (§1.18): triggers, reach by size and
polearm (ext.classic.sizes-weapons), one per round, no declaration, casting
conflict, fatigue, timing (AMB-24) and the back-attack situation."""

import random

import pytest

from mischia.creature import AttackSpec, Creature, Situation
from mischia.engine import build_context, situation_modifiers
from mischia.errors import InputError
from mischia.queries import run
from mischia.rulesets.classic import Classic

SIZES = "ext.classic.sizes-weapons"


def aoo(threatener=None, **extra):
    payload = {"ruleset": "classic", "action": "aoo", "threatener": threatener or {}, **extra}
    return run("actions", payload, random.Random(2))


@pytest.mark.parametrize("rule, size, weapon, movement, distance, provokes", [
    ("classic.aoo.leave-melee", "medium", [], "leave", 1, True),
    ("classic.aoo.leave-melee", "tiny", [], "leave", 1, True),
    ("classic.aoo.passing", "large", [], "pass", 1, True),
    ("classic.aoo.reach.tiny-to-large", "large", [], "pass", 2, False),
    ("classic.aoo.reach.tiny-to-large", "small", [], "approach", 1, False),
    ("classic.aoo.passing", "huge", [], "pass", 2, True),
    ("classic.aoo.passing", "gargantuan", [], "pass", 2, True),
    ("classic.aoo.passing", "medium", ["polearm"], "pass", 2, True),
    ("classic.aoo.reach.huge-gargantuan-polearm", "huge", [], "pass", 3, False),
    ("classic.aoo.reach.direct-approach", "huge", [], "approach", 2, False),
    ("classic.aoo.reach.direct-approach", "medium", ["polearm"], "approach", 2, False),
])
def test_what_provokes(rule, size, weapon, movement, distance, provokes):
    res = aoo({"size": size}, weapon=weapon, movement=movement, distance=distance)
    assert res["value"]["provokes"] is provokes and res["value"]["rule"] == rule


@pytest.mark.parametrize("rule, size, weapon, reach", [
    ("classic.aoo.reach.tiny-to-large", "tiny", [], 1),
    ("classic.aoo.reach.tiny-to-large", "large", [], 1),
    ("classic.aoo.reach.huge-gargantuan-polearm", "huge", [], 2),
    ("classic.aoo.reach.huge-gargantuan-polearm", "small", ["polearm"], 2),
])
def test_reach_breakdown(rule, size, weapon, reach):
    res = aoo({"size": size}, weapon=weapon, movement="pass")
    assert res["breakdown"]["total"] == reach
    assert res["breakdown"]["lines"][0]["rule"] == rule and res["breakdown"]["unit"] == "hexes"


@pytest.mark.parametrize("size, reach", [("fine", 1), ("diminutive", 1), ("colossal", 2)])
def test_sizes_outside_the_seed_count_as_the_nearest_letter(size, reach):
    """The seed's sizes are T S M L H G (ext.classic.sizes-weapons): fine and
    diminutive count as Tiny, colossal as Gargantuan."""
    res = aoo({"size": size}, movement="pass", distance=2)
    assert res["breakdown"]["total"] == reach, SIZES
    assert res["value"]["provokes"] is (reach == 2)


def test_one_attack_of_opportunity_per_round():
    rule = "classic.aoo.one-per-round"
    res = aoo(movement="leave", used=["aoo"])
    assert res["value"]["provokes"] is True and res["value"]["allowed"] is False
    assert res["value"]["rule"] == rule
    assert aoo(movement="leave", used=["attack"])["value"]["allowed"] is True


def test_not_declared_costs_a_fatigue_point_and_counts_as_back_attack():
    res = aoo(movement="leave")
    assert res["details"]["declared"] is False
    assert res["details"]["declaration_rule"] == "classic.aoo.no-declaration"
    assert res["details"]["fatigue_points"] == {"value": 1, "rule": "classic.aoo.fatigue"}
    assert res["events"] == ["classic.aoo.fatigue"]
    assert res["value"]["situation"] == "attack_of_opportunity"
    assert res["value"]["back_attack"] == "classic.aoo.back-attack"


@pytest.mark.parametrize("casting, aborted", [("in-progress", True), ("completed", False),
                                              ("none", False)])
def test_casting_conflict(casting, aborted):
    rule = "classic.aoo.casting-conflict"
    res = aoo(movement="leave", casting=casting)
    assert res["details"]["spell_aborted"] is aborted
    assert (rule in res["events"]) is aborted


@pytest.mark.parametrize("options, factor, round_offset", [
    ({}, 6, 0),
    ({"initiative_direction": "higher-first"}, 8, 0),
    ({"aoo_timing": "previous-round"}, 7, -1),
])
def test_timing_is_the_factor_just_before_the_mover_arrives(options, factor, round_offset):
    res = aoo(movement="leave", mover_factor=7, options=options)
    timing = res["details"]["timing"]
    assert timing["rule"] == "classic.aoo.timing" and timing["after_regular_actions"] is True
    assert timing["factor"] == factor and timing["round_offset"] == round_offset


def test_evasive_fighting_can_prevent_it():
    rule = "classic.aoo.evasive-fighting"
    done = aoo(movement="leave", evasive_fighting="success")
    assert done["value"]["provokes"] is False and done["value"]["rule"] == rule
    trying = aoo(movement="leave", evasive_fighting="attempt")
    assert trying["value"]["provokes"] is True and trying["prompts"][0]["rule"] == rule


def test_surprised_creature_makes_no_attack_of_opportunity():
    res = aoo({"conditions": ["surprised"]}, movement="leave")
    assert res["value"]["provokes"] is True and res["value"]["allowed"] is False
    assert res["value"]["rule"] == "classic.surprise.effect.no-actions"


def test_attack_of_opportunity_situation_is_a_back_attack():
    """+2 to hit and +2 on the base damage die as back-attack bonuses; the
    target's Dex and shield AC are ignored."""
    rule = "classic.aoo.back-attack"
    rs = Classic()
    sit = Situation(toggles=frozenset({"attack_of_opportunity"}))
    ctx = build_context(rs, rs.resolve_options(), {"attacker": Creature(), "defender": Creature()},
                        AttackSpec(), sit)
    mods = situation_modifiers(rs, sit, ctx)
    got = {(m.target, m.detail): m for m in mods}
    assert got[("attack", "")].value == 2 and got[("damage_die", "")].value == 2
    assert {d for t, d in got if t == "deny"} == {"dex_ac", "shield_ac"}
    assert all(m.rule == rule and m.type == "back-attack" for m in mods)
    assert {r.rule for r in rs.situations["attack_of_opportunity"].reminders} == {
        "classic.aoo.fatigue", "classic.aoo.one-per-round", "classic.aoo.casting-conflict"}


@pytest.mark.parametrize("extra, field", [
    ({"movement": "teleport"}, "movement"),
    ({"movement": "pass", "distance": 0}, "distance"),
    ({"movement": "pass", "used": ["sing"]}, "used[0]"),
    ({"movement": "pass", "casting": "maybe"}, "casting"),
    ({"movement": "pass", "mover_factor": "soon"}, "mover_factor"),
    ({"movement": "leave", "mover_factor": "soon"}, "mover_factor"),
])
def test_bad_input_names_the_field(extra, field):
    with pytest.raises(InputError) as err:
        aoo(**extra)
    assert err.value.field == field


def test_attack_of_opportunity_through_the_attack_query():
    """The back-attack bonuses at work in a real attack: +2 to hit, +2 on the
    die (never above its maximum), Dex and shield AC ignored."""
    rule = "classic.aoo.back-attack"
    payload = {"ruleset": "classic", "attacker": {"stats": {"thac0": 15}},
               "defender": {"stats": {"ac": 4, "dex_ac": 2, "shield_ac": 1}},
               "attack": {"damage": "1d8"}, "situation": {"toggles": ["attack_of_opportunity"]},
               "rolls": {"d20": 10, "damage": [3]}}
    res = run("attack", payload)
    assert [l["value"] for l in res["attack"]["lines"] if l["rule"] == rule] == [2]
    assert sorted(l["value"] for l in res["target"]["lines"] if l["rule"] == rule) == [-2, -1]
    assert [l["value"] for l in res["damage"]["lines"] if l["rule"] == rule] == [2]
    assert res["damage"]["total"] == 5
    payload["rolls"]["damage"] = [8]
    capped = run("attack", payload)
    assert capped["damage"]["total"] == 8                   # the die is already at its maximum
    assert {r["rule"] for r in res["reminders"]} >= {"classic.aoo.fatigue", "classic.aoo.one-per-round"}
