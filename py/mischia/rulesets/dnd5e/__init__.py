"""`dnd5e`: D&D 5e combat (seed 004, Italian) with the SRD 5.1 rules players
expect (catalogue §4 and §5.4).

Parts: ``tables`` (rule IDs, stats, options, sizes, actions), ``conditions``
and ``situations`` (data), ``rolls`` (advantage/disadvantage, saving
throws), ``combat`` (attack hooks), ``hitpoints`` (damage, healing, death
saves, turn start, saves, concentration), ``order`` (initiative, surprise,
rounds), ``movement`` and ``actions`` (the action economy).

Stats (``creature.stats``; distances in metres):

- ``ac`` armour class (0–40)
- ``str_mod`` … ``cha_mod`` ability modifiers (−5–10)
- ``str_save`` … ``cha_save`` total saving throw bonuses, when typed (−10–30);
  otherwise ability modifier + ``proficiency`` with the trait ``proficient.KIND``
- ``proficiency`` proficiency bonus (0–10); ``spell_mod`` spell attack ability (−5–20)
- ``initiative`` total initiative modifier when it isn't just ``dex_mod`` (−10–30)
- ``perception`` Wisdom (Perception) bonus, ``passive_perception`` (0–40),
  ``stealth`` Dexterity (Stealth) bonus (−10–30)
- ``speed`` walking speed, ``fly_speed``, ``climb_speed``, ``swim_speed``,
  ``burrow_speed`` (0–60 m, fly 0–120 m)

Traits: ``proficient.KIND`` (save proficiency), ``hover`` (doesn't fall when
it can't move), ``bonus.NAME`` (a feature granting a bonus action).
Attack weapon tags: ``finesse``, ``thrown``, ``spell``, ``nonproficient``.
Situation numbers: ``distance``, ``range_normal``, ``range_long`` (metres).
"""

from ...d20 import D20Ruleset
from ...ruleset import register
from . import tables as _tables
from .actions import Dnd5eActions
from .combat import Dnd5eCombat
from .conditions import CONDITIONS
from .hitpoints import Dnd5eHitPoints
from .movement import Dnd5eMovement
from .order import Dnd5eOrder
from .situations import SITUATIONS


@register
class Dnd5e(Dnd5eActions, Dnd5eMovement, Dnd5eOrder, Dnd5eHitPoints, Dnd5eCombat, D20Ruleset):
    id = "dnd5e"
    name = "D&D 5e"
    seed = "004_2f079b813df2bd79.txt"
    conditions = CONDITIONS
    situations = SITUATIONS
    options = _tables.OPTIONS
    stats = _tables.STATS
    rule_ids = _tables.RULE_IDS
    stacking_types = frozenset()
    surprise_style = "first_turn"
    form = (
        ("defence", ("ac",)),
        ("offence", ("proficiency", "str_mod", "dex_mod", "spell_mod")),
        ("abilities", ("con_mod", "int_mod", "wis_mod", "cha_mod")),
        ("saves", ("str_save", "dex_save", "con_save", "int_save", "wis_save", "cha_save")),
        ("senses", ("initiative", "perception", "passive_perception", "stealth")),
        ("movement", ("speed", "fly_speed", "climb_speed", "swim_speed", "burrow_speed")),
    )
    traits = ("hover", "proficient.str", "proficient.dex", "proficient.con", "proficient.int",
              "proficient.wis", "proficient.cha")
