"""classic procedures: small helpers shared by the procedure queries.

Reading creatures with their stats checked, typed dice from ``rolls``,
percentile saves rolled under their chance, Dexterity for checks under the
conditions' Dex fractions, and flags (forbidden actions, denials) collected
from a creature's conditions.
"""

from __future__ import annotations

from ... import dice
from ...breakdown import Breakdown, Line
from ...creature import Creature
from ...engine import active_modifiers, build_context, flags
from ...errors import InputError


def creature(ruleset, q, key: str, required: bool = True) -> Creature:
    """The creature under ``key``, its stats checked against the ruleset."""
    if key not in q.payload:
        if required:
            raise InputError(key, "is required: a creature {name, stats, conditions, size}")
        return None
    return checked(ruleset, Creature.from_dict(q.payload.get(key), key), key)


def checked(ruleset, c, field: str) -> Creature:
    """Stats in range, known conditions, and stages the conditions have (the
    core only checks stages of conditions that have some)."""
    ruleset.check_stats(c, field)
    for i, cond in enumerate(c.conditions):
        definition = ruleset.condition(cond.id)
        if cond.stage is not None and cond.stage not in definition.stages:
            raise InputError(f"{field}.conditions[{i}].stage",
                             f"{cond.id} has no stage {cond.stage!r}", tuple(definition.stages))
    return c


def self_context(ruleset, q, c, extra_tags=()):
    """Predicate context for one creature (role ``self``)."""
    ctx = build_context(ruleset, q.options, {"self": c})
    if extra_tags:
        from ...engine import Context
        ctx = Context(ctx.tags | frozenset(extra_tags), ctx.numbers, ctx.options)
    return ctx


def mods_of(ruleset, c, ctx) -> list:
    return active_modifiers(ruleset, c, ctx) if c is not None else []


def forbidden(mods, *details) -> list:
    """Modifiers forbidding any of ``details`` (e.g. ``actions``, ``move``)."""
    found = flags(mods, "forbid")
    return [m for d in details for m in found.get(d, [])]


def sub(q, key: str) -> dict:
    value = q.payload.get(key, {})
    if not isinstance(value, dict):
        raise InputError(key, "must be an object")
    return value


def action_ids(q, key: str) -> list:
    """A list of action ids (``used``, ``victim_used``), each one known."""
    from .proc_tables import ACTIONS
    ids = q.list(key)
    for i, u in enumerate(ids):
        if not isinstance(u, str) or u not in ACTIONS:
            raise InputError(f"{key}[{i}]", f"unknown action {u!r}", tuple(ACTIONS))
    return ids


def typed(rolls: dict, key: str, sides: int, rng, field: str) -> int:
    """A die typed at the table under ``rolls[key]``, else rolled with ``rng``."""
    return dice.take(sides, rolls.get(key), rng, field)


def int_in(data: dict, key: str, low, high, default, field: str) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, f"must be a whole number from {low} to {high}")
    if not low <= value <= high:
        raise InputError(field, f"{value} is out of range: must be from {low} to {high}")
    return value


def flag_in(data: dict, key: str, field: str, default=False) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InputError(field, "must be true or false")
    return value


def percent_save(lines, roll: int) -> dict:
    """A percentile save: the chance is the sum of the lines (capped 0–100);
    it succeeds on a d100 at or under the chance. Margin = chance − roll."""
    bd = Breakdown.of(lines, "percent")
    chance = max(0, min(100, bd.total))
    return {"breakdown": bd, "chance": chance, "roll": roll, "success": roll <= chance,
            "margin": chance - roll}


def dex_for_checks(ruleset, c, mods, field: str, ctx) -> Breakdown:
    """The Dexterity score used for a check: the ``dex`` stat under the
    conditions' ``dex_score`` modifiers applied one after the other, each
    rounded down ("counts as N% of normal"; 66%/33% read as 2/3 and 1/3 under
    the combat option ``dex_fraction_value=thirds``), or, with detail ``set``,
    a fixed score (paralysed: 1) — the same arithmetic as the ruleset's
    ``effective`` Dex score, stacked by the ruleset (the same condition from
    the same cause counts once)."""
    if "dex" not in c.stats:
        raise InputError(f"{field}.stats.dex", "is required: the Dexterity score (1 to 25)")
    score = c.stat("dex")
    thirds = ctx.options.get("dex_fraction_value") == "thirds"
    lines = [Line("dex.score", score, ABILITY_TABLES)]
    current = score
    for m in mods:
        if m.target != "dex_score":
            continue
        if m.detail == "set":
            new = min(current, int(m.value))
        else:
            new = int(current * (THIRDS.get(m.value, m.value) if thirds else m.value))
        lines.append(Line(m.label or m.rule, new - current, m.rule, source=m.source))
        current = new
    return Breakdown.of(ruleset.stack("dex_score", lines, ctx))


ABILITY_TABLES = "ext.classic.ability-tables"
THIRDS = {0.66: 2 / 3, 0.33: 1 / 3}
