"""d20pl saving throws (*Rzuty obronne*, seed 003) and ability modifiers.

A save is 1d20 + base save bonus + the modifier of its attribute
(``d20pl.save.formula``): Fortitude uses Constitution (*Budowa*), Reflex
Dexterity, Will the Willpower attribute (*siła woli*). The same modifier
lines feed every save the hit-point machine asks for (Will DC 20 + X, the
unconsciousness and death saves, massive damage).

A disabled creature's attributes drop to 25% of their base value
(``d20pl.hp.disabled.attributes``, AMB-40: all scores, rounded down by
default, derived modifiers recomputed) — shown as one correction line.

Stats read (names declared in ``STATS``): ability scores ``str dex con int
wil cha`` (``wil`` = Willpower, *siła woli*) and their modifiers ``*_mod``
(when a modifier is missing it is derived from the score); base saves
``base_fort``, ``base_ref``, ``base_will``.
"""

from __future__ import annotations

import math

from ...breakdown import Breakdown, Line
from ...creature import Situation
from ...engine import active_modifiers, build_context, number, select, situation_modifiers
from ...errors import InputError
from ...model import OptionDef, Reminder
from ...result import Prompt, Result
from .proc_common import attempt, raw_rolls

ABILITIES = ("str", "dex", "con", "int", "wil", "cha")

# save kind → (attribute, base-save stat, rule ID naming the attribute)
SAVES = {
    "fortitude": ("con", "base_fort", "d20pl.save.fortitude"),
    "reflex": ("dex", "base_ref", "d20pl.save.reflex"),
    "will": ("wil", "base_will", "d20pl.save.will"),
}

DISABLED_FRACTION = 0.25
RULE_DISABLED_ATTRIBUTES = "d20pl.hp.disabled.attributes"

STATS = {
    **{a: (0, 60) for a in ABILITIES},
    **{f"{a}_mod": (-5, 30) for a in ABILITIES},
    "base_fort": (-5, 40), "base_ref": (-5, 40), "base_will": (-5, 40),
}

OPTIONS = {
    "disabled_attributes": OptionDef(
        "disabled_attributes", RULE_DISABLED_ATTRIBUTES, "round-down",
        ("round-down", "round-nearest"), amb="AMB-40",
        text="Disabled: attributes at 25% of their base value, rounded down (or to the nearest)"),
}


def reduced_score(score, ctx) -> int:
    """25% of an ability score, rounded as the AMB-40 option says."""
    value = score * DISABLED_FRACTION
    if ctx.options.get("disabled_attributes") == "round-nearest":
        return int(math.floor(value + 0.5))
    return int(math.floor(value))


def modifier_of(score) -> int:
    return (score - 10) // 2


def ability_lines(creature, ability, ctx, rule) -> list:
    """The attribute modifier as lines: the creature's modifier, and when it
    is disabled the correction to the modifier of 25% of the score."""
    score = creature.stats.get(ability)
    if f"{ability}_mod" in creature.stats:
        mod = creature.stat(f"{ability}_mod")
    elif score is not None:
        mod = modifier_of(score)
    else:
        mod = 0
    lines = [Line(f"{ability}_mod", mod, rule)]
    if ctx.has("self.cond.disabled"):
        if score is None:
            lines.append(Line(f"disabled.{ability}", 0, RULE_DISABLED_ATTRIBUTES,
                              source="disabled").suppressed("score-needed"))
        else:
            reduced = reduced_score(score, ctx)
            lines.append(Line(f"disabled.{ability}", modifier_of(reduced) - mod,
                              RULE_DISABLED_ATTRIBUTES, reason=f"{score}->{reduced}",
                              source="disabled"))
    return lines


def save_modifiers(ruleset, creature, kind, ctx, mods, situation_mods=()):
    """Base save + attribute modifier (+ disabled correction) + condition and
    situation modifiers for ``save`` (detail = the kind, or "" for all)."""
    if kind not in SAVES:
        raise InputError("kind", f"unknown save {kind!r}", tuple(SAVES))
    ability, base_stat, rule = SAVES[kind]
    base = [Line(f"save.{base_stat}", creature.stat(base_stat), "d20pl.save.formula")]
    base += ability_lines(creature, ability, ctx, rule)
    extra = [m for m in select(list(mods) + list(situation_mods), "save") if m.detail in ("", kind)]
    return number(ruleset, "save", base, extra, ctx)


def attribute_sheet(creature, ctx) -> dict:
    """Ability scores under the disabled state, one breakdown each (for the
    ``effective`` query)."""
    out = {}
    if not ctx.has("self.cond.disabled"):
        return out
    for ability in ABILITIES:
        score = creature.stats.get(ability)
        if score is None:
            continue
        reduced = reduced_score(score, ctx)
        out[f"attribute.{ability}"] = Breakdown.of([
            Line(f"attribute.{ability}", score, RULE_DISABLED_ATTRIBUTES),
            Line("disabled.attributes", reduced - score, RULE_DISABLED_ATTRIBUTES,
                 source="disabled")])
    return out


def save_query(ruleset, q, rng) -> Result:
    """d20 + base save + attribute modifier (+ conditions) against a DC.

    ``kind`` is fortitude, reflex or will; ``other`` (a save the effect
    describes differently) takes a ``bonus`` the GM gives. Without ``dc``
    Los is asked for it (the DC depends on the attack)."""
    creature = q.creature()
    ruleset.check_stats(creature)
    kind = q.choice("kind", tuple(SAVES) + ("other",))
    situation = Situation.from_dict(q.payload.get("situation"), "situation")
    ctx = build_context(ruleset, q.options, {"self": creature}, situation=situation)
    mods = active_modifiers(ruleset, creature, ctx)
    prompts = []
    if kind == "other":
        bonus = q.int("bonus", -50, 100, 0)
        bd = Breakdown.of([Line("save.other", bonus, "d20pl.save.types-exception")])
        prompts.append(Prompt("d20pl.save.types-exception", "A save other than Fortitude, Reflex "
                              "or Will: the effect's description says what to add"))
    else:
        bd = save_modifiers(ruleset, creature, kind, ctx, mods,
                            situation_modifiers(ruleset, situation, ctx))
    dc = q.int("dc", 0, 100) if q.payload.get("dc") is not None else None
    if dc is None:
        prompts.append(Prompt("d20pl.save.dc", "The DC depends on the attack, or Los decides it",
                              params={"field": "dc"}))
    rolls = raw_rolls(q, ("d20",))
    check = attempt("d20pl.save.formula", f"{kind.capitalize()} save", bd,
                    dc if dc is not None else 0, rolls, "d20", rng, True)
    value = {"kind": kind, "natural": check.die, "total": check.total}
    if dc is not None:
        value.update(dc=dc, success=check.success)
    tips = (Reminder("d20pl.save.trigger", "A successful save avoids all or part of the effect; "
                                           "the ability says which save applies"),)
    return Result(value=value, breakdown=bd, details={"check": check}, prompts=tuple(prompts),
                  reminders=tips)
