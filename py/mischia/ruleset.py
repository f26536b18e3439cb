"""The ruleset base class and the registry that finds rulesets.

Like python-chess variants: a ruleset is a small class with data (conditions,
situations, options, stats it reads) and tiny policy hooks; ``register``
adds it to the registry, ``get_ruleset(id)`` finds it. The registry discovers
the modules of ``mischia.rulesets`` itself, so the core never imports a
ruleset by name and adding one means adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil

from .breakdown import Line
from .errors import InputError
from .model import ActiveCondition
from .stacking import stack_typed

_REGISTRY: dict = {}
_DISCOVERED = False


def register(cls):
    """Class decorator: make a ruleset findable by its ``id``."""
    _REGISTRY[cls.id] = cls()
    return cls


def _discover():
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    from . import rulesets
    for info in pkgutil.iter_modules(rulesets.__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{rulesets.__name__}.{info.name}")


def ruleset_ids() -> tuple:
    _discover()
    return tuple(sorted(_REGISTRY))


def get_ruleset(ruleset_id) -> "Ruleset":
    _discover()
    try:
        return _REGISTRY[ruleset_id]
    except (KeyError, TypeError):
        raise InputError("ruleset", f"unknown ruleset {ruleset_id!r}", tuple(sorted(_REGISTRY))) from None


class Ruleset:
    """Base ruleset: d20-style defaults every hook can override.

    Data: ``conditions`` (id → ConditionDef), ``situations`` (id →
    SituationDef), ``options`` (id → OptionDef), ``stats`` (stat name →
    (low, high) allowed range), ``stacking_types``.
    """

    id = ""
    name = ""
    seed = ""
    conditions: dict = {}
    situations: dict = {}
    options: dict = {}
    stats: dict = {}
    stacking_types = frozenset({"untyped", "dodge"})
    # How surprise works at the tracker level: "round" (a surprise round
    # where only aware combatants act: pf1, d20pl), "first_turn" (surprised
    # creatures lose their first turn: 5e), "check" (classic d100 per creature).
    surprise_style = "round"

    # ----- data access with clear errors -------------------------------
    def condition(self, cond_id):
        try:
            return self.conditions[cond_id]
        except KeyError:
            raise InputError("condition", f"unknown condition {cond_id!r} in {self.id}",
                             tuple(sorted(self.conditions))) from None

    def resolve_options(self, chosen=None) -> dict:
        """Defaults overlaid with the chosen options, each validated."""
        result = {k: o.default for k, o in self.options.items()}
        for key, value in (chosen or {}).items():
            if key not in self.options:
                raise InputError("options", f"unknown option {key!r} for {self.id}",
                                 tuple(sorted(self.options)))
            if value not in self.options[key].choices:
                raise InputError(f"options.{key}", f"unknown choice {value!r}",
                                 self.options[key].choices)
            result[key] = value
        return result

    def check_stats(self, creature, field_name="creature"):
        for key, value in creature.stats.items():
            if key not in self.stats:
                raise InputError(f"{field_name}.stats.{key}", f"not a stat of {self.id}",
                                 tuple(sorted(self.stats)))
            low, high = self.stats[key]
            if not low <= value <= high:
                raise InputError(f"{field_name}.stats.{key}",
                                 f"{value} is out of range: must be from {low} to {high}")

    # ----- policy hooks -------------------------------------------------
    def dedupe(self, conditions) -> list:
        """Which active conditions count. Default: one per condition id, the
        strongest stage winning (stages are listed weakest first), whatever
        the order they were added in."""
        best = {}
        for c in conditions:
            have = best.get(c.id)
            if have is None or self._stage_rank(c) > self._stage_rank(have):
                best[c.id] = c
        return [best[k] for k in sorted(best)]

    def _stage_rank(self, cond) -> int:
        stages = list(self.condition(cond.id).stages)
        return stages.index(cond.stage) if cond.stage in stages else -1

    def stack(self, target: str, lines: list, ctx) -> list:
        """Stacking policy for the lines of one number. Default: 3.5 typed."""
        return stack_typed(lines, self.stacking_types)


def lines_from(modifiers) -> list:
    """Turn modifiers into breakdown lines."""
    return [Line(label=m.label or m.rule, value=m.value, rule=m.rule, unit=m.unit.value,
                 source=m.source, type=m.type if m.type != "untyped" else "")
            for m in modifiers]


def stage_error(ruleset, cond: ActiveCondition):
    stages = tuple(ruleset.condition(cond.id).stages)
    return InputError("condition.stage", f"{cond.id} has no stage {cond.stage!r}", stages)
