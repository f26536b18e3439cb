"""d20pl verdict: natural 1/20, threat and confirmation, coup de grace,
miss chance from concealment, damage, and what the table must do next.

``ResolveHooks.finish_attack`` returns a ``D20plAttackResult``: the core
``AttackResult`` plus ``prompts`` (rolls or decisions for the table now: the
Dodge test, the coup de grace Fortitude save, attacks of opportunity
provoked, which grappler is struck) and ``details`` (extra breakdowns:
confirmation roll, miss chance, Dodge test modifiers, damage kind).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ... import dice
from ...attack import AttackResult, Verdict
from ...breakdown import Breakdown, Line
from ...engine import select
from ...ruleset import lines_from
from ...result import Prompt
from . import combat_rules as R


@dataclass(frozen=True)
class D20plAttackResult(AttackResult):
    prompts: tuple = ()
    details: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        data = super().to_dict()
        data["prompts"] = [p.to_dict() for p in self.prompts]
        data["details"] = {k: v.to_dict() if hasattr(v, "to_dict") else v
                           for k, v in self.details.items()}
        return data


class ResolveHooks:
    """Verdict side of the d20pl pipeline."""

    def finish_attack(self, request, mods, ctx, attack_bd, target_bd, natural, rolled,
                      mode, mode_lines, tips, rng):
        notes, prompts, details = self.declared(request, ctx)
        common = dict(attack=attack_bd, target=target_bd, natural=natural, dice=rolled, mode=mode,
                      mode_lines=mode_lines, reminders=tips)

        def result(verdict, hit, **kw):
            return D20plAttackResult(verdict, hit, notes=tuple(notes), prompts=tuple(prompts),
                                     details=details, **common, **kw)

        cdg = ctx.has("situation.coup_de_grace")
        if cdg:
            notes.append(R.CDG_AUTO_CRIT)
            threat = confirmed = True
            confirm_total, chance, miss_roll = None, 0, None
        else:
            if natural == 1:
                notes.append(R.NAT1)
                return result(Verdict.NAT1, False)
            notes.append(R.NAT20 if natural == 20 else R.ROLL)
            if natural != 20 and natural + attack_bd.total < target_bd.total:
                return result(Verdict.MISS, False)
            threat = natural >= request.attack.crit_range
            confirmed, confirm_total = False, None
            if threat:
                notes.append(R.CRIT_THREAT)
                confirmed, confirm_total = self.confirm_critical(request, attack_bd, target_bd,
                                                                 details, rng)
                if confirmed:
                    notes.append(R.CRIT_CONFIRM)
            chance, miss_roll = self.roll_miss_chance(request, mods, ctx, details, rng)
            if miss_roll is not None and miss_roll <= chance:
                return result(Verdict.MISS_CHANCE, False, threat=threat, confirmed=confirmed,
                              confirm_total=confirm_total, miss_chance=chance, miss_roll=miss_roll)
        damage, damage_dice, outcome = self.damage_breakdown(request, mods, ctx, confirmed, rng)
        notes.extend(outcome)
        self.after_hit(request, mods, ctx, natural, damage, notes, prompts, details)
        return result(Verdict.CRITICAL if confirmed else Verdict.HIT, True, threat=threat,
                      confirmed=confirmed, confirm_total=confirm_total, miss_chance=chance,
                      miss_roll=miss_roll, damage=damage, damage_dice=damage_dice)

    # --- before the dice: what declaring this attack means ---------------
    def declared(self, request, ctx):
        notes, prompts, details = [], [], {}
        atk, attacker, defender = request.attack, request.attacker, request.defender
        if R.is_unarmed(atk):
            if _armed(attacker):
                notes.append(R.UNARMED_ARMED)
            elif _armed(defender) or not defender.has("unarmed"):
                notes.append(R.UNARMED_PROVOKES)
                prompts.append(Prompt(R.UNARMED_PROVOKES, "Attacking unarmed provokes an attack of "
                                      "opportunity from the armed defender.", roll="attack"))
        if ctx.has("situation.coup_de_grace"):
            notes.append(R.CDG_PROVOKES)
            prompts.append(Prompt(R.CDG_PROVOKES, "A coup de grace provokes attacks of opportunity "
                                  "from threatening opponents.", roll="attack"))
        if ctx.has("defender.cond.grappling") and not ctx.has("attacker.cond.grappling"):
            grapplers = R.number(request.situation, "grapplers", 2, 20, whole=True, default=2)
            prompts.append(Prompt(R.GRAPPLE_RANDOM, "Roll to see which of the grappling combatants "
                                  "you strike (1 = the chosen defender).", roll=f"1d{grapplers}",
                                  params={"grapplers": grapplers}))
        if R.totally_concealed(ctx):
            notes.append(R.CONCEAL_TOTAL)
        if atk.crit_range != 20 or atk.crit_mult != 2:
            notes.append(R.CRIT_WEAPON)
        return notes, prompts, details

    # --- critical confirmation ------------------------------------------
    def confirm_critical(self, request, attack_bd, target_bd, details, rng):
        """Attack test once more (the GM rolls it): a hit confirms."""
        roll = dice.take(20, request.rolls.confirm, rng, "rolls.confirm")
        total = roll + attack_bd.total
        confirmed = roll == 20 or (roll != 1 and total >= target_bd.total)
        details["confirm"] = Breakdown.of([Line("confirm.d20", roll, R.CRIT_CONFIRM),
                                           Line("confirm.attack", attack_bd.total, R.CRIT_CONFIRM)])
        return confirmed, total

    # --- concealment ---------------------------------------------------------
    def miss_chance_breakdown(self, request, mods, ctx) -> Breakdown:
        """Every miss chance in play; only the highest counts (no stacking)."""
        cands = (select(mods.against, "miss_chance") + select(mods.situation, "miss_chance")
                 + select(mods.own, "attackers.miss_chance"))
        lines = lines_from(cands)
        percent = R.number(request.situation, "concealment_percent", 0, 100)
        if percent is not None:
            lines = [Line(l.label, percent, R.CONCEAL_DEGREES, l.unit, source=l.source)
                     if l.source == "situation.concealment" and l.value else l for l in lines]
        best = max((i for i, l in enumerate(lines) if l.value), default=None,
                   key=lambda i: lines[i].value)
        out = []
        for i, line in enumerate(lines):
            if line.value and i != best:
                line = Line(line.rule, line.value, R.CONCEAL_NO_STACK, line.unit, False,
                            "did-not-stack", line.source)
            out.append(line)
        return Breakdown.of(out, "percent")

    def roll_miss_chance(self, request, mods, ctx, details, rng):
        breakdown = self.miss_chance_breakdown(request, mods, ctx)
        if breakdown.lines:
            details["miss_chance"] = breakdown
        chance = int(breakdown.total)
        if not chance:
            return 0, None
        return chance, dice.take(100, request.rolls.miss, rng, "rolls.miss")

    # --- after a hit -------------------------------------------------------
    def after_hit(self, request, mods, ctx, natural, damage, notes, prompts, details):
        if R.is_unarmed(request.attack):
            self.unarmed_kind(ctx, notes, prompts, details)
        if ctx.has("situation.coup_de_grace"):
            prompts.append(self.coup_de_grace_save(request, ctx, damage))
        elif natural != 20:
            self.dodge_test(request, mods, ctx, prompts, details)

    def unarmed_kind(self, ctx, notes, prompts, details):
        notes.append(R.UNARMED_BRUISING)
        if ctx.option("unarmed_damage_kind") == "nonlethal":
            details["damage_kind"] = "nonlethal"
        else:
            details["damage_kind"] = "lethal"
            prompts.append(Prompt(R.UNARMED_BRUISING, "The GM records a bruise Wound."))

    def coup_de_grace_save(self, request, ctx, damage) -> Prompt:
        if ctx.option("cdg_dc") == "damage":
            dc, params = 10 + int(damage.total), {"damage": damage.total}
        else:
            wounds = request.defender.stat("wounds")
            dc, params = 10 + wounds, {"wounds": wounds}
        return Prompt(R.CDG_FORT, "If the defender survives the damage it makes a Fortitude save; "
                                  "failure means death.", roll="save.fortitude", target=dc,
                      params=params)

    def dodge_test(self, request, mods, ctx, prompts, details):
        """The house Dodge test (undefined in the seed): its known parts."""
        denied = self.denied(request, mods, ctx)
        if "dodge_test" in denied:
            return
        d = request.defender
        lines = []
        if d.stat("dex_mod"):
            line = Line("dodge_test.dex_mod", d.stat("dex_mod"), R.DODGE_TEST)
            lost = "dex_ac" in denied or "dex_zero" in denied
            lines.append(line.suppressed("denied") if lost and line.value > 0 else line)
        if d.stat("shield") and not request.attack.touch:
            lines.append(Line("dodge_test.shield", d.stat("shield"), R.SHIELD_DODGE, type="shield"))
        lines += lines_from(select(mods.against, "check", "dodge_test"))
        breakdown = Breakdown.of(self.stack("check", lines, ctx))
        details["dodge_test"] = breakdown
        prompts.append(Prompt(R.DODGE_TEST, "The defender may make a Dodge test against this hit "
                              "(house rule: the GM sets the DC and the outcome).",
                              roll=f"d20{int(breakdown.total):+d}" if breakdown.total else "d20",
                              params={"modifier": breakdown.total}))


def _armed(creature) -> bool:
    """Counts as armed when unarmed (d20pl.unarmed.armed)."""
    return creature.has("improved_unarmed_strike") or creature.has("natural_weapons")
