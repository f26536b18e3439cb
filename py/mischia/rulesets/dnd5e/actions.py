"""dnd5e action economy: what a creature can still do this turn.

On its turn a creature can move up to its speed and take one action, in
either order (``dnd5e.turn.move-and-action``), one bonus action when a
feature grants one (``dnd5e.bonus.*``), one free interaction with an object
(``dnd5e.free.one-object``, AMB-51 option ``object_interaction``) and one
reaction per round (``ext.dnd5e.reactions-oa``). Anything that forbids
actions also forbids the bonus action. Each resource is a ``Breakdown``
(what is available, what blocked or used it, each line with its rule).
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...engine import flags
from ...errors import InputError
from ...model import Reminder
from ...result import Result
from .tables import ACTIONS, COMBAT_ACTIONS, R_ACTIONS, R_REACTIONS

RESOURCES = ("action", "bonus_action", "reaction", "object")
TIPS = (
    Reminder("dnd5e.turn.class-options", "Class features and special abilities may give more "
                                         "options for your action"),
)
OBJECT_TIPS = (
    Reminder("dnd5e.free.dm-may-require-action", "The DM may require an action for an "
             "interaction that needs special care or meets an unusual obstacle (a closed door, "
             "a drawbridge crank)"),
    Reminder("dnd5e.free.examples", "Free interactions: draw or sheathe a sword, open or close "
             "a door, take a potion from a backpack, pick up a dropped axe, take an item from a "
             "table, eat a bite, pull a lever, take a torch from a sconce, don a mask, put an ear "
             "to a door, kick a stone, turn a key, tap the floor with a 3 m pole, hand an item "
             "to someone"),
)


def _block(lines, mods, rule=None):
    """Lines blocking a resource: the first forbidding modifier takes it all."""
    out = []
    have = sum(l.value for l in lines if l.applied)
    for i, m in enumerate(mods):
        line = Line("economy.blocked", -have, rule or m.rule, source=m.source, reason="forbidden")
        out.append(line if i == 0 and have > 0 else line.suppressed("did-not-stack"))
    return out


class Dnd5eActions:
    """The action economy and ``query_actions``."""

    def bonus_sources(self, creature, payload_sources) -> list:
        return sorted(set(payload_sources) | {t[6:] for t in creature.traits
                                             if t.startswith("bonus.")})

    def economy(self, creature, mods, used, bonus_sources, options, field="used") -> dict:
        """resource → Breakdown of what is left after ``used`` (action ids in order)."""
        for i, aid in enumerate(used):
            if not isinstance(aid, str) or aid not in ACTIONS:
                raise InputError(f"{field}[{i}]", f"unknown action {aid!r}", tuple(ACTIONS))
        forbid = flags(mods, "forbid")
        taken = sum(1 for aid in used if ACTIONS[aid].cost in ("action", "bonus_action"))
        allowance = max(1, taken) if options.get("object_interaction") == "per-action" else 1
        state = {
            "action": [Line("economy.action", 1, "dnd5e.turn.move-and-action")],
            "bonus_action": [Line("economy.bonus_action", 1 if bonus_sources else 0,
                                  "dnd5e.bonus.source",
                                  reason="" if bonus_sources else "no-feature")],
            "reaction": [Line("economy.reaction", 1, R_REACTIONS)],
            "object": [Line("economy.object", allowance, "dnd5e.free.one-object")],
        }
        state["action"] += _block(state["action"], forbid.get("actions", []))
        state["bonus_action"] += _block(
            state["bonus_action"], forbid.get("bonus_action", []) + forbid.get("actions", []),
            "dnd5e.bonus.no-actions-no-bonus")
        state["reaction"] += _block(state["reaction"], forbid.get("reactions", []))
        for i, aid in enumerate(used):
            resource, rule = self.cost(aid, state)
            if resource is None:
                continue
            if _left(state[resource]) <= 0:
                raise InputError(f"{field}[{i}]", f"{aid} needs the {resource.replace('_', ' ')}, "
                                                  "which is used up or not available")
            state[resource].append(Line(f"used.{aid}", -1, rule))
        return {k: Breakdown.of(v) for k, v in state.items()}

    @staticmethod
    def cost(aid, state):
        """(resource, rule) an action spends now; None for free or movement."""
        a = ACTIONS[aid]
        if a.cost == "object":
            if _left(state["object"]) > 0:
                return "object", a.rule
            return "action", "dnd5e.free.second-object"
        if a.cost == "bonus_action":
            return "bonus_action", "dnd5e.bonus.one-per-turn"
        if a.cost in ("action", "reaction"):
            return a.cost, a.rule
        return None, a.rule

    def query_actions(self, q, rng) -> Result:
        creature, ctx, mods = self._self(q)
        used = q.list("used")
        sources = q.list("bonus_actions")
        if not all(isinstance(s, str) for s in sources):
            raise InputError("bonus_actions", "must be a list of feature names")
        sources = self.bonus_sources(creature, sources)
        state = self.economy(creature, mods, used, sources, q.options)
        details = dict(state)
        details["movement"] = self.speed(creature, mods, "walk", dashes=used.count("dash"))
        available = [aid for aid in ACTIONS if self._allowed(aid, state, details["movement"])]
        tips = list(TIPS)
        aid = q.payload.get("action")
        if aid is not None:
            if not isinstance(aid, str) or aid not in ACTIONS:
                raise InputError("action", f"unknown action {aid!r}", tuple(ACTIONS))
            details["check"] = self._check(q, aid, state, details["movement"], used, ctx)
            if ACTIONS[aid].cost == "object" or aid == "use_object":
                tips += OBJECT_TIPS
        value = {"available": available, "combat_actions": list(COMBAT_ACTIONS),
                 "bonus_actions": sources,
                 "economy": {k: state[k].total for k in RESOURCES}}
        return Result(value=value, details=details, reminders=tuple(tips),
                      events=tuple(l.rule for k in RESOURCES for l in state[k].lines
                                   if l.label.startswith("used.")))

    def _allowed(self, aid, state, movement) -> bool:
        resource, _ = self.cost(aid, state)
        if resource is not None:
            return _left(state[resource]) > 0
        if ACTIONS[aid].cost == "movement":
            return movement.total > 0
        return True

    def _check(self, q, aid, state, movement, used, ctx) -> dict:
        a = ACTIONS[aid]
        resource, rule = self.cost(aid, state)
        if aid == "object" and q.flag("magic_item"):
            resource, rule = "action", "dnd5e.free.magic-items"
        allowed = (_left(state[resource]) > 0 if resource is not None
                   else self._allowed(aid, state, movement))
        check = {"id": aid, "name": a.name, "text": a.text, "cost": resource or a.cost,
                 "rule": rule, "allowed": allowed}
        if resource is not None:
            check["resource"] = state[resource]
        if a.cost == "bonus_action":
            check["timing"] = Line("bonus.timing", 0, "dnd5e.bonus.timing", "flag",
                                   reason="any-time")
        if aid == "move":
            check["provokes"] = self.provokes(q, used, ctx)
        return check

    def provokes(self, q, used, ctx) -> Breakdown:
        """Whether leaving a hostile creature's reach provokes an opportunity
        attack: not after Disengage, nor when teleporting or moved by others."""
        if not q.flag("leaves_reach"):
            return Breakdown.of([], "flag")
        line = Line("opportunity-attack", 1, "dnd5e.move.leave-reach", "flag")
        if "disengage" in used or ctx.has("self.cond.disengaged"):
            return Breakdown.of([line.suppressed("disengage"),
                                 Line("disengage", 0, R_ACTIONS, "flag")], "flag")
        for key in ("teleport", "forced"):
            if q.flag(key):
                return Breakdown.of([line.suppressed(key), Line(key, 0, R_REACTIONS, "flag")],
                                    "flag")
        return Breakdown.of([line, Line("reaction.opportunity-attack", 0, R_REACTIONS, "flag")],
                            "flag")


def _left(lines) -> float:
    """What is left of a resource (a list of lines or a Breakdown)."""
    if isinstance(lines, Breakdown):
        return lines.total
    return sum(l.value for l in lines if l.applied)
