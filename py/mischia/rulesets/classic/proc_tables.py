"""classic procedures: tables (stats, options, sizes, weapon sizes, actions).

Pure data read by the procedure queries (``procedures.py``):

* ``STATS`` — the stats these rules read, with their allowed ranges:
  ``move`` (tactical movement factor, hexes per round), ``dex`` (Dexterity
  score, for the opposed close-combat check), ``reaction_adjustment`` (the
  Dexterity Reaction Adjustment from the creature's sheet) and
  ``surprise_modifier`` (the Wisdom Surprise Modifier from the sheet), both in
  points of the surprise check.
* ``OPTIONS`` — the ambiguities of the seed in this scope (AMB-01, AMB-24,
  AMB-25, AMB-26, AMB-27, AMB-28): the recommended reading is the default.
* ``SIZE_ORDER``/``size_reach`` — the classic size categories T S M L H G and
  the reach of attacks of opportunity (``ext.classic.sizes-weapons``).
* ``ACTIONS`` — the action economy the seed defines: complex actions with a
  half move, the attack of opportunity as a non-action, close combat.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import InputError
from ...model import OptionDef

STATS = {
    "move": (0, 60),
    "dex": (1, 25),
    "reaction_adjustment": (-5, 5),
    "surprise_modifier": (-5, 5),
}

OPTIONS = {
    "initiative_direction": OptionDef(
        "initiative_direction", "classic.conv.initiative-direction", "lower-first",
        ("lower-first", "higher-first"), amb="AMB-01",
        text="Initiative factor: lower acts first and '+N' penalties are added "
             "(recommended), or higher acts first and penalties are subtracted"),
    "aoo_timing": OptionDef(
        "aoo_timing", "classic.aoo.timing", "same-round", ("same-round", "previous-round"),
        amb="AMB-24",
        text="Attack of opportunity at the initiative factor just before the mover "
             "arrives, in the same round (recommended), or at that factor of the previous round"),
    "surprise_modifier_scale": OptionDef(
        "surprise_modifier_scale", "classic.surprise.modifier-scale", "five-percent-per-point",
        ("five-percent-per-point", "raw-points"), amb="AMB-25",
        text="Point modifiers on the d100 surprise check count 5% per point "
             "(recommended), or are added as raw points"),
    "grapple_two_handed": OptionDef(
        "grapple_two_handed", "classic.grapple.weapon.two-handed", "large-only",
        ("large-only", "any-two-handed"), amb="AMB-26",
        text="In close combat only a two-handed size L weapon cannot be used "
             "(recommended), or no weapon wielded in two hands can"),
    "grapple_aimed_precision": OptionDef(
        "grapple_aimed_precision", "classic.grapple.outside-attack.save", "replaces",
        ("replaces", "adds"), amb="AMB-27",
        text="Aimed precision: −10% replaces the −20% missile penalty (recommended), "
             "or is added to it"),
    "grapple_break_free": OptionDef(
        "grapple_break_free", "classic.grapple.break-free", "must-pass",
        ("must-pass", "compare-margins"), amb="AMB-28",
        text="Breaking free needs a passed save with a larger margin (recommended), "
             "or only a larger margin, even on a failed save"),
}

# ext.classic.sizes-weapons: the seed's size letters, smallest first.
SIZE_ORDER = ("tiny", "small", "medium", "large", "huge", "gargantuan")
SIZE_LETTERS = {"tiny": "T", "small": "S", "medium": "M", "large": "L",
                "huge": "H", "gargantuan": "G"}
WEAPON_SIZES = ("S", "M", "L")


# Sizes outside the seed's letters count as the nearest one (as in the combat
# tables): fine and diminutive as Tiny, colossal as Gargantuan.
FOLDED = {"fine": "tiny", "diminutive": "tiny", "colossal": "gargantuan"}


def classic_size(creature, field_name: str = "creature") -> str:
    """The creature's size among the seed's categories T S M L H G."""
    return FOLDED.get(creature.size, creature.size)


def size_reach(size: str, weapon_tags) -> tuple:
    """Hexes within which a creature makes attacks of opportunity, and the rule."""
    if size in ("huge", "gargantuan") or "polearm" in weapon_tags:
        return 2, "classic.aoo.reach.huge-gargantuan-polearm"
    return 1, "classic.aoo.reach.tiny-to-large"


def weapon_size(weapon_tags, field_name: str = "attack.weapon"):
    """The weapon size letter among the tags ``size.S|M|L`` (or None)."""
    sizes = [t.split(".", 1)[1] for t in weapon_tags if t.startswith("size.")]
    for s in sizes:
        if s not in WEAPON_SIZES:
            raise InputError(field_name, f"unknown weapon size {s!r}",
                             tuple(f"size.{w}" for w in WEAPON_SIZES))
    if len(sizes) > 1:
        raise InputError(field_name, "give one weapon size only",
                         tuple(f"size.{w}" for w in WEAPON_SIZES))
    return sizes[0] if sizes else None


@dataclass(frozen=True)
class ActionDef:
    """One kind of action of the round: its type, the rule that defines it,
    the half move it allows, and whether it must be declared."""

    id: str
    type: str            # complex, move, attack, cast, non-action, end-of-round, effect
    rule: str
    name: str
    half_move: str = ""  # "", "after", "before-or-after"
    declared: bool = True
    provokes: str = ""   # rule ID of the attack of opportunity it may provoke

    def to_dict(self) -> dict:
        data = {"id": self.id, "type": self.type, "rule": self.rule, "name": self.name,
                "declared": self.declared}
        if self.half_move:
            data["half_move"] = self.half_move
        if self.provokes:
            data["provokes"] = self.provokes
        return data


ACTIONS = {a.id: a for a in (
    ActionDef("move", "move", "classic.aoo.leave-melee", "Move",
              provokes="classic.aoo.leave-melee"),
    ActionDef("stand_up", "complex", "classic.cond.prone.stand-up", "Stand up",
              half_move="after"),
    ActionDef("pickup", "complex", "classic.pickup.action", "Pick up an object",
              half_move="before-or-after"),
    ActionDef("attack", "attack", "classic.grapple.target-only", "Attack"),
    ActionDef("cast", "cast", "classic.grapple.no-somatic-material", "Cast a spell"),
    ActionDef("aoo", "non-action", "classic.aoo.no-declaration", "Attack of opportunity",
              declared=False),
    ActionDef("grapple", "attack", "classic.grapple.enter", "Enter close combat"),
    ActionDef("outside_attack", "attack", "classic.grapple.outside-attack.save",
              "Attack a creature in close combat"),
    ActionDef("split_effect", "effect", "classic.grapple.outside-attack.split-effects",
              "Effect aimed at a creature in close combat"),
    ActionDef("separate", "complex", "classic.grapple.break-free.helpers",
              "Pull two grapplers apart"),
    ActionDef("break_free", "end-of-round", "classic.grapple.break-free", "Break free"),
)}
