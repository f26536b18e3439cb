"""classic percentile saves: the ``save`` query and the knockdown outcome.

A save succeeds when a d100 is at or under the save chance (the seed gives
no roll direction; ext.classic.save-table). The chance is the creature's
value for the save kind (``stats.save_<kind>`` or the payload's ``target``)
plus the condition modifiers in percent. Condition penalties of type
``scoped`` apply only against effects the condition made harder to avoid
(classic.conv.save-scope): the payload flag ``scoped`` (default true) is the
GM's answer. ``purpose`` adds the seed's save-specific rules:

``knockdown`` legs/crawlers/immunity, and the fall if failed · ``drop_item``
(flags ``two_handed``, ``shield``) · ``loaded_weapon`` · ``exhausted_action``
(Robustness with Strength for Constitution, ``vigour`` check outcome) ·
``stunned_move`` (Mind save for 1 hex) · ``blind_move`` (pure Reflex, fall
if failed) · ``blind_landing`` (vs paralysis, 1d4 per size category) ·
``gaze`` (avoiding sight: 50% to avoid, else +5%) · ``reactive_gaze``
(``delay`` 1–3, ``wait_bonus`` ignored) · ``mental`` (stunned 50% immunity)
· ``fear`` (pure Courage save of a fear check).

Dice: ``rolls.d100`` for the save, ``rolls.avoid``/``rolls.immunity`` for
the 50% rolls, ``rolls.damage`` for landing damage; missing dice are rolled.
"""

from __future__ import annotations

from dataclasses import replace

from ... import dice
from ...breakdown import Breakdown, Line
from ...creature import Situation
from ...engine import active_modifiers, build_context, reminders, select
from ...errors import InputError
from ...model import Reminder
from ...result import Prompt, Result
from ...ruleset import lines_from
from . import combat_tables as T
from .combat_common import SCOPED

SAVE_TABLE = "ext.classic.save-table"
PURE_RULE = "classic.conv.percentile-saves"
SCOPE = Reminder("classic.conv.save-scope",
                 "Condition save penalties apply only against effects the condition made harder to avoid.")
PURPOSES = ("none", "knockdown", "drop_item", "loaded_weapon", "exhausted_action", "stunned_move",
            "blind_move", "blind_landing", "gaze", "reactive_gaze", "mental", "fear")
PURE_PURPOSES = ("blind_move", "reactive_gaze", "fear")
PURPOSE_KIND = {"exhausted_action": "robustness", "stunned_move": "mind", "blind_move": "reflexes",
                "blind_landing": "paralysis", "reactive_gaze": "reflexes", "fear": "courage",
                "drop_item": "reflexes", "loaded_weapon": "reflexes"}


def typed_rolls(q, allowed) -> dict:
    """The dice typed at the table for a query, refusing names it does not use."""
    rolls = q.raw_rolls()
    for key in rolls:
        if key not in allowed:
            raise InputError(f"rolls.{key}", "unknown roll", tuple(allowed))
    return rolls


class ClassicSaves:
    """Mixin: ``query_save`` and the helpers other classic queries share."""

    def self_context(self, options, creature, toggles=(), tags=()):
        """Context and modifiers for a single-creature query (role ``self``)."""
        self.check_stats(creature)
        ctx = build_context(self, options, {"self": creature}, None, Situation(frozenset(toggles)))
        if tags:
            ctx = replace(ctx, tags=ctx.tags | frozenset(tags))
        return ctx, active_modifiers(self, creature, ctx)

    def save_lines(self, creature, kind, mods, ctx, target=None, scoped=True, pure=False, skip=None):
        """Base chance plus condition modifiers for one save kind; ``skip`` maps
        a condition id whose save modifiers do not count to the reason."""
        skip = skip or {}
        if target is not None:
            lines = [Line("save.target", target, SAVE_TABLE, unit="percent")]
        elif f"save_{kind}" in creature.stats:
            lines = [Line(f"save.{kind}", creature.stat(f"save_{kind}"), SAVE_TABLE, unit="percent")]
        else:
            raise InputError("target", f"give the {kind} save chance: 'target' or "
                                       f"creature.stats.save_{kind}")
        for line in lines_from([m for m in select(mods, "save") if m.detail in ("", kind)]):
            if pure and ctx.options.get("pure_save") == "unmodified":
                line = line.suppressed("pure")
            elif line.source.split(":")[0] in skip:
                line = line.suppressed(skip[line.source.split(":")[0]])
            elif line.type == SCOPED and not scoped:
                line = line.suppressed("out-of-scope")
            lines.append(line)
        return lines

    def query_save(self, q, rng) -> Result:
        creature = q.creature()
        purpose = q.choice("purpose", PURPOSES, "none")
        kind = q.choice("kind", T.SAVE_KINDS, PURPOSE_KIND.get(purpose))
        if purpose in PURPOSE_KIND and kind != PURPOSE_KIND[purpose]:
            raise InputError("kind", f"the {purpose} save is a {PURPOSE_KIND[purpose]} save",
                             (PURPOSE_KIND[purpose],))
        pure = q.flag("pure", purpose in PURE_PURPOSES)
        toggles = ("in_melee",) if q.flag("in_melee") else ()
        ctx, mods = self.self_context(q.options, creature, toggles, (f"save.{kind}", f"purpose.{purpose}"))
        rolls = typed_rolls(q, ("d100", "avoid", "immunity", "damage"))
        early = self._save_shortcut(purpose, creature, mods, ctx, rolls, rng)
        if early is not None:
            return early
        target = q.int("target", -100, 200) if "target" in q.payload else None
        skip = {}
        if purpose == "blind_move":  # a pure Reflex save without the blindness penalties
            skip = {"blind": "pure", "eyes_closed": "pure"}
        elif purpose == "exhausted_action" and ctx.options.get("exhausted_gate_penalty") == "no-penalty":
            skip = {"exhausted": "not-in-scope"}  # AMB-12: the condition's own gate
        lines = self.save_lines(creature, kind, mods, ctx, target, q.flag("scoped", True), pure, skip)
        lines += self._purpose_lines(q, purpose, creature, mods, ctx, rolls)
        chance = Breakdown.of(self.stack("save", lines, ctx), "percent")
        roll = dice.take(100, rolls.get("d100"), rng, "rolls.d100")
        success = roll <= chance.total
        prompts, events, details = self._save_outcome(q, purpose, success, creature, mods, ctx, rolls, rng)
        if "self.cond.engaged" in ctx.tags and kind == "reflexes" and purpose != "exhausted_action":
            events += ("classic.cond.engaged.reflex-choice",)
            details = {**details, "engaged": ("continues: counts as Incapacitated for this save"
                                              if q.flag("continue_activity") else "activity aborted")}
        if kind == "reflexes" and not pure:
            prompts = (Prompt(PURE_RULE, "Make the agility check that goes with a Reflex save.", "d20"),) + prompts
        tips = tuple(reminders(self, (creature,), None, ctx))
        if any(l.type == SCOPED for l in chance.lines):
            tips = (SCOPE,) + tips
        value = {"success": success, "roll": roll, "chance": chance.total, "kind": kind, "pure": pure}
        return Result(value=value, breakdown=chance, details=details, prompts=prompts,
                      reminders=tips, events=events)

    # ----- purposes ------------------------------------------------------------------
    def _save_shortcut(self, purpose, creature, mods, ctx, rolls, rng):
        """Outcomes decided before any save: immunity, an avoided gaze."""
        traits, rule = T.KNOCKDOWN_IMMUNE
        if purpose == "knockdown" and any(creature.has(t) for t in traits):
            return Result(value={"success": True, "immune": True},
                          breakdown=Breakdown.of([Line("knockdown.immune", 0, rule, unit="flag")], "flag"),
                          events=(rule,))
        immunity = select(mods, "immune", "mental")
        if purpose == "mental" and immunity:
            roll = dice.take(100, rolls.get("immunity"), rng, "rolls.immunity")
            if roll <= immunity[0].value:
                return Result(value={"success": True, "immune": True, "immunity_roll": roll},
                              breakdown=Breakdown.of([Line("immune.mental", immunity[0].value, immunity[0].rule,
                                                           unit="percent", source=immunity[0].source)], "percent"),
                              events=(immunity[0].rule,))
        if purpose == "gaze" and "self.cond.avoiding_sight" in ctx.tags:
            chance, rule = T.GAZE_AVOID_CHANCE
            roll = dice.take(100, rolls.get("avoid"), rng, "rolls.avoid")
            if roll <= chance:
                return Result(value={"success": True, "avoided": True, "avoid_roll": roll},
                              breakdown=Breakdown.of([Line("gaze.avoid", chance, rule, unit="percent")], "percent"),
                              events=(rule,))
        return None

    def _purpose_lines(self, q, purpose, creature, mods, ctx, rolls) -> list:
        lines = []
        if purpose == "knockdown":
            legs = creature.stat("legs")
            rows = [(v, r) for n, v, r in T.LEG_BONUS if legs >= n]
            if ctx.options.get("leg_bonus") != "cumulative":
                rows = rows[:1]
            lines += [Line("save.legs", v, r, unit="percent") for v, r in rows]
            if any(creature.has(t) for t in T.CRAWLER_TRAITS):
                lines.append(Line("save.crawler", T.CRAWLER_BONUS[0], T.CRAWLER_BONUS[1], unit="percent"))
        elif purpose == "drop_item":
            lines += self.drop_item_lines(creature, q.flag("two_handed"), q.flag("shield"))
        elif purpose == "exhausted_action":
            lines += self._gate_lines(q, creature, ctx)
        elif purpose == "gaze" and "self.cond.avoiding_sight" in ctx.tags:
            lines.append(Line("save.gaze", T.GAZE_FAIL_BONUS[0], T.GAZE_FAIL_BONUS[1], unit="percent"))
        elif purpose == "reactive_gaze":
            value, rule = T.REACTIVE_DELAY[q.int("delay", 1, 3)]
            lines.append(Line("save.delay", value, rule, unit="percent"))
            bonus = q.int("wait_bonus", 0, 100, 0)
            if bonus:
                lines.append(Line("save.wait_bonus", bonus, "classic.cond.avoiding-sight.reactive.no-wait-bonus",
                                  unit="percent").suppressed("not-applicable"))
        if purpose != "exhausted_action" and "self.cond.engaged" in ctx.tags and \
                "save.reflexes" in ctx.tags and q.flag("continue_activity"):
            lines.append(Line("save.engaged", -10, "classic.cond.engaged.reflex-choice", unit="percent",
                              source="engaged"))
        return lines

    def drop_item_lines(self, creature, two_handed, shield) -> list:
        lines = []
        if two_handed:
            lines.append(Line("save.two_handed", T.DROP_TWO_HANDED[0], T.DROP_TWO_HANDED[1], unit="percent"))
        if shield:
            lines.append(Line("save.shield", T.DROP_SHIELD[0], T.DROP_SHIELD[1], unit="percent"))
        level = creature.stat("fighter_level")
        if level:
            per, rule = T.DROP_FIGHTER_PER_LEVEL
            lines.append(Line("save.fighter_level", per * level, rule, unit="percent"))
        return lines

    def _gate_lines(self, q, creature, ctx) -> list:
        """Exhausted action save: Strength replaces Constitution; a Physical
        Vigour check outcome modifies it; the exhausted -20% only under AMB-12's
        alternative."""
        rule = "classic.cond.exhausted.action-save"
        lines = []
        if creature.stat("con_save_adj"):
            lines.append(Line("save.con_adj", -creature.stat("con_save_adj"), rule, unit="percent"))
        if creature.stat("str_save_adj"):
            lines.append(Line("save.str_adj", creature.stat("str_save_adj"), rule, unit="percent"))
        outcome = q.choice("vigour", T.CHECK_OUTCOMES, "none")
        if outcome != "none":
            if not creature.has("physical_vigour"):
                raise InputError("vigour", "needs the Physical Vigour proficiency (trait physical_vigour)")
            value, vrule = T.VIGOUR_CHECK[outcome]
            lines.append(Line(f"vigour.{outcome}", value, vrule, unit="percent"))
        return lines

    def _save_outcome(self, q, purpose, success, creature, mods, ctx, rolls, rng):
        prompts, events, details = (), (), {}
        if purpose == "knockdown" and not success:
            if any(creature.has(t) for t in T.CRAWLER_TRAITS):
                events = (T.CRAWLER_BONUS[1],)
                details = {"falls": False, "loses_rest_of_round": True}
            else:
                prompts, events, details = self.fall_outcome(q, creature, mods, ctx, voluntary=False)
        elif purpose == "blind_move" and not success:
            prompts, events, details = self.fall_outcome(q, creature, mods, ctx, voluntary=False)
            events = ("classic.cond.blind.move-speed",) + events
        elif purpose == "drop_item" and not success:
            events = ("classic.cond.prone.drop-items",)
            prompts = (Prompt("classic.cond.prone.drop-items.breakage",
                              "The dropped object may need a save vs breakage.", "d100"),)
        elif purpose == "loaded_weapon" and not success:
            events = ("classic.cond.prone.loaded-weapon",)
            details = {"shot_hits_wielder": True}
        elif purpose == "exhausted_action":
            events = (("classic.cond.exhausted.action-save.success",) if success
                      else ("classic.cond.exhausted.action-save.fail",))
            details = ({"may_attempt": True, "penalties_apply": True} if success else
                       {"may_attempt": False, "counts_as_done": True, "no_costs": True})
        elif purpose == "stunned_move":
            allowed = ctx.options.get("stunned_move") == "one-hex-with-save"
            details = {"move_hexes": 1 if success and allowed else 0, "counts_as": "full_move"}
            events = ("classic.cond.stunned.move",)
        elif purpose == "blind_landing" and not success:
            count = T.landing_dice(creature.size, ctx.options.get("blind_landing_dice"))
            rolled = dice.take_many(4, count, rolls.get("damage"), rng, "rolls.damage")
            details = {"damage": {"dice": f"{count}d4", "rolled": list(rolled), "total": sum(rolled),
                                  "rule": T.SIZES_RULE}}
            events = ("classic.cond.blind.flying",)
        elif purpose == "reactive_gaze":
            if success:
                events = ("classic.cond.avoiding-sight.reactive.success",
                          "classic.cond.avoiding-sight.reactive.multiple")
                details = {"add_condition": {"id": "avoiding_sight", "until": "end_of_round"},
                           "covers_later_gazes": True}
            else:
                events = ("classic.cond.avoiding-sight.reactive.fail",)
                details = {"technique_unavailable_this_round": True}
        elif purpose == "fear":
            if success:
                events = ("classic.cond.fear.save-success",)
                details = {"add_condition": {"id": "fear_save_passed", "until": "end_of_round"}}
            else:
                events = ("classic.cond.fear.panic-restriction",)
                details = {"add_condition": {"id": "fear_panic", "until": "end_of_round"}}
        return prompts, events, details

    def fall_outcome(self, q, creature, mods, ctx, voluntary):
        """A creature falls (or throws itself) to the ground: it loses the rest
        of the round, and makes a Reflex save per held object (AMB-10) and for
        a loaded crossbow/firearm."""
        events = ("classic.cond.prone.lose-round",)
        details = {"add_condition": {"id": "prone"}, "lose_round": True}
        prompts = []
        held = q.list("held")
        checks = not voluntary or ctx.options.get("voluntary_drop_items") == "both"
        for i, item in enumerate(held):
            if not isinstance(item, dict) or not isinstance(item.get("name", ""), str):
                raise InputError(f"held[{i}]", "must be {name, two_handed, shield, loaded}")
            name = item.get("name", f"object {i + 1}")
            reflex = self._reflex_chance(creature, mods, ctx)
            if checks:
                extra = self.drop_item_lines(creature, bool(item.get("two_handed")), bool(item.get("shield")))
                target = None if reflex is None else reflex + sum(l.value for l in extra)
                prompts.append(Prompt("classic.cond.prone.drop-items", "Reflex save not to drop {item}.",
                                      "d100", target, {"item": name}))
            if item.get("loaded") and not voluntary:
                prompts.append(Prompt("classic.cond.prone.loaded-weapon",
                                      "Reflex save, or {item} goes off and hits its wielder.",
                                      "d100", reflex, {"item": name}))
        if checks and held:
            events += ("classic.cond.prone.drop-items",)
        return tuple(prompts), events, details

    def _reflex_chance(self, creature, mods, ctx):
        if "save_reflexes" not in creature.stats:
            return None
        return Breakdown.of(self.save_lines(creature, "reflexes", mods, ctx)).total
