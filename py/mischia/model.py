"""Values the rules are made of: modifiers, predicates, conditions, situations.

A condition or a situation is *data*: a record holding a tuple of typed
``Modifier`` values, each carrying what it modifies (``target``), its value and
unit, its bonus type, a ``Predicate`` over the situation, and the rule ID it
comes from. Rulesets declare these records; the engine only collects, filters
and stacks them (stacking policy belongs to the ruleset).

Targets are dotted names from ``TARGETS``. A modifier is always written from
its bearer's point of view: ``attack`` is the bearer's own attack roll,
``attackers.attack`` is what creatures attacking the bearer get, ``foes.deny``
is what the bearer's targets lose (an invisible attacker's target loses Dex).
Situation toggles are neutral: their ``attack``/``damage``/``damage_die``
modifiers go to the attacker, ``ac``/``deny``/``miss_chance`` to the defender.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Unit(str, Enum):
    POINTS = "points"
    PERCENT = "percent"
    HEXES = "hexes"
    METRES = "metres"
    FRACTION = "fraction"  # a multiplier such as 0.75 of a score
    FLAG = "flag"          # on/off effects: denials, advantage, forbidden actions


# What a modifier can act on. Own rolls/numbers of the bearer first, then
# what attackers get against the bearer. ``deny`` and ``forbid`` take the name
# of a component/action as their ``detail``.
TARGETS = frozenset({
    "attack", "attack.advantage", "attack.disadvantage",
    "damage", "damage_die", "ac", "ac.melee", "ac.ranged", "dex_score",
    "save", "skill", "check", "initiative", "surprise", "concentration_failure",
    "spell_failure", "move", "miss_chance", "healing", "heal_cap",
    "deny", "forbid", "immune",
    "attackers.attack", "attackers.damage_die", "attackers.damage",
    "attackers.advantage", "attackers.disadvantage", "attackers.crit",
    "attackers.miss_chance", "attackers.spell_failure", "attackers.deny",
    "foes.deny", "foes.ac",
})


@dataclass(frozen=True)
class Predicate:
    """When a modifier applies: tags that must all/any/none be present, and
    numeric tests such as ``("distance", ">", 15)``.

    Tags are built from the situation by ``mischia.context``: ``melee``,
    ``ranged``, ``touch``, ``position.rear``, ``attacker.trait.blind_fighting``,
    ``defender.cond.blind``, ``situation.flanking`` …
    """

    all: tuple = ()
    any: tuple = ()
    none: tuple = ()
    num: tuple = ()

    def holds(self, tags, numbers) -> bool:
        if any(t not in tags for t in self.all):
            return False
        if self.any and not any(t in tags for t in self.any):
            return False
        if any(t in tags for t in self.none):
            return False
        for key, op, value in self.num:
            have = numbers.get(key)
            if have is None or not _COMPARE[op](have, value):
                return False
        return True

    def to_dict(self) -> dict:
        return {k: list(getattr(self, k)) for k in ("all", "any", "none", "num")
                if getattr(self, k)}


_COMPARE = {
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
}
ALWAYS = Predicate()


def when(*all_tags, any=(), none=(), num=()) -> Predicate:
    """Shorthand for data tables: ``when("melee", none=("attacker.cond.blind",))``."""
    return Predicate(all=tuple(all_tags), any=tuple(any), none=tuple(none), num=tuple(num))


@dataclass(frozen=True)
class Modifier:
    """One typed effect with its source rule ID."""

    target: str
    value: float
    rule: str
    unit: Unit = Unit.POINTS
    type: str = "untyped"
    when: Predicate = ALWAYS
    detail: str = ""   # e.g. save kind, denied component, forbidden action
    label: str = ""    # message id for the UI; defaults to the rule ID
    source: str = ""   # filled by the engine: the condition/situation it came from

    def __post_init__(self):
        if self.target not in TARGETS:
            raise ValueError(f"unknown modifier target {self.target!r} ({self.rule})")

    def from_source(self, source: str) -> "Modifier":
        return Modifier(self.target, self.value, self.rule, self.unit, self.type,
                        self.when, self.detail, self.label, source)

    def to_dict(self) -> dict:
        data = {"target": self.target, "value": self.value, "unit": self.unit.value,
                "type": self.type, "rule": self.rule}
        for key in ("detail", "label", "source"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.when != ALWAYS:
            data["when"] = self.when.to_dict()
        return data


@dataclass(frozen=True)
class Reminder:
    """An [assist] rule surfaced to the GM: a prompt, a roll to make, a choice."""

    rule: str
    text: str            # English message id; translated by the UI
    when: Predicate = ALWAYS
    roll: str = ""       # e.g. "d100", "save.reflex" when the app can roll it

    def to_dict(self) -> dict:
        data = {"rule": self.rule, "text": self.text}
        if self.roll:
            data["roll"] = self.roll
        return data


@dataclass(frozen=True)
class ConditionDef:
    """A condition as data. ``stages`` maps a stage number to extra modifiers
    (fear stages, exhaustion levels, drowsy rounds); ``implies`` lists other
    conditions whose modifiers also apply (asleep → paralysed)."""

    id: str
    rule: str
    modifiers: tuple = ()
    reminders: tuple = ()
    stages: dict = field(default_factory=dict)
    implies: tuple = ()
    tags: tuple = ()          # extra situation tags the condition sets
    name: str = ""            # English label (message id)

    def modifiers_for(self, stage) -> tuple:
        if self.stages:
            if stage not in self.stages:
                raise KeyError(stage)
            return self.modifiers + tuple(self.stages[stage])
        return self.modifiers


@dataclass(frozen=True)
class SituationDef:
    """A toggle of the attack form (flanking, higher ground, cover…)."""

    id: str
    rule: str
    modifiers: tuple = ()
    reminders: tuple = ()
    name: str = ""
    choices: tuple = ()   # for graded situations (cover: partial/improved/total)


@dataclass(frozen=True)
class OptionDef:
    """An ambiguity turned into a ruleset option: the recommended reading is
    the default, the alternatives are named."""

    id: str
    rule: str
    default: str
    choices: tuple
    amb: str = ""
    text: str = ""


@dataclass(frozen=True)
class ActiveCondition:
    """A condition on a creature: which one, its stage, and its cause (the
    "nature" that lets classic stack the same condition from two causes)."""

    id: str
    stage: object = None
    cause: str = ""

    def to_dict(self) -> dict:
        data = {"id": self.id}
        if self.stage is not None:
            data["stage"] = self.stage
        if self.cause:
            data["cause"] = self.cause
        return data
