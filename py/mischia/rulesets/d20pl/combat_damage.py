"""d20pl damage: weapon dice, Strength, critical doubling, sneak attack and
the seed's armour reduction with its "no damage" and minimum-1 outcomes.

Order of ``DamageHooks.damage_breakdown`` (options in brackets):

1. weapon dice (or the unarmed strike die by size), Strength (melee, thrown,
   sling; bows only a penalty; off hand 1/2, two hands 1.5×), bonuses and
   modifiers;
2. a confirmed critical doubles that (``crit_armour_order`` =
   ``double-then-armour``, AMB-33);
3. sneak attack dice against a helpless or pinned defender, or in a coup de
   grace (not doubled);
4. minus armour + natural armour (``armour_reduction``, AMB-35); touch
   attacks ignore armour;
5. if the damage does not exceed the armour the hit deals 0 ("no wound");
   otherwise at least 1 (``damage_minimum``, AMB-36);
6. with ``armour-then-double`` the critical doubles what is left.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...dice import DiceExpr, take_many
from ...errors import InputError
from ...ruleset import lines_from
from . import combat_rules as R
from .combat_tables import UNARMED_DAMAGE, UNARMED_RULE


class DamageHooks:
    """Damage side of the d20pl pipeline."""

    # --- Strength ------------------------------------------------------
    def strength_lines(self, request, ctx) -> list:
        atk = request.attack
        strength = request.attacker.stat("str_mod")
        if "bow" in atk.weapon:
            if "composite" in atk.weapon or not strength:
                return []
            line = Line("damage.str", strength, R.BOW_STR)
            return [line.suppressed("bonus-not-applied") if strength > 0 else line]
        if atk.kind != "melee" and not ({"thrown", "sling"} & set(atk.weapon)):
            return []
        if not strength:
            return []
        if atk.grip == "off":
            return [Line("damage.str.off-hand", R.half(strength, ctx), R.OFF_HAND_DAMAGE)]
        if atk.grip == "two":
            if R.is_light(atk):
                rule = R.UNARMED_LIGHT if R.is_unarmed(atk) else R.TWO_HANDED_DAMAGE
                return [Line("damage.str", strength, rule, reason="light-weapon")]
            if strength > 0:
                return [Line("damage.str.two-handed", R.one_and_half(strength, ctx),
                             R.TWO_HANDED_DAMAGE)]
        return [Line("damage.str", strength, R.STR)]

    # --- dice ------------------------------------------------------------
    def weapon_dice(self, request) -> tuple:
        """(DiceExpr, rule): the weapon's damage, or the unarmed strike by size."""
        if R.is_unarmed(request.attack):
            return DiceExpr.parse(UNARMED_DAMAGE[request.attacker.size]), UNARMED_RULE
        return DiceExpr.parse(request.attack.damage, "attack.damage"), R.BY_WEAPON

    def sneak_rule(self, ctx):
        """Which rule lets a rogue add sneak attack dice here, if any."""
        if ctx.has("situation.coup_de_grace"):
            return R.CDG_SNEAK
        if ctx.has("defender.cond.helpless"):
            return R.HELPLESS_SNEAK
        if ctx.has("defender.cond.pinned"):
            return R.PINNED_SNEAK
        return None

    def roll_dice(self, request, expr, sneak, rng) -> tuple:
        """Weapon dice then sneak attack d6s, from ``rolls.damage`` or the rng."""
        given = request.rolls.damage
        count = expr.count if expr.sides else 0
        if given is None:
            return expr.roll(None, rng, "rolls.damage"), take_many(6, sneak, None, rng, "rolls.damage")
        if not isinstance(given, (list, tuple)) or len(given) not in (count, count + sneak):
            need = f"{count}" + (f" (or {count + sneak} with the sneak attack d6s)" if sneak else "")
            raise InputError("rolls.damage", f"needs {need} value(s)")
        weapon = expr.roll(list(given[:count]), None, "rolls.damage") if count else ()
        if len(given) == count + sneak and sneak:
            extra = take_many(6, sneak, list(given[count:]), None, "rolls.damage")
        else:
            extra = take_many(6, sneak, None, rng, "rolls.damage")
        return weapon, extra

    # --- armour ---------------------------------------------------------
    def armour_value(self, defender, ctx) -> int:
        parts = ("armour", "natural")
        if ctx.option("armour_reduction") == "all-armour-bonuses":
            parts += ("shield", "enhancement")
        return sum(defender.stat(p) for p in parts)

    # --- the whole damage -------------------------------------------------
    def damage(self, request, mods, ctx, critical, rng):
        breakdown, dice, _notes = self.damage_breakdown(request, mods, ctx, critical, rng)
        return breakdown, dice

    def damage_breakdown(self, request, mods, ctx, critical, rng):
        """(Breakdown, dice rolled, rule IDs of the outcome)."""
        expr, dice_rule = self.weapon_dice(request)
        sneak_rule = self.sneak_rule(ctx)
        sneak = request.attacker.stat("sneak_attack") if sneak_rule else 0
        rolled, sneak_dice = self.roll_dice(request, expr, sneak, rng)
        lines = []
        if expr.sides:
            lines.append(Line("damage.dice", sum(rolled), dice_rule))
        if expr.bonus:
            lines.append(Line("damage.dice_bonus", expr.bonus, dice_rule))
        lines += self.strength_lines(request, ctx)
        if request.attack.damage_bonus:
            lines.append(Line("damage.bonus", request.attack.damage_bonus, R.BY_WEAPON))
        lines += lines_from(self.damage_modifiers(request, mods, ctx))
        mult = request.attack.crit_mult if critical else 1
        crit_rule = R.CDG_AUTO_CRIT if ctx.has("situation.coup_de_grace") else R.CRIT_CONFIRM
        before = ctx.option("crit_armour_order") == "double-then-armour"
        if mult > 1 and before:
            lines.append(Line("damage.critical", _sum(lines) * (mult - 1), crit_rule))
        if sneak_dice:
            lines.append(Line("damage.sneak", sum(sneak_dice), sneak_rule))
        notes = self.armour_lines(request, ctx, lines)
        if mult > 1 and not before:
            lines.append(Line("damage.critical", _sum(lines) * (mult - 1), crit_rule))
        return Breakdown.of(lines), tuple(rolled) + tuple(sneak_dice), notes

    def armour_lines(self, request, ctx, lines) -> list:
        """Subtract armour, then the no-damage / minimum-1 outcome (AMB-36).
        Appends to ``lines``; returns the outcome's rule IDs."""
        armour = self.armour_value(request.defender, ctx)
        raw = sum(l.value for l in lines if l.applied and l.value > 0)
        floor_first = ctx.option("damage_minimum") == "floor-before-armour"
        if floor_first and _sum(lines) < 1:
            lines.append(Line("damage.minimum", 1 - _sum(lines), R.MINIMUM, reason="floor"))
        if armour and request.attack.touch:
            lines.append(Line("damage.armour", -armour, R.TOUCH).suppressed("touch"))
            armour = 0
        elif armour:
            lines.append(Line("damage.armour", -armour, R.ARMOUR_REDUCTION))
        total = _sum(lines)
        absorbed = total <= 0 if floor_first else raw <= armour
        if absorbed:
            if total:
                lines.append(Line("damage.no-damage", -total, R.NO_DAMAGE, reason="absorbed"))
            return [R.NO_DAMAGE]
        if total < 1:
            lines.append(Line("damage.minimum", 1 - total, R.MINIMUM, reason="floor"))
            return [R.MINIMUM]
        return []


def _sum(lines) -> int:
    return sum(l.value for l in lines if l.applied)
