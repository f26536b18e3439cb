"""d20pl combat options: the catalogue's ambiguities (AMB-31 … AMB-48) as
switches a GM can flip. The first choice is the catalogue's recommended
reading and the default; hooks read ``ctx.option(id)`` and data uses the
``option.<id>.<choice>`` tags.
"""

from __future__ import annotations

from ...model import OptionDef

OPTIONS = {o.id: o for o in (
    OptionDef("two_handed_rounding", "d20pl.attack.two-handed", "down", ("down", "half-up"),
              amb="AMB-31",
              text="1/2 (off hand) and 1.5× (two hands) of a bonus: round down, or round halves up."),
    OptionDef("two_handed_light", "d20pl.attack.two-handed", "not-light", ("not-light", "any-weapon"),
              amb="AMB-31",
              text="The 1.5× attribute bonus on the attack test: only for a weapon that is not "
                   "light (as for damage), or for any weapon held in two hands."),
    OptionDef("large_reach", "d20pl.attack.melee-reach", "table", ("table", "text"), amb="AMB-32",
              text="Reach of Large creatures: the threatened-area table (long bodies 1.5 m), or "
                   "the attack text (3 m for every Large character)."),
    OptionDef("crit_armour_order", "d20pl.crit.confirm", "double-then-armour",
              ("double-then-armour", "armour-then-double"), amb="AMB-33",
              text="Critical hit: double the damage then subtract armour once, or subtract armour "
                   "then double what is left."),
    OptionDef("unarmed_damage_kind", "d20pl.unarmed.bruising", "nonlethal",
              ("nonlethal", "bruise-wound"), amb="AMB-34",
              text="Unarmed 'bruising' damage: nonlethal damage, or normal damage plus a bruise "
                   "Wound assigned by the GM."),
    OptionDef("armour_reduction", "d20pl.damage.armour-reduction", "armour-natural",
              ("armour-natural", "all-armour-bonuses"), amb="AMB-35",
              text="What reduces damage: armour + natural armour, or also shield and enhancement."),
    OptionDef("damage_minimum", "d20pl.damage.minimum", "gate-then-floor",
              ("gate-then-floor", "floor-before-armour"), amb="AMB-36",
              text="Minimum damage: if the damage exceeds armour the hit deals at least 1; or the "
                   "damage after penalties is at least 1 and armour may still absorb it all."),
    OptionDef("cdg_dc", "d20pl.cdg.fort-save", "damage", ("damage", "wounds"), amb="AMB-48",
              text="Coup de grace Fortitude DC: 10 + damage dealt, or 10 + the defender's Wounds."),
    OptionDef("defensive_dodge", "d20pl.attack.fight-defensively.standard", "dodge-test",
              ("dodge-test", "ac"),
              text="Dodge bonuses of fighting defensively (+2) and total defence (+4): on the "
                   "house Dodge test as the seed says, or on AC as in the 3.5 SRD."),
)}
