"""Who is aware of whom: per-combatant sets of the opponents it noticed, and
the surprise they give (pf1.surprise.definition, d20pl.surprise.definition)."""

import pytest

from mischia import tracker
from mischia.encounter import Encounter
from mischia.errors import InputError


def fight(rid):
    enc = Encounter.new(rid)
    for name, side in (("Ana", "party"), ("Orc", "foes"), ("Bo", "party"), ("Elf", "foes")):
        enc = tracker.add_combatant(enc, name, side)
    return enc        # c1 Ana, c2 Orc, c3 Bo, c4 Elf


def conds(enc, cid):
    return {i.id for i in enc.get(cid).conditions}


def test_old_saves_without_the_field_load_unchanged_and_the_field_round_trips():
    enc = fight("pf1")
    data = enc.to_dict()
    assert all("aware_of" not in c for c in data["combatants"])
    assert Encounter.from_dict(data) == enc
    enc = tracker.set_aware_of(enc, "c1", ["c2"])
    assert enc.get("c1").aware_of == frozenset({"c2"})
    assert Encounter.from_json(enc.to_json()) == enc


@pytest.mark.parametrize("rid", ["pf1", "d20pl"])
def test_unaware_of_an_opponent_that_noticed_it_is_surprised(rid):
    enc = fight(rid)
    enc = tracker.set_aware_of(enc, "c1", ["c2"])        # Ana missed the Elf…
    enc = tracker.set_aware_of(enc, "c4", ["c1", "c3"])  # …who noticed her
    enc = tracker.set_aware_of(enc, "c3", [])            # Bo noticed no one, but the Orc saw only Ana
    enc = tracker.set_aware_of(enc, "c2", ["c1"])        # the Orc missed Bo, who did not see it either
    assert not tracker.is_aware(enc, "c1")
    assert not tracker.is_aware(enc, "c3")               # the Elf noticed Bo
    assert tracker.is_aware(enc, "c2")                   # Bo never noticed the Orc
    assert tracker.is_aware(enc, "c4")
    started = tracker.start_combat(enc)
    assert started.phase == "surprise"
    assert "surprised" in conds(started, "c1") and "surprised" in conds(started, "c3")
    assert "surprised" not in conds(started, "c2")
    acting = set()
    while started.phase == "surprise":
        acting.add(started.order[started.turn])
        started = tracker.next_turn(started)
    assert acting == {"c2", "c4"}


def test_an_opponent_unaware_of_you_cannot_surprise_you():
    enc = fight("pf1")
    enc = tracker.set_aware_of(enc, "c1", [])             # Ana noticed no one…
    for cid in ("c2", "c3", "c4"):
        enc = tracker.set_aware_of(enc, cid, [])         # …and no one noticed anyone
    assert all(tracker.is_aware(enc, c) for c in ("c1", "c2", "c3", "c4"))
    assert tracker.start_combat(enc).phase == "combat"


def test_d20pl_flat_footed_only_for_the_surprised():
    enc = tracker.set_aware_of(fight("d20pl"), "c1", [])
    started = tracker.start_combat(enc)
    assert "flat_footed" in conds(started, "c1")
    assert "flat_footed" not in conds(started, "c2")


def test_only_opponents_and_the_plain_flag_resets():
    enc = fight("pf1")
    with pytest.raises(InputError) as err:
        tracker.set_aware_of(enc, "c1", ["c3"])
    assert err.value.field == "aware_of" and list(err.value.allowed) == ["c2", "c4"]
    enc = tracker.set_aware_of(enc, "c1", ["c2"])
    enc = tracker.set_aware(enc, "c1", True)
    assert enc.get("c1").aware_of is None and tracker.is_aware(enc, "c1")
    with pytest.raises(InputError):
        Encounter.from_dict({**enc.to_dict(), "combatants": [{"id": "x", "name": "X", "aware_of": "c2"}]})


def test_dnd5e_stealth_contest_marks_the_surprised_and_start_surprises_them():
    enc = fight("dnd5e")
    inputs = {c.id: {"aware": None, "hiding": c.side == "foes", "stealth": 5, "passive_perception": 12}
              for c in enc.combatants}
    result = tracker.surprise_check(enc, rolls={"c2": 15, "c4": 2}, inputs=inputs)
    # only the Orc hid well (20 ≥ 12): Ana and Bo still see the Elf (7), so nobody is surprised
    assert result["value"]["surprised"] == []
    result = tracker.surprise_check(enc, rolls={"c2": 15, "c4": 10}, inputs=inputs)
    assert sorted(result["value"]["surprised"]) == ["c1", "c3"]
    enc = tracker.set_unaware(enc, result["value"]["surprised"])
    assert [c.aware for c in enc.combatants] == [False, True, False, True]
    started = tracker.start_combat(enc)
    assert "surprised" in conds(started, "c1") and "surprised" not in conds(started, "c2")


def test_d20pl_duel_and_no_gm_rotation_orders_cite_their_rules():
    enc = tracker.add_combatant(tracker.add_combatant(Encounter.new("d20pl"), "Ana", "party"), "Orc", "foes")
    duel, result = tracker.roll_initiative(enc, order=["c2", "c1"], mode="duel")
    assert duel.order == ("c2", "c1") and "d20pl.seq.duel" in duel.log[-1].rules
    assert [p["id"] for p in result["details"]["posts"]] == ["c2", "c1"]
    three = tracker.add_combatant(enc, "Bo", "party")
    rot, result = tracker.roll_initiative(three, mode="no-gm", turn=2)
    assert rot.order == ("c2", "c3", "c1") and "d20pl.seq.no-gm-rotation" in rot.log[-1].rules
    assert result["details"]["posts"][-1] == {"id": "c2", "post": "summary", "rule": "d20pl.seq.no-gm-rotation"}
    with pytest.raises(InputError):
        tracker.roll_initiative(three, mode="duel")
