"""d20pl casting and concentration (*Rzucanie czaru*, *Koncentracja*, seed 003).

``concentration`` answers one casting question:

* components first — verbal: a deafened caster (*ogłuszony*) fails 20% of
  the time (the ``deafened`` condition's ``spell_failure`` modifier, detail
  ``verbal``, rolled on a d100); somatic: needs a free hand and hands that
  are not bound; material / focus: the caster must have them; experience
  points: never so many that a level would be lost, spent whatever happens;
* then the Concentration check (d20 + the ``concentration`` skill modifier)
  against the DC of what disturbs it: damage from an attack of opportunity
  while casting, DC 10 + damage + spell level; casting defensively, DC 15 +
  spell level; the SRD cases the seed leaves to the skill's description
  (``ext.d20pl.concentration-skill``); or a DC the GM sets.

A failed check loses the spell (casting), ends it (maintaining), or wastes
the use of a spell-like ability.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...engine import active_modifiers, build_context, flags, number, select
from ...errors import InputError
from ...model import ConditionDef, Modifier, Unit
from ...result import Result
from .proc_common import attempt, dc_breakdown, raw_rolls

R_VERBAL = "d20pl.cast.component.verbal"
R_SOMATIC = "d20pl.cast.component.somatic"
R_MATERIAL = "d20pl.cast.component.material"
R_FOCUS = "d20pl.cast.component.focus"
R_XP = "d20pl.cast.component.xp"
R_REQUIRED = "d20pl.conc.required"
R_INTERRUPTED = "d20pl.conc.interrupted"
R_MAINTAIN = "d20pl.conc.maintain"
R_AOO_DAMAGE = "d20pl.conc.aoo-damage"
R_DEFENSIVE = "d20pl.cast.defensive"
R_SLA = "d20pl.sla.casting"
R_SLA_DEFENSIVE = "d20pl.sla.defensive"
R_EXT = "ext.d20pl.concentration-skill"

COMPONENTS = ("V", "S", "M", "F", "XP")
PURPOSES = ("cast", "maintain", "spell_like")

# trigger → (base DC, adds the damage taken, halves it, rule)
TRIGGERS = {
    "damage": (10, True, False, R_AOO_DAMAGE),
    "defensive": (15, False, False, R_DEFENSIVE),
    "continuous": (10, True, True, R_EXT),
    "grappled": (20, False, False, R_EXT),
    "entangled": (15, False, False, R_EXT),
    "vigorous": (10, False, False, R_EXT),
    "violent": (15, False, False, R_EXT),
    "other": (None, False, False, R_INTERRUPTED),
    "none": (None, False, False, R_REQUIRED),
}

CONDITIONS = {
    # pl: ogłuszony
    "deafened": ConditionDef(
        "deafened", R_VERBAL, name="Deafened",
        modifiers=(Modifier("spell_failure", 20, R_VERBAL, Unit.PERCENT, detail="verbal"),)),
}

STATS = {"concentration": (-10, 80)}


def _components(q) -> tuple:
    comps = q.list("components")
    for i, c in enumerate(comps):
        if c not in COMPONENTS:
            raise InputError(f"components[{i}]", f"unknown component {c!r}", COMPONENTS)
    return tuple(comps)


def _blockers(q, comps, forbidden) -> list:
    """Rule IDs (with reasons) that prevent the casting altogether."""
    out = []
    if "concentration" in forbidden:
        out.append({"rule": R_REQUIRED, "reason": "cannot concentrate",
                    "by": forbidden["concentration"][0].rule})
    if "S" in comps:
        hands = q.int("free_hands", 0, 10, 1)
        if hands < 1:
            out.append({"rule": R_SOMATIC, "reason": "no free hand"})
        if q.flag("hands_bound"):
            out.append({"rule": R_SOMATIC, "reason": "hands bound or occupied"})
        for key in ("spell.somatic", "spell"):
            if key in forbidden:
                out.append({"rule": R_SOMATIC, "reason": "hands bound", "by": forbidden[key][0].rule})
    if "M" in comps and not q.flag("has_material", True):
        out.append({"rule": R_MATERIAL, "reason": "the material component is missing"})
    if "F" in comps and not q.flag("has_focus", True):
        out.append({"rule": R_FOCUS, "reason": "the focus is missing"})
    if "XP" in comps:
        cost = q.int("xp_cost", 0, 10 ** 7)
        free = q.int("xp", 0, 10 ** 8) - q.int("xp_level_minimum", 0, 10 ** 8, 0)
        if cost > free:
            out.append({"rule": R_XP, "reason": f"needs {cost} XP, only {max(free, 0)} can be spent "
                                                 "without losing a level"})
    return out


def _dc(trigger, q, level, purpose) -> Breakdown:
    base, adds, halves, rule = TRIGGERS[trigger]
    if trigger == "defensive" and purpose == "spell_like":
        rule = R_SLA_DEFENSIVE
    if trigger == "other":
        return dc_breakdown(q.int("dc", 0, 100), R_INTERRUPTED)
    extra = []
    if adds:
        damage = q.int("damage", 0, 10000)
        extra.append(Line("dc.damage", damage // 2 if halves else damage, rule,
                          reason="half" if halves else ""))
    extra.append(Line("dc.spell_level", level, rule))
    return dc_breakdown(base, rule, extra)


def concentration(ruleset, q, rng) -> Result:
    creature = q.creature()
    ruleset.check_stats(creature)
    ctx = build_context(ruleset, q.options, {"self": creature})
    mods = active_modifiers(ruleset, creature, ctx)
    forbidden = flags(mods, "forbid")
    purpose = q.choice("purpose", PURPOSES, "cast")
    default = "damage" if "damage" in q.payload else ("defensive" if q.flag("defensive") else "none")
    trigger = q.choice("trigger", tuple(TRIGGERS), default)
    level = q.int("spell_level", 0, 9, 0)
    comps = _components(q)
    rolls = raw_rolls(q, ("d20", "failure"))
    auto = q.flag("auto_roll")
    details, prompts, events = {"components": list(comps)}, [], []
    blockers = _blockers(q, comps, forbidden)
    details["blocked_by"] = blockers
    value = {"purpose": purpose, "trigger": trigger, "can_cast": not blockers}
    if "XP" in comps:
        details["xp_spent"] = {"value": q.int("xp_cost", 0, 10 ** 7) if not blockers else 0,
                               "rule": R_XP, "note": "spent whether the casting succeeds or not"}
    if "M" in comps:
        details["material"] = {"rule": R_MATERIAL, "note": "usually consumed by the spell"}
    if blockers:
        return Result(value={**value, "success": False}, details=details)

    failure = _spell_failure(mods, comps)
    if failure is not None:
        details["spell_failure"] = failure
        check = attempt(failure.lines[0].rule, f"Spell failure {failure.total}%: roll d100",
                        Breakdown.of([]), failure.total + 1, rolls, "failure", rng, auto, sides=100)
        details["failure_roll"] = check
        if check.prompt is not None:
            prompts.append(check.prompt)
        elif not check.success:
            events.append(failure.lines[0].rule)
            return Result(value={**value, "success": False, "outcome": _lost(purpose)},
                          details=details, events=tuple(events))

    if trigger == "none":
        return Result(value={**value, "success": None if prompts else True}, details=details,
                      prompts=tuple(prompts))
    rule = TRIGGERS[trigger][3]
    lines = [Line("concentration.skill", creature.stat("concentration"), rule)]
    extra = [m for m in select(mods, "skill") + select(mods, "check") if m.detail in ("concentration", "")]
    mod_bd = number(ruleset, "check", lines, extra, ctx)
    dc = _dc(trigger, q, level, purpose)
    check = attempt(rule, "Concentration check", mod_bd, dc, rolls, "d20", rng, auto)
    details["check"] = check
    if check.prompt is not None:
        prompts.append(check.prompt)
        return Result(value={**value, "success": None, "dc": dc.total}, breakdown=mod_bd,
                      details=details, prompts=tuple(prompts))
    outcome = "cast" if check.success else _lost(purpose)
    if not check.success:
        events.append(R_MAINTAIN if purpose == "maintain" else (R_SLA if purpose == "spell_like" else rule))
    if trigger == "defensive":
        details["provokes"] = {"value": "no",
                               "rule": R_SLA_DEFENSIVE if purpose == "spell_like" else R_DEFENSIVE}
    return Result(value={**value, "success": check.success, "dc": dc.total, "total": check.total,
                         "outcome": outcome},
                  breakdown=mod_bd, details=details, prompts=tuple(prompts), events=tuple(events))


def _spell_failure(mods, comps):
    """The highest spell-failure chance that applies to these components."""
    wanted = {"", "verbal"} if "V" in comps else {""}
    if "S" in comps:
        wanted.add("somatic")
    cands = [m for m in select(mods, "spell_failure") if m.detail in wanted]
    if not cands:
        return None
    best = max(cands, key=lambda m: m.value)
    line = Line(best.label or best.rule, best.value, best.rule, "percent", source=best.source)
    return Breakdown.of([line], "percent")


def _lost(purpose) -> str:
    return {"cast": "the spell is lost", "maintain": "the spell ends",
            "spell_like": "the ability fails and counts as used"}[purpose]
