"""classic procedures: conditions and situations as data.

Conditions set by the procedures of the seed: ``surprised`` (a failed
surprise check), ``grappling`` (close combat; its ``cause`` names the
opponent), ``picking_up`` (until the object is picked up). Situations of the
attack form: ``attack_of_opportunity`` (counts as a back attack: its bonuses
have bonus type ``back-attack`` so the classic stacking ranks them against
conditions) and ``outside_attack_on_grapple`` (the Reflex save an outsider
makes before attacking one of two creatures in close combat; choice
``aimed-precision`` for the combat shot).

Modifiers keyed on weapon tags read the attack's ``weapon`` list:
``size.S|M|L``, ``blunt``, ``polearm``, ``thrown``, and ``shield`` when the
attacker bears a shield.
"""

from __future__ import annotations

from ...model import ConditionDef, Modifier, Reminder, SituationDef, Unit, when

FLAG = Unit.FLAG
PCT = Unit.PERCENT

# A surprised creature counts as Hindered for a Reflex save: Hindered's save
# penalty (classic.cond.hindered.save, −15%) is what that means for the roll.
HINDERED_SAVE_PERCENT = -15

SURPRISED = ConditionDef(
    "surprised", "classic.surprise.effect.no-actions",
    name="Surprised",  # it: Sorpreso
    modifiers=(
        Modifier("forbid", 1, "classic.surprise.effect.no-actions", FLAG, detail="actions"),
        Modifier("forbid", 1, "classic.surprise.effect.no-actions", FLAG, detail="move"),
        Modifier("forbid", 1, "classic.surprise.effect.no-actions", FLAG, detail="aoo"),
        Modifier("deny", 1, "classic.surprise.effect.no-active-defence", FLAG,
                 detail="active_defence"),
        Modifier("deny", 1, "classic.surprise.effect.no-dex", FLAG, detail="dex_ac"),
        Modifier("save", HINDERED_SAVE_PERCENT, "classic.surprise.effect.reflex", PCT,
                 detail="reflexes"),
    ),
    reminders=(
        Reminder("classic.surprise.effect.no-dex",
                 "A surprised creature cannot use its Dexterity in any way against "
                 "events or effects this round."),
        Reminder("classic.surprise.effect.reflex",
                 "For a Reflex save the surprised creature counts as Hindered "
                 "(its agility check uses half its Dexterity).", roll="save.reflexes"),
    ),
)

GRAPPLING = ConditionDef(
    "grappling", "classic.grapple.enter.start",
    name="Close combat",  # it: Combattimento ravvicinato
    modifiers=(
        Modifier("attack", -2, "classic.grapple.weapon.medium", when=when("weapon.size.M")),
        Modifier("attack", -5, "classic.grapple.weapon.large", when=when("weapon.size.L")),
        Modifier("forbid", 1, "classic.grapple.weapon.two-handed", FLAG, detail="attack",
                 when=when("weapon.size.L", "grip.two",
                           "option.grapple_two_handed.large-only")),
        Modifier("forbid", 1, "classic.grapple.weapon.two-handed", FLAG, detail="attack",
                 when=when("grip.two", "option.grapple_two_handed.any-two-handed")),
        Modifier("attack", -2, "classic.grapple.weapon.blunt", when=when("weapon.blunt")),
        Modifier("attack", -1, "classic.grapple.shield", when=when("weapon.shield")),
        Modifier("deny", 1, "classic.grapple.shield", FLAG, detail="shield_ac"),
        Modifier("forbid", 1, "classic.grapple.target-only", FLAG, detail="attack",
                 when=when("attacker.cond.grappling", none=("defender.cond.grappling",))),
        Modifier("forbid", 1, "classic.grapple.no-somatic-material", FLAG,
                 detail="spell.somatic"),
        Modifier("forbid", 1, "classic.grapple.no-somatic-material", FLAG,
                 detail="spell.material"),
    ),
    reminders=(
        Reminder("classic.grapple.target-only",
                 "In close combat attacks can only target the opponent in close combat."),
        Reminder("classic.grapple.drop-weapon",
                 "On a missed attack with a size M or L weapon: Reflex save or the weapon "
                 "is dropped.", when=when(any=("weapon.size.M", "weapon.size.L")),
                 roll="save.reflexes"),
        Reminder("classic.grapple.break-free",
                 "At the end of the round, if one of the two wants to break free, both make "
                 "a Robustness save modified by Strength instead of Constitution.",
                 roll="save.robustness"),
    ),
)

PICKING_UP = ConditionDef(
    "picking_up", "classic.pickup.ac",
    name="Picking up an object",  # it: Recuperare un oggetto da terra
    modifiers=(
        Modifier("ac", 2, "classic.pickup.ac"),
        Modifier("deny", 1, "classic.pickup.ac", FLAG, detail="dex_ac"),
    ),
    reminders=(
        Reminder("classic.pickup.timing",
                 "The object is picked up at the initiative factor of the creature's full "
                 "movement (plus the half-move penalty if it had to move to reach it)."),
    ),
)

CONDITIONS = {c.id: c for c in (SURPRISED, GRAPPLING, PICKING_UP)}

BACK = "back-attack"
AOO = SituationDef(
    "attack_of_opportunity", "classic.aoo.back-attack",
    name="Attack of opportunity",  # it: Attacco di opportunità
    modifiers=(
        Modifier("attack", 2, "classic.aoo.back-attack", type=BACK),
        Modifier("damage_die", 2, "classic.aoo.back-attack", type=BACK),
        Modifier("deny", 1, "classic.aoo.back-attack", FLAG, type=BACK, detail="dex_ac"),
        Modifier("deny", 1, "classic.aoo.back-attack", FLAG, type=BACK, detail="shield_ac"),
    ),
    reminders=(
        Reminder("classic.aoo.fatigue",
                 "The attacker accumulates one extra fatigue point this round."),
        Reminder("classic.aoo.one-per-round",
                 "Only one attack of opportunity per round: choose the target and, with "
                 "multiple simultaneous attacks, which attack to use."),
        Reminder("classic.aoo.casting-conflict",
                 "Making it aborts a spell being cast, unless the casting was completed "
                 "earlier in the round."),
    ),
)

AIMED = "situation.outside_attack_on_grapple.aimed-precision"
SAVE = "classic.grapple.outside-attack.save"
OUTSIDE = SituationDef(
    "outside_attack_on_grapple", SAVE,
    # it: attaccare uno dei combattenti in combattimento ravvicinato
    name="Attack on a creature in close combat",
    choices=("standard", "aimed-precision"),
    modifiers=(
        Modifier("save", -5, SAVE, PCT, detail="reflexes", label="grapple.outside.medium",
                 when=when("melee", "weapon.size.M")),
        Modifier("save", -10, SAVE, PCT, detail="reflexes", label="grapple.outside.large",
                 when=when("melee", "weapon.size.L")),
        Modifier("save", -5, SAVE, PCT, detail="reflexes", label="grapple.outside.two-handed",
                 when=when("melee", "grip.two")),
        Modifier("save", -20, SAVE, PCT, detail="reflexes", label="grapple.outside.missile",
                 when=when(any=("ranged", "weapon.thrown"), none=(AIMED,))),
        Modifier("save", -20, SAVE, PCT, detail="reflexes", label="grapple.outside.missile",
                 when=when(AIMED, "option.grapple_aimed_precision.adds",
                           any=("ranged", "weapon.thrown"))),
        Modifier("save", -10, SAVE, PCT, detail="reflexes",
                 label="grapple.outside.aimed-precision", when=when(AIMED)),
    ),
    reminders=(
        Reminder(SAVE, "Before each attack the attacker makes a Reflex save.",
                 roll="save.reflexes"),
        Reminder("classic.grapple.outside-attack.redirect",
                 "Save passed: the attack aims at the chosen target; failed: it aims at "
                 "the other combatant."),
        Reminder("classic.grapple.outside-attack.split-effects",
                 "An effect aimed at one of the two deals half its damage (rounded up) to "
                 "that target and the other half to the other; both save individually."),
    ),
)

SITUATIONS = {s.id: s for s in (AOO, OUTSIDE)}
