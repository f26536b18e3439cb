"""The tracker operations the fight screen needs beyond the basics: options,
renaming, awareness, stored initiative dice and roll-offs, the questions the
table must answer (start-of-turn rolls, saves that end conditions, ties),
remaining durations, per-turn resources — on the real rulesets."""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from mischia import tracker
from mischia.encounter import Duration, Encounter
from mischia.errors import InputError
from mischia.history import History
from mischia.reference import entry


def party(rid, n=3, **fields):
    enc = Encounter.new(rid)
    for i in range(n):
        enc = tracker.add_combatant(enc, f"P{i + 1}", "party" if i % 2 == 0 else "foes", **fields)
    return enc


def test_options_are_validated_logged_with_their_rule_and_defaults_not_stored():
    enc = party("classic")
    enc = tracker.set_options(enc, {"initiative_direction": "higher-first"})
    assert enc.options == {"initiative_direction": "higher-first"}
    assert enc.log[-1].key == "Rule option {option} set to {choice}"
    assert enc.log[-1].rules == ("classic.conv.initiative-direction",)
    enc = tracker.set_options(enc, {"initiative_direction": "lower-first"})
    assert enc.options == {}
    with pytest.raises(InputError) as err:
        tracker.set_options(enc, {"initiative_direction": "sideways"})
    assert err.value.field == "options.initiative_direction"
    assert err.value.allowed == ("lower-first", "higher-first")


def test_rename_and_awareness_are_logged():
    enc = tracker.rename(party("pf1"), "  Ambush at the ford ")
    assert enc.name == "Ambush at the ford"
    enc = tracker.set_aware(enc, "c2", False)
    assert enc.get("c2").aware is False and enc.log[-1].params == {"name": "P2"}
    with pytest.raises(InputError):
        tracker.rename(enc, "x" * 300)


def test_group_can_share_one_initiative_roll_or_not():
    enc = tracker.add_group(Encounter.new("dnd5e"), "Goblin", 3, "foes", stats={"dex_mod": 2})
    assert len({c.group for c in enc.combatants}) == 1 and enc.combatants[0].group
    enc, result = tracker.roll_initiative(enc, random.Random(4))
    assert len({c.initiative for c in enc.combatants}) == 1            # dnd5e.init.group
    assert "dnd5e.init.group" in {l["rule"] for l in result["details"]["c1"]["lines"]}
    alone = tracker.add_group(Encounter.new("dnd5e"), "Wolf", 2, "foes", shared=False)
    assert [c.group for c in alone.combatants] == ["", ""]


def test_initiative_die_and_stored_dice():
    assert tracker.initiative_die(party("pf1")) == 20
    assert tracker.initiative_die(party("dnd5e")) == 20
    assert tracker.initiative_die(party("classic")) == 10              # ext.classic.initiative-system
    assert tracker.initiative_die(party("d20pl")) is None              # d20pl.seq.order: the GM's order
    enc, _ = tracker.roll_initiative(party("pf1", init_mod=1), typed={"c1": 3, "c2": 17, "c3": 9})
    assert [(c.init_roll, c.initiative) for c in enc.combatants] == [(3, 4), (17, 18), (9, 10)]
    assert enc.order == ("c2", "c3", "c1")


def test_pf1_tie_becomes_an_ask_and_the_roll_off_answers_it():
    enc = party("pf1", init_mod=2)
    enc, result = tracker.roll_initiative(enc, typed={"c1": 10, "c2": 10, "c3": 4})
    ties = [a for a in enc.asks if a.kind == "tie"]
    assert len(ties) == 1 and set(ties[0].ids) == {"c1", "c2"}
    assert ties[0].rules == ("pf1.init.tie-reroll",) and ties[0].roll == "d20"
    enc, result = tracker.break_ties(enc, {"c1": 5, "c2": 19})
    assert enc.order == ("c2", "c1", "c3") and not enc.asks
    assert [c.init_roll for c in enc.combatants] == [10, 10, 4]        # the first dice are kept


def test_d20pl_gm_order_is_an_ask_and_manual_moves_are_logged():
    enc, _ = tracker.roll_initiative(party("d20pl"))
    assert [a.rules for a in enc.asks] == [("d20pl.seq.order",)]
    enc = tracker.move_in_order(enc, "c3", -2)
    assert enc.order == ("c3", "c1", "c2")
    assert enc.log[-1].key == "Order changed by hand: {names}"
    enc = tracker.dismiss(enc, 0)
    assert enc.asks == ()


def test_until_save_asks_at_the_end_of_the_bearers_turn():
    enc = tracker.start_combat(party("pf1"))                # P1 acts first
    enc = tracker.add_condition(enc, "c1", "shaken", cause="fear spell", duration=Duration("until_save"))
    uid = enc.get("c1").conditions[-1].uid
    assert not [a for a in enc.asks if a.kind == "save_end"]
    enc = tracker.next_turn(enc)
    asks = [a for a in enc.asks if a.kind == "save_end"]
    assert [(a.cid, a.uid) for a in asks] == [("c1", uid)]
    failed = tracker.answer_save(enc, uid, False)
    assert "shaken" in [i.id for i in failed.get("c1").conditions] and not failed.asks
    assert failed.log[-1].key == "{name} fails the save against {condition}"
    saved = tracker.answer_save(enc, uid, True)
    assert "shaken" not in [i.id for i in saved.get("c1").conditions] and not saved.asks
    assert saved.log[-1].key == "{name} saves: {condition} ends"


def test_5e_dying_creature_is_asked_for_its_death_save_at_the_start_of_its_turn():
    enc = tracker.start_combat(party("dnd5e", hp=10))
    enc, _ = tracker.damage(enc, "c2", 12)
    assert enc.get("c2").hp.status == "dying" and not enc.asks
    enc = tracker.next_turn(enc)                             # P2's turn starts
    assert [(a.kind, a.cid, a.rules) for a in enc.asks] == [("turn_roll", "c2", ("ext.dnd5e.death-saves",))]
    preview, result = tracker.turn_rolls(enc, "c2")
    assert [p["params"]["field"] for p in result["prompts"]] == ["rolls.d20"] and preview.asks
    enc, result = tracker.turn_rolls(enc, "c2", rolls={"d20": 14})
    assert enc.get("c2").hp.counters["successes"] == 1 and enc.asks == ()
    assert "ext.dnd5e.death-saves" in enc.log[-1].rules


def test_d20pl_below_zero_asks_for_the_stabilising_roll_at_the_start_of_its_turn():
    enc = tracker.start_combat(party("d20pl", hp=10, stats={"con": 12, "con_mod": 1}))
    enc, result = tracker.damage(enc, "c2", 12, rolls={"massive": 15, "will": 20})
    assert enc.get("c2").hp.status == "mortal_danger" and not enc.asks
    enc = tracker.next_turn(enc)
    ask = enc.asks[-1]
    assert ask.kind == "turn_roll" and ask.cid == "c2" and "d20pl.hp.stabilise.self" in ask.rules
    _, preview = tracker.turn_rolls(enc, "c2")
    fields = {p["params"]["field"]: p for p in preview["prompts"] if "field" in p.get("params", {})}
    assert fields["rolls.stabilise"]["roll"] == "d100" and fields["rolls.stabilise"]["target"] == 91


def test_remaining_rounds_count_down_to_the_anchor_turn():
    enc = tracker.start_combat(party("pf1"))
    enc = tracker.add_condition(enc, "c3", "shaken", duration=Duration("rounds", 2))
    inst = enc.get("c3").conditions[-1]
    assert tracker.remaining(enc, inst) == {"kind": "rounds", "rounds": 2, "anchor": "c1"}
    for _ in range(3):
        enc = tracker.next_turn(enc)
    assert enc.round == 2
    assert tracker.remaining(enc, enc.get("c3").conditions[-1])["rounds"] == 1
    enc = tracker.add_condition(enc, "c2", "dazed", duration=Duration("turn_end", 1, "c3"))
    assert tracker.remaining(enc, enc.get("c2").conditions[-1]) == {"kind": "turn_end", "turns": 1,
                                                                    "anchor": "c3"}


def test_a_condition_set_before_the_fight_lasts_its_full_rounds():
    enc = tracker.add_condition(party("pf1"), "c2", "shaken", duration=Duration("rounds", 1))
    enc = tracker.start_combat(enc)
    turns = 0
    while "shaken" in [i.id for i in enc.get("c2").conditions]:
        enc = tracker.next_turn(enc)
        turns += 1
    # one round counted on the bearer's own count: it ends just before its
    # turn in round 2 (pf1.round.effect-expiry), so it had one turn with it
    assert enc.round == 2 and enc.current().id == "c2" and turns == 4


def test_removing_the_anchor_hands_its_durations_to_the_next_in_order():
    enc = tracker.start_combat(party("pf1"))
    enc = tracker.add_condition(enc, "c3", "shaken", duration=Duration("rounds", 1))
    enc = tracker.remove(enc, "c1")
    assert enc.get("c3").conditions[-1].duration.anchor == "c2"


def test_per_turn_resources_are_spent_and_come_back_on_the_own_turn():
    enc = tracker.start_combat(party("dnd5e", stats={"speed": 9}))
    names = [r[0] for r in tracker.turn_resources(enc, "c2")]
    assert names == ["action", "bonus_action", "reaction"]
    for name, rule, _n, _k in tracker.turn_resources(enc, "c2"):
        assert entry(rule) is not None, rule
    enc = tracker.spend(enc, "c2", "reaction")               # off-turn reaction
    assert enc.log[-1].rules == ("ext.dnd5e.reactions-oa",)
    with pytest.raises(InputError):
        tracker.spend(enc, "c2", "reaction")
    enc = tracker.next_turn(enc)                             # c2's turn: reaction is back
    assert dict((r[0], r[3]) for r in tracker.turn_resources(enc, "c2"))["reaction"] == 0


def test_pf1_combat_reflexes_counts_attacks_of_opportunity():
    enc = party("pf1", stats={"dex_mod": 3})
    enc = tracker.edit_combatant(enc, "c1", traits=["combat_reflexes"])
    enc = tracker.start_combat(enc)
    counts = {c: dict((r[0], r[2]) for r in tracker.turn_resources(enc, c))["aoo"] for c in ("c1", "c2")}
    assert counts == {"c1": 4, "c2": 0}      # ext.pf1.aoo; c2 is flat-footed: pf1.flat-footed.no-aoo


def test_every_resource_rule_is_in_the_catalogue():
    for rid, table in tracker.TURN_RESOURCES.items():
        for _name, rule in table:
            assert entry(rule) is not None, rule


def test_classic_surprise_check_then_marking():
    enc = party("classic")
    enc = tracker.set_aware(enc, "c2", False)
    result = tracker.surprise_check(enc, rolls={"c2": 12})
    assert result["value"]["surprised"] == ["c2"]
    assert result["value"]["outcomes"]["c2"]["decided_by"] == "classic.surprise.roll"
    enc = tracker.mark_surprised(tracker.start_combat(enc), result["value"]["surprised"])
    assert [i.id for i in enc.get("c2").conditions] == ["surprised"]
    assert enc.log[-2].key == "Surprised: {names}"


def test_asks_survive_json_and_old_json_without_them_still_loads():
    enc = tracker.start_combat(party("pf1"))
    enc = tracker.add_condition(enc, "c1", "shaken", duration=Duration("until_save"))
    enc = tracker.next_turn(enc)
    assert enc.asks and Encounter.from_json(enc.to_json()) == enc
    old = json.loads(enc.to_json())
    del old["asks"]
    assert Encounter.from_dict(old).asks == ()
    bad = json.loads(enc.to_json())
    bad["asks"][0]["cid"] = "nobody"
    with pytest.raises(InputError):
        Encounter.from_dict(bad)


STEPS = st.lists(st.sampled_from(["next", "prev", "save", "answer", "spend", "damage", "turnroll",
                                  "aware", "move", "option"]), max_size=20)


@settings(max_examples=40, deadline=None)
@given(STEPS)
def test_any_fight_steps_then_as_many_undos_give_back_the_start(steps):
    enc = party("dnd5e", n=3, hp=8, stats={"speed": 9})
    enc, _ = tracker.roll_initiative(enc, typed={"c1": 5, "c2": 12, "c3": 18})
    history = History(tracker.start_combat(enc))
    start = history.present
    done = 0
    for step in steps:
        enc = history.present
        cur = enc.current().id
        try:
            if step == "next":
                new = tracker.next_turn(enc)
            elif step == "prev":
                new = tracker.previous_turn(enc)
            elif step == "save":
                new = tracker.add_condition(enc, cur, "poisoned", duration=Duration("until_save"))
            elif step == "answer":
                asks = [a for a in enc.asks if a.kind == "save_end"]
                new = tracker.answer_save(enc, asks[0].uid, True) if asks else enc
            elif step == "spend":
                new = tracker.spend(enc, cur, "reaction")
            elif step == "damage":
                new, _ = tracker.damage(enc, "c2", 5)
            elif step == "turnroll":
                new, _ = tracker.turn_rolls(enc, cur, rolls={"d20": 11})
            elif step == "aware":
                new = tracker.set_aware(enc, "c3", not enc.get("c3").aware)
            elif step == "move":
                new = tracker.move_in_order(enc, "c1", -1)
            else:
                new = tracker.set_options(enc, {"initiative_ties": "roll-d20"})
        except InputError:
            continue
        before = history
        history = history.do(new)
        done += history is not before
    for _ in range(done):
        history = history.undo()
    assert history.present == start
    assert Encounter.from_json(start.to_json()) == start


@pytest.mark.parametrize("rid, rule", [("pf1", "pf1.seq.3-after-surprise"),
                                       ("d20pl", "d20pl.seq.first-normal-round")])
def test_the_first_normal_round_after_the_surprise_round_cites_its_own_ruleset(rid, rule):
    enc = tracker.set_aware(party(rid), "c2", False)
    enc = tracker.start_combat(enc)
    assert enc.phase == "surprise"
    while enc.phase == "surprise":
        enc = tracker.next_turn(enc)
    begins = [e for e in enc.log if e.key == "Round {n} begins"]
    assert begins[-1].rules == (rule,)


def test_editing_a_dying_combatant_keeps_its_hit_point_state():
    enc = tracker.start_combat(party("dnd5e", hp=10))
    enc, _ = tracker.damage(enc, "c2", 12)
    enc = tracker.next_turn(enc)
    enc, _ = tracker.turn_rolls(enc, "c2", rolls={"d20": 3})      # one failed death save
    before = enc.get("c2").hp
    assert before.status == "dying" and before.counters["failures"] == 1
    same = tracker.edit_combatant(enc, "c2", name="Renamed", hp={"max": 10, "current": 0, "temp": 0})
    assert same.get("c2").hp == before and same.get("c2").name == "Renamed"
    healed = tracker.edit_combatant(enc, "c2", hp={"max": 10, "current": 6, "temp": 0})
    assert healed.get("c2").hp.status == "ok" and healed.get("c2").hp.current == 6


def test_ready_then_act_before_the_trigger_and_lose_it_at_the_own_next_turn():
    enc = tracker.start_combat(party("pf1"))                 # P1, P2, P3
    enc = tracker.ready(enc)                                  # P1 readies (ext.pf1.special-initiative)
    assert "ready" in enc.get("c1").used
    assert enc.log[-1].rules == ("ext.pf1.special-initiative",)
    enc = tracker.next_turn(tracker.next_turn(enc))           # P3 acts; P1 interrupts
    enc = tracker.trigger_ready(enc, "c1")
    assert enc.order == ("c2", "c1", "c3") and enc.current().id == "c1"
    assert "ready" not in enc.get("c1").used
    with pytest.raises(InputError):
        tracker.trigger_ready(enc, "c2")


def test_pf1_uncanny_dodge_is_not_flat_footed_at_the_start():
    enc = tracker.edit_combatant(party("pf1"), "c3", traits=["uncanny_dodge"])
    enc = tracker.start_combat(enc)
    flat = {c.id for c in enc.combatants if "flat_footed" in [i.id for i in c.conditions]}
    assert flat == {"c2"}               # c1 acts now; c3 keeps its Dex (pf1.uncanny-dodge.not-flat-footed)
