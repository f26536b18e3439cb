"""Results of the non-attack queries, and the hit-point state they carry.

``Result`` is what every query returns: a value (a number, an order, a new
``HpState``), the ``Breakdown`` behind it, ``prompts`` (rolls or decisions
the app must ask for now, each with its rule ID) and ``reminders``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .errors import InputError


@dataclass(frozen=True)
class Prompt:
    """Something the app must ask for or roll now (a save, a d100…)."""

    rule: str
    text: str                 # English message id
    roll: str = ""            # e.g. "d20+con_mod", "d100"
    target: object = None     # DC / threshold when known
    params: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        data = {"rule": self.rule, "text": self.text}
        if self.roll:
            data["roll"] = self.roll
        if self.target is not None:
            data["target"] = self.target
        if self.params:
            data["params"] = dict(self.params)
        return data


@dataclass(frozen=True)
class Result:
    value: object = None
    breakdown: object = None          # Breakdown or None
    details: dict = field(default_factory=dict)   # named breakdowns/values
    prompts: tuple = ()
    reminders: tuple = ()
    events: tuple = ()                # rule IDs of what happened (state changes)

    def to_dict(self) -> dict:
        return {
            "value": _plain(self.value),
            "breakdown": self.breakdown.to_dict() if self.breakdown is not None else None,
            "details": {k: _plain(v) for k, v in self.details.items()},
            "prompts": [p.to_dict() for p in self.prompts],
            "reminders": [r.to_dict() for r in self.reminders],
            "events": list(self.events),
        }


def _plain(value):
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class HpState:
    """Hit points and the ruleset's state machine position.

    ``status`` is ruleset vocabulary (``ok``, ``disabled``, ``dying``,
    ``stable``, ``unconscious``, ``dead`` …); ``counters`` holds e.g. 5e death
    save successes/failures.
    """

    max: int
    current: int
    temp: int = 0
    status: str = "ok"
    counters: dict = field(default_factory=dict)

    def with_(self, **changes) -> "HpState":
        return replace(self, **changes)

    def to_dict(self) -> dict:
        return {"max": self.max, "current": self.current, "temp": self.temp,
                "status": self.status, "counters": dict(self.counters)}

    @classmethod
    def from_dict(cls, data, field_name="hp") -> "HpState":
        if not isinstance(data, dict):
            raise InputError(field_name, "must be an object {max, current, temp}")
        for key in data:
            if key not in ("max", "current", "temp", "status", "counters"):
                raise InputError(f"{field_name}.{key}", "unknown field",
                                 ("max", "current", "temp", "status", "counters"))
        values = {}
        for key, low in (("max", 1), ("current", -10000), ("temp", 0)):
            value = data.get(key, 0 if key == "temp" else None)
            if key == "current" and value is None:
                value = values.get("max")
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(f"{field_name}.{key}", "must be a whole number")
            if value < low:
                raise InputError(f"{field_name}.{key}", f"{value} is below the minimum {low}")
            values[key] = value
        if values["current"] > values["max"]:
            raise InputError(f"{field_name}.current", "is above the maximum")
        counters = data.get("counters", {})
        if not isinstance(counters, dict):
            raise InputError(f"{field_name}.counters", "must be an object")
        for key, value in counters.items():  # counts, flags and rule ids; nothing nested
            if not (isinstance(value, bool) or (isinstance(value, int) and abs(value) <= 100000)
                    or (isinstance(value, str) and len(value) <= 200)):
                raise InputError(f"{field_name}.counters.{key}", "must be a whole number, true/false or a short text")
        status = data.get("status", "ok")
        if not isinstance(status, str):
            raise InputError(f"{field_name}.status", "must be text")
        return cls(values["max"], values["current"], values["temp"], status, dict(counters))
