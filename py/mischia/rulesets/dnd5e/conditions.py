"""dnd5e conditions as data: the SRD 5.1 list (``ext.dnd5e.conditions``,
prone ``ext.dnd5e.prone``) and the seed's own states (surprised, squeezing),
plus the marks the combat actions leave (dodging, disengaged, hidden).

Vocabulary beyond docs/ENGINE.md, read by this ruleset's queries:

- ``save``/``check`` flags (unit FLAG) carry ``detail`` = ``FLAG`` for every
  kind or ``KIND.FLAG`` for one kind, FLAG one of ``advantage``,
  ``disadvantage``, ``fail`` (e.g. ``dex.fail``: automatically fails
  Dexterity saving throws; ``sight.fail``: checks that need sight).
- ``move`` (unit FRACTION) multiplies the speed: 0.5 halves it, 0 makes it 0.
- ``heal_cap`` (FRACTION) scales the hit point maximum (exhaustion 4).
- tags: ``speed_zero`` (a condition that sets the speed to 0), ``unseen``
  (can't be seen), ``resist_all`` (resistance to all damage).
"""

from __future__ import annotations

from ...model import ConditionDef, Modifier, Reminder, Unit, when
from .tables import R_ACTIONS, R_CONCENTRATION, R_CONDITIONS, R_PRONE, R_RANGED, Lacking, near

C = R_CONDITIONS
FLAG = Unit.FLAG


def flag(target, rule=C, detail="", when_=None) -> Modifier:
    if when_ is None:
        return Modifier(target, 1, rule, FLAG, detail=detail)
    return Modifier(target, 1, rule, FLAG, detail=detail, when=when_)


def forbid(what, rule=C) -> Modifier:
    return Modifier("forbid", 1, rule, FLAG, detail=what)


def speed_times(fraction, rule=C) -> Modifier:
    return Modifier("move", fraction, rule, Unit.FRACTION)


# What every incapacitating condition shares (SRD: can't take actions or reactions).
NO_STR_DEX_SAVES = (flag("save", detail="str.fail"), flag("save", detail="dex.fail"))
CRIT_WITHIN_1_5 = Modifier("attackers.crit", 1, C, FLAG, when=near())

# Exhaustion: each level adds its effect to the previous ones (cumulative).
EXHAUSTION_LEVELS = {
    1: (flag("check", detail="disadvantage"),),
    2: (speed_times(0.5),),
    3: (flag("attack.disadvantage"), flag("save", detail="disadvantage")),
    4: (Modifier("heal_cap", 0.5, C, Unit.FRACTION),),
    5: (speed_times(0),),
    6: (forbid("actions"), forbid("reactions")),
}
EXHAUSTION_DEATH = 6   # level 6: death (read by the hit point queries)


def _cumulative(levels) -> dict:
    out, acc = {}, ()
    for level in sorted(levels):
        acc = acc + tuple(levels[level])
        out[level] = acc
    return out


CONDITIONS = {c.id: c for c in (
    ConditionDef("blinded", C, name="Blinded",  # it: Accecato
                 modifiers=(flag("attack.disadvantage"), flag("attackers.advantage"),
                            flag("check", detail="sight.fail")),
                 tags=("unseeing",),
                 reminders=(Reminder(C, "Blinded: can't see and automatically fails any "
                                        "ability check that requires sight"),)),
    ConditionDef("charmed", C, name="Charmed",  # it: Affascinato
                 modifiers=(Modifier("forbid", 1, C, FLAG, detail="attack",
                                     when=when("situation.charmer")),),
                 reminders=(Reminder(C, "Charmed: can't attack the charmer or target it with "
                                        "harmful abilities or magical effects; the charmer has "
                                        "advantage on checks to interact socially with it"),)),
    ConditionDef("deafened", C, name="Deafened",  # it: Assordato
                 modifiers=(flag("check", detail="hearing.fail"),),
                 reminders=(Reminder(C, "Deafened: can't hear and automatically fails any "
                                        "ability check that requires hearing"),)),
    ConditionDef("exhaustion", C, name="Exhaustion",  # it: Indebolimento
                 stages=_cumulative(EXHAUSTION_LEVELS),
                 reminders=(Reminder(C, "Exhaustion: 1 disadvantage on ability checks; 2 speed "
                                        "halved; 3 disadvantage on attacks and saves; 4 hit point "
                                        "maximum halved; 5 speed 0; 6 death. A long rest removes "
                                        "one level"),)),
    ConditionDef("frightened", C, name="Frightened",  # it: Spaventato
                 modifiers=(
                     Modifier("attack.disadvantage", 1, C, FLAG,
                              when=when(none=("situation.fear_source_out_of_sight",))),
                     Modifier("check", 1, C, FLAG, detail="disadvantage",
                              when=when(none=("situation.fear_source_out_of_sight",)))),
                 reminders=(Reminder(C, "Frightened: can't willingly move closer to the source "
                                        "of its fear"),)),
    ConditionDef("grappled", C, name="Grappled",  # it: Afferrato
                 modifiers=(speed_times(0),), tags=("speed_zero",),
                 reminders=(Reminder(C, "Grappled: ends if the grappler is incapacitated or an "
                                        "effect moves it out of the grappler's reach"),)),
    ConditionDef("incapacitated", C, name="Incapacitated",  # it: Incapacitato
                 modifiers=(forbid("actions"), forbid("reactions"),
                            forbid("bonus_action", "dnd5e.bonus.no-actions-no-bonus"),
                            forbid("concentration", R_CONCENTRATION))),
    ConditionDef("invisible", C, name="Invisible",  # it: Invisibile
                 modifiers=(flag("attack.advantage"), flag("attackers.disadvantage")),
                 tags=("unseen",),
                 reminders=(Reminder(C, "Invisible: heavily obscured for hiding; its location "
                                        "can be detected by noise or tracks"),)),
    ConditionDef("paralyzed", C, name="Paralyzed",  # it: Paralizzato
                 implies=("incapacitated",), tags=("speed_zero",),
                 modifiers=(speed_times(0), forbid("speech")) + NO_STR_DEX_SAVES + (
                     flag("attackers.advantage"), CRIT_WITHIN_1_5)),
    ConditionDef("petrified", C, name="Petrified",  # it: Pietrificato
                 implies=("incapacitated",), tags=("speed_zero", "resist_all"),
                 modifiers=(speed_times(0), forbid("speech")) + NO_STR_DEX_SAVES + (
                     flag("attackers.advantage"), flag("immune", detail="poison"),
                     flag("immune", detail="disease")),
                 reminders=(Reminder(C, "Petrified: weight x10, stops aging, unaware of its "
                                        "surroundings; resistance to all damage"),)),
    ConditionDef("poisoned", C, name="Poisoned",  # it: Avvelenato
                 modifiers=(flag("attack.disadvantage"), flag("check", detail="disadvantage"))),
    ConditionDef("prone", R_PRONE, name="Prone",  # it: Prono (seed: "proni")
                 modifiers=(flag("attack.disadvantage", R_PRONE),
                            Modifier("attackers.advantage", 1, R_PRONE, FLAG, when=near()),
                            Modifier("attackers.disadvantage", 1, R_PRONE, FLAG,
                                     when=near(inside=False))),
                 reminders=(Reminder("dnd5e.move.prone-movement",
                                     "Prone: to move it must crawl (double cost) or stand up "
                                     "(half its speed)", when=when(none=("melee", "ranged"))),)),
    ConditionDef("restrained", C, name="Restrained",  # it: Trattenuto
                 modifiers=(speed_times(0), flag("attackers.advantage"),
                            flag("attack.disadvantage"), flag("save", detail="dex.disadvantage")),
                 tags=("speed_zero",)),
    ConditionDef("stunned", C, name="Stunned",  # it: Stordito
                 implies=("incapacitated",), tags=("speed_zero",),
                 modifiers=(speed_times(0),) + NO_STR_DEX_SAVES + (flag("attackers.advantage"),),
                 reminders=(Reminder(C, "Stunned: can speak only falteringly"),)),
    ConditionDef("unconscious", C, name="Unconscious",  # it: Privo di sensi
                 implies=("incapacitated", "prone"), tags=("speed_zero",),
                 modifiers=(speed_times(0), forbid("speech")) + NO_STR_DEX_SAVES + (
                     flag("attackers.advantage"), CRIT_WITHIN_1_5),
                 reminders=(Reminder(C, "Unconscious: unaware of its surroundings; drops "
                                        "whatever it is holding and falls prone"),)),
    # --- the seed's own states -------------------------------------------------
    ConditionDef("surprised", "dnd5e.surprise.effect", name="Surprised",  # it: Sorpreso
                 modifiers=(forbid("move", "dnd5e.surprise.effect"),
                            forbid("actions", "dnd5e.surprise.effect"),
                            forbid("reactions", "dnd5e.surprise.effect"),
                            forbid("bonus_action", "dnd5e.bonus.no-actions-no-bonus")),
                 reminders=(Reminder("dnd5e.surprise.effect",
                                     "Surprised: no move or action on its first turn, no "
                                     "reaction until that turn ends"),)),
    ConditionDef("squeezing", "dnd5e.squeeze.move-cost", name="Squeezing",  # it: si stringe
                 modifiers=(flag("attack.disadvantage", "dnd5e.squeeze.own-rolls"),
                            flag("save", "dnd5e.squeeze.own-rolls", "dex.disadvantage"),
                            flag("attackers.advantage", "dnd5e.squeeze.attackers"))),
    # --- marks left by combat actions ---------------------------------------
    ConditionDef("dodging", R_ACTIONS, name="Dodging",
                 modifiers=(
                     Modifier("attackers.disadvantage", 1, R_ACTIONS, FLAG, when=Lacking(none=(
                         "situation.unseen_attacker", "attacker.unseen",
                         "defender.cond.incapacitated", "defender.speed_zero"),
                         under=(("defender.stage.exhaustion", 5),))),
                     Modifier("save", 1, R_ACTIONS, FLAG, detail="dex.advantage", when=Lacking(
                         none=("self.cond.incapacitated", "self.speed_zero"),
                         under=(("self.stage.exhaustion", 5),))))),
    ConditionDef("disengaged", R_ACTIONS, name="Disengaged",
                 reminders=(Reminder(R_ACTIONS,
                                     "Disengaged: its movement doesn't provoke opportunity "
                                     "attacks this turn"),)),
    ConditionDef("hidden", R_RANGED, name="Hidden",
                 modifiers=(flag("attack.advantage", R_RANGED),
                            flag("attackers.disadvantage", R_RANGED)),
                 tags=("unseen",)),
)}
