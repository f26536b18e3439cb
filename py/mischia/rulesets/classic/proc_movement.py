"""classic movement: hexes a creature can move this round.

The base is the creature's tactical movement factor (stat ``move``, hexes per
round). The conditions' ``move`` modifiers (debilitated −2/−1 …, data of the
combat conditions) reduce it, never below 1 hex; a forbidden move (paralysed,
surprised) leaves 0. A complex action — standing up (then a half move,
``classic.cond.prone.stand-up``) or picking up an object (a half move before
or after, ``classic.pickup.action``) — halves what is left
(``classic.action.complex-half-move``), rounding down; moving carefully costs
one extra movement point per hex (``classic.surprise.mod.careful-movement``).

Payload: ``creature``, ``action`` (``move``/``stand_up``/``pickup``/``complex``;
``stand_up: true`` is accepted too), ``careful`` (bool), ``hexes`` (planned),
``leaves_melee`` (bool: a prompt for attacks of opportunity).
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...engine import number
from ...errors import InputError
from ...result import Prompt, Result
from .proc_common import creature, forbidden, mods_of, self_context
from .proc_tables import ACTIONS

MOVE_ACTIONS = ("move", "stand_up", "pickup", "complex")
BASE_RULE = "ext.classic.sizes-weapons"   # movement factor in hexes (hex scale)


def movement(ruleset, q, rng) -> Result:
    c = creature(ruleset, q, "creature")
    if "move" not in c.stats:
        raise InputError("creature.stats.move", "is required: movement factor in hexes (0 to 30)")
    action = q.choice("action", MOVE_ACTIONS, "move")
    if q.flag("stand_up"):
        if action not in ("move", "stand_up"):
            raise InputError("stand_up", f"cannot combine with action {action!r}: one complex "
                                         "action with its half move")
        action = "stand_up"
    careful = q.flag("careful")
    ctx = self_context(ruleset, q, c)
    mods = mods_of(ruleset, c, ctx)
    base = c.stat("move")
    blocked = forbidden(mods, "move")
    if blocked:
        m = blocked[0]
        lines = [Line("move.base", base, BASE_RULE),
                 Line(m.label or m.rule, -base, m.rule, unit="hexes", source=m.source,
                      reason="forbidden")]
        bd = Breakdown.of(lines, "hexes")
    else:
        bd = _reduced(ruleset, base, [m for m in mods if m.target == "move"], ctx)
    lines = list(bd.lines)
    details = {"action": _action_detail(action)}
    if action != "move":
        kept = bd.total // 2
        lines.append(Line("move.half", kept - bd.total, "classic.action.complex-half-move",
                          unit="hexes", source=action, reason="complex-action"))
    if careful:
        now = sum(l.value for l in lines if l.applied)
        lines.append(Line("move.careful", now // 2 - now, "classic.surprise.mod.careful-movement",
                          unit="hexes", reason="extra-point-per-hex"))
    result = Breakdown.of(lines, "hexes")
    prompts = []
    hexes = q.payload.get("hexes")
    if hexes is not None:
        hexes = q.int("hexes", 0, 60)
        details["remaining"] = result.total - hexes
        details["fits"] = hexes <= result.total
    if q.flag("leaves_melee"):
        prompts.append(Prompt("classic.aoo.leave-melee",
                              "Leaving melee: every creature that was in melee with it may make "
                              "an attack of opportunity (Evasive Fighting can prevent it)."))
    return Result(value=result.total, breakdown=result, details=details, prompts=tuple(prompts))


def _reduced(ruleset, base, move_mods, ctx) -> Breakdown:
    """Base hexes plus the conditions' reductions, with the 1-hex minimum."""
    bd = number(ruleset, "move", [Line("move.base", base, BASE_RULE, unit="hexes")],
                move_mods, ctx, "hexes")
    if base >= 1 and bd.total < 1:
        rule = next((l.rule for l in bd.lines if l.applied and l.value < 0), BASE_RULE)
        lines = list(bd.lines) + [Line("move.minimum", 1 - bd.total, rule, unit="hexes",
                                       reason="floor")]
        bd = Breakdown.of(lines, "hexes")
    return bd


def _action_detail(action) -> dict:
    if action == "move":
        return ACTIONS["move"].to_dict()
    if action == "complex":
        return {"id": "complex", "type": "complex", "rule": "classic.action.complex-half-move",
                "half_move": "before-or-after"}
    return ACTIONS[action].to_dict()
