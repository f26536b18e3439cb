"""pf1 shared data: rule IDs, stats, options, size tables and small helpers.

Every other module of the ``pf1`` package imports its rule IDs from here, so a
breakdown line always names a catalogue ID (``docs/RULES.md`` §2 and §5.2).
Two IDs are not (yet) in the catalogue: ``ext.pf1.saves`` and
``ext.pf1.movement``; their reference text is in ``EXTRA_RULES``.

Stats a pf1 creature may carry (``STATS`` gives the allowed ranges):

- ``bab``; ability modifiers ``str_mod``, ``dex_mod``, ``con_mod``,
  ``int_mod``, ``wis_mod``, ``cha_mod``; ``con`` (Constitution *score*: death
  at negative hit points equal to it);
- AC components ``armour``, ``shield``, ``natural``, ``deflection``, ``dodge``,
  ``ac_misc`` (size comes from the creature's size), or ``ac`` as one total;
- ``cmb`` / ``cmd`` as totals when the sheet has them (else built from parts);
- saves ``fort``, ``ref``, ``will`` (sheet totals, conditions excluded);
- ``init_misc`` (initiative modifiers besides Dex), ``speed`` (metres),
  ``caster_level``, ``casting_mod`` (the casting ability's modifier),
  ``acrobatics_ranks``, ``rogue_level``, ``barbarian_level``.

Traits the rules ask about: ``uncanny_dodge``, ``rogue``, ``barbarian``,
``combat_reflexes``, ``improved_initiative``, ``precise_shot``,
``weapon_finesse``, ``agile_maneuvers``, ``blind_fight``, ``see_invisibility``,
``heavy_armour``, ``long`` (long creature: shorter reach), ``improved_<maneuver>``
(e.g. ``improved_trip``), ``improved_unarmed_strike``.
"""

from __future__ import annotations

from ...model import OptionDef

# ----- rule IDs (catalogue §2 and §5.2) -------------------------------------
SEQ_CYCLIC = "pf1.seq.cyclic"
SEQ_INITIATIVE = "pf1.seq.1-initiative"
SEQ_AWARENESS = "pf1.seq.2-awareness"
SEQ_AFTER_SURPRISE = "pf1.seq.3-after-surprise"
SEQ_ORDER = "pf1.seq.4-order"
SEQ_REPEAT = "pf1.seq.5-repeat"
ROUND_DURATION = "pf1.round.duration"
ROUND_OPPORTUNITY = "pf1.round.opportunity"
ROUND_ORDER = "pf1.round.order"
ROUND_TURN_ACTIONS = "pf1.round.turn-actions"
ROUND_FULL = "pf1.round.full-round"
ROUND_EXPIRY = "pf1.round.effect-expiry"
INIT_CHECK = "pf1.init.check"
INIT_ORDER = "pf1.init.order"
INIT_TIE_MOD = "pf1.init.tie-modifier"
INIT_TIE_REROLL = "pf1.init.tie-reroll"
INIT_INACTION = "pf1.init.inaction"
FF_START = "pf1.flat-footed.start"
FF_DEX = "pf1.flat-footed.dex"
FF_NO_AOO = "pf1.flat-footed.no-aoo"
UD_NOT_FF = "pf1.uncanny-dodge.not-flat-footed"
UD_DEX = "pf1.uncanny-dodge.dex"
UD_AOO = "pf1.uncanny-dodge.aoo"
SUR_DEFINITION = "pf1.surprise.definition"
SUR_MIXED = "pf1.surprise.mixed"
SUR_CHECK = "pf1.surprise.awareness-check"
SUR_ROUND = "pf1.surprise.round"
SUR_ACTIONS = "pf1.surprise.round-actions"
SUR_NONE_OR_ALL = "pf1.surprise.none-or-all"
SUR_NO_ACT = "pf1.surprise.unaware-no-act"
SUR_FLAT_FOOTED = "pf1.surprise.unaware-flat-footed"

INIT_DIE = "ext.pf1.initiative-die"
SPECIAL_INIT = "ext.pf1.special-initiative"
ACTIONS = "ext.pf1.actions"
AOO = "ext.pf1.aoo"
ATTACK_AC = "ext.pf1.attack-ac"
CMB_CMD = "ext.pf1.cmb-cmd"
CONDITIONS = "ext.pf1.conditions"
HP_DYING = "ext.pf1.hp-dying"
TABLES = "ext.pf1.modifier-tables"
CONCENTRATION = "ext.pf1.concentration"
# Not in the catalogue (yet): proposed IDs, reference text below.
SAVES = "ext.pf1.saves"
MOVEMENT = "ext.pf1.movement"

EXTRA_RULES = {
    SAVES: "Saving throw = d20 + base save + ability modifier (Con for Fortitude, Dex for "
           "Reflex, Wis for Will) + other modifiers; a natural 20 always succeeds, a natural 1 "
           "always fails.",
    MOVEMENT: "Speed in metres (squares of 1.5 m); half-speed conditions halve it; difficult "
              "terrain costs double; run ×4 (×3 in heavy armour), no run or charge across "
              "difficult terrain; no 5-foot step in difficult terrain or with speed 1.5 m or less.",
}

# Mapping for the default hooks of mischia.d20.D20Ruleset.
RULE_IDS = {k: ATTACK_AC for k in (
    "attack.roll", "attack.melee", "attack.ranged", "ac", "ac.touch", "damage", "damage.str",
    "damage.two-handed", "damage.off-hand", "crit", "damage.minimum")}

# ----- stats ---------------------------------------------------------------
_ABILITY_MOD = (-5, 30)
STATS = {
    "bab": (0, 40), "str_mod": _ABILITY_MOD, "dex_mod": _ABILITY_MOD, "con_mod": _ABILITY_MOD,
    "int_mod": _ABILITY_MOD, "wis_mod": _ABILITY_MOD, "cha_mod": _ABILITY_MOD, "con": (0, 70),
    "armour": (0, 40), "shield": (0, 20), "natural": (0, 40), "deflection": (0, 20),
    "dodge": (0, 20), "ac_misc": (-20, 40), "ac": (0, 90), "cmb": (-20, 100), "cmd": (0, 120),
    "fort": (-20, 60), "ref": (-20, 60), "will": (-20, 60), "init_misc": (-20, 40),
    "speed": (0, 120), "caster_level": (0, 40), "casting_mod": _ABILITY_MOD,
    "acrobatics_ranks": (0, 40), "rogue_level": (0, 20), "barbarian_level": (0, 20),
}

# ----- options (ambiguities) ---------------------------------------------
UD_OPTION = "uncanny_dodge_source"
FF_OPTION = "flat_footed_until"
OPTIONS = {
    UD_OPTION: OptionDef(
        UD_OPTION, UD_NOT_FF, default="class", choices=("class", "level"), amb="AMB-29",
        text="Uncanny dodge: every barbarian and rogue has it (seed, default), or only from "
             "barbarian level 2 / rogue level 4 (PF1 Core Rulebook); the uncanny_dodge trait "
             "always grants it."),
    FF_OPTION: OptionDef(
        FF_OPTION, FF_START, default="regular-turn", choices=("regular-turn", "first-action"),
        text="Flat-footed lasts until the creature's first regular turn (seed, default), or "
             "ends once it has acted, including in the surprise round."),
}

# ----- size tables (PF1 Core Rulebook) -------------------------------------
SIZE_MOD = {"fine": 8, "diminutive": 4, "tiny": 2, "small": 1, "medium": 0, "large": -1,
            "huge": -2, "gargantuan": -4, "colossal": -8}          # attack and AC
SPECIAL_SIZE_MOD = {k: -v for k, v in SIZE_MOD.items()}          # CMB and CMD
REACH_TALL = {"fine": 0, "diminutive": 0, "tiny": 0, "small": 1.5, "medium": 1.5,
              "large": 3, "huge": 4.5, "gargantuan": 6, "colossal": 9}   # metres
REACH_LONG = {**REACH_TALL, "large": 1.5, "huge": 3, "gargantuan": 4.5, "colossal": 6}
SQUARE = 1.5   # metres: one square, the 5-foot step

MANEUVERS = ("bull_rush", "dirty_trick", "disarm", "drag", "grapple", "overrun",
             "reposition", "steal", "sunder", "trip")
MANEUVER_TAGS = tuple(f"situation.maneuver.{m}" for m in MANEUVERS)
SAVE_KINDS = {"fortitude": ("fort", "con_mod"), "reflex": ("ref", "dex_mod"),
              "will": ("will", "wis_mod")}


# ----- helpers -------------------------------------------------------------
def uncanny_dodge(creature, ctx) -> bool:
    """Whether a creature has uncanny dodge under the AMB-29 option."""
    if creature is None:
        return False
    if creature.has("uncanny_dodge"):
        return True
    if ctx.options.get(UD_OPTION, "class") == "class":
        return creature.has("rogue") or creature.has("barbarian")
    return creature.stat("rogue_level") >= 4 or creature.stat("barbarian_level") >= 2


def source_id(modifier) -> str:
    """The condition id a modifier came from (``source`` may add ``:cause``)."""
    return modifier.source.split(":")[0]


def ability_mods(mods, ability) -> list:
    """Modifiers that change an ability modifier (an ability score penalty such
    as fatigued Str −2 is stored as ``check`` with detail ``str``, value −1)."""
    return [m for m in mods if m.target == "check" and m.detail == ability]


def flag_set(mods, target) -> dict:
    """detail → modifiers, for flag targets (deny, forbid, immune)."""
    out = {}
    for m in mods:
        if m.target == target:
            out.setdefault(m.detail, []).append(m)
    return out
