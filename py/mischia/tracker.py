"""Running a fight: pure operations on ``Encounter`` values.

Every function takes an encounter (and inputs) and returns a new encounter
with a log entry; none mutates. Rules questions (initiative order, damage
through the hit-point state machine) go to the ruleset through
``mischia.queries``, so this module holds bookkeeping only: ids, order,
turns, rounds, durations and the log.
"""

from __future__ import annotations

from dataclasses import replace

from .encounter import (MAX_COMBATANTS, MAX_LOG, SIDES, Combatant, ConditionInstance, Duration,
                        Encounter, LogEntry, clean_name)
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


def add_group(enc: Encounter, name: str, count: int, side: str = "foes", **fields) -> Encounter:
    """Add ``count`` identical combatants named "name 1" … "name N" sharing a group."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 50:
        raise InputError("count", "must be a whole number from 1 to 50")
    name = clean_name(name)
    group = f"g{enc.next_id}"
    for i in range(1, count + 1):
        enc = add_combatant(enc, f"{name} {i}", side, group=group, **fields)
    return enc


def edit_combatant(enc: Encounter, cid: str, **changes) -> Encounter:
    old = enc.get(cid)
    data = old.to_dict()
    data.update(changes)
    if "hp" in changes and isinstance(changes["hp"], int):
        data["hp"] = {"max": changes["hp"], "current": changes["hp"]}
    new = _combatant_fields(enc, data, cid)
    return log(_replace_combatant(enc, new), "{name} edited", name=new.name)


def duplicate(enc: Encounter, cid: str) -> Encounter:
    src = enc.get(cid).to_dict()
    for key in ("id", "conditions", "initiative", "init_roll", "acted", "used"):
        src.pop(key, None)
    return add_combatant(enc, f"{src.pop('name')} (2)", src.pop("side"), **src)


def remove(enc: Encounter, cid: str) -> Encounter:
    gone = enc.get(cid)
    order = list(enc.order)
    turn = enc.turn
    if cid in order:
        index = order.index(cid)
        order.remove(cid)
        if index < turn or (index == turn and turn >= len(order)):
            turn = max(0, turn - 1) if index < turn else 0
    enc = replace(enc, combatants=tuple(c for c in enc.combatants if c.id != cid),
                  order=tuple(order), turn=min(turn, max(len(order) - 1, 0)))
    return log(enc, "{name} leaves the encounter", name=gone.name)


# ----- initiative ----------------------------------------------------------

def set_initiative(enc: Encounter, cid: str, total: int, roll=None) -> Encounter:
    if isinstance(total, bool) or not isinstance(total, int) or not -1000 <= total <= 1000:
        raise InputError("initiative", "must be a whole number")
    c = replace(enc.get(cid), initiative=total, init_roll=roll)
    return log(_replace_combatant(enc, c), "{name}: initiative {value}", name=c.name, value=total)


def roll_initiative(enc: Encounter, rng=None, typed=None, tiebreak=None, order=None) -> tuple:
    """Ask the ruleset for the order. ``typed`` maps ids to the die rolled at
    the table; others are rolled with ``rng``. Returns (encounter, result dict)
    — the result carries per-combatant breakdowns and tie prompts."""
    from .queries import run
    payload = {"ruleset": enc.ruleset, "options": enc.options,
               "combatants": [{"id": c.id, "name": c.name, "modifier": c.init_mod,
                               "creature": _creature_dict(c), "group": c.group, "side": c.side}
                              for c in enc.combatants],
               "rolls": dict(typed or {}), "tiebreak": dict(tiebreak or {})}
    if order is not None:
        payload["order"] = list(order)
    result = run("initiative", payload, rng)
    ordered = tuple(result["value"])
    combatants = []
    for c in enc.combatants:
        detail = result["details"].get(c.id) or {}
        total = detail.get("total") if isinstance(detail, dict) else None
        combatants.append(replace(c, initiative=total if isinstance(total, int) else c.initiative))
    enc = replace(enc, combatants=tuple(combatants), order=ordered, turn=0)
    rules = sorted({l["rule"] for d in result["details"].values() if isinstance(d, dict)
                    for l in d.get("lines", [])})
    return log(enc, "Initiative order: {names}", rules,
               names=", ".join(enc.get(i).name for i in ordered)), result


def set_order(enc: Encounter, ids) -> Encounter:
    """A manual reorder (always allowed, always logged)."""
    ids = tuple(ids)
    if sorted(ids) != sorted(c.id for c in enc.combatants):
        raise InputError("order", "must list every combatant once")
    current = enc.current()
    turn = ids.index(current.id) if current is not None else 0
    enc = replace(enc, order=ids, turn=turn)
    return log(enc, "Order changed by hand: {names}", names=", ".join(enc.get(i).name for i in ids))


def _creature_dict(c: Combatant) -> dict:
    return c.creature().to_dict()


# ----- rounds and turns ------------------------------------------------------

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
    aware = [c.aware for c in enc.combatants]
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
    for c in enc.combatants:
        if not c.aware and "surprised" in ruleset.conditions and style in ("round", "first_turn"):
            kind = Duration("turn_end", 1, c.id) if style == "first_turn" else Duration()
            enc = add_condition(enc, c.id, "surprised", cause=START if style == "round" else "",
                                duration=kind)
        if "flat_footed" in ruleset.conditions and (flat == "all" or (flat == "unaware" and not c.aware)):
            enc = add_condition(enc, c.id, "flat_footed", cause=START)
    return enc


def mark_surprised(enc: Encounter, ids) -> Encounter:
    """classic: the combatants whose d100 surprise check failed lose round 1
    (``classic.surprise.effect.no-actions``): surprised until round 2 starts."""
    if enc.phase == "setup":
        raise InputError("phase", "start the combat first")
    first = enc.order[0]
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
        if enc.get(enc.order[i]).aware:
            return i
    return index


def next_turn(enc: Encounter) -> Encounter:
    if enc.phase == "setup":
        raise InputError("phase", "start the combat first")
    enc = _end_turn(enc)
    index = enc.turn + 1
    if enc.phase == "surprise":
        while index < len(enc.order) and not enc.get(enc.order[index]).aware:
            index += 1
        if index >= len(enc.order):
            enc = replace(enc, phase="combat", round=1)
            enc = log(enc, "Round {n} begins", ("pf1.seq.3-after-surprise",), n=1)
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
    return log(enc, "{name}'s turn", name=current.name)


def _end_turn(enc: Encounter) -> Encounter:
    current = enc.current()
    return _expire(enc, lambda owner, inst: _ends_at_end(inst, current.id))


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
                             expires_round=enc.round + duration.rounds if duration.kind == "rounds" else 0,
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


def damage(enc: Encounter, cid: str, amount: int, rng=None, rolls=None, critical=False) -> tuple:
    """Damage through the ruleset's hit-point state machine. Returns
    (encounter, result dict with events and prompts)."""
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 100000:
        raise InputError("amount", "must be a whole number ≥ 0")
    c, result = _hp_query(enc, cid, "damage", {"amount": amount, "critical": critical,
                                               "rolls": dict(rolls or {})}, rng)
    enc = _replace_combatant(enc, c)
    return log(enc, "{name} takes {amount} damage ({current}/{max} HP)", result.get("events", ()),
               name=c.name, amount=amount, current=c.hp.current, max=c.hp.max), result


def heal(enc: Encounter, cid: str, amount: int, rng=None) -> tuple:
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 100000:
        raise InputError("amount", "must be a whole number ≥ 0")
    c, result = _hp_query(enc, cid, "heal", {"amount": amount}, rng)
    enc = _replace_combatant(enc, c)
    return log(enc, "{name} heals {amount} ({current}/{max} HP)", result.get("events", ()),
               name=c.name, amount=amount, current=c.hp.current, max=c.hp.max), result


def turn_rolls(enc: Encounter, cid: str, rng=None, rolls=None) -> tuple:
    """Start-of-turn rolls (dying, death saves …) through the ruleset."""
    c, result = _hp_query(enc, cid, "turn", {"rolls": dict(rolls or {})}, rng)
    enc = _replace_combatant(enc, c)
    return log(enc, "{name}: start-of-turn roll ({status})", result.get("events", ()),
               name=c.name, status=c.hp.status), result
