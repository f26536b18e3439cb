"""classic attacks of opportunity: does a movement provoke one, and when.

``aoo(ruleset, q, rng)`` answers the ``actions`` query with
``action: "aoo"``. Payload: ``threatener`` (the creature that may attack:
size, conditions), ``weapon`` (its weapon tags, ``polearm`` for reach 2),
``movement`` (``leave`` the melee, ``pass`` close by, ``approach`` directly),
``distance`` (hexes between the threatener and the hex the mover leaves),
``used`` (action ids the threatener already used this round),
``casting`` (``none``/``in-progress``/``completed`` spell of the threatener),
``evasive_fighting`` (``none``/``attempt``/``success``/``failure`` of the
mover), ``mover_factor`` (the initiative factor at which the mover arrives).

The attack itself is an ``attack`` query with the situation toggle
``attack_of_opportunity`` (the back-attack bonuses, ``classic.aoo.back-attack``).
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...errors import InputError
from ...result import Prompt, Result
from .proc_common import action_ids, creature, forbidden, mods_of, self_context
from .proc_tables import classic_size, size_reach

MOVEMENTS = ("leave", "pass", "approach")
CASTING = ("none", "in-progress", "completed")
EVASIVE = ("none", "attempt", "success", "failure")


def aoo(ruleset, q, rng) -> Result:
    t = creature(ruleset, q, "threatener")
    size = classic_size(t, "threatener")
    weapon = q.list("weapon")
    if not all(isinstance(w, str) for w in weapon):
        raise InputError("weapon", "must be a list of weapon tags")
    movement = q.choice("movement", MOVEMENTS)
    distance = q.int("distance", 1, 20, 1)
    used = action_ids(q, "used")
    casting = q.choice("casting", CASTING, "none")
    evasive = q.choice("evasive_fighting", EVASIVE, "none")
    reach, reach_rule = size_reach(size, weapon)
    reach_bd = Breakdown.of([Line("aoo.reach", reach, reach_rule, unit="hexes")], "hexes")
    details = {"reach": reach_bd, "declared": False,
               "declaration_rule": "classic.aoo.no-declaration"}
    ctx = self_context(ruleset, q, t)
    blocked = forbidden(mods_of(ruleset, t, ctx), "aoo", "attack", "actions")
    provokes, rule = _provokes(movement, distance, reach, reach_rule)
    prompts = []
    if provokes and evasive == "success":
        provokes, rule = False, "classic.aoo.evasive-fighting"
    elif provokes and evasive == "attempt":
        prompts.append(Prompt("classic.aoo.evasive-fighting",
                              "The mover may use Evasive Fighting to prevent the attack of "
                              "opportunity: roll its proficiency check.", roll="proficiency"))
    allowed, why = provokes, rule
    if provokes and blocked:
        allowed, why = False, blocked[0].rule
    elif provokes and "aoo" in used:
        allowed, why = False, "classic.aoo.one-per-round"
    value = {"provokes": provokes, "allowed": allowed, "rule": why,
             "situation": "attack_of_opportunity" if allowed else None}
    events = ()
    if allowed:
        details["timing"] = _timing(q)
        details["fatigue_points"] = {"value": 1, "rule": "classic.aoo.fatigue"}
        details["spell_aborted"] = casting == "in-progress"
        events = ("classic.aoo.fatigue",)
        if casting == "in-progress":
            events += ("classic.aoo.casting-conflict",)
        value["back_attack"] = "classic.aoo.back-attack"
    return Result(value=value, breakdown=reach_bd, details=details, prompts=tuple(prompts),
                  events=events)


def _provokes(movement, distance, reach, reach_rule) -> tuple:
    if movement == "leave":
        return True, "classic.aoo.leave-melee"
    if movement == "approach":
        if reach > 1:
            return False, "classic.aoo.reach.direct-approach"
        return False, reach_rule
    if distance <= reach:
        return True, "classic.aoo.passing"
    return False, reach_rule


def _timing(q) -> dict:
    """The initiative factor just before the mover's arrival, after the
    other regular actions of that factor (``classic.aoo.timing``)."""
    out = {"rule": "classic.aoo.timing", "after_regular_actions": True}
    if q.payload.get("mover_factor") is None:
        return out
    factor = q.int("mover_factor", -50, 100)
    if q.options.get("aoo_timing") == "previous-round":
        out.update(factor=factor, round_offset=-1)
        return out
    step = 1 if q.options.get("initiative_direction") == "higher-first" else -1
    out.update(factor=factor + step, round_offset=0)
    return out
