"""Resolving one attack: the pipeline every ruleset shares, with its hooks.

``resolve_attack`` is pure: creatures, the attack, the situation, the dice
typed at the table (``Rolls``) or a ``random.Random`` go in; an
``AttackResult`` with a verdict and three breakdowns (attack total, target
number, damage) comes out. Each step asks the ruleset (``attack_lines``,
``defence``, ``roll_mode``, ``judge``, ``damage``), so rulesets differ by
small overrides, not by copies of the pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from . import dice
from .breakdown import Breakdown
from .creature import AttackSpec, Creature, Situation
from .engine import (active_modifiers, build_context, reminders, situation_modifiers)
from .errors import InputError


class Verdict(str, Enum):
    HIT = "hit"
    MISS = "miss"
    CRITICAL = "critical"          # threat confirmed (or automatic critical)
    NAT1 = "natural-1"             # automatic miss
    MISS_CHANCE = "miss-chance"    # hit, but the concealment roll made it miss
    NOT_ALLOWED = "not-allowed"    # e.g. total cover, forbidden action


@dataclass(frozen=True)
class Rolls:
    """Dice typed at the table; any left ``None`` is rolled with the rng."""

    d20: object = None
    d20_second: object = None     # the other d20 for advantage/disadvantage
    confirm: object = None
    confirm_second: object = None
    miss: object = None           # d100 for a miss chance
    damage: object = None         # list of damage dice
    crit_damage: object = None    # extra dice on a critical (rulesets that roll them)

    @classmethod
    def from_dict(cls, data) -> "Rolls":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise InputError("rolls", "must be an object")
        allowed = tuple(cls.__dataclass_fields__)
        for key in data:
            if key not in allowed:
                raise InputError(f"rolls.{key}", "unknown roll", allowed)
        return cls(**data)


@dataclass(frozen=True)
class AttackResult:
    verdict: Verdict
    hit: bool
    attack: Breakdown
    target: Breakdown
    natural: int = 0
    dice: tuple = ()               # the d20s rolled (two with advantage)
    mode: str = "normal"           # normal / advantage / disadvantage
    mode_lines: tuple = ()
    threat: bool = False
    confirmed: bool = False
    confirm_total: object = None
    miss_chance: int = 0
    miss_roll: object = None
    damage: object = None          # Breakdown or None
    damage_dice: tuple = ()
    notes: tuple = ()              # rule IDs of extra outcomes (e.g. drop weapon save)
    reminders: tuple = ()

    def to_dict(self) -> dict:
        return {
            "verdict": self.verdict.value, "hit": self.hit, "natural": self.natural,
            "dice": list(self.dice), "mode": self.mode,
            "mode_lines": [l.to_dict() for l in self.mode_lines],
            "attack": self.attack.to_dict(), "target": self.target.to_dict(),
            "threat": self.threat, "confirmed": self.confirmed,
            "confirm_total": self.confirm_total, "miss_chance": self.miss_chance,
            "miss_roll": self.miss_roll,
            "damage": self.damage.to_dict() if self.damage is not None else None,
            "damage_dice": list(self.damage_dice), "notes": list(self.notes),
            "reminders": [r.to_dict() for r in self.reminders],
        }


@dataclass(frozen=True)
class AttackInput:
    """Everything one attack query reads, after validation."""

    attacker: Creature
    defender: Creature
    attack: AttackSpec = AttackSpec()
    situation: Situation = Situation()
    rolls: Rolls = Rolls()
    options: dict = field(default_factory=dict)


def resolve_attack(ruleset, request: AttackInput, rng=None) -> AttackResult:
    """Resolve one attack with the ruleset's hooks."""
    opts = ruleset.resolve_options(request.options)
    ruleset.check_stats(request.attacker, "attacker")
    ruleset.check_stats(request.defender, "defender")
    ctx = build_context(ruleset, opts, {"attacker": request.attacker, "defender": request.defender},
                        request.attack, request.situation)
    mods = AttackMods(
        own=active_modifiers(ruleset, request.attacker, ctx),
        against=active_modifiers(ruleset, request.defender, ctx),
        situation=situation_modifiers(ruleset, request.situation, ctx),
    )
    notes = list(ruleset.attack_forbidden(request, mods, ctx))
    attack_bd = ruleset.attack_total(request, mods, ctx)
    target_bd = ruleset.defence(request, mods, ctx)
    mode, mode_lines = ruleset.roll_mode(request, mods, ctx)
    tips = tuple(reminders(ruleset, (request.attacker, request.defender), request.situation, ctx))
    if notes:
        return AttackResult(Verdict.NOT_ALLOWED, False, attack_bd, target_bd, mode=mode,
                            mode_lines=tuple(mode_lines), notes=tuple(notes), reminders=tips)
    first = dice.take(20, request.rolls.d20, rng, "rolls.d20")
    rolled = (first,)
    natural = first
    if mode != "normal":
        second = dice.take(20, request.rolls.d20_second, rng, "rolls.d20_second")
        rolled = (first, second)
        natural = max(rolled) if mode == "advantage" else min(rolled)
    return ruleset.finish_attack(request, mods, ctx, attack_bd, target_bd, natural, rolled,
                                 mode, tuple(mode_lines), tips, rng)


@dataclass(frozen=True)
class AttackMods:
    """The modifiers in play for one attack, by where they come from."""

    own: list          # attacker's conditions
    against: list      # defender's conditions
    situation: list    # attack-form toggles

    def all(self):
        return self.own + self.against + self.situation
