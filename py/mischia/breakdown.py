"""Every number the engine computes comes with its breakdown.

A ``Breakdown`` is a list of ``Line`` values: what contributed (label key),
how much, in which unit, from which rule, and — for modifiers that did not
count — why (``suppressed`` with a reason key such as ``did-not-stack`` or
``cap``). The UI renders the lines; tests assert them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Line:
    label: str
    value: float
    rule: str
    unit: str = "points"
    applied: bool = True
    reason: str = ""       # why it was suppressed, or a note on an applied line
    source: str = ""       # condition/situation the line comes from
    type: str = ""

    def suppressed(self, reason: str) -> "Line":
        return replace(self, applied=False, reason=reason)

    def to_dict(self) -> dict:
        data = {"label": self.label, "value": _num(self.value), "unit": self.unit,
                "rule": self.rule, "applied": self.applied}
        for key in ("reason", "source", "type"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        return data


def _num(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@dataclass(frozen=True)
class Breakdown:
    """A total and the lines that made it."""

    total: float
    lines: tuple = field(default_factory=tuple)
    unit: str = "points"

    @classmethod
    def of(cls, lines, unit: str = "points") -> "Breakdown":
        lines = tuple(lines)
        # Rounded so that fractions add up the same in any order.
        total = round(sum(l.value for l in lines if l.applied), 6)
        return cls(total=_num(total), lines=lines, unit=unit)

    def applied(self) -> tuple:
        return tuple(l for l in self.lines if l.applied)

    def rules(self) -> tuple:
        """Rule IDs of the lines that counted (handy in tests)."""
        return tuple(l.rule for l in self.lines if l.applied)

    def line(self, rule: str) -> Line:
        for l in self.lines:
            if l.rule == rule:
                return l
        raise KeyError(rule)

    def to_dict(self) -> dict:
        return {"total": _num(self.total), "unit": self.unit,
                "lines": [l.to_dict() for l in self.lines]}
