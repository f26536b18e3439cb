"""classic conditions §1.13–§1.16 as data: blind (and eyes closed), avoiding
sight, asleep and its drowsy aftermath (stages 1–4 = drowsy rounds), fear
stages 1–4 (intimidated, scared, afraid, terrified) and the two round
markers the fear check produces (``fear_save_passed``, ``fear_panic``).

Fear-stage penalties are gated by AMB-22: by default they apply only in a
round whose Courage save was called and passed (the ``fear_save_passed``
marker); option ``fear_penalties=whole-stage`` applies them throughout.
"""

from __future__ import annotations

from ...model import ConditionDef, Modifier, Reminder, when
from .combat_common import (COND, FAR, FLAG, FRACTION, PERCENT, SCOPED, Extra, acting, defending,
                            opt)

BF_DEF = defending("trait.blind_fighting")
BF_OWN = acting("trait.blind_fighting")
OPT_BF_DEF = opt("blind_fighting", "defender-proficiency")
OPT_BF_ATT = opt("blind_fighting", "attacker-proficiency")
NOT_BLIND_ATTACKER = ("attacker.cond.blind",)


def _blind_bonus(target, full, half, rule):
    """Attackers' bonus against a blind creature, halved by blind fighting
    (whose proficiency counts depends on AMB-17); none if the attacker is blind."""
    return (
        Modifier(target, full, rule, type=COND,
                 when=when(OPT_BF_DEF, none=NOT_BLIND_ATTACKER + BF_DEF)),
        Modifier(target, half, rule, type=COND,
                 when=when(OPT_BF_DEF, any=BF_DEF, none=NOT_BLIND_ATTACKER)),
        Modifier(target, full, rule, type=COND,
                 when=when(OPT_BF_ATT, none=NOT_BLIND_ATTACKER + ("attacker.trait.blind_fighting",))),
        Modifier(target, half, rule, type=COND,
                 when=when(OPT_BF_ATT, "attacker.trait.blind_fighting", none=NOT_BLIND_ATTACKER)),
    )


BLIND = ConditionDef(
    "blind", "classic.cond.blind.ac-dex", name="Blind",  # it: Accecato
    modifiers=(
        Modifier("attack", -4, "classic.cond.blind.melee", when=when("melee", none=BF_OWN)),
        Modifier("attack", -2, "classic.cond.blind.melee", when=when("melee", any=BF_OWN)),
        Modifier("attack", -4, "classic.cond.blind.ranged", when=when("ranged")),
        Modifier("forbid", 1, "classic.cond.blind.ranged", FLAG, detail="attack.ranged",
                 when=when("ranged", num=(("distance", ">", 21),))),
        Modifier("forbid", 1, "classic.cond.blind.ranged", FLAG, detail="aimed_precision"),
        Modifier("forbid", 1, "classic.cond.blind.spells", FLAG, detail="spell.ranged"),
        Modifier("check", -4, "classic.cond.blind.checks", type=SCOPED),
        Modifier("save", -20, "classic.cond.blind.save", PERCENT, type=SCOPED),
        Modifier("deny", 1, "classic.cond.blind.ac-dex", FLAG, detail="dex_ac"),
        Modifier("deny", 1, "classic.cond.blind.ac-shield", FLAG, detail="shield_ac"),
        Modifier("deny", 1, "classic.cond.blind.active-defence", FLAG, detail="active_defence",
                 when=when(none=BF_DEF)),
        Modifier("check", -4, "classic.cond.blind.active-defence", detail="active_defence",
                 when=when(any=BF_DEF)),
        *_blind_bonus("attackers.attack", 4, 2, "classic.cond.blind.attackers"),
        *_blind_bonus("attackers.damage_die", 2, 1, "classic.cond.blind.damage-die"),
        Modifier("move", 1 / 3, "classic.cond.blind.move-speed", FRACTION, detail="safe"),
        Modifier("forbid", 1, "classic.cond.blind.flying", FLAG, detail="fly"),
    ),
    reminders=(
        Reminder("classic.cond.blind.ranged",
                 "Ranged attacks only within 21 m, after a successful hear-noise check, against a "
                 "target that makes noise (not silenced, not incorporeal).", when=when("ranged")),
        Reminder("classic.cond.blind.spells", "Only spells with range 0, touch, or an attack roll."),
        Reminder("classic.cond.blind.move-speed",
                 "Faster than 1/3 speed: pure Reflex save (without blindness penalties) or fall.",
                 roll="d100"),
        Reminder("classic.cond.blind.flying",
                 "Flying: cannot fly; if airborne, save vs paralysis or take 1d4 per size category.",
                 roll="d100"),
        Reminder("classic.cond.blind.direction",
                 "Each round of movement: d10, 1-5 (1-7 with blind fighting) the intended direction, "
                 "else a random one — unless following a wall.", roll="d10"),
        Reminder("classic.cond.blind.follow-wall", "Following a wall costs one further hex of movement."),
        Reminder("classic.cond.blind.toward-noise",
                 "To head toward a noise: hear-noise check; on a failure roll the direction."),
    ))

EYES_CLOSED = ConditionDef(
    "eyes_closed", "classic.cond.avoiding-sight.close-eyes", implies=("blind",),
    name="Eyes closed")  # it: occhi chiusi (evitare lo sguardo)

AVOIDING_SIGHT = ConditionDef(
    "avoiding_sight", "classic.cond.avoiding-sight.rolls", name="Avoiding sight",  # it: Evitare lo sguardo
    modifiers=(
        Modifier("attack", -2, "classic.cond.avoiding-sight.rolls"),
        Modifier("skill", -2, "classic.cond.avoiding-sight.rolls"),
        Modifier("check", -2, "classic.cond.avoiding-sight.rolls"),
        Modifier("spell_failure", 25, "classic.cond.avoiding-sight.spells", PERCENT,
                 when=when(none=("spell.self", "spell.touch"))),
        Modifier("forbid", 1, "classic.cond.avoiding-sight.move-cap", FLAG, detail="move.increase"),
        Modifier("forbid", 1, "classic.cond.avoiding-sight.no-charge", FLAG, detail="charge"),
        Modifier("check", -2, "classic.cond.avoiding-sight.sight-actions", detail="sight", type=SCOPED,
                 when=when(opt("sight_rolls", "cumulative"))),
        Modifier("save", -10, "classic.cond.avoiding-sight.sight-saves", PERCENT, type=SCOPED),
        Modifier("attackers.attack", 2, "classic.cond.avoiding-sight.attackers", type=COND),
    ),
    reminders=(
        Reminder("classic.cond.avoiding-sight.option",
                 "Keeps its gaze low or elsewhere to avoid a dangerous gaze without closing its eyes."),
        Reminder("classic.cond.avoiding-sight.declare",
                 "Chosen before the declaration of intentions; lasts the whole round, cannot stop."),
        Reminder("classic.cond.avoiding-sight.chance",
                 "50% to avoid each source of danger, rolled every round and for every source.",
                 roll="d100"),
        Reminder("classic.cond.avoiding-sight.reactive.trigger",
                 "A creature that slowed its actions in the waiting phase may lower its gaze (a "
                 "non-action) when a foe tries to meet it: pure Reflex save, -10%/-5%/0 for 1/2/3 "
                 "points of delay.", roll="d100"),
        Reminder("classic.cond.avoiding-sight.sight-actions",
                 "-2 on rolls for actions that need sight, on top of -2 on all rolls.",
                 when=when(opt("sight_rolls", "cumulative"))),
    ))

ASLEEP = ConditionDef(
    "asleep", "classic.cond.asleep.modifiers", name="Asleep",  # it: Addormentato
    implies=("paralysed",), tags=("occupies_space", "passable"),
    modifiers=(
        Modifier("attackers.attack", -3, "classic.cond.asleep.ranged-prone", when=when("ranged", num=FAR)),
        Modifier("attackers.spell_failure", 30, "classic.cond.asleep.ranged-prone", PERCENT,
                 when=when(num=FAR, none=("spell.area", "spell.attack_roll"))),
    ),
    reminders=(
        Reminder("classic.cond.asleep.wake-timing",
                 "It wakes only from the start of the round after an event able to wake it "
                 "(losing hit points is enough)."),
        Reminder("classic.cond.asleep.occupies-space",
                 "It still occupies its space, but hostile creatures may pass through it."),
    ))

_DROWSY_ROWS = {  # round: (attack/skill points, saves %, concentration %, rule)
    1: (-4, -12, 40, "classic.cond.asleep.drowsy.round1"),
    2: (-3, -9, 30, "classic.cond.asleep.drowsy.round2"),
    3: (-2, -6, 20, "classic.cond.asleep.drowsy.round3"),
    4: (-1, -3, 10, "classic.cond.asleep.drowsy.round4"),
}

DROWSY = ConditionDef(
    "drowsy", "classic.cond.asleep.drowsy", name="Drowsy",  # it: sonnolenza dopo il risveglio
    stages={n: (Modifier("attack", pts, rule), Modifier("skill", pts, rule),
                Modifier("save", save, rule, PERCENT),
                Modifier("concentration_failure", conc, rule, PERCENT))
            for n, (pts, save, conc, rule) in _DROWSY_ROWS.items()},
    reminders=(
        Reminder("classic.cond.asleep.drowsy.concentration",
                 "With Concentration: check before the percentile roll (this round's penalties): "
                 "CS -20%, S -10%, F +5%, CF +15%; minimum 5%."),
        Reminder("classic.cond.asleep.drowsy", "Opponents get no to-hit bonus from drowsiness."),
    ))

FEAR_GATE = when(any=acting("cond.fear_save_passed") + (opt("fear_penalties", "whole-stage"),))
FEAR_NAMES = {1: "Intimidated",  # it: Intimorito
              2: "Scared",       # it: Spaventato
              3: "Afraid",       # it: Impaurito
              4: "Terrified"}    # it: Terrorizzato


def _fear(attack, damage, skill, conc, rules):
    mods = [Modifier("attack", attack, rules[0], when=FEAR_GATE)]
    if damage:
        mods.append(Modifier("damage", damage, rules[1], when=FEAR_GATE))
    mods += [Modifier("skill", skill, rules[2], when=FEAR_GATE),
             Modifier("concentration_failure", conc, rules[3], PERCENT, when=FEAR_GATE)]
    return tuple(mods)


FEAR = ConditionDef(
    "fear", "classic.cond.fear.save-success", name="Fear",  # it: paura (Intimorito … Terrorizzato)
    stages={
        1: _fear(-1, 0, -1, 10, ("classic.cond.fear.intimidated.attack", "",
                                 "classic.cond.fear.intimidated.skill",
                                 "classic.cond.fear.intimidated.concentration")),
        2: _fear(-1, -1, -2, 20, ("classic.cond.fear.scared.attack", "classic.cond.fear.scared.damage",
                                  "classic.cond.fear.scared.skill",
                                  "classic.cond.fear.scared.concentration")),
        3: _fear(-2, -1, -3, 30, ("classic.cond.fear.afraid.attack", "classic.cond.fear.afraid.damage",
                                  "classic.cond.fear.afraid.skill",
                                  "classic.cond.fear.afraid.concentration")),
        4: _fear(-2, -2, -4, 40, ("classic.cond.fear.terrified.attack",
                                  "classic.cond.fear.terrified.damage",
                                  "classic.cond.fear.terrified.skill",
                                  "classic.cond.fear.terrified.concentration")),
    },
    reminders=(
        Reminder("classic.cond.fear.defensive-exemption",
                 "The extra combat-point cost does not apply to strictly defensive uses "
                 "(fighting defensively, mastery in dodging); it applies to the counter-attack."),
    ))

FEAR_SAVE_PASSED = ConditionDef(
    "fear_save_passed", "classic.cond.fear.save-success",
    name="Fear save passed this round")  # it: tiro salvezza sul coraggio superato

FEAR_PANIC = ConditionDef(
    "fear_panic", "classic.cond.fear.panic-restriction", name="Panicking this round",  # it: in preda alla paura
    modifiers=tuple(Modifier("forbid", 1, "classic.cond.fear.panic-restriction", FLAG, detail=d)
                    for d in ("attack", "parry", "combat_manoeuvres", "combat_points")),
    reminders=(
        Reminder("classic.cond.fear.panic-restriction",
                 "It may only stay on the defensive (no AC penalty) and move away from the fight and "
                 "the source of fear, as the DM decides."),
        Reminder("classic.cond.fear.retreat-abilities",
                 "Abilities that speed the retreat may be used only to get away from the fight."),
    ))

# Combat-point cost increases of the fear stages (no core target for them).
EXTRAS = {
    ("fear", 1): (Extra("cp_cost", 1, "classic.cond.fear.intimidated.cp-cost", when=FEAR_GATE),),
    ("fear", 2): (Extra("cp_cost", 2, "classic.cond.fear.scared.cp-cost", when=FEAR_GATE),),
    ("fear", 3): (Extra("cp_cost", 3, "classic.cond.fear.afraid.cp-cost", when=FEAR_GATE),),
    ("fear", 4): (Extra("cp_cost", 4, "classic.cond.fear.terrified.cp-cost", when=FEAR_GATE),),
}

CONDITIONS = {c.id: c for c in (BLIND, EYES_CLOSED, AVOIDING_SIGHT, ASLEEP, DROWSY, FEAR,
                                FEAR_SAVE_PASSED, FEAR_PANIC)}
