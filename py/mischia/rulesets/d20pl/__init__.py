"""`d20pl`: play-by-forum D&D 3.5 variant (seed 003, Polish).

The ruleset is assembled from two parts: ``combat`` (attack roll, criticals,
unarmed, damage with armour reduction, AC, modifier tables, cover,
concealment, flanking, helpless defenders, sizes, conditions) and
``procedures`` (sequence, surprise, hit points and dying, saves, speed and
movement, actions table, attacks of opportunity, casting and concentration,
and the non-attack queries).
"""

from ...d20 import D20Ruleset
from ...ruleset import register
from . import combat as _combat
from . import procedures as _procedures


@register
class D20pl(_procedures.D20plProcedures, _combat.D20plCombat, D20Ruleset):
    id = "d20pl"
    name = "d20 3.5 (Polish forum variant)"
    seed = "003_a8648238f15b386c.txt"
    conditions = {**_combat.CONDITIONS, **_procedures.CONDITIONS}
    situations = {**_combat.SITUATIONS, **_procedures.SITUATIONS}
    options = {**_combat.OPTIONS, **_procedures.OPTIONS}
    stats = {**_combat.STATS, **_procedures.STATS}
    rule_ids = {**_combat.RULE_IDS, **_procedures.RULE_IDS}
    flat_footed_at_start = "unaware"  # d20pl.surprise.flat-footed
    form = (
        ("offence", ("bab", "str_mod", "dex_mod", "enhancement", "sneak_attack", "reach")),
        ("defence", ("armour", "shield", "natural", "deflection", "dodge", "ac_misc", "max_dex", "ac")),
        ("abilities", ("str", "dex", "con", "con_mod", "int", "int_mod", "wil", "wil_mod", "cha", "cha_mod")),
        ("saves", ("base_fort", "base_ref", "base_will")),
        ("other", ("speed", "concentration", "wounds")),
    )
    traits = ("precise_shot", "improved_unarmed_strike", "combat_reflexes", "two_weapon_fighting",
              "darkvision", "epic", "sleight_of_hand", "natural_weapons", "crit_immune")
