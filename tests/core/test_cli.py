"""The command line and the documented examples: every file in
docs/examples runs through ``python -m mischia`` and prints JSON; bad input
exits 2 with the field named, never a traceback."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
EXAMPLES = os.path.join(ROOT, "docs", "examples")


def cli(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    return subprocess.run([sys.executable, "-m", "mischia", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("name", sorted(f[:-5] for f in os.listdir(EXAMPLES) if f.endswith(".json")))
def test_each_documented_example_answers(name):
    out = cli(name, os.path.join(EXAMPLES, f"{name}.json"), "--seed", "1")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer.get("verdict") or answer.get("value") is not None


def test_every_query_has_an_example():
    from mischia.queries import QUERY_NAMES
    assert sorted(QUERY_NAMES) == sorted(f[:-5] for f in os.listdir(EXAMPLES) if f.endswith(".json"))


def test_attack_example_is_the_story_number():
    answer = json.loads(cli("attack", os.path.join(EXAMPLES, "attack.json")).stdout)
    assert answer["verdict"] == "hit" and answer["damage"]["total"] == 6


@pytest.mark.parametrize("payload, field", [
    ({"ruleset": "d20pl", "rolls": {"d20": 21}}, "rolls.d20"),
    ({"ruleset": "nope"}, "ruleset"),
    ({"ruleset": "dnd5e", "attacker": {"conditions": ["sleepy"]}, "rolls": {"d20": 5}}, "condition"),
    ({"ruleset": "pf1", "attacker": {"colour": "red"}}, "attacker.colour"),
    ({"ruleset": "classic", "wings": 2}, "wings"),
])
def test_bad_input_exits_2_and_names_the_field(payload, field):
    out = cli("attack", "-", stdin=json.dumps(payload))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert json.loads(out.stderr)["field"] == field


def test_negative_maximum_hp_is_refused():
    out = cli("damage", "-", stdin=json.dumps({"ruleset": "dnd5e", "hp": {"max": -5, "current": 1},
                                                "amount": 3}))
    assert out.returncode == 2 and json.loads(out.stderr)["field"] == "hp.max"


def test_a_stage_the_condition_lacks_is_refused():
    out = cli("effective", "-", stdin=json.dumps(
        {"ruleset": "dnd5e", "creature": {"conditions": [{"id": "exhaustion", "stage": 9}]}}))
    assert out.returncode == 2 and json.loads(out.stderr)["allowed"] == [1, 2, 3, 4, 5, 6]


def test_not_json_is_a_message_not_a_traceback():
    out = cli("attack", "-", stdin="{oops")
    assert out.returncode == 2 and json.loads(out.stderr)["field"] == "file"


def test_coverage_command_prints_a_summary():
    out = cli("coverage")
    assert out.returncode == 0 and "classic  auto" in out.stdout
