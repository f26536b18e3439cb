"""classic close combat (*combattimento ravvicinato*): the procedures.

Answers the ``actions`` query for ``grapple`` (entering close combat by an
opposed Dexterity check), ``outside_attack`` (an outsider's Reflex save
before attacking one of the two, and the redirect), ``split_effect`` (an
effect aimed at one of the two is split, half rounded up) and ``break_free``
(end-of-round Robustness saves compared by margin, helpers +5% each).

The modifiers in close combat (weapon size, blunt, shield, two-handed, no
somatic/material spells) are data on the ``grappling`` condition; those of
the outsider's save are data on the ``outside_attack_on_grapple`` situation.

Checks and saves: an ability check succeeds on a d20 at or under the score
(the opposed check is won by the only success, or by the higher successful
roll; a tie is not a win). A percentile save succeeds on a d100 at or under
its chance; its margin is chance − roll.
"""

from __future__ import annotations

import math

from ...breakdown import Breakdown, Line
from ...creature import AttackSpec, Situation
from ...engine import build_context, situation_modifiers
from ...result import Prompt, Result
from .proc_common import (action_ids, creature, dex_for_checks, forbidden, int_in, mods_of,
                          percent_save, self_context, sub, typed)
from .proc_tables import ACTIONS, SIZE_ORDER, classic_size, weapon_size

ENTER = "classic.grapple.enter"


def grapple(ruleset, q, rng) -> Result:
    a = creature(ruleset, q, "attacker")
    v = creature(ruleset, q, "victim")
    a_size, v_size = classic_size(a, "attacker"), classic_size(v, "victim")
    a_ctx, v_ctx = self_context(ruleset, q, a), self_context(ruleset, q, v)
    a_mods, v_mods = mods_of(ruleset, a, a_ctx), mods_of(ruleset, v, v_ctx)
    if any(c.id == "grappling" for c in v.conditions):
        return _refused("classic.grapple.limit.one")
    if abs(SIZE_ORDER.index(a_size) - SIZE_ORDER.index(v_size)) > 1:
        return _refused("classic.grapple.limit.size")
    blocked = forbidden(a_mods, "actions", "attack")
    if blocked:
        return _refused(blocked[0].rule)
    rolls = q.raw_rolls()
    a_dex = dex_for_checks(ruleset, a, a_mods, "attacker", a_ctx)
    v_dex = dex_for_checks(ruleset, v, v_mods, "victim", v_ctx)
    a_roll = typed(rolls, "attacker", 20, rng, "rolls.attacker")
    v_roll = typed(rolls, "victim", 20, rng, "rolls.victim")
    a_ok, v_ok = a_roll <= a_dex.total, v_roll <= v_dex.total
    won = a_ok and (not v_ok or a_roll > v_roll)
    details = {"attacker": a_dex, "victim": v_dex,
               "checks": {"rule": ENTER,
                          "attacker": {"roll": a_roll, "score": a_dex.total, "success": a_ok},
                          "victim": {"roll": v_roll, "score": v_dex.total, "success": v_ok}}}
    value = {"allowed": True, "won": won}
    if not won:
        value.update(rule="classic.grapple.enter.fail", other_actions=False)
        return Result(value=value, breakdown=a_dex, details=details,
                      events=("classic.grapple.enter.fail",))
    value.update(rule=ENTER, condition="grappling", start="classic.grapple.enter.start",
                 initiative_malus="classic.grapple.enter.initiative",
                 victim_attack=_victim_attack(q, v_mods))
    factor = q.payload.get("factor")
    if factor is not None:
        value["start_factor"] = q.int("factor", -50, 100)
    reminders = ruleset.condition("grappling").reminders
    return Result(value=value, breakdown=a_dex, details=details, reminders=reminders,
                  events=("classic.grapple.enter.start",))


def _refused(rule) -> Result:
    return Result(value={"allowed": False, "won": False, "rule": rule})


def _victim_attack(q, v_mods) -> dict:
    """The victim's one attack before being embraced: only with a size M or L
    weapon, and only if it has not used its action nor attacked another."""
    weapon = q.list("victim_weapon")
    size = weapon_size(weapon, "victim_weapon")
    used = action_ids(q, "victim_used")
    if used:
        return {"allowed": False, "rule": "classic.grapple.enter.victim-attack.exclusion"}
    blocked = forbidden(v_mods, "actions", "attack")
    if blocked:
        return {"allowed": False, "rule": blocked[0].rule}
    if size not in ("M", "L"):
        return {"allowed": False, "rule": "classic.grapple.enter.victim-attack"}
    return {"allowed": True, "rule": "classic.grapple.enter.victim-attack",
            "wins_initiative_against": "attacker"}


def outside_attack(ruleset, q, rng) -> Result:
    """An outsider's Reflex save before each attack at one of two grapplers."""
    a = creature(ruleset, q, "attacker")
    spec = AttackSpec.from_dict(q.payload.get("attack", {}), "attack")
    name = "outside_attack_on_grapple"
    choice = "aimed-precision" if q.flag("aimed_precision") else "standard"
    situation = Situation(choices={name: choice})
    ctx = build_context(ruleset, q.options, {"attacker": a}, spec, situation)
    mods = [m for m in situation_modifiers(ruleset, situation, ctx)
            if m.target == "save" and m.detail == "reflexes"]
    mod_lines = [Line(m.label or m.rule, m.value, m.rule, unit="percent", source=m.source)
                 for m in mods]
    target, other = q.payload.get("target", "target"), q.payload.get("other", "other")
    rule = "classic.grapple.outside-attack.save"
    save = sub(q, "save")
    if "chance" not in save:
        bd = Breakdown.of(mod_lines, "percent")
        prompt = Prompt(rule, "Reflex save before attacking into close combat",
                        roll="d100", params={"modifier": bd.total})
        return Result(value={"modifier": bd.total}, breakdown=bd, prompts=(prompt,),
                      reminders=ruleset.situations[name].reminders)
    chance = int_in(save, "chance", 0, 100, None, "save.chance")
    roll = typed(q.raw_rolls(), "save", 100, rng, "rolls.save")
    res = percent_save([Line("save.reflexes", chance, rule, unit="percent")] + mod_lines, roll)
    aimed_at = target if res["success"] else other
    value = {"success": res["success"], "roll": roll, "chance": res["chance"],
             "aimed_at": aimed_at, "rule": "classic.grapple.outside-attack.redirect"}
    events = () if res["success"] else ("classic.grapple.outside-attack.redirect",)
    return Result(value=value, breakdown=res["breakdown"], events=events)


def split_effect(ruleset, q, rng) -> Result:
    """Half the damage (rounded up) to the target, the other half to the other."""
    amount = q.int("amount", 0, 10000)
    rule = "classic.grapple.outside-attack.split-effects"
    to_target = math.ceil(amount / 2)
    target, other = q.payload.get("target", "target"), q.payload.get("other", "other")
    details = {
        "target": Breakdown.of([Line("split.target", to_target, rule, reason="half-rounded-up")]),
        "other": Breakdown.of([Line("split.other", amount - to_target, rule, reason="other-half")]),
    }
    prompts = tuple(Prompt(rule, "Each victim may make its own saving throw", roll="save",
                           params={"id": who}) for who in (target, other))
    return Result(value={target: to_target, other: amount - to_target}, details=details,
                  prompts=prompts)


def break_free(ruleset, q, rng) -> Result:
    """End of the round: Robustness saves (Strength instead of Constitution);
    the one breaking free must beat the other's margin."""
    rule = "classic.grapple.break-free"
    if q.flag("both_want"):
        return Result(value={"separated": True, "rule": rule, "saves": False},
                      prompts=(Prompt(rule, "Both want to separate: they separate at the end "
                                            "of the round without saves (GM's call)."),))
    helpers = q.int("helpers", 0, 10, 0)
    saves = sub(q, "saves")
    rolls = q.raw_rolls()
    b_chance = int_in(saves, "breaker", 0, 100, None, "saves.breaker")
    h_chance = int_in(saves, "holder", 0, 100, None, "saves.holder")
    b_lines = [Line("save.robustness", b_chance, rule, unit="percent")]
    if helpers:
        b_lines.append(Line("break_free.helpers", 5 * helpers, "classic.grapple.break-free.helpers",
                            unit="percent", reason=f"{helpers} helper(s)"))
    breaker = percent_save(b_lines, typed(rolls, "breaker", 100, rng, "rolls.breaker"))
    holder = percent_save([Line("save.robustness", h_chance, rule, unit="percent")],
                          typed(rolls, "holder", 100, rng, "rolls.holder"))
    beats = breaker["margin"] > holder["margin"]
    if q.options.get("grapple_break_free") == "compare-margins":
        separated = beats
    else:
        separated = breaker["success"] and beats
    value = {"separated": separated, "rule": rule, "saves": True,
             "breaker": {k: breaker[k] for k in ("chance", "roll", "success", "margin")},
             "holder": {k: holder[k] for k in ("chance", "roll", "success", "margin")}}
    return Result(value=value, breakdown=breaker["breakdown"],
                  details={"breaker": breaker["breakdown"], "holder": holder["breakdown"]},
                  events=(rule,) if separated else ())


def separate(ruleset, q, rng) -> Result:
    """A helper pulling the two apart: a complex physical action, +5% to the
    save of the one who wants to break free."""
    rule = "classic.grapple.break-free.helpers"
    bd = Breakdown.of([Line("break_free.helpers", 5, rule, unit="percent")], "percent")
    return Result(value=ACTIONS["separate"].to_dict(), breakdown=bd)
