"""pf1 stacking properties (Hypothesis): the order conditions were added in
does not change a number, and adding a penalty condition never raises one."""

import random

from hypothesis import given, settings, strategies as st

from mischia.queries import run

PENALTIES = ["shaken", "sickened", "dazzled", "entangled", "fatigued", "exhausted", "grappled",
             "prone", "frightened", "squeezing", "fighting_defensively", {"id": "energy_drained", "stage": 2}]
DEFENCE = ["blinded", "stunned", "cowering", "pinned", "helpless", "flat_footed", "prone", "kneeling",
           "charging", "entangled", "squeezing", "broken_armour"]
ATTACKER = {"stats": {"bab": 6, "str_mod": 3, "dex_mod": 2}}
DEFENDER = {"stats": {"armour": 5, "dex_mod": 3, "dodge": 1}}


def totals(attacker_conds, defender_conds, kind="melee"):
    res = run("attack", {"ruleset": "pf1", "attacker": dict(ATTACKER, conditions=attacker_conds),
                         "defender": dict(DEFENDER, conditions=defender_conds),
                         "attack": {"kind": kind, "weapon": ["crossbow"]},
                         "rolls": {"d20": 10, "damage": [3]}}, random.Random(0))
    return res["attack"]["total"], res["target"]["total"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PENALTIES), max_size=5, unique_by=str),
       st.lists(st.sampled_from(DEFENCE), max_size=4, unique=True), st.randoms(use_true_random=False),
       st.sampled_from(["melee", "ranged"]))
def test_order_of_conditions_does_not_matter(attacker_conds, defender_conds, shuffler, kind):
    first = totals(attacker_conds, defender_conds, kind)
    a, d = list(attacker_conds), list(defender_conds)
    shuffler.shuffle(a)
    shuffler.shuffle(d)
    assert totals(a, d, kind) == first


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PENALTIES), max_size=4, unique_by=str), st.sampled_from(PENALTIES),
       st.sampled_from(["melee", "ranged"]))
def test_a_penalty_condition_never_raises_the_attack(conds, extra, kind):
    before, _ = totals(conds, [], kind)
    after, _ = totals(conds + [extra], [], kind)
    assert after <= before
