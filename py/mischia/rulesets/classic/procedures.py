"""classic procedures: initiative, surprise, movement and the action economy.

The part of the ``classic`` ruleset (seed 000) that is not the attack
pipeline: the queries ``initiative`` (initiative factor, lower first),
``surprise`` (the d100 check), ``movement`` (hexes with the 1-hex minimum,
complex actions with a half move) and ``actions`` (attacks of opportunity,
picking up objects, close combat). The data lives in small modules:

* ``proc_tables``     stats, options (AMB-01/24/25/26/27/28), sizes, actions
* ``proc_conditions`` conditions ``surprised``, ``grappling``, ``picking_up``;
                      situations ``attack_of_opportunity``,
                      ``outside_attack_on_grapple``
* ``proc_initiative``, ``proc_surprise``, ``proc_movement``, ``proc_actions``,
  ``proc_aoo``, ``proc_grapple``: the procedures themselves.

Stats read (ranges in ``STATS``): ``move`` (hexes per round), ``dex``
(Dexterity score), ``reaction_adjustment`` and ``surprise_modifier`` (points
of the surprise check, from the sheet's Dexterity and Wisdom tables).
"""

from __future__ import annotations

from .proc_actions import actions as _actions
from .proc_conditions import CONDITIONS, SITUATIONS
from .proc_initiative import initiative as _initiative
from .proc_movement import movement as _movement
from .proc_surprise import surprise as _surprise
from .proc_tables import OPTIONS, STATS

RULE_IDS = {}

__all__ = ["CONDITIONS", "SITUATIONS", "OPTIONS", "STATS", "RULE_IDS", "ClassicProcedures"]


class ClassicProcedures:
    """query_* methods owned by the procedures: initiative, surprise,
    movement, actions. Surprise in classic is a per-creature check, not a
    surprise round (``surprise_style``)."""

    surprise_style = "check"

    def query_initiative(self, q, rng):
        return _initiative(self, q, rng)

    def query_surprise(self, q, rng):
        return _surprise(self, q, rng)

    def query_movement(self, q, rng):
        return _movement(self, q, rng)

    def query_actions(self, q, rng):
        return _actions(self, q, rng)
