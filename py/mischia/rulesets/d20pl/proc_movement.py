"""d20pl speed and movement (*Szybkość*, *Akcje ruchu*, seed 003).

Speed is looked up in the seed's table by size and load, never computed
(AMB-42: the medium-load column is not a fixed fraction). The text also
names armour, so by default the worse of the load column and the column of
the armour's weight is used (option ``speed_armour``). Modes then scale the
current speed: two move actions ×2, run ×4 (×3 in heavy armour), climb at
most 1/5, swim at most 1/4, crawl one Short step, the Short step 1/5 of the
current speed (AMB-43: or a flat 1.5 m), withdraw ×2.

Payload: ``creature`` (its ``size``; ``speed`` stat = a racial speed in
metres that replaces the table), ``load`` and ``armour`` (none, light,
medium, heavy), ``mode``, optional ``distance`` wanted (metres).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...breakdown import Breakdown, Line
from ...engine import active_modifiers, build_context, flags, select
from ...model import OptionDef, Unit
from ...result import Result


@dataclass(frozen=True)
class SpeedRow:
    """One row of *Tabela szybkości*: metres per round by load."""

    rule: str
    base: float
    light: float
    medium: float
    heavy: float


SPEED_TABLE = {
    # pl: Filigranowa (printed "Fligranowa")
    "fine": SpeedRow("d20pl.speed.fine", 2, 1.6, 1.25, 1),
    "diminutive": SpeedRow("d20pl.speed.diminutive", 3, 2.4, 2, 1.5),    # pl: Drobna
    "tiny": SpeedRow("d20pl.speed.tiny", 4, 3.2, 2.5, 2),                # pl: Malutka
    "small": SpeedRow("d20pl.speed.small", 5, 4, 3.25, 2.5),             # pl: Mała
    "medium": SpeedRow("d20pl.speed.medium", 6, 4.8, 4, 3),              # pl: Normalna
    "large": SpeedRow("d20pl.speed.large", 8, 6.4, 5.25, 4),             # pl: Duża
    "huge": SpeedRow("d20pl.speed.huge", 12, 9.6, 8, 6),                 # pl: Wielka
    "gargantuan": SpeedRow("d20pl.speed.gargantuan", 15, 12, 10, 7.5),   # pl: Olbrzymia
    "colossal": SpeedRow("d20pl.speed.colossal", 18, 14.4, 12, 9),       # pl: Kolosalna
}
LOADS = ("none", "light", "medium", "heavy")
_COLUMN = {"none": "base", "light": "light", "medium": "medium", "heavy": "heavy"}

R_BASIS = "d20pl.speed.basis"
R_SHORT_STEP = "d20pl.move.short-step"
R_NO_DISTANCE = "d20pl.move.no-distance-step"
STEP_METRES = 1.5

# mode → (multiplier of the current speed, rule, action type, provokes, short step allowed)
MODES = {
    "move": (1, "d20pl.move.move-action", "move", "leaving", False),
    "double": (2, "d20pl.move.double", "move+move", "leaving", False),
    "run": (4, "d20pl.move.run", "full-round", "leaving", False),
    "climb": (0.2, "d20pl.move.climb", "move", "leaving", False),
    "swim": (0.25, "d20pl.move.swim", "move", "leaving", False),
    "crawl": (None, "d20pl.move.crawl", "move", "any-point", False),
    "short_step": (None, R_SHORT_STEP, "not-an-action", "no", True),
    "no_distance_step": (None, R_NO_DISTANCE, "not-an-action", "no", True),
    "withdraw": (2, "d20pl.action.withdraw", "full-round", "new-threat-only", False),
}
RUN_HEAVY_ARMOUR = 3

OPTIONS = {
    "speed_armour": OptionDef(
        "speed_armour", R_BASIS, "worse-of-load-and-armour", ("worse-of-load-and-armour", "load-only"),
        amb="AMB-42", text="Speed: the worse of the load column and the armour's column, or the "
                           "load column only"),
    "short_step": OptionDef(
        "short_step", R_SHORT_STEP, "fifth-of-speed", ("fifth-of-speed", "1.5m"), amb="AMB-43",
        text="Short step: 1/5 of the current speed, or a 1.5 m step"),
}

STATS = {"speed": (0, 200)}


def _r(value) -> float:
    value = round(value, 2)
    return int(value) if float(value).is_integer() else value


def current_speed(creature, load, armour, options) -> tuple:
    """(speed lines, column details): the table lookup or the racial speed."""
    row = SPEED_TABLE[creature.size]
    if "speed" in creature.stats:
        return [Line("speed.racial", creature.stat("speed"), R_BASIS, reason="race")], {
            "column": "racial", "rule": R_BASIS}
    by_load = _COLUMN[load]
    by_armour = _COLUMN[armour] if options["speed_armour"] == "worse-of-load-and-armour" else "base"
    column = min((by_load, by_armour), key=lambda c: getattr(row, c))
    why = f"armour:{armour}" if column == by_armour and column != by_load else f"load:{load}"
    return [Line(f"speed.{column}", getattr(row, column), row.rule, reason=why)], {
        "column": column, "load": load, "armour": armour, "rule": R_BASIS,
        "choice": options["speed_armour"]}


def step_lines(speed, options, rule) -> list:
    if options["short_step"] == "1.5m":
        return [Line("move.step", STEP_METRES, rule, reason="1.5m")]
    return [Line("move.step", _r(speed / 5), rule, reason="1/5 speed")]


def movement(ruleset, q, rng) -> Result:
    creature = q.creature()
    ruleset.check_stats(creature)
    load = q.choice("load", LOADS, "none")
    armour = q.choice("armour", LOADS, "none")
    mode = q.choice("mode", tuple(MODES), "move")
    options = q.options
    ctx = build_context(ruleset, options, {"self": creature})
    mods = active_modifiers(ruleset, creature, ctx)
    lines, column = current_speed(creature, load, armour, options)
    for m in select(mods, "move"):
        if m.unit is Unit.METRES:
            lines.append(Line(m.label or m.rule, m.value, m.rule, "metres", source=m.source))
    speed = sum(l.value for l in lines)
    for m in select(mods, "move"):
        if m.unit is Unit.FRACTION:
            lines.append(Line(m.label or m.rule, _r(speed * m.value - speed), m.rule, "metres",
                              source=m.source, reason=f"x{m.value}"))
            speed = sum(l.value for l in lines)
    speed = max(0, _r(speed))
    mult, rule, action, provokes, step_ok = MODES[mode]
    mode_lines = []
    if mode == "run" and armour == "heavy":
        mult = RUN_HEAVY_ARMOUR
    if mult is not None and mult != 1:
        mode_lines.append(Line(f"move.{mode}", _r(speed * mult - speed), rule, reason=f"x{mult}"))
    elif mult is None:
        step_rule = rule if mode != "no_distance_step" else R_NO_DISTANCE
        step = step_lines(speed, options, step_rule)
        mode_lines.append(Line(f"move.{mode}", _r(step[0].value - speed), step_rule, reason=step[0].reason))
    else:
        mode_lines.append(Line("move.move-action", 0, rule, reason="x1"))
    forbidden = flags(mods, "forbid").get("move")
    if forbidden:
        total = sum(l.value for l in lines + mode_lines)
        mode_lines.append(Line("move.forbidden", -_r(total), forbidden[0].rule, source=forbidden[0].source,
                               reason="forbidden"))
    all_lines = tuple(l if l.unit == "metres" else _metres(l) for l in lines + mode_lines)
    bd = Breakdown(_r(sum(l.value for l in all_lines if l.applied)), all_lines, "metres")
    distance = max(0, _r(bd.total))
    value = {"distance": distance, "mode": mode, "action": action, "provokes": provokes,
             "short_step_allowed": step_ok, "rule": rule, "speed": speed}
    details = {"speed": column}
    if mode == "run":
        value["deny"] = {"dex_dodge_test": rule}
        value["straight_line"] = True
    if mode == "crawl":
        value["provokes_rule"] = rule
    wanted = q.payload.get("distance")
    if wanted is not None:
        wanted = q.number("distance", 0, 10000)
        details["remaining"] = _r(distance - wanted)
        value["fits"] = wanted <= distance
    return Result(value=value, breakdown=bd, details=details)


def _metres(line) -> Line:
    return Line(line.label, line.value, line.rule, "metres", line.applied, line.reason,
                line.source, line.type)

