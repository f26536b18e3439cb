"""Shared helpers of the d20pl procedures: one roll against a DC, asked or resolved.

The hit-point machine, saves and concentration all do the same thing: a d20
(or d100) plus a modifier breakdown against a DC. When the die was typed at
the table it is resolved; when it was not, a ``Prompt`` is returned (the table
rolls, the GM decides) unless the payload says ``auto_roll`` — then the
passed-in ``random.Random`` rolls it. ``Check`` is the outcome of one such
roll; ``attempt`` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import dice
from ...breakdown import Breakdown, Line
from ...creature import Creature
from ...errors import InputError
from ...model import ActiveCondition
from ...result import Prompt


@dataclass(frozen=True)
class Check:
    """One roll: the modifier breakdown, the DC breakdown, and — when the die
    is known — the die, the total and whether it succeeded."""

    rule: str
    modifiers: Breakdown
    dc: object            # Breakdown or int
    die: object = None    # None until rolled/typed
    prompt: object = None

    @property
    def target(self):
        return self.dc.total if isinstance(self.dc, Breakdown) else self.dc

    @property
    def total(self):
        return None if self.die is None else self.die + self.modifiers.total

    @property
    def success(self):
        if self.die is None:
            return None
        return self.total >= self.target

    def to_dict(self) -> dict:
        data = {"rule": self.rule, "modifiers": self.modifiers.to_dict(), "target": self.target}
        if isinstance(self.dc, Breakdown):
            data["dc"] = self.dc.to_dict()
        if self.die is not None:
            data.update(die=self.die, total=self.total, success=self.success)
        return data


def roll_spec(sides: int, modifier) -> str:
    modifier = int(modifier) if float(modifier).is_integer() else modifier
    return f"d{sides}" if not modifier else f"d{sides}{modifier:+}"


def attempt(rule, text, modifiers, dc, rolls, key, rng, auto, sides=20, params=None) -> Check:
    """Resolve the roll typed as ``rolls[key]``; else roll it (``auto``) or
    return a ``Check`` carrying a prompt with the roll spec and DC."""
    given = rolls.get(key)
    check = Check(rule, modifiers, dc)
    if given is None and not auto:
        extra = {"field": f"rolls.{key}"}
        extra.update(params or {})
        return Check(rule, modifiers, dc, prompt=Prompt(rule, text, roll_spec(sides, modifiers.total),
                                                        check.target, extra))
    die = dice.take(sides, given, rng, f"rolls.{key}")
    return Check(rule, modifiers, dc, die=die)


def dc_breakdown(base, base_rule, extra=()) -> Breakdown:
    """A DC as a breakdown: the base number and what is added to it."""
    return Breakdown.of([Line("dc.base", base, base_rule)] + list(extra))


def raw_rolls(q, allowed) -> dict:
    """The ``rolls`` object of a payload, with its keys checked."""
    data = q.raw_rolls()
    for key in data:
        if key not in allowed:
            raise InputError(f"rolls.{key}", "unknown roll for this query", tuple(allowed))
    return data


def with_conditions(creature: Creature, extra_ids) -> Creature:
    """The creature with extra condition ids (HP states) added once each."""
    have = {c.id for c in creature.conditions}
    added = tuple(ActiveCondition(cid) for cid in extra_ids if cid not in have)
    if not added:
        return creature
    return Creature(creature.name, creature.stats, creature.traits,
                    creature.conditions + added, creature.size)

