"""Hypothesis strategies for the fuzz tests: arbitrary JSON (what
``json.loads`` can return, NaN and huge numbers included) and mutations of
valid documents (a value replaced, removed, added or retyped, a few times)."""

from __future__ import annotations

import copy
import math

from hypothesis import strategies as st

from mischia.ruleset import get_ruleset, ruleset_ids

SCALARS = (st.none() | st.booleans() | st.integers(-10, 30) | st.integers()
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12))

JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def _vocabulary() -> list:
    """Words the engine knows: ruleset ids, conditions, stages, stats,
    situations, options, traits and the fields payloads use."""
    words = set(ruleset_ids())
    for rid in ruleset_ids():
        r = get_ruleset(rid)
        words |= set(r.conditions) | set(r.situations) | set(r.options) | set(r.stats)
        words |= set(getattr(r, "traits", ()) or ())
        for c in r.conditions.values():
            words |= {s for s in c.stages if isinstance(s, str)}
    words |= {"melee", "ranged", "one", "two", "off", "d20", "d100", "damage", "confirm", "miss",
              "kind", "id", "name", "stage", "cause", "rounds", "until_removed", "party", "foes",
              "medium", "large", "tiny", "combat", "setup", "surprise", "ok", "dying", "dead",
              "fort", "ref", "will", "str", "dex", "con", "1d8+1", "2d6", "0d0", "d", "1d", "-1d4",
              "99999d99999", "c1", "c2", "k1"}
    return sorted(w for w in words if isinstance(w, str))


VOCABULARY = _vocabulary()
EDGE = st.sampled_from([0, -1, 1, 2, 20, 21, 100, 101, -1000, 10 ** 6, 2 ** 31, -2 ** 63, 10 ** 30,
                        0.5, -0.0, 1e308, math.inf, -math.inf, math.nan, "", " ", "x" * 300,
                        [], {}, None, True, False, "0", "1"]).map(copy.deepcopy)
VALUES = st.one_of(EDGE, st.sampled_from(VOCABULARY), JSON, st.lists(st.sampled_from(VOCABULARY), max_size=3))


def _places(doc, out=None, path=()):
    """Every (container, key) in a JSON tree, containers included as places."""
    out = [] if out is None else out
    if isinstance(doc, dict):
        out.append((doc, None))
        for key, value in doc.items():
            out.append((doc, key))
            _places(value, out)
    elif isinstance(doc, list):
        out.append((doc, None))
        for i, value in enumerate(doc):
            out.append((doc, i))
            _places(value, out)
    return out


@st.composite
def mutated(draw, doc, max_changes=4):
    """``doc`` with one to ``max_changes`` random edits anywhere in it."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, max_changes))):
        places = _places(doc)
        if not places:
            return draw(VALUES)
        container, key = draw(st.sampled_from(places))
        action = draw(st.sampled_from(("replace", "replace", "replace", "delete", "add", "duplicate")))
        if key is None or action == "add":
            if isinstance(container, dict):
                container[draw(st.sampled_from(VOCABULARY) | st.text(max_size=6))] = draw(VALUES)
            else:
                container.insert(draw(st.integers(0, len(container))), draw(VALUES))
        elif action == "delete":
            del container[key]
        elif action == "duplicate" and isinstance(container, list):
            container.append(copy.deepcopy(container[key]))
        else:
            container[key] = draw(VALUES)
    return doc
