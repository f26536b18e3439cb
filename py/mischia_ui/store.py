"""Saved data in the browser's localStorage: encounters, roster, settings.

Works on any object with ``getItem``/``setItem``/``removeItem`` (the real
``localStorage`` in the page, a small fake in tests), so it has no import of
``js``. Keys:

- ``mischia.index``: ``{"schema", "current", "encounters": [{id, name, ruleset, updated}]}``
- ``mischia.enc.<id>``: one ``Encounter`` (its own schema version inside)
- ``mischia.roster``: ``{"schema", "entries": [combatant dicts with a ruleset]}``
- ``mischia.settings``: ``{"schema", "lang", "theme", "wakelock"}``

Unreadable saved data is never thrown away: the raw text is copied to a
``mischia.unreadable.<key>.<time>`` key and a message is collected in
``problems`` for the page to show. The first screen's single key
(``mischia.encounter.current``) is moved into the index on first load.
"""

from __future__ import annotations

import json
import time

from mischia.encounter import Encounter
from mischia.errors import InputError

INDEX = "mischia.index"
ENC_PREFIX = "mischia.enc."
ROSTER = "mischia.roster"
SETTINGS = "mischia.settings"
LEGACY = "mischia.encounter.current"
UNREADABLE_PREFIX = "mischia.unreadable."
SCHEMA = 1
DEFAULT_SETTINGS = {"schema": SCHEMA, "lang": "", "theme": "system", "wakelock": True}


def _text(raw):
    """localStorage.getItem of a missing key is JavaScript null, which reaches
    Python as pyodide.ffi.jsnull (not None): anything but text is "nothing"."""
    return raw if isinstance(raw, str) else None


class Store:
    def __init__(self, storage, clock=time.time):
        self.storage = storage
        self.clock = clock
        self.problems: list = []
        self._index = self._load_index()

    # ----- low level -------------------------------------------------------
    def _get_json(self, key, validate):
        raw = _text(self.storage.getItem(key))
        if raw is None:
            return None
        try:
            return validate(json.loads(raw))
        except (ValueError, InputError, TypeError, KeyError) as exc:
            kept = f"{UNREADABLE_PREFIX}{key}.{int(self.clock() * 1000)}"
            self.storage.setItem(kept, raw)
            self.storage.removeItem(key)
            self.problems.append({"key": key, "kept": kept, "error": str(exc)})
            return None

    def _set(self, key, value) -> None:
        self.storage.setItem(key, value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))

    # ----- index ------------------------------------------------------------
    def _load_index(self) -> dict:
        index = self._get_json(INDEX, _check_index) or {"schema": SCHEMA, "current": "", "encounters": []}
        legacy = _text(self.storage.getItem(LEGACY))
        if legacy is not None and not index["encounters"]:
            try:
                enc = Encounter.from_json(legacy)
            except InputError as exc:
                kept = f"{UNREADABLE_PREFIX}{LEGACY}.{int(self.clock() * 1000)}"
                self.storage.setItem(kept, legacy)
                self.problems.append({"key": LEGACY, "kept": kept, "error": str(exc)})
            else:
                eid = self._new_id(index)
                self._set(ENC_PREFIX + eid, enc.to_json())
                index["encounters"].append(self._entry(eid, enc))
                index["current"] = eid
                self._set(INDEX, index)
            self.storage.removeItem(LEGACY)
        return index

    def _new_id(self, index) -> str:
        taken = {e["id"] for e in index["encounters"]}
        n = len(taken) + 1
        while f"e{n}" in taken:
            n += 1
        return f"e{n}"

    def _entry(self, eid, enc) -> dict:
        return {"id": eid, "name": enc.name, "ruleset": enc.ruleset, "updated": int(self.clock())}

    def encounters(self) -> list:
        """Index entries, most recently updated first."""
        return sorted(self._index["encounters"], key=lambda e: -e["updated"])

    @property
    def current_id(self) -> str:
        ids = [e["id"] for e in self._index["encounters"]]
        return self._index["current"] if self._index["current"] in ids else ""

    def set_current(self, eid: str) -> None:
        self._index["current"] = eid
        self._set(INDEX, self._index)

    # ----- encounters -------------------------------------------------------
    def create(self, enc: Encounter) -> str:
        eid = self._new_id(self._index)
        self._set(ENC_PREFIX + eid, enc.to_json())
        self._index["encounters"].append(self._entry(eid, enc))
        self._index["current"] = eid
        self._set(INDEX, self._index)
        return eid

    def load(self, eid: str):
        """The encounter, or None when it is missing or unreadable (kept aside)."""
        return self._get_json(ENC_PREFIX + eid, Encounter.from_dict)

    def save(self, eid: str, enc: Encounter) -> None:
        """Write the encounter, then its index entry (raises if storage refuses)."""
        self._set(ENC_PREFIX + eid, enc.to_json())
        entries = [e for e in self._index["encounters"] if e["id"] != eid]
        self._index["encounters"] = entries + [self._entry(eid, enc)]
        self._set(INDEX, self._index)

    def delete(self, eid: str) -> None:
        self.storage.removeItem(ENC_PREFIX + eid)
        self._index["encounters"] = [e for e in self._index["encounters"] if e["id"] != eid]
        if self._index["current"] == eid:
            self._index["current"] = ""
        self._set(INDEX, self._index)

    # ----- roster and settings -------------------------------------------------
    def roster(self) -> list:
        data = self._get_json(ROSTER, _check_roster)
        return data["entries"] if data else []

    def save_roster(self, entries: list) -> None:
        self._set(ROSTER, {"schema": SCHEMA, "entries": list(entries)})

    def settings(self) -> dict:
        data = self._get_json(SETTINGS, _check_settings)
        return {**DEFAULT_SETTINGS, **(data or {})}

    def save_settings(self, settings: dict) -> None:
        self._set(SETTINGS, {**DEFAULT_SETTINGS, **settings, "schema": SCHEMA})


def _schema(data, what):
    if not isinstance(data, dict):
        raise InputError(what, "must be an object")
    if data.get("schema") != SCHEMA:
        raise InputError(f"{what}.schema", f"unsupported version {data.get('schema')!r}", (SCHEMA,))
    return data


def _check_index(data):
    data = _schema(data, "index")
    entries = data.get("encounters")
    if not isinstance(entries, list) or not all(
            isinstance(e, dict) and isinstance(e.get("id"), str) and isinstance(e.get("updated", 0), int)
            for e in entries):
        raise InputError("index.encounters", "must be a list of {id, name, ruleset, updated}")
    data.setdefault("current", "")
    for e in entries:
        e.setdefault("name", "")
        e.setdefault("ruleset", "")
        e.setdefault("updated", 0)
    return data


def _check_roster(data):
    data = _schema(data, "roster")
    if not isinstance(data.get("entries"), list) or not all(isinstance(e, dict) for e in data["entries"]):
        raise InputError("roster.entries", "must be a list of objects")
    return data


def _check_settings(data):
    data = _schema(data, "settings")
    if data.get("theme", "system") not in ("system", "light", "dark"):
        raise InputError("settings.theme", "unknown theme", ("system", "light", "dark"))
    return data
