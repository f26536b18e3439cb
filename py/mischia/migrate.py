"""Reading stored and imported documents safely: schema versions, the steps
that upgrade old formats, and the checks an encounter must pass.

Every document Mischia stores or exports carries ``"schema": N``. ``CURRENT``
holds the version this code writes for each kind of document:

- ``encounter``: one ``Encounter`` (``mischia.encounter.SCHEMA_VERSION``)
- ``index``, ``roster``, ``settings``: the browser store's documents
  (``mischia_ui.store``)
- ``bundle``: an exported file (``mischia_ui.transfer``)

``upgrade(kind, doc)`` brings an older document up to ``CURRENT[kind]`` one
step at a time; a newer one raises ``NewerVersion`` (the caller leaves it
untouched), anything unreadable raises ``InputError``.

A schema bump is one function and one fixture::

    CURRENT["encounter"] = 2                 # and SCHEMA_VERSION in encounter.py

    @step("encounter", 1)
    def _encounter_1_to_2(doc):              # gets a copy; returns it at version 2
        ...
        return {**doc, "schema": 2}

plus ``tests/core/fixtures/encounter-v2.json`` (a document as version 2
writes it, so the next bump has its old format stored); the version-1
fixture is already there. ``tests/core/test_migrate.py`` upgrades every
fixture and fails if a step or a fixture is missing.

The format that predates versioned kinds is the first screen's single
encounter (``first_screen``): ``{"schema": 1, "ruleset", "combatants":
[{id, name, side}], "next_id", "round"}`` under ``mischia.encounter.current``.
"""

from __future__ import annotations

import copy
import re

from .encounter import SCHEMA_VERSION, Encounter
from .errors import InputError
from .ruleset import get_ruleset

CURRENT = {"encounter": SCHEMA_VERSION, "index": 1, "roster": 1, "settings": 1, "bundle": 1}

# (kind, from_version) → function(doc) returning the document at from_version + 1
STEPS: dict = {}


class NewerVersion(InputError):
    """A document written by a newer Mischia than this one: never rewritten."""

    def __init__(self, kind: str, version: int):
        self.kind = kind
        self.version = version
        super().__init__(f"{kind}.schema", f"was saved by a newer version of Mischia "
                                           f"(version {version}; this one reads up to "
                                           f"{CURRENT[kind]})")


def step(kind: str, from_version: int):
    """Register the function that upgrades ``kind`` from ``from_version``."""
    def register(function):
        STEPS[(kind, from_version)] = function
        return function
    return register


def version(kind: str, doc) -> int:
    """The schema version of ``doc`` (a whole number ≥ 1) or ``InputError``."""
    if kind not in CURRENT:
        raise InputError("kind", f"unknown document kind {kind!r}", tuple(CURRENT))
    if not isinstance(doc, dict):
        raise InputError(kind, "must be an object")
    value = doc.get("schema")
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InputError(f"{kind}.schema", "must be a version number")
    return value


def upgrade(kind: str, doc) -> dict:
    """``doc`` at the current version of ``kind``; the input is never changed."""
    have = version(kind, doc)
    if have > CURRENT[kind]:
        raise NewerVersion(kind, have)
    while have < CURRENT[kind]:
        function = STEPS.get((kind, have))
        if function is None:
            raise InputError(f"{kind}.schema", f"no upgrade from version {have}")
        doc = function(copy.deepcopy(doc))
        if version(kind, doc) != have + 1:
            raise AssertionError(f"the {kind} step from {have} must return version {have + 1}")
        have += 1
    return doc


# ----- the first screen's encounter ---------------------------------------------

FIRST_SCREEN_KEYS = ("schema", "ruleset", "combatants", "next_id", "round")


def first_screen(doc) -> dict:
    """The first screen's encounter as an encounter document (version 1).

    That screen saved ``{schema: 1, ruleset, combatants: [{id, name, side}],
    next_id, round}``: no name, options, order or log, a ``next_id`` and a
    ``round`` with no upper bound, ids of any length. Combatants keep their
    ids; ``next_id`` never reuses one of them."""
    if not isinstance(doc, dict):
        raise InputError("encounter", "must be an object")
    if doc.get("schema") != 1:
        raise InputError("encounter.schema", "is not the first screen's version 1", (1,))
    unknown = sorted(set(doc) - set(FIRST_SCREEN_KEYS))
    if unknown:
        raise InputError(f"encounter.{unknown[0]}", "unknown field", FIRST_SCREEN_KEYS)
    raw = doc.get("combatants", [])
    if not isinstance(raw, list):
        raise InputError("encounter.combatants", "must be a list")
    combatants, used = [], 0
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            raise InputError(f"combatants[{i}]", "must be an object")
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            raise InputError(f"combatants[{i}].id", "must be a non-empty string")
        if len(cid) > 40:
            cid = f"c{len(raw) + i + 1}"   # ids grew a length limit; nothing referred to them
        number = re.fullmatch(r"c(\d{1,9})", cid)
        if number:
            used = max(used, int(number.group(1)))
        combatants.append({"id": cid, "name": c.get("name"), "side": c.get("side", "party")})
    next_id = doc.get("next_id", len(combatants) + 1)
    if isinstance(next_id, bool) or not isinstance(next_id, int):
        raise InputError("encounter.next_id", "must be a whole number")
    rnd = doc.get("round", 0)
    if isinstance(rnd, bool) or not isinstance(rnd, int):
        raise InputError("encounter.round", "must be a whole number")
    return {"schema": 1, "ruleset": doc.get("ruleset", "classic"), "name": "",
            "combatants": combatants, "next_id": min(max(next_id, used + 1, 1), 10 ** 9),
            "round": min(max(rnd, 0), 100000)}


# ----- an encounter, checked against its ruleset ---------------------------------

def load_encounter(doc) -> Encounter:
    """Upgrade, read and check one encounter document.

    Beyond ``Encounter.from_dict`` (types, ranges, sizes): the ruleset is
    known, its options are valid, every combatant's stats are stats of that
    ruleset within range, and every condition is one of the ruleset's with
    a stage it has."""
    enc = Encounter.from_dict(upgrade("encounter", doc))
    ruleset = get_ruleset(enc.ruleset)
    try:
        ruleset.resolve_options(enc.options)
    except InputError as exc:
        raise InputError(exc.field if exc.field.startswith("options") else f"options.{exc.field}",
                         exc.message, exc.allowed) from None
    for i, c in enumerate(enc.combatants):
        where = f"combatants[{i}]"
        ruleset.check_stats(c.creature(), where)
        for j, inst in enumerate(c.conditions):
            field = f"{where}.conditions[{j}]"
            definition = ruleset.conditions.get(inst.id)
            if definition is None:
                raise InputError(f"{field}.id", f"unknown condition {inst.id!r} in {ruleset.id}",
                                 tuple(sorted(ruleset.conditions)))
            if definition.stages and inst.stage not in definition.stages:
                raise InputError(f"{field}.stage", f"{inst.id} has no stage {inst.stage!r}",
                                 tuple(definition.stages))
            if not definition.stages and inst.stage is not None:
                raise InputError(f"{field}.stage", f"{inst.id} has no stages")
    return enc
