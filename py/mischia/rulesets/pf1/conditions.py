"""pf1 conditions as data: the PF1 Core Rulebook condition list plus the
combat states a tracker needs (fighting defensively, total defense, charging,
squeezing, kneeling, surprised).

Modifiers are written from the bearer's point of view (see ``mischia.model``).
Conventions of this ruleset:

- an ability *score* penalty is a ``check`` modifier whose ``detail`` names the
  ability and whose value is the change of the *modifier* (Dex −4 → −2); the
  hooks apply it to everything that ability feeds (AC, Reflex, CMD, ranged
  attacks, initiative … for Dex; melee attacks, damage, CMB, CMD for Str);
- ``check`` with no detail is every ability check (initiative included);
  ``caster_level`` is caster level checks and concentration;
- ``skill`` details: ``str_dex`` (most Str/Dex skills), ``perception_sight``,
  ``perception_opposed``, ``reaction`` (skill checks made as reactions);
- ``deny`` details: ``dex_ac`` (Dex bonus to AC), ``dex_score`` / ``str_score``
  (the score counts as 0: modifier −5);
- ``forbid`` details: ``actions`` (all), ``attack``, ``attack.ranged``, ``aoo``,
  ``move``, ``run``, ``charge``, ``concentration``, ``spell``,
  ``spell.somatic``, and action types ``action.standard``, ``action.move``,
  ``action.full_round``, ``action.swift``, ``action.immediate``,
  ``action.free``, ``action.both`` (not a move *and* a standard action).
"""

from __future__ import annotations

from ...model import ConditionDef, Modifier, Reminder, Unit, when
from .rules import (CONDITIONS as R, FF_DEX, FF_NO_AOO, FF_START, HP_DYING, MANEUVER_TAGS,
                    SUR_NO_ACT, TABLES, UD_NOT_FF)

FLAG = Unit.FLAG


def _flag(target, detail, rule=R, **kw):
    return Modifier(target, 1, rule, FLAG, detail=detail, **kw)


def _forbid(*details, rule=R):
    return tuple(_flag("forbid", d, rule) for d in details)


def _ability(ability, score_change, rule=R):
    """An ability score change as the change of its modifier (−4 → −2)."""
    return Modifier("check", score_change // 2, rule, detail=ability)


def _fear_penalties(attack=True):
    mods = (Modifier("save", -2, R), Modifier("skill", -2, R), Modifier("check", -2, R))
    return ((Modifier("attack", -2, R),) if attack else ()) + mods


HALF_SPEED = Modifier("move", 0.5, R, Unit.FRACTION)
NO_ACTIONS = _forbid("actions")
SINGLE_ACTION = _forbid("action.full_round", "action.both")   # a move or a standard, not both


def _acrobatics_dodge(value, rule):
    """+1 more dodge AC with 3 ranks of Acrobatics (fighting defensively, total defense)."""
    return tuple(Modifier("ac", value, rule, type="dodge",
                          when=when(num=((f"{role}.acrobatics_ranks", ">=", 3),)))
                 for role in ("self", "defender"))


_LIST = (
    ConditionDef("bleed", R, name="Bleed", stages={n: () for n in range(1, 101)}, reminders=(
        Reminder(R, "bleed: takes the stage's damage at the start of each of its turns; a DC 15 "
                    "Heal check or any magical healing stops it", roll="heal"),)),
    ConditionDef("blinded", R, name="Blinded", modifiers=(
        Modifier("ac", -2, R), _flag("deny", "dex_ac"),
        Modifier("skill", -4, R, detail="str_dex"), Modifier("skill", -4, R, detail="perception_opposed"),
        Modifier("miss_chance", 50, R, Unit.PERCENT), HALF_SPEED,
    ), reminders=(
        Reminder(R, "blinded: every opponent has total concealment (50% miss chance); Blind-Fight "
                    "rerolls a failed miss chance once"),
        Reminder(R, "blinded: a DC 10 Acrobatics check to move faster than half speed; checks "
                    "relying on vision fail", roll="acrobatics"),
    )),
    ConditionDef("broken", R, name="Broken weapon", modifiers=(
        Modifier("attack", -2, R), Modifier("damage", -2, R)), reminders=(
        Reminder(R, "broken: a broken weapon threatens a critical only on a natural 20 and its "
                    "multiplier is ×2"),)),
    ConditionDef("broken_armour", R, name="Broken armour", reminders=(
        Reminder(R, "broken armour: its AC bonus is halved and its armour check penalty doubled"),)),
    ConditionDef("broken_shield", R, name="Broken shield"),
    ConditionDef("confused", R, name="Confused", modifiers=_forbid("aoo"), reminders=(
        Reminder(R, "confused: roll d% at the start of each turn for its behaviour; a confused "
                    "creature that is attacked attacks its attacker on its next turn", roll="d100"),)),
    ConditionDef("cowering", R, name="Cowering", modifiers=(
        Modifier("ac", -2, R), _flag("deny", "dex_ac")) + NO_ACTIONS),
    ConditionDef("dazed", R, name="Dazed", modifiers=NO_ACTIONS),
    ConditionDef("dazzled", R, name="Dazzled", modifiers=(
        Modifier("attack", -1, R), Modifier("skill", -1, R, detail="perception_sight"))),
    ConditionDef("dead", R, name="Dead", modifiers=NO_ACTIONS + _forbid("move"), tags=("dead",),
                 reminders=(Reminder(R, "dead: normal and magical healing have no effect"),)),
    ConditionDef("deafened", R, name="Deafened", modifiers=(
        Modifier("initiative", -4, R), Modifier("skill", -4, R, detail="perception_opposed"),
        Modifier("spell_failure", 20, R, Unit.PERCENT, detail="verbal"))),
    ConditionDef("disabled", HP_DYING, name="Disabled", modifiers=SINGLE_ACTION + (
        Modifier("move", 0.5, HP_DYING, Unit.FRACTION),), reminders=(
        Reminder(HP_DYING, "disabled: a standard action (or another strenuous action) deals 1 "
                           "damage after it is completed"),)),
    ConditionDef("dying", HP_DYING, name="Dying", implies=("unconscious",), reminders=(
        Reminder(HP_DYING, "dying: a DC 10 Constitution check each turn, with a penalty equal to "
                           "the negative hit points, to become stable; a failure loses 1 hit point",
                 roll="d20+con_mod"),)),
    ConditionDef("energy_drained", R, name="Energy drained", stages={n: (
        Modifier("attack", -n, R), Modifier("check", -n, R), Modifier("skill", -n, R),
        Modifier("save", -n, R), Modifier("check", -n, R, detail="caster_level"),
        Modifier("ac", -n, R, when=when(any=MANEUVER_TAGS)),   # CMD, not AC
    ) for n in range(1, 41)}, reminders=(
        Reminder(R, "energy drained: 5 fewer hit points per negative level; as many negative levels "
                    "as Hit Dice kill; a Fortitude save after 24 hours for each", roll="save.fortitude"),)),
    ConditionDef("entangled", R, name="Entangled", modifiers=(
        Modifier("attack", -2, R), _ability("dex", -4), HALF_SPEED) + _forbid("run", "charge"),
        reminders=(Reminder(R, "entangled: anchored to an object it cannot move; casting needs a "
                               "concentration check DC 15 + spell level", roll="concentration"),)),
    ConditionDef("exhausted", R, name="Exhausted", modifiers=(
        _ability("str", -6), _ability("dex", -6), HALF_SPEED) + _forbid("run", "charge"),
        reminders=(Reminder(R, "exhausted: after 1 hour of complete rest it becomes fatigued"),)),
    ConditionDef("fascinated", R, name="Fascinated", modifiers=(
        Modifier("skill", -4, R, detail="reaction"),) + NO_ACTIONS, reminders=(
        Reminder(R, "fascinated: a potential threat allows a new save; an obvious threat ends the "
                    "effect"),)),
    ConditionDef("fatigued", R, name="Fatigued", modifiers=(
        _ability("str", -2), _ability("dex", -2)) + _forbid("run", "charge"), reminders=(
        Reminder(R, "fatigued: anything that would fatigue it makes it exhausted; 8 hours of rest "
                    "end it"),)),
    # it: Impreparato
    ConditionDef("flat_footed", FF_START, name="Flat-footed", modifiers=(
        _flag("deny", "dex_ac", FF_DEX), _flag("forbid", "aoo", FF_NO_AOO)), reminders=(
        Reminder(UD_NOT_FF, "flat-footed: uncanny dodge keeps the Dexterity bonus and attacks of "
                            "opportunity; Combat Reflexes allows attacks of opportunity"),)),
    ConditionDef("frightened", R, name="Frightened", modifiers=_fear_penalties(), reminders=(
        Reminder(R, "frightened: flees from the source of its fear as best it can; fights if it "
                    "cannot flee"),)),
    ConditionDef("grappled", R, name="Grappled", modifiers=(
        Modifier("attack", -2, R, when=when(none=("situation.maneuver.grapple",))),
        _ability("dex", -4)) + _forbid("aoo", "move", "run", "charge"), reminders=(
        Reminder(R, "grappled: no actions needing two hands; casting needs a concentration check "
                    "DC 10 + grappler's CMB + spell level", roll="concentration"),)),
    ConditionDef("helpless", R, name="Helpless", modifiers=(
        _flag("deny", "dex_score"),
        Modifier("attackers.attack", 4, TABLES, when=when("melee")),
    ), reminders=(
        Reminder(TABLES, "helpless: a coup de grace is possible (full-round action); rogues can "
                         "sneak attack it"),)),
    ConditionDef("incorporeal", R, name="Incorporeal", tags=("immune.critical",), modifiers=(
        _flag("immune", "critical"),
        _flag("immune", "nonmagical_weapons", when=when(none=(
            "weapon.magic", "weapon.ghost_touch", "weapon.force", "attacker.cond.incorporeal"))),
        Modifier("attackers.miss_chance", 50, R, Unit.PERCENT, when=when("weapon.magic", none=(
            "weapon.ghost_touch", "weapon.force", "attacker.cond.incorporeal"))),
    ), reminders=(
        Reminder(R, "incorporeal: 50% chance to ignore damage from corporeal sources except "
                    "positive energy, force and ghost touch; immune to precision damage"),)),
    ConditionDef("invisible", R, name="Invisible", modifiers=(
        Modifier("attack", 2, R, when=when(none=("defender.cond.blinded",))),
        _flag("foes.deny", "dex_ac", when=when(none=("defender.cond.blinded",))),
        Modifier("attackers.miss_chance", 50, R, Unit.PERCENT, when=when(none=(
            "attacker.trait.see_invisibility", "attacker.trait.true_seeing"))),
    ), reminders=(
        Reminder(R, "invisible: attackers must guess its square; Perception DC +20 to notice it"),)),
    ConditionDef("nauseated", R, name="Nauseated", modifiers=_forbid(
        "attack", "spell", "concentration", "aoo", "action.standard", "action.full_round",
        "action.swift", "action.immediate", "action.free")),
    ConditionDef("panicked", R, name="Panicked", modifiers=_fear_penalties(attack=False)
                 + _forbid("attack", "aoo"), reminders=(
        Reminder(R, "panicked: drops what it holds and flees at top speed along a random path; "
                    "cornered, it cowers"),)),
    ConditionDef("paralyzed", R, name="Paralyzed", implies=("helpless",), modifiers=(
        _flag("deny", "str_score"),) + NO_ACTIONS + _forbid("move"), reminders=(
        Reminder(R, "paralyzed: purely mental actions only; a flying creature falls, a swimmer "
                    "may drown"),)),
    ConditionDef("petrified", R, name="Petrified", implies=("unconscious",)),
    ConditionDef("pinned", R, name="Pinned", implies=("flat_footed",), modifiers=(
        _flag("deny", "dex_ac"), Modifier("ac", -4, R),
    ) + _forbid("move", "run", "charge", "attack", "aoo", "spell.somatic"), reminders=(
        Reminder(R, "pinned: verbal and mental actions only, and attempts to escape; casting needs "
                    "a concentration check DC 10 + grappler's CMB + spell level",
                 roll="concentration"),)),
    ConditionDef("prone", TABLES, name="Prone", modifiers=(
        Modifier("attack", -4, TABLES, when=when("melee")),
        _flag("forbid", "attack.ranged", TABLES,
              when=when(none=("weapon.crossbow", "weapon.firearm", "weapon.shuriken"))),
        Modifier("ac.melee", -4, TABLES), Modifier("ac.ranged", 4, TABLES),
    ) + _forbid("run", "charge"), reminders=(
        Reminder(TABLES, "prone: standing up is a move action that provokes attacks of "
                         "opportunity; it can crawl 1.5 m as a move action"),)),
    ConditionDef("shaken", R, name="Shaken", modifiers=_fear_penalties()),
    ConditionDef("sickened", R, name="Sickened", modifiers=_fear_penalties() + (
        Modifier("damage", -2, R),)),
    ConditionDef("stable", HP_DYING, name="Stable", implies=("unconscious",), reminders=(
        Reminder(HP_DYING, "stable: a DC 10 Constitution check each hour (penalty equal to the "
                           "negative hit points) to wake up disabled", roll="d20+con_mod"),)),
    ConditionDef("staggered", R, name="Staggered", modifiers=SINGLE_ACTION),
    ConditionDef("stunned", R, name="Stunned", modifiers=(
        Modifier("ac", -2, R), _flag("deny", "dex_ac"),
        Modifier("attackers.attack", 4, R, when=when(any=MANEUVER_TAGS)),
    ) + NO_ACTIONS, reminders=(Reminder(R, "stunned: drops everything it holds"),)),
    ConditionDef("unconscious", R, name="Unconscious", implies=("helpless",),
                 modifiers=NO_ACTIONS + _forbid("move")),
    # Combat states a tracker records until the bearer's next turn.
    ConditionDef("fighting_defensively", TABLES, name="Fighting defensively", modifiers=(
        Modifier("attack", -4, TABLES), Modifier("ac", 2, TABLES, type="dodge"),
    ) + _acrobatics_dodge(1, TABLES)),
    ConditionDef("total_defense", TABLES, name="Total defense", modifiers=(
        Modifier("ac", 4, TABLES, type="dodge"),) + _acrobatics_dodge(2, TABLES)
        + _forbid("attack", "aoo")),
    ConditionDef("charging", TABLES, name="Charged", modifiers=(Modifier("ac", -2, TABLES),)),
    ConditionDef("squeezing", TABLES, name="Squeezing", modifiers=(
        Modifier("attack", -4, TABLES), Modifier("ac", -4, TABLES))),
    ConditionDef("kneeling", TABLES, name="Kneeling or sitting", modifiers=(
        Modifier("ac.melee", -2, TABLES), Modifier("ac.ranged", 2, TABLES))),
    # it: sorpreso — unaware at the start of battle: no action in the surprise round
    ConditionDef("surprised", SUR_NO_ACT, name="Surprised", implies=("flat_footed",),
                 modifiers=_forbid("actions", rule=SUR_NO_ACT)),
)

CONDITIONS = {c.id: c for c in _LIST}

# A condition that makes another one pointless (the effects do not stack).
SUPERSEDES = {
    "frightened": ("shaken",),
    "panicked": ("shaken", "frightened"),
    "exhausted": ("fatigued",),
    "pinned": ("grappled",),
    "dead": ("dying", "stable", "disabled", "unconscious", "staggered"),
    "dying": ("disabled", "stable"),
}
