"""mischia_ui.store on plain CPython, with a fake localStorage."""

from __future__ import annotations

import json

from mischia.encounter import Encounter
from mischia_ui import store


class FakeStorage:
    """localStorage's getItem/setItem/removeItem; a missing key returns a
    stand-in for JavaScript null, which reaches Python as jsnull, not None."""

    JSNULL = object()

    def __init__(self, items=None):
        self.items = dict(items or {})

    def getItem(self, key):  # noqa: N802 - the browser's name
        return self.items.get(key, self.JSNULL)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def test_nothing_saved_gives_no_encounters():
    s = store.Store(FakeStorage())
    assert s.encounters() == [] and s.current_id == "" and s.problems == []


def test_save_then_load_round_trips_and_lists():
    storage = FakeStorage()
    s = store.Store(storage, clock=lambda: 100)
    enc = Encounter.new("pf1", "Ambush").add_combatant("Aldo").add_combatant("Orc", "foes")
    eid = s.create(enc)
    again = store.Store(storage)
    assert again.current_id == eid
    assert [(c.name, c.side) for c in again.load(eid).combatants] == [("Aldo", "party"), ("Orc", "foes")]
    assert again.encounters()[0]["name"] == "Ambush" and again.encounters()[0]["ruleset"] == "pf1"
    again.delete(eid)
    assert store.Store(storage).encounters() == []


def test_unreadable_encounter_is_kept_aside_not_lost():
    storage = FakeStorage()
    s = store.Store(storage)
    eid = s.create(Encounter.new())
    storage.items[store.ENC_PREFIX + eid] = '{"schema": 999}'
    assert s.load(eid) is None
    kept = [k for k in storage.items if k.startswith(store.UNREADABLE_PREFIX)]
    assert [storage.items[k] for k in kept] == ['{"schema": 999}']
    assert s.problems[0]["key"] == store.ENC_PREFIX + eid


def test_first_screen_key_moves_into_the_index():
    legacy = Encounter.new().add_combatant("Aldo").to_json()
    storage = FakeStorage({store.LEGACY: legacy})
    s = store.Store(storage)
    assert [c.name for c in s.load(s.current_id).combatants] == ["Aldo"]
    assert store.LEGACY not in storage.items


def test_settings_default_and_bad_settings_are_kept_aside():
    storage = FakeStorage({store.SETTINGS: json.dumps({"schema": 1, "theme": "neon"})})
    s = store.Store(storage)
    assert s.settings()["theme"] == "system" and s.problems
