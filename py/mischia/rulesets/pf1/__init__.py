"""`pf1`: Pathfinder 1e (seed 001, Italian) — combat sequence, round,
initiative with tie-breaks, flat-footed and uncanny dodge, surprise round —
plus the PF1 Core Rulebook rules players expect (catalogue §5.2 ``ext.pf1.*``):
attack and AC, CMB/CMD, the condition list, hit points and dying, actions and
attacks of opportunity, modifier tables, concentration.

The ruleset is assembled from small modules: ``rules`` (rule IDs, stats,
options, size tables), ``conditions`` and ``situations`` (data),
``combat`` (attack-pipeline hooks), ``initiative`` (initiative and surprise),
``hp`` and ``turn`` (hit points, start of turn), ``actions`` and
``action_table`` (action economy, movement), ``checks`` (saves,
concentration, effective numbers). See ``rules`` for the stat names.
"""

from ...d20 import D20Ruleset
from ...ruleset import register
from .actions import Pf1Actions
from .checks import Pf1Checks
from .combat import Pf1Combat
from .conditions import CONDITIONS
from .hp import Pf1HitPoints
from .initiative import Pf1Initiative
from .rules import OPTIONS, RULE_IDS, STATS
from .situations import SITUATIONS
from .turn import Pf1Turn


@register
class Pf1(Pf1Initiative, Pf1Turn, Pf1HitPoints, Pf1Actions, Pf1Checks, Pf1Combat, D20Ruleset):
    id = "pf1"
    name = "Pathfinder 1e"
    seed = "001_85021773acc92927.txt"
    conditions = CONDITIONS
    situations = SITUATIONS
    options = OPTIONS
    stats = STATS
    rule_ids = RULE_IDS
    flat_footed_at_start = "all"      # pf1.flat-footed.start
    form = (
        ("offence", ("bab", "str_mod", "dex_mod", "cmb", "caster_level", "casting_mod")),
        ("defence", ("armour", "shield", "natural", "deflection", "dodge", "ac_misc", "ac", "cmd")),
        ("abilities", ("con", "con_mod", "int_mod", "wis_mod", "cha_mod")),
        ("saves", ("fort", "ref", "will")),
        ("other", ("init_misc", "speed", "barbarian_level", "rogue_level", "acrobatics_ranks")),
    )
    traits = ("uncanny_dodge", "combat_reflexes", "precise_shot", "improved_initiative", "barbarian",
              "rogue", "heavy_armour", "weapon_finesse", "agile_maneuvers",
              "see_invisibility", "true_seeing")
