"""What the rules read about a creature, an attack and a situation.

These are the inputs of every query. ``stats`` uses the names a ruleset
declares in ``Ruleset.stats`` (e.g. ``bab``, ``str_mod``, ``dex_ac``, ``ac``);
``traits`` are feats/abilities the rules ask about (``blind_fighting``,
``uncanny_dodge``, ``combat_reflexes``, ``precise_shot``, ``concentration`` …).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import InputError
from .model import ActiveCondition

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge",
         "gargantuan", "colossal")
ATTACK_KINDS = ("melee", "ranged")
GRIPS = ("one", "two", "off")


@dataclass(frozen=True)
class Creature:
    name: str = ""
    stats: dict = field(default_factory=dict)
    traits: frozenset = frozenset()
    conditions: tuple = ()
    size: str = "medium"

    def stat(self, key: str, default=0):
        return self.stats.get(key, default)

    def has(self, trait: str) -> bool:
        return trait in self.traits

    @classmethod
    def from_dict(cls, data, field_name: str = "creature") -> "Creature":
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object")
        check_keys(data, CREATURE_KEYS, field_name)
        stats = data.get("stats", {})
        if not isinstance(stats, dict):
            raise InputError(f"{field_name}.stats", "must be an object of numbers")
        for key, value in stats.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InputError(f"{field_name}.stats.{key}", "must be a number")
        traits = data.get("traits", [])
        if not isinstance(traits, list) or not all(isinstance(t, str) for t in traits):
            raise InputError(f"{field_name}.traits", "must be a list of names")
        size = data.get("size", "medium")
        if size not in SIZES:
            raise InputError(f"{field_name}.size", f"unknown size {size!r}", SIZES)
        conds = data.get("conditions", [])
        if not isinstance(conds, list):
            raise InputError(f"{field_name}.conditions", "must be a list")
        parsed = []
        for i, c in enumerate(conds):
            if isinstance(c, str):
                c = {"id": c}
            if not isinstance(c, dict) or not isinstance(c.get("id"), str):
                raise InputError(f"{field_name}.conditions[{i}]", "must be a condition id or {id, stage, cause}")
            stage = c.get("stage")
            if stage is not None and (isinstance(stage, bool) or not isinstance(stage, (int, str))):
                raise InputError(f"{field_name}.conditions[{i}].stage", "must be a whole number, a name or null")
            parsed.append(ActiveCondition(c["id"], c.get("stage"), str(c.get("cause", ""))))
        name = data.get("name", "")
        if not isinstance(name, str):
            raise InputError(f"{field_name}.name", "must be text")
        return cls(name=name, stats=dict(stats), traits=frozenset(traits),
                   conditions=tuple(parsed), size=size)

    def to_dict(self) -> dict:
        return {"name": self.name, "stats": dict(self.stats), "traits": sorted(self.traits),
                "conditions": [c.to_dict() for c in self.conditions], "size": self.size}


@dataclass(frozen=True)
class AttackSpec:
    """The attack being made. ``bonus`` is the total attack bonus when typed
    as one number; otherwise the ruleset builds it from the attacker's stats."""

    kind: str = "melee"
    touch: bool = False
    bonus: object = None
    damage: str = "1d8"
    damage_bonus: int = 0
    grip: str = "one"
    light: bool = False
    crit_range: int = 20
    crit_mult: int = 2
    weapon: frozenset = frozenset()   # weapon tags: crossbow, bow, blunt, size.M …
    spell_level: int = 0

    @classmethod
    def from_dict(cls, data, field_name: str = "attack") -> "AttackSpec":
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object")
        check_keys(data, ATTACK_KEYS, field_name)
        kind = data.get("kind", "melee")
        if kind not in ATTACK_KINDS:
            raise InputError(f"{field_name}.kind", f"unknown kind {kind!r}", ATTACK_KINDS)
        grip = data.get("grip", "one")
        if grip not in GRIPS:
            raise InputError(f"{field_name}.grip", f"unknown grip {grip!r}", GRIPS)
        crit_range = _int(data.get("crit_range", 20), f"{field_name}.crit_range", 2, 20)
        crit_mult = _int(data.get("crit_mult", 2), f"{field_name}.crit_mult", 2, 6)
        bonus = data.get("bonus")
        if bonus is not None:
            bonus = _int(bonus, f"{field_name}.bonus", -50, 100)
        weapon = data.get("weapon", [])
        if not isinstance(weapon, list) or not all(isinstance(t, str) for t in weapon):
            raise InputError(f"{field_name}.weapon", "must be a list of weapon tags")
        from .dice import DiceExpr
        damage = data.get("damage", "1d8")
        DiceExpr.parse(damage, f"{field_name}.damage")
        return cls(kind=kind, touch=bool(data.get("touch", False)), bonus=bonus,
                   damage=damage, damage_bonus=_int(data.get("damage_bonus", 0), f"{field_name}.damage_bonus", -100, 100),
                   grip=grip, light=bool(data.get("light", False)), crit_range=crit_range,
                   crit_mult=crit_mult, weapon=frozenset(weapon),
                   spell_level=_int(data.get("spell_level", 0), f"{field_name}.spell_level", 0, 9))


@dataclass(frozen=True)
class Situation:
    """Toggles of the attack form, graded choices and numbers (distance in m)."""

    toggles: frozenset = frozenset()
    choices: dict = field(default_factory=dict)
    numbers: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data, field_name: str = "situation") -> "Situation":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object")
        check_keys(data, SITUATION_KEYS, field_name)
        toggles = data.get("toggles", [])
        if not isinstance(toggles, list) or not all(isinstance(t, str) for t in toggles):
            raise InputError(f"{field_name}.toggles", "must be a list of names")
        choices = data.get("choices", {})
        if not isinstance(choices, dict) or not all(isinstance(v, str) for v in choices.values()):
            raise InputError(f"{field_name}.choices", "must map names to choices")
        numbers = data.get("numbers", {})
        if not isinstance(numbers, dict):
            raise InputError(f"{field_name}.numbers", "must be an object of numbers")
        for key, value in numbers.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                raise InputError(f"{field_name}.numbers.{key}", "must be a number ≥ 0")
        return cls(frozenset(toggles), dict(choices), dict(numbers))


def check_keys(data: dict, allowed, field_name: str) -> None:
    """Refuse fields nobody reads: a typo must not be silently ignored."""
    for key in data:
        if key not in allowed:
            raise InputError(f"{field_name}.{key}", "unknown field", tuple(allowed))


CREATURE_KEYS = ("name", "stats", "traits", "conditions", "size")
ATTACK_KEYS = ("kind", "touch", "bonus", "damage", "damage_bonus", "grip", "light", "crit_range",
               "crit_mult", "weapon", "spell_level")
SITUATION_KEYS = ("toggles", "choices", "numbers", "rules")  # rules: why (e.g. from the grid)


def _int(value, field_name, low, high) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field_name, f"must be a whole number from {low} to {high}")
    if not low <= value <= high:
        raise InputError(field_name, f"{value} is out of range: must be from {low} to {high}")
    return value
