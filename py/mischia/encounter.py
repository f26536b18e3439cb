"""The encounter state tree: combatants, their conditions, turn order, log.

Values are frozen dataclasses; every change returns a new ``Encounter`` (see
``mischia.tracker`` for the operations and ``mischia.history`` for undo).
``to_dict``/``from_dict`` carry a schema version and validate everything they
read, raising ``InputError`` that names the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from .errors import InputError
from .result import HpState

SCHEMA_VERSION = 1
SIDES = ("party", "foes", "other")
SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge",
         "gargantuan", "colossal")
DURATION_KINDS = ("rounds", "until_removed", "until_save", "turn_start", "turn_end")
ASK_KINDS = ("turn_roll", "save_end", "tie")
MAX_NAME = 200
MAX_NOTE = 2000
MAX_COMBATANTS = 200
MAX_LOG = 500


def clean_name(name, field_name: str = "name") -> str:
    if not isinstance(name, str):
        raise InputError(field_name, "must be text")
    name = name.strip()
    if not name:
        raise InputError(field_name, "must not be empty")
    if len(name) > MAX_NAME:
        raise InputError(field_name, f"is longer than {MAX_NAME} characters")
    return name


def _int(data, key, low, high, default=None, field_name=None):
    value = data.get(key, default)
    name = field_name or key
    if value is None:  # null reads as missing (a null next_id or rounds broke the tracker)
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(name, f"must be a whole number from {low} to {high}")
    if not low <= value <= high:
        raise InputError(name, f"{value} is out of range: must be from {low} to {high}")
    return value


@dataclass(frozen=True)
class Duration:
    """How long a condition lasts.

    ``rounds``: N rounds, ending just before the initiative count it started
    on (the turn of ``anchor``, the combatant acting when it was applied);
    ``turn_start``/``turn_end``: at the start/end of ``anchor``'s turn after
    ``rounds`` of its turns; ``until_save``: until a save succeeds (asked at
    the end of the bearer's turn); ``until_removed``.
    """

    kind: str = "until_removed"
    rounds: int = 0
    anchor: str = ""

    def to_dict(self) -> dict:
        return {"kind": self.kind, "rounds": self.rounds, "anchor": self.anchor}

    @classmethod
    def from_dict(cls, data, field_name="duration") -> "Duration":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object")
        kind = data.get("kind", "until_removed")
        if kind not in DURATION_KINDS:
            raise InputError(f"{field_name}.kind", f"unknown duration {kind!r}", DURATION_KINDS)
        rounds = _int(data, "rounds", 0, 10000, 0, f"{field_name}.rounds")
        if kind in ("rounds", "turn_start", "turn_end") and rounds < 1:
            raise InputError(f"{field_name}.rounds", "must be at least 1")
        anchor = data.get("anchor", "")
        if not isinstance(anchor, str):
            raise InputError(f"{field_name}.anchor", "must be a combatant id")
        return cls(kind, rounds, anchor)


@dataclass(frozen=True)
class ConditionInstance:
    """A condition on a combatant, with its stage, cause and duration.
    ``expires_round`` is the round in which a ``rounds`` duration ends;
    ``turns_left`` counts the anchor's turns for turn_start/turn_end."""

    uid: str
    id: str
    stage: object = None
    cause: str = ""
    duration: Duration = Duration()
    applied_round: int = 0
    expires_round: int = 0
    turns_left: int = 0

    def to_dict(self) -> dict:
        return {"uid": self.uid, "id": self.id, "stage": self.stage, "cause": self.cause,
                "duration": self.duration.to_dict(), "applied_round": self.applied_round,
                "expires_round": self.expires_round, "turns_left": self.turns_left}

    @classmethod
    def from_dict(cls, data, field_name="condition") -> "ConditionInstance":
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object")
        for key in ("uid", "id"):
            if not isinstance(data.get(key), str) or not data.get(key):
                raise InputError(f"{field_name}.{key}", "must be a non-empty string")
        stage = data.get("stage")
        if stage is not None and (isinstance(stage, bool) or not isinstance(stage, (int, str))
                                  or (isinstance(stage, str) and len(stage) > 40)):
            raise InputError(f"{field_name}.stage", "must be a whole number, a short name or null")
        cause = data.get("cause", "")
        if not isinstance(cause, str) or len(cause) > MAX_NAME:
            raise InputError(f"{field_name}.cause", f"must be text of at most {MAX_NAME} characters")
        return cls(data["uid"], data["id"], stage, cause,
                   Duration.from_dict(data.get("duration"), f"{field_name}.duration"),
                   _int(data, "applied_round", 0, 100000, 0, f"{field_name}.applied_round"),
                   _int(data, "expires_round", 0, 100000, 0, f"{field_name}.expires_round"),
                   _int(data, "turns_left", 0, 100000, 0, f"{field_name}.turns_left"))


@dataclass(frozen=True)
class Combatant:
    """One creature in the fight: what the rules read plus its live state."""

    id: str
    name: str
    side: str = "party"
    init_mod: int = 0
    stats: dict = field(default_factory=dict)
    traits: frozenset = frozenset()
    size: str = "medium"
    hp: object = None                 # HpState or None when not tracked
    conditions: tuple = ()
    initiative: object = None         # the total rolled/typed, None until rolled
    init_roll: object = None          # the die itself
    aware: bool = True
    aware_of: object = None           # ids of the opponents it noticed; None: follows ``aware``
    group: str = ""
    notes: str = ""
    acted: bool = False               # has taken a turn in this combat
    used: frozenset = frozenset()     # per-turn resources spent (reaction, bonus, aoo…)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "side": self.side, "init_mod": self.init_mod,
                "stats": dict(self.stats), "traits": sorted(self.traits), "size": self.size,
                "hp": self.hp.to_dict() if self.hp is not None else None,
                "conditions": [c.to_dict() for c in self.conditions],
                "initiative": self.initiative, "init_roll": self.init_roll, "aware": self.aware,
                "group": self.group, "notes": self.notes, "acted": self.acted,
                "used": sorted(self.used),
                **({"aware_of": sorted(self.aware_of)} if self.aware_of is not None else {})}

    @classmethod
    def from_dict(cls, data, field_name="combatant") -> "Combatant":
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object")
        cid = data.get("id")
        if not isinstance(cid, str) or not cid or len(cid) > 40:
            raise InputError(f"{field_name}.id", "must be a short non-empty string")
        side = data.get("side", "party")
        if side not in SIDES:
            raise InputError(f"{field_name}.side", f"unknown side {side!r}", SIDES)
        size = data.get("size", "medium")
        if size not in SIZES:
            raise InputError(f"{field_name}.size", f"unknown size {size!r}", SIZES)
        stats = data.get("stats", {})
        if not isinstance(stats, dict):
            raise InputError(f"{field_name}.stats", "must be an object of numbers")
        for key, value in stats.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or abs(value) > 100000:
                raise InputError(f"{field_name}.stats.{key}", "must be a number")
        traits = data.get("traits", [])
        if not isinstance(traits, list) or not all(isinstance(t, str) for t in traits):
            raise InputError(f"{field_name}.traits", "must be a list of names")
        conds = data.get("conditions", [])
        if not isinstance(conds, list):
            raise InputError(f"{field_name}.conditions", "must be a list")
        hp = data.get("hp")
        notes = data.get("notes", "")
        if not isinstance(notes, str) or len(notes) > MAX_NOTE:
            raise InputError(f"{field_name}.notes", f"must be text of at most {MAX_NOTE} characters")
        group = data.get("group", "")
        if not isinstance(group, str) or len(group) > MAX_NAME:
            raise InputError(f"{field_name}.group", "must be short text")
        used = data.get("used", [])
        if not isinstance(used, list) or not all(isinstance(u, str) for u in used):
            raise InputError(f"{field_name}.used", "must be a list of names")
        aware_of = data.get("aware_of")
        if aware_of is not None and (not isinstance(aware_of, list) or len(aware_of) > 500
                                     or not all(isinstance(a, str) for a in aware_of)):
            raise InputError(f"{field_name}.aware_of", "must be a list of combatant ids")
        return cls(
            id=cid, name=clean_name(data.get("name"), f"{field_name}.name"), side=side,
            init_mod=_int(data, "init_mod", -100, 100, 0, f"{field_name}.init_mod"),
            stats=dict(stats), traits=frozenset(traits), size=size,
            hp=HpState.from_dict(hp, f"{field_name}.hp") if hp is not None else None,
            conditions=tuple(ConditionInstance.from_dict(c, f"{field_name}.conditions[{i}]")
                             for i, c in enumerate(conds)),
            initiative=_int(data, "initiative", -1000, 1000, None, f"{field_name}.initiative"),
            init_roll=_int(data, "init_roll", 1, 100, None, f"{field_name}.init_roll"),
            aware=bool(data.get("aware", True)),
            aware_of=frozenset(aware_of) if aware_of is not None else None, group=group, notes=notes,
            acted=bool(data.get("acted", False)), used=frozenset(used))

    def creature(self):
        """The rules' view of this combatant (for queries)."""
        from .creature import Creature
        from .model import ActiveCondition
        return Creature(name=self.name, stats=dict(self.stats), traits=self.traits,
                        conditions=tuple(ActiveCondition(c.id, c.stage, c.cause) for c in self.conditions),
                        size=self.size)


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: a message id with its parameters (translated by
    the UI), the round it happened in and the rule IDs involved."""

    key: str
    params: dict = field(default_factory=dict)
    round: int = 0
    rules: tuple = ()

    def to_dict(self) -> dict:
        return {"key": self.key, "params": dict(self.params), "round": self.round,
                "rules": list(self.rules)}

    @classmethod
    def from_dict(cls, data, field_name="log") -> "LogEntry":
        if not isinstance(data, dict) or not isinstance(data.get("key"), str):
            raise InputError(field_name, "must be an object with a key")
        params = data.get("params", {})
        if not isinstance(params, dict):
            raise InputError(f"{field_name}.params", "must be an object")
        rules = data.get("rules", [])
        if not isinstance(rules, list):
            raise InputError(f"{field_name}.rules", "must be a list")
        return cls(data["key"], dict(params), _int(data, "round", 0, 100000, 0, f"{field_name}.round"),
                   tuple(str(r) for r in rules))


@dataclass(frozen=True)
class Ask:
    """Something the table must answer now, kept in the encounter so that it
    survives a reload and undo restores it: ``turn_roll`` (the start-of-turn
    roll of combatant ``cid``, e.g. a dying creature's save), ``save_end`` (a
    save at the end of ``cid``'s turn that can end its condition ``uid``),
    ``tie`` (an initiative tie among ``ids``: a roll-off with ``roll`` or the
    GM's decision). ``text`` is the rules core's English prompt id."""

    kind: str
    cid: str = ""
    uid: str = ""
    round: int = 0
    rules: tuple = ()
    ids: tuple = ()
    text: str = ""
    roll: str = ""

    def to_dict(self) -> dict:
        return {"kind": self.kind, "cid": self.cid, "uid": self.uid, "round": self.round,
                "rules": list(self.rules), "ids": list(self.ids), "text": self.text, "roll": self.roll}

    @classmethod
    def from_dict(cls, data, field_name="ask") -> "Ask":
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object")
        kind = data.get("kind")
        if kind not in ASK_KINDS:
            raise InputError(f"{field_name}.kind", f"unknown kind {kind!r}", ASK_KINDS)
        texts = {}
        for key in ("cid", "uid", "text", "roll"):
            value = data.get(key, "")
            if not isinstance(value, str) or len(value) > MAX_NOTE:
                raise InputError(f"{field_name}.{key}", "must be text")
            texts[key] = value
        lists = {}
        for key in ("rules", "ids"):
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise InputError(f"{field_name}.{key}", "must be a list of text")
            lists[key] = tuple(value)
        return cls(kind, texts["cid"], texts["uid"], _int(data, "round", 0, 100000, 0, f"{field_name}.round"),
                   lists["rules"], lists["ids"], texts["text"], texts["roll"])


@dataclass(frozen=True)
class Encounter:
    """A whole fight: ruleset and options, combatants, order, round and turn.

    ``phase`` is ``setup`` (before combat), ``surprise`` (the surprise round)
    or ``combat``; ``turn`` indexes ``order`` (the ids in acting order).
    """

    ruleset: str = "classic"
    name: str = ""
    options: dict = field(default_factory=dict)
    combatants: tuple = ()
    order: tuple = ()
    round: int = 0
    turn: int = 0
    phase: str = "setup"
    next_id: int = 1
    log: tuple = ()
    asks: tuple = ()                  # Ask values waiting for the table (optional in JSON)

    @classmethod
    def new(cls, ruleset: str = "classic", name: str = "") -> "Encounter":
        return cls(ruleset=ruleset, name=name)

    # ----- lookups -------------------------------------------------------
    def get(self, cid: str) -> Combatant:
        for c in self.combatants:
            if c.id == cid:
                return c
        raise InputError("combatant", f"no combatant {cid!r}", tuple(c.id for c in self.combatants))

    def current(self):
        """The combatant whose turn it is, or None outside combat."""
        if self.phase == "setup" or not self.order:
            return None
        return self.get(self.order[self.turn])

    # ----- the first-screen API kept small --------------------------------
    def add_combatant(self, name: str, side: str = "party", **fields) -> "Encounter":
        from .tracker import add_combatant
        return add_combatant(self, name=name, side=side, **fields)

    # ----- serialisation ---------------------------------------------------
    def to_dict(self) -> dict:
        return {"schema": SCHEMA_VERSION, "ruleset": self.ruleset, "name": self.name,
                "options": dict(self.options),
                "combatants": [c.to_dict() for c in self.combatants],
                "order": list(self.order), "round": self.round, "turn": self.turn,
                "phase": self.phase, "next_id": self.next_id,
                "log": [e.to_dict() for e in self.log],
                "asks": [a.to_dict() for a in self.asks]}

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
        name = data.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise InputError("name", f"must be text of at most {MAX_NAME} characters")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise InputError("options", "must be an object")
        raw = data.get("combatants", [])
        if not isinstance(raw, list) or len(raw) > MAX_COMBATANTS:
            raise InputError("combatants", f"must be a list of at most {MAX_COMBATANTS}")
        combatants = tuple(Combatant.from_dict(c, f"combatants[{i}]") for i, c in enumerate(raw))
        ids = [c.id for c in combatants]
        if len(set(ids)) != len(ids):
            raise InputError("combatants", "two combatants share an id")
        order = data.get("order", [])
        if not isinstance(order, list) or any(cid not in ids for cid in order) or len(set(order)) != len(order):
            raise InputError("order", "must list combatant ids once each")
        phase = data.get("phase", "setup")
        if phase not in ("setup", "surprise", "combat"):
            raise InputError("phase", f"unknown phase {phase!r}", ("setup", "surprise", "combat"))
        turn = _int(data, "turn", 0, max(len(order) - 1, 0), 0)
        log = data.get("log", [])
        if not isinstance(log, list):
            raise InputError("log", "must be a list")
        raw_asks = data.get("asks", [])
        if not isinstance(raw_asks, list):
            raise InputError("asks", "must be a list")
        asks = tuple(Ask.from_dict(a, f"asks[{i}]") for i, a in enumerate(raw_asks))
        for i, a in enumerate(asks):
            if any(cid and cid not in ids for cid in (a.cid,) + a.ids):
                raise InputError(f"asks[{i}]", "names a combatant that is not in the encounter")
        return cls(ruleset=ruleset, name=name, options=dict(options), combatants=combatants,
                   order=tuple(order), round=_int(data, "round", 0, 100000, 0), turn=turn,
                   phase=phase, next_id=_int(data, "next_id", 1, 10 ** 9, len(combatants) + 1),
                   log=tuple(LogEntry.from_dict(e, f"log[{i}]") for i, e in enumerate(log[-MAX_LOG:])),
                   asks=asks)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Encounter":
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise InputError("encounter", f"is not valid JSON ({exc})") from None
        return cls.from_dict(data)

    def with_(self, **changes) -> "Encounter":
        return replace(self, **changes)
