"""Story 3 (STORIES.md): Marco plays a pf1 rogue. The party ambushes bandits:
a surprise round where only the aware act, one standard or move action each;
in round 1 a bandit that has not acted is flat-footed (no Dex to AC, no
attacks of opportunity unless Combat Reflexes); Marco's rogue keeps her Dex
thanks to uncanny dodge; two combatants tie at 17 — the higher total
initiative modifier goes first, and if still equal the app asks for a roll-off.
Everything goes through ``mischia.queries.run`` with dice typed at the table."""

import random

from mischia import tracker
from mischia.encounter import Encounter
from mischia.queries import run

MARCO = {"name": "Lyra", "stats": {"bab": 3, "str_mod": 1, "dex_mod": 4, "armour": 2},
         "traits": ["rogue"]}
FIGHTER = {"name": "Bruno", "stats": {"bab": 4, "str_mod": 3, "dex_mod": 1, "armour": 6}}
BANDIT = {"name": "Bandit", "stats": {"bab": 2, "str_mod": 2, "dex_mod": 2, "armour": 3}}
CAPTAIN = {"name": "Captain", "stats": {"bab": 4, "str_mod": 2, "dex_mod": 2, "armour": 4},
           "traits": ["combat_reflexes"]}


def q(name, **payload):
    return run(name, {"ruleset": "pf1", **payload}, random.Random(7))


def combatants(**aware):
    return [{"id": "lyra", "modifier": 4, "creature": MARCO, "side": "party", "aware": aware.get("lyra", True)},
            {"id": "bruno", "modifier": 1, "creature": FIGHTER, "side": "party", "aware": True},
            {"id": "bandit", "modifier": 2, "creature": BANDIT, "side": "foes", "aware": False},
            {"id": "captain", "modifier": 2, "creature": CAPTAIN, "side": "foes", "aware": False}]


def test_ambush_surprise_round_only_the_aware_act():
    init = q("initiative", combatants=combatants(),
             rolls={"lyra": 13, "bruno": 16, "bandit": 15, "captain": 9})
    # Lyra 17 and Bandit 17 tie: Lyra's +4 beats the bandit's +2
    assert init["details"]["lyra"]["total"] == init["details"]["bandit"]["total"] == 17
    assert init["value"] == ["lyra", "bandit", "bruno", "captain"]
    assert init["details"]["ties"][0]["rule"] == "pf1.init.tie-modifier" and init["prompts"] == []
    surprise = q("surprise", combatants=combatants(), order=init["value"])
    value = surprise["value"]
    assert value["surprise_round"] is True and "pf1.surprise.round" in surprise["events"]
    assert value["acting"] == ["lyra", "bruno"]                 # in initiative order
    assert value["surprised"] == ["bandit", "captain"]
    # one standard or move action each: after a standard action nothing but free actions remain
    lyra_turn = q("actions", creature=MARCO, surprise_round=True, used=["attack_ranged"])
    assert lyra_turn["value"]["budget"]["move"] == 0 and lyra_turn["value"]["budget"]["free"] == 1
    assert lyra_turn["details"]["budget"]["rule"] == "pf1.surprise.round-actions"
    # the bandits do not act in the surprise round
    bandit_line = surprise["details"]["bandit"]["lines"][0]
    assert bandit_line["rule"] == "pf1.surprise.unaware-no-act" and not bandit_line["applied"]


def test_round_one_flat_footed_bandit_and_uncanny_dodge():
    flat_bandit = dict(BANDIT, conditions=["flat_footed"])
    hit = q("attack", attacker=FIGHTER, defender=flat_bandit, rolls={"d20": 6, "damage": [5]})
    dex = [l for l in hit["target"]["lines"] if l["label"] == "ac.dex_mod"][0]
    assert dex["rule"] == "pf1.flat-footed.dex" and not dex["applied"]
    assert hit["target"]["total"] == 13 and hit["verdict"] == "hit"       # 6 + 7 vs 13
    # the flat-footed bandit cannot make an attack of opportunity …
    aoo = q("attack", attacker=flat_bandit, defender=MARCO, situation={"toggles": ["attack_of_opportunity"]},
            rolls={"d20": 18, "damage": [4]})
    assert aoo["verdict"] == "not-allowed" and aoo["notes"] == ["pf1.flat-footed.no-aoo"]
    # … but the captain with Combat Reflexes can
    captain = dict(CAPTAIN, conditions=["flat_footed"])
    reflexes = q("attack", attacker=captain, defender=MARCO, situation={"toggles": ["attack_of_opportunity"]},
                 rolls={"d20": 18, "damage": [4]})
    assert reflexes["verdict"] == "hit"
    # Lyra, caught before her first turn, keeps her Dex thanks to uncanny dodge
    flat_lyra = dict(MARCO, conditions=["flat_footed"])
    vs_lyra = q("attack", attacker=BANDIT, defender=flat_lyra, rolls={"d20": 11, "damage": [3]})
    kept = [l for l in vs_lyra["target"]["lines"] if l["label"] == "ac.dex_mod"][0]
    assert kept["rule"] == "pf1.uncanny-dodge.dex" and kept["applied"] and kept["value"] == 4
    assert vs_lyra["target"]["total"] == 16 and vs_lyra["verdict"] == "miss"   # 11 + 4 vs 16 (not 12)


def test_still_tied_the_app_asks_for_a_roll_off():
    tied = [{"id": "lyra", "modifier": 4}, {"id": "thug", "modifier": 4}]
    first = q("initiative", combatants=tied, rolls={"lyra": 13, "thug": 13})
    prompt = first["prompts"][0]
    assert prompt["rule"] == "pf1.init.tie-reroll" and prompt["params"]["ids"] == ["lyra", "thug"]
    assert prompt["target"] == 17
    second = q("initiative", combatants=tied, rolls={"lyra": 13, "thug": 13}, tiebreak={"lyra": 4, "thug": 11})
    assert second["value"] == ["thug", "lyra"] and second["prompts"] == []


def test_the_tracker_runs_the_ambush_with_the_pf1_rules():
    enc = Encounter.new("pf1")
    enc = tracker.add_combatant(enc, "Lyra", "party", init_mod=4, traits=["rogue"], stats=MARCO["stats"])
    enc = tracker.add_combatant(enc, "Bandit", "foes", init_mod=2, stats=BANDIT["stats"], aware=False)
    enc, result = tracker.roll_initiative(enc, typed={"c1": 13, "c2": 15})
    assert enc.order == ("c1", "c2") and enc.get("c1").initiative == 17
    assert "pf1.init.check" in enc.log[-1].rules
    assert result["details"]["flat_footed"] == ["c2"]
    enc = tracker.start_combat(enc)
    assert enc.phase == "surprise"
