"""d20pl speed table and movement modes (seed 003 "Szybkość", "Akcje ruchu")."""

import pytest

from mischia.errors import InputError
from mischia.queries import run


def move(size="medium", **payload):
    payload.setdefault("ruleset", "d20pl")
    payload.setdefault("creature", {"size": size})
    return run("movement", payload)


def line(bd, rule):
    for item in bd["lines"]:
        if item["rule"] == rule:
            return item
    raise KeyError(rule)


SPEEDS = [  # (rule, size, base, light, medium, heavy) — the seed's table
    ("d20pl.speed.fine", "fine", 2, 1.6, 1.25, 1),
    ("d20pl.speed.diminutive", "diminutive", 3, 2.4, 2, 1.5),
    ("d20pl.speed.tiny", "tiny", 4, 3.2, 2.5, 2),
    ("d20pl.speed.small", "small", 5, 4, 3.25, 2.5),
    ("d20pl.speed.medium", "medium", 6, 4.8, 4, 3),
    ("d20pl.speed.large", "large", 8, 6.4, 5.25, 4),
    ("d20pl.speed.huge", "huge", 12, 9.6, 8, 6),
    ("d20pl.speed.gargantuan", "gargantuan", 15, 12, 10, 7.5),
    ("d20pl.speed.colossal", "colossal", 18, 14.4, 12, 9),
]


@pytest.mark.parametrize("rule,size,base,light,medium,heavy", SPEEDS)
def test_speed_table_by_size_and_load(rule, size, base, light, medium, heavy):
    for load, expected in (("none", base), ("light", light), ("medium", medium), ("heavy", heavy)):
        res = move(size, load=load)
        assert res["value"]["distance"] == expected
        assert line(res["breakdown"], rule)["value"] == expected


@pytest.mark.parametrize("choice,speed", [("worse-of-load-and-armour", 4), ("load-only", 4.8)])
def test_amb42_armour_column(choice, speed):
    res = move(load="light", armour="medium", options={"speed_armour": choice})
    assert res["value"]["speed"] == speed
    assert res["details"]["speed"]["rule"] == "d20pl.speed.basis"


def test_speed_basis_racial_speed_replaces_the_table():
    res = move(creature={"size": "small", "stats": {"speed": 6}})
    assert res["value"]["distance"] == 6
    assert line(res["breakdown"], "d20pl.speed.basis")["reason"] == "race"


@pytest.mark.parametrize("mode,armour,rule,distance", [
    ("move", "none", "d20pl.move.move-action", 6),
    ("double", "none", "d20pl.move.double", 12),
    ("run", "none", "d20pl.move.run", 24),
    ("run", "heavy", "d20pl.move.run", 9),      # heavy armour: column 3 m, ×3
    ("climb", "none", "d20pl.move.climb", 1.2),
    ("swim", "none", "d20pl.move.swim", 1.5),
    ("crawl", "none", "d20pl.move.crawl", 1.2),
    ("short_step", "none", "d20pl.move.short-step", 1.2),
    ("no_distance_step", "none", "d20pl.move.no-distance-step", 1.2),
    ("withdraw", "none", "d20pl.action.withdraw", 12),
])
def test_movement_modes(mode, armour, rule, distance):
    res = move(mode=mode, armour=armour)
    assert res["value"]["distance"] == distance and res["value"]["rule"] == rule
    assert line(res["breakdown"], rule)["value"] == pytest.approx(distance - res["value"]["speed"])


def test_run_is_full_round_straight_line_and_loses_dex_to_the_dodge_test():
    v = move(mode="run")["value"]
    assert v["action"] == "full-round" and v["straight_line"] and v["deny"] == {"dex_dodge_test": "d20pl.move.run"}
    assert v["short_step_allowed"] is False


def test_short_step_does_not_provoke_but_crawling_does():
    assert move(mode="short_step")["value"]["provokes"] == "no"
    crawl = move(mode="crawl")["value"]
    assert crawl["provokes"] == "any-point" and crawl["provokes_rule"] == "d20pl.move.crawl"
    assert move(mode="move")["value"]["short_step_allowed"] is False


@pytest.mark.parametrize("choice,step", [("fifth-of-speed", 1.2), ("1.5m", 1.5)])
def test_amb43_short_step_size(choice, step):
    res = move(mode="short_step", options={"short_step": choice})
    assert res["value"]["distance"] == step
    big = move("large", mode="short_step", options={"short_step": choice})
    assert big["value"]["distance"] == (1.6 if choice == "fifth-of-speed" else 1.5)


def test_wanted_distance_fits_or_not():
    res = move(mode="double", distance=10)
    assert res["value"]["fits"] is True and res["details"]["remaining"] == 2
    assert move(distance=7)["value"]["fits"] is False


def test_bad_movement_input_names_the_field():
    with pytest.raises(InputError) as err:
        move(load="enormous")
    assert err.value.field == "load" and "heavy" in err.value.allowed
    with pytest.raises(InputError) as err:
        move(mode="teleport")
    assert err.value.field == "mode"
    with pytest.raises(InputError) as err:
        move(creature={"stats": {"speed": -3}})
    assert err.value.field == "creature.stats.speed"
