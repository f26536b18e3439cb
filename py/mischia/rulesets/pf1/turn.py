"""pf1 start of a creature's turn (``query_turn``).

In order: effects that end "just before the same initiative count" they
began on (``effects`` [{id, round, count, rounds | minutes}] with the current
``round`` and ``count``); flat-footed ends as the creature's first regular turn
begins; bleed damage; the dying creature's DC 10 Constitution check (penalty
equal to its negative hit points, a natural 20 always succeeds; a failure loses
1 hit point); the confused creature's d% behaviour; what the turn allows.
The value is the new ``HpState`` (or ``None`` without ``hp``).
"""

from __future__ import annotations

from ... import dice
from ...breakdown import Breakdown, Line
from ...engine import active_modifiers, build_context, reminders
from ...errors import InputError
from ...result import Prompt, Result
from .actions import economy
from .hp import apply_damage, con_score, settle
from .rules import (CONDITIONS, FF_OPTION, FF_START, HP_DYING, INIT_INACTION, ROUND_DURATION,
                    ROUND_EXPIRY, ROUND_FULL, SEQ_AFTER_SURPRISE, flag_set, uncanny_dodge)

ROUND_SECONDS = 6
ROUNDS_PER_MINUTE = 10
STABILIZE_DC = 10
CONFUSION = (   # d% → behaviour (PF1 Core Rulebook, Confused)
    (1, 25, "act normally"),
    (26, 50, "do nothing but babble incoherently"),
    (51, 75, "deal 1d8 + Str modifier damage to itself with an item in hand"),
    (76, 100, "attack the nearest creature"),
)
ROLL_KEYS = ("d20", "d100")


def effect_end(effect) -> tuple:
    """(round, count) just before which an effect of N rounds ends: the same
    initiative count, N rounds later (a "full round" is one such span)."""
    return effect["round"] + effect["rounds"], effect["count"]


def expired(effect, now_round, now_count) -> bool:
    end_round, end_count = effect_end(effect)
    return now_round > end_round or (now_round == end_round and now_count <= end_count)


def _effects(q) -> list:
    out = []
    for i, e in enumerate(q.list("effects")):
        field = f"effects[{i}]"
        if not isinstance(e, dict) or not isinstance(e.get("id"), str):
            raise InputError(f"{field}.id", "each effect needs an id")
        data = {"id": e["id"]}
        for key, low in (("round", 0), ("count", -100)):
            v = e.get(key)
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= 100000:
                raise InputError(f"{field}.{key}", f"must be a whole number from {low}")
        data.update(round=e["round"], count=e["count"])
        if "minutes" in e:
            m = e["minutes"]
            if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= 10000:
                raise InputError(f"{field}.minutes", "must be a whole number from 1")
            data["rounds"] = m * ROUNDS_PER_MINUTE
        else:
            r = e.get("rounds")
            if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 100000:
                raise InputError(f"{field}.rounds", "must be a whole number from 1 (or give minutes)")
            data["rounds"] = r
        out.append(data)
    return out


class Pf1Turn:
    """``query_turn``: what happens as a creature's turn begins."""

    def query_turn(self, q, rng) -> Result:
        creature = q.creature()
        self.check_stats(creature)
        ctx = build_context(self, q.options, {"self": creature})
        mods = active_modifiers(self, creature, ctx)
        rolls = q.raw_rolls()
        for key in rolls:
            if key not in ROLL_KEYS:
                raise InputError(f"rolls.{key}", "unknown roll", ROLL_KEYS)
        hp = q.hp() if q.payload.get("hp") is not None else None
        rnd = q.int("round", 0, 100000, 1)
        details, events, prompts, remove = {}, [], [], []
        details["time"] = Breakdown.of([Line("round.seconds_before", (max(rnd, 1) - 1) * ROUND_SECONDS,
                                             ROUND_DURATION, "seconds")], "seconds")
        self._expire(q, rnd, details, events)
        ids = {c.id for c in creature.conditions}
        if "flat_footed" in ids and (rnd >= 1 or q.options.get(FF_OPTION) == "first-action"):
            remove.append("flat_footed")
            events.append(FF_START)
        if "surprised" in ids and rnd >= 1:      # its first regular turn: it acts now
            remove.append("surprised")
            events.append(SEQ_AFTER_SURPRISE)
        if hp is not None:
            # the Con check starts on the turn after the one it fell below 0
            was_dying = hp.current < 0
            hp = self._bleed(creature, hp, details, events)
            if was_dying:
                hp = self._dying(creature, hp, rolls, rng, details, events)
        if "ask" in details:
            prompts.append(details.pop("ask"))
        self._confusion(ids, rolls, rng, details, prompts)
        forbids = flag_set(mods, "forbid")
        left, single = economy(forbids)
        can_act = "actions" not in forbids and not (hp is not None and hp.status in
                                                     ("dying", "dead", "stable", "unconscious"))
        if not can_act:
            left = {k: 0 for k in left}
        details["actions"] = {**left, "single": single, "can_act": can_act,
                              "rule": INIT_INACTION if not can_act else ""}
        details["remove"] = remove
        if "flat_footed" in ids and uncanny_dodge(creature, ctx):
            details["uncanny_dodge"] = True
        return Result(value=hp, details=details, prompts=tuple(prompts),
                      events=tuple(dict.fromkeys(events)),
                      reminders=tuple(reminders(self, (creature,), None, ctx)))

    def _expire(self, q, rnd, details, events):
        effects = _effects(q)
        if not effects:
            return
        count = q.int("count", -100, 100000)
        report = []
        for e in effects:
            gone = expired(e, rnd, count)
            end_round, end_count = effect_end(e)
            report.append({"id": e["id"], "expired": gone, "ends_before": {"round": end_round,
                           "count": end_count}, "rounds": e["rounds"],
                           "rules": [ROUND_FULL, ROUND_EXPIRY]})
            if gone:
                events.append(ROUND_EXPIRY)
        details["effects"] = report

    def _bleed(self, creature, hp, details, events):
        stages = [c.stage for c in creature.conditions if c.id == "bleed" and isinstance(c.stage, int)]
        if not stages or hp.status == "dead":
            return hp
        amount = max(stages)
        con = con_score(creature) if hp.current - max(0, amount - hp.temp) < 0 else 10 ** 6
        hp, lines = apply_damage(hp, amount, con)
        details["bleed"] = Breakdown.of([Line(l.label, l.value, CONDITIONS, source="bleed")
                                         for l in lines])
        events.append(CONDITIONS)
        return hp

    def _dying(self, creature, hp, rolls, rng, details, events):
        """The DC 10 Constitution check of a dying creature."""
        if hp.current >= 0 or hp.status in ("stable", "dead"):
            return hp
        con = con_score(creature)
        if hp.current <= -con:
            return settle(hp, con)
        if rolls.get("d20") is None and rng is None:
            details["ask"] = Prompt(HP_DYING, "Dying: roll the DC 10 Constitution check to stabilize",
                                    roll=f"d20{creature.stat('con_mod') + hp.current:+d}",
                                    target=STABILIZE_DC, params={"field": "rolls.d20"})
            return hp
        d20 = dice.take(20, rolls.get("d20"), rng, "rolls.d20")
        lines = [Line("stabilize.d20", d20, HP_DYING), Line("stabilize.con_mod", creature.stat("con_mod"),
                                                            HP_DYING),
                 Line("stabilize.negative_hp", hp.current, HP_DYING)]
        check = Breakdown.of(lines)
        success = d20 == 20 or check.total >= STABILIZE_DC
        details["stabilize"] = check
        details["stabilize_dc"] = STABILIZE_DC
        details["stabilized"] = success
        events.append(HP_DYING)
        if success:
            return hp.with_(status="stable")
        return settle(hp.with_(current=hp.current - 1, status="dying"), con)

    def _confusion(self, ids, rolls, rng, details, prompts):
        if "confused" not in ids:
            return
        roll = rolls.get("d100")
        if roll is None and rng is None:
            prompts.append(Prompt(CONDITIONS, "confused: roll d% for its behaviour this turn", roll="d100"))
            return
        roll = dice.take(100, roll, rng, "rolls.d100")
        for low, high, text in CONFUSION:
            if low <= roll <= high:
                details["confusion"] = {"roll": roll, "behaviour": text, "rule": CONDITIONS}
