"""The d20pl hit-point state machine: damage, healing and the start of a turn.

Pure functions from (creature, ``HpState``, amount, dice) to a new
``HpState`` with its breakdown, the rule IDs of what changed (``events``) and
the rolls the table must make now (``prompts``, each with its DC). A die
typed at the table (``rolls``) is resolved; a missing one is asked for, or
rolled with the passed-in ``random.Random`` when the payload says
``auto_roll``.

``HpState.status`` is the hit-point band: ``ok``, ``disabled`` (0),
``mortal_danger`` (below 0), ``dying``, ``dead``. ``counters`` holds
``unconscious`` / ``stable`` / ``dead`` (each the rule ID that caused it) and
the epic ``death_successes`` / ``death_failures``. ``details["conditions"]``
lists the condition ids the state puts on the creature, each with its rule.
Data and options: ``proc_hp_data``.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...engine import active_modifiers, build_context, number, reminders, select
from ...errors import InputError
from ...result import HpState, Prompt, Result
from ...stacking import cap_total
from .proc_common import attempt, dc_breakdown, raw_rolls, with_conditions
from .proc_hp_data import (
    DEATH_DC, DEATH_SAVES_NEEDED, HARD_DEATH_FLOOR, HEAL_DC, MASSIVE_DC, MASSIVE_FRACTION,
    R_ABILITY_REST, R_ABOVE_ZERO, R_CAP, R_DEATH_SAVES, R_DISABLED_ACTIONS, R_DYING,
    R_DYING_DISABLED, R_EPIC, R_FULL, R_HEAL_CHECK, R_HP_LOSS, R_LEVEL, R_MASSIVE, R_RECOVERY,
    R_STABILISE, R_SUMMARY, R_TEMP, R_UNCONSCIOUS_SAVE, R_WILL, STABILISE_ABOVE, SUMMARY_DEAD,
    UNCONSCIOUS_DC, WILL_DC)
from .proc_saves import ABILITIES, ability_lines, save_modifiers


# ----- bands and the conditions they put on a creature ---------------------------

def band(current, creature, options) -> tuple:
    """(status, rule) of a hit-point total under the chosen model."""
    if current >= 1:
        return "ok", R_FULL
    if options["hp_model"] == "summary":
        if current == 0:
            return "disabled", R_SUMMARY
        return ("dead", R_SUMMARY) if current <= SUMMARY_DEAD else ("dying", R_SUMMARY)
    if current == 0:
        return "disabled", R_DISABLED_ACTIONS
    if (not creature.has("epic") and options["death_floor"] == "minus-10"
            and current <= HARD_DEATH_FLOOR):
        return "dead", R_SUMMARY
    con = creature.stats.get("con")
    if con is None:
        raise InputError("creature.stats.con", "the Constitution score is needed below 0 hit "
                                               "points (a character is dying at −Con)")
    if current <= -con:
        return "dying", R_DYING
    return "mortal_danger", R_UNCONSCIOUS_SAVE


def hp_conditions(hp: HpState, options) -> list:
    """[(condition id, rule ID)] the hit-point state puts on the creature."""
    if hp.status == "dead":
        return [("dead", hp.counters.get("dead", R_SUMMARY))]
    summary = options["hp_model"] == "summary"
    out = []
    if hp.status == "disabled":
        out.append(("disabled", R_SUMMARY if summary else R_WILL))
    elif hp.status == "mortal_danger":
        out += [("mortal_danger", R_UNCONSCIOUS_SAVE), ("disabled", R_WILL)]
    elif hp.status == "dying":
        out.append(("dying", R_SUMMARY if summary else R_DYING))
        if not summary:
            out.append(("disabled", R_DYING_DISABLED))
        out.append(("unconscious", R_SUMMARY if summary else R_DYING))
    if hp.status != "dying" and hp.counters.get("unconscious"):
        out.append(("unconscious", hp.counters["unconscious"]))
    if hp.counters.get("stable"):
        out.append(("stable", hp.counters["stable"]))
    return out


def _state_creature(ruleset, creature, hp, options):
    """The creature with its hit-point conditions, and the context they make."""
    ids = [cid for cid, _ in hp_conditions(hp, options) if cid in ruleset.conditions]
    who = with_conditions(creature, ids)
    ctx = build_context(ruleset, options, {"self": who})
    return who, ctx, active_modifiers(ruleset, who, ctx)


def _con_roll(ruleset, who, ctx, mods, rule):
    """d20 + Constitution modifier (the unconsciousness and death saves)."""
    extra = [m for m in select(mods, "save") if m.detail == ""]
    return number(ruleset, "save", ability_lines(who, "con", ctx, rule), extra, ctx)


def _death_save_modifiers(ruleset, who, ctx, mods, rule):
    if ctx.option("death_save_formula") == "flat-d20":
        return Breakdown.of([Line("death_save.flat", 0, R_DEATH_SAVES, reason="flat-d20")])
    return _con_roll(ruleset, who, ctx, mods, rule)


def _heal_dc(current) -> Breakdown:
    return dc_breakdown(HEAL_DC, R_HEAL_CHECK, [Line("hp.below_zero", -current, R_HEAL_CHECK)])


def _finish(ruleset, creature, hp, options, lines, events, prompts, checks, extra=None):
    who, ctx, _ = _state_creature(ruleset, creature, hp, options)
    details = {"status": hp.status,
               "conditions": [{"id": cid, "rule": rule} for cid, rule in hp_conditions(hp, options)],
               "checks": dict(checks)}
    if hp.current < 0 and hp.status != "dead" and not hp.counters.get("stable"):
        details["heal_check_dc"] = _heal_dc(hp.current)
    details.update(extra or {})
    return Result(value=hp, breakdown=Breakdown.of(lines), details=details,
                  prompts=tuple(prompts), events=tuple(dict.fromkeys(events)),
                  reminders=tuple(reminders(ruleset, (who,), None, ctx)))


def _dead(hp) -> Result:
    return Result(value=hp, breakdown=Breakdown.of([Line("hp.current", hp.current, R_SUMMARY)]),
                  details={"status": "dead", "conditions": [
                      {"id": "dead", "rule": hp.counters.get("dead", R_SUMMARY)}], "checks": {}})


def _set_status(hp, status, rule, events):
    counters = dict(hp.counters)
    if status == "dead":
        counters["dead"] = rule
    if status != hp.status:
        events.append(rule)
    return hp.with_(status=status, counters=counters)


# ----- damage -------------------------------------------------------------------

def damage(ruleset, q, rng) -> Result:
    creature = q.creature()
    ruleset.check_stats(creature)
    hp, options = q.hp(), q.options
    amount = q.int("amount", 0, 100000)
    q.flag("critical")                      # accepted; the seed's HP rules do not use it
    single = q.flag("single_attack", True)
    auto = q.flag("auto_roll")
    rolls = raw_rolls(q, ("will", "massive"))
    if hp.status == "dead":
        return _dead(hp)
    absorbed = min(hp.temp, amount)
    to_hp = amount - absorbed
    lines = [Line("hp.before", hp.current, R_FULL), Line("hp.damage", -to_hp, R_FULL)]
    extra = {}
    if absorbed:
        extra["temp"] = Breakdown.of([Line("hp.temp", hp.temp, R_TEMP),
                                      Line("hp.temp.absorbed", -absorbed, R_TEMP)])
    counters = dict(hp.counters)
    if to_hp > 0:
        counters.pop("stable", None)        # fresh damage: no longer stable
    new = HpState(hp.max, max(hp.current - to_hp, -10000), hp.temp - absorbed, hp.status, counters)
    events, prompts, checks = [], [], {}
    new = _set_status(new, *band(new.current, creature, options), events)
    if new.status == "dead":
        return _finish(ruleset, creature, new, options, lines, events, prompts, checks, extra)
    who, ctx, mods = _state_creature(ruleset, creature, new, options)

    basis = hp.max if options["massive_damage_basis"] == "max-hp" else max(hp.current, 0)
    awake = new.status != "dying" and not new.counters.get("unconscious")
    if single and awake and to_hp > 0 and to_hp >= basis * MASSIVE_FRACTION:
        extra["massive_threshold"] = Breakdown.of([
            Line("massive.basis", basis, R_MASSIVE, reason=options["massive_damage_basis"]),
            Line("massive.fraction", basis * MASSIVE_FRACTION - basis, R_MASSIVE, reason="25%")])
        checks["massive"] = attempt(
            R_MASSIVE, "Massive damage: Fortitude save DC 15, rolled by the GM; on a failure "
                       "the character falls unconscious",
            save_modifiers(ruleset, who, "fortitude", ctx, mods),
            MASSIVE_DC, rolls, "massive", rng, auto, params={"by": "gm"})

    trigger = options["will_save_trigger"] == "each-damage" or hp.current > 0
    if new.status in ("disabled", "mortal_danger") and awake and to_hp > 0 and trigger:
        below = [Line("hp.below_zero", -new.current, R_WILL)] if new.current < 0 else []
        checks["will"] = attempt(
            R_WILL, "At 0 hit points or below: Will save DC 20 + points below 0; on a failure "
                    "the character falls unconscious", save_modifiers(ruleset, who, "will", ctx, mods),
            dc_breakdown(WILL_DC, R_WILL, below), rolls, "will", rng, auto)

    for check in checks.values():
        if check.prompt is not None:
            prompts.append(check.prompt)
        elif check.success is False and not new.counters.get("unconscious"):
            new = new.with_(counters={**new.counters, "unconscious": check.rule})
            events.append(check.rule)
    if new.status == "ok" and not new.counters.get("unconscious"):
        events.append(R_FULL)
    return _finish(ruleset, creature, new, options, lines, events, prompts, checks, extra)


# ----- start of turn -------------------------------------------------------------

def turn(ruleset, q, rng) -> Result:
    creature = q.creature()
    ruleset.check_stats(creature)
    hp, options = q.hp(), q.options
    auto = q.flag("auto_roll")
    bonus = q.int("stabilise_bonus", 0, 90, 0)
    rolls = raw_rolls(q, ("unconsciousness", "death_save", "stabilise"))
    if hp.status == "dead":
        return _dead(hp)
    events, prompts, checks, extra = [], [], {}, {}
    lines = [Line("hp.current", hp.current, R_FULL)]
    hp = _set_status(hp, *band(hp.current, creature, options), events)
    if q.flag("regain_consciousness") and hp.status != "dying" and hp.counters.get("unconscious"):
        hp = hp.with_(counters={k: v for k, v in hp.counters.items() if k != "unconscious"})
        events.append(R_RECOVERY)
    if hp.current < 0 and hp.status != "dead" and not hp.counters.get("stable"):
        hp = _below_zero_saves(ruleset, creature, hp, options, rolls, rng, auto, events, checks)
        if hp.status != "dead":
            hp = _stabilise(hp, bonus, rolls, rng, auto, options, creature, events, checks, lines)
    for check in checks.values():
        if check.prompt is not None:
            prompts.append(check.prompt)
    if hp.current < 0 and hp.status != "dead" and not hp.counters.get("stable"):
        prompts.append(Prompt(R_HEAL_CHECK, "Another character may stabilise it with a Heal "
                                            "check (DC 15 + hit points below 0)",
                              "d20+heal", _heal_dc(hp.current).total, {"optional": True}))
    conds = dict(hp_conditions(hp, options))
    if "disabled" in conds and "unconscious" not in conds:
        extra["actions"] = {"allowed": "one move action or one standard action",
                            "rule": R_DISABLED_ACTIONS}
    return _finish(ruleset, creature, hp, options, lines, events, prompts, checks, extra)


def _below_zero_saves(ruleset, creature, hp, options, rolls, rng, auto, events, checks):
    """The per-turn unconsciousness save, or the epic death save (detailed model)."""
    if options["hp_model"] == "summary":
        return hp
    who, ctx, mods = _state_creature(ruleset, creature, hp, options)
    epic = creature.has("epic")
    conscious = not hp.counters.get("unconscious")
    if hp.status == "mortal_danger" and conscious:
        if epic:
            check = attempt(R_EPIC, "Epic hero below 0: death save d20 + Constitution modifier "
                                    "vs DC 10; a failure means unconsciousness",
                            _death_save_modifiers(ruleset, who, ctx, mods, R_EPIC), DEATH_DC,
                            rolls, "death_save", rng, auto)
        else:
            check = attempt(R_UNCONSCIOUS_SAVE, "Below 0 hit points: save against losing "
                                                "consciousness, d20 + Constitution modifier vs DC 10",
                            _con_roll(ruleset, who, ctx, mods, R_UNCONSCIOUS_SAVE), UNCONSCIOUS_DC,
                            rolls, "unconsciousness", rng, auto)
        checks["death_save" if epic else "unconsciousness"] = check
        if check.success is False:
            hp = hp.with_(counters={**hp.counters, "unconscious": check.rule})
            events.append(check.rule)
    elif hp.status == "dying" and epic:
        check = attempt(R_DEATH_SAVES, "Dying epic hero: death save, 10 or more succeeds; "
                                       "3 successes stabilise, 3 failures mean death",
                        _death_save_modifiers(ruleset, who, ctx, mods, R_DEATH_SAVES), DEATH_DC,
                        rolls, "death_save", rng, auto)
        checks["death_save"] = check
        if check.success is not None:
            key = "death_successes" if check.success else "death_failures"
            counters = {**hp.counters, key: hp.counters.get(key, 0) + 1}
            hp = hp.with_(counters=counters)
            if counters[key] >= DEATH_SAVES_NEEDED:
                events.append(R_DEATH_SAVES)
                if check.success:
                    hp = hp.with_(counters={**counters, "stable": R_DEATH_SAVES})
                else:
                    hp = hp.with_(status="dead", counters={**counters, "dead": R_DEATH_SAVES})
    return hp


def _stabilise(hp, bonus, rolls, rng, auto, options, creature, events, checks, lines):
    """d100 above 90 (the GM may improve the chance); else the ext HP loss."""
    if hp.counters.get("stable"):
        return hp
    mods = Breakdown.of([Line("stabilise.gm_bonus", bonus, R_STABILISE)] if bonus else [])
    check = attempt(R_STABILISE, "Below 0 hit points: the character may try to stabilise, "
                                 "d100 above 90", mods, STABILISE_ABOVE + 1, rolls, "stabilise",
                    rng, auto, sides=100)
    checks["stabilise"] = check
    if check.success:
        events.append(R_STABILISE)
        return hp.with_(counters={**hp.counters, "stable": R_STABILISE})
    if check.success is False and options["dying_hp_loss"] == "1-per-round":
        lines.append(Line("hp.dying_loss", -1, R_HP_LOSS))
        events.append(R_HP_LOSS)
        hp = hp.with_(current=hp.current - 1)
        hp = _set_status(hp, *band(hp.current, creature, options), events)
    return hp


# ----- healing -------------------------------------------------------------------

def heal(ruleset, q, rng) -> Result:
    method = q.choice("method", ("heal", "heal_check", "rest", "level_up"), "heal")
    if method == "rest":
        return rest(q)
    if method == "level_up":
        return level_up(q, rng)
    creature = q.creature()
    ruleset.check_stats(creature)
    hp, options = q.hp(), q.options
    if hp.status == "dead":
        return _dead(hp)
    if method == "heal_check":
        return _heal_check(ruleset, creature, hp, options, q, rng)
    amount = q.int("amount", 0, 100000)
    lines = cap_total([Line("hp.before", hp.current, R_CAP), Line("hp.healed", amount, R_CAP)],
                      hp.max, R_CAP, label="heal.cap")
    current = sum(l.value for l in lines if l.applied)
    events = []
    counters = dict(hp.counters)
    if current > 0 and hp.current <= 0:
        massive = counters.get("unconscious") == R_MASSIVE
        counters = {"unconscious": R_MASSIVE} if massive else {}
        events.append(R_ABOVE_ZERO)
    new = hp.with_(current=current, counters=counters)
    new = _set_status(new, *band(current, creature, options), events)
    if hp.status == "dying" and new.status in ("mortal_danger", "disabled") \
            and options["hp_model"] == "detailed":
        # no longer dying, but still unconscious until the GM says otherwise
        new = new.with_(counters={**new.counters, "unconscious": R_DYING})
    return _finish(ruleset, creature, new, options, lines, events, [], {})


def _heal_check(ruleset, creature, hp, options, q, rng):
    if hp.current >= 0:
        raise InputError("method", "a Heal check stabilises only a character below 0 hit points")
    bonus = q.int("heal_bonus", -10, 80, 0)
    rolls = raw_rolls(q, ("heal",))
    mods = Breakdown.of([Line("heal.skill", bonus, R_HEAL_CHECK)])
    check = attempt(R_HEAL_CHECK, "Heal check to stabilise: DC 15 + hit points below 0", mods,
                    _heal_dc(hp.current), rolls, "heal", rng, q.flag("auto_roll"))
    events, prompts = [], []
    if check.prompt is not None:
        prompts.append(check.prompt)
    elif check.success and not hp.counters.get("stable"):
        hp = hp.with_(counters={**hp.counters, "stable": R_HEAL_CHECK})
        events.append(R_HEAL_CHECK)
    return _finish(ruleset, creature, hp, options, [Line("hp.current", hp.current, R_HEAL_CHECK)],
                   events, prompts, {"heal": check})


def rest(q) -> Result:
    """Ability damage recovered by rest: 1 point per attribute per night (8 h), 2 per
    full day and night of bed rest (24 h), never more than was lost."""
    damage = q.payload.get("ability_damage", {})
    if not isinstance(damage, dict):
        raise InputError("ability_damage", "must map attributes to points lost", ABILITIES)
    nights = q.int("nights", 0, 3650, 0)
    days = q.int("full_days", 0, 3650, 0)
    details, left = {}, {}
    for ability, lost in sorted(damage.items()):
        if ability not in ABILITIES:
            raise InputError(f"ability_damage.{ability}", "unknown attribute", ABILITIES)
        if isinstance(lost, bool) or not isinstance(lost, int) or not 0 <= lost <= 60:
            raise InputError(f"ability_damage.{ability}", "must be a whole number from 0 to 60")
        lines = [Line("rest.nights", nights, R_ABILITY_REST),
                 Line("rest.full_days", 2 * days, R_ABILITY_REST)]
        bd = Breakdown.of(cap_total(lines, lost, R_ABILITY_REST, label="rest.cap"))
        details[f"recovered.{ability}"] = bd
        left[ability] = lost - bd.total
    value = q.hp() if "hp" in q.payload else None
    details["ability_damage"] = left
    return Result(value=value, details=details, events=(R_ABILITY_REST,) if any(
        d.total for k, d in details.items() if k.startswith("recovered.")) else ())



HIT_DICE = (4, 6, 8, 10, 12)


def level_up(q, rng) -> Result:
    """A new level's hit-point die (``hit_die`` sides, ``rolls.hit_die``): the
    maximum and current hit points rise by the roll; a minimum roll may be
    "trained" up to the maximum under Los's eye (the GM decides)."""
    hp = q.hp()
    sides = q.int("hit_die", 4, 12, 8)
    if sides not in HIT_DICE:
        raise InputError("hit_die", f"d{sides} is not a hit die", tuple(f"d{d}" for d in HIT_DICE))
    rolls = raw_rolls(q, ("hit_die",))
    check = attempt(R_LEVEL, f"New level: roll the d{sides} hit die", Breakdown.of([]), 0, rolls,
                    "hit_die", rng, q.flag("auto_roll"), sides=sides)
    if check.prompt is not None:
        return Result(value=hp, prompts=(check.prompt,))
    prompts = ()
    if check.die == 1:
        prompts = (Prompt(R_LEVEL, "An unlucky minimum: Los may let the character train it up to "
                                   "the maximum", f"d{sides}", sides, {"optional": True}),)
    bd = Breakdown.of([Line("hp.max", hp.max, R_LEVEL), Line("hp.level_roll", check.die, R_LEVEL)])
    new = hp.with_(max=hp.max + check.die, current=hp.current + check.die)
    return Result(value=new, breakdown=bd, prompts=prompts, events=(R_LEVEL,))
