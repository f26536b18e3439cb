"""The JSON interface: one entry point for every query the engine answers.

``run(name, payload, rng)`` validates the payload, finds the ruleset named in
``payload["ruleset"]`` and returns a plain dict (JSON-ready). Errors are
``InputError`` naming the field. Queries:

``attack``        one attack (verdict, attack/target/damage breakdowns)
``effective``     a creature's numbers under its conditions
``initiative``    the order of a list of combatants, with tie-breaks
``surprise``      who is surprised / the classic d100 check
``damage``/``heal`` hit points through the ruleset's state machine
``turn``          start-of-turn prompts (dying rolls…) for one creature
``save``          a saving throw (formula, condition modifiers, DC)
``concentration`` a concentration check / failure chance
``movement``      movement cost/remaining movement
``actions``       the action economy and whether an action provokes
"""

from __future__ import annotations

from dataclasses import dataclass

from .attack import AttackInput, Rolls, resolve_attack
from .breakdown import Breakdown
from .creature import AttackSpec, Creature, Situation
from .engine import active_modifiers, build_context, flags, number, reminders
from .errors import InputError
from .result import HpState, Result
from .ruleset import get_ruleset

QUERY_NAMES = ("attack", "effective", "initiative", "surprise", "damage", "heal", "turn",
               "save", "concentration", "movement", "actions")


@dataclass(frozen=True)
class QueryInput:
    """A validated view of a query payload, with typed accessors that raise
    ``InputError`` naming the field."""

    payload: dict
    options: dict

    def creature(self, key="creature") -> Creature:
        return Creature.from_dict(self.payload.get(key, {}), key)

    def hp(self, key="hp") -> HpState:
        return HpState.from_dict(self.payload.get(key), key)

    def rolls(self) -> Rolls:
        return Rolls.from_dict(self.payload.get("rolls"))

    def raw_rolls(self) -> dict:
        data = self.payload.get("rolls", {})
        if not isinstance(data, dict):
            raise InputError("rolls", "must be an object")
        return data

    def int(self, key, low, high, default=None) -> int:
        value = self.payload.get(key, default)
        if value is None:
            raise InputError(key, f"is required: a whole number from {low} to {high}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(key, f"must be a whole number from {low} to {high}")
        if not low <= value <= high:
            raise InputError(key, f"{value} is out of range: must be from {low} to {high}")
        return value

    def number(self, key, low, high, default=None) -> float:
        value = self.payload.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise InputError(key, f"must be a number from {low} to {high}")
        if not low <= value <= high:
            raise InputError(key, f"{value} is out of range: must be from {low} to {high}")
        return value

    def choice(self, key, choices, default=None) -> str:
        value = self.payload.get(key, default)
        if value not in choices:
            raise InputError(key, f"unknown value {value!r}", tuple(choices))
        return value

    def flag(self, key, default=False) -> bool:
        value = self.payload.get(key, default)
        if not isinstance(value, bool):
            raise InputError(key, "must be true or false")
        return value

    def list(self, key, default=None) -> list:
        value = self.payload.get(key, default if default is not None else [])
        if not isinstance(value, list):
            raise InputError(key, "must be a list")
        return value


def run(name: str, payload, rng=None) -> dict:
    """Answer one query as a JSON-ready dict."""
    if name not in QUERY_NAMES:
        raise InputError("query", f"unknown query {name!r}", QUERY_NAMES)
    if not isinstance(payload, dict):
        raise InputError("payload", "must be a JSON object")
    ruleset = get_ruleset(payload.get("ruleset"))
    options = ruleset.resolve_options(_dict(payload, "options"))
    if name == "attack":
        _only(payload, ("ruleset", "options", "attacker", "defender", "attack", "situation", "rolls"))
        request = AttackInput(
            attacker=Creature.from_dict(payload.get("attacker", {}), "attacker"),
            defender=Creature.from_dict(payload.get("defender", {}), "defender"),
            attack=AttackSpec.from_dict(payload.get("attack", {}), "attack"),
            situation=Situation.from_dict(payload.get("situation"), "situation"),
            rolls=Rolls.from_dict(payload.get("rolls")),
            options=options)
        return resolve_attack(ruleset, request, rng).to_dict()
    if name == "effective":
        _only(payload, ("ruleset", "options", "creature"))
        return effective(ruleset, Creature.from_dict(payload.get("creature", {}), "creature"),
                         options).to_dict()
    method = getattr(ruleset, f"query_{name}", None)
    if method is None:
        raise InputError("query", f"{name!r} is not available in {ruleset.id}")
    result = method(QueryInput(payload, options), rng)
    return result.to_dict()


def _only(payload, allowed) -> None:
    for key in payload:
        if key not in allowed:
            raise InputError(key, "unknown field", allowed)


def _dict(payload, key) -> dict:
    value = payload.get(key, {})
    if not isinstance(value, dict):
        raise InputError(key, "must be an object")
    return value


SHEET = ("attack", "damage", "damage_die", "ac", "save", "skill", "check", "initiative",
         "surprise", "concentration_failure", "spell_failure", "move", "dex_score",
         "attackers.attack", "attackers.damage_die", "attackers.damage")


def effective(ruleset, creature, options) -> Result:
    """A creature's numbers under its conditions: one breakdown per target
    (for a save or skill, per kind), plus the flags (denied components,
    forbidden actions, advantage). Ruleset hook ``effective_extra`` adds
    ruleset-specific numbers (classic movement in hexes …)."""
    ruleset.check_stats(creature)
    ctx = build_context(ruleset, options, {"self": creature})
    mods = active_modifiers(ruleset, creature, ctx)
    details = {}
    for target in SHEET:
        chosen = [m for m in mods if m.target == target]
        if not chosen:
            continue
        for detail in sorted({m.detail for m in chosen}):
            key = f"{target}.{detail}" if detail else target
            unit = chosen[0].unit.value
            details[key] = number(ruleset, target, [], [m for m in chosen if m.detail == detail],
                                  ctx, unit)
    for target in ("deny", "forbid", "immune", "attack.advantage", "attack.disadvantage",
                   "attackers.advantage", "attackers.disadvantage", "attackers.deny"):
        for detail, ms in flags(mods, target).items():
            details[f"{target}.{detail}" if detail else target] = Breakdown.of(
                [_flag_line(m) for m in ms], "flag")
    extra = getattr(ruleset, "effective_extra", None)
    if extra is not None:
        details.update(extra(creature, mods, ctx))
    return Result(value=sorted(details), details=details,
                  reminders=tuple(reminders(ruleset, (creature,), None, ctx)))


def _flag_line(m):
    from .breakdown import Line
    return Line(m.label or m.rule, 1, m.rule, "flag", source=m.source)
