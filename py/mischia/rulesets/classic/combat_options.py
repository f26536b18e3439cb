"""The ambiguities of classic §1.1–§1.17 as ruleset options.

Each ``OptionDef`` names the rule it is attached to and its AMB-nn entry in
RULES.md; the first choice is the catalogue's recommended reading (the
default), the second the alternative a GM can switch to. Data reads a choice
through the predicate tag ``option.ID.CHOICE``; hooks read ``ctx.option(ID)``.
"""

from __future__ import annotations

from ...model import OptionDef


def _option(oid, rule, amb, choices, text):
    return OptionDef(id=oid, rule=rule, default=choices[0], choices=tuple(choices), amb=amb, text=text)


OPTIONS = {o.id: o for o in (
    _option("initiative_direction", "classic.conv.initiative-direction", "AMB-01",
            ("lower-first", "higher-first"),
            "Initiative penalties add delay points to a lower-acts-first factor "
            "(or: they are typos for -N in a higher-acts-first system)."),
    _option("ac_direction", "classic.conv.ac-direction", "AMB-02",
            ("descending", "ascending"),
            "Armour Class is descending: a +2 AC penalty raises the AC number "
            "(or: AC is ascending and +2 is read literally)."),
    _option("pure_save", "classic.conv.percentile-saves", "AMB-03",
            ("keep-other-modifiers", "unmodified"),
            "A pure save skips the associated check but keeps the other modifiers "
            "(or: it is completely unmodified)."),
    _option("dex_fraction_scope", "classic.conv.dex-score-checks", "AMB-04",
            ("checks-only", "all-dex-values"),
            "A condition's Dex fraction changes the Dex score for checks only "
            "(or: it also recomputes the Dex AC bonus)."),
    _option("dex_fraction_value", "classic.conv.dex-score-checks", "AMB-04",
            ("literal-percent", "thirds"),
            "66% and 33% are literal percentages (or: 2/3 and 1/3)."),
    _option("same_nature", "classic.stack.different-nature", "AMB-05",
            ("once", "stack"),
            "The same condition twice from effects of the same nature applies once "
            "(or: it stacks anyway)."),
    _option("attacker_cap", "classic.stack.attacker-cap", "AMB-06",
            ("intact-dex-only", "remaining-dex"),
            "Cap = +5 + the Dex AC bonus only while it is intact, else +5 "
            "(or: +5 + whatever Dex AC bonus is left)."),
    _option("back_attack_severity", "classic.stack.back-attack-vs-conditions", "AMB-07",
            ("per-modifier", "package"),
            "Back attack vs conditions: the most severe per modifier "
            "(or: the more severe package as a whole)."),
    _option("concentration_floor", "classic.conc.check", "AMB-08",
            ("after-check", "always"),
            "The 5% minimum limits the reduction of a condition's failure chance "
            "(or: every concentration attempt fails on 5% at least)."),
    _option("leg_bonus", "classic.cond.prone.save-legs", "AMB-09",
            ("highest", "cumulative"),
            "Leg bonuses to the knockdown save: only the highest "
            "(or: they add up)."),
    _option("voluntary_drop_items", "classic.cond.prone.drop-items", "AMB-10",
            ("both", "involuntary-only"),
            "Item saves also when a creature throws itself down "
            "(or: only when knocked down)."),
    _option("prone_fighting", "classic.cond.prone.fight-from-ground.attack", "AMB-11",
            ("in-melee", "any-prone"),
            "Fighting-from-the-ground save and defence penalties only in melee "
            "(or: whenever the creature acts while prone)."),
    _option("exhausted_gate_penalty", "classic.cond.exhausted.action-save", "AMB-12",
            ("no-penalty", "with-penalty"),
            "The exhausted -20% does not apply to its own action save "
            "(or: it does)."),
    _option("exhausted_attackers", "classic.cond.exhausted.attackers", "AMB-13",
            ("as-written", "plus-four"),
            "Attackers get +3 against an exhausted creature as written "
            "(or: +4, reading +3 as a typo)."),
    _option("stunned_move", "classic.cond.stunned.move", "AMB-14",
            ("one-hex-with-save", "no-move"),
            "A stunned creature may move 1 hex with a Mind save "
            "(or: it cannot move at all)."),
    _option("paralysed_save_scope", "classic.cond.paralysed.save", "AMB-15",
            ("paralysed", "stunned-as-written"),
            "The -25% scope reads 'had it not been paralysed' "
            "(or: 'stunned' as the seed literally says)."),
    _option("dex_reduction_floor", "classic.cond.deaf.ac-dex", "AMB-16",
            ("floor-zero", "can-exceed"),
            "A reduction of the Dex AC bonus stops at 0 "
            "(or: it can worsen the AC beyond the bonus)."),
    _option("blind_fighting", "classic.cond.blind.attackers", "AMB-17",
            ("defender-proficiency", "attacker-proficiency"),
            "The blind defender's blind fighting halves the attackers' bonuses "
            "(or: attackers with blind fighting get less)."),
    _option("blind_landing_dice", "classic.cond.blind.flying", "AMB-18",
            ("size-order", "single-d4"),
            "Emergency landing: 1d4 per size letter in order T=1 … G=6 "
            "(or: a single 1d4)."),
    _option("sight_rolls", "classic.cond.avoiding-sight.sight-actions", "AMB-19",
            ("cumulative", "restatement"),
            "The -2 on sight-dependent rolls adds to the -2 on all rolls "
            "(or: it restates it)."),
    _option("asleep_ranged_offset", "classic.cond.asleep.ranged-prone", "AMB-20",
            ("sum", "cancel"),
            "Ranged penalties against a distant sleeper add algebraically to its "
            "benefits (or: the two cancel out)."),
    _option("drowsy_start", "classic.cond.asleep.drowsy", "AMB-21",
            ("event-round", "wake-round"),
            "Drowsy rounds are the four after the waking event's round "
            "(or: the four after the round it wakes, leaving one clear round)."),
    _option("fear_penalties", "classic.cond.fear.save-success", "AMB-22",
            ("after-passed-save", "whole-stage"),
            "Fear-stage penalties apply in a round whose Courage save was called "
            "and passed (or: whenever the creature acts in that stage)."),
    _option("intimidated_timing", "classic.cond.fear.intimidated.check", "AMB-23",
            ("round-start-only", "also-on-gain"),
            "Intimidated rolls its check only before each initiative declaration "
            "(or: also at once when gained, like the later stages)."),
    _option("engaged_duration", "classic.cond.engaged.duration", "AMB-52",
            ("whole-state", "save-only"),
            "All engaged penalties end at the activity's moment of the round "
            "(or: only the Incapacitated-for-the-save treatment does)."),
)}
