"""d20pl hit-point states as data (*Punkty wytrzymałości*, *Poważne rany i śmierć*).

The conditions the hit-point machine puts on a creature (disabled, mortal
danger, dying, unconscious, stable, dead), the ambiguity options of seed 003
§ "Poważne rany i śmierć" (AMB-37…41) and the ext option for the SRD dying
hit-point loss. The machine itself is in ``proc_hp``.

Two models (AMB-37, option ``hp_model``):

* ``detailed`` (default, the house text): 0 HP disabled (attributes at 25%,
  one move or standard action); below 0 mortal danger (still disabled, an
  unconsciousness save every turn — epic heroes a death save); at −Con score
  or lower dying and unconscious; death at the hard floor −10 for non-epic
  characters (option ``death_floor``) or after 3 failed epic death saves.
* ``summary`` (SRD): 0 disabled, −1…−9 dying (unconscious), −10 dead.
"""

from __future__ import annotations

from ...model import ConditionDef, Modifier, OptionDef, Reminder, Unit
from . import combat as _combat

R_SUMMARY = "d20pl.hp.summary-thresholds"
R_FULL = "d20pl.hp.full-function"
R_WILL = "d20pl.hp.zero.will-save"
R_MASSIVE = "d20pl.hp.massive-damage"
R_ATTRIBUTES = "d20pl.hp.disabled.attributes"
R_DISABLED_ACTIONS = "d20pl.hp.disabled.actions"
R_MOVE_SAFE = "d20pl.hp.disabled.move-safe"
R_STRENUOUS = "d20pl.hp.disabled.strenuous"
R_ABOVE_ZERO = "d20pl.hp.heal-above-zero"
R_UNCONSCIOUS_SAVE = "d20pl.hp.below-zero.unconscious-save"
R_EPIC = "d20pl.hp.below-zero.epic"
R_DYING = "d20pl.hp.dying.threshold"
R_LEFT_ALONE = "d20pl.hp.dying.left-alone"
R_DEATH_SAVES = "d20pl.hp.dying.epic-death-saves"
R_DYING_DISABLED = "d20pl.hp.dying.disabled-rules"
R_STABILISE = "d20pl.hp.stabilise.self"
R_HEAL_CHECK = "d20pl.hp.stabilise.heal"
R_RECOVERY = "d20pl.hp.recovery-with-help"
R_CAP = "d20pl.heal.cap"
R_ABILITY_REST = "d20pl.heal.ability-damage"
R_HP_LOSS = "ext.d20pl.dying-hp-loss"
R_LEVEL = "d20pl.hp.level-roll"
R_TEMP = "ext.d20pl.temp-hp"   # not in the catalogue: SRD temporary HP absorb damage first

SUMMARY_DISABLED, SUMMARY_DEAD = 0, -10
HARD_DEATH_FLOOR = -10
WILL_DC, UNCONSCIOUS_DC, DEATH_DC, MASSIVE_DC, HEAL_DC = 20, 10, 10, 15, 15
STABILISE_ABOVE = 90          # d100 must roll above 90
DEATH_SAVES_NEEDED = 3
MASSIVE_FRACTION = 0.25

# Unconscious creatures are helpless (the combat module defines `helpless`).
_HELPLESS = ("helpless",) if "helpless" in _combat.CONDITIONS else ()

CONDITIONS = {
    # pl: okaleczony
    "disabled": ConditionDef(
        "disabled", R_DISABLED_ACTIONS, name="Disabled",
        modifiers=(
            Modifier("dex_score", 0.25, R_ATTRIBUTES, Unit.FRACTION),
            Modifier("forbid", 1, R_DISABLED_ACTIONS, Unit.FLAG, detail="action.full_round"),
            Modifier("forbid", 1, R_DISABLED_ACTIONS, Unit.FLAG, detail="action.standard_and_move"),
        ),
        reminders=(
            Reminder(R_STRENUOUS, "Disabled: after a standard action or other strenuous "
                                  "activity the character loses 1 hit point"),
            Reminder(R_MOVE_SAFE, "Disabled: move actions cause no extra damage"),
        )),
    # pl: śmiertelne niebezpieczeństwo
    "mortal_danger": ConditionDef(
        "mortal_danger", R_UNCONSCIOUS_SAVE, name="Mortal danger", implies=("disabled",),
        reminders=(
            Reminder(R_STABILISE, "Below 0 hit points: each turn the character may try to "
                                  "stabilise (d100 above 90)", roll="d100"),
            Reminder(R_HEAL_CHECK, "Another character's Heal check (DC 15 + hit points below 0) "
                                   "stabilises the character"),
        )),
    # pl: umierający
    "dying": ConditionDef(
        "dying", R_DYING, name="Dying", implies=("disabled", "unconscious"),
        reminders=(
            Reminder(R_LEFT_ALONE, "A dying hero left to himself will die"),
            Reminder(R_HEAL_CHECK, "Another character's Heal check (DC 15 + hit points below 0) "
                                   "stabilises the character"),
        )),
    # pl: nieprzytomny
    "unconscious": ConditionDef(
        "unconscious", R_UNCONSCIOUS_SAVE, name="Unconscious", implies=_HELPLESS,
        modifiers=(Modifier("forbid", 1, R_UNCONSCIOUS_SAVE, Unit.FLAG, detail="actions"),),
        reminders=(Reminder(R_RECOVERY, "When and how a stable character regains "
                                        "consciousness is up to the GM"),)),
    # pl: stabilny
    "stable": ConditionDef("stable", R_STABILISE, name="Stable"),
    # pl: martwy
    "dead": ConditionDef(
        "dead", R_SUMMARY, name="Dead",
        modifiers=(Modifier("forbid", 1, R_SUMMARY, Unit.FLAG, detail="actions"),)),
}

OPTIONS = {
    "hp_model": OptionDef(
        "hp_model", R_SUMMARY, "detailed", ("detailed", "summary"), amb="AMB-37",
        text="Hit-point thresholds: the detailed house model (0 disabled, below 0 mortal "
             "danger, −Con dying) or the summary (0 disabled, −1 dying, −10 dead)"),
    "death_floor": OptionDef(
        "death_floor", R_SUMMARY, "minus-10", ("minus-10", "none"), amb="AMB-37",
        text="Detailed model: a non-epic character dies at −10 hit points (or only by the "
             "GM's ruling)"),
    "will_save_trigger": OptionDef(
        "will_save_trigger", R_WILL, "each-damage", ("each-damage", "on-drop"), amb="AMB-38",
        text="Will save DC 20 + points below 0: on every damage that brings or keeps hit "
             "points at 0 or below, or only when they drop to 0 or below"),
    "massive_damage_basis": OptionDef(
        "massive_damage_basis", R_MASSIVE, "max-hp", ("max-hp", "current-hp"), amb="AMB-39",
        text="Massive damage: 25% of maximum hit points (or of current hit points)"),
    "death_save_formula": OptionDef(
        "death_save_formula", R_DEATH_SAVES, "d20+con", ("d20+con", "flat-d20"), amb="AMB-41",
        text="Epic death save: d20 + Constitution modifier vs DC 10 (or a flat d20, 10 or more)"),
    "dying_hp_loss": OptionDef(
        "dying_hp_loss", R_HP_LOSS, "none", ("none", "1-per-round"),
        text="SRD: an unstable character below 0 hit points loses 1 hit point each round"),
}
