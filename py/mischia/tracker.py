"""Running a fight: pure operations on ``Encounter`` values.

Every function takes an encounter (and inputs) and returns a new encounter
with a log entry; none mutates. Rules questions (initiative order, damage
through the hit-point state machine) go to the ruleset through
``mischia.queries``, so this module holds bookkeeping only: ids, order,
turns, rounds, durations and the log.
"""

from __future__ import annotations

from dataclasses import replace

from .encounter import (MAX_COMBATANTS, MAX_LOG, MAX_NAME, SIDES, Ask, Combatant, ConditionInstance,
                        Duration, Encounter, LogEntry, clean_name)
from .errors import InputError
from .result import HpState
from .ruleset import get_ruleset

EXPIRY_RULE = "pf1.round.effect-expiry"


def log(enc: Encounter, key: str, rules=(), **params) -> Encounter:
    entry = LogEntry(key, params, enc.round, tuple(rules))
    return replace(enc, log=(enc.log + (entry,))[-MAX_LOG:])


def _replace_combatant(enc: Encounter, new: Combatant) -> Encounter:
    return replace(enc, combatants=tuple(new if c.id == new.id else c for c in enc.combatants))


# ----- combatants ---------------------------------------------------------

def _combatant_fields(enc, data: dict, cid: str) -> Combatant:
    data = dict(data)
    data["id"] = cid
    if "hp" in data and isinstance(data["hp"], int):
        data["hp"] = {"max": data["hp"], "current": data["hp"]}
    combatant = Combatant.from_dict(data, "combatant")
    ruleset = get_ruleset(enc.ruleset)
    ruleset.check_stats(combatant.creature(), "combatant")
    return combatant


def add_combatant(enc: Encounter, name: str, side: str = "party", **fields) -> Encounter:
    """Add one combatant; ``fields`` are any of ``Combatant``'s (stats, hp …)."""
    if len(enc.combatants) >= MAX_COMBATANTS:
        raise InputError("combatants", f"at most {MAX_COMBATANTS} combatants")
    if side not in SIDES:
        raise InputError("side", f"unknown side {side!r}", SIDES)
    cid = f"c{enc.next_id}"
    combatant = _combatant_fields(enc, {**fields, "name": name, "side": side}, cid)
    enc = replace(enc, combatants=enc.combatants + (combatant,), next_id=enc.next_id + 1)
    if enc.phase != "setup":
        enc = replace(enc, order=enc.order + (cid,))
    return log(enc, "{name} joins the encounter", name=combatant.name)


def add_group(enc: Encounter, name: str, count: int, side: str = "foes", shared: bool = True,
              **fields) -> Encounter:
    """Add ``count`` identical combatants named "name 1" … "name N"; with
    ``shared`` they form a group that rolls one initiative where the ruleset
    allows it (5e ``dnd5e.init.group``)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 50:
        raise InputError("count", "must be a whole number from 1 to 50")
    if len(enc.combatants) + count > MAX_COMBATANTS:
        raise InputError("count", f"at most {MAX_COMBATANTS} combatants in an encounter")
    name = clean_name(name)
    if len(name) > MAX_NAME - 4:
        raise InputError("name", f"is longer than {MAX_NAME - 4} characters")
    group = f"g{enc.next_id}" if shared and count > 1 else ""
    fields.pop("group", None)
    for i in range(1, count + 1):
        enc = add_combatant(enc, f"{name} {i}", side, group=group, **fields)
    return enc


def edit_combatant(enc: Encounter, cid: str, **changes) -> Encounter:
    """Change what the form edits. Hit points typed again keep the
    ruleset's state (dying, death-save counters …) unless they bring the
    creature back above 0 with a different number."""
    old = enc.get(cid)
    data = old.to_dict()
    data.update(changes)
    if "hp" in changes and isinstance(changes["hp"], int):
        data["hp"] = {"max": changes["hp"], "current": changes["hp"]}
    if isinstance(data.get("hp"), dict) and old.hp is not None and "hp" in changes:
        hp = dict(data["hp"])
        current = hp.get("current", hp.get("max"))
        unchanged = hp.get("max") == old.hp.max and current == old.hp.current
        if unchanged or (isinstance(current, int) and current <= 0):
            hp.setdefault("status", old.hp.status)
            hp.setdefault("counters", dict(old.hp.counters))
        data["hp"] = hp
    new = _combatant_fields(enc, data, cid)
    return log(_replace_combatant(enc, new), "{name} edited", name=new.name)


def duplicate(enc: Encounter, cid: str) -> Encounter:
    src = enc.get(cid).to_dict()
    for key in ("id", "conditions", "initiative", "init_roll", "acted", "used"):
        src.pop(key, None)
    return add_combatant(enc, f"{src.pop('name')} (2)", src.pop("side"), **src)


def remove(enc: Encounter, cid: str) -> Encounter:
    """Remove a combatant. Durations counted on its turns move to the one
    that acts next in its place, so they still end."""
    gone = enc.get(cid)
    order = list(enc.order)
    turn = enc.turn
    heir = ""
    if cid in order:
        index = order.index(cid)
        order.remove(cid)
        heir = order[index % len(order)] if order else ""
        if index < turn or (index == turn and turn >= len(order)):
            turn = max(0, turn - 1) if index < turn else 0
    kept = []
    for c in enc.combatants:
        if c.id == cid:
            continue
        conds = tuple(replace(i, duration=replace(i.duration, anchor=heir or c.id))
                      if i.duration.anchor == cid else i for i in c.conditions)
        kept.append(replace(c, conditions=conds))
    asks = tuple(a for a in enc.asks if a.cid != cid and cid not in a.ids)
    enc = replace(enc, combatants=tuple(kept), asks=asks,
                  order=tuple(order), turn=min(turn, max(len(order) - 1, 0)))
    return log(enc, "{name} leaves the encounter", name=gone.name)


def rename(enc: Encounter, name: str) -> Encounter:
    """Rename the encounter (empty is allowed: the list shows a default)."""
    if not isinstance(name, str):
        raise InputError("name", "must be text")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise InputError("name", f"is longer than {MAX_NAME} characters")
    return log(replace(enc, name=name), "Encounter renamed to {title}", title=name)


def set_options(enc: Encounter, options: dict) -> Encounter:
    """Choose the ruleset's options (its ambiguity switches); each change is
    logged with the option's rule ID. Unknown options or choices are refused."""
    ruleset = get_ruleset(enc.ruleset)
    if not isinstance(options, dict):
        raise InputError("options", "must be an object")
    merged = {**enc.options, **options}
    ruleset.resolve_options(merged)
    defaults = ruleset.resolve_options({})
    merged = {k: v for k, v in merged.items() if v != defaults[k]}
    changed = sorted(k for k in options if enc.options.get(k, defaults[k]) != options[k])
    enc = replace(enc, options=merged)
    for key in changed:
        enc = log(enc, "Rule option {option} set to {choice}", (ruleset.options[key].rule,),
                  option=key, choice=options[key])
    return enc


def set_aware(enc: Encounter, cid: str, aware: bool) -> Encounter:
    """Whether the combatant is aware of its foes when the fight begins."""
    if not isinstance(aware, bool):
        raise InputError("aware", "must be true or false")
    c = enc.get(cid)
    enc = _replace_combatant(enc, replace(c, aware=aware, aware_of=None))
    if aware:
        return log(enc, "{name} is aware of the foes", name=c.name)
    return log(enc, "{name} is unaware of the foes", name=c.name)


# ----- initiative ----------------------------------------------------------

def set_initiative(enc: Encounter, cid: str, total: int, roll=None) -> Encounter:
    if isinstance(total, bool) or not isinstance(total, int) or not -1000 <= total <= 1000:
        raise InputError("initiative", "must be a whole number")
    c = replace(enc.get(cid), initiative=total, init_roll=roll)
    return log(_replace_combatant(enc, c), "{name}: initiative {value}", name=c.name, value=total)


def roll_initiative(enc: Encounter, rng=None, typed=None, tiebreak=None, order=None, mode=None,
                    turn=None) -> tuple:
    """Ask the ruleset for the order. ``typed`` maps ids to the die rolled at
    the table; others are rolled with ``rng``. Returns (encounter, result dict)
    — the result carries per-combatant breakdowns and tie prompts. d20pl:
    ``mode`` "los" (the GM's order), "duel" (d20pl.seq.duel: two alternate)
    or "no-gm" (d20pl.seq.no-gm-rotation: ``turn`` picks the opener)."""
    from .queries import run
    payload = {"ruleset": enc.ruleset, "options": enc.options,
               "combatants": [{"id": c.id, "name": c.name, "modifier": c.init_mod,
                               "creature": _creature_dict(c), "group": c.group, "side": c.side}
                              for c in enc.combatants],
               "rolls": dict(typed or {}), "tiebreak": dict(tiebreak or {})}
    if order is not None:
        payload["order"] = list(order)
    if mode is not None:
        payload["mode"] = mode
    if turn is not None:
        payload["turn"] = turn
    result = run("initiative", payload, rng)
    ordered = tuple(result["value"])
    combatants = []
    for c in enc.combatants:
        detail = result["details"].get(c.id) or {}
        total = detail.get("total") if isinstance(detail, dict) else None
        combatants.append(replace(c, initiative=total if isinstance(total, int) else None,
                                  init_roll=_die_of(detail)))
    current = enc.current()
    turn = ordered.index(current.id) if current is not None and current.id in ordered else 0
    asks = tuple(a for a in enc.asks if a.kind != "tie") + tuple(
        Ask("tie", ids=tuple(i for i in p.get("params", {}).get("ids", []) if isinstance(i, str)),
            round=enc.round, rules=(p["rule"],), text=p.get("text", ""), roll=p.get("roll", ""))
        for p in result.get("prompts", ()))
    enc = replace(enc, combatants=tuple(combatants), order=ordered, turn=turn, asks=asks)
    rules = sorted({l["rule"] for d in result["details"].values() if isinstance(d, dict)
                    for l in d.get("lines", []) if isinstance(l, dict)} | set(result.get("events", ())))
    return log(enc, "Initiative order: {names}", rules,
               names=", ".join(enc.get(i).name for i in ordered)), result


# the breakdown labels the rulesets give the initiative die itself
DIE_LABELS = ("initiative.d20", "initiative.roll", "check.d20")


def _die_of(detail):
    lines = detail.get("lines", []) if isinstance(detail, dict) else []
    for line in lines:
        if isinstance(line, dict) and line.get("label") in DIE_LABELS and isinstance(line.get("value"), int):
            return line["value"] if 1 <= line["value"] <= 100 else None
    return None


def break_ties(enc: Encounter, tiebreak: dict, rng=None) -> tuple:
    """Answer the tie asks with roll-off dice: initiative again with the dice
    already rolled (kept in ``init_roll``) and ``tiebreak`` (id → die)."""
    typed = {c.id: c.init_roll for c in enc.combatants if c.init_roll is not None}
    return roll_initiative(enc, rng, typed=typed, tiebreak=tiebreak)


class _Probe:
    """A stand-in for random.Random that records the dice asked for."""

    def __init__(self):
        self.sides = []

    def randint(self, low, high):
        self.sides.append(high)
        return low

    def random(self):
        return 0.0


def initiative_die(enc: Encounter):
    """How many sides the ruleset's initiative die has (for the 'roll for
    me' of one combatant), or None when the order is the GM's (no die)."""
    from .queries import run
    probe = _Probe()
    payload = {"ruleset": enc.ruleset, "options": enc.options,
               "combatants": [{"id": "probe", "name": "probe", "modifier": 0}], "rolls": {}}
    try:
        run("initiative", payload, probe)
    except InputError:
        return None
    return probe.sides[0] if probe.sides else None


def set_order(enc: Encounter, ids) -> Encounter:
    """A manual reorder (always allowed, always logged)."""
    ids = tuple(ids)
    if sorted(ids) != sorted(c.id for c in enc.combatants):
        raise InputError("order", "must list every combatant once")
    current = enc.current()
    turn = ids.index(current.id) if current is not None else 0
    enc = replace(enc, order=ids, turn=turn)
    return log(enc, "Order changed by hand: {names}", names=", ".join(enc.get(i).name for i in ids))


def move_in_order(enc: Encounter, cid: str, step: int) -> Encounter:
    """Move one combatant ``step`` places earlier (−) or later (+) in the order."""
    order = list(enc.order or (c.id for c in enc.combatants))
    if cid not in order:
        enc.get(cid)
        order.append(cid)
    index = order.index(cid)
    target = max(0, min(len(order) - 1, index + step))
    if target == index:
        return enc
    order.insert(target, order.pop(index))
    return set_order(enc, order)


def _creature_dict(c: Combatant) -> dict:
    return c.creature().to_dict()


# ----- rounds and turns ------------------------------------------------------

def set_aware_of(enc: Encounter, cid: str, ids) -> Encounter:
    """Which opponents the combatant noticed (``None``: back to the plain
    aware/unaware flag). It is surprised when an opponent aware of it went
    unnoticed (pf1.surprise.definition, d20pl.surprise.definition)."""
    c = enc.get(cid)
    if ids is None:
        return set_aware(enc, cid, c.aware)
    ids = list(ids)
    known = {o.id for o in opponents(enc, c)}
    for i in ids:
        if i not in known:
            raise InputError("aware_of", f"{i!r} is not an opponent of {c.name}", sorted(known))
    enc = _replace_combatant(enc, replace(c, aware_of=frozenset(ids), aware=bool(ids) or not known))
    names = ", ".join(enc.get(i).name for i in ids)
    if names:
        return log(enc, "{name} noticed: {names}", name=c.name, names=names)
    return log(enc, "{name} noticed no one", name=c.name)


def set_unaware(enc: Encounter, surprised) -> Encounter:
    """Before the fight: the combatants a surprise answer named (5e: the
    Stealth vs passive Perception contest, dnd5e.surprise.contest) are
    unaware, everyone else aware; ``start_combat`` then surprises them."""
    surprised = set(surprised)
    for cid in surprised:
        enc.get(cid)
    for c in enc.combatants:
        if c.aware != (c.id not in surprised) or c.aware_of is not None:
            enc = set_aware(enc, c.id, c.id not in surprised)
    return enc


def opponents(enc: Encounter, c: Combatant) -> list:
    """The combatants on another side than ``c``."""
    return [o for o in enc.combatants if o.side != c.side]


def notices(c: Combatant, other: Combatant) -> bool:
    """Whether ``c`` is aware of ``other`` as the fight begins."""
    return c.aware if c.aware_of is None else other.id in c.aware_of


def is_aware(enc: Encounter, c) -> bool:
    """Whether the combatant acts aware when the fight begins. With the plain
    flag, the flag; with the opponents it noticed, it is unaware (surprised)
    when some opponent aware of it went unnoticed (pf1/d20pl
    surprise.definition)."""
    if isinstance(c, str):
        c = enc.get(c)
    if c.aware_of is None:
        return c.aware
    return not any(notices(o, c) and o.id not in c.aware_of for o in opponents(enc, c))


START = "start-of-combat"   # cause of the conditions combat itself gives


def start_combat(enc: Encounter) -> Encounter:
    """Begin round 1 — or the surprise round when the ruleset has one and some
    but not all combatants are aware. Gives the start-of-combat conditions
    the ruleset declares: ``flat_footed_at_start`` ("all" or "unaware")
    until each combatant's first regular turn, and ``surprised`` for the
    unaware (until their first regular turn, or — 5e — the end of it)."""
    if not enc.combatants:
        raise InputError("combatants", "add at least one combatant first")
    order = enc.order or tuple(c.id for c in enc.combatants)
    ruleset = get_ruleset(enc.ruleset)
    style = getattr(ruleset, "surprise_style", "round")
    aware = [is_aware(enc, c) for c in enc.combatants]
    surprise = style == "round" and any(aware) and not all(aware)
    enc = replace(enc, order=order, turn=0, round=1 if not surprise else 0,
                  phase="surprise" if surprise else "combat",
                  combatants=tuple(replace(c, acted=False, used=frozenset(),
                                           conditions=tuple(i for i in c.conditions if i.cause != START))
                                   for c in enc.combatants))
    enc = _start_conditions(enc, ruleset, style)
    if surprise:
        enc = log(enc, "Surprise round: only aware combatants act",
                  tuple(r for r in (_rule(ruleset, "surprise.round"),) if _known(r)))
        return _begin_turn(enc, _skip_unaware(enc, 0))
    enc = log(enc, "Round {n} begins", n=1)
    return _begin_turn(enc, 0)


def _rule(ruleset, key):
    return f"{ruleset.id}.{key}"


def _known(rule_id) -> bool:
    from .reference import entry
    return entry(rule_id) is not None


def _start_conditions(enc, ruleset, style):
    flat = getattr(ruleset, "flat_footed_at_start", None)
    flat_ids = _flat_footed_ids(enc) if flat else None
    unaware = {c.id for c in enc.combatants if not is_aware(enc, c)}
    for c in enc.combatants:
        if c.id in unaware and "surprised" in ruleset.conditions and style in ("round", "first_turn"):
            kind = Duration("turn_end", 1, c.id) if style == "first_turn" else Duration()
            enc = add_condition(enc, c.id, "surprised", cause=START if style == "round" else "",
                                duration=kind)
        if "flat_footed" in ruleset.conditions and (flat == "all" or (flat == "unaware" and c.id in unaware)) \
                and (flat_ids is None or c.id in flat_ids):
            enc = add_condition(enc, c.id, "flat_footed", cause=START)
    return enc


def _flat_footed_ids(enc):
    """Who the ruleset's surprise answer says is flat-footed at the start
    (pf1: not those with uncanny dodge), or None when it does not say."""
    try:
        found = surprise_check(enc)["value"].get("flat_footed")
    except InputError:
        return None
    return set(found) if isinstance(found, list) else None


def surprise_check(enc: Encounter, rng=None, rolls=None, inputs=None) -> dict:
    """The ruleset's surprise query for every combatant (classic: the d100
    check with its modifiers); ``inputs`` maps ids to extra per-combatant
    fields (classic ``surprise`` {event, complex_action …}). Changes nothing:
    pass the surprised ids to ``mark_surprised``."""
    from .queries import run
    inputs = dict(inputs or {})
    payload = {"ruleset": enc.ruleset, "options": enc.options, "order": list(enc.order) or None,
               "combatants": [{"id": c.id, "side": c.side, "aware": is_aware(enc, c),
                               "creature": _creature_dict(c), **inputs.get(c.id, {})}
                              for c in enc.combatants],
               "rolls": dict(rolls or {})}
    if payload["order"] is None:
        del payload["order"]
    return run("surprise", payload, rng)


def mark_surprised(enc: Encounter, ids) -> Encounter:
    """classic: the combatants whose d100 surprise check failed lose round 1
    (``classic.surprise.effect.no-actions``): surprised until round 2 starts."""
    if enc.phase == "setup":
        raise InputError("phase", "start the combat first")
    first = enc.order[0]
    ids = list(ids)
    if ids:
        enc = log(enc, "Surprised: {names}", ("classic.surprise.effect.no-actions",)
                  if _known("classic.surprise.effect.no-actions") and enc.ruleset == "classic" else (),
                  names=", ".join(enc.get(i).name for i in ids))
    for cid in ids:
        enc = add_condition(enc, cid, "surprised", duration=Duration("rounds", 1, first))
        c = enc.get(cid)
        inst = replace(c.conditions[-1], expires_round=max(enc.round, 1) + 1)
        enc = _replace_combatant(enc, replace(c, conditions=c.conditions[:-1] + (inst,)))
    return enc


def _skip_unaware(enc, index):
    n = len(enc.order)
    for step in range(n):
        i = (index + step) % n
        if is_aware(enc, enc.order[i]):
            return i
    return index


def next_turn(enc: Encounter) -> Encounter:
    if enc.phase == "setup":
        raise InputError("phase", "start the combat first")
    enc = _end_turn(enc)
    index = enc.turn + 1
    if enc.phase == "surprise":
        while index < len(enc.order) and not is_aware(enc, enc.order[index]):
            index += 1
        if index >= len(enc.order):
            enc = replace(enc, phase="combat", round=1)
            rid = enc.ruleset
            enc = log(enc, "Round {n} begins", tuple(r for r in (f"{rid}.seq.3-after-surprise",
                                                               f"{rid}.seq.first-normal-round") if _known(r)), n=1)
            index = 0
    elif index >= len(enc.order):
        enc = replace(enc, round=enc.round + 1)
        enc = log(enc, "Round {n} begins", n=enc.round)
        index = 0
    return _begin_turn(enc, index)


def previous_turn(enc: Encounter) -> Encounter:
    """Step the turn marker back (effects are not reverted: use undo for that)."""
    if enc.phase == "setup":
        raise InputError("phase", "start the combat first")
    index = enc.turn - 1
    if index < 0:
        if enc.round <= 1:
            return enc
        enc = replace(enc, round=enc.round - 1)
        index = len(enc.order) - 1
    enc = replace(enc, turn=index)
    return log(enc, "Back to {name}'s turn", name=enc.current().name)


def delay(enc: Encounter, after_id: str) -> Encounter:
    """The current combatant delays: it moves to act right after ``after_id``."""
    current = enc.current()
    if current is None or after_id == current.id:
        raise InputError("after", "choose another combatant to act after")
    enc.get(after_id)
    order = [i for i in enc.order if i != current.id]
    order.insert(order.index(after_id) + 1, current.id)
    index = enc.turn if enc.turn < len(order) else 0
    enc = replace(enc, order=tuple(order))
    enc = log(enc, "{name} delays until after {other}", ("ext.pf1.special-initiative",),
              name=current.name, other=enc.get(after_id).name)
    return _begin_turn(enc, index) if order[index] != current.id else replace(enc, turn=index)


def ready(enc: Encounter) -> Encounter:
    current = enc.current()
    if current is None:
        raise InputError("phase", "start the combat first")
    enc = _replace_combatant(enc, replace(current, used=current.used | {"ready"}))
    return log(enc, "{name} readies an action", ("ext.pf1.special-initiative",), name=current.name)


def trigger_ready(enc: Encounter, cid: str) -> Encounter:
    """A readied combatant acts now: it moves to just before the current one."""
    c = enc.get(cid)
    if "ready" not in c.used:
        raise InputError("combatant", f"{c.name} has no readied action")
    current = enc.current()
    order = [i for i in enc.order if i != cid]
    order.insert(order.index(current.id), cid)
    enc = replace(enc, order=tuple(order), turn=order.index(cid))
    enc = _replace_combatant(enc, replace(c, used=c.used - {"ready"}))
    return log(enc, "{name} acts on the readied action", ("ext.pf1.special-initiative",), name=c.name)


def _begin_turn(enc: Encounter, index: int) -> Encounter:
    enc = replace(enc, turn=index)
    current = enc.current()
    enc = _expire(enc, lambda owner, inst: _ends_at_start(enc, inst, current.id))
    if enc.phase == "combat":   # the first regular turn ends start-of-combat states
        enc = _expire(enc, lambda owner, inst: (owner.id == current.id and inst.cause == START, inst))
    current = enc.current()
    enc = _replace_combatant(enc, replace(current, acted=True, used=frozenset()))
    enc = log(enc, "{name}'s turn", name=current.name)
    rules = _turn_roll_rules(enc, current)
    if rules is not None:
        enc = _ask(enc, Ask("turn_roll", current.id, round=enc.round, rules=rules))
    return enc


def _ask(enc: Encounter, ask: Ask) -> Encounter:
    asks = tuple(a for a in enc.asks if (a.kind, a.cid, a.uid) != (ask.kind, ask.cid, ask.uid))
    return replace(enc, asks=asks + (ask,))


def _turn_roll_rules(enc: Encounter, c: Combatant):
    """The rule IDs of the rolls the ruleset wants at the start of ``c``'s
    turn (a dying creature's save …), or None when it wants none."""
    from .queries import run
    if c.hp is None:
        return None
    payload = {"ruleset": enc.ruleset, "options": enc.options, "creature": _creature_dict(c),
               "hp": c.hp.to_dict(), "rolls": {}}
    try:
        result = run("turn", payload, None)
    except InputError as exc:
        return () if exc.field.startswith("rolls") else None
    wanted = [p["rule"] for p in result.get("prompts", ()) if needs_roll(p)]
    return tuple(dict.fromkeys(wanted)) if wanted else None


def needs_roll(prompt: dict) -> bool:
    params = prompt.get("params") or {}
    return str(params.get("field", "")).startswith("rolls.") and not params.get("optional")


def _end_turn(enc: Encounter) -> Encounter:
    current = enc.current()
    enc = _expire(enc, lambda owner, inst: _ends_at_end(inst, current.id))
    ruleset = get_ruleset(enc.ruleset)
    for inst in enc.get(current.id).conditions:
        if inst.duration.kind == "until_save":
            definition = ruleset.conditions.get(inst.id)
            enc = _ask(enc, Ask("save_end", current.id, inst.uid, enc.round,
                                (definition.rule,) if definition is not None else ()))
    return enc


def _ends_at_start(enc, inst: ConditionInstance, acting: str):
    d = inst.duration
    if d.kind == "rounds" and d.anchor == acting and enc.round >= inst.expires_round:
        return True, inst
    if d.kind == "turn_start" and d.anchor == acting:
        left = inst.turns_left - 1
        return left <= 0, replace(inst, turns_left=left)
    return False, inst


def _ends_at_end(inst: ConditionInstance, acting: str):
    d = inst.duration
    if d.kind == "turn_end" and d.anchor == acting:
        left = inst.turns_left - 1
        return left <= 0, replace(inst, turns_left=left)
    return False, inst


def _expire(enc: Encounter, decide) -> Encounter:
    ruleset = get_ruleset(enc.ruleset)
    ended = []
    combatants = []
    for c in enc.combatants:
        kept = []
        for inst in c.conditions:
            gone, inst = decide(c, inst)
            if gone:
                ended.append((c, inst))
            else:
                kept.append(inst)
        combatants.append(replace(c, conditions=tuple(kept)))
    enc = replace(enc, combatants=tuple(combatants))
    gone = {inst.uid for _c, inst in ended}
    enc = replace(enc, asks=tuple(a for a in enc.asks if a.kind != "save_end" or a.uid not in gone))
    for c, inst in ended:
        definition = ruleset.conditions.get(inst.id)
        enc = log(enc, "{condition} on {name} ends", (EXPIRY_RULE,) if enc.ruleset == "pf1" else (),
                  condition=(definition.name if definition and definition.name else inst.id), name=c.name,
                  condition_id=inst.id)
    return enc


# ----- conditions --------------------------------------------------------------

def add_condition(enc: Encounter, cid: str, cond_id: str, stage=None, cause: str = "",
                  duration: Duration = Duration()) -> Encounter:
    ruleset = get_ruleset(enc.ruleset)
    definition = ruleset.condition(cond_id)
    if definition.stages and stage not in definition.stages:
        raise InputError("stage", f"{cond_id} has no stage {stage!r}", tuple(definition.stages))
    if not definition.stages and stage is not None:
        raise InputError("stage", f"{cond_id} has no stages")
    if not isinstance(cause, str) or len(cause) > 200:
        raise InputError("cause", "must be short text")
    c = enc.get(cid)
    current = enc.current()
    anchor = duration.anchor or (current.id if current is not None else cid)
    if duration.kind in ("turn_start", "turn_end") and duration.anchor:
        enc.get(duration.anchor)
    duration = replace(duration, anchor=anchor)
    inst = ConditionInstance(uid=f"k{enc.next_id}", id=cond_id, stage=stage, cause=cause.strip(),
                             duration=duration, applied_round=enc.round,
                             expires_round=(max(enc.round, 1) if enc.phase == "setup" else enc.round)
                             + duration.rounds if duration.kind == "rounds" else 0,
                             turns_left=duration.rounds)
    enc = replace(enc, next_id=enc.next_id + 1)
    enc = _replace_combatant(enc, replace(c, conditions=c.conditions + (inst,)))
    return log(enc, "{name} gains {condition}", (definition.rule,), name=c.name,
               condition=definition.name or cond_id, condition_id=cond_id, stage=stage)


def remove_condition(enc: Encounter, cid: str, uid: str) -> Encounter:
    c = enc.get(cid)
    match = [i for i in c.conditions if i.uid == uid]
    if not match:
        raise InputError("condition", f"{c.name} has no condition {uid!r}",
                         tuple(i.uid for i in c.conditions))
    enc = _replace_combatant(enc, replace(c, conditions=tuple(i for i in c.conditions if i.uid != uid)))
    enc = replace(enc, asks=tuple(a for a in enc.asks if not (a.kind == "save_end" and a.uid == uid)))
    definition = get_ruleset(enc.ruleset).conditions.get(match[0].id)
    return log(enc, "{condition} removed from {name}", name=c.name,
               condition=(definition.name if definition and definition.name else match[0].id),
               condition_id=match[0].id)


# ----- hit points ------------------------------------------------------------------

def _hp_query(enc: Encounter, cid: str, query: str, extra: dict, rng) -> tuple:
    from .queries import run
    c = enc.get(cid)
    if c.hp is None:
        raise InputError("hp", f"{c.name} has no hit points set")
    payload = {"ruleset": enc.ruleset, "options": enc.options, "creature": _creature_dict(c),
               "hp": c.hp.to_dict(), **extra}
    result = run(query, payload, rng)
    new_hp = HpState.from_dict(result["value"]) if isinstance(result.get("value"), dict) else c.hp
    return replace(c, hp=new_hp), result


HP_CAUSE = "hit-points"   # cause of the conditions a hit-point result lists


def _hp_conditions(enc: Encounter, cid: str, result: dict) -> Encounter:
    """Put on (and take off) the conditions the hit-point result lists, so
    attacks against the creature apply them: d20pl ``details.conditions`` (the
    whole list), pf1 ``details.conditions`` {add, remove}, 5e
    ``details.add_conditions`` / ``remove_conditions``. Only the ones this
    added are removed; one set by hand stays."""
    details = result.get("details") or {}
    if not isinstance(details, dict):
        return enc
    c = enc.get(cid)
    mine = {i.id for i in c.conditions if i.cause == HP_CAUSE}
    listed = details.get("conditions")
    if isinstance(listed, list):
        wanted = {x["id"] if isinstance(x, dict) else x for x in listed}
    else:
        add = set(details.get("add_conditions") or ())
        drop = set(details.get("remove_conditions") or ())
        if isinstance(listed, dict):
            add |= set(listed.get("add") or ())
            drop |= set(listed.get("remove") or ())
        wanted = (mine | add) - drop
    ruleset = get_ruleset(enc.ruleset)
    for inst in c.conditions:
        if inst.cause == HP_CAUSE and inst.id not in wanted:
            enc = remove_condition(enc, cid, inst.uid)
    have = {i.id for i in enc.get(cid).conditions}
    for cond in sorted(wanted - have):
        if cond in ruleset.conditions and not ruleset.conditions[cond].stages:
            enc = add_condition(enc, cid, cond, cause=HP_CAUSE)
    return enc


def damage(enc: Encounter, cid: str, amount: int, rng=None, rolls=None, critical=False) -> tuple:
    """Damage through the ruleset's hit-point state machine. Returns
    (encounter, result dict with events and prompts)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 100000:
        raise InputError("amount", "must be a whole number ≥ 0")
    c, result = _hp_query(enc, cid, "damage", {"amount": amount, "critical": critical,
                                               "rolls": dict(rolls or {})}, rng)
    enc = _replace_combatant(enc, c)
    enc = log(enc, "{name} takes {amount} damage ({current}/{max} HP)", result.get("events", ()),
               name=c.name, amount=amount, current=c.hp.current, max=c.hp.max)
    return _hp_conditions(enc, cid, result), result


def heal(enc: Encounter, cid: str, amount: int, rng=None) -> tuple:
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 100000:
        raise InputError("amount", "must be a whole number ≥ 0")
    c, result = _hp_query(enc, cid, "heal", {"amount": amount}, rng)
    enc = _replace_combatant(enc, c)
    enc = log(enc, "{name} heals {amount} ({current}/{max} HP)", result.get("events", ()),
              name=c.name, amount=amount, current=c.hp.current, max=c.hp.max)
    return _hp_conditions(enc, cid, result), result


def turn_rolls(enc: Encounter, cid: str, rng=None, rolls=None) -> tuple:
    """Start-of-turn rolls (dying, death saves …) through the ruleset. With
    neither ``rng`` nor ``rolls`` it is a preview: the result's ``prompts``
    say which rolls to ask for (``params.field``). Answers the turn_roll ask."""
    c, result = _hp_query(enc, cid, "turn", {"rolls": dict(rolls or {})}, rng)
    enc = _replace_combatant(enc, c)
    if not any(needs_roll(p) for p in result.get("prompts", ())):
        enc = replace(enc, asks=tuple(a for a in enc.asks if not (a.kind == "turn_roll" and a.cid == cid)))
    rules = tuple(dict.fromkeys(tuple(result.get("events", ())) + tuple(
        l["rule"] for l in (result.get("breakdown") or {}).get("lines", []))))
    enc = log(enc, "{name}: start-of-turn roll ({status})", rules,
              name=c.name, status=c.hp.status, current=c.hp.current, max=c.hp.max)
    return _hp_conditions(enc, cid, result), result


def answer_save(enc: Encounter, uid: str, success: bool) -> Encounter:
    """The answer to a save_end ask: a success ends the condition."""
    ask = next((a for a in enc.asks if a.kind == "save_end" and a.uid == uid), None)
    if ask is None:
        raise InputError("ask", "no save is waiting for this condition")
    c = enc.get(ask.cid)
    inst = next(i for i in c.conditions if i.uid == uid)
    definition = get_ruleset(enc.ruleset).conditions.get(inst.id)
    name = definition.name if definition is not None and definition.name else inst.id
    enc = replace(enc, asks=tuple(a for a in enc.asks if a != ask))
    if success:
        enc = _replace_combatant(enc, replace(c, conditions=tuple(i for i in c.conditions if i.uid != uid)))
        return log(enc, "{name} saves: {condition} ends", ask.rules, name=c.name, condition=name,
                   condition_id=inst.id)
    return log(enc, "{name} fails the save against {condition}", ask.rules, name=c.name,
               condition=name, condition_id=inst.id)


def dismiss(enc: Encounter, index: int) -> Encounter:
    """Drop a waiting ask without answering it (logged)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(enc.asks):
        raise InputError("ask", "no such question is waiting")
    ask = enc.asks[index]
    enc = replace(enc, asks=enc.asks[:index] + enc.asks[index + 1:])
    return log(enc, "Question set aside", ask.rules)


def remaining(enc: Encounter, inst: ConditionInstance) -> dict:
    """How long a condition still lasts, for its chip: ``rounds`` (whole
    rounds left before it ends at ``anchor``'s count; 0 = this round),
    ``turns`` (turn_start/turn_end: the anchor's turns left), or only the
    kind (until_removed, until_save)."""
    d = inst.duration
    if d.kind == "rounds":
        return {"kind": "rounds", "rounds": max(inst.expires_round - max(enc.round, 0), 0),
                "anchor": d.anchor}
    if d.kind in ("turn_start", "turn_end"):
        return {"kind": d.kind, "turns": inst.turns_left, "anchor": d.anchor}
    return {"kind": d.kind}


# ----- per-turn resources ------------------------------------------------------------

# What a combatant spends during a round and gets back at the start of its
# own turn, per ruleset (rule IDs from the catalogue). A ruleset may declare
# ``turn_resources`` itself; this table is the fallback.
TURN_RESOURCES = {
    "classic": (("aoo", "classic.aoo.one-per-round"),),
    "pf1": (("standard", "ext.pf1.actions"), ("move", "ext.pf1.actions"), ("swift", "ext.pf1.actions"),
            ("aoo", "ext.pf1.aoo")),
    "d20pl": (("standard", "d20pl.action.standard"), ("move", "d20pl.action.move"),
              ("aoo", "d20pl.aoo.single")),
    "dnd5e": (("action", "dnd5e.turn.move-and-action"), ("bonus_action", "dnd5e.bonus.one-per-turn"),
              ("reaction", "ext.dnd5e.reactions-oa")),
}


def turn_resources(enc: Encounter, cid: str) -> tuple:
    """((resource, rule, how many per round, how many spent), …) for one
    combatant. How many comes from the ruleset's ``actions`` query when it
    counts it (pf1: attacks of opportunity with Combat Reflexes), else 1."""
    from .queries import run
    ruleset = get_ruleset(enc.ruleset)
    c = enc.get(cid)
    table = getattr(ruleset, "turn_resources", None) or TURN_RESOURCES.get(ruleset.id, ())
    try:
        details = run("actions", {"ruleset": enc.ruleset, "options": enc.options,
                                  "creature": _creature_dict(c)}, None).get("details", {})
    except InputError:
        details = {}
    out = []
    for name, rule in table:
        counted = details.get(name)
        per_round = counted.get("total") if isinstance(counted, dict) else None
        per_round = per_round if isinstance(per_round, int) and per_round >= 0 else 1
        spent = sum(1 for u in c.used if u.startswith(_tag_prefix(name)))
        out.append((name, rule, per_round, spent))
    return tuple(out)


def _tag_prefix(resource: str) -> str:
    """How a spent resource is written in ``Combatant.used``: ``aoo:N`` for
    the N-th attack of opportunity (the resolve screen's convention too),
    ``res:NAME:N`` for the others."""
    return "aoo:" if resource == "aoo" else f"res:{resource}:"


def spend(enc: Encounter, cid: str, resource: str, spent: bool = True) -> Encounter:
    """Spend one use of a per-turn resource (or give the last one back)."""
    c = enc.get(cid)
    table = {name: (rule, n, k) for name, rule, n, k in turn_resources(enc, cid)}
    if resource not in table:
        raise InputError("resource", f"unknown resource {resource!r}", tuple(table))
    rule, per_round, used = table[resource]
    prefix = _tag_prefix(resource)
    numbers = sorted(int(u[len(prefix):]) for u in c.used
                     if u.startswith(prefix) and u[len(prefix):].isdigit())
    if spent:
        if used >= per_round:
            raise InputError("resource", f"{c.name} has no {resource} left this round")
        tag = f"{prefix}{(numbers[-1] if numbers else 0) + 1}"
        enc = _replace_combatant(enc, replace(c, used=c.used | {tag}))
        return log(enc, "{name} uses {resource}", (rule,), name=c.name, resource=resource)
    if not numbers:
        return enc
    enc = _replace_combatant(enc, replace(c, used=c.used - {f"{prefix}{numbers[-1]}"}))
    return log(enc, "{name} gets {resource} back", (rule,), name=c.name, resource=resource)
