"""Casting, movement, the turn's actions and attacks of opportunity as the
resolve screen sends them (mischia.forms_turn): concentration per ruleset,
remaining movement, the checklist that resets each turn, actions that
provoke and one attack of opportunity per round, tracked on the combatant."""

import pytest

from mischia import forms_turn as ft
from mischia import tracker
from mischia.encounter import Encounter
from mischia.errors import InputError
from mischia.history import History
from mischia.queries import run


def conc(rid, creature, values):
    return run("concentration", ft.concentration_payload(rid, creature, values))


# --- concentration ---------------------------------------------------------------

def test_d20pl_damaged_while_casting_dc_10_plus_damage_plus_level():
    """d20pl.conc.aoo-damage: 7 damage on a 2nd-level spell → DC 19."""
    res = conc("d20pl", {"stats": {"concentration": 6}},
               {"trigger": "damage", "damage": "7", "spell_level": "2", "rolls.d20": "12"})
    assert res["value"]["dc"] == 19 and res["value"]["total"] == 18 and res["value"]["success"] is False


def test_d20pl_defensive_casting_dc_15_plus_level_and_no_provocation():
    """d20pl.cast.defensive: DC 15 + spell level."""
    res = conc("d20pl", {"stats": {"concentration": 6}},
               {"trigger": "defensive", "spell_level": "3", "rolls.d20": "12"})
    assert res["value"]["dc"] == 18 and res["value"]["success"] is True
    assert res["details"]["provokes"]["value"] == "no"


def test_classic_failure_chance_with_the_concentration_check_and_the_floor():
    """classic.conc.check: Giulia's thief (web and poison) fails 40% of the
    time; a critical success on the Concentration check takes 20% off; the
    chance never drops under 5%."""
    thief = {"conditions": [{"id": "hindered", "cause": "web"}, {"id": "debilitated", "cause": "poison"}],
             "traits": ["concentration"]}
    plain = conc("classic", thief, {"rolls.d100": "30"})
    checked = conc("classic", thief, {"check": "critical_success", "rolls.d100": "30"})
    assert plain["value"]["failure_chance"] == 40 and plain["value"]["failed"] is True
    assert checked["value"]["failure_chance"] == 20 and checked["value"]["failed"] is False
    floor = conc("classic", {"conditions": [{"id": "debilitated"}], "traits": ["concentration"]},
                 {"check": "critical_success", "rolls.d100": "50"})
    assert floor["value"]["failure_chance"] == 5


def test_dnd5e_concentration_con_save_dc_half_the_damage():
    """ext.dnd5e.concentration: DC 10 or half the damage, whichever is higher."""
    res = conc("dnd5e", {"stats": {"con_mod": 2}}, {"damage": "24", "rolls.d20": "9"})
    assert res["details"]["dc"] == 12 and res["value"] is False
    with pytest.raises(InputError) as err:
        ft.concentration_payload("dnd5e", {}, {"damage": "lots"})
    assert err.value.field == "damage"


def test_pf1_defensive_casting_dc():
    res = conc("pf1", {"stats": {"caster_level": 5, "casting_mod": 3}},
               {"reason": "defensive", "spell_level": "2", "rolls.d20": "11"})
    assert res["value"]["dc"] == 19 and res["value"]["total"] == 19 and res["value"]["success"] is True


# --- movement ---------------------------------------------------------------------

def test_dnd5e_prone_standing_up_then_crawling_through_rubble():
    """Sara: 9 m speed, standing costs 4.5 m; 1 m of crawling in difficult terrain costs 3 m."""
    res = run("movement", ft.movement_payload(
        "dnd5e", {"stats": {"speed": 9}, "conditions": ["prone"]}, {"stand_up": True},
        [("1", ["difficult", "crawl"])]))
    assert res["value"]["cost"] == 7.5 and res["value"]["remaining"] == 1.5


def test_d20pl_run_in_heavy_armour_is_times_three():
    res = run("movement", ft.movement_payload("d20pl", {"size": "medium"},
                                              {"mode": "run", "armour": "heavy"}))
    assert res["value"]["distance"] == 9 and res["value"]["speed"] == 3


def test_classic_stand_up_is_a_complex_action_with_half_a_move():
    res = run("movement", ft.movement_payload("classic", {"stats": {"move": 12}}, {"action": "stand_up"}))
    assert res["value"] == 6


def test_segments_refused_where_a_ruleset_does_not_price_them():
    with pytest.raises(InputError):
        ft.movement_payload("classic", {"stats": {"move": 12}}, {}, [("3", [])])
    with pytest.raises(InputError) as err:
        ft.movement_payload("pf1", {}, {}, [("", ["difficult"])])
    assert err.value.field == "distance"


# --- the turn's actions --------------------------------------------------------------

def test_used_actions_keep_their_order():
    used = ft.with_action(ft.with_action(frozenset({"ready"}), "attack_melee"), "five_foot_step")
    assert ft.used_actions(used) == ["attack_melee", "five_foot_step"]
    assert ft.undo_action("pf1", {}, used) == ft.with_action({"ready"}, "attack_melee")


@pytest.mark.parametrize("rid, actions, spent", [
    ("pf1", ["move", "move"], {"res:move:1", "res:standard:1"}),     # a move in place of the standard
    ("pf1", ["full_attack"], {"res:move:1", "res:standard:1"}),
    ("pf1", ["attack_melee"], {"res:standard:1"}),
    ("d20pl", ["full.full-attack"], {"res:standard:1", "res:move:1"}),
    ("d20pl", ["move.move", "move.move"], {"res:move:1", "res:standard:1"}),
    ("dnd5e", ["attack", "bonus_action"], {"res:action:1", "res:bonus_action:1"}),
    ("classic", ["stand_up"], set()),
])
def test_actions_spend_the_trackers_resources_and_undo_gives_them_back(rid, actions, spent):
    creature = {"stats": {"speed": 9}, "traits": ["bonus.cunning_action"]} if rid == "dnd5e" else {}
    used = frozenset()
    for action in actions:
        used = ft.record_action(rid, creature, used, action)
    assert {e for e in used if e.startswith("res:")} == spent
    assert ft.used_actions(used) == actions
    for _ in actions:
        used = ft.undo_action(rid, creature, used)
    assert used == frozenset()


@pytest.mark.parametrize("rid, first, second", [
    ("dnd5e", "attack", "dodge"), ("pf1", "attack_melee", "cast_spell"),
    ("d20pl", "std.attack-melee", "std.cast-spell"), ("classic", "stand_up", "pickup")])
def test_a_second_action_of_the_same_kind_is_refused(rid, first, second):
    creature = {"stats": {"speed": 9}} if rid == "dnd5e" else {}
    assert ft.take_action(rid, creature, [], first)["allowed"]
    used = ft.with_action((), first)
    answer = ft.take_action(rid, creature, used, second)
    assert answer["allowed"] is False and answer["rule"]


@pytest.mark.parametrize("rid, action, values, rule", [
    ("dnd5e", "move", {"leaves_reach": True}, "dnd5e.move.leave-reach"),
    ("pf1", "cast_spell", {}, "ext.pf1.aoo"),
    ("d20pl", "std.cast-spell", {}, "d20pl.actions.std.cast-spell"),
    ("d20pl", "move.move", {"leaving_threatened": True}, "d20pl.actions.fn1"),
    ("classic", "move", {"leaves_melee": True}, "classic.aoo.leave-melee")])
def test_actions_that_provoke(rid, action, values, rule):
    creature = {"stats": {"speed": 9}} if rid == "dnd5e" else {}
    answer = ft.take_action(rid, creature, [], action, values)
    assert answer["provokes"] == {"value": True, "rule": rule}


@pytest.mark.parametrize("rid, action, values", [
    ("dnd5e", "move", {}), ("pf1", "cast_spell", {"defensive": True, "spell_level": "1"}),
    ("d20pl", "std.cast-spell", {"defensive": True}), ("classic", "move", {})])
def test_actions_that_do_not_provoke(rid, action, values):
    creature = {"stats": {"speed": 9}} if rid == "dnd5e" else {}
    assert ft.take_action(rid, creature, [], action, values)["provokes"]["value"] is False


@pytest.mark.parametrize("rid, action, values, single", [
    ("dnd5e", "move", {"leaves_reach": True}, "ext.dnd5e.reactions-oa"),
    ("pf1", "cast_spell", {}, "ext.pf1.aoo"),
    ("d20pl", "std.cast-spell", {}, "d20pl.aoo.single"),
    ("classic", "move", {"leaves_melee": True}, "classic.aoo.one-per-round")])
def test_one_attack_of_opportunity_per_round(rid, action, values, single):
    orc = {"name": "Orc"}
    first = ft.aoo_check(rid, orc, (), {"name": "Mage"}, action, values)
    assert first["can"] is True and first["left"] == 1
    spent = ft.with_aoo(rid, frozenset())
    second = ft.aoo_check(rid, orc, spent, {"name": "Mage"}, action, values)
    assert second["can"] is False and second["rule"] == single and second["left"] == 0


def test_pf1_combat_reflexes_allows_more_than_one():
    orc = {"name": "Orc", "stats": {"dex_mod": 2}, "traits": ["combat_reflexes"]}
    spent = ft.with_aoo("pf1", frozenset())
    assert ft.aoo_check("pf1", orc, spent) == {"can": True, "rule": "ext.pf1.aoo", "left": 2}


def test_economy_items_per_ruleset():
    eco = ft.economy("dnd5e", {"stats": {"speed": 9}}, ft.with_action((), "attack"))
    assert dict((k, n) for k, _l, n in eco["items"]) == {
        "action": 0, "bonus_action": 0, "reaction": 1, "object": 1, "movement": 9}
    eco = ft.economy("d20pl", {}, ft.with_action((), "full.full-attack"))
    assert dict((k, n) for k, _l, n in eco["items"])["standard"] == 0
    assert eco["rule"] == "d20pl.action.round.full"
    eco = ft.economy("classic", {}, ft.with_action((), "stand_up"))
    assert dict((k, n) for k, _l, n in eco["items"])["move"] == 1
    assert eco["rule"] == "classic.action.complex-half-move"


def test_action_tables_leave_out_the_close_combat_procedures():
    ids = [a for a, _n, _t in ft.action_table("classic")]
    assert ids == ["move", "stand_up", "pickup", "attack", "cast"]
    assert len(ft.action_table("d20pl")) == 62


# --- recorded on the combatant: resets at its turn, undo works --------------------------

def _fight():
    enc = Encounter.new("pf1", "Ambush")
    enc = tracker.add_combatant(enc, "Lyra", "party")
    enc = tracker.add_combatant(enc, "Bandit", "foes")
    enc, _ = tracker.roll_initiative(enc, typed={"c1": 15, "c2": 5})
    return tracker.start_combat(enc)


def test_attack_of_opportunity_is_recorded_logged_and_reset_at_the_bandits_turn():
    enc = _fight()
    history = History(enc)
    after = ft.record_aoo(enc, "c2", "c1", "ext.pf1.aoo")
    history = history.do(after)
    assert after.get("c2").used == frozenset({"aoo:1"})    # the tracker's tag for it
    assert after.log[-1].key == "{name} makes an attack of opportunity on {target}"
    assert after.log[-1].params == {"name": "Bandit", "target": "Lyra"}
    assert ft.aoo_check("pf1", after.get("c2").creature().to_dict(), after.get("c2").used)["can"] is False
    assert ft.aoo_count(history.undo().present.get("c2").used) == 0
    bandit_turn = tracker.next_turn(after)
    assert bandit_turn.current().id == "c2" and ft.aoo_count(bandit_turn.get("c2").used) == 0


def test_actions_taken_are_kept_on_the_combatant_until_its_next_turn():
    enc = _fight()
    enc = ft.set_used(enc, "c1", ft.record_action("pf1", {}, enc.get("c1").used, "move"))
    assert ft.used_actions(enc.get("c1").used) == ["move"]
    assert {r: n for r, _rule, _per, n in tracker.turn_resources(enc, "c1")}["move"] == 1
    enc = tracker.next_turn(tracker.next_turn(enc))
    assert enc.current().id == "c1" and ft.used_actions(enc.get("c1").used) == []


# --- one shape for every ruleset's concentration answer ------------------------------

@pytest.mark.parametrize("rid, creature, values, outcome, dc", [
    ("d20pl", {"stats": {"concentration": 6}}, {"damage": "7", "spell_level": "2", "rolls.d20": "12"}, "lost", 19),
    ("d20pl", {"stats": {"concentration": 6}}, {"damage": "7", "spell_level": "2"}, "roll", 19),
    ("pf1", {"stats": {"caster_level": 5, "casting_mod": 3}},
     {"reason": "defensive", "spell_level": "2", "rolls.d20": "11"}, "kept", 19),
    ("dnd5e", {"stats": {"con_mod": 2}}, {"damage": "24", "rolls.d20": "9"}, "lost", 12),
    ("classic", {"conditions": [{"id": "hindered"}]}, {}, "roll", None),
    ("classic", {"conditions": [{"id": "hindered"}]}, {"rolls.d100": "31"}, "kept", None),
    ("classic", {"conditions": [{"id": "paralysed"}]}, {}, "blocked", None),
])
def test_concentration_answer(rid, creature, values, outcome, dc):
    res = run("concentration", ft.concentration_payload(rid, creature, values))
    answer = ft.concentration_answer(rid, res)
    assert answer["outcome"] == outcome and answer["dc"] == dc
    assert answer["rule"] and answer["breakdowns"]
    if outcome == "roll":
        assert answer["missing"] in ("d20", "d100")


def test_a_dnd5e_opportunity_attack_spends_the_reaction_the_tracker_counts():
    used = ft.with_aoo("dnd5e", frozenset())
    assert used == frozenset({"res:reaction:1"})
    eco = ft.economy("dnd5e", {"stats": {"speed": 9}}, used)
    assert dict((k, n) for k, _l, n in eco["items"])["reaction"] == 0


def test_a_classic_attack_of_opportunity_uses_up_the_actors_own():
    eco = ft.economy("classic", {}, ft.with_aoo("classic", frozenset()))
    assert dict((k, n) for k, _l, n in eco["items"])["aoo"] == 0


# --- movement answers ------------------------------------------------------------------

@pytest.mark.parametrize("rid, creature, values, segments, left, unit", [
    ("dnd5e", {"stats": {"speed": 9}, "conditions": ["prone"]}, {"stand_up": True},
     [("1", ["difficult", "crawl"])], 1.5, "metres"),
    ("pf1", {"stats": {"speed": 9}}, {"mode": "double"}, [("3", ["difficult"])], 12, "metres"),
    ("d20pl", {}, {"mode": "double", "distance": "10"}, [], 2, "metres"),
    ("classic", {"stats": {"move": 12}, "conditions": ["debilitated"]}, {"hexes": "4"}, [], 6, "hexes"),
])
def test_movement_answer(rid, creature, values, segments, left, unit):
    res = run("movement", ft.movement_payload(rid, creature, values, segments))
    answer = ft.movement_answer(rid, res)
    assert answer["left"] == left and answer["unit"] == unit and answer["breakdowns"]


# --- classic close combat ----------------------------------------------------------------

def test_entering_close_combat_is_an_opposed_dexterity_check():
    """classic.grapple.enter: both roll under Dex; the only success wins."""
    payload = ft.grapple_payload("grapple", {"stats": {"dex": 14}}, {"stats": {"dex": 12}},
                                 {"victim_weapon": "M", "rolls.attacker": "9", "rolls.victim": "15"})
    res = run("actions", payload)
    assert res["value"]["won"] is True and res["value"]["condition"] == "grappling"
    assert res["value"]["victim_attack"]["allowed"] is True
    acted = ft.grapple_payload("grapple", {"stats": {"dex": 14}}, {"stats": {"dex": 12}},
                               {"victim_weapon": "M", "victim_acted": True,
                                "rolls.attacker": "9", "rolls.victim": "15"})
    assert run("actions", acted)["value"]["victim_attack"]["allowed"] is False


def test_an_outsiders_attack_is_redirected_on_a_failed_reflex_save():
    payload = ft.grapple_payload("outside_attack", {"stats": {"thac0": 15}}, {},
                                 {"save.chance": "40", "rolls.save": "90"}, ("Orc", "Thief"))
    res = run("actions", payload)
    assert res["value"]["success"] is False and res["value"]["aimed_at"] == "Thief"
    with pytest.raises(InputError) as err:
        ft.grapple_payload("outside_attack", {}, {}, {})
    assert err.value.field == "save.chance"


def test_split_effect_and_break_free():
    split = run("actions", ft.grapple_payload("split_effect", {}, {}, {"amount": "7"}, ("Orc", "Thief")))
    assert split["value"] == {"Orc": 4, "Thief": 3}
    free = run("actions", ft.grapple_payload("break_free", {}, {}, {
        "saves.breaker": "60", "saves.holder": "50", "helpers": "1",
        "rolls.breaker": "20", "rolls.holder": "45"}))
    assert free["value"]["separated"] is True and free["value"]["breaker"]["chance"] == 65
    with pytest.raises(InputError) as err:
        ft.grapple_payload("break_free", {}, {}, {"saves.breaker": "60"})
    assert err.value.field == "saves.holder"


def test_classic_passing_a_huge_creature_two_hexes_away_provokes_it():
    """classic.aoo.passing: Huge and Gargantuan creatures reach 2 hexes."""
    move = {"passes_enemies": True, "distance": "2"}
    giant = {"name": "Giant", "size": "huge"}
    assert ft.aoo_check("classic", giant, (), {}, "move", move)["can"] is True
    assert ft.aoo_check("classic", {"name": "Orc"}, (), {}, "move", move)["can"] is False
    answer = ft.take_action("classic", {}, (), "move", move)
    assert answer["provokes"] == {"value": True, "rule": "classic.aoo.passing"}


def test_classic_a_polearm_reaches_two_hexes_like_a_huge_creature():
    """classic.aoo.reach.huge-gargantuan-polearm: a medium creature with a polearm reaches 2 hexes."""
    move = {"passes_enemies": True, "distance": "2"}
    pikeman = {"name": "Pikeman", "traits": ["polearm"]}
    check = ft.aoo_check("classic", pikeman, (), {}, "move", move)
    assert check["can"] is True
    assert ft.aoo_check("classic", {"name": "Orc"}, (), {}, "move", move)["can"] is False


def test_classic_no_somatic_or_material_spells_in_close_combat():
    """classic.grapple.no-somatic-material: a verbal spell is fine, a somatic one is not."""
    grappling = {"conditions": [{"id": "grappling", "cause": "c2"}]}
    assert ft.take_action("classic", grappling, (), "cast", {"components": ["verbal"]})["allowed"] is True
    answer = ft.take_action("classic", grappling, (), "cast", {"components": ["verbal", "somatic"]})
    assert answer["allowed"] is False and answer["rule"] == "classic.grapple.no-somatic-material"
    assert answer["provokes"] == {"value": False, "rule": "classic.aoo.leave-melee"}
