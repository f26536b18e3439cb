"""Dice: a die the player rolled at the table, or one rolled with a passed-in
``random.Random``. Both are plain inputs to the pure resolution functions.

``take(sides, given, rng, field)`` returns one die value, validating a typed
value against the die; ``DiceExpr.parse("2d6+3")`` reads damage notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InputError

_EXPR = re.compile(r"^\s*(\d*)\s*[dk]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.I)
_FLAT = re.compile(r"^\s*([+-]?\d+)\s*$")


def take(sides: int, given=None, rng=None, field: str = "die") -> int:
    """One die: ``given`` (typed at the table) wins, else ``rng`` rolls it."""
    if given is not None:
        if isinstance(given, bool) or not isinstance(given, int):
            raise InputError(field, f"must be a whole number from 1 to {sides}")
        if not 1 <= given <= sides:
            raise InputError(field, f"{given} is not a result of a d{sides}: "
                                    f"must be from 1 to {sides}")
        return given
    if rng is None:
        raise InputError(field, f"type the d{sides} rolled, or let the app roll it")
    return rng.randint(1, sides)


def take_many(sides: int, count: int, given=None, rng=None, field: str = "dice") -> tuple:
    """``count`` dice of ``sides``; ``given`` is a list of typed values."""
    if given is not None:
        if not isinstance(given, (list, tuple)) or len(given) != count:
            raise InputError(field, f"needs {count} value(s) of a d{sides}")
        return tuple(take(sides, g, None, f"{field}[{i}]") for i, g in enumerate(given))
    return tuple(take(sides, None, rng, field) for _ in range(count))


@dataclass(frozen=True)
class DiceExpr:
    """``count`` d ``sides`` + ``bonus`` (``sides`` 0 means a flat number)."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text, field: str = "damage") -> "DiceExpr":
        if isinstance(text, DiceExpr):
            return text
        if not isinstance(text, str):
            raise InputError(field, "must be dice like 1d8+2 or a number")
        flat = _FLAT.match(text)
        if flat:
            return cls(0, 0, int(flat.group(1)))
        m = _EXPR.match(text)
        if not m:
            raise InputError(field, f"{text!r} is not dice notation (e.g. 2d6+3)")
        count = int(m.group(1) or 1)
        sides = int(m.group(2))
        bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        if not 1 <= count <= 100 or sides not in (2, 3, 4, 6, 8, 10, 12, 20, 100):
            raise InputError(field, f"{text!r}: 1–100 dice of d2, d3, d4, d6, d8, d10, d12, d20 or d100")
        return cls(count, sides, bonus)

    def roll(self, given=None, rng=None, field: str = "damage") -> tuple:
        """The individual die results (empty for a flat number)."""
        if self.sides == 0:
            return ()
        return take_many(self.sides, self.count, given, rng, field)

    def __str__(self) -> str:
        if self.sides == 0:
            return str(self.bonus)
        text = f"{self.count}d{self.sides}"
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text
