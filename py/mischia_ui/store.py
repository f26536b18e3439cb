"""Saved data in the browser's localStorage: encounters, roster, settings.

Works on any object with localStorage's ``getItem``/``setItem``/``removeItem``
and ``length``/``key(i)`` (the real ``localStorage`` in the page, a small fake
in tests), so it has no import of ``js``. Keys (another script reads the first
two before Python starts, to show the saved table at once):

- ``mischia.index``: ``{"schema", "current", "encounters": [{id, name, ruleset, updated}]}``
- ``mischia.enc.<id>``: one ``Encounter`` (its own schema version inside)
- ``mischia.roster``: ``{"schema", "entries": [combatant dicts with a ruleset]}``
- ``mischia.settings``: ``{"schema", "lang", "theme", "wakelock"}``
- ``mischia.unreadable.<key>.<ms>``: the raw text of a value that could not
  be read (``mischia.encounter.unreadable.<ms>`` from the first screen)

Every document carries a schema version; older ones are upgraded by
``mischia.migrate`` as they are read. Nothing is ever lost:

- unreadable data is copied aside (``mischia.unreadable.…``) and reported
  in ``problems``; if even the copy cannot be written, the key stays where
  it is and is never written over;
- a document from a newer Mischia is reported and left untouched (this
  store refuses to write that key);
- saves are ordered so that a failure leaves the previous good state: an
  encounter is one key (localStorage writes a key whole or not at all), the
  index is written after it and, if that fails, the encounter is put back;
  a new encounter is listed in the index only once it is stored, and an
  encounter missing from the index is found again at the next start;
- an encounter changed by another tab since this store read it is not
  written over (``SaveError`` with reason ``conflict``).

The first screen's single key (``mischia.encounter.current``) is moved into
the index on first load.
"""

from __future__ import annotations

import json
import time

from mischia import migrate
from mischia.encounter import Encounter
from mischia.errors import InputError

from .i18n import _

INDEX = "mischia.index"
ENC_PREFIX = "mischia.enc."
ROSTER = "mischia.roster"
SETTINGS = "mischia.settings"
LEGACY = "mischia.encounter.current"
UNREADABLE_PREFIX = "mischia.unreadable."
OLD_UNREADABLE_PREFIX = "mischia.encounter.unreadable."
SCHEMA = migrate.CURRENT["index"]
DEFAULT_SETTINGS = {"schema": migrate.CURRENT["settings"], "lang": "", "theme": "system", "wakelock": True}
UNREADABLE = (ValueError, TypeError, KeyError, AttributeError, RecursionError)


class SaveError(Exception):
    """Storage refused a write; what was stored before is still there.
    ``reason``: ``full`` (quota), ``conflict`` (another tab changed it),
    ``newer`` (a newer Mischia's data, left untouched), ``kept`` (unreadable
    text that could not be copied aside), ``other``."""

    def __init__(self, reason: str, detail: str = ""):
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}" if detail else reason)


def save_message(exc) -> str:
    """Plain words for a failed save."""
    reason = getattr(exc, "reason", "other")
    if reason == "full":
        return _("Could not save: this browser's storage is full. Your last change was not kept; "
                 "everything saved before is safe. Export old encounters and delete them to make room.")
    if reason == "conflict":
        return _("This encounter was changed in another tab. This tab now shows the latest version: "
                 "please make your change again.")
    if reason == "newer":
        return _("This data was saved by a newer version of Mischia and is left untouched. "
                 "Reload the page to update the app.")
    if reason == "kept":
        return _("Damaged saved data is in the way and could not be copied aside. "
                 "Download it from Settings → Your data, then delete it.")
    return _("Could not save in this browser: {error}").format(error=getattr(exc, "detail", "") or exc)


def _text(raw):
    """localStorage.getItem of a missing key is JavaScript null, which reaches
    Python as pyodide.ffi.jsnull (not None): anything but text is "nothing"."""
    return raw if isinstance(raw, str) else None


def _reason(exc) -> str:
    words = f"{getattr(exc, 'name', '')} {type(exc).__name__} {exc}".lower()
    return "full" if "quota" in words or "full" in words else "other"


class Store:
    def __init__(self, storage, clock=time.time):
        self.storage = storage
        self.clock = clock
        self.problems: list = []
        self._blocked: set = set()   # keys this store must not write (newer or unreadable in place)
        self._seen: dict = {}        # encounter key → the text this store last read or wrote
        self._index = self._load_index()

    # ----- low level -------------------------------------------------------
    def keys(self) -> list:
        """Every key in the storage."""
        count = int(self.storage.length)
        return [k for k in (_text(self.storage.key(i)) for i in range(count)) if k is not None]

    def _read(self, key, kind, validate, raw=None):
        """The document under ``key`` upgraded and validated, or None (missing,
        unreadable: kept aside, newer: left alone; both reported)."""
        raw = _text(self.storage.getItem(key)) if raw is None else raw
        if raw is None:
            return None
        try:
            return validate(migrate.upgrade(kind, json.loads(raw)))
        except migrate.NewerVersion as exc:
            self._blocked.add(key)
            self._report({"key": key, "kept": key, "kind": "newer", "error": str(exc)})
        except UNREADABLE as exc:  # InputError is a ValueError
            self._keep_aside(key, raw, exc)
        return None

    def _keep_aside(self, key, raw, exc, remove=True) -> None:
        kept = f"{UNREADABLE_PREFIX}{key}.{int(self.clock() * 1000)}"
        try:
            self.storage.setItem(kept, raw)
        except Exception:  # noqa: BLE001 - storage full: leave it in place, never overwrite it
            kept = key
            self._blocked.add(key)
        else:
            if remove:
                self.storage.removeItem(key)
        self._report({"key": key, "kept": kept, "kind": "unreadable", "error": str(exc)})

    def _report(self, problem) -> None:
        if not any(p["key"] == problem["key"] and p["kind"] == problem["kind"] for p in self.problems):
            self.problems.append(problem)

    def _set(self, key, value) -> str:
        self._check_writable(key)
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        try:
            self.storage.setItem(key, text)
        except Exception as exc:  # noqa: BLE001 - QuotaExceededError or any browser refusal
            raise SaveError(_reason(exc), str(exc)) from None
        return text

    # ----- index ------------------------------------------------------------
    def _load_index(self) -> dict:
        index = self._read(INDEX, "index", _check_index) or _empty_index()
        changed = self._adopt(index)
        raw = _text(self.storage.getItem(LEGACY))
        if raw is not None and not index["encounters"]:
            try:
                enc = migrate.load_encounter(migrate.first_screen(json.loads(raw)))
            except UNREADABLE as exc:
                self._keep_aside(LEGACY, raw, exc)
            else:
                eid = self._new_id(index)
                try:
                    self._seen[ENC_PREFIX + eid] = self._set(ENC_PREFIX + eid, enc.to_json())
                except SaveError:
                    return index  # storage full: the first screen's key stays; moved next time
                index["encounters"].append(self._entry(eid, enc))
                index["current"] = eid
                changed = True
                self.storage.removeItem(LEGACY)
        if changed and INDEX not in self._blocked:
            try:
                self._set(INDEX, index)
            except SaveError:
                pass  # the index is rebuilt the same way next time
        return index

    def _adopt(self, index) -> bool:
        """Add encounters stored but missing from the index (a lost or damaged
        index, a save cut short); drop entries whose encounter is gone."""
        stored = {k[len(ENC_PREFIX):] for k in self.keys() if k.startswith(ENC_PREFIX)}
        listed = {e["id"] for e in index["encounters"]}
        changed = False
        for eid in sorted(stored - listed):
            enc = self.load(eid)
            if enc is not None:
                index["encounters"].append(self._entry(eid, enc))
                changed = True
        kept = [e for e in index["encounters"] if e["id"] in stored]
        if len(kept) != len(index["encounters"]):
            index["encounters"] = kept
            changed = True
        return changed

    def refresh(self) -> None:
        """Read the index again (another tab changed it)."""
        self._index = self._read(INDEX, "index", _check_index) or _empty_index()

    def _stored_index(self) -> dict:
        """The index as stored now (another tab may have changed it), or ours."""
        raw = _text(self.storage.getItem(INDEX))
        try:
            return _check_index(migrate.upgrade("index", json.loads(raw))) if raw else _empty_index()
        except UNREADABLE:
            return json.loads(json.dumps(self._index))

    def _write_index(self, change) -> None:
        index = self._stored_index()
        change(index)
        self._set(INDEX, index)
        self._index = index

    def _new_id(self, index) -> str:
        taken = {e["id"] for e in index["encounters"]}
        taken |= {k[len(ENC_PREFIX):] for k in self.keys() if k.startswith(ENC_PREFIX)}
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
        if self._index.get("current") == eid:
            return
        try:
            self._write_index(lambda index: index.update(current=eid))
        except SaveError:
            self._index["current"] = eid  # remembered in this tab only

    # ----- encounters -------------------------------------------------------
    def create(self, enc: Encounter) -> str:
        """Store a new encounter, then list it; raises SaveError (nothing changed)."""
        self._check_writable(INDEX)
        eid = self._new_id(self._stored_index())
        key = ENC_PREFIX + eid
        text = self._set(key, enc.to_json())
        try:
            self._write_index(lambda index: (index["encounters"].append(self._entry(eid, enc)),
                                             index.update(current=eid)))
        except SaveError:
            self.storage.removeItem(key)
            raise
        self._seen[key] = text
        return eid

    def load(self, eid: str):
        """The encounter, or None when it is missing, unreadable (kept aside)
        or from a newer Mischia (left alone)."""
        key = ENC_PREFIX + eid
        raw = _text(self.storage.getItem(key))
        enc = self._read(key, "encounter", migrate.load_encounter, raw)
        if enc is not None:
            self._seen[key] = raw
        return enc

    def changed_elsewhere(self, eid: str) -> bool:
        """True when the stored encounter is not what this store last read or wrote."""
        key = ENC_PREFIX + eid
        return key in self._seen and _text(self.storage.getItem(key)) != self._seen[key]

    def save(self, eid: str, enc: Encounter) -> None:
        """Write the encounter, then its index entry. Raises SaveError and
        leaves the stored encounter as it was when anything fails."""
        key = ENC_PREFIX + eid
        self._check_writable(key)
        self._check_writable(INDEX)
        before = _text(self.storage.getItem(key))
        if key in self._seen and before != self._seen[key]:
            raise SaveError("conflict", key)
        text = self._set(key, enc.to_json())
        try:
            self._write_index(lambda index: index.update(encounters=[
                e for e in index["encounters"] if e["id"] != eid] + [self._entry(eid, enc)]))
        except SaveError:
            try:
                if before is None:
                    self.storage.removeItem(key)
                else:
                    self.storage.setItem(key, before)
            except Exception:  # noqa: BLE001 - the new encounter stays: complete and valid
                self._seen[key] = text
                return
            raise
        self._seen[key] = text

    def delete(self, eid: str) -> None:
        """Unlist the encounter, then remove it."""
        key = ENC_PREFIX + eid
        self._check_writable(key)
        self._write_index(lambda index: index.update(
            encounters=[e for e in index["encounters"] if e["id"] != eid],
            current="" if index["current"] == eid else index["current"]))
        self.storage.removeItem(key)
        self._seen.pop(key, None)

    def add_many(self, encounters: list, roster_entries: list = ()) -> list:
        """Store several encounters (and roster entries) as new ones, all or
        nothing; returns their ids."""
        self._check_writable(INDEX)
        written, ids = [], []
        old_roster = _text(self.storage.getItem(ROSTER))
        index = self._stored_index()
        try:
            for enc in encounters:
                eid = self._new_id(index)
                text = self._set(ENC_PREFIX + eid, enc.to_json())
                written.append((ENC_PREFIX + eid, text))
                index["encounters"].append(self._entry(eid, enc))
                ids.append(eid)
            if roster_entries:
                self.save_roster(self.roster() + list(roster_entries))
            self._set(INDEX, index)
        except SaveError:
            for key, _text_written in written:
                self.storage.removeItem(key)
            if roster_entries:
                if old_roster is None:
                    self.storage.removeItem(ROSTER)
                else:
                    self.storage.setItem(ROSTER, old_roster)
            raise
        self._index = index
        self._seen.update(written)
        return ids

    def _check_writable(self, key) -> None:
        if key in self._blocked:
            newer = any(p["key"] == key and p["kind"] == "newer" for p in self.problems)
            raise SaveError("newer" if newer else "kept", key)

    # ----- roster and settings -------------------------------------------------
    def roster(self) -> list:
        data = self._read(ROSTER, "roster", _check_roster)
        return data["entries"] if data else []

    def save_roster(self, entries: list) -> None:
        self._set(ROSTER, {"schema": migrate.CURRENT["roster"], "entries": list(entries)})

    def settings(self) -> dict:
        data = self._read(SETTINGS, "settings", _check_settings)
        return {**DEFAULT_SETTINGS, **(data or {})}

    def save_settings(self, settings: dict) -> None:
        self._set(SETTINGS, {**DEFAULT_SETTINGS, **settings, "schema": migrate.CURRENT["settings"]})

    # ----- data kept aside ---------------------------------------------------------
    def kept(self) -> list:
        """Unreadable data kept aside: [{key, of, time (ms), size}], newest first."""
        found = []
        for key in self.keys():
            for prefix in (UNREADABLE_PREFIX, OLD_UNREADABLE_PREFIX):
                if key.startswith(prefix):
                    rest = key[len(prefix):]
                    of, _dot, ms = rest.rpartition(".")
                    raw = _text(self.storage.getItem(key)) or ""
                    found.append({"key": key, "of": of if prefix == UNREADABLE_PREFIX else LEGACY,
                                  "time": int(ms) if ms.isdigit() else 0, "size": len(raw)})
                    break
        for p in self.problems:  # unreadable but could not be copied: still in place
            if p["kind"] == "unreadable" and p["kept"] == p["key"]:
                raw = _text(self.storage.getItem(p["key"])) or ""
                found.append({"key": p["key"], "of": p["key"], "time": 0, "size": len(raw)})
        return sorted(found, key=lambda k: -k["time"])

    def kept_text(self, key: str) -> str:
        return _text(self.storage.getItem(key)) or ""

    def discard(self, key: str) -> None:
        """Delete data kept aside (after the person downloaded it)."""
        if key.startswith((UNREADABLE_PREFIX, OLD_UNREADABLE_PREFIX)) or key in self._blocked:
            self.storage.removeItem(key)
            self._blocked.discard(key)
            self.problems = [p for p in self.problems if p["kept"] != key]


def _empty_index() -> dict:
    return {"schema": SCHEMA, "current": "", "encounters": []}


def _check_index(data):
    if not isinstance(data, dict):
        raise InputError("index", "must be an object")
    entries = data.get("encounters")
    if not isinstance(entries, list) or not all(
            isinstance(e, dict) and isinstance(e.get("id"), str)
            and isinstance(e.get("name", ""), str) and isinstance(e.get("ruleset", ""), str)
            and isinstance(e.get("updated", 0), int) and not isinstance(e.get("updated", 0), bool)
            for e in entries):
        raise InputError("index.encounters", "must be a list of {id, name, ruleset, updated}")
    if not isinstance(data.get("current", ""), str):
        raise InputError("index.current", "must be an encounter id")
    data.setdefault("current", "")
    for e in entries:
        e.setdefault("name", "")
        e.setdefault("ruleset", "")
        e.setdefault("updated", 0)
    return data


def _check_roster(data):
    if not isinstance(data, dict):
        raise InputError("roster", "must be an object")
    if not isinstance(data.get("entries"), list) or not all(isinstance(e, dict) for e in data["entries"]):
        raise InputError("roster.entries", "must be a list of objects")
    return data


def _check_settings(data):
    if not isinstance(data, dict):
        raise InputError("settings", "must be an object")
    if data.get("theme", "system") not in ("system", "light", "dark"):
        raise InputError("settings.theme", "unknown theme", ("system", "light", "dark"))
    if not isinstance(data.get("lang", ""), str):
        raise InputError("settings.lang", "must be a language code")
    return data
