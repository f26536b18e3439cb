"""Undo and redo over immutable encounter values.

Because every tracker operation returns a new ``Encounter``, history is just
the list of earlier values: ``do`` pushes, ``undo``/``redo`` move between
them, exactly restoring conditions, durations, hit points and turn state.
"""

from __future__ import annotations

from dataclasses import dataclass

LIMIT = 200


@dataclass(frozen=True)
class History:
    present: object
    past: tuple = ()
    future: tuple = ()

    def do(self, new) -> "History":
        if new == self.present:
            return self
        return History(new, (self.past + (self.present,))[-LIMIT:], ())

    def undo(self) -> "History":
        if not self.past:
            return self
        return History(self.past[-1], self.past[:-1], (self.present,) + self.future)

    def redo(self) -> "History":
        if not self.future:
            return self
        return History(self.future[0], self.past + (self.present,), self.future[1:])

    @property
    def can_undo(self) -> bool:
        return bool(self.past)

    @property
    def can_redo(self) -> bool:
        return bool(self.future)
