"""pf1 action economy, attacks of opportunity and movement.

``query_actions``: what is left of a turn (standard, move, full-round, swift /
immediate, free, 5-foot step) after the actions ``used``, under the
creature's conditions (staggered, nauseated, dazed …) or in the surprise round;
whether one ``action`` is possible and provokes; attacks of opportunity per
round (Combat Reflexes, flat-footed, uncanny dodge) and the reach threatened.
``query_movement``: the distance a move, double move, run, charge, withdraw,
5-foot step or crawl allows in metres and what the ``segments`` cost.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...engine import active_modifiers, build_context, reminders
from ...errors import InputError
from ...model import Unit
from ...result import Prompt, Result
from .action_table import ACTION_TABLE, TYPES
from .combat import aoo_check
from .rules import (ACTIONS, AOO, CONCENTRATION, CONDITIONS, HP_DYING, MOVEMENT, REACH_LONG,
                    REACH_TALL, ROUND_TURN_ACTIONS, SQUARE, SUR_ACTIONS, ability_mods, flag_set)

MODES = ("move", "double", "run", "charge", "withdraw", "step", "crawl")
ARMOUR = ("none", "light", "medium", "heavy")
M = Unit.METRES.value


def economy(forbids, surprise=False):
    """The actions of one turn: counts per type, and whether only one of a
    move and a standard action is allowed (staggered, disabled, surprise)."""
    left = {t: 1 for t in TYPES}
    left["five_foot_step"] = 1
    if "actions" in forbids:
        return {k: 0 for k in left}, True
    for t in TYPES:
        if f"action.{t}" in forbids:
            left[t] = 0
    if "move" in forbids:
        left["five_foot_step"] = 0
    single = "action.both" in forbids
    if single:
        left["full_round"] = 0
    if surprise:    # one standard or one move action, plus free actions
        left.update(full_round=0, swift=0, immediate=0, none=0, five_foot_step=0)
        single = True
    return left, single


def spend(left, single, used):
    """Take the ``used`` action ids (or type names) out of the turn."""
    left = dict(left)
    stepped = False
    for i, u in enumerate(used):
        if not isinstance(u, str):
            raise InputError(f"used[{i}]", "must be an action name")
        a = ACTION_TABLE.get(u)
        t = a.type if a else u
        if t not in TYPES:
            raise InputError(f"used[{i}]", f"unknown action {u!r}", tuple(ACTION_TABLE) + TYPES)
        if not _available(a, t, left, single, stepped):
            raise InputError(f"used[{i}]", f"no {t.replace('_', '-')} action left this turn")
        if t == "full_round":
            left.update(standard=0, move=0, full_round=0)
        elif t == "standard":
            left.update(standard=0, full_round=0, move=0 if single else left["move"])
        elif t == "move":
            key = "move" if left["move"] else "standard"
            left.update({key: 0, "full_round": 0}, **({"standard": 0} if single else {}))
        elif t in ("swift", "immediate"):
            left.update(swift=0, immediate=0)
        if a and a.id == "five_foot_step":
            stepped = True
            left["five_foot_step"] = 0
        elif a and a.moves:
            left["five_foot_step"] = 0
    return left, stepped


def _available(a, t, left, single, stepped) -> bool:
    if a and a.moves and stepped and a.id != "five_foot_step":
        return False
    if a and a.id == "five_foot_step":
        return bool(left["five_foot_step"])
    if t == "move":
        return bool(left["move"] or (left["standard"] and not single))
    if t == "full_round":
        return bool(left["full_round"] and left["standard"] and left["move"])
    if t == "immediate":
        return bool(left["immediate"] and left["swift"])
    return bool(left[t])


def aoo_per_round(creature, mods, ctx) -> Breakdown:
    """1 attack of opportunity per round, + Dex bonus with Combat Reflexes;
    none while something forbids them (flat-footed without Combat Reflexes
    or uncanny dodge, grappled …)."""
    lines = [Line("aoo.base", 1, AOO)]
    if creature.has("combat_reflexes"):
        dex = creature.stat("dex_mod") + sum(m.value for m in ability_mods(mods, "dex"))
        if dex > 0:
            lines.append(Line("aoo.combat_reflexes", dex, AOO))
    blocked, flags = aoo_check(creature, mods, ctx)
    if blocked:
        total = sum(l.value for l in lines)
        lines.append(Line("aoo.forbidden", -total, blocked[0], reason="denied"))
    return Breakdown.of(lines + flags)


def reach(creature, reach_weapon=False) -> dict:
    table = REACH_LONG if creature.has("long") else REACH_TALL
    natural = table[creature.size]
    if reach_weapon:   # doubles the reach, but not against adjacent foes
        return {"min": 2 * SQUARE, "max": max(natural, SQUARE) * 2, "rule": AOO}
    return {"min": 0, "max": natural, "rule": AOO}


class Pf1Actions:
    """``query_actions`` and ``query_movement``."""

    def _self(self, q):
        creature = q.creature()
        self.check_stats(creature)
        ctx = build_context(self, q.options, {"self": creature})
        return creature, ctx, active_modifiers(self, creature, ctx)

    def query_actions(self, q, rng) -> Result:
        creature, ctx, mods = self._self(q)
        forbids = flag_set(mods, "forbid")
        surprise = q.flag("surprise_round")
        start, single = economy(forbids, surprise)
        left, stepped = spend(start, single, q.list("used"))
        aoo = aoo_per_round(creature, mods, ctx)
        aoo_used = q.int("aoo_used", 0, 50, 0)
        budget = {**left, "single": single, "rule": SUR_ACTIONS if surprise else ROUND_TURN_ACTIONS,
                  "off_turn": ["attack_of_opportunity", "immediate", "ready", "delay"]}
        details = {"budget": budget, "aoo": aoo, "aoo_left": max(0, aoo.total - aoo_used),
                   "reach": reach(creature, q.flag("reach_weapon"))}
        value, prompts, events = {"budget": left}, [], []
        action_id = q.payload.get("action")
        if action_id is not None:
            if not isinstance(action_id, str) or action_id not in ACTION_TABLE:
                raise InputError("action", f"unknown action {action_id!r}", tuple(ACTION_TABLE))
            value, extra_prompts, extra_events = self._one_action(
                ACTION_TABLE[action_id], creature, q, forbids, left, single, stepped, details)
            prompts += extra_prompts
            events += extra_events
        return Result(value=value, breakdown=aoo, details=details, prompts=tuple(prompts),
                      events=tuple(events), reminders=tuple(reminders(self, (creature,), None, ctx)))

    def _one_action(self, a, creature, q, forbids, left, single, stepped, details):
        blockers = [ms[0].rule for d, ms in forbids.items()
                    if d in a.blocked_by or d in ("actions", f"action.{a.type}")]
        if not blockers and not _available(a, a.type, left, single, stepped):
            blockers.append(SUR_ACTIONS if q.flag("surprise_round") else ACTIONS)
        maybe = a.provokes == "maybe"
        provokes = Line("action.provokes", 1 if a.provokes else 0, AOO, "flag",
                        reason="depends" if maybe else "")
        prompts, events = [], []
        if a.provokes and a.unless and creature.has(a.unless):
            provokes = provokes.suppressed(a.unless)
        if a.id == "cast_spell" and q.flag("defensive"):
            level = q.int("spell_level", 0, 9, 0)
            provokes = provokes.suppressed("defensive")
            prompts.append(Prompt(CONCENTRATION, "casting defensively: concentration check",
                                  roll="d20+caster_level+casting_mod", target=15 + 2 * level))
        disabled = any(c.id == "disabled" for c in creature.conditions) or (
            q.payload.get("hp") is not None and q.hp().status == "disabled")
        if disabled and a.type == "standard":
            details["damage_after"] = 1
            events.append(HP_DYING)
            prompts.append(Prompt(HP_DYING, "disabled: the standard action deals 1 damage once "
                                            "it is completed", target=1))
        details["provokes"] = Breakdown.of([provokes], "flag")
        value = {"action": a.id, "type": a.type, "allowed": not blockers,
                 "blocked_by": list(dict.fromkeys(blockers)),
                 "provokes": ("maybe" if maybe else True) if provokes.applied and a.provokes else False,
                 "type_rule": ACTIONS, "budget": left}
        return value, prompts, events

    # ----- movement ----------------------------------------------------------
    def query_movement(self, q, rng) -> Result:
        creature, ctx, mods = self._self(q)
        forbids = flag_set(mods, "forbid")
        default_speed = creature.stat("speed") if "speed" in creature.stats else None
        if q.payload.get("speed", default_speed) is None:
            raise InputError("speed", "give the speed in metres (or the creature's speed stat)")
        speed = q.number("speed", 0, 120, default_speed)
        mode = q.choice("mode", MODES, "move")
        armour = q.choice("armour", ARMOUR, "heavy" if creature.has("heavy_armour") else "none")
        segments = self._segments(q)
        lines = [Line("speed", speed, MOVEMENT, M)]
        halves = sorted((m for m in mods if m.target == "move" and m.unit is Unit.FRACTION),
                        key=lambda m: m.value)
        base = speed
        for i, m in enumerate(halves):
            line = Line("speed.half", -(speed - speed * m.value), m.rule, M, source=m.source)
            lines.append(line if i == 0 else line.suppressed("did-not-stack"))
            base = speed * halves[0].value
        left, single = economy(forbids, q.flag("surprise_round"))
        blocked = [ms[0].rule for d, ms in forbids.items() if d in ("actions", "move")]
        lines, more = self._mode_lines(mode, base, armour, lines, forbids, left, single, q)
        blocked += more
        difficult = any(s["difficult"] for s in segments)
        if difficult and mode in ("run", "charge", "step"):
            blocked.append(MOVEMENT)
        cost = Breakdown.of([Line(f"segment[{i}]", s["distance"] * (2 if s["difficult"] else 1),
                                  MOVEMENT if s["difficult"] else ACTIONS, M,
                                  reason="difficult" if s["difficult"] else "")
                             for i, s in enumerate(segments)], M)
        allowance = Breakdown.of(lines, M)
        remaining = allowance.total - cost.total
        prompts = []
        if any(m.source.split(":")[0] == "blinded" for m in halves):
            prompts.append(Prompt(CONDITIONS, "blinded: a DC 10 Acrobatics check to move faster "
                                              "than half speed", roll="d20+acrobatics", target=10))
        value = {"allowed": not blocked and remaining >= 0, "allowance": allowance.total,
                 "cost": cost.total, "remaining": max(0, remaining), "blocked_by": list(dict.fromkeys(blocked))}
        return Result(value=value, breakdown=allowance, details={"cost": cost}, prompts=tuple(prompts),
                      reminders=tuple(reminders(self, (creature,), None, ctx)))

    @staticmethod
    def _segments(q) -> list:
        out = []
        for i, s in enumerate(q.list("segments")):
            if not isinstance(s, dict):
                raise InputError(f"segments[{i}]", "must be {distance, difficult}")
            d = s.get("distance")
            if isinstance(d, bool) or not isinstance(d, (int, float)) or not 0 <= d <= 1000:
                raise InputError(f"segments[{i}].distance", "must be metres from 0 to 1000")
            difficult = s.get("difficult", False)
            if not isinstance(difficult, bool):
                raise InputError(f"segments[{i}].difficult", "must be true or false")
            out.append({"distance": d, "difficult": difficult})
        return out

    def _mode_lines(self, mode, base, armour, lines, forbids, left, single, q):
        blocked = []
        restricted = not left["full_round"] and left["standard"]
        if mode in ("step", "crawl"):
            if mode == "step" and (q.flag("moved") or base <= SQUARE or not left["five_foot_step"]):
                blocked.append(ACTIONS)
            return [Line(f"move.{mode}", SQUARE, ACTIONS, M)], blocked
        if mode == "double":
            lines.append(Line("move.double", base, ACTIONS, M))
            if single:
                blocked.append(forbids["action.both"][0].rule if "action.both" in forbids else SUR_ACTIONS)
        elif mode == "run":
            mult = 3 if armour == "heavy" else 4
            lines.append(Line("move.run", base * (mult - 1), MOVEMENT if mult == 3 else ACTIONS, M,
                              reason="heavy-armour" if mult == 3 else ""))
            blocked += [forbids[d][0].rule for d in ("run",) if d in forbids]
            if not left["full_round"]:
                blocked.append(ACTIONS)
        elif mode in ("charge", "withdraw"):
            if restricted:
                lines.append(Line(f"move.{mode}.restricted", 0, ACTIONS, M, reason="standard-action"))
            else:
                lines.append(Line(f"move.{mode}", base, ACTIONS, M))
            if mode == "charge" and "charge" in forbids:
                blocked.append(forbids["charge"][0].rule)
            if not left["full_round"] and not left["standard"]:
                blocked.append(ACTIONS)
        if q.flag("stand_up"):
            lines.append(Line("move.stand_up", -base, ACTIONS, M, reason="move-action"))
        return lines, blocked
