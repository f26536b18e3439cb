"""pf1 actions in combat as data (PF1 Core Rulebook table "Actions in Combat").

Each ``ActionDef`` gives the action type, whether it provokes attacks of
opportunity (``True``, ``False`` or ``"maybe"``), the trait that stops it
provoking (Improved Trip …), the ``forbid`` details of conditions that bar it
(see ``conditions.py``) and whether it moves the creature (no 5-foot step
then).
"""

from __future__ import annotations

from dataclasses import dataclass

TYPES = ("standard", "move", "full_round", "swift", "immediate", "free", "none")


@dataclass(frozen=True)
class ActionDef:
    id: str
    type: str
    provokes: object = False
    unless: str = ""            # trait that stops it provoking
    blocked_by: tuple = ()      # forbid details that bar it
    moves: bool = False
    name: str = ""


def _a(id, type, provokes=False, unless="", blocked_by=(), moves=False):
    return ActionDef(id, type, provokes, unless, tuple(blocked_by), moves, id.replace("_", " "))


_MANEUVER = ("attack",)
_SPELL = ("spell",)
_MOVE = ("move",)

_LIST = (
    # standard actions
    _a("attack_melee", "standard", False, blocked_by=("attack",)),
    _a("attack_ranged", "standard", True, blocked_by=("attack", "attack.ranged")),
    _a("attack_unarmed", "standard", True, "improved_unarmed_strike", ("attack",)),
    _a("activate_magic_item", "standard"),
    _a("aid_another", "standard", "maybe"),
    _a("cast_spell", "standard", True, blocked_by=_SPELL),
    _a("channel_energy", "standard"),
    _a("concentrate_on_spell", "standard", blocked_by=("concentration",)),
    _a("dismiss_spell", "standard"),
    _a("draw_hidden_weapon", "standard"),
    _a("drink_potion", "standard", True),
    _a("escape_grapple", "standard"),
    _a("feint", "standard"),
    _a("light_torch_tindertwig", "standard", True),
    _a("lower_spell_resistance", "standard"),
    _a("read_scroll", "standard", True, blocked_by=_SPELL),
    _a("ready", "standard"),
    _a("stabilize_dying_friend", "standard", True),
    _a("total_defense", "standard"),
    _a("use_extraordinary_ability", "standard"),
    _a("use_skill", "standard", "maybe"),
    _a("use_spell_like_ability", "standard", True, blocked_by=_SPELL),
    _a("use_supernatural_ability", "standard"),
    _a("bull_rush", "standard", True, "improved_bull_rush", _MANEUVER),
    _a("dirty_trick", "standard", True, "improved_dirty_trick", _MANEUVER),
    _a("disarm", "standard", True, "improved_disarm", _MANEUVER),
    _a("drag", "standard", True, "improved_drag", _MANEUVER),
    _a("grapple", "standard", True, "improved_grapple", _MANEUVER),
    _a("reposition", "standard", True, "improved_reposition", _MANEUVER),
    _a("steal", "standard", True, "improved_steal", _MANEUVER),
    _a("sunder", "standard", True, "improved_sunder", _MANEUVER),
    _a("trip", "standard", True, "improved_trip", _MANEUVER),
    _a("overrun", "standard", True, "improved_overrun", _MANEUVER + _MOVE, moves=True),
    # move actions
    _a("move", "move", True, blocked_by=_MOVE, moves=True),
    _a("control_frightened_mount", "move", True),
    _a("direct_spell", "move"),
    _a("draw_weapon", "move"),
    _a("load_light_crossbow", "move", True),
    _a("open_door", "move"),
    _a("mount", "move"),
    _a("move_heavy_object", "move", True),
    _a("pick_up_item", "move", True),
    _a("sheathe_weapon", "move", True),
    _a("stand_up", "move", True, blocked_by=_MOVE),
    _a("ready_shield", "move"),
    _a("retrieve_stored_item", "move", True),
    _a("crawl", "move", True, blocked_by=_MOVE, moves=True),
    # full-round actions
    _a("full_attack", "full_round", blocked_by=("attack",)),
    _a("charge", "full_round", "maybe", blocked_by=("attack", "charge", "move"), moves=True),
    _a("coup_de_grace", "full_round", True, blocked_by=("attack",)),
    _a("escape_net", "full_round", True),
    _a("extinguish_flames", "full_round"),
    _a("light_torch", "full_round", True),
    _a("load_heavy_crossbow", "full_round", True),
    _a("prepare_splash_weapon", "full_round", True),
    _a("run", "full_round", True, blocked_by=("run", "move"), moves=True),
    _a("use_touch_spell_on_six", "full_round", True, blocked_by=_SPELL),
    _a("withdraw", "full_round", blocked_by=_MOVE, moves=True),
    # free, swift, immediate, no action
    _a("cease_concentration", "free"),
    _a("drop_item", "free"),
    _a("drop_prone", "free"),
    _a("prepare_components", "free"),
    _a("speak", "free"),
    _a("cast_quickened_spell", "swift", blocked_by=_SPELL),
    _a("cast_feather_fall", "immediate", blocked_by=_SPELL),
    _a("delay", "none"),
    _a("five_foot_step", "none", blocked_by=_MOVE, moves=True),
)

ACTION_TABLE = {a.id: a for a in _LIST}
