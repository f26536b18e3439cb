"""classic action economy: the ``actions`` query.

Without ``action`` it lists the kinds of action of the round (``ACTIONS``)
and which are still available after ``used`` (a complex action leaves only a
half move, ``classic.action.complex-half-move``; one attack of opportunity per
round, ``classic.aoo.one-per-round``; a creature whose conditions forbid
actions has none). With ``action`` it answers for that one action:

``move``     provokes? (``leaves_melee``, ``passes_enemies``)
``stand_up`` / ``pickup``  complex action with its half move; picking up
             gives the ``picking_up`` condition until done (``classic.pickup.ac``)
``attack``   allowed? (close combat: target-only, two-handed) and the attack
             modifiers of the attacker's conditions; a missed attack in close
             combat with an M/L weapon prompts the drop-weapon Reflex save
``cast``     allowed? (``components``: verbal/somatic/material)
``aoo``      see ``proc_aoo``; ``grapple``, ``outside_attack``,
             ``split_effect``, ``break_free``, ``separate``: see ``proc_grapple``
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...creature import AttackSpec, Creature
from ...engine import active_modifiers, build_context, flags, number
from ...errors import InputError
from ...result import Prompt, Result
from . import proc_aoo, proc_grapple
from .proc_common import action_ids, creature, forbidden, mods_of, self_context
from .proc_conditions import PICKING_UP
from .proc_tables import ACTIONS, weapon_size

COMPONENTS = ("verbal", "somatic", "material")


def actions(ruleset, q, rng) -> Result:
    action = q.payload.get("action")
    if action is None:
        return economy(ruleset, q)
    if not isinstance(action, str) or action not in ACTIONS:
        raise InputError("action", f"unknown action {action!r}", tuple(ACTIONS))
    handler = HANDLERS[action]
    return handler(ruleset, q, rng)


def economy(ruleset, q) -> Result:
    c = creature(ruleset, q, "creature", required=False) or Creature()
    used = action_ids(q, "used")
    mods = mods_of(ruleset, c, self_context(ruleset, q, c))
    blocked = forbidden(mods, "actions")
    notes = {}
    if blocked:
        available = []
        notes["actions"] = blocked[0].rule
    elif any(ACTIONS[u].type == "complex" for u in used):
        available = ["move", "aoo"]
        notes["move"] = "classic.action.complex-half-move"
    else:
        available = [a for a in ACTIONS if ACTIONS[a].type not in ("end-of-round",)]
    no_aoo = forbidden(mods, "aoo")
    if "aoo" in available and ("aoo" in used or no_aoo):
        available.remove("aoo")
        notes["aoo"] = "classic.aoo.one-per-round" if "aoo" in used else no_aoo[0].rule
    value = {"actions": [a.to_dict() for a in ACTIONS.values()], "available": available,
             "notes": notes}
    return Result(value=value)


def move(ruleset, q, rng) -> Result:
    rules = []
    if q.flag("leaves_melee"):
        rules.append("classic.aoo.leave-melee")
    if q.flag("passes_enemies"):
        rules.append("classic.aoo.passing")
    value = dict(ACTIONS["move"].to_dict(), provokes=bool(rules), provokes_rules=rules)
    prompts = tuple(Prompt(r, "Possible attack of opportunity: ask the actions query with "
                              "action 'aoo' for each threatening creature") for r in rules)
    return Result(value=value, prompts=prompts)


def stand_up(ruleset, q, rng) -> Result:
    value = dict(ACTIONS["stand_up"].to_dict(), then="half-move",
                 combined_rule="classic.action.complex-half-move")
    return Result(value=value)


def pickup(ruleset, q, rng) -> Result:
    """Picking up: a complex action with a half move before or after; until
    done, +2 AC penalty and no Dex to AC (shield still counts)."""
    ac_lines = [Line(m.label or m.rule, m.value, m.rule, source="picking_up")
                for m in PICKING_UP.modifiers if m.target == "ac"]
    denied = [m.detail for m in PICKING_UP.modifiers if m.target == "deny"]
    value = dict(ACTIONS["pickup"].to_dict(), condition="picking_up", denies=denied,
                 timing="classic.pickup.timing", combined_rule="classic.action.complex-half-move")
    return Result(value=value, breakdown=Breakdown.of(ac_lines),
                  reminders=PICKING_UP.reminders)


def attack(ruleset, q, rng) -> Result:
    c = creature(ruleset, q, "creature")
    d = creature(ruleset, q, "defender", required=False)
    spec = AttackSpec.from_dict(q.payload.get("attack", {}), "attack")
    roles = {"attacker": c}
    if d is not None:
        roles["defender"] = d
    ctx = build_context(ruleset, q.options, roles, spec)
    mods = active_modifiers(ruleset, c, ctx)
    stops = [m.rule for key, ms in flags(mods, "forbid").items()
             if key in ("attack", f"attack.{spec.kind}", "actions") for m in ms]
    if d is None:   # without the defender the target-only check reads ``target``
        stops = [r for r in stops if r != "classic.grapple.target-only"]
    partner = next((cond.cause for cond in c.conditions if cond.id == "grappling"), "")
    target = q.payload.get("target")
    if partner and target is not None and target != partner:
        stops.append("classic.grapple.target-only")
    bd = number(ruleset, "attack", [], [m for m in mods if m.target == "attack"], ctx)
    value = {"allowed": not stops, "rule": stops[0] if stops else None,
             "attack_modifier": bd.total}
    prompts = ()
    grappling = "attacker.cond.grappling" in ctx.tags
    if (grappling and q.payload.get("hit") is False
            and weapon_size(spec.weapon) in ("M", "L")):
        prompts = (Prompt("classic.grapple.drop-weapon",
                          "Missed in close combat with a size M or L weapon: Reflex save or "
                          "the weapon falls to the ground", roll="save.reflexes"),)
    return Result(value=value, breakdown=bd, prompts=prompts)


def cast(ruleset, q, rng) -> Result:
    c = creature(ruleset, q, "creature")
    comps = q.list("components")
    for i, comp in enumerate(comps):
        if comp not in COMPONENTS:
            raise InputError(f"components[{i}]", f"unknown component {comp!r}", COMPONENTS)
    mods = mods_of(ruleset, c, self_context(ruleset, q, c))
    stops = forbidden(mods, "actions", *(f"spell.{comp}" for comp in comps))
    value = {"allowed": not stops, "rule": stops[0].rule if stops else None}
    return Result(value=value)


HANDLERS = {
    "move": move, "stand_up": stand_up, "pickup": pickup, "attack": attack, "cast": cast,
    "aoo": proc_aoo.aoo, "grapple": proc_grapple.grapple,
    "outside_attack": proc_grapple.outside_attack, "split_effect": proc_grapple.split_effect,
    "break_free": proc_grapple.break_free, "separate": proc_grapple.separate,
}
