"""d20pl cover, concealment and flanking drawn on a grid of 1.5 m squares
(seed 003 *Osłona*, *Ukrycie*, *Flankowanie*; RULES.md §3.15–3.17)."""

import pytest
from hypothesis import given, strategies as st

from mischia.queries import run
from mischia.rulesets.d20pl.combat_grid import (Field, block, concealment, cover, distance,
                                                 flanking, hide_check, situation, through)

ME, FOE = block(0, 0), block(4, 0)


def walls(*squares):
    return Field(walls=frozenset(squares))


# --- cover -------------------------------------------------------------------------
@pytest.mark.parametrize("fld, expected", [
    (Field(), "none"),
    (walls((2, 0)), "partial"),                                  # one line is blocked
    (walls((2, -1), (2, 0), (2, 1)), "total"),                   # no line of effect
    (walls((2, 3)), "none"),                                     # out of the way
    (Field(creatures=frozenset({(2, 0)})), "soft"),              # a creature in the way
])
def test_ranged_cover_from_the_best_corner(fld, expected):
    rule = "d20pl.cover.ranged"
    found = cover(fld, ME, FOE, "ranged")
    assert found.choice == expected and rule in found.rules


def test_soft_cover_is_from_creatures_against_ranged_attacks_only():
    rule = "d20pl.cover.soft"
    fld = Field(creatures=frozenset({(2, 0)}))
    assert cover(fld, ME, FOE, "ranged").rules[-1] == rule
    assert cover(fld, ME, FOE, "melee").choice == "none"           # reach melee: no soft cover


def test_total_cover_rule_named():
    rule = "d20pl.cover.total"
    assert rule in cover(walls((2, -1), (2, 0), (2, 1)), ME, FOE).rules


def test_melee_adjacent_cover_only_through_walls():
    rule = "d20pl.cover.melee-adjacent"
    diagonal = cover(walls((1, 0)), block(0, 0), block(1, 1), "melee")
    assert diagonal.choice == "partial" and rule in diagonal.rules
    crowd = Field(creatures=frozenset({(1, 0)}))
    assert cover(crowd, block(0, 0), block(1, 1), "melee").choice == "none"
    assert cover(Field(low=frozenset({(1, 0)})), block(0, 0), block(1, 1), "melee").choice == "partial"


def test_melee_against_a_non_adjacent_target_uses_the_ranged_rules():
    rule = "d20pl.cover.melee-non-adjacent"
    found = cover(walls((1, 0)), block(0, 0), block(2, 0), "melee")
    assert found.choice == "partial" and rule in found.rules


def test_big_creatures_pick_any_square_for_melee_cover():
    rule = "d20pl.cover.big-creatures"
    # a Medium attacker at (0,0) has the wall at (1,0) in the way to (1,1)…
    assert cover(walls((1, 0)), block(0, 0), block(1, 1), "melee").choice == "partial"
    # …a Large one also standing on (0,1) picks that square: no cover
    found = cover(walls((1, 0)), block(0, 0, 1, 2), block(1, 1), "melee")
    assert found.choice == "none" and rule in found.rules


@pytest.mark.parametrize("low, target, expected", [
    ((3, 0), FOE, "partial"),            # next to the target
    ((1, 0), FOE, "none"),               # the attacker is closer to it than the target
    ((3, 0), block(12, 0), "none"),      # more than 9 m (6 squares) from the target
])
def test_low_obstacles(low, target, expected):
    rule = "d20pl.cover.low-obstacle"
    found = cover(Field(low=frozenset({low})), ME, target)
    assert found.choice == expected and rule in found.rules


def test_cover_hide_and_concealment_hide():
    assert hide_check("partial").choice == "yes" and hide_check("partial").rules == ("d20pl.cover.hide",)
    assert hide_check("none", "partial").rules == ("d20pl.conceal.hide",)
    assert hide_check("soft").choice == "no" and hide_check("soft").rules == ("d20pl.cover.soft",)
    assert hide_check().choice == "no"


# --- concealment -------------------------------------------------------------------------
@pytest.mark.parametrize("squares, expected", [
    ({}, "none"), ({(4, 0): "partial"}, "partial"), ({(2, 0): "total"}, "total"),
    ({(2, 0): "partial", (2, 1): "partial"}, "partial"), ({(2, 5): "total"}, "none"),
])
def test_ranged_concealment(squares, expected):
    rule = "d20pl.conceal.ranged"
    found = concealment(Field(concealing=squares), ME, FOE)
    assert found.choice == expected and found.rules == (rule,)


def test_melee_adjacent_concealment_needs_the_whole_space_concealed():
    rule = "d20pl.conceal.melee-adjacent"
    fog = {(1, 0): "partial"}
    assert concealment(Field(concealing=fog), ME, block(1, 0), "melee") .choice == "partial"
    half = concealment(Field(concealing=fog), ME, block(1, 0, 2), "melee")
    assert half.choice == "none" and half.rules == (rule,)


def test_melee_against_a_non_adjacent_target_uses_ranged_concealment():
    rule = "d20pl.conceal.melee-non-adjacent"
    found = concealment(Field(concealing={(1, 0): "partial"}), ME, block(2, 0), "melee")
    assert found.choice == "partial" and found.rules == (rule,)


# --- flanking ------------------------------------------------------------------------------
@pytest.mark.parametrize("attacker, ally, defender, expected", [
    (block(-1, 0), block(1, 0), block(0, 0), "yes"),        # opposite borders
    (block(-1, -1), block(1, 1), block(0, 0), "yes"),       # opposite corners
    (block(-1, 0), block(1, 1), block(0, 0), "no"),         # left and top: not opposite
    (block(-1, 0), block(0, 1), block(0, 0), "no"),
])
def test_flanking_geometry(attacker, ally, defender, expected):
    rule = "d20pl.flank.geometry"
    found = flanking(attacker, ally, defender)
    assert found.choice == expected and rule in found.rules
    if expected == "yes":
        assert "d20pl.flank.bonus" in found.rules


def test_big_flankers_use_any_of_their_squares():
    rule = "d20pl.flank.big-creatures"
    ogre = block(1, -1, 2)                 # a Large ally at (1,-1)…(2,0)
    found = flanking(block(-1, 0), ogre, block(0, 0), 1.5, 3)
    assert found.choice == "yes" and rule in found.rules


def test_only_a_threatening_ally_flanks():
    rule = "d20pl.flank.must-threaten"
    found = flanking(block(-1, 0), block(2, 0), block(0, 0))      # ally 3 m away, reach 1.5
    assert found.choice == "no" and found.rules == (rule,)
    assert flanking(block(-1, 0), block(2, 0), block(0, 0), 1.5, 3).choice == "yes"


def test_reach_zero_cannot_flank():
    rule = "d20pl.flank.reach-zero"
    assert flanking(block(0, 0), block(1, 0), block(0, 0), 0).rules == (rule,)
    assert flanking(block(-1, 0), block(1, 0), block(0, 0), 1.5, 0).choice == "no"


def test_the_grid_feeds_an_attack_query():
    fld = Field(walls=frozenset({(2, 0)}), concealing={(4, 0): "partial"})
    sit = situation(fld, block(3, 0), FOE, "melee", allies=[(block(5, 0), 1.5)])
    assert sit["toggles"] == ["flanking"] and sit["choices"] == {"concealment": "partial"}
    assert sit["numbers"]["distance"] == 1.5
    res = run("attack", {"ruleset": "d20pl", "attacker": {"stats": {"bab": 2}},
                         "situation": sit, "rolls": {"d20": 9, "miss": 50, "damage": [3]}})
    assert res["attack"]["total"] == 4 and res["verdict"] == "hit" and res["miss_chance"] == 20


def test_distance_counts_every_second_diagonal_double():
    assert distance(block(0, 0), block(1, 1)) == 1.5
    assert distance(block(0, 0), block(2, 2)) == 4.5
    assert distance(block(0, 0), block(3, 0)) == 4.5


@given(st.integers(-4, 4), st.integers(-4, 4), st.integers(-4, 4), st.integers(-4, 4),
       st.integers(-3, 3), st.integers(-3, 3))
def test_lines_are_symmetric(x0, y0, x1, y1, sx, sy):
    assert through((x0, y0), (x1, y1), {(sx, sy)}) == through((x1, y1), (x0, y0), {(sx, sy)})


@given(st.integers(-3, 3), st.integers(-3, 3))
def test_a_wall_never_gives_less_cover_than_nothing(wx, wy):
    grades = ("none", "soft", "partial", "total")
    wall = (wx, wy)
    if wall in ME or wall in FOE:
        return
    assert grades.index(cover(walls(wall), ME, FOE).choice) >= grades.index(cover(Field(), ME, FOE).choice)
