"""Moving encounters between devices without a server: export files, import,
share links. Pure Python (no ``js``): the page's side is ``mischia_ui.files``.

An export file is a *bundle*::

    {"format": "mischia", "schema": 1, "exported": "2026-…Z",
     "encounters": [encounter documents], "roster": [roster entries]}

Import accepts a bundle or a single encounter document, checks everything
before anything is stored (``read_bundle``: types, ranges, sizes, known
ruleset, options, stats and conditions through ``mischia.migrate``) and
raises ``InputError`` naming the first problem.

A share link carries one encounter in the URL fragment, which browsers never
send to a server: ``#share=`` + base64url(zlib(JSON)), without the log.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import time
import zlib
from dataclasses import dataclass

from mischia import migrate
from mischia.encounter import Combatant, Encounter
from mischia.errors import InputError
from mischia.ruleset import get_ruleset

FORMAT = "mischia"
BUNDLE_KEYS = ("format", "schema", "exported", "encounters", "roster")
MAX_FILE_CHARS = 5_000_000
MAX_ENCOUNTERS = 500
MAX_ROSTER = 1000
SHARE_KEY = "share="
MAX_LINK_CHARS = 300_000
MAX_INFLATED = 2_000_000
UNREADABLE = (ValueError, TypeError, RecursionError)


@dataclass(frozen=True)
class Imported:
    encounters: tuple = ()
    roster: tuple = ()


def bundle(encounters, roster=None, clock=time.time) -> dict:
    """The export document for some encounters (and the roster, when given)."""
    data = {"format": FORMAT, "schema": migrate.CURRENT["bundle"],
            "exported": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock())),
            "encounters": [e.to_dict() for e in encounters]}
    if roster is not None:
        data["roster"] = list(roster)
    return data


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


def file_name(stem: str, clock=time.time) -> str:
    """A safe download name: ``mischia-<stem>-<date>.json`` (letters, digits, dashes)."""
    stem = re.sub(r"[^\w]+", "-", stem or "", flags=re.UNICODE).strip("-_")[:40] or "export"
    return f"mischia-{stem}-{time.strftime('%Y-%m-%d', time.gmtime(clock()))}.json"


def _prefixed(exc: InputError, prefix: str) -> InputError:
    return InputError(f"{prefix}.{exc.field}" if exc.field else prefix, exc.message, exc.allowed)


def read_bundle(text) -> Imported:
    """Everything in an export file, checked; ``InputError`` on the first problem."""
    if not isinstance(text, str):
        raise InputError("file", "must be text")
    if len(text) > MAX_FILE_CHARS:
        raise InputError("file", f"is too large (more than {MAX_FILE_CHARS // 1_000_000} MB)")
    try:
        data = loads(text)
    except UNREADABLE:
        raise InputError("file", "is not a JSON file") from None
    return read_data(data)


def _not_json(constant):
    raise ValueError(f"{constant} is not JSON")


def loads(text):
    """Strict JSON: Python's ``json`` would also read NaN and Infinity."""
    return json.loads(text, parse_constant=_not_json)


def read_data(data) -> Imported:
    """Like ``read_bundle`` for data already parsed."""
    if isinstance(data, dict) and "format" not in data and "combatants" in data:
        return Imported(encounters=(_encounter(data, "encounter"),))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError("file", "is not a Mischia export")
    data = migrate.upgrade("bundle", data)
    unknown = sorted(set(data) - set(BUNDLE_KEYS))
    if unknown:
        raise InputError("file", f"unknown field {unknown[0]!r}", BUNDLE_KEYS)
    encounters = data.get("encounters", [])
    if not isinstance(encounters, list):
        raise InputError("encounters", "must be a list")
    if len(encounters) > MAX_ENCOUNTERS:
        raise InputError("encounters", f"more than {MAX_ENCOUNTERS} encounters")
    roster = data.get("roster", [])
    if not isinstance(roster, list):
        raise InputError("roster", "must be a list")
    if len(roster) > MAX_ROSTER:
        raise InputError("roster", f"more than {MAX_ROSTER} entries")
    return Imported(
        encounters=tuple(_encounter(e, f"encounters[{i}]") for i, e in enumerate(encounters)),
        roster=tuple(roster_entry(r, f"roster[{i}]") for i, r in enumerate(roster)))


def _encounter(doc, where) -> Encounter:
    try:
        return migrate.load_encounter(doc)
    except InputError as exc:
        raise _prefixed(exc, where) from None


def roster_entry(entry, where="entry") -> dict:
    """A roster entry checked like a combatant of its ruleset."""
    if not isinstance(entry, dict):
        raise InputError(where, "must be an object")
    ruleset = get_ruleset_at(entry.get("ruleset"), f"{where}.ruleset")
    combatant = Combatant.from_dict({**entry, "id": "r"}, where)
    ruleset.check_stats(combatant.creature(), where)
    return dict(entry)


def get_ruleset_at(ruleset_id, where):
    try:
        return get_ruleset(ruleset_id)
    except InputError as exc:
        raise InputError(where, exc.message, exc.allowed) from None


# ----- share links ---------------------------------------------------------------

def share_fragment(enc: Encounter) -> str:
    """``share=…``: the encounter (without its log) for a URL's fragment."""
    doc = enc.with_(log=()).to_dict()
    packed = zlib.compress(json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode(), 9)
    return SHARE_KEY + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def is_share(fragment) -> bool:
    return isinstance(fragment, str) and fragment.lstrip("#").startswith(SHARE_KEY)


def read_share(fragment) -> Encounter:
    """The encounter in a share fragment (with or without ``#``), checked."""
    if not is_share(fragment):
        raise InputError("link", "is not a Mischia share link")
    data = fragment.lstrip("#")[len(SHARE_KEY):]
    if len(data) > MAX_LINK_CHARS:
        raise InputError("link", "is too long")
    if not re.fullmatch(r"[A-Za-z0-9_-]*", data):
        raise InputError("link", "is damaged (unexpected characters)")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_INFLATED)
        if inflater.unconsumed_tail:
            raise InputError("link", "holds too much data")
        doc = loads(raw.decode("utf-8"))
    except InputError:
        raise
    except (binascii.Error, zlib.error, *UNREADABLE):
        raise InputError("link", "is damaged or incomplete") from None
    return _encounter(doc, "link")
