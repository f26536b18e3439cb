"""The tracker: combatants, order, rounds and turns, durations, hit points,
log, undo — on a small registered test ruleset so it does not depend on any
real ruleset's numbers."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from mischia import ruleset as registry
from mischia import tracker
from mischia.breakdown import Breakdown, Line
from mischia.d20 import D20Ruleset
from mischia.encounter import Duration, Encounter
from mischia.errors import InputError
from mischia.history import History
from mischia.model import ConditionDef, Modifier
from mischia.result import HpState, Result


class TrackToy(D20Ruleset):
    id = "tracktoy"
    name = "Tracker toy"
    stats = {"dex_mod": (-10, 10)}
    conditions = {"dazed": ConditionDef("dazed", "toy.dazed", (Modifier("attack", -1, "toy.dazed"),), name="Dazed"),
                  "fear": ConditionDef("fear", "toy.fear", stages={1: (), 2: ()}, name="Fear")}

    def query_initiative(self, q, rng):
        from mischia import dice
        details, totals = {}, {}
        for entry in q.list("combatants"):
            roll = dice.take(20, q.raw_rolls().get(entry["id"]), rng, f"rolls.{entry['id']}")
            details[entry["id"]] = Breakdown.of([Line("roll", roll, "toy.init"),
                                                 Line("mod", entry["modifier"], "toy.init")])
            totals[entry["id"]] = details[entry["id"]].total
        order = sorted(totals, key=lambda i: -totals[i])
        return Result(value=order, details=details)

    def query_damage(self, q, rng):
        hp = q.hp()
        current = hp.current - q.int("amount", 0, 10 ** 6)
        status = "down" if current <= 0 else "ok"
        return Result(value=hp.with_(current=current, status=status), events=("toy.hp",))


@pytest.fixture(autouse=True)
def toy_registered():
    registry._discover()
    registry.register(TrackToy)
    yield
    registry._REGISTRY.pop("tracktoy", None)


def fight():
    enc = Encounter.new("tracktoy")
    enc = tracker.add_combatant(enc, "Ada", "party", init_mod=2, hp=10)
    enc = tracker.add_group(enc, "Orc", 2, "foes", init_mod=0, hp=8)
    enc, _ = tracker.roll_initiative(enc, typed={"c1": 10, "c2": 15, "c3": 5})
    return tracker.start_combat(enc)


def test_group_names_and_initiative_order_from_typed_dice():
    enc = fight()
    assert [c.name for c in enc.combatants] == ["Ada", "Orc 1", "Orc 2"]
    assert enc.order == ("c2", "c1", "c3")
    assert enc.current().name == "Orc 1" and enc.round == 1


def test_rounds_advance_and_a_two_round_condition_expires_before_its_count():
    enc = fight()                                   # Orc 1's turn, round 1
    enc = tracker.add_condition(enc, "c1", "dazed", duration=Duration("rounds", 2))
    for _ in range(5):                               # → round 2 … round 3, Orc 1
        enc = tracker.next_turn(enc)
        assert enc.get("c1").conditions, "still dazed before round 3"
    enc = tracker.next_turn(enc)
    assert enc.round == 3 and enc.current().id == "c2"
    assert not enc.get("c1").conditions
    assert enc.log[-2].key == "{condition} on {name} ends"


def test_turn_end_duration_ends_at_the_end_of_the_anchor_turn():
    enc = fight()
    enc = tracker.add_condition(enc, "c3", "dazed", duration=Duration("turn_end", 1, "c1"))
    enc = tracker.next_turn(enc)       # Ada's turn starts
    assert enc.get("c3").conditions
    enc = tracker.next_turn(enc)       # Ada's turn ended
    assert not enc.get("c3").conditions


def test_stage_validation_and_unknown_condition():
    enc = fight()
    with pytest.raises(InputError) as err:
        tracker.add_condition(enc, "c1", "fear", stage=7)
    assert err.value.allowed == (1, 2)
    with pytest.raises(InputError):
        tracker.add_condition(enc, "c1", "nope")


def test_damage_goes_through_the_ruleset_and_is_logged():
    enc, result = tracker.damage(fight(), "c2", 9)
    assert enc.get("c2").hp == HpState(8, -1, 0, "down")
    assert result["events"] == ["toy.hp"] and enc.log[-1].rules == ("toy.hp",)


def test_delay_moves_the_current_combatant():
    enc = tracker.delay(fight(), "c3")
    assert enc.order == ("c1", "c3", "c2") and enc.current().id == "c1"


def test_remove_keeps_turn_consistent():
    enc = tracker.next_turn(fight())               # Ada (index 1)
    enc = tracker.remove(enc, "c2")
    assert enc.current().id == "c1"


def test_json_round_trip_keeps_everything():
    enc = tracker.add_condition(fight(), "c1", "fear", stage=2, cause="dragon",
                                duration=Duration("rounds", 3))
    assert Encounter.from_json(enc.to_json()) == enc


def test_bad_values_are_refused_with_the_field_named():
    with pytest.raises(InputError) as err:
        tracker.add_combatant(Encounter.new("tracktoy"), "  ")
    assert err.value.field == "combatant.name"
    with pytest.raises(InputError) as err:
        tracker.add_combatant(Encounter.new("tracktoy"), "X", hp={"max": -3, "current": 1})
    assert err.value.field == "combatant.hp.max"


ACTIONS = st.lists(st.sampled_from(["next", "dazed", "damage", "add", "prev", "delay"]), max_size=25)


@settings(max_examples=60, deadline=None)
@given(ACTIONS)
def test_any_actions_then_as_many_undos_restore_the_start(actions):
    history = History(fight())
    start = history.present
    done = 0
    for action in actions:
        enc = history.present
        if action == "next":
            new = tracker.next_turn(enc)
        elif action == "prev":
            new = tracker.previous_turn(enc)
        elif action == "dazed":
            new = tracker.add_condition(enc, "c1", "dazed", duration=Duration("rounds", 1))
        elif action == "damage":
            new, _ = tracker.damage(enc, "c3", 3)
        elif action == "add":
            new = tracker.add_combatant(enc, "Late", "other")
        else:
            others = [i for i in enc.order if i != enc.current().id]
            new = tracker.delay(enc, others[0])
        before = history
        history = history.do(new)
        done += history is not before
    for _ in range(done):
        history = history.undo()
    assert history.present == start
    for _ in range(done):
        history = history.redo()
    assert not history.can_redo
