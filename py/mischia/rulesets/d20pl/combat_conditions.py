"""d20pl conditions used by the combat modifier tables, as data.

Each ``ConditionDef`` holds the rows of the seed's tables *Modyfikatory do
testów ataków* (``d20pl.atkmod.*``, what the bearer gets when it attacks)
and *Modyfikatory do Klasy Pancerza* (``d20pl.acmod.*``, what the bearer's
AC gets when it is attacked), the helpless rules (``d20pl.helpless.*``) and
fighting defensively / total defence. Modifiers are written from the
bearer's point of view (see ``mischia.model``).

Vocabulary this ruleset adds to the core's:

* ``deny`` details: ``dex_ac`` (Dex bonus to AC, and with it dodge
  bonuses), ``dex_zero`` (Dex treated as 0: modifier −5), ``dodge_test``
  (no Dodge test against the attack).
* ``dex_score`` in POINTS with detail ``attack`` or ``ac``: a change of the
  Dexterity score (entangled −4), turned into a modifier change (−4 → −2).
* ``check`` with detail ``dodge_test``: bonuses to the seed's Dodge test
  (*Test uniku*), the house roll the seed references but never defines.
* ``forbid`` detail ``aoo``: no attacks of opportunity.

The rest of the SRD definition of each condition (``ext.d20pl.conditions``,
the forum's *Stany Postaci* document is not part of the seed) is a reminder.
"""

from __future__ import annotations

from ...model import ConditionDef, Modifier, Reminder, Unit, when

EXT = "ext.d20pl.conditions"
FLAG = Unit.FLAG


def _deny(detail, rule, **kw):
    return Modifier("deny", 1, rule, FLAG, detail=detail, **kw)


def _srd(text):
    return Reminder(EXT, text)


_NOT_DEFENSIVE_AC = when("option.defensive_dodge.dodge-test")
_DEFENSIVE_AC = when("option.defensive_dodge.ac")


def _dodge_bonus(value, rule):
    """A dodge bonus to the Dodge test (seed), or to AC (option ``defensive_dodge=ac``)."""
    return (Modifier("check", value, rule, type="dodge", detail="dodge_test", when=_NOT_DEFENSIVE_AC),
            Modifier("ac", value, rule, type="dodge", when=_DEFENSIVE_AC))


_FIGHT_STD = "d20pl.attack.fight-defensively.standard"
_FIGHT_FULL = "d20pl.attack.fight-defensively.full"
_STANDARD = (Modifier("attack", -4, _FIGHT_STD),) + _dodge_bonus(2, _FIGHT_STD)
_FULL = (Modifier("attack", -4, _FIGHT_FULL),) + _dodge_bonus(2, _FIGHT_FULL)

CONDITIONS = {c.id: c for c in (
    # pl: Nieprzygotowany
    ConditionDef("flat_footed", "d20pl.acmod.flat-footed", name="Flat-footed", modifiers=(
        _deny("dex_ac", "d20pl.acmod.flat-footed"),
    ), reminders=(_srd("Flat-footed: cannot make attacks of opportunity until it acts (SRD)."),)),
    # pl: Leży
    ConditionDef("prone", "d20pl.atkmod.prone", name="Prone", modifiers=(
        Modifier("attack", -4, "d20pl.atkmod.prone", when=when("melee")),
        Modifier("forbid", 1, "d20pl.atkmod.fn3", FLAG, detail="attack.ranged",
                 when=when("ranged", none=("weapon.crossbow", "weapon.shuriken"))),
        Modifier("ac.melee", -4, "d20pl.acmod.prone"),
        Modifier("ac.ranged", 4, "d20pl.acmod.prone"),
    ), reminders=(_srd("Prone: standing up is a move action that provokes attacks of opportunity (SRD)."),)),
    # pl: Klęczy
    ConditionDef("kneeling", "d20pl.acmod.kneeling-sitting", name="Kneeling", modifiers=(
        Modifier("ac.melee", -2, "d20pl.acmod.kneeling-sitting"),
        Modifier("ac.ranged", 2, "d20pl.acmod.kneeling-sitting"),
    )),
    # pl: Siedzi
    ConditionDef("sitting", "d20pl.acmod.kneeling-sitting", name="Sitting", modifiers=(
        Modifier("ac.melee", -2, "d20pl.acmod.kneeling-sitting"),
        Modifier("ac.ranged", 2, "d20pl.acmod.kneeling-sitting"),
    )),
    # pl: Bezradny
    ConditionDef("helpless", "d20pl.acmod.helpless", name="Helpless", modifiers=(
        Modifier("ac.melee", -4, "d20pl.helpless.ac"),
        _deny("dex_ac", "d20pl.helpless.dex"),
        _deny("dex_zero", "d20pl.acmod.fn4"),
        _deny("dodge_test", "d20pl.helpless.dex"),
    ), reminders=(
        Reminder("d20pl.helpless.definition",
                 "Helpless: bound, asleep, unconscious or otherwise at the attacker's mercy "
                 "(the GM decides)."),
        Reminder("d20pl.cdg.action", "A helpless defender can be killed with a coup de grace "
                                     "(full-round action)."),
    )),
    # pl: Oszołomiony
    ConditionDef("stunned", "d20pl.acmod.stunned", name="Stunned", modifiers=(
        Modifier("ac", -2, "d20pl.acmod.stunned"),
        _deny("dex_ac", "d20pl.acmod.fn1"),
    ), reminders=(_srd("Stunned: drops what it holds and can take no actions (SRD)."),)),
    # pl: Oślepiony
    ConditionDef("blinded", "d20pl.acmod.blinded", name="Blinded", modifiers=(
        Modifier("ac", -2, "d20pl.acmod.blinded"),
        _deny("dex_ac", "d20pl.acmod.fn1"),
    ), reminders=(_srd("Blinded: its own attacks have a 50% miss chance (every opponent has total "
                       "concealment), half speed, −4 on most Str and Dex skill checks (SRD)."),)),
    # pl: Olśniony
    ConditionDef("dazzled", "d20pl.atkmod.dazzled", name="Dazzled", modifiers=(
        Modifier("attack", -1, "d20pl.atkmod.dazzled"),
    ), reminders=(_srd("Dazzled: −1 on Search and Spot checks (SRD)."),)),
    # pl: Oplątany
    ConditionDef("entangled", "d20pl.acmod.entangled", name="Entangled", modifiers=(
        Modifier("attack", -2, "d20pl.atkmod.entangled"),
        Modifier("dex_score", -4, "d20pl.atkmod.fn1", detail="attack"),
        Modifier("dex_score", -4, "d20pl.acmod.fn2", detail="ac"),
    ), reminders=(_srd("Entangled: half speed, cannot run or charge; casting needs a Concentration "
                       "check (DC 15 + spell level) (SRD)."),)),
    # pl: Przeciska się
    ConditionDef("squeezing", "d20pl.atkmod.squeezing", name="Squeezing", modifiers=(
        Modifier("attack", -4, "d20pl.atkmod.squeezing"),
        Modifier("ac", -4, "d20pl.acmod.squeezing"),
    )),
    # pl: Wstrząśnięty
    ConditionDef("shaken", "d20pl.atkmod.shaken-frightened", name="Shaken", modifiers=(
        Modifier("attack", -2, "d20pl.atkmod.shaken-frightened"),
    ), reminders=(_srd("Shaken: −2 on saving throws, skill and ability checks too (SRD)."),)),
    # pl: Przerażony
    ConditionDef("frightened", "d20pl.atkmod.shaken-frightened", name="Frightened", modifiers=(
        Modifier("attack", -2, "d20pl.atkmod.shaken-frightened"),
    ), reminders=(_srd("Frightened: flees from the source of its fear; −2 on saves and checks (SRD)."),)),
    # pl: Przyszpilony
    ConditionDef("pinned", "d20pl.acmod.pinned", name="Pinned", modifiers=(
        Modifier("ac.melee", -4, "d20pl.acmod.pinned"),
        _deny("dex_zero", "d20pl.acmod.fn4"),
    ), reminders=(_srd("Pinned: held immobile in a grapple (SRD)."),)),
    # pl: Skulony
    ConditionDef("cowering", "d20pl.acmod.cowering", name="Cowering", modifiers=(
        Modifier("ac", -2, "d20pl.acmod.cowering"),
        _deny("dex_ac", "d20pl.acmod.fn1"),
    ), reminders=(_srd("Cowering: frozen in fear, can take no actions (SRD)."),)),
    # pl: W zwarciu
    ConditionDef("grappling", "d20pl.acmod.grappling", name="Grappling", modifiers=(
        _deny("dex_ac", "d20pl.acmod.grappling", when=when(none=("attacker.cond.grappling",))),
    ), reminders=(_srd("Grappling: threatens no squares; only light weapons or unarmed attacks (SRD)."),)),
    # pl: Niewidzialny
    ConditionDef("invisible", "d20pl.atkmod.invisible", name="Invisible", modifiers=(
        Modifier("attack", 2, "d20pl.atkmod.invisible", when=when(none=("defender.cond.blinded",))),
        Modifier("foes.deny", 1, "d20pl.atkmod.fn2", FLAG, detail="dex_ac"),
        Modifier("miss_chance", 50, "d20pl.acmod.concealed-invisible", Unit.PERCENT),
    ), stages={
        None: (Modifier("skill", 20, "d20pl.conceal.invisibility-hide", detail="hide"),),
        "moving": (Modifier("skill", 20, "d20pl.conceal.invisibility-hide", detail="hide"),),
        "still": (Modifier("skill", 40, "d20pl.conceal.invisibility-hide", detail="hide"),),
    }, reminders=(
        Reminder("d20pl.conceal.invisibility",
                 "Invisible: opponents may make Spot checks to pinpoint its square.", roll="skill.spot"),
    )),
    # pl: Ukryty (magical concealment, e.g. a blur effect)
    ConditionDef("concealed", "d20pl.conceal.magic", name="Concealed (magic)", modifiers=(
        Modifier("miss_chance", 20, "d20pl.conceal.magic", Unit.PERCENT),
    )),
    # pl: Walka defensywna
    ConditionDef("fighting_defensively", _FIGHT_STD, name="Fighting defensively",
                 stages={None: _STANDARD, "standard": _STANDARD, "full": _FULL}),
    # pl: Pełna defensywa
    ConditionDef("total_defence", "d20pl.action.total-defence", name="Total defence", modifiers=(
        *_dodge_bonus(4, "d20pl.action.total-defence"),
        Modifier("forbid", 1, "d20pl.action.total-defence", FLAG, detail="aoo"),
    )),
)}
