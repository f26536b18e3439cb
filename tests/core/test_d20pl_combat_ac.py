"""d20pl Armour Class, the AC modifier table, helpless defenders, stacking
and size (seed 003, RULES.md §3.6, §3.14 AC table, §3.18, §3.19)."""

import random

import pytest

from mischia.breakdown import Line
from mischia.engine import build_context
from mischia.queries import run
from mischia.ruleset import get_ruleset

FIGHTER = {"stats": {"bab": 5, "str_mod": 3, "dex_mod": 2}}


def target(defender, kind="melee", touch=False, attacker=None, options=None, situation=None):
    """The defender's AC breakdown (a natural 1 stops before any damage)."""
    payload = {"ruleset": "d20pl", "attacker": attacker or FIGHTER, "defender": defender,
               "attack": {"kind": kind, "touch": touch, "damage": "1d8"},
               "rolls": {"d20": 1}, "options": options or {}}
    if situation:
        payload["situation"] = situation
    return run("attack", payload)["target"]


def line(breakdown, rule):
    found = [l for l in breakdown["lines"] if l["rule"] == rule]
    assert found, f"no line for {rule} in {breakdown['lines']}"
    return found[0]


# --- §3.6 Armour Class ---------------------------------------------------------------
def test_ac_formula_ten_armour_shield_dex_size():
    rule = "d20pl.ac.formula"
    ac = target({"stats": {"armour": 4, "shield": 2, "dex_mod": 2}, "size": "small"})
    assert [l["value"] for l in ac["lines"] if l["rule"] == rule] == [10, 4, 2, 2]
    assert line(ac, "d20pl.ac.size")["value"] == 1
    assert ac["total"] == 19


def test_typed_total_ac_is_used_as_given():
    ac = target({"stats": {"ac": 17}})
    assert line(ac, "d20pl.ac.formula")["value"] == 17 and ac["total"] == 17
    flat = target({"stats": {"ac": 17, "dex_mod": 3}, "conditions": ["flat_footed"]})
    assert line(flat, "d20pl.acmod.flat-footed")["value"] == -3 and flat["total"] == 14


def test_armour_limits_the_dex_bonus():
    rule = "d20pl.ac.armour-max-dex"
    ac = target({"stats": {"armour": 5, "dex_mod": 4, "max_dex": 1}})
    assert line(ac, rule)["value"] == -3 and ac["total"] == 16


def test_losing_dex_removes_a_bonus_but_keeps_a_penalty():
    rule = "d20pl.ac.lose-dex"
    clumsy = target({"stats": {"dex_mod": -1}, "conditions": ["flat_footed"]})
    kept = line(clumsy, rule)
    assert kept["value"] == -1 and kept["applied"] and clumsy["total"] == 9
    nimble = target({"stats": {"dex_mod": 3}, "conditions": ["flat_footed"]})
    lost = line(nimble, "d20pl.acmod.flat-footed")
    assert not lost["applied"] and lost["reason"] == "denied" and nimble["total"] == 10


@pytest.mark.parametrize("stat, rule, touch_keeps", [
    ("enhancement", "d20pl.ac.enhancement", False),
    ("deflection", "d20pl.ac.deflection", True),
    ("natural", "d20pl.ac.natural", False),
])
def test_other_ac_bonuses_and_what_touch_attacks_ignore(stat, rule, touch_keeps):
    ac = target({"stats": {stat: 2}})
    assert line(ac, rule)["value"] == 2 and ac["total"] == 12
    touch = target({"stats": {stat: 2}}, touch=True)
    assert touch["total"] == (12 if touch_keeps else 10)
    if not touch_keeps:
        assert line(touch, "d20pl.ac.touch")["reason"] == "touch"


def test_touch_attacks_ignore_armour_shield_and_natural_armour():
    rule = "d20pl.ac.touch"
    ac = target({"stats": {"armour": 5, "shield": 2, "natural": 3, "dex_mod": 1,
                           "deflection": 1}, "size": "small"}, touch=True)
    ignored = [l for l in ac["lines"] if l["rule"] == rule]
    assert len(ignored) == 3 and not any(l["applied"] for l in ignored)
    assert ac["total"] == 13               # 10 + Dex 1 + deflection 1 + size 1


def test_dodge_bonuses_are_lost_with_dex():
    rule = "d20pl.ac.dodge"
    ac = target({"stats": {"dex_mod": 2, "dodge": 1}})
    assert line(ac, rule)["value"] == 1 and ac["total"] == 13
    flat = target({"stats": {"dex_mod": 2, "dodge": 1}, "conditions": ["flat_footed"]})
    assert not line(flat, rule)["applied"] and flat["total"] == 10
    # a dodge bonus from fighting defensively on AC (SRD option) is lost too
    both = target({"stats": {"dodge": 1}, "conditions": ["flat_footed", "fighting_defensively"]},
                  options={"defensive_dodge": "ac"})
    assert both["total"] == 10


def test_dodge_bonuses_stack_other_types_do_not():
    rule = "d20pl.stack.dodge"
    rs = get_ruleset("d20pl")
    ctx = build_context(rs, rs.resolve_options(), {})
    out = rs.stack("ac", [Line("a", 1, rule, type="dodge"), Line("b", 2, rule, type="dodge"),
                          Line("c", 2, rule, type="deflection"), Line("d", 3, rule, type="deflection"),
                          Line("e", -2, rule, type="deflection"), Line("f", -1, rule, type="deflection")],
                   ctx)
    assert [l.applied for l in out] == [True, True, False, True, True, True]
    assert out[2].reason == "did-not-stack"
    ac = target({"stats": {"dodge": 1}, "conditions": ["total_defence"]},
                options={"defensive_dodge": "ac"})
    assert ac["total"] == 15               # 10 + 1 + 4, dodge bonuses add up


@pytest.mark.parametrize("size, value", [
    ("fine", 8), ("diminutive", 4), ("tiny", 2), ("small", 1), ("large", -1), ("huge", -2),
    ("gargantuan", -4), ("colossal", -8),
])
def test_size_modifier_to_ac_and_attack(size, value):
    ac = target({"stats": {}, "size": size})
    assert line(ac, "d20pl.ac.size")["value"] == value and ac["total"] == 10 + value
    res = run("attack", {"ruleset": "d20pl", "attacker": {"stats": {"bab": 1}, "size": size},
                         "rolls": {"d20": 1}})
    assert line(res["attack"], "ext.d20pl.size-modifiers")["value"] == value
    assert res["attack"]["total"] == 1 + value


def test_medium_has_no_size_line():
    ac = target({"stats": {}})
    assert "d20pl.ac.size" not in [l["rule"] for l in ac["lines"]] and ac["total"] == 10


# --- §3.14 AC modifier table --------------------------------------------------------
@pytest.mark.parametrize("rule, condition, melee, ranged", [
    ("d20pl.acmod.kneeling-sitting", "kneeling", -2, 2),
    ("d20pl.acmod.kneeling-sitting", "sitting", -2, 2),
    ("d20pl.acmod.prone", "prone", -4, 4),
    ("d20pl.acmod.stunned", "stunned", -2, -2),
    ("d20pl.acmod.blinded", "blinded", -2, -2),
    ("d20pl.acmod.squeezing", "squeezing", -4, -4),
    ("d20pl.acmod.pinned", "pinned", -4, None),
    ("d20pl.acmod.cowering", "cowering", -2, -2),
    ("d20pl.helpless.ac", "helpless", -4, None),
])
def test_ac_modifier_table(rule, condition, melee, ranged):
    defender = {"stats": {}, "conditions": [condition]}
    assert line(target(defender, "melee"), rule)["value"] == melee
    ranged_ac = target(defender, "ranged")
    if ranged is None:
        assert rule not in [l["rule"] for l in ranged_ac["lines"]]
    else:
        assert line(ranged_ac, rule)["value"] == ranged


@pytest.mark.parametrize("condition, rule", [
    ("flat_footed", "d20pl.acmod.flat-footed"),
    ("stunned", "d20pl.acmod.fn1"),
    ("blinded", "d20pl.acmod.fn1"),
    ("cowering", "d20pl.acmod.fn1"),
    ("grappling", "d20pl.acmod.grappling"),
])
def test_defender_loses_dex_bonus(condition, rule):
    ac = target({"stats": {"dex_mod": 3}, "conditions": [condition]})
    dex = line(ac, rule)
    assert dex["label"] == "ac.dex_mod" and not dex["applied"] and dex["reason"] == "denied"


def test_flat_footed_table_row_is_plus_zero():
    rule = "d20pl.acmod.flat-footed"
    ac = target({"stats": {}, "conditions": ["flat_footed"]})
    assert ac["total"] == 10 and rule not in [l["rule"] for l in ac["lines"]]


def test_grappling_keeps_dex_against_a_grappling_attacker():
    rule = "d20pl.acmod.grappling"
    me = dict(FIGHTER, conditions=["grappling"])
    ac = target({"stats": {"dex_mod": 3}, "conditions": ["grappling"]}, attacker=me)
    assert ac["total"] == 13 and rule not in [l["rule"] for l in ac["lines"]]


def test_grappling_defender_random_target_prompt():
    rule = "d20pl.acmod.fn3"
    res = run("attack", {"ruleset": "d20pl", "attacker": FIGHTER,
                         "defender": {"conditions": ["grappling"]},
                         "situation": {"numbers": {"grapplers": 3}}, "rolls": {"d20": 1}})
    prompt = [p for p in res["prompts"] if p["rule"] == rule][0]
    assert prompt["roll"] == "1d3"


def test_entangled_minus_4_dex():
    rule = "d20pl.acmod.fn2"
    ac = target({"stats": {"dex_mod": 3}, "conditions": ["entangled"]})
    assert line(ac, rule)["value"] == -2 and ac["total"] == 11
    assert line(ac, "d20pl.ac.formula")["value"] == 10


def test_entangled_table_row_changes_ac_only_through_dex():
    rule = "d20pl.acmod.entangled"
    ac = target({"stats": {}, "conditions": ["entangled"]})
    assert ac["total"] == 8                          # Dex 0 → −2 (fn2), no flat modifier
    assert rule not in [l["rule"] for l in ac["lines"]]
    assert get_ruleset("d20pl").condition("entangled").rule == rule


def test_helpless_condition_row_and_dex_zero():
    rule = "d20pl.acmod.helpless"
    assert get_ruleset("d20pl").condition("helpless").rule == rule
    ac = target({"stats": {"dex_mod": 3}, "conditions": ["helpless"]})
    assert ac["total"] == 1                       # 10 − 4 (melee) − 5 (Dex 0)
    ranged = target({"stats": {"dex_mod": 3}, "conditions": ["helpless"]}, "ranged")
    assert ranged["total"] == 5                   # +0 against ranged


@pytest.mark.parametrize("condition", ["helpless", "pinned"])
def test_helpless_and_pinned_treat_dex_as_zero(condition):
    rule = "d20pl.acmod.fn4"
    ac = target({"stats": {"dex_mod": 2}, "conditions": [condition]}, "ranged")
    assert line(ac, rule)["value"] == -5 and ac["total"] == 5


def test_helpless_cannot_use_dex_bonus():
    rule = "d20pl.helpless.dex"
    ac = target({"stats": {"dex_mod": 2, "dodge": 2}, "conditions": ["helpless"]}, "ranged")
    dex = [l for l in ac["lines"] if l["label"] == "ac.dex_mod"][0]
    assert not dex["applied"] and ac["total"] == 5
    assert any(m.rule == rule and m.detail == "dex_ac"
               for m in get_ruleset("d20pl").condition("helpless").modifiers)


def test_helpless_definition_is_a_reminder():
    rule = "d20pl.helpless.definition"
    res = run("attack", {"ruleset": "d20pl", "attacker": FIGHTER,
                         "defender": {"conditions": ["helpless"]}, "rolls": {"d20": 1}})
    assert rule in [r["rule"] for r in res["reminders"]]


def test_cover_row_plus_4():
    rule = "d20pl.acmod.cover"
    ac = target({"stats": {}}, situation={"choices": {"cover": "partial"}})
    assert line(ac, rule)["value"] == 4 and ac["total"] == 14


def test_same_row_twice_counts_once():
    """Two conditions carrying the same table row do not add up."""
    ac = target({"stats": {}, "conditions": ["kneeling", "sitting"]})
    assert ac["total"] == 8


def test_ac_totals_do_not_depend_on_condition_order():
    conds = ["prone", "stunned", "entangled", "squeezing", "kneeling"]
    one = target({"stats": {"dex_mod": 2}, "conditions": conds})
    two = target({"stats": {"dex_mod": 2}, "conditions": list(reversed(conds))})
    assert one["total"] == two["total"] == 10 - 4 - 2 - 4 - 2


def test_effective_sheet_shows_dodge_test_bonus_and_hide():
    res = run("effective", {"ruleset": "d20pl",
                            "creature": {"conditions": ["total_defence",
                                                        {"id": "invisible", "stage": "still"}]}},
              random.Random(1))
    assert res["details"]["check.dodge_test"]["total"] == 4
    assert res["details"]["skill.hide"]["total"] == 40
