"""d20pl action economy (*Akcje w walce*, *Rodzaje akcji*): one action, a round's budget.

``describe`` answers for one action of the table (``proc_actions_table``):
its type, whether it provokes an attack of opportunity and which rule
decided (footnotes 2, 3 and 6, the untrained hidden draw, defensive casting,
spell-like and racial abilities — AMB-47), whether leaving a threatened area
provokes as well (footnote 1), and its effects from the text rules (total
defence, fighting defensively, run, withdraw, casting).

``budget`` checks the actions used in a round against the bundles: 1
full-round action + Short step + free actions; 1 standard + 1 move + free
actions; 1 move + 1 move + free actions (AMB-44: "additional actions" are
free actions by default). Restricted activity (``limited``, the surprise
round, a disabled creature) allows one standard or one move action only.
"""

from __future__ import annotations

from ...errors import InputError
from ...model import OptionDef
from ...result import Prompt
from .proc_actions_table import (
    ACTIONS, ATTACK_ACTIONS, FN, LIMITED_AS_STANDARD, MOVING_FULL_ROUND, SRD_PROVOKES, WITH_MOVE)

TYPE_RULES = {
    "standard": "d20pl.action.standard", "move": "d20pl.action.move",
    "full-round": "d20pl.action.full-round", "free": "d20pl.action.free",
    "not-an-action": "d20pl.action.not-an-action", "misc": FN[7],
}
R_SLA = "d20pl.sla.casting"
R_SLA_DEFENSIVE = "d20pl.sla.defensive"
R_RACIAL = "d20pl.ability.racial"
R_DEFENSIVE = "d20pl.cast.defensive"
R_WITHDRAW_NEW = "d20pl.action.withdraw.new-threat"
R_RESTRICTED = "d20pl.action.restricted"
R_MOVE_FOR_STANDARD = "d20pl.action.move-for-standard"
R_FREE_STEP = "d20pl.action.free-short-step"
R_MOVE_ACTION = "d20pl.move.move-action"
R_FULL_ATTACK = "d20pl.action.full-attack"
R_DISABLED = "d20pl.hp.disabled.actions"
R_STRENUOUS = "d20pl.hp.disabled.strenuous"
R_MOVE_SAFE = "d20pl.hp.disabled.move-safe"

OPTIONS = {
    "actions_table": OptionDef(
        "actions_table", "d20pl.actions.std.bull-rush", "seed", ("seed", "srd"), amb="AMB-45",
        text="Bull rush does not provoke and mounting does (the seed), or the SRD 3.5 values"),
    "additional_actions": OptionDef(
        "additional_actions", "d20pl.action.round.move-move", "free", ("free", "bonus"), amb="AMB-44",
        text="'Additional actions' in a round are free actions (or bonus actions)"),
    "sla_provokes": OptionDef(
        "sla_provokes", R_SLA, "unless-exempt", ("unless-exempt", "table-usually"), amb="AMB-47",
        text="Spell-like abilities provoke unless their description says otherwise; racial "
             "abilities only if spell-like (or: the table's 'usually', decided by the GM)"),
}

# Effects the text rules give an action (targets as in docs/ENGINE.md).
EFFECTS = {
    "std.total-defence": (
        {"target": "check", "detail": "dodge_test", "value": 4, "type": "dodge", "duration": "1 round",
         "rule": "d20pl.action.total-defence"},
        {"target": "forbid", "detail": "aoo", "rule": "d20pl.action.total-defence"}),
    "full.run": (
        {"target": "deny", "detail": "dex_dodge_test", "rule": "d20pl.move.run"},
        {"target": "move", "value": "x4 (x3 heavy armour), straight line", "rule": "d20pl.move.run"}),
    "full.withdraw": (
        {"target": "move", "value": "x2", "rule": "d20pl.action.withdraw"},),
    "std.cast-spell": (
        {"note": "cast before or after a move action", "rule": "d20pl.cast.standard"},
        {"note": "takes effect immediately", "rule": "d20pl.cast.immediate"},
        {"note": "keeps the Dexterity bonus to Armour Class", "rule": "d20pl.cast.keep-dex"}),
    "full.cast-spell": (
        {"target": "forbid", "detail": "threaten", "rule": "d20pl.aoo.casting-no-threat"},
        {"note": "speak, gesture and concentrate until your next turn; losing concentration "
                 "loses the spell", "rule": "d20pl.cast.long-casting"},
        {"note": "otherwise as casting in a standard action", "rule": "d20pl.cast.full-round-other"}),
    "move.direct-spell": (
        {"note": "no concentration needed", "rule": "d20pl.action.direct-spell"},),
    "std.dismiss-spell": ({"note": "does not provoke", "rule": "d20pl.cast.dismiss"},),
    "std.concentrate-spell": (
        {"note": "breaking this concentration ends the spell", "rule": "d20pl.conc.maintain"},),
    "move.draw-weapon": ({"note": "stored in a backpack: a 'retrieve stored item' action",
                          "rule": "d20pl.action.draw-sheathe"},),
    "move.sheathe": ({"note": "also for weapon-like objects", "rule": "d20pl.action.draw-sheathe"},),
    "move.shield": ({"note": "strap on for the shield bonus to the Dodge test and AC, or unstrap "
                             "and drop it", "rule": "d20pl.action.shield"},),
    "move.mount": ({"note": "a move action", "rule": "d20pl.action.mount"},),
    "free.drop-item": ({"note": "into your space or an adjacent square",
                        "rule": "d20pl.action.drop-item"},),
    "free.drop-prone": ({"note": "in your space", "rule": "d20pl.action.drop-prone"},),
    "free.cease-concentration": ({"note": "ends concentration on an active spell",
                                  "rule": "d20pl.action.cease-concentration"},),
    "free.quickened-spell": ({"note": "free-action casting does not provoke",
                              "rule": "d20pl.cast.free-action-no-aoo"},),
    "std.stabilise-ally": ({"note": "Heal check DC 15 + the ally's hit points below 0",
                            "rule": "d20pl.hp.stabilise.heal"},),
    "full.full-attack": ({"note": "needed for more than one attack in a round", "rule": R_FULL_ATTACK},),
    "free.speak": ({"note": "also outside your turn; more than a few sentences is more than a free "
                            "action", "rule": "d20pl.action.speak"},),
    "std.special-ability": ({"note": "or a full-round action, or not an action, as its description "
                                     "says", "rule": "d20pl.action.special-ability"},),
    "std.skill-1-action": ({"note": "most move actions need no check, except movement skills",
                            "rule": "d20pl.action.move-skills"},),
}
FIGHT_DEFENSIVELY_FULL = (
    {"target": "attack", "value": -4, "rule": "d20pl.attack.fight-defensively.full"},
    {"target": "check", "detail": "dodge_test", "value": 2, "type": "dodge",
     "rule": "d20pl.attack.fight-defensively.full"})


def action_def(action_id, field="action"):
    if not isinstance(action_id, str) or action_id not in ACTIONS:
        raise InputError(field, f"unknown action {action_id!r}", tuple(ACTIONS))
    return ACTIONS[action_id]


def table_provokes(a, options) -> tuple:
    """(column value, rule) under the AMB-45 option."""
    if options["actions_table"] == "srd" and a.id in SRD_PROVOKES:
        return SRD_PROVOKES[a.id], a.rule
    return a.provokes, a.rule


def _gm(a, rule, text, prompts, suggestion):
    prompts.append(Prompt(rule, text, params={"action": a.id, "suggestion": suggestion}))
    return "gm", rule


def provokes(a, q, creature, options, prompts, depth=0) -> tuple:
    """(yes/no/gm, the rule that decided) for the action itself."""
    column, rule = table_provokes(a, options)
    p = q.payload
    if a.id == "std.attack-unarmed":
        if creature.has("improved_unarmed_strike") or creature.has("natural_weapons"):
            return "no", "d20pl.unarmed.armed"
        if p.get("target_armed") is not None and not _bool(q, "target_armed"):
            return "no", "d20pl.unarmed.provokes"
        return "yes", "d20pl.unarmed.provokes"
    if a.id == "std.draw-hidden-weapon":
        return ("no", rule) if creature.has("sleight_of_hand") else ("yes", rule)
    if a.id == "std.aid-another":
        aided = p.get("aided_action")
        if aided is None or depth:
            return _gm(a, FN[2], "Does the action you aid provoke? Then your aid provokes too",
                       prompts, "as the aided action")
        result, _ = provokes(action_def(aided, "aided_action"), q, creature, options, prompts, 1)
        return result, FN[2]
    if a.id == "std.sunder-object":
        held = p.get("object_held")
        if held is None:
            return _gm(a, FN[3], "Is the object held, carried or worn by a creature?", prompts, "yes")
        return ("yes" if _bool(q, "object_held") else "no"), FN[3]
    if a.id in ("std.cast-spell", "full.cast-spell") and _bool(q, "defensive"):
        return "no", R_DEFENSIVE
    if a.id == "std.spell-like":
        if options["sla_provokes"] == "table-usually":
            return _gm(a, rule, "Spell-like ability: usually provokes (the GM decides)", prompts, "yes")
        if _bool(q, "defensive"):
            return "no", R_SLA_DEFENSIVE
        return ("no" if _bool(q, "exempt") else "yes"), R_SLA
    if a.id == "std.racial-ability":
        if options["sla_provokes"] == "table-usually":
            return _gm(a, rule, "Racial ability: usually does not provoke (the GM decides)", prompts, "no")
        spell_like = _bool(q, "spell_like") and not _bool(q, "exempt")
        return ("yes", R_SLA) if spell_like else ("no", R_RACIAL)
    if a.id == "free.prepare-components" and _bool(q, "awkward"):
        return _gm(a, FN[6], "A very large or awkward component: not a free action (the GM decides)",
                   prompts, "no")
    if a.id == "move.draw-weapon" and _bool(q, "stored"):
        return "yes", "d20pl.action.draw-sheathe"
    if column in ("usually-yes", "usually-no"):
        return _gm(a, rule, f"{a.name}: {column.replace('-', ' ')} provokes (the GM decides)",
                   prompts, column.split("-")[1])
    if column == "varies":
        return _gm(a, FN[8], "Use a feat: see the feat's description", prompts, "as described")
    return column, rule


def _bool(q, key) -> bool:
    return q.flag(key, False)


def describe(a, q, creature, options, prompts, disabled=False) -> dict:
    result, why = provokes(a, q, creature, options, prompts)
    out = {**a.to_dict(), "type_rule": TYPE_RULES[a.type], "provokes": result,
           "provokes_rule": why, "table": table_provokes(a, options)[0],
           "effects": list(EFFECTS.get(a.id, ()))}
    if a.id == "full.full-attack" and _bool(q, "defensively"):
        out["effects"] += list(FIGHT_DEFENSIVELY_FULL)
        out["conditions"] = ["fighting_defensively"]
    if a.id == "std.total-defence":
        out["conditions"] = ["total_defence"]
    if _bool(q, "leaving_threatened"):
        out["movement_provokes"] = _leaving(a, q)
    if a.id.startswith("std.attack") and q.int("attacks", 1, 20, 1) > 1:
        out["notes"] = [{"rule": R_FULL_ATTACK, "note": "more than one attack needs a full attack"}]
        out["allowed"] = False
    if a.id in WITH_MOVE:
        out["with_move"] = creature.stat("bab") >= 1
        if a.id == "move.draw-weapon" and creature.has("two_weapon_fighting"):
            out["weapons_drawn"] = 2
    if a.type == "misc":
        out["replaces"] = "a melee attack"
    if disabled and a.type in ("standard", "move"):
        out["hp_cost"] = {"value": 1 if a.type == "standard" else 0,
                          "rule": R_STRENUOUS if a.type == "standard" else R_MOVE_SAFE}
    return out


def _leaving(a, q) -> dict:
    """Footnote 1: leaving a threatened area provokes, except the Short step and
    a withdrawal from the areas it started in (AMB-46)."""
    if a.id == "none.short-step":
        return {"provokes": "no", "rule": "d20pl.aoo.avoid"}
    if a.id == "full.withdraw":
        new_area = _bool(q, "new_threatened_area")
        safe = q.options["withdraw_safe_area"]
        if new_area or (safe == "first-square-only" and not _bool(q, "first_square")):
            return {"provokes": "yes", "rule": R_WITHDRAW_NEW}
        return {"provokes": "no", "rule": "d20pl.action.withdraw"}
    return {"provokes": "yes", "rule": FN[1]}


# ----- the round's budget -------------------------------------------------------------------

def budget(used_ids, creature, q, restricted, forbidden) -> dict:
    """Do the actions used fit one of the round's bundles? Returns the bundle,
    the errors (each with its rule) and what remains."""
    used = [action_def(u, f"used[{i}]") for i, u in enumerate(used_ids)]
    errors = []
    counts = {"standard": 0, "move": 0, "full-round": 0, "steps": 0}
    moved = any(a.id == "move.move" for a in used)
    draws = 0
    for i, a in enumerate(used):
        kind = a.type
        if restricted and a.id in LIMITED_AS_STANDARD:
            kind = "standard"
        if a.id in WITH_MOVE and moved and creature.stat("bab") >= 1 and not counts.get("combined"):
            counts["combined"] = 1          # footnote 4: rides along with the move
            continue
        if a.id == "move.draw-weapon":
            draws += 1
            if draws == 2 and creature.has("two_weapon_fighting"):
                continue                    # footnote 4: two weapons in one draw
        if kind in counts:
            counts[kind] += 1
        elif kind == "not-an-action":
            counts["steps"] += 1
        elif kind == "misc" and not any(u.id in ATTACK_ACTIONS for u in used):
            errors.append({"rule": FN[7], "action": a.id,
                           "message": "replaces a melee attack: take an attack, charge or full attack"})
        detail = {"standard": "action.standard", "move": "action.move",
                  "full-round": "action.full_round"}.get(kind)
        for key in (detail, "actions"):
            if key and key in forbidden:
                errors.append({"rule": forbidden[key][0].rule, "action": a.id, "message": "not allowed"})
    std, mv, full = counts["standard"], counts["move"], counts["full-round"]
    if restricted:
        bundle = "restricted"
        if full:
            errors.append({"rule": R_RESTRICTED, "message": "no full-round actions"})
        if std + mv > 1:
            errors.append({"rule": R_RESTRICTED, "message": "one standard or one move action only"})
    elif full:
        bundle = "full"
        if full > 1 or std or mv:
            errors.append({"rule": "d20pl.action.full-round", "message": "a full-round action "
                           "cannot be combined with a standard or move action"})
    else:
        bundle = "move+move" if mv >= 2 else "standard+move"
        if std > 1:
            errors.append({"rule": "d20pl.action.standard", "message": "one standard action per round"})
        if std + mv > 2:
            errors.append({"rule": R_MOVE_FOR_STANDARD, "message": "two move actions at most"})
    if "action.standard_and_move" in forbidden and std + mv > 1:
        errors.append({"rule": R_DISABLED, "message": "disabled: one move or one standard action"})
    if counts["steps"]:
        step_error = _step_error(used, counts["steps"])
        if step_error:
            errors.append(step_error)
    remaining = _remaining(bundle, std, mv, full, restricted, moved, used)
    out = {"bundle": bundle, "bundle_rule": BUNDLE_RULES[bundle], "valid": not errors,
           "errors": errors, "remaining": remaining, "counts": counts}
    if bundle == "move+move":
        out["substitution"] = {"rule": R_MOVE_FOR_STANDARD, "note": "a move action instead of the standard"}
    return out


BUNDLE_RULES = {"full": "d20pl.action.round.full", "standard+move": "d20pl.action.round.standard-move",
                "move+move": "d20pl.action.round.move-move", "restricted": R_RESTRICTED}


def _step_error(used, steps):
    if steps > 1:
        return {"rule": "d20pl.move.short-step", "message": "one Short step per round"}
    if any(a.id == "move.move" for a in used):
        return {"rule": R_MOVE_ACTION, "message": "no Short step in a round with a move action"}
    moving = [a.id for a in used if a.id in MOVING_FULL_ROUND]
    if moving:
        rule = {"full.run": "d20pl.move.run", "full.withdraw": "d20pl.action.withdraw"}.get(
            moving[0], "d20pl.action.full-round")
        return {"rule": rule, "message": "this full-round action allows no Short step"}
    return None


def _remaining(bundle, std, mv, full, restricted, moved, used) -> dict:
    if restricted:
        left = 1 - std - mv
        return {"standard": max(0, left), "move": max(0, left), "full-round": 0,
                "short_step": not moved and not any(a.type == "not-an-action" for a in used)}
    if full:
        return {"standard": 0, "move": 0, "full-round": 0,
                "short_step": not any(a.id in MOVING_FULL_ROUND or a.type == "not-an-action" for a in used)}
    return {"standard": 1 - std if std + mv < 2 else 0, "move": max(0, 2 - std - mv) if std <= 1 else 0,
            "full-round": 1 if not (std or mv) else 0,
            "short_step": not moved and not any(a.type == "not-an-action" for a in used)}
