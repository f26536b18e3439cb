"""Invariants every ruleset keeps (Hypothesis): totals do not depend on the
order conditions were added, and adding a penalty never raises a total.
Each registered ruleset is checked with its own condition list."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mischia.attack import AttackInput, Rolls, resolve_attack
from mischia.creature import AttackSpec, Creature
from mischia.errors import InputError
from mischia.model import ActiveCondition, ConditionDef, Modifier
from mischia.queries import effective
from mischia.ruleset import get_ruleset, ruleset_ids

RULESETS = ruleset_ids()


def active(ruleset, draw):
    """A strategy of condition lists valid for ``ruleset`` (stage and cause drawn)."""
    ids = sorted(ruleset.conditions)
    def one(cid):
        stages = sorted(ruleset.conditions[cid].stages, key=str)
        stage = st.sampled_from(stages) if stages else st.none()
        return st.builds(ActiveCondition, st.just(cid), stage, st.sampled_from(["", "web", "poison"]))
    return draw(st.lists(st.sampled_from(ids).flatmap(one), max_size=5)) if ids else []


def totals(result):
    return {k: v.total for k, v in result.details.items()}


def attack_total(ruleset, attacker_conds, defender_conds):
    req = AttackInput(Creature(conditions=tuple(attacker_conds)),
                      Creature(conditions=tuple(defender_conds)),
                      AttackSpec(bonus=5), rolls=Rolls(d20=10, d20_second=10, confirm=10, miss=100,
                                                       damage=[4]))
    res = resolve_attack(ruleset, req)
    return res.attack.total, res.target.total


@pytest.mark.parametrize("rid", RULESETS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_order_of_conditions_does_not_change_any_total(rid, data):
    ruleset = get_ruleset(rid)
    conds = active(ruleset, data.draw)
    shuffled = data.draw(st.permutations(conds))
    a = effective(ruleset, Creature(conditions=tuple(conds)), ruleset.resolve_options())
    b = effective(ruleset, Creature(conditions=tuple(shuffled)), ruleset.resolve_options())
    assert totals(a) == totals(b)
    other = active(ruleset, data.draw)
    try:
        first = attack_total(ruleset, conds, other)
    except InputError:
        return  # e.g. a condition that forbids needed stats: nothing to compare
    assert first == attack_total(ruleset, shuffled, list(reversed(other)))


@pytest.mark.parametrize("rid", RULESETS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), penalty=st.integers(1, 10))
def test_adding_a_penalty_never_raises_a_total(rid, data, penalty):
    base = get_ruleset(rid)
    homebrew = ConditionDef("zz_homebrew_penalty", "test.homebrew", (
        Modifier("attack", -penalty, "test.homebrew.attack"),
        Modifier("initiative", -penalty, "test.homebrew.initiative"),
        Modifier("skill", -penalty, "test.homebrew.skill"),
    ))
    ruleset = type(base)()
    ruleset.conditions = {**base.conditions, homebrew.id: homebrew}
    conds = active(base, data.draw)
    try:
        before, _ = attack_total(ruleset, conds, [])
        after, _ = attack_total(ruleset, conds + [ActiveCondition(homebrew.id)], [])
    except InputError:
        return
    assert after <= before
    opts = ruleset.resolve_options()
    plain = totals(effective(ruleset, Creature(conditions=tuple(conds)), opts))
    worse = totals(effective(ruleset, Creature(conditions=tuple(conds) + (ActiveCondition(homebrew.id),)), opts))
    for key in ("skill",):
        if key in plain:
            assert worse[key] <= plain[key]
