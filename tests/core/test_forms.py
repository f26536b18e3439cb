"""The attack form's values → the attack query (mischia.forms): typed text is
parsed or refused naming the engine's field, the situation inputs come from
the chosen ruleset only, and a full attack per ruleset typed as the form
would send it gives the verdict and breakdown the rules say."""

import random

import pytest

from mischia import forms
from mischia.errors import InputError
from mischia.queries import run
from mischia.ruleset import get_ruleset


def lines(bd, applied=True):
    return {l["rule"]: l["value"] for l in bd["lines"] if l["applied"] is applied}


# --- typed text ----------------------------------------------------------------

@pytest.mark.parametrize("text, value", [("14", 14), (" +3 ", 3), ("−2", -2), ("", None), (None, None)])
def test_parse_int_reads_what_people_type(text, value):
    assert forms.parse_int(text, "attack.bonus", -50, 100) == value


@pytest.mark.parametrize("text, message", [("abc", "not a whole number"), ("1.5", "not a whole number"),
                                           ("101", "out of range")])
def test_parse_int_refuses_with_the_field_named(text, message):
    with pytest.raises(InputError) as err:
        forms.parse_int(text, "attack.bonus", -50, 100)
    assert err.value.field == "attack.bonus" and message in err.value.message


def test_parse_number_takes_a_decimal_comma_and_keeps_whole_numbers_whole():
    assert forms.parse_number("4,5", "d", 0, 100) == 4.5
    assert forms.parse_number("9", "d", 0, 100) == 9 and isinstance(forms.parse_number("9.0", "d", 0, 9), int)
    with pytest.raises(InputError):
        forms.parse_number("", "d", 0, 9, required=True)


def test_parse_dice_reads_a_list_and_refuses_words():
    assert forms.parse_dice("3 5", "rolls.damage") == [3, 5]
    assert forms.parse_dice("3, 5,6", "rolls.damage") == [3, 5, 6]
    assert forms.parse_dice("  ", "rolls.damage") is None
    with pytest.raises(InputError) as err:
        forms.parse_dice("three", "rolls.damage")
    assert err.value.field == "rolls.damage"


def test_field_specs_build_nested_payloads_and_leave_blanks_out():
    fields = (forms.Field("damage", "int", "Damage", high=100), forms.die("rolls.d20", "d20", 20),
              forms.Field("defensive", "flag", "Defensive"),
              forms.Field("components", "multi", "C", (("V", "V"), ("S", "S"))))
    assert forms.read(fields, {"damage": "7", "rolls.d20": "11", "defensive": True,
                               "components": ["V"]}) == {
        "damage": 7, "rolls": {"d20": 11}, "defensive": True, "components": ["V"]}
    assert forms.read(fields, {"damage": "", "rolls.d20": "", "defensive": False}) == {}
    with pytest.raises(InputError) as err:
        forms.read(fields, {"components": ["X"]})
    assert err.value.field == "components" and err.value.allowed == ("V", "S")


# --- situation inputs belong to the chosen ruleset -----------------------------------

@pytest.mark.parametrize("rid", ["classic", "d20pl", "dnd5e", "pf1"])
def test_situation_inputs_are_the_rulesets_own(rid):
    ruleset = get_ruleset(rid)
    toggles, graded = forms.situation_inputs(ruleset)
    assert set(toggles) | {g for g, _ in graded} == set(ruleset.situations)
    assert all(ruleset.situations[g].choices == choices for g, choices in graded)


def test_a_toggle_of_another_ruleset_is_refused():
    with pytest.raises(InputError) as err:
        forms.attack_payload("dnd5e", {}, {"stats": {"ac": 12}}, {"toggles": ["flanking"]})
    assert err.value.field == "situation.toggles"
    with pytest.raises(InputError) as err:
        forms.attack_payload("d20pl", {}, {}, {"choices": {"cover": "three-quarters"}})
    assert err.value.field == "situation.choices.cover"


def test_bad_form_values_name_the_attack_field():
    for values, field in (({"bonus": "x"}, "attack.bonus"), ({"crit_range": "21"}, "attack.crit_range"),
                          ({"damage": "2d7"}, "attack.damage"), ({"numbers": {"distance": "far"}},
                                                                  "situation.numbers.distance"),
                          ({"rolls": {"d20": "1 2"}}, "rolls.d20"), ({"weapon": ["laser"]}, "attack.weapon")):
        with pytest.raises(InputError) as err:
            forms.attack_payload("pf1", {}, {}, values)
        assert err.value.field == field


def test_quick_creature_from_typed_stats_checks_the_rulesets_ranges():
    rs = get_ruleset("dnd5e")
    c = forms.creature_from_values(rs, " Goblin ", {"ac": "15", "dex_mod": ""}, (), ["prone"])
    assert c == {"name": "Goblin", "stats": {"ac": 15}, "traits": [], "conditions": [{"id": "prone"}],
                 "size": "medium"}
    with pytest.raises(InputError) as err:
        forms.creature_from_values(rs, "", {"ac": "99"})
    assert err.value.field == "creature.stats.ac" and "out of range" in err.value.message
    # a staged condition ticked without a stage gets its first stage
    staged = forms.creature_from_values(rs, "", {}, (), [{"id": "exhaustion", "stage": ""}])
    assert staged["conditions"] == [{"id": "exhaustion", "stage": 1}]


def test_creature_from_a_roster_entry_keeps_what_the_rules_read():
    entry = {"name": "Lyra", "ruleset": "pf1", "side": "party", "hp": {"max": 20, "current": 20},
             "stats": {"bab": 3}, "traits": ["uncanny_dodge"], "size": "small",
             "conditions": [{"uid": "k1", "id": "shaken", "stage": None, "cause": "", "duration": {}}]}
    assert forms.creature_from_entry(entry) == {"name": "Lyra", "stats": {"bab": 3},
                                                "traits": ["uncanny_dodge"], "size": "small",
                                                "conditions": [{"id": "shaken"}]}


# --- a full attack per ruleset, typed as the form sends it -----------------------------

def test_d20pl_greatsword_in_two_hands_against_chainmail():
    """Tomasz's fighter: 8 on the dice + 4 (1.5 × Str 3) − 6 armour = 6 damage."""
    payload = forms.attack_payload(
        "d20pl", {"name": "Fighter", "stats": {"bab": 5, "str_mod": 3}},
        {"name": "Orc", "stats": {"armour": 5, "natural": 1}},
        {"kind": "melee", "damage": "2d6", "grip": "two", "rolls": {"d20": "14", "damage": "3 5"}})
    res = run("attack", payload)
    assert res["verdict"] == "hit" and res["damage"]["total"] == 6
    assert lines(res["damage"])["d20pl.damage.two-handed"] == 4


def test_classic_back_attack_with_conditions_and_the_damage_die_cap():
    """Giulia's thief in a web (hindered): the back attack's +2 is not added on
    top of the condition's +3 (only the most severe); 9 + 3 = 12 ≥ 15 − 5 − 2;
    the back attack's +2 on the die is capped at the d6's face."""
    payload = forms.attack_payload(
        "classic", {"stats": {"thac0": 15}},
        {"stats": {"ac": 5, "dex_ac": 2}, "conditions": [{"id": "hindered", "cause": "web"}]},
        {"damage": "1d6", "toggles": ["back_attack"], "rolls": {"d20": "9", "damage": "6"}})
    assert payload["situation"] == {"toggles": ["back_attack"]}
    res = run("attack", payload)
    assert res["verdict"] == "hit" and res["attack"]["total"] == 3 and res["target"]["total"] == 8
    assert lines(res["attack"], False) == {"classic.sit.back-attack.attack": 2}
    assert res["damage"]["total"] == 6
    assert lines(res["damage"])["classic.conv.damage-die-bonus"] == -2


def test_dnd5e_ranged_on_a_prone_goblin_at_9_m_from_the_form():
    payload = forms.attack_payload(
        "dnd5e", {"stats": {"dex_mod": 3, "proficiency": 2}},
        {"stats": {"ac": 15}, "conditions": [{"id": "prone"}]},
        {"kind": "ranged", "damage": "1d8", "numbers": {"distance": "9"},
         "rolls": {"d20": "17", "d20_second": "8"}})
    res = run("attack", payload)
    assert res["mode"] == "disadvantage" and res["natural"] == 8 and res["verdict"] == "miss"
    assert "ext.dnd5e.prone" in {l["rule"] for l in res["mode_lines"]}


def test_pf1_threat_asks_for_the_confirmation_die_when_typing():
    payload = forms.attack_payload("pf1", {"stats": {"bab": 3, "str_mod": 2}},
                                   {"stats": {"armour": 4, "dex_mod": 2}},
                                   {"damage": "1d8", "crit_range": "19", "rolls": {"d20": "19"}})
    with pytest.raises(InputError) as err:
        run("attack", payload)           # no rng: a die not typed is asked for
    assert forms.missing_roll(err.value, payload) == "confirm"
    payload = forms.attack_payload("pf1", {"stats": {"bab": 3, "str_mod": 2}},
                                   {"stats": {"armour": 4, "dex_mod": 2}},
                                   {"damage": "1d8", "crit_range": "19",
                                    "rolls": {"d20": "19", "confirm": "15"}})
    with pytest.raises(InputError) as err:
        run("attack", payload)
    assert forms.missing_roll(err.value, payload) == "damage"
    assert forms.dice_needed(payload, "damage") == (1, 8)
    assert forms.dice_needed(payload, "crit_damage") == (1, 8)
    payload["rolls"].update(damage=[5], crit_damage=[3])
    res = run("attack", payload)
    assert res["verdict"] == "critical" and res["damage"]["total"] == 5 + 2 + 3 + 2


def test_a_typed_die_outside_the_die_is_not_a_missing_roll():
    payload = forms.attack_payload("pf1", {}, {}, {"rolls": {"d20": "25"}})
    with pytest.raises(InputError) as err:
        run("attack", payload)
    assert err.value.field == "rolls.d20" and "not a result of a d20" in err.value.message
    assert forms.missing_roll(err.value, payload) is None


def test_roll_for_me_fills_only_what_was_not_typed():
    payload = forms.attack_payload("pf1", {"stats": {"bab": 3}}, {"stats": {"ac": 12}},
                                   {"rolls": {"d20": "2"}})
    res = run("attack", payload, random.Random(4))
    assert res["natural"] == 2 and res["verdict"] == "miss"
