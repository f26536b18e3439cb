"""classic conditions §1.4–§1.12 as data: engaged, prone, the four graded
conditions (debilitated, incapacitated, hindered, exhausted), stunned,
paralysed, deaf.

Every modifier names the rule ID it comes from. Numbers follow the seed:
initiative penalties are delay points added to the initiative factor
(classic.conv.initiative-direction), save penalties are percent and scoped
(type ``scoped``, classic.conv.save-scope), Dex fractions are multipliers of
the Dex score for checks, movement reductions are hexes per round chosen by
the movement factor (6 or more / 5 or less) with a minimum of 1 hex.
"""

from __future__ import annotations

from ...model import ConditionDef, Modifier, Reminder, when
from .combat_common import (COND, FAR, FLAG, FRACTION, NEAR, PERCENT, SCOPED, move_reduction,
                            opt)

IN_MELEE = ("melee", "situation.in_melee", opt("prone_fighting", "any-prone"))

ENGAGED = ConditionDef(
    "engaged", "classic.cond.engaged.ac", name="Engaged in another activity",  # it: Impegnato in attività diverse dal combattimento
    modifiers=(
        Modifier("deny", 1, "classic.cond.engaged.ac", FLAG, detail="dex_ac"),
        Modifier("deny", 1, "classic.cond.engaged.ac", FLAG, detail="shield_ac"),
    ),
    reminders=(
        Reminder("classic.cond.engaged.scope",
                 "Only complex activities other than fighting count; free actions and non-actions do not."),
        Reminder("classic.cond.engaged.static-attackers",
                 "If the activity keeps it static (an immovable object), attackers also get +2: "
                 "tick 'static activity'."),
        Reminder("classic.cond.engaged.reflex-choice",
                 "On a Reflex save it either aborts the activity and saves normally, or continues "
                 "and counts as Incapacitated for that save."),
        Reminder("classic.cond.engaged.duration",
                 "All these penalties end at the moment of the round the activity is carried out.",
                 when=when(opt("engaged_duration", "whole-state"))),
        Reminder("classic.cond.engaged.duration",
                 "Counting as Incapacitated for the save ends at the moment of the round the activity "
                 "is carried out; the AC penalties last while it is engaged.",
                 when=when(opt("engaged_duration", "save-only"))),
    ))

PRONE = ConditionDef(
    "prone", "classic.cond.prone.lose-round", name="Knocked down",  # it: Steso al suolo (knockdown)
    modifiers=(
        Modifier("attackers.attack", 2, "classic.cond.prone.melee-attackers", type=COND, when=when("melee")),
        Modifier("deny", 1, "classic.cond.prone.melee-attackers", FLAG, detail="dex_ac", when=when("melee")),
        Modifier("deny", 1, "classic.cond.prone.ranged-cover.dex", FLAG, detail="dex_ac", when=when("ranged")),
        Modifier("attackers.attack", -3, "classic.cond.prone.ranged-cover", when=when("ranged", num=FAR)),
        Modifier("attackers.spell_failure", 30, "classic.cond.prone.ranged-spell-failure", PERCENT,
                 when=when(num=FAR, none=("spell.area", "spell.attack_roll"))),
        Modifier("attack", -2, "classic.cond.prone.fight-from-ground.attack", when=when("melee")),
        Modifier("save", -10, "classic.cond.prone.fight-from-ground.save", PERCENT, type=SCOPED,
                 when=when(any=("situation.in_melee", opt("prone_fighting", "any-prone")))),
        Modifier("deny", 1, "classic.cond.prone.fight-from-ground.no-active-defence", FLAG,
                 detail="active_defence", when=when(any=IN_MELEE)),
        Modifier("forbid", 1, "classic.cond.prone.own-ranged", FLAG, detail="attack.ranged",
                 when=when("ranged", any=("weapon.sling", "weapon.bow", "weapon.thrown"))),
    ),
    reminders=(
        Reminder("classic.cond.prone.within-15m",
                 "At 15 m or less the creature on the ground gets no cover benefit against ranged "
                 "attacks and spells; only the normal prone penalties apply.",
                 when=when("ranged", num=NEAR)),
        Reminder("classic.cond.prone.own-ranged",
                 "From the ground: crossbows, firearms and blowguns with no penalty to hit (the "
                 "initiative penalty still applies); no slings, bows or thrown weapons."),
        Reminder("classic.cond.prone.stand-up",
                 "Standing up is a complex action: afterwards only a half move."),
        Reminder("classic.cond.prone.fight-from-ground.save",
                 "Staying down in melee: -10% on saves against effects easier to avoid standing."),
    ))


def _graded(cid, name, attack, dex, initiative, damage, conc, save, move, attackers, rules):
    """One of the four graded conditions; ``rules`` maps effect → rule ID."""
    mods = [
        Modifier("attack", attack, rules["attack"]),
        Modifier("skill", attack, rules["skill"]),
        Modifier("dex_score", dex, rules["dex"], FRACTION),
        Modifier("initiative", initiative, rules["initiative"]),
        Modifier("concentration_failure", conc, rules["concentration"], PERCENT),
        Modifier("save", save, rules["save"], PERCENT, type=SCOPED),
        *move_reduction(move[0], move[1], rules["move"]),
        Modifier("attackers.attack", attackers, rules["attackers"], type=COND),
    ]
    if damage:
        mods.insert(4, Modifier("damage", damage, rules["damage"]))
    return ConditionDef(cid, rules["can-act"], modifiers=tuple(mods), name=name)


DEBILITATED = _graded(
    "debilitated", "Debilitated", -1, 0.75, 1, 0, 10, -5, (2, 1), 1, {  # it: Debilitato
        "can-act": "classic.cond.debilitated.can-act", "attack": "classic.cond.debilitated.attack",
        "skill": "classic.cond.debilitated.skill", "dex": "classic.cond.debilitated.dex",
        "initiative": "classic.cond.debilitated.initiative",
        "concentration": "classic.cond.debilitated.concentration",
        "save": "classic.cond.debilitated.save", "move": "classic.cond.debilitated.move",
        "attackers": "classic.cond.debilitated.attackers"})

INCAPACITATED = _graded(
    "incapacitated", "Incapacitated", -2, 0.66, 2, -1, 20, -10, (3, 2), 2, {  # it: Incapacitato
        "can-act": "classic.cond.incapacitated.can-act", "attack": "classic.cond.incapacitated.attack",
        "skill": "classic.cond.incapacitated.skill", "dex": "classic.cond.incapacitated.dex",
        "initiative": "classic.cond.incapacitated.initiative",
        "damage": "classic.cond.incapacitated.damage",
        "concentration": "classic.cond.incapacitated.concentration",
        "save": "classic.cond.incapacitated.save", "move": "classic.cond.incapacitated.move",
        "attackers": "classic.cond.incapacitated.attackers"})

HINDERED = _graded(
    "hindered", "Hindered", -3, 0.5, 3, -2, 30, -15, (4, 3), 3, {  # it: Impedito
        "can-act": "classic.cond.hindered.can-act", "attack": "classic.cond.hindered.attack",
        "skill": "classic.cond.hindered.skill", "dex": "classic.cond.hindered.dex",
        "initiative": "classic.cond.hindered.initiative", "damage": "classic.cond.hindered.damage",
        "concentration": "classic.cond.hindered.concentration",
        "save": "classic.cond.hindered.save", "move": "classic.cond.hindered.move",
        "attackers": "classic.cond.hindered.attackers"})

_EXHAUSTED = _graded(
    "exhausted", "Exhausted", -4, 0.5, 4, -2, 40, -20, (4, 3), 3, {  # it: Spossato
        "can-act": "classic.cond.exhausted.can-act", "attack": "classic.cond.exhausted.attack",
        "skill": "classic.cond.exhausted.skill", "dex": "classic.cond.exhausted.dex",
        "initiative": "classic.cond.exhausted.initiative", "damage": "classic.cond.exhausted.damage",
        "concentration": "classic.cond.exhausted.concentration",
        "save": "classic.cond.exhausted.save", "move": "classic.cond.exhausted.move",
        "attackers": "classic.cond.exhausted.attackers"})

# Exhausted: attackers +3 as written (AMB-13), +4 under the alternative; healing
# halved and capped; no recovery of combat/fatigue/magic points.
EXHAUSTED = ConditionDef(
    "exhausted", _EXHAUSTED.rule, name=_EXHAUSTED.name,
    modifiers=tuple(m for m in _EXHAUSTED.modifiers if m.target != "attackers.attack") + (
        Modifier("attackers.attack", 3, "classic.cond.exhausted.attackers", type=COND,
                 when=when(opt("exhausted_attackers", "as-written"))),
        Modifier("attackers.attack", 4, "classic.cond.exhausted.attackers", type=COND,
                 when=when(opt("exhausted_attackers", "plus-four"))),
        Modifier("healing", 0.5, "classic.cond.exhausted.healing", FRACTION),
        Modifier("heal_cap", 0.5, "classic.cond.exhausted.heal-cap", FRACTION),
        Modifier("forbid", 1, "classic.cond.exhausted.no-recovery", FLAG, detail="recovery"),
    ),
    reminders=(
        Reminder("classic.cond.exhausted.action-save",
                 "Before any action that accumulates a fatigue point, or to keep concentrating: "
                 "Robustness save modified by Strength instead of Constitution.", roll="d100"),
        Reminder("classic.cond.exhausted.after-coma",
                 "Characters out of a coma count as exhausted for 24 hours."),
    ))

STUNNED = ConditionDef(
    "stunned", "classic.cond.stunned.standing", name="Stunned",  # it: Stordito
    tags=("standing",),
    modifiers=(
        Modifier("forbid", 1, "classic.cond.stunned.standing", FLAG, detail="move"),
        Modifier("forbid", 1, "classic.cond.stunned.no-actions", FLAG, detail="actions"),
        Modifier("forbid", 1, "classic.cond.stunned.no-actions", FLAG, detail="free_actions"),
        Modifier("forbid", 1, "classic.cond.stunned.no-actions", FLAG, detail="non_actions"),
        Modifier("forbid", 1, "classic.cond.stunned.no-actions", FLAG, detail="concentration"),
        Modifier("dex_score", 0.33, "classic.cond.stunned.dex", FRACTION),
        Modifier("save", -20, "classic.cond.stunned.save", PERCENT, type=SCOPED),
        Modifier("deny", 1, "classic.cond.stunned.ac-dex", FLAG, detail="dex_ac"),
        Modifier("deny", 1, "classic.cond.stunned.ac-shield", FLAG, detail="shield_ac"),
        Modifier("immune", 50, "classic.cond.stunned.mental-immunity", PERCENT, detail="mental"),
        Modifier("attackers.attack", 3, "classic.cond.stunned.attackers", type=COND),
        Modifier("attackers.damage_die", 1, "classic.cond.stunned.damage-die", type=COND),
    ),
    reminders=(
        Reminder("classic.cond.stunned.move",
                 "It may move a single hex this round (a full-move action) if it passes a Mind save.",
                 roll="d100", when=when(opt("stunned_move", "one-hex-with-save"))),
        Reminder("classic.cond.stunned.mental-immunity",
                 "50% immunity to illusory or mental effects: roll once per effect."),
    ))

PARALYSED = ConditionDef(
    "paralysed", "classic.cond.paralysed.no-actions", name="Paralysed",  # it: Paralizzato (hold)
    tags=("passable",),
    modifiers=(
        Modifier("forbid", 1, "classic.cond.paralysed.no-actions", FLAG, detail="actions"),
        Modifier("forbid", 1, "classic.cond.paralysed.no-actions", FLAG, detail="free_actions"),
        Modifier("forbid", 1, "classic.cond.paralysed.no-actions", FLAG, detail="non_actions"),
        Modifier("forbid", 1, "classic.cond.paralysed.no-actions", FLAG, detail="speech"),
        Modifier("forbid", 1, "classic.cond.paralysed.no-actions", FLAG, detail="concentration"),
        Modifier("forbid", 1, "classic.cond.paralysed.move", FLAG, detail="move"),
        Modifier("dex_score", 1, "classic.cond.paralysed.dex", detail="set"),
        Modifier("forbid", 1, "classic.cond.paralysed.dex", FLAG, detail="dex_check"),
        Modifier("save", -25, "classic.cond.paralysed.save", PERCENT, type=SCOPED),
        Modifier("deny", 1, "classic.cond.paralysed.ac-dex", FLAG, detail="dex_ac"),
        Modifier("deny", 1, "classic.cond.paralysed.ac-shield", FLAG, detail="shield_ac"),
        Modifier("attackers.attack", 5, "classic.cond.paralysed.attackers", type=COND),
        Modifier("attackers.damage_die", 3, "classic.cond.paralysed.damage-die", type=COND),
    ),
    reminders=(
        Reminder("classic.cond.paralysed.pass-through",
                 "Hostile creatures may pass through the paralysed creature's space."),
        Reminder("classic.cond.paralysed.save",
                 "-25% on saves against effects it would have avoided more easily had it not been paralysed.",
                 when=when(opt("paralysed_save_scope", "paralysed"))),
        Reminder("classic.cond.paralysed.save",
                 "-25% on saves against effects it would have avoided more easily had it not been "
                 "stunned (as the seed writes).",
                 when=when(opt("paralysed_save_scope", "stunned-as-written"))),
    ))

DEAF = ConditionDef(
    "deaf", "classic.cond.deaf.initiative", name="Deaf",  # it: Assordato
    modifiers=(
        Modifier("surprise", -3, "classic.cond.deaf.surprise"),
        Modifier("initiative", 1, "classic.cond.deaf.initiative"),
        Modifier("spell_failure", 20, "classic.cond.deaf.verbal-spells", PERCENT, detail="verbal"),
        Modifier("spell_failure", 20, "classic.cond.deaf.vocal-items", PERCENT, detail="vocal_item"),
        # The Dex AC bonus is reduced (classic.cond.deaf.ac-dex): target ``ac``
        # with detail ``dex_ac`` is a reduction of that component, floored at 0.
        Modifier("ac", 1, "classic.cond.deaf.ac-dex", detail="dex_ac",
                 when=when(none=("situation.attack_side.flank", "situation.back_attack"))),
        Modifier("ac", 2, "classic.cond.deaf.ac-dex", detail="dex_ac",
                 when=when("situation.attack_side.flank", none=("situation.back_attack",))),
    ))

CONDITIONS = {c.id: c for c in (ENGAGED, PRONE, DEBILITATED, INCAPACITATED, HINDERED, EXHAUSTED,
                                STUNNED, PARALYSED, DEAF)}
