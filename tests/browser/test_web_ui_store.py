"""mischia_ui.store on plain CPython, with a fake localStorage."""

from __future__ import annotations

from mischia.encounter import Encounter
from mischia_ui import store


class FakeStorage:
    """localStorage's getItem/setItem; a missing key returns a stand-in for
    JavaScript null, which reaches Python as jsnull, not None."""

    JSNULL = object()

    def __init__(self, items=None):
        self.items = dict(items or {})

    def getItem(self, key):  # noqa: N802 - the browser's name
        return self.items.get(key, self.JSNULL)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value


def test_missing_key_gives_a_new_encounter():
    enc, problem = store.load(FakeStorage())
    assert enc.combatants == () and problem is None


def test_save_then_load_round_trips():
    storage = FakeStorage()
    enc = Encounter.new().add_combatant("Aldo").add_combatant("Orc", "foes")
    store.save(storage, enc)
    loaded, problem = store.load(storage)
    assert problem is None
    assert [(c.name, c.side) for c in loaded.combatants] == [("Aldo", "party"), ("Orc", "foes")]


def test_unreadable_data_is_backed_up_not_lost():
    storage = FakeStorage({store.KEY: '{"schema": 999}'})
    enc, problem = store.load(storage)
    assert enc.combatants == ()
    assert "could not be read" in problem
    backups = {k: v for k, v in storage.items.items() if k.startswith(store.BACKUP_PREFIX)}
    assert list(backups.values()) == ['{"schema": 999}']
    assert storage.items[store.KEY] == '{"schema": 999}'  # untouched until the next save
