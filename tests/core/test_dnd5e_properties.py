"""dnd5e property tests (Hypothesis): advantage/disadvantage don't depend on
the order conditions were added, one more disadvantage source never raises
the d20 kept, movement costs never fall when terrain gets worse, and damage
never raises hit points."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mischia.queries import run

ATTACKER_CONDS = ["blinded", "invisible", "poisoned", "prone", "restrained", "frightened",
                  "squeezing", "hidden"]
DEFENDER_CONDS = ["blinded", "invisible", "prone", "restrained", "stunned", "paralyzed",
                  "squeezing", "dodging", "hidden", "unconscious"]
d20 = st.integers(1, 20)


def attack(att, dfn, first, second, kind="melee", distance=None):
    situation = {"numbers": {"distance": distance}} if distance is not None else None
    payload = {"ruleset": "dnd5e", "attacker": {"stats": {"str_mod": 2, "dex_mod": 2}, "conditions": att},
               "defender": {"stats": {"ac": 14}, "conditions": dfn},
               "attack": {"kind": kind, "damage": "1d6"},
               "rolls": {"d20": first, "d20_second": second, "damage": [3], "crit_damage": [3]}}
    if situation:
        payload["situation"] = situation
    return run("attack", payload, random.Random(0))


@settings(max_examples=60, deadline=None)
@given(att=st.lists(st.sampled_from(ATTACKER_CONDS), unique=True, max_size=4),
       dfn=st.lists(st.sampled_from(DEFENDER_CONDS), unique=True, max_size=4),
       first=d20, second=d20, kind=st.sampled_from(["melee", "ranged"]),
       distance=st.one_of(st.none(), st.sampled_from([1.5, 3, 9, 30])), seed=st.randoms())
def test_mode_is_independent_of_condition_order(att, dfn, first, second, kind, distance, seed):
    """ext.dnd5e.advantage: any advantage cancels any disadvantage, whatever the order."""
    a = attack(att, dfn, first, second, kind, distance)
    shuffled_att, shuffled_dfn = list(att), list(dfn)
    seed.shuffle(shuffled_att)
    seed.shuffle(shuffled_dfn)
    b = attack(shuffled_att, shuffled_dfn, first, second, kind, distance)
    assert (a["mode"], a["natural"], a["verdict"]) == (b["mode"], b["natural"], b["verdict"])
    adv = any(l.get("type") == "advantage" for l in a["mode_lines"])
    dis = any(l.get("type") == "disadvantage" for l in a["mode_lines"])
    expected = "normal" if adv == dis else ("advantage" if adv else "disadvantage")
    assert a["mode"] == expected


@settings(max_examples=60, deadline=None)
@given(att=st.lists(st.sampled_from(ATTACKER_CONDS), unique=True, max_size=3),
       dfn=st.lists(st.sampled_from(DEFENDER_CONDS), unique=True, max_size=3),
       first=d20, second=d20)
def test_one_more_disadvantage_never_raises_the_d20_kept(att, dfn, first, second):
    before = attack([c for c in att if c != "poisoned"], dfn, first, second)
    after = attack([c for c in att if c != "poisoned"] + ["poisoned"], dfn, first, second)
    assert after["natural"] <= before["natural"]


segment = st.fixed_dictionaries({"distance": st.sampled_from([0.5, 1, 1.5, 3, 4.5])},
                                 optional={"difficult": st.booleans(), "crawl": st.booleans(),
                                           "squeeze": st.booleans()})


@settings(max_examples=80, deadline=None)
@given(segments=st.lists(segment, min_size=1, max_size=4), index=st.integers(0, 3),
       worse=st.sampled_from(["difficult", "crawl", "squeeze"]),
       option=st.sampled_from(["additive", "no-stack"]))
def test_worse_terrain_never_costs_less(segments, index, worse, option):
    def cost(segs):
        res = run("movement", {"ruleset": "dnd5e", "creature": {"stats": {"speed": 60}},
                               "segments": segs, "options": {"squeeze_cost": option}})
        return res["value"]["cost"]
    base = cost(segments)
    assert base >= sum(s["distance"] for s in segments)
    harder = [dict(s) for s in segments]
    harder[index % len(harder)][worse] = True
    assert cost(harder) >= base


@settings(max_examples=80, deadline=None)
@given(maximum=st.integers(1, 60), data=st.data(), amount=st.integers(0, 150),
       critical=st.booleans())
def test_damage_never_raises_hit_points(maximum, data, amount, critical):
    current = data.draw(st.integers(0, maximum))
    temp = data.draw(st.integers(0, 20))
    status = "dying" if current == 0 else "ok"
    res = run("damage", {"ruleset": "dnd5e", "creature": {}, "amount": amount, "critical": critical,
                         "hp": {"max": maximum, "current": current, "temp": temp,
                                "status": status}})
    new = res["value"]
    assert new["current"] <= current and new["temp"] <= temp
    assert new["current"] + new["temp"] >= current + temp - amount
    if new["status"] == "dead":
        assert amount > 0
