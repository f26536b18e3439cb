"""pf1 initiative, surprise round and the combat sequence (seed §2.1–§2.5).

``query_initiative``: every combatant rolls d20 + initiative modifier (a Dex
check); highest first; ties go to the higher total modifier, then to a roll-off
the app asks for (``tiebreak``); Delay and Ready move a combatant; a combatant
that cannot act keeps its place; everyone but uncanny dodgers starts
flat-footed; ``current`` gives the next turn (the order repeats every round).
``query_surprise``: a surprise round only when some but not all combatants
are aware; the aware act with one standard or move action plus free actions,
the unaware do not act and are flat-footed.
"""

from __future__ import annotations

from ... import dice
from ...breakdown import Breakdown, Line
from ...creature import Creature
from ...engine import active_modifiers, build_context
from ...errors import InputError
from ...result import Prompt, Result
from ...ruleset import lines_from
from .rules import (FF_OPTION, FF_START, INIT_CHECK, INIT_DIE, INIT_INACTION, INIT_ORDER,
                    INIT_TIE_MOD, INIT_TIE_REROLL, ROUND_OPPORTUNITY, ROUND_ORDER, SEQ_AFTER_SURPRISE,
                    SEQ_AWARENESS, SEQ_CYCLIC, SEQ_INITIATIVE, SEQ_ORDER, SEQ_REPEAT, SPECIAL_INIT,
                    SUR_ACTIONS, SUR_CHECK, SUR_DEFINITION, SUR_FLAT_FOOTED, SUR_NO_ACT,
                    SUR_NONE_OR_ALL, SUR_ROUND, UD_NOT_FF, ability_mods, uncanny_dodge)

RESERVED = ("order", "ties", "flat_footed", "inactive", "next", "special", "cycle")
IMPROVED_INITIATIVE = 4


def _entries(q, key="combatants") -> list:
    """Validated combatant entries: unique ids, optional creature."""
    entries = q.list(key)
    if not entries:
        raise InputError(key, "needs at least one combatant")
    seen = set()
    out = []
    for i, e in enumerate(entries):
        field = f"{key}[{i}]"
        if not isinstance(e, dict) or not isinstance(e.get("id"), str) or not e["id"]:
            raise InputError(f"{field}.id", "each combatant needs an id (text)")
        if e["id"] in seen:
            raise InputError(f"{field}.id", f"{e['id']!r} appears twice: each combatant has one "
                                            f"turn per round ({ROUND_OPPORTUNITY})")
        if e["id"] in RESERVED:
            raise InputError(f"{field}.id", f"{e['id']!r} is a reserved name", RESERVED)
        seen.add(e["id"])
        creature = Creature.from_dict(e["creature"], f"{field}.creature") if e.get("creature") else None
        out.append((e, creature))
    return out


def _id_map(q, key, ids) -> dict:
    data = q.payload.get(key, {})
    if not isinstance(data, dict):
        raise InputError(key, "must map combatant ids to dice")
    for k in data:
        if k not in ids:
            raise InputError(f"{key}.{k}", "not a combatant of this query", tuple(ids))
    return data


class Pf1Initiative:
    """Initiative, sequence and surprise queries."""

    def initiative_lines(self, entry, creature, options, field) -> list:
        """The initiative modifier: typed ``modifier`` or Dex + other modifiers,
        plus what the creature's conditions do to a Dex check."""
        lines = []
        modifier = entry.get("modifier")
        if modifier is not None:
            if isinstance(modifier, bool) or not isinstance(modifier, int) or not -50 <= modifier <= 100:
                raise InputError(f"{field}.modifier", "must be a whole number from -50 to 100")
            lines.append(Line("initiative.modifier", modifier, INIT_CHECK))
        elif creature is not None:
            lines.append(Line("initiative.dex_mod", creature.stat("dex_mod"), INIT_CHECK))
            if creature.stat("init_misc"):
                lines.append(Line("initiative.misc", creature.stat("init_misc"), INIT_CHECK))
            if creature.has("improved_initiative"):
                lines.append(Line("initiative.improved_initiative", IMPROVED_INITIATIVE, INIT_DIE))
        else:
            raise InputError(f"{field}.modifier", "give the initiative modifier or the creature")
        if creature is not None:
            self.check_stats(creature, f"{field}.creature")
            ctx = build_context(self, options, {"self": creature})
            mods = active_modifiers(self, creature, ctx)
            chosen = [m for m in mods if m.target == "initiative"
                      or (m.target == "check" and m.detail == "")] + ability_mods(mods, "dex")
            lines += lines_from(chosen)
        return self.stack("initiative", lines, None)

    def query_initiative(self, q, rng) -> Result:
        entries = _entries(q)
        ids = [e["id"] for e, _ in entries]
        rolls, tiebreak = _id_map(q, "rolls", ids), _id_map(q, "tiebreak", ids)
        details, totals, modifiers, inactive, flat_footed = {}, {}, {}, [], []
        for i, (e, creature) in enumerate(entries):
            cid = e["id"]
            mod_lines = self.initiative_lines(e, creature, q.options, f"combatants[{i}]")
            d20 = dice.take(20, rolls.get(cid), rng, f"rolls.{cid}")
            lines = [Line("initiative.d20", d20, INIT_DIE)] + mod_lines
            if creature is not None and self._cannot_act(creature, q.options):
                lines.append(Line("initiative.inaction", 0, INIT_INACTION, "flag", reason="keeps-place"))
                inactive.append(cid)
            details[cid] = Breakdown.of(lines)
            totals[cid] = details[cid].total
            modifiers[cid] = totals[cid] - d20
            ctx = build_context(self, q.options, {"self": creature}) if creature else None
            if creature is None or not uncanny_dodge(creature, ctx):
                flat_footed.append(cid)
        order, ties, prompts = self._sort(ids, totals, modifiers, tiebreak, q)
        order, special = self._special(q, order, details, totals, ids)
        details.update(order=order, ties=ties, inactive=inactive, flat_footed=flat_footed,
                       special=special, cycle={"rules": [SEQ_CYCLIC, ROUND_ORDER],
                                               "order_every_round": order})
        nxt = self._next(q, order)
        if nxt is not None:
            details["next"] = nxt
        events = (SEQ_INITIATIVE, INIT_ORDER, FF_START) + ((SPECIAL_INIT,) if special else ())
        return Result(value=order, details=details, prompts=tuple(prompts), events=events)

    def _cannot_act(self, creature, options) -> bool:
        ctx = build_context(self, options, {"self": creature})
        return any(m.target == "forbid" and m.detail == "actions"
                   for m in active_modifiers(self, creature, ctx))

    def _sort(self, ids, totals, modifiers, tiebreak, q):
        """Highest total first; ties by total modifier, then by the roll-off."""
        gm_order = q.payload.get("order")
        if gm_order is not None and (not isinstance(gm_order, list) or sorted(gm_order) != sorted(ids)):
            raise InputError("order", "must list every combatant id once")
        position = {cid: (gm_order.index(cid) if gm_order else ids.index(cid)) for cid in ids}
        rolloff = {}
        for cid, value in tiebreak.items():
            rolloff[cid] = dice.take(20, value, None, f"tiebreak.{cid}")
        order = sorted(ids, key=lambda c: (-totals[c], -modifiers[c], -rolloff.get(c, 0), position[c]))
        ties, prompts = [], []
        groups = {}
        for cid in order:
            groups.setdefault(totals[cid], []).append(cid)
        for total, group in groups.items():
            if len(group) < 2:
                continue
            by_mod = {}
            for cid in group:
                by_mod.setdefault(modifiers[cid], []).append(cid)
            if len(by_mod) > 1:
                ties.append({"ids": group, "total": total, "rule": INIT_TIE_MOD})
            for same in by_mod.values():
                if len(same) < 2:
                    continue
                tied = self._rolloff_ties(same, rolloff)
                resolved = not tied and all(c in rolloff for c in same)
                ties.append({"ids": same, "total": total, "rule": INIT_TIE_REROLL,
                             "resolved": resolved or gm_order is not None})
                for group_left in tied if gm_order is None else []:
                    prompts.append(Prompt(INIT_TIE_REROLL, "initiative tie: these combatants roll a "
                                          "d20 again; the highest goes first", roll="d20",
                                          target=total, params={"ids": group_left}))
        return order, ties, prompts

    @staticmethod
    def _rolloff_ties(same, rolloff) -> list:
        if not all(c in rolloff for c in same):
            return [same]
        groups = {}
        for cid in same:
            groups.setdefault(rolloff[cid], []).append(cid)
        return [g for g in groups.values() if len(g) > 1]

    def _special(self, q, order, details, totals, ids):
        """Delay (act right after another) and Ready (act right before the
        trigger): the new place and initiative count."""
        out = []
        for i, s in enumerate(q.list("special")):
            field = f"special[{i}]"
            if not isinstance(s, dict) or s.get("id") not in ids:
                raise InputError(f"{field}.id", "must name a combatant", tuple(ids))
            action = s.get("action")
            if action not in ("delay", "ready"):
                raise InputError(f"{field}.action", f"unknown action {action!r}", ("delay", "ready"))
            key = "after" if action == "delay" else "before"
            other = s.get(key)
            if other not in ids or other == s["id"]:
                raise InputError(f"{field}.{key}", "must name another combatant", tuple(ids))
            order = [c for c in order if c != s["id"]]
            where = order.index(other) + (1 if action == "delay" else 0)
            order.insert(where, s["id"])
            count = totals[other]
            bd = details[s["id"]]
            change = count - bd.total
            details[s["id"]] = Breakdown.of(bd.lines + (Line(f"initiative.{action}", change,
                                                             SPECIAL_INIT),))
            out.append({"id": s["id"], "action": action, key: other, "count": count,
                        "rule": SPECIAL_INIT})
        return order, out

    def _next(self, q, order):
        """Who acts after ``current`` {id, round}: the same order every round."""
        current = q.payload.get("current")
        if current is None:
            return None
        if not isinstance(current, dict) or current.get("id") not in order:
            raise InputError("current.id", "must name a combatant", tuple(order))
        rnd = current.get("round", 1)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= 100000:
            raise InputError("current.round", "must be a whole number from 1")
        i = order.index(current["id"]) + 1
        if i < len(order):
            return {"id": order[i], "round": rnd, "new_round": False, "rule": SEQ_ORDER}
        return {"id": order[0], "round": rnd + 1, "new_round": True, "rule": SEQ_REPEAT}

    # ----- surprise -------------------------------------------------------
    def query_surprise(self, q, rng) -> Result:
        entries = _entries(q)
        ids = [e["id"] for e, _ in entries]
        order = q.payload.get("order", ids)
        if not isinstance(order, list) or not all(isinstance(o, str) for o in order) \
                or sorted(order) != sorted(ids):
            raise InputError("order", "must list every combatant id once (initiative order)")
        aware, unknown, prompts = {}, [], []
        for i, (e, _) in enumerate(entries):
            value = e.get("aware")
            if value is None:
                unknown.append(e["id"])
                prompts.append(Prompt(SUR_CHECK, "awareness: a Perception check (or another check) "
                                      "decides whether it is aware of its opponents",
                                      roll="d20+perception", params={"id": e["id"], "step": SEQ_AWARENESS}))
            elif not isinstance(value, bool):
                raise InputError(f"combatants[{i}].aware", "must be true or false")
            else:
                aware[e["id"]] = value
        sides = {e["id"]: e.get("side") for e, _ in entries}
        known_aware = [c for c in order if aware.get(c) is True]
        unaware = [c for c in order if aware.get(c) is False]
        if unknown:
            surprise = None
        else:
            surprise = bool(known_aware) and bool(unaware)
        surprised = [c for c in unaware if any(
            a != c and (sides[c] is None or sides[a] != sides[c]) for a in known_aware)]
        regular_turn = q.options.get(FF_OPTION) == "regular-turn"
        details, flat = {}, []
        for e, creature in entries:
            cid = e["id"]
            ctx = build_context(self, q.options, {"self": creature}) if creature else None
            ud = creature is not None and uncanny_dodge(creature, ctx)
            lines = []
            if surprise and cid in known_aware:
                lines.append(Line("surprise.acts", 1, SUR_ACTIONS, "flag", reason="standard-or-move"))
            elif surprise:
                lines.append(Line("surprise.acts", 0, SUR_NO_ACT, "flag").suppressed("unaware"))
            acted = surprise and cid in known_aware and not regular_turn
            if ud:
                lines.append(Line("flat_footed", 0, UD_NOT_FF, "flag").suppressed("uncanny-dodge"))
            elif cid in unaware:
                lines.append(Line("flat_footed", 1, SUR_FLAT_FOOTED, "flag"))
                flat.append(cid)
            elif not acted:
                lines.append(Line("flat_footed", 1, FF_START, "flag"))
                flat.append(cid)
            details[cid] = Breakdown.of(lines, "flag")
        sequence = [{"round": 1, "acting": list(order), "rule": SEQ_AFTER_SURPRISE if surprise else SUR_NONE_OR_ALL}]
        if surprise:
            sequence.insert(0, {"round": 0, "acting": known_aware, "rule": SUR_ROUND,
                                "actions": {"standard_or_move": 1, "free": "any", "rule": SUR_ACTIONS}})
        value = {"surprise_round": surprise, "acting": known_aware if surprise else [],
                 "surprised": surprised, "unaware": unaware, "undetermined": unknown,
                 "flat_footed": flat, "sequence": sequence,
                 "rules": {"surprised": SUR_DEFINITION,
                           "surprise_round": SUR_ROUND if surprise else SUR_NONE_OR_ALL}}
        events = () if surprise is None else ((SUR_ROUND,) if surprise else (SUR_NONE_OR_ALL,))
        return Result(value=value, details=details, prompts=tuple(prompts), events=events)
