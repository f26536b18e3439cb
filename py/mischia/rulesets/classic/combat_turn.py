"""classic start-of-round checks for one creature: the ``turn`` query.

Fear stages roll their d100 before the initiative declaration (a pure
Courage save when the roll is at or under the stage's chance); drowsy
creatures count their four rounds down; a stunned creature may try a Mind
save to move one hex; an exhausted creature must pass a Robustness save
before an action that costs a fatigue point or to keep concentrating; a
blind creature that moves rolls its direction; an engaged activity ends at
its moment of the round; a creature may fall or throw itself down; a
character leaving a coma is exhausted for 24 hours. Payload fields are
listed in ``combat_queries``' docstring.
"""

from __future__ import annotations

from ...breakdown import Breakdown
from ...engine import reminders
from ...result import Prompt, Result
from . import combat_tables as T
from .combat_queries import maybe_roll
from .combat_saves import typed_rolls

DROWSY_RULES = {1: "classic.cond.asleep.drowsy.round1", 2: "classic.cond.asleep.drowsy.round2",
                3: "classic.cond.asleep.drowsy.round3", 4: "classic.cond.asleep.drowsy.round4"}


class ClassicTurn:
    """Mixin: ``query_turn``."""

    def query_turn(self, q, rng) -> Result:
        creature = q.creature()
        hp = q.hp() if q.payload.get("hp") is not None else None
        ctx, mods = self.self_context(q.options, creature)
        rolls = typed_rolls(q, ("fear", "courage", "d10"))
        out = {"prompts": [], "events": [], "details": {}}
        for c in self.dedupe(creature.conditions):
            if c.id == "fear":
                self._fear_check(q, creature, c.stage, mods, ctx, rolls, rng, out)
            elif c.id == "drowsy":
                out["events"].append(DROWSY_RULES[c.stage])
                out["details"]["drowsy"] = {"stage": c.stage, "next_stage": c.stage + 1 if c.stage < 4 else None}
            elif c.id == "stunned" and ctx.options.get("stunned_move") == "one-hex-with-save":
                out["prompts"].append(Prompt("classic.cond.stunned.move", "Mind save to move one hex this "
                                             "round (a full-move action).", "d100", self._chance(creature, "mind", mods, ctx)))
        if "self.cond.exhausted" in ctx.tags and q.choice("action", ("none", "fatigue", "concentration"), "none") != "none":
            out["prompts"].append(Prompt("classic.cond.exhausted.action-save", "Robustness save (Strength for "
                                         "Constitution) before the action; on a failure the action is lost "
                                         "without costs.", "d100"))
        if "self.cond.blind" in ctx.tags and q.flag("moving"):
            self._blind_direction(q, creature, rolls, rng, out)
        if "self.cond.engaged" in ctx.tags and q.flag("activity_done"):
            out["events"].append("classic.cond.engaged.duration")
            out["details"]["engaged"] = (
                {"remove": ["engaged"]} if ctx.options.get("engaged_duration") == "whole-state"
                else {"ends_now": ["reflex_as_incapacitated"], "remove_at_end_of_round": ["engaged"]})
        fall = q.choice("fall", ("none", "voluntary", "knocked"), "none")
        if fall != "none":
            prompts, events, details = self.fall_outcome(q, creature, mods, ctx, voluntary=fall == "voluntary")
            out["prompts"] += prompts
            out["events"] += events
            out["details"]["fall"] = details
        if q.flag("coma_ended"):
            out["events"].append("classic.cond.exhausted.after-coma")
            out["details"]["add_condition"] = {"id": "exhausted", "cause": "coma", "hours": 24}
        return Result(value=hp, details=out["details"], prompts=tuple(out["prompts"]),
                      events=tuple(out["events"]), reminders=tuple(reminders(self, (creature,), None, ctx)))

    def _chance(self, creature, kind, mods, ctx, pure=False):
        if f"save_{kind}" not in creature.stats:
            return None
        return Breakdown.of(self.save_lines(creature, kind, mods, ctx, pure=pure)).total

    def _fear_check(self, q, creature, stage, mods, ctx, rolls, rng, out):
        """The d100 of a fear stage, then the pure Courage save it may call for."""
        chance, rule, on_gain = T.FEAR_CHECKS[stage]
        info = {"stage": stage, "chance": chance}
        out["details"]["fear"] = info
        if q.flag("gained") and not on_gain and ctx.options.get("intimidated_timing") == "round-start-only":
            info["check"] = "not-on-gain"
            return
        roll = maybe_roll(100, rolls.get("fear"), rng, "rolls.fear")
        if roll is None:
            out["prompts"].append(Prompt(rule, "Fear check: on {target} or less a pure Courage save is needed.",
                                         "d100", chance))
            return
        out["events"].append(rule)
        info.update(roll=roll, save_required=roll <= chance)
        if roll > chance:
            return
        target = self._chance(creature, "courage", mods, ctx, pure=True)
        save = maybe_roll(100, rolls.get("courage"), rng, "rolls.courage") if target is not None else None
        if save is None:
            out["prompts"].append(Prompt("classic.cond.fear.save-success", "Pure Courage save: on a failure "
                                         "it cannot act this round.", "d100", target))
            return
        info.update(save_roll=save, save_chance=target, save_success=save <= target)
        if save <= target:
            out["events"].append("classic.cond.fear.save-success")
            out["details"]["add_condition"] = {"id": "fear_save_passed", "until": "end_of_round"}
        else:
            out["events"].append("classic.cond.fear.panic-restriction")
            out["details"]["add_condition"] = {"id": "fear_panic", "until": "end_of_round"}

    def _blind_direction(self, q, creature, rolls, rng, out):
        if q.flag("follow_wall"):
            out["events"].append("classic.cond.blind.follow-wall")
            out["details"]["blind"] = {"direction": "intended", "extra_hexes_lost": 1}
            return
        if q.choice("noise_check", ("none", "success", "failure"), "none") == "success":
            out["events"].append("classic.cond.blind.toward-noise")
            out["details"]["blind"] = {"direction": "toward-noise"}
            return
        roll = maybe_roll(10, rolls.get("d10"), rng, "rolls.d10")
        if roll is None:
            out["prompts"].append(Prompt("classic.cond.blind.direction", "Roll d10 for the direction.", "d10"))
            return
        keep = T.BLIND_DIRECTION[creature.has("blind_fighting")]
        out["events"].append("classic.cond.blind.direction")
        out["details"]["blind"] = {"roll": roll, "direction": "intended" if roll <= keep else "random",
                                   "keeps_up_to": keep}
