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
    # The combatant form: groups of stats, in the order a sheet lists them.
    form = (
        ("defence", ("ac", "dex_ac", "shield_ac")),
        ("offence", ("thac0", "str_hit", "str_dmg", "dex_missile")),
        ("abilities", ("str", "str_exceptional", "dex", "reaction_adjustment", "surprise_modifier")),
        ("movement", ("move", "legs")),
        ("saves", ("save_reflexes", "save_robustness", "save_mind", "save_courage", "save_paralysis",
                   "save_breakage", "con_save_adj", "str_save_adj")),
        ("other", ("fighter_level",)),
    )
    traits = ("blind_fighting", "concentration", "physical_vigour", "incorporeal", "anchored",
              "crawler", "levitating", "polearm")
    initiative_lower_first = True
