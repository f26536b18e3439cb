"""Workloads ``make bench`` times in CPython and in Pyodide (in the page).

Pure and deterministic (a seeded ``random.Random``): the same work on both
interpreters and in every run.

- ``engine_call()``: build, serialise and reload a small encounter.
- ``attack_call(n)``: one attack resolution with its breakdown, between two
  combatants of an encounter of ``n`` (through the JSON interface, as the
  resolve screen asks it).
- ``sample_encounter(n)``: an encounter of ``n`` combatants in round 3 of
  combat, with hit points and conditions (what the benchmark stores in
  localStorage to time the page's re-render and memory).
"""

from __future__ import annotations

import random

from . import tracker
from .encounter import Encounter
from .queries import run

RULESET = "pf1"
CONDITIONS = ("shaken", "prone", "blinded", "entangled", "sickened")


def engine_call() -> int:
    """Build, serialise and reload a small encounter; returns its size."""
    enc = Encounter.new("classic")
    for i in range(6):
        enc = enc.add_combatant(f"Orc {i + 1}", "foes")
    return len(Encounter.from_json(enc.to_json()).combatants)


def sample_encounter(n: int, ruleset: str = RULESET, seed: int = 8) -> Encounter:
    """``n`` combatants (a third of them party) with stats, hit points and a
    condition on every third one, initiative rolled, in round 3."""
    rng = random.Random(seed)
    enc = Encounter.new(ruleset, f"Benchmark ({n})")
    conditions = [c for c in CONDITIONS if c in _conditions(ruleset)]
    for i in range(n):
        party = i % 3 == 0
        hp = rng.randint(8, 60)
        enc = tracker.add_combatant(
            enc, f"{'Hero' if party else 'Bandit'} {i + 1}", "party" if party else "foes",
            init_mod=rng.randint(-1, 4), stats={"ac": rng.randint(12, 19), "bab": rng.randint(1, 6)},
            hp={"max": hp, "current": hp - rng.randint(0, hp // 2)})
    enc, _result = tracker.roll_initiative(enc, rng)
    enc = tracker.start_combat(enc)
    for i, c in enumerate(enc.combatants):
        if conditions and i % 3 == 1:
            enc = tracker.add_condition(enc, c.id, conditions[i % len(conditions)], cause="benchmark")
    while enc.round < 3:
        enc = tracker.next_turn(enc)
    return enc


def _conditions(ruleset: str):
    from .ruleset import get_ruleset
    return get_ruleset(ruleset).conditions


def attack_payload(enc: Encounter) -> dict:
    """The attack query the resolve screen sends: the current combatant
    attacks the next one in the order, with a typed d20 and damage dice."""
    attacker = enc.current() or enc.combatants[0]
    target_id = next((cid for cid in enc.order if cid != attacker.id), enc.combatants[-1].id)
    defender = enc.get(target_id)

    def creature(c):
        return {"name": c.name, "stats": dict(c.stats), "traits": sorted(c.traits),
                "conditions": [{"id": k.id, "stage": k.stage, "cause": k.cause} for k in c.conditions],
                "size": c.size}

    return {"ruleset": enc.ruleset, "options": dict(enc.options),
            "attacker": creature(attacker), "defender": creature(defender),
            "attack": {"kind": "melee", "damage": "1d8+2"},
            "situation": {"toggles": ["flanking"]},
            "rolls": {"d20": 14, "damage": [5]}}


_ENCOUNTERS: dict = {}


def attack_call(n: int = 30) -> int:
    """One attack resolution with its breakdown in an encounter of ``n``
    (the encounter is built once and kept); returns the breakdown's length."""
    if n not in _ENCOUNTERS:
        _ENCOUNTERS[n] = sample_encounter(n)
    enc = _ENCOUNTERS[n]
    result = run("attack", attack_payload(enc), random.Random(1))
    lines = result.get("attack", {}).get("lines", []) if isinstance(result, dict) else []
    return len(lines)
