"""Fuzzing import, share links and saved data (issue 7, point 7).

Hypothesis sends arbitrary JSON and text, and mutations of valid encounters
and export files, through the import (``transfer.read_bundle``), share links
(``transfer.read_share``) and the browser store (``store.Store`` reading
whatever is in localStorage). The only outcomes allowed are a checked value
or ``InputError`` (for the store: a problem reported, data kept aside). What
is accepted must then work: it survives a save/load round trip and the
tracker's operations raise nothing but ``InputError``.
Case counts per target are reported in the README ("Data safety").
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path

from fuzz_strategies import JSON, mutated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_store import FakeStorage

from mischia import tracker
from mischia.encounter import Encounter
from mischia.errors import InputError
from mischia_ui import store, transfer

CASES = {"bundle": 300, "encounter": 300, "json": 100, "text": 100, "share": 100, "store": 100}
FIXTURES = Path(__file__).parent / "fixtures"
BUNDLE = json.loads((FIXTURES / "bundle-v1.json").read_text())
ENCOUNTER = json.loads((FIXTURES / "encounter-v1.json").read_text())


def fuzz(cases):
    return settings(max_examples=cases, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

OPERATIONS = (
    lambda e, rng: tracker.start_combat(e),
    lambda e, rng: tracker.roll_initiative(e, rng)[0],
    lambda e, rng: tracker.next_turn(e),
    lambda e, rng: tracker.next_turn(e),
    lambda e, rng: tracker.previous_turn(e),
    lambda e, rng: tracker.ready(e),
)
PER_COMBATANT = (
    lambda e, cid, rng: tracker.damage(e, cid, 4, rng)[0],
    lambda e, cid, rng: tracker.heal(e, cid, 2, rng)[0],
    lambda e, cid, rng: tracker.turn_rolls(e, cid, rng)[0],
    lambda e, cid, rng: tracker.duplicate(e, cid),
    lambda e, cid, rng: tracker.edit_combatant(e, cid, name="Renamed"),
    lambda e, cid, rng: tracker.remove(e, cid),
)


def _works(enc: Encounter) -> None:
    """An accepted encounter round-trips and the tracker can run it."""
    assert Encounter.from_json(enc.to_json()) == enc
    rng = random.Random(3)
    for op in OPERATIONS:
        try:
            enc = op(enc, rng)
        except InputError:
            pass
    for c in enc.combatants[:4]:
        for op in PER_COMBATANT:
            try:
                op(enc, c.id, rng)
            except InputError:
                pass


def imported(text) -> str:
    try:
        got = transfer.read_bundle(text)
    except InputError as exc:
        assert isinstance(exc.field, str) and exc.message
        return "refused"
    for enc in got.encounters:
        _works(enc)
    for entry in got.roster:
        assert transfer.roster_entry(entry) == entry
    return "imported"


def test_the_unmutated_documents_import():
    assert imported(json.dumps(BUNDLE)) == "imported"
    assert imported(json.dumps(ENCOUNTER)) == "imported"


@fuzz(CASES["bundle"])
@given(mutated(BUNDLE, 6))
def test_mutated_export_files_import_or_are_refused(doc):
    imported(json.dumps(doc))


@fuzz(CASES["encounter"])
@given(mutated(ENCOUNTER, 6))
def test_mutated_encounters_import_or_are_refused(doc):
    imported(json.dumps(doc))


@fuzz(CASES["json"])
@given(JSON)
def test_arbitrary_json_imports_or_is_refused(doc):
    imported(json.dumps(doc))


@fuzz(CASES["text"])
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_arbitrary_text_imports_or_is_refused(text):
    imported(text)


def _link(doc) -> str:
    raw = json.dumps(doc).encode()
    return "#share=" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@fuzz(CASES["share"])
@given(mutated(ENCOUNTER, 4).map(_link) | st.text(max_size=80).map(lambda t: "#share=" + t)
       | st.text(max_size=300))
def test_share_links_open_or_are_refused(fragment):
    try:
        enc = transfer.read_share(fragment)
    except InputError:
        return
    _works(enc)


KEYS = (store.INDEX, store.ROSTER, store.SETTINGS, store.LEGACY, store.ENC_PREFIX + "e1",
        store.ENC_PREFIX + "e2")


@fuzz(CASES["store"])
@given(st.dictionaries(st.sampled_from(KEYS), JSON.map(json.dumps) | st.text(max_size=40)
                       | mutated(ENCOUNTER, 3).map(json.dumps), max_size=4))
def test_the_store_starts_on_any_saved_data_and_loses_none_of_it(items):
    storage = FakeStorage(dict(items))
    s = store.Store(storage)
    s.roster(), s.settings()
    opened = [s.load(e["id"]) for e in s.encounters()]
    kept = {storage.items[k] for k in storage.items if k.startswith(store.UNREADABLE_PREFIX)}
    for key, raw in items.items():
        # every value is still where it was, read, or kept aside word for word
        assert storage.items.get(key) == raw or raw in kept or key == store.LEGACY
    for enc in opened:
        if enc is not None:
            _works(enc)
