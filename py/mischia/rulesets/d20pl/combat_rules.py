"""Rule IDs the d20pl combat hooks name, in one place, plus the small
arithmetic helpers the hooks share (rounding of 1/2 and 1.5× under AMB-31,
reach, validated situation numbers)."""

from __future__ import annotations

from ...errors import InputError
from .combat_tables import LARGE_REACH_TEXT, REACH

ROLL = "d20pl.attack.roll"
NAT1 = "d20pl.attack.nat1"
NAT20 = "d20pl.attack.nat20"
MELEE = "d20pl.attack.melee-formula"
RANGED = "d20pl.attack.ranged-formula"
OFF_HAND = "d20pl.attack.off-hand"
TWO_HANDED = "d20pl.attack.two-handed"
MULTIPLE = "d20pl.attack.multiple"
REACH_RULE = "d20pl.attack.melee-reach"
RANGED_TARGETS = "d20pl.attack.ranged-targets"
CRIT_THREAT = "d20pl.crit.threat"
CRIT_CONFIRM = "d20pl.crit.confirm"
CRIT_WEAPON = "d20pl.crit.weapon-specific"

UNARMED_PROVOKES = "d20pl.unarmed.provokes"
UNARMED_ARMED = "d20pl.unarmed.armed"
UNARMED_BRUISING = "d20pl.unarmed.bruising"
UNARMED_LIGHT = "d20pl.unarmed.light"

BY_WEAPON = "d20pl.damage.by-weapon"
ARMOUR_REDUCTION = "d20pl.damage.armour-reduction"
NO_DAMAGE = "d20pl.damage.no-damage"
MINIMUM = "d20pl.damage.minimum"
STR = "d20pl.damage.str"
BOW_STR = "d20pl.damage.bow-str-penalty"
OFF_HAND_DAMAGE = "d20pl.damage.off-hand"
TWO_HANDED_DAMAGE = "d20pl.damage.two-handed"

AC_FORMULA = "d20pl.ac.formula"
MAX_DEX = "d20pl.ac.armour-max-dex"
LOSE_DEX = "d20pl.ac.lose-dex"
ENHANCEMENT = "d20pl.ac.enhancement"
DEFLECTION = "d20pl.ac.deflection"
NATURAL = "d20pl.ac.natural"
DODGE = "d20pl.ac.dodge"
AC_SIZE = "d20pl.ac.size"
TOUCH = "d20pl.ac.touch"
DODGE_TEST = "d20pl.dodge.test"
SHIELD_DODGE = "d20pl.action.shield"

FLANK_REACH_ZERO = "d20pl.flank.reach-zero"
LOW_OBSTACLE = "d20pl.cover.low-obstacle"
CONCEAL_NO_STACK = "d20pl.conceal.no-stack"
CONCEAL_TOTAL = "d20pl.conceal.total"
CONCEAL_DEGREES = "d20pl.conceal.degrees"
GRAPPLE_RANDOM = "d20pl.acmod.fn3"

HELPLESS_SNEAK = "d20pl.helpless.sneak-attack"
PINNED_SNEAK = "d20pl.acmod.fn4"
CDG_ACTION = "d20pl.cdg.action"
CDG_RANGED = "d20pl.cdg.ranged-adjacent"
CDG_AUTO_CRIT = "d20pl.cdg.auto-crit"
CDG_FORT = "d20pl.cdg.fort-save"
CDG_SNEAK = "d20pl.cdg.sneak-attack"
CDG_PROVOKES = "d20pl.cdg.provokes"
CDG_CRIT_IMMUNE = "d20pl.cdg.crit-immune"
CDG_CONCEALED = "d20pl.cdg.total-concealment"

# bonus types that stack with themselves: dodge (and untyped); penalties always stack
STACK_DODGE = "d20pl.stack.dodge"
STACKING_TYPES = frozenset({"untyped", "dodge"})

# key -> rule ID for the defaults of mischia.d20.D20Ruleset
RULE_IDS = {
    "attack.roll": ROLL, "attack.melee": MELEE, "attack.ranged": RANGED,
    "ac": AC_FORMULA, "ac.touch": TOUCH, "damage": BY_WEAPON, "damage.str": STR,
    "damage.two-handed": TWO_HANDED_DAMAGE, "damage.off-hand": OFF_HAND_DAMAGE,
    "crit": CRIT_CONFIRM, "damage.minimum": MINIMUM,
}


def half(value, ctx):
    """1/2 of a bonus (off hand); a penalty stays whole. AMB-31 rounding."""
    if value <= 0:
        return value
    return value // 2 if ctx.option("two_handed_rounding") == "down" else (value + 1) // 2


def one_and_half(value, ctx):
    """1.5 × a bonus (two hands); a penalty stays as it is. AMB-31 rounding."""
    if value <= 0:
        return value
    return (3 * value) // 2 if ctx.option("two_handed_rounding") == "down" else (3 * value + 1) // 2


def is_unarmed(attack) -> bool:
    return "unarmed" in attack.weapon


def is_light(attack) -> bool:
    """Light weapon: declared light, or an unarmed strike (d20pl.unarmed.light)."""
    return attack.light or is_unarmed(attack)


def reach(creature, ctx):
    """(metres, rule) a creature threatens: its ``reach`` stat, else the
    threatened-area table by size and body (trait ``long``), AMB-32 option."""
    if "reach" in creature.stats:
        return creature.stat("reach"), REACH_RULE
    if creature.size == "large" and ctx.option("large_reach") == "text":
        return LARGE_REACH_TEXT, REACH_RULE
    tall, long = REACH[creature.size]
    return long if creature.has("long") else tall


def number(situation, key, low, high, whole=False, default=None):
    """A validated number from ``situation.numbers`` (or ``default``)."""
    value = situation.numbers.get(key, default)
    if value is None:
        return None
    field = f"situation.numbers.{key}"
    if whole and (isinstance(value, float) and not value.is_integer()):
        raise InputError(field, f"must be a whole number from {low} to {high}")
    if not low <= value <= high:
        raise InputError(field, f"{value} is out of range: must be from {low} to {high}")
    return int(value) if whole else value


def totally_concealed(ctx) -> bool:
    """Total concealment in play: the situation or an invisible defender."""
    if ctx.has("situation.concealment.total") or ctx.has("defender.cond.invisible"):
        return True
    return ctx.has("situation.concealment.dark") and not ctx.has("attacker.trait.darkvision")
