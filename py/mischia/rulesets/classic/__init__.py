"""`classic`: AD&D-style house rules (seed 000, Italian).

The ruleset is assembled from two parts: ``combat`` (conventions, stacking,
conditions, positional situations, the attack pipeline with descending AC)
and ``procedures`` (attacks of opportunity, surprise, guard duty, picking up
objects, close combat, and the non-attack queries).
"""

from ...d20 import D20Ruleset
from ...ruleset import register
from . import combat as _combat
from . import procedures as _procedures


@register
class Classic(_procedures.ClassicProcedures, _combat.ClassicCombat, D20Ruleset):
    id = "classic"
    name = "Classic (AD&D house rules)"
    seed = "000_17da9e0d9b7beccd.txt"
    conditions = {**_combat.CONDITIONS, **_procedures.CONDITIONS}
    situations = {**_combat.SITUATIONS, **_procedures.SITUATIONS}
    options = {**_combat.OPTIONS, **_procedures.OPTIONS}
    stats = {**_combat.STATS, **_procedures.STATS}
    rule_ids = {**_combat.RULE_IDS, **_procedures.RULE_IDS}
