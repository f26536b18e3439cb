"""Form values → payloads for the rest of the resolve screen: casting and
concentration, movement, the action economy of a turn and attacks of
opportunity — per ruleset, since each ruleset's query reads its own fields.

The screens render ``CONCENTRATION``/``MOVEMENT``/``ACTION_INPUTS`` (lists
of ``forms.Field``) generically and send what ``read`` gives. The answers
are interpreted here too (``provokes``, ``aoo_check``), so the screen only
shows words and breakdowns. What a combatant spent this turn lives in its
``used`` set (the tracker empties it at the start of its turn): ``act:N:ID``
for the N-th action taken, ``aoo:N`` for attacks of opportunity that are not
an action of the ruleset's table.

This module knows each ruleset's payload (it is the forms' adapter, not the
engine): the action tables are read from the ruleset packages by id.
"""

from __future__ import annotations

import importlib
from dataclasses import replace

from .errors import InputError
from .forms import Field, die, read
from .queries import run
from .ruleset import get_ruleset

# ----- casting and concentration ----------------------------------------------------------

CONCENTRATION = {
    "classic": (
        Field("check", "choice", "Concentration proficiency check",
              (("critical_success", "Critical success"), ("success", "Success"),
               ("failure", "Failure"), ("critical_failure", "Critical failure"))),
        Field("maintain", "flag", "Keeping up concentration (exhausted: a save first)"),
        Field("verbal", "flag", "Spell with a verbal component"),
        Field("vocal_item", "flag", "Item activated by voice"),
        die("rolls.d100", "Percentile roll (d100)", 100),
    ),
    "d20pl": (
        Field("trigger", "choice", "What calls for the check",
              (("damage", "Damaged while casting (DC 10 + damage + spell level)"),
               ("defensive", "Casting defensively (DC 15 + spell level)"),
               ("continuous", "Continuous damage (DC 10 + half the damage + spell level)"),
               ("grappled", "Grappled or pinned (DC 20 + spell level)"),
               ("entangled", "Entangled (DC 15 + spell level)"),
               ("vigorous", "Vigorous motion (DC 10 + spell level)"),
               ("violent", "Violent motion (DC 15 + spell level)"),
               ("other", "Another DC the GM sets"),
               ("none", "No check: components only")), default="damage"),
        Field("damage", "int", "Damage taken", high=10000),
        Field("spell_level", "int", "Spell level", high=9),
        Field("dc", "int", "DC set by the GM", high=100),
        Field("purpose", "choice", "Purpose",
              (("cast", "Casting a spell"), ("maintain", "Maintaining a spell"),
               ("spell_like", "Spell-like ability")), default="cast"),
        Field("components", "multi", "Components",
              (("V", "Verbal"), ("S", "Somatic"), ("M", "Material"), ("F", "Focus"))),
        die("rolls.d20", "Concentration d20", 20),
        die("rolls.failure", "Spell failure d100", 100),
    ),
    "pf1": (
        Field("reason", "choice", "What calls for the check",
              (("injured", "Injured while casting (DC 10 + damage + spell level)"),
               ("defensive", "Casting defensively (DC 15 + 2 × spell level)"),
               ("continuous", "Continuous damage (DC 10 + half the damage + spell level)"),
               ("entangled", "Entangled (DC 15 + spell level)"),
               ("grappled", "Grappled or pinned (DC 10 + grappler's CMB + spell level)"),
               ("vigorous_motion", "Vigorous motion (DC 10 + spell level)"),
               ("violent_motion", "Violent motion (DC 15 + spell level)"),
               ("extremely_violent_motion", "Extremely violent motion (DC 20 + spell level)"),
               ("violent_weather", "Violent weather (DC 5 + spell level)"),
               ("weather_debris", "Wind-blown debris (DC 10 + spell level)"),
               ("spell", "Another spell (its DC)")), default="injured"),
        Field("damage", "int", "Damage taken", high=10000),
        Field("spell_level", "int", "Spell level", high=9),
        Field("grappler_cmb", "int", "Grappler's CMB", low=-20, high=100),
        Field("spell_dc", "int", "The other spell's DC", low=1, high=100),
        die("rolls.d20", "Concentration d20", 20),
    ),
    "dnd5e": (
        Field("damage", "int", "Damage taken", high=100000, required=True),
        Field("bonus", "int", "Constitution save bonus (if not from the sheet)", low=-20, high=40),
        die("rolls.d20", "Constitution save d20", 20),
        die("rolls.d20_second", "Second d20 (advantage or disadvantage)", 20),
    ),
}


def concentration_payload(ruleset_id: str, creature: dict, values: dict, options=None) -> dict:
    """The ``concentration`` query payload for one caster."""
    ruleset = get_ruleset(ruleset_id)
    payload = {"ruleset": ruleset.id, "creature": creature,
               **read(CONCENTRATION.get(ruleset.id, ()), values)}
    if ruleset.id == "dnd5e" and "damage" not in payload:
        payload["damage"] = 0
    if options:
        payload["options"] = dict(options)
    return payload


# ----- movement -------------------------------------------------------------------------

LOADS = (("none", "None"), ("light", "Light"), ("medium", "Medium"), ("heavy", "Heavy"))

MOVEMENT = {
    "classic": (
        Field("action", "choice", "This round",
              (("move", "Move"), ("stand_up", "Stand up, then half a move"),
               ("pickup", "Pick up an object, and half a move"),
               ("complex", "Another complex action, and half a move")), default="move"),
        Field("careful", "flag", "Moving carefully (one extra point per hex)"),
        Field("hexes", "int", "Hexes planned", high=60),
        Field("leaves_melee", "flag", "Leaves a melee"),
    ),
    "d20pl": (
        Field("mode", "choice", "Movement",
              (("move", "Move action"), ("double", "Double move"), ("run", "Run (×4, ×3 in heavy armour)"),
               ("withdraw", "Withdraw"), ("short_step", "Short step"), ("climb", "Climb"),
               ("swim", "Swim"), ("crawl", "Crawl"), ("no_distance_step", "Step without moving")),
              default="move"),
        Field("load", "choice", "Load", LOADS, default="none"),
        Field("armour", "choice", "Armour worn", LOADS, default="none"),
        Field("distance", "number", "Distance wanted (m)", high=10000),
    ),
    "pf1": (
        Field("mode", "choice", "Movement",
              (("move", "Move action"), ("double", "Double move"), ("run", "Run"),
               ("charge", "Charge"), ("withdraw", "Withdraw"), ("step", "5-foot step"),
               ("crawl", "Crawl")), default="move"),
        Field("speed", "number", "Speed (m)", high=120),
        Field("armour", "choice", "Armour worn", LOADS),
        Field("moved", "flag", "Already moved this turn"),
        Field("stand_up", "flag", "Stand up first"),
    ),
    "dnd5e": (
        Field("speed", "number", "Speed (m)", high=120),
        Field("mode", "choice", "Speed used",
              (("walk", "Walking"), ("fly", "Flying"), ("climb", "Climbing"), ("swim", "Swimming"),
               ("burrow", "Burrowing")), default="walk"),
        Field("used", "number", "Already moved this turn (m)", high=1000),
        Field("dash", "int", "Dash actions taken", high=3),
        Field("stand_up", "flag", "Stand up first (half the speed)"),
    ),
}

# The flags one stretch of a move can carry (rulesets that price segments).
SEGMENT_FLAGS = {
    "dnd5e": (("difficult", "Difficult terrain"), ("crawl", "Crawling"), ("squeeze", "Squeezing")),
    "pf1": (("difficult", "Difficult terrain"),),
}


def movement_payload(ruleset_id: str, creature: dict, values: dict, segments=(), options=None) -> dict:
    """The ``movement`` query payload; ``segments`` are (metres text, flags)."""
    ruleset = get_ruleset(ruleset_id)
    payload = {"ruleset": ruleset.id, "creature": creature,
               **read(MOVEMENT.get(ruleset.id, ()), values)}
    allowed = {k for k, _ in SEGMENT_FLAGS.get(ruleset.id, ())}
    steps = []
    for i, (metres, flags) in enumerate(segments):
        item = read((Field("distance", "number", "Distance (m)", high=1000, required=True),),
                    {"distance": metres})
        for flag in flags:
            if flag not in allowed:
                raise InputError(f"segments[{i}]", f"unknown terrain {flag!r}", tuple(sorted(allowed)))
            item[flag] = True
        steps.append(item)
    if steps:
        if not allowed:
            raise InputError("segments", f"{ruleset.id} does not price stretches of a move")
        payload["segments"] = steps
    if options:
        payload["options"] = dict(options)
    return payload


# ----- the actions of a turn ---------------------------------------------------------------

# Inputs that change what one action is (whether it provokes …), by ruleset and action.
ACTION_INPUTS = {
    "classic": {
        "move": (Field("leaves_melee", "flag", "Leaves a melee"),
                 Field("passes_enemies", "flag", "Passes close to enemies"),
                 Field("distance", "int", "Hexes from the enemies it passes", low=1, high=20)),
        "cast": (Field("components", "multi", "Components",
                       (("verbal", "Verbal"), ("somatic", "Somatic"), ("material", "Material"))),),
    },
    "d20pl": {
        "*": (Field("leaving_threatened", "flag", "Leaves a threatened area"),),
        "std.cast-spell": (Field("defensive", "flag", "Casting defensively"),),
        "full.cast-spell": (Field("defensive", "flag", "Casting defensively"),),
        "std.spell-like": (Field("defensive", "flag", "Using it defensively"),),
        "std.attack-unarmed": (Field("target_armed", "flag", "The target is armed"),),
        "move.draw-weapon": (Field("stored", "flag", "Stored in a backpack"),),
    },
    "pf1": {
        "cast_spell": (Field("defensive", "flag", "Casting defensively"),
                       Field("spell_level", "int", "Spell level", high=9)),
    },
    "dnd5e": {
        "move": (Field("leaves_reach", "flag", "Leaves a hostile creature's reach"),),
    },
}

_TABLES = {  # ruleset id → (module of its package, table name)
    "classic": ("proc_tables", "ACTIONS"),
    "d20pl": ("proc_actions_table", "ACTIONS"),
    "dnd5e": ("tables", "ACTIONS"),
    "pf1": ("action_table", "ACTION_TABLE"),
}
# Actions whose answer is a procedure of its own screen (classic close combat).
CLASSIC_PROCEDURES = ("aoo", "grapple", "outside_attack", "split_effect", "break_free", "separate")
# The id of the table's action that *is* the attack of opportunity, where there is one.
AOO_ACTION = {"classic": "aoo", "dnd5e": "opportunity_attack"}


def _table(ruleset_id: str) -> dict:
    module, name = _TABLES[ruleset_id]
    return getattr(importlib.import_module(f"mischia.rulesets.{ruleset_id}.{module}"), name)


def action_table(ruleset_id: str) -> list:
    """[(id, English name, type)] of the ruleset's actions, in table order."""
    table = _table(ruleset_id)
    out = []
    for a in table.values():
        if ruleset_id == "classic" and a.id in CLASSIC_PROCEDURES:
            continue
        kind = getattr(a, "type", None) or getattr(a, "cost", "")
        label = a.name or a.id.replace("_", " ")
        out.append((a.id, label[:1].upper() + label[1:], kind))
    return out


def action_inputs(ruleset_id: str, action: str) -> tuple:
    table = ACTION_INPUTS.get(ruleset_id, {})
    return tuple(table.get("*", ())) + tuple(table.get(action, ()))


def used_actions(used) -> list:
    """The action ids taken this turn, in order, from a combatant's ``used``."""
    taken = []
    for entry in used or ():
        parts = entry.split(":", 2)
        if len(parts) == 3 and parts[0] == "act" and parts[1].isdigit():
            taken.append((int(parts[1]), parts[2]))
    return [aid for _n, aid in sorted(taken)]


def _numbered(used, prefix: str) -> list:
    return sorted(int(e[len(prefix):]) for e in used or () if e.startswith(prefix)
                  and e[len(prefix):].isdigit())


def aoo_count(used) -> int:
    """Attacks of opportunity made this round (``aoo:N``, the tracker's tag too)."""
    return len(_numbered(used, "aoo:"))


def resource_count(used, resource: str) -> int:
    """Uses of a tracker resource (``res:NAME:N``) this round."""
    return len(_numbered(used, f"res:{resource}:"))


def engine_used(ruleset_id: str, used) -> list:
    """The ``used`` list the ruleset's actions query reads: the actions
    taken, plus what was spent elsewhere (an attack of opportunity in
    classic; a reaction or bonus action spent from the tracker in dnd5e)."""
    taken = used_actions(used)
    if ruleset_id == "classic" and aoo_count(used) and "aoo" not in taken:
        taken.append("aoo")
    if ruleset_id == "dnd5e":
        table = _table("dnd5e")
        for resource, generic in (("reaction", "reaction"), ("bonus_action", "bonus_action")):
            have = sum(1 for a in taken if table[a].cost == resource)
            taken += [generic] * max(0, resource_count(used, resource) - have)
    return taken


def _add(used, prefix: str) -> frozenset:
    numbers = _numbered(used, prefix)
    return frozenset(used) | {f"{prefix}{(numbers[-1] if numbers else 0) + 1}"}


def _drop(used, prefix: str) -> frozenset:
    numbers = _numbered(used, prefix)
    return frozenset(used) - {f"{prefix}{numbers[-1]}"} if numbers else frozenset(used)


def with_aoo(ruleset_id: str, used) -> frozenset:
    """``used`` after one attack of opportunity: ``aoo:N`` (dnd5e: the
    reaction, ``res:reaction:N``)."""
    used = frozenset(used or ())
    return _add(used, "res:reaction:" if ruleset_id == "dnd5e" else "aoo:")


def aoos_made(ruleset_id: str, used) -> int:
    if ruleset_id == "dnd5e":
        return resource_count(used, "reaction")
    return aoo_count(used)


# tracker resources (``tracker.TURN_RESOURCES``) an action of each type spends
_TYPE_RESOURCES = {"d20pl": {"standard": ("standard",), "move": ("move",),
                             "full-round": ("standard", "move")}}
_COUNTED = {"pf1": ("standard", "move", "swift"), "dnd5e": ("action", "bonus_action", "reaction")}


def _resources_spent(ruleset_id, creature, used, action, options) -> tuple:
    """The tracker resources that taking ``action`` after ``used`` spends."""
    if ruleset_id in _COUNTED:
        before = {k: n for k, _l, n in economy(ruleset_id, creature, used, options)["items"]}
        after = {k: n for k, _l, n in economy(ruleset_id, creature, with_action(used, action),
                                               options)["items"]}
        return tuple(k for k in _COUNTED[ruleset_id] if after.get(k, 0) < before.get(k, 0))
    if ruleset_id in _TYPE_RESOURCES:
        kinds = {a: t for a, _n, t in action_table(ruleset_id)}
        spent = list(_TYPE_RESOURCES[ruleset_id].get(kinds.get(action, ""), ()))
        if spent == ["move"] and any(kinds.get(a) == "move" for a in used_actions(used)):
            spent = ["standard"]          # a move action in place of the standard one
        return tuple(spent)
    return ()


def with_action(used, action: str) -> frozenset:
    """``used`` with one more action taken (``act:N:ID``)."""
    used = frozenset(used or ())
    acts = [int(e.split(":")[1]) for e in used if e.startswith("act:") and e.split(":")[1].isdigit()]
    return used | {f"act:{1 + max(acts or [0])}:{action}"}


def record_action(ruleset_id: str, creature: dict, used, action: str, options=None) -> frozenset:
    """``used`` after taking ``action``: the action and the tracker
    resources it spends (so the tracker's turn view agrees)."""
    spent = _resources_spent(ruleset_id, creature, used, action, options)
    out = with_action(used, action)
    for resource in spent:
        out = _add(out, f"res:{resource}:")
    return out


def undo_action(ruleset_id: str, creature: dict, used, options=None) -> frozenset:
    """``used`` without the last action taken (and the resources it spent)."""
    used = frozenset(used or ())
    acts = sorted((int(e.split(":")[1]), e) for e in used if e.startswith("act:")
                  and e.split(":")[1].isdigit())
    if not acts:
        return used
    before = used - {acts[-1][1]}
    action = acts[-1][1].split(":", 2)[2]
    out = before
    for resource in _resources_spent(ruleset_id, creature, _minus_res(before, action), action, options):
        out = _drop(out, f"res:{resource}:")
    return out


def _minus_res(used, _action):
    """The actions taken before, without the resources they spent: what
    ``record_action`` saw when it priced the action being undone."""
    return frozenset(e for e in used if not e.startswith("res:"))


def actions_payload(ruleset_id: str, creature: dict, used=(), action=None, values=None,
                    options=None) -> dict:
    """The ``actions`` query: the turn's economy after ``used`` (a
    combatant's ``used`` set, see ``engine_used``) and, with ``action``, that action under the inputs it reads."""
    ruleset = get_ruleset(ruleset_id)
    payload = {"ruleset": ruleset.id, "creature": _with_speed(ruleset.id, creature),
               "used": engine_used(ruleset.id, used)}
    if action is not None:
        payload["action"] = action
        payload.update(read(action_inputs(ruleset.id, action), values or {}))
    if options:
        payload["options"] = dict(options)
    return payload


def _with_speed(ruleset_id: str, creature: dict) -> dict:
    """dnd5e's actions query also prices movement; without a typed speed
    the economy is still answered (movement 0 m, shown as unknown)."""
    if ruleset_id != "dnd5e" or "speed" in (creature.get("stats") or {}):
        return creature
    return {**creature, "stats": {**(creature.get("stats") or {}), "speed": 0}}


def provokes(ruleset_id: str, result: dict, payload: dict) -> dict:
    """Does the action in this ``actions`` answer provoke? {value: True /
    False / None (the GM decides), rule}."""
    value = result.get("value") or {}
    details = result.get("details") or {}
    if ruleset_id == "dnd5e":
        lines = ((details.get("check") or {}).get("provokes") or {}).get("lines", [])
        hit = [l for l in lines if l["value"] == 1 and l.get("applied", True)]
        off = [l for l in lines if not l.get("applied", True)]
        if hit:
            return {"value": True, "rule": hit[0]["rule"]}
        return {"value": False, "rule": off[0]["rule"] if off else "ext.dnd5e.reactions-oa"}
    if ruleset_id == "pf1":
        lines = (details.get("provokes") or {}).get("lines", [])
        rule = lines[0]["rule"] if lines else "ext.pf1.aoo"
        v = value.get("provokes")
        return {"value": None if v == "maybe" else bool(v), "rule": rule}
    if ruleset_id == "d20pl":
        moving = value.get("movement_provokes")
        if moving and moving.get("provokes") == "yes":
            return {"value": True, "rule": moving["rule"]}
        v = value.get("provokes")
        return {"value": {"yes": True, "no": False}.get(v), "rule": value.get("provokes_rule", "")}
    # classic: only leaving a melee or passing close to enemies provokes
    rules = value.get("provokes_rules") or []
    return {"value": bool(value.get("provokes")), "rule": rules[0] if rules else "classic.aoo.leave-melee"}


def aoo_check(ruleset_id: str, threatener: dict, threatener_used=(), actor=None, action=None,
              values=None, options=None, rng=None) -> dict:
    """May ``threatener`` make an attack of opportunity now? {can, rule,
    left (attacks of opportunity it has left this round, when counted)}."""
    values = values or {}
    base = {"ruleset": ruleset_id}
    if options:
        base["options"] = dict(options)
    used = frozenset(threatener_used or ())
    taken = engine_used(ruleset_id, used)
    if ruleset_id == "classic":
        movement = "leave" if values.get("leaves_melee") or not values.get("passes_enemies") else "pass"
        # a polearm gives reach 2 (classic.aoo.reach.huge-gargantuan-polearm)
        weapon = ["polearm"] if "polearm" in (threatener.get("traits") or []) else []
        payload = {**base, "action": "aoo", "threatener": threatener, "movement": movement,
                   "weapon": weapon, "used": [u for u in taken if u == "aoo"]}
        distance = read((Field("distance", "int", "", low=1, high=20),), values)
        payload.update(distance)
        res = run("actions", payload, rng)
        v = res["value"]
        return {"can": bool(v["allowed"]), "rule": v["rule"], "left": 0 if "aoo" in taken else 1}
    if ruleset_id == "d20pl":
        n = aoo_count(used)
        payload = {**base, "creature": actor or {"name": ""},
                   "aoo": {"threatener": threatener, "used_this_round": min(n, 10)}}
        if action is not None:
            payload["action"] = action
            payload.update(read(action_inputs(ruleset_id, action), values))
        res = run("actions", payload, rng)
        aoo = res["details"]["aoo"]
        blocked = aoo.get("blocked_by") or []
        rule = blocked[0]["rule"] if blocked else (aoo.get("provoked_rule") if aoo.get("can_attack")
                                                   else aoo.get("threatened_rule"))
        return {"can": bool(aoo["can_attack"]), "rule": rule, "left": 0 if n else 1}
    if ruleset_id == "pf1":
        res = run("actions", {**base, "creature": threatener, "aoo_used": min(aoo_count(used), 50)}, rng)
        left = res["details"]["aoo_left"]
        lines = (res.get("breakdown") or {}).get("lines", [])
        denied = [l for l in lines if l.get("reason") == "denied"]
        rule = denied[0]["rule"] if denied else (lines[0]["rule"] if lines else "")
        return {"can": left > 0, "rule": rule, "left": left}
    # dnd5e: the opportunity attack spends the reaction
    res = run("actions", {**base, "creature": _with_speed(ruleset_id, threatener), "used": taken}, rng)
    reaction = res["details"]["reaction"]
    left = res["value"]["economy"]["reaction"]
    lines = [l for l in reaction["lines"] if l["value"] < 0 and l.get("applied", True)]
    return {"can": left > 0, "rule": lines[0]["rule"] if lines else "ext.dnd5e.reactions-oa",
            "left": left}


# ----- recording in the encounter ------------------------------------------------------------

def set_used(enc, cid: str, used, message: str = "", rules=(), **params):
    """The encounter with combatant ``cid``'s ``used`` replaced (and a log
    line when ``message`` is given)."""
    from .tracker import log
    c = enc.get(cid)
    enc = replace(enc, combatants=tuple(replace(x, used=frozenset(used)) if x.id == cid else x
                                        for x in enc.combatants))
    if message:
        enc = log(enc, message, rules, name=c.name, **params)
    return enc


def record_aoo(enc, threatener_id: str, target_id: str, rule: str = ""):
    """Spend ``threatener_id``'s attack of opportunity of this round."""
    c = enc.get(threatener_id)
    target = enc.get(target_id)
    return set_used(enc, threatener_id, with_aoo(enc.ruleset, c.used),
                    "{name} makes an attack of opportunity on {target}",
                    (rule,) if rule else (), target=target.name)


# ----- one turn: what is left, taking an action ----------------------------------------------

def economy(ruleset_id: str, creature: dict, used=(), options=None, rng=None) -> dict:
    """What is left of the turn after ``used``: {items: [(key, English
    label, left)], rule, errors: [rule], result}. ``left`` is a count, or
    metres for movement."""
    payload = actions_payload(ruleset_id, creature, used, options=options)
    res = run("actions", payload, rng)
    value, details = res["value"] or {}, res["details"] or {}
    items, errors, rule = [], [], ""
    if ruleset_id == "dnd5e":
        eco = value["economy"]
        items = [("action", "Action", eco["action"]), ("bonus_action", "Bonus action", eco["bonus_action"]),
                 ("reaction", "Reaction", eco["reaction"]), ("object", "Object interaction", eco["object"])]
        if "speed" in (creature.get("stats") or {}):
            items.append(("movement", "Movement (m)", details["movement"]["total"]))
        rule = "dnd5e.turn.move-and-action"
    elif ruleset_id == "pf1":
        b = value["budget"]
        items = [("standard", "Standard action", b["standard"]), ("move", "Move action", b["move"]),
                 ("full_round", "Full-round action", b["full_round"]),
                 ("swift", "Swift or immediate action", b["swift"]),
                 ("five_foot_step", "5-foot step", b["five_foot_step"])]
        rule = details["budget"]["rule"]
    elif ruleset_id == "d20pl":
        budget = details.get("budget")
        left = budget["remaining"] if budget else {"standard": 1, "move": 1, "full-round": 1,
                                                   "short_step": True}
        items = [("standard", "Standard action", left["standard"]), ("move", "Move action", left["move"]),
                 ("full-round", "Full-round action", left["full-round"]),
                 ("short_step", "Short step", int(bool(left["short_step"])))]
        rule = budget["bundle_rule"] if budget else "d20pl.action.round.standard-move"
        errors = [e["rule"] for e in (budget or {}).get("errors", [])]
    else:
        available = set(value["available"])
        items = [(a["id"], a["name"], int(a["id"] in available)) for a in value["actions"]
                 if a["id"] not in CLASSIC_PROCEDURES or a["id"] == "aoo"]
        notes = value.get("notes") or {}
        rule = notes.get("move") or notes.get("actions") or "classic.action.complex-half-move"
    return {"items": items, "rule": rule, "errors": errors, "result": res}


def take_action(ruleset_id: str, creature: dict, used=(), action: str = "", values=None,
                options=None, rng=None) -> dict:
    """Check one action against the turn: {allowed, rule (why not, or the
    action's rule), provokes {value, rule}, result}."""
    payload = actions_payload(ruleset_id, creature, used, action, values, options)
    res = run("actions", payload, rng)
    value, details = res["value"] or {}, res["details"] or {}
    if ruleset_id == "dnd5e":
        check = details["check"]
        allowed, rule = bool(check["allowed"]), check["rule"]
    elif ruleset_id == "pf1":
        allowed = bool(value["allowed"])
        rule = (value["blocked_by"] or [value["type_rule"]])[0]
    elif ruleset_id == "d20pl":
        budget = details.get("budget") or {}
        allowed = bool(value.get("allowed", True))
        errors = [e["rule"] for e in budget.get("errors", [])]
        rule = errors[0] if errors else value.get("type_rule", value.get("rule", ""))
    else:
        left = economy(ruleset_id, creature, used, options, rng)
        free = {k for k, _label, n in left["items"] if n}
        if action not in free:
            allowed, rule = False, left["rule"]
        else:
            rules = {a["id"]: a["rule"] for a in left["result"]["value"]["actions"]}
            allowed, rule = bool(value.get("allowed", True)), value.get("rule") or rules.get(action, "")
    return {"allowed": allowed, "rule": rule, "provokes": provokes(ruleset_id, res, payload),
            "result": res}


# ----- reading a concentration answer --------------------------------------------------------

CAST_ACTION = {"classic": "cast", "d20pl": "std.cast-spell", "pf1": "cast_spell", "dnd5e": "cast_spell"}


def concentration_answer(ruleset_id: str, result: dict) -> dict:
    """One shape for every ruleset's concentration answer: {outcome: kept /
    lost / blocked / roll (a die still to be typed), rule, dc, total,
    chance, roll, missing (roll key), breakdowns [(English title, breakdown)]}."""
    value, details = result.get("value"), result.get("details") or {}
    bd = result.get("breakdown")
    out = {"outcome": "kept", "rule": "", "dc": None, "total": None, "chance": None, "roll": None,
           "missing": "", "breakdowns": []}
    missing = [p for p in result.get("prompts", []) if (p.get("params") or {}).get("field")]
    if ruleset_id == "d20pl":
        check = details.get("check") or {}
        out.update(dc=value.get("dc"), total=value.get("total"), rule=check.get("rule", ""))
        if not value.get("can_cast", True):
            blocked = details.get("blocked_by") or [{}]
            out.update(outcome="blocked", rule=blocked[0].get("rule", ""))
        elif value.get("success") is None and missing:
            out.update(outcome="roll", missing=missing[0]["params"]["field"].split(".", 1)[1],
                       rule=missing[0]["rule"])
        elif value.get("success") is False:
            out["outcome"] = "lost"
        if bd:
            out["breakdowns"].append(("Concentration check", bd))
        if check.get("dc"):
            out["breakdowns"].append(("DC", check["dc"]))
        if details.get("spell_failure"):
            out["breakdowns"].append(("Spell failure chance", details["spell_failure"]))
    elif ruleset_id == "pf1":
        out.update(dc=value["dc"], total=value["total"], rule="ext.pf1.concentration")
        if value.get("blocked_by"):
            out.update(outcome="blocked", rule=value["blocked_by"][0])
        elif not value["success"]:
            out["outcome"] = "lost"
        out["breakdowns"] += [("Concentration check", bd), ("DC", details["dc"])]
    elif ruleset_id == "dnd5e":
        out.update(dc=details.get("dc"), total=details.get("total"), rule="ext.dnd5e.concentration")
        if value is False:
            out["outcome"] = "lost"
        out["breakdowns"].append(("Constitution save", bd))
        if details.get("dc_breakdown"):
            out["breakdowns"].append(("DC", details["dc_breakdown"]))
        if (details.get("mode_lines") or {}).get("lines"):
            out["breakdowns"].append(("Advantage and disadvantage", details["mode_lines"]))
    else:
        out.update(chance=value.get("failure_chance"), roll=value.get("roll"), rule="classic.conc.check")
        if not value.get("allowed", True):
            out["outcome"] = "blocked"
            out["rule"] = bd["lines"][0]["rule"] if bd and bd.get("lines") else out["rule"]
        elif value.get("roll") is None and value.get("failure_chance"):
            out.update(outcome="roll", missing="d100")
        elif value.get("failed"):
            out["outcome"] = "lost"
        if bd:
            out["breakdowns"].append(("Chance to lose concentration", bd))
        if details.get("spell_failure"):
            out["breakdowns"].append(("Spell failure chance", details["spell_failure"]))
    return out


# ----- movement answers -----------------------------------------------------------------------

def movement_answer(ruleset_id: str, result: dict) -> dict:
    """{left (what remains or the distance allowed), unit (metres/hexes),
    allowed, rule, breakdowns [(English title, breakdown)]}."""
    value, details, bd = result.get("value"), result.get("details") or {}, result.get("breakdown")
    if ruleset_id == "dnd5e":
        return {"left": value["remaining"], "unit": "metres", "allowed": value["allowed"],
                "rule": "dnd5e.move.budget", "label": "Movement left",
                "breakdowns": [("Speed", details["speed"]), ("Cost of the move", bd),
                               ("Movement left", details["remaining"])]}
    if ruleset_id == "pf1":
        blocked = value.get("blocked_by") or []
        return {"left": value["remaining"], "unit": "metres", "allowed": value["allowed"],
                "rule": blocked[0] if blocked else (bd["lines"][0]["rule"] if bd["lines"] else ""),
                "label": "Movement left",
                "breakdowns": [("Movement allowed", bd), ("Cost of the move", details["cost"])]}
    if ruleset_id == "d20pl":
        left = details.get("remaining", value["distance"])
        return {"left": left, "unit": "metres", "allowed": value.get("fits", True), "rule": value["rule"],
                "label": "Movement left" if "remaining" in details else "Distance this action",
                "breakdowns": [("Distance this action", bd)]}
    left = details.get("remaining", value)
    return {"left": left, "unit": "hexes", "allowed": details.get("fits", True),
            "rule": details.get("action", {}).get("rule", "ext.classic.sizes-weapons"),
            "label": "Hexes left" if "remaining" in details else "Hexes this round",
            "breakdowns": [("Hexes this round", bd)]}


# ----- classic close combat ---------------------------------------------------------------------

WEAPON_SIZE = Field("victim_weapon", "choice", "The victim's weapon",
                    (("S", "Small"), ("M", "Medium"), ("L", "Large")))

GRAPPLE = {
    "grapple": (WEAPON_SIZE,
                Field("victim_acted", "flag", "The victim has already acted or attacked another"),
                die("rolls.attacker", "Attacker's Dexterity d20", 20),
                die("rolls.victim", "Victim's Dexterity d20", 20)),
    "outside_attack": (Field("save.chance", "int", "Attacker's Reflex save (%)", low=-100, high=200,
                             required=True),
                       Field("aimed_precision", "flag", "Aimed precision"),
                       die("rolls.save", "Reflex save d100", 100)),
    "split_effect": (Field("amount", "int", "Damage or effect to split", high=10000, required=True),),
    "break_free": (Field("both_want", "flag", "Both want to separate"),
                   Field("saves.breaker", "int", "Robustness save of the one breaking free (%)", low=0,
                         high=100),
                   Field("saves.holder", "int", "Robustness save of the other (%)", low=0, high=100),
                   Field("helpers", "int", "Helpers pulling them apart", high=10),
                   die("rolls.breaker", "d100 of the one breaking free", 100),
                   die("rolls.holder", "d100 of the other", 100)),
}


def grapple_payload(procedure: str, attacker: dict, victim: dict, values: dict, names=("", ""),
                    options=None) -> dict:
    """The classic ``actions`` payload of one close-combat procedure."""
    if procedure not in GRAPPLE:
        raise InputError("action", f"unknown procedure {procedure!r}", tuple(GRAPPLE))
    fields = read(GRAPPLE[procedure], values)
    payload = {"ruleset": "classic", "action": procedure}
    if options:
        payload["options"] = dict(options)
    target, other = names[0] or "target", names[1] or "other"
    if procedure == "grapple":
        payload.update(attacker=attacker, victim=victim, rolls=fields.get("rolls", {}))
        if fields.get("victim_weapon"):
            payload["victim_weapon"] = [f"size.{fields['victim_weapon']}"]
        if fields.get("victim_acted"):
            payload["victim_used"] = ["attack"]
    elif procedure == "outside_attack":
        payload.update(attacker=attacker, target=target, other=other, save=fields["save"],
                       aimed_precision=bool(fields.get("aimed_precision")), rolls=fields.get("rolls", {}))
    elif procedure == "split_effect":
        payload.update(amount=fields["amount"], target=target, other=other)
    else:
        payload.update(both_want=bool(fields.get("both_want")), helpers=fields.get("helpers", 0),
                       rolls=fields.get("rolls", {}))
        if not fields.get("both_want"):
            for key in ("breaker", "holder"):
                if key not in fields.get("saves", {}):
                    raise InputError(f"saves.{key}", "is required: a save chance from 0 to 100")
            payload["saves"] = fields["saves"]
    return payload
