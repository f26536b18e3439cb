"""dnd5e tables: rule IDs, stats, options, the size table, the action list and
the distance predicates the condition and situation data use.

Everything here is data. ``Near``/``Farther`` are ``Predicate`` subclasses
(frozen records) so the 5e proximity rules ("within 1.5 m", "beyond normal
range") stay declarative in the condition tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import OptionDef, Predicate

# Catalogue IDs used in several modules.
R_ATTACK = "ext.dnd5e.attack-roll"
R_ADVANTAGE = "ext.dnd5e.advantage"
R_CONDITIONS = "ext.dnd5e.conditions"
R_PRONE = "ext.dnd5e.prone"
R_ACTIONS = "ext.dnd5e.actions"
R_REACTIONS = "ext.dnd5e.reactions-oa"
R_COVER = "ext.dnd5e.cover"
R_DEATH = "ext.dnd5e.death-saves"
R_SIZE_TABLE = "ext.dnd5e.size-table"
R_CONCENTRATION = "ext.dnd5e.concentration"
R_RANGED = "ext.dnd5e.ranged-context"
# Not in the catalogue (SRD rules the queries need a rule ID for; see the report).
R_SAVE = "ext.dnd5e.save"
R_TEMP_HP = "ext.dnd5e.temp-hp"

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")

# Stats the 5e rules read, with their allowed ranges (documented in __init__).
STATS = {
    "ac": (0, 40),
    **{f"{a}_mod": (-5, 10) for a in ABILITIES},
    **{f"{a}_save": (-10, 30) for a in ABILITIES},
    "proficiency": (0, 10),
    "spell_mod": (-5, 20),
    "initiative": (-10, 30),
    "perception": (-10, 30),
    "passive_perception": (0, 40),
    "stealth": (-10, 30),
    "speed": (0, 60),
    "fly_speed": (0, 120),
    "climb_speed": (0, 60),
    "swim_speed": (0, 60),
    "burrow_speed": (0, 60),
}

# Default hook table of mischia.d20.D20Ruleset: every generic line of the
# attack pipeline names a 5e rule.
RULE_IDS = {
    "attack.roll": R_ATTACK, "attack.melee": R_ATTACK, "attack.ranged": R_ATTACK,
    "ac": R_ATTACK, "ac.touch": R_ATTACK, "damage": R_ATTACK, "damage.str": R_ATTACK,
    "damage.two-handed": R_ATTACK, "damage.off-hand": R_ATTACK, "crit": R_ATTACK,
    "damage.minimum": R_ATTACK, "advantage.cancel": R_ADVANTAGE,
}

OPTIONS = {
    "surprise_ties": OptionDef(
        "surprise_ties", "dnd5e.surprise.contest", "hider-wins",
        ("hider-wins", "observer-notices"), amb="AMB-49",
        text="Stealth equal to passive Perception: the hider stays unnoticed "
             "(passive score as a DC), or the observer notices"),
    "squeeze_cost": OptionDef(
        "squeeze_cost", "dnd5e.squeeze.move-cost", "additive", ("additive", "no-stack"),
        amb="AMB-50",
        text="Squeezing through difficult terrain or while crawling: extra costs add "
             "(x3), or squeezing does not stack with them (x2)"),
    "object_interaction": OptionDef(
        "object_interaction", "dnd5e.free.one-object", "per-turn", ("per-turn", "per-action"),
        amb="AMB-51",
        text="One free object interaction per turn, or one with each action taken"),
    "initiative_ties": OptionDef(
        "initiative_ties", "dnd5e.init.tie.optional-d20", "decide", ("decide", "roll-d20"),
        text="Initiative ties: the DM and the players decide, or the tied roll a d20"),
    "surprise_threat": OptionDef(
        "surprise_threat", "dnd5e.surprise.contest", "notices-any", ("notices-any", "notices-all"),
        text="A creature is surprised when it notices none of the threats, or when "
             "it misses any one of the hidden foes"),
}

# Size categories and the space a creature controls (metres, side of a square).
SIZE_ORDER = ("tiny", "small", "medium", "large", "huge", "gargantuan")
SIZE_SPACE = {"tiny": 0.75, "small": 1.5, "medium": 1.5, "large": 3.0, "huge": 4.5,
              "gargantuan": 6.0}

SPEED_STATS = {"walk": "speed", "fly": "fly_speed", "climb": "climb_speed",
               "swim": "swim_speed", "burrow": "burrow_speed"}


@dataclass(frozen=True)
class ActionDef:
    """One thing a creature can do on its turn and what it costs.

    ``cost``: ``action``, ``bonus_action``, ``reaction``, ``movement``,
    ``object`` (the free object interaction), ``free`` or ``none``."""

    id: str
    cost: str
    rule: str
    text: str
    name: str = ""


ACTIONS = {a.id: a for a in (
    ActionDef("attack", "action", R_ACTIONS, "One weapon attack (more with Extra Attack)", "Attack"),
    ActionDef("cast_spell", "action", R_ACTIONS, "Cast a spell with a casting time of 1 action",
              "Cast a Spell"),
    ActionDef("dash", "action", R_ACTIONS, "Extra movement equal to your speed", "Dash"),
    ActionDef("disengage", "action", R_ACTIONS,
              "Your movement doesn't provoke opportunity attacks for the rest of the turn",
              "Disengage"),
    ActionDef("dodge", "action", R_ACTIONS,
              "Until your next turn attacks against you have disadvantage and you have "
              "advantage on Dexterity saves", "Dodge"),
    ActionDef("help", "action", R_ACTIONS,
              "An ally gains advantage on its next check or attack", "Help"),
    ActionDef("hide", "action", R_ACTIONS, "Make a Dexterity (Stealth) check", "Hide"),
    ActionDef("ready", "action", R_ACTIONS,
              "Choose a trigger and a response; it uses your reaction", "Ready"),
    ActionDef("search", "action", R_ACTIONS, "Make a Wisdom (Perception) or Intelligence "
              "(Investigation) check", "Search"),
    ActionDef("use_object", "action", R_ACTIONS,
              "Use an object that needs your action, or a second object", "Use an Object"),
    ActionDef("magic_item", "action", "dnd5e.free.magic-items",
              "Use a magic item or special object that always needs an action", "Use a magic item"),
    ActionDef("object", "object", "dnd5e.free.one-object",
              "Interact with one object or feature during your move or action", "Object interaction"),
    ActionDef("bonus_action", "bonus_action", "dnd5e.bonus.source",
              "A bonus action granted by a feature, spell or ability", "Bonus action"),
    ActionDef("opportunity_attack", "reaction", R_REACTIONS,
              "One melee attack against a creature leaving your reach", "Opportunity attack"),
    ActionDef("reaction", "reaction", R_REACTIONS, "A reaction (e.g. a readied action)", "Reaction"),
    ActionDef("move", "movement", "dnd5e.turn.move-and-action", "Move up to your speed", "Move"),
    ActionDef("stand_up", "movement", "dnd5e.move.stand-up",
              "Stand up: costs half your speed", "Stand up"),
    ActionDef("drop_prone", "free", "dnd5e.move.drop-prone",
              "Drop prone without using any speed", "Drop prone"),
    ActionDef("communicate", "free", "dnd5e.free.flourishes",
              "Brief utterances and gestures", "Communicate"),
    ActionDef("forgo", "none", "dnd5e.turn.forgo",
              "Do nothing: you may forgo moving and acting", "Do nothing"),
)}

# The SRD list of "Actions in Combat" (ext.dnd5e.actions).
COMBAT_ACTIONS = ("attack", "cast_spell", "dash", "disengage", "dodge", "help", "hide",
                  "ready", "search", "use_object")


@dataclass(frozen=True)
class Near(Predicate):
    """Holds when the attacker is within ``metres`` of the target
    (``inside=True``) or farther (``inside=False``), besides the usual tag
    tests. Reads the situation number ``distance``; a melee attack with no
    distance typed counts as within 1.5 m, a ranged one as beyond. With no
    attack at all (the ``effective`` sheet) both readings are listed."""

    metres: float = 1.5
    inside: bool = True

    def holds(self, tags, numbers) -> bool:
        if not Predicate.holds(self, tags, numbers):
            return False
        distance = numbers.get("distance")
        if distance is None:
            if "melee" not in tags and "ranged" not in tags:
                return True
            near = "melee" in tags
        else:
            near = distance <= self.metres
        return near == self.inside

    def to_dict(self) -> dict:
        data = Predicate.to_dict(self)
        data["within" if self.inside else "beyond"] = self.metres
        return data


@dataclass(frozen=True)
class Farther(Predicate):
    """Holds when the situation number ``distance`` exceeds the situation
    number ``limit`` (e.g. the weapon's normal range), both typed."""

    limit: str = "range_normal"

    def holds(self, tags, numbers) -> bool:
        if not Predicate.holds(self, tags, numbers):
            return False
        distance, limit = numbers.get("distance"), numbers.get(self.limit)
        return distance is not None and limit is not None and distance > limit

    def to_dict(self) -> dict:
        data = Predicate.to_dict(self)
        data["farther_than"] = self.limit
        return data


@dataclass(frozen=True)
class Lacking(Predicate):
    """Besides the tag tests, each number in ``under`` must be absent or
    below its limit (e.g. ``("defender.stage.exhaustion", 5)``: not at
    exhaustion 5, where the speed drops to 0)."""

    under: tuple = ()

    def holds(self, tags, numbers) -> bool:
        if not Predicate.holds(self, tags, numbers):
            return False
        return all(numbers.get(key) is None or numbers[key] < limit for key, limit in self.under)

    def to_dict(self) -> dict:
        data = Predicate.to_dict(self)
        data["under"] = [list(u) for u in self.under]
        return data


def near(*all_tags, none=(), inside=True) -> Near:
    return Near(all=tuple(all_tags), none=tuple(none), inside=inside)


def farther(*all_tags, limit="range_normal") -> Farther:
    return Farther(all=tuple(all_tags), limit=limit)
