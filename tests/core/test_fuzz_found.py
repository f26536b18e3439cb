"""Crashes the fuzz tests found, each kept as a plain test of its fix."""

from __future__ import annotations

import json

import pytest

from mischia import queries
from mischia.encounter import Encounter
from mischia.errors import InputError
from mischia.ruleset import ruleset_ids
from mischia_ui import transfer


def test_null_numbers_in_an_encounter_read_as_missing():
    """`"next_id": null` used to load as None (the next combatant id became
    "cNone"); `"rounds": null` on a rounds duration raised TypeError."""
    enc = Encounter.from_dict({"schema": 1, "combatants": [{"id": "c1", "name": "Aldo"}],
                               "next_id": None, "round": None, "turn": None})
    assert (enc.next_id, enc.round, enc.turn) == (2, 0, 0)
    assert enc.add_combatant("Bruna").combatants[-1].id == "c2"
    with pytest.raises(InputError) as err:
        Encounter.from_dict({"schema": 1, "combatants": [{"id": "c1", "name": "Aldo", "conditions": [
            {"uid": "k1", "id": "shaken", "duration": {"kind": "rounds", "rounds": None}}]}]})
    assert err.value.field == "combatants[0].conditions[0].duration.rounds"


@pytest.mark.parametrize("ruleset", ruleset_ids())
@pytest.mark.parametrize("action", [["move"], {"id": "move"}, 7, True])
def test_an_action_that_is_not_a_name_is_refused(ruleset, action):
    """A list or object as `action` raised TypeError (unhashable) in every ruleset."""
    with pytest.raises(InputError) as err:
        stats = {"speed": 9} if ruleset == "dnd5e" else {}
        queries.run("actions", {"ruleset": ruleset, "creature": {"name": "Mage", "stats": stats},
                                "action": action})
    assert err.value.field == "action"


def test_an_export_file_with_nan_or_infinity_is_not_json():
    """Python's json reads NaN/Infinity; an imported NaN never equals itself again."""
    doc = {"format": "mischia", "schema": 1, "encounters": [
        {"schema": 1, "combatants": [{"id": "c1", "name": "Aldo"}], "log": [
            {"key": "x", "params": {"n": float("nan")}}]}]}
    with pytest.raises(InputError, match="not a JSON file"):
        transfer.read_bundle(json.dumps(doc))
    with pytest.raises(InputError, match="not a JSON file"):
        transfer.read_bundle('{"format": "mischia", "schema": 1, "encounters": [], "x": -Infinity}')


def test_an_unknown_field_with_an_empty_name_is_named():
    with pytest.raises(InputError, match="unknown field ''"):
        transfer.read_bundle('{"format": "mischia", "schema": 1, "encounters": [], "": 0}')


def _field(query, payload) -> str:
    with pytest.raises(InputError) as err:
        queries.run(query, payload)
    return err.value.field


def test_ids_and_action_names_that_are_not_text_are_refused():
    """Lists, objects or numbers where ids or action names go raised
    TypeError (unhashable, or str compared with int while sorting)."""
    assert _field("initiative", {"ruleset": "classic", "combatants": [{"id": "a"}, {"id": "b"}],
                                 "rolls": {"a": 3, "b": 5}, "order": ["b", 21]}) == "order"
    assert _field("surprise", {"ruleset": "pf1", "combatants": [{"id": "p1", "aware": True},
                                                               {"id": "b1", "aware": False}],
                               "order": ["b1", 1]}) == "order"
    assert _field("initiative", {"ruleset": "dnd5e", "combatants": [
        {"id": "g1", "group": [{}], "modifier": 2}], "rolls": {"g1": 4}}) == "combatants[0].group"
    assert _field("movement", {"ruleset": "dnd5e", "creature": {"stats": {"speed": 9}},
                               "segments": [{"action": ["dash"]}]}) == "segments[0].action"
    assert _field("actions", {"ruleset": "pf1", "creature": {}, "used": [{"W": {}}]}) == "used[0]"
    assert _field("actions", {"ruleset": "classic", "creature": {}, "used": [[]]}) == "used[0]"
    assert _field("actions", {"ruleset": "dnd5e", "creature": {"stats": {"speed": 9}},
                              "used": [["dash"]]}) == "used[0]"


@pytest.mark.parametrize("counters,field", [
    ({"nonlethal": {"n": [6.0]}}, "hp.counters.nonlethal"),
    ({"nonlethal": []}, "hp.counters.nonlethal"),
    ({"x": {"two": float("nan")}}, "hp.counters.x"),
    ({"nonlethal": "3"}, "hp.counters.nonlethal"),
    ({"nonlethal": -2}, "hp.counters.nonlethal"),
])
def test_hit_point_counters_hold_only_counts_flags_and_rule_ids(counters, field):
    """Nested or odd counters raised TypeError in pf1's nonlethal arithmetic,
    or came back in the result as NaN (not JSON)."""
    for query in ("damage", "heal"):
        payload = {"ruleset": "pf1", "creature": {"stats": {"con": 14, "con_mod": 2}},
                   "hp": {"max": 20, "current": 8, "counters": counters}, "amount": 3}
        assert _field(query, payload) == field


@pytest.mark.parametrize("stage", [["dazed"], {"n": 1}, 1.5, True])
def test_a_condition_stage_that_is_not_a_number_or_name_is_refused(stage):
    """A list as a stage raised TypeError (unhashable) looking it up."""
    payload = {"ruleset": "d20pl", "creature": {"conditions": [{"id": "invisible", "stage": stage}]}}
    assert _field("effective", payload) == "creature.conditions[0].stage"
