"""Tables of classic combat: check outcomes, save modifiers by purpose, fear
checks, size letters, and the AD&D 2e ability tables the seed refers to.

Each row carries its rule ID. The ability tables (``ext.classic.ability-tables``)
are the Player's Handbook 2e values (Strength hit/damage adjustments,
Dexterity reaction/missile/defensive adjustments); the seed names these
adjustments without tabulating them.
"""

from __future__ import annotations

from ...errors import InputError

# classic.conc.check — Concentration proficiency check before the percentile roll.
CONCENTRATION_CHECK = {
    "critical_success": (-20, "classic.conc.check"),
    "success": (-10, "classic.conc.check"),
    "failure": (5, "classic.conc.check"),
    "critical_failure": (15, "classic.conc.check"),
}
CONCENTRATION_FLOOR = 5

# classic.cond.exhausted.action-save.vigour — Physical Vigour check on the gate save.
VIGOUR_CHECK = {
    "critical_success": (20, "classic.cond.exhausted.action-save.vigour"),
    "success": (10, "classic.cond.exhausted.action-save.vigour"),
    "failure": (-5, "classic.cond.exhausted.action-save.vigour"),
    "critical_failure": (-15, "classic.cond.exhausted.action-save.vigour"),
}
CHECK_OUTCOMES = ("none",) + tuple(CONCENTRATION_CHECK)

# classic.cond.prone.save-legs — knockdown save by legs ("at least N legs"), highest first.
LEG_BONUS = ((8, 20, "classic.cond.prone.save-legs"),
             (6, 15, "classic.cond.prone.save-legs"),
             (4, 10, "classic.cond.prone.save-legs"))
CRAWLER_BONUS = (25, "classic.cond.prone.save-crawlers-levitators")
CRAWLER_TRAITS = ("crawler", "levitating")
KNOCKDOWN_IMMUNE = (("incorporeal", "anchored"), "classic.cond.prone.immune")

# Reflex save not to drop a held object when falling.
DROP_TWO_HANDED = (5, "classic.cond.prone.drop-items.two-handed")
DROP_SHIELD = (10, "classic.cond.prone.drop-items.shield")
DROP_FIGHTER_PER_LEVEL = (1, "classic.cond.prone.drop-items.fighter")

# classic.cond.avoiding-sight.reactive.save — pure Reflex save by points of delay.
REACTIVE_DELAY = {1: (-10, "classic.cond.avoiding-sight.reactive.save"),
                  2: (-5, "classic.cond.avoiding-sight.reactive.save"),
                  3: (0, "classic.cond.avoiding-sight.reactive.save")}
GAZE_AVOID_CHANCE = (50, "classic.cond.avoiding-sight.chance")
GAZE_FAIL_BONUS = (5, "classic.cond.avoiding-sight.fail-bonus")

# Fear stage → (d100 chance that a pure Courage save is required, rule, rolled at once when gained).
FEAR_CHECKS = {
    1: (20, "classic.cond.fear.intimidated.check", False),
    2: (30, "classic.cond.fear.scared.check", True),
    3: (40, "classic.cond.fear.afraid.check", True),
    4: (50, "classic.cond.fear.terrified.check", True),
}

# classic.cond.blind.direction — d10 result up to which the blind creature keeps its direction.
BLIND_DIRECTION = {False: 5, True: 7}

# ext.classic.sizes-weapons — AD&D size letters; AMB-18 counts them T=1 … G=6 for the
# blind emergency landing (1d4 per size category).
SIZE_LETTERS = {"fine": "T", "diminutive": "T", "tiny": "T", "small": "S", "medium": "M",
                "large": "L", "huge": "H", "gargantuan": "G", "colossal": "G"}
SIZE_ORDER = {"T": 1, "S": 2, "M": 3, "L": 4, "H": 5, "G": 6}
SIZES_RULE = "ext.classic.sizes-weapons"

SAVE_KINDS = ("reflexes", "robustness", "mind", "courage", "paralysis", "breakage")

# ---- AD&D 2e ability tables (ext.classic.ability-tables) ----------------------
ABILITY_RULE = "ext.classic.ability-tables"

# Strength: score → (hit probability, damage adjustment); 18 with exceptional
# strength uses the percentile bands below.
STRENGTH = {1: (-5, -4), 2: (-3, -2), 3: (-3, -1), 4: (-2, -1), 5: (-2, -1), 6: (-1, 0), 7: (-1, 0),
            **{s: (0, 0) for s in range(8, 16)}, 16: (0, 1), 17: (1, 1), 18: (1, 2),
            19: (3, 7), 20: (3, 8), 21: (4, 9), 22: (4, 10), 23: (5, 11), 24: (6, 12), 25: (7, 14)}
EXCEPTIONAL_STRENGTH = ((50, (1, 3)), (75, (2, 3)), (90, (2, 4)), (99, (2, 5)), (100, (3, 6)))

# Dexterity: score → (reaction adjustment, missile attack adjustment, defensive adjustment).
# The defensive adjustment is written AD&D style (negative improves a descending AC).
DEXTERITY = {1: (-6, -6, 5), 2: (-4, -4, 5), 3: (-3, -3, 4), 4: (-2, -2, 3), 5: (-1, -1, 2),
             6: (0, 0, 1), **{s: (0, 0, 0) for s in range(7, 15)}, 15: (0, 0, -1), 16: (1, 1, -2),
             17: (2, 2, -3), 18: (2, 2, -4), 19: (3, 3, -4), 20: (3, 3, -4), 21: (4, 4, -5),
             22: (4, 4, -5), 23: (4, 4, -5), 24: (5, 5, -6), 25: (5, 5, -6)}


def strength_adjustments(score: int, exceptional: int = 0) -> tuple:
    """(to-hit, damage) adjustments for a Strength score (18/xx with ``exceptional``)."""
    if score not in STRENGTH:
        raise InputError("stats.str", f"{score} is not a Strength score", (1, 25))
    if score == 18 and exceptional:
        for top, adj in EXCEPTIONAL_STRENGTH:
            if exceptional <= top:
                return adj
    return STRENGTH[score]


def dexterity_adjustments(score: int) -> tuple:
    """(reaction, missile, defensive) adjustments for a Dexterity score."""
    if score not in DEXTERITY:
        raise InputError("stats.dex", f"{score} is not a Dexterity score", (1, 25))
    return DEXTERITY[score]


def dex_ac_bonus(score: int) -> int:
    """The AC improvement a Dexterity score gives (positive = better AC)."""
    return max(0, -dexterity_adjustments(score)[2])


def landing_dice(size: str, choice: str) -> int:
    """How many d4 a blind flyer takes on a failed emergency landing (AMB-18)."""
    if choice == "single-d4":
        return 1
    return SIZE_ORDER[SIZE_LETTERS[size]]
