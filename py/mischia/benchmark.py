"""One representative engine call, timed by the benchmark in CPython and Pyodide."""

from __future__ import annotations

from .encounter import Encounter


def engine_call() -> int:
    """Build, serialise and reload a small encounter; returns its size."""
    enc = Encounter.new("classic")
    for i in range(6):
        enc = enc.add_combatant(f"Orc {i + 1}", "foes")
    return len(Encounter.from_json(enc.to_json()).combatants)
