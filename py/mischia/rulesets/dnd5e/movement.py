"""dnd5e movement: speed, the cost of each part of a move and what is left.

A move is a list of steps (``segments``): a stretch of ``distance`` metres
(``difficult``, ``crawl``, ``squeeze``, ``mode``, ``through`` another
creature's space, ``leaves_reach``, ``width`` of a passage, ``end_in_space``),
or one of ``{"stand_up": true}``, ``{"drop_prone": true}``,
``{"action": "attack" | "action"}`` (moving between attacks or around the
action costs nothing). Difficult terrain doubles the cost once however many
features share the space, crawling adds one more (x3 together), squeezing
adds one more (AMB-50 option ``squeeze_cost``). Standing up costs half the
speed. Several speeds share one budget: switching subtracts what was already
moved from the new speed.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...engine import flags
from ...errors import InputError
from ...model import Reminder
from ...result import Prompt, Result
from .tables import R_ACTIONS, R_REACTIONS, R_SIZE_TABLE, SIZE_ORDER, SIZE_SPACE, SPEED_STATS

SEGMENT_KEYS = ("distance", "difficult", "crawl", "squeeze", "mode", "through", "leaves_reach",
                "width", "end_in_space", "stand_up", "drop_prone", "action")
STEP_ACTIONS = {"attack": "dnd5e.move.between-attacks", "action": "dnd5e.move.break-up"}
EXTRA_COST_MODES = ("climb", "swim")   # without a climb/swim speed each metre costs one more
DIFFICULT_TIP = Reminder("dnd5e.move.difficult-terrain.examples",
                         "Difficult terrain: low furniture, rubble, undergrowth, steep stairs, "
                         "snow, shallow bogs; another creature's space")


class Dnd5eMovement:
    """Speed and ``query_movement``."""

    def speed(self, creature, mods, mode="walk", base=None, dashes=0) -> Breakdown:
        """Speed in metres for ``mode`` after conditions (x0.5, x0, can't
        move), plus one more speed per Dash."""
        if base is None:
            stat = SPEED_STATS[mode]
            if stat not in creature.stats:
                if mode in EXTRA_COST_MODES:
                    stat = "speed"
                else:
                    raise InputError("speed" if mode == "walk" else f"creature.stats.{stat}",
                                     f"type the creature's {mode} speed in metres")
            base = creature.stat(stat)
        lines = [Line(f"speed.{mode}", base, "dnd5e.turn.speed", "metres")]
        value = base
        for m in mods:
            if m.target == "move" and m.unit.value == "fraction":
                changed = value * m.value
                lines.append(Line("speed.changed", changed - value, m.rule, "metres",
                                  source=m.source))
                value = changed
        for m in flags(mods, "forbid").get("move", [])[:1]:
            lines.append(Line("speed.forbidden", -value, m.rule, "metres", source=m.source,
                              reason="can't-move"))
            value = 0
        lines += [Line("dash", value, R_ACTIONS, "metres") for _ in range(dashes)]
        return Breakdown.of(lines, "metres")

    def effective_extra(self, creature, mods, ctx) -> dict:
        """For the ``effective`` sheet: the space the creature controls (size
        table) and its speed after conditions (a multiplier when no speed is typed)."""
        space = SIZE_SPACE[creature.size]
        out = {"space": Breakdown.of([
            Line(f"size.{creature.size}", space, R_SIZE_TABLE, "metres"),
            Line("space.controlled", 0, "dnd5e.size.space-definition", "metres",
                 reason="area-controlled")], "metres")}
        caps = [m for m in mods if m.target == "heal_cap"]
        if caps:
            out["heal_cap"] = Breakdown.of(
                [Line("hp.max", 1, "ext.dnd5e.death-saves", "fraction")]
                + [Line("hp.max.reduced", m.value - 1, m.rule, "fraction", source=m.source)
                   for m in caps], "fraction")
        if "speed" in creature.stats:
            out["move"] = self.speed(creature, mods)
        elif any(m.target == "move" for m in mods):
            out["move"] = self.speed(creature, mods, base=1)
        return out

    def query_movement(self, q, rng) -> Result:
        creature, ctx, mods = self._self(q)
        base = q.number("speed", 0, 120) if q.payload.get("speed") is not None else None
        used = q.number("used", 0, 1000, 0)
        dashes = q.int("dash", 0, 3, 0) if not isinstance(q.payload.get("dash"), bool) \
            else int(q.payload["dash"])
        default_mode = q.choice("mode", tuple(SPEED_STATS), "walk")
        steps = [self._step(s, i) for i, s in enumerate(q.list("segments"))]
        if q.flag("stand_up"):
            steps.insert(0, {"stand_up": True})
        speeds = {}

        def budget(mode):
            if mode not in speeds:
                speeds[mode] = self.speed(creature, mods, mode,
                                          base if mode == "walk" else None, dashes)
            return speeds[mode]

        walk = budget("walk")
        state = {"prone": ctx.has("self.cond.prone"), "moved": used, "allowed": True}
        lines, prompts = [], []
        squeezing = ctx.has("self.cond.squeezing")
        for i, step in enumerate(steps):
            if "action" in step:
                lines.append(Line(f"move.{step['action']}", 0, STEP_ACTIONS[step["action"]],
                                  "metres", reason="break-up"))
            elif step.get("drop_prone"):
                lines.append(Line("move.drop-prone", 0, "dnd5e.move.drop-prone", "metres"))
                state["prone"] = True
            elif step.get("stand_up"):
                self._stand_up(i, walk, state, lines)
            else:
                mode = step.get("mode", default_mode)
                cost = self._segment(i, step, creature, mode, state, lines, squeezing, q.options)
                self._spend(i, mode, cost, budget(mode), state, lines, mods)
                if step.get("leaves_reach"):
                    self._leave_reach(i, state, ctx, prompts, lines)
        falls = self._falls(q, creature, state, walk, ctx)
        if falls:
            prompts.append(falls)
        cost = Breakdown.of(lines, "metres")
        remaining = {m: max(0, b.total - state["moved"]) for m, b in speeds.items()}
        left = Breakdown.of([Line("speed", walk.total, "dnd5e.move.budget", "metres"),
                             Line("move.used", -used, "dnd5e.move.break-up", "metres"),
                             Line("move.cost", -cost.total, "dnd5e.move.budget", "metres")],
                            "metres")
        tips = [DIFFICULT_TIP] if any(s.get("difficult") for s in steps) else []
        value = {"cost": cost.total, "remaining": max(0, left.total), "allowed": state["allowed"],
                 "prone": state["prone"], "remaining_by_mode": remaining}
        return Result(value=value, breakdown=cost,
                      details={"speed": walk, "speeds": speeds, "remaining": left},
                      prompts=tuple(prompts), reminders=tuple(tips),
                      events=(("dnd5e.move.flying-fall",) if falls else ()))

    # --- steps --------------------------------------------------------------
    @staticmethod
    def _step(step, i) -> dict:
        field = f"segments[{i}]"
        if not isinstance(step, dict):
            raise InputError(field, "must be an object")
        for key in step:
            if key not in SEGMENT_KEYS:
                raise InputError(f"{field}.{key}", "unknown field", SEGMENT_KEYS)
        if "action" in step and (not isinstance(step["action"], str) or step["action"] not in STEP_ACTIONS):
            raise InputError(f"{field}.action", f"unknown step {step['action']!r}",
                             tuple(STEP_ACTIONS))
        if "action" in step or step.get("stand_up") or step.get("drop_prone"):
            return step
        distance = step.get("distance")
        if isinstance(distance, bool) or not isinstance(distance, (int, float)) \
                or not 0 <= distance <= 1000:
            raise InputError(f"{field}.distance", "must be a number of metres from 0 to 1000")
        difficult = step.get("difficult", False)
        if isinstance(difficult, bool):
            pass
        elif not isinstance(difficult, int) or difficult < 0:
            raise InputError(f"{field}.difficult", "must be true/false or a number of features")
        if step.get("mode", "walk") not in SPEED_STATS:
            raise InputError(f"{field}.mode", f"unknown mode {step['mode']!r}", tuple(SPEED_STATS))
        return step

    def _stand_up(self, i, walk, state, lines):
        if not state["prone"]:
            raise InputError(f"segments[{i}].stand_up", "the creature isn't prone")
        cost = walk_speed(walk) / 2
        left = walk.total - state["moved"]
        line = Line("move.stand-up", cost, "dnd5e.move.stand-up", "metres")
        if walk_speed(walk) <= 0 or left < cost:
            reason = "speed-0" if walk_speed(walk) <= 0 else "not-enough-movement"
            lines.append(Line("move.stand-up", cost, "dnd5e.move.stand-up.limits", "metres",
                              applied=False, reason=reason))
            state["allowed"] = False
            return
        lines.append(line)
        state["moved"] += cost
        state["prone"] = False

    def _segment(self, i, step, creature, mode, state, lines, squeezing, options) -> float:
        """Cost lines of one stretch; returns its cost in metres."""
        d = step["distance"]
        own = [Line("move.distance", d, "dnd5e.move.budget", "metres")]
        extras = 0
        if state["prone"] and not step.get("crawl"):
            own.append(Line("move.prone", 0, "dnd5e.move.prone-movement", "metres",
                            reason="must-crawl"))
        crawling = state["prone"] or step.get("crawl", False)
        if crawling:
            own.append(Line("move.crawl", d, "dnd5e.move.crawl", "metres"))
            extras += 1
        features = int(step.get("difficult", 0))
        through = step.get("through")
        if through is not None:
            features += 1
            self._through(i, through, creature, state, own, step.get("end_in_space", False))
        if features:
            rule = ("dnd5e.move.creature-space" if through is not None and features == 1
                    else "dnd5e.move.difficult-terrain")
            own.append(Line("move.difficult", d, rule, "metres"))
            own += [Line("move.difficult", d, "dnd5e.move.difficult-terrain.no-stack", "metres")
                    .suppressed("did-not-stack") for _ in range(features - 1)]
            extras += 1
        squeeze = squeezing or step.get("squeeze", False)
        if "width" in step:
            squeeze = self._width(i, step["width"], creature, state, own) or squeeze
        if squeeze:
            line = Line("move.squeeze", d, "dnd5e.squeeze.move-cost", "metres")
            if options.get("squeeze_cost") == "no-stack" and extras:
                line = line.suppressed("did-not-stack")
            own.append(line)
        if mode in EXTRA_COST_MODES and SPEED_STATS[mode] not in creature.stats:
            own.append(Line(f"move.{mode}", d, "dnd5e.move.modes", "metres",
                            reason=f"no-{mode}-speed"))
        lines.extend(own)
        return sum(l.value for l in own if l.applied)

    @staticmethod
    def _through(i, through, creature, state, own, end_in_space):
        field = f"segments[{i}].through"
        if not isinstance(through, dict):
            raise InputError(field, "must be {hostile, size, doorway, lets_through}")
        size = through.get("size", "medium")
        if size not in SIZE_ORDER:
            raise InputError(f"{field}.size", f"unknown size {size!r}", SIZE_ORDER)
        hostile = bool(through.get("hostile", False))
        lets = bool(through.get("lets_through", not hostile))
        gap = abs(SIZE_ORDER.index(size) - SIZE_ORDER.index(creature.size))
        if not hostile:
            ok, rule = lets, ("dnd5e.move.through-nonhostile" if lets else "dnd5e.size.doorway")
        else:
            ok, rule = gap >= 2 or lets, "dnd5e.move.through-hostile"
            if not ok and through.get("doorway"):
                rule = "dnd5e.size.doorway"
        own.append(Line("move.through", 0, rule, "metres", applied=ok,
                        reason="" if ok else "blocked"))
        if end_in_space:
            own.append(Line("move.end-in-space", 0, "dnd5e.move.no-end-in-space", "metres",
                            applied=False, reason="not-allowed"))
            ok = False
        if not ok:
            state["allowed"] = False

    @staticmethod
    def _width(i, width, creature, state, own) -> bool:
        """Squeezing: through a passage narrower than its space but wide
        enough for a creature one size smaller. True when it squeezes."""
        if isinstance(width, bool) or not isinstance(width, (int, float)) or width <= 0:
            raise InputError(f"segments[{i}].width", "must be a number of metres above 0")
        space = SIZE_SPACE[creature.size]
        own.append(Line("space", space, "dnd5e.size.space", "metres", applied=False,
                        reason="space"))
        if width >= space:
            return False
        index = SIZE_ORDER.index(creature.size)
        if index == 0 or width < SIZE_SPACE[SIZE_ORDER[index - 1]]:
            own.append(Line("move.too-narrow", 0, "dnd5e.squeeze.allowed", "metres",
                            applied=False, reason="too-narrow"))
            state["allowed"] = False
            return False
        own.append(Line("move.squeezes", 0, "dnd5e.squeeze.allowed", "metres"))
        return True

    @staticmethod
    def _spend(i, mode, cost, speed, state, lines, mods):
        available = speed.total - state["moved"]
        if available <= 0 and cost > 0:
            rule = "dnd5e.move.switch-speeds" if mode != "walk" else "dnd5e.move.budget"
            lines.append(Line(f"move.{mode}.none-left", 0, rule, "metres", applied=False,
                              reason="no-movement-left"))
            state["allowed"] = False
        elif cost > available:
            lines.append(Line("move.over-budget", available - cost, "dnd5e.move.budget",
                              "metres", applied=False, reason="over-budget"))
            state["allowed"] = False
        state["moved"] += cost

    @staticmethod
    def _leave_reach(i, state, ctx, prompts, lines):
        if ctx.has("self.cond.disengaged"):
            lines.append(Line("move.leave-reach", 0, "dnd5e.move.leave-reach", "metres",
                              applied=False, reason="disengage"))
            return
        lines.append(Line("move.leave-reach", 0, "dnd5e.move.leave-reach", "metres",
                          reason="provokes"))
        prompts.append(Prompt("dnd5e.move.leave-reach", "Leaving a hostile creature's reach "
                              "provokes an opportunity attack (its reaction)", "attack",
                              params={"segment": i, "reaction": R_REACTIONS}))

    def _falls(self, q, creature, state, walk, ctx):
        """A flying creature knocked prone, at speed 0 or unable to move falls,
        unless it can hover or magic holds it aloft."""
        if not q.flag("airborne") or creature.has("hover") or q.flag("held_aloft"):
            return None
        if state["prone"] or walk.total <= 0:
            return Prompt("dnd5e.move.flying-fall", "The flying creature falls",
                          params={"prone": state["prone"], "speed": walk.total})
        return None


def walk_speed(walk) -> float:
    """Speed after conditions, before any Dash (what standing up halves)."""
    return sum(l.value for l in walk.lines if l.applied and l.label != "dash")
