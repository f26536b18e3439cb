"""Property tests (Hypothesis) for the classic procedures: criticals of the
surprise check override every modifier, the sentry's fatigue stays within
its cap and never improves with more hours, movement keeps its 1-hex minimum
whatever the conditions and their order, and an initiative penalty never
makes a creature act earlier."""

from hypothesis import given, settings
from hypothesis import strategies as st

from mischia.queries import run
from mischia.rulesets.classic import Classic

MOVE_CONDITIONS = [c for c in ("debilitated", "incapacitated", "hindered", "exhausted")
                   if c in Classic.conditions]
INIT_CONDITIONS = [c for c in ("debilitated", "incapacitated", "hindered", "exhausted", "deaf")
                   if c in Classic.conditions]

surprise_inputs = st.fixed_dictionaries({}, optional={
    "event": st.integers(0, 4), "complex_action": st.booleans(),
    "careful_movement": st.booleans(), "equipment": st.integers(-10, 0),
    "guard_hours": st.floats(0, 72, allow_nan=False)})
stats = st.fixed_dictionaries({}, optional={"reaction_adjustment": st.integers(-5, 5),
                                            "surprise_modifier": st.integers(-5, 5)})


@settings(max_examples=60, deadline=None)
@given(natural=st.integers(1, 100), inputs=surprise_inputs, stats=stats)
def test_surprise_criticals_override_modifiers(natural, inputs, stats):
    res = run("surprise", {"ruleset": "classic", "rolls": {"x": natural},
                           "combatants": [{"id": "x", "creature": {"stats": stats},
                                           "surprise": inputs}]})
    out = res["value"]["outcomes"]["x"]
    if natural <= 5:
        assert out["surprised"] and out["decided_by"] == "classic.surprise.crit-fail"
    elif natural >= 96:
        assert not out["surprised"] and out["decided_by"] == "classic.surprise.crit-success"
    else:
        assert out["surprised"] is (out["total"] <= 30)


@settings(max_examples=60, deadline=None)
@given(hours=st.floats(0, 71, allow_nan=False), more=st.floats(0, 1, allow_nan=False))
def test_guard_fatigue_is_capped_and_never_improves(hours, more):
    rule = "classic.surprise.guard.fatigue"

    def penalty(h):
        res = run("surprise", {"ruleset": "classic", "rolls": {"g": 50},
                               "combatants": [{"id": "g", "surprise": {"guard_hours": h}}]})
        return sum(l["value"] for l in res["details"]["g"]["lines"] if l["rule"] == rule)

    now, later = penalty(hours), penalty(hours + more)
    assert -20 <= later <= now <= 0


@settings(max_examples=60, deadline=None)
@given(move=st.integers(1, 60), conds=st.lists(st.sampled_from(MOVE_CONDITIONS or ["surprised"]),
                                                max_size=4), data=st.data())
def test_movement_minimum_one_hex_in_any_order(move, conds, data):
    conds = [{"id": c, "cause": f"cause{i}"} for i, c in enumerate(conds) if c != "surprised"]
    shuffled = data.draw(st.permutations(conds))
    first = run("movement", {"ruleset": "classic", "creature": {"stats": {"move": move},
                                                                 "conditions": conds}})
    second = run("movement", {"ruleset": "classic", "creature": {"stats": {"move": move},
                                                                  "conditions": list(shuffled)}})
    assert first["value"] == second["value"]
    assert 1 <= first["value"] <= move


@settings(max_examples=60, deadline=None)
@given(rolls=st.lists(st.integers(1, 10), min_size=2, max_size=6),
       cond=st.sampled_from(INIT_CONDITIONS or ["surprised"]))
def test_penalty_never_makes_a_creature_act_earlier(rolls, cond):
    combatants = [{"id": f"c{i}"} for i in range(len(rolls))]
    typed = {f"c{i}": r for i, r in enumerate(rolls)}
    plain = run("initiative", {"ruleset": "classic", "combatants": combatants, "rolls": typed})
    totals = [plain["details"][cid]["total"] for cid in plain["value"]]
    assert totals == sorted(totals)
    slowed = [dict(combatants[0], creature={"conditions": [cond]})] + combatants[1:]
    after = run("initiative", {"ruleset": "classic", "combatants": slowed, "rolls": typed})
    assert after["details"]["c0"]["total"] >= plain["details"]["c0"]["total"]
    assert after["value"].index("c0") >= plain["value"].index("c0")
