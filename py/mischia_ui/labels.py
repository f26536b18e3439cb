"""Human words for the engine's names: conditions, situations, stats,
breakdown lines, suppression reasons, units — always through gettext.

The engine speaks in ids (``hindered``, ``situation.flanking``,
``attack.bab``, rule IDs); screens call these functions and never show a
raw id except as the small rule-ID tag of a breakdown line.
"""

from __future__ import annotations

from mischia import reference

from .i18n import N_, _, current_language, pgettext


def humanize(key: str) -> str:
    """``damage.str.two-handed`` → ``Damage str two handed`` (last resort)."""
    words = key.replace("_", " ").replace("-", " ").replace(".", " ").split()
    return " ".join(words).capitalize() if words else key


def condition_name(ruleset, cid: str) -> str:
    """The condition's name in the words of the ruleset's own source (the
    ruleset id is the message context: classic's "Exhausted" is *Spossato*,
    pf1's *Esausto*)."""
    definition = ruleset.conditions.get(cid)
    return pgettext(ruleset.id, definition.name if definition is not None and definition.name
                    else humanize(cid))


def situation_name(ruleset, sid: str) -> str:
    definition = ruleset.situations.get(sid)
    return pgettext(ruleset.id, definition.name if definition is not None and definition.name
                    else humanize(sid))


def choice_name(choice, owner: str = "") -> str:
    """A choice of a situation, condition stage or option (``partial``,
    ``three-quarters``). Pass the owner's id (``cover``, ``concealment``, an
    option id) so the words can agree with it (Polish: *osłona częściowa*
    but *ukrycie częściowe*); without it the generic word is used."""
    text = humanize(str(choice))
    return pgettext(owner, text) if owner else _(text)


def status_label(status: str) -> str:
    """A hit-point state (``ok``, ``dying``, ``mortal_danger`` …)."""
    return _(STATUSES.get(status, humanize(status)))


def option_name(option_id: str) -> str:
    """A ruleset option's short name (``initiative_ties`` → "Initiative ties")."""
    return _(humanize(option_id))


def resource_label(resource: str) -> str:
    """What a combatant spends in a round (``aoo``, ``bonus_action`` …)."""
    return _(RESOURCES.get(resource, humanize(resource)))


def side_label(side: str) -> str:
    return _(SIDES.get(side, humanize(side)))


def log_text(ruleset, entry) -> str:
    """One log line (``LogEntry`` or its dict) in the current language: the
    key is the message id; a condition is named as ``condition_name`` names
    it and a hit-point status as ``status_label`` does."""
    key = entry["key"] if isinstance(entry, dict) else entry.key
    params = dict(entry["params"] if isinstance(entry, dict) else entry.params)
    if params.get("condition_id"):
        params["condition"] = condition_name(ruleset, params["condition_id"])
    if "status" in params:
        params["status"] = status_label(params["status"])
    if "resource" in params:
        params["resource"] = resource_label(params["resource"])
    if "option" in params:
        if "choice" in params:
            params["choice"] = choice_name(params["choice"], params["option"])
        params["option"] = option_name(params["option"])
    try:
        return _(key).format(**params)
    except (KeyError, IndexError, ValueError):
        return key


def stat_label(stat: str) -> str:
    return _(STATS.get(stat, humanize(stat)))


def source_label(ruleset, source: str) -> str:
    """``hindered:web`` → ``Hindered (web)``; ``situation.flanking`` → ``Flanking``."""
    if not source:
        return ""
    if source.startswith("situation."):
        return situation_name(ruleset, source.split(".", 1)[1])
    cid, _sep, cause = source.partition(":")
    name = condition_name(ruleset, cid)
    if cause in CAUSES:  # a cause the tracker itself writes, not the user's words
        cause = _(CAUSES[cause])
    return f"{name} ({cause})" if cause else name


def line_label(ruleset, line: dict) -> str:
    """What a breakdown line is, in words."""
    label = line.get("label", "")
    source = source_label(ruleset, line.get("source", ""))
    if label in LINES:
        text = _(LINES[label])
    elif reference.entry(label) is not None:
        text = source or rule_title(label)
        source = ""
    elif label.rsplit(".", 1)[-1] in STATS:  # save.base_fort, disabled.con, con_mod: the stat's words
        text = stat_label(label.rsplit(".", 1)[-1])
    else:
        text = _(humanize(label))
    return f"{text} · {source}" if source else text


def rule_title(rule_id: str) -> str:
    """A short title for a rule: the first clause of its reference text."""
    text = rule_text(rule_id)
    short = text.split(" — ")[0].split(". ")[0].split(": ")[0]
    return short if len(short) <= 60 else short[:57] + "…"


def rule_text(rule_id: str) -> str:
    return reference.text(rule_id, current_language())


def reason_label(reason: str) -> str:
    return _(REASONS.get(reason, humanize(reason)))


# English source texts of the common line labels the engine uses.
LINES = {
    "attack.bonus": "Attack bonus", "attack.bab": "Base attack bonus",
    "attack.str_mod": "Strength", "attack.dex_mod": "Dexterity",
    "ac.base": "Base", "ac.total": "Armour Class", "ac.armour": "Armour", "ac.shield": "Shield",
    "ac.dex_mod": "Dexterity", "ac.dex_ac": "Dexterity", "ac.shield_ac": "Shield",
    "ac.size_ac": "Size", "ac.natural": "Natural armour", "ac.deflection": "Deflection",
    "ac.dodge": "Dodge", "ac.ac_misc": "Other",
    "damage.dice": "Damage dice", "damage.bonus": "Damage bonus", "damage.str": "Strength",
    "damage.str.two-handed": "Strength ×1.5 (two hands)", "damage.str.off-hand": "Strength ×½ (off hand)",
    "damage.critical": "Critical hit", "damage.minimum": "Minimum damage", "damage.armour": "Armour",
    "advantage.cancel": "Advantage and disadvantage cancel",
    # lines of the resolve screen's answers (attack, concentration, movement, turn, close combat)
    "thac0": "THAC0", "ac": "Armour Class", "attack.proficiency": "Proficiency bonus",
    "confirm.d20": "Confirmation d20", "confirm.attack": "Attack bonus",
    "damage.flat": "Flat damage", "damage.dice_bonus": "Bonus on the die",
    "damage.critical.dice": "Critical hit: extra dice", "damage.critical.bonus": "Critical hit: bonuses again",
    "concentration.skill": "Concentration skill", "concentration.d20": "d20",
    "concentration.caster_level": "Caster level", "concentration.casting_mod": "Casting ability modifier",
    "check.critical_success": "Concentration check: critical success", "check.success": "Concentration check: success",
    "check.failure": "Concentration check: failure", "check.critical_failure": "Concentration check: critical failure",
    "dc.base": "Base DC", "dc.damage": "Damage taken", "dc.half-damage": "Half the damage",
    "dc.half_damage": "Half the damage", "dc.spell_level": "Spell level", "dc.defensive": "Casting defensively",
    "dc.injured": "Injured while casting", "dc.spell": "The other spell's DC", "dc.grappler_cmb": "Grappler's CMB",
    "save.d20": "d20", "save.con_mod": "Constitution modifier", "save.reflexes": "Reflex save",
    "save.robustness": "Robustness save", "dex.score": "Dexterity score",
    "speed": "Speed", "speed.base": "Speed", "speed.walk": "Walking speed", "speed.light": "Speed (light load)",
    "speed.medium": "Speed (medium load)", "speed.heavy": "Speed (heavy load)", "speed.racial": "Racial speed",
    "speed.half": "Half speed", "speed.changed": "Speed changed", "speed.forbidden": "Cannot move",
    "move.base": "Movement", "move.careful": "Moving carefully", "move.cost": "Cost of the move",
    "move.crawl": "Crawling", "move.difficult": "Difficult terrain", "move.distance": "Distance",
    "move.double": "Double move", "move.half": "Half a move", "move.over-budget": "Beyond the movement",
    "move.run": "Running", "move.short_step": "Short step", "move.squeeze": "Squeezing",
    "move.stand-up": "Standing up", "move.stand_up": "Standing up", "move.used": "Already moved",
    "move.minimum": "At least one hex", "move.step": "Step", "move.withdraw": "Withdrawing",
    "move.charge": "Charging", "move.move-action": "Move action", "move.forbidden": "Cannot move",
    "economy.action": "Action", "economy.bonus_action": "Bonus action", "economy.object": "Object interaction",
    "economy.reaction": "Reaction", "economy.blocked": "Not available", "aoo.base": "Attack of opportunity",
    "aoo.combat_reflexes": "Combat Reflexes", "aoo.forbidden": "No attacks of opportunity",
    "aoo.reach": "Reach", "break_free.helpers": "Helpers", "split.target": "To the target",
    "split.other": "To the other one",
}
REASONS = {
    "did-not-stack": "did not stack", "only-most-severe": "only the most severe applies",
    "cap": "cap reached", "denied": "denied", "cancelled": "cancelled", "touch": "touch attack",
    "floor": "minimum",
}
STATS = {
    "ac": "Armour Class", "thac0": "THAC0", "dex_ac": "Dex bonus to AC", "shield_ac": "Shield bonus to AC",
    "bab": "Base attack bonus", "str_mod": "Str modifier", "dex_mod": "Dex modifier",
    "con_mod": "Con modifier", "int_mod": "Int modifier", "wis_mod": "Wis modifier",
    "cha_mod": "Cha modifier", "wil_mod": "Willpower modifier",
    "str": "Strength", "dex": "Dexterity", "con": "Constitution", "int": "Intelligence",
    "wil": "Willpower", "cha": "Charisma", "armour": "Armour bonus", "shield": "Shield bonus",
    "natural": "Natural armour", "deflection": "Deflection", "dodge": "Dodge bonus",
    "ac_misc": "Other AC", "speed": "Speed (m)", "move": "Movement (hexes)",
    "proficiency": "Proficiency bonus", "passive_perception": "Passive Perception",
    # the rest of the stats the rulesets' combatant forms ask for
    "str_exceptional": "Exceptional Strength (%)", "str_hit": "Strength to-hit adjustment",
    "str_dmg": "Strength damage adjustment", "dex_missile": "Dex missile adjustment",
    "reaction_adjustment": "Reaction adjustment", "surprise_modifier": "Surprise modifier",
    "legs": "Legs", "fighter_level": "Fighter level",
    "save_reflexes": "Save: reflexes (%)", "save_robustness": "Save: robustness (%)",
    "save_mind": "Save: mind (%)", "save_courage": "Save: courage (%)",
    "save_paralysis": "Save: paralysis (%)", "save_breakage": "Save: breakage (%)",
    "con_save_adj": "Constitution save adjustment", "str_save_adj": "Strength save adjustment",
    "enhancement": "Weapon enhancement", "sneak_attack": "Sneak attack dice", "reach": "Reach (m)",
    "max_dex": "Armour max Dex", "base_fort": "Base Fortitude", "base_ref": "Base Reflex",
    "base_will": "Base Will", "concentration": "Concentration", "wounds": "Wounds",
    "cmb": "CMB", "cmd": "CMD", "caster_level": "Caster level", "casting_mod": "Casting ability modifier",
    "fort": "Fortitude", "ref": "Reflex", "will": "Will", "init_misc": "Other initiative modifiers",
    "barbarian_level": "Barbarian level", "rogue_level": "Rogue level",
    "acrobatics_ranks": "Acrobatics ranks", "spell_mod": "Spellcasting modifier",
    "str_save": "Strength save", "dex_save": "Dexterity save", "con_save": "Constitution save",
    "int_save": "Intelligence save", "wis_save": "Wisdom save", "cha_save": "Charisma save",
    "initiative": "Initiative bonus", "perception": "Perception", "stealth": "Stealth",
    "fly_speed": "Fly speed (m)", "climb_speed": "Climb speed (m)", "swim_speed": "Swim speed (m)",
    "burrow_speed": "Burrow speed (m)",
}
STATUSES = {
    "ok": "Fighting", "disabled": "Disabled", "staggered": "Staggered", "dying": "Dying",
    "mortal_danger": "Mortal danger", "stable": "Stable", "unconscious": "Unconscious",
    "down": "Down", "dead": "Dead",
}
SIDES = {"party": "Party", "foes": "Foes", "other": "Others"}
RESOURCES = {
    "aoo": "Attack of opportunity", "standard": "Standard action", "move": "Move action",
    "swift": "Swift action", "action": "Action", "bonus_action": "Bonus action", "reaction": "Reaction",
}
CAUSES = {"start-of-combat": "start of combat"}   # tracker.START


# The rules core's validation messages, in words of the user's language: each
# pattern of an English core message maps to a translatable template.
ERRORS = (
    (r"(?P<value>-?\d+) is not a result of a d(?P<sides>\d+): must be from 1 to (?P<high>\d+)",
     N_("{value} is not a result of a d{sides}: must be from 1 to {high}")),
    (r"(?P<value>-?[\d.]+) is out of range: must be from (?P<low>-?[\d.]+) to (?P<high>-?[\d.]+)",
     N_("{value} is out of range: must be from {low} to {high}")),
    (r"must be a whole number from (?P<low>-?\d+) to (?P<high>-?\d+)",
     N_("must be a whole number from {low} to {high}")),
    (r"must be a number from (?P<low>-?[\d.]+) to (?P<high>-?[\d.]+)",
     N_("must be a number from {low} to {high}")),
    (r"type the d(?P<sides>\d+) rolled, or let the app roll it", N_("type the d{sides} rolled, or let the app roll it")),
    (r"is longer than (?P<n>\d+) characters", N_("is longer than {n} characters")),
    (r"must not be empty", N_("must not be empty")),
    (r"must be a whole number", N_("must be a whole number")),
    (r"must be a number", N_("must be a number")),
    (r"must be text", N_("must be text")),
    (r"unknown field", N_("unknown field")),
    (r"is above the maximum", N_("is above the maximum")),
    (r"(?P<value>-?\d+) is below the minimum (?P<low>-?\d+)", N_("{value} is below the minimum {low}")),
)


def error_message(message: str) -> str:
    """A core ``InputError`` message in the current language (unchanged when
    no pattern knows it)."""
    import re
    for pattern, template in ERRORS:
        match = re.fullmatch(pattern, message or "")
        if match:
            return _(template).format(**match.groupdict())
    return message


# Traits the rules ask about (feats, abilities), named once for every form.
TRAITS = {
    "blind_fighting": N_("Blind Fighting"), "concentration": N_("Concentration"),
    "physical_vigour": N_("Physical vigour"), "incorporeal": N_("Incorporeal"),
    "anchored": N_("Anchored (cannot be knocked down)"), "crawler": N_("Crawler (no legs)"),
    "levitating": N_("Levitating"), "polearm": N_("Polearm"), "precise_shot": N_("Precise Shot"),
    "improved_unarmed_strike": N_("Improved Unarmed Strike"), "combat_reflexes": N_("Combat Reflexes"),
    "two_weapon_fighting": N_("Two-Weapon Fighting"), "darkvision": N_("Darkvision"), "epic": N_("Epic"),
    "sleight_of_hand": N_("Sleight of Hand"), "natural_weapons": N_("Natural weapons"),
    "crit_immune": N_("Immune to critical hits"), "hover": N_("Hover"),
    "proficient.str": N_("Proficient in Strength saves"), "proficient.dex": N_("Proficient in Dexterity saves"),
    "proficient.con": N_("Proficient in Constitution saves"),
    "proficient.int": N_("Proficient in Intelligence saves"),
    "proficient.wis": N_("Proficient in Wisdom saves"), "proficient.cha": N_("Proficient in Charisma saves"),
    "uncanny_dodge": N_("Uncanny Dodge"), "improved_initiative": N_("Improved Initiative"),
    "barbarian": N_("Barbarian"), "rogue": N_("Rogue"), "heavy_armour": N_("Heavy armour"),
    "weapon_finesse": N_("Weapon Finesse"), "agile_maneuvers": N_("Agile Maneuvers"),
    "see_invisibility": N_("See invisibility"), "true_seeing": N_("True seeing"),
}


def trait_label(trait: str) -> str:
    return _(TRAITS.get(trait, humanize(trait)))
