"""Fuzzing the rules core's JSON interface (issue 7, point 7).

For every query, Hypothesis sends ``mischia.queries.run`` arbitrary JSON
and mutations of valid payloads: the documented example
(``docs/examples/<query>.json``, also switched to every ruleset) and the
seed corpus ``fixtures/fuzz-seeds.json`` (up to five payloads of distinct
shapes per query and ruleset, recorded from the ``queries.run`` calls of
the core tests, so that every ruleset's own code is reached). The only
outcomes allowed are a JSON-ready result or ``InputError``; anything else
is a bug in the core. Case counts per target are in the README ("Data safety").
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fuzz_strategies import JSON, mutated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mischia import queries
from mischia.errors import InputError
from mischia.ruleset import ruleset_ids

MUTATED_CASES = 300     # per query
ARBITRARY_CASES = 50    # per query
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def fuzz(cases):
    return settings(max_examples=cases, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                      HealthCheck.filter_too_much])


SEEDS = json.loads((Path(__file__).parent / "fixtures" / "fuzz-seeds.json").read_text())


def _example(name) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def _valid(name) -> list:
    example = _example(name)
    switched = [{**example, "ruleset": rid} for rid in ruleset_ids() if rid != example["ruleset"]]
    return [example, *switched, *(p for payloads in SEEDS[name].values() for p in payloads)]


def outcome(name, payload) -> str:
    """'result' or 'refused'; any other exception propagates (the test fails)."""
    try:
        result = queries.run(name, payload, random.Random(7))
    except InputError as exc:
        assert isinstance(exc.field, str) and exc.message
        return "refused"
    assert isinstance(result, dict)
    json.dumps(result, allow_nan=False)  # a JSON-ready answer
    return "result"


def test_every_query_has_an_example_that_answers():
    for name in queries.QUERY_NAMES:
        assert outcome(name, _example(name)) == "result", name


def test_the_seed_corpus_answers_for_every_query_and_ruleset():
    """Seeds that no longer answer would fuzz only the first checks."""
    for name in queries.QUERY_NAMES:
        assert set(SEEDS[name]) == set(ruleset_ids()), name
        for rid, payloads in SEEDS[name].items():
            assert [outcome(name, p) for p in payloads] == ["result"] * len(payloads), (name, rid)


@pytest.mark.parametrize("name", queries.QUERY_NAMES)
@fuzz(MUTATED_CASES)
@given(data=st.data())
def test_mutated_valid_payloads_answer_or_are_refused(name, data):
    seed = data.draw(st.sampled_from(_valid(name)), label="seed")
    outcome(name, data.draw(mutated(seed, 5), label="payload"))


@pytest.mark.parametrize("name", queries.QUERY_NAMES)
@fuzz(ARBITRARY_CASES)
@given(payload=JSON, ruleset=st.sampled_from(ruleset_ids()) | JSON)
def test_arbitrary_json_payloads_answer_or_are_refused(name, payload, ruleset):
    if isinstance(payload, dict):
        payload["ruleset"] = ruleset
    outcome(name, payload)


def test_the_readme_reports_these_case_counts():
    from test_fuzz_import import CASES
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    n = len(queries.QUERY_NAMES)
    rows = [f"{MUTATED_CASES} per query, {MUTATED_CASES * n} |", f"{ARBITRARY_CASES} per query, {ARBITRARY_CASES * n} |",
            f"export file | {CASES['bundle']} |", f"of an encounter | {CASES['encounter']} |",
            f"import: arbitrary JSON | {CASES['json']} |", f"arbitrary text | {CASES['text']} |",
            f"and arbitrary | {CASES['share']} |", f"at start-up | {CASES['store']} |"]
    for row in rows:
        assert row in readme, row
