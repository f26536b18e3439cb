"""pf1 situations: the toggles and graded choices of an attack (PF1 Core
Rulebook attack-roll and AC modifier tables, cover, concealment), plus the
attack forms the hooks read (attack of opportunity, coup de grace, combat
maneuvers).

Situations are neutral (see ``mischia.model``): ``attack``/``damage`` go to
the attacker, ``ac``/``miss_chance``/``forbid`` to the defender or the attack.
``save`` modifiers (cover's Reflex bonus) are read by the save query.
A state that lasts until the bearer's next turn (fighting defensively, total
defense, charging, prone) is also a condition; the matching situation skips
itself when the condition is already on the creature.
"""

from __future__ import annotations

from ...model import Modifier, Reminder, SituationDef, Unit, when
from .rules import AOO, CMB_CMD, MANEUVERS, TABLES


def _cover(choice, ac, reflex):
    tag = f"situation.cover.{choice}"
    return (Modifier("ac", ac, TABLES, type="cover", when=when(tag)),
            Modifier("save", reflex, TABLES, type="cover", detail="reflex", when=when(tag)))


_LIST = (
    SituationDef("flanking", TABLES, name="Flanking", modifiers=(
        Modifier("attack", 2, TABLES, when=when("melee")),)),
    SituationDef("higher_ground", TABLES, name="On higher ground", modifiers=(
        Modifier("attack", 1, TABLES, when=when("melee")),)),
    SituationDef("into_melee", TABLES, name="Shooting into melee", modifiers=(
        Modifier("attack", -4, TABLES, when=when("ranged", none=("attacker.trait.precise_shot",))),),
        reminders=(Reminder(TABLES, "into melee: Precise Shot removes the −4 penalty"),)),
    SituationDef("cover", TABLES, name="Cover", choices=("partial", "cover", "improved", "total", "soft"),
                 modifiers=_cover("partial", 2, 1) + _cover("cover", 4, 2) + _cover("improved", 8, 4) + (
        Modifier("ac.ranged", 4, TABLES, type="cover", when=when("situation.cover.soft")),
        Modifier("forbid", 1, TABLES, Unit.FLAG, detail="attack", when=when("situation.cover.total")),
    ), reminders=(
        Reminder(TABLES, "cover: no attacks of opportunity against a target with cover",
                 when=when(any=("situation.cover.partial", "situation.cover.cover",
                                "situation.cover.improved"))),
        Reminder(TABLES, "improved cover: improved evasion against Reflex-half effects",
                 when=when("situation.cover.improved")),
    )),
    SituationDef("concealment", TABLES, name="Concealment", choices=("concealment", "total"), modifiers=(
        Modifier("miss_chance", 20, TABLES, Unit.PERCENT, when=when("situation.concealment.concealment")),
        Modifier("miss_chance", 50, TABLES, Unit.PERCENT, when=when("situation.concealment.total")),
    ), reminders=(
        Reminder(TABLES, "total concealment: the attacker must guess the square; no attacks of "
                         "opportunity against it", when=when("situation.concealment.total")),)),
    SituationDef("charge", TABLES, name="Charging", modifiers=(
        Modifier("attack", 2, TABLES, when=when("melee")),), reminders=(
        Reminder(TABLES, "charge: −2 AC until the start of the charger's next turn (condition "
                         "'charging')"),)),
    SituationDef("fighting_defensively", TABLES, name="Fighting defensively", modifiers=(
        Modifier("attack", -4, TABLES, when=when(none=("attacker.cond.fighting_defensively",))),),
        reminders=(Reminder(TABLES, "fighting defensively: +2 dodge AC (+3 with 3 Acrobatics ranks) "
                                    "until the next turn (condition 'fighting_defensively')"),)),
    SituationDef("total_defense", TABLES, name="Defender in total defense", modifiers=(
        Modifier("ac", 4, TABLES, type="dodge", when=when(none=("defender.cond.total_defense",))),)),
    SituationDef("prone_attacker", TABLES, name="Attacker prone", modifiers=(
        Modifier("attack", -4, TABLES, when=when("melee", none=("attacker.cond.prone",))),
        Modifier("forbid", 1, TABLES, Unit.FLAG, detail="attack.ranged", when=when(none=(
            "attacker.cond.prone", "weapon.crossbow", "weapon.firearm", "weapon.shuriken"))),
    )),
    SituationDef("prone_defender", TABLES, name="Defender prone", modifiers=(
        Modifier("ac.melee", -4, TABLES, when=when(none=("defender.cond.prone",))),
        Modifier("ac.ranged", 4, TABLES, when=when(none=("defender.cond.prone",))),
    )),
    SituationDef("kneeling", TABLES, name="Defender kneeling or sitting", modifiers=(
        Modifier("ac.melee", -2, TABLES, when=when(none=("defender.cond.kneeling",))),
        Modifier("ac.ranged", 2, TABLES, when=when(none=("defender.cond.kneeling",))),
    )),
    SituationDef("squeezing", TABLES, name="Attacker squeezing", modifiers=(
        Modifier("attack", -4, TABLES, when=when(none=("attacker.cond.squeezing",))),)),
    SituationDef("attack_of_opportunity", AOO, name="Attack of opportunity", reminders=(
        Reminder(AOO, "attack of opportunity: one per round (Combat Reflexes: 1 + Dex modifier)"),)),
    SituationDef("coup_de_grace", TABLES, name="Coup de grace", reminders=(
        Reminder(TABLES, "coup de grace: the defender makes a Fortitude save (DC 10 + damage dealt) "
                         "or dies", roll="save.fortitude"),)),
    SituationDef("maneuver", CMB_CMD, name="Combat maneuver", choices=MANEUVERS, reminders=(
        Reminder(CMB_CMD, "combat maneuver: provokes an attack of opportunity unless the maneuver's "
                          "Improved feat"),)),
)

SITUATIONS = {s.id: s for s in _LIST}
