"""dnd5e attack pipeline: hooks over ``mischia.d20.D20Ruleset``.

The attack roll (``ext.dnd5e.attack-roll``) is d20 + ability modifier +
proficiency bonus against AC; a natural 20 always hits and is a critical hit
(the damage dice are rolled twice, no multiplier), a natural 1 always
misses. There is no confirmation roll and no miss chance. Advantage and
disadvantage come from flag modifiers (conditions, situations, the typed
range numbers) and cancel each other (``ext.dnd5e.advantage``). Paralyzed
and unconscious targets take a critical hit from any hit within 1.5 m.

Numbers simply add (5e has no bonus types); the same named effect from the
same source does not stack with itself.
"""

from __future__ import annotations

from ... import dice
from ...attack import AttackResult, Verdict
from ...breakdown import Breakdown, Line
from ...engine import select
from ...errors import InputError
from .rolls import roll_mode
from .situations import RANGE_MODIFIERS
from .tables import R_ATTACK, SIZE_ORDER, SIZE_SPACE


class Dnd5eCombat:
    """Attack hooks and policies; mixed in before ``D20Ruleset``."""

    # --- input and stacking ----------------------------------------------
    def check_stats(self, creature, field_name="creature"):
        super().check_stats(creature, field_name)
        if creature.size not in SIZE_SPACE:
            raise InputError(f"{field_name}.size", f"{creature.size!r} is not a 5e size",
                             SIZE_ORDER)

    def stack(self, target, lines, ctx) -> list:
        """Everything adds, except the same named effect from the same source
        (only the strongest of those counts)."""
        out = list(lines)
        best = {}
        for i, line in enumerate(out):
            if not line.applied or not line.source:
                continue
            key = (line.label, line.source)
            j = best.get(key)
            if j is None:
                best[key] = i
            elif abs(out[j].value) < abs(line.value):
                out[j] = out[j].suppressed("did-not-stack")
                best[key] = i
            else:
                out[i] = line.suppressed("did-not-stack")
        return out

    # --- attack -----------------------------------------------------------
    def range_modifiers(self, ctx) -> list:
        """Long-range disadvantage and out-of-range refusal from the typed numbers."""
        return [m for m in RANGE_MODIFIERS if m.when.holds(ctx.tags, ctx.numbers)]

    def attack_forbidden(self, request, mods, ctx) -> list:
        blocked = super().attack_forbidden(request, mods, ctx)
        blocked += [m.rule for m in self.range_modifiers(ctx) if m.target == "forbid"
                    and m.detail in ("attack", f"attack.{request.attack.kind}")]
        return blocked

    @staticmethod
    def attack_ability(atk, attacker) -> str:
        """Str for melee and thrown, Dex for ranged, the better for finesse,
        ``spell_mod`` for spell attacks."""
        if "spell" in atk.weapon:
            return "spell_mod"
        if "finesse" in atk.weapon:
            return "dex_mod" if attacker.stat("dex_mod") > attacker.stat("str_mod") else "str_mod"
        if atk.kind == "ranged" and "thrown" not in atk.weapon:
            return "dex_mod"
        return "str_mod"

    def attack_base(self, request, ctx) -> list:
        atk, attacker = request.attack, request.attacker
        if atk.bonus is not None:
            return [Line("attack.bonus", atk.bonus, R_ATTACK)]
        ability = self.attack_ability(atk, attacker)
        lines = [Line(f"attack.{ability}", attacker.stat(ability), R_ATTACK)]
        prof = Line("attack.proficiency", attacker.stat("proficiency"), R_ATTACK)
        lines.append(prof.suppressed("not-proficient") if "nonproficient" in atk.weapon else prof)
        return lines

    def roll_mode(self, request, mods, ctx):
        adv = (select(mods.own, "attack.advantage") + select(mods.against, "attackers.advantage")
               + select(mods.situation, "attack.advantage"))
        dis = (select(mods.own, "attack.disadvantage")
               + select(mods.against, "attackers.disadvantage")
               + select(mods.situation, "attack.disadvantage")
               + [m for m in self.range_modifiers(ctx) if m.target == "attack.disadvantage"])
        return roll_mode(adv, dis)

    def finish_attack(self, request, mods, ctx, attack_bd, target_bd, natural, rolled,
                      mode, mode_lines, tips, rng) -> AttackResult:
        total = natural + attack_bd.total
        common = dict(attack=attack_bd, target=target_bd, natural=natural, dice=rolled,
                      mode=mode, mode_lines=mode_lines, reminders=tips)
        if natural == 1:
            return AttackResult(Verdict.NAT1, False, notes=(R_ATTACK,), **common)
        natural_crit = natural >= request.attack.crit_range
        if not natural_crit and total < target_bd.total:
            return AttackResult(Verdict.MISS, False, **common)
        notes = [R_ATTACK] if natural_crit else []
        for m in select(mods.against, "attackers.crit"):
            if m.rule not in notes:
                notes.append(m.rule)
        critical = bool(notes)
        damage, damage_dice = self.damage(request, mods, ctx, critical, rng)
        return AttackResult(Verdict.CRITICAL if critical else Verdict.HIT, True,
                            threat=critical, confirmed=critical, damage=damage,
                            damage_dice=damage_dice, notes=tuple(notes), **common)

    # --- damage -----------------------------------------------------------
    def damage(self, request, mods, ctx, critical, rng):
        """Dice (twice on a critical) + ability modifier + bonuses, at least 0.
        The ability modifier is added when the attack bonus is built from the
        stats (a typed damage expression carries it otherwise); an off-hand
        attack adds it only when negative (two-weapon fighting)."""
        atk = request.attack
        expr = dice.DiceExpr.parse(atk.damage, "attack.damage")
        rolled = expr.roll(request.rolls.damage, rng, "rolls.damage")
        lines = [Line("damage.dice", sum(rolled), R_ATTACK)]
        if expr.bonus:
            lines.append(Line("damage.flat", expr.bonus, R_ATTACK))
        extra = ()
        if critical and expr.sides:
            extra = dice.take_many(expr.sides, expr.count, request.rolls.crit_damage, rng,
                                   "rolls.crit_damage")
            lines.append(Line("damage.critical", sum(extra), R_ATTACK, reason="dice-twice"))
        if atk.bonus is None:
            ability = self.attack_ability(atk, request.attacker)
            value = request.attacker.stat(ability)
            if value:
                line = Line(f"damage.{ability}", value, R_ATTACK)
                if atk.grip == "off" and value > 0:
                    line = line.suppressed("off-hand")
                lines.append(line)
        if atk.damage_bonus:
            lines.append(Line("damage.bonus", atk.damage_bonus, R_ATTACK))
        lines += [Line(m.label or m.rule, m.value, m.rule, source=m.source)
                  for m in self.damage_modifiers(request, mods, ctx)]
        lines = self.stack("damage", lines, ctx)
        total = sum(l.value for l in lines if l.applied)
        if total < 0:
            lines.append(Line("damage.minimum", -total, R_ATTACK, reason="floor"))
        return Breakdown.of(lines), tuple(rolled) + tuple(extra)
