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
