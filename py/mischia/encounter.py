"""The encounter state tree: combatants and whose turn it is.

Values are frozen dataclasses; every change returns a new ``Encounter`` so
undo is a matter of keeping the old value. ``to_dict``/``from_dict`` carry a
schema version and validate everything they read, raising ``InputError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from .errors import InputError

SCHEMA_VERSION = 1
SIDES = ("party", "foes", "other")
MAX_NAME = 200


def _clean_name(name) -> str:
    if not isinstance(name, str):
        raise InputError("name", "must be text")
    name = name.strip()
    if not name:
        raise InputError("name", "must not be empty")
    if len(name) > MAX_NAME:
        raise InputError("name", f"is longer than {MAX_NAME} characters")
    return name


@dataclass(frozen=True)
class Combatant:
    """One creature in the fight."""

    id: str
    name: str
    side: str = "party"

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "side": self.side}

    @classmethod
    def from_dict(cls, data) -> "Combatant":
        if not isinstance(data, dict):
            raise InputError("combatant", "must be an object")
        cid = data.get("id")
        if not isinstance(cid, str) or not cid:
            raise InputError("combatant.id", "must be a non-empty string")
        side = data.get("side", "party")
        if side not in SIDES:
            raise InputError("combatant.side", f"unknown side {side!r}", SIDES)
        return cls(id=cid, name=_clean_name(data.get("name")), side=side)


@dataclass(frozen=True)
class Encounter:
    """A whole fight: ruleset, combatants, round and turn."""

    ruleset: str = "classic"
    combatants: tuple = ()
    next_id: int = 1
    round: int = 0

    @classmethod
    def new(cls, ruleset: str = "classic") -> "Encounter":
        return cls(ruleset=ruleset)

    def add_combatant(self, name: str, side: str = "party") -> "Encounter":
        if side not in SIDES:
            raise InputError("side", f"unknown side {side!r}", SIDES)
        combatant = Combatant(id=f"c{self.next_id}", name=_clean_name(name), side=side)
        return replace(self, combatants=self.combatants + (combatant,),
                       next_id=self.next_id + 1)

    def to_dict(self) -> dict:
        return {"schema": SCHEMA_VERSION, "ruleset": self.ruleset,
                "combatants": [c.to_dict() for c in self.combatants],
                "next_id": self.next_id, "round": self.round}

    @classmethod
    def from_dict(cls, data) -> "Encounter":
        if not isinstance(data, dict):
            raise InputError("encounter", "must be an object")
        schema = data.get("schema")
        if schema != SCHEMA_VERSION:
            raise InputError("schema", f"unsupported version {schema!r}", (SCHEMA_VERSION,))
        ruleset = data.get("ruleset", "classic")
        if not isinstance(ruleset, str):
            raise InputError("ruleset", "must be text")
        raw = data.get("combatants", [])
        if not isinstance(raw, list):
            raise InputError("combatants", "must be a list")
        combatants = tuple(Combatant.from_dict(c) for c in raw)
        next_id = data.get("next_id", len(combatants) + 1)
        rnd = data.get("round", 0)
        for key, value in (("next_id", next_id), ("round", rnd)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InputError(key, "must be a whole number ≥ 0")
        return cls(ruleset=ruleset, combatants=combatants, next_id=next_id, round=rnd)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Encounter":
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise InputError("encounter", f"is not valid JSON ({exc})") from None
        return cls.from_dict(data)
