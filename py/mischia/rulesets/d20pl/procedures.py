"""d20pl procedures: the non-attack queries of seed 003 and the data behind them.

``D20plProcedures`` answers ``initiative``, ``surprise``, ``damage``, ``heal``,
``turn``, ``save``, ``concentration``, ``movement`` and ``actions``; each
method validates its payload and delegates to a small module:

* ``proc_sequence`` — combat sequence, Los's order, the no-GM post rotation,
  duels, SRD initiative (ext), surprise round and passive perception;
* ``proc_hp`` / ``proc_hp_data`` — hit points, disabled, mortal danger, dying,
  stabilising, healing (AMB-37…41, ext dying HP loss);
* ``proc_saves`` — Fortitude / Reflex / Will;
* ``proc_movement`` — the speed table by size and load, movement modes;
* ``proc_actions`` / ``proc_actions_table`` — action types, the actions
  table, round bundles, attacks of opportunity, threatened area by size;
* ``proc_casting`` — casting, components, concentration checks.

Stats read (declared in ``STATS``, ranges there): ability scores ``str dex
con int wil cha`` (``wil`` = Willpower, *siła woli*, used by Will saves) and
their modifiers ``str_mod`` … ``cha_mod``; base saves ``base_fort``,
``base_ref``, ``base_will``; ``bab`` (base attack bonus, footnote 4 of the
actions table); ``concentration`` (Concentration skill modifier); ``speed``
(a racial speed in metres overriding the size table). Traits read: ``epic``
(epic hero: death saves), ``improved_initiative``, ``two_weapon_fighting``,
``sleight_of_hand`` (trained), ``combat_reflexes`` is *not* used (the seed
allows one attack of opportunity per round).
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...creature import Creature, Situation
from ...engine import active_modifiers, build_context, flags, situation_modifiers
from ...model import Reminder
from ...result import Prompt, Result
from . import (proc_actions, proc_actions_table, proc_aoo, proc_casting, proc_hp, proc_hp_data, proc_movement,
               proc_saves, proc_sequence)
from .proc_common import attempt, raw_rolls

CONDITIONS = {**proc_hp_data.CONDITIONS, **proc_sequence.CONDITIONS, **proc_casting.CONDITIONS}
SITUATIONS = {}
OPTIONS = {**proc_hp_data.OPTIONS, **proc_saves.OPTIONS, **proc_sequence.OPTIONS,
           **proc_movement.OPTIONS, **proc_actions.OPTIONS, **proc_aoo.OPTIONS}
STATS = {**proc_saves.STATS, **proc_movement.STATS, **proc_casting.STATS, "bab": (0, 60)}
RULE_IDS = {"save": "d20pl.save.formula"}


class D20plProcedures:
    """query_* methods of the d20pl ruleset (mixed into ``D20pl``)."""

    # --- sequence --------------------------------------------------------
    def query_initiative(self, q, rng) -> Result:
        """Los's order, the no-GM post rotation, duels; SRD d20 + Dex as an option."""
        return proc_sequence.initiative(self, q, rng)

    def query_surprise(self, q, rng) -> Result:
        """Awareness → surprise round; surprised/flat-footed; passive perception dodge."""
        return proc_sequence.surprise(self, q, rng)

    # --- hit points ------------------------------------------------------
    def query_damage(self, q, rng) -> Result:
        """Damage through the hit-point machine: new HP state, events, saves to ask."""
        return proc_hp.damage(self, q, rng)

    def query_heal(self, q, rng) -> Result:
        """Healing (capped at full), a Heal check to stabilise, or ability rest."""
        return proc_hp.heal(self, q, rng)

    def query_turn(self, q, rng) -> Result:
        """Start-of-turn rolls below 0 HP: unconsciousness/death saves, stabilising."""
        return proc_hp.turn(self, q, rng)

    # --- saves -----------------------------------------------------------
    def query_save(self, q, rng) -> Result:
        """d20 + base save + attribute modifier (+ conditions) against a DC.

        ``kind`` is fortitude, reflex or will; ``other`` (a save the effect
        describes differently) takes a ``bonus`` the GM gives. Without ``dc``
        Los is asked for it (the DC depends on the attack)."""
        creature = q.creature()
        self.check_stats(creature)
        kind = q.choice("kind", tuple(proc_saves.SAVES) + ("other",))
        situation = Situation.from_dict(q.payload.get("situation"), "situation")
        ctx = build_context(self, q.options, {"self": creature}, situation=situation)
        mods = active_modifiers(self, creature, ctx)
        prompts = []
        if kind == "other":
            bd = Breakdown.of([Line("save.other", q.int("bonus", -50, 100, 0), "d20pl.save.types-exception")])
            prompts.append(Prompt("d20pl.save.types-exception", "A save other than Fortitude, Reflex "
                                  "or Will: the effect's description says what to add"))
        else:
            bd = proc_saves.save_modifiers(self, creature, kind, ctx, mods,
                                           situation_modifiers(self, situation, ctx))
        dc = q.int("dc", 0, 100) if q.payload.get("dc") is not None else None
        if dc is None:
            prompts.append(Prompt("d20pl.save.dc", "The DC depends on the attack, or Los decides it",
                                  params={"field": "dc"}))
        rolls = raw_rolls(q, ("d20",))
        check = attempt("d20pl.save.formula", f"{kind.capitalize()} save", bd,
                        dc if dc is not None else 0, rolls, "d20", rng, True)
        value = {"kind": kind, "natural": check.die, "total": check.total}
        if dc is not None:
            value.update(dc=dc, success=check.success)
        tips = (Reminder("d20pl.save.trigger", "A successful save avoids all or part of the effect; "
                                               "the ability says which save applies"),)
        return Result(value=value, breakdown=bd, details={"check": check}, prompts=tuple(prompts),
                      reminders=tips)

    # --- movement ----------------------------------------------------------
    def query_movement(self, q, rng) -> Result:
        """Speed from the size × load table and the distance of a movement mode."""
        return proc_movement.movement(self, q, rng)

    # --- casting -----------------------------------------------------------
    def query_concentration(self, q, rng) -> Result:
        """Components (deafened 20% verbal failure, free hand…) and the Concentration check."""
        return proc_casting.concentration(self, q, rng)

    # --- actions and attacks of opportunity -----------------------------------
    def query_actions(self, q, rng) -> Result:
        """The actions table, one action (type, provokes, effects), the round's
        budget for ``used`` actions, and an attack of opportunity (``aoo``)."""
        creature = q.creature()
        self.check_stats(creature)
        ctx = build_context(self, q.options, {"self": creature})
        forbidden = flags(active_modifiers(self, creature, ctx), "forbid")
        disabled = ctx.has("self.cond.disabled")
        restricted = disabled or q.flag("limited") or q.flag("surprise_round")
        prompts, details = [], {}
        action_id = q.payload.get("action")
        used = q.list("used")
        trigger = None
        if action_id is None:
            value = proc_actions.overview(q.options)
        else:
            a = proc_actions.action_def(action_id)
            trigger = value = proc_actions.describe(a, q, creature, q.options, prompts, disabled)
            if restricted and a.id in proc_actions_table.LIMITED_AS_STANDARD:
                value["type_when_limited"] = {"type": "standard", "rule": "d20pl.actions.fn5"}
            used = used + [action_id]
        if used:
            details["budget"] = proc_actions.budget(used, creature, q, restricted, forbidden)
            if action_id is not None:
                value["allowed"] = value.get("allowed", True) and details["budget"]["valid"]
        if restricted:
            details["restricted"] = {"rule": proc_actions.R_DISABLED if disabled else
                                     ("d20pl.seq.surprise-round.aware" if q.flag("surprise_round")
                                      else proc_actions.R_RESTRICTED)}
        if "aoo" in q.payload:
            data = q.payload["aoo"]
            who = Creature.from_dict(data.get("threatener", {}) if isinstance(data, dict) else {},
                                     "aoo.threatener")
            self.check_stats(who, "aoo.threatener")
            who_ctx = build_context(self, q.options, {"self": who})
            who_forbid = flags(active_modifiers(self, who, who_ctx), "forbid")
            details["aoo"], more = proc_aoo.opportunity(who, who_forbid, data, trigger)
            prompts += more
        return Result(value=value, details=details, prompts=tuple(prompts))

    # --- the effective sheet -----------------------------------------------
    def effective_extra(self, creature, mods, ctx) -> dict:
        """Ability scores at 25% while disabled, after whatever the other mixins add."""
        parent = getattr(super(), "effective_extra", None)
        out = dict(parent(creature, mods, ctx)) if parent else {}
        out.update(proc_saves.attribute_sheet(creature, ctx))
        return out
