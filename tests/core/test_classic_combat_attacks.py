"""classic conditions inside attacks: prone (melee, distant ranged, own
ranged weapons), blind (both sides), asleep at range, engaged in a static
activity, exhausted attackers' bonus."""

import pytest

from mischia.queries import run


def attack(defender=(), attacker=(), kind="melee", distance=None, weapon=(), toggles=(), options=None,
           dstats=None, atraits=(), dtraits=(), d20=10):
    situation = {"toggles": list(toggles)}
    if distance is not None:
        situation["numbers"] = {"distance": distance}
    return run("attack", {
        "ruleset": "classic", "options": options or {},
        "attacker": {"stats": {"thac0": 15}, "traits": list(atraits), "conditions": [{"id": c} for c in attacker]},
        "defender": {"stats": dstats or {"ac": 5, "dex_ac": 2}, "traits": list(dtraits),
                     "conditions": [{"id": c} for c in defender]},
        "attack": {"kind": kind, "weapon": list(weapon), "damage": "1d6"},
        "situation": situation, "rolls": {"d20": d20, "damage": [2]}})


def rules(bd):
    return {l["rule"]: l["value"] for l in bd["lines"] if l["applied"]}


def test_prone_in_melee_gives_attackers_two_and_loses_dex():
    res = attack(["prone"])
    assert rules(res["attack"]) == {"classic.cond.prone.melee-attackers": 2}
    assert rules(res["target"])["classic.cond.prone.melee-attackers"] == -2
    assert res["target"]["total"] == 8


@pytest.mark.parametrize("distance, penalty", [(16, -3), (15, None), (None, None)])
def test_prone_against_ranged_attacks_beyond_15_m(distance, penalty):
    res = attack(["prone"], kind="ranged", distance=distance)
    got = rules(res["attack"])
    assert got.get("classic.cond.prone.ranged-cover") == penalty
    # Dex keeps being lost against ranged attacks too.
    assert rules(res["target"])["classic.cond.prone.ranged-cover.dex"] == -2
    near = "classic.cond.prone.within-15m" in [r["rule"] for r in res["reminders"]]
    assert near is (distance == 15)


def test_prone_fighting_from_the_ground():
    res = attack(attacker=["prone"])
    assert rules(res["attack"]) == {"classic.cond.prone.fight-from-ground.attack": -2}
    sheet = run("effective", {"ruleset": "classic", "creature": {"conditions": ["prone"]}})["details"]
    # Active defence is lost only in melee by default (AMB-11).
    assert "deny.active_defence" not in sheet
    any_prone = run("effective", {"ruleset": "classic", "options": {"prone_fighting": "any-prone"},
                                  "creature": {"conditions": ["prone"]}})["details"]
    line = any_prone["deny.active_defence"]["lines"][0]
    assert line["rule"] == "classic.cond.prone.fight-from-ground.no-active-defence"
    assert any_prone["save"]["total"] == -10


@pytest.mark.parametrize("weapon, verdict", [("bow", "not-allowed"), ("sling", "not-allowed"),
                                             ("thrown", "not-allowed"), ("crossbow", "hit"),
                                             ("blowgun", "hit")])
def test_prone_shooter_can_use_crossbows_not_bows(weapon, verdict):
    res = attack(attacker=["prone"], kind="ranged", weapon=[weapon], d20=15)
    assert res["verdict"] == verdict
    if verdict == "not-allowed":
        assert res["notes"] == ["classic.cond.prone.own-ranged"]
    else:
        assert res["attack"]["total"] == 0  # no penalty to hit


def test_blind_defender_and_blind_fighting_amb17():
    assert rules(attack(["blind"])["attack"]) == {"classic.cond.blind.attackers": 4}
    assert rules(attack(["blind"], dtraits=["blind_fighting"])["attack"]) == {"classic.cond.blind.attackers": 2}
    # Not applicable when the attacker is blind too (it has its own -4 melee).
    assert rules(attack(["blind"], attacker=["blind"])["attack"]) == {"classic.cond.blind.melee": -4}
    hit = attack(["blind"], d20=15)
    assert rules(hit["damage"])["classic.cond.blind.damage-die"] == 2
    alt = attack(["blind"], atraits=["blind_fighting"], options={"blind_fighting": "attacker-proficiency"})
    assert rules(alt["attack"]) == {"classic.cond.blind.attackers": 2}
    assert rules(attack(["blind"], atraits=["blind_fighting"])["attack"]) == {"classic.cond.blind.attackers": 4}


def test_blind_attacker_ranged_only_within_21_m():
    assert attack(attacker=["blind"], kind="ranged", distance=22)["verdict"] == "not-allowed"
    near = attack(attacker=["blind"], kind="ranged", distance=21, d20=19)
    assert rules(near["attack"]) == {"classic.cond.blind.ranged": -4}
    assert "classic.cond.blind.ranged" in [r["rule"] for r in near["reminders"]]


def test_blind_defender_loses_dex_and_shield():
    res = attack(["blind"], dstats={"ac": 3, "dex_ac": 2, "shield_ac": 1})
    assert rules(res["target"])["classic.cond.blind.ac-dex"] == -2
    assert [l["value"] for l in res["target"]["lines"] if l["rule"] == "classic.cond.blind.ac-shield"] == [-1]
    assert res["target"]["total"] == 15 - 6


@pytest.mark.parametrize("option, total, lines", [
    ("sum", 2, {"classic.cond.paralysed.attackers": 5, "classic.cond.asleep.ranged-prone": -3}),
    ("cancel", 0, {}),
])
def test_asleep_at_range_offsets_the_sleepers_bonus_amb20(option, total, lines):
    res = attack(["asleep"], kind="ranged", distance=20, options={"asleep_ranged_offset": option})
    assert res["attack"]["total"] == total and rules(res["attack"]) == lines
    melee = attack(["asleep"], options={"asleep_ranged_offset": option})
    assert rules(melee["attack"]) == {"classic.cond.paralysed.attackers": 5}


def test_prone_and_asleep_targets_make_distant_spells_fail():
    for cid, rule in (("prone", "classic.cond.prone.ranged-spell-failure"),
                      ("asleep", "classic.cond.asleep.ranged-prone")):
        res = run("concentration", {"ruleset": "classic", "creature": {}, "target": {"conditions": [cid]},
                                    "distance": 20, "rolls": {}})
        spell = res["details"]["spell_failure"]
        assert spell["total"] == 30 and spell["lines"][0]["rule"] == rule
        close = run("concentration", {"ruleset": "classic", "creature": {}, "target": {"conditions": [cid]},
                                      "distance": 15})
        assert "spell_failure" not in close["details"]
        area = run("concentration", {"ruleset": "classic", "creature": {}, "target": {"conditions": [cid]},
                                     "distance": 20, "area": True})
        assert "spell_failure" not in area["details"]


def test_engaged_static_activity_gives_attackers_two():
    rule = "classic.cond.engaged.static-attackers"
    res = attack(["engaged"], toggles=["static_activity"])
    assert rules(res["attack"]) == {rule: 2}
    assert rules(attack(toggles=["static_activity"])["attack"]) == {}


@pytest.mark.parametrize("option, bonus", [("as-written", 3), ("plus-four", 4)])
def test_exhausted_attackers_bonus_amb13(option, bonus):
    res = attack(["exhausted"], options={"exhausted_attackers": option})
    assert rules(res["attack"]) == {"classic.cond.exhausted.attackers": bonus}


def test_avoiding_sight_both_sides():
    assert rules(attack(["avoiding_sight"])["attack"]) == {"classic.cond.avoiding-sight.attackers": 2}
    assert rules(attack(attacker=["avoiding_sight"])["attack"]) == {"classic.cond.avoiding-sight.rolls": -2}
