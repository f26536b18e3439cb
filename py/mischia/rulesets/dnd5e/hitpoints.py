"""dnd5e hit points, death saving throws, saves and concentration.

The hit point state (``HpState.status``): ``ok``; ``dying`` (0 HP,
unconscious, rolling death saves; ``counters`` holds ``successes`` and
``failures``); ``stable`` (0 HP, unconscious, no more saves); ``dead``.
Rules (``ext.dnd5e.death-saves``): at 0 HP the creature falls unconscious;
each turn a d20, 10 or more succeeds, three successes stabilise, three
failures kill, a natural 1 is two failures, a natural 20 regains 1 HP;
damage at 0 HP is one failure (a critical two); damage that leaves a
remainder at least equal to the hit point maximum kills outright.
Temporary hit points absorb damage first and don't stack with each other.
Exhaustion 4 halves the hit point maximum, exhaustion 6 is death.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...creature import Situation
from ...engine import active_modifiers, build_context, condition_ids
from ...errors import InputError
from ...model import Reminder
from ...result import Prompt, Result
from .conditions import EXHAUSTION_DEATH
from .rolls import roll_d20, roll_flags, roll_mode, saving_throw
from .tables import ABILITIES, R_CONCENTRATION, R_CONDITIONS, R_DEATH, R_TEMP_HP

STATUSES = ("ok", "dying", "stable", "dead")
DEATH_SAVE_DC = 10


class Dnd5eHitPoints:
    """query_damage, query_heal, query_save, query_concentration and the
    death saving throw ``query_turn`` asks for."""

    # --- shared -----------------------------------------------------------
    def _self(self, q, key="creature"):
        creature = q.creature(key)
        self.check_stats(creature, key)
        ctx = build_context(self, q.options, {"self": creature})
        return creature, ctx, active_modifiers(self, creature, ctx)

    @staticmethod
    def _hp(q):
        hp = q.hp()
        if hp.status not in STATUSES:
            raise InputError("hp.status", f"unknown status {hp.status!r}", STATUSES)
        return hp

    @staticmethod
    def hp_max(hp, mods) -> Breakdown:
        """The hit point maximum, halved by exhaustion 4 (``heal_cap``)."""
        lines = [Line("hp.max", hp.max, R_DEATH)]
        value = hp.max
        for m in mods:
            if m.target == "heal_cap":
                reduced = int(value * m.value)
                lines.append(Line("hp.max.reduced", reduced - value, m.rule, source=m.source))
                value = reduced
        return Breakdown.of(lines)

    @staticmethod
    def exhaustion_death(creature) -> bool:
        return any(c.id == "exhaustion" and c.stage == EXHAUSTION_DEATH
                   for c in creature.conditions)

    # --- damage -----------------------------------------------------------
    def query_damage(self, q, rng) -> Result:
        creature, ctx, mods = self._self(q)
        hp = self._hp(q)
        amount = q.int("amount", 0, 100000)
        critical = q.flag("critical")
        concentrating = q.flag("concentrating")
        top = self.hp_max(hp, mods)
        lines = [Line("damage.amount", amount, R_DEATH)]
        resisting = [cid for cid in condition_ids(self, creature)
                     if "resist_all" in self.condition(cid).tags]
        if resisting and amount:
            source = resisting[0]
            lines.append(Line("damage.resistance", (amount // 2) - amount, R_CONDITIONS,
                              source=source))
        taken = sum(l.value for l in lines)
        absorbed = min(hp.temp, taken)
        if absorbed:
            lines.append(Line("hp.temp", -absorbed, R_TEMP_HP))
        to_hp = taken - absorbed
        new, events, changes = self._apply_damage(hp.with_(temp=hp.temp - absorbed), to_hp,
                                                  critical, top.total, lines)
        prompts = []
        if concentrating and taken > 0:
            if new.status in ("dying", "stable", "dead"):
                events.append(R_CONCENTRATION)
                changes["concentration"] = "ends"
            else:
                dc = max(10, taken // 2)
                prompts.append(Prompt(R_CONCENTRATION, "Constitution saving throw to keep "
                                      "concentration", "d20+con_save", dc,
                                      {"damage": taken}))
        details = dict(changes, max=top, taken=taken, temp_absorbed=absorbed)
        return Result(value=new, breakdown=Breakdown.of(lines), details=details,
                      prompts=tuple(prompts), events=tuple(dict.fromkeys(events)))

    def _apply_damage(self, hp, to_hp, critical, top, lines):
        """The new HpState after ``to_hp`` damage reaches the hit points."""
        events, changes = [], {}
        if hp.status == "dead" or to_hp <= 0:
            return hp, events, changes
        if hp.current > 0:
            if to_hp < hp.current:
                return hp.with_(current=hp.current - to_hp), events, changes
            overflow = to_hp - hp.current
            events.append(R_DEATH)
            if overflow >= top:
                lines.append(Line("death.instant", overflow, R_DEATH, reason="instant-death"))
                return hp.with_(current=0, status="dead", counters={}), events, changes
            changes["add_conditions"] = ["unconscious"]
            return (hp.with_(current=0, status="dying", counters={"successes": 0, "failures": 0}),
                    events, changes)
        events.append(R_DEATH)
        if to_hp >= top:
            lines.append(Line("death.instant", to_hp, R_DEATH, reason="instant-death"))
            return hp.with_(status="dead", counters={}), events, changes
        counters = self._counters(hp)
        failures = counters["failures"] + (2 if critical else 1)
        lines.append(Line("death-save.failure", 2 if critical else 1, R_DEATH,
                          reason="damage-at-0-hp"))
        if failures >= 3:
            return hp.with_(status="dead", counters={**counters, "failures": 3}), events, changes
        return hp.with_(status="dying", counters={**counters, "failures": failures}), events, changes

    @staticmethod
    def _counters(hp) -> dict:
        counters = {"successes": hp.counters.get("successes", 0),
                    "failures": hp.counters.get("failures", 0)}
        for key, value in counters.items():
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
                raise InputError(f"hp.counters.{key}", "must be a whole number from 0 to 3")
        return counters

    # --- healing ----------------------------------------------------------
    def query_heal(self, q, rng) -> Result:
        creature, ctx, mods = self._self(q)
        hp = self._hp(q)
        amount = q.int("amount", 0, 100000)
        if hp.status == "dead":
            raise InputError("hp.status", "a dead creature can't regain hit points")
        if q.flag("temporary"):
            lines = [Line("hp.temp.new", amount, R_TEMP_HP),
                     Line("hp.temp.old", hp.temp, R_TEMP_HP)]
            lose = 1 if amount > hp.temp else 0
            lines[lose] = lines[lose].suppressed("did-not-stack")
            return Result(value=hp.with_(temp=max(amount, hp.temp)), breakdown=Breakdown.of(lines))
        top = self.hp_max(hp, mods)
        lines = [Line("hp.current", hp.current, R_DEATH), Line("heal.amount", amount, R_DEATH)]
        if hp.current + amount > top.total:
            cap_rule = top.lines[-1].rule
            lines.append(Line("heal.cap", top.total - hp.current - amount, cap_rule, reason="cap"))
        new_current = max(hp.current, min(top.total, hp.current + amount))
        new = hp.with_(current=new_current)
        events, details = [], {"max": top}
        if hp.current == 0 and new_current > 0:
            new = new.with_(status="ok", counters={})
            events.append(R_DEATH)
            details["remove_conditions"] = ["unconscious"]
        return Result(value=new, breakdown=Breakdown.of(lines), details=details,
                      events=tuple(events))

    # --- death saving throw ---------------------------------------------------
    def death_save(self, creature, hp, rolls, rng, options):
        """(new HpState, breakdown, details, events) for one death save."""
        ctx = build_context(self, options, {"self": creature})
        flags = roll_flags(active_modifiers(self, creature, ctx), "save", "death")
        mode, mode_lines = roll_mode(flags["advantage"], flags["disadvantage"])
        natural, rolled = roll_d20(mode, rolls.d20, rolls.d20_second, rng)
        counters = self._counters(hp)
        lines = [Line("death-save.d20", natural, R_DEATH),
                 Line("death-save.dc", DEATH_SAVE_DC, R_DEATH, applied=False, reason="dc")]
        if natural == 20:
            outcome, new = "regain-1-hp", hp.with_(current=1, status="ok", counters={})
        else:
            if natural == 1:
                outcome = "two-failures"
                counters["failures"] += 2
            elif natural >= DEATH_SAVE_DC:
                outcome = "success"
                counters["successes"] += 1
            else:
                outcome = "failure"
                counters["failures"] += 1
            if counters["failures"] >= 3:
                new = hp.with_(status="dead", counters={**counters, "failures": 3})
            elif counters["successes"] >= 3:
                outcome, new = outcome + "+stable", hp.with_(status="stable", counters={})
            else:
                new = hp.with_(status="dying", counters=counters)
        details = {"outcome": outcome, "natural": natural, "dice": list(rolled), "mode": mode,
                   "mode_lines": Breakdown.of(mode_lines, "flag")}
        if new.status == "ok":
            details["remove_conditions"] = ["unconscious"]
        return new, Breakdown.of(lines), details, [R_DEATH]

    # --- saves and concentration ---------------------------------------------
    def query_save(self, q, rng) -> Result:
        kind = q.choice("kind", ABILITIES)
        dc = q.int("dc", 1, 40) if q.payload.get("dc") is not None else None
        bonus = q.int("bonus", -20, 40) if q.payload.get("bonus") is not None else None
        return saving_throw(self, q.creature(), kind, dc, q.rolls(), rng, q.options,
                            Situation.from_dict(q.payload.get("situation")), bonus)

    def query_concentration(self, q, rng) -> Result:
        """Con save DC max(10, half the damage); incapacitated: it just ends."""
        creature, ctx, mods = self._self(q)
        damage = q.int("damage", 0, 100000)
        half = damage // 2
        dc_lines = [Line("dc.base", 10, R_CONCENTRATION), Line("dc.half-damage", half, R_CONCENTRATION)]
        dc_lines[1 if half <= 10 else 0] = dc_lines[1 if half <= 10 else 0].suppressed("lower")
        dc = Breakdown.of(dc_lines)
        tips = (Reminder(R_CONCENTRATION, "Only one concentration spell at a time; casting "
                                          "another ends the first"),)
        ended = [m for m in mods if m.target == "forbid" and m.detail == "concentration"]
        if ended:
            lines = [Line("concentration.ends", 0, ended[0].rule, "flag", source=ended[0].source,
                          reason="incapacitated")]
            return Result(value=False, breakdown=Breakdown.of(lines), details={"dc": dc.total},
                          reminders=tips, events=(R_CONCENTRATION,))
        bonus = q.int("bonus", -20, 40) if q.payload.get("bonus") is not None else None
        res = saving_throw(self, creature, "con", dc.total, q.rolls(), rng, q.options,
                           Situation.from_dict(q.payload.get("situation")), bonus,
                           rule=R_CONCENTRATION, dc_breakdown=dc)
        events = () if res.value else (R_CONCENTRATION,)
        return Result(value=res.value, breakdown=res.breakdown, details=res.details,
                      reminders=tips, events=events)
