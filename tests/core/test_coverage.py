"""The catalogue is covered: every [auto] seed rule is implemented and named
by a test, every rule ID the engine cites exists in the catalogue, and the
reference text shipped to the browser matches the catalogue."""

import json
import os
import re

from mischia import reference
from mischia.coverage import HERE, _read_tree, entries, missing_auto_tests, report

ID_IN_CODE = re.compile(r'["\']((?:classic|pf1|d20pl|dnd5e|ext)\.[a-z0-9][A-Za-z0-9.\-]*[A-Za-z0-9])["\']')
DETAIL_KEYS = {"pf1.ac", "pf1.ac.touch", "pf1.cmb", "pf1.cmd", "pf1.initiative"}  # sheet keys, not rules


def test_every_auto_seed_rule_is_implemented_and_tested():
    assert missing_auto_tests() == []


def test_every_assist_seed_rule_reaches_the_engine():
    missing = [e.id for e, impl, _ in report() if e.tag == "assist" and not e.is_ext and not impl]
    assert missing == []


def test_every_rule_id_the_engine_cites_is_in_the_catalogue():
    known = {e.id for e in entries()}
    cited = set(ID_IN_CODE.findall(_read_tree(HERE))) - DETAIL_KEYS
    assert sorted(cited - known) == []


def test_reference_text_matches_the_catalogue():
    with open(os.path.join(reference.DATA, "rules.en.json"), encoding="utf-8") as fh:
        shipped = json.load(fh)
    assert shipped == reference.build_english(entries()), \
        "run: cd py && python3 -m mischia.reference"
    assert reference.text("classic.cond.debilitated.attack") == "−1 to attack rolls."
    assert reference.entry("dnd5e.surprise.effect")["tag"] == "auto"


def test_narrative_rules_are_available_as_reference_text():
    narrative = [e for e in entries() if e.tag == "narrative"]
    assert narrative and all(reference.text(e.id) for e in narrative)
