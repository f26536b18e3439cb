"""Errors the rules core raises for bad input.

Every error names the field that was wrong and, where there is a closed set,
the values that are allowed, so the UI and the command line can show a plain
message instead of a traceback.
"""

from __future__ import annotations


class InputError(ValueError):
    """Bad input: names the field, the value received and what is allowed."""

    def __init__(self, field: str, message: str, allowed: tuple = ()):
        self.field = field
        self.message = message
        self.allowed = tuple(allowed)
        text = f"{field}: {message}"
        if self.allowed:
            text += " (allowed: " + ", ".join(str(a) for a in self.allowed) + ")"
        super().__init__(text)

    def to_dict(self) -> dict:
        return {"error": "input", "field": self.field, "message": self.message,
                "allowed": list(self.allowed)}
