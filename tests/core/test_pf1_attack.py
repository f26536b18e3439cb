"""pf1 attacks: attack roll and AC (touch, flat-footed, size), modifier
tables (flanking, cover, concealment, prone …), conditions seen from both
sides, combat maneuvers (CMB/CMD), criticals, miss chance, coup de grace."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

ATTACK_AC = "ext.pf1.attack-ac"
TABLES = "ext.pf1.modifier-tables"
COND = "ext.pf1.conditions"
CMB_CMD = "ext.pf1.cmb-cmd"

FIGHTER = {"stats": {"bab": 5, "str_mod": 3, "dex_mod": 2}}
TARGET = {"stats": {"armour": 4, "shield": 2, "dex_mod": 2, "natural": 1}}   # AC 19


def attack(attacker=FIGHTER, defender=TARGET, seed=0, **kw):
    kw.setdefault("rolls", {"d20": 10, "damage": [5]})
    return run("attack", {"ruleset": "pf1", "attacker": attacker, "defender": defender, **kw},
               random.Random(seed))


def lines(bd, rule, source=None):
    return [l for l in bd["lines"] if l["rule"] == rule and (source is None or l.get("source") == source)]


def applied_total(bd, rule, source=None):
    return sum(l["value"] for l in lines(bd, rule, source) if l["applied"])


def with_conditions(creature, *conds):
    return dict(creature, conditions=list(conds))


def test_attack_roll_is_bab_plus_str_or_dex_plus_size():
    rule = ATTACK_AC
    melee = attack()
    assert melee["attack"]["total"] == 8 and applied_total(melee["attack"], rule) == 8
    ranged = attack(attack={"kind": "ranged"})
    assert ranged["attack"]["total"] == 7
    small = attack(attacker=dict(FIGHTER, size="small"))
    assert [l["value"] for l in small["attack"]["lines"] if l["label"] == "attack.size"] == [1]
    big = attack(defender=dict(TARGET, size="large"))
    assert big["target"]["total"] == 18


def test_ac_components_touch_and_flat_footed():
    rule = ATTACK_AC
    res = attack()
    assert res["target"]["total"] == 19 and applied_total(res["target"], rule) == 19
    touch = attack(attack={"touch": True})
    assert touch["target"]["total"] == 12
    assert {l["label"] for l in touch["target"]["lines"] if l.get("reason") == "touch"} == {
        "ac.armour", "ac.shield", "ac.natural"}
    eff = run("effective", {"ruleset": "pf1", "creature": dict(TARGET, stats=dict(TARGET["stats"], dodge=1))})
    assert eff["details"]["pf1.ac"]["total"] == 20
    assert eff["details"]["pf1.ac.touch"]["total"] == 13
    assert eff["details"]["pf1.ac.flat_footed"]["total"] == 17       # no Dex, no dodge


def test_ac_total_alone_and_touch_needs_components():
    res = attack(defender={"stats": {"ac": 18, "dex_mod": 3}, "conditions": ["flat_footed"]})
    assert res["target"]["total"] == 15
    assert lines(res["target"], "pf1.flat-footed.dex")[0]["value"] == -3
    with pytest.raises(InputError) as err:
        attack(defender={"stats": {"ac": 18}}, attack={"touch": True})
    assert err.value.field == "defender.stats"


def test_natural_20_hits_natural_1_misses_and_criticals_roll_extra_dice():
    rule = ATTACK_AC
    assert attack(rolls={"d20": 1})["verdict"] == "natural-1"
    crit = attack(attack={"damage": "1d8", "crit_range": 19, "crit_mult": 3},
                  rolls={"d20": 19, "confirm": 12, "damage": [5], "crit_damage": [4, 6]})
    assert crit["verdict"] == "critical" and crit["threat"] and crit["confirmed"]
    assert crit["damage"]["total"] == 5 + 3 + 10 + 3 * 2       # dice + Str, 2 extra dice, Str ×2 more
    labels = {l["label"]: l["value"] for l in lines(crit["damage"], rule)}
    assert labels["damage.critical.dice"] == 10 and labels["damage.critical.bonus"] == 6
    unconfirmed = attack(rolls={"d20": 20, "confirm": 2, "damage": [5]})
    assert unconfirmed["verdict"] == "hit" and unconfirmed["damage"]["total"] == 8


def test_strength_on_damage_two_handed_and_off_hand():
    rule = ATTACK_AC
    two = attack(attack={"grip": "two"}, rolls={"d20": 15, "damage": [5]})
    assert [l["value"] for l in lines(two["damage"], rule) if l["label"] == "damage.str.two-handed"] == [4]
    off = attack(attack={"grip": "off"}, rolls={"d20": 15, "damage": [5]})
    assert [l["value"] for l in lines(off["damage"], rule) if l["label"] == "damage.str.off-hand"] == [1]
    floor = attack(attacker={"stats": {"bab": 5, "str_mod": -3}}, rolls={"d20": 19, "damage": [1]})
    assert floor["damage"]["total"] == 1 and floor["damage"]["lines"][-1]["reason"] == "floor"


# Conditions on the attacker: (condition, attack kind, expected attack change).
ATTACKER_CONDITIONS = [
    ("shaken", "melee", -2), ("frightened", "melee", -2), ("sickened", "melee", -2),
    ("dazzled", "melee", -1), ("entangled", "melee", -2), ("entangled", "ranged", -4),
    ("grappled", "melee", -2), ("grappled", "ranged", -4), ("prone", "melee", -4),
    ("fatigued", "melee", -1), ("fatigued", "ranged", -1), ("exhausted", "melee", -3),
    ("invisible", "melee", 2), ("fighting_defensively", "melee", -4), ("squeezing", "melee", -4),
]


@pytest.mark.parametrize("cond, kind, change", ATTACKER_CONDITIONS)
def test_attacker_conditions_change_the_attack(cond, kind, change):
    rules = (COND, TABLES)
    base = attack(attack={"kind": kind})["attack"]["total"]
    res = attack(attacker=with_conditions(FIGHTER, cond), attack={"kind": kind})
    assert res["attack"]["total"] - base == change
    assert sum(applied_total(res["attack"], r, cond) for r in rules) == change


# Conditions on the defender: (condition, attack kind, expected target change, attack change).
DEFENDER_CONDITIONS = [
    ("blinded", "melee", -4, 0),          # −2 AC and no Dex (+2)
    ("cowering", "melee", -4, 0),
    ("stunned", "melee", -4, 0),
    ("prone", "melee", -4, 0), ("prone", "ranged", 4, 0),
    ("helpless", "melee", -7, 4),         # Dex 0 (−5 instead of +2), melee attackers +4
    ("helpless", "ranged", -7, 0),
    ("pinned", "melee", -6, 0),           # flat-footed (no Dex) and −4
    ("entangled", "melee", -2, 0),        # Dex −4 → −2
    ("grappled", "melee", -2, 0),
    ("exhausted", "melee", -3, 0),
    ("flat_footed", "melee", -2, 0),
    ("kneeling", "melee", -2, 0), ("kneeling", "ranged", 2, 0),
    ("fighting_defensively", "melee", 2, 0), ("total_defense", "melee", 4, 0),
    ("charging", "melee", -2, 0), ("squeezing", "melee", -4, 0),
    ("broken_armour", "melee", -2, 0), ("broken_shield", "melee", -1, 0),
]


@pytest.mark.parametrize("cond, kind, ac_change, attack_change", DEFENDER_CONDITIONS)
def test_defender_conditions_change_ac_or_the_attack(cond, kind, ac_change, attack_change):
    rules = ("pf1.flat-footed.dex", COND, TABLES)
    plain = attack(attack={"kind": kind})
    res = attack(defender=with_conditions(TARGET, cond), attack={"kind": kind})
    assert res["target"]["total"] - plain["target"]["total"] == ac_change
    assert res["attack"]["total"] - plain["attack"]["total"] == attack_change
    assert any(l["rule"] in rules for l in res["target"]["lines"] + res["attack"]["lines"])


def test_prone_attacker_cannot_shoot_except_a_crossbow():
    rule = TABLES
    prone = with_conditions(FIGHTER, "prone")
    res = attack(attacker=prone, attack={"kind": "ranged"})
    assert res["verdict"] == "not-allowed" and res["notes"] == [rule]
    ok = attack(attacker=prone, attack={"kind": "ranged", "weapon": ["crossbow"]})
    assert ok["verdict"] != "not-allowed"


def test_conditions_that_stop_actions_stop_attacks():
    for cond in ("stunned", "dazed", "nauseated", "cowering", "unconscious", "paralyzed", "panicked"):
        res = attack(attacker=with_conditions(FIGHTER, cond))
        assert res["verdict"] == "not-allowed" and COND in res["notes"], cond


def test_sickened_lowers_weapon_damage_and_fatigue_lowers_strength_damage():
    rule = COND
    sick = attack(attacker=with_conditions(FIGHTER, "sickened"), rolls={"d20": 15, "damage": [5]})
    assert sick["damage"]["total"] == 5 + 3 - 2 and applied_total(sick["damage"], rule, "sickened") == -2
    tired = attack(attacker=with_conditions(FIGHTER, "exhausted"), attack={"grip": "two"},
                   rolls={"d20": 15, "damage": [5]})
    # Str +3 → 0 with exhausted: two-handed 4 becomes 0
    assert tired["damage"]["total"] == 5 and applied_total(tired["damage"], rule, "exhausted") == -4


def test_invisible_attacker_ignores_dex_and_defender_is_totally_concealed():
    rule = COND
    res = attack(attacker=with_conditions(FIGHTER, "invisible"))
    dex = [l for l in res["target"]["lines"] if l["label"] == "ac.dex_mod"][0]
    assert not dex["applied"] and dex["rule"] == rule and dex["source"] == "invisible"
    hidden = attack(defender=with_conditions(TARGET, "invisible"), rolls={"d20": 15, "miss": 30, "damage": [2]})
    assert hidden["verdict"] == "miss-chance" and hidden["miss_chance"] == 50 and hidden["notes"] == [rule]
    seen = attack(attacker=dict(FIGHTER, traits=["see_invisibility"]),
                  defender=with_conditions(TARGET, "invisible"), rolls={"d20": 15, "damage": [2]})
    assert seen["miss_chance"] == 0


def test_blinded_attacker_has_a_50_percent_miss_chance():
    res = attack(attacker=with_conditions(FIGHTER, "blinded"), rolls={"d20": 15, "miss": 51, "damage": [2]})
    assert res["miss_chance"] == 50 and res["verdict"] == "hit"


@pytest.mark.parametrize("choice, ac, reflex", [("partial", 2, 1), ("cover", 4, 2), ("improved", 8, 4)])
def test_cover_grades_give_ac_and_reflex(choice, ac, reflex):
    rule = TABLES
    res = attack(situation={"choices": {"cover": choice}})
    assert res["target"]["total"] == 19 + ac and applied_total(res["target"], rule) == ac
    save = run("save", {"ruleset": "pf1", "creature": {"stats": {"ref": 3}}, "kind": "reflex",
                        "situation": {"choices": {"cover": choice}}, "rolls": {"d20": 10}})
    assert save["value"]["total"] == 13 + reflex and applied_total(save["breakdown"], rule) == reflex


def test_total_cover_blocks_soft_cover_only_against_ranged():
    assert attack(situation={"choices": {"cover": "total"}})["verdict"] == "not-allowed"
    assert attack(situation={"choices": {"cover": "soft"}})["target"]["total"] == 19
    assert attack(situation={"choices": {"cover": "soft"}}, attack={"kind": "ranged"})["target"]["total"] == 23


@pytest.mark.parametrize("choice, chance", [("concealment", 20), ("total", 50)])
def test_concealment_miss_chance(choice, chance):
    rule = TABLES
    res = attack(situation={"choices": {"concealment": choice}}, rolls={"d20": 15, "miss": chance, "damage": [2]})
    assert res["verdict"] == "miss-chance" and res["miss_chance"] == chance and res["notes"] == [rule]
    hit = attack(situation={"choices": {"concealment": choice}}, rolls={"d20": 15, "miss": chance + 1, "damage": [2]})
    assert hit["verdict"] == "hit"


@pytest.mark.parametrize("toggle, kind, change", [
    ("flanking", "melee", 2), ("flanking", "ranged", 0), ("higher_ground", "melee", 1),
    ("charge", "melee", 2), ("into_melee", "ranged", -4), ("fighting_defensively", "melee", -4),
    ("squeezing", "melee", -4), ("prone_attacker", "melee", -4),
])
def test_attack_situations(toggle, kind, change):
    rule = TABLES
    res = attack(situation={"toggles": [toggle]}, attack={"kind": kind})
    base = attack(attack={"kind": kind})
    assert res["attack"]["total"] - base["attack"]["total"] == change
    assert applied_total(res["attack"], rule) == change


@pytest.mark.parametrize("toggle, kind, change", [
    ("prone_defender", "melee", -4), ("prone_defender", "ranged", 4), ("kneeling", "melee", -2),
    ("total_defense", "melee", 4),
])
def test_defence_situations(toggle, kind, change):
    res = attack(situation={"toggles": [toggle]}, attack={"kind": kind})
    assert res["target"]["total"] == 19 + change and applied_total(res["target"], TABLES) == change


def test_precise_shot_removes_the_into_melee_penalty_and_conditions_do_not_double():
    res = attack(attacker=dict(FIGHTER, traits=["precise_shot"]), attack={"kind": "ranged"},
                 situation={"toggles": ["into_melee"]})
    assert res["attack"]["total"] == 7
    both = attack(attacker=with_conditions(FIGHTER, "prone"), situation={"toggles": ["prone_attacker"]})
    assert both["attack"]["total"] == 4


def test_range_increments_cost_2_each_beyond_the_first():
    rule = TABLES
    res = attack(attack={"kind": "ranged"}, situation={"numbers": {"distance": 70, "range_increment": 30}})
    assert applied_total(res["attack"], rule) == -4
    with pytest.raises(InputError) as err:
        attack(attack={"kind": "ranged", "weapon": ["thrown"]},
               situation={"numbers": {"distance": 19, "range_increment": 3}})
    assert err.value.field == "situation.numbers.distance"


def test_dodge_bonuses_are_lost_with_dex():
    defender = dict(TARGET, conditions=["fighting_defensively", "flat_footed"])
    res = attack(defender=defender)
    assert res["target"]["total"] == 17
    dodge = [l for l in res["target"]["lines"] if l.get("type") == "dodge"][0]
    assert dodge["reason"] == "denied"


def test_fighting_defensively_with_acrobatics_ranks():
    defender = dict(TARGET, stats=dict(TARGET["stats"], acrobatics_ranks=3),
                    conditions=["fighting_defensively"])
    assert attack(defender=defender)["target"]["total"] == 22


def test_fear_conditions_do_not_stack_with_each_other():
    res = attack(attacker=with_conditions(FIGHTER, "shaken", "frightened"))
    assert res["attack"]["total"] == 6
    both = attack(attacker=with_conditions(FIGHTER, "shaken", "sickened"))
    assert both["attack"]["total"] == 4


# ----- combat maneuvers ----------------------------------------------------

GRAPPLER = {"stats": {"bab": 4, "str_mod": 3, "dex_mod": 1}}
FOE = {"stats": {"bab": 2, "str_mod": 1, "dex_mod": 2, "deflection": 1, "armour": 6}}


def maneuver(kind="trip", attacker=GRAPPLER, defender=FOE, d20=10, choices=None, **kw):
    return attack(attacker=attacker, defender=defender, rolls={"d20": d20},
                  situation={"choices": {"maneuver": kind, **(choices or {})}}, **kw)


def test_cmb_against_cmd():
    rule = CMB_CMD
    res = maneuver()
    assert res["attack"]["total"] == 7 and applied_total(res["attack"], rule) == 7
    assert res["target"]["total"] == 10 + 2 + 1 + 2 + 1       # armour does not count
    assert res["verdict"] == "hit" and res["damage"] is None          # 10 + 7 ≥ 16
    assert maneuver(d20=8)["verdict"] == "miss" and maneuver(d20=9)["verdict"] == "hit"
    weak = {"stats": {"bab": 0, "str_mod": -3}}
    assert maneuver(d20=20, attacker=weak)["verdict"] == "hit"
    assert maneuver(d20=1, attacker={"stats": {"bab": 20, "str_mod": 10}})["verdict"] == "natural-1"


def test_special_size_and_small_creatures_use_dex():
    rule = CMB_CMD
    large = maneuver(attacker=dict(GRAPPLER, size="large"))
    assert large["attack"]["total"] == 8 and applied_total(large["attack"], rule) == 8
    tiny = maneuver(attacker=dict(GRAPPLER, size="tiny"))
    assert tiny["attack"]["total"] == 4 + 1 - 2


def test_cmd_loses_dex_when_flat_footed_and_takes_ac_penalties():
    res = maneuver(defender=with_conditions(FOE, "flat_footed"))
    assert res["target"]["total"] == 14
    stunned = maneuver(defender=with_conditions(FOE, "stunned"))
    # −2 AC applies to CMD, no Dex, and +4 to the attacker's CMB
    assert stunned["target"]["total"] == 12 and stunned["attack"]["total"] == 11
    assert applied_total(stunned["attack"], COND, "stunned") == 4


def test_cmd_loses_dodge_with_dex():
    dodgy = dict(FOE, stats=dict(FOE["stats"], dodge=1), conditions=["flat_footed"])
    res = maneuver(defender=dodgy)
    assert res["target"]["total"] == 14
    assert [l["reason"] for l in res["target"]["lines"] if l["label"] == "cmd.dodge"] == ["denied"]


def test_uncanny_dodge_against_an_invisible_attacker_but_not_when_blinded():
    rogue = dict(TARGET, traits=["rogue"])
    res = attack(attacker=with_conditions(FIGHTER, "invisible"), defender=rogue)
    assert res["target"]["total"] == 19
    assert [l["rule"] for l in res["target"]["lines"] if l["label"] == "ac.dex_mod"] == ["pf1.uncanny-dodge.dex"]
    blind = attack(defender=with_conditions(rogue, "blinded"))
    assert blind["target"]["total"] == 15
    total = attack(defender={"stats": {"ac": 16, "dex_mod": 3}, "traits": ["rogue"], "conditions": ["flat_footed"]})
    assert total["target"]["total"] == 16
    assert [l["rule"] for l in total["target"]["lines"] if l["label"] == "ac.dex_kept"] == ["pf1.uncanny-dodge.dex"]


def test_cmd_ignores_cover_bonus_but_keeps_deflection():
    res = maneuver(choices={"cover": "cover"})
    assert res["target"]["total"] == 16
    assert [l["reason"] for l in res["target"]["lines"] if l["rule"] == TABLES] == ["not-cmd"]


def test_grappled_minus_2_except_to_grapple_and_energy_drain_lowers_cmd():
    grappled = with_conditions(GRAPPLER, "grappled")
    assert maneuver(attacker=grappled)["attack"]["total"] == 5
    assert maneuver("grapple", attacker=grappled)["attack"]["total"] == 7
    drained = maneuver(defender=dict(FOE, conditions=[{"id": "energy_drained", "stage": 2}]))
    assert drained["target"]["total"] == 14
    assert attack(defender=dict(FOE, conditions=[{"id": "energy_drained", "stage": 2}]))["target"]["total"] == 19


def test_cmb_cmd_totals_from_the_sheet():
    res = maneuver(attacker={"stats": {"cmb": 9}}, defender={"stats": {"cmd": 20, "dex_mod": 3},
                                                             "conditions": ["flat_footed"]})
    assert res["attack"]["total"] == 9 and res["target"]["total"] == 17


def test_paralyzed_defender_str_and_dex_count_zero():
    res = maneuver(defender=with_conditions(FOE, "paralyzed"))
    assert res["target"]["total"] == 10 + 2 - 5 - 5 + 1


# ----- coup de grace, incorporeal, attacks of opportunity ------------------------

def test_coup_de_grace_is_an_automatic_critical_on_a_helpless_defender():
    rule = TABLES
    helpless = with_conditions(TARGET, "unconscious")
    res = attack(defender=helpless, situation={"toggles": ["coup_de_grace"]},
                 attack={"damage": "1d8", "crit_mult": 2}, rolls={"d20": 2, "damage": [6], "crit_damage": [3]})
    assert res["verdict"] == "critical" and res["damage"]["total"] == 6 + 3 + 3 + 3
    assert rule in res["notes"]
    assert any(r.get("roll") == "save.fortitude" and r["rule"] == rule for r in res["reminders"])
    awake = attack(situation={"toggles": ["coup_de_grace"]})
    assert awake["verdict"] == "not-allowed" and awake["notes"] == [rule]


def test_incorporeal_needs_magic_weapons_and_ignores_criticals():
    rule = COND
    ghost = with_conditions(TARGET, "incorporeal")
    assert attack(defender=ghost)["notes"] == [rule]
    magic = attack(defender=ghost, attack={"weapon": ["magic"]}, rolls={"d20": 20, "confirm": 20,
                                                                        "miss": 80, "damage": [3]})
    assert magic["verdict"] == "hit" and not magic["threat"] and magic["miss_chance"] == 50
    touch = attack(defender=ghost, attack={"weapon": ["magic", "ghost_touch"]}, rolls={"d20": 15, "damage": [3]})
    assert touch["miss_chance"] == 0


def test_grappled_creatures_make_no_attacks_of_opportunity():
    res = attack(attacker=with_conditions(FIGHTER, "grappled"), situation={"toggles": ["attack_of_opportunity"]})
    assert res["verdict"] == "not-allowed" and res["notes"] == [COND]


def test_unknown_situation_and_condition_are_refused():
    with pytest.raises(InputError) as err:
        attack(situation={"choices": {"cover": "huge"}})
    assert err.value.field == "situation.choices.cover" and "improved" in err.value.allowed
    with pytest.raises(InputError) as err:
        attack(defender=with_conditions(TARGET, "sleepy"))
    assert err.value.field == "condition" and "shaken" in err.value.allowed
    with pytest.raises(InputError) as err:
        attack(attacker={"stats": {"bab": 99}})
    assert err.value.field == "attacker.stats.bab"
    with pytest.raises(InputError) as err:
        attack(attacker={"stats": {"thac0": 3}})
    assert err.value.field == "attacker.stats.thac0"
