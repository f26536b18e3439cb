"""d20pl attacks of opportunity (*Ataki okazyjne*) and the threatened area by size.

``threat_area`` reads the seed's table (*Ogromne i niewielkie istoty —
obszar zagrożenia*): space and threatened area by size, tall or long.
``opportunity`` answers "may this creature make an attack of opportunity
now?": is the target threatened (engaged in melee/grapple, or within the
area), did its action provoke (the actions table, leaving the area,
footnote 1), and what forbids the attack — a ranged weapon, an unarmed
creature that is not armed, the one attack per round already made, total
defence, full-round casting, the target's cover or total concealment. Each
answer names its rule; what the GM decides (engaged with another foe, an
invisible opponent) comes back as prompts.
"""

from __future__ import annotations

from ...errors import InputError
from ...model import OptionDef
from ...result import Prompt

SHAPES = ("tall", "long")

# (size, shape or "") → (rule, space in metres, threatened area in metres)
THREAT_TABLE = {
    ("fine", ""): ("d20pl.threat.fine", 0.15, 0),               # pl: Filigranowy
    ("diminutive", ""): ("d20pl.threat.diminutive", 0.3, 0),    # pl: Drobny
    ("tiny", ""): ("d20pl.threat.tiny", 0.75, 0),               # pl: Malutki
    ("small", ""): ("d20pl.threat.small", 1.5, 1.5),            # pl: Mały
    ("medium", ""): ("d20pl.threat.medium", 1.5, 1.5),          # pl: Normalny
    ("large", "tall"): ("d20pl.threat.large-tall", 3, 3),       # pl: Duży (wysoki)
    ("large", "long"): ("d20pl.threat.large-long", 3, 1.5),     # pl: Duży (długi)
    ("huge", "tall"): ("d20pl.threat.huge-tall", 4.5, 4.5),     # pl: Wielki (wysoki)
    ("huge", "long"): ("d20pl.threat.huge-long", 4.5, 3),
    ("gargantuan", "tall"): ("d20pl.threat.gargantuan-tall", 6, 6),   # pl: Olbrzymi
    ("gargantuan", "long"): ("d20pl.threat.gargantuan-long", 6, 4.5),
    ("colossal", "tall"): ("d20pl.threat.colossal-tall", 9, 9),       # pl: Kolosalny
    ("colossal", "long"): ("d20pl.threat.colossal-long", 9, 6),
}

R_DEFINITION = "d20pl.aoo.definition"
R_ENGAGED = "d20pl.aoo.threatened.engaged"
R_SIZE = "d20pl.aoo.threatened.size"
R_TRIGGER = "d20pl.aoo.trigger"
R_RANGED = "d20pl.aoo.ranged-weapon"
R_LEAVING = "d20pl.aoo.leaving"
R_DISTRACTING = "d20pl.aoo.distracting"
R_EXCEPTIONS = "d20pl.aoo.exceptions"
R_SINGLE = "d20pl.aoo.single"
R_BONUS = "d20pl.aoo.bonus"
R_GM = "d20pl.aoo.gm-resolves"
R_ENGAGED_PENALTY = "d20pl.aoo.engaged-penalty"
R_COVER = "d20pl.aoo.cover"
R_CONCEALMENT = "d20pl.aoo.total-concealment"
R_CASTING = "d20pl.aoo.casting-no-threat"
R_TOTAL_DEFENCE = "d20pl.action.total-defence"
R_ARMED = "d20pl.unarmed.armed"
WIELDING = ("melee", "ranged", "unarmed")

OPTIONS = {
    "withdraw_safe_area": OptionDef(
        "withdraw_safe_area", "d20pl.action.withdraw.new-threat", "all-starting-areas",
        ("all-starting-areas", "first-square-only"), amb="AMB-46",
        text="Withdrawing: leaving every area that threatened you at the start is safe (or only "
             "the first square, as in the SRD)"),
}


def threat_area(size, shape="tall") -> dict:
    key = (size, shape if (size, shape) in THREAT_TABLE else "")
    if key not in THREAT_TABLE:
        raise InputError("shape", f"unknown shape {shape!r}", SHAPES)
    rule, space, reach = THREAT_TABLE[key]
    return {"size": size, "shape": key[1] or None, "space": space, "threatened_area": reach,
            "rule": rule}


def _flag(data, key, field) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InputError(f"{field}.{key}", "must be true or false")
    return value


def opportunity(threatener, forbidden, data, trigger, field="aoo") -> tuple:
    """(answer dict, prompts). ``forbidden`` are the threatener's ``forbid``
    flags (total defence forbids ``aoo``); ``trigger`` is the provoking
    action's description from ``proc_actions.describe`` (or None)."""
    if not isinstance(data, dict):
        raise InputError(field, "must be an object")
    shape = data.get("shape", "tall")
    if shape not in SHAPES:
        raise InputError(f"{field}.shape", f"unknown shape {shape!r}", SHAPES)
    area = threat_area(threatener.size, shape)
    wielding = data.get("wielding", "melee")
    if wielding not in WIELDING:
        raise InputError(f"{field}.wielding", f"unknown value {wielding!r}", WIELDING)
    used = data.get("used_this_round", 0)
    if isinstance(used, bool) or not isinstance(used, int) or not 0 <= used <= 10:
        raise InputError(f"{field}.used_this_round", "must be a whole number from 0 to 10")
    prompts, blocked = [], []

    engaged = _flag(data, "engaged", field)
    distance = data.get("distance")
    if engaged:
        threatened, why = True, R_ENGAGED
    elif distance is not None:
        if isinstance(distance, bool) or not isinstance(distance, (int, float)) or distance < 0:
            raise InputError(f"{field}.distance", "must be a number of metres ≥ 0")
        threatened, why = area["threatened_area"] > 0 and distance <= area["threatened_area"], R_SIZE
    else:
        threatened, why = area["threatened_area"] > 0, R_SIZE

    if wielding == "ranged":
        blocked.append({"rule": R_RANGED, "reason": "wielding a ranged weapon"})
    armed = threatener.has("improved_unarmed_strike") or threatener.has("natural_weapons")
    if wielding == "unarmed" and not armed:
        blocked.append({"rule": R_ARMED, "reason": "unarmed and not armed"})
    if used >= 1:
        blocked.append({"rule": R_SINGLE, "reason": "already made one this round"})
    if "aoo" in forbidden:
        blocked.append({"rule": forbidden["aoo"][0].rule, "reason": "no attacks of opportunity",
                        "source": forbidden["aoo"][0].source})
    elif _flag(data, "total_defence", field):
        blocked.append({"rule": R_TOTAL_DEFENCE, "reason": "in total defence"})
    if _flag(data, "casting_full_round", field):
        blocked.append({"rule": R_CASTING, "reason": "casting a full-round spell: threatens no area"})
        threatened, why = False, R_CASTING
    if _flag(data, "target_cover", field):
        blocked.append({"rule": R_COVER, "reason": "the target has cover"})
    if _flag(data, "target_total_concealment", field):
        blocked.append({"rule": R_CONCEALMENT, "reason": "the target has total concealment"})
    if _flag(data, "engaged_with_other", field):
        prompts.append(Prompt(R_ENGAGED_PENALTY, "Engaged with another opponent: the attack of "
                                                 "opportunity may fail or take a penalty (GM decides)"))
    if _flag(data, "target_invisible", field):
        prompts.append(Prompt(R_EXCEPTIONS, "The opponent is invisible: an exception the GM rules on"))

    provoked, provoked_rule = None, R_DEFINITION
    if trigger is not None:
        moving = trigger.get("movement_provokes")
        if moving and moving["provokes"] == "yes":
            leaving = moving["rule"] == "d20pl.actions.fn1"
            provoked, provoked_rule = True, R_LEAVING if leaving else moving["rule"]
        elif trigger["provokes"] == "yes":
            provoked, provoked_rule = True, R_DISTRACTING
        elif trigger["provokes"] == "gm":
            provoked, provoked_rule = None, trigger["provokes_rule"]
        else:
            provoked = False
            provoked_rule = moving["rule"] if moving else trigger["provokes_rule"]
    can = threatened and not blocked and provoked is not False
    answer = {**area, "threatened": threatened, "threatened_rule": why, "blocked_by": blocked,
              "provoked": provoked, "provoked_rule": provoked_rule,
              "trigger_rule": R_TRIGGER, "can_attack": can,
              "attack": {"kind": "one melee attack, once per round, optional",
                         "bonus": "the normal attack bonus", "rules": [R_SINGLE, R_BONUS, R_DEFINITION],
                         "also": "trip, disarm or grapple may replace it (footnote 7)"},
              "post": {"rule": R_GM, "note": "Los resolves it in his post: state in yours that you "
                                             "will attack, and whom"}}
    return answer, prompts
