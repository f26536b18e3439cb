"""d20pl attack test: what may be attacked and the attack total.

``AttackHooks`` overrides the attack side of ``mischia.d20.D20Ruleset``:

* ``attack_forbidden`` adds the reach and range limits, the one-attack limit
  outside a full attack, and the coup de grace preconditions;
* ``attack_total`` builds 1d20 + BAB + Str (melee) / Dex (ranged) with the
  off-hand halves and the two-handed 1.5× (AMB-31), the SRD size modifier,
  the range-increment penalty, Dex changes (entangled), and the conditions'
  and situations' modifiers, stacked by type (``stack``).
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from ...breakdown import Breakdown, Line
from ...engine import select
from ...ruleset import lines_from
from ...stacking import stack_typed
from . import combat_rules as R
from .combat_tables import (MAX_INCREMENTS, RANGE_PENALTY_PER_INCREMENT, RANGE_RULE,
                            SIZE_MODIFIER, SIZE_RULE)


class AttackHooks:
    """Attack-side hooks of the d20pl pipeline."""

    # --- may this attack be made at all ---------------------------------
    def attack_forbidden(self, request, mods, ctx) -> list:
        blocked = list(super().attack_forbidden(request, mods, ctx))
        situation, atk = request.situation, request.attack
        number = R.number(situation, "attack_number", 1, 10, whole=True)
        if number and number > 1 and not ctx.has("situation.full_attack"):
            blocked.append(R.MULTIPLE)
        distance = R.number(situation, "distance", 0, 100000)
        if distance is not None and atk.kind == "melee":
            metres, _rule = R.reach(request.attacker, ctx)
            if distance > metres:
                blocked.append(R.REACH_RULE)
        if distance is not None and atk.kind == "ranged":
            top = self.max_range(request)
            if top is not None and distance > top:
                blocked.append(R.RANGED_TARGETS)
        if ctx.has("situation.coup_de_grace"):
            blocked += self.coup_de_grace_blocks(request, ctx, distance)
        return blocked

    def coup_de_grace_blocks(self, request, ctx, distance) -> list:
        blocked = []
        if not ctx.has("defender.cond.helpless"):
            blocked.append(R.CDG_ACTION)
        if request.attack.kind == "ranged":
            bow = "bow" in request.attack.weapon or "crossbow" in request.attack.weapon
            if not bow or (distance is not None and distance > 1.5):
                blocked.append(R.CDG_RANGED)
        if request.defender.has("crit_immune"):
            blocked.append(R.CDG_CRIT_IMMUNE)
        if R.totally_concealed(ctx) and not ctx.has("situation.target_located"):
            blocked.append(R.CDG_CONCEALED)
        return blocked

    def max_range(self, request):
        """Farthest distance in metres: 5 increments thrown, 10 projectile."""
        increment = R.number(request.situation, "range_increment", 0.1, 1000)
        if increment is None:
            return None
        kind = "thrown" if "thrown" in request.attack.weapon else "projectile"
        return increment * MAX_INCREMENTS[kind]

    # --- the attack total ----------------------------------------------
    def attack_base(self, request, ctx) -> list:
        atk, who = request.attack, request.attacker
        if atk.bonus is not None:
            return [Line("attack.bonus", atk.bonus, R.ROLL)]
        formula = R.MELEE if atk.kind == "melee" else R.RANGED
        bab = who.stat("bab")
        if atk.grip == "off":
            lines = [Line("attack.bab", R.half(bab, ctx), R.OFF_HAND)]
        else:
            lines = [Line("attack.bab", bab, formula)]
        lines.append(self.ability_line(request, ctx, formula))
        size = SIZE_MODIFIER[who.size]
        if size:
            lines.append(Line("attack.size", size, SIZE_RULE))
        return lines

    def ability_line(self, request, ctx, formula) -> Line:
        """Str (melee) or Dex (ranged), halved off hand, 1.5× in two hands."""
        atk = request.attack
        ability = "str_mod" if atk.kind == "melee" else "dex_mod"
        value = request.attacker.stat(ability)
        label = f"attack.{ability}"
        if atk.grip == "off":
            return Line(label, R.half(value, ctx), R.OFF_HAND)
        if atk.grip == "two" and atk.kind == "melee":
            if R.is_light(atk) and ctx.option("two_handed_light") == "not-light":
                rule = R.UNARMED_LIGHT if R.is_unarmed(atk) else R.TWO_HANDED
                return Line(label, value, rule, reason="light-weapon")
            if value > 0:
                return Line(label, R.one_and_half(value, ctx), R.TWO_HANDED)
        return Line(label, value, formula)

    def dex_change_lines(self, request, mods, ctx) -> list:
        """Dex score changes (entangled −4 → −2) on a Dex-based attack."""
        if request.attack.kind != "ranged":
            return []
        return [Line("attack.dex_score", int(m.value) // 2, m.rule, source=m.source)
                for m in select(mods.own, "dex_score", "attack")]

    def range_lines(self, request, ctx) -> list:
        """−2 per full range increment beyond the first (SRD)."""
        if request.attack.kind != "ranged":
            return []
        increment = R.number(request.situation, "range_increment", 0.1, 1000)
        distance = R.number(request.situation, "distance", 0, 100000)
        if increment is None or distance is None:
            return []
        steps = max(0, ceil(Fraction(str(distance)) / Fraction(str(increment))) - 1)
        if not steps:
            return []
        return [Line("attack.range", RANGE_PENALTY_PER_INCREMENT * steps, RANGE_RULE)]

    def attack_total(self, request, mods, ctx) -> Breakdown:
        lines = (self.attack_base(request, ctx) + self.dex_change_lines(request, mods, ctx)
                 + self.range_lines(request, ctx)
                 + lines_from(self.attack_modifiers(request, mods, ctx)))
        metres, _rule = R.reach(request.attacker, ctx)
        if metres == 0:
            lines = [Line(l.label, l.value, R.FLANK_REACH_ZERO, l.unit, False, "reach-zero", l.source)
                     if l.rule == "d20pl.atkmod.flanking" else l for l in lines]
        return Breakdown.of(self.stack("attack", lines, ctx))

    # --- stacking -------------------------------------------------------
    def stack(self, target, lines, ctx) -> list:
        """Typed stacking (``d20pl.stack.dodge``: dodge and untyped bonuses
        stack, other same-type bonuses do not, penalties stack), after
        counting each rule once: the same table row reached twice (shaken
        and frightened, an invisible condition and the unseen toggle) does
        not add up."""
        return stack_typed(once_per_rule(lines), R.STACKING_TYPES)


def once_per_rule(lines) -> list:
    """Modifier lines (those with a source) of one rule count once: the
    strongest stays, the others are suppressed as ``did-not-stack``."""
    out = list(lines)
    best = {}
    for i, line in enumerate(out):
        if not line.applied or not line.source:
            continue
        j = best.get(line.rule)
        if j is None:
            best[line.rule] = i
        elif abs(line.value) > abs(out[j].value):
            out[j] = out[j].suppressed("did-not-stack")
            best[line.rule] = i
        else:
            out[i] = line.suppressed("did-not-stack")
    return out
