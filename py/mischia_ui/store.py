"""Saving and loading the current encounter in the browser's localStorage.

Works on any object with ``getItem``/``setItem`` (the real ``localStorage``
in the page, a small fake in tests), so it has no import of ``js``.
Unreadable saved data is never thrown away: it is copied to a backup key
before a new encounter is started, and the caller gets a message to show.
"""

from __future__ import annotations

import time

from mischia.encounter import Encounter
from mischia.errors import InputError

KEY = "mischia.encounter.current"
BACKUP_PREFIX = "mischia.encounter.unreadable."


def load(storage) -> tuple[Encounter, str | None]:
    """Return the saved encounter (or a new one) and a problem message or None."""
    raw = storage.getItem(KEY)
    # A missing key is JavaScript null, which reaches Python as
    # pyodide.ffi.jsnull (not None): anything but text means "nothing saved".
    if not isinstance(raw, str):
        return Encounter.new(), None
    try:
        return Encounter.from_json(raw), None
    except InputError as exc:
        backup = f"{BACKUP_PREFIX}{int(time.time() * 1000)}"
        storage.setItem(backup, raw)
        return Encounter.new(), (
            f"The saved encounter could not be read ({exc}). "
            f"It was kept in this browser under “{backup}”; a new encounter was started."
        )


def save(storage, encounter: Encounter) -> None:
    """Store ``encounter`` as the current one (raises if storage refuses)."""
    storage.setItem(KEY, encounter.to_json())
