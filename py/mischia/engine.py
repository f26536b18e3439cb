"""Collecting modifiers: from conditions and situations to breakdown lines.

``Context`` is the situation of one query as tags and numbers (what
predicates look at). ``active_modifiers`` gathers a creature's condition
modifiers, ``situation_modifiers`` the toggles of the attack form; ``number``
turns the modifiers for one target into a stacked ``Breakdown``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .breakdown import Breakdown, Line
from .errors import InputError
from .ruleset import lines_from, stage_error


@dataclass(frozen=True)
class Context:
    tags: frozenset
    numbers: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)

    def has(self, tag: str) -> bool:
        return tag in self.tags

    def option(self, key: str):
        return self.options[key]


def condition_ids(ruleset, creature) -> list:
    """Active condition ids of a creature, with implied ones, validated."""
    seen = []
    stack = [c.id for c in creature.conditions]
    while stack:
        cid = stack.pop()
        if cid in seen:
            continue
        seen.append(cid)
        stack.extend(ruleset.condition(cid).implies)
    return seen


def build_context(ruleset, options, roles, attack=None, situation=None) -> Context:
    """Tags for predicates. ``roles`` maps a role name (``attacker``,
    ``defender``, ``self``) to a ``Creature``."""
    tags = set()
    numbers = {}
    for role, creature in roles.items():
        if creature is None:
            continue
        tags.update(f"{role}.trait.{t}" for t in creature.traits)
        tags.add(f"{role}.size.{creature.size}")
        for cid in condition_ids(ruleset, creature):
            tags.add(f"{role}.cond.{cid}")
            tags.update(f"{role}.{t}" for t in ruleset.condition(cid).tags)
        for c in creature.conditions:
            if c.stage is not None:
                numbers[f"{role}.stage.{c.id}"] = c.stage
        for key, value in creature.stats.items():
            numbers[f"{role}.{key}"] = value
    if attack is not None:
        tags.add(attack.kind)
        if attack.touch:
            tags.add("touch")
        tags.add(f"grip.{attack.grip}")
        if attack.light:
            tags.add("weapon.light")
        tags.update(f"weapon.{t}" for t in attack.weapon)
    if situation is not None:
        for t in situation.toggles:
            if t not in ruleset.situations:
                raise InputError("situation.toggles", f"unknown situation {t!r} in {ruleset.id}",
                                 tuple(sorted(ruleset.situations)))
            tags.add(f"situation.{t}")
        for key, value in situation.choices.items():
            sit = ruleset.situations.get(key)
            if sit is None or value not in sit.choices:
                allowed = sit.choices if sit else tuple(sorted(ruleset.situations))
                raise InputError(f"situation.choices.{key}", f"unknown choice {value!r}", allowed)
            tags.add(f"situation.{key}.{value}")
        numbers.update(situation.numbers)
    for key, value in options.items():
        tags.add(f"option.{key}.{value}")
    return Context(frozenset(tags), numbers, dict(options))


def active_modifiers(ruleset, creature, ctx) -> list:
    """All modifiers of a creature's conditions whose predicates hold, each
    tagged with its source (condition id, and cause when given)."""
    out = []
    for cond in ruleset.dedupe(creature.conditions):
        out.extend(_condition_modifiers(ruleset, cond.id, cond.stage, cond.cause, ctx, set()))
    return out


def _condition_modifiers(ruleset, cid, stage, cause, ctx, seen) -> list:
    if cid in seen:
        return []
    seen.add(cid)
    definition = ruleset.condition(cid)
    try:
        mods = definition.modifiers_for(stage)
    except KeyError:
        from .model import ActiveCondition
        raise stage_error(ruleset, ActiveCondition(cid, stage, cause)) from None
    source = f"{cid}:{cause}" if cause else cid
    out = [m.from_source(source) for m in mods if m.when.holds(ctx.tags, ctx.numbers)]
    for implied in definition.implies:
        out.extend(_condition_modifiers(ruleset, implied, None, cause, ctx, seen))
    return out


def situation_modifiers(ruleset, situation, ctx) -> list:
    out = []
    if situation is None:
        return out
    names = list(situation.toggles) + list(situation.choices)
    for name in sorted(names):
        for m in ruleset.situations[name].modifiers:
            if m.when.holds(ctx.tags, ctx.numbers):
                out.append(m.from_source(f"situation.{name}"))
    return out


def reminders(ruleset, creatures, situation, ctx) -> list:
    """[assist] reminders of the conditions and situations in play."""
    out = []
    for creature in creatures:
        if creature is None:
            continue
        for cid in condition_ids(ruleset, creature):
            out.extend(r for r in ruleset.condition(cid).reminders
                       if r.when.holds(ctx.tags, ctx.numbers))
    if situation is not None:
        for name in sorted(list(situation.toggles) + list(situation.choices)):
            out.extend(r for r in ruleset.situations[name].reminders
                       if r.when.holds(ctx.tags, ctx.numbers))
    unique = []
    for r in out:
        if r not in unique:
            unique.append(r)
    return unique


def select(modifiers, target, detail=None) -> list:
    return [m for m in modifiers if m.target == target and (detail is None or m.detail == detail)]


def number(ruleset, target, base_lines, modifiers, ctx, unit="points") -> Breakdown:
    """Base lines plus the modifiers for ``target``, stacked by the ruleset."""
    lines = list(base_lines) + lines_from(modifiers)
    return Breakdown.of(ruleset.stack(target, lines, ctx), unit)


def flags(modifiers, target) -> dict:
    """Flag modifiers (deny/forbid/immune) as detail → the modifiers that set it."""
    out = {}
    for m in modifiers:
        if m.target == target:
            out.setdefault(m.detail, []).append(m)
    return out


def base(label, value, rule, unit="points") -> Line:
    return Line(label=label, value=value, rule=rule, unit=unit)
