"""The d20pl ``actions`` query: the whole table at a glance, or one action with
the round's budget and an attack of opportunity it may provoke.

Without ``action`` the answer is the overview: action types, the table rows
(under the AMB-45 option), the footnotes, the round bundles (AMB-44 names
the "additional actions"), a per-turn checklist and the threatened-area
table. With ``action`` it is ``proc_actions.describe``; ``used`` (the
actions already taken this round) is checked by ``proc_actions.budget``;
``aoo`` asks ``proc_aoo.opportunity`` whether a threatener may strike.
"""

from __future__ import annotations

from ...creature import Creature
from ...engine import active_modifiers, build_context, flags
from ...result import Result
from .proc_actions import (BUNDLE_RULES, FN, R_DISABLED, R_FREE_STEP, R_MOVE_FOR_STANDARD,
                           R_RESTRICTED, TYPE_RULES, action_def, budget, describe, table_provokes)
from .proc_actions_table import ACTIONS, EXTRA_ACTIONS, FOOTNOTES, LIMITED_AS_STANDARD, TABLE_IDS
from .proc_aoo import THREAT_TABLE, opportunity


def overview(options) -> dict:
    extra = "free actions" if options["additional_actions"] == "free" else "bonus actions"
    rows = []
    for key in TABLE_IDS + tuple(a.id for a in EXTRA_ACTIONS):
        a = ACTIONS[key]
        rows.append({**a.to_dict(), "provokes": table_provokes(a, options)[0]})
    return {
        "types": [{"type": t, "rule": r} for t, r in TYPE_RULES.items()],
        "table": rows,
        "footnotes": [{"rule": r, "text": t} for r, t in FOOTNOTES.items()],
        "bundles": [
            {"id": "full", "text": "1 full-round action + Short step + free actions",
             "rule": BUNDLE_RULES["full"]},
            {"id": "standard+move", "text": f"1 standard action + 1 move action + {extra}",
             "rule": BUNDLE_RULES["standard+move"], "additional": extra},
            {"id": "move+move",
             "text": f"1 move action (instead of the standard) + 1 move action + {extra}",
             "rule": BUNDLE_RULES["move+move"], "also": R_MOVE_FOR_STANDARD, "additional": extra},
            {"id": "restricted", "text": "1 standard or 1 move action + free actions; no full-round "
                                         "action", "rule": R_RESTRICTED},
        ],
        "checklist": [
            {"rule": "d20pl.round.duration", "text": "A round is about 6 seconds: on your turn take all "
                                                     "the actions you have"},
            {"rule": BUNDLE_RULES["full"], "text": "Choose a bundle: full-round, standard + move, or "
                                                   "move + move"},
            {"rule": R_FREE_STEP, "text": "A Short step only if you took no move action"},
            {"rule": "d20pl.action.free", "text": "Free actions: a reasonable number, as the GM allows"},
            {"rule": FN[1], "text": "Leaving a threatened area usually provokes an attack of opportunity"},
            {"rule": "d20pl.aoo.gm-resolves", "text": "Name the foe you will attack if it provokes: Los "
                                                      "resolves attacks of opportunity"},
            {"rule": "d20pl.action.move-skills",
             "text": "Move actions need no check, except movement skills"},
        ],
        "threat_table": [{"size": size, "shape": shape or None, "space": space, "threatened_area": reach,
                          "rule": rule} for (size, shape), (rule, space, reach) in THREAT_TABLE.items()],
    }


def actions_query(ruleset, q, rng) -> Result:
    """The actions table, one action (type, provokes, effects), the round's
    budget for ``used`` actions, and an attack of opportunity (``aoo``)."""
    creature = q.creature()
    ruleset.check_stats(creature)
    ctx = build_context(ruleset, q.options, {"self": creature})
    forbidden = flags(active_modifiers(ruleset, creature, ctx), "forbid")
    disabled = ctx.has("self.cond.disabled")
    restricted = disabled or q.flag("limited") or q.flag("surprise_round")
    prompts, details = [], {}
    action_id = q.payload.get("action")
    used = q.list("used")
    trigger = None
    if action_id is None:
        value = overview(q.options)
    else:
        a = action_def(action_id)
        trigger = value = describe(a, q, creature, q.options, prompts, disabled)
        if restricted and a.id in LIMITED_AS_STANDARD:
            value["type_when_limited"] = {"type": "standard", "rule": "d20pl.actions.fn5"}
        used = used + [action_id]
    if used:
        details["budget"] = budget(used, creature, q, restricted, forbidden)
        if action_id is not None:
            value["allowed"] = value.get("allowed", True) and details["budget"]["valid"]
    if restricted:
        details["restricted"] = {"rule": R_DISABLED if disabled else
                                 ("d20pl.seq.surprise-round.aware" if q.flag("surprise_round")
                                  else R_RESTRICTED)}
    if "aoo" in q.payload:
        data = q.payload["aoo"]
        who = Creature.from_dict(data.get("threatener", {}) if isinstance(data, dict) else {},
                                 "aoo.threatener")
        ruleset.check_stats(who, "aoo.threatener")
        who_ctx = build_context(ruleset, q.options, {"self": who})
        who_forbid = flags(active_modifiers(ruleset, who, who_ctx), "forbid")
        details["aoo"], more = opportunity(who, who_forbid, data, trigger)
        prompts += more
    return Result(value=value, details=details, prompts=tuple(prompts))
