"""pf1 saving throws, concentration (ext.pf1.concentration) and the
condition list (ext.pf1.conditions) seen through the ``effective`` query."""

import random

import pytest

from mischia.errors import InputError
from mischia.queries import run

COND = "ext.pf1.conditions"
CONC = "ext.pf1.concentration"
SAVES = "ext.pf1.saves"
HERO = {"stats": {"fort": 5, "ref": 3, "will": 1, "dex_mod": 2}}


def q(name, seed=0, **payload):
    return run(name, {"ruleset": "pf1", **payload}, random.Random(seed))


def save(kind, d20, creature=HERO, **kw):
    return q("save", creature=creature, kind=kind, rolls={"d20": d20}, **kw)


def test_save_is_d20_plus_the_sheet_bonus_against_the_dc():
    res = save("fortitude", 10, dc=15)
    assert res["value"] == {"success": True, "total": 15, "dc": 15, "natural": 10}
    assert [l["rule"] for l in res["breakdown"]["lines"]] == [SAVES, SAVES]
    assert save("will", 12, dc=15)["value"]["success"] is False
    assert save("will", 20, dc=40)["value"]["success"] is True
    assert save("fortitude", 1, dc=2)["value"]["success"] is False
    assert save("reflex", 9)["value"]["success"] is None


@pytest.mark.parametrize("cond, kind, change", [
    ("shaken", "will", -2), ("frightened", "fortitude", -2), ("panicked", "reflex", -2),
    ("sickened", "will", -2), ("entangled", "reflex", -2), ("exhausted", "reflex", -3),
    ("fatigued", "fortitude", 0), ("helpless", "reflex", -7), ("dazzled", "will", 0),
])
def test_conditions_change_saves(cond, kind, change):
    base = save(kind, 10)["value"]["total"]
    res = save(kind, 10, creature=dict(HERO, conditions=[cond]))
    assert res["value"]["total"] - base == change
    assert sum(l["value"] for l in res["breakdown"]["lines"] if l["rule"] == COND and l["applied"]) == change


def test_energy_drain_lowers_saves_per_level():
    res = save("will", 10, creature=dict(HERO, conditions=[{"id": "energy_drained", "stage": 3}]))
    assert res["value"]["total"] == 8


def test_save_bad_input():
    with pytest.raises(InputError) as err:
        save("luck", 10)
    assert err.value.field == "kind" and "reflex" in err.value.allowed
    with pytest.raises(InputError) as err:
        save("will", 10, creature={"stats": {"fort": 2}})
    assert err.value.field == "creature.stats.will"
    with pytest.raises(InputError) as err:
        save("will", 10, dc=0)
    assert err.value.field == "dc"


# ----- concentration -------------------------------------------------------

MAGE = {"stats": {"caster_level": 5, "casting_mod": 4}}


def conc(d20=10, creature=MAGE, **kw):
    return q("concentration", creature=creature, rolls={"d20": d20}, **kw)


@pytest.mark.parametrize("payload, dc", [
    ({"defensive": True, "spell_level": 3}, 21),              # 15 + 2 × 3
    ({"damage": 7, "spell_level": 2}, 19),                    # 10 + damage + level
    ({"reason": "continuous", "damage": 7, "spell_level": 2}, 15),
    ({"reason": "entangled", "spell_level": 1}, 16),
    ({"reason": "grappled", "grappler_cmb": 8, "spell_level": 1}, 19),
    ({"reason": "vigorous_motion", "spell_level": 0}, 10),
    ({"reason": "violent_motion", "spell_level": 2}, 17),
    ({"reason": "extremely_violent_motion", "spell_level": 2}, 22),
    ({"reason": "violent_weather", "spell_level": 2}, 7),
    ({"reason": "spell", "spell_dc": 17}, 17),
])
def test_concentration_dcs(payload, dc):
    res = conc(**payload)
    assert res["value"]["dc"] == dc and all(l["rule"] == CONC for l in res["details"]["dc"]["lines"])
    assert res["value"]["total"] == 19 and res["value"]["success"] == (19 >= dc)
    assert [l["rule"] for l in res["breakdown"]["lines"]] == [CONC] * 3


def test_concentration_reason_from_conditions_and_bad_input():
    assert conc(creature=dict(MAGE, conditions=["entangled"]), spell_level=2)["value"]["reason"] == "entangled"
    assert conc(creature=dict(MAGE, conditions=["pinned"]), grappler_cmb=5)["value"]["dc"] == 15
    with pytest.raises(InputError) as err:
        conc()
    assert err.value.field == "reason"
    with pytest.raises(InputError) as err:
        conc(creature={"stats": {"casting_mod": 4}}, defensive=True)
    assert err.value.field == "creature.stats.caster_level"
    with pytest.raises(InputError) as err:
        conc(reason="grappled")
    assert err.value.field == "grappler_cmb"


def test_nauseated_cannot_concentrate_energy_drain_lowers_the_check():
    sick = conc(d20=20, creature=dict(MAGE, conditions=["nauseated"]), defensive=True)
    assert sick["value"]["success"] is False and sick["value"]["blocked_by"] == [COND]
    drained = conc(creature=dict(MAGE, conditions=[{"id": "energy_drained", "stage": 2}]), defensive=True)
    assert drained["value"]["total"] == 17
    deaf = conc(creature=dict(MAGE, conditions=["deafened"]), defensive=True)
    assert deaf["prompts"][0]["rule"] == COND and deaf["prompts"][0]["target"] == 20


# ----- the condition list through `effective` --------------------------------

def effective(*conds, stats=None):
    return q("effective", creature={"stats": stats or {}, "conditions": list(conds)})


# (condition, detail key of `effective`, total)
CONDITION_NUMBERS = [
    ("shaken", "attack", -2), ("shaken", "save", -2), ("shaken", "skill", -2), ("shaken", "check", -2),
    ("frightened", "attack", -2), ("frightened", "check", -2),
    ("panicked", "save", -2), ("panicked", "skill", -2),
    ("sickened", "attack", -2), ("sickened", "damage", -2), ("sickened", "save", -2),
    ("sickened", "skill", -2), ("sickened", "check", -2),
    ("dazzled", "attack", -1), ("dazzled", "skill.perception_sight", -1),
    ("blinded", "ac", -2), ("blinded", "skill.str_dex", -4), ("blinded", "pf1.miss_chance", 50),
    ("deafened", "initiative", -4), ("deafened", "spell_failure.verbal", 20),
    ("entangled", "attack", -2), ("entangled", "check.dex", -2), ("entangled", "move", 0.5),
    ("fatigued", "check.str", -1), ("fatigued", "check.dex", -1),
    ("exhausted", "check.str", -3), ("exhausted", "check.dex", -3), ("exhausted", "move", 0.5),
    ("grappled", "check.dex", -2), ("cowering", "ac", -2), ("stunned", "ac", -2),
    ("pinned", "ac", -4), ("fascinated", "skill.reaction", -4), ("broken", "attack", -2),
    ("broken", "damage", -2), ("disabled", "move", 0.5),
]


@pytest.mark.parametrize("cond, key, total", CONDITION_NUMBERS)
def test_condition_numbers(cond, key, total):
    res = effective(cond)
    bd = res["details"][key]
    assert bd["total"] == total
    assert all(l["source"] == cond for l in bd["lines"])
    assert {l["rule"] for l in bd["lines"]} <= {COND, "ext.pf1.modifier-tables", "ext.pf1.hp-dying"}


# (condition, flag key of `effective`)
CONDITION_FLAGS = [
    ("blinded", "deny.dex_ac"), ("cowering", "deny.dex_ac"), ("stunned", "deny.dex_ac"),
    ("pinned", "deny.dex_ac"), ("helpless", "deny.dex_score"), ("paralyzed", "deny.dex_score"),
    ("paralyzed", "deny.str_score"), ("unconscious", "deny.dex_score"), ("dying", "deny.dex_score"),
    ("petrified", "forbid.actions"), ("stable", "forbid.actions"), ("dead", "forbid.actions"),
    ("dazed", "forbid.actions"), ("stunned", "forbid.actions"), ("cowering", "forbid.actions"),
    ("fascinated", "forbid.actions"), ("confused", "forbid.aoo"), ("grappled", "forbid.aoo"),
    ("grappled", "forbid.move"), ("nauseated", "forbid.attack"), ("nauseated", "forbid.spell"),
    ("nauseated", "forbid.action.standard"), ("staggered", "forbid.action.both"),
    ("staggered", "forbid.action.full_round"), ("entangled", "forbid.run"), ("fatigued", "forbid.charge"),
    ("incorporeal", "immune.critical"), ("pinned", "forbid.spell.somatic"), ("panicked", "forbid.attack"),
]


@pytest.mark.parametrize("cond, key", CONDITION_FLAGS)
def test_condition_flags(cond, key):
    res = effective(cond)
    rules = {l["rule"] for l in res["details"][key]["lines"]}
    assert rules & {COND, "ext.pf1.modifier-tables", "ext.pf1.hp-dying", "pf1.flat-footed.dex"}


def test_the_whole_pf1_condition_list_is_there():
    names = ("bleed blinded broken confused cowering dazed dazzled dead deafened disabled dying "
             "energy_drained entangled exhausted fascinated fatigued flat_footed frightened grappled "
             "helpless incorporeal invisible nauseated panicked paralyzed petrified pinned prone "
             "shaken sickened stable staggered stunned unconscious").split()
    from mischia.ruleset import get_ruleset
    pf1 = get_ruleset("pf1")
    assert set(names) <= set(pf1.conditions)
    assert all(pf1.conditions[n].name for n in names)


def test_effective_sheet_numbers_under_conditions():
    stats = {"bab": 4, "str_mod": 3, "dex_mod": 2, "armour": 5, "fort": 4, "ref": 4, "will": 1}
    res = effective("entangled", "shaken", stats=stats)
    d = res["details"]
    assert d["pf1.ac"]["total"] == 10 + 5 + 2 - 2
    assert d["pf1.ac.touch"]["total"] == 10
    assert d["pf1.cmb"]["total"] == 4 + 3 - 2 - 2         # entangled −2 attack, shaken −2
    assert d["pf1.cmd"]["total"] == 10 + 4 + 3 + 2 - 2
    assert d["pf1.initiative"]["total"] == 2 - 2 - 2       # Dex, entangled Dex −2, shaken check −2
    assert d["pf1.save.reflex"]["total"] == 4 - 2 - 2
    helpless = effective("unconscious", stats=stats)["details"]
    assert helpless["pf1.ac"]["total"] == 10 + 5 - 5
    assert helpless["pf1.cmd"]["total"] == 10 + 4 + 3 - 5


def test_stages_are_checked():
    with pytest.raises(InputError) as err:
        effective({"id": "energy_drained", "stage": 99})
    assert err.value.field == "condition.stage" and 40 in err.value.allowed
    with pytest.raises(InputError) as err:
        effective("energy_drained")
    assert err.value.field == "condition.stage"


def test_effective_ac_against_melee_and_ranged_when_prone():
    rule = "ext.pf1.modifier-tables"
    d = effective("prone", stats={"armour": 2, "dex_mod": 1})["details"]
    assert d["pf1.ac"]["total"] == 13
    assert d["pf1.ac.vs_melee"]["total"] == 9 and d["pf1.ac.vs_ranged"]["total"] == 17
    assert [l["rule"] for l in d["pf1.ac.vs_melee"]["lines"] if l.get("source") == "prone"] == [rule]
