"""d20pl combat tables: sizes, unarmed damage, reach, range increments.

Plain data the combat hooks read, each table row with the rule ID it comes
from:

* ``SIZE_MODIFIER`` — the 3.5 SRD size modifier to attack and AC
  (``ext.d20pl.size-modifiers``; the seed names the AC size modifier,
  ``d20pl.ac.size``, without values).
* ``UNARMED_DAMAGE`` — the unarmed strike die by size (``d20pl.unarmed.damage``:
  Small 1d2, Medium 1d3, Large 1d4 in the seed; the other sizes follow the
  3.5 SRD weapon-size progression of that die).
* ``REACH`` — the threatened area (reach, metres) by size and body shape
  (tall/long), from the seed's table *Ogromne i niewielkie istoty — obszar
  zagrożenia*; the attack pipeline uses it for ``d20pl.attack.melee-reach``
  and ``d20pl.flank.reach-zero``.
* ``MAX_INCREMENTS`` — how many range increments a thrown or projectile
  weapon reaches (``ext.d20pl.range-increments``).
"""

from __future__ import annotations

SIZE_RULE = "ext.d20pl.size-modifiers"

# size -> modifier to attack tests and to AC (3.5 SRD)
SIZE_MODIFIER = {
    "fine": 8, "diminutive": 4, "tiny": 2, "small": 1, "medium": 0,
    "large": -1, "huge": -2, "gargantuan": -4, "colossal": -8,
}

UNARMED_RULE = "d20pl.unarmed.damage"
# size -> unarmed strike damage. Small/Medium/Large are the seed's; the rest
# scale the 1d3 strike by the SRD size steps (1 point is the smallest step).
UNARMED_DAMAGE = {
    "fine": "1", "diminutive": "1", "tiny": "1", "small": "1d2", "medium": "1d3",
    "large": "1d4", "huge": "1d6", "gargantuan": "1d8", "colossal": "2d6",
}
UNARMED_IN_SEED = ("small", "medium", "large")

# size -> (reach when tall, reach when long) in metres, with the table rows
REACH = {
    "fine": ((0, "d20pl.threat.fine"), (0, "d20pl.threat.fine")),
    "diminutive": ((0, "d20pl.threat.diminutive"), (0, "d20pl.threat.diminutive")),
    "tiny": ((0, "d20pl.threat.tiny"), (0, "d20pl.threat.tiny")),
    "small": ((1.5, "d20pl.threat.small"), (1.5, "d20pl.threat.small")),
    "medium": ((1.5, "d20pl.threat.medium"), (1.5, "d20pl.threat.medium")),
    "large": ((3, "d20pl.threat.large-tall"), (1.5, "d20pl.threat.large-long")),
    "huge": ((4.5, "d20pl.threat.huge-tall"), (3, "d20pl.threat.huge-long")),
    "gargantuan": ((6, "d20pl.threat.gargantuan-tall"), (4.5, "d20pl.threat.gargantuan-long")),
    "colossal": ((9, "d20pl.threat.colossal-tall"), (6, "d20pl.threat.colossal-long")),
}
# AMB-32 alternative: the attack text's "3 m for large characters"
LARGE_REACH_TEXT = 3

RANGE_RULE = "ext.d20pl.range-increments"
RANGE_PENALTY_PER_INCREMENT = -2
MAX_INCREMENTS = {"thrown": 5, "projectile": 10}

# weapons that can be used while prone (d20pl.atkmod.fn3)
PRONE_RANGED_WEAPONS = ("weapon.crossbow", "weapon.shuriken")
