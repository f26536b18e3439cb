"""classic queries of the combat conditions: concentration, damage, heal and
the start-of-round ``turn`` (the ``save`` query is in ``combat_saves``).

``concentration`` — the chance of failing to concentrate from the
conditions (percent, they add up), the Concentration proficiency check
(``check``: critical_success/success/failure/critical_failure, trait
``concentration``) and the 5% minimum (classic.conc.check, AMB-08); optional
spell flags (``verbal``, ``self``, ``touch``, ``area``, ``attack_roll``,
``vocal_item``) and a ``target`` creature at ``distance`` metres give the
spell-failure chance as well. ``rolls.d100`` is the percentile roll.

``damage``/``heal`` — hit points; a sleeper wakes when damaged; an exhausted
creature heals half (rounded down) and never above half its maximum.

``turn`` — what the start of a round asks for one creature: fear checks
(``rolls.fear``, then the pure Courage save ``rolls.courage``), the drowsy
countdown, the stunned Mind save for one hex, the exhausted action save
(``action``: fatigue/concentration), the blind direction roll (``moving``,
``follow_wall``, ``noise_check``, ``rolls.d10``), the end of an engaged
activity (``activity_done``), a fall (``fall``: voluntary/knocked, ``held``)
and the end of a coma (``coma_ended``). A die not typed is rolled with the
passed ``random.Random``; without one the die becomes a prompt.
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
from ...stacking import cap_total, floor_total
from . import combat_tables as T
from .combat_saves import ClassicSaves, typed_rolls

CHECK_RULE = "classic.conc.check"
HP_RULE = "ext.classic.attack-resolution"
COMA = Reminder("ext.classic.coma", "The seed refers to a coma state but defines no hit-point "
                                    "thresholds: the GM decides what 0 or fewer hit points mean.")
SPELL_FLAGS = ("verbal", "self", "touch", "area", "attack_roll", "vocal_item")


def maybe_roll(sides, given, rng, field):
    """A typed die, a rolled one, or None when there is neither."""
    if given is None and rng is None:
        return None
    return dice.take(sides, given, rng, field)


class ClassicCombatQueries(ClassicSaves):
    """Mixin: the non-attack queries of classic combat."""

    # ----- concentration ---------------------------------------------------------
    def query_concentration(self, q, rng) -> Result:
        creature = q.creature()
        spell = {f for f in SPELL_FLAGS if q.flag(f)}
        ctx, mods = self.self_context(q.options, creature, tags={f"spell.{f}" for f in spell})
        forbid = select(mods, "forbid", "concentration")
        if forbid:
            m = forbid[0]
            return Result(value={"allowed": False, "failure_chance": 100},
                          breakdown=Breakdown.of([Line(m.label or m.rule, 100, m.rule, unit="percent",
                                                       source=m.source)], "percent"), events=(m.rule,))
        lines = self.stack("concentration_failure", lines_from(select(mods, "concentration_failure")), ctx)
        base = sum(l.value for l in lines if l.applied)
        check = q.choice("check", T.CHECK_OUTCOMES, "none")
        if check != "none":
            if not creature.has("concentration"):
                raise InputError("check", "needs the Concentration proficiency (trait concentration)")
            value, rule = T.CONCENTRATION_CHECK[check]
            lines.append(Line(f"check.{check}", value, rule, unit="percent"))
        if base > 0 or ctx.options.get("concentration_floor") == "always":
            lines = floor_total(lines, T.CONCENTRATION_FLOOR, CHECK_RULE, label="concentration.minimum")
        lines = cap_total(lines, 100, CHECK_RULE, label="concentration.maximum")
        chance = Breakdown.of(lines, "percent")
        prompts = []
        if base > 0 and check == "none" and creature.has("concentration"):
            skill = sum(m.value for m in select(mods, "skill"))
            prompts.append(Prompt(CHECK_RULE, "Before the percentile roll you may make a Concentration "
                                              "check, applying this condition's penalties.", "d20",
                                  params={"skill_modifier": skill}))
        if "self.cond.exhausted" in ctx.tags and q.flag("maintain"):
            prompts.append(Prompt("classic.cond.exhausted.action-save", "Robustness save (Strength for "
                                  "Constitution) to keep concentrating.", "d100"))
        roll = maybe_roll(100, typed_rolls(q, ("d100",)).get("d100"), rng, "rolls.d100") if chance.total > 0 else None
        spell_bd = self._spell_failure(q, mods, spell, ctx)
        if spell_bd is not None and spell_bd.total:
            prompts.append(Prompt(spell_bd.applied()[0].rule, "Roll d100 for the spell failure chance.",
                                  "d100", spell_bd.total))
        value = {"allowed": True, "failure_chance": chance.total, "roll": roll,
                 "failed": None if roll is None else roll <= chance.total}
        details = {"spell_failure": spell_bd} if spell_bd is not None else {}
        return Result(value=value, breakdown=chance, details=details, prompts=tuple(prompts),
                      reminders=tuple(reminders(self, (creature,), None, ctx)))

    def _spell_failure(self, q, mods, spell, ctx):
        """Own spell-failure chances (deaf, avoiding sight) and the target's
        (prone or asleep beyond 15 m)."""
        own = [m for m in select(mods, "spell_failure")
               if m.detail == "" or m.detail in ("verbal", "vocal_item") and m.detail in spell]
        lines = lines_from(own)
        if "target" in q.payload:
            target = q.creature("target")
            self.check_stats(target, "target")
            distance = q.number("distance", 0, 100000, 0)
            tctx = build_context(self, q.options, {"defender": target}, None,
                                 Situation(numbers={"distance": distance}))
            tctx = replace(tctx, tags=tctx.tags | frozenset(f"spell.{f}" for f in spell))
            lines += lines_from(select(active_modifiers(self, target, tctx), "attackers.spell_failure"))
        if not lines:
            return None
        return Breakdown.of(cap_total(self.stack("spell_failure", lines, ctx), 100, CHECK_RULE,
                                      label="spell_failure.maximum"), "percent")

    # ----- hit points ---------------------------------------------------------------------
    def query_damage(self, q, rng) -> Result:
        creature, hp = q.creature(), q.hp()
        amount = q.int("amount", 0, 100000)
        ctx, _ = self.self_context(q.options, creature)
        absorbed = min(hp.temp, amount)
        lines = [Line("hp.current", hp.current, HP_RULE), Line("damage", -amount, HP_RULE)]
        if absorbed:
            lines.append(Line("hp.temp", absorbed, HP_RULE))
        current = hp.current - amount + absorbed
        status = "down" if current <= 0 else ("ok" if hp.status in ("ok", "down") else hp.status)
        events, details, tips = [], {}, []
        if amount > 0 and "self.cond.asleep" in ctx.tags:
            events += ["classic.cond.asleep.wake-damage", "classic.cond.asleep.act-after-wake",
                       "classic.cond.asleep.drowsy"]
            offset = 1 if ctx.options.get("drowsy_start") == "event-round" else 2
            details["wake"] = {"remove": "asleep", "from": "start_of_next_round", "acts_from_round": 1,
                               "drowsy": {"id": "drowsy", "stage": 1, "from_round": offset, "rounds": 4}}
        if current <= 0:
            tips.append(COMA)
        new = hp.with_(current=current, temp=hp.temp - absorbed, status=status)
        return Result(value=new, breakdown=Breakdown.of(lines), details=details, events=tuple(events),
                      reminders=tuple(tips))

    def query_heal(self, q, rng) -> Result:
        creature, hp = q.creature(), q.hp()
        amount = q.int("amount", 0, 100000)
        ctx, mods = self.self_context(q.options, creature)
        lines = [Line("heal.amount", amount, HP_RULE)]
        healed = amount
        for m in select(mods, "healing"):
            new = int(healed * m.value)
            lines.append(Line(m.label or m.rule, new - healed, m.rule, source=m.source))
            healed = new
        limit = hp.max
        for m in select(mods, "heal_cap"):
            limit = min(limit, int(hp.max * m.value))
        caps = select(mods, "heal_cap")
        room = max(0, limit - hp.current)
        if healed > room:
            rule = caps[0].rule if caps and limit < hp.max else HP_RULE
            lines.append(Line("heal.cap", room - healed, rule, reason="cap",
                              source=caps[0].source if caps and limit < hp.max else ""))
            healed = room
        new = hp.with_(current=hp.current + healed,
                       status="ok" if hp.current + healed > 0 and hp.status == "down" else hp.status)
        return Result(value=new, breakdown=Breakdown.of(lines), details={"limit": limit},
                      reminders=tuple(reminders(self, (creature,), None, ctx)))

