"""dnd5e order of combat: surprise, initiative, and the start of a turn.

Initiative is a Dexterity check (d20 + Dex modifier, with the disadvantage
conditions give to ability checks); one roll per group of identical
creatures; highest first; ties are decided by the DM and the players
(prompts) or, with the option ``initiative_ties: roll-d20``, by a d20 roll-off.
Surprise compares each hider's Stealth check with the passive Perception of
each creature on the other sides (ties: AMB-49 option ``surprise_ties``).
The turn query resets the action economy, applies the first-turn surprise,
rolls the death save of a dying creature and advances round and turn.
"""

from __future__ import annotations

from ... import dice
from ...breakdown import Breakdown, Line
from ...creature import Creature
from ...engine import active_modifiers, build_context
from ...errors import InputError
from ...model import Reminder
from ...result import Prompt, Result
from .rolls import roll_d20, roll_flags, roll_mode, typed_pair
from .tables import R_CONDITIONS, R_DEATH as R_DEATH_SAVES

SIDES = ("party", "foes", "other")
ROUND_SECONDS = 6


def _entries(q, key="combatants"):
    """Validated combatant dicts, ids unique."""
    out, seen = [], set()
    for i, c in enumerate(q.list(key)):
        field = f"{key}[{i}]"
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not c["id"]:
            raise InputError(f"{field}.id", "each combatant needs a text id")
        if c["id"] in seen:
            raise InputError(f"{field}.id", f"duplicate id {c['id']!r}")
        seen.add(c["id"])
        side = c.get("side", "party")
        if side not in SIDES:
            raise InputError(f"{field}.side", f"unknown side {side!r}", SIDES)
        out.append((field, c))
    return out


class Dnd5eOrder:
    """query_initiative, query_surprise, query_turn."""

    def _combatant(self, field, c, q):
        creature = Creature.from_dict(c.get("creature", {}), f"{field}.creature")
        self.check_stats(creature, f"{field}.creature")
        ctx = build_context(self, q.options, {"self": creature})
        return creature, active_modifiers(self, creature, ctx)

    def _check_roll(self, mods, kind, given, rng, field, rule, base_lines):
        """An ability check: d20 (two with advantage/disadvantage) + lines."""
        flags = roll_flags(mods, "check", kind)
        mode, mode_lines = roll_mode(flags["advantage"], flags["disadvantage"])
        first, second = typed_pair(given, field)
        natural, rolled = roll_d20(mode, first, second, rng, field)
        return Breakdown.of([Line("check.d20", natural, rule)] + base_lines), rolled, mode_lines

    # --- initiative -----------------------------------------------------------
    def query_initiative(self, q, rng) -> Result:
        rolls = q.payload.get("rolls", {})
        if not isinstance(rolls, dict):
            raise InputError("rolls", "must be an object of d20 results by id")
        groups = {}
        for field, c in _entries(q):
            key = c.get("group") or c["id"]
            if not isinstance(key, str):
                raise InputError(f"{field}.group", "must be a name")
            creature, mods = self._combatant(field, c, q)
            if "modifier" in c:
                mod = c["modifier"]
                if isinstance(mod, bool) or not isinstance(mod, int) or not -10 <= mod <= 30:
                    raise InputError(f"{field}.modifier", "must be a whole number from -10 to 30")
                label = "initiative.modifier"
            elif "initiative" in creature.stats:
                mod, label = creature.stat("initiative"), "initiative.modifier"
            else:
                mod, label = creature.stat("dex_mod"), "initiative.dex_mod"
            entry = groups.setdefault(key, {"ids": [], "mod": mod, "label": label, "mods": mods,
                                            "sides": set(), "field": field})
            if entry["ids"] and entry["mod"] != mod:
                raise InputError(f"{field}.modifier", f"group {key!r} must be identical "
                                 "creatures: its members have different modifiers")
            entry["ids"].append(c["id"])
            entry["sides"].add(c.get("side", "party"))
        for key in rolls:
            if key not in groups and not any(key in e["ids"] for e in groups.values()):
                raise InputError(f"rolls.{key}", "no combatant or group with this id",
                                 tuple(groups))
        details, totals = {}, {}
        for key, e in groups.items():
            given = rolls.get(key, rolls.get(e["ids"][0]))
            base = [Line(e["label"], e["mod"], "dnd5e.init.check")]
            if len(e["ids"]) > 1 or key not in e["ids"]:
                base.append(Line("initiative.group", 0, "dnd5e.init.group", reason=key))
            bd, rolled, mode_lines = self._check_roll(e["mods"], "dex", given, rng,
                                                      f"rolls.{key}", "dnd5e.init.check", base)
            totals[key] = bd.total
            for cid in e["ids"]:
                details[cid] = bd
            if mode_lines:
                details[f"mode.{key}"] = Breakdown.of(mode_lines, "flag")
        order, prompts, tiebreaks = self._rank(q, groups, totals, rng)
        ids = [cid for key in order for cid in groups[key]["ids"]]
        details["tiebreaks"] = tiebreaks
        events = ["dnd5e.seq.3-initiative", "dnd5e.init.order"]
        if tiebreaks:
            events.append("dnd5e.init.tie.optional-d20")
        return Result(value=ids, details=details, prompts=tuple(prompts), events=tuple(events))

    def _rank(self, q, groups, totals, rng):
        """Highest total first; ties by the GM's ``order`` or a d20 roll-off."""
        keys = sorted(groups, key=lambda k: -totals[k])
        chosen = q.list("order")
        tiebreak = q.payload.get("tiebreak", {})
        if not isinstance(tiebreak, dict):
            raise InputError("tiebreak", "must be an object of d20 results by id")
        roll_off = q.options.get("initiative_ties") == "roll-d20"
        prompts, rolled, out = [], {}, []
        for total in sorted(set(totals.values()), reverse=True):
            tied = [k for k in keys if totals[k] == total]
            if len(tied) > 1 and roll_off:
                for k in tied:
                    rolled[k] = dice.take(20, tiebreak.get(k), rng, f"tiebreak.{k}")
                tied.sort(key=lambda k: -rolled[k])
                still = [k for k in tied if [rolled[j] for j in tied].count(rolled[k]) > 1]
                if still:
                    prompts.append(Prompt("dnd5e.init.tie.optional-d20", "Tied again: roll "
                                          "another d20 or decide the order", "d20",
                                          params={"ids": still, "total": total}))
            elif len(tied) > 1:
                if all(k in chosen for k in tied):
                    tied.sort(key=chosen.index)
                else:
                    prompts.append(self._tie_prompt(groups, tied, total))
            out += tied
        return out, prompts, rolled

    @staticmethod
    def _tie_prompt(groups, tied, total) -> Prompt:
        sides = {"party" if "party" in groups[k]["sides"] else "dm" for k in tied}
        if sides == {"party"}:
            rule, text = "dnd5e.init.tie.players", "Tie: the players decide the order of their characters"
        elif sides == {"dm"}:
            rule, text = "dnd5e.init.tie.dm", "Tie: the DM decides the order of the creatures"
        else:
            rule, text = "dnd5e.init.tie.mixed", "Tie between a monster and a character: the DM decides"
        return Prompt(rule, text, params={"ids": tied, "total": total})

    # --- surprise ------------------------------------------------------------
    def query_surprise(self, q, rng) -> Result:
        rolls = q.payload.get("rolls", {})
        if not isinstance(rolls, dict):
            raise InputError("rolls", "must be an object of d20 results by id")
        people = []
        for field, c in _entries(q):
            creature, mods = self._combatant(field, c, q)
            people.append((field, c, creature, mods))
        hiders = {c["id"]: self._stealth(f, c, cr, mods, rolls.get(c["id"]), rng)
                  for f, c, cr, mods in people if c.get("hiding")}
        passive = {c["id"]: self._passive(f, c, cr, mods) for f, c, cr, mods in people}
        tie_wins = q.options.get("surprise_ties") != "observer-notices"
        need_all = q.options.get("surprise_threat") == "notices-all"
        surprised, verdicts, noticed = [], {}, {}
        for field, c, creature, mods in people:
            threats = [o for _, o, _, _ in people if o.get("side", "party") != c.get("side", "party")]
            seen = []
            for t in threats:
                s = hiders.get(t["id"])
                hidden = s is not None and (s.total >= passive[c["id"]].total if tie_wins
                                            else s.total > passive[c["id"]].total)
                if not hidden:
                    seen.append(t["id"])
            noticed[c["id"]] = seen
            aware = c.get("aware")
            if aware is not None and not isinstance(aware, bool):
                raise InputError(f"{field}.aware", "must be true, false or absent")
            if aware is not None:
                is_surprised, rule = not aware, "dnd5e.surprise.dm-decides"
            elif not any(t["id"] in hiders for t in threats):
                is_surprised, rule = False, "dnd5e.surprise.no-stealth"
            else:
                missed = len(seen) < len(threats)
                is_surprised = missed if need_all else not seen
                rule = "dnd5e.surprise.contest"
            verdicts[c["id"]] = Line("surprised" if is_surprised else "not-surprised",
                                     int(is_surprised), rule, "flag")
            if is_surprised:
                surprised.append(c["id"])
        events = []
        if surprised:
            events.append("dnd5e.surprise.effect")
            for side in SIDES:
                members = [c["id"] for _, c, _, _ in people if c.get("side", "party") == side]
                if 0 < len([m for m in members if m in surprised]) < len(members):
                    events.append("dnd5e.surprise.individual")
                    break
        acting = [c["id"] for _, c, _, _ in people if c["id"] not in surprised]
        value = {"surprise_round": False, "surprised": surprised, "acting": acting}
        details = {"verdict": verdicts, "passive": passive, "stealth": hiders, "noticed": noticed}
        return Result(value=value, details=details, events=tuple(events),
                      reminders=(Reminder("dnd5e.seq.1-surprise", "Step 1: the DM determines "
                                          "whether anyone involved is surprised"),),
                      prompts=(Prompt("dnd5e.surprise.dm-decides", "The DM decides who might be "
                                      "surprised (mark a creature aware or unaware to override)"),))

    def _stealth(self, field, c, creature, mods, given, rng) -> Breakdown:
        if "stealth" in c:
            bonus = c["stealth"]
            if isinstance(bonus, bool) or not isinstance(bonus, int) or not -10 <= bonus <= 30:
                raise InputError(f"{field}.stealth", "must be a whole number from -10 to 30")
        else:
            bonus = creature.stat("stealth", creature.stat("dex_mod"))
        bd, _, _ = self._check_roll(mods, "dex", given, rng, f"rolls.{c['id']}",
                                    "dnd5e.surprise.contest",
                                    [Line("stealth.bonus", bonus, "dnd5e.surprise.contest")])
        return bd

    @staticmethod
    def _passive(field, c, creature, mods) -> Breakdown:
        """Passive Perception: typed, the stat, or 10 + Perception; -5/+5 for
        disadvantage/advantage on (Wisdom) checks from conditions."""
        if "passive_perception" in c:
            value = c["passive_perception"]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 40:
                raise InputError(f"{field}.passive_perception", "must be a whole number from 0 to 40")
            lines = [Line("passive_perception", value, "dnd5e.surprise.contest")]
        elif "passive_perception" in creature.stats:
            lines = [Line("passive_perception", creature.stat("passive_perception"),
                          "dnd5e.surprise.contest")]
        else:
            lines = [Line("passive.base", 10, "dnd5e.surprise.contest"),
                     Line("passive.perception", creature.stat("perception",
                                                              creature.stat("wis_mod")),
                          "dnd5e.surprise.contest")]
        flags = roll_flags(mods, "check", "wis")
        if flags["disadvantage"] and not flags["advantage"]:
            m = flags["disadvantage"][0]
            lines.append(Line("passive.disadvantage", -5, m.rule, source=m.source))
        elif flags["advantage"] and not flags["disadvantage"]:
            m = flags["advantage"][0]
            lines.append(Line("passive.advantage", 5, m.rule, source=m.source))
        return Breakdown.of(lines)

    # --- turn -----------------------------------------------------------------
    def query_turn(self, q, rng) -> Result:
        creature, ctx, mods = self._self(q)
        sources = q.list("bonus_actions")
        economy = self.economy(creature, mods, [], self.bonus_sources(creature, sources), q.options)
        details = dict(economy)
        details["movement"] = self.speed(creature, mods, "walk", base=None) \
            if "speed" in creature.stats else None
        events, prompts, value = ["dnd5e.seq.4-turns", "ext.dnd5e.reactions-oa"], [], None
        breakdown = None
        if ctx.has("self.cond.surprised"):
            details["end_of_turn_remove"] = ["surprised"]
            events.append("dnd5e.surprise.effect")
        if q.payload.get("hp") is not None:
            hp = self._hp(q)
            value = hp
            if self.exhaustion_death(creature) and hp.status != "dead":
                value = hp.with_(status="dead", current=0)
                events.append(R_CONDITIONS)
            elif (hp.status == "dying" or (hp.current == 0 and hp.status == "ok")) \
                    and q.rolls().d20 is None and rng is None:
                prompts.append(Prompt(R_DEATH_SAVES, "Roll a death saving throw (10 or higher succeeds)",
                                      roll="d20", target=10, params={"field": "rolls.d20"}))
            elif hp.status == "dying" or (hp.current == 0 and hp.status == "ok"):
                value, breakdown, save, more = self.death_save(creature, hp.with_(status="dying"),
                                                               q.rolls(), rng, q.options)
                details["death_save"] = save
                events += more
        if q.payload.get("order") is not None:
            details["sequence"] = self._sequence(q)
            if details["sequence"]["next_round"].value > details["sequence"]["round"].value:
                events.append("dnd5e.seq.5-next-round")
        return Result(value=value, breakdown=breakdown, details=details,
                      prompts=tuple(prompts), events=tuple(dict.fromkeys(events)))

    @staticmethod
    def _sequence(q) -> dict:
        """Who acts next: the same initiative order every round, one turn each."""
        order = q.list("order")
        if not order or not all(isinstance(i, str) for i in order) or len(set(order)) != len(order):
            raise InputError("order", "must be the initiative order: a list of distinct ids")
        current = q.choice("current", order)
        round_no = q.int("round", 1, 100000, 1)
        acted = q.list("acted")
        if current in acted:
            raise InputError("current", f"{current} has already taken its turn this round "
                             "(one turn each per round)")
        index = order.index(current)
        wraps = index == len(order) - 1
        return {
            "round": Line("round", round_no, "dnd5e.round.one-turn-each"),
            "order": Line("initiative.order", list(order), "dnd5e.init.constant"),
            "next": Line("turn.next", order[0] if wraps else order[index + 1],
                         "dnd5e.seq.5-next-round" if wraps else "dnd5e.seq.4-turns"),
            "next_round": Line("round.next", round_no + 1 if wraps else round_no,
                               "dnd5e.seq.5-next-round"),
            "elapsed": Line("round.elapsed", (round_no - 1) * ROUND_SECONDS, "dnd5e.round.duration",
                            "seconds"),
        }
