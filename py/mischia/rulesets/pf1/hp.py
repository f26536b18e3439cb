"""pf1 hit points: damage, healing and the state machine (ext.pf1.hp-dying).

States (``HpState.status``): ``ok``; ``staggered`` / ``unconscious`` when
nonlethal damage (``counters["nonlethal"]``) equals / exceeds the current hit
points; ``disabled`` at 0; ``dying`` below 0 (unconscious, a DC 10 Con check
each turn, see ``turn.py``); ``stable`` (no longer dying; ``counters["aided"]``
when healing or aid stabilised it); ``dead`` at negative hit points equal to
the Constitution score (stat ``con``). Temporary hit points are lost first.
Energy drain lowers the maximum by 5 per negative level.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...errors import InputError
from ...result import Result
from .rules import CONDITIONS, HP_DYING

STATUS_CONDITIONS = {"ok": (), "staggered": ("staggered",), "unconscious": ("unconscious",),
                     "disabled": ("disabled",), "dying": ("dying",), "stable": ("stable",),
                     "dead": ("dead",)}
ENERGY_DRAIN_HP = 5


def con_score(creature, field="creature") -> int:
    if "con" not in creature.stats:
        raise InputError(f"{field}.stats.con", "the Constitution score is needed: a creature dies "
                                               "at negative hit points equal to it")
    return creature.stat("con")


def nonlethal_of(hp) -> int:
    """The nonlethal damage taken (``counters["nonlethal"]``), checked."""
    value = hp.counters.get("nonlethal", 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError("hp.counters.nonlethal", "must be a whole number of at least 0")
    return value


def settle(hp, con, damaged=False):
    """The status that goes with the hit points (a stable creature that takes
    damage is dying again)."""
    current, nonlethal = hp.current, nonlethal_of(hp)
    if current <= -con:
        status = "dead"
    elif current < 0:
        status = "stable" if hp.status == "stable" and not damaged else "dying"
    elif current == 0:
        status = "disabled"
    elif nonlethal > current:
        status = "unconscious"
    elif nonlethal == current:
        status = "staggered"
    else:
        status = "ok"
    counters = dict(hp.counters)
    if status != "stable":
        counters.pop("aided", None)
    return hp.with_(status=status, counters=counters)


def _change(old, new) -> dict:
    before, after = set(STATUS_CONDITIONS[old.status if old.status in STATUS_CONDITIONS else "ok"]), \
        set(STATUS_CONDITIONS[new.status])
    return {"add": sorted(after - before), "remove": sorted(before - after), "status": new.status}


def energy_levels(creature) -> int:
    return max([c.stage for c in creature.conditions
                if c.id == "energy_drained" and isinstance(c.stage, int)] or [0])


def apply_damage(hp, amount, con, nonlethal=False):
    """New hp and the breakdown lines of ``amount`` damage."""
    absorbed = min(hp.temp, amount)
    rest = amount - absorbed
    counters = dict(hp.counters)
    if nonlethal:
        counters["nonlethal"] = nonlethal_of(hp) + rest
        lines = [Line("hp.nonlethal.before", hp.counters.get("nonlethal", 0), HP_DYING),
                 Line("hp.nonlethal.damage", amount, HP_DYING)]
        current = hp.current
    else:
        lines = [Line("hp.current", hp.current, HP_DYING), Line("hp.damage", -amount, HP_DYING)]
        current = hp.current - rest
    if absorbed:
        lines.append(Line("hp.temp", -absorbed if nonlethal else absorbed, HP_DYING))
    new = settle(hp.with_(current=current, temp=hp.temp - absorbed, counters=counters), con,
                 damaged=rest > 0 and not nonlethal)
    return new, lines


class Pf1HitPoints:
    """``query_damage`` and ``query_heal``."""

    def query_damage(self, q, rng) -> Result:
        creature, hp = q.creature(), q.hp()
        self.check_stats(creature)
        amount = q.int("amount", 0, 100000)
        nonlethal = q.flag("nonlethal")
        rest = amount - min(hp.temp, amount)
        con = con_score(creature) if hp.current < 0 or (
            not nonlethal and hp.current - rest < 0) else 10 ** 6
        if hp.status == "dead":
            return Result(value=hp, breakdown=Breakdown.of([Line("hp.current", hp.current, HP_DYING)]),
                          events=(CONDITIONS,), details={"conditions": _change(hp, hp)})
        new, lines = apply_damage(hp, amount, con, nonlethal)
        events = (HP_DYING,) if new.status != hp.status else ()
        return Result(value=new, breakdown=Breakdown.of(lines), details={"conditions": _change(hp, new)},
                      events=events)

    def query_heal(self, q, rng) -> Result:
        creature, hp = q.creature(), q.hp()
        self.check_stats(creature)
        amount = q.int("amount", 0, 100000)
        if hp.status == "dead" or any(c.id == "dead" for c in creature.conditions):
            lines = [Line("hp.current", hp.current, HP_DYING),
                     Line("hp.heal", amount, CONDITIONS, source="dead").suppressed("dead")]
            return Result(value=hp, breakdown=Breakdown.of(lines), events=(CONDITIONS,),
                          details={"conditions": _change(hp, hp)})
        levels = energy_levels(creature)
        cap = hp.max - ENERGY_DRAIN_HP * levels
        lines = [Line("hp.current", hp.current, HP_DYING), Line("hp.heal", amount, HP_DYING)]
        if hp.current + amount > cap:
            rule = CONDITIONS if levels else HP_DYING
            lines.append(Line("hp.cap", cap - hp.current - amount, rule, reason="cap",
                              source="energy_drained" if levels else ""))
        current = max(hp.current, min(cap, hp.current + amount))
        counters = dict(hp.counters)
        if nonlethal_of(hp):
            counters["nonlethal"] = max(0, counters["nonlethal"] - amount)
        new = hp.with_(current=current, counters=counters)
        if current < 0 and amount > 0:
            new = new.with_(status="stable", counters={**counters, "aided": True})
        else:
            new = settle(new, con_score(creature) if current < 0 else 10 ** 6)
        events = (HP_DYING,) if new.status != hp.status else ()
        return Result(value=new, breakdown=Breakdown.of(lines), details={"conditions": _change(hp, new)},
                      events=events)
