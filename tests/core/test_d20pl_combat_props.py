"""Properties of d20pl stacking (Hypothesis): totals do not depend on the
order conditions were added, and adding a penalty never raises a total."""

from hypothesis import given, settings, strategies as st

from mischia.queries import run

CONDITIONS = ["prone", "kneeling", "sitting", "stunned", "blinded", "dazzled", "entangled",
              "squeezing", "shaken", "frightened", "pinned", "cowering", "grappling",
              "flat_footed", "helpless", "invisible", "fighting_defensively", "total_defence"]
PENALTIES = ["dazzled", "entangled", "squeezing", "shaken", "frightened"]   # attack table rows
STATS = st.fixed_dictionaries({"bab": st.integers(0, 20), "str_mod": st.integers(-5, 10),
                               "dex_mod": st.integers(-5, 10), "armour": st.integers(0, 10),
                               "dodge": st.integers(0, 4)})


def totals(attacker, defender, kind="melee"):
    res = run("attack", {"ruleset": "d20pl", "attacker": attacker, "defender": defender,
                         "attack": {"kind": kind, "weapon": ["crossbow"] if kind == "ranged" else []},
                         "rolls": {"d20": 1}})
    return res["attack"]["total"], res["target"]["total"]


@settings(max_examples=60, deadline=None)
@given(STATS, st.lists(st.sampled_from(CONDITIONS), max_size=5, unique=True),
       st.sampled_from(["melee", "ranged"]))
def test_totals_do_not_depend_on_condition_order(stats, conds, kind):
    a = totals({"stats": stats, "conditions": conds}, {"stats": stats, "conditions": conds}, kind)
    b = totals({"stats": stats, "conditions": conds[::-1]},
               {"stats": stats, "conditions": conds[::-1]}, kind)
    assert a == b


@settings(max_examples=60, deadline=None)
@given(STATS, st.lists(st.sampled_from(CONDITIONS), max_size=4, unique=True),
       st.sampled_from(PENALTIES), st.sampled_from(["melee", "ranged"]))
def test_adding_a_penalty_never_raises_the_attack_total(stats, conds, penalty, kind):
    before, _ = totals({"stats": stats, "conditions": conds}, {"stats": {}}, kind)
    more = conds + [penalty] if penalty not in conds else conds
    after, _ = totals({"stats": stats, "conditions": more}, {"stats": {}}, kind)
    assert after <= before
