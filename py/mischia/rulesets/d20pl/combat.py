"""d20pl combat: attack test, criticals, unarmed strikes, damage reduced by
armour, Armour Class, the attack/AC modifier tables, cover, concealment,
flanking, helpless defenders and coup de grace (RULES.md §3.3–3.7, §3.14–3.19,
``ext.d20pl.size-modifiers``, ``ext.d20pl.range-increments``).

Data lives in ``combat_conditions`` (conditions), ``combat_situations``
(toggles and graded choices), ``combat_options`` (ambiguities) and
``combat_tables`` (sizes, unarmed dice, reach, range); the hooks that
override ``mischia.d20.D20Ruleset`` live in ``combat_attack``,
``combat_defence``, ``combat_damage`` and ``combat_resolve``;
``combat_grid`` derives cover, concealment and flanking from squares.

Stats the combat rules read (``Creature.stats``):

=============== ========== =====================================================
``bab``         0 … 60     base attack bonus
``str_mod``     −5 … 30    Strength modifier (melee attack, damage)
``dex_mod``     −5 … 30    Dexterity modifier (ranged attack, AC, Dodge test)
``armour``      0 … 30     armour bonus to AC; reduces damage
``shield``      0 … 20     shield bonus to AC and to the Dodge test
``enhancement`` 0 … 10     enhancement bonus of the armour
``natural``     0 … 40     natural armour; reduces damage
``deflection``  0 … 20     deflection bonus to AC
``dodge``       0 … 20     dodge bonuses to AC (sum)
``ac_misc``     −20 … 20   other AC modifiers
``ac``          1 … 80     a typed total AC (instead of the parts)
``max_dex``     0 … 20     the armour's maximum Dex bonus
``reach``       0 … 30     reach in metres (else from size, trait ``long``)
``sneak_attack`` 0 … 20    sneak attack dice (d6)
``wounds``      0 … 50     house Wounds received (coup de grace, AMB-48 option)
=============== ========== =====================================================

Size is ``Creature.size``. Traits read: ``precise_shot``, ``darkvision``,
``improved_unarmed_strike``, ``natural_weapons``, ``unarmed`` (a defender
without a weapon), ``crit_immune``, ``long`` (long body, for reach).
Weapon tags read: ``unarmed``, ``thrown``, ``sling``, ``bow``,
``composite``, ``crossbow``, ``shuriken``.
"""

from __future__ import annotations

from .combat_attack import AttackHooks
from .combat_conditions import CONDITIONS
from .combat_damage import DamageHooks
from .combat_defence import DefenceHooks
from .combat_options import OPTIONS
from .combat_resolve import ResolveHooks
from .combat_rules import RULE_IDS
from .combat_situations import SITUATIONS

STATS = {
    "bab": (0, 60), "str_mod": (-5, 30), "dex_mod": (-5, 30),
    "armour": (0, 30), "shield": (0, 20), "enhancement": (0, 10), "natural": (0, 40),
    "deflection": (0, 20), "dodge": (0, 20), "ac_misc": (-20, 20), "ac": (1, 80),
    "max_dex": (0, 20), "reach": (0, 30), "sneak_attack": (0, 20), "wounds": (0, 50),
}

__all__ = ("CONDITIONS", "SITUATIONS", "OPTIONS", "STATS", "RULE_IDS", "D20plCombat")


class D20plCombat(ResolveHooks, DamageHooks, DefenceHooks, AttackHooks):
    """Attack-pipeline hooks overriding mischia.d20.D20Ruleset."""
