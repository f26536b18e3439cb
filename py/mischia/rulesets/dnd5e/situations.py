"""dnd5e situations as data: cover (``ext.dnd5e.cover``), the ranged and
visibility context (``ext.dnd5e.ranged-context``), the Help action, and the
toggles conditions read (charmer, fear source out of sight).

``RANGE_MODIFIERS`` are not toggles: they depend on the typed numbers
``distance``, ``range_normal`` and ``range_long`` (metres) and the attack
hooks evaluate them on every attack.
"""

from __future__ import annotations

from ...model import Modifier, Reminder, SituationDef, Unit, when
from .tables import R_ACTIONS, R_COVER, R_RANGED, farther

FLAG = Unit.FLAG

SITUATIONS = {s.id: s for s in (
    SituationDef("cover", R_COVER, name="Cover", choices=("half", "three-quarters", "total"),
                 modifiers=(
                     Modifier("ac", 2, R_COVER, when=when("situation.cover.half")),
                     Modifier("ac", 5, R_COVER, when=when("situation.cover.three-quarters")),
                     Modifier("save", 2, R_COVER, detail="dex", when=when("situation.cover.half")),
                     Modifier("save", 5, R_COVER, detail="dex",
                              when=when("situation.cover.three-quarters")),
                     Modifier("forbid", 1, R_COVER, FLAG, detail="attack",
                              when=when("situation.cover.total"))),
                 reminders=(Reminder(R_COVER, "Total cover: the target can't be targeted "
                                              "directly by an attack or a spell",
                                     when=when("situation.cover.total")),)),
    SituationDef("long_range", R_RANGED, name="Long range",
                 modifiers=(Modifier("attack.disadvantage", 1, R_RANGED, FLAG, when=when("ranged")),),
                 reminders=(Reminder(R_RANGED, "No attack beyond the weapon's long range"),)),
    SituationDef("hostile_adjacent", R_RANGED, name="Hostile creature within 1.5 m",
                 modifiers=(Modifier("attack.disadvantage", 1, R_RANGED, FLAG, when=when("ranged")),),
                 reminders=(Reminder(R_RANGED, "Only a hostile creature that can see the attacker "
                                               "and isn't incapacitated counts",
                                     when=when("ranged")),)),
    SituationDef("unseen_attacker", R_RANGED, name="Target can't see the attacker",
                 modifiers=(Modifier("attack.advantage", 1, R_RANGED, FLAG),)),
    SituationDef("unseen_target", R_RANGED, name="Attacker can't see the target",
                 modifiers=(Modifier("attack.disadvantage", 1, R_RANGED, FLAG),),
                 reminders=(Reminder(R_RANGED, "Unseen target: the attacker must guess its "
                                               "location; a wrong guess misses"),)),
    SituationDef("helped", R_ACTIONS, name="Helped by an ally",
                 modifiers=(Modifier("attack.advantage", 1, R_ACTIONS, FLAG),)),
    SituationDef("charmer", "ext.dnd5e.conditions", name="Target is the charmer"),
    SituationDef("fear_source_out_of_sight", "ext.dnd5e.conditions",
                 name="Source of fear out of sight"),
    SituationDef("surrounded", "dnd5e.size.surround", name="Crowded around the target",
                 reminders=(Reminder("dnd5e.size.surround",
                                     "Only so many can surround a creature: eight Medium "
                                     "creatures within 1.5 m of a Medium one, five Large crowd "
                                     "it, up to twenty Medium around a Gargantuan one"),)),
)}

# Rules that read the typed distance against the weapon's ranges.
RANGE_MODIFIERS = (
    Modifier("attack.disadvantage", 1, R_RANGED, FLAG, when=farther("ranged"),
             source="situation.range"),
    Modifier("forbid", 1, R_RANGED, FLAG, detail="attack.ranged",
             when=farther("ranged", limit="range_long"), source="situation.range"),
)
