"""Default hooks of the attack pipeline, d20 style (ascending AC).

``D20Ruleset`` implements every hook ``mischia.attack.resolve_attack`` calls:
attack total from the bonus or BAB + ability, AC from its components with
denials, advantage/disadvantage from flag modifiers, natural 1/20, threat
and confirmation, miss chance, damage. Rulesets subclass it and override
the few hooks their rules change. Rule IDs come from ``rule_ids`` (a key →
rule ID table every ruleset fills), so each line names the ruleset's rule.
"""

from __future__ import annotations

from . import dice
from .attack import AttackResult, Verdict
from .breakdown import Breakdown, Line
from .engine import flags, number, select
from .ruleset import Ruleset
from .stacking import stack_all

AC_PARTS = ("armour", "shield", "dex_mod", "size_ac", "natural", "deflection", "dodge", "ac_misc")
DEX_LINKED = ("dex_mod", "dodge")   # denying Dex denies dodge bonuses too (3.5)


class D20Ruleset(Ruleset):
    rule_ids: dict = {}

    def r(self, key: str) -> str:
        try:
            return self.rule_ids[key]
        except KeyError:
            raise KeyError(f"{self.id}: no rule ID mapped for {key!r}") from None

    # --- attack ---------------------------------------------------------
    def attack_forbidden(self, request, mods, ctx) -> list:
        """Rule IDs that forbid this attack (total cover, no attacks…)."""
        blocked = []
        for m in select(mods.own, "forbid"):
            if m.detail in ("attack", f"attack.{request.attack.kind}", "actions"):
                blocked.append(m.rule)
        for m in select(mods.situation, "forbid"):
            if m.detail in ("attack", f"attack.{request.attack.kind}"):
                blocked.append(m.rule)
        return blocked

    def attack_base(self, request, ctx) -> list:
        atk, attacker = request.attack, request.attacker
        if atk.bonus is not None:
            return [Line("attack.bonus", atk.bonus, self.r("attack.roll"))]
        ability = "str_mod" if atk.kind == "melee" else "dex_mod"
        formula = self.r(f"attack.{atk.kind}")
        return [Line("attack.bab", attacker.stat("bab"), formula),
                Line(f"attack.{ability}", attacker.stat(ability), formula)]

    def attack_modifiers(self, request, mods, ctx) -> list:
        return (select(mods.own, "attack") + select(mods.against, "attackers.attack")
                + select(mods.situation, "attack"))

    def attack_total(self, request, mods, ctx) -> Breakdown:
        return number(self, "attack", self.attack_base(request, ctx),
                      self.attack_modifiers(request, mods, ctx), ctx)

    # --- defence --------------------------------------------------------
    def denied(self, request, mods, ctx) -> dict:
        """AC components the defender loses, component → modifiers that deny it."""
        out = {}
        for source in (flags(mods.against, "deny"), flags(mods.own, "foes.deny"),
                       flags(mods.situation, "deny")):
            for key, ms in source.items():
                out.setdefault(key, []).extend(ms)
        return out

    def defence_base(self, request, ctx, denied) -> list:
        d = request.defender
        if "ac" in d.stats and not any(k in d.stats for k in AC_PARTS):
            lines = [Line("ac.total", d.stat("ac"), self.r("ac"))]
            return lines
        lines = [Line("ac.base", 10, self.r("ac"))]
        for part in AC_PARTS:
            value = d.stat(part)
            if request.attack.touch and part in ("armour", "shield", "natural"):
                if value:
                    lines.append(Line(f"ac.{part}", value, self.r("ac.touch")).suppressed("touch"))
                continue
            if not value:
                continue
            line = Line(f"ac.{part}", value, self.r("ac"))
            key = "dex_ac" if part in DEX_LINKED else ("shield_ac" if part == "shield" else part)
            if key in denied and value > 0:
                line = Line(f"ac.{part}", value, denied[key][0].rule, source=denied[key][0].source
                            ).suppressed("denied")
            lines.append(line)
        return lines

    def defence_modifiers(self, request, mods, ctx) -> list:
        kind = request.attack.kind
        return (select(mods.against, "ac") + select(mods.against, f"ac.{kind}")
                + select(mods.situation, "ac") + select(mods.situation, f"ac.{kind}")
                + select(mods.own, "foes.ac"))

    def defence(self, request, mods, ctx) -> Breakdown:
        base = self.defence_base(request, ctx, self.denied(request, mods, ctx))
        return number(self, "ac", base, self.defence_modifiers(request, mods, ctx), ctx)

    # --- roll mode ------------------------------------------------------
    def roll_mode(self, request, mods, ctx):
        """Advantage/disadvantage from flag modifiers: any of each cancel."""
        adv = (select(mods.own, "attack.advantage") + select(mods.against, "attackers.advantage")
               + select(mods.situation, "attack.advantage"))
        dis = (select(mods.own, "attack.disadvantage") + select(mods.against, "attackers.disadvantage")
               + select(mods.situation, "attack.disadvantage"))
        lines = ([Line(m.label or m.rule, 1, m.rule, "flag", source=m.source, type="advantage") for m in adv]
                 + [Line(m.label or m.rule, -1, m.rule, "flag", source=m.source, type="disadvantage") for m in dis])
        if adv and dis:
            rule = self.rule_ids.get("advantage.cancel", adv[0].rule)
            return "normal", [l.suppressed("cancelled") for l in lines] + [
                Line("advantage.cancel", 0, rule, "flag")]
        if adv:
            return "advantage", lines
        if dis:
            return "disadvantage", lines
        return "normal", []

    # --- verdict --------------------------------------------------------
    def hits(self, natural, total, target, request, ctx) -> bool:
        return total >= target

    def is_threat(self, natural, request, ctx) -> bool:
        return natural >= request.attack.crit_range

    def miss_chance(self, request, mods, ctx):
        """Highest miss chance in play (concealments don't stack) and its
        modifier: the attacker's own ``miss_chance`` (e.g. blinded), the
        defender's ``attackers.miss_chance`` (e.g. invisible) and the
        situation's ``miss_chance`` (concealment)."""
        cands = (select(mods.own, "miss_chance") + select(mods.against, "attackers.miss_chance")
                 + select(mods.situation, "miss_chance"))
        if not cands:
            return 0, None
        best = max(cands, key=lambda m: m.value)
        return int(best.value), best

    def confirm(self, request, attack_bd, target_bd, ctx, rng):
        roll = dice.take(20, request.rolls.confirm, rng, "rolls.confirm")
        total = roll + attack_bd.total
        return roll, total, roll == 20 or (roll != 1 and total >= target_bd.total)

    def finish_attack(self, request, mods, ctx, attack_bd, target_bd, natural, rolled,
                      mode, mode_lines, tips, rng) -> AttackResult:
        total = natural + attack_bd.total
        common = dict(attack=attack_bd, target=target_bd, natural=natural, dice=rolled,
                      mode=mode, mode_lines=mode_lines, reminders=tips)
        if natural == 1:
            return AttackResult(Verdict.NAT1, False, **common)
        hit = natural == 20 or self.hits(natural, total, target_bd.total, request, ctx)
        if not hit:
            return AttackResult(Verdict.MISS, False, **common)
        threat = self.is_threat(natural, request, ctx)
        confirmed, confirm_total = False, None
        if threat:
            _, confirm_total, confirmed = self.confirm(request, attack_bd, target_bd, ctx, rng)
        chance, source = self.miss_chance(request, mods, ctx)
        miss_roll = None
        if chance:
            miss_roll = dice.take(100, request.rolls.miss, rng, "rolls.miss")
            if miss_roll <= chance:
                return AttackResult(Verdict.MISS_CHANCE, False, threat=threat, confirmed=confirmed,
                                    confirm_total=confirm_total, miss_chance=chance,
                                    miss_roll=miss_roll, notes=(source.rule,), **common)
        damage, damage_dice = self.damage(request, mods, ctx, confirmed, rng)
        verdict = Verdict.CRITICAL if confirmed else Verdict.HIT
        return AttackResult(verdict, True, threat=threat, confirmed=confirmed,
                            confirm_total=confirm_total, miss_chance=chance, miss_roll=miss_roll,
                            damage=damage, damage_dice=damage_dice, **common)

    # --- damage ---------------------------------------------------------
    def strength_lines(self, request, ctx) -> list:
        atk = request.attack
        if atk.kind != "melee" and "thrown" not in atk.weapon:
            return []
        strength = request.attacker.stat("str_mod")
        if atk.grip == "two" and not atk.light and strength > 0:
            return [Line("damage.str.two-handed", (strength * 3) // 2, self.r("damage.two-handed"))]
        if atk.grip == "off" and strength > 0:
            return [Line("damage.str.off-hand", strength // 2, self.r("damage.off-hand"))]
        return [Line("damage.str", strength, self.r("damage.str"))] if strength else []

    def damage_modifiers(self, request, mods, ctx) -> list:
        return (select(mods.own, "damage") + select(mods.against, "attackers.damage")
                + select(mods.situation, "damage"))

    def damage(self, request, mods, ctx, critical, rng):
        expr = dice.DiceExpr.parse(request.attack.damage, "attack.damage")
        rolled = expr.roll(request.rolls.damage, rng, "rolls.damage")
        lines = [Line("damage.dice", sum(rolled) + expr.bonus, self.r("damage"))]
        lines += self.strength_lines(request, ctx)
        if request.attack.damage_bonus:
            lines.append(Line("damage.bonus", request.attack.damage_bonus, self.r("damage")))
        lines += [Line(m.label or m.rule, m.value, m.rule, source=m.source)
                  for m in self.damage_modifiers(request, mods, ctx)]
        lines = stack_all(lines)
        if critical:
            subtotal = sum(l.value for l in lines if l.applied)
            mult = request.attack.crit_mult
            lines.append(Line("damage.critical", subtotal * (mult - 1), self.r("crit")))
        total = sum(l.value for l in lines if l.applied)
        if total < 1:
            lines.append(Line("damage.minimum", 1 - total, self.r("damage.minimum"), reason="floor"))
        return Breakdown.of(lines), rolled
