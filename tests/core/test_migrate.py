"""Schema versions and migrations (issue 7, point 1): every stored kind of
document has a fixture of each version it ever had, and each upgrades to a
document the app reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mischia import migrate
from mischia.encounter import Encounter
from mischia.errors import InputError
from mischia_ui import store, transfer

FIXTURES = Path(__file__).parent / "fixtures"

# how the app reads each kind once it is at the current version
READERS = {
    "encounter": migrate.load_encounter,
    "index": store._check_index,
    "roster": store._check_roster,
    "settings": store._check_settings,
    "bundle": transfer.read_data,
}


def _fixtures():
    found = []
    for path in sorted(FIXTURES.glob("*-v*.json")):
        kind, version = re.fullmatch(r"(\w+)-v(\d+)\.json", path.name).groups()
        found.append((kind, int(version), path))
    return found


def test_every_kind_has_a_reader_and_a_fixture_of_every_version():
    """A schema bump without its step or its stored fixture fails here."""
    assert set(READERS) == set(migrate.CURRENT)
    have = {(kind, version) for kind, version, _path in _fixtures()}
    for kind, current in migrate.CURRENT.items():
        for version in range(1, current + 1):
            assert (kind, version) in have, f"missing tests/core/fixtures/{kind}-v{version}.json"
        for version in range(1, current):
            assert (kind, version) in migrate.STEPS, f"no step upgrading {kind} from {version}"


@pytest.mark.parametrize("kind,version,path", _fixtures(), ids=lambda v: getattr(v, "name", str(v)))
def test_each_stored_fixture_upgrades_to_a_readable_document(kind, version, path):
    doc = json.loads(path.read_text())
    assert migrate.version(kind, doc) == version
    upgraded = migrate.upgrade(kind, doc)
    assert upgraded["schema"] == migrate.CURRENT[kind]
    READERS[kind](upgraded)
    assert json.loads(path.read_text()) == doc  # the input is never changed


def test_the_first_screen_encounter_becomes_a_current_encounter():
    """The real old format: the first screen's single key."""
    old = json.loads((FIXTURES / "first-screen.json").read_text())
    doc = migrate.first_screen(old)
    enc = migrate.load_encounter(doc)
    assert [(c.id, c.name, c.side) for c in enc.combatants] == [
        ("c1", "Aldo the Bold", "party"), ("c2", "Goblin archer", "foes"),
        ("c3", "Bruna <b>", "party"), ("c4", "Ombra 🗡 שלום", "other")]
    assert (enc.ruleset, enc.name, enc.next_id, enc.round, enc.phase) == ("classic", "", 5, 0, "setup")
    # and it works as an encounter: the next combatant gets a fresh id
    assert enc.add_combatant("Orc").combatants[-1].id == "c5"
    assert Encounter.from_json(enc.to_json()) == enc


def test_first_screen_quirks_are_repaired_not_refused():
    """That screen bounded neither next_id nor round nor id length."""
    doc = migrate.first_screen({"schema": 1, "combatants": [
        {"id": "c7", "name": "Aldo"}, {"id": "x" * 60, "name": "Bruna", "side": "foes"}],
        "next_id": 0, "round": 10 ** 12})
    enc = migrate.load_encounter(doc)
    assert enc.next_id == 8 and enc.round == 100000
    assert len({c.id for c in enc.combatants}) == 2 and all(len(c.id) <= 40 for c in enc.combatants)


def test_first_screen_refuses_what_it_never_wrote():
    with pytest.raises(InputError) as err:
        migrate.first_screen({"schema": 1, "combatants": [], "phase": "combat"})
    assert err.value.field == "encounter.phase"
    with pytest.raises(InputError):
        migrate.first_screen({"schema": 2, "combatants": []})
    with pytest.raises(InputError) as err:
        migrate.load_encounter(migrate.first_screen({"schema": 1, "combatants": [{"id": "c1", "name": " "}]}))
    assert err.value.field == "combatants[0].name"


def test_a_newer_version_is_refused_with_a_message():
    with pytest.raises(migrate.NewerVersion) as err:
        migrate.upgrade("encounter", {"schema": migrate.CURRENT["encounter"] + 1})
    assert "newer version of Mischia" in str(err.value)
    assert isinstance(err.value, InputError) and err.value.field == "encounter.schema"


@pytest.mark.parametrize("schema", [None, "1", 0, -3, True, 1.5])
def test_a_missing_or_odd_version_is_unreadable(schema):
    with pytest.raises(InputError) as err:
        migrate.upgrade("roster", {"schema": schema, "entries": []})
    assert err.value.field == "roster.schema" and not isinstance(err.value, migrate.NewerVersion)


def test_steps_run_in_order_on_a_copy(monkeypatch):
    """The framework: a kind at version 3 reads version 1 through two steps."""
    monkeypatch.setitem(migrate.CURRENT, "settings", 3)
    monkeypatch.setattr(migrate, "STEPS", {})

    @migrate.step("settings", 1)
    def one_to_two(doc):
        doc["theme"] = {"night": "dark"}.get(doc.pop("colours"), "system")
        doc["schema"] = 2
        return doc

    @migrate.step("settings", 2)
    def two_to_three(doc):
        doc["steps"] = doc.get("steps", []) + ["3"]
        doc["schema"] = 3
        return doc

    old = {"schema": 1, "colours": "night"}
    assert migrate.upgrade("settings", old) == {"schema": 3, "theme": "dark", "steps": ["3"]}
    assert old == {"schema": 1, "colours": "night"}
    assert migrate.upgrade("settings", {"schema": 2, "theme": "light"})["steps"] == ["3"]
    with pytest.raises(InputError, match="no upgrade from version 1"):
        migrate.STEPS.pop(("settings", 1))
        migrate.upgrade("settings", old)


def test_load_encounter_checks_against_the_ruleset():
    good = json.loads((FIXTURES / "encounter-v1.json").read_text())
    assert migrate.load_encounter(good).ruleset == "pf1"
    cases = [
        ({**good, "ruleset": "gurps"}, "ruleset"),
        ({**good, "options": {"no_such_option": 1}}, "options"),
        (_with_condition(good, {"uid": "k99", "id": "on_fire"}), "combatants[0].conditions[1].id"),
        (_with_condition(good, {"uid": "k99", "id": "shaken", "stage": 2}), "combatants[0].conditions[1].stage"),
        (_with_stats(good, {"bab": 10 ** 5}), "combatants[0].stats.bab"),
        (_with_stats(good, {"thac0": 12}), "combatants[0].stats.thac0"),
    ]
    for doc, field in cases:
        with pytest.raises(InputError) as err:
            migrate.load_encounter(doc)
        assert err.value.field == field, (field, err.value)


def _with_condition(doc, cond):
    doc = json.loads(json.dumps(doc))
    doc["combatants"][0]["conditions"].append(cond)
    return doc


def _with_stats(doc, stats):
    doc = json.loads(json.dumps(doc))
    doc["combatants"][0]["stats"] = stats
    return doc
