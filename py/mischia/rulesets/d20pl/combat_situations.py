"""d20pl situations of an attack, as data: flanking, higher ground, shooting
into melee, an unseen attacker, cover, concealment, coup de grace.

Toggles (``situation.toggles``): ``flanking``, ``higher_ground``,
``into_melee``, ``invisible_attacker``, ``coup_de_grace``, ``full_attack``
(this attack is part of a full-attack action), ``target_located`` (a
full-round action was spent finding a totally concealed target),
``spread`` (the effect is a spread: cover gives no Reflex bonus).

Graded choices (``situation.choices``):

* ``cover``: ``none``, ``partial`` (+4 AC), ``soft`` (creatures in the way:
  +4 AC against ranged attacks only), ``low`` (a low obstacle: +4 AC while the
  defender is within 9 m of it and the attacker is not closer to it; numbers
  ``obstacle_distance`` and ``attacker_obstacle_distance`` in metres),
  ``improved`` (+8 AC, +4 Reflex, +10 Hide), ``total`` (cannot be attacked).
* ``concealment``: ``none``, ``partial`` (20% miss chance), ``total`` (50%,
  attacking the square it is believed to be in), ``dim`` / ``dark`` (shadowy
  illumination 20% / darkness 50%, ignored by an attacker with darkvision).
  Number ``concealment_percent`` lets the GM set a better or worse miss
  chance (``d20pl.conceal.degrees``).

Which one applies on a grid is computed by ``combat_grid``.
"""

from __future__ import annotations

from ...model import Modifier, Reminder, SituationDef, Unit, when

FLAG, PERCENT = Unit.FLAG, Unit.PERCENT
_DARKVISION = "attacker.trait.darkvision"
_COVER_REFLEX = ("situation.cover.partial", "situation.cover.low")

COVER_CHOICES = ("none", "partial", "soft", "low", "improved", "total")
CONCEALMENT_CHOICES = ("none", "partial", "total", "dim", "dark")

SITUATIONS = {s.id: s for s in (
    # pl: Flankuje atakowanego
    SituationDef("flanking", "d20pl.flank.bonus", name="Flanking", modifiers=(
        Modifier("attack", 2, "d20pl.atkmod.flanking", when=when("melee")),
    ), reminders=(
        Reminder("d20pl.flank.must-threaten",
                 "Flanking needs an ally threatening the defender from the opposite side; "
                 "creatures with reach 0 cannot flank."),
    )),
    # pl: Znajduje się wyżej
    SituationDef("higher_ground", "d20pl.atkmod.higher-ground", name="Higher ground", modifiers=(
        Modifier("attack", 1, "d20pl.atkmod.higher-ground", when=when("melee")),
    )),
    # pl: Strzelanie i rzucanie do walczących wręcz
    SituationDef("into_melee", "d20pl.attack.into-melee", name="Shooting into melee", modifiers=(
        Modifier("attack", -4, "d20pl.attack.into-melee",
                 when=when("ranged", none=("attacker.trait.precise_shot",))),
        Modifier("attack", 0, "d20pl.attack.precise-shot",
                 when=when("ranged", "attacker.trait.precise_shot")),
    )),
    # pl: Niewidzialny (atakujący)
    SituationDef("invisible_attacker", "d20pl.atkmod.invisible", name="Unseen attacker", modifiers=(
        Modifier("attack", 2, "d20pl.atkmod.invisible", when=when(none=("defender.cond.blinded",))),
        Modifier("deny", 1, "d20pl.atkmod.fn2", FLAG, detail="dex_ac"),
    )),
    # pl: Osłona
    SituationDef("cover", "d20pl.acmod.cover", name="Cover", choices=COVER_CHOICES, modifiers=(
        Modifier("ac", 4, "d20pl.acmod.cover", when=when("situation.cover.partial")),
        Modifier("ac.ranged", 4, "d20pl.cover.soft", when=when("situation.cover.soft")),
        Modifier("ac", 4, "d20pl.cover.low-obstacle", when=when("situation.cover.low")),
        Modifier("ac", 8, "d20pl.cover.improved", when=when("situation.cover.improved")),
        Modifier("forbid", 1, "d20pl.cover.total", FLAG, detail="attack",
                 when=when("situation.cover.total")),
        Modifier("save", 2, "d20pl.cover.reflex", detail="reflex",
                 when=when(any=_COVER_REFLEX, none=("situation.spread",))),
        Modifier("save", 4, "d20pl.cover.improved", detail="reflex",
                 when=when("situation.cover.improved", none=("situation.spread",))),
        Modifier("save", 0, "d20pl.cover.reflex-spread", detail="reflex",
                 when=when("situation.spread", any=_COVER_REFLEX + ("situation.cover.improved",))),
        Modifier("skill", 10, "d20pl.cover.improved", detail="hide",
                 when=when("situation.cover.improved")),
    ), reminders=(
        Reminder("d20pl.cover.improved",
                 "Improved cover: the defender has improved evasion against attacks that allow "
                 "a Reflex save.", when=when("situation.cover.improved")),
    )),
    # pl: Ukrycie
    SituationDef("concealment", "d20pl.conceal.miss-chance", name="Concealment",
                 choices=CONCEALMENT_CHOICES, modifiers=(
        Modifier("miss_chance", 20, "d20pl.conceal.miss-chance", PERCENT,
                 when=when("situation.concealment.partial")),
        Modifier("miss_chance", 50, "d20pl.conceal.total-miss", PERCENT,
                 when=when("situation.concealment.total")),
        Modifier("miss_chance", 20, "d20pl.conceal.miss-chance", PERCENT,
                 when=when("situation.concealment.dim", none=(_DARKVISION,))),
        Modifier("miss_chance", 50, "d20pl.conceal.total-miss", PERCENT,
                 when=when("situation.concealment.dark", none=(_DARKVISION,))),
        Modifier("miss_chance", 0, "d20pl.conceal.ignore-darkvision", PERCENT,
                 when=when(_DARKVISION, any=("situation.concealment.dim", "situation.concealment.dark"))),
    ), reminders=(
        Reminder("d20pl.conceal.low-light",
                 "Low-light vision sees farther than others in the same poor light: check whether "
                 "the attacker sees the defender.", when=when("situation.concealment.dim")),
        Reminder("d20pl.conceal.degrees",
                 "Concealment may work better or worse than normal: the GM may set the miss chance "
                 "(concealment_percent).",
                 when=when(any=("situation.concealment.partial", "situation.concealment.total",
                                "situation.concealment.dim", "situation.concealment.dark"))),
    )),
    # pl: Coup de grace
    SituationDef("coup_de_grace", "d20pl.cdg.action", name="Coup de grace"),
    # pl: Akcja całkowitego ataku
    SituationDef("full_attack", "d20pl.attack.multiple", name="Full attack"),
    SituationDef("target_located", "d20pl.cdg.total-concealment", name="Target located"),
    SituationDef("spread", "d20pl.cover.reflex-spread", name="Spread effect"),
)}
