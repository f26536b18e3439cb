"""classic positional situations §1.17 (and two attack-form toggles the
conditions read) as data.

Toggles are neutral: ``attack``/``damage_die`` go to the attacker,
``deny``/``ac`` to the defender. Back-attack modifiers carry the bonus type
``back-attack`` so the stacking policy can weigh them against the defender's
conditions (classic.stack.back-attack-vs-conditions); the attacks of
opportunity of the procedures module reuse that type.
"""

from __future__ import annotations

from ...model import Modifier, Reminder, SituationDef, when
from .combat_common import BACK, COND, FLAG, POSITION

BACK_ATTACK = SituationDef(
    "back_attack", "classic.sit.back-attack.attack", name="Attack from behind",  # it: Attacco alle spalle
    modifiers=(
        Modifier("attack", 2, "classic.sit.back-attack.attack", type=BACK, when=when("melee")),
        Modifier("damage_die", 2, "classic.sit.back-attack.damage-die", type=BACK, when=when("melee")),
        Modifier("deny", 1, "classic.sit.back-attack.ac", FLAG, type=BACK, detail="dex_ac", when=when("melee")),
        Modifier("deny", 1, "classic.sit.back-attack.ac", FLAG, type=BACK, detail="shield_ac", when=when("melee")),
    ),
    reminders=(
        Reminder("classic.sit.back-attack.melee-only",
                 "A back attack can be made only in melee: no back-attack bonus on this ranged attack.",
                 when=when("ranged")),
        Reminder("classic.sit.back-attack.no-stack",
                 "Back-attack bonuses do not add to those of the target's conditions: only the most "
                 "severe apply."),
    ))

HIGHER_GROUND = SituationDef(
    "higher_ground", "classic.sit.elevation.higher", name="Attacker on higher ground",  # it: Posizione sopraelevata
    modifiers=(Modifier("attack", 1, "classic.sit.elevation.higher", type=POSITION),))

LOWER_GROUND = SituationDef(
    "lower_ground", "classic.sit.elevation.lower", name="Target on higher ground",  # it: bersaglio sopraelevato
    modifiers=(Modifier("attack", -1, "classic.sit.elevation.lower"),))

INVISIBLE_DEFENDER = SituationDef(
    "invisible_defender", "classic.sit.invisible.attack-penalty", name="Target invisible",  # it: creatura invisibile
    modifiers=(Modifier("attack", -4, "classic.sit.invisible.attack-penalty"),))

INVISIBLE_ATTACKER = SituationDef(
    "invisible_attacker", "classic.sit.invisible.defender-dex", name="Attacker invisible",
    modifiers=(
        # A reduction of the defender's Dex AC bonus (floored at 0, AMB-16).
        Modifier("ac", 4, "classic.sit.invisible.defender-dex", detail="dex_ac"),
        Modifier("damage_die", 2, "classic.sit.invisible.damage-die",
                 when=when(none=("situation.invisible_defender",))),
    ),
    reminders=(
        Reminder("classic.sit.invisible.defender-checks",
                 "The defender takes -4 / -20% on checks against the invisible creature or its "
                 "attacks and powers that would be easier seeing it, dodge and deflection included."),
        Reminder("classic.sit.invisible.defender-shield",
                 "40% per attack that the defender cannot use its shield (bonus to AC, defensive "
                 "actions); the app rolls it with the attack.", roll="d100"),
    ))

ATTACK_SIDE = SituationDef(
    "attack_side", "classic.cond.deaf.ac-dex", name="Attack comes from", choices=("front", "flank"))

STATIC_ACTIVITY = SituationDef(
    "static_activity", "classic.cond.engaged.static-attackers",
    name="Target engaged in a static activity",  # it: attività che impone staticità
    modifiers=(Modifier("attack", 2, "classic.cond.engaged.static-attackers", type=COND,
                        when=when("defender.cond.engaged")),))

IN_MELEE = SituationDef(
    "in_melee", "classic.cond.prone.fight-from-ground.save", name="In melee")  # it: in mischia

SITUATIONS = {s.id: s for s in (BACK_ATTACK, HIGHER_GROUND, LOWER_GROUND, INVISIBLE_DEFENDER,
                                INVISIBLE_ATTACKER, ATTACK_SIDE, STATIC_ACTIVITY, IN_MELEE)}
