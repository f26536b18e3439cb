"""A whole fight in each real ruleset, through the tracker: six combatants,
initiative from typed dice, surprise, three rounds with a 2-round condition
expiring at the right turn, a combatant taken to dying and asked for its
start-of-turn roll, undo to the start, and a JSON round trip."""

import pytest

from mischia import tracker
from mischia.encounter import Duration, Encounter
from mischia.history import History

PEOPLE = [("Ada", "party", True), ("Bo", "party", True), ("Cy", "party", True),
          ("Orc 1", "foes", False), ("Orc 2", "foes", False), ("Boss", "foes", True)]
DICE = {"c1": 2, "c2": 9, "c3": 5, "c4": 7, "c5": 3, "c6": 8}

SETUP = {
    "classic": dict(stats={"dex": 12}, condition="debilitated", dying_status="down"),
    "pf1": dict(stats={"con": 12, "con_mod": 1, "dex_mod": 1}, condition="shaken", dying_status="dying",
                turn_rule="ext.pf1.hp-dying"),
    "d20pl": dict(stats={"con": 12, "con_mod": 1}, condition="shaken", dying_status="mortal_danger",
                  options={"initiative_method": "srd-d20"}, turn_rule="d20pl.hp.below-zero.unconscious-save"),
    "dnd5e": dict(stats={"dex_mod": 1}, condition="poisoned", dying_status="dying",
                  turn_rule="ext.dnd5e.death-saves"),
}


def build(rid):
    s = SETUP[rid]
    enc = Encounter.new(rid).with_(options=s.get("options", {}))
    for i, (name, side, aware) in enumerate(PEOPLE):
        enc = tracker.add_combatant(enc, name, side, init_mod=i % 3, stats=s["stats"], hp=12, aware=aware)
    return enc


@pytest.mark.parametrize("rid", sorted(SETUP))
def test_a_whole_fight(rid):
    s = SETUP[rid]
    history = History(build(rid))
    start = history.present
    enc, result = tracker.roll_initiative(history.present, typed=DICE)
    assert sorted(enc.order) == sorted(DICE) and len(enc.order) == 6
    history = history.do(enc)
    enc = tracker.start_combat(enc)
    history = history.do(enc)
    if rid in ("pf1", "d20pl"):                       # a surprise round: unaware don't act
        assert enc.phase == "surprise" and enc.round == 0
        acting = []
        while enc.phase == "surprise":
            acting.append(enc.current().id)
            enc = tracker.next_turn(enc)
        assert "c4" not in acting and "c5" not in acting and acting
        assert "surprised" not in [i.id for i in enc.get(enc.current().id).conditions]
    elif rid == "dnd5e":
        assert [i.id for i in enc.get("c4").conditions] == ["surprised"]
    else:
        enc = tracker.mark_surprised(enc, ["c4"])
        assert [i.id for i in enc.get("c4").conditions] == ["surprised"]
    assert enc.phase == "combat" and enc.round == 1
    # a 2-round condition applied on the current turn ends just before that count in round 3
    anchor = enc.current().id
    enc = tracker.add_condition(enc, "c6", s["condition"], cause="test", duration=Duration("rounds", 2))
    turns = 0
    while not (enc.round == 3 and enc.current().id == anchor):
        assert s["condition"] in [i.id for i in enc.get("c6").conditions]
        enc = tracker.next_turn(enc)
        turns += 1
    assert turns == 12 and s["condition"] not in [i.id for i in enc.get("c6").conditions]
    assert any(e.key == "{condition} on {name} ends" for e in enc.log)
    # damage into dying, then the start-of-turn roll is asked for
    enc, res = tracker.damage(enc, "c2", 15)
    assert enc.get("c2").hp.status == s["dying_status"]
    if "turn_rule" in s:
        enc, res = tracker.turn_rolls(enc, "c2")
        assert s["turn_rule"] in [p["rule"] for p in res["prompts"]]
    history = history.do(enc)
    again = Encounter.from_json(enc.to_json())
    assert again == enc
    while history.can_undo:
        history = history.undo()
    assert history.present == start
