"""The engine's own mechanics, on a toy ruleset: collection, predicates,
stacking helpers, breakdown lines, dice validation and bad input."""

import random

import pytest

from mischia import dice
from mischia.attack import AttackInput, Rolls, Verdict, resolve_attack
from mischia.breakdown import Line
from mischia.creature import AttackSpec, Creature, Situation
from mischia.d20 import D20Ruleset
from mischia.errors import InputError
from mischia.model import ActiveCondition, ConditionDef, Modifier, SituationDef, Unit, when
from mischia.stacking import cap_total, highest_per_key, stack_typed


class Toy(D20Ruleset):
    id = "toy"
    stats = {k: (-20, 60) for k in ("bab", "str_mod", "dex_mod", "armour", "shield", "ac")}
    rule_ids = {k: f"toy.{k}" for k in (
        "attack.roll", "attack.melee", "attack.ranged", "ac", "ac.touch", "damage",
        "damage.str", "damage.two-handed", "damage.off-hand", "crit", "damage.minimum")}
    conditions = {
        "weak": ConditionDef("weak", "toy.weak", modifiers=(
            Modifier("attack", -2, "toy.weak.attack"),
            Modifier("attackers.attack", 2, "toy.weak.attackers", when=when("melee")),
        )),
        "blind": ConditionDef("blind", "toy.blind", modifiers=(
            Modifier("deny", 1, "toy.blind.dex", Unit.FLAG, detail="dex_ac"),
        )),
    }
    situations = {
        "flank": SituationDef("flank", "toy.flank", (Modifier("attack", 2, "toy.flank", type="circumstance"),)),
        "cover": SituationDef("cover", "toy.cover", choices=("partial",), modifiers=(
            Modifier("miss_chance", 20, "toy.cover.miss", Unit.PERCENT, when=when("situation.cover.partial")),)),
    }


TOY = Toy()


def attack(**kw):
    base = dict(attacker=Creature(stats={"bab": 3, "str_mod": 2}),
                defender=Creature(stats={"armour": 4, "dex_mod": 2}),
                attack=AttackSpec(damage="1d8"), rolls=Rolls(d20=10, damage=[5]))
    base.update(kw)
    return resolve_attack(TOY, AttackInput(**base))


def test_attack_total_and_target_have_breakdowns():
    res = attack()
    assert res.attack.total == 5 and res.attack.rules() == ("toy.attack.melee", "toy.attack.melee")
    assert res.target.total == 16
    assert res.verdict is Verdict.MISS  # 10 + 5 = 15 < 16


def test_conditions_apply_from_both_sides_with_predicates():
    weak = ActiveCondition("weak")
    res = attack(attacker=Creature(stats={"bab": 3, "str_mod": 2}, conditions=(weak,)),
                 defender=Creature(stats={"armour": 4, "dex_mod": 2}, conditions=(weak,)))
    assert "toy.weak.attack" in res.attack.rules() and "toy.weak.attackers" in res.attack.rules()
    ranged = attack(defender=Creature(stats={"armour": 4}, conditions=(weak,)),
                    attack=AttackSpec(kind="ranged"))
    assert "toy.weak.attackers" not in ranged.attack.rules()


def test_denied_component_stays_in_breakdown_struck():
    res = attack(defender=Creature(stats={"armour": 4, "dex_mod": 2}, conditions=(ActiveCondition("blind"),)))
    assert res.target.total == 14
    dex = [l for l in res.target.lines if l.label == "ac.dex_mod"][0]
    assert not dex.applied and dex.reason == "denied" and dex.rule == "toy.blind.dex"


def test_natural_rolls_and_miss_chance():
    assert attack(rolls=Rolls(d20=1)).verdict is Verdict.NAT1
    assert attack(rolls=Rolls(d20=20, confirm=1, damage=[3])).verdict is Verdict.HIT
    crit = attack(rolls=Rolls(d20=20, confirm=15, damage=[3]))
    assert crit.verdict is Verdict.CRITICAL and crit.damage.total == 10
    missed = attack(situation=Situation(choices={"cover": "partial"}), rolls=Rolls(d20=19, miss=7, damage=[3]))
    assert missed.verdict is Verdict.MISS_CHANCE and missed.miss_chance == 20


def test_typed_die_outside_the_die_is_refused():
    with pytest.raises(InputError) as err:
        attack(rolls=Rolls(d20=21))
    assert err.value.field == "rolls.d20"
    with pytest.raises(InputError):
        dice.take(20, 0)


def test_rng_rolls_what_was_not_typed():
    res = resolve_attack(TOY, AttackInput(Creature(stats={"bab": 30}), Creature()), random.Random(1))
    assert 1 <= res.natural <= 20


def test_unknown_condition_names_allowed_values():
    with pytest.raises(InputError) as err:
        attack(attacker=Creature(conditions=(ActiveCondition("nope"),)))
    assert err.value.field == "condition" and "weak" in err.value.allowed


def test_stack_typed_keeps_highest_same_type_and_all_penalties():
    lines = [Line("a", 2, "r1", type="morale"), Line("b", 3, "r2", type="morale"),
             Line("c", 1, "r3", type="dodge"), Line("d", 1, "r4", type="dodge"),
             Line("e", -2, "r5", type="morale"), Line("f", -1, "r6", type="morale")]
    out = stack_typed(lines)
    assert [l.applied for l in out] == [False, True, True, True, True, True]
    assert out[0].reason == "did-not-stack"


def test_cap_and_most_severe():
    out = cap_total([Line("a", 4, "x"), Line("b", 3, "y")], 5, "cap.rule")
    assert sum(l.value for l in out if l.applied) == 5 and out[-1].rule == "cap.rule"
    out = highest_per_key([Line("a", 2, "x"), Line("b", 3, "y")], key=lambda l: "attack")
    assert [l.applied for l in out] == [False, True]


def test_dice_expressions():
    e = dice.DiceExpr.parse("2d6+3")
    assert (e.count, e.sides, e.bonus) == (2, 6, 3)
    assert dice.DiceExpr.parse("1k8").sides == 8
    with pytest.raises(InputError):
        dice.DiceExpr.parse("2d7")
