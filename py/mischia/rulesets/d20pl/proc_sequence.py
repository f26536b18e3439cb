"""d20pl combat sequence (*Jak wygląda walka*) and surprise (*Zaskoczenie*).

* ``initiative``: the seed has no initiative roll — Los (the GM) sets the
  order (``d20pl.seq.order``). Without a GM the posts rotate: each turn is
  opened by the next player, the others post in cyclic order and the opener
  closes with a summary (``d20pl.seq.no-gm-rotation``); duels alternate
  (``d20pl.seq.duel``). The ext option ``initiative_method`` switches to the
  SRD roll, d20 + Dex modifier (+4 Improved Initiative), ties broken by the
  modifier, then a roll-off the table makes (``ext.d20pl.initiative``).
* ``surprise``: a surprise round happens when some but not all combatants
  are aware; aware combatants get one standard action; unaware ones are
  ``surprised`` and ``flat_footed`` and do not act (AMB-30); a surprised
  character with passive perception above the DC to notice the attack may
  still make the Dodge test at −2.
"""

from __future__ import annotations

from ... import dice
from ...breakdown import Breakdown, Line
from ...creature import Creature
from ...engine import active_modifiers, build_context, select
from ...errors import InputError
from ...model import ConditionDef, Modifier, OptionDef, Reminder, Unit, when
from ...result import Prompt, Result
from . import combat as _combat

R_ORDER = "d20pl.seq.order"
R_ROTATION = "d20pl.seq.no-gm-rotation"
R_DUEL = "d20pl.seq.duel"
R_ROUND = "d20pl.round.duration"
R_INIT = "ext.d20pl.initiative"
R_AWARENESS = "d20pl.seq.awareness"
R_AWARE_ACT = "d20pl.seq.surprise-round.aware"
R_UNAWARE = "d20pl.seq.surprise-round.unaware"
R_FIRST_ROUND = "d20pl.seq.first-normal-round"
R_DEFINITION = "d20pl.surprise.definition"
R_CHECK = "d20pl.surprise.awareness-check"
R_PASSIVE = "d20pl.surprise.passive"
R_NO_STANDARD = "d20pl.surprise.no-standard"
R_FREE_BONUS = "d20pl.surprise.free-bonus"
R_NONE_OR_ALL = "d20pl.surprise.none-or-all"
R_NO_ACT = "d20pl.surprise.unaware-no-act"
R_FLAT_FOOTED = "d20pl.surprise.flat-footed"
R_NO_DODGE = "d20pl.perception.no-dodge"
R_EXCEPTION = "d20pl.perception.exception"
R_DODGE_PENALTY = "d20pl.perception.dodge-penalty"

ROUND_SECONDS = 6
IMPROVED_INITIATIVE = 4
PASSIVE_DODGE_PENALTY = -2
MODES = ("los", "no-gm", "duel")

_FLAT = ("flat_footed",) if "flat_footed" in _combat.CONDITIONS else ()
_ALL_BARRED = when("option.surprised_actions.no-actions")

CONDITIONS = {
    # pl: zaskoczony
    "surprised": ConditionDef(
        "surprised", R_NO_STANDARD, name="Surprised", implies=_FLAT,
        modifiers=(
            Modifier("forbid", 1, R_NO_STANDARD, Unit.FLAG, detail="action.standard"),
            Modifier("forbid", 1, R_NO_ACT, Unit.FLAG, detail="action.move", when=_ALL_BARRED),
            Modifier("forbid", 1, R_NO_ACT, Unit.FLAG, detail="action.full_round", when=_ALL_BARRED),
            Modifier("deny", 1, R_NO_DODGE, Unit.FLAG, detail="dodge_test"),
        ),
        reminders=(
            Reminder(R_DEFINITION, "Surprised: at the start of the fight it did not know of "
                                   "opponents who were aware of it"),
            Reminder(R_FREE_BONUS, "Surprised: free or bonus actions only if Los allows them"),
            Reminder(R_EXCEPTION, "A surprised character whose passive perception beats the DC "
                                  "to notice the attack may make the Dodge test at −2"),
        )),
}

OPTIONS = {
    "surprised_actions": OptionDef(
        "surprised_actions", R_FLAT_FOOTED, "no-actions", ("no-actions", "no-standard-only"),
        amb="AMB-30",
        text="Surprised creatures: no standard, move or full-round actions (free/bonus only if "
             "Los allows), or only standard actions barred"),
    "initiative_method": OptionDef(
        "initiative_method", R_INIT, "los", ("los", "srd-d20"),
        text="Order set by Los (the seed), or the SRD roll: d20 + Dex modifier"),
}


# ----- initiative -------------------------------------------------------------------------

def _combatants(q, ruleset) -> list:
    items = q.list("combatants")
    if not items:
        raise InputError("combatants", "list at least one combatant")
    out, seen = [], set()
    for i, c in enumerate(items):
        field = f"combatants[{i}]"
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not c["id"]:
            raise InputError(f"{field}.id", "each combatant needs a text id")
        if c["id"] in seen:
            raise InputError(f"{field}.id", f"duplicate id {c['id']!r}")
        seen.add(c["id"])
        creature = Creature.from_dict(c.get("creature", {}), f"{field}.creature")
        ruleset.check_stats(creature, f"{field}.creature")
        out.append((c["id"], c, creature))
    return out


def _order(q, ids) -> list:
    order = q.payload.get("order")
    if order is None:
        return list(ids)
    if not isinstance(order, list) or sorted(order) != sorted(ids):
        raise InputError("order", "must list every combatant id exactly once", tuple(ids))
    return list(order)


def initiative(ruleset, q, rng) -> Result:
    people = _combatants(q, ruleset)
    ids = [cid for cid, _, _ in people]
    mode = q.choice("mode", MODES, "los")
    round_bd = Breakdown.of([Line("round.seconds", ROUND_SECONDS, R_ROUND)], "seconds")
    if mode == "no-gm":
        return _rotation(q, ids, round_bd)
    if mode == "duel":
        if len(ids) != 2:
            raise InputError("combatants", "a duel has exactly two combatants")
        order = _order(q, ids)
        posts = [{"id": cid, "post": "turn", "rule": R_DUEL} for cid in order]
        return Result(value=order, details={"posts": posts, "round": round_bd,
                                            **{cid: _position(i, R_DUEL) for i, cid in enumerate(order)}})
    if q.options["initiative_method"] == "srd-d20":
        return _srd_roll(ruleset, q, people, rng, round_bd)
    order = _order(q, ids)
    tips = () if "order" in q.payload else (Prompt(R_ORDER, "Los sets the order of the combatants"),)
    positions = {cid: _position(i, R_ORDER) for i, cid in enumerate(order)}
    return Result(value=order, prompts=tips, details={"round": round_bd, **positions})


def _position(index, rule) -> dict:
    return {"position": index + 1, "lines": [Line("order.position", index + 1, rule)]}


def _rotation(q, ids, round_bd) -> Result:
    """Turn ``turn`` of a fight without Los: opener, the others in cycle, opener's summary."""
    players = _order(q, ids)
    number = q.int("turn", 1, 10000, 1)
    start = (number - 1) % len(players)
    cycle = players[start:] + players[:start]
    posts = [{"id": cycle[0], "post": "start", "rule": R_ROTATION}]
    posts += [{"id": cid, "post": "post", "rule": R_ROTATION} for cid in cycle[1:]]
    if len(cycle) > 1:
        posts.append({"id": cycle[0], "post": "summary", "rule": R_ROTATION})
    return Result(value=cycle, details={"posts": posts, "turn": number, "round": round_bd,
                                        **{cid: _position(i, R_ROTATION) for i, cid in enumerate(cycle)}})


def _srd_roll(ruleset, q, people, rng, round_bd) -> Result:
    rolls = q.payload.get("rolls", {}) or {}
    tiebreak = q.payload.get("tiebreak", {}) or {}
    if not isinstance(rolls, dict) or not isinstance(tiebreak, dict):
        raise InputError("rolls", "must map combatant ids to the d20 rolled")
    rows, details = [], {"round": round_bd}
    for cid, raw, creature in people:
        die = dice.take(20, rolls.get(cid), rng, f"rolls.{cid}")
        lines = [Line("initiative.d20", die, R_INIT)]
        if raw.get("modifier") is not None:
            mod = raw["modifier"]
            if isinstance(mod, bool) or not isinstance(mod, int) or not -50 <= mod <= 50:
                raise InputError(f"combatants.{cid}.modifier", "must be a whole number from -50 to 50")
            lines.append(Line("initiative.modifier", mod, R_INIT))
        else:
            ctx = build_context(ruleset, q.options, {"self": creature})
            lines.append(Line("initiative.dex_mod", creature.stat("dex_mod"), R_INIT))
            if creature.has("improved_initiative"):
                lines.append(Line("initiative.improved_initiative", IMPROVED_INITIATIVE, R_INIT))
            mods = select(active_modifiers(ruleset, creature, ctx), "initiative")
            lines += [Line(m.label or m.rule, m.value, m.rule, source=m.source) for m in mods]
        bd = Breakdown.of(lines)
        details[cid] = bd
        rows.append((cid, bd.total, bd.total - die))
    prompts = []
    for cid, total, mod in rows:
        tied = [r[0] for r in rows if r[1] == total and r[2] == mod]
        if len(tied) > 1 and not all(isinstance(tiebreak.get(t), int) for t in tied):
            prompt = Prompt(R_INIT, "Tied initiative and modifier: the tied combatants roll off",
                            "d20", params={"ids": tied, "field": "tiebreak"})
            if prompt not in prompts:
                prompts.append(prompt)
    order = sorted(rows, key=lambda r: (-r[1], -r[2], -_tb(tiebreak, r[0])))
    return Result(value=[r[0] for r in order], details=details, prompts=tuple(prompts))


def _tb(tiebreak, cid) -> int:
    value = tiebreak.get(cid, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
        raise InputError(f"tiebreak.{cid}", "must be the d20 rolled, 1 to 20")
    return value


# ----- surprise ---------------------------------------------------------------------------

def _number(raw, key, field, low=-50, high=200):
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(f"{field}.{key}", f"must be a whole number from {low} to {high}")
    return value


def _awareness(raw, field):
    """(aware or None, breakdown or None, prompt or None) for one combatant."""
    aware = raw.get("aware")
    if isinstance(aware, bool):
        return aware, None, None
    if aware is not None:
        raise InputError(f"{field}.aware", "must be true, false or left out (to check)")
    dc = _number(raw, "stealth_dc", field)
    looking = raw.get("actively_looking", True)
    score, rule = (_number(raw, "perception", field), R_CHECK) if looking else \
        (_number(raw, "passive_perception", field), R_PASSIVE)
    if dc is None or score is None:
        return None, None, Prompt(R_CHECK, "Unclear awareness: a Listen or Spot check against the "
                                           "opponent's Move Silently or Hide roll",
                                  "d20+listen|spot", dc, {"id": raw["id"], "passive": not looking})
    bd = Breakdown.of([Line("perception", score, rule), Line("stealth_dc", -dc, R_CHECK)])
    return score >= dc, bd, None


def surprise(ruleset, q, rng) -> Result:
    people = q.list("combatants")
    if not people:
        raise InputError("combatants", "list at least one combatant")
    details, prompts, aware, unaware, undecided = {}, [], [], [], []
    for i, raw in enumerate(people):
        field = f"combatants[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise InputError(f"{field}.id", "each combatant needs a text id")
        knows, bd, ask = _awareness(raw, field)
        if ask is not None:
            prompts.append(ask)
            undecided.append(raw["id"])
            continue
        (aware if knows else unaware).append(raw["id"])
        details[raw["id"]] = {"aware": knows, "awareness": bd}
    if undecided:
        return Result(value={"surprise_round": None, "undecided": undecided}, details=details,
                      prompts=tuple(prompts))
    happens = bool(aware) and bool(unaware)
    events = [R_AWARENESS if happens else R_NONE_OR_ALL]
    for i, raw in enumerate(people):
        entry = details[raw["id"]]
        if not happens:
            entry.update(actions="all", rule=R_NONE_OR_ALL)
        elif entry["aware"]:
            entry.update(actions="one standard action", rule=R_AWARE_ACT)
        else:
            entry.update(_unaware(raw, f"combatants[{i}]", q.options, prompts))
    value = {"surprise_round": happens, "acting": aware if happens else aware + unaware,
             "surprised": unaware if happens else [],
             "next": {"round": "first normal round, everyone acts", "rule": R_FIRST_ROUND}}
    if happens:
        events.append(R_FIRST_ROUND)
    return Result(value=value, details=details, prompts=tuple(prompts), events=tuple(events),
                  reminders=CONDITIONS["surprised"].reminders if happens else ())


def _unaware(raw, field, options, prompts) -> dict:
    """What an unaware combatant gets: conditions, allowed actions, the Dodge test."""
    out = {"conditions": [{"id": "surprised", "rule": R_NO_STANDARD},
                          {"id": "flat_footed", "rule": R_FLAT_FOOTED}],
           "rule": R_UNAWARE}
    if options["surprised_actions"] == "no-actions":
        out["actions"] = {"allowed": "none (free or bonus actions only if Los allows)",
                          "rules": [R_UNAWARE, R_NO_ACT, R_FREE_BONUS]}
    else:
        out["actions"] = {"allowed": "no standard actions; move, free or bonus actions",
                          "rules": [R_NO_STANDARD, R_FREE_BONUS]}
    passive = _number(raw, "passive_perception", field)
    notice = _number(raw, "notice_dc", field)
    if passive is not None and notice is None:
        prompts.append(Prompt(R_EXCEPTION, "Los sets the DC to notice the attack (against another "
                                           "player: the attacker's Move Silently roll)",
                              params={"id": raw["id"], "field": f"{field}.notice_dc"}))
    if passive is not None and notice is not None and passive > notice:
        out["dodge_test"] = Breakdown.of([Line("dodge_test.passive_perception",
                                               PASSIVE_DODGE_PENALTY, R_DODGE_PENALTY)])
        out["dodge_rule"] = R_EXCEPTION
    else:
        out["dodge_test"] = None
        out["dodge_rule"] = R_NO_DODGE
    return out
