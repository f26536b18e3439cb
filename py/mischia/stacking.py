"""Stacking policies rulesets compose: small pure functions over ``Line``s.

Each takes the candidate lines for one number and returns them all, with the
ones that do not count marked ``applied=False`` and a reason — losers stay in
the breakdown so the player sees why.
"""

from __future__ import annotations

from .breakdown import Line


def stack_all(lines):
    """Everything adds (5e numbers, classic different-nature effects)."""
    return list(lines)


def stack_typed(lines, stacking_types=frozenset({"untyped", "dodge"})):
    """d20 rule: bonuses of the same type don't stack (the highest counts),
    except the stacking types; penalties always stack."""
    out = list(lines)
    best = {}
    for i, line in enumerate(out):
        if not line.applied or line.value <= 0 or (line.type or "untyped") in stacking_types:
            continue
        j = best.get(line.type)
        if j is None or out[j].value < line.value:
            if j is not None:
                out[j] = out[j].suppressed("did-not-stack")
            best[line.type] = i
        else:
            out[i] = line.suppressed("did-not-stack")
    return out


def highest_per_key(lines, key):
    """Keep only the strongest applied line per ``key(line)`` (by absolute
    value); the others are suppressed as ``only-most-severe``."""
    out = list(lines)
    best = {}
    for i, line in enumerate(out):
        if not line.applied:
            continue
        k = key(line)
        j = best.get(k)
        if j is None or abs(out[j].value) < abs(line.value):
            if j is not None:
                out[j] = out[j].suppressed("only-most-severe")
            best[k] = i
        else:
            out[i] = line.suppressed("only-most-severe")
    return out


def cap_total(lines, cap, rule, selector=lambda line: True, label="cap"):
    """Limit the sum of the selected applied lines to ``cap``. Adds one line
    with the (negative) correction so the breakdown shows the cap at work."""
    out = list(lines)
    selected = sum(l.value for l in out if l.applied and selector(l))
    if selected > cap:
        out.append(Line(label=label, value=cap - selected, rule=rule, reason="cap"))
    return out


def floor_total(lines, floor, rule, label="floor"):
    """Raise the total of the lines to at least ``floor`` with one correction line."""
    out = list(lines)
    total = sum(l.value for l in out if l.applied)
    if total < floor:
        out.append(Line(label=label, value=floor - total, rule=rule, reason="floor"))
    return out


def clamp(value, low=None, high=None):
    if low is not None and value < low:
        value = low
    if high is not None and value > high:
        value = high
    return value
