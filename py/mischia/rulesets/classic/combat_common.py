"""Shared vocabulary of the classic combat data: units, bonus types, predicate
helpers and the ``Extra`` record for numbers the core has no target for.

Bonus types matter only to classic's stacking policy (``combat.stack``):

- ``condition``   — a bonus the *defender's* condition grants its attackers
  (``attackers +N``, ``attackers.damage_die``); compared against back-attack
  bonuses (classic.stack.back-attack-vs-conditions) and capped
  (classic.stack.attacker-cap).
- ``back-attack`` — a back-attack bonus (the situation, or an attack of
  opportunity that counts as one).
- ``position``    — a positional bonus (higher ground), capped with the others.
- ``scoped``      — a save/check penalty that applies only against effects the
  condition made harder to avoid (classic.conv.save-scope): the GM decides.

A condition modifier is written from its bearer's point of view, but a
predicate cannot name "the bearer": in an attack the bearer is ``attacker`` or
``defender``, in a single-creature query it is ``self``. ``acting`` and
``defending`` build the two tag spellings for a bearer-side tag.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import ALWAYS, Modifier, Predicate, Unit, when

POINTS = Unit.POINTS
PERCENT = Unit.PERCENT
HEXES = Unit.HEXES
FRACTION = Unit.FRACTION
FLAG = Unit.FLAG

COND = "condition"
BACK = "back-attack"
POSITION = "position"
SCOPED = "scoped"
CAPPED_TYPES = frozenset({COND, BACK, POSITION})

FAR = (("distance", ">", 15),)      # more than 15 m (prone, asleep vs ranged)
NEAR = (("distance", "<=", 15),)


def acting(tag: str) -> tuple:
    """A tag of the bearer when it acts: attacker in an attack, else self."""
    return (f"attacker.{tag}", f"self.{tag}")


def defending(tag: str) -> tuple:
    """A tag of the bearer when it is attacked: defender, else self."""
    return (f"defender.{tag}", f"self.{tag}")


def opt(option_id: str, choice: str) -> str:
    """The context tag an option choice sets (``option.ID.CHOICE``)."""
    return f"option.{option_id}.{choice}"


def move_reduction(big: int, small: int, rule: str) -> tuple:
    """Hexes lost per round: ``big`` when the movement factor is 6 or more,
    ``small`` when it is 5 or less (the minimum of 1 hex is applied by
    ``effective_extra``)."""
    return (
        Modifier("move", -big, rule, HEXES, when=when(num=(("self.move", ">=", 6),))),
        Modifier("move", -small, rule, HEXES, when=when(num=(("self.move", "<=", 5),))),
    )


@dataclass(frozen=True)
class Extra:
    """A classic number the core has no modifier target for (combat-point
    cost of fear stages …). Same shape as a modifier: key, value, unit,
    predicate, rule ID."""

    key: str
    value: float
    rule: str
    unit: Unit = POINTS
    when: Predicate = ALWAYS
