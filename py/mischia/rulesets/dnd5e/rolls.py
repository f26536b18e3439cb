"""dnd5e d20 tests: advantage and disadvantage (``ext.dnd5e.advantage``) for
attacks, saves and checks, and the saving throw every save-like query uses.

``roll_mode`` turns advantage/disadvantage flag modifiers into the roll mode
and breakdown lines: every source is listed, several of one kind still mean
one extra d20, and any advantage cancels any disadvantage (one d20).
"""

from __future__ import annotations

from ... import dice
from ...breakdown import Breakdown, Line
from ...engine import active_modifiers, build_context, situation_modifiers
from ...errors import InputError
from ...model import Unit
from ...result import Result
from .tables import ABILITIES, R_ADVANTAGE, R_SAVE


def roll_mode(adv, dis):
    """(mode, lines) from the advantage and disadvantage modifiers in play."""
    lines = ([Line(m.label or m.rule, 1, m.rule, "flag", source=m.source, type="advantage")
              for m in adv]
             + [Line(m.label or m.rule, -1, m.rule, "flag", source=m.source, type="disadvantage")
                for m in dis])
    if adv and dis:
        return "normal", [l.suppressed("cancelled") for l in lines] + [
            Line("advantage.cancel", 0, R_ADVANTAGE, "flag", reason="cancelled")]
    if adv:
        return "advantage", lines + [Line("advantage.roll-two", 0, R_ADVANTAGE, "flag",
                                          reason="higher")]
    if dis:
        return "disadvantage", lines + [Line("disadvantage.roll-two", 0, R_ADVANTAGE, "flag",
                                             reason="lower")]
    return "normal", []


def roll_d20(mode, first=None, second=None, rng=None, field="rolls.d20"):
    """(natural, dice): one d20, or two keeping the higher/lower."""
    a = dice.take(20, first, rng, field)
    if mode == "normal":
        return a, (a,)
    b = dice.take(20, second, rng, field + "_second")
    return (max(a, b) if mode == "advantage" else min(a, b)), (a, b)


def typed_pair(value, field):
    """A typed d20 entry that may be one die or a list of two (advantage)."""
    if value is None or isinstance(value, int) and not isinstance(value, bool):
        return value, None
    if isinstance(value, list) and 1 <= len(value) <= 2:
        return value[0], (value[1] if len(value) == 2 else None)
    raise InputError(field, "must be a d20 result or a list of two d20 results")


def roll_flags(mods, target, kind):
    """The advantage/disadvantage/fail flags of a save or check of ``kind``
    (``detail`` = ``FLAG`` for all kinds or ``KIND.FLAG`` for one)."""
    out = {"advantage": [], "disadvantage": [], "fail": []}
    for m in mods:
        if m.target != target or m.unit is not Unit.FLAG:
            continue
        scope, _, what = m.detail.rpartition(".")
        if scope and scope != kind:
            continue
        if what in out:
            out[what].append(m)
    return out


def save_base(creature, kind, bonus, rule) -> list:
    """The save bonus: typed, the ``KIND_save`` stat, or ability modifier plus
    proficiency when the creature has the trait ``proficient.KIND``."""
    if bonus is not None:
        return [Line("save.bonus", bonus, rule)]
    if f"{kind}_save" in creature.stats:
        return [Line(f"save.{kind}_save", creature.stat(f"{kind}_save"), rule)]
    lines = [Line(f"save.{kind}_mod", creature.stat(f"{kind}_mod"), rule)]
    if creature.has(f"proficient.{kind}"):
        lines.append(Line("save.proficiency", creature.stat("proficiency"), rule))
    return lines


def saving_throw(ruleset, creature, kind, dc, rolls, rng, options, situation=None,
                 bonus=None, rule=R_SAVE, dc_breakdown=None, extra=None) -> Result:
    """A saving throw of ``kind`` against ``dc`` (None: report the total).

    Conditions may make it fail automatically (no die is read) or give
    advantage/disadvantage; cover adds to Dexterity saves. ``extra`` holds
    more (advantage, disadvantage) modifiers from the caller."""
    if kind not in ABILITIES:
        raise InputError("kind", f"unknown save {kind!r}", ABILITIES)
    ruleset.check_stats(creature)
    ctx = build_context(ruleset, options, {"self": creature}, situation=situation)
    mods = active_modifiers(ruleset, creature, ctx) + situation_modifiers(ruleset, situation, ctx)
    flags = roll_flags(mods, "save", kind)
    details = {"kind": kind, "dc": dc}
    if dc_breakdown is not None:
        details["dc_breakdown"] = dc_breakdown
    if flags["fail"]:
        m = flags["fail"][0]
        lines = [Line("save.auto-fail", 0, m.rule, "flag", source=m.source, reason="auto-fail")]
        details.update(auto_fail=True, total=None, natural=None, dice=[], mode="normal")
        return Result(value=False, breakdown=Breakdown.of(lines), details=details)
    adv, dis = flags["advantage"], flags["disadvantage"]
    if extra:
        adv, dis = adv + list(extra[0]), dis + list(extra[1])
    mode, mode_lines = roll_mode(adv, dis)
    natural, rolled = roll_d20(mode, rolls.d20, rolls.d20_second, rng)
    lines = [Line("save.d20", natural, rule)] + save_base(creature, kind, bonus, rule)
    points = [m for m in mods if m.target == "save" and m.unit is not Unit.FLAG
              and m.detail in ("", kind)]
    lines += [Line(m.label or m.rule, m.value, m.rule, source=m.source) for m in points]
    total = Breakdown.of(ruleset.stack("save", lines, ctx))
    success = None if dc is None else total.total >= dc
    details.update(auto_fail=False, total=total.total, natural=natural, dice=list(rolled),
                   mode=mode, mode_lines=Breakdown.of(mode_lines, "flag"))
    return Result(value=success, breakdown=total, details=details)
