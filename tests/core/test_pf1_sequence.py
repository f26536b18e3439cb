"""pf1 seed rules (catalogue §2): combat sequence, round, initiative and its
tie-breaks, flat-footed and uncanny dodge (AMB-29 option), surprise round —
through the JSON interface with typed dice."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run


def q(name, seed=0, **payload):
    return run(name, {"ruleset": "pf1", **payload}, random.Random(seed))


def line(bd, rule, source=None):
    for l in bd["lines"]:
        if l["rule"] == rule and (source is None or l.get("source") == source):
            return l
    raise KeyError(rule)


def init(combatants, rolls, **extra):
    return q("initiative", combatants=combatants, rolls=rolls, **extra)


# ----- initiative -------------------------------------------------------------

def test_initiative_is_d20_plus_dex_and_other_modifiers():
    res = init([{"id": "rogue", "creature": {"stats": {"dex_mod": 4, "init_misc": 1},
                                             "traits": ["improved_initiative"]}}], {"rogue": 11})
    bd = res["details"]["rogue"]
    assert bd["total"] == 11 + 4 + 1 + 4
    assert line(bd, "ext.pf1.initiative-die")["value"] == 11
    assert line(bd, "pf1.init.check")["value"] == 4          # the Dex modifier
    improved = [l for l in bd["lines"] if l["label"] == "initiative.improved_initiative"][0]
    assert improved["value"] == 4 and improved["rule"] == "ext.pf1.initiative-die"


def test_initiative_check_is_a_dex_check_conditions_apply():
    rule = "pf1.init.check"
    res = init([{"id": "a", "creature": {"stats": {"dex_mod": 2}, "conditions": ["deafened", "entangled"]}}],
               {"a": 10})
    bd = res["details"]["a"]
    assert line(bd, rule)["value"] == 2
    conds = [l["value"] for l in bd["lines"] if l["rule"] == "ext.pf1.conditions"]
    assert sorted(conds) == [-4, -2]            # deafened −4, entangled Dex −4 → −2
    assert bd["total"] == 10 + 2 - 4 - 2


def test_every_combatant_rolls_and_order_is_highest_first():
    for rule in ("pf1.seq.1-initiative", "pf1.seq.4-order", "pf1.init.order"):
        res = q("initiative", seed=5, combatants=[{"id": i, "modifier": m} for i, m in
                                                  (("a", 1), ("b", 2), ("c", 3), ("d", 0))])
        totals = {i: res["details"][i]["total"] for i in "abcd"}
        assert all(1 + m <= totals[i] <= 20 + m for i, m in zip("abcd", (1, 2, 3, 0)))
        assert [totals[i] for i in res["value"]] == sorted(totals.values(), reverse=True), rule
        assert rule in res["events"] or rule == "pf1.seq.4-order"


def test_each_combatant_has_one_turn_per_round():
    rule = "pf1.round.opportunity"
    res = init([{"id": "a", "modifier": 0}, {"id": "b", "modifier": 0}], {"a": 5, "b": 9})
    assert sorted(res["value"]) == ["a", "b"]
    with pytest.raises(InputError) as err:
        init([{"id": "a", "modifier": 0}, {"id": "a", "modifier": 1}], {"a": 5})
    assert err.value.field == "combatants[1].id" and rule in str(err.value)


def test_tie_goes_to_the_higher_total_modifier():
    rule = "pf1.init.tie-modifier"
    res = init([{"id": "a", "modifier": 2}, {"id": "b", "modifier": 5}], {"a": 15, "b": 12})
    assert res["details"]["a"]["total"] == res["details"]["b"]["total"] == 17
    assert res["value"] == ["b", "a"]
    assert [t["rule"] for t in res["details"]["ties"]] == [rule]
    assert res["prompts"] == []


def test_still_tied_asks_for_a_roll_off_then_uses_it():
    rule = "pf1.init.tie-reroll"
    combatants = [{"id": "a", "modifier": 3}, {"id": "b", "modifier": 3}, {"id": "c", "modifier": 0}]
    res = init(combatants, {"a": 14, "b": 14, "c": 20})
    assert res["value"][0] == "c"
    prompt = res["prompts"][0]
    assert prompt["rule"] == rule and prompt["roll"] == "d20" and prompt["params"]["ids"] == ["a", "b"]
    assert prompt["target"] == 17
    rolled = init(combatants, {"a": 14, "b": 14, "c": 20}, tiebreak={"a": 6, "b": 15})
    assert rolled["value"] == ["c", "b", "a"] and rolled["prompts"] == []
    again = init(combatants, {"a": 14, "b": 14, "c": 20}, tiebreak={"a": 9, "b": 9})
    assert again["prompts"][0]["rule"] == rule


def test_roll_off_die_is_validated():
    with pytest.raises(InputError) as err:
        init([{"id": "a", "modifier": 3}, {"id": "b", "modifier": 3}], {"a": 1, "b": 1},
             tiebreak={"a": 21, "b": 3})
    assert err.value.field == "tiebreak.a"


def test_same_order_every_round_and_the_cycle_repeats():
    combatants = [{"id": "a", "modifier": 0}, {"id": "b", "modifier": 0}, {"id": "c", "modifier": 0}]
    rolls = {"a": 3, "b": 18, "c": 10}
    first = init(combatants, rolls, current={"id": "b", "round": 1})
    assert first["value"] == ["b", "c", "a"]
    nxt = first["details"]["next"]
    assert nxt == {"id": "c", "round": 1, "new_round": False, "rule": "pf1.seq.4-order"}
    last = init(combatants, rolls, current={"id": "a", "round": 1})
    wrap = last["details"]["next"]
    assert wrap["id"] == "b" and wrap["round"] == 2 and wrap["new_round"]
    assert wrap["rule"] == "pf1.seq.5-repeat"
    cycle = last["details"]["cycle"]
    assert cycle["rules"] == ["pf1.seq.cyclic", "pf1.round.order"]
    assert cycle["order_every_round"] == last["value"] == first["value"]


def test_a_combatant_that_cannot_act_keeps_its_initiative():
    rule = "pf1.init.inaction"
    res = init([{"id": "a", "modifier": 1, "creature": {"conditions": ["unconscious"]}},
                {"id": "b", "modifier": 1}], {"a": 19, "b": 2})
    assert res["value"] == ["a", "b"]
    assert res["details"]["inactive"] == ["a"]
    assert line(res["details"]["a"], rule)["reason"] == "keeps-place"
    assert res["details"]["a"]["total"] == 20


def test_delay_and_ready_move_a_combatant():
    rule = "ext.pf1.special-initiative"
    combatants = [{"id": i, "modifier": 0} for i in "abc"]
    rolls = {"a": 18, "b": 12, "c": 6}
    res = init(combatants, rolls, special=[{"id": "a", "action": "delay", "after": "c"}])
    assert res["value"] == ["b", "c", "a"]
    assert res["details"]["a"]["total"] == 6 and line(res["details"]["a"], rule)["value"] == -12
    assert rule in res["events"]
    ready = init(combatants, rolls, special=[{"id": "c", "action": "ready", "before": "b"}])
    assert ready["value"] == ["a", "c", "b"] and ready["details"]["special"][0]["count"] == 12
    with pytest.raises(InputError) as err:
        init(combatants, rolls, special=[{"id": "a", "action": "hide", "after": "b"}])
    assert err.value.field == "special[0].action"


def test_initiative_bad_input_names_the_field():
    with pytest.raises(InputError) as err:
        init([{"id": "a", "modifier": 1}], {"a": 0})
    assert err.value.field == "rolls.a"
    with pytest.raises(InputError) as err:
        init([{"id": "a"}], {"a": 5})
    assert err.value.field == "combatants[0].modifier"
    with pytest.raises(InputError) as err:
        init([{"id": "a", "modifier": 1}], {"zed": 5})
    assert err.value.field == "rolls.zed"


# ----- flat-footed and uncanny dodge -----------------------------------------

def test_everyone_starts_flat_footed_but_uncanny_dodgers():
    rule = "pf1.flat-footed.start"
    res = init([{"id": "bandit", "modifier": 1, "creature": {}},
                {"id": "rogue", "modifier": 3, "creature": {"traits": ["rogue"]}}],
               {"bandit": 10, "rogue": 10})
    assert res["details"]["flat_footed"] == ["bandit"]
    assert rule in res["events"]


def test_flat_footed_ends_when_its_first_regular_turn_begins():
    rule = "pf1.flat-footed.start"
    res = q("turn", creature={"conditions": ["flat_footed"]}, round=1)
    assert res["details"]["remove"] == ["flat_footed"] and rule in res["events"]
    surprise = q("turn", creature={"conditions": ["flat_footed"]}, round=0)
    assert surprise["details"]["remove"] == []
    acted = q("turn", creature={"conditions": ["flat_footed"]}, round=0,
              options={"flat_footed_until": "first-action"})
    assert acted["details"]["remove"] == ["flat_footed"]
    surprised = q("turn", creature={"conditions": ["surprised"]}, round=1)
    assert surprised["details"]["remove"] == ["surprised"]
    assert "pf1.seq.3-after-surprise" in surprised["events"]


ATTACKER = {"stats": {"bab": 3, "str_mod": 2}}
BANDIT = {"stats": {"armour": 3, "dex_mod": 2}, "conditions": ["flat_footed"]}


def attack(attacker=ATTACKER, defender=BANDIT, **kw):
    kw.setdefault("rolls", {"d20": 10, "damage": [4]})
    return q("attack", attacker=attacker, defender=defender, **kw)


def test_flat_footed_loses_dex_to_ac():
    rule = "pf1.flat-footed.dex"
    res = attack()
    dex = line(res["target"], rule)
    assert dex["value"] == 2 and not dex["applied"] and dex["reason"] == "denied"
    assert res["target"]["total"] == 13


def test_flat_footed_makes_no_attacks_of_opportunity_unless_combat_reflexes():
    rule = "pf1.flat-footed.no-aoo"
    flat = {"stats": {"bab": 3, "str_mod": 2}, "conditions": ["flat_footed"]}
    res = attack(attacker=flat, defender={"stats": {"armour": 2}},
                 situation={"toggles": ["attack_of_opportunity"]})
    assert res["verdict"] == "not-allowed" and res["notes"] == [rule]
    reflexes = dict(flat, traits=["combat_reflexes"])
    ok = attack(attacker=reflexes, defender={"stats": {"armour": 2}},
                situation={"toggles": ["attack_of_opportunity"]})
    assert ok["verdict"] == "hit"
    aoo = q("actions", creature=dict(reflexes, stats={"dex_mod": 3}))
    assert aoo["breakdown"]["total"] == 4
    assert [l for l in aoo["breakdown"]["lines"] if l["label"] == "aoo.allowed"][0]["rule"] == rule
    none = q("actions", creature=flat)
    assert none["breakdown"]["total"] == 0 and line(none["breakdown"], rule)["value"] == -1


@pytest.mark.parametrize("option, traits, stats, keeps", [
    ("class", ["rogue"], {}, True),
    ("class", ["barbarian"], {}, True),
    ("class", ["fighter"], {}, False),
    ("class", ["uncanny_dodge"], {}, True),
    ("level", ["rogue"], {"rogue_level": 3}, False),
    ("level", ["rogue"], {"rogue_level": 4}, True),
    ("level", ["barbarian"], {"barbarian_level": 2}, True),
    ("level", ["uncanny_dodge"], {}, True),
])
def test_uncanny_dodge_keeps_dex_amb29_option(option, traits, stats, keeps):
    rule = "pf1.uncanny-dodge.dex"
    defender = {"stats": {"armour": 3, "dex_mod": 4, **stats}, "traits": traits,
                "conditions": ["flat_footed"]}
    res = attack(defender=defender, options={"uncanny_dodge_source": option})
    assert res["target"]["total"] == (17 if keeps else 13)
    if keeps:
        dex = line(res["target"], rule)
        assert dex["value"] == 4 and dex["applied"]
        assert line(res["target"], "pf1.flat-footed.dex")["reason"] == "cancelled"


def test_uncanny_dodge_is_not_caught_flat_footed():
    rule = "pf1.uncanny-dodge.not-flat-footed"
    res = q("surprise", combatants=[{"id": "rogue", "aware": False, "creature": {"traits": ["rogue"]}},
                                    {"id": "bandit", "aware": True}])
    assert "rogue" not in res["value"]["flat_footed"]
    assert line(res["details"]["rogue"], rule)["reason"] == "uncanny-dodge"
    eff = q("effective", creature={"stats": {"dex_mod": 3}, "traits": ["rogue"]})
    assert eff["details"]["pf1.ac.flat_footed"]["total"] == 13
    plain = q("effective", creature={"stats": {"dex_mod": 3}})
    assert plain["details"]["pf1.ac.flat_footed"]["total"] == 10


def test_uncanny_dodge_makes_attacks_of_opportunity_before_acting():
    rule = "pf1.uncanny-dodge.aoo"
    rogue = {"stats": {"bab": 3, "str_mod": 2}, "traits": ["rogue"], "conditions": ["flat_footed"]}
    res = attack(attacker=rogue, defender={"stats": {"armour": 2}},
                 situation={"toggles": ["attack_of_opportunity"]})
    assert res["verdict"] == "hit"
    aoo = q("actions", creature=rogue)
    assert aoo["breakdown"]["total"] == 1
    assert [l for l in aoo["breakdown"]["lines"] if l["label"] == "aoo.allowed"][0]["rule"] == rule


def test_uncanny_dodge_does_not_help_a_pinned_creature():
    defender = {"stats": {"dex_mod": 3}, "traits": ["rogue"], "conditions": ["pinned"]}
    res = attack(defender=defender)
    assert res["target"]["total"] == 10 - 4       # no Dex, pinned −4


# ----- surprise ------------------------------------------------------------------

def surprise(*aware, **kw):
    ids = ["p1", "p2", "b1", "b2"]
    sides = ["party", "party", "foes", "foes"]
    return q("surprise", combatants=[{"id": i, "aware": a, "side": s}
                                     for i, a, s in zip(ids, aware, sides)], **kw)


def test_surprise_round_when_some_but_not_all_are_aware():
    rule = "pf1.surprise.round"
    res = surprise(True, True, False, False)
    assert res["value"]["surprise_round"] is True and rule in res["events"]
    assert res["value"]["sequence"][0]["rule"] == rule


@pytest.mark.parametrize("aware", [(True,) * 4, (False,) * 4])
def test_no_surprise_round_when_none_or_all_are_aware(aware):
    rule = "pf1.surprise.none-or-all"
    res = surprise(*aware)
    assert res["value"]["surprise_round"] is False and res["value"]["acting"] == []
    assert res["events"] == [rule] and res["value"]["sequence"][0]["round"] == 1


def test_aware_act_in_initiative_order_with_one_standard_or_move_action():
    rule = "pf1.surprise.round-actions"
    res = surprise(True, False, True, False, order=["b1", "p2", "p1", "b2"])
    assert res["value"]["acting"] == ["b1", "p1"]
    assert line(res["details"]["b1"], rule)["value"] == 1
    assert res["value"]["sequence"][0]["actions"] == {"standard_or_move": 1, "free": "any", "rule": rule}
    budget = q("actions", creature={}, surprise_round=True, used=["attack_melee"])
    assert budget["details"]["budget"]["rule"] == rule
    assert budget["value"]["budget"]["move"] == 0 and budget["value"]["budget"]["free"] == 1
    move = q("actions", creature={}, surprise_round=True, action="full_attack")
    assert not move["value"]["allowed"] and move["value"]["blocked_by"] == [rule]


def test_unaware_do_not_act_and_are_flat_footed():
    res = surprise(True, True, False, False)
    assert line(res["details"]["b1"], "pf1.surprise.unaware-no-act")["applied"] is False
    assert line(res["details"]["b1"], "pf1.surprise.unaware-flat-footed")["value"] == 1
    assert set(res["value"]["flat_footed"]) >= {"b1", "b2"}
    # the surprised condition: no actions, and flat-footed (no Dex to AC)
    eff = q("effective", creature={"stats": {"dex_mod": 2}, "conditions": ["surprised"]})
    assert eff["details"]["forbid.actions"]["lines"][0]["rule"] == "pf1.surprise.unaware-no-act"
    assert line(eff["details"]["pf1.ac"], "pf1.flat-footed.dex")["applied"] is False


def test_surprised_means_unaware_while_an_enemy_is_aware():
    rule = "pf1.surprise.definition"
    res = surprise(True, False, False, False)
    assert res["value"]["rules"]["surprised"] == rule
    assert res["value"]["surprised"] == ["b1", "b2"]      # p2 is unaware but no foe is aware
    assert res["value"]["unaware"] == ["p2", "b1", "b2"]


def test_after_the_surprise_round_everyone_acts():
    rule = "pf1.seq.3-after-surprise"
    res = surprise(True, False, False, False)
    round1 = res["value"]["sequence"][1]
    assert round1 == {"round": 1, "acting": ["p1", "p2", "b1", "b2"], "rule": rule}


def test_awareness_unknown_prompts_a_perception_check():
    res = q("surprise", combatants=[{"id": "a", "aware": True}, {"id": "b"}])
    prompt = res["prompts"][0]
    assert prompt["rule"] == "pf1.surprise.awareness-check"
    assert prompt["params"] == {"id": "b", "step": "pf1.seq.2-awareness"}
    assert res["value"]["surprise_round"] is None and res["value"]["undetermined"] == ["b"]


def test_flat_footed_option_after_acting_in_the_surprise_round():
    default = surprise(True, True, False, False)
    assert set(default["value"]["flat_footed"]) == {"p1", "p2", "b1", "b2"}
    acted = surprise(True, True, False, False, options={"flat_footed_until": "first-action"})
    assert set(acted["value"]["flat_footed"]) == {"b1", "b2"}
    with pytest.raises(InputError) as err:
        surprise(True, True, False, False, options={"flat_footed_until": "never"})
    assert err.value.field == "options.flat_footed_until"


# ----- round timing ---------------------------------------------------------------

def test_a_round_is_six_seconds_ten_per_minute():
    rule = "pf1.round.duration"
    res = q("turn", creature={}, round=11)
    assert line(res["details"]["time"], rule)["value"] == 60
    minute = q("turn", creature={}, round=11, count=10,
               effects=[{"id": "bless", "round": 1, "count": 10, "minutes": 1}])
    assert minute["details"]["effects"][0]["rounds"] == 10 and minute["details"]["effects"][0]["expired"]


def test_effects_end_just_before_the_same_initiative_count():
    rule = "pf1.round.effect-expiry"
    effect = [{"id": "daze", "round": 2, "count": 15, "rounds": 1}]
    before = q("turn", creature={}, round=3, count=16, effects=effect)
    assert before["details"]["effects"][0]["expired"] is False and rule not in before["events"]
    at = q("turn", creature={}, round=3, count=15, effects=effect)
    assert at["details"]["effects"][0]["expired"] is True and rule in at["events"]


def test_a_full_round_spans_one_count_to_the_same_count_next_round():
    rule = "pf1.round.full-round"
    effect = [{"id": "x", "round": 1, "count": 12, "rounds": 1}]
    same_round = q("turn", creature={}, round=1, count=5, effects=effect)["details"]["effects"][0]
    assert same_round["expired"] is False and rule in same_round["rules"]
    assert same_round["ends_before"] == {"round": 2, "count": 12}
    assert q("turn", creature={}, round=2, count=13, effects=effect)["details"]["effects"][0]["expired"] is False


def test_on_its_turn_a_character_has_all_its_actions():
    rule = "pf1.round.turn-actions"
    res = q("actions", creature={})
    budget = res["details"]["budget"]
    assert budget["rule"] == rule
    assert (budget["standard"], budget["move"], budget["swift"], budget["free"]) == (1, 1, 1, 1)
    assert "attack_of_opportunity" in budget["off_turn"]


def test_effects_need_the_current_count():
    with pytest.raises(InputError) as err:
        q("turn", creature={}, round=2, effects=[{"id": "x", "round": 1, "count": 3, "rounds": 1}])
    assert err.value.field == "count"
