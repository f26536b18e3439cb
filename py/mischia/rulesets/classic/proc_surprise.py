"""classic surprise: the d100 surprise check of each combatant.

A creature is surprised when the d100 plus its modifiers is 30 or less
(``classic.surprise.roll``); a natural 01–05 is always a surprise, 96 or more
never (``classic.surprise.crit-fail``/``crit-success``). Modifiers written as
points (Reaction Adjustment, Wisdom Surprise Modifier, the conditions'
``surprise`` modifiers such as deafness, helmets, the event, a complex action,
careful movement) count 5% a point (``classic.surprise.modifier-scale``;
option ``surprise_modifier_scale=raw-points`` for AMB-25); the sentry's
fatigue is already in percent. A creature that expects the encounter is not
rolled and cannot be surprised.

Payload per combatant: ``id``, ``aware``/``expecting`` (bool), ``creature``
(stats ``reaction_adjustment``, ``surprise_modifier``; conditions), and
``surprise``: ``event`` (0–4, the event's penalty), ``complex_action``,
``careful_movement`` (bools), ``equipment`` (−10…0 points, helmets…),
``guard_hours`` (hours on guard since the last 8-hour rest), ``guard`` (bool).
"""

from __future__ import annotations

import math

from ...breakdown import Breakdown, Line
from ...creature import Creature
from ...errors import InputError
from ...model import Reminder, Unit
from ...result import Prompt, Result
from .proc_common import checked, flag_in, int_in, mods_of, self_context, typed

THRESHOLD = 30
CRIT_FAIL = 5
CRIT_SUCCESS = 96
COMPLEX_ACTION_POINTS = -4     # also stated as −20%: applied once
CAREFUL_POINTS = 2
GUARD_HOURS = 3
GUARD_STEP = -5                # percent per hour or fraction beyond three hours
GUARD_CAP = -20

REMINDERS = (
    Reminder("classic.surprise.guard",
             "A guard at a fixed post rolls for surprise on a sudden hostile encounter "
             "and acts this round only if not surprised."),
    Reminder("classic.surprise.expecting.limit",
             "Waiting for an expected encounter prevents any other action and lasts "
             "only short periods."),
    Reminder("classic.surprise.postponed-action",
             "A creature that was not surprised acts only when it can logically act, even "
             "if its initiative is faster than the enemy's arrival."),
    Reminder("classic.surprise.casting-visibility",
             "Targeted spells need targets visible since the start of the round of the "
             "declaration."),
)


def surprise(ruleset, q, rng) -> Result:
    raw_points = q.options.get("surprise_modifier_scale") == "raw-points"
    rolls = q.raw_rolls()
    items = q.list("combatants")
    if not items:
        raise InputError("combatants", "list at least one combatant")
    details, outcomes, surprised, acting, events = {}, {}, [], [], []
    prompts = []
    seen = set()
    for i, item in enumerate(items):
        field = f"combatants[{i}]"
        if not isinstance(item, dict):
            raise InputError(field, "must be an object {id, aware, creature, surprise}")
        cid = item.get("id")
        if not isinstance(cid, str) or not cid or cid in seen:
            raise InputError(f"{field}.id", "must be a unique, non-empty text id")
        seen.add(cid)
        c = Creature()
        if item.get("creature") is not None:
            c = checked(ruleset, Creature.from_dict(item["creature"], f"{field}.creature"),
                        f"{field}.creature")
        inputs = item.get("surprise", {})
        if not isinstance(inputs, dict):
            raise InputError(f"{field}.surprise", "must be an object")
        expecting = (flag_in(item, "aware", f"{field}.aware")
                     or flag_in(item, "expecting", f"{field}.expecting"))
        if expecting:
            details[cid] = Breakdown.of([Line("surprise.expecting", 0, "classic.surprise.expecting",
                                              unit="percent", reason="not-rolled")], "percent")
            outcomes[cid] = {"surprised": False, "rolled": False,
                             "decided_by": "classic.surprise.expecting"}
            acting.append(cid)
            continue
        hours = _guard_hours(inputs, field)
        natural = typed(rolls, cid, 100, rng, f"rolls.{cid}")
        lines = [Line("surprise.d100", natural, "classic.surprise.roll", unit="percent")]
        lines += _modifier_lines(ruleset, q, c, inputs, f"{field}.surprise", raw_points)
        lines += _guard_lines(hours)
        bd = Breakdown.of(lines, "percent")
        outcome = _outcome(natural, bd.total)
        outcome["scale"] = {"rule": "classic.surprise.modifier-scale",
                            "percent_per_point": 1 if raw_points else 5}
        details[cid] = bd
        outcomes[cid] = outcome
        if outcome["surprised"]:
            surprised.append(cid)
            events.append(outcome["decided_by"])
        else:
            acting.append(cid)
        if hours > GUARD_HOURS:
            prompts.append(_rest_prompt(cid))
    value = {"surprise_round": bool(surprised), "surprised": surprised, "acting": acting,
             "outcomes": outcomes, "condition": "surprised"}
    return Result(value=value, details=details, reminders=REMINDERS, events=tuple(events),
                  prompts=tuple(prompts))


def _outcome(natural: int, total) -> dict:
    if natural <= CRIT_FAIL:
        surprised, rule = True, "classic.surprise.crit-fail"
    elif natural >= CRIT_SUCCESS:
        surprised, rule = False, "classic.surprise.crit-success"
    else:
        surprised = total <= THRESHOLD
        rule = "classic.surprise.roll" if surprised else "classic.surprise.success"
    return {"surprised": surprised, "rolled": True, "natural": natural, "total": total,
            "threshold": THRESHOLD, "decided_by": rule}


def _points(label, points, rule, raw_points, source="") -> Line:
    """A modifier written in points, on the d100 scale (1 point = 5%)."""
    value = points if raw_points else points * 5
    return Line(label, value, rule, unit="percent", source=source,
                reason="raw-points" if raw_points else "points-to-percent")


def _modifier_lines(ruleset, q, c, inputs, field, raw_points) -> list:
    lines = []
    ra = c.stat("reaction_adjustment")
    if ra:
        lines.append(_points("surprise.reaction_adjustment", ra,
                             "classic.surprise.mod.reaction-adjustment", raw_points))
    wis = c.stat("surprise_modifier")
    if wis:
        lines.append(_points("surprise.wisdom", wis, "classic.surprise.mod.wisdom", raw_points))
    ctx = self_context(ruleset, q, c)
    for m in mods_of(ruleset, c, ctx):
        if m.target != "surprise":
            continue
        if m.unit is Unit.PERCENT:
            lines.append(Line(m.label or m.rule, m.value, m.rule, unit="percent", source=m.source))
        else:
            lines.append(_points(m.label or m.rule, m.value, m.rule, raw_points, m.source))
    equipment = int_in(inputs, "equipment", -10, 0, 0, f"{field}.equipment")
    if equipment:
        lines.append(_points("surprise.equipment", equipment, "classic.surprise.mod.equipment",
                             raw_points))
    event = int_in(inputs, "event", 0, 4, 0, f"{field}.event")
    if event:
        lines.append(_points("surprise.event", -event, "classic.surprise.mod.event", raw_points))
    if flag_in(inputs, "complex_action", f"{field}.complex_action"):
        lines.append(_points("surprise.complex_action", COMPLEX_ACTION_POINTS,
                             "classic.surprise.mod.complex-action", raw_points))
    if flag_in(inputs, "careful_movement", f"{field}.careful_movement"):
        lines.append(_points("surprise.careful_movement", CAREFUL_POINTS,
                             "classic.surprise.mod.careful-movement", raw_points))
    return lines


def _guard_hours(inputs, field) -> float:
    hours = inputs.get("guard_hours", 0)
    if isinstance(hours, bool) or not isinstance(hours, (int, float)) or not 0 <= hours <= 72:
        raise InputError(f"{field}.surprise.guard_hours", "must be a number of hours from 0 to 72")
    return hours


def _guard_lines(hours) -> list:
    """A sentry is fully effective for three hours; then −5% per further hour
    or fraction of an hour, up to −20%."""
    if hours <= 0:
        return []
    if hours <= GUARD_HOURS:
        return [Line("surprise.guard", 0, "classic.surprise.guard.duration", unit="percent",
                     reason="fully-effective")]
    extra = math.ceil(hours - GUARD_HOURS)
    raw = GUARD_STEP * extra
    line = Line("surprise.guard_fatigue", max(raw, GUARD_CAP), "classic.surprise.guard.fatigue",
                unit="percent", reason="cap" if raw < GUARD_CAP else f"{extra}h")
    return [line]


def _rest_prompt(cid):
    return Prompt("classic.surprise.guard.duration",
                  "This sentry has been on guard for more than three hours: it should stop "
                  "and rest for at least 8 hours.", params={"id": cid})
