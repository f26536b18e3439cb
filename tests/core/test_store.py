"""mischia_ui.store on plain CPython with a fake localStorage (issue 7:
versions, corruption never costs data, atomic saves, several tabs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mischia import migrate
from mischia.encounter import Encounter
from mischia_ui import store

FIXTURES = Path(__file__).parent / "fixtures"


class QuotaExceededError(Exception):
    name = "QuotaExceededError"


class FakeStorage:
    """localStorage's getItem/setItem/removeItem/key/length; a missing key
    returns a stand-in for JavaScript null (jsnull in Pyodide, not None).
    ``quota`` (characters of keys and values) makes setItem throw like a
    full browser storage, changing nothing; ``refuse`` lists keys whose
    writes fail."""

    JSNULL = object()

    def __init__(self, items=None, quota=None):
        self.items = dict(items or {})
        self.quota = quota
        self.refuse = set()

    def getItem(self, key):  # noqa: N802 - the browser's name
        return self.items.get(key, self.JSNULL)

    def setItem(self, key, value):  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if key in self.refuse or (self.quota is not None and used + len(key) + len(value) > self.quota):
            raise QuotaExceededError("The quota has been exceeded.")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else self.JSNULL

    @property
    def length(self):
        return len(self.items)


def _enc(name="Ambush", *names):
    enc = Encounter.new("pf1", name)
    for n in names or ("Aldo",):
        enc = enc.add_combatant(n)
    return enc


def _kept(storage):
    return {k: v for k, v in storage.items.items() if k.startswith(store.UNREADABLE_PREFIX)}


# ----- basics ------------------------------------------------------------------

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
    assert not any(k.startswith(store.ENC_PREFIX) for k in storage.items)


def test_documents_carry_their_schema_version():
    storage = FakeStorage()
    s = store.Store(storage)
    s.create(_enc())
    s.save_roster([{"ruleset": "pf1", "name": "Aldo"}])
    s.save_settings({"theme": "dark"})
    for key in (store.INDEX, store.ROSTER, store.SETTINGS):
        kind = key.rsplit(".", 1)[-1]
        assert json.loads(storage.items[key])["schema"] == migrate.CURRENT[kind]
    enc_key = next(k for k in storage.items if k.startswith(store.ENC_PREFIX))
    assert json.loads(storage.items[enc_key])["schema"] == migrate.CURRENT["encounter"]


def test_the_version_1_fixtures_load_from_storage():
    items = {store.INDEX: (FIXTURES / "index-v1.json").read_text(),
             store.ROSTER: (FIXTURES / "roster-v1.json").read_text(),
             store.SETTINGS: (FIXTURES / "settings-v1.json").read_text(),
             store.ENC_PREFIX + "e1": json.dumps(json.loads((FIXTURES / "bundle-v1.json").read_text())
                                                 ["encounters"][0]),
             store.ENC_PREFIX + "e2": (FIXTURES / "encounter-v1.json").read_text()}
    s = store.Store(FakeStorage(items))
    assert s.problems == []
    assert [e["id"] for e in s.encounters()] == ["e2", "e1"] and s.current_id == "e2"
    assert s.load("e2").name == "Bandits on the road" and s.load("e1").name == "Bridge trolls"
    assert [r["name"] for r in s.roster()] == ["Sara's ranger", "Marco's rogue"]
    assert s.settings()["theme"] == "dark" and s.settings()["lang"] == "it"


# ----- the first screen's key ------------------------------------------------------

def test_first_screen_key_moves_into_the_index():
    storage = FakeStorage({store.LEGACY: (FIXTURES / "first-screen.json").read_text()})
    s = store.Store(storage)
    enc = s.load(s.current_id)
    assert [c.name for c in enc.combatants] == ["Aldo the Bold", "Goblin archer", "Bruna <b>", "Ombra 🗡 שלום"]
    assert store.LEGACY not in storage.items
    assert store.Store(storage).load(s.current_id) == enc


def test_unreadable_first_screen_key_is_kept_aside():
    storage = FakeStorage({store.LEGACY: '{"schema": 1, "combatants": "nope"}'})
    s = store.Store(storage)
    assert s.encounters() == [] and s.problems[0]["key"] == store.LEGACY
    assert list(_kept(storage).values()) == ['{"schema": 1, "combatants": "nope"}']
    assert [k["of"] for k in s.kept()] == [store.LEGACY]


def test_the_first_screens_own_backups_are_listed_for_download():
    storage = FakeStorage({store.OLD_UNREADABLE_PREFIX + "1700000000000": "{broken"})
    s = store.Store(storage)
    [kept] = s.kept()
    assert kept["of"] == store.LEGACY and kept["time"] == 1700000000000
    assert s.kept_text(kept["key"]) == "{broken"


# ----- corruption never costs data ---------------------------------------------------

GARBAGE = ["{not json", '{"schema": 1, "encounters": 7, "entries": 7, "theme": 7, "combatants": 7}',
           "[]", "null", '"text"', "[" * 5000, '{"schema": "one"}', "\udcff\x00"]


@pytest.mark.parametrize("garbage", GARBAGE, ids=range(len(GARBAGE)))
@pytest.mark.parametrize("key", [store.INDEX, store.ROSTER, store.SETTINGS, "enc"])
def test_garbage_in_any_key_is_kept_aside_and_reported(key, garbage):
    storage = FakeStorage()
    s = store.Store(storage)
    eid = s.create(_enc("Kept", "Aldo"))
    s.save_roster([{"ruleset": "pf1", "name": "Aldo"}])
    s.save_settings({"theme": "dark"})
    key = store.ENC_PREFIX + eid if key == "enc" else key
    storage.items[key] = garbage
    again = store.Store(storage)
    loaded = again.load(eid), again.roster(), again.settings()
    [problem] = again.problems
    assert problem["key"] == key and problem["kind"] == "unreadable"
    assert storage.items[problem["kept"]] == garbage and problem["kept"].startswith(store.UNREADABLE_PREFIX + key)
    assert again.kept()[0]["of"] == key and again.kept_text(again.kept()[0]["key"]) == garbage
    if key == store.INDEX:  # the encounter is found again without its index
        assert [e["name"] for e in again.encounters()] == ["Kept"]
        assert loaded[0].combatants[0].name == "Aldo"
        assert store.Store(storage).problems == []  # and the rebuilt index is good
    else:
        assert key not in storage.items
        assert loaded[0] is None if key.startswith(store.ENC_PREFIX) else loaded[0] is not None
    assert loaded[1] == ([] if key == store.ROSTER else [{"ruleset": "pf1", "name": "Aldo"}])
    assert loaded[2]["theme"] == ("system" if key == store.SETTINGS else "dark")


def test_unreadable_data_that_cannot_be_copied_stays_in_place_and_is_never_overwritten():
    storage = FakeStorage({store.SETTINGS: '{"schema": 1, "theme": "neon"}'}, quota=10)
    s = store.Store(storage)
    assert s.settings()["theme"] == "system"
    assert s.problems[0]["kept"] == store.SETTINGS
    storage.quota = None
    with pytest.raises(store.SaveError) as err:
        s.save_settings({"theme": "dark"})
    assert err.value.reason == "kept"
    assert storage.items[store.SETTINGS] == '{"schema": 1, "theme": "neon"}'
    assert s.kept()[0]["key"] == store.SETTINGS
    s.discard(store.SETTINGS)  # after downloading it
    s.save_settings({"theme": "dark"})
    assert store.Store(storage).settings()["theme"] == "dark"


def test_discard_only_deletes_kept_data():
    storage = FakeStorage({store.ROSTER: "{bad"})
    s = store.Store(storage)
    s.roster()
    [kept] = s.kept()
    s.discard(store.INDEX)
    s.discard(kept["key"])
    assert s.kept() == [] and s.problems == []


# ----- newer versions are left untouched ----------------------------------------------

def test_a_newer_encounter_is_reported_and_left_untouched():
    storage = FakeStorage()
    s = store.Store(storage)
    eid = s.create(_enc())
    newer = json.dumps({"schema": migrate.CURRENT["encounter"] + 1, "combatants": "new shape"})
    storage.items[store.ENC_PREFIX + eid] = newer
    again = store.Store(storage)
    assert again.load(eid) is None
    assert again.problems[0]["kind"] == "newer" and "newer version" in again.problems[0]["error"]
    with pytest.raises(store.SaveError) as err:
        again.save(eid, _enc())
    assert err.value.reason == "newer"
    assert storage.items[store.ENC_PREFIX + eid] == newer and _kept(storage) == {}
    assert [e["id"] for e in again.encounters()] == [eid]  # still listed


def test_a_newer_index_blocks_writing_but_keeps_everything():
    storage = FakeStorage()
    s = store.Store(storage)
    eid = s.create(_enc())
    newer = json.dumps({"schema": 99, "lists": []})
    storage.items[store.INDEX] = newer
    again = store.Store(storage)
    assert again.load(eid).name == "Ambush"
    with pytest.raises(store.SaveError) as err:
        again.create(_enc("Other"))
    assert err.value.reason == "newer"
    assert storage.items[store.INDEX] == newer
    assert sorted(k for k in storage.items if k.startswith(store.ENC_PREFIX)) == [store.ENC_PREFIX + eid]


# ----- atomic saves --------------------------------------------------------------------

def test_a_full_storage_keeps_the_previous_encounter():
    storage = FakeStorage()
    s = store.Store(storage)
    eid = s.create(_enc("Ambush", "Aldo"))
    before = dict(storage.items)
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items()) + 10
    bigger = _enc("Ambush", "Aldo", "Bruna", "Carlo")
    with pytest.raises(store.SaveError) as err:
        s.save(eid, bigger)
    assert err.value.reason == "full"
    assert storage.items == before
    assert "storage is full" in store.save_message(err.value)
    storage.quota = None
    s.save(eid, bigger)  # after making room the same store saves
    assert [c.name for c in store.Store(storage).load(eid).combatants] == ["Aldo", "Bruna", "Carlo"]


def test_an_index_that_cannot_be_written_puts_the_encounter_back():
    storage = FakeStorage()
    s = store.Store(storage)
    eid = s.create(_enc("Ambush", "Aldo"))
    before = dict(storage.items)
    storage.refuse = {store.INDEX}
    with pytest.raises(store.SaveError):
        s.save(eid, _enc("Renamed", "Aldo", "Bruna"))
    assert storage.items == before
    with pytest.raises(store.SaveError):
        s.create(_enc("New"))
    assert storage.items == before  # no half-created encounter either
    storage.refuse = set()
    s.save(eid, _enc("Renamed", "Aldo", "Bruna"))
    assert store.Store(storage).encounters()[0]["name"] == "Renamed"


def test_an_encounter_missing_from_the_index_is_found_again():
    """A save cut short between the encounter and the index loses nothing."""
    storage = FakeStorage()
    s = store.Store(storage)
    s.create(_enc("Listed"))
    storage.items[store.ENC_PREFIX + "e9"] = _enc("Orphan", "Zed").to_json()
    storage.items[store.INDEX] = json.dumps({"schema": 1, "current": "e1", "encounters": [
        {"id": "e1", "name": "Listed", "ruleset": "pf1", "updated": 5},
        {"id": "e5", "name": "Gone", "ruleset": "pf1", "updated": 6}]})
    again = store.Store(storage)
    assert sorted(e["name"] for e in again.encounters()) == ["Listed", "Orphan"]
    assert json.loads(storage.items[store.INDEX])["encounters"][-1]["id"] == "e9"


def test_import_is_all_or_nothing():
    storage = FakeStorage()
    s = store.Store(storage)
    s.create(_enc("Mine"))
    s.save_roster([{"ruleset": "pf1", "name": "Aldo"}])
    before = dict(storage.items)
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items()) + 800
    many = [_enc(f"Imported {i}", "A", "B") for i in range(5)]
    with pytest.raises(store.SaveError):
        s.add_many(many, [{"ruleset": "pf1", "name": "Bruna"}])
    assert storage.items == before
    storage.quota = None
    ids = s.add_many(many, [{"ruleset": "pf1", "name": "Bruna"}])
    again = store.Store(storage)
    assert len(ids) == 5 and len(again.encounters()) == 6
    assert [r["name"] for r in again.roster()] == ["Aldo", "Bruna"]


# ----- several tabs ------------------------------------------------------------------------

def test_a_stale_tab_does_not_overwrite_another_tabs_change():
    storage = FakeStorage()
    tab_a = store.Store(storage)
    eid = tab_a.create(_enc("Shared", "Aldo"))
    tab_b = store.Store(storage)
    tab_b.load(eid)
    tab_a.save(eid, _enc("Shared", "Aldo", "From A"))
    assert tab_b.changed_elsewhere(eid)
    with pytest.raises(store.SaveError) as err:
        tab_b.save(eid, _enc("Shared", "Aldo", "From B"))
    assert err.value.reason == "conflict" and "another tab" in store.save_message(err.value)
    assert [c.name for c in store.Store(storage).load(eid).combatants] == ["Aldo", "From A"]
    tab_b.load(eid)  # reloading takes the other tab's version; then B may write
    tab_b.save(eid, _enc("Shared", "Aldo", "From A", "From B"))
    assert len(store.Store(storage).load(eid).combatants) == 3


def test_encounters_created_in_two_tabs_are_both_listed():
    storage = FakeStorage()
    tab_a, tab_b = store.Store(storage), store.Store(storage)
    a = tab_a.create(_enc("From A"))
    b = tab_b.create(_enc("From B"))
    assert a != b
    tab_a.save(a, _enc("From A again"))
    assert sorted(e["name"] for e in store.Store(storage).encounters()) == ["From A again", "From B"]
    tab_b.refresh()
    assert sorted(e["name"] for e in tab_b.encounters()) == ["From A again", "From B"]


def test_settings_default_and_bad_settings_are_kept_aside():
    storage = FakeStorage({store.SETTINGS: json.dumps({"schema": 1, "theme": "neon"})})
    s = store.Store(storage)
    assert s.settings()["theme"] == "system" and s.problems
