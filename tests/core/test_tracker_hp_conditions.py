"""The conditions a hit-point result lists become chips on the combatant
(so attacks against it apply them), and leave when the result says so."""

from mischia import tracker
from mischia.encounter import Encounter


def one(rid, hp=10, **fields):
    enc = tracker.add_combatant(Encounter.new(rid), "Ana", "party", hp=hp, **fields)
    enc = tracker.add_combatant(enc, "Orc", "foes", hp=hp, **fields)
    return tracker.start_combat(enc)


def conds(enc, cid="c1"):
    return {i.id for i in enc.get(cid).conditions if i.cause == tracker.HP_CAUSE}


def test_dnd5e_unconscious_at_zero_and_gone_when_healed():
    enc, _ = tracker.damage(one("dnd5e"), "c1", 12)
    assert conds(enc) == {"unconscious"}
    enc, _ = tracker.heal(enc, "c1", 3)
    assert conds(enc) == set()


def test_pf1_dying_and_unconscious_below_zero():
    enc, result = tracker.damage(one("pf1", stats={"con": 12}), "c1", 12)
    assert set(result["details"]["conditions"]["add"]) <= conds(enc)
    assert "dying" in conds(enc)
    enc, _ = tracker.heal(enc, "c1", 8)
    assert "dying" not in conds(enc)


def test_d20pl_hit_point_state_conditions_follow_the_result():
    enc, result = tracker.damage(one("d20pl"), "c1", 10)
    listed = {x["id"] for x in result["details"]["conditions"]}
    assert listed and conds(enc) == listed
    enc, result = tracker.heal(enc, "c1", 10)
    assert conds(enc) == {x["id"] for x in result["details"].get("conditions", [])}


def test_a_condition_set_by_hand_stays():
    enc = tracker.add_condition(one("dnd5e"), "c1", "unconscious", cause="sleep spell")
    enc, _ = tracker.damage(enc, "c1", 12)
    enc, _ = tracker.heal(enc, "c1", 3)
    assert [i.cause for i in enc.get("c1").conditions if i.id == "unconscious"] == ["sleep spell"]
