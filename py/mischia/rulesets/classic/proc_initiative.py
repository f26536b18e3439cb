"""classic initiative: the initiative factor of each combatant and the order.

The factor is the die rolled (d10 unless ``die`` says otherwise; the house
rules' initiative system is outside the seed: ``ext.classic.initiative-system``)
plus the modifier the table types (weapon speed, casting time…), plus the
``initiative`` modifiers of the creature's conditions ("+N penalties"), plus
the half-move malus of a creature entering close combat
(``classic.grapple.enter.initiative``); a creature picking up an object does
so at the factor of its full movement (``classic.pickup.timing``).

Lower factors act first (``classic.conv.initiative-direction``); option
``initiative_direction=higher-first`` (AMB-01) reads the penalties as typos
for −N and sorts higher first. Equal factors act simultaneously; a roll-off
is offered as a prompt and ``tiebreak`` dice order them.
"""

from __future__ import annotations

from dataclasses import replace

from ...breakdown import Breakdown, Line
from ...creature import Creature
from ...engine import Context
from ...errors import InputError
from ...result import Prompt, Result
from ...ruleset import lines_from
from .proc_common import checked, forbidden, int_in, mods_of, self_context, sub, typed

DIES = (6, 8, 10, 12, 20)
INIT_ACTIONS = ("", "grapple", "pickup")
RESERVED = ("direction", "groups", "not_acting", "phases")
SYSTEM = "ext.classic.initiative-system"

# §1.22: the order of a round as the seed implies it. The fear checks and the
# avoiding-sight choice are the combat conditions' rules (fear stages,
# avoiding sight), named by their phase only.
PHASES = (
    {"phase": "fear-checks", "rule": ""},
    {"phase": "avoiding-sight", "rule": ""},
    {"phase": "declaration", "rule": "classic.aoo.no-declaration"},
    {"phase": "actions-by-factor", "rule": "classic.conv.initiative-direction"},
    {"phase": "break-free", "rule": "classic.grapple.break-free"},
)


def initiative(ruleset, q, rng) -> Result:
    higher_first = q.options.get("initiative_direction") == "higher-first"
    sign = -1 if higher_first else 1
    die = q.choice("die", DIES, 10)
    rolls = q.raw_rolls()
    tiebreak = sub(q, "tiebreak")
    factors = sub(q, "factors")
    entries = _entries(ruleset, q)
    group_rolls, details, totals, not_acting = {}, {}, {}, []
    for e in entries:
        cid = e["id"]
        key = cid if cid in rolls or not e["group"] else e["group"]
        if key in group_rolls:
            roll = group_rolls[key]
        else:
            roll = group_rolls[key] = typed(rolls, key, die, rng, f"rolls.{key}")
        base = [Line("initiative.roll", roll, SYSTEM)]
        if e["modifier"]:
            base.append(Line("initiative.modifier", e["modifier"], SYSTEM))
        base += _action_lines(e, factors, sign)
        c = e["creature"]
        ctx = self_context(ruleset, q, c or Creature())
        mods = mods_of(ruleset, c, ctx)
        bd = _stacked(ruleset, base, [m for m in mods if m.target == "initiative"], ctx,
                      higher_first)
        details[cid] = bd
        totals[cid] = bd.total
        blocked = forbidden(mods, "actions")
        if blocked:
            not_acting.append({"id": cid, "rule": blocked[0].rule})
    order, groups, prompts = _order(entries, totals, tiebreak, higher_first)
    given = q.payload.get("order")
    if given is not None:
        if not isinstance(given, list) or not all(isinstance(g, str) for g in given) \
                or sorted(given) != sorted(totals):
            raise InputError("order", "must list every combatant id once", tuple(totals))
        order = list(given)
    details["direction"] = {"rule": "classic.conv.initiative-direction",
                            "order": "higher-first" if higher_first else "lower-first"}
    details["groups"] = groups
    details["not_acting"] = not_acting
    details["phases"] = list(PHASES)
    return Result(value=order, details=details, prompts=tuple(prompts))


def _stacked(ruleset, base, init_mods, ctx, higher_first) -> Breakdown:
    """Base lines plus the conditions' penalties, stacked by the ruleset as
    delay points; under ``higher-first`` (AMB-01) every condition line is
    then read as −N. The stacking sees the lower-first reading so that the
    sign is turned here only, once, for every condition (homebrew included)."""
    plain = Context(ctx.tags, ctx.numbers, {**ctx.options, "initiative_direction": "lower-first"})
    lines = ruleset.stack("initiative", list(base) + lines_from(init_mods), plain)
    if higher_first:
        lines = [l if i < len(base) else replace(l, value=-l.value, reason="higher-first")
                 for i, l in enumerate(lines)]
    return Breakdown.of(lines)


def _entries(ruleset, q) -> list:
    raw = q.list("combatants")
    if not raw:
        raise InputError("combatants", "list at least one combatant")
    out, seen = [], set()
    for i, item in enumerate(raw):
        field = f"combatants[{i}]"
        if not isinstance(item, dict):
            raise InputError(field, "must be an object {id, name, modifier, creature}")
        cid = item.get("id")
        if not isinstance(cid, str) or not cid or cid in seen or cid in RESERVED:
            raise InputError(f"{field}.id", "must be a unique, non-empty text id "
                                            f"(not {', '.join(RESERVED)})")
        seen.add(cid)
        c = None
        if item.get("creature") is not None:
            c = checked(ruleset, Creature.from_dict(item["creature"], f"{field}.creature"),
                        f"{field}.creature")
        group = item.get("group") or ""
        if not isinstance(group, str):
            raise InputError(f"{field}.group", "must be text")
        action = item.get("action", "")
        if action not in INIT_ACTIONS:
            raise InputError(f"{field}.action", f"unknown action {action!r}", INIT_ACTIONS)
        out.append({"id": cid, "creature": c, "group": group, "action": action,
                    "modifier": int_in(item, "modifier", -50, 50, 0, f"{field}.modifier"),
                    "moved": item.get("moved", False) is True})
    return out


def _factor(factors: dict, key: str, rule: str) -> int:
    if key not in factors:
        raise InputError(f"factors.{key}", f"is required by {rule}: the house rules' "
                                           f"initiative factor (0 to 20)")
    return int_in(factors, key, 0, 20, None, f"factors.{key}")


def _action_lines(e, factors, sign) -> list:
    if e["action"] == "grapple":
        rule = "classic.grapple.enter.initiative"
        return [Line("initiative.half_move", sign * _factor(factors, "half_move", rule), rule)]
    if e["action"] == "pickup":
        rule = "classic.pickup.timing"
        lines = [Line("initiative.full_move", sign * _factor(factors, "full_move", rule), rule)]
        if e["moved"]:
            lines.append(Line("initiative.half_move", sign * _factor(factors, "half_move", rule),
                              rule))
        return lines
    return []


def _order(entries, totals, tiebreak, higher_first):
    """Sort by factor; equal factors form a simultaneous group, ordered by the
    tiebreak dice when the table typed them all, else offered as a roll-off."""
    position = {e["id"]: i for i, e in enumerate(entries)}
    by_total = {}
    for cid, total in totals.items():
        by_total.setdefault(total, []).append(cid)
    order, groups, prompts = [], [], []
    for total in sorted(by_total, reverse=higher_first):
        ids = sorted(by_total[total], key=position.get)
        if len(ids) > 1:
            groups.append(ids)
            if all(i in tiebreak for i in ids):
                for i in ids:
                    int_in(tiebreak, i, 1, 100, None, f"tiebreak.{i}")
                ids = sorted(ids, key=lambda i: tiebreak[i], reverse=higher_first)
            else:
                prompts.append(Prompt(SYSTEM, "Equal initiative factors act simultaneously; "
                                              "roll off if the table wants an order",
                                      roll="d10", params={"ids": ids, "factor": total}))
        order.extend(ids)
    return order, groups, prompts
