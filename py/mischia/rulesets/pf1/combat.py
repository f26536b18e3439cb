"""pf1 attack pipeline: hooks over ``mischia.d20.D20Ruleset``.

Attack roll = d20 + BAB + Str (melee) / Dex (ranged) + size; AC = 10 +
armour + shield + Dex + size + natural + deflection + dodge, with touch and
flat-footed AC; combat maneuvers (CMB against CMD) when the situation names a
``maneuver``; critical threats confirmed with a second roll and extra dice;
the highest miss chance in play; attacks of opportunity barred while
flat-footed unless Combat Reflexes or uncanny dodge; coup de grace.
Ability score penalties of conditions (``check`` modifiers with detail
``str``/``dex``) reach every number that ability feeds.
"""

from __future__ import annotations

import math

from ... import dice
from ...attack import AttackResult, Verdict
from ...breakdown import Breakdown, Line
from ...engine import select
from ...errors import InputError
from ...model import Modifier
from ...ruleset import lines_from
from ...stacking import stack_all
from .conditions import SUPERSEDES
from .rules import (ATTACK_AC, CMB_CMD, CONDITIONS, FF_NO_AOO, MANEUVERS, SIZE_MOD,
                    SPECIAL_SIZE_MOD, TABLES, UD_AOO, UD_DEX, ability_mods, source_id,
                    uncanny_dodge)

AC_PARTS = ("armour", "shield", "natural", "deflection", "dodge", "ac_misc")
TOUCH_LOST = ("armour", "shield", "natural")
CMD_TYPES = frozenset({"circumstance", "deflection", "dodge", "insight", "luck", "morale",
                       "profane", "sacred", "untyped"})
BROKEN = {"armour": "broken_armour", "shield": "broken_shield"}


def maneuver_of(ctx):
    for m in MANEUVERS:
        if ctx.has(f"situation.maneuver.{m}"):
            return m
    return None


def uncanny_filter(denied: dict, creature, ctx):
    """Uncanny dodge: flat-footed and an invisible attacker do not take the
    Dex bonus away. Returns (denials left, modifiers it cancelled)."""
    if not uncanny_dodge(creature, ctx):
        return denied, []
    out, cancelled = {}, []
    for key, ms in denied.items():
        keep = [m for m in ms if key != "dex_ac" or source_id(m) not in ("flat_footed", "invisible")]
        cancelled += [m for m in ms if m not in keep]
        if keep:
            out[key] = keep
    return out, cancelled


def dex_lines(creature, own_mods, denied, cancelled, prefix, in_total=False) -> list:
    """Dex contribution to AC/CMD: the modifier, condition changes of the
    score, and what denial (lose the bonus) or Dex 0 (−5) does to them."""
    base = creature.stat("dex_mod")
    lines = [] if in_total or not base else [Line(f"{prefix}.dex_mod", base, ATTACK_AC)]
    adjust = lines_from(ability_mods(own_mods, "dex"))
    if "dex_score" in denied:
        m = denied["dex_score"][0]
        lost = [l.suppressed("dex-zero") for l in lines + adjust]
        return lost + [Line(f"{prefix}.dex_zero", -5 - (base if in_total else 0), m.rule,
                            source=m.source)]
    effective = base + sum(l.value for l in adjust)
    if "dex_ac" in denied and effective > 0:
        m = denied["dex_ac"][0]
        if in_total:
            return adjust + [Line(f"{prefix}.dex_lost", -effective, m.rule, source=m.source)]
        return [Line(l.label, l.value, m.rule, l.unit, source=m.source or l.source).suppressed("denied")
                for l in lines + adjust]
    if cancelled:   # uncanny dodge kept the bonus: the line names its rule
        lines = [Line(f"{prefix}.dex_mod" if lines else f"{prefix}.dex_kept", base if lines else 0,
                      UD_DEX, reason="uncanny-dodge")]
    flags = [Line(m.label or m.rule, 0, m.rule, "flag", source=m.source).suppressed("cancelled")
             for m in cancelled]
    return lines + adjust + flags


def ac_lines(creature, own_mods, denied, cancelled, touch=False) -> list:
    """AC before modifiers: 10 + components, size and Dex (see ``dex_lines``)."""
    d = creature
    if "ac" in d.stats and not any(p in d.stats for p in AC_PARTS):
        if touch:
            raise InputError("defender.stats", "a touch attack needs the AC components "
                                               "(armour, shield, natural …), not only the total ac")
        return [Line("ac.total", d.stat("ac"), ATTACK_AC)] + dex_lines(
            d, own_mods, denied, cancelled, "ac", in_total=True)
    lines = [Line("ac.base", 10, ATTACK_AC)]
    conds = {c.id for c in d.conditions}
    for part in AC_PARTS:
        value = d.stat(part)
        if not value:
            continue
        line = Line(f"ac.{part}", value, ATTACK_AC)
        if touch and part in TOUCH_LOST:
            lines.append(line.suppressed("touch"))
            continue
        if part == "dodge" and _dex_lost(d, own_mods, denied):
            m = (denied.get("dex_ac") or denied["dex_score"])[0]
            lines.append(Line(line.label, value, m.rule, source=m.source).suppressed("denied"))
            continue
        lines.append(line)
        if BROKEN.get(part) in conds:
            lines.append(Line(f"ac.{part}.broken", -(value - value // 2), CONDITIONS,
                              source=BROKEN[part]))
    if SIZE_MOD[d.size]:
        lines.append(Line("ac.size", SIZE_MOD[d.size], ATTACK_AC))
    return lines + dex_lines(d, own_mods, denied, cancelled, "ac")


def cmb_lines(a, own_mods) -> list:
    """CMB = BAB + Str + special size (Dex for Tiny and smaller or Agile
    Maneuvers), or the sheet's ``cmb``; plus condition changes of that ability."""
    ability = "dex" if (SIZE_MOD[a.size] >= 2 or a.has("agile_maneuvers")) else "str"
    if "cmb" in a.stats:
        lines = [Line("cmb.total", a.stat("cmb"), CMB_CMD)]
    else:
        lines = [Line("cmb.bab", a.stat("bab"), CMB_CMD),
                 Line(f"cmb.{ability}_mod", a.stat(f"{ability}_mod"), CMB_CMD)]
        if SPECIAL_SIZE_MOD[a.size]:
            lines.append(Line("cmb.size", SPECIAL_SIZE_MOD[a.size], CMB_CMD))
    return lines + lines_from(ability_mods(own_mods, ability))


def cmd_lines(d, own_mods, denied, cancelled) -> list:
    """CMD before modifiers: 10 + BAB + Str + Dex + special size + dodge and
    deflection (or the sheet's ``cmd``); Str 0 / Dex 0 count −5."""
    if "cmd" in d.stats:
        return [Line("cmd.total", d.stat("cmd"), CMB_CMD)] + dex_lines(
            d, own_mods, denied, cancelled, "cmd", in_total=True)
    base = [Line("cmd.base", 10, CMB_CMD), Line("cmd.bab", d.stat("bab"), CMB_CMD)]
    if "str_score" in denied:
        m = denied["str_score"][0]
        base.append(Line("cmd.str_zero", -5, m.rule, source=m.source))
    else:
        base += [Line("cmd.str_mod", d.stat("str_mod"), CMB_CMD)] + lines_from(
            ability_mods(own_mods, "str"))
    base += dex_lines(d, own_mods, denied, cancelled, "cmd")
    if SPECIAL_SIZE_MOD[d.size]:
        base.append(Line("cmd.size", SPECIAL_SIZE_MOD[d.size], CMB_CMD))
    for part in ("dodge", "deflection"):
        if d.stat(part):
            line = Line(f"cmd.{part}", d.stat(part), CMB_CMD)
            if part == "dodge" and _dex_lost(d, own_mods, denied):
                m = (denied.get("dex_ac") or denied["dex_score"])[0]
                line = Line(line.label, line.value, m.rule, source=m.source).suppressed("denied")
            base.append(line)
    return base


def _dex_lost(creature, own_mods, denied) -> bool:
    if "dex_score" in denied:
        return True
    effective = creature.stat("dex_mod") + sum(m.value for m in ability_mods(own_mods, "dex"))
    return "dex_ac" in denied and effective > 0


def aoo_check(creature, own_mods, ctx):
    """May this creature make an attack of opportunity? Returns (rules that
    forbid it, flag lines explaining the decision)."""
    blocked, lines = [], []
    ud, reflexes = uncanny_dodge(creature, ctx), creature.has("combat_reflexes")
    for m in own_mods:
        if m.target != "forbid" or m.detail not in ("aoo", "actions", "attack"):
            continue
        if m.rule == FF_NO_AOO and (ud or reflexes):
            rule, why = (UD_AOO, "uncanny-dodge") if ud else (FF_NO_AOO, "combat-reflexes")
            lines.append(Line("aoo.allowed", 0, rule, "flag", reason=why, source=m.source))
            continue
        blocked.append(m.rule)
        lines.append(Line("aoo.forbidden", 0, m.rule, "flag", source=m.source).suppressed("denied"))
    return blocked, lines


class Pf1Combat:
    """Attack-pipeline hooks overriding ``mischia.d20.D20Ruleset``."""

    stacking_types = frozenset({"untyped", "dodge", "circumstance"})

    # ----- which conditions count ----------------------------------------
    def dedupe(self, conditions) -> list:
        """One per id (highest stage), without the conditions another present
        condition supersedes (frightened over shaken) or already implies
        (unconscious → helpless), so their modifiers count once."""
        present = {c.id for c in conditions}
        return super().dedupe([c for c in conditions if not _dropped_by_other(c.id, present, self)])

    # ----- attack ---------------------------------------------------------
    def attack_forbidden(self, request, mods, ctx) -> list:
        blocked = super().attack_forbidden(request, mods, ctx)
        for m in select(mods.against, "immune"):
            if m.detail == "nonmagical_weapons":
                blocked.append(m.rule)
        if ctx.has("situation.attack_of_opportunity"):
            blocked += aoo_check(request.attacker, mods.own, ctx)[0]
        if ctx.has("situation.coup_de_grace") and (
                not ctx.has("defender.cond.helpless") or ctx.has("defender.immune.critical")):
            blocked.append(TABLES)
        return list(dict.fromkeys(blocked))

    def attack_total(self, request, mods, ctx) -> Breakdown:
        base = self.cmb_base(request, mods, ctx) if maneuver_of(ctx) else self.pf1_attack_base(
            request, mods, ctx)
        lines = base + lines_from(self.attack_modifiers(request, mods, ctx))
        return Breakdown.of(self.stack("attack", lines, ctx))

    def pf1_attack_base(self, request, mods, ctx) -> list:
        atk, a = request.attack, request.attacker
        ability = "str" if atk.kind == "melee" else "dex"
        if (ability == "str" and a.has("weapon_finesse") and (atk.light or "finesse" in atk.weapon)
                and a.stat("dex_mod") > a.stat("str_mod")):
            ability = "dex"
        if atk.bonus is not None:
            lines = [Line("attack.bonus", atk.bonus, ATTACK_AC)]
        else:
            lines = [Line("attack.bab", a.stat("bab"), ATTACK_AC),
                     Line(f"attack.{ability}_mod", a.stat(f"{ability}_mod"), ATTACK_AC)]
            if SIZE_MOD[a.size]:
                lines.append(Line("attack.size", SIZE_MOD[a.size], ATTACK_AC))
        return lines + lines_from(ability_mods(mods.own, ability))

    def cmb_base(self, request, mods, ctx) -> list:
        return cmb_lines(request.attacker, mods.own)

    def attack_modifiers(self, request, mods, ctx) -> list:
        out = super().attack_modifiers(request, mods, ctx)
        return out + self.range_penalty(request, ctx)

    def range_penalty(self, request, ctx) -> list:
        """−2 per full range increment beyond the first (situation numbers
        ``distance`` and ``range_increment``, metres)."""
        step, distance = ctx.numbers.get("range_increment"), ctx.numbers.get("distance")
        if request.attack.kind != "ranged" or not step or distance is None:
            return []
        n = max(1, math.ceil(distance / step))
        limit = 5 if "thrown" in request.attack.weapon else 10
        if n > limit:
            raise InputError("situation.numbers.distance",
                             f"beyond the maximum range ({limit} range increments)")
        return [Modifier("attack", -2 * (n - 1), TABLES, label="attack.range")] if n > 1 else []

    # ----- defence --------------------------------------------------------
    def defence(self, request, mods, ctx) -> Breakdown:
        denied, cancelled = uncanny_filter(self.denied(request, mods, ctx), request.defender, ctx)
        if maneuver_of(ctx):
            return self.cmd(request, mods, ctx, denied, cancelled)
        base = ac_lines(request.defender, mods.against, denied, cancelled, request.attack.touch)
        lines = self.stack("ac", base + lines_from(self.defence_modifiers(request, mods, ctx)), ctx)
        return Breakdown.of(_drop_dodge(lines, request.defender, mods.against, denied))

    def cmd(self, request, mods, ctx, denied, cancelled) -> Breakdown:
        d = request.defender
        extra = lines_from(self.defence_modifiers(request, mods, ctx))
        counted = [l for l in extra if l.value < 0 or (l.type or "untyped") in CMD_TYPES]
        skipped = [l.suppressed("not-cmd") for l in extra if l not in counted]
        base = cmd_lines(d, mods.against, denied, cancelled)
        lines = self.stack("ac", base + counted, ctx) + skipped
        return Breakdown.of(_drop_dodge(lines, d, mods.against, denied))

    # ----- verdict --------------------------------------------------------
    def is_threat(self, natural, request, ctx) -> bool:
        return natural >= request.attack.crit_range and not ctx.has("defender.immune.critical")

    def finish_attack(self, request, mods, ctx, attack_bd, target_bd, natural, rolled,
                      mode, mode_lines, tips, rng) -> AttackResult:
        common = dict(attack=attack_bd, target=target_bd, natural=natural, dice=rolled,
                      mode=mode, mode_lines=mode_lines, reminders=tips)
        if maneuver_of(ctx):
            if natural == 1:
                return AttackResult(Verdict.NAT1, False, notes=(CMB_CMD,), **common)
            hit = natural == 20 or natural + attack_bd.total >= target_bd.total
            return AttackResult(Verdict.HIT if hit else Verdict.MISS, hit, notes=(CMB_CMD,), **common)
        if ctx.has("situation.coup_de_grace"):
            damage, damage_dice = self.damage(request, mods, ctx, True, rng)
            return AttackResult(Verdict.CRITICAL, True, confirmed=True, damage=damage,
                                damage_dice=damage_dice, notes=(TABLES,), **common)
        return super().finish_attack(request, mods, ctx, attack_bd, target_bd, natural, rolled,
                                     mode, mode_lines, tips, rng)

    # ----- damage ---------------------------------------------------------
    def pf1_strength_lines(self, request, mods) -> list:
        atk = request.attack
        if atk.kind != "melee" and "thrown" not in atk.weapon:
            return []
        if atk.grip == "two" and not atk.light:
            label, scale = "damage.str.two-handed", lambda v: v * 3 // 2 if v > 0 else v
        elif atk.grip == "off":
            label, scale = "damage.str.off-hand", lambda v: v // 2 if v > 0 else v
        else:
            label, scale = "damage.str", lambda v: v
        base = request.attacker.stat("str_mod")
        adjust = ability_mods(mods.own, "str")
        lines = [Line(label, scale(base), ATTACK_AC)] if base else []
        diff = scale(base + sum(m.value for m in adjust)) - scale(base)
        if adjust and diff:
            lines.append(Line(adjust[0].label or adjust[0].rule, diff, adjust[0].rule,
                              source=",".join(m.source for m in adjust)))
        return lines

    def damage(self, request, mods, ctx, critical, rng):
        expr = dice.DiceExpr.parse(request.attack.damage, "attack.damage")
        rolled = expr.roll(request.rolls.damage, rng, "rolls.damage")
        lines = [Line("damage.dice", sum(rolled) + expr.bonus, ATTACK_AC)]
        lines += self.pf1_strength_lines(request, mods)
        if request.attack.damage_bonus:
            lines.append(Line("damage.bonus", request.attack.damage_bonus, ATTACK_AC))
        lines += lines_from(self.damage_modifiers(request, mods, ctx))
        lines = stack_all(lines)
        extra = ()
        if critical:
            mult = request.attack.crit_mult
            bonus = sum(l.value for l in lines[1:] if l.applied) + expr.bonus
            if expr.sides:
                extra = dice.take_many(expr.sides, expr.count * (mult - 1), request.rolls.crit_damage,
                                       rng, "rolls.crit_damage")
                lines.append(Line("damage.critical.dice", sum(extra), ATTACK_AC))
            if bonus:
                lines.append(Line("damage.critical.bonus", bonus * (mult - 1), ATTACK_AC))
        total = sum(l.value for l in lines if l.applied)
        if total < 1:
            lines.append(Line("damage.minimum", 1 - total, ATTACK_AC, reason="floor"))
        return Breakdown.of(lines), tuple(rolled) + tuple(extra)


def _dropped_by_other(cid, present, ruleset) -> bool:
    """Whether ``cid`` is superseded or implied by *another* present condition."""
    for other in present:
        if other == cid:
            continue
        if cid in SUPERSEDES.get(other, ()):
            return True
        stack, seen = list(ruleset.condition(other).implies), set()
        while stack:
            implied = stack.pop()
            if implied == cid:
                return True
            if implied not in seen:
                seen.add(implied)
                stack.extend(ruleset.condition(implied).implies)
    return False


def _drop_dodge(lines, creature, own_mods, denied) -> list:
    """Losing the Dex bonus to AC loses dodge bonuses too."""
    if not _dex_lost(creature, own_mods, denied):
        return lines
    return [l.suppressed("denied") if l.applied and l.type == "dodge" and l.value > 0 else l
            for l in lines]

