"""Form values → query payloads: what the resolve screen's forms send the engine.

The screens read text from inputs; this module turns it into the JSON payload
of a query (``mischia.queries.run``), per ruleset, and refuses bad text with
an ``InputError`` whose ``field`` is the payload path the engine itself would
name (``attack.bonus``, ``situation.numbers.distance``, ``rolls.d20`` …), so
one message slot per input serves both. Pure and stdlib only: tested on
CPython, run unchanged in the page.

Pieces:

* ``parse_int`` / ``parse_number`` / ``parse_dice`` — typed text to values;
* ``Field`` and ``read`` — small declarative specs of the extra inputs a
  ruleset's query reads (rendered generically by the UI);
* the attack form: ``situation_inputs``, ``SITUATION_NUMBERS``,
  ``WEAPON_TAGS``, ``creature_from_values``, ``attack_payload``,
  ``missing_roll``/``dice_needed`` (which die the engine still needs when the
  player types dice and leaves one out).

``forms_turn`` holds the casting, movement, action and attack-of-opportunity
forms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .creature import SIZES
from .dice import DiceExpr
from .errors import InputError
from .ruleset import get_ruleset

# ----- typed text --------------------------------------------------------------------

_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)$")


def _clean(text) -> str:
    if text is None:
        return ""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return str(text)
    if not isinstance(text, str):
        return ""
    return text.strip().replace("\u2212", "-")   # a typographic minus from some keyboards


def parse_int(text, field: str, low: int, high: int, required: bool = False):
    """A whole number from ``low`` to ``high``; "" gives None (or an error when required)."""
    raw = _clean(text)
    if not raw:
        if required:
            raise InputError(field, f"is required: a whole number from {low} to {high}")
        return None
    if not re.fullmatch(r"[+-]?\d+", raw):
        raise InputError(field, f"{raw!r} is not a whole number (from {low} to {high})")
    value = int(raw)
    if not low <= value <= high:
        raise InputError(field, f"{value} is out of range: must be from {low} to {high}")
    return value


def parse_number(text, field: str, low: float, high: float, required: bool = False):
    """A number (decimal comma or point) from ``low`` to ``high``; whole numbers stay ints."""
    raw = _clean(text)
    if not raw:
        if required:
            raise InputError(field, f"is required: a number from {low} to {high}")
        return None
    if not _NUMBER.match(raw):
        raise InputError(field, f"{raw!r} is not a number (from {low} to {high})")
    value = float(raw.replace(",", "."))
    if not low <= value <= high:
        raise InputError(field, f"{_plain(value)} is out of range: must be from {low} to {high}")
    return _plain(value)


def _plain(value):
    return int(value) if float(value).is_integer() else value


def parse_dice(text, field: str):
    """Dice typed at the table, "3 5" or "3, 5": a list of whole numbers, or None."""
    raw = _clean(text)
    if not raw:
        return None
    parts = [p for p in re.split(r"[\s,;+]+", raw) if p]
    if not parts or not all(re.fullmatch(r"\d+", p) for p in parts):
        raise InputError(field, f"{raw!r}: type the dice as whole numbers, e.g. 3 5")
    return [int(p) for p in parts]


# ----- declarative extra inputs ---------------------------------------------------------

@dataclass(frozen=True)
class Field:
    """One input of a query form. ``kind``: ``int``, ``number``, ``choice``
    (``choices`` are (value, English label) pairs), ``flag``, ``multi`` (a
    list of chosen values) or ``dice`` (one or more typed dice). ``key`` is
    the payload path (``rolls.d20``); ``label`` an English message id."""

    key: str
    kind: str
    label: str
    choices: tuple = ()
    low: float = 0
    high: float = 100
    default: object = None
    required: bool = False
    sides: int = 0            # for dice: the die, so the UI can say "d20"


def read(fields, values: dict) -> dict:
    """The payload part these ``fields`` give from ``values`` (key → typed
    text, bool or list). Empty optional inputs are left out."""
    out: dict = {}
    for f in fields:
        raw = values.get(f.key, f.default)
        value = _read_one(f, raw)
        if value is None:
            continue
        _put(out, f.key, value)
    return out


def _read_one(f: Field, raw):
    if f.kind == "int":
        return parse_int(raw, f.key, int(f.low), int(f.high), f.required)
    if f.kind == "number":
        return parse_number(raw, f.key, f.low, f.high, f.required)
    if f.kind == "flag":
        return True if raw is True else None
    if f.kind == "choice":
        allowed = tuple(v for v, _label in f.choices)
        if raw in (None, ""):
            return None
        if raw not in allowed:
            raise InputError(f.key, f"unknown value {raw!r}", allowed)
        return raw
    if f.kind == "multi":
        allowed = tuple(v for v, _label in f.choices)
        chosen = [v for v in (raw or []) if v]
        for v in chosen:
            if v not in allowed:
                raise InputError(f.key, f"unknown value {v!r}", allowed)
        return chosen or None
    if f.kind == "dice":
        dice = parse_dice(raw, f.key)
        if dice is None:
            return None
        if f.sides and len(dice) == 1 and f.high <= 1:
            return dice[0]
        return dice
    raise ValueError(f"unknown field kind {f.kind!r}")


def _put(out: dict, key: str, value) -> None:
    parts = key.split(".")
    node = out
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


def die(key: str, label: str, sides: int) -> Field:
    """One die typed at the table (d20, d100…)."""
    return Field(key, "dice", label, sides=sides, high=1)


# ----- the attack form -------------------------------------------------------------------

# Numbers of ``Situation.numbers`` each ruleset reads (metres unless said).
SITUATION_NUMBERS = {
    "classic": (Field("situation.numbers.distance", "number", "Distance (m)", high=10000),),
    "d20pl": (Field("situation.numbers.distance", "number", "Distance (m)", high=10000),
              Field("situation.numbers.range_increment", "number", "Range increment (m)", low=0.1,
                    high=1000),
              Field("situation.numbers.attack_number", "int", "Attacks this round", low=1, high=10)),
    "dnd5e": (Field("situation.numbers.distance", "number", "Distance (m)", high=10000),
              Field("situation.numbers.range_normal", "number", "Normal range (m)", high=10000),
              Field("situation.numbers.range_long", "number", "Long range (m)", high=10000)),
    "pf1": (Field("situation.numbers.distance", "number", "Distance (m)", high=10000),
            Field("situation.numbers.range_increment", "number", "Range increment (m)", low=0.1,
                  high=1000)),
}

# Weapon tags the rules of each ruleset read (``AttackSpec.weapon``).
WEAPON_TAGS = {
    "classic": (("blunt", "Blunt weapon"), ("shield", "Using a shield"), ("thrown", "Thrown"),
                ("bow", "Bow"), ("sling", "Sling")),
    "d20pl": (("unarmed", "Unarmed"), ("bow", "Bow"), ("composite", "Composite bow"),
              ("crossbow", "Crossbow"), ("thrown", "Thrown"), ("sling", "Sling"),
              ("shuriken", "Shuriken")),
    "dnd5e": (("finesse", "Finesse"), ("thrown", "Thrown"), ("spell", "Spell attack"),
              ("nonproficient", "Not proficient")),
    "pf1": (("finesse", "Finesse"), ("thrown", "Thrown"), ("crossbow", "Crossbow"),
            ("firearm", "Firearm"), ("shuriken", "Shuriken"), ("magic", "Magic weapon"),
            ("ghost_touch", "Ghost touch"), ("force", "Force effect")),
}
# classic weapon sizes (close combat penalties, attacks of opportunity).
WEAPON_SIZES = {"classic": (("S", "Small"), ("M", "Medium"), ("L", "Large"))}

KINDS = ("melee", "ranged")
GRIPS = ("one", "two", "off")
ROLL_KEYS = ("d20", "d20_second", "confirm", "confirm_second", "miss", "damage", "crit_damage")


def situation_inputs(ruleset) -> tuple:
    """(toggles, graded): the situation ids shown as a tick box, and
    (id, choices) of the graded ones shown as a choice — all from the
    ruleset's own ``situations``, so nothing of another ruleset appears."""
    toggles = tuple(s.id for s in ruleset.situations.values() if not s.choices)
    graded = tuple((s.id, tuple(s.choices)) for s in ruleset.situations.values() if s.choices)
    return toggles, graded


def creature_from_values(ruleset, name: str, stats: dict, traits=(), conditions=(),
                         size: str = "medium", field: str = "creature") -> dict:
    """A creature payload from a quick form: ``stats`` are typed text keyed
    by the ruleset's stat names (blank ones are left out, each checked
    against the ruleset's range), ``conditions`` ids or {id, stage}."""
    out_stats = {}
    for key, text in stats.items():
        if key not in ruleset.stats:
            raise InputError(f"{field}.stats.{key}", f"not a stat of {ruleset.id}",
                             tuple(sorted(ruleset.stats)))
        low, high = ruleset.stats[key]
        value = parse_number(text, f"{field}.stats.{key}", low, high)
        if value is not None:
            out_stats[key] = value
    for t in traits:
        if t not in ruleset.traits:
            raise InputError(f"{field}.traits", f"unknown trait {t!r}", tuple(ruleset.traits))
    conds = []
    for c in conditions:
        c = {"id": c} if isinstance(c, str) else dict(c)
        definition = ruleset.condition(c["id"])
        if c.get("stage") in (None, ""):
            c.pop("stage", None)
            if definition.stages and None not in definition.stages:
                c["stage"] = next(iter(definition.stages))
        conds.append(c)
    if size not in SIZES:
        raise InputError(f"{field}.size", f"unknown size {size!r}", SIZES)
    return {"name": (name or "").strip(), "stats": out_stats, "traits": sorted(set(traits)),
            "conditions": conds, "size": size}


def creature_from_entry(entry: dict) -> dict:
    """A creature payload from a roster entry or a combatant dict (the
    fields the rules read; live state such as hit points is left out)."""
    conds = []
    for c in entry.get("conditions") or []:
        if isinstance(c, str):
            conds.append({"id": c})
        elif isinstance(c, dict) and isinstance(c.get("id"), str):
            item = {"id": c["id"]}
            if c.get("stage") is not None:
                item["stage"] = c["stage"]
            if c.get("cause"):
                item["cause"] = c["cause"]
            conds.append(item)
    return {"name": str(entry.get("name") or ""), "stats": dict(entry.get("stats") or {}),
            "traits": sorted(entry.get("traits") or []), "conditions": conds,
            "size": entry.get("size") or "medium"}


def attack_payload(ruleset_id: str, attacker: dict, defender: dict, values: dict,
                   options=None) -> dict:
    """The ``attack`` query payload from the attack form's ``values``:
    ``kind``, ``touch``, ``bonus``, ``damage``, ``damage_bonus``, ``grip``,
    ``light``, ``crit_range``, ``crit_mult``, ``weapon`` (tags),
    ``weapon_size`` (classic), ``toggles``, ``choices`` {id: choice or ""},
    ``numbers`` {key: text}, ``rolls`` {key: text}."""
    ruleset = get_ruleset(ruleset_id)
    kind = values.get("kind") or "melee"
    if kind not in KINDS:
        raise InputError("attack.kind", f"unknown kind {kind!r}", KINDS)
    grip = values.get("grip") or "one"
    if grip not in GRIPS:
        raise InputError("attack.grip", f"unknown grip {grip!r}", GRIPS)
    damage = _clean(values.get("damage")) or "1d8"
    DiceExpr.parse(damage, "attack.damage")
    attack = {"kind": kind, "touch": bool(values.get("touch")), "damage": damage, "grip": grip,
              "light": bool(values.get("light"))}
    bonus = parse_int(values.get("bonus"), "attack.bonus", -50, 100)
    if bonus is not None:
        attack["bonus"] = bonus
    for key, low, high in (("damage_bonus", -100, 100), ("crit_range", 2, 20), ("crit_mult", 2, 6)):
        value = parse_int(values.get(key), f"attack.{key}", low, high)
        if value is not None:
            attack[key] = value
    allowed_tags = {t for t, _ in WEAPON_TAGS.get(ruleset.id, ())}
    weapon = []
    for tag in values.get("weapon") or []:
        if tag not in allowed_tags:
            raise InputError("attack.weapon", f"unknown weapon tag {tag!r}", tuple(sorted(allowed_tags)))
        weapon.append(tag)
    size = values.get("weapon_size") or ""
    if size:
        sizes = tuple(s for s, _ in WEAPON_SIZES.get(ruleset.id, ()))
        if size not in sizes:
            raise InputError("attack.weapon_size", f"unknown weapon size {size!r}", sizes)
        weapon.append(f"size.{size}")
    if weapon:
        attack["weapon"] = weapon
    payload = {"ruleset": ruleset.id, "attacker": attacker, "defender": defender, "attack": attack}
    if options:
        payload["options"] = dict(options)
    situation = _situation(ruleset, values)
    if situation:
        payload["situation"] = situation
    rolls = read_rolls(values.get("rolls") or {})
    if rolls:
        payload["rolls"] = rolls
    return payload


def _situation(ruleset, values) -> dict:
    toggles_ok, graded = situation_inputs(ruleset)
    toggles = []
    for t in values.get("toggles") or []:
        if t not in toggles_ok:
            raise InputError("situation.toggles", f"{t!r} is not a situation of {ruleset.id}",
                             toggles_ok)
        toggles.append(t)
    choices = {}
    graded_ok = dict(graded)
    for sid, choice in (values.get("choices") or {}).items():
        if not choice:
            continue
        if sid not in graded_ok:
            raise InputError("situation.choices", f"{sid!r} is not a situation of {ruleset.id}",
                             tuple(graded_ok))
        if choice not in graded_ok[sid]:
            raise InputError(f"situation.choices.{sid}", f"unknown choice {choice!r}", graded_ok[sid])
        choices[sid] = choice
    numbers = read(SITUATION_NUMBERS.get(ruleset.id, ()),
                   {f"situation.numbers.{k}": v for k, v in (values.get("numbers") or {}).items()})
    out = {}
    if toggles:
        out["toggles"] = toggles
    if choices:
        out["choices"] = choices
    if numbers:
        out["numbers"] = numbers["situation"]["numbers"]
    return out


def read_rolls(rolls: dict) -> dict:
    """Typed dice of an attack: one die for d20/confirm/miss, lists for damage."""
    out = {}
    for key in ROLL_KEYS:
        dice = parse_dice(rolls.get(key), f"rolls.{key}")
        if dice is None:
            continue
        if key in ("damage", "crit_damage"):
            out[key] = dice
        elif len(dice) != 1:
            raise InputError(f"rolls.{key}", "type one die")
        else:
            out[key] = dice[0]
    return out


def missing_roll(exc: InputError, payload: dict):
    """The roll key (``d20``, ``confirm``, ``miss``, ``damage`` …) the
    engine asked for because it was not typed, or None when the error is
    something else (e.g. a typed value outside the die)."""
    field = exc.field or ""
    if not field.startswith("rolls."):
        return None
    key = field.split(".", 1)[1].split("[", 1)[0]
    if key not in ROLL_KEYS:
        return None
    typed = (payload.get("rolls") or {}).get(key)
    return key if typed is None else None


def dice_needed(payload: dict, key: str) -> tuple:
    """(count, sides) of the dice the engine reads for ``key`` in this
    attack: 1 d20, 1 d100, the weapon's dice (pf1 criticals: the dice
    times multiplier − 1; d20pl sneak attack d6s come after the weapon's)."""
    if key in ("d20", "d20_second", "confirm", "confirm_second"):
        return 1, 20
    if key == "miss":
        return 1, 100
    attack = payload.get("attack") or {}
    expr = DiceExpr.parse(attack.get("damage", "1d8"), "attack.damage")
    if expr.sides == 0:
        return 0, 0
    if key == "crit_damage" and payload.get("ruleset") == "pf1":
        return expr.count * (int(attack.get("crit_mult", 2)) - 1), expr.sides
    return expr.count, expr.sides
