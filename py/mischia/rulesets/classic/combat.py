"""classic combat: the data of §1.1–§1.17 and the attack-pipeline hooks.

Attack resolution is AD&D style (ext.classic.attack-resolution) against a
descending AC (classic.conv.ac-direction): the attack hits when
d20 + attack modifiers ≥ THAC0 − AC; a natural 20 always hits, a natural 1
always misses. The *target* breakdown of an attack is that number to reach:
a ``thac0`` line, an ``ac`` line worth −AC, and one line per change of the AC
number, each worth minus that change (a Dex bonus denied raises the AC by the
bonus, so the number to reach drops by it).

Stats read (``STATS`` gives the ranges):

- ``thac0`` attacker's THAC0 (default 20); ``ac`` the defender's full
  descending AC (default 10, Dex and shield included); ``dex_ac`` and
  ``shield_ac`` the improvements Dex and shield give to it (positive). Without
  ``dex_ac``, a ``dex`` score gives it through the 2e Dexterity table.
- ``str`` (``str_exceptional`` for 18/xx), ``dex`` — ability scores; or the
  adjustments directly: ``str_hit``, ``str_dmg``, ``dex_missile``.
- ``move`` tactical movement factor in hexes; ``legs``; ``fighter_level``.
- ``save_reflexes`` … ``save_breakage`` percentile save values;
  ``con_save_adj``/``str_save_adj`` the ability adjustments included in them.

Stacking (``stack``): effects of different nature add up
(classic.stack.different-nature); the same condition from the same cause
counts once (AMB-05); back-attack bonuses are weighed against the defender's
condition bonuses (classic.stack.back-attack-vs-conditions, AMB-07); the
attackers' situational bonuses are capped at +5 + Dex AC bonus
(classic.stack.attacker-cap, AMB-06).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ... import dice
from ...attack import AttackResult, Verdict
from ...breakdown import Breakdown, Line
from ...engine import select
from ...errors import InputError
from ...ruleset import lines_from
from ...stacking import cap_total, highest_per_key, stack_all
from . import combat_conditions, combat_senses, combat_tables
from .combat_common import BACK, CAPPED_TYPES, COND
from .combat_effective import ClassicEffective
from .combat_options import OPTIONS
from .combat_queries import ClassicCombatQueries
from .combat_situations import SITUATIONS
from .combat_turn import ClassicTurn

CONDITIONS = {**combat_conditions.CONDITIONS, **combat_senses.CONDITIONS}

__all__ = ["CONDITIONS", "SITUATIONS", "OPTIONS", "STATS", "RULE_IDS", "ClassicCombat"]

STATS = {
    "thac0": (-10, 25), "ac": (-20, 20), "dex_ac": (0, 10), "shield_ac": (0, 10),
    "str": (1, 25), "str_exceptional": (0, 100), "dex": (1, 25),
    "str_hit": (-5, 10), "str_dmg": (-5, 20), "dex_missile": (-6, 6),
    "move": (0, 60), "legs": (0, 1000), "fighter_level": (0, 40),
    **{f"save_{k}": (-100, 200) for k in combat_tables.SAVE_KINDS},
    "con_save_adj": (-100, 100), "str_save_adj": (-100, 100),
}

RESOLUTION = "ext.classic.attack-resolution"
AC_RULE = "classic.conv.ac-direction"
CAP_RULE = "classic.stack.attacker-cap"
DIE_RULE = "classic.conv.damage-die-bonus"
SHIELD_RULE = "classic.sit.invisible.defender-shield"
SAME_NATURE_RULE = "classic.stack.different-nature"

RULE_IDS = {
    "attack.roll": RESOLUTION, "attack.melee": RESOLUTION, "attack.ranged": RESOLUTION,
    "ac": AC_RULE, "ac.touch": AC_RULE, "damage": RESOLUTION, "damage.str": combat_tables.ABILITY_RULE,
    "damage.two-handed": combat_tables.ABILITY_RULE, "damage.off-hand": combat_tables.ABILITY_RULE,
    "crit": RESOLUTION, "damage.minimum": RESOLUTION,
}


@dataclass(frozen=True)
class DexState:
    """The defender's Dex AC bonus in one attack: full value, what denies or
    reduces it, and what is left."""

    bonus: int
    denials: tuple
    reductions: tuple     # (amount, rule, source)
    left: int

    @property
    def intact(self) -> bool:
        return not self.denials and not any(a for a, _, _ in self.reductions)


class ClassicCombat(ClassicEffective, ClassicCombatQueries, ClassicTurn):
    """Attack-pipeline hooks and stacking policy overriding ``D20Ruleset``."""

    # ----- which conditions count -----------------------------------------
    def dedupe(self, conditions) -> list:
        """Per condition and cause, the highest stage counts. Exact repeats are
        kept: ``stack`` counts them once or twice (AMB-05 option). A stage on a
        condition without stages is refused (the core checks staged ones only)."""
        best = {}
        for c in conditions:
            if c.stage is not None and not self.condition(c.id).stages:
                raise InputError("condition.stage", f"{c.id} has no stages")
            if isinstance(c.stage, int):
                key = (c.id, c.cause)
                best[key] = max(best.get(key, c.stage), c.stage)
        return [c for c in conditions
                if not isinstance(c.stage, int) or c.stage == best[(c.id, c.cause)]]

    # ----- stacking --------------------------------------------------------
    def stack(self, target: str, lines: list, ctx) -> list:
        out = self._same_nature(stack_all(lines), ctx)
        if target in ("attack", "damage_die"):
            out = self._back_attack_policy(out, ctx)
        if target == "attack":
            out = self._asleep_offset(out, ctx)
            if "classic.dex_ac" in ctx.numbers:
                out = self._attacker_cap(out, ctx)
        if target == "initiative" and ctx.options.get("initiative_direction", "lower-first") != "lower-first":
            out = [replace(l, value=-l.value, reason="higher-first")
                   if l.rule.startswith("classic.cond.") else l for l in out]
        return out

    def _same_nature(self, lines, ctx):
        """The same condition from the same cause applies once (AMB-05 'once');
        a different cause is a different nature and stacks."""
        if ctx.options.get("same_nature", "once") != "once":
            return lines
        seen, out = set(), []
        for line in lines:
            key = (line.rule, line.label, line.source, line.value)
            if line.applied and line.source and key in seen:
                line = line.suppressed("did-not-stack")
            seen.add(key)
            out.append(line)
        return out

    def _back_attack_policy(self, lines, ctx):
        # Two sources of back-attack bonuses (the situation and an attack of
        # opportunity that counts as one) are the same thing: the highest counts.
        lines = highest_per_key(lines, lambda l: l.type if l.type == BACK else id(l))
        back = [i for i, l in enumerate(lines) if l.applied and l.type == BACK and l.value > 0]
        cond = [i for i, l in enumerate(lines) if l.applied and l.type == COND and l.value > 0]
        wins = ctx.numbers.get("classic.back_wins")
        if ctx.options.get("back_attack_severity") == "package" and wins is not None:
            losers = cond if wins else back
        elif back and cond:
            total = lambda idx: sum(lines[i].value for i in idx)
            losers = cond if total(back) > total(cond) else back
        else:
            return lines
        out = list(lines)
        for i in losers:
            out[i] = out[i].suppressed("only-most-severe")
        return out

    def _asleep_offset(self, lines, ctx):
        """AMB-20 'cancel': the distant-ranged penalty and the sleeper's
        paralysed bonus cancel out instead of adding up."""
        if ctx.options.get("asleep_ranged_offset") != "cancel":
            return lines
        if not any(l.applied and l.rule == "classic.cond.asleep.ranged-prone" for l in lines):
            return lines
        gone = ("classic.cond.asleep.ranged-prone", "classic.cond.paralysed.attackers")
        return [l.suppressed("cancelled") if l.applied and l.rule in gone else l for l in lines]

    def _attacker_cap(self, lines, ctx):
        n = ctx.numbers
        if ctx.options.get("attacker_cap") == "remaining-dex":
            cap = 5 + n["classic.dex_left"]
        else:
            cap = 5 + (n["classic.dex_ac"] if n["classic.dex_intact"] else 0)
        return cap_total(lines, cap, CAP_RULE, lambda l: l.type in CAPPED_TYPES and l.value > 0,
                         label="attackers.cap")

    # ----- the defender's Dex and the back-attack package ---------------------
    def back_attack_wins(self, request, mods, ctx):
        """AMB-07 'package': True when the back attack's whole package is more
        severe than the conditions', False when less, None without a contest."""
        back = [m for m in mods.situation + mods.own if m.type == BACK]
        cond = [m for m in mods.against + mods.situation if m.type == COND]
        if not back or not cond:
            return None

        def weight(ms):
            return (sum(m.value for m in ms if m.target in ("attack", "attackers.attack") and m.value > 0),
                    sum(m.value for m in ms if m.target.endswith("damage_die")),
                    len({m.detail for m in ms if m.target in ("deny", "foes.deny")}))
        return weight(back) > weight(cond)

    def dex_state(self, request, mods, ctx) -> DexState:
        d = request.defender
        bonus = d.stat("dex_ac", None)
        if bonus is None:
            bonus = combat_tables.dex_ac_bonus(d.stat("dex")) if "dex" in d.stats else 0
        denials = tuple(self.denied(request, mods, ctx).get("dex_ac", ()))
        reductions = [(m.value, m.rule, m.source) for m in select(mods.against, "ac") + select(mods.situation, "ac")
                      if m.detail == "dex_ac"]
        reductions += self.dex_fraction_reduction(d, mods.against, ctx, bonus)
        left = bonus
        if denials:
            left = 0
        for amount, _, _ in reductions:
            left = max(0, left - amount)
        return DexState(bonus, denials, tuple(reductions), left)

    def denied(self, request, mods, ctx) -> dict:
        out = super().denied(request, mods, ctx)
        if self.back_attack_wins(request, mods, ctx) is False and \
                ctx.options.get("back_attack_severity") == "package":
            out = {k: [m for m in ms if m.type != BACK] for k, ms in out.items()}
            out = {k: ms for k, ms in out.items() if ms}
        return out

    def _attack_ctx(self, request, mods, ctx):
        dex = self.dex_state(request, mods, ctx)
        wins = self.back_attack_wins(request, mods, ctx)
        numbers = {**ctx.numbers, "classic.dex_ac": dex.bonus, "classic.dex_left": dex.left,
                   "classic.dex_intact": 1 if dex.intact else 0}
        if wins is not None:
            numbers["classic.back_wins"] = 1 if wins else 0
        return replace(ctx, numbers=numbers)

    # ----- attack ----------------------------------------------------------------
    def attack_base(self, request, ctx) -> list:
        atk, a = request.attack, request.attacker
        if atk.bonus is not None:
            return [Line("attack.bonus", atk.bonus, RESOLUTION)]
        if atk.kind == "melee":
            value = a.stat("str_hit", None)
            if value is None and "str" in a.stats:
                value = combat_tables.strength_adjustments(a.stat("str"), a.stat("str_exceptional"))[0]
            label = "attack.str"
        else:
            value = a.stat("dex_missile", None)
            if value is None and "dex" in a.stats:
                value = combat_tables.dexterity_adjustments(a.stat("dex"))[1]
            label = "attack.dex_missile"
        return [Line(label, value, combat_tables.ABILITY_RULE)] if value else []

    def attack_total(self, request, mods, ctx) -> Breakdown:
        lines = self.attack_base(request, ctx) + lines_from(self.attack_modifiers(request, mods, ctx))
        return Breakdown.of(self.stack("attack", lines, self._attack_ctx(request, mods, ctx)))

    def roll_mode(self, request, mods, ctx):
        return "normal", []

    # ----- defence: the number to reach ---------------------------------------------
    def defence(self, request, mods, ctx) -> Breakdown:
        descending = ctx.options.get("ac_direction", "descending") == "descending"
        d = request.defender
        ac = d.stat("ac", 10)
        if descending:
            lines = [Line("thac0", request.attacker.stat("thac0", 20), RESOLUTION), Line("ac", -ac, AC_RULE)]
        else:
            lines = [Line("ac", ac, AC_RULE, reason="ascending")]
        lines += self._component_lines(request, mods, ctx)
        sign = -1 if descending else 1
        for m in self.defence_modifiers(request, mods, ctx):
            if m.detail == "dex_ac":
                continue
            lines.append(Line(m.label or m.rule, sign * m.value, m.rule, source=m.source, type=m.type))
        return Breakdown.of(lines)

    def _component_lines(self, request, mods, ctx) -> list:
        """Lines for the Dex and shield improvements lost or reduced, each worth
        minus the rise of the AC number."""
        dex = self.dex_state(request, mods, ctx)
        lines = []
        if dex.bonus:
            for i, m in enumerate(dex.denials):
                line = Line("ac.dex_ac", -dex.bonus, m.rule, source=m.source, type=m.type)
                lines.append(line if i == 0 else line.suppressed("did-not-stack"))
        exceed = ctx.options.get("dex_reduction_floor") == "can-exceed"
        left = dex.bonus
        for amount, rule, source in dex.reductions:
            if not amount:
                continue
            if dex.denials:
                lines.append(Line("ac.dex_ac.reduced", -amount, rule, source=source).suppressed("denied"))
                continue
            taken = amount if exceed else min(amount, left)
            left = max(0, left - amount)
            line = Line("ac.dex_ac.reduced", -taken, rule, source=source)
            lines.append(line if taken else line.suppressed("floor"))
        shield = request.defender.stat("shield_ac")
        for i, m in enumerate(self.denied(request, mods, ctx).get("shield_ac", ()) if shield else ()):
            line = Line("ac.shield_ac", -shield, m.rule, source=m.source, type=m.type)
            lines.append(line if i == 0 else line.suppressed("did-not-stack"))
        return lines

    # ----- verdict ---------------------------------------------------------------------
    def finish_attack(self, request, mods, ctx, attack_bd, target_bd, natural, rolled,
                      mode, mode_lines, tips, rng) -> AttackResult:
        target_bd = self._shield_check(request, ctx, target_bd, rng)
        total = natural + attack_bd.total
        notes = (RESOLUTION,) if natural in (1, 20) else ()
        common = dict(attack=attack_bd, target=target_bd, natural=natural, dice=rolled, mode=mode,
                      mode_lines=mode_lines, reminders=tips, notes=notes)
        if natural == 1:
            return AttackResult(Verdict.NAT1, False, **common)
        if not (natural == 20 or total >= target_bd.total):
            return AttackResult(Verdict.MISS, False, **common)
        damage, damage_dice = self.damage(request, mods, ctx, False, rng)
        return AttackResult(Verdict.HIT, True, damage=damage, damage_dice=damage_dice, **common)

    def _shield_check(self, request, ctx, target_bd, rng) -> Breakdown:
        """Against an invisible attacker, 40% per attack that the shield does
        not count (classic.sit.invisible.defender-shield)."""
        shield = request.defender.stat("shield_ac")
        if "situation.invisible_attacker" not in ctx.tags or not shield:
            return target_bd
        if any(l.applied and l.label == "ac.shield_ac" for l in target_bd.lines):
            return target_bd
        roll = dice.take(100, request.rolls.miss, rng, "rolls.miss")
        line = Line("ac.shield_ac", -shield, SHIELD_RULE, source="situation.invisible_attacker",
                    reason=f"d100 {roll}")
        if roll > 40:
            line = line.suppressed(f"d100 {roll}")
        return Breakdown.of(target_bd.lines + (line,))

    # ----- damage ------------------------------------------------------------------------
    def damage(self, request, mods, ctx, critical, rng):
        atk, a = request.attack, request.attacker
        expr = dice.DiceExpr.parse(atk.damage, "attack.damage")
        rolled = expr.roll(request.rolls.damage, rng, "rolls.damage")
        lines = [Line("damage.dice", sum(rolled) + expr.bonus, RESOLUTION)]
        die_mods = (select(mods.own, "damage_die") + select(mods.against, "attackers.damage_die")
                    + select(mods.situation, "damage_die"))
        die_lines = self.stack("damage_die", lines_from(die_mods), self._attack_ctx(request, mods, ctx))
        if die_lines and not rolled:
            die_lines = [l.suppressed("no-die") for l in die_lines]
        elif die_lines:
            die_lines = cap_total(die_lines, expr.sides - rolled[0], DIE_RULE, label="damage_die.cap")
        lines += die_lines
        if atk.kind == "melee" or "thrown" in atk.weapon:
            value = a.stat("str_dmg", None)
            if value is None and "str" in a.stats:
                value = combat_tables.strength_adjustments(a.stat("str"), a.stat("str_exceptional"))[1]
            if value:
                lines.append(Line("damage.str", value, combat_tables.ABILITY_RULE))
        if atk.damage_bonus:
            lines.append(Line("damage.bonus", atk.damage_bonus, RESOLUTION))
        lines += self.stack("damage", lines_from(self.damage_modifiers(request, mods, ctx)), ctx)
        total = sum(l.value for l in lines if l.applied)
        if total < 1:
            lines.append(Line("damage.minimum", 1 - total, RESOLUTION, reason="floor"))
        return Breakdown.of(lines), rolled
