"""pf1 saving throws, concentration checks and the sheet numbers of the
``effective`` query (AC, touch and flat-footed AC, CMB, CMD, initiative,
saves under the creature's conditions).

Concentration (ext.pf1.concentration): d20 + caster level + casting ability
modifier against a DC from ``CONCENTRATION_DC`` (casting defensively 15 + 2 ×
spell level; injured while casting 10 + damage + spell level …).
"""

from __future__ import annotations

from ... import dice
from ...breakdown import Breakdown, Line
from ...creature import AttackSpec, Situation
from ...engine import active_modifiers, build_context, situation_modifiers
from ...errors import InputError
from ...model import Modifier, Unit
from ...result import Prompt, Result
from ...ruleset import lines_from
from .combat import CMD_TYPES, ac_lines, cmb_lines, cmd_lines, uncanny_filter
from .rules import CONCENTRATION, FF_DEX, SAVE_KINDS, SAVES, ability_mods, flag_set

# reason → (base DC, spell-level multiplier, what else adds: damage, half damage, grappler's CMB, DC)
CONCENTRATION_DC = {
    "defensive": (15, 2, ""),
    "injured": (10, 1, "damage"),
    "continuous": (10, 1, "half_damage"),
    "entangled": (15, 1, ""),
    "grappled": (10, 1, "grappler_cmb"),
    "vigorous_motion": (10, 1, ""),
    "violent_motion": (15, 1, ""),
    "extremely_violent_motion": (20, 1, ""),
    "violent_weather": (5, 1, ""),
    "weather_debris": (10, 1, ""),
    "spell": (0, 0, "spell_dc"),
}


class Pf1Checks:
    """``query_save``, ``query_concentration`` and ``effective_extra``."""

    def query_save(self, q, rng) -> Result:
        creature = q.creature()
        self.check_stats(creature)
        kind = q.choice("kind", tuple(SAVE_KINDS))
        situation = Situation.from_dict(q.payload.get("situation"))
        ctx = build_context(self, q.options, {"self": creature}, situation=situation)
        mods = active_modifiers(self, creature, ctx) + situation_modifiers(self, situation, ctx)
        d20 = dice.take(20, q.raw_rolls().get("d20"), rng, "rolls.d20")
        lines = [Line("save.d20", d20, SAVES)] + self.save_lines(creature, kind, mods, q.int("bonus", -50, 50, 0))
        total = Breakdown.of(self.stack("save", lines, ctx))
        dc = q.int("dc", 1, 100) if q.payload.get("dc") is not None else None
        success = None if dc is None else (d20 == 20 or (d20 != 1 and total.total >= dc))
        return Result(value={"success": success, "total": total.total, "dc": dc, "natural": d20},
                      breakdown=total)

    def save_lines(self, creature, kind, mods, bonus=0) -> list:
        stat, ability = SAVE_KINDS[kind]
        if stat not in creature.stats:
            raise InputError(f"creature.stats.{stat}", f"give the {kind} save bonus of the sheet")
        lines = [Line(f"save.{stat}", creature.stat(stat), SAVES)]
        short = ability.split("_")[0]
        zero = flag_set(mods, "deny").get("dex_score") if short == "dex" else None
        if zero:
            lines.append(Line("save.dex_zero", -5 - creature.stat("dex_mod"), zero[0].rule,
                              source=zero[0].source))
        else:
            lines += lines_from(ability_mods(mods, short))
        if bonus:
            lines.append(Line("save.bonus", bonus, SAVES))
        chosen = [m for m in mods if m.target == "save" and m.detail in ("", kind)]
        return lines + lines_from(chosen)

    def query_concentration(self, q, rng) -> Result:
        creature = q.creature()
        self.check_stats(creature)
        ctx = build_context(self, q.options, {"self": creature})
        mods = active_modifiers(self, creature, ctx)
        level = q.int("spell_level", 0, 9, 0)
        damage = q.int("damage", 0, 10000, 0)
        conds = {c.id for c in creature.conditions}
        guess = ("defensive" if q.flag("defensive") else "injured" if damage else "entangled"
                 if "entangled" in conds else "grappled" if conds & {"grappled", "pinned"} else None)
        if q.payload.get("reason", guess) is None:
            raise InputError("reason", "choose what calls for the check", tuple(CONCENTRATION_DC))
        reason = q.choice("reason", tuple(CONCENTRATION_DC), guess)
        dc = self.concentration_dc(q, reason, level, damage)
        for stat in ("caster_level", "casting_mod"):
            if stat not in creature.stats:
                raise InputError(f"creature.stats.{stat}", "needed for a concentration check")
        d20 = dice.take(20, q.raw_rolls().get("d20"), rng, "rolls.d20")
        lines = [Line("concentration.d20", d20, CONCENTRATION),
                 Line("concentration.caster_level", creature.stat("caster_level"), CONCENTRATION),
                 Line("concentration.casting_mod", creature.stat("casting_mod"), CONCENTRATION)]
        lines += lines_from(ability_mods(mods, "caster_level"))
        total = Breakdown.of(self.stack("check", lines, ctx))
        forbids = flag_set(mods, "forbid")
        blocked = list(dict.fromkeys(forbids[k][0].rule for k in ("concentration", "spell", "actions")
                                     if k in forbids))
        success = not blocked and total.total >= dc.total
        prompts = tuple(Prompt(m.rule, "spell failure chance for a spell with a verbal component",
                               roll="d100", target=int(m.value))
                        for m in mods if m.target == "spell_failure" and m.detail == "verbal")
        return Result(value={"success": success, "total": total.total, "dc": dc.total,
                             "reason": reason, "blocked_by": blocked},
                      breakdown=total, details={"dc": dc}, prompts=prompts)

    def concentration_dc(self, q, reason, level, damage) -> Breakdown:
        base, per_level, extra = CONCENTRATION_DC[reason]
        lines = [Line(f"dc.{reason}", base, CONCENTRATION)] if base else []
        if per_level:
            lines.append(Line("dc.spell_level", per_level * level, CONCENTRATION))
        if extra == "damage":
            lines.append(Line("dc.damage", damage, CONCENTRATION))
        elif extra == "half_damage":
            lines.append(Line("dc.half_damage", damage // 2, CONCENTRATION))
        elif extra == "grappler_cmb":
            lines.append(Line("dc.grappler_cmb", q.int("grappler_cmb", -20, 100), CONCENTRATION))
        elif extra == "spell_dc":
            lines.append(Line("dc.spell", q.int("spell_dc", 1, 100), CONCENTRATION))
        return Breakdown.of(lines)

    # ----- the effective query -------------------------------------------------
    def effective_extra(self, creature, mods, ctx) -> dict:
        """AC (normal, touch, flat-footed), CMB, CMD, initiative and the saves
        the sheet gives, each under the creature's conditions."""
        denied = flag_set(mods, "deny")
        out = {}
        flat = dict(denied)
        flat["dex_ac"] = list(flat.get("dex_ac", [])) + [Modifier("deny", 1, FF_DEX, Unit.FLAG,
                                                                  detail="dex_ac", source="flat_footed")]
        ac_mods = lines_from([m for m in mods if m.target == "ac"])
        for key, deny, touch in (("pf1.ac", denied, False), ("pf1.ac.touch", denied, True),
                                 ("pf1.ac.flat_footed", flat, False)):
            if touch and "ac" in creature.stats:
                continue
            kept, cancelled = uncanny_filter(deny, creature, ctx)
            base = ac_lines(creature, mods, kept, cancelled, touch)
            out[key] = Breakdown.of(self.stack("ac", base + ac_mods, ctx))
        for kind in ("melee", "ranged"):     # prone, kneeling: AC against one kind of attack
            extra = lines_from([m for m in mods if m.target == f"ac.{kind}"])
            if extra:
                base = ac_lines(creature, mods, *uncanny_filter(denied, creature, ctx))
                out[f"pf1.ac.vs_{kind}"] = Breakdown.of(self.stack("ac", base + ac_mods + extra, ctx))
        # combat maneuvers: the modifiers that hold for a melee maneuver (a trip)
        m_ctx = build_context(self, ctx.options, {"self": creature}, AttackSpec(kind="melee"),
                              Situation(choices={"maneuver": "trip"}))
        m_mods = active_modifiers(self, creature, m_ctx)
        out["pf1.cmb"] = Breakdown.of(self.stack("attack", cmb_lines(creature, m_mods) + lines_from(
            [m for m in m_mods if m.target == "attack"]), m_ctx))
        kept, cancelled = uncanny_filter(flag_set(m_mods, "deny"), creature, m_ctx)
        cmd_mods = [l for l in lines_from([m for m in m_mods if m.target in ("ac", "ac.melee")])
                    if l.value < 0 or (l.type or "untyped") in CMD_TYPES]
        out["pf1.cmd"] = Breakdown.of(self.stack("ac", cmd_lines(creature, m_mods, kept, cancelled)
                                                 + cmd_mods, m_ctx))
        own_miss = [m for m in mods if m.target == "miss_chance"]
        if own_miss:     # the bearer's own attacks (blinded); concealments do not stack
            best = max(own_miss, key=lambda m: m.value)
            out["pf1.miss_chance"] = Breakdown.of(
                [l if m is best else l.suppressed("did-not-stack")
                 for m, l in zip(own_miss, lines_from(own_miss))], Unit.PERCENT.value)
        out["pf1.initiative"] = Breakdown.of(self.initiative_lines({}, creature, ctx.options, "creature"))
        for kind, (stat, _) in SAVE_KINDS.items():
            if stat in creature.stats:
                out[f"pf1.save.{kind}"] = Breakdown.of(self.stack("save", self.save_lines(
                    creature, kind, mods), ctx))
        return out

