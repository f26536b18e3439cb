"""d20pl Armour Class: 10 + armour + shield + Dex + size and the other
bonuses, with the denials of the AC modifier table.

``DefenceHooks.defence`` builds the AC breakdown from the defender's stats
(or a typed total ``ac``), then adds the conditions' and situations' AC
modifiers and stacks them by type. Denying Dex removes a Dex *bonus* only (a
penalty stays, ``d20pl.ac.lose-dex``) and every dodge bonus with it
(``d20pl.ac.dodge``); ``dex_zero`` (helpless, pinned) sets the modifier to
−5; touch attacks drop armour, shield, enhancement and natural armour.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...engine import select
from ...ruleset import lines_from
from . import combat_rules as R
from .combat_tables import SIZE_MODIFIER

# stat -> (rule, bonus type); in AC order
AC_PARTS = (
    ("armour", R.AC_FORMULA, "armour"), ("shield", R.AC_FORMULA, "shield"),
    ("enhancement", R.ENHANCEMENT, "enhancement"), ("natural", R.NATURAL, "natural"),
    ("deflection", R.DEFLECTION, "deflection"), ("dodge", R.DODGE, "dodge"),
    ("ac_misc", R.AC_FORMULA, ""),
)
ARMOUR_PARTS = ("armour", "shield", "enhancement", "natural")   # what a touch attack ignores


class DefenceHooks:
    """AC side of the d20pl pipeline."""

    def defence(self, request, mods, ctx) -> Breakdown:
        denied = self.denied(request, mods, ctx)
        d = request.defender
        if "ac" in d.stats:
            lines = self.typed_ac_lines(request, denied)
        else:
            lines = self.ac_part_lines(request) + self.dex_lines(request, mods, denied)
        lines += self.ac_modifier_lines(request, mods, ctx)
        if "dex_ac" in denied or "dex_zero" in denied:
            lines = [l.suppressed("denied") if l.type == "dodge" and l.value > 0 and l.applied
                     else l for l in lines]
        return Breakdown.of(self.stack("ac", lines, ctx))

    def ac_part_lines(self, request) -> list:
        d, touch = request.defender, request.attack.touch
        lines = [Line("ac.base", 10, R.AC_FORMULA)]
        for stat, rule, kind in AC_PARTS:
            value = d.stat(stat)
            if not value:
                continue
            line = Line(f"ac.{stat}", value, rule, type=kind)
            if touch and stat in ARMOUR_PARTS:
                line = Line(f"ac.{stat}", value, R.TOUCH, type=kind).suppressed("touch")
            lines.append(line)
        size = SIZE_MODIFIER[d.size]
        if size:
            lines.append(Line("ac.size", size, R.AC_SIZE))
        return lines

    def dex_lines(self, request, mods, denied) -> list:
        """Dex modifier, Dex score changes, the armour's max Dex, denials."""
        d = request.defender
        dex = d.stat("dex_mod")
        lines = [Line("ac.dex_mod", dex, R.AC_FORMULA)] if dex else []
        lines += [Line("ac.dex_score", int(m.value) // 2, m.rule, source=m.source)
                  for m in select(mods.against, "dex_score", "ac")]
        effective = sum(l.value for l in lines)
        if "max_dex" in d.stats and effective > d.stat("max_dex"):
            lines.append(Line("ac.max_dex", d.stat("max_dex") - effective, R.MAX_DEX, reason="cap"))
            effective = d.stat("max_dex")
        if "dex_zero" in denied:
            first = denied["dex_zero"][0]
            return ([l.suppressed("denied") for l in lines]
                    + [Line("ac.dex_zero", -5, first.rule, source=first.source)])
        if "dex_ac" in denied:
            first = denied["dex_ac"][0]
            if effective > 0:
                return [Line(l.label, l.value, first.rule, source=first.source).suppressed("denied")
                        for l in lines]
            if effective < 0:   # no bonus to lose: the penalty stays
                return [Line(l.label, l.value, R.LOSE_DEX, reason="penalty-kept", source=l.source)
                        for l in lines]
        return lines

    def typed_ac_lines(self, request, denied) -> list:
        """A typed total AC: corrections for touch and denials of the parts given."""
        d = request.defender
        lines = [Line("ac.total", d.stat("ac"), R.AC_FORMULA)]
        if request.attack.touch:
            lines += [Line(f"ac.{p}", -d.stat(p), R.TOUCH, reason="touch")
                      for p in ARMOUR_PARTS if d.stat(p)]
        dex, dodge = d.stat("dex_mod"), d.stat("dodge")
        if "dex_zero" in denied:
            first = denied["dex_zero"][0]
            lines.append(Line("ac.dex_zero", -5 - dex, first.rule, source=first.source))
        elif "dex_ac" in denied and dex > 0:
            first = denied["dex_ac"][0]
            lines.append(Line("ac.dex_mod", -dex, first.rule, source=first.source))
        if ("dex_ac" in denied or "dex_zero" in denied) and dodge > 0:
            lines.append(Line("ac.dodge", -dodge, R.DODGE, reason="denied"))
        return lines

    def ac_modifier_lines(self, request, mods, ctx) -> list:
        """Conditions' and situations' AC modifiers; a low obstacle counts
        only within 9 m of the defender and when the attacker is not closer."""
        lines = lines_from(self.defence_modifiers(request, mods, ctx))
        out = []
        for line in lines:
            if line.rule == R.LOW_OBSTACLE:
                line = self.low_obstacle(request, line)
            out.append(line)
        return out

    def low_obstacle(self, request, line) -> Line:
        target = R.number(request.situation, "obstacle_distance", 0, 100000)
        mine = R.number(request.situation, "attacker_obstacle_distance", 0, 100000)
        if target is not None and target > 9:
            return line.suppressed("obstacle-too-far")
        if target is not None and mine is not None and mine < target:
            return line.suppressed("attacker-closer")
        return line
