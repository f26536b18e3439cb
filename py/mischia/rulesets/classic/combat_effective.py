"""classic numbers beyond the generic sheet, for the ``effective`` query:
movement in hexes after the condition reductions (minimum 1 hex), the Dex
score for checks after the condition fractions (rounded down), the
combat-point cost of fear stages, skill penalties converted to percent for
percentile checks, and the attack bonuses by attack kind.

``effective_extra`` is the hook ``mischia.queries.effective`` calls; the
Dex-fraction helpers are also used by the attack pipeline when AMB-04's
alternative makes the reduced Dex score recompute the Dex AC bonus.
"""

from __future__ import annotations

from ...breakdown import Breakdown, Line
from ...creature import AttackSpec, Creature
from ...engine import active_modifiers, build_context, number, select
from ...stacking import floor_total
from .combat_senses import EXTRAS
from .combat_tables import ABILITY_RULE, SIZES_RULE, dex_ac_bonus

POINTS_TO_PERCENT = "classic.conv.points-to-percent"
HALF_MOVE = "classic.action.complex-half-move"
THIRDS = {0.66: 2 / 3, 0.33: 1 / 3}


class ClassicEffective:
    """Mixin: ``effective_extra`` and the Dex-score arithmetic."""

    # ----- Dex score for checks ---------------------------------------------------
    def dex_fraction(self, m, ctx) -> float:
        if ctx.options.get("dex_fraction_value") == "thirds":
            return THIRDS.get(m.value, m.value)
        return m.value

    def dex_score_lines(self, score, mods, ctx) -> list:
        """The Dex score for checks: fractions applied one after the other,
        most severe first, each rounded down (so the order the conditions were
        added does not matter); a paralysed creature's Dex counts as 1."""
        lines = [Line("dex.score", score, ABILITY_RULE)]
        current = score
        ordered = sorted(select(mods, "dex_score"),
                         key=lambda m: (m.detail == "set", m.value, m.rule, m.source))
        for m in ordered:
            if m.detail == "set":
                new = min(current, int(m.value))
            else:
                new = int(current * self.dex_fraction(m, ctx))
            lines.append(Line(m.label or m.rule, new - current, m.rule, source=m.source))
            current = new
        return self.stack("dex_score", lines, ctx)

    def dex_fraction_lines(self, mods, ctx) -> list:
        """Without a Dex score: the fraction of the normal score left, as
        steps from 1 (most severe first, so the order of conditions does not
        matter)."""
        lines = [Line("dex.fraction", 1, ABILITY_RULE, unit="fraction")]
        current = 1.0
        for m in sorted((m for m in select(mods, "dex_score") if m.detail != "set"),
                        key=lambda m: (m.value, m.rule, m.source)):
            new = round(current * self.dex_fraction(m, ctx), 4)
            lines.append(Line(m.label or m.rule, round(new - current, 4), m.rule, unit="fraction",
                              source=m.source))
            current = new
        return self.stack("dex_score", lines, ctx)

    def dex_fraction_reduction(self, creature, mods, ctx, bonus) -> list:
        """AMB-04 'all-dex-values': the reduced Dex score also lowers the Dex AC
        bonus (2e Dexterity table). Returns (amount, rule, source) reductions."""
        if ctx.options.get("dex_fraction_scope") != "all-dex-values" or "dex" not in creature.stats:
            return []
        dex_mods = select(mods, "dex_score")
        if not dex_mods:
            return []
        score = Breakdown.of(self.dex_score_lines(creature.stat("dex"), dex_mods, ctx)).total
        lost = bonus - min(bonus, dex_ac_bonus(max(1, score)))
        return [(lost, "classic.conv.dex-score-checks", dex_mods[0].source)] if lost else []

    # ----- movement ------------------------------------------------------------------
    def move_lines(self, base, mods, ctx) -> list:
        lines = [Line("move.factor", base, SIZES_RULE, unit="hexes")]
        forbidden = [m for m in select(mods, "forbid", "move")]
        if forbidden:
            return lines + [Line(forbidden[0].label or forbidden[0].rule, -base, forbidden[0].rule,
                                 unit="hexes", source=forbidden[0].source)]
        reductions = [m for m in select(mods, "move") if m.detail == ""]
        lines += [Line(m.label or m.rule, m.value, m.rule, unit="hexes", source=m.source) for m in reductions]
        lines = self.stack("move", lines, ctx)
        if reductions and base >= 1:
            lines = floor_total(lines, 1, reductions[0].rule, label="move.minimum")
        return lines

    # ----- the hook ---------------------------------------------------------------------
    def effective_extra(self, creature, mods, ctx) -> dict:
        out = {}
        if "move" in creature.stats:
            move = Breakdown.of(self.move_lines(creature.stat("move"), mods, ctx), "hexes")
            out["move"] = move
            out["move.half"] = Breakdown.of([
                Line("move", move.total, SIZES_RULE, unit="hexes"),
                Line("move.half", -(move.total - move.total // 2), HALF_MOVE, unit="hexes")], "hexes")
            if "self.cond.prone" in ctx.tags:
                out["move.stand_up"] = Breakdown.of([
                    Line("move", move.total, SIZES_RULE, unit="hexes"),
                    Line("move.stand_up", -(move.total - move.total // 2), "classic.cond.prone.stand-up",
                         unit="hexes")], "hexes")
            safe = select(mods, "move", "safe")
            if safe:
                out["move.safe"] = Breakdown.of([
                    Line("move", move.total, SIZES_RULE, unit="hexes"),
                    Line(safe[0].rule, int(move.total * safe[0].value) - move.total, safe[0].rule,
                         unit="hexes", source=safe[0].source)], "hexes")
        if select(mods, "dex_score"):
            if "dex" in creature.stats:
                out["dex_score"] = Breakdown.of(self.dex_score_lines(creature.stat("dex"), mods, ctx))
            else:
                out["dex_score"] = Breakdown.of(self.dex_fraction_lines(mods, ctx), "fraction")
        skills = [m for m in select(mods, "skill")]
        if skills:
            out["skill.percent"] = Breakdown.of(self.stack("skill", [
                Line(m.label or m.rule, m.value * 5, POINTS_TO_PERCENT, unit="percent", source=m.source)
                for m in skills], ctx), "percent")
        extras = self.extra_lines(creature, "cp_cost", ctx)
        if extras:
            out["cp_cost"] = Breakdown.of(extras)
        for mental in select(mods, "immune", "mental"):
            out["immune.mental"] = Breakdown.of([Line(mental.rule, mental.value, mental.rule, unit="percent",
                                                      source=mental.source)], "percent")
        out.update(self.attack_sheet(creature, ctx))
        return out

    def extra_lines(self, creature, key, ctx) -> list:
        lines = []
        for c in self.dedupe(creature.conditions):
            for extra in EXTRAS.get((c.id, c.stage), ()):
                if extra.key == key and extra.when.holds(ctx.tags, ctx.numbers):
                    source = f"{c.id}:{c.cause}" if c.cause else c.id
                    lines.append(Line(extra.rule, extra.value, extra.rule, unit=extra.unit.value, source=source))
        return self.stack(key, lines, ctx)

    def attack_sheet(self, creature, ctx) -> dict:
        """Own attack modifiers and attackers' bonuses for a melee and a ranged
        attack (predicates on the attack kind do not show on the plain sheet)."""
        out = {}
        for kind in ("melee", "ranged"):
            spec = AttackSpec(kind=kind)
            own_ctx = build_context(self, ctx.options, {"attacker": creature, "defender": Creature()}, spec)
            own = select(active_modifiers(self, creature, own_ctx), "attack")
            if own:
                out[f"attack.{kind}"] = number(self, "attack", [], own, own_ctx)
            foe_ctx = build_context(self, ctx.options, {"attacker": Creature(), "defender": creature}, spec)
            against = select(active_modifiers(self, creature, foe_ctx), "attackers.attack")
            if against:
                out[f"attackers.attack.{kind}"] = number(self, "attack", [], against, foe_ctx)
        return out
