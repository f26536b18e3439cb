"""d20pl procedures: the non-attack queries of seed 003 and the data behind them.

``D20plProcedures`` answers ``initiative``, ``surprise``, ``damage``, ``heal``,
``turn``, ``save``, ``concentration``, ``movement`` and ``actions``; each
method validates its payload and delegates to a small module:

* ``proc_sequence`` — combat sequence, Los's order, the no-GM post rotation,
  duels, SRD initiative (ext), surprise round and passive perception;
* ``proc_hp`` / ``proc_hp_data`` — hit points, disabled, mortal danger, dying,
  stabilising, healing (AMB-37…41, ext dying HP loss);
* ``proc_saves`` — Fortitude / Reflex / Will;
* ``proc_movement`` — the speed table by size and load, movement modes;
* ``proc_actions`` / ``proc_actions_table`` / ``proc_actions_query`` —
  action types, the actions table, round bundles, the ``actions`` query; ``proc_aoo`` — attacks of opportunity, threatened
  area by size;
* ``proc_casting`` — casting, components, concentration checks.

Stats read (declared in ``STATS``, ranges there): ability scores ``str dex
con int wil cha`` (``wil`` = Willpower, *siła woli*, used by Will saves) and
their modifiers ``str_mod`` … ``cha_mod``; base saves ``base_fort``,
``base_ref``, ``base_will``; ``bab`` (base attack bonus, footnote 4 of the
actions table); ``concentration`` (Concentration skill modifier); ``speed``
(a racial speed in metres overriding the size table). Traits read: ``epic``
(epic hero: death saves), ``improved_initiative`` (ext initiative),
``two_weapon_fighting`` and ``sleight_of_hand`` (actions table footnote 4,
hidden weapons), ``improved_unarmed_strike`` / ``natural_weapons`` (armed
unarmed attacks and attacks of opportunity). There is no Combat Reflexes:
the seed allows one attack of opportunity per round.
"""

from __future__ import annotations

from ...result import Result
from . import (proc_actions, proc_actions_query, proc_aoo, proc_casting, proc_hp, proc_hp_data,
               proc_movement, proc_saves, proc_sequence)

CONDITIONS = {**proc_hp_data.CONDITIONS, **proc_sequence.CONDITIONS, **proc_casting.CONDITIONS}
SITUATIONS = {}
OPTIONS = {**proc_hp_data.OPTIONS, **proc_saves.OPTIONS, **proc_sequence.OPTIONS,
           **proc_movement.OPTIONS, **proc_actions.OPTIONS, **proc_aoo.OPTIONS}
STATS = {**proc_saves.STATS, **proc_movement.STATS, **proc_casting.STATS, "bab": (0, 60)}
RULE_IDS = {}


class D20plProcedures:
    """query_* methods of the d20pl ruleset (mixed into ``D20pl``)."""

    # --- sequence --------------------------------------------------------
    def query_initiative(self, q, rng) -> Result:
        """Los's order, the no-GM post rotation, duels; SRD d20 + Dex as an option."""
        return proc_sequence.initiative(self, q, rng)

    def query_surprise(self, q, rng) -> Result:
        """Awareness → surprise round; surprised/flat-footed; passive perception dodge."""
        return proc_sequence.surprise(self, q, rng)

    # --- hit points ------------------------------------------------------
    def query_damage(self, q, rng) -> Result:
        """Damage through the hit-point machine: new HP state, events, saves to ask."""
        return proc_hp.damage(self, q, rng)

    def query_heal(self, q, rng) -> Result:
        """Healing (capped at full), a Heal check to stabilise, or ability rest."""
        return proc_hp.heal(self, q, rng)

    def query_turn(self, q, rng) -> Result:
        """Start-of-turn rolls below 0 HP: unconsciousness/death saves, stabilising."""
        return proc_hp.turn(self, q, rng)

    # --- saves -----------------------------------------------------------
    def query_save(self, q, rng) -> Result:
        """d20 + base save + attribute modifier (+ conditions) against a DC."""
        return proc_saves.save_query(self, q, rng)

    # --- movement ----------------------------------------------------------
    def query_movement(self, q, rng) -> Result:
        """Speed from the size × load table and the distance of a movement mode."""
        return proc_movement.movement(self, q, rng)

    # --- casting -----------------------------------------------------------
    def query_concentration(self, q, rng) -> Result:
        """Components (deafened 20% verbal failure, free hand…) and the Concentration check."""
        return proc_casting.concentration(self, q, rng)

    # --- actions and attacks of opportunity -----------------------------------
    def query_actions(self, q, rng) -> Result:
        """The actions table, one action, the round's budget, an attack of opportunity."""
        return proc_actions_query.actions_query(self, q, rng)

    # --- the effective sheet -----------------------------------------------
    def effective_extra(self, creature, mods, ctx) -> dict:
        """Ability scores at 25% while disabled, after whatever the other mixins add."""
        parent = getattr(super(), "effective_extra", None)
        out = dict(parent(creature, mods, ctx)) if parent else {}
        out.update(proc_saves.attribute_sheet(creature, ctx))
        return out
